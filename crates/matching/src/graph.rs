//! Flat undirected graphs: the [`Adjacency`] view every algorithm reads, the compressed
//! sparse row [`Graph`] that stores one, and [`Masked`], a graph with some vertices removed.
//!
//! Conventions, shared by every algorithm in this crate:
//! - vertices are `u32` ids below [`Adjacency::vertex_bound`]; an id for which
//!   [`Adjacency::contains`] is false is not part of the graph (a removed vertex);
//! - the neighbour relation is symmetric and has no self-loops; [`Graph::from_edges`] drops
//!   self-loops (a token can never move onto its own vertex, and no matching uses a loop) and
//!   merges repeated edges (they allow no extra move and no extra matching edge).

use thiserror::Error;

/// Marks "no vertex" in flat `u32` arrays (an exposed vertex's mate, an empty slot).
pub const NONE: u32 = u32::MAX;

/// Read access to an undirected graph, implemented by [`Graph`] and [`Masked`].
///
/// Algorithms are generic over it so that a position of a game (a graph with visited vertices
/// masked out) is solved without rebuilding the graph.
pub trait Adjacency {
    /// The iterator over one vertex's neighbours.
    type Neighbors<'a>: Iterator<Item = u32>
    where
        Self: 'a;

    /// Every vertex id is below this bound.
    fn vertex_bound(&self) -> usize;

    /// Whether `v` is a vertex of this graph (false for removed ids).
    fn contains(&self, v: u32) -> bool;

    /// The neighbours of `v` that are vertices of this graph. `v` must be below the bound.
    fn neighbors(&self, v: u32) -> Self::Neighbors<'_>;

    /// The number of vertices, removed ids excluded. O(V).
    fn vertex_count(&self) -> usize {
        (0..self.vertex_bound() as u32)
            .filter(|&v| self.contains(v))
            .count()
    }

    /// The degree of every id below the bound, 0 for absent ids. O(V + E).
    fn degrees(&self) -> Vec<u32> {
        (0..self.vertex_bound() as u32)
            .map(|v| {
                if self.contains(v) {
                    self.neighbors(v).count() as u32
                } else {
                    0
                }
            })
            .collect()
    }

    /// Calls `f` on every neighbour of `v`, in the order of [`Adjacency::neighbors`], and
    /// perhaps on some absent ids below the bound too. For loops that ignore absent ids
    /// anyway (their entry in a per-id table says so): a board then lists every offset
    /// without testing whether its cell is blocked, a branch that random obstacles make
    /// unpredictable.
    fn for_each_slot(&self, v: u32, mut f: impl FnMut(u32)) {
        for w in self.neighbors(v) {
            f(w);
        }
    }

    /// The number of edges between vertices of this graph. O(V + E).
    fn edge_count(&self) -> usize {
        (0..self.vertex_bound() as u32)
            .filter(|&v| self.contains(v))
            .map(|v| self.neighbors(v).count())
            .sum::<usize>()
            / 2
    }
}

/// Why an edge list cannot become a [`Graph`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GraphError {
    /// An edge names a vertex at or above the vertex count.
    #[error("edge {index} names vertex {vertex}, but the graph has {vertex_count} vertices")]
    VertexOutOfRange {
        /// 0-based position of the edge in the list.
        index: usize,
        /// The offending vertex id.
        vertex: u32,
        /// The declared number of vertices.
        vertex_count: usize,
    },
    /// More vertices or edge endpoints than `u32` ids can address.
    #[error("graph too large: at most {} vertices and edge endpoints", u32::MAX - 1)]
    TooLarge,
}

