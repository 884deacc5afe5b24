//! Benchmarks for the slide game (NOI2011 "Bunny and Egg"): analysing long records with the
//! incremental deletion matching, against the plain method (one fresh augmenting search per
//! position, nothing reused).
//!
//! Boards and records are generated, deterministically:
//! - colours: a chessboard around the start cell (0, 0), which is black, so the empty cell can
//!   walk anywhere;
//! - the record: a serpentine through bands of two rows. In each column of a band the walk
//!   visits both cells, or (one time in four) only the one it entered on, leaving a hole; at
//!   the band's end it steps down into the next band and turns back. Any such walk is legal,
//!   because it never revisits a cell and always alternates colours;
//! - then one cell in eight off the walk is recoloured at random, so the unvisited part of the
//!   board is no longer a clean grid (blunders and exposed vertices appear).
//!
//! Cases: 400 × 400 with 80 000 moves, 1000 × 1000 with 100 000 moves.
//! - `analyse/…`: the whole analysis of a record (check, first maximum matching, deletions);
//! - `deletions/…`: only the deletions, from a prepared maximum matching (cloned outside the
//!   timing), which is what the two methods differ in;
//! - `judge/full-text`: parse, replay and analyse the official text.
//!
//! The plain method searches most of the unvisited board at most positions (about a minute for
//! the full 400 × 400 record), so criterion times it on the first 5 000 moves of the same
//! record, next to the incremental method on the same prefix: compare per-move costs. Set
//! `SLIDE_BENCH_FULL_PLAIN=1` to time it once on the full record as well (printed). The
//! machine-independent work counts of both methods are printed too.
//!
//! Every timed run checks its answer: the number of Bunny mistakes, or of positions won by the
//! mover; the incremental verdicts are checked against the plain ones on the prefixes (and on
//! the full 400 × 400 record on request), outside the timing.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion};
use geography_contest::{judge_noi2011, Random};
use geography_matching::{DeletionMatching, Graph, Search, UnderDeletion, Work};
use geography_rules::{
    analyse_record_with, bunny_mistakes, Method, Piece, RecordAnalysis, SlideBoard,
};

/// A board, its graph and a legal record on it.
struct Case {
    name: String,
    board: SlideBoard,
    graph: Graph,
    /// The cells the empty cell walks to, as graph vertices.
    walk: Vec<u32>,
}

/// The serpentine walk of the module documentation: `moves + 1` cells from (0, 0).
fn serpentine(rows: usize, cols: usize, moves: usize, rng: &mut Random) -> Vec<u32> {
    let mut walk = Vec::with_capacity(moves + 1);
    let push = |row: usize, col: usize, walk: &mut Vec<u32>| {
        walk.push((row * cols + col) as u32);
    };
    let mut band = 0;
    let mut lower = false; // entering each column on the band's upper row or its lower row
    'bands: while 2 * band + 1 < rows {
        let top = 2 * band;
        let columns: Box<dyn Iterator<Item = usize>> = if band % 2 == 0 {
            Box::new(0..cols)
        } else {
            Box::new((0..cols).rev())
        };
        for (step, col) in columns.enumerate() {
            let entry = top + usize::from(lower);
            push(entry, col, &mut walk);
            let last = step + 1 == cols;
            let both = if last { !lower } else { rng.below(4) != 0 };
            if both {
                push(top + 1 - usize::from(lower), col, &mut walk);
                lower = !lower;
            }
            if walk.len() > moves {
                break 'bands;
            }
        }
        // Now on the lower row at the band's last column: step down into the next band.
        band += 1;
        lower = false;
    }
    assert!(walk.len() > moves, "board too small for {moves} moves");
    walk.truncate(moves + 1);
    walk
}

