//! Online entries over HTTP: a stranger (no account) enters through the public form with its CSRF
//! token and lands on the private page, corrects the entry there, and the organizer confirms it
//! through the API — it is then a player; automatic confirmation; the cap; the closing time; the
//! honeypot; the limit per client address; another token's page; cancelling before and after
//! round 1; the rating looked up in a club rating list; age groups from the year of birth.

use serde_json::json;

use crate::support::*;

/// Opens the entry form of the section `id` as `org` with these settings (besides `open`).
fn open_form(org: &mut Client, id: i64, extra: &[(&str, &str)]) {
    let mut fields = vec![("open", "on"), ("from", "entries")];
    fields.extend_from_slice(extra);
    let r = org.form(&format!("/events/{id}/entry-form"), &fields);
    assert_eq!(r.status, 303, "save the entry form: {}", r.body);
}

/// The stranger's GET of the public form, then its POST with the form's own CSRF token and the
/// fields given; answers the POST.
fn enter(stranger: &mut Client, id: i64, fields: &[(&str, &str)]) -> Resp {
    let page = stranger.get(&format!("/events/{id}/register"));
    assert_eq!(page.status, 200, "{}", page.body);
    let csrf = html::attrs(&page.body, "form#register-form input[name=csrf]", "value");
    let csrf = csrf.first().expect("the form carries a CSRF token").clone();
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    stranger.form_raw(&format!("/events/{id}/register"), &all)
}

/// The private page an entry's answer redirects to.
fn private_path(r: &Resp) -> String {
    assert_eq!(r.status, 303, "entry sent: {}", r.body);
    let to = r.location.clone().expect("a redirect");
    let token = to.strip_prefix("/entries/").expect("the private page");
    assert_eq!(token.len(), 64, "an unguessable token: {to}");
    to
}

