//! Results reported through the players' report links (issue 35): the printed slips carry each
//! player's `/report/{token}` link, Red's before Black's in board order, and a QR code that
//! decodes to that link's address; a player without an account reports through it; two matching
//! reports enter the result, two different ones wait side by side for the arbiter, whose entry
//! wins; a form for another board or round is refused; a link stops once the next round is paired.

use crate::support::*;

/// The text a QR code drawn by the server holds, read back with a decoder (`rqrr`) from the
/// SVG's modules, four pixels a module.
pub fn decode_qr(svg: &str) -> String {
    let grid = anqi::qr::modules(svg).expect("an SVG drawn by anqi::qr");
    let scale = 4;
    let side = grid.len() * scale;
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
        if grid[y / scale][x / scale] { 0 } else { 255 }
    });
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "one code in the picture");
    grids[0].decode().expect("the code decodes").1
}

/// Event with four players and round 1 published (1–3 and 4–2, player 1 Red); the arbiter.
fn round_one(w: &World) -> (i64, Client) {
    let id = event("報告連結", "jieqi")
        .sheet(FOUR_PLAYERS)
        .arbiter("arb")
        .published_rounds(1)
        .build(w);
    (id, w.login("arb"))
}

/// The slips' report links (href, start number) in page order.
fn links(slips: &str) -> Vec<(String, u32)> {
    html::attr_pairs(slips, "a.report-link", "href", "data-start")
        .into_iter()
        .map(|(h, s)| (h, s.parse().unwrap()))
        .collect()
}

/// A player with no account, on their own phone (a client with no cookies yet).
fn phone(w: &World, lang: &str) -> Client {
    let mut c = w.server.client();
    c.accept_language = Some(lang.into());
    c
}

/// Sends a report through `link` for round `round`, board `board`.
fn report(c: &mut Client, link: &str, (round, board): (u32, u32), result: &str) -> Resp {
    c.get(link);
    c.form(
        link,
        &[
            ("round", &round.to_string()),
            ("board", &board.to_string()),
            ("result", result),
        ],
    )
}

#[test]
fn the_slips_carry_each_players_report_link_and_its_qr_code_in_board_order() {
    let w = World::new("report-slips");
    let (id, mut arb) = round_one(&w);
    let slips = arb.get(&format!("/events/{id}/rounds/1/slips"));
    assert_eq!(slips.status, 200, "{}", slips.body);
    let found = links(&slips.body);
    let starts: Vec<u32> = found.iter().map(|(_, s)| *s).collect();
    assert_eq!(
        starts,
        [1, 3, 4, 2],
        "board 1 Red, Black, board 2 Red, Black"
    );
    let mut tokens: Vec<&str> = found
        .iter()
        .map(|(h, _)| h.strip_prefix("/report/").expect("a /report/{token} link"))
        .collect();
    assert!(tokens.iter().all(|t| t.len() == 64));
    tokens.dedup();
    assert_eq!(tokens.len(), 4, "one link per player");
    // The same links on a second printing.
    assert_eq!(
        links(&arb.get(&format!("/events/{id}/rounds/1/slips")).body),
        found
    );

    // Each QR code decodes to its link's address on this server.
    let qrs = html::attrs(&slips.body, "a.report-link img.qr", "src");
    assert_eq!(qrs.len(), 4);
    let mut anon = w.server.client();
    for ((href, _), src) in found.iter().zip(&qrs) {
        let svg = anon.get(src);
        assert_eq!(svg.status, 200, "{src}: {}", svg.body);
        assert_eq!(svg.content_type, "image/svg+xml");
        let base = format!("http://{}", w.server.base.trim_start_matches("http://"));
        assert_eq!(decode_qr(&svg.body), format!("{base}{href}"));
    }
    // The QR route draws only this site's addresses.
    for bad in ["http://evil.example/", "//evil.example/x", "x", ""] {
        let r = anon.get(&format!("/qr.svg?path={}", bad.replace('/', "%2F")));
        assert_eq!(r.status, 400, "{bad}");
    }
    // Only the arbiters print slips; strangers do not learn the links.
    assert_ne!(
        anon.get(&format!("/events/{id}/rounds/1/slips")).status,
        200
    );
    let r = w
        .login("player")
        .get(&format!("/events/{id}/rounds/1/slips"));
    assert_ne!(r.status, 200);

    // A draft round's slips have no links yet (its pairings may change).
    enter_results(&mut arb, id, 1, |_, _, _| "1-0");
    pair_round(&mut arb, id, 2);
    let draft = arb.get(&format!("/events/{id}/rounds/2/slips"));
    assert_eq!(draft.status, 200);
    assert!(links(&draft.body).is_empty());
    assert!(html::text(&draft.body, "#no-links").is_some());
}