/// An undirected graph in compressed sparse row form: the neighbours of `v` are
/// `targets[offsets[v]..offsets[v + 1]]`, sorted, without loops or repeats.
///
/// Memory: 4 bytes per vertex plus 8 bytes per undirected edge.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    /// A graph on `vertex_count` vertices with the given undirected edges.
    ///
    /// Self-loops are dropped and repeated edges merged (see the module documentation).
    ///
    /// # Errors
    /// [`GraphError::VertexOutOfRange`] if an edge names a vertex `>= vertex_count`;
    /// [`GraphError::TooLarge`] past `u32` ids.
    ///
    /// # Complexity
    /// O(V + E log Δ) time (each list is sorted), O(V + E) memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use geography_matching::{Adjacency, Graph};
    /// let g = Graph::from_edges(3, [(0, 1), (1, 2), (2, 1), (2, 2)]).unwrap();
    /// assert_eq!(g.edge_count(), 2);
    /// assert_eq!(g.neighbors(1).collect::<Vec<_>>(), [0, 2]);
    ///
    /// // An edge to a vertex that does not exist is refused.
    /// use geography_matching::GraphError;
    /// assert_eq!(
    ///     Graph::from_edges(2, [(0, 1), (1, 2)]),
    ///     Err(GraphError::VertexOutOfRange { index: 1, vertex: 2, vertex_count: 2 })
    /// );
    /// ```
    pub fn from_edges(
        vertex_count: usize,
        edges: impl IntoIterator<Item = (u32, u32)>,
    ) -> Result<Self, GraphError> {
        // Collecting a `Vec` reuses its allocation: the edges are never copied.
        let pairs: Vec<(u32, u32)> = edges.into_iter().collect();
        Self::from_edge_walks(vertex_count, || pairs.iter().copied())
    }

    /// [`Graph::from_edges`] for edges that `walk` yields afresh each time it is called: it
    /// is walked twice, once to count degrees and once to place neighbours, so no list of
    /// edges is held (an edge-list file is read straight into this form).
    ///
    /// Precondition: every walk yields the same edges.
    ///
    /// # Errors
    /// As [`Graph::from_edges`], found in the first walk.
    ///
    /// # Panics
    /// If a later walk yields an edge the first did not.
    ///
    /// # Complexity
    /// O(V + E log Δ) time, memory for the result only.
    ///
    /// # Examples
    ///
    /// ```
    /// use geography_matching::{Adjacency, Graph};
    /// let g = Graph::from_edge_walks(4, || (1..4).map(|v| (v - 1, v))).unwrap();
    /// assert_eq!(g.neighbors(2).collect::<Vec<_>>(), [1, 3]);
    /// ```
    pub fn from_edge_walks<I, W>(vertex_count: usize, mut walk: W) -> Result<Self, GraphError>
    where
        I: Iterator<Item = (u32, u32)>,
        W: FnMut() -> I,
    {
        if vertex_count >= NONE as usize {
            return Err(GraphError::TooLarge);
        }
        let mut degrees = vec![0u32; vertex_count];
        for (index, (u, v)) in walk().enumerate() {
            for vertex in [u, v] {
                if vertex as usize >= vertex_count {
                    return Err(GraphError::VertexOutOfRange {
                        index,
                        vertex,
                        vertex_count,
                    });
                }
            }
            if u != v {
                degrees[u as usize] += 1;
                degrees[v as usize] += 1;
            }
        }
        Self::from_degrees_and_walk(degrees, walk)
    }

    /// [`Graph::from_edge_walks`] when the degrees are known: `degrees[v]` counts the edges
    /// the walk yields at `v`, self-loops left out and repeats in. The walk is then walked
    /// once (an edge-list file whose check counted them is read twice in all).
    ///
    /// Precondition: the walk yields exactly the edges the degrees count, every end below
    /// `degrees.len()`; otherwise the lists are wrong (perhaps not symmetric), or this
    /// panics.
    ///
    /// # Errors
    /// [`GraphError::TooLarge`] past `u32` ids.
    ///
    /// # Complexity
    /// O(V + E log Δ) time, memory for the result only (the degrees become its offsets).
    ///
    /// # Examples
    ///
    /// ```
    /// use geography_matching::{Adjacency, Graph};
    /// // A triangle with a loop at 0 and the edge 1 – 2 twice.
    /// let edges = [(0, 1), (1, 2), (2, 0), (0, 0), (2, 1)];
    /// let g = Graph::from_degrees_and_walk(vec![2, 3, 3], || edges.iter().copied()).unwrap();
    /// assert_eq!(g, Graph::from_edges(3, edges).unwrap());
    /// ```
    pub fn from_degrees_and_walk<I, W>(
        mut degrees: Vec<u32>,
        mut walk: W,
    ) -> Result<Self, GraphError>
    where
        I: Iterator<Item = (u32, u32)>,
        W: FnMut() -> I,
    {
        let vertex_count = degrees.len();
        if vertex_count >= NONE as usize
            || degrees.iter().map(|&d| u64::from(d)).sum::<u64>() >= u64::from(NONE)
        {
            return Err(GraphError::TooLarge);
        }
        // Prefix sums: `offsets[v]` is where the list of `v` starts. Filling moves it to
        // where the list ends, which is where the next one starts, so one rotation makes the
        // final offsets, without a second array.
        degrees.insert(0, 0);
        let mut offsets = degrees;
        for v in 1..offsets.len() {
            offsets[v] += offsets[v - 1];
        }
        let mut targets = vec![0u32; offsets[vertex_count] as usize];
        for (u, v) in walk().filter(|&(u, v)| u != v) {
            targets[offsets[u as usize] as usize] = v;
            offsets[u as usize] += 1;
            targets[offsets[v as usize] as usize] = u;
            offsets[v as usize] += 1;
        }
        offsets.rotate_right(1);
        offsets[0] = 0;
        // Sort and deduplicate each list in place, compacting as we go.
        let mut write = 0usize;
        let mut start = 0usize;
        for v in 0..vertex_count {
            let end = offsets[v + 1] as usize;
            targets[start..end].sort_unstable();
            let list_start = write;
            for i in start..end {
                if write == list_start || targets[write - 1] != targets[i] {
                    targets[write] = targets[i];
                    write += 1;
                }
            }
            offsets[v + 1] = write as u32;
            start = end;
        }
        targets.truncate(write);
        Ok(Graph { offsets, targets })
    }

    /// A graph on `vertex_count` vertices whose neighbours are listed by `neighbors_of`,
    /// called twice per vertex (once to count, once to fill).
    ///
    /// Preconditions: the relation is symmetric, loop-free and repeat-free (board
    /// neighbourhoods are, by construction); checked only in debug builds.
    ///
    /// # Complexity
    /// O(V + E) time, no memory beyond the result.
    ///
    /// # Panics
    /// If `vertex_count` or the number of edge endpoints does not fit a `u32` id.
    pub fn from_neighbor_fn<I, F>(vertex_count: usize, mut neighbors_of: F) -> Self
    where
        I: IntoIterator<Item = u32>,
        F: FnMut(u32) -> I,
    {
        assert!(vertex_count < NONE as usize, "graph too large");
        let mut offsets = Vec::with_capacity(vertex_count + 1);
        offsets.push(0u32);
        let mut total = 0usize;
        for v in 0..vertex_count as u32 {
            total += neighbors_of(v).into_iter().count();
            assert!(total < NONE as usize, "graph too large");
            offsets.push(total as u32);
        }
        let mut targets = Vec::with_capacity(total);
        for v in 0..vertex_count as u32 {
            let list_start = targets.len();
            targets.extend(neighbors_of(v));
            debug_assert!(targets[list_start..].iter().all(|&w| w != v), "self-loop");
            targets[list_start..].sort_unstable();
        }
        let graph = Graph { offsets, targets };
        debug_assert!(graph.is_symmetric(), "neighbour relation is not symmetric");
        graph
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// The number of undirected edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The sorted neighbours of `v`.
    pub fn neighbor_slice(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The degree of `v`.
    pub fn degree(&self, v: u32) -> usize {
        self.neighbor_slice(v).len()
    }

    /// The slots of `v`'s neighbours in the flat list of arcs: arc `i` of the graph is the
    /// `i`-th entry of the concatenated neighbour lists, so per-arc data can live in a flat
    /// array beside the graph.
    pub(crate) fn arc_range(&self, v: u32) -> std::ops::Range<usize> {
        self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize
    }

    /// The slot of the arc from `u` to `v`, if they are adjacent. O(log deg u).
    pub(crate) fn arc(&self, u: u32, v: u32) -> Option<usize> {
        let range = self.arc_range(u);
        let start = range.start;
        self.targets[range]
            .binary_search(&v)
            .ok()
            .map(|i| start + i)
    }

    /// The head of every arc, in slot order.
    pub(crate) fn arc_heads(&self) -> &[u32] {
        &self.targets
    }

    /// Whether `u` and `v` are adjacent. O(log deg u).
    pub fn has_edge(&self, u: u32, v: u32) -> bool {
        (u as usize) < self.vertex_count() && self.neighbor_slice(u).binary_search(&v).is_ok()
    }

    /// Every undirected edge once, as `(u, v)` with `u < v`, in increasing order.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.vertex_count() as u32).flat_map(move |u| {
            self.neighbor_slice(u)
                .iter()
                .filter(move |&&v| u < v)
                .map(move |&v| (u, v))
        })
    }

    fn is_symmetric(&self) -> bool {
        self.edges().count() * 2 == self.targets.len()
            && (0..self.vertex_count() as u32)
                .all(|u| self.neighbor_slice(u).iter().all(|&v| self.has_edge(v, u)))
    }
}

