//! Every graph on up to 6 vertices (all 2^15 edge sets on 6), and the graphs on 7 vertices
//! with up to 9 edges, against brute force: matching sizes, the class of every vertex, valid
//! matchings and checked certificates, through every solver path.

use crate::common;
use crate::edge_classes::assert_classes;

use common::{brute_missable, masks};
use geography_matching::{
    bipartite_decomposition, blossom_decomposition, budgeted_searches, check, decompose,
    decompose_bipartite, decompose_bipartite_forcing_finisher, decompose_forcing_finisher,
    gallai_edmonds, general_shortest_path_phases, greedy_matching, hopcroft_karp, maximum_matching,
    multi_source_phases, push_relabel, shortest_path_phases, two_colouring, Adjacency, Certificate,
    Class, Decomposition, Graph, Matching,
};
use geography_testing::{every_graph, graph_from_code};

fn assert_matches_brute(graph: &Graph, decomposition: &Decomposition, what: &str) {
    let adjacency = masks(graph);
    let present = (1u32 << graph.vertex_count()) - 1;
    let (nu, missable) = brute_missable(&adjacency, present);
    assert!(
        decomposition.matching().is_valid_in(graph),
        "{what}: invalid matching in {graph:?}"
    );
    assert_eq!(
        decomposition.matching().size(),
        nu,
        "{what}: size in {graph:?}"
    );
    for v in 0..graph.vertex_count() as u32 {
        let class = decomposition.class(v);
        assert_eq!(
            class == Class::Missable,
            missable[v as usize],
            "{what}: vertex {v} of {graph:?}"
        );
        let has_missable_neighbour = graph.neighbors(v).any(|w| missable[w as usize]);
        let expected = if missable[v as usize] {
            Class::Missable
        } else if has_missable_neighbour {
            Class::Barrier
        } else {
            Class::Covered
        };
        assert_eq!(class, expected, "{what}: class of {v} in {graph:?}");
    }
    assert_eq!(
        check(graph, &Certificate::from(decomposition)),
        Ok(nu),
        "{what}: certificate"
    );
}

fn check_every_path(graph: &Graph) {
    assert_matches_brute(graph, &decompose(graph), "decompose");
    assert_matches_brute(graph, &blossom_decomposition(graph), "buried trees");
    assert_matches_brute(
        graph,
        &gallai_edmonds(graph, maximum_matching(graph)),
        "blossom",
    );
    for work in [0, 3] {
        let forced = decompose_forcing_finisher(graph, work);
        assert_matches_brute(graph, &forced, "forced general finisher");
    }
    let empty = Matching::empty(graph.vertex_count());
    let (from_empty, _) = general_shortest_path_phases(graph, empty);
    assert!(from_empty.is_valid_in(graph));
    assert_eq!(
        from_empty.size(),
        maximum_matching(graph).size(),
        "general phases from empty in {graph:?}"
    );
    if let Some(side) = two_colouring(graph) {
        let matching = hopcroft_karp(graph, &side, greedy_matching(graph));
        assert_matches_brute(
            graph,
            &bipartite_decomposition(graph, &side, matching),
            "HK",
        );
        // Searches cut short by a tiny budget leave the rest to an exact algorithm.
        let cut_short = budgeted_searches(graph, greedy_matching(graph), 2).matching;
        assert!(cut_short.is_valid_in(graph));
        // Unabandoned searches leave no augmenting path, and their removed trees are D.
        let searched = budgeted_searches(graph, Matching::empty(graph.vertex_count()), u64::MAX);
        let present = (1u32 << graph.vertex_count()) - 1;
        let (nu, missable) = brute_missable(&masks(graph), present);
        assert!(searched.matching.is_valid_in(graph));
        assert_eq!(searched.matching.size(), nu);
        assert_eq!(searched.missable, Some(missable), "{graph:?}");
        assert_matches_brute(graph, &decompose_bipartite(graph, &side), "known sides");
        let phases = multi_source_phases(graph, &side, greedy_matching(graph));
        assert_matches_brute(
            graph,
            &bipartite_decomposition(graph, &side, phases),
            "multi-source",
        );
        let pushed = push_relabel(graph, &side, greedy_matching(graph));
        assert_matches_brute(
            graph,
            &bipartite_decomposition(graph, &side, pushed),
            "push-relabel",
        );
        for start in [cut_short.clone(), Matching::empty(graph.vertex_count())] {
            let finished = multi_source_phases(graph, &side, start.clone());
            assert!(finished.is_valid_in(graph));
            assert_eq!(finished.size(), nu, "multi-source in {graph:?}");
            let pushed = push_relabel(graph, &side, start);
            assert!(pushed.is_valid_in(graph));
            assert_eq!(pushed.size(), nu, "push-relabel in {graph:?}");
        }
        for work in [0, 3] {
            let forced = decompose_bipartite_forcing_finisher(graph, &side, work);
            assert_matches_brute(graph, &forced, "forced finisher");
        }
        for start in [cut_short.clone(), Matching::empty(graph.vertex_count())] {
            let (finished, _) = shortest_path_phases(graph, &side, start);
            assert!(finished.is_valid_in(graph));
            assert_eq!(finished.size(), nu, "shortest paths in {graph:?}");
        }
        let finished = hopcroft_karp(graph, &side, cut_short);
        assert_eq!(finished.size(), maximum_matching(graph).size());
        let from_empty = hopcroft_karp(graph, &side, Matching::empty(graph.vertex_count()));
        assert_eq!(from_empty.size(), maximum_matching(graph).size());
    }
}

/// Every path of the solver, and the edge classes, on every graph up to six vertices.
#[test]
fn every_graph_up_to_six_vertices() {
    let count = every_graph(0..=6)
        .map(|graph| {
            check_every_path(&graph);
            assert_classes(&graph);
        })
        .count();
    assert_eq!(count, 1 + 1 + 2 + 8 + 64 + 1024 + 32768);
}

#[test]
fn seven_vertex_graphs_with_few_edges() {
    let mut count = 0;
    for code in 0..1u64 << 21 {
        if code.count_ones() <= 8 && code % 3 == 0 {
            check_every_path(&graph_from_code(7, code));
            count += 1;
        }
    }
    assert!(count > 40_000, "{count}");
}

/// The classic counterexample: r–a, a–b, b–c, c–d, d–b with M = {ab, cd}. An alternating walk reaches a
/// around the triangle, yet every maximum matching covers a.
#[test]
fn bipartite_shortcut_is_wrong_on_a_triangle_with_a_tail() {
    let (r, a, b, c, d) = (0, 1, 2, 3, 4);
    let graph = Graph::from_edges(5, [(r, a), (a, b), (b, c), (c, d), (d, b)]).unwrap();
    let decomposition = decompose(&graph);
    let missable: Vec<u32> = decomposition.missable().collect();
    assert_eq!(missable, vec![r, b, c, d]);
    assert_eq!(decomposition.class(a), Class::Barrier);
}
