//! A warm start for large bipartite boards on several threads: the free cells are cut into
//! bands of consecutive vertex ids, and each band gets its own Karp–Sipser matching and
//! budgeted searches, as a task of its own on rayon's thread pool, as if the other bands
//! were blocked. The bands' matchings together are a matching of the whole board, which the
//! solver then completes (its searches fix what crosses the cuts). The trees a band's failed
//! searches removed stay removed in the whole board unless a cut touches them (see
//! [`budgeted_searches_in_part`]), so the whole board's searches skip them: without that,
//! they would search again from nearly every vertex a band left exposed. On a 3000×3000
//! board with 20% blocked, two bands scan 6.9 M edges each and the whole board 8.9 M more
//! without it (the board alone: 13.8 M in one pass).
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

use geography_matching::{
    budgeted_searches_in_part, greedy_matching, solver_budget, Adjacency, Matching, WarmStart,
};
use rayon::prelude::*;

/// A warm start of `graph` made of those of `bands` bands of consecutive ids, each computed
/// as a task of its own on rayon's pool (at once, on as many threads as it has): their
/// matchings, and the Hungarian trees of their searches that no cut touches.
///
/// Precondition: `graph` is bipartite, and every neighbour of a vertex `v` lies within
/// `reach` ids of `v` (on a board: its longest step, in padded cells).
pub fn banded_matching<G: Adjacency + Sync>(graph: &G, bands: usize, reach: u32) -> WarmStart {
    let bound = graph.vertex_bound();
    let bands = bands.clamp(1, bound.max(1));
    let cut = |i: usize| (bound * i / bands) as u32;
    let degrees = graph.degrees();
    let parts: Vec<WarmStart> = (0..bands)
        .into_par_iter()
        .map(|i| {
            let (first, end) = (cut(i), cut(i + 1));
            let band = Band {
                graph,
                first,
                len: end - first,
                degrees: &degrees[first as usize..end as usize],
                reach,
            };
            band.warm_start()
        })
        .collect();
    let mut removed = Vec::with_capacity(bound);
    let mut matchings = Vec::with_capacity(parts.len());
    for part in parts {
        matchings.push(part.matching);
        removed.extend(part.removed);
    }
    WarmStart {
        matching: Matching::concat(matchings),
        removed,
    }
}

/// The vertices `first..first + len` of a graph, renumbered from 0.
struct Band<'a, G> {
    graph: &'a G,
    first: u32,
    len: u32,
    /// The whole graph's degrees of the band's vertices.
    degrees: &'a [u32],
    /// Neighbours lie at most this many ids apart.
    reach: u32,
}

impl<G: Adjacency> Band<'_, G> {
    /// Karp–Sipser, then searches under the solver's budget for a graph of this size; the
    /// trees they remove stay removed in the whole graph unless a cut touches them.
    fn warm_start(&self) -> WarmStart {
        let touching = self
            .near_cuts()
            .filter(|&v| self.contains(v) && self.outside(v) > 0);
        let budget = solver_budget(self.len as usize);
        budgeted_searches_in_part(self, greedy_matching(self), budget, touching)
    }

    /// The vertices within `reach` of a cut, each once: only they can have a neighbour
    /// beyond it.
    fn near_cuts(&self) -> impl Iterator<Item = u32> {
        let low = self.reach.min(self.len);
        (0..low).chain(self.len.saturating_sub(self.reach).max(low)..self.len)
    }

    /// How many neighbours the band's vertex `v` has outside the band.
    fn outside(&self, v: u32) -> u32 {
        let beyond = |w: &u32| w.wrapping_sub(self.first) >= self.len;
        self.graph.neighbors(v + self.first).filter(beyond).count() as u32
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

    /// The whole graph's, less the neighbours beyond the cuts.
    fn degrees(&self) -> Vec<u32> {
        let mut degrees = self.degrees.to_vec();
        for v in self.near_cuts().filter(|&v| self.contains(v)) {
            degrees[v as usize] -= self.outside(v);
        }
        degrees
    }

    /// The whole graph's slots that lie in the band.
    fn for_each_slot(&self, v: u32, mut f: impl FnMut(u32)) {
        self.graph.for_each_slot(v + self.first, |w| {
            let local = w.wrapping_sub(self.first);
            if local < self.len {
                f(local);
            }
        });
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
    fn check_bands<G: Adjacency + Sync>(graph: &G, name: &str, reach: u32) {
        let bound = graph.vertex_bound();
        for bands in 1..=bound + 1 {
            let matching = banded_matching(graph, bands, reach).matching;
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
        check_bands(&grid, "vertices", grid.reach());
        check_bands(&grid.cells(), "cells", grid.reach());
    }
}
