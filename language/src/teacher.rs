//! The teacher of the language of error, on the BMC's incremental queries.
//!
//! The alphabet is the event letters plus the assertion letter, last. A
//! word is in the language (within the bounds b and b_wl) when it is
//! `e1 … en · Learn_Assert` with n + 1 ≤ b_wl and some execution within
//! the unwinding bound b (a loop goes round at most b − 1 times, recursion
//! at most b nested recursive calls), enters exactly the events `e1 … en`
//! and then fails the assertion (paper §4.1). Words longer than b_wl are
//! unknown to this teacher: the learner returns an automaton consistent
//! with every word within the bound, and `BoundRun::exactness` says whether
//! it is also a smallest one.
//!
//! Answers come from, in order: the form of the word (no assertion letter
//! last, or one before the end: "no" at every bound), the CFG projected on
//! the events (a word no path produces: "no" at every bound), the cache of
//! positive answers (kept across bounds, since more unwinding and longer
//! words only add executions), the negative answers of this bound, and
//! only then the solver — one call under assumptions on an encoding made
//! once for the bound. Conjectures are checked exactly within the bounds:
//! positive feedback (a failing execution whose word the conjecture
//! rejects) is one solver call with the conjecture as a monitor; negative
//! feedback (an accepted word no failing execution produces) walks the
//! conjecture's accepted words within the bound, pruned by the CFG, and
//! asks each new one as a membership query.

use crate::cfg_paths::{CfgPaths, Feasible};
use crate::letters::{event_of_letter, letter_of_event};
use lore_bmc::query::{Answer as BmcAnswer, ErrorQueries, FailingRun, Goal, Monitor};
use lore_learner::dfa::{Alphabet, Dfa, Letter, State, Word};
use lore_learner::teacher::{Answer, Teacher};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// Where membership answers came from, and what conjectures cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeacherStats {
    /// Membership answers given (each word once per bound).
    pub membership: u64,
    /// Answered by the word's form or length.
    pub by_form: u64,
    /// Answered by the CFG (no path produces the word).
    pub by_cfg: u64,
    /// Answered by a cached solver answer.
    pub by_cache: u64,
    /// Answered by the solver.
    pub by_solver: u64,
    /// Conjectures checked.
    pub conjectures: u64,
    /// Solver calls made for conjectures (positive feedback).
    pub conjecture_solver_calls: u64,
}

impl TeacherStats {
    pub fn solver_calls(&self) -> u64 {
        self.by_solver + self.conjecture_solver_calls
    }
}

/// What the teacher knows across bounds: failing words (with their runs)
/// and the CFG's answers.
pub struct Knowledge<'p> {
    pub cfg: CfgPaths<'p>,
    /// Event words known to fail within some bound no larger than the
    /// current one, with a replayed run.
    pub failing: FxHashMap<Vec<u32>, FailingRun>,
}

pub struct ErrorTeacher<'q, 'p> {
    alphabet: Arc<Alphabet>,
    assert: Letter,
    /// b_wl: the longest word, the assertion letter included.
    max_word_length: usize,
    queries: &'q mut ErrorQueries<'p>,
    knowledge: &'q mut Knowledge<'p>,
    /// Event words with no failing execution within this bound.
    not_failing: FxHashSet<Vec<u32>>,
    pub stats: TeacherStats,
    /// Set when the solver could not answer (the learned automaton is then
    /// not trustworthy).
    pub trouble: Option<String>,
    /// Every solver query, in order (to replay them for the baseline).
    pub log: Vec<SolverQuery>,
    /// Seconds spent in solver queries.
    pub query_seconds: f64,
    /// After this instant the solver is not asked any more: queries are
    /// answered "unknown" and `trouble` says why (the search's time budget).
    pub deadline: Option<std::time::Instant>,
}

/// The `trouble` of a run cut short by the search's time budget.
pub const OUT_OF_TIME: &str = "the search's time budget ran out";

/// A query that reached the solver.
#[derive(Clone, Debug)]
pub enum SolverQuery {
    /// Does some execution with exactly these events fail?
    Membership(Vec<u32>),
    /// A failing execution whose word this monitor rejects.
    PositiveFeedback(Monitor),
}

/// Lore's answer to one logged query: `Some(true)` when a failing
/// execution of the kind it asks for exists, `None` when unknown.
pub fn answer(queries: &mut ErrorQueries<'_>, query: &SolverQuery) -> Option<bool> {
    let found = match query {
        SolverQuery::Membership(events) => queries.fails_after(events),
        SolverQuery::PositiveFeedback(monitor) => {
            let handle = queries.add_monitor(monitor, Goal::Rejected);
            let found = queries.find_shortest_failing(&[handle.active]);
            queries.retire(handle);
            found
        }
    };
    match found {
        BmcAnswer::Yes(_) => Some(true),
        BmcAnswer::No => Some(false),
        BmcAnswer::Unknown(_) => None,
    }
}

