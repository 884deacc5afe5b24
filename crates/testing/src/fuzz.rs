//! The checks behind the fuzz targets, one function per target (see [`TARGETS`]).
//!
//! Each takes the fuzzer's bytes and panics when the code under test breaks a promise: a
//! panic of its own, an error located outside the input or whose message is not one
//! printable line, a parse that does not round-trip, or an answer that disagrees with the
//! brute-force oracle. The same functions replay the inputs committed under
//! `testdata/fuzz-regressions/<target>/` in `crates/testing/tests/fuzz_regressions.rs`.

use std::fmt::Write as _;

use geography_app::read_token_record;
use geography_boards::{Board, Cell, Neighbourhood};
use geography_contest::{
    judge_hdu4101 as hdu4101, judge_jsoi2009 as jsoi2009, judge_noi2011 as noi2011,
    replay_slide_record,
};
use geography_formats::{
    check_treasure_limits, detect as detect_format, encode_graph6, parse_board, parse_edges,
    parse_edges_with_limits, parse_graph6_line, parse_graph6_with_limits, parse_json_with_limits,
    parse_slide_record, parse_treasure_maps_with_limits, parse_with_limits, ErrorKind, Format,
    Input, InputError, Limit, Limits,
};
use geography_matching::{
    check, decompose, hopcroft_karp, multi_source_phases, push_relabel, two_colouring, Adjacency,
    Certificate, Graph, Masked, Matching,
};
use geography_rules::{
    analyse_slide, annotate_record, replay_slide, BruteForce, Method, Position, RecordAnalysis,
    Solution,
};

/// A target's check: panics when the bytes expose a bug.
pub type Check = fn(&[u8]);

/// Every target: its name (the `cargo fuzz` target and the regression folder) and its check.
pub const TARGETS: [(&str, Check); 13] = [
    ("judge_jsoi2009", judge_jsoi2009),
    ("judge_noi2011", judge_noi2011),
    ("judge_hdu4101", judge_hdu4101),
    ("board", board),
    ("edges", edges),
    ("graph6", graph6_stream),
    ("json", json),
    ("slide", slide_record),
    ("slide_game", slide_game),
    ("detect", detect),
    ("solver", solver),
    ("token_record", token_record),
    ("finishers", finishers),
];

/// Limits small enough that no fuzz input builds a large graph from a header alone.
const SMALL: Limits = Limits {
    max_cells: 1 << 16,
    max_vertices: 1 << 16,
};

/// The largest graph checked against brute force.
const BRUTE_FORCE_VERTICES: usize = 12;

/// Panics unless `error` names a place inside `input` (a line that exists, a column at most
/// one past its end) and its message is one non-empty printable line.
pub fn located(input: &[u8], error: &InputError) {
    assert!(error.line >= 1 && error.column >= 1, "{error}");
    let line = input
        .split(|&b| b == b'\n')
        .nth(error.line as usize - 1)
        .unwrap_or_else(|| panic!("line {} is past the input: {error}", error.line));
    assert!(
        error.column as usize <= line.len() + 1,
        "column {} is past the end of line {} ({} bytes): {error}",
        error.column,
        error.line,
        line.len()
    );
    assert!(!error.message.is_empty(), "an empty message");
    assert!(
        !error.message.chars().any(char::is_control),
        "a control character in {:?}",
        error.message
    );
}

/// The placements that win for the placer, by brute force, or `None` on a large graph.
fn brute_placements(graph: &Graph) -> Option<Vec<u32>> {
    if graph.vertex_count() > BRUTE_FORCE_VERTICES {
        return None;
    }
    let mut brute = BruteForce::new(graph)?;
    Some(
        (0..graph.vertex_count() as u32)
            .filter(|&v| !brute.mover_wins(0, v))
            .collect(),
    )
}

/// `judge_jsoi2009`: output shape, and the answer against brute force on small boards.
pub fn judge_jsoi2009(data: &[u8]) {
    match jsoi2009(data) {
        Err(error) => located(data, &error),
        Ok(output) => {
            assert!(
                output == "LOSE\n" || output.starts_with("WIN\n"),
                "{output}"
            );
            let board = parse_board(data).expect("the judge parsed it");
            let cells = board.graph();
            if let Some(winning) = brute_placements(&cells.graph) {
                let mut expected = String::new();
                if winning.is_empty() {
                    expected.push_str("LOSE\n");
                } else {
                    expected.push_str("WIN\n");
                    for v in winning {
                        let _ = writeln!(expected, "{}", cells.cell(v));
                    }
                }
                assert_eq!(output, expected);
            }
        }
    }
}

