//! Deterministic finite automata over an alphabet of named letters, and the
//! operations the learner and the post-processing need.
//!
//! A [`Dfa`] may be partial: a missing transition goes to an implicit
//! rejecting sink. Every operation treats that sink like any other state, so
//! a partial DFA and its completion have the same language.

use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

/// A letter: an index into an [`Alphabet`].
pub type Letter = u16;
/// A word over an alphabet.
pub type Word = Vec<Letter>;
/// A state of a [`Dfa`].
pub type State = u32;

/// No transition (the implicit rejecting sink).
pub const NONE: State = State::MAX;

/// Letter names, in order. Letter `i` is `names[i]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Alphabet {
    names: Vec<String>,
}

impl Alphabet {
    pub fn new(names: Vec<String>) -> Alphabet {
        Alphabet { names }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn name(&self, letter: Letter) -> &str {
        &self.names[letter as usize]
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn letter(&self, name: &str) -> Option<Letter> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| i as Letter)
    }

    pub fn letters(&self) -> impl Iterator<Item = Letter> {
        (0..self.names.len()).map(|i| i as Letter)
    }

    /// A word as its letter names separated by spaces (`ε` for the empty word).
    pub fn show(&self, word: &[Letter]) -> String {
        if word.is_empty() {
            return "ε".into();
        }
        word.iter()
            .map(|&l| self.name(l))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[derive(Clone, PartialEq, Eq)]
pub struct Dfa {
    alphabet: Arc<Alphabet>,
    initial: State,
    accepting: Vec<bool>,
    /// `delta[s * k + a]`, `NONE` for no transition.
    delta: Vec<State>,
}

impl fmt::Debug for Dfa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::text::write_dfa(self))
    }
}

/// Which words a product automaton accepts, from the acceptance of both sides.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProductKind {
    Intersection,
    Union,
    /// In the first, not in the second.
    Difference,
    SymmetricDifference,
}

impl ProductKind {
    fn accepts(self, a: bool, b: bool) -> bool {
        match self {
            ProductKind::Intersection => a && b,
            ProductKind::Union => a || b,
            ProductKind::Difference => a && !b,
            ProductKind::SymmetricDifference => a != b,
        }
    }
}

impl Dfa {
    /// A DFA with `states` states, no transitions, none accepting.
    pub fn new(alphabet: Arc<Alphabet>, states: usize, initial: State) -> Dfa {
        let k = alphabet.len();
        Dfa {
            alphabet,
            initial,
            accepting: vec![false; states],
            delta: vec![NONE; states * k],
        }
    }

    /// The one-state DFA accepting nothing.
    pub fn empty(alphabet: Arc<Alphabet>) -> Dfa {
        Dfa::new(alphabet, 1, 0)
    }

    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    pub fn alphabet_arc(&self) -> &Arc<Alphabet> {
        &self.alphabet
    }

    pub fn num_states(&self) -> usize {
        self.accepting.len()
    }

    pub fn num_letters(&self) -> usize {
        self.alphabet.len()
    }

    pub fn initial(&self) -> State {
        self.initial
    }

    pub fn set_initial(&mut self, s: State) {
        self.initial = s;
    }

    pub fn is_accepting(&self, s: State) -> bool {
        s != NONE && self.accepting[s as usize]
    }

    pub fn set_accepting(&mut self, s: State, accepting: bool) {
        self.accepting[s as usize] = accepting;
    }

    pub fn next(&self, s: State, a: Letter) -> State {
        if s == NONE {
            return NONE;
        }
        self.delta[s as usize * self.num_letters() + a as usize]
    }

    pub fn set_next(&mut self, s: State, a: Letter, t: State) {
        let k = self.num_letters();
        self.delta[s as usize * k + a as usize] = t;
    }

    pub fn add_state(&mut self, accepting: bool) -> State {
        let s = self.accepting.len() as State;
        self.accepting.push(accepting);
        self.delta
            .extend(std::iter::repeat_n(NONE, self.num_letters()));
        s
    }

    /// The state reached by `word`, `NONE` if it falls into the sink.
    pub fn run(&self, word: &[Letter]) -> State {
        word.iter().fold(self.initial, |s, &a| self.next(s, a))
    }

    pub fn accepts(&self, word: &[Letter]) -> bool {
        self.is_accepting(self.run(word))
    }

