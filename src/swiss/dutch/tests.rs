//! Dutch pairing tests: rule examples, one case per criterion, and a seeded random simulation.

use std::collections::{HashMap, HashSet};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::pair_next_round;
use super::players::{Candidate, Strength};
use crate::rules::Color;
use crate::swiss::test_support::{RESULT_ODDS, random_round};
use crate::swiss::tournament::{
    ByeKind, ByeRequest, PlayerNumber, ResultCode, RoundEntry, ScoringSystem, Tournament,
};
use crate::swiss::{Pairing, PairingError};

fn field(n: u32, rounds: u32) -> Tournament {
    let mut t = Tournament::new(rounds, ScoringSystem::FIDE, Color::Red);
    for i in 0..n {
        t.add_player(format!("Player {}", i + 1), 2400 - 10 * i);
    }
    t
}

/// Records a round from `(red, black, red's result)` games and `(player, bye result)` entries.
fn play(
    t: &mut Tournament,
    games: &[(PlayerNumber, PlayerNumber, ResultCode)],
    byes: &[(PlayerNumber, ResultCode)],
) {
    let mut entries = Vec::new();
    for &(red, black, result) in games {
        let theirs = result.counterpart().expect("a game result");
        entries.push((red, RoundEntry::game(black, Color::Red, result)));
        entries.push((black, RoundEntry::game(red, Color::Black, theirs)));
    }
    for &(player, result) in byes {
        entries.push((player, RoundEntry::without_opponent(result)));
    }
    t.record_round(&entries).expect("consistent round");
}

/// Records a pairing with results: the higher-numbered player of each board wins if `upsets`.
fn play_pairing(t: &mut Tournament, pairing: &Pairing, results: &[ResultCode]) {
    let games: Vec<_> = pairing
        .boards
        .iter()
        .zip(results.iter().cycle())
        .map(|(&(r, b), &res)| (r, b, res))
        .collect();
    let byes: Vec<_> = pairing
        .bye
        .iter()
        .map(|&p| (p, ResultCode::PairingBye))
        .collect();
    play(t, &games, &byes);
}

