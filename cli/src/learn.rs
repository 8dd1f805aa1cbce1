//! `lore learn`: the language of error of a C program as a small automaton.

use crate::language::events::{self, EventError};
use crate::language::{BoundRun, LearnError, Search, SearchLimits, Setup};
use crate::{exit, load, Console, InputArgs};
use clap::Args;
use lore_frontend::ir::PropertyKind;
use lore_learner::Algorithm;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Args)]
pub struct LearnArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// b: unwind loops and recursion at most this many times. Without it
    /// (and --max-word-length) the bounds are searched (paper §6.1).
    #[arg(long, value_name = "B")]
    pub unwind: Option<u32>,
    /// b_wl: the longest word, the assertion letter included.
    #[arg(long, value_name = "N")]
    pub max_word_length: Option<u32>,
    /// The largest b the search tries.
    #[arg(long, default_value_t = 4, value_name = "B")]
    pub search_max_unwind: u32,
    /// The largest b_wl the search tries.
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub search_max_word_length: u32,
    /// The events: function names separated by commas, and `branches` for
    /// one letter per outcome of every `if`. Default: `<file>.f` if present,
    /// else every function with a body except `main`.
    #[arg(long, value_name = "LIST")]
    pub events: Option<String>,
    /// Whose failure ends a word: `learn` (`_Learn_assert`, the default),
    /// `assert` (`assert`/`__CPROVER_assert`), `reach-error`, or
    /// `end-of-main` (reaching main's return or `exit`: what the program does).
    #[arg(long, value_name = "KIND")]
    pub assert: Option<String>,
    /// The learning algorithm: lsharp (default), lstar or lstar-rs.
    #[arg(long, default_value = "lsharp")]
    pub algorithm: String,
    /// Write the automaton: `.dot`, or `.svg` (Graphviz if present, else a
    /// built-in layout).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write the statistics of every bound as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// The program, events and assertion kind, or the exit code after an error.
fn setup<'p>(
    program: &'p lore_frontend::ir::Program,
    file: &std::path::Path,
    events_option: Option<&str>,
    assert: Option<&str>,
    algorithm: Algorithm,
    console: &mut Console<'_>,
) -> Result<Setup<'p>, u8> {
    let kind = match assert {
        None | Some("learn") => PropertyKind::LearnAssertion,
        Some("assert") => PropertyKind::UserAssertion,
        Some("reach-error") => PropertyKind::ReachError,
        Some("end-of-main") => PropertyKind::EndOfMain,
        Some(other) => {
            return Err(fail(
                console,
                &format!("unknown --assert `{other}` (learn, assert, reach-error or end-of-main)"),
            ))
        }
    };
    if kind != PropertyKind::EndOfMain && !program.properties.iter().any(|p| p.kind == kind) {
        let what = match kind {
            PropertyKind::LearnAssertion => {
                "the program has no `_Learn_assert`; mark the assertion to learn, or choose \
                 one with --assert assert or --assert reach-error"
            }
            PropertyKind::UserAssertion => "the program has no `assert`",
            _ => "the program never calls `reach_error`",
        };
        return Err(fail(console, what));
    }
    let events = match events::choose(program, file, events_option) {
        Ok(e) => e,
        Err(EventError(message)) => return Err(fail(console, &message)),
    };
    if events.letters.is_empty() {
        return Err(fail(
            console,
            "no events: the program has no function with a body besides `main` (use --events branches)",
        ));
    }
    Ok(Setup {
        program,
        events,
        targets: vec![kind],
        algorithm,
    })
}

fn fail(console: &mut Console<'_>, message: &str) -> u8 {
    let _ = writeln!(console.err, "error: {message}");
    exit::BAD_INPUT
}

