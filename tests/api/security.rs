//! The security review's findings on sign-in, sessions, tokens, headers and typed text, one
//! test per finding.

use std::net::IpAddr;

use serde_json::json;

use crate::support::*;

fn proxied() -> anqi::web::client::Network {
    anqi::web::client::Network {
        trusted_proxies: vec!["127.0.0.1".parse::<IpAddr>().unwrap()],
        secure_cookies: false,
    }
}

/// A client that a trusted proxy on 127.0.0.1 says comes from `addr`.
fn client_from(w: &World, addr: &str) -> Client {
    let mut c = w.server.client();
    c.headers.push(("x-forwarded-for".into(), addr.into()));
    c
}

fn attempt(c: &mut Client, name: &str, password: &str) -> u16 {
    c.form("/login", &[("name", name), ("password", password)])
        .status
}

/// Item 5: the answers to wrong logins are the same whether the name exists or not (401 three
/// times, then 429), so names cannot be probed by status.
#[test]
fn unknown_and_known_names_get_the_same_answers() {
    let w = World::with_network("probe", proxied());
    let mut known = client_from(&w, "10.0.0.1");
    let mut unknown = client_from(&w, "10.0.0.2");
    let a: Vec<u16> = (0..5)
        .map(|_| attempt(&mut known, "arb", "wrong-password"))
        .collect();
    let b: Vec<u16> = (0..5)
        .map(|_| attempt(&mut unknown, "nobody-here", "wrong-password"))
        .collect();
    assert_eq!(a, vec![401, 401, 401, 429, 429]);
    assert_eq!(a, b);
}

