//! `lore transducer`: learn a symbolic transducer of a C program that
//! reads symbols and writes symbols (Sigma*), check it, and print it.

mod questions;
mod report;

use crate::{exit, load_file, Console, FrontendArgs};
use clap::Args;
use lore_bmc::kinduction::Induction;
use lore_transducer::check::Checked;
use lore_transducer::harness::{HarnessError, Io, View};
use lore_transducer::learn::{learn, LearnError, Learned, Limits, Outcome, Setup};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct TransducerArgs {
    /// The C file: it reads symbols with the input function until it
    /// returns -1 (EOF) and writes them with the output function.
    pub file: PathBuf,
    #[command(flatten)]
    pub frontend: FrontendArgs,
    /// The function that reads one symbol (returns it, or -1 at the end).
    #[arg(long, default_value = "getchar", value_name = "FUNCTION")]
    pub input: String,
    /// The function that writes one symbol (its one argument).
    #[arg(long, default_value = "putchar", value_name = "FUNCTION")]
    pub output: String,
    /// Bits of a symbol (1 to 16).
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub symbol_bits: u32,
    /// Every conjecture is checked on all inputs of at most N symbols.
    #[arg(long, default_value_t = 6, value_name = "N")]
    pub bound: u32,
    /// Seconds for the proof for every input length (k-induction on the
    /// product of program and transducer). The whole run stays within
    /// this and --time-limit added: a proof that finds a difference is
    /// learning, and proofs get at most what is left of the two.
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub proof_time: u64,
    /// Seconds for learning, the bounded checks of the conjectures included.
    #[arg(long, default_value_t = 120, value_name = "SECONDS")]
    pub time_limit: u64,
    /// Write the transducer to FILE: SVG for a `.svg` file (Lore's own
    /// layout), else Graphviz's DOT.
    #[arg(short = 'o', long = "output-file", value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Write a self-contained HTML page to FILE: the transducer drawn
    /// (zoom and pan), its transitions, the checks, and the answers to the
    /// questions asked.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write what was learned and checked as JSON to FILE (schema
    /// `lore-transducer/1`, docs/json.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// BEK's equivalence question: is OTHER (same input and output
    /// functions) equivalent to FILE? OTHER is checked against FILE's
    /// learned transducer; exit 1 when they differ, with an input on which
    /// both programs are run.
    #[arg(long, value_name = "OTHER")]
    pub equivalent: Option<PathBuf>,
    /// BEK's idempotence question: does running FILE on its own output
    /// change nothing (T(T(x)) = T(x) for every input x)? Decided on the
    /// learned transducer; exit 1 with an input where it does not hold,
    /// run on the program.
    #[arg(long)]
    pub idempotent: bool,
    /// BEK's commutation question: do FILE and OTHER (same input and
    /// output functions) commute — does OTHER after FILE write what FILE
    /// after OTHER writes, on every input? Both are learned; decided on
    /// their transducers; exit 1 with an input where they do not, run on
    /// the programs.
    #[arg(long, value_name = "OTHER")]
    pub commutes_with: Option<PathBuf>,
    /// BEK's "can this ever come out?", answered on the program for every
    /// input length (no learning): one symbol — a number (`60`, `0x3c`)
    /// or one character (`'<'` or `<`) — or characters in a row
    /// (`'<script'`). Exit 1 with an input on which it comes out.
    #[arg(long, value_name = "PATTERN")]
    pub can_write: Option<String>,
    /// Print every question to the solver (the input's positions, what is
    /// asked of the step at the last one) with its answer, and each
    /// conjecture, on stderr.
    #[arg(long)]
    pub show_queries: bool,
    /// Print the C harness the program runs under for the solver's
    /// questions instead of learning (`query`, the default), or, after
    /// learning, the product of the program's harness and the learned
    /// transducer that the bounded check runs on (`product`), the product
    /// the proof for every length runs on (`proof`), or the two pipelines
    /// the idempotence question is decided on (`idempotent`).
    #[arg(long, value_name = "WHICH", num_args = 0..=1, default_missing_value = "query",
          value_parser = ["query", "product", "proof", "idempotent"])]
    pub show_harness: Option<String>,
    /// The most states a transducer may have before learning gives up
    /// (at least 1: the initial state).
    #[arg(long, default_value_t = 32, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_states: usize,
}

