//! Banqi perft for `anqi perft --variant banqi`: one line `TURN: COUNT` per root turn, then
//! `Nodes searched: N`. A flip is one turn and reveals the deal's piece.

use crate::rules::banqi::perft::divide;
use crate::rules::banqi::{Cell, Deal, Position, Turn, fen, notation};

/// Runs Banqi perft from the start (or `fen`) with an optional deal; prints the divide and the total.
/// Returns the exit status: 0, or 2 with a one-line error for bad input.
pub fn run_banqi(fen_text: Option<&str>, deal: Option<&str>, depth: u32) -> i32 {
    let position = match setup(fen_text, deal) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("anqi perft: {e}");
            return 2;
        }
    };
    let parts = match divide(&position, depth) {
        Ok(parts) => parts,
        Err(e) => {
            eprintln!("anqi perft: {e}");
            return 2;
        }
    };
    let mut out = String::new();
    for (turn, nodes) in &parts {
        // A flip is named with the deal's piece when it is known (`a1=K`).
        let revealed = match *turn {
            Turn::Flip(square) => match position.cell(square) {
                Cell::FaceDown(identity) => identity,
                _ => None,
            },
            _ => None,
        };
        out.push_str(&format!("{}: {nodes}\n", notation::write(*turn, revealed)));
    }
    out.push_str(&format!(
        "Nodes searched: {}\n",
        parts.iter().map(|(_, n)| n).sum::<u64>()
    ));
    print!("{out}");
    0
}

fn setup(fen_text: Option<&str>, deal: Option<&str>) -> Result<Position, String> {
    match fen_text {
        Some(f) => fen::read(f, deal).map_err(|e| format!("FEN: {e}")),
        None => {
            let deal = deal
                .map(Deal::parse)
                .transpose()
                .map_err(|e| format!("deal: {e}"))?;
            Ok(Position::start(deal.as_ref()))
        }
    }
}
