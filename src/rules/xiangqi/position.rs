//! The position: board, side to move, face-down pieces and their known identities, the pool, the
//! capture clock and the repetition hash; making and unmaking moves; check detection.

use super::board::{
    BLACK_BIT, CELLS, EMPTY, EMPTY_BOARD, HIDDEN_BIT, IN_PALACE, KIND_MASK, OFF, Piece, PieceKind,
    START_KIND, Square, color_bit,
};
use super::jieqi::{Deal, Pool};
use crate::rules::{Color, Variant};
use std::fmt;

/// A move: from one point to another. Whether it reveals or captures follows from the position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece lands on.
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// Parses plain ICCS `h2e2` (either case, no reveal letter).
    pub fn parse_iccs(s: &str) -> Option<Move> {
        if s.len() != 4 || !s.is_ascii() {
            return None;
        }
        Some(Move::new(Square::parse(&s[..2])?, Square::parse(&s[2..])?))
    }
}

impl fmt::Display for Move {
    /// Plain ICCS, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A piece kind in English with its article ("an elephant"), for the error messages.
fn with_article(kind: &PieceKind) -> String {
    crate::i18n::Lang::En.reason(&crate::rules::describe::piece(
        *kind,
        crate::rules::Color::Red,
    ))
}

/// Why a move could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The from-square holds no piece of the side to move.
    #[error("no piece of the side to move on {0}")]
    NoPiece(Square),
    /// The move lands on a piece of the mover's own side.
    #[error("{0} holds a piece of the side to move")]
    OwnPiece(Square),
    /// A face-down piece moves but its identity is not known to this position.
    #[error("the face-down piece on {0} moves but its identity is unknown (reveal missing)")]
    RevealMissing(Square),
    /// A supplied identity is impossible: the pool has none of it left.
    #[error(
        "no unrevealed {} is left in the pool for the piece on {square}",
        with_article(.kind).trim_start_matches("an ").trim_start_matches("a ")
    )]
    ImpossibleIdentity {
        /// The face-down square.
        square: Square,
        /// The identity claimed for it.
        kind: PieceKind,
    },
    /// A supplied identity contradicts the one already known (from the deal).
    #[error(
        "the piece on {square} is {} (by the deal), not {}",
        with_article(.known),
        with_article(.claimed)
    )]
    ContradictsDeal {
        /// The face-down square.
        square: Square,
        /// The identity the position knows.
        known: PieceKind,
        /// The identity claimed.
        claimed: PieceKind,
    },
    /// An identity was supplied for a square that holds no face-down piece.
    #[error("{0} holds no face-down piece")]
    NotFaceDown(Square),
}

/// What [`Position::unmake_move`] needs to take a move back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    mv: Move,
    moved: u8,
    moved_identity: u8,
    captured: u8,
    captured_identity: u8,
    clock: u16,
    hash: u64,
}

impl Undo {
    /// The move that was made.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The piece captured by the move (as it stood: face-down pieces as their start-square type).
    pub fn captured(&self) -> Option<Piece> {
        Piece::from_cell(self.captured)
    }

    /// The identity the moving piece revealed, if it was face-down.
    pub fn revealed(&self) -> Option<PieceKind> {
        if self.moved & HIDDEN_BIT != 0 {
            PieceKind::from_code(self.moved_identity)
        } else {
            None
        }
    }

    /// The identity of a face-down piece the move captured, when known.
    pub fn captured_identity(&self) -> Option<PieceKind> {
        PieceKind::from_code(self.captured_identity)
    }
}

