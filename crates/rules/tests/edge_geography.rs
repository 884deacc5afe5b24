//! Undirected edge geography against plain game-tree search over the remaining
//! multiplicities (memoised, no theory): random multigraphs bipartite and not (loops and
//! parallel edges), random boards (grid graphs, bipartite), every outcome and winning move;
//! every position of random games through `Rules`.

use std::collections::HashMap;

use geography_matching::Random;
use geography_rules::StartOutcomes;
use geography_rules::{
    solve_undirected_edge, Multigraph, Outcome, SearchBound, UndirectedEdgeGame,
};

use crate::rules::{assert_refusals, brute, check_game};

fn check(g: &Multigraph, label: &dyn std::fmt::Debug) -> bool {
    let solution = solve_undirected_edge(g.clone(), SearchBound::default());
    let mut memo = HashMap::new();
    let mut left: Vec<u32> = (0..g.distinct_edge_count())
        .map(|e| g.multiplicity(e))
        .collect();
    for v in 0..g.vertex_count() as u32 {
        let wins = brute(g, v, &mut left, &mut memo);
        let expected = if wins { Outcome::Win } else { Outcome::Lose };
        assert_eq!(solution.outcome(v), expected, "{label:?} from {v}");
        let mut winning = Vec::new();
        for &e in g.incident(v) {
            let e = e as usize;
            left[e] -= 1;
            let w = g.other_end(e, v);
            if !brute(g, w, &mut left, &mut memo) {
                winning.push((v, w));
            }
            left[e] += 1;
        }
        winning.sort_unstable();
        assert_eq!(
            solution.winning_moves(v),
            winning,
            "{label:?} moves from {v}"
        );
    }
    solution.is_bipartite()
}

fn random_multigraph(random: &mut Random, bipartite: bool) -> (usize, Vec<(u32, u32)>) {
    let n = 1 + random.below(7);
    let m = random.below(11);
    let side = 1 + random.below(n);
    let mut edges = Vec::new();
    for _ in 0..m {
        let (u, v) = (random.below(n) as u32, random.below(n) as u32);
        if bipartite && ((u as usize) < side) == ((v as usize) < side) {
            continue;
        }
        edges.push((u, v));
        if random.below(4) == 0 {
            edges.push((v, u));
        }
    }
    (n, edges)
}

/// Checks `rounds` random multigraphs from `seed` (kept bipartite if `bipartite`); returns
/// how many were bipartite.
fn check_random_multigraphs(seed: u64, rounds: usize, bipartite: bool) -> usize {
    let mut random = Random::new(seed);
    (0..rounds)
        .filter(|round| {
            let (n, edges) = random_multigraph(&mut random, bipartite);
            let g = Multigraph::from_edges(n, edges.iter().copied()).unwrap();
            check(&g, &(round, &edges))
        })
        .count()
}

#[test]
fn random_bipartite_multigraphs_follow_the_gf2_criterion() {
    assert!(check_random_multigraphs(41, 1500, true) > 1000);
}

#[test]
fn random_multigraphs_with_odd_cycles_and_loops_by_search() {
    let searched = 600 - check_random_multigraphs(42, 600, false);
    assert!(searched > 200);
}

#[test]
fn random_boards_are_bipartite_and_follow_the_criterion() {
    let mut random = Random::new(43);
    for round in 0..300 {
        let (rows, cols) = (1 + random.below(4), 1 + random.below(4));
        let free: Vec<bool> = (0..rows * cols).map(|_| random.below(5) != 0).collect();
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if !free[i] {
                    continue;
                }
                if c + 1 < cols && free[i + 1] {
                    edges.push((i as u32, i as u32 + 1));
                }
                if r + 1 < rows && free[i + cols] {
                    edges.push((i as u32, (i + cols) as u32));
                }
            }
        }
        if edges.len() > 13 {
            continue;
        }
        let g = Multigraph::from_edges(rows * cols, edges.iter().copied()).unwrap();
        assert!(check(&g, &(round, rows, cols, &edges)));
    }
}

