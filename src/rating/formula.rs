//! The Taiwan Banqi rating formula (seed 004 §5.1, RULES.md §7).
//!
//! A rated game moves points from one side to the other; what the loser (or, in a draw, the higher-rated
//! side) gives up is exactly what the other side gains. With d = |points(A) − points(B)| and the bands
//! [0,10), [10,100), [100,200), [200,∞):
//!
//! | outcome | d < 10 | 10 ≤ d < 100 | 100 ≤ d < 200 | d ≥ 200 |
//! |---|---|---|---|---|
//! | lower-rated side wins: it gains | 10 | 10 + d/10 | d/2 | d/2 |
//! | higher-rated (or equal) side wins: it gains | 10 | 10 − d/12.5 | 2 | 0 |
//! | draw: lower side gains, higher side loses | 0 | (10 + d/10)/2 | d/4 | d/4 |
//!
//! Each change is computed exactly as a fraction of hundredths and rounded half away from zero to a whole
//! hundredth — in integer arithmetic, so no binary floating-point error can creep in.

use super::points::Points;
use crate::rules::Color;
use crate::rules::adjudicate::GameResult;

/// The decided result of a rated game (a game without a result cannot be rated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`
    RedWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
}

impl Outcome {
    /// The outcome of a recorded result; `None` for `*` (unfinished games are not rated).
    pub const fn from_result(result: GameResult) -> Option<Outcome> {
        match result {
            GameResult::RedWins => Some(Outcome::RedWins),
            GameResult::BlackWins => Some(Outcome::BlackWins),
            GameResult::Draw => Some(Outcome::Draw),
            GameResult::Unknown => None,
        }
    }

    /// The recorded result of this outcome.
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::RedWins => GameResult::RedWins,
            Outcome::BlackWins => GameResult::BlackWins,
            Outcome::Draw => GameResult::Draw,
        }
    }

    /// The result as seen by the player of `color`.
    pub const fn for_side(self, color: Color) -> SideResult {
        match (self, color) {
            (Outcome::Draw, _) => SideResult::Draw,
            (Outcome::RedWins, Color::Red) | (Outcome::BlackWins, Color::Black) => SideResult::Win,
            _ => SideResult::Loss,
        }
    }
}

/// One player's result of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SideResult {
    /// 勝
    Win,
    /// 和
    Draw,
    /// 負
    Loss,
}

impl SideResult {
    /// `W`, `D` or `L` (history CSV and pages).
    pub const fn letter(self) -> &'static str {
        match self {
            SideResult::Win => "W",
            SideResult::Draw => "D",
            SideResult::Loss => "L",
        }
    }
}

/// Lower edge of the second band, d = 10, in hundredths.
const BAND_10: i64 = 1_000;
/// Lower edge of the third band, d = 100, in hundredths.
const BAND_100: i64 = 10_000;
/// Lower edge of the fourth band, d = 200, in hundredths.
const BAND_200: i64 = 20_000;

/// `numerator / denominator` rounded half away from zero, for a non-negative numerator and a positive
/// denominator (every quantity of the formula is non-negative before its sign is applied).
const fn round_half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator) / (2 * denominator)
}

/// Points the winner gains (and the loser gives up), in hundredths, given the winner's and loser's points.
fn win_transfer(winner: Points, loser: Points) -> i64 {
    let d = winner.distance(loser).hundredths();
    if winner < loser {
        // The lower-rated side wins.
        match d {
            _ if d < BAND_10 => 1_000,
            // 10 + d/10 points = 1000 + D/10 hundredths (D = d in hundredths).
            _ if d < BAND_100 => round_half_up(10_000 + d, 10),
            // d/2 points = D/2 hundredths.
            _ => round_half_up(d, 2),
        }
    } else {
        // The higher-rated or equally rated side wins.
        match d {
            _ if d < BAND_10 => 1_000,
            // 10 − d/12.5 points = 1000 − 2D/25 hundredths = (25000 − 2D)/25, positive below d = 125.
            _ if d < BAND_100 => round_half_up(25_000 - 2 * d, 25),
            _ if d < BAND_200 => 200,
            _ => 0,
        }
    }
}

/// Points the lower-rated side gains in a draw (and the higher-rated side gives up), in hundredths.
fn draw_transfer(a: Points, b: Points) -> i64 {
    let d = a.distance(b).hundredths();
    match d {
        _ if d < BAND_10 => 0,
        // (10 + d/10)/2 points = (1000 + D/10)/2 hundredths = (10000 + D)/20.
        _ if d < BAND_100 => round_half_up(10_000 + d, 20),
        // d/4 points = D/4 hundredths.
        _ => round_half_up(d, 4),
    }
}

