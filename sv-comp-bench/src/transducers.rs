//! `sv-comp-bench transducers`: Sigma* on the project's C sanitizers
//! (`testsuite/cases/transducer/`), one row per program beside what the
//! paper's Table 1 (as SANITIZERS.md gives it) says Sigma* did.
//!
//! For each program: learn a transducer (Lore's learner, its BMC as the
//! oracle), check it on every input up to the bound, try the proof for
//! every input length (k-induction on the product), then two checks that
//! do not trust the learner: the learned transducer is run on the
//! sanitizer's test vectors from SANITIZERS.md (read at run time), and a
//! mutant of it (one output term changed) must be caught by the bounded
//! check.
//!
//! Fails (exit 1) when a learned transducer gets a vector wrong, a mutant
//! is not caught, a transducer is "proved" that the bounded check or the
//! vectors refute, or fewer programs than `--require-proved` are learned
//! and proved.

use crate::sanitizers::vectors::{parse, Spec};
use crate::sanitizers::{code_units, list_programs, show, vectors_of, Program};
use lore_transducer::check::{bounded, Checked};
use lore_transducer::compare::{ask, Modelled};
use lore_transducer::fold::Folded;
use lore_transducer::harness::{io_shape, Io, View};
use lore_transducer::learn::{learn, Learned, Limits, Outcome, Setup};
use lore_transducer::model::{Term, Transducer};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

pub struct Options {
    pub bound: u32,
    pub time: Duration,
    pub proof_time: Duration,
    pub require_proved: usize,
    pub only: Option<String>,
    /// Also the other codings of each program.
    pub codings: bool,
    /// The most states a transducer may have.
    pub max_states: usize,
}

fn io_of(p: &Program) -> Io {
    if p.units {
        Io {
            input: "read_unit".into(),
            output: "write_unit".into(),
            bits: 16,
            ..Io::default()
        }
    } else {
        Io::default()
    }
}

/// The paper's verdict for the program's sanitizer (Table 1's second column).
fn paper_says(spec: &Spec, p: &Program) -> String {
    let Some(s) = p.sanitizer else {
        return "-".into();
    };
    let name = &spec.sanitizers[s].name;
    spec.table1
        .iter()
        .zip(&spec.table1_learned)
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map_or("-".into(), |(_, l)| {
            l.split_whitespace().next().unwrap_or("-").to_string()
        })
}

/// A copy of `t` with one output term changed (the first transition that
/// writes something, else the first end that does), or `None` when it
/// writes nothing anywhere.
pub fn mutant(t: &Transducer) -> Option<Transducer> {
    let mut m = t.clone();
    let max = lore_transducer::model::max_symbol(t.bits);
    let change = |term: &mut Term| {
        *term = match *term {
            Term::Const(c) => Term::Const(if c == max { c - 1 } else { c + 1 }),
            Term::Symbol { back, offset } => Term::Symbol {
                back,
                offset: offset + 1,
            },
            _ => Term::Const(0),
        };
    };
    let first = m
        .states
        .iter_mut()
        .flat_map(|s| &mut s.transitions)
        .find_map(|tr| tr.output.first_mut());
    if let Some(term) = first {
        change(term);
        return Some(m);
    }
    let end = m
        .states
        .iter_mut()
        .find_map(|s| s.final_output.first_mut())?;
    change(end);
    Some(m)
}

