//! No English on Chinese pages, and the glossary. A whole event is built over HTTP (a Jieqi
//! Swiss stage with sealed deals, results and records, a knockout with a 3rd-place match, prizes, a
//! club rating list), then every page reachable by links from it, and every kind of error page (404,
//! 403, the 409 kinds, form and CSV errors, verdicts), is read in 繁體中文 and 简体中文. Tags,
//! attributes, scripts and the names the users typed are taken out; what is left must hold no Latin
//! word but the formats and codes of `ALLOWED` and notation tokens, no Simplified-only character on a
//! Traditional page (and the other way round), and none of the terms `docs/glossary.md` lists as
//! wrong.

use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

use scraper::{Html, Node};
use serde_json::{Value, json};

use crate::deals::{fields, seal};
use crate::json_api::api_client;
use crate::knockout::{find_match, register};
use crate::support::*;

/// Formats, codes and proper names a Chinese page may show in Latin letters. Nothing else.
const ALLOWED: &[&str] = &[
    // formats and standards
    "ICCS", "WXF", "AXF", "FEN", "TRF", "FIDE", "PGN", "CSV", "JSON", "UTF", "SHA", "HKD", "YYYY",
    "MM", "DD", "ISO", "API", "Big5", "GB18030", // the program that saves CSV files in them
    "Excel", "Windows", // the product and the language switcher
    "Anqi", "English", // tie-break codes (FIDE abbreviations, explained next to them)
    "BH", "SB", "PS", "WIN", "WON", "BWG", "BPG", "DE", "PN", "C1", "M1",
    // PGN tag names, quoted in the upload help
    "Round", "Red", "Black", "Game", "Deal", "Result", "Variant", "Event", "Date",
    // CSV header names, quoted in the upload help (the file's columns are English by format)
    "name", "club", "rating", "category", "date", "red", "black", "result", "player", "points",
    "games", "fide_id", "local_id", "section", "team",
    // keys named as printed on the keyboard (the viewer's and the results form's help)
    "Tab", "Home", "End",
];

/// Simplified-only characters (must not be on a 繁體 page) and their Traditional forms (must not be on
/// a 简体 page), common in this site's words.
const PAIRS: &[(char, char)] = &[
    ('轮', '輪'),
    ('记', '記'),
    ('录', '錄'),
    ('车', '車'),
    ('马', '馬'),
    ('帅', '帥'),
    ('将', '將'),
    ('进', '進'),
    ('们', '們'),
    ('这', '這'),
    ('对', '對'),
    ('赛', '賽'),
    ('场', '場'),
    ('组', '組'),
    ('说', '說'),
    ('请', '請'),
    ('时', '時'),
    ('间', '間'),
    ('门', '門'),
    ('问', '問'),
    ('开', '開'),
    ('关', '關'),
    ('负', '負'),
    ('胜', '勝'),
    ('结', '結'),
    ('页', '頁'),
    ('设', '設'),
    ('选', '選'),
    ('确', '確'),
    ('认', '認'),
    ('输', '輸'),
    ('编', '編'),
    ('线', '線'),
    ('单', '單'),
    ('数', '數'),
    ('当', '當'),
    ('应', '應'),
    ('为', '為'),
    ('会', '會'),
    ('无', '無'),
    ('过', '過'),
    ('还', '還'),
    ('从', '從'),
    ('个', '個'),
    ('来', '來'),
    ('带', '帶'),
    ('号', '號'),
    ('队', '隊'),
    ('级', '級'),
    ('战', '戰'),
    ('谱', '譜'),
    ('规', '規'),
    ('则', '則'),
    ('权', '權'),
    ('弃', '棄'),
    ('状', '狀'),
    ('态', '態'),
    ('册', '冊'),
    ('击', '擊'),
    ('务', '務'),
];

/// What the users typed (names of accounts, players, clubs, the event, the list, prizes): taken out
/// of the text before it is scanned.
const TYPED: &[&str] = &[
    "admin",
    "org2",
    "org",
    "arb2",
    "arb",
    "player",
    "club",
    "中弈杯",
    "荃灣",
    "棋手",
    "九龍棋會",
    "最佳少年",
    "junior",
    "Club0",
    "Club1",
    "Club2",
    "cli",
    "二月.csv",
];

