//! `anqi perft --variant banqi` and `anqi adjudicate --variant banqi` run as a process.

use crate::run::{Run, anqi};
use std::path::PathBuf;

const DEAL: &str = "KAABBRRNNCCPPPPPkaabbrrnnccppppp";
/// Writes a record into the test's temporary directory.
fn record_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli_banqi_{name}"));
    std::fs::write(&path, bytes).expect("write record");
    path
}

/// `anqi adjudicate --variant banqi` of the record `input` (`-`: standard input) on [`DEAL`], as
/// JSON, in the C locale.
fn adjudicate_on_the_deal(input: &str) -> Run {
    anqi([
        "adjudicate",
        "--variant",
        "banqi",
        "--deal",
        DEAL,
        "--json",
        input,
    ])
    .lang("C")
}

#[test]
fn perft_from_the_start_with_a_deal() {
    let o = anqi(["perft", "--variant", "banqi", "--deal", DEAL, "1"])
        .lang("C")
        .run();
    assert_eq!(o.code, 0, "{}", o.stderr);
    let out = o.stdout.as_str();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 33);
    assert_eq!(lines[0], "a1=K: 1");
    assert_eq!(lines[32], "Nodes searched: 32");
    let o = anqi(["perft", "--variant", "banqi", "--deal", DEAL, "2"])
        .lang("C")
        .run();
    assert!(
        o.stdout.as_str().ends_with("Nodes searched: 992\n"),
        "{}",
        o.stdout.as_str()
    );
    assert!(o.stdout.as_str().contains("\nb1=A: 31\n"));
}

#[test]
fn perft_from_a_fen() {
    let o = anqi([
        "perft",
        "--variant",
        "banqi",
        "--fen",
        "8/8/8/CXn5 r 0 5",
        "--deal",
        "K",
        "2",
    ])
    .lang("C")
    .run();
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        o.stdout.as_str(),
        "a1-a2: 3\na1xc1: 1\nb1=K: 2\nNodes searched: 6\n"
    );
    // Without face-down pieces no deal is needed.
    let o = anqi([
        "perft",
        "--variant",
        "banqi",
        "--fen",
        "8/8/8/Kp6 r 0 5",
        "2",
    ])
    .lang("C")
    .run();
    assert_eq!(o.stdout.as_str(), "a1-a2: 3\nNodes searched: 3\n");
}

#[test]
fn perft_refuses_bad_input() {
    anqi(["perft", "--variant", "banqi", "--deal", DEAL, "0"])
        .lang("C")
        .run()
        .assert_refused("depth");
    let three_chariots = DEAL.replacen('N', "R", 1);
    anqi([
        "perft",
        "--variant",
        "banqi",
        "--deal",
        &three_chariots,
        "1",
    ])
    .lang("C")
    .run()
    .assert_refused("deal");
    anqi([
        "perft",
        "--variant",
        "banqi",
        "--fen",
        "8/8/8/8/8 r 0 1",
        "1",
    ])
    .lang("C")
    .run()
    .assert_refused("FEN");
    anqi(["perft", "--variant", "banqi", "2"])
        .lang("C")
        .run()
        .assert_refused("deal");
    let o = anqi(["perft", "--variant", "chess", "1"]).lang("C").run();
    assert_eq!(o.code, 2);
    assert!(
        o.stderr.as_str().contains("unknown variant"),
        "{}",
        o.stderr.as_str()
    );
}

#[test]
fn adjudicate_a_legal_record_as_json() {
    let path = record_file(
        "legal.pgn",
        "\u{feff}[Variant \"Banqi\"]\r\n[Red \"甲\"]\r\n\r\n1. a1=帥 b1 2. a2 *\r\n".as_bytes(),
    );
    let o = adjudicate_on_the_deal(path.to_str().unwrap()).run();
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v = o.json();
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
    let o = anqi(["adjudicate", "--deal", DEAL, "--json", "-"])
        .stdin(text.as_bytes())
        .lang("C")
        .run();
    assert_eq!(o.code, 1, "{}", o.stderr);
    let v = o.json();
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
    let o = adjudicate_on_the_deal("-").stdin(b"1. a1=k").run();
    assert_eq!(o.code, 1);
    let v = o.json();
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
    let v = anqi(["adjudicate", "--json", "-"])
        .stdin(won.as_bytes())
        .lang("C")
        .run()
        .json();
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
    let v = anqi(args).stdin(limit.as_bytes()).lang("C").run().json();
    assert_eq!(
        (v["result"].as_str(), v["termination"].as_str()),
        (Some("1/2-1/2"), Some("move_limit"))
    );
    let v = anqi(["adjudicate", "--variant", "banqi", "--json", "-"])
        .stdin(limit.as_bytes())
        .lang("C")
        .run()
        .json();
    assert_eq!(v["termination"], "unfinished");
}

