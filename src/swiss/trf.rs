//! FIDE Tournament Report File (TRF-2026, and the older TRF16 with the JaVaFo TRF(x) extensions).
//!
//! Two layers:
//! - [`TrfDocument`]: the file as a list of [`Record`]s, one per line, parsed column by column and
//!   written back the same way (unknown lines are kept verbatim, so read → write keeps the file).
//! - [`read_tournament`] / [`write_tournament`]: the document interpreted as a Swiss [`Tournament`]
//!   (players, round entries, byes, forbidden pairs, points system) and back.
//!
//! Columns in this module are 1-based, as in the FIDE text. A line is a sequence of characters (not
//! bytes), so names in Chinese characters keep the columns of the fields after them.

use std::fmt;

use super::standings::{TieBreak, standings};
use super::tournament::{
    ByeKind, ByeRequest, ModelError, Player, PlayerNumber, Points, ResultCode, RoundEntry,
    ScoringSystem, Tournament,
};
use crate::rules::Color;

/// A TRF that cannot be read: the 1-based line (and column where useful) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct TrfError {
    /// 1-based line number; 0 when the problem concerns the file as a whole.
    pub line: usize,
    /// 1-based column of the offending field, when one field is at fault.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}", self.message),
            (line, Some(column)) => write!(f, "line {line}, column {column}: {}", self.message),
            (line, None) => write!(f, "line {line}: {}", self.message),
        }
    }
}

impl TrfError {
    fn at(line: usize, column: Option<usize>, message: impl Into<String>) -> TrfError {
        TrfError {
            line,
            column,
            message: message.into(),
        }
    }
}

/// A `001` player line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Starting rank (pairing number), columns 5–8.
    pub start_number: u32,
    /// Sex, column 10 (`m` / `w` or blank).
    pub sex: String,
    /// Title, columns 11–13.
    pub title: String,
    /// Name, columns 15–47 ("Lastname, Firstname").
    pub name: String,
    /// Rating, columns 49–52 (blank when unrated).
    pub rating: Option<u32>,
    /// Federation, columns 54–56.
    pub federation: String,
    /// FIDE number, columns 58–68.
    pub fide_id: String,
    /// Birth date, columns 70–79.
    pub birth_date: String,
    /// Points, columns 81–84.
    pub points: Points,
    /// Rank, columns 86–89 (blank allowed in a partial file).
    pub rank: Option<u32>,
    /// Round blocks from column 92; `None` for an all-blank block.
    pub rounds: Vec<Option<RoundEntry>>,
}

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
    fn parse(c: char) -> Option<PointsCode> {
        Some(match c {
            'W' => PointsCode::Win,
            'D' => PointsCode::Draw,
            'L' => PointsCode::Loss,
            'A' => PointsCode::Absence,
            'P' => PointsCode::PairingBye,
            'X' => PointsCode::Unknown,
            _ => return None,
        })
    }

    const fn as_char(self) -> char {
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

/// One line of a TRF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// `###` comment line (text after the three pound signs).
    Comment(String),
    /// A tournament-section tag kept as text (`012` name, `022` city, … `132`, `172`–`222`, …).
    Tag {
        /// The three-character code.
        code: String,
        /// The text from column 5.
        value: String,
    },
    /// `142` number of rounds (TRF-2026).
    Rounds(u32),
    /// `XXR` number of rounds (TRF(x)).
    XxRounds(u32),
    /// `152` colour of the top-ranked player in round 1 (TRF-2026).
    InitialColour(Color),
    /// `162` points system (TRF-2026).
    PointsSystem(Vec<(PointsCode, Points)>),
    /// `XXS` points system (TRF(x)): `CODE=VALUE` pairs.
    XxScoring(Vec<(String, Points)>),
    /// `XXC` configuration words (`rank`, `white1`, `black1`).
    XxConfig(Vec<String>),
    /// `XXP` forbidden pairs: no two of these players may meet.
    XxForbidden(Vec<u32>),
    /// `XXZ` players absent from the round to be paired.
    XxAbsent(Vec<u32>),
    /// `260` prohibited pairings in rounds `first..=last` (TRF-2026).
    Prohibited {
        /// First round of the prohibition.
        first_round: u32,
        /// Last round of the prohibition.
        last_round: u32,
        /// The players, no two of whom may meet.
        players: Vec<u32>,
    },
    /// `240` byes (TRF-2026): `F`, `H` or `Z` in one round for the listed players.
    Byes {
        /// Full, half or zero-point bye.
        kind: ByeKind,
        /// The round.
        round: u32,
        /// The players receiving the bye.
        players: Vec<u32>,
    },
    /// `001` player line.
    Player(PlayerRecord),
    /// An empty line.
    Blank,
    /// Any other line (team records, national ratings, extensions), kept verbatim.
    Other(String),
}

/// A TRF as the list of its lines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrfDocument {
    /// The lines in file order.
    pub records: Vec<Record>,
}

/// Characters `from..=to` (1-based) of a line, or fewer when the line is shorter.
fn field(chars: &[char], from: usize, to: usize) -> String {
    let start = from.saturating_sub(1).min(chars.len());
    let end = to.min(chars.len());
    chars[start..end].iter().collect()
}

/// A character at a 1-based column, or a space past the end of the line.
fn at(chars: &[char], column: usize) -> char {
    chars.get(column.saturating_sub(1)).copied().unwrap_or(' ')
}

fn parse_number(s: &str, line: usize, column: usize, what: &str) -> Result<u32, TrfError> {
    let t = s.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 9 {
        return Err(TrfError::at(
            line,
            Some(column),
            format!("{what} '{t}' is not a number"),
        ));
    }
    t.parse()
        .map_err(|_| TrfError::at(line, Some(column), format!("{what} '{t}' is not a number")))
}

/// Whitespace-separated numbers after the three-character code (XXP, XXZ, `260` and `240` bodies).
fn parse_list(
    text: &str,
    line: usize,
    first_column: usize,
    what: &str,
) -> Result<Vec<u32>, TrfError> {
    let mut out = Vec::new();
    let mut column = first_column;
    let mut rest = text;
    while !rest.is_empty() {
        let trimmed = rest.trim_start();
        column += rest.chars().count() - trimmed.chars().count();
        if trimmed.is_empty() {
            break;
        }
        let token: String = trimmed.chars().take_while(|c| !c.is_whitespace()).collect();
        out.push(parse_number(&token, line, column, what)?);
        column += token.chars().count();
        rest = &trimmed[token.len()..];
    }
    Ok(out)
}

