//! `lore verify --stats`: each stage's counts, in text and in JSON, and the
//! memory accesses placed as the program makes them.

mod common;
use common::lore_full as lore;

/// A store through a pointer to one of two variables, a load through it,
/// and an element at a variable index of a 4-element array: the file, in a
/// temporary folder of the calling test's own (removed when the folder is
/// dropped). The tests run as threads of one process: a folder named after
/// the process was written by two of them at once, and one read the file
/// empty (issue 41).
fn program() -> (tempfile::TempDir, std::path::PathBuf) {
    let folder = common::temp_folder();
    let path = folder.path().join("accesses.c");
    std::fs::write(
        &path,
        "extern int __VERIFIER_nondet_int(void);\n\
         extern void reach_error(void);\n\
         int main(void) {\n\
           int a = 0, b = 0, t[4] = {0};\n\
           int *p = __VERIFIER_nondet_int() ? &a : &b;\n\
           *p = 5;\n\
           unsigned i = __VERIFIER_nondet_int() & 3;\n\
           t[i] = *p;\n\
           if (a + b != 5 || t[i] != 5) reach_error();\n\
           return 0;\n\
         }\n",
    )
    .unwrap();
    (folder, path)
}

#[test]
fn stats_in_text_name_every_stage() {
    let (_folder, path) = program();
    let (code, out, err) = lore(&["verify", path.to_str().unwrap(), "--unwind", "1", "--stats"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().last(), Some("TRUE"), "{out}");
    for stage in [
        "symbolic execution",
        "encoding",
        "solving (cadical)",
        "replay",
        "peak memory:",
        "gates by kind of term:",
    ] {
        assert!(out.contains(stage), "no `{stage}` in:\n{out}");
    }
    // The store and the load through `p` reach both variables; the
    // element accesses split over the array's 4 elements.
    assert!(
        out.contains("through an address (objects × accesses): 2 × 2"),
        "{out}"
    );
    assert!(
        out.contains("indexed by a variable (elements × accesses): 4 × 2"),
        "{out}"
    );
    assert!(out.contains("0 reach every object"), "{out}");
}

/// `lore verify FILE --unwind 1 --stats --json` and the extra arguments:
/// the exit code, standard output and error, and the report.
fn verify_json(file: &str, extra: &[&str]) -> (i32, String, String, serde_json::Value) {
    let mut args = vec!["verify", file, "--unwind", "1", "--stats", "--json"];
    args.extend_from_slice(extra);
    let (code, out, err) = lore(&args);
    let v = serde_json::from_str(&out).expect("valid JSON");
    (code, out, err, v)
}

#[test]
fn stats_in_json_with_each_solver() {
    let (_folder, path) = program();
    for solver in ["cadical", "varisat", "minisat"] {
        let (code, out, err, v) = verify_json(path.to_str().unwrap(), &["--solver", solver]);
        assert_eq!(code, 0, "{out}{err}");
        let stats = &v["stats"];
        assert_eq!(stats["solver"]["name"], solver);
        assert_eq!(stats["solver"]["calls"], 1, "{stats}");
        assert_eq!(stats["symex"]["accesses_by_objects"]["2"], 2, "{stats}");
        assert_eq!(stats["symex"]["accesses_by_elements"]["4"], 2, "{stats}");
        assert_eq!(stats["cnf"]["variables"], v["variables"]);
        assert!(stats["peak_heap_bytes"].as_u64().unwrap() > 0, "{stats}");
        assert!(stats["cnf"]["by_kind"]
            .as_array()
            .is_some_and(|k| !k.is_empty()));
    }
    let (code, _, err) = lore(&["verify", path.to_str().unwrap(), "--solver", "glucose"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown solver `glucose` (cadical, varisat, minisat)"),
        "{err}"
    );
}

/// A first formula whose counterexample did not replay is named, with its
/// size, before the one that answered (and absent otherwise).
#[test]
fn a_formula_made_again_names_the_first() {
    let case = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../testsuite/cases/verify/pointer_from_nowhere.c"
    );
    let (code, out, err, v) = verify_json(case, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(v["verdict"], "TRUE", "{out}");
    let first = &v["stats"]["first_formula"];
    assert!(first["clauses"].as_u64().is_some_and(|c| c > 0), "{out}");
    let (_, text, _) = lore(&["verify", case, "--unwind", "1", "--stats"]);
    assert!(text.contains("first formula"), "{text}");
    assert!(text.contains("did not replay"), "{text}");
    let (_folder, path) = program();
    let (_, out, _, v) = verify_json(path.to_str().unwrap(), &[]);
    assert!(v["stats"].get("first_formula").is_none(), "{out}");
}
