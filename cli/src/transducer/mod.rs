//! `lore transducer`: learn a symbolic transducer of a C program that
//! reads symbols and writes symbols (Sigma*), check it, and print it.

use crate::{exit, load_file, Console, FrontendArgs};
use clap::Args;
use lore_bmc::kinduction::Induction;
use lore_transducer::check::Checked;
use lore_transducer::harness::{HarnessError, Io};
use lore_transducer::learn::{learn, LearnError, Learned, Limits, Outcome, Setup};
use lore_transducer::oracle::{show_input, show_symbols};
use std::io::Write;
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
    /// product of program and transducer).
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub proof_time: u64,
    /// Seconds for learning, the bounded checks of the conjectures included.
    #[arg(long, default_value_t = 120, value_name = "SECONDS")]
    pub time_limit: u64,
    /// Write the transducer in Graphviz's DOT to FILE.
    #[arg(short = 'o', long = "output-file", value_name = "FILE")]
    pub dot: Option<PathBuf>,
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
    /// BEK's "can this symbol ever come out?", answered on the program
    /// for every input length (no learning): a number (`60`, `0x3c`) or
    /// one character (`'<'` or `<`). Exit 1 with an input when it can.
    #[arg(long, value_name = "SYMBOL")]
    pub can_write: Option<String>,
    /// Print every question to the solver (the input's positions, what is
    /// asked of the step at the last one) with its answer, and each
    /// conjecture, on stderr.
    #[arg(long)]
    pub show_queries: bool,
    /// Print the C harness the program runs under for the solver's
    /// questions instead of learning (`query`, the default), or, after
    /// learning, the product of the program's harness and the learned
    /// transducer that the checks run on (`product`).
    #[arg(long, value_name = "WHICH", num_args = 0..=1, default_missing_value = "query")]
    pub show_harness: Option<String>,
    /// The most states a transducer may have before learning gives up.
    #[arg(long, default_value_t = 32, value_name = "N")]
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
    let setup = Setup {
        path: &args.file,
        frontend: args.frontend.options(),
        io: Io {
            input: args.input.clone(),
            output: args.output.clone(),
            bits: args.symbol_bits,
        },
        options: Default::default(),
        log_queries: args.show_queries,
    };
    if let Some(symbol) = &args.can_write {
        return can_write(args, &setup, symbol, console);
    }
    if let Some(which) = args.show_harness.as_deref().filter(|w| *w == "query") {
        return show_harness(&setup, which, console);
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
            if args.show_harness.as_deref() == Some("product") {
                return show_product(&setup, &learned, args.bound, console);
            }
            if let Some(other) = &args.equivalent {
                let code = print(&learned, console);
                if code != exit::OK {
                    return code;
                }
                return equivalence(args, &setup, &learned, other, &limits, console);
            }
            if let Some(path) = &args.dot {
                if let Some(t) = &learned.transducer {
                    if let Err(e) = std::fs::write(path, t.to_dot()) {
                        let _ =
                            writeln!(console.err, "error: cannot write {}: {e}", path.display());
                        return exit::BAD_INPUT;
                    }
                }
            }
            if let Some(path) = &args.json {
                let text =
                    serde_json::to_string_pretty(&to_json(args, &learned)).unwrap_or_default();
                if let Err(e) = std::fs::write(path, text + "\n") {
                    let _ = writeln!(console.err, "error: cannot write {}: {e}", path.display());
                    return exit::BAD_INPUT;
                }
            }
            print(&learned, console)
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
    let out = &mut console.out;
    if let Some(t) = &learned.transducer {
        let _ = write!(out, "{t}");
    }
    let _ = writeln!(
        out,
        "learning: {} conjecture{}, {} solver calls, {} concrete runs, {:.2} s",
        learned.conjectures,
        if learned.conjectures == 1 { "" } else { "s" },
        learned.solver_calls,
        learned.runs,
        learned.learning_seconds
    );
    match &learned.proof {
        Some((Checked::Holds, induction, seconds)) => {
            let how = proved_by(induction.as_ref());
            let _ = writeln!(
                out,
                "proof: the program and the transducer agree on every input, of every length ({how}, {seconds:.2} s)"
            );
        }
        Some((Checked::Differs { input, what }, _, _)) => {
            let _ = writeln!(out, "proof: they differ on input {input:?} ({what})");
        }
        Some((Checked::Unknown(why), _, seconds)) => {
            let _ = writeln!(
                out,
                "proof: not found within {seconds:.1} s ({why}); the transducer is checked only up to {} symbols",
                learned.bound
            );
        }
        None => {}
    }
    match &learned.bounded {
        Some(Checked::Holds) => {
            let _ = writeln!(
                out,
                "bounded check: the program and the transducer agree on every input of at most {} symbols ({:.2} s)",
                learned.bound, learned.bounded_seconds
            );
        }
        Some(Checked::Differs { input, what }) => {
            let _ = writeln!(
                out,
                "bounded check: they differ on input {input:?} ({what})"
            );
        }
        Some(Checked::Unknown(why)) => {
            let _ = writeln!(out, "bounded check: no answer ({why})");
        }
        None => {}
    }
    match &learned.outcome {
        Outcome::Learned => exit::OK,
        Outcome::NotLearned(why) => {
            let _ = writeln!(out, "not learned: {why}");
            exit::DISAGREE
        }
    }
}

