//! `sv-comp-bench paper`: the paper's Table 1 (read from
//! `../shared/benchmarks/paper/TABLE1.md`), every row: learn at the row's (b, b_wl), check the automaton against the
//! enumerated language of error (Theorem 1), compare its size with the
//! paper's, and where they differ, say which automaton is right on which
//! word. The same rows are learned again with a baseline teacher that
//! encodes the program afresh for every solver call (the paper's
//! architecture), and the speed-up of the incremental teacher is printed.
//!
//! Fails (exit 1) when Lore's automaton does not pass the language check,
//! when it is larger than the paper's while the paper's drawing is right
//! within the bounds, or when the two teachers disagree.

use lore_frontend::ir::PropertyKind;
use lore_language::check::ErrorLanguage;
use lore_language::{events, BoundRun, Setup};
use lore_learner::dfa::{Dfa, ProductKind};
use lore_learner::Algorithm;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// One row of the paper's Table 1.
struct Row {
    name: String,
    folder: String,
    b_wl_min: u32,
    b_wl: u32,
    iterations: u32,
    b: u32,
    seconds: f64,
    states: usize,
    edges: usize,
    solver_share: String,
    conjectures: u64,
}

fn read_table(path: &Path) -> Result<Vec<Row>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    // "Folder names: tcas = `tcas_auto_instrumented`, …"
    let mut folders = Vec::new();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut rest = flat.as_str();
    while let Some(i) = rest.find(" = `") {
        let name = rest[..i].rsplit(' ').next().unwrap_or("").to_string();
        let after = &rest[i + 4..];
        let Some(j) = after.find('`') else { break };
        folders.push((name, after[..j].to_string()));
        rest = &after[j..];
    }
    let mut rows = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 12 || cells[1] == "Target" || cells[1].starts_with("---") {
            continue;
        }
        let num = |i: usize| -> Result<f64, String> {
            cells[i]
                .parse::<f64>()
                .map_err(|_| format!("TABLE1.md: `{}` is not a number", cells[i]))
        };
        let name = cells[1].to_string();
        let folder = folders
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| f.clone())
            .ok_or(format!("TABLE1.md: no folder for {name}"))?;
        rows.push(Row {
            name,
            folder,
            b_wl_min: num(2)? as u32,
            b_wl: num(3)? as u32,
            iterations: num(4)? as u32,
            b: num(5)? as u32,
            seconds: num(6)?,
            states: num(7)? as usize,
            edges: num(8)? as usize,
            solver_share: cells[9].to_string(),
            conjectures: num(10)? as u64,
        });
    }
    if rows.is_empty() {
        return Err("TABLE1.md: no rows".into());
    }
    Ok(rows)
}

/// The result of one row.
struct Outcome {
    line: String,
    notes: Vec<String>,
    ok: bool,
    incremental: f64,
    baseline: f64,
    /// The teacher's part: one encoding and the solver queries, against
    /// the same queries each on a fresh encoding.
    teacher: f64,
    baseline_teacher: f64,
    /// Queries that reached the solver (each a fresh encoding in the baseline).
    solver_queries: usize,
    /// With CBMC: the paper's architecture's time and the answers where
    /// CBMC and Lore disagree.
    with_cbmc: Option<(f64, usize)>,
}

