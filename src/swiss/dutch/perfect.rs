//! The first perfect candidate of a bracket (B.4), found without weighted matching.
//!
//! When every player of an even bracket can be paired with nobody denied a colour preference and no
//! resident given an upfloat again, that candidate meets every quality criterion at its best value,
//! so the first such candidate in the generation order is the bracket's pairing. Among candidates
//! without exchanges, that order is lexicographic in the S2 partners of S1 (transpositions, D.1);
//! the lexicographically first perfect bipartite matching is found greedily, each choice confirmed
//! by an augmenting path search. If none exists (or it would need an exchange), the caller falls
//! back to the weighted matching.

use super::colour;
use super::field::{Field, Outcome, Spec};
use super::players::Float;

/// The first perfect candidate of an even bracket, if one exists without exchanges.
pub fn first_perfect_candidate(field: &Field<'_>, spec: &Spec) -> Option<Outcome> {
    if (spec.mdps.len() + spec.residents.len()) % 2 == 1 {
        return None;
    }
    let perfect_pair = |a: usize, b: usize| perfect_pair(field, a, b);
    let mut pairs = Vec::new();
    // MDP-pairing: MDPs (S1) against residents (S2); a resident playing an MDP floats up, which
    // must not repeat an upfloat of the last two rounds.
    let mdp_partners = lexicographic_first(&spec.mdps, &spec.residents, |m, r| {
        perfect_pair(m, r) && !field.players[r].floats.contains(&Float::Up)
    })?;
    let mut remainder: Vec<usize> = spec.residents.clone();
    for (&m, &r) in spec.mdps.iter().zip(&mdp_partners) {
        pairs.push((m.min(r), m.max(r)));
        remainder.retain(|&x| x != r);
    }
    let half = remainder.len() / 2;
    let (s1, s2) = remainder.split_at(half);
    let partners = lexicographic_first(s1, s2, perfect_pair)?;
    for (&a, &b) in s1.iter().zip(&partners) {
        pairs.push((a.min(b), a.max(b)));
    }
    pairs.sort();
    Some(Outcome {
        pairs,
        downfloaters: Vec::new(),
        bye: None,
    })
}

/// The first perfect candidate of an odd bracket without moved-down players whose unpaired player
/// is one that `may_float` allows (given its position among the residents). Among transpositions
/// (D.1) the generation order is lexicographic in the S2 sequence, the unpaired player last; a
/// placeholder appended to S1 stands for that last place.
pub fn first_perfect_candidate_floating(
    field: &Field<'_>,
    spec: &Spec,
    may_float: impl Fn(usize) -> bool,
) -> Option<Outcome> {
    let r = &spec.residents;
    if !spec.mdps.is_empty() || r.len().is_multiple_of(2) {
        return None;
    }
    let half = r.len() / 2;
    let floater = usize::MAX;
    let s1: Vec<usize> = r[..half].iter().copied().chain([floater]).collect();
    let position: std::collections::HashMap<usize, usize> =
        r.iter().enumerate().map(|(i, &x)| (x, i)).collect();
    let partners = lexicographic_first(&s1, &r[half..], |a, b| {
        if a == floater {
            may_float(position[&b])
        } else {
            perfect_pair(field, a, b)
        }
    })?;
    let (&unpaired, paired) = partners.split_last()?;
    let mut pairs: Vec<(usize, usize)> = r[..half]
        .iter()
        .zip(paired)
        .map(|(&a, &b)| (a.min(b), a.max(b)))
        .collect();
    pairs.sort();
    Some(Outcome {
        pairs,
        downfloaters: vec![unpaired],
        bye: None,
    })
}

/// Whether `a` and `b` may meet with both colour preferences granted (no colour criterion lost).
fn perfect_pair(field: &Field<'_>, a: usize, b: usize) -> bool {
    field.compatible[a][b]
        && colour::cost(&field.players[a], &field.players[b], field.first_colour)
            == colour::ColourCost::default()
}

