//! `lore verify --k-induction` on the programs of `cases/kinduction/`.
//! Each states its verdict in its first line (`// expect: VERDICT | text
//! the output contains`). Every answer is also checked against bounded
//! model checking deep enough to reach each program's bugs: a TRUE from
//! k-induction must not fail there, and a program said to fail "after N
//! iterations" must. (A case may set the depth: `// deep bound: N`.)

mod common;
use common::run_lore;

fn lore(file: &str, extra: &[&str]) -> (u8, String) {
    let mut args = vec!["verify".to_string(), file.to_string()];
    args.extend(extra.iter().map(|s| s.to_string()));
    let (code, out, err) = run_lore(&args);
    (code, format!("{out}{err}"))
}

#[test]
fn k_induction_proves_what_it_claims_and_nothing_more() {
    let mut files: Vec<_> = std::fs::read_dir("cases/kinduction")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the cases are missing");
    let mut proved = 0;
    for path in &files {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let header = text.lines().next().unwrap();
        let expect = header
            .strip_prefix("// expect: ")
            .unwrap_or_else(|| panic!("{file}: no `// expect:` line"));
        let (verdict, wanted) = expect.split_once(" | ").unwrap_or((expect, ""));
        // At a fixed bound (no deepening): k-induction's own answer.
        let (code, out) = lore(
            &file,
            &["--k-induction", "--unwind", "10", "--unwinding-assertions"],
        );
        let last = out.lines().last().unwrap_or("");
        let verdict_line = out.lines().find(|l| l.starts_with(verdict)).unwrap_or(last);
        assert!(
            verdict_line.starts_with(verdict),
            "{file}: expected {verdict}, got (exit {code}):\n{out}"
        );
        assert!(out.contains(wanted), "{file}: no `{wanted}` in:\n{out}");
        // Deep bounded model checking (bounded semantics: no unwinding
        // assertions) sees every bug of these programs.
        // (A case may lower the depth: `// deep bound: N`.)
        let depth = text
            .lines()
            .find_map(|l| l.strip_prefix("// deep bound: "))
            .unwrap_or("120");
        let (_, deep) = lore(&file, &["--unwind", depth]);
        let deep_false = deep.lines().any(|l| l.starts_with("FALSE"));
        if verdict == "TRUE" {
            proved += 1;
            assert!(
                !deep_false,
                "{file}: proved TRUE, but fails at depth:\n{deep}"
            );
        }
        if text.contains("FALSE after") {
            assert!(
                deep_false,
                "{file}: said to fail at depth, but does not:\n{deep}"
            );
        }
    }
    assert!(proved >= 5, "only {proved} proofs");
}

#[test]
fn k_induction_in_json() {
    let (code, out) = lore("cases/kinduction/count_up.c", &["--k-induction", "--json"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"k_induction\": {"), "{out}");
    assert!(out.contains("\"proved\": true"), "{out}");
    assert!(
        out.contains("\"loops\": [\n      \"main.0\"\n    ]"),
        "{out}"
    );
    assert!(out.contains("\"verdict\": \"TRUE\""), "{out}");
}

#[test]
fn without_unwind_the_bound_doubles_while_only_unwinding_is_open() {
    // FALSE after 21 iterations: beyond the default bound 10, found at 40.
    let (code, out) = lore("cases/kinduction/deep_bug.c", &[]);
    assert_eq!(code, 10, "{out}");
    assert!(
        out.contains("bounds tried (no --unwind given): 10, 20, 40"),
        "{out}"
    );
    // An explicit bound is kept.
    let (code, out) = lore(
        "cases/kinduction/deep_bug.c",
        &["--unwind", "10", "--unwinding-assertions"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("bounds tried"), "{out}");
    assert_eq!(out.lines().last(), Some("UNKNOWN"), "{out}");
}

/// The step case's assumed iterations exclude the executions that fail a
/// check there; a path symbolic execution gives up on at its deadline must
/// not be excluded with them. Here the deadline has passed before the run
/// starts, so it stops at its 64th block, inside the first (assumed)
/// iteration of the step case: that is no proof.
#[test]
fn a_deadline_in_the_step_case_is_no_proof() {
    use lore_bmc::kinduction::{prove, Induction};
    use lore_bmc::symex::SymexOptions;
    // 40 branches in the body: one iteration is far more than 64 blocks.
    let branches = "    if (__VERIFIER_nondet_uint()) y++;\n".repeat(40);
    let program = common::load_program(
        "kind-deadline",
        &format!(
            "unsigned __VERIFIER_nondet_uint(void);\nint main(void) {{\n  unsigned x = 0, y = 0;\n  while (1) {{\n{branches}    x++;\n    __CPROVER_assert(x != 50, \"x\");\n  }}\n}}\n"
        ),
    );
    let options = SymexOptions {
        unwind: 3,
        unwinding_assertions: true,
        ..SymexOptions::default()
    };
    // The base case: only the loop's unwinding is open.
    let base = lore_bmc::verify::verify(&program, &options).unwrap();
    assert!(
        lore_bmc::portfolio::only_unwinding_open(&base),
        "{:?}",
        base.verdict
    );
    let no_samples = Default::default();
    let prove_at = |options: &SymexOptions| {
        prove(&program, options, &base, &mut 1, None, true, &no_samples).unwrap()
    };
    // Without a deadline the step case fails (x = 49 after the assumed
    // iteration): no proof.
    let without = prove_at(&options);
    assert!(matches!(without, Induction::NotProved(_)), "{without:?}");
    // With the executor's deadline already past: no proof either.
    let late = SymexOptions {
        deadline: Some(std::time::Instant::now()),
        ..options.clone()
    };
    let with = prove_at(&late);
    assert!(matches!(with, Induction::NotProved(_)), "{with:?}");
}
