//! Start numbers that never move: the starting list follows the initial order while it is
//! open, is fixed by "confirm the starting list" (or the first pairing), is re-opened with a warning
//! by a rating change or a deletion before round 1, and is printable; a late entry gets the next
//! free start number and is paired where the handling rules rank it, and the exported TRF — that
//! event's and the seed event's — passes the pairings checker (`anqi pair --dutch FILE -c`).

use std::collections::HashSet;
use std::process::Command;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::json;

use crate::json_api::{api_client, api_event, api_players};
use crate::support::*;

/// (start number, name) of each row of the players table, in page order.
fn listed(c: &mut Client, id: i64) -> Vec<(u32, String)> {
    let page = c.get(&format!("/events/{id}/players")).body;
    let doc = scraper::Html::parse_document(&page);
    let row = scraper::Selector::parse("#players tbody tr").unwrap();
    let cell = scraper::Selector::parse("td").unwrap();
    doc.select(&row)
        .map(|tr| {
            let cells: Vec<_> = tr.select(&cell).collect();
            let start = html::text_of(cells[0]).parse().expect("a start number");
            // The name is the cell's own text; a late entry's note follows in <small>.
            let name = cells[1].text().next().unwrap_or("").trim().to_string();
            (start, name)
        })
        .collect()
}

fn names(list: &[(u32, String)]) -> Vec<&str> {
    list.iter().map(|(_, n)| n.as_str()).collect()
}

