//! Seeded property tests: random graphs against brute force, solvers against each other on
//! larger graphs, masked graphs against rebuilt ones, and tampered certificates.

use crate::common;

use common::{brute_missable, masks};
use geography_matching::{
    bipartite_decomposition, check, decompose, gallai_edmonds, greedy_matching, hopcroft_karp,
    maximum_matching, multi_source_phases, push_relabel, two_colouring, Adjacency, Certificate,
    CertificateError, Class, Graph, Masked, Matching, Proof,
};
use geography_testing::{random_graph, runner};
use proptest::prelude::*;

/// A random sparse graph on up to `max_n` vertices with about `n * degree / 2` edges.
fn random_sparse(max_n: usize, degree: usize, bipartite: bool) -> impl Strategy<Value = Graph> {
    (2..=max_n).prop_flat_map(move |n| {
        prop::collection::vec((0..n as u32, 0..n as u32), n * degree / 2).prop_map(move |pairs| {
            let edges = pairs.into_iter().map(|(u, v)| {
                if bipartite {
                    // Even ids on the left, odd on the right.
                    (u & !1, v | 1)
                } else {
                    (u, v)
                }
            });
            let edges: Vec<_> = edges.filter(|&(u, v)| (v as usize) < n && u != v).collect();
            Graph::from_edges(n, edges).unwrap()
        })
    })
}

#[test]
fn random_graphs_up_to_fourteen_vertices_match_brute_force() {
    runner(3000)
        .run(&random_graph(14, 200), |graph| {
            let present = (1u32 << graph.vertex_count()) - 1;
            let (nu, missable) = brute_missable(&masks(&graph), present);
            let decomposition = decompose(&graph);
            prop_assert!(decomposition.matching().is_valid_in(&graph));
            prop_assert_eq!(decomposition.matching().size(), nu);
            for v in 0..graph.vertex_count() as u32 {
                prop_assert_eq!(
                    decomposition.class(v) == Class::Missable,
                    missable[v as usize]
                );
            }
            prop_assert_eq!(check(&graph, &Certificate::from(&decomposition)), Ok(nu));
            Ok(())
        })
        .unwrap();
}