/// Asks one logged query again (its answer is not needed: only its cost).
pub fn ask_again(queries: &mut ErrorQueries<'_>, query: &SolverQuery) {
    match query {
        SolverQuery::Membership(events) => {
            queries.fails_after(events);
        }
        SolverQuery::PositiveFeedback(monitor) => {
            let handle = queries.add_monitor(monitor, Goal::Rejected);
            queries.find_shortest_failing(&[handle.active]);
        }
    }
}

impl<'q, 'p> ErrorTeacher<'q, 'p> {
    pub fn new(
        queries: &'q mut ErrorQueries<'p>,
        knowledge: &'q mut Knowledge<'p>,
        max_word_length: usize,
    ) -> Self {
        let mut names = queries.events().letters.clone();
        names.push(super::events::ASSERT_LETTER.to_string());
        let assert = Letter::new(names.len() - 1);
        ErrorTeacher {
            alphabet: Arc::new(Alphabet::new(names)),
            assert,
            max_word_length,
            queries,
            knowledge,
            not_failing: FxHashSet::default(),
            stats: TeacherStats::default(),
            trouble: None,
            log: Vec::new(),
            query_seconds: 0.0,
            deadline: None,
        }
    }

    /// Past the deadline: no more solver calls.
    fn out_of_time(&mut self) -> bool {
        let late = self.deadline.is_some_and(|d| std::time::Instant::now() > d);
        if late {
            self.trouble.get_or_insert(OUT_OF_TIME.to_string());
        }
        late
    }

    /// The event letters of `word` if it has the form `events · assert`.
    fn events_of(&self, word: &[Letter]) -> Option<Vec<u32>> {
        let (&last, events) = word.split_last()?;
        if last != self.assert || events.contains(&self.assert) {
            return None;
        }
        Some(events.iter().map(|&l| event_of_letter(l)).collect())
    }

    /// The answer for one word (see the module documentation for the order).
    fn answer(&mut self, word: &[Letter]) -> Answer {
        self.stats.membership += 1;
        let Some(events) = self.events_of(word) else {
            self.stats.by_form += 1;
            return Answer::No;
        };
        if word.len() > self.max_word_length {
            self.stats.by_form += 1;
            return Answer::Unknown;
        }
        if self.knowledge.failing.contains_key(&events) {
            self.stats.by_cache += 1;
            return Answer::Yes;
        }
        if self.knowledge.cfg.feasible(&events, true) == Feasible::No {
            self.stats.by_cfg += 1;
            return Answer::No;
        }
        if self.not_failing.contains(&events) {
            self.stats.by_cache += 1;
            return Answer::No;
        }
        if self.out_of_time() {
            return Answer::Unknown;
        }
        self.stats.by_solver += 1;
        self.log.push(SolverQuery::Membership(events.clone()));
        let start = std::time::Instant::now();
        let answer = self.queries.fails_after(&events);
        self.query_seconds += start.elapsed().as_secs_f64();
        match answer {
            BmcAnswer::Yes(run) => {
                self.knowledge.failing.insert(events, *run);
                Answer::Yes
            }
            BmcAnswer::No => {
                self.not_failing.insert(events);
                Answer::No
            }
            BmcAnswer::Unknown(why) => {
                self.trouble.get_or_insert(why.to_string());
                Answer::Unknown
            }
        }
    }

    /// The conjecture as a monitor over event words: it accepts an event
    /// word `w` when the conjecture accepts `w · assert`.
    fn monitor(&self, dfa: &Dfa) -> Monitor {
        let events = self.alphabet.len() - 1;
        Monitor {
            initial: dfa.initial().index(),
            accepting: dfa
                .states()
                .map(|q| dfa.is_accepting(dfa.next(q, self.assert)))
                .collect(),
            delta: dfa
                .states()
                .map(|q| {
                    (0..events as u32)
                        .map(|event| dfa.next(q, letter_of_event(event)).index())
                        .collect()
                })
                .collect(),
        }
    }

    /// A failing execution within the bounds whose word the conjecture rejects.
    fn positive_feedback(&mut self, dfa: &Dfa) -> Option<Word> {
        if self.out_of_time() {
            return None;
        }
        let monitor = self.monitor(dfa);
        let start = std::time::Instant::now();
        let handle = self.queries.add_monitor(&monitor, Goal::Rejected);
        self.stats.conjecture_solver_calls += 1;
        let found = self.queries.find_shortest_failing(&[handle.active]);
        self.queries.retire(handle);
        self.query_seconds += start.elapsed().as_secs_f64();
        self.log.push(SolverQuery::PositiveFeedback(monitor));
        match found {
            BmcAnswer::Yes(run) => {
                let mut word: Word = run.word.iter().map(|&e| letter_of_event(e)).collect();
                word.push(self.assert);
                self.knowledge.failing.insert(run.word.clone(), *run);
                Some(word)
            }
            BmcAnswer::No => None,
            BmcAnswer::Unknown(why) => {
                self.trouble.get_or_insert(why.to_string());
                None
            }
        }
    }

