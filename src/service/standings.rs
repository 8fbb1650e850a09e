//! The standings as the page, its CSV download and the JSON API show them: after the completed
//! rounds, or as they stood after an earlier round (`?after=N`), with the same tie-breaks computed
//! on the first N rounds only.

use std::borrow::Cow;

use super::event_state::EventStates;
use super::{Event, ServiceError, ServiceResult};
use crate::i18n::Reason;
use crate::store::Db;
use crate::swiss::standings::{Foul, Standing, TieBreakInputs, TieBreakValue, standings_with};
use crate::swiss::tournament::Points;

/// One line of the standings.
#[derive(Debug, Clone)]
pub struct StandingLine {
    /// The place (shared on a full tie).
    pub rank: u32,
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Score after the rounds counted.
    pub score: Points,
    /// Tie-break values in the event's order.
    pub tie_breaks: Vec<TieBreakValue>,
    /// The first round the player no longer plays in, after withdrawing.
    pub withdrawn_from: Option<u32>,
    /// A group stage's group letter (`None` without groups).
    pub group: Option<String>,
}

/// The standings after some rounds.
#[derive(Debug, Clone)]
pub struct StandingsView {
    /// The rounds counted: the completed rounds, or the round asked for (0 before any result).
    pub after: u32,
    /// The rounds completed so far (the earlier standings the page offers are 1 … this).
    pub completed: u32,
    /// The lines, best first.
    pub lines: Vec<StandingLine>,
}

/// Reads the `after` parameter of a standings request: absent or empty means "after the completed
/// rounds"; otherwise a round from 1 to `completed` in plain digits (so that one round has one
/// spelling but for leading zeros, as the page cache keys it), refused naming the field and the
/// range.
pub fn parse_after(text: Option<&str>, completed: u32) -> ServiceResult<Option<u32>> {
    let Some(text) = text.filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let digits = text.bytes().all(|b| b.is_ascii_digit());
    match text.parse::<u32>() {
        Ok(n) if digits && (1..=completed).contains(&n) => Ok(Some(n)),
        _ => Err(ServiceError::Invalid {
            field: "after",
            reason: Reason::new("st_after_invalid")
                .arg("value", text)
                .arg("completed", completed),
        }),
    }
}

/// The standings of `event` after round `after` (its `after` query parameter, unparsed), or after
/// the completed rounds: the kept state's standings, or computed on the first rounds with the
/// event's tie-breaks.
pub async fn view(
    states: &EventStates,
    db: &Db,
    event: &Event,
    after: Option<&str>,
) -> ServiceResult<StandingsView> {
    let state = states.get(db, event).await?;
    let completed = state.tournament.rounds_played;
    let after = parse_after(after, completed)?;
    let list: Cow<'_, [Standing]> = match after {
        Some(n) if n < completed => Cow::Owned(standings_with(
            &state.tournament,
            n,
            &event.settings.tie_breaks,
            &state.tie_break_inputs,
        )),
        _ => Cow::Borrowed(&state.standings),
    };
    let groups = event.settings.stage.groups > 1;
    let mut lines: Vec<StandingLine> = list
        .iter()
        .map(|s| {
            let info = state.players.get(&s.player);
            let (name, club) = info
                .map(|p| (p.name.clone(), p.club.clone()))
                .unwrap_or_default();
            let group = info
                .and_then(|p| p.group)
                .filter(|_| groups)
                .map(super::sections::group_letter);
            StandingLine {
                rank: s.rank,
                start: s.player,
                name,
                club,
                score: s.score,
                tie_breaks: s.tie_breaks.clone(),
                withdrawn_from: state
                    .tournament
                    .player(s.player)
                    .and_then(|p| p.withdrawn_from)
                    .filter(|&r| after.is_none_or(|n| r <= n)),
                group,
            }
        })
        .collect();
    if groups {
        by_groups(&mut lines);
    }
    Ok(StandingsView {
        after: after.unwrap_or(completed),
        completed,
        lines,
    })
}

/// What the event's tie-breaks need beyond the games: the fouls the arbiter recorded (`FOUL`)
/// and the seed of the final lot once drawn (`LOT`).
pub async fn tie_break_inputs(db: &Db, event: &Event) -> ServiceResult<TieBreakInputs> {
    let fouls = crate::store::players::fouls(db, event.id)
        .await?
        .into_iter()
        .map(|f| Foul {
            player: f.start,
            round: f.round,
            count: f.count,
        })
        .collect();
    Ok(TieBreakInputs {
        fouls,
        lot_seed: lot_seed(event)?,
    })
}

/// The seed of the event's final lot, once drawn.
fn lot_seed(event: &Event) -> ServiceResult<Option<crate::deal::Seed>> {
    event
        .lot_seed
        .as_deref()
        .map(|hex| {
            crate::deal::Seed::from_hex(hex)
                .map_err(|_| ServiceError::Internal(format!("event {}: bad lot seed", event.id)))
        })
        .transpose()
}

/// The final lot as the standings page shows it: the seed and the order it gives the field.
#[derive(Debug, Clone)]
pub struct LotView {
    /// The seed (64 hex digits).
    pub seed: String,
    /// The start numbers in the lot's order, first first.
    pub order: Vec<u32>,
}

/// The section's final lot, once drawn.
pub async fn lot(db: &Db, event: &Event) -> ServiceResult<Option<LotView>> {
    match lot_seed(event)? {
        Some(seed) => Ok(Some(lot_view(db, event, &seed).await?)),
        None => Ok(None),
    }
}

