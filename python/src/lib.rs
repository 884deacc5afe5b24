//! `geography_games._core`: the Python bindings, a thin adapter over `geography-app`.
//!
//! Every function takes plain data (bytes, integers, lists of pairs) that the Python layer
//! (`geography_games/__init__.py`) builds from networkx graphs, numpy arrays or text, and
//! returns plain data it maps back to the user's node labels. The work runs with the GIL
//! released. Games in progress are [`geography_app::Session`]s held between calls
//! ([`TokenSession`], [`SlitherSession`], one generic implementation): the rules, the
//! analysis, the engine's move and why a move is refused (in the engine's words) all come
//! from there, and Python only maps labels.
//!
//! Bad input raises `InputError` (a `ValueError`) with `line`, `column`, `kind` and
//! `message`, its text ending with ` (line L, column C)`; the analysis of a Slither position
//! past its search limit raises `SlitherUndecided` (a `RuntimeError`), while Slither solved
//! on a whole graph lists the first edges past it as undecided; nothing here panics on user
//! input.
//!
//! Tested by `python/tests` (pytest and hypothesis against networkx and brute force), run by
//! `scripts/python-test`.

use std::cell::RefCell;
use std::sync::{Arc, Mutex, PoisonError};

use geography_app::{
    analyze, in_order, is_directed, judge, load, load_record, load_written,
    not_a_vertex_of_the_graph, parse_graph6_line, parse_words, solve_slither, solve_word_chain,
    Board, Budget, Certificate, ChainRule, Class, Decomposition, EdgeClass, EdgeClasses, ErrorKind,
    Format, Game, Graph, GraphGame, GraphPlayed, GraphSolution, IllegalMove,
    InputError as LibraryError, JobError, Limit, Limits, Loaded, Neighbourhood, Outcome,
    PositionAnalysis, Problem, Proof, Rules, SearchOptions, Session, SlitherGame, TokenGame,
    Undecided, Variant, WordChainSolution, WrittenGraph, SLITHER_SEARCH_LIMIT,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    _core,
    InputError,
    PyValueError,
    "Malformed, too large or illegal input: `line` and `column` (1-based) say where, and the \
     text ends with them; `message` is the text without the place."
);

create_exception!(
    _core,
    SlitherUndecided,
    PyRuntimeError,
    "A Slither question the bounded search could not decide: deciding its (1, 1, 2) positions \
     would expand more than `limit` positions (`explored` were). The input is fine; no answer \
     is guessed."
);

fn undecided(py: Python<'_>, error: Undecided) -> PyErr {
    let err = SlitherUndecided::new_err(format!(
        "Slither undecided: the search over (1, 1, 2) positions reached its limit of {} \
         positions ({} expanded) without deciding this question; no answer is guessed",
        SLITHER_SEARCH_LIMIT, error.explored
    ));
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail for these plain values.
    let _ = value.setattr("explored", error.explored);
    let _ = value.setattr("limit", SLITHER_SEARCH_LIMIT);
    err
}

/// The Python exception for a library error: the message, its place and its kind.
fn input_error(py: Python<'_>, error: &LibraryError) -> PyErr {
    // Like Python's own parsers, the text says where: `... (line 2, column 5)`.
    let err = InputError::new_err(format!(
        "{} (line {}, column {})",
        error.message, error.line, error.column
    ));
    let value = err.value(py);
    let kind = match error.kind {
        ErrorKind::Syntax => "syntax",
        ErrorKind::TooLarge {
            limit: Limit::Cells,
            ..
        } => "too_many_cells",
        ErrorKind::TooLarge {
            limit: Limit::Vertices,
            ..
        } => "too_many_vertices",
        ErrorKind::Rule => "rule",
    };
    // Setting attributes on a fresh exception instance cannot fail for these plain values.
    let _ = value.setattr("line", error.line);
    let _ = value.setattr("column", error.column);
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("message", error.message.clone());
    err
}

