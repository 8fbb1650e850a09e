//! The knockout stage and prizes over HTTP (RULES.md §8): the seed's event end to end — 42 players,
//! 6 Swiss rounds, the top 8 snake-seeded into best-of-3 matches, a 3rd-place match, the final ranking
//! and HKD 8,000 paid to 12 players — through the JSON API and the pages, with permissions.

use serde_json::{Value, json};

use crate::json_api::api_client;
use crate::support::*;

/// Creates an event through the form with the given stage sizes; returns its id.
pub fn event_with(org: &mut Client, swiss_rounds: &str, knockout: &str, best_of: &str) -> i64 {
    let mut fields = new_event_fields("中弈杯", "jieqi").to_vec();
    fields.extend([
        ("swiss_rounds", swiss_rounds),
        ("knockout_size", knockout),
        ("best_of", best_of),
    ]);
    create_event_with(org, &fields)
}

/// Registers `n` players (rating falling with the start number; start numbers 1, 6, 11… are juniors)
/// and assigns the arbiter "arb".
pub fn register(org: &mut Client, id: i64, n: usize) {
    let mut csv = String::from("name,club,rating,category\n");
    for i in 1..=n {
        let category = if i % 5 == 1 { "junior" } else { "" };
        csv.push_str(&format!(
            "棋手{i:02},Club{},{},{category}\n",
            i % 3,
            2400 - i * 10
        ));
    }
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", &csv)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303);
}

/// A Jieqi event of four players (arbiter "arb") whose one Swiss round is played, then a knockout of
/// four seeded through the API, `best_of` games a match; returns its id and the arbiter's page and
/// API clients.
pub fn seeded_after_one_round(w: &World, best_of: &str) -> (i64, Client, Client) {
    let mut org = w.login("org");
    let id = event_with(&mut org, "1", "4", best_of);
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    let mut api = crate::json_api::api_client(w, "arb");
    play_swiss_round(&mut arb, id, 1);
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    (id, arb, api)
}

/// Pairs, publishes and completes Swiss round `n` through the pages: the lower start number wins,
/// except that every third board is drawn (so the standings have ties for the tie-breaks to settle).
pub fn play_swiss_round(arb: &mut Client, id: i64, n: u32) {
    publish_round(arb, id, n);
    enter_results(arb, id, n, |board, red, black| match board % 3 {
        0 => "1/2-1/2",
        _ if red < black => "1-0",
        _ => "0-1",
    });
}

/// Start numbers in Swiss standing order, from the standings CSV.
fn swiss_order(c: &mut Client, id: i64) -> Vec<u32> {
    let csv = c.get(&format!("/events/{id}/standings.csv"));
    csv.body
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect()
}

/// The match with this id in the bracket JSON.
pub fn find_match(bracket: &Value, id: u64) -> Value {
    bracket["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["matches"].as_array().unwrap().iter())
        .find(|m| m["id"] == json!(id))
        .cloned()
        .unwrap_or_else(|| panic!("no match {id}"))
}

/// Who does what in the next game of a match.
#[derive(Clone, Copy)]
enum Outcome {
    /// This start number wins.
    Win(u32),
    /// Drawn.
    Draw,
}

/// Plays the due game of a match through the API with the wanted outcome; returns the bracket JSON.
fn play(c: &mut Client, id: i64, m: u64, outcome: Outcome) -> Value {
    let bracket = c.get(&format!("/api/events/{id}/knockout")).json();
    let mt = find_match(&bracket, m);
    let game = mt["games"]
        .as_array()
        .unwrap()
        .last()
        .cloned()
        .expect("a game is due");
    assert_eq!(game["result"], Value::Null, "match {m}: no game is due");
    let red = game["red"].as_u64().expect("colours fixed") as u32;
    let result = match outcome {
        Outcome::Draw => "1/2-1/2",
        Outcome::Win(s) if s == red => "1-0",
        Outcome::Win(_) => "0-1",
    };
    let number = game["number"].as_u64().unwrap();
    let r = c.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/{m}/games/{number}/result"),
        &json!({ "result": result }),
    );
    assert_eq!(r.status, 200, "match {m} game {number}: {}", r.body);
    r.json()
}

