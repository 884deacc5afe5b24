//! The marks the edge-class searches keep per arc: what [`edge_classes`](crate::edge_classes)
//! knows of each arc before and after the searches over the perfectly matched part
//! (`bipartite_edges.rs` on bipartite graphs, `covered_edges.rs` on the others).
//!
//! One byte per arc, both arcs of an edge marked alike.

/// Not decided yet: the searches over the perfectly matched part decide it.
pub(crate) const PENDING: u8 = 0;
/// An arc on a found alternating cycle (or in the matching): allowed or vital.
pub(crate) const IN_SOME: u8 = 1;
/// An arc no maximum matching uses.
pub(crate) const IN_NONE: u8 = 2;
