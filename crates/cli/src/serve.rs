//! `geography serve [--host ADDR] [--port N] [--open] [limits]`: the web playground, on
//! 127.0.0.1 unless told otherwise.

use std::fmt;
use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::Duration;

use clap::builder::TypedValueParser;
use geography_app::Limits;
use geography_web::ServerConfig;
use tokio::net::TcpSocket;

use crate::Failure;

/// How many connections may wait to be accepted.
const BACKLOG: u32 = 4096;

/// Serve the web playground: a board editor with live analysis, games against the perfect
/// engine, record analysis and the treasure game, on http://127.0.0.1:PORT.
///
/// The page and its JSON API (described at /api/openapi.json) work offline: every asset is
/// embedded in the binary. The server listens on the loopback interface unless --host names
/// another address (0.0.0.0 for every IPv4 interface, :: for every interface: a class room);
/// then it warns on stderr that the playground is reachable from the network, without
/// authentication. It prints `listening on http://ADDR:PORT` once it accepts connections
/// (with --port 0 the port is chosen by the system). Stop it with Ctrl-C.
///
/// Every client is held to limits: its headers within --header-timeout (else the
/// connection is closed), its body within --request-timeout (408), of at most --max-body bytes (413), boards of at
/// most --max-cells cells and graphs of at most --max-vertices vertices (413), at most
/// --jobs-per-client jobs at once (429), each computing at most --solve-timeout (504, and
/// the job is stopped); --jobs jobs compute at once, the others wait their turn (503 when
/// none comes free within --queue-timeout). The global --max-cells and --max-vertices
/// apply, with defaults of 1048576 here. See docs/serving.md.
///
/// Example: geography serve --open
///
/// Example: geography serve --host 0.0.0.0 --solve-timeout 20
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The address to listen on: 127.0.0.1 (this machine only), 0.0.0.0 (every IPv4
    /// interface), :: (every interface), or one interface's address.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// The port to listen on; 0 lets the system pick a free one.
    #[arg(long, default_value_t = 8421)]
    port: u16,
    /// Open the page in the default browser (with xdg-open; a failure is ignored).
    #[arg(long)]
    open: bool,
    /// The largest request body, in bytes (413 beyond).
    #[arg(long, value_name = "BYTES", default_value_t = ServerConfig::DEFAULT_MAX_BODY,
          value_parser = clap::value_parser!(u64).range(1..=1 << 40).map(|n| n as usize))]
    max_body: usize,
    #[command(flatten)]
    timeouts: Timeouts,
    /// Jobs computed at once, one thread each [default: the number of cores].
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=4096).map(|n| n as usize))]
    jobs: Option<usize>,
    /// Jobs one client may have computing or waiting at once (429 beyond).
    #[arg(long, value_name = "N", default_value_t = ServerConfig::DEFAULT_JOBS_PER_CLIENT,
          value_parser = clap::value_parser!(u32).range(1..=4096).map(|n| n as usize))]
    jobs_per_client: usize,
    /// Count jobs per client by the last address of the X-Forwarded-For or Forwarded header
    /// rather than the connection's: only behind a reverse proxy that sets it, as otherwise
    /// any client could name itself anyone.
    #[arg(long)]
    trust_forwarded: bool,
}

/// Declares the timeouts, options in seconds (decimals allowed) named as the fields of
/// [`ServerConfig`] they set, each's default the server's own constant (read without
/// building a whole configuration, which would ask the system for its cores at every start).
macro_rules! timeouts {
    ($($(#[$doc:meta])* $field:ident = $default:ident,)*) => {
        // The timeouts among the options of `serve`.
        #[derive(Debug, clap::Args)]
        struct Timeouts {
            $(
                $(#[$doc])*
                #[arg(long, value_name = "SECONDS", default_value_t = Seconds(ServerConfig::$default),
                      value_parser = seconds)]
                $field: Seconds,
            )*
        }

        impl Timeouts {
            /// Sets the timeouts of `config`.
            fn set(&self, config: &mut ServerConfig) {
                $(config.$field = self.$field.0;)*
            }
        }
    };
}

timeouts! {
    /// Seconds a client may take to send a request's body once its headers are in (408
    /// beyond); decimals allowed.
    request_timeout = DEFAULT_REQUEST_TIMEOUT,
    /// Seconds a job may compute (504 beyond, and the job is stopped); decimals allowed.
    solve_timeout = DEFAULT_SOLVE_TIMEOUT,
    /// Seconds a job may wait for a free slot while --jobs jobs compute (503 beyond).
    queue_timeout = DEFAULT_QUEUE_TIMEOUT,
    /// Seconds a client may take to send a request's headers, on a new connection or
    /// between requests on a kept-alive one (the connection is closed beyond).
    header_timeout = DEFAULT_HEADER_TIMEOUT,
}

/// The server's limits without options: every option's default is the server's own.
fn defaults() -> ServerConfig {
    ServerConfig::default()
}

/// A duration given in seconds, decimals allowed; shown as it is written (`30`, `2.5`).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Seconds(Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.as_secs_f64())
    }
}

/// A positive number of seconds, decimals allowed.
fn seconds(text: &str) -> Result<Seconds, String> {
    let expected = || format!("expected a positive number of seconds, found '{text}'");
    let value: f64 = text.trim().parse().map_err(|_| expected())?;
    if value > 0.0 {
        Duration::try_from_secs_f64(value)
            .map(Seconds)
            .map_err(|_| expected())
    } else {
        Err(expected())
    }
}

