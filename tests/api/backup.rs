//! Export → import into a fresh server gives identical pages; a broken backup imports nothing.
//! An import keeps sealed deals sealed and verifiable, parses every value as the forms do,
//! creates no account and grants no right, gives the event to the importer, links accounts only as
//! the importer chooses, imports an event once, and writes all or nothing.

use serde_json::{Value, json};

use crate::deals::{fields, finish_round, jieqi_record, pair_and_publish, seal, setup};
use crate::json_api::api_client;
use crate::support::*;

/// A fresh server with these accounts (name, role).
fn fresh(tag: &str, accounts: &[(&str, &str)]) -> (Server, TempDir) {
    let dir = TempDir::new(tag);
    create_users(&dir, accounts);
    (Server::start(&dir), dir)
}

/// The link field of a backup account on the linking page and the value of a local account offered
/// for it (`None` when it is not offered).
fn link_choice(page: &str, backup_name: &str, local: &str) -> (String, Option<String>) {
    let row = format!("tr[data-account=\"{backup_name}\"]");
    let field = html::attrs(page, &format!("{row} select"), "name")
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("{backup_name} is not listed: {page}"));
    let doc = scraper::Html::parse_document(page);
    let option = scraper::Selector::parse(&format!("{row} option")).unwrap();
    let value = doc
        .select(&option)
        .find(|o| html::text_of(*o) == local)
        .and_then(|o| o.value().attr("value"))
        .map(str::to_string);
    (field, value)
}

/// Uploads a backup: the linking page (200) or the refusal.
fn upload(client: &mut Client, backup: &str) -> Resp {
    client.form("/events/import", &[("backup", backup)])
}

/// Confirms an import with the given link fields.
fn confirm(client: &mut Client, backup: &str, links: &[(String, String)]) -> Resp {
    let mut form: Vec<(&str, &str)> = vec![("backup", backup)];
    form.extend(links.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    client.form("/events/import/confirm", &form)
}

/// Uploads and confirms with no account linked; returns the new event id.
pub fn import_unlinked(client: &mut Client, backup: &str) -> i64 {
    let r = upload(client, backup);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = confirm(client, backup, &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    event_id(&r)
}

fn event_id(r: &Resp) -> i64 {
    r.location
        .as_deref()
        .expect("redirect")
        .trim_start_matches("/events/")
        .parse()
        .expect("event id")
}

/// Runs a query against a server's database file directly (reading beside the running server).
fn query<T: Send + 'static>(
    dir: &TempDir,
    f: impl AsyncFnOnce(&anqi::store::Db) -> T + Send + 'static,
) -> T {
    let url = dir.database_url();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let db = anqi::store::open(&url).await.expect("open");
            let out = f(&db).await;
            db.close().await;
            out
        })
    })
    .join()
    .expect("query thread")
}

/// How many players of `event` are linked to an account, read from the database in `dir`.
fn linked_players(dir: &TempDir, event: i64) -> usize {
    query(dir, async move |db| {
        anqi::store::players::list(db, event)
            .await
            .unwrap()
            .iter()
            .filter(|p| p.user_id.is_some())
            .count()
    })
}

/// Every account of a server: (name, role).
fn accounts(dir: &TempDir) -> Vec<(String, String)> {
    query(dir, async |db| {
        anqi::store::users::list(db)
            .await
            .expect("users")
            .into_iter()
            .map(|u| (u.name, u.role.as_str().to_string()))
            .collect()
    })
}

/// Row counts of every table an import writes to, and of the accounts.
fn row_counts(dir: &TempDir) -> Vec<(String, i64)> {
    query(dir, async |db| {
        let mut out = Vec::new();
        for t in anqi::store::backup::tables().chain(["users", "sessions"]) {
            let n: i64 =
                sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {t}")))
                    .fetch_one(db)
                    .await
                    .expect("count");
            out.push((t.to_string(), n));
        }
        out
    })
}

/// An event with seven players and two rounds with results, exported by its organizer "org".
fn exported_event(w: &World, name: &str) -> (i64, String) {
    let mut org = w.login("org");
    let id = create_event(&mut org, name, "jieqi");
    let mut csv = String::from("name,club,rating\n");
    for i in 0..6 {
        csv.push_str(&format!("選手{i},荃灣,{}\n", 1900 - i * 20));
    }
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", &csv)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let backup = org.get(&format!("/events/{id}/export.json"));
    assert_eq!(backup.status, 200);
    (id, backup.body)
}