fn job_error(py: Python<'_>, error: &JobError) -> PyErr {
    match error {
        JobError::Input(error) => input_error(py, error),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// The edges of each class, `(vital, allowed, forbidden)`: each edge once as `(u, v)` with
/// `u < v`, in increasing order.
type ClassedEdges = (Vec<(u32, u32)>, Vec<(u32, u32)>, Vec<(u32, u32)>);

/// The class of every vertex as 0 (D: some maximum matching misses it), 1 (A) or 2 (C), a
/// maximum matching's pairs, the classes of the edges when they were asked for, and the game
/// held in an [`Arena`] for further questions when that was asked for.
type Solved = (
    Vec<u8>,
    Vec<(u32, u32)>,
    Option<ClassedEdges>,
    Option<Arena>,
);

fn classed_edges(classes: &EdgeClasses<'_>) -> ClassedEdges {
    let mut parts: ClassedEdges = (Vec::new(), Vec::new(), Vec::new());
    for (u, v, class) in classes.iter() {
        match class {
            EdgeClass::Vital => parts.0.push((u, v)),
            EdgeClass::Allowed => parts.1.push((u, v)),
            EdgeClass::Forbidden => parts.2.push((u, v)),
        }
    }
    parts
}

/// [`Solved`], with `edges` the edge classes and `arena` the game held, when asked for.
fn solved(
    decomposition: &Decomposition,
    edges: Option<ClassedEdges>,
    arena: Option<Arena>,
) -> Solved {
    let classes = decomposition.classes();
    let mate = |v| decomposition.matching().mate(v);
    let codes = classes
        .iter()
        .map(|class| match class {
            Class::Missable | Class::Absent => 0,
            Class::Barrier => 1,
            Class::Covered => 2,
        })
        .collect();
    let pairs = (0..classes.len() as u32)
        .filter_map(|v| mate(v).filter(|&w| v < w).map(|w| (v, w)))
        .collect();
    (codes, pairs, edges, arena)
}

/// The format a name names, `None` for none.
fn format_named(name: Option<&str>) -> PyResult<Option<Format>> {
    name.map(|name| {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| PyValueError::new_err(format!("unknown format {name:?}")))
    })
    .transpose()
}

fn limits(max_cells: u64, max_vertices: u64) -> Limits {
    Limits {
        max_cells,
        max_vertices,
    }
}

/// Solves the graph on `n` vertices with these edges (self-loops dropped, repeats merged);
/// with `with_edge_classes`, also classes its edges; with `with_arena`, also holds the graph.
#[pyfunction]
#[pyo3(signature = (n, edges, max_vertices, with_edge_classes = false, with_arena = false))]
fn solve_edges(
    py: Python<'_>,
    n: u64,
    edges: Vec<(u32, u32)>,
    max_vertices: u64,
    with_edge_classes: bool,
    with_arena: bool,
) -> PyResult<Solved> {
    let game = Game::on_graph(graph_of(py, n, edges, max_vertices)?);
    Ok(py.allow_threads(|| {
        let solution = game.solve(1);
        let edges = with_edge_classes.then(|| classed_edges(&game.edge_classes(&solution)));
        let decomposition = solution.decomposition();
        let arena = with_arena.then(|| Arena::holding(game));
        solved(decomposition, edges, arena)
    }))
}

/// Slither solved on a whole graph: whether player 1 wins (`None` when undecided), the first
/// edges proven winning, the first edges left undecided.
type SlitherFirstMoves = (Option<bool>, Vec<(u32, u32)>, Vec<(u32, u32)>);

/// A graph (or a board's) held on the Rust side for repeated questions: Slither's solution,
/// and games in progress on it ([`TokenSession`], [`SlitherSession`]), which share it.
#[pyclass(frozen)]
struct Arena {
    game: Arc<Game>,
}

impl Arena {
    fn holding(game: Game) -> Self {
        Arena {
            game: Arc::new(game),
        }
    }
}

#[pymethods]
impl Arena {
    #[new]
    fn new(py: Python<'_>, n: u64, edges: Vec<(u32, u32)>, max_vertices: u64) -> PyResult<Self> {
        let graph = graph_of(py, n, edges, max_vertices)?;
        Ok(Arena::holding(Game::on_graph(graph)))
    }

    /// Slither on the whole graph: whether player 1 wins (`None` when undecided), every
    /// first edge proven winning and every first edge the search left undecided, as
    /// `(u, v)` with `u < v`, increasing.
    fn slither_solve(&self, py: Python<'_>) -> SlitherFirstMoves {
        let solution = py.allow_threads(|| solve_slither(self.game.graph()));
        (
            solution.first_player_wins,
            solution.winning_first_moves,
            solution.undecided_first_moves,
        )
    }

    /// A token game on this graph, at its start.
    fn token_session(&self) -> TokenSession {
        TokenSession::start(Arc::clone(&self.game))
    }

    /// A Slither game on this graph, at its start.
    fn slither_session(&self) -> SlitherSession {
        SlitherSession::start(Arc::clone(&self.game))
    }
}

/// Why a move was refused, as `(words, ids)`: the engine's sentence
/// ([`IllegalMove::describe`]) with `{0}`, `{1}`, … where it names vertices, and those
/// vertices' ids in that order, for `geography_games` to put the user's labels in.
type Refusal = (String, Vec<u32>);

/// A position analysed: whether the mover wins, the winning moves, the legal moves and the
/// engine's move.
type Analysed<M> = (bool, Vec<M>, Vec<M>, Option<M>);

/// `error` as a [`Refusal`].
fn refusal(error: IllegalMove) -> Refusal {
    let ids = RefCell::new(Vec::new());
    let words = error.describe(|v| {
        let mut ids = ids.borrow_mut();
        ids.push(v);
        format!("{{{}}}", ids.len() - 1)
    });
    (words, ids.into_inner())
}

/// Why a label names no vertex, the label as given (its `repr`).
#[pyfunction]
fn not_a_vertex(label: &str) -> String {
    not_a_vertex_of_the_graph(label)
}

/// A game in progress, kept between Python calls, and its position's analysis once
/// asked for (until the next move or undo).
struct Held<'g, V: Variant> {
    session: Session<'g, V>,
    analysis: Option<PositionAnalysis<V::Move>>,
}

