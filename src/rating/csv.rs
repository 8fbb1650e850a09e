//! Rating CSV files (RULES.md §7): games in (`date,red,black,result`), an optional starting list in
//! (`player,points,games`), standings out (`player,points,level,games`) and a player's history out.
//!
//! Readers take the whole file as bytes, accept a UTF-8 byte-order mark, find columns by their header
//! names (any order; extra columns are ignored, so a standings file is also a valid starting list), trim
//! whitespace around fields, and stop at the first bad field with its line and column.

use super::formula::{Outcome, SideResult};
use super::level::Level;
use super::list::Standing;
use super::points::{Points, PointsError};
pub use super::sheet::{GameSheet, SheetGame};
use crate::csv_text::ShortRow;
use crate::i18n::{Lang, Reason};
use crate::rules::Color;
use chrono::NaiveDate;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{self, Write};

/// The longest player name a rating file may hold (as an event's player list).
const MAX_NAME: usize = 80;

/// A column of an input file: its 1-based position in the file and its header name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// 1-based position.
    pub number: usize,
    /// Header name (`date`, `red`, …).
    pub name: &'static str,
}

/// What is wrong with an input field or file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The file has no header line.
    #[error("empty file (expected the header {0})")]
    NoHeader(&'static str),
    /// The header lacks a required column.
    #[error("missing column '{0}' in the header")]
    MissingColumn(&'static str),
    /// A line has fewer fields than the header requires.
    #[error("missing field")]
    MissingField,
    /// A field is not valid UTF-8.
    #[error("not valid UTF-8 text")]
    NotUtf8,
    /// A date is not a real `YYYY-MM-DD` date.
    #[error("bad date '{0}' (expected YYYY-MM-DD)")]
    BadDate(String),
    /// A result is not `1-0`, `0-1` or `1/2-1/2`.
    #[error("unknown result '{0}' (expected 1-0, 0-1 or 1/2-1/2)")]
    UnknownResult(String),
    /// A player name is empty.
    #[error("empty player name")]
    EmptyName,
    /// A player name is too long or holds a character a name may not (control, bidi, invisible).
    #[error("player name: {0}")]
    BadName(crate::text::TextError),
    /// Red and Black are the same player.
    #[error("'{0}' is on both sides")]
    SamePlayer(String),
    /// A starting list names a player twice.
    #[error("player '{0}' is listed twice")]
    DuplicatePlayer(String),
    /// A points value could not be read.
    #[error("bad points '{0}': {1}")]
    BadPoints(String, PointsError),
    /// A games count is not a non-negative whole number.
    #[error("bad games count '{0}' (expected a whole number ≥ 0)")]
    BadGames(String),
    /// The CSV structure itself is broken (reported by the CSV reader).
    #[error("{0}")]
    Malformed(String),
    /// A row short of fields has more fields than the header once its full-width commas 「，」
    /// are read as separators.
    #[error(
        "{found} fields when each full-width comma is read as a separator, more than the {columns} columns"
    )]
    FullwidthTooMany {
        /// Fields of the split row.
        found: usize,
        /// Fields of the header.
        columns: usize,
    },
}

/// An input error at a line (and column, when one field is to blame).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    /// 1-based line number.
    pub line: u64,
    /// The column at fault, if one is.
    pub column: Option<Column>,
    /// What is wrong.
    pub problem: Problem,
    /// Whether the line had fewer fields than the header, so that its full-width commas 「，」 were
    /// read as separators.
    pub split: bool,
}

impl InputError {
    /// The error in `lang`, for pages and the command line: where (line, and the column with its
    /// header name) and what.
    pub fn text(&self, lang: Lang) -> String {
        let mut out = lang.reason(&Reason::new("csv_at_line").arg("line", self.line));
        if let Some(c) = self.column {
            out.push_str(&lang.reason(&Reason::new("csv_at_column").arg("column", c.number)));
            out.push_str(&format!(" ({})", c.name));
        }
        out.push_str(lang.t("csv_colon"));
        let problem = self.problem.reason();
        out.push_str(&lang.reason(&if self.split {
            Reason::new("csv_fullwidth_split").arg_reason("message", &problem)
        } else {
            problem
        }));
        out
    }
}

