//! Banqi move notation (RULES.md §6): flip `a1` or `a1=K` (also `a1=帥`), move `a1-a2`, capture `a1xa3`.
//! A capture written with `-` is accepted. Reading is in two steps: [`parse`] checks the syntax of a
//! token, [`resolve`] matches it against a position and yields the turn and the identity it names.

use super::board::{Cell, Piece, PieceKind, Square, chinese_piece};
use super::position::{Hops, Position, Turn, TurnError};
use crate::rules::Color;
use crate::rules::notation::RecordWriter;
use crate::rules::outcome::GameResult;

/// A piece named in a flip: its kind and, when the name shows it, its colour (simplified 车马炮 do not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedPiece {
    /// The kind.
    pub kind: PieceKind,
    /// The colour, if the name says it.
    pub color: Option<Color>,
}

impl NamedPiece {
    fn matches(self, piece: Piece) -> bool {
        self.kind == piece.kind && self.color.is_none_or(|c| c == piece.color)
    }
}

/// A token read for its syntax only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrittenTurn {
    /// `a1` or `a1=K`.
    Flip {
        /// The flipped square.
        square: Square,
        /// The identity written after `=`, if any.
        identity: Option<NamedPiece>,
    },
    /// `a1-a2` (`capture` false) or `a1xa2` (`capture` true).
    Move {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// Written with `x`.
        capture: bool,
    },
    /// `a1xa2xa3`: a chain capture (house rule).
    Chain {
        /// From.
        from: Square,
        /// The squares taken on, in order.
        hops: Hops,
    },
}

/// Why a token was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The token is not Banqi notation.
    #[error("'{0}' is not Banqi notation (a1, a1=K, a1-a2 or a1xa3)")]
    Syntax(String),
    /// The turn cannot be played.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// A colourless Chinese name (车马炮) that could be either side's piece.
    #[error(
        "'{name}' on {square} could be either side's piece; write the letter (R/r) or 俥/車-style name"
    )]
    AmbiguousColor {
        /// The flipped square.
        square: Square,
        /// The name written.
        name: String,
    },
}

/// Reads the syntax of one token.
pub fn parse(token: &str) -> Result<WrittenTurn, NotationError> {
    let syntax = || NotationError::Syntax(token.to_string());
    let token = token.trim();
    if let Some((square, identity)) = token.split_once('=') {
        let square = Square::parse(square).ok_or_else(syntax)?;
        let mut chars = identity.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(syntax());
        };
        let identity = match Piece::from_letter(c) {
            Some(p) => NamedPiece {
                kind: p.kind,
                color: Some(p.color),
            },
            None => {
                let (kind, color) = chinese_piece(c).ok_or_else(syntax)?;
                NamedPiece { kind, color }
            }
        };
        return Ok(WrittenTurn::Flip {
            square,
            identity: Some(identity),
        });
    }
    if let Some(square) = Square::parse(token) {
        return Ok(WrittenTurn::Flip {
            square,
            identity: None,
        });
    }
    if let Some((from, to)) = token.split_once('-') {
        let from = Square::parse(from).ok_or_else(syntax)?;
        let to = Square::parse(to).ok_or_else(syntax)?;
        return Ok(WrittenTurn::Move {
            from,
            to,
            capture: false,
        });
    }
    // Captures: `a1xa3`, and chains `a1xa2xa3` under the chain-capture house rule.
    let squares = token
        .split(['x', 'X', ':'])
        .map(Square::parse)
        .collect::<Option<Vec<Square>>>()
        .ok_or_else(syntax)?;
    match squares.as_slice() {
        [from, to] => Ok(WrittenTurn::Move {
            from: *from,
            to: *to,
            capture: true,
        }),
        [from, hops @ ..] => {
            let hops = Hops::new(hops).ok_or_else(syntax)?;
            Ok(WrittenTurn::Chain { from: *from, hops })
        }
        [] => Err(syntax()),
    }
}

