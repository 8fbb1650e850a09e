//! An arbiter runs a round in the browser; the public views a game; a bye before round one.

use crate::driver::*;
use crate::support::{Client, FOUR_PLAYERS, PASSWORD, World, event};

#[test]
fn an_arbiter_runs_a_round_in_the_browser_and_the_public_views_a_game() {
    let Some(b) = browser() else { return };

    // The event and its players are set up over HTTP; the round is run in the browser.
    let w = World::new("browser");
    let id = event("瀏覽器盃", "jieqi")
        .sheet(FOUR_PLAYERS)
        .arbiter("arb")
        .build(&w);
    let base = w.server.base.clone();

    // Log in as the arbiter through the login form.
    b.sign_in(&base, "arb", PASSWORD);
    assert!(b.text("header.site").contains("arb"), "signed in as arb");

    // Pair round 1 (player 1 Red by the lot), then publish the draft.
    b.goto(&format!("{base}/events/{id}/rounds"));
    b.click("select[name=lot] option[value=red]");
    b.click("#pair");
    b.wait_for("the draft of round 1", |b| {
        b.url().ends_with(&format!("/events/{id}/rounds/1"))
    });
    b.click("#publish");
    b.element("#results input[name=r1]");
    let red = b.text("tr[data-board='1'] td:nth-child(2)");
    let black = b.text("tr[data-board='1'] td:nth-child(6)");
    assert!(red.starts_with("1. 甲一"), "board 1 Red: {red}");

    // Enter the results in the result form: 1-0 on board 1, a draw (typed `=`) on board 2.
    let red2 = b.text("tr[data-board='2'] td:nth-child(2)");
    let black2 = b.text("tr[data-board='2'] td:nth-child(6)");
    b.type_into("#results input[name=r1]", "1-0");
    b.type_into("#results input[name=r2]", "=");
    b.click("#results button[type=submit]");
    let value = |b: &Browser, css: &str| -> String {
        b.find(css)
            .ok()
            .and_then(|el| {
                b.session("GET", &format!("/element/{el}/property/value"), None)
                    .ok()
            })
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    };
    b.wait_for("the results to be saved", |b| {
        value(b, "#results input[name=r2]") == "1/2-1/2"
    });
    assert_eq!(value(&b, "#results input[name=r1]"), "1-0");

    // The public standings (no session) show the points.
    b.delete_cookies();
    b.goto(&format!("{base}/events/{id}/standings"));
    let rows = b.script(
        "return Array.from(document.querySelectorAll('#standings tbody tr'))\
         .map(r => Array.from(r.cells).map(c => c.textContent.trim()));",
    );
    let points_of = |name: &str| -> String {
        let start = name.split('.').next().unwrap_or_default().trim();
        rows.as_array()
            .into_iter()
            .flatten()
            .find(|r| r[1] == start)
            .map(|r| r[4].as_str().unwrap_or_default().to_string())
            .unwrap_or_else(|| panic!("{name} not in the standings: {rows}"))
    };
    // The event's default scoring: 2 for a win, 1 for a draw.
    assert_eq!(points_of(&red), "2", "{rows}");
    assert_eq!(points_of(&black), "0", "{rows}");
    assert_eq!(points_of(&red2), "1", "{rows}");
    assert_eq!(points_of(&black2), "1", "{rows}");
    assert_eq!(rows[0][1], "1", "the winner leads: {rows}");

    // A record for board 1 is submitted over HTTP through the scoresheet form.
    let mut arb: Client = w.login("arb");
    let record = "1. h2e2C h9g7n 2. e2e6 b9c7r 3. b2c2R 1-0";
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", record)],
    );
    assert_eq!(r.status, 303, "{}", r.body);

    // The public follows the ♟ link from the round page to the viewer.
    b.goto(&format!("{base}/events/{id}/rounds/1"));
    b.click(&format!("a[href='/events/{id}/rounds/1/boards/1']"));
    b.wait_for("the viewer to draw the start", |b| {
        b.attribute("#board", "data-ply").as_deref() == Some("0")
            && b.attribute("#board", "data-points").is_some()
    });
    let start = b.attribute("#board", "data-points").unwrap_or_default();
    assert_eq!(start.len(), 90);
    let drawn = b.script("return document.querySelectorAll('#pieces > g').length;");
    assert_eq!(drawn, 32, "every piece drawn");
    let face_down = b.script("return document.querySelectorAll('#pieces .pc.down').length;");
    assert_eq!(face_down, 30, "Jieqi: all but the kings face-down");

    // → reveals the cannon with the flip animation; two more → reach ply 3.
    b.press(ARROW_RIGHT);
    b.wait_for("ply 1", |b| {
        b.attribute("#board", "data-ply").as_deref() == Some("1")
    });
    assert_eq!(
        b.script("return document.querySelectorAll('#pieces .pc.flip').length;"),
        1,
        "the revealed piece flips"
    );
    b.press(ARROW_RIGHT);
    b.press(ARROW_RIGHT);
    b.wait_for("ply 3", |b| {
        b.attribute("#board", "data-ply").as_deref() == Some("3")
    });
    let after = b.attribute("#board", "data-points").unwrap_or_default();
    assert_ne!(after, start);
    let at = |points: &str, sq: &str| points.as_bytes()[point(sq)] as char;
    assert_eq!(
        (at(&start, "h2"), at(&start, "e6")),
        ('X', 'x'),
        "start: face-down cannon and pawn"
    );
    // h2e2C, h9g7n, e2e6: the cannon (now face-up) took the face-down pawn on e6.
    assert_eq!(
        (at(&after, "h2"), at(&after, "e2"), at(&after, "e6")),
        ('.', '.', 'C')
    );
    assert_eq!((at(&after, "h9"), at(&after, "g7")), ('.', 'n'));
    assert!(b.text("#ply").starts_with("3 / 5"), "{}", b.text("#ply"));
    assert_eq!(
        b.script("return document.querySelector('#moves a.current').getAttribute('href');"),
        "#3"
    );
    assert_eq!(
        b.script("return document.querySelectorAll('#pieces > g').length;"),
        31,
        "one piece captured"
    );

    // Flip the board: Red's king goes from the bottom edge to the top edge.
    let king = format!("#pieces g[data-point='{}']", point("e0"));
    assert_eq!(
        b.attribute(&king, "transform").as_deref(),
        Some("translate(40 90)")
    );
    b.click("#flip");
    b.wait_for("the flipped board", |b| {
        b.attribute(&king, "transform").as_deref() == Some("translate(40 0)")
    });
    assert_eq!(b.attribute("#board", "data-ply").as_deref(), Some("3"));

    // Home and End jump to the ends.
    b.press(END);
    b.wait_for("the last ply", |b| {
        b.attribute("#board", "data-ply").as_deref() == Some("5")
    });
    b.press(HOME);
    b.wait_for("the start", |b| {
        b.attribute("#board", "data-ply").as_deref() == Some("0")
    });

    b.press(ARROW_RIGHT);
    b.press(ARROW_RIGHT);
    b.press(ARROW_RIGHT);
    let png = b.screenshot();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG screenshot");
    if let Ok(path) = std::env::var("ANQI_BROWSER_SCREENSHOT") {
        std::fs::write(&path, &png).unwrap_or_else(|e| panic!("write {path}: {e}"));
        eprintln!("viewer screenshot saved to {path}");
    }
}

