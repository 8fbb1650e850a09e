//! The fast paths through HTTP: the page cache serves signed-in viewers per viewer
//! class (a page cached for one class never reaches another; the account name and the CSRF token
//! are each viewer's own), a writer's next page shows the write, a logout ends the cached view, and
//! a change made by another process shows once the kept version expires.

use crate::support::*;

/// The board numbers of the result form on a round page (arbiters only).
fn result_form_boards(page: &str) -> Vec<String> {
    html::attrs(page, "input[type=hidden][name^=v]", "name")
}

/// Whether board 1 of a round page shows 1–0 (in the arbiters' result form, or as text).
fn board_1_won_by_red(page: &str) -> bool {
    html::attrs(page, "input[name=r1]", "value") == ["1-0"]
        || html::texts(page, "tr[data-board='1'] span.shown") == ["1–0"]
}

/// The "Account (name)" link of the menu.
fn account_link(page: &str) -> Option<String> {
    html::text(page, "header.site nav a[href='/account']")
}

/// The CSRF tokens of a page's forms.
fn csrf_fields(page: &str) -> Vec<String> {
    html::attrs(page, "input[name=csrf]", "value")
}

/// Asserts that a signed-in page is `name`'s: their name in the menu, their own CSRF token in every
/// form, and no marker left.
fn is_page_of(page: &str, client: &mut Client, name: &str) {
    let link = account_link(page).unwrap_or_else(|| panic!("{name}: no account link"));
    assert!(link.ends_with(&format!("({name})")), "{name}: {link}");
    let token = client.csrf();
    let fields = csrf_fields(page);
    assert!(!fields.is_empty(), "{name}: the logout form at least");
    assert!(fields.iter().all(|f| *f == token), "{name}: {fields:?}");
    assert!(!page.contains("anqiname") && !page.contains("anqicsrf"));
}

fn setup(w: &World) -> (Client, i64) {
    let id = event("Cache classes", "jieqi")
        .sheet("name,club,rating\n甲,A,2000\n乙,B,1990\n丙,C,1980\n丁,D,1970\n")
        .arbiter("arb")
        .build(w);
    (w.login("org"), id)
}

#[test]
fn a_page_cached_for_one_viewer_class_is_never_served_to_another() {
    let w = World::new("load-classes");
    let (mut org, id) = setup(&w);
    create_user(&w.dir, "p1", "player");
    create_user(&w.dir, "p2", "player");
    let round = format!("/events/{id}/rounds/1");
    let mut arb = w.login("arb");
    pair_round(&mut arb, id, 1);

    // A draft, first seen (and cached) by the assigned arbiter: everyone else gets 404, asked
    // twice (the second time a hit would show).
    let draft = arb.get(&round);
    assert_eq!(draft.status, 200);
    is_page_of(&draft.body, &mut arb, "arb");
    let mut arb2 = w.login("arb2");
    let mut player = w.login("player");
    let mut anon = w.server.client();
    for _ in 0..2 {
        assert_eq!(arb.get(&round).status, 200);
        assert_eq!(arb2.get(&round).status, 404, "another event's arbiter");
        assert_eq!(player.get(&round).status, 404);
        assert_eq!(anon.get(&round).status, 404);
    }
    assert_eq!(org.get(&round).status, 200);

    assert_eq!(
        arb.form(&format!("/events/{id}/rounds/1/publish"), &[])
            .status,
        303
    );
    // Published: the public page is cached first; the arbiters still get their result form, the
    // others never do.
    for _ in 0..2 {
        let public = anon.get(&round);
        assert_eq!(public.status, 200);
        assert!(result_form_boards(&public.body).is_empty());
        assert_eq!(account_link(&public.body), None);
        let other = arb2.get(&round);
        assert!(
            result_form_boards(&other.body).is_empty(),
            "arb2 is not this event's"
        );
        is_page_of(&other.body, &mut arb2, "arb2");
        for (c, name) in [(&mut arb, "arb"), (&mut org, "org")] {
            let page = c.get(&round);
            assert_eq!(result_form_boards(&page.body).len(), 2, "{name}");
            is_page_of(&page.body, c, name);
        }
    }

    // Two viewers of one class share the page: the same but for the name and the token.
    let mut p2 = w.login("p2");
    let a = player.get(&round).body;
    let b = p2.get(&round).body;
    is_page_of(&a, &mut player, "player");
    is_page_of(&b, &mut p2, "p2");
    let main = |page: &str| page.split("</header>").nth(1).map(str::to_string);
    assert_eq!(main(&a), main(&b));

    // A linked player is a class of their own: the report form of their own board only.
    assert_eq!(
        org.form(&format!("/events/{id}/players/1/link"), &[("name", "p1")])
            .status,
        303
    );
    let mut p1 = w.login("p1");
    for _ in 0..2 {
        let own = p1.get(&round).body;
        is_page_of(&own, &mut p1, "p1");
        let reports = html::attrs(&own, "form[action$='/report']", "action");
        assert_eq!(
            reports,
            vec![format!("/events/{id}/rounds/1/boards/1/report")]
        );
        let unlinked = p2.get(&round).body;
        assert!(html::attrs(&unlinked, "form[action$='/report']", "action").is_empty());
    }

    // Every class of viewer gets its own language too.
    player.accept_language = Some("zh-TW".into());
    let zh = player.get(&round).body;
    assert!(zh.contains("台號"));
    is_page_of(&zh, &mut player, "player");
}

