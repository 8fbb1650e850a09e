//! Player registration: a validated player entry, and the CSV import (`name,club,rating` plus optional
//! `fide_id`, `local_id`, `category`). A file with any bad row is refused whole, each error naming its line.

use crate::csv_text::{self, ShortRow};
use crate::i18n::{Lang, Reason};

/// A player as registered for an event (before a start number is given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerEntry {
    /// Name as printed on pairings (Chinese characters welcome), 1–80 characters.
    pub name: String,
    /// Club (may be empty).
    pub club: String,
    /// Rating (0 = unrated), at most 4000.
    pub rating: u32,
    /// FIDE id (digits; may be empty).
    pub fide_id: String,
    /// National or club id (may be empty).
    pub local_id: String,
    /// Prize category (junior, woman, …; may be empty).
    pub category: String,
    /// Team (school, province …) when it is not the club; may be empty. See [`PlayerEntry::team_name`].
    pub team: String,
}

/// One bad row of an import, or a bad form field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// 1-based line of the file (0 for a form).
    pub line: u64,
    /// The column name.
    pub field: &'static str,
    /// What is wrong, as a message for the reader's language.
    pub message: Reason,
}

impl RowError {
    /// The error in `lang`: the line (if any), the column and what is wrong.
    pub fn text(&self, lang: impl std::borrow::Borrow<Lang>) -> String {
        let lang = *lang.borrow();
        let key = if self.line > 0 {
            "roster_at_line"
        } else {
            "roster_at_field"
        };
        lang.reason(
            &Reason::new(key)
                .arg("line", self.line)
                .arg("field", self.field)
                .arg_reason("message", &self.message),
        )
    }
}

impl std::fmt::Display for RowError {
    /// The English text (the JSON API, logs).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl PlayerEntry {
    /// Validates the fields of one player; `line` is used in the errors.
    pub fn parse(
        line: u64,
        name: &str,
        club: &str,
        rating: &str,
        fide_id: &str,
        local_id: &str,
        category: &str,
    ) -> Result<PlayerEntry, RowError> {
        let err = |field, message: Reason| RowError {
            line,
            field,
            message,
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(err("name", Reason::new("roster_empty_name")));
        }
        if let Err(e) = crate::text::check_line(name, 80) {
            return Err(err("name", e.reason()));
        }
        let rating = rating.trim();
        let rating = if rating.is_empty() {
            0
        } else {
            match rating.parse::<u32>() {
                Ok(r) if r <= 4000 => r,
                _ => {
                    return Err(err(
                        "rating",
                        Reason::new("roster_bad_rating").arg("typed", rating),
                    ));
                }
            }
        };
        let fide_id = fide_id.trim();
        if !fide_id.chars().all(|c| c.is_ascii_digit()) || fide_id.len() > 12 {
            return Err(err(
                "fide_id",
                Reason::new("roster_bad_fide_id").arg("typed", fide_id),
            ));
        }
        for (field, value) in [
            ("club", club),
            ("local_id", local_id),
            ("category", category),
        ] {
            if let Err(e) = crate::text::check_line(value, 80) {
                return Err(err(field, e.reason()));
            }
        }
        Ok(PlayerEntry {
            name: name.to_string(),
            club: club.trim().to_string(),
            rating,
            fide_id: fide_id.to_string(),
            local_id: local_id.trim().to_string(),
            category: category.trim().to_string(),
            team: String::new(),
        })
    }

    /// The entry with its team (the `team` column, 80 characters at most), refused naming `line`.
    pub fn with_team(mut self, line: u64, team: &str) -> Result<PlayerEntry, RowError> {
        crate::text::check_line(team, 80).map_err(|e| RowError {
            line,
            field: "team",
            message: e.reason(),
        })?;
        self.team = team.trim().to_string();
        Ok(self)
    }

    /// The team the player plays for in team avoidance and the team table: the team column when
    /// given, else the club (empty: no team).
    pub fn team_name(&self) -> &str {
        if self.team.is_empty() {
            &self.club
        } else {
            &self.team
        }
    }
}

const COLUMNS: [&str; 8] = [
    "name", "club", "rating", "fide_id", "local_id", "category", "section", "team",
];

