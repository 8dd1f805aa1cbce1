//! `lore verify --html` without a browser (the browser test is
//! `browser_verify.rs`): what the page holds, CBMC's results read and
//! matched, and bad input for `--compare-cbmc`.

mod common;
use common::{path_in, run_lore, temp_folder};

fn verify(file: &str, more: &[&str]) -> (u8, String, String) {
    let args: Vec<String> = ["verify", file]
        .iter()
        .chain(more)
        .map(|s| s.to_string())
        .collect();
    run_lore(&args)
}

const FALSE_CASE: &str = "cases/verify/checks_continue_after_failure.c";
const FALSE_ARGS: [&str; 4] = [
    "--unwind",
    "2",
    "--pointer-check",
    "--signed-overflow-check",
];

#[test]
fn the_page_holds_the_source_properties_traces_and_engine() {
    let folder = temp_folder();
    let page = path_in(&folder, "report.html");
    let mut args = FALSE_ARGS.to_vec();
    args.extend(["--html", &page]);
    let (code, out, err) = verify(FALSE_CASE, &args);
    assert_eq!(code, 10, "{out}{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    // Self-contained: no script or style from elsewhere.
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    for name in [
        "main.pointer-null.11:3",
        "main.assertion.1",
        "main.overflow.13:12",
    ] {
        assert!(
            html.contains(&format!("data-name=\"{name}\"")),
            "{name} missing"
        );
        assert!(
            html.contains(&format!(
                "class=\"trace\" tabindex=\"0\" data-property=\"{name}\""
            )),
            "{name}'s trace missing"
        );
    }
    // Each source line is a row; the assertion is marked at line 12.
    assert!(html.contains("<tr id=\"f0-12\">"), "line 12 missing");
    let line12 = html
        .lines()
        .find(|l| l.starts_with("<tr id=\"f0-12\">"))
        .unwrap();
    assert!(
        line12.contains("class=\"mark FAILURE\"") && line12.contains("main.assertion.1"),
        "{line12}"
    );
    // The written values are data of the trace's rows.
    assert!(
        html.contains("data-var=\"x\""),
        "no value written in a trace"
    );
    // The engine's stages and the SSA equation.
    for stage in ["symbolic execution", "encoding", "solving", "replay"] {
        assert!(html.contains(&format!("<tr><td>{stage}</td>")), "{stage}");
    }
    assert!(html.contains("<details id=\"ssa\">"), "no SSA equation");
    assert!(html.contains("<tr id=\"s0\">"), "no SSA step");
}

#[test]
fn a_proof_by_k_induction_names_its_invariants_and_the_loop() {
    let folder = temp_folder();
    let page = path_in(&folder, "report.html");
    let (code, out, _) = verify(
        "cases/verify/for_loop_too_short.c",
        &["--unwind", "10", "--unwinding-assertions", "--html", &page],
    );
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<p id=\"induction\">Proved: "),
        "no proof shown"
    );
    assert!(html.contains("i &lt;= 10"), "the invariant is not shown");
    // The loop's unwinding check, open for bounded model checking, holds by
    // the proof; the loop mark says so.
    assert!(
        html.contains("proved by k-induction (k = 1)"),
        "the unwinding check's status"
    );
    assert!(
        html.contains("data-loop=\"main.0\"") && html.contains("no bound needed"),
        "the loop's mark"
    );
}

#[test]
fn cbmc_results_beside_lore_and_bad_cbmc_files() {
    let folder = temp_folder();
    let page = path_in(&folder, "report.html");
    let cbmc = path_in(&folder, "cbmc.json");
    // CBMC names the null dereference otherwise and reports it at its line:
    // matched by line; the assertion by name, with the opposite status.
    std::fs::write(
        &cbmc,
        r#"[{"program": "CBMC 6.6.0"},
            {"messageText": "x", "messageType": "STATUS-MESSAGE"},
            {"result": [
              {"property": "main.pointer_dereference.1", "status": "FAILURE", "description": "dereference failure: pointer NULL",
               "sourceLocation": {"file": "checks_continue_after_failure.c", "line": "11", "function": "main"}},
              {"property": "main.assertion.1", "status": "SUCCESS", "description": "assertion x < 3",
               "sourceLocation": {"file": "checks_continue_after_failure.c", "line": "12", "function": "main"}},
              {"property": "main.division-by-zero.1", "status": "SUCCESS", "description": "division by zero",
               "sourceLocation": {"file": "checks_continue_after_failure.c", "line": "13", "function": "main"}}
            ]},
            {"cProverStatus": "failure"}]"#,
    )
    .unwrap();
    let mut args = FALSE_ARGS.to_vec();
    args.extend(["--html", &page, "--compare-cbmc", &cbmc]);
    let (code, out, err) = verify(FALSE_CASE, &args);
    assert_eq!(code, 10, "{out}{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    let disagree: Vec<&str> = html
        .lines()
        .filter(|l| l.starts_with("<tr class=\"disagree\">"))
        .collect();
    assert_eq!(disagree.len(), 1, "{disagree:#?}");
    assert!(disagree[0].contains("main.assertion.1"), "{}", disagree[0]);
    assert!(html.contains("<p id=\"disagreements\">1 disagreement.</p>"));
    assert!(
        html.contains("<code>main.pointer_dereference.1</code>"),
        "matched by line"
    );
    // CBMC's property Lore does not have gets a row of its own.
    assert!(html.contains("<code>main.division-by-zero.1</code>"));

    // A missing file, text that is not JSON, JSON without results: each a
    // clear error and exit 2.
    let not_json = path_in(&folder, "not.json");
    std::fs::write(&not_json, "CBMC version 6.6.0").unwrap();
    let no_result = path_in(&folder, "empty.json");
    std::fs::write(&no_result, r#"[{"program": "CBMC"}]"#).unwrap();
    let missing = path_in(&folder, "missing.json");
    for (file, says) in [
        (&missing, "No such file"),
        (&not_json, "not JSON"),
        (&no_result, "no `result` list"),
    ] {
        let mut args = FALSE_ARGS.to_vec();
        args.extend(["--html", &page, "--compare-cbmc", file]);
        let (code, _, err) = verify(FALSE_CASE, &args);
        assert_eq!(code, 2, "{file}: {err}");
        assert!(
            err.contains("--compare-cbmc") && err.contains(says),
            "{err}"
        );
    }
    // --compare-cbmc needs --html.
    let (code, _, err) = verify(FALSE_CASE, &["--compare-cbmc", &cbmc]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--html"), "{err}");
}

#[test]
fn a_task_file_names_the_task_and_its_expected_verdict() {
    let folder = temp_folder();
    let page = path_in(&folder, "report.html");
    let (code, out, err) = verify("cases/tasks/nondet_path.yml", &["--html", &page]);
    assert_eq!(code, 10, "{out}{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains(
            "<p id=\"task\" class=\"summary\">task nondet_path.yml: expected FALSE(unreach-call); Lore agrees</p>"
        ),
        "no task line"
    );
    assert!(html.contains("nondet_path.c (") && html.contains("class=\"trace\""));
}
