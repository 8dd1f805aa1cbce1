//! Learning the language of error of a C program: the events, the teacher
//! on the BMC's incremental queries, and the search over the bounds
//! (paper §6.1). `lore learn` prints what this computes; the paper
//! benchmark calls it directly.

pub mod cfg_paths;
pub mod check;
pub mod events;
pub mod teacher;

use cfg_paths::CfgPaths;
use lore_bmc::query::{ErrorQueries, QueryStats};
use lore_bmc::symex::{Events, SymexOptions};
use lore_frontend::ir::{Program, PropertyKind};
use lore_learner::dfa::Dfa;
use lore_learner::draw::Drawing;
use lore_learner::{Algorithm, LearnConfig};
use rustc_hash::FxHashMap;
use std::time::Instant;
use teacher::{ErrorTeacher, Knowledge, TeacherStats};

/// What is learned: the program, its events and the assertions whose
/// failure ends a word.
pub struct Setup<'p> {
    pub program: &'p Program,
    pub events: Events,
    pub targets: Vec<PropertyKind>,
    pub algorithm: Algorithm,
}

/// The automaton learned at one pair of bounds, and what it cost.
#[derive(Clone, Debug)]
pub struct BoundRun {
    /// b: loops and recursion unwound at most this many times.
    pub unwind: u32,
    /// b_wl: the longest word, the assertion letter included.
    pub max_word_length: u32,
    /// The minimal automaton (complete, with its rejecting sink).
    pub dfa: Dfa,
    /// The drawing: sink removed, dominators and doomed states.
    pub drawing: Drawing,
    pub teacher: TeacherStats,
    /// Hypotheses the learner built.
    pub rounds: u64,
    pub encoding: QueryStats,
    pub seconds: f64,
    /// The solver could not answer some query: the automaton is not exact.
    pub trouble: Option<String>,
    /// The queries that reached the solver, and the seconds they took.
    pub solver_queries: Vec<teacher::SolverQuery>,
    pub query_seconds: f64,
    /// Seconds of the one encoding.
    pub encoding_seconds: f64,
    /// Which executions these bounds leave out.
    pub cut: Cut,
    /// Seconds of the two queries that found `cut` (not in `seconds`).
    pub cut_seconds: f64,
}

/// Which executions a pair of bounds leaves out (`None`: the solver could
/// not tell, so assume some are).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// Some execution needs more loop iterations or deeper recursion than b.
    pub by_unwinding: Option<bool>,
    /// Some failing execution within b has a word longer than b_wl.
    pub by_length: Option<bool>,
}

impl Cut {
    /// No execution is left out: the automaton is the whole language.
    pub fn complete(&self) -> bool {
        self.by_unwinding == Some(false) && self.by_length == Some(false)
    }

    /// What the bounds leave out, in words (empty when nothing).
    pub fn explain(&self, unwind: u32, max_word_length: u32) -> String {
        let mut parts = Vec::new();
        match self.by_unwinding {
            Some(false) => {}
            Some(true) => parts.push(format!(
                "executions that run some loop body more than {} time{} (or nest more than {unwind} recursive calls)",
                unwind.saturating_sub(1),
                if unwind == 2 { "" } else { "s" }
            )),
            None => parts.push("possibly executions cut by the unwinding bound (the solver gave up)".to_string()),
        }
        match self.by_length {
            Some(false) => {}
            Some(true) => parts.push(format!(
                "executions whose words are longer than {max_word_length} letters"
            )),
            None => parts.push("possibly longer failing words (the solver gave up)".to_string()),
        }
        parts.join("; ")
    }
}

/// Learning fails: the bounds reach something the BMC does not handle.
#[derive(Debug)]
pub struct LearnError(pub String);

