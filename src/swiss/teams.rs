//! The team ranking (團體成績): each team scores the sum of its best N players' individual scores
//! (「每隊前三名積分之和」, N = 3 by default).
//!
//! Teams are ranked by that total; then by the section's tie-break on team totals: the first
//! tie-break of the section's list that adds up per player ([`TieBreak::is_additive`]: not `DE`,
//! `DEB`, `PRV`, `PS-CUT`, `LOT` or `PN`), summed over the same counted players and compared as the
//! individual standings compare it; then by the best individual rank among the counted players.
//! Teams equal on all three share a rank. A team with fewer than N players counts those it has.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::standings::{Standing, TieBreak, TieBreakValue};
use super::tournament::{PlayerNumber, Points};

/// The players counted per team by default.
pub const DEFAULT_COUNTED: usize = 3;

/// The most players counted per team.
pub const MAX_COUNTED: usize = 50;

/// One line of the team ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStanding {
    /// The place; teams equal on points, tie-break and best rank share it.
    pub rank: u32,
    /// The team's name, as given.
    pub team: String,
    /// The counted players' scores added up.
    pub points: Points,
    /// The counted players' values of the tie-break used, added up (`None` when the section has no
    /// additive tie-break).
    pub tie_break: Option<TieBreakValue>,
    /// The best individual rank among the counted players.
    pub best_rank: u32,
    /// The counted players, best first.
    pub players: Vec<PlayerNumber>,
}

/// Why no team ranking can be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// The number of players counted is outside 1 … [`MAX_COUNTED`].
    #[error("a team counts 1 to {MAX_COUNTED} players, not {0}")]
    Counted(usize),
}

impl TeamError {
    /// The error as a message for the reader's language (area `tiebreaks`).
    pub fn reason(&self) -> crate::i18n::Reason {
        match *self {
            TeamError::Counted(n) => crate::i18n::Reason::new("team_counted_range")
                .arg("counted", n)
                .arg("most", MAX_COUNTED),
        }
    }
}

/// The tie-break a team ranking uses with these section tie-breaks, if any.
pub fn team_tie_break(tie_breaks: &[TieBreak]) -> Option<(usize, TieBreak)> {
    tie_breaks
        .iter()
        .copied()
        .enumerate()
        .find(|(_, t)| t.is_additive())
}

/// Ranks the teams. `standings` are the section's individual standings (after any round) computed
/// with `tie_breaks`; `teams` gives each player's team (club or team column; players without a
/// team are left out, as are players missing from the standings); `counted` is N.
pub fn team_ranking(
    standings: &[Standing],
    tie_breaks: &[TieBreak],
    teams: &[(PlayerNumber, String)],
    counted: usize,
) -> Result<Vec<TeamStanding>, TeamError> {
    if !(1..=MAX_COUNTED).contains(&counted) {
        return Err(TeamError::Counted(counted));
    }
    let column = team_tie_break(tie_breaks);
    // The standings are in rank order: a team's best players come first.
    let position: BTreeMap<PlayerNumber, usize> = standings
        .iter()
        .enumerate()
        .map(|(i, s)| (s.player, i))
        .collect();
    let mut members: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (player, team) in teams {
        let team = team.trim();
        if team.is_empty() {
            continue;
        }
        if let Some(&i) = position.get(player) {
            members.entry(team).or_default().push(i);
        }
    }
    let mut lines: Vec<TeamStanding> = members
        .into_iter()
        .map(|(team, mut rows)| {
            rows.sort_unstable();
            rows.dedup();
            rows.truncate(counted);
            let best = &standings[rows[0]];
            TeamStanding {
                rank: 0,
                team: team.to_string(),
                points: rows.iter().map(|&i| standings[i].score).sum(),
                tie_break: column.map(|(k, _)| {
                    rows.iter()
                        .filter_map(|&i| standings[i].tie_breaks.get(k).copied())
                        .sum()
                }),
                best_rank: best.rank,
                players: rows.iter().map(|&i| standings[i].player).collect(),
            }
        })
        .collect();
    let lower_first = column.is_some_and(|(_, t)| t.lower_is_better());
    let compare = |a: &TeamStanding, b: &TeamStanding| -> Ordering {
        let by_tie_break = if lower_first {
            a.tie_break.cmp(&b.tie_break)
        } else {
            b.tie_break.cmp(&a.tie_break)
        };
        b.points
            .cmp(&a.points)
            .then(by_tie_break)
            .then(a.best_rank.cmp(&b.best_rank))
    };
    lines.sort_by(|a, b| compare(a, b).then_with(|| a.team.cmp(&b.team)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && compare(&lines[i - 1], &lines[i]) == Ordering::Equal {
            lines[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    Ok(lines)
}

#[cfg(test)]
mod tests;