pub fn run(args: &TransducerArgs, console: &mut Console<'_>) -> u8 {
    let loaded = match load_file(&args.file, &args.frontend, console) {
        Ok(l) => l,
        Err(code) => return code,
    };
    if loaded.program.is_none() || loaded.has_errors() {
        return exit::BAD_INPUT;
    }
    // Progress on stderr once a run has taken a second (quick runs stay
    // quiet): the lines as they come, and where the run is whenever none
    // came for a few seconds.
    let started = std::time::Instant::now();
    let status = std::sync::Arc::new(lore_transducer::status::Status::default());
    let heartbeat = {
        let status = status.clone();
        crate::heartbeat::Heartbeat::start(started, "lore transducer: ", move || status.describe())
    };
    let progress = |line: &str| {
        let t = started.elapsed().as_secs_f64();
        if t >= 1.0 {
            eprintln!("lore transducer: [{t:7.1} s] {line}");
            heartbeat.printed();
        }
    };
    let setup = Setup {
        path: &args.file,
        frontend: args.frontend.options(),
        io: Io {
            input: args.input.clone(),
            output: args.output.clone(),
            bits: args.symbol_bits,
            ..Io::default()
        },
        options: Default::default(),
        log_queries: args.show_queries,
        progress: Some(&progress),
        status: Some(status),
    };
    if let Some(symbol) = &args.can_write {
        return questions::can_write(args, &setup, symbol, console);
    }
    if args.show_harness.as_deref() == Some("query") {
        return show_query_harness(&setup, console);
    }
    let limits = Limits {
        bound: args.bound,
        max_states: args.max_states,
        proof_time: Duration::from_secs(args.proof_time),
        time: Duration::from_secs(args.time_limit),
        ..Limits::default()
    };
    match learn(&setup, &limits) {
        Ok(learned) => {
            for line in &learned.queries {
                let _ = writeln!(console.err, "{line}");
            }
            if let Some(which @ ("product" | "proof" | "idempotent")) = args.show_harness.as_deref()
            {
                return show_product(&setup, &learned, which, args.bound, console);
            }
            let code = print(&learned, console);
            let asked =
                args.equivalent.is_some() || args.idempotent || args.commutes_with.is_some();
            let (answered, answers) = if asked && code == exit::OK {
                questions::ask_all(args, &setup, &learned, &limits, console)
            } else {
                (exit::OK, Vec::new())
            };
            if let Some(path) = &args.dot {
                if let Some(t) = &learned.transducer {
                    let text = match &learned.view {
                        _ if path.extension().is_some_and(|e| e == "svg") => {
                            picture(t, &learned.view)
                        }
                        View::EchoOr { reject, .. } => lore_transducer::echo::to_dot(t, reject),
                        View::Output => t.to_dot(),
                    };
                    if let Err(e) = std::fs::write(path, text) {
                        let _ =
                            writeln!(console.err, "error: cannot write {}: {e}", path.display());
                        return exit::BAD_INPUT;
                    }
                }
            }
            if let Some(path) = &args.html {
                let page = report::page(
                    &args.file.display().to_string(),
                    &learned,
                    &summary(&learned),
                    &answers,
                );
                if let Err(e) = std::fs::write(path, page) {
                    let _ = writeln!(console.err, "error: cannot write {}: {e}", path.display());
                    return exit::BAD_INPUT;
                }
            }
            if let Some(path) = &args.json {
                let mut value = to_json(args, &learned);
                if asked {
                    value["questions"] = serde_json::Value::Array(answers);
                }
                let text = serde_json::to_string_pretty(&value).unwrap_or_default();
                if let Err(e) = std::fs::write(path, text + "\n") {
                    let _ = writeln!(console.err, "error: cannot write {}: {e}", path.display());
                    return exit::BAD_INPUT;
                }
            }
            if code != exit::OK {
                code
            } else {
                answered
            }
        }
        Err(LearnError::Harness(HarnessError::Load(_))) => {
            let _ = writeln!(
                console.err,
                "error: the program does not load under the harness"
            );
            exit::BAD_INPUT
        }
        Err(e) => {
            let _ = writeln!(console.err, "error: {}: {e}", args.file.display());
            exit::BAD_INPUT
        }
    }
}