/// Posts a form of a match page as the page would: with the bracket version the page was loaded with.
fn match_form(c: &mut Client, id: i64, m: u64, action: &str, fields: &[(&str, &str)]) -> Resp {
    let page = c.get(&format!("/events/{id}/knockout/matches/{m}"));
    let version = html::attrs(&page.body, "input[name=v]", "value")
        .into_iter()
        .next()
        .expect("a form with the version");
    let mut all: Vec<(&str, &str)> = vec![("v", version.as_str())];
    all.extend_from_slice(fields);
    c.form(&format!("/events/{id}/knockout/matches/{m}/{action}"), &all)
}

fn players_of(m: &Value) -> [u32; 2] {
    let p = |i: usize| m["players"][i].as_u64().expect("player known") as u32;
    [p(0), p(1)]
}

#[test]
fn the_seeds_event_from_swiss_to_prize_money() {
    let w = World::new("knockout-seed");
    let mut org = w.login("org");
    let id = event_with(&mut org, "6", "8", "3");
    register(&mut org, id, 42);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");
    let mut anon = w.server.client();

    // The knockout waits for the whole Swiss stage.
    play_swiss_round(&mut arb, id, 1);
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains("Swiss"));
    for n in 2..=6 {
        play_swiss_round(&mut arb, id, n);
    }
    let order = swiss_order(&mut anon, id);
    assert_eq!(order.len(), 42);
    let seed = |k: usize| order[k - 1];

    // Only the event's arbiters seed; anonymous visitors and other events' arbiters are refused.
    let r = anon.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 401);
    let mut other = api_client(&w, "arb2");
    let r = other.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 403);
    assert_eq!(
        anon.get(&format!("/api/events/{id}/knockout")).status,
        404,
        "no bracket yet"
    );

    // The API and the form parse the seeding choices once: the same refusal, worded once.
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/knockout"),
        &json!({"tie_rule": "armageddon"}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["error"], "“armageddon” is not a tie rule.");
    let r = arb.form(
        &format!("/events/{id}/knockout"),
        &[("tie_rule", "armageddon"), ("third_place", "on")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("“armageddon” is not a tie rule."),
        "{}",
        r.body
    );

    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let bracket = r.json();
    let names: Vec<&str> = bracket["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Quarter-finals", "Semi-finals", "Final"]);
    // Snake seeding: 1–8, 4–5, 3–6, 2–7, each seed the player of that Swiss place.
    let qf = bracket["rounds"][0]["matches"].as_array().unwrap();
    let seeds: Vec<Value> = qf.iter().map(|m| m["seeds"].clone()).collect();
    assert_eq!(
        seeds,
        [json!([1, 8]), json!([4, 5]), json!([3, 6]), json!([2, 7])]
    );
    for m in qf {
        let [a, b] = [
            m["seeds"][0].as_u64().unwrap(),
            m["seeds"][1].as_u64().unwrap(),
        ];
        assert_eq!(players_of(m), [seed(a as usize), seed(b as usize)]);
        // Game 1 is due at once: its colours were drawn by lot when the bracket was seeded.
        let games = m["games"].as_array().unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0]["number"], 1);
        assert_eq!(games[0]["result"], Value::Null);
        let (red, black) = (games[0]["red"].as_u64(), games[0]["black"].as_u64());
        let mut both = [red.unwrap() as u32, black.unwrap() as u32];
        both.sort_unstable();
        let mut expected = players_of(m);
        expected.sort_unstable();
        assert_eq!(both, expected);
    }
    let semi = &bracket["rounds"][1]["matches"][0];
    assert_eq!(semi["players"], json!([null, null]));
    assert_eq!(semi["games"], json!([]));
    assert_eq!(
        bracket["rounds"][2]["matches"].as_array().unwrap().len(),
        2,
        "final and 3rd-place match"
    );
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 409, "seeded once only");

    // Anonymous visitors read the bracket; writing needs the event's arbiter.
    assert_eq!(
        anon.get(&format!("/api/events/{id}/knockout")).json(),
        bracket
    );
    let r = anon.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/1/games/1/result"),
        &json!({"result": "1-0"}),
    );
    assert_eq!(r.status, 401);
    let r = other.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/1/games/1/result"),
        &json!({"result": "1-0"}),
    );
    assert_eq!(r.status, 403);
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/1/games/1/result"),
        &json!({"result": "2-0"}),
    );
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("2-0"));
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/1/games/2/result"),
        &json!({"result": "1-0"}),
    );
    assert_eq!(r.status, 409, "game 2 is not due: {}", r.body);
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/99/games/1/result"),
        &json!({"result": "1-0"}),
    );
    assert_eq!(r.status, 404);

    // Quarter-final 1 (1–8): 2–0, no third game.
    play(&mut api, id, 1, Outcome::Win(seed(1)));
    let b = play(&mut api, id, 1, Outcome::Win(seed(1)));
    let m1 = find_match(&b, 1);
    assert_eq!(m1["games"].as_array().unwrap().len(), 2);
    assert_eq!(m1["winner"], json!(seed(1)));
    assert_eq!(m1["score"], json!([2.0, 0.0]));
    // Colours alternate after the lot.
    assert_eq!(m1["games"][1]["red"], m1["games"][0]["black"]);

    // Quarter-final 2 (4–5): 2–1 for seed 4 after losing game 1.
    play(&mut api, id, 2, Outcome::Win(seed(5)));
    play(&mut api, id, 2, Outcome::Win(seed(4)));
    let b = play(&mut api, id, 2, Outcome::Win(seed(4)));
    let m2 = find_match(&b, 2);
    assert_eq!(m2["score"], json!([2.0, 1.0]));
    assert_eq!(m2["winner"], json!(seed(4)));

    // Quarter-final 3 (3–6): 1½–1½, so a decider; the higher seed (3) chooses Black, the decider is
    // drawn, and Black advances.
    play(&mut api, id, 3, Outcome::Draw);
    play(&mut api, id, 3, Outcome::Win(seed(6)));
    let b = play(&mut api, id, 3, Outcome::Win(seed(3)));
    let m3 = find_match(&b, 3);
    assert_eq!(m3["score"], json!([1.5, 1.5]));
    assert_eq!(m3["winner"], Value::Null);
    let decider = &m3["games"][3];
    assert_eq!(decider["number"], 4, "the decider appears only now");
    assert_eq!(decider["red"], Value::Null, "colour still to be chosen");
    assert_eq!(decider["result"], Value::Null);
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/3/games/4/result"),
        &json!({"result": "1/2-1/2"}),
    );
    assert_eq!(r.status, 409, "the colour comes first: {}", r.body);
    // The choice can be sent through the API, and changed until the decider is played: here the
    // arbiter first records Red, then corrects it to Black on the match page.
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/3/decider"),
        &json!({"higher_seed_plays": "white"}),
    );
    assert_eq!(r.status, 400);
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/3/decider"),
        &json!({"higher_seed_plays": "red"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(find_match(&r.json(), 3)["games"][3]["red"], json!(seed(3)));
    let page = arb.get(&format!("/events/{id}/knockout/matches/3"));
    assert!(page.body.contains("id=\"decider\""), "decider form shown");
    let r = match_form(&mut arb, id, 3, "decider", &[("colour", "black")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let b = play(&mut api, id, 3, Outcome::Draw);
    let m3 = find_match(&b, 3);
    assert_eq!(m3["games"][3]["black"], json!(seed(3)));
    assert_eq!(
        m3["winner"],
        json!(seed(3)),
        "Black advances on a drawn decider"
    );

    // Quarter-final 4 (2–7) through the match page: seed 7 wins 2–0; a mistyped result is corrected.
    let page = arb.get(&format!("/events/{id}/knockout/matches/4"));
    assert!(page.body.contains("id=\"result\""));
    let m4 = find_match(&anon.get(&format!("/api/events/{id}/knockout")).json(), 4);
    let red1 = m4["games"][0]["red"].as_u64().unwrap() as u32;
    let (win7, lose7) = if red1 == seed(7) {
        ("1-0", "0-1")
    } else {
        ("0-1", "1-0")
    };
    let r = match_form(&mut arb, id, 4, "games/1", &[("result", lose7)]);
    assert_eq!(r.status, 303);
    let r = match_form(&mut arb, id, 4, "games/1", &[("result", win7)]);
    assert_eq!(r.status, 303, "the last game can be corrected: {}", r.body);
    // Game 2: colours swap, so seed 7 wins with the other result.
    let r = match_form(&mut arb, id, 4, "games/2", &[("result", lose7)]);
    assert_eq!(r.status, 303);
    // A form loaded before someone else's entry is refused instead of silently correcting it.
    let r = arb.form(
        &format!("/events/{id}/knockout/matches/4/games/2"),
        &[("v", "1"), ("result", win7)],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("someone else"));
    let b = anon.get(&format!("/api/events/{id}/knockout")).json();
    let m4 = find_match(&b, 4);
    assert_eq!(m4["score"], json!([0.0, 2.0]));
    assert_eq!(m4["winner"], json!(seed(7)));

    // Semi-finals: winners of 1–8 and 4–5 meet, 3–6 and 2–7 meet; their lots were drawn automatically.
    let m5 = find_match(&b, 5);
    let m6 = find_match(&b, 6);
    assert_eq!(players_of(&m5), [seed(1), seed(4)]);
    assert_eq!(players_of(&m6), [seed(3), seed(7)]);
    assert!(
        m5["games"][0]["red"].is_u64(),
        "lot drawn for the semi-final"
    );
    play(&mut api, id, 5, Outcome::Win(seed(1)));
    play(&mut api, id, 5, Outcome::Win(seed(1)));
    play(&mut api, id, 6, Outcome::Win(seed(7)));
    play(&mut api, id, 6, Outcome::Win(seed(3)));
    let b = play(&mut api, id, 6, Outcome::Win(seed(7)));

    // The final and the 3rd-place match.
    let fin = find_match(&b, 7);
    let third = find_match(&b, 8);
    assert_eq!(players_of(&fin), [seed(1), seed(7)]);
    assert_eq!(players_of(&third), [seed(4), seed(3)]);
    let r = anon.get(&format!("/api/events/{id}/ranking"));
    assert_eq!(
        r.status, 409,
        "no ranking before the last match: {}",
        r.body
    );
    // The print sheet lists the games due now: game 1 of both last matches.
    let sheet = anon.get(&format!("/events/{id}/knockout/print"));
    assert_eq!(sheet.status, 200);
    assert_eq!(sheet.body.matches("<tr data-match=").count(), 2);
    play(&mut api, id, 7, Outcome::Win(seed(1)));
    play(&mut api, id, 7, Outcome::Draw);
    play(&mut api, id, 7, Outcome::Win(seed(1)));
    play(&mut api, id, 8, Outcome::Win(seed(3)));
    let b = play(&mut api, id, 8, Outcome::Win(seed(3)));
    assert_eq!(find_match(&b, 7)["winner"], json!(seed(1)));
    assert_eq!(find_match(&b, 7)["score"], json!([2.5, 0.5]));
    assert_eq!(find_match(&b, 8)["winner"], json!(seed(3)));

    // The seed's prize table, set by the organizer (not by an arbiter or a visitor).
    let rows = json!([
        {"from": 1, "to": 1, "amount": 3000},
        {"from": 2, "to": 2, "amount": 1200},
        {"from": 3, "to": 3, "amount": 1000},
        {"from": 4, "to": 4, "amount": 800},
        {"from": 5, "to": 8, "amount": 300},
        {"from": 9, "to": 12, "amount": 200}
    ]);
    let body = json!({"currency": "HKD", "rows": rows});
    assert_eq!(
        anon.json("PUT", &format!("/api/events/{id}/prizes"), &body)
            .status,
        401
    );
    assert_eq!(
        api.json("PUT", &format!("/api/events/{id}/prizes"), &body)
            .status,
        403
    );
    let mut org_api = api_client(&w, "org");
    let bad = json!({"currency": "HKD", "rows": [{"from": 1, "to": 2, "amount": 5}, {"from": 2, "to": 2, "amount": 1}]});
    let r = org_api.json("PUT", &format!("/api/events/{id}/prizes"), &bad);
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("row 2"));
    let r = org_api.json("PUT", &format!("/api/events/{id}/prizes"), &body);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["total"], 8000);

    // The final ranking: final, 3rd-place match, quarter-final losers by Swiss rank, then Swiss places.
    let r = anon.get(&format!("/api/events/{id}/ranking"));
    assert_eq!(r.status, 200, "{}", r.body);
    let ranking = r.json();
    let lines = ranking.as_array().unwrap();
    assert_eq!(lines.len(), 42);
    let starts: Vec<u32> = lines
        .iter()
        .map(|l| l["start"].as_u64().unwrap() as u32)
        .collect();
    let expected_top: Vec<u32> = [1, 7, 3, 4, 2, 5, 6, 8, 9, 10, 11, 12]
        .iter()
        .map(|&k| seed(k))
        .collect();
    assert_eq!(starts[..12], expected_top[..]);
    assert_eq!(starts[12..], order[12..], "the rest in Swiss order");
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["place"], json!(i + 1));
        assert!(l["name"].as_str().unwrap().starts_with("棋手"));
    }
    let prizes: Vec<u64> = lines.iter().map(|l| l["prize"].as_u64().unwrap()).collect();
    assert_eq!(
        prizes[..12],
        [
            3000, 1200, 1000, 800, 300, 300, 300, 300, 200, 200, 200, 200
        ]
    );
    assert_eq!(prizes.iter().sum::<u64>(), 8000);
    assert_eq!(prizes.iter().filter(|&&p| p > 0).count(), 12);

    // Pages: the live bracket, the ranking, the payout sheet and its CSV.
    let page = anon.get(&format!("/events/{id}/knockout"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("data-live"));
    assert!(page.body.contains("/static/live.js"));
    assert!(!page.body.contains("id=\"seed\""), "no forms for visitors");
    let page = anon.get(&format!("/events/{id}/ranking"));
    assert_eq!(page.status, 200);
    // The page's rows are the API's: place, start number and prize of each of the 42.
    let shown: Vec<(String, String, String)> = html::rows(&page.body, "#ranking tbody tr")
        .into_iter()
        .map(|cells| (cells[0].clone(), cells[1].clone(), cells[4].clone()))
        .collect();
    let expected: Vec<(String, String, String)> = lines
        .iter()
        .zip(&prizes)
        .map(|(l, &p)| {
            let prize = if p > 0 { p.to_string() } else { String::new() };
            (l["place"].to_string(), l["start"].to_string(), prize)
        })
        .collect();
    assert_eq!(shown, expected);
    let sheet = anon.get(&format!("/events/{id}/payout"));
    assert_eq!(sheet.status, 200);
    assert!(sheet.body.contains("8000"));
    assert_eq!(sheet.body.matches("class=\"signature\"></td>").count(), 12);
    let csv = crate::csv_files::after_bom(&anon.get(&format!("/events/{id}/payout.csv")));
    let csv_lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        csv_lines[0],
        "place,start,name,prize,currency,award,signature"
    );
    assert_eq!(csv_lines.len(), 13);
    assert!(csv_lines[1].starts_with(&format!("1,{},", seed(1))));
    assert!(csv_lines[1].contains(",3000,HKD,1st place,"));

    // A backup of the event carries the knockout and the prizes to another server.
    let backup = org.get(&format!("/events/{id}/export.json"));
    assert_eq!(backup.status, 200);
    let fresh = TempDir::new("knockout-restore");
    create_user(&fresh, "admin", "admin");
    let server = Server::start(&fresh);
    let mut admin = server.login("admin");
    // Import is two steps: read and check, then confirm with the accounts to link (none).
    let r = admin.form("/events/import", &[("backup", &backup.body)]);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = admin.form("/events/import/confirm", &[("backup", &backup.body)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let new_id: i64 = r
        .location
        .unwrap()
        .trim_start_matches("/events/")
        .parse()
        .unwrap();
    let mut visitor = server.client();
    assert_eq!(
        visitor
            .get(&format!("/api/events/{new_id}/knockout"))
            .json(),
        anon.get(&format!("/api/events/{id}/knockout")).json()
    );
    assert_eq!(
        visitor.get(&format!("/api/events/{new_id}/ranking")).json(),
        ranking
    );

    // Every change is in the audit log.
    let log = org.get(&format!("/events/{id}/audit")).body;
    for action in [
        "knockout.seed",
        "knockout.lot",
        "knockout.result",
        "knockout.decider_colour",
        "prizes.set",
    ] {
        assert!(log.contains(action), "{action} logged");
    }
}

#[test]
fn forfeits_withdrawals_and_the_prize_editor() {
    let w = World::new("knockout-forfeit");
    let mut org = w.login("org");
    let id = event_with(&mut org, "1", "4", "1");
    register(&mut org, id, 6);
    let mut arb = w.login("arb");
    play_swiss_round(&mut arb, id, 1);
    let swiss = swiss_order(&mut arb, id);
    // The Swiss winner withdraws before the knockout: the next four qualify instead.
    let r = arb.form(
        &format!("/events/{id}/withdraw"),
        &[
            ("start", &swiss[0].to_string()),
            ("reason", "ill"),
            ("confirm", "yes"),
        ],
    );
    assert_eq!(r.status, 303);
    let order: Vec<u32> = swiss[1..].to_vec();
    let seed = |k: usize| order[k - 1];

    // Seeded through the page, with the lot drawn at the board rather than by the server.
    let page = arb.get(&format!("/events/{id}/knockout"));
    assert!(page.body.contains("id=\"seed\""));
    let r = arb.form(
        &format!("/events/{id}/knockout"),
        &[("tie_rule", "decider"), ("third_place", "on")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let mut anon = w.server.client();
    let b = anon.get(&format!("/api/events/{id}/knockout")).json();
    let semi = find_match(&b, 1);
    assert_eq!(semi["games"][0]["red"], Value::Null, "lot awaited");
    assert_eq!(players_of(&semi), [seed(1), seed(4)]);
    let lot = seed(4).to_string();
    let r = match_form(&mut arb, id, 1, "lot", &[("red", &lot)]);
    assert_eq!(r.status, 303);
    let b = anon.get(&format!("/api/events/{id}/knockout")).json();
    assert_eq!(find_match(&b, 1)["games"][0]["red"], json!(seed(4)));
    // A player who is not in the match cannot be given Red.
    let r = match_form(&mut arb, id, 1, "lot", &[("red", &seed(2).to_string())]);
    assert_eq!(r.status, 400);

    // Semi-final 1: seed 4 forfeits; seed 1 advances. A forfeit needs a reason.
    let r = match_form(
        &mut arb,
        id,
        1,
        "forfeit",
        &[("start", &lot), ("reason", "")],
    );
    assert_eq!(r.status, 400);
    let r = match_form(
        &mut arb,
        id,
        1,
        "forfeit",
        &[("start", &lot), ("reason", "late by 30 minutes")],
    );
    assert_eq!(r.status, 303);
    // Only qualifiers can withdraw from the knockout.
    let r = arb.form(
        &format!("/events/{id}/knockout/withdraw"),
        &[("start", &order[4].to_string()), ("reason", "ill")],
    );
    assert_eq!(r.status, 400);
    // Seed 2 withdraws from the event on their match page: they lose semi-final 2 and the 3rd-place
    // match. A player of another match cannot be withdrawn from this page.
    let r = match_form(
        &mut arb,
        id,
        2,
        "forfeit",
        &[("start", &lot), ("reason", "ill"), ("withdraw", "on")],
    );
    assert_eq!(r.status, 400);
    let r = match_form(
        &mut arb,
        id,
        2,
        "forfeit",
        &[
            ("start", &seed(2).to_string()),
            ("reason", "ill"),
            ("withdraw", "on"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let b = anon.get(&format!("/api/events/{id}/knockout")).json();
    assert_eq!(find_match(&b, 1)["winner"], json!(seed(1)));
    assert_eq!(find_match(&b, 2)["winner"], json!(seed(3)));
    let third = find_match(&b, 4);
    assert_eq!(players_of(&third), [seed(4), seed(2)]);
    assert_eq!(third["winner"], json!(seed(4)));
    // Best of 1: the final is one game; its lot is recorded by the server on request.
    let r = match_form(&mut arb, id, 3, "lot", &[("draw", "1")]);
    assert_eq!(r.status, 303);
    let b = anon.get(&format!("/api/events/{id}/knockout")).json();
    let red = find_match(&b, 3)["games"][0]["red"].as_u64().unwrap() as u32;
    let result = if red == seed(3) { "1-0" } else { "0-1" };
    let r = match_form(&mut arb, id, 3, "games/1", &[("result", result)]);
    assert_eq!(r.status, 303);

    // The prize editor: the one-click template, then a table typed by hand with a special prize.
    assert_eq!(
        arb.form(&format!("/events/{id}/prizes/template"), &[])
            .status,
        403,
        "prizes are the organizer's"
    );
    assert_eq!(
        org.form(&format!("/events/{id}/prizes/template"), &[])
            .status,
        303
    );
    let page = anon.get(&format!("/events/{id}/prizes"));
    assert!(page.body.contains("8000"), "template total");
    let r = org.form(
        &format!("/events/{id}/prizes"),
        &[
            ("currency", "HKD"),
            ("rows", "1 500\n2 300\n3-4 100"),
            ("specials", "junior, Best junior, 600"),
            ("ties", "by_tie_break"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = org.form(
        &format!("/events/{id}/prizes"),
        &[("currency", "HKD"), ("rows", "1 500\n2 lots")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("line 2"));

    let ranking = anon.get(&format!("/api/events/{id}/ranking")).json();
    let starts: Vec<u32> = ranking
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["start"].as_u64().unwrap() as u32)
        .collect();
    assert_eq!(starts[..4], [seed(3), seed(1), seed(4), seed(2)]);
    // Then everyone else in Swiss order, the Swiss winner who withdrew included.
    let rest: Vec<u32> = swiss
        .iter()
        .copied()
        .filter(|s| !order[..4].contains(s))
        .collect();
    assert_eq!(starts[4..], rest[..]);
    // The best-ranked junior (start numbers ≡ 1 mod 5) takes the special prize, larger than any place
    // prize; the place prizes pass down to the others.
    let lines = ranking.as_array().unwrap();
    let junior = lines
        .iter()
        .find(|l| l["start"].as_u64().unwrap() % 5 == 1)
        .expect("a junior");
    assert_eq!(junior["prize"], 600, "{ranking}");
    let others: Vec<u64> = lines
        .iter()
        .filter(|l| l != &junior)
        .map(|l| l["prize"].as_u64().unwrap())
        .collect();
    assert_eq!(others[..4], [500, 300, 100, 100], "{ranking}");
    let total: u64 = ranking
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["prize"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 500 + 300 + 100 + 100 + 600);
    let log = org.get(&format!("/events/{id}/audit")).body;
    assert!(log.contains("knockout.forfeit"));
    assert!(log.contains("knockout.withdraw"));
    assert!(log.contains("late by 30 minutes"));
}

#[test]
fn a_swiss_only_event_shares_prizes_among_players_level_on_score() {
    let w = World::new("knockout-shared");
    let mut org = w.login("org");
    let id = event_with(&mut org, "1", "0", "3");
    register(&mut org, id, 6);
    let mut arb = w.login("arb");
    let mut anon = w.server.client();
    let r = anon.get(&format!("/api/events/{id}/ranking"));
    assert_eq!(r.status, 409, "no ranking before the Swiss ends");
    play_swiss_round(&mut arb, id, 1);
    // No knockout stage in this event.
    let mut api = api_client(&w, "arb");
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 409);

    let mut org_api = api_client(&w, "org");
    let body = json!({
        "currency": "HKD",
        "rows": [{"from": 1, "to": 1, "amount": 100}, {"from": 2, "to": 2, "amount": 50},
                 {"from": 3, "to": 3, "amount": 31}],
        "ties": "shared"
    });
    let r = org_api.json("PUT", &format!("/api/events/{id}/prizes"), &body);
    assert_eq!(r.status, 200, "{}", r.body);

    let csv = anon.get(&format!("/events/{id}/standings.csv")).body;
    let points: Vec<(u32, String)> = csv
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1].parse().unwrap(), f[4].to_string())
        })
        .collect();
    let ranking = anon.get(&format!("/api/events/{id}/ranking")).json();
    let lines = ranking.as_array().unwrap();
    let starts: Vec<u32> = lines
        .iter()
        .map(|l| l["start"].as_u64().unwrap() as u32)
        .collect();
    assert_eq!(
        starts,
        points.iter().map(|p| p.0).collect::<Vec<_>>(),
        "Swiss order"
    );
    let prizes: Vec<u64> = lines.iter().map(|l| l["prize"].as_u64().unwrap()).collect();
    assert_eq!(prizes.iter().sum::<u64>(), 181, "the whole table is paid");
    // Players level on score get the same money, give or take the one-unit remainder.
    let mut shared = 0;
    for i in 0..lines.len() {
        for j in i + 1..lines.len() {
            if points[i].1 == points[j].1 && prizes[i] + prizes[j] > 0 {
                assert!(prizes[i].abs_diff(prizes[j]) <= 1, "{points:?} {prizes:?}");
                shared += 1;
            }
        }
    }
    assert!(shared > 0, "some prize was shared: {points:?} {prizes:?}");
    let sheet = anon.get(&format!("/events/{id}/payout"));
    assert_eq!(sheet.status, 200);
    assert!(sheet.body.contains("shared"), "{}", sheet.body);
}

#[test]
fn the_seed_list_prints_one_number_per_column() {
    let w = World::new("knockout-seeds");
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
