//! Stress inputs: no stack overflow by construction, and no overflow of totals.
//!
//! Each solve runs in a thread with an explicit 2 MiB stack (the default of spawned threads),
//! so any recursion whose depth grows with the input overflows it and fails the test:
//! - a 1 × 10 000 000 corridor board, parsed from its text form;
//! - a 3163 × 3163 spiral maze, a corridor of 5 million cells with an odd number of cells, so
//!   the alternating searches of the decomposition walk millions of vertices; once with the
//!   orthogonal neighbourhood (bipartite: Hopcroft–Karp and Dulmage–Mendelsohn) and once with
//!   the king's (a triangle at every turn: Edmonds' blossoms and Gallai–Edmonds);
//! - the same spirals trimmed to an even number of cells, with every kernel started from the
//!   matching that pairs the corridor one step out of phase: its one augmenting path runs
//!   the whole corridor, 5 million vertices (Karp–Sipser would never leave such a path);
//! - a path graph of 10 000 000 vertices;
//! - a treasure map of 22 million stones whose safe hits total more than 2^31 (counted in
//!   `u64`).
//!
//! Answers are checked, not only survived: against the closed form on paths, and by the
//! independent certificate check.

use std::thread;

use geography_boards::{Board, Cell, Neighbourhood};
use geography_contest::jsoi2009_answer;
use geography_formats::parse_board;
use geography_matching::{
    augment_to_maximum, budgeted_searches, check, hopcroft_karp, multi_source_phases, push_relabel,
    two_colouring, Certificate, Graph, Matching,
};
use geography_rules::Solution;
use geography_rules::{analyse_treasure, Spot, TreasureMap, Winner};

/// The stack every stress solve gets: the default of a spawned thread.
const STACK: usize = 2 << 20;

/// Runs `work` on a thread with a [`STACK`]-byte stack and returns its result.
fn on_small_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    thread::Builder::new()
        .stack_size(STACK)
        .spawn(work)
        .expect("a thread starts")
        .join()
        .expect("the solve finishes without overflowing its stack")
}

/// Checks the certificate of `solution` on `graph` and returns the matching size.
fn certified_size(graph: &Graph, solution: &Solution) -> usize {
    let certificate = Certificate::from(solution.decomposition());
    check(graph, &certificate).expect("the certificate holds")
}

#[test]
fn corridor_of_ten_million_cells() {
    const LENGTH: usize = 10_000_000;
    let answer = on_small_stack(|| {
        let mut text = format!("1 {LENGTH}\n").into_bytes();
        text.resize(text.len() + LENGTH, b'.');
        text.push(b'\n');
        let board = parse_board(&text).expect("a valid board");
        jsoi2009_answer(&board)
    });
    // An even corridor has a perfect matching: the placer loses wherever the token goes.
    assert_eq!(answer, "LOSE\n");
}

/// The cells of a square spiral corridor on an `n × n` board, in order from the top-left
/// corner inwards, a wall of blocked cells between successive turns; trimmed to an odd
/// number of cells.
fn spiral(n: usize) -> Vec<(usize, usize)> {
    let mut free = vec![false; n * n];
    let inside = |r: i64, c: i64| r >= 0 && c >= 0 && r < n as i64 && c < n as i64;
    let index = |r: i64, c: i64| r as usize * n + c as usize;
    let directions = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let (mut r, mut c, mut d) = (0i64, 0i64, 0usize);
    let mut path = vec![(0, 0)];
    free[0] = true;
    let mut turns = 0;
    while turns < 2 {
        let (dr, dc) = directions[d];
        let (r1, c1, r2, c2) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
        let open = inside(r1, c1) && !free[index(r1, c1)];
        let walled = !inside(r2, c2) || !free[index(r2, c2)];
        if open && walled {
            (r, c) = (r1, c1);
            free[index(r, c)] = true;
            path.push((r as usize, c as usize));
            turns = 0;
        } else {
            d = (d + 1) % 4;
            turns += 1;
        }
    }
    if path.len() % 2 == 0 {
        path.pop();
    }
    path
}

fn spiral_board(n: usize, neighbourhood: Neighbourhood) -> (Board, Vec<(usize, usize)>) {
    let path = spiral(n);
    let mut free = vec![false; n * n];
    for &(r, c) in &path {
        free[r * n + c] = true;
    }
    (Board::new(n as u32, n as u32, free, neighbourhood), path)
}

#[test]
fn orthogonal_spiral_maze_of_five_million_cells() {
    const SIDE: usize = 3163;
    let (length, wrong) = on_small_stack(|| {
        let (board, path) = spiral_board(SIDE, Neighbourhood::Orthogonal);
        let cells = board.graph();
        let graph = &cells.graph;
        // The corridor is one long path: every cell touches only its two neighbours on it.
        assert_eq!(graph.vertex_count(), path.len());
        assert_eq!(graph.edge_count(), path.len() - 1);
        let solution = Solution::new(graph);
        assert_eq!(certified_size(graph, &solution), path.len() / 2);
        // On a path of odd length, the mover wins exactly from the odd positions.
        let wrong = path
            .iter()
            .enumerate()
            .filter(|&(position, &(row, col))| {
                let cell = Cell {
                    row: row as u32,
                    col: col as u32,
                };
                let v = cells.vertex(cell).expect("a free cell");
                solution.mover_wins(v) != (position % 2 == 1)
            })
            .count();
        (path.len(), wrong)
    });
    assert!(length > 5_000_000, "{length} cells");
    assert_eq!(wrong, 0);
}

