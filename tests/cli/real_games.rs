//! `anqi adjudicate` over real master games and over the project's own records of the same kinds.
//!
//! The real games live in `../shared/data/real-games` (beside the repository, never copied into it):
//! games that arbiters let stand must never be illegal or unreadable, a written result either equals
//! the verdict or is reported as a claim conflict, and the xqdb-15 set gives the same final positions
//! in Chinese, WXF and ICCS. Those tests are ignored, with their reason, where the data is absent.
//! The project's own records (`tests/records/tandem.*.pgn`: one game in four notations, with tandem
//! pawns and full-width WXF) and encodings made here cover the same readers everywhere.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::anqi;

/// A file of the shared real-game collection.
fn shared(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/real-games")
        .join(name)
}

/// A record the project wrote (`tests/records`).
fn own(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(name)
}

/// The text of a shared file, decompressed with `gzip -dc` when it ends in `.gz`.
fn shared_text(name: &str) -> String {
    let path = shared(name);
    let bytes = if name.ends_with(".gz") {
        let out = Command::new("gzip")
            .arg("-dc")
            .arg(&path)
            .output()
            .expect("run gzip");
        assert!(out.status.success(), "gzip -dc {}", path.display());
        out.stdout
    } else {
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    String::from_utf8(bytes).expect("UTF-8")
}

/// The verdicts of every game of a record text, in order (one multi-game run).
fn verdicts(label: &str, text: &str) -> Vec<serde_json::Value> {
    let out = anqi(["adjudicate", "--variant", "xiangqi", "--json", "-"])
        .stdin(text.as_bytes())
        .run();
    assert!(matches!(out.code, 0 | 1), "{label}: {}", out.stderr);
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{label}: {e}: {l}")))
        .collect()
}

/// The written results (`Result` tags) of a text's games, in order (`None` where there is none).
fn written_results(text: &str) -> Vec<Option<String>> {
    let mut results = Vec::new();
    let mut in_moves = false;
    for line in text.lines() {
        if line.starts_with("[Event ") && (in_moves || results.is_empty()) {
            results.push(None);
            in_moves = false;
        }
        if let Some(r) = line
            .strip_prefix("[Result \"")
            .and_then(|r| r.strip_suffix("\"]"))
            .filter(|r| ["1-0", "0-1", "1/2-1/2"].contains(r))
            && let Some(last) = results.last_mut()
        {
            *last = Some(r.to_string());
        }
        if !line.trim().is_empty() && !line.starts_with('[') && !line.starts_with(';') {
            in_moves = true;
        }
    }
    results
}

/// The games the shared `known-damaged.txt` lists for a file (`FILE#N`, N from 1), as indexes.
fn known_damaged(name: &str) -> Vec<usize> {
    shared_text("known-damaged.txt")
        .lines()
        .filter_map(|l| {
            l.split_whitespace()
                .next()?
                .strip_prefix(name)?
                .strip_prefix('#')
        })
        .filter_map(|n| n.parse::<usize>().ok())
        .map(|n| n - 1)
        .collect()
}

#[test]
#[cfg_attr(
    not(shared_real_games),
    ignore = "needs ../shared/data/real-games beside the repository"
)]
fn no_real_game_is_illegal_or_unreadable() {
    let mut went_on = 0;
    let mut conflicts = 0;
    for (name, games) in [
        ("ccpd-10k.chinese.pgn.gz", 10_349),
        ("xqdb-hu-ronghua-1391.iccs.pgn", 1_391),
        ("xqdb-15.chinese.pgn", 15),
        ("xqdb-15.wxf.pgn", 15),
        ("xqdb-15.iccs.pgn", 15),
    ] {
        let text = shared_text(name);
        let vs = verdicts(name, &text);
        assert_eq!(vs.len(), games, "{name}");
        let written = written_results(&text);
        assert_eq!(written.len(), games, "{name}");
        let damaged = known_damaged(name);
        for (k, (v, w)) in vs.iter().zip(&written).enumerate() {
            if damaged.contains(&k) {
                // Damaged at the source: a move after the end is illegal, named by its ply.
                assert_eq!(v["termination"], "illegal", "{name} game {}", k + 1);
                continue;
            }
            assert_eq!(
                v["error"],
                serde_json::Value::Null,
                "{name} game {}: {v}",
                k + 1
            );
            assert_ne!(v["termination"], "illegal", "{name} game {}", k + 1);
            if let Some(w) = w {
                assert!(
                    v["result"] == w.as_str() || v["claim_conflict"] == w.as_str(),
                    "{name} game {}: written {w}, verdict {v}",
                    k + 1
                );
                conflicts += usize::from(v["claim_conflict"] == w.as_str());
            }
            let plies = v["plies"].as_u64().unwrap_or_default();
            went_on += usize::from(v["events"].as_array().is_some_and(|es| {
                es.iter().any(|e| {
                    e["rule"] == "repetition" && e["ply"].as_u64().unwrap_or_default() < plies
                })
            }));
        }
    }
    // About one game in twelve goes on after a third occurrence; claims conflict in some.
    assert!(went_on >= 600, "{went_on}");
    assert!(conflicts >= 10, "{conflicts}");
}

