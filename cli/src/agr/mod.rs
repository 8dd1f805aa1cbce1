//! `lore agr M1.c M2.c P.prop`: two communicating programs and a property;
//! does M1 ‖ M2 satisfy P, and if not, a repaired M2 that does (the
//! assume-guarantee-repair paper's loop), checked again independently.
//! (About 830 lines: the arguments, the run and its printed and JSON
//! results stay together, as each result field is printed and serialised
//! side by side; the page and the written repair are modules of their own.)

mod page;
mod written;

use written::Written;

use crate::{exit, readable, report, Console, FrontendArgs};
use clap::Args;
use lore_agr::assume::{check_premises, Premises, Verdict as AgVerdict};
use lore_agr::automaton::Component;
use lore_agr::check::{check, describe, Outcome};
use lore_agr::product::Step;
use lore_agr::property::Label;
use lore_agr::repair::Method;
use lore_agr::run::{agr_reporting, Settings};
use lore_agr::system::{load, AgrError};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The share of `--time-limit` for learning and repairing; the checks
/// after it have the rest.
const LEARNING_SHARE: f64 = 0.8;

#[derive(Args)]
pub struct AgrArgs {
    /// M1: a C file whose `main` is the first program (kept as it is).
    pub m1: PathBuf,
    /// M2: a C file whose `main` is the second program (the one to repair).
    pub m2: PathBuf,
    /// The property: a deterministic automaton over the channels and
    /// constraints over the programs' globals (format in the README).
    pub property: PathBuf,
    #[command(flatten)]
    pub frontend: FrontendArgs,
    /// Scheduler steps checked by bounded model checking before the proof
    /// for every number of steps (k-induction).
    #[arg(long, default_value_t = 12, value_name = "N")]
    pub bound: u32,
    /// Seconds for the whole check.
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub time_limit: u64,
    /// Print each program's automaton (its CFG as communicating program).
    #[arg(long)]
    pub show_automata: bool,
    /// Draw the learned assumption A to FILE: SVG for a `.svg` file (the
    /// automata's layout; each edge is M2's action there, with its line),
    /// else DOT.
    #[arg(short = 'o', long = "output-file", value_name = "FILE")]
    pub drawing: Option<PathBuf>,
    /// How an error trace without constraints is removed from M2: `exact`
    /// (only that trace), `approximate` (its last transition no longer
    /// reaches acceptance), `aggressive` (the state it reaches stops
    /// accepting). Traces with constraints are repaired by abduction.
    #[arg(long, default_value = "approximate", value_parser = ["exact", "approximate", "aggressive"])]
    pub repair: String,
    /// Repairs before giving up.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub max_iterations: usize,
    /// Seconds (of the time limit) spent making the assumption smaller
    /// once one is proved: states of it are merged while M1 || A still
    /// satisfies P (each merge checked; 0 keeps the learned assumption).
    #[arg(long, default_value_t = 0.5, value_name = "SECONDS", value_parser = crate::seconds)]
    pub shrink_time: f64,
    /// Write the repaired M2 as C source to FILE (where each repair is a
    /// constraint at a point where the program ends).
    #[arg(long, value_name = "FILE")]
    pub repaired: Option<PathBuf>,
    /// Write the iterations, the verdict, the assumption's and M2's sizes,
    /// the queries and the independent check as JSON to FILE (schema
    /// `lore-agr/1`, docs/json.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a self-contained HTML report to FILE: the verdict, every
    /// iteration's error trace and repair, the assumption and M2 (as
    /// repaired) drawn, and the independent check.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &AgrArgs, console: &mut Console<'_>) -> u8 {
    for path in [&args.m1, &args.m2, &args.property] {
        if let Err(code) = readable(path, console) {
            return code;
        }
    }
    let text = match std::fs::read_to_string(&args.property) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(
                console.err,
                "error: cannot read {}: {e}",
                args.property.display()
            );
            return exit::BAD_INPUT;
        }
    };
    let started = Instant::now();
    // Every stage works to the deadline; this stops the command should one
    // overrun it (stopped when the command returns).
    let _watchdog = watchdog(args, started);
    let system = match load(&args.m1, &args.m2, &text, &args.frontend.options()) {
        Ok(s) => s,
        Err(AgrError::Property(e)) => {
            let error = lore_frontend::task::TaskError {
                path: args.property.clone(),
                text: Some(text),
                message: e.message,
                line: e.line,
                column: e.column,
            };
            crate::task::report_as(&error, "lore::property", console);
            return exit::BAD_INPUT;
        }
        Err(AgrError::Load(loaded)) => {
            for d in loaded.diagnostics.iter().filter(|d| d.is_error()) {
                let _ = write!(
                    console.err,
                    "{}",
                    report::render(d, &loaded.sources, console.color)
                );
            }
            return exit::BAD_INPUT;
        }
        Err(AgrError::Program {
            diagnostic,
            sources,
        }) => {
            let _ = write!(
                console.err,
                "{}",
                report::render(&diagnostic, &sources, console.color)
            );
            return exit::BAD_INPUT;
        }
        Err(e) => {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let out = &mut console.out;
    for (c, path) in [(&system.m1, &args.m1), (&system.m2, &args.m2)] {
        let _ = writeln!(
            out,
            "{} ({}): {} states, {} transitions",
            c.name,
            path.display(),
            c.states,
            c.transitions.len()
        );
        if args.show_automata {
            for t in &c.transitions {
                let _ = writeln!(
                    out,
                    "  s{} -> s{}  line {}{}",
                    t.from,
                    t.to,
                    t.loc.line,
                    if c.accepting[t.to] {
                        " (accepting)"
                    } else {
                        ""
                    }
                );
            }
        }
    }
    let p = &system.property;
    let errors: Vec<&str> = p
        .states
        .iter()
        .zip(&p.error)
        .filter(|(_, &e)| e)
        .map(|(s, _)| s.as_str())
        .collect();
    let _ = writeln!(
        out,
        "P ({}): {} states, {} transitions; error: {}; shared channels: {}",
        args.property.display(),
        p.states.len(),
        p.transitions.len(),
        errors.join(", "),
        if system.shared.is_empty() {
            "none".to_string()
        } else {
            system.shared.join(", ")
        }
    );
    // What P says nothing of: an execution that does it there is no error.
    let mut labels: Vec<&Label> = Vec::new();
    for l in p.channel_labels() {
        if !labels.contains(&l) {
            labels.push(l);
        }
    }
    for label in labels {
        let silent: Vec<&str> = (0..p.states.len())
            .filter(|&s| !p.error[s])
            .filter(|&s| {
                !p.transitions
                    .iter()
                    .any(|t| t.from == s && &t.label == label)
            })
            .map(|s| p.states[s].as_str())
            .collect();
        if !silent.is_empty() {
            let _ = writeln!(
                console.err,
                "note: P has no transition on `{label}` from {}: executions that do it there are not errors",
                silent.join(", ")
            );
        }
    }
    // One wall-clock limit for the whole command: learning and repairing
    // get four fifths of it (less what loading took), and the checks that
    // follow it (the written repair, the direct composition, the
    // premises) share what is left, each in turn.
    let time = Duration::from_secs(args.time_limit);
    let deadline = started + time;
    let left = || deadline.saturating_duration_since(Instant::now());
    let learning_time = time
        .mul_f64(LEARNING_SHARE)
        .saturating_sub(started.elapsed());
    let method = match args.repair.as_str() {
        "exact" => Method::Exact,
        "aggressive" => Method::Aggressive,
        _ => Method::Approximate,
    };
    // The paper's loop: an assumption learned, M2 repaired on each real
    // error ...
    // Progress on stderr once a run has taken a second (quick runs stay
    // quiet), as the lines come.
    let quiet = args.quiet;
    let mut progress = |line: &str| {
        if !quiet && started.elapsed().as_secs_f64() >= 1.0 {
            eprintln!("lore agr: {line}");
        }
    };
    let settings = Settings {
        method,
        bound: args.bound,
        time: learning_time,
        max_iterations: args.max_iterations,
        shrink: Duration::from_secs_f64(args.shrink_time.min(1e9)),
    };
    let result = agr_reporting(&system, &settings, &mut progress);
    let out = &mut console.out;
    let print_trace = |out: &mut dyn Write, letters: &Component, trace: &[(Step, Vec<i128>)]| {
        print_trace(out, &system, letters, trace)
    };
    for (n, it) in result.iterations.iter().enumerate() {
        let _ = writeln!(
            out,
            "iteration {}: {} found an error trace of {} steps (replayed):",
            n + 1,
            it.found_by,
            it.trace.len()
        );
        print_trace(out, &it.letters, &it.trace);
        let _ = writeln!(
            out,
            "  repaired by {}; M2 now has {} states",
            it.repair.describe(),
            it.repair.machine.states
        );
    }
    let ag = &result.last;
    let _ = writeln!(
        out,
        "assume-guarantee (L*), last round of learning: {} membership queries ({} checked by the BMC), {} equivalence queries; {} repair{} in {:.2} s",
        ag.membership,
        ag.membership_checked,
        ag.equivalence,
        result.iterations.len(),
        if result.iterations.len() == 1 { "" } else { "s" },
        result.seconds
    );
    let repaired = !result.iterations.is_empty();
    let m2_now = result.machine.component(&system.m2);
    // The repaired M2 as C, checked again on its own before anything says
    // the repair worked: what is printed is what was verified.
    let written = if repaired {
        match written::write_and_check(args, &system, &result, &text, left()) {
            Ok(w) => Some(w),
            Err(code) => return code,
        }
    } else {
        None
    };
    let written_fails = matches!(
        &written,
        Some(Written::Checked {
            outcome: Outcome::Error(_),
            ..
        })
    );
    let learned = match &ag.verdict {
        AgVerdict::Holds {
            assumption,
            how,
            learned,
            merge_checks,
        } => {
            if let Some(path) = &args.drawing {
                let svg = path.extension().is_some_and(|e| e == "svg");
                let text = drawing(&system, &result, assumption, svg);
                if let Err(e) = std::fs::write(path, text) {
                    let _ = writeln!(console.err, "error: cannot write {}: {e}", path.display());
                    return exit::BAD_INPUT;
                }
            }
            let out = &mut console.out;
            let vacuous = matches!(result.complete_runs, Some((Some(true), Some(false))));
            let which = match (repaired, written_fails, vacuous) {
                (false, _, _) => "M1 || M2",
                (true, true, _) => "M1 || M2 (repaired, in Lore's automaton of M2 only)",
                (true, false, true) => "M1 || M2 (repaired; vacuously: no complete run is left)",
                (true, false, false) => "M1 || M2 (repaired)",
            };
            let _ = writeln!(
                out,
                "{which} satisfies P: the assumption A has {} state{} (M2{}: {}; {}); M1 || A satisfies P ({how}) and every trace of M2 is one of A",
                assumption.num_states(),
                if assumption.num_states() == 1 { "" } else { "s" },
                if repaired { " repaired" } else { "" },
                result.machine.states,
                merged(*learned, assumption.num_states(), *merge_checks),
            );
            Some(true)
        }
        AgVerdict::Error { trace, found_by } => {
            let _ = writeln!(
                out,
                "M1 || M2 does not satisfy P: {found_by} found an error trace of {} steps (replayed){}:",
                trace.len(),
                if repaired { ", left after the repairs" } else { "" }
            );
            print_trace(out, &result.machine.letters(&system.m2), trace);
            if let Some(alone) = &result.m1_alone {
                let _ = writeln!(
                    out,
                    "M1 alone violates P: no repair of M2 can help; with an M2 that does nothing and ends, an error trace of {} steps (replayed):",
                    alone.len()
                );
                let empty = lore_agr::check::empty_component(&system.m2);
                print_trace(out, &empty, alone);
            }
            Some(false)
        }
        AgVerdict::Unknown(why) => {
            let _ = writeln!(out, "assume-guarantee: no answer ({why})");
            None
        }
    };
    if let Some(w) = &written {
        written::report(w, console);
    }
    if let Some((Some(true), Some(false))) = result.complete_runs {
        let _ = writeln!(
            console.err,
            "warning: the repair leaves M1 || M2 without a complete run (proved; M1 || M2 had one): it satisfies P because no run ends, every good run is lost"
        );
    }
    // ... and, independently, the (repaired) programs composed directly.
    let direct = check(&system, &m2_now, args.bound, left());
    // ... and the assumption's two premises, checked again from scratch.
    let premises = match &result.last.verdict {
        AgVerdict::Holds { assumption, .. } => Some(check_premises(
            &system,
            &result.machine,
            assumption,
            args.bound,
            left(),
        )),
        _ => None,
    };
    let seconds = started.elapsed().as_secs_f64();
    let mut code = conclude(args, &system, &result, &direct, learned, seconds, console);
    if written_fails {
        code = exit::INTERNAL;
    }
    match &premises {
        Some(Ok(how)) => {
            let _ = writeln!(
                console.out,
                "independent check of A: M1 || A satisfies P ({how}) and every trace of M2 is one of A, both checked again"
            );
        }
        Some(Err(Premises::Refuted(why))) => {
            let _ = writeln!(
                console.err,
                "error: the assumption does not pass its own check ({why}): a bug in Lore"
            );
            code = exit::INTERNAL;
        }
        Some(Err(Premises::Unsettled(why))) => {
            let _ = writeln!(
                console.out,
                "independent check of A: not settled within the time limit: {why}"
            );
        }
        None => {}
    }
    if let Some(path) = &args.html {
        let verdict = match (&result.last.verdict, result.iterations.len()) {
            (AgVerdict::Holds { .. }, 0) => "M1 ‖ M2 satisfies P.".to_string(),
            (AgVerdict::Holds { .. }, n) => format!(
                "M1 ‖ M2 does not satisfy P; after {n} repair{} M1 ‖ M2 (repaired) does.",
                if n == 1 { "" } else { "s" }
            ),
            (AgVerdict::Error { .. }, _) => "M1 ‖ M2 does not satisfy P.".to_string(),
            (AgVerdict::Unknown(why), _) => format!("No answer: {why}."),
        };
        let page = page::page(args, &system, &result, &direct, &verdict);
        if let Err(e) = std::fs::write(path, page) {
            let _ = writeln!(console.err, "error: cannot write {}: {e}", path.display());
            return exit::BAD_INPUT;
        }
    }
    if let Some(path) = &args.json {
        let mut value = to_json(args, &system, &result, (&direct, &premises), code, seconds);
        value["repaired_c"] = written::to_json(written.as_ref());
        value["m1_alone_violates"] = serde_json::json!(result.m1_alone.as_ref().map(|t| t.len()));
        value["complete_run"] = match result.complete_runs {
            // true: one exists; false: proved none; null: neither shown.
            Some((before, after)) => serde_json::json!({ "original": before, "repaired": after }),
            None => serde_json::Value::Null,
        };
        let text = serde_json::to_string_pretty(&value).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text + "\n") {
            let _ = writeln!(console.err, "error: cannot write {}: {e}", path.display());
            return exit::BAD_INPUT;
        }
    }
    code
}

