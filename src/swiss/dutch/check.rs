//! The pairings checker (C.04.A's free pairings checker): every round of a tournament is paired
//! again from the rounds before it and compared with the pairing that was played.
//!
//! The players of a round are those the round paired: everyone with an opponent (a game or a
//! forfeit) or the pairing-allocated bye; everyone else (requested byes, absences, blanks) was
//! left out of that round's pairing, as pairing engines read a TRF.

use std::cmp::Reverse;
use std::collections::BTreeSet;

use super::pair_next_round;
use crate::rules::Color;
use crate::swiss::tournament::{
    ByeKind, ByeRequest, PlayerNumber, ResultCode, RoundEntry, Tournament,
};
use crate::swiss::{Pairing, PairingError};

/// The verdict on one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCheck {
    /// The round (1-based).
    pub round: u32,
    /// The pairing the tournament played, boards ordered as the engine orders them.
    pub played: Pairing,
    /// Boards of `played` whose colours were not recorded (a forfeit written with `-`), listed
    /// as `(higher-ranked, lower-ranked)`: either colours match them.
    pub colours_unknown: Vec<(PlayerNumber, PlayerNumber)>,
    /// The engine's pairing of the round from the rounds before it, or why there is none.
    pub engine: Result<Pairing, PairingError>,
}

impl RoundCheck {
    /// Whether the engine paired the round as it was played: the same pairs with the same
    /// colours (board order is not recorded in a tournament) and the same pairing-allocated bye.
    pub fn same(&self) -> bool {
        let Ok(engine) = &self.engine else {
            return false;
        };
        if engine.bye != self.played.bye || engine.boards.len() != self.played.boards.len() {
            return false;
        }
        let engine_boards: BTreeSet<(PlayerNumber, PlayerNumber)> =
            engine.boards.iter().copied().collect();
        self.played.boards.iter().all(|&(a, b)| {
            engine_boards.contains(&(a, b))
                || (self.colours_unknown.contains(&(a, b)) && engine_boards.contains(&(b, a)))
        })
    }
}

/// Checks every played round of `t` (rounds `1..=t.rounds_played`).
pub fn check_rounds(t: &Tournament) -> Vec<RoundCheck> {
    (1..=t.rounds_played)
        .map(|round| {
            let before = before_round(t, round);
            let (played, colours_unknown) = played_pairing(t, round);
            RoundCheck {
                round,
                played,
                colours_unknown,
                engine: pair_next_round(&before),
            }
        })
        .collect()
}

/// The tournament as it stood before `round` was paired, with everyone the round did not pair
/// left out of it.
fn before_round(t: &Tournament, round: u32) -> Tournament {
    let mut before = t.clone();
    before.rounds_played = round - 1;
    before.bye_requests.clear();
    for player in &mut before.players {
        let entry = player
            .entry(round)
            .copied()
            .unwrap_or(RoundEntry::NOT_PAIRED);
        player.rounds.truncate(round as usize - 1);
        if !takes_part(&entry) {
            let kind = match entry.result {
                ResultCode::HalfBye => ByeKind::Half,
                ResultCode::FullBye => ByeKind::Full,
                _ => ByeKind::Zero,
            };
            before.bye_requests.push(ByeRequest {
                player: player.number,
                round,
                kind,
            });
        }
    }
    before
}

/// Whether the round paired the player: an opponent (game or forfeit) or the PAB.
fn takes_part(entry: &RoundEntry) -> bool {
    entry.opponent.is_some() || entry.result == ResultCode::PairingBye
}

