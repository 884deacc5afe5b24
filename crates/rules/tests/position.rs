//! The solver and the engine against exhaustive game-tree search: every graph on up to 6
//! vertices, then seeded random graphs, boards in all four neighbourhoods and special
//! families, at every position of random games.

use geography_boards::{Board, BoardGraph, Neighbourhood};
use geography_matching::{check, Adjacency, Certificate, Graph, Random};
use geography_rules::{BruteForce, IllegalMove, Position, Solution};
use geography_testing::{every_graph, runner};
use proptest::prelude::*;

/// Every start vertex's outcome, and the certificate, agree with brute force.
fn assert_starts_match(graph: &Graph) -> Result<(), TestCaseError> {
    let mut brute = BruteForce::new(graph).expect("small graph");
    let solution = Solution::new(graph);
    for v in 0..graph.vertex_count() as u32 {
        prop_assert_eq!(
            solution.mover_wins(v),
            brute.mover_wins(0, v),
            "start {} in {:?}",
            v,
            graph
        );
    }
    let placements: Vec<u32> = (0..graph.vertex_count() as u32)
        .filter(|&v| !brute.mover_wins(0, v))
        .collect();
    prop_assert_eq!(solution.winning_placements(), placements);
    let certificate = Certificate::from(solution.decomposition());
    prop_assert_eq!(
        check(graph, &certificate),
        Ok(solution.decomposition().matching().size())
    );
    Ok(())
}

/// Plays a game by `choices` (each picks among the legal moves) and compares every
/// position's analysis with brute force, including the placement phase.
fn assert_game_matches(graph: &Graph, choices: &[u8]) -> Result<(), TestCaseError> {
    let mut brute = BruteForce::new(graph).expect("small graph");
    let mut position = Position::new(graph);
    for &choice in choices {
        let analysis = position.analyse();
        let (winning, legal): (Vec<u32>, Vec<u32>) = match position.token() {
            None => {
                let all: Vec<u32> = (0..graph.vertex_count() as u32).collect();
                let winning = all
                    .iter()
                    .copied()
                    .filter(|&v| !brute.mover_wins(0, v))
                    .collect();
                (winning, all)
            }
            Some(t) => {
                let visited = position.path().iter().fold(0u32, |m, &v| m | 1 << v);
                (brute.winning_moves(visited, t), position.legal_moves())
            }
        };
        prop_assert_eq!(
            &analysis.winning_moves,
            &winning,
            "path {:?} in {:?}",
            position.path(),
            graph
        );
        prop_assert_eq!(analysis.mover_wins, !winning.is_empty());
        prop_assert_eq!(&analysis.legal_moves, &legal);
        match analysis.engine_move() {
            None => {
                prop_assert!(legal.is_empty());
                break;
            }
            Some(engine) => {
                prop_assert!(legal.contains(&engine));
                if analysis.mover_wins {
                    prop_assert!(winning.contains(&engine), "engine must keep a won game won");
                }
            }
        }
        let next = legal[choice as usize % legal.len()];
        position.play(next).expect("a legal move");
    }
    Ok(())
}

#[test]
fn every_graph_up_to_six_vertices_every_start() {
    let mut graphs = 0;
    for graph in every_graph(1..=6) {
        assert_starts_match(&graph).unwrap();
        graphs += 1;
    }
    assert_eq!(graphs, 1 + 2 + 8 + 64 + 1024 + 32768);
}

#[test]
fn every_graph_up_to_five_vertices_many_games() {
    for graph in every_graph(1..=5) {
        let n = graph.vertex_count() as u8;
        for seed in 0..n * 3 {
            let choices: Vec<u8> = (0..=n)
                .map(|i| seed.wrapping_mul(7).wrapping_add(i * 3))
                .collect();
            assert_game_matches(&graph, &choices).unwrap();
        }
    }
}

fn random_graph(max_n: usize, bipartite: bool) -> impl Strategy<Value = Graph> {
    (1..=max_n, 1u32..=255).prop_flat_map(move |(n, density)| {
        prop::collection::vec(any::<u8>(), n * n).prop_map(move |coins| {
            let mut edges = Vec::new();
            for i in 0..n as u32 {
                for j in i + 1..n as u32 {
                    let allowed = !bipartite || (i + j) % 2 == 1;
                    if allowed && u32::from(coins[(i as usize) * n + j as usize]) < density {
                        edges.push((i, j));
                    }
                }
            }
            Graph::from_edges(n, edges).unwrap()
        })
    })
}

fn random_board_cells(neighbourhood: Neighbourhood) -> impl Strategy<Value = BoardGraph> {
    (1u32..=5, 1u32..=5, 0u8..=100)
        .prop_flat_map(move |(rows, cols, blocked)| {
            prop::collection::vec(0u8..100, (rows * cols) as usize).prop_map(move |coins| {
                let free = coins.iter().map(|&c| c >= blocked / 2).collect();
                Board::new(rows, cols, free, neighbourhood).graph()
            })
        })
        .prop_filter("brute force size", |cells| {
            (1..=18).contains(&cells.graph.vertex_count())
        })
}

fn random_board(neighbourhood: Neighbourhood) -> impl Strategy<Value = Graph> {
    random_board_cells(neighbourhood).prop_map(|cells| cells.graph)
}

