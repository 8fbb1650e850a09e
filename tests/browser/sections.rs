//! A two-section event made and started in a real browser at a phone's width (issue 33): the
//! organizer names the first section on the new-event form, adds a round-robin section on the
//! sections page, imports one players file with a section column, draws the round robin on its
//! players page and pairs its round 1; every page says which section it is and fits the phone.

use crate::driver::*;
use crate::support::{PASSWORD, World};

#[test]
fn an_organizer_makes_and_starts_a_two_section_event_on_a_phone() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-sections");
    let base = w.server.base.clone();
    b.sign_in(&base, "org", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back=/events/new"));
    b.type_into("input[name=name]", "荃灣揭棋公開賽");
    b.type_into("input[name=section]", "公開組");
    b.type_into("input[name=swiss_rounds]", "3");
    b.type_into("input[name=knockout_size]", "0");
    fits_the_phone(&b, "the new-event form");
    b.click("form[action='/events'] button[type=submit]");
    b.wait_for("the event page", |b| b.find("#sections-link").is_ok());
    let event = b.url().rsplit('/').next().unwrap().to_string();
    // One section so far: its page is the event's, as before sections.
    assert!(b.find("#section-bar").is_err());

    // A round-robin section on the sections page.
    b.click("#sections-link");
    b.wait_for("the sections page", |b| b.find("#add-section").is_ok());
    b.type_into("#add-section input[name=section]", "少年組");
    choose(&b, "#add-section select[name=format]", "round_robin");
    b.type_into("#add-section input[name=knockout_size]", "0");
    fits_the_phone(&b, "the sections page");
    b.click("#add-section button[type=submit]");
    b.wait_for("the new section's page", |b| {
        b.find("#section-bar")
            .is_ok_and(|_| b.text("#section-bar").contains("少年組"))
    });
    let junior = b.url().rsplit('/').next().unwrap().to_string();
    assert_ne!(junior, event);

    // One file for both sections, imported on the first section's players page.
    b.goto(&format!("{base}/events/{event}/players"));
    let mut csv = String::from("name,club,rating,section\n");
    for i in 1..=4 {
        csv.push_str(&format!("公開{i},荃灣,{},公開組\n", 1600 - i));
    }
    for i in 1..=5 {
        csv.push_str(&format!("少年{i},沙田,{},少年組\n", 1500 - i));
    }
    b.type_into("#csv", &csv);
    b.click("#import button[type=submit]");
    b.wait_for("the import", |b| b.url().contains("done=imported"));
    assert!(b.text("#section-bar").contains("公開組"));
    assert_eq!(
        b.script("return document.querySelectorAll('#players tbody tr').length"),
        serde_json::json!(4)
    );

    // The junior section's draw on its players page, then its schedule.
    b.goto(&format!("{base}/events/{junior}/players"));
    assert_eq!(
        b.script("return document.querySelectorAll('#players tbody tr').length"),
        serde_json::json!(5)
    );
    fits_the_phone(&b, "the players page with the draw");
    choose(&b, "#draw-form select[name=method]", "rating");
    b.click("#draw-form button[type=submit]");
    b.wait_for("the schedule", |b| b.url().ends_with("/schedule"));
    assert_eq!(
        b.script("return document.querySelectorAll('table.schedule-round').length"),
        serde_json::json!(5)
    );
    assert!(b.text("h1").contains("荃灣揭棋公開賽 · 少年組"));
    fits_the_phone(&b, "the schedule");
    let first = b.text("table[data-round='1'] tbody tr:first-child");
    assert!(first.contains("少年"), "{first}");

    // Round 1 paired and published from the rounds page is the schedule's round 1.
    b.goto(&format!("{base}/events/{junior}/rounds"));
    b.click("form[action$='/rounds'] button[type=submit]");
    b.wait_for("the draft", |b| b.url().contains("/rounds/1"));
    b.click("form[action$='/publish'] button[type=submit]");
    b.wait_for("the published round", |b| b.find("#pairings").is_ok());
    let pairing = b.text("#pairings tbody tr:first-child");
    for name in first.split_whitespace().filter(|t| t.contains("少年")) {
        assert!(pairing.contains(name), "{pairing} / {first}");
    }
    fits_the_phone(&b, "the round");
    if let Ok(dir) = std::env::var("ANQI_SCREENSHOTS") {
        b.goto(&format!("{base}/events/{junior}/schedule"));
        std::fs::write(format!("{dir}/phone-schedule.png"), b.screenshot()).expect("screenshot");
    }
}
