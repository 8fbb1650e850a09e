//! Judging a xiangqi or Jieqi record ([`Verdict`]): the plies come from the shared
//! [`Replay`](crate::rules::replay::Replay) iterator; the game-end rules of RULES.md §5 are applied
//! on the way. Hard ends (no legal move) stop the record; rulings (repetition with perpetual check
//! or chase, the move limit) are events that never make later moves illegal, and the verdict comes
//! from where the record ends.

use super::{
    AdjudicateError, AdjudicateOptions, GameResult, PlyError, Rule, RulingEvent, SetupError,
    Termination, Verdict,
};
use std::collections::HashMap;

use crate::rules::notation::Record;
use crate::rules::replay::Replay;
use crate::rules::xiangqi::{Deal, Position, Undo};
use crate::rules::{Color, Variant};

/// Sets up the start position of `record` and replays it.
pub(super) fn adjudicate_record(
    record: &Record,
    variant: Variant,
    deal: Option<&Deal>,
    options: &AdjudicateOptions,
) -> Result<Verdict, AdjudicateError> {
    let (start, _) = start_position(record, variant, deal, options.fen.as_deref())
        .map_err(AdjudicateError::Setup)?;
    let tokens: Vec<&str> = record.moves.iter().map(|t| t.text.as_str()).collect();
    Ok(judge(
        start,
        &tokens,
        record.claimed_result(),
        options.move_limit,
    ))
}

/// The start position of a xiangqi or Jieqi `record` — `fen`, else its `FEN` tag, else the
/// variant's start — with the identities of the deal under its face-down pieces, and that deal:
/// the one given, else the record's `Deal` tag (the two must agree).
pub fn start_position(
    record: &Record,
    variant: Variant,
    deal: Option<&Deal>,
    fen: Option<&str>,
) -> Result<(Position, Option<Deal>), SetupError> {
    let tag_deal = match record
        .tag("Deal")
        .map(str::trim)
        .filter(|d| !d.is_empty() && *d != "-")
    {
        Some(d) => Some(Deal::parse(d).map_err(SetupError::DealTag)?),
        None => None,
    };
    let deal = match (deal, tag_deal) {
        (Some(given), Some(tagged)) if *given != tagged => {
            return Err(SetupError::DealDiffers);
        }
        (Some(given), _) => Some(*given),
        (None, tagged) => tagged,
    };
    if deal.is_some() && variant != Variant::Jieqi {
        return Err(SetupError::DealNeedsJieqi);
    }
    let fen = fen.or_else(|| record.tag("FEN").map(str::trim).filter(|f| !f.is_empty()));
    let mut start = match fen {
        Some(f) => Position::from_fen(f, variant).map_err(SetupError::Fen)?,
        None => Position::start(variant),
    };
    if let Some(d) = &deal {
        start.apply_deal(d).map_err(SetupError::DealPool)?;
    }
    Ok((start, deal))
}

/// A ruling: result, termination and the side ruled to lose (none for a draw).
type Ruling = (GameResult, Termination, Option<Color>);

/// What the repetition and move-limit rules remember while a record is replayed.
struct Rulings {
    /// Positions so far (the start included): the index of the current one is `positions - 1`.
    positions: usize,
    /// Each position since the last capture or reveal (its hash, which includes the side to move):
    /// how often it has occurred and where last. Cleared at a capture or reveal, so counting an
    /// occurrence costs O(1) a ply, not the plies since the last capture.
    seen: HashMap<u64, (usize, usize)>,
    /// The current position's occurrences (itself included) and the index of its previous one.
    current: (usize, Option<usize>),
    /// The plies made, for taking a cycle back to judge chases.
    undos: Vec<Undo>,
    /// Whether ply i+1 gave check.
    checks: Vec<bool>,
    /// Whether the current position belongs to a repetition episode (RULES.md §5).
    in_episode: bool,
    events: Vec<RulingEvent>,
}

