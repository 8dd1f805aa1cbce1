//! Deterministic finite automata over an alphabet of named letters, and the
//! operations the learner and the post-processing need.
//!
//! A [`Dfa`] may be partial: a missing transition goes to an implicit
//! rejecting sink. Every operation treats that sink like any other state, so
//! a partial DFA and its completion have the same language.

mod language;

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
mod tests;
