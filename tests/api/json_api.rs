//! The JSON API: bearer tokens, events, players, rounds paired through the engine, results,
//! standings and TRF export — the seed's 42-player Swiss stage played through it.

use std::collections::{HashMap, HashSet};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

use crate::support::*;

pub use crate::support::token;

/// An API client with a bearer token.
pub fn api_client(w: &World, name: &str) -> Client {
    let mut c = w.server.client();
    c.bearer = Some(token(&w.dir, name));
    c
}

/// Creates an event through the API as `org` (`event`: the body of `POST /api/events`); returns
/// its id.
pub fn api_event(org: &mut Client, event: Value) -> i64 {
    let r = org.json("POST", "/api/events", &event);
    assert_eq!(r.status, 201, "create the event: {}", r.body);
    r.json()["id"].as_i64().expect("the event's id")
}

/// Registers players through the API as `org` (the rows of `POST /api/events/{id}/players`);
/// returns the rows as registered.
pub fn api_players(org: &mut Client, id: i64, players: &[Value]) -> Value {
    let r = org.json(
        "POST",
        &format!("/api/events/{id}/players"),
        &json!(players),
    );
    assert_eq!(r.status, 201, "register the players: {}", r.body);
    r.json()
}

/// The seed's event (RULES.md §8) through the API: 2011 中弈杯, Jieqi, 6 Swiss rounds scored 2-1-0
/// and a top-8 best-of-3 knockout, with these 42 players; the arbiter "arb" assigned on the page
/// and player 40's half-point bye in round 3 asked for. Returns its id and the rows registered.
pub fn seed_event(w: &World, players: &[Value]) -> (i64, Value) {
    let mut org = api_client(w, "org");
    let id = api_event(
        &mut org,
        json!({"name": "2011 中弈杯", "variant": "jieqi", "rounds": 6, "scoring": [2, 1, 0], "knockout_size": 8, "best_of": 3}),
    );
    let added = api_players(&mut org, id, players);
    let r = w
        .login("org")
        .form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "assign the arbiter: {}", r.body);
    let r = w.login("arb").form(
        &format!("/events/{id}/byes"),
        &[("start", "40"), ("round", "3"), ("kind", "H")],
    );
    assert_eq!(r.status, 303, "player 40's bye: {}", r.body);
    (id, added)
}

/// A xiangqi event named `name` of four players with round 1 paired and published through the
/// API; returns its id and the organizer's API client.
pub fn event_with_round(w: &World, name: &str) -> (i64, Client) {
    let mut org = api_client(w, "org");
    let id = api_event(&mut org, json!({"name": name, "variant": "xiangqi"}));
    let players: Vec<_> = (0..4)
        .map(|i| json!({"name": format!("P{i}"), "rating": 1800 - i}))
        .collect();
    api_players(&mut org, id, &players);
    let r = org.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 201, "pair round 1: {}", r.body);
    (id, org)
}

/// The boards with a game (not the bye) of a round as the API gives it: (board, red start,
/// black start, result).
pub fn games_of(round: &Value) -> Vec<(u64, u64, u64, Value)> {
    round["boards"]
        .as_array()
        .expect("the round's boards")
        .iter()
        .filter(|b| !b["black"].is_null())
        .map(|b| {
            (
                b["board"].as_u64().unwrap(),
                b["red"].as_u64().unwrap(),
                b["black"].as_u64().unwrap(),
                b["result"].clone(),
            )
        })
        .collect()
}

