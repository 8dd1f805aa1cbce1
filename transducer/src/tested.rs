//! Conjectures tested by running them against the program before the
//! solver's checks: a seeded random walk through the conjecture picks
//! words, and pieces of the inputs where earlier conjectures differed are
//! put together anew, each word run concretely once and compared step by
//! step.

use crate::model::Transducer;
use crate::oracle::{Oracle, OracleError};

/// Words run concretely against each conjecture before the solver's
/// checks: this many per transition, within the two bounds below.
const TESTED_WORDS_PER_TRANSITION: usize = 50;
const TESTED_WORDS_MIN: usize = 500;
const TESTED_WORDS_MAX: usize = 20_000;
/// Their longest: this, or twice as far as the conjecture's furthest
/// state from the initial one and a few symbols beyond, if that is more
/// (SnippetEscape 2010's differences behind two open tags are 10 or 11
/// symbols long).
const TESTED_LENGTH: usize = 8;

/// SplitMix64: a small, well-mixed generator for the tested words.
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A word on which `t` and the program differ, step by step, among
/// words (`TESTED_WORDS_PER_TRANSITION` per transition) of at most
/// `TESTED_LENGTH` symbols, longer for a deep conjecture (see there), that a
/// random walk through `t` picks (at each state a transition, and the
/// lowest, the highest or a random symbol of an interval of its
/// guard), each run concretely once. Such a difference costs
/// milliseconds where the solver's checks of a large conjecture take
/// seconds; finding none proves nothing (the checks still decide).
/// Then as many words made of pieces of `differences` (the inputs where
/// earlier conjectures differed: a tag opened in one and closed in
/// another, as SnippetEscape 2010's are, which a walk through a large
/// conjecture almost never picks). The walk and the pieces are seeded by
/// `round`, so learning is repeatable.
pub(crate) fn tested_difference(
    oracle: &mut Oracle,
    t: &Transducer,
    round: usize,
    differences: &[Vec<u32>],
) -> Result<Option<Vec<u32>>, OracleError> {
    let mut rng = SplitMix(0x5eed_0000 + round as u64);
    let words =
        (TESTED_WORDS_PER_TRANSITION * t.transitions()).clamp(TESTED_WORDS_MIN, TESTED_WORDS_MAX);
    let longest = TESTED_LENGTH.max(2 * depth(t) + 4);
    let spliced = if differences.is_empty() { 0 } else { words };
    for i in 0..words + spliced {
        let word = if i < words {
            random_word(&mut rng, t, longest)
        } else {
            spliced_word(&mut rng, differences, longest)
        };
        match differs_on(oracle, t, &word)? {
            Some(true) => return Ok(Some(word)),
            Some(false) => {}
            None => return Ok(None),
        }
    }
    Ok(None)
}

/// A word of 1 to `longest` symbols that a random walk through `t` picks:
/// at each state a transition, and the lowest, the highest or a random
/// symbol of an interval of its guard (shorter where a state has no way
/// on).
fn random_word(rng: &mut SplitMix, t: &Transducer, longest: usize) -> Vec<u32> {
    let len = 1 + rng.below(longest as u64) as usize;
    let mut word = Vec::with_capacity(len);
    let mut state = 0;
    for _ in 0..len {
        let transitions = &t.states[state].transitions;
        if transitions.is_empty() {
            break;
        }
        let tr = &transitions[rng.below(transitions.len() as u64) as usize];
        let intervals = tr.guard.intervals();
        if intervals.is_empty() {
            break;
        }
        let (lo, hi) = intervals[rng.below(intervals.len() as u64) as usize];
        let x = match rng.below(3) {
            0 => lo,
            1 => hi,
            _ => lo + rng.below(u64::from(hi - lo) + 1) as u32,
        };
        word.push(x);
        state = tr.target;
    }
    word
}

