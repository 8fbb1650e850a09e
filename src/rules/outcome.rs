//! The outcome types of a game and of adjudicating a record: the result, how the game ended, the
//! rulings met on the way ([`RulingEvent`], RULES.md §5) and the [`Verdict`]. Shared by the
//! notation reader (results in records), the adjudicators of every game and the web layer, so that
//! none of them imports another for these types.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::banqi::{IllegalTurn as BanqiIllegal, Piece as BanqiPiece};
use super::xiangqi::PieceKind;
use super::{Color, Variant};

/// A game result as written in records: `1-0` (Red wins), `0-1`, `1/2-1/2`, `*` (unknown / unfinished).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`
    RedWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`
    #[default]
    Unknown,
}

impl GameResult {
    /// The record token of this result.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Parses a result token (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`).
    pub fn parse(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" | "0.5-0.5" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The win for the given side.
    pub const fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a replayed game ended (the `termination` field of the verdict JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Termination {
    /// The side to move has no legal move and is in check.
    Checkmate,
    /// The side to move has no legal move and is not in check (loses, RULES.md §2, §6).
    Stalemate,
    /// Repetition with one side checking every move (RULES.md §5).
    PerpetualCheck,
    /// Repetition with one side chasing every move (RULES.md §5; Banqi seed rule 4.11 D).
    PerpetualChase,
    /// Threefold repetition drawn.
    Repetition,
    /// The no-capture move limit was reached.
    MoveLimit,
    /// Banqi: a side has no pieces left.
    NoPieces,
    /// The record ended in an undecided position with a claimed result (resignation, agreement, time…).
    Claimed,
    /// The record ended in an undecided position without a result.
    #[default]
    Unfinished,
    /// The record has an illegal ply.
    Illegal,
}

impl Termination {
    /// Every termination, in the order of the enum.
    pub const ALL: [Termination; 10] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::Repetition,
        Termination::MoveLimit,
        Termination::NoPieces,
        Termination::Claimed,
        Termination::Unfinished,
        Termination::Illegal,
    ];

    /// The snake_case name used in the verdict JSON.
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::PerpetualCheck => "perpetual_check",
            Termination::PerpetualChase => "perpetual_chase",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move_limit",
            Termination::NoPieces => "no_pieces",
            Termination::Claimed => "claimed",
            Termination::Unfinished => "unfinished",
            Termination::Illegal => "illegal",
        }
    }

    /// Parses the snake_case name.
    pub fn parse(s: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// Whether this is a hard end (a fact of the position that nothing may follow, RULES.md §5).
    pub const fn is_hard_end(self) -> bool {
        matches!(
            self,
            Termination::Checkmate | Termination::Stalemate | Termination::NoPieces
        )
    }
}

impl std::fmt::Display for Termination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The rule behind a ruling event (`rule` in the JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A position for the third time or more (RULES.md §5, §6).
    Repetition,
    /// The no-capture (Banqi: no capture and no flip) limit, or Banqi's optional total-ply limit.
    MoveLimit,
    /// Banqi: perpetual chasing with no face-down piece left (seed 4.11 D).
    PerpetualChase,
}

impl Rule {
    /// The snake_case name used in the JSON.
    pub const fn as_str(self) -> &'static str {
        match self {
            Rule::Repetition => "repetition",
            Rule::MoveLimit => "move_limit",
            Rule::PerpetualChase => "perpetual_chase",
        }
    }

    /// Parses the snake_case name.
    pub fn parse(s: &str) -> Option<Rule> {
        [Rule::Repetition, Rule::MoveLimit, Rule::PerpetualChase]
            .into_iter()
            .find(|r| r.as_str() == s)
    }
}

/// A ruling met while replaying a record (RULES.md §5 "events"): what an arbiter would rule if a
/// player claimed it at that ply. It never makes later moves illegal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulingEvent {
    /// The ply (1-based) at which the rule applied first.
    pub ply: usize,
    /// The rule.
    pub rule: Rule,
    /// The termination the verdict would carry if the record ended at this ply.
    pub ruling: Termination,
    /// The result of that ruling.
    pub result: GameResult,
    /// The side ruled to lose for a one-sided perpetual; `None` for every draw.
    #[serde(default)]
    pub offender: Option<Color>,
    /// Repetition: how many times the position had occurred at this ply (3 for a third
    /// occurrence). Not part of the JSON; used by the readable descriptions.
    #[serde(skip)]
    pub occurrence: Option<u32>,
}

