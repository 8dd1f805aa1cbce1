//! A smaller assumption by merging states. Once learning has found an
//! assumption A (usually T(M2) itself: the teacher answers membership by
//! M2's traces), any quotient of A — two states merged, and their
//! successors merged wherever the merge would make a letter lead two ways —
//! accepts every word A accepts, so the AG rule's second premise
//! (T(M2) ⊆ T(A)) still holds; only the first, M1 ‖ A ⊨ P, must be checked
//! again. The paper's password assumption is exactly such a quotient (its
//! Example 9: M2's states q1 and q2 merged).
//!
//! Merges are tried greedily, states joined to a successor first (a merge
//! that turns a step into a loop), then any two states; a merge whose check
//! fails or has no answer within its time is not tried again in a coarser
//! form (a coarser quotient has more words, so its check would fail too).

use lore_learner::dfa::{Dfa, State, NONE};
use std::time::Instant;

/// The quotient of `dfa` with `p` and `q` in one state, closed so that it
/// stays deterministic: `class[s]` is the state `s` became.
pub fn merge(dfa: &Dfa, p: State, q: State) -> (Dfa, Vec<usize>) {
    let n = dfa.num_states();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut s: usize) -> usize {
        while parent[s] != s {
            parent[s] = parent[parent[s]];
            s = parent[s];
        }
        s
    }
    // The class's successor on each letter, kept at the class's root.
    let k = dfa.num_letters();
    let mut next: Vec<State> = Vec::with_capacity(n * k);
    for s in dfa.states() {
        next.extend(dfa.letters().map(|a| dfa.next(s, a)));
    }
    let mut pending = vec![(p.index(), q.index())];
    while let Some((a, b)) = pending.pop() {
        let (a, b) = (find(&mut parent, a), find(&mut parent, b));
        if a == b {
            continue;
        }
        let (keep, gone) = (a.min(b), a.max(b));
        parent[gone] = keep;
        for letter in 0..k {
            let from_gone = next[gone * k + letter];
            if from_gone == NONE {
                continue;
            }
            let from_keep = next[keep * k + letter];
            if from_keep == NONE {
                next[keep * k + letter] = from_gone;
            } else {
                pending.push((from_keep.index(), from_gone.index()));
            }
        }
    }
    let roots: Vec<usize> = (0..n).filter(|&s| find(&mut parent, s) == s).collect();
    let mut index = vec![usize::MAX; n];
    for (i, &r) in roots.iter().enumerate() {
        index[r] = i;
    }
    let class: Vec<usize> = (0..n).map(|s| index[find(&mut parent, s)]).collect();
    let mut quotient = Dfa::new(
        dfa.alphabet_arc().clone(),
        roots.len(),
        State::new(class[dfa.initial().index()]),
    );
    for s in dfa.states() {
        let c = State::new(class[s.index()]);
        if dfa.is_accepting(s) {
            quotient.set_accepting(c, true);
        }
    }
    for &r in &roots {
        for a in dfa.letters() {
            let t = next[r * k + a.index()];
            if t != NONE {
                quotient.set_next(State::new(class[r]), a, State::new(class[t.index()]));
            }
        }
    }
    (quotient, class)
}

/// The pairs of states to try merging, successors first, each once.
fn candidates(dfa: &Dfa) -> Vec<(State, State)> {
    let mut pairs = Vec::new();
    for s in dfa.states() {
        for a in dfa.letters() {
            let t = dfa.next(s, a);
            if t != NONE && t != s {
                pairs.push((s.min(t), s.max(t)));
            }
        }
    }
    for s in dfa.states() {
        for t in dfa.states().filter(|&t| t > s) {
            pairs.push((s, t));
        }
    }
    let mut seen = rustc_hash::FxHashSet::default();
    pairs.retain(|pair| seen.insert(*pair));
    pairs
}

/// What shrinking did.
#[derive(Clone, Debug)]
pub struct Shrunk {
    pub assumption: Dfa,
    /// How the last accepted assumption's check was proved (None when no
    /// merge was accepted).
    pub how: Option<String>,
    /// States before, and checks asked.
    pub from: usize,
    pub checks: usize,
}