#[test]
fn writes_need_a_bearer_token_and_cookies_do_not_count() {
    let w = World::new("api-auth");
    let mut cookie_only = w.login("org");
    let body = json!({"name": "API event", "variant": "jieqi"});
    let r = cookie_only.json("POST", "/api/events", &body);
    assert_eq!(r.status, 401);
    assert!(r.json()["error"].is_string());

    let mut api = api_client(&w, "org");
    let r = api.json("POST", "/api/events", &body);
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(r.json()["id"].as_i64().is_some());

    let mut player = api_client(&w, "player");
    assert_eq!(player.json("POST", "/api/events", &body).status, 403);
    let bad = api.json(
        "POST",
        "/api/events",
        &json!({"name": "x", "variant": "chess"}),
    );
    assert_eq!(bad.status, 400);
    assert!(bad.json()["error"].as_str().unwrap().contains("variant"));
    let garbage = api.send(
        "POST",
        "/api/events",
        "application/json",
        "{not json".into(),
    );
    assert_eq!(garbage.status, 400);
    let mut bogus = w.server.client();
    bogus.bearer = Some("0".repeat(64));
    assert_eq!(bogus.json("POST", "/api/events", &body).status, 401);

    // Tokens can also be made on the account page.
    let page = cookie_only.form("/account/tokens", &[("label", "display")]);
    let t = html::text(&page.body, "#new-token").expect("the new token");
    let mut web_token = w.server.client();
    web_token.bearer = Some(t);
    assert_eq!(web_token.json("POST", "/api/events", &body).status, 201);
}

/// Points of one player's result under Chinese scoring (win 2, draw 1, loss 0; forfeit win and the
/// pairing bye 2; a half-point bye 1).
fn points_for(result: &str, red: bool) -> u32 {
    match (result, red) {
        ("1-0", true) | ("0-1", false) | ("1-0F", true) | ("0-1F", false) => 2,
        ("1/2-1/2", _) => 1,
        _ => 0,
    }
}