#[test]
fn two_matching_reports_confirm_and_different_ones_wait_for_the_arbiter() {
    let w = World::new("report-links");
    let (id, mut arb) = round_one(&w);
    let found = links(&arb.get(&format!("/events/{id}/rounds/1/slips")).body);
    let link = |start: u32| found.iter().find(|(_, s)| *s == start).unwrap().0.clone();
    let (mut p1, mut p3) = (phone(&w, "zh-HK"), phone(&w, "en"));
    let (mut p4, mut p2) = (phone(&w, "en"), phone(&w, "en"));

    // The page names the player's board and colour, in their language.
    let page = p1.get(&link(1));
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!(page.cache_control, "no-store");
    assert_eq!(
        html::text(&page.body, "#my-board-line").unwrap(),
        "你執紅，對 3. 丙三，第 1 台"
    );
    let page = p3.get(&link(3));
    assert_eq!(
        html::text(&page.body, "#my-board-line").unwrap(),
        "You play Black against 1. 甲一, board 1"
    );

    // Board 1: Red reports a win; both pages show that it waits for the opponent.
    let r = report(&mut p1, &link(1), (1, 1), "1-0");
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{}?reported=waiting", link(1))
    );
    let page = p1.get(&link(1));
    assert!(
        html::text(&page.body, "#mine")
            .unwrap()
            .contains("待對手確認"),
        "{}",
        page.body
    );
    let page = p3.get(&link(3));
    assert!(
        html::text(&page.body, "#theirs").unwrap().contains("1–0"),
        "{}",
        page.body
    );
    // Black reports the same (their loss): confirmed, the result is entered without the arbiter.
    let r = report(&mut p3, &link(3), (1, 1), "1-0");
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{}?reported=confirmed", link(3))
    );
    let round = arb.get(&format!("/api/events/{id}/rounds/1"));
    let board1 = &round.json()["boards"][0];
    assert_eq!(board1["result"], "1-0", "{}", round.body);
    // The result now shows on both pages; no form any more.
    let page = p1.get(&link(1));
    assert!(html::text(&page.body, "#result").unwrap().contains("1–0"));
    assert!(html::text(&page.body, "#report").is_none());

    // Board 2: each claims the win; both reports wait side by side for the arbiter.
    let r = report(&mut p4, &link(4), (1, 2), "1-0");
    assert_eq!(r.status, 303);
    let r = report(&mut p2, &link(2), (1, 2), "0-1");
    assert_eq!(
        r.location.as_deref().unwrap(),
        format!("{}?reported=conflict", link(2))
    );
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let reports = html::text(&page.body, "tr[data-board='2'] .reports.conflict")
        .expect("the conflict shown to the arbiter");
    assert!(reports.contains("Red reported 1–0") && reports.contains("Black reported 0–1"));
    let page = p2.get(&link(2));
    assert!(
        html::text(&page.body, "#conflict").is_some(),
        "{}",
        page.body
    );
    assert!(html::text(&page.body, "#mine").unwrap().contains("0–1"));
    assert!(html::text(&page.body, "#theirs").unwrap().contains("1–0"));
    // Nothing was overwritten: a report never replaces the opponent's.
    let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    assert!(round["boards"][1]["result"].is_null());
    // The arbiter's entry wins.
    enter_results(&mut arb, id, 1, |_, _, _| "1/2-1/2");
    let page = p4.get(&link(4));
    assert!(
        html::text(&page.body, "#result").unwrap().contains("½–½"),
        "{}",
        page.body
    );
    assert!(html::text(&page.body, "#conflict").is_none());

    // The audit log holds the reports, sent without an account.
    let audit = arb.get(&format!("/events/{id}/audit")).body;
    for side in [
        "round 1 board 1: Red reported 1-0",
        "round 1 board 2: Black reported 0-1",
    ] {
        assert!(audit.contains(side), "{side} in the audit log");
    }
}

