//! Questions about the event words of failing executions, for a fixed bound.
//!
//! The program is executed symbolically with its event word recorded
//! (`SymexOptions::events`) and bit-blasted once. Every question after that
//! is a solver call under assumptions: "is there a failing execution whose
//! word is exactly `w`" assumes the literals of the word's length and
//! letters; a monitor automaton over the events is a circuit over the word,
//! and what is asked of it (its run accepts, or rejects) is a clause guarded
//! by an activation literal that the caller assumes while it wants the
//! monitor and retires afterwards. Nothing is encoded twice.
//!
//! Every execution a "yes" rests on is replayed by the concrete interpreter
//! before it is returned: it must fail a target property and produce the
//! same word.

use crate::blast::Blaster;
use crate::check::{witness, Witness};
use crate::error::{BmcError, UnknownReason};
use crate::interp::{Interpreter, Replay, TraceStep};
use crate::solver::{Backend, Lit, SolveResult};
use crate::ssa::{Binary, TermId, FALSE};
use crate::symex::{CheckKind, Events, Symex, SymexOptions};
use lore_frontend::ir::Program;

/// A failing execution: its event word, inputs and replayed trace.
#[derive(Clone, Debug)]
pub struct FailingRun {
    pub word: Vec<u32>,
    /// The property it fails.
    pub property: String,
    pub witness: Witness,
    pub trace: Vec<TraceStep>,
}

#[derive(Clone, Debug)]
pub enum Answer {
    Yes(Box<FailingRun>),
    No,
    /// The solver gave up, or a run did not replay (an internal error).
    Unknown(UnknownReason),
}

/// A deterministic automaton over the event letters: `delta[state][letter]`.
#[derive(Clone, Debug)]
pub struct Monitor {
    pub initial: usize,
    pub accepting: Vec<bool>,
    pub delta: Vec<Vec<usize>>,
}

/// What a monitor asks of the failing execution's word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    Accepted,
    Rejected,
}

/// A monitor added to the encoding: assume `active` to apply it.
#[derive(Copy, Clone, Debug)]
pub struct MonitorHandle {
    pub active: Lit,
}

/// Counts of the solver's work.
#[derive(Clone, Debug, Default)]
pub struct QueryStats {
    pub solver_calls: u64,
    pub variables: u32,
    pub clauses: u64,
}

pub struct ErrorQueries<'p> {
    program: &'p Program,
    options: SymexOptions,
    symex: Symex,
    blaster: Blaster<Backend>,
    /// Some target property fails, after a word of at most `max_len` letters.
    fail: Lit,
    /// `len_is[m]`: the failing execution's word has `m` letters.
    len_is: Vec<Lit>,
    /// `letter_is[j][a]`: its letter at position `j` is `a`.
    letter_is: Vec<Vec<Lit>>,
    /// `empty_at[j]`: its word has no letter at position `j`.
    empty_at: Vec<Lit>,
    /// The word's terms, to read a model.
    word: crate::symex::Word,
    /// Reachable constructs the executor does not handle (checked once).
    unsupported: Option<Option<String>>,
    solver_calls: u64,
}