/// The text a reader sees on a page: text nodes and the `title`, `placeholder`, `aria-label` and
/// button `value` attributes, outside `<script>` and `<style>`.
fn visible_text(body: &str) -> String {
    let doc = Html::parse_document(body);
    let mut out = String::new();
    for node in doc.tree.nodes() {
        match node.value() {
            Node::Text(t) => {
                // The audit log's details are read too: worded in the reader's language.
                let hidden = node.ancestors().any(|a| {
                    a.value()
                        .as_element()
                        .is_some_and(|e| matches!(e.name(), "script" | "style" | "code" | "pre"))
                });
                if !hidden {
                    out.push_str(t);
                    out.push(' ');
                }
            }
            Node::Element(e) => {
                for attr in ["title", "placeholder", "aria-label"] {
                    if let Some(v) = e.attr(attr) {
                        out.push_str(v);
                        out.push(' ');
                    }
                }
                if e.name() == "input"
                    && matches!(e.attr("type"), Some("submit" | "button"))
                    && let Some(v) = e.attr("value")
                {
                    out.push_str(v);
                    out.push(' ');
                }
            }
            _ => {}
        }
    }
    // Chinese names are taken out as they stand; Latin ones only as whole tokens (`english_words`),
    // so an English word that happens to contain one is still found.
    let mut text = out;
    for typed in TYPED.iter().filter(|t| !t.is_ascii()) {
        text = text.replace(typed, " ");
    }
    text
}

/// A token that is move notation, a position or a deal, a digest or a date: not words.
fn is_notation(token: &str) -> bool {
    let b = token.as_bytes();
    // ICCS: h2e2, e3e4C, b2b9Rn
    let iccs = b.len() >= 4
        && (b'a'..=b'i').contains(&b[0])
        && b[1].is_ascii_digit()
        && (b'a'..=b'i').contains(&b[2])
        && b[3].is_ascii_digit()
        && b[4..].iter().all(u8::is_ascii_alphabetic)
        && b.len() <= 6;
    // A square (b2, e9) or a Banqi square move.
    let square = b.len() == 2 && (b'a'..=b'i').contains(&b[0]) && b[1].is_ascii_digit();
    // WXF: H2, C2, R1 … (the letter and a file digit; the rest is punctuation)
    let wxf = b.len() == 2 && b"KAEHRCPGS".contains(&b[0]) && b[1].is_ascii_digit();
    // Deal strings and FEN ranks: piece letters only, long
    let pieces = b.len() >= 9 && b.iter().all(|c| b"rnbakcpxRNBAKCPX0123456789".contains(c));
    // hex digests and seeds
    let hex = b.len() >= 16 && b.iter().all(u8::is_ascii_hexdigit);
    // an ISO time's T and Z, a result letter of the crosstable (12r 1) etc. are single letters
    iccs || square || wxf || pieces || hex
}

/// The Latin words of a text that are neither allowed nor notation.
fn english_words(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for token in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if token.is_empty() || !token.chars().any(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let letters = token.chars().filter(char::is_ascii_alphabetic).count();
        if letters < 2 || ALLOWED.contains(&token) || TYPED.contains(&token) || is_notation(token) {
            continue;
        }
        // ISO times: 2026-12-02T05 … and durations like 10s
        if token.starts_with('T') && token[1..].chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        out.insert(token.to_string());
    }
    out
}

/// The terms the glossary lists as wrong, for one language (`docs/glossary.md`, the "Never" column).
fn wrong_terms(lang: &str) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/glossary.md"))
        .expect("docs/glossary.md");
    let mut header: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let cells: Vec<String> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect();
        if !line.trim_start().starts_with('|') {
            header.clear();
            continue;
        }
        if header.is_empty() {
            header = cells;
            continue;
        }
        if cells
            .iter()
            .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
        {
            continue;
        }
        let col = |name: &str| header.iter().position(|h| h == name);
        if let Some(never) = col(&format!("never ({lang})")) {
            for term in cells
                .get(never)
                .map(String::as_str)
                .unwrap_or("")
                .split(['、', ','])
            {
                let term = term.trim().trim_matches('`');
                if !term.is_empty() && term != "–" {
                    out.push(term.to_string());
                }
            }
        }
    }
    out
}