/// Merges states of `assumption` while `holds` (M1 ‖ A ⊨ P for the merged
/// A: `Some(how)`, else None) accepts the result, asking it until `until`.
pub fn shrink(
    assumption: &Dfa,
    until: Instant,
    holds: &mut dyn FnMut(&Dfa) -> Option<String>,
) -> Shrunk {
    let from = assumption.num_states();
    let mut current = assumption.clone();
    // For each state of `assumption`, the state of `current` it became.
    let mut became: Vec<usize> = (0..from).collect();
    // Pairs of `assumption`'s states whose merge failed.
    let mut failed: Vec<(usize, usize)> = Vec::new();
    let mut how = None;
    let mut checks = 0;
    'search: loop {
        for (p, q) in candidates(&current) {
            let (merged, class) = merge(&current, p, q);
            // A failed merge stays failed in any coarser quotient.
            let coarser = failed
                .iter()
                .any(|&(a, b)| class[became[a]] == class[became[b]]);
            if coarser {
                continue;
            }
            if Instant::now() >= until {
                break 'search;
            }
            checks += 1;
            match holds(&merged) {
                Some(proof) => {
                    for b in became.iter_mut() {
                        *b = class[*b];
                    }
                    current = merged;
                    how = Some(proof);
                    continue 'search;
                }
                None => {
                    let a = became.iter().position(|&b| b == p.index());
                    let b = became.iter().position(|&b| b == q.index());
                    if let (Some(a), Some(b)) = (a, b) {
                        failed.push((a, b));
                    }
                }
            }
        }
        break;
    }
    Shrunk {
        assumption: current,
        how,
        from,
        checks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lore_learner::dfa::{Alphabet, Letter};
    use std::sync::Arc;

    /// a b c as a chain of four states.
    fn chain() -> Dfa {
        let alphabet = Arc::new(Alphabet::new(vec!["a".into(), "b".into(), "c".into()]));
        let mut d = Dfa::new(alphabet, 4, State::new(0));
        for i in 0..3 {
            d.set_next(State::new(i), Letter::new(i), State::new(i + 1));
        }
        d.set_accepting(State::new(3), true);
        d
    }

    #[test]
    fn a_merge_folds_successors_and_keeps_every_word() {
        let d = chain();
        // 1 and 2 merged: b becomes a loop.
        let (m, class) = merge(&d, State::new(1), State::new(2));
        assert_eq!(m.num_states(), 3);
        assert_eq!(class, vec![0, 1, 1, 2]);
        let (a, b, c) = (Letter::new(0), Letter::new(1), Letter::new(2));
        assert!(m.accepts(&[a, b, c]) && m.accepts(&[a, c]) && m.accepts(&[a, b, b, c]));
        assert!(!m.accepts(&[b, c]));
        // 0 and 1 with both having an `a`-successor after a first merge:
        // the successors are merged too.
        let mut e = d.clone();
        e.set_next(State::new(1), Letter::new(0), State::new(3));
        let (m, _) = merge(&e, State::new(0), State::new(1));
        // 0~1, then their a-successors 1 and 3 merge: {0,1,3}, {2}.
        assert_eq!(m.num_states(), 2);
        assert!(m.accepts(&[]) && m.accepts(&[a, b, c]) && m.accepts(&[b, c]));
        assert!(d.is_subset_of(&m));
    }

    #[test]
    fn shrinking_stops_at_what_the_check_allows_and_asks_no_coarser_failed_merge() {
        let d = chain();
        let (a, b, c) = (Letter::new(0), Letter::new(1), Letter::new(2));
        // The check: no word may start with b or c.
        let mut asked = 0;
        let later = Instant::now() + std::time::Duration::from_secs(60);
        let shrunk = shrink(&d, later, &mut |m: &Dfa| {
            asked += 1;
            (!m.accepts(&[b, c]) && !m.accepts(&[c]) && !m.accepts(&[a, b, c, a, b, c]))
                .then(|| "checked".to_string())
        });
        assert!(d.is_subset_of(&shrunk.assumption));
        assert!(shrunk.assumption.num_states() < 4);
        assert!(!shrunk.assumption.accepts(&[b, c]));
        assert_eq!(shrunk.checks, asked);
        // Four states give six pairs; none is asked twice.
        assert!(asked <= 6, "{asked} checks");
        let none = shrink(&d, Instant::now(), &mut |_: &Dfa| Some(String::new()));
        assert_eq!((none.assumption.num_states(), none.checks), (4, 0));
    }
}