impl<'p> ErrorQueries<'p> {
    /// Encodes `program` once for the bound in `options`, whose `events`
    /// name the event points and the longest word.
    pub fn new(program: &'p Program, options: SymexOptions) -> Result<ErrorQueries<'p>, BmcError> {
        let events = options.events.clone().ok_or(BmcError::NoEvents)?;
        // Every model must replay: the encoding is made once per bound.
        let (options, mut symex, mut blaster) = crate::session::encode_once(program, options)?;
        let terms = &mut symex.equation.terms;
        let max = events.max_len as usize;
        // The failing execution's word: at most one property fails per
        // execution (a failure ends it), so an if-then-else chain over the
        // failing properties picks its word.
        let mut fail = FALSE;
        let mut word = crate::symex::Word {
            len: terms.constant(u128::from(events.max_len) + 1, events.length_bits()),
            letters: vec![terms.constant(0, events.letter_bits()); max],
        };
        for c in symex.checks.iter().rev() {
            let (CheckKind::Property(_) | CheckKind::EndOfMain, Some(w)) = (&c.kind, &c.word)
            else {
                continue;
            };
            fail = terms.or(fail, c.violated);
            word = crate::symex::Word {
                len: terms.ite(c.violated, w.len, word.len),
                letters: w
                    .letters
                    .iter()
                    .zip(&word.letters)
                    .map(|(&x, &y)| terms.ite(c.violated, x, y))
                    .collect(),
            };
        }
        let eq_const = |terms: &mut crate::ssa::Terms, t: TermId, v: u128| {
            let w = terms.width(t);
            let c = terms.constant(v, w);
            terms.binary(Binary::Eq, t, c)
        };
        let mut len_is = Vec::with_capacity(max + 1);
        for m in 0..=max {
            let t = eq_const(terms, word.len, m as u128);
            len_is.push(blaster.blast(terms, t)[0]);
        }
        let mut letter_is = Vec::with_capacity(max);
        let mut empty_at = Vec::with_capacity(max);
        for &slot in &word.letters {
            let t = eq_const(terms, slot, 0);
            empty_at.push(blaster.blast(terms, t)[0]);
            let mut row = Vec::with_capacity(events.letters.len());
            for a in 0..events.letters.len() {
                let t = eq_const(terms, slot, a as u128 + 1);
                row.push(blaster.blast(terms, t)[0]);
            }
            letter_is.push(row);
        }
        for &slot in &word.letters {
            blaster.blast(terms, slot);
        }
        blaster.blast(terms, word.len);
        // Failing after a word within the bound.
        let fail_lit = blaster.blast(terms, fail)[0];
        let within = blaster.circuit.or_all(&len_is);
        let fail = blaster.circuit.and(fail_lit, within);
        Ok(ErrorQueries {
            program,
            options,
            symex,
            blaster,
            fail,
            len_is,
            letter_is,
            empty_at,
            word,
            unsupported: None,
            solver_calls: 0,
        })
    }

    pub fn events(&self) -> &Events {
        self.options.events.as_ref().expect("checked in new")
    }

    pub fn stats(&self) -> QueryStats {
        QueryStats {
            solver_calls: self.solver_calls,
            variables: self.blaster.circuit.num_vars(),
            clauses: self.blaster.circuit.num_clauses(),
        }
    }

    /// A construct the executor does not handle that some execution within
    /// the bound reaches: then "no" answers cannot be trusted. Asked once.
    pub fn unsupported(&mut self) -> Option<String> {
        if let Some(known) = &self.unsupported {
            return known.clone();
        }
        let mut found = None;
        for c in &self.symex.checks {
            let CheckKind::Unsupported { reason } = &c.kind else {
                continue;
            };
            let lit = self.blaster.blast(&self.symex.equation.terms, c.violated)[0];
            self.solver_calls += 1;
            if self.blaster.circuit.solve(&[lit]) != SolveResult::Unsat {
                found = Some(reason.clone());
                break;
            }
        }
        self.unsupported = Some(found.clone());
        found
    }

    /// Does some execution need more unwinding than the bound allows (a
    /// loop or a recursion cut)? Then the bounded answers may miss
    /// executions. `None` when the solver gave up.
    pub fn cut_by_unwinding(&mut self) -> Option<bool> {
        let cut = self.symex.bound_cut;
        if cut == FALSE {
            return Some(false);
        }
        let lit = self.blaster.blast(&self.symex.equation.terms, cut)[0];
        self.decide(&[lit])
    }

    /// Does some execution within the unwinding bound fail a target
    /// property after a word longer than the longest word asked about?
    /// `None` when the solver gave up.
    pub fn fails_beyond_length(&mut self) -> Option<bool> {
        let mut fail = FALSE;
        for c in &self.symex.checks {
            if matches!(c.kind, CheckKind::Property(_) | CheckKind::EndOfMain) && c.word.is_some() {
                fail = self.symex.equation.terms.or(fail, c.violated);
            }
        }
        if fail == FALSE {
            return Some(false);
        }
        let fail_lit = self.blaster.blast(&self.symex.equation.terms, fail)[0];
        let within = self.blaster.circuit.or_all(&self.len_is);
        self.decide(&[fail_lit, !within])
    }

    fn decide(&mut self, assumptions: &[Lit]) -> Option<bool> {
        self.solver_calls += 1;
        match self.blaster.circuit.solve(assumptions) {
            SolveResult::Unsat => Some(false),
            SolveResult::Sat => Some(true),
            SolveResult::Unknown => None,
        }
    }

    /// Is there an execution within the bound whose event word is exactly
    /// `word` (letter indices) and which then fails a target property?
    pub fn fails_after(&mut self, word: &[u32]) -> Answer {
        if word.len() >= self.len_is.len()
            || word
                .iter()
                .any(|&a| a as usize >= self.events().letters.len())
        {
            return Answer::No;
        }
        let mut assumptions = vec![self.fail, self.len_is[word.len()]];
        for (j, &a) in word.iter().enumerate() {
            assumptions.push(self.letter_is[j][a as usize]);
        }
        self.solve(&assumptions)
    }

    /// A failing execution within the bound, under extra assumptions (such
    /// as monitors' activation literals).
    pub fn find_failing(&mut self, assumptions: &[Lit]) -> Answer {
        let mut all = vec![self.fail];
        all.extend_from_slice(assumptions);
        self.solve(&all)
    }

    /// A failing execution with the shortest word among those allowed by
    /// `assumptions`: after each one found, the next call asks for a
    /// strictly shorter word, until none is left. Learners converge in fewer
    /// rounds on short counterexamples, and the shortest is canonical in
    /// length, so it does not follow the solver's whims. Costs one call more
    /// than the number of improvements.
    pub fn find_shortest_failing(&mut self, assumptions: &[Lit]) -> Answer {
        let mut best = self.find_failing(assumptions);
        while let Answer::Yes(run) = &best {
            if run.word.is_empty() {
                break;
            }
            let mut all = vec![self.fail];
            all.extend_from_slice(assumptions);
            all.extend(self.len_is[run.word.len()..].iter().map(|&l| !l));
            match self.solve(&all) {
                shorter @ Answer::Yes(_) => best = shorter,
                Answer::No => break,
                // Keep what was found: the solver giving up on a shorter
                // word does not make the longer one wrong.
                Answer::Unknown(_) => break,
            }
        }
        best
    }

    /// Adds `monitor` as a circuit over the failing execution's word, with
    /// `goal` asked of its run under a fresh activation literal.
    pub fn add_monitor(&mut self, monitor: &Monitor, goal: Goal) -> MonitorHandle {
        let c = &mut self.blaster.circuit;
        let n = monitor.accepting.len();
        let mut at: Vec<Lit> = (0..n)
            .map(|q| {
                if q == monitor.initial {
                    Lit::TRUE
                } else {
                    Lit::FALSE
                }
            })
            .collect();
        for j in 0..self.letter_is.len() {
            let mut next = Vec::with_capacity(n);
            for q2 in 0..n {
                // Stay where the word has ended; move on a letter.
                let mut ways = vec![c.and(at[q2], self.empty_at[j])];
                for (q, row) in monitor.delta.iter().enumerate() {
                    for (a, &target) in row.iter().enumerate() {
                        if target == q2 && a < self.letter_is[j].len() {
                            ways.push(c.and(at[q], self.letter_is[j][a]));
                        }
                    }
                }
                next.push(c.or_all(&ways));
            }
            at = next;
        }
        let finals: Vec<Lit> = (0..n)
            .filter(|&q| monitor.accepting[q])
            .map(|q| at[q])
            .collect();
        let accepts = c.or_all(&finals);
        let active = c.fresh();
        let wanted = match goal {
            Goal::Accepted => accepts,
            Goal::Rejected => !accepts,
        };
        c.add_clause(&[!active, wanted]);
        MonitorHandle { active }
    }

    /// A fresh activation literal for clauses the caller adds (see `block`).
    pub fn activation(&mut self) -> Lit {
        self.blaster.circuit.fresh()
    }

    /// Under `active`, no failing execution may have exactly `word`: with
    /// `find_failing(&[active])` repeated, this enumerates every failing
    /// word within the bound, one solver call each.
    pub fn block(&mut self, active: Lit, word: &[u32]) {
        if word.len() >= self.len_is.len() {
            return;
        }
        let mut clause = vec![!active, !self.len_is[word.len()]];
        for (j, &a) in word.iter().enumerate() {
            clause.push(!self.letter_is[j][a as usize]);
        }
        self.blaster.circuit.add_clause(&clause);
    }

    /// Retires a monitor for good: its activation literal becomes false.
    pub fn retire(&mut self, monitor: MonitorHandle) {
        self.blaster.circuit.add_clause(&[!monitor.active]);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Answer {
        self.solver_calls += 1;
        match self.blaster.circuit.solve(assumptions) {
            SolveResult::Unsat => Answer::No,
            SolveResult::Unknown => Answer::Unknown(UnknownReason::SolverGaveUp),
            SolveResult::Sat => self.replay_model(),
        }
    }

    /// The word of the last model, and its execution replayed.
    fn replay_model(&mut self) -> Answer {
        let len = self.blaster.value(self.word.len).unwrap_or(0) as usize;
        let word: Vec<u32> = self.word.letters[..len.min(self.word.letters.len())]
            .iter()
            .map(|&t| self.blaster.value(t).unwrap_or(0).saturating_sub(1) as u32)
            .collect();
        let witness = witness(&self.symex, &self.blaster);
        let mut interp = Interpreter::replaying(self.program, &self.options, &self.symex, &witness);
        match interp.run() {
            Replay::Violated { name, .. } if interp.word == word => {
                Answer::Yes(Box::new(FailingRun {
                    word,
                    property: name,
                    witness,
                    trace: interp.trace,
                }))
            }
            other => {
                // A replay that runs away can record a very long word.
                let shown = &interp.word[..interp.word.len().min(24)];
                Answer::Unknown(UnknownReason::WordReplayDisagrees {
                    word,
                    replay: other,
                    replayed: shown.to_vec(),
                    replayed_len: interp.word.len(),
                })
            }
        }
    }
}
