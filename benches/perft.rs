//! Perft speed: nodes per second from the xiangqi start position (depth 5 = 133,312,995 nodes,
//! bulk-counted at the last ply, one thread). Run: `cargo bench --bench perft`.

use anqi::rules::Variant;
use anqi::rules::xiangqi::{Deal, Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30))
        .warm_up_time(Duration::from_secs(1));

    let start = Position::start(Variant::Xiangqi);
    group.throughput(Throughput::Elements(133_312_995));
    group.bench_function("xiangqi start depth 5", |b| {
        b.iter(|| {
            let mut p = start.clone();
            p.perft(5).expect("xiangqi has no reveals")
        })
    });

    let jieqi = Position::start_with_deal(
        &Deal::parse("pppppccrnbaabnrRNBAABNRCCPPPPP").expect("valid deal"),
    );
    group.throughput(Throughput::Elements(2_737_427));
    group.bench_function("jieqi shuffled deal depth 4", |b| {
        b.iter(|| {
            let mut p = jieqi.clone();
            p.perft(4).expect("deal known")
        })
    });
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
