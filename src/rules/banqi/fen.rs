//! Banqi FEN (RULES.md §6): ranks 4 to 1 separated by `/`, `X` face-down, piece letters face-up, digits for
//! empty squares, then the side to move (`r`, `b`, or `-` before the first flip), the plies since the last
//! capture or flip, and the move number. Start: `XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX - 0 1`.

use super::board::{Cell, FILES, Piece, RANKS, SQUARES, Square};
use super::deal::Deal;
use super::position::Position;
use crate::rules::Color;

/// The FEN of the start position.
pub const START_FEN: &str = "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX - 0 1";

/// Why a FEN was rejected; each error names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Fewer or more than the four fields after the board.
    #[error("a Banqi FEN has 4 fields (board, side, clock, move number), this one has {0}")]
    FieldCount(usize),
    /// The board field is malformed.
    #[error("board field: {0}")]
    Board(String),
    /// The side to move is not `r`, `b` or `-`, or does not fit the board.
    #[error("side-to-move field: {0}")]
    Side(String),
    /// The clock is not a number.
    #[error("clock field: '{0}' is not a number of plies")]
    Clock(String),
    /// The move number is not a positive number.
    #[error("move-number field: '{0}' is not a positive number")]
    MoveNumber(String),
    /// The pieces on the board and the deal cannot come from one set.
    #[error("{0}")]
    Pieces(String),
}

/// Writes the public FEN of a position (face-down identities are never shown).
pub fn write(position: &Position) -> String {
    let mut out = String::with_capacity(48);
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            let c = match position.cell(square) {
                Cell::Empty => {
                    empty += 1;
                    continue;
                }
                Cell::FaceDown(_) => 'X',
                Cell::FaceUp(p) => p.letter(),
            };
            if empty > 0 {
                out.push(char::from(b'0' + empty));
                empty = 0;
            }
            out.push(c);
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = match position.side_to_move() {
        None => '-',
        Some(Color::Red) => 'r',
        Some(Color::Black) => 'b',
    };
    format!(
        "{out} {side} {} {}",
        position.no_progress_plies(),
        position.move_number()
    )
}

/// Reads a FEN. With a deal, each face-down square takes the deal's piece; the deal is either the full
/// 32-letter deal (letters of squares no longer face-down are ignored) or just the letters of the
/// face-down squares in square order `a1 … h4`.
pub fn read(fen: &str, deal: Option<&str>) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 4 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let cells = read_board(fields[0])?;
    let side = match fields[1] {
        "-" => None,
        "r" | "R" | "w" => Some(Color::Red),
        "b" | "B" => Some(Color::Black),
        other => return Err(FenError::Side(format!("'{other}' is not r, b or -"))),
    };
    let clock: u32 = fields[2]
        .parse()
        .map_err(|_| FenError::Clock(fields[2].to_string()))?;
    let move_number: u32 = match fields[3].parse() {
        Ok(n) if n >= 1 => n,
        _ => return Err(FenError::MoveNumber(fields[3].to_string())),
    };
    let mut cells = cells;
    // Colours are assigned by the first flip, so '-' goes with an untouched board and only with it.
    let flipped = cells.iter().any(|c| !matches!(c, Cell::FaceDown(_)));
    if side.is_none() && flipped {
        return Err(FenError::Side(
            "'-' but a piece has been flipped; give r or b".into(),
        ));
    }
    if side.is_some() && !flipped {
        return Err(FenError::Side(
            "no piece has been flipped, so the side to move must be '-'".into(),
        ));
    }
    // Count each identity: face-up pieces plus the deal's face-down ones must fit in one set.
    let mut used = [0u8; 14];
    for c in &cells {
        if let Cell::FaceUp(p) = c {
            used[p.index()] += 1;
        }
    }
    if let Some(deal) = deal {
        let identities = deal_identities(deal, &cells)?;
        let face_down: Vec<usize> = (0..SQUARES)
            .filter(|&i| matches!(cells[i], Cell::FaceDown(_)))
            .collect();
        for (&i, p) in face_down.iter().zip(identities) {
            cells[i] = Cell::FaceDown(Some(p));
            used[p.index()] += 1;
        }
    }
    for (i, &n) in used.iter().enumerate() {
        let piece = Piece::from_index(i);
        if n > piece.kind.count_per_side() {
            return Err(FenError::Pieces(format!(
                "{n} '{}' on the board{}, a set has {}",
                piece.letter(),
                if deal.is_some() {
                    " and in the deal"
                } else {
                    ""
                },
                piece.kind.count_per_side()
            )));
        }
    }
    // Without a deal, the unknown face-down squares may hold whatever the face-up pieces leave.
    let mut pool = [0u8; 14];
    if deal.is_none() {
        for (i, slot) in pool.iter_mut().enumerate() {
            *slot = Piece::from_index(i).kind.count_per_side() - used[i];
        }
    }
    Ok(Position::from_parts(cells, side, clock, move_number, pool))
}