#[test]
fn the_seeds_swiss_stage_of_42_players_runs_through_the_api() {
    let w = World::new("api-42");
    let players: Vec<_> = (0..42).map(|i| json!({"name": format!("棋手{i:02}"), "club": format!("會{}", i % 5), "rating": 2200 - i * 7})).collect();
    // The organizer assigns the arbiter on the page; the arbiter runs the rounds by API. Player 40
    // asks for a half-point bye in round 3; player 41 withdraws after round 4.
    let (id, added) = seed_event(&w, &players);
    assert_eq!(added.as_array().unwrap().len(), 42);
    assert_eq!(added[41]["start"], 42);
    let mut arb = api_client(&w, "arb");
    let mut arb_web = w.login("arb");

    let mut rng = ChaCha8Rng::seed_from_u64(2011);
    let mut expected: HashMap<u64, u32> = HashMap::new();
    let mut met: HashSet<(u64, u64)> = HashSet::new();
    let mut byes: HashSet<u64> = HashSet::new();
    for round in 1..=6u64 {
        if round == 5 {
            assert_eq!(
                arb_web
                    .form(
                        &format!("/events/{id}/withdraw"),
                        &[("start", "41"), ("reason", "ill"), ("confirm", "yes")]
                    )
                    .status,
                303
            );
        }
        let r = arb.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
        assert_eq!(r.status, 201, "round {round}: {}", r.body);
        let paired = r.json();
        assert_eq!(paired["round"], round);
        let boards = paired["boards"].as_array().unwrap().clone();
        let mut seen = HashSet::new();
        for b in &boards {
            let red = b["red"].as_u64().unwrap();
            assert!(seen.insert(red), "player {red} twice in round {round}");
            match b["black"].as_u64() {
                None => {
                    assert!(byes.insert(red), "second pairing bye for {red}");
                    *expected.entry(red).or_default() += 2;
                }
                Some(black) => {
                    assert!(seen.insert(black));
                    // Only games played over the board count as meetings (FIDE C.04.1): after a
                    // forfeit the two may be paired again.
                    let pair = (red.min(black), red.max(black));
                    assert!(
                        !met.contains(&pair),
                        "rematch {red}-{black} in round {round}"
                    );
                    let result = match rng.next_u32() % 20 {
                        0 => "1-0F",
                        1 => "0-1F",
                        2..=8 => "1-0",
                        9..=14 => "0-1",
                        _ => "1/2-1/2",
                    };
                    if !result.ends_with('F') {
                        met.insert(pair);
                    }
                    let path = format!(
                        "/api/events/{id}/rounds/{round}/boards/{}/result",
                        b["board"]
                    );
                    let r = arb.json("PUT", &path, &json!({"result": result}));
                    assert_eq!(r.status, 200, "{}", r.body);
                    *expected.entry(red).or_default() += points_for(result, true);
                    *expected.entry(black).or_default() += points_for(result, false);
                }
            }
        }
        if round == 3 {
            assert!(!seen.contains(&40), "requested bye respected");
            *expected.entry(40).or_default() += 1;
            assert_eq!(paired["byes"][0]["start"], 40);
        }
        if round >= 5 {
            assert!(!seen.contains(&41), "withdrawn player not paired");
        }
        // The public sees the same round.
        let public = w
            .server
            .client()
            .get(&format!("/api/events/{id}/rounds/{round}"));
        assert_eq!(
            public.json()["boards"].as_array().unwrap().len(),
            boards.len()
        );
    }
    // A seventh round does not exist.
    assert_eq!(
        arb.json("POST", &format!("/api/events/{id}/rounds"), &json!({}))
            .status,
        409
    );

    let standings = w
        .server
        .client()
        .get(&format!("/api/events/{id}/standings"))
        .json();
    let list = standings.as_array().unwrap();
    assert_eq!(list.len(), 42);
    let mut last = f64::INFINITY;
    for s in list {
        let start = s["start"].as_u64().unwrap();
        let points = s["points"].as_f64().unwrap();
        assert_eq!(
            points,
            f64::from(*expected.get(&start).unwrap_or(&0)),
            "points of {start}"
        );
        assert!(points <= last, "standings ordered by points");
        last = points;
        for code in ["BH", "WIN", "BWG", "PS", "PN"] {
            assert!(s["tiebreaks"][code].is_number(), "{code} missing");
        }
    }

    // TRF export reads back into the same scores.
    let trf = w
        .server
        .client()
        .get(&format!("/api/events/{id}/export.trf"));
    assert_eq!(trf.status, 200);
    let t = anqi::swiss::trf::read_tournament(&trf.body).expect("exported TRF reads back");
    assert_eq!(t.players.len(), 42);
    assert_eq!(t.rounds_played, 6);
    for s in list {
        let start = s["start"].as_u64().unwrap() as u32;
        assert_eq!(
            f64::from(t.score(start).tenths()) / 10.0,
            s["points"].as_f64().unwrap()
        );
    }
}

#[test]
fn results_use_version_checks_and_drafts_stay_hidden() {
    let w = World::new("api-version");
    let (id, mut org) = event_with_round(&w, "V");
    let path = format!("/api/events/{id}/rounds/1/boards/1/result");
    assert_eq!(
        org.json("PUT", &path, &json!({"result": "1-0", "version": 0}))
            .status,
        200
    );
    let stale = org.json("PUT", &path, &json!({"result": "0-1", "version": 0}));
    assert_eq!(stale.status, 409);
    assert!(
        stale.json()["error"]
            .as_str()
            .unwrap()
            .contains("changed by someone else")
    );
    assert_eq!(
        org.json("PUT", &path, &json!({"result": "2-0"})).status,
        400
    );
    let round = w
        .server
        .client()
        .get(&format!("/api/events/{id}/rounds/1"))
        .json();
    assert_eq!(round["boards"][0]["result"], "1-0");
    assert_eq!(
        w.server
            .client()
            .get(&format!("/api/events/{id}/rounds/9"))
            .status,
        404
    );
    // A draft paired on the page is invisible to the API's anonymous readers.
    let mut web = w.login("org");
    org.json(
        "PUT",
        &format!("/api/events/{id}/rounds/1/boards/2/result"),
        &json!({"result": "1/2-1/2"}),
    );
    assert_eq!(web.form(&format!("/events/{id}/rounds"), &[]).status, 303);
    assert_eq!(
        w.server
            .client()
            .get(&format!("/api/events/{id}/rounds/2"))
            .status,
        404
    );
    assert_eq!(org.get(&format!("/api/events/{id}/rounds/2")).status, 200);
}