/// `judge_noi2011`: output shape (a count, then that many increasing round numbers).
pub fn judge_noi2011(data: &[u8]) {
    match noi2011(data) {
        Err(error) => located(data, &error),
        Ok(output) => {
            let numbers: Vec<usize> = output
                .lines()
                .map(|line| line.parse().expect("a number per line"))
                .collect();
            assert_eq!(numbers.first(), Some(&(numbers.len() - 1)), "{output}");
            assert!(numbers[1..].windows(2).all(|w| w[0] < w[1]), "{output}");
            let rounds = parse_slide_record(data)
                .expect("the judge parsed it")
                .rounds;
            assert!(numbers[1..].iter().all(|&r| (1..=rounds).contains(&r)));
        }
    }
}

/// `judge_hdu4101`: one verdict line per map.
pub fn judge_hdu4101(data: &[u8]) {
    match hdu4101(data) {
        Err(error) => located(data, &error),
        Ok(output) => {
            assert!(output.lines().all(|l| l == "Ali Win" || l == "Baba Win"));
            let maps =
                parse_treasure_maps_with_limits(data, &Limits::NONE).expect("the judge parsed it");
            assert_eq!(output.lines().count(), maps.len());
        }
    }
}

/// `parse_board`: located errors; a parsed board prints back to itself, and its graph maps
/// cells and vertices both ways.
pub fn board(data: &[u8]) {
    match parse_board(data) {
        Err(error) => located(data, &error),
        Ok(board) => {
            let text = board.to_string();
            assert_eq!(parse_board(text.as_bytes()).as_ref(), Ok(&board));
            let cells = board.graph();
            for v in 0..cells.graph.vertex_count() as u32 {
                let cell = cells.cell(v);
                assert!(board.is_free(cell));
                assert_eq!(cells.vertex(cell), Some(v));
            }
            let outside = Cell {
                row: board.rows(),
                col: 0,
            };
            assert_eq!(cells.vertex(outside), None);
        }
    }
}

/// `parse_edges`: located errors; a parsed graph written back parses to itself.
pub fn edges(data: &[u8]) {
    match parse_edges_with_limits(data, &SMALL) {
        Err(error) => located(data, &error),
        Ok(graph) => {
            let mut text = format!("{} {}\n", graph.vertex_count(), graph.edge_count());
            for (u, v) in graph.edges() {
                let _ = writeln!(text, "{u} {v}");
            }
            assert_eq!(parse_edges(text.as_bytes()).as_ref(), Ok(&graph));
        }
    }
}

/// `parse_graph6`: located errors (a line over the limit is refused on its size); every
/// graph encodes back to a line that parses to it.
pub fn graph6_stream(data: &[u8]) {
    match parse_graph6_with_limits(data, &SMALL) {
        Err(error) => {
            if let ErrorKind::TooLarge { limit, max, found } = error.kind {
                assert_eq!(
                    (limit, max),
                    (Limit::Vertices, SMALL.max_vertices),
                    "{error}"
                );
                assert!(found > max, "{error}");
            }
            located(data, &error);
        }
        Ok(graphs) => {
            for graph in graphs {
                assert!(graph.vertex_count() as u64 <= SMALL.max_vertices);
                let line = encode_graph6(&graph);
                assert_eq!(
                    parse_graph6_line(line.as_bytes(), 1, &SMALL).as_ref(),
                    Ok(&graph)
                );
            }
        }
    }
}

/// `parse_json`: located errors.
pub fn json(data: &[u8]) {
    match parse_json_with_limits(data, &SMALL) {
        Err(error) => located(data, &error),
        Ok(Input::Board(board)) => {
            assert_eq!(
                parse_board(board.to_string().as_bytes()).as_ref(),
                Ok(&board)
            );
        }
        Ok(_) => {}
    }
}

