//! Every game behind [`Rules`] against the generic judge: plain game-tree search over the
//! abstraction's own moves ([`search_winning_moves`]), no theory of any game. Every position
//! of seeded random games on random small graphs, boards and maps, for the token game,
//! Slither and the treasure game; and `play` then `undo` gives back the same position.
//! Shared with the other files: `check_game`, `assert_refusals` (a table of refused moves)
//! and `brute`, the plain search over the copies of edges left that judges both edge
//! geographies.

use std::collections::HashMap;
use std::fmt::Debug;

use geography_boards::{Board, Neighbourhood};
use geography_matching::{Graph, Random};
use geography_rules::{
    search_winning_moves, Digraph, Game, IllegalMove, Multigraph, Position, Rules, Slither,
    TreasureGame, TreasureMap,
};

/// Plays `rounds` moves picked by `random`, checking at each position that the analysis
/// agrees with the search and that every listed move can be played and undone.
pub(crate) fn check_game<R: Rules>(position: &mut R, random: &mut Random, label: &dyn Debug)
where
    R::Move: Ord,
{
    loop {
        let analysis = position
            .analyse(&|| true)
            .expect("small positions are decided");
        let legal = position.legal_moves();
        assert_eq!(analysis.legal_moves, legal, "{label:?}");
        let searched = search_winning_moves(position);
        assert_eq!(analysis.winning_moves, searched, "{label:?}");
        assert_eq!(analysis.mover_wins, !searched.is_empty(), "{label:?}");
        let played = position.moves_played();
        for &mv in &legal {
            position.play(mv).expect("a listed move is legal");
            assert_eq!(position.moves_played(), played + 1);
            position.undo().expect("a move to take back");
            assert_eq!(position.legal_moves(), legal, "{label:?}: undo of {mv:?}");
        }
        let Some(engine) = analysis.engine_move() else {
            assert!(analysis.is_over());
            return;
        };
        if analysis.mover_wins {
            assert!(
                searched.contains(&engine),
                "{label:?}: the engine keeps a win"
            );
        }
        let next = if random.below(3) == 0 {
            engine
        } else {
            legal[random.below(legal.len())]
        };
        position.play(next).expect("a listed move is legal");
    }
}

/// A graph whose edges a token uses up, copy by copy: the board of an edge geography.
pub(crate) trait EdgeBoard {
    /// The distinct edges a token on `v` may take, by id, each with the vertex it leads to.
    fn moves(&self, v: u32) -> Vec<(usize, u32)>;
}

impl EdgeBoard for Digraph {
    fn moves(&self, v: u32) -> Vec<(usize, u32)> {
        self.out_arcs(v).map(|a| (a, self.arc(a).1)).collect()
    }
}

impl EdgeBoard for Multigraph {
    fn moves(&self, v: u32) -> Vec<(usize, u32)> {
        self.incident(v)
            .iter()
            .map(|&e| (e as usize, self.other_end(e as usize, v)))
            .collect()
    }
}

/// Whether the mover at `token` wins an edge geography on `g` with `left[e]` copies of each
/// edge `e` left: plain game-tree search over the copies, memoised, no theory.
pub(crate) fn brute(
    g: &impl EdgeBoard,
    token: u32,
    left: &mut Vec<u32>,
    memo: &mut HashMap<(u32, Vec<u32>), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(token, left.clone())) {
        return w;
    }
    let mut wins = false;
    for (e, next) in g.moves(token) {
        if left[e] > 0 {
            left[e] -= 1;
            let opponent = brute(g, next, left, memo);
            left[e] += 1;
            if !opponent {
                wins = true;
                break;
            }
        }
    }
    memo.insert((token, left.clone()), wins);
    wins
}

/// Plays each move of `refusals` at `position`: each is refused with its [`IllegalMove`],
/// and the position is left as it was (its legal moves, its count of moves played).
pub(crate) fn assert_refusals<R: Rules>(position: &mut R, refusals: &[(R::Move, IllegalMove)]) {
    let legal = position.legal_moves();
    let played = position.moves_played();
    for &(mv, refusal) in refusals {
        assert_eq!(position.play(mv), Err(refusal), "{mv:?}");
        assert_eq!(position.legal_moves(), legal, "after {mv:?}");
        assert_eq!(position.moves_played(), played, "after {mv:?}");
    }
}

fn random_graph(random: &mut Random, max_n: usize) -> Graph {
    let n = 1 + random.below(max_n);
    let density = 1 + random.below(4);
    let edges: Vec<(u32, u32)> = (0..n as u32)
        .flat_map(|u| (u + 1..n as u32).map(move |v| (u, v)))
        .filter(|_| random.below(5) < density)
        .collect();
    Graph::from_edges(n, edges).unwrap()
}

