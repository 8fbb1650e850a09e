//! The small gaps of issue 18: a knockout file upload asks for the game's deal as a single game's
//! start does; the old rating route asks for a correction's reason; a late entrant is paired again
//! after their round is withdrawn.

use serde_json::json;

use crate::deals::{fields, jieqi_record, seal};
use crate::json_api::api_client;
use crate::support::*;
use anqi::rules::adjudicate::GameResult;

/// A Jieqi event requiring deals: one Swiss round (played on its sealed deal) and a knockout of four
/// seeded, one game per match. Returns the event id.
fn seeded_knockout_requiring_deals(w: &World) -> i64 {
    let mut org = w.login("org");
    let id = create_event_with(
        &mut org,
        &[
            ("name", "必須佈局"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
            ("swiss_rounds", "1"),
            ("knockout_size", "4"),
            ("best_of", "1"),
            ("deals_required", "on"),
        ],
    );
    crate::knockout::register(&mut org, id, 4);
    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    seal(&mut arb, id, 1, "1");
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    crate::deals::finish_round(&mut arb, id, 1, "1-0");
    let mut api = api_client(w, "arb");
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    id
}

#[test]
fn a_knockout_upload_enters_no_result_of_a_game_without_its_deal() {
    let w = World::new("gaps-upload-deal");
    let id = seeded_knockout_requiring_deals(&w);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    let game = &crate::knockout::find_match(&bracket, 1)["games"][0];
    let (red, black) = (
        game["red"].as_u64().unwrap(),
        game["black"].as_u64().unwrap(),
    );
    let tags = format!("[Round \"2.1\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n");
    let url = format!("/events/{id}/records/upload");
    let check = |arb: &mut Client, file: &str| {
        let r = arb.form(
            &url,
            &[("round", "2"), ("records", file), ("action", "check")],
        );
        assert_eq!(r.status, 200, "{}", r.body);
        html::text(&r.body, "#game-1").unwrap_or_default()
    };

    // No deal sealed for the semi-finals: the record is read, its result is not entered.
    let any_deal = "rnbaabnrccpppppPPPPPCCRNBAABNR";
    let file = tags.clone() + &jieqi_record(any_deal, 10, Some(GameResult::RedWins));
    let shown = check(&mut arb, &file);
    assert!(
        shown.contains("the record is stored but its result is not entered")
            && shown.contains("Game 1 of match 1 cannot start"),
        "{shown}"
    );
    // Once the game's deal is sealed, the same upload enters the result.
    let deal_id = seal(&mut arb, id, 2, "1");
    let deal = fields(&mut arb, id, deal_id)["deal"].clone();
    let file = tags + &jieqi_record(&deal, 10, Some(GameResult::RedWins));
    let shown = check(&mut arb, &file);
    assert!(!shown.contains("cannot start"), "{shown}");
    assert!(!shown.contains("is not entered"), "{shown}");
    let page = arb.form(
        &url,
        &[("round", "2"), ("records", &file), ("action", "check")],
    );
    let digest = html::attrs(&page.body, "input[name=digest]", "value")
        .into_iter()
        .next()
        .expect("a digest");
    let r = arb.form(
        &url,
        &[
            ("round", "2"),
            ("records", &file),
            ("action", "confirm"),
            ("digest", &digest),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    assert_eq!(
        crate::knockout::find_match(&bracket, 1)["games"][0]["result"],
        "1-0"
    );
}

#[test]
fn the_old_rating_route_asks_for_a_confirmation_and_a_reason() {
    let w = World::new("gaps-rating-reason");
    let mut org = w.login("org");
    let id = create_event(&mut org, "等級分更正", "xiangqi");
    let r = org.form(
        &format!("/events/{id}/players/import"),
        &[("csv", "name,club,rating\n甲,荃灣,1800\n乙,荃灣,1700\n")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let yi = entry_id(&mut org, id, "乙");
    let url = format!("/events/{id}/players/{yi}/rating");
    let rating_of_yi = |org: &mut Client| {
        let page = org.get(&format!("/events/{id}/players")).body;
        html::rows(&page, "#players tbody tr")
            .into_iter()
            .find(|r| r[1].contains('乙'))
            .map(|r| r.join(" "))
            .unwrap_or_default()
    };
    for (fields, why) in [
        (vec![("rating", "1900")], "confirm"),
        (vec![("rating", "1900"), ("confirm", "yes")], "reason"),
        (vec![("rating", "1900"), ("reason", "May list")], "confirm"),
    ] {
        let r = org.form(&url, &fields);
        assert_eq!(r.status, 400, "{why}: {}", r.body);
        assert!(rating_of_yi(&mut org).contains("1700"), "unchanged");
    }
    let r = org.form(
        &url,
        &[
            ("rating", "1900"),
            ("confirm", "yes"),
            ("reason", "the May rating list"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(rating_of_yi(&mut org).contains("1900"));
    let audit = org.get(&format!("/events/{id}/audit")).body;
    assert!(audit.contains("the May rating list"), "{audit}");
}

#[test]
fn a_late_entrant_is_paired_when_the_round_they_joined_for_is_paired_again() {
    let w = World::new("gaps-late-withdrawn");
    let id = crate::deals::setup(&w, "xiangqi", 7);
    let mut arb = w.login("arb");
    let mut org = w.login("org");
    crate::deals::pair_and_publish(&mut arb, id, 1);
    crate::deals::finish_round(&mut arb, id, 1, "1-0");
    // Seven players: three boards and a bye.
    assert_eq!(crate::deals::pair_and_publish(&mut arb, id, 2), 3);
    // A player registers while round 2 is out (they would join at round 3) ...
    let r = org.form(
        &format!("/events/{id}/players/import"),
        &[("csv", "name,club,rating\n遲來者,荃灣,1500\n")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // ... then round 2 is withdrawn and paired again: the late entrant is in it.
    let r = arb.form(
        &format!("/events/{id}/rounds/2/withdraw"),
        &[("reason", "a late entry arrived"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(crate::deals::pair_and_publish(&mut arb, id, 2), 4);
    let page = arb.get(&format!("/events/{id}/rounds/2")).body;
    assert!(page.contains("遲來者"), "{page}");
    // They missed round 1 only: its late-entry bye is given, none is due for round 2.
    let late_bye = |arb: &mut Client| {
        arb.form(
            &format!("/events/{id}/byes/late"),
            &[("start", "8"), ("kind", "Z")],
        )
        .status
    };
    assert_eq!(late_bye(&mut arb), 303);
    assert_eq!(late_bye(&mut arb), 409, "round 2 was not missed");
}