/// A page's `<main>` with the event id normalised, for comparing two servers.
fn main_of(page: &str, id: i64) -> String {
    let main = html::inner(page, "main").unwrap_or_default();
    main.replace(&format!("/events/{id}/"), "/events/ID/")
        .replace(&format!("/events/{id}\""), "/events/ID\"")
}

#[test]
fn an_exported_event_imports_into_a_fresh_server_with_identical_pages() {
    let w = World::new("backup-src");
    let mut api = api_client(&w, "org");
    let id = api
        .json(
            "POST",
            "/api/events",
            &json!({"name": "備份測試", "variant": "jieqi", "rounds": 3}),
        )
        .json()["id"]
        .as_i64()
        .unwrap();
    let players: Vec<_> = (0..7)
        .map(|i| json!({"name": format!("選手{i}"), "club": "荃灣", "rating": 1900 - i * 20}))
        .collect();
    api.json(
        "POST",
        &format!("/api/events/{id}/players"),
        &json!(players),
    );
    let mut web = w.login("org");
    assert_eq!(
        web.form(&format!("/events/{id}/arbiters"), &[("name", "arb")])
            .status,
        303
    );
    for round in 1..=2 {
        let r = api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
        for b in r.json()["boards"].as_array().unwrap() {
            if b["black"].is_null() {
                continue;
            }
            let result = if b["board"].as_u64().unwrap() % 2 == 0 {
                "1/2-1/2"
            } else {
                "1-0"
            };
            api.json(
                "PUT",
                &format!(
                    "/api/events/{id}/rounds/{round}/boards/{}/result",
                    b["board"]
                ),
                &json!({"result": result}),
            );
        }
    }
    let backup = web.get(&format!("/events/{id}/export.json"));
    assert_eq!(backup.status, 200);
    assert_eq!(
        w.server
            .client()
            .get(&format!("/events/{id}/export.json"))
            .status,
        303,
        "anonymous must log in"
    );
    assert_eq!(
        w.login("player")
            .get(&format!("/events/{id}/export.json"))
            .status,
        403
    );

    let pages = [
        "",
        "/players",
        "/rounds",
        "/rounds/1",
        "/rounds/2",
        "/standings",
        "/crosstable",
        "/players/3",
    ];
    let before: Vec<String> = pages
        .iter()
        .map(|p| main_of(&w.server.client().get(&format!("/events/{id}{p}")).body, id))
        .collect();

    let (server, _dir) = fresh("backup-dst", &[("admin", "admin"), ("arb", "arbiter")]);
    let mut admin = server.login("admin");
    // A broken backup imports nothing and says why.
    let mut broken: serde_json::Value = serde_json::from_str(&backup.body).unwrap();
    broken["tables"]["boards"][0]["round_id"] = json!(999_999);
    let r = admin.form("/events/import", &[("backup", &broken.to_string())]);
    assert_eq!(r.status, 400);
    assert!(r.body.contains("boards row 1"), "{}", r.body);
    assert!(!server.client().get("/").body.contains("備份測試"));

    // The backup's arbiter is linked, by the importer's choice, to the local arbiter of that name.
    let r = admin.form("/events/import", &[("backup", &backup.body)]);
    assert_eq!(r.status, 200, "{}", r.body);
    let (field, arb) = link_choice(&r.body, "arb", "arb");
    let r = confirm(
        &mut admin,
        &backup.body,
        &[(field, arb.expect("arb offered"))],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let new_id = event_id(&r);
    for (p, old) in pages.iter().zip(&before) {
        let now = main_of(
            &server.client().get(&format!("/events/{new_id}{p}")).body,
            new_id,
        );
        assert_eq!(&now, old, "page {p} differs after import");
    }
    // Standings JSON and TRF agree too.
    let a = w
        .server
        .client()
        .get(&format!("/api/events/{id}/standings"))
        .body;
    let b = server
        .client()
        .get(&format!("/api/events/{new_id}/standings"))
        .body;
    assert_eq!(a, b);
}

/// Finding 1: the backup carries the deals (Swiss and knockout), an imported sealed round stays
/// sealed with its in-play record hidden, and the copy verifies against the original commitment.
#[test]
fn a_sealed_deal_stays_sealed_and_verifiable_after_import() {
    let w = World::new("backup-sealed");
    let id = setup(&w, "jieqi", 4);
    let mut arb = w.login("arb");
    let swiss = seal(&mut arb, id, 1, "1");
    let knockout = seal(&mut arb, id, 7, "decider");
    pair_and_publish(&mut arb, id, 1);
    let original = [fields(&mut arb, id, swiss), fields(&mut arb, id, knockout)];
    let record = jieqi_record(&original[0]["deal"], 12, None);
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", &record)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let record_url = |e: i64| format!("/events/{e}/rounds/1/boards/1/record.txt");
    assert_eq!(w.server.client().get(&record_url(id)).status, 404);
    let backup = w
        .login("org")
        .get(&format!("/events/{id}/export.json"))
        .body;
    for f in &original {
        assert!(
            backup.contains(&f["commitment"]),
            "the backup carries the deal"
        );
    }

    let (server, _dir) = fresh("backup-sealed-dst", &[("org", "organizer")]);
    let mut org = server.login("org");
    let page = upload(&mut org, &backup);
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!(page.cache_control, "no-store", "the page carries the seeds");
    let new_id = import_unlinked(&mut org, &backup);
    let mut anon = server.client();
    for url in [record_url(new_id), format!("{}?game=1", record_url(new_id))] {
        assert_eq!(
            anon.get(&url).status,
            404,
            "{url}: the in-play record stays hidden"
        );
    }
    let index = org.get(&format!("/events/{new_id}/deals"));
    let ids: Vec<i64> = html::attrs(&index.body, "[data-deal]", "data-deal")
        .iter()
        .filter_map(|s| s.parse().ok())
        .collect();
    assert_eq!(ids.len(), 2, "{}", index.body);
    for (new, old) in ids.iter().zip(&original) {
        let f = fields(&mut org, new_id, *new);
        assert_eq!(f["status"], "sealed");
        for key in ["deal", "seed", "commitment", "round", "game"] {
            assert_eq!(f[key], old[key], "{key}");
        }
        assert_eq!(f["event"], id.to_string(), "the committed event id is kept");
        assert_eq!(
            anon.get(&format!("/events/{new_id}/deals/{new}/deal.txt"))
                .status,
            404
        );
        let verify = org.get(&format!("/events/{new_id}/deals/{new}/verify"));
        assert!(
            verify.body.contains("data-verdict=\"ok\""),
            "{}",
            verify.body
        );
        assert!(
            verify.body.contains(&format!("--event {id} ")),
            "{}",
            verify.body
        );
    }
    // After the round, the copy unseals and anyone can verify it.
    finish_round(&mut org, new_id, 1, "1-0");
    let r = org.form(&format!("/events/{new_id}/deals/{}/unseal", ids[0]), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let verify = anon.get(&format!("/events/{new_id}/deals/{}/verify", ids[0]));
    assert!(
        verify.body.contains("data-verdict=\"ok\""),
        "{}",
        verify.body
    );
    assert_eq!(anon.get(&record_url(new_id)).status, 200);
    // A deal that does not verify is refused.
    let mut tampered: Value = serde_json::from_str(&backup).unwrap();
    tampered["tables"]["deals"][0]["committed_event"] = json!("999");
    let (server, _dir) = fresh("backup-sealed-tampered", &[("org", "organizer")]);
    let mut org = server.login("org");
    let r = upload(&mut org, &tampered.to_string());
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("deals row 1, commitment"), "{}", r.body);
}

/// Finding 2a: every value is parsed as the forms do; a bad date is refused naming its field and
/// nothing reaches the home page.
#[test]
fn an_invalid_value_is_refused_naming_its_field_and_the_home_page_stays_up() {
    let w = World::new("backup-invalid");
    let (_, backup) = exported_event(&w, "壞日期賽");
    let (server, _dir) = fresh("backup-invalid-dst", &[("org", "organizer")]);
    let mut org = server.login("org");
    for (table, column, value, shown) in [
        ("events", "start_date", json!("not-a-date"), "not-a-date"),
        ("events", "variant", json!("chess"), "chess"),
        ("players", "rating", json!(99999), "99999"),
    ] {
        let mut bad: Value = serde_json::from_str(&backup).unwrap();
        bad["tables"][table][0][column] = value;
        let r = upload(&mut org, &bad.to_string());
        assert_eq!(r.status, 400, "{column}: {}", r.body);
        assert!(
            r.body.contains(&format!("{table} row 1, {column}")),
            "{}",
            r.body
        );
        assert!(r.body.contains(shown), "{}", r.body);
        // The confirmation reads the backup again and refuses it too.
        assert_eq!(confirm(&mut org, &bad.to_string(), &[]).status, 400);
    }
    let home = server.client().get("/");
    assert_eq!(home.status, 200);
    assert!(!home.body.contains("壞日期賽"));
    // The refusal is shown in the visitor's language.
    let mut bad: Value = serde_json::from_str(&backup).unwrap();
    bad["tables"]["events"][0]["start_date"] = json!("not-a-date");
    org.get("/lang/zh-Hant?back=/");
    let r = upload(&mut org, &bad.to_string());
    assert!(r.body.contains("events 第 1 行，start_date"), "{}", r.body);
}

/// Finding 2b: an organizer importing a backup whose arbiter and linked player are an administrator
/// creates no account and gains no right; an account not offered cannot be forced in.
#[test]
fn an_import_creates_no_account_and_grants_no_privilege() {
    let w = World::new("backup-admin");
    let (id, _) = exported_event(&w, "Admin arbiter");
    let mut org = w.login("org");
    assert_eq!(
        org.form(&format!("/events/{id}/arbiters"), &[("name", "admin")])
            .status,
        303
    );
    assert_eq!(
        org.form(
            &format!("/events/{id}/players/1/link"),
            &[("name", "admin")]
        )
        .status,
        303
    );
    let backup = org.get(&format!("/events/{id}/export.json")).body;

    let (server, dir) = fresh(
        "backup-admin-dst",
        &[("org", "organizer"), ("boss", "admin")],
    );
    let before = accounts(&dir);
    let mut org = server.login("org");
    let page = upload(&mut org, &backup);
    assert_eq!(page.status, 200, "{}", page.body);
    let (field, boss) = link_choice(&page.body, "admin", "boss");
    assert_eq!(boss, None, "an administrator is never offered");
    let boss_id = query(&dir, async |db| {
        anqi::store::users::find_by_name(db, "boss")
            .await
            .unwrap()
            .unwrap()
            .id
    });
    let r = confirm(&mut org, &backup, &[(field.clone(), boss_id.to_string())]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("not one of the accounts offered"),
        "{}",
        r.body
    );
    let r = confirm(&mut org, &backup, &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let new_id = event_id(&r);
    assert_eq!(
        accounts(&dir),
        before,
        "no account created, no role changed"
    );
    let arbiters = query(&dir, async move |db| {
        anqi::store::events::arbiters(db, new_id)
            .await
            .unwrap()
            .len()
    });
    assert_eq!(arbiters, 0);
    assert_eq!(linked_players(&dir, new_id), 0);
}

/// Finding 2c: the importer owns the imported event, whoever owned it in the backup (an account of
/// the same name here gets nothing).
#[test]
fn the_importer_owns_the_imported_event() {
    let w = World::new("backup-owner");
    let (_, backup) = exported_event(&w, "Owned");
    let (server, _dir) = fresh(
        "backup-owner-dst",
        &[("org", "organizer"), ("org2", "organizer")],
    );
    let mut org2 = server.login("org2");
    let new_id = import_unlinked(&mut org2, &backup);
    assert_eq!(
        org2.get(&format!("/events/{new_id}/export.json")).status,
        200
    );
    let event = org2.get(&format!("/events/{new_id}/audit"));
    assert!(event.body.contains("event.import"), "{}", event.body);
    let mut org = server.login("org");
    assert_eq!(
        org.get(&format!("/events/{new_id}/export.json")).status,
        403
    );
}

/// Finding 2d: arbiters and linked players are listed with "not linked" chosen; only an explicit
/// choice links them, and only to an account of a fitting role.
#[test]
fn arbiters_and_players_are_linked_only_as_the_importer_chooses() {
    let w = World::new("backup-link");
    let id = setup(&w, "jieqi", 4);
    let backup = w
        .login("org")
        .get(&format!("/events/{id}/export.json"))
        .body;
    let (server, dir) = fresh(
        "backup-link-dst",
        &[
            ("org", "organizer"),
            ("arb", "arbiter"),
            ("player", "player"),
            ("admin", "admin"),
        ],
    );
    let mut org = server.login("org");
    let page = upload(&mut org, &backup);
    assert_eq!(page.status, 200, "{}", page.body);
    for name in ["arb", "player"] {
        let selected = html::texts(
            &page.body,
            &format!("tr[data-account=\"{name}\"] option[selected]"),
        );
        assert!(selected == ["not linked"], "{name}: {selected:?}");
        let value = html::attrs(
            &page.body,
            &format!("tr[data-account=\"{name}\"] option[selected]"),
            "value",
        );
        assert_eq!(value, [""], "{name}: the one selected choice links nobody");
    }
    let (arb_field, arb) = link_choice(&page.body, "arb", "arb");
    assert!(link_choice(&page.body, "arb", "admin").1.is_none());
    assert!(link_choice(&page.body, "arb", "player").1.is_none());
    assert!(link_choice(&page.body, "player", "arb").1.is_none());
    assert!(link_choice(&page.body, "player", "player").1.is_some());
    let r = confirm(&mut org, &backup, &[(arb_field, arb.unwrap())]);
    assert_eq!(r.status, 303, "{}", r.body);
    let new_id = event_id(&r);
    let mut arb = server.login("arb");
    assert_eq!(
        arb.get(&format!("/events/{new_id}/deals")).status,
        200,
        "arb arbitrates"
    );
    let mut player = server.login("player");
    assert_eq!(player.get(&format!("/events/{new_id}/deals")).status, 404);
    assert_eq!(
        linked_players(&dir, new_id),
        0,
        "the player left unlinked stays unlinked"
    );
}

/// Finding 2e: the same event is imported once per server (and never into the server it came from).
#[test]
fn a_second_import_of_the_same_event_is_refused() {
    let w = World::new("backup-twice");
    let (id, backup) = exported_event(&w, "Twice");
    let (server, _dir) = fresh("backup-twice-dst", &[("org", "organizer")]);
    let mut org = server.login("org");
    let new_id = import_unlinked(&mut org, &backup);
    let r = upload(&mut org, &backup);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body
            .contains(&format!("imported before, as event {new_id}")),
        "{}",
        r.body
    );
    assert_eq!(confirm(&mut org, &backup, &[]).status, 409);
    // A backup of the copy is the same event too.
    let again = org.get(&format!("/events/{new_id}/export.json")).body;
    assert_eq!(upload(&mut org, &again).status, 409);
    // The source server holds the original.
    let mut org2 = w.login("org2");
    let r = upload(&mut org2, &backup);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains(&format!("as event {id}")), "{}", r.body);
}

