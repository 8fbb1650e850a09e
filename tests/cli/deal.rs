//! `anqi deal new` / `anqi deal verify` run as a process.

use std::process::{Command, Output};

fn anqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_anqi"))
        .args(args)
        .output()
        .expect("run anqi")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The value of a `key: value` line of `deal new`.
fn field(text: &str, key: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("no '{key}' line in:\n{text}"))
        .to_string()
}

const SEED: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";

fn new_deal(variant: &str, seed: &str) -> String {
    let out = anqi(&[
        "deal",
        "new",
        "--variant",
        variant,
        "--seed",
        seed,
        "--event",
        "hk2011",
        "--round",
        "7",
        "--game",
        "decider",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

fn verify_args<'a>(
    variant: &'a str,
    round: &'a str,
    game: &'a str,
    deal: &'a str,
    seed: &'a str,
    commitment: &'a str,
) -> Vec<&'a str> {
    vec![
        "deal",
        "verify",
        "--variant",
        variant,
        "--event",
        "hk2011",
        "--round",
        round,
        "--game",
        game,
        "--deal",
        deal,
        "--seed",
        seed,
        "--commitment",
        commitment,
    ]
}

#[test]
fn new_with_a_seed_is_deterministic_and_verifies() {
    for variant in ["jieqi", "banqi"] {
        let first = new_deal(variant, SEED);
        assert_eq!(first, new_deal(variant, SEED));
        let deal = field(&first, "deal");
        assert_eq!(deal.len(), if variant == "jieqi" { 30 } else { 32 });
        assert_eq!(field(&first, "seed"), SEED);
        assert_eq!(field(&first, "game"), "decider");
        let commitment = field(&first, "commitment");
        let out = anqi(&verify_args(
            variant,
            "7",
            "decider",
            &deal,
            SEED,
            &commitment,
        ));
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(stdout(&out).trim(), "ok");
    }
}

#[test]
fn new_without_a_seed_draws_a_fresh_one() {
    let a = anqi(&["deal", "new", "--variant", "jieqi"]);
    let b = anqi(&["deal", "new", "--variant", "jieqi"]);
    assert_eq!(a.status.code(), Some(0));
    let (a, b) = (stdout(&a), stdout(&b));
    assert_ne!(field(&a, "seed"), field(&b, "seed"));
    assert_eq!(field(&a, "seed").len(), 64);
    let out = anqi(
        &verify_args(
            "jieqi",
            "1",
            "1",
            &field(&a, "deal"),
            &field(&a, "seed"),
            &field(&a, "commitment"),
        )
        .into_iter()
        .map(|s| if s == "hk2011" { "local" } else { s })
        .collect::<Vec<_>>(),
    );
    assert_eq!(stdout(&out).trim(), "ok");
}

#[test]
fn a_changed_field_is_a_mismatch() {
    let text = new_deal("jieqi", SEED);
    let (deal, commitment) = (field(&text, "deal"), field(&text, "commitment"));
    let other_seed = SEED.replace('0', "1");
    for args in [
        verify_args("jieqi", "8", "decider", &deal, SEED, &commitment),
        verify_args("jieqi", "7", "3", &deal, SEED, &commitment),
        verify_args("jieqi", "7", "decider", &deal, &other_seed, &commitment),
        verify_args("jieqi", "7", "decider", &deal, SEED, SEED),
    ] {
        let out = anqi(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(stdout(&out).trim(), "mismatch");
    }
}

#[test]
fn malformed_input_exits_2_with_one_line() {
    let text = new_deal("jieqi", SEED);
    let (deal, commitment) = (field(&text, "deal"), field(&text, "commitment"));
    let cases: Vec<Vec<&str>> = vec![
        verify_args("xiangqi", "7", "decider", &deal, SEED, &commitment),
        verify_args("jieqi", "seven", "decider", &deal, SEED, &commitment),
        verify_args("jieqi", "7", "0", &deal, SEED, &commitment),
        verify_args("jieqi", "7", "decider", "rnb", SEED, &commitment),
        verify_args("jieqi", "7", "decider", &deal, "xyz", &commitment),
        verify_args("jieqi", "7", "decider", &deal, SEED, "12"),
        vec!["deal", "new", "--variant", "banqi", "--seed", "00"],
        vec!["deal", "verify", "--variant", "jieqi"],
    ];
    for args in cases {
        let out = anqi(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.trim().is_empty(), "{args:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(stdout(&out).is_empty());
    }
    let out = anqi(&verify_args(
        "jieqi",
        "7",
        "decider",
        "rnb",
        SEED,
        &commitment,
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--deal"), "{err}");
}
