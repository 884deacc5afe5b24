//! `geography_games._core`: the Python bindings, a thin adapter over `geography-app`.
//!
//! Every function takes plain data (bytes, integers, lists of pairs) that the Python layer
//! (`geography_games/__init__.py`) builds from networkx graphs, numpy arrays or text, and
//! returns plain data it maps back to the user's node labels. The work runs with the GIL
//! released. Bad input raises `InputError` (a `ValueError`) with `line` and `column`; a
//! Slither query past its search limit raises `SlitherUndecided` (a `RuntimeError`); nothing
//! here panics on user input.
//!
//! Tested by `python/tests` (pytest and hypothesis against networkx and brute force), run by
//! `scripts/python-test`.

use geography_app::{analyze, judge, load, load_record, Budget, JobError, Loaded, Problem};
use geography_boards::{Board, Neighbourhood};
use geography_formats::{
    parse_graph6_line, ErrorKind, Format, InputError as LibraryError, Limit, Limits,
};
use geography_matching::{
    check, decompose, edge_classes, Certificate, Class, Decomposition, EdgeClass, EdgeClasses,
    Graph, Masked, Proof,
};
use geography_rules::{solve_slither, Game, IllegalMove, Slither, Undecided, SLITHER_SEARCH_LIMIT};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;

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
    let graph = graph_of(py, n, edges, max_vertices)?;
    Ok(py.allow_threads(|| {
        let decomposition = decompose(&graph);
        let edges = with_edge_classes.then(|| classed_edges(&edge_classes(&graph, &decomposition)));
        let arena = with_arena.then(|| Arena {
            game: Game::on_graph(graph),
        });
        solved(&decomposition, edges, arena)
    }))
}

/// A graph (or a board's) held on the Rust side for repeated questions: positions of a game
/// in progress, token geography's and Slither's.
#[pyclass(frozen)]
struct Arena {
    game: Game,
}

/// A Slither position: its path, end to end, and its legal moves.
type SlitherState = (Vec<u32>, Vec<(u32, u32)>);

/// How `Arena.slither_play` answers: `(None, end, new)`, the move as `chosen` records it, or
/// `(problem, a, b)`, why it is illegal and the two vertices the problem is about.
type SlitherPlayed = (Option<&'static str>, u32, u32);

/// A Slither position analysed: whether the mover wins, the winning moves, the legal moves,
/// and the criterion triple (d(x), d(y), d(x, y)) for the path's first and last vertex.
type SlitherAnalysed = (bool, Vec<(u32, u32)>, Vec<(u32, u32)>, Option<(u8, u8, u8)>);

impl Arena {
    /// The Slither game after `moves`, each as `chosen` records it.
    fn slither_after(&self, moves: &[(u32, u32)]) -> PyResult<Slither<'_>> {
        let mut game = Slither::new(self.game.graph());
        for &edge in moves {
            game.play(edge).map_err(|e| {
                PyValueError::new_err(format!("cannot replay the move {edge:?}: {e}"))
            })?;
        }
        Ok(game)
    }
}

#[pymethods]
impl Arena {
    #[new]
    fn new(py: Python<'_>, n: u64, edges: Vec<(u32, u32)>, max_vertices: u64) -> PyResult<Self> {
        Ok(Arena {
            game: Game::on_graph(graph_of(py, n, edges, max_vertices)?),
        })
    }

    /// The legal moves and the winning moves after the path `path` (the placement first),
    /// both increasing: one decomposition of the unvisited graph.
    fn analyse(&self, py: Python<'_>, path: Vec<u32>) -> PyResult<(Vec<u32>, Vec<u32>)> {
        let graph = self.game.graph();
        let n = graph.vertex_count();
        let mut visited = vec![false; n];
        for &v in &path {
            match visited.get_mut(v as usize) {
                Some(seen) if !*seen => *seen = true,
                _ => return Err(PyValueError::new_err(format!("{v} is not a fresh vertex"))),
            }
        }
        Ok(py.allow_threads(|| {
            let legal: Vec<u32> = match path.last() {
                None => (0..n as u32).collect(),
                Some(&t) => graph
                    .neighbor_slice(t)
                    .iter()
                    .copied()
                    .filter(|&w| !visited[w as usize])
                    .collect(),
            };
            let decomposition = decompose(&Masked::new(graph, &visited));
            let winning = legal
                .iter()
                .copied()
                .filter(|&u| decomposition.class(u) == Class::Missable)
                .collect();
            (legal, winning)
        }))
    }

    /// Whether `u` and `v` are adjacent.
    fn has_edge(&self, u: u32, v: u32) -> bool {
        self.game.graph().has_edge(u, v)
    }

    /// Slither on the whole graph: whether player 1 wins, and every winning first edge as
    /// `(u, v)` with `u < v`, increasing.
    fn slither_solve(&self, py: Python<'_>) -> PyResult<(bool, Vec<(u32, u32)>)> {
        let solution = py
            .allow_threads(|| solve_slither(self.game.graph()))
            .map_err(|e| undecided(py, e))?;
        Ok((solution.first_player_wins, solution.winning_first_moves))
    }

