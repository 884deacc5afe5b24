//! The web playground: one page (plain HTML, CSS and JavaScript embedded in the binary, no
//! network needed), the JSON API behind it ([`api`]), and the server that runs both.
//!
//! The API is a thin adapter over `geography_app`: it reads its inputs with the application
//! layer's loaders (within the [`ServerConfig`]'s limits), runs its jobs, and answers its
//! reports, so the playground and the command line give the same documents in the same words.
//! The server ([`serve_with`]) bounds what a client may hold: the time to send a request, its
//! size, the jobs it runs at once and their time ([`ServerConfig`], `docs/serving.md`).
//!
//! Routes:
//! - `GET /` and the page's files, `GET /api/openapi.json` (the `OpenAPI` 3 description of
//!   the API): see [`assets`];
//! - `POST /api/{game}/{action}`, the game named as `geography --game` names it:
//!   `/api/token/solve`, `/api/token/move`, `/api/token/analyse`, `/api/slide/analyse`,
//!   `/api/treasure/solve`, `/api/slither/solve`, `/api/slither/move`, and the older paths
//!   kept as aliases, `/api/solve`, `/api/move`, `/api/analyse`, `/api/treasure`: see
//!   [`api::ENDPOINTS`]. Another game or action is a JSON 404 naming the endpoints there are.
//!
//! Anything else is a JSON 404; a known path with the wrong method a JSON 405.
//!
//! The crate's files, each owning one concern: [`api`] (the answers and the table of
//! endpoints), `requests.rs` (the request types), `error.rs` (answers, errors and their
//! statuses), `jobs.rs` (the body and the scheduling of jobs), `state.rs` (the handlers'
//! state), `client.rs` (who a client is), `config.rs` (the limits), `server.rs` (connections),
//! [`assets`] (the page).
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! println!("listening on http://{}", listener.local_addr()?);
//! geography_web::serve(listener).await
//! # }
//! ```
//!
//! With limits of its own, until told to stop:
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! use std::time::Duration;
//! use geography_web::ServerConfig;
//!
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let config = ServerConfig {
//!     solve_timeout: Duration::from_secs(10),
//!     jobs: 2,
//!     ..ServerConfig::default()
//! };
//! let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
//! // ... `stop.send(())` elsewhere ends it.
//! # drop(stop);
//! geography_web::serve_with(listener, config, async {
//!     let _ = stopped.await;
//! })
//! .await
//! # }
//! ```
#![deny(missing_docs)]

pub mod api;
pub mod assets;
mod client;
mod config;
mod error;
mod jobs;
mod requests;
mod server;
mod state;

pub use config::ServerConfig;
pub use server::{serve_with, serve_with_state};

use std::future::Future;

use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, Uri};
use axum::middleware;
use axum::routing::any;
use axum::Router;
use tokio::net::TcpListener;

pub use self::assets::{INDEX_HTML, OPENAPI_JSON};
pub use self::error::ApiError;
pub use self::state::AppState;

/// The router of the whole server, with a fresh [`AppState`].
pub fn router() -> Router {
    router_with(AppState::new())
}

/// The router of the whole server: page, API and fallbacks, with the body read within the
/// limits of `state`'s configuration (`jobs.rs`), sharing `state` (its job permits,
/// its jobs per client and its shutdown flag).
pub fn router_with(state: AppState) -> Router {
    let max_body = state.config().max_body;
    let mut router = assets::routes();
    let mut aliases = Vec::new();
    for endpoint in api::ENDPOINTS {
        router = router.route(&endpoint.path(), jobs::job_route(endpoint.answer));
        // `/api/analyse` is the older path of two endpoints with one job: routed once.
        if let Some(alias) = endpoint.alias.filter(|alias| !aliases.contains(alias)) {
            aliases.push(alias);
            router = router.route(alias, jobs::job_route(endpoint.answer));
        }
    }
    router
        .route(
            "/api/{game}/{action}",
            any(|uri: Uri| async move { api::no_endpoint(uri.path()) }),
        )
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method not allowed: the API takes POST, the page and /api/openapi.json GET",
            )
        })
        .layer(DefaultBodyLimit::max(max_body))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            jobs::read_body,
        ))
        .with_state(state)
}

/// Serves the playground on `listener` with the default limits ([`ServerConfig::default`])
/// until the process ends.
///
/// # Errors
/// As [`serve_with`].
pub async fn serve(listener: TcpListener) -> std::io::Result<()> {
    serve_until(listener, std::future::pending()).await
}

/// Serves the playground on `listener` with the default limits until `shutdown` completes;
/// see [`serve_with`].
///
/// # Errors
/// As [`serve_with`].
pub async fn serve_until(
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, ServerConfig::default(), shutdown).await
}
