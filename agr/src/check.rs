//! Does M1 ‖ M2 (or M1 ‖ A) satisfy P? The product program checked by
//! Lore's verification portfolio: bounded model checking (the scheduler's
//! loop unwound, with unwinding assertions so that nothing is cut
//! silently), deepened, then k-induction with loop invariants for every
//! number of steps. An error is the counterexample's choices, replayed.

use crate::automaton::Component;
use crate::product::{build, build_as, chosen, Product, Shape, Step};
use crate::property::Label;
use crate::system::System;
use lore_bmc::check::Verdict;
use lore_bmc::kinduction::Induction;
use lore_bmc::portfolio::{verify_portfolio, Portfolio};
use lore_bmc::symex::SymexOptions;
use lore_bmc::verify::Status;
use std::time::{Duration, Instant};

/// What the check found.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// No error for any number of steps; how it was proved.
    Holds(String),
    /// An error trace: the product's steps, in order, each with the
    /// values drawn while it ran.
    Error(Vec<(Step, Vec<i128>)>),
    /// No error within the bound, and no proof: why.
    Unknown(String),
}

/// How long the portfolio runs on a looping product before concrete runs
/// are sampled for invariants (and the rest of the time is theirs).
const FIRST_TRY: Duration = Duration::from_secs(2);

/// The unwinding of the scheduler's loop: `bound`, or where the control
/// graph has no cycle, one more than its longest run (every run is then
/// seen, and the unwinding assertion holds).
fn deep_enough(product: &Product, bound: u32) -> u32 {
    let longest = product
        .longest_run
        .and_then(|n| u32::try_from(n + 2).ok())
        .unwrap_or(0);
    bound.max(longest).max(2)
}

/// Checks the system with `m2` standing for M2 (M2 itself, or an
/// assumption over its actions), within `time`.
pub fn check(system: &System, m2: &Component, bound: u32, time: Duration) -> Outcome {
    check_as(system, m2, bound, time, Shape::Graph)
}

/// [`check`] on the product program of the given shape.
pub fn check_as(
    system: &System,
    m2: &Component,
    bound: u32,
    time: Duration,
    shape: Shape,
) -> Outcome {
    check_product(system, m2, &build_as(system, m2, shape), bound, time)
}

/// [`check`] on a product program already built for `m2`.
pub fn check_product(
    system: &System,
    m2: &Component,
    product: &Product,
    bound: u32,
    time: Duration,
) -> Outcome {
    if let Err(why) = product.program.verify() {
        return Outcome::Unknown(format!(
            "the product is not a well-formed program (a bug in Lore): {why}"
        ));
    }
    let options = SymexOptions {
        unwind: deep_enough(product, bound),
        unwinding_assertions: true,
        ..SymexOptions::default()
    };
    let started = Instant::now();
    let run = |samples, deepen_to, time| {
        let portfolio = Portfolio {
            k_induction: true,
            deepen_to: Some(deepen_to),
            deadline: Some((Instant::now(), time)),
            memory: None,
            plain_step_first: true,
            samples,
        };
        verify_portfolio(&product.program, &options, &portfolio, &mut |_| {})
    };
    // The portfolio as it is, for a few seconds at most where the product
    // loops; where that leaves the answer open, concrete runs whose header
    // states suggest invariants to k-induction (crate::sample), and deeper
    // bounds, in the rest of the time. Most products are proved without
    // the runs, which would cost them a second or more.
    let first = if product.longest_run.is_none() {
        time.min(FIRST_TRY)
    } else {
        time
    };
    let mut outcome = match run(Default::default(), bound.max(2) * 4, first) {
        Ok(o) => o,
        Err(e) => return Outcome::Unknown(e.to_string()),
    };
    let open = !matches!(outcome.report.verdict, Verdict::True)
        && !outcome
            .report
            .properties
            .iter()
            .any(|p| matches!(p.status, Status::Fails { .. }));
    let deadline = started + time;
    if open && product.longest_run.is_none() && Instant::now() < deadline {
        let samples = crate::sample::runs(system, m2, product, deadline);
        let left = deadline.saturating_duration_since(Instant::now());
        match run(samples, bound.max(2) * 16, left) {
            Ok(o) => outcome = o,
            Err(e) => return Outcome::Unknown(e.to_string()),
        }
    }
    for p in &outcome.report.properties {
        if p.name != product.property {
            continue;
        }
        if let Status::Fails { inputs, .. } = &p.status {
            return Outcome::Error(error_trace(system, m2, product, &chosen(product, inputs)));
        }
    }
    match (&outcome.report.verdict, &outcome.induction) {
        (Verdict::True, Some(Induction::Proved { k: 0, .. })) => {
            Outcome::Holds("k-induction with loop summaries".into())
        }
        (Verdict::True, Some(Induction::Proved { k, .. })) => {
            Outcome::Holds(format!("k-induction, k = {k}"))
        }
        (Verdict::True, _) if !outcome.report.bound_cut => {
            Outcome::Holds("bounded model checking: every execution ends within the bound".into())
        }
        (_, Some(Induction::NotProved(why))) => Outcome::Unknown(format!("k-induction: {why}")),
        (Verdict::Unknown(why), _) => Outcome::Unknown(why.to_string()),
        (v, _) => Outcome::Unknown(format!("{v:?}")),
    }
}

