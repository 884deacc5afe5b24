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
//!   (the bridge of `v`). These paths are only spelled out when augmenting;
//! - `find(v)` is the base of the outermost blossom holding `v`; shrinking walks from base to
//!   base, so each vertex is merged once per search.
//!
//! Per-search state is cleared through the list of touched vertices, never by sweeping every
//! vertex, so a search costs time in proportion to what it explored.
//!
//! Memory, 17 bytes per vertex: one byte of flags (the label, whether the vertex turned even
//! by a shrink, whether a buried tree holds it, and a transient mark for finding a base), and
//! four `u32` arrays: `pred`, `link`, and the two ends of a bridge (and two more, 25 bytes
//! in all, when it keeps track of its trees: `forest_pass.rs`). A bridge's first end is
//! kept in `pred` of the vertex's mate, a slot nothing else uses: the mate became even as
//! the mate of an odd vertex, and only odd vertices have a predecessor.
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
/// The bits of a flags byte that hold the label.
const LABEL: u8 = 3;
/// An odd vertex that turned even by a shrink: it has a bridge.
const BRIDGED: u8 = 4;
/// In a buried tree; the label stays.
const DEAD: u8 = 8;
/// On a path walked by `common_base`, cleared before it returns.
const MARK: u8 = 16;

/// The outcome of growing the forest until every even vertex is scanned or a path is found.
pub(crate) enum Growth {
    /// An exposed vertex was reached from an even vertex: the path to its root augments.
    Augmenting(u32),
    /// No augmenting path from the planted roots.
    Exhausted,
    /// The watcher passed to [`Forest::grow_watched`] asked to stop.
    Stopped,
    /// An edge joins even vertices of two trees: with the paths of both ends to their
    /// roots it makes an augmenting path between the two roots (possible only when several
    /// trees are planted and the matching is not maximum).
    Joined(u32, u32),
}

/// What an edge between two even vertices does to the forest (see [`Forest::close`]).
pub(crate) enum Closure {
    /// Both ends already lie in one blossom.
    Inside,
    /// The ends lie in two different trees: with the paths of both ends to their roots the
    /// edge makes an augmenting path.
    Across,
    /// The edge closed a blossom with this base; its odd vertices turned even and wait in
    /// [`Forest::pop_unscanned`].
    Shrunk(u32),
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
    flags: Vec<u8>,
    pred: Vec<u32>,
    /// The far end `y` of the bridge `x – y` of a bridged vertex (`x` is in `pred[mate]`).
    bridge_end: Vec<u32>,
    link: Vec<u32>,
    /// Even vertices whose edges are still to be scanned, the last labelled on top.
    unscanned: Vec<u32>,
    /// Scan `unscanned` from this index on, oldest first, instead of from the top: breadth
    /// first. `None`: depth first.
    breadth_first: Option<usize>,
    touched: Vec<u32>,
    steps: Vec<Step>,
    path: Vec<u32>,
    /// Edges scanned since the forest was made (the work the stall measure counts).
    scanned: u64,
    /// With trees tracked ([`Forest::tracking_trees`]), the root of each labelled vertex's
    /// tree (`NONE` for an unlabelled one), and each tree's vertices as a list threaded
    /// through `next_in_tree` from its root; both empty otherwise.
    tree_of: Vec<u32>,
    next_in_tree: Vec<u32>,
}

impl Forest {
    pub(crate) fn new(bound: usize) -> Self {
        Forest {
            flags: vec![FREE; bound],
            pred: vec![NONE; bound],
            bridge_end: vec![NONE; bound],
            link: (0..bound as u32).collect(),
            unscanned: Vec::new(),
            breadth_first: None,
            touched: Vec::new(),
            steps: Vec::new(),
            path: Vec::new(),
            scanned: 0,
            tree_of: Vec::new(),
            next_in_tree: Vec::new(),
        }
    }

    /// This forest, keeping track of the tree each vertex is in, so that two trees that meet
    /// can be taken apart ([`Forest::augment_across`]) while the others go on growing.
    pub(crate) fn tracking_trees(self) -> Self {
        let bound = self.flags.len();
        Forest {
            tree_of: vec![NONE; bound],
            next_in_tree: vec![NONE; bound],
            ..self
        }
    }

    fn tracks_trees(&self) -> bool {
        !self.tree_of.is_empty()
    }

    /// Puts `v` in the tree of `root` (with trees tracked).
    fn enter_tree(&mut self, v: u32, root: u32) {
        self.tree_of[v as usize] = root;
        if v != root {
            self.next_in_tree[v as usize] = self.next_in_tree[root as usize];
            self.next_in_tree[root as usize] = v;
        }
    }

