//! Knockout games reported through the players' report links (issue 35): the knockout's match
//! slips carry each player's `/report/{token}` link (and its QR code), which serves every game of
//! the match; two matching reports enter a game's result and the match moves on, two different ones
//! wait side by side for the arbiter, whose entry wins; a form for another match or a game already
//! entered is refused beside the form; the link closes once the match is decided; discarding the
//! bracket removes the links.

use serde_json::{Value, json};

use crate::knockout::{find_match, seeded_after_one_round};
use crate::report_links::decode_qr;
use crate::support::*;

/// The match slips' report links (href, start number, match) in page order.
fn match_links(slips: &str) -> Vec<(String, u32, u64)> {
    let doc = scraper::Html::parse_document(slips);
    let slip = scraper::Selector::parse("section.slip").unwrap();
    let link = scraper::Selector::parse("a.report-link").unwrap();
    doc.select(&slip)
        .flat_map(|s| {
            let m: u64 = s.value().attr("data-match").unwrap().parse().unwrap();
            s.select(&link)
                .map(|a| {
                    let v = a.value();
                    (
                        v.attr("href").unwrap().to_string(),
                        v.attr("data-start").unwrap().parse().unwrap(),
                        m,
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A player with no account, on their own phone.
fn phone(w: &World, lang: &str) -> Client {
    let mut c = w.server.client();
    c.accept_language = Some(lang.into());
    c
}

/// Sends a report of game `game` of match `m` through `link`, as its page does.
fn report(c: &mut Client, link: &str, (m, game): (u64, u32), result: &str) -> Resp {
    c.get(link);
    c.form(
        link,
        &[
            ("match", &m.to_string()),
            ("game", &game.to_string()),
            ("result", result),
        ],
    )
}

/// The due game of match `m` in the bracket JSON: (number, Red's start number).
fn due_game(api: &mut Client, id: i64, m: u64) -> (u32, Option<u32>) {
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    let game = find_match(&bracket, m)["games"]
        .as_array()
        .unwrap()
        .last()
        .cloned()
        .unwrap();
    assert_eq!(game["result"], Value::Null, "a game of match {m} is due");
    (
        game["number"].as_u64().unwrap() as u32,
        game["red"].as_u64().map(|r| r as u32),
    )
}

/// The result of game `number` of match `m` in the bracket JSON.
fn game_result(api: &mut Client, id: i64, m: u64, number: u32) -> Value {
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    find_match(&bracket, m)["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["number"] == json!(number))
        .map(|g| g["result"].clone())
        .unwrap_or(Value::Null)
}

#[test]
fn knockout_games_are_reported_game_by_game_through_each_players_match_link() {
    let w = World::new("ko-report-links");
    let (id, mut arb, mut api) = seeded_after_one_round(&w, "3");

    // The slips: one per semi-final (the final waits for its players), each player's link.
    let slips = arb.get(&format!("/events/{id}/knockout/slips"));
    assert_eq!(slips.status, 200, "{}", slips.body);
    let found = match_links(&slips.body);
    assert_eq!(
        found.iter().map(|(_, _, m)| *m).collect::<Vec<_>>(),
        [1, 1, 2, 2],
        "{}",
        slips.body
    );
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    let players = |m: u64| -> [u32; 2] {
        let mt = find_match(&bracket, m);
        [0, 1].map(|i| mt["players"][i].as_u64().unwrap() as u32)
    };
    let [upper, lower] = players(1);
    let link = |start: u32| {
        found
            .iter()
            .find(|(_, s, _)| *s == start)
            .unwrap()
            .0
            .clone()
    };
    // Printing again keeps the links; each QR code decodes to its link's address.
    let again = match_links(&arb.get(&format!("/events/{id}/knockout/slips")).body);
    assert_eq!(again, found);
    let svg = arb.get(&format!("/qr.svg?path={}", link(upper)));
    assert_eq!(
        decode_qr(&svg.body),
        format!("{}{}", w.server.base, link(upper))
    );

    let (mut pu, mut pl) = (phone(&w, "zh-HK"), phone(&w, "en"));
    let (number, red) = due_game(&mut api, id, 1);
    assert_eq!(number, 1);
    let red = red.expect("automatic lot");
    // The page names the game, the colour and the opponent.
    let page = pu.get(&link(upper));
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!(page.cache_control, "no-store");
    let line = html::text(&page.body, "#my-board-line").unwrap();
    let colour = if red == upper { "紅" } else { "黑" };
    assert!(
        line.starts_with(&format!("第 1 局：你執{colour}，對 {lower}. ")),
        "{line}"
    );
    let page = pl.get(&link(lower));
    let line = html::text(&page.body, "#my-board-line").unwrap();
    assert!(line.starts_with("Game 1: you play "), "{line}");

    // Game 1: the upper line's win reported by both; entered without the arbiter, and the match
    // moves on.
    let g1 = if red == upper { "1-0" } else { "0-1" };
    let r = report(&mut pu, &link(upper), (1, 1), g1);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{}?reported=waiting", link(upper))
    );
    assert_eq!(game_result(&mut api, id, 1, 1), Value::Null);
    let page = pl.get(&link(lower));
    assert!(
        html::text(&page.body, "#theirs")
            .unwrap()
            .contains(if red == upper { "1–0" } else { "0–1" })
    );
    let r = report(&mut pl, &link(lower), (1, 1), g1);
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{}?reported=confirmed", link(lower))
    );
    assert_eq!(game_result(&mut api, id, 1, 1), json!(g1));
    let page = pl.get(&link(lower));
    let line = html::text(&page.body, "#my-board-line").unwrap();
    assert!(line.starts_with("Game 2: you play "), "{line}");
    let played = html::text(&page.body, "#ko-played li[data-game='1']").unwrap();
    assert!(played.contains("I lost"), "{played}");
    // A report of game 1 again (a stale page) is refused beside the form; nothing changes.
    let r = report(&mut pl, &link(lower), (1, 1), "1/2-1/2");
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        html::text(&r.body, "#report-error")
            .unwrap()
            .contains("Game 1 already has its result"),
        "{}",
        r.body
    );
    assert_eq!(game_result(&mut api, id, 1, 1), json!(g1));
    // A form of another match is refused.
    let r = report(&mut pl, &link(lower), (2, 2), "1-0");
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::text(&r.body, "#report-error")
            .unwrap()
            .contains("match 1"),
        "{}",
        r.body
    );
    // Not a result: refused naming it, and the typed choice is kept.
    let r = report(&mut pl, &link(lower), (1, 2), "2-0");
    assert!(r.status == 400 || r.status == 422, "{}", r.body);
    assert!(html::text(&r.body, "#report-error").is_some());

    // Game 2: each claims the win; both wait side by side, shown to the arbiter.
    let (number, red2) = due_game(&mut api, id, 1);
    assert_eq!(number, 2);
    let red2 = red2.unwrap();
    let (upper_says, lower_says) = if red2 == upper {
        ("1-0", "0-1")
    } else {
        ("0-1", "1-0")
    };
    report(&mut pu, &link(upper), (1, 2), upper_says);
    let r = report(&mut pl, &link(lower), (1, 2), lower_says);
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{}?reported=conflict", link(lower))
    );
    assert_eq!(game_result(&mut api, id, 1, 2), Value::Null);
    let page = arb.get(&format!("/events/{id}/knockout/matches/1"));
    let reports = html::texts(&page.body, "#ko-reports li");
    assert_eq!(reports.len(), 2, "{}", page.body);
    assert!(html::text(&page.body, "#ko-reports-conflict").is_some());
    let page = pu.get(&link(upper));
    assert!(
        html::text(&page.body, "#conflict").is_some(),
        "{}",
        page.body
    );
    // The public match page shows no reports.
    let public = w
        .server
        .client()
        .get(&format!("/events/{id}/knockout/matches/1"));
    assert!(html::text(&public.body, "#ko-reports").is_none());
    // The arbiter's entry wins: a draw.
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/1/games/2/result"),
        &json!({ "result": "1/2-1/2" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = pu.get(&link(upper));
    assert!(html::text(&page.body, "#conflict").is_none());
    assert!(
        html::text(&page.body, "#my-board-line")
            .unwrap()
            .starts_with("第 3 局"),
        "{}",
        page.body
    );

    // Game 3: the lower line wins on both reports; level 1½–1½, so the decider waits for the
    // higher seed's colour choice.
    let (_, red3) = due_game(&mut api, id, 1);
    let says = if red3 == Some(lower) { "1-0" } else { "0-1" };
    report(&mut pu, &link(upper), (1, 3), says);
    let r = report(&mut pl, &link(lower), (1, 3), says);
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{}?reported=confirmed", link(lower))
    );
    let page = pl.get(&link(lower));
    assert!(html::text(&page.body, "#report").is_none());
    assert!(
        html::text(&page.body, "#ko-score")
            .unwrap()
            .contains("1½–1½"),
        "{}",
        page.body
    );
    assert!(
        html::text(&page.body, "#ko-waiting")
            .unwrap()
            .contains("chooses the decider's colour"),
        "{}",
        page.body
    );
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/1/decider"),
        &json!({ "higher_seed_plays": "red" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // The decider: the higher seed (the upper line) wins with Red; the match is decided.
    let page = pu.get(&link(upper));
    assert!(
        html::text(&page.body, "#my-board-line")
            .unwrap()
            .starts_with("加賽：你執紅"),
        "{}",
        page.body
    );
    report(&mut pu, &link(upper), (1, 4), "1-0");
    let r = report(&mut pl, &link(lower), (1, 4), "1-0");
    assert_eq!(r.status, 303, "{}", r.body);
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    assert_eq!(find_match(&bracket, 1)["winner"], json!(upper));
    // The link is closed: 410 with the outcome, and a report is refused.
    let page = pu.get(&link(upper));
    assert_eq!(page.status, 410, "{}", page.body);
    assert_eq!(html::text(&page.body, "#ko-outcome").unwrap(), "你晉級。");
    let page = pl.get(&link(lower));
    assert_eq!(
        html::text(&page.body, "#ko-outcome").unwrap(),
        "You are out of the knockout."
    );
    assert!(html::text(&page.body, "#closed").is_some());
    let r = pl.form(
        &link(lower),
        &[("match", "1"), ("game", "5"), ("result", "1-0")],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    // A decided match is no longer printed; the other semi-final keeps its links.
    let slips = match_links(&arb.get(&format!("/events/{id}/knockout/slips")).body);
    assert_eq!(
        slips,
        found
            .iter()
            .filter(|(_, _, m)| *m == 2)
            .cloned()
            .collect::<Vec<_>>()
    );

    // The audit log holds the reports, sent without an account, and the results they entered.
    let audit = arb.get(&format!("/events/{id}/audit")).body;
    assert!(
        audit.contains(&format!("match 1 game 2: {upper} (")),
        "the reports in the audit log"
    );
    assert!(audit.contains(&format!("match 1 game 1: {g1}")), "{audit}");
}

#[test]
fn a_discarded_bracket_takes_its_report_links_with_it() {
    let w = World::new("ko-report-discard");
    let (id, mut arb, _) = seeded_after_one_round(&w, "3");
    let found = match_links(&arb.get(&format!("/events/{id}/knockout/slips")).body);
    let (link, start, _) = found[0].clone();
    let mut p = phone(&w, "en");
    assert_eq!(p.get(&link).status, 200);
    // Only arbiters print the slips.
    let mut org_less = w.server.client();
    assert_ne!(
        org_less.get(&format!("/events/{id}/knockout/slips")).status,
        200
    );
    // A lone report (no result entered) does not stop the discard; the links go with the bracket.
    let r = report(&mut p, &link, (found[0].2, 1), "1-0");
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.form(&format!("/events/{id}/knockout/discard"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(p.get(&link).status, 404, "player {start}'s link is gone");
}

#[test]
fn linked_accounts_report_their_knockout_games_on_the_match_page_and_a_report_link_confirms_one() {
    let w = World::new("ko-report-accounts");
    let (id, mut arb, mut api) = seeded_after_one_round(&w, "3");
    let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
    let m1 = find_match(&bracket, 1);
    let upper = m1["players"][0].as_u64().unwrap() as u32;
    let lower = m1["players"][1].as_u64().unwrap() as u32;
    let (_, red) = due_game(&mut api, id, 1);
    let red = red.unwrap();
    create_user(&w.dir, "pu", "player");
    create_user(&w.dir, "other", "player");
    let mut org = w.login("org");
    let r = org.form(
        &format!("/events/{id}/players/{upper}/link"),
        &[("name", "pu")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let mut pu = w.login("pu");
    let url = format!("/events/{id}/knockout/matches/1");

    // The linked player sees their game due on the match page, with the choices in their terms.
    let page = pu.get(&url);
    let line = html::text(&page.body, "#my-board-line").expect("the player's game");
    assert!(line.starts_with("Game 1: you play "), "{line}");
    let won = if red == upper { "1-0" } else { "0-1" };
    let choices = html::attrs(&page.body, "#report input[type=radio]", "value");
    assert_eq!(choices[0], won, "I won first");
    // Nobody else sees a form: not another account, not the public.
    let mut other = w.login("other");
    assert!(html::text(&other.get(&url).body, "#my-board").is_none());
    let r = other.form(&format!("{url}/games/1/report"), &[("result", won)]);
    assert_eq!(r.status, 403, "{}", r.body);

    // The account reports; the opponent's report link confirms it.
    let r = pu.form(&format!("{url}/games/1/report"), &[("result", won)]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(format!("{url}?reported=waiting#my-board").as_str())
    );
    let page = pu.get(&url);
    assert!(html::text(&page.body, "#mine").unwrap().contains("waiting"));
    let found = match_links(&arb.get(&format!("/events/{id}/knockout/slips")).body);
    let lower_link = &found.iter().find(|(_, s, _)| *s == lower).unwrap().0;
    let mut pl = phone(&w, "en");
    let page = pl.get(lower_link);
    assert!(html::text(&page.body, "#theirs").is_some(), "{}", page.body);
    let r = report(&mut pl, lower_link, (1, 1), won);
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{lower_link}?reported=confirmed")
    );
    assert_eq!(game_result(&mut api, id, 1, 1), json!(won));
    // The match page moves on to game 2 for the account.
    let page = pu.get(&url);
    assert!(
        html::text(&page.body, "#my-board-line")
            .unwrap()
            .starts_with("Game 2: "),
        "{}",
        page.body
    );
    // The account's report is audited under its name.
    let audit = arb.get(&format!("/events/{id}/audit")).body;
    let doc = scraper::Html::parse_document(&audit);
    let row = scraper::Selector::parse("#audit tbody tr[data-action='knockout.report']").unwrap();
    let rows: Vec<String> = doc
        .select(&row)
        .map(|r| r.text().collect::<String>())
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows.iter().any(|r| r.contains("pu")), "{rows:?}");
}
