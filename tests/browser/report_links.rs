//! The player-facing day in a real browser (issue 35): a player without an account opens their
//! report link from the printed slip on a phone (390 px), reports, and sees their opponent's
//! confirmation; the slips' QR codes load as images; the display screen follows the results
//! live, without a reload, while its views rotate.

use crate::driver::*;
use crate::support::{Client, FOUR_PLAYERS, World, event, html};

/// The report links on round 1's slips, by start number.
fn links(arb: &mut Client, id: i64) -> Vec<(u32, String)> {
    let slips = arb.get(&format!("/events/{id}/rounds/1/slips")).body;
    html::attr_pairs(&slips, "a.report-link", "data-start", "href")
        .into_iter()
        .map(|(s, h)| (s.parse().unwrap(), h))
        .collect()
}

/// An event of four players with round 1 published (1–3 and 4–2), and its report links by start
/// number as the arbiter's slips give them.
fn round_one(w: &World, name: &str) -> (i64, Vec<(u32, String)>) {
    let id = event(name, "xiangqi")
        .sheet(FOUR_PLAYERS)
        .arbiter("arb")
        .published_rounds(1)
        .build(w);
    let links = links(&mut w.login("arb"), id);
    (id, links)
}

/// A report through a link, by a phone with no account (HTTP).
fn report(w: &World, link: &str, board: u32, result: &str) {
    let mut c = w.server.client();
    c.get(link);
    let r = c.form(
        link,
        &[
            ("round", "1"),
            ("board", &board.to_string()),
            ("result", result),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
}

#[test]
fn a_player_reports_from_a_phone_and_the_display_screen_follows_the_result() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-report");
    let (id, links) = round_one(&w, "報告盃");
    let base = w.server.base.clone();
    let link = |start: u32| links.iter().find(|(s, _)| *s == start).unwrap().1.clone();

    // The slips' QR codes are images the browser draws.
    b.sign_in(&base, "arb", crate::support::PASSWORD);
    b.goto(&format!("{base}/events/{id}/rounds/1/slips"));
    b.wait_for("the QR codes drawn", |b| {
        b.script(
            "return [...document.querySelectorAll('img.qr')].every(i => i.complete && i.naturalWidth > 0)",
        ) == serde_json::json!(true)
    });
    assert_eq!(
        b.script("return document.querySelectorAll('img.qr').length"),
        serde_json::json!(4)
    );
    b.delete_cookies();

    // Player 4 (board 2, Red), no account, on a phone in Chinese.
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back={}", link(4)));
    b.wait_for("the report page", |b| b.find("#my-board-line").is_ok());
    assert_eq!(b.text("#my-board-line"), "你執紅，對 2. 乙二，第 2 台");
    fits_the_phone(&b, "the report link's page");
    b.click("#report input[value='1-0']");
    b.click("#report button[type=submit]");
    b.wait_for("the report stored", |b| b.find("#reported").is_ok());
    assert!(
        b.text("#mine").contains("待對手確認"),
        "{}",
        b.text("#mine")
    );
    fits_the_phone(&b, "the page after the report");
    // The opponent confirms from their own phone: the result is entered.
    report(&w, &link(2), 2, "1-0");
    b.goto(&format!("{base}{}", link(4)));
    b.wait_for("the result shown", |b| b.find("#result").is_ok());
    assert!(b.text("#result").contains("1–0"));
    assert!(b.find("#report").is_err(), "no form once the result is in");

    // The display screen, with the fallback polling at ten minutes: only the stream can update it.
    let screen = format!("{base}/events/{id}/screen");
    b.goto(&screen);
    b.script("localStorage.setItem('anqi-live-poll-ms', '600000');");
    b.goto(&screen);
    b.wait_for("the screen to follow its stream", |b| {
        b.attribute("html", "data-live").as_deref() == Some("stream")
    });
    b.script("window.sameDocument = true;");
    let result_of = |b: &Browser, board: u32| {
        b.script(&format!(
            "return document.querySelector(\"#by-board tr[data-board='{board}'] .result\").textContent.trim()"
        ))
    };
    assert_eq!(result_of(&b, 2), serde_json::json!("1–0"));
    assert_eq!(result_of(&b, 1), serde_json::json!(""));
    assert!(
        b.attribute("html", "data-screen-view").is_some(),
        "a view is shown"
    );
    // Board 1's players report the same result through their links: the screen shows it.
    report(&w, &link(1), 1, "0-1");
    report(&w, &link(3), 1, "0-1");
    b.wait_for("the screen updated live", |b| {
        result_of(b, 1) == serde_json::json!("0–1")
    });
    assert_eq!(
        b.script("return window.sameDocument === true"),
        serde_json::json!(true),
        "updated without a reload"
    );
    // By name too: every player of the round, alphabetically.
    assert_eq!(
        b.script("return document.querySelectorAll('#by-name tbody tr').length"),
        serde_json::json!(4)
    );
}

#[test]
fn a_conflict_shows_both_reports_and_a_form_for_another_board_is_refused_beside_it_on_a_phone() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-report-conflict");
    let (id, links) = round_one(&w, "衝突盃");
    let base = w.server.base.clone();
    let link = |start: u32| links.iter().find(|(s, _)| *s == start).unwrap().1.clone();

    // Player 1 (board 1, Red) on a phone: a form edited to name board 2 is refused beside it,
    // and the choice made is kept.
    b.phone();
    b.goto(&format!("{base}/lang/en?back={}", link(1)));
    b.wait_for("the report page", |b| b.find("#report").is_ok());
    b.script("document.querySelector(\"#report input[name=board]\").value = '2';");
    b.click("#report input[value='1-0']");
    b.click("#report button[type=submit]");
    b.wait_for("the refusal", |b| b.find("#report-error").is_ok());
    assert!(
        b.text("#report-error").contains("Board 2"),
        "{}",
        b.text("#report-error")
    );
    assert_eq!(
        b.script("return document.querySelector(\"#report input[value='1-0']\").checked"),
        serde_json::json!(true),
        "the choice kept"
    );
    fits_the_phone(&b, "the refused report");
    // Now the real report: a win; the opponent claims the win too.
    b.goto(&format!("{base}{}", link(1)));
    b.click("#report input[value='1-0']");
    b.click("#report button[type=submit]");
    b.wait_for("the report stored", |b| b.find("#reported").is_ok());
    report(&w, &link(3), 1, "0-1");
    b.goto(&format!("{base}{}", link(1)));
    b.wait_for("the conflict shown", |b| b.find("#conflict").is_ok());
    assert!(b.text("#mine").contains("1–0") && b.text("#theirs").contains("0–1"));
    fits_the_phone(&b, "the conflict on the player's page");

    // The arbiter sees both reports side by side on the round page, on a phone.
    b.delete_cookies();
    b.sign_in(&base, "arb", crate::support::PASSWORD);
    b.phone();
    b.goto(&format!("{base}/events/{id}/rounds/1"));
    let reports = b.text("tr[data-board='1'] .reports.conflict");
    assert!(
        reports.contains("Red reported 1–0") && reports.contains("Black reported 0–1"),
        "{reports}"
    );
}

