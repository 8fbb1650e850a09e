//! Knockout deals in the browser: the final and the 3rd-place match are sealed, played
//! and unsealed apart; "deals required" refuses to publish a round whose deal is not sealed.

use serde_json::json;

use crate::driver::*;
use crate::support::{
    Client, FOUR_PLAYERS, PASSWORD, World, enter_results, import_players, publish_round,
};

/// Registers four players and the arbiter "arb" over HTTP.
fn players(org: &mut Client, id: i64) {
    import_players(org, id, FOUR_PLAYERS);
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
}

/// Seals a deal for `round`, game 1, with the deals page's form; returns the deal page's URL.
fn seal_in_browser(b: &Browser, base: &str, id: i64, round: u32) -> String {
    b.goto(&format!("{base}/events/{id}/deals"));
    b.click(&format!("#seal select[name=round] option[value='{round}']"));
    b.click("#seal select[name=game] option[value='1']");
    b.click("#seal button[type=submit]");
    b.wait_for("the sealed deal's page", |b| {
        let u = b.url();
        u.contains(&format!("/events/{id}/deals/")) && !u.ends_with("/deals")
    });
    b.url()
}

#[test]
fn the_final_and_the_third_place_match_have_separate_deals_in_the_browser() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-ko-deals");
    let mut org = w.login("org");
    let r = org.form(
        "/events",
        &[
            ("name", "淘汰賽佈局"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
            ("swiss_rounds", "1"),
            ("knockout_size", "4"),
            ("best_of", "1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let id: i64 = r.location.unwrap()[8..].parse().unwrap();
    players(&mut org, id);
    // The Swiss round and the semi-finals over HTTP.
    let mut arb = w.login("arb");
    publish_round(&mut arb, id, 1);
    enter_results(&mut arb, id, 1, |_, _, _| "1-0");
    let token = crate::support::token(&w.dir, "arb");
    let mut api = w.server.client();
    api.bearer = Some(token);
    assert_eq!(
        api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}))
            .status,
        201
    );
    for m in [1, 2] {
        let r = api.json(
            "PUT",
            &format!("/api/events/{id}/knockout/matches/{m}/games/1/result"),
            &json!({"result": "1-0"}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }

    // In the browser: the arbiter seals the 3rd-place match's deal (round 4) and the final's
    // (round 3), each its own record.
    let base = w.server.base.clone();
    b.sign_in(&base, "arb", PASSWORD);
    b.goto(&format!("{base}/events/{id}/deals"));
    let options = b.script(
        "return [...document.querySelectorAll('#seal select[name=round] option')].map(o => o.value + ' ' + o.textContent)",
    );
    let options: Vec<String> = serde_json::from_value(options).unwrap();
    assert!(options.contains(&"3 Final".to_string()), "{options:?}");
    assert!(
        options.contains(&"4 3rd-place match".to_string()),
        "{options:?}"
    );
    let third = seal_in_browser(&b, &base, id, 4);
    let final_deal = seal_in_browser(&b, &base, id, 3);
    assert_ne!(third, final_deal);

    // The 3rd-place match is played first, then its deal is unsealed while the final waits.
    b.goto(&format!("{base}/events/{id}/knockout/matches/4"));
    b.click("#result select[name=result] option[value='0-1']");
    b.click("#result button[type=submit]");
    b.wait_for("the 3rd-place result", |b| b.find("#correct").is_ok());
    b.goto(&third);
    assert!(b.text("body").contains("All results are in") || b.find("#unseal").is_ok());
    b.click("#unseal button[type=submit]");
    b.wait_for("the 3rd-place deal unsealed", |b| {
        b.text("body").contains("unsealed")
    });
    // The final's deal still waits for the final, by name.
    b.goto(&final_deal);
    let alert = b.text("[role=alert]");
    assert!(alert.contains("match 3"), "{alert}");
    assert!(!alert.contains("match 4"), "{alert}");
}

#[test]
fn deals_required_refuses_to_publish_in_the_browser() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-deals-required");
    let base = w.server.base.clone();
    // The organizer creates the event with the form: "deals required" is ticked by default.
    b.sign_in(&base, "org", PASSWORD);
    b.goto(&format!("{base}/events/new"));
    let ticked = b.script("return document.querySelector('input[name=deals_required]').checked");
    assert_eq!(ticked, json!(true), "on by default");
    b.type_into("input[name=name]", "必須佈局盃");
    b.click("form[action='/events'] button[type=submit]");
    b.wait_for("the new event", |b| {
        let u = b.url();
        u.contains("/events/") && !u.ends_with("/new") && !u.ends_with("/events")
    });
    let id: i64 = b
        .url()
        .rsplit("/events/")
        .next()
        .and_then(|s| s.split(['/', '?']).next())
        .and_then(|s| s.parse().ok())
        .expect("event id");
    let mut org = w.login("org");
    players(&mut org, id);

    b.sign_in(&base, "arb", PASSWORD);
    b.goto(&format!("{base}/events/{id}/rounds"));
    b.click("#pair");
    b.wait_for("the draft of round 1", |b| {
        b.url().ends_with(&format!("/events/{id}/rounds/1"))
    });
    assert!(
        b.text("#deal-notice").contains("cannot be published"),
        "the draft says so"
    );
    b.click("#publish");
    b.wait_for("the refusal", |b| {
        b.text("body").contains("cannot be published")
    });
    assert!(
        b.text("body").contains("Round 1 cannot be published"),
        "{}",
        b.text("body")
    );
    // Sealed, the round publishes.
    seal_in_browser(&b, &base, id, 1);
    b.goto(&format!("{base}/events/{id}/rounds/1"));
    b.click("#publish");
    b.wait_for("the published round", |b| b.find("#results").is_ok());
}
