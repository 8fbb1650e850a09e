//! Adjudication of a record: replay it into a [`Verdict`] by the rules of its game (xiangqi and
//! Jieqi here, Banqi by `rules::banqi`). The outcome types live in `rules::outcome` and are
//! re-exported here for the callers that know them by this path.

use super::Variant;
pub use super::outcome::{GameResult, PlyCause, PlyError, Rule, RulingEvent, Termination, Verdict};

mod xiangqi;

pub use xiangqi::judge as replay_xiangqi;
pub use xiangqi::start_position;

/// The most plies a record submitted to an event may have. No real game comes near 1,000 plies
/// (the move limit and the repetition rules end a shuffle long before); twice that leaves room for
/// any long endgame while bounding what one submission costs to replay, store and show.
pub const MAX_PLIES: usize = 2000;

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
    Setup(SetupError),
}

/// Why a record's start cannot be set up: its variant, its deal or its FEN (each worded by
/// `rules::describe::setup_error` for the pages; `Display` is the English the CLI prints).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The `Variant`/`Game` tag names no game.
    #[error("unknown variant tag '{0}'")]
    UnknownVariantTag(String),
    /// The record is of another game than the one asked for.
    #[error("the record is {record} but {asked} was asked for")]
    OtherVariant {
        /// The record's game.
        record: Variant,
        /// The game asked for.
        asked: Variant,
    },
    /// A Jieqi deal was given for a Banqi record.
    #[error("a Jieqi deal was given for a banqi record")]
    JieqiDealForBanqi,
    /// The record's `Deal` tag is not a Jieqi deal.
    #[error("Deal tag: {0}")]
    DealTag(super::xiangqi::DealError),
    /// The `Deal` tag and the deal given differ.
    #[error("the record's Deal tag differs from the deal given")]
    DealDiffers,
    /// A deal for a game without face-down pieces.
    #[error("a deal needs variant jieqi")]
    DealNeedsJieqi,
    /// The start FEN (argument or `FEN` tag).
    #[error("{0}")]
    Fen(super::xiangqi::FenError),
    /// The deal does not fit the face-down pieces of the start position.
    #[error("{0}")]
    DealPool(String),
    /// A Banqi record's deal, FEN or tag.
    #[error("{0}")]
    Banqi(super::banqi::SetupError),
}

/// Replays a record (raw bytes: UTF-8 with or without BOM, LF or CRLF) of `variant` and judges it.
/// `deal` is the sealed Jieqi deal (arbiter); without it, every reveal must be written in the
/// record. Banqi records are judged by the Banqi rules with their default settings and
/// `options.move_limit` as the no-progress limit (`u16::MAX`: off); their deal comes from the
/// record's `Deal` tag (see [`adjudicate_banqi`] for every setting).
pub fn adjudicate(
    record: &[u8],
    variant: Variant,
    deal: Option<&super::xiangqi::Deal>,
    options: &AdjudicateOptions,
) -> Result<Verdict, AdjudicateError> {
    let parsed = read_record(record, 1)?;
    if variant == Variant::Banqi {
        if deal.is_some() {
            return Err(AdjudicateError::Setup(SetupError::JieqiDealForBanqi));
        }
        let settings = super::banqi::Settings {
            no_progress_limit: (options.move_limit != u16::MAX)
                .then_some(u32::from(options.move_limit)),
            ..super::banqi::Settings::default()
        };
        return adjudicate_banqi(&parsed, options.fen.as_deref(), None, settings);
    }
    adjudicate_record(&parsed, variant, deal, options)
}

/// Reads the record of one game that starts on line `first_line` of its file. A record that is
/// not UTF-8 only inside its move tokens is still read, so that the garbage is reported at its ply;
/// bad bytes elsewhere, or a file that looks like Big5 or GB18030, leave it unreadable.
///
/// The Jieqi community's formats are read too, told apart by their content (see
/// [`super::formats`]): a JieqiBox JSON game, a Pikafish `position … moves …` line, and
/// pychess-variants' moves and FEN; each becomes the record Anqi replays.
pub fn read_record(bytes: &[u8], first_line: usize) -> Result<Record, RecordError> {
    if let Some(foreign) = super::formats::read_foreign(bytes, first_line) {
        return foreign;
    }
    match Record::from_bytes_at(bytes, first_line) {
        Ok(r) => Ok(super::formats::from_pychess(r)),
        Err(e) => match e.kind {
            RecordErrorKind::NotUtf8 { likely: None, .. } => {
                read_with_garbage_moves(bytes, first_line)
                    .map(super::formats::from_pychess)
                    .ok_or(e)
            }
            _ => Err(e),
        },
    }
}