/// The entries of the event as the organizer's API lists them.
fn entries(api: &mut Client, id: i64) -> Vec<serde_json::Value> {
    let r = api.get(&format!("/api/events/{id}/entries"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json().as_array().expect("an array").clone()
}

/// The names on the event's players list (the players API).
fn player_names(c: &mut Client, id: i64) -> Vec<String> {
    let r = c.get(&format!("/api/events/{id}/players"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["name"].as_str().unwrap_or("").to_string())
        .collect()
}

fn api_client(w: &World, name: &str) -> Client {
    let mut c = w.server.client();
    c.bearer = Some(token(&w.dir, name));
    c
}

#[test]
fn a_stranger_enters_corrects_and_the_organizer_confirms_through_the_api() {
    let w = World::new("entries-flow");
    let id = event("Entries Open", "xiangqi").build(&w);
    let mut org = w.login("org");
    open_form(
        &mut org,
        id,
        &[("ask_club", "on"), ("ask_rating", "on"), ("fee", "HK$100")],
    );

    let mut stranger = w.server.client();
    let form = stranger.get(&format!("/events/{id}/register"));
    assert_eq!(form.status, 200);
    assert_eq!(
        html::attrs(&form.body, "form#register-form input[name=website]", "name").len(),
        1,
        "the honeypot is in the form"
    );
    assert!(form.body.contains("HK$100"), "the fee is shown");

    let sent = enter(
        &mut stranger,
        id,
        &[
            ("section", &id.to_string()),
            ("name", "陳大文"),
            ("club", "沙田"),
            ("rating", "1500"),
        ],
    );
    let private = private_path(&sent);
    let page = stranger.get(&private);
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!(
        html::text(&page.body, "#entry-name").as_deref(),
        Some("陳大文")
    );
    assert_eq!(
        html::attrs(&page.body, "#entry-status", "data-status"),
        ["pending"]
    );

    // A bad correction is refused beside its field, with what was typed kept.
    let csrf = stranger.csrf();
    let bad = stranger.form_raw(
        &private,
        &[
            ("csrf", &csrf),
            ("name", "陳大文"),
            ("club", "大埔"),
            ("rating", "abc"),
        ],
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(
        html::text(&bad.body, "#error-rating").is_some(),
        "{}",
        bad.body
    );
    assert_eq!(
        html::attrs(&bad.body, "#correct-form input[name=rating]", "value"),
        ["abc"]
    );
    assert_eq!(
        html::attrs(&bad.body, "#correct-form input[name=club]", "value"),
        ["大埔"]
    );

    let fixed = stranger.form_raw(
        &private,
        &[
            ("csrf", &csrf),
            ("name", "陳大文"),
            ("club", "大埔"),
            ("rating", "1600"),
        ],
    );
    assert_eq!(fixed.status, 303, "{}", fixed.body);
    let page = stranger.get(&private);
    assert_eq!(
        html::text(&page.body, "#entry-club").as_deref(),
        Some("大埔")
    );
    assert_eq!(
        html::text(&page.body, "#entry-rating").as_deref(),
        Some("1600")
    );

    // The entries are the organizer's: a stranger and another organizer are refused.
    assert!(matches!(
        stranger.get(&format!("/api/events/{id}/entries")).status,
        401 | 403
    ));
    let mut other = api_client(&w, "org2");
    assert_eq!(other.get(&format!("/api/events/{id}/entries")).status, 403);

    let mut api = api_client(&w, "org");
    let list = entries(&mut api, id);
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["name"], "陳大文");
    assert_eq!(list[0]["status"], "pending");
    assert_eq!(list[0]["paid"], false);
    assert!(player_names(&mut api, id).is_empty(), "not a player yet");

    let eid = list[0]["id"].as_i64().unwrap();
    let r = api.send(
        "POST",
        &format!("/api/events/{id}/entries/{eid}/confirm"),
        "application/json",
        String::new(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["status"], "confirmed");
    assert_eq!(player_names(&mut api, id), ["陳大文"]);
    let players = api.get(&format!("/api/events/{id}/players")).json();
    assert_eq!(players[0]["club"], "大埔");
    assert_eq!(players[0]["rating"], 1600);
    // Confirming twice is refused, and adds no second player.
    let again = api.send(
        "POST",
        &format!("/api/events/{id}/entries/{eid}/confirm"),
        "application/json",
        String::new(),
    );
    assert_eq!(again.status, 409, "{}", again.body);
    assert_eq!(player_names(&mut api, id).len(), 1);

    // Paid, ticked through the API and shown on the private page.
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/entries/{eid}/paid"),
        &json!({"paid": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["paid"], true);
    let page = stranger.get(&private);
    assert_eq!(
        html::attrs(&page.body, "#entry-status", "data-status"),
        ["confirmed"]
    );
    assert!(
        html::text(&page.body, "#entry-fee").is_some_and(|t| t.contains("paid")),
        "{}",
        page.body
    );
    // A confirmed entry is no longer corrected by its entrant.
    assert!(html::attrs(&page.body, "#correct-form", "id").is_empty());

    // Another token is not found; so is anything that is not a token.
    let wrong = format!("/entries/{}", "0".repeat(64));
    assert_eq!(stranger.get(&wrong).status, 404);
    assert_eq!(stranger.get("/entries/abc").status, 404);
    let mut forged = private.clone();
    forged.replace_range(
        forged.len() - 1..,
        if private.ends_with('0') { "1" } else { "0" },
    );
    assert_eq!(stranger.get(&forged).status, 404);

    // Every change is in the audit log.
    let audit = org.get(&format!("/events/{id}/audit")).body;
    for action in [
        "Entry sent",
        "Entry corrected",
        "Entry confirmed",
        "Entry fee",
    ] {
        assert!(audit.contains(action), "{action} in the audit log");
    }

    // The organizer's page lists it, confirmed and paid.
    let page = org.get(&format!("/events/{id}/entries"));
    assert_eq!(page.status, 200);
    assert_eq!(
        html::attrs(&page.body, &format!("#entry-{eid}"), "data-status"),
        ["confirmed"]
    );
    assert_eq!(
        html::attrs(&page.body, &format!("#entry-{eid}"), "data-paid"),
        ["yes"]
    );

    // The event's backup carries its entry form and entries, the player link renumbered.
    let backup = org.get(&format!("/events/{id}/export.json"));
    assert_eq!(backup.status, 200);
    let dir = TempDir::new("entries-import");
    create_users(&dir, &[("org", "organizer")]);
    let server = Server::start(&dir);
    let mut importer = server.login("org");
    let copy = crate::backup::import_unlinked(&mut importer, &backup.body);
    importer.bearer = Some(token(&dir, "org"));
    let list = entries(&mut importer, copy);
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["name"], "陳大文");
    assert_eq!(list[0]["status"], "confirmed");
    assert_eq!(list[0]["paid"], true);
    let players = importer.get(&format!("/api/events/{copy}/players")).json();
    let start_player = list[0]["player_id"].as_i64().expect("linked");
    assert_eq!(players.as_array().unwrap().len(), 1);
    assert!(start_player > 0);
    let page = importer.get(&format!("/events/{copy}/register"));
    assert!(
        html::attrs(&page.body, "form#register-form", "id").len() == 1,
        "the copy's form is open too"
    );
}

#[test]
fn entries_open_on_creation_confirm_automatically_and_stop_at_the_cap() {
    let w = World::new("entries-auto");
    let mut api = api_client(&w, "org");
    let r = api.json(
        "POST",
        "/api/events",
        &json!({"name": "Auto Open", "variant": "xiangqi", "entries_open": true}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let mut stranger = w.server.client();
    let form = stranger.get(&format!("/events/{id}/register"));
    assert!(
        html::attrs(&form.body, "form#register-form", "id").len() == 1,
        "open at once: {}",
        form.body
    );

    let mut org = w.login("org");
    open_form(&mut org, id, &[("auto_confirm", "on"), ("cap", "2")]);
    let a = private_path(&enter(&mut stranger, id, &[("name", "甲")]));
    let page = stranger.get(&a);
    assert_eq!(
        html::attrs(&page.body, "#entry-status", "data-status"),
        ["confirmed"],
        "confirmed as it came"
    );
    assert_eq!(player_names(&mut api, id), ["甲"]);
    private_path(&enter(&mut stranger, id, &[("name", "乙")]));

    // The cap: a third entry is refused with a clear message, the name typed kept.
    let full = enter(&mut stranger, id, &[("name", "丙")]);
    assert_eq!(full.status, 409, "{}", full.body);
    assert!(
        html::text(&full.body, "#register-refused").is_some_and(|t| t.contains("full")),
        "{}",
        full.body
    );
    assert_eq!(
        html::attrs(&full.body, "form#register-form input[name=name]", "value"),
        ["丙"]
    );
    assert_eq!(entries(&mut api, id).len(), 2);

    // Cancelling a confirmed entry before round 1 removes its player and frees its place.
    let csrf = stranger.csrf();
    let r = stranger.form_raw(&format!("{a}/cancel"), &[("csrf", &csrf)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = stranger.get(&a);
    assert_eq!(
        html::attrs(&page.body, "#entry-status", "data-status"),
        ["cancelled"]
    );
    assert_eq!(player_names(&mut api, id), ["乙"]);
    let c = private_path(&enter(&mut stranger, id, &[("name", "丙")]));
    assert_eq!(player_names(&mut api, id).len(), 2);

    // After round 1 is paired a confirmed entry is no longer cancelled here.
    pair_round(&mut org, id, 1);
    let r = stranger.form_raw(&format!("{c}/cancel"), &[("csrf", &csrf)]);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        html::text(&r.body, "#error-cancel").is_some_and(|t| t.contains("Round 1 is paired")),
        "{}",
        r.body
    );
    assert_eq!(player_names(&mut api, id).len(), 2);
    let audit = org.get(&format!("/events/{id}/audit")).body;
    assert!(audit.contains("Entry cancelled"));
}

#[test]
fn the_closing_time_the_honeypot_and_the_limit_per_address() {
    let w = World::new("entries-abuse");
    let id = event("Guarded Open", "xiangqi").build(&w);
    let mut org = w.login("org");
    let mut api = api_client(&w, "org");
    open_form(&mut org, id, &[]);
    let mut stranger = w.server.client();

    // The honeypot: the same answer, nothing stored, the link leads nowhere.
    let r = enter(
        &mut stranger,
        id,
        &[("name", "Bot"), ("website", "http://spam.example")],
    );
    let nowhere = private_path(&r);
    assert_eq!(stranger.get(&nowhere).status, 404);
    assert!(entries(&mut api, id).is_empty(), "a bot's entry is dropped");

    // Bounded inputs: a name too long is refused beside the field.
    let long = "長".repeat(81);
    let r = enter(&mut stranger, id, &[("name", &long)]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(html::text(&r.body, "#error-name").is_some(), "{}", r.body);

    // The closing time: refused after it, and the form says entries are closed.
    open_form(&mut org, id, &[("closes_at", "2020-01-01T10:00")]);
    let form = w.server.client().get(&format!("/events/{id}/register"));
    assert!(
        html::text(&form.body, "#entries-closed").is_some(),
        "{}",
        form.body
    );
    let mut late = w.server.client();
    let csrf = late.csrf();
    let r = late.form_raw(
        &format!("/events/{id}/register"),
        &[
            ("csrf", &csrf),
            ("section", &id.to_string()),
            ("name", "Late"),
        ],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        html::text(&r.body, "#register-refused").is_some_and(|t| t.contains("closed")),
        "{}",
        r.body
    );
    // The limit per client address: 20 an hour (the three above counted).
    open_form(&mut org, id, &[]);
    for i in 0..17 {
        let r = enter(&mut stranger, id, &[("name", &format!("棋手{i}"))]);
        assert_eq!(r.status, 303, "entry {i}: {}", r.body);
    }
    let r = enter(&mut stranger, id, &[("name", "One too many")]);
    assert_eq!(r.status, 429, "{}", r.body);
    assert_eq!(entries(&mut api, id).len(), 17);
    // A closing time that is not one is refused beside its field.
    let r = org.form(
        &format!("/events/{id}/entry-form"),
        &[("open", "on"), ("closes_at", "tomorrow")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::text(&r.body, "#error-closes_at").is_some(),
        "{}",
        r.body
    );
    // Without the form's token the entry is refused.
    let r = w
        .server
        .client()
        .form_raw(&format!("/events/{id}/register"), &[("name", "No token")]);
    assert_eq!(r.status, 403);
}

#[test]
fn the_rating_is_looked_up_in_the_club_rating_list() {
    let w = World::new("entries-lookup");
    let mut club = w.login("club");
    let list = create_list(&mut club, "Club list", &[]);
    let r = club.form(
        &format!("/ratings/{list}/upload"),
        &[("csv", crate::ratings::games_csv(20, 3).as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let id = event("Lookup Open", "xiangqi").build(&w);
    let mut org = w.login("org");
    let list_id = list.to_string();
    open_form(
        &mut org,
        id,
        &[("rating_list", &list_id), ("ask_rating", "on")],
    );

    let mut stranger = w.server.client();
    let r = enter(&mut stranger, id, &[("name", "無此人"), ("lookup", "on")]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::text(&r.body, "#error-lookup").is_some_and(|t| t.contains("Club list")),
        "{}",
        r.body
    );
    let private = private_path(&enter(
        &mut stranger,
        id,
        &[("name", "王小明"), ("lookup", "on"), ("rating", "9")],
    ));
    let page = stranger.get(&private);
    let rating: i64 = html::text(&page.body, "#entry-rating")
        .expect("a rating")
        .parse()
        .unwrap();
    let expected = w.server.on_db(move |db| async move {
        let info = anqi::service::ratings::list(&db, list).await.unwrap();
        let standings = anqi::service::ratings::standings(&db, &info).await.unwrap();
        let p = standings.iter().find(|p| p.name == "王小明").unwrap();
        (p.points.hundredths() + 50) / 100
    });
    assert_eq!(rating, expected, "the list's points, not the 9 typed");
}

/// The groups of the entries the organizer's API lists, by name.
fn groups_by_name(api: &mut Client, id: i64) -> Vec<(String, serde_json::Value)> {
    entries(api, id)
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["age_groups"].clone(),
            )
        })
        .collect()
}

#[test]
fn age_groups_become_the_categories_of_confirmed_entrants_and_win_their_special_prize() {
    let w = World::new("entries-age-groups");
    let id = event("Junior Open", "xiangqi")
        .with("swiss_rounds", "1")
        .with("knockout_size", "0")
        .arbiter("arb")
        .build(&w);
    let mut org = w.login("org");
    let mut api = api_client(&w, "org");
    open_form(&mut org, id, &[("ask_birth_year", "on")]);
    let path = format!("/events/{id}/entry-form");

    // A bad group is refused beside the field, naming the group, and nothing is stored.
    let bad = org.form(
        &path,
        &[
            ("open", "on"),
            ("ask_birth_year", "on"),
            ("from", "entries"),
            ("age_groups", "U12 2014, U16 1800"),
        ],
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    let why = html::text(&bad.body, "#error-age_groups").expect("the refusal beside the field");
    assert!(why.contains("U16 1800"), "{why}");
    assert_eq!(
        html::attrs(&bad.body, "input[name=age_groups]", "value"),
        ["U12 2014, U16 1800"],
        "what was typed is kept"
    );
    // Groups on a form that does not ask the year of birth would never apply.
    let r = org.form(
        &path,
        &[
            ("open", "on"),
            ("from", "entries"),
            ("age_groups", "U12 2014"),
        ],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::text(&r.body, "#error-age_groups").is_some(),
        "{}",
        r.body
    );
    let page = org.get(&format!("/events/{id}/entries"));
    assert_eq!(
        html::attrs(&page.body, "input[name=age_groups]", "value"),
        [""],
        "nothing stored"
    );
    assert!(
        html::attrs(&page.body, "input[name=ask_birth_year][checked]", "name").len() == 1,
        "the form as it was"
    );

    open_form(
        &mut org,
        id,
        &[
            ("ask_birth_year", "on"),
            ("age_groups", "U12 2014；U16   2010"),
        ],
    );
    let page = org.get(&format!("/events/{id}/entries"));
    assert_eq!(
        html::attrs(&page.body, "input[name=age_groups]", "value"),
        ["U12 2014, U16 2010"]
    );
    // The public form says which groups there are.
    let mut stranger = w.server.client();
    let form = stranger.get(&format!("/events/{id}/register"));
    assert_eq!(
        html::text(&form.body, "#entry-sections .age-groups").as_deref(),
        Some("Age groups: U12 (born 2014 or later), U16 (born 2010 or later)"),
        "{}",
        form.body
    );

    // Born in the cutoff year is in; a year before is out; a player may be in several groups.
    for (name, year) in [
        ("小明", "2014"),
        ("阿強", "2013"),
        ("Adult", "1980"),
        ("Ageless", ""),
    ] {
        let r = enter(&mut stranger, id, &[("name", name), ("birth_year", year)]);
        assert_eq!(r.status, 303, "{name}: {}", r.body);
    }
    let r = enter(
        &mut stranger,
        id,
        &[("name", "小華"), ("birth_year", "2015")],
    );
    let private = private_path(&r);
    assert_eq!(
        groups_by_name(&mut api, id),
        [
            ("小明".to_string(), json!(["U12", "U16"])),
            ("阿強".to_string(), json!(["U16"])),
            ("Adult".to_string(), json!([])),
            ("Ageless".to_string(), json!([])),
            ("小華".to_string(), json!(["U12", "U16"])),
        ]
    );
    // The organizer sees them before confirming; the entrant on the private page.
    let list = entries(&mut api, id);
    let eid = |name: &str| {
        list.iter()
            .find(|e| e["name"] == name)
            .and_then(|e| e["id"].as_i64())
            .unwrap()
    };
    let page = org.get(&format!("/events/{id}/entries"));
    assert_eq!(
        html::text(&page.body, &format!("#entry-{} .age-groups", eid("阿強"))).as_deref(),
        Some("U16")
    );
    assert!(html::text(&page.body, &format!("#entry-{} .age-groups", eid("Adult"))).is_none());
    assert_eq!(
        html::text(&stranger.get(&private).body, "#entry-age-groups").as_deref(),
        Some("U12, U16")
    );
    // 小華 cancels: four players.
    let csrf = stranger.csrf();
    let r = stranger.form_raw(&format!("{private}/cancel"), &[("csrf", &csrf)]);
    assert_eq!(r.status, 303, "{}", r.body);

    for name in ["小明", "阿強", "Adult", "Ageless"] {
        let r = api.send(
            "POST",
            &format!("/api/events/{id}/entries/{}/confirm", eid(name)),
            "application/json",
            String::new(),
        );
        assert_eq!(r.status, 200, "{name}: {}", r.body);
    }
    // Confirmed automatically, an entry gets its groups too.
    open_form(
        &mut org,
        id,
        &[
            ("ask_birth_year", "on"),
            ("age_groups", "U12 2014, U16 2010"),
            ("auto_confirm", "on"),
        ],
    );
    let r = enter(
        &mut stranger,
        id,
        &[("name", "小芳"), ("birth_year", "2012")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // The players' categories, as the event's backup carries them.
    let backup = org.get(&format!("/events/{id}/export.json"));
    assert_eq!(backup.status, 200);
    let backup: serde_json::Value = serde_json::from_str(&backup.body).unwrap();
    let mut categories: Vec<(String, String)> = backup["tables"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["category"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    categories.sort();
    assert_eq!(
        categories,
        [
            ("Adult".to_string(), String::new()),
            ("Ageless".to_string(), String::new()),
            ("小明".to_string(), "U12,U16".to_string()),
            ("小芳".to_string(), "U16".to_string()),
            ("阿強".to_string(), "U16".to_string()),
        ]
    );
    let forms = backup["tables"]["entry_forms"].as_array().unwrap();
    assert_eq!(forms[0]["age_groups"], "U12 2014, U16 2010");

    // The special prize for U12 goes to its one player, whatever the place.
    let body = json!({
        "currency": "HKD",
        "rows": [{"from": 1, "to": 1, "amount": 100}],
        "specials": [{"category": "U12", "label": "Best U12", "amount": 500}],
    });
    let r = api.json("PUT", &format!("/api/events/{id}/prizes"), &body);
    assert_eq!(r.status, 200, "{}", r.body);
    let mut arb = w.login("arb");
    crate::knockout::play_swiss_round(&mut arb, id, 1);
    let ranking = w
        .server
        .client()
        .get(&format!("/api/events/{id}/ranking"))
        .json();
    let prize_of = |name: &str| {
        ranking
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == name)
            .map(|l| l["prize"].clone())
            .unwrap_or_else(|| panic!("{name} in {ranking}"))
    };
    assert!(ranking.is_array(), "{ranking}");
    assert_eq!(prize_of("小明"), 500, "{ranking}");
    let others: u64 = ["阿強", "小芳", "Adult", "Ageless"]
        .iter()
        .map(|n| prize_of(n).as_u64().unwrap())
        .sum();
    assert_eq!(others, 100, "the place prize to another player: {ranking}");

    // A copy of the event keeps its age groups.
    let dir = TempDir::new("entries-age-groups-import");
    create_users(&dir, &[("org", "organizer")]);
    let server = Server::start(&dir);
    let mut importer = server.login("org");
    let text = org.get(&format!("/events/{id}/export.json")).body;
    // A backup whose groups do not parse is refused, naming the column.
    let mut bad: serde_json::Value = serde_json::from_str(&text).unwrap();
    bad["tables"]["entry_forms"][0]["age_groups"] = json!("U12");
    let r = importer.form("/events/import", &[("backup", &bad.to_string())]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("entry_forms row 1, age_groups"),
        "{}",
        r.body
    );
    let copy = crate::backup::import_unlinked(&mut importer, &text);
    let page = importer.get(&format!("/events/{copy}/entries"));
    assert_eq!(
        html::attrs(&page.body, "input[name=age_groups]", "value"),
        ["U12 2014, U16 2010"]
    );
}