/// Replays move tokens from `start` (identities under face-down pieces known when a deal was
/// applied) and judges the record. `claimed` is the record's written result; `move_limit` the
/// plies without capture at which the move-limit ruling applies (`u16::MAX`: off).
pub fn judge(
    start: Position,
    tokens: &[&str],
    claimed: Option<GameResult>,
    move_limit: u16,
) -> Verdict {
    let variant = start.variant();
    let mut rulings = Rulings::new(start.hash(), tokens.len());
    let mut clock_before = start.plies_since_capture();
    let mut replay = Replay::new(start, tokens.iter().copied());
    let mut error: Option<PlyError> = None;
    while let Some(step) = replay.next() {
        let ply = match step {
            Ok(ply) => ply,
            Err(e) => {
                error = Some(e);
                break;
            }
        };
        rulings.undos.push(ply.undo);
        rulings.checks.push(ply.check);
        // Positions before a capture or a reveal can never come back.
        rulings.record(replay.position().hash(), ply.capture || ply.reveal);
        let pos = replay.position();
        let (count, _) = rulings.occurrences();
        if count >= 2 && rulings.in_episode {
            // The episode goes on: every position in it has occurred before.
        } else if count >= 3 {
            rulings.in_episode = true;
            let (result, ruling, offender) = rulings.repetition(pos);
            rulings.events.push(RulingEvent {
                ply: ply.ply,
                rule: Rule::Repetition,
                ruling,
                result,
                offender,
                occurrence: u32::try_from(count).ok(),
            });
        } else {
            rulings.in_episode = false;
        }
        let clock = pos.plies_since_capture();
        if clock >= move_limit && clock_before < move_limit {
            rulings.events.push(RulingEvent {
                ply: ply.ply,
                rule: Rule::MoveLimit,
                ruling: Termination::MoveLimit,
                result: GameResult::Draw,
                offender: None,
                occurrence: None,
            });
        }
        clock_before = clock;
    }
    let plies = replay.plies();
    let hard_end = replay.hard_end();
    let pos = replay.into_position();
    let claim = claimed.unwrap_or(GameResult::Unknown);
    if let Some(error) = error {
        return Verdict {
            events: rulings.events,
            ..Verdict::illegal(variant, plies, pos.to_fen(), error)
        };
    }
    // The verdict comes from where the record ends: a hard end, else a ruling that applies to the
    // final position (repetition before the move limit), else the written result.
    let decided: Option<Ruling> = if let Some((end, _)) = hard_end {
        let loser = pos.side_to_move();
        Some((GameResult::win_for(loser.opponent()), end, None))
    } else if rulings.occurrences().0 >= 3 {
        Some(rulings.repetition(&pos))
    } else if pos.plies_since_capture() >= move_limit {
        Some((GameResult::Draw, Termination::MoveLimit, None))
    } else {
        None
    };
    let (result, termination, claim_conflict) = match decided {
        Some((result, termination, _)) => (
            result,
            termination,
            Some(claim).filter(|c| *c != GameResult::Unknown && *c != result),
        ),
        None if claim == GameResult::Unknown => {
            (GameResult::Unknown, Termination::Unfinished, None)
        }
        None => (claim, Termination::Claimed, None),
    };
    Verdict {
        variant,
        plies,
        result,
        termination,
        final_fen: pos.to_fen(),
        error: None,
        claim_conflict,
        events: rulings.events,
    }
}

impl Rulings {
    /// The rulings' memory at the start position (of hash `start`) of a record of `plies` plies.
    fn new(start: u64, plies: usize) -> Rulings {
        let mut rulings = Rulings {
            positions: 0,
            seen: HashMap::new(),
            current: (0, None),
            undos: Vec::with_capacity(plies),
            checks: Vec::with_capacity(plies),
            in_episode: false,
            events: Vec::new(),
        };
        rulings.record(start, true);
        rulings
    }

    /// Counts the position reached (of hash `hash`); `irreversible` when no earlier position can
    /// recur (the start, a capture, a reveal).
    fn record(&mut self, hash: u64, irreversible: bool) {
        if irreversible {
            self.seen.clear();
        }
        let index = self.positions;
        self.positions += 1;
        let entry = self.seen.entry(hash).or_insert((0, index));
        let previous = (entry.0 > 0).then_some(entry.1);
        entry.0 += 1;
        entry.1 = index;
        self.current = (entry.0, previous);
    }

