//! 台灣暗棋 Banqi on the 4×8 board (RULES.md §6, seed 004): pieces and squares ([`board`]), deals
//! ([`deal`]), positions and legal turns ([`position`]), FEN ([`fen`]), notation ([`notation`]), the end
//! rules and event settings ([`game`]), record adjudication ([`replay`]) and perft ([`perft`]).

#![warn(missing_docs)]

pub mod board;
pub mod deal;
pub mod fen;
pub mod game;
pub mod notation;
pub mod perft;
pub mod position;
pub mod replay;

pub use board::{Cell, Piece, PieceKind, Square};
pub use deal::{Deal, DealError};
pub use game::{Game, Outcome, Settings};
pub use position::{IllegalTurn, MoveRules, Position, Turn, TurnError};
pub use replay::{SetupError, adjudicate};