    /// A forest that grows breadth first: the even vertex labelled first is scanned first,
    /// so the vertices near a root are labelled before the far ones.
    pub(crate) fn new_breadth_first(bound: usize) -> Self {
        Forest {
            breadth_first: Some(0),
            ..Forest::new(bound)
        }
    }

    /// Grows breadth first from now on (`true`) or depth first; between searches only.
    pub(crate) fn set_breadth_first(&mut self, breadth_first: bool) {
        debug_assert!(self.unscanned.is_empty(), "between searches");
        self.breadth_first = breadth_first.then_some(0);
    }

    /// The next even vertex to scan, in this forest's order.
    fn next_unscanned(&mut self) -> Option<u32> {
        match &mut self.breadth_first {
            None => self.unscanned.pop(),
            Some(head) => {
                let v = self.unscanned.get(*head).copied();
                *head += 1;
                v
            }
        }
    }

    /// Forgets the even vertices still to be scanned.
    fn clear_unscanned(&mut self) {
        self.unscanned.clear();
        if let Some(head) = &mut self.breadth_first {
            *head = 0;
        }
    }

    pub(crate) fn is_dead(&self, v: u32) -> bool {
        self.flags[v as usize] & DEAD != 0
    }

    pub(crate) fn is_even(&self, v: u32) -> bool {
        self.flags[v as usize] & LABEL == EVEN
    }

    pub(crate) fn is_odd(&self, v: u32) -> bool {
        self.flags[v as usize] & LABEL == ODD
    }

    /// Makes the exposed vertex `root` the even root of a new tree.
    pub(crate) fn plant(&mut self, root: u32) {
        self.label_free(root, EVEN);
        self.unscanned.push(root);
        if self.tracks_trees() {
            self.enter_tree(root, root);
        }
    }

    /// Labels a vertex of no tree.
    fn label_free(&mut self, v: u32, label: u8) {
        // With trees tracked, trees are taken apart by their lists, never reset or buried.
        if !self.tracks_trees() {
            self.touched.push(v);
        }
        self.flags[v as usize] = label;
    }

    /// Grows every planted tree depth first: the even vertex labelled last is scanned first.
    /// Any order is correct; this one heads for higher ids, where on a board (ids row by
    /// row, roots taken in increasing order) the exposed vertices left lie: 1.36× faster
    /// than breadth first on a 3000×3000 king board, 1.14× on a hex board, the same on
    /// random graphs.
    ///
    /// An even–even edge between two different trees ends the growth with
    /// [`Growth::Joined`]; it cannot happen with a single root, nor with every exposed vertex
    /// as a root when `mates` is a maximum matching.
    pub(crate) fn grow<G: Adjacency>(&mut self, graph: &G, mates: &[u32]) -> Growth {
        self.grow_watched(graph, mates, |_| false)
    }

    /// [`Forest::grow`], calling `watch` on every vertex as it turns even (roots excepted)
    /// and stopping with [`Growth::Stopped`] as soon as it returns true. The forest is then
    /// left as it was: its labels stay valid, and [`Forest::reset`] forgets it.
    pub(crate) fn grow_watched<G: Adjacency>(
        &mut self,
        graph: &G,
        mates: &[u32],
        mut watch: impl FnMut(u32) -> bool,
    ) -> Growth {
        while let Some(v) = self.next_unscanned() {
            if self.flags[v as usize] & LABEL != EVEN {
                // Queued, then freed with its tree (trees tracked).
                continue;
            }
            for w in graph.neighbors(v) {
                self.scanned += 1;
                let flags = self.flags[w as usize];
                if flags & DEAD != 0 {
                    continue;
                }
                match flags & LABEL {
                    ODD => {}
                    EVEN => {
                        let (bv, bw) = (self.find(v), self.find(w));
                        if bv != bw {
                            let Some(base) = self.common_base(bv, bw, mates) else {
                                if !self.tracks_trees() {
                                    self.clear_unscanned();
                                }
                                return Growth::Joined(v, w);
                            };
                            let from = self.unscanned.len();
                            self.shrink(v, w, base, mates);
                            self.shrink(w, v, base, mates);
                            if self.unscanned[from..].iter().any(|&odd| watch(odd)) {
                                self.clear_unscanned();
                                return Growth::Stopped;
                            }
                        }
                    }
                    _ => {
                        let m = mates[w as usize];
                        if m == NONE {
                            self.pred[w as usize] = v;
                            self.clear_unscanned();
                            return Growth::Augmenting(w);
                        }
                        self.attach(v, w, m);
                        self.unscanned.push(m);
                        if watch(m) {
                            self.clear_unscanned();
                            return Growth::Stopped;
                        }
                    }
                }
            }
        }
        self.clear_unscanned();
        Growth::Exhausted
    }

