//! TRF tests: the sample file's round trips, the points check, syntax and consistency errors.

use super::*;
use crate::rules::Color;
use crate::swiss::tournament::{
    ByeKind, ByeRequest, Points, ResultCode, RoundEntry, ScoringSystem, Tournament,
};

const SAMPLE: &str = include_str!("../../../tests/data/trf/hk2026-r3.trf");

/// Lines with runs of spaces collapsed: "the same file modulo spacing".
fn normalized(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

fn replace_line(text: &str, line: usize, f: impl Fn(&str) -> String) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == line { f(l) } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Replaces the characters of columns `from..` (1-based) of a line.
fn set_columns(line: &str, from: usize, text: &str) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    while chars.len() < from - 1 + text.chars().count() {
        chars.push(' ');
    }
    for (k, c) in text.chars().enumerate() {
        chars[from - 1 + k] = c;
    }
    chars.into_iter().collect()
}

fn error_of(text: &str) -> TrfError {
    read_tournament(text).expect_err("the file is invalid")
}

/// Found by fuzzing: a NUL in a tag value was read, but the writer turns control
/// characters into spaces, so the file did not read back as itself. Control characters are refused
/// where they stand, as tabs are.
#[test]
fn control_characters_are_refused_with_their_column() {
    let text = replace_line(SAMPLE, 4, |l| set_columns(l, 5, "\u{0}"));
    let e = TrfDocument::parse(&text).expect_err("a NUL is refused");
    assert_eq!((e.line, e.column), (4, Some(5)), "{e}");
    assert!(e.message.contains("U+0000"), "{e}");
    let text = replace_line(SAMPLE, 1, |l| format!("{l}\r tail"));
    let e = TrfDocument::parse(&format!("{text}\n")).expect_err("a stray CR is refused");
    assert_eq!(e.line, 1, "{e}");
    // Found by fuzzing too: a tag's trailing blanks were kept, and dropped by the writer.
    let text = replace_line(SAMPLE, 1, |l| format!("{l}   "));
    let doc = TrfDocument::parse(&text).unwrap();
    assert_eq!(TrfDocument::parse(&doc.to_string()), Ok(doc.clone()));
    assert_eq!(TrfDocument::parse(SAMPLE), Ok(doc));
    // And points of 100 or more, which the four-column field cannot hold once written as 100.0.
    let line = SAMPLE.lines().position(|l| l.starts_with("001")).unwrap() + 1;
    let text = replace_line(SAMPLE, line, |l| set_columns(l, 81, " 470"));
    let e = TrfDocument::parse(&text).expect_err("470 points");
    assert_eq!((e.line, e.column), (line, Some(81)), "{e}");
    // Line ends stay free: CR LF and CR alone.
    assert!(TrfDocument::parse(&SAMPLE.replace('\n', "\r\n")).is_ok());
    assert!(TrfDocument::parse(&SAMPLE.replace('\n', "\r")).is_ok());
}

#[test]
fn document_round_trip_keeps_the_file() {
    let doc = TrfDocument::parse(SAMPLE).expect("sample parses");
    let written = doc.to_string();
    assert_eq!(normalized(&written), normalized(SAMPLE));
    // Player lines keep their columns exactly (only trailing blanks may differ).
    for (a, b) in written.lines().zip(SAMPLE.lines()) {
        if a.starts_with("001") {
            assert_eq!(a, b.trim_end());
        }
    }
    assert_eq!(TrfDocument::parse(&written), Ok(doc));
}

#[test]
fn sample_reads_as_a_tournament() {
    let t = read_tournament(SAMPLE).expect("valid sample");
    assert_eq!((t.rounds_played, t.total_rounds, t.next_round()), (3, 5, 4));
    assert_eq!(t.scoring, ScoringSystem::CHINESE);
    assert_eq!(t.first_colour, Color::Red);
    assert_eq!(t.forbidden_pairs, vec![(1, 2)]);
    assert_eq!(
        t.bye_requests,
        vec![
            ByeRequest {
                player: 5,
                round: 4,
                kind: ByeKind::Half
            },
            ByeRequest {
                player: 3,
                round: 5,
                kind: ByeKind::Half
            },
        ]
    );
    let scores: Vec<i32> = (1..=7).map(|n| t.score(n).tenths()).collect();
    assert_eq!(scores, vec![30, 30, 20, 40, 20, 30, 60]);
    let p3 = t.player(3).expect("player 3");
    assert_eq!(p3.name, "王天一");
    assert_eq!(p3.rating, 2300);
    assert_eq!(p3.birth.as_deref(), Some("1989/02/13"));
    assert_eq!(
        p3.rounds[1],
        RoundEntry::without_opponent(ResultCode::HalfBye)
    );
    let p2 = t.player(2).expect("player 2");
    assert_eq!(p2.id, Some(4_100_123));
    assert_eq!(
        p2.rounds[1],
        RoundEntry::game(7, Color::Black, ResultCode::ForfeitLoss)
    );
    assert_eq!(t.player(7).map(|p| p.rating), Some(0));
}

