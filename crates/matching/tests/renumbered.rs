//! The solve's renumbered paths (push–relabel, and on other graphs the blossom pass, handing
//! over to a copy of the graph in breadth-first order), forced on every input: against brute
//! force and the certificate checker on random small graphs, masked ones and small members
//! of every adversarial family (with edges inside one side for the general path); and every
//! family at larger sizes against the unforced solve, class by class.

use crate::common;

use common::{
    assert_agrees, assert_brute, assert_certified, random_mask, small_members,
    small_random_bipartite, small_random_graph,
};
use geography_matching::{
    decompose, decompose_bipartite, decompose_bipartite_forcing_renumbering,
    decompose_forcing_renumbering, two_colouring, Family, Masked, Random,
};

/// The work after which a round of the random tests forces the hand-over.
fn work_of(round: usize) -> u64 {
    [0, 1, 3, 8, 20, 1000][round % 6]
}

#[test]
fn forced_renumbering_matches_brute_force_on_random_bipartite_graphs() {
    let mut rng = Random::new(2027);
    for round in 0..2000 {
        let (graph, side) = small_random_bipartite(&mut rng);
        let work = work_of(round);
        let what = format!("round {round}, work {work}");
        let forced = decompose_bipartite_forcing_renumbering(&graph, &side, work);
        assert_certified(&graph, &forced, &what);
        // Masked: the removed ids sit at the end of the copy, without neighbours.
        let (removed, present) = random_mask(&mut rng, graph.vertex_count(), 0.25);
        let masked = Masked::new(&graph, &removed);
        let forced = decompose_bipartite_forcing_renumbering(&masked, &side, work);
        assert_brute(&masked, present, &forced, &format!("{what}, masked"));
    }
}

#[test]
fn forced_general_renumbering_matches_brute_force_on_random_graphs() {
    let mut rng = Random::new(2029);
    for round in 0..2000 {
        let graph = small_random_graph(&mut rng);
        let work = work_of(round);
        let what = format!("round {round}, work {work}");
        assert_certified(&graph, &decompose_forcing_renumbering(&graph, work), &what);
        let (removed, present) = random_mask(&mut rng, graph.vertex_count(), 0.25);
        let masked = Masked::new(&graph, &removed);
        let forced = decompose_forcing_renumbering(&masked, work);
        assert_brute(&masked, present, &forced, &format!("{what}, masked"));
    }
}

#[test]
fn forced_renumbering_matches_brute_force_on_small_members_of_every_family() {
    let mut checked = 0;
    for (what, g, seed) in small_members() {
        // Bipartite through push–relabel's hand-over; with edges inside one side through
        // the blossom pass's.
        let graph = g.graph().unwrap();
        let inner = g.clone().with_inner_edges(1 + seed as usize % 3, seed);
        let odd = inner.graph().unwrap();
        for work in [0, 2, 6, 30] {
            let forced = decompose_bipartite_forcing_renumbering(&graph, &g.side, work);
            assert_certified(&graph, &forced, &format!("{what} work {work}"));
            let forced = decompose_forcing_renumbering(&odd, work);
            assert_certified(&odd, &forced, &format!("{what} inner, work {work}"));
        }
        checked += 1;
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn every_family_solves_alike_with_the_renumbering_forced() {
    for family in Family::ALL {
        for (size, seed) in [(40, 1), (300, 2), (3000, 3), (3000, 0)] {
            let g = family.generate(size, seed);
            let graph = g.graph().unwrap();
            assert!(two_colouring(&graph).is_some());
            let expected = decompose_bipartite(&graph, &g.side);
            for work in [0, 50, 5000, 200_000] {
                let what = format!("{family:?} {size} {seed} {work}");
                let forced = decompose_bipartite_forcing_renumbering(&graph, &g.side, work);
                assert_agrees(&graph, &expected, &forced, &what);
            }
        }
    }
}

#[test]
fn every_family_with_inner_edges_solves_alike_with_the_general_renumbering_forced() {
    for family in Family::ALL {
        for (size, seed, inner) in [(40, 1, 2), (300, 2, 10), (3000, 3, 100)] {
            let g = family.generate(size, seed).with_inner_edges(inner, seed);
            let graph = g.graph().unwrap();
            let expected = decompose(&graph);
            for work in [0, 50, 5000, 200_000] {
                let what = format!("{family:?} {size} {seed} inner {inner} work {work}");
                let forced = decompose_forcing_renumbering(&graph, work);
                assert_agrees(&graph, &expected, &forced, &what);
            }
        }
    }
}
