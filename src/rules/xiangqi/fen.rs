//! FEN reading and writing: standard xiangqi FEN (`… w - - 0 1`) and the Jieqi FEN of RULES.md §3
//! (`X`/`x` for face-down pieces, then the pool after the side to move).

use super::board::{HIDDEN_BIT, IN_PALACE, KIND_MASK, Piece, PieceKind, START_KIND, Square};
use super::jieqi::Pool;
use super::position::{Position, color_name};
use crate::rules::{Color, Variant};

/// Why a FEN was rejected; the message names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The board field is missing or has the wrong shape.
    #[error("FEN board: {0}")]
    Board(String),
    /// The side-to-move field.
    #[error("FEN side to move: expected 'w' or 'b', found '{0}'")]
    SideToMove(String),
    /// The pool field (Jieqi).
    #[error("FEN pool: {0}")]
    Pool(String),
    /// The plies-since-capture field.
    #[error("FEN capture clock: '{0}' is not a number")]
    Clock(String),
    /// The move-number field.
    #[error("FEN move number: '{0}' is not a positive number")]
    MoveNumber(String),
    /// Fields left over.
    #[error("FEN has an unexpected extra field '{0}'")]
    ExtraField(String),
    /// The pieces do not form a legal position.
    #[error("FEN position: {0}")]
    Position(String),
}

