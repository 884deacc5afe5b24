//! A small flat undirected multigraph, the board of undirected edge geography.
//!
//! The distinct edges `{u, v}` are kept as `(min, max)` pairs sorted, each with its
//! multiplicity; loops (`{v, v}`) are kept. The incidence list of `v` (CSR) holds the ids of
//! the distinct edges at `v`, a loop once. A repeated pair adds to its multiplicity: in edge
//! geography every copy is used once.
//!
//! # Complexity
//! [`Multigraph::from_edges`]: O(V + E log E) time; 12 bytes per distinct edge and 8 more in
//! the incidence lists, 4 bytes per vertex.
//!
//! # Tests
//! Below: incidence lists, multiplicities and the error.

use crate::digraph::{distinct_pairs, group_by_key, DigraphError};

/// An undirected multigraph with loops.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Multigraph {
    ends: Vec<(u32, u32)>,
    multiplicity: Vec<u32>,
    offsets: Vec<u32>,
    incident: Vec<u32>,
}

impl Multigraph {
    /// A multigraph on `vertex_count` vertices; each pair is one edge, repeats add to the
    /// multiplicity, `(v, v)` is a loop.
    ///
    /// # Errors
    /// Those of [`Digraph::from_arcs`](crate::Digraph::from_arcs), for the first edge to a
    /// missing vertex or past `u32` ids.
    ///
    /// # Examples
    /// ```
    /// use geography_rules::Multigraph;
    /// let g = Multigraph::from_edges(3, [(1, 0), (0, 1), (1, 2)]).unwrap();
    /// assert_eq!(g.edge_count(), 3);
    /// assert_eq!(g.edge(0), (0, 1));
    /// assert_eq!(g.multiplicity(0), 2);
    /// ```
    pub fn from_edges<E>(vertex_count: usize, edges: E) -> Result<Self, DigraphError>
    where
        E: IntoIterator<Item = (u32, u32)>,
        E::IntoIter: Clone,
    {
        let pairs = distinct_pairs(vertex_count, edges, |(u, v)| (u.min(v), u.max(v)))?;
        let ends: Vec<(u32, u32)> = pairs.firsts().into_iter().zip(pairs.seconds).collect();
        let multiplicity = pairs.multiplicity;
        // Each edge at both its ends, a loop once.
        let ends_of = ends.iter().enumerate().flat_map(|(id, &(u, v))| {
            [Some((u, id as u32)), (u != v).then_some((v, id as u32))]
                .into_iter()
                .flatten()
        });
        let (offsets, incident) = group_by_key(vertex_count, ends_of);
        Ok(Multigraph {
            ends,
            multiplicity,
            offsets,
            incident,
        })
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// The number of edges, counted with multiplicity.
    pub fn edge_count(&self) -> usize {
        self.multiplicity.iter().map(|&m| m as usize).sum()
    }

    /// The number of distinct edges (edge ids are `0..distinct_edge_count()`).
    pub fn distinct_edge_count(&self) -> usize {
        self.ends.len()
    }

    /// The ends `(u, v)`, `u <= v`, of edge `id`.
    pub fn edge(&self, id: usize) -> (u32, u32) {
        self.ends[id]
    }

    /// How many times edge `id` was given.
    pub fn multiplicity(&self, id: usize) -> u32 {
        self.multiplicity[id]
    }

    /// The ids of the distinct edges at `v`, a loop once, increasing.
    pub fn incident(&self, v: u32) -> &[u32] {
        &self.incident[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// The other end of edge `id` seen from its end `v`.
    pub fn other_end(&self, id: usize, v: u32) -> u32 {
        let (a, b) = self.ends[id];
        if a == v {
            b
        } else {
            a
        }
    }

    /// The id of the edge `{u, v}`, if there is one.
    pub fn find_edge(&self, u: u32, v: u32) -> Option<usize> {
        self.ends.binary_search(&(u.min(v), u.max(v))).ok()
    }

    /// A 2-colouring (`false`/`true` per vertex, each component's least vertex `false`) if
    /// the graph is bipartite (loops make it not).
    pub fn two_colouring(&self) -> Option<Vec<bool>> {
        let n = self.vertex_count();
        let mut colour: Vec<Option<bool>> = vec![None; n];
        let mut stack = Vec::new();
        for root in 0..n as u32 {
            if colour[root as usize].is_some() {
                continue;
            }
            colour[root as usize] = Some(false);
            stack.push(root);
            while let Some(u) = stack.pop() {
                let cu = colour[u as usize].expect("coloured when pushed");
                for &e in self.incident(u) {
                    let w = self.other_end(e as usize, u);
                    match colour[w as usize] {
                        None => {
                            colour[w as usize] = Some(!cu);
                            stack.push(w);
                        }
                        Some(cw) if cw == cu => return None,
                        Some(_) => {}
                    }
                }
            }
        }
        Some(colour.into_iter().map(|c| c.unwrap_or(false)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_merged_with_their_multiplicity() {
        let g = Multigraph::from_edges(4, [(2, 1), (1, 2), (3, 3), (0, 1)]).unwrap();
        assert_eq!(g.edge_count(), 4);
        assert_eq!(g.distinct_edge_count(), 3);
        assert_eq!(g.multiplicity(g.find_edge(2, 1).unwrap()), 2);
        assert_eq!(g.incident(1).len(), 2);
        assert_eq!(g.incident(3).len(), 1);
        assert_eq!(g.two_colouring(), None);
        let path = Multigraph::from_edges(3, [(0, 1), (1, 2), (1, 2)]).unwrap();
        assert_eq!(path.two_colouring(), Some(vec![false, true, false]));
        assert!(matches!(
            Multigraph::from_edges(2, [(0, 2)]),
            Err(DigraphError::VertexOutOfRange { vertex: 2, .. })
        ));
    }
}
