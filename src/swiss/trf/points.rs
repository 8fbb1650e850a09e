//! The points system of a TRF: line `162` (TRF-2026) and `XXS` (TRF(x)), applied in file order.

use crate::swiss::tournament::{Points, ScoringSystem};

/// One scoring code of line `162` (TRF-2026): `W D L A P X`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointsCode {
    /// Win over the board or by forfeit, or full-point bye.
    Win,
    /// Draw over the board or half-point bye.
    Draw,
    /// Loss over the board.
    Loss,
    /// Absence: zero-point bye or forfeit loss.
    Absence,
    /// Pairing-allocated bye (default: as a win).
    PairingBye,
    /// Unknown result, e.g. an adjourned game (default: as a draw).
    Unknown,
}

impl PointsCode {
    /// The code of a `162` letter.
    pub(super) fn parse(c: char) -> Option<PointsCode> {
        Some(match c {
            'W' => PointsCode::Win,
            'D' => PointsCode::Draw,
            'L' => PointsCode::Loss,
            // bbpPairings and other engines write `Z` for the absence code (RULES.md §10).
            'A' | 'Z' => PointsCode::Absence,
            'P' => PointsCode::PairingBye,
            'X' => PointsCode::Unknown,
            _ => return None,
        })
    }

    /// The `162` letter of the code.
    pub(super) const fn as_char(self) -> char {
        match self {
            PointsCode::Win => 'W',
            PointsCode::Draw => 'D',
            PointsCode::Loss => 'L',
            PointsCode::Absence => 'A',
            PointsCode::PairingBye => 'P',
            PointsCode::Unknown => 'X',
        }
    }
}

/// The twelve base codes of the TRF(x) `XXS` points system, in this order.
const XXS_CODES: [&str; 12] = [
    "WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL",
];

/// Whether `code` is an `XXS` code: a base code or one of the shortcuts `W` and `D`.
pub(super) fn is_xxs_code(code: &str) -> bool {
    XXS_CODES.contains(&code) || code == "W" || code == "D"
}

/// Points per base code while the points lines are applied in file order.
pub(super) struct PointsTable {
    values: [Points; 12],
    /// Whether line `162` gave `P` explicitly (otherwise the pairing bye follows `W`).
    explicit_pairing_bye: bool,
}

impl PointsTable {
    pub(super) fn new(explicit_pairing_bye: bool) -> PointsTable {
        let s = ScoringSystem::FIDE;
        PointsTable {
            values: [
                s.win,
                s.win,
                s.draw,
                s.draw,
                s.loss,
                s.loss,
                s.zero_bye,
                s.half_bye,
                s.full_bye,
                s.pairing_bye,
                s.forfeit_win,
                s.forfeit_loss,
            ],
            explicit_pairing_bye,
        }
    }

    fn set(&mut self, codes: &[&str], value: Points) {
        for code in codes {
            if let Some(i) = XXS_CODES.iter().position(|c| c == code) {
                self.values[i] = value;
            }
        }
    }

    fn get(&self, code: &str) -> Points {
        XXS_CODES
            .iter()
            .position(|c| *c == code)
            .map_or(Points::ZERO, |i| self.values[i])
    }

    /// A `162` entry: `W` covers wins over the board and by forfeit and the full-point bye (and the
    /// pairing bye unless `P` is given), `D` draws and the half-point bye, `A` absences.
    pub(super) fn apply_162(&mut self, code: PointsCode, value: Points) {
        match code {
            PointsCode::Win => {
                self.set(&["WW", "BW", "FW", "FPB"], value);
                if !self.explicit_pairing_bye {
                    self.set(&["PAB"], value);
                }
            }
            PointsCode::Draw => self.set(&["WD", "BD", "HPB"], value),
            PointsCode::Loss => self.set(&["WL", "BL"], value),
            PointsCode::Absence => self.set(&["ZPB", "FL"], value),
            PointsCode::PairingBye => self.set(&["PAB"], value),
            // No result code of a player line is "unknown"; the value has nothing to apply to.
            PointsCode::Unknown => {}
        }
    }

    /// An `XXS` entry: the JaVaFo shortcuts `W` (WW BW FW FPB) and `D` (WD BD HPB), or a base code.
    pub(super) fn apply_xxs(&mut self, code: &str, value: Points) {
        match code {
            "W" => self.set(&["WW", "BW", "FW", "FPB"], value),
            "D" => self.set(&["WD", "BD", "HPB"], value),
            other => self.set(&[other], value),
        }
    }

    pub(super) fn scoring(&self) -> Result<ScoringSystem, crate::i18n::Reason> {
        for (red, black) in [("WW", "BW"), ("WD", "BD"), ("WL", "BL")] {
            if self.get(red) != self.get(black) {
                return Err(crate::i18n::Reason::new("trf_points_by_colour")
                    .arg("red", red)
                    .arg("red_points", self.get(red))
                    .arg("black", black)
                    .arg("black_points", self.get(black)));
            }
        }
        Ok(ScoringSystem {
            win: self.get("WW"),
            draw: self.get("WD"),
            loss: self.get("WL"),
            forfeit_win: self.get("FW"),
            forfeit_loss: self.get("FL"),
            pairing_bye: self.get("PAB"),
            full_bye: self.get("FPB"),
            half_bye: self.get("HPB"),
            zero_bye: self.get("ZPB"),
            // A blank result is equivalent to `Z` (TRF-2026 result table).
            not_paired: self.get("ZPB"),
        })
    }
}
