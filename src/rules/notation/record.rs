//! The PGN-style record syntax shared by every game: tags, then movetext, then a result token.
//!
//! ```text
//! [Variant "Banqi"]
//! [Event "台北盃 \"公開組\""]
//!
//! 1. a1=K b2=p {first flips} 2. a1-a2 b2-b3 ; a line comment
//! 3. c1 1-0
//! ```
//!
//! This module reads and writes the *syntax* only. Move tokens are not interpreted: every game has its own
//! notation parser (ICCS, WXF, Chinese for xiangqi/Jieqi, square notation for Banqi) that receives each
//! [`MoveToken`] with its line and column. Tokens are separated by whitespace (including the ideographic
//! space U+3000); a move number may be glued to the move that follows it (`1.炮二平五`). Move numbers are
//! skipped without checking their values, as PGN readers do; NAGs (`$1`) and trailing annotation glyphs
//! (`!`, `?`) are dropped. Variations in parentheses are not supported and are reported as errors.
//! Line and column numbers are 1-based; columns count characters (Unicode scalar values), not bytes.

use crate::rules::outcome::GameResult;

/// One move as written in the movetext, with where it stands in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveToken {
    /// The token, without any glued move number or annotation glyphs.
    pub text: String,
    /// 1-based line of the token's first character.
    pub line: usize,
    /// 1-based column (in characters) of the token's first character.
    pub column: usize,
}

/// A game record: its tags, its move tokens in order, and the result token if one was written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    /// The tags `[Name "value"]` in the order written (duplicates kept).
    pub tags: Vec<(String, String)>,
    /// The move tokens, one per ply.
    pub moves: Vec<MoveToken>,
    /// The result token at the end of the movetext, if any.
    pub result: Option<GameResult>,
}

impl Record {
    /// Parses a record from raw bytes: UTF-8 with or without a byte-order mark, LF, CRLF or CR line ends.
    pub fn from_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        Record::from_bytes_at(bytes, 1)
    }

    /// Like [`Record::from_bytes`] for a record that starts on line `first_line` of a larger file:
    /// token and error lines count from there.
    pub fn from_bytes_at(bytes: &[u8], first_line: usize) -> Result<Record, RecordError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Record::parse_at(text, first_line),
            Err(e) => {
                let offset = e.valid_up_to();
                // The valid prefix tells where the bad byte stands and how many moves come before it.
                let prefix = std::str::from_utf8(&bytes[..offset]).unwrap_or_default();
                let prefix = prefix.strip_prefix('\u{feff}').unwrap_or(prefix);
                let mut reader = Reader::new(prefix, first_line);
                let _ = reader.read();
                let mut plies_before = reader.record.moves.len();
                if plies_before > 0 && reader.last_word_end == prefix.len() {
                    // The bad byte continues the last token, so that move is the bad one.
                    plies_before -= 1;
                }
                let mut cursor = Cursor::new(prefix, first_line);
                while cursor.bump().is_some() {}
                Err(RecordError {
                    line: cursor.line,
                    column: cursor.column,
                    plies_before,
                    kind: RecordErrorKind::NotUtf8 {
                        offset,
                        byte: bytes.get(offset).copied().unwrap_or_default(),
                        likely: LegacyEncoding::guess(bytes),
                    },
                })
            }
        }
    }

    /// Parses a record from text (a leading byte-order mark is ignored).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        Record::parse_at(text, 1)
    }

    /// Like [`Record::parse`] for a record that starts on line `first_line` of a larger file.
    pub fn parse_at(text: &str, first_line: usize) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut reader = Reader::new(text, first_line);
        match reader.read() {
            Ok(()) => Ok(reader.record),
            Err(mut e) => {
                e.plies_before = reader.record.moves.len();
                Err(e)
            }
        }
    }

    /// The value of the first tag with this name, compared case-insensitively (`tag("variant")`).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The claimed result: the movetext's result token, or else a parseable `Result` tag.
    pub fn claimed_result(&self) -> Option<GameResult> {
        self.result
            .or_else(|| self.tag("Result").and_then(GameResult::parse))
    }
}

/// A syntax error in a record, with the line and column where it was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct RecordError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column in characters.
    pub column: usize,
    /// How many move tokens were read before the error, so a caller can name the ply it falls in
    /// (`plies_before + 1`).
    pub plies_before: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// The kinds of record syntax errors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// The input is not UTF-8; `offset` is the 0-based byte offset of the first bad byte.
    #[error("{}", not_utf8_message(*.offset, *.byte, *.likely))]
    NotUtf8 {
        /// 0-based byte offset.
        offset: usize,
        /// The offending byte.
        byte: u8,
        /// The legacy Chinese encoding the bytes most likely are, if one fits.
        likely: Option<LegacyEncoding>,
    },
    /// A `{` comment that is never closed (the position is the `{`).
    #[error("unterminated comment (no closing '}}')")]
    UnterminatedComment,
    /// A tag that does not end on its line with `"]` (the position is the `[`).
    #[error("unterminated tag (a tag must end with '\"]' on its line)")]
    UnterminatedTag,
    /// A tag with a missing name or value, or text after the value.
    #[error("malformed tag: {0}")]
    MalformedTag(String),
    /// A tag after the movetext has begun.
    #[error("tag after the movetext (tags come first, one game per record)")]
    TagAfterMovetext,
    /// Variations `( … )` are not part of a game record.
    #[error("variations in parentheses are not supported")]
    Variation,
    /// A character that cannot start anything in movetext (`}` or `]`).
    #[error("unexpected character {0:?}")]
    StrayCharacter(char),
    /// A number that is neither a move number (`12.`) nor part of a move.
    #[error("'{0}' is not a move (move numbers end with '.')")]
    BareNumber(String),
    /// Anything but comments after the result token.
    #[error("'{0}' after the result token")]
    TextAfterResult(String),
    /// A JieqiBox JSON game that is not JSON (the position is where the JSON reader stopped).
    #[error("not valid JSON: {0}")]
    Json(String),
    /// A JieqiBox JSON game without a field it needs, or with one of another type (`moves`,
    /// `moves[3].data`).
    #[error("JieqiBox game: the field '{0}' is missing or of the wrong type")]
    JsonField(String),
    /// An `adjust` entry of a JieqiBox game (its pools edited by hand), numbered from 1.
    #[error(
        "JieqiBox game: entry {0} of 'moves' edits the pools by hand ('adjust'), which no game record may do"
    )]
    JsonAdjust(usize),
    /// A JSON array of several games where one game is read.
    #[error("the JSON holds {0} games where one is read")]
    JsonGames(usize),
    /// A Pikafish line that is not `position fen <FEN> [moves …]` or `position startpos [moves …]`.
    #[error("a Pikafish line is 'position fen <FEN> moves …' or 'position startpos moves …'")]
    PositionLine,
}

