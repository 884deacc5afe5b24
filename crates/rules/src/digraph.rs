//! A small flat multi-digraph, and its strongly connected components.
//!
//! [`Digraph`] holds `n` vertices and arcs with multiplicity: the distinct arcs `(u, v)` are
//! kept sorted by tail then head, each with its multiplicity, so the out-arcs of `u` are one
//! contiguous run of arc ids (CSR by construction), and the in-arcs of `v` are a second CSR
//! list of arc ids. Loops (`u → u`) are kept; a repeated pair adds to its multiplicity. Each
//! game decides what a loop or a parallel arc means: vertex geography merges parallel arcs and
//! never uses a loop (its vertex is visited), edge geography uses each copy once.
//!
//! [`strong_components`] is Tarjan's algorithm (R. Tarjan, "Depth-first search and linear
//! graph algorithms", SIAM J. Comput. 1 (1972) 146–160) in Pearce's form, one word per vertex
//! for the preorder numbers, the low links, the stack flags and the components together, kept
//! beside the vertex's first out-arc (D. J. Pearce, "A space-efficient algorithm for finding
//! strongly connected components", Inf. Process. Lett. 116 (2016) 47–52), iterative: an
//! explicit stack of (vertex, next out-arc) frames, so the depth is bounded by memory, not by
//! the call stack.
//! Components are numbered in the order Tarjan closes them, which is a reverse topological
//! order of the condensation: every arc leaving component `c` enters a component `< c`.
//! Sinks come first, so the solvers handle components in increasing number, bottom up.
//!
//! # Complexity
//! [`Digraph::from_arcs`]: O(V + E log E) time (the arcs are sorted), memory 12 bytes per
//! distinct arc plus 8 bytes per vertex. [`strong_components`]: O(V + E) time, O(V) extra
//! memory.
//!
//! # Tests
//! Below: the CSR lists and the error; components against the mutual reachability relation
//! (a transitive closure) on random digraphs, and the reverse topological order.

use std::ops::Range;

use thiserror::Error;

/// Why an arc list cannot become a [`Digraph`] (or an edge list a
/// [`Multigraph`](crate::Multigraph)).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DigraphError {
    /// An arc names a vertex at or above the vertex count.
    #[error("arc {index} names vertex {vertex}, but the graph has {vertex_count} vertices")]
    VertexOutOfRange {
        /// 0-based position of the arc in the list.
        index: usize,
        /// The offending vertex id.
        vertex: u32,
        /// The declared number of vertices.
        vertex_count: usize,
    },
    /// More vertices or arcs than `u32` ids can address.
    #[error("graph too large: at most {} vertices and arcs", u32::MAX - 1)]
    TooLarge,
}

/// Distinct pairs grouped by their first element: pair `i` is `(u, seconds[i])` for the `u`
/// with `offsets[u] <= i < offsets[u + 1]`, increasing, given `multiplicity[i]` times.
#[derive(Debug)]
pub(crate) struct DistinctPairs {
    /// Offsets into `seconds`, one per first element and one more.
    pub(crate) offsets: Vec<u32>,
    /// The second element of each distinct pair.
    pub(crate) seconds: Vec<u32>,
    /// How many times each distinct pair was given.
    pub(crate) multiplicity: Vec<u32>,
}

impl DistinctPairs {
    /// The first element of each distinct pair, in order.
    pub(crate) fn firsts(&self) -> Vec<u32> {
        let mut firsts = Vec::with_capacity(self.seconds.len());
        for (u, run) in self.offsets.windows(2).enumerate() {
            firsts.extend(std::iter::repeat_n(u as u32, (run[1] - run[0]) as usize));
        }
        firsts
    }
}