fn show_harness(setup: &Setup<'_>, which: &str, console: &mut Console<'_>) -> u8 {
    let shape = match lore_transducer::harness::io_shape(setup.path, &setup.frontend, &setup.io) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(console.err, "error: {}: {e}", setup.path.display());
            return exit::BAD_INPUT;
        }
    };
    match which {
        "query" => {
            let _ = write!(
                console.out,
                "{}",
                lore_transducer::harness::query_harness(&setup.io, &shape)
            );
            exit::OK
        }
        other => {
            let _ = writeln!(
                console.err,
                "error: --show-harness takes `query`, not `{other}`"
            );
            exit::BAD_INPUT
        }
    }
}

/// Symbols as the oracle's messages take them (where -1 is the end).
fn symbols(w: &[u32]) -> Vec<i64> {
    w.iter().map(|&v| i64::from(v)).collect()
}

/// How a proof for every length was made.
fn proved_by(induction: Option<&Induction>) -> String {
    match induction {
        Some(Induction::Proved { k: 0, .. }) => "k-induction with loop summaries".to_string(),
        Some(Induction::Proved { k, .. }) => format!("k-induction, k = {k}"),
        _ => "bounded model checking with every loop fully unwound".to_string(),
    }
}

/// `--can-write SYMBOL`.
fn can_write(
    args: &TransducerArgs,
    setup: &Setup<'_>,
    symbol: &str,
    console: &mut Console<'_>,
) -> u8 {
    let trimmed = symbol.trim_matches('\'');
    let parsed = if let Some(hex) = trimmed.strip_prefix("0x") {
        u32::from_str_radix(hex, 16).ok()
    } else if trimmed.chars().count() == 1 && !trimmed.chars().all(|c| c.is_ascii_digit()) {
        trimmed.chars().next().map(u32::from)
    } else {
        trimmed.parse().ok()
    };
    let max = lore_transducer::model::max_symbol(setup.io.bits);
    let Some(value) = parsed.filter(|&v| v <= max) else {
        let _ = writeln!(
            console.err,
            "error: --can-write takes a symbol of {} bits (a number, 0x.., or one character), not `{symbol}`",
            setup.io.bits
        );
        return exit::BAD_INPUT;
    };
    let shape = match lore_transducer::harness::io_shape(setup.path, &setup.frontend, &setup.io) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(console.err, "error: {}: {e}", setup.path.display());
            return exit::BAD_INPUT;
        }
    };
    let started = std::time::Instant::now();
    let (checked, induction) = lore_transducer::check::never_writes(
        setup.path,
        &setup.frontend,
        &setup.io,
        &shape,
        value,
        &lore_bmc::symex::SymexOptions {
            unwind: 2,
            ..Default::default()
        },
        Duration::from_secs(args.proof_time),
    );
    let seconds = started.elapsed().as_secs_f64();
    let shown = match char::from_u32(value).filter(|c| c.is_ascii_graphic()) {
        Some(c) => format!("'{c}' ({value:#x})"),
        None => format!("{value:#x}"),
    };
    let file = args.file.display();
    match checked {
        Checked::Holds => {
            let how = proved_by(induction.as_ref());
            let _ = writeln!(
                console.out,
                "can-write: {file} never writes {shown}, on any input of any length ({how}, {seconds:.2} s)"
            );
            exit::OK
        }
        Checked::Differs { input, .. } => {
            let _ = writeln!(
                console.out,
                "can-write: {file} writes {shown} {}",
                show_input(&symbols(&input))
            );
            exit::DISAGREE
        }
        Checked::Unknown(why) => {
            let _ = writeln!(
                console.out,
                "can-write: no answer within {seconds:.1} s ({why})"
            );
            exit::OK
        }
    }
}

