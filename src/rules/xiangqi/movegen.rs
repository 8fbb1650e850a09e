//! Legal move generation. Pseudo-legal moves are generated from the mailbox; a move is tested for
//! leaving the own king attacked only when it could: the side is in check, the king moves, the
//! piece leaves the king's rank/file or a point diagonally next to the king (horse leg, elephant
//! eye), or lands on the king's rank/file (a new cannon screen). All other moves are legal as is.

use super::board::{
    BLACK_BIT, CELLS, EMPTY, HIDDEN_BIT, IN_PALACE, KIND_MASK, OFF, Square, color_bit,
};
use super::position::{
    ADVISOR, BOARD_CELLS, CANNON, CHARIOT, DIAG_HORSES, ELEPHANT, HORSE, KING, Move, PAWN, Position,
};
use crate::rules::Color;

/// Capacity of a [`MoveList`]: above any position with at most 16 pieces a side.
const MAX_MOVES: usize = 320;

/// A list of moves held on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let a0 = Square::from_cell(3 * 16 + 3);
        MoveList {
            moves: [Move::new(a0, a0); MAX_MOVES],
            len: 0,
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether `mv` is in the list.
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Receives generated legal moves: a list, or a counter for bulk counting.
pub(super) trait Sink {
    fn add(&mut self, from: usize, to: usize);
    /// Whether generation may stop (a sink that only needs to know a move exists).
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// Stops at the first legal move.
struct AnyMove(bool);

impl Sink for AnyMove {
    #[inline]
    fn add(&mut self, _: usize, _: usize) {
        self.0 = true;
    }
    #[inline]
    fn done(&self) -> bool {
        self.0
    }
}

impl Sink for MoveList {
    #[inline]
    fn add(&mut self, from: usize, to: usize) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = Move::new(Square::from_cell(from), Square::from_cell(to));
            self.len += 1;
        }
    }
}

/// Counts moves without storing them.
pub(super) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn add(&mut self, _: usize, _: usize) {
        self.0 += 1;
    }
}

/// `LANDS[side][cell]`: whether a piece of that side may land on a point holding `cell`
/// (empty, or an enemy piece).
const LANDS: [[bool; CELLS]; 2] = {
    let mut t = [[false; CELLS]; 2];
    let mut c = 0;
    while c < CELLS {
        let cell = c as u8;
        if cell == EMPTY {
            t[0][c] = true;
            t[1][c] = true;
        } else if cell != OFF
            && cell & KIND_MASK != 0
            && cell & !(KIND_MASK | BLACK_BIT | HIDDEN_BIT) == 0
        {
            if cell & BLACK_BIT != 0 {
                t[0][c] = true;
            } else {
                t[1][c] = true;
            }
        }
        c += 1;
    }
    t
};

/// The context of one generation: who moves, where the king is, whether in check.
struct Gen<'a, S: Sink> {
    pos: &'a mut Position,
    sink: &'a mut S,
    king: usize,
    in_check: bool,
    them: Color,
    /// Generate only for pieces of this kind code (0 = every kind).
    only: u8,
    /// Generate only for pieces on this mailbox column (0 = every file).
    only_column: usize,
    /// Keep moves that leave the own king attacked too (what a refused token meant to play).
    unsafe_too: bool,
}

