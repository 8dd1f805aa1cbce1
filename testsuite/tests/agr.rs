//! `lore agr`: two communicating programs and a property, composed and
//! checked by the BMC — the AGR paper's password example (an error trace,
//! then the repaired M2 proved for every number of steps), its Example 7,
//! and every kind of bad input with its place.

mod common;

use common::{path_in, run_lore, temp_folder};

fn agr(dir: &str, m1: &str, m2: &str, property: &str) -> (u8, String, String) {
    let path = |f: &str| format!("cases/{dir}/{f}");
    let args = vec!["agr".to_string(), path(m1), path(m2), path(property)];
    run_lore(&args)
}

#[test]
fn the_password_example_fails_and_its_repair_is_proved() {
    // M1 doubles the password M2 sends; P forbids a result of 2^64 or more.
    let (code, out, err) = agr("agr/password", "m1.c", "m2.c", "password.prop");
    assert_eq!(code, 10, "{out}{err}");
    // The paper's automata: M1 has 4 states, M2 5.
    assert!(
        out.contains("M1 (cases/agr/password/m1.c): 4 states"),
        "{out}"
    );
    assert!(
        out.contains("M2 (cases/agr/password/m2.c): 5 states"),
        "{out}"
    );
    // The assumption's learning finds it with a membership query (a
    // trace of M2 that fails with M1), as in the paper, and repairs M2 by
    // abduction in one iteration with the paper's psi; the repaired system
    // is proved, with an assumption and composed directly.
    assert!(
        out.contains("iteration 1: a membership query found an error trace"),
        "{out}"
    );
    assert!(
        out.contains("repaired by abduction: psi = x_pw < ((__int128)1 << 63), after line 14; M2 now has 6 states"),
        "{out}"
    );
    assert!(!out.contains("iteration 2"), "{out}");
    assert!(
        out.contains("M1 || M2 (repaired) satisfies P: the assumption A has"),
        "{out}"
    );
    // The assumption is smaller than the repaired M2 (6 states; the
    // paper's has 5): learned as M2's 6 states, then merged.
    let states: usize = out
        .split("the assumption A has ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the assumption's size");
    assert!(states <= 5, "{out}");
    assert!(out.contains("learned with 6 states, merged to"), "{out}");
    assert!(
        out.contains("independent check: M1 || M2 (repaired) composed directly satisfies P, for every number of steps"),
        "{out}"
    );
    assert!(
        out.contains("independent check of A: M1 || A satisfies P"),
        "{out}"
    );
    // The trace synchronises on enc and getEnc, and P ends in its error
    // state through the overflow constraint.
    assert!(
        out.contains("chan_send(enc, x_pw);  |  P: p1 enc p2"),
        "{out}"
    );
    assert!(out.contains("P: p2 getEnc p3"), "{out}");
    let last = out
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with(char::is_numeric))
        .unwrap();
    assert!(
        last.contains("P: p4 [y_pw >= ((__int128)1 << 64)] e"),
        "{out}"
    );
    // The value read is at least 2^63 (the paper's witness is 2^63).
    let read: Vec<i128> = out
        .lines()
        .filter(|l| l.contains("chan_recv(read)"))
        .filter_map(|l| l.split("(value ").nth(1))
        .filter_map(|v| v.trim_end_matches(')').parse().ok())
        .collect();
    assert!(read.last().is_some_and(|&v| v >= 1i128 << 63), "{out}");
    // With the paper's repair (psi = x_pw < 2^63 at the end), M2 has 6
    // states and the system satisfies P for every number of steps.
    let (code, out, err) = agr("agr/password", "m1.c", "m2_repaired.c", "password.prop");
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("M2 (cases/agr/password/m2_repaired.c): 6 states"),
        "{out}"
    );
    assert!(
        out.contains("M1 || M2 satisfies P: the assumption A has"),
        "{out}"
    );
    assert!(out.contains("every trace of M2 is one of A"), "{out}");
    assert!(
        out.contains("independent check: M1 || M2 composed directly satisfies P, for every number of steps (k-induction"),
        "{out}"
    );
}

