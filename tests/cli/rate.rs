//! `anqi rate` as a process: good and bad CSV files, exit statuses, and nothing written on errors.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::run::{Run, anqi, scratch};

/// `anqi rate` with the games file `games` and these options.
fn rate(games: &Path, options: &[&dyn AsRef<OsStr>]) -> Run {
    let options = options.iter().map(|o| o.as_ref());
    anqi(
        [OsStr::new("rate"), games.as_os_str()]
            .into_iter()
            .chain(options),
    )
}

fn write(dir: &std::path::Path, name: &str, content: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, content).expect("write test file");
    path
}
/// Three games listed out of date order: rated by date, file order within a date.
const GAMES: &str = "date,red,black,result\n\
                     2026-03-02,陳大文,李四,0-1\n\
                     2026-03-01,王小明,陳大文,1-0\n\
                     2026-03-01,李四,王小明,1/2-1/2\n";

#[test]
fn rates_games_in_date_order_to_stdout() {
    let dir = scratch("stdout");
    let games = write(&dir, "games.csv", GAMES.as_bytes());
    let out = rate(&games, &[]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    // 03-01: 王 beats 陳 at 1500/1500 (+10); 李 (1500) draws 王 (1510), d = 10: (10 + 1)/2 = 5.50;
    // 03-02: 李 (1505.50) beats 陳 (1490), higher wins, d = 15.50: 10 − 1.24 = 8.76.
    assert_eq!(
        out.stdout.as_str(),
        "player,points,level,games\n李四,1514.26,,2\n王小明,1504.50,,2\n陳大文,1481.24,,2\n"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn starting_list_and_out_file_with_bom_and_crlf() {
    let dir = scratch("start_list");
    let games = write(
        &dir,
        "games.csv",
        format!("\u{feff}{}", GAMES.replace('\n', "\r\n")).as_bytes(),
    );
    let start = write(
        &dir,
        "start.csv",
        "\u{feff}player,points,games\n王小明,1623.5,9\n張三,1400,20\n".as_bytes(),
    );
    let ratings = dir.join("ratings.csv");
    let out = rate(&games, &[&"--players", &start, &"--out", &ratings]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.is_empty(), "the standings go to --out only");
    // 王 (1623.50) beats 陳 (1500): higher wins, d = 123.50 → 2. 李 (1500) draws 王 (1625.50):
    // d = 125.50 → d/4 = 31.375 → 31.38. 李 (1531.38) beats 陳 (1498): d = 33.38 → 10 − 2.6704 → 7.33.
    // 王 reaches 11 games: 30 − ⌊594.12/50⌋ = 19級; 張三 kept 20 games at 1400: 22級.
    assert_eq!(
        std::fs::read_to_string(&ratings).expect("ratings written"),
        "player,points,level,games\n王小明,1594.12,19,11\n李四,1538.71,,2\n陳大文,1490.67,,2\n張三,1400.00,22,20\n"
    );
}

#[test]
fn an_output_list_continues_as_the_next_starting_list() {
    let dir = scratch("chain");
    let march =
        "date,red,black,result\n2026-03-01,a,b,1-0\n2026-03-05,b,c,1/2-1/2\n2026-03-09,c,a,0-1\n";
    let april = "2026-04-01,b,a,1-0\n2026-04-02,d,c,1-0\n2026-04-02,a,d,1/2-1/2\n";
    let both = write(&dir, "both.csv", format!("{march}{april}").as_bytes());
    let first = write(&dir, "march.csv", march.as_bytes());
    let second = write(
        &dir,
        "april.csv",
        format!("date,red,black,result\n{april}").as_bytes(),
    );
    let at_once = rate(&both, &[]).run();
    let after_march = dir.join("after_march.csv");
    let step = rate(&first, &[&"--out", &after_march]).run();
    assert_eq!(step.code, 0, "{}", step.stderr);
    let chained = rate(&second, &[&"--players", &after_march]).run();
    assert_eq!(at_once.code, 0);
    assert_eq!(chained.code, 0, "{}", chained.stderr);
    assert_eq!(chained.stdout.as_str(), at_once.stdout);
    assert_eq!(at_once.stdout.as_str().lines().count(), 5);
}

#[test]
fn settings_can_be_changed_on_the_command_line() {
    let dir = scratch("settings");
    let games = write(
        &dir,
        "games.csv",
        b"date,red,black,result\n2026-03-01,a,b,1-0\n",
    );
    let out = rate(
        &games,
        &[
            &"--start-points",
            &"1200",
            &"--rated-after",
            &"1",
            &"--level-base",
            &"1100",
            &"--level-step",
            &"100",
            &"--lowest-level",
            &"9",
        ],
    )
    .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    // 1210 → 9 − ⌊110/100⌋ = 8; 1190 → 9 − 0 = 9.
    assert_eq!(
        out.stdout.as_str(),
        "player,points,level,games\na,1210.00,8,1\nb,1190.00,9,1\n"
    );

    let bad = rate(&games, &[&"--highest-level", &"31"]).run();
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.as_str().contains("level table"),
        "{}",
        bad.stderr.as_str()
    );
    let bad = rate(&games, &[&"--start-points", &"15.001"]).run();
    assert_eq!(bad.code, 2);
}

/// Each bad games file, with the message it must produce.
const BAD_GAMES: &[(&str, &str)] = &[
    (
        "date,red,black,result\n2026-03-01,a,b,1-0\n2026-02-30,a,b,1-0\n",
        "line 3, column 1 (date): bad date '2026-02-30' (expected YYYY-MM-DD)",
    ),
    (
        "date,red,black,result\n01/03/2026,a,b,1-0\n",
        "line 2, column 1 (date): bad date '01/03/2026'",
    ),
    (
        "date,red,black,result\n2026-03-01,a,b,1-1\n",
        "line 2, column 4 (result): unknown result '1-1'",
    ),
    (
        "date,red,black,result\n2026-03-01,a,b,\n",
        "line 2, column 4 (result): unknown result ''",
    ),
    (
        "date,red,black,result\n2026-03-01,a,  ,1-0\n",
        "line 2, column 3 (black): empty player name",
    ),
    (
        "date,red,black,result\n\n2026-03-01,,b,1-0\n",
        "line 3, column 2 (red): empty player name",
    ),
    (
        "date,red,black,result\n2026-03-01,王小明,王小明,0-1\n",
        "line 2, column 3 (black): '王小明' is on both sides",
    ),
    (
        "date,white,black,result\n2026-03-01,a,b,1-0\n",
        "line 1: missing column 'red' in the header",
    ),
    (
        "date,red,black,result\n2026-03-01,a\n",
        "line 2, column 3 (black): missing field",
    ),
    ("", "line 1: empty file"),
];

#[test]
fn bad_games_files_exit_2_naming_line_and_column_and_write_nothing() {
    let dir = scratch("bad_games");
    for (i, (content, message)) in BAD_GAMES.iter().enumerate() {
        let games = write(&dir, &format!("bad{i}.csv"), content.as_bytes());
        let ratings = write(&dir, "ratings.csv", b"previous list\n");
        let out = rate(&games, &[&"--out", &ratings]).run();
        assert_eq!(out.code, 2, "{content:?}");
        let err = out.stderr.as_str();
        assert!(
            err.contains(&format!("bad{i}.csv: {message}")),
            "{content:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert_eq!(
            std::fs::read_to_string(&ratings).expect("still there"),
            "previous list\n"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn bad_starting_lists_exit_2_and_write_nothing() {
    let dir = scratch("bad_start");
    let games = write(&dir, "games.csv", GAMES.as_bytes());
    for (content, message) in [
        (
            "player,points,games\na,1500.5.0,1\n",
            "line 2, column 2 (points): bad points '1500.5.0'",
        ),
        (
            "player,points,games\na,1500,ten\n",
            "line 2, column 3 (games): bad games count 'ten'",
        ),
        (
            "player,points,games\na,1500,1\na,1600,2\n",
            "line 3, column 1 (player): player 'a' is listed twice",
        ),
        (
            "player,games\na,1\n",
            "line 1: missing column 'points' in the header",
        ),
    ] {
        let start = write(&dir, "start.csv", content.as_bytes());
        let ratings = dir.join("ratings.csv");
        let out = rate(&games, &[&"--players", &start, &"--out", &ratings]).run();
        assert_eq!(out.code, 2, "{content:?}");
        assert!(
            out.stderr
                .as_str()
                .contains(&format!("start.csv: {message}")),
            "{content:?}: {}",
            out.stderr.as_str()
        );
        assert!(!ratings.exists(), "nothing written for {content:?}");
    }
}

#[test]
fn unreadable_input_exits_2() {
    let dir = scratch("missing");
    let out = rate(&dir.join("no-such-file.csv"), &[]).run();
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.as_str().contains("cannot read"),
        "{}",
        out.stderr.as_str()
    );
    let games = write(&dir, "games.csv", GAMES.as_bytes());
    let out = rate(&games, &[&"--players", &dir.join("none.csv")]).run();
    assert_eq!(out.code, 2);
}

#[test]
fn unwritable_output_exits_1() {
    let dir = scratch("unwritable");
    let games = write(&dir, "games.csv", GAMES.as_bytes());
    let out = rate(&games, &[&"--out", &dir.join("no-dir").join("r.csv")]).run();
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.as_str().contains("cannot write"),
        "{}",
        out.stderr.as_str()
    );
}

#[test]
fn errors_are_in_the_language_of_lang() {
    let dir = scratch("lang");
    let games = write(
        &dir,
        "games.csv",
        b"date,red,black,result\n2026-13-01,a,b,1-0\n",
    );
    for (lang, expected) in [
        (
            "zh_TW.UTF-8",
            "games.csv：第 2 行，第 1 欄 (date)：日期「2026-13-01」錯誤（應為 YYYY-MM-DD）",
        ),
        (
            "zh_CN.UTF-8",
            "games.csv：第 2 行，第 1 列 (date)：日期「2026-13-01」错误（应为 YYYY-MM-DD）",
        ),
    ] {
        let out = rate(&games, &[]).lang(lang).run();
        assert_eq!(out.code, 2);
        let err = out.stderr.as_str();
        assert!(
            err.starts_with("錯誤：") || err.starts_with("错误："),
            "{err}"
        );
        assert!(err.trim_end().ends_with(expected), "{lang}: {err}");
        for english in ["error", "line", "column", "bad date"] {
            assert!(!err.contains(english), "{lang}: {err}");
        }
    }
    let out = rate(&games, &[]).lang("C").run();
    assert_eq!(
        out.stderr.as_str(),
        format!(
            "error: {}: line 2, column 1 (date): bad date '2026-13-01' (expected YYYY-MM-DD)\n",
            games.display()
        )
    );
}

/// A games file and a starting list saved by Excel on a Chinese Windows (Big5, GB18030) are read as
/// such, saying so on standard error; a file in neither is refused naming the encodings.
#[test]
fn big5_and_gb18030_files_are_read_and_others_refused() {
    let dir = scratch("encodings");
    let big5 = encoding_rs::BIG5.encode(GAMES).0;
    let games = write(&dir, "games.csv", &big5);
    let start = encoding_rs::GB18030
        .encode("player,points,games\n王小明,1600,20\n")
        .0;
    let start = write(&dir, "start.csv", &start);
    let out = rate(&games, &[&"--players", &start]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.as_str().contains("\n王小明,1"),
        "{}",
        out.stdout.as_str()
    );
    assert!(
        out.stdout.as_str().contains("\n陳大文,"),
        "{}",
        out.stdout.as_str()
    );
    let notes = out.stderr.as_str();
    assert!(
        notes.contains("games.csv is not UTF-8; it was read as Big5")
            && notes.contains("start.csv is not UTF-8; it was read as GB18030"),
        "{notes}"
    );
    let latin = encoding_rs::WINDOWS_1252
        .encode("date,red,black,result\n2026-03-01,Müller,José,1-0\n")
        .0;
    let latin = write(&dir, "latin.csv", &latin);
    let out = rate(&latin, &[]).run();
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .as_str()
            .contains("latin.csv: line 2: byte 0xFC is not UTF-8"),
        "{}",
        out.stderr.as_str()
    );
}