#[test]
fn king_spiral_maze_of_five_million_cells() {
    const SIDE: usize = 3163;
    let (length, size) = on_small_stack(|| {
        let (board, path) = spiral_board(SIDE, Neighbourhood::King);
        let graph = board.graph().graph;
        // Each turn adds a diagonal: a triangle, so the graph is not bipartite.
        assert!(graph.edge_count() > path.len());
        let solution = Solution::new(&graph);
        (path.len(), certified_size(&graph, &solution))
    });
    assert_eq!(size, length / 2);
}

/// The sizes every kernel reaches from the matching that pairs an even spiral corridor one
/// step out of phase (cells 1–2, 3–4, …), leaving its two ends exposed.
fn kernels_along_the_whole_corridor(neighbourhood: Neighbourhood) -> (usize, Vec<usize>) {
    const SIDE: usize = 3163;
    let mut path = spiral(SIDE);
    path.pop();
    let mut free = vec![false; SIDE * SIDE];
    for &(r, c) in &path {
        free[r * SIDE + c] = true;
    }
    let board = Board::new(SIDE as u32, SIDE as u32, free, neighbourhood);
    let cells = board.graph();
    let graph = &cells.graph;
    let vertex = |(row, col): (usize, usize)| {
        cells
            .vertex(Cell {
                row: row as u32,
                col: col as u32,
            })
            .expect("a free cell")
    };
    let mut out_of_phase = Matching::empty(graph.vertex_count());
    for pair in path[1..path.len() - 1].chunks_exact(2) {
        out_of_phase.join(vertex(pair[0]), vertex(pair[1]));
    }
    assert_eq!(out_of_phase.size(), path.len() / 2 - 1);
    let mut sizes = vec![augment_to_maximum(graph, out_of_phase.clone()).size()];
    if let Some(side) = two_colouring(graph) {
        let searched = budgeted_searches(graph, out_of_phase.clone(), u64::MAX);
        sizes.push(searched.matching.size());
        sizes.push(hopcroft_karp(graph, &side, out_of_phase.clone()).size());
        sizes.push(multi_source_phases(graph, &side, out_of_phase.clone()).size());
        sizes.push(push_relabel(graph, &side, out_of_phase).size());
    }
    (path.len(), sizes)
}

#[test]
fn orthogonal_spiral_one_augmenting_path_of_five_million_vertices() {
    let (length, sizes) =
        on_small_stack(|| kernels_along_the_whole_corridor(Neighbourhood::Orthogonal));
    assert!(length > 5_000_000, "{length} cells");
    assert_eq!(
        sizes,
        [length / 2; 5],
        "blossom, searches, Hopcroft–Karp, multi-source, push-relabel"
    );
}

#[test]
fn king_spiral_one_augmenting_path_through_every_turn() {
    let (length, sizes) = on_small_stack(|| kernels_along_the_whole_corridor(Neighbourhood::King));
    assert_eq!(sizes, [length / 2], "blossom");
}

#[test]
fn path_of_ten_million_vertices() {
    const LENGTH: u32 = 10_000_000;
    let (size, losing) = on_small_stack(|| {
        let graph = Graph::from_edges(LENGTH as usize, (1..LENGTH).map(|v| (v - 1, v)))
            .expect("a valid path");
        let solution = Solution::new(&graph);
        let losing = (0..LENGTH).filter(|&v| !solution.mover_wins(v)).count();
        (certified_size(&graph, &solution), losing)
    });
    assert_eq!(size, LENGTH as usize / 2);
    assert_eq!(losing, 0, "a perfect matching: the mover wins everywhere");
}

#[test]
fn safe_hits_past_two_to_the_31() {
    // 22 million stones of 99 points with the treasure inside: its four neighbours are the
    // ring (98 safe hits each), every other stone gives 99.
    const ROWS: usize = 250;
    const COLS: usize = 88_000;
    let (outcome, expected) = on_small_stack(|| {
        let mut cells = vec![Spot::Stone(99); ROWS * COLS];
        cells[ROWS / 2 * COLS + COLS / 2] = Spot::Treasure;
        let map = TreasureMap::new(ROWS, COLS, &cells).expect("a valid map");
        let expected = 99 * ((ROWS * COLS) as u64 - 5) + 4 * 98;
        (analyse_treasure(&map), expected)
    });
    assert!(expected > 1 << 31);
    assert!(!outcome.open);
    assert_eq!(outcome.safe_hits, expected);
    assert_eq!(outcome.ring.len(), 4);
    assert_eq!(outcome.winner, Winner::Ali, "an odd number of safe hits");
}
