//! Phases of shortest augmenting paths in any graph: the general finisher, after Gabow's
//! weighted-matching approach to cardinality matching.
//!
//! References: H. N. Gabow, "The weighted matching approach to maximum cardinality
//! matching", Fundamenta Informaticae 154, 2017 (the search with duals that finds the length
//! of a shortest augmenting path, and the graph H whose augmenting paths are exactly the
//! shortest ones); M. Ansaripour, A. Danaei and K. Mehlhorn, "Gabow's cardinality matching
//! algorithm in general graphs: implementation and experiments", 2024; J. E. Hopcroft and
//! R. M. Karp, SIAM J. Comput. 2(4), 1973 (a phase that flips a maximal set of vertex-disjoint
//! shortest augmenting paths makes the next shortest one longer, in any graph, so after
//! O(√V) phases O(√V) augmentations are left).
//!
//! Each phase has three parts.
//!
//! 1. **The search with duals** finds ℓ, the length of a shortest augmenting path. It is
//!    Edmonds' search from every exposed vertex at once, run as the weighted algorithm with
//!    every weight 0 and an unmatched edge eligible when its dual sum is −2 (half-units
//!    below): the clock Δ lowers the duals of outer (even) vertices and raises those of inner
//!    (odd) ones, and an event is taken when its edge turns eligible. In doubled units an
//!    outer vertex that turned outer at level L (the length of its even path from a root)
//!    grows across an unlabelled neighbour at key 2L + 4, and an edge between outer vertices
//!    at levels L and L' closes at key L + L' + 2: a blossom within one tree, or, between two
//!    trees, a shortest augmenting path of length L + L' + 1 = K* − 1. Keys are bounded by
//!    V + 2 (a path has fewer than V edges), so a bucket per key (a linked list in two flat
//!    arrays) orders the events. The duals are feasible throughout, so every augmenting path
//!    has at least K* − 1 edges, with equality exactly when its unmatched edges are eligible
//!    and it passes through every blossom formed before K* along one even piece ending at
//!    the blossom's base (the base is the only vertex with a mate outside).
//! 2. **The graph H**: every blossom formed before K* contracted to its base, the matched
//!    edges, and the eligible unmatched edges between different blossoms (dual sum −2 at
//!    K*; blossoms formed at K* itself have dual 0 and are not contracted). A shortest
//!    augmenting path of G meets each contracted blossom in one piece through its base, so it
//!    is an augmenting path of H; every augmenting path of H lifts back, through the paths
//!    the search keeps inside each blossom, to one of G of length K* − 1. Vertex-disjoint
//!    sets correspond both ways (two shortest paths through one blossom share its base).
//! 3. **A maximal set of disjoint augmenting paths in H**: an Edmonds search ([`Forest`])
//!    from each exposed node of H in turn. A failed search buries its Hungarian tree for
//!    the rest of the phase; a successful one removes the nodes of its path and forgets the
//!    rest of its tree, which later searches may use again. So every augmenting path of H
//!    left meets a removed node: the set is maximal, and the next phase's ℓ is larger. A
//!    successful search's forgotten tree is work that may be repeated; once the repeated
//!    work in a phase passes V + E, a successful search buries its whole tree instead, which
//!    keeps the phase linear but may leave paths for the next phase (its ℓ is then the same).
//!
//! The phases end when the search with duals meets no path between two trees: by Berge's
//! theorem the matching is then maximum.
//!
//! Invariants: within a phase, labels only grow (free → inner, free → outer, inner → outer);
//! an event's key is never below the key being taken (dual feasibility), so the buckets are
//! taken in increasing order once; the union of blossoms is logged with its key, so the
//! blossoms of H (formed before K*) are rebuilt from the log in O(V·α). Everything is
//! iterative.
//!
//! # Complexity
//! Parts 1 and 2 cost O((V + E)·α(V)) per phase, part 3 O((V + E)·α(V)) plus the repeated
//! work, which is capped at V + E. With maximal phases, at most 2·√V + 2 phases run (as
//! Hopcroft–Karp), so O((V + E)·√V·α(V)) in all from any matching. A phase whose cap was
//! reached may leave shortest paths behind, so that bound is not proven for them; the tests
//! count the phases on every adversarial family against 2·√V + 2 (and on the butterfly of
//! B = 15 with edges inside one side the repeated work peaked at 5% of the cap). Extra
//! memory O(V + E), allocated once: the two forests (17 bytes per vertex each), 16 bytes of
//! levels, keys and blossoms per vertex, 24 more for the duals, blossoms and mates of H and
//! 12 for its offsets, the event lists (12 bytes per event, at most one per edge and one per
//! vertex), and H (20 bytes per eligible edge: both arcs and the edge found).
//!
//! Tested against brute force and the certificate checker through
//! [`decompose_forcing_finisher`](crate::decompose_forcing_finisher) and from the empty
//! matching, on every graph up to 6 vertices and on the 7-vertex graphs with few edges,
//! seeded random graphs up to 14 vertices, small members of every adversarial family with and
//! without edges inside one side, and larger members against the unforced solve; below, each
//! phase's paths against a brute-force ℓ (every path simple, alternating, of length ℓ,
//! disjoint, and the next ℓ larger: the set is maximal), and the phase count against its
//! bound on every family.

