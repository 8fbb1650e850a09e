//! WXF notation: `H2+3`, `C2.5` (also `C2=5`), `R1-1`; tandem pieces `R+.4`/`R-+1` or ordinal
//! digits for three or more; a face-down mover named by its start-square type with the revealed
//! identity after `=` (`H2+3=C`). When tandems stand on two files the place goes before the
//! letter and the file stays: `+P5.4`.

use super::{
    Direction, NotationError, Pattern, Place, WrittenMove, describe, file_number, place_on_file,
    tandem_files,
};
use crate::rules::xiangqi::{PieceKind, Position};

/// The WXF letter of a kind.
pub fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        k => k.letter(),
    }
}

fn digit(c: char) -> Option<u8> {
    c.to_digit(10)
        .filter(|&d| (1..=9).contains(&d))
        .map(|d| d as u8)
}

fn place_char(c: char) -> Option<Place> {
    match c {
        '+' => Some(Place::Front),
        '-' => Some(Place::Rear),
        _ => digit(c).map(Place::WxfOrdinal),
    }
}

/// One reading of the place/file character: a place among tandem pieces, or a file number.
type Reading = (Option<Place>, Option<u8>);

/// The readings of a WXF token (a digit after the letter may be a file or an ordinal).
fn patterns(token: &str) -> Result<Vec<Pattern>, NotationError> {
    let syntax = |why: &str| NotationError::Syntax(format!("WXF: {why}"));
    let c: Vec<char> = token.chars().collect();
    let (body, reveal) = match c.len() {
        n if n >= 6 && c[n - 2] == '=' && c[n - 1].is_ascii_alphabetic() => {
            let k =
                PieceKind::from_letter(c[n - 1]).ok_or_else(|| syntax("unknown reveal letter"))?;
            (&c[..n - 2], Some(k))
        }
        _ => (&c[..], None),
    };
    let kind_of =
        |ch: char| PieceKind::from_letter(ch).ok_or_else(|| syntax("unknown piece letter"));
    let (kinds_at, readings): (usize, Vec<Reading>) = match body {
        [p, l, f, _, _] if !p.is_ascii_alphabetic() && l.is_ascii_alphabetic() => {
            let place =
                place_char(*p).ok_or_else(|| syntax("bad place before the piece letter"))?;
            (
                1,
                vec![(
                    Some(place),
                    Some(digit(*f).ok_or_else(|| syntax("bad file"))?),
                )],
            )
        }
        [l, x, _, _] if l.is_ascii_alphabetic() => match x {
            '+' | '-' => (0, vec![(place_char(*x), None)]),
            _ => {
                let d = digit(*x).ok_or_else(|| syntax("bad file"))?;
                (0, vec![(None, Some(d)), (Some(Place::WxfOrdinal(d)), None)])
            }
        },
        _ => return Err(syntax("expected letter, file, direction, number")),
    };
    let kind = kind_of(body[kinds_at])?;
    let n = body.len();
    let direction = match body[n - 2] {
        '+' => Direction::Forward,
        '-' => Direction::Backward,
        '.' | '=' => Direction::Sideways,
        _ => return Err(syntax("direction must be + - . or =")),
    };
    let number = digit(body[n - 1]).ok_or_else(|| syntax("bad number"))?;
    Ok(readings
        .into_iter()
        .map(|(place, file)| Pattern {
            place,
            kind,
            file,
            direction,
            number,
            reveal,
        })
        .collect())
}

/// Reads a WXF token in `pos`.
pub fn parse(pos: &Position, token: &str) -> Result<WrittenMove, NotationError> {
    let ps = patterns(token)?;
    super::resolve(pos, &ps, write)
}

/// Writes the canonical WXF form of `wm` (a legal move of `pos`).
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
    let file = file_number(color, mv.from().file());
    let (index, count) = place_on_file(pos, mv.from());
    let place = match (index, count) {
        (_, c) if c < 2 => None,
        (1, 2) => Some('+'),
        (_, 2) => Some('-'),
        (i, _) => char::from_digit(u32::from(i), 10),
    };
    let reveal = wm
        .reveal
        .map(|k| format!("={}", letter(k)))
        .unwrap_or_default();
    let short = match place {
        None => format!("{l}{file}{op}{number}"),
        Some(p) => format!("{l}{p}{op}{number}"),
    };
    let long = |p: char| format!("{p}{l}{file}{op}{number}");
    let legal = pos.legal_moves();
    let unique = |text: &str| {
        patterns(text).is_ok_and(
            |ps| matches!(super::matching(pos, &legal, &ps).as_slice(), [(m, _)] if *m == mv),
        )
    };
    let text = match place {
        Some(p) if tandem_files(pos, color, piece.kind) >= 2 => long(p),
        // A digit after the letter reads as a file or as an ordinal: keep the short form only
        // when it names this move alone.
        Some(p) if !unique(&short) => long(p),
        _ => short,
    };
    if unique(&text) {
        text + &reveal
    } else {
        // A lone piece whose file digit also reads as another file's ordinal: WXF cannot name it
        // alone, and records may mix notations, so ICCS is written.
        super::iccs::write(
            pos,
            &WrittenMove {
                captured: None,
                ..*wm
            },
        )
    }
}
