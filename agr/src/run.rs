//! The AGR loop (the paper's Algorithm 2): learn an assumption for
//! M1 ‖ M2ⁱ ⊨ P; when the teacher meets a real error, repair M2ⁱ and go on
//! learning for M2ⁱ⁺¹ with every answer about M1 and P kept (they depend on
//! the traces' actions only); stop when an assumption is found, when the
//! answer is unknown, or after `max_iterations` repairs.

use crate::assume::{assume_guarantee, Answers, Report, Verdict};
use crate::automaton::Component;
use crate::machine::Machine;
use crate::product::Step;
use crate::repair::{repair, Method, Repair};
use crate::system::System;
use std::time::{Duration, Instant};

/// One repair: the error that caused it and what was done.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub found_by: &'static str,
    /// The error trace (M2's steps as actions of the machine before the
    /// repair) and a component that names those actions.
    pub trace: Vec<(Step, Vec<i128>)>,
    pub letters: Component,
    pub repair: Repair,
    /// Whether the state t2 reached had no way on (a return): then ψ can go
    /// into the C source just before it.
    pub at_the_end: bool,
}

#[derive(Clone, Debug)]
pub struct Agr {
    pub iterations: Vec<Iteration>,
    /// The last round of learning: its verdict is the answer for the
    /// repaired M2 (an assumption, an error left, or unknown).
    pub last: Report,
    /// M2 as repaired.
    pub machine: Machine,
    pub seconds: f64,
    /// M1 violates P with an M2 that does nothing and ends: no repair of
    /// M2 can help (this error trace, against that empty M2), and none
    /// was tried.
    pub m1_alone: Option<Vec<(Step, Vec<i128>)>>,
    /// After repairs: whether M1 ‖ M2 has a complete run (every program
    /// at its end, P wherever it is), and whether M1 ‖ M2 as repaired has
    /// one ([`crate::check::completes`]: `None` where neither is shown). A
    /// repair that leaves none satisfies P by removing every good run.
    pub complete_runs: Option<(Option<bool>, Option<bool>)>,
}

/// How the AGR loop runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// How an error trace without constraints is removed.
    pub method: Method,
    /// Steps of bounded model checking before k-induction.
    pub bound: u32,
    /// For the whole run.
    pub time: Duration,
    /// Repairs before giving up.
    pub max_iterations: usize,
    /// Of `time`, at most this much for making the assumption smaller
    /// once one is found ([`crate::shrink`]).
    pub shrink: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            method: Method::Approximate,
            bound: 12,
            time: Duration::from_secs(60),
            max_iterations: 10,
            shrink: Duration::from_millis(500),
        }
    }
}

pub fn agr(system: &System, settings: &Settings) -> Agr {
    agr_reporting(system, settings, &mut |_| {})
}

/// [`agr`], telling `progress` what each round of learning and each
/// repair did, as a line of text.
pub fn agr_reporting(system: &System, settings: &Settings, progress: &mut dyn FnMut(&str)) -> Agr {
    let Settings {
        method,
        bound,
        time,
        max_iterations,
        shrink,
    } = *settings;
    let started = Instant::now();
    let left = || time.saturating_sub(started.elapsed());
    let mut machine = Machine::of(&system.m2);
    let mut answers = Answers::default();
    let mut iterations = Vec::new();
    loop {
        progress(&format!(
            "learning an assumption for M2{} ({} states)",
            if iterations.is_empty() {
                ""
            } else {
                " as repaired"
            },
            machine.states
        ));
        let report = assume_guarantee(system, &machine, &mut answers, bound, left(), shrink);
        progress(&format!(
            "{} membership and {} equivalence queries, {:.2} s: {}",
            report.membership,
            report.equivalence,
            started.elapsed().as_secs_f64(),
            match &report.verdict {
                Verdict::Holds {
                    assumption,
                    learned,
                    ..
                } => format!(
                    "an assumption of {} states (learned with {learned})",
                    assumption.num_states()
                ),
                Verdict::Error { found_by, trace } =>
                    format!("{found_by} found an error trace of {} steps", trace.len()),
                Verdict::Unknown(why) => format!("no answer ({why})"),
            }
        ));
        let done = |iterations: Vec<Iteration>, report: Report, machine: Machine, m1_alone| {
            // A few seconds at most: this asks only whether good runs are
            // left, after the answer.
            let time = Duration::from_secs(10)
                .min(time.saturating_sub(started.elapsed()))
                .max(Duration::from_millis(500));
            let complete_runs = (!iterations.is_empty()).then(|| {
                (
                    crate::check::completes(system, &system.m2, bound, time),
                    crate::check::completes(system, &machine.component(&system.m2), bound, time),
                )
            });
            Agr {
                iterations,
                last: report,
                machine,
                seconds: started.elapsed().as_secs_f64(),
                m1_alone,
                complete_runs,
            }
        };
        let Verdict::Error { trace, found_by } = &report.verdict else {
            return done(iterations, report, machine, None);
        };
        if iterations.is_empty() {
            // Before any repair: can M2 help at all?
            let empty = crate::check::empty_component(&system.m2);
            if let Some(alone) = crate::check::find_error(system, &empty, bound) {
                progress("M1 violates P with an M2 that does nothing: no repair of M2 can help");
                return done(iterations, report, machine, Some(alone));
            }
        }
        if iterations.len() >= max_iterations || left().is_zero() {
            return done(iterations, report, machine, None);
        }
        let t2 = crate::repair::t2_of(trace);
        let at_the_end = machine.run(&t2).is_some_and(|(states, _)| {
            let q = *states.last().unwrap_or(&machine.initial);
            !machine.transitions.iter().any(|t| t.0 == q)
        });
        let fixed = repair(system, &machine, trace, method, bound, left());
        iterations.push(Iteration {
            found_by,
            trace: trace.clone(),
            letters: machine.letters(&system.m2),
            repair: fixed.clone(),
            at_the_end,
        });
        progress(&format!(
            "iteration {}: repaired by {}; M2 now has {} states",
            iterations.len(),
            fixed.describe(),
            fixed.machine.states
        ));
        machine = fixed.machine;
    }
}