fn random_board(random: &mut Random) -> Game {
    let (rows, cols) = (1 + random.below(3) as u32, 1 + random.below(4) as u32);
    let free = (0..rows * cols).map(|_| random.below(4) != 0).collect();
    let neighbourhood = [
        Neighbourhood::Orthogonal,
        Neighbourhood::King,
        Neighbourhood::Hex,
        Neighbourhood::Knight,
    ][random.below(4)];
    Game::on_board(Board::new(rows, cols, free, neighbourhood))
}

/// Runs `check` on `rounds` random graphs of up to `max_n` vertices and as many random
/// boards, from `seed`.
fn on_graphs_and_boards(
    seed: u64,
    rounds: usize,
    max_n: usize,
    mut check: impl FnMut(&Graph, &mut Random, &dyn Debug),
) {
    let mut random = Random::new(seed);
    for round in 0..rounds {
        let graph = random_graph(&mut random, max_n);
        check(&graph, &mut random, &(round, &graph));
        let board = random_board(&mut random);
        check(board.graph(), &mut random, &(round, "board"));
    }
}

#[test]
fn the_token_game_agrees_with_the_search_on_graphs_and_boards() {
    on_graphs_and_boards(24, 400, 8, |graph, random, label| {
        check_game(&mut Position::new(graph), random, label);
    });
}

#[test]
fn slither_agrees_with_the_search_on_graphs_and_boards() {
    on_graphs_and_boards(25, 300, 7, |graph, random, label| {
        check_game(&mut Slither::new(graph), random, label);
    });
}

#[test]
fn illegal_moves_are_typed_and_leave_the_position_unchanged() {
    let graph = Graph::from_edges(4, [(0, 1), (1, 2), (0, 2), (2, 3)]).unwrap();
    let mut token = Position::new(&graph);
    token.play(0).unwrap();
    assert_refusals(
        &mut token,
        &[
            (7, IllegalMove::NotAVertex(7)),
            (3, IllegalMove::NotAdjacent { from: 0, to: 3 }),
            (0, IllegalMove::AlreadyVisited(0)),
        ],
    );
    assert_eq!(token.path(), [0]);

    let mut slither = Slither::new(&graph);
    slither.play((1, 0)).unwrap();
    assert_refusals(
        &mut slither,
        &[
            ((1, 3), IllegalMove::NotAnEdge { u: 1, v: 3 }),
            ((0, 1), IllegalMove::AlreadyChosen { u: 0, v: 1 }),
            ((2, 3), IllegalMove::OffTheEnds { ends: (1, 0) }),
        ],
    );
    slither.play((1, 2)).unwrap();
    assert_refusals(&mut slither, &[((2, 0), IllegalMove::ClosesCycle)]);
    slither.play((2, 3)).unwrap();
    assert_refusals(&mut slither, &[((0, 2), IllegalMove::GameOver)]);
    assert_eq!(slither.path(), [3, 2, 1, 0]);
    assert_eq!(slither.moves_played(), 3);
}

/// A random map of up to `max_side` rows and columns, stones of up to `max_hp` hit points and one
/// treasure.
fn random_map(random: &mut Random, max_side: usize, max_hp: usize) -> TreasureMap {
    let (rows, cols) = (1 + random.below(max_side), 1 + random.below(max_side));
    let mut values: Vec<i8> = (0..rows * cols)
        .map(|_| random.below(max_hp + 1) as i8)
        .collect();
    values[random.below(rows * cols)] = -1;
    TreasureMap::from_values(rows, cols, values).unwrap()
}

#[test]
fn the_treasure_game_agrees_with_the_search_on_small_maps() {
    let mut random = Random::new(26);
    for round in 0..1000 {
        let map = random_map(&mut random, 3, 1);
        let label = (round, map.to_string());
        check_game(&mut TreasureGame::new(map), &mut random, &label);
        let map = random_map(&mut random, 2, 2);
        let label = (round, map.to_string());
        check_game(&mut TreasureGame::new(map), &mut random, &label);
    }
}

#[test]
fn treasure_moves_are_hits_of_touchable_things() {
    // 1 1 1 / 1 -1 1 / 1 1 1: only the border stones can be touched, the treasure cannot.
    let map = TreasureMap::from_values(3, 3, vec![1, 1, 1, 1, -1, 1, 1, 1, 1]).unwrap();
    let mut game = TreasureGame::new(map);
    assert_eq!(game.legal_moves(), [0, 1, 2, 3, 5, 6, 7, 8]);
    assert_eq!(game.play(4), Err(IllegalMove::Untouchable(4)));
    assert_eq!(game.play(9), Err(IllegalMove::NotAVertex(9)));
    game.play(1).unwrap();
    assert_eq!(game.play(1), Err(IllegalMove::NothingToHit(1)));
    game.play(4).unwrap();
    assert!(game.treasure_hit());
    assert_eq!(game.play(0), Err(IllegalMove::GameOver));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.undo(), Some(4));
    assert_eq!(game.undo(), Some(1));
    assert_eq!(game.map().to_string(), "3 3\n1 1 1\n1 -1 1\n1 1 1\n");
}
