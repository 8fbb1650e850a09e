//! Maximum cardinality matching (Edmonds' blossom algorithm, BFS with blossom contraction by bases).
//!
//! Used for the completion test (C4): can the remaining players all be paired under the absolute
//! criteria? It starts from a greedy matching, so dense compatibility graphs need few augmentations.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// Returns the size of a maximum matching of the graph given as adjacency lists.
pub fn maximum_matching_size(adj: &[Vec<usize>]) -> usize {
    let n = adj.len();
    let mut mate = vec![NONE; n];
    // Greedy start: vertices with few neighbours first, which keeps augmentations rare.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| adj[v].len());
    for &v in &order {
        if mate[v] == NONE
            && let Some(&u) = adj[v]
                .iter()
                .filter(|&&u| mate[u] == NONE)
                .min_by_key(|&&u| adj[u].len())
        {
            mate[v] = u;
            mate[u] = v;
        }
    }
    let mut search = Search::new(n);
    for root in 0..n {
        if mate[root] == NONE {
            search.augment_from(root, adj, &mut mate);
        }
    }
    mate.iter().filter(|&&m| m != NONE).count() / 2
}

/// Extends `mate` (a matching of the graph, `None` for exposed) to one that covers every
/// `required` vertex, if possible; on failure `mate` is left unchanged.
///
/// Works on the doubled graph: two copies of the graph, each optional vertex joined to its copy. It
/// has a perfect matching exactly when the graph has a matching covering the required vertices.
pub fn cover_required(adj: &[Vec<usize>], required: &[bool], mate: &mut [Option<usize>]) -> bool {
    let n = adj.len();
    let mut doubled: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    for (v, neighbours) in adj.iter().enumerate() {
        for &u in neighbours {
            doubled[v].push(u);
            doubled[v + n].push(u + n);
        }
        if !required[v] {
            doubled[v].push(v + n);
            doubled[v + n].push(v);
        }
    }
    let mut h = vec![NONE; 2 * n];
    for v in 0..n {
        match mate[v] {
            Some(u) => {
                h[v] = u;
                h[v + n] = u + n;
            }
            None if !required[v] => {
                h[v] = v + n;
                h[v + n] = v;
            }
            None => {}
        }
    }
    let mut search = Search::new(2 * n);
    for root in 0..2 * n {
        if h[root] == NONE && !search.augment_from(root, &doubled, &mut h) {
            return false;
        }
    }
    for v in 0..n {
        mate[v] = if h[v] < n { Some(h[v]) } else { None };
    }
    true
}

/// For each extra vertex (given by its neighbours in the graph `adj`): whether adding it makes the
/// maximum matching larger, i.e. whether it has an augmenting path against a maximum matching.
pub fn augmentable_from_each(adj: &[Vec<usize>], extras: &[Vec<usize>]) -> Vec<bool> {
    let n = adj.len();
    let mut graph: Vec<Vec<usize>> = adj.to_vec();
    graph.push(Vec::new());
    let mut mate = vec![NONE; n + 1];
    let mut search = Search::new(n + 1);
    // A maximum matching of the graph without the extra vertex.
    for root in 0..n {
        if mate[root] == NONE {
            search.augment_from(root, &graph, &mut mate);
        }
    }
    let mut out = Vec::with_capacity(extras.len());
    for neighbours in extras {
        for &u in neighbours {
            graph[u].push(n);
        }
        graph[n] = neighbours.clone();
        let mut trial = mate.clone();
        out.push(search.augment_from(n, &graph, &mut trial));
        for &u in neighbours {
            graph[u].pop();
        }
    }
    out
}

struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    fn lca(&self, mut a: usize, mut b: usize, mate: &[usize]) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, mate: &[usize]) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// Finds an augmenting path from `root` and applies it; returns whether one was found.
    fn augment_from(&mut self, root: usize, adj: &[Vec<usize>], mate: &mut [usize]) -> bool {
        let n = adj.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for &to in &adj[v] {
                if self.base[v] == self.base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    let current = self.lca(v, to, mate);
                    self.blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, current, to, mate);
                    self.mark_path(to, current, v, mate);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        // Flip the path back to the root.
                        let mut u = to;
                        while u != NONE {
                            let pv = self.parent[u];
                            let next = mate[pv];
                            mate[u] = pv;
                            mate[pv] = u;
                            u = next;
                        }
                        return true;
                    }
                    self.used[mate[to]] = true;
                    self.queue.push_back(mate[to]);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    fn brute_force(adj: &[Vec<usize>]) -> usize {
        fn go(v: usize, used: &mut Vec<bool>, adj: &[Vec<usize>]) -> usize {
            if v == adj.len() {
                return 0;
            }
            if used[v] {
                return go(v + 1, used, adj);
            }
            let mut best = go(v + 1, used, adj);
            used[v] = true;
            for &u in &adj[v] {
                if !used[u] {
                    used[u] = true;
                    best = best.max(1 + go(v + 1, used, adj));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        go(0, &mut vec![false; adj.len()], adj)
    }

    #[test]
    fn covering_required_vertices_matches_brute_force() {
        fn covers(v: usize, adj: &[Vec<usize>], req: &[bool], used: &mut Vec<bool>) -> bool {
            if v == adj.len() {
                return true;
            }
            if used[v] {
                return covers(v + 1, adj, req, used);
            }
            if !req[v] && covers(v + 1, adj, req, used) {
                return true;
            }
            used[v] = true;
            for &u in &adj[v] {
                if !used[u] {
                    used[u] = true;
                    if covers(v + 1, adj, req, used) {
                        return true;
                    }
                    used[u] = false;
                }
            }
            used[v] = false;
            false
        }
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..300 {
            let n = (rng.next_u32() % 9) as usize;
            let mut adj = vec![Vec::new(); n];
            for i in 0..n {
                for j in i + 1..n {
                    if rng.next_u32() % 3 == 0 {
                        adj[i].push(j);
                        adj[j].push(i);
                    }
                }
            }
            let required: Vec<bool> = (0..n).map(|_| rng.next_u32() % 2 == 0).collect();
            let expected = covers(0, &adj, &required, &mut vec![false; n]);
            let mut mate = vec![None; n];
            let found = cover_required(&adj, &required, &mut mate);
            assert_eq!(found, expected, "{adj:?} {required:?}");
            if found {
                for v in 0..n {
                    assert!(!required[v] || mate[v].is_some());
                    if let Some(u) = mate[v] {
                        assert_eq!(mate[u], Some(v));
                        assert!(adj[v].contains(&u));
                    }
                }
            }
        }
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..500 {
            let n = (rng.next_u32() % 12) as usize;
            let mut adj = vec![Vec::new(); n];
            for i in 0..n {
                for j in i + 1..n {
                    if rng.next_u32() % 4 == 0 {
                        adj[i].push(j);
                        adj[j].push(i);
                    }
                }
            }
            assert_eq!(maximum_matching_size(&adj), brute_force(&adj), "{adj:?}");
        }
    }
}