/// `--equivalent OTHER`: OTHER against FILE's transducer.
fn equivalence(
    args: &TransducerArgs,
    setup: &Setup<'_>,
    learned: &Learned,
    other: &std::path::Path,
    limits: &Limits,
    console: &mut Console<'_>,
) -> u8 {
    use lore_transducer::compare::{compare, output_of};
    let Some(t) = &learned.transducer else {
        return exit::DISAGREE;
    };
    if let Err(code) = load_file(other, &args.frontend, console) {
        return code;
    }
    let other_setup = Setup {
        path: other,
        frontend: setup.frontend.clone(),
        io: setup.io.clone(),
        options: Default::default(),
        log_queries: false,
    };
    let (file, other_name) = (args.file.display(), other.display());
    let comparison = match compare(&other_setup, t, limits) {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(console.err, "error: {other_name}: {e}");
            return exit::BAD_INPUT;
        }
    };
    let differs = match (&comparison.bounded, &comparison.proof) {
        (Checked::Differs { input, .. }, _) | (_, Some((Checked::Differs { input, .. }, _))) => {
            Some(input.clone())
        }
        _ => None,
    };
    let out = &mut console.out;
    if let Some(input) = differs {
        let shown = |w: &[u32]| {
            if w.is_empty() {
                return "nothing".to_string();
            }
            show_symbols(&symbols(w))
        };
        let (a, b) = (output_of(setup, &input), output_of(&other_setup, &input));
        let _ = writeln!(
            out,
            "equivalence: {file} and {other_name} differ {}",
            show_input(&symbols(&input))
        );
        if let (Ok(a), Ok(b)) = (a, b) {
            let _ = writeln!(out, "  {file} writes {}", shown(&a));
            let _ = writeln!(out, "  {other_name} writes {}", shown(&b));
        }
        return exit::DISAGREE;
    }
    let proved_here = matches!(learned.proof, Some((Checked::Holds, ..)));
    match (&comparison.proof, proved_here) {
        (Some((Checked::Holds, _)), true) => {
            let _ = writeln!(
                out,
                "equivalence: {file} and {other_name} write the same output on every input, of every length (both proved equal to the transducer)"
            );
        }
        (proof, _) => {
            let why = match proof {
                Some((Checked::Unknown(why), _)) => why.clone(),
                _ if !proved_here => format!("{file}'s transducer is not proved for every length"),
                _ => "no proof".into(),
            };
            let _ = writeln!(
                out,
                "equivalence: {file} and {other_name} agree on every input of at most {} symbols; not proved for every length ({why})",
                comparison.bound
            );
        }
    }
    exit::OK
}

fn show_product(setup: &Setup<'_>, learned: &Learned, bound: u32, console: &mut Console<'_>) -> u8 {
    let (Some(t), Ok(shape)) = (
        &learned.transducer,
        lore_transducer::harness::io_shape(setup.path, &setup.frontend, &setup.io),
    ) else {
        let _ = writeln!(console.err, "error: no transducer was learned");
        return exit::DISAGREE;
    };
    let _ = write!(
        console.out,
        "/* The product for inputs of at most {bound} symbols (the bounded check); the proof's has no such limit. */\n{}",
        lore_transducer::check::product_harness(t, &setup.io, &shape, Some(bound))
    );
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
        json!({
            "symbol_bits": t.bits,
            "lookback": t.lookback(),
            "class": t.class(),
            "states": states,
        })
    });
    let (outcome, reason) = match &learned.outcome {
        Outcome::Learned => ("learned", None),
        Outcome::NotLearned(why) => ("not learned", Some(why.clone())),
    };
    let proof = learned.proof.as_ref().map(|(c, induction, seconds)| {
        let mut v = checked_json(c);
        if let Some(Induction::Proved { k, .. }) = induction {
            v["k"] = json!(k);
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
        "conjectures": learned.conjectures,
        "solver_calls": learned.solver_calls,
        "concrete_runs": learned.runs,
        "learning_seconds": learned.learning_seconds,
        "proof": proof,
        "bounded_check": bounded,
    })
}
