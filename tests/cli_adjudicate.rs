//! `anqi adjudicate` as a process over the hand-made records in `tests/records/`.

use std::io::Write;
use std::process::{Command, Stdio};

fn record(name: &str) -> String {
    format!("{}/tests/records/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn anqi(args: &[&str], stdin: Option<&[u8]>, lang: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_anqi"))
        .args(args)
        .env("LANG", lang)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run anqi");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input)
            // The program may reject its options before reading: a closed pipe is fine.
            .ok();
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(variant: &str, file: &str, extra: &[&str]) -> (i32, serde_json::Value) {
    let path = record(file);
    let mut args = vec!["adjudicate", "--variant", variant, "--json"];
    args.extend_from_slice(extra);
    args.push(&path);
    let (code, out, err) = anqi(&args, None, "C");
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{file}: {e}: {out} {err}"));
    (code, v)
}

#[test]
fn endings_of_the_hand_made_records() {
    let cases = [
        ("checkmate.pgn", "xiangqi", 3, "1-0", "checkmate"),
        ("stalemate.pgn", "xiangqi", 1, "1-0", "stalemate"),
        (
            "perpetual_check.pgn",
            "xiangqi",
            9,
            "0-1",
            "perpetual_check",
        ),
        (
            "perpetual_chase.pgn",
            "xiangqi",
            8,
            "0-1",
            "perpetual_chase",
        ),
        ("repetition.pgn", "xiangqi", 8, "1/2-1/2", "repetition"),
        ("move_limit.pgn", "xiangqi", 4, "1/2-1/2", "move_limit"),
    ];
    for (file, variant, plies, result, termination) in cases {
        let (code, v) = json(variant, file, &[]);
        assert_eq!(code, 0, "{file}: {v}");
        assert_eq!(v["plies"], plies, "{file}: {v}");
        assert_eq!(v["result"], result, "{file}: {v}");
        assert_eq!(v["termination"], termination, "{file}: {v}");
        assert_eq!(v["error"], serde_json::Value::Null, "{file}");
        assert_eq!(v["variant"], variant);
    }
}

#[test]
fn illegal_records_name_the_ply_token_and_reason() {
    let cases = [
        (
            "wrong_reveal.pgn",
            "jieqi",
            3,
            "马二进三车",
            "reveal contradicts the deal",
        ),
        ("ambiguous.pgn", "jieqi", 3, "中兵进一", "ambiguous move"),
        ("garbage_token.pgn", "xiangqi", 4, "#$%&", "not a move"),
    ];
    for (file, variant, ply, token, reason) in cases {
        let (code, v) = json(variant, file, &[]);
        assert_eq!(code, 1, "{file}: {v}");
        assert_eq!(v["termination"], "illegal");
        assert_eq!(v["result"], "*");
        assert_eq!(v["plies"], ply - 1);
        assert_eq!(v["error"]["ply"], ply, "{file}: {v}");
        assert_eq!(v["error"]["token"], token);
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains(reason),
            "{file}: {v}"
        );
    }
}

#[test]
fn ambiguous_token_lists_both_candidates() {
    let (_, v) = json("jieqi", "ambiguous.pgn", &[]);
    let m = v["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(m.contains("中兵九进一") && m.contains("中兵五进一"), "{m}");
}

#[test]
fn garbage_bytes_in_a_move_are_reported_at_their_ply() {
    let (code, v) = json("xiangqi", "garbage_bytes.pgn", &[]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["error"]["ply"], 3);
    assert_eq!(v["plies"], 2);
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("not UTF-8"),
        "{v}"
    );
}

#[test]
fn garbage_bytes_in_a_tag_make_the_record_unreadable() {
    let text = b"[Event \"\xff\xfe\"]\n\n1. h2e2 *\n";
    let (code, out, err) = anqi(
        &["adjudicate", "--variant", "xiangqi", "-"],
        Some(text),
        "C",
    );
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 1") && err.contains("not UTF-8"), "{err}");
}

#[test]
fn the_deal_on_the_command_line_is_checked_like_the_tag() {
    // The shuffled deal puts a pawn under h2: 炮二平五炮 contradicts it at ply 1.
    let text = "[Variant \"jieqi\"]\n\n1. 炮二平五炮 *\n";
    let (code, out, _) = anqi(
        &[
            "adjudicate",
            "--variant",
            "jieqi",
            "--json",
            "--deal",
            "pppppccrnbaabnrRNBAABNRCCPPPPP",
            "-",
        ],
        Some(text.as_bytes()),
        "C",
    );
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["error"]["ply"], 1);
}

#[test]
fn without_a_deal_every_reveal_must_be_written() {
    let text = "[Variant \"jieqi\"]\n\n1. h2e2C h9g7n 2. h0g2 *\n";
    let (code, out, _) = anqi(
        &["adjudicate", "--variant", "jieqi", "--json", "-"],
        Some(text.as_bytes()),
        "C",
    );
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["error"]["ply"], 3);
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("reveal missing")
    );
    assert_eq!(v["termination"], "illegal");
    // Written reveals, any notation, mixed: unfinished without a result token.
    let text = "[Variant \"jieqi\"]\n\n1. h2e2C 马8进7马 2. H2+3=R *\n";
    let (code, out, _) = anqi(
        &["adjudicate", "--variant", "jieqi", "--json", "-"],
        Some(text.as_bytes()),
        "C",
    );
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["termination"], "unfinished");
    assert_eq!(v["plies"], 3);
}

#[test]
fn readable_report_follows_lang() {
    let path = record("checkmate.pgn");
    let (code, out, _) = anqi(
        &["adjudicate", "--variant", "xiangqi", &path],
        None,
        "zh_CN.UTF-8",
    );
    assert_eq!(code, 0);
    assert!(out.contains("1-0") && out.contains("将死"), "{out}");
    let (_, out, _) = anqi(
        &["adjudicate", "--variant", "xiangqi", &path],
        None,
        "en_US.UTF-8",
    );
    assert!(out.contains("1-0") && out.contains("checkmate"), "{out}");
}

#[test]
fn unreadable_input_exits_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &["adjudicate", "--variant", "shogi", "-"],
        &[
            "adjudicate",
            "--variant",
            "xiangqi",
            "/nonexistent/record.pgn",
        ],
        &[
            "adjudicate",
            "--variant",
            "jieqi",
            "--deal",
            "rnbaabnrccpppppRPPPPCCRNBAABNR",
            "-",
        ],
        &[
            "adjudicate",
            "--variant",
            "xiangqi",
            "--fen",
            "9/9/9 w",
            "-",
        ],
        &[
            "adjudicate",
            "--variant",
            "xiangqi",
            "--move-limit",
            "sixty",
            "-",
        ],
    ];
    for args in cases {
        let (code, out, err) = anqi(args, Some(b"1. h2e2 *"), "C");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
