//! An arbiter corrects and undoes in the browser, with the pages' own forms: withdraws a
//! published round and pairs it again, enters a results form with one bad token (the valid boards
//! are saved, the bad one is marked and keeps what was typed), moves from result box to result box
//! with Tab, cancels a bye, undoes a withdrawal, gives a late entry a bye and cancels it, and
//! deletes a record while the board's result stays.

use crate::driver::*;
use crate::support::{Client, PASSWORD, World, event};

/// The WebDriver key code of Tab.
const TAB: &str = "\u{E004}";

const MATE: &str = "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. 车九进七 将4平5 2. 车八进九 1-0\n";

/// Types the reason of a correction form, ticks its confirmation box and sends it.
fn correct(b: &Browser, form: &str, which: &str, reason: &str) {
    b.type_into(&format!("#{which}-reason"), reason);
    b.click(&format!("#{which}-confirm"));
    b.click(&format!("#{form} button[type=submit]"));
}

/// How many elements match `css` on the page.
fn count(b: &Browser, css: &str) -> u64 {
    b.script(&format!(
        "return document.querySelectorAll({css:?}).length;"
    ))
    .as_u64()
    .unwrap_or(0)
}

#[test]
fn an_arbiter_corrects_and_undoes_rounds_byes_withdrawals_and_records() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-undo");
    let id = event("更正盃", "xiangqi")
        .players(8)
        .arbiter("arb")
        .build(&w);
    let mut org = w.login("org");
    let base = w.server.base.clone();
    b.sign_in(&base, "arb", PASSWORD);

    let rounds = format!("{base}/events/{id}/rounds");
    let pair_and_publish = |b: &Browser| {
        b.goto(&rounds);
        b.click("select[name=lot] option[value=red]");
        b.click("#pair");
        b.wait_for("the draft of round 1", |b| b.url().ends_with("/rounds/1"));
        b.click("#publish");
        b.element("#results input[name=r1]");
    };

    // Round 1 published too early: withdrawn with a reason, then paired again.
    pair_and_publish(&b);
    correct(
        &b,
        "withdraw-round",
        "withdraw-round",
        "published too early",
    );
    b.wait_for("the rounds index", |b| b.url().ends_with("/rounds"));
    assert_eq!(count(&b, "ul.cards li"), 0, "no round left");
    pair_and_publish(&b);

    // Tab moves from result box to result box.
    b.script("document.querySelector('#results input[name=r1]').focus();");
    for next in ["r2", "r3", "r4"] {
        b.press(TAB);
        let focused = b.script("return document.activeElement.name;");
        assert_eq!(focused, next, "Tab goes to the next result box");
    }

    // One bad token: boards 1 and 3 are saved, board 2 is marked and keeps what was typed.
    b.type_into("#results input[name=r1]", "1-0");
    b.type_into("#results input[name=r2]", "2-0");
    b.type_into("#results input[name=r3]", "0-1");
    b.click("#results button[type=submit]");
    b.wait_for("the report of the save", |b| b.find("#saved").is_ok());
    let saved = b.text("#saved");
    assert!(saved.starts_with("Results saved: 2."), "{saved}");
    assert!(saved.contains("board 2"), "{saved}");
    assert_eq!(
        b.attribute("tr.refused", "data-board").as_deref(),
        Some("2")
    );
    assert_eq!(b.value("#results input[name=r2]"), "2-0");
    assert!(b.text("#refused-2").contains("'2-0'"));
    // The fix is typed where the mistake is; the rest of the round follows.
    b.type_into("#results input[name=r2]", "=");
    b.type_into("#results input[name=r4]", "1-0");
    b.click("#results button[type=submit]");
    b.wait_for("the second save", |b| b.url().contains("saved=2"));
    assert_eq!(b.value("#results input[name=r1]"), "1-0");
    assert_eq!(b.value("#results input[name=r2]"), "1/2-1/2");
    assert_eq!(b.value("#results input[name=r3]"), "0-1");
    assert!(b.find("#withdraw-round").is_err(), "results are in");

    // A bye requested for round 2, then cancelled.
    b.goto(&rounds);
    b.type_into("#bye-form input[name=start]", "3");
    b.type_into("#bye-form input[name=round]", "2");
    b.click("#bye-form button[type=submit]");
    b.wait_for("the bye request", |b| count(b, "#bye-requests li") == 1);
    b.type_into("#cancel-bye-form input[name=round]", "2");
    b.type_into("#cancel-bye-form input[name=start]", "3");
    correct(&b, "cancel-bye-form", "cancel", "the player can come");
    b.wait_for("the bye to go", |b| count(b, "#bye-requests li") == 0);

    // A withdrawal, then undone.
    b.type_into("#withdraw-form input[name=start]", "8");
    correct(&b, "withdraw-form", "withdraw", "ill");
    b.wait_for("the withdrawal", |b| count(b, "#withdrawn li") == 1);
    b.type_into("#reinstate-form input[name=start]", "8");
    correct(&b, "reinstate-form", "reinstate", "recovered");
    b.wait_for("the withdrawal undone", |b| count(b, "#withdrawn li") == 0);

    // A late entry is given a half-point bye for round 1, then it is cancelled.
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "遲來者"), ("rating", "1500")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    b.goto(&rounds);
    assert_eq!(count(&b, "#late-entries li"), 1);
    b.type_into("#late-bye-form input[name=start]", "9");
    b.click("#late-bye-form select[name=kind] option[value=H]");
    b.click("#late-bye-form button[type=submit]");
    b.wait_for("the late entry's bye", |b| count(b, "#late-byes li") == 1);
    assert_eq!(count(&b, "#late-entries li"), 0);
    b.type_into("#cancel-bye-form input[name=round]", "1");
    b.type_into("#cancel-bye-form input[name=start]", "9");
    correct(&b, "cancel-bye-form", "cancel", "zero by the regulations");
    b.wait_for("the late bye to go", |b| count(b, "#late-byes li") == 0);
    assert_eq!(count(&b, "#late-entries li"), 1);

    // A record is deleted; the board's result stays.
    let mut arb: Client = w.login("arb");
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", MATE)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    b.goto(&format!("{base}/events/{id}/rounds/1/boards/1/record"));
    assert_eq!(count(&b, "section.record"), 1);
    correct(&b, "delete-record-1", "delete-1", "wrong board");
    b.wait_for("the record to go", |b| count(b, "section.record") == 0);
    assert_eq!(b.text("#entered"), "1–0", "the arbiter's result stays");
}
