//! A Banqi position: the board with face-down squares, the side to move (none before the first flip), the
//! no-progress clock, the move number, the pool of unknown face-down identities and a repetition hash.

use super::board::{Cell, DIRECTIONS, Piece, PieceKind, SQUARES, Square};
use super::deal::{Deal, full_set};
use crate::rules::Color;

/// One turn (一著): flip a face-down piece, step a face-up piece to an empty neighbour, or capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Turn a face-down piece face-up (翻).
    Flip(Square),
    /// Move an own face-up piece to an empty square.
    Move {
        /// Where the piece stands.
        from: Square,
        /// The empty square it goes to.
        to: Square,
    },
    /// Take a face-up enemy piece.
    Capture {
        /// Where the capturing piece stands.
        from: Square,
        /// The captured piece's square, where the capturer lands.
        to: Square,
    },
    /// Two or more captures in a row by one piece (連吃, only with [`MoveRules::chain_captures`]).
    Chain {
        /// Where the capturing piece stands.
        from: Square,
        /// The squares it takes on, in order.
        hops: Hops,
    },
}

/// The landing squares of a chain capture: 2 to [`Hops::MAX`] squares in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hops {
    squares: [Square; Hops::MAX],
    len: u8,
}

impl Hops {
    /// A chain can take at most every enemy piece.
    pub const MAX: usize = 16;

    /// The hops of a chain, if there are 2 to [`Hops::MAX`] of them.
    pub fn new(squares: &[Square]) -> Option<Hops> {
        if !(2..=Hops::MAX).contains(&squares.len()) {
            return None;
        }
        let mut hops = Hops {
            squares: [Square::A1; Hops::MAX],
            len: squares.len() as u8,
        };
        hops.squares[..squares.len()].copy_from_slice(squares);
        Some(hops)
    }

    /// The landing squares in order.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

/// Optional rules of other Banqi rule sets that change which turns are legal. All off by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveRules {
    /// The chariot moves any distance along a rank or file over empty squares and takes the first piece it
    /// meets by the rank rule (a common house rule, 車可直衝); off in the Taiwan rules.
    pub chariot_slides: bool,
    /// After a capture the same piece may go on capturing in the same turn, stopping when the player
    /// chooses (連吃, a house rule); off in the Taiwan rules.
    pub chain_captures: bool,
}

/// Why a turn could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The turn breaks a rule of movement.
    #[error("illegal turn: {0}")]
    Illegal(IllegalTurn),
    /// A flip of a square whose identity is unknown (no deal) and was not written.
    #[error("the flip of {0} does not say which piece turned up (no deal is known)")]
    IdentityMissing(Square),
    /// The written identity differs from the deal's piece on that square.
    #[error("the flip of {square} shows {written}, but the deal has {dealt} there")]
    ContradictsDeal {
        /// The flipped square.
        square: Square,
        /// The deal's piece.
        dealt: Piece,
        /// The piece the record wrote.
        written: Piece,
    },
    /// The written identity cannot be face-down any more (all of that piece are already face-up or taken).
    #[error("no face-down {piece} can be left to turn up")]
    ImpossibleIdentity {
        /// The flipped square.
        square: Square,
        /// The piece the record wrote.
        piece: Piece,
    },
}

