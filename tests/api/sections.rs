//! Sections (組別), round robins and group stages over HTTP (issue 33): a two-section Jieqi event
//! played to the end through the JSON API — an open Swiss of 24 with a top-4 knockout and a junior
//! single round robin of 9 checked against the Berger tables — a double round robin, and a group
//! stage of 2 × 5 whose top two of each group go into a 4-player knockout.

use std::collections::{HashMap, HashSet};

use anqi::round_robin::{Cycles, schedule};
use serde_json::{Value, json};

use crate::json_api::{api_client, api_event, games_of};
use crate::support::*;

/// A fixed lot seed, so that a failure can be replayed.
const SEED: &str = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";

/// Whether the element `css` of a page holds `text`.
fn shows(body: &str, css: &str, text: &str) -> bool {
    html::text(body, css).is_some_and(|t| t.contains(text))
}

/// The API path of a section's `rest`.
fn at(id: i64, sid: i64, rest: &str) -> String {
    format!("/api/events/{id}/sections/{sid}/{rest}")
}

/// Registers `n` players named `prefix` 1 … n, ratings falling with the number.
fn add_players(api: &mut Client, path: &str, prefix: &str, n: usize) {
    let players: Vec<Value> = (1..=n)
        .map(|i| json!({"name": format!("{prefix}{i:02}"), "club": format!("Club{}", i % 4), "rating": 2000 - 10 * i}))
        .collect();
    let r = api.json("POST", path, &json!(players));
    assert_eq!(r.status, 201, "register: {}", r.body);
}

/// Every game's result: the lower start number wins, every fourth board is drawn.
fn result_for(board: u64, red: u64, black: u64) -> &'static str {
    if board.is_multiple_of(4) {
        "1/2-1/2"
    } else if red < black {
        "1-0"
    } else {
        "0-1"
    }
}

/// Pairs the next round of the section at `base` (`/api/events/{id}/sections/{sid}`), enters every
/// result, and returns the round as paired and the standings as shown once it was complete.
fn play_round(api: &mut Client, base: &str) -> (Value, Value) {
    let r = api.json("POST", &format!("{base}/rounds"), &json!({}));
    assert_eq!(r.status, 201, "pair: {}", r.body);
    let round = r.json();
    let n = round["round"].as_u64().unwrap();
    for (board, red, black, _) in games_of(&round) {
        let r = api.json(
            "PUT",
            &format!("{base}/rounds/{n}/boards/{board}/result"),
            &json!({"result": result_for(board, red, black)}),
        );
        assert_eq!(r.status, 200, "round {n} board {board}: {}", r.body);
    }
    let standings = api.get(&format!("{base}/standings"));
    assert_eq!(standings.status, 200);
    (round, standings.json())
}

/// Plays every due knockout game (the lower start number wins) until the bracket is over; returns
/// the final ranking.
fn play_knockout(api: &mut Client, base: &str) -> Value {
    for _ in 0..100 {
        let bracket = api.get(&format!("{base}/knockout")).json();
        let due: Vec<(u64, u64, u64, u64)> = bracket["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["matches"].as_array().unwrap().iter())
            .filter_map(|m| {
                let game = m["games"].as_array()?.last()?;
                if !game["result"].is_null() || game["red"].is_null() {
                    return None;
                }
                let players = m["players"].as_array()?;
                let lower = players.iter().filter_map(Value::as_u64).min()?;
                Some((
                    m["id"].as_u64()?,
                    game["number"].as_u64()?,
                    game["red"].as_u64()?,
                    lower,
                ))
            })
            .collect();
        if due.is_empty() {
            let ranking = api.get(&format!("{base}/ranking"));
            assert_eq!(ranking.status, 200, "{}", ranking.body);
            return ranking.json();
        }
        for (m, g, red, winner) in due {
            let result = if red == winner { "1-0" } else { "0-1" };
            let r = api.json(
                "PUT",
                &format!("{base}/knockout/matches/{m}/games/{g}/result"),
                &json!({"result": result}),
            );
            assert_eq!(r.status, 200, "match {m} game {g}: {}", r.body);
        }
    }
    panic!("the knockout did not end");
}

/// Each player's draw number and group from the section's player list.
fn draw_of(api: &mut Client, base: &str) -> HashMap<u64, (u64, String)> {
    let r = api.get(&format!("{base}/players"));
    assert_eq!(r.status, 200);
    r.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let number = p["draw_number"].as_u64().expect("drawn");
            let group = p["group"].as_str().expect("a group").to_string();
            (p["start"].as_u64().unwrap(), (number, group))
        })
        .collect()
}

