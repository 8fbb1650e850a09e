//! Corrections and undo of rounds and records over HTTP: withdrawing a published round
//! and pairing it again, cancelling byes, undoing a withdrawal, late-entry byes, deleting a record,
//! and the results form that stores the valid boards and marks the bad one. Every correction needs
//! a reason (kept in the audit log) and the confirmation box, both checked by the server.

use serde_json::json;

use crate::deals::{fields, jieqi_record, pair_and_publish, seal, setup};
use crate::knockout::find_match;
use crate::support::*;
use anqi::rules::adjudicate::GameResult;

const MATE: &str = "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. 车九进七 将4平5 2. 车八进九 1-0\n";

/// The event page's audit log, one row's text per entry.
fn audit(arb: &mut Client, id: i64) -> Vec<String> {
    let page = arb.get(&format!("/events/{id}/audit"));
    let codes = html::attrs(&page.body, "#audit tbody tr", "data-action");
    html::rows(&page.body, "#audit tbody tr")
        .into_iter()
        .zip(codes)
        .map(|(cells, code)| format!("{code} {}", cells.join(" ")))
        .collect()
}

/// The value of the input named `name` on a page.
fn input_value(body: &str, name: &str) -> Option<String> {
    html::attrs(body, &format!("input[name=\"{name}\"]"), "value")
        .into_iter()
        .next()
}

