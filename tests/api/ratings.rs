//! Club rating lists over HTTP: create, upload, the numbers against `anqi rate`, duplicates, errors,
//! games by form, history with chart, levels, CSV downloads, permissions, languages.

use std::process::Command;

use crate::knockout::{event_with, play_swiss_round, register};
use crate::support::*;

/// The rating list's form and its creation (in `support`, for the browser tests too).
pub use crate::support::{create_list, list_fields};

/// A deterministic games file: `n` games among Chinese and Latin names, dates out of order, all results.
pub fn games_csv(n: usize, seed: u64) -> String {
    let names = [
        "王小明",
        "陳大文",
        "李四",
        "張三",
        "林美玲",
        "黃志強",
        "Amy Chan",
        "吳 家豪",
    ];
    let mut x = seed;
    let mut next = move || {
        // A 64-bit LCG is plenty to vary the games.
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) as usize
    };
    let mut out = String::from("date,red,black,result\n");
    for _ in 0..n {
        let red = next() % names.len();
        let black = (red + 1 + next() % (names.len() - 1)) % names.len();
        let result = ["1-0", "0-1", "1/2-1/2"][next() % 3];
        let day = 1 + next() % 28;
        out.push_str(&format!(
            "2026-02-{day:02},{},{},{result}\n",
            names[red], names[black]
        ));
    }
    out
}

/// `anqi rate GAMES --players START`'s standard output.
fn anqi_rate_with_start(dir: &TempDir, games: &str, start: &str) -> String {
    let path = dir.0.join("start.csv");
    std::fs::write(&path, start).expect("write start list");
    let path = path.to_str().expect("UTF-8 path").to_string();
    anqi_rate(dir, games, &["--players", &path])
}

