//! When a fast bipartite pass has stopped paying: the stall measure that hands the rest of
//! the work to [`shortest_path_phases`](crate::shortest_path_phases), which keeps the whole
//! solve within O((V + E)·√V).
//!
//! The measure: progress per window of work. A pass (the budgeted searches, push–relabel)
//! counts its work in scanned edges (push–relabel's global relabels included) and its
//! progress in settled roots: an augmentation, or a root proven to be the end of no
//! augmenting path. Every `window` = V + E units of work, it asks whether the window settled
//! at least `required = min(s, ⌈a / 64⌉)` roots (at least 1), where `s = ⌈√V / 32⌉` and `a` is
//! the number of roots still unsettled; if not, the pass has stalled and stops. The budgeted
//! searches, which do not know `a`, ask for `max(s, (V + E) / 4096)`: a root per 4 096
//! scanned edges in every window, the cost past which push–relabel finishes for less (the
//! same figure as their rule on the average, but per window, so a pass that starts fast
//! and slows down is stopped when it slows: on the butterfly of B = 15 the searches settle
//! 2 523 roots in their first window and 526 in their second, then ran four more windows
//! under the average rule, 2.3 s where push–relabel finishes everything left in 0.15 s).
//!
//! Why this bounds the pass by O((V + E)·√V): a window that passes with `required = s`
//! settles s roots, and there are at most V roots, so at most V / s = 32·√V such windows
//! pass; a window that passes with `required = ⌈a / 64⌉ < s` shrinks `a` by a 64th, so at
//! most 64·ln s + 64 of those pass; and the window that fails is the last. Each window
//! costs V + E units (plus one search's overshoot, at most its budget). And the finisher
//! costs O((V + E)·√V) from any matching (Hopcroft and Karp), so the solve does too.
//!
//! Why it keeps the fast path: on the inputs the passes are built for (boards, random
//! graphs), a window of V + E work settles far more than √V / 32 roots (the budgeted searches
//! on a 1000×1000 board with 10% blocked settle 1 415 and 1 316 roots in their two windows,
//! against 641 asked), and the rule only compares, so their work is unchanged. On the
//! families built against augmenting paths, push–relabel's walks can follow labels that
//! other walks keep making stale, so that whole windows settle almost nothing: there the
//! rule stops it. The `a / 64` term keeps a pass from being stopped at its tail,
//! when few roots are left to settle and each costs a long walk. The constants are lenient
//! on purpose: the finisher is the guarantee, not the fast path. With `√V / 8` and `a / 4`,
//! push–relabel on the augmented cycle with chords 250–500 back (10⁶ vertices) stalled in its
//! second window (15 of 87 roots settled), and the phases took 79 s where push–relabel
//! alone finishes in 7–16 s.
//!
//! Invariants: the counters only grow within a window and restart at its end; `forced` (tests
//! only) stops the pass once its total work reaches the given amount, whatever its progress.
//!
//! # Complexity
//! O(1) per call, no memory.
//!
//! Tested through the solve with the passes forced to stop after 0 to 5 000 units of work
//! (`decompose_bipartite_forcing_finisher`, crate tests), and by the unit test below.

/// The stall measure of one pass (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct Progress {
    /// Work units per window: V + E.
    window: u64,
    /// Roots a window must settle when many are left: ⌈√V / 8⌉.
    per_window: u64,
    /// Work and settled roots in the current window.
    spent: u64,
    settled: u64,
    /// Work in all, and the amount at which a forced pass stops (`u64::MAX`: never).
    total: u64,
    forced: u64,
    /// Whether the rate is checked at all (false: only `forced` stops the pass).
    checked: bool,
    /// When not 0, a window must also settle a `share`-th of the roots left.
    share: u64,
    /// The rate is only checked while more roots than this are left.
    floor: u64,
}

/// How a pass decides it has stalled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stall {
    /// Never: the pass runs to its end.
    Never,
    /// By the rate of progress (the solver's rule).
    Rate,
    /// After this much work, whatever the progress (tests: the finisher forced).
    After(u64),
}

impl Progress {
    /// The measure for a graph of `vertices` ids and `edges` edges.
    pub(crate) fn new(vertices: usize, edges: usize, stall: Stall) -> Self {
        let per_window = ((vertices as f64).sqrt() / 32.0).ceil().max(1.0) as u64;
        Progress {
            window: (vertices + edges).max(1) as u64,
            per_window,
            spent: 0,
            settled: 0,
            total: 0,
            forced: match stall {
                Stall::After(work) => work,
                Stall::Never | Stall::Rate => u64::MAX,
            },
            checked: stall == Stall::Rate,
            share: 0,
            floor: 0,
        }
    }

    /// The same measure, never stalled by its rate while at most `floor` roots are left
    /// (forced stops still apply): for a pass whose searches cost O(V + E) each, so that
    /// `floor` = O(√V) more of them keep the O((V + E)·√V) bound without a finisher.
    pub(crate) fn at_most_left(mut self, floor: u64) -> Self {
        self.floor = floor;
        self
    }

