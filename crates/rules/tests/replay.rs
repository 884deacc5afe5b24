//! Long records on boards: the annotation kept move by move (one matching under deletions)
//! against a fresh decomposition of the unvisited graph at every position
//! ([`Position::analyse`]), on boards of every neighbourhood too large for brute force.
//! The small cases, against brute-force game-tree search, are the rules crate's unit tests.

use geography_boards::{Board, Neighbourhood};
use geography_matching::{Graph, Random};
use geography_rules::{annotate_record, Position};

fn below(rng: &mut Random, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn random_board(rng: &mut Random, neighbourhood: Neighbourhood) -> Graph {
    let rows = 4 + below(rng, 24) as u32;
    let cols = 4 + below(rng, 24) as u32;
    // From open boards to a third blocked.
    let blocked = below(rng, 35);
    let free = (0..rows * cols)
        .map(|_| below(rng, 100) >= blocked)
        .collect();
    Board::new(rows, cols, free, neighbourhood).graph().graph
}

/// A record that mixes good play with random moves: a placement, then at each position the
/// first winning move (when there is one) or a random legal move, each half the time, until
/// someone is stuck.
fn mixed_record(rng: &mut Random, graph: &Graph) -> Vec<u32> {
    let mut position = Position::new(graph);
    let n = graph.vertex_count();
    position.play(below(rng, n) as u32).expect("a vertex");
    loop {
        let legal = position.legal_moves();
        if legal.is_empty() {
            return position.path().to_vec();
        }
        let best = if below(rng, 2) == 0 {
            position.analyse().winning_moves.first().copied()
        } else {
            None
        };
        let to = best.unwrap_or_else(|| legal[below(rng, legal.len())]);
        position.play(to).expect("legal");
    }
}

/// Every comment of the annotated record against a decomposition of its position.
fn check_record(graph: &Graph, record: &[u32]) -> [usize; 2] {
    let commentary = annotate_record(graph, None, record).expect("legal");
    let mut position = Position::new(graph);
    let mut wins = [0; 2];
    for (comment, &to) in commentary.plies.iter().zip(record) {
        let expected = position.analyse();
        assert_eq!(
            comment.mover_wins, expected.mover_wins,
            "ply {}",
            comment.ply
        );
        assert_eq!(
            comment.winning_moves, expected.winning_moves,
            "ply {}",
            comment.ply
        );
        assert_eq!(comment.legal_moves, expected.legal_moves.len());
        wins[usize::from(comment.mover_wins)] += 1;
        position.play(to).expect("legal");
    }
    let end = position.analyse();
    assert_eq!(commentary.end.mover_wins, end.mover_wins);
    assert_eq!(commentary.end.winning_moves, end.winning_moves);
    assert!(commentary.finished());
    wins
}

#[test]
fn long_games_on_boards_match_a_decomposition_per_position() {
    let mut rng = Random::new(2026);
    for neighbourhood in [
        Neighbourhood::Orthogonal,
        Neighbourhood::King,
        Neighbourhood::Hex,
        Neighbourhood::Knight,
    ] {
        let mut wins = [0; 2];
        for _ in 0..12 {
            let graph = random_board(&mut rng, neighbourhood);
            if graph.vertex_count() == 0 {
                continue;
            }
            let record = mixed_record(&mut rng, &graph);
            let found = check_record(&graph, &record);
            wins[0] += found[0];
            wins[1] += found[1];
        }
        // Random play hands the win back and forth: both verdicts occur often.
        assert!(wins.iter().all(|&w| w > 50), "{neighbourhood}: {wins:?}");
    }
}