/// What is wrong with one page in one language, if anything.
fn problems(lang: &str, body: &str) -> Vec<String> {
    let text = visible_text(body);
    let mut out = Vec::new();
    let words = english_words(&text);
    if !words.is_empty() {
        out.push(format!("English: {words:?}"));
    }
    let wrong_script: BTreeSet<char> = text
        .chars()
        .filter(|c| {
            PAIRS.iter().any(|(simplified, traditional)| {
                if lang == "zh-Hant" {
                    c == simplified
                } else {
                    c == traditional
                }
            })
        })
        .collect();
    if !wrong_script.is_empty() {
        out.push(format!("other script: {wrong_script:?}"));
    }
    for term in wrong_terms(lang) {
        if text.contains(&term) {
            out.push(format!("glossary: {term}"));
        }
    }
    out
}

/// Every HTML page reachable by links from `starts`, within the paths `within`, as `client` sees it.
fn crawl(client: &mut Client, starts: &[String], within: &[String]) -> Vec<(String, Resp)> {
    let mut queue: VecDeque<String> = starts.iter().cloned().collect();
    let mut seen: HashSet<String> = queue.iter().cloned().collect();
    let mut pages = Vec::new();
    while let Some(path) = queue.pop_front() {
        let r = client.get(&path);
        if !r.content_type.starts_with("text/html") {
            continue;
        }
        for href in html::attrs(&r.body, "a[href]", "href") {
            let href = href.split('#').next().unwrap_or("").to_string();
            let skip = href.is_empty()
                || !href.starts_with('/')
                || href.starts_with("/lang/")
                || href.starts_with("/static/")
                || !within.iter().any(|w| href.starts_with(w.as_str()))
                || [".csv", ".json", ".txt", ".pgn", ".trf"]
                    .iter()
                    .any(|ext| href.split('?').next().unwrap_or("").ends_with(ext));
            if !skip && seen.len() < 400 && seen.insert(href.clone()) {
                queue.push_back(href);
            }
        }
        pages.push((path, r));
    }
    pages
}

/// The same client in another language (the cookie the switcher sets).
fn speak(client: &mut Client, lang: &str) {
    client.cookies.insert("anqi_lang".into(), lang.into());
}

