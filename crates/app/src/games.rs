//! The list of games: what the application layer needs of each game beyond its rules, that
//! is, what it is played on, how a position starts there and how its moves are named.
//!
//! A game is one [`Variant`]: its rules (a position implementing
//! [`Rules`](geography_rules::Rules)), its name as `--game` spells it, what it is played on
//! (its [`Variant::Board`]: a board or a graph, a digraph with the token's start, a word
//! list) and the naming of its moves as users write them (a vertex as [`Named`], an edge as
//! two, a word as written). Sessions, reports and every front end are written once over this
//! trait; this file is the only place that tells the games apart.
//!
//! # Tests
//! Through [`Session`](crate::Session)'s tests and every front end's play tests.

use std::fmt::Debug;
use std::hash::Hash;

use geography_rules::{
    DirectedEdgeGame, DirectedVertexGame, Game, IllegalMove, Named, Position, Pruning, Rules,
    SearchBound, Slither, UndirectedEdgeGame, WordChainGame,
};
use serde::Serialize;

use crate::family::{GraphPlayed, SearchOptions, WordChainSolution};
use crate::text::not_in_game;

/// Why a move cannot be played: a name of no vertex of the game, a word not in the list,
/// or a move against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The name names no vertex of the game (a blocked or outside cell, an id past the end).
    NotInGame(Named),
    /// A word chain: the word is not in the list.
    NotAWord(String),
    /// The move is against the rules.
    Illegal(IllegalMove),
}

impl From<IllegalMove> for Refusal {
    fn from(error: IllegalMove) -> Self {
        Refusal::Illegal(error)
    }
}

impl Refusal {
    /// The refusal in words, naming vertices (words) as `V` does on `board`.
    pub fn describe<V: Variant>(&self, board: &V::Board) -> String {
        match self {
            &Refusal::NotInGame(named) => not_in_game(named),
            Refusal::NotAWord(word) => format!("'{word}' is not a word of the list"),
            &Refusal::Illegal(error) => V::describe(board, error),
        }
    }
}

/// A game of the toolkit, as the application layer plays it.
pub trait Variant {
    /// The name `--game` and the web's routes give it.
    const NAME: &'static str;
    /// Whether a position's report lists the moves played, as the game names them
    /// (`chosen`): Slither's edges, the words said.
    const LISTS_MOVES: bool = false;
    /// What the game is played on.
    type Board: Debug;
    /// A move in the game's numbering.
    type Move: Copy + Eq + Hash + Debug;
    /// A position of the game on a board's or a graph's vertices.
    type Position<'g>: Rules<Move = Self::Move> + Clone + Debug
    where
        Self::Board: 'g;
    /// A move as users name it: serialises as the JSON reports write it.
    type Named: Clone + Eq + Debug + Serialize;

    /// The starting position on `board`.
    fn start(board: &Self::Board) -> Self::Position<'_>;

    /// The vertices of the path played so far, in order.
    fn path<'p>(position: &'p Self::Position<'_>) -> &'p [u32];

    /// The moves played so far, in order, as played.
    fn history<'p>(position: &'p Self::Position<'_>) -> &'p [Self::Move];

    /// A move as users name it.
    fn name(board: &Self::Board, mv: Self::Move) -> Self::Named;

    /// The move a name stands for.
    ///
    /// # Errors
    /// A name that names nothing of `board` (its first vertex that is not one).
    fn lookup(board: &Self::Board, named: &Self::Named) -> Result<Self::Move, Refusal>;

    /// A vertex as users name it (the path of a report).
    fn vertex(board: &Self::Board, v: u32) -> Named;

    /// Why a move is against the rules, in words, naming vertices (words) as users do.
    fn describe(board: &Self::Board, error: IllegalMove) -> String {
        error.describe(|v| Self::vertex(board, v))
    }

    /// A game-specific fact a report carries, `None` for a game that has none (Slither's
    /// criterion triple, `Some(None)` before the first move).
    fn kind(_position: &Self::Position<'_>) -> Option<Option<[u8; 3]>> {
        None
    }
}

fn vertex(game: &Game, named: Named) -> Result<u32, Refusal> {
    game.vertex(named).ok_or(Refusal::NotInGame(named))
}

/// The token game: the first player places the token, then the players move it to
/// unvisited neighbours.
#[derive(Debug, Clone, Copy)]
pub struct TokenGame;

impl Variant for TokenGame {
    const NAME: &'static str = "token";
    type Board = Game;
    type Move = u32;
    type Position<'g> = Position<'g>;
    type Named = Named;

