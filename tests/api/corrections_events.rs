//! Corrections and undo of events, players, arbiters and accounts: each needs a reason
//! (kept in the audit log) and a confirmation the server checks; settings lock once they matter
//! and a forged form is refused; an archived event is read-only, off the home list and still
//! public; a disabled account cannot sign in and its sessions and tokens end; the audit log is
//! paginated, filtered, in the event's time zone and speaks words, not codes.

use serde_json::json;

use crate::deals::{finish_round, pair_and_publish, seal, setup};
use crate::json_api::api_client;
use crate::support::*;

/// The reason and confirmation fields every correction form carries.
const OK: [(&str, &str); 2] = [("reason", "typo on the entry form"), ("confirm", "yes")];

/// The settings form as the page fills it, with `changes` applied and the correction fields.
fn settings(c: &mut Client, id: i64, changes: &[(&str, &str)]) -> Resp {
    let page = c.get(&format!("/events/{id}/settings"));
    assert_eq!(page.status, 200, "{}", page.body);
    let doc = scraper::Html::parse_document(&page.body);
    let inputs = scraper::Selector::parse("#settings-form input, #settings-form select").unwrap();
    let option = scraper::Selector::parse("option[selected]").unwrap();
    let mut fields: Vec<(String, String)> = Vec::new();
    for e in doc.select(&inputs) {
        let Some(name) = e.value().attr("name") else {
            continue;
        };
        if matches!(name, "csrf" | "reason" | "confirm") {
            continue;
        }
        let value = if e.value().name() == "select" {
            e.select(&option)
                .next()
                .and_then(|o| o.value().attr("value"))
                .unwrap_or("")
                .to_string()
        } else {
            e.value().attr("value").unwrap_or("").to_string()
        };
        fields.push((name.to_string(), value));
    }
    for (k, v) in changes {
        match fields.iter_mut().find(|(n, _)| n == k) {
            Some(f) => f.1 = v.to_string(),
            None => fields.push((k.to_string(), v.to_string())),
        }
    }
    let mut all: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    all.extend(OK);
    c.form(&format!("/events/{id}/settings"), &all)
}

/// The account id of a user, from the accounts page.
fn account_id(admin: &mut Client, name: &str) -> i64 {
    let page = admin.get("/users").body;
    let doc = scraper::Html::parse_document(&page);
    let rows = scraper::Selector::parse("tr[id^=account-]").unwrap();
    let td = scraper::Selector::parse("td").unwrap();
    doc.select(&rows)
        .find(|r| r.select(&td).next().map(html::text_of).as_deref() == Some(name))
        .and_then(|r| r.value().attr("id"))
        .and_then(|id| id.trim_start_matches("account-").parse().ok())
        .unwrap_or_else(|| panic!("{name} listed"))
}

