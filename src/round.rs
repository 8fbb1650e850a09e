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

    /// The game result of a result played over the board (`None` for forfeits).
    pub const fn game(self) -> Option<GameResult> {
        match self {
            BoardResult::RedWins => Some(GameResult::RedWins),
            BoardResult::BlackWins => Some(GameResult::BlackWins),
            BoardResult::Draw => Some(GameResult::Draw),
            _ => None,
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

    /// The message naming the kind (`bye_half` …), for pages and the audit log.
    pub const fn message_key(self) -> &'static str {
        match self {
            Absence::HalfBye => "bye_half",
            Absence::FullBye => "bye_full",
            Absence::ZeroBye => "bye_zero",
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

/// A Banqi match of several games between a pairing's two players (seed 004 §5.2): game points win 1,
/// draw ½, loss 0; the match score is the pairing's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchGames {
    /// One character per game from Red's view: `1` win, `=` draw, `0` loss.
    pub games: String,
}

impl MatchGames {
    /// Reads the games as typed: one mark per game from Red's view (`1`, `0`, `=` or `½`), with or
    /// without spaces or commas (`1=0`, `1 ½ 0`); `count` games, or fewer when the match was
    /// decided before its last game (`11` of three: a side has more than half of the points).
    pub fn parse(text: &str, count: u32) -> Result<MatchGames, crate::i18n::Reason> {
        let mut games = String::new();
        for c in text.chars().filter(|c| !c.is_whitespace() && *c != ',') {
            games.push(match c {
                '1' => '1',
                '0' => '0',
                '=' | '½' => '=',
                other => {
                    return Err(crate::i18n::Reason::new("words_not_game_mark").arg("mark", other));
                }
            });
        }
        let played = games.chars().count();
        let decided = |g: &MatchGames| {
            let (r, b) = g.half_points();
            r.max(b) > count
        };
        let early = MatchGames {
            games: games.clone(),
        };
        if played != count as usize && !(played > 0 && played < count as usize && decided(&early)) {
            return Err(crate::i18n::Reason::new("words_match_game_count")
                .arg("typed", text.trim())
                .arg("games", games.chars().count())
                .arg("count", count));
        }
        Ok(MatchGames { games })
    }

    /// Red's and Black's game points in half points.
    pub fn half_points(&self) -> (u32, u32) {
        self.games.chars().fold((0, 0), |(r, b), c| match c {
            '1' => (r + 2, b),
            '0' => (r, b + 2),
            _ => (r + 1, b + 1),
        })
    }

    /// The match outcome as a board result.
    pub fn result(&self) -> BoardResult {
        let (r, b) = self.half_points();
        match r.cmp(&b) {
            std::cmp::Ordering::Greater => BoardResult::RedWins,
            std::cmp::Ordering::Less => BoardResult::BlackWins,
            std::cmp::Ordering::Equal => BoardResult::Draw,
        }
    }

    /// The match score as shown: `2–1`, `1½–1½`.
    pub fn display(&self) -> String {
        let show = |h: u32| match (h / 2, h % 2) {
            (0, 1) => "½".to_string(),
            (w, 1) => format!("{w}½"),
            (w, _) => w.to_string(),
        };
        let (r, b) = self.half_points();
        format!("{}–{}", show(r), show(b))
    }
}

#[cfg(test)]
mod match_tests {
    use super::*;

    #[test]
    fn a_banqi_match_scores_game_points() {
        let m = MatchGames::parse("1 = 0", 3).unwrap();
        assert_eq!(m.games, "1=0");
        assert_eq!(m.half_points(), (3, 3));
        assert_eq!(m.result(), BoardResult::Draw);
        assert_eq!(m.display(), "1½–1½");
        let m = MatchGames::parse("1,1,½", 3).unwrap();
        assert_eq!(
            (m.result(), m.display().as_str()),
            (BoardResult::RedWins, "2½–½")
        );
        assert!(
            MatchGames::parse("10", 3)
                .unwrap_err()
                .to_string()
                .contains("3 games")
        );
        assert!(
            MatchGames::parse("1x0", 3)
                .unwrap_err()
                .to_string()
                .contains("“x”")
        );
        assert_eq!(
            crate::i18n::Lang::ZhHant.reason(&MatchGames::parse("1x0", 3).unwrap_err()),
            "「x」不是一局的結果（1、0、= 或 ½）"
        );
    }

    #[test]
    fn a_match_decided_before_its_last_game_is_typed_with_the_games_played() {
        let m = MatchGames::parse("11", 3).expect("2–0 is decided");
        assert_eq!(
            (m.result(), m.display().as_str()),
            (BoardResult::RedWins, "2–0")
        );
        let m = MatchGames::parse("0=00", 5).expect("½–3½ of five is decided");
        assert_eq!(m.result(), BoardResult::BlackWins);
        assert!(
            MatchGames::parse("0=0", 5).is_err(),
            "½–2½ of five can still be levelled"
        );
        // 1½–½ after two of three is not decided: the third game can level it.
        assert!(MatchGames::parse("1=", 3).is_err());
        assert!(MatchGames::parse("1", 3).is_err());
        assert!(MatchGames::parse("", 3).is_err());
        assert!(
            MatchGames::parse("1111", 3).is_err(),
            "more games than the match"
        );
    }
}
