//! A judge's checker for the three contest problems: is a claimed answer right for its input?
//!
//! Like a testlib checker, [`check`] computes the right answer itself (with
//! [`crate::token_game`], [`crate::slide`] and [`crate::treasure`]), reads the claimed answer as whitespace-separated tokens
//! (trailing spaces, CRLF and a missing final newline are fine) and returns a [`CheckVerdict`]:
//!
//! - [`CheckVerdict::PresentationError`]: the answer cannot be read in the problem's shape. The
//!   answer is read whole first, so a shape problem anywhere wins over a wrong value: a first
//!   word other than `WIN`/`LOSE`, a coordinate or round number that is not an integer, a row
//!   without its column, a mistake count that differs from the number of rounds listed, a case
//!   line other than `Ali Win`/`Baba Win`, fewer or more case lines than cases, anything after
//!   the end. **Case matters**: `win` or `Ali win` is a presentation error, with a message
//!   saying so (the contest judges compare case-sensitively; the intent is readable, the form
//!   is not).
//! - [`CheckVerdict::WrongAnswer`]: readable but wrong, explained in the game's words. A list is
//!   checked for its form first (every cell on the board, free, in row-major order, once; every
//!   round in `1..=k`, increasing, once), then compared with the right list at the first
//!   difference: a listed cell that does not win (with the mover's winning reply), the first
//!   winning cell missing; a listed round that is no mistake (and why), the first mistake
//!   missing. For HDU 4101, the first case whose winner differs, with the reason (open
//!   treasure, or the parity of the safe hits).
//! - [`CheckVerdict::Failure`]: the input itself is malformed (or, for NOI2011, its record breaks
//!   the rules), located by line and column. The checker does not re-check the contests'
//!   other promises (e.g. that the NOI2011 record ends with Bunny stuck): the answer is well
//!   defined without them.
//!
//! # Complexity
//! The solver's time for the input (see each game's module), plus linear in the answer.
//!
//! # Tests
//! The unit tests below accept every answer in `testdata/` and reject tampered copies (a cell
//! dropped, added, moved out of order; LOSE for WIN; a wrong count; wrong case; garbage) with
//! the right kind of verdict and message.

use std::fmt;

use geography_matching::Adjacency;

use geography_boards::Cell;
use geography_formats::{parse_board, InputError, Limits, Token, Tokens};
use geography_rules::{RecordAnalysis, SlideBoard, Solution};

use crate::noi2011::{read_slide_record, slide_analysis};
use crate::problem::Problem;
use geography_formats::parse_treasure_maps;
use geography_rules::{analyse_treasure, ring_opener, TreasureOutcome, Winner};

/// What a checker decides about an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckVerdict {
    /// The answer is right.
    Accepted,
    /// The answer is readable but wrong: the first difference, in the game's words.
    WrongAnswer(String),
    /// The answer cannot be read in the expected shape: what and where.
    PresentationError(String),
    /// The input is malformed: the answer cannot be judged.
    Failure(InputError),
}

impl fmt::Display for CheckVerdict {
    /// `ok`, `wrong answer: …`, `presentation error: …` or `fail: …` (testlib's words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckVerdict::Accepted => f.write_str("ok"),
            CheckVerdict::WrongAnswer(why) => write!(f, "wrong answer: {why}"),
            CheckVerdict::PresentationError(why) => write!(f, "presentation error: {why}"),
            CheckVerdict::Failure(error) => write!(f, "fail: input {error}"),
        }
    }
}

/// Checks `answer` against `input` for `problem` (see the module documentation for the
/// rules).
///
/// # Examples
/// ```
/// use geography_contest::{check_answer, CheckVerdict, Problem};
/// let input = b"3 3\n.##\n...\n#.#\n";
/// assert_eq!(check_answer(Problem::Jsoi2009, input, b"WIN\r\n2 3\r\n3 2"), CheckVerdict::Accepted);
/// let CheckVerdict::WrongAnswer(why) = check_answer(Problem::Jsoi2009, input, b"WIN\n2 3\n") else {
///     panic!("a cell is missing");
/// };
/// assert!(why.starts_with("missing winning cell 3 2"), "{why}");
/// ```
pub fn check_answer(problem: Problem, input: &[u8], answer: &[u8]) -> CheckVerdict {
    let outcome = match problem {
        Problem::Jsoi2009 => check_token_game(input, answer),
        Problem::Noi2011 => check_slide(input, answer),
        Problem::Hdu4101 => check_treasure(input, answer),
    };
    match outcome {
        Ok(()) => CheckVerdict::Accepted,
        Err(verdict) => verdict,
    }
}

