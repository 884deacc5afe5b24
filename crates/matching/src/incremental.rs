//! Incremental deletion: a maximum matching of a bipartite graph kept maximum while vertices
//! are deleted one by one, answering for each deleted vertex whether every maximum matching
//! of the graph just before its deletion covered it.
//!
//! This is how a played record of undirected vertex geography is analysed: with the token on
//! `v` and every earlier token vertex deleted, the player to move wins iff every maximum
//! matching covers `v` (the Gallai–Edmonds criterion, see [`Class`](crate::Class)), and
//! [`DeletionMatching::delete`] answers exactly that before removing `v` for good.
//!
//! Reference: the augmenting-path method of C. Berge, "Two theorems in graph theory", PNAS
//! 43, 1957; the structure argument below is the Dulmage–Mendelsohn (Gallai–Edmonds)
//! decomposition of bipartite graphs (A. L. Dulmage and N. S. Mendelsohn, Canad. J. Math. 10,
//! 1958).
//!
//! # The method
//! Keep a maximum matching M. To delete `v`: if `v` is exposed, some maximum matching misses it
//! (answer false) and M stays maximum without it. Otherwise unmatch `v` from `t = M(v)`, remove
//! `v`, and search for an augmenting path; every such path starts at `t`, because M had none.
//! Found: apply it, `v` was avoidable (false). Not found: every maximum matching covered `v`
//! (true), and M − vt is maximum in the smaller graph.
//!
//! The search from `t` (side S̄, the side opposite `v`) alternates: from an S̄ vertex `x` to a
//! neighbour `y`; an exposed `y` ends the search, otherwise it continues from `M(y)`.
//! It is breadth-first, so the short paths that a game creates near the token are found after
//! looking at a small ball, and it uses a generation counter, so no array is cleared.
//!
//! # Reuse: dead marks, and the invariant that keeps them sound
//! Call a vertex *dead* when no alternating path leads from it (first edge unmatched) to an
//! exposed vertex of the other side. A failed search proves every vertex it reached dead, and
//! a later search may skip dead vertices. The set of marked vertices is kept **closed**:
//!
//! > for every marked `c` and every neighbour `x` of `c`: `x` is matched and `M(x)` is marked.
//!
//! Closure implies that every marked vertex is truly dead (follow any alternating path from a
//! marked vertex: it stays on marked vertices and never meets an exposed one). Each step of
//! [`DeletionMatching::delete`] restores closure:
//! - deleting an exposed `v`: `v` is unmarked; no marked vertex is adjacent to it (closure).
//! - the search from `t` fails: the reached set together with the marks is closed by
//!   construction, so it is all marked. But `t` is now an exposed vertex of side S̄, so the
//!   marked S vertices next to it are alive: they are unmarked, and so, backwards, is every
//!   marked `c` adjacent to `M(s)` for an unmarked `s` (its predecessors). By closure no marked
//!   vertex steps to an unmarked one, so this backward walk visits only vertices it unmarks.
//! - the search succeeds: the path avoids marked S̄ vertices (skipped) and their neighbours
//!   (whose mates are marked), so the S̄ marks stay closed. The path's S̄ vertices have new
//!   mates; where a new mate `m` is not marked but a neighbour of its partner is, closure is
//!   broken, and it is repaired by *marking more*: a search from `m` fails (see below), and
//!   marks what it reaches. (Should it ever succeed, the marked neighbours are unmarked
//!   backwards instead; this branch exists for safety and is never taken in the tests.)
//!
//! Why the repair search fails, and why the marks are worth keeping: in a bipartite graph the
//! dead vertices of side S are exactly the S vertices outside A, the set of vertices adjacent
//! to D (those some maximum matching misses) in the Gallai–Edmonds decomposition. That set
//! does not depend on M. Deleting a vertex of S̄ never makes D grow on side S̄, and deleting a
//! vertex of S makes it grow only when the answer is true (its mate becomes exposed). So a
//! dead vertex comes alive only at a true answer, and exactly those vertices are unmarked then;
//! at a false answer (an augmenting path), every mark stays truly dead, and the dead set is
//! closed under every maximum matching, so the new mate of a path vertex next to a mark is
//! dead too.
//!
//! Consequence: a vertex is explored by failed and repair searches at most once between two
//! times it comes alive, and each unmark is paid by the mark it removes. When the same player
//! keeps winning, the record costs one search, not one per move.
//!
//! [`Search::Plain`] turns all of this off: one fresh search per deletion. It is the
//! reference the fast method is tested against, and the baseline of the benchmarks.
//!
//! # Complexity
//! Construction: one bipartite maximum matching (see [`decompose`](crate::decompose)), a few
//! O(V + E) passes in practice, O(V·E) in the worst case. Memory: O(V) beyond the graph.
//!
//! [`Search::Plain`]: O(V + E) per deletion of a matched vertex, O(1) for an exposed one.
//!
//! [`Search::Incremental`]: O(deg) per deletion, plus the searches: failed and repair
//! searches, and unmarking, cost O(E + Σ deg(w)) in total over a whole sequence of deletions,
//! the sum running over every time a vertex w turns from dead to alive; a successful search
//! costs O(V + E) in the worst case but only scans the unmarked vertices nearer to `t` than
//! the exposed vertex it finds (breadth-first). Plain is the worst case of each deletion.
//! [`DeletionMatching::work`] counts all of this.
//!
//! # Tests
//! Unit tests below check closure after every deletion; `tests/incremental.rs` compares both
//! searches with [`decompose`](crate::decompose) at every position of random deletion orders
//! and random game walks, and with each other on 100 000 denser cases.

