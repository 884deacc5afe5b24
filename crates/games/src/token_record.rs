//! Token game records: a played game of undirected vertex geography on a board or a graph,
//! read from text ([`parse`]) and annotated move by move like a chess engine's analysis
//! ([`annotate`]).
//!
//! # Format (`docs/FORMATS.md`, "Token game record")
//! The board or the edge list as usual (any format [`formats::parse`] reads as one board or
//! one graph), then a line holding only the keyword `moves`, then the token's visited
//! vertices in order, the first being the placement: `row col` (1-based) per move on boards,
//! one vertex id (0-based) per move on graphs. Tokens are whitespace-separated, so the moves
//! may share lines. Player 1 places the token, player 2 makes the first move, and they
//! alternate (the convention of `geography play` and of JSOI2009).
//!
//! ```text
//! 3 3
//! .##
//! ...
//! #.#
//! moves
//! 2 3
//! 2 2
//! 2 1
//! 1 1
//! ```
//!
//! # Analysis
//! [`annotate`] takes any record on a graph, with or without a placement (a slide-game record
//! is one without: the empty cell starts on its vertex of [`SlideBoard::graph`]). The verdict
//! at every position comes from [`record::analyse`] (one incrementally maintained matching on
//! bipartite graphs, a decomposition per position otherwise); every winning move of every
//! position from [`Position::analyse`] (one Gallai–Edmonds decomposition per position).
//!
//! # Complexity
//! Parsing: O(input + V + E). Annotating a record of P moves: O(P · D) time, where D is the
//! time of one decomposition of the unvisited graph (a few O(V + E) passes in practice,
//! O(V·E·α(V)) at worst), plus [`record::analyse`]; O(V + E + P·V) memory for the lists of
//! winning moves. Fine for boards of thousands of cells and records of thousands of moves.
//!
//! # Tests
//! The unit tests below parse records on boards and graphs, locate every kind of malformed or
//! illegal record (line and column), and compare [`annotate`] with exhaustive game-tree
//! search ([`BruteForce`](crate::oracle::BruteForce)) on random graphs and random games.
//!
//! [`SlideBoard::graph`]: crate::slide::SlideBoard::graph

use geography_matching::Graph;

use crate::board::{Board, BoardGraph, Cell};
use crate::formats::{self, Format, Input};
use crate::position::{self, Position};
use crate::record::{self, Annotation, MoveError, Player};
use crate::text::{InputError, Limits, Tokens};

/// The keyword that ends the board or graph and starts the moves.
pub const KEYWORD: &str = "moves";

/// What a token game is played on.
#[derive(Debug, Clone)]
pub enum Arena {
    /// A board; its vertices are its free cells in row-major order.
    Board {
        /// The board as read.
        board: Board,
        /// Its graph, with the cell of every vertex.
        cells: BoardGraph,
    },
    /// A graph; its vertices are named by their ids.
    Graph(Graph),
}

impl Arena {
    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        match self {
            Arena::Board { cells, .. } => &cells.graph,
            Arena::Graph(graph) => graph,
        }
    }

    /// The cell of a vertex on a board; `None` on a graph.
    pub fn cell(&self, vertex: u32) -> Option<Cell> {
        match self {
            Arena::Board { cells, .. } => Some(cells.cell(vertex)),
            Arena::Graph(_) => None,
        }
    }

    /// A vertex for messages: `cell (row, col)` (1-based) on boards, `vertex id` on graphs.
    pub fn describe(&self, vertex: u32) -> String {
        match self.cell(vertex) {
            Some(cell) => format!("cell ({}, {})", cell.row + 1, cell.col + 1),
            None => format!("vertex {vertex}"),
        }
    }
}

/// One move of a record: the vertex the token went to, and where the move is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedMove {
    /// The vertex (on boards: of the cell named).
    pub vertex: u32,
    /// 1-based line of the move's first number.
    pub line: u32,
    /// 1-based column (in bytes) of the move's first number.
    pub column: u32,
}

/// A checked token game record: the arena and the token's path, the placement first.
#[derive(Debug, Clone)]
pub struct TokenRecord {
    /// The board or graph played on.
    pub arena: Arena,
    /// The moves in order; the first is the placement. Every move is legal.
    pub moves: Vec<RecordedMove>,
}