/// A word of 1 to 4 pieces of `differences` (each a piece of one of them,
/// at most `longest` symbols in all).
fn spliced_word(rng: &mut SplitMix, differences: &[Vec<u32>], longest: usize) -> Vec<u32> {
    let mut word = Vec::new();
    for _ in 0..1 + rng.below(4) {
        let from = &differences[rng.below(differences.len() as u64) as usize];
        if from.is_empty() {
            continue;
        }
        let start = rng.below(from.len() as u64) as usize;
        let len = 1 + rng.below((from.len() - start) as u64) as usize;
        word.extend_from_slice(&from[start..start + len]);
    }
    word.truncate(longest);
    word
}

/// Words that walk through `t` as the tested words do (the same lengths,
/// seeded, so repeatable): inputs on which a proof may watch the program
/// run (see `lore_bmc::kinduction::Samples`).
pub(crate) fn sample_words(t: &Transducer, count: usize) -> Vec<Vec<u32>> {
    let mut rng = SplitMix(0x5a3d_1e00);
    let longest = TESTED_LENGTH.max(2 * depth(t) + 4);
    (0..count)
        .map(|_| random_word(&mut rng, t, longest))
        .collect()
}

/// Words of 1 to `TESTED_LENGTH` symbols of `bits` bits each, drawn
/// uniformly (seeded, so repeatable): inputs on which a proof about the
/// program alone may watch it run.
pub(crate) fn uniform_words(bits: u32, count: usize) -> Vec<Vec<u32>> {
    let mut rng = SplitMix(0x0a1f_ab37);
    let symbols = u64::from(crate::model::max_symbol(bits)) + 1;
    (0..count)
        .map(|_| {
            let len = 1 + rng.below(TESTED_LENGTH as u64) as usize;
            (0..len).map(|_| rng.below(symbols) as u32).collect()
        })
        .collect()
}

/// The most transitions from the initial state to any state, on the
/// shortest ways.
fn depth(t: &Transducer) -> usize {
    let mut distance = vec![usize::MAX; t.states.len()];
    let mut queue = std::collections::VecDeque::from([0]);
    distance[0] = 0;
    while let Some(s) = queue.pop_front() {
        for tr in &t.states[s].transitions {
            if distance[tr.target] == usize::MAX {
                distance[tr.target] = distance[s] + 1;
                queue.push_back(tr.target);
            }
        }
    }
    distance
        .into_iter()
        .filter(|&d| d != usize::MAX)
        .max()
        .unwrap_or(0)
}

/// Do `t` and the program differ on `word`, at some step, run concretely
/// once? `None` where the harness cannot be observed step by step.
pub(crate) fn differs_on(
    oracle: &mut Oracle,
    t: &Transducer,
    word: &[u32],
) -> Result<Option<bool>, OracleError> {
    let Some(steps) = oracle.run_steps(word)? else {
        return Ok(None);
    };
    Ok(Some((0..=word.len()).any(|i| {
        t.step_output(&word[..i], word.get(i).copied()).as_ref() != Some(&steps[i])
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Guard, State, Transition};

    #[test]
    fn depth_is_the_furthest_state_on_shortest_ways() {
        // A chain 0 -0-> 1 -0-> 2, the other symbols back to 0, and a
        // state 3 that cannot be reached: depth 2. With 0 -1-> 2 added,
        // the shortest way to 2 is one step: depth 1.
        let to = |lo, hi, target| Transition {
            guard: Guard::interval(lo, hi),
            output: Vec::new(),
            target,
        };
        let state = |transitions| State {
            transitions,
            final_output: Vec::new(),
        };
        let chain = Transducer {
            bits: 2,
            states: vec![
                state(vec![to(0, 0, 1), to(1, 3, 0)]),
                state(vec![to(0, 0, 2), to(1, 3, 0)]),
                state(vec![to(0, 3, 0)]),
                state(vec![to(0, 3, 2)]),
            ],
        };
        assert_eq!(depth(&chain), 2);
        let mut shortcut = chain.clone();
        shortcut.states[0].transitions = vec![to(0, 0, 1), to(1, 1, 2), to(2, 3, 0)];
        assert_eq!(depth(&shortcut), 1);
    }
}
