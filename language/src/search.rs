//! The search over the bounds (paper §6.1): which pairs (b, b_wl) to learn
//! at, when to stop, and why it stopped.

use crate::teacher::Knowledge;
use crate::{cfg_paths, teacher, BoundRun, LearnError, Setup};
use lore_learner::dfa::Dfa;
use std::time::Instant;

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
    /// The BMC gave no answer to a query at the next bounds (the solver
    /// gave up, or a run did not replay): the search stops at the last
    /// bounds learned without one.
    NoAnswer,
}

impl StopReason {
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Given => "given",
            StopReason::Complete => "complete",
            StopReason::Stable => "stable",
            StopReason::Limits => "limits",
            StopReason::Time => "time",
            StopReason::NoAnswer => "no answer",
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
            StopReason::NoAnswer => {
                "the BMC gave no answer to a query at the next bounds (the solver gave up, or a run did not replay); the result is the last bounds learned without one"
            }
        };
        if last.cut.complete() {
            format!("{why}: the result is the whole language, at every bound")
        } else {
            format!("{why}; the result is bounded: it leaves out {left_out}")
        }
    }
}

impl<'p> Setup<'p> {
    /// Learns at the bounds `limits` fixes when it fixes both (one run,
    /// stop reason [`StopReason::Given`]); else searches the other (or
    /// both). `progress` sees each run as it finishes.
    pub fn learn_bounds(
        &self,
        knowledge: &mut Knowledge<'p>,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&BoundRun),
    ) -> Result<Search, LearnError> {
        match (limits.fixed_unwind, limits.fixed_word_length) {
            (Some(b), Some(wl)) => {
                let run = self.learn_at(knowledge, b, wl)?;
                progress(&run);
                Ok(Search {
                    runs: vec![run],
                    min_word_length: wl,
                    stop: StopReason::Given,
                    iterations: 1,
                })
            }
            _ => self.search(knowledge, limits, progress),
        }
    }

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
                        return Err(LearnError::OutOfTime {
                            unwind: b,
                            max_word_length: wl,
                        });
                    }
                    return Ok(self.found(runs, min, StopReason::Time, iterations));
                }
                if run.trouble.is_some() && !runs.is_empty() {
                    return Ok(self.found(runs, min, StopReason::NoAnswer, iterations));
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
