//! Edge classes against brute force: uv is vital iff ν(G − uv) = ν(G) − 1; otherwise allowed
//! iff ν(G − u − v) = ν(G) − 1; otherwise forbidden. Every graph up to 6 vertices (walked once
//! for both suites by `exhaustive.rs`), seeded random graphs (bipartite and not) up to 12
//! vertices, both kernels on bipartite graphs, and long paths and grids for stack safety.

use std::ops::RangeInclusive;

use crate::common;

use common::{masks, nu_of_subsets};
use geography_matching::{
    decompose, edge_classes, edge_classes_until, gallai_edmonds, maximum_matching, Adjacency,
    EdgeClass, Graph, Random,
};

/// The class of every edge `(u, v)`, `u < v` in increasing order, by brute force.
fn brute_classes(graph: &Graph) -> Vec<(u32, u32, EdgeClass)> {
    let adjacency = masks(graph);
    let full = (1usize << graph.vertex_count()) - 1;
    let nu = nu_of_subsets(&adjacency)[full];
    graph
        .edges()
        .map(|(u, v)| {
            let mut without = adjacency.clone();
            without[u as usize] &= !(1 << v);
            without[v as usize] &= !(1 << u);
            let class = if nu_of_subsets(&without)[full] + 1 == nu {
                EdgeClass::Vital
            } else {
                let rest = full & !(1 << u) & !(1 << v);
                if nu_of_subsets(&adjacency)[rest] + 1 == nu {
                    EdgeClass::Allowed
                } else {
                    EdgeClass::Forbidden
                }
            };
            (u, v, class)
        })
        .collect()
}

/// Every edge's class agrees with brute force.
pub(crate) fn assert_classes(graph: &Graph) {
    let expected = brute_classes(graph);
    let classes = edge_classes(graph, &decompose(graph));
    assert_eq!(classes.iter().collect::<Vec<_>>(), expected, "{graph:?}");
    for &(u, v, class) in &expected {
        assert_eq!(
            classes.class(v, u),
            Some(class),
            "reversed {u}-{v} in {graph:?}"
        );
    }
    // The blossom kernel gives the same classes on bipartite graphs too.
    let general = gallai_edmonds(graph, maximum_matching(graph));
    assert_eq!(
        edge_classes(graph, &general).iter().collect::<Vec<_>>(),
        expected,
        "from the blossom decomposition: {graph:?}"
    );
}

/// A random graph of `n` vertices, `n` drawn from `sizes`, each pair an edge with
/// probability `density`; with `bipartite`, only the pairs of an even and an odd vertex.
fn random_dense(
    random: &mut Random,
    sizes: RangeInclusive<u32>,
    density: f64,
    bipartite: bool,
) -> Graph {
    let n = sizes.start() + random.below((sizes.end() - sizes.start() + 1) as usize) as u32;
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if (!bipartite || (i + j) % 2 == 1) && random.chance(density) {
                edges.push((i, j));
            }
        }
    }
    Graph::from_edges(n as usize, edges).unwrap()
}

#[test]
fn seeded_random_graphs_up_to_twelve_vertices() {
    let mut random = Random::new(16);
    let mut forbidden_in_covered = 0;
    for round in 0..3000 {
        let density = [0.15, 0.25, 0.4, 0.6][round % 4];
        let graph = random_dense(&mut random, 7..=12, density, round % 3 == 0);
        assert_classes(&graph);
        let d = decompose(&graph);
        forbidden_in_covered += edge_classes(&graph, &d)
            .iter()
            .filter(|&(u, v, c)| {
                c == EdgeClass::Forbidden
                    && d.class(u) == geography_matching::Class::Covered
                    && d.class(v) == geography_matching::Class::Covered
            })
            .count();
    }
    // The hard part (forbidden edges inside the perfectly matched part) was exercised.
    assert!(forbidden_in_covered > 500, "{forbidden_in_covered}");
}

