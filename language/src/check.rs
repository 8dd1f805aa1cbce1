//! An independent check of the paper's Theorem 1, without the learner: the
//! failing words within (b, b_wl) are enumerated by the solver (each found
//! word is blocked under an activation literal, and each is replayed), and
//! an automaton is compared with them both ways.

use crate::letters::letter_of_event;
use crate::{LearnError, Setup};
use lore_bmc::query::{Answer as BmcAnswer, FailingRun};
use lore_learner::dfa::{Alphabet, Dfa, Letter, ProductKind, State, Word};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The language of error within bounds, as the set of its words.
pub struct ErrorLanguage {
    pub alphabet: Arc<Alphabet>,
    /// Event words (without the assertion letter) of failing executions,
    /// each with one replayed run.
    pub words: BTreeMap<Vec<u32>, FailingRun>,
    pub solver_calls: u64,
    pub seconds: f64,
}

/// How an automaton and the language differ within the bounds.
pub struct Comparison {
    /// Failing words the automaton rejects (with the assertion letter).
    pub missing: Vec<Word>,
    /// Accepted words within b_wl that no failing execution produces.
    pub spurious: Vec<Word>,
}

impl Comparison {
    pub fn agrees(&self) -> bool {
        self.missing.is_empty() && self.spurious.is_empty()
    }
}

impl<'p> Setup<'p> {
    /// Every event word of a failing execution within (b, b_wl).
    pub fn enumerate(
        &self,
        unwind: u32,
        max_word_length: u32,
    ) -> Result<ErrorLanguage, LearnError> {
        let start = std::time::Instant::now();
        let mut names = self.events.letters.clone();
        names.push(super::events::ASSERT_LETTER.to_string());
        let mut queries = self.encode(unwind, max_word_length)?;
        let active = queries.activation();
        let mut words = BTreeMap::new();
        loop {
            match queries.find_failing(&[active]) {
                BmcAnswer::Yes(run) => {
                    queries.block(active, &run.word);
                    words.insert(run.word.clone(), *run);
                }
                BmcAnswer::No => break,
                BmcAnswer::Unknown(why) => return Err(LearnError::Solver(why.to_string())),
            }
        }
        Ok(ErrorLanguage {
            alphabet: Arc::new(Alphabet::new(names)),
            words,
            solver_calls: queries.stats().solver_calls,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}

impl ErrorLanguage {
    pub fn assert_letter(&self) -> Letter {
        Letter::new(self.alphabet.len() - 1)
    }

    /// The words with the assertion letter.
    pub fn full_words(&self) -> Vec<Word> {
        self.words
            .keys()
            .map(|w| {
                let mut v: Word = w.iter().map(|&e| letter_of_event(e)).collect();
                v.push(self.assert_letter());
                v
            })
            .collect()
    }

    /// A DFA accepting exactly the failing words.
    pub fn dfa(&self) -> Dfa {
        let k = self.alphabet.len();
        let [initial, sink] = [0, 1].map(State::new);
        let mut d = Dfa::new(self.alphabet.clone(), 2, initial);
        for a in Letter::all(k) {
            d.set_next(initial, a, sink);
            d.set_next(sink, a, sink);
        }
        for w in self.full_words() {
            let mut q = initial;
            for &a in &w {
                if d.next(q, a) == sink {
                    let fresh = d.add_state(false);
                    for b in Letter::all(k) {
                        d.set_next(fresh, b, sink);
                    }
                    d.set_next(q, a, fresh);
                }
                q = d.next(q, a);
            }
            d.set_accepting(q, true);
        }
        d
    }

    /// Compares `automaton` (over the same alphabet) with the language on
    /// every word of length at most `max_word_length`; lists at most `limit`
    /// words each way, shortest first.
    pub fn compare(&self, automaton: &Dfa, max_word_length: usize, limit: usize) -> Comparison {
        let missing = self
            .full_words()
            .into_iter()
            .filter(|w| !automaton.accepts(w))
            .take(limit)
            .collect();
        let spurious = automaton
            .complete()
            .product(&self.dfa(), ProductKind::Difference)
            .accepted_words(max_word_length, limit);
        Comparison { missing, spurious }
    }
}
