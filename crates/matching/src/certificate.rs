//! Checkable proof that a matching is maximum, and its checker.
//!
//! A certificate is a list of matched pairs plus either a vertex cover of the same size
//! (König: in a bipartite graph ν = τ; in any graph every matching is at most any cover) or
//! a Tutte–Berge set A (ν ≤ (|V| − odd(G − A) + |A|) / 2 for every A, with equality for
//! some). The checker trusts nothing from the solver: it recomputes everything from the graph.
//!
//! # Complexity
//! [`check`] runs in O(V + E) time and O(V) memory.
//!
//! Tested by certifying every solver result and by tampering with certificates.

use std::fmt;

use thiserror::Error;

use crate::decomposition::{Decomposition, Proof};
use crate::graph::{Adjacency, NONE};

/// A matching together with its proof of maximality.
///
/// Usually taken from a solver's result (`Certificate::from(&decomposition)`), but any claim
/// can be written down and [`check`]ed.
///
/// # Examples
///
/// ```
/// use geography_matching::{check, Certificate, CertificateError, Graph, Proof};
/// // The 4-cycle 0 – 1 – 2 – 3 – 0: two opposite corners cover every edge.
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
/// let claim = Certificate {
///     pairs: vec![(0, 1), (2, 3)],
///     proof: Proof::Konig { cover: vec![0, 2] },
/// };
/// assert_eq!(check(&g, &claim), Ok(2));
/// assert_eq!(claim.to_string(), "matching of size 2; König cover of size 2");
/// // Two adjacent corners leave the edge 2 – 3 uncovered.
/// let wrong = Certificate {
///     proof: Proof::Konig { cover: vec![0, 1] },
///     ..claim
/// };
/// assert_eq!(check(&g, &wrong), Err(CertificateError::Uncovered(2, 3)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// The matched pairs.
    pub pairs: Vec<(u32, u32)>,
    /// Why no larger matching exists.
    pub proof: Proof,
}

impl From<&Decomposition> for Certificate {
    fn from(decomposition: &Decomposition) -> Self {
        Certificate {
            pairs: decomposition.matching().pairs().collect(),
            proof: decomposition.proof().clone(),
        }
    }
}

/// Why a certificate does not prove what it claims.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CertificateError {
    /// A pair or a proof vertex names an id that is not a vertex of the graph.
    #[error("{0} is not a vertex of the graph")]
    NotAVertex(u32),
    /// A matched pair is not an edge.
    #[error("matched pair ({0}, {1}) is not an edge")]
    NotAnEdge(u32, u32),
    /// A vertex is in two matched pairs.
    #[error("vertex {0} is matched twice")]
    MatchedTwice(u32),
    /// A proof vertex is listed twice.
    #[error("vertex {0} is listed twice in the proof")]
    ListedTwice(u32),
    /// An edge has neither end in the claimed cover.
    #[error("edge ({0}, {1}) is not covered")]
    Uncovered(u32, u32),
    /// The bound proven is larger than the matching.
    #[error("the proof bounds matchings by {bound}, but the matching has {size} edges")]
    Gap {
        /// The upper bound the proof establishes.
        bound: usize,
        /// The number of matched pairs.
        size: usize,
    },
}

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, set) = match &self.proof {
            Proof::Konig { cover } => ("König cover", cover),
            Proof::TutteBerge { barrier } => ("Tutte–Berge set", barrier),
        };
        write!(
            f,
            "matching of size {}; {name} of size {}",
            self.pairs.len(),
            set.len()
        )
    }
}

/// Checks that `certificate` proves its matching maximum in `graph`; returns the matching size.
///
/// # Errors
/// The first defect found, as a [`CertificateError`].
///
/// # Examples
///
/// ```
/// use geography_matching::{check, decompose, Certificate, Graph};
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
/// let mut certificate = Certificate::from(&decompose(&g));
/// assert_eq!(check(&g, &certificate), Ok(2));
/// certificate.pairs.pop();
/// assert!(check(&g, &certificate).is_err());
/// ```
pub fn check<G: Adjacency>(
    graph: &G,
    certificate: &Certificate,
) -> Result<usize, CertificateError> {
    let bound = graph.vertex_bound();
    let is_vertex = |v: u32| (v as usize) < bound && graph.contains(v);
    let mut mate = vec![NONE; bound];
    for &(u, v) in &certificate.pairs {
        for x in [u, v] {
            if !is_vertex(x) {
                return Err(CertificateError::NotAVertex(x));
            }
            if mate[x as usize] != NONE {
                return Err(CertificateError::MatchedTwice(x));
            }
        }
        if u == v {
            return Err(CertificateError::MatchedTwice(u));
        }
        mate[u as usize] = v;
        mate[v as usize] = u;
    }
    // Each pair is an edge: scan every adjacency list once.
    let mut confirmed = 0usize;
    for u in (0..bound as u32).filter(|&u| graph.contains(u)) {
        let m = mate[u as usize];
        if m != NONE && graph.neighbors(u).any(|w| w == m) {
            confirmed += 1;
        }
    }
    if confirmed != 2 * certificate.pairs.len() {
        let &(u, v) = certificate
            .pairs
            .iter()
            .find(|&&(u, v)| !graph.neighbors(u).any(|w| w == v))
            .expect("an unconfirmed pair exists");
        return Err(CertificateError::NotAnEdge(u, v));
    }
    let size = certificate.pairs.len();
    let bound_proven = match &certificate.proof {
        Proof::Konig { cover } => {
            let in_cover = membership(graph, cover)?;
            for u in (0..bound as u32).filter(|&u| graph.contains(u)) {
                if let Some(w) = graph
                    .neighbors(u)
                    .find(|&w| !in_cover[u as usize] && !in_cover[w as usize])
                {
                    return Err(CertificateError::Uncovered(u, w));
                }
            }
            cover.len()
        }
        Proof::TutteBerge { barrier } => {
            let in_barrier = membership(graph, barrier)?;
            let odd = odd_components_without(graph, &in_barrier);
            let vertices = graph.vertex_count();
            (vertices + barrier.len() - odd) / 2
        }
    };
    if bound_proven == size {
        Ok(size)
    } else {
        Err(CertificateError::Gap {
            bound: bound_proven,
            size,
        })
    }
}

fn membership<G: Adjacency>(graph: &G, set: &[u32]) -> Result<Vec<bool>, CertificateError> {
    let bound = graph.vertex_bound();
    let mut member = vec![false; bound];
    for &v in set {
        if (v as usize) >= bound || !graph.contains(v) {
            return Err(CertificateError::NotAVertex(v));
        }
        if member[v as usize] {
            return Err(CertificateError::ListedTwice(v));
        }
        member[v as usize] = true;
    }
    Ok(member)
}

/// The number of odd-sized components of the graph without the `removed` vertices.
fn odd_components_without<G: Adjacency>(graph: &G, removed: &[bool]) -> usize {
    let bound = graph.vertex_bound();
    let mut seen = removed.to_vec();
    let mut stack = Vec::new();
    let mut odd = 0;
    for root in 0..bound as u32 {
        if seen[root as usize] || !graph.contains(root) {
            continue;
        }
        seen[root as usize] = true;
        stack.push(root);
        let mut size = 0usize;
        while let Some(u) = stack.pop() {
            size += 1;
            for w in graph.neighbors(u) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        odd += size % 2;
    }
    odd
}
