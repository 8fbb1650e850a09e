//! The text of a CSV file as spreadsheets and typists make it, read the same way by the players
//! import and the rating lists: its encoding, and the full-width comma.
//!
//! **Encoding.** Excel's plain "CSV" save writes the system's code page: Big5 on a
//! Traditional-Chinese Windows, GBK on a Simplified-Chinese one (GB18030 reads GBK). [`decode`]
//! keeps valid UTF-8 (a byte-order mark or not) as it is. Anything else is read as Big5 and as
//! GB18030, each without replacing a single byte, and a reading *fits* when at least half of its
//! non-ASCII characters are common Chinese characters — the first level of each standard's
//! characters, which the standards ordered by frequency: Big5 A440–C67E (常用字) and GB2312
//! B0A1–D7F9 (一級漢字). The reading that fits with more common characters wins. Every Big5 byte
//! pair is also valid GBK, and Chinese read in the wrong one of the two comes out as other valid
//! characters, but those are mostly rare ones, kana, symbols or private-use code points, so the right
//! reading has clearly more common characters (measured on 35,000 names and places of real game
//! records: a file of three names or more was never misread). A file that fits neither (Latin-1,
//! Shift-JIS …), or both equally (a name or two), is refused, saying to save it as UTF-8.
//!
//! **Full-width comma.** A Chinese input method types 「，」 for `,`, and a row typed so has its
//! fields run together (name 「謝家樂，香港象棋總會」, club 「2251」). Where a row has fewer fields
//! than the columns, [`short_row`] reads each 「，」 in it as a separator; a row that then has more
//! fields than the columns is refused. A row with all its fields keeps its 「，」 as text.

use std::borrow::Cow;
use std::collections::HashMap;

use encoding_rs::{BIG5, Encoding, GB18030};

use crate::i18n::Reason;
pub use crate::rules::notation::LegacyEncoding;

/// A file's text and the encoding it was read in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, without a byte-order mark.
    pub text: Cow<'a, str>,
    /// The legacy encoding it was read in; `None` for UTF-8.
    pub legacy: Option<LegacyEncoding>,
}

impl Decoded<'_> {
    /// The encoding's name as people know it: `UTF-8`, `Big5`, `GB18030`.
    pub fn encoding_name(&self) -> &'static str {
        self.legacy.map_or("UTF-8", LegacyEncoding::name)
    }
}

/// Why a file's text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Not UTF-8 (the first bad byte is on `line`), and neither Big5 nor GB18030 reads it as
    /// Chinese text.
    #[error(
        "line {line}: byte 0x{byte:02X} is not UTF-8, and the file is not Chinese text in Big5 or GB18030 either"
    )]
    NotChinese {
        /// 1-based line of the first byte that is not UTF-8.
        line: u64,
        /// That byte.
        byte: u8,
    },
    /// Not UTF-8, and Big5 and GB18030 read it as Chinese text equally well.
    #[error("the file is not UTF-8, and it reads as Big5 and as GB18030 equally well")]
    Undecided,
    /// The text holds U+FFFD, which stands for bytes a program could not read: the file was
    /// read in a wrong encoding before it came here.
    #[error("line {line} holds U+FFFD: the file was read in a wrong encoding")]
    Replacement {
        /// 1-based line.
        line: u64,
    },
}

impl DecodeError {
    /// What is wrong, as a message (area `csv_files`).
    pub fn reason(&self) -> Reason {
        match self {
            DecodeError::NotChinese { line, byte } => Reason::new("csv_not_chinese")
                .arg("line", *line)
                .arg("byte", format!("0x{byte:02X}")),
            DecodeError::Undecided => Reason::new("csv_undecided"),
            DecodeError::Replacement { line } => Reason::new("csv_replacement").arg("line", *line),
        }
    }
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";
/// U+FFFD REPLACEMENT CHARACTER in UTF-8.
const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();

/// Reads a file's bytes as text: UTF-8 when they are UTF-8, else Big5 or GB18030 by the rule of
/// the module's documentation.
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, DecodeError> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let decoded = match std::str::from_utf8(bytes) {
        Ok(text) => Decoded {
            text: Cow::Borrowed(text),
            legacy: None,
        },
        Err(e) => legacy(bytes, e.valid_up_to())?,
    };
    if let Some(at) = find(decoded.text.as_bytes(), REPLACEMENT) {
        return Err(DecodeError::Replacement {
            line: line_at(decoded.text.as_bytes(), at),
        });
    }
    Ok(decoded)
}

