//! The Swiss stage through the pages: pairing drafts, publication, result entry with version checks,
//! byes and withdrawals, standings, crosstable and player cards.

use crate::support::*;

/// The round page's readers (in `support`), by the name the other files know them by.
pub use crate::support::{pairings, versions};

/// A Jieqi event of `players` numbered players with the arbiter "arb", on a server of its own:
/// the server, the event's id and "arb" signed in.
fn swiss_event(tag: &str, players: usize) -> (World, i64, Client) {
    let w = World::new(tag);
    let id = event("Swiss test", "jieqi")
        .players(players)
        .arbiter("arb")
        .build(&w);
    let arb = w.login("arb");
    (w, id, arb)
}

/// The start numbers of everyone seated at a board of these pairings.
fn seated(boards: &[(u32, Option<u32>)]) -> Vec<u32> {
    boards
        .iter()
        .flat_map(|(r, b)| [Some(*r), *b])
        .flatten()
        .collect()
}

#[test]
fn a_round_is_paired_as_a_draft_published_and_its_results_entered() {
    let (w, id, mut arb) = swiss_event("swiss-round", 9);
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(format!("/events/{id}/rounds/1").as_str())
    );

    // A draft is secret to everyone but the event's arbiters.
    let mut anon = w.server.client();
    assert_eq!(anon.get(&format!("/events/{id}/rounds/1")).status, 404);
    let draft = arb.get(&format!("/events/{id}/rounds/1"));
    let boards = pairings(&draft.body);
    assert_eq!(boards.len(), 5, "4 games and the bye");
    // Round 1 of the Dutch system: top half against bottom half, player 1 Red by the lot.
    assert_eq!(boards[0], (1, Some(5)));
    assert_eq!(boards[4], (9, None), "lowest player gets the bye");

    assert_eq!(
        arb.form(&format!("/events/{id}/rounds/1/publish"), &[])
            .status,
        303
    );
    let public = anon.get(&format!("/events/{id}/rounds/1"));
    assert_eq!(public.status, 200);
    assert!(public.body.contains("棋手00"));

    // Round 2 cannot be paired before every result is in.
    let r = arb.form(&format!("/events/{id}/rounds"), &[]);
    assert_eq!(r.status, 409);
    assert!(r.body.contains("without a result"), "{}", r.body);

    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let v = versions(&page.body);
    assert_eq!(v.len(), 4);
    let r = send_results(&mut arb, id, 1, &v, &["1-0", "0-1", "=", "1-0F"]);
    assert_eq!(r.status, 303);
    assert!(!r.location.unwrap().contains("stale"));

    // A second arbiter's form loaded before that save is told, not silently applied.
    let stale = [("r1", "0-1"), ("v1", "0")];
    let r = arb.form(&format!("/events/{id}/rounds/1/results"), &stale);
    assert!(r.location.unwrap().contains("stale=1"));
    let page = anon.get(&format!("/events/{id}/rounds/1"));
    assert!(page.body.contains("1–0"), "the first result stays");
    // The note names only boards of the round, never text from the link.
    let page = arb.get(&format!("/events/{id}/rounds/1?stale=1,99,%3Cb%3Ehacked"));
    let note = html::text(&page.body, "[role=alert]").expect("the stale note is shown");
    assert!(note.ends_with(" 1"), "{note}");
    assert!(!page.body.contains("hacked"));

    // A bad token changes nothing and names the board.
    let r = arb.form(
        &format!("/events/{id}/rounds/1/results"),
        &[("r2", "2-0"), ("v2", "1")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("board 2"));

    // Standings after round 1: 2 points for a win (Chinese scoring), the bye scores a win.
    let s = anon.get(&format!("/events/{id}/standings"));
    assert_eq!(s.status, 200);
    let csv = anon.get(&format!("/events/{id}/standings.csv"));
    assert!(
        crate::csv_files::after_bom(&csv)
            .starts_with("rank,start,name,club,points,BH,WIN,BWG,PS,PN"),
        "{}",
        csv.body
    );
    let line_of = |start: u32| {
        csv.body
            .lines()
            .find(|l| l.split(',').nth(1) == Some(&start.to_string()))
            .unwrap()
            .to_string()
    };
    assert_eq!(line_of(1).split(',').nth(4), Some("2"));
    assert_eq!(
        line_of(9).split(',').nth(4),
        Some("2"),
        "pairing bye scores a win"
    );
    assert_eq!(line_of(5).split(',').nth(4), Some("0"));

    // Round 2: no rematches; the audit log has every change.
    assert_eq!(arb.form(&format!("/events/{id}/rounds"), &[]).status, 303);
    let r2 = pairings(&arb.get(&format!("/events/{id}/rounds/2")).body);
    for (red, black) in &r2 {
        if let Some(b) = black {
            assert!(
                !boards.contains(&(*red, Some(*b))) && !boards.contains(&(*b, Some(*red))),
                "rematch {red}-{b}"
            );
        }
    }
    assert!(
        r2.iter()
            .all(|(r, b)| *r != 9 && *b != Some(9) || b.is_some()),
        "no second bye for 9"
    );
    let event_page = arb.get(&format!("/events/{id}/audit"));
    assert!(event_page.body.contains("result.set"));
    assert!(event_page.body.contains("round.pair"));

    // Crosstable and player card.
    let ct = anon.get(&format!("/events/{id}/crosstable"));
    assert_eq!(ct.status, 200);
    let card = anon.get(&format!("/events/{id}/players/1"));
    assert!(
        card.body.contains("棋手04"),
        "player 1 met player 5 in round 1"
    );
}