    pub fn is_complete(&self) -> bool {
        !self.delta.contains(&NONE)
    }

    /// Number of transitions that exist (not to the implicit sink).
    pub fn num_transitions(&self) -> usize {
        self.delta.iter().filter(|&&t| t != NONE).count()
    }

    /// The same language with every transition explicit (a sink added if needed).
    pub fn complete(&self) -> Dfa {
        if self.is_complete() {
            return self.clone();
        }
        let mut d = self.clone();
        let sink = d.add_state(false);
        for t in d.delta.iter_mut() {
            if *t == NONE {
                *t = sink;
            }
        }
        d
    }

    /// The complement language (over the same alphabet).
    pub fn complement(&self) -> Dfa {
        let mut d = self.complete();
        for a in d.accepting.iter_mut() {
            *a = !*a;
        }
        d
    }

    /// The product automaton, reachable pairs only.
    pub fn product(&self, other: &Dfa, kind: ProductKind) -> Dfa {
        assert_eq!(
            self.alphabet, other.alphabet,
            "product of DFAs over different alphabets"
        );
        let k = self.num_letters();
        let mut index: FxHashMap<(State, State), State> = FxHashMap::default();
        let mut pairs = vec![(self.initial, other.initial)];
        index.insert(pairs[0], 0);
        let mut delta = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let (p, q) = pairs[i];
            for a in 0..k as Letter {
                let next = (self.next(p, a), other.next(q, a));
                let id = *index.entry(next).or_insert_with(|| {
                    pairs.push(next);
                    (pairs.len() - 1) as State
                });
                delta.push(id);
            }
            i += 1;
        }
        let accepting = pairs
            .iter()
            .map(|&(p, q)| kind.accepts(self.is_accepting(p), other.is_accepting(q)))
            .collect();
        Dfa {
            alphabet: self.alphabet.clone(),
            initial: 0,
            accepting,
            delta,
        }
    }

    pub fn intersection(&self, other: &Dfa) -> Dfa {
        self.product(other, ProductKind::Intersection)
    }

    pub fn union(&self, other: &Dfa) -> Dfa {
        self.product(other, ProductKind::Union)
    }

    pub fn difference(&self, other: &Dfa) -> Dfa {
        self.product(other, ProductKind::Difference)
    }

    pub fn symmetric_difference(&self, other: &Dfa) -> Dfa {
        self.product(other, ProductKind::SymmetricDifference)
    }

    /// The shortlex-least word accepted by `self` and `other` combined by
    /// `kind`, found by a breadth-first search with letters in alphabet order.
    pub fn shortest_in_product(&self, other: &Dfa, kind: ProductKind) -> Option<Word> {
        let k = self.num_letters() as Letter;
        let start = (self.initial, other.initial);
        let mut parent: FxHashMap<(State, State), Option<((State, State), Letter)>> =
            FxHashMap::default();
        parent.insert(start, None);
        let mut queue = VecDeque::from([start]);
        while let Some(pair) = queue.pop_front() {
            if kind.accepts(self.is_accepting(pair.0), other.is_accepting(pair.1)) {
                let mut word = Vec::new();
                let mut at = pair;
                while let Some(Some((prev, a))) = parent.get(&at) {
                    word.push(*a);
                    at = *prev;
                }
                word.reverse();
                return Some(word);
            }
            for a in 0..k {
                let next = (self.next(pair.0, a), other.next(pair.1, a));
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(next) {
                    e.insert(Some((pair, a)));
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// `None` if the languages are equal, else the shortlex-least word in
    /// exactly one of them.
    pub fn equivalence_counterexample(&self, other: &Dfa) -> Option<Word> {
        self.shortest_in_product(other, ProductKind::SymmetricDifference)
    }

    pub fn equivalent(&self, other: &Dfa) -> bool {
        self.equivalence_counterexample(other).is_none()
    }

    /// `None` if L(self) ⊆ L(other), else the shortlex-least word in L(self) \ L(other).
    pub fn inclusion_counterexample(&self, other: &Dfa) -> Option<Word> {
        self.shortest_in_product(other, ProductKind::Difference)
    }

    pub fn is_subset_of(&self, other: &Dfa) -> bool {
        self.inclusion_counterexample(other).is_none()
    }

    /// The shortlex-least accepted word.
    pub fn shortest_accepted(&self) -> Option<Word> {
        self.shortest_in_product(self, ProductKind::Intersection)
    }

    pub fn is_empty_language(&self) -> bool {
        self.shortest_accepted().is_none()
    }

    /// Number of accepted words of each length `0..=max_len` (saturating).
    pub fn count_accepted_by_length(&self, max_len: usize) -> Vec<u128> {
        let n = self.num_states();
        let mut ways = vec![0u128; n];
        let mut sink_ways = 0u128;
        if self.initial == NONE {
            sink_ways = 1;
        } else {
            ways[self.initial as usize] = 1;
        }
        let mut out = Vec::with_capacity(max_len + 1);
        for len in 0..=max_len {
            out.push(
                (0..n)
                    .filter(|&s| self.accepting[s])
                    .fold(0u128, |acc, s| acc.saturating_add(ways[s])),
            );
            if len == max_len {
                break;
            }
            let mut next = vec![0u128; n];
            let mut next_sink = sink_ways.saturating_mul(self.num_letters() as u128);
            for (s, &w) in ways.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                for a in 0..self.num_letters() as Letter {
                    match self.next(s as State, a) {
                        NONE => next_sink = next_sink.saturating_add(w),
                        t => next[t as usize] = next[t as usize].saturating_add(w),
                    }
                }
            }
            ways = next;
            sink_ways = next_sink;
        }
        out
    }

    /// Number of accepted words of length at most `max_len` (saturating).
    pub fn count_accepted_up_to(&self, max_len: usize) -> u128 {
        self.count_accepted_by_length(max_len)
            .into_iter()
            .fold(0u128, u128::saturating_add)
    }

    /// States reachable from the initial state.
    pub fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.num_states()];
        if self.initial == NONE {
            return seen;
        }
        let mut stack = vec![self.initial];
        seen[self.initial as usize] = true;
        while let Some(s) = stack.pop() {
            for a in 0..self.num_letters() as Letter {
                let t = self.next(s, a);
                if t != NONE && !seen[t as usize] {
                    seen[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        seen
    }

    /// States from which an accepting state can be reached.
    pub fn co_reachable(&self) -> Vec<bool> {
        let n = self.num_states();
        let mut preds: Vec<Vec<State>> = vec![Vec::new(); n];
        for s in 0..n {
            for a in 0..self.num_letters() as Letter {
                let t = self.next(s as State, a);
                if t != NONE {
                    preds[t as usize].push(s as State);
                }
            }
        }
        let mut seen: Vec<bool> = self.accepting.clone();
        let mut stack: Vec<State> = (0..n as State)
            .filter(|&s| self.accepting[s as usize])
            .collect();
        while let Some(s) = stack.pop() {
            for &p in &preds[s as usize] {
                if !seen[p as usize] {
                    seen[p as usize] = true;
                    stack.push(p);
                }
            }
        }
        seen
    }

    /// Keeps only states `keep` (renumbered in order); transitions to dropped
    /// states go to the implicit sink. The initial state must be kept, unless
    /// nothing is, which gives the empty language.
    pub fn restrict(&self, keep: &[bool]) -> Dfa {
        let mut new_id = vec![NONE; self.num_states()];
        let mut count = 0;
        for (s, &k) in keep.iter().enumerate() {
            if k {
                new_id[s] = count;
                count += 1;
            }
        }
        if self.initial == NONE || new_id[self.initial as usize] == NONE {
            return Dfa::empty(self.alphabet.clone());
        }
        let mut d = Dfa::new(
            self.alphabet.clone(),
            count as usize,
            new_id[self.initial as usize],
        );
        for s in 0..self.num_states() {
            if new_id[s] == NONE {
                continue;
            }
            d.accepting[new_id[s] as usize] = self.accepting[s];
            for a in 0..self.num_letters() as Letter {
                let t = self.next(s as State, a);
                d.set_next(
                    new_id[s],
                    a,
                    if t == NONE { NONE } else { new_id[t as usize] },
                );
            }
        }
        d
    }

    /// Reachable and co-reachable states only (a partial DFA, same language).
    pub fn trim(&self) -> Dfa {
        let r = self.reachable();
        let c = self.co_reachable();
        let keep: Vec<bool> = r.iter().zip(&c).map(|(&a, &b)| a && b).collect();
        self.restrict(&keep)
    }

    /// The same language on words of length at most `max_len`, with every
    /// transition that no such accepted word uses sent to a rejecting sink.
    /// Where the words beyond `max_len` are unknown (a bounded teacher),
    /// this keeps only the transitions the known words need.
    pub fn prune_beyond(&self, max_len: usize) -> Dfa {
        let d = self.complete();
        let n = d.num_states();
        let k = d.num_letters();
        let from_initial = d.distances(|s| s == d.initial, |s, a| d.next(s, a), true);
        let to_accepting = d.distances(|s| d.is_accepting(s), |s, a| d.next(s, a), false);
        let mut out = d.clone();
        let sink = out.add_state(false);
        for a in 0..k as Letter {
            out.set_next(sink, a, sink);
        }
        for s in 0..n as State {
            for a in 0..k as Letter {
                let t = d.next(s, a);
                let (x, y) = (from_initial[s as usize], to_accepting[t as usize]);
                let used = x != usize::MAX && y != usize::MAX && x + 1 + y <= max_len;
                if !used {
                    out.set_next(s, a, sink);
                }
            }
        }
        out
    }

    /// The first `limit` accepted words of length at most `max_len`, in
    /// shortlex order.
    pub fn accepted_words(&self, max_len: usize, limit: usize) -> Vec<Word> {
        let d = self.complete();
        let to_accepting = d.distances(|s| d.is_accepting(s), |s, a| d.next(s, a), false);
        let near = |s: State, len: usize| {
            let x = to_accepting[s as usize];
            x != usize::MAX && len + x <= max_len
        };
        let mut found = Vec::new();
        if !near(d.initial, 0) {
            return found;
        }
        // Every word on a layer extends to an accepted word within the
        // bound, so a layer never needs more than `limit` entries.
        let mut layer: Vec<(State, Word)> = vec![(d.initial, Vec::new())];
        for len in 0..=max_len {
            for (s, w) in &layer {
                if d.is_accepting(*s) {
                    found.push(w.clone());
                    if found.len() == limit {
                        return found;
                    }
                }
            }
            let mut next = Vec::new();
            'outer: for (s, w) in &layer {
                for a in 0..d.num_letters() as Letter {
                    let t = d.next(*s, a);
                    if near(t, len + 1) {
                        let mut v = w.clone();
                        v.push(a);
                        next.push((t, v));
                        if next.len() >= limit {
                            break 'outer;
                        }
                    }
                }
            }
            layer = next;
        }
        found
    }

    /// Shortest distances (in letters) from the states where `start` holds,
    /// along transitions (`forward`) or against them.
    fn distances(
        &self,
        start: impl Fn(State) -> bool,
        next: impl Fn(State, Letter) -> State,
        forward: bool,
    ) -> Vec<usize> {
        let n = self.num_states();
        let mut dist = vec![usize::MAX; n];
        let mut preds: Vec<Vec<State>> = vec![Vec::new(); n];
        for s in 0..n as State {
            for a in 0..self.num_letters() as Letter {
                let t = next(s, a);
                if t != NONE {
                    preds[t as usize].push(s);
                }
            }
        }
        let mut queue = std::collections::VecDeque::new();
        for s in 0..n as State {
            if start(s) {
                dist[s as usize] = 0;
                queue.push_back(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            let step: Vec<State> = if forward {
                (0..self.num_letters() as Letter)
                    .map(|a| next(s, a))
                    .filter(|&t| t != NONE)
                    .collect()
            } else {
                preds[s as usize].clone()
            };
            for t in step {
                if dist[t as usize] == usize::MAX {
                    dist[t as usize] = dist[s as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
        dist
    }

    /// The minimal complete DFA of the language, states numbered in
    /// breadth-first order from the initial state (letters in order), so equal
    /// languages give identical automata.
    pub fn minimize(&self) -> Dfa {
        let d = self.complete();
        let d = d.restrict(&d.reachable());
        let n = d.num_states();
        let k = d.num_letters();
        // Moore's partition refinement.
        let mut class: Vec<u32> = d.accepting.iter().map(|&a| a as u32).collect();
        let mut classes =
            if n > 0 && d.accepting.iter().any(|&a| a) && d.accepting.iter().any(|&a| !a) {
                2
            } else {
                1
            };
        if classes == 1 {
            class.iter_mut().for_each(|c| *c = 0);
        }
        loop {
            let mut signatures: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
            let mut next_class = vec![0u32; n];
            for s in 0..n {
                let mut sig = Vec::with_capacity(k + 1);
                sig.push(class[s]);
                for a in 0..k {
                    sig.push(class[d.delta[s * k + a] as usize]);
                }
                let len = signatures.len() as u32;
                next_class[s] = *signatures.entry(sig).or_insert(len);
            }
            let new_classes = signatures.len();
            class = next_class;
            if new_classes == classes {
                break;
            }
            classes = new_classes;
        }
        // Quotient, numbered in BFS order.
        let mut order: Vec<u32> = vec![u32::MAX; classes];
        let mut reps: Vec<usize> = Vec::new();
        let start = d.initial as usize;
        order[class[start] as usize] = 0;
        reps.push(start);
        let mut i = 0;
        while i < reps.len() {
            let s = reps[i];
            for a in 0..k {
                let t = d.delta[s * k + a] as usize;
                if order[class[t] as usize] == u32::MAX {
                    order[class[t] as usize] = reps.len() as u32;
                    reps.push(t);
                }
            }
            i += 1;
        }
        let mut m = Dfa::new(d.alphabet.clone(), reps.len(), 0);
        for (new, &s) in reps.iter().enumerate() {
            m.accepting[new] = d.accepting[s];
            for a in 0..k {
                let t = d.delta[s * k + a] as usize;
                m.delta[new * k + a] = order[class[t] as usize];
            }
        }
        m
    }

    /// Renumbers reachable states in breadth-first order (letters in order),
    /// keeping partiality. Two DFAs are isomorphic iff their canonical forms are equal.
    pub fn canonical(&self) -> Dfa {
        let keep = self.reachable();
        let d = self.restrict(&keep);
        let k = d.num_letters();
        let mut order = vec![NONE; d.num_states()];
        let mut reps = vec![d.initial];
        order[d.initial as usize] = 0;
        let mut i = 0;
        while i < reps.len() {
            let s = reps[i];
            for a in 0..k as Letter {
                let t = d.next(s, a);
                if t != NONE && order[t as usize] == NONE {
                    order[t as usize] = reps.len() as State;
                    reps.push(t);
                }
            }
            i += 1;
        }
        let mut c = Dfa::new(d.alphabet.clone(), reps.len(), 0);
        for (new, &s) in reps.iter().enumerate() {
            c.accepting[new] = d.accepting[s as usize];
            for a in 0..k as Letter {
                let t = d.next(s, a);
                c.set_next(
                    new as State,
                    a,
                    if t == NONE { NONE } else { order[t as usize] },
                );
            }
        }
        c
    }

    /// The same automaton over a larger alphabet (new letters go to the sink).
    pub fn with_alphabet(&self, alphabet: Arc<Alphabet>) -> Option<Dfa> {
        let mut d = Dfa::new(alphabet.clone(), self.num_states(), self.initial);
        d.accepting = self.accepting.clone();
        for a in self.alphabet.letters() {
            let b = alphabet.letter(self.alphabet.name(a))?;
            for s in 0..self.num_states() as State {
                d.set_next(s, b, self.next(s, a));
            }
        }
        Some(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alphabet(names: &[&str]) -> Arc<Alphabet> {
        Arc::new(Alphabet::new(names.iter().map(|s| s.to_string()).collect()))
    }

    /// Words over {a, b} with an even number of a's.
    fn even_a() -> Dfa {
        let mut d = Dfa::new(alphabet(&["a", "b"]), 2, 0);
        d.set_accepting(0, true);
        d.set_next(0, 0, 1);
        d.set_next(0, 1, 0);
        d.set_next(1, 0, 0);
        d.set_next(1, 1, 1);
        d
    }

    /// Words over {a, b} ending with b.
    fn ends_b() -> Dfa {
        let mut d = Dfa::new(alphabet(&["a", "b"]), 2, 0);
        d.set_accepting(1, true);
        for s in 0..2 {
            d.set_next(s, 0, 0);
            d.set_next(s, 1, 1);
        }
        d
    }

    #[test]
    fn products_follow_the_boolean_operations() {
        let (x, y) = (even_a(), ends_b());
        for w in [
            vec![],
            vec![0],
            vec![1],
            vec![0, 1],
            vec![0, 0, 1],
            vec![1, 0],
        ] {
            assert_eq!(
                x.intersection(&y).accepts(&w),
                x.accepts(&w) && y.accepts(&w)
            );
            assert_eq!(x.union(&y).accepts(&w), x.accepts(&w) || y.accepts(&w));
            assert_eq!(
                x.difference(&y).accepts(&w),
                x.accepts(&w) && !y.accepts(&w)
            );
            assert_eq!(
                x.symmetric_difference(&y).accepts(&w),
                x.accepts(&w) != y.accepts(&w)
            );
            assert_eq!(x.complement().accepts(&w), !x.accepts(&w));
        }
    }

    #[test]
    fn counterexamples_are_shortlex_least() {
        let (x, y) = (even_a(), ends_b());
        // ε: x accepts, y rejects.
        assert_eq!(x.equivalence_counterexample(&y), Some(vec![]));
        // x \ y: even a's, not ending with b: ε.
        assert_eq!(x.inclusion_counterexample(&y), Some(vec![]));
        // y \ x: ends with b, odd a's: "a b".
        assert_eq!(y.inclusion_counterexample(&x), Some(vec![0, 1]));
        assert_eq!(y.shortest_accepted(), Some(vec![1]));
    }

    #[test]
    fn minimize_and_count() {
        let x = even_a();
        // A redundant copy: four states, same language.
        let mut big = Dfa::new(x.alphabet_arc().clone(), 4, 0);
        big.set_accepting(0, true);
        big.set_accepting(2, true);
        big.set_next(0, 0, 1);
        big.set_next(0, 1, 2);
        big.set_next(1, 0, 2);
        big.set_next(1, 1, 3);
        big.set_next(2, 0, 3);
        big.set_next(2, 1, 0);
        big.set_next(3, 0, 0);
        big.set_next(3, 1, 1);
        let m = big.minimize();
        assert_eq!(m.num_states(), 2);
        assert!(m.equivalent(&x));
        assert_eq!(m, x.minimize());
        // Words with an even number of a's of length 0..3: 1, 1, 2, 4.
        assert_eq!(x.count_accepted_by_length(3), vec![1, 1, 2, 4]);
        assert_eq!(x.count_accepted_up_to(3), 8);
    }

    #[test]
    fn pruning_keeps_the_short_words_and_drops_unused_edges() {
        // ends_b accepts every word ending in b: a loop on each state.
        let y = ends_b();
        for max in 0..5 {
            let p = y.prune_beyond(max).minimize();
            for len in 0..=max + 2 {
                for bits in 0..(1u32 << len) {
                    let w: Vec<Letter> = (0..len).map(|i| ((bits >> i) & 1) as Letter).collect();
                    if w.len() <= max {
                        assert_eq!(p.accepts(&w), y.accepts(&w), "max {max}, word {w:?}");
                    } else {
                        assert!(!p.accepts(&w) || y.accepts(&w), "max {max}, word {w:?}");
                    }
                }
            }
        }
        // `a b*` up to length 1 is just `a`: the loop on b goes.
        let ab = Arc::new(Alphabet::new(vec!["a".into(), "b".into()]));
        let mut d = Dfa::new(ab, 3, 0);
        d.set_next(0, 0, 1);
        d.set_next(0, 1, 2);
        d.set_next(1, 0, 2);
        d.set_next(1, 1, 1);
        d.set_next(2, 0, 2);
        d.set_next(2, 1, 2);
        d.set_accepting(1, true);
        let p = d.prune_beyond(1).minimize();
        assert!(p.accepts(&[0]) && !p.accepts(&[0, 1]));
        assert_eq!(p.trim().num_transitions(), 1);
    }

    #[test]
    fn trim_drops_dead_states() {
        let y = ends_b();
        let mut d = y.complete();
        let dead = d.add_state(false);
        d.set_next(0, 0, dead);
        for a in 0..2 {
            d.set_next(dead, a, dead);
        }
        let t = d.trim();
        assert_eq!(t.num_states(), 2);
        assert!(t.equivalent(&d));
        assert!(!t.is_complete());
    }
}