/// Why a ply was refused, in a form each language can word (see `rules::describe`). In the
/// verdict JSON it is an object tagged by `kind`: `{"kind": "reveal_contradicts", "square": "b2",
/// "color": "red", "known": "B", "said": "R"}` (pieces as their letters).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlyCause {
    /// A face-down piece turned up as another piece than the record (or the deal) says.
    RevealContradicts {
        /// The square the face-down piece stood on.
        square: String,
        /// Its colour.
        color: Color,
        /// What it is (the deal's identity).
        known: PieceKind,
        /// What the record says.
        said: PieceKind,
    },
    /// A captured face-down piece is named as another piece than the deal has.
    CapturedContradicts {
        /// The square of the captured piece.
        square: String,
        /// Its colour.
        color: Color,
        /// What it is.
        known: PieceKind,
        /// What the record says.
        said: PieceKind,
    },
    /// A face-down piece moved and the record does not say what it was (and no deal does).
    RevealMissing {
        /// The square it left.
        square: String,
    },
    /// The record names an identity none of the remaining face-down pieces can have.
    ImpossibleIdentity {
        /// The square of the face-down piece.
        square: String,
        /// Its colour.
        color: Color,
        /// The identity written.
        said: PieceKind,
    },
    /// The token is a move in no notation.
    NotAMove,
    /// No legal move matches the token.
    NoLegalMatch,
    /// The move the token names leaves the mover's king in check (or facing the other king);
    /// `in_check`: the king was in check before it.
    IntoCheck {
        /// Whether the mover was in check already (and the move does not answer it).
        in_check: bool,
    },
    /// Several legal moves match.
    Ambiguous {
        /// Their canonical forms.
        candidates: Vec<String>,
    },
    /// A reveal is written for a face-up piece.
    RevealOnFaceUp {
        /// The square of the face-up piece.
        square: String,
    },
    /// A move after a hard end.
    AfterTheEnd {
        /// How the game had ended.
        termination: Termination,
        /// After which ply (0: before the first move).
        after_ply: usize,
    },
    /// Bytes that are not UTF-8 inside the move.
    NotUtf8,
    /// The game's text cannot be read (tags, comments, encoding) at this line and column.
    Unreadable {
        /// 1-based line in the file.
        line: usize,
        /// 1-based column in characters.
        column: usize,
    },
    /// Banqi: the token is not Banqi notation.
    NotABanqiTurn,
    /// Banqi: a colourless Chinese name (车马炮) on a square whose piece could be either side's.
    EitherSide {
        /// The flipped square.
        square: String,
        /// The name written.
        name: String,
    },
    /// Banqi: a turn the rules of movement refuse.
    IllegalTurn {
        /// The rule it breaks.
        turn: BanqiIllegal,
    },
    /// Banqi: a flip that does not say which piece turned up, and no deal knows it.
    FlipUnnamed {
        /// The flipped square.
        square: String,
    },
    /// Banqi: a flip naming another piece than the deal has there.
    FlipContradicts {
        /// The flipped square.
        square: String,
        /// The deal's piece.
        dealt: BanqiPiece,
        /// The piece the record names.
        written: BanqiPiece,
    },
    /// Xiangqi and Jieqi: a move the position refuses for a reason the notation reader did not
    /// catch (no piece of the side to move on the square, or an own piece on the target).
    Unplayable,
}

/// The first bad ply of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyError {
    /// 1-based ply number of the bad token.
    #[serde(default)]
    pub ply: usize,
    /// The token as written in the record.
    #[serde(default)]
    pub token: String,
    /// Why it was rejected, in English (illegal move, ambiguous move, reveal contradicts the deal, …).
    #[serde(default)]
    pub message: String,
    /// The same reason as data, for other languages (stored with the verdict, so pages can word it
    /// in the reader's language; `None` in verdicts stored before it was kept, or unreadable).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "cause_wire")]
    pub cause: Option<PlyCause>,
}

impl PlyError {
    /// An error with a plain English message and no structured cause.
    pub fn new(ply: usize, token: &str, message: impl Into<String>) -> PlyError {
        PlyError {
            ply,
            token: token.to_string(),
            message: message.into(),
            cause: None,
        }
    }
}

/// The outcome of replaying a record. Serialized as the verdict JSON of `anqi adjudicate --json`
/// (`{"variant","plies","result","termination","final_fen","error","events"}`, plus
/// `"claim_conflict"` when the record's result contradicts the end); reading a verdict stored by
/// an earlier version fills missing fields with their defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The game.
    #[serde(default = "default_variant")]
    pub variant: Variant,
    /// Number of plies applied (before the bad ply, if any).
    #[serde(default)]
    pub plies: usize,
    /// The result: decided by where the record ends, or the accepted claim, or `*`.
    #[serde(default)]
    pub result: GameResult,
    /// How the game ended.
    #[serde(default)]
    pub termination: Termination,
    /// FEN of the last position reached (before the bad ply, if any).
    #[serde(default)]
    pub final_fen: String,
    /// The first illegal ply, if any.
    #[serde(default)]
    pub error: Option<PlyError>,
    /// Set when the record's written result contradicts the end (e.g. "1-0" after Red is mated, a
    /// draw where the machine rules perpetual chase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_conflict: Option<GameResult>,
    /// The rulings met on the way, in ply order (RULES.md §5).
    #[serde(default)]
    pub events: Vec<RulingEvent>,
}

fn default_variant() -> Variant {
    Variant::Xiangqi
}

impl Verdict {
    /// The verdict as the JSON object of `anqi adjudicate --json` (keys in alphabetical order).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// Reads a verdict JSON, also one stored by an earlier version (missing fields default).
    pub fn from_json(value: &serde_json::Value) -> Result<Verdict, serde_json::Error> {
        Verdict::deserialize(value)
    }

