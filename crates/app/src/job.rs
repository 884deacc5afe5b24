//! How a job ends other than with its result: bad input, a stop asked for, or a bug; and the
//! [`Budget`] a front end gives a job so it can stop it.
//!
//! A job checks its budget between its phases (parsing, solving, the certificate, each
//! position of a record), never inside a kernel's inner loop: a stop costs nothing while the
//! job runs, and takes effect at the next phase.
//!
//! A budget may carry several flags (a server's shutdown flag and the job's own, raised when
//! its client goes away or its time is up): any one of them stops the job.
//!
//! # Tests
//! Below: a cancelled budget stops a job before its next phase, whichever of its flags is
//! raised; an unlimited one never does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use geography_formats::InputError;
use geography_rules::Undecided;
use thiserror::Error;

/// Why a job gave no result.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum JobError {
    /// The input is malformed, too large, or against the rules of its game.
    #[error("{0}")]
    Input(InputError),
    /// The job was stopped through its [`Budget`] (cancelled, or out of time).
    #[error("the job was stopped before it finished")]
    Stopped,
    /// The position needs more search than a query may do (Slither's positions of kind
    /// (1, 1, 2), decided by a bounded search): no answer rather than a guess.
    #[error("{0}")]
    Undecided(String),
    /// An argument of the job names nothing in its input (a word that is not in the list).
    #[error("{0}")]
    Argument(String),
    /// The library contradicted itself (an input its parser accepted was refused later): a
    /// bug, reported rather than hidden.
    #[error("internal inconsistency, please report: {0}")]
    Internal(String),
}

impl From<InputError> for JobError {
    fn from(error: InputError) -> Self {
        JobError::Input(error)
    }
}

impl From<Undecided> for JobError {
    fn from(error: Undecided) -> Self {
        JobError::Undecided(error.to_string())
    }
}

/// When a job should stop early: flags other threads may raise, and a deadline.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    cancel: Vec<Arc<AtomicBool>>,
    deadline: Option<Instant>,
    search_deadline: Option<Instant>,
}

impl Budget {
    /// No limit: the job runs to its end.
    pub fn unlimited() -> Self {
        Budget::default()
    }

    /// Stops at the next phase once `flag` is set, or any flag given before.
    #[must_use]
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel.push(flag);
        self
    }

    /// Stops at the next phase once `deadline` has passed (the earlier one, when given twice).
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// Ends the searches of a job that can answer in part (the games decided start by
    /// start) at `deadline`, the earlier one when given twice: past it [`Budget::searching`]
    /// answers false, so the starts not yet decided are reported undecided, while
    /// [`Budget::check`] still lets the job write its answer.
    #[must_use]
    pub fn with_search_deadline(mut self, deadline: Instant) -> Self {
        self.search_deadline = Some(self.search_deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// Whether a search may go on: the job is not stopped and its search deadline has not
    /// passed.
    pub fn searching(&self) -> bool {
        self.check().is_ok() && self.search_deadline.is_none_or(|d| Instant::now() < d)
    }

    /// [`JobError::Stopped`] when the job should stop now.
    ///
    /// # Errors
    /// When a flag is set or the deadline has passed.
    pub fn check(&self) -> Result<(), JobError> {
        let cancelled = self.cancel.iter().any(|flag| flag.load(Ordering::Relaxed));
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if cancelled || late {
            Err(JobError::Stopped)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stop_when_cancelled_or_late() {
        assert_eq!(Budget::unlimited().check(), Ok(()));
        let flag = Arc::new(AtomicBool::new(false));
        let budget = Budget::unlimited().with_cancel(Arc::clone(&flag));
        assert_eq!(budget.check(), Ok(()));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(budget.check(), Err(JobError::Stopped));
        let past = Budget::unlimited().with_deadline(Instant::now());
        assert_eq!(past.check(), Err(JobError::Stopped));
        assert!(!past.searching());
        // Past its search deadline a job stops searching but may still answer.
        let answering = Budget::unlimited().with_search_deadline(Instant::now());
        assert_eq!(answering.check(), Ok(()));
        assert!(!answering.searching());
        assert!(Budget::unlimited().searching());
    }

    #[test]
    fn any_of_several_flags_stops_a_budget() {
        let (server, job) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        let budget = Budget::unlimited()
            .with_cancel(Arc::clone(&server))
            .with_cancel(Arc::clone(&job));
        assert_eq!(budget.check(), Ok(()));
        job.store(true, Ordering::Relaxed);
        assert_eq!(budget.check(), Err(JobError::Stopped));
        job.store(false, Ordering::Relaxed);
        server.store(true, Ordering::Relaxed);
        assert_eq!(budget.check(), Err(JobError::Stopped));
        // A later deadline does not extend an earlier one.
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        let past = Budget::unlimited()
            .with_deadline(Instant::now())
            .with_deadline(later);
        assert_eq!(past.check(), Err(JobError::Stopped));
    }
}