/// Which rule of movement a turn breaks (the English is the verdict JSON's; pages word it with
/// `rules::describe`). Stored with a verdict, so the variants are named in the JSON.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize,
)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum IllegalTurn {
    /// A flip of a square without a face-down piece.
    #[error("there is no face-down piece on {square} to flip")]
    NothingToFlip {
        /// The square.
        square: Square,
    },
    /// A move or capture before the first flip gave the players their colours.
    #[error("the first turn must be a flip")]
    FirstTurnNotFlip,
    /// The moving piece is the opponent's.
    #[error("the piece on {square} belongs to the opponent")]
    OpponentsPiece {
        /// The square it stands on.
        square: Square,
    },
    /// The moving piece is face-down.
    #[error("the piece on {square} is face-down and cannot move")]
    FaceDownMover {
        /// The square it stands on.
        square: Square,
    },
    /// No piece stands where the move starts.
    #[error("there is no piece on {square}")]
    NoPiece {
        /// The empty square.
        square: Square,
    },
    /// The two squares are not on one rank or file (or are the same).
    #[error("{from} and {to} are not on one rank or file")]
    NotInLine {
        /// Where the turn starts.
        from: Square,
        /// Where it ends.
        to: Square,
    },
    /// A move of more than one square.
    #[error("{from}-{to}: a piece moves one square at a time")]
    TooFar {
        /// Where the move starts.
        from: Square,
        /// Where it ends.
        to: Square,
    },
    /// A move (not a capture) onto an occupied square.
    #[error("{square} is not empty")]
    NotEmpty {
        /// The occupied square.
        square: Square,
    },
    /// A capture of an empty square.
    #[error("there is nothing to capture on {square}")]
    NothingToCapture {
        /// The empty square.
        square: Square,
    },
    /// A capture of a face-down piece.
    #[error("the face-down piece on {square} cannot be captured")]
    FaceDownTarget {
        /// Its square.
        square: Square,
    },
    /// A capture of a piece of the mover's own side.
    #[error("{square} holds an own piece")]
    OwnPiece {
        /// Its square.
        square: Square,
    },
    /// A cannon capture without exactly one piece between.
    #[error("a cannon takes only by jumping exactly one piece ({between} between {from} and {to})")]
    CannonScreen {
        /// Where the cannon stands.
        from: Square,
        /// What it would take.
        to: Square,
        /// The pieces between.
        between: usize,
    },
    /// A capture at a distance by another piece than the cannon.
    #[error("{from}x{to}: only the cannon takes at a distance")]
    CaptureAtDistance {
        /// Where the capturer stands.
        from: Square,
        /// What it would take.
        to: Square,
    },
    /// A capture of a piece of higher rank (or of a pawn by the king).
    #[error(
        "{} cannot take {}{}",
        piece.chinese(),
        target.chinese(),
        if piece.kind == PieceKind::King { " (a king cannot take a pawn)" } else { " (lower rank)" }
    )]
    Outranked {
        /// The capturer.
        piece: Piece,
        /// The piece it would take.
        target: Piece,
    },
    /// A chain capture where the rule is off.
    #[error("chain captures are not played under these rules")]
    ChainsOff,
}

/// A Banqi position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    cells: [Cell; SQUARES],
    side_to_move: Option<Color>,
    no_progress: u32,
    move_number: u32,
    /// Identities that the face-down squares of unknown identity may still hold, per piece index. Exact
    /// from the start position; from a FEN without a deal it is the set minus the face-up pieces, an upper
    /// bound because captured pieces are not written in a FEN.
    pool: [u8; 14],
    hash: u64,
    rules: MoveRules,
}

impl Position {
    /// The start position: 32 face-down pieces, no side to move yet. With a deal every identity is known.
    pub fn start(deal: Option<&Deal>) -> Position {
        let mut cells = [Cell::FaceDown(None); SQUARES];
        let mut pool = [0u8; 14];
        match deal {
            Some(deal) => {
                for s in Square::all() {
                    cells[s.index()] = Cell::FaceDown(Some(deal.piece_at(s)));
                }
            }
            None => {
                for p in full_set() {
                    pool[p.index()] += 1;
                }
            }
        }
        Position::from_parts(cells, None, 0, 1, pool)
    }

    /// Builds a position from its parts; the caller has validated them (see the FEN reader).
    pub(crate) fn from_parts(
        cells: [Cell; SQUARES],
        side_to_move: Option<Color>,
        no_progress: u32,
        move_number: u32,
        pool: [u8; 14],
    ) -> Position {
        let mut position = Position {
            cells,
            side_to_move,
            no_progress,
            move_number,
            pool,
            hash: 0,
            rules: MoveRules::default(),
        };
        position.hash = position.compute_hash();
        position
    }

    /// The same position played under other movement rules.
    pub fn with_rules(mut self, rules: MoveRules) -> Position {
        self.rules = rules;
        self
    }

    /// The movement rules in force.
    pub fn rules(&self) -> MoveRules {
        self.rules
    }

    /// What stands on `square`.
    #[inline]
    pub fn cell(&self, square: Square) -> Cell {
        self.cells[square.index()]
    }

    /// The side to move; `None` before the first flip has assigned colours.
    pub fn side_to_move(&self) -> Option<Color> {
        self.side_to_move
    }

    /// Plies since the last capture or flip.
    pub fn no_progress_plies(&self) -> u32 {
        self.no_progress
    }

