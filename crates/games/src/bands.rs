//! A warm start for large bipartite boards on several threads: the free cells are cut into
//! bands of consecutive vertex ids, and each band gets its own Karp–Sipser matching and
//! budgeted searches, on its own thread, as if the other bands were blocked. The bands'
//! matchings together are a matching of the whole board, which the solver then completes
//! (its searches fix what crosses the cuts).
//!
//! Vertex ids are row-major, so a band is a strip of rows (cut anywhere in a row) and its
//! graph is the grid seen through an id offset, neighbours outside the band dropped: no copy.
//!
//! # Complexity
//! As the solver's own warm start, shared among the threads: O(V + E) for Karp–Sipser, and
//! budgeted searches of O(budget) each. Extra memory O(V) (each band's arrays, then the
//! merged matching).

use std::thread;

use geography_matching::{budgeted_searches, greedy_matching, solver_budget, Adjacency, Matching};

use crate::grid::{Grid, GridNeighbors};

/// A matching of `grid` made of the matchings of `bands` bands, each computed on its own
/// thread.
pub fn banded_matching(grid: &Grid, bands: usize) -> Matching {
    let bound = grid.vertex_bound();
    let bands = bands.clamp(1, bound.max(1));
    let cut = |i: usize| (bound * i / bands) as u32;
    let parts: Vec<(u32, Matching)> = thread::scope(|scope| {
        let threads: Vec<_> = (0..bands)
            .map(|i| {
                let band = Band {
                    grid,
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

/// The vertices `first..first + len` of a grid, renumbered from 0.
#[derive(Clone, Copy)]
struct Band<'a> {
    grid: &'a Grid,
    first: u32,
    len: u32,
}

impl Band<'_> {
    /// Karp–Sipser, then searches under the solver's budget for a graph of this size.
    fn warm_start(&self) -> Matching {
        let budget = solver_budget(self.len as usize);
        budgeted_searches(self, greedy_matching(self), budget).matching
    }
}

impl Adjacency for Band<'_> {
    type Neighbors<'b>
        = BandNeighbors<'b>
    where
        Self: 'b;

    fn vertex_bound(&self) -> usize {
        self.len as usize
    }

    fn contains(&self, v: u32) -> bool {
        v < self.len
    }

    fn neighbors(&self, v: u32) -> BandNeighbors<'_> {
        BandNeighbors {
            inner: self.grid.neighbors(v + self.first),
            first: self.first,
            len: self.len,
        }
    }
}

/// The neighbours of a band's vertex that lie in the band, renumbered.
struct BandNeighbors<'a> {
    inner: GridNeighbors<'a>,
    first: u32,
    len: u32,
}

impl Iterator for BandNeighbors<'_> {
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
    use crate::board::Board;

    #[test]
    fn bands_join_into_a_matching_of_the_board_with_no_pair_across_a_cut() {
        let text = b"6 7\n..#....\n.......\n...#...\n.......\n#......\n......#\n";
        let board = Board::parse(text).expect("a valid board");
        let grid = board.grid();
        let bound = grid.vertex_count();
        for bands in 1..=bound + 1 {
            let matching = banded_matching(&grid, bands);
            assert!(matching.is_valid_in(&grid), "{bands} bands");
            let band_of = |v: u32| (0..bands).find(|&i| (v as usize) < bound * (i + 1) / bands);
            for (u, v) in matching.pairs() {
                assert_eq!(band_of(u), band_of(v), "{bands} bands: {u} – {v}");
            }
            assert!(bands > bound / 2 || matching.size() > 0, "{bands} bands");
        }
    }
}