/// A xiangqi or Jieqi position.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(super) cells: [u8; CELLS],
    /// Known identity (kind code) of the face-down piece on each cell; 0 when unknown.
    pub(super) identity: [u8; CELLS],
    pub(super) variant: Variant,
    pub(super) side: Color,
    pub(super) kings: [u8; 2],
    pub(super) pool: Pool,
    /// Face-down pieces captured without their identity being known, per owner.
    pub(super) unknown_captured: [u8; 2],
    /// Identities of face-down pieces captured, per capturer (the capturer sees them).
    pub(super) captured_hidden: [[u8; 7]; 2],
    pub(super) clock: u16,
    pub(super) fullmove: u16,
    pub(super) hash: u64,
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build_zobrist() -> [[u64; 90]; 32] {
    let mut t = [[0u64; 90]; 32];
    let mut state = 0x414E_5149_u64; // "ANQI"
    let mut c = 0;
    while c < 32 {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix(state);
            state = ns;
            t[c][s] = v;
            s += 1;
        }
        c += 1;
    }
    t
}

const fn build_index90() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < 90 {
        t[((i / 9 + 3) * 16 + i % 9 + 3) as usize] = i as u8;
        i += 1;
    }
    t
}

/// Zobrist keys per cell value (low five bits) and square.
static ZOBRIST: [[u64; 90]; 32] = build_zobrist();
/// Key toggled when Black is to move.
const ZOBRIST_BLACK: u64 = 0x6A09_E667_F3BC_C908;
/// Mailbox index → 0…89.
pub(super) const INDEX90: [u8; CELLS] = build_index90();
/// The 90 mailbox indices of the real board.
pub(super) const BOARD_CELLS: [u8; 90] = {
    let mut t = [0u8; 90];
    let mut i = 0;
    while i < 90 {
        t[i] = ((i / 9 + 3) * 16 + i % 9 + 3) as u8;
        i += 1;
    }
    t
};

#[inline]
fn zkey(cell: u8, at: usize) -> u64 {
    ZOBRIST[(cell & 0x1F) as usize][INDEX90[at] as usize]
}

/// Kind codes.
pub(super) const KING: u8 = PieceKind::King as u8;
pub(super) const ADVISOR: u8 = PieceKind::Advisor as u8;
pub(super) const ELEPHANT: u8 = PieceKind::Elephant as u8;
pub(super) const HORSE: u8 = PieceKind::Horse as u8;
pub(super) const CHARIOT: u8 = PieceKind::Chariot as u8;
pub(super) const CANNON: u8 = PieceKind::Cannon as u8;
pub(super) const PAWN: u8 = PieceKind::Pawn as u8;

/// Mask that compares the side and kind of a cell, ignoring face-down-ness, and never matches `OFF`.
const SIDE_KIND: u8 = OFF | BLACK_BIT | KIND_MASK;

/// The four diagonal neighbours (horse legs seen from the target, elephant eyes, advisor steps)
/// and, for each, the two horse squares whose leg it is.
pub(super) const DIAG_HORSES: [(i16, i16, i16); 4] =
    [(17, 33, 18), (15, 31, 14), (-15, -31, -14), (-17, -33, -18)];