/// An error trace, a line per step: what M1, M2 and P do, with the values
/// received from the environment.
fn print_trace(
    out: &mut dyn Write,
    system: &lore_agr::system::System,
    letters: &Component,
    trace: &[(Step, Vec<i128>)],
) {
    for (i, (step, values)) in trace.iter().enumerate() {
        let drawn = if values.is_empty() {
            String::new()
        } else {
            let v: Vec<String> = values.iter().map(i128::to_string).collect();
            format!("  (value {})", v.join(", "))
        };
        let _ = writeln!(
            out,
            "  {:>3}. {}{drawn}",
            i + 1,
            describe(system, letters, step)
        );
    }
}

/// The verdict line of the independent check and the exit code.
fn conclude(
    args: &AgrArgs,
    system: &lore_agr::system::System,
    result: &lore_agr::run::Agr,
    direct: &Outcome,
    learned: Option<bool>,
    seconds: f64,
    console: &mut Console<'_>,
) -> u8 {
    let repaired = !result.iterations.is_empty();
    let m2_now = result.machine.component(&system.m2);
    let print_trace = |out: &mut dyn Write, letters: &Component, trace: &[(Step, Vec<i128>)]| {
        print_trace(out, system, letters, trace)
    };
    let out = &mut console.out;
    let failed = if repaired { exit::FALSE } else { exit::OK };
    match (direct, learned) {
        (Outcome::Holds(how), Some(true) | None) => {
            let _ = writeln!(
                out,
                "independent check: M1 || M2{} composed directly satisfies P, for every number of steps ({how}; {seconds:.2} s in all)",
                if repaired { " (repaired)" } else { "" }
            );
            failed
        }
        (Outcome::Error(trace), Some(false)) => {
            let _ = writeln!(
                out,
                "independent check: M1 || M2 composed directly has an error too ({} steps; {seconds:.2} s in all)",
                trace.len()
            );
            exit::FALSE
        }
        (Outcome::Error(trace), None) => {
            let _ = writeln!(
                out,
                "M1 || M2 does not satisfy P: an error trace of {} steps ({seconds:.2} s, replayed):",
                trace.len()
            );
            print_trace(out, &m2_now, trace);
            exit::FALSE
        }
        (Outcome::Unknown(why), Some(answer)) => {
            let _ = writeln!(
                out,
                "independent check: no answer from composing directly ({why}); the verdict rests on assume-guarantee ({seconds:.2} s in all)"
            );
            if answer {
                failed
            } else {
                exit::FALSE
            }
        }
        (Outcome::Unknown(why), None) => {
            let _ = writeln!(
                out,
                "no answer{}: no error within {} steps, and no proof for every number of steps ({why}; {seconds:.2} s)",
                if repaired { " for the repaired M2" } else { "" },
                args.bound
            );
            // The original system has an error either way.
            failed
        }
        (direct, learned) => {
            let _ = writeln!(
                console.err,
                "internal error: assume-guarantee says {learned:?} (true: holds) and the direct composition {direct:?}"
            );
            exit::INTERNAL
        }
    }
}

