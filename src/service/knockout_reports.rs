//! Knockout games reported from the players' phones, as [`super::report_links`] does for the
//! rounds' boards: each player of a match gets a secret report link (`/report/{token}`), printed
//! as a QR code on their half of the match's slip, which serves every game of the match. Its page
//! names the game due, the player's colour and opponent, and takes the result. Two matching reports
//! enter the game's result (the bracket moves on to the next game), a lone one waits for the
//! opponent, two that differ wait side by side for the arbiter, and nothing is overwritten: the
//! arbiter's entry always wins, and the reports of a game are read only while it is due. A link
//! stops taking reports once its match is decided.

use std::collections::HashMap;

use super::report_links::{LinkState, ReportPage, SlipSide, Subject, link_path};
use super::rounds::{MyBoard, Reported};
use super::{Event, Reason, ServiceError, ServiceResult};
use crate::knockout::{Bracket, Input, Match, MatchId, MatchKind, MatchState, Slot, TieRule};
use crate::rules::Color;
use crate::rules::adjudicate::GameResult;
use crate::store::knockout_reports::{GameReport, KnockoutLink};
use crate::store::{self, Db, users::User};

/// How pages name a match: its round's message key and size (see [`super::bracket::round_name`]),
/// or the 3rd-place match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchName {
    /// The match.
    pub match_id: u32,
    /// The round's message key (`ko_final` …).
    pub round: &'static str,
    /// The N of a "Round of N", empty otherwise.
    pub round_size: String,
    /// The 3rd-place match (named so, whatever its round).
    pub third_place: bool,
}

impl MatchName {
    fn of(bracket: &Bracket, m: &Match) -> MatchName {
        let (round, round_size) =
            super::bracket::round_name(bracket, bracket.round_of(m.id()).unwrap_or(0));
        MatchName {
            match_id: m.id().0,
            round,
            round_size,
            third_place: m.kind() == MatchKind::ThirdPlace,
        }
    }
}

/// A game of the match already played, as its player sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedGame {
    /// The game number in the match.
    pub number: u32,
    /// Whether it was the decider.
    pub decider: bool,
    /// The colour the player had.
    pub side: Color,
    /// The player's outcome: `report_i_won`, `report_drawn` or `report_i_lost`.
    pub outcome: &'static str,
}

/// A knockout match as its player's report link shows it.
#[derive(Debug, Clone)]
pub struct MatchReport {
    /// The match's name.
    pub name: MatchName,
    /// The games played so far.
    pub played: Vec<PlayedGame>,
    /// The game due now: its number and whether it is the decider.
    pub due: Option<(u32, bool)>,
    /// While the match goes on but no game can be reported: what it waits for
    /// (`ko_awaiting_lot`, `ko_awaiting_decider_colour`).
    pub waiting: Option<&'static str>,
    /// The match score, the player's first.
    pub score: [f64; 2],
    /// Once decided: whether the player advances.
    pub advances: Option<bool>,
}

/// The player's outcome key of a game with `result` played as `side`.
fn outcome(result: GameResult, side: Color) -> &'static str {
    match (result, side) {
        (GameResult::RedWins, Color::Red) | (GameResult::BlackWins, Color::Black) => "report_i_won",
        (GameResult::RedWins, Color::Black) | (GameResult::BlackWins, Color::Red) => {
            "report_i_lost"
        }
        _ => "report_drawn",
    }
}

/// The colour `slot` plays in game `number` of `m`, once it is known.
fn side_in(m: &Match, number: u32, slot: Slot) -> Option<Color> {
    m.red_in(number).map(|red| {
        if red == slot {
            Color::Red
        } else {
            Color::Black
        }
    })
}

/// The match the link names and the player's line in it; `NotFound` when either is gone.
fn match_of(bracket: &Bracket, link: KnockoutLink) -> ServiceResult<(&Match, Slot)> {
    let m = bracket
        .get(MatchId(link.match_id))
        .map_err(|_| ServiceError::NotFound)?;
    let slot = m.slot_of(link.start_no).ok_or(ServiceError::NotFound)?;
    Ok((m, slot))
}