/// A bye recorded before round 1 goes to the player it was recorded for, even when the
/// registration order is not the rating order — here also when a stronger registration moves the
/// start numbers after the bye was recorded. The arbiter records the bye, confirms the starting
/// list and pairs round 1 with the pages' own forms.
#[test]
fn a_bye_recorded_before_round_one_goes_to_its_player_in_the_browser() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-bye");
    // Registered weakest first.
    let id = event("早退盃", "jieqi")
        .sheet("name,club,rating\n甲弱,A,1500\n乙,B,1600\n丙,C,1700\n丁,D,1800\n戊強,E,1900\n")
        .arbiter("arb")
        .build(&w);
    let mut org = w.login("org");
    let base = w.server.base.clone();
    b.sign_in(&base, "arb", PASSWORD);

    // The players page shows 甲弱's start number (the starting rank, not the registration order).
    let start_of = |b: &Browser, name: &str| -> String {
        b.goto(&format!("{base}/events/{id}/players"));
        let rows = b.script(
            "return Array.from(document.querySelectorAll('#players tbody tr'))\
             .map(r => [r.cells[0].textContent.trim(), r.cells[1].textContent.trim()]);",
        );
        rows.as_array()
            .into_iter()
            .flatten()
            .find(|r| r[1].as_str().is_some_and(|n| n.starts_with(name)))
            .and_then(|r| r[0].as_str().map(str::to_string))
            .unwrap_or_else(|| panic!("{name} not listed: {rows}"))
    };
    let start = start_of(&b, "甲弱");
    assert_eq!(start, "5", "the lowest rated is last in the starting rank");

    // The arbiter records a half-point bye for round 1 in the rounds page's form.
    b.goto(&format!("{base}/events/{id}/rounds"));
    b.type_into("form[action$='/byes'] input[name=start]", &start);
    b.click("form[action$='/byes'] select[name=kind] option[value=H]");
    b.click("form[action$='/byes'] button[type=submit]");
    b.wait_for("the bye to be listed", |b| b.text("main").contains("甲弱"));

    // A stronger player registers afterwards: every provisional number below moves.
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "己最強"), ("club", "F"), ("rating", "2500")],
    );
    assert_eq!(r.status, 303);
    assert_eq!(start_of(&b, "甲弱"), "6");

    // The arbiter confirms the starting list, then pairs round 1.
    b.goto(&format!("{base}/events/{id}/players"));
    b.click("#confirm-list button[type=submit]");
    b.wait_for("the list to be confirmed", |b| {
        b.text("#starting-list").contains("confirmed")
    });
    b.goto(&format!("{base}/events/{id}/rounds"));
    b.click("select[name=lot] option[value=red]");
    b.click("#pair");
    b.wait_for("the draft of round 1", |b| {
        b.url().ends_with(&format!("/events/{id}/rounds/1"))
    });
    let boards = b.script(
        "return Array.from(document.querySelectorAll('tr[data-board]'))\
         .map(r => r.textContent);",
    );
    let boards = boards.to_string();
    assert!(
        !boards.contains("甲弱"),
        "the absent player is not paired: {boards}"
    );
    assert!(boards.contains("己最強"), "{boards}");
    let main = b.text("main");
    assert!(main.contains("6. 甲弱"), "the bye stays with 甲弱: {main}");
}
