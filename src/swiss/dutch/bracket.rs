//! Pairing one bracket (C.04.3 B): the best candidate by the quality criteria, and among equally
//! good candidates the first one the rules' generation order would reach.
//!
//! The criteria become prioritised fields of an edge weight (see [`super::weight`]); a maximum
//! weight matching over the bracket — plus the following score group for the look-ahead of C7–C8,
//! or all lower players when the completion criterion C4 applies — yields an optimal candidate.
//! The generation order (MDP-pairing before remainder; exchanges ordered by B.5/D.2; then
//! transpositions, i.e. S1 players take the lowest available S2 partner) is reproduced by fixing
//! decisions one at a time, each checked by a matching that keeps the optimum.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use super::blossom::solve_with_duals;
use super::cardinality;
use super::colour;
use super::field::{Field, Outcome, Spec};
use super::players::Float;
use super::weight::{FieldValues, Layout, MatchWeight, Wide};

/// Criterion keys in priority order; score-difference payloads are negated so that larger
/// differences sort (and weigh) first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Key {
    Complete,
    C5,
    C6(i64),
    C7,
    C8(i64),
    C9,
    C10,
    C11,
    C12,
    C13,
    C14,
    C15,
    C16,
    C17,
    C18(i64),
    C19(i64),
    C20(i64),
    C21(i64),
}

/// How many S1 players one matching run places at once when their first partners are uncertain.
const FIX_WINDOW: usize = 6;

/// Bits for one player's partner preference in the windowed fixing bonus.
fn fix_bits(vertices: usize) -> u32 {
    usize::BITS - (vertices + 2).leading_zeros()
}

/// A hasher for the small integer keys of the matching runs' sets (vertex indices and edges): a
/// multiply and rotate per word. The sets are looked up for every edge of every run, where the
/// default SipHash cost a tenth of a pairing; their iteration order decides nothing (it differed
/// from process to process with SipHash's random keys as well).
#[derive(Default)]
struct IndexHasher(u64);

impl Hasher for IndexHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Edges `(u, v)` in local indices, u < v.
type EdgeSet = HashSet<(usize, usize), BuildHasherDefault<IndexHasher>>;
/// Local index → position.
type IndexMap = HashMap<usize, usize, BuildHasherDefault<IndexHasher>>;

/// Tie-break fields appended below the criteria.
#[derive(Debug, Clone, Copy)]
struct Ties {
    mdp_set: usize,
    exchanges: usize,
    bsn_sum: usize,
    moved_out: usize,
    moved_in: usize,
    fix: usize,
    proxy: usize,
}

/// An edge `(u, v)` in local indices with its criteria values.
type CriteriaEdge = (usize, usize, Vec<(Key, i64)>);

struct Graph {
    /// Local vertex → rank index; `None` for the bye vertex.
    vertices: Vec<Option<usize>>,
    /// Edges `(u, v, criteria)` in local indices, u < v.
    edges: Vec<CriteriaEdge>,
    /// Number of bracket players (local indices `0..bracket`).
    bracket: usize,
    mdp_count: usize,
}

/// The remainder's S1/S2 split for the exchange tie-breaks (B.2, D.2).
struct Split {
    /// Local index → position in the remainder if a remainder player.
    position: IndexMap,
    /// Size of the original S1.
    s1: usize,
    /// Whether to use the bit-set fields of D.2 rules 3 and 4.
    exact: bool,
}

struct Solver<'f, 'a> {
    field: &'f Field<'a>,
    graph: Graph,
    keys: Vec<Key>,
    /// Each edge's criteria as `(field, value)`, parallel to `graph.edges`.
    criteria: Vec<Vec<(usize, i64)>>,
    removed: Vec<bool>,
    banned: BTreeSet<(usize, usize)>,
    /// Edges that can still be part of an optimal candidate (tight under optimal duals).
    tight: Option<EdgeSet>,
    split: Option<Split>,
    /// Players whose partners are being decided, in order: each prefers its first possible partner,
    /// earlier players strictly first (lexicographic bonus).
    fix: Vec<usize>,
}