/// A presentation error at a place in the answer.
fn presentation(error: &InputError) -> CheckVerdict {
    CheckVerdict::PresentationError(error.to_string())
}

/// Reads a keyword among `choices` (exact case). A word that matches one only up to case is a
/// presentation error that says so.
fn keyword(token: Token<'_>, choices: &[&'static str], what: &str) -> Result<usize, CheckVerdict> {
    if let Some(index) = choices.iter().position(|c| c.as_bytes() == token.text) {
        return Ok(index);
    }
    let message = match choices
        .iter()
        .find(|c| c.as_bytes().eq_ignore_ascii_case(token.text))
    {
        Some(choice) => format!(
            "'{}' must be written '{choice}': answers are case-sensitive",
            token.shown()
        ),
        None => format!("expected {what}, found '{}'", token.shown()),
    };
    Err(presentation(&token.error(message)))
}

/// Reads the next token, or reports that the answer ended where `what` was expected.
fn expect<'a>(tokens: &mut Tokens<'a>, what: &str) -> Result<Token<'a>, CheckVerdict> {
    tokens.expect(what).map_err(|e| presentation(&e))
}

/// The next token as any integer, with the line it is on.
fn integer(tokens: &mut Tokens<'_>, what: &str) -> Result<(i64, u32), CheckVerdict> {
    let line = tokens.peek().map_or(0, |t| t.line);
    let value = tokens
        .integer(what, i64::MIN, i64::MAX)
        .map_err(|e| presentation(&e))?;
    Ok((value, line))
}