/// Position-tracking view of the text being read.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str, first_line: usize) -> Self {
        Cursor {
            text,
            pos: 0,
            line: first_line.max(1),
            column: 1,
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Consumes one character, keeping line and column: `\n`, `\r\n` and a lone `\r` each end a line.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        match c {
            '\n' => self.new_line(),
            // In CRLF the `\n` ends the line; a lone CR (old Mac files) ends it by itself.
            '\r' if self.peek() != Some('\n') => self.new_line(),
            '\r' => {}
            _ => self.column += 1,
        }
        Some(c)
    }

    fn new_line(&mut self) {
        self.line += 1;
        self.column = 1;
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' || c == '\r' {
                break;
            }
            self.bump();
        }
    }

    fn error(&self, kind: RecordErrorKind) -> RecordError {
        RecordError {
            line: self.line,
            column: self.column,
            plies_before: 0,
            kind,
        }
    }
}

/// Characters that end a movetext word besides whitespace.
fn is_delimiter(c: char) -> bool {
    matches!(c, '{' | '}' | ';' | '[' | ']' | '(' | ')')
}

/// ASCII or full-width decimal digit.
fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// Characters that end a move number: `.` (also `...`), full-width `．`, `。`, `、` and the ellipsis `…`.
fn is_number_dot(c: char) -> bool {
    matches!(c, '.' | '．' | '。' | '、' | '…')
}

struct Reader<'a> {
    cursor: Cursor<'a>,
    record: Record,
    /// Byte offset just after the last movetext word read.
    last_word_end: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str, first_line: usize) -> Self {
        Reader {
            cursor: Cursor::new(text, first_line),
            record: Record::default(),
            last_word_end: 0,
        }
    }

    /// Reads the whole text into `self.record`; on error the moves read so far stay in it.
    fn read(&mut self) -> Result<(), RecordError> {
        self.skip_blanks()?;
        while self.cursor.peek() == Some('[') {
            self.read_tag()?;
            self.skip_blanks()?;
        }
        loop {
            self.skip_blanks()?;
            let Some(c) = self.cursor.peek() else { break };
            match c {
                '[' => return Err(self.cursor.error(RecordErrorKind::TagAfterMovetext)),
                '(' | ')' => return Err(self.cursor.error(RecordErrorKind::Variation)),
                // Closing brackets, and control characters that no notation uses (binary garbage).
                '}' | ']' => return Err(self.cursor.error(RecordErrorKind::StrayCharacter(c))),
                c if c.is_control() => {
                    return Err(self.cursor.error(RecordErrorKind::StrayCharacter(c)));
                }
                _ => self.read_word()?,
            }
        }
        Ok(())
    }

    /// Skips whitespace, `{…}` and `;` comments, and `%` escape lines (PGN §6).
    fn skip_blanks(&mut self) -> Result<(), RecordError> {
        while let Some(c) = self.cursor.peek() {
            if c.is_whitespace() {
                self.cursor.bump();
            } else if c == ';' || (c == '%' && self.cursor.column == 1) {
                self.cursor.skip_line();
            } else if c == '{' {
                let start = self.cursor.error(RecordErrorKind::UnterminatedComment);
                self.cursor.bump();
                loop {
                    match self.cursor.bump() {
                        None => return Err(start),
                        Some('}') => break,
                        Some(_) => {}
                    }
                }
            } else {
                break;
            }
        }
        Ok(())
    }

    fn read_tag(&mut self) -> Result<(), RecordError> {
        let unterminated = self.cursor.error(RecordErrorKind::UnterminatedTag);
        self.cursor.bump(); // '['
        self.skip_spaces();
        let mut name = String::new();
        while let Some(c) = self
            .cursor
            .peek()
            .filter(|c| c.is_alphanumeric() || *c == '_')
        {
            name.push(c);
            self.cursor.bump();
        }
        if name.is_empty() {
            return Err(self.malformed_or_unterminated(unterminated, "missing tag name"));
        }
        self.skip_spaces();
        if self.cursor.peek() != Some('"') {
            return Err(self.malformed_or_unterminated(
                unterminated,
                &format!("expected a quoted value after the tag name '{name}'"),
            ));
        }
        self.cursor.bump();
        // Real files hold values with unescaped quotes inside (`[Event ""Huangshan Cup" 2002"]`):
        // the value ends at the quote that closes the line's tag (RULES.md §4, Records).
        let line = self.cursor.rest();
        let line = &line[..line.find(['\n', '\r']).unwrap_or(line.len())];
        let Some(close) = closing_quote(line) else {
            return Err(unterminated);
        };
        let mut value = String::new();
        let end = self.cursor.pos + close;
        while self.cursor.pos < end {
            match self.cursor.bump() {
                Some('\\') if self.cursor.pos < end => match self.cursor.peek() {
                    Some(c @ ('"' | '\\')) => {
                        value.push(c);
                        self.cursor.bump();
                    }
                    // Not an escape: keep the backslash (e.g. a Windows path in a Site tag).
                    _ => value.push('\\'),
                },
                Some(c) => value.push(c),
                None => break,
            }
        }
        self.cursor.bump(); // the closing quote
        self.skip_spaces();
        if self.cursor.peek() != Some(']') {
            return Err(self.malformed_or_unterminated(
                unterminated,
                &format!("unexpected text after the value of tag '{name}'"),
            ));
        }
        self.cursor.bump();
        self.record.tags.push((name, value));
        Ok(())
    }

    /// At the end of the line a tag is unterminated; anywhere else it is malformed at the cursor.
    fn malformed_or_unterminated(&self, unterminated: RecordError, why: &str) -> RecordError {
        match self.cursor.peek() {
            None | Some('\n' | '\r') => unterminated,
            Some(_) => self
                .cursor
                .error(RecordErrorKind::MalformedTag(why.to_string())),
        }
    }

    /// Skips spaces and tabs within a line.
    fn skip_spaces(&mut self) {
        while self
            .cursor
            .peek()
            .is_some_and(|c| c.is_whitespace() && c != '\n' && c != '\r')
        {
            self.cursor.bump();
        }
    }

    /// Reads one whitespace-delimited word of movetext: a move number, a move, a NAG or the result.
    fn read_word(&mut self) -> Result<(), RecordError> {
        let (line, column) = (self.cursor.line, self.cursor.column);
        let start = self.cursor.pos;
        while self
            .cursor
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !c.is_control() && !is_delimiter(c))
        {
            self.cursor.bump();
        }
        let word = &self.cursor.text[start..self.cursor.pos];
        self.last_word_end = self.cursor.pos;
        self.word(word, line, column)
    }

    /// Takes one word of movetext that starts at `line`, `column`. What follows a glued move number
    /// is taken as a word of its own, so that `12.6` reads as `12. 6` does (and the writer, which
    /// puts a space there, writes a record that reads back the same).
    fn word(&mut self, word: &str, line: usize, column: usize) -> Result<(), RecordError> {
        let (mut word, mut column) = (word, column);
        loop {
            let at = |kind| RecordError {
                line,
                column,
                plies_before: 0,
                kind,
            };
            if self.record.result.is_some() && !word.is_empty() {
                return Err(at(RecordErrorKind::TextAfterResult(word.to_string())));
            }
            // Annotation glyphs (`!`, `?`) carry no move: `6!` is the bare number `6`.
            word = word.trim_end_matches(['!', '?']);
            if word.is_empty() {
                return Ok(());
            }
            if let Some(result) = GameResult::parse(word) {
                self.record.result = Some(result);
                return Ok(());
            }
            // `1. ... e5` style: the dots that stand for White's (Red's) missing move.
            if word.chars().all(is_number_dot) {
                return Ok(());
            }
            // A NAG such as `$1` carries no move.
            if word.len() > 1
                && word.starts_with('$')
                && word[1..].bytes().all(|b| b.is_ascii_digit())
            {
                return Ok(());
            }
            let digits = word.chars().take_while(|c| is_digit(*c)).count();
            if digits > 0 {
                let after_digits: &str = &word[word
                    .char_indices()
                    .nth(digits)
                    .map_or(word.len(), |(i, _)| i)..];
                let dots = after_digits
                    .chars()
                    .take_while(|c| is_number_dot(*c))
                    .count();
                if dots > 0 {
                    let rest_start = after_digits
                        .char_indices()
                        .nth(dots)
                        .map_or(after_digits.len(), |(i, _)| i);
                    let rest = &after_digits[rest_start..];
                    // Digits, a dot, digits is one token, not a number and a bare number: WXF
                    // writes pawns in tandem so (`55.6`).
                    if rest.is_empty() || !rest.chars().all(is_digit) {
                        word = rest;
                        column += digits + dots;
                        continue;
                    }
                }
                if after_digits.is_empty() {
                    return Err(at(RecordErrorKind::BareNumber(word.to_string())));
                }
                // Otherwise digits that start a move (a Black ordinal such as `2卒5进1`).
            }
            self.record.moves.push(MoveToken {
                text: word.to_string(),
                line,
                column,
            });
            return Ok(());
        }
    }
}

