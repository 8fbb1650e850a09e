//! Crash safety: clients pair rounds, submit results and upload move records while the
//! test SIGKILLs the server (a real `anqi serve` process on a file database) at random moments.
//! After each kill the database is checked before the server restarts on it: every acknowledged
//! write is present, no round is half-paired and `PRAGMA integrity_check` answers `ok`.
//!
//! A write is registered as pending before it is sent, so the check knows what the database may
//! hold: for a board, the last acknowledged value or one sent after it; for the rounds, the
//! acknowledged ones and at most the one being paired.

#[path = "../api/support.rs"]
mod support;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

use support::{TempDir, anqi_bin, create_user};

const PLAYERS: u32 = 24;
const BOARDS: u32 = PLAYERS / 2;
const ROUNDS: u32 = 9;
const KILLS: usize = 10;
/// Boards whose results come from uploaded records; the others get typed results.
const RECORD_BOARDS: u32 = 2;
/// A legal xiangqi game with a claimed result (the adjudicator accepts the claim and enters it).
const RECORD: &str = "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0\n";
const RESULTS: [&str; 3] = ["1-0", "0-1", "1/2-1/2"];

/// One value a board may hold: the last acknowledged write and the writes sent after it whose
/// answer never came (or has not been read yet).
#[derive(Debug, Default, Clone)]
struct Known {
    acked: Option<String>,
    pending: Vec<String>,
}

impl Known {
    fn send(&mut self, value: &str) {
        self.pending.push(value.to_string());
    }

    fn ack(&mut self, value: &str) {
        self.acked = Some(value.to_string());
        self.pending.clear();
    }

    /// Whether the database may hold `value` (`None`: nothing written).
    fn allows(&self, value: Option<&str>) -> bool {
        match value {
            None => self.acked.is_none(),
            Some(v) => self.acked.as_deref() == Some(v) || self.pending.iter().any(|p| p == v),
        }
    }
}

/// Boards of a round: (board, red, black).
type Boards = Vec<(u32, u32, u32)>;

#[derive(Debug, Default)]
struct State {
    /// Rounds whose pairing was acknowledged (201), by number.
    acked_rounds: HashMap<u32, Boards>,
    /// The rounds as the clients know them (acknowledged, or read back after a lost answer).
    known_rounds: HashMap<u32, Boards>,
    /// The round being paired, if its answer has not come.
    pairing: Option<u32>,
    /// Results by (round, board).
    results: HashMap<(u32, u32), Known>,
    /// Record texts by (round, board).
    records: HashMap<(u32, u32), Known>,
}

impl State {
    fn latest(&self) -> Option<(u32, Boards)> {
        self.known_rounds
            .iter()
            .max_by_key(|(n, _)| **n)
            .map(|(n, b)| (*n, b.clone()))
    }
}

struct Shared {
    state: Mutex<State>,
    base: Mutex<String>,
    token: String,
    event: i64,
    stop: AtomicBool,
    acks: AtomicUsize,
    agent: ureq::Agent,
}