#[test]
fn a_writer_sees_the_write_at_once_and_a_logout_ends_the_cached_view() {
    let w = World::new("load-writer");
    let (mut org, id) = setup(&w);
    let round = format!("/events/{id}/rounds/1");
    let mut arb = w.login("arb");
    publish_round(&mut arb, id, 1);
    let standings = format!("/events/{id}/standings");
    let mut anon = w.server.client();
    for c in [&mut arb, &mut org, &mut anon] {
        assert!(!board_1_won_by_red(&c.get(&round).body));
        c.get(&standings);
    }
    let r = send_results(&mut arb, id, 1, &[(1, 0)], &["1-0"]);
    assert_eq!(r.status, 303, "{}", r.body);
    // The writer's next page, another arbiter's and the public's all show it at once.
    for c in [&mut arb, &mut org, &mut anon] {
        assert!(board_1_won_by_red(&c.get(&round).body));
    }

    // Logged out: the old session cookie gets the public page, not the arbiter's cached one.
    let session = arb.cookies.get("anqi_session").cloned().expect("session");
    assert_eq!(arb.form("/logout", &[]).status, 303);
    let mut old = w.server.client();
    old.cookies.insert("anqi_session".into(), session);
    let page = old.get(&round).body;
    assert_eq!(account_link(&page), None);
    assert!(result_form_boards(&page).is_empty());
}

#[test]
fn a_change_made_by_another_process_shows_once_the_kept_version_expires() {
    let w = World::new("load-other-process");
    let (_org, id) = setup(&w);
    let standings = format!("/events/{id}/standings");
    let mut anon = w.server.client();
    assert!(!anon.get(&standings).body.contains("Renamed elsewhere"));
    anon.get(&standings);
    // Another process (here the test itself) renames the event, with its audit entry.
    let url = w.dir.database_url();
    actix_web::rt::System::new().block_on(async move {
        let db = anqi::store::open(&url).await.expect("open");
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "UPDATE events SET name = 'Renamed elsewhere' WHERE id = {id};
             INSERT INTO audit_log (at, user_id, event_id, action, detail)
             VALUES ('2026-12-02T00:00:00Z', NULL, {id}, 'event.rename', 'test');"
        )))
        .execute(&db)
        .await
        .expect("write");
        db.close().await;
    });
    std::thread::sleep(anqi::web::page_cache::VERSION_TTL + std::time::Duration::from_millis(50));
    assert!(anon.get(&standings).body.contains("Renamed elsewhere"));
}
