//! CSV files in and out over HTTP: every download starts with the UTF-8 byte-order mark (so Excel on a
//! Chinese Windows reads it as UTF-8), and every reader takes a file with one.

use serde_json::json;

use crate::json_api::{api_client, api_event, api_players};
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
    let id = api_event(&mut api, body);
    let players: Vec<_> = ["謝家樂", "陳大文", "李四", "張三"]
        .iter()
        .map(|n| json!({"name": n, "club": "香港象棋總會"}))
        .collect();
    api_players(&mut api, id, &players);
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

/// A file's bytes as the page's script sends a file that is not UTF-8: base64.
fn as_sent(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Text in an encoding (every character must have a code in it).
fn encoded(encoding: &'static encoding_rs::Encoding, text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{text} in {}", encoding.name());
    bytes.into_owned()
}

/// The players page's table: (name, club, rating) of each registered player.
fn registered(client: &mut Client, id: i64) -> Vec<(String, String, String)> {
    let page = client.get(&format!("/events/{id}/players"));
    html::rows(&page.body, "#players tbody tr")
        .into_iter()
        .map(|cells| (cells[1].clone(), cells[2].clone(), cells[3].clone()))
        .collect()
}

const HK_PLAYERS: &str =
    "name,club,rating\n謝家樂,香港象棋總會,2251\n陳大文,九龍棋會,1980\n黃志強,荃灣象棋會,\n";
const CN_PLAYERS: &str =
    "name,club,rating\n谢家乐,广东象棋队,2251\n陈大文,上海象棋协会,1980\n黄志强,北京棋院,\n";

/// A Big5 file (Excel's "CSV" on a Traditional-Chinese Windows) and a GB18030 one (a Simplified-Chinese
/// Windows) are read on the server, shown with the encoding and their players for checking, nothing
/// imported; the text shown, sent again, imports the right names.
#[test]
fn big5_and_gb18030_players_files_are_read_shown_and_imported() {
    let w = World::new("csv-players-encodings");
    let mut org = w.login("org");
    for (encoding, name, text) in [
        (encoding_rs::BIG5, "Big5", HK_PLAYERS),
        (encoding_rs::GB18030, "GB18030", CN_PLAYERS),
    ] {
        let id = create_event(&mut org, &format!("{name} 盃"), "xiangqi");
        let file = as_sent(&encoded(encoding, text));
        let r = org.form(
            &format!("/events/{id}/players/import"),
            &[("csv", ""), ("file", &file)],
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let notice = html::text(&r.body, "#file-read").expect("the file's notice");
        assert!(notice.contains(name), "{notice}");
        let shown: Vec<Vec<String>> = html::rows(&r.body, "#file-players tbody tr");
        let expected: Vec<Vec<String>> = text
            .lines()
            .skip(1)
            .map(|l| l.split(',').map(str::to_string).collect())
            .collect();
        assert_eq!(shown, expected, "the players as read");
        assert!(registered(&mut org, id).is_empty(), "nothing imported yet");
        // The box holds the text read; sent again, it is imported.
        let again = html::inner(&r.body, "textarea#csv").expect("the text read");
        assert_eq!(again.trim(), text.trim());
        let r = org.form(&format!("/events/{id}/players/import"), &[("csv", &again)]);
        assert_eq!(r.status, 303, "{}", r.body);
        let players = registered(&mut org, id);
        let mut names: Vec<&str> = players.iter().map(|p| p.0.as_str()).collect();
        names.sort_unstable();
        let mut wanted: Vec<&str> = expected.iter().map(|r| r[0].as_str()).collect();
        wanted.sort_unstable();
        assert_eq!(names, wanted);
        assert!(
            players
                .iter()
                .any(|p| p.1 == expected[0][1] && p.2 == "2251")
        );
    }
}

/// A file in neither Chinese encoding, one that cannot be told apart, and text already read in a
/// wrong encoding (the mojibake of a Big5 file read as UTF-8) are refused, naming the encodings.
#[test]
fn players_files_that_are_not_big5_or_gb18030_are_refused_naming_the_encodings() {
    let w = World::new("csv-players-refused");
    let mut org = w.login("org");
    let id = create_event(&mut org, "盃", "xiangqi");
    let latin = encoded(encoding_rs::WINDOWS_1252, "name,club\nMüller,Café Échecs\n");
    let r = org.form(
        &format!("/events/{id}/players/import"),
        &[("csv", ""), ("file", &as_sent(&latin))],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "[role=alert]").expect("the refusal");
    for words in ["line 2", "UTF-8", "Big5", "GB18030"] {
        assert!(error.contains(words), "{words}: {error}");
    }
    let one = encoded(encoding_rs::BIG5, "name\n陳\n");
    let r = org.form(
        &format!("/events/{id}/players/import"),
        &[("csv", ""), ("file", &as_sent(&one))],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "[role=alert]").expect("the refusal");
    assert!(error.contains("Big5 and in GB18030 alike"), "{error}");
    // What a browser made of the Big5 file when it read it as UTF-8.
    let mojibake = String::from_utf8_lossy(&encoded(encoding_rs::BIG5, HK_PLAYERS)).into_owned();
    let r = org.form(
        &format!("/events/{id}/players/import"),
        &[("csv", &mojibake)],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "[role=alert]").expect("the refusal");
    assert!(
        error.contains("line 2") && error.contains("wrong encoding"),
        "{error}"
    );
    assert!(registered(&mut org, id).is_empty(), "nothing imported");
}

/// The games file and the starting list of a rating list, in Big5 and in GB18030: read, shown with
/// the encoding and the names, then added with the right names; a file of neither is refused.
#[test]
fn big5_and_gb18030_rating_files_are_read_shown_and_added() {
    let w = World::new("csv-ratings-encodings");
    let mut club = w.login("club");
    let list = create_list(&mut club, "九龍棋會", &[]);
    let games = "date,red,black,result\n2026-03-01,謝家樂,陳大文,1-0\n2026-03-02,陳大文,黃志強,1/2-1/2\n2026-03-03,黃志強,謝家樂,0-1\n";
    let file = as_sent(&encoded(encoding_rs::BIG5, games));
    let r = club.form(
        &format!("/ratings/{list}/upload"),
        &[("csv", ""), ("file", &file), ("label", "三月.csv")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let notice = html::text(&r.body, "#upload-file-read").expect("the file's notice");
    assert!(
        notice.contains("Big5") && notice.contains("3 games among 3 players"),
        "{notice}"
    );
    assert_eq!(
        html::texts(&r.body, "#upload-file-read li"),
        ["謝家樂", "陳大文", "黃志強"]
    );
    assert_eq!(
        crate::ratings::list_csv(&mut club, list),
        "player,points,level,games\n"
    );
    let text = html::inner(&r.body, "textarea#csv").expect("the text read");
    let r = club.form(
        &format!("/ratings/{list}/upload"),
        &[("csv", &text), ("label", "三月.csv")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let standings = crate::ratings::list_csv(&mut club, list);
    for name in ["謝家樂", "陳大文", "黃志強"] {
        assert!(
            standings.contains(&format!("\n{name},")),
            "{name}: {standings}"
        );
    }

    let start = "player,points,games\n谢家乐,1620.50,25\n陈大文,1480,3\n";
    let file = as_sent(&encoded(encoding_rs::GB18030, start));
    let r = club.form(
        &format!("/ratings/{list}/start"),
        &[("csv", ""), ("file", &file)],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let notice = html::text(&r.body, "#start-file-read").expect("the file's notice");
    assert!(
        notice.contains("GB18030") && notice.contains("2 players"),
        "{notice}"
    );
    assert_eq!(
        html::texts(&r.body, "#start-file-read li"),
        ["谢家乐", "陈大文"]
    );
    let text = html::inner(&r.body, "textarea#start-csv").expect("the text read");
    let r = club.form(&format!("/ratings/{list}/start"), &[("csv", &text)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let standings = crate::ratings::list_csv(&mut club, list);
    assert!(standings.contains("\n谢家乐,1620.50,"), "{standings}");

    let japanese = encoded(
        encoding_rs::SHIFT_JIS,
        "date,red,black,result\n2026-03-01,山田太郎,佐藤花子,1-0\n",
    );
    let r = club.form(
        &format!("/ratings/{list}/upload"),
        &[
            ("csv", ""),
            ("file", &as_sent(&japanese)),
            ("label", "x.csv"),
        ],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "#upload-error").expect("the refusal");
    for words in ["line 2", "UTF-8", "Big5", "GB18030"] {
        assert!(error.contains(words), "{words}: {error}");
    }
}

/// A row typed with full-width commas 「，」 where its fields run short is read with them as
/// separators (players and rating files); a row that would then have too many fields is refused,
/// naming its line and the 「，」.
#[test]
fn fullwidth_commas_in_a_short_row_separate_its_fields() {
    let w = World::new("csv-fullwidth");
    let mut org = w.login("org");
    let id = create_event(&mut org, "盃", "xiangqi");
    let csv = "name,club,rating\n謝家樂，香港象棋總會,2251\n陳大文，九龍棋會，1980\n李四,香港，九龍,1500\n";
    import_players(&mut org, id, csv);
    let mut players = registered(&mut org, id);
    players.sort();
    assert_eq!(
        players,
        [
            ("李四".into(), "香港，九龍".into(), "1500".into()),
            ("謝家樂".into(), "香港象棋總會".into(), "2251".into()),
            ("陳大文".into(), "九龍棋會".into(), "1980".into()),
        ]
    );
    let id = create_event(&mut org, "盃二", "xiangqi");
    let r = org.form(
        &format!("/events/{id}/players/import"),
        &[(
            "csv",
            "name,club,rating\n甲,A,1\n謝家樂，香港，九龍，2251\n",
        )],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "[role=alert]").expect("the refusal");
    assert!(
        error.contains("line 3") && error.contains("“，”"),
        "{error}"
    );

    let mut club = w.login("club");
    let list = create_list(&mut club, "九龍棋會", &[]);
    let games =
        "date,red,black,result\n2026-03-01,謝家樂，陳大文,1-0\n2026-03-02，陳大文，李四，1/2-1/2\n";
    let r = upload(&mut club, list, games);
    assert_eq!(r.status, 303, "{}", r.body);
    let standings = crate::ratings::list_csv(&mut club, list);
    assert_eq!(
        standings,
        "player,points,level,games\n謝家樂,1510.00,,1\n陳大文,1495.50,,2\n李四,1494.50,,1\n"
    );
    let r = upload(
        &mut club,
        list,
        "date,red,black,result\n2026-03-04,甲，乙，丙,1-0\n",
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "#upload-error").expect("the refusal");
    assert!(
        error.contains("line 2") && error.contains("“，”"),
        "{error}"
    );
}

/// A name holding a bidirectional mark (U+061C, the Arabic letter mark, which makes a name display
/// as another) is refused as the forms refuse it, naming the line and the character; nothing is
/// imported.
#[test]
fn an_imported_name_holding_an_arabic_letter_mark_is_refused_naming_the_line() {
    let w = World::new("csv-players-bidi");
    let mut org = w.login("org");
    let id = create_event(&mut org, "盃", "xiangqi");
    let r = org.form(
        &format!("/events/{id}/players/import"),
        &[("csv", "name,club\n陳,A\n李\u{061C}四,B\n")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let error = html::text(&r.body, "[role=alert]").expect("the refusal");
    assert!(
        error.contains("line 3") && error.contains("U+061C"),
        "{error}"
    );
    assert!(registered(&mut org, id).is_empty(), "nothing imported");
}
