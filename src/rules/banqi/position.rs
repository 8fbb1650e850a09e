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
}

/// Optional rules of other Banqi rule sets that change which turns are legal. All off by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveRules {
    /// The chariot moves any distance along a rank or file over empty squares and takes the first piece it
    /// meets by the rank rule (a common house rule, 車可直衝); off in the Taiwan rules.
    pub chariot_slides: bool,
}

/// Why a turn could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The turn breaks a rule of movement; the text says which.
    #[error("illegal turn: {0}")]
    Illegal(String),
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
    #[error("no face-down {0} can be left to turn up")]
    ImpossibleIdentity(Piece),
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
                        return Err(TurnError::ImpossibleIdentity(written));
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
        let mut turns = Vec::new();
        self.piece_turns(from, piece, &mut turns);
        turns
            .iter()
            .filter_map(|t| match t {
                Turn::Capture { to, .. } => Some(1u32 << to.index()),
                _ => None,
            })
            .fold(0, |a, b| a | b)
    }

    /// Checks one turn against the rules and says what is wrong. Written independently of the generator
    /// (the property tests compare the two).
    pub fn check_turn(&self, turn: Turn) -> Result<(), String> {
        let (from, to) = match turn {
            Turn::Flip(s) => {
                return match self.cell(s) {
                    Cell::FaceDown(_) => Ok(()),
                    _ => Err(format!("there is no face-down piece on {s} to flip")),
                };
            }
            Turn::Move { from, to } | Turn::Capture { from, to } => (from, to),
        };
        let Some(side) = self.side_to_move else {
            return Err("the first turn must be a flip".into());
        };
        let piece = match self.cell(from) {
            Cell::FaceUp(p) if p.color == side => p,
            Cell::FaceUp(_) => return Err(format!("the piece on {from} belongs to the opponent")),
            Cell::FaceDown(_) => {
                return Err(format!("the piece on {from} is face-down and cannot move"));
            }
            Cell::Empty => return Err(format!("there is no piece on {from}")),
        };
        let (df, dr) = (
            to.file() as i8 - from.file() as i8,
            to.rank() as i8 - from.rank() as i8,
        );
        if (df != 0 && dr != 0) || from == to {
            return Err(format!("{from} and {to} are not on one rank or file"));
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
                    Err(format!("{from}-{to}: a piece moves one square at a time"))
                }
            }
            (Turn::Move { .. }, _) => Err(format!("{to} is not empty")),
            (_, Cell::Empty) => Err(format!("there is nothing to capture on {to}")),
            (_, Cell::FaceDown(_)) => {
                Err(format!("the face-down piece on {to} cannot be captured"))
            }
            (_, Cell::FaceUp(target)) if target.color == side => {
                Err(format!("{to} holds an own piece"))
            }
            (_, Cell::FaceUp(target)) => {
                if piece.kind == PieceKind::Cannon {
                    if between == 1 {
                        Ok(())
                    } else {
                        Err(format!(
                            "a cannon takes only by jumping exactly one piece ({between} between {from} and {to})"
                        ))
                    }
                } else if distance != 1 && !(slides && between == 0) {
                    Err(format!("{from}x{to}: only the cannon takes at a distance"))
                } else if !piece.kind.outranks(target.kind) {
                    Err(format!(
                        "{} cannot take {}{}",
                        piece.chinese(),
                        target.chinese(),
                        if piece.kind == PieceKind::King {
                            " (a king cannot take a pawn)"
                        } else {
                            " (lower rank)"
                        }
                    ))
                } else {
                    Ok(())
                }
            }
        }
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
