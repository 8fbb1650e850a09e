//! The lines of a TRF: parsed column by column into [`Record`]s and written back the same way.

use std::fmt;

use super::TrfError;
use super::points::{PointsCode, is_xxs_code};
use crate::i18n::Reason;
use crate::rules::Color;
use crate::swiss::tournament::{ByeKind, PlayerNumber, Points, ResultCode, RoundEntry};

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

/// A number of a field; `what` names the field (a `trf_field_*` message key).
fn parse_number(s: &str, line: usize, column: usize, what: &'static str) -> Result<u32, TrfError> {
    let t = s.trim();
    let not_a_number = || {
        TrfError::at(
            line,
            Some(column),
            Reason::new("trf_not_a_number")
                .arg_reason("what", &Reason::new(what))
                .arg("value", t),
        )
    };
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 9 {
        return Err(not_a_number());
    }
    t.parse().map_err(|_| not_a_number())
}

/// Whitespace-separated numbers after the three-character code (XXP, XXZ, `260` and `240` bodies).
fn parse_list(
    text: &str,
    line: usize,
    first_column: usize,
    what: &'static str,
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
    let start_number = parse_number(&field(chars, 5, 8), line, 5, "trf_field_starting_rank")?;
    if start_number == 0 {
        return Err(TrfError::at(
            line,
            Some(5),
            Reason::new("trf_starting_rank_zero"),
        ));
    }
    let rating_text = field(chars, 49, 52);
    let rating = if rating_text.trim().is_empty() {
        None
    } else {
        Some(parse_number(&rating_text, line, 49, "trf_field_rating")?)
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
                    Reason::new("trf_points_not_number").arg("value", points_text.trim()),
                )
            })?
    };
    // The column holds four characters: 100.0 and more could not be written back.
    if points.tenths() > 999 {
        return Err(TrfError::at(
            line,
            Some(81),
            Reason::new("trf_points_too_many").arg("points", points),
        ));
    }
    let rank_text = field(chars, 86, 89);
    let rank = if rank_text.trim().is_empty() {
        None
    } else {
        Some(parse_number(&rank_text, line, 86, "trf_field_rank")?)
    };
    // Columns 85, 90 and 91 separate fields; anything there means the columns are shifted.
    for column in [85, 90, 91] {
        if at(chars, column) != ' ' {
            return Err(TrfError::at(
                line,
                Some(column),
                Reason::new("trf_between_fields"),
            ));
        }
    }
    let mut rounds = Vec::new();
    let mut start = 92;
    while start <= chars.len() {
        if rounds.len() == MAX_ROUNDS {
            return Err(TrfError::at(
                line,
                Some(start),
                Reason::new("trf_too_many_rounds").arg("max", MAX_ROUNDS),
            ));
        }
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
                Reason::new("trf_round_unexpected")
                    .arg("round", round)
                    .arg("char", at(chars, column)),
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
        text => match parse_number(text, line, start, "trf_field_opponent")? {
            0 => None,
            n if n == own => {
                return Err(TrfError::at(
                    line,
                    Some(start),
                    Reason::new("trf_paired_with_itself")
                        .arg("round", round)
                        .arg("player", own),
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
                Reason::new("trf_bad_colour")
                    .arg("round", round)
                    .arg("colour", c),
            ));
        }
    };
    let result = ResultCode::from_trf(result_char).ok_or_else(|| {
        TrfError::at(
            line,
            Some(start + 7),
            Reason::new("trf_bad_result")
                .arg("round", round)
                .arg("result", result_char),
        )
    })?;
    Ok(Some(RoundEntry {
        opponent,
        colour,
        result,
        points: None,
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
                Reason::new("trf_points_code").arg("token", token),
            )
        })?;
        let attached: String = letters.collect();
        let value_text = if attached.is_empty() {
            tokens.next().ok_or_else(|| {
                TrfError::at(
                    line,
                    None,
                    Reason::new("trf_points_missing").arg("code", code_char),
                )
            })?
        } else {
            attached.as_str()
        };
        let value = points_value(value_text).ok_or_else(|| {
            TrfError::at(
                line,
                None,
                Reason::new("trf_points_value").arg("value", value_text),
            )
        })?;
        out.push((code, value));
    }
    Ok(out)
}

