//! Deletion on any graph: a maximum matching kept maximum while vertices are deleted one by
//! one, answering for each deleted vertex whether every maximum matching of the graph just
//! before its deletion covered it, and for any remaining vertex whether some maximum matching
//! misses it.
//!
//! This is how a played record of undirected vertex geography is analysed on a graph with odd
//! cycles (a king or hex board, say): with the token on `t` and every earlier token vertex
//! deleted, the player to move wins iff every maximum matching covers `t`, and then a move to
//! `w` wins iff some maximum matching of the graph without `t` misses `w`. The bipartite
//! counterpart, with marks reused between searches, is [`DeletionMatching`].
//!
//! Reference: the augmenting-path method of C. Berge, "Two theorems in graph theory", PNAS
//! 43, 1957, with Edmonds' blossom search ([`Forest`], J. Edmonds, "Paths, trees, and
//! flowers", Canad. J. Math. 17, 1965).
//!
//! # The method
//! Keep a maximum matching M and the number of exposed vertices.
//! - Deleting `v`: if `v` is exposed, some maximum matching misses it (answer false) and M
//!   stays maximum. Otherwise unmatch `v` from `t = M(v)` and remove `v`. Every augmenting
//!   path now starts at `t`, because M had none. If `t` is the only exposed vertex there is no
//!   path at all (answer true, at once); otherwise one search from `t`: found, apply it, `v`
//!   was avoidable (false); not found, every maximum matching covered `v` (true), and M − vt
//!   is maximum.
//! - Whether `w` is avoidable: an exposed `w` is; with no exposed vertex at all, nothing is.
//!   Otherwise `w` is missed by some maximum matching iff, with `w` removed and its mate
//!   `m = M(w)` exposed, an augmenting path starts at `m` (it and the edge `w – m` trade
//!   places). One search from `m`, and the matching is restored: the query changes nothing.
//!
//! The searches grow breadth first, so the short paths that a game leaves next to the token
//! are found after a small ball around it; every search state is cleared through the vertices
//! it touched, never by sweeping.
//!
//! # Reuse, and what is not reused
//! The count of exposed vertices answers the common case at once: on a board with a perfect
//! matching, a deletion that leaves one exposed vertex is decided without a search. A failed
//! search's Hungarian tree would stay Hungarian under later augmentations and under deletions
//! of vertices outside it, but a game deletes the token's neighbours, which lie next to that
//! tree or in it; the trees are therefore dropped rather than kept with the bookkeeping that
//! invalidating them would need.
//!
//! # Complexity
//! Construction: one maximum matching ([`maximum_matching`](crate::maximum_matching)). Each
//! deletion and query: O(1) when answered at once, otherwise one search, O(E·α(V)) at worst
//! and in proportion to the explored part (the ball up to the exposed vertex found, when one
//! is). Memory: O(V) beyond the graph.
//!
//! # Tests
//! Below: every answer against a fresh [`decompose`](crate::decompose) of the remaining
//! graph, at every deletion of random orders and random game walks on random graphs with odd
//! cycles; the rules crate checks records against brute-force game-tree search.
//!
//! [`DeletionMatching`]: crate::DeletionMatching

use crate::blossom::maximum_matching;
use crate::forest::{Forest, Growth};
use crate::graph::{Graph, Masked};
use crate::matching::Matching;
use crate::under_deletion::{assert_remaining, UnderDeletion};

/// A maximum matching of any graph, kept maximum while vertices are deleted.
///
/// # Examples
///
/// ```
/// use geography_matching::{BlossomDeletion, Graph, UnderDeletion};
/// // A triangle 0 – 1 – 2 with a tail 2 – 3 has a perfect matching: from 0 the mover wins.
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 0), (2, 3)]).unwrap();
/// let mut game = BlossomDeletion::new(&g);
/// assert!(game.delete(0));
/// // The path 1 – 2 – 3 is left: moving to 1 wins, moving to 2 loses.
/// assert!(game.avoidable(1));
/// assert!(!game.avoidable(2));
/// assert!(!game.delete(1)); // the opponent, on 1, loses
/// assert!(game.delete(2)); // and the mover, on 2, moves to 3
/// ```
pub struct BlossomDeletion<'g> {
    graph: &'g Graph,
    matching: Matching,
    deleted: Vec<bool>,
    /// Exposed vertices not deleted.
    exposed: usize,
    forest: Forest,
    searches: u64,
}

