//! Live pages (issue 19): the stream of an event's changes, `GET /events/{id}/live`, over real
//! HTTP — a stored result arrives within a second (from this server's own commit, and from a write
//! of another `anqi serve` process on the same database through the periodic version query), a
//! reconnect with `Last-Event-ID` catches up at once, heartbeats, the bound on streams per client
//! (429 in the visitor's language), unknown events refused like their pages, and nothing but the
//! version in the messages.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::json_api::api_client;
use crate::support::*;

/// One message of a stream: its fields in order (`id`, `event`, `data`, `retry`, or `:` for a
/// comment).
#[derive(Debug, Clone, PartialEq)]
struct Message(Vec<(String, String)>);

impl Message {
    fn field(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn is_heartbeat(&self) -> bool {
        self.0.iter().all(|(k, _)| k == ":")
    }

    /// The version of a change message (its `id`, which its `data` repeats).
    fn change(&self) -> Option<i64> {
        (self.field("event") == Some("change")).then_some(())?;
        self.field("id")?.parse().ok()
    }
}

/// An open stream, read over a raw socket (HTTP/1.1, chunked).
struct Stream {
    reader: BufReader<TcpStream>,
    status: u16,
    headers: Vec<(String, String)>,
    /// Body text received but not yet split into messages.
    pending: String,
    /// The body of a refusal (not a stream).
    body: String,
}

impl Stream {
    /// Opens `path` on the server at `base` with extra request headers.
    fn open(base: &str, path: &str, headers: &[(&str, &str)]) -> Stream {
        let host = base.trim_start_matches("http://");
        let socket = TcpStream::connect(host).expect("connect");
        socket
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut request = format!(
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip, br\r\n"
        );
        for (k, v) in headers {
            request.push_str(&format!("{k}: {v}\r\n"));
        }
        request.push_str("\r\n");
        (&socket).write_all(request.as_bytes()).unwrap();
        let mut reader = BufReader::new(socket);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("status line: {line:?}"));
        let mut headers = Vec::new();
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let (k, v) = l.split_once(':').unwrap();
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
        let mut stream = Stream {
            reader,
            status,
            headers,
            pending: String::new(),
            body: String::new(),
        };
        if status != 200 {
            // A refusal: read its whole (small) body.
            while let Some(chunk) = stream.chunk() {
                stream.body.push_str(&chunk);
            }
        }
        stream
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The next chunk of a chunked body; `None` at its end (or on a timeout).
    fn chunk(&mut self) -> Option<String> {
        if self.header("transfer-encoding") != Some("chunked") {
            let n: usize = self.header("content-length")?.parse().ok()?;
            if n == 0 || !self.body.is_empty() {
                return None;
            }
            let mut buf = vec![0; n];
            self.reader.read_exact(&mut buf).ok()?;
            return Some(String::from_utf8(buf).unwrap());
        }
        let mut size = String::new();
        self.reader.read_line(&mut size).ok()?;
        let n = usize::from_str_radix(size.trim(), 16).ok()?;
        let mut buf = vec![0; n + 2];
        self.reader.read_exact(&mut buf).ok()?;
        if n == 0 {
            return None;
        }
        buf.truncate(n);
        Some(String::from_utf8(buf).unwrap())
    }

    /// The next message within `within`, or `None`.
    fn next(&mut self, within: Duration) -> Option<Message> {
        let until = Instant::now() + within;
        loop {
            if let Some(end) = self.pending.find("\n\n") {
                let text: String = self.pending.drain(..end + 2).collect();
                let fields = text
                    .lines()
                    .filter(|l| !l.is_empty())
                    .map(|l| match l.strip_prefix(':') {
                        Some(comment) => (":".to_string(), comment.trim().to_string()),
                        None => {
                            let (k, v) = l.split_once(':').unwrap_or((l, ""));
                            (k.to_string(), v.trim_start().to_string())
                        }
                    })
                    .collect();
                return Some(Message(fields));
            }
            let left = until.checked_duration_since(Instant::now())?;
            self.reader
                .get_ref()
                .set_read_timeout(Some(left.max(Duration::from_millis(1))))
                .unwrap();
            let chunk = self.chunk()?;
            self.pending.push_str(&chunk);
        }
    }

