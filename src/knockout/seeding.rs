//! Bracket seeding (蛇形编排): for 8 qualifiers the quarter-finals are 1–8, 4–5, 3–6, 2–7, top to bottom.

/// The seed pairs of the first round, top of the bracket first, higher seed first in each pair.
/// Neighbouring pairs meet in the next round. Seeds 1 and 2 are in opposite halves (they can meet only in
/// the final), 1–4 and 2–3 in opposite quarters, and so on; each pair sums to `size + 1`.
///
/// Built by doubling: the line of seeds for 2 is `1 2`; each doubling replaces seed `s` by the pair
/// `s, size+1−s`, mirrored at odd positions so the better seed stays on the outside of its half
/// (`1 4 3 2` → `1 8 5 4 3 6 7 2`). Returns `None` unless `size` is a power of two ≥ 2.
pub fn first_round_pairs(size: usize) -> Option<Vec<(u32, u32)>> {
    if size < 2 || !size.is_power_of_two() || size > 1 << 20 {
        return None;
    }
    let mut line: Vec<u32> = vec![1, 2];
    while line.len() < size {
        let total = (line.len() * 2 + 1) as u32;
        line = line
            .iter()
            .enumerate()
            .flat_map(|(i, &s)| {
                if i % 2 == 0 {
                    [s, total - s]
                } else {
                    [total - s, s]
                }
            })
            .collect();
    }
    Some(
        line.chunks(2)
            .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_qualifiers() {
        assert_eq!(first_round_pairs(4), Some(vec![(1, 4), (2, 3)]));
    }

    #[test]
    fn eight_qualifiers_follow_the_rulebook() {
        assert_eq!(
            first_round_pairs(8),
            Some(vec![(1, 8), (4, 5), (3, 6), (2, 7)])
        );
    }

    #[test]
    fn sixteen_qualifiers() {
        assert_eq!(
            first_round_pairs(16),
            Some(vec![
                (1, 16),
                (8, 9),
                (5, 12),
                (4, 13),
                (3, 14),
                (6, 11),
                (7, 10),
                (2, 15)
            ])
        );
    }

    /// In every bracket the favourites can meet only when all better seeds have gone: seed k's first
    /// possible opponent among the top seeds comes as late as possible.
    #[test]
    fn top_seeds_are_spread_for_every_size() {
        for k in 1..=6 {
            let size = 1usize << k;
            let pairs = first_round_pairs(size).expect("power of two");
            assert_eq!(pairs.len(), size / 2);
            let line: Vec<u32> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
            let mut sorted = line.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (1..=size as u32).collect::<Vec<_>>());
            assert!(pairs.iter().all(|&(a, b)| a + b == size as u32 + 1));
            // A block of `width` neighbouring slots produces one player for a later round; its best
            // seed must be among the best size/width seeds, else two favourites would meet early.
            let mut width = 2;
            while width <= size {
                let blocks = size / width;
                for block in line.chunks(width) {
                    let best = *block.iter().min().expect("non-empty");
                    assert!(best as usize <= blocks, "size {size}: block {block:?}");
                }
                width *= 2;
            }
        }
    }

    #[test]
    fn sizes_other_than_powers_of_two_are_refused() {
        for size in [0, 1, 3, 6, 12] {
            assert_eq!(first_round_pairs(size), None, "{size}");
        }
    }
}