    /// The move number (grows after Black's turn).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The repetition hash of the public position (board with face-down squares, side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many face-down pieces remain.
    pub fn face_down_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c, Cell::FaceDown(_)))
            .count()
    }

    /// Whether every face-down piece's identity is known (a deal was given).
    pub fn identities_known(&self) -> bool {
        !self.cells.iter().any(|c| matches!(c, Cell::FaceDown(None)))
    }

    /// How many of `piece` the unknown face-down squares may still hold.
    pub fn pool_count(&self, piece: Piece) -> u8 {
        self.pool[piece.index()]
    }

    /// Whether `color` still has a piece on the board, face-up or face-down. With face-down squares of
    /// unknown identity a side counts as having pieces while the pool may still hold one of its colour.
    pub fn has_pieces(&self, color: Color) -> bool {
        let mut unknown = false;
        for cell in &self.cells {
            match *cell {
                Cell::FaceUp(p) | Cell::FaceDown(Some(p)) if p.color == color => return true,
                Cell::FaceDown(None) => unknown = true,
                _ => {}
            }
        }
        unknown
            && self
                .pool
                .iter()
                .enumerate()
                .any(|(i, &n)| n > 0 && Piece::from_index(i).color == color)
    }

    /// Plays a legal turn. A flip takes its identity from the deal when known; `identity` is the identity
    /// written in the record, checked against the deal or, without one, against the pool.
    pub fn play(&mut self, turn: Turn, identity: Option<Piece>) -> Result<(), TurnError> {
        self.check_turn(turn).map_err(TurnError::Illegal)?;
        if let Turn::Flip(square) = turn {
            let revealed = match (self.cell(square), identity) {
                (Cell::FaceDown(Some(dealt)), Some(written)) if dealt != written => {
                    return Err(TurnError::ContradictsDeal {
                        square,
                        dealt,
                        written,
                    });
                }
                (Cell::FaceDown(Some(dealt)), _) => dealt,
                (_, None) => return Err(TurnError::IdentityMissing(square)),
                (_, Some(written)) => {
                    if self.pool[written.index()] == 0 {
                        return Err(TurnError::ImpossibleIdentity {
                            square,
                            piece: written,
                        });
                    }
                    self.pool[written.index()] -= 1;
                    written
                }
            };
            self.cells[square.index()] = Cell::FaceDown(Some(revealed));
        }
        self.apply(turn);
        Ok(())
    }

    /// Plays a turn known to be legal on a position whose flipped square's identity is known.
    pub(crate) fn apply(&mut self, turn: Turn) {
        self.hash ^= side_key(self.side_to_move);
        match turn {
            Turn::Flip(square) => {
                let i = square.index();
                if let Cell::FaceDown(Some(piece)) = self.cells[i] {
                    self.cells[i] = Cell::FaceUp(piece);
                    self.hash ^=
                        cell_key(i, Cell::FaceDown(None)) ^ cell_key(i, Cell::FaceUp(piece));
                    // The first flip gives its colour to the player who made it.
                    if self.side_to_move.is_none() {
                        self.side_to_move = Some(piece.color);
                    }
                }
                self.no_progress = 0;
            }
            Turn::Move { from, to } | Turn::Capture { from, to } => {
                let (f, t) = (from.index(), to.index());
                let mover = self.cells[f];
                self.hash ^= cell_key(f, mover) ^ cell_key(t, self.cells[t]) ^ cell_key(t, mover);
                self.cells[t] = mover;
                self.cells[f] = Cell::Empty;
                if matches!(turn, Turn::Capture { .. }) {
                    self.no_progress = 0;
                } else {
                    self.no_progress += 1;
                }
            }
            Turn::Chain { from, hops } => {
                let mover = self.cells[from.index()];
                let mut at = from.index();
                for hop in hops.squares() {
                    let t = hop.index();
                    self.hash ^=
                        cell_key(at, mover) ^ cell_key(t, self.cells[t]) ^ cell_key(t, mover);
                    self.cells[t] = mover;
                    self.cells[at] = Cell::Empty;
                    at = t;
                }
                self.no_progress = 0;
            }
        }
        if self.side_to_move == Some(Color::Black) {
            self.move_number += 1;
        }
        self.side_to_move = self.side_to_move.map(Color::opponent);
        self.hash ^= side_key(self.side_to_move);
    }

    /// Every legal turn of the side to move (only flips before colours are assigned).
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = Vec::with_capacity(48);
        self.legal_turns_into(&mut turns);
        turns
    }

    /// Appends every legal turn to `turns`.
    pub fn legal_turns_into(&self, turns: &mut Vec<Turn>) {
        for s in Square::all() {
            match self.cell(s) {
                Cell::FaceDown(_) => turns.push(Turn::Flip(s)),
                Cell::FaceUp(p) if Some(p.color) == self.side_to_move => {
                    self.piece_turns(s, p, turns)
                }
                _ => {}
            }
        }
    }

    /// The turns of the own face-up piece `piece` on `from`.
    fn piece_turns(&self, from: Square, piece: Piece, turns: &mut Vec<Turn>) {
        let slides = piece.kind == PieceKind::Chariot && self.rules.chariot_slides;
        for dir in DIRECTIONS {
            let mut to = from.step(dir);
            while let Some(s) = to {
                match self.cell(s) {
                    Cell::Empty => {
                        turns.push(Turn::Move { from, to: s });
                        if !slides {
                            break;
                        }
                    }
                    Cell::FaceUp(target) if piece.kind != PieceKind::Cannon => {
                        if target.color != piece.color && piece.kind.outranks(target.kind) {
                            turns.push(Turn::Capture { from, to: s });
                        }
                        break;
                    }
                    _ => break,
                }
                to = s.step(dir);
            }
            if piece.kind == PieceKind::Cannon
                && let Some(target) = self.cannon_target(from, dir)
                && matches!(self.cell(target), Cell::FaceUp(t) if t.color != piece.color)
            {
                turns.push(Turn::Capture { from, to: target });
            }
        }
        if self.rules.chain_captures {
            self.chain_turns(from, from, piece, &mut Vec::new(), turns);
        }
    }

    /// Chain captures (two or more hops) of `piece`, which started on `origin` and has taken on `path`
    /// so far, now standing on `at` in this position.
    fn chain_turns(
        &self,
        origin: Square,
        at: Square,
        piece: Piece,
        path: &mut Vec<Square>,
        turns: &mut Vec<Turn>,
    ) {
        if path.len() >= Hops::MAX {
            return;
        }
        for target in self.capture_targets(at, piece) {
            path.push(target);
            if let Some(hops) = Hops::new(path) {
                turns.push(Turn::Chain { from: origin, hops });
            }
            let mut next = self.clone();
            next.cells[target.index()] = Cell::FaceUp(piece);
            next.cells[at.index()] = Cell::Empty;
            next.chain_turns(origin, target, piece, path, turns);
            path.pop();
        }
    }

    /// The squares the face-up `piece` on `from` can capture on (single captures).
    fn capture_targets(&self, from: Square, piece: Piece) -> Vec<Square> {
        let single = Position {
            rules: MoveRules {
                chain_captures: false,
                ..self.rules
            },
            ..self.clone()
        };
        let mut turns = Vec::new();
        single.piece_turns(from, piece, &mut turns);
        turns
            .into_iter()
            .filter_map(|t| match t {
                Turn::Capture { to, .. } => Some(to),
                _ => None,
            })
            .collect()
    }

    /// The first piece behind the first piece (the screen) seen from `from` in `dir`, if any.
    fn cannon_target(&self, from: Square, dir: (i8, i8)) -> Option<Square> {
        let mut screened = false;
        let mut to = from.step(dir);
        while let Some(s) = to {
            if self.cell(s) != Cell::Empty {
                if screened {
                    return Some(s);
                }
                screened = true;
            }
            to = s.step(dir);
        }
        None
    }

    /// The enemy squares the face-up piece on `from` could capture now (a bit per square index), whoever
    /// is to move. Used to recognise chasing.
    pub fn attacks(&self, from: Square) -> u32 {
        let Cell::FaceUp(piece) = self.cell(from) else {
            return 0;
        };
        self.capture_targets(from, piece)
            .iter()
            .fold(0, |mask, to| mask | 1u32 << to.index())
    }

    /// Checks one turn against the rules and says what is wrong. Written independently of the generator
    /// (the property tests compare the two).
    pub fn check_turn(&self, turn: Turn) -> Result<(), IllegalTurn> {
        let (from, to) = match turn {
            Turn::Flip(s) => {
                return match self.cell(s) {
                    Cell::FaceDown(_) => Ok(()),
                    _ => Err(IllegalTurn::NothingToFlip { square: s }),
                };
            }
            Turn::Move { from, to } | Turn::Capture { from, to } => (from, to),
            Turn::Chain { from, hops } => return self.check_chain(from, hops),
        };
        let Some(side) = self.side_to_move else {
            return Err(IllegalTurn::FirstTurnNotFlip);
        };
        let piece = match self.cell(from) {
            Cell::FaceUp(p) if p.color == side => p,
            Cell::FaceUp(_) => return Err(IllegalTurn::OpponentsPiece { square: from }),
            Cell::FaceDown(_) => {
                return Err(IllegalTurn::FaceDownMover { square: from });
            }
            Cell::Empty => return Err(IllegalTurn::NoPiece { square: from }),
        };
        let (df, dr) = (
            to.file() as i8 - from.file() as i8,
            to.rank() as i8 - from.rank() as i8,
        );
        if (df != 0 && dr != 0) || from == to {
            return Err(IllegalTurn::NotInLine { from, to });
        }
        let distance = df.abs().max(dr.abs());
        let between = (1..distance)
            .filter(|k| {
                let s = from.step((df.signum() * k, dr.signum() * k));
                s.is_some_and(|s| self.cell(s) != Cell::Empty)
            })
            .count();
        let slides = piece.kind == PieceKind::Chariot && self.rules.chariot_slides;
        match (turn, self.cell(to)) {
            (Turn::Move { .. }, Cell::Empty) => {
                if distance == 1 || (slides && between == 0) {
                    Ok(())
                } else {
                    Err(IllegalTurn::TooFar { from, to })
                }
            }
            (Turn::Move { .. }, _) => Err(IllegalTurn::NotEmpty { square: to }),
            (_, Cell::Empty) => Err(IllegalTurn::NothingToCapture { square: to }),
            (_, Cell::FaceDown(_)) => Err(IllegalTurn::FaceDownTarget { square: to }),
            (_, Cell::FaceUp(target)) if target.color == side => {
                Err(IllegalTurn::OwnPiece { square: to })
            }
            (_, Cell::FaceUp(target)) => {
                if piece.kind == PieceKind::Cannon {
                    if between == 1 {
                        Ok(())
                    } else {
                        Err(IllegalTurn::CannonScreen { from, to, between })
                    }
                } else if distance != 1 && !(slides && between == 0) {
                    Err(IllegalTurn::CaptureAtDistance { from, to })
                } else if !piece.kind.outranks(target.kind) {
                    Err(IllegalTurn::Outranked { piece, target })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// A chain capture is legal when the rule is on and every hop is a legal capture by the same piece.
    fn check_chain(&self, from: Square, hops: Hops) -> Result<(), IllegalTurn> {
        if !self.rules.chain_captures {
            return Err(IllegalTurn::ChainsOff);
        }
        let mut scratch = self.clone();
        let mut at = from;
        for &hop in hops.squares() {
            scratch.check_turn(Turn::Capture { from: at, to: hop })?;
            // Move the capturer without passing the turn: the next hop is the same player's.
            scratch.cells[hop.index()] = scratch.cells[at.index()];
            scratch.cells[at.index()] = Cell::Empty;
            at = hop;
        }
        Ok(())
    }

    fn compute_hash(&self) -> u64 {
        let cells = self
            .cells
            .iter()
            .enumerate()
            .fold(0, |h, (i, &c)| h ^ cell_key(i, c));
        cells ^ side_key(self.side_to_move)
    }
}

/// Zobrist keys: 15 per square (14 face-up identities and "face-down"), and one per side-to-move state.
const KEYS: [u64; SQUARES * 15 + 3] = {
    let mut keys = [0u64; SQUARES * 15 + 3];
    let mut state: u64 = 0x0BAD_C0FF_EE15_BA71;
    let mut i = 0;
    while i < keys.len() {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

/// The key of a cell's public view: face-down pieces all look alike.
#[inline]
fn cell_key(square: usize, cell: Cell) -> u64 {
    match cell {
        Cell::Empty => 0,
        Cell::FaceDown(_) => KEYS[square * 15 + 14],
        Cell::FaceUp(p) => KEYS[square * 15 + p.index()],
    }
}

#[inline]
fn side_key(side: Option<Color>) -> u64 {
    match side {
        None => KEYS[SQUARES * 15],
        Some(Color::Red) => KEYS[SQUARES * 15 + 1],
        Some(Color::Black) => KEYS[SQUARES * 15 + 2],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::banqi::deal::Deal;
    use crate::rules::banqi::fen;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};
    use std::collections::HashSet;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn pos(fen: &str) -> Position {
        fen::read(fen, None).unwrap()
    }

    fn capture(from: &str, to: &str) -> Turn {
        Turn::Capture {
            from: sq(from),
            to: sq(to),
        }
    }

    fn step(from: &str, to: &str) -> Turn {
        Turn::Move {
            from: sq(from),
            to: sq(to),
        }
    }

    /// Asserts the turn is legal (generated and accepted by the checker) or not, with the checker's reason.
    fn assert_legal(p: &Position, turn: Turn, legal: bool, reason: &str) {
        assert_eq!(
            p.legal_turns().contains(&turn),
            legal,
            "{turn:?} in {}",
            fen::write(p)
        );
        match p.check_turn(turn) {
            Ok(()) => assert!(legal, "{turn:?} accepted"),
            Err(e) => {
                assert!(!legal, "{turn:?} refused: {e}");
                assert!(
                    e.to_string().contains(reason),
                    "{turn:?}: '{e}' does not say '{reason}'"
                );
            }
        }
    }

    #[test]
    fn king_cannot_take_pawn_but_pawn_takes_king() {
        let p = pos("8/8/8/Kp6 r 0 5");
        assert_legal(&p, capture("a1", "b1"), false, "a king cannot take a pawn");
        assert_eq!(p.legal_turns(), vec![step("a1", "a2")]);
        let p = pos("8/8/8/kP6 r 0 5");
        assert_legal(&p, capture("b1", "a1"), true, "");
        // The same both ways for Black.
        let p = pos("8/8/8/Kp6 b 0 5");
        assert_legal(&p, capture("b1", "a1"), true, "");
        let p = pos("8/8/8/kP6 b 0 5");
        assert_legal(&p, capture("a1", "b1"), false, "a king cannot take a pawn");
    }

    #[test]
    fn equal_ranks_take_each_other_and_lower_cannot_take_higher() {
        for letter in ['K', 'A', 'B', 'R', 'N', 'P'] {
            let fen = format!("8/8/8/{letter}{}6 r 0 5", letter.to_ascii_lowercase());
            assert_legal(&pos(&fen), capture("a1", "b1"), true, "");
        }
        assert_legal(
            &pos("8/8/8/Nr6 r 0 5"),
            capture("a1", "b1"),
            false,
            "lower rank",
        );
        assert_legal(&pos("8/8/8/Rn6 r 0 5"), capture("a1", "b1"), true, "");
        assert_legal(
            &pos("8/8/8/Pa6 r 0 5"),
            capture("a1", "b1"),
            false,
            "lower rank",
        );
        assert_legal(&pos("8/8/8/Kc6 r 0 5"), capture("a1", "b1"), true, "");
        // A horse takes a cannon; the cannon cannot take it back adjacently.
        assert_legal(&pos("8/8/8/Nc6 r 0 5"), capture("a1", "b1"), true, "");
        assert_legal(
            &pos("8/8/8/Cn6 r 0 5"),
            capture("a1", "b1"),
            false,
            "exactly one piece",
        );
    }

    #[test]
    fn captures_only_adjacent_and_orthogonal() {
        let p = pos("8/8/1n6/K7 r 0 5");
        assert_legal(&p, capture("a1", "b2"), false, "not on one rank or file");
        let p = pos("8/8/8/K1n5 r 0 5");
        assert_legal(
            &p,
            capture("a1", "c1"),
            false,
            "only the cannon takes at a distance",
        );
    }

    #[test]
    fn cannon_jumps_exactly_one_screen_of_any_kind_at_any_distance() {
        // Over a face-down screen.
        assert_legal(&pos("8/8/8/CXn5 r 0 5"), capture("a1", "c1"), true, "");
        // Over an own or an enemy face-up screen, onto the king, from afar.
        assert_legal(&pos("8/8/8/C1N2k2 r 0 5"), capture("a1", "f1"), true, "");
        assert_legal(&pos("8/8/8/C1a2k2 r 0 5"), capture("a1", "f1"), true, "");
        // Along a file too.
        assert_legal(&pos("k7/8/X7/C7 r 0 5"), capture("a1", "a4"), true, "");
        // Two screens, or none, is no capture.
        assert_legal(
            &pos("8/8/8/CXXn4 r 0 5"),
            capture("a1", "d1"),
            false,
            "exactly one piece",
        );
        assert_legal(
            &pos("8/8/8/C2n4 r 0 5"),
            capture("a1", "d1"),
            false,
            "exactly one piece",
        );
        // Not its own pieces.
        assert_legal(
            &pos("8/8/8/CXN5 r 0 5"),
            capture("a1", "c1"),
            false,
            "own piece",
        );
    }

    #[test]
    fn cannon_adjacent_cannot_capture() {
        let p = pos("8/8/8/Cp6 r 0 5");
        assert_legal(&p, capture("a1", "b1"), false, "exactly one piece");
        assert_eq!(p.legal_turns(), vec![step("a1", "a2")]);
    }

    #[test]
    fn face_down_pieces_cannot_be_captured() {
        let p = pos("8/8/8/KX6 r 0 5");
        assert_legal(&p, capture("a1", "b1"), false, "face-down");
        let p = pos("8/8/8/CXX5 r 0 5");
        assert_legal(&p, capture("a1", "c1"), false, "face-down");
        // A face-down piece cannot move either; anyone may flip it.
        assert_legal(&p, step("b1", "b2"), false, "face-down");
        assert_legal(&p, Turn::Flip(sq("c1")), true, "");
    }

    #[test]
    fn pieces_step_one_square_to_empty_squares_only() {
        let p = pos("8/8/1N6/8 r 0 5");
        let mut turns = p.legal_turns();
        turns.sort_by_key(|t| format!("{t:?}"));
        assert_eq!(turns.len(), 4);
        assert_legal(&p, step("b2", "b4"), false, "one square");
        assert_legal(&p, step("b2", "c3"), false, "not on one rank or file");
        assert_legal(
            &pos("8/8/8/RP6 r 0 5"),
            step("a1", "b1"),
            false,
            "not empty",
        );
        assert_legal(&pos("8/8/8/Rp6 b 0 5"), step("a1", "a2"), false, "opponent");
    }

    #[test]
    fn chariot_slides_only_when_the_variant_flag_is_on() {
        let p = pos("8/8/8/R4X1k r 0 5");
        // a1-a2, a1-b1 and the flip of f1; the king on h1 is out of reach.
        assert_eq!(p.legal_turns().len(), 3);
        let slides = p.clone().with_rules(MoveRules {
            chariot_slides: true,
            ..MoveRules::default()
        });
        assert_legal(&slides, step("a1", "e1"), true, "");
        assert_legal(&slides, step("a1", "a4"), true, "");
        assert_legal(&slides, step("a1", "g1"), false, "one square");
        let p = pos("8/8/8/R5n1 r 0 5").with_rules(MoveRules {
            chariot_slides: true,
            ..MoveRules::default()
        });
        assert_legal(&p, capture("a1", "g1"), true, "");
        let p = pos("8/8/8/R5a1 r 0 5").with_rules(MoveRules {
            chariot_slides: true,
            ..MoveRules::default()
        });
        assert_legal(&p, capture("a1", "g1"), false, "lower rank");
    }

    fn chain(from: &str, hops: &[&str]) -> Turn {
        let hops: Vec<Square> = hops.iter().map(|h| sq(h)).collect();
        Turn::Chain {
            from: sq(from),
            hops: Hops::new(&hops).unwrap(),
        }
    }

    #[test]
    fn chain_captures_only_with_the_house_rule() {
        let chains = MoveRules {
            chain_captures: true,
            ..MoveRules::default()
        };
        let p = pos("8/8/8/Rnn5 r 0 5");
        assert_legal(
            &p,
            chain("a1", &["b1", "c1"]),
            false,
            "chain captures are not played",
        );
        let p = p.with_rules(chains);
        assert_legal(&p, chain("a1", &["b1", "c1"]), true, "");
        // Each hop obeys the capture rules: the chariot cannot go on to take the advisor.
        let p = pos("8/8/8/Rna5 r 0 5").with_rules(chains);
        assert_legal(&p, chain("a1", &["b1", "c1"]), false, "lower rank");
        // A cannon chains jump after jump, each over exactly one piece.
        let p = pos("8/8/8/CXnXk3 r 0 5").with_rules(chains);
        assert_legal(&p, chain("a1", &["c1", "e1"]), true, "");
        let mut played = p.clone();
        played.play(chain("a1", &["c1", "e1"]), None).unwrap();
        assert_eq!(fen::write(&played), "8/8/8/1X1XC3 b 0 5");
        assert_eq!(
            played.hash(),
            fen::read("8/8/8/1X1XC3 b 0 5", None).unwrap().hash()
        );
        assert_eq!(Hops::new(&[sq("a1")]), None);
    }

    #[test]
    fn the_first_flip_assigns_colours() {
        // a1 holds a black king: the first player becomes Black and Red moves next.
        let deal = Deal::parse("kAABBRRNNCCPPPPPKaabbrrnnccppppp").unwrap();
        let mut p = Position::start(Some(&deal));
        assert_eq!(p.side_to_move(), None);
        assert_eq!(p.legal_turns().len(), 32);
        p.play(Turn::Flip(sq("a1")), None).unwrap();
        assert_eq!(p.side_to_move(), Some(Color::Red));
        assert_eq!(fen::write(&p), "XXXXXXXX/XXXXXXXX/XXXXXXXX/kXXXXXXX r 0 2");
        // A red piece first: the first player is Red.
        let mut p = Position::start(Some(&deal));
        p.play(Turn::Flip(sq("b1")), None).unwrap();
        assert_eq!(p.side_to_move(), Some(Color::Black));
        assert_eq!(fen::write(&p), "XXXXXXXX/XXXXXXXX/XXXXXXXX/XAXXXXXX b 0 1");
        // Before the first flip nothing else is possible.
        let p = Position::start(None);
        assert_eq!(
            p.check_turn(step("a1", "a2")),
            Err(IllegalTurn::FirstTurnNotFlip)
        );
        assert_eq!(
            IllegalTurn::FirstTurnNotFlip.to_string(),
            "the first turn must be a flip"
        );
    }

    #[test]
    fn flips_without_a_deal_need_a_possible_identity() {
        let mut p = Position::start(None);
        assert_eq!(
            p.play(Turn::Flip(sq("a1")), None),
            Err(TurnError::IdentityMissing(sq("a1")))
        );
        p.play(Turn::Flip(sq("a1")), Piece::from_letter('k'))
            .unwrap();
        assert_eq!(p.pool_count(Piece::from_letter('k').unwrap()), 0);
        assert_eq!(
            p.play(Turn::Flip(sq("b1")), Piece::from_letter('k')),
            Err(TurnError::ImpossibleIdentity {
                square: sq("b1"),
                piece: Piece::from_letter('k').unwrap()
            })
        );
        let deal = Deal::parse("kAABBRRNNCCPPPPPKaabbrrnnccppppp").unwrap();
        let mut p = Position::start(Some(&deal));
        let e = p
            .play(Turn::Flip(sq("a1")), Piece::from_letter('K'))
            .unwrap_err();
        assert!(matches!(e, TurnError::ContradictsDeal { .. }), "{e}");
    }

    #[test]
    fn clocks_and_move_numbers() {
        let mut p = pos("X7/8/8/R6n r 7 12");
        p.play(step("a1", "a2"), None).unwrap();
        assert_eq!(fen::write(&p), "X7/8/R7/7n b 8 12");
        p.play(step("h1", "h2"), None).unwrap();
        assert_eq!(fen::write(&p), "X7/8/R6n/8 r 9 13");
        let deal_letter = Piece::from_letter('p');
        p.play(Turn::Flip(sq("a4")), deal_letter).unwrap();
        assert_eq!(fen::write(&p), "p7/8/R6n/8 b 0 13");
    }

    /// Every turn the reference rules allow: all flips and all (from, to) pairs on a line the checker accepts.
    fn reference_turns(p: &Position) -> HashSet<Turn> {
        let mut turns = HashSet::new();
        for from in Square::all() {
            turns.insert(Turn::Flip(from));
            // Pairs off one rank and file are refused by the first geometric test (checked above).
            for to in
                Square::all().filter(|to| to.file() == from.file() || to.rank() == from.rank())
            {
                turns.insert(Turn::Move { from, to });
                turns.insert(Turn::Capture { from, to });
            }
        }
        turns.retain(|&t| p.check_turn(t).is_ok());
        turns
    }

    /// Property: over random games with random deals, the generator and the independent checker agree,
    /// the incremental hash matches a fresh one, the FEN round-trips, and the pool of a deal-less copy of
    /// the game stays equal to the identities still face-down.
    #[test]
    fn property_random_games_keep_generator_checker_hash_fen_and_pool_consistent() {
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        for game in 0..30 {
            let deal = Deal::shuffled(&mut rng);
            let rules = MoveRules {
                chariot_slides: game % 3 == 0,
                chain_captures: game % 3 == 1,
            };
            let mut known = Position::start(Some(&deal)).with_rules(rules);
            let mut unknown = Position::start(None).with_rules(rules);
            for _ in 0..200 {
                let generated = known.legal_turns();
                let as_set: HashSet<Turn> = generated.iter().copied().collect();
                assert_eq!(
                    as_set.len(),
                    generated.len(),
                    "duplicates in {}",
                    fen::write(&known)
                );
                // Chains are checked hop by hop below; every other turn against the reference.
                let (chains, single): (HashSet<Turn>, HashSet<Turn>) =
                    as_set.iter().partition(|t| matches!(t, Turn::Chain { .. }));
                assert_eq!(single, reference_turns(&known), "{}", fen::write(&known));
                for chain in &chains {
                    assert_eq!(known.check_turn(*chain), Ok(()), "{chain:?}");
                    let Turn::Chain { from, hops } = *chain else {
                        continue;
                    };
                    // The player may stop after any hop, so every shorter chain is a turn too.
                    let squares = hops.squares();
                    let shorter = match Hops::new(&squares[..squares.len() - 1]) {
                        Some(hops) => Turn::Chain { from, hops },
                        None => Turn::Capture {
                            from,
                            to: squares[0],
                        },
                    };
                    assert!(
                        as_set.contains(&shorter),
                        "{shorter:?} missing in {}",
                        fen::write(&known)
                    );
                }
                let fen_text = fen::write(&known);
                let reread = fen::read(&fen_text, Some(&deal.to_string())).unwrap();
                assert_eq!(fen::write(&reread), fen_text);
                assert_eq!(reread.hash(), known.hash(), "{fen_text}");
                for i in 0..14 {
                    let piece = Piece::from_index(i);
                    let face_down = Square::all()
                        .filter(|&s| known.cell(s) == Cell::FaceDown(Some(piece)))
                        .count();
                    assert_eq!(
                        unknown.pool_count(piece) as usize,
                        face_down,
                        "{piece} in {fen_text}"
                    );
                }
                if generated.is_empty() {
                    break;
                }
                let turn = generated[(rng.next_u32() as usize) % generated.len()];
                let identity = match turn {
                    Turn::Flip(s) => Some(deal.piece_at(s)),
                    _ => None,
                };
                known.play(turn, None).unwrap();
                unknown.play(turn, identity).unwrap();
                assert_eq!(fen::write(&known), fen::write(&unknown));
                assert_eq!(known.hash(), unknown.hash());
            }
        }
    }
}