/// Checks `property` on `cases` random graphs on up to 12 vertices with some removed: it is
/// given the graph, the removed vertices, the graph masked by them, and the others as a bit
/// set.
fn on_random_removals(
    cases: u32,
    property: impl Fn(&Graph, &[bool], Masked<'_>, u32) -> Result<(), TestCaseError>,
) {
    let removals = (random_graph(12, 200), any::<u16>()).prop_map(|(graph, removal)| {
        let n = graph.vertex_count();
        let removed: Vec<bool> = (0..n).map(|v| removal >> v & 1 == 1).collect();
        let present = (0..n)
            .filter(|&v| !removed[v])
            .fold(0u32, |m, v| m | 1 << v);
        (graph, removed, present)
    });
    runner(cases)
        .run(&removals, |(graph, removed, present)| {
            property(&graph, &removed, Masked::new(&graph, &removed), present)
        })
        .unwrap();
}

#[test]
fn greedy_matchings_are_maximal_and_forced_edges_first() {
    on_random_removals(2000, |graph, _, masked, present| {
        let n = graph.vertex_count();
        let degrees = masked.degrees();
        let whole = graph.degrees();
        for v in 0..n as u32 {
            prop_assert_eq!(whole[v as usize] as usize, graph.neighbors(v).count());
            let listed = if masked.contains(v) {
                masked.neighbors(v).count()
            } else {
                0
            };
            prop_assert_eq!(degrees[v as usize] as usize, listed);
        }
        let greedy = greedy_matching(&masked);
        prop_assert!(greedy.is_valid_in(&masked));
        for v in (0..n as u32).filter(|&v| masked.contains(v)) {
            // Maximal: no edge has both ends exposed.
            prop_assert!(
                !greedy.is_exposed(v) || masked.neighbors(v).all(|w| !greedy.is_exposed(w))
            );
        }
        // Karp–Sipser's first rule never errs, and on a forest it does all the work: the
        // greedy matching of a spanning forest is maximum.
        let forest = spanning_forest(&masked);
        let (nu, _) = brute_missable(&masks(&forest), present);
        prop_assert_eq!(greedy_matching(&forest).size(), nu);
        Ok(())
    });
}

#[test]
fn greedy_matchings_of_large_forests_are_maximum() {
    runner(500)
        .run(&random_sparse(300, 2, false), |graph| {
            let forest = spanning_forest(&graph);
            let greedy = greedy_matching(&forest);
            prop_assert!(greedy.is_valid_in(&forest));
            prop_assert_eq!(greedy.size(), maximum_matching(&forest).size());
            Ok(())
        })
        .unwrap();
}

/// The edges of `graph` that close no cycle, taken in increasing order (union–find).
fn spanning_forest(graph: &impl Adjacency) -> Graph {
    let mut root: Vec<u32> = (0..graph.vertex_bound() as u32).collect();
    let find = |root: &[u32], mut v: u32| {
        while root[v as usize] != v {
            v = root[v as usize];
        }
        v
    };
    let mut edges = Vec::new();
    for v in (0..graph.vertex_bound() as u32).filter(|&v| graph.contains(v)) {
        for w in graph.neighbors(v).filter(|&w| v < w) {
            let (a, b) = (find(&root, v), find(&root, w));
            if a != b {
                root[a as usize] = b;
                edges.push((v, w));
            }
        }
    }
    Graph::from_edges(graph.vertex_bound(), edges).expect("ids below the bound")
}

#[test]
fn masked_graphs_solve_like_the_induced_subgraph() {
    on_random_removals(2000, |graph, removed, masked, present| {
        let n = graph.vertex_count();
        let (nu, missable) = brute_missable(&masks(graph), present);
        let decomposition = decompose(&masked);
        prop_assert!(decomposition.matching().is_valid_in(&masked));
        prop_assert_eq!(decomposition.matching().size(), nu);
        for v in 0..n as u32 {
            let class = decomposition.class(v);
            prop_assert_eq!(class == Class::Absent, removed[v as usize]);
            prop_assert_eq!(class == Class::Missable, missable[v as usize]);
        }
        prop_assert_eq!(check(&masked, &Certificate::from(&decomposition)), Ok(nu));
        Ok(())
    });
}

#[test]
fn hopcroft_karp_multi_source_push_relabel_and_blossom_agree_on_large_bipartite_graphs() {
    runner(300)
        .run(&random_sparse(3000, 3, true), |graph| {
            let side = two_colouring(&graph).expect("bipartite by construction");
            let bipartite = bipartite_decomposition(
                &graph,
                &side,
                hopcroft_karp(&graph, &side, greedy_matching(&graph)),
            );
            let general = gallai_edmonds(&graph, maximum_matching(&graph));
            prop_assert_eq!(bipartite.matching().size(), general.matching().size());
            prop_assert_eq!(bipartite.classes(), general.classes());
            let phases = bipartite_decomposition(
                &graph,
                &side,
                multi_source_phases(&graph, &side, Matching::empty(graph.vertex_count())),
            );
            prop_assert_eq!(phases.classes(), general.classes());
            let pushed = bipartite_decomposition(
                &graph,
                &side,
                push_relabel(&graph, &side, Matching::empty(graph.vertex_count())),
            );
            prop_assert_eq!(pushed.classes(), general.classes());
            let size = bipartite.matching().size();
            prop_assert_eq!(check(&graph, &Certificate::from(&bipartite)), Ok(size));
            prop_assert_eq!(check(&graph, &Certificate::from(&general)), Ok(size));
            Ok(())
        })
        .unwrap();
}

/// A random board with orthogonal moves: `rows × cols` cells, each blocked with probability
/// `blocked`/256, blocked cells kept as isolated vertices. Long augmenting paths and many
/// competing exposed cells: what makes push–relabel park walks and relabel.
fn random_board(max_side: usize) -> impl Strategy<Value = Graph> {
    (1..=max_side, 1..=max_side, 0u32..80).prop_flat_map(|(rows, cols, blocked)| {
        prop::collection::vec(any::<u8>(), rows * cols).prop_map(move |coins| {
            let free = |r: usize, c: usize| u32::from(coins[r * cols + c]) >= blocked;
            let mut edges = Vec::new();
            for r in 0..rows {
                for c in 0..cols {
                    let v = (r * cols + c) as u32;
                    if free(r, c) && c + 1 < cols && free(r, c + 1) {
                        edges.push((v, v + 1));
                    }
                    if free(r, c) && r + 1 < rows && free(r + 1, c) {
                        edges.push((v, v + cols as u32));
                    }
                }
            }
            Graph::from_edges(rows * cols, edges).unwrap()
        })
    })
}

#[test]
fn push_relabel_and_blossom_agree_on_boards_from_any_start() {
    runner(300)
        .run(&random_board(90), |graph| {
            let side = two_colouring(&graph).expect("a board is bipartite");
            let general = gallai_edmonds(&graph, maximum_matching(&graph));
            for start in [
                Matching::empty(graph.vertex_count()),
                greedy_matching(&graph),
            ] {
                let pushed = push_relabel(&graph, &side, start);
                prop_assert!(pushed.is_valid_in(&graph));
                let pushed = bipartite_decomposition(&graph, &side, pushed);
                prop_assert_eq!(pushed.matching().size(), general.matching().size());
                prop_assert_eq!(pushed.classes(), general.classes());
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn blossom_results_on_large_general_graphs_carry_valid_certificates() {
    runner(300)
        .run(&random_sparse(3000, 3, false), |graph| {
            let decomposition = gallai_edmonds(&graph, maximum_matching(&graph));
            prop_assert!(decomposition.matching().is_valid_in(&graph));
            let size = decomposition.matching().size();
            prop_assert_eq!(check(&graph, &Certificate::from(&decomposition)), Ok(size));
            // Gallai–Edmonds: A is exactly the neighbours of D outside D.
            for v in 0..graph.vertex_count() as u32 {
                let near_missable = graph
                    .neighbors(v)
                    .any(|w| decomposition.class(w) == Class::Missable);
                let class = decomposition.class(v);
                prop_assert_eq!(
                    class == Class::Barrier,
                    class != Class::Missable && near_missable
                );
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn tampered_certificates_are_rejected() {
    // An odd cycle of 5 with a pendant on vertex 0 (not bipartite).
    let general = Graph::from_edges(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)]).unwrap();
    // A 2×3 grid (bipartite).
    let grid =
        Graph::from_edges(6, [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)]).unwrap();
    for graph in [&general, &grid] {
        let honest = Certificate::from(&decompose(graph));
        assert_eq!(check(graph, &honest), Ok(3));

        let mut short = honest.clone();
        short.pairs.pop();
        assert!(matches!(
            check(graph, &short),
            Err(CertificateError::Gap { .. })
        ));

        let mut not_edge = honest.clone();
        not_edge.pairs[0] = (0, 2);
        let rejected = check(graph, &not_edge);
        assert!(
            matches!(
                rejected,
                Err(CertificateError::NotAnEdge(..) | CertificateError::MatchedTwice(_))
            ),
            "{rejected:?}"
        );

        let mut twice = honest.clone();
        let (u, _) = twice.pairs[0];
        let (_, w) = twice.pairs[1];
        twice.pairs[1] = (u, w);
        assert!(check(graph, &twice).is_err());

        let mut bad_vertex = honest.clone();
        bad_vertex.pairs[0].1 = 99;
        assert_eq!(
            check(graph, &bad_vertex),
            Err(CertificateError::NotAVertex(99))
        );

        let mut bad_proof = honest.clone();
        match &mut bad_proof.proof {
            Proof::Konig { cover } => {
                cover.pop();
            }
            // Removing four vertices leaves two odd singletons: a bound of 4.
            Proof::TutteBerge { barrier } => *barrier = vec![0, 1, 2, 3],
        }
        assert!(
            matches!(
                check(graph, &bad_proof),
                Err(CertificateError::Gap { .. } | CertificateError::Uncovered(..))
            ),
            "{bad_proof:?}"
        );
    }
    // A cover that misses an edge.
    let claim = Certificate {
        pairs: vec![(0, 1), (3, 4), (2, 5)],
        proof: Proof::Konig {
            cover: vec![0, 4, 5],
        },
    };
    assert_eq!(check(&grid, &claim), Err(CertificateError::Uncovered(1, 2)));
}

#[test]
fn long_paths_and_cycles_solve_without_deep_recursion() {
    let n = 1_000_001u32;
    let path = Graph::from_edges(n as usize, (1..n).map(|v| (v - 1, v))).unwrap();
    let bipartite = decompose(&path);
    assert_eq!(bipartite.matching().size(), 500_000);
    assert_eq!(bipartite.class(0), Class::Missable);
    assert_eq!(bipartite.class(1), Class::Barrier);
    let cycle = Graph::from_edges(n as usize, (0..n).map(|v| (v, (v + 1) % n))).unwrap();
    let general = decompose(&cycle);
    assert_eq!(general.matching().size(), 500_000);
    assert!(general.classes().iter().all(|&c| c == Class::Missable));
}