fn learn_row(root: &Path, row: &Row, cbmc: Option<&Path>) -> Result<Outcome, String> {
    let source: PathBuf = root.join(&row.folder).join(format!("{}.c", row.folder));
    let loaded = lore_frontend::load(&source, &lore_frontend::FrontendOptions::default());
    let program = loaded
        .program
        .as_ref()
        .ok_or(format!("{}: does not load", source.display()))?;
    let events = events::choose(program, &source, None).map_err(|e| e.to_string())?;
    let setup = Setup {
        program,
        events: events.clone(),
        targets: vec![PropertyKind::LearnAssertion],
        algorithm: Algorithm::LSharp,
        solver: Default::default(),
    };
    let learn = || -> Result<(BoundRun, f64), String> {
        let mut knowledge = setup.knowledge();
        let start = Instant::now();
        let run = setup
            .learn_at(&mut knowledge, row.b, row.b_wl)
            .map_err(|e| e.to_string())?;
        Ok((run, start.elapsed().as_secs_f64()))
    };
    let (run, incremental) = learn()?;
    // The paper's architecture: a whole model-checker run per query, from
    // the C file (preprocess, parse, lower, execute, encode, solve).
    let full_runs = {
        let options = setup.options_at(row.b, row.b_wl);
        let start = Instant::now();
        for q in &run.solver_queries {
            let loaded = lore_frontend::load(&source, &lore_frontend::FrontendOptions::default());
            let p = loaded
                .program
                .as_ref()
                .ok_or("the program no longer loads")?;
            let mut fresh = lore_bmc::query::ErrorQueries::new(p, options.clone())
                .map_err(|e| e.to_string())?;
            lore_language::teacher::ask_again(&mut fresh, q);
        }
        start.elapsed().as_secs_f64()
    };
    let baseline = run.seconds - run.query_seconds - run.encoding_seconds + full_runs;
    let baseline_teacher = full_runs;
    let teacher = run.query_seconds + run.encoding_seconds;

    let mut notes = Vec::new();
    let mut ok = true;
    // The paper's own architecture: CBMC per query, its answers checked
    // against Lore's.
    let with_cbmc = match cbmc {
        None => None,
        Some(cbmc) => {
            let dir = Path::new("target/paper-cbmc").join(&row.folder);
            let asked = crate::paper_cbmc::CbmcTeacher::new(
                cbmc, &source, program, &events, row.b, row.b_wl, &dir,
            )?;
            let options = setup.options_at(row.b, row.b_wl);
            let mut lore =
                lore_bmc::query::ErrorQueries::new(program, options).map_err(|e| e.to_string())?;
            let mut seconds = 0.0;
            let (mut disagree, mut missed) = (0, 0);
            for q in &run.solver_queries {
                let start = Instant::now();
                let theirs = asked.ask(q)?;
                seconds += start.elapsed().as_secs_f64();
                let ours = lore_language::teacher::answer(&mut lore, q);
                if ours != Some(theirs) {
                    disagree += 1;
                    // A failing execution CBMC finds and Lore does not is
                    // a failure of this check. The other way round is
                    // known where the program reads memory through an
                    // invalid pointer (undefined behaviour): each such read
                    // is a fresh value for Lore, one unknown value per
                    // address for CBMC.
                    if theirs {
                        missed += 1;
                    }
                    if disagree <= 3 {
                        notes.push(format!(
                            "CBMC finds {} failing execution where Lore finds {} on {}",
                            if theirs { "a" } else { "no" },
                            match ours {
                                Some(true) => "one",
                                Some(false) => "none",
                                None => "no answer",
                            },
                            describe(q, &events)
                        ));
                    }
                }
            }
            if missed > 0 {
                ok = false;
            }
            let architecture = run.seconds - teacher + seconds;
            notes.push(format!(
                "the paper's architecture (CBMC 6.6 per query, {} queries): {architecture:.2} s, Lore {:.1}x faster; CBMC agrees on {} of {} answers",
                run.solver_queries.len(),
                architecture / incremental.max(1e-9),
                run.solver_queries.len() - disagree,
                run.solver_queries.len()
            ));
            Some((architecture, disagree))
        }
    };
    // The same input must give the same automaton and the same counts.
    let (again, _) = learn()?;
    if again.dfa != run.dfa || again.teacher != run.teacher || again.rounds != run.rounds {
        notes.push("a second run learned something else or counted differently".into());
        ok = false;
    }
    if let Some(why) = &run.trouble {
        notes.push(format!("inexact: {why}"));
        ok = false;
    }
    let language = setup
        .enumerate(row.b, row.b_wl)
        .map_err(|e| e.to_string())?;
    let wl = row.b_wl as usize;
    let check = language.compare(&run.dfa, wl, 5);
    let check_text = if check.agrees() {
        "ok".to_string()
    } else {
        ok = false;
        for w in check.missing.iter().chain(&check.spurious) {
            notes.push(format!(
                "Lore's automaton is wrong on {}",
                language.alphabet.show(w)
            ));
        }
        "FAILS".to_string()
    };
    // The paper's drawing at the same bounds, checked the same way.
    let drawing = reference_drawing(root, row, &language);
    let reference = drawing.map(|(path, wl)| {
        if wl != row.b_wl {
            notes.push(format!(
                "no drawing at b_wl {}; the paper's {}/{} automaton is drawn at b_wl {wl} and checked at the row's bounds",
                row.b_wl, row.states, row.edges
            ));
        }
        read_reference(&path, &language).expect("the drawing was read")
    });
    let reference_text = match &reference {
        None => "no drawing".to_string(),
        Some(Err(e)) => {
            notes.push(format!("paper's drawing: {e}"));
            "unreadable".to_string()
        }
        Some(Ok(paper)) => {
            let c = language.compare(paper, wl, 3);
            for w in c.missing.iter() {
                notes.push(format!(
                    "paper's drawing misses the failing word {}",
                    language.alphabet.show(w)
                ));
            }
            for w in c.spurious.iter() {
                notes.push(format!(
                    "paper's drawing accepts {}, which no execution within the bounds fails with",
                    language.alphabet.show(w)
                ));
            }
            differences(&run.dfa, paper, &language, wl, &mut notes);
            if !c.agrees() {
                // Is the drawing right one unwinding further (a tool that
                // counted its bound differently)?
                if let Ok(next) = setup.enumerate(row.b + 1, row.b_wl) {
                    if next.compare(paper, wl, 1).agrees() {
                        notes.push(format!(
                            "the paper's drawing is exactly right at b = {} (one unwinding more than its row)",
                            row.b + 1
                        ));
                    }
                }
            }
            if c.agrees() {
                "right".to_string()
            } else {
                "wrong".to_string()
            }
        }
    };
    let (states, edges) = (run.drawing.num_states(), run.drawing.num_edges());
    let larger = states > row.states || edges > row.edges;
    if larger && reference_text != "wrong" {
        ok = false;
        notes.push("Lore's automaton is larger than the paper's, whose drawing is right".into());
    }
    let share = if run.teacher.membership == 0 {
        0.0
    } else {
        100.0 * run.teacher.by_solver as f64 / run.teacher.membership as f64
    };
    let line = format!(
        "{:<15} {:>2} {:>4} {:>7} {:>7} {:>9} {:>9} {:>7} {:>11} {:>8} {:>9} {:>9} {:>7} {:>6} {:>10}",
        row.name,
        row.b,
        row.b_wl,
        format!("{states}/{}", row.states),
        format!("{edges}/{}", row.edges),
        format!("{}/{}", run.rounds, row.iterations),
        format!("{:.2}/{:.2}", incremental, row.seconds),
        run.teacher.solver_calls(),
        format!("{share:.2}%/{}", row.solver_share),
        format!("{}/{}", run.teacher.conjectures, row.conjectures),
        format!("{baseline:.2}"),
        format!("{:.1}x", baseline / incremental.max(1e-9)),
        check_text,
        language.words.len(),
        reference_text,
    );
    let _ = row.b_wl_min;
    Ok(Outcome {
        line,
        notes,
        ok,
        incremental,
        baseline,
        teacher,
        baseline_teacher,
        solver_queries: run.solver_queries.len(),
        with_cbmc,
    })
}

