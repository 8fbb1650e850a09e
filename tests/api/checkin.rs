//! Check-in (檢錄) and the section schedule (issue 35) over HTTP: ticks through the API and the
//! page's forms, a scanned player page's address marking the player present, round 1 refused
//! while a player has not checked in and check-in is required, then paired with the arbiter's
//! choice (a zero-point absence, or a withdrawal) logged; check-in per round under the
//! every-round rule; the schedule set through the API and the form, shown on the round and event
//! pages and exported in the TRF as `122`/`132` lines that `anqi pair -c` still reads.

use serde_json::{Value, json};

use crate::json_api::{api_client, api_event, api_players};
use crate::start_numbers::check_with_anqi;
use crate::support::*;

/// Six players 甲 … 己 (start numbers 1–6 by rating), an event of 3 Swiss rounds made by "org"
/// through the API, with `arb` as its arbiter; returns the event id.
fn six_player_event(w: &World, name: &str) -> i64 {
    let mut org = api_client(w, "org");
    let id = api_event(
        &mut org,
        json!({"name": name, "variant": "xiangqi", "rounds": 3, "scoring": [2, 1, 0]}),
    );
    let players: Vec<Value> = ["甲", "乙", "丙", "丁", "戊", "己"]
        .iter()
        .enumerate()
        .map(|(i, n)| json!({"name": n, "club": "Club", "rating": 2000 - i as i64 * 50}))
        .collect();
    api_players(&mut org, id, &players);
    let mut page = w.login("org");
    let r = page.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
    id
}

