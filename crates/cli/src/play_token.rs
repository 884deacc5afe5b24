//! The token game at a terminal: cells typed as `row col` and shown with rulers and a
//! legend, vertices as ids with the token's path.

use geography_app::{Cell, Game, PositionAnalysis, Session, TokenGame};

use crate::draw::{self, Mark, Style};
use crate::play_loop::{turns, Screen, GAME_OVER};

/// How the game's vertices are typed and shown here: `row col` on a board, the id on a graph.
struct Table<'g>(&'g Game);

impl Table<'_> {
    fn name(&self, v: u32) -> String {
        match self.0.cell(v) {
            Some(cell) => format!("{} {}", cell.row + 1, cell.col + 1),
            None => v.to_string(),
        }
    }

    fn names(&self, vs: &[u32]) -> String {
        let names: Vec<String> = vs.iter().map(|&v| format!("[{}]", self.name(v))).collect();
        names.join(" ")
    }

    /// The vertex a typed move names, if it names one.
    fn parse(&self, text: &str) -> Option<u32> {
        let numbers: Vec<u32> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        match (self.0.board().is_some(), numbers.as_slice()) {
            (true, &[row, col]) if row > 0 && col > 0 => self.0.vertex_of_cell(Cell {
                row: row - 1,
                col: col - 1,
            }),
            (false, &[v]) if (v as usize) < self.0.vertex_count() => Some(v),
            _ => None,
        }
    }

    /// How a move is typed, as the turn line says it.
    fn how_to_type(&self) -> String {
        if self.0.board().is_some() {
            "type `row col`".to_string()
        } else {
            format!(
                "type a vertex (0 to {})",
                self.0.vertex_count().saturating_sub(1)
            )
        }
    }

    /// Whose turn it is and what to type, above the position when the view is decorated.
    fn turn_line(&self, session: &Session<'_, TokenGame>, over: bool) -> String {
        if over {
            return GAME_OVER.to_string();
        }
        let what = match (session.position().token(), self.0.board().is_some()) {
            (None, true) => "place the token on any free cell".to_string(),
            (None, false) => "place the token on any vertex".to_string(),
            (Some(t), _) => format!(
                "move the token from [{}] to an unvisited neighbour",
                self.name(t)
            ),
        };
        format!(
            "your turn: {what}; {}, or `hint`, `undo`, `quit`\n",
            self.how_to_type()
        )
    }

    /// The position before the player's move: the board, or the token's path on a graph.
    /// Decorated, the turn line comes first, the board has rulers and a legend, and the
    /// cell the token last moved from shows `+`.
    fn show(&self, session: &Session<'_, TokenGame>, style: Style, over: bool) -> String {
        let position = session.position();
        let mut text = String::new();
        if style.decorated {
            text.push_str(&self.turn_line(session, over));
        }
        if let (Some(board), Some(grid)) = (self.0.board(), self.0.grid()) {
            let previous = match position.path() {
                [.., from, _] if style.decorated => Some(*from),
                _ => None,
            };
            let drawing = draw::board(board, grid, style.colour, |v| {
                if position.token() == Some(v) {
                    Mark::Token
                } else if previous == Some(v) {
                    Mark::Previous
                } else if position.is_visited(v) {
                    Mark::Visited
                } else {
                    Mark::Free
                }
            });
            if style.decorated {
                text.push_str(&draw::ruled(&drawing, board.cols(), style.colour));
                text.push_str(&draw::legend(LEGEND, style.colour));
            } else {
                text.push_str(&drawing);
            }
            return text;
        }
        text + &match position.token() {
            None => "the token is not placed yet\n".to_string(),
            Some(t) => format!("token on {t}; path {}\n", self.names(position.path())),
        }
    }
}

/// What the marks of a board in play mean.
const LEGEND: &[(Mark, &str)] = &[
    (Mark::Free, "free"),
    (Mark::Blocked, "blocked"),
    (Mark::Visited, "visited"),
    (Mark::Token, "the token"),
    (Mark::Previous, "where it came from"),
];

/// The first line of a decorated game: who places the token, and the rule.
fn opening(human_first: bool) -> String {
    let (first, then) = turns(human_first, "place");
    format!("{first} the token first, then {then} move it in turn; whoever cannot move loses\n")
}

impl Screen for TokenGame {
    fn opening(human_first: bool) -> String {
        opening(human_first)
    }

