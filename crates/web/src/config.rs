//! The server's limits and timeouts: one [`ServerConfig`], from the command line
//! (`geography serve --max-cells ... --solve-timeout ...`) into the handlers' state, and the
//! answer each limit gives when it is reached.
//!
//! | limit | reached | answer |
//! |---|---|---|
//! | [`header_timeout`](ServerConfig::header_timeout) | the request's headers are not all in | the connection is closed |
//! | [`request_timeout`](ServerConfig::request_timeout) | the body is not all in | 408, then the connection is closed |
//! | [`max_body`](ServerConfig::max_body) | the body is larger | 413, then the connection is closed |
//! | [`limits`](ServerConfig::limits) | a board, map or graph is larger | 413, located at its header |
//! | [`jobs_per_client`](ServerConfig::jobs_per_client) | the client has that many jobs running or waiting | 429 |
//! | [`jobs`](ServerConfig::jobs) | every slot stays taken for the [`queue_timeout`](ServerConfig::queue_timeout) | 503 |
//! | [`solve_timeout`](ServerConfig::solve_timeout) | the job computes longer | 504, and the job is stopped |
//!
//! Every answer is JSON in the API's error shape, `{"error": message}`, the message naming the
//! limit and its value.

use std::time::Duration;

use geography_app::Limits;

/// What the server accepts and for how long it waits: the sizes of requests and inputs, the
/// timeouts, and how many jobs run at once, in all and per client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    /// The largest request body, in bytes; a larger one is refused with 413 before it is
    /// read to its end.
    pub max_body: usize,
    /// The largest boards (cells, blocked ones included), slide boards, treasure maps and
    /// graphs (vertices) the jobs read; a larger one is refused with 413, located at its
    /// header.
    pub limits: Limits,
    /// How long a client may take to send a request's headers, from the moment the server
    /// waits for them (a new connection, or the end of the previous answer on a kept-alive
    /// one); then the connection is closed without an answer.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body once its headers are in; then
    /// 408 and the connection is closed.
    pub request_timeout: Duration,
    /// How long a job may compute; then it is answered 504 and stopped at its next check of
    /// its budget.
    pub solve_timeout: Duration,
    /// How long a job may wait for a free slot when [`ServerConfig::jobs`] are computing;
    /// then 503 (the server is busy).
    pub queue_timeout: Duration,
    /// The most jobs computed at once (at least 1), each on one thread of the blocking pool;
    /// the others wait their turn.
    pub jobs: usize,
    /// The most jobs one client may have computing or waiting at once (at least 1); one more
    /// is refused with 429. A job counts until it really stops, not only until it is
    /// answered.
    pub jobs_per_client: usize,
    /// Whether the client of a request is the last address of its `Forwarded` (`for=`) or
    /// `X-Forwarded-For` header, as a reverse proxy in front of the server adds it, instead
    /// of the address of the connection. Only behind such a proxy: otherwise any client
    /// could name itself anyone, and escape [`ServerConfig::jobs_per_client`].
    pub trust_forwarded: bool,
}

impl ServerConfig {
    /// [`ServerConfig::max_body`] by default: 4 MiB, room for a 1024 × 1024 board as text
    /// or as a JSON board.
    pub const DEFAULT_MAX_BODY: usize = 4 << 20;
    /// [`ServerConfig::limits`] by default: boards, slide boards and treasure maps of at
    /// most 1 048 576 (1024²) cells, graphs of at most 1 048 576 vertices.
    pub const DEFAULT_LIMITS: Limits = Limits {
        max_cells: 1 << 20,
        max_vertices: 1 << 20,
    };
    /// [`ServerConfig::header_timeout`] by default: 5 s.
    pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(5);
    /// [`ServerConfig::request_timeout`] by default: 30 s.
    pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
    /// [`ServerConfig::solve_timeout`] by default: 60 s.
    pub const DEFAULT_SOLVE_TIMEOUT: Duration = Duration::from_secs(60);
    /// [`ServerConfig::queue_timeout`] by default: 60 s.
    pub const DEFAULT_QUEUE_TIMEOUT: Duration = Duration::from_secs(60);
    /// [`ServerConfig::jobs_per_client`] by default: 4. The page sends up to three requests
    /// at once as it opens (each of its modes asks for its analysis); with a limit of 2 one
    /// of them would be refused.
    pub const DEFAULT_JOBS_PER_CLIENT: usize = 4;

    /// [`ServerConfig::jobs`] by default: the number of cores the process may use (4 when
    /// it cannot be told).
    pub fn default_jobs() -> usize {
        std::thread::available_parallelism().map_or(4, std::num::NonZeroUsize::get)
    }
}

impl Default for ServerConfig {
    /// The limits of `geography serve` without options.
    fn default() -> Self {
        ServerConfig {
            max_body: Self::DEFAULT_MAX_BODY,
            limits: Self::DEFAULT_LIMITS,
            header_timeout: Self::DEFAULT_HEADER_TIMEOUT,
            request_timeout: Self::DEFAULT_REQUEST_TIMEOUT,
            solve_timeout: Self::DEFAULT_SOLVE_TIMEOUT,
            queue_timeout: Self::DEFAULT_QUEUE_TIMEOUT,
            jobs: Self::default_jobs(),
            jobs_per_client: Self::DEFAULT_JOBS_PER_CLIENT,
            trust_forwarded: false,
        }
    }
}

/// A duration in words for an error message: `60 s`, `0.5 s`.
pub(crate) fn seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_limits_take_a_1000_by_1000_board_and_its_text() {
        let config = ServerConfig::default();
        assert!(config.limits.max_cells >= 1_000_000);
        // Rows of 1000 cells and a newline, the newline written `\n` in the JSON string.
        assert!(config.max_body >= 1000 * 1002 + 64);
        assert!(config.jobs >= 1 && config.jobs_per_client >= 1);
        assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(seconds(Duration::from_secs(60)), "60 s");
    }
}
