//! Teams (issue 34) over HTTP: team-mates kept apart in a 30-player, 6-club Swiss — in every round,
//! or in the first three only, after which the rounds pair as the plain Dutch system does — with
//! the exported TRF passing the pairings checker; the arbiter relaxing a team that blocks a round,
//! with the reason; and the team table (page, CSV and JSON) checked against a recomputation from
//! the standings.

use std::collections::{BTreeMap, HashMap};

use serde_json::{Value, json};

use crate::json_api::{api_client, api_event, games_of};
use crate::start_numbers::check_with_anqi;
use crate::support::*;

/// The six clubs; player i plays for CLUBS[i % 6]. A seventh of the players give a school in the
/// team column instead, which then counts in place of the club.
const CLUBS: [&str; 6] = ["荃灣", "沙田", "九龍城", "觀塘", "屯門", "元朗"];

/// 30 players, ratings falling with the number (ties broken by the name); every player's team
/// is their club, but players 7 and 13 name their club in the `team` column with different
/// case and spacing (same team) and give another club, to check the column wins.
fn players() -> Vec<Value> {
    (1..=30)
        .map(|i| {
            let club = CLUBS[i % 6];
            if i == 7 || i == 13 {
                json!({"name": format!("棋手{i:02}"), "club": "Other", "team": format!(" {club} "), "rating": 2400 - 11 * i})
            } else {
                json!({"name": format!("棋手{i:02}"), "club": club, "rating": 2400 - 11 * i})
            }
        })
        .collect()
}

/// A result that depends on both players and the round, so that scores spread: mostly the higher
/// rated (lower number) wins, with draws and upsets mixed in.
fn result_for(round: u64, red: u64, black: u64) -> &'static str {
    match (red * 7 + black * 3 + round) % 5 {
        0 => "1/2-1/2",
        1 => {
            if red < black {
                "0-1"
            } else {
                "1-0"
            }
        }
        _ => {
            if red < black {
                "1-0"
            } else {
                "0-1"
            }
        }
    }
}

/// Plays round after round of event `id`: pairs it (with `relax` as the reason when given),
/// enters every result, and returns each round as paired.
fn play(api: &mut Client, id: i64, rounds: u64) -> Vec<Value> {
    (1..=rounds)
        .map(|n| {
            let r = api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
            assert_eq!(r.status, 201, "pair round {n}: {}", r.body);
            let round = r.json();
            for (board, red, black, _) in games_of(&round) {
                let r = api.json(
                    "PUT",
                    &format!("/api/events/{id}/rounds/{n}/boards/{board}/result"),
                    &json!({"result": result_for(n, red, black)}),
                );
                assert_eq!(r.status, 200, "round {n} board {board}: {}", r.body);
            }
            round
        })
        .collect()
}

/// Each start number's team as the event lists it (the `team` column, else the club).
fn teams_of(api: &mut Client, id: i64) -> HashMap<u64, String> {
    let players = api.get(&format!("/api/events/{id}/players")).json();
    players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let team = p["team"].as_str().filter(|t| !t.is_empty());
            let team = team.unwrap_or_else(|| p["club"].as_str().unwrap());
            (p["start"].as_u64().unwrap(), team.to_string())
        })
        .collect()
}

/// The boards of `round` whose two players are of one team.
fn team_boards(round: &Value, teams: &HashMap<u64, String>) -> Vec<(u64, u64)> {
    games_of(round)
        .into_iter()
        .filter(|(_, red, black, _)| teams[red] == teams[black])
        .map(|(_, red, black, _)| (red, black))
        .collect()
}

/// A 30-player, 6-club xiangqi Swiss of 6 rounds with team avoidance `avoid`; returns its id.
fn club_event(api: &mut Client, avoid: Value) -> i64 {
    let id = api_event(
        api,
        json!({"name": "同隊回避賽", "variant": "xiangqi", "rounds": 6, "knockout_size": 0,
               "club_avoidance": avoid, "team_counted": 3}),
    );
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/players"),
        &json!(players()),
    );
    assert_eq!(r.status, 201, "register: {}", r.body);
    id
}

