//! Angluin's L* and L* with Rivest–Schapire counterexample processing, on an
//! observation table.
//!
//! Both keep S prefix-closed and fill the table for S ∪ S·Σ and every suffix
//! in E. Angluin's version adds every prefix of a counterexample to S and
//! keeps the table consistent; Rivest–Schapire finds, by binary search, one
//! suffix of the counterexample that separates two states and adds it to E,
//! so rows of S stay distinct and no consistency check is needed.
//!
//! Cells hold "yes" or "no": an unknown answer (a bounded teacher) is read
//! as "no". The hypothesis's states are distinct rows of S, so when every
//! cell is known no DFA consistent with the answers has fewer states, and
//! the result is [`Exactness::Exact`]; with an unknown cell it is
//! [`Exactness::UnknownsReadAsNo`].

use crate::dfa::{Dfa, Letter, State, Word};
use crate::teacher::{Answer, Oracle, Teacher};
use crate::{Exactness, Learned, Round};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// How counterexamples are used.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CounterexampleProcessing {
    /// Add all prefixes of the counterexample to S (Angluin 1987).
    AllPrefixes,
    /// Add one distinguishing suffix to E (Rivest and Schapire 1993).
    RivestSchapire,
}

/// The observation table: rows for S ∪ S·Σ, one column per suffix in E.
pub struct ObservationTable {
    k: usize,
    /// S, in the order rows were added.
    s: Vec<Word>,
    e: Vec<Word>,
    rows: FxHashMap<Word, Vec<bool>>,
    /// Some cell's answer was unknown (and is read as "no").
    read_unknown: bool,
}

impl ObservationTable {
    fn new(k: usize) -> ObservationTable {
        ObservationTable {
            k,
            s: vec![Vec::new()],
            e: vec![Vec::new()],
            rows: FxHashMap::default(),
            read_unknown: false,
        }
    }

    fn extensions(&self) -> Vec<Word> {
        let in_s: rustc_hash::FxHashSet<&Word> = self.s.iter().collect();
        let mut out = Vec::new();
        for s in &self.s {
            for a in Letter::all(self.k) {
                let mut w = s.clone();
                w.push(a);
                if !in_s.contains(&w) {
                    out.push(w);
                }
            }
        }
        out
    }

    /// Asks every missing cell of rows S ∪ S·Σ in one batch.
    fn fill<T: Teacher + ?Sized>(&mut self, oracle: &mut Oracle<'_, T>) {
        let mut prefixes: Vec<Word> = self.s.clone();
        prefixes.extend(self.extensions());
        let mut queries = Vec::new();
        for p in &prefixes {
            let have = self.rows.get(p).map_or(0, Vec::len);
            for e in &self.e[have..] {
                let mut w = p.clone();
                w.extend_from_slice(e);
                queries.push(w);
            }
        }
        let answers = oracle.ask(&queries);
        self.read_unknown |= answers.contains(&Answer::Unknown);
        let mut next = answers.into_iter();
        for p in prefixes {
            let row = self.rows.entry(p).or_default();
            while row.len() < self.e.len() {
                row.push(next.next().expect("an answer per cell").is_yes());
            }
        }
    }

    fn row(&self, w: &[Letter]) -> &Vec<bool> {
        &self.rows[w]
    }

    /// Distinct rows of S·Σ that are not rows of S, in table order.
    fn unclosed(&self) -> Vec<Word> {
        let s_rows: rustc_hash::FxHashSet<&Vec<bool>> =
            self.s.iter().map(|s| self.row(s)).collect();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut out = Vec::new();
        for w in self.extensions() {
            let r = self.row(&w);
            if !s_rows.contains(r) && seen.insert(r.clone()) {
                out.push(w);
            }
        }
        out
    }

    /// The first suffix a·e witnessing an inconsistency (two equal rows of S
    /// whose a-extensions differ in column e), as in Angluin's algorithm.
    fn inconsistency(&self) -> Option<Word> {
        for (i, s1) in self.s.iter().enumerate() {
            for s2 in &self.s[i + 1..] {
                if self.row(s1) != self.row(s2) {
                    continue;
                }
                for a in Letter::all(self.k) {
                    let (mut x, mut y) = (s1.clone(), s2.clone());
                    x.push(a);
                    y.push(a);
                    let (rx, ry) = (self.row(&x), self.row(&y));
                    if let Some(j) = (0..self.e.len()).find(|&j| rx[j] != ry[j]) {
                        let mut cause = vec![a];
                        cause.extend_from_slice(&self.e[j]);
                        return Some(cause);
                    }
                }
            }
        }
        None
    }

    /// The hypothesis: one state per distinct row of S. Also returns the
    /// access word (first row of S) of each state.
    fn hypothesis(&self, alphabet: &std::sync::Arc<crate::dfa::Alphabet>) -> (Dfa, Vec<Word>) {
        let mut state_of: FxHashMap<&Vec<bool>, State> = FxHashMap::default();
        let mut access = Vec::new();
        for s in &self.s {
            let r = self.row(s);
            if !state_of.contains_key(r) {
                state_of.insert(r, State::new(access.len()));
                access.push(s.clone());
            }
        }
        let mut dfa = Dfa::new(alphabet.clone(), access.len(), State::new(0));
        for (q, s) in State::all(access.len()).zip(&access) {
            dfa.set_accepting(q, self.row(s)[0]);
            for a in Letter::all(self.k) {
                let mut w = s.clone();
                w.push(a);
                dfa.set_next(q, a, state_of[self.row(&w)]);
            }
        }
        (dfa, access)
    }