/// `parse_slide_record`, `replay_slide_record` and the record's analysis: located errors (an
/// illegal move at its place in the input, the judge's error too); the replay is
/// [`replay_slide`]'s;
/// on small boards the three analysis methods agree with each other and with brute force at
/// every position.
pub fn slide_record(data: &[u8]) {
    let parsed = match parse_slide_record(data) {
        Err(error) => {
            located(data, &error);
            // The judge reads the record the same way and fails at the same place.
            assert_eq!(noi2011(data).as_ref().err(), Some(&error));
            return;
        }
        Ok(parsed) => parsed,
    };
    let board = &parsed.board;
    let moves: Vec<(i64, i64)> = parsed.moves.iter().map(|m| (m.row, m.col)).collect();
    let replayed = match replay_slide_record(parsed.clone()) {
        Err(error) => {
            located(data, &error);
            assert_eq!(noi2011(data).as_ref().err(), Some(&error));
            return;
        }
        Ok(replayed) => replayed,
    };
    let walk = replay_slide(board, moves.iter().copied()).expect("the record replayed");
    assert_eq!(walk, replayed.walk);
    let graph = board.graph();
    if graph.vertex_count() > BRUTE_FORCE_VERTICES + 4 {
        return;
    }
    let analyses = [Method::Incremental, Method::Plain, Method::Resolve].map(|method| {
        analyse_slide(board, moves.iter().copied(), method).expect("the replay succeeded")
    });
    let outcome = |analysis: &RecordAnalysis| {
        let positions: Vec<_> = analysis
            .positions()
            .iter()
            .map(|p| (p.token, p.mover, p.mover_wins))
            .collect();
        let plies: Vec<_> = analysis.plies().iter().map(|p| p.annotation).collect();
        (positions, plies)
    };
    let incremental = outcome(&analyses[0]);
    assert_eq!(incremental, outcome(&analyses[1]), "incremental and plain");
    assert_eq!(
        incremental,
        outcome(&analyses[2]),
        "incremental and resolve"
    );
    let mut brute = BruteForce::new(&graph).expect("a small graph");
    let mut visited = 1u32 << board.empty_vertex();
    let mut token = board.empty_vertex();
    for (index, position) in analyses[0].positions().iter().enumerate() {
        assert_eq!(position.token, token);
        assert_eq!(
            position.mover_wins,
            brute.mover_wins(visited, token),
            "position {index}"
        );
        if let Some(&next) = walk.get(index) {
            visited |= 1 << next;
            token = next;
        }
    }
}

/// A legal slide game built from the bytes (a board of at most 4 × 4 cells, then each byte
/// picks one of the mover's legal moves), written in the NOI2011 format and checked by
/// [`slide_record`]: the analyses against each other and brute force at every position.
pub fn slide_game(data: &[u8]) {
    let [shape, empty, rest @ ..] = data else {
        return;
    };
    let (rows, cols) = (1 + usize::from(shape & 3), 1 + usize::from(shape >> 2 & 3));
    let cells_count = rows * cols;
    let mut cells: Vec<u8> = (0..cells_count)
        .map(|i| {
            let bit = rest.get(i / 8).is_some_and(|&b| b >> (i % 8) & 1 == 1);
            if bit {
                b'O'
            } else {
                b'X'
            }
        })
        .collect();
    let mut hole = usize::from(*empty) % cells_count;
    cells[hole] = b'.';
    let mut text = format!("{rows} {cols}\n");
    for row in cells.chunks(cols) {
        text.push_str(std::str::from_utf8(row).expect("ASCII"));
        text.push('\n');
    }
    let choices = rest.get(cells_count.div_ceil(8)..).unwrap_or_default();
    let mut moves = Vec::new();
    for (ply, &choice) in choices.iter().enumerate() {
        let colour = if ply % 2 == 0 { b'O' } else { b'X' };
        let (r, c) = (hole / cols, hole % cols);
        let around = [
            (r > 0).then(|| hole - cols),
            (c > 0).then(|| hole - 1),
            (c + 1 < cols).then(|| hole + 1),
            (r + 1 < rows).then(|| hole + cols),
        ];
        let legal: Vec<usize> = around
            .into_iter()
            .flatten()
            .filter(|&v| cells[v] == colour)
            .collect();
        let Some(&next) = legal.get(usize::from(choice) % legal.len().max(1)) else {
            break;
        };
        cells[hole] = colour;
        cells[next] = b'.';
        hole = next;
        moves.push((next / cols + 1, next % cols + 1));
    }
    moves.truncate(moves.len() / 2 * 2);
    let _ = writeln!(text, "{}", moves.len() / 2);
    for (row, col) in moves {
        let _ = writeln!(text, "{row} {col}");
    }
    noi2011(text.as_bytes()).expect("a legal record");
    slide_record(text.as_bytes());
}