/// A Jieqi event of 8 players, 3 Swiss rounds on sealed deals (round 1 with a record, an illegal
/// record and one contradicting the deal), a knockout of 4 with a 3rd-place match played out, a prize
/// table with a special prize, and a club rating list with games. Returns the event and list ids.
fn build(w: &World) -> (i64, i64) {
    let mut org = w.login("org");
    let id = crate::knockout::event_with(&mut org, "3", "4", "1");
    register(&mut org, id, 8);
    let mut arb = w.login("arb");
    let mut deal_of_round = BTreeMap::new();
    for n in 1..=3 {
        let deal_id = seal(&mut arb, id, n, "1");
        deal_of_round.insert(n, deal_id);
        let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
        assert_eq!(r.status, 303, "pair round {n}: {}", r.body);
        let r = arb.form(&format!("/events/{id}/rounds/{n}/publish"), &[]);
        assert_eq!(r.status, 303);
        if n == 1 {
            let deal = fields(&mut arb, id, deal_of_round[&1])["deal"].clone();
            let actual = deal.chars().nth(21).unwrap();
            let wrong = ['R', 'N', 'B', 'A', 'C', 'P']
                .into_iter()
                .find(|c| *c != actual)
                .unwrap();
            for (board, record) in [
                (1, crate::deals::jieqi_record(&deal, 12, None)),
                (2, format!("[Variant \"jieqi\"]\n\n1. h2e2{wrong} *\n")),
                (3, "[Variant \"jieqi\"]\n\n1. h2h9 *\n".to_string()),
            ] {
                let r = arb.form(
                    &format!("/events/{id}/rounds/1/boards/{board}/record"),
                    &[("game", "1"), ("record", &record)],
                );
                assert_eq!(r.status, 303, "record on board {board}: {}", r.body);
            }
        }
        crate::deals::finish_round(&mut arb, id, n, "1-0");
    }
    // A bye request and a withdrawal are listed on the rounds page.
    let mut api = api_client(w, "arb");
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    // Play every match out: the first player named wins each game.
    for _ in 0..8 {
        let bracket = api.get(&format!("/api/events/{id}/knockout")).json();
        let due: Vec<(u64, u64)> = bracket["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["matches"].as_array().unwrap().iter())
            .filter_map(|m| {
                let g = m["games"].as_array()?.last()?;
                (g["result"] == Value::Null && g["red"].is_u64())
                    .then(|| (m["id"].as_u64().unwrap(), g["number"].as_u64().unwrap()))
            })
            .collect();
        if due.is_empty() {
            break;
        }
        for (m, g) in due {
            let _ = find_match(&bracket, m);
            let r = api.json(
                "PUT",
                &format!("/api/events/{id}/knockout/matches/{m}/games/{g}/result"),
                &json!({"result": "1-0"}),
            );
            assert_eq!(r.status, 200, "match {m} game {g}: {}", r.body);
        }
    }
    let r = org.form(
        &format!("/events/{id}/prizes"),
        &[
            ("currency", "HKD"),
            ("rows", "1 3000\n2 1200\n3-4 500\n5-6 200"),
            ("specials", "junior, 最佳少年, 300"),
            ("ties", "shared"),
        ],
    );
    assert_eq!(r.status, 303, "prizes: {}", r.body);
    let mut club = w.login("club");
    let list = crate::ratings::create_list(&mut club, "九龍棋會", &[]);
    let csv = "date,red,black,result\n2026-01-03,棋手01,棋手02,1-0\n2026-01-04,棋手02,棋手03,1/2-1/2\n\
               2026-01-05,棋手03,棋手01,0-1\n";
    let r = crate::ratings::upload(&mut club, list, csv);
    assert!(r.status == 303 || r.status == 200, "upload: {}", r.body);
    (id, list)
}

/// Every error page kind, as (what, response), for a client in some language.
fn error_pages(w: &World, lang: &str, id: i64, list: i64) -> Vec<(String, Resp)> {
    let mut org = w.login("org");
    let mut arb = w.login("arb");
    let mut player = w.login("player");
    let mut admin = w.login("admin");
    let mut anon = w.server.client();
    for c in [&mut org, &mut arb, &mut player, &mut admin, &mut anon] {
        speak(c, lang);
    }
    let mut out = vec![
        ("404".to_string(), anon.get("/events/987654")),
        (
            "404 round".to_string(),
            anon.get(&format!("/events/{id}/rounds/99")),
        ),
        ("403".to_string(), player.get("/users")),
        (
            "403 pairing".to_string(),
            player.form(&format!("/events/{id}/rounds"), &[("lot", "red")]),
        ),
        (
            "409 published".to_string(),
            arb.form(&format!("/events/{id}/rounds/1/discard"), &[]),
        ),
        (
            "409 seeded".to_string(),
            arb.form(&format!("/events/{id}/knockout"), &[]),
        ),
        (
            "409 all paired".to_string(),
            arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]),
        ),
        (
            "400 account exists".to_string(),
            admin.form(
                "/users",
                &[
                    ("name", "arb"),
                    ("role", "arbiter"),
                    ("password", "another-long-password"),
                ],
            ),
        ),
        (
            "400 prizes".to_string(),
            org.form(
                &format!("/events/{id}/prizes"),
                &[("currency", "HKD"), ("rows", "一 3000"), ("ties", "shared")],
            ),
        ),
        (
            "400 bye".to_string(),
            arb.form(
                &format!("/events/{id}/byes"),
                &[("start", "x9"), ("round", "2"), ("kind", "H")],
            ),
        ),
        (
            "400 player csv".to_string(),
            org.form(
                &format!("/events/{id}/players/import"),
                &[("csv", "name,club,rating\n棋手99,,一千\n")],
            ),
        ),
    ];
    let mut club = w.login("club");
    speak(&mut club, lang);
    out.push((
        "rating csv".to_string(),
        crate::ratings::upload(
            &mut club,
            list,
            "date,red,black,result\n2026-13-01,棋手01,棋手02,2-0\n",
        ),
    ));
    out
}