/// `1 round`, `2 rounds`.
fn counted(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

fn wrong(message: String) -> CheckVerdict {
    CheckVerdict::WrongAnswer(message)
}

// ---------------------------------------------------------------------------------------------
// JSOI2009: `WIN` and the winning cells in row-major order, or `LOSE`.

/// A cell as the answer lists it: 1-based, possibly off the board, and its line.
struct Listed {
    row: i64,
    col: i64,
    line: u32,
}

/// Reads `LOSE`, or `WIN` and pairs of integers, up to the end.
fn read_token_answer(answer: &[u8]) -> Result<Option<Vec<Listed>>, CheckVerdict> {
    let mut tokens = Tokens::new(answer);
    let first = expect(&mut tokens, "WIN or LOSE")?;
    if keyword(first, &["WIN", "LOSE"], "WIN or LOSE")? == 1 {
        return match tokens.next_token() {
            None => Ok(None),
            Some(extra) => Err(presentation(&extra.error(format!(
                "unexpected '{}' after LOSE: nothing follows it",
                extra.shown()
            )))),
        };
    }
    let mut cells = Vec::new();
    while !tokens.at_end() {
        let index = cells.len() + 1;
        let (row, line) = integer(&mut tokens, &format!("the row of cell {index}"))?;
        let (col, _) = integer(&mut tokens, &format!("the column of cell {index}"))?;
        cells.push(Listed { row, col, line });
    }
    Ok(Some(cells))
}

fn check_token_game(input: &[u8], answer: &[u8]) -> Result<(), CheckVerdict> {
    let board = parse_board(input).map_err(CheckVerdict::Failure)?;
    let listed = read_token_answer(answer)?;
    let graph = board.grid();
    let solution = Solution::of_board(&graph);
    let winning = solution.winning_placements();
    let missed = |v: u32| {
        format!(
            "cell {} is missed by a maximum matching, so the player moving first from it loses",
            graph.cell(v)
        )
    };
    let Some(listed) = listed else {
        return match winning.first() {
            None => Ok(()),
            Some(&v) => Err(wrong(format!(
                "the answer says LOSE, but the placer wins: {}",
                missed(v)
            ))),
        };
    };
    if winning.is_empty() {
        let free = graph.vertex_count();
        return Err(wrong(if free == 0 {
            "the answer says WIN, but there is no free cell to place the token on".to_string()
        } else {
            format!(
                "the answer says WIN, but the placer loses everywhere: the {free} free cells \
                 have a perfect matching"
            )
        }));
    }
    // First the form of the list: cells on the board, free, in row-major order, once each.
    let (rows, cols) = (board.rows(), board.cols());
    let mut cells: Vec<(u32, u32)> = Vec::with_capacity(listed.len());
    for Listed { row, col, line } in listed {
        let on_board = (1..=i64::from(rows)).contains(&row) && (1..=i64::from(cols)).contains(&col);
        if !on_board {
            return Err(wrong(format!(
                "line {line}: cell {row} {col} is not on the {rows}×{cols} board"
            )));
        }
        let cell = Cell {
            row: row as u32 - 1,
            col: col as u32 - 1,
        };
        let Some(v) = graph.vertex(cell) else {
            return Err(wrong(format!("line {line}: cell {cell} is blocked")));
        };
        if let Some(&(before, _)) = cells.last() {
            if v == before {
                return Err(wrong(format!("line {line}: cell {cell} is listed twice")));
            }
            if v < before {
                return Err(wrong(format!(
                    "cells out of row-major order at line {line}: {cell} comes after {}",
                    graph.cell(before)
                )));
            }
        }
        cells.push((v, line));
    }
    // Then the content: both lists are increasing, so walk them together.
    let mut next = 0; // the first winning cell not yet matched by the answer
    for (v, line) in cells {
        match winning.get(next) {
            Some(&expected) if expected < v => {
                return Err(wrong(format!(
                    "missing winning cell {} (before line {line}): {}",
                    graph.cell(expected),
                    missed(expected)
                )));
            }
            Some(&expected) if expected == v => next += 1,
            _ => {
                let mate = solution.decomposition().matching().mate(v);
                let reply = mate.map_or(String::new(), |m| {
                    format!(" (by moving to {})", graph.cell(m))
                });
                return Err(wrong(format!(
                    "line {line}: cell {} is listed as a winning placement, but the player \
                     moving first from it wins{reply}: every maximum matching covers it",
                    graph.cell(v)
                )));
            }
        }
    }
    match winning.get(next) {
        None => Ok(()),
        Some(&v) => Err(wrong(format!(
            "missing winning cell {}: {}",
            graph.cell(v),
            missed(v)
        ))),
    }
}

// ---------------------------------------------------------------------------------------------
// NOI2011: the number of mistakes r, then r round numbers, increasing.

/// Parses and analyses the input's record; an illegal move is a failure located at the move.
fn analyse_record(input: &[u8]) -> Result<(SlideBoard, RecordAnalysis), CheckVerdict> {
    let record = read_slide_record(input, &Limits::DEFAULT).map_err(CheckVerdict::Failure)?;
    let analysis = slide_analysis(&record).map_err(CheckVerdict::Failure)?;
    Ok((record.board, analysis))
}

/// Reads the count and the rounds; the count must match the rounds listed.
fn read_mistakes(answer: &[u8]) -> Result<Vec<(i64, u32)>, CheckVerdict> {
    let mut tokens = Tokens::new(answer);
    let announced = tokens
        .integer("the number of mistakes", 0, i64::MAX)
        .map_err(|e| presentation(&e))?;
    let mut rounds = Vec::new();
    while !tokens.at_end() {
        let index = rounds.len() + 1;
        rounds.push(integer(
            &mut tokens,
            &format!("the round of mistake {index}"),
        )?);
    }
    if rounds.len() as i64 != announced {
        return Err(CheckVerdict::PresentationError(format!(
            "the answer announces {} but lists {}",
            counted(announced.unsigned_abs(), "mistake"),
            counted(rounds.len() as u64, "round")
        )));
    }
    Ok(rounds)
}

fn check_slide(input: &[u8], answer: &[u8]) -> Result<(), CheckVerdict> {
    let (board, analysis) = analyse_record(input)?;
    let listed = read_mistakes(answer)?;
    let mistakes = geography_rules::bunny_mistakes(&analysis);
    let rounds = analysis.plies().len().div_ceil(2);
    let positions = analysis.positions();
    let missing = |round: usize| {
        let before = positions[2 * round - 2];
        let good = before.winning_move.map_or(String::new(), |v| {
            let (row, col) = board.position(v);
            format!(" (moving the piece at {} {} wins)", row + 1, col + 1)
        });
        format!(
            "missing mistake in round {round}: Bunny was winning before it{good}, and Egg wins \
             after it"
        )
    };
    // First the form: rounds of the record, increasing, once each.
    let mut checked: Vec<(usize, u32)> = Vec::with_capacity(listed.len());
    for (round, line) in listed {
        if round < 1 || round > rounds as i64 {
            return Err(wrong(format!(
                "line {line}: round {round} is not a round of the record (k = {rounds})"
            )));
        }
        let round = round as usize;
        if let Some(&(before, _)) = checked.last() {
            if round == before {
                return Err(wrong(format!("line {line}: round {round} is listed twice")));
            }
            if round < before {
                return Err(wrong(format!(
                    "rounds out of increasing order at line {line}: {round} comes after {before}"
                )));
            }
        }
        checked.push((round, line));
    }
    // Then the content, walking both increasing lists together.
    let mut next = 0;
    for (round, line) in checked {
        match mistakes.get(next) {
            Some(&expected) if expected < round => return Err(wrong(missing(expected))),
            Some(&expected) if expected == round => next += 1,
            _ => {
                let why = if positions[2 * round - 2].mover_wins {
                    "Bunny was still winning after it (Egg, to move, loses)"
                } else {
                    "Bunny was already losing before it"
                };
                return Err(wrong(format!(
                    "line {line}: round {round} is listed as a mistake, but {why}"
                )));
            }
        }
    }
    match mistakes.get(next) {
        None => Ok(()),
        Some(&round) => Err(wrong(missing(round))),
    }
}

// ---------------------------------------------------------------------------------------------
// HDU 4101: one line `Ali Win` or `Baba Win` per case.

/// Reads one winner per case, exactly as many as there are cases.
fn read_winners(answer: &[u8], cases: usize) -> Result<Vec<Winner>, CheckVerdict> {
    let mut tokens = Tokens::new(answer);
    let mut winners = Vec::with_capacity(cases);
    for case in 1..=cases {
        if tokens.at_end() {
            return Err(presentation(&tokens.error_here(format!(
                "the answer ends after {} of {cases} cases",
                case - 1
            ))));
        }
        let what = format!("'Ali Win' or 'Baba Win' for case {case}");
        let name = expect(&mut tokens, &what)?;
        let winner = match keyword(name, &["Ali", "Baba"], &what)? {
            0 => Winner::Ali,
            _ => Winner::Baba,
        };
        let win = expect(&mut tokens, &format!("'Win' after '{}'", name.shown()))?;
        keyword(win, &["Win"], &format!("'Win' after '{}'", name.shown()))?;
        winners.push(winner);
    }
    match tokens.next_token() {
        None => Ok(winners),
        Some(extra) => Err(presentation(&extra.error(format!(
            "unexpected '{}' after the answer to the last case ({cases} cases)",
            extra.shown()
        )))),
    }
}

/// Why the winner wins, in the game's words.
fn treasure_reason(outcome: &TreasureOutcome) -> String {
    if outcome.open {
        return "the treasure can be touched at once, so Ali hits it on his first move".into();
    }
    let hits = outcome.safe_hits;
    let (parity, opener) = ring_opener(hits);
    format!(
        "the treasure is sealed by a ring of {} stones and there are {hits} safe hits ({parity}), \
         so {opener} must open the ring",
        outcome.ring.len()
    )
}

fn check_treasure(input: &[u8], answer: &[u8]) -> Result<(), CheckVerdict> {
    let maps = parse_treasure_maps(input).map_err(CheckVerdict::Failure)?;
    let claimed = read_winners(answer, maps.len())?;
    for (index, (map, claimed)) in maps.iter().zip(claimed).enumerate() {
        let outcome = analyse_treasure(map);
        if outcome.winner != claimed {
            return Err(wrong(format!(
                "case {}: expected {}, found {}: {}",
                index + 1,
                outcome.winner.judge_line(),
                claimed.judge_line(),
                treasure_reason(&outcome)
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Every `.in` of `testdata/{dir}` with its `.out`, sorted by name.
    fn testdata(dir: &str) -> Vec<(String, Vec<u8>, String)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata")
            .join(dir);
        let mut cases: Vec<_> = std::fs::read_dir(&dir)
            .expect("testdata exists")
            .map(|entry| entry.expect("readable").path())
            .filter(|path| path.extension().is_some_and(|e| e == "in"))
            .map(|path| {
                let input = std::fs::read(&path).expect("readable input");
                let output = std::fs::read_to_string(path.with_extension("out")).expect(".out");
                (path.display().to_string(), input, output)
            })
            .collect();
        cases.sort_by(|a, b| a.0.cmp(&b.0));
        cases
    }

    fn wrong_answer(verdict: &CheckVerdict) -> &str {
        match verdict {
            CheckVerdict::WrongAnswer(why) => why,
            other => panic!("expected a wrong answer, got {other}"),
        }
    }

    /// The checker of `problem` on `input`, as a function of the answer.
    fn checker(problem: Problem, input: &[u8]) -> impl Fn(&str) -> CheckVerdict + '_ {
        move |answer| check_answer(problem, input, answer.as_bytes())
    }

    fn presentation_error(verdict: &CheckVerdict) -> &str {
        match verdict {
            CheckVerdict::PresentationError(why) => why,
            other => panic!("expected a presentation error, got {other}"),
        }
    }

    #[test]
    fn every_testdata_answer_is_accepted_as_is_and_reformatted() {
        for (dir, problem, at_least) in [
            ("jsoi2009", Problem::Jsoi2009, 41),
            ("noi2011", Problem::Noi2011, 53),
            ("hdu4101", Problem::Hdu4101, 14),
        ] {
            let cases = testdata(dir);
            assert!(cases.len() >= at_least, "{dir}: {} cases", cases.len());
            for (name, input, output) in cases {
                assert_eq!(Problem::detect(&input), Ok(problem), "{name}");
                assert_eq!(
                    check_answer(problem, &input, output.as_bytes()),
                    CheckVerdict::Accepted
                );
                // Whitespace does not matter: CRLF, trailing spaces, no final newline.
                let loose = output.trim_end().replace('\n', " \r\n");
                let verdict = check_answer(problem, &input, loose.as_bytes());
                assert_eq!(verdict, CheckVerdict::Accepted, "{name}: {verdict}");
            }
        }
    }

    #[test]
    fn tampered_token_game_answers_get_wrong_answer_at_the_first_difference() {
        let mut tampered_wins = 0;
        for (name, input, output) in testdata("jsoi2009") {
            let lines: Vec<&str> = output.lines().collect();
            let check = checker(Problem::Jsoi2009, &input);
            if lines == ["LOSE"] {
                let why = check("WIN\n");
                assert!(
                    wrong_answer(&why).starts_with("the answer says WIN"),
                    "{name}"
                );
                continue;
            }
            tampered_wins += 1;
            let why = check("LOSE\n");
            let first = lines[1];
            assert_eq!(
                wrong_answer(&why),
                format!(
                    "the answer says LOSE, but the placer wins: cell {first} is missed by a \
                     maximum matching, so the player moving first from it loses"
                ),
                "{name}"
            );
            // Drop the last cell.
            let dropped = lines[..lines.len() - 1].join("\n");
            let last = lines[lines.len() - 1];
            assert!(
                wrong_answer(&check(&dropped)).starts_with(&format!("missing winning cell {last}"))
            );
            // Drop the first cell: reported before the next listed line.
            if lines.len() > 2 {
                let mut rest = lines.clone();
                rest.remove(1);
                let why = check(&rest.join("\n"));
                assert!(
                    wrong_answer(&why)
                        .starts_with(&format!("missing winning cell {first} (before line 2)")),
                    "{name}: {why}"
                );
                // Swap the first two cells.
                let mut swapped = lines.clone();
                swapped.swap(1, 2);
                let why = check(&swapped.join("\n"));
                assert!(
                    wrong_answer(&why).starts_with("cells out of row-major order at line 3"),
                    "{why}"
                );
                // List one twice.
                let mut twice = lines.clone();
                twice.insert(2, first);
                let why = check(&twice.join("\n"));
                assert_eq!(
                    wrong_answer(&why),
                    format!("line 3: cell {first} is listed twice")
                );
            }
        }
        assert!(tampered_wins >= 20, "{tampered_wins}");
    }

    #[test]
    fn token_game_wrong_cells_are_explained() {
        let check = checker(Problem::Jsoi2009, b"3 3\n.##\n...\n#.#\n");
        assert_eq!(check("WIN\n2 3\n3 2\n"), CheckVerdict::Accepted);
        assert_eq!(
            wrong_answer(&check("WIN\n1 1\n2 3\n3 2\n")),
            "line 2: cell 1 1 is listed as a winning placement, but the player moving first \
             from it wins (by moving to 2 1): every maximum matching covers it"
        );
        assert_eq!(
            wrong_answer(&check("WIN\n1 2\n")),
            "line 2: cell 1 2 is blocked"
        );
        assert_eq!(
            wrong_answer(&check("WIN\n2 3\n4 1\n")),
            "line 3: cell 4 1 is not on the 3×3 board"
        );
        assert_eq!(
            wrong_answer(&check("WIN\n2 3\n3 2\n3 3\n")),
            "line 4: cell 3 3 is blocked"
        );
        let why = check("WIN\n");
        assert!(
            wrong_answer(&why).starts_with("missing winning cell 2 3:"),
            "{why}"
        );
        let why = check("WIN\n2 3\n3 2\n2 2\n");
        assert!(wrong_answer(&why)
            .starts_with("cells out of row-major order at line 4: 2 2 comes after 3 2"));
        // An added cell that is free but does not win.
        let why = check("WIN\n2 2\n2 3\n3 2\n");
        assert!(
            wrong_answer(&why).starts_with("line 2: cell 2 2 is listed"),
            "{why}"
        );
        // No free cell at all, and a perfect matching.
        let why = check_answer(Problem::Jsoi2009, b"1 1\n#\n", b"WIN\n");
        assert!(wrong_answer(&why).contains("no free cell"));
        let why = check_answer(Problem::Jsoi2009, b"2 2\n..\n..\n", b"WIN\n1 1\n");
        assert!(wrong_answer(&why).contains("the 4 free cells have a perfect matching"));
    }

    #[test]
    fn token_game_unreadable_answers_are_presentation_errors() {
        let sample = b"3 3\n.##\n...\n#.#\n";
        for (answer, words) in [
            (
                "",
                "line 1, column 1: expected WIN or LOSE, found end of input",
            ),
            (
                "win\n2 3\n3 2\n",
                "'win' must be written 'WIN': answers are case-sensitive",
            ),
            ("Lose\n", "'Lose' must be written 'LOSE'"),
            ("YES\n", "expected WIN or LOSE, found 'YES'"),
            (
                "WIN\n2 3\n3 x\n",
                "line 3, column 3: expected the column of cell 2, found 'x'",
            ),
            (
                "WIN\n2 3\n3\n",
                "expected the column of cell 2, found end of input",
            ),
            ("WIN 2 3 3 2 WIN", "expected the row of cell 3, found 'WIN'"),
            ("LOSE\n1 1\n", "unexpected '1' after LOSE"),
            (
                "WIN\n2 3\n99999999999999999999 2\n",
                "expected the row of cell 2",
            ),
        ] {
            let verdict = check_answer(Problem::Jsoi2009, sample, answer.as_bytes());
            let why = presentation_error(&verdict);
            assert!(why.contains(words), "{answer:?}: {why}");
        }
    }

    #[test]
    fn tampered_mistake_lists_get_the_right_verdict() {
        let mut with_mistakes = 0;
        for (name, input, output) in testdata("noi2011") {
            let rounds: Vec<usize> = output
                .lines()
                .skip(1)
                .map(|l| l.trim().parse().unwrap())
                .collect();
            let check = checker(Problem::Noi2011, &input);
            let listing = |rounds: &[usize]| {
                let mut lines = vec![rounds.len().to_string()];
                lines.extend(rounds.iter().map(ToString::to_string));
                lines.join("\n") + "\n"
            };
            // The count disagrees with the list: presentation error.
            let miscounted = listing(&rounds).replacen(
                &rounds.len().to_string(),
                &(rounds.len() + 1).to_string(),
                1,
            );
            let why = check(&miscounted);
            assert!(
                presentation_error(&why).contains("announces"),
                "{name}: {why}"
            );
            if let Some((&first, rest)) = rounds.split_first() {
                with_mistakes += 1;
                let why = check(&listing(rest));
                assert!(
                    wrong_answer(&why).starts_with(&format!(
                        "missing mistake in round {first}: Bunny was winning before it"
                    )),
                    "{name}: {why}"
                );
                if let Some(&second) = rest.first() {
                    let why = check(&listing(&[second, first]));
                    assert!(
                        wrong_answer(&why).starts_with("rounds out of increasing order at line 3"),
                        "{why}"
                    );
                }
                let why = check(&listing(&[first, first]));
                assert!(wrong_answer(&why).contains("listed twice"), "{name}: {why}");
            } else {
                let why = check(&listing(&[1]));
                assert!(
                    wrong_answer(&why)
                        .starts_with("line 2: round 1 is listed as a mistake, but Bunny was"),
                    "{name}: {why}"
                );
            }
            let parsed = geography_formats::parse_slide_record(&input).unwrap();
            let why = check(&listing(&[parsed.rounds + 1]));
            assert!(
                wrong_answer(&why).contains("is not a round of the record"),
                "{name}: {why}"
            );
        }
        assert!(with_mistakes >= 10, "{with_mistakes}");
    }

    #[test]
    fn slide_mistakes_are_explained_in_the_games_words() {
        // Sample 3: mistakes in rounds 1 and 2.
        let check = checker(
            Problem::Noi2011,
            b"4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n",
        );
        assert_eq!(check("2 1 2"), CheckVerdict::Accepted);
        let why = check("1\n1\n");
        assert!(
            wrong_answer(&why).starts_with("missing mistake in round 2"),
            "{why}"
        );
        // Sample 1: Bunny blunders in round 1 (the only round).
        let sample1 = b"1 6\nXO.OXO\n1\n1 2\n1 1\n";
        let verdict = check_answer(Problem::Noi2011, sample1, b"0\n");
        assert_eq!(
            wrong_answer(&verdict),
            "missing mistake in round 1: Bunny was winning before it (moving the piece at 1 4 \
             wins), and Egg wins after it"
        );
        // Sample 2: no mistakes; Bunny loses from the start.
        let sample2 = b"3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n";
        let verdict = check_answer(Problem::Noi2011, sample2, b"1\n1\n");
        assert_eq!(
            wrong_answer(&verdict),
            "line 2: round 1 is listed as a mistake, but Bunny was already losing before it"
        );
        for (answer, words) in [
            ("", "expected the number of mistakes, found end of input"),
            (
                "two\n1\n2\n",
                "expected the number of mistakes, found 'two'",
            ),
            ("-1\n", "the number of mistakes must be between 0"),
            (
                "2\n1\nx\n",
                "line 3, column 1: expected the round of mistake 2, found 'x'",
            ),
            (
                "1\n1\n2\n",
                "the answer announces 1 mistake but lists 2 rounds",
            ),
        ] {
            let verdict = check(answer);
            assert!(
                presentation_error(&verdict).contains(words),
                "{answer:?}: {verdict}"
            );
        }
    }

    #[test]
    fn treasure_answers_are_checked_case_by_case() {
        for (name, input, output) in testdata("hdu4101") {
            let lines: Vec<&str> = output.lines().collect();
            let check = checker(Problem::Hdu4101, &input);
            let flip = |line: &str| {
                if line == "Ali Win" {
                    "Baba Win"
                } else {
                    "Ali Win"
                }
            };
            let last = lines.len();
            let mut flipped = lines.clone();
            flipped[last - 1] = flip(lines[last - 1]);
            let why = check(&flipped.join("\n"));
            let expected = format!(
                "case {last}: expected {}, found {}: ",
                lines[last - 1],
                flipped[last - 1]
            );
            assert!(wrong_answer(&why).starts_with(&expected), "{name}: {why}");
            let short = lines[..last - 1].join("\n");
            let why = check(&short);
            assert!(
                presentation_error(&why).contains(&format!(
                    "the answer ends after {} of {last} cases",
                    last - 1
                )),
                "{name}: {why}"
            );
            let long = format!("{}\nAli Win\n", lines.join("\n"));
            assert!(presentation_error(&check(&long)).contains("after the answer to the last case"));
            let lower = output.replacen("Win", "win", 1);
            assert!(presentation_error(&check(&lower)).contains("'win' must be written 'Win'"));
        }
        let sample = b"3 3\n1 1 1\n1 -1 1\n1 1 1\n";
        let verdict = check_answer(Problem::Hdu4101, sample, b"Ali Win\n");
        assert_eq!(
            wrong_answer(&verdict),
            "case 1: expected Baba Win, found Ali Win: the treasure is sealed by a ring of 4 \
             stones and there are 4 safe hits (even), so Ali must open the ring"
        );
        let verdict = check_answer(Problem::Hdu4101, b"1 1\n-1\n", b"Baba Win");
        assert!(wrong_answer(&verdict).ends_with("so Ali hits it on his first move"));
        for (answer, words) in [
            ("ali Win", "'ali' must be written 'Ali'"),
            ("Baba", "expected 'Win' after 'Baba', found end of input"),
            ("Baba Wins", "expected 'Win' after 'Baba', found 'Wins'"),
            (
                "Bob Win",
                "expected 'Ali Win' or 'Baba Win' for case 1, found 'Bob'",
            ),
            ("", "the answer ends after 0 of 1 cases"),
        ] {
            let verdict = check_answer(Problem::Hdu4101, sample, answer.as_bytes());
            assert!(
                presentation_error(&verdict).contains(words),
                "{answer:?}: {verdict}"
            );
        }
    }

    #[test]
    fn malformed_inputs_fail_with_their_location() {
        for (problem, input, (line, column)) in [
            (Problem::Jsoi2009, &b"2 2\n..\n.x\n"[..], (3, 2)),
            (Problem::Noi2011, b"1 3\nXO.\n1\n1 2\n", (5, 1)),
            // A legal parse, an illegal move: Egg may not move the white piece.
            (Problem::Noi2011, b"1 3\nOO.\n1\n1 2\n1 1\n", (5, 1)),
            (Problem::Hdu4101, b"1 2\n0 -1\n1 1\n5\n", (3, 1)),
        ] {
            match check_answer(problem, input, b"anything") {
                CheckVerdict::Failure(error) => {
                    assert_eq!((error.line, error.column), (line, column), "{error}");
                }
                other => panic!("{problem}: expected a failure, got {other}"),
            }
        }
        let error = Problem::detect(b"3 1\n0 1\n").unwrap_err();
        assert!(error.message.contains("an edge list"), "{error}");
        let error = Problem::detect(b" \r\n").unwrap_err();
        assert!(error.message.contains("empty input"), "{error}");
    }

    #[test]
    fn truncated_and_garbled_files_never_panic() {
        for (dir, problem) in [
            ("jsoi2009", Problem::Jsoi2009),
            ("noi2011", Problem::Noi2011),
            ("hdu4101", Problem::Hdu4101),
        ] {
            for (name, input, output) in testdata(dir).into_iter().take(6) {
                let output = output.as_bytes();
                for cut in 0..output.len() {
                    let mut garbled = output.to_vec();
                    garbled[cut] = b"x-0 \n\xff"[cut % 6];
                    for answer in [&output[..cut], &garbled[..]] {
                        let verdict = check_answer(problem, &input, answer);
                        assert!(
                            !matches!(verdict, CheckVerdict::Failure(_)),
                            "{name}: {verdict}"
                        );
                    }
                }
                for cut in 0..input.len().min(200) {
                    let verdict = check_answer(problem, &input[..cut], output);
                    assert!(
                        cut > 0 || matches!(verdict, CheckVerdict::Failure(_)),
                        "{name}"
                    );
                }
            }
        }
    }

    #[test]
    fn verdicts_print_as_testlib_words() {
        assert_eq!(CheckVerdict::Accepted.to_string(), "ok");
        assert_eq!(
            CheckVerdict::WrongAnswer("x".into()).to_string(),
            "wrong answer: x"
        );
        assert_eq!(
            CheckVerdict::PresentationError("y".into()).to_string(),
            "presentation error: y"
        );
        assert_eq!(
            CheckVerdict::Failure(InputError::new(2, 3, "z")).to_string(),
            "fail: input line 2, column 3: z"
        );
    }
}