#[test]
fn tournament_round_trip_through_trf() {
    let t = read_tournament(SAMPLE).expect("valid sample");
    let info = EventInfo {
        name: "Hong Kong Jieqi Open 2026".into(),
        ..EventInfo::default()
    };
    let text = write_tournament(&t, &info).expect("writes");
    assert!(
        text.starts_with("012 Hong Kong Jieqi Open 2026\n"),
        "{text}"
    );
    // RULES.md §10: only the codes whose points differ from the defaults, as bbpPairings reads.
    assert!(text.contains("\n162  W 2.0    D 1.0\n"), "{text}");
    assert!(text.contains("\n240 H 005    3\n"), "{text}");
    let again = read_tournament(&text).expect("written file reads back");
    assert_eq!(again, t);
    // The rank column follows the default tie-breaks (BH, WIN, BWG, PS, PN), by hand under 2/1/0:
    // scores 7 → 6, 4 → 4, 1 2 6 → 3, 3 5 → 2; the lowest score in the field is 2, counted for
    // every unplayed round (byes, forfeits). Buchholz of the tied: 1: 4+3+6 = 13, 6: 2+3+3 = 8,
    // 2: 2+2+3 = 7 (round 2 forfeited); 5: 3+4+2 = 9, 3: 3+2+2 = 7 (round 2 a bye).
    // Ranks: 7, 4, 1, 6, 2, 5, 3.
    let doc = TrfDocument::parse(&text).expect("parses");
    let ranks: Vec<(u32, Option<u32>)> = doc.players().map(|p| (p.start_number, p.rank)).collect();
    assert_eq!(
        ranks,
        vec![
            (1, Some(3)),
            (2, Some(5)),
            (3, Some(7)),
            (4, Some(2)),
            (5, Some(6)),
            (6, Some(4)),
            (7, Some(1))
        ]
    );
}

#[test]
fn points_field_must_match_the_results() {
    // Line 13 is player 1: W, D, L under 2/1/0 is 3 points, not 3.5.
    let text = replace_line(SAMPLE, 13, |l| set_columns(l, 81, " 3.5"));
    let e = error_of(&text);
    assert_eq!((e.line, e.column), (13, Some(81)));
    assert!(
        e.to_string()
            .contains("points 3.5 do not match the results, which score 3.0"),
        "{e}"
    );
    // Under the default FIDE points (no line 162) the same results are worth 1.5.
    let fide = replace_line(SAMPLE, 11, |_| "### no points line".to_string());
    let e = error_of(&fide);
    assert_eq!(e.line, 13, "{e}");
    assert!(e.to_string().contains("score 1.5"), "{e}");
}

#[test]
fn points_may_include_the_bye_requested_for_the_next_round() {
    // Player 5 (line 17) asked for a half-point bye in round 4: 2.0 or 3.0 are both accepted.
    let text = replace_line(SAMPLE, 17, |l| set_columns(l, 81, " 3.0"));
    assert!(read_tournament(&text).is_ok());
    let text = replace_line(SAMPLE, 17, |l| set_columns(l, 81, " 4.0"));
    assert_eq!(error_of(&text).line, 17);
}

#[test]
fn both_sides_of_a_game_must_agree() {
    // Player 6 (line 18) claims a win in round 1 against player 3, who also claims… a loss: fine;
    // make player 3 claim a win instead.
    let text = replace_line(SAMPLE, 15, |l| set_columns(l, 99, "1"));
    let e = error_of(&text);
    assert_eq!(e.line, 15, "{e}");
    assert_eq!(e.column, Some(92), "{e}");
    // Same colours on both sides.
    let text = replace_line(SAMPLE, 15, |l| set_columns(l, 97, "b"));
    assert_eq!(error_of(&text).line, 15);
}