/// The run as JSON (schema `lore-agr/1`, docs/json.md).
fn to_json(
    args: &AgrArgs,
    system: &lore_agr::system::System,
    result: &lore_agr::run::Agr,
    (direct, premises): (&Outcome, &Option<Result<String, Premises>>),
    code: u8,
    seconds: f64,
) -> serde_json::Value {
    use serde_json::json;
    let steps = |letters: &Component, trace: &[(Step, Vec<i128>)]| -> Vec<serde_json::Value> {
        trace
            .iter()
            .map(|(step, values)| {
                json!({
                    "step": describe(system, letters, step),
                    "values": values.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
                })
            })
            .collect()
    };
    let iterations: Vec<serde_json::Value> = result
        .iterations
        .iter()
        .map(|it| {
            json!({
                "found_by": it.found_by,
                "trace": steps(&it.letters, &it.trace),
                "repair": {
                    "how": it.repair.how,
                    "psi": it.repair.psi.as_ref().map(|(p, _)| p.clone()),
                    "after_line": it.repair.psi.as_ref().map(|(_, l)| *l),
                },
                "m2_states": it.repair.machine.states,
            })
        })
        .collect();
    let ag = &result.last;
    let repaired = !result.iterations.is_empty();
    let (verdict, assumption, proof, error) = match &ag.verdict {
        AgVerdict::Holds {
            assumption, how, ..
        } => (
            if repaired { "repaired" } else { "holds" },
            Some(assumption.num_states()),
            Some(how.clone()),
            None,
        ),
        AgVerdict::Error { trace, .. } => (
            "fails",
            None,
            None,
            Some(steps(&result.machine.letters(&system.m2), trace)),
        ),
        AgVerdict::Unknown(why) => ("unknown", None, Some(why.clone()), None),
    };
    let independent = match direct {
        Outcome::Holds(how) => json!({ "result": "holds", "how": how }),
        Outcome::Error(trace) => json!({ "result": "error", "steps": trace.len() }),
        Outcome::Unknown(why) => json!({ "result": "unknown", "why": why }),
    };
    json!({
        "schema": "lore-agr/1",
        "m1": args.m1.display().to_string(),
        "m2": args.m2.display().to_string(),
        "property": args.property.display().to_string(),
        "repair_method": args.repair,
        "verdict": verdict,
        "exit_code": code,
        "iterations": iterations,
        "m2_states": system.m2.states,
        "repaired_m2_states": repaired.then_some(result.machine.states),
        "assumption_states": assumption,
        "assumption_learned_states": match &ag.verdict {
            AgVerdict::Holds { learned, .. } => Some(*learned),
            _ => None,
        },
        "assumption_merge_checks": match &ag.verdict {
            AgVerdict::Holds { merge_checks, .. } => Some(*merge_checks),
            _ => None,
        },
        "proof": proof,
        "error_trace": error,
        "queries": {
            "membership": ag.membership,
            "membership_checked": ag.membership_checked,
            "equivalence": ag.equivalence,
        },
        "independent_check": independent,
        "assumption_check": premises.as_ref().map(|p| match p {
            Ok(how) => json!({ "result": "holds", "how": how }),
            Err(Premises::Refuted(why)) => json!({ "result": "fails", "why": why }),
            Err(Premises::Unsettled(why)) => json!({ "result": "unknown", "why": why }),
        }),
        "seconds": seconds,
    })
}