impl<V: Variant> Held<'_, V> {
    fn play(&mut self, mv: V::Move) -> Option<Refusal> {
        match self.session.play(mv) {
            Ok(()) => {
                self.analysis = None;
                None
            }
            Err(error) => Some(refusal(error)),
        }
    }

    fn undo(&mut self) -> Option<V::Move> {
        let undone = self.session.undo();
        if undone.is_some() {
            self.analysis = None;
        }
        undone
    }

    /// The analysis, computed once per position. Asked of the position's [`Rules`] rather
    /// than [`Session::analyse`], whose error carries only words, so that
    /// `SlitherUndecided` can say how far the search went.
    fn analyse(&mut self) -> Result<Analysed<V::Move>, Undecided> {
        let analysis = match &mut self.analysis {
            Some(analysis) => analysis,
            slot => slot.insert(self.session.position().analyse(&|| true)?),
        };
        Ok((
            analysis.mover_wins,
            analysis.winning_moves.clone(),
            analysis.legal_moves.clone(),
            analysis.engine_move(),
        ))
    }
}

/// A Python class for one game over [`Held`]: the game and its session in one self-referential
/// cell (the session borrows the game), behind a mutex for Python's threads. Every method is
/// a call of [`Held`] or of the session, written once here for every [`Variant`]; the GIL is
/// released while it runs.
macro_rules! session_class {
    ($(#[$doc:meta])* $name:ident, $cell:ident, $held:ident, $variant:ty, $move:ty) => {
        type $held<'g> = Held<'g, $variant>;

        self_cell::self_cell!(
            struct $cell {
                owner: Arc<Game>,
                #[not_covariant]
                dependent: $held,
            }
        );

        $(#[$doc])*
        #[pyclass(frozen)]
        struct $name {
            cell: Mutex<$cell>,
        }

        impl $name {
            fn start(game: Arc<Game>) -> Self {
                let cell = $cell::new(game, |game| Held {
                    session: Session::<$variant>::new(game),
                    analysis: None,
                });
                $name {
                    cell: Mutex::new(cell),
                }
            }

            /// Runs `job` on the held session, the GIL released.
            fn with<R: Send>(
                &self,
                py: Python<'_>,
                job: impl for<'g> FnOnce(&mut $held<'g>) -> R + Send,
            ) -> R {
                py.allow_threads(|| {
                    // A panic inside a job is a bug; the session it left is still usable.
                    let mut cell = self.cell.lock().unwrap_or_else(PoisonError::into_inner);
                    cell.with_dependent_mut(|_, held| job(held))
                })
            }
        }

        #[pymethods]
        impl $name {
            /// Plays `mv`: `None`, or why it is illegal (see [`Refusal`]), the position
            /// unchanged.
            fn play(&self, py: Python<'_>, mv: $move) -> Option<Refusal> {
                self.with(py, |held| held.play(mv))
            }

            /// Takes back the last move; the move as played, `None` at the start.
            fn undo(&self, py: Python<'_>) -> Option<$move> {
                self.with(py, |held| held.undo())
            }

            /// The path's vertices in order.
            fn path(&self, py: Python<'_>) -> Vec<u32> {
                self.with(py, |held| {
                    <$variant as Variant>::path(held.session.position()).to_vec()
                })
            }

            /// The moves played, in order, as played.
            fn moves(&self, py: Python<'_>) -> Vec<$move> {
                self.with(py, |held| {
                    <$variant as Variant>::history(held.session.position()).to_vec()
                })
            }

            /// The player to move: 1 or 2.
            fn to_move(&self, py: Python<'_>) -> u8 {
                self.with(py, |held| held.session.to_move().number())
            }

            /// Every legal move, in the game's order.
            fn legal_moves(&self, py: Python<'_>) -> Vec<$move> {
                self.with(py, |held| held.session.position().legal_moves())
            }

            /// Whether the player to move is stuck.
            fn is_over(&self, py: Python<'_>) -> bool {
                self.with(py, |held| held.session.position().legal_moves().is_empty())
            }

            /// The game's criterion triple, `None` for a game without one or before the
            /// first move.
            fn kind(&self, py: Python<'_>) -> Option<(u8, u8, u8)> {
                self.with(py, |held| {
                    <$variant as Variant>::kind(held.session.position())
                        .flatten()
                        .map(|[first, last, both]| (first, last, both))
                })
            }

            /// The position analysed: see [`Analysed`].
            fn analyse(&self, py: Python<'_>) -> PyResult<Analysed<$move>> {
                self.with(py, |held| held.analyse())
                    .map_err(|e| undecided(py, e))
            }
        }
    };
}

session_class!(
    /// A token game in progress: moves are vertex ids, the placement first.
    TokenSession,
    TokenCell,
    TokenHeld,
    TokenGame,
    u32
);

session_class!(
    /// A Slither game in progress: moves are edges `(u, v)`, recorded as played (the first
    /// as given, then `(end, new vertex)`).
    SlitherSession,
    SlitherCell,
    SlitherHeld,
    SlitherGame,
    (u32, u32)
);

fn graph_of(py: Python<'_>, n: u64, edges: Vec<(u32, u32)>, max_vertices: u64) -> PyResult<Graph> {
    let n = checked_pairs(py, n, &edges, max_vertices)?;
    Ok(py.allow_threads(|| Graph::from_edges(n, edges).expect("ends were checked against n")))
}

/// `n` as a vertex count within `max_vertices`, every pair's ends below it.
fn checked_pairs(
    py: Python<'_>,
    n: u64,
    pairs: &[(u32, u32)],
    max_vertices: u64,
) -> PyResult<usize> {
    limits(u64::MAX, max_vertices)
        .check_vertices(n, (1, 1))
        .map_err(|e| input_error(py, &e))?;
    let n = usize::try_from(n).map_err(|_| PyValueError::new_err("too many vertices"))?;
    if let Some(&(u, v)) = pairs
        .iter()
        .find(|&&(u, v)| u as usize >= n || v as usize >= n)
    {
        return Err(PyValueError::new_err(format!(
            "edge ({u}, {v}) names a vertex outside 0..{n}"
        )));
    }
    Ok(n)
}

/// A graph game solved from every vertex ([`GraphSolution`]): the token game on a digraph,
/// edge geography on a multigraph or a multi-digraph.
#[pyclass(frozen)]
struct GraphGameSolution {
    solution: GraphSolution,
}

/// The outcome codes Python reads: 0 the mover wins, 1 loses, 2 undecided.
fn outcome_code(outcome: Outcome) -> u8 {
    match outcome {
        Outcome::Win => 0,
        Outcome::Lose => 1,
        Outcome::Undecided => 2,
    }
}

#[pymethods]
impl GraphGameSolution {
    /// `digraph`, `multigraph` or `multidigraph`, and `token` or `edge`.
    fn kind(&self) -> (&'static str, &'static str) {
        (self.solution.kind(), self.solution.game())
    }

    /// The outcome from every vertex: 0 the mover wins, 1 loses, 2 undecided.
    fn outcomes(&self) -> Vec<u8> {
        self.solution
            .outcomes()
            .iter()
            .map(|&o| outcome_code(o))
            .collect()
    }

    /// The vertices the winning moves from `v` go to.
    fn winning_moves(&self, v: u32) -> PyResult<Vec<u32>> {
        if v as usize >= self.solution.outcomes().len() {
            return Err(PyValueError::new_err(not_a_vertex_of_the_graph(v)));
        }
        Ok(self.solution.winning_moves(v))
    }
}

/// Solves the token game (`game = "token"`, on a directed graph) or edge geography
/// (`"edge"`) on `n` vertices with these pairs, arcs when `directed`, each search within
/// `max_positions`.
#[pyfunction]
#[pyo3(signature = (n, pairs, directed, game, max_positions, max_vertices))]
fn solve_graph_game(
    py: Python<'_>,
    n: u64,
    pairs: Vec<(u32, u32)>,
    directed: bool,
    game: &str,
    max_positions: usize,
    max_vertices: u64,
) -> PyResult<GraphGameSolution> {
    let n = checked_pairs(py, n, &pairs, max_vertices)?;
    let written = WrittenGraph {
        vertices: n,
        pairs,
        directed,
    };
    solve_written(py, &written, game, max_positions)
}

/// Whether a text in `format` (detected when `None`) is a directed graph.
#[pyfunction]
#[pyo3(signature = (text, format))]
fn text_is_directed(text: &[u8], format: Option<&str>) -> PyResult<bool> {
    Ok(is_directed(text, format_named(format)?))
}

/// Solves a graph read from text (an edge list, `n m directed`, digraph6, JSON, a board or
/// graph6) as the token game on a digraph or as edge geography.
#[pyfunction]
#[pyo3(signature = (text, format, game, max_positions, max_cells, max_vertices))]
fn solve_graph_game_text(
    py: Python<'_>,
    text: &[u8],
    format: Option<&str>,
    game: &str,
    max_positions: usize,
    max_cells: u64,
    max_vertices: u64,
) -> PyResult<GraphGameSolution> {
    let format = format_named(format)?;
    let limits = limits(max_cells, max_vertices);
    let written = py
        .allow_threads(|| load_written(text, format, &limits))
        .map_err(|e| input_error(py, &e))?;
    if game == "token" && !written.directed {
        return Err(PyValueError::new_err(
            "an undirected graph: its token game is solved by solve()",
        ));
    }
    solve_written(py, &written, game, max_positions)
}

fn solve_written(
    py: Python<'_>,
    written: &WrittenGraph,
    game: &str,
    max_positions: usize,
) -> PyResult<GraphGameSolution> {
    let game = match game {
        "token" => GraphGame::Token,
        "edge" => GraphGame::Edge,
        other => return Err(PyValueError::new_err(format!("unknown game {other:?}"))),
    };
    let options = SearchOptions { max_positions };
    py.allow_threads(|| {
        let graph = GraphPlayed::new(written, game)?;
        geography_app::solve_graph_game(&graph, options, &Budget::unlimited())
    })
    .map(|solution| GraphGameSolution { solution })
    .map_err(|e| job_error(py, &e))
}

/// A word chain solved ([`WordChainSolution`]).
#[pyclass(frozen, name = "WordChainSolution")]
struct WordChainHeld {
    solution: WordChainSolution,
}

#[pymethods]
impl WordChainHeld {
    /// `(first_player_wins, winning_first_words, undecided_first_words)`.
    fn report(&self, py: Python<'_>) -> PyResult<(Option<bool>, Vec<String>, Vec<String>)> {
        let report = self.solution.report(None).map_err(|e| job_error(py, &e))?;
        Ok((
            report.first_player_wins,
            report.winning_first_words,
            report.undecided_first_words,
        ))
    }

    /// The replies that win after `word` is said first.
    fn winning_replies(&self, py: Python<'_>, word: &str) -> PyResult<Vec<String>> {
        py.allow_threads(|| self.solution.winning_replies(word))
            .map_err(|e| job_error(py, &e))
    }
}

/// Solves the word chain of a list (text, one word a line) under `rule`.
#[pyfunction]
#[pyo3(signature = (text, rule, max_positions, max_vertices))]
fn word_chain(
    py: Python<'_>,
    text: &[u8],
    rule: &str,
    max_positions: usize,
    max_vertices: u64,
) -> PyResult<WordChainHeld> {
    let rule = ChainRule::from_name(rule).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown rule {rule:?}: expected 'last1' or 'last2'"
        ))
    })?;
    let limits = limits(u64::MAX, max_vertices);
    let list = parse_words(text, &limits).map_err(|e| input_error(py, &e))?;
    let options = SearchOptions { max_positions };
    py.allow_threads(|| solve_word_chain(list, rule, options, &Budget::unlimited()))
        .map(|solution| WordChainHeld { solution })
        .map_err(|e| job_error(py, &e))
}

