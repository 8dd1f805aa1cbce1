//! Random DFAs for tests: SplitMix64, as the learning benchmark's generator.
#![allow(dead_code)]

use lore_learner::dfa::{Alphabet, Dfa, Letter, State, Word};
use std::sync::Arc;

pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

pub fn alphabet(k: usize) -> Arc<Alphabet> {
    Arc::new(Alphabet::new(
        (0..k)
            .map(|i| ((b'a' + i as u8) as char).to_string())
            .collect(),
    ))
}

/// A random complete DFA (not necessarily minimal).
pub fn random_dfa(rng: &mut SplitMix, n: usize, k: usize) -> Dfa {
    let mut d = Dfa::new(alphabet(k), n, State::new(0));
    for s in State::all(n) {
        for a in Letter::all(k) {
            d.set_next(s, a, State::new(rng.below(n as u64) as usize));
        }
    }
    for s in State::all(n) {
        d.set_accepting(s, rng.next() >> 63 == 1);
    }
    d
}

/// Every word over `k` letters of length at most `max_len`, shortlex order.
pub fn all_words(k: usize, max_len: usize) -> Vec<Word> {
    let mut out = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for w in &frontier {
            for a in Letter::all(k) {
                let mut v: Word = w.clone();
                v.push(a);
                next.push(v);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// A random DFA with 1 to `max_states` states.
pub fn random_upto(rng: &mut SplitMix, max_states: u64, k: usize) -> Dfa {
    let n = 1 + rng.below(max_states) as usize;
    random_dfa(rng, n, k)
}
