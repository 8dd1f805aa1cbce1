//! L# (Vaandrager, Garhewal, Rot and Wißmann, TACAS 2022) for DFAs.
//!
//! The learner keeps an observation tree of every answered word. Two tree
//! nodes are *apart* when some common extension has different known answers;
//! the *basis* is a set of pairwise apart nodes (the hypothesis's states) and
//! the *frontier* their one-letter children. The rules, in priority order:
//! promote a frontier node apart from the whole basis; extend a basis node by
//! a letter; separate a frontier node compatible with two basis nodes;
//! otherwise build a hypothesis and test it (against the tree first, then the
//! teacher). Counterexamples are processed by binary search.
//!
//! Answers may be "unknown" (a bounded teacher): apartness uses known
//! answers only. If unknown answers leave a counterexample without a split
//! point, L# is stalled: with at most [`EXACT_SEARCH_LIMIT`] known answers
//! it finishes with the exact SAT search of [`crate::consistent`]; with more
//! it reads every unknown answer in the tree as "no" and goes on.
//!
//! What the result is known to be follows ([`crate::Exactness`]): when the
//! teacher finds no counterexample and no unknown answer was read as "no",
//! the basis states are pairwise apart on known answers, so the hypothesis
//! is a smallest DFA consistent with every known answer (`Exact`; so is the
//! SAT search's result). After reading unknown answers as "no", it is
//! consistent with every known answer but may not be smallest
//! (`UnknownsReadAsNo`). Stopped by `max_rounds`, it is an unchecked
//! hypothesis (`RoundLimit`).
//!
//! Queries use the prefix-vector model: a query answers every prefix of its
//! word. New frontier nodes are queried together with a sequence chosen to
//! split the basis (AALpy's "SepSeq" extension rule), and separation queries
//! use the witness that splits a node's candidates most evenly.

mod tree;

use crate::dfa::{Dfa, Letter, State, Word};
use crate::teacher::{Answer, Oracle, Teacher};
use crate::{Exactness, Learned, Round};
use tree::{Ads, OutputsKey, Tree};

/// A node of the observation tree (the root is 0).
type Node = u32;

/// No child.
const NO_NODE: Node = Node::MAX;

/// Most known answers for the exact SAT search when unknown answers stall
/// L#; beyond it, L# reads the unknown answers as "no" instead.
pub const EXACT_SEARCH_LIMIT: usize = 400;

struct LSharp<'o, 't, T: Teacher + ?Sized> {
    oracle: &'o mut Oracle<'t, T>,
    tree: Tree,
    basis: Vec<Node>,
    /// For each frontier node: the basis nodes it is not apart from.
    candidates: rustc_hash::FxHashMap<Node, Vec<Node>>,
    /// The basis size when candidates were last refreshed.
    known_basis: usize,
}

impl<T: Teacher + ?Sized> LSharp<'_, '_, T> {
    /// Asks the words and records every answer (and prefix answer) in the tree.
    fn query(&mut self, words: &[Word]) {
        self.oracle.ask(words);
        for w in words {
            let end = self.tree.insert(w);
            let mut n = end;
            let mut len = w.len();
            loop {
                if self.tree.output[n as usize].is_none() {
                    if let Some(a) = self.oracle.cached(&w[..len]).and_then(Answer::known) {
                        self.tree.set_output(n, a);
                    }
                }
                if n == 0 {
                    break;
                }
                n = self.tree.parent[n as usize];
                len -= 1;
            }
        }
    }

    /// Records a word whose answers (for every prefix) are in the cache.
    fn record(&mut self, word: &[Letter]) {
        let mut n = self.tree.insert(word);
        let mut len = word.len();
        loop {
            if self.tree.output[n as usize].is_none() {
                if let Some(a) = self.oracle.cached(&word[..len]).and_then(Answer::known) {
                    self.tree.set_output(n, a);
                }
            }
            if n == 0 {
                break;
            }
            n = self.tree.parent[n as usize];
            len -= 1;
        }
    }