/// [`decode`] for bytes that are not UTF-8 from `bad` on.
fn legacy(bytes: &[u8], bad: usize) -> Result<Decoded<'static>, DecodeError> {
    let mut common = CommonCharacters::default();
    let mut fits = Vec::new();
    for (legacy, encoding) in [
        (LegacyEncoding::Big5, BIG5),
        (LegacyEncoding::Gb18030, GB18030),
    ] {
        let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(bytes) else {
            continue;
        };
        let (found, non_ascii) = common.count(&text);
        if found > 0 && found * 2 >= non_ascii {
            fits.push((found, legacy, text.into_owned()));
        }
    }
    fits.sort_by_key(|(found, _, _)| std::cmp::Reverse(*found));
    match fits.as_slice() {
        [] => Err(DecodeError::NotChinese {
            line: line_at(bytes, bad),
            byte: bytes.get(bad).copied().unwrap_or(0),
        }),
        [(a, ..), (b, ..)] if a == b => Err(DecodeError::Undecided),
        _ => {
            let (_, legacy, text) = fits.swap_remove(0);
            Ok(Decoded {
                text: Cow::Owned(text),
                legacy: Some(legacy),
            })
        }
    }
}

/// Which characters are common Chinese ones: the first level of Big5 (A440–C67E) or of GB2312
/// (B0A1–D7F9), found by encoding the character (each distinct character once).
#[derive(Default)]
struct CommonCharacters(HashMap<char, bool>);

impl CommonCharacters {
    /// (common characters, non-ASCII characters) of a text.
    fn count(&mut self, text: &str) -> (usize, usize) {
        let mut found = 0;
        let mut non_ascii = 0;
        for c in text.chars().filter(|c| !c.is_ascii()) {
            non_ascii += 1;
            if *self.0.entry(c).or_insert_with(|| is_common(c)) {
                found += 1;
            }
        }
        (found, non_ascii)
    }
}

fn is_common(c: char) -> bool {
    let mut buf = [0; 4];
    let text = c.encode_utf8(&mut buf);
    let pair = |encoding: &'static Encoding| match *encoding.encode(text).0 {
        [lead, trail] => Some((lead, trail)),
        _ => None,
    };
    // Big5's first level: A440–C67E, trail bytes 40–7E and A1–FE (the encoder writes no other).
    let big5 = pair(BIG5).is_some_and(|(lead, trail)| {
        (0xA440..=0xC67E).contains(&u16::from_be_bytes([lead, trail]))
    });
    // GB2312's first level: rows B0–D7, trail bytes A1–FE (GBK's own characters between them
    // have trail bytes below A1), ending at D7F9.
    big5 || pair(GB18030).is_some_and(|(lead, trail)| {
        (0xB0..=0xD7).contains(&lead)
            && (0xA1..=0xFE).contains(&trail)
            && u16::from_be_bytes([lead, trail]) <= 0xD7F9
    })
}

/// The 1-based line of byte `at`.
fn line_at(bytes: &[u8], at: usize) -> u64 {
    let before = bytes.get(..at).unwrap_or(bytes);
    before.iter().filter(|&&b| b == b'\n').count() as u64 + 1
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The full-width comma 「，」 in UTF-8.
const FULLWIDTH_COMMA: &[u8] = "，".as_bytes();

/// What a row becomes when it is short of fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShortRow<'a> {
    /// The row is read as it is: it has every field, or no 「，」.
    Kept,
    /// The row's fields split at each 「，」.
    Split(Vec<&'a [u8]>),
    /// Split at each 「，」, the row has this many fields: more than the columns.
    TooMany(usize),
}

/// A row of `fields` where a whole row has `columns` fields: split at each 「，」 when it is short
/// of fields and holds one.
pub fn short_row<'a>(fields: &[&'a [u8]], columns: usize) -> ShortRow<'a> {
    if fields.len() >= columns {
        return ShortRow::Kept;
    }
    match split_at_fullwidth_commas(fields) {
        None => ShortRow::Kept,
        Some(split) if split.len() > columns => ShortRow::TooMany(split.len()),
        Some(split) => ShortRow::Split(split),
    }
}

