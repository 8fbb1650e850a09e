//! `anqi perft --variant banqi` and `anqi adjudicate --variant banqi` run as a process.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const DEAL: &str = "KAABBRRNNCCPPPPPkaabbrrnnccppppp";

fn anqi(args: &[&str], stdin: Option<&[u8]>, lang: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_anqi"))
        .args(args)
        .env("LANG", lang)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run anqi");
    let mut input = child.stdin.take().expect("stdin");
    // A command that refuses its arguments may exit before reading its input: a closed pipe
    // here is its answer, not the test's failure.
    let _ = input.write_all(stdin.unwrap_or_default());
    drop(input);
    child.wait_with_output().expect("wait for anqi")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes a record into the test's temporary directory.
fn record_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli_banqi_{name}"));
    std::fs::write(&path, bytes).expect("write record");
    path
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

/// Asserts exit status 2 with a single line on stderr containing `text`.
fn assert_refused(o: &Output, text: &str) {
    assert_eq!(
        o.status.code(),
        Some(2),
        "stdout: {} stderr: {}",
        stdout(o),
        stderr(o)
    );
    let err = stderr(o);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains(text), "{err}");
}

#[test]
fn perft_from_the_start_with_a_deal() {
    let o = anqi(
        &["perft", "--variant", "banqi", "--deal", DEAL, "1"],
        None,
        "C",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 33);
    assert_eq!(lines[0], "a1=K: 1");
    assert_eq!(lines[32], "Nodes searched: 32");
    let o = anqi(
        &["perft", "--variant", "banqi", "--deal", DEAL, "2"],
        None,
        "C",
    );
    assert!(
        stdout(&o).ends_with("Nodes searched: 992\n"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("\nb1=A: 31\n"));
}

#[test]
fn perft_from_a_fen() {
    let o = anqi(
        &[
            "perft",
            "--variant",
            "banqi",
            "--fen",
            "8/8/8/CXn5 r 0 5",
            "--deal",
            "K",
            "2",
        ],
        None,
        "C",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "a1-a2: 3\na1xc1: 1\nb1=K: 2\nNodes searched: 6\n"
    );
    // Without face-down pieces no deal is needed.
    let o = anqi(
        &[
            "perft",
            "--variant",
            "banqi",
            "--fen",
            "8/8/8/Kp6 r 0 5",
            "2",
        ],
        None,
        "C",
    );
    assert_eq!(stdout(&o), "a1-a2: 3\nNodes searched: 3\n");
}

#[test]
fn perft_refuses_bad_input() {
    assert_refused(
        &anqi(
            &["perft", "--variant", "banqi", "--deal", DEAL, "0"],
            None,
            "C",
        ),
        "depth",
    );
    let three_chariots = DEAL.replacen('N', "R", 1);
    assert_refused(
        &anqi(
            &[
                "perft",
                "--variant",
                "banqi",
                "--deal",
                &three_chariots,
                "1",
            ],
            None,
            "C",
        ),
        "deal",
    );
    assert_refused(
        &anqi(
            &[
                "perft",
                "--variant",
                "banqi",
                "--fen",
                "8/8/8/8/8 r 0 1",
                "1",
            ],
            None,
            "C",
        ),
        "FEN",
    );
    assert_refused(
        &anqi(&["perft", "--variant", "banqi", "2"], None, "C"),
        "deal",
    );
    let o = anqi(&["perft", "--variant", "chess", "1"], None, "C");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown variant"), "{}", stderr(&o));
}

#[test]
fn adjudicate_a_legal_record_as_json() {
    let path = record_file(
        "legal.pgn",
        "\u{feff}[Variant \"Banqi\"]\r\n[Red \"甲\"]\r\n\r\n1. a1=帥 b1 2. a2 *\r\n".as_bytes(),
    );
    let o = anqi(
        &[
            "adjudicate",
            "--variant",
            "banqi",
            "--deal",
            DEAL,
            "--json",
            path.to_str().unwrap(),
        ],
        None,
        "C",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["variant"], "banqi");
    assert_eq!(v["plies"], 3);
    assert_eq!(v["result"], "*");
    assert_eq!(v["termination"], "unfinished");
    assert_eq!(v["final_fen"], "XXXXXXXX/XXXXXXXX/NXXXXXXX/KAXXXXXX b 0 2");
    assert!(v["error"].is_null());
}

#[test]
fn adjudicate_reports_the_first_illegal_ply_with_exit_1() {
    let text = "[Variant \"banqi\"]\n1. a1 b1\n2. a1xb1 c1\n";
    let o = anqi(
        &["adjudicate", "--deal", DEAL, "--json", "-"],
        Some(text.as_bytes()),
        "C",
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["plies"], 2);
    assert_eq!(v["result"], "*");
    assert_eq!(v["termination"], "illegal");
    assert_eq!(v["error"]["ply"], 3);
    assert_eq!(v["error"]["token"], "a1xb1");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("own piece"),
        "{v}"
    );
}

