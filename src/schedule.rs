//! A section's day (issue 35): whether pairing waits on check-in (檢錄), the time control as the
//! organizer types it (`60′+30″`, `90+30`) read into minutes and an increment where it can be,
//! and the start of each round on the event's wall clock. Pure: parsing and showing only.

use chrono::NaiveDateTime;

use crate::i18n::Reason;

/// The longest time control text kept.
pub const TIME_CONTROL_MAX: usize = 40;

/// The most rounds a schedule lists.
pub const MAX_ROUNDS: u32 = 99;

/// Whether pairing a round waits on check-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CheckinRule {
    /// Check-in may be used, but pairing does not wait on it.
    #[default]
    Off,
    /// Once, before round 1.
    RoundOne,
    /// Before every round; each round starts with nobody checked in.
    EveryRound,
}

impl CheckinRule {
    /// Every rule, in the order a form lists them.
    pub const ALL: [CheckinRule; 3] = [
        CheckinRule::Off,
        CheckinRule::RoundOne,
        CheckinRule::EveryRound,
    ];

    /// The stored and typed code.
    pub const fn code(self) -> &'static str {
        match self {
            CheckinRule::Off => "off",
            CheckinRule::RoundOne => "round1",
            CheckinRule::EveryRound => "every",
        }
    }

    /// The message naming the rule.
    pub const fn message_key(self) -> &'static str {
        match self {
            CheckinRule::Off => "ci_rule_off",
            CheckinRule::RoundOne => "ci_rule_round1",
            CheckinRule::EveryRound => "ci_rule_every",
        }
    }

    /// Reads a code (`off`, `round1`, `every`; blank is `off`).
    pub fn parse(typed: &str) -> Option<CheckinRule> {
        match typed.trim() {
            "" | "off" => Some(CheckinRule::Off),
            "round1" => Some(CheckinRule::RoundOne),
            "every" => Some(CheckinRule::EveryRound),
            _ => None,
        }
    }

    /// The round whose check-in counts when `next` is the next round to pair: round 1's under
    /// every rule but [`CheckinRule::EveryRound`], which checks in for each round anew.
    pub fn checkin_round(self, next: u32) -> u32 {
        match self {
            CheckinRule::EveryRound => next.max(1),
            _ => 1,
        }
    }

    /// Whether pairing round `next` waits on check-in.
    pub fn required_for(self, next: u32) -> bool {
        match self {
            CheckinRule::Off => false,
            CheckinRule::RoundOne => next == 1,
            CheckinRule::EveryRound => true,
        }
    }
}

/// A time control as typed, with its minutes and increment when it has the simple form
/// (`90+30`, `60'+30"`, `60′+30″`, `90 min + 30 s`, `90分+30秒`, `90`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControl {
    text: String,
    parsed: Option<(u32, u32)>,
}

impl TimeControl {
    /// Reads a typed time control: `None` for a blank one, an error for a line with control
    /// characters, one too long, or minutes (1–600) or an increment (0–600 s) out of range.
    pub fn parse(typed: &str) -> Result<Option<TimeControl>, Reason> {
        let text = crate::text::clean_line(typed, TIME_CONTROL_MAX)?;
        if text.is_empty() {
            return Ok(None);
        }
        let parsed = simple_form(&text);
        if let Some((minutes, increment)) = parsed
            && (!(1..=600).contains(&minutes) || increment > 600)
        {
            return Err(Reason::new("ci_time_control_range")
                .arg("typed", &text)
                .arg("minutes", minutes)
                .arg("increment", increment));
        }
        Ok(Some(TimeControl { text, parsed }))
    }

    /// The text as typed (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Minutes for the game, when the text has the simple form.
    pub fn minutes(&self) -> Option<u32> {
        self.parsed.map(|(m, _)| m)
    }

    /// Seconds added per move, when the text has the simple form.
    pub fn increment(&self) -> Option<u32> {
        self.parsed.map(|(_, i)| i)
    }

    /// As pages show it: `90′ + 30″` for the simple form, else the text as typed.
    pub fn shown(&self) -> String {
        match self.parsed {
            Some((m, 0)) => format!("{m}′"),
            Some((m, i)) => format!("{m}′ + {i}″"),
            None => self.text.clone(),
        }
    }

    /// As the TRF's `122` line has it (ASCII: `90'+30"`), else the text as typed.
    pub fn trf(&self) -> String {
        match self.parsed {
            Some((m, 0)) => format!("{m}'"),
            Some((m, i)) => format!("{m}'+{i}\""),
            None => self.text.clone(),
        }
    }
}

