//! Pairing a round by hand, for when the Dutch engine finds no pairing (an 8-player, 7-round Swiss
//! can run out of opponents) or the arbiter decides otherwise: a starting draft to edit, and the
//! checks a hand-made draft gets. The checks are of two kinds: what makes a round unplayable (a
//! player on two boards, a player to be paired who is on no board, a player both paired and
//! absent, an unknown or withdrawn player) refuses it; what the engine's absolute criteria
//! (C.04.3 C1–C3) would have avoided (a rematch, a second pairing-allocated bye, a colour
//! difference beyond ±2 or a third game running with the same colour) is only told, since a round
//! that the engine cannot pair may need one of them.

use std::collections::HashSet;

use super::{Pairing, PlayerNumber, ResultCode, Tournament};
use crate::rules::Color;

/// One board of a draft as typed: Red, and Black (`None` for the pairing-allocated bye).
pub type DraftBoard = (PlayerNumber, Option<PlayerNumber>);

/// What is wrong with a hand-made draft, naming the player or board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftIssue {
    /// The player plays on more than one board (refuses the draft).
    Twice(PlayerNumber),
    /// A player to be paired is on no board (refuses the draft).
    Missing(PlayerNumber),
    /// The player is on a board and also absent with a requested bye (refuses the draft).
    PairedAndAbsent(PlayerNumber),
    /// No such player, or not in the event in this round (refuses the draft).
    NotPlaying(PlayerNumber),
    /// The board pairs a player with themselves (refuses the draft).
    Themselves(PlayerNumber),
    /// More than one board is a bye (refuses the draft).
    TwoByes,
    /// The two have met before (told).
    Rematch(PlayerNumber, PlayerNumber),
    /// The player had a pairing-allocated bye (or a forfeit win for an absent opponent) before
    /// (told).
    SecondBye(PlayerNumber),
    /// The player would have played this colour three times running, or be two games over (told).
    Colour(PlayerNumber, Color),
}

impl DraftIssue {
    /// Whether the draft cannot be published with this issue.
    pub fn refuses(&self) -> bool {
        !matches!(
            self,
            DraftIssue::Rematch(..) | DraftIssue::SecondBye(_) | DraftIssue::Colour(..)
        )
    }
}

/// A starting draft for round `round`: the players to be paired in the order of their score, then
/// their pairing order, paired 1–2, 3–4, …, the one left over given the bye; on each board the
/// player due Red by their colour history (fewer Reds; else the other colour than last time) takes
/// Red. The arbiter edits it board by board.
pub fn starting_draft(t: &Tournament, round: u32) -> Pairing {
    let order = t.pairing_order();
    let mut players: Vec<PlayerNumber> = order
        .iter()
        .copied()
        .filter(|&p| t.is_available(p, round))
        .collect();
    let position = |p: PlayerNumber| order.iter().position(|&q| q == p).unwrap_or(usize::MAX);
    let before = round.saturating_sub(1);
    players.sort_by(|&a, &b| {
        t.score_after(b, before)
            .cmp(&t.score_after(a, before))
            .then(position(a).cmp(&position(b)))
    });
    let bye = (players.len() % 2 == 1).then(|| players.pop()).flatten();
    let boards = players
        .chunks(2)
        .filter_map(|pair| match pair {
            [a, b] if prefers_red(t, *b, before) && !prefers_red(t, *a, before) => Some((*b, *a)),
            [a, b] => Some((*a, *b)),
            _ => None,
        })
        .collect();
    Pairing { boards, bye }
}

/// Whether a player is due Red after `before` rounds: fewer Reds than Blacks, or equal and Black
/// last time.
fn prefers_red(t: &Tournament, p: PlayerNumber, before: u32) -> bool {
    let colours = played_colours(t, p, before);
    let reds = colours.iter().filter(|c| **c == Color::Red).count();
    let blacks = colours.len() - reds;
    reds < blacks || (reds == blacks && colours.last() == Some(&Color::Black))
}

/// The colours a player played in the first `before` rounds, in order.
fn played_colours(t: &Tournament, p: PlayerNumber, before: u32) -> Vec<Color> {
    t.player(p).map_or_else(Vec::new, |pl| {
        pl.rounds
            .iter()
            .take(before as usize)
            .filter_map(|e| e.played_colour())
            .collect()
    })
}

/// Checks a draft of round `round` (its boards, and the players absent with a bye): every issue,
/// in board order, those that refuse it and those only told (see [`DraftIssue::refuses`]).
pub fn check(
    t: &Tournament,
    round: u32,
    boards: &[DraftBoard],
    absent: &[PlayerNumber],
) -> Vec<DraftIssue> {
    let before = round.saturating_sub(1);
    let mut issues = Vec::new();
    let mut seen = HashSet::new();
    let mut byes = 0;
    for &(red, black) in boards {
        if black == Some(red) {
            issues.push(DraftIssue::Themselves(red));
            continue;
        }
        for p in std::iter::once(red).chain(black) {
            if !t.player(p).is_some_and(|pl| pl.is_active_in(round)) {
                issues.push(DraftIssue::NotPlaying(p));
            } else if !seen.insert(p) {
                issues.push(DraftIssue::Twice(p));
            } else if absent.contains(&p) {
                issues.push(DraftIssue::PairedAndAbsent(p));
            }
        }
        match black {
            None => {
                byes += 1;
                if had_bye(t, red, before) {
                    issues.push(DraftIssue::SecondBye(red));
                }
            }
            Some(black) => {
                if have_met(t, red, black, before) {
                    issues.push(DraftIssue::Rematch(red, black));
                }
                for (p, c) in [(red, Color::Red), (black, Color::Black)] {
                    if colour_breaks(t, p, before, c) {
                        issues.push(DraftIssue::Colour(p, c));
                    }
                }
            }
        }
    }
    if byes > 1 {
        issues.push(DraftIssue::TwoByes);
    }
    for p in t.pairing_order() {
        if t.is_available(p, round) && !seen.contains(&p) && !absent.contains(&p) {
            issues.push(DraftIssue::Missing(p));
        }
    }
    issues
}

