//! WXF notation (the official AXF/WXF forms, RULES.md §4.2): `H2+3`, `C2.5` (also `C2=5`, `C25`),
//! `R1-1`; a face-down mover named by its start-square type with the revealed identity after `=`
//! (`H2+3=C`). Tandem pieces replace the file digit by `+` (front) or `-` (rear): `R+.3`, `C--1`;
//! three pawns on a file: `P+.4`, `P3.4` (the middle one keeps its file digit), `P-.4`; four or five:
//! `++.4`, `P+.4`, `P3.4`, `P-.4`, `--.4`; tandem pawns on two files put the file first: `3+.4`,
//! `33.4`, `3-.4`, `7+.6`. Readers also take the sign before the letter (`+P+1`, `-R.8`, and this
//! project's `+R9.8` for tandem pieces on two files) and full-width characters (folded before).
//!
//! A token may have several readings; it names a move when the readings that match exactly one
//! legal move all name the same move (with three pawns on file 3, `P3.4` is the middle pawn: the
//! plain file reading matches three moves and does not count).

use super::{
    Direction, NotationError, Pattern, Place, WrittenMove, describe, file_number, place_on_file,
    tandem_files,
};
use crate::rules::xiangqi::{Move, PieceKind, Position};

/// The WXF letter of a kind.
pub fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        k => k.letter(),
    }
}

/// A piece letter on input: K A E H R C P, also G (king), S (pawn), B and N.
fn kind_of(c: char) -> Option<PieceKind> {
    match c.to_ascii_uppercase() {
        'G' => Some(PieceKind::King),
        'S' => Some(PieceKind::Pawn),
        c => PieceKind::from_letter(c),
    }
}

fn digit(c: char) -> Option<u8> {
    c.to_digit(10)
        .filter(|&d| (1..=9).contains(&d))
        .map(|d| d as u8)
}

fn sign(c: char) -> Option<Place> {
    match c {
        '+' => Some(Place::WxfFront),
        '-' => Some(Place::WxfRear),
        _ => None,
    }
}

/// The readings of a WXF token (after full-width folding).
fn patterns(token: &str) -> Result<Vec<Pattern>, NotationError> {
    let syntax = |why: &str| NotationError::Syntax(format!("WXF: {why}"));
    let c: Vec<char> = token.chars().collect();
    let n = c.len();
    let (body, reveal) = if n >= 5 && c[n - 2] == '=' && c[n - 1].is_ascii_alphabetic() {
        let k = kind_of(c[n - 1]).ok_or_else(|| syntax("unknown reveal letter"))?;
        (&c[..n - 2], Some(k))
    } else {
        (&c[..], None)
    };
    let reading = |place: Option<Place>, kind: PieceKind, file: Option<u8>| (place, kind, file);
    let letter_of = |ch: char| kind_of(ch).ok_or_else(|| syntax("unknown piece letter"));
    let (readings, direction, number) = match *body {
        // `C25`: sideways without a direction sign.
        [l, f, num] if l.is_ascii_alphabetic() => {
            let kind = letter_of(l)?;
            let file = digit(f).ok_or_else(|| syntax("bad file"))?;
            (
                vec![
                    reading(None, kind, Some(file)),
                    reading(Some(Place::Middle), kind, Some(file)),
                ],
                Direction::Sideways,
                num,
            )
        }
        [a, b, op, num] => {
            let readings = match (a, b) {
                (l, f) if l.is_ascii_alphabetic() && f.is_ascii_digit() => {
                    let kind = letter_of(l)?;
                    let file = digit(f).ok_or_else(|| syntax("bad file"))?;
                    vec![
                        reading(None, kind, Some(file)),
                        reading(Some(Place::Middle), kind, Some(file)),
                    ]
                }
                (l, s) if l.is_ascii_alphabetic() && sign(s).is_some() => {
                    vec![reading(sign(s), letter_of(l)?, None)]
                }
                // Sign first, as real WXF databases write it: `+P+1`, `-R.8`.
                (s, l) if sign(s).is_some() && l.is_ascii_alphabetic() => {
                    vec![reading(sign(s), letter_of(l)?, None)]
                }
                ('+', '+') => vec![reading(Some(Place::WxfForemost), PieceKind::Pawn, None)],
                ('-', '-') => vec![reading(Some(Place::WxfRearmost), PieceKind::Pawn, None)],
                (f, p) if f.is_ascii_digit() => {
                    let file = digit(f).ok_or_else(|| syntax("bad file"))?;
                    let place = match p {
                        '+' => Place::WxfFront,
                        '-' => Place::WxfRear,
                        p if p == f => Place::Middle,
                        _ => return Err(syntax("a pawn file must be followed by + - or itself")),
                    };
                    vec![reading(Some(place), PieceKind::Pawn, Some(file))]
                }
                _ => return Err(syntax("expected letter, file, direction, number")),
            };
            (
                readings,
                direction_of(op).ok_or_else(|| syntax("direction must be + - . or ="))?,
                num,
            )
        }
        // `+R9.8`: tandem pieces on two files, sign first with the file.
        [s, l, f, op, num] if sign(s).is_some() && l.is_ascii_alphabetic() => {
            let file = digit(f).ok_or_else(|| syntax("bad file"))?;
            (
                vec![reading(sign(s), letter_of(l)?, Some(file))],
                direction_of(op).ok_or_else(|| syntax("direction must be + - . or ="))?,
                num,
            )
        }
        _ => return Err(syntax("expected letter, file, direction, number")),
    };
    let number = digit(number).ok_or_else(|| syntax("bad number"))?;
    Ok(readings
        .into_iter()
        .map(|(place, kind, file)| Pattern {
            place,
            kind,
            file,
            direction,
            number,
            reveal,
        })
        .collect())
}