    /// The next change message within `within` (heartbeats skipped), with when it arrived.
    fn next_change(&mut self, within: Duration) -> Option<(i64, Message)> {
        let until = Instant::now() + within;
        loop {
            let left = until.checked_duration_since(Instant::now())?;
            let m = self.next(left)?;
            if let Some(v) = m.change() {
                return Some((v, m));
            }
        }
    }
}

/// A stream's opening message: the reconnect delay and the current version as the last event id.
fn opening(stream: &mut Stream) -> (i64, Message) {
    let m = stream
        .next(Duration::from_secs(2))
        .expect("the opening message");
    assert!(m.field("retry").is_some(), "{m:?}");
    let version = m.field("id").expect("the version as id").parse().unwrap();
    (version, m)
}

/// An event of four players with round 1 paired and published through the API; returns its id and
/// the organizer's API client.
fn event_with_round(w: &World) -> (i64, Client) {
    let mut org = api_client(w, "org");
    let id = org
        .json(
            "POST",
            "/api/events",
            &json!({"name": "Live", "variant": "xiangqi"}),
        )
        .json()["id"]
        .as_i64()
        .unwrap();
    let players: Vec<_> = (0..4)
        .map(|i| json!({"name": format!("P{i}"), "rating": 1800 - i}))
        .collect();
    let r = org.json(
        "POST",
        &format!("/api/events/{id}/players"),
        &json!(players),
    );
    assert!((200..300).contains(&r.status), "{}", r.body);
    assert_eq!(
        org.json("POST", &format!("/api/events/{id}/rounds"), &json!({}))
            .status,
        201
    );
    (id, org)
}

fn live_settings(
    poll_ms: u64,
    heartbeat_ms: u64,
    per_client: usize,
) -> impl FnOnce(&mut anqi::web::Config) + Send + 'static {
    move |config| {
        config.live = anqi::service::live::Settings {
            poll: Duration::from_millis(poll_ms),
            heartbeat: Duration::from_millis(heartbeat_ms),
            per_client,
        }
    }
}

