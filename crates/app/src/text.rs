//! Sentences a front end shows about moves, written once for every front end and every
//! game: why a name names no vertex, and why a move is refused, in the game's names of its
//! vertices ([`Refusal`](crate::Refusal) words itself with them).
//!
//! # Tests
//! Below; the front ends' tests compare the sentences they print or serve.

use geography_rules::{Game, IllegalMove, Named};

/// Why a name stands for no vertex: `(r,c) is not a free cell of the board` or `v is not a
/// vertex of the graph`.
pub fn not_in_game(named: Named) -> String {
    match named {
        Named::Cell([r, c]) => format!("({r},{c}) is not a free cell of the board"),
        Named::Vertex(v) => not_a_vertex_of_the_graph(v),
    }
}

/// Why a name of a vertex, however written (an id, a Python label), names none:
/// `v is not a vertex of the graph`.
pub fn not_a_vertex_of_the_graph(name: impl std::fmt::Display) -> String {
    format!("{name} is not a vertex of the graph")
}

/// Why a move is against the rules, naming vertices as `game` does
/// ([`IllegalMove::describe`]).
pub fn refusal(game: &Game, error: IllegalMove) -> String {
    error.describe(|v| game.name(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Refusal;
    use crate::load_game;
    use geography_formats::Limits;

    #[test]
    fn refusals_name_cells_on_boards_and_ids_on_graphs() {
        let board = load_game(b"1 3\n..#\n", None, &Limits::DEFAULT).unwrap();
        let off = IllegalMove::OffTheEnds { ends: (0, 1) };
        assert_eq!(
            refusal(&board, off),
            "it touches neither end of the path, (1,1) and (1,2)"
        );
        assert_eq!(
            Refusal::NotInGame(Named::Cell([1, 3])).describe::<crate::TokenGame>(&board),
            "(1,3) is not a free cell of the board"
        );
        let graph = load_game(b"3 1\n0 1\n", None, &Limits::DEFAULT).unwrap();
        assert_eq!(
            refusal(&graph, IllegalMove::NotAdjacent { from: 0, to: 2 }),
            "2 is not adjacent to the token on 0"
        );
        assert_eq!(
            Refusal::NotInGame(Named::Vertex(5)).describe::<crate::TokenGame>(&graph),
            "5 is not a vertex of the graph"
        );
        assert_eq!(
            refusal(&graph, IllegalMove::GameOver),
            "no legal move is left, the game is over"
        );
    }
}