/// Whether two players met (played or forfeited) in the first `before` rounds.
fn have_met(t: &Tournament, a: PlayerNumber, b: PlayerNumber, before: u32) -> bool {
    t.player(a).is_some_and(|pl| {
        pl.rounds
            .iter()
            .take(before as usize)
            .any(|e| e.opponent == Some(b))
    })
}

/// Whether a player had a pairing-allocated bye, or scored a forfeit win, in the first `before`
/// rounds (C.04.1 c: such a player does not get the bye again).
fn had_bye(t: &Tournament, p: PlayerNumber, before: u32) -> bool {
    t.player(p).is_some_and(|pl| {
        pl.rounds
            .iter()
            .take(before as usize)
            .any(|e| matches!(e.result, ResultCode::PairingBye | ResultCode::ForfeitWin))
    })
}

/// Whether playing colour `c` next breaks C3 for the player: the same colour three times running,
/// or a colour difference beyond ±2.
fn colour_breaks(t: &Tournament, p: PlayerNumber, before: u32, c: Color) -> bool {
    let mut colours = played_colours(t, p, before);
    colours.push(c);
    let reds = colours.iter().filter(|x| **x == Color::Red).count() as i64;
    let difference = reds - (colours.len() as i64 - reds);
    let three = colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|x| *x == c);
    three || difference.abs() > 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::tournament::{RoundEntry, ScoringSystem};

    /// Four players after one round: 1 beat 3 (1 Red), 2 beat 4 (2 Red).
    fn four_after_one() -> Tournament {
        let mut t = Tournament::new(3, ScoringSystem::default(), Color::Red);
        for (name, rating) in [("a", 2000), ("b", 1900), ("c", 1800), ("d", 1700)] {
            t.add_player(name, rating);
        }
        let game = |o, c, r| RoundEntry::game(o, c, r);
        let results = [
            game(3, Color::Red, ResultCode::Win),
            game(4, Color::Red, ResultCode::Win),
            game(1, Color::Black, ResultCode::Loss),
            game(2, Color::Black, ResultCode::Loss),
        ];
        for (p, e) in (1..).zip(results) {
            t.player_mut(p).expect("player").rounds.push(e);
        }
        t.rounds_played = 1;
        t
    }

    #[test]
    fn the_starting_draft_pairs_by_score_and_gives_red_to_the_player_due_it() {
        let t = four_after_one();
        let draft = starting_draft(&t, 2);
        // 1 and 2 lead (both played Red), 3 and 4 follow (both Black): same colour history, so
        // the higher one keeps Red.
        assert_eq!(draft.boards, [(1, 2), (3, 4)]);
        assert_eq!(draft.bye, None);
        assert!(check(&t, 2, &[(1, Some(2)), (3, Some(4))], &[]).is_empty());
    }

    #[test]
    fn a_draft_is_refused_for_what_makes_it_unplayable_and_told_what_the_engine_avoids() {
        let t = four_after_one();
        let issues = check(&t, 2, &[(1, Some(3)), (1, Some(4))], &[]);
        assert!(issues.contains(&DraftIssue::Rematch(1, 3)), "{issues:?}");
        assert!(issues.contains(&DraftIssue::Twice(1)), "{issues:?}");
        assert!(issues.contains(&DraftIssue::Missing(2)), "{issues:?}");
        assert!(issues.iter().any(DraftIssue::refuses));
        // A rematch alone is told, not refused.
        let issues = check(&t, 2, &[(3, Some(1)), (4, Some(2))], &[]);
        assert_eq!(
            issues,
            [DraftIssue::Rematch(3, 1), DraftIssue::Rematch(4, 2)]
        );
        assert!(!issues.iter().any(DraftIssue::refuses));
        // A player both absent and paired, an unknown one, one against themselves, two byes.
        let issues = check(
            &t,
            2,
            &[(1, Some(9)), (2, Some(2)), (3, None), (4, None)],
            &[1],
        );
        for expected in [
            DraftIssue::PairedAndAbsent(1),
            DraftIssue::NotPlaying(9),
            DraftIssue::Themselves(2),
            DraftIssue::TwoByes,
        ] {
            assert!(issues.contains(&expected), "{expected:?} in {issues:?}");
        }
    }

    #[test]
    fn colour_rules_and_second_byes_are_told() {
        let mut t = four_after_one();
        // Round 2: 1 Red again, 3 gets the bye … kept simple: 1 and 2 Red twice now.
        for (p, e) in [
            (1, RoundEntry::game(2, Color::Red, ResultCode::Draw)),
            (2, RoundEntry::game(1, Color::Black, ResultCode::Draw)),
            (3, RoundEntry::without_opponent(ResultCode::PairingBye)),
            (4, RoundEntry::without_opponent(ResultCode::NotPaired)),
        ] {
            t.player_mut(p).expect("player").rounds.push(e);
        }
        t.rounds_played = 2;
        let issues = check(&t, 3, &[(1, Some(4)), (3, None)], &[2]);
        assert!(
            issues.contains(&DraftIssue::Colour(1, Color::Red)),
            "{issues:?}"
        );
        assert!(issues.contains(&DraftIssue::SecondBye(3)), "{issues:?}");
        assert!(!issues.iter().any(DraftIssue::refuses), "{issues:?}");
    }
}