/// Format detection and `parse_with_limits`: the detected format is the one parsed, errors
/// are located, and a size over a limit is reported as such. Treasure maps (the contest
/// crate's): located errors, and limits reported first (a header over a limit is the parse's
/// error).
pub fn detect(data: &[u8]) {
    let format = detect_format(data);
    let parsed = parse_with_limits(data, None, &SMALL);
    let named = parse_with_limits(data, Some(format), &SMALL);
    assert_eq!(parsed.as_ref().err(), named.as_ref().err(), "{format:?}");
    assert_eq!(parsed.is_ok(), named.is_ok(), "{format:?}");
    if let Err(error) = &parsed {
        if let ErrorKind::TooLarge { limit, max, found } = error.kind {
            let limit_max = match limit {
                Limit::Cells => SMALL.max_cells,
                Limit::Vertices => SMALL.max_vertices,
            };
            assert_eq!(max, limit_max, "{error}");
            assert!(found > max, "{error}");
        }
        located(data, error);
    }
    if format == Format::Treasure {
        assert!(
            parsed.is_err(),
            "treasure maps are not parsed as a graph input"
        );
        let maps = parse_treasure_maps_with_limits(data, &SMALL);
        if let Err(limit) = check_treasure_limits(data, &SMALL) {
            assert_eq!(maps.as_ref().err(), Some(&limit));
        }
        if let Err(error) = maps {
            located(data, &error);
        }
    }
}

/// The largest matching of `graph` (at most [`BRUTE_FORCE_VERTICES`] vertices), by
/// exhaustive search over vertex subsets.
fn brute_matching_size(graph: &Graph) -> usize {
    let n = graph.vertex_count();
    let mut best = vec![0usize; 1 << n];
    for mask in 1usize..1 << n {
        let v = mask.trailing_zeros();
        let rest = mask & !(1 << v);
        best[mask] = graph
            .neighbors(v)
            .filter(|&w| rest >> w & 1 == 1)
            .map(|w| 1 + best[rest & !(1 << w)])
            .fold(best[rest], usize::max);
    }
    best[(1 << n) - 1]
}

/// The solver against brute force on a graph of at most 12 vertices built from the bytes
/// (the first byte gives the vertex count, the next 9 bytes one bit per vertex pair), then a
/// game driven by the remaining bytes, every position analysed and certified.
pub fn solver(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let n = 1 + u32::from(first) % BRUTE_FORCE_VERTICES as u32;
    let bit = |k: usize| rest.get(k / 8).is_some_and(|&b| b >> (k % 8) & 1 == 1);
    let edges: Vec<(u32, u32)> = crate::pairs(n)
        .enumerate()
        .filter(|&(k, _)| bit(k))
        .map(|(_, e)| e)
        .collect();
    let moves = rest.get(9..).unwrap_or_default();
    let graph = Graph::from_edges(n as usize, edges).expect("ids below n");
    let mut brute = BruteForce::new(&graph).expect("a small graph");

    // Who wins from every start, and the certified matching size.
    let solution = Solution::new(&graph);
    for v in 0..n {
        assert_eq!(solution.mover_wins(v), brute.mover_wins(0, v), "start {v}");
    }
    let placements: Vec<u32> = (0..n).filter(|&v| !brute.mover_wins(0, v)).collect();
    assert_eq!(solution.winning_placements(), placements);
    let size = check(&graph, &Certificate::from(&decompose(&graph))).expect("a valid proof");
    assert_eq!(size, brute_matching_size(&graph));

    // A game: each byte picks a legal move (255 takes the last one back).
    let mut position = Position::new(&graph);
    for &choice in moves {
        let analysis = position.analyse();
        let visited: Vec<bool> = (0..n).map(|v| position.is_visited(v)).collect();
        let mask = position.path().iter().fold(0u32, |m, &v| m | 1 << v);
        let (expected_wins, expected_moves) = match position.token() {
            None => (!placements.is_empty(), placements.clone()),
            Some(token) => {
                let winning = brute.winning_moves(mask, token);
                (brute.mover_wins(mask, token), winning)
            }
        };
        assert_eq!(analysis.mover_wins, expected_wins, "{:?}", position.path());
        assert_eq!(
            analysis.winning_moves,
            expected_moves,
            "{:?}",
            position.path()
        );
        let rest = Masked::new(&graph, &visited);
        check(&rest, &Certificate::from(&decompose(&rest))).expect("a valid proof");
        if choice == 255 {
            position.undo();
            continue;
        }
        let Some(&next) = analysis
            .legal_moves
            .get(usize::from(choice) % analysis.legal_moves.len().max(1))
        else {
            break;
        };
        position.play(next).expect("a legal move");
    }
}