#[test]
fn a_path_of_a_million_vertices_does_not_overflow_the_stack() {
    let n = 1_000_000u32;
    let path = Graph::from_edges(n as usize, (1..n).map(|v| (v - 1, v))).unwrap();
    let classes = edge_classes(&path, &decompose(&path));
    // Its one perfect matching takes every other edge; the others are forbidden.
    assert_eq!(classes.counts(), [n as usize / 2, 0, n as usize / 2 - 1]);
    assert_eq!(classes.class(0, 1), Some(EdgeClass::Vital));
    assert_eq!(classes.class(1, 2), Some(EdgeClass::Forbidden));
}

#[test]
fn a_long_ladder_with_a_triangle_runs_the_general_searches() {
    // A ladder 2 × k has many perfect matchings; a triangle on one end makes it non-bipartite.
    let k = 20_000u32;
    let mut edges: Vec<(u32, u32)> = (0..k).map(|i| (2 * i, 2 * i + 1)).collect();
    for i in 1..k {
        edges.push((2 * i - 2, 2 * i));
        edges.push((2 * i - 1, 2 * i + 1));
    }
    let apex = 2 * k;
    let tail = 2 * k + 1;
    edges.extend([(0, apex), (1, apex), (apex, tail)]);
    let graph = Graph::from_edges(2 * k as usize + 2, edges).unwrap();
    let classes = edge_classes(&graph, &decompose(&graph));
    // The tail's edge is forced, so the triangle's other edges are forbidden.
    assert_eq!(classes.class(apex, tail), Some(EdgeClass::Vital));
    assert_eq!(classes.class(0, apex), Some(EdgeClass::Forbidden));
    assert_eq!(classes.class(0, 1), Some(EdgeClass::Allowed));
    assert_eq!(
        classes.class(2 * k - 2, 2 * k - 1),
        Some(EdgeClass::Allowed)
    );
    assert_eq!(graph.vertex_count(), graph.vertex_bound());
}

/// The classes by definition, with one maximum matching per edge: for graphs too large for
/// the subset brute force, where the budgeted searches give up and hand over.
fn classes_by_matchings(graph: &Graph) -> Vec<(u32, u32, EdgeClass)> {
    let n = graph.vertex_count();
    let nu = maximum_matching(graph).size();
    let edges: Vec<(u32, u32)> = graph.edges().collect();
    edges
        .iter()
        .map(|&(u, v)| {
            let without = Graph::from_edges(n, edges.iter().copied().filter(|&e| e != (u, v)));
            let class = if maximum_matching(&without.unwrap()).size() + 1 == nu {
                EdgeClass::Vital
            } else {
                let mut removed = vec![false; n];
                removed[u as usize] = true;
                removed[v as usize] = true;
                let rest = geography_matching::Masked::new(graph, &removed);
                if maximum_matching(&rest).size() + 1 == nu {
                    EdgeClass::Allowed
                } else {
                    EdgeClass::Forbidden
                }
            };
            (u, v, class)
        })
        .collect()
}

#[test]
fn medium_random_graphs_where_the_budgets_run_out() {
    let mut random = Random::new(61);
    for (n, m) in [(400u32, 600usize), (400, 1200), (1500, 2600), (1500, 4500)] {
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| {
                (
                    random.below(n as usize) as u32,
                    random.below(n as usize) as u32,
                )
            })
            .collect();
        let graph = Graph::from_edges(n as usize, edges).unwrap();
        let classes = edge_classes(&graph, &decompose(&graph));
        assert_eq!(
            classes.iter().collect::<Vec<_>>(),
            classes_by_matchings(&graph),
            "n = {n}, m = {m}"
        );
    }
}

#[test]
fn the_searches_stop_when_asked_and_give_the_same_classes_when_not() {
    let mut random = Random::new(41);
    let mut asked = 0;
    for _ in 0..400 {
        let graph = random_dense(&mut random, 6..=15, 0.35, false);
        let d = decompose(&graph);
        let mut calls = 0;
        let classes = edge_classes_until(&graph, &d, || {
            calls += 1;
            false
        })
        .expect("never asked to stop");
        assert!(classes.iter().eq(edge_classes(&graph, &d).iter()));
        if calls > 0 {
            asked += 1;
            // Stopped at the last question: no classes.
            let mut left = calls;
            let stopped = edge_classes_until(&graph, &d, || {
                left -= 1;
                left == 0
            });
            assert!(stopped.is_none());
        }
    }
    assert!(asked > 100, "{asked}");
}