impl<'p> Setup<'p> {
    /// The knowledge kept across bounds.
    pub fn knowledge(&self) -> Knowledge<'p> {
        Knowledge {
            cfg: CfgPaths::new(self.program, self.events.clone(), self.targets.clone()),
            failing: FxHashMap::default(),
        }
    }

    /// The BMC's options for (b, b_wl): bounded semantics (no unwinding
    /// assertions, as the paper), the target assertions, the events.
    pub fn options_at(&self, unwind: u32, max_word_length: u32) -> SymexOptions {
        let mut events = self.events.clone();
        events.max_len = max_word_length.saturating_sub(1);
        SymexOptions {
            unwind,
            unwinding_assertions: false,
            check_kinds: self.targets.clone(),
            events: Some(events),
            ..SymexOptions::default()
        }
    }

    /// The program encoded once for (b, b_wl), refused if an execution
    /// within the bounds reaches a construct the BMC does not handle.
    pub fn encode(
        &self,
        unwind: u32,
        max_word_length: u32,
    ) -> Result<ErrorQueries<'p>, LearnError> {
        let options = self.options_at(unwind, max_word_length);
        let mut queries = ErrorQueries::new(self.program, options).map_err(LearnError)?;
        match queries.unsupported() {
            None => Ok(queries),
            Some(reason) => Err(LearnError(format!(
                "an execution within the bounds reaches a construct Lore does not handle \
                 ({reason}), so the language cannot be learned exactly"
            ))),
        }
    }

    /// Encodes the program once for (b, b_wl) and learns its language of error.
    pub fn learn_at(
        &self,
        knowledge: &mut Knowledge<'p>,
        unwind: u32,
        max_word_length: u32,
    ) -> Result<BoundRun, LearnError> {
        self.learn_until(knowledge, unwind, max_word_length, None)
    }

    /// `learn_at`, with no solver call after `deadline` (the run then has
    /// `trouble` = `teacher::OUT_OF_TIME` and is not exact).
    pub fn learn_until(
        &self,
        knowledge: &mut Knowledge<'p>,
        unwind: u32,
        max_word_length: u32,
        deadline: Option<Instant>,
    ) -> Result<BoundRun, LearnError> {
        let start = Instant::now();
        let mut queries = self.encode(unwind, max_word_length)?;
        let encoding_seconds = start.elapsed().as_secs_f64();
        let mut teacher = ErrorTeacher::new(&mut queries, knowledge, max_word_length as usize);
        teacher.deadline = deadline;
        let learned = lore_learner::learn(&mut teacher, &LearnConfig::new(self.algorithm));
        let teacher_stats = teacher.stats.clone();
        if lore_learner::teacher::Teacher::give_up(&teacher) {
            teacher
                .trouble
                .get_or_insert(teacher::OUT_OF_TIME.to_string());
        }
        let trouble = teacher.trouble.clone();
        let solver_queries = std::mem::take(&mut teacher.log);
        let query_seconds = teacher.query_seconds;
        drop(teacher);
        // The learning's time (Table 1's); the cut queries come on top.
        let seconds = start.elapsed().as_secs_f64();
        let cut_start = Instant::now();
        let cut = if trouble.is_some() {
            // An inexact run proves nothing about what it leaves out.
            Cut {
                by_unwinding: None,
                by_length: None,
            }
        } else {
            Cut {
                by_unwinding: queries.cut_by_unwinding(),
                by_length: queries.fails_beyond_length(),
            }
        };
        // Beyond b_wl nothing is known: keep only the transitions that the
        // words within the bound use (same language within the bound).
        let dfa = learned
            .dfa
            .prune_beyond(max_word_length as usize)
            .minimize();
        let drawing = Drawing::new(&dfa);
        Ok(BoundRun {
            unwind,
            max_word_length,
            dfa,
            drawing,
            teacher: teacher_stats,
            rounds: learned.stats.rounds,
            encoding: queries.stats(),
            seconds,
            trouble,
            solver_queries,
            query_seconds,
            encoding_seconds,
            cut,
            cut_seconds: cut_start.elapsed().as_secs_f64(),
        })
    }

    /// Does raising b beyond 1 change anything (loops or recursion)?
    pub fn has_loops_or_recursion(&self) -> bool {
        let p = self.program;
        p.functions
            .iter()
            .any(|f| f.body.as_ref().is_some_and(|b| !b.loops.is_empty()))
            || calls_recursive(p)
    }

    /// A lower bound on b_wl: the fewest events on a CFG path to the
    /// assertion, plus the assertion letter.
    pub fn min_word_length(&self, knowledge: &Knowledge<'p>) -> cfg_paths::Shortest {
        knowledge.cfg.shortest_to_assertion()
    }
}