#[test]
fn byes_withdrawals_and_manual_pairings_are_respected_and_logged() {
    let (w, id, mut arb) = swiss_event("swiss-byes", 8);
    assert_eq!(
        arb.form(
            &format!("/events/{id}/byes"),
            &[("start", "3"), ("round", "1"), ("kind", "H")]
        )
        .status,
        303
    );
    assert_eq!(
        arb.form(
            &format!("/events/{id}/withdraw"),
            &[("start", "8"), ("reason", "ill"), ("confirm", "yes")]
        )
        .status,
        303
    );
    assert_eq!(
        arb.form(&format!("/events/{id}/rounds"), &[("lot", "black")])
            .status,
        303
    );
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let boards = pairings(&page.body);
    let all = seated(&boards);
    assert!(
        !all.contains(&3),
        "player with a requested bye is not paired"
    );
    assert!(!all.contains(&8), "withdrawn player is not paired");
    assert_eq!(boards.len(), 3, "six players: three boards, no pairing bye");
    assert!(page.body.contains("half-point bye"));

    // A manual fix needs a reason, is flagged and logged.
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/players"),
        &[("red", "2"), ("black", "1"), ("reason", "")],
    );
    assert_eq!(r.status, 400);
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/players"),
        &[
            ("red", "2"),
            ("black", "1"),
            ("reason", "colour swap agreed"),
        ],
    );
    assert_eq!(r.status, 303);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    assert!(page.body.contains("✎"));
    assert!(
        arb.get(&format!("/events/{id}/audit"))
            .body
            .contains("colour swap agreed")
    );
    // Player 2 now stands on two boards: the draft cannot be published like that.
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 409);
    assert!(r.body.contains("player 2 is on two boards"), "{}", r.body);

    // Discarding a draft and pairing again is allowed; a published round cannot be discarded.
    assert_eq!(
        arb.form(&format!("/events/{id}/rounds/1/discard"), &[])
            .status,
        303
    );
    assert_eq!(
        arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")])
            .status,
        303
    );
    assert_eq!(
        arb.form(&format!("/events/{id}/rounds/1/publish"), &[])
            .status,
        303
    );
    assert_eq!(
        arb.form(&format!("/events/{id}/rounds/1/discard"), &[])
            .status,
        409
    );

    // Another event's arbiter cannot touch this event.
    let mut org2 = w.login("org2");
    let other = create_event(&mut org2, "Other", "jieqi");
    assert_eq!(
        org2.form(&format!("/events/{other}/arbiters"), &[("name", "arb2")])
            .status,
        303
    );
    let mut arb2 = w.login("arb2");
    assert_eq!(
        arb2.form(
            &format!("/events/{id}/rounds/1/results"),
            &[("r1", "1-0"), ("v1", "0")]
        )
        .status,
        403
    );
    assert_eq!(arb2.form(&format!("/events/{id}/rounds"), &[]).status, 403);
}

#[test]
fn players_report_their_own_result_and_the_opponent_confirms() {
    let (w, id, mut arb) = swiss_event("swiss-report", 4);
    let mut org = w.login("org");
    create_user(&w.dir, "p1", "player");
    assert_eq!(add_user(&w.dir, "p3", "player", PASSWORD), 0);
    publish_round(&mut arb, id, 1);
    // Round 1 with 4 players: 1–3 and 4–2 (player 1 Red).
    assert_eq!(
        pairings(&arb.get(&format!("/events/{id}/rounds/1")).body)[0],
        (1, Some(3))
    );
    assert_eq!(
        org.form(&format!("/events/{id}/players/1/link"), &[("name", "p1")])
            .status,
        303
    );
    assert_eq!(
        org.form(&format!("/events/{id}/players/3/link"), &[("name", "p3")])
            .status,
        303
    );
    let mut p1 = w.login("p1");
    let mut p3 = w.login("p3");
    assert_eq!(
        p1.form(
            &format!("/events/{id}/rounds/1/boards/2/report"),
            &[("result", "1-0")]
        )
        .status,
        403
    );
    assert_eq!(
        p1.form(
            &format!("/events/{id}/rounds/1/boards/1/report"),
            &[("result", "1-0")]
        )
        .status,
        303
    );
    assert!(
        w.server
            .client()
            .get(&format!("/events/{id}/rounds/1"))
            .body
            .contains("reported")
    );
    assert_eq!(
        p3.form(
            &format!("/events/{id}/rounds/1/boards/1/report"),
            &[("result", "1-0")]
        )
        .status,
        303
    );
    let page = w.server.client().get(&format!("/events/{id}/rounds/1"));
    assert_eq!(
        html::texts(&page.body, "tr[data-board='1'] span.shown"),
        ["1–0"],
        "confirmed result entered"
    );
}