    /// How many times the current position has occurred since the last capture or reveal (itself
    /// included), and the index of its previous occurrence.
    fn occurrences(&self) -> (usize, Option<usize>) {
        self.current
    }

    /// The ruling on the current position, a third-or-later occurrence (RULES.md §5): the moves of
    /// the cycle since its previous occurrence decide.
    fn repetition(&self, pos: &Position) -> Ruling {
        let Some(first) = self.occurrences().1 else {
            return (GameResult::Draw, Termination::Repetition, None);
        };
        judge_cycle(pos, &self.undos, &self.checks, first)
    }
}

/// Judges the cycle of plies `first+1 ..= last` that leads back to the current position `pos`:
/// perpetual check, then perpetual chase, else a plain repetition draw.
fn judge_cycle(pos: &Position, undos: &[Undo], checks: &[bool], first: usize) -> Ruling {
    let last = undos.len();
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
    let one_sided = |red: bool, black: bool, termination: Termination| match (red, black) {
        (true, true) => Some((GameResult::Draw, termination, None)),
        (true, false) => Some((GameResult::BlackWins, termination, Some(Color::Red))),
        (false, true) => Some((GameResult::RedWins, termination, Some(Color::Black))),
        (false, false) => None,
    };
    let check_of = |j: usize| checks[j - 1];
    if let Some(r) = one_sided(
        all_by(Color::Red, &check_of),
        all_by(Color::Black, &check_of),
        Termination::PerpetualCheck,
    ) {
        return r;
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
            return (GameResult::Draw, Termination::Repetition, None);
        }
    }
    let chase_of = |j: usize| chased[j - first - 1];
    one_sided(
        all_by(Color::Red, &chase_of),
        all_by(Color::Black, &chase_of),
        Termination::PerpetualChase,
    )
    .unwrap_or((GameResult::Draw, Termination::Repetition, None))
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
        // RULES.md §5: a move written after a hard end makes the record illegal (result `*`).
        assert_eq!(
            (v.result, v.termination, v.plies),
            (GameResult::Unknown, Termination::Illegal, 3)
        );
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
    fn the_cycle_since_the_previous_occurrence_decides_who_checked_every_move() {
        // Kings shuffle to a third occurrence; the check flags of the cycle are then set by hand
        // to exercise each branch of the rule.
        let mut pos =
            Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", Variant::Xiangqi).unwrap();
        let mut rulings = Rulings::new(pos.hash(), 8);
        for m in [
            "d0d1", "e9e8", "d1d0", "e8e9", "d0d1", "e9e8", "d1d0", "e8e9",
        ] {
            rulings.undos.push(
                pos.make_move(crate::rules::xiangqi::Move::parse_iccs(m).unwrap())
                    .unwrap(),
            );
            rulings.record(pos.hash(), false);
            if rulings.positions == 8 {
                assert_eq!(rulings.occurrences(), (2, Some(3)));
            }
        }
        assert_eq!(rulings.occurrences(), (3, Some(4)));
        let judge = |checks: [bool; 8]| judge_cycle(&pos, &rulings.undos, &checks, 4);
        assert_eq!(
            judge([true; 8]),
            (GameResult::Draw, Termination::PerpetualCheck, None)
        );
        let red_only = [false, false, false, false, true, false, true, false];
        assert_eq!(
            judge(red_only),
            (
                GameResult::BlackWins,
                Termination::PerpetualCheck,
                Some(Color::Red)
            )
        );
        let black_only = [false, false, false, false, false, true, false, true];
        assert_eq!(
            judge(black_only),
            (
                GameResult::RedWins,
                Termination::PerpetualCheck,
                Some(Color::Black)
            )
        );
        // Only the cycle since the previous occurrence counts: Red's quiet first moves do not.
        let red_but_earlier = [false, false, false, false, true, false, true, false];
        assert_eq!(judge(red_but_earlier).1, Termination::PerpetualCheck);
        let red_but_once = [true, false, true, false, true, false, false, false];
        assert_eq!(
            judge(red_but_once),
            (GameResult::Draw, Termination::Repetition, None)
        );
    }
}
