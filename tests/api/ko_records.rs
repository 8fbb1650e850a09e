//! Knockout game records over HTTP: every game 1 of a knockout round uses the deal sealed
//! for that round (round number `swiss_rounds + k`, game 1); a record consistent with it decides the
//! game, one whose reveal contradicts it is reported at its ply with nothing changed; the records stay
//! secret until the deal is unsealed, which waits until every game 1 of the round has a result.

use serde_json::{Value, json};

use crate::deals::{fields, jieqi_record, seal};
use crate::json_api::api_client;
use crate::knockout::{event_with, find_match, play_swiss_round, register};
use crate::support::*;
use anqi::rules::adjudicate::GameResult;

/// The result of game 1 of a match in the bracket JSON (null while due).
fn game_1(api: &mut Client, id: i64, m: u64) -> Value {
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    find_match(&bracket, m)["games"][0]["result"].clone()
}

#[test]
fn knockout_records_use_the_rounds_deal_and_stay_secret_until_it_is_unsealed() {
    let w = World::new("ko-records");
    let mut org = w.login("org");
    // One Swiss round, then semi-finals (knockout round 1 = deal round 2) and the final, best of 1.
    let id = event_with(&mut org, "1", "4", "1");
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");
    let mut anon = w.server.client();
    play_swiss_round(&mut arb, id, 1);
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);

    // The arbiters' deal list offers the knockout rounds by name.
    let page = arb.get(&format!("/events/{id}/deals"));
    assert!(
        html::text(&page.body, "#seal select[name=round] option[value='2']")
            .is_some_and(|t| t.starts_with("Semi-finals")),
        "{}",
        page.body
    );
    assert!(
        html::text(&page.body, "#seal select[name=round] option[value='3']")
            .is_some_and(|t| t.starts_with("Final"))
    );
    let deal_id = seal(&mut arb, id, 2, "1");
    let f = fields(&mut arb, id, deal_id);
    let deal = f["deal"].clone();
    let page = arb.get(&format!("/events/{id}/deals"));
    assert!(page.body.contains("2 · Semi-finals"), "{}", page.body);

    // Match 1 game 1: a record played on the sealed deal, resigned by Black, sets 1-0.
    let url = |m: u64| format!("/api/events/{id}/knockout/matches/{m}/games/1/record");
    let record = jieqi_record(&deal, 10, Some(GameResult::RedWins));
    let r = api.json("POST", &url(1), &json!({ "record": record }));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["status"], "result_set", "{v}");
    assert_eq!(v["entered"], "1-0");
    assert_eq!(v["deal"], f["commitment"].as_str());
    assert_eq!(game_1(&mut api, id, 1), "1-0");

    // The semi-finals have started: their deals can no longer be drawn again; there is no round 4.
    let redraw = |arb: &mut Client, round: &str| {
        arb.form(
            &format!("/events/{id}/deals"),
            &[("round", round), ("game", "1")],
        )
        .status
    };
    assert_eq!(redraw(&mut arb, "2"), 409);
    // Round 4 is the 3rd-place match's own deal round; round 5 is past the final.
    assert_eq!(redraw(&mut arb, "5"), 400, "past the final");

    // Match 2 game 1: Red's h2 cannon square holds letter 22 of the deal; naming another piece is
    // an illegal reveal at ply 1, and the game keeps no result.
    let actual = deal.chars().nth(21).unwrap();
    let wrong = ['R', 'N', 'B', 'A', 'C', 'P']
        .into_iter()
        .find(|c| *c != actual)
        .unwrap();
    let lie = format!("[Variant \"jieqi\"]\n\n1. h2e2{wrong} 1-0\n");
    let r = api.json("POST", &url(2), &json!({ "record": lie }));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["status"], "illegal", "{v}");
    assert_eq!(v["error"]["ply"], 1);
    assert!(
        v["error"]["token"].as_str().unwrap().contains("h2e2"),
        "{v}"
    );
    assert_eq!(v["entered"], Value::Null);
    assert_eq!(game_1(&mut api, id, 2), Value::Null, "nothing changed");
    let page = arb.get(&format!("/events/{id}/knockout/matches/2/games/1/record"));
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("data-status=\"illegal\""),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(&format!("1 <code>h2e2{wrong}</code>")),
        "{}",
        page.body
    );

    // Secret until unsealed: 404 for anonymous visitors (API and page), shown to the arbiters.
    assert_eq!(anon.get(&url(1)).status, 404);
    let page = format!("/events/{id}/knockout/matches/1/games/1/record");
    assert_eq!(anon.get(&page).status, 404);
    let match_page = format!("/events/{id}/knockout/matches/1");
    assert!(
        arb.get(&match_page).body.contains(&page),
        "the arbiters' link"
    );
    let seen = anon.get(&match_page);
    assert_eq!(seen.status, 200, "the match page is public");
    assert!(!seen.body.contains(&page), "no link yet");
    let r = api.get(&url(1));
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["legal"], true);

    // Unsealing waits for every game 1 of the semi-finals.
    let r = arb.form(&format!("/events/{id}/deals/{deal_id}/unseal"), &[]);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("match 2"), "{}", r.body);
    assert!(!r.body.contains("match 1,"), "{}", r.body);
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/2/games/1/result"),
        &json!({ "result": "0-1" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.form(&format!("/events/{id}/deals/{deal_id}/unseal"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);

    let r = anon.get(&url(1));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["record"], record.as_str());
    assert_eq!(anon.get(&page).status, 200);
    let seen = anon.get(&match_page);
    assert_eq!(seen.status, 200);
    assert!(seen.body.contains(&page), "linked once public");
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(audit.body.contains("knockout.record"), "audit-logged");

    // Only the event's arbiters submit.
    let mut other = api_client(&w, "arb2");
    let r = other.json("POST", &url(1), &json!({ "record": record }));
    assert_eq!(r.status, 403, "{}", r.body);
}
