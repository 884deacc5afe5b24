//! Why a solve report's answer holds, for a reader: the Gallai–Edmonds class of every vertex,
//! the odd components of G − A behind a Tutte–Berge proof, and the sentences that say why the
//! matching is maximum and why the player to move from each vertex wins or loses.
//!
//! The playground draws the certificate (the matching, the König cover ringed, the set A
//! boxed, the odd components of G − A shaded) and shows these sentences beside it, so they
//! speak of the picture; they are written here once, from the decomposition the solve
//! already has, and the page only reads them ([`SolveReport::explained`]).
//!
//! # Complexity
//! O(V + E) time and O(V) memory: one pass over the graph for the odd components (a board's
//! read off its cells, no adjacency lists built), one sentence a vertex when asked for.
//!
//! # Tests
//! Below: the classes against their definition (D the missable vertices, A their other
//! neighbours, C the rest) and the odd components against the certificate's bound, on every
//! small graph of a few shapes; the sentences word for word.
//!
//! [`SolveReport::explained`]: crate::SolveReport::explained

use geography_matching::{Adjacency, Certificate, Class, Proof, NONE};
use geography_rules::{Game, Named, Solution};
use serde::Serialize;

/// `explanation` of a report: why the answer holds, in data and in sentences.
///
/// A compact report keeps the two proof sentences only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The certificate in one sentence: the size of its proof and the independent check's
    /// word.
    pub certificate: String,
    /// Why the matching is maximum, step by step, as the picture of the certificate shows it.
    pub proof: String,
    /// The Gallai–Edmonds class of every vertex; `None` in a compact report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<Classes>,
    /// The components of the graph without the Tutte–Berge set A that have an odd number of
    /// vertices, each increasing, ordered by their first vertex; `None` under a König proof
    /// and in a compact report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odd_components: Option<Vec<Vec<Named>>>,
    /// Why the player to move from each vertex wins or loses, one sentence a vertex in id
    /// order (free cells in row-major order on a board); when asked for, and not in a compact
    /// report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Vec<String>>,
}

/// `classes` of an [`Explanation`]: the vertices of each Gallai–Edmonds class, increasing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Classes {
    /// D: some maximum matching misses them (the player to move from one loses).
    pub d: Vec<Named>,
    /// A: never missed, next to a vertex of D.
    pub a: Vec<Named>,
    /// C: never missed, no neighbour in D.
    pub c: Vec<Named>,
}

/// The words of a game's vertices: `vertex`/`vertices` on a graph, `cell`/`cells` on a
/// board.
struct Nouns {
    one: &'static str,
    many: &'static str,
    whole: &'static str,
}

impl Nouns {
    fn of(game: &Game) -> Self {
        if game.board().is_some() {
            Nouns {
                one: "cell",
                many: "cells",
                whole: "board",
            }
        } else {
            Nouns {
                one: "vertex",
                many: "vertices",
                whole: "graph",
            }
        }
    }
}

impl Explanation {
    /// The explanation of `solution` on `game`, whose certificate is `certificate` (taken from
    /// the solution) and was `verified` or not; with a sentence for every vertex when `why`;
    /// the sentences only (every list empty) unless `lists`.
    pub(crate) fn new(
        game: &Game,
        solution: &Solution,
        certificate: &Certificate,
        verified: bool,
        why: bool,
        lists: bool,
    ) -> Self {
        let why = why && lists;
        let barrier = match &certificate.proof {
            Proof::Konig { .. } => None,
            Proof::TutteBerge { barrier } => Some(barrier.as_slice()),
        };
        // A board is read off its cells, with no adjacency lists built.
        let (odd, isolated) = match game.grid() {
            Some(grid) => shape(grid, barrier, why),
            None => shape(game.graph(), barrier, why),
        };
        let decomposition = solution.decomposition();
        let nouns = Nouns::of(game);
        let named = |vs: &[u32]| vs.iter().map(|&v| game.name(v)).collect::<Vec<_>>();
        let of_class = |class: Class| {
            (0..game.vertex_count() as u32)
                .filter(|&v| decomposition.class(v) == class)
                .map(|v| game.name(v))
                .collect()
        };
        let why = why.then(|| {
            let mut mate = vec![NONE; game.vertex_count()];
            for &(u, v) in &certificate.pairs {
                mate[u as usize] = v;
                mate[v as usize] = u;
            }
            (0..game.vertex_count() as u32)
                .map(|v| {
                    let partner = Some(mate[v as usize])
                        .filter(|&m| m != NONE)
                        .map(|m| game.name(m));
                    why_sentence(
                        &game.describe(v),
                        decomposition.class(v),
                        isolated[v as usize],
                        partner,
                    )
                })
                .collect()
        });
        Explanation {
            certificate: certificate_sentence(&certificate.proof, verified, &nouns),
            proof: proof_sentence(
                game.vertex_count(),
                certificate,
                odd.as_ref().map_or(0, Vec::len),
                verified,
                &nouns,
            ),
            classes: lists.then(|| Classes {
                d: of_class(Class::Missable),
                a: of_class(Class::Barrier),
                c: of_class(Class::Covered),
            }),
            odd_components: odd
                .filter(|_| lists)
                .map(|parts| parts.iter().map(|part| named(part)).collect()),
            why,
        }
    }

