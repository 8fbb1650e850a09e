//! ICCS notation: `h2e2` (also `H2-E2`), then the revealed identity of a face-down mover
//! (`e3e4C`) and the identity of a captured face-down piece (`b5b9p`, `b2b9Rn`). Letter case
//! shows the colour; either case is accepted.

use super::{NotationError, WrittenMove};
use crate::rules::Color;
use crate::rules::xiangqi::{Move, PieceKind, Position};

/// Reads an ICCS token; `None` when the token does not have ICCS shape (so another notation may try).
pub fn parse(pos: &Position, token: &str) -> Option<Result<WrittenMove, NotationError>> {
    let t: Vec<char> = token.chars().filter(|&c| c != '-').collect();
    if t.len() < 4 || t.len() > 6 || token.matches('-').count() > 1 {
        return None;
    }
    let coords: String = t[..4].iter().collect();
    let mv = Move::parse_iccs(&coords)?;
    let mut letters = Vec::new();
    for &c in &t[4..] {
        letters.push(PieceKind::from_letter(c).filter(|&k| k != PieceKind::King)?);
    }
    Some(resolve(pos, mv, &letters))
}

fn resolve(pos: &Position, mv: Move, letters: &[PieceKind]) -> Result<WrittenMove, NotationError> {
    if !pos.is_legal(mv) {
        let into_check = pos.piece_at(mv.from()).is_some_and(|p| {
            p.color == pos.side_to_move()
                && pos
                    .moves_into_check_of(p.kind, Some(mv.from().file()))
                    .contains(&mv)
        });
        return Err(if into_check {
            NotationError::IntoCheck(pos.in_check())
        } else {
            NotationError::Illegal
        });
    }
    let reveals = pos.is_reveal(mv);
    let captures_face_down = pos.piece_at(mv.to()).is_some_and(|p| p.face_down);
    let (reveal, captured) = match (reveals, letters) {
        (_, []) => (None, None),
        (true, [r]) => (Some(*r), None),
        (true, [r, c]) if captures_face_down => (Some(*r), Some(*c)),
        (false, [c]) if captures_face_down => (None, Some(*c)),
        (false, _) if !captures_face_down => return Err(NotationError::RevealOnFaceUp(mv.from())),
        _ => {
            return Err(NotationError::Syntax(
                "too many piece letters after the ICCS move".into(),
            ));
        }
    };
    Ok(WrittenMove {
        mv,
        reveal,
        captured,
    })
}

fn letter(color: Color, kind: PieceKind) -> char {
    match color {
        Color::Red => kind.letter(),
        Color::Black => kind.letter().to_ascii_lowercase(),
    }
}

/// Writes `h2e2` plus the reveal letter (mover's colour) and the captured identity (its colour).
pub fn write(pos: &Position, wm: &WrittenMove) -> String {
    let mut s = wm.mv.to_string();
    let us = pos.side_to_move();
    if let Some(r) = wm.reveal {
        s.push(letter(us, r));
    }
    if let Some(c) = wm.captured {
        s.push(letter(us.opponent(), c));
    }
    s
}