/// A certificate as plain data: the matched pairs, the proof's kind and its vertex set.
type CertificateParts = (Vec<(u32, u32)>, &'static str, Vec<u32>);

/// A maximum matching and its proof: `("konig", cover)` on bipartite graphs,
/// `("tutte_berge", barrier)` otherwise.
#[pyfunction]
fn certificate_edges(
    py: Python<'_>,
    n: u64,
    edges: Vec<(u32, u32)>,
    max_vertices: u64,
) -> PyResult<CertificateParts> {
    let game = Game::on_graph(graph_of(py, n, edges, max_vertices)?);
    Ok(py.allow_threads(|| {
        let certificate = Certificate::from(game.solve(1).decomposition());
        match certificate.proof {
            Proof::Konig { cover } => (certificate.pairs, "konig", cover),
            Proof::TutteBerge { barrier } => (certificate.pairs, "tutte_berge", barrier),
        }
    }))
}

/// Checks a certificate independently of any solver; `None` when valid, else why not.
#[pyfunction]
fn verify_edges(
    py: Python<'_>,
    n: u64,
    edges: Vec<(u32, u32)>,
    pairs: Vec<(u32, u32)>,
    kind: &str,
    set: Vec<u32>,
    max_vertices: u64,
) -> PyResult<Option<String>> {
    let game = Game::on_graph(graph_of(py, n, edges, max_vertices)?);
    let proof = match kind {
        "konig" => Proof::Konig { cover: set },
        "tutte_berge" => Proof::TutteBerge { barrier: set },
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown proof {other:?}: expected konig or tutte_berge"
            )))
        }
    };
    let certificate = Certificate { pairs, proof };
    Ok(py.allow_threads(|| game.check(&certificate).err().map(|e| e.to_string())))
}