#[test]
fn syntax_errors_name_line_and_column() {
    let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 109, "x")));
    assert_eq!((e.line, e.column), (14, Some(109)));
    assert!(e.to_string().contains("round 2: result 'x'"), "{e}");
    let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 107, "r")));
    assert_eq!((e.line, e.column), (14, Some(107)));
    let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 81, "3..")));
    assert_eq!((e.line, e.column), (14, Some(81)));
    let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 102, "   2")));
    assert!(e.to_string().contains("paired against itself"), "{e}");
    let e = error_of(&replace_line(SAMPLE, 14, |l| set_columns(l, 102, "  99")));
    assert_eq!(e.line, 14, "{e}");
    let e = error_of(&replace_line(SAMPLE, 14, |l| l.replacen(' ', "\t", 1)));
    assert_eq!((e.line, e.column), (14, Some(4)));
    let e = error_of(&replace_line(SAMPLE, 9, |_| "142 five".to_string()));
    assert_eq!((e.line, e.column), (9, Some(5)));
    let e = error_of(&replace_line(SAMPLE, 11, |_| {
        "162  W 2.0    Q 1.0".to_string()
    }));
    assert_eq!(e.line, 11);
}

#[test]
fn player_numbers_run_without_gaps() {
    let e = error_of(&replace_line(SAMPLE, 19, |l| set_columns(l, 5, "   6")));
    assert!(
        e.to_string().contains("starting rank 6 appears twice"),
        "{e}"
    );
    let e = error_of(&replace_line(SAMPLE, 19, |l| set_columns(l, 5, "   8")));
    assert!(e.to_string().contains("7 is missing"), "{e}");
}

#[test]
fn rounds_and_colour_lines_must_agree() {
    let e = error_of(&replace_line(SAMPLE, 20, |_| "XXR 6".to_string()));
    assert_eq!(e.line, 20);
    let e = error_of(&replace_line(SAMPLE, 21, |_| "XXC black1".to_string()));
    assert_eq!(e.line, 21);
    let e = error_of(&replace_line(SAMPLE, 21, |_| "XXC white1 fast".to_string()));
    assert!(e.to_string().contains("unknown option 'fast'"), "{e}");
    let two = replace_line(
        &replace_line(SAMPLE, 9, |_| "142 2".to_string()),
        20,
        |_| "XXR 2".to_string(),
    );
    let e = error_of(&two);
    assert!(e.to_string().contains("3 have been played"), "{e}");
}

#[test]
fn trf16_with_javafo_extensions() {
    // No 142/152/162: XXR, XXC, XXS (2/1/0 by shortcuts), XXZ for an absent player, blank results
    // for present players in the round to be paired, CR line endings.
    let lines = [
        "012 Club Swiss",
        "001    1      Alpha                             1800                             2.0    1     3 w 1",
        "001    2      Beta                              1700                             1.0    2     4 b =",
        "001    3      Gamma                             1600                             0.0    3     1 b 0",
        "001    4      Delta                             1500                             1.0    4     2 w =",
        "XXR 4",
        "XXS W=2 D=1 PAB=2",
        "XXZ 4",
        "XXP 1 2 3",
    ];
    let t = read_tournament(&lines.join("\r")).expect("valid TRF(x)");
    assert_eq!((t.rounds_played, t.total_rounds), (1, 4));
    assert_eq!(t.scoring, ScoringSystem::CHINESE);
    assert_eq!(
        t.first_colour,
        Color::Red,
        "inferred from player 1's colour in round 1"
    );
    assert_eq!(
        t.bye_requests,
        vec![ByeRequest {
            player: 4,
            round: 2,
            kind: ByeKind::Zero
        }]
    );
    assert_eq!(t.forbidden_pairs, vec![(1, 2), (1, 3), (2, 3)]);
    // Different points for wins with Red and Black cannot be represented.
    let mut mixed = lines;
    mixed[6] = "XXS WW=2 BW=3";
    let e = error_of(&mixed.join("\n"));
    assert_eq!(e.line, 7, "{e}");
}

