//! Adjudication of a Banqi record: replay every token from the start (or a FEN) with the arbiter's deal
//! or without one, stop at the first bad ply (or a turn after a hard end), and judge where the record
//! ends as a shared [`Verdict`], with the ruling events met on the way (RULES.md §6).

use super::deal::{Deal, DealError};
use super::fen::{self, FenError};
use super::game::{Game, GameError, Settings};
use super::notation::{self, NotationError};
use super::position::{Position, TurnError};
use crate::rules::Variant;
use crate::rules::notation::Record;
use crate::rules::outcome::{GameResult, PlyCause, PlyError, Termination, Verdict};

/// Why a record cannot be replayed at all (the CLI's "unreadable input", exit status 2).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The deal (argument or `Deal` tag) is invalid.
    #[error("deal: {0}")]
    Deal(#[from] DealError),
    /// The start FEN (argument or `FEN` tag) is invalid.
    #[error("FEN: {0}")]
    Fen(#[from] FenError),
    /// The record's `Variant`/`Game` tag names another game.
    #[error("the record is tagged as '{0}', not Banqi")]
    OtherVariant(String),
}

/// Replays `record` and adjudicates it. The `fen` and `deal` arguments (the arbiter's) take precedence
/// over the record's `FEN` and `Deal` tags. Without a deal every flip must name the piece that turned up.
pub fn adjudicate(
    record: &Record,
    fen: Option<&str>,
    deal: Option<&str>,
    settings: Settings,
) -> Result<Verdict, SetupError> {
    match crate::rules::record_variant(record) {
        Err(tag) => return Err(SetupError::OtherVariant(tag)),
        Ok(Some(v)) if v != Variant::Banqi => {
            return Err(SetupError::OtherVariant(v.name().to_string()));
        }
        Ok(_) => {}
    }
    let fen = fen
        .or_else(|| record.tag("FEN"))
        .filter(|f| !f.trim().is_empty());
    let deal = deal
        .or_else(|| record.tag("Deal"))
        .filter(|d| !d.trim().is_empty());
    let position = match fen {
        Some(fen) => fen::read(fen, deal)?,
        None => Position::start(deal.map(Deal::parse).transpose()?.as_ref()),
    };
    Ok(replay(record, Game::new(position, settings)))
}

/// Why a token was refused, as data each language words (`rules::describe`).
pub fn notation_cause(e: &NotationError) -> PlyCause {
    match e {
        NotationError::Syntax(_) => PlyCause::NotABanqiTurn,
        NotationError::Turn(t) => turn_cause(t),
        NotationError::AmbiguousColor { square, name } => PlyCause::EitherSide {
            square: square.to_string(),
            name: name.clone(),
        },
    }
}

/// Why a turn was refused, as data each language words (`rules::describe`).
pub fn turn_cause(e: &TurnError) -> PlyCause {
    match *e {
        TurnError::Illegal(rule) => PlyCause::IllegalTurn { turn: rule },
        TurnError::IdentityMissing(square) => PlyCause::FlipUnnamed {
            square: square.to_string(),
        },
        TurnError::ContradictsDeal {
            square,
            dealt,
            written,
        } => PlyCause::FlipContradicts {
            square: square.to_string(),
            dealt,
            written,
        },
        TurnError::ImpossibleIdentity { square, piece } => PlyCause::ImpossibleIdentity {
            square: square.to_string(),
            color: piece.color,
            said: piece.kind.xiangqi(),
        },
    }
}

/// Plays the record's tokens in `game` and builds the verdict.
fn replay(record: &Record, mut game: Game) -> Verdict {
    let claim = record.claimed_result();
    let mut plies = 0;
    for (i, token) in record.moves.iter().enumerate() {
        let played = notation::parse(&token.text)
            .and_then(|written| notation::resolve(game.position(), written))
            .map_err(|e| (e.to_string(), notation_cause(&e)))
            .and_then(|(turn, identity)| {
                game.play(turn, identity).map_err(|e| match e {
                    GameError::Over(o) => (
                        format!(
                            "the game was already over after ply {plies} ({}, {})",
                            o.result, o.termination
                        ),
                        PlyCause::AfterTheEnd {
                            termination: o.termination,
                            after_ply: plies,
                        },
                    ),
                    GameError::Turn(e) => (e.to_string(), turn_cause(&e)),
                })
            });
        if let Err((message, cause)) = played {
            let error = PlyError {
                cause: Some(cause),
                ..PlyError::new(
                    i + 1,
                    &token.text,
                    format!("{message} (line {}, column {})", token.line, token.column),
                )
            };
            return Verdict {
                events: game.events().to_vec(),
                ..Verdict::illegal(Variant::Banqi, plies, fen::write(game.position()), error)
            };
        }
        plies += 1;
    }
    let (result, termination, claim_conflict) = match (game.outcome(), claim) {
        (Some(o), Some(c)) if c != GameResult::Unknown && c != o.result => {
            (o.result, o.termination, Some(c))
        }
        (Some(o), _) => (o.result, o.termination, None),
        (None, Some(c)) if c != GameResult::Unknown => (c, Termination::Claimed, None),
        (None, _) => (GameResult::Unknown, Termination::Unfinished, None),
    };
    Verdict {
        variant: Variant::Banqi,
        plies,
        result,
        termination,
        final_fen: fen::write(game.position()),
        error: None,
        claim_conflict,
        events: game.events().to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::rules::banqi::board::Cell;
    use crate::rules::banqi::position::Turn;
    use crate::rules::notation::RecordWriter;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    const DEAL: &str = "KAABBRRNNCCPPPPPkaabbrrnnccppppp";

    fn verdict(text: &str, fen: Option<&str>, deal: Option<&str>) -> Verdict {
        adjudicate(
            &Record::parse(text).unwrap(),
            fen,
            deal,
            Settings::default(),
        )
        .unwrap()
    }

    #[test]
    fn a_legal_unfinished_record_from_the_start() {
        // a1 is Red's king: the first player is Red. b1 (red advisor) is flipped by Black.
        let v = verdict(
            "[Variant \"Banqi\"]\n1. a1=K b1 2. a2 h4=p *",
            None,
            Some(DEAL),
        );
        assert_eq!(v.error, None);
        assert_eq!(
            (v.plies, v.result, v.termination),
            (4, GameResult::Unknown, Termination::Unfinished)
        );
        assert_eq!(v.final_fen, "XXXXXXXp/XXXXXXXX/NXXXXXXX/KAXXXXXX r 0 3");
    }

    #[test]
    fn an_illegal_turn_is_reported_at_its_ply() {
        // Red's king on a1 cannot step onto the face-down a2.
        let v = verdict("1. a1=K b1\n2. a1-a2 c1", None, Some(DEAL));
        let e = v.error.clone().unwrap();
        assert_eq!((e.ply, e.token.as_str()), (3, "a1-a2"));
        assert!(
            e.message
                .contains("face-down piece on a2 cannot be captured")
                && e.message.contains("line 2, column 4"),
            "{}",
            e.message
        );
        assert_eq!(
            (v.plies, v.result, v.termination),
            (2, GameResult::Unknown, Termination::Illegal)
        );
        assert_eq!(v.final_fen, "XXXXXXXX/XXXXXXXX/XXXXXXXX/KAXXXXXX r 0 2");
        // Moving the opponent's piece is illegal too: b1's advisor is Red's, and Black is to move.
        let v = verdict("1. a1 b1 2. c1 b1-b2", None, Some(DEAL));
        assert_eq!(v.error.unwrap().ply, 4);
    }

    #[test]
    fn a_flip_contradicting_the_deal_is_reported() {
        let v = verdict("1. a1=K b1=a", None, Some(DEAL));
        let e = v.error.unwrap();
        assert_eq!((e.ply, e.token.as_str()), (2, "b1=a"));
        assert!(e.message.contains("deal has A"), "{}", e.message);
        assert_eq!(v.plies, 1);
        let v = verdict("1. a1=帥 b1=仕 2. c1=仕", None, Some(DEAL));
        assert_eq!(v.error, None);
    }

    #[test]
    fn without_a_deal_flips_must_name_a_possible_piece() {
        let v = verdict("1. a1=K b1=k 2. c1", None, None);
        let e = v.error.unwrap();
        assert_eq!(e.ply, 3);
        assert!(
            e.message.contains("does not say which piece"),
            "{}",
            e.message
        );
        let v = verdict("1. a1=K b1=K", None, None);
        assert!(v.error.unwrap().message.contains("no face-down K"));
    }

    #[test]
    fn the_deal_and_fen_tags_are_used_and_arguments_override_them() {
        let text = format!("[Deal \"{DEAL}\"]\n1. a1 b1");
        assert_eq!(
            verdict(&text, None, None).final_fen,
            "XXXXXXXX/XXXXXXXX/XXXXXXXX/KAXXXXXX r 0 2"
        );
        let other = "AKABBRRNNCCPPPPPkaabbrrnnccppppp";
        assert_eq!(
            verdict(&text, None, Some(other)).final_fen,
            "XXXXXXXX/XXXXXXXX/XXXXXXXX/AKXXXXXX r 0 2"
        );
        let v = verdict("[FEN \"8/8/8/Rn6 r 0 9\"]\n9. a1xb1 1-0", None, None);
        assert_eq!(
            (v.result, v.termination),
            (GameResult::RedWins, Termination::NoPieces)
        );
        assert_eq!(v.final_fen, "8/8/8/1R6 b 0 9");
    }

    #[test]
    fn decided_positions_and_claims() {
        // No pieces: the claim agrees, or contradicts and is flagged.
        let v = verdict("1. a1xb1 1-0", Some("8/8/8/Rn6 r 0 9"), None);
        assert_eq!(
            (v.result, v.termination, v.claim_conflict),
            (GameResult::RedWins, Termination::NoPieces, None)
        );
        let v = verdict("1. a1xb1 0-1", Some("8/8/8/Rn6 r 0 9"), None);
        assert_eq!(v.claim_conflict, Some(GameResult::BlackWins));
        assert_eq!(v.result, GameResult::RedWins);
        // No legal turn.
        let v = verdict("1. h4-h3", Some("7K/8/A7/pR6 r 0 9"), None);
        assert_eq!(
            (v.result, v.termination),
            (GameResult::RedWins, Termination::Stalemate)
        );
        // A claimed result in an undecided position (resignation, agreement) is accepted.
        let v = verdict("1. a4-b4 1/2-1/2", Some("K7/8/8/7k r 0 9"), None);
        assert_eq!(
            (v.result, v.termination),
            (GameResult::Draw, Termination::Claimed)
        );
        // The Result tag counts as the claim when the movetext has none.
        let v = verdict("[Result \"0-1\"]\n1. a4-b4", Some("K7/8/8/7k r 0 9"), None);
        assert_eq!(
            (v.result, v.termination),
            (GameResult::BlackWins, Termination::Claimed)
        );
    }

    #[test]
    fn turns_after_the_end_are_illegal() {
        let v = verdict("1. a1xb1 b1-b2", Some("8/8/8/Rn6 r 0 9"), None);
        let e = v.error.unwrap();
        assert_eq!(e.ply, 2);
        assert!(
            e.message
                .contains("already over after ply 1 (1-0, no_pieces)"),
            "{}",
            e.message
        );
        assert_eq!(v.plies, 1);
        assert_eq!(
            (v.result, v.termination),
            (GameResult::Unknown, Termination::Illegal),
            "a turn after the end makes the record illegal (RULES.md §5)"
        );
    }

    #[test]
    fn repetition_and_move_limit_from_records() {
        let v = verdict(
            "1. a4-b4 h1-g1 2. b4-a4 g1-h1 3. a4-b4 h1-g1 4. b4-a4 g1-h1",
            Some("K7/8/8/7k r 0 9"),
            None,
        );
        assert_eq!(
            (v.plies, v.result, v.termination),
            (8, GameResult::Draw, Termination::Repetition)
        );
        let v = verdict("1. a4-b4 h1-g1", Some("K7/8/8/7k r 98 60"), None);
        assert_eq!(
            (v.result, v.termination),
            (GameResult::Draw, Termination::MoveLimit)
        );
    }

    #[test]
    fn chain_captures_follow_the_event_setting() {
        let record = Record::parse("[FEN \"8/8/8/Rnn5 r 0 5\"]\n5. a1xb1xc1").unwrap();
        let v = adjudicate(&record, None, None, Settings::default()).unwrap();
        assert_eq!(
            (v.termination, v.error.map(|e| e.ply)),
            (Termination::Illegal, Some(1))
        );
        let chains = Settings {
            move_rules: crate::rules::banqi::MoveRules {
                chain_captures: true,
                ..Default::default()
            },
            ..Settings::default()
        };
        let v = adjudicate(&record, None, None, chains).unwrap();
        assert_eq!(
            (v.result, v.termination),
            (GameResult::RedWins, Termination::NoPieces)
        );
    }

    #[test]
    fn setup_errors() {
        let record = Record::parse("[Variant \"jieqi\"]\n1. h2e2").unwrap();
        assert_eq!(
            adjudicate(&record, None, None, Settings::default()),
            Err(SetupError::OtherVariant("jieqi".into()))
        );
        let record = Record::parse("1. a1").unwrap();
        assert!(matches!(
            adjudicate(&record, None, Some("KKK"), Settings::default()),
            Err(SetupError::Deal(_))
        ));
        assert!(matches!(
            adjudicate(&record, Some("8/8 r 0 1"), None, Settings::default()),
            Err(SetupError::Fen(_))
        ));
    }

    #[test]
    fn garbage_tokens_are_illegal_plies() {
        let v = verdict("1. a1 zz9", None, Some(DEAL));
        let e = v.error.unwrap();
        assert_eq!((e.ply, e.token.as_str()), (2, "zz9"));
        assert!(e.message.contains("not Banqi notation"));
    }

    /// Property: random games (captures preferred, so that games end in every way) are written as records
    /// and adjudicated, with the deal and without it (then the flips name their pieces): the verdict is the
    /// game's own outcome. Along the way every legal turn's notation reads back to the same turn.
    #[test]
    fn property_random_games_replay_to_their_own_outcome() {
        let mut rng = ChaCha8Rng::seed_from_u64(404);
        let mut terminations = std::collections::HashSet::new();
        for _ in 0..40 {
            let deal = Deal::shuffled(&mut rng);
            let mut game = Game::new(Position::start(Some(&deal)), Settings::default());
            let mut tokens = Vec::new();
            let mut black_first = false;
            while game.outcome().is_none() {
                let position = game.position().clone();
                let turns = position.legal_turns();
                for &turn in &turns {
                    let identity = match turn {
                        Turn::Flip(s) => match position.cell(s) {
                            Cell::FaceDown(identity) => identity,
                            _ => None,
                        },
                        _ => None,
                    };
                    let written = notation::write(turn, identity);
                    let read =
                        notation::resolve(&position, notation::parse(&written).unwrap()).unwrap();
                    assert_eq!(read, (turn, identity), "{written}");
                }
                let captures: Vec<Turn> = turns
                    .iter()
                    .copied()
                    .filter(|t| matches!(t, Turn::Capture { .. }))
                    .collect();
                let pool = if !captures.is_empty() && rng.next_u32() % 2 == 0 {
                    &captures
                } else {
                    &turns
                };
                let turn = pool[(rng.next_u32() as usize) % pool.len()];
                let revealed = match turn {
                    Turn::Flip(s) => Some(deal.piece_at(s)),
                    _ => None,
                };
                if game.plies() == 0 {
                    black_first = revealed.is_some_and(|p| p.color == Color::Black);
                }
                tokens.push(notation::write(turn, revealed));
                game.play(turn, None).unwrap();
                assert!(game.plies() < 7000, "a game must end");
            }
            let outcome = game.outcome().unwrap();
            terminations.insert(outcome.termination);
            let side = game.position().side_to_move().unwrap();
            match outcome.termination {
                Termination::NoPieces => assert!(!game.position().has_pieces(side)),
                Termination::Stalemate => assert!(game.position().legal_turns().is_empty()),
                Termination::MoveLimit => assert_eq!(game.position().no_progress_plies(), 100),
                _ => {}
            }
            let writer = RecordWriter {
                black_moves_first: black_first,
                ..RecordWriter::default()
            };
            let tags = [("Variant".to_string(), "Banqi".to_string())];
            let record =
                Record::parse(&writer.write(&tags, &tokens, Some(outcome.result))).unwrap();
            for deal_argument in [Some(deal.to_string()), None] {
                let v = adjudicate(&record, None, deal_argument.as_deref(), Settings::default())
                    .unwrap();
                assert_eq!(v.error, None);
                assert_eq!(
                    (v.result, v.termination),
                    (outcome.result, outcome.termination)
                );
                assert_eq!(v.plies, tokens.len());
                assert_eq!(v.final_fen, fen::write(game.position()));
                assert_eq!(v.claim_conflict, None);
            }
        }
        // The random games reach more than one kind of ending.
        assert!(terminations.len() >= 2, "{terminations:?}");
    }
}
