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

/// A letter: an index into an [`Alphabet`]. A letter is not a number: it is
/// made from an index with [`Letter::new`] (or `TryFrom`, which refuses an
/// index that does not fit) and read back with [`Letter::index`].
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Letter(u16);

/// The most letters an alphabet may have.
pub const MAX_LETTERS: usize = u16::MAX as usize + 1;

impl Letter {
    /// The letter with index `index`. Panics if `index` is not below
    /// [`MAX_LETTERS`] (an [`Alphabet`] never has that many letters).
    pub fn new(index: usize) -> Letter {
        Letter::try_from(index).unwrap_or_else(|_| {
            panic!(
                "letter index {index} does not fit: an alphabet has at most {MAX_LETTERS} letters"
            )
        })
    }

    /// The letter's index in its alphabet.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The letters of an alphabet of `count` letters, in order.
    pub fn all(count: usize) -> impl Iterator<Item = Letter> + Clone {
        (0..count).map(Letter::new)
    }
}

impl From<u16> for Letter {
    fn from(index: u16) -> Letter {
        Letter(index)
    }
}

impl From<Letter> for u16 {
    fn from(letter: Letter) -> u16 {
        letter.0
    }
}

impl TryFrom<usize> for Letter {
    type Error = std::num::TryFromIntError;

    fn try_from(index: usize) -> Result<Letter, Self::Error> {
        u16::try_from(index).map(Letter)
    }
}

impl TryFrom<u32> for Letter {
    type Error = std::num::TryFromIntError;

    fn try_from(index: u32) -> Result<Letter, Self::Error> {
        u16::try_from(index).map(Letter)
    }
}

/// A word over an alphabet.
pub type Word = Vec<Letter>;

/// A state of a [`Dfa`]: an index into its states, or [`NONE`]. Made with
/// [`State::new`], read with [`State::index`]; printed as its number.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct State(u32);

impl State {
    /// No transition (the implicit rejecting sink).
    pub const NONE: State = State(u32::MAX);

    /// The state with index `index`. Panics if `index` does not fit (a DFA
    /// has fewer than `u32::MAX` states).
    pub fn new(index: usize) -> State {
        match u32::try_from(index) {
            Ok(i) if i != u32::MAX => State(i),
            _ => panic!(
                "state index {index} does not fit: a DFA has fewer than {} states",
                u32::MAX
            ),
        }
    }

    /// The state's index (`u32::MAX` for [`NONE`], which indexes nothing).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The states of a DFA of `count` states, in order.
    pub fn all(count: usize) -> impl Iterator<Item = State> + Clone {
        (0..count).map(State::new)
    }
}