/// Checks that the rounds played equal the Berger tables of `cycles` for the players' draw
/// numbers: the same boards in the same order with the same colours, the bye a zero-point absence,
/// and every two players meeting once per cycle.
fn check_berger(rounds: &[Value], draw: &HashMap<u64, (u64, String)>, cycles: Cycles) {
    let by_number: HashMap<u64, u64> = draw.iter().map(|(s, (n, _))| (*n, *s)).collect();
    let table = schedule(draw.len() as u32, cycles).unwrap();
    assert_eq!(rounds.len(), table.len(), "the schedule's length");
    let mut met: HashMap<(u64, u64), u32> = HashMap::new();
    for (round, scheduled) in rounds.iter().zip(&table) {
        let played: Vec<(u64, u64)> = games_of(round).iter().map(|g| (g.1, g.2)).collect();
        let expected: Vec<(u64, u64)> = scheduled
            .boards
            .iter()
            .map(|&(r, b)| (by_number[&u64::from(r)], by_number[&u64::from(b)]))
            .collect();
        assert_eq!(played, expected, "round {}", round["round"]);
        let byes: Vec<(u64, String)> = round["byes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                (
                    b["start"].as_u64().unwrap(),
                    b["kind"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let bye = scheduled
            .bye
            .map(|d| (by_number[&u64::from(d)], "Z".to_string()));
        assert_eq!(
            byes,
            bye.into_iter().collect::<Vec<_>>(),
            "round {}'s bye",
            round["round"]
        );
        for (a, b) in played {
            *met.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    let n = draw.len() as u64;
    assert_eq!(met.len() as u64, n * (n - 1) / 2, "every pair meets");
    assert!(
        met.values().all(|&m| m == cycles.count()),
        "each pair once a cycle"
    );
}

/// The standings `?after=N` equal the standings shown when round N ended.
fn check_after(api: &mut Client, base: &str, shown: &[Value]) {
    for (i, standings) in shown.iter().enumerate() {
        let r = api.get(&format!("{base}/standings?after={}", i + 1));
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(&r.json(), standings, "the standings after round {}", i + 1);
    }
}

#[test]
fn a_two_section_jieqi_event_is_played_to_the_end() {
    let w = World::new("sections-two");
    let mut api = api_client(&w, "org");
    let r = api.json(
        "POST",
        "/api/events",
        &json!({
            "name": "港澳揭棋公開賽", "variant": "jieqi",
            "sections": [
                {"name": "公開組", "format": "swiss", "rounds": 5, "knockout_size": 4, "best_of": 3},
                {"name": "少年組", "format": "round_robin", "cycles": 1, "knockout_size": 0},
            ],
        }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let created = r.json();
    let id = created["id"].as_i64().unwrap();
    let sections: Vec<(i64, String)> = created["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["id"].as_i64().unwrap(),
                s["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(sections.len(), 2);
    assert_eq!(
        sections[0],
        (id, "公開組".to_string()),
        "the event's own row is its first section"
    );
    let (open, junior) = (sections[0].0, sections[1].0);
    let listed = api.get(&format!("/api/events/{id}/sections")).json();
    assert_eq!(listed[1]["format"], "round_robin");
    assert_eq!(listed[0]["knockout_size"], 4);
    // Only the event itself is on the home list; a section is not an event of its own.
    let other = api_event(&mut api, json!({"name": "別的賽事", "variant": "xiangqi"}));
    assert_eq!(
        api.get(&format!("/api/events/{other}/sections/{junior}/players"))
            .status,
        404,
        "a section of another event"
    );

    let open_base = format!("/api/events/{id}/sections/{open}");
    let junior_base = format!("/api/events/{id}/sections/{junior}");
    add_players(&mut api, &at(id, open, "players"), "公開", 24);
    add_players(&mut api, &at(id, junior, "players"), "少年", 9);
    assert_eq!(
        api.get(&format!("{open_base}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        24
    );
    assert_eq!(
        api.get(&format!("{junior_base}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        9
    );

    // A round robin is not paired before its draw.
    let r = api.json("POST", &format!("{junior_base}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    let r = api.json(
        "POST",
        &format!("{junior_base}/draw"),
        &json!({"method": "lot", "seed": SEED}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["seed"], SEED);
    let r = api.json(
        "POST",
        &format!("{junior_base}/draw"),
        &json!({"method": "lot"}),
    );
    assert_eq!(r.status, 409, "drawn once: {}", r.body);
    let draw = draw_of(&mut api, &junior_base);
    // The lot is the library's for that seed: start numbers in start order shuffled from the seed.
    let entrants: Vec<anqi::round_robin::Entrant> = (1..=9)
        .map(|s| anqi::round_robin::Entrant {
            start: s,
            rating: 2000 - 10 * s,
        })
        .collect();
    let seed = anqi::deal::Seed::from_hex(SEED).unwrap();
    let order =
        anqi::round_robin::draw_numbers(&entrants, &anqi::round_robin::DrawMethod::Lot(seed))
            .unwrap();
    for (i, start) in order.iter().enumerate() {
        assert_eq!(
            draw[&u64::from(*start)].0,
            i as u64 + 1,
            "draw number of {start}"
        );
    }
    // The whole schedule is public once drawn.
    let published = w.server.client().get(&format!("{junior_base}/schedule"));
    assert_eq!(published.status, 200);
    let scheduled = published.json();
    assert_eq!(scheduled["rounds"].as_array().unwrap().len(), 9);

    // Both sections play side by side; the Swiss and the round robin each keep their own rounds.
    let (mut open_rounds, mut open_shown, mut junior_rounds, mut junior_shown) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for n in 1..=9 {
        if n <= 5 {
            let (round, standings) = play_round(&mut api, &open_base);
            open_rounds.push(round);
            open_shown.push(standings);
        }
        let (round, standings) = play_round(&mut api, &junior_base);
        assert_eq!(
            games_of(&round)
                .iter()
                .map(|g| json!({"red": g.1, "black": g.2}))
                .collect::<Vec<_>>(),
            scheduled["rounds"][n - 1]["boards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| json!({"red": b["red"], "black": b["black"]}))
                .collect::<Vec<_>>(),
            "round {n} as the published schedule said"
        );
        junior_rounds.push(round);
        junior_shown.push(standings);
    }
    check_berger(&junior_rounds, &draw, Cycles::Single);
    let r = api.json("POST", &format!("{junior_base}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "the round robin is over: {}", r.body);
    // The Swiss never pairs two players twice.
    let mut pairs = HashSet::new();
    for round in &open_rounds {
        for (_, a, b, _) in games_of(round) {
            assert!(pairs.insert((a.min(b), a.max(b))), "{a}–{b} met twice");
        }
    }
    check_after(&mut api, &open_base, &open_shown);
    check_after(&mut api, &junior_base, &junior_shown);
    // The round robin ranks by 小分 (Sonneborn–Berger) first, Art. 14.1.
    let last = junior_shown.last().unwrap();
    assert_eq!(last.as_array().unwrap().len(), 9);
    assert!(last[0]["tiebreaks"].get("SB").is_some(), "{last}");

    // The open section's top four go into its knockout; the junior section has none.
    let r = api.json("POST", &format!("{open_base}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let ranking = play_knockout(&mut api, &open_base);
    assert!(ranking.to_string().contains("公開"), "{ranking}");
    let r = api.json("POST", &format!("{junior_base}/knockout"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);

    // One event's TRF per section, named by the section.
    let trf = api.get(&format!("{junior_base}/export.trf"));
    assert_eq!(trf.status, 200);
    assert!(
        trf.body.contains("港澳揭棋公開賽 · 少年組"),
        "{}",
        &trf.body[..200]
    );
    // The event's own routes are its first section's.
    assert_eq!(
        api.get(&format!("/api/events/{id}/standings")).json(),
        api.get(&format!("{open_base}/standings")).json()
    );
}

#[test]
fn a_double_round_robin_follows_the_table_and_swaps_colours_in_the_second_cycle() {
    let w = World::new("sections-double");
    let mut api = api_client(&w, "org");
    let id = api_event(
        &mut api,
        json!({"name": "雙循環", "variant": "xiangqi", "format": "round_robin", "cycles": 2, "knockout_size": 0}),
    );
    let base = format!("/api/events/{id}");
    add_players(&mut api, &format!("{base}/players"), "棋手", 6);
    let r = api.json(
        "POST",
        &format!("{base}/draw"),
        &json!({"method": "rating"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let draw = draw_of(&mut api, &base);
    // By rating: the highest rated (start 1) has draw number 1.
    assert_eq!(draw[&1].0, 1);
    let rounds: Vec<Value> = (0..10).map(|_| play_round(&mut api, &base).0).collect();
    check_berger(
        &rounds,
        &draw,
        Cycles::Double {
            swap_last_two: false,
        },
    );
    // Round 6 is round 1 with the colours swapped.
    let first: Vec<(u64, u64)> = games_of(&rounds[0]).iter().map(|g| (g.1, g.2)).collect();
    let sixth: Vec<(u64, u64)> = games_of(&rounds[5]).iter().map(|g| (g.2, g.1)).collect();
    assert_eq!(first, sixth);
}

#[test]
fn a_group_stage_sends_each_groups_top_two_crossed_into_the_knockout() {
    let w = World::new("sections-groups");
    let mut api = api_client(&w, "org");
    let id = api_event(
        &mut api,
        json!({"name": "小組循環", "variant": "jieqi", "format": "round_robin", "groups": 2,
               "qualifiers_per_group": 2, "knockout_size": 4, "best_of": 1}),
    );
    let base = format!("/api/events/{id}");
    add_players(&mut api, &format!("{base}/players"), "棋手", 10);
    let r = api.json("POST", &format!("{base}/draw"), &json!({"seed": SEED}));
    assert_eq!(r.status, 201, "{}", r.body);
    let groups = r.json()["groups"].clone();
    let members = |g: usize| -> HashSet<u64> {
        groups[g]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect()
    };
    // Snake order by rating: A = seeds 1, 4, 5, 8, 9; B = 2, 3, 6, 7, 10.
    assert_eq!(members(0), HashSet::from([1, 4, 5, 8, 9]));
    assert_eq!(members(1), HashSet::from([2, 3, 6, 7, 10]));
    let draw = draw_of(&mut api, &base);
    assert_eq!(draw[&4].1, "A");
    assert_eq!(draw[&10].1, "B");
    let mut rounds = Vec::new();
    let mut standings = Value::Null;
    for _ in 0..5 {
        let (round, shown) = play_round(&mut api, &base);
        // Two groups of five: two games in each, one player of each resting.
        assert_eq!(games_of(&round).len(), 4);
        assert_eq!(round["byes"].as_array().unwrap().len(), 2);
        for (_, a, b, _) in games_of(&round) {
            assert_eq!(draw[&a].1, draw[&b].1, "{a} and {b} are of one group");
        }
        rounds.push(round);
        standings = shown;
    }
    assert_eq!(
        api.json("POST", &format!("{base}/rounds"), &json!({}))
            .status,
        409
    );
    // Each group's order in the standings.
    let order = |group: &str| -> Vec<u64> {
        standings
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["start"].as_u64().unwrap())
            .filter(|s| draw[s].1 == group)
            .collect()
    };
    let (a, b) = (order("A"), order("B"));
    let r = api.json("POST", &format!("{base}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let bracket = r.json();
    let first_round: Vec<HashSet<u64>> = bracket["rounds"][0]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            m["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_u64().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(
        first_round,
        vec![HashSet::from([a[0], b[1]]), HashSet::from([b[0], a[1]])],
        "A1–B2, B1–A2"
    );
    let ranking = play_knockout(&mut api, &base);
    let places: Vec<u64> = ranking["places"]
        .as_array()
        .or_else(|| ranking.as_array())
        .expect("the ranking's places")
        .iter()
        .filter_map(|p| p["start"].as_u64().or_else(|| p["player"].as_u64()))
        .take(4)
        .collect();
    assert_eq!(places.len(), 4, "{ranking}");
    let mut qualifiers = vec![a[0], a[1], b[0], b[1]];
    qualifiers.sort_unstable();
    let mut top = places.clone();
    top.sort_unstable();
    assert_eq!(
        top, qualifiers,
        "the knockout ranks its four qualifiers first: {ranking}"
    );
}

#[test]
fn a_player_moves_between_sections_until_play_begins() {
    let w = World::new("sections-move");
    let mut api = api_client(&w, "org");
    let r = api.json(
        "POST",
        "/api/events",
        &json!({"name": "兩組", "variant": "xiangqi",
                "sections": [{"name": "甲組", "rounds": 3}, {"name": "乙組", "format": "round_robin"}]}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let created = r.json();
    let id = created["id"].as_i64().unwrap();
    let second = created["sections"][1]["id"].as_i64().unwrap();
    add_players(&mut api, &format!("/api/events/{id}/players"), "甲", 5);
    add_players(&mut api, &at(id, second, "players"), "乙", 3);
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/players/5/move"),
        &json!({"to": second, "reason": "報錯組別"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let names = |api: &mut Client, path: &str| -> Vec<String> {
        api.get(path)
            .json()
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        names(&mut api, &format!("/api/events/{id}/players")).len(),
        4
    );
    assert!(names(&mut api, &at(id, second, "players")).contains(&"甲05".to_string()));
    // Not to a section of another event, and not once the section has drawn.
    let other = api_event(&mut api, json!({"name": "別的", "variant": "xiangqi"}));
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/players/1/move"),
        &json!({"to": other}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(
        api.json("POST", &at(id, second, "draw"), &json!({})).status,
        201
    );
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/players/1/move"),
        &json!({"to": second}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        names(&mut api, &format!("/api/events/{id}/players")).len(),
        4,
        "nothing moved"
    );
    // A section's name is required and unique.
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/sections"),
        &json!({"name": "乙組"}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/sections"),
        &json!({"name": "丙組", "format": "round_robin"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        api.get(&format!("/api/events/{id}/sections"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn an_organizer_runs_two_sections_through_the_pages() {
    let w = World::new("sections-pages");
    let mut org = w.login("org");
    let mut fields = new_event_fields("荃灣揭棋賽", "jieqi").to_vec();
    fields.extend([
        ("section", "公開組"),
        ("swiss_rounds", "3"),
        ("knockout_size", "0"),
    ]);
    let id = create_event_with(&mut org, &fields);
    // A second section, a round robin, added on the sections page; a name already used is refused
    // beside its field with the form kept.
    let r = org.form(
        &format!("/events/{id}/sections"),
        &[("section", "公開組"), ("format", "round_robin")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(shows(&r.body, "#error-section", "公開組"), "{}", r.body);
    let r = org.form(
        &format!("/events/{id}/sections"),
        &[
            ("section", "少年組"),
            ("format", "round_robin"),
            ("knockout_size", "0"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let junior: i64 = r
        .location
        .unwrap()
        .trim_start_matches("/events/")
        .parse()
        .unwrap();
    let page = org.get(&format!("/events/{id}/sections")).body;
    assert!(shows(&page, "#sections", "少年組"), "{page}");
    // Every page of a section says which section it is.
    let page = org.get(&format!("/events/{junior}/players")).body;
    assert!(shows(&page, "h1", "荃灣揭棋賽 · 少年組"), "{page}");
    assert!(shows(&page, "#section-bar", "少年組"));

    // One file for both sections: a section column places each row; an unknown section refuses
    // the whole file naming its line.
    let bad = "name,club,rating,section\n甲,A,1500,公開組\n乙,B,1400,青年組\n";
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", bad)]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("第 3 行") || r.body.contains("line 3"),
        "{}",
        r.body
    );
    assert_eq!(
        org.get(&format!("/api/events/{id}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        0
    );
    let mut csv = String::from("name,club,rating,section\n");
    for i in 1..=4 {
        csv.push_str(&format!("公開{i},A,{},公開組\n", 1600 - i));
    }
    for i in 1..=5 {
        csv.push_str(&format!("少年{i},B,{},少年組\n", 1500 - i));
    }
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", &csv)]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        org.get(&format!("/api/events/{id}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert_eq!(
        org.get(&format!("/api/events/{junior}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        5
    );

    // The draw from the junior section's players page: a bad seed is refused beside the form.
    let r = org.form(
        &format!("/events/{junior}/draw"),
        &[("method", "lot"), ("seed", "xyz")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(shows(&r.body, "#draw-error", "xyz"), "{}", r.body);
    let r = org.form(
        &format!("/events/{junior}/draw"),
        &[("method", "lot"), ("seed", SEED)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(format!("/events/{junior}/schedule").as_str())
    );
    let schedule = w
        .server
        .client()
        .get(&format!("/events/{junior}/schedule"))
        .body;
    assert!(schedule.contains(SEED), "the seed is shown");
    assert_eq!(
        html::texts(&schedule, "table.schedule-round").len(),
        5,
        "five rounds for five players"
    );
    // Round 1 paired from the rounds page is the schedule's round 1.
    let r = org.form(&format!("/events/{junior}/rounds"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = org.form(&format!("/events/{junior}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let round = org.get(&format!("/api/events/{junior}/rounds/1")).json();
    // The pairings show each player's club, so that team-mates paired together are seen.
    let page = org.get(&format!("/events/{junior}/rounds/1")).body;
    assert_eq!(
        html::texts(&page, "#pairings small.club").len(),
        4,
        "{page}"
    );
    let first_board = html::text(&schedule, "table[data-round='1'] tbody tr").unwrap_or_default();
    let red = round["boards"][0]["red"].as_u64().unwrap();
    assert!(
        first_board.contains(&format!("{red}. 少年")),
        "{first_board} / {round}"
    );
    // The standings CSV names the section on every line.
    let csv = org.get(&format!("/events/{junior}/standings.csv")).body;
    assert!(
        csv.lines().nth(1).is_some_and(|l| l.starts_with("少年組,")),
        "{csv}"
    );
}

/// A round robin of six where player 6 withdraws before round 2 (one game of five played) under
/// `rule`: the standings' total points and the byes the withdrawal leaves.
fn withdrawal_under(w: &World, rule: &str) -> (f64, f64, Vec<String>) {
    let mut api = api_client(w, "org");
    let id = api_event(
        &mut api,
        json!({"name": format!("退賽 {rule}"), "variant": "xiangqi", "format": "round_robin",
               "withdrawal_rule": rule, "knockout_size": 0}),
    );
    let base = format!("/api/events/{id}");
    add_players(&mut api, &format!("{base}/players"), "棋手", 6);
    assert_eq!(
        api.json(
            "POST",
            &format!("{base}/draw"),
            &json!({"method": "rating"})
        )
        .status,
        201
    );
    play_round(&mut api, &base);
    let r = w.login("org").form(
        &format!("/events/{id}/withdraw"),
        &[("start", "6"), ("reason", "病假"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let mut byes = Vec::new();
    let mut standings = Value::Null;
    for _ in 2..=5 {
        let (round, shown) = play_round(&mut api, &base);
        assert!(
            games_of(&round).iter().all(|g| g.1 != 6 && g.2 != 6),
            "6 plays no more"
        );
        byes.extend(
            round["byes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| format!("{}{}", b["start"], b["kind"].as_str().unwrap())),
        );
        standings = shown;
    }
    let points = |s: &Value| s["points"].as_f64().unwrap();
    let total = standings.as_array().unwrap().iter().map(points).sum();
    let sixth = standings
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["start"] == 6)
        .map(points)
        .unwrap();
    (total, sixth, byes)
}

#[test]
fn a_withdrawal_in_the_first_half_is_taken_out_of_the_table_or_stands_as_the_setting_says() {
    let w = World::new("sections-withdrawal");
    // Ten games among players 1–5 give 2 points each (a draw 1 + 1): 20. Under the usual rule
    // player 6's one game (a loss to a lower number) is taken out, and their later opponents rest.
    let (total, sixth, byes) = withdrawal_under(&w, "annul_first_half");
    assert_eq!((total, sixth), (20.0, 0.0));
    assert_eq!(byes.len(), 4, "{byes:?}");
    assert!(byes.iter().all(|b| b.ends_with('Z')), "{byes:?}");
    // With results always standing, round 1's game counts and the four games left are forfeits.
    let (total, sixth, byes) = withdrawal_under(&w, "forfeits");
    assert_eq!((total, sixth), (20.0 + 2.0 + 4.0 * 2.0, 0.0));
    assert!(byes.iter().all(|b| b.ends_with('F')), "{byes:?}");
}

/// A SQLite database as 0021 left it — migrations 0001–0021 applied by sqlx from this project's
/// own files — with an event of four players stored the way events were before sections.
fn database_before_sections(dir: &TempDir) {
    sqlite_at_migration(
        dir,
        21,
        &[
            OLD_EVENT[0],
            OLD_EVENT[1],
            "INSERT INTO players (event_id, start_no, name, club, rating)
             VALUES (7, 1, '甲', '', 1500), (7, 2, '乙', '', 1400), (7, 3, '丙', '', 1300), (7, 4, '丁', '', 1200)",
        ],
    );
}

#[test]
fn an_event_stored_before_sections_is_its_own_one_section_after_the_upgrade() {
    if sqlite_only("an_event_stored_before_sections_is_its_own_one_section_after_the_upgrade") {
        return;
    }
    let dir = TempDir::new("sections-upgrade");
    database_before_sections(&dir);
    create_users(&dir, &[("admin", "admin")]);
    let server = Server::start(&dir);
    let mut api = server.client();
    api.bearer = Some(token(&dir, "admin"));
    let sections = api.get("/api/events/7/sections").json();
    assert_eq!(sections.as_array().unwrap().len(), 1, "{sections}");
    assert_eq!(sections[0]["id"], 7);
    assert_eq!(sections[0]["name"], "");
    assert_eq!(sections[0]["format"], "swiss");
    let players = api.get("/api/events/7/players").json();
    assert_eq!(players.as_array().unwrap().len(), 4);
    assert!(players[0]["draw_number"].is_null());
    // It plays as before: round 1 paired through the event's route, read through its section's.
    let r = api.json("POST", "/api/events/7/rounds", &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        api.get("/api/events/7/sections/7/rounds/1").json(),
        r.json()
    );
    let page = server.client().get("/events/7");
    assert_eq!(page.status, 200);
    assert!(
        html::text(&page.body, "#section-bar").is_none(),
        "one section: no section bar"
    );
}

#[test]
fn pairs_kept_apart_never_meet_and_the_trf_carries_them() {
    let w = World::new("forbidden-pairs");
    let mut api = api_client(&w, "org");
    let id = api_event(
        &mut api,
        json!({"name": "親屬", "variant": "xiangqi", "rounds": 3}),
    );
    let base = format!("/api/events/{id}");
    add_players(&mut api, &format!("{base}/players"), "棋手", 6);
    // Without it the Dutch system pairs 1–4, 2–5 and 3–6 in round 1 (top half against bottom).
    let r = api.json("POST", &format!("{base}/forbidden"), &json!([[4, 1]]));
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["added"], 1);
    let kept = api.get(&format!("{base}/forbidden")).json();
    assert_eq!(kept[0]["pair"], json!([1, 4]));
    for bad in [json!([[1, 1]]), json!([[1, 99]]), json!([])] {
        let r = api.json("POST", &format!("{base}/forbidden"), &bad);
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
    }
    for _ in 1..=3 {
        let (round, _) = play_round(&mut api, &base);
        for (_, a, b, _) in games_of(&round) {
            assert_ne!((a.min(b), a.max(b)), (1, 4), "1 and 4 met: {round}");
        }
    }
    let trf = api.get(&format!("{base}/export.trf")).body;
    assert!(
        trf.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["XXP", "1", "4"]),
        "{trf}"
    );

    // On the players page: a typing error is refused beside the form, and the undo needs a reason.
    let mut org = w.login("org");
    let r = org.form(
        &format!("/events/{id}/forbidden"),
        &[("pairs", "2-x"), ("reason", "")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(shows(&r.body, "#forbid-error", "2-x"), "{}", r.body);
    let r = org.form(
        &format!("/events/{id}/forbidden"),
        &[("pairs", "2-4，1 2"), ("reason", "兄弟")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        api.get(&format!("{base}/forbidden"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let r = org.form(
        &format!("/events/{id}/forbidden/remove"),
        &[("a", "2"), ("b", "4"), ("reason", "搞錯")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        api.get(&format!("{base}/forbidden"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let audit = org.get(&format!("/events/{id}/audit")).body;
    assert!(audit.contains("搞錯"), "the reason is logged");
    // The event's backup carries them to another server.
    let backup = org.get(&format!("/events/{id}/export.json")).body;
    let elsewhere = World::new("forbidden-pairs-import");
    let copy = crate::backup::import_unlinked(&mut elsewhere.login("org"), &backup);
    let pairs = elsewhere
        .server
        .client()
        .get(&format!("/api/events/{copy}/forbidden"))
        .json();
    assert_eq!(pairs, api.get(&format!("{base}/forbidden")).json());
}
