//! The answer every solver gives: a maximum matching, the class of every vertex, and a proof.
//!
//! Only the types: the solvers that build them import this module, never the other way
//! round ([`decompose`](crate::decompose) picks among them). Tested through every solver's
//! tests; renumbering by a unit test next to [`decompose`](crate::decompose).

use crate::matching::Matching;

/// The Gallai–Edmonds class of a vertex.
///
/// In the game, the player to move from `v` (everything else unvisited) wins iff `v` is
/// covered by every maximum matching, that is iff its class is [`Class::Barrier`] or
/// [`Class::Covered`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// D: some maximum matching misses the vertex.
    Missable,
    /// A: every maximum matching covers the vertex, and it has a neighbour in D.
    Barrier,
    /// C: every maximum matching covers the vertex, and it has no neighbour in D.
    Covered,
    /// Not a vertex of the graph (a removed id).
    Absent,
}

impl Class {
    /// Whether every maximum matching covers a vertex of this class (A or C).
    pub fn always_covered(self) -> bool {
        matches!(self, Class::Barrier | Class::Covered)
    }
}

/// Why the matching of a [`Decomposition`] is maximum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// A vertex cover as large as the matching (bipartite graphs, König's theorem).
    Konig {
        /// The cover's vertices, increasing.
        cover: Vec<u32>,
    },
    /// A set A with |M| = (|V| − odd(G − A) + |A|) / 2 (any graph, the Tutte–Berge formula).
    TutteBerge {
        /// The barrier's vertices, increasing.
        barrier: Vec<u32>,
    },
}

/// A maximum matching, the Gallai–Edmonds class of every vertex id, and the proof that the
/// matching is maximum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decomposition {
    matching: Matching,
    class: Vec<Class>,
    proof: Proof,
}

impl Decomposition {
    pub(crate) fn new(matching: Matching, class: Vec<Class>, proof: Proof) -> Self {
        Decomposition {
            matching,
            class,
            proof,
        }
    }

    /// The maximum matching.
    pub fn matching(&self) -> &Matching {
        &self.matching
    }

    /// The class of `v`.
    pub fn class(&self, v: u32) -> Class {
        self.class[v as usize]
    }

    /// The class of every vertex id, indexed by id.
    pub fn classes(&self) -> &[Class] {
        &self.class
    }

    /// The proof that the matching is maximum.
    pub fn proof(&self) -> &Proof {
        &self.proof
    }

    /// The same decomposition under new vertex ids: vertex `v` becomes `new_id(v)`, below
    /// `bound`; ids that no vertex takes are absent. For a graph solved under other ids than
    /// its users see (a board solved on its padded cells, say).
    ///
    /// Precondition: `new_id` is increasing on the vertices (so every list stays sorted) and
    /// below `bound` (checked in debug builds).
    ///
    /// # Complexity
    /// O(old bound + `bound`) time and memory.
    #[must_use]
    pub fn renumbered(self, bound: usize, new_id: impl Fn(u32) -> u32) -> Decomposition {
        let mut class = vec![Class::Absent; bound];
        let mut last = None;
        for (v, &c) in self.class.iter().enumerate() {
            if c != Class::Absent {
                let id = new_id(v as u32);
                debug_assert!(last < Some(id), "new ids must increase");
                last = Some(id);
                class[id as usize] = c;
            }
        }
        let mut matching = Matching::empty(bound);
        for (u, v) in self.matching.pairs() {
            matching.join(new_id(u), new_id(v));
        }
        let rename = |set: Vec<u32>| set.into_iter().map(&new_id).collect();
        let proof = match self.proof {
            Proof::Konig { cover } => Proof::Konig {
                cover: rename(cover),
            },
            Proof::TutteBerge { barrier } => Proof::TutteBerge {
                barrier: rename(barrier),
            },
        };
        Decomposition::new(matching, class, proof)
    }

    /// The vertices some maximum matching misses (D), increasing.
    pub fn missable(&self) -> impl Iterator<Item = u32> + '_ {
        self.class
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == Class::Missable)
            .map(|(v, _)| v as u32)
    }
}