impl TokenRecord {
    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        self.arena.graph()
    }

    /// The token's path: the vertices visited, in order, the placement first.
    pub fn path(&self) -> Vec<u32> {
        self.moves.iter().map(|m| m.vertex).collect()
    }
}

/// A move as written, before it is checked against the rules.
#[derive(Debug, Clone, Copy)]
struct Written {
    /// The row on boards, the vertex id on graphs.
    first: i64,
    /// The column on boards, unused on graphs.
    second: i64,
    line: u32,
    column: u32,
}

/// Reads a token game record (see the module documentation) and checks every move.
///
/// ```
/// use geography_games::token_record::parse;
/// let record = parse(b"1 3\n...\nmoves\n1 2\n1 1\n").unwrap();
/// assert_eq!(record.path(), [1, 0]);
/// let error = parse(b"1 3\n...\nmoves\n1 1\n1 3\n").unwrap_err();
/// assert_eq!((error.line, error.column), (5, 1));
/// assert!(error.message.contains("not adjacent"), "{error}");
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column. Syntax: the board or graph's own errors, no
/// `moves` line (or the keyword sharing its line), an input that is not one board or one
/// graph (a slide board, a treasure map, several graph6 lines), a missing or non-numeric
/// coordinate. Rules, located at the offending move, checked in this order: the cell is off
/// the board or blocked (the vertex does not exist on graphs), the mover had no legal move
/// left, the vertex is not adjacent to the token, it was already visited.
///
/// # Complexity
/// O(input + V + E) time and memory.
pub fn parse(input: &[u8]) -> Result<TokenRecord, InputError> {
    parse_with_limits(input, &Limits::DEFAULT)
}

/// Parses a record whose board or graph is within `limits`.
///
/// # Errors
/// As [`parse`], and a board or graph larger than `limits` allows.
pub fn parse_with_limits(input: &[u8], limits: &Limits) -> Result<TokenRecord, InputError> {
    let mut tokens = Tokens::new(input);
    if tokens.at_end() {
        return Err(tokens.error_here(
            "empty input: expected a board or an edge list, a line 'moves' and the moves",
        ));
    }
    let mut previous_line = 0;
    let keyword = loop {
        match tokens.next_token() {
            Some(token) if token.text.eq_ignore_ascii_case(KEYWORD.as_bytes()) => break token,
            Some(token) => previous_line = token.line,
            None => {
                // Report what is wrong with the board or graph first, if anything.
                parse_arena(input, limits)?;
                return Err(tokens.error_here(
                    "expected a line 'moves' and the token's path after the board or graph, \
                     found end of input",
                ));
            }
        }
    };
    let prefix = &input[..input.len() - tokens.rest().len() - keyword.text.len()];
    if previous_line == 0 {
        return Err(keyword.error("expected a board or an edge list before 'moves'"));
    }
    let arena = parse_arena(prefix, limits).map_err(|mut error| {
        if (error.line, error.column) == (keyword.line, keyword.column) {
            error.message = error.message.replace("end of input", "the keyword 'moves'");
        }
        error
    })?;
    if previous_line == keyword.line {
        return Err(keyword.error("the keyword 'moves' must start a line of its own"));
    }
    if let Some(next) = tokens.peek().filter(|t| t.line == keyword.line) {
        return Err(next.error(format!(
            "unexpected '{}' after 'moves': the keyword stands on a line of its own",
            next.shown()
        )));
    }
    let written = read_moves(&mut tokens, matches!(arena, Arena::Board { .. }))?;
    let moves = check_moves(&arena, &written)?;
    Ok(TokenRecord { arena, moves })
}

/// The board or the one graph `input` holds.
fn parse_arena(input: &[u8], limits: &Limits) -> Result<Arena, InputError> {
    let refuse = |kind: &str| {
        InputError::new(
            1,
            1,
            format!("a token game record is played on one board or one graph, found {kind}"),
        )
    };
    match formats::detect(input) {
        Format::Slide => {
            return Err(refuse(
                "a slide board (a slide game is recorded in its own format)",
            ))
        }
        Format::Treasure => return Err(refuse("a treasure map")),
        _ => {}
    }
    let kind = match formats::parse_with_limits(input, None, limits)? {
        Input::Board(board) => {
            let cells = board.graph();
            return Ok(Arena::Board { board, cells });
        }
        Input::Graph(graph) => return Ok(Arena::Graph(graph)),
        Input::Graphs(mut graphs) if graphs.len() == 1 => {
            return Ok(Arena::Graph(graphs.swap_remove(0)));
        }
        Input::Graphs(graphs) => format!("{} graph6 graphs", graphs.len()),
        Input::Slide(_) => "a slide board".to_string(),
        Input::Treasure(_) => "a treasure map".to_string(),
    };
    Err(refuse(&kind))
}

