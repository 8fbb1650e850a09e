//! Replaying a xiangqi or Jieqi record into a [`Verdict`]: every token resolved by legality, every
//! reveal checked against the deal (or, without a deal, required and checked against the pool),
//! then the game-end rules of RULES.md §5 in their order: no legal move, repetition (perpetual
//! check, perpetual chase, plain repetition), the move limit.

use super::{AdjudicateError, AdjudicateOptions, GameResult, PlyError, Termination, Verdict};
use crate::rules::notation::{Record, parse_move};
use crate::rules::xiangqi::{Deal, Position, Undo};
use crate::rules::{Color, Variant};

/// Sets up the start position of `record` and replays it.
pub(super) fn adjudicate_record(
    record: &Record,
    variant: Variant,
    deal: Option<&Deal>,
    options: &AdjudicateOptions,
) -> Result<Verdict, AdjudicateError> {
    let setup = |m: String| AdjudicateError::Setup(m);
    let tag_deal = match record
        .tag("Deal")
        .map(str::trim)
        .filter(|d| !d.is_empty() && *d != "-")
    {
        Some(d) => Some(Deal::parse(d).map_err(|e| setup(format!("Deal tag: {e}")))?),
        None => None,
    };
    let deal = match (deal, tag_deal) {
        (Some(given), Some(tagged)) if *given != tagged => {
            return Err(setup(
                "the record's Deal tag differs from the deal given".into(),
            ));
        }
        (Some(given), _) => Some(*given),
        (None, tagged) => tagged,
    };
    if deal.is_some() && variant != Variant::Jieqi {
        return Err(setup("a deal needs variant jieqi".into()));
    }
    let fen = options
        .fen
        .as_deref()
        .or_else(|| record.tag("FEN").map(str::trim).filter(|f| !f.is_empty()));
    let mut start = match fen {
        Some(f) => Position::from_fen(f, variant).map_err(|e| setup(e.to_string()))?,
        None => Position::start(variant),
    };
    if let Some(d) = &deal {
        start.apply_deal(d).map_err(setup)?;
    }
    let tokens: Vec<&str> = record.moves.iter().map(|t| t.text.as_str()).collect();
    Ok(replay(
        start,
        &tokens,
        record.claimed_result(),
        options.move_limit,
    ))
}

/// How a game was decided by the position.
#[derive(Debug, Clone, Copy)]
struct Decided {
    result: GameResult,
    termination: Termination,
    after_ply: usize,
}