/// The byte index, in the rest of a tag's line after its opening quote, of the quote that closes
/// the value: the last unescaped quote followed only by `]` (and spaces) to the end of the line;
/// else the first one followed by `]` (another tag or movetext on the same line); else the last
/// unescaped quote (text after it is then an error).
fn closing_quote(line: &str) -> Option<usize> {
    let mut quotes = Vec::new();
    let mut chars = line.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, '"' | '\\')) = chars.clone().next() {
                    chars.next();
                }
            }
            '"' => quotes.push(i),
            _ => {}
        }
    }
    let closes_tag = |i: usize| line[i + 1..].trim_start().strip_prefix(']');
    // A quote followed by `]` and another whole tag closes its own tag.
    let next_tag = |rest: &str| {
        let rest = rest.trim_start();
        rest.starts_with('[') && looks_like_tag(rest.as_bytes())
    };
    quotes
        .iter()
        .find(|&&i| closes_tag(i).is_some_and(next_tag))
        .or_else(|| {
            quotes
                .iter()
                .rev()
                .find(|&&i| closes_tag(i).is_some_and(|rest| rest.trim().is_empty()))
        })
        .or_else(|| quotes.iter().find(|&&i| closes_tag(i).is_some()))
        .or_else(|| quotes.last())
        .copied()
}

/// A legacy Chinese encoding a file that is not UTF-8 may be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LegacyEncoding {
    /// Big5 / cp950 (traditional Chinese, Taiwan and Hong Kong).
    Big5,
    /// GB18030 / GBK / GB2312 (simplified Chinese, mainland China).
    Gb18030,
}

impl LegacyEncoding {
    /// The encoding's usual name (as `iconv -f` takes it).
    pub const fn name(self) -> &'static str {
        match self {
            LegacyEncoding::Big5 => "Big5",
            LegacyEncoding::Gb18030 => "GB18030",
        }
    }

    /// Guesses which of Big5 and GB18030 `bytes` are in. Every Big5 byte pair is also a valid
    /// GB18030 pair, so validity alone cannot tell: the guess counts the characters of a game
    /// record's vocabulary (piece names, 進/进, numerals, 勝/胜, …) each reading finds, and takes the
    /// reading that finds more. `None` when the bytes are neither, or nothing tells them apart.
    pub fn guess(bytes: &[u8]) -> Option<LegacyEncoding> {
        let big5 = scan(bytes, LegacyEncoding::Big5);
        let gb = scan(bytes, LegacyEncoding::Gb18030);
        match (big5, gb) {
            (None, None) => None,
            (Some(_), None) => Some(LegacyEncoding::Big5),
            (None, Some(_)) => Some(LegacyEncoding::Gb18030),
            (Some(b), Some(g)) if b > g => Some(LegacyEncoding::Big5),
            (Some(b), Some(g)) if g > b => Some(LegacyEncoding::Gb18030),
            _ => None,
        }
    }
}