/// The event's TRF, and the checker's verdict on it: every round "same".
fn trf_checks(w: &World, api: &mut Client, id: i64, name: &str) -> String {
    let trf = api.get(&format!("/api/events/{id}/export.trf"));
    assert_eq!(trf.status, 200);
    let (code, out) = check_with_anqi(&w.dir, name, &trf.body);
    assert_eq!(
        code,
        Some(0),
        "{name}: the checker differs:\n{out}\n{}",
        trf.body
    );
    for n in 1..=6 {
        assert!(out.contains(&format!("Round {n}: same")), "{out}");
    }
    trf.body
}

/// The same TRF without its `260` lines, checked: which rounds differ from the plain Dutch system.
fn differing_without_teams(w: &World, trf: &str, name: &str) -> Vec<u32> {
    let plain: String = trf
        .lines()
        .filter(|l| !l.starts_with("260 "))
        .map(|l| format!("{l}\n"))
        .collect();
    let (_, out) = check_with_anqi(&w.dir, name, &plain);
    (1..=6)
        .filter(|n| out.contains(&format!("Round {n}: differs")))
        .collect()
}

#[test]
fn team_mates_never_meet_when_kept_apart_in_every_round_and_the_trf_checks() {
    let w = World::new("teams-all");
    let mut org = api_client(&w, "org");
    let id = club_event(&mut org, json!("all"));
    let section = org.get(&format!("/api/events/{id}/sections")).json();
    assert_eq!(section[0]["club_avoidance"], json!("all"));
    assert_eq!(section[0]["team_counted"], json!(3));
    let teams = teams_of(&mut org, id);
    assert_eq!(teams[&7], CLUBS[1], "the team column counts, trimmed");
    let rounds = play(&mut org, id, 6);
    for (n, round) in rounds.iter().enumerate() {
        assert_eq!(
            team_boards(round, &teams),
            vec![],
            "round {}: team-mates paired",
            n + 1
        );
    }
    let trf = trf_checks(&w, &mut org, id, "teams-all.trf");
    assert_eq!(
        trf.lines().filter(|l| l.starts_with("260 001 006")).count(),
        6,
        "{trf}"
    );
    // The teams changed the pairing: without them the checker pairs some rounds otherwise.
    assert!(
        !differing_without_teams(&w, &trf, "teams-all-plain.trf").is_empty(),
        "the avoidance never mattered; the test proves nothing"
    );
}

#[test]
fn kept_apart_in_the_first_three_rounds_then_paired_as_the_plain_dutch_system() {
    let w = World::new("teams-first");
    let mut org = api_client(&w, "org");
    let id = club_event(&mut org, json!(3));
    let teams = teams_of(&mut org, id);
    let rounds = play(&mut org, id, 6);
    for (n, round) in rounds.iter().take(3).enumerate() {
        assert_eq!(team_boards(round, &teams), vec![], "round {}", n + 1);
    }
    let trf = trf_checks(&w, &mut org, id, "teams-first.trf");
    assert_eq!(
        trf.lines().filter(|l| l.starts_with("260 001 003")).count(),
        6,
        "{trf}"
    );
    // Rounds 4–6 are the plain Dutch system's: with the teams' lines gone they still check.
    let differing = differing_without_teams(&w, &trf, "teams-first-plain.trf");
    assert!(
        differing.iter().all(|&n| n <= 3),
        "rounds {differing:?} differ"
    );
    assert!(
        rounds
            .iter()
            .skip(3)
            .any(|r| !team_boards(r, &teams).is_empty()),
        "no team-mates met after round 3: the plain rounds were not exercised"
    );
}

