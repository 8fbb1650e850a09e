//! The steps an arbiter records on a seeded bracket (lots, decider colours, game results, forfeits,
//! withdrawals): the bracket is rebuilt by replaying them in order, so they are what the store keeps.

use super::{Bracket, KnockoutError, MatchId};
use crate::i18n::Reason;
use crate::rules::Color;
use crate::rules::adjudicate::GameResult;

/// One recorded step of the knockout, replayed in order onto the seeded bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// The lot for game 1 of a match: the start number who plays Red.
    Lot {
        /// The match.
        match_id: MatchId,
        /// Start number playing Red in game 1.
        red: u32,
    },
    /// The higher seed's colour for the decider of a match.
    DeciderColour {
        /// The match.
        match_id: MatchId,
        /// The colour the higher seed plays.
        higher_seed_plays: Color,
    },
    /// The result of a game (or a correction of the last one).
    Game {
        /// The match.
        match_id: MatchId,
        /// Game number in the match.
        number: u32,
        /// 1-0, 0-1 or ½-½.
        result: GameResult,
    },
    /// A player forfeits one match; the opponent advances.
    Forfeit {
        /// The match.
        match_id: MatchId,
        /// Who forfeits.
        start: u32,
        /// The arbiter's note.
        reason: String,
    },
    /// A qualifier leaves the event: they forfeit every match they reach.
    Withdrawal {
        /// Who withdraws.
        start: u32,
        /// The arbiter's note.
        reason: String,
    },
}

impl Input {
    /// Applies the step to a bracket (the bracket is unchanged when it is refused).
    pub fn apply(&self, bracket: &mut Bracket) -> Result<(), KnockoutError> {
        match self {
            Input::Lot { match_id, red } => bracket.record_lot(*match_id, *red),
            Input::DeciderColour {
                match_id,
                higher_seed_plays,
            } => bracket.choose_decider_colour(*match_id, *higher_seed_plays),
            Input::Game {
                match_id,
                number,
                result,
            } => bracket.record_game(*match_id, *number, *result),
            Input::Forfeit {
                match_id,
                start,
                reason,
            } => bracket.record_forfeit(*match_id, *start, reason),
            Input::Withdrawal { start, reason } => bracket.withdraw(*start, reason),
        }
    }

    /// The audit-log action and its detail.
    pub fn audit(&self) -> (&'static str, Reason) {
        match self {
            Input::Lot { match_id, red } => (
                "knockout.lot",
                Reason::new("audit_d_ko_lot")
                    .arg("match", match_id)
                    .arg("start", red),
            ),
            Input::DeciderColour {
                match_id,
                higher_seed_plays,
            } => (
                "knockout.decider_colour",
                Reason::new("audit_d_ko_decider_colour")
                    .arg("match", match_id)
                    .arg("colour", higher_seed_plays.as_str()),
            ),
            Input::Game {
                match_id,
                number,
                result,
            } => (
                "knockout.result",
                Reason::new("audit_d_ko_result")
                    .arg("match", match_id)
                    .arg("game", number)
                    .arg("result", result.as_str()),
            ),
            Input::Forfeit {
                match_id,
                start,
                reason,
            } => (
                "knockout.forfeit",
                Reason::new("audit_d_ko_forfeit")
                    .arg("match", match_id)
                    .arg("start", start)
                    .arg("reason", reason),
            ),
            Input::Withdrawal { start, reason } => (
                "knockout.withdraw",
                Reason::new("audit_d_ko_withdraw")
                    .arg("start", start)
                    .arg("reason", reason),
            ),
        }
    }
}