/// Judges a xiangqi or Jieqi record already read (its `Variant` tag, or a `Game` tag naming a
/// variant, must agree; see [`super::record_variant`]).
pub fn adjudicate_record(
    parsed: &Record,
    variant: Variant,
    deal: Option<&super::xiangqi::Deal>,
    options: &AdjudicateOptions,
) -> Result<Verdict, AdjudicateError> {
    match super::record_variant(parsed) {
        Err(t) => {
            return Err(AdjudicateError::Setup(SetupError::UnknownVariantTag(t)));
        }
        Ok(Some(v)) if v != variant => {
            return Err(AdjudicateError::Setup(SetupError::OtherVariant {
                record: v,
                asked: variant,
            }));
        }
        Ok(_) => {}
    }
    match variant {
        Variant::Xiangqi | Variant::Jieqi => {
            xiangqi::adjudicate_record(parsed, variant, deal, options)
        }
        Variant::Banqi => adjudicate_banqi(
            parsed,
            options.fen.as_deref(),
            None,
            super::banqi::Settings::default(),
        ),
    }
}

/// Judges a Banqi record with every setting of the event; `fen` and `deal` (the arbiter's) take
/// precedence over the record's tags.
pub fn adjudicate_banqi(
    parsed: &Record,
    fen: Option<&str>,
    deal: Option<&str>,
    settings: super::banqi::Settings,
) -> Result<Verdict, AdjudicateError> {
    super::banqi::adjudicate(parsed, fen, deal, settings)
        .map_err(|e| AdjudicateError::Setup(SetupError::Banqi(e)))
}

use super::notation::{Record, RecordError, RecordErrorKind};

/// The lossy reading of a record whose only bad bytes stand inside move tokens (each then holds
/// U+FFFD).
fn read_with_garbage_moves(record: &[u8], first_line: usize) -> Option<Record> {
    let text = String::from_utf8_lossy(record);
    let parsed = Record::parse_at(&text, first_line).ok()?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn banqi_records_are_adjudicated_here_too() {
        let record =
            b"[Variant \"Banqi\"]\n[FEN \"K7/8/8/7k r 98 60\"]\n\n60. a4-b4 h1-g1 61. b4-c4 *";
        let v = adjudicate(record, Variant::Banqi, None, &AdjudicateOptions::default()).unwrap();
        // The default limit of 120 plies is used as Banqi's no-progress limit here: not reached.
        assert_eq!(v.termination, Termination::Unfinished);
        let hundred = AdjudicateOptions {
            move_limit: 100,
            fen: None,
        };
        let v = adjudicate(record, Variant::Banqi, None, &hundred).unwrap();
        assert_eq!((v.termination, v.plies), (Termination::MoveLimit, 3));
        assert_eq!(v.events.len(), 1);
        assert_eq!((v.events[0].rule, v.events[0].ply), (Rule::MoveLimit, 2));
        let jieqi_deal = crate::rules::xiangqi::Deal::identity();
        assert!(matches!(
            adjudicate(record, Variant::Banqi, Some(&jieqi_deal), &hundred),
            Err(AdjudicateError::Setup(_))
        ));
        assert!(matches!(
            adjudicate(record, Variant::Xiangqi, None, &hundred),
            Err(AdjudicateError::Setup(m)) if m.to_string().contains("banqi")
        ));
    }

    #[test]
    fn a_legacy_encoded_record_is_unreadable_even_when_only_its_moves_are_chinese() {
        // 車九進一 in Big5 after ASCII tags: not garbage at a ply but a file to convert.
        let big5 = b"[Event \"x\"]\n\n1. \xa8\xae\xa4\x45\xb6\x69\xa4\x40 *";
        let e =
            adjudicate(big5, Variant::Xiangqi, None, &AdjudicateOptions::default()).unwrap_err();
        assert!(e.to_string().contains("looks like Big5"), "{e}");
        // Bytes that fit no legacy encoding inside a move stay a bad ply.
        let v = adjudicate(
            b"1. h2e2 h9g7 2. \xff\xfe\x80 *",
            Variant::Xiangqi,
            None,
            &AdjudicateOptions::default(),
        )
        .unwrap();
        assert_eq!(v.error.map(|e| e.ply), Some(3));
    }
}