/// The points Red gains in a rated game between players holding `red` and `black` points before it
/// (negative when Red gives points up). Black's change is always the exact negation: the formula is
/// zero-sum.
pub fn red_change(red: Points, black: Points, outcome: Outcome) -> Points {
    let hundredths = match outcome {
        Outcome::RedWins => win_transfer(red, black),
        Outcome::BlackWins => -win_transfer(black, red),
        Outcome::Draw if red < black => draw_transfer(red, black),
        Outcome::Draw => -draw_transfer(red, black),
    };
    Points::from_hundredths(hundredths)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points from a decimal literal written as in RULES.md (the test table reads like the rulebook).
    fn p(text: &str) -> Points {
        Points::parse(text).expect("test literal")
    }

    /// Which row of the RULES.md §7 table a case exercises.
    #[derive(Debug, Clone, Copy)]
    enum Row {
        LowerWins,
        HigherWins,
        Draw,
    }

    /// Every cell of the RULES.md §7 table at both sides of every band boundary
    /// (d = 9.99 | 10, 99.99 | 100, 199.99 | 200), plus values inside the open last band.
    /// `gain` is what the lower side gains (LowerWins, Draw) or the higher side gains (HigherWins).
    const TABLE: &[(Row, &str, &str)] = &[
        // d < 10: 10 | 10 | 0
        (Row::LowerWins, "0", "10.00"),
        (Row::LowerWins, "9.99", "10.00"),
        (Row::HigherWins, "9.99", "10.00"),
        (Row::Draw, "9.99", "0.00"),
        // 10 ≤ d < 100: 10 + d/10 | 10 − d/12.5 | (10 + d/10)/2
        (Row::LowerWins, "10", "11.00"),
        (Row::HigherWins, "10", "9.20"),
        (Row::Draw, "10", "5.50"),
        (Row::LowerWins, "55.55", "15.56"),
        (Row::HigherWins, "55.55", "5.56"),
        (Row::Draw, "55.55", "7.78"),
        (Row::LowerWins, "99.99", "20.00"),
        (Row::HigherWins, "99.99", "2.00"),
        (Row::Draw, "99.99", "10.00"),
        // 100 ≤ d < 200: d/2 | 2 | d/4
        (Row::LowerWins, "100", "50.00"),
        (Row::HigherWins, "100", "2.00"),
        (Row::Draw, "100", "25.00"),
        (Row::LowerWins, "199.99", "100.00"),
        (Row::HigherWins, "199.99", "2.00"),
        (Row::Draw, "199.99", "50.00"),
        // d ≥ 200: d/2 | 0 | d/4
        (Row::LowerWins, "200", "100.00"),
        (Row::HigherWins, "200", "0.00"),
        (Row::Draw, "200", "50.00"),
        (Row::LowerWins, "345.67", "172.84"),
        (Row::HigherWins, "345.67", "0.00"),
        (Row::Draw, "345.67", "86.42"),
        (Row::LowerWins, "1000", "500.00"),
        (Row::HigherWins, "1000", "0.00"),
        (Row::Draw, "1000", "250.00"),
    ];

    /// Checks one table case with Red as the lower side and with Black as the lower side, at two different
    /// absolute levels, so the result depends only on d and on who is lower.
    fn check(row: Row, d: &str, gain: &str) {
        let d = p(d);
        let gain = p(gain);
        for base in [p("1500"), p("873.41")] {
            let (low, high) = (base, base + d);
            for red_is_lower in [true, false] {
                let (red, black) = if red_is_lower {
                    (low, high)
                } else {
                    (high, low)
                };
                let lower_is = |c: Color| (c == Color::Red) == red_is_lower;
                let (outcome, red_gain) = match row {
                    Row::LowerWins => {
                        let winner = if lower_is(Color::Red) {
                            Color::Red
                        } else {
                            Color::Black
                        };
                        (win(winner), if winner == Color::Red { gain } else { -gain })
                    }
                    Row::HigherWins => {
                        let winner = if lower_is(Color::Red) {
                            Color::Black
                        } else {
                            Color::Red
                        };
                        (win(winner), if winner == Color::Red { gain } else { -gain })
                    }
                    Row::Draw => (Outcome::Draw, if red_is_lower { gain } else { -gain }),
                };
                assert_eq!(
                    red_change(red, black, outcome),
                    red_gain,
                    "{row:?} d={d} red={red} black={black}"
                );
            }
        }
    }

    fn win(color: Color) -> Outcome {
        match color {
            Color::Red => Outcome::RedWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    #[test]
    fn every_cell_of_the_rules_table_at_every_band_boundary() {
        for &(row, d, gain) in TABLE {
            check(row, d, gain);
        }
    }

    #[test]
    fn equal_points_draw_moves_nothing_and_a_win_moves_ten() {
        let x = p("1500");
        assert_eq!(red_change(x, x, Outcome::Draw), Points::ZERO);
        assert_eq!(red_change(x, x, Outcome::RedWins), p("10"));
        assert_eq!(red_change(x, x, Outcome::BlackWins), p("-10"));
    }

    #[test]
    fn exact_halves_round_away_from_zero() {
        for (row, d, gain) in [
            // Lower wins, 10 + d/10: d = 10.05 → 11.005 → 11.01; d = 10.15 → 11.015 → 11.02.
            (Row::LowerWins, "10.05", "11.01"),
            (Row::LowerWins, "10.15", "11.02"),
            // Lower wins, d/2: d = 100.01 → 50.005 → 50.01; d = 250.03 → 125.015 → 125.02.
            (Row::LowerWins, "100.01", "50.01"),
            (Row::LowerWins, "250.03", "125.02"),
            // Draw, (10 + d/10)/2: d = 10.10 → 5.505 → 5.51.
            (Row::Draw, "10.10", "5.51"),
            // Draw, d/4: d = 100.02 → 25.005 → 25.01; d = 100.01 → 25.0025 → 25.00; d = 100.03 → 25.0075 → 25.01.
            (Row::Draw, "100.02", "25.01"),
            (Row::Draw, "100.01", "25.00"),
            (Row::Draw, "100.03", "25.01"),
            // The README's rating example: 1500 draws 1535.5, d = 35.5 → (10 + 3.55)/2 = 6.775 → 6.78.
            (Row::Draw, "35.5", "6.78"),
            // The giving side's loss is the negation, so it rounds away from zero too (−11.005 → −11.01):
            // `check` asserts both orientations.
        ] {
            check(row, d, gain);
        }
    }

    #[test]
    fn non_half_fractions_round_to_nearest() {
        for (row, d, gain) in [
            // Higher wins, 10 − d/12.5: d = 10.01 → 9.1992 → 9.20; d = 10.07 → 9.1944 → 9.19.
            (Row::HigherWins, "10.01", "9.20"),
            (Row::HigherWins, "10.07", "9.19"),
            // Lower wins: d = 10.04 → 11.004 → 11.00; d = 10.06 → 11.006 → 11.01.
            (Row::LowerWins, "10.04", "11.00"),
            (Row::LowerWins, "10.06", "11.01"),
            // Draw: d = 10.09 → 5.5045 → 5.50; d = 10.11 → 5.5055 → 5.51.
            (Row::Draw, "10.09", "5.50"),
            (Row::Draw, "10.11", "5.51"),
        ] {
            check(row, d, gain);
        }
    }

    #[test]
    fn integer_rounding_matches_exact_rational_rounding_everywhere_below_300() {
        // Cross-check the hundredths arithmetic against the table written in thousandths of a hundredth
        // (exact for every d in hundredths), over every d from 0 to 300.00.
        for d in 0..30_000_i64 {
            let exact_lower_win = match d {
                _ if d < 1_000 => 1_000_000,
                _ if d < 10_000 => 1_000_000 + d * 100,
                _ => d * 500,
            };
            let exact_higher_win = match d {
                _ if d < 1_000 => 1_000_000,
                _ if d < 10_000 => 1_000_000 - d * 80,
                _ if d < 20_000 => 200_000,
                _ => 0,
            };
            let exact_draw = match d {
                _ if d < 1_000 => 0,
                _ if d < 10_000 => 500_000 + d * 50,
                _ => d * 250,
            };
            // Half away from zero of a non-negative value in thousandths → hundredths.
            let round = |thousandths: i64| (thousandths + 500) / 1000;
            let low = Points::from_hundredths(100_000);
            let high = Points::from_hundredths(100_000 + d);
            assert_eq!(
                red_change(low, high, Outcome::RedWins).hundredths(),
                round(exact_lower_win),
                "d={d}"
            );
            assert_eq!(
                red_change(high, low, Outcome::RedWins).hundredths(),
                round(exact_higher_win),
                "d={d}"
            );
            assert_eq!(
                red_change(low, high, Outcome::Draw).hundredths(),
                round(exact_draw),
                "d={d}"
            );
        }
    }

    #[test]
    fn outcome_converts_from_and_to_recorded_results() {
        assert_eq!(Outcome::from_result(GameResult::Unknown), None);
        for o in [Outcome::RedWins, Outcome::BlackWins, Outcome::Draw] {
            assert_eq!(Outcome::from_result(o.result()), Some(o));
        }
        assert_eq!(Outcome::RedWins.for_side(Color::Red), SideResult::Win);
        assert_eq!(Outcome::RedWins.for_side(Color::Black), SideResult::Loss);
        assert_eq!(Outcome::BlackWins.for_side(Color::Black), SideResult::Win);
        assert_eq!(Outcome::Draw.for_side(Color::Black), SideResult::Draw);
    }
}
