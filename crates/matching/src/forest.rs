//! The alternating forest with blossom shrinking that both [`blossom`](crate::maximum_matching)
//! and [`gallai_edmonds`](crate::gallai_edmonds) grow.
//!
//! Reference: J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17, 1965; the
//! predecessor rewiring on shrinking follows the usual array formulation of the algorithm,
//! with blossoms kept in a union–find structure whose root is the blossom's base.
//!
//! Invariants while growing:
//! - roots are exposed and even; an odd vertex `o` has `pred[o]`, the even vertex it was
//!   reached from, and its mate is even;
//! - every labelled vertex `x` has an even-length alternating path to its root that starts
//!   with its matched edge: `x, mate(x), pred[mate(x)], mate(pred[mate(x)]), …`; shrinking a
//!   blossom rewires `pred` of the cycle's vertices so that this stays true for the vertices
//!   that turn from odd to even (they leave the cycle through the bridge edge);
//! - `find(v)` is the base of the outermost blossom holding `v`.
//!
//! Per-search state is cleared through the list of touched vertices, never by sweeping every
//! vertex, so a search costs time in proportion to what it explored.
//!
//! # Complexity
//! Growing costs O(E·α(V)) over the explored part: each edge is scanned once from its even
//! end, and finding a blossom's base walks only over the blossom's own path (two walkers
//! taking turns).

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
}

pub(crate) struct Forest {
    label: Vec<u8>,
    pred: Vec<u32>,
    link: Vec<u32>,
    mark: Vec<u32>,
    stamp: u32,
    dead: Vec<bool>,
    queue: Vec<u32>,
    touched: Vec<u32>,
    merged: Vec<u32>,
}

impl Forest {
    pub(crate) fn new(bound: usize) -> Self {
        Forest {
            label: vec![FREE; bound],
            pred: vec![NONE; bound],
            link: (0..bound as u32).collect(),
            mark: vec![0; bound],
            stamp: 0,
            dead: vec![false; bound],
            queue: Vec::new(),
            touched: Vec::new(),
            merged: Vec::new(),
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
        let mut head = 0;
        while let Some(&v) = self.queue.get(head) {
            head += 1;
            for w in graph.neighbors(v) {
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
                            for merged in self.merged.drain(..) {
                                self.link[merged as usize] = base;
                            }
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
                        self.queue.push(m);
                    }
                }
            }
        }
        self.queue.clear();
        Growth::Exhausted
    }

    /// Flips the alternating path from the exposed vertex `end` (just reached) to its root.
    pub(crate) fn augment(&self, end: u32, mates: &mut [u32]) {
        let mut v = end;
        while v != NONE {
            let p = self.pred[v as usize];
            let next = mates[p as usize];
            mates[v as usize] = p;
            mates[p as usize] = v;
            v = next;
        }
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
    /// meets no augmenting path, now or after later augmentations (Edmonds).
    pub(crate) fn bury(&mut self) {
        for &v in &self.touched {
            self.dead[v as usize] = true;
        }
        self.reset();
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

    /// Shrinks the half of the blossom from `v` up to `base`, entered across the bridge from
    /// `bridge`: odd vertices turn even, and `pred` is rewired to leave through the bridge.
    fn shrink(&mut self, mut v: u32, mut bridge: u32, base: u32, mates: &[u32]) {
        loop {
            let bv = self.find(v);
            if bv == base {
                return;
            }
            self.pred[v as usize] = bridge;
            let m = mates[v as usize];
            if self.label[m as usize] == ODD {
                self.label[m as usize] = EVEN;
                self.queue.push(m);
            }
            // Linking waits until both halves are walked: the walk may pass through the
            // inside of a blossom on its way to that blossom's base.
            self.merged.push(bv);
            let bm = self.find(m);
            self.merged.push(bm);
            bridge = m;
            v = self.pred[m as usize];
        }
    }
}
