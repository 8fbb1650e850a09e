//! `anqi pair --dutch INPUT.trf -p [OUTPUT]` and `-c` (the checker) as a process: output format,
//! exit statuses, messages, and the regression cases of bbpPairings, read from
//! `../shared/data/trf` beside the repository (never copied into it; ignored, with the reason, where
//! it is absent).

use crate::run::{Ran, anqi};
use std::path::{Path, PathBuf};

/// A scratch directory for this test binary's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("anqi-cli-pair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn write_trf<S: AsRef<str>>(name: &str, lines: &[S]) -> PathBuf {
    let path = scratch(name);
    let text: String = lines.iter().map(|l| format!("{}\n", l.as_ref())).collect();
    std::fs::write(&path, text).expect("write input");
    path
}
fn pair(input: &Path) -> Ran {
    anqi(["pair", "--dutch", input.to_str().expect("utf-8 path"), "-p"]).run()
}
/// A player line with the columns of TRF-2026: start number, name, rating, points, then round blocks.
fn player(number: u32, name: &str, rating: u32, points: &str, rounds: &[&str]) -> String {
    let mut line = format!(
        "001 {number:>4}      {name:<33} {rating:>4} {:<3} {:>11} {:<10} {points:>4} {:>4}  ",
        "", "", "", ""
    );
    for round in rounds {
        line.push_str(&format!("{round:<10}"));
    }
    line.trim_end().to_string()
}

/// Round 1 of five players: the pairing-allocated bye goes to the lowest, 5; S1 = {1, 2} meets
/// S2 = {3, 4} in order; player 1 has Red (152 W) and colours alternate down the boards.
#[test]
fn first_round_of_five() {
    let p: Vec<String> = (1..=5)
        .map(|n| player(n, &format!("Player {n}"), 2100 - 10 * n, "0.0", &[]))
        .collect();
    let mut lines = vec![
        "012 Round one",
        "142 5",
        "152 W",
        "162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0",
    ];
    lines.extend(p.iter().map(String::as_str));
    let input = write_trf("r1.trf", &lines);
    let out = pair(&input);
    assert_eq!(out.code, 0, "stderr: {}", out.stderr);
    assert_eq!(out.stdout.as_str(), "3\n1 3\n4 2\n5 0\n");
}

/// Round 2 after 1 (Red) beat 3 and 2 (Black) beat 4: the leaders 1 and 2 meet, 2 gets Red (1 had
/// Red, 2 had Black); then 3 (had Black) takes Red against 4. The result goes to the named file.
#[test]
fn second_round_to_a_file() {
    let lines = [
        "012 Round two".to_string(),
        "XXR 3".to_string(),
        player(1, "One", 2000, "1.0", &["   3 w 1"]),
        player(2, "Two", 1900, "1.0", &["   4 b 1"]),
        player(3, "Three", 1800, "0.0", &["   1 b 0"]),
        player(4, "Four", 1700, "0.0", &["   2 w 0"]),
    ];
    let input = write_trf("r2.trf", &lines);
    let output = scratch("r2.out");
    let out = anqi([
        "pair",
        "--dutch",
        input.to_str().expect("path"),
        "-p",
        output.to_str().expect("path"),
    ])
    .run();
    assert_eq!(out.code, 0, "stderr: {}", out.stderr);
    assert_eq!(out.stdout.as_str(), "");
    assert_eq!(
        std::fs::read_to_string(&output).expect("output written"),
        "2\n2 1\n3 4\n"
    );
}

/// The sample tournament (three rounds of seven, 2/1/0) pairs round 4: every player not on a
/// requested bye appears exactly once, and no two players meet again.
#[test]
fn realistic_file_pairs_every_present_player_once() {
    let input = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/hk2026-r3.trf");
    let out = pair(&input);
    assert_eq!(out.code, 0, "stderr: {}", out.stderr);
    let text = out.stdout.as_str();
    let mut lines = text.lines();
    let count: usize = lines
        .next()
        .and_then(|l| l.parse().ok())
        .expect("count line");
    let pairs: Vec<(u32, u32)> = lines
        .map(|l| {
            let mut it = l.split(' ').map(|n| n.parse::<u32>().expect("number"));
            (it.next().expect("red"), it.next().expect("black"))
        })
        .collect();
    assert_eq!(pairs.len(), count);
    // Player 5 asked for a half-point bye in round 4; the other six are paired on three boards.
    let mut seen: Vec<u32> = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .filter(|&n| n != 0)
        .collect();
    seen.sort();
    assert_eq!(seen, vec![1, 2, 3, 4, 6, 7]);
    // Games played in rounds 1–3, and the forbidden pair 1–2 (XXP). 2 and 7 may meet: their round-2
    // game was forfeited, and a forfeit is not a game played (FIDE C.04.1).
    let earlier = [
        (1, 4),
        (2, 5),
        (3, 6),
        (1, 6),
        (4, 5),
        (1, 7),
        (2, 6),
        (3, 5),
        (1, 2),
    ];
    for &(a, b) in &pairs {
        assert!(
            !earlier.contains(&(a, b)) && !earlier.contains(&(b, a)),
            "{a}-{b} met over the board before, or is forbidden"
        );
    }
}

