#![allow(dead_code)]
//! Running the `lore` binary from the cli crate's integration tests.

use std::process::Command;

/// Runs `lore` with `args`: exit code (-1 if killed), stdout, stderr.
pub fn lore_full(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lore"))
        .args(args)
        .output()
        .expect("lore runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A temporary folder of one test's own: a random name, created with mode
/// 0700, removed when dropped (also when the test fails). The tests of one
/// binary run as threads of one process, so a name made from the process
/// id would be shared by all of them.
pub fn temp_folder() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    tempfile::Builder::new()
        .prefix("lore-test-")
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir()
        .expect("a temporary folder")
}