#[test]
fn adjudicate_reports_a_flip_contradicting_the_deal() {
    let o = anqi(
        &[
            "adjudicate",
            "--variant",
            "banqi",
            "--deal",
            DEAL,
            "--json",
            "-",
        ],
        Some(b"1. a1=k"),
        "C",
    );
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["error"]["ply"], 1);
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("deal has K"),
        "{v}"
    );
}

#[test]
fn adjudicate_decided_games_and_settings() {
    let won = "[Variant \"banqi\"]\n[FEN \"8/8/8/Rn6 r 0 9\"]\n9. a1xb1 1-0\n";
    let v = json(&anqi(
        &["adjudicate", "--json", "-"],
        Some(won.as_bytes()),
        "C",
    ));
    assert_eq!(
        (v["result"].as_str(), v["termination"].as_str()),
        (Some("1-0"), Some("no_pieces"))
    );
    // The move limit flag: 60 plies of another rule set.
    let limit = "[FEN \"K7/8/8/7k r 59 40\"]\n40. a4-b4\n";
    let args = [
        "adjudicate",
        "--variant",
        "banqi",
        "--move-limit",
        "60",
        "--json",
        "-",
    ];
    let v = json(&anqi(&args, Some(limit.as_bytes()), "C"));
    assert_eq!(
        (v["result"].as_str(), v["termination"].as_str()),
        (Some("1/2-1/2"), Some("move_limit"))
    );
    let v = json(&anqi(
        &["adjudicate", "--variant", "banqi", "--json", "-"],
        Some(limit.as_bytes()),
        "C",
    ));
    assert_eq!(v["termination"], "unfinished");
}

#[test]
fn adjudicate_house_rules_by_flag() {
    let chain = "[FEN \"8/8/8/Rnn5 r 0 5\"]\n5. a1xb1xc1\n";
    let plain = anqi(
        &["adjudicate", "--variant", "banqi", "--json", "-"],
        Some(chain.as_bytes()),
        "C",
    );
    assert_eq!(plain.status.code(), Some(1));
    let args = [
        "adjudicate",
        "--variant",
        "banqi",
        "--chain-captures",
        "--json",
        "-",
    ];
    let v = json(&anqi(&args, Some(chain.as_bytes()), "C"));
    assert_eq!(v["termination"], "no_pieces");
    let slide = "[FEN \"8/8/8/R5n1 r 0 5\"]\n5. a1xg1\n";
    let args = [
        "adjudicate",
        "--variant",
        "banqi",
        "--chariot-slides",
        "--json",
        "-",
    ];
    let v = json(&anqi(&args, Some(slide.as_bytes()), "C"));
    assert_eq!(v["termination"], "no_pieces");
}

#[test]
fn adjudicate_report_follows_lang() {
    let won = "[FEN \"8/8/8/Rn6 r 0 9\"]\n9. a1xb1 1-0\n";
    let args = ["adjudicate", "--variant", "banqi", "-"];
    let o = anqi(&args, Some(won.as_bytes()), "en_GB.UTF-8");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "Banqi: 1 plies, 1-0 (Red wins: a side has no pieces left)\nFinal position: 8/8/8/1R6 b 0 9\n"
    );
    let o = anqi(&args, Some(won.as_bytes()), "zh_TW.UTF-8");
    assert_eq!(
        stdout(&o),
        "暗棋：共 1 步，1-0（紅勝，一方棋子被吃光）\n終局局面：8/8/8/1R6 b 0 9\n"
    );
    let o = anqi(&args, Some(won.as_bytes()), "zh_CN.UTF-8");
    assert!(stdout(&o).contains("红胜"), "{}", stdout(&o));
}

