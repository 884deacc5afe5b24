//! The web playground: one page (plain HTML, CSS and JavaScript embedded in the binary, no
//! network needed), the JSON API behind it ([`api`]), and the server that runs both.
//!
//! The API is a thin adapter over `geography_app`: it reads its inputs with the application
//! layer's loaders (within [`api::LIMITS`]), runs its jobs, and answers its reports, so the
//! playground and the command line give the same documents in the same words.
//!
//! Routes:
//! - `GET /` and the page's files, `GET /api/openapi.json` (the `OpenAPI` 3 description of
//!   the API): see [`assets`];
//! - `POST /api/solve`, `/api/move`, `/api/analyse`, `/api/treasure`, `/api/slither/solve`,
//!   `/api/slither/move`: see [`api`].
//!
//! Anything else is a JSON 404; a known path with the wrong method a JSON 405.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! println!("listening on http://{}", listener.local_addr()?);
//! geography_web::serve(listener).await
//! # }
//! ```
#![deny(missing_docs)]

pub mod api;
pub mod assets;

use std::future::Future;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::post;
use axum::Router;
use tokio::net::TcpListener;

use self::api::{ApiError, AppState, MAX_BODY};
pub use self::assets::{INDEX_HTML, OPENAPI_JSON};

/// The router of the whole server, with a fresh [`AppState`].
pub fn router() -> Router {
    router_with(AppState::new())
}

/// The router of the whole server: page, API and fallbacks, with the body limit, sharing
/// `state` (its job permits and its shutdown flag).
pub fn router_with(state: AppState) -> Router {
    assets::routes()
        .route("/api/solve", post(api::solve_handler))
        .route("/api/move", post(api::move_handler))
        .route("/api/analyse", post(api::analyse_handler))
        .route("/api/treasure", post(api::treasure_handler))
        .route("/api/slither/solve", post(api::slither_solve_handler))
        .route("/api/slither/move", post(api::slither_move_handler))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method not allowed: the API takes POST, the page and /api/openapi.json GET",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// Serves the playground on `listener` until the process ends.
///
/// # Errors
/// When accepting connections fails for good.
pub async fn serve(listener: TcpListener) -> std::io::Result<()> {
    serve_until(listener, std::future::pending()).await
}

/// Serves the playground on `listener` until `shutdown` completes; then the jobs waiting for
/// their turn and the running ones (at their next phase) are answered 503, the open
/// requests are finished, and the server returns.
///
/// # Errors
/// When accepting connections fails for good.
pub async fn serve_until(
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let state = AppState::new();
    let app = router_with(state.clone());
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown.await;
            state.shut_down();
        })
        .await
}
