//! The word chain of a list solved twice at the same bound: with the exact rules of
//! directed edge geography on (`Pruning::default()`) and as a plain memoised search
//! (`Pruning::NONE`), each timed; prints one JSON line with the number of first words each
//! decides, one line per mode as soon as it is done (`"mode": "rules"`, then `"plain"`), so
//! the first is kept when the plain search runs out of time or memory. Used by the
//! `geography` group of `bench/compare`.
//!
//! ```sh
//! cargo run --release -p geography-rules --example word_chain_pruning -- WORDS [MAX_POSITIONS]
//! ```
//!
//! Words are trimmed and lower-cased (`str::to_lowercase`); blank lines are skipped. Unlike
//! `geography solve --format words` there is no Unicode normalisation (NFC), which changes
//! nothing on an already composed list such as `/usr/share/dict/words`.

use std::time::Instant;

use geography_rules::{ChainRule, Outcome, Pruning, SearchBound, WordChain};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 2 || args.len() > 3 {
        eprintln!("usage: word_chain_pruning WORDS [MAX_POSITIONS]");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[1]).unwrap_or_else(|e| {
        eprintln!("error: {}: {e}", args[1]);
        std::process::exit(2);
    });
    let bound = SearchBound {
        max_positions: args.get(2).map_or(SearchBound::DEFAULT_MAX_POSITIONS, |s| {
            s.parse().expect("MAX_POSITIONS is a number")
        }),
    };
    let words: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    for (name, pruning) in [("rules", Pruning::default()), ("plain", Pruning::NONE)] {
        let t = Instant::now();
        let chain = WordChain::new(&words, ChainRule::Last1, bound, pruning).unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(2);
        });
        let secs = t.elapsed().as_secs_f64();
        let n = chain.word_count();
        let outcomes: Vec<Outcome> = (0..n).map(|i| chain.first_word_outcome(i)).collect();
        let wins = outcomes.iter().filter(|&&o| o == Outcome::Win).count();
        let undecided = outcomes
            .iter()
            .filter(|&&o| o == Outcome::Undecided)
            .count();
        let first = match chain.first_player_wins() {
            Some(b) => b.to_string(),
            None => "null".to_string(),
        };
        println!(
            "{{\"mode\":\"{name}\",\"max_positions\":{},\"seconds\":{secs:.3},\"words\":{n},\
             \"decided\":{},\"winning\":{wins},\"undecided\":{undecided},\
             \"first_player_wins\":{first}}}",
            bound.max_positions,
            n - undecided
        );
    }
}