/// `read_token_record`: located errors; a parsed record is a legal path, and the
/// annotation's verdict before every move agrees with brute force on small graphs.
pub fn token_record(data: &[u8]) {
    let record = match read_token_record(data, &SMALL) {
        Err(error) => return located(data, &error),
        Ok(record) => record,
    };
    let graph = record.game.graph();
    let path = record.path();
    let mut visited = vec![false; graph.vertex_count()];
    for (i, &v) in path.iter().enumerate() {
        assert!(!visited[v as usize], "vertex {v} visited twice");
        visited[v as usize] = true;
        if i > 0 {
            assert!(
                graph.has_edge(path[i - 1], v),
                "{} – {v} is not an edge",
                path[i - 1]
            );
        }
    }
    let commentary = annotate_record(graph, None, &path).expect("a checked record annotates");
    assert_eq!(commentary.plies.len(), path.len());
    if graph.vertex_count() > BRUTE_FORCE_VERTICES {
        return;
    }
    let mut brute = BruteForce::new(graph).expect("a small graph");
    let mut mask = 0u32;
    for (comment, &v) in commentary.plies.iter().zip(&path) {
        if let Some(from) = comment.from {
            assert_eq!(
                comment.mover_wins,
                brute.mover_wins(mask, from),
                "{comment:?}"
            );
        }
        mask |= 1 << v;
    }
}

/// An exact bipartite finisher: a maximum matching grown from a given one.
type Finisher = fn(&Graph, &[bool], Matching) -> Matching;

/// The exact bipartite finishers (push–relabel, multi-source phases, Hopcroft–Karp) from any
/// starting matching, against brute force on a bipartite graph of at most 12 vertices built
/// from the bytes; then a board of up to 16 × 16 cells from the rest, solved in bands of every
/// count from 2 to 5, against the board solved on one thread.
pub fn finishers(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    // Even ids on one side, odd on the other: pair k of the bit stream joins 2i and 2j + 1.
    let n = 2 + u32::from(first) % (BRUTE_FORCE_VERTICES as u32 - 1);
    let (left, right) = (n.div_ceil(2), n / 2);
    let bit = |k: usize| rest.get(k / 8).is_some_and(|&b| b >> (k % 8) & 1 == 1);
    let pairs = (0..left).flat_map(|i| (0..right).map(move |j| (2 * i, 2 * j + 1)));
    let edges: Vec<(u32, u32)> = pairs
        .enumerate()
        .filter(|&(k, _)| bit(k))
        .map(|(_, e)| e)
        .collect();
    let graph = Graph::from_edges(n as usize, edges).expect("ids below n");
    let side = two_colouring(&graph).expect("bipartite by construction");
    // A start: the edges picked greedily in the order the next bytes give.
    let mut start = Matching::empty(n as usize);
    for &b in rest.get(5..12).unwrap_or_default() {
        let u = u32::from(b) % n;
        if let Some(w) = graph.neighbors(u).find(|&w| start.is_exposed(w)) {
            if start.is_exposed(u) {
                start.join(u, w);
            }
        }
    }
    let best = brute_matching_size(&graph);
    let finishers: [(&str, Finisher); 3] = [
        ("push-relabel", push_relabel::<Graph>),
        ("multi-source", multi_source_phases::<Graph>),
        ("hopcroft-karp", hopcroft_karp::<Graph>),
    ];
    for (name, finish) in finishers {
        let matching = finish(&graph, &side, start.clone());
        assert!(matching.is_valid_in(&graph), "{name}");
        assert_eq!(matching.size(), best, "{name}");
    }

    let board_bytes = rest.get(12..).unwrap_or_default();
    let Some((&shape, cells)) = board_bytes.split_first() else {
        return;
    };
    let (rows, cols) = (1 + u32::from(shape % 16), 1 + u32::from(shape / 16));
    let neighbourhood = if shape % 2 == 0 {
        Neighbourhood::Orthogonal
    } else {
        Neighbourhood::Knight
    };
    let free = (0..(rows * cols) as usize)
        .map(|k| cells.get(k / 8).is_none_or(|&b| b >> (k % 8) & 1 == 0))
        .collect();
    let board = Board::new(rows, cols, free, neighbourhood);
    let grid = board.grid();
    let one = Solution::of_board(&grid);
    for bands in 2..=5 {
        let banded = Solution::of_board_in_bands(&grid, bands);
        assert_eq!(
            banded.decomposition().classes(),
            one.decomposition().classes()
        );
        let size = one.decomposition().matching().size();
        let proof = Certificate::from(banded.decomposition());
        assert_eq!(check(&grid, &proof), Ok(size), "{bands} bands");
    }
}
