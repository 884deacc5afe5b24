//! The web playground: one page (plain HTML, CSS and JavaScript embedded in the binary, no
//! network needed) and the JSON API behind it ([`api`]).
//!
//! Routes:
//! - `GET /`, `GET /app.js`, `GET /style.css`: the page;
//! - `GET /api/openapi.json`: the `OpenAPI` 3 description of the API;
//! - `POST /api/solve`, `/api/move`, `/api/analyse`, `/api/treasure`: see [`api`].
//!
//! Anything else is a JSON 404; a known path with the wrong method a JSON 405.

pub mod api;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use self::api::{ApiError, AppState, MAX_BODY};

/// The page.
pub const INDEX_HTML: &str = include_str!("assets/index.html");
/// The page's script.
pub const APP_JS: &str = include_str!("assets/app.js");
/// The page's style sheet.
pub const STYLE_CSS: &str = include_str!("assets/style.css");
/// The `OpenAPI` 3 description of the API.
pub const OPENAPI_JSON: &str = include_str!("assets/openapi.json");

/// Everything the page loads comes from this server; nothing inline runs.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

/// The router of the whole server: page, API and fallbacks, with the body limit.
pub fn router() -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route(
            "/api/openapi.json",
            get(|| async { asset("application/json", OPENAPI_JSON) }),
        )
        .route("/api/solve", post(api::solve_handler))
        .route("/api/move", post(api::move_handler))
        .route("/api/analyse", post(api::analyse_handler))
        .route("/api/treasure", post(api::treasure_handler))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method not allowed: the API takes POST, the page and /api/openapi.json GET",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(AppState::new())
}

/// An embedded file with its content type.
fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}
