//! A stream of jobs (the graphs of a graph6 stream, say) run on every core and answered in
//! input order, a batch at a time: a front end writes or keeps each batch as it comes, so a
//! long stream shows its progress and holds at most one batch of answers.
//!
//! # Complexity
//! The jobs' own cost, spread over rayon's threads; one batch of answers in memory.
//!
//! # Tests
//! Below: order, batches, and the first error stopping the stream; through the CLI's and
//! Python's graph6 stream tests.

use rayon::prelude::*;

/// Runs `job` on every item (with its index) on every core, `batch` items at a time, and
/// hands each batch's answers to `sink` in input order (a `batch` of 0 counts as 1).
///
/// # Errors
/// The first error of `sink`, after which no later batch is run.
///
/// # Examples
/// ```
/// use geography_app::in_order;
/// let mut seen = Vec::new();
/// in_order(&[3, 1, 2], 2, |i, &x| i * 10 + x, |answers| {
///     seen.push(answers);
///     Ok::<(), ()>(())
/// })
/// .unwrap();
/// assert_eq!(seen, [vec![3, 11], vec![22]]);
/// ```
pub fn in_order<T: Sync, R: Send, E>(
    items: &[T],
    batch: usize,
    job: impl Fn(usize, &T) -> R + Sync,
    mut sink: impl FnMut(Vec<R>) -> Result<(), E>,
) -> Result<(), E> {
    let batch = batch.max(1);
    for (number, chunk) in items.chunks(batch).enumerate() {
        let answers: Vec<R> = chunk
            .par_iter()
            .enumerate()
            .map(|(offset, item)| job(number * batch + offset, item))
            .collect();
        sink(answers)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_in_input_order_and_the_first_error_stops_the_stream() {
        let items: Vec<u32> = (0..1000).collect();
        let mut all = Vec::new();
        in_order(
            &items,
            64,
            |i, &x| (i, x * 2),
            |answers| {
                assert!(answers.len() <= 64);
                all.extend(answers);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(
            all,
            (0..1000).map(|i| (i as usize, i * 2)).collect::<Vec<_>>()
        );
        let mut batches = 0;
        let stopped = in_order(
            &items,
            100,
            |_, &x| x,
            |answers| {
                batches += 1;
                if answers.contains(&250) {
                    Err(250)
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!((stopped, batches), (Err(250), 3));
    }
}