/// A query for a note.
fn describe(q: &lore_language::teacher::SolverQuery, events: &lore_bmc::symex::Events) -> String {
    match q {
        lore_language::teacher::SolverQuery::Membership(w) => {
            let letters: Vec<&str> = w
                .iter()
                .map(|&a| events.letters.get(a as usize).map_or("?", String::as_str))
                .collect();
            format!("the word `{}`", letters.join(" "))
        }
        lore_language::teacher::SolverQuery::PositiveFeedback(m) => {
            format!("a conjecture of {} states", m.accepting.len())
        }
    }
}

/// The paper's drawing for a row: at the row's bounds, or else (TABLE1.md
/// notes one such row) the drawing at the same b whose size is the row's,
/// the nearest b_wl below first.
fn reference_drawing(root: &Path, row: &Row, language: &ErrorLanguage) -> Option<(PathBuf, u32)> {
    let at = |wl: u32| {
        root.join(&row.folder)
            .join("reference")
            .join(format!("_{}-{}-{}.dot", row.folder, row.b, wl))
    };
    if at(row.b_wl).exists() {
        return Some((at(row.b_wl), row.b_wl));
    }
    (1..row.b_wl).rev().find_map(|wl| {
        let dfa = read_reference(&at(wl), language)?.ok()?;
        let drawing = lore_learner::draw::Drawing::new(&dfa);
        (drawing.num_states() == row.states && drawing.num_edges() == row.edges)
            .then(|| (at(wl), wl))
    })
}

fn read_reference(path: &Path, language: &ErrorLanguage) -> Option<Result<Dfa, String>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        lore_learner::draw::read_dot(&text, Some(&language.alphabet))
            .map_err(|e| e.to_string())
            .and_then(|d| {
                d.with_alphabet(language.alphabet.clone())
                    .ok_or("letters that are not events".to_string())
            }),
    )
}

/// Words within the bound where Lore's automaton and the paper's differ,
/// and which of the two is right on each.
fn differences(
    lore: &Dfa,
    paper: &Dfa,
    language: &ErrorLanguage,
    wl: usize,
    notes: &mut Vec<String>,
) {
    let diff = lore
        .complete()
        .product(&paper.complete(), ProductKind::SymmetricDifference)
        .accepted_words(wl, 3);
    let truth = language.dfa();
    for w in diff {
        let right = if lore.accepts(&w) == truth.accepts(&w) {
            "Lore's"
        } else {
            "the paper's"
        };
        notes.push(format!(
            "the automata differ on {} ({} within the bounds): {right} is right",
            language.alphabet.show(&w),
            if truth.accepts(&w) {
                "fails"
            } else {
                "no failing execution"
            }
        ));
    }
}