impl Problem {
    /// What is wrong, as a message (area `words`).
    pub fn reason(&self) -> Reason {
        match self {
            Problem::NoHeader(expected) => Reason::new("csv_no_header").arg("header", expected),
            Problem::MissingColumn(name) => Reason::new("csv_missing_column").arg("column", name),
            Problem::MissingField => Reason::new("csv_missing_field"),
            Problem::NotUtf8 => Reason::new("csv_not_utf8"),
            Problem::BadDate(d) => Reason::new("csv_bad_date").arg("date", d),
            Problem::UnknownResult(r) => Reason::new("csv_unknown_result").arg("result", r),
            Problem::EmptyName => Reason::new("csv_empty_name"),
            Problem::BadName(why) => why.reason(),
            Problem::SamePlayer(n) => Reason::new("csv_same_player").arg("player", n),
            Problem::DuplicatePlayer(n) => Reason::new("csv_duplicate_player").arg("player", n),
            Problem::BadPoints(text, why) => Reason::new("csv_bad_points")
                .arg("points", text)
                .arg_reason("why", &Reason::new(why.key())),
            Problem::BadGames(text) => Reason::new("csv_bad_games").arg("games", text),
            // The CSV library's message (broken quoting and the like) is English: say it in words.
            Problem::Malformed(_) => Reason::new("csv_malformed"),
            Problem::FullwidthTooMany { found, columns } => Reason::new("csv_fullwidth_too_many")
                .arg("found", *found)
                .arg("columns", *columns),
        }
    }
}

impl fmt::Display for InputError {
    /// `line 5, column 2 (red): empty player name`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(c) = self.column {
            write!(f, ", column {} ({})", c.number, c.name)?;
        }
        write!(f, ": {}", self.problem)?;
        if self.split {
            f.write_str(" (the line has fewer fields than the header: each full-width comma “，” was read as a separator)")?;
        }
        Ok(())
    }
}

/// One line of a starting list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartEntry {
    /// The player's name.
    pub name: String,
    /// Points to start from.
    pub points: Points,
    /// Rated games already played (counts towards the unrated threshold).
    pub games: u32,
}

const GAMES_HEADER: &str = "date,red,black,result";
const START_HEADER: &str = "player,points,games";

/// Reads a games file (`date,red,black,result`).
pub fn read_games(bytes: &[u8]) -> Result<GameSheet, InputError> {
    let mut lines = Lines::new(bytes);
    let [date_col, red_col, black_col, result_col] =
        lines.header(["date", "red", "black", "result"], GAMES_HEADER)?;
    let mut sheet = GameSheet::default();
    let mut index: HashMap<Box<str>, u32> = HashMap::new();
    // Game files list many games per day: a line with the previous line's date text reuses its value.
    let mut last_date: Option<(Vec<u8>, NaiveDate)> = None;
    while lines.advance()? {
        let field = lines.field(date_col)?.trim_ascii();
        let date = match &last_date {
            Some((text, date)) if text.as_slice() == field => *date,
            _ => {
                let date = parse_date(field).map_err(|p| lines.error(date_col, p))?;
                last_date = Some((field.to_vec(), date));
                date
            }
        };
        let (red, black) = (lines.name(red_col)?, lines.name(black_col)?);
        if red == black {
            return Err(lines.error(black_col, Problem::SamePlayer(black.to_string())));
        }
        let red = intern(&mut sheet.names, &mut index, red);
        let black = intern(&mut sheet.names, &mut index, black);
        let outcome =
            parse_outcome(lines.field(result_col)?).map_err(|p| lines.error(result_col, p))?;
        sheet.games.push(SheetGame {
            date,
            red,
            black,
            outcome,
        });
    }
    Ok(sheet)
}

/// Reads a starting list (`player,points,games`).
pub fn read_start_list(bytes: &[u8]) -> Result<Vec<StartEntry>, InputError> {
    let mut lines = Lines::new(bytes);
    let [player_col, points_col, games_col] =
        lines.header(["player", "points", "games"], START_HEADER)?;
    let mut entries = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    while lines.advance()? {
        let name = lines.name(player_col)?.to_string();
        let points_text = text(lines.field(points_col)?).map_err(|p| lines.error(points_col, p))?;
        let points = Points::parse(points_text)
            .map_err(|e| lines.error(points_col, Problem::BadPoints(points_text.into(), e)))?;
        let games_text = text(lines.field(games_col)?).map_err(|p| lines.error(games_col, p))?;
        let games = games_text
            .parse::<u32>()
            .ok()
            .filter(|_| games_text.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| lines.error(games_col, Problem::BadGames(games_text.into())))?;
        if !seen.insert(name.clone()) {
            return Err(lines.error(player_col, Problem::DuplicatePlayer(name)));
        }
        entries.push(StartEntry {
            name,
            points,
            games,
        });
    }
    Ok(entries)
}