/// Matches a written turn against the position: the turn to play and the flipped identity, if named.
/// Legality itself is checked when the turn is played ([`Position::play`]).
pub fn resolve(
    position: &Position,
    written: WrittenTurn,
) -> Result<(Turn, Option<Piece>), NotationError> {
    match written {
        WrittenTurn::Flip { square, identity } => {
            let Some(named) = identity else {
                return Ok((Turn::Flip(square), None));
            };
            let candidates: Vec<Piece> = [Color::Red, Color::Black]
                .into_iter()
                .filter(|&c| named.color.is_none_or(|n| n == c))
                .map(|c| Piece::new(c, named.kind))
                .collect();
            let piece = match (position.cell(square), candidates.as_slice()) {
                (_, [only]) => *only,
                // A colourless name: the deal or the pool decides which colour it is.
                (Cell::FaceDown(Some(dealt)), _) if named.matches(dealt) => dealt,
                (Cell::FaceDown(Some(dealt)), [first, ..]) => {
                    return Err(TurnError::ContradictsDeal {
                        square,
                        dealt,
                        written: *first,
                    }
                    .into());
                }
                (_, _) => {
                    let possible: Vec<Piece> = candidates
                        .iter()
                        .copied()
                        .filter(|p| position.pool_count(*p) > 0)
                        .collect();
                    match possible.as_slice() {
                        [only] => *only,
                        [] => candidates
                            .first()
                            .copied()
                            .unwrap_or(Piece::new(Color::Red, named.kind)),
                        _ => {
                            return Err(NotationError::AmbiguousColor {
                                square,
                                name: chinese_name(named.kind).to_string(),
                            });
                        }
                    }
                }
            };
            Ok((Turn::Flip(square), Some(piece)))
        }
        WrittenTurn::Move { from, to, capture } => {
            // A capture written with '-' is accepted: the target square tells what the turn is.
            let takes = capture || matches!(position.cell(to), Cell::FaceUp(_) | Cell::FaceDown(_));
            let turn = if takes {
                Turn::Capture { from, to }
            } else {
                Turn::Move { from, to }
            };
            Ok((turn, None))
        }
        WrittenTurn::Chain { from, hops } => Ok((Turn::Chain { from, hops }, None)),
    }
}

/// Parses, resolves and plays one token.
pub fn play_token(position: &mut Position, token: &str) -> Result<Turn, NotationError> {
    let (turn, identity) = resolve(position, parse(token)?)?;
    position.play(turn, identity)?;
    Ok(turn)
}

/// The canonical form of a turn: `a1=K` for a flip whose identity is given, else `a1`; `a1-a2`; `a1xa3`.
pub fn write(turn: Turn, revealed: Option<Piece>) -> String {
    match (turn, revealed) {
        (Turn::Flip(s), Some(p)) => format!("{s}={}", p.letter()),
        (Turn::Flip(s), None) => s.to_string(),
        (Turn::Move { from, to }, _) => format!("{from}-{to}"),
        (Turn::Capture { from, to }, _) => format!("{from}x{to}"),
        (Turn::Chain { from, hops }, _) => hops
            .squares()
            .iter()
            .fold(from.to_string(), |text, hop| format!("{text}x{hop}")),
    }
}

/// A whole Banqi record: tags, the turns in canonical notation (each flip with the piece it revealed),
/// numbered from move 1 — starting `1... ` when the first flip turned up a Black piece — and the result.
pub fn write_record(
    tags: &[(String, String)],
    turns: &[(Turn, Option<Piece>)],
    result: Option<GameResult>,
) -> String {
    let black_first =
        matches!(turns.first(), Some((Turn::Flip(_), Some(p))) if p.color == Color::Black);
    let moves: Vec<String> = turns
        .iter()
        .map(|&(turn, revealed)| write(turn, revealed))
        .collect();
    RecordWriter {
        black_moves_first: black_first,
        ..RecordWriter::default()
    }
    .write(tags, &moves, result)
}

