//! Writes a member of an adversarial family as an edge list (the format `geography solve`
//! reads), for the benches:
//!
//! ```sh
//! cargo run --release -p geography-matching --example family -- butterfly 557056 1 out.edges
//! cargo run --release -p geography-matching --example family -- butterfly 557056 1 out.edges 1000
//! ```
//!
//! Arguments: the family's name (see `Family::name`), the vertices a side, the seed, the
//! output file, and optionally a number of edges to add inside the left side. With the name
//! prefixed by `random-like-`, a random bipartite graph with the same sides and edge count
//! (inner edges included) instead.

use std::process::ExitCode;

use geography_matching::Family;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        eprintln!(
            "usage: family NAME SIZE SEED OUT [INNER]\nnames: {}",
            names.join(" ")
        );
        ExitCode::from(2)
    };
    if !(4..=5).contains(&args.len()) {
        return usage();
    }
    let (like, name) = match args[0].strip_prefix("random-like-") {
        Some(name) => (true, name),
        None => (false, args[0].as_str()),
    };
    let Some(family) = Family::from_name(name) else {
        return usage();
    };
    let (Ok(size), Ok(seed)) = (args[1].parse::<usize>(), args[2].parse::<u64>()) else {
        return usage();
    };
    let inner = match args.get(4).map(|a| a.parse::<usize>()) {
        None => 0,
        Some(Ok(k)) => k,
        Some(Err(_)) => return usage(),
    };
    let mut graph = family.generate(size, seed);
    if inner > 0 {
        graph = graph.with_inner_edges(inner, seed);
    }
    if like {
        graph = graph.random_like(seed);
    }
    if let Err(e) = std::fs::write(&args[3], graph.edge_list()) {
        eprintln!("family: {}: {e}", args[3]);
        return ExitCode::FAILURE;
    }
    eprintln!(
        "{}: {} vertices, {} edges",
        args[0],
        graph.vertices(),
        graph.edges.len()
    );
    ExitCode::SUCCESS
}
