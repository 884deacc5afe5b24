//! The alternating forest with blossom shrinking that both [`blossom`](crate::maximum_matching)
//! and [`gallai_edmonds`](crate::gallai_edmonds) grow.
//!
//! References: J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17, 1965; the bridge
//! labels that let a shrink touch only blossom bases follow H. N. Gabow, "An efficient
//! implementation of Edmonds' algorithm for maximum matching on graphs", J. ACM 23, 1976.
//!
//! Invariants while growing:
//! - roots are exposed and even; an odd vertex `o` has `pred[o]`, the even vertex it was
//!   reached from; its mate is even;
//! - every even vertex `v` has an even-length alternating path P(v) to its root that starts
//!   with its matched edge: P(v) = v, mate(v), P(pred[mate(v)]) when `v` became even as the
//!   mate of an odd vertex; and P(v) = v, reverse(P(x) up to mate(v)), P(y) when `v` was odd
//!   and turned even by shrinking the blossom closed by the edge x–y, `x` on its side
//!   (`bridge[v] = (x, y)`). These paths are only spelled out when augmenting;
//! - `find(v)` is the base of the outermost blossom holding `v`; shrinking walks from base to
//!   base, so each vertex is merged once per search.
//!
//! Per-search state is cleared through the list of touched vertices, never by sweeping every
//! vertex, so a search costs time in proportion to what it explored.
//!
//! # Complexity
//! Growing costs O(E·α(V)) over the explored part: each edge is scanned once from its even
//! end, finding a blossom's base walks two paths of bases taking turns, and shrinking walks
//! each base once. Spelling out an augmenting path of length L costs O(L·d) for blossoms
//! nested d deep.

use crate::graph::{Adjacency, NONE};

const FREE: u8 = 0;
const EVEN: u8 = 1;
const ODD: u8 = 2;

/// The outcome of growing the forest until its queue is empty or a path is found.
pub(crate) enum Growth {
    /// An exposed vertex was reached from an even vertex: the path to its root augments.
    Augmenting(u32),
    /// No augmenting path from the planted roots.
    Exhausted,
    /// The search scanned its budget of edges without an answer.
    OverBudget,
}

/// One step of spelling out a path P(v) (see the module invariants).
#[derive(Clone, Copy)]
enum Step {
    /// Append P(v) up to and including `stop` (or up to the root when `stop` is `NONE`).
    Up { v: u32, stop: u32 },
    /// Reverse everything appended from this index on.
    Reverse { from: usize },
}

pub(crate) struct Forest {
    label: Vec<u8>,
    pred: Vec<u32>,
    bridge: Vec<(u32, u32)>,
    link: Vec<u32>,
    mark: Vec<u32>,
    stamp: u32,
    dead: Vec<bool>,
    queue: Vec<u32>,
    touched: Vec<u32>,
    steps: Vec<Step>,
    path: Vec<u32>,
}

impl Forest {
    pub(crate) fn new(bound: usize) -> Self {
        Forest {
            label: vec![FREE; bound],
            pred: vec![NONE; bound],
            bridge: vec![(NONE, NONE); bound],
            link: (0..bound as u32).collect(),
            mark: vec![0; bound],
            stamp: 0,
            dead: vec![false; bound],
            queue: Vec::new(),
            touched: Vec::new(),
            steps: Vec::new(),
            path: Vec::new(),
        }
    }

    pub(crate) fn is_dead(&self, v: u32) -> bool {
        self.dead[v as usize]
    }

    pub(crate) fn is_even(&self, v: u32) -> bool {
        self.label[v as usize] == EVEN
    }

    pub(crate) fn is_odd(&self, v: u32) -> bool {
        self.label[v as usize] == ODD
    }

    /// Makes the exposed vertex `root` the even root of a new tree.
    pub(crate) fn plant(&mut self, root: u32) {
        self.set_label(root, EVEN);
        self.bridge[root as usize] = (NONE, NONE);
        self.queue.push(root);
    }

    fn set_label(&mut self, v: u32, label: u8) {
        if self.label[v as usize] == FREE {
            self.touched.push(v);
        }
        self.label[v as usize] = label;
    }

    /// Grows every planted tree breadth-first.
    ///
    /// Precondition: no even–even edge joins two different trees (true with a single root,
    /// and with every exposed vertex as a root when `mates` is a maximum matching).
    pub(crate) fn grow<G: Adjacency>(&mut self, graph: &G, mates: &[u32]) -> Growth {
        self.grow_within(graph, mates, u64::MAX)
    }

