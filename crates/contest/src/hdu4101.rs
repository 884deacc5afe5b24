//! The judge of HDU 4101 "Ali and Baba": the expected output of a multi-case input, `Ali Win`
//! or `Baba Win` per case. The maps are read by [`parse_treasure_map`] and solved by
//! [`analyse_treasure`].
//!
//! # Complexity
//! Linear in the input; each case allocates only for its own cells.
//!
//! # Tests
//! Below, and `tests/treasure.rs`, which runs the brute-force-checked files under
//! `testdata/hdu4101/` byte for byte.

use geography_formats::{check_treasure_limits, parse_treasure_map, InputError, Limits, Tokens};
use geography_rules::analyse_treasure;

/// Runs the judge: reads cases until the end of `input` and returns the expected output,
/// `Ali Win` or `Baba Win` and a newline per case.
///
/// # Errors
/// An input with no case at all, or any error of [`parse_treasure_map`] (the first one met).
pub fn judge_hdu4101(input: &[u8]) -> Result<String, InputError> {
    judge_hdu4101_with_limits(input, &Limits::DEFAULT)
}

/// [`judge_hdu4101`] on maps within `limits` (every case's header is checked before any case
/// is read, see [`check_treasure_limits`]).
///
/// # Errors
/// As [`judge_hdu4101`], and a map over the limits.
pub fn judge_hdu4101_with_limits(input: &[u8], limits: &Limits) -> Result<String, InputError> {
    check_treasure_limits(input, limits)?;
    let mut tokens = Tokens::non_empty(input, "no test case: the input is empty or blank")?;
    let mut output = String::new();
    while !tokens.at_end() {
        let map = parse_treasure_map(&mut tokens)?;
        output.push_str(analyse_treasure(&map).winner.judge_line());
        output.push('\n');
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_reads_cases_until_the_end() {
        let out = judge_hdu4101(b"1 1 -1\n\n3 3 1 1 1 1 -1 1 1 1 1").expect("valid input");
        assert_eq!(out, "Ali Win\nBaba Win\n");
    }
}