    /// The table as text, for teaching: S rows, a separator, S·Σ rows.
    pub fn render(&self, alphabet: &crate::dfa::Alphabet) -> String {
        let show = |w: &[Letter]| alphabet.show(w);
        let width = self
            .s
            .iter()
            .chain(self.extensions().iter())
            .map(|w| show(w).chars().count())
            .max()
            .unwrap_or(1)
            .max(1);
        let mut out = String::new();
        let _ = write!(out, "{:width$} |", "");
        for e in &self.e {
            let _ = write!(out, " {}", show(e));
        }
        out.push('\n');
        let cell = |b: bool| if b { "1" } else { "0" };
        for s in &self.s {
            let _ = write!(out, "{:width$} |", show(s));
            for (j, e) in self.e.iter().enumerate() {
                let _ = write!(
                    out,
                    " {:>w$}",
                    cell(self.row(s)[j]),
                    w = show(e).chars().count()
                );
            }
            out.push('\n');
        }
        let _ = writeln!(out, "{}", "-".repeat(width + 2));
        for x in self.extensions() {
            let _ = write!(out, "{:width$} |", show(&x));
            for (j, e) in self.e.iter().enumerate() {
                let _ = write!(
                    out,
                    " {:>w$}",
                    cell(self.row(&x)[j]),
                    w = show(e).chars().count()
                );
            }
            out.push('\n');
        }
        out
    }
}

/// Learns with L*. `record` keeps each round's table as text.
pub fn learn<T: Teacher + ?Sized>(
    oracle: &mut Oracle<'_, T>,
    processing: CounterexampleProcessing,
    record: bool,
    max_rounds: Option<u64>,
) -> Learned {
    let alphabet = oracle.alphabet();
    let k = alphabet.len();
    let mut table = ObservationTable::new(k);
    let mut rounds = Vec::new();
    table.fill(oracle);
    loop {
        loop {
            if oracle.give_up() {
                return oracle.abandoned(rounds);
            }
            if processing == CounterexampleProcessing::AllPrefixes {
                if let Some(cause) = table.inconsistency() {
                    table.e.push(cause);
                    table.fill(oracle);
                    continue;
                }
            }
            let unclosed = table.unclosed();
            if unclosed.is_empty() {
                break;
            }
            table.s.extend(unclosed);
            table.fill(oracle);
        }
        if processing == CounterexampleProcessing::AllPrefixes {
            // Rows equal to an earlier row of S add nothing: drop them, so S
            // and its extensions do not grow with every counterexample prefix.
            let mut seen = rustc_hash::FxHashSet::default();
            let rows = &table.rows;
            table.s.retain(|w| seen.insert(rows[w].clone()));
        }
        let (hypothesis, access) = table.hypothesis(&alphabet);
        oracle.stats.rounds += 1;
        let text = record.then(|| table.render(&alphabet));
        let at_limit = max_rounds.is_some_and(|m| oracle.stats.rounds >= m);
        let cex = if at_limit {
            None
        } else {
            oracle.equivalence(&hypothesis)
        };
        rounds.push(Round {
            hypothesis: hypothesis.clone(),
            counterexample: cex.clone(),
            table: text,
        });
        let Some(cex) = cex else {
            let exactness = if at_limit {
                Exactness::RoundLimit
            } else if table.read_unknown {
                Exactness::UnknownsReadAsNo {
                    known_answers: oracle.known_answers(),
                }
            } else {
                Exactness::Exact
            };
            return oracle.learned(hypothesis, rounds, exactness);
        };
        match processing {
            CounterexampleProcessing::AllPrefixes => {
                for i in 1..=cex.len() {
                    let p = cex[..i].to_vec();
                    if !table.s.contains(&p) {
                        table.s.push(p);
                    }
                }
            }
            CounterexampleProcessing::RivestSchapire => {
                let suffix = rivest_schapire(oracle, &hypothesis, &access, &cex);
                if !table.e.contains(&suffix) {
                    table.e.push(suffix);
                }
            }
        }
        table.fill(oracle);
    }
}

/// Rivest–Schapire: with α(i) = answer(access(δ(cex[..i])) · cex[i..]), α(0)
/// is the counterexample's answer and α(n) the hypothesis's; a binary search
/// finds i with α(i) ≠ α(i+1), and cex[i+1..] separates two states.
pub(crate) fn rivest_schapire<T: Teacher + ?Sized>(
    oracle: &mut Oracle<'_, T>,
    hypothesis: &Dfa,
    access: &[Word],
    cex: &[Letter],
) -> Word {
    let alpha = |oracle: &mut Oracle<'_, T>, i: usize| -> bool {
        let state = hypothesis.run(&cex[..i]);
        let mut w = access[state.index()].clone();
        w.extend_from_slice(&cex[i..]);
        oracle.ask_one(&w).is_yes()
    };
    let first = oracle.ask_one(cex).is_yes();
    let (mut lo, mut hi) = (0usize, cex.len());
    // Invariant: α(lo) = first, α(hi) ≠ first.
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if alpha(oracle, mid) == first {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    cex[hi..].to_vec()
}
