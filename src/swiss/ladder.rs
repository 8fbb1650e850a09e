//! The tie-break orders (名次區分) that regulations prescribe, as presets of [`TieBreak`] lists.
//!
//! Based on Art. 14 (名次的確定) of the Chinese Xiangqi Association's competition rules
//! (《中國象棋競賽規則》, 2011 text), as quoted in `docs/tie-breaks.md`:
//! - 14.1, a single round robin: 小分 (Sonneborn–Berger), 勝局, 直勝, 犯規, 後走局數, 對局時後走;
//! - 14.3.1, a Swiss: 對手分 (Buchholz), 勝局, 犯規, 後走局數, then the previous round's result
//!   and so on back;
//! - 14.3.2, a Swiss: 累進分, 勝局, 犯規, 後走局數, then 累進分 without round 1, without round 2 …
//!
//! Every preset ends with the recorded lot (抽籤) for a complete tie.

use super::standings::TieBreak;

/// A tie-break order prescribed by a regulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 中國象棋協會 14.1: single round robin.
    ChineseRoundRobin,
    /// 中國象棋協會 14.3.1: Swiss by opponents' scores, then the previous rounds.
    ChineseSwissOpponents,
    /// 中國象棋協會 14.3.2: Swiss by progressive score, then the progressive score with cuts.
    ChineseSwissProgressive,
}

impl Preset {
    /// Every preset, for menus.
    pub const ALL: [Preset; 3] = [
        Preset::ChineseRoundRobin,
        Preset::ChineseSwissOpponents,
        Preset::ChineseSwissProgressive,
    ];

    /// The short code: `CXA-14.1`, `CXA-14.3.1`, `CXA-14.3.2`.
    pub const fn code(self) -> &'static str {
        match self {
            Preset::ChineseRoundRobin => "CXA-14.1",
            Preset::ChineseSwissOpponents => "CXA-14.3.1",
            Preset::ChineseSwissProgressive => "CXA-14.3.2",
        }
    }

    /// The message key of its name (area `tiebreaks`).
    pub const fn message(self) -> &'static str {
        match self {
            Preset::ChineseRoundRobin => "tb_preset_cxa_14_1",
            Preset::ChineseSwissOpponents => "tb_preset_cxa_14_3_1",
            Preset::ChineseSwissProgressive => "tb_preset_cxa_14_3_2",
        }
    }

    /// Parses a code (case-insensitive), see [`Preset::code`].
    pub fn parse(s: &str) -> Option<Preset> {
        let s = s.trim();
        Preset::ALL
            .into_iter()
            .find(|p| p.code().eq_ignore_ascii_case(s))
    }

    /// The tie-breaks, in order.
    pub const fn tie_breaks(self) -> &'static [TieBreak] {
        use TieBreak::*;
        match self {
            Preset::ChineseRoundRobin => &[
                SonnebornBerger,
                Wins,
                DirectEncounter,
                Fouls,
                GamesWithBlack,
                BlackInDirectGames,
                Lot,
            ],
            Preset::ChineseSwissOpponents => {
                &[Buchholz, Wins, Fouls, GamesWithBlack, PreviousRounds, Lot]
            }
            Preset::ChineseSwissProgressive => &[
                Progressive,
                Wins,
                Fouls,
                GamesWithBlack,
                ProgressiveCuts,
                Lot,
            ],
        }
    }
}

#[cfg(test)]
mod tests;