#[test]
fn the_starting_list_is_confirmed_reopened_by_changes_and_printed() {
    let w = World::new("start-list");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Starting list", "jieqi");
    assert_eq!(
        org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")])
            .status,
        303
    );
    // Registered weakest first; the start numbers follow C.04.2's initial order (rating, name).
    let csv = "name,club,rating\n丁,C,1500\n丙,C,1600\n乙,C,1700\n甲,C,1800\n";
    assert_eq!(
        org.form(&format!("/events/{id}/players/import"), &[("csv", csv)])
            .status,
        303
    );
    let list = listed(&mut org, id);
    assert_eq!(names(&list), ["甲", "乙", "丙", "丁"]);
    assert_eq!(list.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    let page = org.get(&format!("/events/{id}/players")).body;
    assert!(page.contains("id=\"confirm-list\""), "confirm offered");
    assert!(page.contains("provisional"));

    // The printable starting-rank list exists before round 1, public, marked provisional.
    let print = w
        .server
        .client()
        .get(&format!("/events/{id}/players/print"));
    assert_eq!(print.status, 200);
    assert!(print.body.contains("id=\"starting-rank\""));
    assert!(print.body.contains("provisional"));
    let order: Vec<usize> = ["甲", "乙", "丙", "丁"]
        .iter()
        .map(|n| print.body.find(n).expect("listed"))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "by start number");

    // The arbiter confirms the list: fixed, logged; a second confirmation is refused.
    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/players/confirm"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/players")).body;
    assert!(page.contains("The starting list is confirmed"), "{page}");
    assert!(!page.contains("id=\"confirm-list\""));
    assert_eq!(
        arb.form(&format!("/events/{id}/players/confirm"), &[])
            .status,
        409
    );
    let audit = org.get(&format!("/events/{id}/audit")).body;
    assert!(audit.contains("players.confirm_list"), "logged");

    // A registration after the confirmation keeps the next free number (no renumbering), even
    // when stronger, and is marked as a late entry.
    let r = org.form(
        &format!("/events/{id}/players"),
        &[("name", "戊"), ("club", "C"), ("rating", "2000")],
    );
    assert_eq!(r.status, 303);
    let list = listed(&mut org, id);
    assert_eq!(names(&list), ["甲", "乙", "丙", "丁", "戊"]);
    assert_eq!(list[4].0, 5);
    let page = org.get(&format!("/events/{id}/players")).body;
    assert!(page.contains("late entry"));
    assert!(
        page.contains("id=\"reopen-warning\""),
        "the page warns first"
    );

    // A rating change before round 1 re-opens the list, with a warning, and re-sorts it.
    let ding = entry_id(&mut org, id, "丁");
    let r = org.form(
        &format!("/events/{id}/players/{ding}/rating"),
        &[
            ("rating", "1900"),
            ("confirm", "yes"),
            ("reason", "rating list of May"),
        ],
    );
    assert_eq!(r.status, 303);
    assert!(
        r.location
            .as_deref()
            .unwrap()
            .contains("list_reopened_rating")
    );
    let page = org.get(&format!("/events/{id}/players")).body;
    assert!(page.contains("id=\"list-warning\""), "warning shown");
    assert!(page.contains("a rating was changed"));
    assert!(
        page.contains("id=\"confirm-list\""),
        "to be confirmed again"
    );
    assert_eq!(names(&listed(&mut org, id)), ["戊", "丁", "甲", "乙", "丙"]);
    // Bad ratings are refused in the reader's language.
    let r = org.form(
        &format!("/events/{id}/players/{ding}/rating"),
        &[("rating", "abc"), ("confirm", "yes"), ("reason", "typo")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("is not a rating"), "{}", r.body);

    // Confirmed again; a deletion needs its tick box, then re-opens the list as well.
    assert_eq!(
        arb.form(&format!("/events/{id}/players/confirm"), &[])
            .status,
        303
    );
    let yi = entry_id(&mut org, id, "乙");
    let r = org.form(&format!("/events/{id}/players/{yi}/delete"), &[]);
    assert_eq!(r.status, 400, "no confirmation: nothing deleted");
    assert_eq!(listed(&mut org, id).len(), 5);
    let r = org.form(
        &format!("/events/{id}/players/{yi}/delete"),
        &[("confirm", "yes"), ("reason", "entered twice")],
    );
    assert_eq!(r.status, 303);
    let page = org.get(&format!("/events/{id}/players")).body;
    assert!(page.contains("a player was deleted"), "warning shown");
    assert_eq!(names(&listed(&mut org, id)), ["戊", "丁", "甲", "丙"]);
    let audit = org.get(&format!("/events/{id}/audit")).body;
    assert!(audit.contains("player.delete") && audit.contains("player.rating"));
    // Arbiters do not edit the list; strangers do not reach it.
    assert_eq!(
        arb.form(
            &format!("/events/{id}/players/{ding}/rating"),
            &[("rating", "1000"), ("confirm", "yes"), ("reason", "typo")]
        )
        .status,
        403
    );

    // Nobody confirmed this time: the first pairing fixes the list.
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = org.get(&format!("/events/{id}/players")).body;
    assert!(page.contains("fixed by the first pairing"), "{page}");
    assert_eq!(
        arb.form(&format!("/events/{id}/players/confirm"), &[])
            .status,
        409
    );
    let r = org.form(
        &format!("/events/{id}/players/{ding}/delete"),
        &[("confirm", "yes"), ("reason", "entered twice")],
    );
    assert_eq!(r.status, 409, "no deletion after round 1 is paired");
    // After round 1 a rating change moves no start number.
    let before = listed(&mut org, id);
    let r = org.form(
        &format!("/events/{id}/players/{ding}/rating"),
        &[("rating", "1000"), ("confirm", "yes"), ("reason", "typo")],
    );
    assert_eq!(r.status, 303);
    assert!(r.location.as_deref().unwrap().contains("rating_saved"));
    assert_eq!(listed(&mut org, id), before);
}

/// Pairs every round of an API event with random results; `late` registers players (name,
/// rating) before the given round. Returns the exported TRF.
fn play_through_api(
    w: &World,
    id: i64,
    rounds: u32,
    seed: u64,
    late: &[(u32, &str, u32)],
) -> String {
    let mut org = api_client(w, "org");
    let mut arb = api_client(w, "arb");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for round in 1..=rounds {
        for &(at, name, rating) in late.iter().filter(|l| l.0 == round) {
            let r = org.json(
                "POST",
                &format!("/api/events/{id}/players"),
                &json!([{"name": name, "club": "Late", "rating": rating}]),
            );
            assert_eq!(r.status, 201, "late entry before round {at}: {}", r.body);
        }
        let r = arb.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
        assert_eq!(r.status, 201, "round {round}: {}", r.body);
        for b in r.json()["boards"].as_array().unwrap() {
            if b["black"].is_null() {
                continue;
            }
            let result = match rng.next_u32() % 20 {
                0 => "1-0F",
                1..=8 => "1-0",
                9..=14 => "0-1",
                _ => "1/2-1/2",
            };
            let path = format!(
                "/api/events/{id}/rounds/{round}/boards/{}/result",
                b["board"]
            );
            let r = arb.json("PUT", &path, &json!({"result": result}));
            assert_eq!(r.status, 200, "{}", r.body);
        }
    }
    let trf = w
        .server
        .client()
        .get(&format!("/api/events/{id}/export.trf"));
    assert_eq!(trf.status, 200);
    trf.body
}

