//! The knockout stage (RULES.md §8): the top of the Swiss, snake-seeded (蛇形编排) into a
//! single-elimination bracket of best-of-N matches (单淘汰3局制), a 3rd-place match, and the final ranking.
//!
//! Pure state machine: [`Bracket::seed`] from the qualifiers in Swiss order, then
//! [`Bracket::record_lot`], [`Bracket::record_game`], [`Bracket::choose_decider_colour`],
//! [`Bracket::record_forfeit`], [`Bracket::withdraw`]; ask [`Bracket::due_games`] what to play next and
//! [`Bracket::final_ranking`] for places once it is finished. Players are start numbers.

mod bracket;
pub mod input;
mod matches;
mod ranking;
mod seeding;
mod settings;

pub use bracket::{Bracket, DueGame};
pub use input::Input;
pub use matches::{
    Decision, Entrant, Forfeit, KnockoutError, Match, MatchGame, MatchId, MatchKind, MatchState,
    Slot,
};
pub use ranking::Placing;
pub use seeding::first_round_pairs;
pub use settings::{BestOf, KnockoutSettings, TieRule};
