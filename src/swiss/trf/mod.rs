//! FIDE Tournament Report File (TRF-2026, and the older TRF16 with the JaVaFo TRF(x) extensions).
//!
//! Two layers:
//! - [`TrfDocument`] (`document`): the file as a list of [`Record`]s, one per line, parsed column by
//!   column and written back the same way (unknown lines are kept verbatim, so read → write keeps the
//!   file).
//! - [`read_tournament`] / [`write_tournament`] (`import`, `export`): the document interpreted as a
//!   Swiss [`Tournament`] (players, round entries, byes, forbidden pairs, points system) and back.
//!
//! Columns are 1-based, as in the FIDE text. A line is a sequence of characters (not bytes), so names
//! in Chinese characters keep the columns of the fields after them.

use std::fmt;

use super::tournament::Tournament;

mod document;
mod export;
mod import;
mod points;
#[cfg(test)]
mod tests;

pub use document::{PlayerRecord, Record, TrfDocument};
pub use export::{EventInfo, ExportError, HandFixedRound};
pub use points::PointsCode;

/// A TRF that cannot be read: the 1-based line (and column where useful) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct TrfError {
    /// 1-based line number; 0 when the problem concerns the file as a whole.
    pub line: usize,
    /// 1-based column of the offending field, when one field is at fault.
    pub column: Option<usize>,
    /// What is wrong, in English (logs, the JSON API).
    pub message: String,
    /// What is wrong, as a message for the reader's language.
    pub reason: crate::i18n::Reason,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}", self.message),
            (line, Some(column)) => write!(f, "line {line}, column {column}: {}", self.message),
            (line, None) => write!(f, "line {line}: {}", self.message),
        }
    }
}

impl TrfError {
    fn at(line: usize, column: Option<usize>, reason: crate::i18n::Reason) -> TrfError {
        TrfError {
            line,
            column,
            message: reason.to_string(),
            reason,
        }
    }

    /// The whole error, with its line and column, as a message for the reader's language.
    pub fn located(&self) -> crate::i18n::Reason {
        use crate::i18n::Reason;
        match (self.line, self.column) {
            (0, _) => self.reason.clone(),
            (line, Some(column)) => Reason::new("trf_at_column")
                .arg("line", line)
                .arg("column", column)
                .arg_reason("what", &self.reason),
            (line, None) => Reason::new("trf_at_line")
                .arg("line", line)
                .arg_reason("what", &self.reason),
        }
    }
}

/// Reads a TRF into a tournament (see [`TrfDocument::to_tournament`]).
pub fn read_tournament(text: &str) -> Result<Tournament, TrfError> {
    TrfDocument::parse(text)?.to_tournament()
}

/// Writes a tournament as a TRF (see [`TrfDocument::from_tournament`]); refuses match scores.
pub fn write_tournament(tournament: &Tournament, info: &EventInfo) -> Result<String, ExportError> {
    Ok(TrfDocument::from_tournament(tournament, info)?.to_string())
}
