//! A server that one attacker cannot bring down: the bound on password checks and the memory a
//! burst of wrong logins costs, request bodies under a deadline, requests in flight per client, and
//! the open-file limit raised at start. Each test runs `anqi serve` as its own process, so its
//! memory and limits are measured alone.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use crate::support::*;

/// A field of `/proc/<pid>/status` in kB (`VmHWM`, `VmRSS`).
fn status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("{field} in {status}"))
}

fn host(base: &str) -> &str {
    base.trim_start_matches("http://")
}

/// Sends one raw request and reads the answer's status line and headers (the connection closes).
fn raw(base: &str, request: &str) -> String {
    let mut s = TcpStream::connect(host(base)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer
}

/// A wrong-password login from `client` (as a trusted proxy on 127.0.0.1 says).
fn wrong_login(base: &str, client: &str) -> String {
    let body = "name=nobody&password=wrong-password&csrf=x";
    raw(
        base,
        &format!(
            "POST /login HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Cookie: anqi_csrf=x\r\nX-Forwarded-For: {client}\r\nConnection: close\r\n\
             Content-Length: {}\r\n\r\n{body}",
            host(base),
            body.len()
        ),
    )
}

fn status_of(answer: &str) -> u16 {
    answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// 64 wrong logins at once from 64 addresses: at most 2 checks run at once (19 MiB each), the
/// queue's overflow is answered 503 with `Retry-After` at once, the peak memory stays far below
/// 64 checks' (1.2 GB), and the memory is given back after the burst.
#[test]
fn a_burst_of_wrong_logins_is_bounded_in_checks_and_memory() {
    let dir = TempDir::new("login-burst");
    let serving = ServeProcess::start_with(
        &dir,
        &["--password-checks", "2", "--trusted-proxies", "127.0.0.1"],
    );
    let pid = serving.child.id();
    let before = status_kb(pid, "VmRSS");
    let start = Arc::new(Barrier::new(64));
    let answers: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..64)
            .map(|i| {
                let (base, start) = (serving.base.clone(), start.clone());
                s.spawn(move || {
                    start.wait();
                    wrong_login(&base, &format!("10.20.{}.{}", i / 200, i % 200 + 1))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let busy: Vec<&String> = answers.iter().filter(|a| status_of(a) == 503).collect();
    let checked = answers.iter().filter(|a| status_of(a) == 401).count();
    assert_eq!(
        busy.len() + checked,
        64,
        "{:?}",
        answers.iter().map(|a| status_of(a)).collect::<Vec<_>>()
    );
    assert!(!busy.is_empty(), "no login was refused for busy checks");
    assert!(
        busy.iter()
            .all(|a| a.to_ascii_lowercase().contains("retry-after: ")),
        "{}",
        busy[0]
    );
    let peak = status_kb(pid, "VmHWM");
    assert!(
        peak < before + 120 * 1024,
        "peak RSS {} MB from {} MB",
        peak / 1024,
        before / 1024
    );
    // Given back: the checks' memory does not stay with the process.
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let now = status_kb(pid, "VmRSS");
        if now < before + 30 * 1024 {
            break;
        }
        assert!(
            Instant::now() < until,
            "RSS {} MB after the burst, {} MB before",
            now / 1024,
            before / 1024
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// A body that drips one byte at a time is ended at its deadline: the server answers and closes
/// the connection instead of holding it (and its file) for ever.
#[test]
fn a_slow_request_body_is_cut_off() {
    let dir = TempDir::new("slow-body");
    let serving =
        ServeProcess::start_with(&dir, &["--body-grace-secs", "1", "--body-min-rate", "100"]);
    let mut s = TcpStream::connect(host(&serving.base)).unwrap();
    s.write_all(
        b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\
          Content-Length: 100000\r\n\r\n",
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    let closed = loop {
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "still open after {:?}",
            started.elapsed()
        );
        if s.write_all(b"a").is_err() {
            break true;
        }
        let mut buf = [0u8; 4096];
        match s.read(&mut buf) {
            Ok(0) => break true,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break true,
        }
    };
    assert!(closed);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.is_empty() || status_of(&answer) == 400, "{answer}");
}

/// A client holding its bound of requests in flight (slow uploads) gets 503 with `Retry-After` for
/// the next at once, and its places back when they end.
#[test]
fn a_client_has_a_bounded_number_of_requests_in_flight() {
    let dir = TempDir::new("per-client");
    let serving = ServeProcess::start_with(
        &dir,
        &["--requests-per-client", "2", "--body-grace-secs", "60"],
    );
    let slow: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = TcpStream::connect(host(&serving.base)).unwrap();
            s.write_all(
                b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                  Content-Length: 100000\r\n\r\nname=",
            )
            .unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let refused = raw(
        &serving.base,
        "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status_of(&refused), 503, "{refused}");
    assert!(
        refused.to_ascii_lowercase().contains("retry-after: "),
        "{refused}"
    );
    drop(slow);
    let until = Instant::now() + Duration::from_secs(3);
    loop {
        let again = raw(
            &serving.base,
            "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        );
        if status_of(&again) == 200 {
            break;
        }
        assert!(Instant::now() < until, "{again}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Started with the soft open-file limit a unit without `LimitNOFILE` gets (1024), the server
/// raises it to the hard limit: every connection and stream is a file.
#[test]
fn the_open_file_limit_is_raised_at_start() {
    let hard: u64 = String::from_utf8(
        Command::new("sh")
            .args(["-c", "ulimit -Hn"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap()
    .trim()
    .parse()
    .unwrap_or(u64::MAX);
    if hard <= 1024 {
        eprintln!("skipped: the hard open-file limit is {hard}");
        return;
    }
    let dir = TempDir::new("nofile");
    let url = dir.database_url();
    let mut child = Command::new("sh")
        .args([
            "-c",
            "ulimit -Sn 1024 && exec \"$0\" serve --database-url \"$1\" --bind 127.0.0.1:0",
            anqi_bin(),
            &url,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("Anqi is serving") {
        line.clear();
        assert!(std::io::BufRead::read_line(&mut out, &mut line).unwrap() > 0);
    }
    let limits = std::fs::read_to_string(format!("/proc/{}/limits", child.id())).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let soft: u64 = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|v| v.parse().ok())
        .unwrap();
    assert!(soft > 1024, "{limits}");
}

/// A shuffle of `plies` plies (cannons back and forth, never a capture).
fn shuffle(plies: usize) -> String {
    let cycle = ["h2e2", "h7e7", "e2h2", "e7h7"];
    let moves: Vec<&str> = cycle.iter().cycle().take(plies).copied().collect();
    format!("{} *\n", moves.join(" "))
}

/// A record longer than `MAX_PLIES` is refused at submission, by the form and the API, naming its
/// plies and the limit; one of exactly `MAX_PLIES` is judged.
#[test]
fn a_record_longer_than_the_ply_cap_is_refused_at_submission() {
    let limit = anqi::rules::adjudicate::MAX_PLIES;
    let w = World::new("ply-cap");
    let id = crate::deals::setup(&w, "xiangqi", 2);
    let mut arb = w.login("arb");
    crate::deals::pair_and_publish(&mut arb, id, 1);
    let form = format!("/events/{id}/rounds/1/boards/1/record");
    let r = arb.form(&form, &[("game", "1"), ("record", &shuffle(limit + 1))]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains(&format!("{}", limit + 1)), "{}", r.body);
    let mut api = crate::json_api::api_client(&w, "arb");
    let r = api.send(
        "POST",
        &format!("/api/events/{id}/rounds/1/boards/1/record"),
        "text/plain",
        shuffle(limit + 1),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains(&limit.to_string()), "{}", r.body);
    let r = arb.form(&form, &[("game", "1"), ("record", &shuffle(limit))]);
    assert_eq!(r.status, 303, "{}", r.body);
}

/// A backup whose record is longer than the cap is refused, naming the table, row and column: the
/// start-up re-adjudication never meets such a record.
#[test]
fn an_import_with_a_record_past_the_ply_cap_is_refused() {
    let limit = anqi::rules::adjudicate::MAX_PLIES;
    let w = World::new("ply-cap-import");
    let id = crate::deals::setup(&w, "xiangqi", 2);
    let mut arb = w.login("arb");
    crate::deals::pair_and_publish(&mut arb, id, 1);
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", "h2e2 h7e7 *")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let backup = w
        .login("org")
        .get(&format!("/events/{id}/export.json"))
        .body;
    let mut crafted: serde_json::Value = serde_json::from_str(&backup).unwrap();
    crafted["tables"]["game_records"][0]["record"] = shuffle(limit + 1).into();
    crafted["tables"]["game_records"][0]["rules_version"] = 0.into();
    crafted["tables"]["events"][0]["name"] = "Crafted".into();
    let mut admin = w.login("admin");
    let r = admin.form("/events/import", &[("backup", &crafted.to_string())]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("game_records row 1"), "{}", r.body);
    assert!(r.body.contains(&limit.to_string()), "{}", r.body);
}

/// HEAD answers as GET without a body (monitors ask it), on pages and `/health`.
#[test]
fn head_answers_as_get_without_a_body() {
    let w = World::new("head");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Head", "xiangqi");
    for path in ["/".to_string(), "/health".into(), format!("/events/{id}")] {
        let answer = raw(
            &w.server.base,
            &format!("HEAD {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        );
        assert_eq!(status_of(&answer), 200, "{path}: {answer}");
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or("");
        assert!(body.is_empty(), "{path}: {body}");
    }
}

/// Signed-in renders are `private, no-store`; pages that one URL serves to both say `Vary: Cookie`.
#[test]
fn signed_in_pages_are_private_and_pages_vary_by_cookie() {
    let w = World::new("cache-headers");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Headers", "xiangqi");
    let path = format!("/events/{id}/standings");
    let signed = org.get(&path);
    assert_eq!(signed.cache_control, "private, no-store");
    assert!(
        signed
            .header_values("vary")
            .iter()
            .any(|v| v.contains("Cookie"))
    );
    let anon = w.server.client().get(&path);
    assert_eq!(anon.cache_control, "");
    assert!(
        anon.header_values("vary")
            .iter()
            .any(|v| v.contains("Cookie"))
    );
}

/// With the database gone, `/health` answers 503 at once (a proxy can tell), not 500 after the
/// pool's timeout.
#[test]
fn health_answers_503_at_once_without_the_database() {
    let w = World::new("health-down");
    w.server.on_db(|db| async move { db.close().await });
    let started = Instant::now();
    let r = w.server.client().get("/health");
    assert_eq!(r.status, 503, "{}", r.body);
    assert!(!r.header_values("retry-after").is_empty());
    assert!(started.elapsed() < Duration::from_secs(3));
}

/// Invisible and tag characters are refused in names through the API, as NUL and bidi controls
/// are: every typed name goes through one cleaning function.
#[test]
fn invisible_and_tag_characters_are_refused_in_names() {
    let w = World::new("invisible");
    let mut org = crate::json_api::api_client(&w, "org");
    for name in ["A\u{200B}B", "A\u{FEFF}B", "A\u{E0041}B"] {
        let r = org.json(
            "POST",
            "/api/events",
            &serde_json::json!({"name": name, "variant": "jieqi"}),
        );
        assert_eq!(r.status, 400, "{name:?}: {}", r.body);
    }
    let r = org.json(
        "POST",
        "/api/events",
        &serde_json::json!({"name": "Clean", "variant": "jieqi"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = org.json(
        "POST",
        &format!("/api/events/{id}/players"),
        &serde_json::json!([{"name": "P\u{200B}1", "rating": 1500}]),
    );
    assert_eq!(r.status, 400, "{}", r.body);
}