/// Pairs one bracket; `None` when the completion criterion cannot be met.
pub fn pair_bracket(field: &Field<'_>, spec: &Spec) -> Option<Outcome> {
    if shortcuts_enabled() && (!spec.completion || spec.last) {
        if spec.mdps.is_empty()
            && let Some(outcome) = natural_candidate(field, spec)
        {
            return Some(outcome);
        }
        if let Some(outcome) = super::perfect::first_perfect_candidate(field, spec) {
            return Some(outcome);
        }
    }
    // An odd bracket always moves someone down, so it needs the look-ahead (C7) at once.
    let odd = (spec.mdps.len() + spec.residents.len()) % 2 == 1;
    if odd && !spec.next.is_empty() {
        if !spec.completion && shortcuts_enabled() {
            let values = single_float_values(field, spec);
            if spec.mdps.is_empty() {
                // A floater as good as any for the next bracket (C7, C8) and without a downfloat
                // in the last two rounds (C14–C21) leaves every criterion at its best.
                let best = values.iter().max().copied();
                let may_float = |position: usize| {
                    Some(values[position]) == best
                        && !field.players[spec.residents[position]]
                            .floats
                            .contains(&Float::Down)
                };
                if let Some(outcome) =
                    super::perfect::first_perfect_candidate_floating(field, spec, may_float)
                {
                    return Some(outcome);
                }
            }
            if let Some(outcome) = solve(field, spec, Lookahead::Single(values))
                && outcome.downfloaters.len() == 1
            {
                return Some(outcome);
            }
        }
        return solve(field, spec, Lookahead::Full);
    }
    let mut outcome = solve(field, spec, Lookahead::None)?;
    if !outcome.downfloaters.is_empty() && !spec.next.is_empty() {
        outcome = solve(field, spec, Lookahead::Full)?;
    }
    Some(outcome)
}

