//! Pure game rules: no I/O, no async, no web or database types.

pub mod adjudicate;
pub mod banqi;
pub mod describe;
pub mod formats;
pub mod notation;
pub mod outcome;
pub mod replay;
pub mod xiangqi;

/// A side. In chess-software formats (TRF, pairing output) "white" means Red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// 红 — moves first in xiangqi and Jieqi.
    Red,
    /// 黑
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black (for indexing tables).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `red` or `black`: the word forms, the JSON API and the stored data use (also the key of its
    /// name in the messages).
    pub const fn as_str(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// Reads `red` or `black` (any case, spaces around); nothing else.
    pub fn parse(text: &str) -> Option<Color> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("red") {
            Some(Color::Red)
        } else if text.eq_ignore_ascii_case("black") {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// A colour name that is neither `red` nor `black` (it holds the text as given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not red or black")]
pub struct NotAColor(pub String);

impl std::str::FromStr for Color {
    type Err = NotAColor;

    /// [`Color::parse`], with the text refused.
    fn from_str(text: &str) -> Result<Color, NotAColor> {
        Color::parse(text).ok_or_else(|| NotAColor(text.trim().to_string()))
    }
}

impl std::fmt::Display for Color {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// As its name: `"red"` or `"black"`.
impl serde::Serialize for Color {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Color {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The game a rule set belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Standard xiangqi (象棋).
    Xiangqi,
    /// 揭棋: xiangqi with face-down shuffled pieces.
    Jieqi,
    /// 台灣暗棋 on the 4×8 board.
    Banqi,
}

impl Variant {
    /// The lower-case name used in the CLI, records and the database.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Xiangqi => "xiangqi",
            Variant::Jieqi => "jieqi",
            Variant::Banqi => "banqi",
        }
    }

    /// Parses a variant name (case-insensitive; also the record tag values "Jieqi", "Xiangqi", "Banqi").
    pub fn parse(s: &str) -> Option<Variant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "xiangqi" | "chinese chess" => Some(Variant::Xiangqi),
            "jieqi" => Some(Variant::Jieqi),
            "banqi" => Some(Variant::Banqi),
            _ => None,
        }
    }
}

/// What a record's tags say about its variant: the `Variant` tag, which must name a variant
/// (`Err` with its text otherwise), else the `Game` tag when it names one. A `Game` tag that names
/// no variant is something else, most often the game number of a match (`[Game "2"]`), and is
/// not read as a variant.
pub fn record_variant(record: &notation::Record) -> Result<Option<Variant>, String> {
    if let Some(tag) = record.tag("Variant") {
        return Variant::parse(tag).map(Some).ok_or_else(|| tag.to_string());
    }
    Ok(record.tag("Game").and_then(Variant::parse))
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::parse(s)
            .ok_or_else(|| format!("unknown variant '{s}' (expected xiangqi, jieqi or banqi)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(tags: &str) -> notation::Record {
        notation::Record::parse(&format!("{tags}\n1. h2e2 *\n")).expect("record")
    }

    #[test]
    fn a_numeric_game_tag_is_a_game_number_not_a_variant() {
        assert_eq!(record_variant(&tags("[Game \"2\"]")), Ok(None));
        assert_eq!(record_variant(&tags("[Game \"２\"]")), Ok(None));
        assert_eq!(record_variant(&tags("[Game \"7.2\"]")), Ok(None));
        assert_eq!(
            record_variant(&tags("[Game \"Chinese Chess\"]")),
            Ok(Some(Variant::Xiangqi))
        );
        assert_eq!(
            record_variant(&tags("[Game \"2\"]\n[Variant \"Jieqi\"]")),
            Ok(Some(Variant::Jieqi))
        );
        assert_eq!(
            record_variant(&tags("[Variant \"2\"]")),
            Err("2".to_string()),
            "the Variant tag must name a variant"
        );
        assert_eq!(record_variant(&tags("[Event \"x\"]")), Ok(None));
    }
}