#[test]
fn a_team_that_blocks_the_round_is_named_and_relaxed_with_a_reason() {
    let w = World::new("teams-relax");
    let mut org = api_client(&w, "org");
    let id = api_event(
        &mut org,
        json!({"name": "回避放寬", "variant": "xiangqi", "rounds": 3, "knockout_size": 0,
               "club_avoidance": "all"}),
    );
    // Three of four players from one club: round 1 cannot keep them all apart.
    let list: Vec<Value> = ["A", "A", "A", "B"]
        .iter()
        .enumerate()
        .map(|(i, c)| json!({"name": format!("P{i}"), "club": c, "rating": 2000 - i * 10}))
        .collect();
    assert_eq!(
        org.json("POST", &format!("/api/events/{id}/players"), &json!(list))
            .status,
        201
    );
    let r = org.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    let error = r.json()["error"].as_str().unwrap().to_string();
    assert!(error.contains("round 1") && error.contains('A'), "{error}");
    // The page's pairing form asks for the reason beside the refusal, and takes it.
    let mut page = w.login("org");
    let r = page.form(&format!("/events/{id}/rounds"), &[]);
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        html::attrs(&r.body, "#relax-reason", "name"),
        ["relax_reason"],
        "{}",
        r.body
    );
    assert!(shows_error(&r.body, "A"), "{}", r.body);
    let r = page.form(
        &format!("/events/{id}/rounds"),
        &[("relax_reason", "三人同會，只有一名外會棋手")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let round = org.get(&format!("/api/events/{id}/rounds/1")).json();
    let teams = teams_of(&mut org, id);
    assert_eq!(team_boards(&round, &teams).len(), 1, "{round}");
    // Logged with the reason.
    let audit = page.get(&format!("/events/{id}/audit"));
    assert!(audit.body.contains("三人同會"), "{}", audit.body);
    // The TRF keeps team A apart in rounds 2–3 only, and checks.
    let publish = page.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert!(matches!(publish.status, 303 | 200), "{}", publish.body);
    let trf = org.get(&format!("/api/events/{id}/export.trf")).body;
    assert!(trf.contains("260 002 003    1    2    3"), "{trf}");
}

/// Whether the pairing refusal beside the form names `text`.
fn shows_error(body: &str, text: &str) -> bool {
    html::text(body, "#pair-error").is_some_and(|t| t.contains(text))
}

#[test]
fn the_team_table_sums_each_teams_best_players_as_recomputed_from_the_standings() {
    let w = World::new("teams-table");
    let mut org = api_client(&w, "org");
    let id = club_event(&mut org, json!("off"));
    play(&mut org, id, 4);
    let teams = teams_of(&mut org, id);
    let standings = org.get(&format!("/api/events/{id}/standings")).json();
    // Recompute: each team's best three lines of the standings (in rank order), summed; ranked by
    // the sum, then the summed first tie-break (Buchholz), then the best place.
    let mut members: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for line in standings.as_array().unwrap() {
        let team = teams[&line["start"].as_u64().unwrap()].clone();
        members.entry(team).or_default().push(line);
    }
    let mut expected: Vec<(String, f64, f64, u64, Vec<u64>)> = members
        .into_iter()
        .map(|(team, lines)| {
            let best: Vec<&Value> = lines.into_iter().take(3).collect();
            let points = best.iter().map(|l| l["points"].as_f64().unwrap()).sum();
            let bh = best
                .iter()
                .map(|l| l["tiebreaks"]["BH"].as_f64().unwrap())
                .sum();
            let starts = best.iter().map(|l| l["start"].as_u64().unwrap()).collect();
            (team, points, bh, best[0]["rank"].as_u64().unwrap(), starts)
        })
        .collect();
    expected.sort_by(|a, b| {
        b.1.partial_cmp(&a.1)
            .unwrap()
            .then(b.2.partial_cmp(&a.2).unwrap())
            .then(a.3.cmp(&b.3))
    });
    let got = org.get(&format!("/api/events/{id}/teams"));
    assert_eq!(got.status, 200, "{}", got.body);
    let got = got.json();
    let got = got.as_array().unwrap();
    assert_eq!(got.len(), 6);
    for (k, (line, want)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(line["team"], json!(want.0), "place {}: {got:?}", k + 1);
        assert_eq!(line["points"].as_f64().unwrap(), want.1, "{}", want.0);
        assert_eq!(line["players"], json!(want.4), "{}", want.0);
        let shared = k > 0
            && (expected[k - 1].1, expected[k - 1].2, expected[k - 1].3)
                == (want.1, want.2, want.3);
        if !shared {
            assert_eq!(line["rank"], json!(k + 1), "{}", want.0);
        }
    }
    // The section path answers the same; the page and the CSV show the same table.
    let section = org
        .get(&format!("/api/events/{id}/sections/{id}/teams"))
        .json();
    assert_eq!(section.as_array().unwrap(), got);
    let page = w.server.client().get(&format!("/events/{id}/teams"));
    assert_eq!(page.status, 200);
    let first = html::text(&page.body, "#teams tbody tr").unwrap_or_default();
    assert!(first.contains(got[0]["team"].as_str().unwrap()), "{first}");
    let csv = w.server.client().get(&format!("/events/{id}/teams.csv"));
    assert_eq!(csv.status, 200);
    let second_line = csv.body.lines().nth(1).unwrap_or_default().to_string();
    assert!(
        second_line.starts_with(&format!("1,{}", got[0]["team"].as_str().unwrap())),
        "{}",
        csv.body
    );
    // After round 2 the table is that of the standings after round 2.
    let early = org.get(&format!("/api/events/{id}/teams?after=2")).json();
    let early_total: f64 = early
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["points"].as_f64().unwrap())
        .sum();
    let now_total: f64 = got.iter().map(|t| t["points"].as_f64().unwrap()).sum();
    assert!(early_total < now_total);
    // The count is a setting, refused beside the field out of range.
    let bad = org.json(
        "POST",
        "/api/events",
        &json!({"name": "x", "variant": "xiangqi", "team_counted": 0}),
    );
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("team_counted"), "{}", bad.body);
    let bad = org.json(
        "POST",
        "/api/events",
        &json!({"name": "x", "variant": "xiangqi", "club_avoidance": "sometimes"}),
    );
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("club_avoidance"), "{}", bad.body);
}

