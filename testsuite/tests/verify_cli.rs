//! `lore verify`, `lore show ssa` and `lore show cnf` as a user runs them.

mod common;
use common::run_lore;

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
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("UNKNOWN")));
    assert!(
        out.contains("UNKNOWN reason: unwinding bound hit (main.unwind.0)"),
        "{out}"
    );
}

#[test]
fn no_bound_given_never_claims_a_cut_path_true() {
    // The loop may run any number of times: without --unwind, Lore checks
    // the unwinding instead of cutting silently.
    let (code, out, _) = run_lore(&["verify".into(), case("while_unwinding_assertion.c")]);
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
    let (code, out, _) = run_lore(&[
        "verify".into(),
        case("integer_overflow_wraps.c"),
        "--json".into(),
    ]);
    assert_eq!(code, 10);
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("{\"verdict\": \"FALSE\""), "{first}");
    assert!(first.contains("\"trace\": ["), "{first}");
    assert_eq!(out.lines().last(), Some("FALSE(unreach-call)"));
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
        out.starts_with("c check main.reach_error.1 fails if literal"),
        "{out}"
    );
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
