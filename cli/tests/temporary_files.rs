//! Lore on a shared machine (issue 41): every temporary file and folder is
//! its own, made by `tempfile` (created exclusively, owner-only, under a
//! name no one can predict), nothing another user planted in the temporary
//! directory is read or written, and nothing is left there when a command
//! ends. These run the real binary with `TMPDIR` set to a folder of the
//! test's own, so that what Lore leaves there can be listed.

mod common;
use common::temp_folder;
use lore_frontend::preprocess::HEADERS;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The test suite's folder: the cases' paths are relative to it.
const TESTSUITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../testsuite");

/// Runs `lore` in the test suite's folder with `TMPDIR` set to `tmpdir`:
/// exit code (-1 if killed), stdout, stderr.
fn lore_with_tmpdir(tmpdir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lore"))
        .args(args)
        .current_dir(TESTSUITE)
        .env("TMPDIR", tmpdir)
        .output()
        .expect("lore runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The names in `folder`, sorted.
fn listing(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("the folder can be listed")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// A command of each kind that uses temporary files: `verify` and `learn`
/// (Lore's headers, written for the preprocessor), `transducer` (a harness
/// included ahead of the program) and `agr` (the two programs and the
/// property's constraints in one translation unit), with the exit code
/// each must give.
const COMMANDS: [(&[&str], i32); 4] = [
    (
        &["verify", "../examples/error_after_loop.c", "--unwind", "4"],
        10,
    ),
    (
        &[
            "learn",
            "../examples/error_after_loop.c",
            "--unwind",
            "4",
            "--max-word-length",
            "8",
            "--quiet",
        ],
        0,
    ),
    (
        &[
            "transducer",
            "cases/transducer-small/toggle.c",
            "--symbol-bits",
            "4",
        ],
        0,
    ),
    (
        &[
            "agr",
            "cases/agr/verify_fig4/m1.c",
            "cases/agr/verify_fig4/m2.c",
            "cases/agr/verify_fig4/verify.prop",
            "--quiet",
        ],
        10,
    ),
];

#[test]
fn every_command_leaves_the_temporary_folder_empty() {
    let tmpdir = temp_folder();
    for (args, expected) in COMMANDS {
        let (code, out, err) = lore_with_tmpdir(tmpdir.path(), args);
        assert_eq!(code, expected, "{args:?}:\n{out}{err}");
        assert_eq!(
            listing(tmpdir.path()),
            Vec::<String>::new(),
            "left behind by {args:?}"
        );
    }
    // Error paths too: the preprocessor fails (a missing header), the
    // parser fails (a syntax error).
    for case in ["cases/errors/missing_header.c", "cases/errors/syntax.c"] {
        let (code, out, err) = lore_with_tmpdir(tmpdir.path(), &["verify", case]);
        assert_eq!(code, 2, "{case}:\n{out}{err}");
        assert_eq!(
            listing(tmpdir.path()),
            Vec::<String>::new(),
            "left behind by {case}"
        );
    }
}

/// The folder where Lore once kept its headers for every run on the
/// machine, and reused whenever it held `.complete`:
/// `$TMPDIR/lore-include-<version>-<FNV-1a of the headers' names and texts>`.
fn old_header_folder(tmpdir: &Path) -> PathBuf {
    let mut hash: u64 = 0xcbf29ce484222325;
    for (name, text) in HEADERS {
        for b in name.bytes().chain(text.bytes()) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x100000001b3);
        }
    }
    tmpdir.join(format!(
        "lore-include-{}-{hash:016x}",
        env!("CARGO_PKG_VERSION")
    ))
}

/// Lore's headers in `folder`, each with `#define reach_error abort`
/// appended, marked complete and writable by everyone, as another local
/// user could leave them.
fn plant_poisoned_headers(folder: &Path) {
    use std::os::unix::fs::PermissionsExt;
    for (name, text) in HEADERS {
        let path = folder.join(name);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
        std::fs::write(&path, format!("{text}\n#define reach_error abort\n")).expect("a header");
    }
    std::fs::write(folder.join(".complete"), "").expect("the marker");
    for dir in [folder.to_path_buf(), folder.join("sys")] {
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777))
            .expect("permissions");
    }
}