/// The moves after the keyword: pairs `row col` on boards, single ids on graphs.
fn read_moves(tokens: &mut Tokens<'_>, board: bool) -> Result<Vec<Written>, InputError> {
    let mut moves = Vec::new();
    while let Some(start) = tokens.peek() {
        let ply = moves.len() + 1;
        let first_name = if board { "the row" } else { "the vertex" };
        let first = tokens
            .integer_described(i64::MIN, i64::MAX, || format!("{first_name} of move {ply}"))?;
        let second = if board {
            tokens.integer_described(i64::MIN, i64::MAX, || format!("the column of move {ply}"))?
        } else {
            0
        };
        moves.push(Written {
            first,
            second,
            line: start.line,
            column: start.column,
        });
    }
    Ok(moves)
}

/// Checks every move against the rules, in the order of [`parse`]'s documentation.
fn check_moves(arena: &Arena, written: &[Written]) -> Result<Vec<RecordedMove>, InputError> {
    let graph = arena.graph();
    let mut position = Position::new(graph);
    let mut moves = Vec::with_capacity(written.len().min(graph.vertex_count()));
    for (index, w) in written.iter().enumerate() {
        let ply = index + 1;
        let error = |message: String| InputError::new(w.line, w.column, message);
        let vertex = match arena {
            Arena::Board { board, cells } => {
                let (rows, cols) = (board.rows(), board.cols());
                let inside = |value: i64, limit: u32| (1..=i64::from(limit)).contains(&value);
                if !inside(w.first, rows) || !inside(w.second, cols) {
                    return Err(error(format!(
                        "move {ply}: cell ({}, {}) is outside the {rows} × {cols} board",
                        w.first, w.second
                    )));
                }
                let cell = Cell {
                    row: (w.first - 1) as u32,
                    col: (w.second - 1) as u32,
                };
                cells.vertex(cell).ok_or_else(|| {
                    error(format!(
                        "move {ply}: cell ({}, {}) is blocked",
                        w.first, w.second
                    ))
                })?
            }
            Arena::Graph(graph) => {
                let count = graph.vertex_count();
                match u32::try_from(w.first) {
                    Ok(v) if (v as usize) < count => v,
                    _ => {
                        return Err(error(format!(
                            "move {ply}: {} is not a vertex (the graph has {count}, 0 to {})",
                            w.first,
                            count.saturating_sub(1)
                        )))
                    }
                }
            }
        };
        if let Some(token) = position.token() {
            let stuck = graph
                .neighbor_slice(token)
                .iter()
                .all(|&n| position.is_visited(n));
            if stuck {
                return Err(error(format!(
                    "move {ply}: {} has no legal move from {}, the game is already over",
                    Player::to_move_after(index),
                    arena.describe(token)
                )));
            }
        }
        position.play(vertex).map_err(|e| {
            error(match e {
                position::MoveError::NotAdjacent { from, to } => format!(
                    "move {ply}: {} is not adjacent to the token on {}",
                    arena.describe(to),
                    arena.describe(from)
                ),
                position::MoveError::AlreadyVisited(v) => {
                    format!("move {ply}: {} was already visited", arena.describe(v))
                }
                position::MoveError::NotAVertex(v) => format!("move {ply}: {v} is not a vertex"),
            })
        })?;
        moves.push(RecordedMove {
            vertex,
            line: w.line,
            column: w.column,
        });
    }
    Ok(moves)
}

/// One move of a record with the engine's comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// 1-based number of the move (the placement, if any, is move 1).
    pub ply: usize,
    /// Who made it: the first player makes the odd-numbered moves.
    pub player: Player,
    /// The token's vertex before the move; `None` for a placement.
    pub from: Option<u32>,
    /// The token's vertex after the move.
    pub to: u32,
    /// Whether the mover had a win before the move.
    pub mover_wins: bool,
    /// The mover's winning moves before the move, increasing (empty when losing).
    pub winning_moves: Vec<u32>,
    /// How many legal moves the mover had.
    pub legal_moves: usize,
    /// What the move did: kept the win, threw it away, or came from a lost position.
    pub annotation: Annotation,
}