/// The columns a file without a header has, in order (a section is named only under a header).
const POSITIONAL: usize = 6;

/// Parses a player CSV (UTF-8, BOM accepted). With a header row the columns may come in any order
/// (`name` required; `club`, `rating`, `fide_id`, `local_id`, `category`, `team` optional); without one they are
/// `name,club,rating,fide_id,local_id,category` in that order. A row with fewer fields than the columns
/// (the header's, or the six without one) reads each full-width comma 「，」 in it as a separator
/// (`csv_text::short_row`), and so does the header. Returns every row's error, or all entries.
pub fn parse_csv(text: &str) -> Result<Vec<PlayerEntry>, Vec<RowError>> {
    Ok(parse_csv_sections(text)?
        .into_iter()
        .map(|row| row.entry)
        .collect())
}

/// A row of a player CSV with the section it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionRow {
    /// The file's line.
    pub line: u64,
    /// The player.
    pub entry: PlayerEntry,
    /// The `section` column's name (trimmed; empty when the file has none or leaves it blank).
    pub section: String,
}

/// [`parse_csv`] with the `section` column (組別) of an event with several sections: each row with
/// the section it names. The same name and club may appear once per section.
pub fn parse_csv_sections(text: &str) -> Result<Vec<SectionRow>, Vec<RowError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut columns: [Option<usize>; 8] = [
        Some(0),
        Some(1),
        Some(2),
        Some(3),
        Some(4),
        Some(5),
        None,
        None,
    ];
    let mut wanted = POSITIONAL;
    // The most fields a row may have: the six without a header, every known column with one.
    let mut limit = POSITIONAL;
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    let mut first = true;
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map(|p| p.line()).unwrap_or(0);
                errors.push(RowError {
                    line,
                    field: "csv",
                    message: Reason::new("roster_malformed"),
                });
                continue;
            }
        };
        let line = record.position().map(|p| p.line()).unwrap_or(0);
        if record.iter().all(str::is_empty) {
            continue;
        }
        let raw: Vec<&[u8]> = record.iter().map(str::as_bytes).collect();
        if first {
            first = false;
            let names = csv_text::split_at_fullwidth_commas(&raw).unwrap_or_else(|| raw.clone());
            let lower: Vec<String> = names
                .iter()
                .map(|h| field_text(h).to_ascii_lowercase().replace([' ', '-'], "_"))
                .collect();
            if lower.iter().any(|h| h == "name") {
                for (i, col) in COLUMNS.iter().enumerate() {
                    columns[i] = lower.iter().position(|h| h == col);
                }
                wanted = lower.len();
                limit = COLUMNS.len();
                if let Some(unknown) = lower.iter().find(|h| !COLUMNS.contains(&h.as_str())) {
                    errors.push(RowError {
                        line,
                        field: "header",
                        message: Reason::new("roster_unknown_column")
                            .arg("column", unknown)
                            .arg("known", COLUMNS.join(", ")),
                    });
                }
                continue;
            }
        }
        if record.len() > limit {
            errors.push(RowError {
                line,
                field: "csv",
                message: Reason::new("roster_too_many_columns")
                    .arg("found", record.len())
                    .arg("max", limit),
            });
            continue;
        }
        let (fields, split) = match csv_text::short_row(&raw, wanted) {
            ShortRow::Kept => (raw, false),
            ShortRow::Split(fields) => (fields, true),
            ShortRow::TooMany(found) => {
                errors.push(RowError {
                    line,
                    field: "csv",
                    message: Reason::new("csv_fullwidth_too_many")
                        .arg("found", found)
                        .arg("columns", wanted),
                });
                continue;
            }
        };
        let get = |i: usize| {
            columns[i]
                .and_then(|c| fields.get(c))
                .map_or("", |f| field_text(f))
        };
        let section = match crate::text::check_line(get(6), 40) {
            Ok(section) => section,
            Err(e) => {
                errors.push(RowError {
                    line,
                    field: "section",
                    message: e.reason(),
                });
                continue;
            }
        };
        match PlayerEntry::parse(line, get(0), get(1), get(2), get(3), get(4), get(5))
            .and_then(|entry| entry.with_team(line, get(7)))
        {
            Ok(entry) => entries.push(SectionRow {
                line,
                entry,
                section,
            }),
            Err(e) if split => errors.push(RowError {
                message: Reason::new("csv_fullwidth_split").arg_reason("message", &e.message),
                ..e
            }),
            Err(e) => errors.push(e),
        }
    }
    let mut seen = std::collections::HashSet::new();
    for row in &entries {
        let p = &row.entry;
        if !seen.insert((row.section.as_str(), p.name.as_str(), p.club.as_str())) {
            errors.push(RowError {
                line: 0,
                field: "name",
                message: Reason::new("roster_twice")
                    .arg("name", &p.name)
                    .arg("club", &p.club),
            });
        }
    }
    if errors.is_empty() {
        Ok(entries)
    } else {
        Err(errors)
    }
}