/// Solves every graph6 line, on every core, in input order.
#[pyfunction]
fn solve_graph6_lines(
    py: Python<'_>,
    lines: Vec<Vec<u8>>,
    max_vertices: u64,
) -> PyResult<Vec<Solved>> {
    let limits = limits(u64::MAX, max_vertices);
    let outcome = py.allow_threads(|| {
        let mut solved_lines = Vec::with_capacity(lines.len());
        let job = |index: usize, line: &Vec<u8>| {
            let line = line.strip_suffix(b"\n").unwrap_or(line);
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let game = Game::on_graph(parse_graph6_line(line, number, &limits)?);
            Ok(solved(game.solve(1).decomposition(), None, None))
        };
        in_order(&lines, lines.len(), job, |answers| {
            for answer in answers {
                solved_lines.push(answer?);
            }
            Ok::<(), LibraryError>(())
        })
        .map(|()| solved_lines)
    });
    outcome.map_err(|e| input_error(py, &e))
}

/// What `solve_text` and `solve_board` return: the kind, the board's shape (rows, cols,
/// neighbourhood) or `None`, the 1-based cell of every vertex on a board (empty on a graph),
/// and the solution (with the edge classes and the arena when asked for).
type SolvedGame = (
    &'static str,
    Option<(u32, u32, &'static str)>,
    Vec<(u32, u32)>,
    Solved,
);

fn solve_game(game: Game, with_edge_classes: bool, with_arena: bool) -> SolvedGame {
    let solution = game.solve(1);
    let decomposition = solution.decomposition();
    // A board's graph is built only here, when the edges are asked for.
    let edges = with_edge_classes.then(|| classed_edges(&game.edge_classes(&solution)));
    let shape = game
        .board()
        .map(|b| (b.rows(), b.cols(), b.neighbourhood().name()));
    let cells = (0..game.vertex_count() as u32)
        .filter_map(|v| game.cell(v).map(|c| (c.row + 1, c.col + 1)))
        .collect();
    let kind = game.kind();
    let arena = with_arena.then(|| Arena::holding(game));
    (kind, shape, cells, solved(decomposition, edges, arena))
}

/// Reads `text` as the CLI reads a file (the format detected, or named) and solves it: one
/// board or one graph; with `with_edge_classes`, also classes its edges; with `with_arena`,
/// also holds the game.
#[pyfunction]
#[pyo3(signature = (
    text, format, max_cells, max_vertices, with_edge_classes = false, with_arena = false
))]
fn solve_text(
    py: Python<'_>,
    text: &[u8],
    format: Option<&str>,
    max_cells: u64,
    max_vertices: u64,
    with_edge_classes: bool,
    with_arena: bool,
) -> PyResult<SolvedGame> {
    let format = format_named(format)?;
    let limits = limits(max_cells, max_vertices);
    let outcome = py.allow_threads(|| {
        load(text, format, &limits).map(|loaded| match loaded {
            Loaded::Game(game) => Ok(solve_game(game, with_edge_classes, with_arena)),
            Loaded::Games(games) => match <[Game; 1]>::try_from(games) {
                Ok([game]) => Ok(solve_game(game, with_edge_classes, with_arena)),
                Err(games) => Err(format!(
                    "expected one graph, found {} graph6 lines: use solve_many",
                    games.len()
                )),
            },
            Loaded::Slide(_) => Err("a slide board is not a board or a graph".to_string()),
            Loaded::Treasure(_) => Err("a treasure map is not a board or a graph".to_string()),
            Loaded::Written(_) => Err("a directed graph is not an undirected graph".to_string()),
            Loaded::Words(_) => Err("a word list is not a board or a graph".to_string()),
        })
    });
    match outcome {
        Ok(Ok(solved)) => Ok(solved),
        Ok(Err(message)) => Err(InputError::new_err(message)),
        Err(error) => Err(input_error(py, &error)),
    }
}