/// Replays move tokens from `start` (identities under face-down pieces known when a deal was
/// applied). `claimed` is the record's result; `move_limit` the plies without capture that draw.
pub fn replay(
    start: Position,
    tokens: &[&str],
    claimed: Option<GameResult>,
    move_limit: u16,
) -> Verdict {
    let variant = start.variant();
    let mut pos = start;
    let mut undos: Vec<Undo> = Vec::with_capacity(tokens.len());
    let mut hashes: Vec<u64> = Vec::with_capacity(tokens.len() + 1);
    let mut checks: Vec<bool> = Vec::with_capacity(tokens.len());
    hashes.push(pos.hash());
    let mut decided = decide_at_start(&pos);
    let mut irreversible = 0;

    for (i, token) in tokens.iter().enumerate() {
        let ply = i + 1;
        let fail = |pos: &Position, message: String| Verdict {
            variant,
            plies: i,
            result: GameResult::Unknown,
            termination: Termination::Illegal,
            final_fen: pos.to_fen(),
            error: Some(PlyError {
                ply,
                token: token.to_string(),
                message,
            }),
            claim_conflict: None,
        };
        if let Some(d) = decided {
            let when = if d.after_ply == 0 {
                "before the first move".to_string()
            } else {
                format!("after ply {}", d.after_ply)
            };
            return fail(
                &pos,
                format!("the game had already ended ({}) {when}", d.termination),
            );
        }
        if token.contains('\u{FFFD}') {
            return fail(&pos, "garbage bytes (not UTF-8) in the move".to_string());
        }
        let written = match parse_move(&pos, token) {
            Ok(w) => w,
            Err(e) => return fail(&pos, e.to_string()),
        };
        let mv = written.mv;
        if pos.is_reveal(mv) {
            match (pos.hidden_identity(mv.from()), written.reveal) {
                (Some(known), Some(said)) if known != said => {
                    return fail(
                        &pos,
                        format!(
                            "reveal contradicts the deal: the piece on {} is a {known:?}, not a {said:?}",
                            mv.from()
                        ),
                    );
                }
                (None, None) => {
                    return fail(
                        &pos,
                        format!(
                            "reveal missing: the face-down piece on {} moves but the record does not name it",
                            mv.from()
                        ),
                    );
                }
                (None, Some(said)) => {
                    if let Err(e) = pos.set_hidden_identity(mv.from(), said) {
                        return fail(&pos, format!("impossible identity: {e}"));
                    }
                }
                _ => {}
            }
        }
        if let Some(said) = written.captured {
            match pos.hidden_identity(mv.to()) {
                Some(known) if known != said => {
                    return fail(
                        &pos,
                        format!(
                            "captured identity contradicts the deal: the piece on {} is a {known:?}, not a {said:?}",
                            mv.to()
                        ),
                    );
                }
                Some(_) => {}
                None => {
                    if let Err(e) = pos.set_hidden_identity(mv.to(), said) {
                        return fail(&pos, format!("impossible identity: {e}"));
                    }
                }
            }
        }
        let undo = match pos.make_move(mv) {
            Ok(u) => u,
            Err(e) => return fail(&pos, e.to_string()),
        };
        undos.push(undo);
        hashes.push(pos.hash());
        let (check, can_move) = pos.check_and_mobility_in_place();
        checks.push(check);
        if undo.captured().is_some() || undo.revealed().is_some() {
            // Positions before a capture or a reveal can never come back.
            irreversible = hashes.len() - 1;
        }

        let mover = pos.side_to_move().opponent();
        decided = if !can_move {
            let termination = if check {
                Termination::Checkmate
            } else {
                Termination::Stalemate
            };
            Some(Decided {
                result: GameResult::win_for(mover),
                termination,
                after_ply: ply,
            })
        } else if let Some((result, termination)) =
            repetition(&pos, &hashes, &undos, &checks, irreversible)
        {
            Some(Decided {
                result,
                termination,
                after_ply: ply,
            })
        } else if pos.plies_since_capture() >= move_limit {
            Some(Decided {
                result: GameResult::Draw,
                termination: Termination::MoveLimit,
                after_ply: ply,
            })
        } else {
            None
        };
    }

    let claim = claimed.unwrap_or(GameResult::Unknown);
    let (result, termination, claim_conflict) = match decided {
        Some(d) => (
            d.result,
            d.termination,
            Some(claim).filter(|c| *c != GameResult::Unknown && *c != d.result),
        ),
        None if claim == GameResult::Unknown => {
            (GameResult::Unknown, Termination::Unfinished, None)
        }
        None => (claim, Termination::Claimed, None),
    };
    Verdict {
        variant,
        plies: tokens.len(),
        result,
        termination,
        final_fen: pos.to_fen(),
        error: None,
        claim_conflict,
    }
}

/// A start position may already be decided (no legal move for the side to move).
fn decide_at_start(pos: &Position) -> Option<Decided> {
    (!pos.has_legal_move()).then(|| Decided {
        result: GameResult::win_for(pos.side_to_move().opponent()),
        termination: if pos.in_check() {
            Termination::Checkmate
        } else {
            Termination::Stalemate
        },
        after_ply: 0,
    })
}