#[test]
#[cfg_attr(
    not(shared_real_games),
    ignore = "needs ../shared/data/real-games beside the repository"
)]
fn the_quoted_tags_of_real_files_are_read() {
    let text = shared_text("ccpd-10k.chinese.pgn.gz");
    let quoted = text
        .lines()
        .filter(|l| l.starts_with("[Event \"") && l.matches('"').count() > 2)
        .count();
    assert!(quoted >= 30, "{quoted}");
}

#[test]
fn a_tag_value_keeps_its_inner_quotes() {
    let record = anqi::rules::notation::Record::parse(
        "[Event \"1999年\"中視股份杯\"象棋年度總決賽\"]\n\n1. 炮二平五 *",
    )
    .expect("readable");
    assert_eq!(
        record.tag("Event"),
        Some("1999年\"中視股份杯\"象棋年度總決賽")
    );
}

/// The board and side to move of a verdict's final position.
fn board(v: &serde_json::Value) -> String {
    v["final_fen"]
        .as_str()
        .unwrap_or_default()
        .split(' ')
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
#[cfg_attr(
    not(shared_real_games),
    ignore = "needs ../shared/data/real-games beside the repository"
)]
fn the_three_notations_of_the_xqdb_15_set_end_alike() {
    let read = |name: &str| verdicts(name, &shared_text(name));
    let chinese = read("xqdb-15.chinese.pgn");
    let traditional = read("xqdb-traditional.chinese.pgn");
    let wxf = read("xqdb-15.wxf.pgn");
    let iccs = read("xqdb-15.iccs.pgn");
    for k in 0..15 {
        assert_eq!(chinese[k], wxf[k], "game {}", k + 1);
        assert_eq!(chinese[k], traditional[k], "game {}", k + 1);
        assert_eq!(
            (&chinese[k]["termination"], &chinese[k]["plies"]),
            (&iccs[k]["termination"], &iccs[k]["plies"]),
            "game {}",
            k + 1
        );
        if k != 1 {
            assert_eq!(board(&chinese[k]), board(&iccs[k]), "game {}", k + 1);
        }
    }
    // Game 2: the sources disagree at ply 71 (the shared known-damaged.txt): the rear pawn in
    // Chinese and WXF, the front pawn in ICCS; the boards differ by exactly that pawn.
    assert_eq!(
        board(&chinese[1]),
        "2b3b2/4k4/9/8P/p3P4/2B1P3P/P8/2n6/9/3AKAB2 w"
    );
    assert_eq!(
        board(&iccs[1]),
        "2b3b2/4k4/9/4P3P/p8/2B5P/P3P4/2n6/9/3AKAB2 w"
    );
}

/// One game of our own in ICCS, simplified and traditional Chinese (full-width digits for Black)
/// and full-width WXF, with tandem pawns (前兵/后兵/後兵, `＋Ｐ`/`－Ｐ`): the same verdict in all.
#[test]
fn one_game_in_four_notations_ends_alike() {
    let read = |name: &str| {
        let text = std::fs::read_to_string(own(name)).expect("record");
        let mut vs = verdicts(name, &text);
        assert_eq!(vs.len(), 1, "{name}");
        vs.remove(0)
    };
    let iccs = read("tandem.iccs.pgn");
    assert_eq!(iccs["error"], serde_json::Value::Null, "{iccs}");
    assert_eq!(
        (&iccs["termination"], &iccs["plies"]),
        (&"unfinished".into(), &23.into())
    );
    // The front pawn went on to d7, the rear one across to e5.
    assert_eq!(
        board(&iccs),
        "1rbakabr1/9/2nPc2c1/4p4/p3P1p1p/9/P3n1P1P/2N1C2C1/9/1RBAKABNR b"
    );
    for name in [
        "tandem.chinese.pgn",
        "tandem.traditional.pgn",
        "tandem.wxf.pgn",
    ] {
        assert_eq!(read(name), iccs, "{name}");
    }
}