/// `anqi rate FILE [options]`'s standard output.
fn anqi_rate(dir: &TempDir, csv: &str, options: &[&str]) -> String {
    let path = dir.0.join(format!("games-{}.csv", csv.len()));
    std::fs::write(&path, csv).expect("write games file");
    let out = Command::new(anqi_bin())
        .arg("rate")
        .arg(&path)
        .args(options)
        .output()
        .expect("run anqi rate");
    assert!(
        out.status.success(),
        "anqi rate failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// A list's standings download, after its byte-order mark.
pub fn list_csv(client: &mut Client, list: i64) -> String {
    crate::csv_files::after_bom(&client.get(&format!("/ratings/{list}/standings.csv")))
}

pub fn upload(client: &mut Client, list: i64, csv: &str) -> Resp {
    upload_as(client, list, csv, "二月.csv")
}

/// Uploads a file under a label of its own (two batches of a list never share one).
pub fn upload_as(client: &mut Client, list: i64, csv: &str, label: &str) -> Resp {
    client.form(
        &format!("/ratings/{list}/upload"),
        &[("csv", csv), ("label", label)],
    )
}

/// The stored id of a player, from the link on the list page.
pub fn player_id(page: &str, list: i64, name: &str) -> i64 {
    let prefix = format!("/ratings/{list}/players/");
    let links = html::attrs(page, "a[href]", "href")
        .into_iter()
        .zip(html::texts(page, "a[href]"));
    let href = links
        .filter(|(_, text)| text == name)
        .map(|(href, _)| href)
        .next()
        .unwrap_or_else(|| panic!("{name} not on the page"));
    href.strip_prefix(&prefix)
        .expect("player link")
        .parse()
        .expect("player id")
}

#[test]
fn uploaded_games_give_the_same_numbers_as_anqi_rate() {
    let w = World::new("rating-upload");
    let mut club = w.login("club");
    let list = create_list(&mut club, "九龍棋會 2026", &[]);
    let page = club.get(&format!("/ratings/{list}"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("九龍棋會 2026"));

    let csv = games_csv(120, 7);
    let r = upload(&mut club, list, &csv);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(format!("/ratings/{list}?done=rating_games_added&n=120").as_str())
    );

    let download = club.get(&format!("/ratings/{list}/standings.csv"));
    assert_eq!(download.status, 200);
    assert!(download.content_type.starts_with("text/csv"));
    let expected = anqi_rate(&w.dir, &csv, &[]);
    assert_eq!(
        crate::csv_files::after_bom(&download),
        expected,
        "web list differs from anqi rate"
    );

    // The page shows the same numbers: every player with points and level as in the CSV.
    let mut anonymous = w.server.client();
    anonymous.accept_language = Some("zh-TW".into());
    let page = anonymous.get(&format!("/ratings/{list}"));
    assert_eq!(page.status, 200);
    for line in expected.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (name, points, level) = (fields[0], fields[1], fields[2]);
        // The row's cells from the player's name on.
        let row = html::rows(&page.body, "#standings tbody tr")
            .into_iter()
            .find(|cells| cells.get(1).is_some_and(|c| c == name))
            .unwrap_or_else(|| panic!("{name} missing"))[1..]
            .join(" ");
        assert!(row.contains(points), "{name}: {points} not in {row}");
        let level = if level.is_empty() {
            "無級別".to_string()
        } else {
            format!("{level}級")
        };
        assert!(row.contains(&level), "{name}: {level} not in {row}");
    }

    // A second file is appended, and the list equals rating both files together.
    let more = games_csv(40, 99);
    assert_eq!(upload_as(&mut club, list, &more, "三月.csv").status, 303);
    let both = format!(
        "{csv}{}",
        more.trim_start_matches("date,red,black,result\n")
    );
    assert_eq!(list_csv(&mut club, list), anqi_rate(&w.dir, &both, &[]));
}

#[test]
fn list_settings_are_used_and_changing_them_recomputes() {
    let w = World::new("rating-settings");
    let mut club = w.login("club");
    let list = create_list(
        &mut club,
        "Settings",
        &[
            ("start_points", "1200.5"),
            ("rated_after", "3"),
            ("level_step", "100"),
            ("lowest_level", "10"),
        ],
    );
    let csv = games_csv(60, 3);
    assert_eq!(upload(&mut club, list, &csv).status, 303);
    let options = [
        "--start-points",
        "1200.5",
        "--rated-after",
        "3",
        "--level-step",
        "100",
        "--lowest-level",
        "10",
    ];
    assert_eq!(list_csv(&mut club, list), anqi_rate(&w.dir, &csv, &options));

    let r = club.form(
        &format!("/ratings/{list}/settings"),
        &list_fields("Settings 2"),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(list_csv(&mut club, list), anqi_rate(&w.dir, &csv, &[]));

    // Bad settings name the field and change nothing.
    let r = club.form(
        &format!("/ratings/{list}/settings"),
        &[
            ("name", "Settings 3"),
            ("start_points", "15x"),
            ("rated_after", "10"),
            ("level_base", "1000"),
            ("level_step", "0"),
            ("lowest_level", "30"),
            ("highest_level", "1"),
        ],
    );
    assert_eq!(r.status, 400);
    assert!(
        html::texts(&r.body, "li")
            .iter()
            .any(|li| li.starts_with("Start points: ")),
        "{}",
        r.body
    );
    assert!(
        club.get(&format!("/ratings/{list}"))
            .body
            .contains("Settings 2")
    );
}

#[test]
fn the_same_file_is_refused_the_second_time() {
    let w = World::new("rating-dup");
    let mut club = w.login("club");
    let list = create_list(&mut club, "Dup", &[]);
    let csv = games_csv(20, 11);
    assert_eq!(upload(&mut club, list, &csv).status, 303);
    let before = list_csv(&mut club, list);

    let r = upload(&mut club, list, &csv);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("already uploaded"), "{}", r.body);
    // As a browser sends a chosen file: CRLF line ends (and an Excel byte-order mark).
    let crlf = format!("\u{feff}{}", csv.replace('\n', "\r\n"));
    assert_eq!(upload(&mut club, list, &crlf).status, 409);
    assert_eq!(list_csv(&mut club, list), before);
    let games = club.get(&format!("/ratings/{list}/games"));
    assert_eq!(
        games.body.matches("二月.csv").count(),
        1,
        "one upload listed"
    );

    // The same file may go into another list.
    let other = create_list(&mut club, "Other", &[]);
    assert_eq!(upload(&mut club, other, &csv).status, 303);

    // Removed, the file's games leave the list, and it may be uploaded again.
    let batch = upload_id(&games.body, list);
    let mut club2 = w.login("player");
    assert_eq!(
        club2
            .form(&format!("/ratings/{list}/uploads/{batch}/remove"), &[])
            .status,
        403
    );
    assert_eq!(
        club.form(&format!("/ratings/{other}/uploads/{batch}/remove"), &[])
            .status,
        404,
        "a batch of another list"
    );
    let r = club.form(&format!("/ratings/{list}/uploads/{batch}/remove"), &[]);
    assert_eq!(
        r.status, 400,
        "a removal needs its confirmation: {}",
        r.body
    );
    let r = club.form(
        &format!("/ratings/{list}/uploads/{batch}/remove"),
        &[("confirm", "on"), ("reason", "wrong month")],
    );
    assert_eq!(r.status, 303);
    assert_eq!(list_csv(&mut club, list), "player,points,level,games\n");
    assert_eq!(upload(&mut club, list, &crlf).status, 303);
    assert_eq!(list_csv(&mut club, list), before);
}

/// The id of the first batch in the games page's remove buttons.
pub fn upload_id(page: &str, list: i64) -> i64 {
    let prefix = format!("/ratings/{list}/uploads/");
    html::attrs(page, "form[action]", "action")
        .iter()
        .find_map(|a| a.strip_prefix(&prefix)?.split('/').next()?.parse().ok())
        .expect("remove button")
}

#[test]
fn a_bad_file_names_line_and_column_and_adds_nothing() {
    let w = World::new("rating-bad");
    let mut club = w.login("club");
    let list = create_list(&mut club, "Bad", &[]);
    let good = games_csv(5, 1);
    assert_eq!(upload(&mut club, list, &good).status, 303);
    let before = list_csv(&mut club, list);

    let bad = "date,red,black,result\n2026-03-01,王小明,陳大文,1-0\n2026-03-02,李四,張三,0-1\n2026-02-30,李四,王小明,1-0\n";
    let r = upload(&mut club, list, bad);
    assert_eq!(r.status, 400);
    assert!(
        r.body.contains("line 4, column 1 (date): bad date"),
        "{}",
        r.body
    );
    assert!(r.body.contains("Nothing was added"));
    // The text is kept in the form to be corrected.
    assert!(r.body.contains("2026-02-30,李四,王小明,1-0"));

    let same_player = "date,red,black,result\n2026-03-01,王小明,王小明,1-0\n";
    club.accept_language = Some("zh-TW".into());
    let r = upload(&mut club, list, same_player);
    assert_eq!(r.status, 400);
    assert!(r.body.contains("第 2 行，第 3 欄 (black)"), "{}", r.body);
    assert!(r.body.contains("「王小明」同時在紅黑兩方"));
    club.accept_language = Some("en".into());

    for (csv, expected) in [
        ("date,red,result\n", "missing column"),
        (
            "date,red,black,result\n2026-03-01,A,B,*\n",
            "unknown result",
        ),
        ("date,red,black,result\n", "the file has no games"),
    ] {
        let r = upload(&mut club, list, csv);
        assert_eq!(r.status, 400, "{csv}");
        assert!(r.body.contains(expected), "{expected}: {}", r.body);
    }
    assert_eq!(list_csv(&mut club, list), before);
    // After the errors the corrected file is accepted (a refused file is not remembered).
    let fixed = bad.replace("2026-02-30", "2026-02-28");
    assert_eq!(upload_as(&mut club, list, &fixed, "fixed.csv").status, 303);
}

#[test]
fn games_by_form_history_chart_and_downloads() {
    let w = World::new("rating-form");
    let mut club = w.login("club");
    let list = create_list(&mut club, "Form", &[]);
    let add = |c: &mut Client, date: &str, red: &str, black: &str, result: &str| {
        c.form(
            &format!("/ratings/{list}/games"),
            &[
                ("date", date),
                ("red", red),
                ("black", black),
                ("result", result),
            ],
        )
    };
    let r = add(&mut club, "2026-03-01", "王小明", "陳大文", "1-0");
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(format!("/ratings/{list}?done=rating_game_added").as_str())
    );
    // 1510 beats 1490 (d = 20): the higher side gains 10 − 20/12.5 = 8.40.
    assert_eq!(
        add(&mut club, "2026-03-02", "王小明", "陳大文", "1-0").status,
        303
    );
    // A game dated earlier is put in its place and the later ones are re-rated.
    assert_eq!(
        add(&mut club, "2026-02-20", "陳大文", "王小明", "1/2-1/2").status,
        303
    );
    let list_csv = list_csv(&mut club, list);
    assert_eq!(
        list_csv,
        "player,points,level,games\n王小明,1518.40,,3\n陳大文,1481.60,,3\n"
    );

    let bad = add(&mut club, "2026-03-01", "王小明", " 王小明 ", "1-0");
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("is on both sides"), "{}", bad.body);
    let bad = add(&mut club, "yesterday", "", "B", "2-0");
    assert_eq!(bad.status, 400);
    for field in ["Date", "Red", "Result"] {
        assert!(
            html::texts(&bad.body, "li")
                .iter()
                .any(|li| li.starts_with(&format!("{field}: "))),
            "{field}"
        );
    }

    let page = club.get(&format!("/ratings/{list}")).body;
    let wang = player_id(&page, list, "王小明");
    let history = club.get(&format!("/ratings/{list}/players/{wang}"));
    assert_eq!(history.status, 200);
    assert!(html::inner(&history.body, "svg#points-chart").is_some());
    assert_eq!(
        html::texts(&history.body, "circle").len(),
        4,
        "start + 3 games"
    );
    assert!(!html::attrs(&history.body, "polyline", "points").is_empty());
    let cells = html::texts(&history.body, "td");
    for change in ["0.00", "+10.00", "+8.40"] {
        assert!(cells.iter().any(|c| c == change), "{change}");
    }
    assert!(history.body.contains("1518.40"));

    let csv = club.get(&format!("/ratings/{list}/players/{wang}/history.csv"));
    assert_eq!(csv.status, 200);
    assert!(csv.content_type.starts_with("text/csv"));
    assert_eq!(
        crate::csv_files::after_bom(&csv),
        "date,color,opponent,result,change,points\n\
         2026-02-20,black,陳大文,D,0.00,1500.00\n\
         2026-03-01,red,陳大文,W,+10.00,1510.00\n\
         2026-03-02,red,陳大文,W,+8.40,1518.40\n"
    );
    // A player of another list is not found here.
    let other = create_list(&mut club, "Other", &[]);
    assert_eq!(
        club.get(&format!("/ratings/{other}/players/{wang}")).status,
        404
    );
    let uploads = club.get(&format!("/ratings/{list}/games")).body;
    assert_eq!(
        html::texts(&uploads, "td")
            .iter()
            .filter(|c| *c == "Form")
            .count(),
        3
    );
}