fn print(learned: &Learned, console: &mut Console<'_>) -> u8 {
    if let Some(why) = &learned.output_not_learned {
        let _ = writeln!(console.out, "not a transducer of the output: {why}");
    }
    match (&learned.transducer, &learned.view) {
        (Some(t), View::Output) => {
            let _ = write!(console.out, "{t}");
            if let Some(folded) = learned.folded() {
                let _ = write!(console.out, "the same transducer, {folded}");
            }
        }
        (Some(t), View::EchoOr { reject, .. }) => {
            let _ = write!(console.out, "{}", lore_transducer::echo::show(t, reject));
        }
        (None, _) => {}
    }
    for line in summary(learned) {
        let _ = writeln!(console.out, "{line}");
    }
    match &learned.outcome {
        Outcome::Learned => exit::OK,
        Outcome::NotLearned(_) => exit::DISAGREE,
    }
}

/// What learning and the checks found, a line each.
fn summary(learned: &Learned) -> Vec<String> {
    let mut lines = vec![format!(
        "learning: {} conjecture{}, {} solver calls ({} shared encodings, {} repeated questions answered from memory), {} concrete runs, {:.2} s",
        learned.conjectures,
        if learned.conjectures == 1 { "" } else { "s" },
        learned.solver_calls,
        learned.sessions,
        learned.answered_again,
        learned.runs,
        learned.learning_seconds
    )];
    match &learned.proof {
        Some((Checked::Holds, induction, seconds)) => lines.push(format!(
            "proof: the program and the transducer agree on every input, of every length ({}, {seconds:.2} s)",
            proved_by(induction.as_ref())
        )),
        Some((Checked::Differs { input, what }, _, _)) => {
            lines.push(format!("proof: they differ on input {input:?} ({what})"))
        }
        Some((Checked::Unknown(why), ..)) if learned.view != View::Output => lines.push(format!(
            "proof: none for every length ({why}); the automaton is checked up to {} symbols",
            learned.bound
        )),
        Some((Checked::Unknown(why), _, seconds)) => lines.push(format!(
            "proof: not found within {seconds:.1} s ({why}); the transducer is checked only up to {} symbols",
            learned.bound
        )),
        None => {}
    }
    match &learned.bounded {
        Some(Checked::Holds) => lines.push(format!(
            "bounded check: the program and the transducer agree on every input of at most {} symbols ({:.2} s)",
            learned.bound, learned.bounded_seconds
        )),
        Some(Checked::Differs { input, what }) => {
            lines.push(format!("bounded check: they differ on input {input:?} ({what})"))
        }
        Some(Checked::Unknown(why)) => lines.push(format!("bounded check: no answer ({why})")),
        None => {}
    }
    if let Outcome::NotLearned(why) = &learned.outcome {
        lines.push(format!("not learned: {why}"));
    }
    lines
}

/// `--show-harness query`: the harness the solver's questions run on.
fn show_query_harness(setup: &Setup<'_>, console: &mut Console<'_>) -> u8 {
    let shape = match lore_transducer::harness::io_shape(setup.path, &setup.frontend, &setup.io) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(console.err, "error: {}: {e}", setup.path.display());
            return exit::BAD_INPUT;
        }
    };
    let _ = write!(
        console.out,
        "{}",
        lore_transducer::harness::query_harness(&setup.io, &shape)
    );
    exit::OK
}

/// Symbols as the oracle's messages take them (where -1 is the end).
pub(super) fn symbols(w: &[u32]) -> Vec<i64> {
    w.iter().map(|&v| i64::from(v)).collect()
}

/// How a proof for every length was made.
pub(super) fn proved_by(induction: Option<&Induction>) -> String {
    match induction {
        Some(Induction::Proved { k: 0, .. }) => "k-induction with loop summaries".to_string(),
        Some(Induction::Proved { k, loops, .. }) => {
            let invariants: usize = loops.iter().map(|l| l.invariants.len()).sum();
            match invariants {
                0 => format!("k-induction, k = {k}"),
                n => format!("k-induction, k = {k}, with {n} invariants"),
            }
        }
        _ => "bounded model checking with every loop fully unwound".to_string(),
    }
}