/// The fields split at each 「，」 (a header's names never hold one), or `None` when none does.
pub fn split_at_fullwidth_commas<'a>(fields: &[&'a [u8]]) -> Option<Vec<&'a [u8]>> {
    if !fields.iter().any(|f| find(f, FULLWIDTH_COMMA).is_some()) {
        return None;
    }
    let mut out = Vec::with_capacity(fields.len() + 2);
    for field in fields {
        let mut rest: &[u8] = field;
        while let Some(at) = find(rest, FULLWIDTH_COMMA) {
            out.push(&rest[..at]);
            rest = &rest[at + FULLWIDTH_COMMA.len()..];
        }
        out.push(rest);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(encoding: &'static Encoding, text: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.encode(text);
        assert!(!unmappable, "{text} in {}", encoding.name());
        bytes.into_owned()
    }

    const TRADITIONAL: &str =
        "name,club,rating\n謝家樂,香港象棋總會,2251\n陳大文,九龍棋會,1980\n黃志強,荃灣象棋會,\n";
    const SIMPLIFIED: &str =
        "name,club,rating\n谢家乐,广东象棋队,2251\n陈大文,上海象棋协会,1980\n黄志强,北京棋院,\n";

    #[test]
    fn utf8_stays_utf8_with_or_without_a_mark() {
        for text in [TRADITIONAL.to_string(), format!("\u{feff}{SIMPLIFIED}")] {
            let d = decode(text.as_bytes()).expect("UTF-8");
            assert_eq!(d.legacy, None);
            assert_eq!(d.encoding_name(), "UTF-8");
            assert_eq!(d.text, text.trim_start_matches('\u{feff}'));
            assert!(matches!(d.text, Cow::Borrowed(_)), "no copy");
        }
    }

    #[test]
    fn big5_and_gb18030_are_told_apart_and_read() {
        let big5 = encode(BIG5, TRADITIONAL);
        let d = decode(&big5).expect("Big5");
        assert_eq!(
            (d.legacy, d.encoding_name()),
            (Some(LegacyEncoding::Big5), "Big5")
        );
        assert_eq!(d.text, TRADITIONAL);
        let gb = encode(GB18030, SIMPLIFIED);
        let d = decode(&gb).expect("GB18030");
        assert_eq!(d.legacy, Some(LegacyEncoding::Gb18030));
        assert_eq!(d.text, SIMPLIFIED);
        // Traditional characters written in GBK are read as GB18030 too.
        let gbk_traditional = encode(GB18030, TRADITIONAL);
        let d = decode(&gbk_traditional).expect("GB18030");
        assert_eq!(
            (d.legacy, d.text.as_ref()),
            (Some(LegacyEncoding::Gb18030), TRADITIONAL)
        );
        // Both bytes of every Big5 pair are also GBK, so the GB18030 reading is valid, only wrong.
        assert!(
            GB18030
                .decode_without_bom_handling_and_without_replacement(&big5)
                .is_some()
        );
    }

    #[test]
    fn other_encodings_and_undecidable_files_are_refused() {
        let latin = encoding_rs::WINDOWS_1252
            .encode("name,club\nMüller,Café Échecs\n")
            .0;
        assert_eq!(
            decode(&latin),
            Err(DecodeError::NotChinese {
                line: 2,
                byte: 0xFC
            })
        );
        let japanese = encoding_rs::SHIFT_JIS
            .encode("name\n山田太郎,東京将棋クラブ\n佐藤花子,大阪\n")
            .0;
        assert!(matches!(
            decode(&japanese),
            Err(DecodeError::NotChinese { line: 2, .. })
        ));
        // One name of one character, whose Big5 bytes are a common GB2312 character too.
        assert_eq!(decode(&encode(BIG5, "陳")), Err(DecodeError::Undecided));
        assert_eq!(
            decode(b"\xA4"),
            Err(DecodeError::NotChinese {
                line: 1,
                byte: 0xA4
            }),
            "a lead byte without its trail"
        );
    }

    #[test]
    fn text_already_read_in_a_wrong_encoding_is_refused() {
        let text = "name,club\n謝家樂,香港\n\u{FFFD}\u{FFFD},x\n";
        assert_eq!(
            decode(text.as_bytes()),
            Err(DecodeError::Replacement { line: 3 })
        );
        assert!(
            DecodeError::Replacement { line: 3 }
                .reason()
                .to_string()
                .contains("line 3")
        );
    }

    #[test]
    fn common_characters_are_the_first_levels_of_big5_and_gb2312() {
        for c in ['謝', '家', '樂', '陳', '谢', '乐', '陈', '象', '棋'] {
            assert!(is_common(c), "{c}");
        }
        // Second-level (less common) characters, kana, symbols and full-width punctuation are not.
        for c in ['鑫', 'あ', 'Ω', '，', '─', '\u{E000}'] {
            assert!(!is_common(c), "{c}");
        }
    }

    fn fields(row: &str) -> Vec<&[u8]> {
        row.split(',').map(str::as_bytes).collect()
    }

    fn texts(row: Vec<&[u8]>) -> Vec<&str> {
        row.into_iter()
            .map(|f| std::str::from_utf8(f).expect("UTF-8"))
            .collect()
    }

    #[test]
    fn a_short_row_reads_its_fullwidth_commas_as_separators() {
        match short_row(&fields("謝家樂，香港象棋總會,2251"), 3) {
            ShortRow::Split(split) => {
                assert_eq!(texts(split), ["謝家樂", "香港象棋總會", "2251"])
            }
            other => panic!("{other:?}"),
        }
        match short_row(&fields("謝家樂，香港象棋總會，2251"), 6) {
            ShortRow::Split(split) => assert_eq!(split.len(), 3),
            other => panic!("{other:?}"),
        }
        // A whole row keeps its 「，」; a short row without one is as it was.
        assert_eq!(short_row(&fields("A,香港，九龍,1800"), 3), ShortRow::Kept);
        assert_eq!(short_row(&fields("A,B"), 3), ShortRow::Kept);
        // Split, it would have more fields than the columns.
        assert_eq!(
            short_row(&fields("A，香港，九龍,1800"), 3),
            ShortRow::TooMany(4)
        );
        assert_eq!(split_at_fullwidth_commas(&fields("a,b")), None);
        assert_eq!(
            split_at_fullwidth_commas(&fields("name，club，rating")).map(texts),
            Some(vec!["name", "club", "rating"])
        );
    }
}
