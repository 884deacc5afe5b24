//! The three contest problems, and the judge of each: the exact expected output for an input.
//!
//! # Tests
//! Each judge's own tests (`tests/token_game.rs`, `tests/slide.rs`, `tests/treasure.rs`) run
//! the official samples and brute-force-verified cases byte for byte.

use std::fmt;

use geography_formats::{detect, Format, InputError, Limits};

use crate::hdu4101::judge_hdu4101_with_limits;
use crate::jsoi2009::judge_jsoi2009_with_limits;
use crate::noi2011::judge_noi2011_with_limits;

/// The contest problem an input belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Problem {
    /// JSOI2009 "Game": the winning placements of the token game.
    Jsoi2009,
    /// NOI2011 "Bunny and Egg": Bunny's mistakes in a slide-game record.
    Noi2011,
    /// HDU 4101 "Ali and Baba": the winner of each treasure map.
    Hdu4101,
}

impl Problem {
    /// The problem's short name, as the `judge` command spells it.
    pub fn name(self) -> &'static str {
        match self {
            Problem::Jsoi2009 => "jsoi2009",
            Problem::Noi2011 => "noi2011",
            Problem::Hdu4101 => "hdu4101",
        }
    }

    /// The problem an input is for, from its format ([`detect`]): a board is
    /// JSOI2009, a slide board NOI2011, a treasure map HDU 4101.
    ///
    /// # Errors
    /// An empty input, or one in another format (an edge list, graph6, JSON), located at
    /// its start.
    pub fn detect(input: &[u8]) -> Result<Problem, InputError> {
        if input.iter().all(u8::is_ascii_whitespace) {
            return Err(InputError::new(
                1,
                1,
                "empty input: expected a contest input",
            ));
        }
        match detect(input) {
            Format::Board => Ok(Problem::Jsoi2009),
            Format::Slide => Ok(Problem::Noi2011),
            Format::Treasure => Ok(Problem::Hdu4101),
            other => Err(InputError::new(
                1,
                1,
                format!(
                    "cannot tell the problem: the input reads as {}, not as a contest input; \
                     name the problem explicitly",
                    match other {
                        Format::Edges => "an edge list",
                        Format::Graph6 => "graph6",
                        Format::Sparse6 => "sparse6",
                        _ => "JSON",
                    }
                ),
            )),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The judge's exact output for `input` of `problem`, within `limits`.
///
/// # Examples
/// ```
/// use geography_contest::{judge, Problem};
/// use geography_formats::Limits;
/// let output = judge(Problem::Hdu4101, b"1 2\n-1 1\n", &Limits::DEFAULT).unwrap();
/// assert_eq!(output, "Ali Win\n");
/// ```
///
/// # Errors
/// The input's first error, located.
pub fn judge(problem: Problem, input: &[u8], limits: &Limits) -> Result<String, InputError> {
    match problem {
        Problem::Jsoi2009 => judge_jsoi2009_with_limits(input, limits),
        Problem::Noi2011 => judge_noi2011_with_limits(input, limits),
        Problem::Hdu4101 => judge_hdu4101_with_limits(input, limits),
    }
}
