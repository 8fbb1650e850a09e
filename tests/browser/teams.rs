//! Teams and the tie-break ladder in a real browser at a phone's width (issue 34): the organizer
//! keeps team-mates apart and takes a regulation's tie-break order on the new-event form; round 1's
//! draft pairs no team-mates; the arbiter records a foul on a player card and draws the final lot on
//! the standings page; the team table shows; every page fits the phone.

use crate::driver::*;
use crate::support::{PASSWORD, World};

#[test]
fn an_arbiter_keeps_clubs_apart_records_a_foul_and_draws_the_lot_on_a_phone() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-teams");
    let base = w.server.base.clone();
    b.sign_in(&base, "org", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back=/events/new"));
    b.type_into("input[name=name]", "同隊回避賽");
    b.type_into("input[name=swiss_rounds]", "3");
    b.type_into("input[name=knockout_size]", "0");
    choose(&b, "select[name=variant]", "xiangqi");
    choose(&b, "select[name=club_avoidance]", "all");
    choose(&b, "#tie-break-preset", "CXA-14.3.1");
    fits_the_phone(&b, "the new-event form");
    b.click("form[action='/events'] button[type=submit]");
    b.wait_for("the event page", |b| b.find("#sections-link").is_ok());
    let event = b.url().rsplit('/').next().unwrap().to_string();

    // Four players, clubs alternating: the plain Dutch round 1 (1–3, 2–4) would pair team-mates.
    b.goto(&format!("{base}/events/{event}/players"));
    for (i, club) in ["荃灣", "沙田", "荃灣", "沙田"].iter().enumerate() {
        b.type_into("input[name=name]", &format!("棋手{}", i + 1));
        b.type_into("input[name=club]", club);
        b.type_into("input[name=rating]", &format!("{}", 1800 - 10 * i));
        b.click("form[action$='/players'] button[type=submit]");
        b.wait_for("the player added", |b| {
            b.script("return document.querySelectorAll('#players tbody tr').length")
                == serde_json::json!(i + 1)
        });
    }
    fits_the_phone(&b, "the players page with the team column");
    b.goto(&format!("{base}/events/{event}/rounds"));
    b.click("#pair");
    b.wait_for("the draft", |b| b.url().ends_with("/rounds/1"));
    let clubs = b.script(
        "return [...document.querySelectorAll('tbody tr')].filter(r => r.querySelector('.club'))
           .map(r => [...r.querySelectorAll('.club')].map(c => c.textContent.trim()));",
    );
    let boards = clubs.as_array().expect("boards");
    assert_eq!(boards.len(), 2, "{clubs}");
    for board in boards {
        let pair = board.as_array().unwrap();
        assert_eq!(pair.len(), 2, "{clubs}");
        assert_ne!(pair[0], pair[1], "team-mates paired: {clubs}");
    }

    // A foul on player 2's card, in round 1.
    b.goto(&format!("{base}/events/{event}/players/2"));
    fits_the_phone(&b, "the player card with the fouls form");
    b.type_into("#fouls-form input[name=count]", "1");
    b.type_into("#fouls-form input[name=note]", "手機響");
    b.click("#record-fouls");
    b.wait_for("the foul recorded", |b| b.find("#fouls-total").is_ok());
    assert_eq!(b.text("#fouls-total"), "1");
    assert!(b.text("#fouls-list").contains("手機響"));

    // The final lot on the standings page, drawn once.
    b.goto(&format!("{base}/events/{event}/standings"));
    assert!(b.find("#lot").is_ok());
    fits_the_phone(&b, "the standings with the lot");
    b.click("#draw-lot");
    b.wait_for("the lot drawn", |b| b.find("#lot-seed").is_ok());
    assert_eq!(b.text("#lot-seed").len(), 64);
    assert!(b.find("#draw-lot").is_err(), "drawn once");
    assert_eq!(b.text("#lot-order").split(", ").count(), 4);

    let seen = b.script(
        "const r = document.querySelector('#team-table-link').getBoundingClientRect();
         return [r.width > 0 && r.height > 0, r.right <= 390, window.getComputedStyle(document.querySelector('#team-table-link')).display];",
    );
    assert_eq!(
        seen[0],
        serde_json::json!(true),
        "the team table link is not visible: {seen}"
    );
    let hit = b.script(
        "const a = document.querySelector('#team-table-link'); a.scrollIntoView();
         const r = a.getBoundingClientRect();
         const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
         return [e && (e === a || a.contains(e)), e ? e.outerHTML.slice(0, 120) : null, a.getAttribute('href')];",
    );
    assert_eq!(
        hit[0],
        serde_json::json!(true),
        "the team table link is covered: {hit}"
    );
    let href = hit[2].as_str().expect("the link's address").to_string();
    b.goto(&format!("{base}{href}"));
    assert!(b.find("#teams-live").is_ok(), "the team table page");
    fits_the_phone(&b, "the team table");
    if let Ok(dir) = std::env::var("ANQI_SCREENSHOTS") {
        std::fs::write(format!("{dir}/phone-teams.png"), b.screenshot()).expect("screenshot");
    }
}