/// Common characters of game records in Big5 (traditional): 車馬炮包砲進退平兵卒相象士仕將帥,
/// 一…九, 前後中, 和勝負先紅黑局賽第.
const BIG5_WORDS: [u16; 37] = [
    0xA8AE, 0xB0A8, 0xACB6, 0xA55D, 0xAFA5, 0xB669, 0xB068, 0xA5AD, 0xA74C, 0xA8F2, 0xACDB, 0xB648,
    0xA468, 0xA54B, 0xB14E, 0xABD3, 0xA440, 0xA447, 0xA454, 0xA57C, 0xA4AD, 0xA4BB, 0xA443, 0xA44B,
    0xA445, 0xAB65, 0xABE1, 0xA4A4, 0xA94D, 0xB3D3, 0xAD74, 0xA5FD, 0xACF5, 0xB6C2, 0xA7BD, 0xC1C9,
    0xB2C4,
];

/// The same characters in GB18030 (simplified): 车马炮包砲进退平兵卒相象士仕将帅, 一…九, 前后中,
/// 和胜负先红黑局赛第.
const GB_WORDS: [u16; 37] = [
    0xB3B5, 0xC2ED, 0xC5DA, 0xB0FC, 0xB368, 0xBDF8, 0xCDCB, 0xC6BD, 0xB1F8, 0xD7E4, 0xCFE0, 0xCFF3,
    0xCABF, 0xCACB, 0xBDAB, 0xCBA7, 0xD2BB, 0xB6FE, 0xC8FD, 0xCBC4, 0xCEE5, 0xC1F9, 0xC6DF, 0xB0CB,
    0xBEC5, 0xC7B0, 0xBAF3, 0xD6D0, 0xBACD, 0xCAA4, 0xB8BA, 0xCFC8, 0xBAEC, 0xBADA, 0xBED6, 0xC8FC,
    0xB5DA,
];

/// Walks `bytes` as `encoding`: `None` at a sequence the encoding does not have, else how many
/// vocabulary characters it read.
fn scan(bytes: &[u8], encoding: LegacyEncoding) -> Option<usize> {
    let (words, trail_ok): (&[u16], fn(u8) -> bool) = match encoding {
        LegacyEncoding::Big5 => (&BIG5_WORDS, |b| matches!(b, 0x40..=0x7E | 0xA1..=0xFE)),
        LegacyEncoding::Gb18030 => (&GB_WORDS, |b| matches!(b, 0x40..=0x7E | 0x80..=0xFE)),
    };
    let mut hits = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            i += 1;
            continue;
        }
        if !(0x81..=0xFE).contains(&b) {
            return None;
        }
        let next = *bytes.get(i + 1)?;
        if encoding == LegacyEncoding::Gb18030 && next.is_ascii_digit() {
            // A four-byte GB18030 sequence.
            let (c, d) = (*bytes.get(i + 2)?, *bytes.get(i + 3)?);
            if !(0x81..=0xFE).contains(&c) || !d.is_ascii_digit() {
                return None;
            }
            i += 4;
            continue;
        }
        if !trail_ok(next) {
            return None;
        }
        if words.contains(&(u16::from(b) << 8 | u16::from(next))) {
            hits += 1;
        }
        i += 2;
    }
    Some(hits)
}

fn not_utf8_message(offset: usize, byte: u8, likely: Option<LegacyEncoding>) -> String {
    let base = format!("byte 0x{byte:02X} at offset {offset} is not UTF-8");
    match likely {
        Some(e) => format!(
            "{base}: the file is not UTF-8 but looks like {}; convert it to UTF-8 first (e.g. iconv -f {} -t UTF-8)",
            e.name(),
            e.name()
        ),
        None => format!("{base}: the file is not UTF-8"),
    }
}

/// The text of one game of a multi-game file, and the line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameText {
    /// The game's bytes (tags, movetext, comments), line ends included.
    pub bytes: Vec<u8>,
    /// 1-based line of the file where the game starts.
    pub first_line: usize,
}

/// Splits a file holding many games into the text of each, line by line, so that a reader never
/// holds more than one game: a game starts at a tag line that follows movetext (outside `{…}`
/// comments). Lines are bytes, so that a game that is not UTF-8 is still split off and reported
/// alone.
#[derive(Debug, Clone, Default)]
pub struct GameSplitter {
    current: Vec<u8>,
    first_line: usize,
    lines: usize,
    in_moves: bool,
    in_comment: bool,
}

impl GameSplitter {
    /// A splitter at the start of a file.
    pub fn new() -> GameSplitter {
        GameSplitter {
            first_line: 1,
            ..GameSplitter::default()
        }
    }

    /// Feeds the next line (its line end included); returns the game before it when this line
    /// starts a new one.
    pub fn push_line(&mut self, line: &[u8]) -> Option<GameText> {
        self.lines += 1;
        let text = line
            .strip_prefix("\u{feff}".as_bytes())
            .unwrap_or(line)
            .trim_ascii_start();
        // A tag line ends a comment that was never closed: one game's comment does not run into
        // the next game's tags.
        let is_tag = text.first() == Some(&b'[')
            && (!self.in_comment || (self.in_moves && looks_like_tag(text)));
        let mut done = None;
        if is_tag && self.in_moves {
            done = self.take();
            self.first_line = self.lines;
        }
        if self.current.is_empty() && text.is_empty() {
            // Blank lines between games belong to neither.
            self.first_line = self.lines + 1;
        } else {
            self.current.extend_from_slice(line);
        }
        if !is_tag {
            self.scan_movetext(text);
        }
        done
    }

