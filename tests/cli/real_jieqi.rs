//! The real engine-against-engine Jieqi games of `../shared/data/real-jieqi` (beside the repository,
//! never copied into it) written by Anqi in every format it writes — its own record, JieqiBox JSON,
//! Pikafish's `position … moves …` line, pychess PGN — and read back by `anqi adjudicate`: each game
//! must give the same verdict and final position as its source. Ignored where the data is absent.

use crate::run::anqi;
use std::path::{Path, PathBuf};

use anqi::rules::Variant;
use anqi::rules::formats::{self, Format};
use anqi::rules::notation::GameSplitter;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/real-jieqi")
}

/// `anqi adjudicate --variant jieqi --json` over a file: one verdict per game.
fn verdicts(path: &Path) -> Vec<serde_json::Value> {
    let out = anqi(
        ["adjudicate", "--variant", "jieqi", "--json"]
            .map(std::ffi::OsStr::new)
            .iter()
            .chain([path.as_os_str()].iter()),
    )
    .run();
    assert!(
        matches!(out.code, 0 | 1),
        "{}: {}",
        path.display(),
        out.stderr
    );
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("verdict JSON"))
        .collect()
}

#[test]
#[cfg_attr(
    not(shared_real_jieqi),
    ignore = "needs ../shared/data/real-jieqi beside the repository"
)]
fn every_real_jieqi_game_gives_the_same_verdict_in_every_format_anqi_writes() {
    let out_dir = std::env::temp_dir().join(format!("anqi-real-jieqi-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("real-jieqi")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    sources.sort();
    let (mut games, mut compared) = (0, 0);
    for source in &sources {
        let text = std::fs::read(source).expect("read");
        let mut splitter = GameSplitter::new();
        let mut texts = Vec::new();
        for line in text.split_inclusive(|b| *b == b'\n') {
            texts.extend(splitter.push_line(line));
        }
        texts.extend(splitter.finish());
        let expected = verdicts(source);
        assert_eq!(expected.len(), texts.len(), "{}", source.display());
        let exported: Vec<_> = texts
            .iter()
            .map(|g| {
                let record =
                    anqi::rules::adjudicate::read_record(&g.bytes, g.first_line).expect("record");
                let game = formats::replay_for_export(&record, Variant::Jieqi, None)
                    .unwrap_or_else(|e| panic!("{}: {e}", source.display()));
                (record.tags, game)
            })
            .collect();
        games += exported.len();
        for format in [
            Format::Record,
            Format::JieqiBox,
            Format::Pikafish,
            Format::Pychess,
        ] {
            let mut file = String::new();
            let mut json = Vec::new();
            for (tags, game) in &exported {
                let written = formats::write(game, format, tags);
                if format == Format::JieqiBox {
                    json.push(serde_json::from_str::<serde_json::Value>(&written).expect("json"));
                } else {
                    file.push_str(&written);
                    file.push('\n');
                }
            }
            if format == Format::JieqiBox {
                file = serde_json::to_string_pretty(&json).expect("json");
            }
            let path = out_dir.join(format!("games.{}.{}", format.name(), format.extension()));
            std::fs::write(&path, &file).expect("write");
            let back = verdicts(&path);
            assert_eq!(back.len(), expected.len(), "{format:?}");
            for (k, (b, e)) in back.iter().zip(&expected).enumerate() {
                let what = format!("{} game {} as {format:?}", source.display(), k + 1);
                assert!(e["error"].is_null(), "{what}: the source is illegal: {e}");
                for key in ["plies", "final_fen", "events", "error"] {
                    assert_eq!(b[key], e[key], "{what}: {key}");
                }
                // A UCI line has no place for a written result: there the board's own verdict
                // stands, with no claim to conflict with it.
                if format != Format::Pikafish || e["termination"] != "claimed" {
                    for key in ["result", "termination"] {
                        assert_eq!(b[key], e[key], "{what}: {key}");
                    }
                }
                if format != Format::Pikafish {
                    assert_eq!(b["claim_conflict"], e["claim_conflict"], "{what}");
                }
                compared += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&out_dir);
    eprintln!(
        "{games} real Jieqi games, {compared} verdicts read back from Anqi's four formats agree"
    );
    assert!(games > 0);
}