fn parse_player(chars: &[char], line: usize) -> Result<PlayerRecord, TrfError> {
    let start_number = parse_number(&field(chars, 5, 8), line, 5, "starting rank")?;
    if start_number == 0 {
        return Err(TrfError::at(line, Some(5), "starting rank 0"));
    }
    let rating_text = field(chars, 49, 52);
    let rating = if rating_text.trim().is_empty() {
        None
    } else {
        Some(parse_number(&rating_text, line, 49, "rating")?)
    };
    let points_text = field(chars, 81, 84);
    let points = if points_text.trim().is_empty() {
        Points::ZERO
    } else {
        Points::parse(&points_text)
            .filter(|p| p.tenths() >= 0)
            .ok_or_else(|| {
                TrfError::at(
                    line,
                    Some(81),
                    format!("points '{}' are not a number like 11.5", points_text.trim()),
                )
            })?
    };
    let rank_text = field(chars, 86, 89);
    let rank = if rank_text.trim().is_empty() {
        None
    } else {
        Some(parse_number(&rank_text, line, 86, "rank")?)
    };
    // Columns 85, 90 and 91 separate fields; anything there means the columns are shifted.
    for column in [85, 90, 91] {
        if at(chars, column) != ' ' {
            return Err(TrfError::at(
                line,
                Some(column),
                "unexpected character between fields (columns shifted?)",
            ));
        }
    }
    let mut rounds = Vec::new();
    let mut start = 92;
    while start <= chars.len() {
        rounds.push(parse_round(chars, line, start, start_number)?);
        start += 10;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(PlayerRecord {
        start_number,
        sex: field(chars, 10, 10).trim().to_string(),
        title: field(chars, 11, 13).trim().to_string(),
        name: field(chars, 15, 47).trim().to_string(),
        rating,
        federation: field(chars, 54, 56).trim().to_string(),
        fide_id: field(chars, 58, 68).trim().to_string(),
        birth_date: field(chars, 70, 79).trim().to_string(),
        points,
        rank,
        rounds,
    })
}

/// One round block starting at column `start` (92, 102, …).
fn parse_round(
    chars: &[char],
    line: usize,
    start: usize,
    own: u32,
) -> Result<Option<RoundEntry>, TrfError> {
    let round = (start - 92) / 10 + 1;
    let opponent_text = field(chars, start, start + 3);
    for column in [start + 4, start + 6, start + 8, start + 9] {
        if at(chars, column) != ' ' {
            return Err(TrfError::at(
                line,
                Some(column),
                format!(
                    "round {round}: unexpected character '{}' (columns shifted?)",
                    at(chars, column)
                ),
            ));
        }
    }
    let colour_char = at(chars, start + 5);
    let result_char = at(chars, start + 7);
    if opponent_text.trim().is_empty() && colour_char == ' ' && result_char == ' ' {
        return Ok(None);
    }
    let opponent = match opponent_text.trim() {
        "" => None,
        text => match parse_number(text, line, start, "opponent")? {
            0 => None,
            n if n == own => {
                return Err(TrfError::at(
                    line,
                    Some(start),
                    format!("round {round}: player {own} paired against itself"),
                ));
            }
            n => Some(n),
        },
    };
    let colour = match colour_char {
        'w' | 'W' => Some(Color::Red),
        'b' | 'B' => Some(Color::Black),
        '-' | ' ' => None,
        c => {
            return Err(TrfError::at(
                line,
                Some(start + 5),
                format!("round {round}: colour '{c}' is not w, b or -"),
            ));
        }
    };
    let result = ResultCode::from_trf(result_char).ok_or_else(|| {
        TrfError::at(
            line,
            Some(start + 7),
            format!("round {round}: result '{result_char}' is not one of 1 = 0 + - W D L H F U Z"),
        )
    })?;
    Ok(Some(RoundEntry {
        opponent,
        colour,
        result,
    }))
}

/// `162`: a code letter at column 6, 15, 24, … each followed by its points; read as tokens so that
/// files with other spacing are accepted too.
fn parse_points_system(chars: &[char], line: usize) -> Result<Vec<(PointsCode, Points)>, TrfError> {
    let body = field(chars, 4, chars.len());
    let mut tokens = body.split_whitespace().peekable();
    let mut out = Vec::new();
    while let Some(token) = tokens.next() {
        let mut letters = token.chars();
        let code_char = letters.next().unwrap_or(' ');
        let code = PointsCode::parse(code_char.to_ascii_uppercase()).ok_or_else(|| {
            TrfError::at(
                line,
                None,
                format!("points system: '{token}' is not one of the codes W D L A P X"),
            )
        })?;
        let attached: String = letters.collect();
        let value_text = if attached.is_empty() {
            tokens.next().ok_or_else(|| {
                TrfError::at(
                    line,
                    None,
                    format!("points system: no points after '{code_char}'"),
                )
            })?
        } else {
            attached.as_str()
        };
        let value = Points::parse(value_text).ok_or_else(|| {
            TrfError::at(
                line,
                None,
                format!("points system: '{value_text}' is not a number like 1.0"),
            )
        })?;
        out.push((code, value));
    }
    Ok(out)
}

fn parse_xx_scoring(body: &str, line: usize) -> Result<Vec<(String, Points)>, TrfError> {
    let mut out = Vec::new();
    for token in body.split_whitespace() {
        let (code, value) = token
            .split_once('=')
            .ok_or_else(|| TrfError::at(line, None, format!("XXS: '{token}' is not CODE=VALUE")))?;
        let code = code.to_ascii_uppercase();
        const CODES: [&str; 14] = [
            "WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL", "W", "D",
        ];
        if !CODES.contains(&code.as_str()) {
            return Err(TrfError::at(
                line,
                None,
                format!("XXS: unknown code '{code}'"),
            ));
        }
        let value = Points::parse(value)
            .ok_or_else(|| TrfError::at(line, None, format!("XXS: '{value}' is not a number")))?;
        out.push((code, value));
    }
    Ok(out)
}

fn parse_record(text: &str, line: usize) -> Result<Record, TrfError> {
    let chars: Vec<char> = text.chars().collect();
    if text.trim().is_empty() {
        return Ok(Record::Blank);
    }
    if text.starts_with("###") {
        return Ok(Record::Comment(field(&chars, 4, chars.len())));
    }
    let code = field(&chars, 1, 3);
    let body = field(&chars, 5, chars.len());
    if chars.len() > 3 && at(&chars, 4) != ' ' {
        // A code must be followed by a blank in column 4; anything else is kept as an unknown line.
        return Ok(Record::Other(text.to_string()));
    }
    Ok(match code.as_str() {
        "001" => Record::Player(parse_player(&chars, line)?),
        "142" => Record::Rounds(parse_number(&body, line, 5, "number of rounds")?),
        "XXR" => Record::XxRounds(parse_number(&body, line, 5, "number of rounds")?),
        "152" => match body.trim() {
            "W" | "w" => Record::InitialColour(Color::Red),
            "B" | "b" => Record::InitialColour(Color::Black),
            other => {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    format!("initial colour '{other}' is not W or B"),
                ));
            }
        },
        "162" => Record::PointsSystem(parse_points_system(&chars, line)?),
        "XXS" => Record::XxScoring(parse_xx_scoring(&body, line)?),
        "XXC" => {
            let words: Vec<String> = body.split_whitespace().map(str::to_string).collect();
            if let Some(bad) = words
                .iter()
                .find(|w| !matches!(w.as_str(), "rank" | "white1" | "black1"))
            {
                return Err(TrfError::at(
                    line,
                    None,
                    format!("XXC: unknown option '{bad}'"),
                ));
            }
            Record::XxConfig(words)
        }
        "XXP" => Record::XxForbidden(parse_list(&body, line, 5, "player")?),
        "XXZ" => Record::XxAbsent(parse_list(&body, line, 5, "player")?),
        "260" => {
            let first_round = parse_number(&field(&chars, 5, 7), line, 5, "first round")?;
            let last_round = parse_number(&field(&chars, 9, 11), line, 9, "last round")?;
            let players = parse_list(&field(&chars, 12, chars.len()), line, 12, "player")?;
            if first_round == 0 || last_round < first_round {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    format!("rounds {first_round}..{last_round} are not a range"),
                ));
            }
            if players.len() < 2 {
                return Err(TrfError::at(
                    line,
                    Some(13),
                    "a prohibited pairing needs at least two players",
                ));
            }
            Record::Prohibited {
                first_round,
                last_round,
                players,
            }
        }
        "240" => {
            let kind = match at(&chars, 5) {
                'F' | 'f' => ByeKind::Full,
                'H' | 'h' => ByeKind::Half,
                'Z' | 'z' => ByeKind::Zero,
                c => {
                    return Err(TrfError::at(
                        line,
                        Some(5),
                        format!("bye type '{c}' is not F, H or Z"),
                    ));
                }
            };
            let round = parse_number(&field(&chars, 7, 9), line, 7, "round")?;
            let players = parse_list(&field(&chars, 10, chars.len()), line, 10, "player")?;
            if round == 0 {
                return Err(TrfError::at(line, Some(7), "round 0"));
            }
            Record::Byes {
                kind,
                round,
                players,
            }
        }
        _ if code.len() == 3
            && code.ends_with('2')
            && code.chars().take(2).all(|c| c.is_ascii_digit()) =>
        {
            Record::Tag { code, value: body }
        }
        _ => Record::Other(text.to_string()),
    })
}