/// Solves a board given as `rows × cols` flags (true: free), row-major; with
/// `with_edge_classes`, also classes its edges; with `with_arena`, also holds the game.
#[pyfunction]
#[pyo3(signature = (
    rows, cols, free, neighbourhood, max_cells, with_edge_classes = false, with_arena = false
))]
#[allow(clippy::too_many_arguments)] // the board, its limit and the two options
fn solve_board(
    py: Python<'_>,
    rows: u32,
    cols: u32,
    free: Vec<bool>,
    neighbourhood: &str,
    max_cells: u64,
    with_edge_classes: bool,
    with_arena: bool,
) -> PyResult<SolvedGame> {
    limits(max_cells, u64::MAX)
        .check_cells("board", u64::from(rows), u64::from(cols), (1, 1))
        .map_err(|e| input_error(py, &e))?;
    let neighbourhood = Neighbourhood::from_name(neighbourhood.as_bytes()).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown neighbourhood {neighbourhood:?}: expected orthogonal, king, hex or knight"
        ))
    })?;
    if free.len() as u64 != u64::from(rows) * u64::from(cols) || rows == 0 || cols == 0 {
        return Err(PyValueError::new_err("a board needs rows × cols > 0 cells"));
    }
    Ok(py.allow_threads(|| {
        let game = Game::on_board(Board::new(rows, cols, free, neighbourhood));
        solve_game(game, with_edge_classes, with_arena)
    }))
}

