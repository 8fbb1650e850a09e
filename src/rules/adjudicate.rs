//! Shared outcome types of adjudication: the result, how the game ended, and the `Verdict` of a record.
//! The replay itself lives beside each game's rules (xiangqi/Jieqi and Banqi) and fills these in.

use super::Variant;

/// A game result as written in records: `1-0` (Red wins), `0-1`, `1/2-1/2`, `*` (unknown / unfinished).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    RedWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`
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
    pub const fn win_for(color: super::Color) -> GameResult {
        match color {
            super::Color::Red => GameResult::RedWins,
            super::Color::Black => GameResult::BlackWins,
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a replayed game ended (the `termination` field of the verdict JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    Unfinished,
    /// The record has an illegal ply.
    Illegal,
}

impl Termination {
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
}

impl std::fmt::Display for Termination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The first bad ply of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyError {
    /// 1-based ply number of the bad token.
    pub ply: usize,
    /// The token as written in the record.
    pub token: String,
    /// Why it was rejected (illegal move, ambiguous move, reveal contradicts the deal, …).
    pub message: String,
}

/// The outcome of replaying a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The game.
    pub variant: Variant,
    /// Number of plies applied (before the bad ply, if any).
    pub plies: usize,
    /// The result: decided by the position, or the accepted claim, or `*`.
    pub result: GameResult,
    /// How the game ended.
    pub termination: Termination,
    /// FEN of the last position reached (before the bad ply, if any).
    pub final_fen: String,
    /// The first illegal ply, if any.
    pub error: Option<PlyError>,
    /// Set when the record's claimed result contradicts the decided position (e.g. "1-0" after Red is mated).
    pub claim_conflict: Option<GameResult>,
}

impl Verdict {
    /// The verdict as the JSON object of `anqi adjudicate --json`:
    /// `{"variant","plies","result","termination","final_fen","error":null|{"ply","token","message"}}`
    /// plus `"claimed"` (the contradicted claim) when the record's result conflicts with the position.
    pub fn to_json(&self) -> serde_json::Value {
        let error = match &self.error {
            None => serde_json::Value::Null,
            Some(e) => serde_json::json!({"ply": e.ply, "token": e.token, "message": e.message}),
        };
        let mut v = serde_json::json!({
            "variant": self.variant.name(),
            "plies": self.plies,
            "result": self.result.as_str(),
            "termination": self.termination.as_str(),
            "final_fen": self.final_fen,
            "error": error,
        });
        if let Some(c) = self.claim_conflict {
            v["claim_conflict"] = serde_json::Value::String(c.as_str().to_string());
        }
        v
    }

    /// Whether the record was legal throughout.
    pub fn is_legal(&self) -> bool {
        self.error.is_none()
    }
}

mod xiangqi;

pub use xiangqi::replay as replay_xiangqi;

/// Settings of an adjudication.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdjudicateOptions {
    /// Plies without a capture after which the game is drawn (RULES.md §5; default 120).
    pub move_limit: u16,
    /// Start position, overriding the record's `FEN` tag.
    pub fen: Option<String>,
}

impl Default for AdjudicateOptions {
    fn default() -> Self {
        AdjudicateOptions {
            move_limit: 120,
            fen: None,
        }
    }
}

/// Why a record could not be adjudicated at all (as opposed to an illegal ply, which is a verdict).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdjudicateError {
    /// The record's syntax (tags, comments, encoding).
    #[error("{0}")]
    Syntax(#[from] super::notation::RecordError),
    /// The start position, deal or variant cannot be set up.
    #[error("{0}")]
    Setup(String),
}

/// Replays a record (raw bytes: UTF-8 with or without BOM, LF or CRLF) of `variant` and judges it.
/// `deal` is the sealed deal (arbiter); without it, every reveal must be written in the record.
pub fn adjudicate(
    record: &[u8],
    variant: Variant,
    deal: Option<&super::xiangqi::Deal>,
    options: &AdjudicateOptions,
) -> Result<Verdict, AdjudicateError> {
    let parsed = match super::notation::Record::from_bytes(record) {
        Ok(r) => r,
        Err(e) => read_with_garbage_moves(record).ok_or(e)?,
    };
    let tagged = parsed
        .tag("Variant")
        .or_else(|| parsed.tag("Game"))
        .map(|t| (t, Variant::parse(t)));
    match tagged {
        Some((t, None)) => {
            return Err(AdjudicateError::Setup(format!("unknown variant tag '{t}'")));
        }
        Some((_, Some(v))) if v != variant => {
            return Err(AdjudicateError::Setup(format!(
                "the record is {v} but {variant} was asked for"
            )));
        }
        _ => {}
    }
    match variant {
        Variant::Xiangqi | Variant::Jieqi => {
            xiangqi::adjudicate_record(&parsed, variant, deal, options)
        }
        Variant::Banqi => Err(AdjudicateError::Setup(
            "banqi records are adjudicated by the banqi rules".into(),
        )),
    }
}

/// A record that is not UTF-8 only inside its move tokens is still judged, so that the garbage is
/// reported at its ply (the token then holds U+FFFD). Bad bytes elsewhere (tags, comments) leave
/// the record unreadable.
fn read_with_garbage_moves(record: &[u8]) -> Option<super::notation::Record> {
    let text = String::from_utf8_lossy(record);
    let parsed = super::notation::Record::parse(&text).ok()?;
    let bad_in_moves = parsed
        .moves
        .iter()
        .filter(|m| m.text.contains('\u{FFFD}'))
        .count();
    let bad_total = text.matches('\u{FFFD}').count();
    let bad_in_tokens: usize = parsed
        .moves
        .iter()
        .map(|m| m.text.matches('\u{FFFD}').count())
        .sum();
    (bad_in_moves > 0 && bad_in_tokens == bad_total).then_some(parsed)
}