/// Runs the server until it is stopped, reading boards of at most `max_cells` cells and
/// graphs of at most `max_vertices` vertices (the global options; the server's defaults
/// when not given).
pub fn run(args: &Args, max_cells: Option<u64>, max_vertices: Option<u64>) -> Result<(), Failure> {
    let config = config(args, max_cells, max_vertices);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Io(format!("cannot start the server runtime: {e}")))?;
    runtime.block_on(serve(args, config))
}

/// The server's configuration from the options, the server's own defaults where none is
/// given.
fn config(args: &Args, max_cells: Option<u64>, max_vertices: Option<u64>) -> ServerConfig {
    let defaults = defaults();
    let mut config = ServerConfig {
        max_body: args.max_body,
        limits: Limits {
            max_cells: max_cells.unwrap_or(defaults.limits.max_cells),
            max_vertices: max_vertices.unwrap_or(defaults.limits.max_vertices),
        },
        jobs: args.jobs.unwrap_or(defaults.jobs),
        jobs_per_client: args.jobs_per_client,
        trust_forwarded: args.trust_forwarded,
        ..defaults
    };
    args.timeouts.set(&mut config);
    config
}

async fn serve(args: &Args, config: ServerConfig) -> Result<(), Failure> {
    let address = SocketAddr::new(args.host, args.port);
    let cannot = |e: io::Error| Failure::Io(format!("cannot listen on {address}: {e}"));
    let socket = if address.is_ipv4() {
        TcpSocket::new_v4()
    } else {
        TcpSocket::new_v6()
    }
    .map_err(cannot)?;
    socket.set_reuseaddr(true).map_err(cannot)?;
    socket.bind(address).map_err(cannot)?;
    let listener = socket.listen(BACKLOG).map_err(cannot)?;
    let bound = listener.local_addr().map_err(cannot)?;
    let url = format!("http://{bound}");
    if let Some(warning) = network_warning(bound) {
        // Nobody may be reading stderr either.
        let _ = writeln!(io::stderr().lock(), "{warning}");
    }
    {
        let mut out = io::stdout().lock();
        // Nobody may be reading stdout; the server runs all the same.
        let _ = writeln!(out, "listening on {url}").and_then(|()| out.flush());
    }
    if args.open {
        open_browser(&url);
    }
    geography_web::serve_with(listener, config, std::future::pending())
        .await
        .map_err(|e| Failure::Io(format!("the server stopped: {e}")))
}

/// The warning for a server listening on `bound`, unless it is a loopback address.
fn network_warning(bound: SocketAddr) -> Option<String> {
    (!bound.ip().is_loopback()).then(|| {
        format!(
            "warning: the playground is reachable from the network on http://{bound}, without \
             authentication: anyone who can reach this address can use it"
        )
    })
}

/// Asks the desktop to open `url`; any failure is ignored (there may be no desktop).
fn open_browser(url: &str) {
    let child = Command::new("xdg-open")
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    if let Ok(mut child) = child {
        // Reap it when it exits, so it leaves no zombie behind.
        std::thread::spawn(move || child.wait());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_addresses_beyond_loopback_are_warned_of() {
        for quiet in ["127.0.0.1:8421", "127.0.0.2:1", "[::1]:8421"] {
            assert_eq!(network_warning(quiet.parse().unwrap()), None, "{quiet}");
        }
        for open in ["0.0.0.0:8421", "[::]:8421", "192.0.2.10:80"] {
            let warning = network_warning(open.parse().unwrap()).unwrap();
            assert!(warning.contains("reachable from the network"), "{warning}");
            assert!(warning.contains("without authentication"), "{warning}");
            assert!(warning.contains(&format!("http://{open}")), "{warning}");
        }
    }

    #[derive(clap::Parser)]
    struct Serve {
        #[command(flatten)]
        args: Args,
    }

    fn parse(options: &[&str]) -> Args {
        let words = std::iter::once("serve").chain(options.iter().copied());
        <Serve as clap::Parser>::try_parse_from(words).unwrap().args
    }

    #[test]
    fn without_options_the_server_has_its_own_defaults() {
        assert_eq!(config(&parse(&[]), None, None), ServerConfig::default());
        let config = config(
            &parse(&["--solve-timeout", "2.5", "--jobs", "3", "--max-body", "10"]),
            Some(100),
            None,
        );
        assert_eq!(config.solve_timeout, Duration::from_millis(2500));
        assert_eq!((config.jobs, config.max_body), (3, 10));
        assert_eq!(config.limits.max_cells, 100);
        assert_eq!(config.limits.max_vertices, defaults().limits.max_vertices);
        assert_eq!(Seconds(Duration::from_secs(30)).to_string(), "30");
        assert_eq!(Seconds(Duration::from_millis(2500)).to_string(), "2.5");
    }

    #[test]
    fn seconds_are_positive_numbers() {
        assert_eq!(seconds("5"), Ok(Seconds(Duration::from_secs(5))));
        assert_eq!(seconds("0.25"), Ok(Seconds(Duration::from_millis(250))));
        for bad in ["0", "-1", "NaN", "inf", "1e300", "five", ""] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }
}