    /// The Slither position after `moves`: its path and its legal moves (every edge `(u, v)`
    /// with `u < v` at the start, then `(end, new vertex)`), increasing.
    fn slither_position(&self, py: Python<'_>, moves: Vec<(u32, u32)>) -> PyResult<SlitherState> {
        py.allow_threads(|| {
            let game = self.slither_after(&moves)?;
            Ok((game.path().to_vec(), game.legal_moves()))
        })
    }

    /// Plays the edge `u – v` (either orientation) after `moves`: see [`SlitherPlayed`].
    fn slither_play(
        &self,
        py: Python<'_>,
        moves: Vec<(u32, u32)>,
        edge: (u32, u32),
    ) -> PyResult<SlitherPlayed> {
        py.allow_threads(|| {
            let mut game = self.slither_after(&moves)?;
            let ends = game.ends().unwrap_or_default();
            let (u, v) = edge;
            let at_end = |w: u32| w == ends.0 || w == ends.1;
            Ok(match game.play(edge) {
                Ok(()) => {
                    let (end, new) = *game.chosen().last().expect("a move was just played");
                    (None, end, new)
                }
                Err(IllegalMove::GameOver) => (Some("game_over"), ends.0, ends.1),
                Err(IllegalMove::AlreadyChosen { .. }) if game.legal_moves().is_empty() => {
                    (Some("game_over"), ends.0, ends.1)
                }
                // A chosen edge is refused as the checks of an unchosen one would refuse it.
                Err(IllegalMove::AlreadyChosen { .. }) => match (at_end(u), at_end(v)) {
                    (true, true) => (Some("closes_cycle"), u, v),
                    (false, false) => (Some("off_the_ends"), u, v),
                    (true, false) => (Some("revisits"), u, v),
                    (false, true) => (Some("revisits"), v, u),
                },
                Err(IllegalMove::OffTheEnds { .. }) => (Some("off_the_ends"), u, v),
                Err(IllegalMove::ClosesCycle) => (Some("closes_cycle"), u, v),
                Err(IllegalMove::OnThePath(vertex)) => {
                    (Some("revisits"), if vertex == u { v } else { u }, vertex)
                }
                Err(_) => (Some("not_an_edge"), u, v),
            })
        })
    }

    /// The Slither position after `moves`, analysed: see [`SlitherAnalysed`].
    fn slither_analyse(&self, py: Python<'_>, moves: Vec<(u32, u32)>) -> PyResult<SlitherAnalysed> {
        let analysed = py.allow_threads(|| {
            self.slither_after(&moves)
                .map(|game| (game.analyse(), game.kind()))
        })?;
        let (analysis, kind) = analysed;
        let analysis = analysis.map_err(|e| undecided(py, e))?;
        let kind = kind.map(|k| (k.first, k.last, k.both));
        Ok((
            analysis.mover_wins,
            analysis.winning_moves,
            analysis.legal_moves,
            kind,
        ))
    }
}

fn graph_of(py: Python<'_>, n: u64, edges: Vec<(u32, u32)>, max_vertices: u64) -> PyResult<Graph> {
    limits(u64::MAX, max_vertices)
        .check_vertices(n, (1, 1))
        .map_err(|e| input_error(py, &e))?;
    let n = usize::try_from(n).map_err(|_| PyValueError::new_err("too many vertices"))?;
    if let Some(&(u, v)) = edges
        .iter()
        .find(|&&(u, v)| u as usize >= n || v as usize >= n)
    {
        return Err(PyValueError::new_err(format!(
            "edge ({u}, {v}) names a vertex outside 0..{n}"
        )));
    }
    Ok(py.allow_threads(|| Graph::from_edges(n, edges).expect("ends were checked against n")))
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
    let graph = graph_of(py, n, edges, max_vertices)?;
    Ok(py.allow_threads(|| {
        let certificate = Certificate::from(&decompose(&graph));
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
    let graph = graph_of(py, n, edges, max_vertices)?;
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
    Ok(py.allow_threads(|| check(&graph, &certificate).err().map(|e| e.to_string())))
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
        lines
            .par_iter()
            .enumerate()
            .map(|(index, line)| {
                let line = line.strip_suffix(b"\n").unwrap_or(line);
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
                let graph = parse_graph6_line(line, number, &limits)?;
                let decomposition = decompose(&graph);
                Ok(solved(&decomposition, None, None))
            })
            .collect::<Result<Vec<Solved>, LibraryError>>()
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
    let edges =
        with_edge_classes.then(|| classed_edges(&edge_classes(game.graph(), decomposition)));
    let shape = game
        .board()
        .map(|b| (b.rows(), b.cols(), b.neighbourhood().name()));
    let cells = (0..game.vertex_count() as u32)
        .filter_map(|v| game.cell(v).map(|c| (c.row + 1, c.col + 1)))
        .collect();
    let kind = game.kind();
    let arena = with_arena.then(|| Arena { game });
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
    let format = match format {
        None => None,
        Some(name) => Some(
            Format::ALL
                .into_iter()
                .find(|f| f.name() == name)
                .ok_or_else(|| PyValueError::new_err(format!("unknown format {name:?}")))?,
        ),
    };
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
    m.add_class::<Arena>()?;
    Ok(())
}