/// Is some function reachable from itself in the call graph?
fn calls_recursive(p: &Program) -> bool {
    use lore_frontend::ir::{Callee, StmtKind};
    let n = p.functions.len();
    let callees: Vec<Vec<usize>> = p
        .functions
        .iter()
        .map(|f| {
            let mut out = Vec::new();
            for block in f.body.iter().flat_map(|b| &b.blocks) {
                for s in &block.stmts {
                    match &s.kind {
                        StmtKind::Call {
                            callee: Callee::Direct(g),
                            ..
                        } => out.push(g.index()),
                        // A call through a pointer may go anywhere.
                        StmtKind::Call { .. } => out.extend(0..n),
                        _ => {}
                    }
                }
            }
            out
        })
        .collect();
    (0..n).any(|start| {
        let mut seen = vec![false; n];
        let mut todo = callees[start].clone();
        while let Some(f) = todo.pop() {
            if f == start {
                return true;
            }
            if !std::mem::replace(&mut seen[f], true) {
                todo.extend(&callees[f]);
            }
        }
        false
    })
}

/// The search over the bounds (paper §6.1): how far it may go, and which
/// bound the user fixed.
#[derive(Clone, Debug)]
pub struct SearchLimits {
    pub max_unwind: u32,
    pub max_word_length: u32,
    /// b given by the user: only b_wl is searched.
    pub fixed_unwind: Option<u32>,
    /// b_wl given by the user: only b is searched.
    pub fixed_word_length: Option<u32>,
    /// The most pairs of bounds learned (each is one encoding).
    pub max_runs: u32,
    /// Seconds after which no new solver call is made; a run cut short by
    /// it is dropped and the search ends with the previous result.
    pub max_seconds: Option<f64>,
}

/// Why the search stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Both bounds were given: one run at them.
    Given,
    /// No execution is cut by either bound: the automaton is the whole
    /// language of error, at every bound.
    Complete,
    /// The automaton stopped changing as the bounds grew (the paper's rule,
    /// checked on languages); executions beyond the bounds may exist.
    Stable,
    /// The search limits were reached before either of the above.
    Limits,
    /// The search's time budget ran out.
    Time,
}

impl StopReason {
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Given => "given",
            StopReason::Complete => "complete",
            StopReason::Stable => "stable",
            StopReason::Limits => "limits",
            StopReason::Time => "time",
        }
    }
}

/// Every bound pair learned by the search, the chosen one last.
#[derive(Clone, Debug)]
pub struct Search {
    pub runs: Vec<BoundRun>,
    /// The first b_wl tried (the CFG estimate).
    pub min_word_length: u32,
    pub stop: StopReason,
    /// b_wl steps made for the last run's b.
    pub iterations: u32,
}

impl Search {
    /// The result is the paper's converged automaton or better.
    pub fn converged(&self) -> bool {
        matches!(self.stop, StopReason::Complete | StopReason::Stable)
    }

    /// The chosen run.
    pub fn last(&self) -> &BoundRun {
        self.runs.last().expect("a search makes at least one run")
    }

    /// One sentence: why the search stopped, and what the result leaves out.
    pub fn stopping(&self) -> String {
        let last = self.last();
        let left_out = last.cut.explain(last.unwind, last.max_word_length);
        let why = match self.stop {
            StopReason::Given => "learned at the given bounds",
            StopReason::Complete => "no execution is cut by the bounds",
            StopReason::Stable => "the automaton stopped changing as the bounds grew",
            StopReason::Limits => {
                "the search reached its limits (--search-max-unwind, --search-max-word-length, --search-max-runs)"
            }
            StopReason::Time => "the search's time budget ran out (--search-time)",
        };
        if last.cut.complete() {
            format!("{why}: the result is the whole language, at every bound")
        } else {
            format!("{why}; the result is bounded: it leaves out {left_out}")
        }
    }
}