#[cfg(test)]
thread_local! {
    /// Tests turn the perfect-candidate shortcuts off to cross-check them against the matching.
    pub static SHORTCUTS: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

fn shortcuts_enabled() -> bool {
    #[cfg(test)]
    {
        SHORTCUTS.with(|s| s.get())
    }
    #[cfg(not(test))]
    {
        true
    }
}

/// For each player of the bracket (MDPs, then residents): what the following bracket achieves if
/// that player is its only moved-down player — whether it adds a pair (C7), and whether the player
/// can be paired there at all (C8: a paired MDP has a smaller score difference than one moved
/// further down).
fn single_float_values(field: &Field<'_>, spec: &Spec) -> Vec<(i64, i64)> {
    let next = &spec.next;
    let adj: Vec<Vec<usize>> = next
        .iter()
        .map(|&a| {
            (0..next.len())
                .filter(|&j| field.compatible[a][next[j]])
                .collect()
        })
        .collect();
    let neighbours: Vec<Vec<usize>> = spec
        .mdps
        .iter()
        .chain(&spec.residents)
        .map(|&d| {
            (0..next.len())
                .filter(|&j| field.compatible[d][next[j]])
                .collect()
        })
        .collect();
    let gains = cardinality::augmentable_from_each(&adj, &neighbours);
    neighbours
        .iter()
        .zip(gains)
        .map(|(n, gain)| (i64::from(gain), i64::from(!n.is_empty())))
        .collect()
}

/// B.4 "perfect" shortcut: the very first candidate (S1[i] against S2[i], the last S2 player
/// unpaired) when it is known to be optimal: every pair compatible and granted both colour
/// preferences, and, in an odd last bracket, a bye assignee that is eligible, has the fewest
/// unplayed games and no downfloat in the last two rounds.
fn natural_candidate(field: &Field<'_>, spec: &Spec) -> Option<Outcome> {
    let r = &spec.residents;
    let half = r.len() / 2;
    let mut bye = None;
    if r.len() % 2 == 1 {
        if !spec.decides_bye {
            return None;
        }
        let last = *r.last()?;
        let p = &field.players[last];
        let fewest = r
            .iter()
            .filter(|&&x| field.bye_eligible[x])
            .map(|&x| field.players[x].unplayed)
            .min();
        if !field.bye_eligible[last]
            || Some(p.unplayed) != fewest
            || p.floats.contains(&Float::Down)
        {
            return None;
        }
        bye = Some(last);
    }
    let mut pairs = Vec::with_capacity(half);
    for i in 0..half {
        let (a, b) = (r[i], r[half + i]);
        if !field.compatible[a][b] {
            return None;
        }
        let cost = colour::cost(&field.players[a], &field.players[b], field.first_colour);
        if cost != colour::ColourCost::default() {
            return None;
        }
        pairs.push((a, b));
    }
    Some(Outcome {
        pairs,
        downfloaters: Vec::new(),
        bye,
    })
}

/// The players of a bracket that one optimal candidate leaves unpaired, without the generation
/// order's tie-breaks (a single matching run): what the look-ahead of the bracket above may assume
/// of this one (its pairs and PSD are the look-ahead's C7 and C8).
pub fn unpaired_in_an_optimum(field: &Field<'_>, spec: &Spec) -> Vec<usize> {
    let solver = Solver::new(field, build_graph(field, spec, &Lookahead::None));
    let mate = solver.matching(false).mate;
    (0..solver.graph.bracket)
        .filter(|&v| mate[v].is_none())
        .filter_map(|v| solver.graph.vertices[v])
        .collect()
}

fn solve(field: &Field<'_>, spec: &Spec, lookahead: Lookahead) -> Option<Outcome> {
    let mut solver = Solver::new(field, build_graph(field, spec, &lookahead));
    let n = solver.graph.vertices.len();
    let bracket = solver.graph.bracket;
    let mdp_count = solver.graph.mdp_count;
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut mate;

    // MDP-pairing first (B.3): which MDPs are paired is settled by the weights' MDP-set field
    // (D.3: the S1 of the lowest BSNs among optimal candidates); then each paired MDP in rank
    // order takes the first resident an optimal candidate allows (D.1's transpositions). Edges
    // that are not tight under the optimal duals belong to no optimal candidate and are skipped
    // without a matching run.
    if mdp_count > 0 {
        let tight = solver.matching(false).tight;
        solver.tight = Some(tight.clone());
        mate = solver.matching(true).mate;
        if spec.completion && (0..n).any(|v| mate[v].is_none()) {
            return None;
        }
        for m in 0..mdp_count {
            let first = (mdp_count..bracket).find(|&r| {
                !solver.removed[r] && solver.edge_allowed(m, r) && tight.contains(&(m, r))
            });
            let current = mate[m].filter(|&p| p < bracket && p >= mdp_count);
            if first.is_some() && current != first {
                solver.fix = vec![m];
                mate = solver.matching(true).mate;
                solver.fix.clear();
            }
            match mate[m].filter(|&p| p < bracket && p >= mdp_count && first.is_some()) {
                Some(r) => {
                    pairs.push((m, r));
                    solver.removed[m] = true;
                    solver.removed[r] = true;
                }
                None => {
                    for r in mdp_count..bracket {
                        solver.banned.insert((m, r));
                    }
                }
            }
        }
    }

    // The remainder: residents not paired with MDPs, treated as homogeneous (B.3). Its S1 holds
    // as many players as it has pairs; guess all can be paired and correct the guess if not.
    let remainder: Vec<usize> = (mdp_count..bracket)
        .filter(|&v| !solver.removed[v])
        .collect();
    let position: IndexMap = remainder.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let remainder_pairs_in = |mate: &[Option<usize>]| {
        remainder
            .iter()
            .filter(|&&v| mate[v].is_some_and(|p| p > v && position.contains_key(&p)))
            .count()
    };
    let mut s1 = remainder.len() / 2;
    let (mut tight, mut exact) = (EdgeSet::default(), false);
    let mut certificate = Run {
        mate: Vec::new(),
        tight: EdgeSet::default(),
        required: Vec::new(),
        blossom_free: false,
    };
    mate = Vec::new();
    let base_tight = solver.tight.clone();
    for _attempt in 0..3 {
        solver.split = Some(Split {
            position: position.clone(),
            s1,
            exact,
        });
        solver.tight = base_tight.clone();
        certificate = solver.matching(false);
        tight = certificate.tight.clone();
        solver.tight = Some(tight.clone());
        mate = solver.matching(true).mate;
        if spec.completion && (0..n).any(|v| !solver.removed[v] && mate[v].is_none()) {
            return None;
        }
        let actual = remainder_pairs_in(&mate);
        let exchanges = remainder
            .iter()
            .filter(|&&v| {
                mate[v].is_some_and(|p| p > v && position.contains_key(&p)) && position[&v] >= s1
            })
            .count();
        if actual != s1 {
            s1 = actual;
            continue;
        }
        if exchanges > 0 && !exact {
            exact = true;
            continue;
        }
        break;
    }
    // S1 after exchanges: the higher-ranked player of each remainder pair (D.2 minimal exchange).
    let s1_new: Vec<usize> = remainder
        .iter()
        .copied()
        .filter(|&v| mate[v].is_some_and(|p| p > v && position.contains_key(&p)))
        .collect();
    let s1_set: BTreeSet<usize> = s1_new.iter().copied().collect();
    // Partners already decided exactly by a windowed run, up to this index of `s1_new`.
    let mut exact_until = 0;
    for (index, &lo) in s1_new.iter().enumerate() {
        let first = remainder.iter().copied().find(|&v| {
            v > lo
                && !solver.removed[v]
                && !s1_set.contains(&v)
                && solver.edge_allowed(lo, v)
                && tight.contains(&(lo, v))
        });
        if index < exact_until || mate[lo] == first {
            // Already the first possible partner.
        } else if certificate.blossom_free && shortcuts_enabled() {
            // Optimal candidates are exactly the tight-edge matchings covering the required
            // vertices: take the first partner for which such a matching remains.
            let candidates = remainder.iter().copied().filter(|&v| {
                v > lo
                    && !solver.removed[v]
                    && !s1_set.contains(&v)
                    && solver.edge_allowed(lo, v)
                    && tight.contains(&(lo, v))
            });
            for h in candidates {
                if mate[lo] == Some(h) {
                    break;
                }
                if let Some(next) = solver.cover_with(&certificate, &mate, lo, h) {
                    mate = next;
                    break;
                }
            }
        } else {
            // One run decides the next few S1 players at once, in lexicographic order.
            exact_until = (index + solver.window_size()).min(s1_new.len());
            solver.fix = s1_new[index..exact_until].to_vec();
            mate = solver.matching(true).mate;
            solver.fix.clear();
        }
        let Some(hi) = mate[lo].filter(|p| position.contains_key(p)) else {
            continue;
        };
        pairs.push((lo.min(hi), lo.max(hi)));
        solver.removed[lo] = true;
        solver.removed[hi] = true;
    }

    let paired: BTreeSet<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let mut bye = None;
    let mut downfloaters = Vec::new();
    for (v, partner) in mate.iter().enumerate().take(bracket) {
        if paired.contains(&v) {
            continue;
        }
        let Some(rank) = solver.graph.vertices[v] else {
            continue;
        };
        let to_bye = partner.is_some_and(|p| solver.graph.vertices[p].is_none());
        if (spec.last || spec.decides_bye) && to_bye {
            bye = Some(rank);
        } else {
            downfloaters.push(rank);
        }
    }
    if spec.last && downfloaters.len() + bye.map_or(0, |_| 1) > 1 {
        return None;
    }
    if spec.last && !downfloaters.is_empty() {
        // A lone unpaired player in the last bracket takes the bye (eligibility was checked by C4).
        bye = downfloaters.pop();
    }
    let vertices = &solver.graph.vertices;
    let to_rank = |v: usize| vertices[v].unwrap_or(usize::MAX);
    let mut ranked: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| {
            let (x, y) = (to_rank(a), to_rank(b));
            (x.min(y), x.max(y))
        })
        .collect();
    ranked.sort();
    downfloaters.sort();
    Some(Outcome {
        pairs: ranked,
        downfloaters,
        bye,
    })
}