/// M2 replaced by a program that does nothing and ends at once (for "does
/// M1 violate P on its own?").
pub fn empty_component(m2: &Component) -> Component {
    Component {
        states: 1,
        initial: 0,
        accepting: vec![true],
        transitions: Vec::new(),
        ..m2.clone()
    }
}

/// Whether M1 ‖ `m2` has a complete run: every program at its end, with
/// P's constraints as they are but none of its states an obstacle (P is
/// replaced by one that lets every channel action happen and calls the end
/// an error). `Some(true)`: one found within `bound` steps; `Some(false)`:
/// proved that none exists, for every number of steps; `None`: neither.
pub fn completes(system: &System, m2: &Component, bound: u32, time: Duration) -> Option<bool> {
    match check(&anything_ends(system, &system.property), m2, bound, time) {
        Outcome::Error(_) => Some(true),
        Outcome::Holds(_) => Some(false),
        Outcome::Unknown(_) => None,
    }
}

/// `system` with P replaced by the property "reaching the end is an
/// error" over the channel actions of `p` (with `p`'s constraints).
pub fn anything_ends(system: &System, p: &crate::property::Property) -> System {
    let mut labels: Vec<crate::property::Label> = Vec::new();
    for l in p.channel_labels() {
        if !labels.contains(l) {
            labels.push(l.clone());
        }
    }
    let mut any = system.clone();
    any.property = crate::property::Property {
        states: vec!["any".into()],
        initial: 0,
        error: vec![true],
        transitions: labels
            .into_iter()
            .map(|label| crate::property::Transition {
                from: 0,
                to: 0,
                label,
                at: (0, 0),
            })
            .collect(),
        constraints: p.constraints.clone(),
    };
    any
}

/// Looks for an error within `bound` scheduler steps only (no proof):
/// `Holds` here means only that none was found.
pub fn find_error(system: &System, m2: &Component, bound: u32) -> Option<Vec<(Step, Vec<i128>)>> {
    let product = build(system, m2);
    let options = SymexOptions {
        unwind: deep_enough(&product, bound),
        unwinding_assertions: false,
        ..SymexOptions::default()
    };
    let report = lore_bmc::verify::verify(&product.program, &options).ok()?;
    report.properties.iter().find_map(|p| match &p.status {
        Status::Fails { inputs, .. } if p.name == product.property => {
            Some(error_trace(system, m2, &product, &chosen(&product, inputs)))
        }
        _ => None,
    })
}

/// The chosen steps up to the first state that is an error (the run may
/// have drawn a choice after it).
fn error_trace(
    system: &System,
    m2: &Component,
    product: &Product,
    choices: &[(usize, Vec<i128>)],
) -> Vec<(Step, Vec<i128>)> {
    let (mut q1, mut q2, mut p) = (system.m1.initial, m2.initial, system.property.initial);
    let error = |q1: usize, q2: usize, p: usize| {
        system.m1.accepting[q1] && m2.accepting[q2] && system.property.error[p]
    };
    let mut trace = Vec::new();
    for (k, values) in choices {
        if error(q1, q2, p) {
            break;
        }
        let step = &product.steps[*k];
        if let Some(i) = step.m1 {
            q1 = system.m1.transitions[i].to;
        }
        if let Some(i) = step.m2 {
            q2 = m2.transitions[i].to;
        }
        if let Some(i) = step.p {
            p = system.property.transitions[i].to;
        }
        trace.push((step.clone(), values.clone()));
    }
    trace
}

/// A step as text: what each program and P do, with source lines.
pub fn describe(system: &System, m2: &Component, step: &Step) -> String {
    let [a, b, p] = describe_parts(system, m2, step);
    [a, b, p]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("  |  ")
}

/// What M1, M2 and P each do in a step, where they take part: M1's and
/// M2's as `name: line N: source`, P's as `P: from label to`.
pub fn describe_parts(system: &System, m2: &Component, step: &Step) -> [Option<String>; 3] {
    let text = |c: &Component, i: usize| {
        let t = &c.transitions[i];
        let line = system.source_line(t.loc);
        let what = match &t.action {
            crate::automaton::Action::Constraint(_) if t.loc.line > 0 => {
                format!("condition at line {}: {line}", t.loc.line)
            }
            _ if t.loc.line > 0 => format!("line {}: {line}", t.loc.line),
            _ => "(no source)".to_string(),
        };
        format!("{}: {what}", c.name)
    };
    let p = step.p.map(|k| {
        let t = &system.property.transitions[k];
        let states = &system.property.states;
        let label = match &t.label {
            Label::Constraint(..) => format!("{}", t.label),
            other => format!("{other}"),
        };
        format!("P: {} {label} {}", states[t.from], states[t.to])
    });
    [
        step.m1.map(|i| text(&system.m1, i)),
        step.m2.map(|i| text(m2, i)),
        p,
    ]
}