    /// The last game, at the end of the file (`None` when only blank lines remain).
    pub fn finish(&mut self) -> Option<GameText> {
        self.take()
    }

    fn take(&mut self) -> Option<GameText> {
        self.in_moves = false;
        self.in_comment = false;
        let bytes = std::mem::take(&mut self.current);
        (!bytes.trim_ascii().is_empty()).then_some(GameText {
            bytes,
            first_line: self.first_line,
        })
    }

    /// Notes movetext and `{…}` comments on a line that is not a tag.
    fn scan_movetext(&mut self, text: &[u8]) {
        if !self.in_comment && matches!(text.first(), Some(b';' | b'%')) {
            return;
        }
        for &b in text {
            match b {
                b'{' if !self.in_comment => self.in_comment = true,
                b'}' if self.in_comment => self.in_comment = false,
                b';' if !self.in_comment => return,
                b if !self.in_comment && !b.is_ascii_whitespace() => self.in_moves = true,
                _ => {}
            }
        }
    }
}

/// Whether a line is a whole tag: `[Name "value"]`.
fn looks_like_tag(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    let Some(inner) = line.strip_prefix(b"[").and_then(|l| l.strip_suffix(b"]")) else {
        return false;
    };
    let name = inner
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    name > 0 && inner[name..].trim_ascii_start().first() == Some(&b'"')
}

/// Writes records in the syntax [`Record::parse`] reads: tags, a blank line, numbered movetext wrapped to
/// a line width, then the result token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordWriter {
    /// Maximum characters per movetext line (a single longer unit gets a line of its own).
    pub line_width: usize,
    /// The number of the first move (`1` from the start; a FEN's move number otherwise).
    pub first_move_number: u32,
    /// Whether the first ply is Black's (written `1... m`): a FEN with Black to move, or a Banqi game whose
    /// first flip turned up a Black piece.
    pub black_moves_first: bool,
}

impl Default for RecordWriter {
    fn default() -> Self {
        RecordWriter {
            line_width: 80,
            first_move_number: 1,
            black_moves_first: false,
        }
    }
}

impl RecordWriter {
    /// Formats tags, already-formatted move strings and the result (none written when `None`).
    pub fn write<S: AsRef<str>>(
        &self,
        tags: &[(String, String)],
        moves: &[S],
        result: Option<GameResult>,
    ) -> String {
        let mut out = String::new();
        for (name, value) in tags {
            out.push('[');
            out.push_str(name);
            out.push_str(" \"");
            out.push_str(&escape_tag_value(value));
            out.push_str("\"]\n");
        }
        if !tags.is_empty() {
            out.push('\n');
        }
        let mut units: Vec<String> = Vec::with_capacity(moves.len() + 1);
        let mut number = self.first_move_number;
        let mut black = self.black_moves_first;
        for (i, m) in moves.iter().enumerate() {
            let m = m.as_ref();
            if !black {
                units.push(format!("{number}. {m}"));
            } else if i == 0 {
                units.push(format!("{number}... {m}"));
            } else {
                units.push(m.to_string());
            }
            if black {
                number += 1;
            }
            black = !black;
        }
        if let Some(result) = result {
            units.push(result.as_str().to_string());
        }
        let mut line_len = 0;
        for unit in units {
            let len = unit.chars().count();
            if line_len > 0 && line_len + 1 + len > self.line_width {
                out.push('\n');
                line_len = 0;
            }
            if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(&unit);
            line_len += len;
        }
        if line_len > 0 {
            out.push('\n');
        }
        out
    }

    /// Formats a parsed record back into text (move numbers from this writer's settings).
    pub fn write_record(&self, record: &Record) -> String {
        let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
        self.write(&record.tags, &moves, record.result)
    }
}

