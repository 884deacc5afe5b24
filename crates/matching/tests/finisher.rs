//! The finishers (phases of shortest augmenting paths after a stalled pass, bipartite and
//! general), forced to run on everything: against brute force and the certificate checker on
//! random small graphs and on small members of every adversarial family; and every family,
//! bipartite and with edges added inside one side, through the solver.

use crate::common;

use common::{
    assert_agrees, assert_certified, small_members, small_random_bipartite, small_random_graph,
};
use geography_matching::{
    check, decompose, decompose_bipartite, decompose_bipartite_forcing_finisher,
    decompose_by_forest, decompose_forcing_finisher, general_shortest_path_phases,
    maximum_matching, shortest_path_phases, two_colouring, Certificate, Family, Graph, Matching,
    Random,
};
use geography_testing::{random_graph, runner};

/// Forced after `work` units, the solve agrees with the unforced one (see
/// [`assert_agrees`]).
fn assert_forced_agrees(graph: &Graph, side: &[bool], work: u64, what: &str) {
    let expected = decompose_bipartite(graph, side);
    let forced = decompose_bipartite_forcing_finisher(graph, side, work);
    assert_agrees(graph, &expected, &forced, what);
}

/// An arbitrary matching of `graph`: a greedy pass over its edges in a random order, taking
/// each free pair with probability 0.7.
fn random_start(graph: &Graph, rng: &mut Random) -> Matching {
    let mut start = Matching::empty(graph.vertex_count());
    let mut pairs: Vec<(u32, u32)> = graph.edges().collect();
    rng.shuffle(&mut pairs);
    for (u, v) in pairs {
        if start.is_exposed(u) && start.is_exposed(v) && rng.chance(0.7) {
            start.join(u, v);
        }
    }
    start
}

#[test]
fn forced_finisher_matches_brute_force_on_random_bipartite_graphs() {
    let mut rng = Random::new(2026);
    for round in 0..1500 {
        let (graph, side) = small_random_bipartite(&mut rng);
        let work = [0, 1, 5, 20][round % 4];
        let forced = decompose_bipartite_forcing_finisher(&graph, &side, work);
        assert_certified(&graph, &forced, &format!("round {round}, work {work}"));
        // From any matching.
        let start = random_start(&graph, &mut rng);
        let (finished, _) = shortest_path_phases(&graph, &side, start);
        assert!(finished.is_valid_in(&graph));
        assert_eq!(finished.size(), forced.matching().size(), "round {round}");
    }
}

