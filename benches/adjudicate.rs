//! Adjudication speed: a 120-ply Jieqi record in Chinese notation, replayed with its deal.
//! Run: `cargo bench --bench adjudicate`.

use anqi::rules::Variant;
use anqi::rules::adjudicate::{AdjudicateOptions, adjudicate};
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

criterion_group!(benches, bench);
criterion_main!(benches);