#[test]
fn small_event_tie_breaks_match_a_hand_computation() {
    let w = World::new("api-tiebreak");
    let mut org = api_client(&w, "org");
    let id = api_event(
        &mut org,
        json!({"name": "Four", "variant": "xiangqi", "rounds": 3}),
    );
    let players: Vec<_> = ["甲", "乙", "丙", "丁"]
        .iter()
        .enumerate()
        .map(|(i, n)| json!({"name": n, "rating": 2000 - i as u32 * 100}))
        .collect();
    api_players(&mut org, id, &players);
    // Results by (red, black) pair, whoever gets which colour.
    let outcome = |a: u64, b: u64| -> &'static str {
        match (a.min(b), a.max(b)) {
            (1, 2) => "draw",
            (1, 3) => "1",
            (1, 4) => "4",
            (2, 3) => "2",
            (2, 4) => "2",
            (3, 4) => "draw",
            _ => unreachable!(),
        }
    };
    let mut log = Vec::new();
    for round in 1..=3 {
        let r = org.json(
            "POST",
            &format!("/api/events/{id}/rounds"),
            &json!({"lot": "black"}),
        );
        for b in r.json()["boards"].as_array().unwrap() {
            let (red, black) = (b["red"].as_u64().unwrap(), b["black"].as_u64().unwrap());
            let result = match outcome(red, black) {
                "draw" => "1/2-1/2",
                w if w == red.to_string() => "1-0",
                _ => "0-1",
            };
            log.push(format!("r{round}: {red}-{black} {result}"));
            org.json(
                "PUT",
                &format!(
                    "/api/events/{id}/rounds/{round}/boards/{}/result",
                    b["board"]
                ),
                &json!({"result": result}),
            );
        }
    }
    // Every pair meets once (a round robin), so the colours do not matter for the scores:
    //   甲(1): ½ vs 2, 1 vs 3, 0 vs 4 → 1 + 2 + 0 = 3 points (scoring 2/1/0)
    //   乙(2): ½ vs 1, 1 vs 3, 1 vs 4 → 1 + 2 + 2 = 5
    //   丙(3): 0 vs 1, 0 vs 2, ½ vs 4 → 0 + 0 + 1 = 1
    //   丁(4): 1 vs 1, 0 vs 2, ½ vs 3 → 2 + 0 + 1 = 3
    // Buchholz (对手分) = sum of opponents' scores:
    //   甲: 5 + 1 + 3 = 9;  乙: 3 + 1 + 3 = 7;  丙: 3 + 5 + 3 = 11;  丁: 3 + 5 + 1 = 9
    // Wins: 甲 1, 乙 2, 丙 0, 丁 1. 甲 and 丁 tie on 3 points, BH 9 and 1 win each, so wins with Black
    // decide. With the lot giving player 1 Black, the engine pairs r1: 3–1 (0-1), 2–4 (1-0); r2: 1–2 (½), 4–3 (½); r3: 4–1 (1-0), 2–3 (1-0):
    //   甲 won with Black in round 1 → BWG 1; 丁's win was with Red → BWG 0. So 甲 is 2nd, 丁 3rd.
    // Progressive (累进分, running totals after each round):
    //   甲 2 + 3 + 3 = 8;  乙 2 + 3 + 5 = 10;  丙 0 + 1 + 1 = 2;  丁 0 + 1 + 3 = 4
    let standings = w
        .server
        .client()
        .get(&format!("/api/events/{id}/standings"))
        .json();
    let by_start: HashMap<u64, serde_json::Value> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["start"].as_u64().unwrap(), s.clone()))
        .collect();
    assert_eq!(
        log,
        [
            "r1: 3-1 0-1",
            "r1: 2-4 1-0",
            "r2: 1-2 1/2-1/2",
            "r2: 4-3 1/2-1/2",
            "r3: 4-1 1-0",
            "r3: 2-3 1-0"
        ],
        "the pairings the hand computation assumes"
    );
    let expect = [
        (1, 3.0, 9.0, 1.0, 1.0, 8.0),
        (2, 5.0, 7.0, 2.0, 0.0, 10.0),
        (3, 1.0, 11.0, 0.0, 0.0, 2.0),
        (4, 3.0, 9.0, 1.0, 0.0, 4.0),
    ];
    for (start, points, bh, wins, bwg, ps) in expect {
        let s = &by_start[&start];
        assert_eq!(
            s["points"].as_f64(),
            Some(points),
            "points of {start}: {log:?}"
        );
        assert_eq!(
            s["tiebreaks"]["BH"].as_f64(),
            Some(bh),
            "BH of {start}: {log:?}"
        );
        assert_eq!(
            s["tiebreaks"]["WIN"].as_f64(),
            Some(wins),
            "wins of {start}"
        );
        assert_eq!(
            s["tiebreaks"]["BWG"].as_f64(),
            Some(bwg),
            "wins with Black of {start}"
        );
        assert_eq!(
            s["tiebreaks"]["PS"].as_f64(),
            Some(ps),
            "progressive of {start}"
        );
    }
    let order: Vec<u64> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["start"].as_u64().unwrap())
        .collect();
    assert_eq!(order, [2, 1, 4, 3]);
}

