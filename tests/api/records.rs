//! Scoresheets over HTTP: a submitted move record is adjudicated at once with the round's
//! sealed deal and the event's move limit; a legal decided record sets or confirms the result, a
//! conflict or an illegal ply is reported with nothing changed until the arbiter applies it (logged).

use crate::deals::{fields, finish_round, jieqi_record, pair_and_publish, seal, setup};
use crate::support::*;
use anqi::rules::adjudicate::GameResult;

const MATE: &str = "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. 车九进七 将4平5 2. 车八进九 1-0\n";

fn submit(arb: &mut Client, id: i64, round: u32, board: u32, record: &str) -> Resp {
    arb.form(
        &format!("/events/{id}/rounds/{round}/boards/{board}/record"),
        &[("game", "1"), ("record", record)],
    )
}

/// The record page of a board: `(entered result, status of game 1, page)`.
fn status(arb: &mut Client, id: i64, round: u32, board: u32) -> (String, String, String) {
    let page = arb.get(&format!(
        "/events/{id}/rounds/{round}/boards/{board}/record"
    ));
    assert_eq!(page.status, 200, "{}", page.body);
    let entered = html::text(&page.body, "#entered").unwrap_or_default();
    let st = html::attrs(&page.body, "[data-game=\"1\"][data-status]", "data-status")
        .into_iter()
        .next()
        .unwrap_or_default();
    (entered, st, page.body)
}

#[test]
fn a_legal_decided_record_sets_the_result_and_a_conflicting_one_waits_for_the_arbiter() {
    let w = World::new("records-xiangqi");
    let id = setup(&w, "xiangqi", 4);
    let mut arb = w.login("arb");
    assert_eq!(pair_and_publish(&mut arb, id, 1), 2);

    // Board 1 has no result: the mate sets 1-0.
    let r = submit(&mut arb, id, 1, 1, MATE);
    assert_eq!(r.status, 303, "{}", r.body);
    let (entered, st, page) = status(&mut arb, id, 1, 1);
    assert_eq!(entered, "1–0");
    assert_eq!(st, "agrees");
    assert!(page.contains("checkmate"));
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(audit.body.contains("record.submit"));
    assert!(audit.body.contains("round 1 board 1: none → 1-0"));

    // Board 2 was entered as 0-1: the record conflicts and nothing changes.
    let round = arb.get(&format!("/events/{id}/rounds/1"));
    let (b2, v2) = crate::swiss::versions(&round.body)
        .into_iter()
        .find(|(b, _)| *b == 2)
        .unwrap();
    let r = arb.form(
        &format!("/events/{id}/rounds/1/results"),
        &[("r2", "0-1"), ("v2", &v2.to_string())],
    );
    assert_eq!(r.status, 303);
    let r = submit(&mut arb, id, 1, b2, MATE);
    assert_eq!(r.status, 303, "{}", r.body);
    let (entered, st, page) = status(&mut arb, id, 1, 2);
    assert_eq!(entered, "0–1", "the entered result stays");
    assert_eq!(st, "conflict");
    assert!(page.contains("1–0 ≠ 0–1"), "{page}");

    // The arbiter decides: apply the record's result, with the version the page showed.
    let version = html::attrs(&page, "input[name=version]", "value")
        .into_iter()
        .next()
        .expect("the apply form");
    let stale = (version.parse::<i64>().unwrap() - 1).to_string();
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/2/record/apply"),
        &[("game", "1"), ("version", &stale)],
    );
    assert_eq!(r.status, 409, "a stale page is told: {}", r.body);
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/2/record/apply"),
        &[("game", "1"), ("version", &version)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let (entered, st, _) = status(&mut arb, id, 1, 2);
    assert_eq!((entered.as_str(), st.as_str()), ("1–0", "agrees"));
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(audit.body.contains("record.apply"));
    assert!(audit.body.contains("round 1 board 2: 0-1 → 1-0"));

    // Nobody else may submit or apply.
    let mut player = w.login("player");
    assert_eq!(submit(&mut player, id, 1, 1, MATE).status, 403);
    let r = player.form(
        &format!("/events/{id}/rounds/1/boards/2/record/apply"),
        &[("game", "1"), ("version", &version)],
    );
    assert_eq!(r.status, 403);
    // Without a sealed deal, the records are public.
    let mut anon = w.server.client();
    assert_eq!(
        anon.get(&format!("/events/{id}/rounds/1/boards/1/record.txt"))
            .body,
        MATE
    );
}