/// How the following bracket is taken into account (C7, C8).
enum Lookahead {
    /// Not at all (PPB, last bracket, or no downfloaters).
    None,
    /// The following score group joins the matching.
    Full,
    /// One downfloater only: per bracket player, the `(C7, C8)` value of the following bracket if
    /// that player floats, on the edge to a single extra vertex.
    Single(Vec<(i64, i64)>),
}

fn build_graph(field: &Field<'_>, spec: &Spec, lookahead: &Lookahead) -> Graph {
    let full = matches!(lookahead, Lookahead::Full);
    let mut vertices: Vec<Option<usize>> = Vec::new();
    vertices.extend(spec.mdps.iter().map(|&r| Some(r)));
    vertices.extend(spec.residents.iter().map(|&r| Some(r)));
    let bracket = vertices.len();
    let mdp_count = spec.mdps.len();
    let next_start = vertices.len();
    if full {
        vertices.extend(spec.next.iter().map(|&r| Some(r)));
    }
    let next_end = vertices.len();
    if spec.completion {
        // `lower` starts with the next score group, already in when looking ahead.
        let skip = if full { spec.next.len() } else { 0 };
        vertices.extend(spec.lower[skip..].iter().map(|&r| Some(r)));
    }
    let players_end = vertices.len();
    let with_bye = spec.completion && players_end % 2 == 1;
    if with_bye {
        vertices.push(None);
    }
    let low = spec
        .residents
        .iter()
        .map(|&r| field.score(r))
        .min()
        .unwrap_or(0);
    let next_low = spec.next.iter().map(|&r| field.score(r)).min().unwrap_or(0);
    let point = field.point;
    let sd_out = |v: usize| field.score(v) - low + point;
    let mut edges = Vec::new();
    for u in 0..players_end {
        let ru = vertices[u].unwrap_or(0);
        for (v, vertex) in vertices.iter().enumerate().take(players_end).skip(u + 1) {
            let rv = vertex.unwrap_or(0);
            if !field.compatible[ru][rv] {
                continue;
            }
            let (hi, lo) = if ru < rv { (ru, rv) } else { (rv, ru) };
            let mut keys: Vec<(Key, i64)> = Vec::new();
            if spec.completion {
                keys.push((Key::Complete, 1));
            }
            let u_in = u < bracket;
            let v_in = v < bracket;
            if u_in && v_in {
                if u < mdp_count && v < mdp_count {
                    // Two MDPs never form a pair of the bracket; only completion may need them.
                    if spec.completion {
                        edges.push((u, v, keys));
                    }
                    continue;
                }
                bracket_criteria(field, hi, lo, &mut keys, sd_out);
            } else if full && (u_in || u >= next_start) && v >= next_start && v < next_end {
                // A pair of the following bracket (C7, C8).
                keys.push((Key::C7, 1));
                let sd_next = |x: usize| field.score(x) - next_low + point;
                keys.push((Key::C8(-sd_next(hi)), 1));
                keys.push((Key::C8(-sd_next(lo)), 1));
                keys.push((Key::C8(-(field.score(hi) - field.score(lo))), -1));
            } else if !spec.completion {
                continue;
            }
            edges.push((u, v, keys));
        }
    }
    if with_bye {
        let bye = vertices.len() - 1;
        for (u, vertex) in vertices.iter().enumerate().take(players_end) {
            let Some(rank) = *vertex else { continue };
            let p = &field.players[rank];
            if !field.bye_eligible[rank] {
                continue;
            }
            let mut keys = vec![(Key::Complete, 1)];
            if spec.decides_bye {
                keys.push((Key::C9, -(p.unplayed as i64)));
            }
            edges.push((u, bye, keys));
        }
    }
    if let Lookahead::Single(values) = lookahead {
        // The float vertex: whoever is matched to it is the bracket's one downfloater.
        let float = vertices.len();
        vertices.push(None);
        for (u, &(pairs, covered)) in values.iter().enumerate().take(bracket) {
            let mut keys = vec![(Key::C7, pairs + 1)];
            if covered != 0 {
                keys.push((Key::C8(0), covered));
            }
            edges.push((u, float, keys));
        }
    }
    Graph {
        vertices,
        edges,
        bracket,
        mdp_count,
    }
}