/// The pairs given, each checked against `vertex_count` and put in the form `canonical` gives
/// it, then merged: the distinct pairs in increasing order, and how many times each was given.
/// The one reading of an arc list ([`Digraph`]) and of an edge list
/// ([`Multigraph`](crate::Multigraph)).
///
/// # Complexity
/// O(V + E) and the sort of each first element's run (a counting sort by the first element,
/// then the runs, short on sparse graphs): O(V + E log Δ) time, O(V + E) memory.
///
/// # Errors
/// [`DigraphError::VertexOutOfRange`] for the first pair with an end at or above
/// `vertex_count`; [`DigraphError::TooLarge`] past `u32` ids.
pub(crate) fn distinct_pairs<P>(
    vertex_count: usize,
    pairs: P,
    canonical: impl Fn((u32, u32)) -> (u32, u32),
) -> Result<DistinctPairs, DigraphError>
where
    P: IntoIterator<Item = (u32, u32)>,
    P::IntoIter: Clone,
{
    if vertex_count >= u32::MAX as usize {
        return Err(DigraphError::TooLarge);
    }
    // The pairs are read where they are, never copied: once to check and count them by
    // their first element, once to group them (a counting sort), then each run is sorted and
    // merged in place.
    let pairs = pairs.into_iter();
    let mut counts = vec![0u32; vertex_count + 2];
    for (index, (u, v)) in pairs.clone().enumerate() {
        if let Some(vertex) = [u, v].into_iter().find(|&x| x as usize >= vertex_count) {
            return Err(DigraphError::VertexOutOfRange {
                index,
                vertex,
                vertex_count,
            });
        }
        if index >= u32::MAX as usize - 1 {
            return Err(DigraphError::TooLarge);
        }
        counts[canonical((u, v)).0 as usize + 2] += 1;
    }
    let (starts, mut seconds) = fill_groups(counts, pairs.map(&canonical));
    let mut offsets = vec![0u32; vertex_count + 1];
    let mut multiplicity = Vec::with_capacity(seconds.len());
    let mut kept = 0usize;
    for u in 0..vertex_count {
        let (start, end) = (starts[u] as usize, starts[u + 1] as usize);
        seconds[start..end].sort_unstable();
        for i in start..end {
            if kept > offsets[u] as usize && seconds[kept - 1] == seconds[i] {
                *multiplicity.last_mut().expect("a pair before") += 1;
            } else {
                seconds[kept] = seconds[i];
                kept += 1;
                multiplicity.push(1);
            }
        }
        offsets[u + 1] = kept as u32;
    }
    seconds.truncate(kept);
    Ok(DistinctPairs {
        offsets,
        seconds,
        multiplicity,
    })
}

/// Groups the `(key, value)` entries by key, each key below `keys`, keeping their order
/// within a key: the CSR offsets (`keys + 1` of them; key `k`'s values are
/// `values[offsets[k]..offsets[k + 1]]`) and the values. Two passes over `entries`.
pub(crate) fn group_by_key(
    keys: usize,
    entries: impl Iterator<Item = (u32, u32)> + Clone,
) -> (Vec<u32>, Vec<u32>) {
    let mut counts = vec![0u32; keys + 2];
    for (key, _) in entries.clone() {
        counts[key as usize + 2] += 1;
    }
    fill_groups(counts, entries)
}

/// The second pass of [`group_by_key`], given `counts` (`keys + 2` of them, key `k`'s count
/// at `k + 2`, the first two 0): the offsets and the values.
fn fill_groups(
    counts: Vec<u32>,
    entries: impl Iterator<Item = (u32, u32)>,
) -> (Vec<u32>, Vec<u32>) {
    let mut values = vec![0u32; counts.iter().map(|&c| c as usize).sum()];
    let offsets = place_groups(counts, entries, |at, value| values[at] = value);
    (offsets, values)
}

/// Places the `(key, item)` entries by key, keeping their order within a key: `place(at,
/// item)` puts each at its index, and the CSR offsets are returned. `counts` as for
/// [`fill_groups`]; they become the offsets in place: after the prefix sums, `counts[k + 1]`
/// is where key `k`'s items start, and it moves to their end, which is where key `k + 1`'s
/// start, as they are placed; no second array of cursors.
fn place_groups<T>(
    mut counts: Vec<u32>,
    entries: impl Iterator<Item = (u32, T)>,
    mut place: impl FnMut(usize, T),
) -> Vec<u32> {
    for k in 2..counts.len() {
        counts[k] += counts[k - 1];
    }
    for (key, item) in entries {
        let at = &mut counts[key as usize + 1];
        place(*at as usize, item);
        *at += 1;
    }
    counts.pop();
    counts
}

