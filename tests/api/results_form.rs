//! The arbiter's results form of a round (RULES.md §7): after a partly refused save the page shows
//! the round as saved; a result changed after the next round (or the knockout) was paired on it is
//! a correction with a reason and a confirmation, logged, and warned about beside the form.

use serde_json::json;

use crate::json_api::api_client;
use crate::support::*;
use crate::swiss::{pairings, versions};

/// A 4-player Jieqi event without deals required, its arbiter "arb", round 1 paired and published.
fn round_one(w: &World) -> (i64, Client) {
    let id = event("結果表格", "jieqi")
        .sheet(FOUR_PLAYERS)
        .arbiter("arb")
        .published_rounds(1)
        .build(w);
    (id, w.login("arb"))
}

/// The value of board `b`'s result box on a round page.
fn result_box(body: &str, b: u32) -> String {
    html::attrs(body, &format!("input[name=r{b}]"), "value")
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// The fields of the results form: each board's result as given and its version from `page`.
fn fields(page: &str, results: &[(u32, &str)]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (board, version) in versions(page) {
        if let Some((_, r)) = results.iter().find(|(b, _)| *b == board) {
            out.push((format!("r{board}"), r.to_string()));
            out.push((format!("v{board}"), version.to_string()));
        }
    }
    out
}

fn send(arb: &mut Client, path: &str, fields: &[(String, String)], more: &[(&str, &str)]) -> Resp {
    let mut all: Vec<(&str, &str)> = fields
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    all.extend_from_slice(more);
    arb.form(path, &all)
}

#[test]
fn after_a_partly_refused_save_the_page_shows_the_boards_that_were_saved() {
    let w = World::new("results-partly-refused");
    let (id, mut arb) = round_one(&w);
    let url = format!("/events/{id}/rounds/1");
    let page = arb.get(&url);
    let r = send(
        &mut arb,
        &format!("{url}/results"),
        &fields(&page.body, &[(1, "1-0"), (2, "9-9")]),
        &[],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    // Board 1 was saved: its box holds the result, and the round can no longer be withdrawn as
    // "without results".
    assert_eq!(result_box(&r.body, 1), "1-0", "{}", r.body);
    assert_eq!(
        result_box(&r.body, 2),
        "9-9",
        "the refused box keeps what was typed"
    );
    assert!(html::text(&r.body, "#refused-2").is_some());
    assert_eq!(html::text(&r.body, "#withdraw-round"), None, "{}", r.body);
    // Saving again from this page stores board 2 without a "changed by someone else" note.
    let again = send(
        &mut arb,
        &format!("{url}/results"),
        &fields(&r.body, &[(1, "1-0"), (2, "0-1")]),
        &[],
    );
    assert_eq!(again.status, 303, "{}", again.body);
    let loc = again.location.unwrap();
    assert!(!loc.contains("stale"), "{loc}");
    let page = arb.get(&url);
    assert_eq!(result_box(&page.body, 1), "1-0");
    assert_eq!(result_box(&page.body, 2), "0-1");
}

#[test]
fn a_result_changed_after_the_next_round_is_paired_needs_a_reason_and_is_logged() {
    let w = World::new("results-late-change");
    let (id, mut arb) = round_one(&w);
    let url = format!("/events/{id}/rounds/1");
    let page = arb.get(&url);
    assert_eq!(
        html::text(&page.body, "#late-change"),
        None,
        "nothing paired yet"
    );
    let r = send(
        &mut arb,
        &format!("{url}/results"),
        &fields(&page.body, &[(1, "1-0"), (2, "1-0")]),
        &[],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // Before round 2 is paired a change is an ordinary entry.
    let page = arb.get(&url);
    let r = send(
        &mut arb,
        &format!("{url}/results"),
        &fields(&page.body, &[(2, "1/2-1/2")]),
        &[],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "pair round 2: {}", r.body);

    // Now the form warns that round 2 was paired on these scores.
    let page = arb.get(&url);
    let warning = html::text(&page.body, "#late-change").expect("the warning beside the form");
    assert!(warning.contains("round 2"), "{warning}");
    // A change without a reason is refused beside its board, and nothing changes.
    let r = send(
        &mut arb,
        &format!("{url}/results"),
        &fields(&page.body, &[(1, "0-1")]),
        &[],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let why = html::text(&r.body, "#refused-1").expect("board 1 refused");
    assert!(why.contains("round 2") && why.contains("reason"), "{why}");
    assert_eq!(result_box(&arb.get(&url).body, 1), "1-0");
    // A reason without the tick is refused too, and the reason stays typed.
    let r = send(
        &mut arb,
        &format!("{url}/results"),
        &fields(&page.body, &[(1, "0-1")]),
        &[("reason", "記分紙抄錯")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(
        html::attrs(&r.body, "#late-change-reason", "value"),
        ["記分紙抄錯"]
    );
    // With both, the result changes and the audit log keeps the reason.
    let r = send(
        &mut arb,
        &format!("{url}/results"),
        &fields(&page.body, &[(1, "0-1")]),
        &[("reason", "記分紙抄錯"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(result_box(&arb.get(&url).body, 1), "0-1");
    let audit = arb.get(&format!("/events/{id}/audit"));
    let rows = html::rows(&audit.body, "tbody tr");
    assert!(
        rows.iter().any(|row| {
            let line = row.join(" ");
            line.contains("Result corrected after a later pairing") && line.contains("記分紙抄錯")
        }),
        "{rows:?}"
    );

    // The JSON API asks for the reason too.
    let mut api = api_client(&w, "arb");
    let board = |b: u32| format!("/api/events/{id}/rounds/1/boards/{b}/result");
    let r = api.json("PUT", &board(2), &json!({"result": "0-1"}));
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("reason"), "{}", r.body);
    let r = api.json(
        "PUT",
        &board(2),
        &json!({"result": "0-1", "reason": "wrong slip"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // Round 2's own results are entered as usual.
    let round2 = arb.get(&format!("/events/{id}/rounds/2"));
    assert_eq!(pairings(&round2.body).len(), 2);
}

#[test]
fn a_player_reports_from_their_own_board_and_a_conflict_waits_for_the_arbiter() {
    let w = World::new("results-self-report");
    let (id, mut arb) = round_one(&w);
    create_user(&w.dir, "p1", "player");
    create_user(&w.dir, "p3", "player");
    let mut org = w.login("org");
    let url = format!("/events/{id}/rounds/1");
    // Round 1 with 4 players: 1–3 and 4–2 (player 1 Red).
    assert_eq!(pairings(&arb.get(&url).body)[0], (1, Some(3)));
    for (start, name) in [(1, "p1"), (3, "p3")] {
        let r = org.form(
            &format!("/events/{id}/players/{start}/link"),
            &[("name", name)],
        );
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let mut p1 = w.login("p1");
    let mut p3 = w.login("p3");

    // Each sees their own board marked, and the choices in their own terms.
    let page = p3.get(&url);
    assert_eq!(
        html::attrs(&page.body, "tr.mine", "data-board"),
        ["1"],
        "{}",
        page.body
    );
    let line = html::text(&page.body, "#my-board-line").expect("the player's line");
    assert_eq!(line, "You play Black against 1. 甲一, board 1");
    let choices = html::attr_pairs(&page.body, "#report input[type=radio]", "value", "name");
    assert_eq!(
        choices.iter().map(|(v, _)| v.as_str()).collect::<Vec<_>>(),
        ["0-1", "1/2-1/2", "1-0"],
        "I won, drawn, I lost from Black's side"
    );
    p3.accept_language = Some("zh-HK".into());
    let line = html::text(&p3.get(&url).body, "#my-board-line").expect("the player's line");
    assert_eq!(line, "你執黑，對 1. 甲一，第 1 台");

    // Player 1 reports a win: a confirmation, and the page says it waits for the opponent.
    let r = p1.form(&format!("{url}/boards/1/report"), &[("result", "1-0")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = p1.get(r.location.as_deref().unwrap());
    assert!(
        html::text(&page.body, "#reported").is_some(),
        "{}",
        page.body
    );
    // Player 3 reports a win too: both reports are kept, side by side, for the arbiter.
    let r = p3.form(&format!("{url}/boards/1/report"), &[("result", "0-1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(r.location.as_deref().unwrap().contains("reported=conflict"));
    let page = arb.get(&url);
    let reports = html::text(&page.body, "tr[data-board='1'] .reports.conflict")
        .expect("the conflict shown to the arbiter");
    assert!(
        reports.contains("Red reported 1–0") && reports.contains("Black reported 0–1"),
        "{reports}"
    );
    assert_eq!(result_box(&page.body, 1), "", "no result yet");
    // Player 1 changes their own report to player 3's: confirmed and entered.
    let r = p1.form(&format!("{url}/boards/1/report"), &[("result", "0-1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{url}?reported=confirmed#my-board")
    );
    assert_eq!(result_box(&arb.get(&url).body, 1), "0-1");
    // Nobody reports another board, or a board with its result.
    let r = p1.form(&format!("{url}/boards/2/report"), &[("result", "1-0")]);
    assert_eq!(r.status, 403);
    let r = p1.form(&format!("{url}/boards/1/report"), &[("result", "1-0")]);
    assert_eq!(r.status, 409);
}