impl Adjacency for Graph {
    type Neighbors<'a> = std::iter::Copied<std::slice::Iter<'a, u32>>;

    fn vertex_bound(&self) -> usize {
        self.vertex_count()
    }

    fn contains(&self, v: u32) -> bool {
        (v as usize) < self.vertex_count()
    }

    fn neighbors(&self, v: u32) -> Self::Neighbors<'_> {
        self.neighbor_slice(v).iter().copied()
    }

    fn degrees(&self) -> Vec<u32> {
        self.offsets.windows(2).map(|w| w[1] - w[0]).collect()
    }

    fn vertex_count(&self) -> usize {
        Graph::vertex_count(self)
    }

    fn edge_count(&self) -> usize {
        Graph::edge_count(self)
    }
}

/// A graph with some vertices removed, without copying it: `removed[v]` hides `v` and its edges.
#[derive(Debug, Clone, Copy)]
pub struct Masked<'g> {
    graph: &'g Graph,
    removed: &'g [bool],
}

impl<'g> Masked<'g> {
    /// `graph` without the vertices `v` for which `removed[v]` is true.
    ///
    /// # Panics
    /// If `removed` is not one flag per vertex.
    pub fn new(graph: &'g Graph, removed: &'g [bool]) -> Self {
        assert_eq!(removed.len(), graph.vertex_count(), "one flag per vertex");
        Masked { graph, removed }
    }
}

impl<'g> Adjacency for Masked<'g> {
    type Neighbors<'a>
        = MaskedNeighbors<'a>
    where
        'g: 'a;

    fn vertex_bound(&self) -> usize {
        self.graph.vertex_count()
    }

    fn contains(&self, v: u32) -> bool {
        (v as usize) < self.removed.len() && !self.removed[v as usize]
    }

    fn neighbors(&self, v: u32) -> Self::Neighbors<'_> {
        MaskedNeighbors {
            inner: self.graph.neighbor_slice(v).iter(),
            removed: self.removed,
        }
    }
}

/// The neighbours of a vertex of a [`Masked`] graph that are not removed.
#[derive(Debug, Clone)]
pub struct MaskedNeighbors<'a> {
    inner: std::slice::Iter<'a, u32>,
    removed: &'a [bool],
}

impl Iterator for MaskedNeighbors<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        self.inner
            .by_ref()
            .copied()
            .find(|&w| !self.removed[w as usize])
    }
}