    /// Drops the lists, keeping the two sentences (a compact report's explanation).
    pub(crate) fn keep_sentences_only(&mut self) {
        self.classes = None;
        self.odd_components = None;
        self.why = None;
    }
}

/// What an explanation reads off the graph: the odd components of G − A under a barrier A,
/// and with `why` whether each vertex has no neighbour.
fn shape<G: Adjacency>(
    graph: &G,
    barrier: Option<&[u32]>,
    why: bool,
) -> (Option<Vec<Vec<u32>>>, Vec<bool>) {
    let odd = barrier.map(|barrier| odd_components(graph, barrier));
    let isolated = if why {
        (0..graph.vertex_bound() as u32)
            .map(|v| graph.neighbors(v).next().is_none())
            .collect()
    } else {
        Vec::new()
    };
    (odd, isolated)
}

/// The components of `graph` without the vertices of `removed` that have an odd number of
/// vertices: each increasing, ordered by their first vertex.
///
/// # Complexity
/// O(V + E) time, O(V) memory.
fn odd_components<G: Adjacency>(graph: &G, removed: &[u32]) -> Vec<Vec<u32>> {
    let mut seen = vec![false; graph.vertex_bound()];
    for &v in removed {
        seen[v as usize] = true;
    }
    let mut odd = Vec::new();
    for root in 0..graph.vertex_bound() as u32 {
        if seen[root as usize] || !graph.contains(root) {
            continue;
        }
        seen[root as usize] = true;
        let mut part = vec![root];
        let mut head = 0;
        while let Some(&u) = part.get(head) {
            head += 1;
            for w in graph.neighbors(u) {
                if !std::mem::replace(&mut seen[w as usize], true) {
                    part.push(w);
                }
            }
        }
        if part.len() % 2 == 1 {
            part.sort_unstable();
            odd.push(part);
        }
    }
    odd
}

/// The independent check's word.
fn checked(verified: bool) -> &'static str {
    if verified {
        "checked independently ✓"
    } else {
        "CHECK FAILED"
    }
}

/// Half of `x`, written as a number: `3`, or `2.5` when odd (only a failed proof is).
fn half(x: usize) -> String {
    if x % 2 == 0 {
        (x / 2).to_string()
    } else {
        format!("{}.5", x / 2)
    }
}

/// The certificate in a sentence: `Proof that the matching is maximum: a vertex cover of 3
/// cells (König); checked independently ✓.`
fn certificate_sentence(proof: &Proof, verified: bool, nouns: &Nouns) -> String {
    let proof = match proof {
        Proof::Konig { cover } => {
            format!("a vertex cover of {} {} (König)", cover.len(), nouns.many)
        }
        Proof::TutteBerge { barrier } => {
            format!("a Tutte–Berge barrier of {} {}", barrier.len(), nouns.many)
        }
    };
    format!(
        "Proof that the matching is maximum: {proof}; {}.",
        checked(verified)
    )
}

/// Why the drawn matching is maximum: it is perfect, or the König cover bounds it, or the
/// Tutte–Berge set A and the `odd` odd components of G − A do.
fn proof_sentence(
    n: usize,
    certificate: &Certificate,
    odd: usize,
    verified: bool,
    nouns: &Nouns,
) -> String {
    let size = certificate.pairs.len();
    let checked = checked(verified);
    let claim = format!("Proof that the {size} drawn edges are a maximum matching");
    if 2 * size == n {
        return format!(
            "{claim}: they cover every {} (a perfect matching); {checked}.",
            nouns.one
        );
    }
    let (q, parts) = (
        odd,
        format!("{odd} odd part{} (shaded)", if odd == 1 { "" } else { "s" }),
    );
    match &certificate.proof {
        Proof::Konig { cover } => {
            let k = cover.len();
            format!(
                "{claim} (König): the {k} ringed {} touch every edge, and no two matching edges \
                 share a {}, so no matching has more than {k} edges; {checked}.",
                nouns.many, nouns.one
            )
        }
        Proof::TutteBerge { barrier } if barrier.is_empty() => format!(
            "{claim} (Tutte–Berge): the {} has {parts}; each leaves a {} unmatched, so at most \
             ({n} − {q}) / 2 = {} edges fit; {checked}.",
            nouns.whole,
            nouns.one,
            half(n.saturating_sub(q))
        ),
        Proof::TutteBerge { barrier } => {
            let a = barrier.len();
            let boxed = if a == 1 {
                format!("the boxed {}", nouns.one)
            } else {
                format!("the {a} boxed {}", nouns.many)
            };
            format!(
                "{claim} (Tutte–Berge): without {boxed} (the set A), the {} falls into {parts}; \
                 each leaves a {} unmatched unless it is matched into A, so every matching \
                 misses at least {q} − {a} {} and has at most ({n} − {q} + {a}) / 2 = {} edges; \
                 {checked}.",
                nouns.whole,
                nouns.one,
                nouns.many,
                half((n + a).saturating_sub(q))
            )
        }
    }
}

