//! Csmith programs (Debian's `csmith` and `libcsmith-dev`), made to hand
//! their checksum to `lore_check` like the generated programs.
//!
//! A Csmith program computes a CRC of its globals and prints it from
//! `main(argc, argv)`. Here `main` takes no arguments (the `argv` test
//! that turns on verbose hashing goes, so hashing is quiet), and the call
//! that prints the checksum becomes `lore_check(checksum, 0)`. Csmith's
//! runtime headers are used as installed (`-I /usr/include/csmith`), by
//! gcc and by Lore alike.

use super::run::run;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Where Debian installs Csmith's runtime headers.
pub const INCLUDE: &str = "/usr/include/csmith";

/// Options that keep programs small enough to verify in seconds, while
/// still using structs, unions, bit-fields, pointers, arrays and loops.
/// Bit-fields are Csmith's default; they are asked for by name so that a
/// change of default cannot turn them off (they found issue 47's wrong
/// values of stores).
const OPTIONS: &[&str] = &[
    "--bitfields",
    "--max-funcs",
    "3",
    "--max-block-size",
    "4",
    "--max-block-depth",
    "3",
    "--max-expr-complexity",
    "8",
    "--max-array-dim",
    "2",
    "--max-array-len-per-dim",
    "5",
    "--max-struct-fields",
    "6",
];

/// Whether Csmith and its headers are installed.
pub fn available() -> bool {
    // Every run of csmith, `--version` included, writes `platform.info`
    // into its working directory: a private folder keeps it out of the
    // repository.
    let Ok(work) = crate::temp::private_folder("csmith") else {
        return false;
    };
    Path::new(INCLUDE).join("csmith.h").exists()
        && Command::new("csmith")
            .arg("--version")
            .current_dir(work.path())
            .output()
            .is_ok()
}

/// Csmith's program for `seed`, rewritten for the harness. Csmith runs in
/// `work` (a folder of the caller's), where it leaves `platform.info`.
pub fn program(seed: u64, work: &Path) -> Result<String, String> {
    let mut cmd = Command::new("csmith");
    cmd.current_dir(work)
        .arg("--seed")
        .arg((seed & 0xffff_ffff).to_string())
        .args(OPTIONS);
    let ran =
        run(cmd, "", Duration::from_secs(30)).map_err(|e| format!("cannot run csmith: {e}"))?;
    if ran.code != Some(0) {
        return Err(format!("csmith failed: {}", ran.stderr.trim()));
    }
    rewrite(&ran.stdout)
}

fn rewrite(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len() + 200);
    let mut saw_main = false;
    let mut saw_end = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("int main (int argc, char* argv[])") {
            out.push_str("static void lore_check(unsigned long long hash, unsigned index);\n");
            out.push_str("int main (void)\n");
            saw_main = true;
        } else if t.contains("strcmp(argv[1], \"1\")") {
            continue;
        } else if let Some(rest) = t.strip_prefix("platform_main_end(") {
            let arg = rest
                .rsplit_once(',')
                .map(|(checksum, _)| checksum)
                .ok_or("unexpected platform_main_end call")?;
            out.push_str(&format!("    lore_check({arg}, 0);\n"));
            saw_end = true;
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    if saw_main && saw_end {
        Ok(out)
    } else {
        Err("the Csmith program's main has an unexpected shape".into())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn main_hands_its_checksum_to_lore_check() {
        let text = "int x;\nint main (int argc, char* argv[])\n{\n    int print_hash_value = 0;\n    if (argc == 2 && strcmp(argv[1], \"1\") == 0) print_hash_value = 1;\n    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);\n    return 0;\n}\n";
        let out = super::rewrite(text).expect("rewritten");
        assert!(out.contains("int main (void)"));
        assert!(!out.contains("argv"));
        assert!(out.contains("lore_check(crc32_context ^ 0xFFFFFFFFUL, 0);"));
    }
}
