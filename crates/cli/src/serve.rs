//! `geography serve [--port N] [--open]`: the web playground on 127.0.0.1.

use std::io::{self, Write};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};

use tokio::net::TcpSocket;

use crate::Failure;

/// How many connections may wait to be accepted.
const BACKLOG: u32 = 4096;

/// Serve the web playground: a board editor with live analysis, games against the perfect
/// engine, record analysis and the treasure game, on http://127.0.0.1:PORT.
///
/// The page and its JSON API (described at /api/openapi.json) work offline: every asset is
/// embedded in the binary. The server listens on the loopback interface only and prints
/// `listening on http://127.0.0.1:PORT` once it accepts connections (with --port 0 the port
/// is chosen by the system). Stop it with Ctrl-C.
///
/// Example: geography serve --open
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on; 0 lets the system pick a free one.
    #[arg(long, default_value_t = 8421)]
    port: u16,
    /// Open the page in the default browser (with xdg-open; a failure is ignored).
    #[arg(long)]
    open: bool,
}

/// Runs the server until it is stopped.
pub fn run(args: &Args) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Io(format!("cannot start the server runtime: {e}")))?;
    runtime.block_on(serve(args))
}

async fn serve(args: &Args) -> Result<(), Failure> {
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, args.port));
    let cannot = |e: io::Error| Failure::Io(format!("cannot listen on {address}: {e}"));
    let socket = TcpSocket::new_v4().map_err(cannot)?;
    socket.set_reuseaddr(true).map_err(cannot)?;
    socket.bind(address).map_err(cannot)?;
    let listener = socket.listen(BACKLOG).map_err(cannot)?;
    let bound = listener.local_addr().map_err(cannot)?;
    let url = format!("http://{bound}");
    {
        let mut out = io::stdout().lock();
        // Nobody may be reading stdout; the server runs all the same.
        let _ = writeln!(out, "listening on {url}").and_then(|()| out.flush());
    }
    if args.open {
        open_browser(&url);
    }
    geography_web::serve(listener)
        .await
        .map_err(|e| Failure::Io(format!("the server stopped: {e}")))
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
