//! `anqi adjudicate` as a process over the hand-made records in `tests/records/`.

use crate::run::anqi;

fn record(name: &str) -> String {
    format!("{}/tests/records/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json(variant: &str, file: &str, extra: &[&str]) -> (i32, serde_json::Value) {
    let path = record(file);
    let mut args = vec!["adjudicate", "--variant", variant, "--json"];
    args.extend_from_slice(extra);
    args.push(&path);
    let (code, out, err) = anqi(&args).lang("C").run().parts();
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
    let (code, out, err) = anqi(["adjudicate", "--variant", "xiangqi", "-"])
        .stdin(text)
        .lang("C")
        .run()
        .parts();
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 1") && err.contains("not UTF-8"), "{err}");
}

#[test]
fn the_deal_on_the_command_line_is_checked_like_the_tag() {
    // The shuffled deal puts a pawn under h2: 炮二平五炮 contradicts it at ply 1.
    let text = "[Variant \"jieqi\"]\n\n1. 炮二平五炮 *\n";
    let (code, out, _) = anqi([
        "adjudicate",
        "--variant",
        "jieqi",
        "--json",
        "--deal",
        "pppppccrnbaabnrRNBAABNRCCPPPPP",
        "-",
    ])
    .stdin(text.as_bytes())
    .lang("C")
    .run()
    .parts();
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["error"]["ply"], 1);
}

#[test]
fn without_a_deal_every_reveal_must_be_written() {
    let text = "[Variant \"jieqi\"]\n\n1. h2e2C h9g7n 2. h0g2 *\n";
    let (code, out, _) = anqi(["adjudicate", "--variant", "jieqi", "--json", "-"])
        .stdin(text.as_bytes())
        .lang("C")
        .run()
        .parts();
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
    let (code, out, _) = anqi(["adjudicate", "--variant", "jieqi", "--json", "-"])
        .stdin(text.as_bytes())
        .lang("C")
        .run()
        .parts();
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["termination"], "unfinished");
    assert_eq!(v["plies"], 3);
}

#[test]
fn readable_report_follows_lang() {
    let path = record("checkmate.pgn");
    let (code, out, _) = anqi(["adjudicate", "--variant", "xiangqi", &path])
        .lang("zh_CN.UTF-8")
        .run()
        .parts();
    assert_eq!(code, 0);
    assert!(out.contains("1-0") && out.contains("将死"), "{out}");
    let (_, out, _) = anqi(["adjudicate", "--variant", "xiangqi", &path])
        .run()
        .parts();
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
        let (code, out, err) = anqi(args.iter())
            .stdin(b"1. h2e2 *")
            .lang("C")
            .run()
            .parts();
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// Runs `anqi adjudicate --json` on `text` (standard input); the exit status and each JSON line.
fn verdicts(variant: &str, text: &str, extra: &[&str]) -> (i32, Vec<serde_json::Value>) {
    let mut args = vec!["adjudicate", "--variant", variant, "--json"];
    args.extend_from_slice(extra);
    args.push("-");
    let (code, out, err) = anqi(&args).stdin(text.as_bytes()).lang("C").run().parts();
    let lines = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l} {err}")))
        .collect();
    (code, lines)
}

fn one(variant: &str, text: &str) -> serde_json::Value {
    let (code, mut v) = verdicts(variant, text, &[]);
    assert_eq!(v.len(), 1, "{v:?}");
    let v = v.remove(0);
    assert_eq!(code, if v["error"].is_null() { 0 } else { 1 }, "{v}");
    v
}

/// Red checks with the chariot on ranks 8 and 9 while the king steps between e8 and e9: the
/// position after ply 1 comes back at plies 5 and 9 (RULES.md §5).
const PERPETUAL: &str = "[FEN \"9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n\n\
    1. a0a8 e8e9 2. a8a9 e9e8 3. a9a8 e8e9 4. a8a9 e9e8 5. a9a8";