use crate::forest::{Closure, Forest, Growth};
use crate::graph::{Adjacency, NONE};
use crate::matching::Matching;

/// Grows `matching` into a maximum matching of `graph` by phases of shortest augmenting
/// paths. Returns the matching and the number of phases run (the last, which finds no path,
/// included).
///
/// Precondition: `matching` is a matching of `graph`.
///
/// # Examples
///
/// ```
/// use geography_matching::{general_shortest_path_phases, Graph, Matching};
/// // A triangle 0 – 1 – 2 with tails 2 – 3 and 0 – 4: from the edge 1 – 2, the shortest
/// // augmenting path 4 – 0 – 1 – 2 – 3 flips in one phase.
/// let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4)]).unwrap();
/// let mut start = Matching::empty(5);
/// start.join(1, 2);
/// let (m, phases) = general_shortest_path_phases(&g, start);
/// assert_eq!((m.size(), phases), (2, 2));
/// ```
pub fn general_shortest_path_phases<G: Adjacency>(
    graph: &G,
    matching: Matching,
) -> (Matching, u32) {
    let mut phases = Phases::new(graph.vertex_bound());
    phases.run(graph, matching, u32::MAX, &mut |_, _| {})
}

/// [`general_shortest_path_phases`] stopped after `most` phases, calling `watch` with ℓ and
/// each phase's flipped paths, the repeated work left uncapped (tests: every phase maximal).
#[cfg(test)]
fn phases_watched<G: Adjacency>(
    graph: &G,
    matching: Matching,
    most: u32,
    watch: &mut dyn FnMut(u32, &[Vec<u32>]),
) -> (Matching, u32) {
    let mut phases = Phases::new(graph.vertex_bound());
    phases.capped = false;
    phases.run(graph, matching, most, watch)
}

/// One event: `b == NONE` asks to grow from the outer vertex `a`, otherwise the edge `a – b`
/// between outer vertices turns eligible.
#[derive(Clone, Copy)]
struct Event {
    a: u32,
    b: u32,
    next: u32,
}

/// The state of the phases, allocated once.
struct Phases {
    /// The outer level L of an outer vertex (its even path's length).
    level: Vec<u32>,
    /// The clock Δ (half the key) at which an inner vertex joined.
    joined: Vec<u32>,
    /// The key at which a vertex turned outer.
    since: Vec<u32>,
    /// `head[key]`: the first event of that key, `NONE` for none.
    head: Vec<u32>,
    events: Vec<Event>,
    /// Unions of blossoms: (vertex, base, key).
    unions: Vec<(u32, u32, u32)>,
    /// The blossoms of H: `node[v]` leads to the base of `v`'s contracted blossom.
    node: Vec<u32>,
    /// Whether successful searches bury their trees once their work passes V + E.
    capped: bool,
    /// Buffers of each phase, kept between phases: the doubled duals at K*, the base of
    /// each vertex's blossom in H, the mates in H, and H.
    duals: Vec<i64>,
    nodes: Vec<u32>,
    hmates: Vec<u32>,
    h: Contracted,
}

