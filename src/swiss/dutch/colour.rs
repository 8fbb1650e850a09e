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
    // E.5: the initial colour to an odd pairing number, the other colour to an even one. The
    // pairing numbers count only the players taken into account for the round (RULES.md §10):
    // with player 5 absent from round 1, player 6 pairs as an odd number.
    if higher.tpn % 2 == 1 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn player(number: u32, colours: &[Color]) -> Candidate {
        let difference = colours
            .iter()
            .map(|&c| if c == Color::Red { 1 } else { -1 })
            .sum::<i32>();
        let (preference, strength) = match colours.last() {
            None => (None, Strength::None),
            Some(_) if difference < -1 => (Some(Color::Red), Strength::Absolute),
            Some(_) if difference > 1 => (Some(Color::Black), Strength::Absolute),
            Some(&last) if colours.len() >= 2 && colours[colours.len() - 2] == last => {
                (Some(last.opponent()), Strength::Absolute)
            }
            Some(_) if difference == -1 => (Some(Color::Red), Strength::Strong),
            Some(_) if difference == 1 => (Some(Color::Black), Strength::Strong),
            Some(&last) => (Some(last.opponent()), Strength::Mild),
        };
        Candidate {
            number,
            tpn: number,
            score: crate::swiss::Points::ZERO,
            colours: colours.to_vec(),
            colour_difference: difference,
            preference,
            strength,
            floats: [super::super::players::Float::None; 2],
            bye_eligible: true,
            unplayed: 0,
            topscorer: false,
            avoid: HashSet::new(),
        }
    }

    use Color::{Black as B, Red as R};

    #[test]
    fn e1_both_preferences_granted() {
        assert_eq!(allocate(&player(1, &[R]), &player(2, &[B]), R), B);
    }

    #[test]
    fn e2_the_stronger_preference_wins() {
        // 1 had Red then Black (mild, wants Red); 2 had Black (strong, wants Red): 2 gets Red.
        let mild = player(1, &[R, B]);
        let strong = player(2, &[B]);
        assert_eq!(allocate(&mild, &strong, R), B);
        // Between absolute preferences the wider colour difference wins.
        let wide = player(3, &[B, B, R, B, B]);
        let narrow = player(4, &[R, B, B]);
        assert_eq!(allocate(&narrow, &wide, R), B);
    }

    #[test]
    fn e3_alternates_from_the_last_different_colours() {
        // Both absolute Black with colour difference +2; the latest games were equal, the one
        // before differed.
        let a = player(1, &[R, R, B, R]);
        let b = player(2, &[R, B, R, R]);
        // Compare backwards: R/R, B/R differ: a had Black there, so a gets Red now.
        assert_eq!(allocate(&a, &b, B), R);
    }

    #[test]
    fn e4_and_e5_favour_the_higher_ranked_player() {
        let a = player(3, &[R]);
        let b = player(4, &[R]);
        assert_eq!(
            allocate(&a, &b, R),
            B,
            "E.3: identical histories; E.4: 3 gets Black"
        );
        let fresh_odd = player(5, &[]);
        let fresh = player(6, &[]);
        assert_eq!(
            allocate(&fresh_odd, &fresh, R),
            R,
            "E.5: odd number gets the initial colour"
        );
        assert_eq!(
            allocate(&player(6, &[]), &player(7, &[]), R),
            B,
            "E.5: even number the other"
        );
    }

    #[test]
    fn colour_costs_count_denied_preferences() {
        let a = player(1, &[R]);
        let b = player(2, &[R]);
        let cost = cost(&a, &b, R);
        assert_eq!((cost.preference, cost.strong), (1, 1));
        assert_eq!(cost.topscorer_difference + cost.topscorer_repeat, 0);
    }
}
