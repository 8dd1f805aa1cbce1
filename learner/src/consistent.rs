//! The smallest DFA consistent with a set of labelled words, found with a SAT
//! solver, and a learning loop around it for teachers that answer "unknown".
//!
//! The encoding colours the nodes of the prefix tree of the sample with `n`
//! states: `x[v][c]` (node `v` is state `c`), `z[c]` (state `c` accepts),
//! `y[c][a][d]` (state `c` goes to `d` on `a`). Labels force acceptance,
//! tree edges force transitions, transitions are functions, and the root is
//! state 0. `n` grows from a lower bound until the formula is satisfiable, so
//! the result is minimal.
//!
//! L# uses this when unknown answers leave it without progress and it holds
//! at most [`crate::lsharp::EXACT_SEARCH_LIMIT`] known answers; see
//! [`crate::Exactness`] for what each algorithm's result is known to be.

use crate::dfa::{Alphabet, Dfa, Letter, State, Word};
use crate::teacher::{Answer, Oracle, Teacher};
use crate::{Exactness, Learned, Round};
use rustc_hash::FxHashMap;
use std::sync::Arc;
use varisat::{CnfFormula, ExtendFormula, Lit, Solver, Var};

/// A node of a sample's prefix tree.
type Node = u32;

/// No child.
const NO_NODE: Node = Node::MAX;

/// The prefix tree of a sample.
struct Sample {
    k: usize,
    children: Vec<Vec<Node>>,
    label: Vec<Option<bool>>,
}

impl Sample {
    fn new(k: usize, words: &[(Word, bool)]) -> Sample {
        let mut s = Sample {
            k,
            children: vec![vec![NO_NODE; k]],
            label: vec![None],
        };
        for (w, l) in words {
            let mut n = 0usize;
            for &a in w {
                let c = s.children[n][a.index()];
                n = if c == NO_NODE {
                    s.children.push(vec![NO_NODE; k]);
                    s.label.push(None);
                    let id = s.children.len() - 1;
                    s.children[n][a.index()] = id as Node;
                    id
                } else {
                    c as usize
                };
            }
            s.label[n] = Some(*l);
        }
        s
    }
}

/// The smallest DFA (at least `min_states` states) that agrees with every
/// labelled word. Always exists: a prefix tree automaton is consistent.
pub fn minimal_consistent_dfa(
    alphabet: Arc<Alphabet>,
    words: &[(Word, bool)],
    min_states: usize,
) -> Dfa {
    let sample = Sample::new(alphabet.len(), words);
    let mut n = min_states.max(1);
    loop {
        if let Some(d) = solve(&alphabet, &sample, n) {
            return d;
        }
        n += 1;
    }
}

fn solve(alphabet: &Arc<Alphabet>, s: &Sample, n: usize) -> Option<Dfa> {
    let k = s.k;
    let nodes = s.label.len();
    let mut f = CnfFormula::new();
    let mut next_var = 0usize;
    let mut fresh = || {
        let v = Var::from_index(next_var);
        next_var += 1;
        v
    };
    let x: Vec<Vec<Var>> = (0..nodes)
        .map(|_| (0..n).map(|_| fresh()).collect())
        .collect();
    let z: Vec<Var> = (0..n).map(|_| fresh()).collect();
    let y: Vec<Vec<Vec<Var>>> = (0..n)
        .map(|_| (0..k).map(|_| (0..n).map(|_| fresh()).collect()).collect())
        .collect();
    f.add_clause(&[Lit::positive(x[0][0])]);
    for v in 0..nodes {
        f.add_clause(
            &x[v]
                .iter()
                .map(|&var| Lit::positive(var))
                .collect::<Vec<_>>(),
        );
        if let Some(l) = s.label[v] {
            for c in 0..n {
                f.add_clause(&[Lit::negative(x[v][c]), Lit::from_var(z[c], l)]);
            }
        }
        for a in 0..k {
            let child = s.children[v][a];
            if child == NO_NODE {
                continue;
            }
            let child = child as usize;
            for c in 0..n {
                for d in 0..n {
                    // x[v][c] ∧ x[child][d] → y[c][a][d], and y[c][a][d] ∧ x[v][c] → x[child][d].
                    f.add_clause(&[
                        Lit::negative(x[v][c]),
                        Lit::negative(x[child][d]),
                        Lit::positive(y[c][a][d]),
                    ]);
                    f.add_clause(&[
                        Lit::negative(x[v][c]),
                        Lit::negative(y[c][a][d]),
                        Lit::positive(x[child][d]),
                    ]);
                }
            }
        }
    }
    for c in 0..n {
        for a in 0..k {
            f.add_clause(
                &y[c][a]
                    .iter()
                    .map(|&var| Lit::positive(var))
                    .collect::<Vec<_>>(),
            );
            for d in 0..n {
                for e in d + 1..n {
                    f.add_clause(&[Lit::negative(y[c][a][d]), Lit::negative(y[c][a][e])]);
                }
            }
        }
    }
    let mut solver = Solver::new();
    solver.add_formula(&f);
    if !solver.solve().ok()? {
        return None;
    }
    let model: rustc_hash::FxHashSet<Lit> = solver.model()?.into_iter().collect();
    let mut d = Dfa::new(alphabet.clone(), n, State::new(0));
    for c in 0..n {
        d.set_accepting(State::new(c), model.contains(&Lit::positive(z[c])));
        for a in 0..k {
            let t = (0..n)
                .find(|&t| model.contains(&Lit::positive(y[c][a][t])))
                .expect("a transition");
            d.set_next(State::new(c), Letter::new(a), State::new(t));
        }
    }
    Some(d)
}

