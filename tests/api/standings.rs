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

/// Each player's points after the first `rounds` rounds, worked out from the pairings and the
/// results `play_swiss_round` enters (board 3, 6 … drawn, otherwise the lower start number wins;
/// 2 points a win, 1 a draw).
fn points_after(arb: &mut Client, id: i64, rounds: u32) -> std::collections::HashMap<u32, f64> {
    let mut points = std::collections::HashMap::new();
    for n in 1..=rounds {
        let boards = pairings(&arb.get(&format!("/events/{id}/rounds/{n}")).body);
        for (i, (red, black)) in boards.into_iter().enumerate() {
            let black = black.expect("eight players: no bye");
            let (r, b) = match (i + 1) % 3 {
                0 => (1.0, 1.0),
                _ if red < black => (2.0, 0.0),
                _ => (0.0, 2.0),
            };
            *points.entry(red).or_insert(0.0) += r;
            *points.entry(black).or_insert(0.0) += b;
        }
    }
    points
}

/// `?after=N` shows the standings as they stood after round N, the same on the page, the CSV and
/// the API; the page links to each earlier round; a round not completed is refused by name.
#[test]
fn the_standings_as_they_stood_after_an_earlier_round() {
    let w = World::new("standings-after");
    let mut org = w.login("org");
    let id = event_with(&mut org, "3", "0", "1");
    register(&mut org, id, 8);
    let mut arb = w.login("arb");
    for n in 1..=3 {
        play_swiss_round(&mut arb, id, n);
    }
    let mut anon = w.server.client();
    let mut api = crate::json_api::api_client(&w, "org");
    for after in 1..=3 {
        let expected = points_after(&mut arb, id, after);
        // The API.
        let r = api.get(&format!("/api/events/{id}/standings?after={after}"));
        assert_eq!(r.status, 200, "{}", r.body);
        let lines = r.json();
        let lines = lines.as_array().expect("a list");
        assert_eq!(lines.len(), 8);
        for l in lines {
            let start = l["start"].as_u64().unwrap() as u32;
            assert_eq!(
                l["points"].as_f64(),
                Some(expected[&start]),
                "after {after}: {l}"
            );
        }
        let points: Vec<f64> = lines
            .iter()
            .map(|l| l["points"].as_f64().unwrap())
            .collect();
        assert!(
            points.windows(2).all(|p| p[0] >= p[1]),
            "best first: {points:?}"
        );
        // The page: the same lines, its round named, the chosen round marked.
        let page = anon.get(&format!("/events/{id}/standings?after={after}"));
        assert_eq!(page.status, 200);
        let rows = html::rows(&page.body, "#standings tbody tr");
        let shown: Vec<(u32, f64)> = rows
            .iter()
            .map(|r| (r[1].parse().unwrap(), r[4].parse().unwrap()))
            .collect();
        let api_lines: Vec<(u32, f64)> = lines
            .iter()
            .map(|l| {
                (
                    l["start"].as_u64().unwrap() as u32,
                    l["points"].as_f64().unwrap(),
                )
            })
            .collect();
        assert_eq!(shown, api_lines, "after {after}");
        assert_eq!(
            html::text(&page.body, "#standings-live p.help").as_deref(),
            Some(format!("After round {after}").as_str())
        );
        assert_eq!(
            html::text(&page.body, "#standings-after [aria-current=page]").as_deref(),
            Some(after.to_string().as_str())
        );
        // The CSV.
        let csv = anon.get(&format!("/events/{id}/standings.csv?after={after}"));
        assert_eq!(csv.status, 200);
        let from_csv: Vec<(u32, f64)> = csv
            .body
            .lines()
            .skip(1)
            .map(|l| {
                let cells: Vec<&str> = l.split(',').collect();
                (cells[1].parse().unwrap(), cells[4].parse().unwrap())
            })
            .collect();
        assert_eq!(from_csv, api_lines, "after {after}");
        let named = csv.header_values("content-disposition").join(" ");
        assert_eq!(named.contains("after-"), after < 3, "{named}");
    }
    // After the last round is the page without `after`; its links lead to the earlier rounds.
    let now = anon.get(&format!("/events/{id}/standings"));
    assert_eq!(
        html::attrs(&now.body, "#standings-after a", "href"),
        [1, 2].map(|n| format!("/events/{id}/standings?after={n}"))
    );
    let last = anon.get(&format!("/events/{id}/standings?after=3"));
    assert_eq!(
        html::rows(&last.body, "#standings tbody tr"),
        html::rows(&now.body, "#standings tbody tr")
    );
    // A round not completed, or not a round, is refused by name in the reader's language.
    for bad in ["4", "0", "x", "+1"] {
        let r = anon.get(&format!("/events/{id}/standings?after={bad}"));
        assert_eq!(r.status, 400, "after={bad}");
        assert!(
            r.body
                .contains("the standings can be shown after rounds 1 to 3"),
            "{}",
            r.body
        );
        let r = api.get(&format!("/api/events/{id}/standings?after={bad}"));
        assert_eq!(r.status, 400, "after={bad}");
    }
    let mut zh = w.server.client();
    zh.accept_language = Some("zh-TW".into());
    let r = zh.get(&format!("/events/{id}/standings?after=9"));
    assert!(r.body.contains("可顯示第 1 至 3 輪後的名次"), "{}", r.body);
}
