//! Move records and notation. `record` is the game-independent PGN-style syntax; each game's own move
//! notation (ICCS, WXF, Chinese for xiangqi/Jieqi; square notation for Banqi) interprets its tokens.
//!
//! Xiangqi and Jieqi (RULES.md §4): ICCS, WXF and Chinese, read token by token and resolved by
//! legality (a token names the one legal move that matches it), and written in a canonical form.

pub mod chinese;
pub mod iccs;
pub mod record;
pub mod wxf;

pub use record::{
    GameSplitter, GameText, LegacyEncoding, MoveToken, Record, RecordError, RecordErrorKind,
    RecordWriter,
};

use crate::rules::Color;
use crate::rules::xiangqi::{Move, MoveList, PieceKind, Position, Square};

/// A move as a record writes it: the move, the identity a face-down mover revealed, and the
/// identity of a captured face-down piece when the recorder knew it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WrittenMove {
    /// The move.
    pub mv: Move,
    /// The identity the face-down mover turned out to be.
    pub reveal: Option<PieceKind>,
    /// The identity of the face-down piece it captured (ICCS and Chinese only).
    pub captured: Option<PieceKind>,
}

impl WrittenMove {
    /// A move without identities.
    pub fn plain(mv: Move) -> WrittenMove {
        WrittenMove {
            mv,
            reveal: None,
            captured: None,
        }
    }
}

/// The three notations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `h2e2`, `e3e4C`.
    Iccs,
    /// `C2.5`, `H2+3=C`.
    Wxf,
    /// `炮二平五`, `马二进三炮`.
    Chinese,
}

impl Notation {
    /// Parses a notation name (`iccs`, `wxf`, `chinese`).
    pub fn parse(s: &str) -> Option<Notation> {
        match s.trim().to_ascii_lowercase().as_str() {
            "iccs" => Some(Notation::Iccs),
            "wxf" => Some(Notation::Wxf),
            "chinese" | "zh" | "cn" => Some(Notation::Chinese),
            _ => None,
        }
    }
}

/// Why a token was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The token is not a move in any of the notations.
    #[error("not a move in ICCS, WXF or Chinese notation ({0})")]
    Syntax(String),
    /// No legal move matches.
    #[error("illegal move")]
    Illegal,
    /// The move is one the piece may make, but it leaves the own king in check (or facing the
    /// other king); `true` when the king is in check already.
    #[error("illegal move: the king would be in check")]
    IntoCheck(bool),
    /// Several legal moves match; the candidates in canonical notation.
    #[error("ambiguous move: could be {}", .0.join(" or "))]
    Ambiguous(Vec<String>),
    /// A reveal letter on a move of a face-up piece.
    #[error("a reveal is written but the piece on {0} is face-up")]
    RevealOnFaceUp(Square),
}

/// Reads one move token of any notation in `pos`. Full-width forms (`Ｃ２＝５`, `ｈ２ｅ２`, `马８进７`)
/// read as their ASCII characters.
pub fn parse_move(pos: &Position, token: &str) -> Result<WrittenMove, NotationError> {
    let folded = fold_full_width(token.trim());
    let token = folded.as_ref();
    if token.is_ascii() {
        if let Some(r) = iccs::parse(pos, token) {
            return r;
        }
        wxf::parse(pos, token)
    } else {
        chinese::parse(pos, token)
    }
}

/// Folds full-width ASCII forms (U+FF01–U+FF5E) and the minus sign U+2212 to ASCII.
fn fold_full_width(token: &str) -> std::borrow::Cow<'_, str> {
    if token.chars().all(|c| c.is_ascii() || !is_full_width(c)) {
        return std::borrow::Cow::Borrowed(token);
    }
    token
        .chars()
        .map(|c| match c {
            '\u{2212}' => '-',
            c if is_full_width(c) => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            c => c,
        })
        .collect()
}

fn is_full_width(c: char) -> bool {
    ('\u{FF01}'..='\u{FF5E}').contains(&c) || c == '\u{2212}'
}

