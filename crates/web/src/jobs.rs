//! Scheduling: every request of the API is a job, read whole by [`read_body`] and run by
//! one handler ([`job_route`] over [`run_job`]) on the blocking pool, whatever it answers.
//!
//! Jobs run on the blocking thread pool, at most [`ServerConfig::jobs`] at once; the others
//! wait their turn, so a burst of requests queues instead of spawning a thread each. Each
//! client ([`Client`]) may have [`ServerConfig::jobs_per_client`] jobs computing or waiting.
//! A job is stopped, at the next check of its [`Budget`], when its time is up, when its
//! client goes away (the request is dropped) or when the server shuts down; it keeps its slot
//! until it has really stopped, so no more than [`ServerConfig::jobs`] jobs ever compute.
//!
//! The statuses of scheduling, beside the job's own ([`ApiError`]):
//! - 400: a body that breaks off;
//! - 408: a body that did not arrive within [`ServerConfig::request_timeout`];
//! - 413: a body over [`ServerConfig::max_body`];
//! - 429: the client has [`ServerConfig::jobs_per_client`] jobs computing or waiting already;
//! - 503: the server is shutting down, or no job slot came free within
//!   [`ServerConfig::queue_timeout`];
//! - 504: the job computed longer than [`ServerConfig::solve_timeout`];
//! - 500: a job that panicked.
//!
//! # Tests
//! Below: a job past its time is answered 504 and stops, a client over its jobs is 429, a
//! shutdown stops a running job, a job waiting too long is 503. `tests/serve_load.rs` runs
//! them on loopback.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{post, MethodRouter};
use geography_app::{Budget, Limits};
use http_body_util::{BodyExt, LengthLimitError, Limited};

use crate::client::Client;
use crate::config::{seconds, ServerConfig};
use crate::error::{Answer, AnswerFn, ApiError};
use crate::state::AppState;

/// The route of a job: `POST` runs `answer` on the body ([`run_job`]). Every job route of
/// the API is one of these.
pub fn job_route(answer: AnswerFn) -> MethodRouter<AppState> {
    post(
        move |State(state): State<AppState>,
              client: Client,
              body: Result<Bytes, BytesRejection>| run_job(state, client, body, answer),
    )
}