#[test]
fn settings_change_while_they_do_not_matter_and_lock_with_a_reason() {
    let w = World::new("corr-settings");
    let id = setup(&w, "xiangqi", 4);
    let mut org = w.login("org");

    // No confirmation, or no reason: refused, nothing changes, the form keeps what was typed.
    let r = org.form(
        &format!("/events/{id}/settings"),
        &[
            ("name", "Renamed"),
            ("start_date", "2011-05-01"),
            ("variant", "xiangqi"),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("Tick the confirmation box"), "{}", r.body);
    assert!(r.body.contains("value=\"Renamed\""));

    // Before round 1 everything may change; the audit log keeps the reason and speaks words.
    let r = settings(
        &mut org,
        id,
        &[
            ("swiss_rounds", "7"),
            ("move_limit", "100"),
            ("time_zone", "Asia/Taipei"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = org.get(&format!("/events/{id}")).body;
    assert_eq!(
        html::definition(&page, "Swiss rounds").as_deref(),
        Some("7")
    );
    let log = org.get(&format!("/events/{id}/audit")).body;
    let rows = html::rows(&log, "#audit tbody tr");
    assert_eq!(rows[0][2], "Settings changed");
    assert!(rows[0][3].contains("Swiss rounds: 6 → 7"), "{:?}", rows[0]);
    assert!(rows[0][3].contains("Time zone: Asia/Hong_Kong → Asia/Taipei"));
    assert_eq!(rows[0][4], "typo on the entry form");
    assert!(log.contains("Asia/Taipei"));

    // Round 1 published: the rounds, the scoring and the tie-breaks lock, and the page says why.
    let mut arb = w.login("arb");
    pair_and_publish(&mut arb, id, 1);
    let form = org.get(&format!("/events/{id}/settings")).body;
    for field in ["swiss_rounds", "points_win", "tie_breaks", "variant"] {
        let locked = html::text(&form, &format!("#locked-{field}"))
            .unwrap_or_else(|| panic!("{field} locked"));
        assert!(locked.contains("round 1 is published"), "{locked}");
    }
    assert!(
        html::text(&form, "#locked-move_limit").is_none(),
        "no record yet"
    );
    // A forged form changing a locked setting is refused, naming it.
    let r = settings(&mut org, id, &[("swiss_rounds", "5")]);
    assert_eq!(r.status, 400);
    let alerts = html::texts(&r.body, "[role=alert]").join("\n");
    let refusal = "The number of rounds cannot change: round 1 is published.";
    assert!(alerts.contains(refusal), "{}", r.body);
    let r = settings(&mut org, id, &[("points_win", "3")]);
    assert!(r.body.contains("The scoring cannot change"));
    // Name, venue and dates stay editable.
    let r = settings(&mut org, id, &[("name", "Renamed cup"), ("venue", "沙田")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(
        org.get(&format!("/events/{id}"))
            .body
            .contains("Renamed cup")
    );

    // The first stored record locks the move limit.
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", "1. h2e2 h9g7 *")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = settings(&mut org, id, &[("move_limit", "120")]);
    assert_eq!(r.status, 400);
    assert!(
        r.body
            .contains("The move limit cannot change: a move record is stored.")
    );

    // The arbiter reads the log in 繁體中文, times in the event's zone, no codes.
    arb.accept_language = Some("zh-Hant".into());
    arb.cookies.insert("anqi_lang".into(), "zh-Hant".into());
    let log = arb.get(&format!("/events/{id}/audit")).body;
    let rows = html::rows(&log, "#audit tbody tr");
    assert!(rows.iter().any(|r| r[2] == "更改設定"), "{rows:?}");
    assert!(rows.iter().all(|r| !r[2].contains('.')), "{rows:?}");
    assert!(
        rows.iter()
            .all(|r| !r[0].contains('T') && !r[0].ends_with('Z'))
    );
    // Other organizers cannot open the form.
    let mut org2 = w.login("org2");
    assert_eq!(org2.get(&format!("/events/{id}/settings")).status, 403);
}

/// The tie-breaks are ordered place by place, each offered by its name; what is chosen is saved in
/// that order, empty places skipped; a tie-break chosen twice is refused beside the form, and the
/// places keep what was chosen.
#[test]
fn tie_breaks_are_chosen_in_order_by_name() {
    let w = World::new("corr-tie-breaks");
    let id = setup(&w, "xiangqi", 4);
    let mut org = w.login("org");
    let form = org.get(&format!("/events/{id}/settings")).body;
    let chosen = |body: &str| -> Vec<String> {
        (1..=8)
            .map(|i| {
                html::attrs(
                    body,
                    &format!("select[name=tb{i}] option[selected]"),
                    "value",
                )
                .pop()
                .unwrap_or_default()
            })
            .collect()
    };
    assert_eq!(
        chosen(&form),
        ["BH", "WIN", "BWG", "PS", "PN", "", "", ""].map(String::from),
        "the default order, place by place"
    );
    assert!(
        html::attrs(&form, "input[name=tie_breaks]", "name").is_empty(),
        "no code list"
    );
    let names = html::texts(&form, "select[name=tb1] option");
    assert!(
        names.contains(&"Sonneborn–Berger (SB)".to_string()),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.contains("(FOUL)")) && names.iter().any(|n| n.contains("(LOT)")),
        "the fouls and the lot, which events now record: {names:?}"
    );
    let meanings = html::text(&form, "#tie-break-meanings").expect("explained");
    assert!(
        meanings.contains("the scores of the opponents beaten"),
        "{meanings}"
    );

    let places = [
        ("tb1", "SB"),
        ("tb2", ""),
        ("tb3", "PRV"),
        ("tb4", "PN"),
        ("tb5", ""),
        ("tb6", ""),
        ("tb7", ""),
        ("tb8", ""),
    ];
    let r = settings(&mut org, id, &places);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = org.get(&format!("/events/{id}")).body;
    assert_eq!(
        html::definition(&page, "Tie-breaks").as_deref(),
        Some("Sonneborn–Berger, Previous rounds (前輪成績), Pairing number")
    );

    let mut twice = places;
    twice[1] = ("tb2", "PN");
    let r = settings(&mut org, id, &twice);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("“PN”"), "{}", r.body);
    assert_eq!(
        chosen(&r.body)[..4],
        ["SB", "PN", "PRV", "PN"].map(String::from),
        "what was chosen stays"
    );
}

#[test]
fn the_audit_log_is_paginated_and_filtered() {
    let w = World::new("corr-audit");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Audit", "xiangqi");
    for i in 0..60 {
        let r = org.form(
            &format!("/events/{id}/players"),
            &[("name", &format!("棋手{i:02}")), ("rating", "1500")],
        );
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303);
    let first = org.get(&format!("/events/{id}/audit")).body;
    assert_eq!(html::rows(&first, "#audit tbody tr").len(), 50);
    assert!(
        html::text(&first, "#audit-pages")
            .unwrap()
            .contains("1 / 2")
    );
    let second = org.get(&format!("/events/{id}/audit?page=2")).body;
    let rows = html::rows(&second, "#audit tbody tr");
    assert_eq!(
        rows.len(),
        12,
        "62 entries: create, 60 players, one arbiter"
    );
    assert_eq!(rows.last().unwrap()[2], "Event created");
    // By action and by user.
    let only = org
        .get(&format!("/events/{id}/audit?action=arbiter.add"))
        .body;
    let rows = html::rows(&only, "#audit tbody tr");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0][2], "Arbiter added");
    let nobody = org.get(&format!("/events/{id}/audit?user=arb")).body;
    assert!(html::rows(&nobody, "#audit tbody tr").is_empty());
    // By date, in the event's time zone: nothing was done before today or after it.
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Asia::Hong_Kong)
        .date_naive();
    let day = today.format("%Y-%m-%d").to_string();
    let later = (today + chrono::Days::new(1))
        .format("%Y-%m-%d")
        .to_string();
    let all = org
        .get(&format!("/events/{id}/audit?from={day}&until={day}"))
        .body;
    assert!(all.contains("62"), "every entry is today's");
    let none = org.get(&format!("/events/{id}/audit?from={later}")).body;
    assert!(html::rows(&none, "#audit tbody tr").is_empty());
    let bad = org.get(&format!("/events/{id}/audit?from=yesterday"));
    assert_eq!(bad.status, 400);
    // Visitors do not see it.
    let mut anon = w.server.client();
    assert_ne!(anon.get(&format!("/events/{id}/audit")).status, 200);
}

#[test]
fn players_are_corrected_and_deleted_with_a_reason() {
    let w = World::new("corr-players");
    let id = setup(&w, "xiangqi", 4);
    let mut org = w.login("org");
    let page = org.get(&format!("/events/{id}/players")).body;
    let ids = html::attrs(&page, "td[data-player]", "data-player");
    let (first, second) = (&ids[0], &ids[1]);

    let edit = |c: &mut Client, p: &str, fields: &[(&str, &str)], ok: bool| {
        let mut all = fields.to_vec();
        if ok {
            all.extend(OK);
        }
        c.form(&format!("/events/{id}/players/{p}/edit"), &all)
    };
    // No reason: refused.
    let r = edit(
        &mut org,
        first,
        &[("name", "陳一"), ("club", "C"), ("rating", "1999")],
        false,
    );
    assert_eq!(r.status, 400);
    // Name, club and rating before round 1.
    let r = edit(
        &mut org,
        first,
        &[("name", "陳一"), ("club", "新會"), ("rating", "2100")],
        true,
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = org.get(&format!("/events/{id}/players")).body;
    assert!(page.contains("陳一") && page.contains("新會"));
    // A deletion needs the tick and a reason.
    let r = org.form(
        &format!("/events/{id}/players/{second}/delete"),
        &[("confirm", "yes")],
    );
    assert_eq!(r.status, 400);
    let r = org.form(&format!("/events/{id}/players/{second}/delete"), &OK);
    assert_eq!(r.status, 303, "{}", r.body);
    let log = org.get(&format!("/events/{id}/audit")).body;
    let rows = html::rows(&log, "#audit tbody tr");
    assert_eq!(rows[0][2], "Player deleted");
    assert_eq!(rows[1][2], "Player corrected");
    assert!(rows[1][3].contains("Rating: 2000 → 2100"), "{:?}", rows[1]);
    assert_eq!(rows[1][4], "typo on the entry form");

    // After round 1: the name only; no deletions.
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "丙"), ("rating", "1500")],
    );
    assert_eq!(r.status, 303);
    let mut arb = w.login("arb");
    pair_and_publish(&mut arb, id, 1);
    let r = edit(
        &mut org,
        first,
        &[("name", "陳一"), ("club", "新會"), ("rating", "1800")],
        true,
    );
    assert_eq!(r.status, 409);
    assert!(
        r.body.contains("only the name can be corrected"),
        "{}",
        r.body
    );
    let r = edit(
        &mut org,
        first,
        &[("name", "陳一鳴"), ("club", "新會"), ("rating", "2100")],
        true,
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let trf = org.get(&format!("/events/{id}/export.trf")).body;
    assert!(
        trf.contains("陳一鳴"),
        "the export reads the corrected name"
    );
    let page = org.get(&format!("/events/{id}/players")).body;
    let third = &html::attrs(&page, "td[data-player]", "data-player")[2];
    let r = org.form(&format!("/events/{id}/players/{third}/delete"), &OK);
    assert_eq!(r.status, 409);
}

