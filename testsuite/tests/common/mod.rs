#![allow(dead_code)]
//! Running `lore` in-process and reading expectations from case headers.

use std::path::Path;

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

/// The program of the C text `text`, loaded from a file of its own (in a
/// temporary folder named after `tag`, removed again).
pub fn load_program(tag: &str, text: &str) -> lore_frontend::ir::Program {
    let dir = std::env::temp_dir().join(format!("lore-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.c"));
    std::fs::write(&path, text).unwrap();
    let loaded = lore_frontend::load(&path, &lore_frontend::FrontendOptions::default());
    let _ = std::fs::remove_dir_all(&dir);
    loaded
        .program
        .unwrap_or_else(|| panic!("{tag}: {:?}", loaded.diagnostics))
}
