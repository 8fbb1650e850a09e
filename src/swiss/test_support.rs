//! What the Swiss tests share: recording a round from its games.

use super::tournament::{PlayerNumber, ResultCode, RoundEntry, Tournament};
use crate::rules::Color::{Black, Red};

/// Records a round of `(red, black, red's result)` games and an optional pairing-allocated bye.
pub fn record_games(
    t: &mut Tournament,
    games: &[(PlayerNumber, PlayerNumber, ResultCode)],
    bye: Option<PlayerNumber>,
) {
    let mut entries: Vec<_> = games
        .iter()
        .flat_map(|&(red, black, result)| {
            let theirs = result.counterpart().expect("a game result");
            [
                (red, RoundEntry::game(black, Red, result)),
                (black, RoundEntry::game(red, Black, theirs)),
            ]
        })
        .collect();
    entries.extend(bye.map(|p| (p, RoundEntry::without_opponent(ResultCode::PairingBye))));
    t.record_round(&entries).expect("consistent round");
}