pub fn run(args: &LearnArgs, console: &mut Console<'_>) -> u8 {
    let loaded = match load(&args.input, console) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(program) = &loaded.program else {
        return exit::BAD_INPUT;
    };
    let Some(algorithm) =
        Algorithm::from_name(&args.algorithm).filter(|a| *a != Algorithm::MinimalConsistent)
    else {
        return fail(console, &format!("unknown algorithm `{}`", args.algorithm));
    };
    let setup = match setup(
        program,
        &args.input.file,
        args.events.as_deref(),
        args.assert.as_deref(),
        algorithm,
        console,
    ) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut knowledge = setup.knowledge();
    let quiet = args.quiet;
    let err = &mut *console.err;
    let mut progress = |run: &BoundRun| {
        if !quiet {
            let _ = writeln!(
                err,
                "  b={} b_wl={}: {} states, {} edges, {} solver calls, {:.2} s",
                run.unwind,
                run.max_word_length,
                run.drawing.num_states(),
                run.drawing.num_edges(),
                run.teacher.solver_calls(),
                run.seconds
            );
        }
    };
    let result: Result<Search, LearnError> = match (args.unwind, args.max_word_length) {
        (Some(b), Some(wl)) => setup.learn_at(&mut knowledge, b, wl).map(|run| {
            progress(&run);
            Search {
                runs: vec![run],
                min_word_length: wl,
                converged: true,
                iterations: 1,
            }
        }),
        (b, wl) => {
            let limits = SearchLimits {
                max_unwind: b.unwrap_or(args.search_max_unwind),
                max_word_length: wl.unwrap_or(args.search_max_word_length),
            };
            setup.search(&mut knowledge, &limits, &mut progress)
        }
    };
    let search = match result {
        Ok(s) => s,
        Err(LearnError(message)) => return fail(console, &message),
    };
    let last = search.runs.last().expect("at least one run");
    let _ = write!(console.out, "{}", table(&search));
    let _ = write!(console.out, "{}", describe(last));
    if let Some(why) = &last.trouble {
        let _ = writeln!(
            console.err,
            "warning: some queries had no answer ({why}); the automaton may be inexact"
        );
    }
    if let Some(path) = &args.output {
        let text = if path.extension().is_some_and(|e| e == "svg") {
            last.drawing.to_svg()
        } else {
            last.drawing.to_dot()
        };
        if let Err(e) = std::fs::write(path, text) {
            return fail(console, &format!("cannot write {}: {e}", path.display()));
        }
    }
    if let Some(path) = &args.json {
        if let Err(e) = std::fs::write(path, json(&search)) {
            return fail(console, &format!("cannot write {}: {e}", path.display()));
        }
    }
    exit::OK
}

/// The per-bound statistics, like the paper's Table 1.
pub fn table(search: &Search) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>3} {:>5} {:>7} {:>7} {:>6} {:>20} {:>12} {:>8} {:>8}",
        "b",
        "b_wl",
        "states",
        "edges",
        "rounds",
        "MQ (solver, share)",
        "conjectures",
        "calls",
        "time s"
    );
    for r in &search.runs {
        let _ = writeln!(
            out,
            "{:>3} {:>5} {:>7} {:>7} {:>6} {:>20} {:>12} {:>8} {:>8.2}",
            r.unwind,
            r.max_word_length,
            r.drawing.num_states(),
            r.drawing.num_edges(),
            r.rounds,
            format!(
                "{} ({}, {:.2}%)",
                r.teacher.membership,
                r.teacher.by_solver,
                100.0 * r.teacher.by_solver as f64 / r.teacher.membership.max(1) as f64
            ),
            r.teacher.conjectures,
            r.teacher.solver_calls(),
            r.seconds
        );
    }
    let total: f64 = search.runs.iter().map(|r| r.seconds).sum();
    let last = search.runs.last().expect("a run");
    let _ = writeln!(
        out,
        "{} at b={}, b_wl={} (b_wl min {}, {} iteration{}), {:.2} s in all",
        if search.converged {
            "result"
        } else {
            "no convergence within the limits; last result"
        },
        last.unwind,
        last.max_word_length,
        search.min_word_length,
        search.iterations,
        if search.iterations == 1 { "" } else { "s" },
        total
    );
    out
}

/// The automaton in words: its edges, and what the drawing marks.
pub fn describe(run: &BoundRun) -> String {
    let d = &run.drawing;
    let mut out = String::new();
    if d.empty {
        let _ = writeln!(
            out,
            "the language of error is empty within the bounds: no execution fails the assertion \
             (one state, nothing accepted)"
        );
        return out;
    }
    let dfa = &d.dfa;
    let alphabet = dfa.alphabet();
    let _ = writeln!(
        out,
        "automaton: {} states, {} edges, initial q{}",
        dfa.num_states(),
        dfa.num_transitions(),
        dfa.initial()
    );
    for s in 0..dfa.num_states() as u32 {
        for a in alphabet.letters() {
            let t = dfa.next(s, a);
            if t != lore_learner::dfa::NONE {
                let accept = if dfa.is_accepting(t) { " (error)" } else { "" };
                let _ = writeln!(out, "  q{s} --{}--> q{t}{accept}", alphabet.name(a));
            }
        }
    }
    let letters: Vec<&str> = d
        .dominating_letters
        .iter()
        .map(|&a| alphabet.name(a))
        .collect();
    let _ = writeln!(
        out,
        "every error word contains: {}",
        if letters.is_empty() {
            "-".to_string()
        } else {
            letters.join(", ")
        }
    );
    out
}

