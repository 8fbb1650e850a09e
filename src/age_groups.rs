//! Age groups (年齡組) of an entry form: each a category name and the earliest year of birth that
//! belongs to it (`U12 2014`: born in 2014 or later). A player is in every group its year of birth
//! reaches, so a 2015-born is both U12 and U16; the names become the player's categories, which
//! special prizes match ([`crate::prizes`]).
//!
//! Written `U12 2014, U16 2010` (commas, semicolons or new lines between groups; the year last in
//! each). Parsed strictly and bounded: at most [`MAX_GROUPS`] groups, names of at most
//! [`MAX_NAME`] characters, all names together short enough for a player's category, years
//! within [`YEARS`].

use std::fmt;
use std::ops::RangeInclusive;

use crate::i18n::Reason;

/// The most groups a form has.
pub const MAX_GROUPS: usize = 12;
/// The longest group name.
pub const MAX_NAME: usize = 20;
/// The longest the names may be together, joined with commas: a player's category holds 80.
pub const MAX_NAMES: usize = 80;
/// The longest text the field takes.
pub const MAX_TYPED: usize = 400;
/// The years a group may start from.
pub const YEARS: RangeInclusive<i64> = 1900..=2200;

/// One age group: its name and the earliest year of birth in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgeGroup {
    name: String,
    from_year: i64,
}

impl AgeGroup {
    /// The group's name (the category players get).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The earliest year of birth in the group.
    pub fn from_year(&self) -> i64 {
        self.from_year
    }

    /// Whether a player born in `year` is in the group (born in its year or later).
    pub fn holds(&self, year: i64) -> bool {
        year >= self.from_year
    }
}

/// The age groups of an entry form (none: an empty list), only ever valid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AgeGroups(Vec<AgeGroup>);