/// Sets the check-in rule through the API as the organizer.
fn require_checkin(w: &World, id: i64, rule: &str) {
    let mut org = api_client(w, "org");
    let r = org.json(
        "PUT",
        &format!("/api/events/{id}/timetable"),
        &json!({"checkin": rule}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["checkin"], json!(rule));
}

fn present_list(c: &mut Client, id: i64) -> Vec<(u64, bool)> {
    let r = c.get(&format!("/api/events/{id}/checkin"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            (
                p["start"].as_u64().unwrap(),
                p["present"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// The start numbers seated in a round's JSON (boards and byes).
fn seated(round: &Value) -> Vec<u64> {
    let mut s: Vec<u64> = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [b["red"].as_u64(), b["black"].as_u64()])
        .flatten()
        .collect();
    s.sort();
    s
}

#[test]
fn players_check_in_by_api_tick_and_scan_and_round_one_leaves_the_absent_out_with_zero() {
    let w = World::new("checkin-zero");
    let id = six_player_event(&w, "檢錄盃");
    require_checkin(&w, id, "round1");
    let mut api = api_client(&w, "arb");
    assert_eq!(
        present_list(&mut api, id),
        (1..=6).map(|s| (s, false)).collect::<Vec<_>>()
    );

    // The fixed interface: PUT {"present": true} answers the new state.
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/checkin/1"),
        &json!({"present": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json(), json!({"start": 1, "name": "甲", "present": true}));
    let bad = api.json(
        "PUT",
        &format!("/api/events/{id}/checkin/1"),
        &json!({"present": "yes"}),
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    let nobody = api.json(
        "PUT",
        &format!("/api/events/{id}/checkin/9"),
        &json!({"present": true}),
    );
    assert_eq!(nobody.status, 404, "{}", nobody.body);

    // The page's tick, as a plain form.
    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/checkin/2"), &[("present", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/checkin"));
    assert_eq!(page.status, 200);
    assert_eq!(
        html::attrs(&page.body, "#checkin-list li.present", "data-start"),
        ["1", "2"]
    );

    // A scanner types the player page's address and presses Enter: present at once, confirmed.
    let scanned = format!("http://127.0.0.1:8080/events/{id}/players/3");
    let r = arb.form(&format!("/events/{id}/checkin/find"), &[("q", &scanned)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let back = r.location.expect("back to the list");
    assert_eq!(back, format!("/events/{id}/checkin?marked=3"));
    let page = arb.get(&back);
    let confirm = html::text(&page.body, "#checkin-confirm").expect("a confirmation");
    assert!(confirm.contains("3. 丙"), "{confirm}");
    // A name finds the player in the list; another event's player page is refused beside the box.
    let r = arb.form(&format!("/events/{id}/checkin/find"), &[("q", "丁")]);
    assert_eq!(r.status, 303);
    let found = arb.get(&r.location.unwrap());
    assert_eq!(
        html::attrs(&found.body, "#checkin-list li", "data-start"),
        ["4"]
    );
    let other = format!("/events/{}/players/4", id + 1000);
    let r = arb.form(&format!("/events/{id}/checkin/find"), &[("q", &other)]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::text(&r.body, "#checkin-error").is_some(),
        "{}",
        r.body
    );
    let r = arb.form(&format!("/events/{id}/checkin/find"), &[("q", "  ")]);
    assert_eq!(r.status, 400);
    // Ticked by mistake, then taken back: both in the log.
    for present in [true, false, true] {
        let r = api.json(
            "PUT",
            &format!("/api/events/{id}/checkin/4"),
            &json!({"present": present}),
        );
        assert_eq!(r.json()["present"], json!(present));
    }
    api.json(
        "PUT",
        &format!("/api/events/{id}/checkin/5"),
        &json!({"present": true}),
    );
    assert_eq!(
        present_list(&mut api, id),
        [
            (1, true),
            (2, true),
            (3, true),
            (4, true),
            (5, true),
            (6, false)
        ]
    );

    // Round 1 waits: refused through the API and the page, naming the player, in the page's
    // language; the rounds page lists who has not checked in.
    let r = api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("6. 己"), "{}", r.body);
    arb.get("/lang/zh-Hant?back=/");
    let index = arb.get(&format!("/events/{id}/rounds"));
    assert_eq!(html::texts(&index.body, "#checkin-missing li"), ["6. 己"]);
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 409, "{}", r.body);
    let why = html::text(&r.body, "#pair-error").expect("the refusal beside the form");
    assert!(why.contains("未檢錄") && why.contains("6. 己"), "{why}");
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/rounds"),
        &json!({"absent": "later"}),
    );
    assert_eq!(r.status, 400, "{}", r.body);

    // Paired with the zero-point absence: 己 is not seated and has a zero-point bye.
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/rounds"),
        &json!({"absent": "zero", "lot": "red"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let round = r.json();
    assert_eq!(seated(&round), [1, 2, 3, 4, 5]);
    assert!(
        round["byes"]
            .as_array()
            .unwrap()
            .contains(&json!({"start": 6, "kind": "Z"})),
        "{round}"
    );
    let standings = w
        .server
        .client()
        .get(&format!("/api/events/{id}/standings"));
    let six = standings
        .json()
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["start"] == json!(6))
        .cloned()
        .expect("己 in the standings");
    assert_eq!(six["points"], json!(0.0));

    // The log: each tick and the choice, with the player.
    let mut org = w.login("org");
    let log = org.get(&format!("/events/{id}/audit")).body;
    let text = html::text(&log, "main").unwrap_or_default();
    assert!(
        text.contains("4. 丁 no longer checked in for round 1"),
        "{text}"
    );
    assert!(text.contains("3. 丙 checked in for round 1"), "{text}");
    assert!(text.contains("Not checked in: absent"), "{text}");
    assert!(text.contains("6. 己"), "{text}");
}

#[test]
fn the_absent_may_be_withdrawn_and_every_round_checks_in_anew() {
    let w = World::new("checkin-withdraw");
    let id = six_player_event(&w, "每輪檢錄");
    require_checkin(&w, id, "every");
    let mut api = api_client(&w, "arb");
    check_in(&mut api, id, 1..=4);
    // The page's form with the choice: 戊 and 己 withdrawn, logged.
    let mut arb = w.login("arb");
    let r = arb.form(
        &format!("/events/{id}/rounds"),
        &[("lot", "red"), ("absent", "withdraw")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let round = api.get(&format!("/api/events/{id}/rounds/1")).json();
    assert_eq!(seated(&round), [1, 2, 3, 4]);
    let index = arb.get(&format!("/events/{id}/rounds"));
    let withdrawn = html::texts(&index.body, "#withdrawn li");
    assert_eq!(withdrawn.len(), 2, "{withdrawn:?}");
    assert!(withdrawn[0].starts_with("5. 戊") && withdrawn[1].starts_with("6. 己"));
    let log = w.login("org").get(&format!("/events/{id}/audit")).body;
    assert!(log.contains("Not checked in: withdrawn"), "{log}");

    // Under the every-round rule, round 2 starts with nobody checked in, and waits.
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let round = api.get(&format!("/api/events/{id}/rounds/1")).json();
    for b in round["boards"].as_array().unwrap() {
        let r = api.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{}/result", b["board"]),
            &json!({"result": "1-0", "version": b["version"]}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let list = present_list(&mut api, id);
    assert!(list.iter().all(|(_, p)| !p), "{list:?}");
    let r = api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body.contains("1. 甲") && !r.body.contains("戊"),
        "{}",
        r.body
    );
    check_in(&mut api, id, 1..=4);
    let r = api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
}

#[test]
fn without_the_rule_pairing_does_not_wait_on_check_in() {
    let w = World::new("checkin-off");
    let id = six_player_event(&w, "不檢錄");
    let mut api = api_client(&w, "arb");
    api.json(
        "PUT",
        &format!("/api/events/{id}/checkin/1"),
        &json!({"present": true}),
    );
    let r = api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(seated(&r.json()), [1, 2, 3, 4, 5, 6]);
}

#[test]
fn the_schedule_is_set_by_api_and_form_shown_on_the_pages_and_exported_in_the_trf() {
    let w = World::new("checkin-schedule");
    let id = six_player_event(&w, "賽程盃");
    let mut org = api_client(&w, "org");
    let r = org.json(
        "PUT",
        &format!("/api/events/{id}/timetable"),
        &json!({"time_control": "60'+30\"", "rounds": [{"round": 1, "start": "2026-12-05 10:00"}]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let s = r.json();
    assert_eq!(
        (s["minutes"].clone(), s["increment"].clone()),
        (json!(60), json!(30))
    );
    assert_eq!(s["time_control_shown"], json!("60′ + 30″"));
    assert_eq!(
        s["rounds"],
        json!([{"round": 1, "start": "2026-12-05 10:00"}])
    );
    let bad = org.json(
        "PUT",
        &format!("/api/events/{id}/timetable"),
        &json!({"time_control": "0+30"}),
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(
        org.json("PUT", &format!("/api/events/{id}/timetable"), &json!({}))
            .status,
        400
    );
    // The arbiter may not change it.
    let mut arb_api = api_client(&w, "arb");
    let r = arb_api.json(
        "PUT",
        &format!("/api/events/{id}/timetable"),
        &json!({"time_control": "5+0"}),
    );
    assert_eq!(r.status, 403, "{}", r.body);

    // The form: a bad round start is refused beside it and nothing is written; then saved.
    let mut page = w.login("org");
    let form = page.get(&format!("/events/{id}/timetable"));
    assert_eq!(
        html::attrs(&form.body, "input[type=datetime-local]", "name"),
        ["start_1", "start_2", "start_3"]
    );
    let r = page.form(
        &format!("/events/{id}/timetable"),
        &[
            ("checkin", "off"),
            ("time_control", "90+30"),
            ("start_1", "2026-12-06T09:30"),
            ("start_2", "Sunday"),
        ],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::text(&r.body, "#error-starts").is_some_and(|e| e.contains("Sunday")),
        "{}",
        r.body
    );
    let r = page.form(
        &format!("/events/{id}/timetable"),
        &[
            ("checkin", "off"),
            ("time_control", "90+30"),
            ("start_1", "2026-12-06T09:30"),
            ("start_2", "2026-12-06T14:00"),
            ("start_3", "2026-12-07T09:30"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let api = w
        .server
        .client()
        .get(&format!("/api/events/{id}/timetable"))
        .json();
    assert_eq!(api["time_control"], json!("90+30"));
    assert_eq!(api["rounds"].as_array().unwrap().len(), 3);
    assert_eq!(api["time_zone"], json!("Asia/Hong_Kong"));

    // The event page and the round page show it.
    let event = w.server.client().get(&format!("/events/{id}"));
    assert_eq!(
        html::text(&event.body, "#event-time-control").as_deref(),
        Some("90′ + 30″")
    );
    assert_eq!(
        html::texts(&event.body, "#round-starts time"),
        ["2026-12-06 09:30", "2026-12-06 14:00", "2026-12-07 09:30"]
    );
    let mut arb = w.login("arb");
    publish_round(&mut arb, id, 1);
    let round = w.server.client().get(&format!("/events/{id}/rounds/1"));
    let start = html::text(&round.body, "#round-start").expect("the start on the round page");
    assert!(
        start.contains("2026-12-06 09:30") && start.contains("90′ + 30″"),
        "{start}"
    );

    // The TRF: 122 and 132, the dates in the rounds' columns of the 001 lines; still read back.
    let r1 = arb_api.get(&format!("/api/events/{id}/rounds/1")).json();
    for b in r1["boards"].as_array().unwrap() {
        let r = arb_api.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{}/result", b["board"]),
            &json!({"result": "1-0", "version": b["version"]}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let trf = w
        .server
        .client()
        .get(&format!("/api/events/{id}/export.trf"))
        .body;
    assert!(trf.lines().any(|l| l == "122 90'+30\""), "{trf}");
    let dates = trf
        .lines()
        .find(|l| l.starts_with("132 "))
        .expect("a 132 line");
    assert_eq!(&dates[91..99], "26/12/06", "{trf}");
    assert_eq!(&dates[101..109], "26/12/06", "{trf}");
    assert_eq!(&dates[111..119], "26/12/07", "{trf}");
    let player = trf
        .lines()
        .find(|l| l.starts_with("001    1"))
        .expect("player 1");
    // Columns count characters (a name may be Chinese): round 1's block starts at column 92,
    // where its date stands in the 132 line.
    let block: Vec<char> = player.chars().skip(91).take(8).collect();
    let opponent: String = block.iter().take(4).collect();
    assert!(
        opponent.trim().parse::<u32>().is_ok() && matches!(block.get(5), Some('w' | 'b')),
        "round 1's block at column 92: {player}"
    );
    let (code, out) = check_with_anqi(&w.dir, "schedule.trf", &trf);
    assert_eq!(code, Some(0), "{out}");
}

/// The entries of a section's audit log page, as its organizer reads them.
fn audit_text(w: &World, id: i64) -> String {
    let log = w.login("org").get(&format!("/events/{id}/audit")).body;
    html::text(&log, "#audit tbody").unwrap_or_default()
}

/// The logged choices for the players not checked in (their actions), newest first.
fn left_out_entries(w: &World, id: i64) -> Vec<String> {
    let log = w.login("org").get(&format!("/events/{id}/audit")).body;
    html::attrs(&log, "#audit tbody tr", "data-action")
        .into_iter()
        .filter(|a| a.starts_with("checkin.absent"))
        .collect()
}

#[test]
fn pairing_by_hand_waits_on_check_in_as_the_engine_does() {
    let w = World::new("checkin-by-hand");
    let id = six_player_event(&w, "人手檢錄");
    require_checkin(&w, id, "round1");
    let mut api = api_client(&w, "arb");
    check_in(&mut api, id, 1..=5);
    let mut arb = w.login("arb");
    arb.get("/lang/zh-Hans?back=/");

    // The rounds page's one pairing form holds the choice and both buttons.
    let index = arb.get(&format!("/events/{id}/rounds"));
    let form = format!("form[action='/events/{id}/rounds']");
    assert_eq!(
        html::attrs(&index.body, &format!("{form} input[name=absent]"), "value"),
        ["zero", "withdraw"]
    );
    assert!(html::text(&index.body, &format!("{form} #pair-by-hand")).is_some());
    assert_eq!(html::texts(&index.body, "#checkin-missing li"), ["6. 己"]);

    // Refused, naming the player, beside the form in the reader's language; nothing written.
    let r = arb.form(&format!("/events/{id}/rounds/by-hand"), &[("lot", "red")]);
    assert_eq!(r.status, 409, "{}", r.body);
    let why = html::text(&r.body, "#pair-error").expect("the refusal beside the form");
    assert!(why.contains("未检录") && why.contains("6. 己"), "{why}");
    // A choice that is not one is refused beside the form too.
    let r = arb.form(
        &format!("/events/{id}/rounds/by-hand"),
        &[("lot", "red"), ("absent", "later")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::text(&r.body, "#pair-error").is_some_and(|e| e.contains("later")),
        "{}",
        r.body
    );
    assert_eq!(api.get(&format!("/api/events/{id}/rounds/1")).status, 404);
    let index = arb.get(&format!("/events/{id}/rounds"));
    assert!(html::texts(&index.body, "#bye-requests li").is_empty());
    assert_eq!(html::texts(&index.body, "#checkin-missing li"), ["6. 己"]);
    assert!(left_out_entries(&w, id).is_empty());

    // With the zero-point absence: logged, and the draft to pair by hand leaves 己 out with it.
    let r = arb.form(
        &format!("/events/{id}/rounds/by-hand"),
        &[("lot", "red"), ("absent", "zero")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(format!("/events/{id}/rounds/1").as_str())
    );
    let round = api.get(&format!("/api/events/{id}/rounds/1")).json();
    assert_eq!(round["published"], json!(false));
    assert_eq!(seated(&round), [1, 2, 3, 4, 5]);
    assert!(
        round["byes"]
            .as_array()
            .unwrap()
            .contains(&json!({"start": 6, "kind": "Z"})),
        "{round}"
    );
    let log = audit_text(&w, id);
    assert!(log.contains("Not checked in: absent"), "{log}");
    assert!(
        log.contains("Round 1, not checked in") && log.contains("6. 己"),
        "{log}"
    );
}

#[test]
fn pairing_by_hand_may_withdraw_the_players_not_checked_in() {
    let w = World::new("checkin-by-hand-withdraw");
    let id = six_player_event(&w, "人手退賽");
    require_checkin(&w, id, "every");
    let mut api = api_client(&w, "arb");
    check_in(&mut api, id, [1, 2, 4, 5]);
    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/rounds/by-hand"), &[]);
    assert_eq!(r.status, 409, "{}", r.body);
    let why = html::text(&r.body, "#pair-error").expect("the refusal beside the form");
    assert!(why.contains("3. 丙") && why.contains("6. 己"), "{why}");

    let r = arb.form(
        &format!("/events/{id}/rounds/by-hand"),
        &[("absent", "withdraw")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let round = api.get(&format!("/api/events/{id}/rounds/1")).json();
    assert_eq!(seated(&round), [1, 2, 4, 5]);
    assert_eq!(round["byes"], json!([]), "{round}");
    let index = arb.get(&format!("/events/{id}/rounds"));
    let withdrawn = html::texts(&index.body, "#withdrawn li");
    assert_eq!(withdrawn.len(), 2, "{withdrawn:?}");
    assert!(withdrawn[0].starts_with("3. 丙") && withdrawn[1].starts_with("6. 己"));
    let log = audit_text(&w, id);
    assert!(log.contains("Not checked in: withdrawn"), "{log}");

    // A draft waiting: refused whatever the choice, and nothing more written.
    let r = arb.form(
        &format!("/events/{id}/rounds/by-hand"),
        &[("absent", "zero")],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(left_out_entries(&w, id), ["checkin.absent_withdraw"]);
}

/// Checks `starts` in through the API (each answered 200).
fn check_in(api: &mut Client, id: i64, starts: impl IntoIterator<Item = u32>) {
    for s in starts {
        let r = api.json(
            "PUT",
            &format!("/api/events/{id}/checkin/{s}"),
            &json!({"present": true}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
}