fn case(rows: usize, cols: usize, moves: usize, seed: u64) -> Case {
    let mut rng = Random::new(seed);
    let walk = serpentine(rows, cols, moves, &mut rng);
    let mut on_walk = vec![false; rows * cols];
    for &v in &walk {
        on_walk[v as usize] = true;
    }
    let cells: Vec<Piece> = (0..rows * cols)
        .map(|v| {
            let white = if !on_walk[v] && rng.below(8) == 0 {
                rng.below(2) == 0
            } else {
                (v / cols + v % cols) % 2 == 1
            };
            match (v == 0, white) {
                (true, _) => Piece::Empty,
                (false, true) => Piece::White,
                (false, false) => Piece::Black,
            }
        })
        .collect();
    let board = SlideBoard::new(rows, cols, cells).expect("valid board");
    let graph = board.graph();
    Case {
        name: format!("{rows}x{cols}-{}k", moves / 1000),
        board,
        graph,
        walk: walk[1..].to_vec(),
    }
}

impl Case {
    fn analyse(&self, moves: usize, method: Method) -> RecordAnalysis {
        analyse_record_with(&self.graph, 0, &self.walk[..moves], method).expect("legal record")
    }

    /// The whole record analysed with the incremental method, timed once; with Bunny's
    /// mistakes and the positions won by the mover, which the timed runs check (printed).
    fn whole(&self) -> (RecordAnalysis, usize, usize) {
        let moves = self.walk.len();
        let analysis = once(
            &format!("{}: whole analysis, incremental", self.name),
            || self.analyse(moves, Method::Incremental),
        );
        let mistakes = bunny_mistakes(&analysis).len();
        let wins = analysis.positions().iter().filter(|v| v.mover_wins).count();
        eprintln!(
            "{}: {moves} moves, {wins} positions won by the mover, {} blunders, {mistakes} by Bunny",
            self.name,
            analysis.blunders().count()
        );
        (analysis, mistakes, wins)
    }

    /// The case's benchmark group: ten samples of 8 s, after a second of warm-up.
    fn group<'a>(&self, criterion: &'a mut Criterion) -> BenchmarkGroup<'a, WallTime> {
        let mut group = criterion.benchmark_group(format!("slide/{}", self.name));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(8));
        group
    }

    /// The record in the official input format.
    fn input_text(&self) -> String {
        let mut text = format!(
            "{} {}\n{}",
            self.board.rows(),
            self.board.cols(),
            self.board
        );
        writeln!(text, "{}", self.walk.len() / 2).expect("writing to a String");
        for &v in &self.walk {
            let (r, c) = self.board.position(v);
            writeln!(text, "{} {}", r + 1, c + 1).expect("writing to a String");
        }
        text
    }
}

fn verdicts(analysis: &RecordAnalysis) -> Vec<bool> {
    analysis.positions().iter().map(|v| v.mover_wins).collect()
}

/// Times `run` once and prints it, for figures outside criterion.
fn once<T>(label: &str, run: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = run();
    eprintln!("{label}: {:.3} s", start.elapsed().as_secs_f64());
    result
}

/// A maximum matching of the whole board, ready for deletions.
fn prepared(case: &Case, search: Search) -> DeletionMatching<'_> {
    DeletionMatching::new(&case.graph, search).expect("bipartite")
}

/// Deletes the start and the first `moves` cells of the walk: how many positions the mover
/// won, and the work done.
fn play_out(mut matching: DeletionMatching<'_>, walk: &[u32]) -> (usize, Work) {
    let wins = std::iter::once(&0)
        .chain(walk)
        .filter(|&&v| matching.delete(v))
        .count();
    (wins, matching.work())
}

fn print_work(case: &Case, label: &str, moves: usize, work: &Work) {
    eprintln!(
        "{}: {label}, {moves} moves: {:.1} adjacency entries per move; {work:?}",
        case.name,
        work.edges_scanned() as f64 / moves as f64
    );
}

const PREFIX: usize = 5_000;

