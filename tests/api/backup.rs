//! Export → import into a fresh server gives identical pages; a broken backup imports nothing.

use serde_json::json;

use crate::json_api::api_client;
use crate::support::*;

/// A page's `<main>` with the event id normalised, for comparing two servers.
fn main_of(html: &str, id: i64) -> String {
    let main = html
        .split("<main>")
        .nth(1)
        .and_then(|m| m.split("</main>").next())
        .unwrap_or("")
        .to_string();
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

    let fresh = TempDir::new("backup-dst");
    create_user(&fresh, "admin", "admin");
    let server = Server::start(&fresh);
    let mut admin = server.client();
    admin.login("admin", PASSWORD);
    // A broken backup imports nothing and says why.
    let mut broken: serde_json::Value = serde_json::from_str(&backup.body).unwrap();
    broken["tables"]["boards"][0]["round_id"] = json!(999_999);
    let r = admin.form("/events/import", &[("backup", &broken.to_string())]);
    assert_eq!(r.status, 400);
    assert!(r.body.contains("boards row 1"), "{}", r.body);
    assert!(!server.client().get("/").body.contains("備份測試"));

    let r = admin.form("/events/import", &[("backup", &backup.body)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let new_id: i64 = r
        .location
        .unwrap()
        .trim_start_matches("/events/")
        .parse()
        .unwrap();
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