impl Phases {
    fn new(bound: usize) -> Self {
        Phases {
            level: vec![0; bound],
            joined: vec![0; bound],
            since: vec![0; bound],
            // Keys up to V + 2 (a path has fewer than V edges), within u32.
            head: vec![NONE; (bound + 3).min(u32::MAX as usize)],
            events: Vec::new(),
            unions: Vec::new(),
            node: (0..bound as u32).collect(),
            capped: true,
            duals: Vec::new(),
            nodes: Vec::new(),
            hmates: Vec::new(),
            h: Contracted::default(),
        }
    }

    fn run<G: Adjacency>(
        &mut self,
        graph: &G,
        mut matching: Matching,
        most: u32,
        watch: &mut dyn FnMut(u32, &[Vec<u32>]),
    ) -> (Matching, u32) {
        let mut phases = 0;
        let mut paths: Vec<Vec<u32>> = Vec::new();
        let mut dual = Forest::new(graph.vertex_bound());
        let mut forest = Forest::new(graph.vertex_bound());
        while phases < most {
            phases += 1;
            dual.clear();
            let Some(key) = self.search(graph, matching.mates(), &mut dual) else {
                break;
            };
            paths.clear();
            forest.clear();
            let forests = (&mut dual, &mut forest);
            self.disjoint_paths(graph, matching.mates(), forests, key, &mut paths);
            watch(key - 1, &paths);
            debug_assert!(!paths.is_empty(), "a phase with a path flipped none");
            if paths.is_empty() {
                break;
            }
            let mates = matching.mates_mut();
            for path in &paths {
                for pair in path.chunks_exact(2) {
                    mates[pair[0] as usize] = pair[1];
                    mates[pair[1] as usize] = pair[0];
                }
            }
            for _ in &paths {
                matching.grew();
            }
        }
        (matching, phases)
    }

    /// Queues an event at `key`; keys past the longest possible path are dropped.
    fn push(&mut self, key: u64, a: u32, b: u32) {
        if key < self.head.len() as u64 {
            let next = self.head[key as usize];
            self.head[key as usize] = self.events.len() as u32;
            self.events.push(Event { a, b, next });
        }
    }

    /// Scans the vertex `u` that just turned outer at level `level[u]`: an event for each
    /// outer neighbour outside its blossom, and one growth event if any neighbour is
    /// unlabelled.
    fn scan<G: Adjacency>(&mut self, graph: &G, dual: &mut Forest, u: u32) {
        let lu = u64::from(self.level[u as usize]);
        let bu = dual.base(u);
        let mut grows = false;
        for w in graph.neighbors(u) {
            if dual.is_even(w) {
                if dual.base(w) != bu {
                    self.push(lu + u64::from(self.level[w as usize]) + 2, u, w);
                }
            } else if !dual.is_labelled(w) {
                grows = true;
            }
        }
        if grows {
            self.push(2 * lu + 4, u, NONE);
        }
    }

    /// Part 1: the search with duals. Returns K*, the key at which an edge first joins two
    /// trees (a shortest augmenting path has K* − 1 edges), or `None` if none does.
    fn search<G: Adjacency>(&mut self, graph: &G, mates: &[u32], dual: &mut Forest) -> Option<u32> {
        self.head.fill(NONE);
        self.events.clear();
        self.unions.clear();
        let bound = graph.vertex_bound();
        for v in 0..bound as u32 {
            if graph.contains(v) && mates[v as usize] == NONE {
                dual.plant(v);
            }
        }
        while let Some(root) = dual.pop_unscanned() {
            self.level[root as usize] = 0;
            self.since[root as usize] = 0;
            self.scan(graph, dual, root);
        }
        for key in 0..self.head.len() as u32 {
            while self.head[key as usize] != NONE {
                let Event { a, b, next } = self.events[self.head[key as usize] as usize];
                self.head[key as usize] = next;
                if b == NONE {
                    // Grow from the outer `a` across every neighbour still unlabelled.
                    for w in graph.neighbors(a) {
                        if dual.is_labelled(w) {
                            continue;
                        }
                        let m = mates[w as usize];
                        debug_assert!(m != NONE, "exposed vertices are roots");
                        dual.attach(a, w, m);
                        self.joined[w as usize] = key / 2;
                        self.level[m as usize] = key / 2;
                        self.since[m as usize] = key;
                        self.scan(graph, dual, m);
                    }
                    continue;
                }
                match dual.close(a, b, mates) {
                    Closure::Inside => {}
                    Closure::Across => return Some(key),
                    Closure::Shrunk(base) => {
                        while let Some(odd) = dual.pop_unscanned() {
                            self.level[odd as usize] = key - self.joined[odd as usize];
                            self.since[odd as usize] = key;
                            self.unions.push((odd, base, key));
                            self.unions.push((mates[odd as usize], base, key));
                            self.scan(graph, dual, odd);
                        }
                    }
                }
            }
        }
        None
    }