fn families() -> impl Strategy<Value = Graph> {
    (1usize..=14, any::<u64>(), 0u8..6).prop_map(|(n, seed, family)| {
        let n32 = n as u32;
        let edges: Vec<(u32, u32)> = match family {
            // Random tree: each vertex hangs under an earlier one.
            0 => (1..n32)
                .map(|v| ((seed >> (v % 32)) as u32 % v, v))
                .collect(),
            1 => (1..n32).map(|v| (v - 1, v)).collect(),
            2 => (0..n32).map(|v| (v, (v + 1) % n32)).collect(),
            3 => (0..n32)
                .flat_map(|i| (i + 1..n32).map(move |j| (i, j)))
                .collect(),
            // Isolated vertices beside a few edges.
            4 => (0..n32 / 3).map(|i| (3 * i, 3 * i + 1)).collect(),
            _ => Vec::new(),
        };
        Graph::from_edges(n, edges).unwrap()
    })
}

fn check_graphs(strategy: impl Strategy<Value = Graph>, cases: u32) {
    runner(cases)
        .run(
            &(strategy, prop::collection::vec(any::<u8>(), 20)),
            |(graph, choices)| {
                assert_starts_match(&graph)?;
                assert_game_matches(&graph, &choices)
            },
        )
        .unwrap();
}

#[test]
fn random_general_graphs() {
    check_graphs(random_graph(12, false), 1500);
}

#[test]
fn random_bipartite_graphs() {
    check_graphs(random_graph(14, true), 1500);
}

#[test]
fn random_boards_in_every_neighbourhood() {
    for neighbourhood in Neighbourhood::ALL {
        check_graphs(random_board(neighbourhood), 700);
    }
}

#[test]
fn boards_solved_through_their_chessboard_colouring_agree_with_brute_force() {
    for neighbourhood in Neighbourhood::ALL {
        runner(400)
            .run(&random_board_cells(neighbourhood), |cells| {
                let graph = &cells.graph;
                if let Some(side) = cells.grid().sides() {
                    prop_assert!(neighbourhood.is_bipartite());
                    for v in 0..graph.vertex_count() as u32 {
                        for w in graph.neighbors(v) {
                            prop_assert_ne!(side[v as usize], side[w as usize]);
                        }
                    }
                }
                let solution = Solution::of_board(cells.grid());
                let mut brute = BruteForce::new(graph).expect("small graph");
                for v in 0..graph.vertex_count() as u32 {
                    prop_assert_eq!(solution.mover_wins(v), brute.mover_wins(0, v));
                }
                for bands in 2..=5 {
                    let banded = Solution::of_board_in_bands(cells.grid(), bands);
                    prop_assert_eq!(
                        banded.decomposition().classes(),
                        solution.decomposition().classes()
                    );
                    let size = banded.decomposition().matching().size();
                    prop_assert_eq!(
                        check(graph, &Certificate::from(banded.decomposition())),
                        Ok(size)
                    );
                }
                let certificate = Certificate::from(solution.decomposition());
                prop_assert_eq!(
                    check(graph, &certificate),
                    Ok(solution.decomposition().matching().size())
                );
                Ok(())
            })
            .unwrap();
    }
    assert!(Neighbourhood::Orthogonal.is_bipartite() && Neighbourhood::Knight.is_bipartite());
    assert!(!Neighbourhood::King.is_bipartite() && !Neighbourhood::Hex.is_bipartite());
}

#[test]
fn larger_boards_solved_in_bands_agree_with_one_thread() {
    let board = (20u32..=160, 20u32..=160, 0u8..40, 0usize..4);
    runner(60)
        .run(&board, |(rows, cols, blocked, kind)| {
            let neighbourhood = Neighbourhood::ALL[kind];
            let mut random = Random::new(u64::from(rows * 1000 + cols) + u64::from(blocked));
            let free = (0..rows * cols)
                .map(|_| !random.chance(f64::from(blocked) / 100.0))
                .collect();
            let board = Board::new(rows, cols, free, neighbourhood);
            let grid = board.grid();
            let one = Solution::of_board(&grid);
            for bands in [2, 3, 7] {
                let banded = Solution::of_board_in_bands(&grid, bands);
                prop_assert_eq!(
                    banded.decomposition().classes(),
                    one.decomposition().classes()
                );
                let size = banded.decomposition().matching().size();
                prop_assert_eq!(size, one.decomposition().matching().size());
                prop_assert_eq!(
                    check(&grid, &Certificate::from(banded.decomposition())),
                    Ok(size)
                );
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn trees_paths_cycles_cliques_and_isolated_vertices() {
    check_graphs(families(), 1500);
}

#[test]
fn the_empty_graph_has_no_moves_and_no_answers() {
    let empty = Graph::from_edges(0, []).unwrap();
    let solution = Solution::new(&empty);
    assert!(solution.mover_wins_from().is_empty());
    assert!(solution.winning_placements().is_empty());
    let analysis = Position::new(&empty).analyse();
    assert!(!analysis.mover_wins);
    assert_eq!(analysis.engine_move(), None);
}

#[test]
fn illegal_moves_leave_the_position_unchanged() {
    let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
    let mut position = Position::new(&path);
    assert_eq!(position.play(9), Err(IllegalMove::NotAVertex(9)));
    position.play(1).unwrap();
    assert_eq!(
        position.play(3),
        Err(IllegalMove::NotAdjacent { from: 1, to: 3 })
    );
    assert_eq!(position.play(1), Err(IllegalMove::AlreadyVisited(1)));
    assert_eq!(position.path(), &[1]);
    position.play(2).unwrap();
    assert_eq!(position.undo(), Some(2));
    assert_eq!(position.token(), Some(1));
}