#[test]
fn invalid_file_exits_3_naming_the_line() {
    // Player 2 claims 1.5 points for a draw.
    let lines = [
        "XXR 3".to_string(),
        player(1, "One", 2000, "0.5", &["   2 w ="]),
        player(2, "Two", 1900, "1.5", &["   1 b ="]),
    ];
    let out = pair(&write_trf("bad-points.trf", &lines));
    assert_eq!(out.code, 3);
    let message = out.stderr.as_str();
    assert!(message.contains("line 3, column 81"), "{message}");
    assert_eq!(message.lines().count(), 1, "one line: {message}");
    assert_eq!(out.stdout.as_str(), "");

    let out = pair(&write_trf(
        "bad-result.trf",
        &["XXR 3", &player(1, "One", 2000, "0.0", &["   2 w x"])],
    ));
    assert_eq!(out.code, 3);
    assert!(
        out.stderr.as_str().contains("line 2, column 99"),
        "{}",
        out.stderr.as_str()
    );

    let accelerated = [
        "XXR 3",
        &player(1, "One", 2000, "0.0", &[]),
        "XXA    1  1.0",
    ];
    let out = pair(&write_trf("accelerated.trf", &accelerated));
    assert_eq!(out.code, 3);
    assert!(
        out.stderr.as_str().contains("line 3: accelerated rounds"),
        "{}",
        out.stderr.as_str()
    );

    let out = pair(&write_trf(
        "no-rounds.trf",
        &[&player(1, "One", 2000, "0.0", &[])],
    ));
    assert_eq!(out.code, 3);
    assert!(
        out.stderr.as_str().contains("142 or XXR"),
        "{}",
        out.stderr.as_str()
    );
}

/// The reader's errors are worded in the language of `LANG`, naming the line and the field.
#[test]
fn invalid_file_is_refused_in_the_language_of_lang() {
    let bad_points = write_trf(
        "bad-points-zh.trf",
        &[
            "XXR 3".to_string(),
            player(1, "One", 2000, "0.5", &["   2 w ="]),
            player(2, "Two", 1900, "1.5", &["   1 b ="]),
        ],
    );
    let bad_colour = write_trf(
        "bad-colour-zh.trf",
        &["XXR 3", &player(1, "One", 2000, "0.0", &["   2 x 1"])],
    );
    let bad_rating = write_trf(
        "bad-rating-zh.trf",
        &[
            "XXR 3",
            &player(1, "One", 2000, "0.0", &[]).replacen("2000", "20x0", 1),
        ],
    );
    let no_rounds = write_trf("no-rounds-zh.trf", &[&player(1, "One", 2000, "0.0", &[])]);
    for (lang, expected) in [
        (
            "zh_TW.UTF-8",
            [
                "第 3 行第 81 欄：積分 1.5 與各輪結果不符：依計分制應為 0.5",
                "第 2 行第 97 欄：第 1 輪：先後手「x」不是 w、b 或 -",
                "第 2 行第 49 欄：等級分「20x0」不是數字",
                "缺少輪數（第 142 行或 XXR）",
            ],
        ),
        (
            "zh_CN.UTF-8",
            [
                "第 3 行第 81 列：积分 1.5 与各轮结果不符：依计分制应为 0.5",
                "第 2 行第 97 列：第 1 轮：先后手“x”不是 w、b 或 -",
                "第 2 行第 49 列：等级分“20x0”不是数字",
                "缺少轮数（第 142 行或 XXR）",
            ],
        ),
    ] {
        for (input, words) in [&bad_points, &bad_colour, &bad_rating, &no_rounds]
            .into_iter()
            .zip(expected)
        {
            let out = anqi(["pair", "--dutch", input.to_str().unwrap(), "-p"])
                .lang(lang)
                .run();
            assert_eq!(out.code, 3, "{lang}");
            let message = out.stderr.as_str();
            assert!(message.contains(words), "{lang}: {message}");
            assert_eq!(message.lines().count(), 1, "one line: {message}");
            assert!(
                !message.contains("line ") && !message.contains(" not "),
                "English in {message}"
            );
        }
    }
}