/// `--show-harness product|idempotent`: the C a learned transducer's
/// checks run on.
fn show_product(
    setup: &Setup<'_>,
    learned: &Learned,
    which: &str,
    bound: u32,
    console: &mut Console<'_>,
) -> u8 {
    let (Some(t), Ok(shape)) = (
        &learned.transducer,
        lore_transducer::harness::io_shape(setup.path, &setup.frontend, &setup.io),
    ) else {
        let _ = writeln!(console.err, "error: no transducer was learned");
        return exit::DISAGREE;
    };
    let text = if which == "proof" {
        format!(
            "/* The product for every input length (the proof's): each read draws a symbol and steps the transducer, and k-induction starts from any state that __lore_sane allows. */\n{}",
            lore_transducer::check::product_harness(
                t,
                &setup.io,
                &shape,
                lore_transducer::check::Inputs::Unbounded
            )
        )
    } else if which == "idempotent" {
        let p = lore_transducer::pipeline::Pipelines {
            left: vec![t, t],
            right: vec![t],
        };
        format!(
            "/* Idempotence: the transducer twice against once, for inputs of at most {bound} symbols; the proof's has no such limit. */\n{}",
            p.to_c(t.bits, Some(bound))
        )
    } else {
        format!(
            "/* The product for inputs of at most {bound} symbols (the bounded check); the proof's has no such limit. */\n{}",
            lore_transducer::check::product_harness(
                t,
                &setup.io,
                &shape,
                lore_transducer::check::Inputs::bounded(t, bound)
            )
        )
    };
    let _ = write!(console.out, "{text}");
    exit::OK
}

fn checked_json(c: &Checked) -> serde_json::Value {
    match c {
        Checked::Holds => serde_json::json!({ "result": "holds" }),
        Checked::Differs { input, what } => {
            serde_json::json!({ "result": "differs", "input": input, "what": what })
        }
        Checked::Unknown(why) => serde_json::json!({ "result": "unknown", "why": why }),
    }
}

/// The transducer with lookback in its guards (docs/json.md): its cases,
/// and the folded state of each learned state; the transitions are the
/// learned ones, their targets read through `state_of`.
fn folded_json(
    t: &lore_transducer::model::Transducer,
    f: &lore_transducer::fold::Folded,
) -> serde_json::Value {
    use serde_json::json;
    let mut state_of: Vec<Option<usize>> = vec![None; t.states.len()];
    let states: Vec<serde_json::Value> = f
        .states
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let cases: Vec<serde_json::Value> = s
                .cases
                .iter()
                .map(|c| {
                    state_of[c.learned] = Some(i);
                    let when = c.when.as_ref().map(|w| {
                        w.boxes()
                            .iter()
                            .map(|b| b.iter().map(|g| g.intervals()).collect::<Vec<_>>())
                            .collect::<Vec<_>>()
                    });
                    json!({ "learned_state": c.learned, "when": when })
                })
                .collect();
            json!({ "cases": cases })
        })
        .collect();
    json!({
        "lookback": f.lookback(),
        "bottom": lore_transducer::fold::bottom(f.bits),
        "states": states,
        "state_of": state_of,
    })
}

