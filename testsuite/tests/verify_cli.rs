//! `lore verify`, `lore show ssa` and `lore show cnf` as a user runs them.

mod common;
use common::{path_in, run_lore, temp_folder};

fn case(name: &str) -> String {
    format!("cases/verify/{name}")
}

#[test]
fn false_prints_a_trace_and_exits_10() {
    let (code, out, err) = run_lore(&["verify".into(), case("switch_fallthrough.c")]);
    assert_eq!(code, 10, "{err}");
    assert_eq!(out.lines().last(), Some("FALSE(unreach-call)"));
    insta::assert_snapshot!(out);
}

#[test]
fn true_and_unknown_exit_0() {
    let (code, out, _) = run_lore(&[
        "verify".into(),
        case("for_loop_complete.c"),
        "--unwind".into(),
        "11".into(),
        "--unwinding-assertions".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")));
    let (code, out, _) = run_lore(&[
        "verify".into(),
        case("for_loop_too_short.c"),
        "--unwind".into(),
        "10".into(),
        "--unwinding-assertions".into(),
        "--no-k-induction".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("UNKNOWN")));
    assert!(
        out.contains("UNKNOWN reason: unwinding bound hit (main.unwind.0)"),
        "{out}"
    );
    // By default k-induction goes on where the bound stops: the program
    // has no assertion, so nothing can fail.
    let (code, out, _) = run_lore(&[
        "verify".into(),
        case("for_loop_too_short.c"),
        "--unwind".into(),
        "10".into(),
        "--unwinding-assertions".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")), "{out}");
    assert!(out.contains("k-induction: every check holds"), "{out}");
}

#[test]
fn no_bound_given_never_claims_a_cut_path_true() {
    // The loop may run any number of times: without --unwind, Lore checks
    // the unwinding instead of cutting silently.
    let (code, out, _) = run_lore(&[
        "verify".into(),
        case("while_unwinding_assertion.c"),
        "--no-k-induction".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("UNKNOWN")), "{out}");
    assert!(out.contains("unwinding bound hit (main.unwind.0)"), "{out}");
    // With --unwind, the user asked for bounded semantics.
    let (code, out, _) = run_lore(&[
        "verify".into(),
        case("while_unwinding_assertion.c"),
        "--unwind".into(),
        "5".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")), "{out}");
}

#[test]
fn json_output() {
    let (code, out, err) = run_lore(&[
        "verify".into(),
        case("integer_overflow_wraps.c"),
        "--json".into(),
    ]);
    assert_eq!(code, 10);
    // stdout is one JSON object; the verdict line is on stderr.
    let json: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(json["schema"], "lore-verify/1");
    assert_eq!(json["verdict"], "FALSE");
    assert_eq!(json["category"], "unreach-call");
    assert!(json["properties"][0]["trace"].is_array(), "{out}");
    assert_eq!(err.lines().last(), Some("FALSE(unreach-call)"));
}

#[test]
fn property_selection_and_bad_options() {
    // `_Learn_assert` is not the unreach-call property: its failure ends the run.
    let (code, out, _) = run_lore(&[
        "verify".into(),
        "../examples/error_after_loop.c".into(),
        "--unwind".into(),
        "3".into(),
        "--property".into(),
        "unreach-call".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")), "{out}");
    let (code, _, err) = run_lore(&[
        "verify".into(),
        case("switch_fallthrough.c"),
        "--unwindset".into(),
        "main.0".into(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("is not LOOP:K"), "{err}");
    let (code, _, err) = run_lore(&["verify".into(), "cases/no/such.c".into()]);
    assert_eq!(code, 2);
    assert!(err.contains("no such file"), "{err}");
}

#[test]
fn show_ssa_and_cnf() {
    let (code, out, _) = run_lore(&[
        "show".into(),
        "ssa".into(),
        case("do_while_runs_k_times.c"),
        "--unwind".into(),
        "3".into(),
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
    let (code, out, _) = run_lore(&[
        "show".into(),
        "cnf".into(),
        case("do_while_runs_k_times.c"),
        "--unwind".into(),
        "3".into(),
        "--dimacs".into(),
    ]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l.starts_with("p cnf ")), "{out}");
    assert!(
        out.contains("c check main.reach_error.1 fails if "),
        "{out}"
    );
    // Symbols blasted are mapped to their DIMACS variables (here the
    // inputs: `n == 3` is decided by which inputs end the loop).
    assert!(out.contains("\nc nondet#1 2 3 4 "), "{out}");
}

/// Solves a DIMACS text with Lore's own solver (as any SAT solver would).
fn dimacs_satisfiable(text: &str) -> bool {
    use lore_bmc::solver::{Lit, SatSolver, SolveResult, Varisat};
    let mut solver = Varisat::new();
    let mut vars = vec![Lit::TRUE];
    for line in text.lines() {
        if line.starts_with('c') || line.starts_with('p') {
            continue;
        }
        let clause: Vec<Lit> = line
            .split_whitespace()
            .map(|n| n.parse::<i64>().unwrap())
            .take_while(|&n| n != 0)
            .map(|n| {
                let v = n.unsigned_abs() as usize;
                while vars.len() <= v {
                    vars.push(solver.new_var());
                }
                if n < 0 {
                    !vars[v]
                } else {
                    vars[v]
                }
            })
            .collect();
        solver.add_clause(&clause);
    }
    solver.solve(&[]) == SolveResult::Sat
}

#[test]
fn dimacs_is_satisfiable_exactly_when_a_check_fails() {
    for (file, fails) in [
        ("switch_fallthrough.c", true),
        ("for_loop_complete.c", false),
        ("integer_overflow_wraps.c", true),
        ("check_bounds_ok.c", false),
    ] {
        let (code, out, err) = run_lore(&[
            "show".into(),
            "cnf".into(),
            case(file),
            "--unwind".into(),
            "11".into(),
            "--bounds-check".into(),
            "--dimacs".into(),
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(dimacs_satisfiable(&out), fails, "{file}");
    }
}

#[test]
fn cbmc_command_lines() {
    let loops = "../examples/error_after_loop.c".to_string();
    // An --unwindset name that is no loop is an error naming the loops.
    for name in ["foo:21", "main.7:21", "0:21"] {
        let (code, _, err) = run_lore(&[
            "verify".into(),
            loops.clone(),
            "--unwindset".into(),
            name.into(),
        ]);
        assert_eq!(code, 2, "{name}");
        assert!(err.contains("its loops are main.0"), "{err}");
    }
    // Repeated --unwindset accumulates; the last bound for a name counts.
    let (code, out, err) = run_lore(&[
        "verify".into(),
        case("for_loop_complete.c"),
        "--unwind".into(),
        "2".into(),
        "--unwindset".into(),
        "main.0:3".into(),
        "--unwindset".into(),
        "main.0:11".into(),
        "--unwinding-assertions".into(),
        "--no-standard-checks".into(),
        "--trace".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")), "{out}{err}");
    // CBMC's leak and cleanup checks are taken.
    let (code, out, err) = run_lore(&[
        "verify".into(),
        loops.clone(),
        "--memory-leak-check".into(),
        "--memory-cleanup-check".into(),
    ]);
    assert_eq!(code, 10, "{err}");
    assert!(out.contains("main.memory-leak."), "{out}");
    // What Lore does not do is refused with the reason.
    let (code, _, err) = run_lore(&["verify".into(), loops.clone(), "--malloc-may-fail".into()]);
    assert_eq!(code, 2);
    assert!(err.contains("malloc never fails"), "{err}");
    let (code, _, err) = run_lore(&["verify".into(), loops.clone(), loops.clone()]);
    assert_eq!(code, 2);
    assert!(err.contains("one C file"), "{err}");
    // No suggestion of an unrelated flag.
    let (code, _, err) = run_lore(&["verify".into(), loops.clone(), "--memory-leak".into()]);
    assert_eq!(code, 2);
    assert!(!err.contains("similar"), "{err}");
}

#[test]
fn entry_function_property_selection_and_listing() {
    let file = case("check_undefined_shift.c");
    let (code, out, err) = run_lore(&[
        "verify".into(),
        file.clone(),
        "--show-properties".into(),
        "--standard-checks".into(),
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
    // Only the named property is checked.
    let (code, out, err) = run_lore(&[
        "verify".into(),
        file.clone(),
        "--standard-checks".into(),
        "--property".into(),
        "main.overflow.13:9".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")), "{out}{err}");
    assert!(!out.contains("undefined-shift"), "{out}");
    let (code, _, err) = run_lore(&[
        "verify".into(),
        file.clone(),
        "--property".into(),
        "main.nothing".into(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no property named `main.nothing`"), "{err}");
    // --function: the entry point's parameters are inputs.
    let (code, out, err) = run_lore(&[
        "verify".into(),
        file.clone(),
        "--function".into(),
        "shift".into(),
        "--undefined-shift-check".into(),
    ]);
    assert_eq!(code, 10, "{out}{err}");
    assert!(out.contains("[shift.undefined-shift."), "{out}");
    let (code, _, err) = run_lore(&["verify".into(), file, "--function".into(), "nothing".into()]);
    assert_eq!(code, 2);
    assert!(err.contains("no function named `nothing`"), "{err}");
}

#[test]
fn show_ssa_prints_float_operations_as_operations() {
    let (code, out, err) = run_lore(&[
        "show".into(),
        "ssa".into(),
        case("float_rounding_loses_bits.c"),
        "--unwind".into(),
        "2".into(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("+f32 1.0f"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn traces_name_elements_pointers_and_aggregates() {
    let (code, out, err) = run_lore(&["verify".into(), case("trace_shows_places.c")]);
    assert_eq!(code, 10, "{err}");
    assert!(out.contains("m[1][2] = 4"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn each_operation_is_its_own_property() {
    let (code, out, err) = run_lore(&[
        "verify".into(),
        case("check_overflow_each_operation.c"),
        "--signed-overflow-check".into(),
        "--unwind".into(),
        "1".into(),
    ]);
    assert_eq!(code, 10, "{err}");
    let results: Vec<&str> = out.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(
        results,
        [
            "[main.overflow.10:13] check_overflow_each_operation.c:10 arithmetic overflow on signed *: SUCCESS",
            "[main.overflow.10:17] check_overflow_each_operation.c:10 arithmetic overflow on signed +: FAILURE",
            "[main.overflow.10:21] check_overflow_each_operation.c:10 arithmetic overflow on signed -: FAILURE",
        ],
        "{out}"
    );
}

#[test]
fn show_ssa_names_addresses() {
    let (code, out, err) = run_lore(&[
        "show".into(),
        "ssa".into(),
        case("pointer_and_function_choice.c"),
        "--unwind".into(),
        "2".into(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("? &x : &y"), "{out}");
    assert!(out.contains("? &f : &g"), "{out}");
    assert!(
        out.contains("x#1 = (object(main::p#1) == x) ? 3 : 0"),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

fn task(name: &str) -> String {
    format!("cases/tasks/{name}")
}

#[test]
fn a_task_file_is_verified_against_its_expected_verdict() {
    // A task listing several properties: --property chooses (without it,
    // an error lists them); the task's data model is used.
    let (code, _, err) = run_lore(&["verify".into(), task("overflow_and_reach.yml")]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "the task lists several properties (unreach-call, no-overflow, termination): choose one with --property"
        ),
        "{err}"
    );
    let (code, out, err) = run_lore(&[
        "verify".into(),
        task("overflow_and_reach.yml"),
        "--property".into(),
        "unreach-call".into(),
    ]);
    assert_eq!(code, 0, "{err}");
    let last: Vec<&str> = out.lines().rev().take(2).collect();
    assert_eq!(
        last,
        [
            "TRUE",
            "expected verdict (from the task): TRUE; Lore agrees"
        ]
    );
    // Another property of the task, by name or by its .prp file.
    for property in ["no-overflow", "cases/tasks/properties/no-overflow.prp"] {
        let (code, out, err) = run_lore(&[
            "verify".into(),
            task("overflow_and_reach.yml"),
            "--property".into(),
            property.into(),
        ]);
        assert_eq!(code, 10, "{err}");
        assert!(
            out.ends_with(
                "expected verdict (from the task): FALSE(no-overflow); Lore agrees\nFALSE(no-overflow)\n"
            ),
            "{out}"
        );
    }
    // Memory safety: the failing subproperty names the verdict.
    let (code, out, _) = run_lore(&[
        "verify".into(),
        task("leak_and_double_free.yml"),
        "--property".into(),
        "valid-memsafety".into(),
    ]);
    assert_eq!(code, 10);
    assert_eq!(out.lines().last(), Some("FALSE(valid-free)"));
    // With --json, the task and its expected verdict are in the object.
    let (_, out, _) = run_lore(&[
        "verify".into(),
        task("overflow_and_reach.yml"),
        "--property".into(),
        "unreach-call".into(),
        "--json".into(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["sv_comp_property"], "unreach-call");
    assert_eq!(v["task"]["expected_verdict"], "TRUE");
}

#[test]
fn memory_safety_checks_leaks() {
    // The program allocates and frees: valid-memsafety holds, leaks included.
    let (code, out, _) = run_lore(&[
        "verify".into(),
        task("allocates.c"),
        "--property".into(),
        "valid-memsafety".into(),
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("TRUE"), "{out}");
    assert!(out.contains("main.memory-leak."), "{out}");
    // The same program is safe for the checks Lore makes.
    let (code, out, _) = run_lore(&[
        "verify".into(),
        task("allocates.c"),
        "--pointer-check".into(),
        "--bounds-check".into(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")), "{out}");
}

#[test]
fn a_task_lore_cannot_read_or_check_is_refused() {
    let (code, _, err) = run_lore(&["verify".into(), task("malformed.yml")]);
    assert_eq!(code, 2);
    insta::assert_snapshot!(err);
    let (code, _, err) = run_lore(&[
        "verify".into(),
        task("overflow_and_reach.yml"),
        "--property".into(),
        "termination".into(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("Lore does not check the SV-COMP property termination"),
        "{err}"
    );
    let (code, _, err) = run_lore(&[
        "verify".into(),
        task("overflow_and_reach.yml"),
        "--64".into(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the task's data model is ILP32, not the LP64"),
        "{err}"
    );
    let (code, _, err) = run_lore(&["verify".into(), task("missing.yml")]);
    assert_eq!(code, 2);
    assert!(err.contains("no such file"), "{err}");
}

/// `lore show` reads a task as `lore verify` does: its input file, its data
/// model (LP64 here: `long` is 64 bits in the SSA) and unreach-call; a
/// malformed task is refused the same way.
#[test]
fn show_takes_a_task_file() {
    for (stage, wanted) in [
        ("ssa", "check"),
        ("cnf", "clauses:"),
        ("cfg", "// data model LP64"),
        ("loops", ""),
    ] {
        let (code, out, err) = run_lore(&["show".into(), stage.into(), task("nondet_path.yml")]);
        assert_eq!(code, 0, "{stage}: {err}");
        assert!(out.contains(wanted), "{stage}: {out}");
    }
    let (code, from_task, _) = run_lore(&["show".into(), "cnf".into(), task("nondet_path.yml")]);
    assert_eq!(code, 0);
    let (code, by_hand, _) = run_lore(&[
        "show".into(),
        "cnf".into(),
        task("nondet_path.c"),
        "--64".into(),
        "--property".into(),
        "unreach-call".into(),
    ]);
    assert_eq!(code, 0);
    assert_eq!(from_task, by_hand);
    let (code, _, err) = run_lore(&["show".into(), "ssa".into(), task("malformed.yml")]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_false_verdict_writes_a_witness_and_a_harness_that_reproduces_it() {
    let folder = temp_folder();
    let (witness, harness) = (
        path_in(&folder, "nondet.witness.yml"),
        path_in(&folder, "nondet.harness.c"),
    );
    let (code, out, err) = run_lore(&[
        "verify".into(),
        task("nondet_path.yml"),
        "--witness".into(),
        witness.clone(),
        "--harness".into(),
        harness.clone(),
    ]);
    assert_eq!(
        (code, out.lines().last()),
        (10, Some("FALSE(unreach-call)")),
        "{err}"
    );
    // The witness (format 2.0): the two values where their calls return,
    // both `if`s taken, the call of reach_error; the time is the run's.
    let text = std::fs::read_to_string(&witness).unwrap();
    let stable: String = text
        .lines()
        .filter(|l| !l.contains("creation_time"))
        .map(|l| format!("{l}\n"))
        .collect();
    insta::assert_snapshot!(stable);
    // The harness, compiled with the program by gcc, reaches reach_error
    // (which aborts) without Lore.
    let exe = path_in(&folder, "nondet.exe");
    let built = std::process::Command::new("gcc")
        .args([&task("nondet_path.c"), &harness, "-o", &exe])
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let ran = std::process::Command::new(&exe).output().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        ran.status.signal(),
        Some(6),
        "the harness does not abort in reach_error"
    );
    // GraphML 1.0 on request; a TRUE verdict gets a correctness witness.
    let graphml = path_in(&folder, "nondet.graphml");
    run_lore(&[
        "verify".into(),
        task("nondet_path.yml"),
        "--witness".into(),
        graphml.clone(),
        "--witness-format".into(),
        "graphml".into(),
    ]);
    let text = std::fs::read_to_string(&graphml).unwrap();
    assert!(
        text.contains("<data key=\"witness-type\">violation_witness</data>"),
        "{text}"
    );
    // The first value is the solver's choice of an `x > 1000`.
    let x: i64 = text
        .split("<data key=\"assumption\">\\result == ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no assumption on x: {text}"));
    assert!(x > 1000, "{text}");
    assert!(
        text.contains("<data key=\"violation\">true</data>"),
        "{text}"
    );
    let correct = path_in(&folder, "true.witness.yml");
    let (code, _, _) = run_lore(&[
        "verify".into(),
        task("overflow_and_reach.yml"),
        "--property".into(),
        "unreach-call".into(),
        "--witness".into(),
        correct.clone(),
    ]);
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&correct).unwrap();
    assert!(
        text.contains("entry_type: invariant_set") && text.contains("content: []"),
        "{text}"
    );
}

/// A TRUE by k-induction writes a correctness witness whose invariants
/// carry the proof: Lore's own validator confirms it; the same witness
/// with only a weaker invariant (`i <= n`, which the proof does not rest
/// on) is not confirmed, and one with a false invariant neither.
#[test]
fn correctness_witnesses_carry_the_proof() {
    let folder = temp_folder();
    let witness = path_in(&folder, "relational.witness.yml");
    let (code, out, err) = run_lore(&[
        "verify".into(),
        task("relational_loop.c"),
        "--witness".into(),
        witness.clone(),
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")), "{err}");
    assert!(!err.contains("not confirmed"), "{err}");
    let text = std::fs::read_to_string(&witness).unwrap();
    assert!(text.contains("s - 2*i == (0) - 2*(0)"), "{text}");
    let validate = |file: &str| {
        run_lore(&[
            "verify".into(),
            task("relational_loop.c"),
            "--validate-witness".into(),
            file.to_string(),
        ])
    };
    let (code, out, _) = validate(&witness);
    assert_eq!(code, 0);
    assert!(out.starts_with("witness: confirmed"), "{out}");
    assert_eq!(out.lines().last(), Some("TRUE"));
    // Only the weak invariant: the property does not follow.
    let weak = path_in(&folder, "weak.witness.yml");
    std::fs::write(&weak, keep_first_invariant(&text, "i <= n")).unwrap();
    let (code, out, _) = validate(&weak);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "witness: not confirmed: with the invariants assumed, main.reach_error.1 can fail"
        ),
        "{out}"
    );
    assert_eq!(out.lines().last(), Some("UNKNOWN"));
    // A false invariant fails where the loop is entered.
    let wrong = path_in(&folder, "wrong.witness.yml");
    std::fs::write(
        &wrong,
        keep_first_invariant(&text, "i <= n").replace("i <= n", "i > n"),
    )
    .unwrap();
    let (_, out, _) = validate(&wrong);
    assert!(
        out.contains("loop invariant i > n")
            && out.contains("does not hold where its loop is entered"),
        "{out}"
    );
}

/// `text` (a witness whose invariants are `- invariant:` items) with only
/// the invariant whose value is `value`.
fn keep_first_invariant(text: &str, value: &str) -> String {
    let (head, items) = text.split_once("  content:\n").expect("content");
    let mut kept = String::new();
    for item in items.split("    - invariant:").skip(1) {
        if item.contains(&format!("value: {value}\n")) {
            kept = format!("    - invariant:{item}");
            break;
        }
    }
    assert!(!kept.is_empty(), "no invariant {value} in {text}");
    format!("{head}  content:\n{}\n", kept.trim_end())
}