/// Writes `wm` (a legal move of `pos`) in the canonical form of `notation`.
pub fn write_move(pos: &Position, wm: &WrittenMove, notation: Notation) -> String {
    match notation {
        Notation::Iccs => iccs::write(pos, wm),
        Notation::Wxf => wxf::write(pos, wm),
        Notation::Chinese => chinese::write(pos, wm),
    }
}

/// Writes a xiangqi/Jieqi game as a record in `notation`: the given tags (any `FEN`/`Deal` tags
/// among them are replaced), a `FEN` tag when `start` is not the variant's start position, a `Deal`
/// tag only when `deal` is given, the numbered moves and the result.
pub fn write_game(
    start: &Position,
    moves: &[WrittenMove],
    notation: Notation,
    tags: &[(String, String)],
    deal: Option<&crate::rules::xiangqi::Deal>,
    result: Option<crate::rules::outcome::GameResult>,
) -> Result<String, crate::rules::xiangqi::MoveError> {
    let mut pos = start.clone();
    let mut texts = Vec::with_capacity(moves.len());
    for wm in moves {
        texts.push(write_move(&pos, wm, notation));
        if let Some(r) = wm
            .reveal
            .filter(|_| pos.hidden_identity(wm.mv.from()).is_none())
        {
            pos.set_hidden_identity(wm.mv.from(), r)?;
        }
        if let Some(c) = wm
            .captured
            .filter(|_| pos.hidden_identity(wm.mv.to()).is_none())
        {
            pos.set_hidden_identity(wm.mv.to(), c)?;
        }
        pos.make_move(wm.mv)?;
    }
    let mut all: Vec<(String, String)> = tags
        .iter()
        .filter(|(n, _)| !n.eq_ignore_ascii_case("FEN") && !n.eq_ignore_ascii_case("Deal"))
        .cloned()
        .collect();
    let fen = start.to_fen();
    if fen != Position::start(start.variant()).to_fen() {
        all.push(("FEN".to_string(), fen));
    }
    if let Some(d) = deal {
        all.push(("Deal".to_string(), d.to_string()));
    }
    let writer = RecordWriter {
        first_move_number: u32::from(start.move_number()),
        black_moves_first: start.side_to_move() == Color::Black,
        ..RecordWriter::default()
    };
    Ok(writer.write(&all, &texts, result))
}

/// Which way a move goes, seen from the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// 进 / `+`
    Forward,
    /// 退 / `-`
    Backward,
    /// 平 / `.`
    Sideways,
}

/// A piece's place among same-name pieces on its file, counted from the front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// 前 / `+`: the first.
    Front,
    /// 中: the middle one of an odd number.
    Middle,
    /// 后 / `-`: the last.
    Rear,
    /// 二, 三, … or a digit: the n-th (1-based).
    Ordinal(u8),
    /// WXF `+` after the letter: the front one of two or three, the second of four or five.
    WxfFront,
    /// WXF `-` after the letter: the rear one of two or three, the second-last of four or five.
    WxfRear,
    /// WXF `++`: the foremost of four or five pawns.
    WxfForemost,
    /// WXF `--`: the rearmost of four or five pawns.
    WxfRearmost,
}

/// What a WXF or Chinese token says about a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pattern {
    pub place: Option<Place>,
    pub kind: PieceKind,
    /// File number in the mover's counting (Red from its right, Black from its right).
    pub file: Option<u8>,
    pub direction: Direction,
    /// Steps for straight 进/退 moves, otherwise the destination file number.
    pub number: u8,
    pub reveal: Option<PieceKind>,
}

/// File number 1…9 of file index `file` (0 = `a`) as `color` counts it (from its own right).
pub(crate) fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// Direction and number of `mv` for its mover `color`.
pub(crate) fn describe(color: Color, mv: Move) -> (Direction, u8) {
    let (from, to) = (mv.from(), mv.to());
    let ahead = match color {
        Color::Red => i16::from(to.rank()) - i16::from(from.rank()),
        Color::Black => i16::from(from.rank()) - i16::from(to.rank()),
    };
    let direction = match ahead {
        0 => Direction::Sideways,
        a if a > 0 => Direction::Forward,
        _ => Direction::Backward,
    };
    let number = if from.file() == to.file() {
        ahead.unsigned_abs() as u8
    } else {
        file_number(color, to.file())
    };
    (direction, number)
}

