//! CSV cells that spreadsheets cannot run (OWASP "CSV injection"): a downloaded standings, rating
//! or payout file holds names players typed, and a name such as `=HYPERLINK(…)`, `+cmd|' /C calc'!A0`
//! or `@SUM(1+1)` would be a formula when opened. Such cells are written with a leading `'`, which
//! spreadsheets show as text; readers of our own files take the `'` off again.

use std::borrow::Cow;

/// Whether a spreadsheet would read a cell starting with this character as a formula.
fn triggers(c: char) -> bool {
    matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r')
}

/// The cell as it is safe to write: unchanged, unless it starts with `= + - @`, a tab or a carriage
/// return and is not a plain number (`-5`, `+12.00` stay numbers).
pub fn cell(text: &str) -> Cow<'_, str> {
    match text.chars().next() {
        Some(c) if triggers(c) && text.trim().parse::<f64>().is_err() => {
            Cow::Owned(format!("'{text}"))
        }
        _ => Cow::Borrowed(text),
    }
}

/// A cell as read back: the `'` that [`cell`] put in front of a formula character is taken off.
pub fn read(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if rest.chars().next().is_some_and(triggers) => rest,
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_read_back() {
        for evil in [
            "=HYPERLINK(\"http://evil.example\",\"x\")",
            "+cmd|' /C calc'!A0",
            "@SUM(1+1)",
            "-2+3",
            "\t=1",
            "\r=1",
        ] {
            let safe = cell(evil);
            assert!(safe.starts_with('\''), "{evil:?} → {safe:?}");
            assert_eq!(read(&safe), evil);
        }
        for fine in ["李卓豪", "Wang Tianyi", "-5", "+12.00", "3½", "", "'quoted"] {
            assert_eq!(cell(fine), fine, "{fine:?}");
            assert_eq!(read(fine), fine);
        }
    }
}
