//! A warm start for large bipartite boards on several threads: the free cells are cut into
//! bands of consecutive vertex ids, and each band gets its own Karp–Sipser matching and
//! budgeted searches, on its own thread, as if the other bands were blocked. The bands'
//! matchings together are a matching of the whole board, which the solver then completes
//! (its searches fix what crosses the cuts).
//!
//! A board's vertex ids are row-major (in both of its numberings, [`Grid`](crate::grid::Grid)
//! and [`Cells`](crate::grid::Cells)), so a band is a strip of rows (cut anywhere in a row)
//! and its graph is the board seen through an id offset, neighbours outside the band
//! dropped: no copy.
//!
//! # Complexity
//! As the solver's own warm start, shared among the threads: O(V + E) for Karp–Sipser, and
//! budgeted searches of O(budget) each. Extra memory O(V) (each band's arrays, then the
//! merged matching).

use std::thread;

use geography_matching::{budgeted_searches, greedy_matching, solver_budget, Adjacency, Matching};

/// A matching of `graph` made of the matchings of `bands` bands of consecutive ids, each
/// computed on its own thread.
///
/// Precondition: `graph` is bipartite.
pub fn banded_matching<G: Adjacency + Sync>(graph: &G, bands: usize) -> Matching {
    let bound = graph.vertex_bound();
    let bands = bands.clamp(1, bound.max(1));
    let cut = |i: usize| (bound * i / bands) as u32;
    let parts: Vec<(u32, Matching)> = thread::scope(|scope| {
        let threads: Vec<_> = (0..bands)
            .map(|i| {
                let band = Band {
                    graph,
                    first: cut(i),
                    len: cut(i + 1) - cut(i),
                };
                scope.spawn(move || (band.first, band.warm_start()))
            })
            .collect();
        threads
            .into_iter()
            .map(|thread| {
                thread
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e))
            })
            .collect()
    });
    let mut matching = Matching::empty(bound);
    for (first, part) in parts {
        for (u, v) in part.pairs() {
            matching.join(u + first, v + first);
        }
    }
    matching
}

/// The vertices `first..first + len` of a graph, renumbered from 0.
struct Band<'a, G> {
    graph: &'a G,
    first: u32,
    len: u32,
}

impl<G: Adjacency> Band<'_, G> {
    /// Karp–Sipser, then searches under the solver's budget for a graph of this size.
    fn warm_start(&self) -> Matching {
        let budget = solver_budget(self.len as usize);
        budgeted_searches(self, greedy_matching(self), budget).matching
    }
}

impl<G: Adjacency> Adjacency for Band<'_, G> {
    type Neighbors<'b>
        = BandNeighbors<G::Neighbors<'b>>
    where
        Self: 'b;

    fn vertex_bound(&self) -> usize {
        self.len as usize
    }

    fn contains(&self, v: u32) -> bool {
        v < self.len && self.graph.contains(v + self.first)
    }

    fn neighbors(&self, v: u32) -> BandNeighbors<G::Neighbors<'_>> {
        BandNeighbors {
            inner: self.graph.neighbors(v + self.first),
            first: self.first,
            len: self.len,
        }
    }
}

/// The neighbours of a band's vertex that lie in the band, renumbered.
struct BandNeighbors<I> {
    inner: I,
    first: u32,
    len: u32,
}

impl<I: Iterator<Item = u32>> Iterator for BandNeighbors<I> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        // Below `first`, the subtraction wraps past `len`: one comparison drops both sides.
        loop {
            let local = self.inner.next()?.wrapping_sub(self.first);
            if local < self.len {
                return Some(local);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Neighbourhood};

    /// Checks the bands of `graph` for every band count up to one per id and then some.
    fn check_bands<G: Adjacency + Sync>(graph: &G, name: &str) {
        let bound = graph.vertex_bound();
        for bands in 1..=bound + 1 {
            let matching = banded_matching(graph, bands);
            assert!(matching.is_valid_in(graph), "{name}: {bands} bands");
            let band_of = |v: u32| (0..bands).find(|&i| (v as usize) < bound * (i + 1) / bands);
            for (u, v) in matching.pairs() {
                assert_eq!(band_of(u), band_of(v), "{name}: {bands} bands: {u} – {v}");
            }
            assert!(
                bands > graph.vertex_count() / 2 || matching.size() > 0,
                "{name}: {bands} bands"
            );
        }
    }

    #[test]
    fn bands_join_into_a_matching_of_the_board_with_no_pair_across_a_cut() {
        let rows = [
            "..#....", ".......", "...#...", ".......", "#......", "......#",
        ];
        let free = rows.concat().bytes().map(|b| b == b'.').collect();
        let board = Board::new(6, 7, free, Neighbourhood::Orthogonal);
        assert_eq!(board.to_string(), format!("6 7\n{}\n", rows.join("\n")));
        let grid = board.grid();
        check_bands(&grid, "vertices");
        check_bands(&grid.cells(), "cells");
    }
}