impl Position {
    /// An empty board of the given variant (no kings: only for building positions).
    pub(super) fn empty(variant: Variant) -> Position {
        Position {
            cells: EMPTY_BOARD,
            identity: [0; CELLS],
            variant,
            side: Color::Red,
            kings: [0; 2],
            pool: Pool::empty(),
            unknown_captured: [0; 2],
            captured_hidden: [[0; 7]; 2],
            clock: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The start position of `variant` (xiangqi, or Jieqi with unknown identities).
    /// Banqi has its own module; asking for it here gives the xiangqi start.
    pub fn start(variant: Variant) -> Position {
        let mut p = Position::empty(if variant == Variant::Jieqi {
            Variant::Jieqi
        } else {
            Variant::Xiangqi
        });
        for sq in Square::all() {
            for color in [Color::Red, Color::Black] {
                let code = START_KIND[color.index()][sq.cell()];
                if let Some(kind) = PieceKind::from_code(code) {
                    let face_down = p.variant == Variant::Jieqi && kind != PieceKind::King;
                    p.cells[sq.cell()] = Piece {
                        color,
                        kind,
                        face_down,
                    }
                    .cell();
                }
            }
        }
        if p.variant == Variant::Jieqi {
            p.pool = Pool::full();
        }
        p.kings = [START_E0, START_E9];
        p.hash = p.compute_hash();
        p
    }

    /// The Jieqi start position with the deal's identities under the face-down pieces (arbiter's view).
    pub fn start_with_deal(deal: &Deal) -> Position {
        let mut p = Position::start(Variant::Jieqi);
        for (sq, _, kind) in deal.entries() {
            p.identity[sq.cell()] = kind as u8;
        }
        p
    }

    /// Puts the deal's identities under every face-down piece still on its start square; fails when
    /// the pool cannot hold those identities.
    pub fn apply_deal(&mut self, deal: &Deal) -> Result<(), String> {
        let mut need = [[0u8; 7]; 2];
        for (sq, color, kind) in deal.entries() {
            let c = self.cells[sq.cell()];
            if c & HIDDEN_BIT != 0 && Piece::from_cell(c).map(|p| p.color) == Some(color) {
                need[color.index()][kind.index()] += 1;
            }
        }
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                let n = need[color.index()][kind.index()];
                if n > self.pool.count(color, kind) {
                    return Err(format!(
                        "the deal puts {n} {} {kind:?}(s) under face-down pieces but the pool has {}",
                        color_name(color),
                        self.pool.count(color, kind)
                    ));
                }
            }
        }
        for (sq, color, kind) in deal.entries() {
            let c = self.cells[sq.cell()];
            if c & HIDDEN_BIT != 0 && Piece::from_cell(c).map(|p| p.color) == Some(color) {
                self.identity[sq.cell()] = kind as u8;
            }
        }
        Ok(())
    }