/// The position after the last move of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outlook {
    /// Whose turn it is.
    pub mover: Player,
    /// Whether the player to move wins with best play.
    pub mover_wins: bool,
    /// Their winning moves, increasing.
    pub winning_moves: Vec<u32>,
    /// How many legal moves they have (0: the game is over and they lost).
    pub legal_moves: usize,
}

/// An annotated record: a [`Comment`] per move and the final position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commentary {
    /// One comment per move, in order.
    pub plies: Vec<Comment>,
    /// The position after the last move.
    pub end: Outlook,
}

impl Commentary {
    /// Whether the game is over: the player to move at the end has no legal move.
    pub fn finished(&self) -> bool {
        self.end.legal_moves == 0
    }

    /// The winner: the opponent of a stuck player, or, when the record stops earlier, the
    /// player who wins the final position with best play.
    pub fn winner(&self) -> Player {
        if self.end.mover_wins {
            self.end.mover
        } else {
            self.end.mover.other()
        }
    }

    /// The blunders, in order.
    pub fn blunders(&self) -> impl Iterator<Item = &Comment> + '_ {
        self.plies
            .iter()
            .filter(|c| c.annotation == Annotation::Blunder)
    }

    /// How many blunders `player` made.
    pub fn blunder_count(&self, player: Player) -> usize {
        self.blunders().filter(|c| c.player == player).count()
    }
}

/// Annotates a record of undirected vertex geography on `graph`.
///
/// With `start = Some(s)` the token starts on `s` and `moves` are the vertices it moves to
/// (a [`record`] as [`record::analyse`] takes it; a slide game). With `start = None` the
/// first of `moves` is the placement (a token game record): player 1 places, player 2 moves
/// first. Either way the first player makes the odd-numbered moves.
///
/// Every position gets its verdict from [`record::analyse`] and its winning moves from
/// [`Position::analyse`]; a move is a [`Annotation::Blunder`] when the mover was winning and
/// the opponent wins after it, [`Annotation::KeepsWin`] when the mover was winning and still
/// is, [`Annotation::AlreadyLost`] when the mover was losing. A placement wins exactly on a
/// vertex some maximum matching misses.
///
/// ```
/// use geography_games::record::{Annotation, Player};
/// use geography_games::token_record::annotate;
/// use geography_matching::Graph;
/// // The path 0 – 1 – 2: placing on the middle loses (the opponent moves to an end).
/// let path = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
/// let commentary = annotate(&path, None, &[1, 0]).unwrap();
/// assert_eq!(commentary.plies[0].winning_moves, [0, 2]);
/// assert_eq!(commentary.plies[0].annotation, Annotation::Blunder);
/// assert_eq!(commentary.plies[1].annotation, Annotation::KeepsWin);
/// assert!(commentary.finished());
/// assert_eq!(commentary.winner(), Player::Second);
/// ```
///
/// # Errors
/// The first illegal move, as [`record::check`] reports it, with `ply` counting the
/// placement as move 1 when `start` is `None`.
///
/// # Complexity
/// O(P · D) for P moves, D the time of one decomposition of the graph (see the module
/// documentation); O(P · V) memory for the winning moves.
pub fn annotate(graph: &Graph, start: Option<u32>, moves: &[u32]) -> Result<Commentary, MoveError> {
    // verdicts[i]: whether the player to move before move i + 1 wins (the last: at the end);
    // `None` before a placement, decided below from the position's own analysis.
    let verdicts: Vec<Option<bool>> = match (start, moves.split_first()) {
        (Some(start), _) => wins_at_each_position(graph, start, moves)?
            .into_iter()
            .map(Some)
            .collect(),
        (None, None) => vec![None],
        (None, Some((&placement, rest))) => {
            let vertex_count = graph.vertex_count();
            if placement as usize >= vertex_count {
                return Err(MoveError::OutOfRange {
                    ply: 1,
                    vertex: placement,
                    vertex_count,
                });
            }
            let after = wins_at_each_position(graph, placement, rest).map_err(after_placement)?;
            std::iter::once(None)
                .chain(after.into_iter().map(Some))
                .collect()
        }
    };
    let mut position = Position::new(graph);
    if let Some(start) = start {
        position
            .play(start)
            .expect("record::check accepted the start");
    }
    let mut plies = Vec::with_capacity(moves.len());
    for (index, &to) in moves.iter().enumerate() {
        let analysis = position.analyse();
        let mover_wins = verdicts[index].unwrap_or(analysis.mover_wins);
        let opponent_wins = verdicts[index + 1].unwrap_or(false);
        let annotation = match (mover_wins, opponent_wins) {
            (true, false) => Annotation::KeepsWin,
            (true, true) => Annotation::Blunder,
            (false, _) => Annotation::AlreadyLost,
        };
        plies.push(Comment {
            ply: index + 1,
            player: Player::to_move_after(index),
            from: position.token(),
            to,
            mover_wins,
            winning_moves: analysis.winning_moves,
            legal_moves: analysis.legal_moves.len(),
            annotation,
        });
        position.play(to).expect("record::check accepted the move");
    }
    let analysis = position.analyse();
    let end = Outlook {
        mover: Player::to_move_after(moves.len()),
        mover_wins: verdicts[moves.len()].unwrap_or(analysis.mover_wins),
        winning_moves: analysis.winning_moves,
        legal_moves: analysis.legal_moves.len(),
    };
    Ok(Commentary { plies, end })
}