#[test]
fn no_valid_pairing_exits_1() {
    // Two players who met in round 1 cannot be paired again in round 2.
    let lines = [
        "XXR 3".to_string(),
        player(1, "One", 2000, "1.0", &["   2 w 1"]),
        player(2, "Two", 1900, "0.0", &["   1 b 0"]),
    ];
    let out = pair(&write_trf("rematch.trf", &lines));
    assert_eq!(
        Some(out.code),
        Some(1),
        "stdout: {} stderr: {}",
        out.stdout.as_str(),
        out.stderr.as_str()
    );
    assert!(
        out.stderr.as_str().contains("no legal pairing"),
        "{}",
        out.stderr.as_str()
    );
    assert_eq!(out.stdout.as_str(), "");

    // A forbidden pair (XXP) of the only two players.
    let lines = [
        "142 3",
        &player(1, "One", 2000, "0.0", &[]),
        &player(2, "Two", 1900, "0.0", &[]),
        "XXP 1 2",
    ];
    let out = pair(&write_trf("forbidden.trf", &lines));
    assert_eq!(out.code, 1, "stderr: {}", out.stderr);
}

#[test]
fn finished_tournament_and_file_access() {
    let lines = [
        "XXR 1".to_string(),
        player(1, "One", 2000, "1.0", &["   2 w 1"]),
        player(2, "Two", 1900, "0.0", &["   1 b 0"]),
    ];
    let out = pair(&write_trf("over.trf", &lines));
    assert_eq!(out.code, 3, "stderr: {}", out.stderr);

    let out = pair(&scratch("does-not-exist.trf"));
    assert_eq!(out.code, 5);
    assert!(
        out.stderr.as_str().contains("cannot read"),
        "{}",
        out.stderr.as_str()
    );

    let input = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/hk2026-r3.trf");
    let unwritable = scratch("no-such-dir").join("out.txt");
    let out = anqi([
        "pair",
        "--dutch",
        input.to_str().expect("path"),
        "-p",
        unwritable.to_str().expect("path"),
    ])
    .run();
    assert_eq!(out.code, 5);
    assert!(
        out.stderr.as_str().contains("cannot write"),
        "{}",
        out.stderr.as_str()
    );

    let out = anqi(["pair", "--dutch", "x.trf"]).run();
    assert_eq!(out.code, 2, "-p or -c is required");
    let out = anqi(["pair", "--dutch", "x.trf", "-p", "-c"]).run();
    assert_eq!(out.code, 2, "-p and -c exclude each other");
}

/// A file of the test data directory.
fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/trf")
        .join(path)
}

/// A case of bbpPairings' own test suite, in the shared data.
fn bbp_case(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/trf/bbpPairings-tests")
        .join(name)
}

/// The next-round cases of bbpPairings' own test suite pair exactly as bbpPairings does.
#[test]
#[cfg_attr(
    not(shared_trf_bbp),
    ignore = "needs ../shared/data/trf/bbpPairings-tests beside the repository"
)]
fn bbp_pairings_regression_cases() {
    for case in ["dutch_2025_C5", "dutch_2025_C9", "issue_7"] {
        let out = pair(&bbp_case(&format!("{case}.input")));
        assert_eq!(out.code, 0, "{case}: {}", out.stderr);
        let expected = std::fs::read_to_string(bbp_case(&format!("{case}.output.expected")))
            .expect("expected output");
        let expected: Vec<&str> = expected
            .split(['\r', '\n'])
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(
            out.stdout.as_str().lines().collect::<Vec<_>>(),
            expected,
            "{case}"
        );
    }
}

fn check(input: &Path) -> Ran {
    anqi(["pair", "--dutch", input.to_str().expect("utf-8 path"), "-c"]).run()
}

/// The verdict lines of a checker report.
fn verdicts(o: &Ran) -> Vec<String> {
    o.stdout
        .lines()
        .filter(|l| l.starts_with("Round "))
        .map(str::to_string)
        .collect()
}

/// bbpPairings' checker case `issue_15` (180 players, 11 rounds, not paired by the Dutch system):
/// bbpPairings' `-c` finds every round differing, and so does ours (exit 6).
#[test]
#[cfg_attr(
    not(shared_trf_bbp),
    ignore = "needs ../shared/data/trf/bbpPairings-tests beside the repository"
)]
fn checker_on_a_tournament_not_paired_by_the_dutch_system() {
    let out = check(&bbp_case("issue_15.input"));
    assert_eq!(out.code, 6, "{}", out.stderr);
    let expected: Vec<String> = (1..=11).map(|r| format!("Round {r}: differs")).collect();
    assert_eq!(verdicts(&out), expected);
    // Each report shows both pairings side by side, differing boards marked.
    let text = out.stdout.as_str();
    assert!(text.contains("  engine          tournament\n"), "{text}");
    assert!(text.contains("    91 - 1    *     90 - 1    *\n"), "{text}");
}