/// Criteria C5, C6 and C10–C21 for a pair of the bracket, `hi` ranking above `lo`.
fn bracket_criteria(
    field: &Field<'_>,
    hi: usize,
    lo: usize,
    keys: &mut Vec<(Key, i64)>,
    sd_out: impl Fn(usize) -> i64,
) {
    let (a, b) = (&field.players[hi], &field.players[lo]);
    let diff = field.score(hi) - field.score(lo);
    keys.push((Key::C5, 1));
    // C6 (PSD): pairing both players saves their downfloater differences and costs the pair's.
    keys.push((Key::C6(-sd_out(hi)), 1));
    keys.push((Key::C6(-sd_out(lo)), 1));
    keys.push((Key::C6(-diff), -1));
    let cost = colour::cost(a, b, field.first_colour);
    keys.push((Key::C10, -cost.topscorer_difference));
    keys.push((Key::C11, -cost.topscorer_repeat));
    keys.push((Key::C12, -cost.preference));
    keys.push((Key::C13, -cost.strong));
    // Floats: the higher player floats down if the scores differ, the lower one up.
    let hi_floats_down = diff > 0;
    for (back, (down_count, up_count)) in
        [(0usize, (Key::C14, Key::C15)), (1, (Key::C16, Key::C17))]
    {
        let mut saved = 0;
        if a.floats[back] == Float::Down && !hi_floats_down {
            saved += 1;
        }
        if b.floats[back] == Float::Down {
            saved += 1;
        }
        keys.push((down_count, saved));
        if b.floats[back] == Float::Up && hi_floats_down {
            keys.push((up_count, -1));
        }
    }
    for (back, down_key, up_key) in [
        (
            0usize,
            Key::C18 as fn(i64) -> Key,
            Key::C19 as fn(i64) -> Key,
        ),
        (1, Key::C20 as fn(i64) -> Key, Key::C21 as fn(i64) -> Key),
    ] {
        // A repeated downfloater paired here no longer floats out of the bracket...
        if a.floats[back] == Float::Down {
            keys.push((down_key(-sd_out(hi)), 1));
            // ...but floats down within the pair if the scores differ.
            if hi_floats_down {
                keys.push((down_key(-diff), -1));
            }
        }
        if b.floats[back] == Float::Down {
            keys.push((down_key(-sd_out(lo)), 1));
        }
        if b.floats[back] == Float::Up && hi_floats_down {
            keys.push((up_key(-diff), -1));
        }
    }
    keys.retain(|&(_, v)| v != 0);
}

