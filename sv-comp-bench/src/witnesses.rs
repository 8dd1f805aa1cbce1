//! Checks of what `lore verify --witness --harness` writes for an SV-COMP
//! task: the YAML witness (format 2.0) has the keys and values the format
//! requires, and a FALSE task's test harness, compiled with the task by
//! gcc, reaches `reach_error` when run — a validation by execution that
//! does not depend on Lore.
//!
//! The task is compiled with `-finstrument-functions` and linked with a
//! small checker whose function-entry hook ends the run with exit code
//! [`REACHED`] when `reach_error` (or the legacy `__VERIFIER_error`) is
//! entered, whatever its body; `__assert_fail` called from `reach_error`
//! counts too.

use sha2::{Digest, Sha256};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use yaml_rust2::{Yaml, YamlLoader};

/// The exit code of a run that entered the error function.
pub const REACHED: i32 = 107;

const CHECKER: &str = r#"/* Written by sv-comp-bench: ends the run with exit code 107 when the
   program enters reach_error (or __VERIFIER_error). */
#include <string.h>
#include <unistd.h>
extern void reach_error(void) __attribute__((weak));
extern void __VERIFIER_error(void) __attribute__((weak));
void __cyg_profile_func_enter(void *fn, void *site) __attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *fn, void *site) __attribute__((no_instrument_function));
void __cyg_profile_func_enter(void *fn, void *site) {
  (void)site;
  if ((reach_error && fn == (void *)reach_error) ||
      (__VERIFIER_error && fn == (void *)__VERIFIER_error)) {
    _exit(107);
  }
}
void __cyg_profile_func_exit(void *fn, void *site) {
  (void)fn;
  (void)site;
}
void __assert_fail(const char *assertion, const char *file, unsigned int line,
                   const char *function) {
  (void)assertion;
  (void)file;
  (void)line;
  _exit(function && strcmp(function, "reach_error") == 0 ? 107 : 106);
}
"#;

/// Compiles `input` with `harness` and the checker, runs it, and requires
/// that it enters the error function.
pub fn check_harness(input: &Path, harness: &Path, lp64: bool, work: &Path) -> Result<(), String> {
    let checker = work.join("checker.c");
    if !checker.exists() {
        std::fs::write(&checker, CHECKER).map_err(|e| e.to_string())?;
    }
    let exe = harness.with_extension("exe");
    let object = harness.with_extension("o");
    let model = if lp64 { "-m64" } else { "-m32" };
    let gcc = |args: &[&std::ffi::OsStr]| -> Result<(), String> {
        let out = Command::new("gcc")
            .args(args)
            .output()
            .map_err(|e| format!("cannot run gcc: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            let err = String::from_utf8_lossy(&out.stderr);
            Err(format!(
                "gcc failed: {}",
                err.lines().find(|l| l.contains("error")).unwrap_or("")
            ))
        }
    };
    gcc(&[
        model.as_ref(),
        "-w".as_ref(),
        "-finstrument-functions".as_ref(),
        "-c".as_ref(),
        input.as_os_str(),
        "-o".as_ref(),
        object.as_os_str(),
    ])?;
    gcc(&[
        model.as_ref(),
        "-w".as_ref(),
        object.as_os_str(),
        harness.as_os_str(),
        checker.as_os_str(),
        "-o".as_ref(),
        exe.as_os_str(),
        "-lm".as_ref(),
    ])?;
    let mut child = Command::new(&exe)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run the harness: {e}"))?;
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            return Err("the harness ran over 10 s".into());
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    match status.code() {
        Some(REACHED) => Ok(()),
        Some(code) => Err(format!(
            "the harness exited with {code}, not {REACHED} (reach_error)"
        )),
        None => Err("the harness was killed by a signal".into()),
    }
}

/// The YAML witness has the structure of format 2.0: one entry of the
/// right type, its metadata (with the input file's SHA-256), and content
/// whose segments end in one `follow` waypoint, the last a target.
pub fn check_yaml(witness: &Path, input: &Path, violation: bool) -> Result<(), String> {
    let text = std::fs::read_to_string(witness).map_err(|e| format!("no witness: {e}"))?;
    let docs = YamlLoader::load_from_str(&text).map_err(|e| format!("not YAML: {e}"))?;
    let [Yaml::Array(entries)] = docs.as_slice() else {
        return Err("a witness is one YAML list of entries".into());
    };
    let [entry] = entries.as_slice() else {
        return Err(format!("{} entries, not 1", entries.len()));
    };
    let want = if violation {
        "violation_sequence"
    } else {
        "invariant_set"
    };
    if entry["entry_type"].as_str() != Some(want) {
        return Err(format!("entry_type is not {want}"));
    }
    let m = &entry["metadata"];
    if m["format_version"].as_str() != Some("2.0") {
        return Err("metadata.format_version is not \"2.0\"".into());
    }
    let uuid = m["uuid"].as_str().unwrap_or("");
    let groups: Vec<usize> = uuid.split('-').map(str::len).collect();
    if groups != [8, 4, 4, 4, 12] || !uuid.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) {
        return Err(format!("metadata.uuid `{uuid}` is no UUID"));
    }
    let time = m["creation_time"].as_str().unwrap_or("");
    if time.len() != 20 || !time.ends_with('Z') || time.as_bytes()[10] != b'T' {
        return Err(format!("metadata.creation_time `{time}` is not ISO 8601"));
    }
    for key in ["name", "version"] {
        if m["producer"][key].as_str().is_none_or(str::is_empty) {
            return Err(format!("metadata.producer.{key} is missing"));
        }
    }
    let task = &m["task"];
    let Some(files) = task["input_files"].as_vec() else {
        return Err("metadata.task.input_files is not a list".into());
    };
    let [Yaml::String(file)] = files.as_slice() else {
        return Err("metadata.task.input_files is not one file".into());
    };
    let bytes = std::fs::read(input).map_err(|e| e.to_string())?;
    let hash: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    if task["input_file_hashes"][file.as_str()].as_str() != Some(hash.as_str()) {
        return Err("metadata.task.input_file_hashes does not hold the file's SHA-256".into());
    }
    if task["specification"].as_str().is_none_or(str::is_empty) {
        return Err("metadata.task.specification is missing".into());
    }
    if !matches!(task["data_model"].as_str(), Some("ILP32" | "LP64")) {
        return Err("metadata.task.data_model is neither ILP32 nor LP64".into());
    }
    if task["language"].as_str() != Some("C") {
        return Err("metadata.task.language is not C".into());
    }
    let Some(content) = entry["content"].as_vec() else {
        return Err("content is not a list".into());
    };
    let lines = String::from_utf8_lossy(&bytes).lines().count() as i64;
    if violation {
        check_segments(content, file, lines)
    } else {
        for item in content {
            let i = &item["invariant"];
            for key in ["type", "value", "format"] {
                if i[key].as_str().is_none() {
                    return Err(format!("an invariant has no {key}"));
                }
            }
            check_location(&i["location"], file, lines)?;
        }
        Ok(())
    }
}