/// The identities of the face-down squares, in square order, from a full or a short deal.
fn deal_identities(deal: &str, cells: &[Cell; SQUARES]) -> Result<Vec<Piece>, FenError> {
    let deal = deal.trim();
    let face_down: Vec<usize> = (0..SQUARES)
        .filter(|&i| matches!(cells[i], Cell::FaceDown(_)))
        .collect();
    let letters: Vec<char> = deal.chars().collect();
    if letters.len() == SQUARES {
        let full = Deal::parse(deal).map_err(|e| FenError::Pieces(format!("deal: {e}")))?;
        return Ok(face_down
            .iter()
            .filter_map(|&i| Square::from_index(i))
            .map(|s| full.piece_at(s))
            .collect());
    }
    if letters.len() != face_down.len() {
        return Err(FenError::Pieces(format!(
            "deal: {} letters, but the FEN has {} face-down squares (give 32 letters or one per face-down square)",
            letters.len(),
            face_down.len()
        )));
    }
    letters
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            Piece::from_letter(c).ok_or_else(|| {
                FenError::Pieces(format!(
                    "deal: '{c}' at position {} is not a piece letter",
                    i + 1
                ))
            })
        })
        .collect()
}

fn read_board(board: &str) -> Result<[Cell; SQUARES], FenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != RANKS as usize {
        return Err(FenError::Board(format!(
            "{} ranks, a Banqi board has 4",
            rows.len()
        )));
    }
    let mut cells = [Cell::Empty; SQUARES];
    for (row_index, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - row_index as u8;
        let mut file: u8 = 0;
        for c in row.chars() {
            let cell_count = match c {
                '1'..='8' => c as u8 - b'0',
                _ => 1,
            };
            if file + cell_count > FILES {
                return Err(FenError::Board(format!(
                    "rank {} has more than 8 squares",
                    rank + 1
                )));
            }
            if !c.is_ascii_digit() {
                let cell = match c {
                    'X' | 'x' => Cell::FaceDown(None),
                    _ => Cell::FaceUp(Piece::from_letter(c).ok_or_else(|| {
                        FenError::Board(format!(
                            "'{c}' on rank {} is not a piece letter or X",
                            rank + 1
                        ))
                    })?),
                };
                if let Some(s) = Square::new(file, rank) {
                    cells[s.index()] = cell;
                }
            } else if c == '0' || c == '9' {
                return Err(FenError::Board(format!(
                    "'{c}' on rank {} is not 1–8 empty squares",
                    rank + 1
                )));
            }
            file += cell_count;
        }
        if file != FILES {
            return Err(FenError::Board(format!(
                "rank {} has {file} squares, not 8",
                rank + 1
            )));
        }
    }
    Ok(cells)
}

/// The identities a deal leaves for the face-down squares: convenience for callers that hold a [`Deal`].
pub fn read_with_deal(fen: &str, deal: &Deal) -> Result<Position, FenError> {
    read(fen, Some(&deal.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "KAABBRRNNCCPPPPPkaabbrrnnccppppp";

    #[test]
    fn start_fen_round_trips() {
        let p = read(START_FEN, None).unwrap();
        assert_eq!(p, Position::start(None));
        assert_eq!(write(&p), START_FEN);
        let with_deal = read(START_FEN, Some(DEAL)).unwrap();
        assert_eq!(
            with_deal,
            Position::start(Some(&Deal::parse(DEAL).unwrap()))
        );
    }

    #[test]
    fn mid_game_fen_round_trips() {
        for fen in [
            "XXXX4/1k1XX1XX/3PXC2/XXXXXXXX r 3 7",
            "8/8/8/K6k b 40 61",
            "Xpx5/8/8/7X r 0 2",
        ] {
            let p = read(fen, None).unwrap();
            assert_eq!(write(&p), fen.replace('x', "X"), "{fen}");
        }
    }

    #[test]
    fn a_deal_fills_the_face_down_squares() {
        // Full deal: the face-down a1 takes the deal's K; a short deal lists only face-down squares.
        let fen = "8/8/8/X6k r 0 5";
        let p = read(fen, Some(DEAL)).unwrap();
        assert_eq!(
            p.cell(Square::parse("a1").unwrap()),
            Cell::FaceDown(Some(Piece::from_letter('K').unwrap()))
        );
        let p = read(fen, Some("n")).unwrap();
        assert_eq!(
            p.cell(Square::parse("a1").unwrap()),
            Cell::FaceDown(Some(Piece::from_letter('n').unwrap()))
        );
        assert!(p.identities_known());
        assert!(matches!(read(fen, Some("nn")), Err(FenError::Pieces(_))));
        // The deal's face-down king plus a face-up king is one king too many.
        assert!(matches!(
            read("8/8/8/X6K r 0 5", Some("K")),
            Err(FenError::Pieces(_))
        ));
    }

    #[test]
    fn bad_fens_name_their_field() {
        let cases = [
            ("XXXXXXXX/XXXXXXXX/XXXXXXXX - 0 1", "board"),
            ("XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXXX - 0 1", "board"),
            ("XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXX - 0 1", "board"),
            ("XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXZ - 0 1", "board"),
            ("XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXX9 - 0 1", "board"),
            ("XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX w 0 1", "flipped"),
            ("8/8/8/K6k x 0 1", "side"),
            ("8/8/8/K6k - 0 1", "side"),
            ("XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX r 0 1", "flipped"),
            ("8/8/8/K6k r -1 1", "clock"),
            ("8/8/8/K6k r 0 0", "move-number"),
            ("8/8/8/KK5k r 0 1", "2 'K'"),
            ("8/8 r 0", "4 fields"),
        ];
        for (fen, expected) in cases {
            let message = match read(fen, None) {
                Err(e) => e.to_string(),
                Ok(p) => panic!("{fen} was accepted as {}", write(&p)),
            };
            assert!(message.contains(expected), "{fen}: {message}");
        }
    }
}