#[test]
fn a_loop_before_the_synchronisation_gives_a_short_error() {
    // The paper's Example 7: x := 0, x := x + 1 any number of times, sync;
    // P wants x >= 100 after the sync. The shortest error skips the loop.
    let (code, out, err) = agr("agr/counter", "m1.c", "m2.c", "counter.prop");
    assert_eq!(code, 10, "{out}{err}");
    assert!(out.contains("P: c0 sync c1"), "{out}");
    assert!(out.contains("P: c1 [x < 100] err"), "{out}");
    // Repaired by abduction as the paper does: P fails on the constraint
    // x < 100 over M2's own variable, so ψ is its negation at the end of
    // the trace — which keeps every longer loop that reaches 100 — and the
    // repaired system is proved.
    assert!(
        out.contains(
            "repaired by abduction (the negation of the constraint P fails on): psi = !(x < 100)"
        ),
        "{out}"
    );
    assert!(out.contains("M1 || M2 (repaired) satisfies P"), "{out}");
    assert!(
        out.contains("independent check: M1 || M2 (repaired) composed directly satisfies P"),
        "{out}"
    );
    // P says nothing of a second sync: a note, not an error.
    assert!(
        err.contains("note: P has no transition on `sync` from c1, c2"),
        "{err}"
    );
}

#[test]
fn bad_input_is_reported_where_it_is() {
    let cases = [
        (
            ["sender_long.c", "receiver_int.c", "fine.prop"],
            "the channel `c` carries long long here but M2 receives int",
            "sender_long.c:6",
        ),
        (
            ["calls_helper.c", "receiver.c", "fine.prop"],
            "M1: a call of `helper`",
            "calls_helper.c:6",
        ),
        (
            ["sender.c", "receiver.c", "unknown_channel.prop"],
            "no program uses the channel `nowhere`",
            "unknown_channel.prop:5:1",
        ),
        (
            ["sender.c", "receiver.c", "unclosed.prop"],
            "a constraint's `[` is not closed",
            "unclosed.prop:5:4",
        ),
        (
            ["sender.c", "receiver.c", "unknown_variable.prop"],
            "the constraint [nothing > 1]",
            "unknown_variable.prop:5:1",
        ),
        (
            ["sender.c", "missing.c", "fine.prop"],
            "no such file",
            "missing.c",
        ),
    ];
    for ([m1, m2, p], says, place) in cases {
        let (code, out, err) = agr("agr-bad", m1, m2, p);
        assert_eq!(code, 2, "{m1} {m2} {p}: {out}{err}");
        assert!(
            err.contains(says),
            "{m1} {m2} {p}: expected `{says}` in\n{err}"
        );
        assert!(
            err.contains(place),
            "{m1} {m2} {p}: expected `{place}` in\n{err}"
        );
    }
    // The same programs with a good property: it holds.
    let (code, out, err) = agr("agr-bad", "sender.c", "receiver.c", "fine.prop");
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("M1 || M2 satisfies P: the assumption A has"),
        "{out}"
    );
}