#[test]
fn a_link_of_another_board_or_round_is_refused_and_links_close_when_the_next_round_is_paired() {
    let w = World::new("report-refused");
    let (id, mut arb) = round_one(&w);
    let found = links(&arb.get(&format!("/events/{id}/rounds/1/slips")).body);
    let link = |start: u32| found.iter().find(|(_, s)| *s == start).unwrap().0.clone();
    let mut p1 = phone(&w, "en");

    // Player 1's link cannot report board 2, nor another round.
    let r = report(&mut p1, &link(1), (1, 2), "1-0");
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        html::text(&r.body, "#report-error")
            .unwrap()
            .contains("Board 2")
    );
    let r = report(&mut p1, &link(1), (2, 1), "1-0");
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(html::text(&r.body, "#report-error").is_some());
    // Nor a made-up result; the choice is kept and named.
    let r = report(&mut p1, &link(1), (1, 1), "2-0");
    assert_eq!(r.status, 400, "{}", r.body);
    let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    assert!(round["boards"][0]["result"].is_null() && round["boards"][1]["result"].is_null());
    // An unknown or malformed token is not found.
    assert_eq!(p1.get(&format!("/report/{}", "0".repeat(64))).status, 404);
    assert_eq!(p1.get("/report/..%2F..%2Fetc").status, 404);

    // Round 2 paired on round 1's results: round 1's links are closed.
    enter_results(
        &mut arb,
        id,
        1,
        |b, _, _| if b == 1 { "1-0" } else { "0-1" },
    );
    pair_round(&mut arb, id, 2);
    let page = p1.get(&link(1));
    assert_eq!(page.status, 410, "{}", page.body);
    assert!(html::text(&page.body, "#closed").is_some());
    assert!(html::text(&page.body, "#report").is_none());
    let r = report(&mut p1, &link(1), (1, 1), "0-1");
    assert_eq!(r.status, 409, "{}", r.body);
    // Round 2 is a draft: no links yet, so round 1's do not carry over.
    assert!(links(&arb.get(&format!("/events/{id}/rounds/2/slips")).body).is_empty());
}

#[test]
fn an_address_trying_unknown_links_is_slowed_but_players_behind_one_address_are_not() {
    let w = World::new("report-limits");
    let (id, mut arb) = round_one(&w);
    let found = links(&arb.get(&format!("/events/{id}/rounds/1/slips")).body);
    // Four players on the venue's one address each open their link many times: never limited.
    let mut venue = phone(&w, "en");
    for _ in 0..10 {
        for (link, _) in &found {
            assert_eq!(venue.get(link).status, 200);
        }
    }
    // Guessing links: after 60 unknown ones, the address waits.
    let mut guesser = phone(&w, "en");
    let mut statuses = Vec::new();
    for i in 0..61 {
        statuses.push(guesser.get(&format!("/report/{:064x}", i)).status);
    }
    assert!(statuses[..60].iter().all(|&s| s == 404), "{statuses:?}");
    assert_eq!(statuses[60], 429);
}

#[test]
fn the_slips_scoresheets_and_display_screen_show_the_rounds_start_and_the_time_control() {
    let w = World::new("report-timetable");
    let (id, mut arb) = round_one(&w);
    let mut org = w.login("org");
    let r = org.form(
        &format!("/events/{id}/timetable"),
        &[
            ("checkin", "off"),
            ("time_control", "90+30"),
            ("start_1", "2026-12-06T09:30"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let slips = arb.get(&format!("/events/{id}/rounds/1/slips")).body;
    let lines = html::texts(&slips, ".slip-schedule");
    assert_eq!(lines.len(), 2, "one line a slip: {slips}");
    assert!(
        lines[0].contains("09:30") && lines[0].contains("90′"),
        "{lines:?}"
    );
    // So do the scoresheets, one a board.
    let sheets = arb.get(&format!("/events/{id}/rounds/1/scoresheets")).body;
    let starts = html::texts(&sheets, ".sheet-start");
    let controls = html::texts(&sheets, ".sheet-time-control");
    assert_eq!((starts.len(), controls.len()), (2, 2), "{sheets}");
    assert!(starts[0].contains("09:30") && controls[0].contains("90′"));
    let screen = w.server.client().get(&format!("/events/{id}/screen"));
    assert_eq!(screen.status, 200);
    assert!(
        html::text(&screen.body, "#screen-start")
            .unwrap()
            .contains("09:30")
    );
    assert!(
        html::text(&screen.body, "#screen-time-control")
            .unwrap()
            .contains("90′")
    );
    // The screen lists round 1's boards and its four players by name.
    assert_eq!(html::texts(&screen.body, "#by-board tbody tr").len(), 2);
    assert_eq!(html::texts(&screen.body, "#by-name tbody tr").len(), 4);
}
