//! Replaying the move tokens of a xiangqi or Jieqi record, ply by ply: each token resolved by
//! legality in any notation, each reveal checked against the deal (or, without a deal, required and
//! checked against the pool of face-down identities). The adjudicator and the game viewer both walk
//! a record with this iterator, so the viewer shows exactly what the adjudicator accepted.

use super::Color;
use super::notation::{Notation, WrittenMove, parse_move, write_move};
use super::outcome::{PlyCause, PlyError, Termination};
use super::xiangqi::{MoveError, Position, Undo};

/// One replayed ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// 1-based ply number.
    pub ply: usize,
    /// The move with the identities now known: the identity a face-down mover turned up (also when
    /// only the deal knew it) and the identity of a captured face-down piece if written.
    pub written: WrittenMove,
    /// Who moved.
    pub mover: Color,
    /// The move number before the ply (as a scoresheet numbers it).
    pub move_number: u16,
    /// Whether the ply captured.
    pub capture: bool,
    /// Whether a face-down piece was turned up.
    pub reveal: bool,
    /// What takes the ply back.
    pub undo: Undo,
    /// Whether the side to move after the ply is in check.
    pub check: bool,
    /// Whether the side to move after the ply has a legal move.
    pub can_move: bool,
    /// The ply in the canonical form of each notation asked for ([`Replay::writing`]).
    pub texts: Vec<String>,
}

/// An iterator over the plies of a record: `Ok(Ply)` for each legal ply, then at most one
/// `Err(PlyError)` for the first bad one, after which it ends. [`Replay::position`] is the position
/// after the last legal ply.
#[derive(Debug, Clone)]
pub struct Replay<'a, I> {
    pos: Position,
    tokens: I,
    ply: usize,
    stopped: bool,
    hard_end: Option<(Termination, usize)>,
    notations: &'a [Notation],
}

impl<'a, 't, I: Iterator<Item = &'t str>> Replay<'a, I> {
    /// Replays `tokens` from `start` (identities under face-down pieces known when a deal was applied).
    pub fn new(start: Position, tokens: I) -> Replay<'a, I> {
        let hard_end = hard_end_of(&start).map(|t| (t, 0));
        Replay {
            pos: start,
            tokens,
            ply: 0,
            stopped: false,
            hard_end,
            notations: &[],
        }
    }

    /// Also writes every ply in the canonical form of these notations (the viewer's move list).
    pub fn writing(mut self, notations: &'a [Notation]) -> Replay<'a, I> {
        self.notations = notations;
        self
    }

    /// The position after the last legal ply.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Consumes the replay, giving the position after the last legal ply.
    pub fn into_position(self) -> Position {
        self.pos
    }

    /// Legal plies so far.
    pub fn plies(&self) -> usize {
        self.ply
    }

    /// The hard end reached (no legal move for the side to move) and after which ply, if any.
    pub fn hard_end(&self) -> Option<(Termination, usize)> {
        self.hard_end
    }

    fn play(&mut self, token: &str) -> Result<Ply, PlyError> {
        let ply = self.ply + 1;
        let fail = |cause: PlyCause| super::describe::ply_error(ply, token, cause);
        if let Some((termination, after_ply)) = self.hard_end {
            return Err(fail(PlyCause::AfterTheEnd {
                termination,
                after_ply,
            }));
        }
        if token.contains('\u{FFFD}') {
            return Err(fail(PlyCause::NotUtf8));
        }
        let pos = &mut self.pos;
        let written = parse_move(pos, token).map_err(|e| PlyError {
            ply,
            token: token.to_string(),
            message: e.to_string(),
            cause: Some(notation_cause(e)),
        })?;
        let mv = written.mv;
        let mover = pos.side_to_move();
        let reveal = pos.is_reveal(mv);
        let square = |s: super::xiangqi::Square| s.to_string();
        if reveal {
            match (pos.hidden_identity(mv.from()), written.reveal) {
                (Some(known), Some(said)) if known != said => {
                    return Err(fail(PlyCause::RevealContradicts {
                        square: square(mv.from()),
                        color: mover,
                        known,
                        said,
                    }));
                }
                (None, None) => {
                    return Err(fail(PlyCause::RevealMissing {
                        square: square(mv.from()),
                    }));
                }
                (None, Some(said)) if pos.set_hidden_identity(mv.from(), said).is_err() => {
                    return Err(fail(PlyCause::ImpossibleIdentity {
                        square: square(mv.from()),
                        color: mover,
                        said,
                    }));
                }
                _ => {}
            }
        }
        if let Some(said) = written.captured {
            match pos.hidden_identity(mv.to()) {
                Some(known) if known != said => {
                    return Err(fail(PlyCause::CapturedContradicts {
                        square: square(mv.to()),
                        color: mover.opponent(),
                        known,
                        said,
                    }));
                }
                Some(_) => {}
                None if pos.set_hidden_identity(mv.to(), said).is_err() => {
                    return Err(fail(PlyCause::ImpossibleIdentity {
                        square: square(mv.to()),
                        color: mover.opponent(),
                        said,
                    }));
                }
                None => {}
            }
        }
        let known = WrittenMove {
            mv,
            reveal: pos.hidden_identity(mv.from()).filter(|_| reveal),
            captured: written.captured,
        };
        let texts = self
            .notations
            .iter()
            .map(|&n| write_move(pos, &known, n))
            .collect();
        let move_number = pos.move_number();
        let capture = pos.is_capture(mv);
        let undo = pos.make_move(mv).map_err(|e| match e.clone() {
            MoveError::RevealMissing(s) => fail(PlyCause::RevealMissing { square: square(s) }),
            MoveError::ContradictsDeal {
                square: s,
                known,
                claimed,
            } => fail(PlyCause::RevealContradicts {
                square: square(s),
                color: mover,
                known,
                said: claimed,
            }),
            MoveError::ImpossibleIdentity { square: s, kind } => {
                fail(PlyCause::ImpossibleIdentity {
                    square: square(s),
                    color: mover,
                    said: kind,
                })
            }
            // The notation reader resolves only legal moves, so these are not expected; the
            // English keeps what the position says.
            MoveError::NotFaceDown(s) => PlyError {
                cause: Some(PlyCause::RevealOnFaceUp { square: square(s) }),
                ..PlyError::new(ply, token, e.to_string())
            },
            other @ (MoveError::NoPiece(_) | MoveError::OwnPiece(_)) => PlyError {
                cause: Some(PlyCause::Unplayable),
                ..PlyError::new(ply, token, other.to_string())
            },
        })?;
        let (check, can_move) = pos.check_and_mobility_in_place();
        self.ply = ply;
        if !can_move {
            let end = if check {
                Termination::Checkmate
            } else {
                Termination::Stalemate
            };
            self.hard_end = Some((end, ply));
        }
        Ok(Ply {
            ply,
            written: known,
            mover,
            move_number,
            capture,
            reveal,
            undo,
            check,
            can_move,
            texts,
        })
    }
}