/// A program whose assertion fails for one input.
const FAILS_FOR_42: &str = "#include <stdlib.h>\n\
    extern int __VERIFIER_nondet_int(void);\n\
    extern void reach_error(void);\n\
    int main(void) {\n\
      int x = __VERIFIER_nondet_int();\n\
      if (x == 42) reach_error();\n\
      return 0;\n\
    }\n";

#[test]
fn a_header_folder_planted_at_the_old_path_changes_no_verdict() {
    let tmpdir = temp_folder();
    let programs = temp_folder();
    let program = programs.path().join("fails_for_42.c");
    std::fs::write(&program, FAILS_FOR_42).expect("the program");
    let program = program.to_str().expect("utf-8");
    let planted = old_header_folder(tmpdir.path());
    plant_poisoned_headers(&planted);
    // The poison works where the headers are used: through `-I`, the
    // planted <stdlib.h> turns the failing call into `abort()`.
    let poisoned = planted.to_str().expect("utf-8");
    let (code, out, err) = lore_with_tmpdir(tmpdir.path(), &["verify", program, "-I", poisoned]);
    assert_eq!(
        (code, out.lines().last()),
        (0, Some("TRUE")),
        "the poisoned headers do not change the verdict when used:\n{out}{err}"
    );
    // Planted where Lore once looked, they are not used, nor touched.
    let (code, out, err) = lore_with_tmpdir(tmpdir.path(), &["verify", program]);
    assert_eq!(
        (code, out.lines().last()),
        (10, Some("FALSE(unreach-call)")),
        "the headers planted at {} were used:\n{out}{err}",
        planted.display()
    );
    let prelude = std::fs::read_to_string(planted.join("lore_prelude.h")).expect("the prelude");
    assert!(prelude.ends_with("#define reach_error abort\n"));
    assert_eq!(
        listing(tmpdir.path()),
        vec![planted.file_name().unwrap().to_string_lossy().into_owned()]
    );
}

/// Runs `lore` with `TMPDIR` set to `tmpdir`, after planting there, for
/// its process id, symbolic links to `victim` at every name Lore once gave
/// its temporary files (`lore-agr-<pid>-<n>.c`, `lore-harness-<pid>-<n>.h`,
/// `lore-pipelines-<pid>-<n>.c`, n < 64). The shell plants them and then
/// becomes `lore` (`exec` keeps the process id).
fn lore_among_planted_links(tmpdir: &Path, victim: &Path, args: &[&str]) -> (i32, String) {
    let script = r#"n=0
while [ "$n" -lt 64 ]; do
  for name in "lore-agr-$$-$n.c" "lore-harness-$$-$n.h" "lore-pipelines-$$-$n.c"; do
    ln -s "$VICTIM" "$TMPDIR/$name" || exit 99
  done
  n=$((n + 1))
done
exec "$LORE" "$@""#;
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("sh")
        .args(args)
        .current_dir(TESTSUITE)
        .env("TMPDIR", tmpdir)
        .env("VICTIM", victim)
        .env("LORE", env!("CARGO_BIN_EXE_lore"))
        .output()
        .expect("sh runs");
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn a_symlink_planted_at_a_temporary_name_is_not_followed() {
    let tmpdir = temp_folder();
    let elsewhere = temp_folder();
    let victim = elsewhere.path().join("notes.txt");
    let text = "a file of the user's, not Lore's\n";
    std::fs::write(&victim, text).expect("the victim");
    let mut planted = 0;
    for (args, expected) in &COMMANDS[2..] {
        let (code, out) = lore_among_planted_links(tmpdir.path(), &victim, args);
        assert_eq!(code, *expected, "{args:?}:\n{out}");
        planted += 3 * 64;
        assert_eq!(
            std::fs::read_to_string(&victim).expect("the victim"),
            text,
            "{args:?} wrote through a planted link"
        );
        // What is left is the planted links, as they were.
        let names = listing(tmpdir.path());
        assert_eq!(names.len(), planted, "{names:?}");
        for name in names {
            let link = std::fs::read_link(tmpdir.path().join(&name));
            assert_eq!(link.ok().as_deref(), Some(victim.as_path()), "{name}");
        }
    }
}