impl Shared {
    /// Sends a JSON request; `None` when no answer came (the server is down or was killed).
    fn call(&self, method: &str, path: &str, body: Option<String>) -> Option<(u16, Value)> {
        let url = format!("{}{path}", self.base.lock().unwrap());
        let auth = format!("Bearer {}", self.token);
        let res = match (method, body) {
            ("GET", _) => self.agent.get(&url).header("authorization", &auth).call(),
            ("POST", Some(b)) => self
                .agent
                .post(&url)
                .header("authorization", &auth)
                .content_type(if path.ends_with("/record") {
                    "text/plain"
                } else {
                    "application/json"
                })
                .send(b),
            ("PUT", Some(b)) => self
                .agent
                .put(&url)
                .header("authorization", &auth)
                .content_type("application/json")
                .send(b),
            other => panic!("unsupported request {other:?}"),
        };
        let mut res = res.ok()?;
        let status = res.status().as_u16();
        let text = res.body_mut().read_to_string().ok()?;
        Some((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    fn running(&self) -> bool {
        !self.stop.load(Ordering::SeqCst)
    }
}

fn boards_of(round: &Value) -> Boards {
    round["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .map(|b| {
            (
                b["board"].as_u64().unwrap() as u32,
                b["red"].as_u64().unwrap() as u32,
                b["black"].as_u64().expect("no bye with an even field") as u32,
            )
        })
        .collect()
}

/// Pairs the next round whenever the latest is complete; a lost answer is resolved by reading the
/// round back.
fn pairer(s: &Shared) {
    while s.running() {
        let next = s.state.lock().unwrap().latest().map_or(1, |(n, _)| n + 1);
        if next > ROUNDS {
            return;
        }
        s.state.lock().unwrap().pairing = Some(next);
        let path = format!("/api/events/{}/rounds", s.event);
        match s.call("POST", &path, Some("{}".into())) {
            Some((201, round)) => {
                assert_eq!(round["round"], next, "{round}");
                let boards = boards_of(&round);
                let mut st = s.state.lock().unwrap();
                st.acked_rounds.insert(next, boards.clone());
                st.known_rounds.insert(next, boards);
                st.pairing = None;
                s.acks.fetch_add(1, Ordering::SeqCst);
            }
            Some((409, _)) => {
                // Not ready (results missing), or paired before an answer was lost.
                adopt_round(s, next);
                std::thread::sleep(Duration::from_millis(30));
            }
            Some((status, body)) => panic!("pairing round {next}: {status} {body}"),
            None => {
                std::thread::sleep(Duration::from_millis(30));
                adopt_round(s, next);
            }
        }
    }
}

/// Reads round `n` back after an unanswered pairing request.
fn adopt_round(s: &Shared, n: u32) {
    if let Some((200, round)) = s.call("GET", &format!("/api/events/{}/rounds/{n}", s.event), None)
    {
        let mut st = s.state.lock().unwrap();
        st.known_rounds.insert(n, boards_of(&round));
        st.pairing = None;
    }
}

/// Types results on the boards of the latest round with `board % 2 == parity` (past the record
/// boards), overwriting earlier ones at random.
fn typist(s: &Shared, parity: u32, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while s.running() {
        let Some((round, boards)) = s.state.lock().unwrap().latest() else {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        for (board, _, _) in boards {
            if board <= RECORD_BOARDS || board % 2 != parity || !s.running() {
                continue;
            }
            let value = RESULTS[(rng.next_u32() % 3) as usize];
            s.state
                .lock()
                .unwrap()
                .results
                .entry((round, board))
                .or_default()
                .send(value);
            let path = format!(
                "/api/events/{}/rounds/{round}/boards/{board}/result",
                s.event
            );
            // The pairer may pair the next round meanwhile: a change after that needs a reason.
            let body = json!({ "result": value, "reason": "typed again at the desk" });
            match s.call("PUT", &path, Some(body.to_string())) {
                Some((200, answer)) => {
                    assert_eq!(answer["result"], value, "{answer}");
                    let mut st = s.state.lock().unwrap();
                    st.results.entry((round, board)).or_default().ack(value);
                    s.acks.fetch_add(1, Ordering::SeqCst);
                }
                Some((409, _)) => {}
                Some((status, body)) => panic!("result {round}/{board}: {status} {body}"),
                None => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }
}

/// Uploads move records for the record boards of the latest round (the claimed result is
/// entered from the record).
fn recorder(s: &Shared) {
    let mut n = 0u32;
    while s.running() {
        let Some((round, _)) = s.state.lock().unwrap().latest() else {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        for board in 1..=RECORD_BOARDS {
            n += 1;
            // Each upload differs (a tag), so the check can tell which one the database holds.
            let text = format!("[Upload \"{n}\"]\n\n{RECORD}");
            {
                let mut st = s.state.lock().unwrap();
                st.records.entry((round, board)).or_default().send(&text);
                st.results.entry((round, board)).or_default().send("1-0");
            }
            let path = format!(
                "/api/events/{}/rounds/{round}/boards/{board}/record",
                s.event
            );
            match s.call("POST", &path, Some(text.clone())) {
                Some((200, answer)) => {
                    let mut st = s.state.lock().unwrap();
                    st.records.entry((round, board)).or_default().ack(&text);
                    if answer["entered"] == "1-0" {
                        st.results.entry((round, board)).or_default().ack("1-0");
                    }
                    s.acks.fetch_add(1, Ordering::SeqCst);
                }
                Some((409, _)) => {}
                Some((status, body)) => panic!("record {round}/{board}: {status} {body}"),
                None => std::thread::sleep(Duration::from_millis(20)),
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Starts `anqi serve` on the database and returns it with its base URL.
fn serve(dir: &TempDir) -> (Child, String) {
    let mut child = Command::new(anqi_bin())
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--database-url",
            &dir.database_url(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start anqi serve");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let base = loop {
        let line = lines
            .next()
            .expect("anqi serve exited before serving")
            .unwrap();
        if let Some(rest) = line.strip_prefix("Anqi is serving at ") {
            break rest.split('/').take(3).collect::<Vec<_>>().join("/");
        }
    };
    // Keep reading stdout so that the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, base)
}

/// Checks the database of a killed server against what the clients were told.
fn check(dir: &TempDir, event: i64, st: &State, kill: usize) {
    let url = dir.database_url();
    actix_web::rt::System::new().block_on(async move {
        let db = anqi::store::open(&url).await.expect("open after the kill");
        let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_one(&db)
            .await
            .unwrap();
        assert_eq!(integrity, "ok", "kill {kill}");
        let rows: Vec<(i64, i64, i64, i64, Option<String>)> = sqlx::query_as(
            "SELECT r.number, b.board_no, b.red, b.black, b.result FROM boards b \
             JOIN rounds r ON r.id = b.round_id WHERE r.event_id = ? ORDER BY r.number, b.board_no",
        )
        .bind(event)
        .fetch_all(&db)
        .await
        .unwrap();
        let numbers: Vec<i64> = sqlx::query_scalar(
            "SELECT number FROM rounds WHERE event_id = ? ORDER BY number",
        )
        .bind(event)
        .fetch_all(&db)
        .await
        .unwrap();
        let mut rounds: HashMap<u32, (Boards, HashMap<u32, Option<String>>)> = HashMap::new();
        for (round, board, red, black, result) in rows {
            let entry = rounds.entry(round as u32).or_default();
            entry.0.push((board as u32, red as u32, black as u32));
            entry.1.insert(board as u32, result);
        }
        // Rounds 1..=k, each whole: every player on exactly one board.
        for (i, n) in numbers.iter().enumerate() {
            assert_eq!(*n, i as i64 + 1, "kill {kill}: round numbers {numbers:?}");
            let (boards, _) = rounds
                .get(&(*n as u32))
                .unwrap_or_else(|| panic!("kill {kill}: round {n} has no boards"));
            assert_eq!(boards.len() as u32, BOARDS, "kill {kill}: round {n} half-paired");
            let mut seen: Vec<u32> = boards.iter().flat_map(|b| [b.1, b.2]).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..=PLAYERS).collect::<Vec<_>>(), "kill {kill}: round {n}");
        }
        for (n, boards) in &st.acked_rounds {
            let stored = rounds
                .get(n)
                .unwrap_or_else(|| panic!("kill {kill}: acknowledged round {n} lost"));
            assert_eq!(&stored.0, boards, "kill {kill}: round {n} changed");
        }
        let allowed = st.known_rounds.len() + usize::from(st.pairing.is_some());
        assert!(
            numbers.len() >= st.acked_rounds.len() && numbers.len() <= allowed,
            "kill {kill}: {} rounds stored, {} acknowledged",
            numbers.len(),
            st.acked_rounds.len()
        );
        for ((round, board), known) in &st.results {
            let stored = rounds
                .get(round)
                .and_then(|r| r.1.get(board))
                .cloned()
                .flatten();
            assert!(
                known.allows(stored.as_deref()),
                "kill {kill}: round {round} board {board} holds {stored:?}, expected {known:?}"
            );
        }
        let records: Vec<(i64, i64, String)> = sqlx::query_as(
            "SELECT r.number, b.board_no, g.record FROM game_records g JOIN boards b ON b.id = g.board_id \
             JOIN rounds r ON r.id = b.round_id WHERE r.event_id = ?",
        )
        .bind(event)
        .fetch_all(&db)
        .await
        .unwrap();
        let stored: HashMap<(u32, u32), String> = records
            .into_iter()
            .map(|(r, b, t)| ((r as u32, b as u32), t))
            .collect();
        for (key, known) in &st.records {
            let text = stored.get(key).map(String::as_str);
            assert!(
                known.allows(text),
                "kill {kill}: record of {key:?} is {text:?}, expected {known:?}"
            );
        }
        db.close().await;
    });
}

#[test]
fn acknowledged_writes_survive_sigkill() {
    let dir = TempDir::new("crash");
    create_user(&dir, "org", "organizer");
    let token = support::token(&dir, "org");
    let (mut child, base) = serve(&dir);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into();
    let mut setup = support::Server::client_for(&base);
    setup.bearer = Some(token.clone());
    let r = setup.json(
        "POST",
        "/api/events",
        &json!({"name": "Crash test", "variant": "xiangqi", "rounds": ROUNDS}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let event = r.json()["id"].as_i64().unwrap();
    let players: Vec<Value> = (1..=PLAYERS)
        .map(|i| json!({"name": format!("棋手{i:02}"), "rating": 2000 - i}))
        .collect();
    let r = setup.json(
        "POST",
        &format!("/api/events/{event}/players"),
        &json!(players),
    );
    assert_eq!(r.status, 201, "{}", r.body);

    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    eprintln!("crash test seed {seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let shared = Arc::new(Shared {
        state: Mutex::new(State::default()),
        base: Mutex::new(base),
        token,
        event,
        stop: AtomicBool::new(false),
        acks: AtomicUsize::new(0),
        agent,
    });
    let mut workers = Vec::new();
    {
        let s = shared.clone();
        workers.push(std::thread::spawn(move || pairer(&s)));
    }
    for parity in 0..2 {
        let s = shared.clone();
        workers.push(std::thread::spawn(move || {
            typist(&s, parity, seed ^ u64::from(parity))
        }));
    }
    {
        let s = shared.clone();
        workers.push(std::thread::spawn(move || recorder(&s)));
    }

    let started = Instant::now();
    for kill in 1..=KILLS {
        // Let some writes through since the restart, then kill at a random moment.
        let before = shared.acks.load(Ordering::SeqCst);
        let wait = Instant::now();
        while shared.acks.load(Ordering::SeqCst) < before + 3 {
            assert!(
                wait.elapsed() < Duration::from_secs(30),
                "no progress after restart {kill}"
            );
            assert!(
                workers.iter().all(|w| !w.is_finished())
                    || shared
                        .state
                        .lock()
                        .unwrap()
                        .latest()
                        .is_some_and(|(n, _)| n == ROUNDS),
                "a client failed"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(u64::from(rng.next_u32() % 400)));
        child.kill().expect("SIGKILL the server");
        child.wait().unwrap();
        // Answers already on their way are read before the check.
        std::thread::sleep(Duration::from_millis(50));
        {
            let st = shared.state.lock().unwrap();
            check(&dir, event, &st, kill);
        }
        let (next, base) = serve(&dir);
        child = next;
        *shared.base.lock().unwrap() = base;
    }
    shared.stop.store(true, Ordering::SeqCst);
    for w in workers {
        w.join().expect("a client thread failed");
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let st = shared.state.lock().unwrap();
    check(&dir, event, &st, KILLS + 1);
    let acks = shared.acks.load(Ordering::SeqCst);
    eprintln!(
        "{KILLS} kills in {:.1} s: {acks} acknowledged writes, {} rounds paired",
        started.elapsed().as_secs_f64(),
        st.known_rounds.len()
    );
    assert!(
        st.acked_rounds.len() >= 2,
        "too few rounds paired to test anything"
    );
}