#[test]
fn chinese_pages_hold_no_english_and_follow_the_glossary() {
    let w = World::new("i18n-pages");
    let (id, list) = build(&w);
    let mut report = Vec::new();
    let mut checked = 0;
    for lang in ["zh-Hant", "zh-Hans"] {
        for who in ["arb", "org", "club", "admin"] {
            let mut c = w.login(who);
            speak(&mut c, lang);
            let starts = vec![
                "/".to_string(),
                format!("/events/{id}"),
                format!("/ratings/{list}"),
                "/ratings".to_string(),
                "/account".to_string(),
                "/users".to_string(),
            ];
            let within = vec![
                format!("/events/{id}"),
                "/ratings".into(),
                "/account".into(),
                "/users".into(),
            ];
            for (path, r) in crawl(&mut c, &starts, &within) {
                checked += 1;
                for p in problems(lang, &r.body) {
                    report.push(format!("{lang} {who} {path}: {p}"));
                }
            }
        }
        let mut anon = w.server.client();
        speak(&mut anon, lang);
        for path in ["/", "/login"] {
            let r = anon.get(path);
            checked += 1;
            for p in problems(lang, &r.body) {
                report.push(format!("{lang} anonymous {path}: {p}"));
            }
        }
        let mut statuses = BTreeSet::new();
        for (what, r) in error_pages(&w, lang, id, list) {
            checked += 1;
            statuses.insert(r.status);
            assert!(r.status >= 200, "{what}");
            if r.status == 303 {
                report.push(format!("{lang} {what}: no error (303 to {:?})", r.location));
                continue;
            }
            for p in problems(lang, &r.body) {
                report.push(format!("{lang} {what} ({}): {p}", r.status));
            }
        }
        for kind in [400, 403, 404, 409] {
            assert!(
                statuses.contains(&kind),
                "no {kind} page among {statuses:?}"
            );
        }
    }
    report.sort();
    report.dedup();
    assert!(checked > 80, "only {checked} pages read");
    assert!(
        report.is_empty(),
        "{} problems on {checked} pages:\n{}",
        report.len(),
        report.join("\n")
    );
}

/// The scanner itself: it finds English, the other script and the glossary's wrong terms, and lets
/// notation, codes and typed names through.
#[test]
fn the_scanner_finds_what_it_must() {
    let page =
        |s: &str| format!("<html><body><p>{s}</p><script>var English = 1;</script></body></html>");
    assert!(problems("zh-Hant", &page("第 3 輪 · h2e2 · ICCS · 中弈杯 arb")).is_empty());
    assert_eq!(
        problems("zh-Hant", &page("round 1 is not paired")),
        vec!["English: {\"is\", \"not\", \"paired\", \"round\"}".to_string()]
    );
    assert!(
        problems("zh-Hant", &page("第 3 轮"))
            .iter()
            .any(|p| p.starts_with("other script"))
    );
    assert!(
        problems("zh-Hans", &page("第 3 輪"))
            .iter()
            .any(|p| p.starts_with("other script"))
    );
    assert!(
        problems("zh-Hant", &page("半準決賽"))
            .iter()
            .any(|p| p.contains("半準決賽"))
    );
    assert!(
        problems("zh-Hans", &page("半准决赛"))
            .iter()
            .any(|p| p.contains("半准决赛"))
    );
    assert!(
        problems(
            "zh-Hant",
            &page("rnbaabnrccpppppPPPPPCCRNBAABNR 7f3a9c0e11d2b4a5")
        )
        .is_empty()
    );
}

