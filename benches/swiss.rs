//! Dutch pairing speed: 42 players (rounds 1 and 6) and 1,000 players after 9 rounds.

use std::hint::black_box;

use anqi::rules::Color;
use anqi::swiss::dutch::pair_next_round;
use anqi::swiss::{ResultCode, RoundEntry, ScoringSystem, Tournament};
use criterion::{Criterion, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A tournament of `players` after `rounds` rounds paired by the engine, with rating-weighted
/// random results (seeded, so every run measures the same positions).
fn tournament(players: u32, rounds: u32, total_rounds: u32) -> Tournament {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut t = Tournament::new(total_rounds, ScoringSystem::CHINESE, Color::Red);
    for i in 0..players {
        t.add_player(format!("Player {i}"), 2600 - i * 1600 / players.max(1));
    }
    for _ in 0..rounds {
        let pairing = pair_next_round(&t).expect("the simulated field stays pairable");
        let mut entries = Vec::new();
        for &(red, black) in &pairing.boards {
            let roll = rng.next_u32() % 100;
            // The higher-rated (lower number) player is favoured.
            let favourite_red = red < black;
            let (r, b) = match (roll, favourite_red) {
                (0..=44, true) | (55..=99, false) => (ResultCode::Win, ResultCode::Loss),
                (45..=69, _) => (ResultCode::Draw, ResultCode::Draw),
                _ => (ResultCode::Loss, ResultCode::Win),
            };
            entries.push((red, RoundEntry::game(black, Color::Red, r)));
            entries.push((black, RoundEntry::game(red, Color::Black, b)));
        }
        if let Some(bye) = pairing.bye {
            entries.push((bye, RoundEntry::without_opponent(ResultCode::PairingBye)));
        }
        t.record_round(&entries).expect("consistent round");
    }
    t
}

fn bench(c: &mut Criterion) {
    let small_r1 = tournament(42, 0, 6);
    let small_r6 = tournament(42, 5, 6);
    let large_r10 = tournament(1000, 9, 11);
    c.bench_function("dutch 42 players round 1", |b| {
        b.iter(|| pair_next_round(black_box(&small_r1)))
    });
    c.bench_function("dutch 42 players round 6", |b| {
        b.iter(|| pair_next_round(black_box(&small_r6)))
    });
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    group.bench_function("dutch 1000 players round 10", |b| {
        b.iter(|| pair_next_round(black_box(&large_r10)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