pub fn run(folder: &Path, options: &Options) -> ExitCode {
    let md_path = folder.join("SANITIZERS.md");
    let spec = match std::fs::read_to_string(&md_path) {
        Ok(t) => parse(&t),
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", md_path.display());
            return ExitCode::FAILURE;
        }
    };
    let programs: Vec<Program> = match list_programs(&spec) {
        Ok(p) => p
            .into_iter()
            .filter(|p| options.codings || p.coding.is_none())
            .collect(),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "Sigma* on {} programs: conjectures checked on every input of at most {} symbols, \
         at most {} states, learning limited to {} s, the proof to {} s",
        programs.len(),
        options.bound,
        options.max_states,
        options.time.as_secs(),
        options.proof_time.as_secs()
    );
    println!();
    println!(
        "{:<40} {:>6} {:>7} {:>19} {:>6} {:>2} {:>5} {:>5} {:>4} {:>6} {:>5} {:>8} {:>7} {:>8} {:>8} {:>10} {:>7} {:>6} {:>10} {:>6}",
        "program", "paper", "learned", "class", "states", "k", "k-SLT", "trans", "conj", "solver", "runs",
        "learn s", "proved", "proof s", "bounded", "bounded s", "vectors", "mutant", "idempotent", "idem s"
    );
    let mut problems: Vec<String> = Vec::new();
    let mut proved = 0;
    let mut learned_only = 0;
    let mut total_learning = 0.0;
    let mut total_proof = 0.0;
    let mut outcomes: Vec<(String, Option<String>, bool, f64)> = Vec::new();
    for p in &programs {
        if options
            .only
            .as_ref()
            .is_some_and(|o| !p.name().contains(o.as_str()))
        {
            continue;
        }
        let io = io_of(p);
        let setup = Setup {
            path: &p.path,
            frontend: Default::default(),
            io: io.clone(),
            options: Default::default(),
            log_queries: false,
            progress: None,
            status: None,
        };
        let limits = Limits {
            bound: options.bound,
            time: options.time,
            proof_time: options.proof_time,
            max_states: options.max_states,
            ..Limits::default()
        };
        let learned = match learn(&setup, &limits) {
            Ok(l) => l,
            Err(e) => {
                println!("{:<40} error: {e}", p.name());
                problems.push(format!("{}: {e}", p.name()));
                continue;
            }
        };
        total_learning += learned.learning_seconds;
        total_proof += learned.proof.as_ref().map_or(0.0, |p| p.2);
        let folded = learned.folded();
        let row = Row::of(&learned, folded.as_ref());
        // The vectors, run on the learned transducer.
        let vectors = vectors_of(&spec, &programs, p);
        let mut vectors_ok = 0;
        if let (Outcome::Learned, Some(t)) = (&learned.outcome, &learned.transducer) {
            for v in &vectors {
                let (input, expected): (Vec<u32>, Vec<u32>) = if p.units {
                    (
                        code_units(&v.input).iter().map(|&u| u32::from(u)).collect(),
                        code_units(&v.output)
                            .iter()
                            .map(|&u| u32::from(u))
                            .collect(),
                    )
                } else {
                    (
                        v.input.iter().map(|&b| u32::from(b)).collect(),
                        v.output.iter().map(|&b| u32::from(b)).collect(),
                    )
                };
                // Under the echo view, what the view makes of the vector.
                let expected = learned.view.seen(&input, &expected);
                // The form with lookback in the guards writes the same.
                if folded
                    .as_ref()
                    .is_some_and(|f| f.run(&input) != t.run(&input))
                {
                    problems.push(format!(
                        "{}: the transducer with lookback in its guards differs on {}",
                        p.name(),
                        show(&v.input)
                    ));
                }
                if t.run(&input).as_ref() == Some(&expected) {
                    vectors_ok += 1;
                } else {
                    problems.push(format!(
                        "{}: the learned transducer gets {} wrong ({})",
                        p.name(),
                        show(&v.input),
                        v.origin
                    ));
                }
            }
        }
        // A mutant must be caught.
        let mutant_caught = match (
            &learned.outcome,
            learned.transducer.as_ref().and_then(mutant),
        ) {
            (Outcome::Learned, Some(m)) => {
                let io = Io {
                    view: learned.view.clone(),
                    ..io.clone()
                };
                let shape = io_shape(&p.path, &setup.frontend, &io);
                let caught = shape.is_ok_and(|shape| {
                    matches!(
                        bounded(
                            &p.path,
                            &setup.frontend,
                            &io,
                            &shape,
                            &m,
                            options.bound,
                            &setup.options
                        ),
                        Checked::Differs { .. }
                    )
                });
                if !caught {
                    problems.push(format!(
                        "{}: a mutant of the transducer is not caught",
                        p.name()
                    ));
                }
                if caught {
                    "caught"
                } else {
                    "MISSED"
                }
            }
            _ => "-",
        };
        // BEK's idempotence question, decided on the transducer; a
        // difference confirmed on the program, a "yes" cross-checked on the
        // vectors' outputs.
        let (idempotent, idempotent_seconds) = match (&learned.outcome, &learned.transducer) {
            // Validate, then echo: idempotent as far as the automaton holds
            // once the program writes R on R (the CLI's answer too).
            (Outcome::Learned, _) if learned.view != View::Output => {
                let View::EchoOr { reject, .. } = &learned.view else {
                    unreachable!("a view other than the output is the echo view")
                };
                let started = std::time::Instant::now();
                let shown = match lore_transducer::compare::output_of(&setup, reject) {
                    Ok(written) if &written == reject => format!("<={}", options.bound),
                    _ => "?".to_string(),
                };
                (shown, format!("{:.2}", started.elapsed().as_secs_f64()))
            }
            (Outcome::Learned, Some(t)) => {
                let this = Modelled {
                    setup: &setup,
                    transducer: t,
                };
                let answer = ask(&[this, this], &[this], io.bits, &limits);
                let d = &answer.decision;
                let shown = if let Some(w) = answer.differs() {
                    format!("no ({})", w.len())
                } else if d.witness().is_some() {
                    problems.push(format!(
                        "{}: the transducer is not idempotent on {:?}, the program is",
                        p.name(),
                        d.witness()
                    ));
                    "WRONG".to_string()
                } else if d.proved() {
                    let twice_differs = vectors.iter().any(|v| {
                        let once =
                            t.run(&v.input.iter().map(|&b| u32::from(b)).collect::<Vec<_>>());
                        once.is_some_and(|o| t.run(&o) != Some(o.clone()))
                    });
                    if twice_differs && !p.units {
                        problems.push(format!("{}: idempotent, yet not on a vector", p.name()));
                    }
                    "yes".to_string()
                } else if matches!(d.bounded, Some(Checked::Holds)) {
                    format!("<={}", d.bound)
                } else {
                    "?".to_string()
                };
                (shown, format!("{:.2}", d.seconds))
            }
            _ => ("-".to_string(), "-".to_string()),
        };
        if row.learned == "yes" && row.proved != "yes" {
            learned_only += 1;
        }
        outcomes.push((
            p.stem.clone(),
            p.coding.clone(),
            row.proved == "yes",
            learned.learning_seconds
                + learned.bounded_seconds
                + learned.proof.as_ref().map_or(0.0, |p| p.2),
        ));
        if row.proved == "yes" {
            proved += 1;
            if vectors_ok != vectors.len() {
                problems.push(format!("{}: proved, yet a vector disagrees", p.name()));
            }
        }
        println!(
            "{:<40} {:>6} {:>7} {:>19} {:>6} {:>2} {:>5} {:>5} {:>4} {:>6} {:>5} {:>8.2} {:>7} {:>8} {:>8} {:>10.2} {:>7} {:>6} {:>10} {:>6}",
            p.name(),
            paper_says(&spec, p),
            row.learned,
            learned
                .transducer
                .as_ref()
                .map_or("-", |t| lore_transducer::echo::class(t, &learned.view)),
            row.states,
            row.k,
            row.folded,
            row.transitions,
            learned.conjectures,
            learned.solver_calls,
            learned.runs,
            learned.learning_seconds,
            row.proved,
            row.proof_seconds,
            row.bounded,
            learned.bounded_seconds,
            format!("{vectors_ok}/{}", vectors.len()),
            mutant_caught,
            idempotent,
            idempotent_seconds
        );
        if let Outcome::NotLearned(why) = &learned.outcome {
            println!("{:<40} not learned: {why}", "");
        }
        if let Some((Checked::Unknown(why), _, _)) = &learned.proof {
            println!("{:<40} no proof: {why}", "");
        }
    }
    println!();
    println!(
        "{proved} of {} programs learned and proved for every input length, {learned_only} more learned and checked up to {} symbols; learning {total_learning:.1} s, proofs {total_proof:.1} s in all",
        programs.len(),
        options.bound
    );
    if options.codings {
        spread(&outcomes, &mut problems);
    }
    if proved < options.require_proved {
        problems.push(format!(
            "{proved} programs proved, fewer than the {} required",
            options.require_proved
        ));
    }
    crate::verdict(&problems)
}

