//! `geography serve` end to end: the line it prints once it listens, its limits taken from
//! its options, and options refused with a clear message.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{fails, geography};

/// The server, started with `args`, killed when dropped.
struct Served {
    child: Child,
    url: String,
}

impl Served {
    fn start(args: &[&str]) -> Served {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("geography"))
            .arg("serve")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("first line: {line:?}"))
            .trim_end()
            .to_string();
        Served { child, url }
    }

    /// One request: the whole answer as text.
    fn exchange(&self, request: &str) -> String {
        let address = self.url.strip_prefix("http://").unwrap();
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn serve_prints_where_it_listens_and_takes_its_limits_from_its_options() {
    let served = Served::start(&["--port", "0", "--max-cells", "4", "--max-body", "100"]);
    assert!(
        served.url.starts_with("http://127.0.0.1:"),
        "{}",
        served.url
    );
    let page = served.exchange("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    // Five cells are over --max-cells 4.
    let body = r#"{"board": "1 5\n.....\n"}"#;
    let solve = served.exchange(&format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    assert!(solve.starts_with("HTTP/1.1 413"), "{solve}");
    let big = served.exchange(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\nConnection: close\r\n\r\n",
    );
    assert!(big.starts_with("HTTP/1.1 413"), "{big}");
    assert!(big.contains("limit of 100 bytes"), "{big}");
}

#[test]
fn serve_refuses_bad_options_clearly() {
    for (args, words) in [
        (
            &["--host", "localhost"][..],
            "invalid value 'localhost' for '--host <ADDR>'",
        ),
        (
            &["--solve-timeout", "0"],
            "expected a positive number of seconds",
        ),
        (
            &["--request-timeout", "soon"],
            "expected a positive number of seconds",
        ),
        (&["--jobs-per-client", "0"], "0 is not in 1..=4096"),
        (&["--max-body", "0"], "--max-body"),
    ] {
        fails(geography().arg("serve").args(args), 2, words);
    }
}
