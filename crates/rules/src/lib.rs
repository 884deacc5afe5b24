//! The rules of undirected vertex geography, and of the games that are instances of it.
//!
//! A token sits on a vertex of a graph; players take turns moving it to an unvisited
//! neighbour; whoever cannot move loses. The player to move from `v` wins exactly when every
//! maximum matching of the unvisited graph covers `v`, so one decomposition of the graph
//! answers every start at once.
//!
//! - [`Game`]: a board or a graph, with the names of its vertices ([`Named`]);
//! - [`Solution`]: who wins from every vertex; [`Position`]: a game in progress, with the
//!   winning moves of the player to move;
//! - [`analyse_record`] and [`annotate_record`]: a played record, position by position and
//!   move by move;
//! - [`SlideBoard`], [`replay_slide`], [`analyse_slide`]: the slide game of NOI2011, token
//!   geography on a fixed bipartite graph;
//! - [`Slither`], [`solve_slither`]: the path game of Anderson (1974), classified by
//!   matchings, with a bounded search where the criterion does not decide;
//! - [`TreasureMap`], [`analyse_treasure`]: the treasure game of HDU 4101, decided by a
//!   parity;
//! - the wider family, each answered from every start vertex (win, lose, or undecided past
//!   a [`SearchBound`], never a guess) with its winning moves, and playable through
//!   [`Rules`]:
//!   - [`solve_directed_vertex`] ([`DirectedVertexSolution`], [`DirectedVertexGame`]):
//!     directed vertex geography on a [`Digraph`], by retrograde labels of the whole
//!     graph, then the strongly connected components ([`strong_components`]) of what they
//!     leave open bottom up, the matching theorem on symmetric components, a bounded
//!     search elsewhere;
//!   - [`solve_undirected_edge`] ([`UndirectedEdgeSolution`], [`UndirectedEdgeGame`]):
//!     undirected edge geography on a [`Multigraph`], by a GF(2) criterion when bipartite;
//!   - [`solve_directed_edge`] ([`DirectedEdgeSolution`], [`DirectedEdgeGame`]): directed
//!     edge geography, with the exact rules of [`Pruning`];
//!   - [`WordChain`] ([`ChainRule`], [`WordChainGame`]): the word game, directed edge
//!     geography on the words' keys;
//! - [`Rules`]: the one abstraction every game's position implements (legal moves, `play`
//!   with a typed [`IllegalMove`], `undo`, an exact [`PositionAnalysis`]);
//! - [`BruteForce`], [`SlitherBruteForce`] and the generic [`search_winning_moves`]: plain
//!   game-tree search, the judges every solver is tested against.
//!
//! ```
//! use geography_matching::Graph;
//! use geography_rules::{Position, Solution};
//!
//! // The path 0 – 1 – 2: the player to move from an end loses, from the middle wins.
//! let path = Graph::from_edges(3, [(0, 1), (1, 2)]).unwrap();
//! let solution = Solution::new(&path);
//! assert_eq!(solution.mover_wins_from(), [1]);
//! assert_eq!(solution.winning_placements(), [0, 2]);
//!
//! let mut position = Position::new(&path);
//! position.play(1).unwrap();
//! let analysis = position.analyse();
//! assert!(analysis.mover_wins);
//! assert_eq!(analysis.winning_moves, [0, 2]);
//! ```
//!
//! No I/O, no threads of its own.
#![deny(missing_docs)]

mod bounded_search;
mod commentary;
mod digraph;
mod directed_edge;
mod edge_geography;
mod edge_walk;
mod game;
mod multigraph;
mod oracle;
mod position;
mod record;
mod replay;
mod retrograde;
mod rules;
mod slide;
mod slither;
mod slither_oracle;
mod treasure;
mod treasure_game;
mod vertex_geography;
mod word_chain;

pub use bounded_search::{Outcome, SearchBound, StartOutcomes};
pub use commentary::{annotate_record, annotate_record_while, Comment, Commentary, Outlook};
pub use digraph::{strong_components, Components, Digraph, DigraphError};
pub use directed_edge::{
    solve_directed_edge, solve_directed_edge_while, DirectedEdgeGame, DirectedEdgeSolution, Pruning,
};
pub use edge_geography::{
    solve_undirected_edge, solve_undirected_edge_while, UndirectedEdgeGame, UndirectedEdgeSolution,
    EDGE_ELIMINATION_MAX_WORDS,
};
pub use edge_walk::{EdgeGeographyGame, WalkedGraph};
pub use game::{Game, Named};
pub use multigraph::Multigraph;
pub use oracle::BruteForce;
pub use position::{Position, Solution};
pub use record::{
    analyse_record, analyse_record_with, check_record, Annotation, Method, Player, Ply,
    RecordAnalysis, RecordError, RecordMoveError, Verdict,
};
pub use rules::{
    search_mover_wins, search_winning_moves, IllegalMove, PositionAnalysis, Rules, Undecided,
};
pub use slide::{analyse_slide, bunny_mistakes, replay_slide, slide_player_name, SlideError};
pub use slither::{
    solve_slither, solve_slither_while, Slither, SlitherKind, SlitherSolution, SLITHER_SEARCH_LIMIT,
};
pub use slither_oracle::SlitherBruteForce;
pub use treasure::{analyse_treasure, ring_opener, TreasureOutcome, Winner};
// What the slide and treasure games are played on, named here beside their rules.
pub use geography_boards::{
    Piece, SlideBoard, SlideBoardError, Spot, TreasureMap, TreasureMapError, SLIDE_MAX_CELLS,
    SLIDE_MAX_SIDE, TREASURE_MAX_CELLS, TREASURE_MAX_HP, TREASURE_MAX_SIDE,
};
pub use treasure_game::TreasureGame;
pub use vertex_geography::{
    solve_directed_vertex, solve_directed_vertex_from, solve_directed_vertex_switched,
    solve_directed_vertex_while, DirectedVertexGame, DirectedVertexSolution,
};
pub use word_chain::{ChainRule, WordChain, WordChainError, WordChainGame};
