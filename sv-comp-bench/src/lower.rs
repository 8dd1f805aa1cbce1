//! `sv-comp-bench lower`: every C file under `paper/` and every SV-COMP task
//! input (ILP32) must lower with no error and no unsupported construct, except
//! `paper/compare_M1_P1_P2/M1.c`, which is not valid C and must be rejected
//! with a diagnostic.

use crate::task::{find_tasks, walk, Task};
use lore_frontend::diag::{DiagnosticKind, Severity};
use lore_frontend::types::DataModel;
use lore_frontend::FrontendOptions;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The one input that must be rejected.
const INVALID_INPUT: &str = "compare_M1_P1_P2/M1.c";

struct Outcome {
    path: PathBuf,
    lowered: bool,
    /// Errors and unsupported constructs: (kind, message, file:line).
    problems: Vec<(DiagnosticKind, String, String)>,
    seconds: f64,
    functions: usize,
    loops: usize,
}

pub fn run(benchmarks: &Path, verbose: bool) -> ExitCode {
    let mut inputs: Vec<(PathBuf, DataModel)> = Vec::new();
    walk(&benchmarks.join("paper"), &mut |p| {
        if p.extension().is_some_and(|e| e == "c" || e == "i") {
            inputs.push((p.to_path_buf(), DataModel::Ilp32));
        }
    });
    let sv_root = benchmarks.join("sv-comp");
    let (mut tasks, mut expected_true, mut expected_false) = (0, 0, 0);
    for yml in find_tasks(&sv_root) {
        match Task::read(&yml, &sv_root) {
            Ok(task) => {
                tasks += 1;
                match task.unreach_call_verdict() {
                    Some(true) => expected_true += 1,
                    Some(false) => expected_false += 1,
                    None => {}
                }
                if verbose {
                    println!(
                        "task {} ({} input file(s), {})",
                        task.name,
                        task.input_files.len(),
                        task.data_model
                    );
                }
                let model = if task.data_model == "LP64" {
                    DataModel::Lp64
                } else {
                    DataModel::Ilp32
                };
                inputs.extend(task.input_files.iter().map(|f| (f.clone(), model)));
            }
            Err(e) => eprintln!("warning: {e}"),
        }
    }
    if inputs.is_empty() {
        eprintln!("error: no C files found under {}", benchmarks.display());
        return ExitCode::FAILURE;
    }
    let outcomes: Vec<Outcome> = inputs
        .par_iter()
        .map(|(path, model)| lower_one(path, *model))
        .collect();

    let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
    let mut ok = 0;
    let mut expected_rejection = false;
    let mut failures = Vec::new();
    let mut slowest = (0.0, PathBuf::new());
    for o in &outcomes {
        let rel = o
            .path
            .strip_prefix(benchmarks)
            .unwrap_or(&o.path)
            .display()
            .to_string();
        if o.seconds > slowest.0 {
            slowest = (o.seconds, o.path.clone());
        }
        if rel.ends_with(INVALID_INPUT) {
            expected_rejection = !o.lowered && !o.problems.is_empty();
            if verbose || !expected_rejection {
                println!(
                    "{:<70} {}",
                    rel,
                    if expected_rejection {
                        "rejected, as expected"
                    } else {
                        "NOT REJECTED"
                    }
                );
            }
            continue;
        }
        for (kind, message, _) in &o.problems {
            let key = if *kind == DiagnosticKind::Unsupported {
                message.clone()
            } else {
                format!("{kind:?}")
            };
            *by_kind.entry(key).or_default() += 1;
        }
        if o.lowered && o.problems.is_empty() {
            ok += 1;
            if verbose {
                println!(
                    "{:<70} ok  {:>4} functions {:>3} loops {:>7.1} ms",
                    rel,
                    o.functions,
                    o.loops,
                    o.seconds * 1000.0
                );
            }
        } else {
            failures.push((rel, o));
        }
    }
    for (rel, o) in &failures {
        println!("{rel}");
        for (kind, message, at) in &o.problems {
            println!("    {at}: {kind:?}: {message}");
        }
    }
    let total = outcomes.len() - 1;
    if !by_kind.is_empty() {
        println!("\nproblems by kind:");
        for (k, n) in &by_kind {
            println!("  {n:>4}  {k}");
        }
    }
    println!(
        "\nSV-COMP tasks: {tasks} ({expected_true} expected TRUE, {expected_false} expected FALSE)"
    );
    println!(
        "slowest file: {} ({:.1} ms)",
        slowest.1.display(),
        slowest.0 * 1000.0
    );
    println!("lowered {ok} of {total}");
    println!(
        "{INVALID_INPUT}: {}",
        if expected_rejection {
            "rejected with a diagnostic, as expected"
        } else {
            "NOT rejected"
        }
    );
    if ok == total && expected_rejection {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn lower_one(path: &Path, model: DataModel) -> Outcome {
    let start = Instant::now();
    let loaded = lore_frontend::load(
        path,
        &FrontendOptions {
            model,
            cpp_options: Vec::new(),
        },
    );
    let seconds = start.elapsed().as_secs_f64();
    let problems = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            let at = d
                .span
                .and_then(|s| {
                    loaded
                        .sources
                        .file(s.loc.file)
                        .map(|f| format!("{}:{}", f.short_name, s.loc.line))
                })
                .unwrap_or_default();
            (d.kind, d.message.clone(), at)
        })
        .collect();
    let (functions, loops) = loaded.program.as_ref().map_or((0, 0), |p| {
        (
            p.functions.iter().filter(|f| f.body.is_some()).count(),
            p.loop_count(),
        )
    });
    Outcome {
        path: path.to_path_buf(),
        lowered: loaded.program.is_some(),
        problems,
        seconds,
        functions,
        loops,
    }
}