async fn lot_view(db: &Db, event: &Event, seed: &crate::deal::Seed) -> ServiceResult<LotView> {
    let numbers: Vec<u32> = crate::store::players::list(db, event.id)
        .await?
        .iter()
        .filter_map(|p| u32::try_from(p.start_no).ok())
        .collect();
    Ok(LotView {
        seed: seed.to_hex(),
        order: crate::swiss::standings::lot_order(&numbers, seed),
    })
}

/// Draws the section's final lot (抽籤) for the `LOT` tie-break: a seed from the system's random
/// source, recorded once and shown with the order it gives; a second draw is refused.
pub async fn draw_lot(
    db: &Db,
    by: &crate::store::users::User,
    event: &Event,
) -> ServiceResult<LotView> {
    super::policy::writable(event)?;
    let seed = crate::deal::Seed::generate()
        .map_err(|e| ServiceError::Internal(format!("lot seed: {e}")))?;
    if !crate::store::events::record_lot(db, by, event.id, &seed.to_hex()).await? {
        return Err(ServiceError::Conflict(Reason::new("svc_lot_drawn")));
    }
    lot_view(db, event, &seed).await
}

/// One line of the team table (團體成績).
#[derive(Debug, Clone)]
pub struct TeamLine {
    /// The place (shared on a full tie).
    pub rank: u32,
    /// The team (club, or the team column).
    pub team: String,
    /// The sum of its counted players' scores.
    pub points: Points,
    /// The sum of their first additive tie-break, when the section has one.
    pub tie_break: Option<TieBreakValue>,
    /// The counted players, best first: start number and name.
    pub players: Vec<(u32, String)>,
}

/// The team table after some rounds.
#[derive(Debug, Clone)]
pub struct TeamsView {
    /// The rounds counted, as in [`StandingsView`].
    pub after: u32,
    /// The rounds completed so far.
    pub completed: u32,
    /// How many best players each team counts.
    pub counted: u32,
    /// The tie-break summed for the teams, when the section has one.
    pub tie_break: Option<crate::swiss::standings::TieBreak>,
    /// The teams, best first.
    pub lines: Vec<TeamLine>,
}

/// The team table of `event` after round `after` (unparsed, as [`view`] takes it): each team
/// (the team column, else the club) scores the sum of its best `team_counted` players, ranked by
/// that total, then the section's first additive tie-break summed the same way, then the best
/// individual place (`swiss::teams`).
pub async fn teams(
    states: &EventStates,
    db: &Db,
    event: &Event,
    after: Option<&str>,
) -> ServiceResult<TeamsView> {
    let individual = view(states, db, event, after).await?;
    let state = states.get(db, event).await?;
    let mut list: Vec<Standing> = individual
        .lines
        .iter()
        .map(|l| Standing {
            rank: l.rank,
            player: l.start,
            score: l.score,
            tie_breaks: l.tie_breaks.clone(),
        })
        .collect();
    // Best first, as the ranking takes them (a group stage's lines are grouped, ranked within).
    list.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    let teams: Vec<(u32, String)> = state
        .players
        .iter()
        .map(|(&start, p)| (start, p.team.clone()))
        .collect();
    let tie_breaks = &event.settings.tie_breaks;
    let counted = event.settings.stage.team_counted;
    let ranked = crate::swiss::teams::team_ranking(&list, tie_breaks, &teams, counted as usize)
        .map_err(|e| ServiceError::Conflict(e.reason()))?;
    let name = |start: u32| {
        state
            .players
            .get(&start)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    Ok(TeamsView {
        after: individual.after,
        completed: individual.completed,
        counted,
        tie_break: crate::swiss::teams::team_tie_break(tie_breaks).map(|(_, t)| t),
        lines: ranked
            .into_iter()
            .map(|t| TeamLine {
                rank: t.rank,
                points: t.points,
                tie_break: t.tie_break,
                players: t.players.iter().map(|&p| (p, name(p))).collect(),
                team: t.team,
            })
            .collect(),
    })
}

/// A group stage's standings: group A's lines first, then B's …, each ranked within its group
/// (the section's order kept; a full tie shares its place).
fn by_groups(lines: &mut [StandingLine]) {
    lines.sort_by(|a, b| a.group.cmp(&b.group));
    let mut start = 0;
    while start < lines.len() {
        let group = lines[start].group.clone();
        let end = start
            + lines[start..]
                .iter()
                .take_while(|l| l.group == group)
                .count();
        let (mut place, mut last) = (0, None);
        for (k, line) in lines[start..end].iter_mut().enumerate() {
            if last != Some(line.rank) {
                place = k as u32 + 1;
            }
            last = Some(line.rank);
            line.rank = place;
        }
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_is_a_completed_round_or_nothing() {
        assert_eq!(parse_after(None, 3).unwrap(), None);
        assert_eq!(parse_after(Some(""), 3).unwrap(), None);
        assert_eq!(parse_after(Some("1"), 3).unwrap(), Some(1));
        assert_eq!(parse_after(Some("02"), 3).unwrap(), Some(2));
        assert_eq!(parse_after(Some("3"), 3).unwrap(), Some(3));
        for bad in ["0", "4", "-1", "+1", " 1", "x", "2.5", "99999999999"] {
            let Err(ServiceError::Invalid { field, reason }) = parse_after(Some(bad), 3) else {
                panic!("{bad} taken");
            };
            assert_eq!(field, "after");
            assert_eq!(reason.key, "st_after_invalid");
        }
    }
}