    /// The shortlex-least accepted word within the bound that no failing
    /// execution produces: a walk of the conjecture's accepted words,
    /// pruned where no CFG path continues or no accepting state is near.
    fn negative_feedback(&mut self, dfa: &Dfa) -> Option<Word> {
        // The event letters come first, the assertion letter last.
        let events = self.alphabet.len() - 1;
        let max_events = self.max_word_length.checked_sub(1)?;
        // Fewest event letters from each state to one that accepts on the assertion.
        let n = dfa.num_states();
        let mut dist = vec![usize::MAX; n];
        let mut changed = true;
        for q in dfa.states() {
            if dfa.is_accepting(dfa.next(q, self.assert)) {
                dist[q.index()] = 0;
            }
        }
        let mut step: Vec<Letter> = vec![self.assert; n];
        while changed {
            changed = false;
            for q in dfa.states() {
                for a in Letter::all(events) {
                    let t = dfa.next(q, a).index();
                    if dist[t] != usize::MAX && dist[t] + 1 < dist[q.index()] {
                        dist[q.index()] = dist[t] + 1;
                        step[q.index()] = a;
                        changed = true;
                    }
                }
            }
        }
        // The shortest accepted word through `state` after `prefix`.
        let assert = self.assert;
        let complete = |prefix: &[u32], mut state: State| -> Word {
            let mut word: Word = prefix.iter().map(|&e| letter_of_event(e)).collect();
            while dist[state.index()] > 0 {
                let a = step[state.index()];
                word.push(a);
                state = dfa.next(state, a);
            }
            word.push(assert);
            word
        };
        // Breadth first, so words come in shortlex order.
        let mut layer: Vec<(State, Vec<u32>)> = vec![(dfa.initial(), Vec::new())];
        for len in 0..=max_events {
            for (q, w) in &layer {
                if dist[q.index()] == 0 {
                    let mut word: Word = w.iter().map(|&e| letter_of_event(e)).collect();
                    word.push(self.assert);
                    if self.answer(&word) == Answer::No {
                        return Some(word);
                    }
                }
            }
            if len == max_events {
                break;
            }
            let mut next = Vec::new();
            for (q, w) in &layer {
                for a in Letter::all(events) {
                    let t = dfa.next(*q, a);
                    if dist[t.index()] == usize::MAX || len + 1 + dist[t.index()] > max_events {
                        continue;
                    }
                    let mut v = w.clone();
                    v.push(event_of_letter(a));
                    // No CFG path starts with `v`: every accepted word
                    // through it is negative feedback.
                    if self.knowledge.cfg.feasible(&v, false) == Feasible::No {
                        let word = complete(&v, t);
                        self.stats.by_cfg += 1;
                        return Some(word);
                    }
                    next.push((t, v));
                }
            }
            layer = next;
        }
        None
    }
}

impl Teacher for ErrorTeacher<'_, '_> {
    fn alphabet(&self) -> &Arc<Alphabet> {
        &self.alphabet
    }

    fn give_up(&self) -> bool {
        // Any trouble ends learning: the time is up, or the BMC gave no
        // answer (the solver gave up, or a run did not replay) — the
        // answers that depend on it cannot be trusted, and a learner fed
        // "unknown" for its counterexamples can go round without end.
        self.trouble.is_some() || self.deadline.is_some_and(|d| std::time::Instant::now() > d)
    }

    fn membership(&mut self, words: &[Word]) -> Vec<Answer> {
        words.iter().map(|w| self.answer(w)).collect()
    }

    /// Only the prefix ending at the first assertion letter can be in the
    /// language, so a prefix vector costs at most one real query.
    fn membership_prefixes(&mut self, words: &[Word]) -> Option<Vec<Vec<Answer>>> {
        Some(
            words
                .iter()
                .map(|w| {
                    let first = w.iter().position(|&l| l == self.assert);
                    (0..=w.len())
                        .map(|i| {
                            if Some(i) == first.map(|p| p + 1) {
                                self.answer(&w[..i])
                            } else {
                                Answer::No
                            }
                        })
                        .collect()
                })
                .collect(),
        )
    }

    fn equivalence(&mut self, hypothesis: &Dfa) -> Option<Word> {
        self.stats.conjectures += 1;
        // An accepted word not of the form events · assert: "no" at any length.
        let form = form_dfa(self.alphabet.clone(), self.assert);
        if let Some(w) =
            hypothesis.shortest_in_product(&form, lore_learner::dfa::ProductKind::Difference)
        {
            return Some(w);
        }
        if let Some(w) = self.positive_feedback(hypothesis) {
            return Some(w);
        }
        self.negative_feedback(hypothesis)
    }
}

/// The words `events · assert` (any length).
fn form_dfa(alphabet: Arc<Alphabet>, assert: Letter) -> Dfa {
    let k = alphabet.len();
    // Reading events, after the assertion letter, after more.
    let [events, asserted, beyond] = [0, 1, 2].map(State::new);
    let mut d = Dfa::new(alphabet, 3, events);
    for a in Letter::all(k) {
        d.set_next(events, a, if a == assert { asserted } else { events });
        d.set_next(asserted, a, beyond);
        d.set_next(beyond, a, beyond);
    }
    d.set_accepting(asserted, true);
    d
}