impl<'t, I: Iterator<Item = &'t str>> Iterator for Replay<'_, I> {
    type Item = Result<Ply, PlyError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.stopped {
            return None;
        }
        let token = self.tokens.next()?;
        let step = self.play(token.trim());
        self.stopped = step.is_err();
        Some(step)
    }
}

/// Checkmate or stalemate when the side to move has no legal move.
fn hard_end_of(pos: &Position) -> Option<Termination> {
    (!pos.has_legal_move()).then(|| {
        if pos.in_check() {
            Termination::Checkmate
        } else {
            Termination::Stalemate
        }
    })
}

fn notation_cause(e: super::notation::NotationError) -> PlyCause {
    use super::notation::NotationError as E;
    match e {
        E::Syntax(_) => PlyCause::NotAMove,
        E::Illegal => PlyCause::NoLegalMatch,
        E::IntoCheck(in_check) => PlyCause::IntoCheck { in_check },
        E::Ambiguous(c) => PlyCause::Ambiguous { candidates: c },
        E::RevealOnFaceUp(s) => PlyCause::RevealOnFaceUp {
            square: s.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn plies_carry_what_the_viewer_and_the_adjudicator_need() {
        let start = Position::start(Variant::Xiangqi);
        let tokens = ["炮二平五", "h9g7", "H2+3", "zz"];
        let notations = [Notation::Chinese, Notation::Iccs];
        let mut replay = Replay::new(start, tokens.iter().copied()).writing(&notations);
        let first = replay.next().unwrap().unwrap();
        assert_eq!(first.texts, ["炮二平五", "h2e2"]);
        assert_eq!(
            (first.ply, first.mover, first.move_number),
            (1, Color::Red, 1)
        );
        assert!(!first.check && first.can_move && !first.capture);
        let second = replay.next().unwrap().unwrap();
        assert_eq!(second.texts, ["马8进7", "h9g7"]);
        assert!(replay.next().unwrap().is_ok());
        let bad = replay.next().unwrap().unwrap_err();
        assert_eq!((bad.ply, bad.token.as_str()), (4, "zz"));
        assert_eq!(bad.cause, Some(PlyCause::NotAMove));
        assert!(replay.next().is_none());
        assert_eq!(replay.plies(), 3);
    }
}
