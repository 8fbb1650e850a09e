//! An event's games in a club rating list over HTTP: every game of a Banqi match is a rated game
//! (the Taiwan formula rates games, seed 004 §5.2), a list rates one game and refuses an event of
//! another, and a player's history dates each game by its own day and names its event and round.

use serde_json::{Value, json};

use crate::json_api::{api_client, api_event, api_players};
use crate::ratings::{create_list, list_csv, player_id};
use crate::support::*;

/// The match marks (Red's view) of the boards of each Swiss round, by board number.
const MARKS: [&str; 3] = ["1=0", "110", "0=1"];

/// A finished two-day Banqi event of six players played through the JSON API: two Swiss rounds of
/// three-game matches (round 1 paired at 2011-05-01 10:00 and round 2 at 2011-05-02 01:30 in Hong
/// Kong, as a two-day event would be) and a knockout of four, best of three, with a 3rd-place
/// match. Returns its id.
fn banqi_event(w: &World) -> i64 {
    let mut api = api_client(w, "org");
    let body = json!({"name": "暗棋盃", "variant": "banqi", "rounds": 2, "best_of": 3,
                      "knockout_size": 4, "start_date": "2011-05-01", "end_date": "2011-05-02"});
    let id = api_event(&mut api, body);
    let players: Vec<Value> = (1..=6)
        .map(|i| json!({"name": format!("棋手{i:02}"), "rating": 2100 - i}))
        .collect();
    api_players(&mut api, id, &players);
    for round in 1..=2 {
        let r = api.json(
            "POST",
            &format!("/api/events/{id}/rounds"),
            &json!({"lot": "red"}),
        );
        assert_eq!(r.status, 201, "round {round}: {}", r.body);
        for b in r.json()["boards"].as_array().expect("boards") {
            let board = b["board"].as_u64().expect("board");
            let r = api.json(
                "PUT",
                &format!("/api/events/{id}/rounds/{round}/boards/{board}/result"),
                &json!({"result": MARKS[board as usize - 1]}),
            );
            assert_eq!(r.status, 200, "{}", r.body);
        }
    }
    w.server.on_db(move |db| async move {
        for (round, at) in [(1, "2011-05-01T02:00:00Z"), (2, "2011-05-01T17:30:00Z")] {
            sqlx::query("UPDATE rounds SET created_at = $1 WHERE event_id = $2 AND number = $3")
                .bind(at)
                .bind(id)
                .bind(round)
                .execute(&db)
                .await
                .expect("round time");
        }
    });
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/knockout"),
        &json!({"third_place_match": true}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    // Every game due: Red wins game 1 and 3, Black game 2, so that matches go the distance.
    loop {
        let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
        let due: Vec<(u64, u64)> = matches(&bracket)
            .filter_map(|m| {
                let g = m["games"].as_array()?.last()?;
                (g["result"].is_null() && g["red"].is_u64()).then(|| {
                    (
                        m["id"].as_u64().expect("id"),
                        g["number"].as_u64().expect("n"),
                    )
                })
            })
            .collect();
        if due.is_empty() {
            break;
        }
        for (m, g) in due {
            let result = if g % 2 == 0 { "0-1" } else { "1-0" };
            let r = api.json(
                "PUT",
                &format!("/api/events/{id}/knockout/matches/{m}/games/{g}/result"),
                &json!({ "result": result }),
            );
            assert_eq!(r.status, 200, "match {m} game {g}: {}", r.body);
        }
    }
    id
}

/// A Banqi list of the club, and the organizer's push of the event into it (303): the club's and
/// the organizer's clients and the list.
fn pushed(w: &World, id: i64) -> (Client, Client, i64) {
    let mut club = w.login("club");
    let list = create_list(&mut club, "暗棋積分榜", &[("variant", "banqi")]);
    let mut org = w.login("org");
    let r = org.form(
        &format!("/events/{id}/push-rating"),
        &[("list", &list.to_string())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let location = r.location.expect("back to the event");
    let pushed = location
        .rsplit("pushed=")
        .next()
        .and_then(|n| n.parse().ok());
    assert_eq!(pushed, Some(played_games(&mut org, id).len()), "{location}");
    (club, org, list)
}

/// The matches of a bracket's JSON in bracket order.
fn matches(bracket: &Value) -> impl Iterator<Item = &Value> {
    bracket["rounds"]
        .as_array()
        .expect("rounds")
        .iter()
        .flat_map(|r| r["matches"].as_array().expect("matches").iter())
}

/// Every game the event played, as a games file (`date,red,black,result`) in the order the push
/// gives them: each Swiss round's boards, each board's match game by game, then the knockout.
fn played_games(client: &mut Client, id: i64) -> Vec<String> {
    let name = |start: u64| format!("棋手{start:02}");
    let mut lines = Vec::new();
    for (round, day) in [(1, "2011-05-01"), (2, "2011-05-02")] {
        let r = client
            .get(&format!("/api/events/{id}/rounds/{round}"))
            .json();
        for b in r["boards"].as_array().expect("boards") {
            let (red, black) = (b["red"].as_u64().expect("red"), b["black"].as_u64());
            let Some(black) = black else { continue };
            let marks = MARKS[b["board"].as_u64().expect("board") as usize - 1];
            for mark in marks.chars() {
                let result = match mark {
                    '1' => "1-0",
                    '0' => "0-1",
                    _ => "1/2-1/2",
                };
                lines.push(format!("{day},{},{},{result}", name(red), name(black)));
            }
        }
    }
    let bracket = client.get(&format!("/api/events/{id}/knockout")).json();
    for m in matches(&bracket) {
        for g in m["games"].as_array().expect("games") {
            let (red, black) = (
                g["red"].as_u64().expect("red"),
                g["black"].as_u64().expect("black"),
            );
            let result = g["result"].as_str().expect("played");
            // Recorded today: the event's last day.
            lines.push(format!("2011-05-02,{},{},{result}", name(red), name(black)));
        }
    }
    lines
}

/// The push adds one rated game per game played — each game of a Banqi pairing's match and of a
/// knockout match — and the list equals rating those games with the pure formula.
#[test]
fn a_banqi_event_pushes_one_rated_game_per_game_played() {
    let w = World::new("rating-banqi-games");
    let id = banqi_event(&w);
    let (mut club, mut org, list) = pushed(&w, id);
    let games = played_games(&mut org, id);
    // Two rounds of three three-game matches, and the knockout's games.
    assert!(games.len() > 18, "{games:?}");
    // The recomputation: the same games through the rating module's CSV reader and formula.
    let file = format!("date,red,black,result\n{}\n", games.join("\n"));
    let sheet = anqi::rating::csv::read_games(file.as_bytes()).expect("valid games");
    let mut rated = anqi::rating::RatingList::new(anqi::rating::RatingSettings::default());
    rated.apply_sheet(&sheet).expect("rated");
    let mut expected = Vec::new();
    anqi::rating::csv::write_standings(&mut expected, &rated.standings()).expect("written");
    assert_eq!(
        list_csv(&mut club, list),
        String::from_utf8(expected).expect("UTF-8")
    );
    let page = club.get("/ratings");
    assert!(
        page.body.contains(&format!("{} games", games.len())),
        "{}",
        page.body
    );
}

/// A rating list has a game: a Banqi event offers only Banqi lists, and a push into a Jieqi list is
/// refused beside the form, adding nothing; a list's game cannot change once it holds an event.
#[test]
fn a_push_into_a_list_of_another_game_is_refused_beside_the_form() {
    let w = World::new("rating-other-game");
    let id = banqi_event(&w);
    let mut club = w.login("club");
    let jieqi = create_list(&mut club, "揭棋積分榜", &[]);
    let banqi = create_list(&mut club, "暗棋積分榜", &[("variant", "banqi")]);
    let mut org = w.login("org");
    let page = org.get(&format!("/events/{id}"));
    assert_eq!(
        html::attrs(&page.body, "#push-rating option", "value"),
        [banqi.to_string()],
        "only the Banqi list is offered"
    );
    let r = org.form(
        &format!("/events/{id}/push-rating"),
        &[("list", &jieqi.to_string())],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let error = html::text(&r.body, "#push-error").expect("the refusal beside the form");
    assert!(
        error.contains("rates Jieqi") && error.contains("Banqi"),
        "{error}"
    );
    assert_eq!(list_csv(&mut club, jieqi), "player,points,level,games\n");
    // The lists say their game; one that holds a Banqi event stays a Banqi list.
    let r = org.form(
        &format!("/events/{id}/push-rating"),
        &[("list", &banqi.to_string())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let shown = club.get(&format!("/ratings/{banqi}"));
    assert_eq!(
        html::text(&shown.body, "#list-game").as_deref(),
        Some("Game: Banqi")
    );
    let mut fields = crate::ratings::list_fields("暗棋積分榜");
    fields.retain(|(k, _)| *k != "variant");
    fields.push(("variant", "jieqi"));
    let r = club.form(&format!("/ratings/{banqi}/settings"), &fields);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::texts(&r.body, "li")
            .iter()
            .any(|li| li.contains("holds rated games of a Banqi event")),
        "{}",
        r.body
    );
    // A new list that names no game rates Jieqi, the game its form preselects; an unknown game is
    // refused beside the field.
    let form = club.get("/ratings/new");
    assert_eq!(
        html::attrs(&form.body, "#list-variant option[selected]", "value"),
        ["jieqi"]
    );
    let mut fields = crate::ratings::list_fields("無棋種");
    fields.retain(|(k, _)| *k != "variant");
    let r = club.form("/ratings", &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    let shown = club.get(r.location.as_deref().expect("the new list's address"));
    assert_eq!(
        html::text(&shown.body, "#list-game").as_deref(),
        Some("Game: Jieqi")
    );
    let mut fields = crate::ratings::list_fields("西洋棋");
    fields.retain(|(k, _)| *k != "variant");
    fields.push(("variant", "chess"));
    let r = club.form("/ratings", &fields);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::texts(&r.body, "li")
            .iter()
            .any(|li| li.contains("choose the game the list rates")),
        "{}",
        r.body
    );
}

/// A player's history dates each game of an event by its own day (the round's, in the event's time
/// zone) and names the event, the round and the game of the match.
#[test]
fn a_players_history_dates_each_game_and_names_its_event_and_round() {
    let w = World::new("rating-history-rounds");
    let id = banqi_event(&w);
    let (mut club, mut org, list) = pushed(&w, id);
    // A semi-finalist, who played in both Swiss rounds and in the knockout.
    let bracket = org.get(&format!("/api/events/{id}/knockout")).json();
    let start = matches(&bracket).next().expect("a semi-final")["players"][0]
        .as_u64()
        .expect("a player");
    let page = club.get(&format!("/ratings/{list}"));
    let first = player_id(&page.body, list, &format!("棋手{start:02}"));
    let history = club.get(&format!("/ratings/{list}/players/{first}"));
    let rows: Vec<String> = html::rows(&history.body, "#history tbody tr")
        .into_iter()
        .map(|cells| cells[0].clone())
        .collect();
    let count = |wanted: &str| rows.iter().filter(|r| r.as_str() == wanted).count();
    for game in 1..=3 {
        assert_eq!(
            count(&format!("2011-05-01 暗棋盃 · Round 1 · game {game}")),
            1,
            "{rows:?}"
        );
        assert_eq!(
            count(&format!("2011-05-02 暗棋盃 · Round 2 · game {game}")),
            1,
            "{rows:?}"
        );
    }
    assert!(
        rows.iter()
            .any(|r| r.starts_with("2011-05-02 暗棋盃 · Semi-finals · game ")),
        "{rows:?}"
    );
    assert!(
        rows.iter().all(|r| r.contains("暗棋盃 · ")),
        "every game names the event: {rows:?}"
    );
    let links = html::attrs(&history.body, "#history a[href^='/events/']", "href");
    assert!(
        links.iter().all(|l| *l == format!("/events/{id}")),
        "{links:?}"
    );
    assert_eq!(links.len(), rows.len());
    // In Chinese too.
    club.accept_language = Some("zh-TW".into());
    let history = club.get(&format!("/ratings/{list}/players/{first}"));
    let text = html::text(&history.body, "#history").expect("history");
    assert!(text.contains("暗棋盃 · 第 2 輪第 3 局"), "{text}");
    assert!(text.contains("準決賽第 1 局"), "{text}");
}
