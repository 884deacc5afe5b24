//! The server: accepts connections on a listener and serves the router on each with hyper's
//! HTTP/1.1 connection, whose header read timeout drops a client that never finishes its
//! headers; stops on a signal, letting the open requests finish.
//!
//! `axum::serve` would do the same but offers no header timeout (hyper's needs a timer it
//! does not give), so a client that sends half a request would hold its connection for
//! ever. Here each connection gets:
//! - hyper's `header_read_timeout` ([`ServerConfig::header_timeout`]), with hyper-util's tokio
//!   timer: from the moment the server waits for a request (a new connection, or after an
//!   answer on a kept-alive one) to its last header; then the connection is closed;
//! - the body middleware (`jobs.rs`): the body within
//!   [`ServerConfig::request_timeout`] and [`ServerConfig::max_body`];
//! - its peer address as `ConnectInfo<SocketAddr>`, for the jobs per client.
//!
//! # Tests
//! `tests/serve_api.rs` and `tests/serve_load.rs` run this server on loopback: bursts of
//! requests, half-open connections dropped, small requests answered under load.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;

use crate::config::ServerConfig;
use crate::router_with;
use crate::state::AppState;

/// Serves the playground on `listener` with `config` until `shutdown` completes; then it
/// accepts no more connections, the jobs waiting for their turn and the running ones (at
/// their next phase) are answered 503, the open requests are finished, and it returns.
///
/// # Errors
/// None so far: a failure to accept a connection (too many open files, say) is waited out,
/// not returned. The `Result` leaves room for failures of the listener for good.
pub async fn serve_with(
    listener: TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    serve_with_state(listener, AppState::with_config(config), shutdown).await
}

/// [`serve_with`], sharing `state` with the caller: it may watch the jobs of each client
/// ([`AppState::jobs_of`]) or shut the jobs down itself.
///
/// # Errors
/// As [`serve_with`].
pub async fn serve_with_state(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let router = router_with(state.clone());
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(state.config().header_timeout);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) if is_connection_error(&error) => continue,
            Err(_) => {
                // Out of file descriptors or the like: wait for some to close.
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_secs(1)) => continue,
                    () = &mut shutdown => break,
                }
            }
        };
        // Answers are written whole; nothing is gained by holding back small packets.
        let _ = stream.set_nodelay(true);
        let service = router
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request
                    .extensions_mut()
                    .insert(ConnectInfo::<SocketAddr>(peer));
                request
            });
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection that fails (a client gone, a header timeout) concerns only it.
            let _ = connection.await;
        });
    }
    drop(listener);
    state.shut_down();
    graceful.shutdown().await;
    Ok(())
}

/// Whether an accept error concerns only the connection being accepted.
fn is_connection_error(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}
