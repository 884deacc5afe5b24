//! The handlers' shared state ([`AppState`]): the server's configuration, the permits of the
//! jobs computing at once, the jobs of each client, the flag that stops them all, and the
//! budget each job starts with. It also tells the [`Client`] of a request, which depends on
//! the configuration (`trust_forwarded`).
//!
//! # Tests
//! Through `jobs.rs`'s tests (slots, timeouts, shutdown) and `tests/serve_load.rs`.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::StatusCode;
use geography_app::Budget;
use tokio::sync::Semaphore;

use crate::client::{Client, ClientJobs, ClientSlot};
use crate::config::{seconds, ServerConfig};
use crate::error::ApiError;

/// Shared state of the handlers: the server's configuration, the permits for concurrent
/// jobs, the jobs of each client and the flag that stops them all.
#[derive(Debug, Clone)]
pub struct AppState {
    config: Arc<ServerConfig>,
    jobs: Arc<Semaphore>,
    clients: Arc<ClientJobs>,
    stop: Arc<AtomicBool>,
}

impl AppState {
    /// A state with the default configuration ([`ServerConfig::default`]).
    pub fn new() -> Self {
        Self::with_config(ServerConfig::default())
    }

    /// A state with `config`: [`ServerConfig::jobs`] jobs at once (at least 1),
    /// [`ServerConfig::jobs_per_client`] per client (at least 1).
    pub fn with_config(config: ServerConfig) -> Self {
        AppState {
            jobs: Arc::new(Semaphore::new(config.jobs.clamp(1, Semaphore::MAX_PERMITS))),
            clients: Arc::new(ClientJobs::new(config.jobs_per_client)),
            stop: Arc::new(AtomicBool::new(false)),
            config: Arc::new(config),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &ServerConfig {
        &self.config
    }

    /// Refuses the jobs still waiting for a permit and stops the running ones at their next
    /// phase: both are answered 503.
    pub fn shut_down(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.jobs.close();
    }

    /// How many jobs `client` has computing or waiting (a stopped job counts until it has
    /// really stopped).
    pub fn jobs_of(&self, client: Client) -> usize {
        self.clients.count(client)
    }

    /// Whether [`AppState::shut_down`] was called.
    pub fn is_shutting_down(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The budget of a job starting now: [`ServerConfig::solve_timeout`], and the shutdown
    /// flag.
    pub fn budget(&self) -> Budget {
        Budget::unlimited()
            .with_cancel(Arc::clone(&self.stop))
            .with_deadline(Instant::now() + self.config.solve_timeout)
    }

    /// The permits of the jobs computing at once.
    pub(crate) fn permits(&self) -> &Arc<Semaphore> {
        &self.jobs
    }

    /// A slot for one more job of `client`.
    ///
    /// # Errors
    /// 429 when the client has [`ServerConfig::jobs_per_client`] jobs already.
    pub(crate) fn client_slot(&self, client: Client) -> Result<ClientSlot, ApiError> {
        self.clients.take(client).ok_or_else(|| {
            let limit = self.clients.limit();
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many jobs from this client: {limit} computing or waiting already, the \
                     server's limit per client; send the next one when one is answered"
                ),
            )
        })
    }

    /// The answer of a job that was stopped: 503 when the server is shutting down, else 504
    /// (its time ran out).
    pub(crate) fn stopped(&self) -> ApiError {
        if self.is_shutting_down() {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is shutting down",
            )
        } else {
            ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                format!(
                    "the job ran past the server's solve timeout of {} and was stopped",
                    seconds(self.config.solve_timeout)
                ),
            )
        }
    }
}

impl Default for AppState {
    fn default() -> Self {
        Self::new()
    }
}

impl FromRequestParts<AppState> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|info| info.0);
        Ok(Client::of(
            &parts.headers,
            peer,
            state.config().trust_forwarded,
        ))
    }
}
