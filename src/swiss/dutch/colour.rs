//! Colour allocation (C.04.3 E.1–E.5) and the colour criteria of a pair (C10–C13).

use super::players::{Candidate, Strength};
use crate::rules::Color;

/// The colour the `higher`-ranked player of a pair gets (the lower-ranked one gets the other).
///
/// `higher` ranks above `lower` (A.2: score, then pairing number). `first_colour` is the colour drawn
/// for player 1 in round 1 (the "initial colour").
pub fn allocate(higher: &Candidate, lower: &Candidate, first_colour: Color) -> Color {
    // E.1: grant both preferences when they differ (a player without a preference accepts anything).
    match (higher.preference, lower.preference) {
        (Some(h), Some(l)) if h != l => return h,
        (Some(h), None) => return h,
        (None, Some(l)) => return l.opponent(),
        _ => {}
    }
    // E.2: grant the stronger preference; between two absolute ones, the wider colour difference.
    if let (Some(h), Some(_)) = (higher.preference, lower.preference) {
        if higher.strength != lower.strength {
            return if higher.strength > lower.strength {
                h
            } else {
                h.opponent()
            };
        }
        if higher.strength == Strength::Absolute {
            let (dh, dl) = (
                higher.colour_difference.abs(),
                lower.colour_difference.abs(),
            );
            if dh != dl {
                return if dh > dl { h } else { h.opponent() };
            }
        }
    }
    // E.3: alternate from the most recent game in which they had different colours, counting played
    // games back from the latest of each player.
    for (h, l) in higher.colours.iter().rev().zip(lower.colours.iter().rev()) {
        if h != l {
            return h.opponent();
        }
    }
    // E.4: grant the higher-ranked player's preference.
    if let Some(h) = higher.preference {
        return h;
    }
    // E.5: the initial colour to an odd pairing number, the other colour to an even one.
    if higher.number % 2 == 1 {
        first_colour
    } else {
        first_colour.opponent()
    }
}

/// Violations of the colour criteria by one pair, as counts of players.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ColourCost {
    /// C10: topscorers or their opponents reaching a colour difference beyond ±2.
    pub topscorer_difference: i64,
    /// C11: topscorers or their opponents getting the same colour three times in a row.
    pub topscorer_repeat: i64,
    /// C12: players not getting their colour preference.
    pub preference: i64,
    /// C13: players not getting their strong colour preference.
    pub strong: i64,
}

/// The colour criteria costs of pairing `higher` with `lower`, colours allocated by the rules.
pub fn cost(higher: &Candidate, lower: &Candidate, first_colour: Color) -> ColourCost {
    let higher_colour = allocate(higher, lower, first_colour);
    let mut cost = ColourCost::default();
    let topscorer_pair = higher.topscorer || lower.topscorer;
    for (player, colour) in [(higher, higher_colour), (lower, higher_colour.opponent())] {
        if let Some(wanted) = player.preference
            && wanted != colour
        {
            cost.preference += 1;
            if player.strength == Strength::Strong {
                cost.strong += 1;
            }
        }
        if topscorer_pair {
            let step = if colour == Color::Red { 1 } else { -1 };
            if (player.colour_difference + step).abs() > 2 {
                cost.topscorer_difference += 1;
            }
            if player.last_two_same() == Some(colour) {
                cost.topscorer_repeat += 1;
            }
        }
    }
    cost
}