/// How the assumption came from learning: learned as it is, or learned
/// larger and its states merged.
pub(crate) fn merged(learned: usize, states: usize, checks: usize) -> String {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if learned == states {
        format!(
            "learned with {learned} state{}, no merge of its states held in {checks} check{}",
            plural(learned),
            plural(checks)
        )
    } else {
        format!(
            "learned with {learned} states, merged to {states} in {checks} check{}",
            plural(checks)
        )
    }
}

/// The assumption drawn: its letters are M2's transitions, shown as the
/// line they are on and its text.
fn drawing(
    system: &lore_agr::system::System,
    result: &lore_agr::run::Agr,
    assumption: &lore_learner::dfa::Dfa,
    svg: bool,
) -> String {
    let caption = format!(
        "assumption A: {} states; M2: {} states",
        assumption.num_states(),
        system.m2.states
    );
    automaton_drawing(system, result, assumption, svg, caption)
}

/// The constraints the repairs added (by action), as their C text: M2's
/// own actions come first, each repair's after those of the one before.
fn repair_constraints(
    system: &lore_agr::system::System,
    result: &lore_agr::run::Agr,
) -> std::collections::HashMap<usize, String> {
    let mut out = std::collections::HashMap::new();
    let mut before = system.m2.transitions.len();
    for it in &result.iterations {
        let after = it.repair.machine.actions.len();
        if let (Some((psi, _)), true) = (&it.repair.psi, after > before) {
            out.insert(after - 1, psi.clone());
        }
        before = after;
    }
    out
}

