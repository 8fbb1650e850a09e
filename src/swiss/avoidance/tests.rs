//! Team avoidance through the Dutch engine: a 30-player Swiss of six clubs.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::*;
use crate::rules::Color::{Black, Red};
use crate::swiss::tournament::{ResultCode, RoundEntry, ScoringSystem};

fn named(list: &[(PlayerNumber, &str)]) -> Vec<(PlayerNumber, String)> {
    list.iter().map(|&(p, n)| (p, n.to_string())).collect()
}

#[test]
fn settings_parse_and_apply_by_round() {
    assert_eq!(ClubAvoidance::parse("off"), Some(ClubAvoidance::Off));
    assert_eq!(ClubAvoidance::parse(" ALL "), Some(ClubAvoidance::All));
    assert_eq!(
        ClubAvoidance::parse("3"),
        Some(ClubAvoidance::FirstRounds(3))
    );
    assert_eq!(ClubAvoidance::parse("0"), Some(ClubAvoidance::Off));
    assert_eq!(ClubAvoidance::parse("-1"), None);
    assert_eq!(ClubAvoidance::parse("always"), None);
    for rule in [
        ClubAvoidance::Off,
        ClubAvoidance::All,
        ClubAvoidance::FirstRounds(4),
    ] {
        assert_eq!(ClubAvoidance::parse(&rule.code()), Some(rule));
    }
    let first3 = ClubAvoidance::FirstRounds(3);
    assert!(first3.applies(3) && !first3.applies(4));
    assert_eq!(first3.last_round(7), Some(3));
    assert_eq!(ClubAvoidance::FirstRounds(9).last_round(7), Some(7));
    assert_eq!(ClubAvoidance::Off.last_round(7), None);
}

#[test]
fn team_mates_are_paired_as_forbidden_pairs() {
    let teams = named(&[
        (1, "Kowloon"),
        (2, " kowloon "),
        (3, "Sha Tin"),
        (4, "KOWLOON"),
        (5, ""),
        (6, "Sha Tin"),
        (7, "Tai Po"),
    ]);
    let pairs = team_forbidden_pairs(&teams, ClubAvoidance::All, 5).expect("pairs");
    assert_eq!(pairs, vec![(1, 2), (1, 4), (2, 4), (3, 6)]);
    assert_eq!(
        team_forbidden_pairs(&teams, ClubAvoidance::FirstRounds(2), 3),
        Ok(Vec::new())
    );
    let groups = team_groups(&teams, ClubAvoidance::FirstRounds(2), 7).expect("groups");
    assert_eq!(
        groups,
        vec![
            TeamGroup {
                team: "Kowloon".into(),
                players: vec![1, 2, 4],
                first_round: 1,
                last_round: 2
            },
            TeamGroup {
                team: "Sha Tin".into(),
                players: vec![3, 6],
                first_round: 1,
                last_round: 2
            },
        ]
    );
    let big: Vec<(PlayerNumber, String)> = (1..=MAX_TEAM as u32 + 1)
        .map(|p| (p, "Big".to_string()))
        .collect();
    assert!(matches!(
        team_forbidden_pairs(&big, ClubAvoidance::All, 1),
        Err(AvoidanceError::TeamTooLarge { players, .. }) if players == MAX_TEAM + 1
    ));
}

/// Thirty players, clubs by start number mod 6 (five each, spread over the ratings).
fn thirty() -> (Tournament, Vec<(PlayerNumber, String)>) {
    let mut t = Tournament::new(6, ScoringSystem::CHINESE, Red);
    for i in 0..30u32 {
        t.add_player(format!("P{}", i + 1), 2400 - 10 * i);
    }
    let teams = (1..=30u32)
        .map(|p| (p, format!("Club {}", p % 6)))
        .collect();
    (t, teams)
}

fn record(t: &mut Tournament, pairing: &Pairing, rng: &mut ChaCha8Rng) {
    let mut entries = Vec::new();
    for &(red, black) in &pairing.boards {
        let result =
            [ResultCode::Win, ResultCode::Draw, ResultCode::Loss][rng.next_u32() as usize % 3];
        let theirs = result.counterpart().expect("a game result");
        entries.push((red, RoundEntry::game(black, Red, result)));
        entries.push((black, RoundEntry::game(red, Black, theirs)));
    }
    if let Some(p) = pairing.bye {
        entries.push((p, RoundEntry::without_opponent(ResultCode::PairingBye)));
    }
    t.record_round(&entries).expect("consistent round");
}

fn same_club(teams: &[(PlayerNumber, String)], a: PlayerNumber, b: PlayerNumber) -> bool {
    let club = |p| teams.iter().find(|(q, _)| *q == p).map(|(_, c)| c.clone());
    club(a) == club(b)
}

/// With "all", no two players of one club ever meet in six rounds (a valid pairing exists every
/// time, so the engine finds one); the arbiter's own forbidden pair is kept too.
#[test]
fn six_clubs_never_meet_with_avoidance_in_every_round() {
    for seed in 0..8 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut t, teams) = thirty();
        t.forbidden_pairs.push((1, 2));
        for round in 1..=6 {
            let pairing = pair_avoiding_teams(&t, &teams, ClubAvoidance::All)
                .expect("no engine error")
                .unwrap_or_else(|b| panic!("seed {seed} round {round}: {b:?}"));
            for &(a, b) in &pairing.boards {
                assert!(
                    !same_club(&teams, a, b),
                    "seed {seed} round {round}: {a}-{b}"
                );
                assert_ne!((a.min(b), a.max(b)), (1, 2));
            }
            record(&mut t, &pairing, &mut rng);
        }
    }
}

