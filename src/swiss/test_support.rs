//! What the Swiss tests share: recording a round from its games, and the random rounds of the
//! simulated tournaments.

use rand_chacha::rand_core::Rng;

use super::Pairing;
use super::tournament::{ByeKind, ByeRequest, PlayerNumber, ResultCode, RoundEntry, Tournament};
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

/// How a simulated board ends: a roll of `0..20` takes the first row whose bound is above it,
/// `(bound, red's result, black's result)`.
pub type ResultOdds = [(u32, ResultCode, ResultCode)];

/// One forfeit in 20 games, Red winning a little more often than Black, 6 draws in 20.
pub const RESULT_ODDS: &ResultOdds = &[
    (1, ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
    (8, ResultCode::Win, ResultCode::Loss),
    (14, ResultCode::Loss, ResultCode::Win),
    (20, ResultCode::Draw, ResultCode::Draw),
];

/// The entries of a simulated round `round` of `t`: each board of `pairing` ends as a roll of `rng`
/// on `odds` says, the pairing-allocated bye scores, and the players who requested a bye for the
/// round and are still in the event take it.
pub fn random_round(
    rng: &mut impl Rng,
    t: &Tournament,
    pairing: &Pairing,
    round: u32,
    odds: &ResultOdds,
) -> Vec<(PlayerNumber, RoundEntry)> {
    let mut entries = Vec::new();
    for &(red, black) in &pairing.boards {
        let roll = rng.next_u32() % 20;
        let &(_, r, b) = odds
            .iter()
            .find(|(bound, _, _)| roll < *bound)
            .expect("the odds cover every roll");
        entries.push((red, RoundEntry::game(black, Red, r)));
        entries.push((black, RoundEntry::game(red, Black, b)));
    }
    if let Some(bye) = pairing.bye {
        entries.push((bye, RoundEntry::without_opponent(ResultCode::PairingBye)));
    }
    for request in t.bye_requests.iter().filter(|r| r.round == round) {
        if t.player(request.player)
            .is_some_and(|p| p.is_active_in(round))
        {
            entries.push((
                request.player,
                RoundEntry::without_opponent(request.kind.result()),
            ));
        }
    }
    entries
}

/// Requests a bye of a random kind for a random one of players 1 to `n`, in `round` or the next,
/// unless that is past the last round or the player already asked for one then.
pub fn request_random_bye(rng: &mut impl Rng, t: &mut Tournament, round: u32, n: u32) {
    let kind = match rng.next_u32() % 3 {
        0 => ByeKind::Half,
        1 => ByeKind::Full,
        _ => ByeKind::Zero,
    };
    let player = 1 + rng.next_u32() % n;
    let later = round + rng.next_u32() % 2;
    if later <= t.total_rounds && t.bye_request(player, later).is_none() {
        t.bye_requests.push(ByeRequest {
            player,
            round: later,
            kind,
        });
    }
}
