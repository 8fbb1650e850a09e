//! Readable pages and knockout deals (issue 18): crosstable cells chess-results style, the player
//! card from the player's side, withdrawn players marked, one start-number column, the knockout
//! seed list, "deals required" refusals, and separate deal rounds for the final and the 3rd-place
//! match (RULES.md §9).

use serde_json::json;

use crate::deals::seal;
use crate::json_api::api_client;
use crate::knockout::{event_with, play_swiss_round, register};
use crate::support::*;
use crate::swiss::pairings;

/// Enters the result of game 1 of a knockout match through the API.
fn ko_result(api: &mut Client, id: i64, m: u32, result: &str) -> Resp {
    api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/{m}/games/1/result"),
        &json!({ "result": result }),
    )
}

/// Unseals a deal as an arbiter (no override).
fn unseal_round(arb: &mut Client, id: i64, deal: i64) -> Resp {
    arb.form(&format!("/events/{id}/deals/{deal}/unseal"), &[])
}

#[test]
fn crosstable_cells_and_player_cards_read_from_the_players_side() {
    let w = World::new("readability-swiss");
    let mut org = w.login("org");
    let id = event_with(&mut org, "3", "0", "1");
    register(&mut org, id, 8);
    let mut arb = w.login("arb");
    let mut anon = w.server.client();
    play_swiss_round(&mut arb, id, 1);
    let boards = pairings(&arb.get(&format!("/events/{id}/rounds/1")).body);
    // Board 1 is decisive (every third board is drawn): the lower start number won.
    let (red, black) = boards[0];
    let black = black.expect("board 1 has two players");
    let (winner, loser) = (red.min(black), red.max(black));
    let loser_colour = if loser == black { "Black" } else { "Red" };

    // The crosstable: opponent, colour and points in separate, aligned spans.
    let ct = anon.get(&format!("/events/{id}/crosstable"));
    assert_eq!(ct.status, 200);
    let row = html::rows(&ct.body, "#crosstable tbody tr")
        .into_iter()
        .find(|r| r[1] == loser.to_string())
        .expect("the loser's row");
    let opp = html::texts(&ct.body, "#crosstable td.ct-cell .ct-opp");
    let col = html::texts(&ct.body, "#crosstable td.ct-cell .ct-col");
    let pts = html::texts(&ct.body, "#crosstable td.ct-cell .ct-pts");
    assert_eq!(opp.len(), 8, "one round, eight players");
    assert_eq!((col.len(), pts.len()), (8, 8));
    let side = if loser == black { "b" } else { "r" };
    assert_eq!(
        row[3],
        format!("{winner}{side}0"),
        "cell = opponent, colour, points: {row:?}"
    );
    let i = html::texts(&ct.body, "#crosstable tbody td.pin-start")
        .iter()
        .position(|s| *s == loser.to_string())
        .unwrap();
    assert_eq!(
        (opp[i].as_str(), col[i].as_str(), pts[i].as_str()),
        (winner.to_string().as_str(), side, "0")
    );
    assert!(
        ct.body.contains("data-live") && ct.body.contains("/static/live.js"),
        "it refreshes live"
    );
    assert!(ct.body.contains("pin-name"), "the name column stays put");
    let csv = anon.get(&format!("/events/{id}/crosstable.csv")).body;
    assert!(
        csv.lines()
            .any(|l| l.contains(&format!(",{winner}{side} 0,"))),
        "{csv}"
    );
    // In Chinese the colour reads 紅/黑 and the round header 第1輪.
    let mut zh = w.server.client();
    zh.accept_language = Some("zh-TW".into());
    let ct_zh = zh.get(&format!("/events/{id}/crosstable"));
    assert!(
        html::texts(&ct_zh.body, "#crosstable thead th").contains(&"第1輪".to_string()),
        "{}",
        ct_zh.body
    );
    let cols = html::texts(&ct_zh.body, "#crosstable td.ct-cell .ct-col");
    assert!(cols.iter().all(|c| c == "紅" || c == "黑"), "{cols:?}");

    // The loser's card reads a loss, whatever colour, with the running score.
    let card = anon.get(&format!("/events/{id}/players/{loser}"));
    let games = html::rows(&card.body, "#games tbody tr");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0][2], loser_colour);
    assert_eq!(games[0][4], "Loss", "{:?}", games[0]);
    assert_eq!((games[0][5].as_str(), games[0][6].as_str()), ("0", "0"));
    let card = anon.get(&format!("/events/{id}/players/{winner}"));
    let games = html::rows(&card.body, "#games tbody tr");
    assert_eq!(games[0][4], "Win", "{:?}", games[0]);
    assert_eq!((games[0][5].as_str(), games[0][6].as_str()), ("2", "2"));

    // A withdrawn player is marked on the card and in the standings.
    let r = arb.form(
        &format!("/events/{id}/withdraw"),
        &[("start", "8"), ("reason", "ill"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let card = anon.get(&format!("/events/{id}/players/8"));
    let note = html::text(&card.body, "#withdrawn").expect("the card says so");
    assert!(note.contains("round 2"), "{note}");
    let standings = anon.get(&format!("/events/{id}/standings"));
    let marked: Vec<Vec<String>> = html::rows(&standings.body, "#standings tr.withdrawn");
    assert_eq!(marked.len(), 1, "only player 8");
    assert_eq!(marked[0][1], "8");
    assert!(marked[0][2].ends_with("withdrawn"), "{:?}", marked[0]);

    // One start-number column: the pairing-number tie-break is that column already.
    let header = html::texts(&standings.body, "#standings thead th");
    assert_eq!(
        header.iter().filter(|h| *h == "No.").count(),
        1,
        "{header:?}"
    );
    assert!(!header.iter().any(|h| h == "Pairing number"), "{header:?}");
    let csv = anon.get(&format!("/events/{id}/standings.csv")).body;
    assert!(
        csv.lines().next().unwrap().ends_with(",PN"),
        "the CSV keeps it"
    );
}

#[test]
fn the_seed_list_prints_one_number_per_column() {
    let w = World::new("readability-seeds");
    let mut org = w.login("org");
    let id = event_with(&mut org, "1", "4", "1");
    register(&mut org, id, 6);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");
    play_swiss_round(&mut arb, id, 1);
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/knockout"));
    let seeds = html::rows(&page.body, "#seeds tbody tr");
    assert_eq!(seeds.len(), 4);
    for (i, row) in seeds.iter().enumerate() {
        assert_eq!(row[0], (i + 1).to_string(), "seed column: {row:?}");
        row[1].parse::<u32>().expect("start-number column");
        assert!(row[2].starts_with("棋手"), "the name alone: {row:?}");
    }
    assert!(!page.body.contains("<ol>"), "no second number from a list");
}

#[test]
fn the_final_and_the_third_place_match_are_dealt_sealed_and_unsealed_apart() {
    let w = World::new("readability-ko-deals");
    let mut org = w.login("org");
    // One Swiss round (deal round 1), semi-finals (2), the final (3), the 3rd-place match (4).
    let id = event_with(&mut org, "1", "4", "1");
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");
    play_swiss_round(&mut arb, id, 1);
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);

    let list = arb.get(&format!("/events/{id}/deals"));
    assert!(
        html::text(&list.body, "#seal select[name=round] option[value='3']")
            .is_some_and(|t| t.starts_with("Final")),
        "{}",
        list.body
    );
    assert!(
        html::text(&list.body, "#seal select[name=round] option[value='4']")
            .is_some_and(|t| t.starts_with("3rd-place match")),
        "{}",
        list.body
    );
    let semis = seal(&mut arb, id, 2, "1");
    assert_eq!(ko_result(&mut api, id, 1, "1-0").status, 200);
    assert_eq!(ko_result(&mut api, id, 2, "1-0").status, 200);
    assert_eq!(unseal_round(&mut arb, id, semis).status, 303);

    let final_deal = seal(&mut arb, id, 3, "1");
    let third_deal = seal(&mut arb, id, 4, "1");
    // The 3rd-place match is played first: the final's deal may still be drawn again (it was a
    // 409 when both shared one deal round), and the 3rd-place deal is unsealed on its own.
    assert_eq!(ko_result(&mut api, id, 4, "0-1").status, 200);
    let redrawn = crate::deals::redraw(&mut arb, id, 3, "1");
    assert_ne!(redrawn, final_deal, "a re-draw of the final's deal");
    let r = unseal_round(&mut arb, id, third_deal);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = unseal_round(&mut arb, id, redrawn);
    assert_eq!(r.status, 409, "the final is not played yet");
    assert!(r.body.contains("3"), "names the final: {}", r.body);
    assert!(!r.body.contains("match 4"), "{}", r.body);

    // The final's game cannot be re-dealt once started; then its deal unseals.
    assert_eq!(ko_result(&mut api, id, 3, "1-0").status, 200);
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "3"), ("game", "1")],
    );
    assert_eq!(r.status, 409, "the final has started");
    assert_eq!(unseal_round(&mut arb, id, redrawn).status, 303);
    // Past the 3rd-place match's round there is no knockout deal round.
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "5"), ("game", "1")],
    );
    assert_eq!(r.status, 400, "past the final");
}

