//! The game viewer page (records replayed server-side, visibility under sealed deals), its links
//! from round pages and player cards, and the printed result slips and scoresheets.

use crate::support::*;

/// An event of `variant` with `players` players and "arb" as arbiter; round 1 paired and published.
fn published_round(w: &World, variant: &str, players: usize) -> (Client, i64) {
    let id = event("Viewer test", variant)
        .players(players)
        .arbiter("arb")
        .published_rounds(1)
        .build(w);
    (w.login("arb"), id)
}

/// Submits a record for game 1 of a board through the scoresheet form.
fn submit(arb: &mut Client, id: i64, board: u32, record: &str) {
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/{board}/record"),
        &[("game", "1"), ("record", record)],
    );
    assert_eq!(r.status, 303, "record not accepted: {}", r.body);
}

/// The JSON the viewer page hands to its script, if the page has one.
fn game_data(page: &str) -> Option<serde_json::Value> {
    let data = html::inner(page, "#game-data")?;
    Some(serde_json::from_str(&data).expect("game data is JSON"))
}

/// The viewer's move list: each ply's Chinese and coordinate text, in order.
fn listed(page: &str) -> Vec<(String, String)> {
    let mut plies = Vec::new();
    for row in html::rows(page, "#moves tbody tr").iter().skip(1) {
        for pair in row[1..].chunks(2) {
            if let [zh, code] = pair
                && !zh.is_empty()
            {
                let zh = zh.trim_end_matches('⚑').trim_end();
                plies.push((zh.to_string(), code.clone()));
            }
        }
    }
    plies
}

/// The coordinate text of the viewer's first listed ply.
fn first_listed(page: &str) -> String {
    listed(page).first().expect("a listed ply").1.clone()
}