impl<'f, 'a> Solver<'f, 'a> {
    /// A solver over `graph`, its criteria keys in priority order, nothing fixed yet.
    fn new(field: &'f Field<'a>, graph: Graph) -> Solver<'f, 'a> {
        let keys: Vec<Key> = graph
            .edges
            .iter()
            .flat_map(|e| e.2.iter().map(|&(k, _)| k))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let key_index: HashMap<Key, usize> =
            keys.iter().enumerate().map(|(i, &k)| (k, i)).collect();
        let criteria = graph
            .edges
            .iter()
            .map(|e| {
                e.2.iter()
                    .map(|&(k, value)| (key_index[&k], value))
                    .collect()
            })
            .collect();
        let n = graph.vertices.len();
        Solver {
            field,
            graph,
            keys,
            criteria,
            removed: vec![false; n],
            banned: BTreeSet::new(),
            tight: None,
            split: None,
            fix: Vec::new(),
        }
    }

    /// An optimal candidate containing `(lo, h)` and the pairs fixed so far, derived from `mate`
    /// by augmenting paths over tight edges; `None` if there is none.
    fn cover_with(
        &self,
        certificate: &Run,
        mate: &[Option<usize>],
        lo: usize,
        h: usize,
    ) -> Option<Vec<Option<usize>>> {
        let n = self.graph.vertices.len();
        let out = |v: usize| self.removed[v] || v == lo || v == h;
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in &certificate.tight {
            if !out(u) && !out(v) && !self.banned.contains(&(u, v)) {
                adj[u].push(v);
                adj[v].push(u);
            }
        }
        let required: Vec<bool> = (0..n).map(|v| !out(v) && certificate.required[v]).collect();
        let mut trial: Vec<Option<usize>> = (0..n)
            .map(|v| {
                if out(v) {
                    None
                } else {
                    mate[v].filter(|&p| !out(p))
                }
            })
            .collect();
        if !cardinality::cover_required(&adj, &required, &mut trial) {
            return None;
        }
        for v in 0..n {
            if self.removed[v] {
                trial[v] = mate[v];
            }
        }
        trial[lo] = Some(h);
        trial[h] = Some(lo);
        Some(trial)
    }