fn direction_of(c: char) -> Option<Direction> {
    match c {
        '+' => Some(Direction::Forward),
        '-' => Some(Direction::Backward),
        '.' | '=' => Some(Direction::Sideways),
        _ => None,
    }
}

/// The board file (0 = a) of a file numbered from the mover's right (1..=9).
fn board_file(pos: &Position, file: Option<u8>) -> Option<u8> {
    file.map(|n| match pos.side_to_move() {
        crate::rules::Color::Red => 9u8.saturating_sub(n),
        crate::rules::Color::Black => n.saturating_sub(1),
    })
}

/// The move the readings name: the readings that match exactly one legal move must all name the
/// same one (RULES.md §4.2).
fn resolve(pos: &Position, readings: &[Pattern]) -> Result<(Move, Option<PieceKind>), Vec<Move>> {
    let mut found: Option<(Move, Option<PieceKind>)> = None;
    let mut candidates: Vec<Move> = Vec::new();
    let mut conflict = false;
    let mut lists: Vec<(Option<PieceKind>, Option<u8>, super::MoveList)> = Vec::new();
    for p in readings {
        let file = board_file(pos, p.file);
        let key = (Some(p.kind), file);
        let index = match lists.iter().position(|(k, f, _)| (*k, *f) == key) {
            Some(i) => i,
            None => {
                lists.push((Some(p.kind), file, pos.legal_moves_of(p.kind, file)));
                lists.len() - 1
            }
        };
        let matching: Vec<Move> = lists[index]
            .2
            .iter()
            .copied()
            .filter(|&m| p.matches(pos, m))
            .collect();
        for &m in &matching {
            if !candidates.contains(&m) {
                candidates.push(m);
            }
        }
        if let [m] = matching.as_slice() {
            match found {
                None => found = Some((*m, p.reveal)),
                Some((f, _)) if f == *m => {}
                Some(_) => conflict = true,
            }
        }
    }
    match found {
        Some(f) if !conflict => Ok(f),
        _ => Err(candidates),
    }
}

/// Why no legal move matches the readings: [`NotationError::IntoCheck`] when a move of the
/// named piece matches but leaves the own king in check, [`NotationError::Illegal`] otherwise.
fn into_check_or_illegal(pos: &Position, readings: &[Pattern]) -> NotationError {
    let into_check = readings.iter().any(|p| {
        let file = board_file(pos, p.file);
        pos.moves_into_check_of(p.kind, file)
            .iter()
            .any(|&m| p.matches(pos, m))
    });
    if into_check {
        NotationError::IntoCheck(pos.in_check())
    } else {
        NotationError::Illegal
    }
}

/// Reads a WXF token in `pos`.
pub fn parse(pos: &Position, token: &str) -> Result<WrittenMove, NotationError> {
    let readings = patterns(token)?;
    match resolve(pos, &readings) {
        Ok((mv, reveal)) => {
            if reveal.is_some() && !pos.is_reveal(mv) {
                return Err(NotationError::RevealOnFaceUp(mv.from()));
            }
            Ok(WrittenMove {
                mv,
                reveal,
                captured: None,
            })
        }
        Err(candidates) if candidates.is_empty() => Err(into_check_or_illegal(pos, &readings)),
        Err(candidates) => Err(NotationError::Ambiguous(
            candidates
                .iter()
                .map(|&m| super::iccs::write(pos, &WrittenMove::plain(m)))
                .collect(),
        )),
    }
}