fn check_segments(content: &[Yaml], file: &str, lines: i64) -> Result<(), String> {
    if content.is_empty() {
        return Err("a violation witness has at least the target's segment".into());
    }
    for (i, item) in content.iter().enumerate() {
        let Some(segment) = item["segment"].as_vec() else {
            return Err(format!("content item {i} is no segment"));
        };
        for (j, w) in segment.iter().enumerate() {
            let w = &w["waypoint"];
            let last = j + 1 == segment.len();
            let action = w["action"].as_str().unwrap_or("");
            if (action == "follow") != last || !matches!(action, "follow" | "avoid") {
                return Err(format!("segment {i}: one follow waypoint, last"));
            }
            let kind = w["type"].as_str().unwrap_or("");
            let target = kind == "target";
            if target != (last && i + 1 == content.len()) {
                return Err(format!(
                    "segment {i}: the target ends the last segment only"
                ));
            }
            match kind {
                "target" | "function_enter" => {
                    if !w["constraint"].is_badvalue() {
                        return Err(format!("segment {i}: a {kind} waypoint has no constraint"));
                    }
                }
                "assumption" | "branching" | "function_return" => {
                    if w["constraint"]["value"].as_str().is_none() {
                        return Err(format!("segment {i}: a {kind} waypoint needs a constraint"));
                    }
                    if kind == "function_return"
                        && w["constraint"]["format"].as_str() != Some("acsl_expression")
                    {
                        return Err(format!(
                            "segment {i}: function_return's format is acsl_expression"
                        ));
                    }
                }
                other => return Err(format!("segment {i}: waypoint type `{other}`")),
            }
            check_location(&w["location"], file, lines)?;
        }
    }
    Ok(())
}

fn check_location(location: &Yaml, file: &str, lines: i64) -> Result<(), String> {
    if location["file_name"].as_str() != Some(file) {
        return Err("a location names another file".into());
    }
    match location["line"].as_i64() {
        Some(l) if (1..=lines).contains(&l) => {}
        other => return Err(format!("a location's line {other:?} is not in the file")),
    }
    match &location["column"] {
        Yaml::BadValue => Ok(()),
        Yaml::Integer(c) if *c >= 1 => Ok(()),
        _ => Err("a location's column is not a positive number".into()),
    }
}

/// Whether Lore's validator confirms the correctness witness `witness` of
/// `input` (`lore verify --validate-witness`, unwinding the loops without
/// an invariant at `unwind`).
pub fn validate(
    lore: &Path,
    witness: &Path,
    input: &Path,
    lp64: bool,
    unwind: u32,
) -> Result<(), String> {
    let out = std::process::Command::new(lore)
        .arg("verify")
        .arg(input)
        .arg(if lp64 { "--64" } else { "--32" })
        .args(["--unwind", &unwind.to_string()])
        .arg("--validate-witness")
        .arg(witness)
        .output()
        .map_err(|e| format!("cannot run lore: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if stdout.lines().any(|l| l.starts_with("witness: confirmed")) {
        Ok(())
    } else {
        Err(format!(
            "not confirmed by Lore's validator: {}",
            stdout
                .lines()
                .find(|l| l.starts_with("witness:"))
                .unwrap_or(stdout.lines().last().unwrap_or("no answer"))
        ))
    }
}
