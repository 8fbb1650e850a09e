//! The standings' pages read from the player's side: crosstable cells chess-results style, the
//! player card from the player's side, withdrawn players marked.

use crate::knockout::{event_with, play_swiss_round, register};
use crate::support::*;
use crate::swiss::pairings;

#[test]
fn crosstable_cells_and_player_cards_read_from_the_players_side() {
    let w = World::new("standings-cells");
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