#[test]
fn a_result_stored_through_the_api_reaches_the_open_stream_within_a_second() {
    // The periodic query is slow here: what arrives in time came from the commit's notification.
    let w = World::configured("live-result", live_settings(30_000, 60_000, 8));
    let (id, mut org) = event_with_round(&w);
    let mut stream = Stream::open(&w.server.base, &format!("/events/{id}/live"), &[]);
    assert_eq!(stream.status, 200);
    assert_eq!(stream.header("content-type"), Some("text/event-stream"));
    let cache = stream.header("cache-control").unwrap_or("");
    assert!(cache.contains("no-store"), "cache-control: {cache}");
    assert!(
        matches!(stream.header("content-encoding"), None | Some("identity")),
        "not compressed"
    );
    let (before, first) = opening(&mut stream);
    assert_eq!(first.change(), None, "no change to act on: {first:?}");
    assert!(before > 0);

    let stored = Instant::now();
    let r = org.json(
        "PUT",
        &format!("/api/events/{id}/rounds/1/boards/1/result"),
        &json!({"result": "1-0"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let (version, message) = stream
        .next_change(Duration::from_secs(1))
        .expect("the change within a second");
    let took = stored.elapsed();
    assert!(took < Duration::from_secs(1), "took {took:?}");
    assert!(version > before);
    // The message carries the version and nothing else.
    let data: serde_json::Value = serde_json::from_str(message.field("data").unwrap()).unwrap();
    assert_eq!(data, json!({ "version": version }));
    assert_eq!(
        message
            .0
            .iter()
            .map(|(k, _)| k.as_str())
            .collect::<Vec<_>>(),
        ["id", "event", "data"]
    );
    // The page a visitor then fetches shows the result.
    let page = w.server.client().get(&format!("/events/{id}/rounds/1"));
    assert_eq!(
        html::text(&page.body, "tr[data-board='1'] .shown").as_deref(),
        Some("1–0")
    );
}

/// A second `anqi serve` process on the same database, killed on drop.
struct OtherProcess {
    child: Child,
    base: String,
}

impl OtherProcess {
    fn start(dir: &TempDir) -> OtherProcess {
        OtherProcess::start_with(dir, &[])
    }

    /// Started with more `anqi serve` options.
    fn start_with(dir: &TempDir, options: &[&str]) -> OtherProcess {
        let url = dir.database_url();
        let mut args = vec!["serve", "--database-url", &url, "--bind", "127.0.0.1:0"];
        args.extend_from_slice(options);
        let mut child = Command::new(anqi_bin())
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start a second anqi serve");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        let base = loop {
            line.clear();
            assert!(out.read_line(&mut line).unwrap() > 0, "anqi serve ended");
            if let Some(rest) = line.strip_prefix("Anqi is serving at ") {
                break rest.split('/').take(3).collect::<Vec<_>>().join("/");
            }
        };
        OtherProcess { child, base }
    }
}

impl Drop for OtherProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_result_stored_by_another_process_reaches_the_stream_through_the_version_query() {
    let w = World::configured("live-other", live_settings(200, 60_000, 8));
    let (id, org) = event_with_round(&w);
    let other = OtherProcess::start(&w.dir);
    let mut stream = Stream::open(&w.server.base, &format!("/events/{id}/live"), &[]);
    let (before, _) = opening(&mut stream);
    // The same token works on the other process: it is in the database.
    let mut through_other = Server::client_for(&other.base);
    through_other.bearer = org.bearer.clone();
    let stored = Instant::now();
    let r = through_other.json(
        "PUT",
        &format!("/api/events/{id}/rounds/1/boards/2/result"),
        &json!({"result": "0-1"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let (version, _) = stream
        .next_change(Duration::from_secs(1))
        .expect("the other process's change within a second");
    assert!(version > before);
    assert!(stored.elapsed() < Duration::from_secs(1));
}

#[test]
fn a_reconnect_with_an_older_last_event_id_gets_the_change_at_once() {
    let w = World::configured("live-reconnect", live_settings(30_000, 60_000, 8));
    let (id, mut org) = event_with_round(&w);
    let path = format!("/events/{id}/live");
    let (current, _) = opening(&mut Stream::open(&w.server.base, &path, &[]));

    // Up to date: the opening message sets the id and announces nothing.
    let seen = current.to_string();
    let mut up_to_date = Stream::open(&w.server.base, &path, &[("Last-Event-ID", &seen)]);
    let (v, m) = opening(&mut up_to_date);
    assert_eq!((v, m.change()), (current, None));

    // A result stored while the page was away: the reconnect gets it in its first message.
    org.json(
        "PUT",
        &format!("/api/events/{id}/rounds/1/boards/1/result"),
        &json!({"result": "1/2-1/2"}),
    );
    let mut behind = Stream::open(&w.server.base, &path, &[("Last-Event-ID", &seen)]);
    let (v, m) = opening(&mut behind);
    assert!(v > current);
    assert_eq!(m.change(), Some(v), "{m:?}");

    // A page's first connection says the version it was rendered at with `?since=`.
    let mut since = Stream::open(&w.server.base, &format!("{path}?since={current}"), &[]);
    assert_eq!(opening(&mut since).1.change(), Some(v));
    // The live pages name that version on their script tag.
    let page = w.server.client().get(&format!("/events/{id}/standings"));
    assert_eq!(
        html::attrs(&page.body, "script[data-event]", "data-version"),
        [v.to_string()]
    );
}

#[test]
fn a_silent_stream_sends_heartbeats() {
    let w = World::configured("live-heartbeat", live_settings(30_000, 200, 8));
    let (id, _) = event_with_round(&w);
    let mut stream = Stream::open(&w.server.base, &format!("/events/{id}/live"), &[]);
    opening(&mut stream);
    for _ in 0..2 {
        let m = stream
            .next(Duration::from_secs(1))
            .expect("a heartbeat within a second");
        assert!(m.is_heartbeat(), "{m:?}");
    }
}

#[test]
fn a_client_address_holds_at_most_its_bound_of_streams() {
    let w = World::configured("live-bound", live_settings(30_000, 100, 2));
    let (id, _) = event_with_round(&w);
    let path = format!("/events/{id}/live");
    let mut a = Stream::open(&w.server.base, &path, &[]);
    let mut b = Stream::open(&w.server.base, &path, &[]);
    opening(&mut a);
    opening(&mut b);
    let refused = Stream::open(&w.server.base, &path, &[("Accept-Language", "zh-Hant")]);
    assert_eq!(refused.status, 429);
    assert!(refused.body.contains("即時頁面"), "{}", refused.body);
    assert!(refused.body.contains('2'), "{}", refused.body);
    let refused = Stream::open(&w.server.base, &path, &[("Accept-Language", "en")]);
    assert_eq!(refused.status, 429);
    assert!(refused.body.contains("live pages"), "{}", refused.body);
    // A closed stream gives its place back (the server notices at its next heartbeat).
    drop(a);
    let until = Instant::now() + Duration::from_secs(3);
    loop {
        let mut again = Stream::open(&w.server.base, &path, &[]);
        if again.status == 200 {
            opening(&mut again);
            break;
        }
        assert!(Instant::now() < until, "the place was not given back");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn streams_of_unknown_events_are_refused_like_their_pages() {
    let w = World::configured("live-unknown", live_settings(30_000, 60_000, 8));
    let mut visitor = w.server.client();
    for id in ["999", "abc", "-1"] {
        let page = visitor.get(&format!("/events/{id}/standings"));
        let stream = Stream::open(&w.server.base, &format!("/events/{id}/live"), &[]);
        assert_eq!(page.status, 404, "page of {id}");
        assert_eq!(stream.status, page.status, "stream of {id}");
        assert_ne!(stream.header("content-type"), Some("text/event-stream"));
    }
}

#[test]
fn a_draft_round_shows_on_the_stream_only_as_a_new_version() {
    let w = World::configured("live-draft", live_settings(30_000, 60_000, 8));
    let (id, mut org) = event_with_round(&w);
    for board in [1, 2] {
        org.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{board}/result"),
            &json!({"result": "1-0"}),
        );
    }
    let mut stream = Stream::open(&w.server.base, &format!("/events/{id}/live"), &[]);
    let (before, _) = opening(&mut stream);
    // The organizer pairs round 2 as a draft on the page: secret to the public.
    let mut web = w.login("org");
    assert_eq!(web.form(&format!("/events/{id}/rounds"), &[]).status, 303);
    let (version, message) = stream
        .next_change(Duration::from_secs(1))
        .expect("a change");
    assert!(version > before);
    assert_eq!(
        message.0,
        [
            ("id".to_string(), version.to_string()),
            ("event".to_string(), "change".to_string()),
            ("data".to_string(), format!("{{\"version\":{version}}}")),
        ]
    );
    assert_eq!(
        w.server
            .client()
            .get(&format!("/events/{id}/rounds/2"))
            .status,
        404
    );
}

#[test]
fn anqi_serve_ends_its_streams_and_exits_promptly_on_sigterm() {
    let w = World::configured("live-shutdown", live_settings(30_000, 60_000, 8));
    let (id, _) = event_with_round(&w);
    let mut serving = OtherProcess::start_with(
        &w.dir,
        &["--live-heartbeat-secs", "1", "--live-per-client", "1"],
    );
    let path = format!("/events/{id}/live");
    let mut stream = Stream::open(&serving.base, &path, &[]);
    opening(&mut stream);
    // The settings of `anqi serve` are in force: a heartbeat after a second, one stream per client.
    let m = stream.next(Duration::from_secs(3)).expect("a heartbeat");
    assert!(m.is_heartbeat(), "{m:?}");
    assert_eq!(Stream::open(&serving.base, &path, &[]).status, 429);

    let asked = Instant::now();
    let pid = serving.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    // The stream ends (the body's last chunk), and the server does not wait for it to stop.
    assert_eq!(stream.next(Duration::from_secs(5)), None);
    let until = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = serving.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < until, "anqi serve still runs");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "stopped after {:?}",
        asked.elapsed()
    );
}
