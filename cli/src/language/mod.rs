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
        let start = Instant::now();
        let mut queries = self.encode(unwind, max_word_length)?;
        let encoding_seconds = start.elapsed().as_secs_f64();
        let mut teacher = ErrorTeacher::new(&mut queries, knowledge, max_word_length as usize);
        let learned = lore_learner::learn(&mut teacher, &LearnConfig::new(self.algorithm));
        let teacher_stats = teacher.stats.clone();
        let trouble = teacher.trouble.clone();
        let solver_queries = std::mem::take(&mut teacher.log);
        let query_seconds = teacher.query_seconds;
        drop(teacher);
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
            seconds: start.elapsed().as_secs_f64(),
            trouble,
            solver_queries,
            query_seconds,
            encoding_seconds,
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
    pub fn min_word_length(&self, knowledge: &Knowledge<'p>) -> Option<u32> {
        knowledge.cfg.shortest_to_assertion().map(|n| n as u32 + 1)
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

/// The search over the bounds (paper Fig. 10).
#[derive(Clone, Debug)]
pub struct SearchLimits {
    pub max_unwind: u32,
    pub max_word_length: u32,
}

/// Every bound pair learned by the search, the chosen one last.
#[derive(Clone, Debug)]
pub struct Search {
    pub runs: Vec<BoundRun>,
    /// The first b_wl tried (the CFG estimate).
    pub min_word_length: u32,
    /// The last run met the stopping rule (else the limits ended the search).
    pub converged: bool,
    /// b_wl steps made for the last run's b.
    pub iterations: u32,
}

impl<'p> Setup<'p> {
    /// For b = 1, 2, … and b_wl from the CFG estimate up: stop when the
    /// automaton equals the previous one, accepts something and no edge
    /// leaves an accepting state. Beyond b = 1 only if the program has loops or recursion.
    pub fn search(
        &self,
        knowledge: &mut Knowledge<'p>,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&BoundRun),
    ) -> Result<Search, LearnError> {
        let Some(min) = self.min_word_length(knowledge) else {
            // No path reaches the assertion: the language is empty at every bound.
            let run = self.learn_at(knowledge, 1, 1)?;
            progress(&run);
            return Ok(Search {
                runs: vec![run],
                min_word_length: 1,
                converged: true,
                iterations: 1,
            });
        };
        let max_unwind = if self.has_loops_or_recursion() {
            limits.max_unwind.max(1)
        } else {
            1
        };
        let mut runs: Vec<BoundRun> = Vec::new();
        let mut iterations = 0;
        for b in 1..=max_unwind {
            let mut previous: Option<Dfa> = None;
            iterations = 0;
            for wl in min..=limits.max_word_length.max(min) {
                let run = self.learn_at(knowledge, b, wl)?;
                progress(&run);
                iterations += 1;
                let same = previous.as_ref().is_some_and(|p| p.equivalent(&run.dfa));
                previous = Some(run.dfa.clone());
                // An empty language is not an answer yet: more unwinding
                // or longer words may reach the error (the paper's tool
                // also waits for an accepting state).
                let done =
                    same && !run.drawing.empty && !run.drawing.has_edges_leaving_acceptance();
                runs.push(run);
                if done {
                    return Ok(Search {
                        runs,
                        min_word_length: min,
                        converged: true,
                        iterations,
                    });
                }
            }
        }
        Ok(Search {
            runs,
            min_word_length: min,
            converged: false,
            iterations,
        })
    }
}
