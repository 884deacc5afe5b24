//! Directed vertex geography on an edge list (`n m directed`, then `u v` lines), timed with
//! the retrograde labels on and off, every outcome of the two runs compared.
//!
//! ```sh
//! cargo run --release -p geography-rules --example dvg_scaling -- FILE...
//! ```

use std::time::Instant;

use geography_rules::StartOutcomes;
use geography_rules::{solve_directed_vertex_switched, Digraph, Outcome, SearchBound};

fn read(path: &str) -> Digraph {
    let text = std::fs::read_to_string(path).expect("a readable file");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split_whitespace().collect();
    let n: usize = header[0].parse().expect("a vertex count");
    let arcs = lines.filter_map(|line| {
        let mut words = line.split_whitespace();
        let u = words.next()?.parse().ok()?;
        let v = words.next()?.parse().ok()?;
        Some((u, v))
    });
    Digraph::from_arcs(n, arcs).expect("arcs between the vertices")
}

fn main() {
    for path in std::env::args().skip(1) {
        let g = read(&path);
        let mut runs = Vec::new();
        for retrograde in [true, false] {
            let start = Instant::now();
            let s = solve_directed_vertex_switched(g.clone(), SearchBound::default(), retrograde);
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "{path}: labels {}: {seconds:.3} s, {} win, {} lose, {} undecided",
                if retrograde { "on " } else { "off" },
                s.mover_wins().len(),
                s.mover_loses().len(),
                s.undecided().len()
            );
            runs.push(s.outcomes().to_vec());
        }
        for (v, (a, b)) in runs[0].iter().zip(&runs[1]).enumerate() {
            if *a != Outcome::Undecided && *b != Outcome::Undecided {
                assert_eq!(a, b, "{path}: vertex {v}");
            }
        }
    }
}
