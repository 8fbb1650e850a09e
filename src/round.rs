//! A round's board results as arbiters enter them, and what each means for the two players' Swiss
//! records (TRF result codes). Pure.

use crate::rules::adjudicate::GameResult;
use crate::swiss::tournament::ResultCode;

/// The result of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardResult {
    /// `1-0`: Red won over the board.
    RedWins,
    /// `0-1`: Black won over the board.
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `1-0F`: Black did not appear; Red wins by forfeit.
    RedWinsByForfeit,
    /// `0-1F`: Red did not appear.
    BlackWinsByForfeit,
    /// `0-0F`: neither appeared.
    DoubleForfeit,
}

impl BoardResult {
    /// Every result, in the order of the entry form.
    pub const ALL: [BoardResult; 6] = [
        BoardResult::RedWins,
        BoardResult::Draw,
        BoardResult::BlackWins,
        BoardResult::RedWinsByForfeit,
        BoardResult::BlackWinsByForfeit,
        BoardResult::DoubleForfeit,
    ];

    /// The stored and API form.
    pub const fn as_str(self) -> &'static str {
        match self {
            BoardResult::RedWins => "1-0",
            BoardResult::BlackWins => "0-1",
            BoardResult::Draw => "1/2-1/2",
            BoardResult::RedWinsByForfeit => "1-0F",
            BoardResult::BlackWinsByForfeit => "0-1F",
            BoardResult::DoubleForfeit => "0-0F",
        }
    }

    /// How pairing sheets show it.
    pub const fn display(self) -> &'static str {
        match self {
            BoardResult::RedWins => "1–0",
            BoardResult::BlackWins => "0–1",
            BoardResult::Draw => "½–½",
            BoardResult::RedWinsByForfeit => "+ –",
            BoardResult::BlackWinsByForfeit => "– +",
            BoardResult::DoubleForfeit => "– –",
        }
    }

    /// Parses the stored/API form (also `½-½`, `=`, `+-`, `-+`, `--` as typed quickly).
    pub fn parse(s: &str) -> Option<BoardResult> {
        Some(match s.trim() {
            "1-0" | "1" => BoardResult::RedWins,
            "0-1" | "0" => BoardResult::BlackWins,
            "1/2-1/2" | "½-½" | "=" | "0.5-0.5" => BoardResult::Draw,
            "1-0F" | "1-0f" | "+-" | "+" => BoardResult::RedWinsByForfeit,
            "0-1F" | "0-1f" | "-+" => BoardResult::BlackWinsByForfeit,
            "0-0F" | "0-0f" | "--" => BoardResult::DoubleForfeit,
            _ => return None,
        })
    }

    /// The result codes of (Red, Black) in the Swiss record.
    pub const fn codes(self) -> (ResultCode, ResultCode) {
        match self {
            BoardResult::RedWins => (ResultCode::Win, ResultCode::Loss),
            BoardResult::BlackWins => (ResultCode::Loss, ResultCode::Win),
            BoardResult::Draw => (ResultCode::Draw, ResultCode::Draw),
            BoardResult::RedWinsByForfeit => (ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
            BoardResult::BlackWinsByForfeit => (ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
            BoardResult::DoubleForfeit => (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss),
        }
    }

    /// Whether the game was played over the board (rated, its record matters).
    pub const fn is_played(self) -> bool {
        matches!(
            self,
            BoardResult::RedWins | BoardResult::BlackWins | BoardResult::Draw
        )
    }

    /// The over-the-board result of a played game.
    pub const fn from_game(r: GameResult) -> Option<BoardResult> {
        match r {
            GameResult::RedWins => Some(BoardResult::RedWins),
            GameResult::BlackWins => Some(BoardResult::BlackWins),
            GameResult::Draw => Some(BoardResult::Draw),
            GameResult::Unknown => None,
        }
    }
}

/// A requested absence from a round (decided before pairing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Absence {
    /// `H`: half-point bye.
    HalfBye,
    /// `F`: full-point bye.
    FullBye,
    /// `Z`: zero-point bye (announced absence).
    ZeroBye,
}

impl Absence {
    /// The stored letter (the TRF code).
    pub const fn letter(self) -> &'static str {
        match self {
            Absence::HalfBye => "H",
            Absence::FullBye => "F",
            Absence::ZeroBye => "Z",
        }
    }

    /// Parses the stored letter.
    pub fn parse(s: &str) -> Option<Absence> {
        match s.trim() {
            "H" | "h" => Some(Absence::HalfBye),
            "F" | "f" => Some(Absence::FullBye),
            "Z" | "z" => Some(Absence::ZeroBye),
            _ => None,
        }
    }

    /// The Swiss result code.
    pub const fn code(self) -> ResultCode {
        match self {
            Absence::HalfBye => ResultCode::HalfBye,
            Absence::FullBye => ResultCode::FullBye,
            Absence::ZeroBye => ResultCode::ZeroBye,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip() {
        for r in BoardResult::ALL {
            assert_eq!(BoardResult::parse(r.as_str()), Some(r));
        }
        assert_eq!(BoardResult::parse("½-½"), Some(BoardResult::Draw));
        assert_eq!(BoardResult::parse("2-0"), None);
    }

    #[test]
    fn forfeits_are_not_played_games() {
        let (r, b) = BoardResult::RedWinsByForfeit.codes();
        assert!(!r.is_played_game() && !b.is_played_game());
        assert!(BoardResult::Draw.is_played());
        assert!(!BoardResult::DoubleForfeit.is_played());
    }
}