#[test]
fn a_submitted_record_is_replayed_in_the_viewer_for_everyone() {
    let w = World::new("viewer-public");
    let (mut arb, id) = published_round(&w, "jieqi", 4);
    submit(&mut arb, id, 1, "1. h2e2C h9g7n 2. e2e6 b9c7r 3. b2c2R");

    let mut anon = w.server.client();
    let page = anon.get(&format!("/events/{id}/rounds/1/boards/1"));
    assert_eq!(page.status, 200, "{}", page.body);
    let data = game_data(&page.body).expect("viewer data");
    // The script gets each ply as the points it changed (`*`: a piece turned up).
    let plies = data["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 5);
    let changes: Vec<&str> = plies.iter().filter_map(|p| p.as_str()).collect();
    assert_eq!(
        changes[0], "*25.22C",
        "h2e2C: h2 (25) left, the cannon on e2 (22)"
    );
    assert_eq!(changes[2], "22.58C", "e2e6: the cannon takes on e6 (58)");
    let start = data["start"].as_str().unwrap();
    assert_eq!(start.matches('X').count() + start.matches('x').count(), 30);
    // The move list is in the page itself, Chinese and ICCS side by side.
    let moves = listed(&page.body);
    assert_eq!(moves.len(), 5);
    assert_eq!(moves[0], ("炮二平五炮".into(), "h2e2C".into()));
    assert_eq!(moves[2], ("炮五进四".into(), "e2e6".into()));
    assert_eq!(moves[3].0, "马2进3车");
    assert!(page.body.contains("/static/viewer.js"));
    let js = anon.get("/static/viewer.js");
    assert_eq!(js.status, 200);
    assert!(js.content_type.starts_with("text/javascript"));

    // Links: the round page and both players' cards point at the viewer.
    let link = format!("href=\"/events/{id}/rounds/1/boards/1\"");
    assert!(
        anon.get(&format!("/events/{id}/rounds/1"))
            .body
            .contains(&link)
    );
    let round = anon.get(&format!("/events/{id}/rounds/1")).body;
    let red = crate::swiss::pairings(&round)[0].0;
    assert!(
        anon.get(&format!("/events/{id}/players/{red}"))
            .body
            .contains(&link)
    );
    assert!(
        !anon
            .get(&format!("/events/{id}/players/{red}"))
            .body
            .contains(&format!("href=\"/events/{id}/rounds/1/boards/2\""))
    );

    // Boards without records, unknown boards and games are not found.
    for path in ["boards/2", "boards/9", "boards/1/games/2", "boards/x"] {
        let r = anon.get(&format!("/events/{id}/rounds/1/{path}"));
        assert_eq!(r.status, 404, "{path}");
    }
    assert_eq!(
        anon.get(&format!("/events/{id}/rounds/2/boards/1")).status,
        404
    );
}

/// The longest record the server takes, written in the shortest notation (ICCS, five bytes a
/// ply), gives a viewer page of at most 20 times its size: each ply is sent as the points it
/// changed, not as a whole position, and its texts only once, in the move list.
#[test]
fn a_long_record_gives_a_page_of_a_bounded_multiple_of_its_size() {
    let w = World::new("viewer-amplify");
    let (mut arb, id) = published_round(&w, "xiangqi", 2);
    let plies = anqi::rules::adjudicate::MAX_PLIES;
    let record = "h2e2 h7e7 e2h2 e7h7 ".repeat(plies / 4);
    submit(&mut arb, id, 1, &record);
    let page = w
        .server
        .client()
        .get(&format!("/events/{id}/rounds/1/boards/1"));
    assert_eq!(page.status, 200);
    assert_eq!(listed(&page.body).len(), plies / 4 * 4);
    let data = game_data(&page.body).expect("viewer data");
    assert_eq!(data["plies"].as_array().map(Vec::len), Some(plies / 4 * 4));
    let ratio = page.body.len() as f64 / record.len() as f64;
    assert!(ratio <= 20.0, "the page is {ratio:.1} times the record");
}

#[test]
fn an_illegal_record_shows_the_positions_before_the_bad_ply() {
    let w = World::new("viewer-illegal");
    let (mut arb, id) = published_round(&w, "xiangqi", 2);
    submit(&mut arb, id, 1, "1. 炮二平五 马8进7 2. 马二进三 a9a5");
    let page = w
        .server
        .client()
        .get(&format!("/events/{id}/rounds/1/boards/1"));
    assert_eq!(page.status, 200);
    let data = game_data(&page.body).unwrap();
    assert_eq!(data["plies"].as_array().unwrap().len(), 3);
    assert!(
        data["error"].as_str().unwrap().starts_with("ply 4 (a9a5)"),
        "{}",
        data["error"]
    );
    assert!(page.body.contains("id=\"record-problem\""));
}

#[test]
fn records_under_a_sealed_deal_stay_with_the_arbiters_until_unsealed() {
    let w = World::new("viewer-sealed");
    let (mut arb, id) = published_round(&w, "jieqi", 4);
    let sealed = arb.form(&format!("/events/{id}/deals"), &[("round", "1")]);
    assert_eq!(sealed.status, 303, "{}", sealed.body);
    let deal_page = sealed.location.unwrap();
    // The record leaves the reveals to the sealed deal.
    submit(&mut arb, id, 1, "1. h2e2 h9g7");

    let viewer = format!("/events/{id}/rounds/1/boards/1");
    let mut anon = w.server.client();
    // Hidden and missing give the same answer: board 1 has a record under the
    // sealed deal, board 2 none.
    let hidden = anon.get(&viewer);
    let missing = anon.get(&format!("/events/{id}/rounds/1/boards/2"));
    assert_eq!(hidden.status, 404);
    assert_eq!(missing.status, 404);
    let same = |body: &str, board: &str| body.replace(&format!("boards/{board}"), "boards/N");
    assert_eq!(same(&hidden.body, "1"), same(&missing.body, "2"));
    assert!(!hidden.body.contains("h2e2"));
    let hidden_txt = anon.get(&format!("{viewer}/record.txt?game=1"));
    let missing_txt = anon.get(&format!("/events/{id}/rounds/1/boards/2/record.txt?game=1"));
    assert_eq!((hidden_txt.status, missing_txt.status), (404, 404));
    assert_eq!(same(&hidden_txt.body, "1"), same(&missing_txt.body, "2"));
    assert!(
        !anon
            .get(&format!("/events/{id}/rounds/1"))
            .body
            .contains(&format!("href=\"{viewer}\""))
    );

    // The arbiter sees the game with the identities the deal put under the pieces.
    assert!(
        game_data(&arb.get(&viewer).body).is_some(),
        "arbiter sees the record"
    );
    let first = first_listed(&arb.get(&viewer).body);
    assert_eq!(
        first.len(),
        5,
        "reveal letter written from the deal: {first}"
    );
    assert!(first.starts_with("h2e2"));

    let r = arb.form(&format!("{deal_page}/unseal"), &[("override", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let public = anon.get(&viewer).body;
    assert!(game_data(&public).is_some(), "public after unsealing");
    assert_eq!(first_listed(&public), first);
    assert_eq!(listed(&public).len(), 2);
}

/// The numbers in the first column of each scoresheet table on the page.
fn move_numbers(page: &str) -> Vec<u32> {
    html::texts(page, "td.no")
        .iter()
        .filter_map(|c| c.parse().ok())
        .collect()
}

#[test]
fn slips_and_scoresheets_print_every_played_board_for_the_arbiters() {
    let w = World::new("viewer-print");
    let (mut arb, id) = published_round(&w, "jieqi", 5);
    let round = arb.get(&format!("/events/{id}/rounds/1")).body;
    assert!(round.contains(&format!("href=\"/events/{id}/rounds/1/slips\"")));
    assert!(round.contains(&format!("href=\"/events/{id}/rounds/1/scoresheets\"")));

    // Five players: two games and the bye, which needs no slip or sheet.
    let slips = arb.get(&format!("/events/{id}/rounds/1/slips"));
    assert_eq!(slips.status, 200);
    assert_eq!(slips.body.matches("<section class=\"slip\"").count(), 2);
    assert!(slips.body.contains("1. 棋手00"));
    assert_eq!(slips.body.matches("class=\"sign\"").count(), 6);

    let sheets = arb.get(&format!("/events/{id}/rounds/1/scoresheets"));
    assert_eq!(sheets.status, 200);
    assert_eq!(sheets.body.matches("<section class=\"sheet\"").count(), 2);
    let numbers = move_numbers(&sheets.body);
    let one_sheet: Vec<u32> = (1..=60).collect();
    assert_eq!(numbers, [one_sheet.clone(), one_sheet].concat());
    // Jieqi: a 翻 column after Red's and after Black's move column in both halves.
    assert_eq!(sheets.body.matches("<th class=\"rev\">").count(), 2 * 4);
    assert_eq!(
        sheets.body.matches("<td class=\"rev\">").count(),
        2 * 60 * 2
    );

    let mut anon = w.server.client();
    let denied = anon.get(&format!("/events/{id}/rounds/1/slips"));
    // Anonymous visitors are sent to the login page.
    assert_eq!(denied.status, 303);
    assert!(denied.location.unwrap_or_default().starts_with("/login"));
    assert!(
        !anon
            .get(&format!("/events/{id}/rounds/1"))
            .body
            .contains("/slips")
    );
    assert_eq!(
        arb.get(&format!("/events/{id}/rounds/4/scoresheets"))
            .status,
        404
    );

    // Xiangqi scoresheets have no reveal column.
    let (mut arb2, xq) = published_round(&w, "xiangqi", 2);
    let sheets = arb2.get(&format!("/events/{xq}/rounds/1/scoresheets"));
    assert_eq!(sheets.body.matches("<section class=\"sheet\"").count(), 1);
    assert!(!sheets.body.contains("class=\"rev\""));
}

/// The viewer marks the plies of the verdict's ruling events on its move list, with the
/// event in the reader's language.
#[test]
fn the_viewer_marks_the_ruling_event_plies_on_the_move_list() {
    let w = World::new("viewer-events");
    let (mut arb, id) = published_round(&w, "xiangqi", 2);
    submit(
        &mut arb,
        id,
        1,
        "1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 5. h2e2 *\n",
    );
    let mut anon = w.server.client();
    anon.accept_language = Some("zh-TW".into());
    let page = anon.get(&format!("/events/{id}/rounds/1/boards/1"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!(
        page.body.matches("class=\"ruling\"").count(),
        1,
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("href=\"#8\" title=\"第 8 著：局面重複，判和；對局繼續\""),
        "{}",
        page.body
    );
}

/// A game is written for the Jieqi tools (JieqiBox JSON, a Pikafish line, pychess PGN) from the
/// viewer and the records export only once its deal is unsealed; the JieqiBox file reads back as
/// the record of its board.
#[test]
fn a_game_is_written_for_the_jieqi_tools_only_once_its_deal_is_unsealed() {
    let w = World::new("viewer-exports");
    let (mut arb, id) = published_round(&w, "jieqi", 4);
    let sealed = arb.form(&format!("/events/{id}/deals"), &[("round", "1")]);
    assert_eq!(sealed.status, 303, "{}", sealed.body);
    let deal_page = sealed.location.unwrap();
    submit(&mut arb, id, 1, "1. h2e2 h9g7");
    let export = |f: &str| format!("/events/{id}/rounds/1/boards/1/games/1/export?format={f}");
    let mut anon = w.server.client();
    assert_eq!(anon.get(&export("jieqibox")).status, 404);
    let early = arb.get(&export("jieqibox"));
    assert_eq!(early.status, 409, "{}", early.body);
    assert!(early.body.contains("still sealed"), "{}", early.body);
    let viewer = format!("/events/{id}/rounds/1/boards/1");
    assert!(!arb.get(&viewer).body.contains("id=\"record-exports\""));
    let sealed_export = arb.get(&format!("/events/{id}/records.pgn?format=pikafish"));
    assert_eq!(
        (sealed_export.status, sealed_export.body.as_str()),
        (200, "")
    );

    let r = arb.form(&format!("{deal_page}/unseal"), &[("override", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(anon.get(&viewer).body.contains("id=\"record-exports\""));
    let json = anon.get(&export("jieqibox"));
    assert_eq!(json.status, 200, "{}", json.body);
    let file: serde_json::Value = serde_json::from_str(&json.body).expect("JSON");
    assert_eq!(file["moves"].as_array().map(Vec::len), Some(2));
    let first = file["moves"][0]["data"].as_str().unwrap();
    assert!(first.starts_with("h2e2") && first.len() == 5, "{first}");
    assert_eq!(file["metadata"]["deal"].as_str().map(str::len), Some(30));
    let line = anon.get(&export("pikafish")).body;
    assert!(line.starts_with("position fen xxxxkxxxx/"), "{line}");
    assert!(line.contains(&format!(" moves {first} h9g7")), "{line}");
    let pgn = anon.get(&export("pychess")).body;
    assert!(
        pgn.contains("[Variant \"Jieqi\"]") && pgn.contains("1. h3e3"),
        "{pgn}"
    );
    assert_eq!(anon.get(&export("xqf")).status, 400);
    let all = arb.get(&format!("/events/{id}/records.pgn?format=pikafish"));
    assert_eq!(all.body, line);

    // The JieqiBox file is a record the scoresheet form takes for its board.
    submit(&mut arb, id, 1, &json.body);
    let seen = anon.get(&viewer).body;
    assert!(game_data(&seen).is_some(), "replayed");
    assert_eq!(first_listed(&seen), first);
    assert_eq!(listed(&seen).len(), 2);
}

/// The viewer page is cached per event version and viewer class: a second anonymous view is
/// served from the cache (here: the record removed behind the server's back still shows), and a
/// write to the event renders it again.
#[test]
fn the_viewer_page_is_cached_per_event_version() {
    let w = World::new("viewer-cached");
    let (mut arb, id) = published_round(&w, "xiangqi", 4);
    submit(&mut arb, id, 1, "1. h2e2 h7e7 2. e2h2 e7h7");
    let path = format!("/events/{id}/rounds/1/boards/1");
    let mut anon = w.server.client();
    let first = anon.get(&path);
    assert_eq!(
        game_data(&first.body).expect("viewer data")["plies"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    // Not a write of the server's: the event's version does not move.
    w.server.on_db(|db| async move {
        sqlx::query("DELETE FROM game_records")
            .execute(&db)
            .await
            .unwrap();
    });
    let again = anon.get(&path);
    assert_eq!(again.body, first.body, "rendered again: not cached");
    // A write through the server moves the version: the page is rendered again.
    submit(&mut arb, id, 1, "1. h2e2 h7e7");
    let after = anon.get(&path);
    assert_eq!(
        game_data(&after.body).expect("viewer data")["plies"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}