/// RULES.md §5 repetition: on the third occurrence of the current position, judge the cycle of
/// moves since its first occurrence: perpetual check, then perpetual chase, else a draw.
fn repetition(
    pos: &Position,
    hashes: &[u64],
    undos: &[Undo],
    checks: &[bool],
    since: usize,
) -> Option<(GameResult, Termination)> {
    let now = *hashes.last()?;
    let last = hashes.len() - 1;
    // Only positions since the last capture or reveal, with the same side to move, can match.
    let same_side = || {
        (since..=last)
            .rev()
            .step_by(2)
            .filter(|&i| hashes[i] == now)
    };
    if same_side().count() < 3 {
        return None;
    }
    let first = same_side().last()?;
    // Ply j (1-based) is made by the side opposite to the one to move after it; plies alternate.
    let mover_of = |j: usize| {
        if (last - j).is_multiple_of(2) {
            pos.side_to_move().opponent()
        } else {
            pos.side_to_move()
        }
    };
    let all_by = |side: Color, flags: &dyn Fn(usize) -> bool| {
        ((first + 1)..=last)
            .filter(|&j| mover_of(j) == side)
            .all(flags)
    };
    let check_of = |j: usize| checks[j - 1];
    let red_checks = all_by(Color::Red, &check_of);
    let black_checks = all_by(Color::Black, &check_of);
    if red_checks || black_checks {
        let result = match (red_checks, black_checks) {
            (true, true) => GameResult::Draw,
            (true, false) => GameResult::BlackWins,
            _ => GameResult::RedWins,
        };
        return Some((result, Termination::PerpetualCheck));
    }
    // Chases need the positions of the cycle: take the moves back to its start, then replay.
    let mut q = pos.clone();
    for u in undos[first..].iter().rev() {
        q.unmake_move(*u);
    }
    let mut chased = Vec::with_capacity(last - first);
    for u in &undos[first..] {
        chased.push(q.chases(u.mv()).unwrap_or(false));
        if q.make_move(u.mv()).is_err() {
            return Some((GameResult::Draw, Termination::Repetition));
        }
    }
    let chase_of = |j: usize| chased[j - first - 1];
    let red_chases = all_by(Color::Red, &chase_of);
    let black_chases = all_by(Color::Black, &chase_of);
    let result = match (red_chases, black_chases) {
        (true, false) => GameResult::BlackWins,
        (false, true) => GameResult::RedWins,
        (true, true) => return Some((GameResult::Draw, Termination::PerpetualChase)),
        (false, false) => return Some((GameResult::Draw, Termination::Repetition)),
    };
    Some((result, Termination::PerpetualChase))
}

#[cfg(test)]
mod tests {
    use super::super::{AdjudicateOptions, adjudicate};
    use super::*;

    fn judge(text: &str, variant: Variant) -> Verdict {
        adjudicate(
            text.as_bytes(),
            variant,
            None,
            &AdjudicateOptions::default(),
        )
        .unwrap()
    }

    const MATE_FEN: &str = "[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1\"]\n\n";

    #[test]
    fn the_three_notations_give_the_same_verdict() {
        let chinese = judge(
            &format!("{MATE_FEN}1. 车九进七 将4平5 2. 车八进九 1-0"),
            Variant::Xiangqi,
        );
        let wxf = judge(
            &format!("{MATE_FEN}1. R9+7 K4.5 2. R8+9 1-0"),
            Variant::Xiangqi,
        );
        let iccs = judge(
            &format!("{MATE_FEN}1. a1a8 d9e9 2. b0b9 1-0"),
            Variant::Xiangqi,
        );
        let mixed = judge(
            &format!("{MATE_FEN}1. a1a8 K4=5 2. 車八進九 1-0"),
            Variant::Xiangqi,
        );
        assert_eq!(chinese.termination, Termination::Checkmate);
        assert_eq!(chinese.result, GameResult::RedWins);
        assert_eq!(chinese, wxf);
        assert_eq!(chinese, iccs);
        assert_eq!(chinese, mixed);
    }

