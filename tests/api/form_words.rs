//! Form and reader errors in the reader's language: every kind of bad event-settings
//! field, on the new-event and settings forms in 繁體中文, names the field and says what is wrong in
//! Chinese; the JSON API words the same errors in English.

use crate::support::{Client, World, create_event, html};

fn zh_hant(c: &mut Client) {
    c.accept_language = Some("zh-Hant".into());
    c.cookies.insert("anqi_lang".into(), "zh-Hant".into());
}

/// The error list of a refused form.
fn errors(body: &str) -> Vec<String> {
    html::texts(body, "div.error li")
}

fn has(errors: &[String], field_label: &str, words: &str) {
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&format!("{field_label}:")) && e.contains(words)),
        "no “{field_label}: …{words}…” in {errors:?}"
    );
}

#[test]
fn every_kind_of_bad_event_field_is_named_and_worded_in_chinese() {
    let w = World::new("form-words");
    let mut org = w.login("org");
    zh_hant(&mut org);
    let r = org.form(
        "/events",
        &[
            ("name", "  "),
            ("venue", "荃灣\u{202E}"),
            ("start_date", "2011-13-01"),
            ("variant", "go"),
            ("swiss_rounds", "六"),
            ("knockout_size", "6"),
            ("best_of", "4"),
            ("points_win", "1"),
            ("points_draw", "1"),
            ("move_limit", "5"),
            ("tie_breaks", "BH,XYZ"),
        ],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let e = errors(&r.body);
    has(&e, "名稱", "名稱須為 1–120 個字元");
    has(&e, "地點", "不允許字元 U+202E");
    has(&e, "開始日期", "「2011-13-01」不是日期");
    has(&e, "棋種", "「go」不是揭棋、象棋或暗棋");
    has(&e, "積分編排輪數", "「六」不是整數");
    has(&e, "淘汰賽人數", "6 須為 0、4、8 或 16");
    has(&e, "每場局數", "4 須為 1、3、5 或 7");
    has(&e, "勝", "勝的分數須多於和");
    has(&e, "限著（無吃子半回合數）", "5 不在 20–1000 之間");
    has(&e, "小分（依次）", "「XYZ」不是小分代碼");
    assert!(
        e.iter().all(|l| !l.contains(" is ") && !l.contains("must")),
        "English in {e:?}"
    );
    // What was typed stays in the form.
    assert!(html::attrs(&r.body, "input[name=best_of]", "value").contains(&"4".to_string()));

    // The settings form words its errors the same way.
    let id = create_event(&mut org, "2011 中弈杯", "jieqi");
    let r = org.form(
        &format!("/events/{id}/settings"),
        &[
            ("name", "2011 中弈杯"),
            ("start_date", "2011-05-02"),
            ("end_date", "2011-05-01"),
            ("variant", "jieqi"),
            ("tie_breaks", "BH,SB,BH"),
        ],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let e = errors(&r.body);
    has(&e, "結束日期", "結束日期早於開始日期");
    has(&e, "小分（依次）", "「BH」重複列出");

    // The JSON API says the same in English, naming the field.
    let mut api = crate::json_api::api_client(&w, "org");
    let r = api.json(
        "POST",
        "/api/events",
        &serde_json::json!({"name": "Open", "variant": "jieqi", "best_of": 4}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("best_of: 4 must be 1, 3, 5 or 7"),
        "{}",
        r.body
    );
}

/// A record whose start cannot be set up is refused in Chinese: its tag names another game, its
/// FEN is broken, its Deal tag is not a deal.
#[test]
fn an_unreadable_record_is_refused_in_the_readers_language() {
    let w = World::new("form-words-record");
    let id = crate::deals::setup(&w, "xiangqi", 2);
    let mut arb = w.login("arb");
    crate::deals::pair_and_publish(&mut arb, id, 1);
    zh_hant(&mut arb);
    let submit = |arb: &mut Client, record: &str| {
        let r = arb.form(
            &format!("/events/{id}/rounds/1/boards/1/record"),
            &[("game", "1"), ("record", record)],
        );
        assert_eq!(r.status, 400, "{}", r.body);
        html::text(&r.body, "#record-error").unwrap_or_default()
    };
    for (record, words) in [
        (
            "[Variant \"banqi\"]\n\n1. h2e2 *\n",
            "此記錄是暗棋，但本賽事下的是象棋",
        ),
        ("[Variant \"go\"]\n\n1. h2e2 *\n", "不明的棋種標籤「go」"),
        (
            "[FEN \"rnbakabnr/9 w - - 0 1\"]\n\n1. h2e2 *\n",
            "FEN 的棋盤欄有誤",
        ),
        (
            "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1\"]\n\n1. h2e2 *\n",
            "FEN 的行棋方欄「x」有誤",
        ),
    ] {
        let shown = submit(&mut arb, record);
        assert!(shown.contains(words), "{record:?}: {shown}");
        assert!(
            !shown.contains("FEN board") && !shown.contains(" is "),
            "English in {shown}"
        );
    }
}

/// A broken backup is refused naming the table, row and column, with what is wrong in Chinese.
#[test]
fn a_bad_backup_is_refused_in_the_readers_language() {
    let w = World::new("form-words-import");
    let mut org = w.login("org");
    let id = create_event(&mut org, "備份賽", "jieqi");
    let backup = org.get(&format!("/events/{id}/export.json")).body;
    zh_hant(&mut org);
    let refused = |org: &mut Client, text: &str| {
        let r = org.form("/events/import", &[("backup", text)]);
        assert_eq!(r.status, 400, "{}", r.body);
        html::text(&r.body, "main").unwrap_or_default()
    };
    let shown = refused(&mut org, "{\"format\": ");
    assert!(shown.contains("備份不是 JSON（第 1 行"), "{shown}");
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&backup).unwrap();
        f(&mut v);
        v.to_string()
    };
    for (text, words) in [
        (
            edit(&|v| v["tables"]["events"][0]["start_date"] = "2011-02-30".into()),
            "events 第 1 行，start_date：「2011-02-30」不是日期",
        ),
        (
            edit(&|v| v["tables"]["events"][0]["best_of"] = 4.into()),
            "events 第 1 行，best_of：4 須為 1、3、5 或 7",
        ),
        (
            edit(&|v| v["tables"]["events"][0]["colour"] = "red".into()),
            "第 1 行：不明欄位「colour」",
        ),
        (
            edit(&|v| v["tables"]["events"][0]["created_at"] = "yesterday".into()),
            "「yesterday」不是時間",
        ),
        (
            edit(&|v| v["tables"]["events"] = serde_json::json!([])),
            "一份備份只能有一項賽事",
        ),
    ] {
        let shown = refused(&mut org, &text);
        assert!(shown.contains(words), "{words}: {shown}");
        assert!(!shown.contains(" is not"), "English in {shown}");
    }
}

/// A Banqi match's games typed wrong on the results form are refused beside the board in the
/// reader's language, the typed text kept as typed (the parser's reason nested in the board's).
#[test]
fn bad_match_games_are_refused_in_the_readers_language() {
    let w = World::new("form-words-match");
    let mut org = w.login("org");
    let id = crate::support::create_event_with(
        &mut org,
        &[
            ("name", "暗棋三局"),
            ("start_date", "2011-05-01"),
            ("variant", "banqi"),
            ("best_of", "3"),
        ],
    );
    let csv = "name,club,rating\n甲一,A,2100\n乙二,B,2000\n丙三,C,1900\n丁四,D,1800\n";
    let r = org.form(&format!("/events/{id}/players/import"), &[("csv", csv)]);
    assert_eq!(r.status, 303, "{}", r.body);
    crate::deals::pair_and_publish(&mut org, id, 1);
    let page = org.get(&format!("/events/{id}/rounds/1"));
    let v = crate::swiss::versions(&page.body);
    let (b1, v1) = (v[0].0.to_string(), v[0].1.to_string());
    let (b2, v2) = (v[1].0.to_string(), v[1].1.to_string());
    let (r1, n1, r2, n2) = (
        format!("r{b1}"),
        format!("v{b1}"),
        format!("r{b2}"),
        format!("v{b2}"),
    );
    for (lang, mark, count) in [
        (
            "zh-Hant",
            "「x」不是一局的結果（1、0、= 或 ½）",
            "「10」有 2 局；本賽事每場比賽 3 局",
        ),
        (
            "zh-Hans",
            "“x”不是一局的结果（1、0、= 或 ½）",
            "“10”有 2 局；本赛事每场比赛 3 局",
        ),
    ] {
        org.accept_language = Some(lang.into());
        org.cookies.insert("anqi_lang".into(), lang.into());
        let r = org.form(
            &format!("/events/{id}/rounds/1/results"),
            &[
                (r1.as_str(), "1x0"),
                (n1.as_str(), v1.as_str()),
                (r2.as_str(), "10"),
                (n2.as_str(), v2.as_str()),
            ],
        );
        assert_eq!(r.status, 400, "{}", r.body);
        let first = html::text(&r.body, &format!("#refused-{b1}")).expect("board 1's reason");
        let second = html::text(&r.body, &format!("#refused-{b2}")).expect("board 2's reason");
        assert!(first.contains(mark), "{lang}: {first}");
        assert!(second.contains(count), "{lang}: {second}");
        for why in [&first, &second] {
            assert!(
                !why.contains("game result") && !why.contains("games;"),
                "English in {why}"
            );
        }
    }
}
