//! `anqi deal new` / `anqi deal verify` run as a process.

use crate::run::anqi;
/// The value of a `key: value` line of `deal new`.
fn field(text: &str, key: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("no '{key}' line in:\n{text}"))
        .to_string()
}

const SEED: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";

fn new_deal(variant: &str, seed: &str) -> String {
    let out = anqi([
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
    ])
    .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
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
        let out = anqi(verify_args(
            variant,
            "7",
            "decider",
            &deal,
            SEED,
            &commitment,
        ))
        .run();
        assert_eq!(out.code, 0);
        assert_eq!(out.stdout.as_str().trim(), "ok");
    }
}

#[test]
fn new_without_a_seed_draws_a_fresh_one() {
    let a = anqi(["deal", "new", "--variant", "jieqi"]).run();
    let b = anqi(["deal", "new", "--variant", "jieqi"]).run();
    assert_eq!(a.code, 0);
    let (a, b) = (a.stdout.as_str(), b.stdout.as_str());
    assert_ne!(field(a, "seed"), field(b, "seed"));
    assert_eq!(field(a, "seed").len(), 64);
    let out = anqi(
        verify_args(
            "jieqi",
            "1",
            "1",
            &field(a, "deal"),
            &field(a, "seed"),
            &field(a, "commitment"),
        )
        .into_iter()
        .map(|s| if s == "hk2011" { "local" } else { s })
        .collect::<Vec<_>>(),
    )
    .run();
    assert_eq!(out.stdout.as_str().trim(), "ok");
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
        let out = anqi(&args).run();
        assert_eq!(out.code, 1, "{args:?}");
        assert_eq!(out.stdout.as_str().trim(), "mismatch");
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
        let out = anqi(&args).run();
        assert_eq!(out.code, 2, "{args:?}");
        let err = out.stderr.as_str();
        assert!(!err.trim().is_empty(), "{args:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    let out = anqi(verify_args(
        "jieqi",
        "7",
        "decider",
        "rnb",
        SEED,
        &commitment,
    ))
    .run();
    let err = out.stderr.as_str();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--deal"), "{err}");
}

/// `anqi deal` words its refusals in the language of `LANG`: a bad flag value and a
/// verification mismatch.
#[test]
fn refusals_follow_lang() {
    let deal = field(&new_deal("banqi", SEED), "deal");
    let run = |lang: &str, args: &[&str]| anqi(args).lang(lang).run();
    let bad_round = [
        "deal",
        "new",
        "--variant",
        "banqi",
        "--seed",
        SEED,
        "--round",
        "七",
    ];
    let other_seed = SEED.replacen('0', "1", 1);
    let commitment = "0".repeat(64);
    let mismatch = verify_args("banqi", "7", "decider", &deal, &other_seed, &commitment);
    for (lang, round_words, mismatch_words) in [
        ("zh_TW.UTF-8", "輪次", "種子抽不出這個佈局"),
        ("zh_CN.UTF-8", "轮次", "种子抽不出这个布局"),
    ] {
        let o = run(lang, &bad_round);
        assert_eq!(o.code, 2, "{lang}");
        let err = o.stderr.as_str();
        assert!(
            err.contains(round_words) && err.contains("七"),
            "{lang}: {err}"
        );
        let o = run(lang, &mismatch);
        assert_eq!(o.code, 1, "{lang}: {}", o.stderr);
        let err = o.stderr.as_str();
        assert!(err.contains(mismatch_words), "{lang}: {err}");
        for err in [run(lang, &bad_round).stderr, err.to_string()] {
            let rest = err.replace("anqi deal: ", "");
            assert!(
                !rest.chars().any(|c| c.is_ascii_alphabetic()),
                "English in {err}"
            );
        }
    }
    let o = run("C", &bad_round);
    assert!(
        o.stderr
            .as_str()
            .contains("--round: '七' is not a round number"),
        "{}",
        o.stderr.as_str()
    );
}

/// A public value (SquareDeal): `--seed S --public-value V` draws the deal of the seed
/// SHA-256(S bytes ‖ V), computed here on its own; verification needs the same value.
#[test]
fn a_public_value_draws_the_deal_of_the_mixed_seed() {
    use sha2::{Digest, Sha256};
    let value = "dice: 3, 5 (陳, 李)";
    let mut bytes: Vec<u8> = (0..32)
        .map(|i| u8::from_str_radix(&SEED[2 * i..2 * i + 2], 16).expect("hex"))
        .collect();
    bytes.extend_from_slice(value.as_bytes());
    let mixed: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    for variant in ["jieqi", "banqi"] {
        let with_value = anqi([
            "deal",
            "new",
            "--variant",
            variant,
            "--seed",
            SEED,
            "--public-value",
            value,
        ])
        .run();
        assert_eq!(with_value.code, 0);
        let with_value = with_value.stdout.as_str();
        let plain = anqi(["deal", "new", "--variant", variant, "--seed", &mixed]).run();
        let plain = plain.stdout.as_str();
        assert_eq!(field(with_value, "deal"), field(plain, "deal"), "{variant}");
        assert_eq!(field(with_value, "public value"), value);
        assert_eq!(field(with_value, "seed"), SEED);
        // The commitment covers the seed, not the deal: it is not the plain deal's.
        let commitment = field(with_value, "commitment");
        assert_ne!(commitment, field(plain, "commitment"));
        let deal = field(with_value, "deal");
        let verify = |v: &str| {
            let mut args = verify_args(variant, "1", "1", &deal, SEED, &commitment);
            args.iter_mut().for_each(|a| {
                if *a == "hk2011" {
                    *a = "local";
                }
            });
            args.extend(["--public-value", v]);
            anqi(&args).run()
        };
        let ok = verify(value);
        assert_eq!((Some(ok.code), ok.stdout.as_str().trim()), (Some(0), "ok"));
        let wrong = verify("dice: 3, 6 (陳, 李)");
        assert_eq!(
            (Some(wrong.code), wrong.stdout.as_str().trim()),
            (Some(1), "mismatch")
        );
        let bad = verify("  ");
        assert_eq!(bad.code, 2);
    }
}