#[test]
fn prohibited_pairings_apply_in_their_rounds() {
    let with = |line: &str| format!("{SAMPLE}\n{line}\n");
    let t = read_tournament(&with("260 004 005    3    4    6")).expect("valid");
    assert_eq!(t.forbidden_pairs, vec![(1, 2)]);
    for (a, b) in [(1, 2), (3, 4), (3, 6), (4, 6)] {
        assert!(t.is_forbidden(a, b) && t.is_forbidden(b, a), "{a}-{b}");
    }
    assert!(!t.is_forbidden(3, 5));
    let t = read_tournament(&with("260 001 003    3    4")).expect("valid");
    assert!(t.is_forbidden(1, 2));
    assert!(!t.is_forbidden(3, 4), "rounds 1–3 are over");
    // Kept for the rounds they cover: the file writes them back, and the checker re-pairs the
    // earlier rounds with them.
    assert_eq!(t.prohibited.len(), 1);
    let mut earlier = t.clone();
    earlier.rounds_played = 2;
    assert!(earlier.is_forbidden(3, 4));
    let written = crate::swiss::trf::write_tournament(&t, &Default::default()).expect("writes");
    assert!(written.contains("260 001 003    3    4"), "{written}");
    let e = error_of(&with("260 004 005    3   12"));
    assert!(e.to_string().contains("player 12"), "{e}");
}

#[test]
fn unknown_lines_are_kept() {
    let doc = TrfDocument::parse(SAMPLE).expect("parses");
    assert!(
        doc.records
            .iter()
            .any(|r| matches!(r, Record::Other(l) if l.starts_with("310")))
    );
    assert!(doc.records.iter().any(|r| matches!(r, Record::Comment(_))));
}

/// A tournament built through the model: points the `162` line cannot express (a forfeit win
/// worth less than a win) go to `XXS`; a withdrawn player is a zero-point bye in the next round;
/// byes requested for later rounds become `240` lines.
#[test]
fn writer_covers_what_162_cannot_say() {
    let scoring = ScoringSystem {
        forfeit_win: Points::whole(1),
        ..ScoringSystem::CHINESE
    };
    let mut t = Tournament::new(4, scoring, Color::Black);
    for name in ["A", "B", "C", "D"] {
        t.add_player(name, 1500);
    }
    t.record_round(&[
        (1, RoundEntry::game(3, Color::Black, ResultCode::ForfeitWin)),
        (3, RoundEntry::game(1, Color::Red, ResultCode::ForfeitLoss)),
        (2, RoundEntry::game(4, Color::Red, ResultCode::Draw)),
        (4, RoundEntry::game(2, Color::Black, ResultCode::Draw)),
    ])
    .expect("round 1");
    t.bye_requests.push(ByeRequest {
        player: 2,
        round: 3,
        kind: ByeKind::Full,
    });
    t.bye_requests.push(ByeRequest {
        player: 1,
        round: 2,
        kind: ByeKind::Half,
    });
    if let Some(p) = t.player_mut(4) {
        p.withdrawn_from = Some(2);
    }
    let text = write_tournament(&t, &EventInfo::default()).expect("writes");
    assert!(
        text.contains(
            "\nXXS W=2.0 D=1.0 WL=0.0 BL=0.0 FW=1.0 FL=0.0 FPB=2.0 HPB=1.0 ZPB=0.0 PAB=2.0\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\n152 B\n") && text.contains("\nXXC black1\n"),
        "{text}"
    );
    assert!(text.contains("\n240 F 003    2\n"), "{text}");
    let back = read_tournament(&text).expect("reads back");
    assert_eq!(back.scoring, scoring);
    assert_eq!(back.score(1), Points::whole(1));
    assert_eq!(back.first_colour, Color::Black);
    assert_eq!(back.players, {
        let mut players = t.players.clone();
        // TRF has no withdrawal: it comes back as an absence from the next round.
        players[3].withdrawn_from = None;
        players
    });
    assert_eq!(
        back.bye_requests,
        vec![
            ByeRequest {
                player: 1,
                round: 2,
                kind: ByeKind::Half
            },
            ByeRequest {
                player: 4,
                round: 2,
                kind: ByeKind::Zero
            },
            ByeRequest {
                player: 2,
                round: 3,
                kind: ByeKind::Full
            },
        ]
    );
}

#[test]
fn bye_requests_from_columns_and_240_lines_must_agree() {
    // Player 5 has "0000 - H" in round 4; a 240 line saying the same is fine, another bye is not.
    let same = format!("{SAMPLE}\n240 H 004    5\n");
    assert_eq!(read_tournament(&same).map(|t| t.bye_requests.len()), Ok(2));
    let clash = format!("{SAMPLE}\n240 Z 004    5\n");
    let e = error_of(&clash);
    assert_eq!(e.line, 26, "{e}"); // after the blank line 25
    assert!(e.to_string().contains("two different byes"), "{e}");
    // A 240 line about a played round must match the player line (player 3 had H in round 2).
    assert!(read_tournament(&format!("{SAMPLE}\n240 H 002    3\n")).is_ok());
    let e = error_of(&format!("{SAMPLE}\n240 F 002    3\n"));
    assert_eq!(e.line, 26, "{e}"); // after the blank line 25
    // A bye beyond the last round.
    let e = error_of(&format!("{SAMPLE}\n240 H 006    4\n"));
    assert!(e.to_string().contains("5 rounds"), "{e}");
}