/// Finding 2f: an import that fails while it is written leaves the database as it was.
#[test]
fn a_failed_import_leaves_the_database_unchanged() {
    let w = World::new("backup-atomic");
    let (_, backup) = exported_event(&w, "Atomic");
    let mut bad: Value = serde_json::from_str(&backup).unwrap();
    // Two entries of the same player: every value parses, the second row clashes on writing.
    bad["tables"]["players"][1]["name"] = bad["tables"]["players"][0]["name"].clone();
    let bad = bad.to_string();
    let (server, dir) = fresh("backup-atomic-dst", &[("org", "organizer")]);
    let mut org = server.login("org");
    assert_eq!(upload(&mut org, &bad).status, 200);
    let before = row_counts(&dir);
    let r = confirm(&mut org, &bad, &[]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("players row 2"), "{}", r.body);
    assert_eq!(row_counts(&dir), before);
    assert!(!server.client().get("/").body.contains("Atomic"));
    assert_eq!(server.client().get("/").status, 200);
}

/// A line of an imported backup goes through the check the forms use: an Arabic letter mark
/// (U+061C, a bidirectional mark) in an audit reason is refused, naming the row, the column and the
/// character.
#[test]
fn a_backup_line_holding_an_arabic_letter_mark_is_refused() {
    let w = World::new("backup-bidi");
    let (_, backup) = exported_event(&w, "標記賽");
    let (server, _dir) = fresh("backup-bidi-dst", &[("org", "organizer")]);
    let mut org = server.login("org");
    let mut bad: Value = serde_json::from_str(&backup).unwrap();
    bad["tables"]["audit_log"][0]["reason"] = json!("why\u{061C}not");
    let r = upload(&mut org, &bad.to_string());
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("audit_log row 1, reason"), "{}", r.body);
    assert!(r.body.contains("U+061C"), "{}", r.body);
}