#[test]
fn banqi_pairings_play_a_match_whose_score_is_the_pairings_result() {
    let w = World::new("api-banqi-match");
    let mut org = api_client(&w, "org");
    let body = json!({"name": "暗棋三戰", "variant": "banqi", "rounds": 3, "best_of": 3, "knockout_size": 0});
    let id = api_event(&mut org, body);
    let players: Vec<_> = (1..=5)
        .map(|i| json!({"name": format!("P{i}"), "rating": 2000 - i}))
        .collect();
    api_players(&mut org, id, &players);
    let r1 = org
        .json(
            "POST",
            &format!("/api/events/{id}/rounds"),
            &json!({"lot": "red"}),
        )
        .json();
    // Five players: 1–4, 5–2 … with player 1 Red; the lowest (5) gets the bye.
    let boards = games_of(&r1);
    assert_eq!(boards.len(), 2);
    let put = |c: &mut Client, board: u64, result: &str| {
        c.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{board}/result"),
            &json!({"result": result}),
        )
    };
    // A match is three games from Red's view; two marks are refused, naming the board.
    let bad = put(&mut org, boards[0].0, "10");
    assert_eq!(bad.status, 400);
    assert!(bad.json()["error"].as_str().unwrap().contains("3 games"));
    let r = put(&mut org, boards[0].0, "1=0");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"], "1/2-1/2", "1½–1½ is a drawn match");
    assert_eq!(put(&mut org, boards[1].0, "1 1 ½").json()["result"], "1-0");

    let standings = w
        .server
        .client()
        .get(&format!("/api/events/{id}/standings"))
        .json();
    let points: HashMap<u64, f64> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["start"].as_u64().unwrap(), s["points"].as_f64().unwrap()))
        .collect();
    // The Swiss score is the match score in game points; the pairing bye scores a whole match.
    let (_, red0, black0, _) = boards[0];
    let (_, red1, black1, _) = boards[1];
    assert_eq!(points[&red0], 1.5);
    assert_eq!(points[&black0], 1.5);
    assert_eq!(points[&red1], 2.5);
    assert_eq!(points[&black1], 0.5);
    assert_eq!(points[&5], 3.0);
    let page = w.server.client().get(&format!("/events/{id}/rounds/1"));
    assert!(
        page.body.contains("2½–½"),
        "the round page shows the match score"
    );
    // Round 2 pairs by those scores.
    assert_eq!(
        org.json("POST", &format!("/api/events/{id}/rounds"), &json!({}))
            .status,
        201
    );
}
