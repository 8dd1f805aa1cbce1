//! `lore learn`: the language of error of a C program as a small automaton.

use crate::present::{BoundView, Panel, ProgramInfo, Report, RunInfo, SearchInfo, Witnesses};
use crate::{exit, load, Console, InputArgs};
use clap::Args;
use lore_frontend::ir::PropertyKind;
use lore_language::teacher::Knowledge;
use lore_language::{witness, BoundRun, LearnError, Search, SearchLimits, Setup};
use lore_learner::Algorithm;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Args)]
pub struct LearnArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Whose failure ends a word: `learn` (`_Learn_assert`, the default),
    /// `assert` (`assert`/`__CPROVER_assert`), `reach-error`, or
    /// `end-of-main` (reaching main's return or `exit`: what the program does).
    #[arg(long, value_name = "KIND")]
    pub assert: Option<String>,
    #[command(flatten)]
    pub options: LearnOptions,
}

/// `lore explain`: what a program does, as an automaton.
#[derive(Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub options: LearnOptions,
}

/// The bounds, events and outputs shared by `learn`, `explain`, `diff`
/// and `merge`.
#[derive(Args)]
pub struct LearnOptions {
    /// b: the unwinding bound, as CBMC's --unwind: a loop goes round at most
    /// b-1 times, at most b nested recursive calls. Without it the bound is
    /// searched (paper §6.1); given alone, it is kept and b_wl is searched.
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
    /// The most pairs of bounds the search learns (each is one encoding
    /// of the program); the search then reports its last result as bounded.
    #[arg(long, default_value_t = 16, value_name = "N")]
    pub search_max_runs: u32,
    /// Seconds the search may take: after them it asks the solver nothing
    /// more and reports its last finished result as bounded (0: no limit).
    /// Where the search stops then depends on the machine's speed; give
    /// --unwind and --max-word-length for results that never do.
    #[arg(
        long,
        visible_alias = "budget",
        default_value_t = 60.0,
        value_name = "SECONDS",
        value_parser = crate::seconds
    )]
    pub search_time: f64,
    /// The events: function names separated by commas, and `branches` for
    /// one letter per outcome of every `if`. Default: `<file>.f` if present,
    /// else every function with a body except `main`.
    #[arg(long, value_name = "LIST")]
    pub events: Option<String>,
    /// The learning algorithm: lsharp (default), lstar or lstar-rs.
    #[arg(long, default_value = "lsharp")]
    pub algorithm: String,
    /// The SAT solver: cadical (the default), varisat (pure Rust) or
    /// minisat (MiniSat's core in Rust: the least memory on large formulas).
    #[arg(long, default_value = "cadical", value_name = "SOLVER", value_parser = crate::solver_kind)]
    pub solver: lore_bmc::solver::SolverKind,
    /// Write the automaton: `.dot` (Graphviz's format), or `.svg` (Lore's
    /// own layered layout, the same on every machine).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write the automata and statistics of every bound as JSON (schema:
    /// docs/json.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a self-contained HTML report: the automaton of every bound
    /// computed, with sliders for b and b_wl, statistics and witnesses.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// The assertion kind `--assert` names.
pub(crate) fn target(assert: Option<&str>, console: &mut Console<'_>) -> Result<PropertyKind, u8> {
    match assert {
        None | Some("learn") => Ok(PropertyKind::LearnAssertion),
        Some("assert") => Ok(PropertyKind::UserAssertion),
        Some("reach-error") => Ok(PropertyKind::ReachError),
        Some("end-of-main") => Ok(PropertyKind::EndOfMain),
        Some(other) => Err(fail(
            console,
            &format!("unknown --assert `{other}` (learn, assert, reach-error or end-of-main)"),
        )),
    }
}

/// The program, events and assertion kind, or the exit code after an error.
pub(crate) fn setup<'p>(
    program: &'p lore_frontend::ir::Program,
    file: &std::path::Path,
    events_option: Option<&str>,
    assert: Option<&str>,
    algorithm: Algorithm,
    console: &mut Console<'_>,
) -> Result<Setup<'p>, u8> {
    let kind = target(assert, console)?;
    Setup::new(program, file, events_option, kind, algorithm)
        .map_err(|e| fail(console, &e.to_string()))
}

pub(crate) fn fail(console: &mut Console<'_>, message: &str) -> u8 {
    let _ = writeln!(console.err, "error: {message}");
    exit::BAD_INPUT
}

pub fn run(args: &LearnArgs, console: &mut Console<'_>) -> u8 {
    learn_one(
        &args.input,
        args.assert.as_deref(),
        &args.options,
        "learn",
        console,
    )
}