    /// The base of `v`'s blossom in H, with path halving.
    fn find(&mut self, mut v: u32) -> u32 {
        while self.node[v as usize] != v {
            let up = self.node[self.node[v as usize] as usize];
            self.node[v as usize] = up;
            v = up;
        }
        v
    }

    /// Twice the dual of `v` at K*, blossoms formed at K* undone.
    fn dual(&self, dual: &Forest, v: u32, key: u32) -> i64 {
        let key = i64::from(key);
        let outer =
            dual.is_even(v) && !(dual.is_bridged(v) && i64::from(self.since[v as usize]) == key);
        if outer {
            2 * i64::from(self.level[v as usize]) - key
        } else if dual.is_labelled(v) {
            key - 2 * i64::from(self.joined[v as usize])
        } else {
            0
        }
    }

    /// Parts 2 and 3: builds H at K*, finds a maximal set of disjoint augmenting paths in
    /// it, and appends each, lifted to `graph`, to `paths` (exposed end first).
    fn disjoint_paths<G: Adjacency>(
        &mut self,
        graph: &G,
        mates: &[u32],
        (dual, forest): (&mut Forest, &mut Forest),
        key: u32,
        paths: &mut Vec<Vec<u32>>,
    ) {
        let bound = graph.vertex_bound();
        // The blossoms formed before K*, rebuilt from the log.
        for &(v, _, _) in &self.unions {
            self.node[v as usize] = v;
        }
        for i in 0..self.unions.len() {
            let (v, base, at) = self.unions[i];
            if at < key {
                self.node[v as usize] = base;
            }
        }
        let mut duals = std::mem::take(&mut self.duals);
        let mut nodes = std::mem::take(&mut self.nodes);
        let mut hmates = std::mem::take(&mut self.hmates);
        duals.clear();
        duals.extend((0..bound as u32).map(|v| self.dual(dual, v, key)));
        nodes.clear();
        nodes.extend((0..bound as u32).map(|v| self.find(v)));
        let mut h = std::mem::take(&mut self.h);
        h.rebuild(graph, mates, &nodes, &duals);
        hmates.clear();
        hmates.extend((0..bound as u32).map(|v| match mates[v as usize] {
            m if m == NONE || nodes[v as usize] != v => NONE,
            m => nodes[m as usize],
        }));
        let cap = (bound + graph.edge_count()) as u64;
        let mut repeated = 0u64;
        let mut hpath = Vec::new();
        for root in 0..bound as u32 {
            if !h.contains(root) || hmates[root as usize] != NONE || forest.is_dead(root) {
                continue;
            }
            let before = forest.scanned();
            forest.plant(root);
            match forest.grow(&h, &hmates) {
                Growth::Augmenting(end) => {
                    hpath.clear();
                    forest.augmenting_path(end, &hmates, &mut hpath);
                    paths.push(Self::lift(&h, mates, dual, &hpath));
                    repeated += forest.scanned() - before;
                    if self.capped && repeated > cap {
                        forest.bury();
                    } else {
                        forest.reset();
                        for &x in &hpath {
                            forest.kill(x);
                        }
                    }
                }
                Growth::Exhausted => forest.bury(),
                Growth::Stopped | Growth::Joined(..) => unreachable!("one tree, no watcher"),
            }
        }
        for &(v, _, _) in &self.unions {
            self.node[v as usize] = v;
        }
        (self.duals, self.nodes, self.hmates, self.h) = (duals, nodes, hmates, h);
    }

