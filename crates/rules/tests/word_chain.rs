//! Word chains against plain game-tree search over the words themselves (memoised on the
//! words said and the last word, no graph, no theory): random lists on a small alphabet with
//! repeated words, repeated key pairs, loops, opposite pairs and dead ends, under both rules
//! and every pruning switch; every position of random games through `Rules`.

use std::collections::HashMap;

use geography_matching::Random;
use geography_rules::{
    ChainRule, Outcome, Pruning, SearchBound, WordChain, WordChainError, WordChainGame,
};

use crate::directed_edge::SWITCHES;
use crate::rules::{assert_refusals, check_game};

/// Whether the player to move wins after `last` was said, `used` (a bit mask) said so far.
fn brute(
    words: &[Vec<char>],
    k: usize,
    last: usize,
    used: u32,
    memo: &mut HashMap<(usize, u32), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(last, used)) {
        return w;
    }
    let end = &words[last][words[last].len() - k..];
    let wins = (0..words.len()).any(|i| {
        used >> i & 1 == 0 && words[i][..k] == *end && !brute(words, k, i, used | 1 << i, memo)
    });
    memo.insert((last, used), wins);
    wins
}

fn random_words(random: &mut Random) -> Vec<String> {
    let count = 1 + random.below(11);
    (0..count)
        .map(|_| {
            let len = 1 + random.below(4);
            (0..len)
                .map(|_| ['a', 'b', 'c', 'é'][random.below(4)])
                .collect()
        })
        .collect()
}

fn check(list: &[String], rule: ChainRule, label: &dyn std::fmt::Debug) {
    let k = rule.key_length();
    let mut playable: Vec<String> = Vec::new();
    for w in list {
        if w.chars().count() >= k && !playable.contains(w) {
            playable.push(w.clone());
        }
    }
    for pruning in SWITCHES {
        let chain = WordChain::new(list, rule, SearchBound::default(), pruning);
        if playable.is_empty() {
            assert_eq!(chain.unwrap_err(), WordChainError::NoWords);
            return;
        }
        let chain = chain.unwrap();
        let played: Vec<&str> = (0..chain.word_count()).map(|i| chain.word(i)).collect();
        assert_eq!(played, playable);
        let words: Vec<Vec<char>> = playable.iter().map(|w| w.chars().collect()).collect();
        let mut memo = HashMap::new();
        let winning: Vec<String> = (0..words.len())
            .filter(|&i| !brute(&words, k, i, 1 << i, &mut memo))
            .map(|i| playable[i].clone())
            .collect();
        assert_eq!(
            chain.winning_first_words(),
            winning,
            "{label:?} {pruning:?}"
        );
        assert!(chain.undecided_first_words().is_empty());
        assert_eq!(chain.first_player_wins(), Some(!winning.is_empty()));
        for (i, w) in playable.iter().enumerate() {
            let end = &words[i][words[i].len() - k..];
            let replies: Vec<String> = (0..words.len())
                .filter(|&j| {
                    j != i
                        && words[j][..k] == *end
                        && !brute(&words, k, j, 1 << i | 1 << j, &mut memo)
                })
                .map(|j| playable[j].clone())
                .collect();
            assert_eq!(
                chain.winning_replies(w).unwrap(),
                replies,
                "{label:?} {pruning:?} after {w}"
            );
        }
        assert_eq!(chain.winning_replies("not a word"), None);
        // The same words given as distinct, as a word list gives them: the same chain.
        let mut distinct: Vec<&String> = Vec::new();
        for w in list {
            if !distinct.contains(&w) {
                distinct.push(w);
            }
        }
        let go_on = || true;
        let of_distinct =
            WordChain::of_distinct_while(distinct, rule, SearchBound::default(), pruning, &go_on)
                .unwrap();
        assert_eq!(of_distinct.too_short(), chain.too_short(), "{label:?}");
        assert_eq!(
            of_distinct.winning_first_words(),
            winning,
            "{label:?} {pruning:?}"
        );
    }
}

