//! Over HTTP: the bulk upload of a round's records (matched, unmatched, illegal, swapped
//! colours, a board whose result disagrees; nothing stored before confirming), the "all records"
//! export with knockout games and unsealed deals, and stored verdicts re-adjudicated once on
//! upgrade.

use serde_json::json;

use crate::deals::{fields, finish_round, jieqi_record, pair_and_publish, seal, setup};
use crate::json_api::api_client;
use crate::knockout::{event_with, play_swiss_round, register};
use crate::support::*;
use anqi::rules::adjudicate::GameResult;

/// The boards of round `n` from the API: (board, red start, black start, result).
fn boards(api: &mut Client, id: i64, n: u32) -> Vec<(u64, u64, u64, serde_json::Value)> {
    crate::json_api::games_of(&api.get(&format!("/api/events/{id}/rounds/{n}")).json())
}

/// The players of `setup` are named 棋手00, 棋手01 … by start number (from 1).
fn name(start: u64) -> String {
    format!("棋手{:02}", start - 1)
}

/// `data-status` of game `n` of the preview.
fn preview_status(page: &str, n: usize) -> String {
    html::attrs(page, &format!("#game-{n}"), "data-status")
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// The text of the section of game `n` of the preview.
fn section(page: &str, n: usize) -> String {
    html::text(page, &format!("#game-{n}")).unwrap_or_default()
}

/// The board or match game (`1.1`) game `n` of the preview is placed on.
fn placed(page: &str, n: usize) -> Option<String> {
    html::attrs(page, &format!("#game-{n}"), "data-board")
        .into_iter()
        .next()
}

/// What the preview will store: `stored / total`.
fn will_store(page: &str) -> Option<String> {
    html::text(page, "#upload-count strong")
}

/// The `data-status` of every record on a record page.
fn statuses(page: &str) -> Vec<String> {
    html::attrs(page, "[data-status]", "data-status")
}

fn digest(page: &str) -> String {
    html::attrs(page, "input[name=digest]", "value")
        .into_iter()
        .next()
        .expect("a preview with its digest")
}

#[test]
fn a_rounds_file_is_previewed_matched_by_tags_and_stored_only_on_confirm() {
    let w = World::new("uploads-round");
    let id = setup(&w, "jieqi", 8);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");
    let deal_id = seal(&mut arb, id, 1, "1");
    let deal = fields(&mut arb, id, deal_id)["deal"].clone();
    assert_eq!(pair_and_publish(&mut arb, id, 1), 4);
    let b = boards(&mut api, id, 1);
    // Board 4 already has a result (0-1); the record will say 1-0.
    let round = arb.get(&format!("/events/{id}/rounds/1"));
    let (_, v4) = crate::swiss::versions(&round.body)
        .into_iter()
        .find(|(board, _)| *board == 4)
        .unwrap();
    let r = arb.form(
        &format!("/events/{id}/rounds/1/results"),
        &[("r4", "0-1"), ("v4", &v4.to_string())],
    );
    assert_eq!(r.status, 303);

    let tags = |round: &str, red: &str, black: &str| {
        format!("[Round \"{round}\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n")
    };
    let won = jieqi_record(&deal, 10, Some(GameResult::RedWins));
    // Red's h2 cannon square holds letter 22 of the deal; another identity contradicts the deal.
    let actual = deal.chars().nth(21).unwrap();
    let wrong = ['R', 'N', 'B', 'A', 'C', 'P']
        .into_iter()
        .find(|c| *c != actual)
        .unwrap();
    let games = [
        // 1: board 1, full-width digits in the name: matched, sets 1-0.
        tags("1", &name(b[0].1).replace('0', "０"), &name(b[0].2)) + &won,
        // 2: board 2 with the colours swapped: a mismatch.
        tags("1", &name(b[1].2), &name(b[1].1)) + &won,
        // 3: board 3 by start numbers, with a reveal the sealed deal contradicts: illegal.
        tags("1", &b[2].1.to_string(), &b[2].2.to_string())
            + &format!("[Variant \"jieqi\"]\n\n1. h2e2{wrong} *\n"),
        // 4: board 4, which has 0-1: a conflict, the result stays.
        tags("1", &name(b[3].1), &name(b[3].2)) + &won,
        // 5: another round.
        tags("2", &name(b[0].1), &name(b[0].2)) + &won,
    ];
    let file = games.join("\n");
    let url = format!("/events/{id}/records/upload");
    let form = arb.get(&format!("{url}?round=1"));
    assert_eq!(form.status, 200, "{}", form.body);
    assert!(html::inner(&arb.get(&format!("/events/{id}")).body, "#upload-link").is_some());

    let r = arb.form(
        &url,
        &[("round", "1"), ("records", &file), ("action", "check")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = r.body;
    assert_eq!(preview_status(&page, 1), "unentered", "{page}");
    assert_eq!(placed(&page, 1).as_deref(), Some("1.1"));
    assert_eq!(preview_status(&page, 2), "unmatched");
    assert!(
        section(&page, 2).contains("colours swapped: on board 2"),
        "{}",
        section(&page, 2)
    );
    assert_eq!(preview_status(&page, 3), "illegal");
    assert!(section(&page, 3).contains("reveal contradicts the deal"));
    assert_eq!(preview_status(&page, 4), "conflict");
    assert!(section(&page, 4).contains("1–0 ≠ 0–1"));
    assert_eq!(preview_status(&page, 5), "unmatched");
    assert!(section(&page, 5).contains("the Round tag says round 2"));
    assert_eq!(will_store(&page).as_deref(), Some("3 / 5"), "{page}");

    // Nothing is stored by the preview.
    let now = boards(&mut api, id, 1);
    assert!(now[0].3.is_null(), "board 1 still has no result");
    let rec = arb.get(&format!("/events/{id}/rounds/1/boards/1/record"));
    assert!(statuses(&rec.body).is_empty(), "no record stored yet");

    // In Chinese the reasons are translated.
    arb.accept_language = Some("zh-TW".into());
    let zh = arb.form(
        &url,
        &[("round", "1"), ("records", &file), ("action", "check")],
    );
    assert!(section(&zh.body, 2).contains("紅黑顛倒"), "{}", zh.body);
    arb.accept_language = None;

    // The arbiter assigns game 2 to board 2 by hand and checks again.
    let r = arb.form(
        &url,
        &[
            ("round", "1"),
            ("records", &file),
            ("assign_2", "2.1"),
            ("action", "check"),
        ],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(preview_status(&r.body, 2), "unentered");
    assert!(section(&r.body, 2).contains("assigned by hand"));
    let seen = digest(&r.body);

    // A confirmation of another plan (here: the file changed) is refused and stores nothing.
    let changed = file.replacen("[Round \"2\"]", "[Round \"3\"]", 1);
    let r = arb.form(
        &url,
        &[
            ("round", "1"),
            ("records", &changed),
            ("assign_2", "2.1"),
            ("digest", &seen),
            ("action", "confirm"),
        ],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("changed since the preview"), "{}", r.body);
    assert!(boards(&mut api, id, 1)[0].3.is_null());

    let r = arb.form(
        &url,
        &[
            ("round", "1"),
            ("records", &file),
            ("assign_2", "2.1"),
            ("digest", &seen),
            ("action", "confirm"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let done = arb.get(r.location.as_deref().unwrap());
    assert!(
        done.body.contains("4 records stored · 2 results set"),
        "{}",
        done.body
    );
    let now = boards(&mut api, id, 1);
    assert_eq!(now[0].3, "1-0", "board 1 set by its record");
    assert_eq!(now[1].3, "1-0", "board 2 set by the game assigned by hand");
    assert!(now[2].3.is_null(), "an illegal record sets nothing");
    assert_eq!(now[3].3, "0-1", "board 4 keeps its result");
    let rec = arb.get(&format!("/events/{id}/rounds/1/boards/4/record"));
    assert!(
        statuses(&rec.body).contains(&"conflict".into()),
        "{}",
        rec.body
    );
    let rec = arb.get(&format!("/events/{id}/rounds/1/boards/3/record"));
    assert!(
        statuses(&rec.body).contains(&"illegal".into()),
        "{}",
        rec.body
    );
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(
        audit
            .body
            .contains("round 1: 4 of 5 games stored, 2 results set"),
        "{}",
        audit.body
    );

    // Only the event's arbiters upload.
    let mut player = w.login("player");
    let r = player.form(
        &url,
        &[("round", "1"), ("records", &file), ("action", "check")],
    );
    assert_eq!(r.status, 403);
    let mut arb2 = w.login("arb2");
    let r = arb2.form(
        &url,
        &[("round", "1"), ("records", &file), ("action", "check")],
    );
    assert_eq!(r.status, 403);
}

#[test]
fn the_records_export_holds_knockout_games_and_a_deal_only_once_unsealed() {
    let w = World::new("uploads-export");
    let mut org = w.login("org");
    let id = event_with(&mut org, "1", "4", "1");
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");
    let swiss_deal_id = seal(&mut arb, id, 1, "1");
    let swiss_deal = fields(&mut arb, id, swiss_deal_id)["deal"].clone();
    play_swiss_round(&mut arb, id, 1);
    let r = api.send(
        "POST",
        &format!("/api/events/{id}/rounds/1/boards/1/record"),
        "text/plain",
        jieqi_record(&swiss_deal, 12, None),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let ko_deal_id = seal(&mut arb, id, 2, "1");
    let ko_deal = fields(&mut arb, id, ko_deal_id)["deal"].clone();
    let record = jieqi_record(&ko_deal, 10, Some(GameResult::RedWins));
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/knockout/matches/1/games/1/record"),
        &json!({ "record": record }),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    let export = arb.get(&format!("/events/{id}/records.pgn"));
    assert_eq!(export.status, 200);
    let text = export.body;
    assert!(text.contains("[Round \"1\"]\n[Board \"1\"]"), "{text}");
    assert!(text.contains("[Round \"2.1\"]\n[Match \"1\"]"), "{text}");
    assert!(
        !text.contains(&swiss_deal) && !text.contains(&ko_deal),
        "sealed deals: {text}"
    );
    assert!(!text.contains("[Deal "), "{text}");

    // The Swiss round is complete: its deal is unsealed and the export carries it.
    let r = arb.form(&format!("/events/{id}/deals/{swiss_deal_id}/unseal"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let text = arb.get(&format!("/events/{id}/records.pgn")).body;
    assert!(text.contains(&format!("[Deal \"{swiss_deal}\"]")), "{text}");
    assert!(
        !text.contains(&ko_deal),
        "the knockout deal is still sealed"
    );
    assert_eq!(text.matches("[Event ").count(), 2, "{text}");

    // The exported file replays elsewhere.
    let dir = TempDir::new("export-replay");
    let path = dir.0.join("records.pgn");
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(anqi_bin())
        .args(["adjudicate", "--json"])
        .arg(&path)
        .output()
        .expect("run anqi adjudicate");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    for line in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["error"].is_null(), "{v}");
    }
    let first: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["plies"], 12);

    // Only arbiters export.
    let mut player = w.login("player");
    assert_eq!(player.get(&format!("/events/{id}/records.pgn")).status, 403);
}

#[test]
fn verdicts_stored_under_the_old_rules_are_readjudicated_once_and_listed_for_the_arbiters() {
    let w = World::new("uploads-upgrade");
    let id = setup(&w, "xiangqi", 2);
    let mut arb = w.login("arb");
    pair_and_publish(&mut arb, id, 1);
    // Play goes on after the start position occurs a third time (after ply 8).
    let rep = "1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 5. h2e2 *\n";
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", rep)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    finish_round(&mut arb, id, 1, "1-0");

    // Make the stored verdict what the old rules said: illegal after the game "had ended".
    let World { server, dir } = w;
    server.stop();
    let url = dir.database_url();
    actix_web::rt::System::new().block_on(async {
        let db = anqi::store::open(&url).await.unwrap();
        let old = json!({"variant": "xiangqi", "plies": 8, "result": "*", "termination": "illegal",
            "final_fen": "", "error": {"ply": 9, "token": "h2e2",
            "message": "the game had already ended (repetition) after ply 8"}});
        let n = sqlx::query("UPDATE game_records SET verdict = $1, legal = 0, rules_version = 0")
            .bind(old.to_string())
            .execute(&db)
            .await
            .unwrap()
            .rows_affected();
        assert_eq!(n, 1);
        db.close().await;
    });

    let check = |server: &Server| {
        let mut arb = server.login("arb");
        let page = arb.get(&format!("/events/{id}"));
        let list = html::rows(&page.body, "#readjudicated tr");
        assert!(!list.is_empty(), "no list: {}", page.body);
        let rec = arb.get(&format!("/events/{id}/rounds/1/boards/1/record"));
        // The audit log has its own page.
        let audit = arb.get(&format!("/events/{id}/audit"));
        (list, rec.body, audit.body)
    };
    let server = Server::start(&dir);
    let (list, rec, page) = check(&server);
    assert_eq!(list.len(), 2, "one game (and the header): {list:?}");
    let has = |text: &str| list.iter().flatten().any(|cell| cell.contains(text));
    assert!(has("Round 1 · Board 1"), "{list:?}");
    assert!(
        has("9 (h2e2): the game had already ended"),
        "the old refusal: {list:?}"
    );
    assert!(
        list[1].last().is_some_and(|t| t.starts_with("1–0")),
        "result unchanged: {list:?}"
    );
    assert!(
        statuses(&rec).contains(&"undecided".into()),
        "re-adjudicated: {rec}"
    );
    assert!(
        html::text(&rec, "#entered").is_some_and(|t| t.starts_with("1–0")),
        "{rec}"
    );
    assert!(page.contains("record.readjudicate"));
    // Nobody but the arbiters sees the list.
    let mut anon = server.client();
    assert!(
        !anon
            .get(&format!("/events/{id}"))
            .body
            .contains("readjudicated")
    );

    // Once only: a second start changes nothing and lists the game once.
    server.stop();
    let server = Server::start(&dir);
    let (list, _, page) = check(&server);
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(
        page.matches("data-action=\"record.readjudicate\"").count(),
        1
    );
    server.stop();
}

#[test]
fn a_knockout_rounds_file_is_matched_game_by_game_with_alternating_colours() {
    let w = World::new("uploads-knockout");
    // One Swiss round, then semi-finals (round 2) best of 3 with lots drawn automatically.
    let (id, mut arb, mut api) = crate::knockout::seeded_after_one_round(&w, "3");
    let deal: Vec<String> = (1..=3)
        .map(|g| {
            let deal_id = seal(&mut arb, id, 2, &g.to_string());
            fields(&mut arb, id, deal_id)["deal"].clone()
        })
        .collect();
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    // Game 1's colours of a match (red, black) by the lot; game 2 has them the other way round.
    let colours = |m: u64| {
        let g = &crate::knockout::find_match(&bracket, m)["games"][0];
        (g["red"].as_u64().unwrap(), g["black"].as_u64().unwrap())
    };
    let (m1_red, m1_black) = colours(1);
    let (m2_red, m2_black) = colours(2);
    // Match 2 game 1 already has a result: Black won.
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/2/games/1/result"),
        &json!({ "result": "0-1" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    let tags = |round: &str, red: u64, black: u64| {
        format!("[Round \"{round}\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n")
    };
    let won = |g: usize| jieqi_record(&deal[g - 1], 10, Some(GameResult::RedWins));
    let actual = deal[2].chars().nth(21).unwrap();
    let wrong = ['R', 'N', 'B', 'A', 'C', 'P']
        .into_iter()
        .find(|c| *c != actual)
        .unwrap();
    let games = [
        // 1: match 1 game 1 by its players' names: matched, sets 1-0.
        format!("[Round \"2.1\"]\n[Red \"棋手{m1_red:02}\"]\n[Black \"棋手{m1_black:02}\"]\n")
            + &won(1),
        // 2: match 1 game 2, with the colours of game 2 (a Game tag gives the number): sets 1-0.
        format!("[Round \"2\"]\n[Game \"2\"]\n[Red \"{m1_black}\"]\n[Black \"{m1_red}\"]\n")
            + &won(2),
        // 3: match 2 game 2 with game 1's colours: swapped, a mismatch.
        tags("2.2", m2_red, m2_black) + &won(2),
        // 4: match 2 game 1, which has 0-1: a conflict, the result stays.
        tags("2.1", m2_red, m2_black) + &won(1),
        // 5: match 1 game 3 with a reveal the sealed deal of game 3 contradicts: illegal.
        tags("2.3", m1_red, m1_black) + &format!("[Variant \"jieqi\"]\n\n1. h2e2{wrong} *\n"),
        // 6: players nobody registered: no match.
        "[Round \"2.1\"]\n[Red \"無名氏\"]\n[Black \"路人\"]\n".to_string() + &won(1),
        // 7: match 2 game 3 (the lot's colours again): while game 2 has no result its result
        // cannot be entered; once game 2 decides the match 2-0, there is no game 3.
        tags("2.3", m2_red, m2_black) + &won(3),
    ];
    let file = games.join("\n");
    let url = format!("/events/{id}/records/upload");
    let form = arb.get(&format!("{url}?round=2"));
    assert!(
        html::attr_pairs(
            &form.body,
            "select[name=round] option[selected]",
            "value",
            "value"
        )
        .first()
        .is_some_and(|(v, _)| v == "2")
            && html::text(&form.body, "select[name=round] option[selected]")
                .is_some_and(|t| t.starts_with("2 · Semi-finals")),
        "the knockout round is offered: {}",
        form.body
    );
    let check = |arb: &mut Client, extra: &[(&str, &str)]| {
        let mut fields = vec![
            ("round", "2"),
            ("records", file.as_str()),
            ("action", "check"),
        ];
        fields.extend_from_slice(extra);
        let r = arb.form(&url, &fields);
        assert_eq!(r.status, 200, "{}", r.body);
        r.body
    };
    let page = check(&mut arb, &[]);
    assert_eq!(preview_status(&page, 1), "unentered", "{page}");
    assert_eq!(placed(&page, 1).as_deref(), Some("1.1"));
    assert!(section(&page, 1).contains("Match 1 · Game 1"), "{page}");
    assert_eq!(preview_status(&page, 2), "unentered");
    assert_eq!(placed(&page, 2).as_deref(), Some("1.2"));
    assert_eq!(preview_status(&page, 3), "unmatched");
    assert!(
        section(&page, 3).contains("colours swapped: in game 2 of match 2"),
        "{}",
        section(&page, 3)
    );
    assert_eq!(preview_status(&page, 4), "conflict");
    assert!(
        section(&page, 4).contains("1–0 ≠ 0–1"),
        "{}",
        section(&page, 4)
    );
    assert_eq!(preview_status(&page, 5), "illegal");
    assert!(section(&page, 5).contains("reveal contradicts the deal"));
    assert_eq!(preview_status(&page, 6), "unmatched");
    assert!(section(&page, 6).contains("no match of this round has"));
    assert_eq!(preview_status(&page, 7), "unentered");
    assert!(
        section(&page, 7).contains("the record is stored but its result is not entered"),
        "{}",
        section(&page, 7)
    );
    assert_eq!(will_store(&page).as_deref(), Some("5 / 7"), "{page}");
    // Nothing is stored by the preview.
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    assert_eq!(
        crate::knockout::find_match(&bracket, 1)["games"][0]["result"],
        serde_json::Value::Null
    );

    // The arbiter assigns game 3 to match 2 game 2 by hand (it really was game 2, with the
    // colours written the wrong way round) and confirms.
    let page = check(&mut arb, &[("assign_3", "2.2")]);
    assert_eq!(
        preview_status(&page, 3),
        "unentered",
        "{}",
        section(&page, 3)
    );
    assert!(section(&page, 3).contains("assigned by hand"));
    assert_eq!(preview_status(&page, 7), "unmatched");
    assert!(
        section(&page, 7).contains("match 2 is decided after 2 games: it has no game 3"),
        "{}",
        section(&page, 7)
    );
    let seen = digest(&page);
    let r = arb.form(
        &url,
        &[
            ("round", "2"),
            ("records", &file),
            ("assign_3", "2.2"),
            ("digest", &seen),
            ("action", "confirm"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let done = arb.get(r.location.as_deref().unwrap());
    assert!(
        done.body.contains("5 records stored · 3 results set"),
        "{}",
        done.body
    );
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    let results = |m: u64| -> Vec<serde_json::Value> {
        crate::knockout::find_match(&bracket, m)["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["result"].clone())
            .collect()
    };
    // Match 1: game 1 won by its Red, game 2 by its Red (the other player): 1-1, game 3 due.
    assert_eq!(results(1), [json!("1-0"), json!("1-0"), json!(null)]);
    // Match 2: game 1 keeps 0-1; game 2 (by hand) 1-0: its Black of game 1 won both, 2-0.
    assert_eq!(results(2), [json!("0-1"), json!("1-0")]);
    assert_eq!(
        crate::knockout::find_match(&bracket, 2)["winner"],
        json!(m2_black)
    );
    let rec = |arb: &mut Client, m: u32, g: u32| {
        arb.get(&format!(
            "/events/{id}/knockout/matches/{m}/games/{g}/record"
        ))
        .body
    };
    assert!(statuses(&rec(&mut arb, 2, 1)).contains(&"conflict".into()));
    assert!(statuses(&rec(&mut arb, 1, 3)).contains(&"illegal".into()));
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(
        audit
            .body
            .contains("round 2: 5 of 7 games stored, 3 results set"),
        "{}",
        audit.body
    );

    // The same file again: every game now holds its result, so nothing changes and a game whose
    // result the bracket already has agrees.
    let page = check(&mut arb, &[("assign_3", "2.2")]);
    assert_eq!(preview_status(&page, 1), "agrees", "{}", section(&page, 1));

    // Only the event's arbiters upload.
    let mut player = w.login("player");
    let r = player.form(
        &url,
        &[("round", "2"), ("records", &file), ("action", "check")],
    );
    assert_eq!(r.status, 403);
}

/// A Jieqi event requiring deals: one Swiss round (played on its sealed deal) and a knockout of four
/// seeded, one game per match. Returns the event id.
fn seeded_knockout_requiring_deals(w: &World) -> i64 {
    let mut org = w.login("org");
    let id = crate::deals::required_deals_event(&mut org);
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
    let w = World::new("uploads-ko-deal");
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
