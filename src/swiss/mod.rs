//! Swiss stage (积分循环赛): the tournament model, FIDE Dutch pairings, TRF exchange and standings.
//!
//! [`tournament`] holds the state pairing and standings need (players, round entries, byes,
//! withdrawals, scoring); it is pure data with consistency checks and score arithmetic.

pub mod avoidance;
pub mod dutch;
pub mod hand;
pub mod ladder;
pub mod standings;
pub mod teams;
#[cfg(test)]
mod test_support;
pub mod tournament;
pub mod trf;

pub use tournament::{
    ByeKind, ByeRequest, ModelError, Player, PlayerNumber, Points, Prohibition, ResultCode,
    RoundEntry, ScoringSystem, Tournament,
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
            PairingError::Invalid(e) => {
                Reason::new("pair_invalid").arg_reason("detail", &e.reason())
            }
            PairingError::TournamentOver(rounds) => {
                Reason::new("words_all_rounds_played").arg("rounds", rounds)
            }
            PairingError::NoLegalPairing { round } => {
                Reason::new("pair_no_legal_pairing").arg("round", round)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// The model's and the engine's refusals are messages for the reader's language,
    /// the English `Display` as before.
    #[test]
    fn refusals_are_worded_in_each_language() {
        let model = ModelError::Asymmetric {
            player: 3,
            round: 2,
            opponent: 5,
        };
        assert_eq!(
            Lang::ZhHant.reason(&model.reason()),
            "3 號選手第 2 輪：記錄與對手 5 號的記錄不符"
        );
        assert_eq!(Lang::En.reason(&model.reason()), model.to_string());
        let invalid = PairingError::Invalid(ModelError::Numbering {
            position: 1,
            number: 3,
        });
        assert_eq!(
            Lang::ZhHans.reason(&invalid.reason()),
            "赛事资料不一致：第 2 位选手的编号是 3，应为 2"
        );
        // The message counts positions from 1, as the reader does.
        assert_eq!(
            Lang::En.reason(&invalid.reason()),
            "invalid tournament: player at position 2 has pairing number 3, expected 2"
        );
        let none = PairingError::NoLegalPairing { round: 4 };
        assert_eq!(
            Lang::ZhHant.reason(&none.reason()),
            "第 4 輪不存在合規的編排"
        );
        assert_eq!(Lang::En.reason(&none.reason()), none.to_string());
        let over = PairingError::TournamentOver(7);
        assert_eq!(Lang::ZhHans.reason(&over.reason()), "全部 7 轮已经赛完");
        assert_eq!(Lang::En.reason(&over.reason()), over.to_string());
        // Every kind of model error has its message.
        for e in [
            ModelError::RoundCount {
                player: 1,
                found: 2,
                expected: 3,
            },
            ModelError::TooManyRounds {
                played: 4,
                total: 3,
            },
            ModelError::BadOpponent {
                player: 1,
                round: 1,
                opponent: 9,
            },
            ModelError::OpponentMismatch {
                player: 1,
                round: 1,
                code: ResultCode::Win,
            },
            ModelError::MissingColour {
                player: 1,
                round: 1,
            },
            ModelError::UnknownPlayer(8),
            ModelError::DuplicateByeRequest {
                player: 1,
                round: 2,
            },
            ModelError::Ranking(4),
            ModelError::BadEntryRound(2),
        ] {
            assert_eq!(Lang::En.reason(&e.reason()), e.to_string());
            let zh = Lang::ZhHant.reason(&e.reason());
            assert!(!zh.chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
        }
    }
}
