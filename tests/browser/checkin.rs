//! Check-in (檢錄) in a real browser at a phone's width (issue 35): the arbiter ticks one player
//! present and a code scanner — which types the player page's address into the search box and
//! presses Enter — checks another in, confirmed by name; typing a name filters the list; the page
//! fits the phone. Round 1 waits on check-in: the pairing is refused beside the form naming the
//! player not checked in, then paired with the arbiter's choice (a zero-point absence by the engine,
//! a withdrawal by hand), the choice in the log.

use crate::driver::*;
use crate::support::{PASSWORD, World, event};

/// The sheet of [`event`]'s `players(6)`: start number `n` is 棋手0`n-1`.
const PLAYERS: usize = 6;

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

/// Sets the section's check-in rule to round 1 with the organizer's timetable form, in the browser.
fn organizer_requires_check_in_for_round_one(b: &Browser, base: &str, id: i64) {
    b.sign_in(base, "org", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/events/{id}/timetable"));
    choose(b, "#timetable-checkin", "round1");
    b.click("#timetable-save");
    b.wait_for("the timetable saved", |b| {
        b.find("#timetable-saved").is_ok()
    });
}

/// The pairing form's refusal, waited for, after checking it stands in that form.
fn refusal_beside_the_pairing_form(b: &Browser) -> String {
    b.wait_for("the refusal beside the pairing form", |b| {
        b.find("#pair-error").is_ok()
    });
    let form = b.script("return document.querySelector('#pair-error').closest('form').id || document.querySelector('#pair-error').closest('form').getAttribute('action')");
    assert!(
        form.as_str().is_some_and(|a| a.ends_with("/rounds")),
        "the refusal stands in the pairing form: {form}"
    );
    b.text("#pair-error")
}

#[test]
fn round_one_waits_for_check_in_and_leaves_the_missing_player_out_on_a_phone() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-checkin-pair");
    let id = event("檢錄編排賽", "xiangqi")
        .players(PLAYERS)
        .arbiter("arb")
        .build(&w);
    let base = w.server.base.clone();
    organizer_requires_check_in_for_round_one(&b, &base, id);

    // Five of the six ticked present on the check-in page; 6. 棋手05 is not.
    b.sign_in(&base, "arb", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back=/events/{id}/checkin"));
    b.wait_for("the check-in page", |b| b.find("#checkin-list").is_ok());
    for s in 1..PLAYERS {
        b.click(&format!("#checkin-list li[data-start='{s}'] button.tick"));
        b.wait_for(&format!("player {s} ticked"), |b| {
            b.find(&format!("#checkin-list li[data-start='{s}'].present"))
                .is_ok()
        });
    }
    assert_eq!(b.text("#checkin-count"), "5");

    // Pairing round 1 is refused beside the form, naming the player, in the reader's language.
    b.goto(&format!("{base}/events/{id}/rounds"));
    b.wait_for("the rounds page", |b| b.find("#checkin-absent").is_ok());
    assert_eq!(b.text("#checkin-missing"), "6. 棋手05");
    fits_the_phone(&b, "the rounds page waiting on check-in");
    b.click("#pair");
    let why = refusal_beside_the_pairing_form(&b);
    assert!(why.contains("未檢錄") && why.contains("6. 棋手05"), "{why}");
    fits_the_phone(&b, "the rounds page with the refusal");

    // The zero-point absence chosen: round 1 is paired without 棋手05, absent with zero points.
    choose(&b, "select[name=lot]", "red");
    b.click("#checkin-absent input[value=zero]");
    b.click("#pair");
    b.wait_for("the draft of round 1", |b| {
        b.url().ends_with(&format!("/events/{id}/rounds/1"))
    });
    let paired = b.text("#pairings");
    assert!(
        paired.contains("棋手00") && !paired.contains("棋手05"),
        "{paired}"
    );
    assert_eq!(b.text("#round-absences"), "6. 棋手05 — 請假（零分）");
    fits_the_phone(&b, "the round paired without the missing player");

    // The log shows the choice, naming the player.
    b.goto(&format!("{base}/events/{id}/audit"));
    let log = b.text("#audit tbody");
    assert!(log.contains("未檢錄：缺席"), "{log}");
    assert!(
        log.contains("第 1 輪未檢錄") && log.contains("6. 棋手05"),
        "{log}"
    );
    fits_the_phone(&b, "the audit log");
}

#[test]
fn pairing_by_hand_withdraws_the_missing_player_on_a_phone() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-checkin-hand");
    let id = event("檢錄人手賽", "xiangqi")
        .players(PLAYERS)
        .arbiter("arb")
        .build(&w);
    let base = w.server.base.clone();
    organizer_requires_check_in_for_round_one(&b, &base, id);
    let mut arb = w.login("arb");
    for s in 1..PLAYERS {
        let r = arb.form(&format!("/events/{id}/checkin/{s}"), &[("present", "1")]);
        assert_eq!(r.status, 303, "{}", r.body);
    }

    b.sign_in(&base, "arb", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back=/events/{id}/rounds"));
    b.wait_for("the rounds page", |b| b.find("#checkin-absent").is_ok());
    b.click("#pair-by-hand");
    let why = refusal_beside_the_pairing_form(&b);
    assert!(why.contains("未檢錄") && why.contains("6. 棋手05"), "{why}");

    // Withdrawn: the draft to pair by hand leaves 棋手05 out, and the rounds page lists the
    // withdrawal.
    b.click("#checkin-absent input[value=withdraw]");
    b.click("#pair-by-hand");
    b.wait_for("the draft of round 1", |b| {
        b.url().ends_with(&format!("/events/{id}/rounds/1"))
    });
    let paired = b.text("#pairings");
    assert!(
        paired.contains("棋手00") && !paired.contains("棋手05"),
        "{paired}"
    );
    fits_the_phone(&b, "the draft to pair by hand");
    b.goto(&format!("{base}/events/{id}/rounds"));
    let withdrawn = b.text("#withdrawn");
    assert!(withdrawn.starts_with("6. 棋手05"), "{withdrawn}");
    fits_the_phone(&b, "the rounds page after the withdrawal");
    b.goto(&format!("{base}/events/{id}/audit"));
    let log = b.text("#audit tbody");
    assert!(
        log.contains("未檢錄：退賽") && log.contains("6. 棋手05"),
        "{log}"
    );
}