/// One line of a standings file.
#[derive(Debug, Clone, Copy)]
pub struct StandingLine<'a> {
    /// The player's name.
    pub name: &'a str,
    /// Current points.
    pub points: Points,
    /// Current level.
    pub level: Level,
    /// Rated games.
    pub games: u32,
}

/// Writes the standings as `player,points,level,games` (points with two decimals, level empty while
/// unrated), in the order given.
pub fn write_standings<W: Write>(out: W, standings: &[Standing]) -> io::Result<()> {
    write_standing_lines(
        out,
        standings.iter().map(|s| StandingLine {
            name: &s.name,
            points: s.points,
            level: s.level,
            games: s.games,
        }),
    )
}

/// [`write_standings`] from lines (a stored list's standings).
pub fn write_standing_lines<'a, W: Write>(
    out: W,
    lines: impl IntoIterator<Item = StandingLine<'a>>,
) -> io::Result<()> {
    let mut w = ::csv::Writer::from_writer(out);
    w.write_record(["player", "points", "level", "games"])?;
    for s in lines {
        w.write_record([
            &*crate::csv_safe::cell(s.name),
            &s.points.to_string(),
            &s.level.csv_field(),
            &s.games.to_string(),
        ])?;
    }
    w.flush()
}

/// One game of a history file, from the player's side.
#[derive(Debug, Clone, Copy)]
pub struct HistoryLine<'a> {
    /// The day it was played.
    pub date: NaiveDate,
    /// The player's colour.
    pub color: Color,
    /// The opponent's name.
    pub opponent: &'a str,
    /// The player's result.
    pub result: SideResult,
    /// Points gained (negative: lost).
    pub change: Points,
    /// Points after the game.
    pub points_after: Points,
}

/// Writes a player's history as `date,color,opponent,result,change,points` (result W/D/L from the
/// player's side, change signed, points after the game).
pub fn write_history<'a, W: Write>(
    out: W,
    lines: impl IntoIterator<Item = HistoryLine<'a>>,
) -> io::Result<()> {
    let mut w = ::csv::Writer::from_writer(out);
    w.write_record(["date", "color", "opponent", "result", "change", "points"])?;
    for h in lines {
        let color = h.color.as_str();
        let sign = if h.change > Points::ZERO { "+" } else { "" };
        w.write_record([
            h.date.to_string().as_str(),
            color,
            &*crate::csv_safe::cell(h.opponent),
            h.result.letter(),
            &format!("{sign}{}", h.change),
            &h.points_after.to_string(),
        ])?;
    }
    w.flush()
}

/// Adds a name to the sheet once and returns its index.
fn intern(names: &mut Vec<Box<str>>, index: &mut HashMap<Box<str>, u32>, name: &str) -> u32 {
    if let Some(&i) = index.get(name) {
        return i;
    }
    // A sheet never holds 2^32 names: each costs at least one byte of input per game line.
    let i = names.len() as u32;
    names.push(name.into());
    index.insert(name.into(), i);
    i
}

/// Parses `YYYY-MM-DD` (exactly; the date must exist).
fn parse_date(field: &[u8]) -> Result<NaiveDate, Problem> {
    let field = field.trim_ascii();
    let bad = || Problem::BadDate(String::from_utf8_lossy(field).into_owned());
    let digits = |range: std::ops::Range<usize>| -> Option<u32> {
        field.get(range)?.iter().try_fold(0u32, |n, &b| {
            b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
        })
    };
    if field.len() != 10 || field[4] != b'-' || field[7] != b'-' {
        return Err(bad());
    }
    let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10)) else {
        return Err(bad());
    };
    // Four digits always fit an i32 year.
    NaiveDate::from_ymd_opt(y as i32, m, d).ok_or_else(bad)
}

/// Parses `1-0`, `0-1` or `1/2-1/2` (`*` and anything else is refused: only decided games are rated).
fn parse_outcome(field: &[u8]) -> Result<Outcome, Problem> {
    match field.trim_ascii() {
        b"1-0" => Ok(Outcome::RedWins),
        b"0-1" => Ok(Outcome::BlackWins),
        b"1/2-1/2" => Ok(Outcome::Draw),
        other => Err(Problem::UnknownResult(
            String::from_utf8_lossy(other).into_owned(),
        )),
    }
}

