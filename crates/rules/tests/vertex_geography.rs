//! Directed vertex geography against plain game-tree search (memoised on the token and the
//! visited set, no theory): every labelled digraph on up to 4 vertices, random digraphs, and
//! symmetric digraphs with one-way exits (the matching theorem on C − A); every position of
//! random games through `Rules`; a small bound leaves starts undecided but never wrong.
//! Every check runs with the retrograde labels on and off (`solve_directed_vertex_switched`).

use std::collections::HashMap;

use geography_matching::Random;
use geography_rules::StartOutcomes;
use geography_rules::{
    solve_directed_vertex, solve_directed_vertex_switched, Digraph, DirectedVertexGame, Outcome,
    SearchBound,
};
use geography_testing::{labelled_digraphs, random_arcs};

use crate::rules::{assert_refusals, check_game};

/// Whether the mover wins from `token` with `visited` (a bit mask) by plain search.
fn brute(g: &Digraph, token: u32, visited: u32, memo: &mut HashMap<(u32, u32), bool>) -> bool {
    if let Some(&w) = memo.get(&(token, visited)) {
        return w;
    }
    let wins = g
        .out_neighbors(token)
        .iter()
        .any(|&y| visited >> y & 1 == 0 && !brute(g, y, visited | 1 << y, memo));
    memo.insert((token, visited), wins);
    wins
}

fn check(g: &Digraph, label: &dyn std::fmt::Debug) {
    for retrograde in [true, false] {
        check_switched(g, retrograde, &(label, retrograde));
    }
}

fn check_switched(g: &Digraph, retrograde: bool, label: &dyn std::fmt::Debug) {
    let solution = solve_directed_vertex_switched(g.clone(), SearchBound::default(), retrograde);
    let mut memo = HashMap::new();
    for v in 0..g.vertex_count() as u32 {
        let wins = brute(g, v, 1 << v, &mut memo);
        let expected = if wins { Outcome::Win } else { Outcome::Lose };
        assert_eq!(solution.outcome(v), expected, "{label:?} from {v}");
        let winning: Vec<u32> = g
            .out_neighbors(v)
            .iter()
            .copied()
            .filter(|&y| y != v && !brute(g, y, 1 << v | 1 << y, &mut memo))
            .collect();
        assert_eq!(
            solution.winning_moves(v),
            winning,
            "{label:?} moves from {v}"
        );
    }
    let all = [
        solution.mover_wins(),
        solution.mover_loses(),
        solution.undecided(),
    ]
    .concat();
    assert_eq!(all.len(), g.vertex_count());
}

#[test]
fn every_labelled_digraph_on_up_to_4_vertices() {
    for n in 1..=4u32 {
        for (mask, g) in labelled_digraphs(n, n <= 2) {
            check(&g, &(n, mask));
        }
    }
}

fn random_digraph(random: &mut Random, n: usize, density: usize) -> Digraph {
    let mut arcs = Vec::new();
    for u in 0..n as u32 {
        for v in 0..n as u32 {
            if random.below(10) < density {
                arcs.push((u, v));
                if random.below(4) == 0 {
                    arcs.push((u, v));
                }
            }
        }
    }
    Digraph::from_arcs(n, arcs).unwrap()
}

/// Runs `check` on `rounds` random digraphs from `seed`, each of 1 to `max_n` vertices and a
/// density of 1 to `max_density` tenths, with the round and the generator.
fn on_random_digraphs(
    seed: u64,
    rounds: usize,
    max_n: usize,
    max_density: usize,
    mut check: impl FnMut(usize, &Digraph, &mut Random),
) {
    let mut random = Random::new(seed);
    for round in 0..rounds {
        let n = 1 + random.below(max_n);
        let density = 1 + random.below(max_density);
        let g = random_digraph(&mut random, n, density);
        check(round, &g, &mut random);
    }
}

#[test]
fn random_digraphs_up_to_10_vertices() {
    on_random_digraphs(31, 300, 10, 5, |round, g, _| {
        check(g, &(round, g.arcs().collect::<Vec<_>>()));
    });
}

/// Sparse random digraphs as the benchmarks' (about two arcs per vertex, few of them both
/// ways), where the retrograde labels settle most starts and deep labels matter: up to 20
/// vertices, and plain search agrees with the labels on and off.
#[test]
fn sparse_random_digraphs_up_to_20_vertices() {
    let mut random = Random::new(36);
    for round in 0..400 {
        let n = 2 + random.below(19);
        let m = n + random.below(2 * n);
        let arcs = random_arcs(&mut random, n, m);
        let g = Digraph::from_arcs(n, arcs.iter().copied()).unwrap();
        check(&g, &(round, &arcs));
    }
}

/// Labels that visits make false: in 0 → 1, 1 → 2, 2 → 3, 2 → 0 (3 a sink) vertex 0 is
/// labelled Win (1 loses: its one arc enters 2, which has an arc into the sink), yet after
/// 1 → 2 → 0 the mover at 0 is stuck; with every subset of six more arcs (one to a fifth
/// vertex), every outcome and winning move agrees with plain search, labels on and off.
#[test]
fn label_chains_with_arcs_back_agree_with_plain_search() {
    let base = [(0, 1), (1, 2), (2, 3), (2, 0)];
    for extra in 0u32..1 << 6 {
        let more = [(3, 0), (1, 0), (0, 2), (3, 1), (4, 0), (1, 4)];
        let arcs: Vec<(u32, u32)> = base
            .iter()
            .copied()
            .chain((0..6).filter(|&i| extra >> i & 1 == 1).map(|i| more[i]))
            .collect();
        let g = Digraph::from_arcs(5, arcs.iter().copied()).unwrap();
        check(&g, &arcs);
    }
}

