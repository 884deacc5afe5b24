//! Checks of located errors: where an input was refused, and in which words.

use geography_formats::{ErrorKind, InputError, Limit, Limits};

/// Asserts that `error` is at `place` (line, column, from 1) and that its message holds every
/// one of `words`.
///
/// # Examples
/// ```
/// use geography_formats::parse_board;
/// use geography_testing::assert_located;
/// let error = parse_board(b"2 2\n..\n.x\n").unwrap_err();
/// assert_located(&error, (3, 2), &["unexpected character 'x'"]);
/// ```
#[track_caller]
pub fn assert_located(error: &InputError, place: (u32, u32), words: &[&str]) {
    assert_eq!((error.line, error.column), place, "{error}");
    for word in words {
        assert!(error.message.contains(word), "{word:?} not in {error}");
    }
}

/// The kind of the error of an input that announces `found` cells, more than the default
/// limit allows.
pub fn too_many_cells(found: u64) -> ErrorKind {
    ErrorKind::TooLarge {
        limit: Limit::Cells,
        max: Limits::DEFAULT_MAX_CELLS,
        found,
    }
}