use crate::colouring::two_colouring;
use crate::graph::{Graph, NONE};
use crate::matching::Matching;
use crate::solve::bipartite_maximum_matching;
use crate::under_deletion::{assert_remaining, UnderDeletion};

/// How a [`DeletionMatching`] searches for augmenting paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Search {
    /// Keep the dead marks of failed searches between deletions (see the module docs).
    #[default]
    Incremental,
    /// One fresh search per deletion, nothing reused: the reference implementation.
    Plain,
}

/// Counts of the work a [`DeletionMatching`] has done: deletions, searches, and adjacency-list
/// entries scanned (a measure of time that does not depend on the machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Work {
    /// Deletions answered without a search: the vertex was exposed, or its mate was marked.
    pub answered_at_once: u64,
    /// Searches that found an augmenting path.
    pub augmenting_searches: u64,
    /// Entries scanned by those searches.
    pub augmenting_edges: u64,
    /// Searches that failed.
    pub failed_searches: u64,
    /// Entries scanned by those searches.
    pub failed_edges: u64,
    /// Searches that extended the marks after an augmenting path (module docs).
    pub repair_searches: u64,
    /// Entries scanned by those searches.
    pub repair_edges: u64,
    /// Entries scanned while unmarking (restoring the closure of the marks).
    pub unmarking_edges: u64,
    /// Searches of [`DeletionMatching::avoidable`] (the answers at once are counted in
    /// `answered_at_once`).
    pub avoidable_searches: u64,
    /// Entries scanned by those searches.
    pub avoidable_edges: u64,
}

impl Work {
    /// Every adjacency-list entry scanned, by searches and by unmarking.
    pub fn edges_scanned(&self) -> u64 {
        self.augmenting_edges
            + self.failed_edges
            + self.repair_edges
            + self.unmarking_edges
            + self.avoidable_edges
    }
}

/// A maximum matching of a bipartite graph, kept maximum while vertices are deleted.
///
/// # Examples
///
/// ```
/// use geography_matching::{DeletionMatching, Graph, Search, UnderDeletion};
/// // The path 0 – 1 – 2 – 3 has a perfect matching: from an end, the mover wins.
/// let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let mut game = DeletionMatching::new(&path, Search::Incremental).unwrap();
/// assert!(game.delete(0)); // token on 0: every maximum matching covers it
/// assert!(!game.delete(1)); // token moved to 1: the path 1 – 2 – 3 can leave 1 exposed
/// assert!(game.delete(2)); // token on 2: the edge 2 – 3 covers it
/// assert!(!game.delete(3)); // token on 3, nothing left: the mover is stuck
/// ```
#[derive(Debug, Clone)]
pub struct DeletionMatching<'g> {
    graph: &'g Graph,
    side: Vec<bool>,
    matching: Matching,
    deleted: Vec<bool>,
    /// The closed set of vertices known to be dead (module docs).
    dead: Vec<bool>,
    /// The exposed vertices not deleted, on side `false` and on side `true`: a search for an
    /// exposed vertex of a side with none fails at once.
    exposed: [usize; 2],
    /// `seen[x] == generation` when the current search has reached `x`.
    seen: Vec<u32>,
    /// The vertex of the same side the current search came from (valid where seen).
    parent: Vec<u32>,
    generation: u32,
    kind: Search,
    /// Breadth-first queue of the current search; after a failure, everything it reached.
    queue: Vec<u32>,
    /// The same-side vertices of the last augmenting path.
    path: Vec<u32>,
    /// Vertices unmarked by the backward walk, still to propagate from.
    revive: Vec<u32>,
    work: Work,
}