#[test]
fn an_illegal_record_reports_the_ply_and_changes_nothing() {
    let w = World::new("records-illegal");
    let id = setup(&w, "xiangqi", 2);
    let mut arb = w.login("arb");
    pair_and_publish(&mut arb, id, 1);
    let r = submit(&mut arb, id, 1, 1, "1. h2e2 h9g7 2. h2e2 h7e7 *");
    assert_eq!(r.status, 303, "{}", r.body);
    let (entered, st, page) = status(&mut arb, id, 1, 1);
    assert_eq!(entered, "");
    assert_eq!(st, "illegal");
    assert!(
        page.contains("3 <code>h2e2</code>"),
        "ply and token: {page}"
    );
    assert!(!page.contains("record/apply"), "nothing to apply");

    // Unreadable text is refused with the reason, and the form keeps what was typed.
    let r = submit(&mut arb, id, 1, 1, "1. h2e2 {never closed h9g7 *");
    assert_eq!(r.status, 400);
    assert!(r.body.contains("id=\"record-error\""), "{}", r.body);
    assert!(r.body.contains("unterminated comment"), "{}", r.body);
    assert!(
        r.body.contains("{never closed h9g7 *</textarea>"),
        "{}",
        r.body
    );
    let (_, st, _) = status(&mut arb, id, 1, 1);
    assert_eq!(st, "illegal", "the stored record is unchanged");

    // A legal record without a result replaces it and still sets nothing.
    let r = submit(&mut arb, id, 1, 1, "1. h2e2 h9g7 *");
    assert_eq!(r.status, 303);
    let (entered, st, _) = status(&mut arb, id, 1, 1);
    assert_eq!((entered.as_str(), st.as_str()), ("", "undecided"));
}

/// A Jieqi event of four players whose round 1 is paired and published under a deal sealed for
/// its game 1, with a legal record of `plies` plies on that deal, resigned by Red, stored on
/// board 1: the event's id, the arbiter "arb" signed in and the deal's letters.
fn record_under_a_sealed_deal(w: &World, plies: usize) -> (i64, Client, String) {
    let id = setup(w, "jieqi", 4);
    let mut arb = w.login("arb");
    let deal_id = seal(&mut arb, id, 1, "1");
    let deal = fields(&mut arb, id, deal_id)["deal"].clone();
    pair_and_publish(&mut arb, id, 1);
    let record = jieqi_record(&deal, plies, Some(GameResult::BlackWins));
    let r = submit(&mut arb, id, 1, 1, &record);
    assert_eq!(r.status, 303, "{}", r.body);
    (id, arb, deal)
}

#[test]
fn jieqi_records_are_judged_with_the_rounds_sealed_deal() {
    let w = World::new("records-jieqi");
    // A legal record played on the sealed deal, resigned by Red: 0-1 is entered.
    let (id, mut arb, deal) = record_under_a_sealed_deal(&w, 10);
    let (entered, st, page) = status(&mut arb, id, 1, 1);
    assert_eq!((entered.as_str(), st.as_str()), ("0–1", "agrees"), "{page}");

    // Red's h2 cannon square holds letter 22 of the deal; naming another piece contradicts the deal.
    let actual = deal.chars().nth(21).unwrap();
    let wrong = ['R', 'N', 'B', 'A', 'C', 'P']
        .into_iter()
        .find(|c| *c != actual)
        .unwrap();
    let lie = format!("[Variant \"jieqi\"]\n\n1. h2e2{wrong} *\n");
    let r = submit(&mut arb, id, 1, 2, &lie);
    assert_eq!(r.status, 303, "{}", r.body);
    let (entered, st, page) = status(&mut arb, id, 1, 2);
    assert_eq!((entered.as_str(), st.as_str()), ("", "illegal"));
    assert!(page.contains("reveal contradicts the deal"), "{page}");
    assert!(
        page.contains(&format!("1 <code>h2e2{wrong}</code>")),
        "{page}"
    );

    // A Deal tag other than the sealed deal is refused outright.
    let tagged = "[Variant \"jieqi\"]\n[Deal \"rnbaabnrccpppppPPPPPCCRNBAABNR\"]\n\n1. h2e2 *\n";
    if deal != "rnbaabnrccpppppPPPPPCCRNBAABNR" {
        let r = submit(&mut arb, id, 1, 2, tagged);
        assert_eq!(r.status, 400);
        assert!(r.body.contains("sealed deal"), "{}", r.body);
    }

    // Round 2 has no sealed deal: the same reveal is only checked against the pool, so it stands.
    finish_round(&mut arb, id, 1, "1-0");
    pair_and_publish(&mut arb, id, 2);
    let r = submit(&mut arb, id, 2, 1, &lie);
    assert_eq!(r.status, 303);
    let (_, st, _) = status(&mut arb, id, 2, 1);
    assert_eq!(st, "undecided");
}