/// A DFA over M2's actions (as the repairs left them) drawn: SVG, or DOT
/// when not `svg`.
fn automaton_drawing(
    system: &lore_agr::system::System,
    result: &lore_agr::run::Agr,
    assumption: &lore_learner::dfa::Dfa,
    svg: bool,
    caption: String,
) -> String {
    let machine = &result.machine;
    let added = repair_constraints(system, result);
    use lore_learner::dfa::NONE;
    use lore_learner::layout::{to_svg, Edge, Graph, Ink, Node};
    let name = |letter: usize| {
        let (action, loc) = &machine.actions[letter];
        if let Some(psi) = added.get(&letter) {
            return format!("{}: [psi] {psi}", loc.line);
        }
        let line = system.source_line(*loc);
        // A branch is two transitions: its condition, and its negation.
        let what = match action {
            lore_agr::automaton::Action::Constraint(e)
                if matches!(
                    e.kind,
                    lore_frontend::ir::ExprKind::Unary(lore_frontend::ir::UnaryOp::Not, _)
                ) =>
            {
                "[false] "
            }
            lore_agr::automaton::Action::Constraint(_) => "[true] ",
            _ => "",
        };
        format!("{}: {what}{line}", loc.line)
    };
    if !svg {
        let mut dot = String::from("digraph assumption {\n  rankdir=LR;\n  node [shape=circle];\n");
        dot.push_str(&format!(
            "  start [shape=point];\n  start -> q{};\n",
            assumption.initial()
        ));
        for s in assumption.states() {
            if assumption.is_accepting(s) {
                dot.push_str(&format!("  q{s} [shape=doublecircle];\n"));
            }
            for a in assumption.letters() {
                let t = assumption.next(s, a);
                if t != NONE {
                    dot.push_str(&format!(
                        "  q{s} -> q{t} [label=\"{}\"];\n",
                        name(a.index()).replace('\\', "\\\\").replace('"', "\\\"")
                    ));
                }
            }
        }
        dot.push_str("}\n");
        return dot;
    }
    let nodes = assumption
        .states()
        .map(|s| Node {
            text: String::new(),
            accepting: assumption.is_accepting(s),
            ink: Ink::Plain,
            title: format!("q{s}"),
        })
        .collect();
    let mut edges: Vec<Edge> = Vec::new();
    for s in assumption.states() {
        for a in assumption.letters() {
            let t = assumption.next(s, a);
            if t == NONE {
                continue;
            }
            let label = name(a.index());
            match edges
                .iter_mut()
                .find(|e| e.from == s.index() && e.to == t.index())
            {
                Some(e) => {
                    e.label.push('\n');
                    e.label.push_str(&label);
                }
                None => edges.push(Edge {
                    from: s.index(),
                    to: t.index(),
                    label,
                    ink: Ink::Plain,
                }),
            }
        }
    }
    to_svg(&Graph {
        nodes,
        edges,
        initial: assumption.initial().index(),
        caption: Some((caption, Ink::Plain)),
    })
}

