//! Rating points (積分), kept exactly in hundredths so that every change is exact and the list stays
//! zero-sum (RULES.md §7).

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// A number of rating points, stored as an exact integer count of hundredths (1500.00 = 150000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(i64);

/// Largest absolute value [`Points::parse`] accepts (one billion points). Keeping user-given points this
/// small means no sum of them and of rating changes can overflow `i64`.
const MAX_PARSED_HUNDREDTHS: i64 = 100_000_000_000;

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points(0);

    /// Points from a count of hundredths (`150000` is 1500.00).
    pub const fn from_hundredths(hundredths: i64) -> Points {
        Points(hundredths)
    }

    /// Whole points (`Points::whole(1500)` is 1500.00).
    pub const fn whole(points: i64) -> Points {
        Points(points * 100)
    }

    /// The exact value in hundredths.
    pub const fn hundredths(self) -> i64 {
        self.0
    }

    /// The absolute difference of two point counts (the `d` of the formula).
    pub const fn distance(self, other: Points) -> Points {
        Points(self.0.abs_diff(other.0) as i64)
    }

    /// Parses a decimal number of points with at most two decimals: `1500`, `1500.5`, `-3.25`.
    /// Surrounding whitespace is allowed; exponents, `+`, thousands separators and more than two decimals
    /// are not, so a value always means exactly what it says.
    pub fn parse(text: &str) -> Result<Points, PointsError> {
        let s = text.trim();
        let (negative, digits) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (whole, fraction) = match digits.split_once('.') {
            Some((w, f)) => (w, f),
            None => (digits, ""),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PointsError::NotANumber);
        }
        if digits.contains('.') && fraction.is_empty()
            || !fraction.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(PointsError::NotANumber);
        }
        if fraction.len() > 2 {
            return Err(PointsError::TooManyDecimals);
        }
        let mut hundredths: i64 = 0;
        for b in whole.bytes() {
            hundredths = hundredths
                .checked_mul(10)
                .and_then(|h| h.checked_add(i64::from(b - b'0')))
                .filter(|h| *h <= MAX_PARSED_HUNDREDTHS / 100)
                .ok_or(PointsError::OutOfRange)?;
        }
        hundredths *= 100;
        let mut scale = 10;
        for b in fraction.bytes() {
            hundredths += i64::from(b - b'0') * scale;
            scale /= 10;
        }
        Ok(Points(if negative { -hundredths } else { hundredths }))
    }
}

/// Why a points value could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PointsError {
    /// Not a plain decimal number.
    #[error("not a number (expected e.g. 1500 or 1523.75)")]
    NotANumber,
    /// More than two digits after the decimal point.
    #[error("more than two decimals (points are kept in hundredths)")]
    TooManyDecimals,
    /// Beyond ±1,000,000,000 points.
    #[error("out of range (at most 1000000000 points)")]
    OutOfRange,
}

impl PointsError {
    /// Its message (area `words`), for pages and the command line in the reader's language.
    pub fn key(&self) -> &'static str {
        match self {
            PointsError::NotANumber => "words_points_not_number",
            PointsError::TooManyDecimals => "words_points_decimals",
            PointsError::OutOfRange => "words_points_range",
        }
    }
}

impl fmt::Display for Points {
    /// Always two decimals: `1500.00`, `-0.50`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl SubAssign for Points {
    fn sub_assign(&mut self, rhs: Points) {
        self.0 -= rhs.0;
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_whole_and_decimal_points() {
        assert_eq!(Points::parse("1500"), Ok(Points::from_hundredths(150000)));
        assert_eq!(
            Points::parse(" 1500.5 "),
            Ok(Points::from_hundredths(150050))
        );
        assert_eq!(
            Points::parse("1523.75"),
            Ok(Points::from_hundredths(152375))
        );
        assert_eq!(Points::parse("-3.25"), Ok(Points::from_hundredths(-325)));
        assert_eq!(Points::parse("0.07"), Ok(Points::from_hundredths(7)));
    }

    #[test]
    fn rejects_anything_but_plain_decimals() {
        for bad in [
            "", "-", "abc", "1.", ".5", "1e3", "+5", "1,500", "1.2.3", "1 500", "--1",
        ] {
            assert_eq!(Points::parse(bad), Err(PointsError::NotANumber), "{bad:?}");
        }
        assert_eq!(Points::parse("1500.125"), Err(PointsError::TooManyDecimals));
        assert_eq!(Points::parse("1000000001"), Err(PointsError::OutOfRange));
        assert_eq!(
            Points::parse("99999999999999999999999"),
            Err(PointsError::OutOfRange)
        );
        assert_eq!(
            Points::parse("1000000000"),
            Ok(Points::whole(1_000_000_000))
        );
    }

    #[test]
    fn displays_two_decimals() {
        assert_eq!(Points::whole(1500).to_string(), "1500.00");
        assert_eq!(Points::from_hundredths(150007).to_string(), "1500.07");
        assert_eq!(Points::from_hundredths(-50).to_string(), "-0.50");
        assert_eq!(Points::from_hundredths(-12345).to_string(), "-123.45");
        assert_eq!(Points::ZERO.to_string(), "0.00");
    }

    #[test]
    fn display_round_trips_through_parse() {
        for h in [-100_001, -1, 0, 1, 99, 100, 150_000, 123_456_789] {
            let p = Points::from_hundredths(h);
            assert_eq!(Points::parse(&p.to_string()), Ok(p));
        }
    }

    #[test]
    fn distance_is_symmetric() {
        let a = Points::from_hundredths(150_000);
        let b = Points::from_hundredths(149_001);
        assert_eq!(a.distance(b), Points::from_hundredths(999));
        assert_eq!(b.distance(a), Points::from_hundredths(999));
    }
}