/// Symmetric parts (each edge both ways) joined by one-way arcs: components decided by the
/// matching theorem on C − A.
#[test]
fn symmetric_components_with_one_way_exits() {
    let mut random = Random::new(32);
    for round in 0..400 {
        let n = 2 + random.below(9);
        let mut arcs = Vec::new();
        for u in 0..n as u32 {
            for v in u + 1..n as u32 {
                match random.below(8) {
                    0..=2 => arcs.extend([(u, v), (v, u)]),
                    3 if random.below(2) == 0 => arcs.push((v, u)),
                    _ => {}
                }
            }
        }
        let g = Digraph::from_arcs(n, arcs.iter().copied()).unwrap();
        check(&g, &(round, &arcs));
    }
}

#[test]
fn a_small_bound_leaves_starts_undecided_but_never_wrong() {
    let mut random = Random::new(33);
    let mut undecided = 0;
    for _ in 0..100 {
        let g = random_digraph(&mut random, 9, 5);
        let bound = SearchBound { max_positions: 3 };
        let solution = solve_directed_vertex(g.clone(), bound);
        let mut memo = HashMap::new();
        for v in 0..9 {
            let wins = brute(&g, v, 1 << v, &mut memo);
            match solution.outcome(v) {
                Outcome::Win => assert!(wins),
                Outcome::Lose => assert!(!wins),
                Outcome::Undecided => undecided += 1,
            }
        }
        assert_eq!(
            solution.mover_wins().len() + solution.mover_loses().len() + solution.undecided().len(),
            9
        );
    }
    assert!(undecided > 0);
}

#[test]
fn every_position_of_random_games_agrees_with_the_search() {
    on_random_digraphs(34, 300, 8, 6, |round, g, random| {
        let start = random.below(g.vertex_count()) as u32;
        let mut game = DirectedVertexGame::new(g, start, SearchBound::default()).unwrap();
        check_game(&mut game, random, &(round, start));
    });
}

/// Two blocks, arcs only from the upper one down: a lower component the bound leaves
/// undecided is an undecided exit of the upper one, which must stay Unknown, never a guess.
#[test]
fn undecided_exits_are_never_guessed_through() {
    let mut random = Random::new(35);
    let mut undecided = 0;
    for round in 0..400 {
        let mut arcs = Vec::new();
        for u in 0..9u32 {
            for v in 0..9u32 {
                let same_block = (u < 5) == (v < 5);
                let p = if same_block {
                    5
                } else if u >= 5 {
                    2
                } else {
                    0
                };
                if u != v && random.below(10) < p {
                    arcs.push((u, v));
                }
            }
        }
        let g = Digraph::from_arcs(9, arcs.iter().copied()).unwrap();
        let bound = SearchBound {
            max_positions: 1 + random.below(4),
        };
        let solution = solve_directed_vertex(g.clone(), bound);
        let mut memo = HashMap::new();
        for v in 0..9 {
            let wins = brute(&g, v, 1 << v, &mut memo);
            match solution.outcome(v) {
                Outcome::Win => assert!(wins, "{round} {arcs:?} from {v}"),
                Outcome::Lose => assert!(!wins, "{round} {arcs:?} from {v}"),
                Outcome::Undecided => undecided += 1,
            }
            for y in solution.winning_moves(v) {
                assert!(
                    !brute(&g, y, 1 << v | 1 << y, &mut memo),
                    "{round} {arcs:?} {v} → {y}"
                );
            }
        }
    }
    assert!(undecided > 0);
}

#[test]
fn illegal_vertex_moves_are_typed_and_leave_the_position_unchanged() {
    use geography_rules::{IllegalMove, Rules};
    let g = Digraph::from_arcs(3, [(0, 1), (1, 0), (1, 2), (1, 2)]).unwrap();
    let mut game = DirectedVertexGame::new(&g, 0, SearchBound::default()).unwrap();
    assert_refusals(
        &mut game,
        &[
            (4, IllegalMove::NotAVertex(4)),
            (2, IllegalMove::NotAdjacent { from: 0, to: 2 }),
        ],
    );
    game.play(1).unwrap();
    assert_refusals(&mut game, &[(0, IllegalMove::AlreadyVisited(0))]);
    assert_eq!(game.legal_moves(), [2]);
    assert_eq!(game.path(), [0, 1]);
    assert_eq!(game.undo(), Some(1));
    assert_eq!(game.undo(), None);
    assert!(DirectedVertexGame::new(&g, 3, SearchBound::default()).is_err());
}

#[test]
fn solving_from_some_starts_agrees_with_the_full_solve() {
    use geography_rules::solve_directed_vertex_from;
    on_random_digraphs(36, 300, 10, 4, |round, g, random| {
        let n = g.vertex_count() as u32;
        let full = solve_directed_vertex(g.clone(), SearchBound::default());
        let starts: Vec<u32> = (0..n).filter(|_| random.below(3) == 0).collect();
        let some = solve_directed_vertex_from(g.clone(), SearchBound::default(), &starts, &|| true);
        for &v in &starts {
            assert_eq!(some.outcome(v), full.outcome(v), "{round} from {v}");
        }
        for v in 0..n {
            assert!(some.outcome(v) == Outcome::Undecided || some.outcome(v) == full.outcome(v));
        }
    });
}
