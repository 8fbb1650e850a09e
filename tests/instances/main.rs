//! Two `anqi serve` processes on one PostgreSQL database: what one instance stores, the
//! other shows at once (pages, anonymous and signed in, and its live streams), and a round both are
//! told to pair at the same moment is paired once.
//!
//! Runs only with `ANQI_TEST_PG` (a PostgreSQL URL whose user may create databases; `scripts/test`
//! starts a throwaway cluster and sets it); otherwise every test is reported as ignored. The
//! instances poll versions only once a minute, so what arrives in time came through the database's
//! change notifications.

#[path = "../api/sse.rs"]
mod sse;
#[path = "../api/support.rs"]
mod support;

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::json;

use sse::{Stream, opening};
use support::*;

/// The database and the two instances on it, with the accounts "org" (organizer) and "arb".
struct Pair {
    a: ServeProcess,
    b: ServeProcess,
    dir: TempDir,
}

/// The pair (the tests are ignored without `ANQI_TEST_PG`, and fail when run without it).
fn pair(tag: &str) -> Pair {
    require_postgres();
    let dir = TempDir::new(tag);
    create_user(&dir, "org", "organizer");
    create_user(&dir, "arb", "arbiter");
    // Slow version polling: only a notification brings another instance's change in time.
    let options = ["--live-poll-ms", "60000", "--live-per-client", "64"];
    let a = ServeProcess::start_with(&dir, &options);
    let b = ServeProcess::start_with(&dir, &options);
    Pair { a, b, dir }
}

impl Pair {
    /// An API client of `name` on instance `base`.
    fn api(&self, base: &str, name: &str) -> Client {
        let mut c = Server::client_for(base);
        c.bearer = Some(token(&self.dir, name));
        c
    }
}

