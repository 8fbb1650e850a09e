//! What the Dutch rules need to know about each player to be paired: score, colour history and
//! preference (A.6), float history (A.4), bye eligibility (C.04.1.d), topscorer status (A.7).

use std::collections::HashSet;

use crate::rules::Color;
use crate::swiss::tournament::{PlayerNumber, Points, ResultCode, RoundEntry, Tournament};

/// How strongly a player wants a colour (C.04.3 A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game played yet: no preference.
    None,
    /// Colour difference 0: alternate from the last game.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games played.
    Absolute,
}

/// A float a player received in an earlier round (A.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    /// Played a lower-scored opponent, or scored more than a loss without playing.
    Down,
    /// Played a higher-scored opponent.
    Up,
    /// Played an opponent with the same score.
    None,
}

/// A player to be paired in the coming round.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Pairing number (the start number).
    pub number: PlayerNumber,
    /// The pairing number among the players taken into account for this round (1-based), whose
    /// parity decides E.5; set by the caller once the round's players are known.
    pub tpn: u32,
    /// Score before the round.
    pub score: Points,
    /// Colours of the games actually played, oldest first.
    pub colours: Vec<Color>,
    /// Games with Red minus games with Black.
    pub colour_difference: i32,
    /// Preferred colour, if any.
    pub preference: Option<Color>,
    /// Strength of the preference.
    pub strength: Strength,
    /// Float received in the previous round and in the round before that.
    pub floats: [Float; 2],
    /// May receive the pairing-allocated bye (C2).
    pub bye_eligible: bool,
    /// Rounds so far in which the player did not play a game.
    pub unplayed: u32,
    /// Topscorer in the last round (A.7).
    pub topscorer: bool,
    /// Opponents actually played (C1), plus forbidden opponents.
    pub avoid: HashSet<PlayerNumber>,
}

impl Candidate {
    /// Builds the pairing view of player `number` for the round after `t.rounds_played`.
    pub fn new(t: &Tournament, number: PlayerNumber) -> Option<Candidate> {
        let player = t.player(number)?;
        let played = t.rounds_played;
        let score = t.score(number);
        let colours: Vec<Color> = player
            .rounds
            .iter()
            .filter_map(|e| e.played_colour())
            .collect();
        let colour_difference = colours
            .iter()
            .map(|&c| if c == Color::Red { 1 } else { -1 })
            .sum::<i32>();
        let (preference, strength) = colour_preference(&colours, colour_difference);
        let floats = [
            float_in(t, number, played),
            float_in(t, number, played.saturating_sub(1)),
        ];
        let bye_eligible = bye_eligible(t, &player.rounds);
        let unplayed = player
            .rounds
            .iter()
            .filter(|e| !e.result.is_played_game())
            .count() as u32;
        let is_last_round = t.next_round() == t.total_rounds;
        let max_score = t.scoring.win.tenths().max(t.scoring.draw.tenths()) as i64 * played as i64;
        let topscorer = is_last_round && 2 * score.tenths() as i64 > max_score;
        let mut avoid: HashSet<PlayerNumber> = player
            .rounds
            .iter()
            .filter_map(|e| e.played_opponent())
            .collect();
        for &(a, b) in &t.forbidden_pairs {
            if a == number {
                avoid.insert(b);
            } else if b == number {
                avoid.insert(a);
            }
        }
        let round = t.next_round();
        for prohibition in t.prohibited.iter().filter(|p| p.applies(round)) {
            if prohibition.holds(number) {
                avoid.extend(prohibition.players.iter().filter(|&&p| p != number));
            }
        }
        Some(Candidate {
            number,
            tpn: number,
            score,
            colours,
            colour_difference,
            preference,
            strength,
            floats,
            bye_eligible,
            unplayed,
            topscorer,
            avoid,
        })
    }

    /// Whether the player had the same colour in the last two games played.
    pub fn last_two_same(&self) -> Option<Color> {
        match self.colours.as_slice() {
            [.., a, b] if a == b => Some(*a),
            _ => None,
        }
    }
}

/// C.04.1 art. 4 (2025; Dutch C2): no pairing-allocated bye for a player who already had one,
/// or who already scored, in one round and without playing, as many points as a win (a forfeit
/// win, a full-point bye — but not a half-point bye).
fn bye_eligible(t: &Tournament, rounds: &[RoundEntry]) -> bool {
    !rounds.iter().any(|e| {
        e.result == ResultCode::PairingBye
            || (!e.result.is_played_game() && e.score(&t.scoring) >= t.scoring.win)
    })
}

/// The colour preference from the played colours (A.6).
fn colour_preference(colours: &[Color], difference: i32) -> (Option<Color>, Strength) {
    let Some(&last) = colours.last() else {
        return (None, Strength::None);
    };
    if difference < -1 {
        return (Some(Color::Red), Strength::Absolute);
    }
    if difference > 1 {
        return (Some(Color::Black), Strength::Absolute);
    }
    if let [.., a, b] = colours
        && a == b
    {
        return (Some(a.opponent()), Strength::Absolute);
    }
    match difference {
        -1 => (Some(Color::Red), Strength::Strong),
        1 => (Some(Color::Black), Strength::Strong),
        _ => (Some(last.opponent()), Strength::Mild),
    }
}

/// The float player `number` received in round `round` (A.4); `Float::None` for round 0.
fn float_in(t: &Tournament, number: PlayerNumber, round: u32) -> Float {
    if round == 0 {
        return Float::None;
    }
    let Some(entry) = t.player(number).and_then(|p| p.entry(round)) else {
        return Float::None;
    };
    // Dutch 1.4.3 (2025): "A player who, for whatever reason, scores without playing in a round
    // more points than those rewarded for a loss, also receives a downfloat"; an absence or a
    // forfeit loss is no float at all.
    let Some(opponent) = entry.played_opponent() else {
        return if entry.score(&t.scoring) > t.scoring.loss {
            Float::Down
        } else {
            Float::None
        };
    };
    let mine = t.score_after(number, round - 1);
    let theirs = t.score_after(opponent, round - 1);
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}