/// The `lore-transducer/1` object (docs/json.md).
fn to_json(args: &TransducerArgs, learned: &Learned) -> serde_json::Value {
    use serde_json::json;
    let transducer = learned.transducer.as_ref().map(|t| {
        let states: Vec<serde_json::Value> = t
            .states
            .iter()
            .map(|s| {
                let transitions: Vec<serde_json::Value> = s
                    .transitions
                    .iter()
                    .map(|tr| {
                        json!({
                            "guard": tr.guard.intervals(),
                            "output": tr.output.iter().map(|o| o.to_string()).collect::<Vec<_>>(),
                            "target": tr.target,
                        })
                    })
                    .collect();
                json!({
                    "transitions": transitions,
                    "end_output": s.final_output.iter().map(|o| o.to_string()).collect::<Vec<_>>(),
                })
            })
            .collect();
        let folded = learned.folded().map(|f| folded_json(t, &f));
        json!({
            "symbol_bits": t.bits,
            "lookback": t.lookback(),
            "class": lore_transducer::echo::class(t, &learned.view),
            "states": states,
            "folded": folded,
        })
    });
    let view = match &learned.view {
        View::Output => json!({ "kind": "output" }),
        View::EchoOr { reject, capacity } => json!({
            "kind": "validate, then echo",
            "reject": reject,
            "capacity": capacity,
        }),
    };
    let (outcome, reason) = match &learned.outcome {
        Outcome::Learned => ("learned", None),
        Outcome::NotLearned(why) => ("not learned", Some(why.clone())),
    };
    let proof = learned.proof.as_ref().map(|(c, induction, seconds)| {
        let mut v = checked_json(c);
        if let Some(Induction::Proved { k, loops, .. }) = induction {
            v["k"] = json!(k);
            let invariants: Vec<&String> = loops.iter().flat_map(|l| &l.invariants).collect();
            v["invariants"] = json!(invariants);
        }
        v["seconds"] = json!(seconds);
        v
    });
    let bounded = learned.bounded.as_ref().map(|c| {
        let mut v = checked_json(c);
        v["bound"] = json!(learned.bound);
        v["seconds"] = json!(learned.bounded_seconds);
        v
    });
    json!({
        "schema": "lore-transducer/1",
        "file": args.file.display().to_string(),
        "input_function": args.input,
        "output_function": args.output,
        "outcome": outcome,
        "reason": reason,
        "transducer": transducer,
        "view": view,
        "output_not_learned": learned.output_not_learned,
        "conjectures": learned.conjectures,
        "solver_calls": learned.solver_calls,
        "sessions": learned.sessions,
        "answered_again": learned.answered_again,
        "concrete_runs": learned.runs,
        "learning_seconds": learned.learning_seconds,
        "proof": proof,
        "bounded_check": bounded,
    })
}

/// The transducer drawn by the layout the automata use: a state per
/// state, one edge per pair of states with a line per transition
/// (`guard / output`), and an edge to an end mark for what a state writes
/// when the input ends.
/// Under the echo view, the automaton: echoing states accepting, edges
/// labelled by their guards alone.
pub(crate) fn picture(t: &lore_transducer::model::Transducer, view: &View) -> String {
    use lore_learner::layout::{to_svg, Edge, Graph, Ink, Node};
    use lore_transducer::model::show_output;
    let echo = matches!(view, View::EchoOr { .. });
    let n = t.states.len();
    let mut nodes: Vec<Node> = (0..n)
        .map(|i| Node {
            text: format!("q{i}"),
            accepting: echo && lore_transducer::echo::echoes(t, i),
            ink: Ink::Plain,
            title: format!("q{i}"),
        })
        .collect();
    let mut edges: Vec<Edge> = Vec::new();
    let end = n;
    for (i, s) in t.states.iter().enumerate() {
        for tr in &s.transitions {
            let line = if echo {
                tr.guard.to_string()
            } else {
                format!("{} / {}", tr.guard, show_output(&tr.output))
            };
            match edges.iter_mut().find(|e| e.from == i && e.to == tr.target) {
                Some(e) => {
                    e.label.push('\n');
                    e.label.push_str(&line);
                }
                None => edges.push(Edge {
                    from: i,
                    to: tr.target,
                    label: line,
                    ink: Ink::Plain,
                }),
            }
        }
        if !echo && !s.final_output.is_empty() {
            edges.push(Edge {
                from: i,
                to: end,
                label: format!("end / {}", show_output(&s.final_output)),
                ink: Ink::Plain,
            });
        }
    }
    if edges.iter().any(|e| e.to == end) {
        nodes.push(Node {
            text: "end".into(),
            accepting: true,
            ink: Ink::Plain,
            title: "the end of the input".into(),
        });
    }
    let caption = match view {
        View::EchoOr { reject, .. } => format!(
            "validate, then echo: {n} state{}; an input ending in a double state is written back, else {}",
            if n == 1 { "" } else { "s" },
            lore_transducer::model::show_string(reject)
        ),
        View::Output => format!(
            "{} state{}, lookback {}, {}",
            n,
            if n == 1 { "" } else { "s" },
            t.lookback(),
            t.class()
        ),
    };
    to_svg(&Graph {
        nodes,
        edges,
        initial: 0,
        caption: Some((caption, Ink::Plain)),
    })
}
