//! A time or memory limit ends `lore verify` with UNKNOWN and its reason,
//! exit code 0. These run the real binary: the limit ends the process.

mod common;
use common::{lore_full, temp_folder};
use std::process::Command;

fn lore(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lore"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../testsuite"))
        .output()
        .expect("lore runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn time_limit_gives_unknown() {
    let (code, out) = lore(&[
        "verify",
        "cases/limits/slow.c",
        "--unwind",
        "201",
        "--timeout",
        "0.2",
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().last(), Some("UNKNOWN"), "{out}");
    assert!(
        out.contains("UNKNOWN reason: time limit of 0.2 s reached"),
        "{out}"
    );
}

#[test]
fn memory_limit_gives_unknown() {
    let (code, out) = lore(&[
        "verify",
        "cases/limits/slow.c",
        "--unwind",
        "201",
        "--memory-limit",
        "1",
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().last(), Some("UNKNOWN"), "{out}");
    assert!(
        out.contains("UNKNOWN reason: memory limit of 1 MiB reached"),
        "{out}"
    );
}

#[test]
fn exit_codes_of_verdicts() {
    let (code, out) = lore(&["verify", "cases/verify/switch_fallthrough.c"]);
    assert_eq!(
        (code, out.lines().last()),
        (10, Some("FALSE(unreach-call)"))
    );
    let (code, out) = lore(&["verify", "cases/verify/assume_before_assert.c"]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")));
    let (code, _) = lore(&["verify", "cases/errors/syntax.c"]);
    assert_eq!(code, 2);
}

/// Objects and function addresses share one id space (4,096 ids at ILP32);
/// a safe program that could fill it gets UNKNOWN, not a TRUE built on
/// colliding addresses (a FALSE would still be replayed and confirmed).
#[test]
fn object_id_space_limit_gives_unknown() {
    let folder = temp_folder();
    let path = folder.path().join("many_objects.c");
    let mut src = String::new();
    for i in 0..4100 {
        src.push_str(&format!("int g{i};\n"));
    }
    src.push_str("int main(void) { if (g4099 != 0) reach_error(); return 0; }\n");
    std::fs::write(&path, src).expect("write");
    let (code, out) = lore(&["verify", path.to_str().expect("utf-8"), "--unwind", "1"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().last(), Some("UNKNOWN"), "{out}");
    assert!(out.contains("too many objects"), "{out}");
}

/// Writes a generated program to a fresh temporary folder (removed when
/// the returned folder is dropped).
fn generated(name: &str, text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let folder = temp_folder();
    let path = folder.path().join(format!("{name}.c"));
    std::fs::write(&path, text).expect("write");
    (folder, path)
}

/// Deep expressions up to the documented limits are verified (they used
/// to overflow the stack and abort); past them, a diagnostic and exit 2.
#[test]
fn deep_expressions_within_and_past_the_limits() {
    let depth = lore_frontend::nesting::MAX_NESTING;
    let nested = |n: usize| {
        format!(
            "int main(void) {{ int x = __VERIFIER_nondet_int(); int y = {}x{}; if (y == {}) reach_error(); return 0; }}\n",
            "(x + ".repeat(n),
            ")".repeat(n),
            n + 1
        )
    };
    // `main`'s braces are one level.
    let (_folder, path) = generated("nested", &nested(depth - 1));
    let (code, out, err) = lore_full(&["verify", path.to_str().unwrap()]);
    assert_eq!(
        (code, out.lines().last()),
        (10, Some("FALSE(unreach-call)")),
        "{err}"
    );
    std::fs::write(&path, nested(depth)).unwrap();
    let (code, _, err) = lore_full(&["verify", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("lore::too-deep") && err.contains("nested.c:1:"),
        "{err}"
    );

    // 8,000 terms: x * 8000 is even, never 3.
    let chain = |n: usize| {
        format!(
            "int main(void) {{ int x = __VERIFIER_nondet_int(); int y = {}; if (y == 3) reach_error(); return 0; }}\n",
            vec!["x"; n].join(" + ")
        )
    };
    std::fs::write(&path, chain(8000)).unwrap();
    let (code, out, err) = lore_full(&["verify", path.to_str().unwrap()]);
    assert_eq!((code, out.lines().last()), (0, Some("TRUE")), "{err}");
    std::fs::write(&path, chain(lore_frontend::nesting::MAX_OPERATORS + 2)).unwrap();
    let (code, _, err) = lore_full(&["show", "cfg", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more than 100000 operators"), "{err}");
}

/// When the system refuses memory (here: an address-space limit), the run
/// ends with UNKNOWN and the reason, not an abort.
#[test]
fn exhausted_memory_gives_unknown() {
    let lore = env!("CARGO_BIN_EXE_lore");
    let case = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../testsuite/cases/limits/slow.c"
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 300000; exec '{lore}' verify '{case}' --unwind 201"
        ))
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.lines().last(), Some("UNKNOWN"), "{stdout}");
    assert!(stdout.contains("UNKNOWN reason: out of memory"), "{stdout}");
}

/// A run longer than a second says on stderr which stage it is in. Which
/// stage that is at one second depends on the machine's load (symbolic
/// execution is over in a fraction of a second here, encoding takes the
/// rest), so any stage will do; the time limit leaves the heartbeat two
/// seconds to be late.
#[test]
fn long_runs_say_what_they_are_doing() {
    let (code, out, err) = lore_full(&[
        "verify",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../testsuite/cases/limits/slow.c"
        ),
        "--unwind",
        "201",
        "--timeout",
        "3",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        [
            "symbolic execution…",
            "encoding to CNF and solving…",
            "solving…"
        ]
        .iter()
        .any(|stage| err.contains(&format!(" s] {stage}"))),
        "{err}"
    );
}
