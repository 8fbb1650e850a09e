//! Board geometry: squares, pieces, the padded mailbox encoding and the fixed tables
//! (palace, river, start squares) that move generation looks up instead of computing.
//!
//! The board is a 16×16 mailbox: file `f` (0 = `a`) and rank `r` (0 = Red's back rank) live at
//! index `(r + 3) * 16 + f + 3`. Three rows and at least three columns of padding hold the
//! [`OFF`] sentinel, so a horse or elephant step from any real square stays inside the array and
//! sliding pieces stop at the border without bounds checks.

use crate::rules::Color;
use std::fmt;

/// Number of cells in the padded mailbox.
pub(crate) const CELLS: usize = 256;
/// Cell value of an empty square.
pub(crate) const EMPTY: u8 = 0;
/// Cell value of a padding square outside the board.
pub(crate) const OFF: u8 = 0x80;
/// Cell bit set for Black pieces.
pub(crate) const BLACK_BIT: u8 = 0x08;
/// Cell bit set for face-down pieces (their kind bits hold the start-square type).
pub(crate) const HIDDEN_BIT: u8 = 0x10;
/// Mask of the kind bits of a cell.
pub(crate) const KIND_MASK: u8 = 0x07;

/// A point of the 9×10 xiangqi board, named in ICCS coordinates `a0`…`i9`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = Red's back rank), if both are on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square((rank + 3) * 16 + file + 3))
        } else {
            None
        }
    }

    /// File 0…8 (`a`…`i`).
    #[inline]
    pub const fn file(self) -> u8 {
        (self.0 & 15) - 3
    }

    /// Rank 0…9 (0 = Red's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - 3
    }

    /// Index 0…89 (rank-major from `a0`), for tables over the real board.
    #[inline]
    pub const fn index90(self) -> usize {
        self.rank() as usize * 9 + self.file() as usize
    }

    /// The square with index 0…89 (rank-major from `a0`).
    pub const fn from_index90(i: usize) -> Option<Square> {
        if i < 90 {
            Square::new((i % 9) as u8, (i / 9) as u8)
        } else {
            None
        }
    }

    /// Every square, `a0`, `b0`, …, `i9`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90).filter_map(Square::from_index90)
    }

    /// Parses ICCS coordinates like `h2` (the file letter in either case).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'0')?;
        Square::new(file, rank)
    }

    /// The mailbox index.
    #[inline]
    pub(crate) const fn cell(self) -> usize {
        self.0 as usize
    }

    /// The square at a mailbox index that is known to be on the board.
    #[inline]
    pub(crate) const fn from_cell(i: usize) -> Square {
        Square(i as u8)
    }

    /// The same point seen from the other side (rank `r` ↔ `9 - r`, file kept).
    pub const fn flip_rank(self) -> Square {
        Square((12 - self.rank()) * 16 + self.file() + 3)
    }

    /// Whether the square is on `color`'s half of the board (before the river).
    #[inline]
    pub const fn on_own_half(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The seven kinds of xiangqi pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// 帅/将 (K)
    King = 1,
    /// 仕/士 (A)
    Advisor = 2,
    /// 相/象 (B; WXF E)
    Elephant = 3,
    /// 马 (N; WXF H)
    Horse = 4,
    /// 车 (R)
    Chariot = 5,
    /// 炮 (C)
    Cannon = 6,
    /// 兵/卒 (P)
    Pawn = 7,
}

impl PieceKind {
    /// All kinds, king first.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// How many of this kind each side has at the start.
    pub const fn start_count(self) -> u8 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// The upper-case letter of RULES.md §1 (K A B N R C P).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// Reads a piece letter in either case, also the WXF letters `E` (elephant) and `H` (horse).
    pub fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// The kind with the given cell code 1…7.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<PieceKind> {
        Some(match code {
            1 => PieceKind::King,
            2 => PieceKind::Advisor,
            3 => PieceKind::Elephant,
            4 => PieceKind::Horse,
            5 => PieceKind::Chariot,
            6 => PieceKind::Cannon,
            7 => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// Index 0…6 for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }
}

/// As its letter (`"B"`, as in verdicts); reads any letter [`PieceKind::from_letter`] reads.
impl serde::Serialize for PieceKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> serde::Deserialize<'de> for PieceKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PieceKind, D::Error> {
        let c = <char as serde::Deserialize>::deserialize(d)?;
        PieceKind::from_letter(c)
            .ok_or_else(|| serde::de::Error::custom(format!("'{c}' is not a piece letter")))
    }
}

/// A piece as it stands on the board. A face-down piece's `kind` is the type of its start square
/// (the piece it moves as), not its hidden identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind; for a face-down piece the start-square type it moves as.
    pub kind: PieceKind,
    /// Whether it is face-down (揭棋 暗子).
    pub face_down: bool,
}

