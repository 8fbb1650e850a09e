//! How scores are shown on pages: whole numbers plain, halves with ½ (`3½`).

use crate::swiss::tournament::Points;

/// Formats a score for a page.
pub fn show(p: Points) -> String {
    let t = p.tenths();
    let (sign, m) = if t < 0 { ("-", -t) } else { ("", t) };
    match m % 10 {
        0 => format!("{sign}{}", m / 10),
        5 if m < 10 => format!("{sign}½"),
        5 => format!("{sign}{}½", m / 10),
        _ => format!("{sign}{}.{}", m / 10, m % 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_use_the_fraction_sign() {
        assert_eq!(show(Points::from_tenths(0)), "0");
        assert_eq!(show(Points::from_tenths(5)), "½");
        assert_eq!(show(Points::from_tenths(35)), "3½");
        assert_eq!(show(Points::from_tenths(120)), "12");
    }
}