    fn start(game: &Game) -> Position<'_> {
        Position::new(game.graph())
    }

    fn path<'p>(position: &'p Position<'_>) -> &'p [u32] {
        position.path()
    }

    fn history<'p>(position: &'p Position<'_>) -> &'p [u32] {
        position.path()
    }

    fn name(game: &Game, v: u32) -> Named {
        game.name(v)
    }

    fn lookup(game: &Game, &named: &Named) -> Result<u32, Refusal> {
        vertex(game, named)
    }

    fn vertex(game: &Game, v: u32) -> Named {
        game.name(v)
    }
}

/// Slither: the players choose edges that always form one path.
#[derive(Debug, Clone, Copy)]
pub struct SlitherGame;

impl Variant for SlitherGame {
    const NAME: &'static str = "slither";
    const LISTS_MOVES: bool = true;
    type Board = Game;
    type Move = (u32, u32);
    type Position<'g> = Slither<'g>;
    type Named = [Named; 2];

    fn start(game: &Game) -> Slither<'_> {
        Slither::new(game.graph())
    }

    fn path<'p>(position: &'p Slither<'_>) -> &'p [u32] {
        position.path()
    }

    fn history<'p>(position: &'p Slither<'_>) -> &'p [(u32, u32)] {
        position.chosen()
    }

    fn name(game: &Game, (a, b): (u32, u32)) -> [Named; 2] {
        [game.name(a), game.name(b)]
    }

    fn lookup(game: &Game, &[a, b]: &[Named; 2]) -> Result<(u32, u32), Refusal> {
        Ok((vertex(game, a)?, vertex(game, b)?))
    }

    fn vertex(game: &Game, v: u32) -> Named {
        game.name(v)
    }

    fn kind(position: &Slither<'_>) -> Option<Option<[u8; 3]>> {
        Some(position.kind().map(|k| [k.first, k.last, k.both]))
    }
}

/// A graph game played from a given start vertex: the graph as the game reads it, the
/// token's start, and the bound of the searches that analyse its positions.
#[derive(Debug, Clone)]
pub struct Started {
    /// The graph, as the game reads it.
    pub graph: GraphPlayed,
    /// The token's start.
    pub start: u32,
    /// The bound of each position's search.
    pub bound: SearchBound,
}

impl Started {
    /// The game on `graph` from `start`, each position searched within `options`; `None` when
    /// `start` is not a vertex of the graph.
    pub fn new(graph: GraphPlayed, start: u32, options: SearchOptions) -> Option<Self> {
        ((start as usize) < graph.vertex_count()).then(|| Started {
            graph,
            start,
            bound: options.bound(),
        })
    }
}

/// The vertex `named` names on a graph of `n` vertices.
fn graph_vertex(n: usize, named: Named) -> Result<u32, Refusal> {
    match named {
        Named::Vertex(v) if (v as usize) < n => Ok(v),
        _ => Err(Refusal::NotInGame(named)),
    }
}

/// One game played from a start vertex, whose moves are arcs or edges named by their ends.
macro_rules! started_game {
    ($variant:ident, $name:literal, $doc:literal, $position:ident, $graph:ident, |$g:ident, $board:ident| $make:expr) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Copy)]
        pub struct $variant;

        impl Variant for $variant {
            const NAME: &'static str = $name;
            type Board = Started;
            type Move = (u32, u32);
            type Position<'g> = $position<'g>;
            type Named = [Named; 2];

            fn start($board: &Started) -> $position<'_> {
                let GraphPlayed::$graph($g) = &$board.graph else {
                    panic!("{} is played on a {}", $name, stringify!($graph));
                };
                $make
            }

            fn path<'p>(position: &'p $position<'_>) -> &'p [u32] {
                position.path()
            }

            fn history<'p>(position: &'p $position<'_>) -> &'p [(u32, u32)] {
                position.moves()
            }

            fn name(_: &Started, (a, b): (u32, u32)) -> [Named; 2] {
                [Named::Vertex(a), Named::Vertex(b)]
            }

            fn lookup(board: &Started, &[a, b]: &[Named; 2]) -> Result<(u32, u32), Refusal> {
                let n = board.graph.vertex_count();
                Ok((graph_vertex(n, a)?, graph_vertex(n, b)?))
            }

            fn vertex(_: &Started, v: u32) -> Named {
                Named::Vertex(v)
            }

            fn describe(_: &Started, error: IllegalMove) -> String {
                match error {
                    IllegalMove::AlreadyChosen { u, v } => {
                        format!("every {u}-{v} edge is used already")
                    }
                    other => other.describe(|v| v),
                }
            }
        }
    };
}