#[test]
fn an_arbiter_is_removed_and_loses_the_event() {
    let w = World::new("corr-arbiters");
    let id = setup(&w, "xiangqi", 4);
    let mut org = w.login("org");
    let mut admin = w.login("admin");
    let arb_id = account_id(&mut admin, "arb");
    let mut arb = w.login("arb");
    assert_eq!(arb.get(&format!("/events/{id}/audit")).status, 200);
    let path = format!("/events/{id}/arbiters/{arb_id}/remove");
    assert_eq!(
        org.form(&path, &[("reason", "left")]).status,
        400,
        "no tick"
    );
    assert_eq!(
        arb.form(&path, &OK).status,
        403,
        "arbiters do not remove arbiters"
    );
    let r = org.form(&path, &OK);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(arb.get(&format!("/events/{id}/audit")).status, 403);
    assert_eq!(org.form(&path, &OK).status, 404, "already removed");
    let log = org.get(&format!("/events/{id}/audit")).body;
    assert_eq!(html::rows(&log, "#audit tbody tr")[0][2], "Arbiter removed");
    // The undo is adding the arbiter again.
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303);
    assert_eq!(arb.get(&format!("/events/{id}/audit")).status, 200);
}

#[test]
fn an_archived_event_is_read_only_off_the_home_list_and_still_public() {
    let w = World::new("corr-archive");
    let id = setup(&w, "xiangqi", 4);
    let mut org = w.login("org");
    let mut arb = w.login("arb");
    pair_and_publish(&mut arb, id, 1);
    // Once round 1 is published, deleting needs the event's name typed.
    let r = org.form(&format!("/events/{id}/delete"), &OK);
    assert_eq!(r.status, 409);
    assert!(r.body.contains("type its name"), "{}", r.body);

    assert_eq!(
        org.form(&format!("/events/{id}/archive"), &[("confirm", "yes")])
            .status,
        400
    );
    let r = org.form(&format!("/events/{id}/archive"), &OK);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut anon = w.server.client();
    assert!(
        !anon.get("/").body.contains("Deals test"),
        "off the home list"
    );
    let home = org.get("/").body;
    assert!(
        html::text(&home, "#archived-events")
            .unwrap()
            .contains("Deals test")
    );
    let home = w.login("org2").get("/").body;
    assert!(
        html::text(&home, "#archived-events").is_none(),
        "only its organizer's"
    );
    let public = anon.get(&format!("/events/{id}"));
    assert_eq!(public.status, 200, "still public by its address");
    assert_eq!(anon.get(&format!("/events/{id}/rounds/1")).status, 200);
    // Every write is refused with a clear message: forms, the JSON API, the arbiter's results.
    let r = org.form(&format!("/events/{id}/players"), &[("name", "遲到")]);
    assert_eq!(r.status, 409);
    assert!(r.body.contains("The event is archived"), "{}", r.body);
    let r = arb.form(&format!("/events/{id}/rounds/1/results"), &[("r1", "1-0")]);
    assert_eq!(r.status, 409);
    let r = settings(&mut org, id, &[("name", "Changed")]);
    assert_eq!(r.status, 409);
    let mut api = api_client(&w, "org");
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/players"),
        &json!([{"name": "API"}]),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(org.form(&format!("/events/{id}/archive"), &OK).status, 409);
    // Other organizers cannot un-archive it; the owner can (the undo).
    let mut org2 = w.login("org2");
    assert_eq!(
        org2.form(&format!("/events/{id}/unarchive"), &OK).status,
        403
    );
    let r = org.form(&format!("/events/{id}/unarchive"), &OK);
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(anon.get("/").body.contains("Deals test"));
    let r = org.form(&format!("/events/{id}/players"), &[("name", "遲到")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let log = org.get(&format!("/events/{id}/audit")).body;
    let rows = html::rows(&log, "#audit tbody tr");
    assert_eq!(rows[1][2], "Event un-archived");
    assert_eq!(rows[2][2], "Event archived");

    // An event that has not started is deleted, with its players and deals.
    let fresh = create_event(&mut org, "Mistake", "jieqi");
    let r = org.form(&format!("/events/{fresh}/players"), &[("name", "甲")]);
    assert_eq!(r.status, 303);
    assert_eq!(
        org.form(&format!("/events/{fresh}/delete"), &[("confirm", "yes")])
            .status,
        400
    );
    let r = org.form(&format!("/events/{fresh}/delete"), &OK);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(anon.get(&format!("/events/{fresh}")).status, 404);
}

/// A trial event that started is deleted with everything in it, its sealed deals included, once
/// its name is typed; without the name, or with another, it is refused beside the form and nothing
/// changes; once its rated games are in a rating list it can only be archived.
#[test]
fn a_trial_event_is_deleted_with_its_name_typed_unless_it_was_rated() {
    let w = World::new("corr-trial-delete");
    let id = setup(&w, "jieqi", 4);
    let mut org = w.login("org");
    let mut arb = w.login("arb");
    let deal = seal(&mut arb, id, 1, "1");
    pair_and_publish(&mut arb, id, 1);
    finish_round(&mut arb, id, 1, "1-0");
    let page = org.get(&format!("/events/{id}")).body;
    assert_eq!(
        html::attrs(&page, "#delete-event input[name=name]", "name"),
        vec!["name".to_string()],
        "the form asks for the name"
    );
    let path = format!("/events/{id}/delete");
    let r = org.form(&path, &OK);
    assert_eq!(r.status, 409, "{}", r.body);
    let error = html::text(&r.body, "#delete-event #delete-error").expect("beside the form");
    assert!(error.contains("type its name"), "{error}");
    let mut typo = OK.to_vec();
    typo.push(("name", "Deals tset"));
    let r = org.form(&path, &typo);
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "#delete-error").expect("beside the form");
    assert!(error.contains("「Deals tset」"), "{error}");
    assert_eq!(
        html::attrs(&r.body, "#delete-event input[name=name]", "value"),
        vec!["Deals tset".to_string()],
        "what was typed is kept"
    );
    let deal_page = format!("/events/{id}/deals/{deal}");
    assert_eq!(arb.get(&deal_page).status, 200, "nothing deleted");
    assert_eq!(org.get(&format!("/events/{id}/rounds/1")).status, 200);
    // The right name: gone, deals and all; the audit entry outlives it.
    let mut named = OK.to_vec();
    named.push(("name", " Deals test "));
    let r = org.form(&path, &named);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut anon = w.server.client();
    assert_eq!(anon.get(&format!("/events/{id}")).status, 404);
    assert_eq!(arb.get(&deal_page).status, 404);
    assert_eq!(org.get(&format!("/events/{id}/rounds/1")).status, 404);

    // A rated event: its games pushed into a club's list, it can only be archived.
    let rated = create_event(&mut org, "Rated", "xiangqi");
    let csv = "name\n甲\n乙\n丙\n丁\n";
    let r = org.form(&format!("/events/{rated}/players/import"), &[("csv", csv)]);
    assert_eq!(r.status, 303, "{}", r.body);
    pair_and_publish(&mut org, rated, 1);
    finish_round(&mut org, rated, 1, "1-0");
    let mut club = w.login("club");
    let list = crate::ratings::create_list(&mut club, "象棋積分榜", &[("variant", "xiangqi")]);
    let r = org.form(
        &format!("/events/{rated}/push-rating"),
        &[("list", &list.to_string())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = org.get(&format!("/events/{rated}")).body;
    assert!(
        html::text(&page, "#delete-event").is_none(),
        "no delete form"
    );
    let mut named = OK.to_vec();
    named.push(("name", "Rated"));
    let r = org.form(&format!("/events/{rated}/delete"), &named);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body.contains("only archived") || r.body.contains("Archive it"),
        "{}",
        r.body
    );
    assert_eq!(org.get(&format!("/events/{rated}")).status, 200);
}

#[test]
fn a_disabled_account_cannot_sign_in_and_its_sessions_and_tokens_end() {
    let w = World::new("corr-accounts");
    let mut admin = w.login("admin");
    let player_id = account_id(&mut admin, "player");
    let mut session = w.login("player");
    let mut api = api_client(&w, "org");
    let org_id = account_id(&mut admin, "org");
    let body = json!({"name": "API event", "variant": "jieqi"});
    assert_eq!(api.json("POST", "/api/events", &body).status, 201);

    // Only administrators, never on their own account, always with a reason and a tick.
    let mut org = w.login("org");
    assert_eq!(
        org.form(&format!("/users/{player_id}/disable"), &OK).status,
        403
    );
    let admin_id = account_id(&mut admin, "admin");
    assert_eq!(
        admin
            .form(&format!("/users/{admin_id}/disable"), &OK)
            .status,
        403
    );
    let r = admin.form(
        &format!("/users/{player_id}/disable"),
        &[("reason", "left")],
    );
    assert_eq!(r.status, 400);

    let r = admin.form(&format!("/users/{player_id}/disable"), &OK);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_ne!(session.get("/account").status, 200, "the session ended");
    let mut again = w.server.client();
    let r = again.form("/login", &[("name", "player"), ("password", PASSWORD)]);
    assert_eq!(r.status, 403);
    assert!(r.body.contains("This account is disabled"), "{}", r.body);
    // A wrong password says nothing about the account's state.
    let r = again.form(
        "/login",
        &[("name", "player"), ("password", "wrong-password")],
    );
    assert_eq!(r.status, 401);
    assert!(!r.body.contains("disabled"));
    let users = admin.get("/users").body;
    assert!(
        html::text(&users, &format!("#account-{player_id}"))
            .unwrap()
            .contains("Disabled")
    );
    // The administrators' accounts page lists the correction with its reason.
    let rows = html::rows(&admin.get("/users").body, "#account-corrections tbody tr");
    assert_eq!(rows[0][2], "Account disabled");
    assert_eq!(rows[0][3], "player");
    assert_eq!(rows[0][4], "typo on the entry form");
    assert!(
        html::text(&org.get("/users").body, "#account-corrections").is_none(),
        "administrators only"
    );
    // The undo: re-enabled, the account signs in again.
    let r = admin.form(&format!("/users/{player_id}/enable"), &OK);
    assert_eq!(r.status, 303, "{}", r.body);
    w.login("player");

    // A password reset ends the sessions and the API tokens too.
    let r = admin.form(
        &format!("/users/{org_id}/password"),
        &[("password", "short"), OK[0], OK[1]],
    );
    assert_eq!(r.status, 400, "the server checks the length");
    let r = admin.form(
        &format!("/users/{org_id}/password"),
        &[("password", "a-new-long-password"), OK[0], OK[1]],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_ne!(org.get("/account").status, 200, "the session ended");
    assert_eq!(
        api.json("POST", "/api/events", &body).status,
        401,
        "the token is revoked"
    );
    let mut c = w.server.client();
    let r = c.form("/login", &[("name", "org"), ("password", PASSWORD)]);
    assert_eq!(r.status, 401);
    c.login("org", "a-new-long-password");
}

#[test]
fn new_accounts_default_to_the_lowest_role_and_setup_checks_the_password() {
    let w = World::new("corr-roles");
    let mut admin = w.login("admin");
    let page = admin.get("/users").body;
    let selected = html::attrs(&page, "select[name=role] option[selected]", "value");
    assert_eq!(selected, ["player"]);
    let mut org = w.login("org");
    let page = org.get("/users").body;
    let selected = html::attrs(&page, "select[name=role] option[selected]", "value");
    assert_eq!(selected, ["player"]);

    let dir = TempDir::new("corr-setup");
    let server = Server::start(&dir);
    let link = server.setup_link.clone().expect("setup link");
    let path = link.trim_start_matches(&server.base).to_string();
    let token = path.split("token=").nth(1).unwrap().to_string();
    let mut c = server.client();
    let r = c.form(
        "/setup",
        &[("token", &token), ("name", "boss"), ("password", "short")],
    );
    assert_eq!(
        r.status, 400,
        "checked on the server, not only in the browser"
    );
    assert_eq!(c.get(&path).status, 200, "the link still works");
    server.stop();
}

#[test]
fn the_backup_carries_the_time_zone_the_archive_and_the_reasons() {
    let w = World::new("corr-backup");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Carried", "xiangqi");
    let r = settings(&mut org, id, &[("time_zone", "Asia/Taipei")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = org.form(&format!("/events/{id}/archive"), &OK);
    assert_eq!(r.status, 303, "{}", r.body);
    let backup = org.get(&format!("/events/{id}/export.json"));
    assert_eq!(backup.status, 200, "an archived event is still exported");
    let json: serde_json::Value = serde_json::from_str(&backup.body).expect("JSON");
    let text = json.to_string();
    assert!(text.contains("\"time_zone\":\"Asia/Taipei\""), "{text}");
    assert!(text.contains("\"archived\":1"));
    assert!(
        text.contains("typo on the entry form"),
        "the reasons travel with the log"
    );

    // Into a fresh server: still archived (read-only), in its zone, with the reasons.
    let dir = TempDir::new("corr-backup-dst");
    create_user(&dir, "org", "organizer");
    let server = Server::start(&dir);
    let mut dst = server.login("org");
    let r = dst.form("/events/import", &[("backup", &backup.body)]);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = dst.form("/events/import/confirm", &[("backup", &backup.body)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let new_id = r
        .location
        .unwrap()
        .trim_start_matches("/events/")
        .parse::<i64>()
        .unwrap();
    let page = dst.get(&format!("/events/{new_id}")).body;
    assert!(html::text(&page, "#archived-note").is_some(), "archived");
    let r = dst.form(&format!("/events/{new_id}/players"), &[("name", "甲")]);
    assert_eq!(r.status, 409, "read-only");
    let log = dst.get(&format!("/events/{new_id}/audit")).body;
    assert!(log.contains("Asia/Taipei"));
    assert!(log.contains("typo on the entry form"));
    // A bad time zone in a backup is refused naming the field.
    let bad = backup.body.replace("Asia/Taipei", "Mars/Olympus");
    let r = dst.form("/events/import", &[("backup", &bad)]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("time_zone"), "{}", r.body);
    server.stop();
}

/// The names of the settings form's fields on a page (not the CSRF token or a correction's own).
fn settings_field_names(body: &str) -> Vec<String> {
    let mut names = html::attrs(body, "#settings-form input, #settings-form select", "name");
    names.retain(|n| !matches!(n.as_str(), "csrf" | "reason" | "confirm"));
    names
}

#[test]
fn creating_and_editing_show_one_settings_form_with_each_error_beside_its_field() {
    let w = World::new("settings-one-form");
    let mut org = w.login("org");
    let id = event("同表盃", "jieqi").build(&w);
    let new = org.get("/events/new");
    let edit = org.get(&format!("/events/{id}/settings"));
    assert_eq!(new.status, 200, "{}", new.body);
    // The same fields and the same help on both pages, the time zone included.
    assert_eq!(
        settings_field_names(&new.body),
        settings_field_names(&edit.body)
    );
    assert!(settings_field_names(&new.body).contains(&"time_zone".to_string()));
    assert_eq!(
        html::texts(&new.body, "#settings-form p.help"),
        html::texts(&edit.body, "#settings-form p.help")
    );
    // A refused value is named beside its field, on both pages, in the same words.
    let typed = [
        ("name", "壞表盃"),
        ("start_date", "2026-03-01"),
        ("variant", "jieqi"),
        ("swiss_rounds", "many"),
    ];
    let created = org.form("/events", &typed);
    assert_eq!(created.status, 400, "{}", created.body);
    let edited = settings(&mut org, id, &[("swiss_rounds", "many")]);
    assert_eq!(edited.status, 400, "{}", edited.body);
    let beside = html::text(&created.body, "#error-swiss_rounds").expect("beside the field");
    assert!(beside.contains("many"), "{beside}");
    assert_eq!(
        html::text(&edited.body, "#error-swiss_rounds"),
        Some(beside)
    );
    for (page, body) in [("new", &created.body), ("settings", &edited.body)] {
        let input = html::attrs(body, "input[name=swiss_rounds]", "aria-invalid");
        assert_eq!(input, ["true"], "{page}");
    }
    // A time zone not known is refused beside its field when creating and when editing.
    let created = org.form(
        "/events",
        &[
            ("name", "時區盃"),
            ("start_date", "2026-03-01"),
            ("variant", "jieqi"),
            ("time_zone", "Mars/Olympus"),
        ],
    );
    assert_eq!(created.status, 400, "{}", created.body);
    let edited = settings(&mut org, id, &[("time_zone", "Mars/Olympus")]);
    assert_eq!(edited.status, 400, "{}", edited.body);
    for body in [&created.body, &edited.body] {
        let beside = html::text(body, "#error-time_zone").expect("beside the time zone");
        assert!(beside.contains("Mars/Olympus"), "{beside}");
    }
    // An event is created in the time zone chosen.
    let created = org.form(
        "/events",
        &[
            ("name", "臺北盃"),
            ("start_date", "2026-03-01"),
            ("variant", "jieqi"),
            ("time_zone", "Asia/Taipei"),
        ],
    );
    assert_eq!(created.status, 303, "{}", created.body);
    let at = created.location.expect("the new event");
    let page = org.get(&format!("{at}/settings"));
    assert_eq!(
        html::attrs(&page.body, "input[name=time_zone]", "value"),
        ["Asia/Taipei"]
    );
}