/// `lore explain`: the words of the executions that reach the end of
/// `main` (its return, or `exit`): what the program does, over the events.
pub fn explain(args: &ExplainArgs, console: &mut Console<'_>) -> u8 {
    learn_one(
        &args.input,
        Some("end-of-main"),
        &args.options,
        "explain",
        console,
    )
}

/// The learning algorithm named by `--algorithm`.
pub(crate) fn algorithm(
    options: &LearnOptions,
    console: &mut Console<'_>,
) -> Result<Algorithm, u8> {
    Algorithm::from_name(&options.algorithm)
        .filter(|a| *a != Algorithm::MinimalConsistent)
        .ok_or_else(|| {
            fail(
                console,
                &format!("unknown algorithm `{}`", options.algorithm),
            )
        })
}

/// One run in a line: bounds, size, solver calls, time.
pub(crate) fn run_line(run: &BoundRun) -> String {
    format!(
        "b={} b_wl={}: {} states, {} edges, {} solver calls, {:.2} s",
        run.unwind,
        run.max_word_length,
        run.drawing.num_states(),
        run.drawing.num_edges(),
        run.teacher.solver_calls(),
        run.seconds
    )
}

/// The bounds the options fix and the search's limits.
pub(crate) fn search_limits(options: &LearnOptions) -> SearchLimits {
    SearchLimits {
        max_unwind: options.search_max_unwind,
        max_word_length: options.search_max_word_length,
        fixed_unwind: options.unwind,
        fixed_word_length: options.max_word_length,
        max_runs: options.search_max_runs,
        max_seconds: (options.search_time > 0.0).then_some(options.search_time),
    }
}

fn learn_one(
    input: &InputArgs,
    assert: Option<&str>,
    options: &LearnOptions,
    command: &'static str,
    console: &mut Console<'_>,
) -> u8 {
    let loaded = match load(input, console) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(program) = &loaded.program else {
        return exit::BAD_INPUT;
    };
    let algorithm = match algorithm(options, console) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let mut setup = match setup(
        program,
        &input.file,
        options.events.as_deref(),
        assert,
        algorithm,
        console,
    ) {
        Ok(s) => s,
        Err(code) => return code,
    };
    setup.solver = options.solver;
    let mut knowledge = setup.knowledge();
    let quiet = options.quiet;
    let err = &mut *console.err;
    let searched = setup.learn_bounds(&mut knowledge, &search_limits(options), &mut |run| {
        if !quiet {
            let _ = writeln!(err, "  {}", run_line(run));
        }
    });
    let search = match searched {
        Ok(s) => s,
        Err(e) => return fail(console, &e.to_string()),
    };
    let last = search.runs.last().expect("at least one run");
    let _ = write!(console.out, "{}", table(&search));
    let behaviour = assert == Some("end-of-main");
    let _ = write!(console.out, "{}", describe(last, behaviour));
    if let Some(why) = last.inexact_because() {
        let _ = writeln!(console.err, "warning: {why}");
    }
    if let Some(path) = &options.output {
        if let Err(code) = write_drawing(path, &last.drawing, console) {
            return code;
        }
    }
    if options.json.is_some() || options.html.is_some() {
        let file = input.file.display().to_string();
        let report = match learn_report(command, &file, &setup, &knowledge, &loaded.sources, search)
        {
            Ok(r) => r,
            Err(e) => return fail(console, &e.to_string()),
        };
        if let Err(code) = write_report(&report, options, console) {
            return code;
        }
    }
    exit::OK
}

/// Writes a drawing as DOT, or SVG for a `.svg` path.
pub(crate) fn write_drawing(
    path: &std::path::Path,
    drawing: &lore_learner::draw::Drawing,
    console: &mut Console<'_>,
) -> Result<(), u8> {
    let text = if path.extension().is_some_and(|e| e == "svg") {
        drawing.to_svg()
    } else {
        drawing.to_dot()
    };
    std::fs::write(path, text)
        .map_err(|e| fail(console, &format!("cannot write {}: {e}", path.display())))
}

/// Writes `--json` and `--html` if asked for.
pub(crate) fn write_report(
    report: &Report,
    options: &LearnOptions,
    console: &mut Console<'_>,
) -> Result<(), u8> {
    for (path, text) in [
        (
            &options.json,
            crate::json::render(&crate::json::ReportJson::new(report)),
        ),
        (&options.html, crate::html::page(report)),
    ] {
        if let Some(path) = path {
            std::fs::write(path, text)
                .map_err(|e| fail(console, &format!("cannot write {}: {e}", path.display())))?;
        }
    }
    Ok(())
}

