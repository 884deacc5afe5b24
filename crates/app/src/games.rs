//! The list of games: what the application layer needs of each game beyond its rules, that
//! is, how a position starts on a board or a graph and how its moves are named.
//!
//! A game is one [`Variant`]: its rules (a position implementing
//! [`Rules`](geography_rules::Rules)), its name as `--game` spells it, and the naming of its
//! moves as users write them (a vertex as [`Named`], an edge as two). Sessions, reports and
//! every front end are written once over this trait; this file is the only place that
//! tells the games apart.
//!
//! # Tests
//! Through [`Session`](crate::Session)'s tests and every front end's play tests.

use std::fmt::Debug;
use std::hash::Hash;

use geography_rules::{Game, Named, Position, Rules, Slither};
use serde::Serialize;

/// A game of the toolkit, as the application layer plays it.
pub trait Variant {
    /// The name `--game` and the web's routes give it.
    const NAME: &'static str;
    /// A move in the game's numbering.
    type Move: Copy + Eq + Hash + Debug;
    /// A position of the game on a board's or a graph's vertices.
    type Position<'g>: Rules<Move = Self::Move> + Clone + Debug;
    /// A move as users name it: serialises as the JSON reports write it.
    type Named: Copy + Eq + Debug + Serialize;

    /// The starting position on `game`.
    fn start(game: &Game) -> Self::Position<'_>;

    /// The vertices of the path played so far, in order.
    fn path<'p>(position: &'p Self::Position<'_>) -> &'p [u32];

    /// The moves played so far, in order, as played.
    fn history<'p>(position: &'p Self::Position<'_>) -> &'p [Self::Move];

    /// A move as users name it.
    fn name(game: &Game, mv: Self::Move) -> Self::Named;

    /// The move a name stands for.
    ///
    /// # Errors
    /// The first name that names no vertex of `game`.
    fn lookup(game: &Game, named: Self::Named) -> Result<Self::Move, Named>;

    /// A game-specific fact a report carries, `None` for a game that has none (Slither's
    /// criterion triple, `Some(None)` before the first move).
    fn kind(_position: &Self::Position<'_>) -> Option<Option<[u8; 3]>> {
        None
    }
}

fn vertex(game: &Game, named: Named) -> Result<u32, Named> {
    game.vertex(named).ok_or(named)
}

/// The token game: the first player places the token, then the players move it to
/// unvisited neighbours.
#[derive(Debug, Clone, Copy)]
pub struct TokenGame;

impl Variant for TokenGame {
    const NAME: &'static str = "token";
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

    fn lookup(game: &Game, named: Named) -> Result<u32, Named> {
        vertex(game, named)
    }
}

/// Slither: the players choose edges that always form one path.
#[derive(Debug, Clone, Copy)]
pub struct SlitherGame;

impl Variant for SlitherGame {
    const NAME: &'static str = "slither";
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

    fn lookup(game: &Game, [a, b]: [Named; 2]) -> Result<(u32, u32), Named> {
        Ok((vertex(game, a)?, vertex(game, b)?))
    }

    fn kind(position: &Slither<'_>) -> Option<Option<[u8; 3]>> {
        Some(position.kind().map(|k| [k.first, k.last, k.both]))
    }
}