/// Per program with other codings: how each coding fared beside the
/// repository's own, and the slowest over the fastest. A coding not
/// proved where the program's own coding is, or over 60 s, or over 5× the
/// own coding's time, is a problem (issue 43's targets).
fn spread(outcomes: &[(String, Option<String>, bool, f64)], problems: &mut Vec<String>) {
    println!();
    println!(
        "{:<28} {:>7} {:>8} {:>8} {:>8} {:>8}  codings not proved",
        "program", "codings", "own s", "fastest", "slowest", "spread"
    );
    let mut stems: Vec<&String> = outcomes.iter().map(|o| &o.0).collect();
    stems.sort();
    stems.dedup();
    for stem in stems {
        let rows: Vec<_> = outcomes.iter().filter(|o| &o.0 == stem).collect();
        if rows.len() < 2 {
            continue;
        }
        let own = rows.iter().find(|o| o.1.is_none());
        let times: Vec<f64> = rows.iter().map(|o| o.3).collect();
        let fastest = times.iter().cloned().fold(f64::INFINITY, f64::min);
        let slowest = times.iter().cloned().fold(0.0, f64::max);
        let not_proved: Vec<&str> = rows
            .iter()
            .filter(|o| !o.2)
            .map(|o| o.1.as_deref().unwrap_or("(own)"))
            .collect();
        println!(
            "{:<28} {:>7} {:>8} {:>8.2} {:>8.2} {:>7.1}x  {}",
            stem,
            rows.len() - 1,
            own.map_or("-".to_string(), |o| format!("{:.2}", o.3)),
            fastest,
            slowest,
            slowest / fastest.max(0.01),
            if not_proved.is_empty() {
                "-".to_string()
            } else {
                not_proved.join(", ")
            }
        );
        let Some(own) = own.filter(|o| o.2) else {
            continue;
        };
        for o in rows.iter().filter(|o| o.1.is_some()) {
            let name = format!("{stem}/{}", o.1.as_deref().unwrap_or(""));
            if !o.2 {
                problems.push(format!("{name}: not proved, where {stem}.c is"));
            } else if o.3 > 60.0 || o.3 > 5.0 * own.3.max(0.2) {
                problems.push(format!(
                    "{name}: {:.1} s, against {:.1} s for {stem}.c (at most 60 s and 5x)",
                    o.3, own.3
                ));
            }
        }
    }
}