#[test]
fn forced_finisher_matches_brute_force_on_small_members_of_every_family() {
    let mut checked = 0;
    for (what, g, seed) in small_members() {
        let graph = g.graph().unwrap();
        for work in [0, 4] {
            let forced = decompose_bipartite_forcing_finisher(&graph, &g.side, work);
            assert_certified(&graph, &forced, &what);
        }
        assert_certified(
            &graph,
            &decompose_by_forest(&graph),
            &format!("{what} forest"),
        );
        let inner = g.with_inner_edges(1 + (seed as usize % 3), seed);
        let graph = inner.graph().unwrap();
        assert_certified(&graph, &decompose(&graph), &format!("{what} odd"));
        let forest = decompose_by_forest(&graph);
        assert_certified(&graph, &forest, &format!("{what} odd forest"));
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn every_family_solves_with_and_without_the_finisher_forced() {
    for family in Family::ALL {
        for (size, seed) in [(40, 1), (300, 2), (3000, 3)] {
            let g = family.generate(size, seed);
            let graph = g.graph().unwrap();
            assert!(two_colouring(&graph).is_some());
            for work in [0, 50, 5000] {
                assert_forced_agrees(&graph, &g.side, work, &format!("{family:?} {size} {work}"));
            }
        }
    }
}

#[test]
fn every_family_with_edges_inside_one_side_certifies() {
    for family in Family::ALL {
        for (size, seed, inner) in [(60, 1, 3), (600, 2, 20), (4000, 3, 100)] {
            let g = family.generate(size, seed).with_inner_edges(inner, seed);
            let graph = g.graph().unwrap();
            let d = decompose(&graph);
            assert!(d.matching().is_valid_in(&graph));
            let nu = d.matching().size();
            let what = format!("{family:?} {size}");
            assert_eq!(check(&graph, &Certificate::from(&d)), Ok(nu), "{what}");
            // The kept forest alone gives the same classes.
            assert_agrees(&graph, &d, &decompose_by_forest(&graph), &what);
            // Edges inside one side can only help: at least the bipartite maximum.
            let plain = family.generate(size, seed).graph().unwrap();
            assert!(nu >= decompose(&plain).matching().size(), "{what}");
        }
    }
}

#[test]
fn forced_general_finisher_matches_brute_force_on_random_graphs() {
    runner(3000)
        .run(&(random_graph(14, 100), 0u64..40), |(graph, work)| {
            let forced = decompose_forcing_finisher(&graph, work);
            assert_certified(&graph, &forced, &format!("work {work}"));
            // Karp–Sipser's start often leaves nothing to do on small graphs: from empty too.
            let n = graph.vertex_count();
            let (from_empty, _) = general_shortest_path_phases(&graph, Matching::empty(n));
            assert!(from_empty.is_valid_in(&graph));
            assert_eq!(from_empty.size(), forced.matching().size(), "{graph:?}");
            Ok(())
        })
        .unwrap();
}

#[test]
fn general_phases_reach_the_maximum_from_any_matching() {
    let mut rng = Random::new(2027);
    for round in 0..2000 {
        let graph = small_random_graph(&mut rng);
        let start = random_start(&graph, &mut rng);
        let (finished, _) = general_shortest_path_phases(&graph, start);
        assert!(finished.is_valid_in(&graph), "round {round}");
        assert_eq!(
            finished.size(),
            maximum_matching(&graph).size(),
            "round {round}: {graph:?}"
        );
    }
}

#[test]
fn forced_general_finisher_matches_brute_force_on_small_members_of_every_family() {
    let mut checked = 0;
    for (what, g, seed) in small_members() {
        for inner in [0, 1 + (seed as usize % 3)] {
            let graph = g.clone().with_inner_edges(inner, seed).graph().unwrap();
            for work in [0, 4] {
                let forced = decompose_forcing_finisher(&graph, work);
                assert_certified(
                    &graph,
                    &forced,
                    &format!("{what} inner {inner} work {work}"),
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 600, "{checked}");
}

#[test]
fn every_family_agrees_with_the_general_finisher_forced() {
    for family in Family::ALL {
        for (size, seed, inner) in [(40, 1, 2), (300, 2, 10), (3000, 3, 100)] {
            for inner in [0, inner] {
                let g = family.generate(size, seed).with_inner_edges(inner, seed);
                let graph = g.graph().unwrap();
                let expected = decompose(&graph);
                for work in [0, 50, 5000] {
                    let forced = decompose_forcing_finisher(&graph, work);
                    let what = format!("{family:?} {size} inner {inner} work {work}");
                    assert_agrees(&graph, &expected, &forced, &what);
                }
            }
        }
    }
}

#[test]
fn forced_general_finisher_on_masked_graphs_skips_the_removed_vertices() {
    use geography_matching::{Adjacency, Masked};
    let mut rng = Random::new(2028);
    for round in 0..600 {
        let graph = small_random_graph(&mut rng);
        let n = graph.vertex_count();
        let removed: Vec<bool> = (0..n).map(|_| rng.chance(0.3)).collect();
        let masked = Masked::new(&graph, &removed);
        // The induced subgraph, rebuilt, with the removed vertices left isolated.
        let kept: Vec<(u32, u32)> = graph
            .edges()
            .filter(|&(u, v)| !removed[u as usize] && !removed[v as usize])
            .collect();
        let induced = Graph::from_edges(n, kept).unwrap();
        let expected = decompose(&induced);
        for work in [0, 7] {
            let forced = decompose_forcing_finisher(&masked, work);
            let what = format!("round {round}, work {work}");
            assert!(forced.matching().is_valid_in(&masked), "{what}");
            assert_eq!(
                forced.matching().size(),
                expected.matching().size(),
                "{what}"
            );
            for v in (0..n as u32).filter(|&v| masked.contains(v)) {
                assert_eq!(forced.class(v), expected.class(v), "{what}: {v}");
            }
            for v in (0..n as u32).filter(|&v| !masked.contains(v)) {
                assert!(forced.matching().mate(v).is_none(), "{what}: {v}");
            }
        }
    }
}

/// The kept forest alone, from a greedy start (small members of every family: above).
#[test]
fn kept_forest_matches_brute_force_on_random_graphs() {
    let mut rng = Random::new(2028);
    for round in 0..2000 {
        let graph = small_random_graph(&mut rng);
        assert_certified(
            &graph,
            &decompose_by_forest(&graph),
            &format!("round {round}"),
        );
    }
}