impl<'g> BlossomDeletion<'g> {
    /// A maximum matching of `graph`, ready for deletions.
    ///
    /// # Complexity
    /// One maximum matching; O(V) memory.
    pub fn new(graph: &'g Graph) -> Self {
        let matching = maximum_matching(graph);
        let n = graph.vertex_count();
        BlossomDeletion {
            graph,
            exposed: n - 2 * matching.size(),
            matching,
            deleted: vec![false; n],
            forest: Forest::new_breadth_first(n),
            searches: 0,
        }
    }

    /// How many searches were needed so far (the other answers came at once).
    pub fn searches(&self) -> u64 {
        self.searches
    }

    /// One search for an augmenting path from the exposed `root`, applied when `apply`;
    /// whether one was found.
    fn search(&mut self, root: u32, apply: bool) -> bool {
        self.searches += 1;
        let BlossomDeletion {
            graph,
            matching,
            deleted,
            forest,
            ..
        } = self;
        let rest = Masked::new(graph, deleted);
        forest.plant(root);
        let found = match forest.grow(&rest, matching.mates()) {
            Growth::Augmenting(end) => {
                if apply {
                    forest.augment(end, matching.mates_mut());
                    matching.grew();
                }
                true
            }
            Growth::Exhausted => false,
            Growth::Stopped | Growth::Joined(..) => unreachable!("one tree, no watcher"),
        };
        forest.reset();
        found
    }
}

impl<'g> UnderDeletion<'g> for BlossomDeletion<'g> {
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
        let Some(t) = self.matching.mate(v) else {
            self.exposed -= 1;
            return false;
        };
        self.matching.split(v);
        self.exposed += 1;
        if self.exposed == 1 {
            return true;
        }
        let augmented = self.search(t, true);
        if augmented {
            self.exposed -= 2;
        }
        !augmented
    }

    /// Costs: see the module documentation.
    fn avoidable(&mut self, w: u32) -> bool {
        assert_remaining(&self.deleted, w);
        let Some(m) = self.matching.mate(w) else {
            return true;
        };
        if self.exposed == 0 {
            return false;
        }
        self.matching.split(w);
        self.deleted[w as usize] = true;
        let found = self.search(m, false);
        self.deleted[w as usize] = false;
        self.matching.join(w, m);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decomposition::Class;
    use crate::random::{deletion_order, Random};
    use crate::solve::decompose;

    /// A random graph: a cycle of odd length through the first vertices (so it is rarely
    /// bipartite) and random edges.
    fn random_graph(rng: &mut Random) -> Graph {
        let n = 3 + rng.below(12);
        let odd = 3 + 2 * rng.below((n - 1) / 2);
        let mut edges: Vec<(u32, u32)> =
            (0..odd as u32).map(|i| (i, (i + 1) % odd as u32)).collect();
        for _ in 0..rng.below(2 * n) {
            edges.push((rng.below(n) as u32, rng.below(n) as u32));
        }
        Graph::from_edges(n, edges).unwrap()
    }

    #[test]
    fn every_answer_matches_a_fresh_decomposition() {
        let mut rng = Random::new(31);
        let mut answers = [0usize; 2];
        let mut avoidable = [0usize; 2];
        for case in 0..1500 {
            let graph = random_graph(&mut rng);
            let order = deletion_order(&mut rng, &graph, case % 2 == 0);
            let mut game = BlossomDeletion::new(&graph);
            let mut deleted = vec![false; graph.vertex_count()];
            for &v in &order {
                let before = decompose(&Masked::new(&graph, &deleted));
                let expected = before.class(v).always_covered();
                assert_eq!(game.delete(v), expected, "case {case}, vertex {v}");
                answers[usize::from(expected)] += 1;
                deleted[v as usize] = true;
                let rest = Masked::new(&graph, &deleted);
                let after = decompose(&rest);
                assert!(game.matching().is_valid_in(&rest), "case {case}");
                assert_eq!(game.matching().size(), after.matching().size());
                for w in (0..graph.vertex_count() as u32).filter(|&w| !deleted[w as usize]) {
                    let missable = after.class(w) == Class::Missable;
                    assert_eq!(game.avoidable(w), missable, "case {case}, vertex {w}");
                    avoidable[usize::from(missable)] += 1;
                }
                assert_eq!(game.matching().size(), after.matching().size());
            }
        }
        assert!(answers.iter().all(|&c| c > 2000), "{answers:?}");
        assert!(avoidable.iter().all(|&c| c > 5000), "{avoidable:?}");
    }

    #[test]
    #[should_panic(expected = "not a vertex of the remaining graph")]
    fn querying_a_deleted_vertex_is_a_precondition_violation() {
        let triangle = Graph::from_edges(3, [(0, 1), (1, 2), (2, 0)]).unwrap();
        let mut game = BlossomDeletion::new(&triangle);
        game.delete(0);
        game.avoidable(0);
    }
}