/// The simplified name used for both colours in records.
fn chinese_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "帅/将",
        PieceKind::Advisor => "仕/士",
        PieceKind::Elephant => "相/象",
        PieceKind::Chariot => "车",
        PieceKind::Horse => "马",
        PieceKind::Cannon => "炮",
        PieceKind::Pawn => "兵/卒",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::banqi::deal::Deal;
    use crate::rules::banqi::fen;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn piece(c: char) -> Piece {
        Piece::from_letter(c).unwrap()
    }

    #[test]
    fn parses_every_form() {
        assert_eq!(
            parse("a1"),
            Ok(WrittenTurn::Flip {
                square: sq("a1"),
                identity: None
            })
        );
        let red_king = NamedPiece {
            kind: PieceKind::King,
            color: Some(Color::Red),
        };
        assert_eq!(
            parse("a1=K"),
            Ok(WrittenTurn::Flip {
                square: sq("a1"),
                identity: Some(red_king)
            })
        );
        assert_eq!(parse("a1=帥"), parse("a1=K"));
        assert_eq!(parse("a1=帅"), parse("a1=K"));
        assert_eq!(parse("h4=卒"), parse("h4=p"));
        assert_eq!(parse("h4=車"), parse("h4=r"));
        assert_eq!(
            parse("b2=车"),
            Ok(WrittenTurn::Flip {
                square: sq("b2"),
                identity: Some(NamedPiece {
                    kind: PieceKind::Chariot,
                    color: None
                })
            })
        );
        assert_eq!(
            parse("a1-a2"),
            Ok(WrittenTurn::Move {
                from: sq("a1"),
                to: sq("a2"),
                capture: false
            })
        );
        assert_eq!(
            parse("a1xa3"),
            Ok(WrittenTurn::Move {
                from: sq("a1"),
                to: sq("a3"),
                capture: true
            })
        );
        for bad in [
            "",
            "a5",
            "a1=",
            "a1=KK",
            "a1=Z",
            "a1-a9",
            "a1+a2",
            "a1xa",
            "馬二進三",
            "a1-a2-a3",
            "a炮-a2",
        ] {
            assert!(matches!(parse(bad), Err(NotationError::Syntax(_))), "{bad}");
        }
    }

    #[test]
    fn writes_the_canonical_form() {
        assert_eq!(write(Turn::Flip(sq("a1")), Some(piece('k'))), "a1=k");
        assert_eq!(write(Turn::Flip(sq("c3")), None), "c3");
        assert_eq!(
            write(
                Turn::Move {
                    from: sq("a1"),
                    to: sq("a2")
                },
                None
            ),
            "a1-a2"
        );
        assert_eq!(
            write(
                Turn::Capture {
                    from: sq("a1"),
                    to: sq("a3")
                },
                None
            ),
            "a1xa3"
        );
    }

    #[test]
    fn writes_a_record_numbered_from_the_first_flip() {
        let tags = [("Variant".to_string(), "Banqi".to_string())];
        let turns = [
            (Turn::Flip(sq("a1")), Some(piece('k'))),
            (Turn::Flip(sq("b1")), Some(piece('P'))),
            (Turn::Flip(sq("c1")), Some(piece('r'))),
            (
                Turn::Capture {
                    from: sq("b1"),
                    to: sq("a1"),
                },
                None,
            ),
        ];
        assert_eq!(
            write_record(&tags, &turns, Some(GameResult::Unknown)),
            "[Variant \"Banqi\"]\n\n1... a1=k 2. b1=P c1=r 3. b1xa1 *\n"
        );
        let red_first = [(Turn::Flip(sq("a1")), Some(piece('K')))];
        assert_eq!(write_record(&[], &red_first, None), "1. a1=K\n");
    }

    #[test]
    fn chain_captures_are_written_hop_by_hop() {
        let hops = Hops::new(&[sq("b1"), sq("c1")]).unwrap();
        assert_eq!(
            parse("a1xb1xc1"),
            Ok(WrittenTurn::Chain {
                from: sq("a1"),
                hops
            })
        );
        assert_eq!(
            write(
                Turn::Chain {
                    from: sq("a1"),
                    hops
                },
                None
            ),
            "a1xb1xc1"
        );
        assert!(matches!(parse("a1xb1x"), Err(NotationError::Syntax(_))));
        let too_long = format!("a1{}", "xb1".repeat(17));
        assert!(matches!(parse(&too_long), Err(NotationError::Syntax(_))));
        let rules = crate::rules::banqi::MoveRules {
            chain_captures: true,
            ..Default::default()
        };
        let mut p = fen::read("8/8/8/Rnn5 r 0 5", None)
            .unwrap()
            .with_rules(rules);
        assert_eq!(
            play_token(&mut p, "a1xb1xc1"),
            Ok(Turn::Chain {
                from: sq("a1"),
                hops
            })
        );
        assert_eq!(fen::write(&p), "8/8/8/2R5 b 0 5");
        let e = play_token(
            &mut fen::read("8/8/8/Rnn5 r 0 5", None).unwrap(),
            "a1xb1xc1",
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("chain captures are not played"),
            "{e}"
        );
    }

    /// Property: any token is either refused with an error or played; nothing panics, and a refused
    /// token leaves the position as it was.
    #[test]
    fn property_random_tokens_never_panic() {
        use rand_chacha::ChaCha8Rng;
        use rand_chacha::rand_core::{Rng, SeedableRng};
        const PIECES: &[&str] = &[
            "a", "h", "1", "4", "5", "-", "x", "X", ":", "=", "K", "p", "車", "车", "炮", "é", " ",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let start = fen::read("XXXX4/1k1XX1XX/3PXC2/XXXXXXXX r 3 7", None).unwrap();
        for _ in 0..20_000 {
            let token: String = (0..1 + rng.next_u32() % 9)
                .map(|_| PIECES[(rng.next_u32() as usize) % PIECES.len()])
                .collect();
            let mut p = start.clone();
            if play_token(&mut p, &token).is_err() {
                assert_eq!(p, start, "{token}");
            }
        }
    }

    #[test]
    fn a_capture_written_with_a_dash_is_accepted() {
        let mut p = fen::read("8/8/8/Rn6 r 0 9", None).unwrap();
        assert_eq!(
            play_token(&mut p, "a1-b1"),
            Ok(Turn::Capture {
                from: sq("a1"),
                to: sq("b1")
            })
        );
        assert_eq!(fen::write(&p), "8/8/8/1R6 b 0 9");
    }

    #[test]
    fn x_on_an_empty_square_is_illegal() {
        let mut p = fen::read("8/8/8/R6n r 0 9", None).unwrap();
        let e = play_token(&mut p, "a1xb1").unwrap_err();
        assert!(e.to_string().contains("nothing to capture"), "{e}");
    }

    #[test]
    fn colourless_names_are_resolved_by_the_deal_or_the_pool() {
        let deal = Deal::parse("rAABBRRNNCCPPPPPkaabbKrnnccppppp").unwrap();
        let mut with_deal = Position::start(Some(&deal));
        assert_eq!(
            play_token(&mut with_deal, "a1=车"),
            Ok(Turn::Flip(sq("a1")))
        );
        assert_eq!(with_deal.cell(sq("a1")), Cell::FaceUp(piece('r')));
        let e = play_token(&mut Position::start(Some(&deal)), "a1=马").unwrap_err();
        assert!(
            matches!(e, NotationError::Turn(TurnError::ContradictsDeal { .. })),
            "{e}"
        );
        // Without a deal both colours are possible at the start.
        let e = play_token(&mut Position::start(None), "a1=炮").unwrap_err();
        assert!(matches!(e, NotationError::AmbiguousColor { .. }), "{e}");
        // ... but once both red chariots are face-up, 车 can only be Black's.
        let mut p = fen::read("XXXXXXXX/XXXXXXXX/XXXXXXXX/RRXXXXXX b 0 3", None).unwrap();
        play_token(&mut p, "c1=车").unwrap();
        assert_eq!(p.cell(sq("c1")), Cell::FaceUp(piece('r')));
    }
}