/// The hard limit behind `--time-limit`: at 5 % past it (at least 0.2 s)
/// the command prints "no answer", writes `--json`'s object as far as it
/// is known, and exits as a "no answer" does. Stages watch the deadline
/// themselves; this catches one that overran it (a loaded machine made one
/// run take 12.3 s at `--time-limit 10` in CI).
fn watchdog(args: &AgrArgs, started: Instant) -> crate::watchdog::Watchdog {
    let limit = args.time_limit;
    let grace = Duration::from_secs(limit)
        .mul_f64(0.05)
        .max(Duration::from_millis(200));
    let json = args.json.clone().map(|path| {
        let object = serde_json::json!({
            "schema": "lore-agr/1",
            "m1": args.m1.display().to_string(),
            "m2": args.m2.display().to_string(),
            "property": args.property.display().to_string(),
            "repair_method": args.repair,
            "verdict": "unknown",
            "exit_code": exit::OK,
            "iterations": [],
            "stopped_by_time_limit": true,
        });
        (path, object)
    });
    let at = started + Duration::from_secs(limit) + grace;
    crate::watchdog::Watchdog::start(at, move || {
        if let Some((path, object)) = &json {
            let _ = std::fs::write(path, crate::json::render(object));
        }
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "no answer: the time limit of {limit} s was reached (a stage overran it and was stopped)"
        );
        let _ = out.flush();
        std::process::exit(i32::from(exit::OK));
    })
}
