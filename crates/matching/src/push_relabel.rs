//! Push–relabel for maximum bipartite matching, with double pushes and global relabels: the
//! finisher for the last, long augmenting paths.
//!
//! References: A. V. Goldberg and R. Kennedy, "Global price updates help", SIAM J. Discrete
//! Math. 10(4), 1997; K. Kaya, J. Langguth, F. Manne and B. Uçar, "Push-relabel based
//! algorithms for the maximum transversal problem", Computers & Operations Research 40(5),
//! 2013.
//!
//! The exposed vertices of one side (the "active" side) carry the excess; the other side
//! (the "far" side) carries labels. A far vertex's label is a lower bound on its distance
//! `d(y)`: 0 if `y` is exposed, else 2 + the least `d(y')` over the neighbours `y' ≠ y` of
//! `y`'s mate (the length of the shortest alternating path from `y` through its mate to an
//! exposed far vertex). An exposed active vertex `x` takes its neighbour `y` of least label
//! (a double push): `y`'s old mate `w` becomes exposed and carries on, and `y` is relabelled
//! to 2 + the second least label around `x`. So one excess walks down the labels to an
//! exposed far vertex, in about as many steps as its path is long, where a tree search scans
//! the whole area around it. A global relabel (a breadth-first search from every exposed far
//! vertex) makes the labels exact again whenever the pushes have scanned about as many edges
//! as the graph has. A walk that takes many more steps than its first label promised is
//! following stale labels (another walk took its exposed vertex): it is parked, and resumes
//! with a larger allowance once every other walk has had its turn, or after the next relabel.
//!
//! Invariants: labels only grow, exposed far vertices keep label 0, and every label is at
//! most the true distance (a double push sets `y`'s label to a bound its new mate's other
//! neighbours give). A label of `unreachable` (2·V + 2) or more therefore proves that no
//! alternating path leads from that vertex to an exposed far vertex, now or later. An
//! exposed active vertex whose every neighbour has such a label is the end of no augmenting
//! path, and stays so: when no other exposed active vertex is left, the matching is maximum
//! (Berge). Termination: right after a global relabel the labels are exact, so the first walk
//! goes straight down them and ends within its allowance.
//!
//! On the solve path it runs under a stall measure ([`Progress`]): at every global relabel
//! it asks whether the last V + E units of work settled enough exposed vertices, and stops
//! when they did not, leaving the rest to phases of shortest augmenting paths
//! ([`shortest_path_phases`](crate::shortest_path_phases)). The public [`push_relabel`]
//! runs to the end. The solver also has it hand over once it has done a window of work on a
//! large graph, to finish on a copy renumbered in breadth-first order (see
//! `breadth_first_order.rs`): there the walks that are left are long, and the copy's
//! locality makes each step cheaper.
//!
//! # Complexity
//! O(V + E) per global relabel, O(V²) double pushes in the worst case (each raises a label
//! by at least 2, up to about 2V); far fewer in practice (see the benches). Under the stall
//! measure, O((V + E)·√V) before it stops. O(V) extra memory.
//!
//! Tested against brute force and the blossom algorithm, stopped after 0 to 5 000 units of
//! work and finished by the phases, and handed over after as many and finished on the
//! renumbered copy (crate tests).

use crate::graph::{Adjacency, NONE};
use crate::matching::Matching;
use crate::progress::{Progress, Stall};

/// Grows `matching` into a maximum matching of the bipartite `graph`, where `side[v]` is the
/// side of `v` (see [`two_colouring`](crate::two_colouring)).
///
/// Precondition: every edge joins the two sides, and `matching` is a matching of `graph`.
///
/// # Examples
///
/// ```
/// use geography_matching::{push_relabel, two_colouring, Graph, Matching};
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
/// let side = two_colouring(&g).unwrap();
/// let m = push_relabel(&g, &side, Matching::empty(4));
/// assert_eq!(m.size(), 2);
/// ```
pub fn push_relabel<G: Adjacency>(graph: &G, side: &[bool], matching: Matching) -> Matching {
    push_relabel_until(graph, side, matching, Stall::Never).0
}