impl<'p> Setup<'p> {
    /// For b = 1, 2, … (unless fixed) and, at each b, b_wl from the CFG
    /// estimate (or where the previous b settled) up (unless fixed). At a
    /// b, raising b_wl stops when no failing execution has a longer word,
    /// or when the automaton equals the previous one, accepts something
    /// and no edge leaves an accepting state (the paper's rule). Raising b
    /// stops when no execution is cut by either bound, or when two raises
    /// in a row left the automaton unchanged and it accepts something. An
    /// empty language is never a reason to stop unless no execution is
    /// cut: "no execution fails" is then a proof. `max_runs` bounds the
    /// number of encodings, so a search always ends.
    pub fn search(
        &self,
        knowledge: &mut Knowledge<'p>,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&BoundRun),
    ) -> Result<Search, LearnError> {
        let min = match self.min_word_length(knowledge) {
            cfg_paths::Shortest::Length(n) => n as u32 + 1,
            // Nothing known (a call the CFG search cannot follow): from 1.
            cfg_paths::Shortest::Unknown => 1,
            cfg_paths::Shortest::Unreachable => {
                // No path reaches the assertion: empty at every bound.
                let b = limits.fixed_unwind.unwrap_or(1);
                let wl = limits.fixed_word_length.unwrap_or(1);
                let run = self.learn_at(knowledge, b, wl)?;
                progress(&run);
                return Ok(Search {
                    runs: vec![run],
                    min_word_length: wl,
                    stop: StopReason::Complete,
                    iterations: 1,
                });
            }
        };
        let deadline = limits
            .max_seconds
            .map(|s| Instant::now() + std::time::Duration::from_secs_f64(s));
        let has_loops = self.has_loops_or_recursion();
        let unwinds: Vec<u32> = match limits.fixed_unwind {
            Some(b) => vec![b],
            None if has_loops => (1..=limits.max_unwind.max(1)).collect(),
            None => vec![1],
        };
        let max_wl = limits.max_word_length.max(min);
        let mut runs: Vec<BoundRun> = Vec::new();
        let mut iterations = 0;
        let mut previous_b: Option<Dfa> = None;
        let mut unchanged_raises = 0;
        let mut start_wl = min;
        for &b in &unwinds {
            let lengths: Vec<u32> = match limits.fixed_word_length {
                Some(wl) => vec![wl],
                None => (start_wl..=max_wl).collect(),
            };
            let mut previous_wl: Option<Dfa> = None;
            iterations = 0;
            let mut length_settled = limits.fixed_word_length.is_some();
            for &wl in &lengths {
                if runs.len() as u32 >= limits.max_runs {
                    return Ok(self.found(runs, min, StopReason::Limits, iterations));
                }
                let run = self.learn_until(knowledge, b, wl, deadline)?;
                if run.trouble.as_deref() == Some(teacher::OUT_OF_TIME) {
                    if runs.is_empty() {
                        return Err(LearnError(format!(
                            "the search's time budget ran out before learning at b = {b}, b_wl = {wl} \
                             finished: give a larger --search-time (0: none) or smaller bounds"
                        )));
                    }
                    return Ok(self.found(runs, min, StopReason::Time, iterations));
                }
                progress(&run);
                iterations += 1;
                let same = previous_wl.as_ref().is_some_and(|p| p.equivalent(&run.dfa));
                let stable =
                    same && !run.drawing.empty && !run.drawing.has_edges_leaving_acceptance();
                let no_longer = run.cut.by_length == Some(false);
                previous_wl = Some(run.dfa.clone());
                runs.push(run);
                if no_longer || stable {
                    length_settled = true;
                    break;
                }
            }
            let last = runs.last().expect("a run at this b");
            if last.cut.complete() {
                return Ok(self.found(runs, min, StopReason::Complete, iterations));
            }
            // Longer words come with more unwinding: start there next time.
            start_wl = last.max_word_length;
            // Stable over two raises of b in a row: one raise that changes
            // nothing is common (a loop that must run three times to fail
            // shows up only at b = 4).
            if previous_b.as_ref().is_some_and(|p| p.equivalent(&last.dfa)) {
                unchanged_raises += 1;
            } else {
                unchanged_raises = 0;
            }
            let b_settled = limits.fixed_unwind.is_some() || !has_loops || unchanged_raises >= 2;
            if b_settled && length_settled && !last.drawing.empty {
                return Ok(self.found(runs, min, StopReason::Stable, iterations));
            }
            previous_b = Some(last.dfa.clone());
        }
        Ok(self.found(runs, min, StopReason::Limits, iterations))
    }

    fn found(&self, runs: Vec<BoundRun>, min: u32, stop: StopReason, iterations: u32) -> Search {
        Search {
            runs,
            min_word_length: min,
            stop,
            iterations,
        }
    }
}