fn json(search: &Search) -> String {
    let mut out = String::from("{\n  \"converged\": ");
    let _ = write!(
        out,
        "{},\n  \"min_word_length\": {},\n  \"iterations\": {},\n  \"runs\": [\n",
        search.converged, search.min_word_length, search.iterations
    );
    for (i, r) in search.runs.iter().enumerate() {
        let t = &r.teacher;
        let _ = write!(
            out,
            "    {{\"unwind\": {}, \"max_word_length\": {}, \"states\": {}, \"edges\": {}, \
             \"rounds\": {}, \"membership\": {}, \"by_form\": {}, \"by_cfg\": {}, \
             \"by_cache\": {}, \"by_solver\": {}, \"conjectures\": {}, \
             \"conjecture_solver_calls\": {}, \"variables\": {}, \"clauses\": {}, \
             \"seconds\": {:.4}, \"exact\": {}, \"dot\": {}}}{}\n",
            r.unwind,
            r.max_word_length,
            r.drawing.num_states(),
            r.drawing.num_edges(),
            r.rounds,
            t.membership,
            t.by_form,
            t.by_cfg,
            t.by_cache,
            t.by_solver,
            t.conjectures,
            t.conjecture_solver_calls,
            r.encoding.variables,
            r.encoding.clauses,
            r.seconds,
            r.trouble.is_none(),
            crate::verify::escape(&r.drawing.to_dot()),
            if i + 1 < search.runs.len() { "," } else { "" }
        );
    }
    out.push_str("  ]\n}\n");
    out
}

#[derive(Args)]
pub struct CheckLanguageArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The automaton to check (DOT, as `lore learn -o` or the paper's tool
    /// writes it).
    #[arg(long, value_name = "FILE")]
    pub dfa: PathBuf,
    /// b: unwind loops and recursion at most this many times.
    #[arg(long, value_name = "B")]
    pub unwind: u32,
    /// b_wl: the longest word, the assertion letter included.
    #[arg(long, value_name = "N")]
    pub max_word_length: u32,
    /// The events (as for `lore learn`).
    #[arg(long, value_name = "LIST")]
    pub events: Option<String>,
    /// Whose failure ends a word (as for `lore learn`).
    #[arg(long, value_name = "KIND")]
    pub assert: Option<String>,
}

/// `lore check-language`: exit 0 when the automaton accepts, among the
/// words within b_wl, exactly the failing words; else 1, with the words.
pub fn check_language(args: &CheckLanguageArgs, console: &mut Console<'_>) -> u8 {
    let loaded = match load(&args.input, console) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(program) = &loaded.program else {
        return exit::BAD_INPUT;
    };
    let setup = match setup(
        program,
        &args.input.file,
        args.events.as_deref(),
        args.assert.as_deref(),
        Algorithm::LSharp,
        console,
    ) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let text = match std::fs::read_to_string(&args.dfa) {
        Ok(t) => t,
        Err(e) => return fail(console, &format!("cannot read {}: {e}", args.dfa.display())),
    };
    let language = match setup.enumerate(args.unwind, args.max_word_length) {
        Ok(l) => l,
        Err(LearnError(message)) => return fail(console, &message),
    };
    let dfa = match lore_learner::draw::read_dot(&text, Some(&language.alphabet)) {
        Ok(d) => d,
        Err(e) => return fail(console, &format!("{}: {e}", args.dfa.display())),
    };
    let Some(dfa) = dfa.with_alphabet(language.alphabet.clone()) else {
        let extra: Vec<&str> = dfa
            .alphabet()
            .names()
            .iter()
            .filter(|n| language.alphabet.letter(n).is_none())
            .map(String::as_str)
            .collect();
        return fail(
            console,
            &format!(
                "the automaton has letters that are not events: {}",
                extra.join(", ")
            ),
        );
    };
    let comparison = language.compare(&dfa, args.max_word_length as usize, 20);
    let alphabet = &language.alphabet;
    let _ = writeln!(
        console.out,
        "{} failing word{} within b={}, b_wl={} ({} solver calls, {:.2} s)",
        language.words.len(),
        if language.words.len() == 1 { "" } else { "s" },
        args.unwind,
        args.max_word_length,
        language.solver_calls,
        language.seconds
    );
    if comparison.agrees() {
        let _ = writeln!(
            console.out,
            "the automaton agrees: it accepts exactly the failing words of length at most {}",
            args.max_word_length
        );
        return exit::OK;
    }
    for w in &comparison.missing {
        let _ = writeln!(
            console.out,
            "missing (fails, rejected): {}",
            alphabet.show(w)
        );
        let events: Vec<u32> = w[..w.len() - 1].iter().map(|&l| u32::from(l)).collect();
        if let Some(run) = language.words.get(&events) {
            for step in &run.trace {
                let _ = writeln!(
                    console.out,
                    "    {}:{}  {}",
                    step.function, step.loc.line, step.text
                );
            }
        }
    }
    for w in &comparison.spurious {
        let _ = writeln!(
            console.out,
            "spurious (accepted, no failing execution): {}",
            alphabet.show(w)
        );
    }
    exit::DISAGREE
}
