//! Move records and notation. `record` is the game-independent PGN-style syntax; each game's own move
//! notation (ICCS, WXF, Chinese for xiangqi/Jieqi; square notation for Banqi) interprets its tokens.

pub mod record;

pub use record::{MoveToken, Record, RecordError, RecordErrorKind, RecordWriter};
