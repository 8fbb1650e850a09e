//! 台灣暗棋 Banqi on the 4×8 board (RULES.md §6, seed 004).

pub mod board;
pub mod deal;
pub mod fen;
pub mod game;
pub mod notation;
pub mod perft;
pub mod position;
