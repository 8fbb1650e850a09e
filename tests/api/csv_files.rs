//! CSV files in and out over HTTP: every download starts with the UTF-8 byte-order mark (so Excel on a
//! Chinese Windows reads it as UTF-8), and every reader takes a file with one.

use serde_json::json;

use crate::json_api::api_client;
use crate::ratings::{create_list, upload};
use crate::support::*;

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The text of a CSV download after its byte-order mark, which it must start with.
pub fn after_bom(r: &Resp) -> String {
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.content_type.starts_with("text/csv"), "{}", r.content_type);
    assert!(
        r.bytes.starts_with(BOM),
        "no byte-order mark: {:?}",
        String::from_utf8_lossy(&r.bytes[..r.bytes.len().min(40)])
    );
    String::from_utf8(r.bytes[BOM.len()..].to_vec()).expect("UTF-8 after the mark")
}

/// A finished one-round xiangqi event of four Chinese names with a prize table: its id.
fn finished_event(w: &World) -> i64 {
    let mut api = api_client(w, "org");
    let body = json!({"name": "荃灣盃", "variant": "xiangqi", "rounds": 1, "knockout_size": 0});
    let id = api.json("POST", "/api/events", &body).json()["id"]
        .as_i64()
        .expect("event id");
    let players: Vec<_> = ["謝家樂", "陳大文", "李四", "張三"]
        .iter()
        .map(|n| json!({"name": n, "club": "香港象棋總會"}))
        .collect();
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/players"),
        &json!(players),
    );
    assert!(r.status < 300, "{}", r.body);
    let round = api.json(
        "POST",
        &format!("/api/events/{id}/rounds"),
        &json!({"lot": "red"}),
    );
    for b in round.json()["boards"].as_array().expect("boards") {
        let r = api.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{}/result", b["board"]),
            &json!({"result": "1-0"}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let prizes = json!({"currency": "HKD", "rows": [{"from": 1, "to": 2, "amount": 500}]});
    let r = api.json("PUT", &format!("/api/events/{id}/prizes"), &prizes);
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

#[test]
fn the_standings_download_starts_with_a_byte_order_mark() {
    let w = World::new("bom-standings");
    let id = finished_event(&w);
    let text = after_bom(
        &w.server
            .client()
            .get(&format!("/events/{id}/standings.csv")),
    );
    assert!(text.starts_with("rank,start,name,club,points"), "{text}");
    assert!(text.contains("謝家樂") || text.contains("陳大文"), "{text}");
}

#[test]
fn the_crosstable_download_starts_with_a_byte_order_mark() {
    let w = World::new("bom-crosstable");
    let id = finished_event(&w);
    let text = after_bom(
        &w.server
            .client()
            .get(&format!("/events/{id}/crosstable.csv")),
    );
    assert!(text.starts_with("rank,start,name,r1,points"), "{text}");
}

#[test]
fn the_payout_download_starts_with_a_byte_order_mark() {
    let w = World::new("bom-payout");
    let id = finished_event(&w);
    let text = after_bom(&w.server.client().get(&format!("/events/{id}/payout.csv")));
    assert!(
        text.starts_with("place,start,name,prize,currency,award,signature"),
        "{text}"
    );
    assert!(text.contains(",500,HKD,"), "{text}");
}

/// The rating list's standings and a player's history start with the mark, and read back with it:
/// as a starting list of another list (the web's reader) and by `anqi rate --players`.
#[test]
fn rating_downloads_start_with_a_byte_order_mark_and_read_back() {
    let w = World::new("bom-ratings");
    let mut club = w.login("club");
    let list = create_list(&mut club, "九龍棋會", &[]);
    let games =
        "date,red,black,result\n2026-03-01,謝家樂,陳大文,1-0\n2026-03-02,陳大文,李四,1/2-1/2\n";
    assert_eq!(upload(&mut club, list, games).status, 303);

    let standings = club.get(&format!("/ratings/{list}/standings.csv"));
    let text = after_bom(&standings);
    assert!(text.starts_with("player,points,level,games\n"), "{text}");
    let page = club.get(&format!("/ratings/{list}"));
    let xie = crate::ratings::player_id(&page.body, list, "謝家樂");
    let history = club.get(&format!("/ratings/{list}/players/{xie}/history.csv"));
    let text = after_bom(&history);
    assert!(
        text.starts_with("date,color,opponent,result,change,points\n2026-03-01,red,陳大文,W,"),
        "{text}"
    );

    // The download, mark and all, is a starting list for another list.
    let other = create_list(&mut club, "新界棋會", &[]);
    let with_bom = String::from_utf8(standings.bytes.clone()).expect("UTF-8");
    let r = club.form(&format!("/ratings/{other}/start"), &[("csv", &with_bom)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = club.get(&format!("/ratings/{other}"));
    for name in ["謝家樂", "陳大文", "李四"] {
        assert!(page.body.contains(name), "{name} in the new list");
    }
    // And `anqi rate` takes it as its starting list.
    let start = w.dir.0.join("start.csv");
    std::fs::write(&start, &standings.bytes).expect("write");
    let games_file = w.dir.0.join("games.csv");
    std::fs::write(
        &games_file,
        "date,red,black,result\n2026-04-01,李四,謝家樂,0-1\n",
    )
    .expect("write");
    let out = std::process::Command::new(anqi_bin())
        .arg("rate")
        .arg(&games_file)
        .arg("--players")
        .arg(&start)
        .output()
        .expect("run anqi rate");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rated = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(rated.contains("謝家樂,"), "{rated}");
}
