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