started_game!(
    EdgeGame,
    "edge",
    "Undirected edge geography from a start vertex: the token moves along unused edges.",
    UndirectedEdgeGame,
    Multigraph,
    |g, board| UndirectedEdgeGame::new(g, board.start, board.bound)
        .expect("the start was checked against the graph")
);

started_game!(
    DirectedEdge,
    "edge",
    "Directed edge geography from a start vertex: the token moves along unused arcs.",
    DirectedEdgeGame,
    Multidigraph,
    |g, board| DirectedEdgeGame::new(g, board.start, board.bound, Pruning::default())
        .expect("the start was checked against the graph")
);

/// Directed vertex geography from a start vertex: the token moves along arcs to unvisited
/// vertices.
#[derive(Debug, Clone, Copy)]
pub struct DirectedToken;

impl Variant for DirectedToken {
    const NAME: &'static str = "token";
    type Board = Started;
    type Move = u32;
    type Position<'g> = DirectedVertexGame<'g>;
    type Named = Named;

    fn start(board: &Started) -> DirectedVertexGame<'_> {
        let GraphPlayed::Digraph(g) = &board.graph else {
            panic!("the token game on a digraph is played on a digraph");
        };
        DirectedVertexGame::new(g, board.start, board.bound)
            .expect("the start was checked against the graph")
    }

    fn path<'p>(position: &'p DirectedVertexGame<'_>) -> &'p [u32] {
        position.path()
    }

    fn history<'p>(position: &'p DirectedVertexGame<'_>) -> &'p [u32] {
        &position.path()[1..]
    }

    fn name(_: &Started, v: u32) -> Named {
        Named::Vertex(v)
    }

    fn lookup(board: &Started, &named: &Named) -> Result<u32, Refusal> {
        graph_vertex(board.graph.vertex_count(), named)
    }

    fn vertex(_: &Started, v: u32) -> Named {
        Named::Vertex(v)
    }
}

/// A word chain: the players say words of the list in turn, each starting with the end of
/// the one before.
#[derive(Debug, Clone, Copy)]
pub struct WordsGame;

impl Variant for WordsGame {
    const NAME: &'static str = "words";
    const LISTS_MOVES: bool = true;
    type Board = WordChainSolution;
    type Move = u32;
    type Position<'g> = WordChainGame<'g>;
    type Named = String;

    fn start(solution: &WordChainSolution) -> WordChainGame<'_> {
        WordChainGame::new(solution.chain())
    }

    fn path<'p>(position: &'p WordChainGame<'_>) -> &'p [u32] {
        position.said()
    }

    fn history<'p>(position: &'p WordChainGame<'_>) -> &'p [u32] {
        position.said()
    }

    fn name(solution: &WordChainSolution, word: u32) -> String {
        solution.spelled(word)
    }

    fn lookup(solution: &WordChainSolution, word: &String) -> Result<u32, Refusal> {
        solution
            .chain_index(word)
            .ok_or_else(|| Refusal::NotAWord(word.trim().to_string()))
    }

    fn vertex(_: &WordChainSolution, v: u32) -> Named {
        Named::Vertex(v)
    }

    fn describe(solution: &WordChainSolution, error: IllegalMove) -> String {
        let word = |i: u32| {
            if (i as usize) < solution.chain().word_count() {
                solution.spelled(i)
            } else {
                i.to_string()
            }
        };
        match error {
            IllegalMove::NotAWord(i) => format!("{i} is not a word of the list"),
            IllegalMove::DoesNotChain(i) => {
                format!("'{}' does not start where the last word ended", word(i))
            }
            IllegalMove::AlreadySaid(i) => format!("'{}' was said already", word(i)),
            other => other.describe(|v| v),
        }
    }
}

/// A game played along a walk of vertices from a start (the token game on a digraph, edge
/// geography): the move that goes to a vertex from the token, and back. Records and the
/// front ends' typed moves name a move by the vertex it reaches.
pub trait Walked: Variant<Board = Started> {
    /// The move from `token` to `v`.
    fn towards(token: u32, v: u32) -> Self::Move;
    /// The vertex a move goes to.
    fn to(mv: Self::Move) -> u32;
}

impl Walked for DirectedToken {
    fn towards(_: u32, v: u32) -> u32 {
        v
    }
    fn to(v: u32) -> u32 {
        v
    }
}

impl Walked for EdgeGame {
    fn towards(token: u32, v: u32) -> (u32, u32) {
        (token, v)
    }
    fn to((_, v): (u32, u32)) -> u32 {
        v
    }
}

impl Walked for DirectedEdge {
    fn towards(token: u32, v: u32) -> (u32, u32) {
        (token, v)
    }
    fn to((_, v): (u32, u32)) -> u32 {
        v
    }
}