#[test]
fn rule_perpetual_check_cut_at_the_third_occurrence_is_the_ruling() {
    let v = one("xiangqi", &format!("{PERPETUAL} 1/2-1/2"));
    assert_eq!(
        (&v["termination"], &v["result"], &v["plies"]),
        (&"perpetual_check".into(), &"0-1".into(), &9.into()),
        "{v}"
    );
    // A written draw against the machine's ruling is reported, not taken.
    assert_eq!(v["claim_conflict"], "1/2-1/2");
    assert_eq!(
        v["events"],
        serde_json::json!([{"ply": 9, "rule": "repetition", "ruling": "perpetual_check",
            "result": "0-1", "offender": "red"}])
    );
}

#[test]
fn rule_play_going_on_after_a_perpetual_check_is_legal_with_one_event() {
    // Ply 10 repeats a position once more (still the same episode); ply 11 Red changes its move.
    let v = one("xiangqi", &format!("{PERPETUAL} e8e9 6. a8a7 1/2-1/2"));
    assert_eq!(v["error"], serde_json::Value::Null, "{v}");
    assert_eq!(
        (&v["termination"], &v["result"], &v["plies"]),
        (&"claimed".into(), &"1/2-1/2".into(), &11.into()),
        "{v}"
    );
    assert_eq!(v.get("claim_conflict"), None, "{v}");
    assert_eq!(v["events"].as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(v["events"][0]["ply"], 9);
}

#[test]
fn rule_a_fourth_occurrence_after_play_went_on_is_a_second_event() {
    // Red leaves (ply 11), the position after ply 1 comes back at ply 13: the cycle since its
    // previous occurrence (ply 9) holds a quiet red move, so this ruling is a plain draw.
    let v = one(
        "xiangqi",
        &format!("{PERPETUAL} e8e9 6. a8a7 e9e8 7. a7a8 *"),
    );
    let events = v["events"].as_array().cloned().unwrap_or_default();
    assert_eq!(events.len(), 2, "{v}");
    assert_eq!(
        events[1],
        serde_json::json!({"ply": 13, "rule": "repetition", "ruling": "repetition",
            "result": "1/2-1/2", "offender": null})
    );
    // The record ends on that fourth occurrence: the verdict is its ruling.
    assert_eq!(
        (&v["termination"], &v["result"]),
        (&"repetition".into(), &"1/2-1/2".into())
    );
    // The text report lists both events in the reader's language.
    let text = format!("{PERPETUAL} e8e9 6. a8a7 e9e8 7. a7a8 *");
    let (_, out, _) = anqi(["adjudicate", "--variant", "xiangqi", "-"])
        .stdin(text.as_bytes())
        .lang("zh_TW.UTF-8")
        .run()
        .parts();
    assert!(
        out.contains("第 9 著：局面第三次重複，紅方長將；對局繼續"),
        "{out}"
    );
    assert!(
        out.contains("第 13 著：局面第四次重複，判和；棋譜至此結束"),
        "{out}"
    );
    let (_, out, _) = anqi(["adjudicate", "--variant", "xiangqi", "-"])
        .stdin(text.as_bytes())
        .run()
        .parts();
    assert!(
        out.contains("ply 9: third occurrence, Red checked perpetually; play went on"),
        "{out}"
    );
}

#[test]
fn rule_the_move_limit_passed_and_play_going_on_to_mate_is_mate_with_one_event() {
    let text = "[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 118 60\"]\n\n60. a1a8 d9e9 61. b0b9 1-0";
    let v = one("xiangqi", text);
    assert_eq!(
        (&v["termination"], &v["result"], &v["plies"]),
        (&"checkmate".into(), &"1-0".into(), &3.into()),
        "{v}"
    );
    assert_eq!(
        v["events"],
        serde_json::json!([{"ply": 2, "rule": "move_limit", "ruling": "move_limit",
            "result": "1/2-1/2", "offender": null}])
    );
    // Cut where the limit is reached, the record is that ruling.
    let cut = "[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 118 60\"]\n\n60. a1a8 d9e9 1-0";
    let v = one("xiangqi", cut);
    assert_eq!(
        (&v["termination"], &v["result"], &v["claim_conflict"]),
        (&"move_limit".into(), &"1/2-1/2".into(), &"1-0".into())
    );
}

#[test]
fn rule_a_move_after_mate_is_still_illegal() {
    let text = "[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1\"]\n\n1. a1a8 d9e9 2. b0b9 e9f9";
    let v = one("xiangqi", text);
    assert_eq!(v["termination"], "illegal");
    assert_eq!(v["error"]["ply"], 4);
    // The same in traditional Chinese, and the real computer game that goes on after mate, are in
    // real_games.rs.
}

#[test]
fn a_numeric_game_tag_is_a_game_number_not_a_variant() {
    let text = "[Game \"2\"]\n\n1. h2e2 h9g7 *\n";
    let v = one("xiangqi", text);
    assert_eq!(
        (&v["termination"], &v["plies"]),
        (&"unfinished".into(), &2.into())
    );
    // Without --variant the record names none: the Game tag is not taken for one.
    let (code, _, err) = anqi(["adjudicate", "--json", "-"])
        .stdin(text.as_bytes())
        .lang("C")
        .run()
        .parts();
    assert_eq!(code, 2, "a one-game file that cannot be read: {err}");
    assert!(err.contains("no variant"), "{err}");
}

#[test]
fn rule_a_written_draw_against_a_perpetual_chase_ruling_is_a_claim_conflict() {
    let text = std::fs::read_to_string(record("perpetual_chase.pgn"))
        .expect("record")
        .replace(" *", " 1/2-1/2");
    let v = one("xiangqi", &text);
    assert_eq!(
        (&v["termination"], &v["result"], &v["claim_conflict"]),
        (&"perpetual_chase".into(), &"0-1".into(), &"1/2-1/2".into()),
        "{v}"
    );
    assert_eq!(v["events"][0]["offender"], "red");
}

#[test]
fn rule_banqi_repetition_is_an_event_and_play_goes_on() {
    let fen = "[Variant \"banqi\"]\n[FEN \"K7/8/8/7k r 0 9\"]\n\n";
    let cycle = "9. a4-b4 h1-g1 10. b4-a4 g1-h1 11. a4-b4 h1-g1 12. b4-a4 g1-h1";
    // Cut at the third occurrence: the ruling.
    let v = one("banqi", &format!("{fen}{cycle} *"));
    assert_eq!(
        (&v["termination"], &v["result"]),
        (&"repetition".into(), &"1/2-1/2".into())
    );
    assert_eq!(
        v["events"],
        serde_json::json!([{"ply": 8, "rule": "repetition", "ruling": "repetition",
            "result": "1/2-1/2", "offender": null}])
    );
    // Play goes on and leaves: legal, one event; the claim stands.
    let v = one("banqi", &format!("{fen}{cycle} 13. a4-b4 h1-h2 0-1"));
    assert_eq!(
        (&v["termination"], &v["result"], &v["plies"]),
        (&"claimed".into(), &"0-1".into(), &10.into()),
        "{v}"
    );
    assert_eq!(v["events"].as_array().map(Vec::len), Some(1));
    // Coming back to the start position a fourth time is a second event.
    let v = one(
        "banqi",
        &format!("{fen}{cycle} 13. a4-b4 h1-h2 14. b4-a4 h2-h1 *"),
    );
    assert_eq!(v["events"].as_array().map(Vec::len), Some(2), "{v}");
    assert_eq!(v["events"][1]["ply"], 12);
    assert_eq!(v["termination"], "repetition");
}

#[test]
fn rule_banqi_hundred_plies_passed_and_play_going_on_to_no_pieces() {
    let text = "[Variant \"banqi\"]\n[FEN \"R7/8/8/2n5 r 98 60\"]\n\n\
        60. a4-a3 c1-c2 61. a3-b3 c2-b2 62. b3xb2 1-0";
    let v = one("banqi", text);
    assert_eq!(
        (&v["termination"], &v["result"], &v["plies"]),
        (&"no_pieces".into(), &"1-0".into(), &5.into()),
        "{v}"
    );
    assert_eq!(
        v["events"],
        serde_json::json!([{"ply": 2, "rule": "move_limit", "ruling": "move_limit",
            "result": "1/2-1/2", "offender": null}])
    );
}

#[test]
fn rule_banqi_perpetual_chase_is_an_event_and_a_written_win_conflicts() {
    // Red's chariot chases the black horse up the board for 8 plies (window set to 8).
    let fen = "[Variant \"banqi\"]\n[FEN \"8/8/8/R1n5 r 0 9\"]\n\n";
    let chase = "9. a1-b1 c1-c2 10. b1-b2 c2-c3 11. b2-b3 c3-c4 12. b3-b4 c4-d4";
    let (code, v) = verdicts(
        "banqi",
        &format!("{fen}{chase} 1-0"),
        &["--chase-limit", "8"],
    );
    assert_eq!(code, 0);
    assert_eq!(
        (
            &v[0]["termination"],
            &v[0]["result"],
            &v[0]["claim_conflict"]
        ),
        (&"perpetual_chase".into(), &"1/2-1/2".into(), &"1-0".into()),
        "{}",
        v[0]
    );
    assert_eq!(v[0]["events"][0]["rule"], "perpetual_chase");
    assert_eq!(v[0]["events"][0]["ply"], 8);
    // Red stops chasing: play goes on, legal, one event.
    let (code, v) = verdicts(
        "banqi",
        &format!("{fen}{chase} 13. b4-a4 d4-d3 *"),
        &["--chase-limit", "8"],
    );
    assert_eq!(code, 0);
    assert_eq!(v[0]["termination"], "unfinished", "{}", v[0]);
    assert_eq!(v[0]["events"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_multi_game_file_prints_one_verdict_per_game_in_file_order() {
    let games = [
        std::fs::read_to_string(record("checkmate.pgn")).expect("record"),
        "[Event \"broken\"]\n\n1. h2e2 {never closed\n".to_string(),
        std::fs::read_to_string(record("repetition.pgn")).expect("record"),
        std::fs::read_to_string(record("garbage_token.pgn")).expect("record"),
    ];
    let text = games.join("\n");
    let (code, v) = verdicts("xiangqi", &text, &[]);
    assert_eq!(code, 1);
    assert_eq!(v.len(), 4, "{v:?}");
    assert_eq!(v[0]["termination"], "checkmate");
    assert_eq!(v[1]["termination"], "illegal");
    let message = v[1]["error"]["message"].as_str().unwrap_or_default();
    let broken_line = games[0].lines().count() + 1 + 3;
    assert!(
        message.contains(&format!("line {broken_line}, column 9"))
            && message.contains("unterminated comment"),
        "{message}"
    );
    assert_eq!(v[2]["termination"], "repetition");
    assert_eq!(v[3]["error"]["token"], "#$%&");
    // The summary counts by termination.
    let (code, out, _) = anqi([
        "adjudicate",
        "--variant",
        "xiangqi",
        "--summary",
        "--json",
        "-",
    ])
    .stdin(text.as_bytes())
    .lang("C")
    .run()
    .parts();
    assert_eq!(code, 1);
    let s: serde_json::Value = serde_json::from_str(&out).expect("summary json");
    assert_eq!(s["games"], 4);
    assert_eq!(s["terminations"]["illegal"], 2);
    assert_eq!(s["terminations"]["checkmate"], 1);
    // All legal: exit 0.
    let legal = [games[0].as_str(), games[2].as_str()].join("\n");
    assert_eq!(verdicts("xiangqi", &legal, &[]).0, 0);
}

#[test]
fn a_one_game_file_prints_what_it_printed_before() {
    let (code, out, _) = anqi([
        "adjudicate",
        "--variant",
        "xiangqi",
        "--json",
        &record("checkmate.pgn"),
    ])
    .lang("C")
    .run()
    .parts();
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let keys: Vec<&str> = v
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        [
            "error",
            "events",
            "final_fen",
            "plies",
            "result",
            "termination",
            "variant"
        ]
    );
}

#[test]
fn refusals_are_worded_with_correct_grammar_in_each_language() {
    let path = record("wrong_reveal.pgn");
    let args = ["adjudicate", "--variant", "jieqi", path.as_str()];
    let (code, out, _) = anqi(args).run().parts();
    assert_eq!(code, 1);
    assert!(
        out.contains("the piece on h0 is a horse, not a chariot"),
        "{out}"
    );
    let (_, out, _) = anqi(args).lang("zh_TW.UTF-8").run().parts();
    assert!(out.contains("h0 的暗子是馬，不是車"), "{out}");
    let (_, out, _) = anqi(args).lang("zh_CN.UTF-8").run().parts();
    assert!(out.contains("h0 的暗子是马，不是车"), "{out}");
    // The JSON message is the English sentence.
    let (_, v) = json("jieqi", "wrong_reveal.pgn", &[]);
    assert_eq!(
        v["error"]["message"],
        "reveal contradicts the deal: the piece on h0 is a horse, not a chariot"
    );
}

#[test]
fn the_text_report_of_a_multi_game_file_heads_each_game() {
    let text = [
        std::fs::read_to_string(record("checkmate.pgn")).expect("record"),
        std::fs::read_to_string(record("repetition.pgn")).expect("record"),
    ]
    .join("\n");
    let (code, out, _) = anqi(["adjudicate", "--variant", "xiangqi", "-"])
        .stdin(text.as_bytes())
        .lang("C")
        .run()
        .parts();
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Game 1 (line 1):\nXiangqi: 3 plies, 1-0"),
        "{out}"
    );
    // checkmate.pgn ends with a line end; the join adds a blank line.
    let second = std::fs::read_to_string(record("checkmate.pgn"))
        .expect("record")
        .lines()
        .count()
        + 2;
    assert!(
        out.contains(&format!("\n\nGame 2 (line {second}):\nXiangqi: 8 plies")),
        "{out}"
    );
    let (_, out, _) = anqi(["adjudicate", "--variant", "xiangqi", "--summary", "-"])
        .stdin(text.as_bytes())
        .lang("C")
        .run()
        .parts();
    assert!(out.starts_with("2 games\n"), "{out}");
    assert!(
        out.contains("checkmate") && out.contains("repetition"),
        "{out}"
    );
}

/// Red in check from the chariot on e5 plays a move that does not answer it; then, a chariot
/// pinned on the king's file steps aside: both refusals say it is the king's safety, in the
/// reader's language, in every notation.
#[test]
fn a_move_that_ignores_or_walks_into_check_says_so() {
    let checked = "[FEN \"3k5/9/9/9/4r4/9/9/9/9/R3K4 w - - 0 1\"]\n\n";
    let pinned = "[FEN \"3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1\"]\n\n";
    for (position, token, key) in [
        (checked, "1. a0a1", "still in check"),
        (checked, "1. 车九进一", "still in check"),
        (pinned, "1. e1d1", "into check"),
        (pinned, "1. R5=6", "into check"),
    ] {
        let text = format!("{position}{token}");
        let (code, out, err) = anqi(["adjudicate", "--variant", "xiangqi", "-"])
            .stdin(text.as_bytes())
            .lang("zh_TW.UTF-8")
            .run()
            .parts();
        assert_eq!(code, 1, "{token}: {out} {err}");
        let expected = match key {
            "still in check" => "將帥正被將軍，此著未能應將",
            _ => "此著會令己方將帥被將軍",
        };
        assert!(out.contains(expected), "{token}: {out}");
        let v = one("xiangqi", &text);
        let cause = v["error"]["cause"].to_string();
        assert!(cause.contains("into_check"), "{token}: {v}");
    }
}