#[test]
fn level_distribution_counts_players_per_level() {
    let w = World::new("rating-levels");
    let mut club = w.login("club");
    let list = create_list(&mut club, "Levels", &[("rated_after", "1")]);
    let csv =
        "date,red,black,result\n2026-01-01,A,B,1-0\n2026-01-02,C,D,1/2-1/2\n2026-01-03,E,A,0-1\n";
    assert_eq!(upload(&mut club, list, csv).status, 303);
    // A and B: equal, A gains 10. C and D: equal draw, nothing moves. A (1510) beats E (1500): d = 10,
    // the higher side gains 10 − 10/12.5 = 9.20.
    let standings = list_csv(&mut club, list);
    assert_eq!(
        standings,
        "player,points,level,games\nA,1519.20,20,2\nC,1500.00,20,1\nD,1500.00,20,1\nE,1490.80,21,1\nB,1490.00,21,1\n"
    );
    let page = club.get(&format!("/ratings/{list}/levels"));
    assert_eq!(page.status, 200);
    let rows = html::rows(&page.body, "tr");
    let row = |label: &str| {
        rows.iter()
            .find(|cells| cells.first().is_some_and(|c| c == label))
            .unwrap_or_else(|| panic!("{label}"))
            .clone()
    };
    // The level's number cells: the points it starts from, the players in it.
    let players = |label: &str| row(label)[1..3].to_vec();
    assert!(players("level 20").contains(&"3".to_string()));
    assert!(players("level 21").contains(&"2".to_string()));
    assert!(players("unrated").contains(&"0".to_string()));
    assert!(
        !rows
            .iter()
            .any(|cells| cells.first().is_some_and(|c| c == "level 19")),
        "empty levels above the best are left out"
    );
    assert!(
        row("level 20").iter().any(|c| c.contains("1500.00")),
        "threshold of level 20"
    );
}