    /// The path of `graph` that the augmenting path `hpath` of H (exposed end first, root
    /// last) stands for: inside each contracted blossom, the even path the search keeps from
    /// the vertex where the path crosses in to the base.
    fn lift(h: &Contracted, mates: &[u32], dual: &mut Forest, hpath: &[u32]) -> Vec<u32> {
        let mut path = Vec::new();
        let mut piece = Vec::new();
        let mut entry = NONE;
        for (i, &x) in hpath.iter().enumerate() {
            piece.clear();
            if i % 2 == 0 {
                // Entered at its base (the first: the exposed base), left by the unmatched
                // edge u – w towards the next node.
                let (u, w) = h.crossing(x, hpath[i + 1]);
                dual.even_path_to(u, x, mates, &mut piece);
                path.extend(piece.iter().rev());
                entry = w;
            } else {
                // Entered at `entry`, left through the base's matched edge (the last: the
                // exposed base, the root).
                dual.even_path_to(entry, x, mates, &mut piece);
                path.extend(&piece);
            }
        }
        path
    }
}

/// H: the graph with the blossoms formed before K* contracted to their bases and its
/// eligible unmatched edges between blossoms (the matched ones are read from the mates); each arc remembers the edge of
/// the graph it stands for.
#[derive(Default)]
struct Contracted {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    /// The ends, in the graph, of each arc.
    ends: Vec<(u32, u32)>,
    is_node: Vec<bool>,
    /// Buffers for building: the edges kept, and where each node's list is filled.
    arcs: Vec<(u32, u32)>,
    fill: Vec<u32>,
}

impl Contracted {
    /// H from the blossoms (`nodes[v]`: the base of `v`'s) and the doubled duals at K*.
    /// An eligible edge has an end whose dual is at most −2 (an outer vertex), so only
    /// those are scanned; matched edges are left out, as a search reads them from the mates.
    fn rebuild<G: Adjacency>(&mut self, graph: &G, mates: &[u32], nodes: &[u32], duals: &[i64]) {
        let bound = graph.vertex_bound();
        self.is_node.clear();
        self.is_node
            .extend((0..bound as u32).map(|v| graph.contains(v) && nodes[v as usize] == v));
        // Each edge once, from its end with dual −2 or less (the smaller id when both are).
        let arcs = &mut self.arcs;
        arcs.clear();
        let offsets = &mut self.offsets;
        offsets.clear();
        offsets.resize(bound + 1, 0);
        for u in 0..bound as u32 {
            let du = duals[u as usize];
            if du > -2 || !graph.contains(u) {
                continue;
            }
            let hu = nodes[u as usize];
            for w in graph.neighbors(u) {
                let dw = duals[w as usize];
                if du + dw != -4 || (dw == -2 && w < u) || mates[u as usize] == w {
                    continue;
                }
                let hw = nodes[w as usize];
                if hu != hw {
                    arcs.push((u, w));
                    offsets[hu as usize + 1] += 1;
                    offsets[hw as usize + 1] += 1;
                }
            }
        }
        for v in 0..bound {
            offsets[v + 1] += offsets[v];
        }
        let total = offsets[bound] as usize;
        let fill = &mut self.fill;
        fill.clear();
        fill.extend_from_slice(offsets);
        let (targets, ends) = (&mut self.targets, &mut self.ends);
        targets.clear();
        targets.resize(total, 0);
        ends.clear();
        ends.resize(total, (0, 0));
        for &(u, w) in arcs.iter() {
            let (hu, hw) = (nodes[u as usize] as usize, nodes[w as usize] as usize);
            targets[fill[hu] as usize] = hw as u32;
            ends[fill[hu] as usize] = (u, w);
            fill[hu] += 1;
            targets[fill[hw] as usize] = hu as u32;
            ends[fill[hw] as usize] = (w, u);
            fill[hw] += 1;
        }
    }

    /// The edge of the graph behind an arc from node `a` to node `b`.
    fn crossing(&self, a: u32, b: u32) -> (u32, u32) {
        let range = self.offsets[a as usize] as usize..self.offsets[a as usize + 1] as usize;
        let slot = range
            .clone()
            .find(|&s| self.targets[s] == b)
            .expect("consecutive nodes of a path are adjacent");
        self.ends[slot]
    }
}

impl Adjacency for Contracted {
    type Neighbors<'a> = std::iter::Copied<std::slice::Iter<'a, u32>>;

    fn vertex_bound(&self) -> usize {
        self.is_node.len()
    }

