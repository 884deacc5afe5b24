//! Maximum matchings, their structure and their certificates, on flat graphs.
//!
//! The kernels behind `geography`: a vertex of an undirected graph is won by the player to
//! move from it exactly when every maximum matching covers it, so solving the game is
//! computing a maximum matching and the Gallai–Edmonds decomposition.
//!
//! - [`Graph`]: compressed sparse row storage; [`Masked`]: the same with vertices removed.
//! - [`two_colouring`], [`greedy_matching`], [`budgeted_searches`], [`push_relabel`],
//!   [`multi_source_phases`], [`hopcroft_karp`], [`shortest_path_phases`] (bipartite; the
//!   last with an O(E·√V) bound from any start),
//!   [`maximum_matching`] (Edmonds' blossom algorithm, any graph),
//!   [`general_shortest_path_phases`] (any graph; phases of shortest augmenting paths after
//!   Gabow, the finisher of the blossom searches).
//! - [`bipartite_decomposition`] and [`gallai_edmonds`]: the class of every vertex;
//!   [`decompose`] picks the right one.
//! - [`edge_classes`]: which edges every, some or no maximum matching uses.
//! - [`Certificate`] and [`check`]: a linear-time proof check that trusts no solver.
//! - [`Family`]: the graph families built against matching heuristics, at any size.
//! - [`DeletionMatching`]: a maximum matching kept up to date while vertices are deleted one
//!   by one, for analysing played games.
//!
//! No I/O, no threads, no recursion whose depth grows with the input.
//!
//! # Example
//!
//! Build a graph from its edges, decompose it, and check the certificate without trusting
//! the solver:
//!
//! ```
//! use geography_matching::{check, decompose, maximum_matching, Certificate, Class, Graph, Proof};
//!
//! // The path 0 – 1 – 2, and the edge 3 – 4 on its own.
//! let graph = Graph::from_edges(5, [(0, 1), (1, 2), (3, 4)]).unwrap();
//! assert_eq!(maximum_matching(&graph).size(), 2);
//!
//! let decomposition = decompose(&graph);
//! assert_eq!(decomposition.matching().size(), 2);
//! // The ends of the path can be left exposed; 1 and the edge 3 – 4 cannot.
//! assert_eq!(
//!     decomposition.classes(),
//!     [Class::Missable, Class::Barrier, Class::Missable, Class::Covered, Class::Covered]
//! );
//! // In the game, the player to move from 1, 3 or 4 wins; from 0 or 2, loses.
//! assert!(decomposition.class(1).always_covered());
//! assert!(!decomposition.class(0).always_covered());
//!
//! // The graph is bipartite, so the proof is a König cover as large as the matching.
//! let certificate = Certificate::from(&decomposition);
//! assert!(matches!(&certificate.proof, Proof::Konig { cover } if cover.len() == 2));
//! assert_eq!(check(&graph, &certificate), Ok(2));
//!
//! // A tampered certificate is caught.
//! let mut smaller = certificate.clone();
//! smaller.pairs.pop();
//! assert!(check(&graph, &smaller).is_err());
//! ```

#![deny(missing_docs)]

mod arc_marks;
mod bipartite_edges;
mod blossom;
mod blossom_deletion;
mod breadth_first_order;
mod budgeted_search;
mod certificate;
mod colouring;
mod covered_edges;
mod decomposition;
mod dulmage_mendelsohn;
mod edge_classes;
mod families;
mod forest;
mod forest_pass;
mod gabow;
mod gallai_edmonds;
mod graph;
mod greedy;
mod hopcroft_karp;
mod incremental;
mod matching;
mod multi_source;
mod progress;
mod push_relabel;
mod random;
mod shortest_paths;
mod solve;
mod under_deletion;

pub use blossom::{augment_to_maximum, blossom_decomposition, maximum_matching};
pub use blossom_deletion::BlossomDeletion;
pub use budgeted_search::{
    budgeted_searches, budgeted_searches_from, budgeted_searches_in_part, solver_budget, Searched,
    WarmStart,
};
pub use certificate::{check, Certificate, CertificateError};
pub use colouring::two_colouring;
pub use decomposition::{Class, Decomposition, Proof};
pub use dulmage_mendelsohn::bipartite_decomposition;
pub use edge_classes::{edge_classes, edge_classes_until, EdgeClass, EdgeClasses};
pub use families::{Family, FamilyGraph};
pub use forest_pass::decompose_by_forest;
pub use gabow::general_shortest_path_phases;
pub use gallai_edmonds::gallai_edmonds;
pub use graph::{Adjacency, Graph, GraphError, Masked, MaskedNeighbors, NONE};
pub use greedy::greedy_matching;
pub use hopcroft_karp::hopcroft_karp;
pub use incremental::{DeletionMatching, Search, Work};
pub use matching::Matching;
pub use multi_source::multi_source_phases;
pub use push_relabel::push_relabel;
pub use random::Random;
pub use shortest_paths::shortest_path_phases;
pub use solve::{
    bipartite_maximum_matching, decompose, decompose_bipartite,
    decompose_bipartite_forcing_finisher, decompose_bipartite_forcing_renumbering,
    decompose_bipartite_from, decompose_forcing_finisher, decompose_forcing_renumbering,
};
pub use under_deletion::UnderDeletion;

// The README's example runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
