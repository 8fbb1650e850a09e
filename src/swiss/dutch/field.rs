//! What every bracket of a round shares: the players in rank order with their compatibility table
//! ([`Field`]), what one bracket is to pair ([`Spec`]) and what pairing it gave ([`Outcome`]).
//!
//! Kept apart from the bracket solver so that the perfect-candidate shortcut (`perfect`) and the
//! weighted matching (`bracket`) both build on it without depending on each other.

use super::players::{Candidate, Strength};
use crate::rules::Color;

/// The players of a round in rank order (A.2) and what every bracket needs.
pub struct Field<'a> {
    /// Candidates in rank order: score descending, then pairing number.
    pub players: &'a [Candidate],
    /// `compatible[i][j]`: i and j may meet under C1, C3 and forbidden pairs.
    pub compatible: Vec<Vec<bool>>,
    /// The initial colour (player 1's colour in round 1).
    pub first_colour: Color,
    /// Points for a win in tenths: the "one point" of the PSD's artificial value (A.8).
    pub point: i64,
    /// `bye_eligible[i]`: i may receive the pairing-allocated bye (C2, then narrowed to the lowest
    /// possible score by C5).
    pub bye_eligible: Vec<bool>,
}

impl<'a> Field<'a> {
    /// Prepares the compatibility table.
    pub fn new(players: &'a [Candidate], first_colour: Color, point: i64) -> Field<'a> {
        let n = players.len();
        let mut compatible = vec![vec![false; n]; n];
        for i in 0..n {
            for j in i + 1..n {
                let ok = absolute_criteria_allow(&players[i], &players[j]);
                compatible[i][j] = ok;
                compatible[j][i] = ok;
            }
        }
        Field {
            players,
            compatible,
            first_colour,
            point,
            bye_eligible: players.iter().map(|p| p.bye_eligible).collect(),
        }
    }

    /// The score of the player at rank index `i`, in tenths.
    pub fn score(&self, i: usize) -> i64 {
        self.players[i].score.tenths() as i64
    }
}

/// C1 (no rematch, no forbidden pair) and C3 (no two non-topscorers with the same absolute colour).
pub fn absolute_criteria_allow(a: &Candidate, b: &Candidate) -> bool {
    if a.avoid.contains(&b.number) || b.avoid.contains(&a.number) {
        return false;
    }
    let both_absolute = a.strength == Strength::Absolute
        && b.strength == Strength::Absolute
        && a.preference == b.preference;
    !(both_absolute && !a.topscorer && !b.topscorer)
}

/// What to pair.
pub struct Spec {
    /// Moved-down players, in rank order.
    pub mdps: Vec<usize>,
    /// Resident players, in rank order.
    pub residents: Vec<usize>,
    /// The following score group, for the look-ahead (C7–C8); empty for the last bracket.
    pub next: Vec<usize>,
    /// All lower players (the next score group first), in rank order.
    pub lower: Vec<usize>,
    /// Whether the completion criterion (C4) is enforced in the matching itself: everyone (bracket
    /// and `lower`) paired, but for one bye candidate.
    pub completion: bool,
    /// Whether this is the last bracket (no lower players).
    pub last: bool,
    /// Whether this bracket's single unpaired player is the bye assignee (the bracket holds bye
    /// candidates, of the score C5 chose, and can pair everyone else; or it is the last bracket
    /// of an odd round whose bye is still open): C9 applies. Needs `completion`.
    pub decides_bye: bool,
}

/// The outcome of pairing a bracket.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Pairs `(higher, lower)` in rank indices.
    pub pairs: Vec<(usize, usize)>,
    /// Players moved down to the next bracket.
    pub downfloaters: Vec<usize>,
    /// The PAB assignee (only from the bracket that decides the bye).
    pub bye: Option<usize>,
}