#[test]
fn deals_required_refuses_to_publish_or_start_a_game_without_its_deal() {
    let w = World::new("readability-required");
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
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");

    // The creation form offers the setting, ticked.
    let form = org.get("/events/new");
    assert!(
        html::attrs(&form.body, "input[name=deals_required][checked]", "value")
            .contains(&"on".to_string()),
        "{}",
        form.body
    );

    // The draft is paired; publishing it is refused, naming the round.
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let draft = arb.get(&format!("/events/{id}/rounds/1"));
    assert_eq!(draft.status, 200);
    let note = html::text(&draft.body, "#deal-notice").expect("the round page says so");
    assert!(note.contains("cannot be published"), "{note}");
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("Round 1 cannot be published"), "{}", r.body);
    assert_eq!(
        w.server
            .client()
            .get(&format!("/events/{id}/rounds/1"))
            .status,
        404,
        "still a draft"
    );
    seal(&mut arb, id, 1, "1");
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    crate::deals::finish_round(&mut arb, id, 1, "1-0");

    // A knockout game does not start without its deal.
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/knockout/matches/1"));
    let note = html::text(&page.body, "#deal-notice").expect("the match page says so");
    assert!(note.contains("cannot start"), "{note}");
    let r = ko_result(&mut api, id, 1, "1-0");
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("Game 1 of match 1 cannot start"),
        "{}",
        r.body
    );
    seal(&mut arb, id, 2, "1");
    assert_eq!(ko_result(&mut api, id, 1, "1-0").status, 200);
    let page = arb.get(&format!("/events/{id}/knockout/matches/2"));
    assert!(html::text(&page.body, "#deal-notice").is_none(), "dealt");
}