/// A field as trimmed UTF-8 text.
fn text(field: &[u8]) -> Result<&str, Problem> {
    std::str::from_utf8(field)
        .map(str::trim)
        .map_err(|_| Problem::NotUtf8)
}

/// A cursor over the records of a CSV file that knows each record's line and the header's columns.
struct Lines<'a> {
    /// The input after any byte-order mark (to locate a record's first line).
    bytes: &'a [u8],
    reader: ::csv::Reader<&'a [u8]>,
    record: ::csv::ByteRecord,
    /// Header columns in the order asked for: (0-based field index, name).
    columns: Vec<(usize, &'static str)>,
    /// Fields of the header (0 before it is read).
    width: usize,
    /// Whether the current record was short of fields and split at its full-width commas.
    split: bool,
}

/// A column the caller asked for, as an index into [`Lines::columns`].
#[derive(Debug, Clone, Copy)]
struct Col(usize);

impl<'a> Lines<'a> {
    fn new(bytes: &'a [u8]) -> Lines<'a> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let reader = ::csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(bytes);
        Lines {
            bytes,
            reader,
            record: ::csv::ByteRecord::new(),
            columns: Vec::new(),
            width: 0,
            split: false,
        }
    }

    /// Reads the header and finds the named columns (case-insensitive, trimmed).
    fn header<const N: usize>(
        &mut self,
        names: [&'static str; N],
        expected: &'static str,
    ) -> Result<[Col; N], InputError> {
        if !self.advance()? {
            return Err(InputError {
                line: 1,
                column: None,
                problem: Problem::NoHeader(expected),
                split: false,
            });
        }
        // A header typed with 「，」 between its names (which never hold one).
        let fields: Vec<&[u8]> = self.record.iter().collect();
        let split: Option<Vec<Vec<u8>>> = crate::csv_text::split_at_fullwidth_commas(&fields)
            .map(|split| split.into_iter().map(<[u8]>::to_vec).collect());
        if let Some(split) = split {
            self.replace_record(split);
        }
        self.width = self.record.len();
        for name in names {
            let found = self
                .record
                .iter()
                .position(|f| f.trim_ascii().eq_ignore_ascii_case(name.as_bytes()));
            match found {
                Some(index) => self.columns.push((index, name)),
                None => {
                    return Err(InputError {
                        line: self.line(),
                        column: None,
                        problem: Problem::MissingColumn(name),
                        split: false,
                    });
                }
            }
        }
        Ok(std::array::from_fn(Col))
    }

    /// Moves to the next record; false at the end of the file. A record short of fields is split
    /// at its full-width commas (`csv_text::short_row`).
    fn advance(&mut self) -> Result<bool, InputError> {
        let more = self
            .reader
            .read_byte_record(&mut self.record)
            .map_err(|e| {
                let line = e.position().map_or(0, |p| p.line());
                InputError {
                    line,
                    column: None,
                    problem: Problem::Malformed(e.to_string()),
                    split: false,
                }
            })?;
        self.split = false;
        // Only a short record is looked at, so a well-formed file reads at full speed.
        if more && self.record.len() < self.width {
            let fields: Vec<&[u8]> = self.record.iter().collect();
            match crate::csv_text::short_row(&fields, self.width) {
                ShortRow::Kept => {}
                ShortRow::Split(split) => {
                    let split: Vec<Vec<u8>> = split.into_iter().map(<[u8]>::to_vec).collect();
                    self.replace_record(split);
                    self.split = true;
                }
                ShortRow::TooMany(found) => {
                    return Err(InputError {
                        line: self.line(),
                        column: None,
                        problem: Problem::FullwidthTooMany {
                            found,
                            columns: self.width,
                        },
                        split: false,
                    });
                }
            }
        }
        Ok(more)
    }

    /// Makes `fields` the current record, at the current record's place in the file.
    fn replace_record<T: AsRef<[u8]>>(&mut self, fields: Vec<T>) {
        let position = self.record.position().cloned();
        self.record = ::csv::ByteRecord::from(fields);
        self.record.set_position(position);
    }

    /// The current record's line. The CSV reader reports where it started reading, which is before any
    /// blank lines it skipped; those are counted here (only on the error path, so reading stays fast).
    fn line(&self) -> u64 {
        let Some(position) = self.record.position() else {
            return 0;
        };
        let skipped = usize::try_from(position.byte())
            .ok()
            .and_then(|start| self.bytes.get(start..))
            .map_or(0, |rest| {
                let blank = rest
                    .iter()
                    .take_while(|&&b| b == b'\n' || b == b'\r')
                    .count();
                rest[..blank].iter().filter(|&&b| b == b'\n').count()
            });
        position.line() + skipped as u64
    }

    fn column(&self, col: Col) -> Column {
        let (index, name) = self.columns[col.0];
        Column {
            number: index + 1,
            name,
        }
    }

    fn error(&self, col: Col, problem: Problem) -> InputError {
        InputError {
            line: self.line(),
            column: Some(self.column(col)),
            problem,
            split: self.split,
        }
    }

    /// The raw field of a column in the current record.
    fn field(&self, col: Col) -> Result<&[u8], InputError> {
        self.record
            .get(self.columns[col.0].0)
            .ok_or_else(|| self.error(col, Problem::MissingField))
    }

    /// A non-empty trimmed player name (a name our writer protected from spreadsheets with a
    /// leading `'` reads back as written).
    fn name(&self, col: Col) -> Result<&str, InputError> {
        let name = crate::csv_safe::read(text(self.field(col)?).map_err(|p| self.error(col, p))?);
        if name.is_empty() {
            return Err(self.error(col, Problem::EmptyName));
        }
        if let Err(why) = crate::text::check_line(name, MAX_NAME) {
            return Err(self.error(col, Problem::BadName(why)));
        }
        Ok(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::list::{RatingList, RatingSettings};

    fn error(bytes: &str) -> String {
        read_games(bytes.as_bytes())
            .expect_err("input has an error")
            .to_string()
    }

    #[test]
    fn names_with_bidi_invisible_or_nul_characters_are_refused_naming_line_and_column() {
        for bad in [
            "A\u{202E}B",
            "A\u{200B}B",
            "A\u{0}B",
            "A\u{061C}B",
            "A\u{E0041}B",
        ] {
            let text = format!("date,red,black,result\n2026-01-01,{bad},Z,1-0\n");
            let shown = error(&text);
            assert!(shown.starts_with("line 2, column 2 (red)"), "{shown}");
            let text = format!("player,points,games\nZ,1500,0\n{bad},1500,0\n");
            let refused = read_start_list(text.as_bytes()).expect_err("refused");
            assert!(
                refused.to_string().starts_with("line 3, column 1"),
                "{refused}"
            );
        }
    }

    #[test]
    fn reads_games_with_bom_chinese_names_and_any_column_order() {
        let text = "\u{feff}result, date ,Red,black,note\n1-0,2026-03-01,王小明, 陳大文 ,x\n\
                    1/2-1/2,2026-03-02,\"李, 四\",王小明,\n0-1,2026-02-28,陳大文,李, 四\n";
        let sheet = read_games(text.as_bytes());
        // The last line has an unquoted comma: its name column is "李" and the result column is "0-1".
        let sheet = sheet.expect("valid sheet");
        assert_eq!(sheet.names().len(), 4);
        let games = sheet.entries();
        assert_eq!(games.len(), 3);
        assert_eq!(sheet.name(games[0].red), Some("王小明"));
        assert_eq!(sheet.name(games[0].black), Some("陳大文"));
        assert_eq!(games[0].outcome, Outcome::RedWins);
        assert_eq!(sheet.name(games[1].red), Some("李, 四"));
        assert_eq!(games[1].black, games[0].red, "names are stored once");
        assert_eq!(games[1].outcome, Outcome::Draw);
        assert_eq!(
            games[2].date,
            NaiveDate::from_ymd_opt(2026, 2, 28).expect("date")
        );
        assert_eq!(sheet.name(games[2].black), Some("李"));
        assert_eq!(sheet.name(4), None);
    }

    #[test]
    fn errors_name_line_and_column() {
        let head = "date,red,black,result\n";
        assert_eq!(
            error(&format!("{head}2026-03-01,a,b,1-0\n2026-13-01,a,b,1-0\n")),
            "line 3, column 1 (date): bad date '2026-13-01' (expected YYYY-MM-DD)"
        );
        assert_eq!(
            error(&format!("{head}2026-02-30,a,b,1-0\n")),
            "line 2, column 1 (date): bad date '2026-02-30' (expected YYYY-MM-DD)"
        );
        assert_eq!(
            error(&format!("{head}26-3-1,a,b,1-0\n")),
            "line 2, column 1 (date): bad date '26-3-1' (expected YYYY-MM-DD)"
        );
        assert_eq!(
            error(&format!("{head}2026-03-01,a,b,2-0\n")),
            "line 2, column 4 (result): unknown result '2-0' (expected 1-0, 0-1 or 1/2-1/2)"
        );
        assert_eq!(
            error(&format!("{head}2026-03-01,a,b,*\n")),
            "line 2, column 4 (result): unknown result '*' (expected 1-0, 0-1 or 1/2-1/2)"
        );
        assert_eq!(
            error(&format!("{head}2026-03-01, ,b,1-0\n")),
            "line 2, column 2 (red): empty player name"
        );
        assert_eq!(
            error(&format!("{head}2026-03-01,a,,1-0\n")),
            "line 2, column 3 (black): empty player name"
        );
        assert_eq!(
            error(&format!("{head}2026-03-01,王, 王 ,1-0\n")),
            "line 2, column 3 (black): '王' is on both sides"
        );
        assert_eq!(
            error(&format!("{head}\n\n2026-03-01,a,b\n")),
            "line 4, column 4 (result): missing field"
        );
        assert_eq!(
            error("date,red,result\n"),
            "line 1: missing column 'black' in the header"
        );
        assert_eq!(
            error(""),
            "line 1: empty file (expected the header date,red,black,result)"
        );
        assert_eq!(
            read_games(b"date,red,black,result\n2026-03-01,\xff,b,1-0\n")
                .map_err(|e| e.to_string()),
            Err("line 2, column 2 (red): not valid UTF-8 text".to_string())
        );
    }

    #[test]
    fn a_short_line_reads_its_fullwidth_commas_as_separators() {
        let text = "date,red,black,result\n2026-03-01,謝家樂，陳大文,1-0\n\
                    2026-03-02，陳大文，李四，1/2-1/2\n2026-03-03,\"李，四\",王,0-1\n";
        let sheet = read_games(text.as_bytes()).expect("valid sheet");
        let games = sheet.entries();
        assert_eq!(sheet.name(games[0].red), Some("謝家樂"));
        assert_eq!(sheet.name(games[0].black), Some("陳大文"));
        assert_eq!(sheet.name(games[1].black), Some("李四"));
        assert_eq!(games[1].outcome, Outcome::Draw);
        assert_eq!(
            sheet.name(games[2].red),
            Some("李，四"),
            "a whole line keeps it"
        );
        // A header typed with 「，」 too.
        let sheet = read_games("date，red，black，result\n2026-03-01，甲，乙，1-0\n".as_bytes())
            .expect("valid sheet");
        assert_eq!(sheet.entries().len(), 1);
        // Too many fields once split; a split line's error says it was split.
        assert_eq!(
            error("date,red,black,result\n2026-03-01,甲，乙，丙,1-0\n"),
            "line 2: 5 fields when each full-width comma is read as a separator, more than the 4 columns"
        );
        assert_eq!(
            error("date,red,black,result\n2026-03-01,甲，乙,2-0\n"),
            "line 2, column 4 (result): unknown result '2-0' (expected 1-0, 0-1 or 1/2-1/2) \
             (the line has fewer fields than the header: each full-width comma “，” was read as a separator)"
        );
        let start = read_start_list("player,points,games\n謝家樂，1620.50，25\n".as_bytes())
            .expect("valid list");
        assert_eq!((start[0].name.as_str(), start[0].games), ("謝家樂", 25));
    }

    #[test]
    fn reads_a_start_list() {
        let text = "\u{feff}player,points,games\n王小明,1623.5,12\n陳大文, 1480 ,0\n";
        let entries = read_start_list(text.as_bytes()).expect("valid list");
        assert_eq!(
            entries,
            [
                StartEntry {
                    name: "王小明".into(),
                    points: Points::from_hundredths(162_350),
                    games: 12
                },
                StartEntry {
                    name: "陳大文".into(),
                    points: Points::whole(1480),
                    games: 0
                },
            ]
        );
    }

    #[test]
    fn start_list_errors_name_line_and_column() {
        let err = |t: &str| {
            read_start_list(t.as_bytes())
                .expect_err("has an error")
                .to_string()
        };
        let head = "player,points,games\n";
        assert_eq!(
            err(&format!("{head}a,15x0,1\n")),
            "line 2, column 2 (points): bad points '15x0': not a number (expected e.g. 1500 or 1523.75)"
        );
        assert_eq!(
            err(&format!("{head}a,1500.001,1\n")),
            "line 2, column 2 (points): bad points '1500.001': more than two decimals (points are kept in hundredths)"
        );
        assert_eq!(
            err(&format!("{head}a,1500,-1\n")),
            "line 2, column 3 (games): bad games count '-1' (expected a whole number ≥ 0)"
        );
        assert_eq!(
            err(&format!("{head}a,1500,+1\n")),
            "line 2, column 3 (games): bad games count '+1' (expected a whole number ≥ 0)"
        );
        assert_eq!(
            err(&format!("{head},1500,1\n")),
            "line 2, column 1 (player): empty player name"
        );
        assert_eq!(
            err(&format!("{head}a,1500,1\nb,1500,1\na,1400,2\n")),
            "line 4, column 1 (player): player 'a' is listed twice"
        );
        assert_eq!(
            err("name,points,games\n"),
            "line 1: missing column 'player' in the header"
        );
    }

    #[test]
    fn standings_output_round_trips_as_a_start_list() {
        let mut list = RatingList::new(RatingSettings::default());
        list.add_player("王小明", Points::whole(1500), 9)
            .expect("new");
        list.add_player("Lee, \"Sam\"", Points::from_hundredths(150_050), 3)
            .expect("new");
        let sheet = read_games(
            "date,red,black,result\n2026-03-01,王小明,\"Lee, \"\"Sam\"\"\",1-0\n".as_bytes(),
        )
        .expect("valid sheet");
        list.apply_sheet(&sheet).expect("valid games");
        let mut out = Vec::new();
        write_standings(&mut out, &list.standings()).expect("write to memory");
        let text = String::from_utf8(out).expect("utf-8");
        assert_eq!(
            text,
            "player,points,level,games\n王小明,1510.00,20,10\n\"Lee, \"\"Sam\"\"\",1490.50,,4\n"
        );
        let again = read_start_list(text.as_bytes()).expect("standings are a start list");
        assert_eq!(
            again[1],
            StartEntry {
                name: "Lee, \"Sam\"".into(),
                points: Points::from_hundredths(149_050),
                games: 4
            }
        );
    }

    #[test]
    fn writes_a_players_history() {
        let mut list = RatingList::new(RatingSettings::default());
        let sheet = read_games(
            "date,red,black,result\n2026-03-02,b,a,1/2-1/2\n2026-03-01,a,b,1-0\n".as_bytes(),
        )
        .expect("valid sheet");
        list.apply_sheet(&sheet).expect("valid games");
        let a = list.find("a").expect("entered");
        let mut out = Vec::new();
        let history = list.history(a);
        let lines = history.iter().map(|h| HistoryLine {
            date: h.date,
            color: h.color,
            opponent: list.name(h.opponent).unwrap_or_default(),
            result: h.result,
            change: h.change,
            points_after: h.points_after,
        });
        write_history(&mut out, lines).expect("write to memory");
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            "date,color,opponent,result,change,points\n\
             2026-03-01,red,b,W,+10.00,1510.00\n\
             2026-03-02,black,b,D,-6.00,1504.00\n"
        );
    }

    /// A name a spreadsheet would run is written with a leading `'`, and reads back as the name.
    #[test]
    fn formula_names_are_written_as_text_and_read_back() {
        let games = "date,red,black,result\n2026-01-01,=HYPERLINK(\"x\"),@SUM(1+1),1-0\n";
        let sheet = read_games(games.as_bytes()).expect("valid");
        let mut list = RatingList::new(Default::default());
        list.apply_sheet(&sheet).expect("rated");
        let mut out = Vec::new();
        write_standings(&mut out, &list.standings()).expect("written");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.contains("'=HYPERLINK"), "{text}");
        assert!(text.contains("'@SUM(1+1)"), "{text}");
        // The download is `player,points,level,games`; as a starting list it reads back by header.
        let back = read_start_list(text.as_bytes()).expect("reads back");
        let mut names: Vec<&str> = back.iter().map(|e| e.name.as_str()).collect();
        names.sort();
        assert_eq!(names, ["=HYPERLINK(\"x\")", "@SUM(1+1)"]);
    }
}
