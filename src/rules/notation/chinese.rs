//! Chinese notation (seed 000 §4): piece, file, 进/退/平, number, then the revealed piece of a
//! face-down mover (`马二进三炮`, optional `翻`). Red counts files in Chinese numerals from its
//! right, Black in digits (ASCII or full-width) from its right. Same-name pieces on one file are
//! prefixed 前/后, 前/中/后, or 前/二/三/…/后; the file stays only when two or more files hold
//! such pieces. The identity of a captured face-down piece, when known, follows as `吃X`
//! (JieqiBox's form, which also writes `翻` before a revealed piece: `马二进三翻炮吃车`).

use super::{
    Direction, NotationError, Pattern, Place, WrittenMove, canonical_place, describe, file_number,
};
use crate::rules::Color;
use crate::rules::xiangqi::{PieceKind, Position};

/// The kind named by a piece character (simplified, traditional and the usual variants).
fn piece(c: char) -> Option<PieceKind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => PieceKind::King,
        '仕' | '士' => PieceKind::Advisor,
        '相' | '象' => PieceKind::Elephant,
        '马' | '馬' | '傌' | '駒' => PieceKind::Horse,
        '车' | '車' | '俥' | '伡' => PieceKind::Chariot,
        '炮' | '砲' | '包' => PieceKind::Cannon,
        '兵' | '卒' => PieceKind::Pawn,
        _ => return None,
    })
}

/// A numeral: Chinese 一…九, ASCII or full-width digits 1…9.
fn numeral(c: char) -> Option<u8> {
    let n = match c {
        '一' => 1,
        '二' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        '1'..='9' => c as u32 - '0' as u32,
        '１'..='９' => c as u32 - '１' as u32 + 1,
        _ => return None,
    };
    Some(n as u8)
}

fn direction(c: char) -> Option<Direction> {
    match c {
        '进' | '進' => Some(Direction::Forward),
        '退' => Some(Direction::Backward),
        '平' => Some(Direction::Sideways),
        _ => None,
    }
}

fn place(c: char) -> Option<Place> {
    match c {
        '前' => Some(Place::Front),
        '中' => Some(Place::Middle),
        '后' | '後' => Some(Place::Rear),
        _ => numeral(c).map(Place::Ordinal),
    }
}

/// Reads a Chinese token into its pattern.
fn pattern(token: &str) -> Result<Pattern, NotationError> {
    let syntax = |why: &str| NotationError::Syntax(format!("Chinese: {why}"));
    let c: Vec<char> = token.chars().filter(|ch| !ch.is_whitespace()).collect();
    let mut i = 0;
    let mut at_place = None;
    if c.len() > 1 && piece(c[0]).is_none() && piece(c[1]).is_some() {
        at_place = Some(place(c[0]).ok_or_else(|| syntax("unknown prefix before the piece"))?);
        i = 1;
    }
    let kind = c
        .get(i)
        .copied()
        .and_then(piece)
        .ok_or_else(|| syntax("no piece name"))?;
    i += 1;
    let mut file = None;
    if let Some(n) = c.get(i).copied().and_then(numeral) {
        file = Some(n);
        i += 1;
    }
    let dir = c
        .get(i)
        .copied()
        .and_then(direction)
        .ok_or_else(|| syntax("expected 进, 退 or 平"))?;
    i += 1;
    let number = c
        .get(i)
        .copied()
        .and_then(numeral)
        .ok_or_else(|| syntax("expected a number after the direction"))?;
    i += 1;
    if c.get(i) == Some(&'翻') {
        i += 1;
    }
    let reveal = match c.get(i) {
        None => None,
        Some(&ch) => {
            let k = piece(ch).ok_or_else(|| syntax("unexpected character after the move"))?;
            i += 1;
            Some(k)
        }
    };
    if i != c.len() {
        return Err(syntax("unexpected characters after the move"));
    }
    if file.is_none() && at_place.is_none() {
        return Err(syntax("the file is missing"));
    }
    Ok(Pattern {
        place: at_place,
        kind,
        file,
        direction: dir,
        number,
        reveal,
    })
}