    fn contains(&self, v: u32) -> bool {
        self.is_node[v as usize]
    }

    fn neighbors(&self, v: u32) -> Self::Neighbors<'_> {
        let range = self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize;
        self.targets[range].iter().copied()
    }

    fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blossom::maximum_matching;
    use crate::families::Family;
    use crate::graph::Graph;
    use crate::random::{random_graph, Random};
    use crate::shortest_paths::{assert_within_the_bound, phase_by_phase};

    /// The length of a shortest augmenting path (`None`: the matching is maximum), by trying
    /// every simple alternating path from every exposed vertex (small graphs only).
    fn shortest_augmenting_path(graph: &Graph, m: &Matching) -> Option<usize> {
        let n = graph.vertex_count();
        let mut best = None;
        let mut on_path = vec![false; n];
        // (vertex, length so far, whether the next edge is matched, next neighbour index)
        for root in (0..n as u32).filter(|&v| m.is_exposed(v)) {
            let mut stack = vec![(root, 0usize, 0usize)];
            on_path[root as usize] = true;
            while let Some(&mut (v, length, ref mut next)) = stack.last_mut() {
                let neighbours = graph.neighbor_slice(v);
                let matched_next = length % 2 == 1;
                if *next >= neighbours.len() {
                    on_path[v as usize] = false;
                    stack.pop();
                    continue;
                }
                let w = neighbours[*next];
                *next += 1;
                if on_path[w as usize] || (m.mate(v) == Some(w)) != matched_next {
                    continue;
                }
                if !matched_next && m.is_exposed(w) {
                    best = Some(best.map_or(length + 1, |b: usize| b.min(length + 1)));
                    continue;
                }
                on_path[w as usize] = true;
                stack.push((w, length + 1, 0));
            }
        }
        best
    }

    #[test]
    fn each_phase_flips_a_maximal_set_of_shortest_paths() {
        let mut rng = Random::new(77);
        let mut phases_seen = 0;
        for _ in 0..1500 {
            let n = 2 + rng.below(11);
            let graph = random_graph(&mut rng, n);
            let (m, phases) =
                phase_by_phase(&graph, &mut rng, shortest_augmenting_path, |m, length| {
                    let mut flipped = Vec::new();
                    let (next, _) = phases_watched(&graph, m.clone(), 1, &mut |l, paths| {
                        assert_eq!(l as usize, length, "{graph:?}");
                        flipped = paths.to_vec();
                    });
                    assert!(!flipped.is_empty());
                    let mut seen = vec![false; n];
                    for path in &flipped {
                        // A simple alternating path of length ℓ between exposed vertices.
                        assert_eq!(path.len(), length + 1, "{path:?} in {graph:?}");
                        assert!(m.is_exposed(path[0]) && m.is_exposed(path[length]));
                        for (i, pair) in path.windows(2).enumerate() {
                            assert!(graph.has_edge(pair[0], pair[1]), "{path:?} in {graph:?}");
                            assert_eq!(m.mate(pair[0]) == Some(pair[1]), i % 2 == 1, "{path:?}");
                        }
                        for &v in path {
                            assert!(!std::mem::replace(&mut seen[v as usize], true), "{path:?}");
                        }
                    }
                    assert_eq!(next.size(), m.size() + flipped.len());
                    next
                });
            phases_seen += phases;
            assert_eq!(m.size(), maximum_matching(&graph).size(), "{graph:?}");
        }
        assert!(phases_seen > 1000, "{phases_seen}");
    }

    #[test]
    fn phases_stay_within_the_bound_and_reach_the_maximum() {
        let mut rng = Random::new(41);
        for family in Family::ALL {
            for size in [20, 300, 3000] {
                for inner in [0, size / 10 + 1] {
                    let g = family.generate(size, rng.next_u64());
                    let g = if inner > 0 {
                        g.with_inner_edges(inner, rng.next_u64())
                    } else {
                        g
                    };
                    let graph = g.graph().unwrap();
                    let expected = maximum_matching(&graph).size();
                    let run = general_shortest_path_phases(&graph, Matching::empty(g.vertices()));
                    let what = format!("{family:?} {size} {inner}");
                    assert_within_the_bound(&graph, run, expected, &what);
                }
            }
        }
    }
}