/// Creates an event of `players` players through `api`; returns its id.
fn event_with_players(api: &mut Client, name: &str, players: usize) -> i64 {
    let r = api.json(
        "POST",
        "/api/events",
        &json!({"name": name, "variant": "xiangqi"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let list: Vec<_> = (0..players)
        .map(|i| json!({"name": format!("棋手{i}"), "rating": 2000 - i as i64 * 10}))
        .collect();
    let r = api.json("POST", &format!("/api/events/{id}/players"), &json!(list));
    assert!((200..300).contains(&r.status), "{}", r.body);
    id
}

/// The result shown on board `board` of round 1 of a round page.
fn shown(page: &Resp, board: u32) -> Option<String> {
    html::text(&page.body, &format!("tr[data-board='{board}'] .shown"))
}

/// The result in the arbiter's results form for board `board` (the code typed, e.g. `1-0`).
fn in_form(page: &Resp, board: u32) -> Option<String> {
    html::attrs(&page.body, &format!("input[name='r{board}']"), "value")
        .into_iter()
        .next()
}

#[test]
#[ignore = "needs PostgreSQL: set ANQI_TEST_PG (scripts/test starts a cluster)"]
fn on_postgres_what_one_instance_stores_the_other_shows_at_once() {
    let p = pair("inst-pages");
    let mut org_a = p.api(&p.a.base, "org");
    let mut org_b = p.api(&p.b.base, "org");
    let id = event_with_players(&mut org_a, "兩台杯", 8);
    let r = org_a.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);

    // A session made on A is good on B: sessions live in the database.
    let mut web_a = Server::client_for(&p.a.base);
    web_a.login("org", PASSWORD);
    let mut web_b = Server::client_for(&p.b.base);
    web_b.cookies = web_a.cookies.clone();
    assert_eq!(web_b.get("/account").status, 200);

    let page = format!("/events/{id}/rounds/1");
    let mut anonymous_a = Server::client_for(&p.a.base);
    let mut anonymous_b = Server::client_for(&p.b.base);
    // Boards 1 and 2 stored through A, read through B; 3 and 4 the other way. The reader has the
    // page cached (and the event's version trusted) just before each write.
    for board in 1..=4u32 {
        let (writer, anonymous, signed_in, on) = if board <= 2 {
            (&mut org_a, &mut anonymous_b, &mut web_b, "B")
        } else {
            (&mut org_b, &mut anonymous_a, &mut web_a, "A")
        };
        assert_eq!(shown(&anonymous.get(&page), board).as_deref(), Some(""));
        assert_eq!(in_form(&signed_in.get(&page), board).as_deref(), Some(""));
        let r = writer.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{board}/result"),
            &json!({"result": "1-0"}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let seen = shown(&anonymous.get(&page), board);
        assert_eq!(
            seen.as_deref(),
            Some("1–0"),
            "board {board}, anonymous on {on}"
        );
        let seen = in_form(&signed_in.get(&page), board);
        assert_eq!(
            seen.as_deref(),
            Some("1-0"),
            "board {board}, signed in on {on}"
        );
    }
    // Both instances' standings count all four games alike.
    let standings = format!("/events/{id}/standings");
    let a = html::rows(&anonymous_a.get(&standings).body, "tbody tr");
    let b = html::rows(&anonymous_b.get(&standings).body, "tbody tr");
    assert_eq!(a, b);
    assert_eq!(a.len(), 8, "{a:?}");
}

#[test]
#[ignore = "needs PostgreSQL: set ANQI_TEST_PG (scripts/test starts a cluster)"]
fn on_postgres_both_instances_told_to_pair_the_same_round_at_once_pair_it_once() {
    let p = pair("inst-pair");
    let mut org = p.api(&p.a.base, "org");
    // A few events, so that the two requests meet inside the pairing more than once.
    for n in 0..4 {
        let id = event_with_players(&mut org, &format!("同時杯{n}"), 12);
        let start = Arc::new(Barrier::new(2));
        let asks: Vec<_> = [p.a.base.clone(), p.b.base.clone()]
            .into_iter()
            .map(|base| {
                let start = start.clone();
                let mut api = p.api(&base, "org");
                std::thread::spawn(move || {
                    start.wait();
                    let r = api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
                    (r.status, r.body)
                })
            })
            .collect();
        let mut answers: Vec<(u16, String)> = asks.into_iter().map(|t| t.join().unwrap()).collect();
        answers.sort();
        assert_eq!(
            answers.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
            [201, 409],
            "one round and one conflict: {answers:?}"
        );
        // One round 1 of six boards, seen alike through both instances; no round 2.
        for base in [&p.a.base, &p.b.base] {
            let mut c = p.api(base, "org");
            let round = c.get(&format!("/api/events/{id}/rounds/1"));
            assert_eq!(round.status, 200, "{}", round.body);
            let boards = round.json()["boards"].as_array().map(Vec::len);
            assert_eq!(boards, Some(6), "{}", round.body);
            assert_eq!(c.get(&format!("/api/events/{id}/rounds/2")).status, 404);
        }
    }
}

#[test]
#[ignore = "needs PostgreSQL: set ANQI_TEST_PG (scripts/test starts a cluster)"]
fn on_postgres_a_stream_on_one_instance_hears_of_results_stored_on_the_other_within_a_second() {
    let p = pair("inst-live");
    let mut org_a = p.api(&p.a.base, "org");
    let id = event_with_players(&mut org_a, "直播杯", 8);
    let r = org_a.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let path = format!("/events/{id}/live");
    let mut on_b = Stream::open(&p.b.base, &path, &[]);
    assert_eq!(on_b.status, 200);
    let (mut known, _) = opening(&mut on_b);
    for board in 1..=4 {
        let stored = Instant::now();
        let r = org_a.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{board}/result"),
            &json!({"result": "1/2-1/2"}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let (version, _) = on_b
            .next_change(Duration::from_secs(1))
            .unwrap_or_else(|| panic!("board {board}: no change on B within a second"));
        let took = stored.elapsed();
        assert!(
            took < Duration::from_secs(1),
            "board {board}: took {took:?}"
        );
        assert!(version > known, "board {board}: {version} after {known}");
        known = version;
        // The page B then serves shows it.
        let page = Server::client_for(&p.b.base).get(&format!("/events/{id}/rounds/1"));
        assert_eq!(
            html::text(&page.body, &format!("tr[data-board='{board}'] .shown")).as_deref(),
            Some("½–½")
        );
    }
}
