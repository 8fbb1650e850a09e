//! Xiangqi (象棋) and 揭棋 Jieqi rules: board geometry, positions with face-down pieces, legal move
//! generation, FEN, deals and perft. RULES.md §1–§3 and §5.
//!
//! Legality never depends on hidden identities, so a player's view (no deal) lists legal moves
//! like the arbiter's; applying a reveal needs the identity (from a [`Deal`] or supplied with
//! [`Position::set_hidden_identity`]).

mod board;
mod chase;
mod fen;
mod jieqi;
mod movegen;
mod perft;
mod position;

pub use board::{Piece, PieceKind, Square, in_palace, start_square_kind};
pub use fen::FenError;
pub use jieqi::{Deal, DealError, POOL_ORDER, Pool};
pub use movegen::MoveList;
pub use position::{Move, MoveError, Position, Undo};

#[cfg(test)]
mod proptests;