/// The lexicographically first assignment of every `s1` player to a distinct `s2` player with
/// `ok(s1, s2)`, as partners in `s1` order; `None` if no complete assignment exists.
pub fn lexicographic_first(
    s1: &[usize],
    s2: &[usize],
    ok: impl Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    let adj: Vec<Vec<usize>> = s1
        .iter()
        .map(|&a| (0..s2.len()).filter(|&j| ok(a, s2[j])).collect())
        .collect();
    let mut matching = Bipartite {
        adj: &adj,
        left: vec![None; s1.len()],
        right: vec![None; s2.len()],
        fixed: vec![false; s1.len()],
    };
    for i in 0..s1.len() {
        let mut seen = vec![false; s2.len()];
        if !matching.augment(i, &mut seen) {
            return None;
        }
    }
    for (i, options) in adj.iter().enumerate() {
        for &j in options {
            if matching.left[i] == Some(j) {
                break;
            }
            if matching.right[j].is_some_and(|holder| matching.fixed[holder]) {
                continue;
            }
            if matching.try_reassign(i, j) {
                break;
            }
        }
        matching.fixed[i] = true;
    }
    matching.left.iter().map(|j| j.map(|j| s2[j])).collect()
}

struct Bipartite<'a> {
    adj: &'a [Vec<usize>],
    left: Vec<Option<usize>>,
    right: Vec<Option<usize>>,
    fixed: Vec<bool>,
}

impl Bipartite<'_> {
    /// Kuhn's augmenting path from left vertex `i`, avoiding fixed left vertices.
    fn augment(&mut self, i: usize, seen: &mut [bool]) -> bool {
        for &j in &self.adj[i] {
            if seen[j] {
                continue;
            }
            seen[j] = true;
            let free = match self.right[j] {
                None => true,
                Some(holder) => !self.fixed[holder] && self.augment(holder, seen),
            };
            if free {
                self.left[i] = Some(j);
                self.right[j] = Some(i);
                return true;
            }
        }
        false
    }

    /// Gives `j` to `i` if the displaced holder of `j` can be re-matched; otherwise changes nothing.
    fn try_reassign(&mut self, i: usize, j: usize) -> bool {
        let (saved_left, saved_right) = (self.left.clone(), self.right.clone());
        let old = self.left[i];
        let holder = self.right[j];
        if let Some(old) = old {
            self.right[old] = None;
        }
        self.left[i] = Some(j);
        self.right[j] = Some(i);
        let Some(holder) = holder else { return true };
        self.left[holder] = None;
        // i keeps j during the search: mark i fixed temporarily.
        let was_fixed = self.fixed[i];
        self.fixed[i] = true;
        let mut seen = vec![false; self.right.len()];
        seen[j] = true;
        let ok = self.augment(holder, &mut seen);
        self.fixed[i] = was_fixed;
        if !ok {
            self.left = saved_left;
            self.right = saved_right;
        }
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    /// Brute force: the lexicographically first complete assignment by trying S2 in order.
    fn brute(s1: usize, s2: usize, ok: &dyn Fn(usize, usize) -> bool) -> Option<Vec<usize>> {
        fn go(
            i: usize,
            s1: usize,
            s2: usize,
            used: &mut Vec<bool>,
            ok: &dyn Fn(usize, usize) -> bool,
            out: &mut Vec<usize>,
        ) -> bool {
            if i == s1 {
                return true;
            }
            for j in 0..s2 {
                if !used[j] && ok(i, j) {
                    used[j] = true;
                    out.push(j);
                    if go(i + 1, s1, s2, used, ok, out) {
                        return true;
                    }
                    out.pop();
                    used[j] = false;
                }
            }
            false
        }
        let mut out = Vec::new();
        go(0, s1, s2, &mut vec![false; s2], ok, &mut out).then_some(out)
    }

    #[test]
    fn lexicographic_first_matches_brute_force() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..500 {
            let s1 = (rng.next_u32() % 6) as usize;
            let s2 = s1 + (rng.next_u32() % 3) as usize;
            let table: Vec<Vec<bool>> = (0..s1)
                .map(|_| (0..s2).map(|_| rng.next_u32() % 3 != 0).collect())
                .collect();
            let ok = |a: usize, b: usize| table[a][b];
            let left: Vec<usize> = (0..s1).collect();
            let right: Vec<usize> = (0..s2).collect();
            assert_eq!(
                lexicographic_first(&left, &right, ok),
                brute(s1, s2, &ok),
                "{table:?}"
            );
        }
    }
}