/// Right-aligns `s` in `width` characters (or leaves it longer).
fn right(s: impl fmt::Display, width: usize) -> String {
    let s = s.to_string();
    format!("{s:>width$}")
}

/// Left-aligns `s` in exactly `width` characters, cutting what does not fit.
fn left(s: &str, width: usize) -> String {
    let cut: String = s.chars().take(width).collect();
    format!("{cut:<width$}")
}

fn write_player(p: &PlayerRecord) -> String {
    let mut s = String::new();
    s.push_str("001 ");
    s.push_str(&right(p.start_number, 4));
    s.push(' ');
    s.push_str(&left(&p.sex, 1));
    s.push_str(&right(left(&p.title, 3).trim_end(), 3));
    s.push(' ');
    s.push_str(&left(&p.name, 33));
    s.push(' ');
    s.push_str(&right(
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        4,
    ));
    s.push(' ');
    s.push_str(&left(&p.federation, 3));
    s.push(' ');
    s.push_str(&right(left(&p.fide_id, 11).trim_end(), 11));
    s.push(' ');
    s.push_str(&left(&p.birth_date, 10));
    s.push(' ');
    s.push_str(&right(p.points, 4));
    s.push(' ');
    s.push_str(&right(p.rank.map(|r| r.to_string()).unwrap_or_default(), 4));
    s.push_str("  ");
    for round in &p.rounds {
        match round {
            None => s.push_str("          "),
            Some(r) => {
                match r.opponent {
                    Some(n) => s.push_str(&right(n, 4)),
                    None => s.push_str("0000"),
                }
                s.push(' ');
                s.push(match r.colour {
                    Some(Color::Red) => 'w',
                    Some(Color::Black) => 'b',
                    None => '-',
                });
                s.push(' ');
                s.push(r.result.trf_char());
                s.push_str("  ");
            }
        }
    }
    s.trim_end().to_string()
}

fn write_record(record: &Record) -> String {
    match record {
        Record::Comment(text) => format!("###{text}"),
        Record::Tag { code, value } => format!("{code} {value}").trim_end().to_string(),
        Record::Rounds(n) => format!("142 {n}"),
        Record::XxRounds(n) => format!("XXR {n}"),
        Record::InitialColour(c) => format!("152 {}", if *c == Color::Red { 'W' } else { 'B' }),
        Record::PointsSystem(entries) => {
            // Code at column 6, points at 7–10, the next code 9 columns further.
            let mut s = String::from("162  ");
            for (code, value) in entries {
                s.push_str(&format!("{}{}    ", code.as_char(), right(value, 4)));
            }
            s.trim_end().to_string()
        }
        Record::XxScoring(entries) => {
            let pairs: Vec<String> = entries.iter().map(|(c, v)| format!("{c}={v}")).collect();
            format!("XXS {}", pairs.join(" "))
        }
        Record::XxConfig(words) => format!("XXC {}", words.join(" ")),
        Record::XxForbidden(players) => format!("XXP {}", join_numbers(players)),
        Record::XxAbsent(players) => format!("XXZ {}", join_numbers(players)),
        Record::Prohibited {
            first_round,
            last_round,
            players,
        } => {
            let list: Vec<String> = players.iter().map(|p| format!("{p:>4}")).collect();
            format!("260 {first_round:03} {last_round:03} {}", list.join(" "))
        }
        Record::Byes {
            kind,
            round,
            players,
        } => {
            let list: Vec<String> = players.iter().map(|p| format!("{p:>4}")).collect();
            format!(
                "240 {} {round:03} {}",
                kind.result().trf_char(),
                list.join(" ")
            )
        }
        Record::Player(p) => write_player(p),
        Record::Blank => String::new(),
        Record::Other(text) => text.clone(),
    }
}

fn join_numbers(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl TrfDocument {
    /// Parses a TRF line by line. Checks the syntax of each known line; the meaning of the whole
    /// (scores, opponents, rounds) is checked by [`read_tournament`].
    pub fn parse(text: &str) -> Result<TrfDocument, TrfError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut records = Vec::new();
        // Remark 1 of the spec ends lines with CR; accept CR, LF and CR LF alike.
        let lines: Vec<&str> = if text.contains('\n') {
            text.split('\n').collect()
        } else {
            text.split('\r').collect()
        };
        for (index, raw) in lines.into_iter().enumerate() {
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            if raw.contains('\t') {
                return Err(TrfError::at(
                    index + 1,
                    raw.find('\t').map(|b| raw[..b].chars().count() + 1),
                    "tab character (TRF columns need spaces)",
                ));
            }
            records.push(parse_record(raw, index + 1)?);
        }
        while records.last() == Some(&Record::Blank) {
            records.pop();
        }
        Ok(TrfDocument { records })
    }

    /// The player lines.
    pub fn players(&self) -> impl Iterator<Item = &PlayerRecord> {
        self.records.iter().filter_map(|r| match r {
            Record::Player(p) => Some(p),
            _ => None,
        })
    }
}

