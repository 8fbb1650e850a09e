//! Screenshots of every page of a whole event, for a look by eye: with
//! `ANQI_SCREENSHOTS=dir` set, a full event is built (Swiss rounds with results, a knockout with a
//! 3rd-place match, prizes, a rating list the event was pushed into) and each page is saved in
//! zh-Hant, zh-Hans and English at phone (390 px) and desktop (1280 px) width, as
//! `dir/<lang>-<width>-<page>.png` (84 shots). Without the variable the test does nothing: it is
//! off in CI.

use serde_json::json;

use crate::driver::*;
use crate::support::{Client, PASSWORD, World, create_list, enter_results, publish_round};

/// Pairs, publishes and completes a Swiss round over HTTP: the lower start number wins, every
/// third board is drawn.
fn play_round(arb: &mut Client, id: i64, n: u32) {
    publish_round(arb, id, n);
    enter_results(arb, id, n, |board, _, _| {
        if board.is_multiple_of(3) {
            "1/2-1/2"
        } else {
            "1-0"
        }
    });
}

#[test]
fn screenshots_of_every_page_in_each_language_and_width() {
    let Ok(dir) = std::env::var("ANQI_SCREENSHOTS") else {
        eprintln!("screenshots skipped: set ANQI_SCREENSHOTS=dir to take them");
        return;
    };
    let (chromium, chromedriver) = browser_binaries().unwrap_or_else(|why| panic!("{why}"));
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    let w = World::new("browser-screens");
    let mut org = w.login("org");
    let r = org.form(
        "/events",
        &[
            ("name", "2026 中弈杯揭棋公開賽"),
            ("venue", "荃灣大會堂"),
            ("start_date", "2026-05-01"),
            ("variant", "jieqi"),
            ("swiss_rounds", "3"),
            ("knockout_size", "4"),
            ("best_of", "1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let id: i64 = r.location.unwrap()[8..].parse().unwrap();
    let names = [
        "李卓豪",
        "陳志明",
        "黃偉倫",
        "張家輝",
        "林美玲",
        "吳國強",
        "鄭浩然",
        "何詠詩",
        "歐陽震華",
        "梁文",
    ];
    let mut csv = String::from("name,club,rating\n");
    for (i, n) in names.iter().enumerate() {
        csv.push_str(&format!("{n},荃灣象棋會,{}\n", 2100 - i * 25));
    }
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", &csv)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut arb = w.login("arb");
    for n in 1..=3 {
        play_round(&mut arb, id, n);
    }
    let r = arb.form(
        &format!("/events/{id}/withdraw"),
        &[("start", "10"), ("reason", "家中有事"), ("confirm", "yes")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.form(
        &format!("/events/{id}/knockout"),
        &[
            ("tie_rule", "decider"),
            ("third_place", "on"),
            ("auto_lots", "on"),
        ],
    );
    assert!(r.status == 303, "seed: {} {}", r.status, r.body);
    // Semi-finals, then the final and the 3rd-place match, through the match pages' forms.
    for m in [1, 2, 3, 4] {
        let page = arb.get(&format!("/events/{id}/knockout/matches/{m}"));
        let version = crate::support::html::attrs(&page.body, "#result input[name=v]", "value")
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("match {m} has a game due: {}", page.body));
        let r = arb.form(
            &format!("/events/{id}/knockout/matches/{m}/games/1"),
            &[("v", &version), ("result", "1-0")],
        );
        assert_eq!(r.status, 303, "match {m}: {}", r.body);
    }
    let r = org.form(&format!("/events/{id}/prizes/template"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut club = w.login("club");
    let list = create_list(&mut club, "荃灣象棋會等級分", &[]);
    let r = org.form(
        &format!("/events/{id}/push-rating"),
        &[("list", &list.to_string()), ("start_from_event", "on")],
    );
    assert_eq!(r.status, 303, "{}", r.body);

    let pages: Vec<(&str, String)> = vec![
        ("event", format!("/events/{id}")),
        ("players", format!("/events/{id}/players")),
        ("round", format!("/events/{id}/rounds/2")),
        ("standings", format!("/events/{id}/standings")),
        ("crosstable", format!("/events/{id}/crosstable")),
        ("player-card", format!("/events/{id}/players/2")),
        ("withdrawn-card", format!("/events/{id}/players/10")),
        ("knockout", format!("/events/{id}/knockout")),
        ("match", format!("/events/{id}/knockout/matches/3")),
        ("ranking", format!("/events/{id}/ranking")),
        ("prizes", format!("/events/{id}/prizes")),
        ("payout", format!("/events/{id}/payout")),
        ("deals", format!("/events/{id}/deals")),
        ("rating-list", format!("/ratings/{list}")),
    ];
    let b = Browser::start(&chromium, &chromedriver);
    let base = w.server.base.clone();
    b.sign_in(&base, "arb", PASSWORD);
    let mut shots = 0;
    for lang in ["zh-Hant", "zh-Hans", "en"] {
        b.goto(&format!("{base}/lang/{lang}?back=/"));
        for width in [390, 1280] {
            b.session(
                "POST",
                "/window/rect",
                Some(json!({"width": width, "height": 900})),
            )
            .unwrap_or_else(|e| panic!("window size: {e}"));
            for (name, path) in &pages {
                b.goto(&format!("{base}{path}"));
                let png = b.screenshot();
                assert!(png.starts_with(b"\x89PNG"), "{name}: a PNG");
                let file = format!("{dir}/{lang}-{width}-{name}.png");
                std::fs::write(&file, png).unwrap_or_else(|e| panic!("{file}: {e}"));
                shots += 1;
            }
        }
    }
    assert_eq!(shots, 84);
}
