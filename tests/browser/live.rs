//! Live pages in the real browser: a visitor's round page and standings follow the
//! event's stream (one EventSource) and update, without a reload, as soon as the arbiter stores a
//! result; the fallback polling is set to ten minutes, so it cannot be what updated them.

use std::time::{Duration, Instant};

use crate::driver::*;
use crate::support::{FOUR_PLAYERS, World, create_event, import_players};

#[test]
fn a_visitors_round_page_and_standings_update_when_a_result_is_stored() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-live");
    let mut org = w.login("org");
    let id = create_event(&mut org, "即時盃", "xiangqi");
    import_players(&mut org, id, FOUR_PLAYERS);
    assert_eq!(
        org.form(&format!("/events/{id}/rounds"), &[("lot", "red")])
            .status,
        303
    );
    assert_eq!(
        org.form(&format!("/events/{id}/rounds/1/publish"), &[])
            .status,
        303
    );
    let base = w.server.base.clone();
    let round = format!("{base}/events/{id}/rounds/1");

    // The fallback polling every ten minutes, then the page as a visitor sees it.
    b.goto(&round);
    b.script("localStorage.setItem('anqi-live-poll-ms', '600000');");
    b.goto(&round);
    b.wait_for("the page to follow its stream", |b| {
        b.attribute("html", "data-live").as_deref() == Some("stream")
    });
    b.script("window.sameDocument = true;");

    let stored = Instant::now();
    let r = org.form(
        &format!("/events/{id}/rounds/1/results"),
        &[("r1", "1-0"), ("v1", "0")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    b.wait_for("the result on the open round page", |b| {
        b.text("tr[data-board='1'] span.shown") == "1–0"
    });
    assert!(
        stored.elapsed() < Duration::from_secs(5),
        "updated after {:?}",
        stored.elapsed()
    );
    assert_eq!(
        b.script("return window.sameDocument === true;"),
        serde_json::Value::Bool(true),
        "updated in place, not reloaded"
    );

    // The standings follow the same way.
    b.goto(&format!("{base}/events/{id}/standings"));
    b.wait_for("the standings to follow their stream", |b| {
        b.attribute("html", "data-live").as_deref() == Some("stream")
    });
    b.script("window.sameDocument = true;");
    let before = b.text("#standings-live");
    let stored = Instant::now();
    let r = org.form(
        &format!("/events/{id}/rounds/1/results"),
        &[("r2", "0-1"), ("v2", "0")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    b.wait_for("the standings to change", |b| {
        b.text("#standings-live") != before
    });
    assert!(stored.elapsed() < Duration::from_secs(5));
    assert_eq!(
        b.script("return window.sameDocument === true;"),
        serde_json::Value::Bool(true)
    );
}
