//! Banqi perft for `anqi perft --variant banqi`: one line `TURN: COUNT` per root turn, then
//! `Nodes searched: N`. A flip is one turn and reveals the deal's piece.

use crate::i18n::Reason;
use crate::rules::banqi::perft::divide;
use crate::rules::banqi::{Cell, Deal, Position, Turn, fen, notation};
use crate::rules::describe::{banqi_deal_error, banqi_fen_error};

/// Banqi perft from the start (or `fen`) with an optional deal: the divide lines and the total, or a
/// one-line error for bad input.
pub fn banqi_lines(
    fen_text: Option<&str>,
    deal: Option<&str>,
    depth: u32,
) -> Result<Vec<String>, String> {
    let position = setup(fen_text, deal)?;
    let parts = divide(&position, depth).map_err(|e| e.to_string())?;
    let mut lines = Vec::with_capacity(parts.len() + 1);
    for (turn, nodes) in &parts {
        // A flip is named with the deal's piece when it is known (`a1=K`).
        let revealed = match *turn {
            Turn::Flip(square) => match position.cell(square) {
                Cell::FaceDown(identity) => identity,
                _ => None,
            },
            _ => None,
        };
        lines.push(format!("{}: {nodes}", notation::write(*turn, revealed)));
    }
    lines.push(format!(
        "Nodes searched: {}",
        parts.iter().map(|(_, n)| n).sum::<u64>()
    ));
    Ok(lines)
}

fn setup(fen_text: Option<&str>, deal: Option<&str>) -> Result<Position, String> {
    match fen_text {
        Some(f) => fen::read(f, deal).map_err(|e| {
            super::perft::refused(
                format!("FEN: {e}"),
                Reason::new("cli_perft_fen").arg_reason("why", &banqi_fen_error(&e)),
            )
        }),
        None => {
            let deal = deal.map(Deal::parse).transpose().map_err(|e| {
                super::perft::refused(
                    format!("deal: {e}"),
                    Reason::new("cli_perft_deal").arg_reason("why", &banqi_deal_error(&e)),
                )
            })?;
            Ok(Position::start(deal.as_ref()))
        }
    }
}