#[test]
fn a_published_round_without_results_is_withdrawn_and_paired_again() {
    let w = World::new("rc-withdraw-round");
    let id = setup(&w, "xiangqi", 8);
    let mut arb = w.login("arb");
    assert_eq!(pair_and_publish(&mut arb, id, 1), 4);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    assert!(html::text(&page.body, "#withdraw-round").is_some());

    // Without the confirmation box: refused beside the form, the reason kept.
    let url = format!("/events/{id}/rounds/1/withdraw");
    let r = arb.form(&url, &[("reason", "wrong bye")]);
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "#withdraw-round [role=alert]").expect("the error is inline");
    assert!(error.contains("confirmation"), "{error}");
    assert_eq!(input_value(&r.body, "reason").as_deref(), Some("wrong bye"));
    // Without a reason: refused too.
    let r = arb.form(&url, &[("reason", " "), ("confirm", "yes")]);
    assert_eq!(r.status, 400);
    assert_eq!(arb.get(&format!("/events/{id}/rounds/1")).status, 200);

    let r = arb.form(&url, &[("reason", "wrong bye"), ("confirm", "yes")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(arb.get(&format!("/events/{id}/rounds/1")).status, 404);
    assert!(
        audit(&mut arb, id)
            .iter()
            .any(|row| row.contains("round.withdraw") && row.contains("round 1 (wrong bye)")),
        "the reason is in the audit log"
    );

    // Paired again; once a result is in, the round stays.
    assert_eq!(pair_and_publish(&mut arb, id, 1), 4);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let (board, version) = crate::swiss::versions(&page.body)[1];
    let r = arb.form(
        &format!("/events/{id}/rounds/1/results"),
        &[
            (&format!("r{board}") as &str, "1-0"),
            (&format!("v{board}"), &version.to_string()),
        ],
    );
    assert_eq!(r.status, 303);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    assert!(html::text(&page.body, "#withdraw-round").is_none());
    let r = arb.form(&url, &[("reason", "too late"), ("confirm", "yes")]);
    assert_eq!(r.status, 409, "{}", r.body);
    let error = html::text(&r.body, "[role=alert]").expect("the refusal is shown");
    assert!(error.contains(&format!("board {board}")), "{error}");
    assert_eq!(arb.get(&format!("/events/{id}/rounds/1")).status, 200);

    // Someone who does not arbitrate the event cannot.
    let mut arb2 = w.login("arb2");
    assert_eq!(
        arb2.form(&url, &[("reason", "x"), ("confirm", "yes")])
            .status,
        403
    );
}

#[test]
fn byes_are_cancelled_and_withdrawals_undone_with_a_reason() {
    let w = World::new("rc-byes");
    let id = setup(&w, "xiangqi", 8);
    let mut arb = w.login("arb");
    let r = arb.form(
        &format!("/events/{id}/byes"),
        &[("start", "3"), ("round", "1"), ("kind", "H")],
    );
    assert_eq!(r.status, 303);
    let index = format!("/events/{id}/rounds");
    assert_eq!(
        html::texts(&arb.get(&index).body, "#bye-requests li").len(),
        1
    );

    // A bad round number comes back beside the bye form with what was typed.
    let r = arb.form(
        &format!("/events/{id}/byes"),
        &[("start", "4"), ("round", "x9"), ("kind", "Z")],
    );
    assert_eq!(r.status, 400);
    assert!(html::text(&r.body, "#bye-form [role=alert]").is_some());
    assert_eq!(
        html::attrs(&r.body, "#bye-form input[name=round]", "value"),
        ["x9"]
    );

    // Cancelling needs the confirmation.
    let cancel = format!("/events/{id}/byes/cancel");
    let r = arb.form(
        &cancel,
        &[("round", "1"), ("start", "3"), ("reason", "came")],
    );
    assert_eq!(r.status, 400);
    assert!(html::text(&r.body, "#cancel-bye-form [role=alert]").is_some());
    let r = arb.form(
        &cancel,
        &[
            ("round", "1"),
            ("start", "3"),
            ("reason", "the player came"),
            ("confirm", "yes"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(html::texts(&arb.get(&index).body, "#bye-requests li").is_empty());
    let r = arb.form(
        &cancel,
        &[
            ("round", "1"),
            ("start", "3"),
            ("reason", "again"),
            ("confirm", "yes"),
        ],
    );
    assert_eq!(r.status, 409, "nothing left to cancel");

    // A withdrawal needs a reason and the confirmation; it is undone the same way.
    let withdraw = format!("/events/{id}/withdraw");
    let r = arb.form(&withdraw, &[("start", "8")]);
    assert_eq!(r.status, 400);
    assert!(html::text(&r.body, "#withdraw-form [role=alert]").is_some());
    assert_eq!(
        html::attrs(&r.body, "#withdraw-form input[name=start]", "value"),
        ["8"]
    );
    let r = arb.form(
        &withdraw,
        &[("start", "8"), ("reason", "ill"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let listed = html::texts(&arb.get(&index).body, "#withdrawn li");
    assert_eq!(listed.len(), 1);
    assert!(listed[0].starts_with("8."), "{listed:?}");
    let undo = format!("/events/{id}/withdraw/undo");
    let r = arb.form(&undo, &[("start", "8"), ("reason", "recovered")]);
    assert_eq!(r.status, 400);
    let r = arb.form(
        &undo,
        &[("start", "8"), ("reason", "recovered"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(html::texts(&arb.get(&index).body, "#withdrawn li").is_empty());
    let r = arb.form(
        &undo,
        &[("start", "8"), ("reason", "again"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 409, "player 8 is not withdrawn any more");
    let log = audit(&mut arb, id);
    for (action, detail) in [
        ("bye.cancel", "round 1 #3 (the player came)"),
        ("player.withdraw", "#8 from round 1 (ill)"),
        ("player.withdraw_undo", "#8 (recovered)"),
    ] {
        assert!(
            log.iter()
                .any(|row| row.contains(action) && row.contains(detail)),
            "{action} {detail} in {log:?}"
        );
    }

    // Player 8 is paired again, and player 3 plays.
    assert_eq!(pair_and_publish(&mut arb, id, 1), 4);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let seats: Vec<u32> = crate::swiss::pairings(&page.body)
        .into_iter()
        .flat_map(|(r, b)| std::iter::once(r).chain(b))
        .collect();
    assert!(seats.contains(&8) && seats.contains(&3), "{seats:?}");
}

#[test]
fn a_late_entry_is_given_byes_for_the_rounds_missed() {
    let w = World::new("rc-late");
    let id = setup(&w, "xiangqi", 6);
    let mut arb = w.login("arb");
    let mut org = w.login("org");
    assert_eq!(pair_and_publish(&mut arb, id, 1), 3);
    crate::deals::finish_round(&mut arb, id, 1, "1-0");
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "遲來者"), ("rating", "1500")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let index = format!("/events/{id}/rounds");
    let late = html::texts(&arb.get(&index).body, "#late-entries li");
    assert_eq!(late.len(), 1, "{late:?}");
    assert!(
        late[0].starts_with("7.") && late[0].ends_with(" 1"),
        "{late:?}"
    );

    // A full point is not a late entry's bye.
    let url = format!("/events/{id}/byes/late");
    let r = arb.form(&url, &[("start", "7"), ("kind", "F")]);
    assert_eq!(r.status, 400);
    assert!(html::text(&r.body, "#late-bye-form [role=alert]").is_some());
    let r = arb.form(&url, &[("start", "7"), ("kind", "H")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&index);
    assert!(html::texts(&page.body, "#late-entries li").is_empty());
    assert_eq!(html::texts(&page.body, "#late-byes li").len(), 1);
    let r = arb.form(&url, &[("start", "7"), ("kind", "H")]);
    assert_eq!(r.status, 409, "no missed round left");
    // A half-point bye scores a draw: 1 point in Chinese scoring.
    let csv = arb.get(&format!("/events/{id}/standings.csv")).body;
    let row = csv
        .lines()
        .find(|l| l.contains("遲來者"))
        .expect("the late entry is in the standings");
    assert_eq!(row.split(',').nth(4), Some("1"), "points: {row}");
    assert!(
        audit(&mut arb, id).iter().any(
            |row| row.contains("bye.late_entry") && row.contains("#7 rounds 1: half-point bye")
        )
    );

    // The bye is cancelled like any other, with a reason.
    let r = arb.form(
        &format!("/events/{id}/byes/cancel"),
        &[
            ("round", "1"),
            ("start", "7"),
            ("reason", "regulations give zero"),
            ("confirm", "yes"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&index);
    assert_eq!(html::texts(&page.body, "#late-entries li").len(), 1);
    let r = arb.form(&url, &[("start", "7"), ("kind", "Z")]);
    assert_eq!(r.status, 303);
    // Round 2 pairs the late entry.
    assert_eq!(pair_and_publish(&mut arb, id, 2), 3);
}

#[test]
fn deleting_a_record_keeps_the_boards_result() {
    let w = World::new("rc-delete-record");
    let id = setup(&w, "xiangqi", 4);
    let mut arb = w.login("arb");
    assert_eq!(pair_and_publish(&mut arb, id, 1), 2);
    let page_url = format!("/events/{id}/rounds/1/boards/1/record");
    let r = arb.form(&page_url, &[("game", "1"), ("record", MATE)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&page_url);
    assert_eq!(html::text(&page.body, "#entered").as_deref(), Some("1–0"));
    assert_eq!(html::texts(&page.body, "section.record").len(), 1);

    let url = format!("{page_url}/delete");
    let r = arb.form(&url, &[("game", "1"), ("reason", "wrong board")]);
    assert_eq!(r.status, 400);
    assert!(html::text(&r.body, "#delete-record-1 [role=alert]").is_some());
    assert_eq!(
        html::attrs(&r.body, "#delete-record-1 input[name=reason]", "value"),
        ["wrong board"]
    );
    let r = arb.form(
        &url,
        &[("game", "1"), ("reason", "wrong board"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&page_url);
    assert!(html::texts(&page.body, "section.record").is_empty());
    assert_eq!(
        html::text(&page.body, "#entered").as_deref(),
        Some("1–0"),
        "the arbiter's result stays"
    );
    assert_eq!(arb.get(&format!("{page_url}.txt?game=1")).status, 404);
    assert!(
        audit(&mut arb, id)
            .iter()
            .any(|row| row.contains("record.delete")
                && row.contains("round 1 board 1 game 1 (wrong board)"))
    );
    let r = arb.form(
        &url,
        &[("game", "1"), ("reason", "again"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 409, "no record left");
    let mut player = w.login("player");
    assert_eq!(
        player
            .form(&url, &[("game", "1"), ("reason", "x"), ("confirm", "yes")])
            .status,
        403
    );
}

#[test]
fn deleting_a_knockout_game_record_keeps_the_games_result() {
    let w = World::new("rc-delete-ko-record");
    let (id, mut arb, mut api) = crate::knockout::seeded_after_one_round(&w, "1");
    let deal_id = seal(&mut arb, id, 2, "1");
    let deal = fields(&mut arb, id, deal_id)["deal"].clone();
    let api_url = format!("/api/events/{id}/knockout/matches/1/games/1/record");
    let record = jieqi_record(&deal, 10, Some(GameResult::RedWins));
    let r = api.json("POST", &api_url, &json!({ "record": record }));
    assert_eq!(r.status, 200, "{}", r.body);

    let url = format!("/events/{id}/knockout/matches/1/games/1/record/delete");
    let r = arb.form(&url, &[("reason", "wrong game")]);
    assert_eq!(r.status, 400);
    assert!(html::text(&r.body, "#delete-record-1 [role=alert]").is_some());
    let r = arb.form(&url, &[("reason", "wrong game"), ("confirm", "yes")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(api.get(&api_url).status, 404);
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    assert_eq!(
        find_match(&bracket, 1)["games"][0]["result"],
        "1-0",
        "the game's result stays"
    );
    assert!(
        audit(&mut arb, id)
            .iter()
            .any(|row| row.contains("knockout.record_delete")
                && row.contains("match 1 game 1 (wrong game)"))
    );
}

#[test]
fn the_results_form_stores_the_valid_boards_and_marks_the_bad_one() {
    let w = World::new("rc-results");
    let id = setup(&w, "xiangqi", 8);
    let mut arb = w.login("arb");
    assert_eq!(pair_and_publish(&mut arb, id, 1), 4);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let v = crate::swiss::versions(&page.body);
    let r = send_results(&mut arb, id, 1, &v, &["1-0", "2-0", "0-1", ""]);
    assert_eq!(r.status, 400, "{}", r.body);
    let saved = html::text(&r.body, "#saved").expect("the confirmation");
    assert!(saved.starts_with("Results saved: 2."), "{saved}");
    assert!(saved.contains("board 2"), "{saved}");
    // The bad box is marked with its reason and keeps what was typed.
    assert_eq!(input_value(&r.body, "r2").as_deref(), Some("2-0"));
    assert_eq!(
        html::attrs(&r.body, "tr.refused", "data-board"),
        ["2"],
        "only board 2 is marked"
    );
    let why = html::text(&r.body, "#refused-2").expect("the reason beside the box");
    assert!(why.contains("'2-0'"), "{why}");
    // Boards 1 and 3 are stored, board 2 is not.
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    assert_eq!(input_value(&page.body, "r1").as_deref(), Some("1-0"));
    assert_eq!(input_value(&page.body, "r2").as_deref(), Some(""));
    assert_eq!(input_value(&page.body, "r3").as_deref(), Some("0-1"));
    assert!(html::text(&page.body, "#each-board").is_some());

    // All valid: a redirect that says how many were saved.
    let v2 = crate::swiss::versions(&page.body)[1].1.to_string();
    let r = arb.form(
        &format!("/events/{id}/rounds/1/results"),
        &[("r2", "="), ("v2", &v2)],
    );
    assert_eq!(r.status, 303);
    let location = r.location.unwrap();
    assert!(location.ends_with("?saved=1"), "{location}");
    let page = arb.get(&location);
    assert_eq!(
        html::text(&page.body, "#saved").as_deref(),
        Some("Results saved: 1.")
    );
    // A count beyond the round's boards is not shown.
    let page = arb.get(&format!("/events/{id}/rounds/1?saved=99"));
    assert!(html::text(&page.body, "#saved").is_none());

    // Tab goes from result box to result box: the links between them leave the Tab order.
    let links = html::attrs(&page.body, "#pairings a", "tabindex");
    assert!(!links.is_empty());
    assert!(links.iter().all(|t| t == "-1"), "{links:?}");
}

#[test]
fn a_late_entrant_is_paired_when_the_round_they_joined_for_is_paired_again() {
    let w = World::new("rc-late-withdrawn");
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