/// A tournament paired by bbpPairings round by round checks as the same everywhere (exit 0); with
/// the colours of one board swapped in round 3 and a hand-fixed comment, rounds 3 to 5 differ, as
/// bbpPairings' checker says too.
#[test]
fn checker_verdicts_on_a_generated_tournament() {
    let out = check(&data("checker/rtg13.trf"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let same: Vec<String> = (1..=5).map(|r| format!("Round {r}: same")).collect();
    assert_eq!(verdicts(&out), same);
    assert_eq!(
        out.stdout.as_str().lines().count(),
        5,
        "{}",
        out.stdout.as_str()
    );

    let out = check(&data("checker/rtg13-fixed.trf"));
    assert_eq!(out.code, 6, "{}", out.stderr);
    assert_eq!(
        verdicts(&out),
        vec![
            "Round 1: same",
            "Round 2: same",
            "Round 3: differs (fixed by hand: board 1 colours swapped (arbiter))",
            "Round 4: differs",
            "Round 5: differs",
        ]
    );
    let text = out.stdout.as_str();
    assert!(text.contains("     9 - 1    *      1 - 9    *\n"), "{text}");
}

/// The checker reports a round the engine cannot pair (exit 1), and bad files as -p does.
#[test]
fn checker_exit_statuses() {
    // Round 2 repeats round 1's game: the engine finds no legal pairing for it.
    let lines = [
        player(1, "One", 2000, "2.0", &["   2 w 1", "   2 b 1"]),
        player(2, "Two", 1900, "0.0", &["   1 b 0", "   1 w 0"]),
    ];
    let out = check(&write_trf("replayed.trf", &lines));
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(
        verdicts(&out),
        vec![
            "Round 1: same",
            "Round 2: differs (no legal pairing exists for round 2)"
        ]
    );
    let bad = [player(1, "One", 2000, "1.5", &["   2 w ="])];
    let out = check(&write_trf("bad-check.trf", &bad));
    assert_eq!(out.code, 3, "{}", out.stderr);
    let out = check(&scratch("missing.trf"));
    assert_eq!(out.code, 5, "{}", out.stderr);
}

/// The tournament `full` as it stood before `round` was paired: rounds before it, and of that
/// round only the byes requested before pairing; everyone else is to be paired (the cut of
/// `scripts/make-pairing-fixtures`).
fn cut_before(full: &anqi::swiss::Tournament, round: u32) -> anqi::swiss::Tournament {
    use anqi::swiss::{ByeKind, ByeRequest, ResultCode};
    let mut cut = full.clone();
    cut.rounds_played = round - 1;
    cut.bye_requests.clear();
    for player in &mut cut.players {
        let entry = player.rounds.get(round as usize - 1).copied();
        player.rounds.truncate(round as usize - 1);
        let kind = match entry.map(|e| (e.opponent, e.result)) {
            Some((None, ResultCode::HalfBye)) => ByeKind::Half,
            Some((None, ResultCode::FullBye)) => ByeKind::Full,
            Some((None, ResultCode::ZeroBye)) => ByeKind::Zero,
            _ => continue,
        };
        cut.bye_requests.push(ByeRequest {
            player: player.number,
            round,
            kind,
        });
    }
    cut
}

/// The cases found to differ from bbpPairings (`../shared/data/trf/found`: `NAME.trf` with
/// bbpPairings' `NAME.bbpPairings.output`) pair exactly as bbpPairings does.
#[test]
#[cfg_attr(
    not(shared_trf_found),
    ignore = "needs ../shared/data/trf/found beside the repository"
)]
fn found_cases_pair_as_bbp_pairings_does() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/trf/found");
    let entries = std::fs::read_dir(&dir).expect("the shared found cases");
    let mut cases: Vec<PathBuf> = entries
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no case in {}", dir.display());
    for case in &cases {
        let expected = std::fs::read_to_string(case.with_extension("bbpPairings.output"))
            .expect("bbpPairings' output beside the case");
        let out = pair(case);
        assert_eq!(
            Some(out.code),
            Some(0),
            "{}: {}",
            case.display(),
            out.stderr.as_str()
        );
        let expected: Vec<&str> = expected.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(
            out.stdout.as_str().lines().collect::<Vec<_>>(),
            expected,
            "{}",
            case.display()
        );
    }
}