    #[test]
    fn a_claim_contradicting_the_position_is_flagged() {
        let v = judge(
            &format!("{MATE_FEN}1. a1a8 d9e9 2. b0b9 0-1"),
            Variant::Xiangqi,
        );
        assert_eq!(v.result, GameResult::RedWins);
        assert_eq!(v.claim_conflict, Some(GameResult::BlackWins));
        assert_eq!(v.to_json()["claim_conflict"], "0-1");
        let agreeing = judge(
            &format!("{MATE_FEN}1. a1a8 d9e9 2. b0b9 1-0"),
            Variant::Xiangqi,
        );
        assert_eq!(agreeing.claim_conflict, None);
    }

    #[test]
    fn an_undecided_record_keeps_its_claim() {
        let v = judge("1. 炮二平五 马8进7 0-1", Variant::Xiangqi);
        assert_eq!(
            (v.result, v.termination, v.plies),
            (GameResult::BlackWins, Termination::Claimed, 2)
        );
        let v = judge("1. 炮二平五 马8进7", Variant::Xiangqi);
        assert_eq!(
            (v.result, v.termination),
            (GameResult::Unknown, Termination::Unfinished)
        );
    }

    #[test]
    fn moves_after_the_end_are_rejected() {
        let v = judge(
            &format!("{MATE_FEN}1. a1a8 d9e9 2. b0b9 e9f9"),
            Variant::Xiangqi,
        );
        assert_eq!(v.termination, Termination::Illegal);
        let e = v.error.unwrap();
        assert_eq!((e.ply, e.token.as_str()), (4, "e9f9"));
        assert!(
            e.message.contains("already ended (checkmate) after ply 3"),
            "{}",
            e.message
        );
    }

    #[test]
    fn impossible_identities_are_rejected_without_a_deal() {
        // Both Red cannons revealed, then a third cannon is claimed.
        let v = judge("1. h2e2C h9g7n 2. b2c2C b9c7n 3. b0a2C", Variant::Jieqi);
        let e = v.error.unwrap();
        assert_eq!(e.ply, 5);
        assert!(e.message.contains("impossible identity"), "{}", e.message);
        assert_eq!(v.plies, 4);
    }

