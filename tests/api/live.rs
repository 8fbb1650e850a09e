//! Live pages: the stream of an event's changes, `GET /events/{id}/live`, over real
//! HTTP — a stored result arrives within a second (from this server's own commit, and from a write
//! of another `anqi serve` process on the same database through the periodic version query), a
//! reconnect with `Last-Event-ID` catches up at once, heartbeats, the bound on streams per client
//! (429 in the visitor's language), unknown events refused like their pages, the streams of a
//! deleted event ended, and nothing but the version in the messages.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::json_api::event_with_round;
use crate::sse::{Stream, opening};
use crate::support::*;

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
            ..Default::default()
        }
    }
}

#[test]
fn a_result_stored_through_the_api_reaches_the_open_stream_within_a_second() {
    // The periodic query is slow here: what arrives in time came from the commit's notification.
    let w = World::configured("live-result", live_settings(30_000, 60_000, 8));
    let (id, mut org) = event_with_round(&w, "Live");
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

#[test]
fn a_result_stored_by_another_process_reaches_the_stream_through_the_version_query() {
    let w = World::configured("live-other", live_settings(200, 60_000, 8));
    let (id, org) = event_with_round(&w, "Live");
    let other = ServeProcess::start(&w.dir);
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
    let (id, mut org) = event_with_round(&w, "Live");
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
    let (id, _) = event_with_round(&w, "Live");
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
    let (id, _) = event_with_round(&w, "Live");
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

/// Streams are bounded in all, whatever the addresses: beyond the bound 503 with `Retry-After`, so
/// pages and the database keep their files; clients of one IPv6 /64 count as one.
#[test]
fn the_server_holds_at_most_its_bound_of_streams_in_all() {
    let w = World::configured("live-total", |config| {
        config.live = anqi::service::live::Settings {
            poll: Duration::from_millis(30_000),
            heartbeat: Duration::from_millis(100),
            per_client: 2,
            total: 3,
        };
        config.network = anqi::web::client::Network {
            trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
            secure_cookies: false,
        };
    });
    let (id, _) = event_with_round(&w, "Live");
    let path = format!("/events/{id}/live");
    let from = |addr: &'static str| [("X-Forwarded-For", addr), ("Accept-Language", "en")];
    let mut open = Vec::new();
    for addr in ["10.7.0.1", "10.7.0.2", "10.7.0.3"] {
        let mut s = Stream::open(&w.server.base, &path, &from(addr));
        assert_eq!(s.status, 200, "{addr}: {}", s.body);
        opening(&mut s);
        open.push(s);
    }
    let refused = Stream::open(&w.server.base, &path, &from("10.7.0.4"));
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert!(refused.header("retry-after").is_some());
    assert!(refused.body.contains("live pages"), "{}", refused.body);
    drop(open);
    // Two addresses of one /64 are one client: its third stream is refused by the per-client bound.
    let until = Instant::now() + Duration::from_secs(3);
    let mut held = Vec::new();
    for addr in ["2001:db8:5:6::1", "2001:db8:5:6:ffff::2"] {
        loop {
            let mut s = Stream::open(&w.server.base, &path, &from(addr));
            if s.status == 200 {
                opening(&mut s);
                held.push(s);
                break;
            }
            assert!(Instant::now() < until, "the places were not given back");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    let third = Stream::open(&w.server.base, &path, &from("2001:db8:5:6:1234::3"));
    assert_eq!(third.status, 429, "{}", third.body);
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
fn a_draft_round_moves_only_the_arbiters_stream_and_the_public_version_stays() {
    let w = World::configured("live-draft", live_settings(30_000, 60_000, 8));
    let (id, mut org) = event_with_round(&w, "Live");
    for board in [1, 2] {
        org.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{board}/result"),
            &json!({"result": "1-0"}),
        );
    }
    let path = format!("/events/{id}/live");
    let mut public = Stream::open(&w.server.base, &path, &[]);
    let (public_before, _) = opening(&mut public);
    let session = w.server.session_for("org").expect("org's session");
    let cookie = format!("anqi_session={session}");
    let mut staff = Stream::open(&w.server.base, &path, &[("Cookie", cookie.as_str())]);
    let (staff_before, _) = opening(&mut staff);
    let shown = |c: &mut Client| {
        let page = c.get(&format!("/events/{id}/standings"));
        html::attrs(&page.body, "script[data-version]", "data-version")
    };
    let page_before = shown(&mut w.server.client());
    assert_eq!(page_before, [public_before.to_string()]);
    // The organizer pairs round 2 as a draft on the page: secret to the public.
    let mut web = w.login("org");
    assert_eq!(web.form(&format!("/events/{id}/rounds"), &[]).status, 303);
    let (version, message) = staff
        .next_change(Duration::from_secs(1))
        .expect("the organizer's stream tells of the draft");
    assert!(version > staff_before);
    assert_eq!(
        message.0,
        [
            ("id".to_string(), version.to_string()),
            ("event".to_string(), "change".to_string()),
            ("data".to_string(), format!("{{\"version\":{version}}}")),
        ]
    );
    assert_eq!(
        shown(&mut web),
        [version.to_string()],
        "the organizer's page"
    );
    assert!(
        public.next_change(Duration::from_millis(600)).is_none(),
        "the public stream does not tell of a draft"
    );
    assert_eq!(shown(&mut w.server.client()), page_before);
    assert_eq!(
        w.server
            .client()
            .get(&format!("/events/{id}/rounds/2"))
            .status,
        404
    );
    // Another event's writes leave this event's public version as it was; its publication moves
    // it by one.
    let (other, mut other_org) = event_with_round(&w, "Live");
    let r = other_org.json(
        "PUT",
        &format!("/api/events/{other}/rounds/1/boards/1/result"),
        &json!({"result": "1-0"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(public.next_change(Duration::from_millis(400)).is_none());
    let r = web.form(&format!("/events/{id}/rounds/2/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let (after, _) = public
        .next_change(Duration::from_secs(1))
        .expect("the publication reaches the public stream");
    assert_eq!(
        after,
        public_before + 1,
        "one public change, no gaps for hidden ones"
    );
}

#[test]
fn the_streams_of_an_event_deleted_while_they_are_open_end_promptly() {
    // The periodic query is slow here: what ends the stream in time is the delete's commit.
    let w = World::configured("live-delete", live_settings(30_000, 60_000, 8));
    let mut org = w.login("org");
    let id = create_event(&mut org, "Mistake", "xiangqi");
    assert_eq!(
        org.form(&format!("/events/{id}/players"), &[("name", "甲")])
            .status,
        303
    );
    let path = format!("/events/{id}/live");
    let mut here = Stream::open(&w.server.base, &path, &[]);
    assert_eq!(here.status, 200);
    opening(&mut here);
    // Another `anqi serve` on the same database learns of the delete too (its version query on
    // SQLite, the notification on PostgreSQL).
    let other = ServeProcess::start_with(&w.dir, &["--live-poll-ms", "200"]);
    let mut there = Stream::open(&other.base, &path, &[]);
    assert_eq!(there.status, 200);
    opening(&mut there);
    assert!(
        !here.ends_within(Duration::from_millis(300)),
        "open while the event exists"
    );

    // The organizer deletes it before round 1, with the reason and the confirmation.
    let deleted = Instant::now();
    let r = org.form(
        &format!("/events/{id}/delete"),
        &[("reason", "entered twice"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(
        here.ends_within(Duration::from_secs(1)),
        "the stream still open {:?} after the delete",
        deleted.elapsed()
    );
    assert!(
        there.ends_within(Duration::from_secs(2)),
        "the other process's stream still open {:?} after the delete",
        deleted.elapsed()
    );
    // A reconnect gets what the event's pages get.
    assert_eq!(w.server.client().get(&format!("/events/{id}")).status, 404);
    assert_eq!(Stream::open(&w.server.base, &path, &[]).status, 404);
}

#[test]
fn anqi_serve_ends_its_streams_and_exits_promptly_on_sigterm() {
    let w = World::configured("live-shutdown", live_settings(30_000, 60_000, 8));
    let (id, _) = event_with_round(&w, "Live");
    let mut serving = ServeProcess::start_with(
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