impl<S: Sink> Gen<'_, S> {
    /// Adds the pseudo-legal move `from`→`to` if it does not leave the own king attacked.
    #[inline(always)]
    fn try_add(&mut self, from: usize, to: usize) {
        let k = self.king;
        let risky = self.in_check
            || from == k
            || (from ^ k) & 0x0F == 0
            || (from ^ k) & 0xF0 == 0
            || matches!(from as isize - k as isize, 15 | 17 | -15 | -17)
            || (to ^ k) & 0x0F == 0
            || (to ^ k) & 0xF0 == 0;
        if self.unsafe_too || !risky || self.safe_after(from, to) {
            self.sink.add(from, to);
        }
    }

    /// Tries the move on the board and tests the own king.
    #[inline]
    fn safe_after(&mut self, from: usize, to: usize) -> bool {
        let cells = &mut self.pos.cells;
        let moved = cells[from];
        let captured = cells[to];
        cells[to] = moved;
        cells[from] = EMPTY;
        let k = if from == self.king { to } else { self.king };
        let safe = !self.pos.king_attacked(k, self.them);
        let cells = &mut self.pos.cells;
        cells[from] = moved;
        cells[to] = captured;
        safe
    }

    fn run(&mut self) {
        if self.only_column != 0 {
            // One file: its ten points only.
            for rank in 0..10 {
                let sq = (rank + 3) * 16 + self.only_column;
                self.piece(sq);
            }
        } else {
            for &sq in BOARD_CELLS.iter() {
                if self.sink.done() {
                    return;
                }
                self.piece(sq as usize);
            }
        }
    }

    /// Generates the moves of the piece on `sq` if it belongs to the side to move and passes the filter.
    #[inline(always)]
    fn piece(&mut self, sq: usize) {
        let us = self.pos.side;
        let mine = color_bit(us);
        let lands = &LANDS[us.index()];
        let free = self.pos.free_minor_pieces();
        {
            let c = self.pos.cells[sq];
            if c == EMPTY || c & BLACK_BIT != mine || (self.only != 0 && c & KIND_MASK != self.only)
            {
                return;
            }
            match c & KIND_MASK {
                KING => {
                    for d in [16i16, -16, 1, -1] {
                        let t = (sq as i16 + d) as usize;
                        if IN_PALACE[t] != 0 && lands[self.pos.cells[t] as usize] {
                            self.try_add(sq, t);
                        }
                    }
                }
                ADVISOR => {
                    let palace_bound = !free || c & HIDDEN_BIT != 0;
                    for (d, _, _) in DIAG_HORSES {
                        let t = (sq as i16 + d) as usize;
                        if lands[self.pos.cells[t] as usize] && (!palace_bound || IN_PALACE[t] != 0)
                        {
                            self.try_add(sq, t);
                        }
                    }
                }
                ELEPHANT => {
                    let half_bound = !free || c & HIDDEN_BIT != 0;
                    for (d, _, _) in DIAG_HORSES {
                        let eye = (sq as i16 + d) as usize;
                        let t = (sq as i16 + 2 * d) as usize;
                        if self.pos.cells[eye] == EMPTY
                            && lands[self.pos.cells[t] as usize]
                            && (!half_bound || (t >= 128) == (sq >= 128))
                        {
                            self.try_add(sq, t);
                        }
                    }
                }
                HORSE => {
                    for (leg, a, b) in HORSE_STEPS {
                        if self.pos.cells[(sq as i16 + leg) as usize] == EMPTY {
                            for t in [a, b] {
                                let t = (sq as i16 + t) as usize;
                                if lands[self.pos.cells[t] as usize] {
                                    self.try_add(sq, t);
                                }
                            }
                        }
                    }
                }
                CHARIOT => {
                    for d in [16i16, -16, 1, -1] {
                        let mut t = (sq as i16 + d) as usize;
                        while self.pos.cells[t] == EMPTY {
                            self.try_add(sq, t);
                            t = (t as i16 + d) as usize;
                        }
                        if lands[self.pos.cells[t] as usize] {
                            self.try_add(sq, t);
                        }
                    }
                }
                CANNON => {
                    for d in [16i16, -16, 1, -1] {
                        let mut t = (sq as i16 + d) as usize;
                        while self.pos.cells[t] == EMPTY {
                            self.try_add(sq, t);
                            t = (t as i16 + d) as usize;
                        }
                        if self.pos.cells[t] == OFF {
                            continue;
                        }
                        t = (t as i16 + d) as usize;
                        while self.pos.cells[t] == EMPTY {
                            t = (t as i16 + d) as usize;
                        }
                        let target = self.pos.cells[t];
                        if target != EMPTY && lands[target as usize] {
                            self.try_add(sq, t);
                        }
                    }
                }
                PAWN => {
                    let (forward, crossed) = match us {
                        Color::Red => (16i16, sq >= 128),
                        Color::Black => (-16i16, sq < 128),
                    };
                    let t = (sq as i16 + forward) as usize;
                    if lands[self.pos.cells[t] as usize] {
                        self.try_add(sq, t);
                    }
                    if crossed {
                        for d in [1i16, -1] {
                            let t = (sq as i16 + d) as usize;
                            if lands[self.pos.cells[t] as usize] {
                                self.try_add(sq, t);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// Horse moves: the leg offset and the two landing offsets beyond it.
const HORSE_STEPS: [(i16, i16, i16); 4] =
    [(16, 31, 33), (-16, -31, -33), (1, 18, -14), (-1, 14, -18)];

impl Position {
    /// Feeds every legal move of the side to move into `sink`.
    pub(super) fn generate<S: Sink>(&mut self, sink: &mut S) {
        self.generate_only(sink, 0, 0);
    }

    /// Feeds the legal moves of pieces with kind code `only` (0 = all) into `sink`.
    fn generate_only<S: Sink>(&mut self, sink: &mut S, only: u8, only_column: usize) -> bool {
        self.generate_with(sink, (only, only_column), false)
    }

    /// [`Position::generate_only`], keeping moves into check too when `unsafe_too`.
    fn generate_with<S: Sink>(
        &mut self,
        sink: &mut S,
        (only, only_column): (u8, usize),
        unsafe_too: bool,
    ) -> bool {
        let us = self.side;
        let king = self.kings[us.index()] as usize;
        let in_check = self.king_attacked(king, us.opponent());
        Gen {
            pos: self,
            sink,
            king,
            in_check,
            them: us.opponent(),
            only,
            only_column,
            unsafe_too,
        }
        .run();
        in_check
    }

    /// The moves of the side to move's pieces that move as `kind` by the pieces' rules alone,
    /// those that leave the own king in check (or facing the other king) included: what a refused
    /// token may have meant, so that the refusal can say it is the king's safety.
    pub fn moves_into_check_of(
        &self,
        kind: super::board::PieceKind,
        file: Option<u8>,
    ) -> Vec<Move> {
        let mut all = MoveList::new();
        let column = file.filter(|&f| f < 9).map_or(0, |f| usize::from(f) + 3);
        self.clone()
            .generate_with(&mut all, (kind as u8, column), true);
        let legal = self.legal_moves_of(kind, file);
        all.iter()
            .copied()
            .filter(|m| !legal.contains(*m))
            .collect()
    }

    /// The legal moves of the side to move's pieces that move as `kind` (face-down pieces by
    /// their start-square type): what a notation token naming that piece can mean.
    pub fn legal_moves_of(&self, kind: super::board::PieceKind, file: Option<u8>) -> MoveList {
        let mut list = MoveList::new();
        let column = file.filter(|&f| f < 9).map_or(0, |f| usize::from(f) + 3);
        self.clone().generate_only(&mut list, kind as u8, column);
        list
    }

    /// Whether the side to move is in check, and whether it has a legal move (one generation).
    pub fn check_and_mobility(&self) -> (bool, bool) {
        self.clone().check_and_mobility_in_place()
    }

    /// [`Position::check_and_mobility`] without copying the position (the board is restored).
    pub fn check_and_mobility_in_place(&mut self) -> (bool, bool) {
        let mut any = AnyMove(false);
        let check = self.generate_only(&mut any, 0, 0);
        (check, any.0)
    }

    /// All legal moves of the side to move. Legality never depends on hidden identities.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.clone().generate(&mut list);
        list
    }

    /// The legal moves, generated in place (no copy of the position).
    pub fn legal_moves_into(&mut self, list: &mut MoveList) {
        list.len = 0;
        self.generate(list);
    }

    /// The number of legal moves.
    pub fn count_legal_moves(&mut self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        match self.piece_at(mv.from()) {
            Some(p) if p.color == self.side => self
                .legal_moves_of(p.kind, Some(mv.from().file()))
                .contains(mv),
            _ => false,
        }
    }

    /// Whether the side to move has any legal move (if not, it has lost: RULES.md §2, §5).
    pub fn has_legal_move(&self) -> bool {
        let mut any = AnyMove(false);
        self.clone().generate(&mut any);
        any.0
    }
}