/// Reads a Chinese token in `pos`. JieqiBox's `吃X` after the move names the identity of a
/// captured face-down piece (`车九进三吃马`); a bare `吃` (some engine logs) only says it captures.
pub fn parse(pos: &Position, token: &str) -> Result<WrittenMove, NotationError> {
    let (body, capture) = match token.split_once('吃') {
        None => (token, None),
        Some((body, rest)) => {
            let mut rest = rest.chars().filter(|c| !c.is_whitespace());
            let named = match rest.next() {
                None => None,
                Some(c) => Some(piece(c).ok_or_else(|| {
                    NotationError::Syntax("Chinese: expected a piece name after 吃".into())
                })?),
            };
            if rest.next().is_some() {
                return Err(NotationError::Syntax(
                    "Chinese: unexpected characters after the captured piece".into(),
                ));
            }
            (body, Some(named))
        }
    };
    let p = pattern(body)?;
    let mut written = super::resolve(pos, &[p], write)?;
    if let Some(named) = capture {
        let Some(target) = pos.piece_at(written.mv.to()) else {
            return Err(NotationError::Illegal);
        };
        match named {
            Some(kind) if target.face_down => written.captured = Some(kind),
            Some(kind) if kind != target.kind => return Err(NotationError::Illegal),
            _ => {}
        }
    }
    Ok(written)
}

/// The canonical character of a piece for a side (Red 帅仕相马车炮兵, Black 将士象马车炮卒).
pub fn piece_name(color: Color, kind: PieceKind) -> char {
    match (color, kind) {
        (Color::Red, PieceKind::King) => '帅',
        (Color::Black, PieceKind::King) => '将',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Black, PieceKind::Elephant) => '象',
        (_, PieceKind::Horse) => '马',
        (_, PieceKind::Chariot) => '车',
        (_, PieceKind::Cannon) => '炮',
        (Color::Red, PieceKind::Pawn) => '兵',
        (Color::Black, PieceKind::Pawn) => '卒',
    }
}

const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A number as `color` writes it: Chinese numerals for Red, digits for Black.
fn number(color: Color, n: u8) -> char {
    match color {
        Color::Red => CHINESE_NUMERALS[usize::from(n.clamp(1, 9)) - 1],
        Color::Black => char::from(b'0' + n.clamp(1, 9)),
    }
}

/// Writes the canonical Chinese form of `wm` (a legal move of `pos`).
pub fn write(pos: &Position, wm: &WrittenMove) -> String {
    let mv = wm.mv;
    let Some(p) = pos.piece_at(mv.from()) else {
        return mv.to_string();
    };
    let color = p.color;
    let (dir, n) = describe(color, mv);
    let mut s = String::new();
    let file = number(color, file_number(color, mv.from().file()));
    match canonical_place(pos, mv.from()) {
        None => {
            s.push(piece_name(color, p.kind));
            s.push(file);
        }
        Some((pl, keep_file)) => {
            s.push(match pl {
                Place::Front => '前',
                Place::Middle => '中',
                Place::Rear => '后',
                Place::Ordinal(i) => CHINESE_NUMERALS[usize::from(i.clamp(1, 9)) - 1],
                // Not produced by canonical_place.
                Place::WxfFront | Place::WxfForemost => '前',
                Place::WxfRear | Place::WxfRearmost => '后',
            });
            s.push(piece_name(color, p.kind));
            if keep_file {
                s.push(file);
            }
        }
    }
    s.push(match dir {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    });
    s.push(number(color, n));
    if let Some(r) = wm.reveal {
        s.push(piece_name(color, r));
    }
    if let Some(c) = wm.captured {
        s.push('吃');
        s.push(piece_name(color.opponent(), c));
    }
    s
}