/// `anqi pair --dutch FILE -c` on `trf`: (exit code, output). With `$ANQI_TRF_EXPORT_DIR` set the
/// file is also kept there as `name`, for `scripts/check-trf-export` to run bbpPairings' checker on.
pub(crate) fn check_with_anqi(dir: &TempDir, name: &str, trf: &str) -> (Option<i32>, String) {
    let path = dir.0.join(name);
    std::fs::write(&path, trf).unwrap();
    if let Some(keep) = std::env::var_os("ANQI_TRF_EXPORT_DIR") {
        let keep = std::path::PathBuf::from(keep);
        std::fs::create_dir_all(&keep).unwrap();
        std::fs::write(keep.join(name), trf).unwrap();
    }
    let out = Command::new(anqi_bin())
        .args(["pair", "--dutch", path.to_str().unwrap(), "-c"])
        .output()
        .unwrap();
    (
        out.status.code(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn a_late_entry_gets_the_next_start_number_is_ranked_by_rating_and_its_trf_checks() {
    let w = World::new("start-late");
    let mut org = api_client(&w, "org");
    let id = api_event(
        &mut org,
        json!({"name": "Late", "variant": "xiangqi", "rounds": 4, "scoring": [2, 1, 0]}),
    );
    let players: Vec<_> = (0..9)
        .map(|i| json!({"name": format!("P{i}"), "club": "C", "rating": 2000 - i * 20}))
        .collect();
    api_players(&mut org, id, &players);
    let mut web = w.login("org");
    let r = web.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
    // Strong late entries before rounds 2 and 3: start numbers 10 and 11, ranked high.
    let trf = play_through_api(
        &w,
        id,
        4,
        15,
        &[(2, "Late strong", 2100), (3, "Late mid", 1950)],
    );
    let list = listed(&mut web, id);
    assert_eq!(list[9], (10, "Late strong".to_string()), "next free number");
    assert_eq!(list[10], (11, "Late mid".to_string()));
    // The TRF keeps the start numbers and gives the pairing order by its lines and XXC rank.
    assert!(
        trf.contains("\nXXC white1 rank\n") || trf.contains("\nXXC black1 rank\n"),
        "{trf}"
    );
    let order: Vec<u32> = trf
        .lines()
        .filter(|l| l.starts_with("001 "))
        .map(|l| l[4..8].trim().parse().unwrap())
        .collect();
    assert_eq!(order, [10, 1, 2, 3, 11, 4, 5, 6, 7, 8, 9]);
    let t = anqi::swiss::trf::read_tournament(&trf).expect("reads back");
    assert_eq!(t.pairing_order(), order);
    let (code, out) = check_with_anqi(&w.dir, "late-entries.trf", &trf);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out.matches(": same").count(), 4, "{out}");
}

/// The seed's event (RULES.md §8: 42 players, 6 Swiss rounds, win 2 draw 1; a half-point bye)
/// run through the app: its exported TRF passes the pairings checker.
#[test]
fn the_seed_events_trf_passes_the_checker() {
    let w = World::new("start-seed");
    // Registered in an order that is not the rating order.
    let mut players: Vec<_> = (0..42)
        .map(|i| json!({"name": format!("棋手{i:02}"), "club": format!("會{}", i % 5), "rating": 1800 + (i * 37) % 400}))
        .collect();
    players.reverse();
    let (id, _) = crate::json_api::seed_event(&w, &players);
    let trf = play_through_api(&w, id, 6, 2011, &[]);
    let (code, out) = check_with_anqi(&w.dir, "seed-event.trf", &trf);
    assert_eq!(code, Some(0), "{out}");
    let same: HashSet<&str> = out.lines().filter(|l| l.ends_with(": same")).collect();
    assert_eq!(same.len(), 6, "{out}");
}