    /// Edges scanned by [`Forest::grow`] since the forest was made.
    pub(crate) fn scanned(&self) -> u64 {
        self.scanned
    }

    /// Whether `v` carries a label (even or odd).
    pub(crate) fn is_labelled(&self, v: u32) -> bool {
        self.flags[v as usize] & LABEL != FREE
    }

    /// Whether `v` was odd and turned even by a shrink.
    pub(crate) fn is_bridged(&self, v: u32) -> bool {
        self.flags[v as usize] & BRIDGED != 0
    }

    /// Grows by the edge `v – w` from the even `v` to the unlabelled `w`, whose mate is `m`:
    /// `w` turns odd and `m` even, both in `v`'s tree (trees tracked). `m` is not queued
    /// for scanning: a caller that drives the growth itself scans it.
    #[inline]
    pub(crate) fn attach(&mut self, v: u32, w: u32, m: u32) {
        self.pred[w as usize] = v;
        self.label_free(w, ODD);
        self.label_free(m, EVEN);
        if self.tracks_trees() {
            let root = self.tree_of[v as usize];
            self.enter_tree(w, root);
            self.enter_tree(m, root);
        }
    }

    /// Takes the edge `v – w` between two even vertices into the forest: nothing inside a
    /// blossom, a blossom shrunk within a tree, or the report that it joins two trees.
    pub(crate) fn close(&mut self, v: u32, w: u32, mates: &[u32]) -> Closure {
        let (bv, bw) = (self.find(v), self.find(w));
        if bv == bw {
            return Closure::Inside;
        }
        match self.common_base(bv, bw, mates) {
            None => Closure::Across,
            Some(base) => {
                self.shrink(v, w, base, mates);
                self.shrink(w, v, base, mates);
                Closure::Shrunk(base)
            }
        }
    }

    /// The last even vertex queued for scanning (planted roots, vertices turned even by a
    /// shrink), taken off the queue.
    pub(crate) fn pop_unscanned(&mut self) -> Option<u32> {
        self.unscanned.pop()
    }

    /// The base of the outermost blossom holding `v`.
    pub(crate) fn base(&mut self, v: u32) -> u32 {
        self.find(v)
    }

    /// Appends P(v) up to `stop` (inclusive; `NONE` for the root) to `out`: the even
    /// alternating path from the even vertex `v` (see the module invariants).
    pub(crate) fn even_path_to(&mut self, v: u32, stop: u32, mates: &[u32], out: &mut Vec<u32>) {
        self.spell(v, stop, mates, out);
    }

    /// Appends the augmenting path from the exposed vertex `end` (just reached) to its root,
    /// `end` first, to `out`, without flipping it.
    pub(crate) fn augmenting_path(&mut self, end: u32, mates: &[u32], out: &mut Vec<u32>) {
        out.push(end);
        self.spell(self.pred[end as usize], NONE, mates, out);
    }

    /// Removes `v` for good, like [`Forest::bury`] but one vertex of no tree.
    pub(crate) fn kill(&mut self, v: u32) {
        self.flags[v as usize] |= DEAD;
    }

    /// Flips the alternating path from the exposed vertex `end` (just reached) to its root.
    pub(crate) fn augment(&mut self, end: u32, mates: &mut [u32]) {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(end);
        self.spell(self.pred[end as usize], NONE, mates, &mut path);
        flip_pairs(&path, mates);
        self.path = path;
    }

    /// With trees tracked: flips the augmenting path that the edge `v – w` between even
    /// vertices of two trees makes with the paths of both to their roots, then takes both
    /// trees apart: their vertices are unlabelled, and each of them with an even neighbour
    /// in a tree left joins that tree at once (it turns odd, its mate even and queued), the
    /// others wait to be reached. The trees left are untouched: they stay alternating trees
    /// of the new matching (the path lies in the two trees taken apart).
    pub(crate) fn augment_across<G: Adjacency>(
        &mut self,
        graph: &G,
        (v, w): (u32, u32),
        mates: &mut [u32],
    ) {
        let roots = [self.tree_of[v as usize], self.tree_of[w as usize]];
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        self.spell(v, NONE, mates, &mut path);
        path.reverse();
        self.spell(w, NONE, mates, &mut path);
        flip_pairs(&path, mates);
        // The two trees' vertices, unlabelled.
        path.clear();
        for root in roots {
            let mut x = root;
            while x != NONE {
                path.push(x);
                self.flags[x as usize] = FREE;
                self.link[x as usize] = x;
                self.tree_of[x as usize] = NONE;
                x = std::mem::replace(&mut self.next_in_tree[x as usize], NONE);
            }
        }
        for &y in &path {
            if self.flags[y as usize] & LABEL != FREE {
                continue;
            }
            let Some(x) = graph
                .neighbors(y)
                .find(|&x| self.flags[x as usize] & (LABEL | DEAD) == EVEN)
            else {
                continue;
            };
            let m = mates[y as usize];
            self.attach(x, y, m);
            self.unscanned.push(m);
        }
        self.path = path;
    }