/// The place (1-based from the front) of the piece on `sq` among same-colour pieces of the same
/// name (face-down ones by start-square type) on its file, and how many there are.
pub(crate) fn place_on_file(pos: &Position, sq: Square) -> (u8, u8) {
    let Some(p) = pos.piece_at(sq) else {
        return (0, 0);
    };
    let mut ranks: Vec<u8> = (0..10)
        .filter_map(|r| Square::new(sq.file(), r))
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|q| q.color == p.color && q.kind == p.kind)
        })
        .map(|s| s.rank())
        .collect();
    if p.color == Color::Red {
        ranks.reverse();
    }
    let place = ranks
        .iter()
        .position(|&r| r == sq.rank())
        .map_or(0, |i| i + 1) as u8;
    (place, ranks.len() as u8)
}

/// How many files hold two or more same-colour pieces of this name.
pub(crate) fn tandem_files(pos: &Position, color: Color, kind: PieceKind) -> usize {
    (0..9u8)
        .filter(|&f| {
            (0..10)
                .filter_map(|r| Square::new(f, r))
                .filter(|&s| {
                    pos.piece_at(s)
                        .is_some_and(|q| q.color == color && q.kind == kind)
                })
                .count()
                >= 2
        })
        .count()
}

fn place_matches(place: Place, index: u8, count: u8) -> bool {
    count >= 2
        && match place {
            Place::Front => index == 1,
            Place::Rear => index == count,
            Place::Middle => count % 2 == 1 && index == count.div_ceil(2),
            Place::Ordinal(n) => index == n,
            Place::WxfFront => match count {
                2 | 3 => index == 1,
                _ => index == 2,
            },
            Place::WxfRear => match count {
                2 | 3 => index == count,
                _ => index == count - 1,
            },
            Place::WxfForemost => count >= 4 && index == 1,
            Place::WxfRearmost => count >= 4 && index == count,
        }
}

impl Pattern {
    /// Whether legal move `mv` of `pos` is what this pattern says.
    pub(crate) fn matches(&self, pos: &Position, mv: Move) -> bool {
        let Some(piece) = pos.piece_at(mv.from()) else {
            return false;
        };
        if piece.kind != self.kind {
            return false;
        }
        let color = piece.color;
        if self
            .file
            .is_some_and(|f| f != file_number(color, mv.from().file()))
        {
            return false;
        }
        if let Some(place) = self.place {
            let (index, count) = place_on_file(pos, mv.from());
            if !place_matches(place, index, count) {
                return false;
            }
        }
        describe(color, mv) == (self.direction, self.number)
    }
}

/// The legal moves matching any of `patterns`, with the reveal the matching pattern names.
pub(crate) fn matching(
    pos: &Position,
    legal: &MoveList,
    patterns: &[Pattern],
) -> Vec<(Move, Option<PieceKind>)> {
    legal
        .iter()
        .filter_map(|&m| {
            patterns
                .iter()
                .find(|p| p.matches(pos, m))
                .map(|p| (m, p.reveal))
        })
        .collect()
}

/// The single legal move matching any of `patterns`; `write` names candidates when ambiguous.
pub(crate) fn resolve(
    pos: &Position,
    patterns: &[Pattern],
    write: impl Fn(&Position, &WrittenMove) -> String,
) -> Result<WrittenMove, NotationError> {
    // Every reading of one token names the same kind of piece: only its moves can match.
    let Some(first) = patterns.first() else {
        return Err(NotationError::Illegal);
    };
    // A file named by every reading narrows the candidates to that file.
    let file = first
        .file
        .filter(|f| patterns.iter().all(|p| p.file == Some(*f)));
    let file = file.map(|n| match pos.side_to_move() {
        Color::Red => 9u8.saturating_sub(n),
        Color::Black => n.saturating_sub(1),
    });
    let legal = pos.legal_moves_of(first.kind, file);
    let found = matching(pos, &legal, patterns);
    match found.as_slice() {
        [] if pos
            .moves_into_check_of(first.kind, file)
            .iter()
            .any(|&m| patterns.iter().any(|p| p.matches(pos, m))) =>
        {
            Err(NotationError::IntoCheck(pos.in_check()))
        }
        [] => Err(NotationError::Illegal),
        [(mv, reveal)] => {
            if reveal.is_some() && !pos.is_reveal(*mv) {
                return Err(NotationError::RevealOnFaceUp(mv.from()));
            }
            Ok(WrittenMove {
                mv: *mv,
                reveal: *reveal,
                captured: None,
            })
        }
        many => Err(NotationError::Ambiguous(
            many.iter()
                .map(|(m, _)| write(pos, &WrittenMove::plain(*m)))
                .collect(),
        )),
    }
}