/// A state's number, for output (the text format, JSON).
impl From<State> for u32 {
    fn from(state: State) -> u32 {
        state.0
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// No transition (the implicit rejecting sink).
pub const NONE: State = State::NONE;

/// Letter names, in order. Letter `i` is `names[i]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Alphabet {
    names: Vec<String>,
}

impl Alphabet {
    /// Panics with more than [`MAX_LETTERS`] names.
    pub fn new(names: Vec<String>) -> Alphabet {
        assert!(
            names.len() <= MAX_LETTERS,
            "an alphabet of {} letters: at most {MAX_LETTERS} are allowed",
            names.len()
        );
        Alphabet { names }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn name(&self, letter: Letter) -> &str {
        &self.names[letter.index()]
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn letter(&self, name: &str) -> Option<Letter> {
        self.names.iter().position(|n| n == name).map(Letter::new)
    }

    pub fn letters(&self) -> impl Iterator<Item = Letter> + Clone {
        Letter::all(self.names.len())
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
        Dfa::new(alphabet, 1, State::new(0))
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

    /// Every state, in order.
    pub fn states(&self) -> impl Iterator<Item = State> + Clone {
        State::all(self.num_states())
    }

    /// Every letter of the alphabet, in order.
    pub fn letters(&self) -> impl Iterator<Item = Letter> + Clone {
        Letter::all(self.num_letters())
    }

    pub fn initial(&self) -> State {
        self.initial
    }

    pub fn set_initial(&mut self, s: State) {
        self.initial = s;
    }

    pub fn is_accepting(&self, s: State) -> bool {
        s != NONE && self.accepting[s.index()]
    }

    pub fn set_accepting(&mut self, s: State, accepting: bool) {
        self.accepting[s.index()] = accepting;
    }

    pub fn next(&self, s: State, a: Letter) -> State {
        if s == NONE {
            return NONE;
        }
        self.delta[s.index() * self.num_letters() + a.index()]
    }

    pub fn set_next(&mut self, s: State, a: Letter, t: State) {
        let k = self.num_letters();
        self.delta[s.index() * k + a.index()] = t;
    }

    pub fn add_state(&mut self, accepting: bool) -> State {
        let s = State::new(self.accepting.len());
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
        index.insert(pairs[0], State::new(0));
        let mut delta = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let (p, q) = pairs[i];
            for a in Letter::all(k) {
                let next = (self.next(p, a), other.next(q, a));
                let id = *index.entry(next).or_insert_with(|| {
                    pairs.push(next);
                    State::new(pairs.len() - 1)
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
            initial: State::new(0),
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
        let k = self.num_letters();
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
            for a in Letter::all(k) {
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
            ways[self.initial.index()] = 1;
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
            for (s, &w) in State::all(n).zip(&ways) {
                if w == 0 {
                    continue;
                }
                for a in self.letters() {
                    match self.next(s, a) {
                        NONE => next_sink = next_sink.saturating_add(w),
                        t => next[t.index()] = next[t.index()].saturating_add(w),
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
        seen[self.initial.index()] = true;
        while let Some(s) = stack.pop() {
            for a in self.letters() {
                let t = self.next(s, a);
                if t != NONE && !seen[t.index()] {
                    seen[t.index()] = true;
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
        for s in State::all(n) {
            for a in self.letters() {
                let t = self.next(s, a);
                if t != NONE {
                    preds[t.index()].push(s);
                }
            }
        }
        let mut seen: Vec<bool> = self.accepting.clone();
        let mut stack: Vec<State> = State::all(n)
            .filter(|&s| self.accepting[s.index()])
            .collect();
        while let Some(s) = stack.pop() {
            for &p in &preds[s.index()] {
                if !seen[p.index()] {
                    seen[p.index()] = true;
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
                new_id[s] = State::new(count);
                count += 1;
            }
        }
        if self.initial == NONE || new_id[self.initial.index()] == NONE {
            return Dfa::empty(self.alphabet.clone());
        }
        let mut d = Dfa::new(self.alphabet.clone(), count, new_id[self.initial.index()]);
        for s in self.states() {
            let new = new_id[s.index()];
            if new == NONE {
                continue;
            }
            d.accepting[new.index()] = self.accepting[s.index()];
            for a in self.letters() {
                let t = self.next(s, a);
                d.set_next(new, a, if t == NONE { NONE } else { new_id[t.index()] });
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
        for a in Letter::all(k) {
            out.set_next(sink, a, sink);
        }
        for s in State::all(n) {
            for a in Letter::all(k) {
                let t = d.next(s, a);
                let (x, y) = (from_initial[s.index()], to_accepting[t.index()]);
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
            let x = to_accepting[s.index()];
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
                for a in d.letters() {
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
        for s in State::all(n) {
            for a in self.letters() {
                let t = next(s, a);
                if t != NONE {
                    preds[t.index()].push(s);
                }
            }
        }
        let mut queue = std::collections::VecDeque::new();
        for s in State::all(n) {
            if start(s) {
                dist[s.index()] = 0;
                queue.push_back(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            let step: Vec<State> = if forward {
                self.letters()
                    .map(|a| next(s, a))
                    .filter(|&t| t != NONE)
                    .collect()
            } else {
                preds[s.index()].clone()
            };
            for t in step {
                if dist[t.index()] == usize::MAX {
                    dist[t.index()] = dist[s.index()] + 1;
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
                    sig.push(class[d.delta[s * k + a].index()]);
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
        // The new state of each class (`NONE` until numbered).
        let mut order: Vec<State> = vec![NONE; classes];
        let mut reps: Vec<usize> = Vec::new();
        let start = d.initial.index();
        order[class[start] as usize] = State::new(0);
        reps.push(start);
        let mut i = 0;
        while i < reps.len() {
            let s = reps[i];
            for a in 0..k {
                let t = d.delta[s * k + a].index();
                if order[class[t] as usize] == NONE {
                    order[class[t] as usize] = State::new(reps.len());
                    reps.push(t);
                }
            }
            i += 1;
        }
        let mut m = Dfa::new(d.alphabet.clone(), reps.len(), State::new(0));
        for (new, &s) in reps.iter().enumerate() {
            m.accepting[new] = d.accepting[s];
            for a in 0..k {
                let t = d.delta[s * k + a].index();
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
        order[d.initial.index()] = State::new(0);
        let mut i = 0;
        while i < reps.len() {
            let s = reps[i];
            for a in Letter::all(k) {
                let t = d.next(s, a);
                if t != NONE && order[t.index()] == NONE {
                    order[t.index()] = State::new(reps.len());
                    reps.push(t);
                }
            }
            i += 1;
        }
        let mut c = Dfa::new(d.alphabet.clone(), reps.len(), State::new(0));
        for (new, &s) in reps.iter().enumerate() {
            c.accepting[new] = d.accepting[s.index()];
            for a in Letter::all(k) {
                let t = d.next(s, a);
                c.set_next(
                    State::new(new),
                    a,
                    if t == NONE { NONE } else { order[t.index()] },
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
            for s in self.states() {
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

    fn word(letters: &[u16]) -> Word {
        letters.iter().map(|&l| Letter::from(l)).collect()
    }

    /// A DFA over `letters` letters from its states' acceptance and its
    /// transitions `(source, letter, target)`, initial state 0.
    fn dfa(names: &[&str], accepting: &[bool], edges: &[(usize, u16, usize)]) -> Dfa {
        let mut d = Dfa::new(alphabet(names), accepting.len(), State::new(0));
        for (s, &a) in accepting.iter().enumerate() {
            d.set_accepting(State::new(s), a);
        }
        for &(s, a, t) in edges {
            d.set_next(State::new(s), Letter::from(a), State::new(t));
        }
        d
    }

    /// Words over {a, b} with an even number of a's.
    fn even_a() -> Dfa {
        dfa(
            &["a", "b"],
            &[true, false],
            &[(0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 1, 1)],
        )
    }

    /// Words over {a, b} ending with b.
    fn ends_b() -> Dfa {
        dfa(
            &["a", "b"],
            &[false, true],
            &[(0, 0, 0), (0, 1, 1), (1, 0, 0), (1, 1, 1)],
        )
    }

    #[test]
    fn letters_and_states_convert_only_when_they_fit() {
        assert_eq!(Letter::new(3).index(), 3);
        assert_eq!(u16::from(Letter::from(7)), 7);
        assert!(Letter::try_from(MAX_LETTERS - 1).is_ok());
        assert!(Letter::try_from(MAX_LETTERS).is_err());
        assert!(Letter::try_from(u32::from(u16::MAX) + 1).is_err());
        assert_eq!(State::new(5).index(), 5);
        assert_eq!(State::new(5).to_string(), "5");
        assert_eq!(
            Letter::all(3).map(Letter::index).collect::<Vec<_>>(),
            [0, 1, 2]
        );
    }

    #[test]
    #[should_panic(expected = "letter index 65536 does not fit")]
    fn a_letter_index_too_large_is_refused() {
        Letter::new(MAX_LETTERS);
    }

    #[test]
    #[should_panic(expected = "does not fit")]
    fn the_sink_is_not_a_state_index() {
        State::new(u32::MAX as usize);
    }

    #[test]
    fn products_follow_the_boolean_operations() {
        let (x, y) = (even_a(), ends_b());
        for w in [
            word(&[]),
            word(&[0]),
            word(&[1]),
            word(&[0, 1]),
            word(&[0, 0, 1]),
            word(&[1, 0]),
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
        assert_eq!(x.equivalence_counterexample(&y), Some(word(&[])));
        // x \ y: even a's, not ending with b: ε.
        assert_eq!(x.inclusion_counterexample(&y), Some(word(&[])));
        // y \ x: ends with b, odd a's: "a b".
        assert_eq!(y.inclusion_counterexample(&x), Some(word(&[0, 1])));
        assert_eq!(y.shortest_accepted(), Some(word(&[1])));
    }

    #[test]
    fn minimize_and_count() {
        let x = even_a();
        // A redundant copy: four states, same language.
        let big = dfa(
            &["a", "b"],
            &[true, false, true, false],
            &[
                (0, 0, 1),
                (0, 1, 2),
                (1, 0, 2),
                (1, 1, 3),
                (2, 0, 3),
                (2, 1, 0),
                (3, 0, 0),
                (3, 1, 1),
            ],
        );
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
                    let w: Word = (0..len)
                        .map(|i| Letter::new(((bits >> i) & 1) as usize))
                        .collect();
                    if w.len() <= max {
                        assert_eq!(p.accepts(&w), y.accepts(&w), "max {max}, word {w:?}");
                    } else {
                        assert!(!p.accepts(&w) || y.accepts(&w), "max {max}, word {w:?}");
                    }
                }
            }
        }
        // `a b*` up to length 1 is just `a`: the loop on b goes.
        let d = dfa(
            &["a", "b"],
            &[false, true, false],
            &[
                (0, 0, 1),
                (0, 1, 2),
                (1, 0, 2),
                (1, 1, 1),
                (2, 0, 2),
                (2, 1, 2),
            ],
        );
        let p = d.prune_beyond(1).minimize();
        assert!(p.accepts(&word(&[0])) && !p.accepts(&word(&[0, 1])));
        assert_eq!(p.trim().num_transitions(), 1);
    }

    #[test]
    fn trim_drops_dead_states() {
        let y = ends_b();
        let mut d = y.complete();
        let dead = d.add_state(false);
        d.set_next(State::new(0), Letter::new(0), dead);
        for a in d.letters() {
            d.set_next(dead, a, dead);
        }
        let t = d.trim();
        assert_eq!(t.num_states(), 2);
        assert!(t.equivalent(&d));
        assert!(!t.is_complete());
    }
}