#[test]
fn adjudicate_refuses_unreadable_input() {
    let path = record_file("garbage.pgn", b"[Variant \"banqi\"]\n1. a1 \xff\xfe b1\n");
    let o = anqi(
        &["adjudicate", "--variant", "banqi", path.to_str().unwrap()],
        None,
        "C",
    );
    assert_refused(&o, "line 2, column 7: byte 0xFF at offset 24 is not UTF-8");
    assert_refused(
        &anqi(
            &["adjudicate", "--variant", "banqi", "-"],
            Some(b"1. a1 {open"),
            "C",
        ),
        "unterminated comment",
    );
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_banqi_no_such_file.pgn");
    assert_refused(
        &anqi(
            &[
                "adjudicate",
                "--variant",
                "banqi",
                missing.to_str().unwrap(),
            ],
            None,
            "C",
        ),
        "cannot read",
    );
    assert_refused(
        &anqi(
            &["adjudicate", "--variant", "banqi", "--deal", "KK", "-"],
            Some(b"1. a1"),
            "C",
        ),
        "deal",
    );
    assert_refused(
        &anqi(&["adjudicate", "-"], Some(b"1. a1"), "C"),
        "no variant",
    );
    let jieqi = b"[Variant \"jieqi\"]\n1. h2e2";
    assert_refused(
        &anqi(&["adjudicate", "--variant", "banqi", "-"], Some(jieqi), "C"),
        "not Banqi",
    );
}

/// Everything `anqi adjudicate` says about a Banqi record is worded in the language of `LANG`
/// (issue 18): an illegal turn, an unreadable record and a refused flag.
#[test]
fn adjudicate_words_its_refusals_in_the_language_of_lang() {
    for (lang, first_flip, no_closing, move_limit, no_variant) in [
        (
            "zh_TW.UTF-8",
            "暗棋：第 1 步「a1-a2」不合規則：第一步必須翻子",
            "棋譜第 1 行第 7 欄：註解沒有結束",
            "--move-limit 必須是整數步數",
            "沒有指定棋種",
        ),
        (
            "zh_CN.UTF-8",
            "暗棋：第 1 步「a1-a2」不合规则：第一步必须翻子",
            "棋谱第 1 行第 7 列：注释没有结束",
            "--move-limit 必须是整数步数",
            "没有指定棋种",
        ),
    ] {
        let o = anqi(
            &["adjudicate", "--variant", "banqi", "-"],
            Some(b"1. a1-a2"),
            lang,
        );
        assert_eq!(o.status.code(), Some(1), "{lang}: {}", stderr(&o));
        assert!(stdout(&o).starts_with(first_flip), "{lang}: {}", stdout(&o));
        let o = anqi(
            &["adjudicate", "--variant", "banqi", "-"],
            Some(b"1. a1 {open"),
            lang,
        );
        assert_refused(&o, no_closing);
        let o = anqi(
            &[
                "adjudicate",
                "--variant",
                "banqi",
                "--move-limit",
                "sixty",
                "-",
            ],
            Some(b"1. a1"),
            lang,
        );
        assert_refused(&o, move_limit);
        let o = anqi(&["adjudicate", "-"], Some(b"1. a1"), lang);
        assert_refused(&o, no_variant);
    }
    // The JSON keeps its English message and now carries the cause for other languages.
    let o = anqi(
        &["adjudicate", "--variant", "banqi", "--json", "-"],
        Some(b"1. a1-a2"),
        "C",
    );
    let v = json(&o);
    assert_eq!(
        v["error"]["message"],
        "illegal turn: the first turn must be a flip (line 1, column 4)"
    );
    assert_eq!(v["error"]["cause"]["kind"], "illegal_turn");
    assert_eq!(v["error"]["cause"]["turn"]["rule"], "first_turn_not_flip");
}
