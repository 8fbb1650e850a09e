//! Rating a run of games on top of players' running states, and taking games back: what a store needs to
//! keep a list's computed state up to date without replaying it from the first game (RULES.md §7).
//!
//! A list's state after its games is the state before date D plus the games dated D or later, rated in
//! date order (arrival order within a date). So appending a batch whose first day is D takes back the
//! stored games dated D or later (each stores its change), then rates them and the batch merged in that
//! order; removing a batch does the same without the batch's games. [`RatingList`](super::RatingList)
//! does exactly this in memory, and the store's tests check that both give the same numbers.

use super::formula::{Outcome, red_change};
use super::points::Points;

/// A player's running state: points and rated games so far (a starting entry's games included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Running {
    /// Current points.
    pub points: Points,
    /// Rated games so far.
    pub games: u32,
}

/// A game to rate, its players given as indices into the states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// Red's index.
    pub red: usize,
    /// Black's index.
    pub black: usize,
    /// The decided result.
    pub outcome: Outcome,
}

/// What rating one game did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rated {
    /// What Red gained (negative: lost); Black's change is the negation.
    pub red_change: Points,
    /// Red's points after the game.
    pub red_after: Points,
    /// Black's points after the game.
    pub black_after: Points,
}

/// Rates one game on the current states and applies it (both indices valid and distinct).
pub fn rate(states: &mut [Running], game: Pairing) -> Rated {
    let change = red_change(
        states[game.red].points,
        states[game.black].points,
        game.outcome,
    );
    let red = &mut states[game.red];
    red.points += change;
    red.games += 1;
    let red_after = red.points;
    let black = &mut states[game.black];
    black.points -= change;
    black.games += 1;
    Rated {
        red_change: change,
        red_after,
        black_after: black.points,
    }
}

/// Takes back a game rated with `red_change` (the latest not yet taken back of both players).
pub fn take_back(states: &mut [Running], red: usize, black: usize, red_change: Points) {
    let r = &mut states[red];
    r.points -= red_change;
    r.games = r.games.saturating_sub(1);
    let b = &mut states[black];
    b.points += red_change;
    b.games = b.games.saturating_sub(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::{Game, RatingList, RatingSettings};
    use chrono::NaiveDate;

    #[test]
    fn rating_then_taking_back_restores_the_states_and_matches_the_list() {
        let day = NaiveDate::from_ymd_opt(2026, 1, 1).expect("date");
        let mut list = RatingList::new(RatingSettings::default());
        let a = list.enter("a").expect("a");
        let b = list.add_player("b", Points::whole(1620), 12).expect("b");
        let start = [
            Running {
                points: Points::whole(1500),
                games: 0,
            },
            Running {
                points: Points::whole(1620),
                games: 12,
            },
        ];
        let mut states = start;
        let games = [
            (Outcome::BlackWins, 0, 1),
            (Outcome::Draw, 1, 0),
            (Outcome::RedWins, 0, 1),
        ];
        let mut rated = Vec::new();
        for (outcome, red, black) in games {
            let r = rate(
                &mut states,
                Pairing {
                    red,
                    black,
                    outcome,
                },
            );
            let ids = [a, b];
            let change = list
                .apply(Game {
                    date: day,
                    red: ids[red],
                    black: ids[black],
                    outcome,
                })
                .expect("game");
            assert_eq!(r.red_change, change.red.change);
            assert_eq!(r.red_after, change.red.points_after);
            assert_eq!(r.black_after, change.black.points_after);
            rated.push((red, black, r.red_change));
        }
        assert_eq!(states[0].points, list.points(a).expect("a"));
        assert_eq!(states[1].games, 15);
        for &(red, black, change) in rated.iter().rev() {
            take_back(&mut states, red, black, change);
        }
        assert_eq!(states, start);
    }
}