    fn edge_allowed(&self, u: usize, v: usize) -> bool {
        let (u, v) = (u.min(v), u.max(v));
        if self.banned.contains(&(u, v)) {
            return false;
        }
        match (self.graph.vertices[u], self.graph.vertices[v]) {
            (Some(a), Some(b)) => self.field.compatible[a][b],
            _ => false,
        }
    }

    /// Runs the matching over the non-removed vertices with the current tie-break settings, with
    /// or without the heuristic proxy field; returns the mates and the tight edges `(u, v)`, u < v.
    /// The field layout for the current settings, with room for `window` players' fixing bonus.
    fn layout(&self, window: usize) -> (Layout, Ties) {
        let vertex_count = self.graph.vertices.len();
        let mut layout = Layout::default();
        // Each field's total over a matching stays within the vertex count (at most two units per
        // matched edge); a sign and a guard bit are added by the layout.
        let total = vertex_count as u64 + 64;
        for _ in &self.keys {
            layout.field(total);
        }
        let split_bits = self
            .split
            .as_ref()
            .filter(|s| s.exact)
            .map_or(0, |s| s.position.len() as u32);
        let ties = Ties {
            mdp_set: layout.field_bits(self.graph.mdp_count as u32),
            exchanges: layout.field(total),
            bsn_sum: layout.field(total * total),
            moved_out: layout.field_bits(split_bits),
            moved_in: layout.field_bits(split_bits),
            fix: layout.field_bits(window as u32 * fix_bits(vertex_count)),
            proxy: layout.field(total.pow(4)),
        };
        (layout, ties)
    }

    /// How many S1 players one fixing run should place: at least [`FIX_WINDOW`], more if they fit
    /// in one extra limb of the weights.
    fn window_size(&self) -> usize {
        let bits = self.layout(0).0.total_bits() as usize;
        let room = bits.div_ceil(64).max(2) * 64 + 64 - bits;
        (room / fix_bits(self.graph.vertices.len()) as usize).max(FIX_WINDOW)
    }

    fn matching(&self, proxy: bool) -> Run {
        let (layout, ties) = self.layout(self.fix.len());
        let bits = layout.total_bits();
        // Fewer limbs make every slack computation cheaper: pick the narrowest that fits.
        match bits.div_ceil(64) {
            0..=2 => self.run::<2>(&layout, &ties, proxy),
            3 => self.run::<3>(&layout, &ties, proxy),
            4 => self.run::<4>(&layout, &ties, proxy),
            5 => self.run::<5>(&layout, &ties, proxy),
            6 => self.run::<6>(&layout, &ties, proxy),
            7..=8 => self.run::<8>(&layout, &ties, proxy),
            9..=12 => self.run::<12>(&layout, &ties, proxy),
            13..=16 => self.run::<16>(&layout, &ties, proxy),
            17..=32 => self.run::<32>(&layout, &ties, proxy),
            _ => self.run::<64>(&layout, &ties, proxy),
        }
    }