pub fn run(root: &Path, json: Option<PathBuf>, cbmc: Option<&Path>) -> ExitCode {
    let rows = match read_table(&root.join("TABLE1.md")) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{:<15} {:>2} {:>4} {:>7} {:>7} {:>9} {:>9} {:>7} {:>11} {:>8} {:>9} {:>9} {:>7} {:>6} {:>10}",
        "target", "b", "b_wl", "states", "edges", "rounds", "time s", "calls", "MQ solver",
        "conject.", "base s", "speed-up", "check", "words", "paper dot"
    );
    println!("{:>60}(Lore/paper where two numbers are given)", "");
    let mut all_ok = true;
    let (mut inc_total, mut base_total, mut paper_total) = (0.0, 0.0, 0.0);
    let (mut teacher_total, mut base_teacher_total) = (0.0, 0.0);
    let (mut queries_total, mut encodings) = (0usize, 0usize);
    let (mut cbmc_total, mut cbmc_inc_total, mut cbmc_disagree) = (0.0, 0.0, 0usize);
    let mut json_rows = Vec::new();
    for row in &rows {
        match learn_row(root, row, cbmc) {
            Ok(o) => {
                println!("{}", o.line);
                for n in &o.notes {
                    println!("    {n}");
                }
                all_ok &= o.ok;
                inc_total += o.incremental;
                base_total += o.baseline;
                teacher_total += o.teacher;
                base_teacher_total += o.baseline_teacher;
                queries_total += o.solver_queries;
                encodings += 1;
                paper_total += row.seconds;
                if let Some((seconds, disagree)) = o.with_cbmc {
                    cbmc_total += seconds;
                    cbmc_disagree += disagree;
                    cbmc_inc_total += o.incremental;
                }
                json_rows.push(format!(
                    "{{\"target\": \"{}\", \"b\": {}, \"b_wl\": {}, \"ok\": {}, \"seconds\": {:.4}, \"baseline_seconds\": {:.4}}}",
                    row.name, row.b, row.b_wl, o.ok, o.incremental, o.baseline
                ));
            }
            Err(e) => {
                println!("{:<15} {:>2} {:>4}  error: {e}", row.name, row.b, row.b_wl);
                all_ok = false;
            }
        }
    }
    let all_paper: f64 = rows.iter().map(|r| r.seconds).sum();
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "total: Lore {inc_total:.2} s on these rows (the paper: {paper_total:.2} s on them, {all_paper:.2} s on all of Table 1); \
         baseline (a whole model-checker run per solver query, from the C file) {base_total:.2} s: incremental teacher {:.1}x faster, measured side by side",
        base_total / inc_total.max(1e-9)
    );
    let _ = writeln!(
        summary,
        "teacher alone (encoding and solver queries): incremental {teacher_total:.3} s, a run per query {base_teacher_total:.3} s: {:.1}x; the rest is the learner's own work",
        base_teacher_total / teacher_total.max(1e-9)
    );
    let _ = writeln!(
        summary,
        "{queries_total} queries reached the solver on {encodings} encodings (the other membership queries are answered by \
         the word's form, the CFG or the cache, in both teachers): even with solving free, an encoding per query does at \
         most {:.1}x the encoding work of one per bound",
        queries_total as f64 / encodings.max(1) as f64
    );
    if cbmc.is_some() {
        let _ = writeln!(
            summary,
            "the paper's architecture (same learner, a CBMC 6.6 run per query that reaches the solver): {cbmc_total:.2} s against Lore's {cbmc_inc_total:.2} s: Lore {:.1}x faster, measured side by side; CBMC and Lore disagree on {cbmc_disagree} answers",
            cbmc_total / cbmc_inc_total.max(1e-9)
        );
    }
    print!("{summary}");
    if let Some(path) = json {
        let text = format!(
            "{{\"rows\": [\n  {}\n], \"seconds\": {inc_total:.4}, \"baseline_seconds\": {base_total:.4}}}\n",
            json_rows.join(",\n  ")
        );
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    if all_ok {
        println!("paper benchmark: every row passes the language check and is no larger than the paper's, or the paper's drawing is wrong");
        ExitCode::SUCCESS
    } else {
        println!("paper benchmark: FAILED");
        ExitCode::FAILURE
    }
}