impl Position {
    /// Reads a FEN for `variant` (xiangqi or Jieqi). Face-down pieces (`X`/`x`) need Jieqi.
    /// Missing trailing fields default to no pool, clock 0, move 1.
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Position, FenError> {
        let variant = if variant == Variant::Jieqi {
            Variant::Jieqi
        } else {
            Variant::Xiangqi
        };
        let mut fields = fen.split_whitespace();
        let board = fields
            .next()
            .ok_or_else(|| FenError::Board("empty FEN".into()))?;
        let mut pos = Position::empty(variant);
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::Board(format!(
                "{} ranks, expected 10",
                ranks.len()
            )));
        }
        let mut kings = [0usize; 2];
        let mut face_down = [0u32; 2];
        let mut face_up = [[0u8; 7]; 2];
        // pychess writes a covered piece as its home letter and `~` (`r~`): face-down there.
        let mut covered_letters = false;
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0u8;
            let mut chars = text.chars().peekable();
            while let Some(ch) = chars.next() {
                if let Some(d) = ch.to_digit(10).filter(|&d| (1..=9).contains(&d)) {
                    // Checked at once: a long run of digits must not wrap around to a file again.
                    file += d as u8;
                    if file > 9 {
                        return Err(FenError::Board(format!(
                            "rank {rank} ('{text}') has more than 9 points"
                        )));
                    }
                    continue;
                }
                let color = if ch.is_ascii_uppercase() {
                    Color::Red
                } else {
                    Color::Black
                };
                let sq = Square::new(file, rank).ok_or_else(|| {
                    FenError::Board(format!("rank {rank} ('{text}') has more than 9 points"))
                })?;
                let covered = chars.next_if_eq(&'~').is_some();
                if covered {
                    covered_letters = true;
                    let home = START_KIND[color.index()][sq.cell()];
                    let named = PieceKind::from_letter(ch).filter(|_| ch.is_ascii_alphabetic());
                    if variant != Variant::Jieqi {
                        return Err(FenError::Board(format!(
                            "covered piece '{ch}~' on {sq}: face-down pieces need variant jieqi"
                        )));
                    }
                    if named.is_none_or(|k| k == PieceKind::King || k as u8 != home) {
                        return Err(FenError::Board(format!(
                            "covered piece '{ch}~' on {sq}, which is not its {} start square",
                            color_name(color)
                        )));
                    }
                }
                let piece = if ch == 'X' || ch == 'x' || covered {
                    if variant != Variant::Jieqi {
                        return Err(FenError::Board(format!(
                            "face-down piece on {sq}: face-down pieces need variant jieqi"
                        )));
                    }
                    let kind = PieceKind::from_code(START_KIND[color.index()][sq.cell()])
                        .ok_or_else(|| {
                            FenError::Board(format!(
                                "face-down piece '{ch}' on {sq}, which is not a {} start square",
                                color_name(color)
                            ))
                        })?;
                    if kind == PieceKind::King {
                        return Err(FenError::Board(format!(
                            "face-down piece '{ch}' on a king square {sq}"
                        )));
                    }
                    face_down[color.index()] += 1;
                    Piece {
                        color,
                        kind,
                        face_down: true,
                    }
                } else {
                    let kind = PieceKind::from_letter(ch)
                        .filter(|_| ch.is_ascii_alphabetic())
                        .ok_or_else(|| {
                            FenError::Board(format!("'{ch}' in rank {rank} is not a piece letter"))
                        })?;
                    face_up[color.index()][kind.index()] += 1;
                    if kind == PieceKind::King {
                        if IN_PALACE[sq.cell()] == 0 || !sq.on_own_half(color) {
                            return Err(FenError::Position(format!(
                                "{} king on {sq}, outside its palace",
                                color_name(color)
                            )));
                        }
                        kings[color.index()] = sq.cell();
                    }
                    Piece::new(color, kind)
                };
                pos.cells[sq.cell()] = piece.cell();
                file += 1;
            }
            if file != 9 {
                return Err(FenError::Board(format!(
                    "rank {rank} ('{text}') has {file} points, expected 9"
                )));
            }
        }
        for color in [Color::Red, Color::Black] {
            let kings_found = face_up[color.index()][PieceKind::King.index()];
            if kings_found != 1 {
                return Err(FenError::Position(format!(
                    "{kings_found} {} kings, expected 1",
                    color_name(color)
                )));
            }
            pos.kings[color.index()] = kings[color.index()] as u8;
        }

        let mut rest: Vec<&str> = fields.collect();
        // JieqiBox's old layout puts the pool before the side to move (`board pool w - - 0 1`).
        let pool_first = variant == Variant::Jieqi
            && rest.len() >= 2
            && side_of(rest[0]).is_none()
            && side_of(rest[1]).is_some();
        let early_pool = pool_first.then(|| rest.remove(0));
        let side = if rest.is_empty() {
            return Err(FenError::SideToMove(String::new()));
        } else {
            rest.remove(0)
        };
        pos.side = side_of(side).ok_or_else(|| FenError::SideToMove(side.to_string()))?;

        let mut captured: Option<Pool> = None;
        if variant == Variant::Jieqi {
            // The pool field comes right after the side to move; absent means empty.
            let pool = early_pool.or_else(|| {
                let first = rest
                    .first()
                    .copied()
                    .filter(|f| f.parse::<u32>().is_err())?;
                rest.remove(0);
                Some(first)
            });
            if let Some(pool) = pool {
                pos.pool = Pool::parse(pool).map_err(FenError::Pool)?;
            }
            // JieqiBox's new layout: the identities of pieces captured face-down come next.
            if let Some(field) = rest
                .first()
                .copied()
                .filter(|f| *f != "-" && f.parse::<u32>().is_err())
            {
                captured = Some(
                    Pool::parse(field)
                        .map_err(|e| FenError::Pool(format!("captured face-down pieces: {e}")))?,
                );
                rest.remove(0);
            }
            // A standard xiangqi FEN read as Jieqi has one more '-' placeholder.
            while rest.first() == Some(&"-") {
                rest.remove(0);
            }
        } else {
            // Standard xiangqi FEN has two '-' placeholders (castling, en passant).
            while rest.first() == Some(&"-") {
                rest.remove(0);
            }
        }
        let mut rest = rest.into_iter();
        if let Some(c) = rest.next() {
            pos.clock = c.parse().map_err(|_| FenError::Clock(c.to_string()))?;
        }
        if let Some(m) = rest.next() {
            pos.fullmove = m
                .parse()
                .ok()
                .filter(|&n: &u16| n > 0)
                .ok_or_else(|| FenError::MoveNumber(m.to_string()))?;
        }
        if let Some(extra) = rest.next() {
            return Err(FenError::ExtraField(extra.to_string()));
        }

        if covered_letters && pos.pool.total(Color::Red) + pos.pool.total(Color::Black) == 0 {
            // pychess has no pool field: every identity not face-up may still be face-down.
            pos.pool = Pool::unseen(&face_up);
        }
        if let Some(captured) = captured {
            for color in [Color::Red, Color::Black] {
                for kind in PieceKind::ALL {
                    // A piece of `color` captured face-down was taken by the other side.
                    pos.captured_hidden[color.opponent().index()][kind.index()] =
                        captured.count(color, kind);
                }
            }
        }
        for color in [Color::Red, Color::Black] {
            let pooled = pos.pool.total(color);
            if pooled < face_down[color.index()] {
                return Err(FenError::Pool(format!(
                    "{} has {} face-down pieces but the pool lists {pooled}",
                    color_name(color),
                    face_down[color.index()]
                )));
            }
            pos.unknown_captured[color.index()] = (pooled - face_down[color.index()]) as u8;
            for kind in PieceKind::ALL {
                let n = face_up[color.index()][kind.index()]
                    + pos.pool.count(color, kind)
                    + pos.captured_hidden[color.opponent().index()][kind.index()];
                if n > kind.start_count() {
                    return Err(FenError::Position(format!(
                        "{n} {} {kind:?}s (face-up, in the pool and captured face-down), at most {}",
                        color_name(color),
                        kind.start_count()
                    )));
                }
            }
        }
        let waiting = pos.side.opponent();
        if pos.king_attacked(pos.kings[waiting.index()] as usize, pos.side) {
            return Err(FenError::Position(format!(
                "{} is to move but {} is in check",
                color_name(pos.side),
                color_name(waiting)
            )));
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The pool field and the captured face-down field of JieqiBox's FEN: its letter order
    /// (`R2r2N2n2B2b2A2a2C2c2P5p5`, zero counts left out, `-` when empty).
    pub fn jieqibox_pools(&self) -> (String, String) {
        let write = |count: &dyn Fn(Color, PieceKind) -> u8| {
            let mut s = String::new();
            for kind in [
                PieceKind::Chariot,
                PieceKind::Horse,
                PieceKind::Elephant,
                PieceKind::Advisor,
                PieceKind::Cannon,
                PieceKind::Pawn,
            ] {
                for color in [Color::Red, Color::Black] {
                    let n = count(color, kind);
                    if n > 0 {
                        s.push(letter_of(color, kind));
                        s.push_str(&n.to_string());
                    }
                }
            }
            if s.is_empty() { "-".to_string() } else { s }
        };
        (
            write(&|c, k| self.pool.count(c, k)),
            write(&|c, k| self.captured_hidden[c.opponent().index()][k.index()]),
        )
    }

    /// The board field of the FEN, with `hidden(piece)` writing a face-down piece.
    pub fn board_field(&self, hidden: impl Fn(Piece) -> String) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut gap = 0;
            for file in 0..9u8 {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                match self.piece_at(sq) {
                    None => gap += 1,
                    Some(p) => {
                        if gap > 0 {
                            s.push(char::from(b'0' + gap));
                            gap = 0;
                        }
                        if p.face_down {
                            s.push_str(&hidden(p));
                        } else {
                            s.push(p.fen_letter());
                        }
                    }
                }
            }
            if gap > 0 {
                s.push(char::from(b'0' + gap));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The FEN: standard xiangqi FEN for xiangqi, the public Jieqi FEN (with pool) for Jieqi.
    pub fn to_fen(&self) -> String {
        let mut s = self.board_field(|p| p.fen_letter().to_string());
        s.push_str(if self.side == Color::Red {
            " w "
        } else {
            " b "
        });
        if self.variant == Variant::Jieqi {
            s.push_str(&self.pool.to_string());
        } else {
            s.push_str("- -");
        }
        s.push_str(&format!(" {} {}", self.clock, self.fullmove));
        s
    }

    /// The identities under the face-down pieces, in board order (rank 9 to 0, file a to i), as
    /// letters; `?` where unknown. Together with [`Position::to_fen`] this is the arbiter's view.
    pub fn hidden_letters(&self) -> String {
        let mut s = String::new();
        for rank in (0..10u8).rev() {
            for file in 0..9u8 {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                let c = self.cells[sq.cell()];
                if c & HIDDEN_BIT != 0 {
                    let letter =
                        PieceKind::from_code(self.identity[sq.cell()]).map_or('?', |k| k.letter());
                    s.push(if c & super::board::BLACK_BIT != 0 {
                        letter.to_ascii_lowercase()
                    } else {
                        letter
                    });
                }
            }
        }
        s
    }

    /// Counts of face-up pieces of `color` by kind (for consistency checks).
    pub fn face_up_count(&self, color: Color, kind: PieceKind) -> u8 {
        Square::all()
            .filter(|&sq| {
                let c = self.cells[sq.cell()];
                c & HIDDEN_BIT == 0
                    && c & KIND_MASK == kind as u8
                    && self.piece_at(sq).map(|p| p.color) == Some(color)
            })
            .count() as u8
    }
}

/// The side a FEN's side field names.
fn side_of(field: &str) -> Option<Color> {
    match field {
        "w" | "W" | "r" | "R" => Some(Color::Red),
        "b" | "B" => Some(Color::Black),
        _ => None,
    }
}

/// A piece letter in its side's case.
fn letter_of(color: Color, kind: PieceKind) -> char {
    match color {
        Color::Red => kind.letter(),
        Color::Black => kind.letter().to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const XIANGQI_START: &str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    const JIEQI_START: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1";

    /// Found by fuzzing: the file counter of a rank overflowed on a long run of digits
    /// (a panic with overflow checks; without them, 256 empty points wrapped back to a valid rank).
    #[test]
    fn a_long_run_of_digits_is_refused() {
        let rank = format!("p1p1p1{}41p1p", "9".repeat(28));
        let fen = XIANGQI_START.replace("p1p1p1p1p", &rank);
        let e = Position::from_fen(&fen, Variant::Xiangqi).expect_err("256 points in a rank");
        assert!(e.to_string().contains("more than 9 points"), "{e}");
        let fen = XIANGQI_START.replace("/9/9/", &format!("/{}/9/", "5".repeat(200)));
        assert!(Position::from_fen(&fen, Variant::Jieqi).is_err());
    }

    /// Every pool spelling and FEN layout the Jieqi tools write reads as the same position:
    /// Pikafish's order with zero counts, JieqiBox's two layouts (its captured pool as the 4th
    /// field), pychess's `~` letters without a pool.
    #[test]
    fn the_fen_spellings_of_the_jieqi_tools_read() {
        let start = Position::start(Variant::Jieqi);
        let board = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX";
        for fen in [
            format!("{board} w A2B2N2R2C2P5a2b2n2r2c2p5 0 1"),
            format!("{board} w R2A2C2P5N2B2K0r2a2c2p5n2b2k0 0 1").replace("K0", "").replace("k0", ""),
            format!("{board} w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1"),
            format!("{board} A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1"),
            "r~n~b~a~ka~b~n~r~/9/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/9/R~N~B~A~KA~B~N~R~ w - - 0 1".into(),
        ] {
            assert_eq!(Position::from_fen(&fen, Variant::Jieqi), Ok(start.clone()), "{fen}");
        }
        // Zero counts: Red has no face-down chariot left.
        let fen = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/1XXXKXXX1 w R0A2C2P5N2B2r2a2c2p5n2b2 0 1";
        assert_eq!(
            Position::from_fen(fen, Variant::Jieqi)
                .unwrap()
                .pool()
                .count(Color::Red, PieceKind::Chariot),
            0
        );
        // JieqiBox's example: Red's h2 piece took h9 and was a pawn; the black piece it took was a pawn.
        let fen = "xxxxkxxPx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X7/9/XXXXKXXXX b R2r2N2n2B2b2A2a2C2c2P4p4 p1 0 1";
        let p = Position::from_fen(fen, Variant::Jieqi).unwrap();
        assert_eq!(p.captured_face_down(Color::Red, PieceKind::Pawn), 1);
        assert_eq!(p.unknown_captures(Color::Black), 0);
        assert_eq!(
            p.jieqibox_pools(),
            ("R2r2N2n2B2b2A2a2C2c2P4p4".to_string(), "p1".to_string())
        );
        // A sixth black pawn among the captured is refused.
        let e = Position::from_fen(&fen.replace(" p1 ", " p2 "), Variant::Jieqi).unwrap_err();
        assert!(e.to_string().contains("6 Black Pawns"), "{e}");
        let e = Position::from_fen(&fen.replace(" p1 ", " q1 "), Variant::Jieqi).unwrap_err();
        assert!(e.to_string().contains("captured face-down"), "{e}");
        // A covered letter that is not its square's home piece.
        let e =
            Position::from_fen("n~3k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Variant::Jieqi).unwrap_err();
        assert!(e.to_string().contains("not its Black start square"), "{e}");
    }

    #[test]
    fn start_positions_write_the_rules_fen() {
        assert_eq!(Position::start(Variant::Xiangqi).to_fen(), XIANGQI_START);
        assert_eq!(Position::start(Variant::Jieqi).to_fen(), JIEQI_START);
    }

    #[test]
    fn start_fens_read_back_to_the_start_positions() {
        assert_eq!(
            Position::from_fen(XIANGQI_START, Variant::Xiangqi).unwrap(),
            Position::start(Variant::Xiangqi)
        );
        assert_eq!(
            Position::from_fen(JIEQI_START, Variant::Jieqi).unwrap(),
            Position::start(Variant::Jieqi)
        );
    }

    #[test]
    fn short_fens_default_the_clocks() {
        let p = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b",
            Variant::Xiangqi,
        )
        .unwrap();
        assert_eq!(p.side_to_move(), Color::Black);
        assert_eq!(p.plies_since_capture(), 0);
        assert_eq!(p.move_number(), 1);
        let q = Position::from_fen(
            "2bk5/9/4b4/2a4N1/1n1a4P/p8/3nP1A2/4BA3/4K2C1/9 w - 0 1",
            Variant::Jieqi,
        )
        .unwrap();
        assert_eq!(
            q.to_fen(),
            "2bk5/9/4b4/2a4N1/1n1a4P/p8/3nP1A2/4BA3/4K2C1/9 w - 0 1"
        );
        // The same position as a standard xiangqi FEN (two '-' fields) reads the same as Jieqi.
        let six_fields = "2bk5/9/4b4/2a4N1/1n1a4P/p8/3nP1A2/4BA3/4K2C1/9 w - - 0 1";
        assert_eq!(Position::from_fen(six_fields, Variant::Jieqi).unwrap(), q);
    }

    #[test]
    fn fen_errors_name_the_field() {
        let eleven = "rnbakabnr/9/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(
            Position::from_fen(eleven, Variant::Xiangqi)
                .unwrap_err()
                .to_string(),
            "FEN board: 11 ranks, expected 10"
        );
        let cases = [
            ("", "FEN board"),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
                "FEN side to move",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
                "has 8 points",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
                "more than 9",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAZABNR w",
                "not a piece letter",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w",
                "0 Red kings",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
                "FEN capture clock",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
                "FEN move number",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 7",
                "extra field",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABRR w",
                "3 Red Chariots",
            ),
            (
                "xnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                "need variant jieqi",
            ),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", "Black is in check"),
            ("3k5/9/9/9/9/9/9/9/9/K8 w", "outside its palace"),
        ];
        for (fen, needle) in cases {
            let e = Position::from_fen(fen, Variant::Xiangqi)
                .unwrap_err()
                .to_string();
            assert!(e.contains(needle), "{fen}: {e}");
        }
        let jieqi_cases = [
            ("4k4/9/9/9/9/x8/9/9/9/4K4 w p1", "not a Black start square"),
            ("4k4/9/9/9/9/9/9/9/9/3XK4 w -", "pool lists 0"),
            ("4k4/9/9/9/9/9/9/9/9/3XK4 w Z1", "FEN pool"),
            ("4k4/9/9/9/9/9/9/9/9/RR1XK4 w R1", "3 Red Chariots"),
        ];
        for (fen, needle) in jieqi_cases {
            let e = Position::from_fen(fen, Variant::Jieqi)
                .unwrap_err()
                .to_string();
            assert!(e.contains(needle), "{fen}: {e}");
        }
    }
}
