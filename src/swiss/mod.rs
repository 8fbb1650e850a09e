//! Swiss stage (积分循环赛): the tournament model, FIDE Dutch pairings, TRF exchange and standings.
//!
//! [`tournament`] holds the state pairing and standings need (players, round entries, byes,
//! withdrawals, scoring); it is pure data with consistency checks and score arithmetic.

pub mod dutch;
pub mod standings;
pub mod tournament;
pub mod trf;

pub use tournament::{
    ByeKind, ByeRequest, ModelError, Player, PlayerNumber, Points, ResultCode, RoundEntry,
    ScoringSystem, Tournament,
};

/// The pairing of one round: boards in board order, and the pairing-allocated bye if any.
///
/// Board entries are `(red, black)` pairing numbers ("white" = Red in TRF and pairing-engine output).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// Boards in board order, each `(red, black)` by pairing number.
    pub boards: Vec<(PlayerNumber, PlayerNumber)>,
    /// The player receiving the pairing-allocated bye (PAB), if the number of players is odd.
    pub bye: Option<PlayerNumber>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// The tournament state is inconsistent (see [`ModelError`]).
    #[error("invalid tournament: {0}")]
    Invalid(#[from] ModelError),
    /// Every round of the tournament has already been played.
    #[error("all {0} rounds have been played")]
    TournamentOver(u32),
    /// The absolute criteria (no rematch, colours, bye) cannot all be met.
    #[error("no legal pairing exists for round {round}")]
    NoLegalPairing {
        /// The round that was to be paired.
        round: u32,
    },
}

impl PairingError {
    /// Why the round could not be paired, as a message for the reader's language (area `trf`).
    pub fn reason(&self) -> crate::i18n::Reason {
        use crate::i18n::Reason;
        match self {
            PairingError::Invalid(e) => Reason::new("pair_invalid").arg_reason("detail", &e.reason()),
            PairingError::TournamentOver(rounds) => {
                Reason::new("words_all_rounds_played").arg("rounds", rounds)
            }
            PairingError::NoLegalPairing { round } => {
                Reason::new("pair_no_legal_pairing").arg("round", round)
            }
        }
    }
}