    /// Whether the record was legal throughout.
    pub fn is_legal(&self) -> bool {
        self.error.is_none()
    }

    /// The verdict of a record that stops at a bad ply: no result, `illegal`, the plies before it.
    pub fn illegal(variant: Variant, plies: usize, final_fen: String, error: PlyError) -> Verdict {
        Verdict {
            variant,
            plies,
            result: GameResult::Unknown,
            termination: Termination::Illegal,
            final_fen,
            error: Some(error),
            claim_conflict: None,
            events: Vec::new(),
        }
    }
}

/// Serde as strings: the names used in the JSON.
macro_rules! serde_by_name {
    ($t:ty, $what:literal, $parse:expr, $name:expr) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str($name(*self))
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                $parse(&text).ok_or_else(|| {
                    serde::de::Error::custom(format!(concat!("unknown ", $what, " '{}'"), text))
                })
            }
        }
    };
}

serde_by_name!(GameResult, "result", GameResult::parse, GameResult::as_str);
serde_by_name!(
    Termination,
    "termination",
    Termination::parse,
    Termination::as_str
);
serde_by_name!(Rule, "rule", Rule::parse, Rule::as_str);
serde_by_name!(Variant, "variant", Variant::parse, Variant::name);

/// The optional [`PlyCause`] of a [`PlyError`]: a cause this version cannot read is dropped (the
/// English message stays).
mod cause_wire {
    use super::PlyCause;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(c: &Option<PlyCause>, s: S) -> Result<S::Ok, S::Error> {
        c.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PlyCause>, D::Error> {
        let value = Option::<serde_json::Value>::deserialize(d)?;
        Ok(value.and_then(|v| PlyCause::deserialize(v).ok()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cause_of_a_bad_ply_is_stored_and_read_back() {
        let error = crate::rules::describe::ply_error(
            3,
            "h2e2R",
            PlyCause::RevealContradicts {
                square: "b2".into(),
                color: Color::Red,
                known: PieceKind::Elephant,
                said: PieceKind::Chariot,
            },
        );
        let json = serde_json::to_value(&error).unwrap();
        assert_eq!(json["cause"]["kind"], "reveal_contradicts");
        assert_eq!(json["cause"]["known"], "B");
        let back: PlyError = serde_json::from_value(json).unwrap();
        assert_eq!(back, error);
        // An unknown cause is dropped, the rest reads.
        let odd =
            serde_json::json!({"ply": 1, "token": "x", "message": "m", "cause": {"kind": "new"}});
        let back: PlyError = serde_json::from_value(odd).unwrap();
        assert_eq!((back.message.as_str(), back.cause), ("m", None));
    }

    #[test]
    fn a_verdict_stored_by_the_earlier_code_still_reads() {
        let stored = serde_json::json!({
            "variant": "jieqi", "plies": 9, "result": "0-1", "termination": "perpetual_check",
            "final_fen": "x", "error": null, "claim_conflict": "1-0"
        });
        let v = Verdict::from_json(&stored).unwrap();
        assert_eq!(v.variant, Variant::Jieqi);
        assert_eq!(v.termination, Termination::PerpetualCheck);
        assert_eq!(v.claim_conflict, Some(GameResult::RedWins));
        assert!(v.events.is_empty());
        let sparse = Verdict::from_json(&serde_json::json!({"termination": "illegal",
            "error": {"ply": 3, "token": "a1", "message": "no"}}))
        .unwrap();
        assert_eq!(sparse.result, GameResult::Unknown);
        assert_eq!(sparse.error.map(|e| e.ply), Some(3));
        assert!(Verdict::from_json(&serde_json::json!({"termination": "won"})).is_err());
    }

    #[test]
    fn the_json_has_the_fields_of_rules_section_5() {
        let v = Verdict {
            variant: Variant::Xiangqi,
            plies: 12,
            result: GameResult::Draw,
            termination: Termination::Claimed,
            final_fen: "f".into(),
            error: None,
            claim_conflict: None,
            events: vec![RulingEvent {
                ply: 9,
                rule: Rule::Repetition,
                ruling: Termination::PerpetualCheck,
                result: GameResult::BlackWins,
                offender: Some(Color::Red),
                occurrence: Some(3),
            }],
        };
        let json = v.to_json();
        assert_eq!(
            json.to_string(),
            r#"{"error":null,"events":[{"offender":"red","ply":9,"result":"0-1","rule":"repetition","ruling":"perpetual_check"}],"final_fen":"f","plies":12,"result":"1/2-1/2","termination":"claimed","variant":"xiangqi"}"#
        );
        let back = Verdict::from_json(&json).unwrap();
        assert_eq!(back.events[0].occurrence, None);
        assert_eq!(back.events[0].offender, Some(Color::Red));
        assert_eq!(
            Verdict {
                events: vec![RulingEvent {
                    occurrence: Some(3),
                    ..back.events[0].clone()
                }],
                ..back
            },
            v
        );
    }
}