impl AgeGroups {
    /// Parses the groups as typed (empty: none). The error names the bad group.
    pub fn parse(typed: &str) -> Result<AgeGroups, Reason> {
        if typed.chars().count() > MAX_TYPED {
            return Err(Reason::new("agegroups_too_long").arg("max", MAX_TYPED));
        }
        let pieces: Vec<&str> = typed
            .split([',', ';', '\n', '，', '；', '、'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        if pieces.len() > MAX_GROUPS {
            return Err(Reason::new("agegroups_too_many").arg("max", MAX_GROUPS));
        }
        let mut groups: Vec<AgeGroup> = Vec::with_capacity(pieces.len());
        for piece in pieces {
            let group = parse_group(piece)?;
            if groups
                .iter()
                .any(|g| g.name.to_lowercase() == group.name.to_lowercase())
            {
                return Err(Reason::new("agegroups_twice").arg("name", group.name));
            }
            groups.push(group);
        }
        let names: usize = groups.iter().map(|g| g.name.chars().count() + 1).sum();
        if names > MAX_NAMES + 1 {
            return Err(Reason::new("agegroups_names_long").arg("max", MAX_NAMES));
        }
        Ok(AgeGroups(groups))
    }

    /// The groups, in the order written.
    pub fn groups(&self) -> &[AgeGroup] {
        &self.0
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The names of the groups a player born in `year` is in (none without a year).
    pub fn names_for(&self, year: Option<i64>) -> Vec<&str> {
        match year {
            Some(year) => self
                .0
                .iter()
                .filter(|g| g.holds(year))
                .map(AgeGroup::name)
                .collect(),
            None => Vec::new(),
        }
    }

    /// The player's category for a year of birth: the names of its groups joined with commas
    /// (empty without a year or a group).
    pub fn category_for(&self, year: Option<i64>) -> String {
        self.names_for(year).join(",")
    }
}

/// One group: the name, then the year after the last space.
fn parse_group(piece: &str) -> Result<AgeGroup, Reason> {
    let shown = || piece.chars().take(MAX_NAME + 10).collect::<String>();
    let Some((name, year)) = piece.rsplit_once(char::is_whitespace) else {
        return Err(Reason::new("agegroups_no_year").arg("group", shown()));
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(Reason::new("agegroups_no_name").arg("group", shown()));
    }
    let year = year
        .parse::<i64>()
        .ok()
        .filter(|y| YEARS.contains(y))
        .ok_or_else(|| {
            Reason::new("agegroups_bad_year")
                .arg("group", shown())
                .arg("min", YEARS.start())
                .arg("max", YEARS.end())
        })?;
    if name.chars().count() > MAX_NAME {
        return Err(Reason::new("agegroups_name_long")
            .arg("group", shown())
            .arg("max", MAX_NAME));
    }
    if name.chars().any(crate::text::is_forbidden) {
        return Err(Reason::new("agegroups_bad_name").arg("group", shown()));
    }
    Ok(AgeGroup {
        name: name.to_string(),
        from_year: year,
    })
}

/// As typed back into the form and stored: `U12 2014, U16 2010`.
impl fmt::Display for AgeGroups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, g) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} {}", g.name, g.from_year)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(typed: &str) -> &'static str {
        AgeGroups::parse(typed).unwrap_err().key
    }

    fn arg(typed: &str, name: &str) -> String {
        AgeGroups::parse(typed)
            .unwrap_err()
            .args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }

    #[test]
    fn groups_parse_in_order_and_print_back_the_same() {
        let g = AgeGroups::parse(" U12 2014,U16   2010；Under 20 2006\n").unwrap();
        let names: Vec<(&str, i64)> = g
            .groups()
            .iter()
            .map(|g| (g.name(), g.from_year()))
            .collect();
        assert_eq!(names, [("U12", 2014), ("U16", 2010), ("Under 20", 2006)]);
        assert_eq!(g.to_string(), "U12 2014, U16 2010, Under 20 2006");
        assert_eq!(AgeGroups::parse(&g.to_string()).unwrap(), g);
        assert!(AgeGroups::parse("").unwrap().is_empty());
        assert!(AgeGroups::parse(" , ;\n").unwrap().is_empty());
        assert_eq!(
            AgeGroups::parse("少年組 2012").unwrap().to_string(),
            "少年組 2012"
        );
    }

    #[test]
    fn born_in_the_cutoff_year_is_in_and_a_year_before_is_out() {
        let g = AgeGroups::parse("U12 2014").unwrap();
        assert_eq!(g.names_for(Some(2014)), ["U12"]);
        assert_eq!(g.names_for(Some(2020)), ["U12"]);
        assert!(g.names_for(Some(2013)).is_empty());
        assert!(g.names_for(None).is_empty());
        assert_eq!(g.category_for(Some(2013)), "");
    }

    #[test]
    fn a_player_is_in_every_group_its_year_reaches() {
        let g = AgeGroups::parse("U12 2014, U16 2010, U20 2006").unwrap();
        assert_eq!(g.category_for(Some(2015)), "U12,U16,U20");
        assert_eq!(g.category_for(Some(2010)), "U16,U20");
        assert_eq!(g.category_for(Some(2009)), "U20");
        assert_eq!(g.category_for(Some(2005)), "");
        assert_eq!(g.category_for(None), "");
        assert_eq!(AgeGroups::default().category_for(Some(2015)), "");
    }

    #[test]
    fn bad_groups_are_refused_naming_the_group() {
        assert_eq!(key("U12"), "agegroups_no_year");
        assert_eq!(arg("U12 2014, U16", "group"), "U16");
        assert_eq!(key("U12 2014, 2010"), "agegroups_no_year");
        assert_eq!(key("U12 twenty"), "agegroups_bad_year");
        assert_eq!(arg("U12 2014, U16 1899", "group"), "U16 1899");
        assert_eq!(key("U16 1899"), "agegroups_bad_year");
        assert_eq!(key("U16 2201"), "agegroups_bad_year");
        assert!(AgeGroups::parse("Old 1900, Young 2200").is_ok());
        assert_eq!(key("U16 -2010"), "agegroups_bad_year");
        let long = format!("{} 2010", "N".repeat(MAX_NAME + 1));
        assert_eq!(key(&long), "agegroups_name_long");
        assert!(AgeGroups::parse(&format!("{} 2010", "N".repeat(MAX_NAME))).is_ok());
        assert_eq!(key("U1\u{202e}2 2014"), "agegroups_bad_name");
        assert_eq!(key("U12 2014, u12 2013"), "agegroups_twice");
        assert_eq!(arg("U12 2014, u12 2013", "name"), "u12");
    }

    #[test]
    fn the_field_is_bounded() {
        let twelve: Vec<String> = (0..MAX_GROUPS).map(|i| format!("G{i} 2000")).collect();
        assert!(AgeGroups::parse(&twelve.join(",")).is_ok());
        let thirteen: Vec<String> = (0..=MAX_GROUPS).map(|i| format!("G{i} 2000")).collect();
        assert_eq!(key(&thirteen.join(",")), "agegroups_too_many");
        assert_eq!(key(&"x".repeat(MAX_TYPED + 1)), "agegroups_too_long");
        // Every name together fits a player's category (80 characters).
        let fits: Vec<String> = (0..4)
            .map(|i| format!("{}{i} 2000", "N".repeat(18)))
            .collect();
        let g = AgeGroups::parse(&fits.join(",")).unwrap();
        assert_eq!(g.category_for(Some(2001)).chars().count(), 4 * 19 + 3);
        let over: Vec<String> = (0..4)
            .map(|i| format!("{}{i} 2000", "N".repeat(19)))
            .collect();
        assert_eq!(key(&over.join(",")), "agegroups_names_long");
    }
}