/// Learns the smallest DFA consistent with every answer the teacher knows:
/// hypotheses are minimal for the answers so far, and each counterexample
/// (asked with all its prefixes) adds to them. `known` seeds the sample, and
/// `min_states` must be a lower bound (L#'s basis, pairwise apart), so the
/// result is [`Exactness::Exact`] unless `max_rounds` stops it.
pub(crate) fn learn_from<T: Teacher + ?Sized>(
    oracle: &mut Oracle<'_, T>,
    mut known: FxHashMap<Word, bool>,
    min_states: usize,
    mut rounds: Vec<Round>,
    max_rounds: Option<u64>,
) -> Learned {
    let alphabet = oracle.alphabet();
    let mut n = min_states;
    loop {
        let mut words: Vec<(Word, bool)> = known.iter().map(|(w, &l)| (w.clone(), l)).collect();
        words.sort();
        let h = minimal_consistent_dfa(alphabet.clone(), &words, n);
        n = h.num_states();
        oracle.stats.rounds += 1;
        let at_limit = max_rounds.is_some_and(|m| oracle.stats.rounds >= m);
        let cex = if at_limit {
            None
        } else {
            oracle.equivalence(&h)
        };
        rounds.push(Round {
            hypothesis: h.clone(),
            counterexample: cex.clone(),
            table: None,
        });
        let Some(w) = cex else {
            let exactness = if at_limit {
                Exactness::RoundLimit
            } else {
                Exactness::Exact
            };
            return oracle.learned(h, rounds, exactness);
        };
        for i in 0..=w.len() {
            if let Some(l) = oracle.cached(&w[..i]).and_then(Answer::known) {
                known.insert(w[..i].to_vec(), l);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::read_dfa;

    #[test]
    fn finds_the_smallest_consistent_automaton() {
        // "ends with b" over {a, b}, every word up to length 4 labelled.
        let target =
            read_dfa("states 2 alphabet 2 initial 0\naccepting 1\n0 a 0\n0 b 1\n1 a 0\n1 b 1\n")
                .unwrap();
        let mut words = Vec::new();
        for len in 0..=4u32 {
            for bits in 0..(1u32 << len) {
                let w: Word = (0..len)
                    .map(|i| Letter::new(((bits >> i) & 1) as usize))
                    .collect();
                let l = target.accepts(&w);
                words.push((w, l));
            }
        }
        let d = minimal_consistent_dfa(target.alphabet_arc().clone(), &words, 1);
        assert_eq!(d.num_states(), 2);
        assert!(d.equivalent(&target));
    }

    #[test]
    fn few_labels_give_a_small_automaton() {
        let alphabet = Arc::new(Alphabet::new(vec!["a".into(), "b".into()]));
        // Only two words known: one state cannot do, two can.
        let abb: Word = [0, 1, 1].into_iter().map(Letter::new).collect();
        let d = minimal_consistent_dfa(alphabet, &[(vec![], false), (abb.clone(), true)], 1);
        assert_eq!(d.num_states(), 2);
        assert!(!d.accepts(&[]));
        assert!(d.accepts(&abb));
    }
}