/// Item 6: parallel guesses are counted one by one (the check and the count are one transaction),
/// so 30 at once get no more password checks than 3 in a row.
#[test]
fn parallel_guesses_are_counted_atomically() {
    let w = World::with_network("race", proxied());
    let base = w.server.base.clone();
    let mut first = client_from(&w, "10.0.1.1");
    first.csrf();
    let cookies = first.cookies.clone();
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..30)
            .map(|_| {
                let cookies = cookies.clone();
                let base = base.clone();
                s.spawn(move || {
                    let mut c = Server::client_for(&base);
                    c.cookies = cookies;
                    c.headers
                        .push(("x-forwarded-for".into(), "10.0.1.1".into()));
                    attempt(&mut c, "arb", "wrong-password")
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let checked = statuses.iter().filter(|&&s| s == 401).count();
    let throttled = statuses.iter().filter(|&&s| s == 429).count();
    // 503: too many password checks at once, nothing checked or counted.
    let busy = statuses.iter().filter(|&&s| s == 503).count();
    assert_eq!(checked + throttled + busy, 30, "{statuses:?}");
    assert!(checked <= 3, "{checked} guesses were checked: {statuses:?}");
}

/// Item 6: a locked account still lets its owner in from a client that has not been failing, while
/// the guessing client is refused even with the right password.
#[test]
fn a_correct_password_from_a_clean_client_gets_in() {
    let w = World::with_network("lockout", proxied());
    let mut attacker = client_from(&w, "10.0.2.1");
    for _ in 0..6 {
        attempt(&mut attacker, "arb", "wrong-password");
    }
    assert_eq!(attempt(&mut attacker, "arb", PASSWORD), 429);
    let mut owner = client_from(&w, "10.0.2.2");
    assert_eq!(attempt(&mut owner, "arb", PASSWORD), 303);
}

/// Others failing at an account from fresh addresses do not lock its owner out after one typo:
/// the back-off counts per (client, account), and the account's budget per minute is well above
/// a few failures.
#[test]
fn an_owner_after_one_typo_is_not_locked_out_by_failures_from_other_addresses() {
    let w = World::with_network("typo", proxied());
    for i in 0..10 {
        let mut attacker = client_from(&w, &format!("10.0.3.{i}"));
        assert_eq!(attempt(&mut attacker, "arb", "wrong-password"), 401);
    }
    let mut owner = client_from(&w, "10.0.4.1");
    assert_eq!(attempt(&mut owner, "arb", "a typo"), 401);
    assert_eq!(attempt(&mut owner, "arb", PASSWORD), 303);
}

/// Item 6: `X-Forwarded-For` counts only from a configured trusted proxy: without one, a guesser
/// cannot escape its throttle by inventing addresses.
#[test]
fn forwarded_addresses_count_only_from_a_trusted_proxy() {
    let w = World::new("spoof");
    for i in 0..5 {
        let mut c = client_from(&w, &format!("10.9.0.{i}"));
        let status = attempt(&mut c, "arb", "wrong-password");
        assert_eq!(status, if i < 3 { 401 } else { 429 }, "attempt {i}");
    }
}

/// Item 8: the `Secure` cookie flag follows the setting, or a trusted proxy's `X-Forwarded-Proto`.
#[test]
fn cookies_are_secure_over_https() {
    let secure_cookie = |c: &mut Client| {
        let r = c.get("/login");
        let cookies = r.header_values("set-cookie");
        assert!(!cookies.is_empty());
        cookies.iter().all(|v| v.contains("Secure"))
    };
    let plain = World::new("plain");
    assert!(!secure_cookie(&mut plain.server.client()));
    let behind = World::with_network("proxy-https", proxied());
    let mut c = behind.server.client();
    c.headers.push(("x-forwarded-proto".into(), "https".into()));
    assert!(secure_cookie(&mut c));
    assert!(!secure_cookie(&mut behind.server.client()), "plain http");
    let always = World::with_network(
        "always-secure",
        anqi::web::client::Network {
            trusted_proxies: vec![],
            secure_cookies: true,
        },
    );
    let mut c = always.server.client();
    assert!(secure_cookie(&mut c));
    c.login("org", PASSWORD);
}

/// Item 8: every page carries a Content-Security-Policy without inline script, and the framing,
/// referrer and sniffing headers.
#[test]
fn pages_carry_the_security_headers() {
    let w = World::new("headers");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Headers", "jieqi");
    for path in [
        "/".to_string(),
        format!("/events/{id}"),
        "/login".into(),
        "/nowhere".into(),
    ] {
        let r = org.get(&path);
        let csp = r.header_values("content-security-policy").join(" ");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(
            r.header_values("x-content-type-options"),
            ["nosniff"],
            "{path}"
        );
        assert_eq!(
            r.header_values("referrer-policy"),
            ["same-origin"],
            "{path}"
        );
    }
}

/// Item 8: no template has inline script, event handlers, `javascript:` links or style attributes,
/// so the policy above breaks nothing.
#[test]
fn templates_have_no_inline_script_or_style() {
    let templates = project_files("templates");
    assert!(templates.len() > 30);
    for (p, text) in templates {
        let text = text.to_ascii_lowercase();
        for (i, _) in text.match_indices("<script") {
            let tag = &text[i..i + text[i..].find('>').unwrap()];
            assert!(
                tag.contains(" src=") || tag.contains("type=\"application/json\""),
                "{}: inline script {tag}",
                p.display()
            );
        }
        assert!(!text.contains("javascript:"), "{}", p.display());
        assert!(
            !text.contains(" style="),
            "{}: style attribute",
            p.display()
        );
        assert!(!text.contains("<style"), "{}: style element", p.display());
        for handler in [
            " onclick=",
            " onsubmit=",
            " onchange=",
            " onload=",
            " oninput=",
        ] {
            assert!(!text.contains(handler), "{}: {handler}", p.display());
        }
    }
}

/// Item 7: a signed-in form's CSRF token is bound to the session: a planted CSRF cookie with the
/// same value in the field no longer passes.
#[test]
fn the_csrf_token_is_bound_to_the_session() {
    let w = World::new("csrf-bound");
    let mut org = w.login("org");
    org.cookies.insert("anqi_csrf".into(), "planted".into());
    let fields = [
        ("csrf", "planted"),
        ("name", "Forged"),
        ("start_date", "2011-05-01"),
        ("variant", "jieqi"),
    ];
    assert_eq!(org.form_raw("/events", &fields).status, 403);
    assert!(!org.get("/").body.contains("Forged"));
    // The page's own token works.
    let page = org.get("/events/new").body;
    let token = html::attrs(&page, "input[name=csrf]", "value")
        .into_iter()
        .next()
        .expect("csrf field");
    assert_eq!(token, org.csrf());
    create_event(&mut org, "Bound", "jieqi");
}

/// Item 7: cookie-authenticated forms from another origin are refused, whatever the token.
#[test]
fn forms_from_another_origin_are_refused() {
    let w = World::new("origin");
    let mut org = w.login("org");
    let fields = [
        ("name", "Cross"),
        ("start_date", "2011-05-01"),
        ("variant", "jieqi"),
    ];
    org.headers
        .push(("origin".into(), "https://evil.example".into()));
    assert_eq!(org.form("/events", &fields).status, 403);
    org.headers.clear();
    org.headers.push(("origin".into(), "null".into()));
    assert_eq!(org.form("/events", &fields).status, 403);
    org.headers.clear();
    org.headers
        .push(("referer".into(), "https://evil.example/page".into()));
    assert_eq!(org.form("/events", &fields).status, 403);
    org.headers.clear();
    let own = w.server.base.clone();
    org.headers.push(("origin".into(), own));
    assert_eq!(org.form("/events", &fields).status, 303);
    assert_eq!(org.get("/").body.matches("Cross").count(), 1);
}

fn new_token(c: &mut Client, label: &str) -> (String, String) {
    let r = c.form("/account/tokens", &[("label", label), ("days", "30")]);
    assert_eq!(r.status, 200, "{}", r.body);
    let token = html::text(&r.body, "code#new-token").expect("the new token");
    (token, r.body)
}

/// Item 7: a new token is shown once, in the body (not the title), on a page that is not stored;
/// tokens are listed with their expiry, and a revoked one stops working.
#[test]
fn api_tokens_are_shown_once_listed_and_revoked() {
    let w = World::new("tokens");
    let mut org = w.login("org");
    let (token, body) = new_token(&mut org, "scoring laptop");
    assert_eq!(token.len(), 64);
    assert_eq!(body.matches(&token).count(), 1, "shown once");
    assert_eq!(body.matches("id=\"new-token\"").count(), 1);
    let title = html::text(&body, "title").expect("a title");
    assert!(!title.contains(&token), "{title}");
    let account = org.get("/account");
    assert_eq!(account.cache_control, "no-store");
    assert!(!account.body.contains(&token), "never shown again");
    assert!(account.body.contains("scoring laptop"));

    let mut api = w.server.client();
    api.bearer = Some(token.clone());
    let event = json!({"name": "By token", "variant": "xiangqi"});
    assert_eq!(api.json("POST", "/api/events", &event).status, 201);

    let id = html::attrs(&account.body, "input[name=id]", "value")
        .into_iter()
        .next()
        .expect("revoke form");
    let r = org.form("/account/tokens/revoke", &[("id", &id)]);
    assert_eq!(r.status, 303);
    assert_eq!(api.json("POST", "/api/events", &event).status, 401);
    assert!(!org.get("/account").body.contains("scoring laptop"));
    // Another account's token id cannot be revoked by this one.
    let mut arb = w.login("arb");
    let (_, _) = new_token(&mut arb, "arb laptop");
    let arb_page = arb.get("/account").body;
    let arb_id = html::attrs(&arb_page, "input[name=id]", "value")
        .into_iter()
        .next()
        .expect("revoke form");
    assert_eq!(
        org.form("/account/tokens/revoke", &[("id", &arb_id)])
            .status,
        404
    );
    assert!(arb.get("/account").body.contains("arb laptop"));
    // A token's life is bounded.
    let r = org.form("/account/tokens", &[("label", "forever"), ("days", "5000")]);
    assert_eq!(r.status, 400, "{}", r.body);
}

/// Item 7: tokens expire, and expired sessions are deleted.
#[test]
fn expired_tokens_stop_working_and_expired_sessions_are_deleted() {
    let w = World::new("expiry");
    let mut org = w.login("org");
    let (token, _) = new_token(&mut org, "short-lived");
    let url = w.dir.database_url();
    let run = |sql: &'static str| {
        let url = url.clone();
        actix_web::rt::System::new().block_on(async move {
            let db = anqi::store::open(&url).await.unwrap();
            let n = sqlx::query(sql).execute(&db).await.unwrap().rows_affected();
            db.close().await;
            n
        })
    };
    run("UPDATE api_tokens SET expires_at = '2020-01-01T00:00:00Z'");
    let mut api = w.server.client();
    api.bearer = Some(token);
    let event = json!({"name": "Late", "variant": "xiangqi"});
    assert_eq!(api.json("POST", "/api/events", &event).status, 401);
    assert!(!org.get("/account").body.contains("short-lived"));

    run("UPDATE sessions SET expires_at = '2020-01-01T00:00:00Z'");
    assert_eq!(
        org.get("/account").status,
        303,
        "the expired session is over"
    );
    w.login("arb");
    assert_eq!(
        run("DELETE FROM sessions WHERE expires_at < '2021-01-01T00:00:00Z'"),
        0,
        "a new session swept the expired ones away"
    );
}

/// Item 7: a password change ends the account's other sessions and its tokens, and keeps the one
/// that changed it.
#[test]
fn a_password_change_ends_other_sessions_and_tokens() {
    let w = World::new("password");
    let mut here = w.login("org");
    let mut elsewhere = w.login("org");
    let (token, _) = new_token(&mut here, "old");
    let r = here.form(
        "/account/password",
        &[("current", PASSWORD), ("new", "a-brand-new-pass")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(here.get("/account").status, 200, "this session goes on");
    assert_eq!(
        elsewhere.get("/account").status,
        303,
        "the other one is over"
    );
    let mut api = w.server.client();
    api.bearer = Some(token);
    let event = json!({"name": "Old token", "variant": "xiangqi"});
    assert_eq!(api.json("POST", "/api/events", &event).status, 401);
    let mut again = w.server.client();
    again.login("org", "a-brand-new-pass");
}

/// Item 11: names and texts refuse control and text-direction characters; the venue has a limit.
#[test]
fn typed_text_refuses_control_and_bidi_characters() {
    let w = World::new("hygiene");
    let mut org = w.login("org");
    for (name, venue) in [
        ("Open\u{202E}nepO", "Hall"),
        ("Open\u{1b}[2J", "Hall"),
        ("Open", "Hall\u{0}"),
    ] {
        let r = org.form(
            "/events",
            &[
                ("name", name),
                ("start_date", "2011-05-01"),
                ("variant", "jieqi"),
                ("venue", venue),
            ],
        );
        assert_eq!(r.status, 400, "{name:?} {venue:?}: {}", r.body);
    }
    let huge = "館".repeat(1_000_000 / 3);
    let r = org.form(
        "/events",
        &[
            ("name", "Big"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
            ("venue", &huge),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("venue"), "names the field");
    assert!(org.get("/").body.len() < 100_000);
    let id = create_event(&mut org, "Clean", "jieqi");
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "陳\u{202E}輝"), ("rating", "1500")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
}

/// Item 11: user names are normalized (NFKC) and may not hold invisible characters.
#[test]
fn user_names_are_normalized_and_visible() {
    let w = World::new("user-names");
    let mut admin = w.login("admin");
    let r = admin.form(
        "/users",
        &[
            ("name", "ad\u{200B}min"),
            ("role", "organizer"),
            ("password", "long-enough-1"),
        ],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let r = admin.form(
        "/users",
        &[
            ("name", "ｏｒｇ"),
            ("role", "organizer"),
            ("password", "long-enough-1"),
        ],
    );
    assert_ne!(
        r.status, 303,
        "full-width ｏｒｇ is the existing org: {}",
        r.body
    );
    let r = admin.form(
        "/users",
        &[
            ("name", "ｎｅｗｏｒｇ"),
            ("role", "organizer"),
            ("password", "long-enough-1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let mut c = w.server.client();
    c.login("neworg", "long-enough-1");
}

/// Item 5: event pages name arbiters by their public name; a login name reaches only the event's
/// arbiters and organizer.
#[test]
fn event_pages_show_arbiters_public_names_not_login_names() {
    let w = World::new("display-names");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Names", "xiangqi");
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb2")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let facts = |body: &str| html::definition(body, "Arbiters").unwrap_or_default();
    let mut anon = w.server.client();
    let public = facts(&anon.get(&format!("/events/{id}")).body);
    assert!(!public.contains("arb2"), "{public}");
    assert!(public.contains("1 without a public name"), "{public}");
    let mut arb2 = w.login("arb2");
    let r = arb2.form("/account/name", &[("display_name", "陳裁判")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let bad = arb2.form("/account/name", &[("display_name", "陳\u{202E}裁判")]);
    assert_eq!(bad.status, 400);
    let public = facts(&anon.get(&format!("/events/{id}")).body);
    assert_eq!(public, "陳裁判");
    let own = facts(&org.get(&format!("/events/{id}")).body);
    assert_eq!(own, "陳裁判 (arb2)");
    let trf = anon.get(&format!("/events/{id}/export.trf")).body;
    assert!(!trf.contains("arb2"), "{trf}");
}

/// Organizers see on `/users` only the accounts they made or linked to their own events (and
/// their own); other organizers' and administrators' accounts stay out of the page. Administrators
/// see every account, with the correction forms for all but their own.
#[test]
fn organizers_see_only_the_accounts_they_made_or_linked() {
    let w = World::new("users-scope");
    let mut org = w.login("org");
    let r = org.form(
        "/users",
        &[
            ("name", "made_by_org"),
            ("role", "player"),
            ("password", PASSWORD),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let mut org2 = w.login("org2");
    let r = org2.form(
        "/users",
        &[
            ("name", "made_by_org2"),
            ("role", "arbiter"),
            ("password", PASSWORD),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    event("Scope", "xiangqi")
        .players(4)
        .arbiter("arb")
        .link(2, "player")
        .build(&w);
    let listed = |c: &mut Client| {
        let page = c.get("/users");
        assert_eq!(page.status, 200, "{}", page.body);
        let mut names: Vec<String> = html::texts(&page.body, "table.grid tbody tr td:first-child");
        names.sort();
        (names, page.body)
    };
    let (names, body) = listed(&mut org);
    assert_eq!(names, ["arb", "made_by_org", "org", "player"], "{body}");
    assert!(html::texts(&body, "details.account-correct").is_empty());
    let (names, _) = listed(&mut org2);
    assert_eq!(names, ["made_by_org2", "org2"]);
    let mut admin = w.login("admin");
    let (names, body) = listed(&mut admin);
    assert_eq!(names.len(), 9, "{names:?}");
    let corrected = html::attrs(&body, "details.account-correct", "id");
    assert_eq!(
        corrected.len(),
        8,
        "every account but the administrator's own"
    );
}