impl fmt::Display for TrfDocument {
    /// Writes the document, one line per record, each ended by a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for record in &self.records {
            writeln!(f, "{}", write_record(record))?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// The document as a tournament.

/// Event details written to the tournament section of an exported TRF (empty fields are left out).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventInfo {
    /// `012` tournament name.
    pub name: String,
    /// `022` city.
    pub city: String,
    /// `032` federation.
    pub federation: String,
    /// `042` date of start, `YYYY/MM/DD`.
    pub start_date: String,
    /// `052` date of end, `YYYY/MM/DD`.
    pub end_date: String,
    /// `102` chief arbiter.
    pub chief_arbiter: String,
    /// The tie-breaks that decide the rank column (columns 86–89); empty means RULES.md §8's order.
    pub tie_breaks: Vec<TieBreak>,
}

/// The twelve base codes of the TRF(x) `XXS` points system, in this order.
const XXS_CODES: [&str; 12] = [
    "WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL",
];

/// Points per base code while the points lines are applied in file order.
struct PointsTable {
    values: [Points; 12],
    /// Whether line `162` gave `P` explicitly (otherwise the pairing bye follows `W`).
    explicit_pairing_bye: bool,
}

impl PointsTable {
    fn new(explicit_pairing_bye: bool) -> PointsTable {
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
    fn apply_162(&mut self, code: PointsCode, value: Points) {
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
    fn apply_xxs(&mut self, code: &str, value: Points) {
        match code {
            "W" => self.set(&["WW", "BW", "FW", "FPB"], value),
            "D" => self.set(&["WD", "BD", "HPB"], value),
            other => self.set(&[other], value),
        }
    }

    fn scoring(&self) -> Result<ScoringSystem, String> {
        for (red, black) in [("WW", "BW"), ("WD", "BD"), ("WL", "BL")] {
            if self.get(red) != self.get(black) {
                return Err(format!(
                    "{red}={} and {black}={} differ; points that depend on the colour are not supported",
                    self.get(red),
                    self.get(black)
                ));
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

/// Whether a round entry shows the player took part in that round's pairing (a game, a forfeit or the
/// pairing-allocated bye); requested byes and absences do not.
fn takes_part(entry: &RoundEntry) -> bool {
    entry.opponent.is_some()
        || entry.result.is_played_game()
        || entry.result.is_forfeit()
        || entry.result == ResultCode::PairingBye
}

fn bye_kind(result: ResultCode) -> Option<ByeKind> {
    match result {
        ResultCode::HalfBye => Some(ByeKind::Half),
        ResultCode::FullBye => Some(ByeKind::Full),
        ResultCode::ZeroBye => Some(ByeKind::Zero),
        _ => None,
    }
}

/// Column of the first field of round `round`'s block (92, 102, …).
fn round_column(round: u32) -> usize {
    92 + 10 * (round as usize).saturating_sub(1)
}

impl TrfDocument {
    /// The number of rounds given by line `142` or `XXR`, if any.
    pub fn total_rounds(&self) -> Option<u32> {
        self.records.iter().rev().find_map(|r| match r {
            Record::Rounds(n) | Record::XxRounds(n) => Some(*n),
            _ => None,
        })
    }

    /// The 1-based line of the `001` record of a player.
    fn player_line(&self, number: PlayerNumber) -> usize {
        self.records
            .iter()
            .position(|r| matches!(r, Record::Player(p) if p.start_number == number))
            .map_or(0, |i| i + 1)
    }

    /// Interprets the document as a tournament: the points system, the rounds played (every round in
    /// which someone was paired), bye requests for later rounds (`H F Z` entries after the last played
    /// round, `240`, `XXZ`), forbidden pairs (`XXP`, and `260` for the round to be paired), and checks
    /// that each player's points field matches the results and that both sides of every game agree.
    pub fn to_tournament(&self) -> Result<Tournament, TrfError> {
        let explicit_pab = self.records.iter().any(|r| {
            matches!(r, Record::PointsSystem(entries) if entries.iter().any(|(c, _)| *c == PointsCode::PairingBye))
        });
        let mut table = PointsTable::new(explicit_pab);
        let mut rounds_line: Option<(usize, u32)> = None;
        let mut first_colour: Option<(usize, Color)> = None;
        let mut points_line = 0;
        for (index, record) in self.records.iter().enumerate() {
            let line = index + 1;
            match record {
                Record::PointsSystem(entries) => {
                    points_line = line;
                    for &(code, value) in entries {
                        table.apply_162(code, value);
                    }
                }
                Record::XxScoring(entries) => {
                    points_line = line;
                    for (code, value) in entries {
                        table.apply_xxs(code, *value);
                    }
                }
                Record::Rounds(n) | Record::XxRounds(n) => {
                    if let Some((_, earlier)) = rounds_line.filter(|&(_, m)| m != *n) {
                        return Err(TrfError::at(
                            line,
                            Some(5),
                            format!("{n} rounds, but an earlier line says {earlier}"),
                        ));
                    }
                    rounds_line = Some((line, *n));
                }
                Record::InitialColour(c) => set_colour(&mut first_colour, line, *c)?,
                Record::XxConfig(words) => {
                    for word in words {
                        match word.as_str() {
                            "white1" => set_colour(&mut first_colour, line, Color::Red)?,
                            "black1" => set_colour(&mut first_colour, line, Color::Black)?,
                            _ => {
                                return Err(TrfError::at(
                                    line,
                                    None,
                                    format!("XXC {word}: pairing by ranking ids is not supported"),
                                ));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let scoring = table
            .scoring()
            .map_err(|m| TrfError::at(points_line, None, m))?;

        // Players by start number; the model numbers them 1..=n without gaps.
        let mut players: Vec<(usize, &PlayerRecord)> = self
            .records
            .iter()
            .enumerate()
            .filter_map(|(i, r)| match r {
                Record::Player(p) => Some((i + 1, p)),
                _ => None,
            })
            .collect();
        players.sort_by_key(|&(line, p)| (p.start_number, line));
        for (position, &(line, p)) in players.iter().enumerate() {
            let expected = position as u32 + 1;
            if p.start_number < expected {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    format!("starting rank {} appears twice", p.start_number),
                ));
            }
            if p.start_number > expected {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    format!("starting ranks must run 1, 2, 3, …: {expected} is missing"),
                ));
            }
        }
        let count = players.len() as u32;

        let rounds_played = players
            .iter()
            .flat_map(|(_, p)| p.rounds.iter().enumerate())
            .filter(|(_, e)| e.as_ref().is_some_and(takes_part))
            .map(|(i, _)| i as u32 + 1)
            .max()
            .unwrap_or(0);
        let total_rounds = match rounds_line {
            Some((line, n)) if n < rounds_played => {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    format!("{n} rounds, but {rounds_played} have been played"),
                ));
            }
            Some((_, n)) => n,
            None => rounds_played,
        };

        let mut bye_requests: Vec<(usize, ByeRequest)> = Vec::new();
        let mut model_players = Vec::with_capacity(players.len());
        for &(line, p) in &players {
            let mut rounds = Vec::with_capacity(rounds_played as usize);
            for (i, entry) in p.rounds.iter().enumerate() {
                let round = i as u32 + 1;
                let entry = entry.unwrap_or(RoundEntry::NOT_PAIRED);
                if round <= rounds_played {
                    rounds.push(entry);
                } else if let Some(kind) =
                    bye_kind(entry.result).filter(|_| entry.opponent.is_none())
                {
                    bye_requests.push((
                        line,
                        ByeRequest {
                            player: p.start_number,
                            round,
                            kind,
                        },
                    ));
                } else if entry.result != ResultCode::NotPaired || entry.opponent.is_some() {
                    return Err(TrfError::at(
                        line,
                        Some(round_column(round)),
                        format!(
                            "round {round}: only a bye (H, F, Z) can stand in a round nobody has been paired in"
                        ),
                    ));
                }
            }
            rounds.resize(rounds_played as usize, RoundEntry::NOT_PAIRED);
            let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
            model_players.push(Player {
                number: p.start_number,
                name: p.name.clone(),
                rating: p.rating.unwrap_or(0),
                id: p.fide_id.parse().ok(),
                federation: text(&p.federation),
                sex: p.sex.chars().next(),
                title: text(&p.title),
                birth: text(&p.birth_date),
                rounds,
                joins_at: 1,
                withdrawn_from: None,
            });
        }

        let known = |line: usize, column: Option<usize>, n: u32| {
            if n == 0 || n > count {
                Err(TrfError::at(
                    line,
                    column,
                    format!("player {n} is not in the player list"),
                ))
            } else {
                Ok(n)
            }
        };
        let next_round = rounds_played + 1;
        let mut forbidden_pairs = Vec::new();
        for (index, record) in self.records.iter().enumerate() {
            let line = index + 1;
            match record {
                Record::XxForbidden(list) | Record::Prohibited { players: list, .. } => {
                    let applies = match record {
                        Record::Prohibited {
                            first_round,
                            last_round,
                            ..
                        } => (*first_round..=*last_round).contains(&next_round),
                        _ => true,
                    };
                    for &n in list {
                        known(line, None, n)?;
                    }
                    if applies {
                        for (k, &a) in list.iter().enumerate() {
                            for &b in &list[k + 1..] {
                                if a != b
                                    && !forbidden_pairs.contains(&(a, b))
                                    && !forbidden_pairs.contains(&(b, a))
                                {
                                    forbidden_pairs.push((a, b));
                                }
                            }
                        }
                    }
                }
                Record::XxAbsent(list) => {
                    for &n in list {
                        let player = known(line, None, n)?;
                        bye_requests.push((
                            line,
                            ByeRequest {
                                player,
                                round: next_round,
                                kind: ByeKind::Zero,
                            },
                        ));
                    }
                }
                Record::Byes {
                    kind,
                    round,
                    players: list,
                } => {
                    for &n in list {
                        let player = known(line, None, n)?;
                        if *round <= rounds_played {
                            // A report lists past byes too; they must agree with the player line.
                            let entry =
                                model_players[player as usize - 1].rounds[*round as usize - 1];
                            if bye_kind(entry.result) != Some(*kind) {
                                return Err(TrfError::at(
                                    line,
                                    None,
                                    format!(
                                        "player {n} has '{}' in round {round}, not this bye",
                                        entry.result.trf_char()
                                    ),
                                ));
                            }
                        } else {
                            bye_requests.push((
                                line,
                                ByeRequest {
                                    player,
                                    round: *round,
                                    kind: *kind,
                                },
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
        // The same request may be given twice (a round column and a `240` line); different ones clash.
        let mut requests: Vec<ByeRequest> = Vec::new();
        for (line, request) in bye_requests {
            match requests
                .iter()
                .find(|r| r.player == request.player && r.round == request.round)
            {
                Some(r) if r.kind == request.kind => {}
                Some(_) => {
                    return Err(TrfError::at(
                        line,
                        None,
                        format!(
                            "player {} has two different byes for round {}",
                            request.player, request.round
                        ),
                    ));
                }
                None => requests.push(request),
            }
            if request.round > total_rounds {
                return Err(TrfError::at(
                    line,
                    None,
                    format!(
                        "bye for round {}, but the tournament has {total_rounds} rounds",
                        request.round
                    ),
                ));
            }
        }

        let first_colour = match first_colour {
            Some((_, c)) => c,
            None => infer_first_colour(&model_players).unwrap_or(Color::Red),
        };
        let tournament = Tournament {
            players: model_players,
            total_rounds,
            rounds_played,
            scoring,
            first_colour,
            forbidden_pairs,
            bye_requests: requests,
        };

        // Both sides of every game must agree.
        tournament.validate().map_err(|e| self.model_error(&e))?;

        // The points field: the score after the played rounds; a file written for pairing may also
        // include the bye requested for the next round (the JaVaFo convention).
        for &(line, p) in &players {
            let computed = tournament.score(p.start_number);
            let with_bye = tournament
                .bye_request(p.start_number, next_round)
                .map(|kind| computed + scoring.points(kind.result()));
            if p.points != computed && Some(p.points) != with_bye {
                return Err(TrfError::at(
                    line,
                    Some(81),
                    format!(
                        "points {} do not match the results, which score {} under the points system",
                        p.points, computed
                    ),
                ));
            }
        }
        Ok(tournament)
    }

    /// Names the line (and round column) of a model inconsistency.
    fn model_error(&self, error: &ModelError) -> TrfError {
        let (player, round) = match *error {
            ModelError::BadOpponent { player, round, .. }
            | ModelError::OpponentMismatch { player, round, .. }
            | ModelError::Asymmetric { player, round, .. }
            | ModelError::MissingColour { player, round } => (player, Some(round)),
            _ => return TrfError::at(0, None, error.to_string()),
        };
        TrfError::at(
            self.player_line(player),
            round.map(round_column),
            error.to_string(),
        )
    }

    /// A document for a tournament: the tournament section from `info`, rounds (`142` and `XXR`),
    /// the first colour (`152` and `XXC`), the points system (`162`, plus `XXS` when `162` cannot say
    /// it), one `001` line per player with score and rank, bye requests (the next round in its round
    /// column, later rounds as `240`), withdrawn players as zero-point byes for the next round, and
    /// forbidden pairs as `XXP`.
    pub fn from_tournament(tournament: &Tournament, info: &EventInfo) -> TrfDocument {
        let mut records = Vec::new();
        for (code, value) in [
            ("012", &info.name),
            ("022", &info.city),
            ("032", &info.federation),
            ("042", &info.start_date),
            ("052", &info.end_date),
        ] {
            if !value.is_empty() {
                records.push(Record::Tag {
                    code: code.to_string(),
                    value: value.clone(),
                });
            }
        }
        records.push(Record::Tag {
            code: "062".to_string(),
            value: tournament.players.len().to_string(),
        });
        records.push(Record::Tag {
            code: "092".to_string(),
            value: "Individual: Swiss-System (FIDE Dutch)".to_string(),
        });
        if !info.chief_arbiter.is_empty() {
            records.push(Record::Tag {
                code: "102".to_string(),
                value: info.chief_arbiter.clone(),
            });
        }
        records.push(Record::Rounds(tournament.total_rounds));
        records.push(Record::InitialColour(tournament.first_colour));
        let s = &tournament.scoring;
        records.push(Record::PointsSystem(vec![
            (PointsCode::Win, s.win),
            (PointsCode::Draw, s.draw),
            (PointsCode::Loss, s.loss),
            (PointsCode::Absence, s.zero_bye),
            (PointsCode::PairingBye, s.pairing_bye),
        ]));

        let tie_breaks: &[TieBreak] = if info.tie_breaks.is_empty() {
            &TieBreak::DEFAULT_ORDER
        } else {
            &info.tie_breaks
        };
        let table = standings(tournament, tournament.rounds_played, tie_breaks);
        let rank_of = |n: PlayerNumber| table.iter().find(|s| s.player == n).map(|s| s.rank);
        let next_round = tournament.next_round();
        for player in &tournament.players {
            let mut rounds: Vec<Option<RoundEntry>> = player
                .rounds
                .iter()
                .map(|e| (*e != RoundEntry::NOT_PAIRED).then_some(*e))
                .collect();
            let next = tournament
                .bye_request(player.number, next_round)
                .or_else(|| {
                    (!player.is_active_in(next_round) && next_round <= tournament.total_rounds)
                        .then_some(ByeKind::Zero)
                });
            if let Some(kind) = next {
                rounds.push(Some(RoundEntry::without_opponent(kind.result())));
            }
            records.push(Record::Player(PlayerRecord {
                start_number: player.number,
                sex: player.sex.map(String::from).unwrap_or_default(),
                title: player.title.clone().unwrap_or_default(),
                name: player.name.clone(),
                rating: (player.rating > 0).then_some(player.rating),
                federation: player.federation.clone().unwrap_or_default(),
                fide_id: player.id.map(|id| id.to_string()).unwrap_or_default(),
                birth_date: player.birth.clone().unwrap_or_default(),
                points: tournament.score(player.number),
                rank: rank_of(player.number),
                rounds,
            }));
        }

        // TRF(x) after the player lines, as JaVaFo writes them.
        records.push(Record::XxRounds(tournament.total_rounds));
        records.push(Record::XxConfig(vec![
            if tournament.first_colour == Color::Red {
                "white1"
            } else {
                "black1"
            }
            .to_string(),
        ]));
        let expressible = s.forfeit_win == s.win
            && s.full_bye == s.win
            && s.half_bye == s.draw
            && s.forfeit_loss == s.zero_bye;
        if !expressible {
            records.push(Record::XxScoring(
                [
                    ("W", s.win),
                    ("D", s.draw),
                    ("WL", s.loss),
                    ("BL", s.loss),
                    ("FW", s.forfeit_win),
                    ("FL", s.forfeit_loss),
                    ("FPB", s.full_bye),
                    ("HPB", s.half_bye),
                    ("ZPB", s.zero_bye),
                    ("PAB", s.pairing_bye),
                ]
                .into_iter()
                .map(|(c, v)| (c.to_string(), v))
                .collect(),
            ));
        }
        let mut later: Vec<&ByeRequest> = tournament
            .bye_requests
            .iter()
            .filter(|r| r.round > next_round)
            .collect();
        later.sort_by_key(|r| (r.round, r.kind.result().trf_char(), r.player));
        for chunk in later.chunk_by(|a, b| a.round == b.round && a.kind == b.kind) {
            records.push(Record::Byes {
                kind: chunk[0].kind,
                round: chunk[0].round,
                players: chunk.iter().map(|r| r.player).collect(),
            });
        }
        for &(a, b) in &tournament.forbidden_pairs {
            records.push(Record::XxForbidden(vec![a, b]));
        }
        TrfDocument { records }
    }
}

fn set_colour(
    slot: &mut Option<(usize, Color)>,
    line: usize,
    colour: Color,
) -> Result<(), TrfError> {
    if let Some((earlier, c)) = *slot
        && c != colour
    {
        return Err(TrfError::at(
            line,
            None,
            format!("first colour contradicts line {earlier}"),
        ));
    }
    *slot = Some((line, colour));
    Ok(())
}

/// Without `152`/`XXC`: the colour of the top-ranked player paired in round 1 (the definition of
/// `152`); a forfeited game still shows the colour the pairing gave.
fn infer_first_colour(players: &[Player]) -> Option<Color> {
    players
        .iter()
        .find_map(|p| p.rounds.first().and_then(|e| e.colour))
}

/// Reads a TRF into a tournament (see [`TrfDocument::to_tournament`]).
pub fn read_tournament(text: &str) -> Result<Tournament, TrfError> {
    TrfDocument::parse(text)?.to_tournament()
}

/// Writes a tournament as a TRF (see [`TrfDocument::from_tournament`]).
pub fn write_tournament(tournament: &Tournament, info: &EventInfo) -> String {
    TrfDocument::from_tournament(tournament, info).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../tests/data/trf/hk2026-r3.trf");

    /// Lines with runs of spaces collapsed: "the same file modulo spacing".
    fn normalized(text: &str) -> Vec<String> {
        text.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    }

    fn replace_line(text: &str, line: usize, f: impl Fn(&str) -> String) -> String {
        text.lines()
            .enumerate()
            .map(|(i, l)| if i + 1 == line { f(l) } else { l.to_string() })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Replaces the characters of columns `from..` (1-based) of a line.
    fn set_columns(line: &str, from: usize, text: &str) -> String {
        let mut chars: Vec<char> = line.chars().collect();
        while chars.len() < from - 1 + text.chars().count() {
            chars.push(' ');
        }
        for (k, c) in text.chars().enumerate() {
            chars[from - 1 + k] = c;
        }
        chars.into_iter().collect()
    }

    fn error_of(text: &str) -> TrfError {
        read_tournament(text).expect_err("the file is invalid")
    }

    #[test]
    fn document_round_trip_keeps_the_file() {
        let doc = TrfDocument::parse(SAMPLE).expect("sample parses");
        let written = doc.to_string();
        assert_eq!(normalized(&written), normalized(SAMPLE));
        // Player lines keep their columns exactly (only trailing blanks may differ).
        for (a, b) in written.lines().zip(SAMPLE.lines()) {
            if a.starts_with("001") {
                assert_eq!(a, b.trim_end());
            }
        }
        assert_eq!(TrfDocument::parse(&written), Ok(doc));
    }

    #[test]
    fn sample_reads_as_a_tournament() {
        let t = read_tournament(SAMPLE).expect("valid sample");
        assert_eq!((t.rounds_played, t.total_rounds, t.next_round()), (3, 5, 4));
        assert_eq!(t.scoring, ScoringSystem::CHINESE);
        assert_eq!(t.first_colour, Color::Red);
        assert_eq!(t.forbidden_pairs, vec![(1, 2)]);
        assert_eq!(
            t.bye_requests,
            vec![
                ByeRequest {
                    player: 5,
                    round: 4,
                    kind: ByeKind::Half
                },
                ByeRequest {
                    player: 3,
                    round: 5,
                    kind: ByeKind::Half
                },
            ]
        );
        let scores: Vec<i32> = (1..=7).map(|n| t.score(n).tenths()).collect();
        assert_eq!(scores, vec![30, 30, 20, 40, 20, 30, 60]);
        let p3 = t.player(3).expect("player 3");
        assert_eq!(p3.name, "王天一");
        assert_eq!(p3.rating, 2300);
        assert_eq!(p3.birth.as_deref(), Some("1989/02/13"));
        assert_eq!(
            p3.rounds[1],
            RoundEntry::without_opponent(ResultCode::HalfBye)
        );
        let p2 = t.player(2).expect("player 2");
        assert_eq!(p2.id, Some(4_100_123));
        assert_eq!(
            p2.rounds[1],
            RoundEntry::game(7, Color::Black, ResultCode::ForfeitLoss)
        );
        assert_eq!(t.player(7).map(|p| p.rating), Some(0));
    }

    #[test]
    fn tournament_round_trip_through_trf() {
        let t = read_tournament(SAMPLE).expect("valid sample");
        let info = EventInfo {
            name: "Hong Kong Jieqi Open 2026".into(),
            ..EventInfo::default()
        };
        let text = write_tournament(&t, &info);
        assert!(
            text.starts_with("012 Hong Kong Jieqi Open 2026\n"),
            "{text}"
        );
        assert!(
            text.contains("\n162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0\n"),
            "{text}"
        );
        assert!(text.contains("\n240 H 005    3\n"), "{text}");
        let again = read_tournament(&text).expect("written file reads back");
        assert_eq!(again, t);
        // The rank column follows the default tie-breaks (BH, WIN, BWG, PS, PN), by hand under 2/1/0:
        // scores 7 → 6, 4 → 4, 1 2 6 → 3, 3 5 → 2; the lowest score in the field is 2, counted for
        // every unplayed round (byes, forfeits). Buchholz of the tied: 1: 4+3+6 = 13, 6: 2+3+3 = 8,
        // 2: 2+2+3 = 7 (round 2 forfeited); 5: 3+4+2 = 9, 3: 3+2+2 = 7 (round 2 a bye).
        // Ranks: 7, 4, 1, 6, 2, 5, 3.
        let doc = TrfDocument::parse(&text).expect("parses");
        let ranks: Vec<(u32, Option<u32>)> =
            doc.players().map(|p| (p.start_number, p.rank)).collect();
        assert_eq!(
            ranks,
            vec![
                (1, Some(3)),
                (2, Some(5)),
                (3, Some(7)),
                (4, Some(2)),
                (5, Some(6)),
                (6, Some(4)),
                (7, Some(1))
            ]
        );
    }

    #[test]
    fn points_field_must_match_the_results() {
        // Line 13 is player 1: W, D, L under 2/1/0 is 3 points, not 3.5.
        let text = replace_line(SAMPLE, 13, |l| set_columns(l, 81, " 3.5"));
        let e = error_of(&text);
        assert_eq!((e.line, e.column), (13, Some(81)));
        assert!(
            e.to_string()
                .contains("points 3.5 do not match the results, which score 3.0"),
            "{e}"
        );
        // Under the default FIDE points (no line 162) the same results are worth 1.5.
        let fide = replace_line(SAMPLE, 11, |_| "### no points line".to_string());
        let e = error_of(&fide);
        assert_eq!(e.line, 13, "{e}");
        assert!(e.to_string().contains("score 1.5"), "{e}");
    }

    #[test]
    fn points_may_include_the_bye_requested_for_the_next_round() {
        // Player 5 (line 17) asked for a half-point bye in round 4: 2.0 or 3.0 are both accepted.
        let text = replace_line(SAMPLE, 17, |l| set_columns(l, 81, " 3.0"));
        assert!(read_tournament(&text).is_ok());
        let text = replace_line(SAMPLE, 17, |l| set_columns(l, 81, " 4.0"));
        assert_eq!(error_of(&text).line, 17);
    }

    #[test]
    fn both_sides_of_a_game_must_agree() {
        // Player 6 (line 18) claims a win in round 1 against player 3, who also claims… a loss: fine;
        // make player 3 claim a win instead.
        let text = replace_line(SAMPLE, 15, |l| set_columns(l, 99, "1"));
        let e = error_of(&text);
        assert_eq!(e.line, 15, "{e}");
        assert_eq!(e.column, Some(92), "{e}");
        // Same colours on both sides.
        let text = replace_line(SAMPLE, 15, |l| set_columns(l, 97, "b"));
        assert_eq!(error_of(&text).line, 15);
    }

    #[test]
    fn syntax_errors_name_line_and_column() {
        let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 109, "x")));
        assert_eq!((e.line, e.column), (14, Some(109)));
        assert!(e.to_string().contains("round 2: result 'x'"), "{e}");
        let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 107, "r")));
        assert_eq!((e.line, e.column), (14, Some(107)));
        let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 81, "3..")));
        assert_eq!((e.line, e.column), (14, Some(81)));
        let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 102, "   2")));
        assert!(e.to_string().contains("paired against itself"), "{e}");
        let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 102, "  99")));
        assert_eq!(e.line, 14, "{e}");
        let e = error_of(&replace_line(SAMPLE, 14, |l| l.replacen(' ', "\t", 1)));
        assert_eq!((e.line, e.column), (14, Some(4)));
        let e = error_of(&replace_line(SAMPLE, 9, |_| "142 five".to_string()));
        assert_eq!((e.line, e.column), (9, Some(5)));
        let e = error_of(&replace_line(SAMPLE, 11, |_| {
            "162  W 2.0    Q 1.0".to_string()
        }));
        assert_eq!(e.line, 11);
    }

    #[test]
    fn player_numbers_run_without_gaps() {
        let e = error_of(&replace_line(SAMPLE, 19, |l| set_columns(l, 5, "   6")));
        assert!(
            e.to_string().contains("starting rank 6 appears twice"),
            "{e}"
        );
        let e = error_of(&replace_line(SAMPLE, 19, |l| set_columns(l, 5, "   8")));
        assert!(e.to_string().contains("7 is missing"), "{e}");
    }

    #[test]
    fn rounds_and_colour_lines_must_agree() {
        let e = error_of(&replace_line(SAMPLE, 20, |_| "XXR 6".to_string()));
        assert_eq!(e.line, 20);
        let e = error_of(&replace_line(SAMPLE, 21, |_| "XXC black1".to_string()));
        assert_eq!(e.line, 21);
        let e = error_of(&replace_line(SAMPLE, 21, |_| "XXC rank".to_string()));
        assert!(e.to_string().contains("not supported"), "{e}");
        let two = replace_line(
            &replace_line(SAMPLE, 9, |_| "142 2".to_string()),
            20,
            |_| "XXR 2".to_string(),
        );
        let e = error_of(&two);
        assert!(e.to_string().contains("3 have been played"), "{e}");
    }

    #[test]
    fn trf16_with_javafo_extensions() {
        // No 142/152/162: XXR, XXC, XXS (2/1/0 by shortcuts), XXZ for an absent player, blank results
        // for present players in the round to be paired, CR line endings.
        let lines = [
            "012 Club Swiss",
            "001    1      Alpha                             1800                             2.0    1     3 w 1",
            "001    2      Beta                              1700                             1.0    2     4 b =",
            "001    3      Gamma                             1600                             0.0    3     1 b 0",
            "001    4      Delta                             1500                             1.0    4     2 w =",
            "XXR 4",
            "XXS W=2 D=1 PAB=2",
            "XXZ 4",
            "XXP 1 2 3",
        ];
        let t = read_tournament(&lines.join("\r")).expect("valid TRF(x)");
        assert_eq!((t.rounds_played, t.total_rounds), (1, 4));
        assert_eq!(t.scoring, ScoringSystem::CHINESE);
        assert_eq!(
            t.first_colour,
            Color::Red,
            "inferred from player 1's colour in round 1"
        );
        assert_eq!(
            t.bye_requests,
            vec![ByeRequest {
                player: 4,
                round: 2,
                kind: ByeKind::Zero
            }]
        );
        assert_eq!(t.forbidden_pairs, vec![(1, 2), (1, 3), (2, 3)]);
        // Different points for wins with Red and Black cannot be represented.
        let mut mixed = lines;
        mixed[6] = "XXS WW=2 BW=3";
        let e = error_of(&mixed.join("\n"));
        assert_eq!(e.line, 7, "{e}");
    }

    #[test]
    fn prohibited_pairings_apply_in_their_rounds() {
        let with = |line: &str| format!("{SAMPLE}\n{line}\n");
        let t = read_tournament(&with("260 004 005    3    4    6")).expect("valid");
        assert_eq!(t.forbidden_pairs, vec![(1, 2), (3, 4), (3, 6), (4, 6)]);
        let t = read_tournament(&with("260 001 003    3    4")).expect("valid");
        assert_eq!(t.forbidden_pairs, vec![(1, 2)], "rounds 1–3 are over");
        let e = error_of(&with("260 004 005    3   12"));
        assert!(e.to_string().contains("player 12"), "{e}");
    }

    #[test]
    fn unknown_lines_are_kept() {
        let doc = TrfDocument::parse(SAMPLE).expect("parses");
        assert!(
            doc.records
                .iter()
                .any(|r| matches!(r, Record::Other(l) if l.starts_with("310")))
        );
        assert!(doc.records.iter().any(|r| matches!(r, Record::Comment(_))));
    }

    /// A tournament built through the model: points the `162` line cannot express (a forfeit win
    /// worth less than a win) go to `XXS`; a withdrawn player is a zero-point bye in the next round;
    /// byes requested for later rounds become `240` lines.
    #[test]
    fn writer_covers_what_162_cannot_say() {
        let scoring = ScoringSystem {
            forfeit_win: Points::whole(1),
            ..ScoringSystem::CHINESE
        };
        let mut t = Tournament::new(4, scoring, Color::Black);
        for name in ["A", "B", "C", "D"] {
            t.add_player(name, 1500);
        }
        t.record_round(&[
            (1, RoundEntry::game(3, Color::Black, ResultCode::ForfeitWin)),
            (3, RoundEntry::game(1, Color::Red, ResultCode::ForfeitLoss)),
            (2, RoundEntry::game(4, Color::Red, ResultCode::Draw)),
            (4, RoundEntry::game(2, Color::Black, ResultCode::Draw)),
        ])
        .expect("round 1");
        t.bye_requests.push(ByeRequest {
            player: 2,
            round: 3,
            kind: ByeKind::Full,
        });
        t.bye_requests.push(ByeRequest {
            player: 1,
            round: 2,
            kind: ByeKind::Half,
        });
        if let Some(p) = t.player_mut(4) {
            p.withdrawn_from = Some(2);
        }
        let text = write_tournament(&t, &EventInfo::default());
        assert!(
            text.contains(
                "\nXXS W=2.0 D=1.0 WL=0.0 BL=0.0 FW=1.0 FL=0.0 FPB=2.0 HPB=1.0 ZPB=0.0 PAB=2.0\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("\n152 B\n") && text.contains("\nXXC black1\n"),
            "{text}"
        );
        assert!(text.contains("\n240 F 003    2\n"), "{text}");
        let back = read_tournament(&text).expect("reads back");
        assert_eq!(back.scoring, scoring);
        assert_eq!(back.score(1), Points::whole(1));
        assert_eq!(back.first_colour, Color::Black);
        assert_eq!(back.players, {
            let mut players = t.players.clone();
            // TRF has no withdrawal: it comes back as an absence from the next round.
            players[3].withdrawn_from = None;
            players
        });
        assert_eq!(
            back.bye_requests,
            vec![
                ByeRequest {
                    player: 1,
                    round: 2,
                    kind: ByeKind::Half
                },
                ByeRequest {
                    player: 4,
                    round: 2,
                    kind: ByeKind::Zero
                },
                ByeRequest {
                    player: 2,
                    round: 3,
                    kind: ByeKind::Full
                },
            ]
        );
    }

    #[test]
    fn bye_requests_from_columns_and_240_lines_must_agree() {
        // Player 5 has "0000 - H" in round 4; a 240 line saying the same is fine, another bye is not.
        let same = format!("{SAMPLE}\n240 H 004    5\n");
        assert_eq!(read_tournament(&same).map(|t| t.bye_requests.len()), Ok(2));
        let clash = format!("{SAMPLE}\n240 Z 004    5\n");
        let e = error_of(&clash);
        assert_eq!(e.line, 26, "{e}"); // after the blank line 25
        assert!(e.to_string().contains("two different byes"), "{e}");
        // A 240 line about a played round must match the player line (player 3 had H in round 2).
        assert!(read_tournament(&format!("{SAMPLE}\n240 H 002    3\n")).is_ok());
        let e = error_of(&format!("{SAMPLE}\n240 F 002    3\n"));
        assert_eq!(e.line, 26, "{e}"); // after the blank line 25
        // A bye beyond the last round.
        let e = error_of(&format!("{SAMPLE}\n240 H 006    4\n"));
        assert!(e.to_string().contains("5 rounds"), "{e}");
    }

    #[test]
    fn first_colour_is_inferred_from_round_one() {
        // No 152/XXC: player 1 had Black in round 1.
        let text = SAMPLE
            .replace("152 W\n", "")
            .replace("XXC white1\n", "")
            .replace("   4 w 1     6 b =", "   4 b 1     6 b =");
        let text = text.replace("   1 b 0     5 w 1", "   1 w 0     5 w 1");
        let t = read_tournament(&text).expect("valid");
        assert_eq!(t.first_colour, Color::Black);
    }
}