#[test]
fn first_colour_is_inferred_from_round_one() {
    // No 152/XXC: player 1 had Black in round 1.
    let text = SAMPLE
        .replace("152 W\n", "")
        .replace("XXC white1\n", "")
        .replace("   4 w 1     6 b =", "   4 b 1     6 b =");
    let text = text.replace("   1 b 0     5 w 1", "   1 w 0     5 w 1");
    let t = read_tournament(&text).expect("valid");
    assert_eq!(t.first_colour, Color::Black);
}

#[test]
fn limits_keep_scores_in_range() {
    let e = error_of(&replace_line(SAMPLE, 11, |_| "162  W99999.0".to_string()));
    assert_eq!(e.line, 11, "{e}");
    let long = format!(
        "{}{}",
        SAMPLE.lines().nth(12).unwrap_or_default(),
        "  0000 - Z".repeat(1000)
    );
    let e = error_of(&replace_line(SAMPLE, 13, |_| long.clone()));
    assert!(e.to_string().contains("more than 999 rounds"), "{e}");
}

/// Seeded random tournaments paired by the Dutch engine, with random results (forfeits included) and
/// requested byes: after every round, the TRF written from the tournament reads back as the same
/// tournament, and pairs the next round the same way.
#[test]
fn random_tournaments_survive_the_trf() {
    use crate::swiss::dutch::pair_next_round;
    use crate::swiss::test_support::{RESULT_ODDS, random_round, request_random_bye};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    let (mut rounds_checked, mut requests_seen) = (0, 0);
    for seed in 0..40u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let scoring = if seed % 2 == 0 {
            ScoringSystem::CHINESE
        } else {
            ScoringSystem::FIDE
        };
        let n = 2 + rng.next_u32() % 24;
        let rounds = 1 + rng.next_u32() % 8;
        let first = if rng.next_u32() % 2 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let mut t = Tournament::new(rounds, scoring, first);
        for i in 1..=n {
            t.add_player(format!("Player {i}"), 2400 - 10 * i);
        }
        for round in 1..=rounds {
            if rng.next_u32() % 3 == 0 {
                request_random_bye(&mut rng, &mut t, round, n);
            }
            let text = write_tournament(&t, &EventInfo::default()).expect("writes");
            let back = read_tournament(&text)
                .unwrap_or_else(|e| panic!("seed {seed}, round {round}: {e}\n{text}"));
            // TRF keeps the requests that still matter: those for rounds not yet played.
            let mut expected = t.clone();
            expected.bye_requests.retain(|r| r.round >= round);
            expected.bye_requests.sort_by_key(|r| (r.round, r.player));
            let mut got = back.clone();
            got.bye_requests.sort_by_key(|r| (r.round, r.player));
            assert_eq!(got, expected, "seed {seed}, round {round}\n{text}");
            rounds_checked += 1;
            requests_seen += got.bye_requests.len();

            let Ok(pairing) = pair_next_round(&t) else {
                break;
            };
            assert_eq!(
                pair_next_round(&back).ok(),
                Some(pairing.clone()),
                "seed {seed}"
            );
            // No withdrawals here: every request is taken.
            let entries = random_round(&mut rng, &t, &pairing, round, RESULT_ODDS);
            t.record_round(&entries).expect("consistent round");
        }
    }
    // The loop must really have exercised many rounds and bye requests.
    assert!(
        rounds_checked > 120 && requests_seen > 30,
        "{rounds_checked} rounds, {requests_seen} requests"
    );
}

/// Text from the web app cannot break the line structure: a newline in a name becomes a space, and a
/// name longer than the 33 columns is cut.
#[test]
fn names_stay_on_their_line() {
    let mut t = Tournament::new(3, ScoringSystem::FIDE, Color::Red);
    t.add_player("Chan,\nTai-man", 1800);
    t.add_player("A very long name that does not fit in the column", 1700);
    let info = EventInfo {
        name: "Open\r\n2026".into(),
        ..EventInfo::default()
    };
    let text = write_tournament(&t, &info).expect("writes");
    let back = read_tournament(&text).expect("reads back");
    assert_eq!(back.players[0].name, "Chan, Tai-man");
    assert_eq!(back.players[1].name, "A very long name that does not fi");
    assert!(text.starts_with("012 Open  2026\n"), "{text}");
}