/// `response`, closing its connection: the body was left unread.
fn closing(error: ApiError) -> Response {
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// `response`, with the seconds after which a client may try again.
fn retry_after(error: ApiError, seconds: u64) -> Response {
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

/// The 413 of a body over [`ServerConfig::max_body`].
fn body_too_large(max_body: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is larger than the server's limit of {max_body} bytes"),
    )
}

/// Middleware reading the whole body of every request before its handler runs, within
/// [`ServerConfig::max_body`] and [`ServerConfig::request_timeout`]: 413 for a larger body
/// (at once when its `Content-Length` says so), 408 for a body that does not arrive in time
/// (a client that stalls), 400 for a body that breaks off. Each of these closes the
/// connection.
pub async fn read_body(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let config: &ServerConfig = state.config();
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > config.max_body as u64) {
        return closing(body_too_large(config.max_body));
    }
    let read = Limited::new(body, config.max_body).collect();
    let bytes = match tokio::time::timeout(config.request_timeout, read).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(error)) if error.is::<LengthLimitError>() => {
            return closing(body_too_large(config.max_body))
        }
        Ok(Err(error)) => {
            return closing(ApiError::bad_request(format!(
                "the request body could not be read: {error}"
            )))
        }
        Err(_) => {
            return closing(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within the server's request timeout of {}",
                    seconds(config.request_timeout)
                ),
            ))
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// Raises a job's own cancel flag when dropped: when its answer is sent, when its time is
/// up, or when its client goes away and the request is dropped. A job that has finished
/// ignores it.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `job` on the body in the blocking pool, for `client`: after taking one of the
/// client's slots (429 when it has none left) and waiting for a permit (503 when none comes
/// free within the queue timeout or the server shuts down), with the budget of a job
/// starting then and a flag of its own. Past the solve timeout the job is answered 504 and
/// its flag raised; it keeps its permit and its client's slot until it has stopped.
pub async fn run_job<F>(
    state: AppState,
    client: Client,
    body: Result<Bytes, BytesRejection>,
    job: F,
) -> Response
where
    F: FnOnce(&[u8], &Limits, &Budget) -> Result<Answer, ApiError> + Send + 'static,
{
    let config = state.config();
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return closing(body_too_large(config.max_body))
        }
        Err(rejection) => {
            return ApiError::new(rejection.status(), rejection.body_text()).into_response()
        }
    };
    let slot = match state.client_slot(client) {
        Ok(slot) => slot,
        Err(too_many) => return retry_after(too_many, 1),
    };
    let waiting = Arc::clone(state.permits()).acquire_owned();
    let permit = match tokio::time::timeout(config.queue_timeout, waiting).await {
        Ok(Ok(permit)) => permit,
        Ok(Err(_closed)) => return state.stopped().into_response(),
        Err(_late) => {
            return retry_after(
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "the server is busy: no job slot came free within its queue timeout of \
                         {}",
                        seconds(config.queue_timeout)
                    ),
                ),
                config.queue_timeout.as_secs().max(1),
            )
        }
    };
    let flag = Arc::new(AtomicBool::new(false));
    let _stop = StopOnDrop(Arc::clone(&flag));
    // The searches of a job that can answer in part (the games decided start by start) end a
    // little before the server would answer 504, so that the partial answer arrives in time.
    let searches_end = Instant::now() + config.solve_timeout.mul_f64(0.9);
    let budget = state
        .budget()
        .with_cancel(flag)
        .with_search_deadline(searches_end);
    let limits = config.limits;
    // The permit and the slot go with the job: a job answered or abandoned frees neither
    // before it has stopped.
    let work = move || {
        let answer = job(&body, &limits, &budget);
        // The client's slot first: once the permit is free, so is the slot.
        drop(slot);
        drop(permit);
        answer
    };
    let running = tokio::task::spawn_blocking(work);
    match tokio::time::timeout(config.solve_timeout, running).await {
        Ok(Ok(Ok(answer))) => answer.into_response(),
        // A job's 503 is its budget's stop (`ApiError::job`): say why.
        Ok(Ok(Err(error))) if error.status == StatusCode::SERVICE_UNAVAILABLE => {
            state.stopped().into_response()
        }
        Ok(Ok(Err(error))) => error.into_response(),
        Ok(Err(_)) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the computation failed",
        )
        .into_response(),
        Err(_late) => state.stopped().into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::answer_solve;
    use serde_json::Value;
    use std::time::Instant;

    /// The state of a server with one job slot, one per client, and a short solve timeout.
    fn one_slot(solve_timeout: std::time::Duration) -> AppState {
        AppState::with_config(ServerConfig {
            jobs: 1,
            jobs_per_client: 1,
            solve_timeout,
            ..ServerConfig::default()
        })
    }

    async fn status_and_error(response: Response) -> (StatusCode, String) {
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        (
            status,
            value["error"].as_str().unwrap_or_default().to_string(),
        )
    }

    /// A job that computes until its budget stops it, checking it often (as an analysis
    /// does before every position), and says when it started and when it stopped; it gives
    /// up after 15 s, so that a test of a broken stop fails instead of hanging.
    fn until_stopped(
        events: std::sync::mpsc::Sender<&'static str>,
    ) -> impl FnOnce(&[u8], &Limits, &Budget) -> Result<Answer, ApiError> + Send + 'static {
        move |_, _, budget| {
            let started = Instant::now();
            let _ = events.send("started");
            loop {
                if let Err(error) = budget.check() {
                    let _ = events.send("stopped");
                    return Err(ApiError::job("board", &error));
                }
                if started.elapsed() > std::time::Duration::from_secs(15) {
                    let _ = events.send("never stopped");
                    return Err(ApiError::bad_request("never stopped"));
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }

    fn next_event(events: &std::sync::mpsc::Receiver<&'static str>) -> &'static str {
        events
            .recv_timeout(std::time::Duration::from_secs(20))
            .unwrap_or("nothing within 20 s")
    }

    /// Regression: a job past its time was answered but went on computing, holding its slot.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_past_the_solve_timeout_is_504_stops_and_frees_its_slot() {
        let timeout = std::time::Duration::from_millis(200);
        let state = one_slot(timeout);
        let client = Client(Some("192.0.2.1".parse().unwrap()));
        let (sender, events) = std::sync::mpsc::channel();
        let started = Instant::now();
        let response = run_job(
            state.clone(),
            client,
            Ok(Bytes::new()),
            until_stopped(sender),
        )
        .await;
        let answered = started.elapsed();
        assert_eq!(next_event(&events), "started");
        let (status, error) = status_and_error(response).await;
        assert_eq!(status, StatusCode::GATEWAY_TIMEOUT, "{error}");
        assert!(error.contains("solve timeout of 0.2 s"), "{error}");
        assert!(answered >= timeout, "{answered:?}");
        // The job saw its budget stop it, and its permit and its client's slot are free:
        // the next job of the same client runs at once on the only slot.
        assert_eq!(next_event(&events), "stopped");
        let tiny = br#"{"board": "1 3\n...\n"}"#.to_vec();
        let mut answer = None;
        for _ in 0..100 {
            let response = run_job(
                state.clone(),
                client,
                Ok(Bytes::from(tiny.clone())),
                answer_solve,
            )
            .await;
            if response.status() != StatusCode::TOO_MANY_REQUESTS {
                answer = Some(response);
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let (status, error) = status_and_error(answer.expect("the slot came free")).await;
        assert_eq!(status, StatusCode::OK, "{error}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_over_its_jobs_is_429_and_others_are_not() {
        let state = one_slot(std::time::Duration::from_secs(30));
        let client = Client(Some("192.0.2.1".parse().unwrap()));
        let (sender, events) = std::sync::mpsc::channel();
        let long = tokio::spawn(run_job(
            state.clone(),
            client,
            Ok(Bytes::new()),
            until_stopped(sender),
        ));
        assert_eq!(next_event(&events), "started");
        let tiny = || Ok(Bytes::from_static(br#"{"board": "1 3\n...\n"}"#));
        let refused = run_job(state.clone(), client, tiny(), answer_solve).await;
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.headers()[header::RETRY_AFTER], "1");
        let (_, error) = status_and_error(refused).await;
        assert!(error.contains("1 computing or waiting already"), "{error}");
        // Another client waits for the only slot instead, and gets it when the job is
        // abandoned (its request dropped): dropping stops the job.
        let other = Client(Some("192.0.2.2".parse().unwrap()));
        let waiting = tokio::spawn(run_job(state.clone(), other, tiny(), answer_solve));
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(
            !waiting.is_finished(),
            "the other client waits for the slot"
        );
        long.abort();
        assert_eq!(next_event(&events), "stopped");
        let response = tokio::time::timeout(std::time::Duration::from_secs(10), waiting)
            .await
            .expect("the waiting job ran")
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_stopped_by_a_shutdown_is_503_and_says_so() {
        let state = one_slot(std::time::Duration::from_secs(3600));
        let (sender, events) = std::sync::mpsc::channel();
        let job = tokio::spawn(run_job(
            state.clone(),
            Client(None),
            Ok(Bytes::new()),
            until_stopped(sender),
        ));
        assert_eq!(next_event(&events), "started");
        state.shut_down();
        assert_eq!(next_event(&events), "stopped");
        let (status, error) = status_and_error(job.await.unwrap()).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(error, "the server is shutting down");
    }

    #[tokio::test]
    async fn a_job_waiting_past_the_queue_timeout_is_503_busy() {
        let state = AppState::with_config(ServerConfig {
            jobs: 1,
            queue_timeout: std::time::Duration::from_millis(100),
            ..ServerConfig::default()
        });
        // The only slot is taken for good.
        let _taken = Arc::clone(state.permits()).acquire_owned().await.unwrap();
        let body = Ok(Bytes::from_static(br#"{"board": "1 3\n...\n"}"#));
        let response = run_job(state, Client(None), body, answer_solve).await;
        assert!(response.headers().contains_key(header::RETRY_AFTER));
        let (status, error) = status_and_error(response).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(error.starts_with("the server is busy"), "{error}");
    }
}
