//! Taiwan Banqi rating (台灣暗棋 積分制, seed 004 §5.1–5.2, RULES.md §7): the zero-sum formula in exact
//! hundredths, levels (無級別, 30級 … 1級), club rating lists that apply games in date order, CSV in and
//! out, and match scoring. Pure: no I/O beyond reading and writing byte buffers.

pub mod csv;
pub mod formula;
pub mod ledger;
pub mod level;
pub mod list;
pub mod match_score;
pub mod origin;
pub mod points;
pub mod sheet;

pub use formula::{Outcome, SideResult, red_change};
pub use level::{Level, LevelTable};
pub use list::{
    Game, GameChange, HistoryEntry, PlayerId, RatingError, RatingList, RatingSettings, Standing,
};
pub use match_score::{MatchScore, MatchSide};
pub use points::Points;