/// A record whose Red or Black tag names another player than the board's is refused (page
/// and API) and the board keeps its state; names compare after folding (traditional/simplified,
/// full-width) or by start number, and a record without those tags stays accepted.
#[test]
fn a_record_naming_other_players_is_refused_and_the_board_is_unchanged() {
    let w = World::new("records-names");
    let id = setup(&w, "xiangqi", 4);
    let mut arb = w.login("arb");
    let mut api = crate::json_api::api_client(&w, "arb");
    pair_and_publish(&mut arb, id, 1);
    let round = api.get(&format!("/api/events/{id}/rounds/1")).json();
    let board = &round["boards"][0];
    let (red, black) = (
        board["red"].as_u64().unwrap(),
        board["black"].as_u64().unwrap(),
    );
    // The players are named 棋手00, 棋手01 … by start number (from 1).
    let name = |start: u64| format!("棋手{:02}", start - 1);
    let tagged = |r: &str, b: &str| format!("[Red \"{r}\"]\n[Black \"{b}\"]\n{MATE}");

    // Wrong Black name on the page: 400 with the reason, nothing stored.
    let wrong = tagged(&name(red), "胡榮華");
    let r = submit(&mut arb, id, 1, 1, &wrong);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("the Black tag names"), "{}", r.body);
    assert!(r.body.contains(&name(black)), "{}", r.body);
    let page = arb.get(&format!("/events/{id}/rounds/1/boards/1/record"));
    assert!(
        !page.body.contains("data-game=\"1\" data-status=\""),
        "no record stored: {}",
        page.body
    );
    // The same refusal through the API, with swapped colours.
    let swapped = tagged(&name(black), &name(red));
    let r = api.send(
        "POST",
        &format!("/api/events/{id}/rounds/1/boards/1/record"),
        "text/plain",
        swapped,
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("the Red tag names"), "{}", r.body);
    let round = api.get(&format!("/api/events/{id}/rounds/1")).json();
    assert_eq!(
        round["boards"][0]["result"],
        serde_json::Value::Null,
        "board unchanged"
    );

    // In Chinese the refusal is translated.
    arb.accept_language = Some("zh-TW".into());
    let r = submit(&mut arb, id, 1, 1, &wrong);
    assert_eq!(r.status, 400);
    assert!(r.body.contains("本局黑方是"), "{}", r.body);
    arb.accept_language = None;

    // Full-width names and start numbers match; the record sets the result.
    let fullwidth = name(red).replace('0', "０");
    let r = submit(&mut arb, id, 1, 1, &tagged(&fullwidth, &black.to_string()));
    assert_eq!(r.status, 303, "{}", r.body);
    let (entered, st, _) = status(&mut arb, id, 1, 1);
    assert_eq!((entered.as_str(), st.as_str()), ("1–0", "agrees"));
}

/// The scoresheet page lists the verdict's ruling events and its termination in the
/// reader's language, never the raw codes of the verdict JSON.
#[test]
fn the_scoresheet_lists_the_ruling_events_in_the_readers_language() {
    let w = World::new("records-events");
    let id = setup(&w, "xiangqi", 2);
    let mut arb = w.login("arb");
    pair_and_publish(&mut arb, id, 1);
    // The start position occurs a third time after ply 8; play goes on. (The stored verdict JSON
    // carries no occurrence count, so the page says "repeated position".)
    let rep = "1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 5. h2e2 *\n";
    let r = submit(&mut arb, id, 1, 1, rep);
    assert_eq!(r.status, 303, "{}", r.body);
    let (_, st, page) = status(&mut arb, id, 1, 1);
    assert_eq!(st, "undecided");
    assert!(
        page.contains("ply 8: repeated position, a draw by repetition; play went on"),
        "{page}"
    );
    arb.accept_language = Some("zh-TW".into());
    let (_, _, page) = status(&mut arb, id, 1, 1);
    assert!(page.contains("第 8 著：局面重複，判和；對局繼續"), "{page}");
    assert!(
        page.contains("未定（對局未完）") || page.contains("未定 (對局未完)"),
        "{page}"
    );
    for raw in ["unfinished", "repetition", "(illegal)"] {
        assert!(!page.contains(raw), "raw code {raw}: {page}");
    }
}