#[test]
fn only_the_owner_or_an_administrator_may_change_a_list() {
    let w = World::new("rating-perm");
    create_user(&w.dir, "club2", "club");
    let mut club = w.login("club");
    let list = create_list(&mut club, "Mine", &[]);
    let csv = games_csv(10, 5);
    let game = [
        ("date", "2026-03-01"),
        ("red", "甲"),
        ("black", "乙"),
        ("result", "1-0"),
    ];
    let settings = list_fields("Taken");
    for who in ["club2", "player", "org", "arb"] {
        let mut c = w.login(who);
        assert_eq!(upload(&mut c, list, &csv).status, 403, "{who} upload");
        assert_eq!(
            c.form(&format!("/ratings/{list}/games"), &game).status,
            403,
            "{who} game"
        );
        assert_eq!(
            c.form(&format!("/ratings/{list}/settings"), &settings)
                .status,
            403,
            "{who} settings"
        );
        assert_eq!(c.get(&format!("/ratings/{list}/settings")).status, 403);
        // Viewing is open to everyone, without the forms.
        let games = c.get(&format!("/ratings/{list}/games"));
        assert_eq!(games.status, 200);
        assert!(html::inner(&games.body, "#upload").is_none());
    }
    for who in ["player", "org", "arb"] {
        let mut c = w.login(who);
        assert_eq!(c.get("/ratings/new").status, 403, "{who} new");
        assert_eq!(c.form("/ratings", &settings).status, 403, "{who} create");
    }
    let mut anonymous = w.server.client();
    assert_eq!(upload(&mut anonymous, list, &csv).status, 401);
    assert_eq!(
        anonymous.get("/ratings/new").status,
        303,
        "to the login page"
    );
    for path in ["", "/levels", "/games", "/standings.csv"] {
        assert_eq!(
            anonymous.get(&format!("/ratings/{list}{path}")).status,
            200,
            "{path}"
        );
    }
    assert_eq!(anonymous.get("/ratings/999").status, 404);
    // A forged form without the CSRF field is refused.
    assert_eq!(
        club.form_raw(&format!("/ratings/{list}/upload"), &[("csv", &csv)])
            .status,
        403
    );

    // The owner's list is unchanged; another club manager makes their own list; the admin may change any.
    assert!(list_csv(&mut club, list).eq("player,points,level,games\n"));
    let mut club2 = w.login("club2");
    create_list(&mut club2, "Theirs", &[]);
    let mut admin = w.login("admin");
    assert_eq!(upload(&mut admin, list, &csv).status, 303);
    let index = anonymous.get("/ratings");
    assert_eq!(index.status, 200);
    assert!(index.body.contains("Mine") && index.body.contains("Theirs"));
    assert!(index.body.contains("10 games"));
}