    #[test]
    fn a_record_rewritten_in_each_notation_gives_the_same_verdict() {
        use crate::rules::notation::{Notation, WrittenMove, write_game};
        let deal = Deal::parse("pppppccrnbaabnrRNBAABNRCCPPPPP").unwrap();
        let start = Position::start_with_deal(&deal);
        // Play the first legal move 30 times, recording reveals as the deal has them.
        let mut pos = start.clone();
        let mut moves = vec![];
        for _ in 0..30 {
            let Some(&m) = pos.legal_moves().iter().next() else {
                break;
            };
            moves.push(WrittenMove {
                mv: m,
                reveal: pos.hidden_identity(m.from()),
                captured: None,
            });
            pos.make_move(m).unwrap();
        }
        let tags = vec![
            ("Variant".to_string(), "jieqi".to_string()),
            ("Event".to_string(), "Test".to_string()),
        ];
        let mut verdicts = vec![];
        for n in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let without = write_game(&start, &moves, n, &tags, None, None).unwrap();
            assert!(!without.contains("[Deal"), "{without}");
            let with = write_game(&start, &moves, n, &tags, Some(&deal), None).unwrap();
            assert!(
                with.contains("[Deal \"pppppccrnbaabnrRNBAABNRCCPPPPP\"]"),
                "{with}"
            );
            let v1 = judge(&without, Variant::Jieqi);
            let v2 = adjudicate(
                with.as_bytes(),
                Variant::Jieqi,
                None,
                &AdjudicateOptions::default(),
            )
            .unwrap();
            assert_eq!(v1, v2, "{with}");
            assert!(v1.is_legal(), "{without}: {v1:?}");
            assert_eq!(v1.plies, moves.len());
            verdicts.push(v1);
        }
        assert_eq!(verdicts[0], verdicts[1]);
        assert_eq!(verdicts[1], verdicts[2]);
    }

    /// Seeded random mutations of the hand-made records (the in-tree companion of the fuzz target):
    /// adjudication returns a verdict or an error, never panics, and illegal verdicts name a ply.
    #[test]
    fn mutated_records_never_panic() {
        use rand_chacha::ChaCha8Rng;
        use rand_chacha::rand_core::{Rng, SeedableRng};
        let seeds: [&[u8]; 6] = [
            include_bytes!("../../../tests/records/checkmate.pgn"),
            include_bytes!("../../../tests/records/perpetual_chase.pgn"),
            include_bytes!("../../../tests/records/wrong_reveal.pgn"),
            include_bytes!("../../../tests/records/ambiguous.pgn"),
            include_bytes!("../../../tests/records/garbage_token.pgn"),
            include_bytes!("../../../tests/records/move_limit.pgn"),
        ];
        let pieces: Vec<u8> = "车马炮相仕帅兵卒前中后进退平翻一二三四五九1２5{}[]\"().;=+-.*/ \n\r\tabcdefghiRNBKAPCXx09\u{feff}"
            .bytes()
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let options = AdjudicateOptions {
            move_limit: 30,
            fen: None,
        };
        let deal = Deal::identity();
        for i in 0..3000 {
            let mut data = seeds[i % seeds.len()].to_vec();
            for _ in 0..(1 + rng.next_u64() % 6) {
                let at = (rng.next_u64() as usize) % (data.len() + 1);
                match rng.next_u64() % 3 {
                    0 if at < data.len() => data[at] = rng.next_u64() as u8,
                    1 if at < data.len() => {
                        data.remove(at);
                    }
                    _ => data.insert(at, pieces[(rng.next_u64() as usize) % pieces.len()]),
                }
            }
            for (variant, d) in [
                (Variant::Xiangqi, None),
                (Variant::Jieqi, None),
                (Variant::Jieqi, Some(&deal)),
            ] {
                if let Ok(v) = adjudicate(&data, variant, d, &options) {
                    assert_eq!(v.error.is_some(), v.termination == Termination::Illegal);
                    if let Some(e) = &v.error {
                        assert_eq!(e.ply, v.plies + 1);
                    }
                }
            }
        }
    }

    #[test]
    fn the_cycle_decides_who_checked_every_move() {
        // Kings shuffle to a third occurrence; the check flags of the cycle are then set by hand
        // to exercise each branch of the rule.
        let mut pos =
            Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", Variant::Xiangqi).unwrap();
        let mut hashes = vec![pos.hash()];
        let mut undos = vec![];
        for m in [
            "d0d1", "e9e8", "d1d0", "e8e9", "d0d1", "e9e8", "d1d0", "e8e9",
        ] {
            undos.push(
                pos.make_move(crate::rules::xiangqi::Move::parse_iccs(m).unwrap())
                    .unwrap(),
            );
            hashes.push(pos.hash());
        }
        let judge = |checks: [bool; 8]| repetition(&pos, &hashes, &undos, &checks, 0);
        assert_eq!(
            judge([true; 8]),
            Some((GameResult::Draw, Termination::PerpetualCheck))
        );
        let red_only = [true, false, true, false, true, false, true, false];
        assert_eq!(
            judge(red_only),
            Some((GameResult::BlackWins, Termination::PerpetualCheck))
        );
        let black_only = [false, true, false, true, false, true, false, true];
        assert_eq!(
            judge(black_only),
            Some((GameResult::RedWins, Termination::PerpetualCheck))
        );
        let red_but_once = [true, false, false, false, true, false, true, false];
        assert_eq!(
            judge(red_but_once),
            Some((GameResult::Draw, Termination::Repetition))
        );
        assert_eq!(
            repetition(&pos, &hashes[..8], &undos[..7], &[false; 7], 0),
            None
        );
    }
}
