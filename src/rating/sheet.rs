//! A sheet of games as read from a file: the shared currency of the CSV reader and the rating list
//! (kept apart from both, so neither imports the other).

use super::formula::Outcome;
use chrono::NaiveDate;

/// One game of a sheet, with players as indices into the sheet's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetGame {
    /// The day it was played.
    pub date: NaiveDate,
    /// Index of Red's name in [`GameSheet::names`].
    pub red: u32,
    /// Index of Black's name in [`GameSheet::names`].
    pub black: u32,
    /// The result.
    pub outcome: Outcome,
}

/// Games read from a CSV file, in file order, with every distinct name stored once.
///
/// Invariant (only [`read_games`] builds sheets): names are non-empty and trimmed, and every game has
/// two different names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameSheet {
    pub(super) names: Vec<Box<str>>,
    pub(super) games: Vec<SheetGame>,
}

impl GameSheet {
    /// The distinct player names, in order of first appearance.
    pub fn names(&self) -> &[Box<str>] {
        &self.names
    }

    /// The games in file order.
    pub fn entries(&self) -> &[SheetGame] {
        &self.games
    }

    /// The name at a game's player index.
    pub fn name(&self, index: u32) -> Option<&str> {
        self.names.get(index as usize).map(|n| &**n)
    }
}