impl Piece {
    /// A face-up piece.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece {
            color,
            kind,
            face_down: false,
        }
    }

    /// The FEN letter: the kind letter (upper case Red), or `X`/`x` when face-down.
    pub const fn fen_letter(self) -> char {
        let c = if self.face_down {
            'X'
        } else {
            self.kind.letter()
        };
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The mailbox cell value of this piece.
    #[inline]
    pub(crate) const fn cell(self) -> u8 {
        let mut c = self.kind as u8;
        if matches!(self.color, Color::Black) {
            c |= BLACK_BIT;
        }
        if self.face_down {
            c |= HIDDEN_BIT;
        }
        c
    }

    /// The piece in an occupied cell.
    #[inline]
    pub(crate) const fn from_cell(cell: u8) -> Option<Piece> {
        if cell == EMPTY || cell == OFF {
            return None;
        }
        let kind = match PieceKind::from_code(cell & KIND_MASK) {
            Some(k) => k,
            None => return None,
        };
        let color = if cell & BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::Red
        };
        Some(Piece {
            color,
            kind,
            face_down: cell & HIDDEN_BIT != 0,
        })
    }
}

/// The colour bits of a side in a cell.
#[inline]
pub(crate) const fn color_bit(c: Color) -> u8 {
    match c {
        Color::Red => 0,
        Color::Black => BLACK_BIT,
    }
}

/// Builds the per-cell tables at compile time.
const fn build_tables() -> ([u8; CELLS], [u8; CELLS], [[u8; CELLS]; 2]) {
    let mut empty = [OFF; CELLS];
    let mut palace = [0u8; CELLS];
    // start[color][cell] = the kind whose start square this is for that colour (0 = none).
    let mut start = [[0u8; CELLS]; 2];
    let back: [u8; 9] = [5, 4, 3, 2, 1, 2, 3, 4, 5];
    let mut rank = 0u8;
    while rank < 10 {
        let mut file = 0u8;
        while file < 9 {
            let i = ((rank + 3) * 16 + file + 3) as usize;
            empty[i] = EMPTY;
            if file >= 3 && file <= 5 && (rank <= 2 || rank >= 7) {
                palace[i] = 1;
            }
            let kind = if rank == 0 || rank == 9 {
                back[file as usize]
            } else if (rank == 2 || rank == 7) && (file == 1 || file == 7) {
                6
            } else if (rank == 3 || rank == 6) && file & 1 == 0 {
                7
            } else {
                0
            };
            if rank <= 4 {
                start[0][i] = kind;
            } else {
                start[1][i] = kind;
            }
            file += 1;
        }
        rank += 1;
    }
    (empty, palace, start)
}

const TABLES: ([u8; CELLS], [u8; CELLS], [[u8; CELLS]; 2]) = build_tables();
/// The empty board: [`EMPTY`] on the 90 points, [`OFF`] on the padding.
pub(crate) const EMPTY_BOARD: [u8; CELLS] = TABLES.0;
/// 1 on the 18 palace points.
pub(crate) const IN_PALACE: [u8; CELLS] = TABLES.1;
/// Start-square kind code per colour and cell (0 = not a start square of that colour).
pub(crate) const START_KIND: [[u8; CELLS]; 2] = TABLES.2;

/// The piece kind whose start square `sq` is for `color`, if any (the type a face-down piece there moves as).
pub fn start_square_kind(color: Color, sq: Square) -> Option<PieceKind> {
    PieceKind::from_code(START_KIND[color.index()][sq.cell()])
}

/// Whether `sq` is inside either palace.
pub fn in_palace(sq: Square) -> bool {
    IN_PALACE[sq.cell()] != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iccs_squares_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::all().count(), 90);
        assert_eq!(
            Square::parse("e0").map(|s| (s.file(), s.rank())),
            Some((4, 0))
        );
        assert_eq!(Square::parse("j0"), None);
        assert_eq!(Square::parse("a10"), None);
        assert_eq!(Square::parse("é"), None);
    }

    #[test]
    fn start_squares_match_the_xiangqi_setup() {
        let kind = |c, s| start_square_kind(c, Square::parse(s).unwrap());
        assert_eq!(kind(Color::Red, "b0"), Some(PieceKind::Horse));
        assert_eq!(kind(Color::Red, "d0"), Some(PieceKind::Advisor));
        assert_eq!(kind(Color::Red, "h2"), Some(PieceKind::Cannon));
        assert_eq!(kind(Color::Red, "a3"), Some(PieceKind::Pawn));
        assert_eq!(kind(Color::Black, "a6"), Some(PieceKind::Pawn));
        assert_eq!(kind(Color::Black, "c9"), Some(PieceKind::Elephant));
        assert_eq!(kind(Color::Red, "a6"), None);
        assert_eq!(kind(Color::Red, "b3"), None);
        let count = |c| {
            Square::all()
                .filter(|&s| start_square_kind(c, s).is_some())
                .count()
        };
        assert_eq!(count(Color::Red), 16);
        assert_eq!(count(Color::Black), 16);
        assert_eq!(Square::all().filter(|&s| in_palace(s)).count(), 18);
    }

    #[test]
    fn piece_cells_round_trip() {
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                for face_down in [false, true] {
                    let p = Piece {
                        color,
                        kind,
                        face_down,
                    };
                    assert_eq!(Piece::from_cell(p.cell()), Some(p));
                }
            }
        }
        assert_eq!(Piece::from_cell(EMPTY), None);
        assert_eq!(Piece::from_cell(OFF), None);
    }
}