#[test]
fn adjudicate_house_rules_by_flag() {
    let chain = "[FEN \"8/8/8/Rnn5 r 0 5\"]\n5. a1xb1xc1\n";
    let plain = anqi(["adjudicate", "--variant", "banqi", "--json", "-"])
        .stdin(chain.as_bytes())
        .lang("C")
        .run();
    assert_eq!(plain.code, 1);
    let args = [
        "adjudicate",
        "--variant",
        "banqi",
        "--chain-captures",
        "--json",
        "-",
    ];
    let v = anqi(args).stdin(chain.as_bytes()).lang("C").run().json();
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
    let v = anqi(args).stdin(slide.as_bytes()).lang("C").run().json();
    assert_eq!(v["termination"], "no_pieces");
}

#[test]
fn adjudicate_report_follows_lang() {
    let won = "[FEN \"8/8/8/Rn6 r 0 9\"]\n9. a1xb1 1-0\n";
    let args = ["adjudicate", "--variant", "banqi", "-"];
    let o = anqi(args).stdin(won.as_bytes()).lang("en_GB.UTF-8").run();
    assert_eq!(o.code, 0);
    assert_eq!(
        o.stdout.as_str(),
        "Banqi: 1 plies, 1-0 (Red wins: a side has no pieces left)\nFinal position: 8/8/8/1R6 b 0 9\n"
    );
    let o = anqi(args).stdin(won.as_bytes()).lang("zh_TW.UTF-8").run();
    assert_eq!(
        o.stdout.as_str(),
        "暗棋：共 1 步，1-0（紅勝，一方棋子被吃光）\n終局局面：8/8/8/1R6 b 0 9\n"
    );
    let o = anqi(args).stdin(won.as_bytes()).lang("zh_CN.UTF-8").run();
    assert!(o.stdout.as_str().contains("红胜"), "{}", o.stdout);
}

#[test]
fn adjudicate_refuses_unreadable_input() {
    let path = record_file("garbage.pgn", b"[Variant \"banqi\"]\n1. a1 \xff\xfe b1\n");
    let o = anqi(["adjudicate", "--variant", "banqi", path.to_str().unwrap()])
        .lang("C")
        .run();
    o.assert_refused("line 2, column 7: byte 0xFF at offset 24 is not UTF-8");
    anqi(["adjudicate", "--variant", "banqi", "-"])
        .stdin(b"1. a1 {open")
        .lang("C")
        .run()
        .assert_refused("unterminated comment");
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_banqi_no_such_file.pgn");
    anqi([
        "adjudicate",
        "--variant",
        "banqi",
        missing.to_str().unwrap(),
    ])
    .lang("C")
    .run()
    .assert_refused("cannot read");
    anqi(["adjudicate", "--variant", "banqi", "--deal", "KK", "-"])
        .stdin(b"1. a1")
        .lang("C")
        .run()
        .assert_refused("deal");
    anqi(["adjudicate", "-"])
        .stdin(b"1. a1")
        .lang("C")
        .run()
        .assert_refused("no variant");
    let jieqi = b"[Variant \"jieqi\"]\n1. h2e2";
    anqi(["adjudicate", "--variant", "banqi", "-"])
        .stdin(jieqi)
        .lang("C")
        .run()
        .assert_refused("not Banqi");
}

/// Everything `anqi adjudicate` says about a Banqi record is worded in the language of `LANG`
///: an illegal turn, an unreadable record and a refused flag.
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
        let o = anqi(["adjudicate", "--variant", "banqi", "-"])
            .stdin(b"1. a1-a2")
            .lang(lang)
            .run();
        assert_eq!(o.code, 1, "{lang}: {}", o.stderr);
        assert!(
            o.stdout.as_str().starts_with(first_flip),
            "{lang}: {}",
            o.stdout.as_str()
        );
        let o = anqi(["adjudicate", "--variant", "banqi", "-"])
            .stdin(b"1. a1 {open")
            .lang(lang)
            .run();
        o.assert_refused(no_closing);
        let o = anqi([
            "adjudicate",
            "--variant",
            "banqi",
            "--move-limit",
            "sixty",
            "-",
        ])
        .stdin(b"1. a1")
        .lang(lang)
        .run();
        o.assert_refused(move_limit);
        let o = anqi(["adjudicate", "-"]).stdin(b"1. a1").lang(lang).run();
        o.assert_refused(no_variant);
    }
    // The JSON keeps its English message and now carries the cause for other languages.
    let o = anqi(["adjudicate", "--variant", "banqi", "--json", "-"])
        .stdin(b"1. a1-a2")
        .lang("C")
        .run();
    let v = o.json();
    assert_eq!(
        v["error"]["message"],
        "illegal turn: the first turn must be a flip (line 1, column 4)"
    );
    assert_eq!(v["error"]["cause"]["kind"], "illegal_turn");
    assert_eq!(v["error"]["cause"]["turn"]["rule"], "first_turn_not_flip");
}
