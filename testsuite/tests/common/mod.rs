#![allow(dead_code)]
//! Running `lore` in-process and reading expectations from case headers.

use std::path::Path;

#[cfg(feature = "browser")]
pub mod chromium;

/// Runs `lore` with `args`; returns (exit code, stdout, stderr).
pub fn run_lore(args: &[String]) -> (u8, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut console = lore_cli::Console {
        out: &mut out,
        err: &mut err,
        color: false,
    };
    let argv = std::iter::once("lore".to_string())
        .chain(args.iter().cloned())
        .map(Into::into);
    let code = lore_cli::run(argv, &mut console);
    (
        code,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

/// Values of `// key: value` lines at the top of a case.
pub fn header(text: &str, key: &str) -> Vec<String> {
    let prefix = format!("// {key}:");
    text.lines()
        .take_while(|l| l.starts_with("//") || l.trim().is_empty())
        .filter_map(|l| l.strip_prefix(&prefix).map(|v| v.trim().to_string()))
        .collect()
}

/// The path of a case relative to the test suite's folder (stable in snapshots).
pub fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A temporary folder of one test's own: a random name, created with mode
/// 0700, removed when dropped (also when the test fails). The tests of one
/// binary run as threads of one process, so a folder named after the
/// process id is shared by all of them (issue 41: two tests wrote the same
/// file at once and one read it empty).
pub fn temp_folder() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    tempfile::Builder::new()
        .prefix("lore-test-")
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir()
        .expect("a temporary folder")
}

/// The path of `name` in `folder`, as a command-line argument.
pub fn path_in(folder: &tempfile::TempDir, name: &str) -> String {
    folder.path().join(name).display().to_string()
}

/// The program of the C text `text`, loaded from a file `{tag}.c` in a
/// temporary folder of its own (removed again).
pub fn load_program(tag: &str, text: &str) -> lore_frontend::ir::Program {
    let folder = temp_folder();
    let path = folder.path().join(format!("{tag}.c"));
    std::fs::write(&path, text).unwrap();
    let loaded = lore_frontend::load(&path, &lore_frontend::FrontendOptions::default());
    loaded
        .program
        .unwrap_or_else(|| panic!("{tag}: {:?}", loaded.diagnostics))
}
