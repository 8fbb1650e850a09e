//! Foundation: administrator setup, login, CSRF, roles, events, CSV import, languages, restart.

use crate::support::*;

#[test]
fn health_reports_the_schema_version() {
    let dir = TempDir::new("health");
    let server = Server::start(&dir);
    let mut c = server.client();
    let r = c.get("/health");
    assert_eq!(r.status, 200);
    // The number of the newest migration: every migration ran.
    let newest = project_files("migrations")
        .iter()
        .filter(|(p, _)| p.parent().is_some_and(|d| d.ends_with("migrations")))
        .filter_map(|(p, _)| {
            p.file_name()?
                .to_str()?
                .split('_')
                .next()?
                .parse::<i64>()
                .ok()
        })
        .max()
        .expect("migrations");
    assert!(newest >= 17, "{newest}");
    assert_eq!(r.json()["schema_version"], newest, "{}", r.body);
    // The SQLite file is created on first start (a PostgreSQL database is made beforehand).
    assert!(
        on_postgres() || dir.0.join("anqi.db").exists(),
        "database file created on first start"
    );
}

#[test]
fn first_start_setup_link_creates_the_administrator_once() {
    let dir = TempDir::new("setup");
    let server = Server::start(&dir);
    let link = server
        .setup_link
        .clone()
        .expect("setup link printed on first start");
    let path = link.trim_start_matches(&server.base).to_string();
    let token = path.split("token=").nth(1).unwrap().to_string();

    let mut c = server.client();
    assert_eq!(c.get(&path).status, 200);
    let r = c.form(
        "/setup",
        &[
            ("token", &token),
            ("name", "管理員"),
            ("password", "long-enough-1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let account = c.get("/account");
    assert_eq!(account.status, 200);
    assert!(account.body.contains("管理員"));

    // The link works once only.
    let mut other = server.client();
    assert_eq!(other.get(&path).status, 404);
    let r = other.form(
        "/setup",
        &[
            ("token", &token),
            ("name", "intruder"),
            ("password", "long-enough-2"),
        ],
    );
    assert_eq!(r.status, 404);
    server.stop();

    // A restart with an administrator prints no new link.
    let server = Server::start(&dir);
    assert!(server.setup_link.is_none());
    let mut c = server.client();
    c.login("管理員", "long-enough-1");
}

#[test]
fn login_logout_and_wrong_passwords_are_slowed_down() {
    let w = World::new("login");
    let mut c = w.server.client();
    c.login("org", PASSWORD);
    assert!(c.get("/account").body.contains("org"));
    let r = c.form("/logout", &[]);
    assert_eq!(r.status, 303);
    assert!(!c.cookies.contains_key("anqi_session"));
    assert_eq!(
        c.get("/account").status,
        303,
        "account page needs a login again"
    );

    let mut bad = w.server.client();
    for _ in 0..3 {
        let r = bad.form("/login", &[("name", "arb"), ("password", "wrong-password")]);
        assert_eq!(r.status, 401);
    }
    // Even the right password must wait now.
    let r = bad.form("/login", &[("name", "arb"), ("password", PASSWORD)]);
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(!bad.cookies.contains_key("anqi_session"));
}

#[test]
fn forged_form_without_csrf_token_is_rejected_and_writes_nothing() {
    let w = World::new("csrf");
    let mut org = w.login("org");
    let forged = org.form_raw(
        "/events",
        &[
            ("name", "Forged"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
        ],
    );
    assert_eq!(forged.status, 403);
    let wrong = org.form_raw(
        "/events",
        &[
            ("csrf", "0000"),
            ("name", "Forged"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
        ],
    );
    assert_eq!(wrong.status, 403);
    let home = org.get("/");
    assert!(!home.body.contains("Forged"), "nothing written");
}

#[test]
fn roles_are_enforced() {
    let w = World::new("roles");
    let mut player = w.login("player");
    assert_eq!(player.get("/events/new").status, 403);
    let r = player.form(
        "/events",
        &[
            ("name", "Mine"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
        ],
    );
    assert_eq!(r.status, 403);

    let mut org = w.login("org");
    let a = create_event(&mut org, "Event A", "jieqi");
    let mut org2 = w.login("org2");
    let b = create_event(&mut org2, "Event B", "xiangqi");
    assert_eq!(
        org.form(&format!("/events/{a}/arbiters"), &[("name", "arb")])
            .status,
        303
    );

    // An organizer cannot touch another organizer's event.
    let r = org.form(&format!("/events/{b}/players"), &[("name", "Sneaky")]);
    assert_eq!(r.status, 403);

    // The arbiter of A sees A's audit log, but not B's, and cannot change B.
    let mut arb = w.login("arb");
    assert!(
        arb.get(&format!("/events/{a}/audit"))
            .body
            .contains("event.create")
    );
    assert!(
        !arb.get(&format!("/events/{b}/audit"))
            .body
            .contains("event.create")
    );
    assert_eq!(
        arb.form(&format!("/events/{b}/arbiters"), &[("name", "arb")])
            .status,
        403
    );
    assert_eq!(
        arb.form(&format!("/events/{b}/players"), &[("name", "X")])
            .status,
        403
    );

    // Anonymous visitors are sent to the login page for forms, and refused on posts.
    let mut anon = w.server.client();
    assert_eq!(anon.get("/events/new").status, 303);
    assert_eq!(
        anon.form(&format!("/events/{a}/players"), &[("name", "X")])
            .status,
        401
    );
    // Organizers may create arbiter accounts but not administrators.
    assert_eq!(
        org.form(
            "/users",
            &[
                ("name", "helper"),
                ("role", "arbiter"),
                ("password", PASSWORD)
            ]
        )
        .status,
        303
    );
    assert_eq!(
        org.form(
            "/users",
            &[("name", "boss"), ("role", "admin"), ("password", PASSWORD)]
        )
        .status,
        403
    );
    assert_eq!(player.get("/users").status, 403);

    // Refusals name what is wrong, in the reader's language.
    org.accept_language = Some("zh-TW".into());
    let r = org.form(
        "/users",
        &[
            ("name", "helper"),
            ("role", "arbiter"),
            ("password", PASSWORD),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("用戶名稱「helper」已被使用"), "{}", r.body);
    let r = org.form(&format!("/events/{a}/arbiters"), &[("name", "nobody")]);
    assert_eq!(r.status, 400);
    assert!(r.body.contains("沒有名為「nobody」的帳戶"), "{}", r.body);
    let r = org.form(
        &format!("/events/{a}/players"),
        &[("name", "陳一"), ("club", "港會"), ("rating", "1800")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = org.form(
        &format!("/events/{a}/players"),
        &[("name", "陳一"), ("club", "港會"), ("rating", "1800")],
    );
    assert_eq!(r.status, 409);
    assert!(r.body.contains("「陳一」（港會）已經報名"), "{}", r.body);
}

#[test]
fn event_creation_validates_and_shows_the_event() {
    let w = World::new("events");
    let mut org = w.login("org");
    let r = org.form(
        "/events",
        &[
            ("name", "Bad"),
            ("start_date", "2011-02-30"),
            ("variant", "jieqi"),
            ("best_of", "4"),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("2011-02-30"), "error names the bad date");
    assert!(r.body.contains("4 must be 1, 3, 5 or 7"));

    let id = create_event(&mut org, "2011 香港中弈杯", "jieqi");
    let page = org.get(&format!("/events/{id}"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("2011 香港中弈杯"));
    let home = w.server.client().get("/");
    assert!(
        home.body.contains("2011 香港中弈杯"),
        "events are public on the home page"
    );
    assert_eq!(org.get("/events/999999").status, 404);
}

#[test]
fn csv_import_is_all_or_nothing_and_names_bad_lines() {
    let w = World::new("csv");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Import test", "jieqi");
    let bad = "name,club,rating\n符传咏,海南,2100\n洪清谱,香港,abc\n,澳門,1800\n";
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", bad)]);
    assert_eq!(r.status, 400);
    assert!(r.body.contains("line 3"), "{}", r.body);
    assert!(r.body.contains("line 4"));
    let list = org.get(&format!("/events/{id}/players"));
    assert!(
        !list.body.contains("符传咏"),
        "nothing imported from a file with errors"
    );

    let good = "\u{feff}name,club,rating,fide_id\r\n符传咏,海南,2100,\r\n洪清谱,香港,2050,12345\r\n陈仲辉,香港,,\r\n";
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", good)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let list = org.get(&format!("/events/{id}/players"));
    for name in ["符传咏", "洪清谱", "陈仲辉"] {
        assert!(list.body.contains(name));
    }
    // Re-importing the same players is refused whole.
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", good)]);
    assert_eq!(r.status, 400);
    let n = org
        .get(&format!("/events/{id}/players"))
        .body
        .matches("<tr><td>")
        .count();
    assert_eq!(n, 3);

    // One by form, with a bad rating named.
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "黎兆洛"), ("rating", "-5")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("rating"));
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "黎兆洛"), ("rating", "1990")],
    );
    assert_eq!(r.status, 303);
}

#[test]
fn interface_language_follows_cookie_then_accept_language() {
    let dir = TempDir::new("lang");
    let server = Server::start(&dir);
    let mut c = server.client();
    assert!(c.get("/").body.contains("<html lang=\"en\">"));
    c.accept_language = Some("zh-CN,zh;q=0.9".into());
    let body = c.get("/").body;
    assert!(body.contains("lang=\"zh-Hans\"") && body.contains("赛事"));
    c.accept_language = Some("zh-TW".into());
    assert!(c.get("/").body.contains("賽事"));
    // The switcher's cookie wins over the header.
    let r = c.get("/lang/en?back=/login");
    assert_eq!(r.status, 303);
    assert_eq!(r.location.as_deref(), Some("/login"));
    let body = c.get("/login").body;
    assert!(body.contains("lang=\"en\"") && body.contains("Log in"));
    // Off-site "back" targets are ignored.
    assert_eq!(
        c.get("/lang/zh-Hant?back=//evil.example")
            .location
            .as_deref(),
        Some("/")
    );
}

#[test]
fn data_survives_a_restart() {
    let w = World::new("restart");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Before restart", "banqi");
    assert_eq!(
        org.form(
            &format!("/events/{id}/players"),
            &[("name", "何錦燊"), ("club", "荃灣")]
        )
        .status,
        303
    );
    let World { server, dir } = w;
    server.stop();
    let server = Server::start(&dir);
    let mut c = server.client();
    c.login("org", PASSWORD);
    let page = c.get(&format!("/events/{id}/players"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("何錦燊"));
}

#[test]
fn cli_user_add_refuses_duplicates_and_short_passwords() {
    let dir = TempDir::new("cliuser");
    assert_eq!(add_user(&dir, "zhao", "arbiter", PASSWORD), 0);
    assert_eq!(add_user(&dir, "zhao", "arbiter", PASSWORD), 1);
    assert_eq!(add_user(&dir, "li", "arbiter", "short"), 2);
}

/// Security review item 3: once an administrator exists, every setup link is dead — including
/// links printed before, never used.
#[test]
fn setup_links_die_once_an_administrator_exists() {
    let dir = TempDir::new("setup-dead");
    let first = Server::start(&dir);
    let old = first
        .setup_link
        .clone()
        .expect("a link while no administrator exists");
    first.stop();
    let second = Server::start(&dir);
    let newer = second
        .setup_link
        .clone()
        .expect("another start, another link");
    let path = |link: &str| link[link.find("/setup").unwrap()..].to_string();
    let token = |link: &str| link.split("token=").nth(1).unwrap().to_string();
    let mut c = second.client();
    assert_eq!(
        c.get(&path(&old)).status,
        200,
        "an unused link works while no admin exists"
    );
    let r = c.form(
        "/setup",
        &[
            ("token", &token(&newer)),
            ("name", "boss"),
            ("password", PASSWORD),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // The old, never used link now creates nothing.
    let mut c = second.client();
    assert_eq!(c.get(&path(&old)).status, 404);
    let r = c.form(
        "/setup",
        &[
            ("token", &token(&old)),
            ("name", "boss2"),
            ("password", PASSWORD),
        ],
    );
    assert_eq!(r.status, 404);
    let mut c = second.client();
    let r = c.form("/login", &[("name", "boss2"), ("password", PASSWORD)]);
    assert_eq!(r.status, 401, "no second administrator was made");
}

/// Security review item 4: `next=` and `back=` never send the visitor off the site.
#[test]
fn redirects_stay_on_the_site() {
    let w = World::new("redirects");
    for evil in [
        "/\\evil.example",
        "/\\t/evil.example",
        "//evil.example",
        "/%09/evil.example",
    ] {
        let mut c = w.server.client();
        let r = c.form(
            "/login",
            &[("name", "org"), ("password", PASSWORD), ("next", evil)],
        );
        assert_eq!(r.status, 303);
        let to = r.location.unwrap();
        assert!(
            to == "/" || (to.starts_with('/') && !to.contains("evil")) || evil.contains("%09"),
            "login sent {evil:?} to {to:?}"
        );
        let r = c.get(&format!(
            "/lang/en?back={}",
            evil.replace('\\', "%5C").replace('\t', "%09")
        ));
        let to = r.location.unwrap();
        assert!(
            !to.starts_with("//") && !to.contains('\\') && !to.contains('\t'),
            "language switch sent {evil:?} to {to:?}"
        );
    }
}

/// Security review item 10: names a spreadsheet would run are written as text in CSV downloads.
#[test]
fn csv_downloads_neutralise_formula_names() {
    let w = World::new("csv-formula");
    let mut org = w.login("org");
    let id = create_event(&mut org, "CSV", "xiangqi");
    for (name, rating) in [
        ("=HYPERLINK(\"http://evil.example\")", "1800"),
        ("@SUM(1+1)", "1700"),
    ] {
        let r = org.form(
            &format!("/events/{id}/players"),
            &[("name", name), ("rating", rating)],
        );
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let csv = org.get(&format!("/events/{id}/standings.csv")).body;
    assert!(csv.contains("'=HYPERLINK"), "{csv}");
    assert!(csv.contains("'@SUM(1+1)"), "{csv}");
    assert!(
        !csv.lines()
            .any(|l| l.split(',').any(|c| c.starts_with('='))),
        "{csv}"
    );
}

/// Security review item 11: `?stale=` and `?pushed=` never print text a link's author chose.
#[test]
fn pages_print_only_known_flash_messages() {
    let w = World::new("flash");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Flash", "xiangqi");
    let page = org
        .get(&format!("/events/{id}?done=games_pushed&pushed=987654"))
        .body;
    assert!(!page.contains("987654"), "a made-up count is not shown");
    let page = org.get(&format!("/events/{id}?done=%3Cb%3Ehacked")).body;
    assert!(!page.contains("hacked"));
}

/// Security review item 8, part: responses that may hold secrets (the account page with its tokens,
/// deals and setup sheets, move records) are never stored by browsers or proxies; public pages are.
#[test]
fn secret_bearing_responses_are_not_stored() {
    let w = World::new("no-store");
    let mut org = w.login("org");
    let id = create_event(&mut org, "No store", "jieqi");
    assert_eq!(org.get("/account").cache_control, "no-store");
    let deals = org.get(&format!("/events/{id}/deals"));
    assert_eq!(deals.status, 200);
    assert_eq!(deals.cache_control, "no-store");
    assert_eq!(
        org.get(&format!("/events/{id}/records.pgn")).cache_control,
        "no-store"
    );
    let public = w.server.client().get(&format!("/events/{id}/standings"));
    assert_eq!(public.status, 200);
    assert_ne!(public.cache_control, "no-store");
}
