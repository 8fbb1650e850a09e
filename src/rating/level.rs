//! Levels (級別): 無級別 until enough rated games, then 30級 (lowest) … 1級 (highest) by points
//! (seed 004 §5.1, RULES.md §7).

use super::points::Points;
use std::fmt;

/// A player's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// 無級別: fewer rated games than the list's threshold.
    Unrated,
    /// `n`級; a smaller number is a higher level (1級 is the top).
    Ranked(u8),
}

impl Level {
    /// The level number for CSV output, empty while unrated.
    pub fn csv_field(self) -> String {
        match self {
            Level::Unrated => String::new(),
            Level::Ranked(n) => n.to_string(),
        }
    }
}

impl fmt::Display for Level {
    /// `無級別` or `20級`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Unrated => f.write_str("無級別"),
            Level::Ranked(n) => write!(f, "{n}級"),
        }
    }
}

/// How points map to levels: level = `lowest` − ⌊(points − `base`)/`step`⌋, clamped to
/// `highest`…`lowest`. The RULES.md default is base 1000, step 50, levels 30…1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelTable {
    base: Points,
    step: Points,
    lowest: u8,
    highest: u8,
}

/// Why a level table was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LevelTableError {
    /// The points per level must be positive.
    #[error("the points per level must be positive")]
    StepNotPositive,
    /// Levels count down from the lowest to the highest, and the highest is at least 1.
    #[error("levels must run from a lowest level down to a highest level of at least 1")]
    BadRange,
}

impl LevelTable {
    /// A table whose lowest level `lowest` covers points below `base + step`, each further `step` points
    /// one level higher, up to level `highest`.
    pub fn new(
        base: Points,
        step: Points,
        lowest: u8,
        highest: u8,
    ) -> Result<LevelTable, LevelTableError> {
        if step <= Points::ZERO {
            return Err(LevelTableError::StepNotPositive);
        }
        if highest == 0 || highest > lowest {
            return Err(LevelTableError::BadRange);
        }
        Ok(LevelTable {
            base,
            step,
            lowest,
            highest,
        })
    }

    /// The points where the lowest level's band starts (1000.00 by default).
    pub fn base(&self) -> Points {
        self.base
    }

    /// Points per level (50.00 by default).
    pub fn step(&self) -> Points {
        self.step
    }

    /// The lowest level number (30 by default).
    pub fn lowest(&self) -> u8 {
        self.lowest
    }

    /// The highest level number (1 by default).
    pub fn highest(&self) -> u8 {
        self.highest
    }

    /// The level number for a rated player's points.
    pub fn level_number(&self, points: Points) -> u8 {
        let steps = (points - self.base)
            .hundredths()
            .div_euclid(self.step.hundredths());
        let level = i64::from(self.lowest) - steps;
        // The clamp makes the narrowing conversion lossless.
        level.clamp(i64::from(self.highest), i64::from(self.lowest)) as u8
    }

    /// The fewest points that reach each level, lowest level first: `(30, None)` for the bottom level
    /// (any points), then `(29, Some(1050.00))`, … (for a level-distribution page or a legend).
    pub fn thresholds(&self) -> Vec<(u8, Option<Points>)> {
        (self.highest..=self.lowest)
            .rev()
            .map(|level| {
                let above_bottom = i64::from(self.lowest - level);
                let from = (level != self.lowest).then(|| {
                    self.base + Points::from_hundredths(above_bottom * self.step.hundredths())
                });
                (level, from)
            })
            .collect()
    }
}

impl Default for LevelTable {
    /// RULES.md §7: 30 − ⌊(points − 1000)/50⌋, clamped to 1…30.
    fn default() -> LevelTable {
        LevelTable {
            base: Points::whole(1000),
            step: Points::whole(50),
            lowest: 30,
            highest: 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Points {
        Points::parse(text).expect("test literal")
    }

    #[test]
    fn default_table_follows_rules_formula_with_clamping() {
        let t = LevelTable::default();
        for (points, level) in [
            ("1500", 20),
            ("1000", 30),
            ("999.99", 30),
            ("-250", 30),
            ("1049.99", 30),
            ("1050", 29),
            ("1549.99", 20),
            ("1550", 19),
            ("2449.99", 2),
            ("2450", 1),
            ("2500", 1),
            ("9999", 1),
        ] {
            assert_eq!(t.level_number(p(points)), level, "{points}");
        }
    }

    #[test]
    fn custom_table_moves_base_step_and_range() {
        let t = LevelTable::new(p("1200"), p("100"), 10, 1).expect("valid table");
        assert_eq!(t.level_number(p("1199.99")), 10);
        assert_eq!(t.level_number(p("1300")), 9);
        assert_eq!(t.level_number(p("2100")), 1);
        assert_eq!(t.level_number(p("5000")), 1);
    }

    #[test]
    fn invalid_tables_are_refused() {
        assert_eq!(
            LevelTable::new(p("1000"), p("0"), 30, 1),
            Err(LevelTableError::StepNotPositive)
        );
        assert_eq!(
            LevelTable::new(p("1000"), p("-5"), 30, 1),
            Err(LevelTableError::StepNotPositive)
        );
        assert_eq!(
            LevelTable::new(p("1000"), p("50"), 30, 0),
            Err(LevelTableError::BadRange)
        );
        assert_eq!(
            LevelTable::new(p("1000"), p("50"), 3, 5),
            Err(LevelTableError::BadRange)
        );
    }

    #[test]
    fn thresholds_agree_with_level_number() {
        let t = LevelTable::default();
        let rows = t.thresholds();
        assert_eq!(rows.len(), 30);
        assert_eq!(rows[0], (30, None));
        assert_eq!(rows[1], (29, Some(p("1050"))));
        assert_eq!(rows[29], (1, Some(p("2450"))));
        for &(level, from) in &rows[1..] {
            let from = from.expect("only the bottom level has no threshold");
            assert_eq!(t.level_number(from), level);
            assert_eq!(t.level_number(from - Points::from_hundredths(1)), level + 1);
        }
    }

    #[test]
    fn level_displays_in_chinese_and_csv() {
        assert_eq!(Level::Unrated.to_string(), "無級別");
        assert_eq!(Level::Ranked(20).to_string(), "20級");
        assert_eq!(Level::Unrated.csv_field(), "");
        assert_eq!(Level::Ranked(7).csv_field(), "7");
    }
}