/// The page of a knockout report link.
pub async fn open(db: &Db, link: KnockoutLink, event: Event) -> ServiceResult<ReportPage> {
    let (_, bracket) = super::bracket::seeded(db, &event).await?;
    let (m, slot) = match_of(&bracket, link)?;
    let me = link.start_no;
    let opponent = m.entrant(slot.other()).map(|e| e.start);
    let names = super::rounds::names(db, event.id).await?;
    let name = |s: u32| names.get(&s).map(|n| n.0.clone()).unwrap_or_default();
    let now = m.state();
    let due = match now {
        MatchState::GameDue(g) => Some(g),
        _ => None,
    };
    let board = due_board(db, event.id, m, slot).await?;
    let played = m
        .played()
        .iter()
        .filter_map(|g| {
            let side = side_in(m, g.number, slot)?;
            Some(PlayedGame {
                number: g.number,
                decider: g.deal_game == crate::deal::GameNumber::Decider,
                side,
                outcome: outcome(g.result?, side),
            })
        })
        .collect();
    let score = m.score();
    let score = match slot {
        Slot::Upper => score,
        Slot::Lower => [score[1], score[0]],
    };
    let (waiting, advances) = match now {
        MatchState::AwaitingLot => (Some("ko_awaiting_lot"), None),
        MatchState::AwaitingDeciderColour => (Some("ko_awaiting_decider_colour"), None),
        MatchState::Decided { winner, .. } => (None, Some(winner == slot)),
        MatchState::Waiting | MatchState::GameDue(_) => (None, None),
    };
    let state = if advances.is_some() || event.archived {
        LinkState::Final
    } else {
        LinkState::Open
    };
    Ok(ReportPage {
        subject: Subject::Knockout(MatchReport {
            name: MatchName::of(&bracket, m),
            played,
            due: due.map(|g| (g.number, g.deal_game == crate::deal::GameNumber::Decider)),
            waiting,
            score,
            advances,
        }),
        opponent_name: opponent.map(name),
        me: (me, name(me)),
        board,
        result: None,
        state,
        match_games: None,
        event,
    })
}

/// The game due in match `m` as the player of line `slot` sees it (its number as the board, their
/// colour, their report and the opponent's), once its colours are known.
async fn due_board(
    db: &Db,
    event_id: i64,
    m: &Match,
    slot: Slot,
) -> ServiceResult<Option<MyBoard>> {
    let MatchState::GameDue(g) = m.state() else {
        return Ok(None);
    };
    let Some(side) = side_in(m, g.number, slot) else {
        return Ok(None);
    };
    let reports = game_reports(db, event_id, m.id().0, g.number).await?;
    let report_of = |slot: Slot| m.entrant(slot).and_then(|e| reports.get(&e.start).cloned());
    Ok(Some(MyBoard {
        board: g.number,
        side,
        opponent: m.entrant(slot.other()).map(|e| e.start),
        may_report: true,
        mine: report_of(slot),
        theirs: report_of(slot.other()),
    }))
}

/// The game due in match `match_id` as `user`'s linked player sees it on the match page, when they
/// play in the match: the same board a report link's page shows them.
pub async fn my_game(
    db: &Db,
    event: &Event,
    user: Option<&User>,
    bracket: &Bracket,
    match_id: u32,
) -> ServiceResult<Option<MyBoard>> {
    let Some(user) = user else {
        return Ok(None);
    };
    let Some(start) = super::players::linked_start(db, event, user).await? else {
        return Ok(None);
    };
    let Ok(m) = bracket.get(MatchId(match_id)) else {
        return Ok(None);
    };
    match m.slot_of(start) {
        Some(slot) => due_board(db, event.id, m, slot).await,
        None => Ok(None),
    }
}

/// A linked account's report of a game of its own knockout match: the same flow as a report
/// link's ([`send`]), audited under the account. Forbidden for anyone not playing in the match.
pub async fn report(
    db: &Db,
    me: &User,
    event: &Event,
    (match_id, game): (u32, u32),
    typed: &str,
) -> ServiceResult<Reported> {
    let start = super::players::linked_start(db, event, me)
        .await?
        .ok_or(ServiceError::Forbidden)?;
    let (_, bracket) = super::bracket::seeded(db, event).await?;
    let m = bracket
        .get(MatchId(match_id))
        .map_err(|_| ServiceError::NotFound)?;
    if m.slot_of(start).is_none() {
        return Err(ServiceError::Forbidden);
    }
    let link = KnockoutLink {
        event_id: event.id,
        match_id,
        start_no: start,
    };
    send_by(db, Some(me), link, event, (match_id, game), typed).await
}