#[test]
fn xxs_codes_are_checked() {
    let with = |line: &str| format!("{SAMPLE}{line}\n");
    let e = error_of(&with("XXS QQ=1"));
    assert_eq!(e.line, 25, "{e}");
    assert!(e.to_string().contains("unknown code 'QQ'"), "{e}");
    let e = error_of(&with("XXS W2"));
    assert!(e.to_string().contains("not CODE=VALUE"), "{e}");
    // A later XXS overrides line 162: wins are now worth 3, so player 1's 3.0 (W D L) no longer
    // adds up (3 + 1 + 0 = 4).
    let e = error_of(&with("XXS W=3"));
    assert_eq!((e.line, e.column), (13, Some(81)), "{e}");
}

/// RULES.md §10: bbpPairings and other engines write `Z` for the absence code of line `162`.
#[test]
fn z_in_the_points_line_reads_as_a_for_absence() {
    let text = SAMPLE.replace(
        "162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0",
        "162  W 2.0    D 1.0    L 0.0    Z 0.0    P 2.0",
    );
    let t = read_tournament(&text).expect("Z is accepted");
    assert_eq!(t.scoring, ScoringSystem::CHINESE);
    let doc = TrfDocument::parse("162  W 1.0    Z 0.5").expect("parses");
    assert_eq!(
        doc.records,
        vec![Record::PointsSystem(vec![
            (PointsCode::Win, Points::whole(1)),
            (PointsCode::Absence, Points::from_tenths(5)),
        ])]
    );
}

/// A 2/1/0 event after two rounds, with a forfeit, a pairing-allocated bye and a half-point bye
/// requested for round 3: `162` says only what differs from the defaults, the points column counts
/// the bye written for round 3 (as bbpPairings checks), and the file reads back identically.
#[test]
fn a_two_one_zero_event_reads_back_identically() {
    let mut t = Tournament::new(5, ScoringSystem::CHINESE, Color::Black);
    for (name, rating) in [
        ("A", 2200),
        ("B", 2100),
        ("C", 2000),
        ("D", 1900),
        ("E", 1800),
    ] {
        t.add_player(name, rating);
    }
    t.record_round(&[
        (1, RoundEntry::game(3, Color::Black, ResultCode::Win)),
        (3, RoundEntry::game(1, Color::Red, ResultCode::Loss)),
        (4, RoundEntry::game(2, Color::Red, ResultCode::Draw)),
        (2, RoundEntry::game(4, Color::Black, ResultCode::Draw)),
        (5, RoundEntry::without_opponent(ResultCode::PairingBye)),
    ])
    .expect("round 1");
    t.record_round(&[
        (1, RoundEntry::game(2, Color::Red, ResultCode::ForfeitWin)),
        (
            2,
            RoundEntry::game(1, Color::Black, ResultCode::ForfeitLoss),
        ),
        (5, RoundEntry::game(4, Color::Red, ResultCode::Loss)),
        (4, RoundEntry::game(5, Color::Black, ResultCode::Win)),
        (3, RoundEntry::without_opponent(ResultCode::PairingBye)),
    ])
    .expect("round 2");
    t.bye_requests.push(ByeRequest {
        player: 4,
        round: 3,
        kind: ByeKind::Half,
    });
    let text = write_tournament(&t, &EventInfo::default()).expect("writes");
    assert!(text.contains("\n162  W 2.0    D 1.0\n"), "{text}");
    assert!(text.contains("\n152 B\n") && text.contains("\nXXC black1\n"));
    // Player 4: draw 1 + win 2 + the requested half-point bye 1 = 4.0.
    let line = text
        .lines()
        .find(|l| l.starts_with("001    4"))
        .expect("player 4");
    assert_eq!(&line[80..84], " 4.0", "{line}");
    assert_eq!(read_tournament(&text), Ok(t));
}