#[test]
fn a_trace_without_constraints_is_repaired_by_each_syntactic_method() {
    // A straight-line client says `done` before the acknowledgement: its
    // error trace has no constraints, so it is removed syntactically — and
    // with it the client's only run.
    for method in ["exact", "approximate", "aggressive"] {
        let args: Vec<String> = [
            "agr",
            "cases/agr/handshake/m1.c",
            "cases/agr/handshake/m2.c",
            "cases/agr/handshake/handshake.prop",
            "--repair",
            method,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let (code, out, err) = run_lore(&args);
        assert_eq!(code, 10, "{method}: {out}{err}");
        assert!(
            out.contains("iteration 1: a membership query found an error trace of 3 steps"),
            "{method}: {out}"
        );
        assert!(
            out.contains(&format!("repaired by the {method} method")),
            "{method}: {out}"
        );
        // The client's only run says `done` first: removing it leaves no
        // run that ends, and Lore says the repair holds only vacuously.
        assert!(
            out.contains("M1 || M2 (repaired; vacuously: no complete run is left) satisfies P"),
            "{method}: {out}"
        );
        assert!(
            err.contains("warning: the repair leaves M1 || M2 without a complete run (proved; M1 || M2 had one)"),
            "{method}: {err}"
        );
        assert!(
            out.contains("independent check: M1 || M2 (repaired) composed directly satisfies P"),
            "{method}: {out}"
        );
    }
}

/// `--json FILE`: the paper's Example 2 (Fig. 4) — M verifies a positive
/// password without checking its four digits; repaired by the negation of
/// the constraint P fails on, and proved — as a `lore-agr/1` object.
#[test]
fn the_run_is_written_as_json() {
    let folder = temp_folder();
    let json = folder.path().join("run.json");
    let path = |f: &str| format!("cases/agr/verify_fig4/{f}");
    let (code, out, err) = run_lore(&[
        "agr".to_string(),
        path("m1.c"),
        path("m2.c"),
        path("verify.prop"),
        "--json".to_string(),
        json.display().to_string(),
    ]);
    assert_eq!(code, 10, "{out}{err}");
    let text = std::fs::read_to_string(&json).expect("the JSON file");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(v["schema"], "lore-agr/1");
    assert_eq!(v["verdict"], "repaired");
    assert_eq!(v["exit_code"], 10);
    let iterations = v["iterations"].as_array().expect("iterations");
    assert_eq!(iterations.len(), 1, "{text}");
    assert_eq!(iterations[0]["found_by"], "a membership query");
    assert_eq!(iterations[0]["repair"]["psi"], "!(y < 1000)");
    assert_eq!(iterations[0]["repair"]["after_line"], 12);
    // The trace: the password read, the test y > 0, the synchronisation,
    // P's failing constraint.
    let steps: Vec<&str> = iterations[0]["trace"]
        .as_array()
        .expect("trace")
        .iter()
        .map(|s| s["step"].as_str().unwrap_or(""))
        .collect();
    assert!(
        steps.last().is_some_and(|s| s.contains("[y < 1000]")),
        "{steps:?}"
    );
    assert_eq!(v["m2_states"], 4);
    assert_eq!(v["repaired_m2_states"], 5);
    let (a, learned) = (
        v["assumption_states"].as_u64().expect("assumption_states"),
        v["assumption_learned_states"].as_u64().expect("learned"),
    );
    assert!(a <= learned, "{text}");
    assert_eq!(v["independent_check"]["result"], "holds");
    assert_eq!(v["assumption_check"]["result"], "holds", "{text}");
}

/// A trace that ends through the `if`'s untaken branch: ψ is written before
/// each `return` of M2 (braced, so `if (c) return …;` keeps its meaning),
/// not inside the `if` whose line the trace passed last, and the C written
/// is checked again from its text; given back to Lore it needs no repair.
#[test]
fn the_repair_is_written_where_m2_ends_and_checked_from_that_text() {
    let folder = temp_folder();
    let written = path_in(&folder, "m2_repaired.c");
    let case = |f: &str| format!("cases/agr/branch_tail/{f}");
    let args: Vec<String> = vec![
        "agr".into(),
        case("m1.c"),
        case("m2.c"),
        case("digit.prop"),
        "--repaired".into(),
        written.clone(),
    ];
    let (code, out, err) = run_lore(&args);
    assert_eq!(code, 10, "{out}{err}");
    assert!(out.contains("repaired by abduction: psi = x < 7"), "{out}");
    assert!(
        out.contains("checked again from that text: M1 || M2 (repaired, as written) satisfies P"),
        "{out}"
    );
    let text = std::fs::read_to_string(&written).expect("the repaired M2");
    assert_eq!(
        text.matches("__VERIFIER_assume(x < 7);").count(),
        2,
        "{text}"
    );
    assert!(
        text.contains(
            "if (x == 0)\n    { __VERIFIER_assume(x < 7); /* lore agr: the repair */ return 1;}"
        ),
        "{text}"
    );
    assert!(
        text.contains("chan_send(log, x);\n  if (x == 0)"),
        "nothing goes into the log's branch: {text}"
    );
    let args: Vec<String> = vec!["agr".into(), case("m1.c"), written, case("digit.prop")];
    let (code, out, err) = run_lore(&args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("M1 || M2 satisfies P"), "{out}");
    // The JSON says what the check of the written C found.
    let json = path_in(&folder, "run.json");
    let args: Vec<String> = vec![
        "agr".into(),
        case("m1.c"),
        case("m2.c"),
        case("digit.prop"),
        "--json".into(),
        json.clone(),
    ];
    let _ = run_lore(&args);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON")).expect("JSON");
    assert_eq!(v["repaired_c"]["result"], "holds", "{v}");
    assert_eq!(v["repaired_c"]["written"], true, "{v}");
}

/// Trivial outcomes are named: where M1 violates P with an M2 that does
/// nothing, no repair is tried; where M1's branch decides the error, the
/// threshold over M2's value is found (not ψ = 0, which would leave no
/// complete run).
#[test]
fn trivial_outcomes_are_named_and_a_threshold_behind_m1_s_branch_is_found() {
    let folder = temp_folder();
    let write = |name: &str, text: &str| {
        let path = path_in(&folder, name);
        std::fs::write(&path, text).expect("a case file");
        path
    };
    let m2 = write(
        "m2.c",
        "#include <lore_agr.h>\nint x;\nint main(void) {\n  x = chan_recv(inp);\n  __VERIFIER_assume(0 <= x && x <= 9);\n  chan_send(val, x);\n  return 0;\n}\n",
    );
    let branching = write(
        "m1.c",
        "#include <lore_agr.h>\nint y, bad;\nint main(void) {\n  y = chan_recv(val);\n  if (y >= 7) {\n    bad = 1;\n  }\n  return 0;\n}\n",
    );
    let p = write(
        "p.prop",
        "initial p0\nerror e\np0 val p1\np1 [bad == 1] e\n",
    );
    let (code, out, err) = run_lore(&["agr".into(), branching, m2.clone(), p]);
    assert_eq!(code, 10, "{out}{err}");
    assert!(out.contains("repaired by abduction: psi = x < 7"), "{out}");
    assert!(out.contains("M1 || M2 (repaired) satisfies P"), "{out}");
    assert!(!err.contains("without a complete run"), "{err}");
    // M1 reports on its own channel whatever M2 does.
    let alone = write(
        "alone.c",
        "#include <lore_agr.h>\nint y;\nint main(void) {\n  y = chan_recv(src);\n  chan_send(out, y);\n  return 0;\n}\n",
    );
    let q = write("q.prop", "initial p0\nerror e\np0 out! p1\np1 [y > 5] e\n");
    let (code, out, err) = run_lore(&["agr".into(), alone, m2, q]);
    assert_eq!(code, 10, "{out}{err}");
    assert!(
        out.contains("M1 alone violates P: no repair of M2 can help"),
        "{out}"
    );
    assert!(!out.contains("repaired by"), "{out}");
}

/// M1 and M2 are composed into one translation unit: a global both define
/// would silently become one variable, so it is an error at M2's
/// definition.
#[test]
fn a_global_both_programs_define_is_an_error_where_it_is() {
    let folder = temp_folder();
    let write = |name: &str, text: &str| {
        let path = path_in(&folder, name);
        std::fs::write(&path, text).expect("a case file");
        path
    };
    let m1 = write(
        "m1.c",
        "#include <lore_agr.h>\nint x;\nint main(void) { x = chan_recv(val); return 0; }\n",
    );
    let m2 = write(
        "m2.c",
        "#include <lore_agr.h>\nint x;\nint main(void) { x = 3; chan_send(val, 5); return 0; }\n",
    );
    let p = write("p.prop", "initial p0\nerror e\np0 val p1\np1 [x == 3] e\n");
    let (code, out, err) = run_lore(&["agr".into(), m1, m2, p]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("`x` is a global variable of both M1 and M2"),
        "{err}"
    );
    assert!(err.contains("m2.c:2:5"), "{err}");
}
