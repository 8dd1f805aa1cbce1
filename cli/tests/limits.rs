//! A time or memory limit ends `lore verify` with UNKNOWN and its reason,
//! exit code 0. These run the real binary: the limit ends the process.

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