/// The judge's exact output for `problem` (`jsoi2009`, `noi2011`, `hdu4101`).
#[pyfunction]
fn judge_text(
    py: Python<'_>,
    problem: &str,
    text: &[u8],
    max_cells: u64,
    max_vertices: u64,
) -> PyResult<String> {
    let problem = match problem {
        "jsoi2009" => Problem::Jsoi2009,
        "noi2011" => Problem::Noi2011,
        "hdu4101" => Problem::Hdu4101,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown problem {other:?}: expected jsoi2009, noi2011 or hdu4101"
            )))
        }
    };
    let limits = limits(max_cells, max_vertices);
    py.allow_threads(|| judge(problem, text, &limits))
        .map_err(|e| input_error(py, &e))
}

/// `geography analyze --json` of a record, as JSON text.
#[pyfunction]
fn analyze_text(
    py: Python<'_>,
    text: &[u8],
    max_cells: u64,
    max_vertices: u64,
) -> PyResult<String> {
    let limits = limits(max_cells, max_vertices);
    let outcome = py.allow_threads(|| {
        let record = load_record(text, &limits).map_err(JobError::Input)?;
        let analysis = analyze(record, &Budget::unlimited())?;
        Ok(serde_json::to_string(&analysis.report()).expect("plain data serialises"))
    });
    outcome.map_err(|e: JobError| job_error(py, &e))
}

