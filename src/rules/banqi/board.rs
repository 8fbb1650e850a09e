//! The Banqi board: 8 files `a`–`h` × 4 ranks `1`–`4` (RULES.md §1), pieces and their capture ranks.

use crate::rules::Color;

/// Number of files (`a`–`h`).
pub const FILES: u8 = 8;
/// Number of ranks (`1`–`4`).
pub const RANKS: u8 = 4;
/// Number of squares; also the number of pieces in a full set.
pub const SQUARES: usize = 32;

/// A square, numbered in deal order `a1 b1 … h1 a2 … h4` (index = (rank − 1)·8 + file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The four orthogonal directions as (file, rank) steps.
pub const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Square {
    /// The square `a1` (index 0).
    pub const A1: Square = Square(0);

    /// The square with this deal-order index, if it is on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square at 0-based file and rank, if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// Every square in deal order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// The deal-order index 0..32.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file (0 = `a`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0-based rank (0 = rank `1`).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The neighbour one step in `direction`, if on the board.
    #[inline]
    pub fn step(self, (df, dr): (i8, i8)) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if (0..FILES as i8).contains(&file) && (0..RANKS as i8).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    }

    /// Parses `a1`…`h4` (the file letter in either case).
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let file = chars.next()?.to_ascii_lowercase();
        let rank = chars.next()?;
        if chars.next().is_some() || !('a'..='h').contains(&file) || !('1'..='4').contains(&rank) {
            return None;
        }
        Square::new(file as u8 - b'a', rank as u8 - b'1')
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A square in the verdict JSON: its name (`"a1"`).
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let name = String::deserialize(d)?;
        Square::parse(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("'{name}' is not a Banqi square")))
    }
}

/// The seven kinds of pieces, declared from the highest capture rank to the lowest:
/// 帥 > 仕 > 相 > 俥 > 傌 > 炮 > 兵 (seed 004).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// 帥/將 — rank 7; cannot take a pawn.
    King,
    /// 仕/士 — rank 6.
    Advisor,
    /// 相/象 — rank 5.
    Elephant,
    /// 俥/車 — rank 4.
    Chariot,
    /// 傌/馬 — rank 3.
    Horse,
    /// 炮/包 — rank 2; takes only by jumping a screen.
    Cannon,
    /// 兵/卒 — rank 1; can take the king.
    Pawn,
}

impl PieceKind {
    /// All kinds from highest to lowest rank.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Chariot,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// Capture rank: 7 for the king down to 1 for the pawn.
    pub const fn rank(self) -> u8 {
        7 - self as u8
    }

    /// How many of this kind each side has (1 K, 2 A, 2 B, 2 R, 2 N, 2 C, 5 P).
    pub const fn count_per_side(self) -> u8 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// The xiangqi piece of the same name (for the words shared with xiangqi's verdicts).
    pub const fn xiangqi(self) -> crate::rules::xiangqi::PieceKind {
        use crate::rules::xiangqi::PieceKind as X;
        match self {
            PieceKind::King => X::King,
            PieceKind::Advisor => X::Advisor,
            PieceKind::Elephant => X::Elephant,
            PieceKind::Chariot => X::Chariot,
            PieceKind::Horse => X::Horse,
            PieceKind::Cannon => X::Cannon,
            PieceKind::Pawn => X::Pawn,
        }
    }

    /// The upper-case letter (RULES.md §1): the xiangqi piece's of the same name.
    pub const fn letter(self) -> char {
        self.xiangqi().letter()
    }

    /// Parses a letter in either case, including the WXF letters `E` (elephant) and `H` (horse):
    /// the kind of the xiangqi piece the letter names.
    pub fn from_letter(c: char) -> Option<PieceKind> {
        let named = crate::rules::xiangqi::PieceKind::from_letter(c)?;
        PieceKind::ALL.into_iter().find(|k| k.xiangqi() == named)
    }

    /// Whether a piece of this kind may take an adjacent piece of `target` kind by rank: higher or equal
    /// rank takes, except that the king cannot take a pawn and a pawn can take the king. The cannon never
    /// takes adjacently (see [`PieceKind::Cannon`]); this is the rank rule only.
    pub const fn outranks(self, target: PieceKind) -> bool {
        match (self, target) {
            (PieceKind::King, PieceKind::Pawn) => false,
            (PieceKind::Pawn, PieceKind::King) => true,
            _ => self.rank() >= target.rank(),
        }
    }
}