impl<'g> DeletionMatching<'g> {
    /// A maximum matching of `graph`, ready for deletions, or `None` when `graph` is not
    /// bipartite.
    ///
    /// # Complexity
    /// One bipartite maximum matching (see [`decompose`](crate::decompose)); O(V) memory.
    pub fn new(graph: &'g Graph, search: Search) -> Option<Self> {
        let side = two_colouring(graph)?;
        let matching = bipartite_maximum_matching(graph, &side);
        let n = graph.vertex_count();
        let mut exposed = [0; 2];
        for v in (0..n as u32).filter(|&v| matching.is_exposed(v)) {
            exposed[usize::from(side[v as usize])] += 1;
        }
        Some(DeletionMatching {
            graph,
            side,
            matching,
            exposed,
            deleted: vec![false; n],
            dead: vec![false; n],
            seen: vec![0; n],
            parent: vec![NONE; n],
            generation: 0,
            kind: search,
            queue: Vec::new(),
            path: Vec::new(),
            revive: Vec::new(),
            work: Work::default(),
        })
    }

    /// The search this matching was built with.
    pub fn kind(&self) -> Search {
        self.kind
    }

    /// The side of `v` in the two-colouring used (`false` for the side of each component's
    /// smallest vertex).
    pub fn side(&self, v: u32) -> bool {
        self.side[v as usize]
    }

    /// The work done so far, counted in a way that does not depend on the machine.
    pub fn work(&self) -> Work {
        self.work
    }