#[test]
fn cached_public_pages_change_as_soon_as_a_result_does() {
    let (w, id, mut arb) = swiss_event("swiss-cache", 4);
    publish_round(&mut arb, id, 1);
    let mut anon = w.server.client();
    let page = |c: &mut Client| c.get(&format!("/events/{id}/rounds/1")).body;
    let first = page(&mut anon);
    assert_eq!(first, page(&mut anon), "same page while nothing changes");
    assert!(!first.contains("<span class=\"shown\">1–0</span>"));
    let r = send_results(&mut arb, id, 1, &[(1, 0)], &["1-0"]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(
        page(&mut anon).contains("<span class=\"shown\">1–0</span>"),
        "result visible at once"
    );
    // Each language is cached on its own.
    anon.accept_language = Some("zh-TW".into());
    assert!(page(&mut anon).contains("台號"));
    anon.accept_language = Some("en".into());
    assert!(page(&mut anon).contains("Board"));
}

/// A bye recorded before round 1 goes to the player it was recorded for, even when the
/// registration order is not the rating order (pairing round 1 sorts the starting rank by rating).
#[test]
fn a_bye_recorded_before_round_one_stays_with_its_player() {
    let w = World::new("swiss-early-bye");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Early bye", "jieqi");
    // Registered weakest first: registration number 1 is the lowest rated.
    let mut csv = String::from("name,club,rating\n");
    for (i, name) in ["甲弱", "乙", "丙", "丁", "戊", "己強"].iter().enumerate() {
        csv.push_str(&format!("{name},Club,{}\n", 1500 + i * 100));
    }
    assert_eq!(
        org.form(&format!("/events/{id}/players/import"), &[("csv", &csv)])
            .status,
        303
    );
    assert_eq!(
        org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")])
            .status,
        303
    );
    let mut arb = w.login("arb");
    // While the starting list is open the start numbers follow the initial order (C.04.2):
    // 甲弱, registered first, is number 6 now, and asks for a half-point bye in round 1.
    let start_of = |c: &mut Client, name: &str| -> String {
        let page = c.get(&format!("/events/{id}/players")).body;
        html::rows(&page, "#players tbody tr")
            .into_iter()
            .find(|cells| cells[1].starts_with(name))
            .unwrap_or_else(|| panic!("{name} listed"))[0]
            .clone()
    };
    assert_eq!(start_of(&mut arb, "甲弱"), "6");
    let r = arb.form(
        &format!("/events/{id}/byes"),
        &[("start", "6"), ("round", "1"), ("kind", "H")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // A stronger late registration moves everyone's provisional number: 甲弱 is 7 now, and the
    // bye, recorded for the entry, goes with it.
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "庚"), ("club", "Club"), ("rating", "2500")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "辛"), ("club", "Club"), ("rating", "1000")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(start_of(&mut arb, "甲弱"), "7");
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let boards = pairings(&page.body);
    assert_eq!(
        boards.len(),
        4,
        "seven players: three boards and the pairing bye"
    );
    // 甲弱 is start number 7: absent, not paired.
    let all = seated(&boards);
    assert!(
        !all.contains(&7),
        "the player who asked for the bye is not paired: {boards:?}"
    );
    assert!(
        all.contains(&1),
        "the strongest, now number 1, plays: {boards:?}"
    );
    assert_eq!(start_of(&mut arb, "甲弱"), "7", "甲弱 keeps start number 7");
}

/// Round 1's lot is `red`, `black` or left to the server: any other colour is refused beside the
/// field, on the page and through the API, and no round is paired.
#[test]
fn an_unknown_lot_colour_is_refused_beside_the_field() {
    let w = World::new("swiss-lot-colour");
    let id = event("Lot colours", "xiangqi")
        .players(4)
        .arbiter("arb")
        .build(&w);
    let mut arb = w.login("arb");
    for path in [
        format!("/events/{id}/rounds"),
        format!("/events/{id}/rounds/by-hand"),
    ] {
        let r = arb.form(&path, &[("lot", "blue")]);
        assert_eq!(r.status, 400, "{path}: {}", r.body);
        let error = html::text(&r.body, "#pair-error").expect("the refusal beside the form");
        assert!(error.contains("blue"), "{path}: {error}");
    }
    let mut api = crate::json_api::api_client(&w, "arb");
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/rounds"),
        &serde_json::json!({"lot": "blue"}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("blue"), "{}", r.body);
    let rounds = arb.get(&format!("/events/{id}/rounds/1"));
    assert_eq!(rounds.status, 404, "no round was paired");
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "black")]);
    assert_eq!(r.status, 303, "{}", r.body);
}
