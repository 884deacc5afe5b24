//! Slither solved by matchings and bounded search, against plain game-tree search.
//!
//! Every graph on 7 vertices up to isomorphism (the 1 044 of nauty's `geng 7`, in
//! `testdata/graphs/geng-7.g6`), seeded random graphs of 8 to 11 vertices, and small boards
//! in all four neighbourhoods: the winning first edges, and every position of a few seeded
//! random games (who wins, every winning move, the criterion triple where it decides),
//! against [`SlitherBruteForce`]. Along the way, two facts of the theory: a first edge with
//! an end that some maximum matching misses never wins, and when G has a perfect matching,
//! every edge of one wins.

use std::fs;
use std::path::Path;

use geography_boards::{Board, Neighbourhood};
use geography_formats::parse_graph6;
use geography_matching::{decompose, Class, Graph, Random};
use geography_rules::{solve_slither, Game, Slither, SlitherBruteForce, SlitherKind};

/// The winning first edges agree with brute force, and with the two facts about first
/// edges.
fn assert_first_moves_match(graph: &Graph, brute: &mut SlitherBruteForce) {
    let solution = solve_slither(graph);
    let expected = brute.winning_first_moves();
    assert!(
        solution.undecided_first_moves.is_empty(),
        "small graphs are decided within the limit: {graph:?}"
    );
    assert_eq!(solution.winning_first_moves, expected, "{graph:?}");
    assert_eq!(solution.first_player_wins, Some(!expected.is_empty()));
    let decomposition = decompose(graph);
    for &(u, v) in &expected {
        assert!(
            decomposition.class(u) != Class::Missable && decomposition.class(v) != Class::Missable,
            "the first edge {u} – {v} has an end in D, and wins, in {graph:?}"
        );
    }
    if 2 * decomposition.matching().size() == graph.vertex_count() {
        for edge in decomposition.matching().pairs() {
            assert!(
                expected.contains(&edge),
                "the perfect matching edge {edge:?} loses in {graph:?}"
            );
        }
    }
}

/// Plays `games` random games on `graph` and checks the analysis of every position on the
/// way, the start included; returns the number of positions checked.
fn assert_games_match(
    graph: &Graph,
    brute: &mut SlitherBruteForce,
    random: &mut Random,
    games: usize,
) -> usize {
    let mut positions = 0;
    for _ in 0..games {
        let mut game = Slither::new(graph);
        loop {
            let analysis = game.analyse().expect("small graphs are decided");
            assert_eq!(analysis.legal_moves, game.legal_moves());
            let expected = match game.ends() {
                None => brute.winning_first_moves(),
                Some((x, y)) => {
                    let path = game.path().iter().fold(0u32, |mask, &v| mask | 1 << v);
                    brute.winning_moves(path, x, y)
                }
            };
            assert_eq!(
                analysis.winning_moves,
                expected,
                "path {:?} in {graph:?}",
                game.path()
            );
            assert_eq!(analysis.mover_wins, !expected.is_empty());
            if let Some(wins) = game.kind().and_then(SlitherKind::mover_wins) {
                assert_eq!(wins, analysis.mover_wins, "the criterion decides wrongly");
            }
            assert_eq!(game.kind().is_none(), game.ends().is_none());
            positions += 1;
            let Some(engine) = analysis.engine_move() else {
                assert!(analysis.legal_moves.is_empty());
                break;
            };
            assert!(!analysis.mover_wins || expected.contains(&engine));
            let next = random.pick(&analysis.legal_moves);
            game.play(next).expect("a legal move");
            // Legal moves are written as the path records them: (end, new vertex).
            assert_eq!(game.chosen().last(), Some(&next));
        }
        while game.undo().is_some() {}
        assert!(game.path().is_empty());
    }
    positions
}

#[test]
fn every_graph_on_seven_vertices() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/graphs/geng-7.g6");
    let graphs = parse_graph6(&fs::read(path).unwrap()).unwrap();
    assert_eq!(graphs.len(), 1044);
    let mut random = Random::new(7);
    let mut positions = 0;
    for graph in &graphs {
        assert_eq!(graph.vertex_count(), 7);
        let mut brute = SlitherBruteForce::new(graph).unwrap();
        assert_first_moves_match(graph, &mut brute);
        positions += assert_games_match(graph, &mut brute, &mut random, 2);
    }
    assert!(positions > 5000, "{positions} positions");
}

#[test]
fn random_graphs_of_eight_to_eleven_vertices() {
    let mut random = Random::new(2024);
    for case in 0..120 {
        let n = 8 + case % 4;
        let density = 0.15 + 0.6 * random.below(100) as f64 / 100.0;
        let edges: Vec<(u32, u32)> = (0..n as u32)
            .flat_map(|u| (u + 1..n as u32).map(move |v| (u, v)))
            .filter(|_| random.chance(density))
            .collect();
        let graph = Graph::from_edges(n, edges).unwrap();
        let mut brute = SlitherBruteForce::new(&graph).unwrap();
        assert_first_moves_match(&graph, &mut brute);
        assert_games_match(&graph, &mut brute, &mut random, 1);
    }
}

#[test]
fn small_boards_in_every_neighbourhood() {
    let mut random = Random::new(12);
    for neighbourhood in Neighbourhood::ALL {
        let mut boards = 0;
        while boards < 40 {
            let rows = 1 + random.below(4) as u32;
            let cols = 1 + random.below(4) as u32;
            let blocked = random.below(40) as f64 / 100.0;
            let free: Vec<bool> = (0..rows * cols).map(|_| !random.chance(blocked)).collect();
            if !(2..=12).contains(&free.iter().filter(|&&f| f).count()) {
                continue;
            }
            let game = Game::on_board(Board::new(rows, cols, free, neighbourhood));
            let graph = game.graph();
            let mut brute = SlitherBruteForce::new(graph).unwrap();
            assert_first_moves_match(graph, &mut brute);
            assert_games_match(graph, &mut brute, &mut random, 1);
            boards += 1;
        }
    }
}