    /// Runs an adaptive distinguishing sequence for the candidates of
    /// frontier node `f` as one adaptive query. `None` if the tree knows no
    /// way to split them.
    fn adaptive_separation(&mut self, f: Node, cands: &[Node]) -> Option<Word> {
        let mut memo = rustc_hash::FxHashMap::default();
        let (score, ads) = self.tree.ads(cands, &mut memo, 0);
        if score <= 0.0 {
            return None;
        }
        let start = self.tree.word(f);
        let mut at = ads;
        let mut first = true;
        let mut choose = |answer: Answer| -> Option<Letter> {
            if !first {
                let next = match (&at, answer) {
                    (Ads::Step { on_yes, .. }, Answer::Yes) => (**on_yes).clone(),
                    (Ads::Step { on_no, .. }, Answer::No) => (**on_no).clone(),
                    _ => Ads::Leaf,
                };
                at = next;
            }
            first = false;
            match &at {
                Ads::Step { letter, .. } => Some(*letter),
                Ads::Leaf => None,
            }
        };
        Some(self.oracle.adaptive(start, &mut choose))
    }

    /// Every known answer in the tree.
    fn known_answers(&self) -> rustc_hash::FxHashMap<Word, bool> {
        (0..self.tree.parent.len() as Node)
            .filter_map(|n| self.tree.output[n as usize].map(|o| (self.tree.word(n), o)))
            .collect()
    }

    fn is_basis(&self, n: Node) -> bool {
        self.basis.contains(&n)
    }

