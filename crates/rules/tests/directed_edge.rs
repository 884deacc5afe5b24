//! Directed edge geography against plain game-tree search over the remaining multiplicities
//! (memoised, no theory): every labelled digraph on up to 3 vertices with loops and on 4
//! without, random multi-digraphs up to 10 vertices, each with every pruning rule on alone,
//! all on, and all off; every position of random games through `Rules`.

use std::collections::HashMap;

use geography_matching::Random;
use geography_rules::StartOutcomes;
use geography_rules::{
    solve_directed_edge, Digraph, DirectedEdgeGame, Outcome, Pruning, SearchBound,
};

use geography_testing::labelled_digraphs;

use crate::rules::{assert_refusals, brute, check_game};

/// The switches: all on, each alone, all off.
pub(crate) const SWITCHES: [Pruning; 5] = [
    Pruning {
        opposite_pairs: true,
        loop_pairs: true,
        retrograde: true,
    },
    Pruning {
        opposite_pairs: true,
        loop_pairs: false,
        retrograde: false,
    },
    Pruning {
        opposite_pairs: false,
        loop_pairs: true,
        retrograde: false,
    },
    Pruning {
        opposite_pairs: false,
        loop_pairs: false,
        retrograde: true,
    },
    Pruning::NONE,
];

fn check(g: &Digraph, label: &dyn std::fmt::Debug) {
    let mut memo = HashMap::new();
    let mut left: Vec<u32> = (0..g.distinct_arc_count())
        .map(|a| g.multiplicity(a))
        .collect();
    let n = g.vertex_count() as u32;
    let expected: Vec<bool> = (0..n).map(|v| brute(g, v, &mut left, &mut memo)).collect();
    let winning: Vec<Vec<(u32, u32)>> = (0..n)
        .map(|v| {
            g.out_arcs(v)
                .filter(|&a| {
                    left[a] -= 1;
                    let lost = !brute(g, g.arc(a).1, &mut left, &mut memo);
                    left[a] += 1;
                    lost
                })
                .map(|a| g.arc(a))
                .collect()
        })
        .collect();
    for pruning in SWITCHES {
        let solution = solve_directed_edge(g.clone(), SearchBound::default(), pruning);
        for v in 0..n {
            let outcome = if expected[v as usize] {
                Outcome::Win
            } else {
                Outcome::Lose
            };
            assert_eq!(
                solution.outcome(v),
                outcome,
                "{label:?} {pruning:?} from {v}"
            );
            assert_eq!(
                solution.winning_moves(v),
                winning[v as usize],
                "{label:?} {pruning:?} moves from {v}"
            );
        }
    }
}

#[test]
fn every_labelled_digraph_on_up_to_4_vertices() {
    for n in 1..=4u32 {
        for (mask, g) in labelled_digraphs(n, n <= 3) {
            check(&g, &(n, mask));
        }
    }
}

pub(crate) fn random_multidigraph(random: &mut Random, max_n: usize, max_arcs: usize) -> Digraph {
    let n = 1 + random.below(max_n);
    let mut arcs = Vec::new();
    for _ in 0..random.below(max_arcs + 1) {
        let (u, v) = (random.below(n) as u32, random.below(n) as u32);
        arcs.push((u, v));
        match random.below(6) {
            0 => arcs.push((u, v)),
            1 => arcs.push((v, u)),
            _ => {}
        }
    }
    Digraph::from_arcs(n, arcs).unwrap()
}

#[test]
fn random_multidigraphs_up_to_10_vertices() {
    let mut random = Random::new(51);
    for round in 0..400 {
        let g = random_multidigraph(&mut random, 10, 11);
        check(&g, &(round, g.arcs().collect::<Vec<_>>()));
    }
}

#[test]
fn every_position_of_random_games_agrees_with_the_search() {
    let mut random = Random::new(52);
    for round in 0..300 {
        let g = random_multidigraph(&mut random, 6, 9);
        let start = random.below(g.vertex_count()) as u32;
        let pruning = SWITCHES[round % SWITCHES.len()];
        let mut game = DirectedEdgeGame::new(&g, start, SearchBound::default(), pruning).unwrap();
        check_game(&mut game, &mut random, &(round, start, pruning));
    }
}

#[test]
fn the_rules_decide_more_than_the_plain_search_at_the_same_bound() {
    let mut random = Random::new(53);
    let (mut pruned, mut plain) = (0, 0);
    for _ in 0..40 {
        let g = random_multidigraph(&mut random, 6, 16);
        let bound = SearchBound { max_positions: 20 };
        pruned += solve_directed_edge(g.clone(), bound, Pruning::default())
            .undecided()
            .len();
        plain += solve_directed_edge(g.clone(), bound, Pruning::NONE)
            .undecided()
            .len();
    }
    assert!(
        pruned < plain,
        "{pruned} undecided with the rules, {plain} without"
    );
}

#[test]
fn illegal_arc_moves_are_typed_and_leave_the_position_unchanged() {
    use geography_rules::{IllegalMove, Rules};
    let g = Digraph::from_arcs(3, [(0, 1), (1, 0), (1, 2)]).unwrap();
    let mut game =
        DirectedEdgeGame::new(&g, 0, SearchBound::default(), Pruning::default()).unwrap();
    assert_refusals(
        &mut game,
        &[
            ((1, 0), IllegalMove::NotAtToken { token: 0, from: 1 }),
            ((0, 2), IllegalMove::NotAnEdge { u: 0, v: 2 }),
        ],
    );
    game.play((0, 1)).unwrap();
    game.play((1, 0)).unwrap();
    assert_refusals(
        &mut game,
        &[((0, 1), IllegalMove::AlreadyChosen { u: 0, v: 1 })],
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.undo(), Some((1, 0)));
    assert_eq!(game.legal_moves(), [(1, 0), (1, 2)]);
}