    /// The rules in force (xiangqi or Jieqi).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_cell(self.cells[sq.cell()])
    }

    /// The identity under the face-down piece on `sq`, when this position knows it.
    pub fn hidden_identity(&self, sq: Square) -> Option<PieceKind> {
        if self.cells[sq.cell()] & HIDDEN_BIT != 0 {
            PieceKind::from_code(self.identity[sq.cell()])
        } else {
            None
        }
    }

    /// The pool of identities not yet revealed.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// How many face-down pieces of `owner` were captured without their identity being known.
    pub fn unknown_captures(&self, owner: Color) -> u8 {
        self.unknown_captured[owner.index()]
    }

    /// How many face-down pieces of identity `kind` the side `capturer` has captured (it saw them).
    pub fn captured_face_down(&self, capturer: Color, kind: PieceKind) -> u8 {
        self.captured_hidden[capturer.index()][kind.index()]
    }

    /// Plies since the last capture (a reveal does not reset it).
    pub fn plies_since_capture(&self) -> u16 {
        self.clock
    }

    /// The move number (grows after Black's move).
    pub fn move_number(&self) -> u16 {
        self.fullmove
    }

    /// The repetition hash: board including face-down squares (not their identities) and side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The square of `color`'s king.
    pub fn king(&self, color: Color) -> Square {
        Square::from_cell(self.kings[color.index()] as usize)
    }

    /// Whether the face-down piece on `mv.from()` is turned up by this move.
    pub fn is_reveal(&self, mv: Move) -> bool {
        self.cells[mv.from.cell()] & HIDDEN_BIT != 0
    }

    /// Whether `mv` lands on a piece.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.cells[mv.to.cell()] != EMPTY
    }

    /// Whether face-up advisors and elephants move freely (Jieqi).
    #[inline]
    pub(super) fn free_minor_pieces(&self) -> bool {
        self.variant == Variant::Jieqi
    }

    /// Supplies the identity of the face-down piece on `sq` (from a record or the player's own
    /// knowledge). It must be possible by the pool and agree with any identity already known.
    pub fn set_hidden_identity(&mut self, sq: Square, kind: PieceKind) -> Result<(), MoveError> {
        let cell = self.cells[sq.cell()];
        let piece = Piece::from_cell(cell)
            .filter(|p| p.face_down)
            .ok_or(MoveError::NotFaceDown(sq))?;
        if let Some(known) = PieceKind::from_code(self.identity[sq.cell()]) {
            if known != kind {
                return Err(MoveError::ContradictsDeal {
                    square: sq,
                    known,
                    claimed: kind,
                });
            }
            return Ok(());
        }
        // Identities already assigned to other face-down pieces of that side use up pool entries.
        let assigned = BOARD_CELLS
            .iter()
            .filter(|&&c| {
                let c = c as usize;
                c != sq.cell()
                    && self.cells[c] & HIDDEN_BIT != 0
                    && Piece::from_cell(self.cells[c]).map(|p| p.color) == Some(piece.color)
                    && self.identity[c] == kind as u8
            })
            .count();
        if kind == PieceKind::King || usize::from(self.pool.count(piece.color, kind)) <= assigned {
            return Err(MoveError::ImpossibleIdentity { square: sq, kind });
        }
        self.identity[sq.cell()] = kind as u8;
        Ok(())
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let us = self.side;
        self.king_attacked(self.kings[us.index()] as usize, us.opponent())
    }

    /// Makes `mv`, which must be legal (from [`Position::legal_moves`]); a face-down mover's identity
    /// must be known (deal or [`Position::set_hidden_identity`]).
    pub fn make_move(&mut self, mv: Move) -> Result<Undo, MoveError> {
        let from = mv.from.cell();
        let to = mv.to.cell();
        let moved = self.cells[from];
        let us = self.side;
        if moved == EMPTY || moved & BLACK_BIT != color_bit(us) {
            return Err(MoveError::NoPiece(mv.from));
        }
        let captured = self.cells[to];
        if captured != EMPTY && captured & BLACK_BIT == color_bit(us) {
            return Err(MoveError::OwnPiece(mv.to));
        }
        let moved_identity = self.identity[from];
        let mut landed = moved;
        if moved & HIDDEN_BIT != 0 {
            let kind =
                PieceKind::from_code(moved_identity).ok_or(MoveError::RevealMissing(mv.from))?;
            landed = color_bit(us) | moved_identity;
            self.pool.add(us, kind, -1);
            self.identity[from] = 0;
        }
        let captured_identity = self.identity[to];
        let undo = Undo {
            mv,
            moved,
            moved_identity,
            captured,
            captured_identity,
            clock: self.clock,
            hash: self.hash,
        };
        let mut h = self.hash ^ ZOBRIST_BLACK ^ zkey(moved, from) ^ zkey(landed, to);
        if captured != EMPTY {
            h ^= zkey(captured, to);
            self.clock = 0;
            if captured & HIDDEN_BIT != 0 {
                let them = us.opponent();
                match PieceKind::from_code(captured_identity) {
                    Some(kind) => {
                        self.pool.add(them, kind, -1);
                        self.captured_hidden[us.index()][kind.index()] += 1;
                    }
                    None => self.unknown_captured[them.index()] += 1,
                }
                self.identity[to] = 0;
            }
        } else {
            self.clock = self.clock.saturating_add(1);
        }
        self.hash = h;
        self.cells[to] = landed;
        self.cells[from] = EMPTY;
        if moved & KIND_MASK == KING {
            self.kings[us.index()] = to as u8;
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = us.opponent();
        Ok(undo)
    }

    /// Takes back the move recorded in `undo` (the last move made).
    pub fn unmake_move(&mut self, undo: Undo) {
        let from = undo.mv.from.cell();
        let to = undo.mv.to.cell();
        let them = self.side;
        let us = them.opponent();
        self.side = us;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        if undo.moved & KIND_MASK == KING {
            self.kings[us.index()] = from as u8;
        }
        self.cells[from] = undo.moved;
        self.cells[to] = undo.captured;
        if undo.moved & HIDDEN_BIT != 0 {
            if let Some(kind) = PieceKind::from_code(undo.moved_identity) {
                self.pool.add(us, kind, 1);
            }
            self.identity[from] = undo.moved_identity;
        }
        if undo.captured & HIDDEN_BIT != 0 {
            match PieceKind::from_code(undo.captured_identity) {
                Some(kind) => {
                    self.pool.add(them, kind, 1);
                    self.captured_hidden[us.index()][kind.index()] -= 1;
                }
                None => self.unknown_captured[them.index()] -= 1,
            }
            self.identity[to] = undo.captured_identity;
        }
        self.clock = undo.clock;
        self.hash = undo.hash;
    }

    /// Whether a king of the side opposite to `by` standing on cell `sq` would be attacked by `by`:
    /// chariot, cannon, facing king on a line; horse (leg free); pawn; and in Jieqi the free
    /// advisor and elephant.
    #[inline]
    pub(super) fn king_attacked(&self, sq: usize, by: Color) -> bool {
        let them = color_bit(by);
        let cells = &self.cells;
        for d in [16i16, -16, 1, -1] {
            let mut t = (sq as i16 + d) as usize;
            while cells[t] == EMPTY {
                t = (t as i16 + d) as usize;
            }
            let c = cells[t];
            if c == OFF {
                continue;
            }
            let sk = c & SIDE_KIND;
            if sk == them | CHARIOT || (sk == them | KING && d.abs() == 16) {
                return true;
            }
            t = (t as i16 + d) as usize;
            while cells[t] == EMPTY {
                t = (t as i16 + d) as usize;
            }
            if cells[t] & SIDE_KIND == them | CANNON {
                return true;
            }
        }
        for (leg, h1, h2) in DIAG_HORSES {
            let l = (sq as i16 + leg) as usize;
            let lc = cells[l];
            if lc == EMPTY {
                let a = cells[(sq as i16 + h1) as usize];
                let b = cells[(sq as i16 + h2) as usize];
                if a & SIDE_KIND == them | HORSE || b & SIDE_KIND == them | HORSE {
                    return true;
                }
                // An elephant two steps away with this square as its eye.
                let e = cells[(sq as i16 + 2 * leg) as usize];
                if e & SIDE_KIND == them | ELEPHANT
                    && self.minor_reaches(e, (sq as i16 + 2 * leg) as usize, sq)
                {
                    return true;
                }
            } else if lc & SIDE_KIND == them | ADVISOR && self.minor_reaches(lc, l, sq) {
                return true;
            }
        }
        // A pawn of `by` has crossed the river when it stands on the other half.
        let (forward, far_half_is_high) = match by {
            Color::Red => (16i16, true),
            Color::Black => (-16i16, false),
        };
        let cross = |c: usize| (c >= 128) == far_half_is_high;
        if cells[(sq as i16 - forward) as usize] & SIDE_KIND == them | PAWN {
            return true;
        }
        for d in [1i16, -1] {
            let t = (sq as i16 + d) as usize;
            if cells[t] & SIDE_KIND == them | PAWN && cross(t) {
                return true;
            }
        }
        false
    }

    /// Whether an advisor or elephant (cell `c` on `from`) may step to `to` under the palace/river
    /// confinement that applies to it.
    #[inline]
    pub(super) fn minor_reaches(&self, c: u8, from: usize, to: usize) -> bool {
        if self.free_minor_pieces() && c & HIDDEN_BIT == 0 {
            return true;
        }
        if c & KIND_MASK == ADVISOR {
            IN_PALACE[to] != 0
        } else {
            // confined elephant: stays on its own half
            (from >= 128) == (to >= 128)
        }
    }

    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            ZOBRIST_BLACK
        } else {
            0
        };
        for &c in BOARD_CELLS.iter() {
            let cell = self.cells[c as usize];
            if cell != EMPTY {
                h ^= zkey(cell, c as usize);
            }
        }
        h
    }
}

/// Mailbox indices of `e0` and `e9`.
const START_E0: u8 = 3 * 16 + 4 + 3;
const START_E9: u8 = 12 * 16 + 4 + 3;

pub(super) fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}