/// Refuses a board of `rows × cols` cells over `max_cells`, or a graph of `n` vertices over
/// `max_vertices`, before anything is built from it (a shape is a size like a header).
#[pyfunction]
fn check_size(
    py: Python<'_>,
    rows: u64,
    cols: u64,
    n: u64,
    max_cells: u64,
    max_vertices: u64,
) -> PyResult<()> {
    let limits = limits(max_cells, max_vertices);
    limits
        .check_cells("board", rows, cols, (1, 1))
        .and_then(|()| limits.check_vertices(n, (1, 1)))
        .map_err(|e| input_error(py, &e))
}

/// The default limits of the command line: `(max_cells, max_vertices)`.
#[pyfunction]
fn default_limits() -> (u64, u64) {
    (Limits::DEFAULT_MAX_CELLS, Limits::DEFAULT_MAX_VERTICES)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add("SlitherUndecided", m.py().get_type::<SlitherUndecided>())?;
    m.add_function(wrap_pyfunction!(not_a_vertex, m)?)?;
    m.add_function(wrap_pyfunction!(solve_edges, m)?)?;
    m.add_function(wrap_pyfunction!(solve_text, m)?)?;
    m.add_function(wrap_pyfunction!(solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(judge_text, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_text, m)?)?;
    m.add_function(wrap_pyfunction!(default_limits, m)?)?;
    m.add_function(wrap_pyfunction!(check_size, m)?)?;
    m.add_function(wrap_pyfunction!(certificate_edges, m)?)?;
    m.add_function(wrap_pyfunction!(verify_edges, m)?)?;
    m.add_function(wrap_pyfunction!(solve_graph6_lines, m)?)?;
    m.add_function(wrap_pyfunction!(solve_graph_game, m)?)?;
    m.add_function(wrap_pyfunction!(solve_graph_game_text, m)?)?;
    m.add_function(wrap_pyfunction!(word_chain, m)?)?;
    m.add_function(wrap_pyfunction!(text_is_directed, m)?)?;
    m.add_class::<GraphGameSolution>()?;
    m.add_class::<WordChainHeld>()?;
    m.add_class::<Arena>()?;
    m.add_class::<TokenSession>()?;
    m.add_class::<SlitherSession>()?;
    Ok(())
}
