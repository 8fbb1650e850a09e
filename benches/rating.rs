//! Rating 1,000,000 games among 10,000 players from CSV (target: under 1 s, parsing included).

use anqi::rating::csv::{read_games, write_standings};
use anqi::rating::{RatingList, RatingSettings};
use criterion::{Criterion, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

const GAMES: usize = 1_000_000;
const PLAYERS: u64 = 10_000;

/// A games CSV in date order (1,000 games a day), Chinese names, all three results.
fn games_csv() -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let mut csv = String::with_capacity(GAMES * 40);
    csv.push_str("date,red,black,result\n");
    let first = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).expect("valid date");
    for i in 0..GAMES {
        let date = first + chrono::Days::new((i / 1_000) as u64);
        let red = rng.next_u64() % PLAYERS;
        let black = (red + 1 + rng.next_u64() % (PLAYERS - 1)) % PLAYERS;
        let result = ["1-0", "0-1", "1/2-1/2"][(rng.next_u64() % 3) as usize];
        writeln!(csv, "{date},選手{red:05},選手{black:05},{result}").expect("write to a String");
    }
    csv
}

fn rate_from_csv(bytes: &[u8]) -> Vec<u8> {
    let sheet = read_games(bytes).expect("generated CSV is valid");
    let mut list = RatingList::new(RatingSettings::default());
    list.apply_sheet(&sheet).expect("generated games are valid");
    let mut out = Vec::new();
    write_standings(&mut out, &list.standings()).expect("write to memory");
    out
}

fn bench(c: &mut Criterion) {
    let csv = games_csv();
    let bytes = csv.as_bytes();
    let mut group = c.benchmark_group("rating");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(15));
    group.bench_function("parse 1M games", |b| {
        b.iter(|| read_games(black_box(bytes)))
    });
    let sheet = read_games(bytes).expect("generated CSV is valid");
    group.bench_function("rate 1M parsed games", |b| {
        b.iter(|| {
            let mut list = RatingList::new(RatingSettings::default());
            list.apply_sheet(black_box(&sheet)).expect("valid games");
            list
        })
    });
    group.bench_function(
        "1M games among 10k players: CSV in, standings CSV out",
        |b| b.iter(|| rate_from_csv(black_box(bytes))),
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
