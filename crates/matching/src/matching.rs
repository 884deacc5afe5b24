//! A matching stored as a flat mate array.

use crate::graph::{Adjacency, NONE};

/// A set of vertex-disjoint edges, stored as `mate[v]` ([`NONE`] when `v` is exposed).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Matching {
    mate: Vec<u32>,
    size: usize,
}

impl Matching {
    /// The empty matching on vertex ids below `vertex_bound`.
    pub fn empty(vertex_bound: usize) -> Self {
        Matching {
            mate: vec![NONE; vertex_bound],
            size: 0,
        }
    }

    /// The matchings of consecutive id ranges side by side: the first on the ids below its
    /// bound, the next on the ids from there on, and so on. O(V).
    ///
    /// # Examples
    /// ```
    /// use geography_matching::Matching;
    /// let (mut first, mut second) = (Matching::empty(2), Matching::empty(3));
    /// first.join(0, 1);
    /// second.join(0, 2);
    /// let joined = Matching::concat([first, second]);
    /// assert_eq!(joined.pairs().collect::<Vec<_>>(), [(0, 1), (2, 4)]);
    /// ```
    pub fn concat(parts: impl IntoIterator<Item = Matching>) -> Self {
        let mut joined = Matching::default();
        for part in parts {
            let first = joined.mate.len() as u32;
            let shift = |m: u32| if m == NONE { NONE } else { m + first };
            joined.mate.extend(part.mate.iter().map(|&m| shift(m)));
            joined.size += part.size;
        }
        joined
    }

    /// Every vertex id this matching can hold is below this bound.
    pub fn vertex_bound(&self) -> usize {
        self.mate.len()
    }

    /// The number of matched edges.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The vertex matched to `v`, if any.
    pub fn mate(&self, v: u32) -> Option<u32> {
        match self.mate[v as usize] {
            NONE => None,
            m => Some(m),
        }
    }

    /// Whether `v` is left unmatched.
    pub fn is_exposed(&self, v: u32) -> bool {
        self.mate[v as usize] == NONE
    }

    /// The matched edges, each once as `(u, v)` with `u < v`, in increasing order of `u`.
    pub fn pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.mate
            .iter()
            .enumerate()
            .filter(|&(u, &v)| v != NONE && (u as u32) < v)
            .map(|(u, &v)| (u as u32, v))
    }

    /// Matches `u` with `v`. Both must be exposed and distinct.
    pub fn join(&mut self, u: u32, v: u32) {
        debug_assert!(u != v && self.is_exposed(u) && self.is_exposed(v));
        self.mate[u as usize] = v;
        self.mate[v as usize] = u;
        self.size += 1;
    }

    /// Unmatches `v` and its mate, if it has one.
    pub fn split(&mut self, v: u32) {
        let m = self.mate[v as usize];
        if m != NONE {
            self.mate[v as usize] = NONE;
            self.mate[m as usize] = NONE;
            self.size -= 1;
        }
    }

    /// The raw mate array, for kernels that rewrite it in place.
    pub(crate) fn mates_mut(&mut self) -> &mut [u32] {
        &mut self.mate
    }

    /// The raw mate array.
    pub(crate) fn mates(&self) -> &[u32] {
        &self.mate
    }

    /// Records that an augmenting path was applied through the raw mate array.
    pub(crate) fn grew(&mut self) {
        self.size += 1;
    }

    /// Flips the augmenting path found by a bipartite tree search: it ends with the edge
    /// `u – end` (`end` exposed) and runs back to the tree's exposed root, each tree vertex `x`
    /// having been reached through its mate from the tree vertex `from(x)`. Each tree vertex
    /// takes the vertex after it on the path, and its old mate goes to the one before.
    pub(crate) fn flip_tree_path(&mut self, from: impl Fn(u32) -> u32, mut u: u32, mut end: u32) {
        loop {
            let next = self.mate[u as usize];
            self.mate[u as usize] = end;
            self.mate[end as usize] = u;
            if next == NONE {
                break;
            }
            end = next;
            u = from(u);
        }
        self.size += 1;
    }

    /// Whether this is a matching of `graph`: every pair is an edge between two vertices of
    /// the graph and the mate relation is symmetric. O(V + E).
    pub fn is_valid_in<G: Adjacency>(&self, graph: &G) -> bool {
        if self.mate.len() != graph.vertex_bound() {
            return false;
        }
        let mut pairs = 0;
        for (u, &v) in self.mate.iter().enumerate() {
            let u = u as u32;
            if v == NONE {
                continue;
            }
            if (v as usize) >= self.mate.len()
                || self.mate[v as usize] != u
                || !graph.contains(u)
                || !graph.neighbors(u).any(|w| w == v)
            {
                return false;
            }
            pairs += 1;
        }
        pairs == 2 * self.size
    }
}

/// A maximal matching of `graph` taken greedily in a random order: a start that leaves
/// longer augmenting paths than the empty matching, for the finishers' tests.
#[cfg(test)]
pub(crate) fn random_maximal(graph: &crate::Graph, rng: &mut crate::random::Random) -> Matching {
    let mut m = Matching::empty(graph.vertex_count());
    let mut pairs: Vec<(u32, u32)> = graph.edges().collect();
    rng.shuffle(&mut pairs);
    for (u, v) in pairs {
        if m.is_exposed(u) && m.is_exposed(v) {
            m.join(u, v);
        }
    }
    m
}