struct Row {
    learned: &'static str,
    states: String,
    k: String,
    /// With lookback in the guards (the paper's form): "states/k", or
    /// "=" where that has no fewer states.
    folded: String,
    transitions: String,
    bounded: String,
    proved: &'static str,
    proof_seconds: String,
}

impl Row {
    fn of(l: &Learned, folded: Option<&Folded>) -> Row {
        let t = l.transducer.as_ref();
        let learned = matches!(l.outcome, Outcome::Learned);
        let dash = || "-".to_string();
        Row {
            learned: if learned { "yes" } else { "no" },
            states: t.map_or_else(dash, |t| t.states.len().to_string()),
            k: t.map_or_else(dash, |t| t.lookback().to_string()),
            folded: match (folded, t, &l.view) {
                (Some(f), ..) => format!("{}/{}", f.states.len(), f.lookback()),
                (None, Some(_), View::Output) => "=".to_string(),
                _ => dash(),
            },
            transitions: t.map_or_else(dash, |t| t.transitions().to_string()),
            bounded: match &l.bounded {
                Some(Checked::Holds) => format!("<={}", l.bound),
                Some(Checked::Differs { .. }) => "differs".into(),
                Some(Checked::Unknown(_)) => "unknown".into(),
                None => dash(),
            },
            proved: match &l.proof {
                Some((Checked::Holds, ..)) => "yes",
                Some((Checked::Differs { .. }, ..)) => "REFUTED",
                _ => "no",
            },
            proof_seconds: l
                .proof
                .as_ref()
                .map_or_else(dash, |p| format!("{:.2}", p.2)),
        }
    }
}