#[test]
fn round_one_pairs_top_half_against_bottom_half_with_alternating_colours() {
    let t = field(6, 5);
    let pairing = pair_next_round(&t).expect("pairable");
    assert_eq!(pairing.boards, vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(pairing.bye, None);
}

#[test]
fn round_one_colour_of_player_one_is_drawn_by_lot() {
    let mut t = field(4, 3);
    t.first_colour = Color::Black;
    let pairing = pair_next_round(&t).expect("pairable");
    assert_eq!(pairing.boards, vec![(3, 1), (2, 4)]);
}

#[test]
fn odd_field_gives_the_bye_to_the_lowest_ranked_player() {
    let t = field(5, 5);
    let pairing = pair_next_round(&t).expect("pairable");
    assert_eq!(pairing.boards, vec![(1, 3), (4, 2)]);
    assert_eq!(pairing.bye, Some(5));
}

#[test]
fn no_player_gets_a_second_pairing_allocated_bye() {
    // C2: player 3 had the PAB in round 1 and is lowest again; the bye goes to the next lowest.
    let mut t = field(3, 3);
    play(
        &mut t,
        &[(1, 2, ResultCode::Win)],
        &[(3, ResultCode::PairingBye)],
    );
    // Scores: 1 = 1, 3 = 1 (bye), 2 = 0. Player 2 is lowest and eligible.
    let pairing = pair_next_round(&t).expect("pairable");
    assert_eq!(pairing.bye, Some(2));
    assert_eq!(pairing.boards.len(), 1);
    let (a, b) = pairing.boards[0];
    assert_eq!([a.min(b), a.max(b)], [1, 3]);
}

#[test]
fn forfeit_winners_are_not_given_the_bye() {
    let mut t = field(3, 3);
    let mut entries = vec![
        (1, RoundEntry::game(2, Color::Red, ResultCode::ForfeitLoss)),
        (2, RoundEntry::game(1, Color::Black, ResultCode::ForfeitWin)),
    ];
    entries.push((3, RoundEntry::without_opponent(ResultCode::ZeroBye)));
    t.record_round(&entries).expect("consistent");
    // Scores: 2 = 1, 1 = 0, 3 = 0. Lowest is 3 (eligible): 3 gets it, not 2.
    let pairing = pair_next_round(&t).expect("pairable");
    assert_eq!(pairing.bye, Some(3));
    // 1 and 2 did not play (forfeit), so they may meet now.
    let (a, b) = pairing.boards[0];
    assert_eq!([a.min(b), a.max(b)], [1, 2]);
}

#[test]
fn rematches_are_never_paired_and_no_legal_pairing_is_reported() {
    // C1 with two players: after they met, round 2 has no legal pairing.
    let mut t = field(2, 2);
    play(&mut t, &[(1, 2, ResultCode::Draw)], &[]);
    assert_eq!(
        pair_next_round(&t),
        Err(PairingError::NoLegalPairing { round: 2 })
    );
}

#[test]
fn forbidden_pairs_are_avoided_by_transposition() {
    let mut t = field(4, 3);
    t.forbidden_pairs.push((1, 3));
    let pairing = pair_next_round(&t).expect("pairable");
    assert_eq!(pairing.boards, vec![(1, 4), (3, 2)]);
}

#[test]
fn all_rounds_played_is_an_error() {
    let mut t = field(2, 1);
    play(&mut t, &[(1, 2, ResultCode::Win)], &[]);
    assert_eq!(pair_next_round(&t), Err(PairingError::TournamentOver(1)));
}

#[test]
fn requested_byes_withdrawals_and_late_entries_are_respected() {
    let mut t = field(6, 4);
    t.bye_requests.push(ByeRequest {
        player: 2,
        round: 1,
        kind: ByeKind::Half,
    });
    t.player_mut(6).expect("exists").withdrawn_from = Some(1);
    let pairing = pair_next_round(&t).expect("pairable");
    let seen: HashSet<PlayerNumber> = pairing
        .boards
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .chain(pairing.bye)
        .collect();
    assert_eq!(seen, HashSet::from([1, 3, 4, 5]));
    // 1, 3, 4, 5: S1 = {1, 3}, S2 = {4, 5}. E.5 with the pairing numbers of the players taken into
    // account (RULES.md §10): 1, 3, 4, 5 pair as 1, 2, 3, 4, so 1 gets the initial colour and 3,
    // an even number now, the other one.
    assert_eq!(pairing.boards, vec![(1, 4), (5, 3)]);
    let late = t.add_player("Late", 1000);
    assert_eq!(late, 7);
    assert!(t.is_available(late, 1));
}

#[test]
fn round_two_follows_score_groups_and_colour_preferences() {
    // Round 1 of 8: 1-5, 6-2, 3-7, 8-4; top half wins. Winners 1,2,3,4 (1 point), losers 0.
    let mut t = field(8, 5);
    let r1 = pair_next_round(&t).expect("pairable");
    assert_eq!(r1.boards, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    play(
        &mut t,
        &[
            (1, 5, ResultCode::Win),
            (6, 2, ResultCode::Loss),
            (3, 7, ResultCode::Win),
            (8, 4, ResultCode::Loss),
        ],
        &[],
    );
    // 1-point group {1,2,3,4}: S1 {1,2}, S2 {3,4}. 1 (had Red) prefers Black, 3 (Red) prefers Black:
    // 1-3 would deny one of them, so the transposition 1-4, 2-3 grants everyone. Likewise in the
    // 0-point group 5 (had Black) and 7 (Black) both want Red: 5-8 and 6-7.
    let r2 = pair_next_round(&t).expect("pairable");
    assert_eq!(r2.boards, vec![(4, 1), (2, 3), (5, 8), (7, 6)]);
}

#[test]
fn absolute_colour_preferences_never_meet_outside_the_last_round() {
    // Players 1 and 2 both had Red twice: both must have Black (absolute), so they cannot meet.
    let mut t = field(4, 5);
    play(
        &mut t,
        &[(1, 3, ResultCode::Draw), (2, 4, ResultCode::Draw)],
        &[],
    );
    play(
        &mut t,
        &[(1, 4, ResultCode::Draw), (2, 3, ResultCode::Draw)],
        &[],
    );
    // Everyone has 1 point; 1 and 2 have RR, 3 and 4 have BB: the only legal pairing is 1-?, 2-?
    // with 3 and 4, but those are rematches. No legal pairing.
    assert_eq!(
        pair_next_round(&t),
        Err(PairingError::NoLegalPairing { round: 3 })
    );
    let players = candidates(&t);
    assert_eq!(players[&1].strength, Strength::Absolute);
    assert_eq!(players[&1].preference, Some(Color::Black));
}

/// Six players of `rounds` rounds after two: 1 and 2 won both with Red, 4 and 5 had Black twice.
fn two_topscorers(rounds: u32) -> Tournament {
    let mut t = field(6, rounds);
    play(
        &mut t,
        &[
            (1, 4, ResultCode::Win),
            (2, 5, ResultCode::Win),
            (6, 3, ResultCode::Draw),
        ],
        &[],
    );
    play(
        &mut t,
        &[
            (1, 5, ResultCode::Win),
            (2, 6, ResultCode::Win),
            (3, 4, ResultCode::Draw),
        ],
        &[],
    );
    t
}

#[test]
fn topscorers_with_the_same_absolute_colour_may_meet_in_the_last_round() {
    // Six players, three rounds. 1 and 2 win twice with Red (absolute Black, topscorers); 4 and 5
    // have Black twice (absolute Red) and may not meet each other (C3, not topscorers).
    let t = two_topscorers(3);
    let pairing = pair_next_round(&t).expect("last round allows topscorers to meet");
    let pairs = unordered(&pairing);
    assert_eq!(pairs, HashSet::from([(1, 2), (3, 5), (4, 6)]));
    // Equal absolute preferences and colour differences, same histories: E.4 favours player 1.
    assert_eq!(pairing.boards[0], (2, 1));
}

#[test]
fn the_same_topscorer_pairing_is_illegal_before_the_last_round() {
    let t = two_topscorers(4);
    let pairing = pair_next_round(&t).expect("pairable");
    let pairs = unordered(&pairing);
    assert!(!pairs.contains(&(1, 2)), "{pairs:?}");
    check_pairing(&t, &pairing);
}

#[test]
fn a_moved_down_player_meets_the_highest_compatible_resident_and_floats_are_avoided() {
    // 5 players, round 2: after 1-3 (1 wins), 4-2 (2 wins), 5 bye: scores 1:1, 2:1, 5:1, 3:0, 4:0.
    let mut t = field(5, 4);
    let r1 = pair_next_round(&t).expect("pairable");
    play_pairing(&mut t, &r1, &[ResultCode::Win, ResultCode::Loss]);
    assert_eq!(t.score(5).tenths(), 10);
    let r2 = pair_next_round(&t).expect("pairable");
    // Group {1, 2, 5}: one must float. 5 got the bye (counts as a downfloat), so C14 prefers
    // floating 2 (the lowest of 1, 2 otherwise): pairs 1-5, and 2 meets 3 (highest of {3, 4} it has
    // not played); 4 (the lowest, no bye before) gets the bye.
    let pairs = unordered(&r2);
    assert_eq!(pairs, HashSet::from([(1, 5), (2, 3)]));
    assert_eq!(r2.bye, Some(4));
}

/// The boards of a pairing as unordered pairs, lower number first.
fn unordered(pairing: &Pairing) -> HashSet<(u32, u32)> {
    pairing
        .boards
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect()
}

fn candidates(t: &Tournament) -> HashMap<PlayerNumber, Candidate> {
    t.players
        .iter()
        .filter_map(|p| Candidate::new(t, p.number))
        .map(|c| (c.number, c))
        .collect()
}

/// Checks the absolute criteria and completeness of a pairing.
fn check_pairing(t: &Tournament, pairing: &Pairing) {
    let round = t.next_round();
    let available: HashSet<PlayerNumber> = t
        .players
        .iter()
        .map(|p| p.number)
        .filter(|&n| t.is_available(n, round))
        .collect();
    let players = candidates(t);
    let mut seen = HashSet::new();
    for &(red, black) in &pairing.boards {
        assert!(
            seen.insert(red) && seen.insert(black),
            "player paired twice in {pairing:?}"
        );
        assert!(available.contains(&red) && available.contains(&black));
        let (a, b) = (&players[&red], &players[&black]);
        assert!(
            !a.avoid.contains(&black),
            "C1/forbidden: {red}-{black} in round {round}"
        );
        if a.strength == Strength::Absolute
            && b.strength == Strength::Absolute
            && a.preference == b.preference
        {
            assert!(
                a.topscorer || b.topscorer,
                "C3: {red}-{black} in round {round}"
            );
        }
        // A non-topscorer with an absolute preference always gets it.
        for (p, colour) in [(a, Color::Red), (b, Color::Black)] {
            if p.strength == Strength::Absolute && !a.topscorer && !b.topscorer {
                assert_eq!(
                    p.preference,
                    Some(colour),
                    "absolute colour of {} in round {round}",
                    p.number
                );
            }
        }
    }
    if let Some(bye) = pairing.bye {
        assert!(seen.insert(bye));
        assert!(
            players[&bye].bye_eligible,
            "C2: bye to {bye} in round {round}"
        );
    }
    assert_eq!(
        seen, available,
        "everyone available is paired or gets the bye"
    );
}

/// Brute force over all pairings of the available players: none meets the absolute criteria
/// (C1, C3, forbidden pairs) with at most one bye to an eligible player.
fn assert_no_legal_pairing_exists(t: &Tournament) {
    fn search(left: &mut Vec<Candidate>, bye_used: bool) -> bool {
        let Some(first) = left.pop() else { return true };
        if !bye_used && left.len().is_multiple_of(2) && first.bye_eligible && search(left, true) {
            left.push(first);
            return true;
        }
        for i in 0..left.len() {
            if super::field::absolute_criteria_allow(&first, &left[i]) {
                let partner = left.remove(i);
                let found = search(left, bye_used);
                left.insert(i, partner);
                if found {
                    left.push(first);
                    return true;
                }
            }
        }
        left.push(first);
        false
    }
    let round = t.next_round();
    let mut left: Vec<Candidate> = candidates(t)
        .into_values()
        .filter(|c| t.is_available(c.number, round))
        .collect();
    if left.len() > 14 {
        return;
    }
    left.sort_by_key(|c| c.number);
    assert!(
        !search(&mut left, false),
        "a legal pairing exists for round {round}"
    );
}

/// A random tournament: random size, results, requested byes, withdrawals and forfeits.
fn simulate(seed: u64, scoring: ScoringSystem) -> Vec<Result<Pairing, PairingError>> {
    simulate_with(seed, scoring, 40, pair_next_round)
}

/// [`simulate`], each round paired by `pair` (the engine's pairing, maybe cross-checked first).
fn simulate_with(
    seed: u64,
    scoring: ScoringSystem,
    max_players: u32,
    mut pair: impl FnMut(&Tournament) -> Result<Pairing, PairingError>,
) -> Vec<Result<Pairing, PairingError>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = 2 + rng.next_u32() % max_players;
    let rounds = 1 + rng.next_u32() % 11;
    let mut t = Tournament::new(
        rounds,
        scoring,
        if rng.next_u32() % 2 == 0 {
            Color::Red
        } else {
            Color::Black
        },
    );
    for i in 0..n {
        t.add_player(format!("P{i}"), 1000 + rng.next_u32() % 1500);
    }
    let mut log = Vec::new();
    for round in 1..=rounds {
        if rng.next_u32() % 4 == 0 {
            let player = 1 + rng.next_u32() % n;
            let kind = if rng.next_u32() % 2 == 0 {
                ByeKind::Half
            } else {
                ByeKind::Zero
            };
            t.bye_requests.push(ByeRequest {
                player,
                round,
                kind,
            });
        }
        if rng.next_u32() % 8 == 0 {
            let player = 1 + rng.next_u32() % n;
            t.player_mut(player).expect("exists").withdrawn_from = Some(round);
        }
        let result = pair(&t);
        log.push(result.clone());
        let Ok(pairing) = result else {
            assert_no_legal_pairing_exists(&t);
            break;
        };
        check_pairing(&t, &pairing);
        let entries = random_round(&mut rng, &t, &pairing, round, RESULT_ODDS);
        t.record_round(&entries)
            .expect("the pairing yields a consistent round");
    }
    log
}

#[test]
fn random_tournaments_keep_every_absolute_criterion() {
    for seed in 0..60 {
        simulate(seed, ScoringSystem::FIDE);
    }
}

#[test]
fn pairings_depend_only_on_the_order_not_the_points_scale() {
    for seed in 100..130 {
        assert_eq!(
            simulate(seed, ScoringSystem::FIDE),
            simulate(seed, ScoringSystem::CHINESE),
            "seed {seed}"
        );
    }
}

#[test]
fn pairing_is_deterministic() {
    let mut t = field(12, 5);
    let r1 = pair_next_round(&t).expect("pairable");
    play_pairing(
        &mut t,
        &r1,
        &[ResultCode::Win, ResultCode::Draw, ResultCode::Loss],
    );
    let a = pair_next_round(&t);
    let b = pair_next_round(&t.clone());
    assert_eq!(a, b);
}

#[test]
fn perfect_candidate_shortcuts_agree_with_the_matching() {
    use super::bracket::SHORTCUTS;
    for seed in 200..260 {
        simulate_with(seed, ScoringSystem::FIDE, 40, |t| {
            let fast = pair_next_round(t);
            SHORTCUTS.with(|s| s.set(false));
            let slow = pair_next_round(t);
            SHORTCUTS.with(|s| s.set(true));
            assert_eq!(fast, slow, "seed {seed}, round {}", t.next_round());
            fast
        });
    }
}

#[test]
fn collapsed_last_bracket_minimises_the_score_differences() {
    // Seed 204, round 5 of 5 (worked by hand). Before the round: 7, 8, 9 have 3 points, 6 has 2½,
    // 2 and 4 have 2, 5 has 1½, 1 has ½ (3 withdrew). Player 5 has met 1, 2, 4 and 8, so only 6, 7
    // or 9 can play him.
    // - {7, 8, 9}: one must float; 8 cannot meet 6, and 8-9 would deny a strong preference, so 9
    //   floats (C7, then C13) and 8-7 is paired.
    // - {9, 6}: 9-6 would leave {2, 4, 5, 1} unpairable (5 has met them all): this is the
    //   penultimate bracket, both float, and {9, 6, 2, 4, 5, 1} is the collapsed last bracket.
    // - Its complete pairings and PSDs: 9-4 6-5 2-1 = [1½, 1, 1]; 9-5 6-4 2-1 = [1½, 1½, ½];
    //   9-5 6-1 2-4 = [2, 1½, 0]; 9-1 6-5 2-4 = [2½, ...]. The first is the lowest.
    let log = simulate(204, ScoringSystem::FIDE);
    let round5 = log[4].clone().expect("pairable");
    assert_eq!(round5.boards, vec![(8, 7), (9, 4), (6, 5), (1, 2)]);
    assert_eq!(round5.bye, None);
}

/// The long version of the simulation checks (run in release: `cargo test --release -- --ignored`):
/// the shortcuts of the bracket search pair exactly as the full matching, in 2,000 tournaments of 40
/// players and 40 of 160. Split in four tests so that the test threads share the work.
fn shortcuts_agree_with_the_matching(seeds: std::ops::Range<u64>, max_players: u32) {
    use super::bracket::SHORTCUTS;
    for seed in seeds {
        simulate_with(seed, ScoringSystem::FIDE, max_players, |t| {
            let fast = pair_next_round(t);
            SHORTCUTS.with(|s| s.set(false));
            let slow = pair_next_round(t);
            SHORTCUTS.with(|s| s.set(true));
            assert_eq!(
                fast,
                slow,
                "up to {max_players} players, seed {seed}, round {}",
                t.next_round()
            );
            fast
        });
    }
}

#[test]
#[ignore]
fn many_random_tournaments_keep_the_criteria_and_agree_with_the_matching() {
    shortcuts_agree_with_the_matching(1000..2000, 40);
}

#[test]
#[ignore]
fn many_more_random_tournaments_keep_the_criteria_and_agree_with_the_matching() {
    shortcuts_agree_with_the_matching(2000..3000, 40);
}

#[test]
#[ignore]
fn large_random_tournaments_keep_the_criteria_and_agree_with_the_matching() {
    shortcuts_agree_with_the_matching(5000..5020, 160);
}

#[test]
#[ignore]
fn more_large_random_tournaments_keep_the_criteria_and_agree_with_the_matching() {
    shortcuts_agree_with_the_matching(5020..5040, 160);
}

/// A TRF as a tournament, for the cases below written as the files the engines exchange.
fn from_trf(lines: &[&str]) -> Tournament {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    crate::swiss::trf::read_tournament(&text).expect("valid TRF")
}

/// A `001` line: start number, rating, points, then 10-column round blocks from column 92.
fn trf_player(number: usize, rating: &str, points: &str, rounds: &[String]) -> String {
    let mut line = format!(
        "001 {number:>4}      {:<33} {rating:>4} {:<3} {:>11} {:<10} {points:>4} {:>4}  ",
        format!("Player {number}"),
        "",
        "",
        "",
        ""
    );
    for round in rounds {
        line.push_str(&format!("{round:<10}"));
    }
    line.trim_end().to_string()
}

/// The next round's pairing of a tournament written as TRF `header` lines (`XXR 7`, `XXC
/// white1`, …) and a crosstable: one row per player in start-number order, `rating points`
/// then each round as TRF writes it without the spaces (`5w1`: met 5 with White and won; `2b-`:
/// lost to 2 by forfeit with Black) or, for a round without an opponent, its code (`U`, `H`, `Z`).
fn pairing_of(header: &[&str], crosstable: &[&str]) -> Pairing {
    let mut lines: Vec<String> = header.iter().map(|l| l.to_string()).collect();
    for (i, row) in crosstable.iter().enumerate() {
        let mut fields = row.split_whitespace();
        let rating = fields.next().expect("rating");
        let points = fields.next().expect("points");
        let rounds: Vec<String> = fields
            .map(|game| match game.find(|c: char| !c.is_ascii_digit()) {
                Some(0) => format!("0000 - {game}"),
                Some(at) => {
                    let (opponent, rest) = game.split_at(at);
                    let (colour, result) = rest.split_at(1);
                    format!("{opponent:>4} {colour} {result}")
                }
                None => panic!("a round without colour and result: {game}"),
            })
            .collect();
        lines.push(trf_player(i + 1, rating, points, &rounds));
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    pair_next_round(&from_trf(&lines)).expect("pairable")
}

/// C5 of the 2025 rules: the pairing-allocated bye goes to a player of the lowest score for which
/// everyone else can be paired, even when that costs pairs in the top bracket. Round 3 of six
/// (player 4 absent): 1 and 3 (2 points) could meet, but then 2, 5 (1 point; they have met) and
/// 6 (0) cannot all be paired but for 6. So both leaders pair down and 6, the lowest, gets the bye.
#[test]
fn the_bye_goes_to_the_lowest_score_that_completes_the_round() {
    let pairing = pairing_of(
        &["XXR 3"],
        &[
            "2720 2.0  4w1 2b1",
            "2701 1.0  5b1 1w0",
            "2697 2.0  6w1 4b1",
            "2689 0.0  1b0 3w0 Z",
            "2673 1.0  2w0 6b1",
            "2664 0.0  3b0 5w0",
        ],
    );
    assert_eq!(pairing.boards, vec![(1, 5), (3, 2)]);
    assert_eq!(pairing.bye, Some(6));
}

/// C.04.1 art. 4 (2025): no pairing-allocated bye for a player who scored, in one round and
/// without playing, as many points as a win (a full-point bye, a forfeit win) or who had one; a
/// half-point bye does not count.
#[test]
fn a_half_point_bye_keeps_the_right_to_the_pairing_allocated_bye() {
    let mut t = Tournament::new(3, ScoringSystem::CHINESE, Color::Red);
    for i in 0..5 {
        t.add_player(format!("P{}", i + 1), 2000 - 10 * i);
    }
    play(
        &mut t,
        &[(1, 2, ResultCode::Draw), (3, 4, ResultCode::Draw)],
        &[(5, ResultCode::HalfBye)],
    );
    let players = candidates(&t);
    assert!(players[&5].bye_eligible, "H scores less than a win");
    let mut full = Tournament::new(3, ScoringSystem::CHINESE, Color::Red);
    for i in 0..5 {
        full.add_player(format!("P{}", i + 1), 2000 - 10 * i);
    }
    play(
        &mut full,
        &[(1, 2, ResultCode::Draw)],
        &[(3, ResultCode::FullBye), (4, ResultCode::PairingBye)],
    );
    let players = candidates(&full);
    assert!(!players[&3].bye_eligible, "F scores a win without playing");
    assert!(!players[&4].bye_eligible, "a second PAB");
    assert!(
        players[&5].bye_eligible,
        "absent (not paired) scores nothing"
    );
}

/// Dutch 1.4.3 (2025): scoring more than a loss without playing is a downfloat; an absence or a
/// forfeit loss is no float.
#[test]
fn only_points_scored_without_playing_count_as_a_downfloat() {
    use super::players::Float;
    let mut t = Tournament::new(4, ScoringSystem::FIDE, Color::Red);
    for i in 0..6 {
        t.add_player(format!("P{}", i + 1), 2000 - 10 * i);
    }
    let entries = vec![
        (1, RoundEntry::game(2, Color::Red, ResultCode::ForfeitWin)),
        (
            2,
            RoundEntry::game(1, Color::Black, ResultCode::ForfeitLoss),
        ),
        (3, RoundEntry::without_opponent(ResultCode::HalfBye)),
        (4, RoundEntry::without_opponent(ResultCode::ZeroBye)),
        (5, RoundEntry::without_opponent(ResultCode::PairingBye)),
    ];
    t.record_round(&entries).expect("round 1");
    let players = candidates(&t);
    let last = |n: PlayerNumber| players[&n].floats[0];
    assert_eq!(
        [last(1), last(2), last(3), last(4), last(5), last(6)],
        [
            Float::Down,
            Float::None,
            Float::Down,
            Float::None,
            Float::Down,
            Float::None
        ]
    );
}

/// E.5 with the pairing numbers of the players taken into account (RULES.md §10): with player 5
/// absent from round 1, player 6 pairs as the fifth, an odd number, and gets the initial colour.
#[test]
fn round_one_colours_count_only_the_players_present() {
    let mut t = field(12, 5);
    t.bye_requests.push(ByeRequest {
        player: 5,
        round: 1,
        kind: ByeKind::Half,
    });
    let pairing = pair_next_round(&t).expect("pairable");
    assert_eq!(
        pairing.boards,
        vec![(1, 7), (8, 2), (3, 9), (10, 4), (6, 11)]
    );
    assert_eq!(pairing.bye, Some(12));
}

/// Later rounds count, besides the players to be paired, those who took part in an earlier
/// round's pairing: player 1 (paired in round 1, on a bye in round 2) keeps 2 an even number, so
/// 2 and 3, who have no colours yet (forfeits), meet with 3 on the initial colour.
#[test]
fn later_rounds_count_the_players_who_took_part_before() {
    let pairing = pairing_of(
        &["XXR 5", "XXC white1"],
        &[
            "2490 1.0  4w1 H",
            "2480 1.0  5w+",
            "2470 1.0  6b+",
            "2460 0.0  1b0",
            "2450 0.0  2b-",
            "2440 0.0  3w-",
        ],
    );
    assert_eq!(pairing.boards, vec![(3, 2), (5, 6)]);
    assert_eq!(pairing.bye, Some(4));
}

/// C4 with the look-ahead (C7, C8): a bracket's candidates are compared by the next bracket's
/// pairings that still let the round complete. Round 5 of seven (2/1/0): the bye must go to 1, 2
/// or 3 (the others had it), so whoever floats from the 5-point bracket ends with the bye and 6
/// meets 4. Pairing 1 with 6 in the next bracket looks better but cannot complete, so the colour
/// preferences decide: 1-5 grants both, 3 floats and gets the bye.
#[test]
fn the_look_ahead_counts_only_pairings_that_complete_the_round() {
    let pairing = pairing_of(
        &["162  W 2.0    D 1.0", "XXR 6", "XXC white1"],
        &[
            "2558 5.0  4w1 7b1 3w0 2b=",
            "2477 5.0  5b1 3w0 6b1 1w=",
            "2475 5.0  6w= 2b1 1b1 7w0",
            "2398 2.0  1b0 U 7w0 5b0",
            "2377 5.0  2w0 6b= U 4w1",
            "2242 4.0  3b= 5w= 2w0 U",
            "2230 6.0  U 1w0 4b1 3b1",
        ],
    );
    assert_eq!(pairing.boards, vec![(7, 2), (1, 5), (4, 6)]);
    assert_eq!(pairing.bye, Some(3));
}

/// C9 (minimise the unplayed games of the PAB assignee) in the last bracket, when the bye
/// candidates reach it as moved-down players. Round 6 of seven (2/1/0): only 1 and 5 (6 points)
/// may take the bye (the others had it or won by forfeit); 1 lost round 3 by forfeit, 5 played
/// every round. 9, the last (3 points), had the bye, so the 6-point bracket cannot decide: 1 and 5
/// (who met) both float, and in the last bracket one meets 9 while the other gets the bye. C9
/// gives it to 5, who has no unplayed game.
#[test]
fn the_last_bracket_gives_the_bye_to_the_candidate_with_fewest_unplayed_games() {
    let pairing = pairing_of(
        &["162  W 2.0    D 1.0", "XXR 7", "XXC white1"],
        &[
            "2600 6.0  5w1 4b1 2w- 3w1 2w0",
            "2552 8.0  6b1 9w1 1b+ 5w0 1b1",
            "2505 6.0  7w1 5b0 6w1 1b0 U",
            "2483 7.0  8b1 1w0 9b= U 5w1",
            "2432 6.0  1b0 3w1 8w1 2b1 4b0",
            "2361 4.0  2w0 7b+ 3b0 9w1 8b0",
            "2300 4.0  3b0 6w- U 8w0 9b1",
            "2259 6.0  4w0 U 5b0 7b1 6w1",
            "2237 3.0  U 2b0 4w= 6b0 7w0",
        ],
    );
    assert_eq!(pairing.boards, vec![(2, 4), (3, 8), (9, 1), (7, 6)]);
    assert_eq!(pairing.bye, Some(5));
}

/// C9 in a bracket below the bye score, when it holds the bye candidates as moved-down players
/// and can pair all its players but one. Round 5 of six: only 1 and 2 (3 points) may take the bye
/// (3, 5, 6 and 7 had it, 4 won by forfeit); 2 lost round 4 by forfeit, 1 played every round.
/// The players below 3 points cannot all be paired on their own (6, 5, 7), so the 3-point
/// bracket pairs 4-3 and sends 1 and 2 (who met) down. The 2-point bracket, 1 and 2 over 6,
/// decides who gets the bye (5 and 7 pair below): 6 meets 2, and 1, without an unplayed game,
/// gets it.
#[test]
fn a_bracket_of_moved_down_bye_candidates_gives_the_bye_by_fewest_unplayed_games() {
    let pairing = pairing_of(
        &["XXR 6", "XXC white1"],
        &[
            "2470 3.0  4w1 7b1 2w0 5b1",
            "2429 3.0  5b1 3w1 1b1 4w-",
            "2421 3.0  6w1 2b0 7w1 U",
            "2421 3.0  1b0 5w1 6b1 2b+",
            "2339 1.0  2w0 4b0 U 1w0",
            "2323 2.0  3b0 U 4w0 7b1",
            "2317 1.0  U 1w0 3b0 6w0",
        ],
    );
    assert_eq!(pairing.boards, vec![(4, 3), (2, 6), (7, 5)]);
    assert_eq!(pairing.bye, Some(1));
}

#[test]
fn moved_down_players_of_s1_are_chosen_before_their_partners() {
    // Round 2 of 8: 1, 2 and 3 beat 5, 6 and 7 with Red; 4 and 8 took half-point byes. 1, 2 and 3
    // may not meet (forbidden pairs), so all three move down to {4, 8}, where 2 may meet only 4
    // and 3 only 8: one MDP stays in Limbo. The candidates {1-8, 2-4} (3 moved on) and {1-4, 3-8}
    // (2 moved on) are equally good. D.3 puts the MDP-exchanges before D.1's transpositions, and
    // S1 = {1, 2} (the lowest BSNs) comes first: 1 meets 8 rather than its first partner 4.
    let mut t = field(8, 5);
    play(
        &mut t,
        &[
            (1, 5, ResultCode::Win),
            (2, 6, ResultCode::Win),
            (3, 7, ResultCode::Win),
        ],
        &[(4, ResultCode::HalfBye), (8, ResultCode::HalfBye)],
    );
    t.forbidden_pairs
        .extend([(1, 2), (1, 3), (2, 3), (2, 8), (3, 4)]);
    let r2 = pair_next_round(&t).expect("pairable");
    let pairs = unordered(&r2);
    assert_eq!(pairs, HashSet::from([(1, 8), (2, 4), (3, 5), (6, 7)]));
    assert_eq!(r2.bye, None);
}

/// C6 (maximise the pairs of the bracket) comes before C7 (minimise the PSD), as in bbpPairings,
/// whose edge weight puts the bracket's pair count above the scores it pairs. Round 7 of eight: 6
/// (4.5) floats through the 4-point bracket (4, 9 and 6 have all met), and the 3.5 bracket holds
/// 6, 4 and 9 over 1 and 8. Pairing 6 (with 8: they met only by forfeit) leaves one pair at most,
/// as 3 (2.5) can then meet only 1 below; 4-1 and 9-8 make two, and 6 meets 3 lower down.
#[test]
fn a_bracket_maximises_its_pairs_before_pairing_its_highest_moved_down_player() {
    let pairing = pairing_of(
        &["XXR 8", "XXC white1"],
        &[
            "2599 3.5  5w1 H 6b= 9w0 7b1 2w=",
            "2194 3.0  6b0 3w1 8b= 7w0 U 1b=",
            "2122 2.5  7w= 2b0 4w0 U 5b1 9w0",
            "1887 4.0  8b0 5w1 3b1 6w+ 9b1 6w0",
            "1852 2.0  1b0 4b0 U 8w0 3w0 7b1",
            "1713 4.5  2w1 9b1 1w= 4b- 8b+ 4b1",
            "1426 2.5  3b= 8w1 9w0 2b1 1w0 5w0",
            "1334 3.5  4w1 7b0 2w= 5b1 6w- U",
            "1308 4.0  U 6w0 7b1 1b1 4w0 3b1",
        ],
    );
    assert_eq!(pairing.boards, vec![(6, 3), (4, 1), (9, 8), (2, 5)]);
    assert_eq!(pairing.bye, Some(7));
}

/// The same order in the last round, with moved-down topscorers. Round 9 of nine (2/1/0): 7 and
/// 11 (11 points) have met each other and 2 and 10, 1 and 6 (9); 2-6 is the 9-point bracket's
/// only pair. The 7-point bracket, 7, 11, 10 and 1 over 3 and 5, can pair 7-5 alone (4, with 6
/// gone, may then meet only 3 below), or 10-3 (met by forfeit only) and 1-5: two pairs, so 7 and
/// 11 float on, 7 meets 4 and 9-12 (a forfeit too) ends the round.
#[test]
fn the_last_round_maximises_a_brackets_pairs_before_pairing_its_topscorers() {
    let pairing = pairing_of(
        &["162  W 2.0    D 1.0", "XXR 9", "XXC white1"],
        &[
            "2496 9.0  7w= 6b0 9w= 12b1 10b0 4w1 2w= 11b1",
            "2374 10.0  8b1 4w1 3b= 7w1 11b0 10w0 1b= 9w1",
            "2162 7.0  9w1 11b= 2w= 6b= 7b0 5w= 12b= 10w-",
            "2141 6.0  10b1 2b0 11w0 5w= 8b0 1b0 9w1 12w=",
            "2073 7.0  11w0 9b= 10w0 4b= 12w1 3b= 8b- 8b1",
            "2014 9.0  12b= 1w1 7b- 3w= 9b= 8w1 11b1 7w0",
            "1687 11.0  1b= 12w1 6w+ 2b0 3w1 11w0 10b1 6b1",
            "1641 6.0  2w0 10b0 U 9b0 4w1 6b0 5w+ 5w0",
            "1620 5.0  3b0 5w= 1b= 8w1 6w= 12b- 4b0 2b0",
            "1340 10.0  4w0 8w1 5b1 11b0 1w1 2b1 7w0 3b+",
            "1321 11.0  5b1 3w= 4b1 10w1 2w1 7b1 6w0 1w0",
            "1287 6.0  6w= 7b0 H 1w0 5b0 9w+ 3w= 4b=",
        ],
    );
    assert_eq!(
        pairing.boards,
        vec![(7, 4), (8, 11), (2, 6), (3, 10), (5, 1), (9, 12)]
    );
    assert_eq!(pairing.bye, None);
}

/// C2 binds even when it alone blocks the round: bbpPairings v6 rejects a completion whose
/// unpaired player may not have the pairing-allocated bye (`matchingIsComplete` in
/// `swisssystems/dutch.cpp`) and reports no valid pairing; it never gives a second bye. Round 6 of
/// seven players: 1, 3, 5 and 7 had the PAB and 4 a forfeit win, so only 2 and 6 may have it. 2 can
/// still meet only 1, and 6 only 1 and 5, so the round completes only as 1–2, 5–6 and 3–4 with 7
/// unpaired (or 3–7 / 4–7 with 4 / 3 unpaired): a second bye every time.
#[test]
fn a_round_completed_only_by_a_second_pairing_allocated_bye_is_refused() {
    let mut t = field(7, 7);
    let r = |red, black, result| (red, black, result);
    play(
        &mut t,
        &[
            r(1, 4, ResultCode::ForfeitLoss),
            r(5, 2, ResultCode::Loss),
            r(3, 6, ResultCode::Loss),
        ],
        &[(7, ResultCode::PairingBye)],
    );
    play(
        &mut t,
        &[
            r(1, 3, ResultCode::Loss),
            r(2, 7, ResultCode::Draw),
            r(6, 4, ResultCode::Win),
        ],
        &[(5, ResultCode::PairingBye)],
    );
    play(
        &mut t,
        &[
            r(3, 2, ResultCode::Draw),
            r(4, 5, ResultCode::Draw),
            r(7, 6, ResultCode::Loss),
        ],
        &[(1, ResultCode::PairingBye)],
    );
    play(
        &mut t,
        &[
            r(4, 1, ResultCode::Win),
            r(2, 6, ResultCode::Win),
            r(5, 7, ResultCode::Win),
        ],
        &[(3, ResultCode::PairingBye)],
    );
    play(
        &mut t,
        &[
            r(7, 1, ResultCode::Draw),
            r(2, 4, ResultCode::Loss),
            r(5, 3, ResultCode::Loss),
        ],
        &[(6, ResultCode::HalfBye)],
    );
    let players = candidates(&t);
    let eligible: Vec<PlayerNumber> = (1..=7).filter(|n| players[n].bye_eligible).collect();
    assert_eq!(eligible, vec![2, 6]);
    // Without C2 the round would complete: these three games are new.
    for (a, b) in [(1, 2), (5, 6), (3, 4)] {
        assert!(super::field::absolute_criteria_allow(
            &players[&a],
            &players[&b]
        ));
    }
    assert_no_legal_pairing_exists(&t);
    assert_eq!(
        pair_next_round(&t),
        Err(PairingError::NoLegalPairing { round: 6 })
    );
}
