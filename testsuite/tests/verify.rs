//! Each case under `cases/verify` states its options (`// lore: --unwind k
//! [--unwinding-assertions]`) and the expected verdict (`// expect: TRUE`,
//! `FALSE` or `UNKNOWN`); the bounded model checker must agree, with each
//! SAT solver, in each data model the case lists (`// models: ilp32 lp64`;
//! ILP32 when it lists none).

mod common;
use common::header;
use lore_bmc::check::Verdict;
use lore_bmc::symex::SymexOptions;
use lore_bmc::verify::verify;

fn options(flags: &[String]) -> SymexOptions {
    let mut o = SymexOptions::default();
    let mut it = flags.iter();
    while let Some(f) = it.next() {
        match f.as_str() {
            "--unwind" => o.unwind = it.next().expect("a bound").parse().expect("a number"),
            "--unwinding-assertions" => o.unwinding_assertions = true,
            "--bounds-check" => o.bounds_check = true,
            "--pointer-check" => o.pointer_check = true,
            "--div-by-zero-check" => o.div_by_zero_check = true,
            "--signed-overflow-check" => o.signed_overflow_check = true,
            "--undefined-shift-check" => o.undefined_shift_check = true,
            "--memory-leak-check" => o.memory_leak_check = true,
            "--memory-cleanup-check" => o.memory_cleanup_check = true,
            "--checks-continue" => o.checks_continue = true,
            other => panic!("unknown option {other}"),
        }
    }
    o
}

