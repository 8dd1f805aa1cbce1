//! The language of error of a C program (the paper's technique), on the
//! BMC and the learner: the events, the teacher on the BMC's incremental
//! queries, the search over the bounds (paper §6.1), several versions
//! learned side by side (explain, diff, merge) and witness executions of
//! the words. Everything here is data; the command line renders it.

pub mod cfg_paths;
pub mod check;
pub mod events;
pub mod letters;
pub mod search;
pub mod teacher;
pub mod versions;
pub mod witness;

pub use search::{Search, SearchLimits, StopReason};

use cfg_paths::CfgPaths;
use lore_bmc::query::{ErrorQueries, QueryStats};
use lore_bmc::symex::{Events, SymexOptions};
use lore_frontend::ir::{Program, PropertyKind};
use lore_learner::dfa::Dfa;
use lore_learner::draw::Drawing;
use lore_learner::{Algorithm, Exactness, LearnConfig};
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
    /// The SAT solver that answers the queries.
    pub solver: lore_bmc::solver::SolverKind,
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
    /// How the learner stopped, and so what `dfa` is known to be relative
    /// to the teacher's answers (words within b_wl; `trouble` says when the
    /// teacher itself could not answer some).
    pub exactness: Exactness,
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

impl BoundRun {
    /// The automaton is the exact language of error within the bounds: the
    /// solver answered every query and the learner relied on no unknown
    /// answer and was not stopped.
    pub fn is_exact(&self) -> bool {
        self.trouble.is_none() && self.exactness == Exactness::Exact
    }

    /// Why the automaton may not be the exact language within the bounds,
    /// in a sentence; `None` when it is.
    pub fn inexact_because(&self) -> Option<String> {
        if let Some(why) = &self.trouble {
            return Some(format!(
                "some queries had no answer ({why}); the automaton may be inexact"
            ));
        }
        match self.exactness {
            Exactness::Exact => None,
            Exactness::UnknownsReadAsNo { known_answers } => Some(format!(
                "the learner read unknown answers as \"no\" (with {known_answers} known answers): \
                 the automaton agrees with every known answer but may have more states than the smallest that does"
            )),
            Exactness::RoundLimit => Some(
                "learning stopped at the round limit: the automaton is a hypothesis the teacher never checked".into(),
            ),
            Exactness::TeacherGaveUp => {
                Some("the teacher gave up: the automaton is no result".into())
            }
        }
    }
}

/// A stable name of how learning stopped (`exactness` in JSON).
pub fn exactness_name(e: Exactness) -> &'static str {
    match e {
        Exactness::Exact => "exact",
        Exactness::UnknownsReadAsNo { .. } => "unknowns-read-as-no",
        Exactness::RoundLimit => "round-limit",
        Exactness::TeacherGaveUp => "teacher-gave-up",
    }
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
                "executions that go round some loop more than {} time{} (or nest more than {unwind} recursive calls)",
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

/// Why a language cannot be learned (the command line reports it as bad
/// input, exit 2).
#[derive(Debug, thiserror::Error)]
pub enum LearnError {
    /// The chosen events are refused.
    #[error(transparent)]
    Events(#[from] events::EventError),
    /// No letter to learn over.
    #[error(
        "no events: the program has no function with a body besides `main` (use --events branches)"
    )]
    NoEvents,
    /// The program has no assertion of the kind whose failure ends a word.
    #[error("{}", missing_target(*.0))]
    NoTarget(PropertyKind),
    /// The BMC refused the options (an unknown loop in an unwinding set…).
    #[error("{0}")]
    Encoding(String),
    /// An execution within the bounds reaches what the BMC does not handle.
    #[error(
        "an execution within the bounds reaches a construct Lore does not handle \
         ({0}), so the language cannot be learned exactly"
    )]
    Unsupported(String),
    /// The solver gave no answer where the result needs one.
    #[error("{0}")]
    Solver(String),
    /// The search's time budget ran out before its first run finished.
    #[error(
        "the search's time budget ran out before learning at b = {unwind}, b_wl = \
         {max_word_length} finished: give a larger --search-time (0: none) or smaller bounds"
    )]
    OutOfTime { unwind: u32, max_word_length: u32 },
}

fn missing_target(kind: PropertyKind) -> &'static str {
    match kind {
        PropertyKind::LearnAssertion => {
            "the program has no `_Learn_assert`; mark the assertion to learn, or choose \
             one with --assert assert or --assert reach-error"
        }
        PropertyKind::UserAssertion => "the program has no `assert`",
        _ => "the program never calls `reach_error`",
    }
}

impl<'p> Setup<'p> {
    /// The setup for `program` (read from `source`, beside which a
    /// `<source>.f` may list the events): the events `events_option` names
    /// (or the default), and the assertions of kind `target`, which the
    /// program must have (reaching the end of `main` always exists).
    pub fn new(
        program: &'p Program,
        source: &std::path::Path,
        events_option: Option<&str>,
        target: PropertyKind,
        algorithm: Algorithm,
    ) -> Result<Setup<'p>, LearnError> {
        check_target(program, target)?;
        let events = events::choose(program, source, events_option)?;
        if events.letters.is_empty() {
            return Err(LearnError::NoEvents);
        }
        Ok(Setup {
            program,
            events,
            targets: vec![target],
            algorithm,
            solver: Default::default(),
        })
    }

    /// One setup per version (`diff`, `merge`): over the union of the
    /// events each version's own choice gives, numbered alike.
    pub fn versions(
        programs: &[(&'p Program, &std::path::Path)],
        events_option: Option<&str>,
        targets: &[PropertyKind],
        algorithm: Algorithm,
    ) -> Result<Vec<Setup<'p>>, LearnError> {
        for (&(program, _), &target) in programs.iter().zip(targets) {
            check_target(program, target)?;
        }
        let events = events::choose_common(programs, events_option)?;
        if events.first().is_none_or(|e| e.letters.is_empty()) {
            return Err(LearnError::NoEvents);
        }
        Ok(programs
            .iter()
            .zip(events)
            .zip(targets)
            .map(|((&(program, _), events), &target)| Setup {
                program,
                events,
                targets: vec![target],
                algorithm,
                solver: Default::default(),
            })
            .collect())
    }

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
            solver: self.solver,
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
        let mut queries = ErrorQueries::new(self.program, options)
            .map_err(|e| LearnError::Encoding(e.to_string()))?;
        match queries.unsupported() {
            None => Ok(queries),
            Some(reason) => Err(LearnError::Unsupported(reason.to_string())),
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
            exactness: learned.exactness,
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

/// The program has an assertion of kind `target` (the end of `main` is
/// always there).
fn check_target(program: &Program, target: PropertyKind) -> Result<(), LearnError> {
    if target != PropertyKind::EndOfMain && !program.properties.iter().any(|p| p.kind == target) {
        return Err(LearnError::NoTarget(target));
    }
    Ok(())
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