/// A record that goes on after mate (as some real computer logs do): RULES.md §5, the record is
/// illegal from the first move after the end, named with its ply and token.
#[test]
fn a_traditional_record_with_moves_after_mate_is_illegal_there() {
    let text = "[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1\"]\n\n\
                1. 車九進七 將４平５ 2. 車八進九 將５平４ 1-0\n";
    let vs = verdicts("after mate", text);
    let v = &vs[0];
    assert_eq!(
        (&v["termination"], &v["result"], &v["plies"]),
        (&"illegal".into(), &"*".into(), &3.into())
    );
    assert_eq!(
        (&v["error"]["ply"], &v["error"]["token"]),
        (&4.into(), &"將５平４".into())
    );
    let out = anqi(["adjudicate", "--variant", "xiangqi", "-"])
        .stdin(text.as_bytes())
        .lang("C")
        .run();
    assert_eq!(out.code, 1);
    assert!(out.stdout.contains("illegal ply 4"), "{}", out.stdout);
}

/// The real computer game of the shared collection that goes on after Red's mate at ply 71.
#[test]
#[cfg_attr(
    not(shared_real_games),
    ignore = "needs ../shared/data/real-games beside the repository"
)]
fn the_real_game_with_moves_after_mate_is_illegal_at_ply_72() {
    let vs = verdicts("ccpd-10k", &shared_text("ccpd-10k.chinese.pgn.gz"));
    let v = &vs[10_311];
    assert_eq!(
        (&v["termination"], &v["result"], &v["plies"]),
        (&"illegal".into(), &"*".into(), &71.into())
    );
    assert_eq!(
        (&v["error"]["ply"], &v["error"]["token"]),
        (&72.into(), &"將５平４".into())
    );
}

/// `anqi adjudicate` on bytes that are not UTF-8: exit 2, one line naming the likely encoding.
fn assert_names_encoding(label: &str, bytes: &[u8], encoding: &str) {
    let out = anqi(["adjudicate", "--variant", "xiangqi", "-"])
        .stdin(bytes)
        .run();
    assert_eq!(out.code, 2, "{label}");
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("not UTF-8") && out.stderr.contains(&format!("looks like {encoding}")),
        "{label}: {}",
        out.stderr
    );
    let guess = anqi::rules::notation::LegacyEncoding::guess(bytes).map(|e| e.name());
    assert_eq!(guess, Some(encoding), "{label}");
}

/// Our own records encoded as the old Taiwanese and mainland files were (Big5 for the traditional
/// one, GB18030 for the simplified one).
#[test]
fn records_that_are_not_utf8_name_the_likely_encoding() {
    for (name, encoding, coder) in [
        ("tandem.traditional.pgn", "Big5", encoding_rs::BIG5),
        ("tandem.chinese.pgn", "GB18030", encoding_rs::GB18030),
    ] {
        let text = std::fs::read_to_string(own(name)).expect("record");
        let (bytes, _, unmappable) = coder.encode(&text);
        assert!(!unmappable, "{name}");
        assert!(std::str::from_utf8(&bytes).is_err(), "{name}");
        assert_names_encoding(name, &bytes, encoding);
    }
}

#[test]
#[cfg_attr(
    not(shared_real_games),
    ignore = "needs ../shared/data/real-games beside the repository"
)]
fn real_files_that_are_not_utf8_name_the_likely_encoding() {
    for (name, encoding) in [
        ("encoding-big5.pgn", "Big5"),
        ("encoding-gb18030.pgn", "GB18030"),
    ] {
        let bytes = std::fs::read(shared(name)).expect("shared file");
        assert_names_encoding(name, &bytes, encoding);
    }
}
