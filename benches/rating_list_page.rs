//! A club rating list of 110,000 games among 1,000 players, served over HTTP (target: the page
//! under 20 ms). The list is built through the store as the web forms build it: 110 batches of 1,000
//! games in date order, then one batch of 1,000 games reaching back to the middle of the list (re-rated
//! from that day on). Measured: the standings page, a player's page, a missing player's 404, the level
//! distribution, and appending one game at the end and one dated back 50 days.
//!
//! `cargo bench --bench rating_list_page`

use std::hint::black_box;
use std::time::{Duration, Instant};

use anqi::accounts::Role;
use anqi::rating::{Outcome, RatingSettings};
use anqi::store::ratings::{self, Appended, NewGame, Source};
use chrono::NaiveDate;
use criterion::{Criterion, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

const PLAYERS: u64 = 1_000;
const BATCHES: u64 = 110;
const PER_BATCH: u64 = 1_000;

fn day(d: u64) -> NaiveDate {
    NaiveDate::from_ymd_opt(2020, 1, 1).expect("valid date") + chrono::Days::new(d)
}

fn batch(rng: &mut ChaCha8Rng, first_day: u64) -> Vec<NewGame> {
    (0..PER_BATCH)
        .map(|i| {
            let red = rng.next_u64() % PLAYERS;
            let black = (red + 1 + rng.next_u64() % (PLAYERS - 1)) % PLAYERS;
            NewGame {
                date: day(first_day + i / 100),
                red: format!("選手{red:04}"),
                black: format!("選手{black:04}"),
                outcome: [Outcome::RedWins, Outcome::BlackWins, Outcome::Draw]
                    [(rng.next_u64() % 3) as usize],
                origin: None,
            }
        })
        .collect()
}

fn file(n: u64) -> Source {
    Source::File {
        label: format!("{n}.csv"),
        digest: format!("{n:064}"),
    }
}

fn bench(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("anqi-bench-rating-list-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let url = format!("sqlite://{}", dir.join("bench.db").display());

    let (tx, rx) = std::sync::mpsc::channel();
    let server_url = url.clone();
    let server = std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let config = anqi::web::Config::new(server_url, "127.0.0.1:0");
            let app = anqi::web::Application::build(&config)
                .await
                .expect("start the application");
            let db = app.db().clone();
            let owner = anqi::store::users::create(&db, "club", Role::Club, "x")
                .await
                .expect("user");
            let list = ratings::create(
                &db,
                &owner,
                "俱樂部",
                anqi::rules::Variant::Jieqi,
                &RatingSettings::default(),
            )
            .await
            .expect("list");
            let mut rng = ChaCha8Rng::seed_from_u64(17);
            let started = Instant::now();
            for b in 0..BATCHES {
                let games = batch(&mut rng, b * 10);
                let added = ratings::append_games(&db, &owner, list, &games, &file(b))
                    .await
                    .expect("append");
                assert!(matches!(added, Appended::Added(_)));
            }
            let built = started.elapsed();
            let started = Instant::now();
            let back = batch(&mut rng, BATCHES * 5);
            ratings::append_games(&db, &owner, list, &back, &file(BATCHES))
                .await
                .expect("back-dated batch");
            let back_dated = started.elapsed();
            let info = ratings::get(&db, list).await.expect("get").expect("list");
            let best = ratings::standings(&db, &info).await.expect("standings")[0].id;
            eprintln!(
                "built {} games in {built:.2?} (110 batches in date order); one batch of 1,000 \
                 reaching back to the middle: {back_dated:.2?}",
                info.games
            );
            let base = format!("http://127.0.0.1:{}", app.addr().port());
            tx.send((base, list, best, db, owner, app.handle()))
                .expect("report start-up");
            let _ = app.run().await;
        })
    });
    let (base, list, best, db, owner, handle) = rx.recv().expect("server started");
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let get = |path: &str, status: u16| {
        let res = agent
            .get(&format!("{base}{path}"))
            .call()
            .expect("GET failed");
        assert_eq!(res.status().as_u16(), status, "{path}");
        let body = res.into_body().read_to_string().expect("body");
        black_box(body.len())
    };
    let page = format!("/ratings/{list}");
    assert!(get(&page, 200) > 100_000, "a page with 1,000 players");

    let mut group = c.benchmark_group("rating list of 110,000 games");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("standings page", |b| b.iter(|| get(&page, 200)));
    let player = format!("/ratings/{list}/players/{best}");
    group.bench_function("player page", |b| b.iter(|| get(&player, 200)));
    let missing = format!("/ratings/{list}/players/999999999");
    group.bench_function("missing player 404", |b| b.iter(|| get(&missing, 404)));
    let levels = format!("/ratings/{list}/levels");
    group.bench_function("level distribution", |b| b.iter(|| get(&levels, 200)));

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let mut n = BATCHES + 1;
    let mut append = |days_back: u64| {
        n += 1;
        let game = NewGame {
            date: day(BATCHES * 10 - days_back),
            red: "選手0001".into(),
            black: "選手0002".into(),
            outcome: Outcome::Draw,
            origin: None,
        };
        rt.block_on(ratings::append_games(&db, &owner, list, &[game], &file(n)))
            .expect("append")
    };
    group.sample_size(10);
    group.bench_function("append one game at the end", |b| b.iter(|| append(0)));
    group.bench_function("append one game 50 days back", |b| b.iter(|| append(50)));
    group.finish();

    actix_web::rt::System::new().block_on(handle.stop(false));
    let _ = server.join();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
