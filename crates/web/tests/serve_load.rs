//! The real server on loopback under hostile and heavy load: half-open connections (headers
//! never finished, bodies that stall) dropped after the configured timeouts while big jobs
//! compute and small requests are still answered; bodies over the limit refused before they
//! are read; idle kept-alive connections closed; jobs per client bounded (by the forwarded
//! address only when trusted); a job past its solve timeout answered 504 and its slot freed, a
//! Slither search past its time answered in part (200) and its slot freed.
//!
//! The timeouts are configured short (1 s) so the tests are quick; the only timed assertions
//! are generous bounds ("answered at all within N seconds"). The figures are printed (run
//! with `--nocapture` to see them).

use std::time::{Duration, Instant};

use geography_web::api::{AppState, Client};
use geography_web::ServerConfig;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinSet;

/// The server on a loopback port, in this process, and its state; stopped when dropped.
struct Server {
    address: String,
    state: AppState,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Server {
    fn start(config: ServerConfig) -> Server {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let listener = socket.listen(4096).unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let state = AppState::with_config(config);
        tokio::spawn(geography_web::serve_with_state(
            listener,
            state.clone(),
            async move {
                let _ = stopped.await;
            },
        ));
        Server {
            address,
            state,
            stop: Some(stop),
        }
    }

    /// Waits until the server counts `count` jobs of `client` (`job`, if given, must not end
    /// before).
    async fn counted(
        &self,
        client: &str,
        count: usize,
        job: Option<&tokio::task::JoinHandle<Answer>>,
    ) {
        let client = Client(Some(client.parse().unwrap()));
        for _ in 0..2000 {
            if self.state.jobs_of(client) >= count {
                return;
            }
            if let Some(job) = job {
                assert!(
                    !job.is_finished(),
                    "the job of {client:?} ended before it was counted"
                );
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        panic!("the jobs of {client:?} were never counted");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// The default configuration with short timeouts, so that the tests are quick.
fn quick() -> ServerConfig {
    ServerConfig {
        header_timeout: Duration::from_secs(1),
        request_timeout: Duration::from_secs(1),
        ..ServerConfig::default()
    }
}

/// An answer: the status, the headers (lowercase names) and the body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body[..self.body.len().min(300)])
            )
        })
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Reads one answer from `stream`: the head, then as many bytes as `Content-Length` says.
async fn read_answer(stream: &mut TcpStream) -> std::io::Result<Answer> {
    let mut data = Vec::new();
    let mut chunk = vec![0u8; 65536];
    let end = loop {
        if let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(std::io::Error::other(
                "closed before the end of the headers",
            ));
        }
        data.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&data[..end]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|line| line.get(9..12))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status in {head:?}")))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = data[end + 4..].to_vec();
    while body.len() < length {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(std::io::Error::other("closed before the end of the body"));
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Ok(Answer {
        status,
        headers,
        body,
    })
}

/// One exchange over a fresh connection, with `headers` added.
async fn exchange(
    address: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(address).await?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(name);
        head.push_str(": ");
        head.push_str(value);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body).await?;
    read_answer(&mut stream).await
}

/// A POST of JSON from the client that `X-Forwarded-For` names (none: the connection's).
async fn post(address: &str, path: &str, forwarded: Option<&str>, body: &Value) -> Answer {
    let headers: Vec<(&str, &str)> = forwarded
        .map(|ip| vec![("X-Forwarded-For", ip)])
        .unwrap_or_default();
    let bytes = serde_json::to_vec(body).unwrap();
    exchange(address, "POST", path, &headers, &bytes)
        .await
        .unwrap_or_else(|e| panic!("POST {path}: {e}"))
}

/// A `size` × `size` board with about a fifth of its cells blocked, as text: a job of about a
/// second in the test build at 1000 × 1000.
fn big_board(size: usize, neighbourhood: &str, seed: u64) -> String {
    let mut state = seed;
    let mut text = format!("{size} {size} {neighbourhood}\n");
    for _ in 0..size {
        for _ in 0..size {
            text.push(if next_random(&mut state) % 5 == 0 {
                '#'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    text
}

const TINY: &str = "3 3\n.##\n...\n#.#\n";

/// A solve of [`TINY`] from `client` (as `X-Forwarded-For` names it).
async fn solve_tiny(address: &str, client: &str) -> Answer {
    post(
        address,
        "/api/solve",
        Some(client),
        &json!({ "board": TINY }),
    )
    .await
}

/// The next number of a seeded sequence (a linear congruential generator): the high bits of
/// the new `state`.
fn next_random(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

/// The answer on `stream`, which must come within 10 s.
async fn answered_at_once(stream: &mut TcpStream) -> Answer {
    tokio::time::timeout(Duration::from_secs(10), read_answer(stream))
        .await
        .expect("answered at once")
        .unwrap()
}

/// How a half-open connection stops short of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Half {
    /// Connects and sends nothing.
    Silent,
    /// Sends part of the headers.
    Headers,
    /// Sends the headers and part of the body.
    Body,
}

/// What the server sent on a half-open connection, and how long after the last byte it
/// closed it.
type Dropped = (Vec<u8>, Duration);

/// Opens a connection that sends half a request, says so on `opened`, then waits for the
/// server to close it; returns what the server sent and how long after the last byte it
/// closed the connection.
async fn half_open(
    address: String,
    kind: Half,
    opened: tokio::sync::mpsc::UnboundedSender<()>,
) -> std::io::Result<Dropped> {
    let mut stream = TcpStream::connect(&address).await?;
    match kind {
        Half::Silent => {}
        Half::Headers => {
            stream
                .write_all(b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Ty")
                .await?;
        }
        Half::Body => {
            stream
                .write_all(
                    b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                      Content-Length: 1000\r\n\r\n{\"board\": \"3 3",
                )
                .await?;
        }
    }
    let sent = Instant::now();
    let _ = opened.send(());
    let mut received = Vec::new();
    // Until the server closes the connection (or resets it).
    let closed = tokio::time::timeout(Duration::from_secs(20), async {
        let mut chunk = [0u8; 4096];
        loop {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&chunk[..n]),
            }
        }
    })
    .await;
    closed.map_err(|_| std::io::Error::other(format!("{kind:?}: still open after 20 s")))?;
    Ok((received, sent.elapsed()))
}

/// The 200 half-open connections of the brief, big jobs computing, and small requests.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_open_connections_are_dropped_and_small_requests_answered_under_load() {
    const HALF_OPEN: usize = 200;
    let server = Server::start(ServerConfig {
        jobs: 3,
        jobs_per_client: 1,
        solve_timeout: Duration::from_secs(120),
        trust_forwarded: true,
        ..quick()
    });
    let address = server.address.clone();

    let mut holders = JoinSet::new();
    let (opened, mut open) = tokio::sync::mpsc::unbounded_channel();
    for i in 0..HALF_OPEN {
        let kind = [Half::Silent, Half::Headers, Half::Body][i % 3];
        let (address, opened) = (address.clone(), opened.clone());
        holders.spawn(async move { (kind, half_open(address, kind, opened).await) });
    }
    for _ in 0..HALF_OPEN {
        tokio::time::timeout(Duration::from_secs(10), open.recv())
            .await
            .expect("every half-open connection was made");
    }
    // Two big jobs, from two clients behind the proxy.
    let mut big = JoinSet::new();
    for (client, seed) in [("198.51.100.1", 1), ("198.51.100.2", 2)] {
        let address = address.clone();
        let body = json!({"board": big_board(1000, "orthogonal", seed), "compact": true});
        big.spawn(async move { post(&address, "/api/solve", Some(client), &body).await });
    }
    // Once the jobs compute, a second job of a client computing one is refused.
    server.counted("198.51.100.1", 1, None).await;
    server.counted("198.51.100.2", 1, None).await;
    let refused = solve_tiny(&address, "198.51.100.1").await;
    assert_eq!(refused.status, 429);
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("too many jobs from this client"),
        "{:?}",
        refused.json()
    );

    // Small requests are answered while all of that is held.
    let started = Instant::now();
    let page = exchange(&address, "GET", "/", &[], b"").await.unwrap();
    let page_latency = started.elapsed();
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("<html"));
    let started = Instant::now();
    let tiny = solve_tiny(&address, "198.51.100.3").await;
    let tiny_latency = started.elapsed();
    assert_eq!(tiny.status, 200, "{:?}", tiny.json());
    assert_eq!(tiny.json()["grid"], json!(["W##", "WWL", "#L#"]));
    assert!(
        page_latency < Duration::from_secs(5) && tiny_latency < Duration::from_secs(5),
        "GET / {page_latency:?}, a tiny solve {tiny_latency:?}"
    );

    let (counts, slowest) = all_dropped(holders).await;
    assert_eq!(counts.iter().sum::<usize>(), HALF_OPEN);

    let started = Instant::now();
    while let Some(answer) = big.join_next().await {
        let answer = answer.unwrap();
        assert_eq!(answer.status, 200, "{:?}", answer.json());
        assert!(answer.body.len() < 1_100_000, "{} bytes", answer.body.len());
        assert_eq!(
            answer.json()["report"]["status"].as_str().unwrap().len(),
            1_000_000
        );
    }
    let big_rest = started.elapsed();
    // Still serving.
    let again = exchange(&address, "GET", "/", &[], b"").await.unwrap();
    assert_eq!(again.status, 200);
    eprintln!(
        "{HALF_OPEN} half-open connections ({} silent, {} half headers, {} stalled bodies) \
         dropped at most {:?}, {:?}, {:?} after their last byte (timeouts 1 s); under that \
         load and two 1000x1000 solves, GET / answered in {page_latency:?}, a tiny solve in \
         {tiny_latency:?}; the big solves ended {big_rest:?} later",
        counts[0], counts[1], counts[2], slowest[0], slowest[1], slowest[2]
    );
}

/// The outcomes of the half-open connections, each checked: closed after its timeout and
/// within a generous bound, a stalled body told why. Returns how many of each kind there
/// were, and the longest each kind took to be dropped.
async fn all_dropped(
    mut holders: JoinSet<(Half, std::io::Result<Dropped>)>,
) -> ([usize; 3], [Duration; 3]) {
    let mut slowest = [Duration::ZERO; 3];
    let mut counts = [0; 3];
    while let Some(joined) = holders.join_next().await {
        let (kind, outcome) = joined.unwrap();
        let (received, after) = outcome.unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        let index = kind as usize;
        counts[index] += 1;
        slowest[index] = slowest[index].max(after);
        let text = String::from_utf8_lossy(&received);
        match kind {
            Half::Body => {
                assert!(text.starts_with("HTTP/1.1 408"), "{text}");
                assert!(text.contains("request timeout of 1 s"), "{text}");
            }
            Half::Silent | Half::Headers => assert!(received.is_empty(), "{text}"),
        }
        // Not before the timeout, and within a generous bound after it.
        assert!(
            after >= Duration::from_millis(900),
            "{kind:?} closed after {after:?}"
        );
        assert!(
            after < Duration::from_secs(10),
            "{kind:?} closed after {after:?}"
        );
    }
    (counts, slowest)
}

/// Regression: a job past its time kept its slot, and a client could stall the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_past_the_solve_timeout_is_504_and_the_next_job_runs() {
    let server = Server::start(ServerConfig {
        jobs: 1,
        solve_timeout: Duration::from_millis(300),
        trust_forwarded: true,
        ..quick()
    });
    let address = server.address.clone();
    let body = json!({"board": big_board(1000, "orthogonal", 3)});
    let started = Instant::now();
    let answer = post(&address, "/api/solve", Some("198.51.100.1"), &body).await;
    let answered = started.elapsed();
    assert_eq!(answer.status, 504, "{:?}", answer.json());
    assert_eq!(
        answer.json()["error"],
        "the job ran past the server's solve timeout of 0.3 s and was stopped"
    );
    // The only job slot comes free when the job stops (at the end of the phase it was in);
    // a job of another client waits for it, then runs.
    let started = Instant::now();
    let next = solve_tiny(&address, "198.51.100.2").await;
    let freed = started.elapsed();
    assert_eq!(next.status, 200, "{:?}", next.json());
    assert!(freed < Duration::from_secs(30), "{freed:?}");
    // And the client of the stopped job may send again.
    let again = solve_tiny(&address, "198.51.100.1").await;
    assert_eq!(again.status, 200, "{:?}", again.json());
    eprintln!(
        "a 1000x1000 solve answered 504 after {answered:?} (solve timeout 0.3 s); the next \
         job ran {freed:?} later"
    );
}

/// A random sparse graph of 2000 vertices and 2400 edges as an edge list: as Slither, a
/// search of minutes (until its bound) that checks its budget before every position.
fn slither_search() -> Value {
    let (n, m) = (2000_u64, 2400);
    let mut state = 11_u64;
    let mut next = move || next_random(&mut state) % n;
    let mut edges = std::collections::BTreeSet::new();
    while edges.len() < m {
        let (u, v) = (next(), next());
        if u != v {
            edges.insert((u.min(v), u.max(v)));
        }
    }
    let mut text = String::new();
    for (u, v) in edges {
        text.push_str(&u.to_string());
        text.push(' ');
        text.push_str(&v.to_string());
        text.push('\n');
    }
    json!({ "graph": format!("{n} {m}\n{text}") })
}

/// Regression: a job that checks its budget often went on computing after its 504. A Slither
/// search past its time now answers the partial report (200, the first edges not yet decided
/// undecided) and frees its slot; one left by its client still stops.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_searching_job_past_its_timeout_or_left_by_its_client_really_stops() {
    // The search ends at 0.9 of the solve timeout, leaving the rest to answer in time.
    let server = Server::start(ServerConfig {
        jobs: 1,
        solve_timeout: Duration::from_secs(2),
        queue_timeout: Duration::from_secs(20),
        trust_forwarded: true,
        ..quick()
    });
    let address = server.address.clone();
    let search = slither_search();
    let started = Instant::now();
    let answer = post(
        &address,
        "/api/slither/solve",
        Some("198.51.100.1"),
        &search,
    )
    .await;
    let partial = answer.json();
    assert_eq!(answer.status, 200, "{partial:?}");
    let report = &partial["report"];
    let undecided = report["undecided_first_moves"].as_array().unwrap();
    let winning = report["winning_first_moves"].as_array().unwrap();
    assert!(
        !undecided.is_empty(),
        "a search of minutes cannot end in 2 s"
    );
    assert!(winning.iter().all(|edge| !undecided.contains(edge)));
    assert_eq!(
        report["first_player_wins"],
        if winning.is_empty() {
            Value::Null
        } else {
            Value::Bool(true)
        }
    );
    // The only slot is free as soon as the search sees its deadline: the next job runs.
    let next = solve_tiny(&address, "198.51.100.2").await;
    assert_eq!(next.status, 200, "{:?}", next.json());
    let timed_out = started.elapsed();
    assert!(timed_out < Duration::from_secs(10), "{timed_out:?}");