#[test]
fn a_knockout_game_is_reported_from_a_phone_through_the_match_slips_link() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-ko-report");
    let mut org = w.login("org");
    let r = org.form(
        "/events",
        &[
            ("name", "淘汰報告盃"),
            ("start_date", "2026-12-06"),
            ("variant", "xiangqi"),
            ("swiss_rounds", "1"),
            ("knockout_size", "4"),
            ("best_of", "1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let id: i64 = r.location.unwrap()[8..].parse().unwrap();
    crate::support::import_players(&mut org, id, FOUR_PLAYERS);
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut arb = w.login("arb");
    crate::support::publish_round(&mut arb, id, 1);
    crate::support::enter_results(&mut arb, id, 1, |_, _, _| "1-0");
    let mut api = w.server.client();
    api.bearer = Some(crate::support::token(&w.dir, "arb"));
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/knockout"),
        &serde_json::json!({}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    // Semi-final 1 (match 1): its players and who plays Red (an automatic lot).
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    let m1 = &bracket["rounds"][0]["matches"][0];
    let upper = m1["players"][0].as_u64().unwrap() as u32;
    let lower = m1["players"][1].as_u64().unwrap() as u32;
    let red = m1["games"][0]["red"].as_u64().unwrap() as u32;
    let slips = arb.get(&format!("/events/{id}/knockout/slips")).body;
    let links: Vec<(u32, String)> = html::attr_pairs(&slips, "a.report-link", "data-start", "href")
        .into_iter()
        .map(|(s, h)| (s.parse().unwrap(), h))
        .collect();
    let link = |start: u32| links.iter().find(|(s, _)| *s == start).unwrap().1.clone();
    let base = w.server.base.clone();

    // The slips' QR codes load in the arbiter's browser.
    b.sign_in(&base, "arb", crate::support::PASSWORD);
    b.goto(&format!("{base}/events/{id}/knockout/slips"));
    b.wait_for("the QR codes drawn", |b| {
        b.script(
            "return [...document.querySelectorAll('img.qr')].every(i => i.complete && i.naturalWidth > 0)",
        ) == serde_json::json!(true)
    });
    b.delete_cookies();

    // The upper line's player, no account, on a phone: reports their win.
    b.phone();
    b.goto(&format!("{base}/lang/en?back={}", link(upper)));
    b.wait_for("the report page", |b| b.find("#my-board-line").is_ok());
    let line = b.text("#my-board-line");
    assert!(
        line.starts_with("Game 1: you play") && line.contains(&format!("against {lower}.")),
        "{line}"
    );
    fits_the_phone(&b, "the knockout report link's page");
    let win = if red == upper { "1-0" } else { "0-1" };
    b.click(&format!("#report input[value='{win}']"));
    b.click("#report button[type=submit]");
    b.wait_for("the report stored", |b| b.find("#reported").is_ok());
    assert!(b.text("#mine").contains("waiting for your opponent"));
    // The opponent confirms from their phone: the game is entered, the match decided.
    let mut other = w.server.client();
    other.get(&link(lower));
    let r = other.form(
        &link(lower),
        &[("match", "1"), ("game", "1"), ("result", win)],
    );
    assert_eq!(
        r.location.as_deref(),
        Some(format!("{}?reported=confirmed", link(lower)).as_str()),
        "{}",
        r.body
    );
    b.goto(&format!("{base}{}", link(upper)));
    b.wait_for("the outcome shown", |b| b.find("#ko-outcome").is_ok());
    assert_eq!(b.text("#ko-outcome"), "You advance.");
    assert!(
        b.find("#report").is_err(),
        "no form once the match is decided"
    );
    assert!(b.text("#ko-played").contains("I won"));
    fits_the_phone(&b, "the decided match on the player's page");
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    assert_eq!(bracket["rounds"][0]["matches"][0]["winner"], upper);
}