/// With "first 3 rounds": rounds 1–3 keep clubs apart, and rounds 4–6 are exactly what the plain
/// Dutch system pairs from the same history.
#[test]
fn after_the_first_three_rounds_the_plain_dutch_system_pairs() {
    let rule = ClubAvoidance::FirstRounds(3);
    let mut met_club_mates = 0;
    for seed in 0..8 {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + seed);
        let (mut t, teams) = thirty();
        for round in 1..=6u32 {
            let pairing = pair_avoiding_teams(&t, &teams, rule)
                .expect("no engine error")
                .expect("pairable");
            let club_mates = pairing
                .boards
                .iter()
                .filter(|&&(a, b)| same_club(&teams, a, b))
                .count();
            if round <= 3 {
                assert_eq!(club_mates, 0, "seed {seed} round {round}");
            } else {
                assert_eq!(
                    pairing,
                    pair_next_round(&t).expect("plain"),
                    "round {round}"
                );
                met_club_mates += club_mates;
            }
            record(&mut t, &pairing, &mut rng);
        }
    }
    // The rule is really lifted: club-mates do meet in the later rounds.
    assert!(met_club_mates > 0);
}

/// Four players after two drawn rounds (1–3, 2–4, then 4–1, 3–2, colours alternating): only 1–2 and
/// 3–4 are left.
fn cornered() -> Tournament {
    let mut t = Tournament::new(3, ScoringSystem::CHINESE, Red);
    for i in 1..=4 {
        t.add_player(format!("P{i}"), 0);
    }
    for round in [[(1, 3), (2, 4)], [(4, 1), (3, 2)]] {
        let mut entries = Vec::new();
        for (red, black) in round {
            entries.push((red, RoundEntry::game(black, Red, ResultCode::Draw)));
            entries.push((black, RoundEntry::game(red, Black, ResultCode::Draw)));
        }
        t.record_round(&entries).expect("round");
    }
    t
}

#[test]
fn a_blocked_round_names_the_teams_it_needs_relaxed() {
    let t = cornered();
    // Only team A (1, 2) stands in the way: relaxing it pairs 1–2 and 3–4.
    let one = named(&[(1, "A"), (2, "A")]);
    match pair_avoiding_teams(&t, &one, ClubAvoidance::All).expect("no engine error") {
        Err(Blockage::Teams { teams, pairing }) => {
            assert_eq!(teams, ["A"]);
            assert_eq!(pairing.boards.len(), 2);
        }
        other => panic!("{other:?}"),
    }
    // Both teams block: relaxing either alone is not enough.
    let two = named(&[(1, "A"), (2, "A"), (3, "B"), (4, "B"), (5, "C")]);
    match pair_avoiding_teams(&t, &two, ClubAvoidance::All).expect("no engine error") {
        Err(Blockage::Teams { teams, .. }) => assert_eq!(teams, ["A", "B"]),
        other => panic!("{other:?}"),
    }
    // After the avoided rounds the same teams pair as usual.
    assert!(matches!(
        pair_avoiding_teams(&t, &two, ClubAvoidance::FirstRounds(2)),
        Ok(Ok(_))
    ));
}

#[test]
fn a_round_blocked_without_the_teams_is_not_their_doing() {
    let mut t = cornered();
    t.forbidden_pairs.push((1, 2));
    let teams = named(&[(3, "B"), (4, "B")]);
    assert_eq!(
        pair_avoiding_teams(&t, &teams, ClubAvoidance::All),
        Ok(Err(Blockage::NotTheTeams))
    );
}

#[test]
fn prohibitions_cover_the_avoided_rounds_less_the_relaxed_ones() {
    let teams = named(&[
        (1, "Tsuen Wan"),
        (2, "tsuen wan "),
        (3, "B"),
        (4, "B"),
        (5, ""),
    ]);
    let p = prohibitions(&teams, ClubAvoidance::All, 6, &[]).expect("small teams");
    assert_eq!(
        p,
        vec![
            Prohibition::new(1, 6, vec![3, 4]),
            Prohibition::new(1, 6, vec![1, 2])
        ]
    );
    // Relaxed in round 3 for one team: that team's rounds are split around it.
    let relaxed = [(3, "TSUEN WAN".to_string())];
    let p = prohibitions(&teams, ClubAvoidance::FirstRounds(4), 6, &relaxed).expect("small");
    assert_eq!(
        p,
        vec![
            Prohibition::new(1, 4, vec![3, 4]),
            Prohibition::new(1, 2, vec![1, 2]),
            Prohibition::new(4, 4, vec![1, 2])
        ]
    );
    assert!(
        prohibitions(&teams, ClubAvoidance::Off, 6, &[])
            .unwrap()
            .is_empty()
    );
    assert!(same_team(" B", "b") && !same_team("", "") && !same_team("A", "B"));
}