    /// [`Solver::matching`] with weights of `N` limbs: the edges of positive weight, in graph order,
    /// then the matching with its duals.
    fn run<const N: usize>(&self, layout: &Layout, ties: &Ties, proxy: bool) -> Run {
        let vertex_count = self.graph.vertices.len();
        let offsets = layout.offsets();
        let mut values = FieldValues::default();
        let mut positive: Vec<(usize, usize, Wide<N>)> = Vec::with_capacity(self.graph.edges.len());
        for ((u, v, _), criteria) in self.graph.edges.iter().zip(&self.criteria) {
            let (u, v) = (*u, *v);
            if self.removed[u]
                || self.removed[v]
                || self.banned.contains(&(u, v))
                || self.tight.as_ref().is_some_and(|t| !t.contains(&(u, v)))
            {
                continue;
            }
            values.clear();
            for &(field, value) in criteria {
                values.add(field, value);
            }
            self.tie_values(u, v, ties, proxy, &mut values);
            let weight = values.pack_at::<N>(&offsets);
            if weight > Wide::<N>::zero() {
                positive.push((u, v, weight));
            }
        }
        let solution = solve_with_duals(vertex_count, &positive);
        let tight = positive
            .iter()
            .zip(solution.tight)
            .filter(|(_, t)| *t)
            .map(|(e, _)| (e.0, e.1))
            .collect();
        Run {
            mate: solution.mate,
            tight,
            required: solution.required,
            blossom_free: solution.blossom_free,
        }
    }

    fn tie_values(&self, u: usize, v: usize, ties: &Ties, proxy: bool, values: &mut FieldValues) {
        let g = &self.graph;
        if u >= g.bracket || v >= g.bracket || (u < g.mdp_count && v < g.mdp_count) {
            return;
        }
        if u < g.mdp_count {
            // D.3: which MDPs S1 holds comes before their partners (the MDP-exchanges are the
            // outer loop of the generation order, D.1's transpositions the inner one), and the
            // S1 with the lowest BSNs comes first: each MDP paired outweighs all lower ones.
            values.add_bit(ties.mdp_set, (g.mdp_count - 1 - u) as u32, false);
        }
        let n = g.vertices.len() as i64 + 1;
        // Heuristic steer towards S1[i]–S2[i]; decisions never depend on it.
        if proxy {
            let weight = n - u as i64;
            values.add(ties.proxy, -(v as i64) * weight * weight);
        }
        let window = self.fix.len();
        if let Some(k) = self.fix.iter().position(|&f| f == u || f == v) {
            let partner = if self.fix[k] == u { v } else { u };
            let shift = (window - 1 - k) as u32 * fix_bits(g.vertices.len());
            values.add_shifted(ties.fix, n - partner as i64, shift);
        }
        if let Some(split) = &self.split
            && let (Some(&pu), Some(&pv)) = (split.position.get(&u), split.position.get(&v))
        {
            // The higher player of a remainder pair is its S1 member after exchanges (D.2).
            let lo = pu.min(pv);
            if lo < split.s1 {
                values.add(ties.exchanges, 1);
            }
            values.add(ties.bsn_sum, -(lo as i64));
            if split.exact {
                if lo < split.s1 {
                    values.add_bit(ties.moved_out, lo as u32, true);
                } else {
                    values.add_bit(ties.moved_in, (split.position.len() - 1 - lo) as u32, false);
                }
            }
        }
    }
}

/// A matching run and its dual certificate, in local vertex indices.
struct Run {
    mate: Vec<Option<usize>>,
    /// Tight edges `(u, v)`, u < v: the only edges of optimal candidates.
    tight: EdgeSet,
    /// Vertices every optimal candidate covers.
    required: Vec<bool>,
    /// Whether "tight edges covering the required vertices" characterises the optimal candidates.
    blossom_free: bool,
}