/// A match score (Banqi) cannot be carried by a TRF: the export refuses it with a typed error.
#[test]
fn match_scores_are_refused_by_the_export() {
    let games = ScoringSystem {
        win: Points::whole(3),
        draw: Points::from_tenths(15),
        forfeit_win: Points::whole(3),
        pairing_bye: Points::whole(3),
        full_bye: Points::whole(3),
        half_bye: Points::from_tenths(15),
        ..ScoringSystem::FIDE
    };
    let mut t = Tournament::new(3, games, Color::Red);
    t.add_player("A", 0);
    t.add_player("B", 0);
    let won = RoundEntry::game(2, Color::Red, ResultCode::Win).with_points(Points::whole(2));
    let lost = RoundEntry::game(1, Color::Black, ResultCode::Loss).with_points(Points::whole(1));
    t.record_round(&[(1, won), (2, lost)]).expect("round 1");
    assert_eq!(
        write_tournament(&t, &EventInfo::default()),
        Err(ExportError::MatchScore {
            round: 1,
            player: 1,
            points: Points::whole(2)
        })
    );
    // A match won 3-0 scores what the result code says: that one can be written.
    let mut clean = Tournament::new(3, games, Color::Red);
    clean.add_player("A", 0);
    clean.add_player("B", 0);
    let won = RoundEntry::game(2, Color::Red, ResultCode::Win).with_points(Points::whole(3));
    let lost = RoundEntry::game(1, Color::Black, ResultCode::Loss).with_points(Points::ZERO);
    clean.record_round(&[(1, won), (2, lost)]).expect("round 1");
    assert!(write_tournament(&clean, &EventInfo::default()).is_ok());
}

/// Rounds fixed by hand are written as comment lines that the checker reads back.
#[test]
fn rounds_fixed_by_hand_are_comment_lines() {
    let t = read_tournament(SAMPLE).expect("valid sample");
    let info = EventInfo {
        fixed_by_hand: vec![
            HandFixedRound {
                round: 3,
                note: "board 2: 5 - 3 instead of 5 - 6 (family)".into(),
            },
            HandFixedRound {
                round: 1,
                note: String::new(),
            },
        ],
        ..EventInfo::default()
    };
    let text = write_tournament(&t, &info).expect("writes");
    assert!(
        text.contains("\n### round 1 fixed by hand\n### round 3 fixed by hand: board 2: 5 - 3"),
        "{text}"
    );
    let doc = TrfDocument::parse(&text).expect("parses");
    assert_eq!(
        doc.hand_fixed_rounds(),
        vec![
            (1, String::new()),
            (3, "board 2: 5 - 3 instead of 5 - 6 (family)".to_string())
        ]
    );
    assert_eq!(doc.to_tournament(), Ok(t));
    // Other comments are not taken for it.
    let other = TrfDocument::parse("### round 3 was long\n### round 4 fixed by handwriting")
        .expect("parses");
    assert!(other.hand_fixed_rounds().is_empty());
}