/// Whether the player to move wins at each position of the record `start, moves…`: before
/// each move, then at the end.
fn wins_at_each_position(graph: &Graph, start: u32, moves: &[u32]) -> Result<Vec<bool>, MoveError> {
    let analysis = record::analyse(graph, start, moves)?;
    Ok(analysis.positions().iter().map(|v| v.mover_wins).collect())
}

/// An error of the record after a placement, renumbered so the placement is move 1.
fn after_placement(error: MoveError) -> MoveError {
    match error {
        MoveError::StartOutOfRange {
            start,
            vertex_count,
        } => MoveError::OutOfRange {
            ply: 1,
            vertex: start,
            vertex_count,
        },
        MoveError::OutOfRange {
            ply,
            vertex,
            vertex_count,
        } => MoveError::OutOfRange {
            ply: ply + 1,
            vertex,
            vertex_count,
        },
        MoveError::GameOver { ply, player } => MoveError::GameOver {
            ply: ply + 1,
            player: player.other(),
        },
        MoveError::NotAdjacent { ply, from, to } => MoveError::NotAdjacent {
            ply: ply + 1,
            from,
            to,
        },
        MoveError::AlreadyVisited { ply, vertex } => MoveError::AlreadyVisited {
            ply: ply + 1,
            vertex,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::BruteForce;

    #[test]
    fn records_on_boards_and_graphs() {
        let record = parse(b"3 3\r\n.##\r\n...\r\n#.#\r\nmoves\r\n2 3  2 2\n2 1\n1 1\n").unwrap();
        assert!(matches!(record.arena, Arena::Board { .. }));
        assert_eq!(record.path(), [3, 2, 1, 0]);
        assert_eq!(
            record.moves[1],
            RecordedMove {
                vertex: 2,
                line: 6,
                column: 6
            }
        );
        assert_eq!(record.arena.describe(3), "cell (2, 3)");
        let record = parse(b"3 2\n0 1\n1 2\nMOVES\n1\n2\n").unwrap();
        assert!(matches!(record.arena, Arena::Graph(_)));
        assert_eq!(record.path(), [1, 2]);
        assert_eq!(record.arena.describe(2), "vertex 2");
        // A king board, an empty record, and a one-graph graph6 line.
        let record = parse(b"2 2 king\n..\n..\nmoves\n1 1\n2 2\n").unwrap();
        assert_eq!(record.path(), [0, 3]);
        assert!(parse(b"1 1\n.\nmoves\n").unwrap().moves.is_empty());
        assert_eq!(parse(b"Bw\nmoves\n0 1\n").unwrap().path(), [0, 1]);
    }

    #[test]
    fn malformed_and_illegal_records_are_located() {
        let cases: &[(&[u8], (u32, u32), &str)] = &[
            (b"", (1, 1), "empty input"),
            (b"  \n", (2, 1), "empty input"),
            (b"1 2\n..\n", (3, 1), "expected a line 'moves'"),
            (b"1 2\n.x\n", (2, 2), "unexpected character 'x'"),
            (b"moves\n1 1\n", (1, 1), "before 'moves'"),
            (
                b"2 2\n..\nmoves\n1 1\n",
                (3, 1),
                "expected row 2 of 2, found the keyword",
            ),
            (b"1 2\n.. moves\n1 1\n", (2, 4), "must start a line"),
            (
                b"1 2\n..\nmoves 1 1\n",
                (3, 7),
                "unexpected '1' after 'moves'",
            ),
            (
                b"1 2\n..\nmoves\n1 x\n",
                (4, 3),
                "the column of move 1, found 'x'",
            ),
            (
                b"1 2\n..\nmoves\n1 1\n1\n",
                (6, 1),
                "the column of move 2, found end",
            ),
            (
                b"1 2\n..\nmoves\n1 1\n1 3\n",
                (5, 1),
                "move 2: cell (1, 3) is outside",
            ),
            (
                b"1 2\n..\nmoves\n0 1\n",
                (4, 1),
                "move 1: cell (0, 1) is outside",
            ),
            (
                b"1 3\n.#.\nmoves\n1 2\n",
                (4, 1),
                "move 1: cell (1, 2) is blocked",
            ),
            (
                b"1 3\n...\nmoves\n1 1\n 1 3\n",
                (5, 2),
                "cell (1, 3) is not adjacent to the token on cell (1, 1)",
            ),
            (
                b"2 2\n..\n..\nmoves\n1 1\n1 2\n1 1\n",
                (7, 1),
                "move 3: cell (1, 1) was already visited",
            ),
            (
                b"1 2\n..\nmoves\n1 1\n1 2\n1 1\n",
                (6, 1),
                "move 3: player 1 has no legal move from cell (1, 2)",
            ),
            (
                b"2 1\n0 1\nmoves\n0\n2\n",
                (5, 1),
                "move 2: 2 is not a vertex (the graph has 2, 0 to 1)",
            ),
            (
                b"2 1\n0 1\nmoves\n-1\n",
                (4, 1),
                "move 1: -1 is not a vertex",
            ),
            (
                b"2 1\n0 1\nmoves\n0 one\n",
                (4, 3),
                "the vertex of move 2, found 'one'",
            ),
            (b"1 3\nXO.\nmoves\n1 2\n", (1, 1), "found a slide board"),
            (b"Bw\nBw\nmoves\n0\n", (1, 1), "found 2 graph6 graphs"),
        ];
        for &(input, at, words) in cases {
            let error = parse(input).unwrap_err();
            assert_eq!((error.line, error.column), at, "{error}");
            assert!(error.message.contains(words), "{error}");
        }
    }

    /// A small deterministic generator (`SplitMix64`).
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A random legal path: a placement, then a random walk of up to `length` moves.
    fn random_path(graph: &Graph, length: usize, state: &mut u64) -> Vec<u32> {
        let n = graph.vertex_count() as u64;
        let mut path = vec![(next(state) % n) as u32];
        while path.len() < length {
            let token = *path.last().expect("placed");
            let free: Vec<u32> = graph
                .neighbor_slice(token)
                .iter()
                .copied()
                .filter(|w| !path.contains(w))
                .collect();
            if free.is_empty() {
                break;
            }
            path.push(free[(next(state) % free.len() as u64) as usize]);
        }
        path
    }

    /// The verdict, the winning moves and the annotation of every ply, checked by brute
    /// force; returns how many of each annotation were seen.
    fn check_against_brute_force(graph: &Graph, start: Option<u32>, moves: &[u32]) -> [usize; 3] {
        let mut brute = BruteForce::new(graph).expect("small");
        let n = graph.vertex_count() as u32;
        let commentary = annotate(graph, start, moves).expect("legal");
        let mut visited = start.map_or(0u32, |s| 1 << s);
        let mut token = start;
        let mut counts = [0; 3];
        // Brute force of one position: (mover wins, winning moves).
        let mut judge = |visited: u32, token: Option<u32>| {
            if let Some(t) = token {
                (
                    brute.mover_wins(visited, t),
                    brute.winning_moves(visited, t),
                )
            } else {
                let wins: Vec<u32> = (0..n).filter(|&v| !brute.mover_wins(1 << v, v)).collect();
                (!wins.is_empty(), wins)
            }
        };
        assert_eq!(commentary.plies.len(), moves.len());
        for (comment, &to) in commentary.plies.iter().zip(moves) {
            let (wins, winning) = judge(visited, token);
            assert_eq!(comment.from, token);
            assert_eq!(comment.to, to);
            assert_eq!(comment.mover_wins, wins, "{comment:?} on {graph:?}");
            assert_eq!(comment.winning_moves, winning, "{comment:?}");
            assert_eq!(comment.player, Player::to_move_after(comment.ply - 1));
            visited |= 1 << to;
            token = Some(to);
            let (opponent_wins, _) = judge(visited, token);
            let expected = match (wins, opponent_wins) {
                (true, true) => Annotation::Blunder,
                (true, false) => Annotation::KeepsWin,
                (false, _) => Annotation::AlreadyLost,
            };
            assert_eq!(comment.annotation, expected);
            assert_eq!(
                comment.annotation == Annotation::Blunder,
                wins && !winning.contains(&to)
            );
            counts[expected as usize] += 1;
        }
        let (wins, winning) = judge(visited, token);
        assert_eq!(commentary.end.mover_wins, wins);
        assert_eq!(commentary.end.winning_moves, winning);
        assert_eq!(commentary.end.mover, Player::to_move_after(moves.len()));
        counts
    }

    #[test]
    fn annotations_agree_with_brute_force_on_random_games() {
        let mut state = 2011;
        let mut counts = [0usize; 3];
        for _ in 0..400 {
            let n = 1 + (next(&mut state) % 10) as usize;
            let edge_count = (next(&mut state) % (2 * n as u64 + 1)) as usize;
            let edges: Vec<(u32, u32)> = (0..edge_count)
                .map(|_| {
                    let u = (next(&mut state) % n as u64) as u32;
                    (u, (next(&mut state) % n as u64) as u32)
                })
                .collect();
            let graph = Graph::from_edges(n, edges).unwrap();
            let length = (next(&mut state) % (n as u64 + 1)) as usize;
            let path = random_path(&graph, length, &mut state);
            for (index, found) in check_against_brute_force(&graph, None, &path)
                .into_iter()
                .enumerate()
            {
                counts[index] += found;
            }
            if let Some((&start, rest)) = path.split_first() {
                check_against_brute_force(&graph, Some(start), rest);
            }
        }
        assert!(counts.iter().all(|&c| c >= 50), "{counts:?}");
    }

    #[test]
    fn the_end_of_a_record_names_the_winner() {
        let path = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]).unwrap();
        // Nothing played: the placer wins only without a perfect matching (a path of 4 has one).
        let empty = annotate(&path, None, &[]).unwrap();
        assert!(empty.plies.is_empty() && !empty.finished());
        assert_eq!(empty.winner(), Player::Second);
        // Placed on 0, moved to 1, unfinished: player 1 must move to 2, player 2 takes 3,
        // and player 1 is stuck.
        let unfinished = annotate(&path, None, &[0, 1]).unwrap();
        assert!(!unfinished.finished());
        assert_eq!(unfinished.end.mover, Player::First);
        assert!(!unfinished.end.mover_wins);
        assert_eq!(unfinished.winner(), Player::Second);
        let over = annotate(&path, Some(1), &[0]).unwrap();
        assert!(over.finished());
        assert_eq!(over.winner(), Player::First);
        assert_eq!(over.blunder_count(Player::First), 0);
    }

    #[test]
    fn illegal_moves_are_numbered_from_the_placement() {
        let path = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
        assert_eq!(
            annotate(&path, None, &[3]),
            Err(MoveError::OutOfRange {
                ply: 1,
                vertex: 3,
                vertex_count: 3
            })
        );
        assert_eq!(
            annotate(&path, None, &[0, 2]),
            Err(MoveError::NotAdjacent {
                ply: 2,
                from: 0,
                to: 2
            })
        );
        assert_eq!(
            annotate(&path, None, &[0, 1, 2, 1]),
            Err(MoveError::GameOver {
                ply: 4,
                player: Player::Second
            })
        );
        assert_eq!(
            annotate(&path, Some(0), &[1, 0]),
            Err(MoveError::AlreadyVisited { ply: 2, vertex: 0 })
        );
    }
}