/// Escapes `\` and `"` for a tag value; line breaks and other control characters become spaces because a
/// tag must stay on one line.
fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    fn texts(r: &Record) -> Vec<&str> {
        r.moves.iter().map(|m| m.text.as_str()).collect()
    }

    fn err(text: &str) -> RecordError {
        Record::parse(text).expect_err(text)
    }

    #[test]
    fn reads_tags_movetext_and_result() {
        let r = Record::parse(
            "[Variant \"Banqi\"]\n[Event \"台北 \\\"公開組\\\"\"]\n\n1. a1=K b2=p 2. a1-a2 b2xb3 3. c1 1-0\n",
        )
        .unwrap();
        assert_eq!(r.tag("variant"), Some("Banqi"));
        assert_eq!(r.tag("EVENT"), Some("台北 \"公開組\""));
        assert_eq!(r.tag("Round"), None);
        assert_eq!(texts(&r), ["a1=K", "b2=p", "a1-a2", "b2xb3", "c1"]);
        assert_eq!(r.result, Some(GameResult::RedWins));
        assert_eq!((r.moves[0].line, r.moves[0].column), (4, 4));
        assert_eq!((r.moves[4].line, r.moves[4].column), (4, 32));
    }

    #[test]
    fn every_result_token_is_read() {
        for (token, result) in [
            ("1-0", GameResult::RedWins),
            ("0-1", GameResult::BlackWins),
            ("1/2-1/2", GameResult::Draw),
            ("*", GameResult::Unknown),
        ] {
            let r = Record::parse(&format!("1. h2e2 h9g7 {token}")).unwrap();
            assert_eq!(r.result, Some(result), "{token}");
            assert_eq!(r.moves.len(), 2);
        }
        assert_eq!(Record::parse("1. h2e2").unwrap().result, None);
    }

    #[test]
    fn claimed_result_falls_back_to_the_result_tag() {
        let r = Record::parse("[Result \"0-1\"]\n1. h2e2").unwrap();
        assert_eq!(r.result, None);
        assert_eq!(r.claimed_result(), Some(GameResult::BlackWins));
        let r = Record::parse("[Result \"0-1\"]\n1. h2e2 1-0").unwrap();
        assert_eq!(r.claimed_result(), Some(GameResult::RedWins));
    }

    #[test]
    fn bom_and_crlf_are_accepted() {
        let r =
            Record::parse("\u{feff}[Variant \"jieqi\"]\r\n\r\n1. h2e2 h9g7\r\n2. e3e4C 0-1\r\n")
                .unwrap();
        assert_eq!(r.tag("Variant"), Some("jieqi"));
        assert_eq!(texts(&r), ["h2e2", "h9g7", "e3e4C"]);
        assert_eq!((r.moves[2].line, r.moves[2].column), (4, 4));
        let from_bytes = Record::from_bytes("\u{feff}1. a1\r\n".as_bytes()).unwrap();
        assert_eq!(texts(&from_bytes), ["a1"]);
        // A lone CR also ends a line.
        let r = Record::parse("1. a1\r2. b1").unwrap();
        assert_eq!((r.moves[1].line, r.moves[1].column), (2, 4));
    }

    #[test]
    fn move_numbers_of_every_form_are_skipped() {
        let r = Record::parse("1. a 1... b 12. c 13...d 14.e 15．f 16、g １２．h").unwrap();
        assert_eq!(texts(&r), ["a", "b", "c", "d", "e", "f", "g", "h"]);
        let placeholders = Record::parse("7. ... a1 8. b1 … c1").unwrap();
        assert_eq!(texts(&placeholders), ["a1", "b1", "c1"]);
        // The column of a glued move points at the move, not the number.
        assert_eq!(r.moves[3].column, 24);
    }

    #[test]
    fn chinese_tokens_are_whole_and_may_follow_a_number_without_space() {
        let r = Record::parse("1.炮二平五 马8进7\n2.马二进三炮　车９平８ 3. 炮二平五翻车 2卒5进1")
            .unwrap();
        assert_eq!(
            texts(&r),
            [
                "炮二平五",
                "马8进7",
                "马二进三炮",
                "车９平８",
                "炮二平五翻车",
                "2卒5进1"
            ]
        );
        assert_eq!((r.moves[0].line, r.moves[0].column), (1, 3));
        assert_eq!((r.moves[1].line, r.moves[1].column), (1, 8));
        // The ideographic space separates tokens and counts as one column.
        assert_eq!((r.moves[3].line, r.moves[3].column), (2, 9));
    }

    #[test]
    fn comments_nags_and_annotations_are_dropped() {
        let r = Record::parse(
            "; header comment\n[Variant \"banqi\"]\n{a\nmulti-line comment} 1. a1 {after} b1 ; rest\n\
             %escaped line\n2. a1-a2!? $14 b1-b2? ?! 1/2-1/2 {final} ; done",
        )
        .unwrap();
        assert_eq!(texts(&r), ["a1", "b1", "a1-a2", "b1-b2"]);
        assert_eq!(r.result, Some(GameResult::Draw));
        assert_eq!(r.moves[0].line, 4);
    }

    /// Found by fuzzing: `28.6` read as move `6` after a glued number, which the
    /// writer wrote as `28. 6`, a bare number that does not read; and so WXF's `55.6` (pawns in
    /// tandem) did not read back from a written game. Digits, dots, digits is one token; otherwise
    /// what follows a glued number reads as a word of its own, everywhere the same.
    #[test]
    fn what_follows_a_glued_number_reads_as_its_own_word() {
        let r = Record::parse("1. h2e2 h9g7 2.6 55.6 3.55.6").unwrap();
        assert_eq!(texts(&r), ["h2e2", "h9g7", "2.6", "55.6", "55.6"]);
        assert_eq!(r.moves[4].column, 25);
        let again = Record::parse(&RecordWriter::default().write_record(&r)).unwrap();
        assert_eq!(texts(&again), texts(&r));
        let e = err("1. h2e2 6!");
        assert_eq!(e.kind, RecordErrorKind::BareNumber("6".into()));
        assert_eq!((e.line, e.column, e.plies_before), (1, 9, 1));
        let r = Record::parse("1.2.h2e2 h9g7 2.1-0").unwrap();
        assert_eq!(texts(&r), ["h2e2", "h9g7"]);
        assert_eq!(r.moves[0].column, 5);
        assert_eq!(r.result, Some(GameResult::RedWins));
        let again = Record::parse(&RecordWriter::default().write_record(&r)).unwrap();
        assert_eq!(texts(&again), texts(&r));
        assert_eq!(again.result, r.result);
        // A long run of glued numbers is read without recursion.
        let long = "1.".repeat(200_000) + "h2e2";
        assert_eq!(texts(&Record::parse(&long).unwrap()), ["h2e2"]);
    }

    #[test]
    fn comments_glued_to_tokens_split_them() {
        let r = Record::parse("1.a1{x}b1;c\n2.c1").unwrap();
        assert_eq!(texts(&r), ["a1", "b1", "c1"]);
    }

    #[test]
    fn empty_input_is_an_empty_record() {
        assert_eq!(Record::parse("").unwrap(), Record::default());
        assert_eq!(Record::parse("\u{feff} \n\t").unwrap(), Record::default());
    }

    #[test]
    fn unterminated_comment_names_its_opening() {
        let e = err("1. a1 b1\n2. {never closed\n c1");
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 4, RecordErrorKind::UnterminatedComment)
        );
    }

    #[test]
    fn unterminated_tags_name_their_opening() {
        for text in [
            "[Event \"x\"]\n  [Round \"1",
            "[Round \"1\"\n1. a1",
            "[Round\n",
            "[Round \"1\" ",
        ] {
            let e = err(text);
            assert_eq!(e.kind, RecordErrorKind::UnterminatedTag, "{text}");
        }
        let e = err("[Event \"x\"]\n  [Round \"1");
        assert_eq!((e.line, e.column), (2, 3));
    }

    #[test]
    fn malformed_tags_are_errors() {
        let e = err("[\"x\"]");
        assert!(matches!(e.kind, RecordErrorKind::MalformedTag(_)), "{e}");
        let e = err("[Event x]");
        assert_eq!((e.line, e.column), (1, 8));
        assert!(matches!(e.kind, RecordErrorKind::MalformedTag(_)));
        let e = err("[Event \"x\" y]");
        assert!(matches!(e.kind, RecordErrorKind::MalformedTag(_)));
    }

    #[test]
    fn tag_values_with_unescaped_quotes_are_the_text_between_the_first_and_last_quote() {
        let r = Record::parse(
            "[Event \"\"Huangshan Cup\" National GM Tournament 2002\"]\n[Site \"第25屆\"五羊杯\" \"]\n[Round \"1\"] [Red \"x\"]\n\n1. h2e2 *",
        )
        .unwrap();
        assert_eq!(
            r.tag("Event"),
            Some("\"Huangshan Cup\" National GM Tournament 2002")
        );
        assert_eq!(r.tag("Site"), Some("第25屆\"五羊杯\" "));
        // Two tags on one line still close at their own quotes.
        assert_eq!((r.tag("Round"), r.tag("Red")), (Some("1"), Some("x")));
        // Escapes keep working.
        let r = Record::parse("[Event \"a \\\"b\\\" c\"]").unwrap();
        assert_eq!(r.tag("Event"), Some("a \"b\" c"));
    }

    #[test]
    fn the_likely_legacy_encoding_is_named() {
        // 車九進一 in Big5, 车九进一 in GB18030.
        let big5 = b"[Event \"x\"]\n1. \xa8\xae\xa4\x45\xb6\x69\xa4\x40";
        let gb = b"[Event \"x\"]\n1. \xb3\xb5\xbe\xc5\xbd\xf8\xd2\xbb";
        assert_eq!(LegacyEncoding::guess(big5), Some(LegacyEncoding::Big5));
        assert_eq!(LegacyEncoding::guess(gb), Some(LegacyEncoding::Gb18030));
        assert_eq!(LegacyEncoding::guess(b"1. a1 \xff\xfe"), None);
        let e = Record::from_bytes(big5).unwrap_err();
        assert!(
            e.to_string()
                .contains("the file is not UTF-8 but looks like Big5"),
            "{e}"
        );
    }

    #[test]
    fn a_file_of_many_games_is_split_at_tags_after_movetext() {
        let text = "\u{feff}[Event \"a\"]\n\n1. h2e2 {note\n[not a tag]} *\n\n; source: b\n[Event \"b\"]\n[Round \"2\"]\n1. h2e2\n{tail}\n[Event \"c\"]\n1. a1 {open\n[Event \"d\"]\n1. b1\n";
        let mut splitter = GameSplitter::new();
        let mut games = Vec::new();
        for line in text.split_inclusive('\n') {
            games.extend(splitter.push_line(line.as_bytes()));
        }
        games.extend(splitter.finish());
        let firsts: Vec<usize> = games.iter().map(|g| g.first_line).collect();
        assert_eq!(firsts, [1, 7, 11, 13]);
        let record = |g: &GameText| Record::from_bytes_at(&g.bytes, g.first_line);
        let a = record(&games[0]).unwrap();
        assert_eq!(a.moves.len(), 1);
        let b = record(&games[1]).unwrap();
        assert_eq!((b.tag("Round"), b.moves[0].line), (Some("2"), 9));
        // The unclosed comment of game c is its own error, at its own line; game d reads.
        assert_eq!(record(&games[2]).unwrap_err().line, 12);
        assert_eq!(record(&games[3]).unwrap().moves[0].text, "b1");
    }

    #[test]
    fn a_backslash_that_escapes_nothing_is_kept() {
        let r = Record::parse("[Site \"C:\\games\"]").unwrap();
        assert_eq!(r.tag("site"), Some("C:\\games"));
    }

    #[test]
    fn non_utf8_bytes_are_reported_with_offset_line_and_column() {
        let bytes = b"[Event \"x\"]\n1. a1 \xff b1";
        let e = Record::from_bytes(bytes).unwrap_err();
        assert_eq!(
            e.kind,
            RecordErrorKind::NotUtf8 {
                offset: 18,
                byte: 0xff,
                likely: None
            }
        );
        assert_eq!((e.line, e.column), (2, 7));
        assert!(e.to_string().contains("offset 18"), "{e}");
        // A truncated multi-byte sequence at the very end.
        let e = Record::from_bytes("1. 炮".as_bytes().split_last().unwrap().1).unwrap_err();
        assert!(matches!(e.kind, RecordErrorKind::NotUtf8 { offset: 3, .. }));
    }

    #[test]
    fn errors_tell_how_many_moves_came_before() {
        assert_eq!(err("1. a1 b1 2. c1 {open").plies_before, 3);
        assert_eq!(err("[Event \"x").plies_before, 0);
        // A bad byte between tokens falls in the next ply; inside a token, in that token's ply.
        assert_eq!(
            Record::from_bytes(b"1. a1 b1 \xff c1")
                .unwrap_err()
                .plies_before,
            2
        );
        assert_eq!(
            Record::from_bytes(b"1. a1 b1\xff c1")
                .unwrap_err()
                .plies_before,
            1
        );
        assert_eq!(
            Record::from_bytes(b"\xef\xbb\xbf1. a1 \xff")
                .unwrap_err()
                .column,
            7
        );
    }

    #[test]
    fn control_characters_are_garbage() {
        let e = err("1. a1 \u{0}\u{1} b1");
        assert_eq!((e.column, e.plies_before), (7, 1));
        assert_eq!(e.kind, RecordErrorKind::StrayCharacter('\u{0}'));
        assert_eq!(
            e.to_string(),
            "line 1, column 7: unexpected character '\\0'"
        );
        // Glued to a token, the control character still stops there.
        assert_eq!(err("1. a1\u{7f}").column, 6);
    }

    #[test]
    fn garbage_is_reported_where_it_stands() {
        let e = err("1. a1 b1\n 2. a2 } b2");
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 8, RecordErrorKind::StrayCharacter('}'))
        );
        let e = err("1. a1 ( 1... b2 )");
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 7, RecordErrorKind::Variation)
        );
        let e = err("1. a1 [Event \"late\"]");
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 7, RecordErrorKind::TagAfterMovetext)
        );
        let e = err("1. a1 b1 1-0 2. c1");
        assert_eq!((e.line, e.column), (1, 14));
        assert_eq!(e.kind, RecordErrorKind::TextAfterResult("2.".into()));
        let e = err("1. a1 17 b1");
        assert_eq!(
            (e.line, e.column, e.kind.clone()),
            (1, 7, RecordErrorKind::BareNumber("17".into()))
        );
        assert!(e.to_string().starts_with("line 1, column 7: "), "{e}");
    }

    #[test]
    fn writer_numbers_and_wraps_movetext() {
        let tags = vec![
            ("Variant".to_string(), "Banqi".to_string()),
            ("Event".to_string(), "a \"b\" \\ c\nd".into()),
        ];
        let moves = ["a1=K", "b2=p", "a1-a2", "b2xb3", "c1"];
        let text = RecordWriter::default().write(&tags, &moves, Some(GameResult::RedWins));
        assert_eq!(
            text,
            "[Variant \"Banqi\"]\n[Event \"a \\\"b\\\" \\\\ c d\"]\n\n1. a1=K b2=p 2. a1-a2 b2xb3 3. c1 1-0\n"
        );
        let narrow = RecordWriter {
            line_width: 14,
            ..RecordWriter::default()
        };
        assert_eq!(
            narrow.write(&[], &moves, None),
            "1. a1=K b2=p\n2. a1-a2 b2xb3\n3. c1\n"
        );
        let black_first = RecordWriter {
            black_moves_first: true,
            first_move_number: 7,
            ..RecordWriter::default()
        };
        assert_eq!(
            black_first.write(&[], &["a", "b", "c"], Some(GameResult::Unknown)),
            "7... a 8. b c *\n"
        );
        assert_eq!(RecordWriter::default().write::<&str>(&[], &[], None), "");
    }

    #[test]
    fn writer_output_reads_back_to_the_same_record() {
        let r = Record::parse(
            "[Variant \"jieqi\"]\n[Red \"王 \\\"小\\\" 明\"]\n1. 炮二平五 马8进7 2. h2e2 {c} h9g7 1/2-1/2",
        )
        .unwrap();
        let again = Record::parse(&RecordWriter::default().write_record(&r)).unwrap();
        assert_eq!(again.tags, r.tags);
        assert_eq!(texts(&again), texts(&r));
        assert_eq!(again.result, r.result);
    }

    /// Property: random tags and moves written by the writer read back unchanged, at any line width.
    #[test]
    fn property_write_then_read_round_trips() {
        const ALPHABET: &[char] = &[
            'a', 'h', '1', '9', '=', '-', 'x', '+', '.', 'K', 'p', '炮', '二', '平', '五', '翻',
            '车', '８', '"', '\\', ' ', '{', '}', ';', '[', ']',
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..500 {
            let pick = |rng: &mut ChaCha8Rng, n: usize, ok: &dyn Fn(char) -> bool| -> String {
                let len = 1 + (rng.next_u32() as usize) % n;
                let mut s = String::new();
                while s.chars().count() < len {
                    let c = ALPHABET[(rng.next_u32() as usize) % ALPHABET.len()];
                    if ok(c) {
                        s.push(c);
                    }
                }
                s
            };
            let tags: Vec<(String, String)> = (0..rng.next_u32() % 4)
                .map(|i| (format!("Tag{i}"), pick(&mut rng, 12, &|_| true)))
                .collect();
            // Move tokens: no whitespace or delimiters, not starting with a digit, no trailing annotation.
            let moves: Vec<String> = (0..rng.next_u32() % 40)
                .map(|_| {
                    let mut m = pick(&mut rng, 6, &|c| !c.is_whitespace() && !is_delimiter(c));
                    m.insert(0, 'M');
                    m
                })
                .collect();
            let results = [
                None,
                Some(GameResult::RedWins),
                Some(GameResult::Draw),
                Some(GameResult::Unknown),
            ];
            let result = results[(rng.next_u32() % 4) as usize];
            let writer = RecordWriter {
                line_width: 10 + (rng.next_u32() as usize) % 80,
                first_move_number: 1 + rng.next_u32() % 50,
                black_moves_first: rng.next_u32() % 2 == 0,
            };
            let text = writer.write(&tags, &moves, result);
            let r = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(r.tags, tags, "{text}");
            assert_eq!(
                texts(&r),
                moves.iter().map(String::as_str).collect::<Vec<_>>(),
                "{text}"
            );
            assert_eq!(r.result, result, "{text}");
            for line in text
                .lines()
                .skip_while(|l| l.starts_with('[') || l.is_empty())
            {
                // Only a single unit (a move, or a number with its move) may exceed the width.
                assert!(
                    line.chars().count() <= writer.line_width || line.split(' ').count() <= 2,
                    "line too long: {line}"
                );
            }
        }
    }

    /// Property: the reader returns an error or a record, never panics, on random bytes.
    #[test]
    fn property_reader_never_panics_on_random_bytes() {
        let mut rng = ChaCha8Rng::seed_from_u64(55);
        let pieces: &[&[u8]] = &[
            b"[",
            b"]",
            b"\"",
            b"\\",
            b"{",
            b"}",
            b";",
            b"%",
            b"(",
            b")",
            b"1.",
            b"...",
            b"1-0",
            b"*",
            b" ",
            b"\n",
            b"\r",
            "炮".as_bytes(),
            "．".as_bytes(),
            b"\xff",
            b"\xe7",
            b"a1",
            b"$",
            b"!",
            b"Event",
            b"\x00",
        ];
        for _ in 0..5000 {
            let mut bytes = Vec::new();
            for _ in 0..rng.next_u32() % 30 {
                bytes.extend_from_slice(pieces[(rng.next_u32() as usize) % pieces.len()]);
            }
            match Record::from_bytes(&bytes) {
                Ok(r) => {
                    for m in &r.moves {
                        assert!(!m.text.is_empty() && m.line >= 1 && m.column >= 1);
                    }
                }
                Err(e) => {
                    assert!(e.line >= 1 && e.column >= 1);
                    // The error's line exists in the input.
                    let line_ends = bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count();
                    assert!(e.line <= line_ends + 1, "{e}");
                }
            }
        }
    }
}