    /// The same measure, asking also that every window settle a `share`-th of the roots
    /// left: a pass that, at its current rate, would need more than `share` more windows
    /// stops, for a finisher that does everything left in about that many passes over the
    /// graph. (Asking more only stops the pass sooner, so the bound above still holds.)
    pub(crate) fn at_least_share(mut self, share: u64) -> Self {
        self.share = share;
        self
    }

    /// The same measure, asking also for a settled root per `cost` units of work in every
    /// window: a pass that a cheaper finisher can replace once its roots cost more than that.
    pub(crate) fn at_most_per_root(mut self, cost: u64) -> Self {
        self.per_window = self.per_window.max(self.window / cost.max(1));
        self
    }

    /// Records `work` more units and `settled` more settled roots, with `unsettled` roots
    /// left; true when the pass has stalled and should stop.
    pub(crate) fn stalled(&mut self, work: u64, settled: u64, unsettled: usize) -> bool {
        self.stalled_expecting(work, settled, unsettled, unsettled as u64)
    }

    /// [`Progress::stalled`], with the share asked by [`Progress::at_least_share`] taken of
    /// `expected` roots instead of all those left: the roots expected to cost a search that
    /// may be repeated (a pass whose failed searches are paid once for good expects only its
    /// augmenting ones to). The other rules, and so the bound, still count every root left.
    pub(crate) fn stalled_expecting(
        &mut self,
        work: u64,
        settled: u64,
        unsettled: usize,
        expected: u64,
    ) -> bool {
        self.total = self.total.saturating_add(work);
        if self.total >= self.forced {
            return true;
        }
        self.spent = self.spent.saturating_add(work);
        self.settled += settled;
        if self.spent < self.window {
            return false;
        }
        let mut required = self.per_window.min((unsettled as u64).div_ceil(64)).max(1);
        if self.share > 0 {
            required = required.max(expected.div_ceil(self.share));
        }
        let stalled = self.checked && unsettled as u64 > self.floor && self.settled < required;
        self.spent = 0;
        self.settled = 0;
        stalled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_is_asked_of_the_roots_expected_to_augment() {
        // Windows of 10 000 units, s = 3, and a share of 8.
        let mut p = Progress::new(6400, 3600, Stall::Rate).at_least_share(8);
        // 100 settled of 1 000 left: under the 125 asked.
        assert!(p.stalled(10_000, 100, 1000));
        // Of the 1 000, 80 are expected to augment: 10 asked.
        let mut p = Progress::new(6400, 3600, Stall::Rate).at_least_share(8);
        assert!(!p.stalled_expecting(10_000, 100, 1000, 80));
        // The rate still counts every root left: 2 settled, 3 asked.
        assert!(p.stalled_expecting(10_000, 2, 1000, 0));
    }

    #[test]
    fn a_window_stalls_when_it_settles_too_few_roots() {
        // 6 400 vertices, 3 600 edges: windows of 10 000 units, s = ⌈80 / 32⌉ = 3.
        let mut p = Progress::new(6400, 3600, Stall::Rate);
        assert!(!p.stalled(9999, 0, 1000));
        // The window ends with 3 settled: enough.
        assert!(!p.stalled(1, 3, 1000));
        // 2 settled in the next: stalled.
        assert!(!p.stalled(5000, 2, 1000));
        assert!(p.stalled(5000, 0, 1000));
        // At the tail, a 64th of those left is enough (at least 1).
        let mut p = Progress::new(6400, 3600, Stall::Rate);
        assert!(!p.stalled(10_000, 1, 64));
        assert!(p.stalled(10_000, 1, 200));
        assert!(p.stalled(10_000, 0, 8));
        // A cost per root raises the rate asked: 10 000 / 1 000 = 10 roots a window, here
        // no more than s; 10 000 / 100 = 100 roots, more.
        let mut p = Progress::new(6400, 3600, Stall::Rate).at_most_per_root(1000);
        assert!(!p.stalled(10_000, 10, usize::MAX));
        let mut p = Progress::new(6400, 3600, Stall::Rate).at_most_per_root(100);
        assert!(p.stalled(10_000, 99, usize::MAX));
        // A share of those left: 1 000 left ask for 63 in a window at 16.
        let mut p = Progress::new(6400, 3600, Stall::Rate).at_least_share(16);
        assert!(p.stalled(10_000, 62, 1000));
        let mut p = Progress::new(6400, 3600, Stall::Rate).at_least_share(16);
        assert!(!p.stalled(10_000, 63, 1000));
        // At most `floor` left: never by the rate.
        let mut p = Progress::new(6400, 3600, Stall::Rate).at_most_left(100);
        assert!(!p.stalled(10_000, 0, 100));
        assert!(p.stalled(10_000, 0, 101));
        // Never checked: never stalls; forced: stops at the amount.
        let mut p = Progress::new(6400, 3600, Stall::Never);
        assert!(!p.stalled(1 << 40, 0, 1000));
        let mut p = Progress::new(6400, 3600, Stall::After(5));
        assert!(!p.stalled(4, 0, 1000));
        assert!(p.stalled(1, 0, 1000));
        assert!(Progress::new(10, 10, Stall::After(0)).stalled(0, 0, 1));
    }
}