    fn view(session: &Session<'_, Self>, style: Style, over: bool, _human_turn: bool) -> String {
        Table(session.game()).show(session, style, over)
    }

    fn engine_played(session: &Session<'_, Self>, v: u32) -> String {
        let verb = if session.moves_played() == 1 {
            "places the token on"
        } else {
            "moves to"
        };
        format!("engine {verb} [{}]\n", Table(session.game()).name(v))
    }

    fn list(game: &Game, moves: &[u32]) -> String {
        Table(game).names(moves)
    }

    fn read(
        session: &Session<'_, Self>,
        analysis: &PositionAnalysis<u32>,
        typed: &str,
    ) -> Result<u32, Option<String>> {
        match Table(session.game()).parse(typed) {
            Some(v) if analysis.legal_moves.contains(&v) => Ok(v),
            _ => Err(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geography_app::load_game;
    use geography_app::Limits;

    const PLAIN: Style = Style {
        colour: false,
        prompt: false,
        decorated: false,
    };
    const TERMINAL: Style = Style {
        colour: false,
        prompt: true,
        decorated: true,
    };

    /// A session on `game` after the moves `typed`.
    fn after<'g>(table: &Table<'g>, typed: &[&str]) -> Session<'g, TokenGame> {
        let mut session = Session::<TokenGame>::new(table.0);
        for &mv in typed {
            session.play(table.parse(mv).unwrap()).unwrap();
        }
        session
    }

    #[test]
    fn a_board_at_a_terminal_has_the_turn_rulers_legend_and_last_move() {
        let game = load_game(b"2 4\n....\n.#..\n", None, &Limits::DEFAULT).unwrap();
        let table = Table(&game);
        let session = after(&table, &["2 1", "1 1", "1 2"]);
        assert_eq!(
            table.show(&session, TERMINAL, false),
            "your turn: move the token from [1 2] to an unvisited neighbour; type `row col`, \
             or `hint`, `undo`, `quit`\n  \
               1234\n\
             1 +@..\n\
             2 o#..\n\
             . free   # blocked   o visited   @ the token   + where it came from\n"
        );
        // Scripts see the bare board, without the `+`.
        assert_eq!(table.show(&session, PLAIN, false), "o@..\no#..\n");
        // Before the token is placed, and once the game is over.
        let start = table.show(&after(&table, &[]), TERMINAL, false);
        assert!(start.starts_with(
            "your turn: place the token on any free cell; type `row col`, or `hint`, `undo`, \
             `quit`\n  1234\n1 ....\n"
        ));
        let placed = table.show(&after(&table, &["1 4"]), TERMINAL, false);
        assert!(placed.contains("\n1 ...@\n"), "{placed}");
        let over = table.show(&session, TERMINAL, true);
        assert!(over.starts_with("the game is over: type `undo` or `quit`\n  1234\n"));
        // In colour, `+` is yellow and the token bold yellow.
        let coloured = table.show(
            &session,
            Style {
                colour: true,
                ..TERMINAL
            },
            false,
        );
        assert!(
            coloured.contains("\x1b[33m+\x1b[0m\x1b[1;33m@\x1b[0m."),
            "{coloured}"
        );
    }

    #[test]
    fn a_graph_at_a_terminal_has_the_turn_line() {
        let game = load_game(b"3 2\n0 1\n1 2\n", None, &Limits::DEFAULT).unwrap();
        let table = Table(&game);
        assert_eq!(
            table.show(&after(&table, &[]), TERMINAL, false),
            "your turn: place the token on any vertex; type a vertex (0 to 2), or `hint`, \
             `undo`, `quit`\nthe token is not placed yet\n"
        );
        let session = after(&table, &["0", "1"]);
        assert_eq!(
            table.show(&session, TERMINAL, false),
            "your turn: move the token from [1] to an unvisited neighbour; type a vertex (0 to \
             2), or `hint`, `undo`, `quit`\ntoken on 1; path [0] [1]\n"
        );
        assert_eq!(
            table.show(&session, PLAIN, false),
            "token on 1; path [0] [1]\n"
        );
    }

    #[test]
    fn the_opening_says_who_places_the_token() {
        assert!(opening(true).starts_with("you place the token first, then the engine"));
        assert!(opening(false).starts_with("the engine places the token first, then you"));
    }
}
