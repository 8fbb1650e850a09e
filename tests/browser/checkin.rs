//! Check-in (檢錄) in a real browser at a phone's width (issue 35): the arbiter ticks one player
//! present and a code scanner — which types the player page's address into the search box and
//! presses Enter — checks another in, confirmed by name; typing a name filters the list; the page
//! fits the phone.

use crate::driver::*;
use crate::support::{PASSWORD, World, event};

#[test]
fn staff_tick_one_player_and_scan_another_on_a_phone() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-checkin");
    let id = event("檢錄賽", "xiangqi")
        .players(4)
        .arbiter("arb")
        .build(&w);
    let base = w.server.base.clone();
    b.sign_in(&base, "arb", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back=/events/{id}/checkin"));
    b.wait_for("the check-in page", |b| b.find("#checkin-list").is_ok());
    assert_eq!(b.text("#checkin-count"), "0");
    fits_the_phone(&b, "the check-in page");

    // A tick: player 1 present, without leaving the page.
    b.click("#checkin-list li[data-start='1'] button.tick");
    b.wait_for("player 1 ticked", |b| {
        b.find("#checkin-list li[data-start='1'].present").is_ok()
    });
    assert_eq!(b.text("#checkin-count"), "1");
    assert!(
        !b.url().contains("marked"),
        "the tick is sent without leaving the page: {}",
        b.url()
    );

    // Typing a name filters the list as one types.
    b.type_into("#checkin-q", "棋手02");
    b.wait_for("the list filtered", |b| {
        b.script("return [...document.querySelectorAll('#checkin-list li')].filter(l => !l.hidden).map(l => l.dataset.start)")
            == serde_json::json!(["3"])
    });

    // The scanner: the address of player 2's page, then Enter.
    b.type_into(
        "#checkin-q",
        &format!("{base}/events/{id}/players/2\u{E007}"),
    );
    b.wait_for("player 2 checked in by the scan", |b| {
        b.find("#checkin-confirm").is_ok()
    });
    let confirm = b.text("#checkin-confirm");
    assert!(
        confirm.contains("2. 棋手01") && confirm.contains("已檢錄"),
        "{confirm}"
    );
    assert!(b.find("#checkin-list li[data-start='2'].present").is_ok());
    assert_eq!(b.text("#checkin-count"), "2");
    assert_eq!(
        b.value("#checkin-q"),
        "",
        "the box is ready for the next scan"
    );
    fits_the_phone(&b, "the check-in page after a scan");
}