    /// Appends P(v) to `out`: the even alternating path from the even vertex `v` to its
    /// root, starting with `v`'s matched edge (see the module invariants).
    pub(crate) fn even_path(&mut self, v: u32, mates: &[u32], out: &mut Vec<u32>) {
        self.spell(v, NONE, mates, out);
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
                    if self.flags[v as usize] & BRIDGED == 0 {
                        out.push(mate);
                        v = self.pred[mate as usize];
                    } else {
                        let (x, y) = (self.pred[mate as usize], self.bridge_end[v as usize]);
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

    /// Forgets everything, buried and removed vertices included: a fresh forest, in O(V)
    /// without allocating.
    pub(crate) fn clear(&mut self) {
        self.flags.fill(FREE);
        for (v, link) in self.link.iter_mut().enumerate() {
            *link = v as u32;
        }
        self.touched.clear();
        self.clear_unscanned();
    }

    /// Forgets the search, ready for another root.
    pub(crate) fn reset(&mut self) {
        for &v in &self.touched {
            self.flags[v as usize] = FREE;
            self.link[v as usize] = v;
        }
        self.touched.clear();
    }

    /// Removes the explored vertices for good: a failed search's tree (a Hungarian tree)
    /// meets no augmenting path, now or after later augmentations (Edmonds). They keep their
    /// labels, which stay valid because no later augmentation touches them.
    pub(crate) fn bury(&mut self) {
        for &v in &self.touched {
            self.flags[v as usize] |= DEAD;
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

    /// The base of the innermost blossom containing both tree paths from bases `a` and `b`:
    /// walks up from both in turn, marking bases, until one is met twice; then clears the
    /// marks, which lie on each walk from its start up to the first unmarked base. `None`
    /// when both walks pass their roots without meeting: `a` and `b` are in different trees.
    fn common_base(&mut self, a: u32, b: u32, mates: &[u32]) -> Option<u32> {
        let (mut x, mut y) = (a, b);
        let base = loop {
            if x != NONE {
                if self.flags[x as usize] & MARK != 0 {
                    break Some(x);
                }
                self.flags[x as usize] |= MARK;
                x = self.base_above(x, mates);
            }
            std::mem::swap(&mut x, &mut y);
            if x == NONE && y == NONE {
                break None;
            }
        };
        for mut x in [a, b] {
            while x != NONE && self.flags[x as usize] & MARK != 0 {
                self.flags[x as usize] &= !MARK;
                x = self.base_above(x, mates);
            }
        }
        base
    }

    /// The base next above the base `b` on its tree path, `NONE` above the root.
    fn base_above(&mut self, b: u32, mates: &[u32]) -> u32 {
        match mates[b as usize] {
            NONE => NONE,
            up => self.find(self.pred[up as usize]),
        }
    }

    /// Shrinks the half of the blossom from `v`'s base up to `base`, closed by the edge
    /// `v`–`other`: the odd vertices on the way turn even, remembering the bridge.
    fn shrink(&mut self, v: u32, other: u32, base: u32, mates: &[u32]) {
        let mut b = self.find(v);
        while b != base {
            let odd = mates[b as usize];
            self.flags[odd as usize] = EVEN | BRIDGED;
            // `b`, the even mate of `odd`, has no predecessor of its own: its slot holds `v`.
            self.pred[b as usize] = v;
            self.bridge_end[odd as usize] = other;
            self.unscanned.push(odd);
            self.link[b as usize] = base;
            self.link[odd as usize] = base;
            b = self.find(self.pred[odd as usize]);
        }
    }
}

/// Flips an augmenting path given as its vertices from one exposed end to the other: each
/// consecutive pair becomes matched.
fn flip_pairs(path: &[u32], mates: &mut [u32]) {
    for pair in path.chunks_exact(2) {
        mates[pair[0] as usize] = pair[1];
        mates[pair[1] as usize] = pair[0];
    }
}