/// A directed multigraph: distinct arcs sorted by (tail, head), each with a multiplicity
/// of at least 1, and CSR out- and in-lists of arc ids.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Digraph {
    /// Out-arcs of `u` are the arc ids `out_offsets[u]..out_offsets[u + 1]`.
    out_offsets: Vec<u32>,
    /// Head of each distinct arc (its tail is found in `out_offsets`).
    heads: Vec<u32>,
    /// Multiplicity of each distinct arc, at least 1.
    multiplicity: Vec<u32>,
    /// The distinct arcs into `v` are the `in_offsets[v]..in_offsets[v + 1]` entries of
    /// `in_tails` (their tails, increasing: what a backward pass reads, with no arc to look
    /// up) and of `in_arcs` (their ids).
    in_offsets: Vec<u32>,
    in_tails: Vec<u32>,
    in_arcs: Vec<u32>,
}

impl Digraph {
    /// A digraph on `vertex_count` vertices with the given arcs; a repeated arc adds to its
    /// multiplicity, loops are kept.
    ///
    /// # Errors
    /// [`DigraphError::VertexOutOfRange`] for an arc to a missing vertex (the first one);
    /// [`DigraphError::TooLarge`] past `u32` ids.
    ///
    /// # Examples
    /// ```
    /// use geography_rules::{Digraph, DigraphError};
    /// let g = Digraph::from_arcs(3, [(0, 1), (1, 2), (0, 1), (2, 2)]).unwrap();
    /// assert_eq!(g.arc_count(), 4);
    /// assert_eq!(g.distinct_arc_count(), 3);
    /// assert_eq!(g.out_neighbors(0), [1]);
    /// assert_eq!(g.multiplicity(g.find_arc(0, 1).unwrap()), 2);
    /// assert_eq!(
    ///     Digraph::from_arcs(2, [(0, 3)]),
    ///     Err(DigraphError::VertexOutOfRange { index: 0, vertex: 3, vertex_count: 2 })
    /// );
    /// ```
    pub fn from_arcs<A>(vertex_count: usize, arcs: A) -> Result<Self, DigraphError>
    where
        A: IntoIterator<Item = (u32, u32)>,
        A::IntoIter: Clone,
    {
        let DistinctPairs {
            offsets: out_offsets,
            seconds: heads,
            multiplicity,
        } = distinct_pairs(vertex_count, arcs, |arc| arc)?;
        // The in-lists: the arcs grouped by head, taken in order of tail.
        let mut counts = vec![0u32; vertex_count + 2];
        for &v in &heads {
            counts[v as usize + 2] += 1;
        }
        let (mut in_tails, mut in_arcs) = (vec![0u32; heads.len()], vec![0u32; heads.len()]);
        let by_tail = (out_offsets.windows(2).enumerate())
            .flat_map(|(u, run)| (run[0]..run[1]).map(move |id| (u as u32, id)));
        let in_offsets = place_groups(
            counts,
            by_tail.map(|(u, id)| (heads[id as usize], (u, id))),
            |at, (u, id)| {
                in_tails[at] = u;
                in_arcs[at] = id;
            },
        );
        Ok(Digraph {
            out_offsets,
            heads,
            multiplicity,
            in_offsets,
            in_tails,
            in_arcs,
        })
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.out_offsets.len().saturating_sub(1)
    }

    /// The number of arcs, counted with multiplicity.
    pub fn arc_count(&self) -> usize {
        self.multiplicity.iter().map(|&m| m as usize).sum()
    }

    /// The number of distinct arcs (arc ids are `0..distinct_arc_count()`).
    pub fn distinct_arc_count(&self) -> usize {
        self.heads.len()
    }

    /// The arc `(tail, head)` with id `id`: its tail by binary search over the out-lists,
    /// O(log V) (a pass over every arc goes by tail instead: [`Digraph::out_arcs`]).
    pub fn arc(&self, id: usize) -> (u32, u32) {
        let tail = self.out_offsets.partition_point(|&o| o as usize <= id) - 1;
        (tail as u32, self.heads[id])
    }