#[test]
fn pages_speak_three_languages() {
    let w = World::new("rating-lang");
    let mut club = w.login("club");
    let list = create_list(&mut club, "棋會積分", &[]);
    assert_eq!(
        upload(
            &mut club,
            list,
            "date,red,black,result\n2026-01-01,王小明,陳大文,1-0\n"
        )
        .status,
        303
    );
    for (lang, title, unrated) in [
        ("zh-TW", "積分榜", "無級別"),
        ("zh-CN", "积分榜", "无级别"),
        ("en", "Rating lists", "unrated"),
    ] {
        let mut c = w.server.client();
        c.accept_language = Some(lang.into());
        assert!(c.get("/ratings").body.contains(title), "{lang}");
        let page = c.get(&format!("/ratings/{list}"));
        assert!(page.body.contains(unrated), "{lang}: {unrated}");
        assert!(page.body.contains("王小明") && page.body.contains("1510.00"));
    }
}

#[test]
fn a_starting_list_brings_points_from_before_like_anqi_rate_players() {
    let w = World::new("rating-start");
    let mut club = w.login("club");
    let list = create_list(&mut club, "Start", &[]);
    let start = "player,points,games\n王小明,1620.50,25\n陳大文,1480,4\n";
    let r = club.form(&format!("/ratings/{list}/start"), &[("csv", start)]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(format!("/ratings/{list}?done=rating_start_added&n=2").as_str())
    );
    let games = games_csv(50, 21);
    assert_eq!(upload(&mut club, list, &games).status, 303);
    assert_eq!(
        list_csv(&mut club, list),
        anqi_rate_with_start(&w.dir, &games, start)
    );

    // A player already in the list cannot get a starting entry; nothing of the file is added.
    let before = list_csv(&mut club, list);
    let r = club.form(
        &format!("/ratings/{list}/start"),
        &[("csv", "player,points,games\n新手,1500,0\n李四,1700,30\n")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("is already in the list"), "{}", r.body);
    let r = club.form(
        &format!("/ratings/{list}/start"),
        &[("csv", "player,points,games\n新手,1500,0\n老手,abc,3\n")],
    );
    assert_eq!(r.status, 400);
    assert!(
        r.body.contains("line 3, column 2 (points): bad points"),
        "{}",
        r.body
    );
    assert_eq!(list_csv(&mut club, list), before);
    assert!(!club.get(&format!("/ratings/{list}")).body.contains("新手"));
    let mut other = w.login("player");
    assert_eq!(
        other
            .form(&format!("/ratings/{list}/start"), &[("csv", start)])
            .status,
        403
    );
}

#[test]
fn a_finished_event_pushes_its_rated_games_into_a_list_once() {
    use crate::json_api::api_client;
    use serde_json::json;
    let w = World::new("rating-push");
    let mut api = api_client(&w, "org");
    let body = json!({"name": "推送賽", "variant": "xiangqi", "rounds": 2, "knockout_size": 0});
    let id = crate::json_api::api_event(&mut api, body);
    let players: Vec<_> = ["甲", "乙", "丙", "丁"]
        .iter()
        .map(|n| json!({"name": n}))
        .collect();
    crate::json_api::api_players(&mut api, id, &players);
    let mut club = w.login("club");
    let list = create_list(&mut club, "會內等級分", &[("variant", "xiangqi")]);
    let push = |c: &mut Client| {
        c.form(
            &format!("/events/{id}/push-rating"),
            &[("list", &list.to_string())],
        )
    };

    // Round 1: a win and a forfeit (not rated).
    let r1 = api.json(
        "POST",
        &format!("/api/events/{id}/rounds"),
        &json!({"lot": "red"}),
    );
    let results = ["1-0", "1-0F"];
    for (b, result) in r1.json()["boards"].as_array().unwrap().iter().zip(results) {
        api.json(
            "PUT",
            &format!("/api/events/{id}/rounds/1/boards/{}/result", b["board"]),
            &json!({"result": result}),
        );
    }
    // Round 2 is paired but has no results yet: the event is not finished.
    api.json("POST", &format!("/api/events/{id}/rounds"), &json!({}));
    let r = push(&mut club);
    assert_eq!(r.status, 409, "unfinished round refused: {}", r.body);
    let r2 = api.get(&format!("/api/events/{id}/rounds/2")).json();
    for b in r2["boards"].as_array().unwrap() {
        api.json(
            "PUT",
            &format!("/api/events/{id}/rounds/2/boards/{}/result", b["board"]),
            &json!({"result": "1/2-1/2"}),
        );
    }
    // Another user's list cannot be chosen by someone who does not organize the event; the
    // event's organizer sees the push form with the club's list.
    let mut other = w.login("org2");
    assert_eq!(
        other
            .form(
                &format!("/events/{id}/push-rating"),
                &[("list", &list.to_string())]
            )
            .status,
        403
    );
    let mut organizer = w.login("org");
    let page = organizer.get(&format!("/events/{id}"));
    assert!(
        html::attrs(&page.body, "#push-rating option", "value").contains(&list.to_string()),
        "{}",
        page.body
    );

    let r = push(&mut club);
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(
        r.location.unwrap().contains("pushed=3"),
        "1 win + 2 draws, the forfeit left out"
    );
    let page = club.get(&format!("/ratings/{list}"));
    for name in ["甲", "乙", "丙", "丁"] {
        assert!(page.body.contains(name), "{name} in the list");
    }
    // Once only.
    let again = push(&mut club);
    assert_eq!(again.status, 409);
    assert!(again.body.contains("already in the list"));
}

/// A level table that cannot be is refused naming the field, in the reader's language.
#[test]
fn a_bad_level_table_is_refused_in_the_readers_language() {
    let w = World::new("rating-levels-zh");
    let mut club = w.login("club");
    let list = create_list(&mut club, "Levels", &[]);
    club.accept_language = Some("zh-Hant".into());
    club.cookies.insert("anqi_lang".into(), "zh-Hant".into());
    for (step, highest, words) in [
        ("0", "1", "每級的分數必須大於 0"),
        ("50", "40", "級別須從最低級數到最高級數，最高級數至少為 1"),
    ] {
        let r = club.form(
            &format!("/ratings/{list}/settings"),
            &[
                ("name", "Levels"),
                ("start_points", "1500"),
                ("rated_after", "10"),
                ("level_base", "1000"),
                ("level_step", step),
                ("lowest_level", "30"),
                ("highest_level", highest),
            ],
        );
        assert_eq!(r.status, 400, "{}", r.body);
        let errors = html::texts(&r.body, "li");
        assert!(
            errors.iter().any(|li| li.contains(words)),
            "{words}: {errors:?}"
        );
        assert!(
            !errors.iter().any(|li| li.contains("must")),
            "English in {errors:?}"
        );
    }
}

#[test]
fn the_organizer_pushes_the_event_into_a_club_list_starting_players_at_their_event_rating() {
    let w = World::new("ratings-push");
    let mut org = w.login("org");
    let id = event_with(&mut org, "1", "0", "1");
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    play_swiss_round(&mut arb, id, 1);
    let mut club = w.login("club");
    let list = crate::ratings::create_list(&mut club, "會內", &[]);

    // The organizer sees the push form (they own no list) and may start players from the event.
    let page = org.get(&format!("/events/{id}"));
    assert!(
        html::attrs(&page.body, "#push-rating option", "value").contains(&list.to_string()),
        "{}",
        page.body
    );
    assert!(page.body.contains("name=\"start_from_event\""));
    let r = org.form(
        &format!("/events/{id}/push-rating"),
        &[("list", &list.to_string()), ("start_from_event", "on")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let csv = club.get(&format!("/ratings/{list}/standings.csv")).body;
    let points: Vec<f64> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(points.len(), 4, "{csv}");
    // register() rates them 2390 … 2360: they start there, not at 1500.
    assert!(points.iter().all(|p| *p > 2300.0 && *p < 2450.0), "{csv}");
    let again = org.form(
        &format!("/events/{id}/push-rating"),
        &[("list", &list.to_string()), ("start_from_event", "on")],
    );
    assert_eq!(again.status, 409, "once only");
}

#[test]
fn a_rating_batch_is_removed_only_when_confirmed_and_labels_are_unique() {
    let w = World::new("ratings-batches");
    let mut club = w.login("club");
    let list = crate::ratings::create_list(&mut club, "會內", &[]);
    let first = crate::ratings::games_csv(10, 1);
    let second = crate::ratings::games_csv(10, 2);
    assert_eq!(
        crate::ratings::upload_as(&mut club, list, &first, "一月.csv").status,
        303
    );
    let r = crate::ratings::upload_as(&mut club, list, &second, " 一月.csv ");
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("already labelled"), "{}", r.body);
    assert_eq!(
        crate::ratings::upload_as(&mut club, list, &second, "二月.csv").status,
        303
    );
    let page = club.get(&format!("/ratings/{list}/games"));
    let batch = crate::ratings::upload_id(&page.body, list);
    assert!(
        html::attrs(&page.body, "input[name=confirm][required]", "value").len() >= 2,
        "each removal asks for a confirmation"
    );
    let remove = |c: &mut Client, fields: &[(&str, &str)]| {
        c.form(&format!("/ratings/{list}/uploads/{batch}/remove"), fields)
    };
    let before = club.get(&format!("/ratings/{list}/standings.csv")).body;
    let r = remove(&mut club, &[("reason", "wrong file")]);
    assert_eq!(r.status, 400, "not confirmed");
    let r = remove(&mut club, &[("confirm", "on")]);
    assert_eq!(r.status, 400, "no reason");
    assert_eq!(
        club.get(&format!("/ratings/{list}/standings.csv")).body,
        before,
        "nothing removed"
    );
    let r = remove(&mut club, &[("confirm", "on"), ("reason", "wrong file")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_ne!(
        club.get(&format!("/ratings/{list}/standings.csv")).body,
        before
    );
}

#[test]
fn the_old_rating_route_asks_for_a_confirmation_and_a_reason() {
    let w = World::new("ratings-old-route");
    let mut org = w.login("org");
    let id = create_event(&mut org, "等級分更正", "xiangqi");
    let r = org.form(
        &format!("/events/{id}/players/import"),
        &[("csv", "name,club,rating\n甲,荃灣,1800\n乙,荃灣,1700\n")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let yi = entry_id(&mut org, id, "乙");
    let url = format!("/events/{id}/players/{yi}/rating");
    let rating_of_yi = |org: &mut Client| {
        let page = org.get(&format!("/events/{id}/players")).body;
        html::rows(&page, "#players tbody tr")
            .into_iter()
            .find(|r| r[1].contains('乙'))
            .map(|r| r.join(" "))
            .unwrap_or_default()
    };
    for (fields, why) in [
        (vec![("rating", "1900")], "confirm"),
        (vec![("rating", "1900"), ("confirm", "yes")], "reason"),
        (vec![("rating", "1900"), ("reason", "May list")], "confirm"),
    ] {
        let r = org.form(&url, &fields);
        assert_eq!(r.status, 400, "{why}: {}", r.body);
        assert!(rating_of_yi(&mut org).contains("1700"), "unchanged");
    }
    let r = org.form(
        &url,
        &[
            ("rating", "1900"),
            ("confirm", "yes"),
            ("reason", "the May rating list"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(rating_of_yi(&mut org).contains("1900"));
    let audit = org.get(&format!("/events/{id}/audit")).body;
    assert!(audit.contains("the May rating list"), "{audit}");
}

/// A list name, a player name typed in the game form and a name in an uploaded file are refused
/// when they hold a control, bidi, invisible or tag character, beside the field or naming the line;
/// nothing is stored.
#[test]
fn names_with_bidi_invisible_or_nul_characters_are_refused() {
    let w = World::new("rating-names");
    let mut club = w.login("club");
    for bad in [
        "A\u{202E}B",
        "A\u{0}B",
        "A\u{061C}B",
        "A\u{200B}B",
        "A\u{E0041}B",
    ] {
        let r = club.form("/ratings", &list_fields(bad));
        assert_eq!(r.status, 400, "list name {bad:?}: {}", r.body);
        assert!(
            html::texts(&r.body, "li, .field-error, [role=alert]")
                .iter()
                .any(|t| t.contains("is not allowed")),
            "{}",
            r.body
        );
    }
    let list = create_list(&mut club, "Names", &[]);
    for bad in ["A\u{202E}B", "A\u{0}B", "A\u{061C}B"] {
        let r = club.form(
            &format!("/ratings/{list}/games"),
            &[
                ("date", "2026-03-01"),
                ("red", bad),
                ("black", "陳大文"),
                ("result", "1-0"),
            ],
        );
        assert_eq!(r.status, 400, "game name {bad:?}: {}", r.body);
        let csv = format!("date,red,black,result\n2026-03-01,王小明,{bad},1-0\n");
        let r = upload_as(&mut club, list, &csv, &format!("bad {}", bad.len()));
        assert_eq!(r.status, 400, "file name {bad:?}: {}", r.body);
        assert!(r.body.contains("line 2"), "{}", r.body);
    }
    let lists = club.get("/ratings").body;
    assert_eq!(
        html::texts(&lists, "a[href^='/ratings/']")
            .iter()
            .filter(|t| t.contains('A'))
            .count(),
        0
    );
    let games = club.get(&format!("/ratings/{list}/games")).body;
    assert!(!games.contains("2026-03-01"), "nothing stored: {games}");
}