    /// Frontier nodes, in basis order then letter order.
    fn frontier(&self) -> Vec<Node> {
        let mut out = Vec::new();
        for &b in &self.basis {
            for a in Letter::all(self.tree.k) {
                let c = self.tree.child(b, a);
                if c != NO_NODE && !self.is_basis(c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Candidates only shrink as the tree grows (apartness is monotone);
    /// basis nodes added since the last refresh join every list.
    fn refresh_candidates(&mut self) {
        let frontier = self.frontier();
        let mut next = rustc_hash::FxHashMap::default();
        for f in frontier {
            let mut cands: Vec<Node> = match self.candidates.get(&f) {
                Some(old) => old
                    .iter()
                    .chain(&self.basis[self.known_basis.min(self.basis.len())..])
                    .copied()
                    .collect(),
                None => self.basis.clone(),
            };
            cands.retain(|&b| !self.tree.apart(f, b));
            next.insert(f, cands);
        }
        self.candidates = next;
        self.known_basis = self.basis.len();
    }

    /// The word from the candidates' witnesses that splits `cands` best when
    /// asked after node `from`: the fewest candidates left in the worst case.
    fn best_split(&self, cands: &[Node], from: Node) -> Option<Word> {
        let ranked = self.ranked_splits(cands);
        self.first_unasked(&ranked, from)
    }

    /// The candidates' witnesses, best first: ordered by the largest group
    /// of candidates each leaves together, then by length (ties keep the
    /// order of the pairs). How a word splits the candidates does not
    /// depend on where it is asked, so one ranking serves every node.
    fn ranked_splits(&self, cands: &[Node]) -> Vec<(usize, Word)> {
        let mut seen: rustc_hash::FxHashSet<Word> = rustc_hash::FxHashSet::default();
        let mut ranked = Vec::new();
        let mut groups: rustc_hash::FxHashMap<OutputsKey, usize> = rustc_hash::FxHashMap::default();
        for (i, &p) in cands.iter().enumerate() {
            for &q in &cands[i + 1..] {
                let Some(w) = self.tree.witness(p, q) else {
                    continue;
                };
                if !seen.insert(w.clone()) {
                    continue;
                }
                groups.clear();
                for &c in cands {
                    *groups.entry(self.tree.outputs_key(c, &w)).or_default() += 1;
                }
                let worst = groups.values().copied().max().unwrap_or(0);
                ranked.push((worst, w));
            }
        }
        ranked.sort_by_key(|(worst, w)| (*worst, w.len()));
        ranked
    }

    /// The first ranked word with some answer after `from` not asked yet.
    fn first_unasked(&self, ranked: &[(usize, Word)], from: Node) -> Option<Word> {
        let mut full = self.tree.word(from);
        let start = full.len();
        for (_, w) in ranked {
            full.truncate(start);
            full.extend_from_slice(w);
            if (start..=full.len()).all(|i| self.oracle.cached(&full[..i]).is_some()) {
                continue;
            }
            return Some(w.clone());
        }
        None
    }

    fn hypothesis(&self) -> Dfa {
        let alphabet = self.oracle.alphabet();
        let mut dfa = Dfa::new(alphabet, self.basis.len(), State::new(0));
        for (i, &b) in State::all(self.basis.len()).zip(&self.basis) {
            dfa.set_accepting(i, self.tree.output[b as usize].unwrap_or(false));
            for a in Letter::all(self.tree.k) {
                let c = self.tree.child(b, a);
                let target = match self.basis.iter().position(|&x| x == c) {
                    Some(j) => j,
                    None => {
                        let cand = self.candidates[&c][0];
                        self.basis
                            .iter()
                            .position(|&x| x == cand)
                            .expect("candidate in basis")
                    }
                };
                dfa.set_next(i, a, State::new(target));
            }
        }
        dfa
    }

    /// A tree word whose known answer the hypothesis gets wrong.
    fn conflict_with_tree(&self, h: &Dfa) -> Option<Word> {
        let mut stack = vec![(0 as Node, h.initial())];
        let mut found: Option<Node> = None;
        while let Some((n, s)) = stack.pop() {
            if let Some(o) = self.tree.output[n as usize] {
                if o != h.is_accepting(s)
                    && found.is_none_or(|f| self.tree.word(n).len() < self.tree.word(f).len())
                {
                    found = Some(n);
                }
            }
            for a in Letter::all(self.tree.k) {
                let c = self.tree.child(n, a);
                if c != NO_NODE {
                    stack.push((c, h.next(s, a)));
                }
            }
        }
        found.map(|n| self.tree.word(n))
    }

    fn access(&self, h: &Dfa, w: &[Letter]) -> Word {
        self.tree.word(self.basis[h.run(w).index()])
    }

    /// Counterexample processing: `sigma`'s node is apart from the basis
    /// node the hypothesis reaches with it.
    fn process_counterexample(&mut self, h: &Dfa, sigma: Word) {
        let mut sigma = sigma;
        loop {
            let Some(r) = self.tree.node(&sigma) else {
                return;
            };
            if self.is_basis(r) || self.frontier().contains(&r) {
                return;
            }
            let q = self.basis[h.run(&sigma).index()];
            let Some(eta) = self.tree.witness(r, q) else {
                return;
            };
            // The first prefix of sigma that leaves the basis is in the frontier.
            let mut rho_len = 0;
            while rho_len < sigma.len()
                && self
                    .tree
                    .node(&sigma[..rho_len])
                    .is_some_and(|n| self.is_basis(n))
            {
                rho_len += 1;
            }
            let h_len = (rho_len + sigma.len()) / 2;
            let (sigma1, sigma2) = sigma.split_at(h_len);
            let access1 = self.access(h, sigma1);
            let mut probe = access1.clone();
            probe.extend_from_slice(sigma2);
            let probe_prefix_len = probe.len();
            probe.extend_from_slice(&eta);
            self.query(std::slice::from_ref(&probe));
            let mut full = sigma.clone();
            full.extend_from_slice(&eta);
            let ours = self.oracle.cached(&full).and_then(Answer::known);
            let theirs = self.oracle.cached(&probe).and_then(Answer::known);
            if ours.is_some() && theirs.is_some() && ours != theirs {
                // sigma1 is apart from the state it reaches.
                sigma = sigma1.to_vec();
            } else {
                sigma = probe[..probe_prefix_len].to_vec();
            }
        }
    }
}

/// Learns with L#.
pub fn learn<T: Teacher + ?Sized>(
    oracle: &mut Oracle<'_, T>,
    record: bool,
    max_rounds: Option<u64>,
) -> Learned {
    learn_with_limit(oracle, record, max_rounds, EXACT_SEARCH_LIMIT)
}

/// [`learn`] with `exact_search_limit` for [`EXACT_SEARCH_LIMIT`] (so that
/// tests reach both ways out of a stall on small targets).
fn learn_with_limit<T: Teacher + ?Sized>(
    oracle: &mut Oracle<'_, T>,
    record: bool,
    max_rounds: Option<u64>,
    exact_search_limit: usize,
) -> Learned {
    let k = oracle.alphabet().len();
    let mut l = LSharp {
        oracle,
        tree: Tree::new(k),
        basis: vec![0],
        candidates: Default::default(),
        known_basis: 0,
    };
    l.query(&[Vec::new()]);
    let mut rounds = Vec::new();
    let mut last_conflict: Option<(Word, usize, usize, usize)> = None;
    // The known answers when unknown answers were last read as "no".
    let mut read_as_no: Option<usize> = None;
    loop {
        if l.oracle.give_up() {
            return l.oracle.abandoned(rounds);
        }
        l.refresh_candidates();
        // Promotion.
        if let Some(&f) = l.frontier().iter().find(|f| l.candidates[f].is_empty()) {
            l.basis.push(f);
            continue;
        }
        // Extension, with a splitting sequence appended to each new child.
        let mut new_words = Vec::new();
        for &b in &l.basis {
            for a in Letter::all(k) {
                if l.tree.child(b, a) == NO_NODE {
                    let mut w = l.tree.word(b);
                    w.push(a);
                    new_words.push(w);
                }
            }
        }
        if !new_words.is_empty() {
            // The split is judged on the basis alone (the child is new).
            let ranked = l.ranked_splits(&l.basis);
            let mut queries = Vec::with_capacity(new_words.len());
            for w in new_words {
                let parent = l.tree.node(&w[..w.len() - 1]).expect("basis node");
                let suffix = l.first_unasked(&ranked, parent).unwrap_or_default();
                let mut q = w;
                q.extend(suffix);
                queries.push(q);
            }
            l.query(&queries);
            continue;
        }
        // Separation.
        let frontier = l.frontier();
        let ambiguous: Vec<Node> = frontier
            .iter()
            .copied()
            .filter(|f| l.candidates[f].len() > 1)
            .collect();
        if !ambiguous.is_empty() {
            let before: usize = l.candidates.values().map(Vec::len).sum();
            let mut queries = Vec::new();
            let mut adaptive_done = false;
            for f in ambiguous {
                if l.oracle.give_up() {
                    break;
                }
                let cands = l.candidates[&f].clone();
                if l.oracle.supports_adaptive() && cands.len() > 2 {
                    if let Some(word) = l.adaptive_separation(f, &cands) {
                        l.record(&word);
                        adaptive_done = true;
                        continue;
                    }
                }
                if let Some(w) = l.best_split(&cands, f) {
                    let mut q = l.tree.word(f);
                    q.extend(w);
                    queries.push(q);
                }
            }
            if !queries.is_empty() {
                l.query(&queries);
            }
            if !queries.is_empty() || adaptive_done {
                l.refresh_candidates();
                let after: usize = l.candidates.values().map(Vec::len).sum();
                if after < before || l.frontier().iter().any(|f| l.candidates[f].is_empty()) {
                    continue;
                }
                // No answer separated anything (unknown answers): fall through.
            }
            {
                // Nothing left to ask (unknown answers): the first candidate wins.
                for f in l.frontier() {
                    let first = l.candidates[&f][0];
                    l.candidates.insert(f, vec![first]);
                }
            }
        }
        // Equivalence.
        let h = l.hypothesis();
        if let Some(w) = l.conflict_with_tree(&h) {
            let measure = (
                w.clone(),
                l.basis.len(),
                l.candidates.values().map(Vec::len).sum::<usize>(),
                l.tree.parent.len(),
            );
            if last_conflict.as_ref() == Some(&measure) {
                // Unknown answers leave the counterexample without a split
                // point. With few known answers, finish exactly with the SAT
                // search; with many (where that search can take very long),
                // read the unknown answers in the tree as "no" and go on:
                // the result is still consistent with every known answer,
                // but no longer guaranteed smallest.
                let known = l.known_answers();
                if known.len() <= exact_search_limit {
                    let min_states = l.basis.len();
                    let mut learned = crate::consistent::learn_from(
                        l.oracle, known, min_states, rounds, max_rounds,
                    );
                    // Not reached: answers read as "no" count as known,
                    // so there are more than the limit from then on.
                    if let (Some(known_answers), Exactness::Exact) = (read_as_no, learned.exactness)
                    {
                        learned.exactness = Exactness::UnknownsReadAsNo { known_answers };
                    }
                    return learned;
                }
                read_as_no = Some(known.len());
                l.tree.read_unknown_as_no();
                l.refresh_candidates();
                last_conflict = None;
                continue;
            }
            last_conflict = Some(measure);
            l.process_counterexample(&h, w);
            continue;
        }
        l.oracle.stats.rounds += 1;
        let at_limit = max_rounds.is_some_and(|m| l.oracle.stats.rounds >= m);
        let cex = if at_limit {
            None
        } else {
            l.oracle.equivalence(&h)
        };
        rounds.push(Round {
            hypothesis: h.clone(),
            counterexample: cex.clone(),
            table: record.then(|| describe(&l)),
        });
        match cex {
            None => {
                let exactness = match (at_limit, read_as_no) {
                    (true, _) => Exactness::RoundLimit,
                    (false, Some(known_answers)) => Exactness::UnknownsReadAsNo { known_answers },
                    (false, None) => Exactness::Exact,
                };
                return l.oracle.learned(h, rounds, exactness);
            }
            Some(w) => {
                l.query(std::slice::from_ref(&w));
                // The shortest prefix the hypothesis already gets wrong.
                let first_wrong = (0..=w.len())
                    .find(|&i| {
                        l.oracle
                            .cached(&w[..i])
                            .and_then(Answer::known)
                            .is_some_and(|a| a != h.accepts(&w[..i]))
                    })
                    .unwrap_or(w.len());
                l.process_counterexample(&h, w[..first_wrong].to_vec());
            }
        }
    }
}

/// The basis and frontier, for teaching.
fn describe<T: Teacher + ?Sized>(l: &LSharp<'_, '_, T>) -> String {
    let alphabet = l.oracle.alphabet();
    let mut out = String::from("basis:");
    for &b in &l.basis {
        out.push_str(&format!(" [{}]", alphabet.show(&l.tree.word(b))));
    }
    out.push_str("\nfrontier:\n");
    for f in l.frontier() {
        let cands: Vec<String> = l.candidates.get(&f).map_or(vec![], |c| {
            c.iter().map(|&b| alphabet.show(&l.tree.word(b))).collect()
        });
        out.push_str(&format!(
            "  [{}] ~ {}\n",
            alphabet.show(&l.tree.word(f)),
            cands.join(", ")
        ));
    }
    out.push_str(&format!("tree: {} nodes\n", l.tree.parent.len()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(letters: &[u16]) -> Word {
        letters.iter().map(|&l| Letter::from(l)).collect()
    }

    /// Apartness found "no" is cached until an answer lands below either
    /// node, including answers filled in for unknown ones.
    #[test]
    fn cached_apartness_follows_new_answers() {
        let mut t = Tree::new(2);
        let p = t.insert(&w(&[0]));
        let q = t.insert(&w(&[1]));
        t.set_output(p, true);
        t.set_output(q, true);
        let pa = t.insert(&w(&[0, 0]));
        let qa = t.insert(&w(&[1, 0]));
        assert!(!t.apart(p, q));
        assert!(t.witness(p, q).is_none());
        t.set_output(pa, true);
        assert!(!t.apart(p, q), "one side answered: still not apart");
        t.read_unknown_as_no();
        assert_eq!(t.output[qa as usize], Some(false));
        assert!(t.apart(p, q), "the filled-in answer makes them apart");
        assert_eq!(t.witness(p, q), Some(w(&[0])));
        let r = t.insert(&w(&[0, 1]));
        let s = t.insert(&w(&[1, 1]));
        t.set_output(r, true);
        t.set_output(s, true);
        assert!(!t.apart(r, s));
        let r2 = t.insert(&w(&[0, 1, 1]));
        let s2 = t.insert(&w(&[1, 1, 1]));
        t.set_output(r2, false);
        assert!(!t.apart(r, s));
        t.set_output(s2, true);
        assert!(t.apart(r, s), "an answer below both nodes is seen");
    }
}

#[cfg(test)]
mod stall_tests {
    use super::*;
    use crate::consistent::minimal_consistent_dfa;
    use crate::teacher::{DfaTeacher, QueryModel};
    use crate::text::read_dfa;

    /// A target on which L# with a teacher that knows words up to length 4
    /// is stalled by unknown answers (after 13 known answers).
    fn stalling_target() -> Dfa {
        read_dfa(
            "states 6 alphabet 2 initial 0\naccepting 2 3\n0 a 0\n0 b 1\n1 a 2\n1 b 3\n\
             2 a 4\n2 b 3\n3 a 3\n3 b 2\n4 a 5\n4 b 4\n5 a 5\n5 b 0\n",
        )
        .unwrap()
    }

    /// Every word of length at most `bound`, with the target's answer.
    fn known_words(target: &Dfa, bound: usize) -> Vec<(Word, bool)> {
        let mut words: Vec<Word> = vec![Vec::new()];
        let mut layer = words.clone();
        for _ in 0..bound {
            layer = layer
                .iter()
                .flat_map(|w| {
                    target.letters().map(move |a| {
                        let mut v = w.clone();
                        v.push(a);
                        v
                    })
                })
                .collect();
            words.extend(layer.iter().cloned());
        }
        words
            .into_iter()
            .map(|w| {
                let l = target.accepts(&w);
                (w, l)
            })
            .collect()
    }

    fn learn_bounded(limit: usize) -> Learned {
        let mut teacher = DfaTeacher::bounded(stalling_target(), 4);
        let mut oracle = Oracle::new(&mut teacher, QueryModel::PrefixVector);
        learn_with_limit(&mut oracle, false, None, limit)
    }

    /// Stalled with at most the limit's known answers, L# ends with the SAT
    /// search: a smallest consistent automaton. Above the limit (here 0) it
    /// reads unknown answers as "no" and says so; the result is consistent
    /// with every known answer but, here, not smallest.
    #[test]
    fn a_stall_ends_exactly_or_with_unknowns_read_as_no() {
        let known = known_words(&stalling_target(), 4);
        let smallest = minimal_consistent_dfa(stalling_target().alphabet_arc().clone(), &known, 1);

        let exact = learn_bounded(EXACT_SEARCH_LIMIT);
        assert_eq!(exact.exactness, Exactness::Exact);
        assert_eq!(exact.dfa.num_states(), smallest.num_states());

        let read = learn_bounded(0);
        assert_eq!(
            read.exactness,
            Exactness::UnknownsReadAsNo { known_answers: 13 }
        );
        for (w, l) in &known {
            assert_eq!(read.dfa.accepts(w), *l, "word {w:?}");
        }
        assert!(read.dfa.minimize().num_states() > smallest.num_states());
    }
}
