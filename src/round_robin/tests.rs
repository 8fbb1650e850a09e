//! Round-robin schedules against FIDE's published Berger tables, and the draw of numbers.

use std::collections::HashMap;

use super::*;

/// FIDE's published tables for 4 … 16 players (C.05 Annex 1), keyed by size.
fn published() -> HashMap<u32, Vec<Vec<(u32, u32)>>> {
    let mut tables = HashMap::new();
    let mut size = 0;
    for line in include_str!("berger_tables.txt").lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(n) = line.strip_prefix("n=") {
            size = n.parse().expect("size");
            tables.insert(size, Vec::new());
            continue;
        }
        let (_, boards) = line.split_once(": ").expect("round: boards");
        let round = boards
            .split(' ')
            .map(|b| {
                let (r, k) = b.split_once('-').expect("red-black");
                (r.parse().expect("red"), k.parse().expect("black"))
            })
            .collect();
        tables.get_mut(&size).expect("size first").push(round);
    }
    tables
}

#[test]
fn tables_equal_fides_for_4_to_16_players() {
    let tables = published();
    assert_eq!(tables.len(), 7);
    for (&n, rounds) in &tables {
        let ours = schedule(n, Cycles::Single).expect("schedule");
        assert_eq!(ours.len(), rounds.len(), "{n} players");
        for (r, (got, want)) in ours.iter().zip(rounds).enumerate() {
            assert_eq!(&got.boards, want, "{n} players, round {}", r + 1);
            assert_eq!(got.bye, None);
        }
    }
}

#[test]
fn an_odd_field_plays_the_next_table_with_its_last_number_as_the_bye() {
    let tables = published();
    for n in [3u32, 5, 7, 9, 11, 13, 15] {
        let ours = schedule(n, Cycles::Single).expect("schedule");
        let table = &tables[&(n + 1)];
        assert_eq!(ours.len(), table.len());
        for (got, want) in ours.iter().zip(table) {
            let (with_bye, rest): (Vec<_>, Vec<_>) =
                want.iter().partition(|&&(r, b)| r == n + 1 || b == n + 1);
            assert_eq!(got.boards, rest);
            let (r, b) = with_bye[0];
            assert_eq!(got.bye, Some(if r == n + 1 { b } else { r }));
        }
    }
}

/// Every two players meet exactly once per cycle, everyone plays once per round (or has the bye),
/// colours differ by at most one, and a double round robin's second cycle swaps each pair's colours.
#[test]
fn every_pair_meets_once_per_cycle_with_colours_as_the_table() {
    for n in 2..=MAX_PLAYERS {
        for swap_last_two in [false, true] {
            let double = schedule(n, Cycles::Double { swap_last_two }).expect("schedule");
            let per_cycle = rounds_per_cycle(n).expect("size") as usize;
            assert_eq!(double.len(), 2 * per_cycle);
            let mut met: HashMap<(u32, u32), Vec<(usize, u32)>> = HashMap::new();
            let mut reds = vec![0i32; n as usize + 1];
            for (i, round) in double[..per_cycle].iter().enumerate() {
                let mut seen: Vec<u32> = round.boards.iter().flat_map(|&(r, b)| [r, b]).collect();
                seen.extend(round.bye);
                seen.sort();
                assert_eq!(seen, (1..=n).collect::<Vec<_>>(), "{n}: round {}", i + 1);
                for &(r, b) in &round.boards {
                    met.entry((r.min(b), r.max(b))).or_default().push((i, r));
                    reds[r as usize] += 1;
                    reds[b as usize] -= 1;
                }
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2, "{n}");
            assert!(met.values().all(|m| m.len() == 1), "{n}");
            assert!(reds.iter().all(|d| d.abs() <= 1), "{n}: {reds:?}");
            for round in &double[per_cycle..] {
                for &(r, b) in &round.boards {
                    let first = met[&(r.min(b), r.max(b))][0];
                    assert_eq!(first.1, b, "{n}: {r}-{b} had Red in cycle 1");
                }
            }
        }
    }
}

#[test]
fn double_round_robin_repeats_the_table_with_colours_swapped() {
    let single = schedule(6, Cycles::Single).expect("single");
    let double = schedule(
        6,
        Cycles::Double {
            swap_last_two: false,
        },
    )
    .expect("double");
    assert_eq!(double[..5], single[..]);
    assert_eq!(double[5].boards, vec![(6, 1), (5, 2), (4, 3)]);
    let swapped = schedule(
        6,
        Cycles::Double {
            swap_last_two: true,
        },
    )
    .expect("double");
    assert_eq!(swapped[3], single[4]);
    assert_eq!(swapped[4], single[3]);
    assert_eq!(swapped[5..], double[5..]);
    // Player 1: Red, Red in the table's rounds 4 and 5 would meet Black in round 6 after the swap
    // only twice running, not three times.
    let colours: Vec<bool> = swapped
        .iter()
        .map(|r| r.boards.iter().any(|&(red, _)| red == 1))
        .collect();
    assert!(
        !colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
        "{colours:?}"
    );
}

