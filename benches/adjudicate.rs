//! Adjudication speed: a 120-ply Jieqi record in Chinese notation, replayed with its deal; and the
//! 10,349 real games of the CCPD collection (traditional Chinese notation, about 87 plies a game)
//! adjudicated as one multi-game file, parsing included, as `anqi adjudicate FILE` does it. The
//! collection is read from `../shared/data/real-games/` when it is there (decompressed with
//! `gzip -dc`); where it is absent that benchmark is skipped, saying so (real games are never copied
//! into the project).
//! And a capture-free shuffle (two cannons back and forth, no capture ever) of 500 to 16,000 plies:
//! counting a position's occurrences since the last capture is O(1) a ply, so the time per ply
//! stays flat however long the shuffle (it grew with the length before: 145 s for a 4 MB record);
//! the bench asserts it before measuring. `rules::adjudicate::MAX_PLIES` (2,000) bounds what an
//! event takes.
//! Run: `cargo bench --bench adjudicate`.

use anqi::rules::Variant;
use anqi::rules::adjudicate::{AdjudicateOptions, adjudicate, adjudicate_record, read_record};
use anqi::rules::notation::GameSplitter;
use anqi::rules::notation::{Notation, WrittenMove, write_game};
use anqi::rules::xiangqi::{Deal, Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A legal 120-ply Jieqi game (seeded random moves) written in Chinese with its deal.
fn record(deal: &Deal) -> String {
    let opts = AdjudicateOptions::default();
    for seed in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = Position::start_with_deal(deal);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        while moves.len() < 120 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[(rng.next_u64() % legal.len() as u64) as usize];
            moves.push(WrittenMove {
                mv: m,
                reveal: pos.hidden_identity(m.from()),
                captured: None,
            });
            pos.make_move(m).expect("deal known");
        }
        let tags = vec![("Game".to_string(), "Jieqi".to_string())];
        let text = write_game(&start, &moves, Notation::Chinese, &tags, Some(deal), None)
            .expect("legal game");
        let v = adjudicate(text.as_bytes(), Variant::Jieqi, Some(deal), &opts).expect("readable");
        if v.is_legal() && v.plies == 120 {
            return text;
        }
    }
    unreachable!("some seed gives a 120-ply game")
}

/// The CCPD collection as one file's bytes, when the shared data is there.
fn collection() -> Option<Vec<u8>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let shared = format!("{root}/../shared/data/real-games/ccpd-10k.chinese.pgn.gz");
    if std::path::Path::new(&shared).exists()
        && let Ok(out) = std::process::Command::new("gzip")
            .args(["-dc", &shared])
            .output()
        && out.status.success()
    {
        return Some(out.stdout);
    }
    None
}

/// Adjudicates every game of a multi-game file; returns how many games were judged legal.
fn adjudicate_file(bytes: &[u8], options: &AdjudicateOptions) -> usize {
    let mut splitter = GameSplitter::new();
    let mut legal = 0;
    let mut judge = |game: anqi::rules::notation::GameText| {
        let verdict = read_record(&game.bytes, game.first_line)
            .ok()
            .and_then(|r| adjudicate_record(&r, Variant::Xiangqi, None, options).ok());
        legal += usize::from(verdict.is_some_and(|v| v.is_legal()));
    };
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        if let Some(game) = splitter.push_line(line) {
            judge(game);
        }
    }
    if let Some(game) = splitter.finish() {
        judge(game);
    }
    legal
}

fn bench_collection(c: &mut Criterion) {
    let Some(bytes) = collection() else {
        eprintln!("skipped: adjudicate file needs ../shared/data/real-games beside the repository");
        return;
    };
    let opts = AdjudicateOptions::default();
    let games = {
        let mut splitter = GameSplitter::new();
        let mut n = 0;
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            n += usize::from(splitter.push_line(line).is_some());
        }
        n + usize::from(splitter.finish().is_some())
    };
    // Every game but the one damaged at the source is legal.
    assert!(adjudicate_file(&bytes, &opts) + 1 >= games);
    let mut group = c.benchmark_group("adjudicate file");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games as u64));
    group.bench_function("ccpd 10,349 games", |b| {
        b.iter(|| adjudicate_file(&bytes, &opts))
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let deal = Deal::parse("pppppccrnbaabnrRNBAABNRCCPPPPP").expect("valid deal");
    let text = record(&deal);
    let opts = AdjudicateOptions::default();
    let mut group = c.benchmark_group("adjudicate");
    group.throughput(Throughput::Elements(1));
    group.bench_function("jieqi 120 plies chinese with deal", |b| {
        b.iter(|| {
            adjudicate(text.as_bytes(), Variant::Jieqi, Some(&deal), &opts).expect("readable")
        })
    });
    group.finish();
}

/// A legal xiangqi record of `plies` plies without a capture: the cannons of both sides shuffle.
fn shuffle(plies: usize) -> String {
    let cycle = ["h2e2", "h7e7", "e2h2", "e7h7"];
    let moves: Vec<&str> = cycle.iter().cycle().take(plies).copied().collect();
    format!("{} *\n", moves.join(" "))
}

/// The fastest of five adjudications of `text`, per ply.
fn per_ply(text: &str, plies: usize, opts: &AdjudicateOptions) -> std::time::Duration {
    (0..5)
        .map(|_| {
            let t = std::time::Instant::now();
            let v = adjudicate(text.as_bytes(), Variant::Xiangqi, None, opts).expect("readable");
            assert_eq!(v.plies as usize, plies);
            t.elapsed()
        })
        .min()
        .expect("five runs")
        / plies as u32
}

fn bench_shuffle(c: &mut Criterion) {
    let opts = AdjudicateOptions::default();
    // Linear: 16 times the plies cost at most 3 times as much per ply (quadratic counting: 16
    // times).
    let (short, long) = (
        per_ply(&shuffle(1000), 1000, &opts),
        per_ply(&shuffle(16_000), 16_000, &opts),
    );
    assert!(
        long < short * 3,
        "per ply: {short:?} at 1,000 plies, {long:?} at 16,000"
    );
    let mut group = c.benchmark_group("adjudicate shuffle");
    group.sample_size(20);
    for plies in [500, 2000, 16_000] {
        let text = shuffle(plies);
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_function(format!("{plies} plies"), |b| {
            b.iter(|| adjudicate(text.as_bytes(), Variant::Xiangqi, None, &opts).expect("readable"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_collection, bench_shuffle);
criterion_main!(benches);