/// The report of `learn` or `explain`: one panel per bound searched.
fn learn_report(
    command: &'static str,
    file: &str,
    setup: &Setup<'_>,
    knowledge: &Knowledge<'_>,
    sources: &lore_frontend::source::SourceMap,
    search: Search,
) -> Result<Report, LearnError> {
    let last = search.runs.last().expect("at least one run");
    let what = if command == "explain" {
        "behaviour (executions reaching the end of main)"
    } else {
        "language of error"
    };
    let summary = if last.drawing.empty {
        format!(
            "The {what} of {file} is empty at b = {}, b_wl = {}; {}.",
            last.unwind,
            last.max_word_length,
            search.stopping()
        )
    } else {
        format!(
            "The {what} of {file} at b = {}, b_wl = {}: {} states, {} edges; {}.",
            last.unwind,
            last.max_word_length,
            last.drawing.num_states(),
            last.drawing.num_edges(),
            search.stopping()
        )
    };
    let alphabet = last.dfa.alphabet().names().to_vec();
    let chosen_pair = (last.unwind, last.max_word_length);
    let info = SearchInfo {
        converged: search.converged(),
        stop: search.stop.name(),
        stopping: search.stopping(),
        complete: last.cut.complete(),
        min_word_length: search.min_word_length,
        iterations: search.iterations,
    };
    let mut runs: Vec<BoundRun> = search.runs;
    runs.sort_by_key(|r| (r.unwind, r.max_word_length));
    let mut bounds = Vec::new();
    for r in &runs {
        let witnesses = Witnesses {
            find: witness::Witnesses {
                setup,
                knowledge,
                unwind: r.unwind,
                max_word_length: r.max_word_length,
            },
            sources,
            program_index: 0,
        };
        let panel = Panel::new(
            format!("The {what} of {file}"),
            "language",
            &r.dfa,
            r.max_word_length,
            &witnesses,
        )?;
        bounds.push(BoundView {
            unwind: r.unwind,
            max_word_length: r.max_word_length,
            panels: vec![panel],
        });
    }
    let chosen = runs
        .iter()
        .position(|r| (r.unwind, r.max_word_length) == chosen_pair)
        .expect("the chosen run");
    Ok(Report {
        command,
        programs: vec![ProgramInfo {
            role: "program",
            file: file.to_string(),
        }],
        alphabet,
        runs: runs
            .into_iter()
            .map(|run| RunInfo { program: 0, run })
            .collect(),
        bounds,
        chosen,
        search: Some(info),
        summary,
    })
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
        "result at b={}, b_wl={} (b_wl min {}, {} iteration{}), {:.2} s in all",
        last.unwind,
        last.max_word_length,
        search.min_word_length,
        search.iterations,
        if search.iterations == 1 { "" } else { "s" },
        total
    );
    let _ = writeln!(
        out,
        "stopped ({}): {}",
        search.stop.name(),
        search.stopping()
    );
    out
}

/// The automaton in words: its edges, and what the drawing marks. With
/// `behaviour` (`explain`, `--assert end-of-main`) the words are
/// executions that reach the end of `main`, not failures.
pub fn describe(run: &BoundRun, behaviour: bool) -> String {
    let d = &run.drawing;
    let mut out = String::new();
    let (language, does, accepting, word) = if behaviour {
        (
            "the language of behaviour",
            "reaches the end of main",
            " (end)",
            "word",
        )
    } else {
        (
            "the language of error",
            "fails the assertion",
            " (error)",
            "error word",
        )
    };
    if d.empty {
        if run.cut.complete() {
            let _ = writeln!(
                out,
                "{language} is empty: no execution {does} \
                 (no execution is cut by the bounds, so this holds at every bound)"
            );
        } else {
            let _ = writeln!(
                out,
                "{language} is empty within the bounds: no execution within b={} and \
                 b_wl={} {does}, but the bounds leave out {}",
                run.unwind,
                run.max_word_length,
                run.cut.explain(run.unwind, run.max_word_length)
            );
        }
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
    for s in dfa.states() {
        for a in alphabet.letters() {
            let t = dfa.next(s, a);
            if t != lore_learner::dfa::NONE {
                let accept = if dfa.is_accepting(t) { accepting } else { "" };
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
        "every {word} contains: {}",
        if letters.is_empty() {
            "-".to_string()
        } else {
            letters.join(", ")
        }
    );
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
    /// b: the unwinding bound, as CBMC's --unwind: a loop goes round at most
    /// b-1 times, at most b nested recursive calls.
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
        Err(e) => return fail(console, &e.to_string()),
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
        let events: Vec<u32> = w[..w.len() - 1]
            .iter()
            .map(|&l| lore_language::letters::event_of_letter(l))
            .collect();
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