/// [`push_relabel`] that stops when `stall` says it has stalled (see
/// [`Progress`](crate::progress)): the matching, and whether it is maximum (false when the
/// pass stopped early; the matching may still be maximum).
///
/// Precondition: as [`push_relabel`].
pub(crate) fn push_relabel_until<G: Adjacency>(
    graph: &G,
    side: &[bool],
    matching: Matching,
    stall: Stall,
) -> (Matching, bool) {
    match push_relabel_handing_over(graph, side, matching, stall, u64::MAX) {
        (matching, Finish::Maximum) => (matching, true),
        (matching, Finish::Stalled | Finish::HandedOver) => (matching, false),
    }
}

/// How a pass that may hand over ended: [`push_relabel_handing_over`], and the blossom
/// pass (`blossom.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Finish {
    /// The matching is maximum.
    Maximum,
    /// The pass stalled (see [`Progress`]).
    Stalled,
    /// The pass had done `hand_over` units of work with exposed vertices left.
    HandedOver,
}

/// [`push_relabel_until`] that also stops, before its next walk or global relabel, once it
/// has done `hand_over` units of work (scanned edges, relabels included, the first relabel
/// not counted): for a caller that finishes the long walks left on a renumbered copy of the
/// graph (see `breadth_first_order.rs`).
///
/// Precondition: as [`push_relabel`].
pub(crate) fn push_relabel_handing_over<G: Adjacency>(
    graph: &G,
    side: &[bool],
    mut matching: Matching,
    stall: Stall,
    hand_over: u64,
) -> (Matching, Finish) {
    let bound = graph.vertex_bound();
    let (active_side, mut active) = active_vertices(graph, side, &matching);
    let mut labels = Labels::new(bound);
    labels.relabel_all(graph, side, active_side, &matching);
    let relabel_cost = (bound + graph.edge_count()) as u64;
    let mut progress = Progress::new(bound, graph.edge_count(), stall);
    // Relabel work not yet reported to `progress`, how much of `work` was, and the roots
    // settled since the last report. The first relabel is not counted: a window of work
    // before the first push would stall every pass.
    let (mut unreported, mut reported, mut settled) = (0u64, 0u64, 0u64);
    let mut work = 0u64;
    let mut slack = WALK_SLACK;
    let mut parked: Vec<u32> = Vec::new();
    // Work in all before the current window (`work`), relabels included.
    let mut done = 0u64;
    loop {
        if done + work >= hand_over {
            return (matching, Finish::HandedOver);
        }
        let unsettled = active.len() + parked.len();
        let new_work = std::mem::take(&mut unreported) + (work - reported);
        reported = work;
        if progress.stalled(new_work, std::mem::take(&mut settled), unsettled) {
            return (matching, Finish::Stalled);
        }
        let Some(mut x) = active.pop() else {
            if parked.is_empty() {
                break;
            }
            active.append(&mut parked);
            if work < relabel_cost {
                slack = slack.saturating_mul(4);
            } else {
                unreported += work - reported + relabel_cost;
                done += work + relabel_cost;
                (work, reported) = (0, 0);
                slack = WALK_SLACK;
                labels.relabel_all(graph, side, active_side, &matching);
            }
            continue;
        };
        // Pushes left before this walk is parked (set at its first step).
        let mut allowance = None;
        loop {
            if work > relabel_cost {
                if done + work >= hand_over {
                    return (matching, Finish::HandedOver);
                }
                let unsettled = active.len() + parked.len() + 1;
                let new_work = work - reported + relabel_cost;
                if progress.stalled(new_work, std::mem::take(&mut settled), unsettled) {
                    return (matching, Finish::Stalled);
                }
                done += work + relabel_cost;
                (work, reported) = (0, 0);
                slack = WALK_SLACK;
                allowance = None;
                labels.relabel_all(graph, side, active_side, &matching);
            }
            let label = &mut labels.label;
            let (mut best, mut least, mut second) = (NONE, labels.unreachable, labels.unreachable);
            for y in graph.neighbors(x) {
                work += 1;
                let l = label[y as usize];
                if l < least {
                    (best, least, second) = (y, l, least);
                    if l == 0 {
                        break; // An exposed far vertex: the walk ends here.
                    }
                } else if l < second {
                    second = l;
                }
            }
            if best == NONE {
                settled += 1;
                break; // No augmenting path from `x`, ever.
            }
            // An exact walk takes least / 2 + 1 pushes; a much longer one follows stale
            // labels, so it waits for the others and, if need be, for a global relabel.
            let left = allowance.get_or_insert(least.saturating_add(slack) / 2);
            if *left == 0 {
                parked.push(x);
                break;
            }
            *left -= 1;
            // A scan stopped at an exposed `best` saw no second label: 2 is a sure bound.
            label[best as usize] = if least == 0 {
                2
            } else {
                (second + 2).min(labels.unreachable)
            };
            let w = matching.mates()[best as usize];
            let mates = matching.mates_mut();
            mates[x as usize] = best;
            mates[best as usize] = x;
            if w == NONE {
                matching.grew();
                settled += 1;
                break;
            }
            mates[w as usize] = NONE;
            x = w;
        }
    }
    (matching, Finish::Maximum)
}