/// Pairs the next round of event `id` and draws every game; returns the round.
fn play_all_drawn(api: &mut Client, id: i64) -> Value {
    let r = api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 201, "pair: {}", r.body);
    let round = r.json();
    let n = round["round"].as_u64().unwrap();
    for (board, ..) in games_of(&round) {
        let r = api.json(
            "PUT",
            &format!("/api/events/{id}/rounds/{n}/boards/{board}/result"),
            &json!({"result": "1/2-1/2"}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    round
}

/// The standings' start numbers with their ranks, best first.
fn ranks(api: &mut Client, id: i64) -> Vec<(u64, u64)> {
    let s = api.get(&format!("/api/events/{id}/standings")).json();
    s.as_array()
        .unwrap()
        .iter()
        .map(|l| (l["start"].as_u64().unwrap(), l["rank"].as_u64().unwrap()))
        .collect()
}

#[test]
fn a_complete_tie_goes_by_the_fouls_then_by_the_recorded_lot() {
    let w = World::new("teams-ladder");
    let mut org = api_client(&w, "org");
    // A double round robin of four where every game is drawn: every player is equal on every
    // tie-break of Art. 14.1 but the fouls and the lot.
    let id = api_event(
        &mut org,
        json!({"name": "和局循環", "variant": "xiangqi", "format": "round_robin", "cycles": 2,
               "knockout_size": 0, "tie_breaks": ["CXA-14.1"]}),
    );
    let players: Vec<Value> = (1..=4)
        .map(|i| json!({"name": format!("和{i}"), "club": "", "rating": 1900 - i}))
        .collect();
    assert_eq!(
        org.json(
            "POST",
            &format!("/api/events/{id}/players"),
            &json!(players)
        )
        .status,
        201
    );
    let r = org.json(
        "POST",
        &format!("/api/events/{id}/draw"),
        &json!({"method": "rating"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for _ in 0..6 {
        play_all_drawn(&mut org, id);
    }
    let standings = org.get(&format!("/api/events/{id}/standings")).json();
    let codes: Vec<&String> = standings[0]["tiebreaks"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    for code in ["SB", "WIN", "DE", "FOUL", "BPG", "DEB", "LOT"] {
        assert!(
            codes.iter().any(|c| *c == code),
            "{code} missing from {codes:?}"
        );
    }
    assert!(ranks(&mut org, id).iter().all(|&(_, r)| r == 1), "all tied");

    // A foul recorded against player 2 in round 3 puts them last; the card shows it.
    let mut page = w.login("org");
    let bad = page.form(
        &format!("/events/{id}/players/2/fouls"),
        &[
            ("round", "3"),
            ("count", "lots"),
            ("note", ""),
            ("reason", ""),
        ],
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(
        html::text(&bad.body, "#fouls-count-error").is_some(),
        "{}",
        bad.body
    );
    let r = page.form(
        &format!("/events/{id}/players/2/fouls"),
        &[
            ("round", "3"),
            ("count", "1"),
            ("note", "手機響"),
            ("reason", "裁判記錄"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let card = w.server.client().get(&format!("/events/{id}/players/2"));
    assert_eq!(
        html::text(&card.body, "#fouls-total").as_deref(),
        Some("1"),
        "{}",
        card.body
    );
    assert!(
        html::text(&card.body, "#fouls-list")
            .unwrap_or_default()
            .contains("手機響")
    );
    let after_foul = ranks(&mut org, id);
    assert_eq!(after_foul.last(), Some(&(2, 4)), "{after_foul:?}");
    assert!(
        after_foul[..3].iter().all(|&(_, r)| r == 1),
        "{after_foul:?}"
    );

    // The lot: not drawn yet on the standings page; drawn once, then its order ranks the rest.
    let before = w.server.client().get(&format!("/events/{id}/standings"));
    assert!(html::text(&before.body, "#lot").is_some_and(|t| !t.is_empty()));
    assert!(html::text(&before.body, "#lot-seed").is_none());
    let r = org.json("POST", &format!("/api/events/{id}/lot"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let order: Vec<u64> = r.json()["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let seed = r.json()["seed"].as_str().unwrap().to_string();
    assert_eq!(order.len(), 4);
    let again = org.json("POST", &format!("/api/events/{id}/lot"), &json!({}));
    assert_eq!(again.status, 409, "a lot is drawn once");
    let expected: Vec<u64> = order
        .iter()
        .copied()
        .filter(|&s| s != 2)
        .chain([2])
        .collect();
    let got: Vec<u64> = ranks(&mut org, id).iter().map(|&(s, _)| s).collect();
    assert_eq!(got, expected, "the lot orders the players still tied");
    assert_eq!(
        ranks(&mut org, id)
            .iter()
            .map(|&(_, r)| r)
            .collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    let page_after = w.server.client().get(&format!("/events/{id}/standings"));
    assert_eq!(
        html::text(&page_after.body, "#lot-seed").as_deref(),
        Some(seed.as_str())
    );
    // Clearing the foul (count 0) puts player 2 back among the lot's order.
    let r = org.json(
        "POST",
        &format!("/api/events/{id}/players/2/fouls"),
        &json!({"round": 3, "count": 0, "reason": "改判"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let got: Vec<u64> = ranks(&mut org, id).iter().map(|&(s, _)| s).collect();
    assert_eq!(got, order);
}

#[test]
fn the_settings_offer_the_regulations_presets_for_the_tie_breaks() {
    let w = World::new("teams-presets");
    let mut page = w.login("org");
    let r = page.get("/events/new");
    assert_eq!(
        html::attrs(&r.body, "#tie-break-preset option", "value"),
        ["", "CXA-14.1", "CXA-14.3.1", "CXA-14.3.2"]
    );
    let mut org = api_client(&w, "org");
    let id = api_event(
        &mut org,
        json!({"name": "規程", "variant": "xiangqi", "tie_breaks": ["CXA-14.3.2"]}),
    );
    let settings = page.get(&format!("/events/{id}/settings"));
    let chosen = html::attrs(
        &settings.body,
        "#tie-breaks select option[selected]",
        "value",
    );
    assert_eq!(
        chosen,
        ["PS", "WIN", "FOUL", "BPG", "PS-CUT", "LOT"],
        "the places show the preset"
    );
}