/// Writes the official WXF form of `wm` (a legal move of `pos`).
pub fn write(pos: &Position, wm: &WrittenMove) -> String {
    let mv = wm.mv;
    let Some(piece) = pos.piece_at(mv.from()) else {
        return mv.to_string();
    };
    let color = piece.color;
    let (direction, number) = describe(color, mv);
    let op = match direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '.',
    };
    let l = letter(piece.kind);
    let file = char::from(b'0' + file_number(color, mv.from().file()));
    let (index, count) = place_on_file(pos, mv.from());
    let pawn = piece.kind == PieceKind::Pawn;
    let two_files = count >= 2 && tandem_files(pos, color, piece.kind) >= 2;
    // The place characters of the official form (what replaces the letter and the file digit).
    let head: String = match (count, index) {
        (c, _) if c < 2 => format!("{l}{file}"),
        (c, i) if pawn && two_files && c <= 3 => {
            let p = match i {
                1 => '+',
                i if i == c => '-',
                _ => file,
            };
            format!("{file}{p}")
        }
        (c, i) if !pawn && two_files => {
            let p = if i == 1 { '+' } else { '-' };
            let _ = c;
            format!("{p}{l}{file}")
        }
        (2 | 3, 1) => format!("{l}+"),
        (c @ (2 | 3), i) if i == c => format!("{l}-"),
        (3, _) => format!("{l}{file}"),
        (_, 1) => "++".to_string(),
        (c, i) if i == c => "--".to_string(),
        (_, 2) => format!("{l}+"),
        (c, i) if i == c - 1 => format!("{l}-"),
        _ => format!("{l}{file}"),
    };
    let reveal = wm
        .reveal
        .map(|k| format!("={}", letter(k)))
        .unwrap_or_default();
    let names_it = |text: &str| {
        patterns(text).is_ok_and(|ps| matches!(resolve(pos, &ps), Ok((m, _)) if m == mv))
    };
    let official = format!("{head}{op}{number}");
    if names_it(&official) {
        return official + &reveal;
    }
    if count >= 2 {
        let p = if index == count { '-' } else { '+' };
        let signed = format!("{p}{l}{file}{op}{number}");
        if names_it(&signed) {
            return signed + &reveal;
        }
    }
    // No WXF form names this move alone; records may mix notations, so ICCS is written.
    super::iccs::write(
        pos,
        &WrittenMove {
            captured: None,
            ..*wm
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::rules::notation::{Notation, parse_move, write_move};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Variant::Xiangqi).unwrap()
    }

    /// `token` reads as the ICCS move `iccs`, and the move writes back as `canonical`.
    fn reads(p: &Position, token: &str, iccs: &str, canonical: &str) {
        let w = parse_move(p, token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(w.mv, Move::parse_iccs(iccs).unwrap(), "{token}");
        assert_eq!(write_move(p, &w, Notation::Wxf), canonical, "{token}");
    }

    /// Each `(token, iccs, canonical)` [`reads`] in `p`.
    fn reads_all(p: &Position, cases: &[(&str, &str, &str)]) {
        for &(token, iccs, canonical) in cases {
            reads(p, token, iccs, canonical);
        }
    }

    #[test]
    fn official_plain_forms_read_and_write_back() {
        let start = Position::start(Variant::Xiangqi);
        reads_all(
            &start,
            &[
                ("H2+3", "h0g2", "H2+3"),
                ("C2.5", "h2e2", "C2.5"),
                ("C2=5", "h2e2", "C2.5"),
                ("C25", "h2e2", "C2.5"),
            ],
        );
        let p = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8R/RNBAKABN1 w - - 0 1");
        reads(&p, "R1-1", "i1i0", "R1-1");
        // Also G for the king and S for the pawn.
        reads(&start, "S3+1", "g3g4", "P3+1");
        let king = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        reads(&king, "G5.4", "e0f0", "K5.4");
    }

    #[test]
    fn official_tandem_forms_read_and_write_back() {
        let chariots = pos("3k5/9/9/9/2R6/9/9/2R6/9/4K4 w - - 0 1");
        reads_all(
            &chariots,
            &[("R+.3", "c5g5", "R+.3"), ("R-+1", "c2c3", "R-+1")],
        );
        let cannons = pos("3k5/9/9/9/2C6/9/9/2C6/9/4K4 w - - 0 1");
        reads(&cannons, "C--1", "c2c1", "C--1");
        let three = pos("3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
        reads_all(
            &three,
            &[
                ("P+.4", "g7f7", "P+.4"),
                ("P3.4", "g6f6", "P3.4"),
                ("P-.4", "g5f5", "P-.4"),
            ],
        );
        let four = pos("3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
        reads_all(
            &four,
            &[
                ("++.4", "g8f8", "++.4"),
                ("P+.4", "g7f7", "P+.4"),
                ("P-.4", "g6f6", "P-.4"),
                ("--.4", "g5f5", "--.4"),
            ],
        );
        let five = pos("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
        reads_all(
            &five,
            &[
                ("++.4", "g9f9", "++.4"),
                ("P+.4", "g8f8", "P+.4"),
                ("P3.4", "g7f7", "P3.4"),
                ("P-.4", "g6f6", "P-.4"),
                ("--.4", "g5f5", "--.4"),
            ],
        );
        let two_files = pos("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
        reads_all(
            &two_files,
            &[
                ("3+.4", "g7f7", "3+.4"),
                ("33.4", "g6f6", "33.4"),
                ("3-.4", "g5f5", "3-.4"),
                ("7+.6", "c6d6", "7+.6"),
                ("7-.6", "c5d5", "7-.6"),
            ],
        );
        // Black counts files and the front from its own side.
        let black = pos("4k4/9/9/9/9/2p6/2p6/9/9/5K3 b - - 0 1");
        reads_all(
            &black,
            &[("P+.4", "c3d3", "P+.4"), ("P-.4", "c4d4", "P-.4")],
        );
    }

    #[test]
    fn sign_first_and_full_width_forms_read() {
        let pawns = pos("3k5/9/9/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
        reads_all(
            &pawns,
            &[
                ("+P+1", "g6g7", "P++1"),
                ("－Ｐ．４", "g5f5", "P-.4"),
                ("＋Ｐ＋１", "g6g7", "P++1"),
            ],
        );
        let chariots = pos("3k5/9/9/9/2R6/9/9/2R6/9/4K4 w - - 0 1");
        reads_all(
            &chariots,
            &[("-R.8", "c2b2", "R-.8"), ("+R7.6", "c5d5", "R+.6")],
        );
        let start = Position::start(Variant::Xiangqi);
        reads_all(
            &start,
            &[("Ｃ２＝５", "h2e2", "C2.5"), ("Ｈ２＋３", "h0g2", "H2+3")],
        );
        // Full-width ICCS and Chinese tokens read too.
        assert_eq!(
            parse_move(&start, "ｈ２ｅ２").unwrap().mv,
            Move::parse_iccs("h2e2").unwrap()
        );
        assert_eq!(
            parse_move(&start, "炮二平五").unwrap(),
            parse_move(&start, "Ｃ２．５").unwrap()
        );
    }

    #[test]
    fn a_token_is_read_when_its_single_match_readings_agree() {
        // Three pawns on file 3: the plain reading of P3.4 matches three moves and does not count.
        let three = pos("3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
        let plain = Pattern {
            place: None,
            kind: PieceKind::Pawn,
            file: Some(3),
            direction: Direction::Sideways,
            number: 4,
            reveal: None,
        };
        let legal = three.legal_moves();
        assert_eq!(
            legal.iter().filter(|&&m| plain.matches(&three, m)).count(),
            3
        );
        assert_eq!(
            parse(&three, "P3.4").unwrap().mv,
            Move::parse_iccs("g6f6").unwrap()
        );
        // Two pawns on file 3: no middle one, and the plain reading matches two moves.
        let two = pos("3k5/9/9/6P2/6P2/9/9/9/9/4K4 w - - 0 1");
        assert!(matches!(parse(&two, "P3.4"), Err(NotationError::Ambiguous(c)) if c.len() == 2));
        // `++` needs four or five pawns; nothing matches.
        assert_eq!(parse(&two, "++.4"), Err(NotationError::Illegal));
        assert!(matches!(
            parse(&two, "P+5.4"),
            Err(NotationError::Syntax(_))
        ));
    }
}