    /// The head of arc `id`.
    pub fn head(&self, id: usize) -> u32 {
        self.heads[id]
    }

    /// How many times arc `id` was given.
    pub fn multiplicity(&self, id: usize) -> u32 {
        self.multiplicity[id]
    }

    /// How many times each arc was given, by arc id.
    pub fn multiplicities(&self) -> &[u32] {
        &self.multiplicity
    }

    /// The ids of the distinct arcs out of `u`, by head.
    pub fn out_arcs(&self, u: u32) -> Range<usize> {
        self.out_offsets[u as usize] as usize..self.out_offsets[u as usize + 1] as usize
    }

    /// The distinct heads of the arcs out of `u`, increasing (a loop included).
    pub fn out_neighbors(&self, u: u32) -> &[u32] {
        &self.heads[self.out_arcs(u)]
    }

    /// The tails of the distinct arcs into `v` (a loop included), increasing.
    pub fn in_neighbors(&self, v: u32) -> &[u32] {
        &self.in_tails[self.in_range(v)]
    }

    /// The ids of the distinct arcs into `v`, by tail (as [`Digraph::in_neighbors`]).
    pub fn in_arcs(&self, v: u32) -> &[u32] {
        &self.in_arcs[self.in_range(v)]
    }

    fn in_range(&self, v: u32) -> Range<usize> {
        self.in_offsets[v as usize] as usize..self.in_offsets[v as usize + 1] as usize
    }

    /// The id of the arc `u → v`, if there is one (binary search in `u`'s run).
    pub fn find_arc(&self, u: u32, v: u32) -> Option<usize> {
        let run = self.out_arcs(u);
        self.heads[run.clone()]
            .binary_search(&v)
            .ok()
            .map(|i| run.start + i)
    }

    /// Every arc, once per multiplicity, in increasing order.
    pub fn arcs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.vertex_count() as u32).flat_map(move |u| {
            self.out_arcs(u).flat_map(move |id| {
                std::iter::repeat_n((u, self.heads[id]), self.multiplicity[id] as usize)
            })
        })
    }
}

/// The strongly connected components of a digraph, numbered bottom up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Components {
    /// The component of each vertex.
    pub component: Vec<u32>,
    /// The vertices of component `c` are `members[starts[c]..starts[c + 1]]`, increasing.
    pub members: Vec<u32>,
    /// Offsets into `members`, one more than there are components.
    pub starts: Vec<u32>,
    /// The place of each vertex among its component's members: one numbering that serves
    /// every component at once (a solver reads it only for the vertices of its component).
    pub position: Vec<u32>,
}

impl Components {
    /// The number of components.
    pub fn count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The vertices of component `c`, increasing.
    pub fn members_of(&self, c: usize) -> &[u32] {
        &self.members[self.starts[c] as usize..self.starts[c + 1] as usize]
    }
}

/// The strongly connected components of `graph` by Tarjan's algorithm in Pearce's one-array
/// form, iterative. Every arc
/// between two components goes from a higher number to a lower one (sinks first).
///
/// # Complexity
/// O(V + E) time, O(V) extra memory.
///
/// # Examples
/// ```
/// use geography_rules::{strong_components, Digraph};
/// let g = Digraph::from_arcs(4, [(0, 1), (1, 0), (1, 2), (2, 3)]).unwrap();
/// let c = strong_components(&g);
/// assert_eq!(c.count(), 3);
/// assert_eq!(c.component[0], c.component[1]);
/// assert!(c.component[3] < c.component[2] && c.component[2] < c.component[1]);
/// ```
pub fn strong_components(graph: &Digraph) -> Components {
    strong_components_after(graph, &[])
}