/// A field of a row: text of the CSV reader's record, or a part of one split at 「，」 (a whole
/// character), so always UTF-8.
fn field_text(field: &[u8]) -> &str {
    std::str::from_utf8(field).map_or("", str::trim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_in_any_order_with_chinese_names() {
        let csv = "\u{feff}rating,name,club\r\n1800,符传咏,荃灣象棋會\r\n,洪清谱,\r\n";
        let players = parse_csv(csv).unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].name, "符传咏");
        assert_eq!(players[0].rating, 1800);
        assert_eq!(players[1].rating, 0);
    }

    #[test]
    fn headerless_positional() {
        let players = parse_csv("陈仲辉,HK,1700,12345678\n").unwrap();
        assert_eq!(players[0].fide_id, "12345678");
    }

    #[test]
    fn bad_rows_name_their_lines() {
        let csv = "name,club,rating\nA,X,1500\n,X,1500\nB,X,abc\n";
        let errors = parse_csv(csv).unwrap_err();
        assert_eq!(errors.len(), 2);
        assert_eq!((errors[0].line, errors[0].field), (3, "name"));
        assert_eq!((errors[1].line, errors[1].field), (4, "rating"));
    }

    #[test]
    fn fullwidth_commas_separate_the_fields_of_a_short_row() {
        let csv = "name,club,rating\n謝家樂，香港象棋總會,2251\n陳大文 ， 九龍棋會 ， 1980\n李四,香港，九龍,1500\n";
        let players = parse_csv(csv).unwrap();
        assert_eq!(
            (
                players[0].name.as_str(),
                players[0].club.as_str(),
                players[0].rating
            ),
            ("謝家樂", "香港象棋總會", 2251)
        );
        assert_eq!(
            (
                players[1].name.as_str(),
                players[1].club.as_str(),
                players[1].rating
            ),
            ("陳大文", "九龍棋會", 1980)
        );
        assert_eq!(
            players[2].club, "香港，九龍",
            "a whole row keeps its 「，」"
        );
        // The header typed with 「，」, and a file without a header.
        let players = parse_csv("name，club，rating\n謝家樂，香港象棋總會，2251\n").unwrap();
        assert_eq!(
            (players[0].club.as_str(), players[0].rating),
            ("香港象棋總會", 2251)
        );
        let players = parse_csv("謝家樂，香港象棋總會，2251\n").unwrap();
        assert_eq!(
            (players[0].club.as_str(), players[0].rating),
            ("香港象棋總會", 2251)
        );
        // Too many fields once split, and a split row's error, are named with their line.
        let errors = parse_csv("name,club,rating\nA，B，C，D\n謝家樂，香港，九龍\n").unwrap_err();
        assert_eq!((errors[0].line, errors[0].field), (2, "csv"));
        assert!(
            errors[0].text(Lang::En).contains("4 fields"),
            "{}",
            errors[0]
        );
        assert_eq!((errors[1].line, errors[1].field), (3, "rating"));
        assert!(errors[1].text(Lang::En).contains("“，”"), "{}", errors[1]);
    }

    #[test]
    fn unknown_header_column_refused() {
        let errors = parse_csv("name,elo\nA,1\n").unwrap_err();
        assert_eq!(errors[0].field, "header");
    }
}