/// Writes the TRFs of simulated tournaments (paired by the Dutch engine, with forfeits, requested
/// byes, withdrawals and late entries) after every round into `$ANQI_TRF_EXPORT_DIR`, for
/// `scripts/check-trf-export` to run bbpPairings' checker on. Does nothing without the variable.
#[test]
#[ignore = "writes files for scripts/check-trf-export"]
fn write_exports_for_external_checkers() {
    use crate::swiss::dutch::pair_next_round;
    use crate::swiss::test_support::{random_round, request_random_bye};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    let Some(dir) = std::env::var_os("ANQI_TRF_EXPORT_DIR") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("export directory");
    for seed in 0..60u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let scoring = if seed % 2 == 0 {
            ScoringSystem::CHINESE
        } else {
            ScoringSystem::FIDE
        };
        let n = 7 + rng.next_u32() % 40;
        let rounds = 3 + rng.next_u32() % 7;
        let first = if seed % 3 == 0 {
            Color::Black
        } else {
            Color::Red
        };
        let mut t = Tournament::new(rounds, scoring, first);
        for i in 1..=n {
            t.add_player(format!("Player {i}"), 2400 - 10 * i);
        }
        for round in 1..=rounds {
            if round > 1 && rng.next_u32() % 5 == 0 {
                // Late entries keep the next start number; a strong one enters the pairing order
                // by rating (C.04.2), which the file says with `XXC rank`.
                let rating = 1500 + (rng.next_u32() % 2) * (rng.next_u32() % 1000);
                let late = t.add_player(format!("Late {round}"), rating);
                t.rank_late_entry(late);
            }
            if rng.next_u32() % 6 == 0 {
                let player = 1 + rng.next_u32() % n;
                if let Some(p) = t.player_mut(player) {
                    p.withdrawn_from.get_or_insert(round);
                }
            }
            for _ in 0..rng.next_u32() % 3 {
                request_random_bye(&mut rng, &mut t, round, n);
            }
            let Ok(pairing) = pair_next_round(&t) else {
                break;
            };
            // Forfeits both ways, to check what the external checkers make of them.
            let odds = [
                (1, ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
                (2, ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
                (9, ResultCode::Win, ResultCode::Loss),
                (14, ResultCode::Loss, ResultCode::Win),
                (20, ResultCode::Draw, ResultCode::Draw),
            ];
            let entries = random_round(&mut rng, &t, &pairing, round, &odds);
            t.record_round(&entries).expect("consistent round");
            let text = write_tournament(&t, &EventInfo::default()).expect("writes");
            // TRF has no entry round or withdrawal: they come back as blank rounds and absences.
            let mut players = t.players.clone();
            for p in &mut players {
                (p.joins_at, p.withdrawn_from) = (1, None);
            }
            let back = read_tournament(&text).expect("reads back");
            assert!(back.players == players, "seed {seed}, round {round}");
            assert_eq!(back.ranking, t.ranking, "seed {seed}, round {round}");
            let path = dir.join(format!("s{seed:02}-r{round:02}.trf"));
            std::fs::write(&path, text).expect("write export");
        }
    }
}

/// A late entry keeps the next free start number, enters the pairing order by rating
/// (C.04.2), and the TRF says so the way bbpPairings reads it: the player lines in pairing order
/// and `XXC rank`. The file reads back to the same tournament, pairing order included.
#[test]
fn a_late_entry_is_ranked_by_rating_and_written_with_xxc_rank() {
    use crate::swiss::dutch::pair_next_round;

    let mut t = Tournament::new(3, ScoringSystem::CHINESE, Color::Red);
    for (name, rating) in [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)] {
        t.add_player(name, rating);
    }
    let first = pair_next_round(&t).expect("round 1");
    assert_eq!(first.boards, vec![(1, 3), (4, 2)]);
    t.record_round(&[
        (1, RoundEntry::game(3, Color::Red, ResultCode::Draw)),
        (3, RoundEntry::game(1, Color::Black, ResultCode::Draw)),
        (4, RoundEntry::game(2, Color::Red, ResultCode::Draw)),
        (2, RoundEntry::game(4, Color::Black, ResultCode::Draw)),
    ])
    .expect("round 1 recorded");
    let late = t.add_player("E", 1950);
    assert_eq!(late, 5, "the next free start number");
    t.add_player("F", 1600);
    t.rank_late_entry(late);
    t.rank_late_entry(6);
    assert_eq!(t.pairing_order(), vec![1, 5, 2, 3, 4, 6]);

    let text = write_tournament(&t, &EventInfo::default()).expect("writes");
    assert!(text.contains("\nXXC white1 rank\n"), "{text}");
    let doc = TrfDocument::parse(&text).expect("parses");
    let lines: Vec<u32> = doc.players().map(|p| p.start_number).collect();
    assert_eq!(
        lines,
        vec![1, 5, 2, 3, 4, 6],
        "player lines in pairing order"
    );
    let mut back = read_tournament(&text).expect("reads back");
    // TRF has no entry round: the late entries' round 1 comes back as a blank round.
    for p in &mut back.players[4..] {
        p.joins_at = 2;
    }
    assert_eq!(back, t);

    // Without the pairing order the late entry would be ranked last: it is not.
    let mut by_number = t.clone();
    by_number.set_ranking(Vec::new());
    assert_ne!(pair_next_round(&t), pair_next_round(&by_number));
}

/// Found by fuzzing: two `240` lines naming players of one round in another order than the writer's
/// read as a different list of requests than the file written from them.
#[test]
fn bye_requests_read_back_whatever_the_order_of_their_lines() {
    let text =
        "012 Ho\n001    1 m  G\n001    2 m  5\n001    3      Tent00\nXXR 5\n240 H 005    3    1\n";
    let t = read_tournament(text).expect("reads");
    let written = write_tournament(&t, &EventInfo::default()).expect("writes");
    let back = read_tournament(&written).expect("reads back");
    assert_eq!(back, t, "{written}");
    let order: Vec<(u32, u32)> = t.bye_requests.iter().map(|r| (r.round, r.player)).collect();
    assert_eq!(order, [(5, 1), (5, 3)]);
}