fn parse_xx_scoring(body: &str, line: usize) -> Result<Vec<(String, Points)>, TrfError> {
    let mut out = Vec::new();
    for token in body.split_whitespace() {
        let (code, value) = token.split_once('=').ok_or_else(|| {
            TrfError::at(line, None, Reason::new("trf_xxs_pair").arg("token", token))
        })?;
        let code = code.to_ascii_uppercase();
        if !is_xxs_code(&code) {
            return Err(TrfError::at(
                line,
                None,
                Reason::new("trf_xxs_code").arg("code", &code),
            ));
        }
        let value = points_value(value).ok_or_else(|| {
            TrfError::at(line, None, Reason::new("trf_xxs_value").arg("value", value))
        })?;
        out.push((code, value));
    }
    Ok(out)
}

/// The most rounds a player line may have: three digits, as the round fields of `240` and `260`.
const MAX_ROUNDS: usize = 999;

/// The points of one result in a points system: at most 999.9 either way, so that no sum of scores
/// over [`MAX_ROUNDS`] rounds can overflow.
fn points_value(text: &str) -> Option<Points> {
    Points::parse(text).filter(|p| p.tenths().abs() <= 9999)
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
        "142" => Record::Rounds(parse_number(&body, line, 5, "trf_field_rounds")?),
        "XXR" => Record::XxRounds(parse_number(&body, line, 5, "trf_field_rounds")?),
        "152" => match body.trim() {
            "W" | "w" => Record::InitialColour(Color::Red),
            "B" | "b" => Record::InitialColour(Color::Black),
            other => {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    Reason::new("trf_initial_colour").arg("colour", other),
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
                    Reason::new("trf_xxc_option").arg("option", bad),
                ));
            }
            Record::XxConfig(words)
        }
        "XXP" => Record::XxForbidden(parse_list(&body, line, 5, "trf_field_player")?),
        "XXZ" => Record::XxAbsent(parse_list(&body, line, 5, "trf_field_player")?),
        "260" => {
            let first_round = parse_number(&field(&chars, 5, 7), line, 5, "trf_field_first_round")?;
            let last_round = parse_number(&field(&chars, 9, 11), line, 9, "trf_field_last_round")?;
            let players = parse_list(
                &field(&chars, 12, chars.len()),
                line,
                12,
                "trf_field_player",
            )?;
            if first_round == 0 || last_round < first_round {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    Reason::new("trf_not_a_range")
                        .arg("first", first_round)
                        .arg("last", last_round),
                ));
            }
            if players.len() < 2 {
                return Err(TrfError::at(
                    line,
                    Some(13),
                    Reason::new("trf_prohibited_two"),
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
                        Reason::new("trf_bye_type").arg("kind", c),
                    ));
                }
            };
            let round = parse_number(&field(&chars, 7, 9), line, 7, "trf_field_round")?;
            let players = parse_list(
                &field(&chars, 10, chars.len()),
                line,
                10,
                "trf_field_player",
            )?;
            if round == 0 {
                return Err(TrfError::at(line, Some(7), Reason::new("trf_round_zero")));
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
            // Trailing blanks of a line carry nothing (the writer drops them).
            Record::Tag {
                code,
                value: body.trim_end().to_string(),
            }
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
    let cut: String = one_line(s).chars().take(width).collect();
    format!("{cut:<width$}")
}

/// Text as it may stand in one TRF line: control characters (a newline in a name) become spaces.
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
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
        Record::Comment(text) => format!("###{}", one_line(text)),
        Record::Tag { code, value } => format!("{code} {}", one_line(value)).trim_end().to_string(),
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
    /// (scores, opponents, rounds) is checked by [`TrfDocument::to_tournament`].
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
                    Reason::new("trf_tab"),
                ));
            }
            // Any other control character (a NUL, a stray CR) could not be written back: refused too.
            if let Some((at, c)) = raw.char_indices().find(|(_, c)| c.is_control()) {
                return Err(TrfError::at(
                    index + 1,
                    Some(raw[..at].chars().count() + 1),
                    Reason::new("trf_control").arg("code", format!("U+{:04X}", u32::from(c))),
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

impl TrfDocument {
    /// The number of rounds given by line `142` or `XXR`, if any.
    pub fn total_rounds(&self) -> Option<u32> {
        self.records.iter().rev().find_map(|r| match r {
            Record::Rounds(n) | Record::XxRounds(n) => Some(*n),
            _ => None,
        })
    }

    /// The 1-based line of the `001` record of a player.
    pub(super) fn player_line(&self, number: PlayerNumber) -> usize {
        self.records
            .iter()
            .position(|r| matches!(r, Record::Player(p) if p.start_number == number))
            .map_or(0, |i| i + 1)
    }
}