    /// Like [`Forest::grow`], giving up once `budget` edges have been scanned.
    pub(crate) fn grow_within<G: Adjacency>(
        &mut self,
        graph: &G,
        mates: &[u32],
        mut budget: u64,
    ) -> Growth {
        let mut head = 0;
        while let Some(&v) = self.queue.get(head) {
            head += 1;
            if budget == 0 {
                self.queue.clear();
                return Growth::OverBudget;
            }
            for w in graph.neighbors(v) {
                budget = budget.saturating_sub(1);
                if self.dead[w as usize] {
                    continue;
                }
                match self.label[w as usize] {
                    ODD => {}
                    EVEN => {
                        let (bv, bw) = (self.find(v), self.find(w));
                        if bv != bw {
                            let base = self.common_base(bv, bw, mates);
                            self.shrink(v, w, base, mates);
                            self.shrink(w, v, base, mates);
                        }
                    }
                    _ => {
                        self.pred[w as usize] = v;
                        let m = mates[w as usize];
                        if m == NONE {
                            self.queue.clear();
                            return Growth::Augmenting(w);
                        }
                        self.set_label(w, ODD);
                        self.set_label(m, EVEN);
                        self.bridge[m as usize] = (NONE, NONE);
                        self.queue.push(m);
                    }
                }
            }
        }
        self.queue.clear();
        Growth::Exhausted
    }

    /// Flips the alternating path from the exposed vertex `end` (just reached) to its root.
    pub(crate) fn augment(&mut self, end: u32, mates: &mut [u32]) {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(end);
        self.spell(self.pred[end as usize], NONE, mates, &mut path);
        for pair in path.chunks_exact(2) {
            mates[pair[0] as usize] = pair[1];
            mates[pair[1] as usize] = pair[0];
        }
        self.path = path;
    }

    /// Appends P(v) up to `stop` (inclusive; `NONE` for the root) to `out`, without recursion.
    fn spell(&mut self, v: u32, stop: u32, mates: &[u32], out: &mut Vec<u32>) {
        let mut steps = std::mem::take(&mut self.steps);
        steps.push(Step::Up { v, stop });
        while let Some(step) = steps.pop() {
            match step {
                Step::Reverse { from } => out[from..].reverse(),
                Step::Up { mut v, stop } => loop {
                    out.push(v);
                    let mate = mates[v as usize];
                    if v == stop || mate == NONE {
                        break;
                    }
                    let (x, y) = self.bridge[v as usize];
                    if x == NONE {
                        out.push(mate);
                        v = self.pred[mate as usize];
                    } else {
                        // P(v) = v, reverse(P(x) up to mate(v)), P(y): do the middle first.
                        steps.push(Step::Up { v: y, stop });
                        steps.push(Step::Reverse { from: out.len() });
                        steps.push(Step::Up { v: x, stop: mate });
                        break;
                    }
                },
            }
        }
        self.steps = steps;
    }

    /// Forgets the search, ready for another root.
    pub(crate) fn reset(&mut self) {
        for &v in &self.touched {
            self.label[v as usize] = FREE;
            self.link[v as usize] = v;
        }
        self.touched.clear();
    }

    /// Removes the explored vertices for good: a failed search's tree (a Hungarian tree)
    /// meets no augmenting path, now or after later augmentations (Edmonds). They keep their
    /// labels, which stay valid because no later augmentation touches them.
    pub(crate) fn bury(&mut self) {
        for &v in &self.touched {
            self.dead[v as usize] = true;
        }
        self.touched.clear();
    }

    /// The base of the outermost blossom holding `v`, with path halving.
    fn find(&mut self, mut v: u32) -> u32 {
        while self.link[v as usize] != v {
            let up = self.link[self.link[v as usize] as usize];
            self.link[v as usize] = up;
            v = up;
        }
        v
    }

    /// The base of the innermost blossom containing both tree paths from bases `a` and `b`.
    fn common_base(&mut self, mut a: u32, mut b: u32, mates: &[u32]) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        loop {
            if a != NONE {
                if self.mark[a as usize] == self.stamp {
                    return a;
                }
                self.mark[a as usize] = self.stamp;
                let up = mates[a as usize];
                a = if up == NONE {
                    NONE
                } else {
                    self.find(self.pred[up as usize])
                };
            }
            std::mem::swap(&mut a, &mut b);
            assert!(
                a != NONE || b != NONE,
                "even vertices of two trees are adjacent: the matching is not maximum"
            );
        }
    }

    /// Shrinks the half of the blossom from `v`'s base up to `base`, closed by the edge
    /// `v`–`other`: the odd vertices on the way turn even, remembering the bridge.
    fn shrink(&mut self, v: u32, other: u32, base: u32, mates: &[u32]) {
        let mut b = self.find(v);
        while b != base {
            let odd = mates[b as usize];
            self.label[odd as usize] = EVEN;
            self.bridge[odd as usize] = (v, other);
            self.queue.push(odd);
            self.link[b as usize] = base;
            self.link[odd as usize] = base;
            b = self.find(self.pred[odd as usize]);
        }
    }
}
