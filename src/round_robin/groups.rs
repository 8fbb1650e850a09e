//! Group stages (小組循環): the groups drawn by seeding in snake order (組別抽籤), and the crossing
//! of each group's top finishers into a knockout.
//!
//! **The crossing.** With two groups and two qualifiers each it is A1–B2, B1–A2. For G groups
//! sending K each (G·K a power of two, so both are powers of two) the knockout's seeds are given
//! in places ("tiers"): the first of every group are seeds 1 … G in group order (A, B, C …), the
//! seconds the next G, and so on. `knockout::Bracket::seed` pairs seed s with seed G·K+1−s, so the
//! k-th places meet the (K+1−k)-th places. The upper places (k ≤ K/2, or the only one when K = 1)
//! keep group order; in each lower place, the player of group g takes the seed facing the upper
//! place's player of g's sister group (A↔B, C↔D …; a single group is its own sister). So
//! 4 groups × 2 give A1–B2, D1–C2, C1–D2, B1–A2 (the bracket's lines, top to bottom), 2 × 4 give
//! A1–B4, B2–A3, A2–B3, B1–A4: no first-round match between players of one group, and with two
//! qualifiers per group the two are in opposite halves, so they can meet only in the final.

use std::collections::HashSet;

use super::{MAX_PLAYERS, RoundRobinError};

/// The most groups one section may have.
pub const MAX_GROUPS: u32 = 32;

/// Draws `seeded` (start numbers, best seed first) into `groups` groups in snake order: seeds
/// 1 … G go to groups 1 … G, seeds G+1 … 2G to groups G … 1, and so on. Each group lists its
/// players in seeding order. Every group has at least two players.
pub fn snake_groups(seeded: &[u32], groups: u32) -> Result<Vec<Vec<u32>>, RoundRobinError> {
    let players = u32::try_from(seeded.len()).unwrap_or(u32::MAX);
    if groups == 0 || groups > MAX_GROUPS || players < 2 * groups {
        return Err(RoundRobinError::Groups { players, groups });
    }
    check_unique(seeded)?;
    let g = groups as usize;
    let mut out: Vec<Vec<u32>> = vec![Vec::new(); g];
    for (i, &start) in seeded.iter().enumerate() {
        let (row, col) = (i / g, i % g);
        let group = if row % 2 == 0 { col } else { g - 1 - col };
        out[group].push(start);
    }
    if let Some(big) = out.iter().find(|group| group.len() as u32 > MAX_PLAYERS) {
        return Err(RoundRobinError::TooManyPlayers(big.len() as u32));
    }
    Ok(out)
}

/// The knockout's qualifiers in seed order (seed 1 first, as `knockout::Bracket::seed` takes
/// them), crossed as the module text says. `rankings[g]` is group g's final order (start
/// numbers, first place first); its first `per_group` qualify.
pub fn knockout_seeds(rankings: &[Vec<u32>], per_group: u32) -> Result<Vec<u32>, RoundRobinError> {
    let groups = u32::try_from(rankings.len()).unwrap_or(u32::MAX);
    let refused = RoundRobinError::Qualifiers { groups, per_group };
    let total = groups.checked_mul(per_group).ok_or(refused.clone())?;
    if groups == 0
        || groups > MAX_GROUPS
        || per_group == 0
        || total < 2
        || !total.is_power_of_two()
        || rankings.iter().any(|r| (r.len() as u32) < per_group)
    {
        return Err(refused);
    }
    let all: Vec<u32> = rankings.iter().flatten().copied().collect();
    check_unique(&all)?;
    let (g, k) = (groups as usize, per_group as usize);
    let sister = |group: usize| if g > 1 { group ^ 1 } else { group };
    // seed[place][group], 1-based seeds; upper places first.
    let mut seed = vec![vec![0usize; g]; k];
    for place in 0..k {
        for group in 0..g {
            seed[place][group] = if place < k.div_ceil(2) {
                place * g + group + 1
            } else {
                total as usize + 1 - seed[k - 1 - place][sister(group)]
            };
        }
    }
    let mut order = vec![0u32; total as usize];
    for (place, row) in seed.iter().enumerate() {
        for (group, &s) in row.iter().enumerate() {
            order[s - 1] = rankings[group][place];
        }
    }
    Ok(order)
}