/// Why the player to move from a vertex (`name`, as [`Game::describe`] words it) wins or
/// loses, from its class; `isolated` when it has no neighbour, `partner` its partner in the
/// certificate's matching.
fn why_sentence(name: &str, class: Class, isolated: bool, partner: Option<Named>) -> String {
    let (covered, where_) = match class {
        Class::Barrier => (
            true,
            "it is in A: next to vertices a maximum matching can miss, but never missed itself",
        ),
        Class::Covered => (
            true,
            "it is in C: neither it nor any neighbour is ever missed",
        ),
        Class::Missable | Class::Absent => (false, ""),
    };
    match partner {
        Some(mate) if covered => format!(
            "Every maximum matching covers {name} ({where_}), so the player to move from it \
             wins: move to its partner {mate} in the drawn matching. Without {name} the rest of \
             that matching is still maximum and misses {mate}, so the other player starts from \
             {mate} in a losing position."
        ),
        _ if isolated => format!(
            "{} has no neighbour: the player to move from it is stuck and loses.",
            capitalised(name)
        ),
        _ => format!(
            "Some maximum matching misses {name} (it is in D, the vertices a maximum matching \
             can leave out), so the player to move from it loses. Take such a matching: every \
             neighbour they can move to is matched in it (or the matching would grow by one), \
             and the other player answers with that neighbour's partner, until the mover is \
             stuck."
        ),
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{load_game, solve, Budget, SolveOptions};
    use geography_formats::Limits;

    fn explained(input: &[u8]) -> (Game, Explanation) {
        let game = load_game(input, None, &Limits::DEFAULT).unwrap();
        let options = SolveOptions {
            certificate: true,
            ..SolveOptions::default()
        };
        let explanation = solve(&game, options, &Budget::unlimited())
            .unwrap()
            .explained(true)
            .explanation()
            .cloned()
            .unwrap();
        (game, explanation)
    }

    /// The classes as the page once derived them from the losing starts: D those, A their
    /// other neighbours, C the rest.
    fn classes_by_definition(game: &Game, d: &[Named]) -> [Vec<Named>; 3] {
        let graph = game.graph();
        let in_d: Vec<bool> = (0..game.vertex_count() as u32)
            .map(|v| d.contains(&game.name(v)))
            .collect();
        let mut classes = [Vec::new(), Vec::new(), Vec::new()];
        for v in 0..game.vertex_count() as u32 {
            let next_to_d = graph.neighbors(v).any(|w| in_d[w as usize]);
            let class = match (in_d[v as usize], next_to_d) {
                (true, _) => 0,
                (false, true) => 1,
                (false, false) => 2,
            };
            classes[class].push(game.name(v));
        }
        classes
    }

    #[test]
    fn classes_and_odd_components_hold_on_every_small_graph_of_some_shapes() {
        let mut inputs: Vec<Vec<u8>> = vec![
            b"2 3\n.#.\n...\n".to_vec(),
            b"3 3 king\n...\n.#.\n...\n".to_vec(),
            b"2 3 hex\n...\n..#\n".to_vec(),
        ];
        // Every graph on 5 vertices whose edges are a subset of the first 7 pairs.
        let pairs = [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (1, 4), (0, 4)];
        for mask in 0u32..1 << pairs.len() {
            let chosen: Vec<String> = (0..pairs.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| format!("{} {}\n", pairs[i].0, pairs[i].1))
                .collect();
            inputs.push(format!("5 {}\n{}", chosen.len(), chosen.concat()).into_bytes());
        }
        for input in inputs {
            let (game, explanation) = explained(&input);
            let classes = explanation.classes.as_ref().unwrap();
            let [d, a, c] = classes_by_definition(&game, &classes.d);
            assert_eq!(
                (&classes.a, &classes.c),
                (&a, &c),
                "{}",
                String::from_utf8_lossy(&input)
            );
            assert_eq!(classes.d, d);
            let why = explanation.why.as_ref().unwrap();
            assert_eq!(why.len(), game.vertex_count());
            // The Tutte–Berge bound is met: |M| = (n − q + |A|) / 2.
            let certificate = Certificate::from(game.solve(1).decomposition());
            if let Proof::TutteBerge { barrier } = &certificate.proof {
                let odd = explanation.odd_components.as_ref().unwrap();
                assert_eq!(
                    2 * certificate.pairs.len(),
                    game.vertex_count() + barrier.len() - odd.len()
                );
                for part in odd {
                    assert_eq!(part.len() % 2, 1);
                    assert!(part.windows(2).all(|w| w[0] < w[1]));
                }
            } else {
                assert!(explanation.odd_components.is_none());
            }
        }
    }

    #[test]
    fn the_sentences_are_the_playgrounds() {
        // A triangle with a tail, and an edge on its own: D = {0, 1, 2, 4}, A = {3},
        // C = {5, 6}; A = {3} leaves the odd parts {0, 1, 2} and {4}.
        let (_, explanation) = explained(b"7 6\n0 1\n0 2\n1 2\n2 3\n3 4\n5 6\n");
        assert_eq!(
            explanation.proof,
            "Proof that the 3 drawn edges are a maximum matching (Tutte–Berge): without the \
             boxed vertex (the set A), the graph falls into 2 odd parts (shaded); each leaves a \
             vertex unmatched unless it is matched into A, so every matching misses at least 2 \
             − 1 vertices and has at most (7 − 2 + 1) / 2 = 3 edges; checked independently ✓."
        );
        assert_eq!(
            explanation.certificate,
            "Proof that the matching is maximum: a Tutte–Berge barrier of 1 vertices; checked \
             independently ✓."
        );
        assert_eq!(
            explanation.odd_components,
            Some(vec![
                vec![Named::Vertex(0), Named::Vertex(1), Named::Vertex(2)],
                vec![Named::Vertex(4)]
            ])
        );
        let why = explanation.why.unwrap();
        assert!(why[3].starts_with(
            "Every maximum matching covers vertex 3 (it is in A: next to vertices a maximum \
             matching can miss, but never missed itself), so the player to move from it wins: \
             move to its partner "
        ));
        assert!(why[0].starts_with("Some maximum matching misses vertex 0 (it is in D, "));
        assert_eq!(
            why[5],
            "Every maximum matching covers vertex 5 (it is in C: neither it nor any neighbour \
             is ever missed), so the player to move from it wins: move to its partner 6 in the \
             drawn matching. Without vertex 5 the rest of that matching is still maximum and \
             misses 6, so the other player starts from 6 in a losing position."
        );
        // A path: König; a lone vertex; a perfect matching; no barrier at all.
        let (_, path) = explained(b"3 2\n0 1\n1 2\n");
        assert_eq!(
            path.proof,
            "Proof that the 1 drawn edges are a maximum matching (König): the 1 ringed vertices \
             touch every edge, and no two matching edges share a vertex, so no matching has \
             more than 1 edges; checked independently ✓."
        );
        let (_, lone) = explained(b"1 0\n");
        assert_eq!(
            lone.why.unwrap()[0],
            "Vertex 0 has no neighbour: the player to move from it is stuck and loses."
        );
        let (_, perfect) = explained(b"1 2\n..\n");
        assert_eq!(
            perfect.proof,
            "Proof that the 1 drawn edges are a maximum matching: they cover every cell (a \
             perfect matching); checked independently ✓."
        );
        assert_eq!(
            perfect.certificate,
            "Proof that the matching is maximum: a vertex cover of 1 cells (König); checked \
             independently ✓."
        );
        let (_, triangle) = explained(b"3 3\n0 1\n1 2\n0 2\n");
        assert_eq!(
            triangle.proof,
            "Proof that the 1 drawn edges are a maximum matching (Tutte–Berge): the graph has 1 \
             odd part (shaded); each leaves a vertex unmatched, so at most (3 − 1) / 2 = 1 edges \
             fit; checked independently ✓."
        );
        assert_eq!(half(5), "2.5");
    }

    /// A compact report keeps the sentences only, whether it is made compact before or
    /// after it is explained.
    #[test]
    fn a_compact_explanation_is_its_two_sentences() {
        let game = load_game(b"2 3 king\n...\n.#.\n", None, &Limits::DEFAULT).unwrap();
        let solved = || solve(&game, SolveOptions::default(), &Budget::unlimited()).unwrap();
        let full = solved().explained(true).explanation().cloned().unwrap();
        for report in [
            solved().compact().explained(true),
            solved().explained(true).compact(),
        ] {
            let json = serde_json::to_value(&report).unwrap();
            let keys: Vec<&String> = json["explanation"].as_object().unwrap().keys().collect();
            assert_eq!(keys, ["certificate", "proof"]);
            assert_eq!(json["explanation"]["proof"], full.proof.as_str());
        }
        assert!(full.classes.is_some() && full.why.is_some());
    }
}
