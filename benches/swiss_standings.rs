//! Standings and TRF speed for a large field: 1,000 players after 9 rounds (the web app recomputes
//! standings on every standings page and exports TRF on demand).

use std::hint::black_box;

use anqi::rules::Color;
use anqi::swiss::standings::{TieBreak, final_standings};
use anqi::swiss::trf::{EventInfo, read_tournament, write_tournament};
use anqi::swiss::{ResultCode, RoundEntry, ScoringSystem, Tournament};
use criterion::{Criterion, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// `players` (even) after `rounds` rounds of a round-robin schedule (circle method, so nobody meets
/// twice) with seeded random results; standings do not care how the pairs were found.
fn tournament(players: u32, rounds: u32) -> Tournament {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut t = Tournament::new(rounds + 2, ScoringSystem::CHINESE, Color::Red);
    for i in 1..=players {
        t.add_player(format!("Player {i}"), 2600 - i);
    }
    let n = players;
    for round in 0..rounds {
        let mut entries = Vec::new();
        // Seat 0 stays, the others rotate by one each round.
        let seat = |k: u32| {
            if k == 0 {
                1
            } else {
                2 + (k - 1 + round) % (n - 1)
            }
        };
        for k in 0..n / 2 {
            let (red, black) = (seat(k), seat(n - 1 - k));
            let (r, b) = match rng.next_u32() % 10 {
                0..=3 => (ResultCode::Win, ResultCode::Loss),
                4..=6 => (ResultCode::Draw, ResultCode::Draw),
                _ => (ResultCode::Loss, ResultCode::Win),
            };
            entries.push((red, RoundEntry::game(black, Color::Red, r)));
            entries.push((black, RoundEntry::game(red, Color::Black, b)));
        }
        t.record_round(&entries)
            .expect("a round-robin round is consistent");
    }
    t
}

fn bench(c: &mut Criterion) {
    let t = tournament(1000, 9);
    let text = write_tournament(&t, &EventInfo::default()).expect("no match scores");
    c.bench_function("standings 1000 players 9 rounds, default tie-breaks", |b| {
        b.iter(|| final_standings(black_box(&t), &TieBreak::DEFAULT_ORDER))
    });
    c.bench_function("standings 1000 players 9 rounds, all tie-breaks", |b| {
        b.iter(|| final_standings(black_box(&t), &TieBreak::ALL))
    });
    c.bench_function("trf write 1000 players 9 rounds", |b| {
        b.iter(|| write_tournament(black_box(&t), &EventInfo::default()).expect("no match scores"))
    });
    c.bench_function("trf read 1000 players 9 rounds", |b| {
        b.iter(|| read_tournament(black_box(&text)).expect("valid"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