#[test]
fn verification_cases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/cases/verify");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let flags: Vec<String> = header(&text, "lore")
            .iter()
            .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .collect();
        let expected = header(&text, "expect")
            .first()
            .cloned()
            .expect("an expect: line");
        let models = header(&text, "models");
        let models: Vec<&str> = match models.first() {
            Some(line) => line.split_whitespace().collect(),
            None => vec!["ilp32"],
        };
        for model in models {
            let frontend = lore_frontend::FrontendOptions {
                model: match model {
                    "ilp32" => lore_frontend::types::DataModel::Ilp32,
                    "lp64" => lore_frontend::types::DataModel::Lp64,
                    other => panic!("{}: unknown data model {other}", path.display()),
                },
                ..Default::default()
            };
            check_case(path, &flags, &expected, &frontend, model, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_case(
    path: &std::path::Path,
    flags: &[String],
    expected: &str,
    frontend: &lore_frontend::FrontendOptions,
    model: &str,
    failures: &mut Vec<String>,
) {
    let loaded = lore_frontend::load(path, frontend);
    let program = loaded
        .program
        .unwrap_or_else(|| panic!("{}: {:?}", path.display(), loaded.diagnostics));
    for solver in lore_bmc::solver::SolverKind::ALL {
        let options = SymexOptions {
            solver,
            ..options(flags)
        };
        let verdict = verify(&program, &options).unwrap().verdict;
        let got = match &verdict {
            Verdict::True => "TRUE",
            Verdict::False(_) => "FALSE",
            Verdict::Unknown(_) => "UNKNOWN",
        };
        if got != expected {
            failures.push(format!(
                "{} ({}, {model}): expected {expected}, got {verdict:?}",
                path.file_name().unwrap().to_string_lossy(),
                solver.name()
            ));
        }
    }
}

/// A deadline that passes while symbolic execution is still unwinding
/// ends the run soon after, UNKNOWN (every path still live ends there),
/// with no formula encoded; the same program without one is decided; and
/// encoding gives up at a deadline as well.
#[test]
fn a_deadline_stops_symbolic_execution() {
    let program = common::load_program(
        "symex-deadline",
        "unsigned __VERIFIER_nondet_uint(void);\nint main(void) {\n  unsigned s = 0;\n  for (unsigned i = 0; i < 100000; i++) {\n    s = s * 31 + __VERIFIER_nondet_uint();\n    __CPROVER_assert(s != 7, \"s\");\n  }\n  return 0;\n}\n",
    );
    let started = std::time::Instant::now();
    let options = SymexOptions {
        unwind: 100_001,
        deadline: Some(started + std::time::Duration::from_millis(100)),
        ..SymexOptions::default()
    };
    let report = verify(&program, &options).unwrap();
    let took = started.elapsed().as_secs_f64();
    assert_eq!(
        report.verdict,
        Verdict::Unknown(lore_bmc::error::UnknownReason::OutOfTime)
    );
    assert_eq!(
        report.encoding.clauses, 0,
        "nothing is encoded after the deadline"
    );
    // Generous for a loaded machine: without the deadline the run would
    // unwind and encode all 100,000 iterations.
    assert!(
        took < 30.0,
        "the run went on for {took:.1} s after a 0.1-s deadline"
    );
    // A small bound without a deadline: the assertion fails (s = 7 in the
    // first iteration).
    let small = SymexOptions {
        unwind: 2,
        ..SymexOptions::default()
    };
    assert!(matches!(
        verify(&program, &small).unwrap().verdict,
        Verdict::False(_)
    ));
    // Encoding stops at a deadline too (a formula built just before it can
    // take far longer to encode than to build).
    let symex = lore_bmc::symex::execute(&program, &small).unwrap();
    let past = Some(std::time::Instant::now());
    let dimacs = lore_bmc::solver::Dimacs::new;
    assert!(lore_bmc::check::encode_until(&symex, dimacs(), past).is_none());
    assert!(lore_bmc::check::encode_until(&symex, dimacs(), None).is_some());
}

/// `SymexOptions::prune_infeasible_loops`: a loop behind a condition no
/// byte meets (`c * c == 2`, which the rewrites do not decide) is not run
/// to its bound, and nothing else changes — the same verdicts, with the
/// error behind a condition some byte meets still found and replayed.
#[test]
fn infeasible_paths_are_pruned_at_back_edges() {
    let program = common::load_program(
        "symex-prune",
        "unsigned char __VERIFIER_nondet_uchar(void);\nvoid reach_error(void);\nint main(void) {\n  unsigned char c = __VERIFIER_nondet_uchar();\n  int i = 0;\n  if (c * c == 2) {\n    while (i < 1000) {\n      i = i + c;\n    }\n  }\n  if (i > 0) {\n    reach_error();\n  }\n  int n = 0;\n  if (c == 7) {\n    while (n < 3) {\n      n++;\n    }\n  }\n  if (n == 3) {\n    reach_error();\n  }\n  return 0;\n}\n",
    );
    let run = |prune: bool| {
        let options = SymexOptions {
            unwind: 40,
            unwinding_assertions: true,
            prune_infeasible_loops: prune,
            ..SymexOptions::default()
        };
        let symex = lore_bmc::symex::execute(&program, &options).unwrap();
        let report = verify(&program, &options).unwrap();
        (symex.pruned, report)
    };
    let (pruned_without, plain) = run(false);
    let (pruned, with) = run(true);
    assert_eq!(pruned_without, 0);
    assert!(pruned >= 1, "the dead loop's path is ended");
    // The error after the live loop (c == 7) is found either way.
    assert!(
        matches!(plain.verdict, Verdict::False(_)),
        "{:?}",
        plain.verdict
    );
    assert!(
        matches!(with.verdict, Verdict::False(_)),
        "{:?}",
        with.verdict
    );
    assert!(
        with.encoding.steps * 4 < plain.encoding.steps,
        "the dead loop is not unrolled: {} steps against {}",
        with.encoding.steps,
        plain.encoding.steps
    );
}

/// Loop unwinding counted as CBMC 6.6 counts it, on every control-flow shape
/// of `cases/unwinding` (docs/unwinding.md): each case names the smallest
/// bound at which CBMC reports its error without unwinding assertions
/// (`// cbmc-k: K`, or `none`), and Lore must report it at K and not at
/// K - 1 (bounded semantics: the paths the bound cuts are left out): TRUE,
/// or UNKNOWN where the loop the bound cuts was entered again by a jump
/// (whether CBMC restarts it there depends on its constant propagation).
#[test]
fn unwinding_is_counted_as_cbmc_counts_it() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/cases/unwinding");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let k = header(&text, "cbmc-k")
            .first()
            .cloned()
            .expect("a cbmc-k: line");
        let loaded = lore_frontend::load(path, &lore_frontend::FrontendOptions::default());
        let program = loaded
            .program
            .unwrap_or_else(|| panic!("{}: {:?}", path.display(), loaded.diagnostics));
        let verdict = |unwind: u32, unwinding_assertions: bool| {
            let options = SymexOptions {
                unwind,
                unwinding_assertions,
                checks_continue: true,
                ..SymexOptions::default()
            };
            verify(&program, &options).unwrap().verdict
        };
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        match k.parse::<u32>() {
            Ok(k) => {
                if !matches!(verdict(k, false), Verdict::False(_)) {
                    failures.push(format!("{name}: no error at --unwind {k}"));
                }
                let below = verdict(k - 1, false);
                let ambiguous = matches!(&below, Verdict::Unknown(why)
                    if why.to_string().contains("entered again by a jump"));
                if k > 1 && !matches!(below, Verdict::True) && !ambiguous {
                    failures.push(format!("{name}: not TRUE at --unwind {}: {below:?}", k - 1));
                }
            }
            Err(_) => {
                // No bound reaches the error; a self loop has no unwinding
                // assertion, so the answer is TRUE with them too.
                for unwinding_assertions in [false, true] {
                    if !matches!(verdict(6, unwinding_assertions), Verdict::True) {
                        failures.push(format!(
                            "{name}: not TRUE at --unwind 6 (unwinding assertions: {unwinding_assertions})"
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