/// The reports of game `number` of a match, by reporter's start number.
async fn game_reports(
    db: &Db,
    event_id: i64,
    match_id: u32,
    number: u32,
) -> ServiceResult<HashMap<u32, String>> {
    Ok(store::knockout_reports::reports(db, event_id)
        .await?
        .into_iter()
        .filter(|r| r.match_id == match_id && r.game_no == number)
        .map(|r| (r.start_no, r.result))
        .collect())
}

/// A report sent through a knockout link: `(match_id, game)` is what the page showed. A form of
/// another match, or of a game that is not the one due (already entered, or whose colours are not
/// known yet), is refused, as is a report once the match is decided. The second of two matching
/// reports enters the game's result, unless the bracket changed meanwhile (then the report is
/// read again against it).
pub async fn send(
    db: &Db,
    link: KnockoutLink,
    event: &Event,
    at: (u32, u32),
    typed: &str,
) -> ServiceResult<Reported> {
    send_by(db, None, link, event, at, typed).await
}

/// [`send`] by whoever sent it: a linked account, or no one (a report link).
async fn send_by(
    db: &Db,
    by: Option<&User>,
    link: KnockoutLink,
    event: &Event,
    (match_id, game): (u32, u32),
    typed: &str,
) -> ServiceResult<Reported> {
    if match_id != link.match_id {
        return Err(ServiceError::Refused(
            Reason::new("report_link_other_match").arg("match", link.match_id),
        ));
    }
    super::policy::writable(event)?;
    let result = super::knockout::parse_result(typed)?;
    let mut stored_report = false;
    loop {
        let (stored, bracket) = super::bracket::seeded(db, event).await?;
        let (m, slot) = match_of(&bracket, link)?;
        let entered = m
            .played()
            .iter()
            .find(|g| g.number == game)
            .and_then(|g| g.result);
        let g = match (m.state(), entered) {
            // The opponent's confirmation (or the arbiter) entered it meanwhile.
            (_, Some(r)) if stored_report && r == result => return Ok(Reported::Confirmed),
            (_, Some(_)) => {
                return Err(ServiceError::Conflict(
                    Reason::new("report_link_game_entered").arg("game", game),
                ));
            }
            (MatchState::Decided { .. }, None) => {
                return Err(ServiceError::Conflict(
                    Reason::new("report_link_match_decided").arg("match", match_id),
                ));
            }
            (MatchState::GameDue(g), None) if g.number == game => g,
            _ => {
                return Err(ServiceError::Refused(
                    Reason::new("report_link_other_game").arg("game", game),
                ));
            }
        };
        let side = side_in(m, g.number, slot).ok_or_else(|| {
            ServiceError::Refused(Reason::new("report_link_other_game").arg("game", game))
        })?;
        super::deals::require_game_dealt(db, event, &bracket, MatchId(match_id), game).await?;
        let mine = GameReport {
            match_id,
            game_no: game,
            start_no: link.start_no,
            result: result.as_str().to_string(),
        };
        if !stored_report {
            store::knockout_reports::report(db, by, event.id, &mine, side).await?;
            stored_report = true;
        }
        let opponent = m.entrant(slot.other()).map(|e| e.start);
        let reports = game_reports(db, event.id, match_id, game).await?;
        let theirs = opponent.and_then(|o| reports.get(&o));
        match theirs {
            None => return Ok(Reported::AwaitingOpponent),
            Some(t) if *t != mine.result => return Ok(Reported::Conflict),
            Some(_) => {}
        }
        let input = Input::Game {
            match_id: MatchId(match_id),
            number: game,
            result,
        };
        match super::knockout::record_by(db, by, event, input, Some(stored.next_seq())).await {
            Ok(_) => return Ok(Reported::Confirmed),
            // Someone else changed the bracket since it was read: read it again.
            Err(ServiceError::Stale { .. }) => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The players' reports of the game due in match `m`, for a viewer who sees them
/// ([`super::policy::sees_knockout_reports`]): start number and report (from Red's view), empty
/// when no game is due.
pub async fn due_reports(
    db: &Db,
    (event, access): (&Event, super::policy::Access),
    bracket: &Bracket,
    match_id: u32,
) -> ServiceResult<Vec<(u32, String)>> {
    if !super::policy::sees_knockout_reports(access) {
        return Ok(Vec::new());
    }
    let Ok(m) = bracket.get(MatchId(match_id)) else {
        return Ok(Vec::new());
    };
    let MatchState::GameDue(g) = m.state() else {
        return Ok(Vec::new());
    };
    let mut reports: Vec<(u32, String)> = game_reports(db, event.id, match_id, g.number)
        .await?
        .into_iter()
        .filter(|(s, _)| m.slot_of(*s).is_some())
        .collect();
    reports.sort();
    Ok(reports)
}

/// One game line of a printed match slip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlipGame {
    /// The game number in the match.
    pub number: u32,
    /// Whether it is the decider (played only when the match is level).
    pub decider: bool,
    /// Red's start number, once the lot (or the decider choice) fixed it.
    pub red: Option<u32>,
}

/// A knockout match's printed slip: its name, the two players (the upper line first) each with
/// their report link, and a line per game.
#[derive(Debug, Clone)]
pub struct MatchSlip {
    /// The match's name.
    pub name: MatchName,
    /// The players' seeds, the upper line's first.
    pub seeds: [u32; 2],
    /// The players' halves, the upper line's first.
    pub players: [SlipSide; 2],
    /// The games it may take.
    pub games: Vec<SlipGame>,
}

/// The slips of every knockout match that is ready to play (both players known, not decided), in
/// match order, each player with their report link (made on the first printing). For the event's
/// arbiters: the caller checked that.
pub async fn slips(db: &Db, event: &Event) -> ServiceResult<Vec<MatchSlip>> {
    let (_, bracket) = super::bracket::seeded(db, event).await?;
    let ready: Vec<&Match> = bracket
        .rounds()
        .iter()
        .flatten()
        .filter(|m| {
            m.entrants().iter().all(Option::is_some)
                && !matches!(m.state(), MatchState::Decided { .. })
        })
        .collect();
    let players: Vec<(u32, u32)> = ready
        .iter()
        .flat_map(|m| {
            m.entrants()
                .into_iter()
                .flatten()
                .map(|e| (m.id().0, e.start))
        })
        .collect();
    let links =
        store::knockout_reports::ensure(db, event.id, &players, crate::accounts::random_token)
            .await?;
    let names = super::rounds::names(db, event.id).await?;
    let settings = bracket.settings();
    let count = settings.best_of.games() + u32::from(settings.tie_rule == TieRule::Decider);
    Ok(ready
        .into_iter()
        .filter_map(|m| {
            let [Some(upper), Some(lower)] = m.entrants() else {
                return None;
            };
            let side = |start: u32| SlipSide {
                start,
                name: names.get(&start).map(|n| n.0.clone()).unwrap_or_default(),
                link: links.get(&(m.id().0, start)).map(|t| link_path(t)),
            };
            let games = (1..=count)
                .map(|number| SlipGame {
                    number,
                    decider: m.deal_game(number) == crate::deal::GameNumber::Decider,
                    red: m.red_in(number).and_then(|s| m.entrant(s)).map(|e| e.start),
                })
                .collect();
            Some(MatchSlip {
                name: MatchName::of(&bracket, m),
                seeds: [upper.seed, lower.seed],
                players: [side(upper.start), side(lower.start)],
                games,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_told_from_its_players_side() {
        assert_eq!(outcome(GameResult::RedWins, Color::Red), "report_i_won");
        assert_eq!(outcome(GameResult::RedWins, Color::Black), "report_i_lost");
        assert_eq!(outcome(GameResult::BlackWins, Color::Black), "report_i_won");
        assert_eq!(outcome(GameResult::BlackWins, Color::Red), "report_i_lost");
        assert_eq!(outcome(GameResult::Draw, Color::Black), "report_drawn");
    }
}
