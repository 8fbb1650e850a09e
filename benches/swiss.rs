//! Dutch pairing speed: 42 players (rounds 1 and 6) and 1,000 players before rounds 2 and 10.
//!
//! The 42-player histories are paired by the engine itself. The 1,000-player histories are built by
//! a quick greedy pairing within score order (no rematches, colours alternated where possible), so
//! that setting up the benchmark does not depend on the engine's own speed in earlier rounds.
//!
//! With `ANQI_BENCH_TRF_DIR` set to a directory of TRF files (such as the pinned 300- and
//! 1,000-player tournaments compared with bbpPairings in the README), each file's next round is
//! paired too, the TRF reading included.

use std::collections::HashSet;
use std::hint::black_box;

use anqi::rules::Color;
use anqi::swiss::dutch::pair_next_round;
use anqi::swiss::trf::read_tournament;
use anqi::swiss::{PlayerNumber, ResultCode, RoundEntry, ScoringSystem, Tournament};
use criterion::{Criterion, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A result for a game between `red` and `black`, the lower pairing number (higher rated) favoured.
fn result(
    rng: &mut ChaCha8Rng,
    red: PlayerNumber,
    black: PlayerNumber,
) -> (ResultCode, ResultCode) {
    let roll = rng.next_u32() % 100;
    match (roll, red < black) {
        (0..=44, true) | (55..=99, false) => (ResultCode::Win, ResultCode::Loss),
        (45..=69, _) => (ResultCode::Draw, ResultCode::Draw),
        _ => (ResultCode::Loss, ResultCode::Win),
    }
}

fn new_field(players: u32, total_rounds: u32) -> Tournament {
    let mut t = Tournament::new(total_rounds, ScoringSystem::CHINESE, Color::Red);
    for i in 0..players {
        t.add_player(format!("Player {i}"), 2600 - i * 1600 / players.max(1));
    }
    t
}

fn record(
    t: &mut Tournament,
    rng: &mut ChaCha8Rng,
    boards: &[(PlayerNumber, PlayerNumber)],
    bye: Option<PlayerNumber>,
) {
    let mut entries = Vec::new();
    for &(red, black) in boards {
        let (r, b) = result(rng, red, black);
        entries.push((red, RoundEntry::game(black, Color::Red, r)));
        entries.push((black, RoundEntry::game(red, Color::Black, b)));
    }
    if let Some(bye) = bye {
        entries.push((bye, RoundEntry::without_opponent(ResultCode::PairingBye)));
    }
    t.record_round(&entries).expect("consistent round");
}

/// `rounds` rounds paired by the Dutch engine.
fn dutch_history(players: u32, rounds: u32, total_rounds: u32) -> Tournament {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut t = new_field(players, total_rounds);
    for _ in 0..rounds {
        let pairing = pair_next_round(&t).expect("the simulated field stays pairable");
        record(&mut t, &mut rng, &pairing.boards, pairing.bye);
    }
    t
}

/// `rounds` rounds paired greedily down the score order, avoiding rematches, alternating colours.
fn greedy_history(players: u32, rounds: u32, total_rounds: u32) -> Tournament {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut t = new_field(players, total_rounds);
    for _ in 0..rounds {
        let mut order: Vec<PlayerNumber> = (1..=players).collect();
        order.sort_by(|&a, &b| t.score(b).cmp(&t.score(a)).then(a.cmp(&b)));
        let met = |a: PlayerNumber, b: PlayerNumber| {
            t.player(a)
                .is_some_and(|p| p.rounds.iter().any(|e| e.opponent == Some(b)))
        };
        let last_colour = |p: PlayerNumber| {
            t.player(p)
                .and_then(|p| p.rounds.iter().rev().find_map(|e| e.played_colour()))
        };
        let mut used = HashSet::new();
        let mut boards = Vec::new();
        for (i, &a) in order.iter().enumerate() {
            if used.contains(&a) {
                continue;
            }
            let partner = order[i + 1..]
                .iter()
                .copied()
                .find(|&b| !used.contains(&b) && !met(a, b));
            let Some(b) = partner else { continue };
            used.insert(a);
            used.insert(b);
            boards.push(if last_colour(a) == Some(Color::Red) {
                (b, a)
            } else {
                (a, b)
            });
        }
        let unpaired: Vec<PlayerNumber> = order
            .iter()
            .copied()
            .filter(|p| !used.contains(p))
            .collect();
        let bye = unpaired.first().copied();
        record(&mut t, &mut rng, &boards, bye);
    }
    t
}

fn bench(c: &mut Criterion) {
    let small_r1 = dutch_history(42, 0, 6);
    let small_r6 = dutch_history(42, 5, 6);
    let large_r2 = greedy_history(1000, 1, 11);
    let large_r10 = greedy_history(1000, 9, 11);
    c.bench_function("dutch 42 players round 1", |b| {
        b.iter(|| pair_next_round(black_box(&small_r1)))
    });
    c.bench_function("dutch 42 players round 6", |b| {
        b.iter(|| pair_next_round(black_box(&small_r6)))
    });
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    group.bench_function("dutch 1000 players round 2", |b| {
        b.iter(|| pair_next_round(black_box(&large_r2)))
    });
    group.bench_function("dutch 1000 players round 10", |b| {
        b.iter(|| pair_next_round(black_box(&large_r10)))
    });
    group.finish();
    if let Some(dir) = std::env::var_os("ANQI_BENCH_TRF_DIR") {
        pinned_files(c, std::path::Path::new(&dir));
    }
}

/// The next round of every `.trf` file in `dir`, read and paired.
fn pinned_files(c: &mut Criterion, dir: &std::path::Path) {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .expect("ANQI_BENCH_TRF_DIR is a directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    let mut group = c.benchmark_group("pinned");
    group.sample_size(10);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable TRF");
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        group.bench_function(name, |b| {
            b.iter(|| {
                let t = read_tournament(black_box(&text)).expect("valid TRF");
                pair_next_round(&t)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
