//! `lore agr`: the repaired M2 written as C (to `--repaired FILE`, else to
//! a private temporary file) and checked again from that text
//! (`lore_agr::written`).

use super::{print_trace, AgrArgs};
use crate::{exit, Console};
use lore_agr::check::Outcome;
use lore_agr::run::Agr;
use lore_agr::system::System;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;

/// The repaired M2 as C and what the check of that C says.
pub(super) enum Written {
    /// Not written: C has no place for a repair (why).
    NotAsC(String),
    /// Written (to `path` when the user asked for it) and checked.
    Checked {
        path: Option<PathBuf>,
        outcome: Outcome,
        /// For an error: its trace, printed against the written program.
        trace_text: String,
    },
}

/// Writes the repaired M2 and checks M1 with it against P (`property`,
/// the property file's text). An error the user must see (a file that
/// cannot be written) is an exit code.
pub(super) fn write_and_check(
    args: &AgrArgs,
    system: &System,
    result: &Agr,
    property: &str,
    time: Duration,
) -> Result<Written, u8> {
    let source = std::fs::read_to_string(&args.m2).unwrap_or_default();
    let text = match lore_agr::written::repaired_c(system, &source, &result.iterations) {
        Ok(t) => t,
        Err(why) => return Ok(Written::NotAsC(why)),
    };
    let folder;
    let path = match &args.repaired {
        Some(p) => p.clone(),
        None => {
            folder = lore_frontend::preprocess::private_folder("agr").map_err(|e| {
                eprintln!("error: a temporary folder: {e}");
                exit::INTERNAL
            })?;
            folder.path().join("m2_repaired.c")
        }
    };
    if let Err(e) = std::fs::write(&path, &text) {
        eprintln!("error: cannot write {}: {e}", path.display());
        return Err(exit::BAD_INPUT);
    }
    // The written file's own includes resolve as the original's did.
    let mut frontend = args.frontend.clone();
    if let Some(folder) = args.m2.parent().filter(|f| !f.as_os_str().is_empty()) {
        frontend.include(folder.to_path_buf());
    }
    let mut trace_text = Vec::new();
    let outcome = match lore_agr::written::check_written(
        &args.m1,
        &path,
        property,
        &frontend.options(),
        args.bound,
        time,
    ) {
        Ok((written, outcome)) => {
            if let Outcome::Error(trace) = &outcome {
                print_trace(&mut trace_text, &written, &written.m2, trace);
            }
            outcome
        }
        Err(lore_agr::system::AgrError::Load(loaded)) => Outcome::Unknown(format!(
            "the written C does not load: {}",
            loaded
                .diagnostics
                .iter()
                .find(|d| d.is_error())
                .map_or("no diagnostic", |d| d.message.as_str())
        )),
        Err(e) => Outcome::Unknown(format!("the written C does not load: {e}")),
    };
    Ok(Written::Checked {
        path: args.repaired.clone(),
        outcome,
        trace_text: String::from_utf8_lossy(&trace_text).into_owned(),
    })
}

pub(super) fn report(w: &Written, console: &mut Console<'_>) {
    match w {
        Written::NotAsC(why) => {
            let _ = writeln!(
                console.err,
                "note: the repaired M2 is not written as C: {why}; the repaired M2 is the automaton (see -o)"
            );
        }
        Written::Checked {
            path,
            outcome,
            trace_text,
        } => {
            let what = match path {
                Some(p) => format!("the repaired M2 as C: {}", p.display()),
                None => "the repaired M2 as C (--repaired FILE writes it)".to_string(),
            };
            match outcome {
                Outcome::Holds(how) => {
                    let _ = writeln!(
                        console.out,
                        "{what}; checked again from that text: M1 || M2 (repaired, as written) satisfies P ({how})"
                    );
                }
                Outcome::Error(trace) => {
                    let _ = writeln!(
                        console.out,
                        "{what}; checked again from that text: M1 || M2 (repaired, as written) does NOT satisfy P, an error trace of {} steps:",
                        trace.len()
                    );
                    let _ = write!(console.out, "{trace_text}");
                    let _ = writeln!(
                        console.err,
                        "error: the C written for the repair still violates P: a bug in Lore's writing of the repair"
                    );
                }
                Outcome::Unknown(why) => {
                    let _ = writeln!(
                        console.out,
                        "{what}; checked again from that text: no answer ({why})"
                    );
                }
            }
        }
    }
}

pub(super) fn to_json(w: Option<&Written>) -> Value {
    match w {
        None => Value::Null,
        Some(Written::NotAsC(why)) => json!({ "written": false, "why": why }),
        Some(Written::Checked { path, outcome, .. }) => {
            let (result, detail) = match outcome {
                Outcome::Holds(how) => ("holds", json!(how)),
                Outcome::Error(trace) => ("error", json!(trace.len())),
                Outcome::Unknown(why) => ("unknown", json!(why)),
            };
            json!({
                "written": true,
                "path": path.as_ref().map(|p| p.display().to_string()),
                "result": result,
                "detail": detail,
            })
        }
    }
}
