//! The solve's renumbered paths (push–relabel, and on other graphs the blossom pass, handing
//! over to a copy of the graph in breadth-first order), forced on every input: against brute
//! force and the certificate checker on random small graphs, masked ones and small members
//! of every adversarial family (with edges inside one side for the general path); and every
//! family at larger sizes against the unforced solve, class by class.

use crate::common;

use common::{assert_agrees, brute_missable, masks, small_random_bipartite, small_random_graph};
use geography_matching::{
    check, decompose, decompose_bipartite, decompose_bipartite_forcing_renumbering,
    decompose_forcing_renumbering, two_colouring, Adjacency, Certificate, Class, Decomposition,
    Family, Masked, Random,
};

/// The decomposition of `graph` (up to 16 ids; `present` the ids it contains) agrees with
/// brute force, and its certificate checks when the graph is a plain one.
fn assert_brute<G: Adjacency>(graph: &G, present: u32, d: &Decomposition, what: &str) {
    let (nu, missable) = brute_missable(&masks(graph), present);
    assert!(d.matching().is_valid_in(graph), "{what}");
    assert_eq!(d.matching().size(), nu, "{what}: size");
    for v in 0..graph.vertex_bound() as u32 {
        let expected = if graph.contains(v) {
            missable[v as usize]
        } else {
            false
        };
        assert_eq!(d.class(v) == Class::Missable, expected, "{what}: {v}");
    }
}

#[test]
fn forced_renumbering_matches_brute_force_on_random_bipartite_graphs() {
    let mut rng = Random::new(2027);
    for round in 0..2000 {
        let (graph, side) = small_random_bipartite(&mut rng);
        let n = graph.vertex_count();
        let work = [0, 1, 3, 8, 20, 1000][round % 6];
        let what = format!("round {round}, work {work}");
        let forced = decompose_bipartite_forcing_renumbering(&graph, &side, work);
        assert_brute(&graph, (1u32 << n) - 1, &forced, &what);
        let nu = forced.matching().size();
        assert_eq!(check(&graph, &Certificate::from(&forced)), Ok(nu), "{what}");
        // Masked: the removed ids sit at the end of the copy, without neighbours.
        let removed: Vec<bool> = (0..n).map(|_| rng.chance(0.25)).collect();
        let masked = Masked::new(&graph, &removed);
        let present = (0..n)
            .filter(|&v| !removed[v])
            .fold(0u32, |bits, v| bits | 1 << v);
        let forced = decompose_bipartite_forcing_renumbering(&masked, &side, work);
        assert_brute(&masked, present, &forced, &format!("{what}, masked"));
    }
}

#[test]
fn forced_renumbering_matches_brute_force_on_small_members_of_every_family() {
    let mut checked = 0;
    for family in Family::ALL {
        for size in 2..=8 {
            for seed in 0..6 {
                let g = family.generate(size, seed);
                if g.vertices() > 16 {
                    continue;
                }
                let graph = g.graph().unwrap();
                let n = g.vertices();
                for work in [0, 2, 6, 30] {
                    let forced = decompose_bipartite_forcing_renumbering(&graph, &g.side, work);
                    let what = format!("{family:?} {size} {seed} {work}");
                    assert_brute(&graph, (1u32 << n) - 1, &forced, &what);
                    let nu = forced.matching().size();
                    assert_eq!(check(&graph, &Certificate::from(&forced)), Ok(nu), "{what}");
                }
                checked += 1;
            }
        }
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
fn forced_general_renumbering_matches_brute_force_on_random_graphs() {
    let mut rng = Random::new(2029);
    for round in 0..2000 {
        let graph = small_random_graph(&mut rng);
        let n = graph.vertex_count();
        let work = [0, 1, 3, 8, 20, 1000][round % 6];
        let what = format!("round {round}, work {work}");
        let forced = decompose_forcing_renumbering(&graph, work);
        assert_brute(&graph, (1u32 << n) - 1, &forced, &what);
        let nu = forced.matching().size();
        assert_eq!(check(&graph, &Certificate::from(&forced)), Ok(nu), "{what}");
        let removed: Vec<bool> = (0..n).map(|_| rng.chance(0.25)).collect();
        let masked = Masked::new(&graph, &removed);
        let present = (0..n)
            .filter(|&v| !removed[v])
            .fold(0u32, |bits, v| bits | 1 << v);
        let forced = decompose_forcing_renumbering(&masked, work);
        assert_brute(&masked, present, &forced, &format!("{what}, masked"));
    }
}

#[test]
fn forced_general_renumbering_matches_brute_force_on_small_members_of_every_family() {
    let mut checked = 0;
    for family in Family::ALL {
        for size in 2..=8 {
            for seed in 0..6 {
                let g = family.generate(size, seed);
                if g.vertices() > 16 {
                    continue;
                }
                let n = g.vertices();
                let graph = g
                    .with_inner_edges(1 + seed as usize % 3, seed)
                    .graph()
                    .unwrap();
                for work in [0, 2, 6, 30] {
                    let forced = decompose_forcing_renumbering(&graph, work);
                    let what = format!("{family:?} {size} {seed} {work}");
                    assert_brute(&graph, (1u32 << n) - 1, &forced, &what);
                    let nu = forced.matching().size();
                    assert_eq!(check(&graph, &Certificate::from(&forced)), Ok(nu), "{what}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn every_family_with_inner_edges_solves_alike_with_the_general_renumbering_forced() {
    for family in Family::ALL {
        for (size, seed, inner) in [(40, 1, 2), (300, 2, 10), (3000, 3, 100)] {
            let g = family.generate(size, seed).with_inner_edges(inner, seed);
            let graph = g.graph().unwrap();
            let expected = decompose(&graph);
            for work in [0, 50, 5000, 200_000] {
                let what = format!("{family:?} {size} {seed} {work}");
                let forced = decompose_forcing_renumbering(&graph, work);
                assert_agrees(&graph, &expected, &forced, &what);
            }
        }
    }
}
