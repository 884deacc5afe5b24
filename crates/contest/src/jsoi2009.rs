//! The token game (JSOI2009 "Game"): one player places a token on a free cell of a grid, the
//! other moves first; moves go to an orthogonally adjacent unvisited free cell; who cannot
//! move loses. Which placements win for the placer?
//!
//! Exactly the cells some maximum matching of the free cells' graph misses (see
//! [`geography_rules::Solution`]); an isolated free cell is one. The placer wins at all iff
//! there is no perfect matching.
//!
//! # Complexity
//! One bipartite decomposition of the free cells' graph: a few O(V + E) passes in practice
//! (Karp–Sipser, single-root searches, push–relabel), O(V·E) in the worst case.

use std::fmt::Write;

use geography_boards::Board;
use geography_formats::{parse_board_with_limits, InputError, Limits};
use geography_rules::Solution;

/// The judge's answer for a board: `WIN` and the winning cells (1-based `row col`, row-major),
/// or `LOSE`. The board may name another neighbourhood; the contest's is orthogonal.
pub fn jsoi2009_answer(board: &Board) -> String {
    let cells = board.grid();
    let winning = Solution::of_board(&cells).winning_placements();
    if winning.is_empty() {
        return "LOSE\n".to_string();
    }
    let mut out = String::with_capacity(4 + winning.len() * 10);
    out.push_str("WIN\n");
    for v in winning {
        // Vertices are numbered in row-major order, so this order is the judge's.
        let _ = writeln!(out, "{}", cells.cell(v));
    }
    out
}

/// Reads the contest input (`N M`, then N rows of `.` and `#`) and returns the judge's
/// output.
///
/// # Examples
/// ```
/// use geography_contest::judge_jsoi2009;
/// assert_eq!(judge_jsoi2009(b"3 3\n.##\n...\n#.#\n").unwrap(), "WIN\n2 3\n3 2\n");
/// ```
///
/// # Errors
/// An [`InputError`] naming line and column for malformed input.
pub fn judge_jsoi2009(input: &[u8]) -> Result<String, InputError> {
    judge_jsoi2009_with_limits(input, &Limits::DEFAULT)
}

/// [`judge_jsoi2009`] on a board within `limits`.
///
/// # Errors
/// As [`judge_jsoi2009`], and a board over the limits.
pub fn judge_jsoi2009_with_limits(input: &[u8], limits: &Limits) -> Result<String, InputError> {
    Ok(jsoi2009_answer(&parse_board_with_limits(input, limits)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_sample() {
        assert_eq!(
            judge_jsoi2009(b"3 3\n.##\n...\n#.#\n").unwrap(),
            "WIN\n2 3\n3 2\n"
        );
    }

    #[test]
    fn perfect_matchings_lose_and_isolated_cells_win() {
        assert_eq!(judge_jsoi2009(b"2 2\n..\n..\n").unwrap(), "LOSE\n");
        assert_eq!(judge_jsoi2009(b"1 1\n#\n").unwrap(), "LOSE\n");
        assert_eq!(judge_jsoi2009(b"1 1\n.\n").unwrap(), "WIN\n1 1\n");
        assert_eq!(judge_jsoi2009(b"1 3\n...\n").unwrap(), "WIN\n1 1\n1 3\n");
    }
}