/// Minutes and increment of `90+30` and its spellings, or `None`.
fn simple_form(text: &str) -> Option<(u32, u32)> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (base, inc) = match compact.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (compact.as_str(), None),
    };
    let minutes = number_with_unit(base, &["'", "′", "min", "m", "分鐘", "分钟", "分"])?;
    let increment = match inc {
        Some(i) => number_with_unit(i, &["\"", "″", "sec", "s", "秒"])?,
        None => 0,
    };
    Some((minutes, increment))
}

/// The number of `text` followed by one of `units` or by nothing.
fn number_with_unit(text: &str, units: &[&str]) -> Option<u32> {
    let digits_end = text
        .char_indices()
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i);
    let (digits, unit) = text.split_at(digits_end);
    if digits.is_empty() || digits.len() > 4 || !(unit.is_empty() || units.contains(&unit)) {
        return None;
    }
    digits.parse().ok()
}

/// Reads a round's start as a form sends it: `2026-12-06 09:30`, `2026-12-06T09:30` (a browser's
/// date-and-time box) or with seconds; `None` for a blank one. Years 2000–2100.
pub fn parse_start(typed: &str) -> Result<Option<NaiveDateTime>, Reason> {
    let t = typed.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.len() > 25 {
        return Err(
            Reason::new("ci_bad_start").arg("typed", t.chars().take(25).collect::<String>())
        );
    }
    [
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%dT%H:%M:%S",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
    .filter(|d| (2000..=2100).contains(&chrono::Datelike::year(d)))
    .map(Some)
    .ok_or_else(|| Reason::new("ci_bad_start").arg("typed", t))
}

/// A start as stored and as a date-and-time box takes it back (`2026-12-06T09:30`).
pub fn start_value(at: NaiveDateTime) -> String {
    at.format("%Y-%m-%dT%H:%M").to_string()
}

/// A start as stored (`2026-12-06 09:30`).
pub fn start_stored(at: NaiveDateTime) -> String {
    at.format("%Y-%m-%d %H:%M").to_string()
}

/// A round's date as the TRF's `132` line has it (`YY/MM/DD`).
pub fn trf_date(at: NaiveDateTime) -> String {
    at.format("%y/%m/%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_simple_forms_of_a_time_control_are_read() {
        for (typed, m, i) in [
            ("90+30", 90, 30),
            ("60'+30\"", 60, 30),
            ("60′+30″", 60, 30),
            ("90 min + 30 s", 90, 30),
            ("90分+30秒", 90, 30),
            ("25", 25, 0),
        ] {
            let tc = TimeControl::parse(typed).unwrap().unwrap();
            assert_eq!(
                (tc.minutes(), tc.increment()),
                (Some(m), Some(i)),
                "{typed}"
            );
        }
        let tc = TimeControl::parse("60'+30\"").unwrap().unwrap();
        assert_eq!(tc.shown(), "60′ + 30″");
        assert_eq!(tc.trf(), "60'+30\"");
        let free = TimeControl::parse("40/90, 30/G+30").unwrap().unwrap();
        assert_eq!(
            (free.minutes(), free.shown()),
            (None, "40/90, 30/G+30".into())
        );
        assert_eq!(TimeControl::parse("  ").unwrap(), None);
        assert!(TimeControl::parse("0+30").is_err());
        assert!(TimeControl::parse("90+900").is_err());
        assert!(TimeControl::parse(&"9".repeat(41)).is_err());
        assert!(TimeControl::parse("90\n+30").is_err());
    }

    #[test]
    fn round_starts_are_read_from_both_spellings() {
        let a = parse_start("2026-12-06 09:30").unwrap().unwrap();
        let b = parse_start("2026-12-06T09:30").unwrap().unwrap();
        assert_eq!(a, b);
        assert_eq!(trf_date(a), "26/12/06");
        assert_eq!(start_value(a), "2026-12-06T09:30");
        assert_eq!(parse_start(" ").unwrap(), None);
        for bad in [
            "2026-13-06 09:30",
            "tomorrow",
            "1999-01-01 10:00",
            "2026-12-06",
        ] {
            assert!(parse_start(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_checkin_round_is_the_first_unless_every_round_checks_in() {
        assert_eq!(CheckinRule::RoundOne.checkin_round(3), 1);
        assert_eq!(CheckinRule::EveryRound.checkin_round(3), 3);
        assert!(CheckinRule::RoundOne.required_for(1));
        assert!(!CheckinRule::RoundOne.required_for(2));
        assert!(!CheckinRule::Off.required_for(1));
        for r in CheckinRule::ALL {
            assert_eq!(CheckinRule::parse(r.code()), Some(r));
        }
    }
}