fn check_unique(starts: &[u32]) -> Result<(), RoundRobinError> {
    let mut seen = HashSet::new();
    match starts.iter().find(|&&s| !seen.insert(s)) {
        Some(&dup) => Err(RoundRobinError::Duplicate(dup)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knockout::first_round_pairs;

    /// Group rankings whose players are `100·(group+1) + place`: 101 is A1, 202 is B2.
    fn rankings(groups: usize, size: usize) -> Vec<Vec<u32>> {
        (0..groups)
            .map(|g| (1..=size).map(|p| (100 * (g + 1) + p) as u32).collect())
            .collect()
    }

    fn name(start: u32) -> String {
        format!(
            "{}{}",
            (b'A' + (start / 100 - 1) as u8) as char,
            start % 100
        )
    }

    /// The first-round matches of the bracket, top to bottom, as "A1-B2".
    fn first_round(seeds: &[u32]) -> Vec<String> {
        first_round_pairs(seeds.len())
            .expect("power of two")
            .iter()
            .map(|&(a, b)| {
                format!(
                    "{}-{}",
                    name(seeds[a as usize - 1]),
                    name(seeds[b as usize - 1])
                )
            })
            .collect()
    }

    #[test]
    fn two_groups_cross_first_against_second() {
        let seeds = knockout_seeds(&rankings(2, 5), 2).expect("crossing");
        assert_eq!(first_round(&seeds), ["A1-B2", "B1-A2"]);
    }

    #[test]
    fn four_groups_cross_sister_groups_in_opposite_halves() {
        let seeds = knockout_seeds(&rankings(4, 4), 2).expect("crossing");
        assert_eq!(first_round(&seeds), ["A1-B2", "D1-C2", "C1-D2", "B1-A2"]);
    }

    #[test]
    fn two_groups_sending_four_meet_places_from_both_ends() {
        let seeds = knockout_seeds(&rankings(2, 6), 4).expect("crossing");
        assert_eq!(first_round(&seeds), ["A1-B4", "B2-A3", "A2-B3", "B1-A4"]);
    }

    #[test]
    fn eight_groups_and_winners_only_as_documented() {
        let eight = knockout_seeds(&rankings(8, 3), 2).expect("crossing");
        assert_eq!(
            first_round(&eight),
            [
                "A1-B2", "H1-G2", "E1-F2", "D1-C2", "C1-D2", "F1-E2", "G1-H2", "B1-A2"
            ]
        );
        let winners = knockout_seeds(&rankings(4, 3), 1).expect("crossing");
        assert_eq!(first_round(&winners), ["A1-D1", "B1-C1"]);
    }

    /// For every shape up to 64 qualifiers: each qualifier once, no first-round match inside a
    /// group, the k-th places meet the (K+1−k)-th, and with two per group they are in opposite
    /// halves.
    #[test]
    fn every_shape_keeps_group_mates_apart() {
        for groups in [1usize, 2, 4, 8, 16, 32] {
            for per_group in [1usize, 2, 4, 8, 16] {
                let total = groups * per_group;
                if !(2..=64).contains(&total) {
                    continue;
                }
                let seeds = knockout_seeds(&rankings(groups, per_group), per_group as u32)
                    .expect("a valid shape");
                let mut sorted = seeds.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), total, "{groups}×{per_group}");
                let pairs = first_round_pairs(total).expect("power of two");
                for &(a, b) in &pairs {
                    let (x, y) = (seeds[a as usize - 1], seeds[b as usize - 1]);
                    if groups > 1 {
                        assert_ne!(x / 100, y / 100, "{groups}×{per_group}: {x} meets {y}");
                    }
                    assert_eq!(
                        x % 100 + y % 100,
                        per_group as u32 + 1,
                        "{groups}×{per_group}: {x} meets {y}"
                    );
                }
                if per_group == 2 && groups > 1 {
                    let line: Vec<u32> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
                    let top: HashSet<u32> = line[..total / 2]
                        .iter()
                        .map(|&s| seeds[s as usize - 1])
                        .collect();
                    for g in 1..=groups as u32 {
                        assert_ne!(
                            top.contains(&(100 * g + 1)),
                            top.contains(&(100 * g + 2)),
                            "{groups}×2: group {g} in one half"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn impossible_crossings_are_refused() {
        let three = rankings(3, 4);
        assert_eq!(
            knockout_seeds(&three, 2),
            Err(RoundRobinError::Qualifiers {
                groups: 3,
                per_group: 2
            })
        );
        assert!(
            knockout_seeds(&rankings(2, 1), 2).is_err(),
            "groups too small"
        );
        assert!(knockout_seeds(&rankings(2, 3), 0).is_err());
        assert!(knockout_seeds(&[], 2).is_err());
        let mut twice = rankings(2, 2);
        twice[1][0] = 101;
        assert_eq!(
            knockout_seeds(&twice, 2),
            Err(RoundRobinError::Duplicate(101))
        );
    }

    #[test]
    fn snake_order_fills_groups_back_and_forth() {
        let seeded: Vec<u32> = (1..=10).collect();
        let groups = snake_groups(&seeded, 3).expect("groups");
        assert_eq!(
            groups,
            vec![vec![1, 6, 7], vec![2, 5, 8], vec![3, 4, 9, 10]]
        );
        let two = snake_groups(&seeded, 2).expect("groups");
        assert_eq!(two, vec![vec![1, 4, 5, 8, 9], vec![2, 3, 6, 7, 10]]);
    }

    #[test]
    fn snake_groups_refuse_bad_counts() {
        let seeded: Vec<u32> = (1..=5).collect();
        assert_eq!(
            snake_groups(&seeded, 3),
            Err(RoundRobinError::Groups {
                players: 5,
                groups: 3
            })
        );
        assert!(snake_groups(&seeded, 0).is_err());
        assert_eq!(
            snake_groups(&[1, 2, 2, 3], 2),
            Err(RoundRobinError::Duplicate(2))
        );
    }
}