/// The strongly connected components of the subgraph induced by the vertices not in
/// `settled` (distinct vertices), numbered bottom up after the settled vertices, each of
/// which is a component of its own, numbered first in the order given. Arcs between two
/// components of unsettled vertices, and arcs from an unsettled vertex to a settled one, go
/// from a higher number to a lower one; arcs out of a settled vertex may go anywhere.
///
/// # Complexity
/// O(V) plus the arcs out of the unsettled vertices.
pub(crate) fn strong_components_after(graph: &Digraph, settled: &[u32]) -> Components {
    let n = graph.vertex_count();
    // Pearce's one-array form of Tarjan's algorithm: `rindex(v)` is 0 before v is reached;
    // while v is open or waits on `stack`, the least preorder number (from 1) it is known to
    // reach; once its component is closed, that component's label, counted down from n - 1.
    // At most n - (labels given) vertices are open or waiting, so a label is never below a
    // live preorder number, and "reaches something lower" is one comparison, with one array
    // touched per arc. `node[v]` = (v's first out-arc id, rindex(v)): v's arcs end where
    // v + 1's begin, in the same cache line most of the time, so reaching a vertex costs one
    // cache miss, not two; and a vertex's records are read as it is reached, all of its
    // heads at once (`touch`), before the loop visits them one at a time: the loads go out
    // together instead of one after another.
    // A settled vertex is closed before the search begins (its label is given at once), so
    // the search never enters it and an arc into it never lowers anything: the components
    // found are those of the unsettled vertices' subgraph.
    let mut node: Vec<(u32, u32)> = graph.out_offsets.iter().map(|&o| (o, 0)).collect();
    let mut label = n as u32;
    for &v in settled {
        label -= 1;
        node[v as usize].1 = label;
    }
    let mut stack: Vec<u32> = Vec::new();
    // (vertex, next out-arc id to look at, its last out-arc id + 1, whether it is still its
    // component's root): arc ids fit in u32 (`distinct_pairs` refuses more).
    let mut frames: Vec<(u32, u32, u32, bool)> = Vec::new();
    let heads = &graph.heads;
    let mut next_index = 1u32;
    let touch = |node: &[(u32, u32)], start: u32, end: u32| {
        let mut seen = 0u32;
        for &w in &heads[start as usize..end as usize] {
            seen |= node[w as usize].1;
        }
        std::hint::black_box(seen);
    };
    // With every vertex settled, the last one's label is 0, which reads as not reached:
    // there is nothing to search then.
    let roots = if settled.len() < n { 0..n as u32 } else { 0..0 };
    for root in roots {
        if node[root as usize].1 != 0 {
            continue;
        }
        let (start, end) = (node[root as usize].0, node[root as usize + 1].0);
        touch(&node, start, end);
        frames.push((root, start, end, true));
        node[root as usize].1 = next_index;
        next_index += 1;
        while let Some(&mut (u, ref mut next, end, ref mut is_root)) = frames.last_mut() {
            if *next < end {
                let w = heads[*next as usize];
                *next += 1;
                let rw = node[w as usize].1;
                if rw == 0 {
                    node[w as usize].1 = next_index;
                    next_index += 1;
                    let (start, end) = (node[w as usize].0, node[w as usize + 1].0);
                    touch(&node, start, end);
                    frames.push((w, start, end, true));
                } else if rw < node[u as usize].1 {
                    node[u as usize].1 = rw;
                    *is_root = false;
                }
                continue;
            }
            let closes = *is_root;
            frames.pop();
            let ru = node[u as usize].1;
            if closes {
                // u and the waiting vertices reached after it form a component.
                label -= 1;
                next_index -= 1;
                while let Some(&w) = stack.last() {
                    if node[w as usize].1 < ru {
                        break;
                    }
                    stack.pop();
                    node[w as usize].1 = label;
                    next_index -= 1;
                }
                node[u as usize].1 = label;
            } else {
                stack.push(u);
            }
            if let Some(&mut (parent, _, _, ref mut parent_root)) = frames.last_mut() {
                let ru = node[u as usize].1;
                if ru < node[parent as usize].1 {
                    node[parent as usize].1 = ru;
                    *parent_root = false;
                }
            }
        }
    }
    // Labels count down from n - 1 as components close: number them from 0 instead.
    let count = n as u32 - label;
    let component: Vec<u32> = node[..n].iter().map(|&(_, l)| n as u32 - 1 - l).collect();
    drop(node);
    let (starts, members) = group_by_key(
        count as usize,
        component.iter().enumerate().map(|(v, &c)| (c, v as u32)),
    );
    let mut position = vec![0u32; n];
    for c in 0..count as usize {
        let run = &members[starts[c] as usize..starts[c + 1] as usize];
        for (i, &v) in run.iter().enumerate() {
            position[v as usize] = i as u32;
        }
    }
    Components {
        component,
        members,
        starts,
        position,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geography_matching::Random;
    use geography_testing::random_arcs;

    /// `reach[u][v]`: whether `v` can be reached from `u` along `arcs` (by closure).
    fn reachability(n: usize, arcs: impl Iterator<Item = (u32, u32)>) -> Vec<Vec<bool>> {
        let mut reach = vec![vec![false; n]; n];
        for (v, row) in reach.iter_mut().enumerate() {
            row[v] = true;
        }
        for (u, v) in arcs {
            reach[u as usize][v as usize] = true;
        }
        for k in 0..n {
            let via = reach[k].clone();
            for row in &mut reach {
                if row[k] {
                    for (cell, &r) in row.iter_mut().zip(&via) {
                        *cell |= r;
                    }
                }
            }
        }
        reach
    }

    #[test]
    fn csr_lists_hold_every_arc_with_its_multiplicity() {
        let g = Digraph::from_arcs(4, [(2, 1), (0, 1), (2, 1), (3, 3), (1, 0)]).unwrap();
        assert_eq!(g.vertex_count(), 4);
        assert_eq!(g.arc_count(), 5);
        assert_eq!(g.distinct_arc_count(), 4);
        assert_eq!(g.out_neighbors(2), [1]);
        assert_eq!(g.multiplicity(g.find_arc(2, 1).unwrap()), 2);
        assert_eq!(g.in_neighbors(1), [0, 2]);
        let into_1: Vec<_> = g.in_arcs(1).iter().map(|&a| g.arc(a as usize)).collect();
        assert_eq!(into_1, [(0, 1), (2, 1)]);
        assert_eq!(g.arc(3), (3, 3));
        assert_eq!(g.head(0), 1);
        assert_eq!(g.in_neighbors(3), [3]);
        assert_eq!(g.find_arc(1, 2), None);
        assert_eq!(
            g.arcs().collect::<Vec<_>>(),
            [(0, 1), (1, 0), (2, 1), (2, 1), (3, 3)]
        );
        assert_eq!(Digraph::from_arcs(0, []).unwrap().vertex_count(), 0);
    }

    /// Both forms: every vertex open, and some settled first (now and then all of them).
    #[test]
    fn components_are_the_classes_of_mutual_reachability_bottom_up() {
        let mut random = Random::new(7);
        for round in 0..600 {
            let n = 1 + random.below(9);
            let m = random.below(3 * n);
            let arcs = random_arcs(&mut random, n, m);
            let g = Digraph::from_arcs(n, arcs.iter().copied()).unwrap();
            let mut settled = Vec::new();
            if round % 2 == 1 {
                for v in 0..n as u32 {
                    if random.below(3) == 0 {
                        settled.push(v);
                    }
                }
                if random.below(4) == 0 {
                    settled = (0..n as u32).rev().collect();
                }
            }
            let open = |v: u32| !settled.contains(&v);
            let inside = arcs.iter().filter(|&&(u, v)| open(u) && open(v));
            let reach = reachability(n, inside.copied());
            let c = if settled.is_empty() {
                strong_components(&g)
            } else {
                strong_components_after(&g, &settled)
            };
            for (i, &v) in settled.iter().enumerate() {
                assert_eq!(c.members_of(i), [v]);
            }
            for (i, row) in reach.iter().enumerate() {
                for (j, &forward) in row.iter().enumerate() {
                    let same = i == j || (open(i as u32) && forward && reach[j][i]);
                    assert_eq!(c.component[i] == c.component[j], same, "{arcs:?}");
                }
            }
            for &(u, v) in &arcs {
                if open(u) {
                    assert!(c.component[u as usize] >= c.component[v as usize]);
                }
            }
            let total: usize = (0..c.count()).map(|k| c.members_of(k).len()).sum();
            assert_eq!(total, n);
        }
    }
}