/// The side that carries the excess (the one with fewer exposed vertices: fewer walks), and
/// its exposed vertices.
fn active_vertices<G: Adjacency>(
    graph: &G,
    side: &[bool],
    matching: &Matching,
) -> (bool, Vec<u32>) {
    let exposed: Vec<u32> = (0..graph.vertex_bound() as u32)
        .filter(|&v| graph.contains(v) && matching.is_exposed(v))
        .collect();
    let right = exposed.iter().filter(|&&v| side[v as usize]).count();
    let active_side = 2 * right < exposed.len();
    let active = exposed
        .into_iter()
        .filter(|&v| side[v as usize] == active_side)
        .collect();
    (active_side, active)
}

/// Extra pushes a walk may take beyond its exact length before it is parked; quadrupled each
/// time every walk left is parked before a global relabel is due.
const WALK_SLACK: u32 = 16;

/// The far side's labels and the queue of their global relabel.
struct Labels {
    label: Vec<u32>,
    queue: Vec<u32>,
    /// Every label this large or larger proves that no alternating path leads to an exposed
    /// far vertex.
    unreachable: u32,
}

impl Labels {
    fn new(bound: usize) -> Self {
        // Finite distances are even and below 2 · bound (saturated: no path is that long).
        let unreachable = u32::try_from(2 * bound as u64 + 2).unwrap_or(u32::MAX);
        Labels {
            label: vec![unreachable; bound],
            queue: Vec::new(),
            unreachable,
        }
    }

    /// Sets every far vertex's label to its exact distance (`unreachable` when none): a
    /// breadth-first search from every exposed far vertex, backwards along alternating paths.
    fn relabel_all<G: Adjacency>(
        &mut self,
        graph: &G,
        side: &[bool],
        active_side: bool,
        matching: &Matching,
    ) {
        self.label.fill(self.unreachable);
        self.queue.clear();
        for v in 0..graph.vertex_bound() as u32 {
            if graph.contains(v) && side[v as usize] != active_side && matching.is_exposed(v) {
                self.label[v as usize] = 0;
                self.queue.push(v);
            }
        }
        let mates = matching.mates();
        let mut head = 0;
        while let Some(&y) = self.queue.get(head) {
            head += 1;
            let next = self.label[y as usize] + 2;
            for x in graph.neighbors(y) {
                let m = mates[x as usize];
                if m != NONE && self.label[m as usize] == self.unreachable {
                    self.label[m as usize] = next;
                    self.queue.push(m);
                }
            }
        }
    }
}