#[test]
fn every_position_of_random_games_agrees_with_the_search() {
    let mut random = Random::new(44);
    for round in 0..400 {
        let (n, edges) = random_multigraph(&mut random, round % 2 == 0);
        let g = Multigraph::from_edges(n, edges.iter().copied()).unwrap();
        let start = random.below(n) as u32;
        let mut game = UndirectedEdgeGame::new(&g, start, SearchBound::default()).unwrap();
        check_game(&mut game, &mut random, &(round, &edges, start));
    }
}

#[test]
fn a_small_bound_never_guesses_on_graphs_with_odd_cycles() {
    let mut random = Random::new(45);
    let mut undecided = 0;
    for _ in 0..200 {
        let (n, edges) = random_multigraph(&mut random, false);
        let g = Multigraph::from_edges(n, edges.iter().copied()).unwrap();
        let exact = solve_undirected_edge(g.clone(), SearchBound::default());
        let bounded = solve_undirected_edge(g.clone(), SearchBound { max_positions: 2 });
        for v in 0..n as u32 {
            match bounded.outcome(v) {
                Outcome::Undecided => undecided += 1,
                o => assert_eq!(o, exact.outcome(v), "{edges:?} from {v}"),
            }
            for mv in bounded.winning_moves(v) {
                assert!(exact.winning_moves(v).contains(&mv));
            }
        }
    }
    assert!(undecided > 0);
}

#[test]
fn illegal_edge_moves_are_typed_and_leave_the_position_unchanged() {
    use geography_rules::{IllegalMove, Rules};
    let g = Multigraph::from_edges(3, [(0, 1), (0, 1), (1, 2)]).unwrap();
    let mut game = UndirectedEdgeGame::new(&g, 0, SearchBound::default()).unwrap();
    assert_refusals(
        &mut game,
        &[
            ((0, 5), IllegalMove::NotAVertex(5)),
            ((1, 2), IllegalMove::NotAtToken { token: 0, from: 1 }),
            ((0, 2), IllegalMove::NotAnEdge { u: 0, v: 2 }),
        ],
    );
    game.play((0, 1)).unwrap();
    game.play((1, 0)).unwrap();
    assert_eq!(game.left(0, 1), 0);
    assert_refusals(
        &mut game,
        &[((0, 1), IllegalMove::AlreadyChosen { u: 0, v: 1 })],
    );
    assert_eq!(game.token(), 0);
    assert_eq!(game.moves_played(), 2);
    assert_eq!(game.undo(), Some((1, 0)));
    assert_eq!(game.token(), 1);
    assert!(UndirectedEdgeGame::new(&g, 3, SearchBound::default()).is_err());
    assert_eq!(
        IllegalMove::NotAtToken { token: 0, from: 1 }.to_string(),
        "the token is on 0, not on 1"
    );
}

/// The edges of a graph6 line of a small graph (n ≤ 62): the upper triangle column by
/// column, six bits a character.
fn graph6_edges(line: &str) -> (usize, Vec<(u32, u32)>) {
    let bytes = line.as_bytes();
    let n = usize::from(bytes[0] - 63);
    let bits: Vec<bool> = bytes[1..]
        .iter()
        .flat_map(|&b| (0..6).rev().map(move |i| (b - 63) >> i & 1 == 1))
        .collect();
    let mut edges = Vec::new();
    let mut k = 0;
    for v in 1..n as u32 {
        for u in 0..v {
            if bits[k] {
                edges.push((u, v));
            }
            k += 1;
        }
    }
    (n, edges)
}

/// Every graph on 7 vertices up to isomorphism (nauty's `geng 7`, the committed list) with
/// at most 11 edges, bipartite or not: each start and each first move against plain search.
#[test]
fn every_graph_on_7_vertices_with_up_to_11_edges() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/graphs/geng-7.g6");
    let text = std::fs::read_to_string(path).unwrap();
    let (mut checked, mut bipartite) = (0, 0);
    for line in text.lines() {
        let (n, edges) = graph6_edges(line);
        if edges.len() > 11 {
            continue;
        }
        let g = Multigraph::from_edges(n, edges.iter().copied()).unwrap();
        bipartite += usize::from(check(&g, &line));
        checked += 1;
    }
    assert_eq!(text.lines().count(), 1044);
    assert!(checked > 500 && bipartite > 50, "{checked} {bipartite}");
}