#[test]
fn without_deals_required_the_round_page_says_it_is_played_without_a_deal() {
    let w = World::new("readability-no-deal");
    let mut org = w.login("org");
    let id = event_with(&mut org, "2", "0", "1");
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    play_swiss_round(&mut arb, id, 1);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let note = html::text(&page.body, "#deal-notice").expect("said plainly");
    assert_eq!(note, "This round is played without a sealed deal.");
    // Visitors are told only when the event announces its deals (it is the arbiters' secret).
    let anon = w.server.client().get(&format!("/events/{id}/rounds/1"));
    assert!(html::text(&anon.body, "#deal-notice").is_none());
}

#[test]
fn the_organizer_pushes_the_event_into_a_club_list_starting_players_at_their_event_rating() {
    let w = World::new("readability-push");
    let mut org = w.login("org");
    let id = event_with(&mut org, "1", "0", "1");
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    play_swiss_round(&mut arb, id, 1);
    let mut club = w.login("club");
    let list = crate::ratings::create_list(&mut club, "會內", &[]);

    // The organizer sees the push form (they own no list) and may start players from the event.
    let page = org.get(&format!("/events/{id}"));
    assert!(
        html::attrs(&page.body, "#push-rating option", "value").contains(&list.to_string()),
        "{}",
        page.body
    );
    assert!(page.body.contains("name=\"start_from_event\""));
    let r = org.form(
        &format!("/events/{id}/push-rating"),
        &[("list", &list.to_string()), ("start_from_event", "on")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let csv = club.get(&format!("/ratings/{list}/standings.csv")).body;
    let points: Vec<f64> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(points.len(), 4, "{csv}");
    // register() rates them 2390 … 2360: they start there, not at 1500.
    assert!(points.iter().all(|p| *p > 2300.0 && *p < 2450.0), "{csv}");
    let again = org.form(
        &format!("/events/{id}/push-rating"),
        &[("list", &list.to_string()), ("start_from_event", "on")],
    );
    assert_eq!(again.status, 409, "once only");
}

#[test]
fn a_rating_batch_is_removed_only_when_confirmed_and_labels_are_unique() {
    let w = World::new("readability-batches");
    let mut club = w.login("club");
    let list = crate::ratings::create_list(&mut club, "會內", &[]);
    let first = crate::ratings::games_csv(10, 1);
    let second = crate::ratings::games_csv(10, 2);
    assert_eq!(
        crate::ratings::upload_as(&mut club, list, &first, "一月.csv").status,
        303
    );
    let r = crate::ratings::upload_as(&mut club, list, &second, " 一月.csv ");
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("already labelled"), "{}", r.body);
    assert_eq!(
        crate::ratings::upload_as(&mut club, list, &second, "二月.csv").status,
        303
    );
    let page = club.get(&format!("/ratings/{list}/games"));
    let batch = crate::ratings::upload_id(&page.body, list);
    assert!(
        html::attrs(&page.body, "input[name=confirm][required]", "value").len() >= 2,
        "each removal asks for a confirmation"
    );
    let remove = |c: &mut Client, fields: &[(&str, &str)]| {
        c.form(&format!("/ratings/{list}/uploads/{batch}/remove"), fields)
    };
    let before = club.get(&format!("/ratings/{list}/standings.csv")).body;
    let r = remove(&mut club, &[("reason", "wrong file")]);
    assert_eq!(r.status, 400, "not confirmed");
    let r = remove(&mut club, &[("confirm", "on")]);
    assert_eq!(r.status, 400, "no reason");
    assert_eq!(
        club.get(&format!("/ratings/{list}/standings.csv")).body,
        before,
        "nothing removed"
    );
    let r = remove(&mut club, &[("confirm", "on"), ("reason", "wrong file")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_ne!(
        club.get(&format!("/ratings/{list}/standings.csv")).body,
        before
    );
}