/// A piece: its colour and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Red (upper-case letters) or Black (lower-case).
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of this colour and kind.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// Index 0..14 for per-identity tables (Red kinds, then Black kinds).
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.kind as usize
    }

    /// The piece with this table index.
    pub const fn from_index(index: usize) -> Piece {
        let color = if index < 7 { Color::Red } else { Color::Black };
        Piece {
            color,
            kind: PieceKind::ALL[index % 7],
        }
    }

    /// The FEN / deal letter: upper case Red, lower case Black.
    pub const fn letter(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a letter; the case gives the colour.
    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// The traditional Chinese name as printed on Banqi pieces (帥仕相俥傌炮兵 / 將士象車馬包卒).
    pub const fn chinese(self) -> char {
        match (self.color, self.kind) {
            (Color::Red, PieceKind::King) => '帥',
            (Color::Red, PieceKind::Advisor) => '仕',
            (Color::Red, PieceKind::Elephant) => '相',
            (Color::Red, PieceKind::Chariot) => '俥',
            (Color::Red, PieceKind::Horse) => '傌',
            (Color::Red, PieceKind::Cannon) => '炮',
            (Color::Red, PieceKind::Pawn) => '兵',
            (Color::Black, PieceKind::King) => '將',
            (Color::Black, PieceKind::Advisor) => '士',
            (Color::Black, PieceKind::Elephant) => '象',
            (Color::Black, PieceKind::Chariot) => '車',
            (Color::Black, PieceKind::Horse) => '馬',
            (Color::Black, PieceKind::Cannon) => '包',
            (Color::Black, PieceKind::Pawn) => '卒',
        }
    }
}

impl std::fmt::Display for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A piece in the verdict JSON: its letter (`"K"`, `"p"`).
impl serde::Serialize for Piece {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> serde::Deserialize<'de> for Piece {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
        let letter = char::deserialize(d)?;
        Piece::from_letter(letter)
            .ok_or_else(|| serde::de::Error::custom(format!("'{letter}' is not a piece letter")))
    }
}

/// A Chinese piece name: its kind, and its colour when the character shows it. Simplified 车, 马 and 炮 (and
/// 砲) are used for both sides in printed sets and records, so they name no colour.
pub fn chinese_piece(c: char) -> Option<(PieceKind, Option<Color>)> {
    use Color::{Black, Red};
    use PieceKind::*;
    Some(match c {
        '帥' | '帅' => (King, Some(Red)),
        '將' | '将' => (King, Some(Black)),
        '仕' => (Advisor, Some(Red)),
        '士' => (Advisor, Some(Black)),
        '相' => (Elephant, Some(Red)),
        '象' => (Elephant, Some(Black)),
        '俥' => (Chariot, Some(Red)),
        '車' => (Chariot, Some(Black)),
        '车' => (Chariot, None),
        '傌' => (Horse, Some(Red)),
        '馬' => (Horse, Some(Black)),
        '马' => (Horse, None),
        '包' => (Cannon, Some(Black)),
        '炮' | '砲' => (Cannon, None),
        '兵' => (Pawn, Some(Red)),
        '卒' => (Pawn, Some(Black)),
        _ => return None,
    })
}

/// What stands on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Cell {
    /// No piece.
    #[default]
    Empty,
    /// A face-down piece (暗棋), with its identity when the deal is known.
    FaceDown(Option<Piece>),
    /// A face-up piece (明棋).
    FaceUp(Piece),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_in_deal_order_and_round_trip() {
        let names: Vec<String> = Square::all().map(|s| s.to_string()).collect();
        assert_eq!(&names[..3], ["a1", "b1", "c1"]);
        assert_eq!(names[8], "a2");
        assert_eq!(names[31], "h4");
        for s in Square::all() {
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        for bad in ["", "a", "i1", "a0", "a5", "a12", "1a"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(Square::parse("H4"), Square::from_index(31));
    }

    #[test]
    fn steps_stay_on_the_board() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(a1.step((0, 1)), Square::parse("a2"));
        assert_eq!(a1.step((1, 0)), Square::parse("b1"));
        assert_eq!(a1.step((0, -1)), None);
        assert_eq!(a1.step((-1, 0)), None);
        assert_eq!(Square::parse("h4").unwrap().step((1, 0)), None);
    }

    #[test]
    fn rank_rule_with_the_king_pawn_exception() {
        use PieceKind::*;
        for a in PieceKind::ALL {
            for t in PieceKind::ALL {
                let expected = match (a, t) {
                    (King, Pawn) => false,
                    (Pawn, King) => true,
                    _ => {
                        PieceKind::ALL.iter().position(|k| *k == a)
                            <= PieceKind::ALL.iter().position(|k| *k == t)
                    }
                };
                assert_eq!(a.outranks(t), expected, "{a:?} x {t:?}");
            }
        }
        assert!(King.outranks(King) && Pawn.outranks(Pawn) && !Pawn.outranks(Advisor));
    }

    #[test]
    fn letters_and_chinese_names() {
        for i in 0..14 {
            let p = Piece::from_index(i);
            assert_eq!(p.index(), i);
            assert_eq!(Piece::from_letter(p.letter()), Some(p));
            let (kind, color) = chinese_piece(p.chinese()).unwrap();
            assert_eq!(kind, p.kind);
            // 炮 is written for both cannons in simplified records, so it names no colour.
            assert!(
                color == Some(p.color) || (color.is_none() && p.chinese() == '炮'),
                "{p}"
            );
        }
        assert_eq!(
            Piece::from_letter('E'),
            Some(Piece::new(Color::Red, PieceKind::Elephant))
        );
        assert_eq!(
            Piece::from_letter('h'),
            Some(Piece::new(Color::Black, PieceKind::Horse))
        );
        assert_eq!(Piece::from_letter('X'), None);
        assert_eq!(chinese_piece('车'), Some((PieceKind::Chariot, None)));
    }
}
