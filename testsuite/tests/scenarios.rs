//! `lore explain`, `lore diff` and `lore merge` as a user runs them (paper
//! §5), on the programs under `cases/diff` and `cases/merge`: what they
//! print and the difference automata are snapshots; `--json` follows the
//! documented schema (docs/json.md).

mod common;
use common::{path_in, run_lore, temp_folder};
use serde_json::Value;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// What `lore` printed, without the lines that carry times.
fn untimed(out: &str) -> String {
    out.lines()
        .filter(|l| !l.ends_with(" s"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn explain_learns_what_the_program_does() {
    let folder = temp_folder();
    let explained = path_in(&folder, "explain.dot");
    let learned = path_in(&folder, "learned.dot");
    let bounds = ["--unwind", "2", "--max-word-length", "6", "--quiet"];
    let mut a = args(&["explain", "cases/learn/end_of_main.c", "-o", &explained]);
    a.extend(args(&bounds));
    let (code, out, err) = run_lore(&a);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("q0 --setup--> q1"), "{out}");
    // What a program does is behaviour, not error.
    assert!(out.contains(" (end)") && !out.contains("error"), "{out}");
    let mut b = args(&[
        "learn",
        "cases/learn/end_of_main.c",
        "--assert",
        "end-of-main",
        "-o",
        &learned,
    ]);
    b.extend(args(&bounds));
    let (code, _, err) = run_lore(&b);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(explained).unwrap(),
        std::fs::read_to_string(learned).unwrap()
    );
}

#[test]
fn diff_shows_a_new_call_order_with_its_execution() {
    let folder = temp_folder();
    let dot = path_in(&folder, "order.dot");
    let (code, out, err) = run_lore(&args(&[
        "diff",
        "cases/diff/report_early_old.c",
        "cases/diff/report_early_new.c",
        "--unwind",
        "1",
        "--max-word-length",
        "6",
        "--quiet",
        "-o",
        &dot,
    ]));
    assert_eq!(code, 1, "{out}{err}");
    insta::assert_snapshot!("diff_new_call_order", untimed(&out));
    let added = std::fs::read_to_string(path_in(&folder, "order.added.dot")).unwrap();
    insta::assert_snapshot!("diff_new_call_order_added", added);
    let removed = std::fs::read_to_string(path_in(&folder, "order.removed.dot")).unwrap();
    assert!(removed.contains("Empty language"), "{removed}");
}

#[test]
fn diff_of_the_same_behaviour_says_so() {
    let (code, out, err) = run_lore(&args(&[
        "diff",
        "cases/diff/refactor_old.c",
        "cases/diff/refactor_new.c",
        "--unwind",
        "3",
        "--max-word-length",
        "6",
        "--quiet",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    insta::assert_snapshot!("diff_same_behaviour", untimed(&out));
}

#[test]
fn merge_shows_the_call_neither_branch_meant() {
    let folder = temp_folder();
    let dot = path_in(&folder, "merge.dot");
    let (code, out, err) = run_lore(&args(&[
        "merge",
        "cases/merge/base.c",
        "cases/merge/a.c",
        "cases/merge/b.c",
        "cases/merge/merged.c",
        "--quiet",
        "-o",
        &dot,
    ]));
    assert_eq!(code, 1, "{out}{err}");
    insta::assert_snapshot!("merge_fig7", untimed(&out));
    let unintended = std::fs::read_to_string(path_in(&folder, "merge.unintended.dot")).unwrap();
    insta::assert_snapshot!("merge_fig7_unintended", unintended);
}

#[test]
fn a_merge_that_only_combines_both_branches_passes() {
    // Branch A adds a call on one path, branch B on another, and the
    // merge keeps both: nothing added, nothing lost, exit 0 — with the
    // automatic bound search, which goes on while bounds cut executions.
    let (code, out, err) = run_lore(&args(&[
        "merge",
        "cases/merge-clean/base.c",
        "cases/merge-clean/a.c",
        "cases/merge-clean/b.c",
        "cases/merge-clean/merged.c",
        "--quiet",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(
            "The merge adds nothing that neither branch has and loses nothing of either branch"
        ),
        "{out}"
    );
    assert!(
        out.contains("No execution of any version is cut by these bounds."),
        "{out}"
    );
}

#[test]
fn json_reports_follow_the_schema() {
    let folder = temp_folder();
    let json = path_in(&folder, "diff.json");
    let (code, _, err) = run_lore(&args(&[
        "diff",
        "cases/diff/report_early_old.c",
        "cases/diff/report_early_new.c",
        "--quiet",
        "--json",
        &json,
    ]));
    assert_eq!(code, 1, "{err}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["schema"], "lore-report/1");
    assert_eq!(v["command"], "diff");
    assert_eq!(v["programs"][1]["role"], "new");
    let bounds = v["bounds"].as_array().unwrap();
    assert!(bounds.len() > 1, "the search computed several bounds");
    let chosen = bounds
        .iter()
        .find(|b| {
            b["unwind"] == v["chosen"]["unwind"]
                && b["max_word_length"] == v["chosen"]["max_word_length"]
        })
        .expect("the chosen bound is listed");
    let added = &chosen["panels"][0];
    assert_eq!(added["kind"], "difference");
    assert_eq!(added["word_count"], 1);
    let word = &added["words"][0];
    assert_eq!(
        word["letters"],
        serde_json::json!(["init", "report", "process", "report", "Learn_Assert"])
    );
    assert_eq!(word["program"], 1);
    let steps = word["trace"].as_array().unwrap();
    assert!(
        steps.iter().any(|s| s["step"] == "call process()"),
        "{steps:?}"
    );
    let automaton = &added["automaton"];
    assert_eq!(automaton["initial"], 0);
    assert_eq!(
        automaton["transitions"].as_array().unwrap().len(),
        5,
        "{automaton}"
    );
    for run in v["runs"].as_array().unwrap() {
        for key in [
            "program",
            "unwind",
            "max_word_length",
            "states",
            "edges",
            "membership",
            "by_solver",
            "seconds",
            "exact",
            "automaton",
            "dot",
        ] {
            assert!(run.get(key).is_some(), "run without {key}");
        }
    }
}

#[test]
fn bad_scenario_input_is_refused_clearly() {
    let (code, _, err) = run_lore(&args(&[
        "diff",
        "cases/diff/report_early_old.c",
        "cases/diff/nosuch.c",
    ]));
    assert_eq!(code, 2);
    assert!(err.contains("no such file"), "{err}");
    let (code, _, err) = run_lore(&args(&[
        "diff",
        "cases/diff/report_early_old.c",
        "cases/diff/report_early_new.c",
        "--events",
        "init,nosuch",
    ]));
    assert_eq!(code, 2);
    assert!(
        err.contains("`nosuch` is not a function with a body in any of the programs"),
        "{err}"
    );
    let (code, _, err) = run_lore(&args(&[
        "merge",
        "cases/merge/base.c",
        "cases/merge/a.c",
        "cases/merge/b.c",
        "cases/merge/merged.c",
        "--assert",
        "learn",
    ]));
    assert_eq!(code, 2);
    assert!(err.contains("no `_Learn_assert`"), "{err}");
}

/// v2 turns the loop's `break` into `return 1` (the file stays open). The
/// difference needs the loop body to run; the search used to stop at b = 1
/// and say the versions behave the same.
#[test]
fn diff_without_bounds_sees_a_change_inside_a_loop() {
    let (code, out, err) = run_lore(&args(&[
        "diff",
        "cases/diff/command_loop_v1.c",
        "cases/diff/command_loop_v2.c",
        "--quiet",
    ]));
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("differ within"), "{out}");
    assert!(
        out.contains("  open_file read_command Learn_Assert"),
        "{out}"
    );
    assert!(
        out.contains("  open_file read_command close_file Learn_Assert"),
        "{out}"
    );
    assert!(out.contains("The bounds leave out executions"), "{out}");
}
