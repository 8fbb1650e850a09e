//! Banqi match scoring (seed 004 §5.2): a match is 3 games (or 5, 7); each game scores win 1, draw ½,
//! loss 0.

use super::formula::SideResult;
use std::fmt;

/// The running score of a match of a fixed number of games between a first and a second player.
/// Scores are kept in half points so a draw is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchScore {
    games_in_match: u32,
    played: u32,
    first_halves: u32,
    second_halves: u32,
}

/// Which player of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchSide {
    /// The player listed first.
    First,
    /// The player listed second.
    Second,
}

/// Why a game could not be added to a match score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MatchScoreError {
    /// A match has at least one game.
    #[error("a match has at least one game")]
    NoGames,
    /// All games of the match have been recorded.
    #[error("all {0} games of the match are already recorded")]
    MatchOver(u32),
}

impl MatchScore {
    /// A match of `games_in_match` games (3, 5 or 7 in the seed; any positive number is accepted).
    pub fn new(games_in_match: u32) -> Result<MatchScore, MatchScoreError> {
        if games_in_match == 0 {
            return Err(MatchScoreError::NoGames);
        }
        Ok(MatchScore {
            games_in_match,
            played: 0,
            first_halves: 0,
            second_halves: 0,
        })
    }

    /// Records one game, by the first player's result.
    pub fn record(&mut self, first_result: SideResult) -> Result<(), MatchScoreError> {
        if self.played == self.games_in_match {
            return Err(MatchScoreError::MatchOver(self.games_in_match));
        }
        self.played += 1;
        match first_result {
            SideResult::Win => self.first_halves += 2,
            SideResult::Draw => {
                self.first_halves += 1;
                self.second_halves += 1;
            }
            SideResult::Loss => self.second_halves += 2,
        }
        Ok(())
    }

    /// Games recorded so far.
    pub fn played(&self) -> u32 {
        self.played
    }

    /// A player's score in half points (a score of 2½ is 5).
    pub fn half_points(&self, side: MatchSide) -> u32 {
        match side {
            MatchSide::First => self.first_halves,
            MatchSide::Second => self.second_halves,
        }
    }

    /// The player who has more than half of the match's points and so can no longer be caught; `None`
    /// while the match is open or when it ended level.
    pub fn winner(&self) -> Option<MatchSide> {
        // More than games/2 points is more than `games_in_match` half points.
        if self.first_halves > self.games_in_match {
            Some(MatchSide::First)
        } else if self.second_halves > self.games_in_match {
            Some(MatchSide::Second)
        } else {
            None
        }
    }

    /// Whether no more games need to be played: a winner is certain or every game is recorded.
    pub fn is_finished(&self) -> bool {
        self.winner().is_some() || self.played == self.games_in_match
    }
}

/// Writes a half-point count as `2½`, `½`, `0`.
fn write_half_points(f: &mut fmt::Formatter<'_>, halves: u32) -> fmt::Result {
    match (halves / 2, halves % 2) {
        (0, 1) => f.write_str("½"),
        (whole, 1) => write!(f, "{whole}½"),
        (whole, _) => write!(f, "{whole}"),
    }
}

impl fmt::Display for MatchScore {
    /// `2½–½`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_half_points(f, self.first_halves)?;
        f.write_str("–")?;
        write_half_points(f, self.second_halves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SideResult::{Draw, Loss, Win};

    fn score(games: u32, results: &[SideResult]) -> MatchScore {
        let mut m = MatchScore::new(games).expect("positive game count");
        for &r in results {
            m.record(r).expect("within the match");
        }
        m
    }

    #[test]
    fn win_scores_one_draw_half_loss_zero() {
        let m = score(3, &[Win, Draw, Loss]);
        assert_eq!(m.half_points(MatchSide::First), 3);
        assert_eq!(m.half_points(MatchSide::Second), 3);
        assert_eq!(m.to_string(), "1½–1½");
        assert_eq!(m.winner(), None);
        assert!(m.is_finished());
    }

    #[test]
    fn best_of_three_is_decided_once_a_side_passes_one_and_a_half() {
        let m = score(3, &[Win, Draw]);
        assert_eq!(m.winner(), None, "1½ is not more than half of 3");
        assert!(!m.is_finished());
        let m = score(3, &[Win, Win]);
        assert_eq!(m.winner(), Some(MatchSide::First));
        assert!(m.is_finished());
        let m = score(3, &[Draw, Loss, Draw]);
        assert_eq!(m.winner(), Some(MatchSide::Second));
        assert_eq!(m.to_string(), "1–2");
    }

    #[test]
    fn five_and_seven_game_matches() {
        let m = score(5, &[Win, Win, Draw]);
        assert_eq!(m.winner(), None, "2½ of 5 is exactly half");
        let m = score(5, &[Win, Win, Draw, Draw]);
        assert_eq!(m.winner(), Some(MatchSide::First));
        assert_eq!(m.to_string(), "3–1");
        let m = score(7, &[Draw, Draw, Draw, Draw, Draw, Draw, Draw]);
        assert_eq!(m.to_string(), "3½–3½");
        assert!(m.is_finished());
        assert_eq!(m.winner(), None);
    }

    #[test]
    fn refuses_games_beyond_the_match_and_empty_matches() {
        assert_eq!(MatchScore::new(0), Err(MatchScoreError::NoGames));
        let mut m = score(3, &[Draw, Draw, Draw]);
        assert_eq!(m.record(Win), Err(MatchScoreError::MatchOver(3)));
        assert_eq!(score(1, &[Draw]).to_string(), "½–½");
    }
}