/// The regression fixtures of `tests/data/trf/pairings` (written by `scripts/make-pairing-fixtures`
/// with bbpPairings' random tournament generator): every round of every tournament, cut before
/// that round, pairs exactly as bbpPairings paired it — the same boards, order and colours.
#[test]
fn fixture_rounds_pair_as_bbp_pairings_did() {
    use anqi::swiss::trf::{Record, TrfDocument};
    use anqi::swiss::{PairingError, dutch};
    let mut files: Vec<PathBuf> = std::fs::read_dir(data("pairings"))
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    let (mut rounds, mut failures) = (0, Vec::new());
    let mut sizes = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let document = TrfDocument::parse(&text).expect("parses");
        let full = document.to_tournament().expect("a valid tournament");
        sizes.push(full.players.len());
        for record in &document.records {
            let Record::Comment(comment) = record else {
                continue;
            };
            let Some((round, expected)) = comment
                .strip_prefix(" bbpPairings round ")
                .and_then(|rest| rest.split_once(": "))
            else {
                continue;
            };
            let round: u32 = round.parse().expect("round number");
            let got = match dutch::pair_next_round(&cut_before(&full, round)) {
                Ok(p) => p
                    .boards
                    .iter()
                    .map(|(red, black)| format!("{red}-{black}"))
                    .chain(p.bye.map(|bye| format!("{bye}-0")))
                    .collect::<Vec<_>>()
                    .join(" "),
                Err(PairingError::NoLegalPairing { .. }) => "no valid pairing".to_string(),
                Err(e) => e.to_string(),
            };
            rounds += 1;
            if got != expected {
                failures.push(format!(
                    "{} round {round}:\n  bbpPairings {expected}\n  anqi        {got}",
                    file.display()
                ));
            }
        }
    }
    assert!(rounds >= 300, "only {rounds} fixture rounds");
    assert!(sizes.contains(&7) && sizes.contains(&150), "{sizes:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The Swiss model's consistency errors inside the TRF reader's, and the pairing engine's refusal,
/// are worded in the language of `LANG`.
#[test]
fn model_and_pairing_errors_are_refused_in_the_language_of_lang() {
    // Both entries of the game between 1 and 2 say Red: the model refuses them (ModelError).
    let asymmetric = write_trf(
        "asymmetric-zh.trf",
        &[
            "XXR 3".to_string(),
            player(1, "One", 2000, "1.0", &["   2 w 1"]),
            player(2, "Two", 1900, "0.0", &["   1 w 0"]),
        ],
    );
    // Two players who met in round 1 cannot meet again: no legal pairing for round 2.
    let rematch = write_trf(
        "rematch-zh.trf",
        &[
            "XXR 3".to_string(),
            player(1, "One", 2000, "1.0", &["   2 w 1"]),
            player(2, "Two", 1900, "0.0", &["   1 b 0"]),
        ],
    );
    for (lang, model, no_pairing) in [
        (
            "zh_TW.UTF-8",
            "號選手第 1 輪：記錄與對手",
            "第 2 輪不存在合規的編排",
        ),
        (
            "zh_CN.UTF-8",
            "号选手第 1 轮：记录与对手",
            "第 2 轮不存在合规的编排",
        ),
    ] {
        let out = anqi(["pair", "--dutch", asymmetric.to_str().unwrap(), "-p"])
            .lang(lang)
            .run();
        assert_eq!(out.code, 3, "{lang}: {}", out.stderr);
        let message = out.stderr.as_str();
        assert!(message.contains(model), "{lang}: {message}");
        assert_eq!(message.lines().count(), 1, "one line: {message}");
        let out = anqi(["pair", "--dutch", rematch.to_str().unwrap(), "-p"])
            .lang(lang)
            .run();
        assert_eq!(out.code, 1, "{lang}: {}", out.stderr);
        let refusal = out.stderr.as_str();
        assert!(refusal.contains(no_pairing), "{lang}: {refusal}");
        for (message, input) in [(&message, &asymmetric), (&refusal, &rematch)] {
            // Past the program's name and the file's path, no Latin word.
            let rest = message.replace(&format!("anqi pair: {}: ", input.display()), "");
            assert!(
                !rest.chars().any(|c| c.is_ascii_alphabetic()),
                "English in {message}"
            );
        }
    }
    // In English, as before.
    let out = pair(&asymmetric);
    assert!(
        out.stderr
            .as_str()
            .contains("player 1, round 1: entry does not match opponent 2's entry")
            || out
                .stderr
                .as_str()
                .contains("player 2, round 1: entry does not match opponent 1's entry"),
        "{}",
        out.stderr.as_str()
    );
}
