//! The API's answers: a JSON document ([`Answer`]) or an error ([`ApiError`]), what a job
//! is ([`AnswerFn`]), and the one mapping from the application layer's errors to HTTP
//! statuses.
//!
//! Errors are `{"error": MESSAGE}`, with `line` and `column` (1-based) when the problem is
//! located in a text input or in the JSON body. The status comes from the error's data:
//! - 400: an input of [`ErrorKind::Syntax`] (malformed JSON and requests of the wrong shape
//!   are 400 too, see `requests.rs`);
//! - 413: an input of [`ErrorKind::TooLarge`];
//! - 422: an input of [`ErrorKind::Rule`], [`JobError::Undecided`];
//! - 503: [`JobError::Stopped`] (the job scheduler words why: `jobs.rs`);
//! - 500: [`JobError::Internal`].
//!
//! # Tests
//! Through `api.rs`'s tests and `tests/serve_api.rs`, which check every status.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use geography_app::{Budget, ErrorKind, InputError, JobError, Limits};
use serde::Serialize;

/// An error answer: a status and `{"error": ..., "line"?: ..., "column"?: ...}`.
#[derive(Debug, Clone, Serialize)]
pub struct ApiError {
    /// The HTTP status (not in the body).
    #[serde(skip)]
    pub status: StatusCode,
    /// What is wrong, in plain words.
    pub error: String,
    /// 1-based line of the problem in the text input (or in the JSON body), when located.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// 1-based column (in bytes) of the problem, when located.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
}

impl ApiError {
    /// An error with `status` and `message`, not located.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            error: message.into(),
            line: None,
            column: None,
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// The error of the input in `field`, located, with the status of its kind: 400 syntax,
    /// 413 too large, 422 against the rules.
    pub fn input(field: &str, error: &InputError) -> Self {
        let status = match error.kind {
            ErrorKind::Syntax => StatusCode::BAD_REQUEST,
            ErrorKind::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorKind::Rule => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError {
            status,
            error: format!("\"{field}\": {error}"),
            line: Some(error.line),
            column: Some(error.column),
        }
    }

    /// A job that gave no result: its input's error (see [`ApiError::input`]), 503 when it
    /// was stopped, 422 for a position past the search's bound, 500 for an internal
    /// inconsistency.
    pub fn job(field: &str, error: &JobError) -> Self {
        match error {
            JobError::Input(input) => Self::input(field, input),
            JobError::Stopped => Self::new(StatusCode::SERVICE_UNAVAILABLE, error.to_string()),
            JobError::Undecided(_) => {
                Self::new(StatusCode::UNPROCESSABLE_ENTITY, error.to_string())
            }
            JobError::Argument(message) => Self::bad_request(message.clone()),
            JobError::Internal(_) => {
                Self::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(&self)).into_response()
    }
}

/// What every job of the API is: its request's body, read within the server's limits, into
/// its answer, asking its budget as it goes.
pub type AnswerFn = fn(&[u8], &Limits, &Budget) -> Result<Answer, ApiError>;

/// A JSON answer, serialised: the reports borrow the game they describe, so they are written
/// inside the job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer(pub Vec<u8>);

impl Answer {
    /// `value` as JSON.
    ///
    /// # Errors
    /// 500 when it does not serialise (a bug).
    pub fn of(value: &impl Serialize) -> Result<Self, ApiError> {
        serde_json::to_vec(value).map(Answer).map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: the answer does not serialise: {e}"),
            )
        })
    }
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}