/// The pairing round `round` played, in the engine's board order (higher score in the pair, then
/// the sum of scores, then the higher-ranked player), and its boards without recorded colours.
fn played_pairing(t: &Tournament, round: u32) -> (Pairing, Vec<(PlayerNumber, PlayerNumber)>) {
    let score = |n: PlayerNumber| t.score_after(n, round - 1);
    let ranks = t.rank_indices();
    let rank = |n: PlayerNumber| {
        (n as usize)
            .checked_sub(1)
            .and_then(|i| ranks.get(i))
            .copied()
            .unwrap_or(u32::MAX)
    };
    // A.2: the higher-ranked of two players has the higher score, then comes first in the pairing
    // order (C.04.2's initial order).
    let higher_first = |a: PlayerNumber, b: PlayerNumber| {
        if (Reverse(score(a)), rank(a)) <= (Reverse(score(b)), rank(b)) {
            (a, b)
        } else {
            (b, a)
        }
    };
    let mut boards = Vec::new();
    let mut colours_unknown = Vec::new();
    let mut bye = None;
    for player in &t.players {
        let Some(entry) = player.entry(round) else {
            continue;
        };
        if entry.result == ResultCode::PairingBye && entry.opponent.is_none() {
            bye = Some(player.number);
        }
        let Some(opponent) = entry.opponent.filter(|&o| o > player.number) else {
            continue;
        };
        let their_colour = t
            .player(opponent)
            .and_then(|p| p.entry(round))
            .and_then(|e| e.colour);
        let board = match (entry.colour, their_colour) {
            (Some(Color::Red), _) | (None, Some(Color::Black)) => (player.number, opponent),
            (Some(Color::Black), _) | (None, Some(Color::Red)) => (opponent, player.number),
            (None, None) => {
                let board = higher_first(player.number, opponent);
                colours_unknown.push(board);
                board
            }
        };
        boards.push(board);
    }
    boards.sort_by_key(|&(red, black)| {
        let (higher, lower) = higher_first(red, black);
        (
            Reverse(score(higher).max(score(lower))),
            Reverse(score(higher) + score(lower)),
            Reverse(score(higher)),
            rank(higher),
        )
    });
    (Pairing { boards, bye }, colours_unknown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::ScoringSystem;

    fn five_players() -> Tournament {
        let mut t = Tournament::new(3, ScoringSystem::FIDE, Color::Red);
        for name in ["A", "B", "C", "D", "E"] {
            t.add_player(name, 2000);
        }
        t
    }

    /// A round paired by the engine itself checks as the same; a swap of colours does not.
    #[test]
    fn rounds_paired_by_the_engine_check_as_the_same() {
        let mut t = five_players();
        let first = pair_next_round(&t).expect("pairable");
        assert_eq!(first.boards, vec![(1, 3), (4, 2)]);
        assert_eq!(first.bye, Some(5));
        t.record_round(&[
            (1, RoundEntry::game(3, Color::Red, ResultCode::Win)),
            (3, RoundEntry::game(1, Color::Black, ResultCode::Loss)),
            (4, RoundEntry::game(2, Color::Red, ResultCode::Draw)),
            (2, RoundEntry::game(4, Color::Black, ResultCode::Draw)),
            (5, RoundEntry::without_opponent(ResultCode::PairingBye)),
        ])
        .expect("round 1");
        // Round 2 as played: everyone but 5, who asked for a half-point bye; 1 and 2 swap colours
        // against what the engine gives (2 had Black, 1 had Red: 2 gets Red).
        t.record_round(&[
            (1, RoundEntry::game(2, Color::Red, ResultCode::Draw)),
            (2, RoundEntry::game(1, Color::Black, ResultCode::Draw)),
            (4, RoundEntry::game(3, Color::Black, ResultCode::ForfeitWin)),
            (3, RoundEntry::game(4, Color::Red, ResultCode::ForfeitLoss)),
            (5, RoundEntry::without_opponent(ResultCode::HalfBye)),
        ])
        .expect("round 2");
        let checks = check_rounds(&t);
        assert_eq!(checks.len(), 2);
        assert!(checks[0].same(), "{:?}", checks[0]);
        assert_eq!(checks[0].played, first);
        assert!(!checks[1].same(), "{:?}", checks[1]);
        assert_eq!(
            checks[1].engine.as_ref().map(|p| p.boards.clone()),
            Ok(vec![(2, 1), (3, 4)])
        );
        assert_eq!(checks[1].played.boards, vec![(1, 2), (3, 4)]);
    }

    /// A forfeit recorded without colours matches either colours.
    #[test]
    fn unknown_colours_match_either_way() {
        let mut t = five_players();
        t.record_round(&[
            (1, RoundEntry::game(3, Color::Red, ResultCode::Win)),
            (3, RoundEntry::game(1, Color::Black, ResultCode::Loss)),
            (
                4,
                RoundEntry {
                    colour: None,
                    ..RoundEntry::game(2, Color::Red, ResultCode::ForfeitWin)
                },
            ),
            (
                2,
                RoundEntry {
                    colour: None,
                    ..RoundEntry::game(4, Color::Black, ResultCode::ForfeitLoss)
                },
            ),
            (5, RoundEntry::without_opponent(ResultCode::PairingBye)),
        ])
        .expect("round 1");
        let check = &check_rounds(&t)[0];
        assert_eq!(check.colours_unknown, vec![(2, 4)]);
        assert!(check.same(), "{check:?}");
    }
}