fn bench_400(criterion: &mut Criterion) {
    let case = case(400, 400, 80_000, 2011);
    let moves = case.walk.len();
    let (full, mistakes, wins) = case.whole();
    let blunders = full.blunders().count();
    assert!(mistakes > 0 && blunders > mistakes && wins > moves / 10 && wins < moves * 9 / 10);

    // Both methods agree on the prefix (and the full record, on request).
    let fast_prefix = case.analyse(PREFIX, Method::Incremental);
    let plain_prefix = once(
        &format!("{}: whole analysis, plain, first {PREFIX}", case.name),
        || case.analyse(PREFIX, Method::Plain),
    );
    assert_eq!(verdicts(&fast_prefix), verdicts(&plain_prefix));
    assert_eq!(verdicts(&fast_prefix), verdicts(&full)[..=PREFIX]);
    let prefix_wins = verdicts(&fast_prefix).iter().filter(|&&w| w).count();
    if std::env::var_os("SLIDE_BENCH_FULL_PLAIN").is_some() {
        let plain = once(
            &format!("{}: whole analysis, plain, full record", case.name),
            || case.analyse(moves, Method::Plain),
        );
        assert_eq!(verdicts(&plain), verdicts(&full));
    }
    let (_, work) = play_out(prepared(&case, Search::Incremental), &case.walk);
    print_work(&case, "incremental", moves, &work);
    let (_, work) = play_out(prepared(&case, Search::Plain), &case.walk[..PREFIX]);
    print_work(&case, "plain", PREFIX, &work);

    let mut group = case.group(criterion);
    group.bench_function("analyse/incremental/full", |b| {
        b.iter(|| {
            let analysis = case.analyse(black_box(moves), Method::Incremental);
            assert_eq!(bunny_mistakes(&analysis).len(), mistakes);
        });
    });
    let incremental = prepared(&case, Search::Incremental);
    let plain = prepared(&case, Search::Plain);
    group.bench_function("deletions/incremental/full", |b| {
        b.iter_batched(
            || incremental.clone(),
            |m| assert_eq!(play_out(m, black_box(&case.walk)).0, wins),
            BatchSize::LargeInput,
        );
    });
    group.bench_function(format!("deletions/incremental/first-{PREFIX}"), |b| {
        b.iter_batched(
            || incremental.clone(),
            |m| assert_eq!(play_out(m, black_box(&case.walk[..PREFIX])).0, prefix_wins),
            BatchSize::LargeInput,
        );
    });
    group.bench_function(format!("deletions/plain/first-{PREFIX}"), |b| {
        b.iter_batched(
            || plain.clone(),
            |m| assert_eq!(play_out(m, black_box(&case.walk[..PREFIX])).0, prefix_wins),
            BatchSize::LargeInput,
        );
    });
    let text = case.input_text();
    let expected = judge_noi2011(text.as_bytes()).expect("valid input");
    assert!(expected.starts_with(&format!("{mistakes}\n")));
    group.bench_function("judge/full-text", |b| {
        b.iter(|| assert_eq!(judge_noi2011(black_box(text.as_bytes())).unwrap(), expected));
    });
    group.finish();
}

fn bench_1000(criterion: &mut Criterion) {
    const PLAIN_PREFIX: usize = 1_000;
    let case = case(1000, 1000, 100_000, 4101);
    let moves = case.walk.len();
    let (full, mistakes, wins) = case.whole();
    assert!(mistakes > 0);
    let incremental = once(&format!("{}: first maximum matching", case.name), || {
        prepared(&case, Search::Incremental)
    });
    let plain = prepared(&case, Search::Plain);
    let (_, work) = play_out(incremental.clone(), &case.walk);
    print_work(&case, "incremental", moves, &work);
    let (plain_wins, work) = once(
        &format!("{}: deletions, plain, first {PLAIN_PREFIX}", case.name),
        || play_out(plain.clone(), &case.walk[..PLAIN_PREFIX]),
    );
    print_work(&case, "plain", PLAIN_PREFIX, &work);
    let fast_prefix = play_out(incremental.clone(), &case.walk[..PLAIN_PREFIX]).0;
    assert_eq!(plain_wins, fast_prefix);
    assert_eq!(
        plain_wins,
        verdicts(&full)[..=PLAIN_PREFIX]
            .iter()
            .filter(|&&w| w)
            .count()
    );

    let mut group = case.group(criterion);
    group.bench_function("deletions/incremental/full", |b| {
        b.iter_batched(
            || incremental.clone(),
            |m| assert_eq!(play_out(m, black_box(&case.walk)).0, wins),
            BatchSize::LargeInput,
        );
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    bench_400(&mut criterion);
    bench_1000(&mut criterion);
    criterion.final_summary();
}