/// Canonical place marker of the piece on `sq` and whether its file must be written, shared by
/// the WXF and Chinese writers: `None` when it is alone on its file.
pub(crate) fn canonical_place(pos: &Position, sq: Square) -> Option<(Place, bool)> {
    let piece = pos.piece_at(sq)?;
    let (index, count) = place_on_file(pos, sq);
    if count < 2 {
        return None;
    }
    let place = if index == 1 {
        Place::Front
    } else if index == count {
        Place::Rear
    } else if count == 3 {
        Place::Middle
    } else {
        Place::Ordinal(index)
    };
    Some((place, tandem_files(pos, piece.color, piece.kind) >= 2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::rules::xiangqi::Deal;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    fn jieqi(fen: &str) -> Position {
        Position::from_fen(fen, Variant::Jieqi).unwrap()
    }

    fn mv(s: &str) -> Move {
        Move::parse_iccs(s).unwrap()
    }

    #[test]
    fn seed_example_1_face_down_horse_reveals_a_cannon() {
        let pos = Position::start(Variant::Jieqi);
        let w = parse_move(&pos, "马二进三炮").unwrap();
        assert_eq!(
            w,
            WrittenMove {
                mv: mv("h0g2"),
                reveal: Some(PieceKind::Cannon),
                captured: None
            }
        );
        assert_eq!(write_move(&pos, &w, Notation::Chinese), "马二进三炮");
        assert_eq!(parse_move(&pos, "馬二進三砲").unwrap(), w);
        assert_eq!(parse_move(&pos, "马二进三翻炮").unwrap(), w);
        assert_eq!(parse_move(&pos, "H2+3=C").unwrap(), w);
        assert_eq!(parse_move(&pos, "h0g2C").unwrap(), w);
        assert_eq!(write_move(&pos, &w, Notation::Wxf), "H2+3=C");
        assert_eq!(write_move(&pos, &w, Notation::Iccs), "h0g2C");
    }

    #[test]
    fn seed_example_2_middle_of_three_pawns() {
        // Three 兵 on the centre file and three on file 九 (the rear ones face-down on e3/a3).
        let pos = jieqi("4k4/9/9/P3P4/9/P3P4/X3X4/9/9/4K4 w R1P1 0 1");
        let a = parse_move(&pos, "中兵五进一").unwrap();
        let b = parse_move(&pos, "二兵五进一").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.mv, mv("e4e5"));
        assert_eq!(write_move(&pos, &a, Notation::Chinese), "中兵五进一");
        assert!(
            matches!(parse_move(&pos, "中兵进一"), Err(NotationError::Ambiguous(c)) if c.len() == 2)
        );
    }

    #[test]
    fn seed_example_3_third_of_four_pawns_on_one_file() {
        let pos = jieqi("3k5/9/4P4/4P4/9/4P4/4X4/9/9/4K4 w P1 0 1");
        let a = parse_move(&pos, "三兵五进一").unwrap();
        assert_eq!(a, parse_move(&pos, "三兵进一").unwrap());
        assert_eq!(a.mv, mv("e4e5"));
        assert_eq!(write_move(&pos, &a, Notation::Chinese), "三兵进一");
        assert_eq!(parse_move(&pos, "前兵进一").unwrap().mv, mv("e7e8"));
        assert_eq!(
            parse_move(&pos, "后兵进一翻车"),
            Err(NotationError::Illegal)
        );
    }

    #[test]
    fn seed_example_4_rear_chariot_of_two_files_reveals_a_cannon() {
        let pos = jieqi("3k5/9/9/9/R7R/9/9/9/9/X3K3X w A1C1 0 1");
        let a = parse_move(&pos, "二车九平八炮").unwrap();
        assert_eq!(a, parse_move(&pos, "后车九平八炮").unwrap());
        assert_eq!(
            a,
            WrittenMove {
                mv: mv("a0b0"),
                reveal: Some(PieceKind::Cannon),
                captured: None
            }
        );
        assert_eq!(write_move(&pos, &a, Notation::Chinese), "后车九平八炮");
        // The rear chariot on file 一 cannot reach file 八, so the file may be dropped.
        assert_eq!(parse_move(&pos, "后车平八").unwrap().mv, mv("a0b0"));
        assert_eq!(write_move(&pos, &a, Notation::Wxf), "-R9.8=C");
    }

    #[test]
    fn black_writes_digits_counted_from_its_right() {
        let mut pos = Position::start(Variant::Xiangqi);
        pos.make_move(mv("h2e2")).unwrap();
        let w = parse_move(&pos, "马8进7").unwrap();
        assert_eq!(w.mv, mv("h9g7"));
        assert_eq!(parse_move(&pos, "馬８進７").unwrap(), w);
        assert_eq!(write_move(&pos, &w, Notation::Chinese), "马8进7");
        assert_eq!(parse_move(&pos, "炮8平5").unwrap().mv, mv("h7e7"));
        assert_eq!(parse_move(&pos, "C8.5").unwrap().mv, mv("h7e7"));
        assert_eq!(parse_move(&pos, "C8=5").unwrap().mv, mv("h7e7"));
        assert_eq!(
            parse_move(&pos, "H2-E2").unwrap_err(),
            NotationError::Illegal
        );
    }

    #[test]
    fn errors_name_the_problem() {
        let pos = Position::start(Variant::Xiangqi);
        assert_eq!(
            parse_move(&pos, "车一进二"),
            Ok(WrittenMove::plain(mv("i0i2")))
        );
        assert_eq!(parse_move(&pos, "车一进九"), Err(NotationError::Illegal));
        assert!(matches!(
            parse_move(&pos, "garbage"),
            Err(NotationError::Syntax(_))
        ));
        assert!(matches!(
            parse_move(&pos, "车进一"),
            Err(NotationError::Syntax(_))
        ));
        assert!(matches!(
            parse_move(&pos, "车一进二车"),
            Err(NotationError::RevealOnFaceUp(_))
        ));
        assert!(matches!(
            parse_move(&pos, "h2e2C"),
            Err(NotationError::RevealOnFaceUp(_))
        ));
        assert_eq!(parse_move(&pos, "h2e2"), Ok(WrittenMove::plain(mv("h2e2"))));
    }

    /// write(parse(token)) is canonical and parse(write(m)) == m for every legal move of random
    /// positions, in all three notations.
    #[test]
    fn round_trip_every_legal_move_of_random_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(2011);
        for game in 0..24 {
            let variant = if game % 2 == 0 {
                Variant::Jieqi
            } else {
                Variant::Xiangqi
            };
            let mut pos = if variant == Variant::Jieqi {
                Position::start_with_deal(&Deal::parse("pppppccrnbaabnrRNBAABNRCCPPPPP").unwrap())
            } else {
                Position::start(variant)
            };
            for _ in 0..100 {
                let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
                if legal.is_empty() {
                    break;
                }
                for &m in &legal {
                    let reveal = pos.hidden_identity(m.from());
                    let w = WrittenMove {
                        mv: m,
                        reveal,
                        captured: pos.hidden_identity(m.to()),
                    };
                    for n in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
                        let text = write_move(&pos, &w, n);
                        let back = parse_move(&pos, &text)
                            .unwrap_or_else(|e| panic!("{text} in {pos:?}: {e}"));
                        let expect = if n != Notation::Wxf {
                            w
                        } else {
                            WrittenMove {
                                captured: None,
                                ..w
                            }
                        };
                        assert_eq!(back, expect, "{text} in {pos:?}");
                        assert_eq!(
                            write_move(&pos, &back, n),
                            if n != Notation::Wxf {
                                text.clone()
                            } else {
                                write_move(&pos, &expect, n)
                            }
                        );
                    }
                }
                let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
                pos.make_move(m).unwrap();
            }
        }
    }
}