    // A client that goes away stops its job too, long before the job's own time is up.
    let server = Server::start(ServerConfig {
        jobs: 1,
        solve_timeout: Duration::from_secs(600),
        queue_timeout: Duration::from_secs(20),
        trust_forwarded: true,
        ..quick()
    });
    let address = server.address.clone();
    let body = serde_json::to_vec(&search).unwrap();
    let mut stream = TcpStream::connect(&address).await.unwrap();
    let head = format!(
        "POST /api/slither/solve HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.3\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&body).await.unwrap();
    server.counted("198.51.100.3", 1, None).await;
    let left = Instant::now();
    drop(stream);
    let client = Client(Some("198.51.100.3".parse().unwrap()));
    while server.state.jobs_of(client) > 0 {
        assert!(
            left.elapsed() < Duration::from_secs(10),
            "the left job still runs"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let stopped = left.elapsed();
    eprintln!(
        "a Slither search of minutes: answered in part ({} winning, {} undecided first edges) \
         and its slot free for the next job after {timed_out:?} (solve timeout 2 s); left by \
         its client, stopped after {stopped:?}",
        winning.len(),
        undecided.len()
    );
}

/// A long job (a 1000 × 1000 knight board with its edge classes, several seconds) sent by
/// `client`; returns once the server counts it for `counted_as`.
async fn start_long_job(
    server: &Server,
    client: &'static str,
    counted_as: &str,
) -> tokio::task::JoinHandle<Answer> {
    let body = json!({"board": big_board(1000, "knight", 4), "edges": true, "compact": true});
    let job = {
        let address = server.address.clone();
        tokio::spawn(async move { post(&address, "/api/solve", Some(client), &body).await })
    };
    server.counted(counted_as, 1, Some(&job)).await;
    job
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_addresses_are_clients_only_when_trusted() {
    for trusted in [false, true] {
        let server = Server::start(ServerConfig {
            jobs: 2,
            jobs_per_client: 1,
            trust_forwarded: trusted,
            ..quick()
        });
        let address = server.address.clone();
        let counted_as = if trusted { "198.51.100.1" } else { "127.0.0.1" };
        let long = start_long_job(&server, "198.51.100.1", counted_as).await;
        let other = solve_tiny(&address, "198.51.100.2").await;
        if trusted {
            // Another client behind the proxy.
            assert_eq!(other.status, 200, "{:?}", other.json());
            assert!(!long.is_finished(), "the long job ended too soon to tell");
        } else {
            // The same connection address, whatever the header says.
            assert_eq!(other.status, 429, "{:?}", other.json());
        }
        long.abort();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_bodies_are_refused_unread_and_idle_connections_closed() {
    let server = Server::start(ServerConfig {
        max_body: 1000,
        ..quick()
    });
    let address = server.address.clone();
    // A Content-Length over the limit is refused before the body is sent.
    let mut stream = TcpStream::connect(&address).await.unwrap();
    stream
        .write_all(
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 5000\r\n\r\n",
        )
        .await
        .unwrap();
    let answer = answered_at_once(&mut stream).await;
    assert_eq!(answer.status, 413);
    assert_eq!(answer.header("connection"), Some("close"));
    assert_eq!(
        answer.json()["error"],
        "the request body is larger than the server's limit of 1000 bytes"
    );
    // So is a chunked body that grows past it.
    let mut stream = TcpStream::connect(&address).await.unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 1500, "x".repeat(1500));
    stream
        .write_all(
            format!(
                "POST /api/solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n{chunk}"
            )
            .as_bytes(),
        )
        .await
        .unwrap();
    let answer = answered_at_once(&mut stream).await;
    assert_eq!(answer.status, 413);

    // A kept-alive connection is served again, then closed once idle past the header
    // timeout.
    let mut stream = TcpStream::connect(&address).await.unwrap();
    for _ in 0..2 {
        stream
            .write_all(b"GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let answer = read_answer(&mut stream).await.unwrap();
        assert_eq!(answer.status, 200);
    }
    let idle = Instant::now();
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut rest))
        .await
        .expect("the idle connection was closed")
        .unwrap();
    assert!(rest.is_empty());
    assert!(idle.elapsed() >= Duration::from_millis(900));
}
