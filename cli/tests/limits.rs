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

/// Objects and function addresses share one id space (4,096 ids at ILP32);
/// a safe program that could fill it gets UNKNOWN, not a TRUE built on
/// colliding addresses (a FALSE would still be replayed and confirmed).
#[test]
fn object_id_space_limit_gives_unknown() {
    let dir = std::env::temp_dir().join(format!("lore-ids-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("many_objects.c");
    let mut src = String::new();
    for i in 0..4100 {
        src.push_str(&format!("int g{i};\n"));
    }
    src.push_str("int main(void) { if (g4099 != 0) reach_error(); return 0; }\n");
    std::fs::write(&path, src).expect("write");
    let (code, out) = lore(&["verify", path.to_str().expect("utf-8"), "--unwind", "1"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().last(), Some("UNKNOWN"), "{out}");
    assert!(out.contains("too many objects"), "{out}");
}