    fn next_generation(&mut self) {
        if self.generation == u32::MAX {
            self.seen.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// Breadth-first alternating search from `t` for an exposed vertex of the other side
    /// (from an exposed `t`: an augmenting path). Returns the last same-side vertex of the path
    /// and the exposed vertex, if found, and the number of adjacency entries scanned; on
    /// failure `self.queue` holds every vertex reached.
    fn breadth_first_search(&mut self, t: u32, skip_dead: bool) -> (Option<(u32, u32)>, u64) {
        self.next_generation();
        let generation = self.generation;
        let DeletionMatching {
            graph,
            matching,
            deleted,
            dead,
            seen,
            parent,
            queue,
            ..
        } = self;
        let mates = matching.mates();
        queue.clear();
        queue.push(t);
        seen[t as usize] = generation;
        parent[t as usize] = NONE;
        let mut head = 0;
        let mut scanned = 0u64;
        let mut found = None;
        'search: while let Some(&x) = queue.get(head) {
            head += 1;
            let neighbours = graph.neighbor_slice(x);
            scanned += neighbours.len() as u64;
            for &y in neighbours {
                if deleted[y as usize] {
                    continue;
                }
                let next = mates[y as usize];
                if next == NONE {
                    found = Some((x, y));
                    break 'search;
                }
                let n = next as usize;
                if seen[n] != generation && !(skip_dead && dead[n]) {
                    seen[n] = generation;
                    parent[n] = x;
                    queue.push(next);
                }
            }
        }
        (found, scanned)
    }

    /// Marks dead every vertex the last (failed) search reached.
    fn mark_reached_dead(&mut self) {
        for &x in &self.queue {
            self.dead[x as usize] = true;
        }
    }

    /// Flips the augmenting path `t … last – exposed` found by
    /// [`Self::breadth_first_search`], then restores the closure of the marks on the other
    /// side (module docs).
    fn augment(&mut self, t: u32, last: u32, exposed: u32, repair: bool) {
        self.path.clear();
        let mates = self.matching.mates_mut();
        let mut free = exposed;
        let mut x = last;
        loop {
            let old = mates[x as usize];
            mates[x as usize] = free;
            mates[free as usize] = x;
            self.path.push(x);
            if x == t {
                break;
            }
            free = old;
            x = self.parent[x as usize];
        }
        self.matching.grew();
        if repair {
            let path = std::mem::take(&mut self.path);
            for &x in &path {
                let mate = self.matching.mates()[x as usize];
                let relied_on = |c: &u32| self.dead[*c as usize];
                if self.dead[mate as usize] || !self.graph.neighbor_slice(x).iter().any(relied_on) {
                    continue;
                }
                // A marked neighbour of `x` is dead, so `M(x)` is dead (module docs).
                let (found, scanned) = self.breadth_first_search(mate, true);
                self.work.repair_searches += 1;
                self.work.repair_edges += scanned;
                debug_assert!(
                    found.is_none(),
                    "the mate of a marked vertex's neighbour is alive"
                );
                if found.is_none() {
                    self.mark_reached_dead();
                } else {
                    self.revive_neighbours(x);
                }
            }
            self.path = path;
        }
    }

    /// Unmarks the marked neighbours of `x` (whose mate is exposed or not marked), then every
    /// marked vertex that can step to an unmarked one: the predecessors of `s` are the
    /// neighbours of `M(s)`.
    fn revive_neighbours(&mut self, x: u32) {
        let DeletionMatching {
            graph,
            matching,
            dead,
            revive,
            work,
            ..
        } = self;
        let mates = matching.mates();
        let mut scanned = 0u64;
        let mut unmark = |from: u32, revive: &mut Vec<u32>| {
            let neighbours = graph.neighbor_slice(from);
            scanned += neighbours.len() as u64;
            for &c in neighbours {
                if dead[c as usize] {
                    dead[c as usize] = false;
                    revive.push(c);
                }
            }
        };
        unmark(x, revive);
        while let Some(s) = revive.pop() {
            let mate = mates[s as usize];
            if mate != NONE {
                unmark(mate, revive);
            }
        }
        work.unmarking_edges += scanned;
    }

    /// Whether the marks are closed (module docs), and the matching is a matching of the
    /// remaining graph. O(V + E); for tests.
    #[cfg(test)]
    fn marks_are_closed(&self) -> bool {
        let mates = self.matching.mates();
        (0..self.graph.vertex_count() as u32).all(|c| {
            if self.deleted[c as usize] {
                return !self.dead[c as usize] && mates[c as usize] == NONE;
            }
            let mate = mates[c as usize];
            if mate != NONE && (self.deleted[mate as usize] || mates[mate as usize] != c) {
                return false;
            }
            !self.dead[c as usize]
                || self.graph.neighbor_slice(c).iter().all(|&x| {
                    let m = mates[x as usize];
                    self.deleted[x as usize] || (m != NONE && self.dead[m as usize])
                })
        })
    }
}

impl<'g> UnderDeletion<'g> for DeletionMatching<'g> {
    fn graph(&self) -> &'g Graph {
        self.graph
    }

    fn matching(&self) -> &Matching {
        &self.matching
    }

    fn is_deleted(&self, v: u32) -> bool {
        self.deleted[v as usize]
    }

    /// Costs: see the module documentation.
    fn delete(&mut self, v: u32) -> bool {
        assert_remaining(&self.deleted, v);
        self.deleted[v as usize] = true;
        self.dead[v as usize] = false;
        let side = usize::from(self.side[v as usize]);
        let Some(t) = self.matching.mate(v) else {
            self.exposed[side] -= 1;
            self.work.answered_at_once += 1;
            return false;
        };
        self.matching.split(v);
        self.exposed[1 - side] += 1;
        let incremental = self.kind == Search::Incremental;
        if incremental && (self.dead[t as usize] || self.exposed[side] == 0) {
            // `t` cannot reach an exposed vertex (it is marked, or `v`'s side has none left):
            // the search would fail at once. `t` is a new exposed vertex, so marks next to
            // it come alive (usually there are none).
            self.work.answered_at_once += 1;
            self.revive_neighbours(t);
            return true;
        }
        let (found, scanned) = self.breadth_first_search(t, incremental);
        if let Some((last, exposed)) = found {
            self.exposed = [self.exposed[0] - 1, self.exposed[1] - 1];
            self.work.augmenting_searches += 1;
            self.work.augmenting_edges += scanned;
            self.augment(t, last, exposed, incremental);
            false
        } else {
            self.work.failed_searches += 1;
            self.work.failed_edges += scanned;
            if incremental {
                self.mark_reached_dead();
                self.revive_neighbours(t);
            }
            true
        }
    }

    /// `w` is missed by some maximum matching iff it is exposed, or its mate is alive (an
    /// alternating path from `M(w)` reaches an exposed vertex of `w`'s side: flipping it and
    /// the edge `w – M(w)` frees `w`). So this is one search from `M(w)`, skipping dead
    /// vertices; a failed one marks what it reached dead, as [`Self::delete`] does, and the
    /// matching is never changed.
    ///
    /// # Complexity
    /// O(1) when `w` is exposed or its mate is marked; otherwise one search, as in
    /// [`Self::delete`]: a failed one is paid for by the marks it leaves, a successful one
    /// scans the unmarked vertices nearer to `M(w)` than the exposed vertex it finds.
    fn avoidable(&mut self, w: u32) -> bool {
        assert_remaining(&self.deleted, w);
        let incremental = self.kind == Search::Incremental;
        let Some(m) = self.matching.mate(w) else {
            self.work.answered_at_once += 1;
            return true;
        };
        if incremental
            && (self.dead[m as usize] || self.exposed[usize::from(self.side[w as usize])] == 0)
        {
            // `M(w)` is marked, or `w`'s side has no exposed vertex to reach.
            self.work.answered_at_once += 1;
            return false;
        }
        // `w` is matched to `m`, so the search never ends at `w` itself.
        let (found, scanned) = self.breadth_first_search(m, incremental);
        self.work.avoidable_searches += 1;
        self.work.avoidable_edges += scanned;
        if found.is_none() && incremental {
            self.mark_reached_dead();
        }
        found.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decomposition::Class;
    use crate::graph::Masked;
    use crate::random::{deletion_order, random_bipartite, Random};
    use crate::solve::decompose;

    fn always_covered(graph: &Graph, deleted: &[bool], v: u32) -> bool {
        decompose(&Masked::new(graph, deleted))
            .class(v)
            .always_covered()
    }

    #[test]
    fn marks_stay_closed_and_answers_match_the_decomposition() {
        let mut rng = Random::new(7);
        let mut answers = [0usize; 2];
        let mut avoidable = [0usize; 2];
        for case in 0..400 {
            let (graph, _) = random_bipartite(&mut rng, 9);
            let order = deletion_order(&mut rng, &graph, case % 2 == 0);
            let mut fast = DeletionMatching::new(&graph, Search::Incremental).unwrap();
            let mut plain = DeletionMatching::new(&graph, Search::Plain).unwrap();
            let mut deleted = vec![false; graph.vertex_count()];
            for &v in &order {
                let expected = always_covered(&graph, &deleted, v);
                assert_eq!(fast.delete(v), expected, "case {case}, vertex {v}");
                assert_eq!(plain.delete(v), expected, "case {case}, vertex {v}");
                answers[usize::from(expected)] += 1;
                deleted[v as usize] = true;
                assert!(fast.marks_are_closed(), "case {case}, after deleting {v}");
                let masked = Masked::new(&graph, &deleted);
                assert!(fast.matching().is_valid_in(&masked));
                let decomposition = decompose(&masked);
                assert_eq!(fast.matching().size(), decomposition.matching().size());
                // Every remaining vertex, in a random order so marks left by one query serve
                // the next.
                let mut rest: Vec<u32> = (0..graph.vertex_count() as u32)
                    .filter(|&w| !deleted[w as usize])
                    .collect();
                rng.shuffle(&mut rest);
                for w in rest {
                    let missable = decomposition.class(w) == Class::Missable;
                    assert_eq!(fast.avoidable(w), missable, "case {case}, vertex {w}");
                    assert_eq!(plain.avoidable(w), missable, "case {case}, vertex {w}");
                    avoidable[usize::from(missable)] += 1;
                }
                assert!(fast.marks_are_closed(), "case {case}, after the queries");
            }
        }
        assert!(answers[0] > 500 && answers[1] > 500, "{answers:?}");
        assert!(avoidable[0] > 2000 && avoidable[1] > 2000, "{avoidable:?}");
    }

    #[test]
    fn a_failed_search_is_not_repeated_while_the_winner_keeps_winning() {
        // A long path 0 – 1 – … – 2n−1, played from 0 along the path: the mover always has
        // an even path ahead and wins. The plain method searches to the far end every time.
        let n = 2000u32;
        let graph = Graph::from_edges(n as usize, (1..n).map(|v| (v - 1, v))).unwrap();
        let mut fast = DeletionMatching::new(&graph, Search::Incremental).unwrap();
        let mut plain = DeletionMatching::new(&graph, Search::Plain).unwrap();
        for v in 0..n {
            let expected = v % 2 == 0;
            assert_eq!(fast.delete(v), expected);
            assert_eq!(plain.delete(v), expected);
        }
        assert!(
            fast.work().edges_scanned() < 20 * u64::from(n),
            "{}",
            fast.work().edges_scanned()
        );
        assert!(plain.work().edges_scanned() > u64::from(n) * u64::from(n) / 8);
    }

    #[test]
    fn odd_cycles_are_refused() {
        let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)]).unwrap();
        assert!(DeletionMatching::new(&triangle, Search::Incremental).is_none());
    }

    #[test]
    #[should_panic(expected = "not a vertex of the remaining graph")]
    fn deleting_twice_is_a_precondition_violation() {
        let edge = Graph::from_edges(2, [(0, 1)]).unwrap();
        let mut matching = DeletionMatching::new(&edge, Search::Incremental).unwrap();
        matching.delete(0);
        matching.delete(0);
    }
}