#[test]
fn a_written_draw_against_a_perpetual_chase_ruling_waits_for_the_arbiter() {
    let w = World::new("records-claim-conflict");
    let id = setup(&w, "xiangqi", 4);
    let mut arb = w.login("arb");
    assert_eq!(pair_and_publish(&mut arb, id, 1), 2);
    let chase = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records/perpetual_chase.pgn"),
    )
    .expect("record")
    .replace(" *", " 1/2-1/2");
    let r = submit(&mut arb, id, 1, 1, &chase);
    assert_eq!(r.status, 303, "{}", r.body);
    let (entered, st, page) = status(&mut arb, id, 1, 1);
    assert_eq!(
        (entered.as_str(), st.as_str()),
        ("", "claim_conflict"),
        "no result is entered while the record contradicts itself: {page}"
    );
    assert!(!page.contains("perpetual_chase"), "no raw codes: {page}");
    // The arbiter decides for the machine ruling.
    let version = page
        .split("name=\"version\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("an apply form")
        .to_string();
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record/apply"),
        &[("game", "1"), ("version", &version)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let (entered, _, _) = status(&mut arb, id, 1, 1);
    assert_eq!(entered, "0–1", "Red chased perpetually and loses");
}

/// A stored verdict that does not decode into a verdict (hand-edited, or written by a buggy
/// import) is a corrupt row: the record page and the viewer answer an error, never the record
/// with an empty verdict as if nothing were wrong.
/// Stops `w`'s server, writes `verdict` over the stored verdict of its one record, and starts a
/// server again on the same database.
fn restarted_with_verdict(w: World, verdict: &str) -> World {
    let World { server, dir } = w;
    server.stop();
    let n = update_stored(
        &dir.database_url(),
        "UPDATE game_records SET verdict = $1",
        verdict,
    );
    assert_eq!(n, 1, "one stored record");
    World {
        server: Server::start(&dir),
        dir,
    }
}

#[test]
fn a_stored_verdict_that_does_not_decode_is_an_error_not_an_empty_verdict() {
    let w = World::new("records-corrupt-verdict");
    let id = setup(&w, "xiangqi", 2);
    let mut arb = w.login("arb");
    pair_and_publish(&mut arb, id, 1);
    let r = submit(&mut arb, id, 1, 1, MATE);
    assert_eq!(r.status, 303, "{}", r.body);
    // Valid JSON, but no verdict: an unknown result.
    let w = restarted_with_verdict(
        w,
        r#"{"variant": "xiangqi", "result": "red is ahead", "termination": "checkmate"}"#,
    );
    let mut arb = w.login("arb");
    for path in [
        format!("/events/{id}/rounds/1/boards/1/record"),
        format!("/events/{id}/rounds/1/boards/1"),
    ] {
        let r = arb.get(&path);
        assert_eq!(r.status, 500, "{path} shows a corrupt verdict: {}", r.body);
    }
}

/// A record under a sealed deal answers a visitor exactly as a board without a record, and the
/// answer is decided from the round's deals before any record is read: even a hidden record whose
/// row is corrupt gives the visitor the same 404 as a missing one (only the arbiters, who may see
/// it, are told the row is broken), so neither the answer nor its timing tells the two apart.
#[test]
fn a_hidden_record_answers_as_a_missing_one_without_being_read() {
    let w = World::new("records-hidden-missing");
    let (id, _, _) = record_under_a_sealed_deal(&w, 6);

    let pages = |board: u32| {
        let base = format!("/events/{id}/rounds/1/boards/{board}");
        [
            format!("{base}/record"),
            format!("{base}/record.txt"),
            base.clone(),
            format!("{base}/games/1"),
        ]
    };
    let answers = |anon: &mut Client, board: u32| {
        pages(board)
            .into_iter()
            .map(|p| {
                let r = anon.get(&p);
                (
                    r.status,
                    r.body.replace(&format!("boards/{board}"), "boards/N"),
                )
            })
            .collect::<Vec<_>>()
    };
    let mut anon = w.server.client();
    let hidden = answers(&mut anon, 1);
    assert!(hidden.iter().all(|(s, _)| *s == 404), "{hidden:?}");
    assert_eq!(hidden, answers(&mut anon, 2), "hidden and missing differ");

    // Break the hidden record's row: a visitor is still answered without it being read.
    let w = restarted_with_verdict(w, "not a verdict");
    let mut anon = w.server.client();
    let hidden = answers(&mut anon, 1);
    assert!(
        hidden.iter().all(|(s, _)| *s == 404),
        "the hidden row was read: {hidden:?}"
    );
    assert_eq!(hidden, answers(&mut anon, 2), "hidden and missing differ");
    let mut arb = w.login("arb");
    let r = arb.get(&format!("/events/{id}/rounds/1/boards/1/record"));
    assert_eq!(r.status, 500, "the arbiter's page reads the broken row");
}