#[test]
fn sizes_and_rounds_are_bounded() {
    assert_eq!(rounds_per_cycle(9), Ok(9));
    assert_eq!(rounds_per_cycle(10), Ok(9));
    assert_eq!(
        schedule(1, Cycles::Single),
        Err(RoundRobinError::TooFewPlayers(1))
    );
    assert_eq!(
        schedule(MAX_PLAYERS + 1, Cycles::Single),
        Err(RoundRobinError::TooManyPlayers(MAX_PLAYERS + 1))
    );
    assert_eq!(
        berger_round(8, 8),
        Err(RoundRobinError::NoSuchRound {
            round: 8,
            rounds: 7
        })
    );
    assert!(berger_round(8, 0).is_err());
}

fn entrants() -> Vec<Entrant> {
    [(1, 1800), (2, 2100), (3, 1950), (4, 2100), (5, 1500)]
        .into_iter()
        .map(|(start, rating)| Entrant { start, rating })
        .collect()
}

#[test]
fn draw_by_rating_puts_the_highest_first_and_equal_ratings_by_start_number() {
    assert_eq!(
        draw_numbers(&entrants(), &DrawMethod::Rating),
        Ok(vec![2, 4, 3, 1, 5])
    );
}

/// The lot is reproducible from its seed, independent of the order the entrants are given in,
/// and another seed gives another draw.
#[test]
fn draw_by_lot_is_reproduced_by_its_seed() {
    let seed = Seed::from_bytes([7; 32]);
    let lot = draw_numbers(&entrants(), &DrawMethod::Lot(seed.clone())).expect("draw");
    let mut sorted = lot.clone();
    sorted.sort();
    assert_eq!(sorted, vec![1, 2, 3, 4, 5]);
    let mut reversed = entrants();
    reversed.reverse();
    assert_eq!(
        draw_numbers(&reversed, &DrawMethod::Lot(seed)),
        Ok(lot.clone())
    );
    let draws: std::collections::HashSet<Vec<u32>> = (0..20u8)
        .map(|b| {
            draw_numbers(&entrants(), &DrawMethod::Lot(Seed::from_bytes([b; 32]))).expect("draw")
        })
        .collect();
    assert!(draws.len() > 10, "{draws:?}");
    // Worked out apart from this code (an RFC 8439 ChaCha20 block function in Python, zero nonce,
    // the same rejection sampling and Fisher–Yates): a recorded seed gives this draw everywhere.
    assert_eq!(lot, vec![2, 5, 3, 4, 1]);
}

#[test]
fn draws_refuse_duplicates_and_bad_sizes() {
    let mut twice = entrants();
    twice[4].start = 2;
    assert_eq!(
        draw_numbers(&twice, &DrawMethod::Rating),
        Err(RoundRobinError::Duplicate(2))
    );
    assert_eq!(
        draw_numbers(&entrants()[..1], &DrawMethod::Rating),
        Err(RoundRobinError::TooFewPlayers(1))
    );
}

#[test]
fn a_drawn_section_plays_each_group_by_its_table_with_the_rest_resting() {
    let drawn = Drawn {
        groups: vec![vec![11, 12, 13, 14], vec![21, 22, 23, 24, 25]],
        cycles: Cycles::Single,
    };
    assert_eq!(drawn.rounds().unwrap(), 5);
    let one = drawn.round(1).unwrap();
    let a = berger_round(4, 1).unwrap().map(|d| 10 + d).0;
    let (b, bye) = berger_round(5, 1).unwrap().map(|d| 20 + d);
    assert_eq!(one.boards, [a, b].concat());
    assert_eq!(one.resting, vec![bye.unwrap()]);
    // Group A of four has played its three rounds: all four rest in round 4.
    let four = drawn.round(4).unwrap();
    assert!([11, 12, 13, 14].iter().all(|p| four.resting.contains(p)));
    assert_eq!(four.boards.len(), 2);
    assert!(drawn.round(6).is_err());
    assert!(annulled(2, 5) && !annulled(3, 5) && !annulled(2, 4));
}