/// A Banqi event of `players` players with the arbiter assigned and round 1 paired and published;
/// its id and the arbiter's client.
fn banqi_round_one(w: &World, players: u32) -> (i64, Client) {
    let mut org = w.login("org");
    let id = create_event(&mut org, "中弈杯", "banqi");
    let sheet: String = (1..=players)
        .map(|i| format!("棋手{i:02},九龍棋會,{}\n", 2000 - i))
        .collect();
    import_players(&mut org, id, &format!("name,club,rating\n{sheet}"));
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    (id, arb)
}

/// What the whole event above does not reach: a Banqi record refused turn by turn, a
/// stored record the viewer cannot read, and the club rating list's audit details are worded in
/// both Chinese scripts.
#[test]
fn banqi_verdicts_unreadable_records_and_rating_audit_details_speak_chinese() {
    let w = World::new("i18n-banqi");
    let (id, mut arb) = banqi_round_one(&w, 6);
    // Board 1 moves before the first flip; board 2 flips a second red king (no deal is sealed, so
    // the record names each flip); board 3 is legal, then stored unreadable (as by another version).
    for (board, record) in [(1, "1. a1-a2"), (2, "1. a1=K b1=K"), (3, "1. a1=K b1=k")] {
        let r = arb.form(
            &format!("/events/{id}/rounds/1/boards/{board}/record"),
            &[("game", "1"), ("record", record)],
        );
        assert_eq!(r.status, 303, "record on board {board}: {}", r.body);
    }
    let url = w.dir.database_url();
    actix_web::rt::System::new().block_on(async move {
        let db = anqi::store::open(&url).await.expect("open");
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "UPDATE game_records SET record = '[Event \"unterminated' WHERE board_id =
             (SELECT b.id FROM boards b JOIN rounds r ON r.id = b.round_id
              WHERE r.event_id = {id} AND r.number = 1 AND b.board_no = 3);"
        )))
        .execute(&db)
        .await
        .expect("write");
        db.close().await;
    });

    let mut club = w.login("club");
    let list = crate::ratings::create_list(&mut club, "九龍棋會", &[]);
    let r = club.form(
        &format!("/ratings/{list}/start"),
        &[("csv", "player,points,games\n棋手05,1620.50,25\n")],
    );
    assert_eq!(r.status, 303, "start list: {}", r.body);
    let csv = "date,red,black,result\n2026-01-03,棋手01,棋手02,1-0\n";
    let r = crate::ratings::upload(&mut club, list, csv);
    assert_eq!(r.status, 303, "upload: {}", r.body);
    let game = [
        ("date", "2026-03-01"),
        ("red", "棋手03"),
        ("black", "棋手04"),
        ("result", "1/2-1/2"),
    ];
    let r = club.form(&format!("/ratings/{list}/games"), &game);
    assert_eq!(r.status, 303, "game: {}", r.body);
    let mut settings = crate::ratings::list_fields("九龍棋會");
    settings.retain(|(k, _)| *k != "rated_after");
    settings.push(("rated_after", "5"));
    let r = club.form(&format!("/ratings/{list}/settings"), &settings);
    assert_eq!(r.status, 303, "settings: {}", r.body);
    let games = club.get(&format!("/ratings/{list}/games"));
    let batch = crate::ratings::upload_id(&games.body, list);
    let r = club.form(
        &format!("/ratings/{list}/uploads/{batch}/remove"),
        &[("confirm", "on"), ("reason", "棋手")],
    );
    assert_eq!(r.status, 303, "remove: {}", r.body);
    let url = w.dir.database_url();
    let details: Vec<(String, String)> = actix_web::rt::System::new().block_on(async move {
        let db = anqi::store::open(&url).await.expect("open");
        let rows = sqlx::query_as(
            "SELECT action, detail FROM audit_log WHERE action LIKE 'rating%' ORDER BY id",
        )
        .fetch_all(&db)
        .await
        .expect("read");
        db.close().await;
        rows
    });
    let actions: BTreeSet<&str> = details.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(
        actions,
        BTreeSet::from([
            "rating.games",
            "rating.remove",
            "rating.start_list",
            "rating_list.create",
            "rating_list.settings"
        ])
    );

    let mut report = Vec::new();
    for (lang, refused, impossible, unreadable, list_word) in [
        (
            "zh-Hant",
            "第一步必須翻子",
            "不可能是帥",
            "標籤沒有結束",
            "積分榜",
        ),
        (
            "zh-Hans",
            "第一步必须翻子",
            "不可能是帅",
            "标签没有结束",
            "积分榜",
        ),
    ] {
        for who in ["arb", "org"] {
            let mut c = w.login(who);
            speak(&mut c, lang);
            for (path, expected) in [
                (format!("/events/{id}/rounds/1/boards/1"), refused),
                (format!("/events/{id}/rounds/1/boards/2"), impossible),
                (format!("/events/{id}/rounds/1/boards/3"), unreadable),
                (format!("/events/{id}/rounds/1"), "第 1 "),
            ] {
                let r = c.get(&path);
                assert_eq!(r.status, 200, "{lang} {path}");
                assert!(
                    visible_text(&r.body).contains(expected),
                    "{lang} {who} {path}: no '{expected}' in {}",
                    visible_text(&r.body)
                );
                for p in problems(lang, &r.body) {
                    report.push(format!("{lang} {who} {path}: {p}"));
                }
            }
        }
        let language = anqi::i18n::Lang::from_code(lang).unwrap();
        for (action, detail) in &details {
            assert!(
                detail.starts_with("{\"") && detail.contains("\"audit_d_rating"),
                "{action}: {detail}"
            );
            let worded = language.audit_detail(detail);
            assert!(worded.contains(list_word), "{lang} {action}: {worded}");
            let page = format!("<html><body><p>{worded}</p></body></html>");
            for p in problems(lang, &page) {
                report.push(format!("{lang} audit {action} '{worded}': {p}"));
            }
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn banqi_refusals_stored_before_they_had_a_cause_are_worded_after_the_upgrade() {
    let w = World::new("i18n-banqi-upgrade");
    let (id, mut arb) = banqi_round_one(&w, 4);
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", "1. a1-a2")],
    );
    assert_eq!(r.status, 303, "{}", r.body);

    // The verdict as older rules stored it: the refusal in English, no cause.
    let World { server, dir } = w;
    server.stop();
    let url = dir.database_url();
    let read = |url: String| {
        with_store(&url, |db| async move {
            let row: (String, i64) =
                sqlx::query_as("SELECT verdict, rules_version FROM game_records")
                    .fetch_one(&db)
                    .await
                    .expect("read");
            (
                serde_json::from_str::<Value>(&row.0).expect("verdict"),
                row.1,
            )
        })
    };
    let (mut verdict, _) = read(url.clone());
    assert!(verdict["error"]["cause"].is_object(), "{verdict}");
    verdict["error"]
        .as_object_mut()
        .expect("error")
        .remove("cause");
    let old = verdict.to_string();
    let n = update_stored(
        &url,
        "UPDATE game_records SET verdict = $1, rules_version = 2",
        &old,
    );
    assert_eq!(n, 1);

    // Started again, the server judges it once more under the current rules: the page words it.
    let server = Server::start(&dir);
    let (verdict, version) = read(url);
    assert!(verdict["error"]["cause"].is_object(), "{verdict}");
    assert_eq!(version, anqi::store::records::RULES_VERSION);
    for (lang, refused) in [("zh-Hant", "第一步必須翻子"), ("zh-Hans", "第一步必须翻子")]
    {
        let mut c = server.login("arb");
        speak(&mut c, lang);
        let path = format!("/events/{id}/rounds/1/boards/1");
        let r = c.get(&path);
        assert_eq!(r.status, 200, "{lang} {path}");
        let text = visible_text(&r.body);
        assert!(text.contains(refused), "{lang}: no '{refused}' in {text}");
        assert!(
            problems(lang, &r.body).is_empty(),
            "{lang}: {:?}",
            problems(lang, &r.body)
        );
    }
}