#[test]
fn random_word_lists_under_both_rules_and_every_switch() {
    let mut random = Random::new(61);
    for round in 0..400 {
        let list = random_words(&mut random);
        check(&list, ChainRule::Last1, &(round, &list));
        check(&list, ChainRule::Last2, &(round, &list));
    }
}

#[test]
fn built_lists_with_repeated_pairs_loops_and_dead_ends() {
    let lists: [&[&str]; 6] = [
        &["ab", "ab", "ba", "aab", "bba"],
        &["aa", "aba", "aca", "ab"],
        &["ab", "bc", "cd"],
        &["ab", "ba", "ab", "bc", "ca", "cab"],
        &["x"],
        &["", "a"],
    ];
    for list in lists {
        let list: Vec<String> = list.iter().map(|s| (*s).to_string()).collect();
        check(&list, ChainRule::Last1, &list);
        check(&list, ChainRule::Last2, &list);
    }
    let chain = WordChain::new(
        ["a", "ab"],
        ChainRule::Last2,
        SearchBound::default(),
        Pruning::default(),
    )
    .unwrap();
    assert_eq!(chain.too_short(), ["a"]);
    assert_eq!(ChainRule::from_name("last2"), Some(ChainRule::Last2));
    assert_eq!(ChainRule::default().name(), "last1");
}

#[test]
fn a_small_bound_never_guesses() {
    let mut random = Random::new(62);
    for _ in 0..50 {
        let list: Vec<String> = (0..12)
            .map(|_| (0..2).map(|_| ['a', 'b', 'c'][random.below(3)]).collect())
            .collect();
        let exact = WordChain::new(
            &list,
            ChainRule::Last1,
            SearchBound::default(),
            Pruning::default(),
        )
        .unwrap();
        let bounded = WordChain::new(
            &list,
            ChainRule::Last1,
            SearchBound { max_positions: 2 },
            Pruning::default(),
        )
        .unwrap();
        for i in 0..exact.word_count() {
            let o = bounded.first_word_outcome(i);
            assert!(o == Outcome::Undecided || o == exact.first_word_outcome(i));
        }
        if let Some(wins) = bounded.first_player_wins() {
            assert_eq!(Some(wins), exact.first_player_wins());
        }
    }
}

#[test]
fn every_position_of_random_games_agrees_with_the_search() {
    let mut random = Random::new(63);
    for round in 0..300 {
        let list = random_words(&mut random);
        let Ok(chain) = WordChain::new(
            &list,
            ChainRule::Last1,
            SearchBound::default(),
            SWITCHES[round % 5],
        ) else {
            continue;
        };
        check_game(
            &mut WordChainGame::new(&chain),
            &mut random,
            &(round, &list),
        );
    }
}

#[test]
fn illegal_words_are_typed_and_leave_the_position_unchanged() {
    use geography_rules::{IllegalMove, Rules};
    let chain = WordChain::new(
        ["ab", "bc", "ca", "ab"],
        ChainRule::Last1,
        SearchBound::default(),
        Pruning::default(),
    )
    .unwrap();
    let mut game = WordChainGame::new(&chain);
    assert_eq!(game.legal_moves(), [0, 1, 2]);
    assert_refusals(&mut game, &[(3, IllegalMove::NotAWord(3))]);
    game.play(0).unwrap();
    assert_refusals(
        &mut game,
        &[
            (0, IllegalMove::AlreadySaid(0)),
            (2, IllegalMove::DoesNotChain(2)),
        ],
    );
    assert_eq!(game.said(), [0]);
    assert_eq!(game.legal_moves(), [1]);
}

#[test]
fn a_stopped_solve_is_a_partial_answer() {
    let chain = WordChain::new_while(
        ["ab", "bc", "ca"],
        ChainRule::Last1,
        SearchBound::default(),
        Pruning::default(),
        &|| false,
    )
    .unwrap();
    assert_eq!(chain.first_player_wins(), None);
    assert_eq!(chain.undecided_first_words(), ["ab", "bc", "ca"]);
}
