//! `difftest --cbmc`: the FALSE variant of a generated program verified by
//! Lore and by CBMC 6.6 at the same bounds without unwinding assertions,
//! where CBMC's count of unwinding is the reference (docs/unwinding.md).

use super::run::run;
use super::{first_line, Case, Options, CBMC_CONVENTIONS};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The FALSE variant verified by Lore and by CBMC 6.6 at each bound of
/// `o.cbmc_bounds`, without unwinding assertions (bounded semantics, where
/// CBMC's count of unwinding is the reference: docs/unwinding.md): each
/// answer is TRUE, FALSE or what else the tool said. CBMC's FALSE is
/// checked by a second route: the input of its trace must be the one whose
/// expected hash the FALSE variant changed (`flipped`); for any other input
/// gcc computed the expected hash, so lore_check cannot fail there and
/// CBMC's trace is spurious (answer `FALSE-spurious`).
pub(super) fn bounded_beside_cbmc(
    cbmc: &Path,
    o: &Options,
    case: &Case,
    dir: &Path,
    flipped: u32,
) -> Vec<(u32, String, String)> {
    let conventions = dir.join("cbmc-conventions.c");
    let _ = std::fs::write(&conventions, CBMC_CONVENTIONS);
    let file = dir.join("false.c");
    let model = if case.lp64 { "--64" } else { "--32" };
    let mut out = Vec::new();
    for &bound in &o.cbmc_bounds {
        let mut lore = Command::new(&o.lore);
        lore.arg("verify")
            .arg(&file)
            .arg(model)
            .args(["--unwind", &bound.to_string(), "--no-k-induction"])
            .arg("--timeout")
            .arg(o.timeout.to_string());
        let lore_says = match run(lore, "", Duration::from_secs_f64(o.timeout + 30.0)) {
            Ok(r) if r.timed_out => "time-out".to_string(),
            Ok(r) => match r.stdout.lines().last().unwrap_or("").trim() {
                "TRUE" => "TRUE".to_string(),
                l if l.starts_with("FALSE") => "FALSE".to_string(),
                l => l.to_string(),
            },
            Err(e) => e.to_string(),
        };
        let mut c = Command::new(cbmc);
        c.arg(&file).arg(&conventions).arg(model).args([
            "--no-standard-checks",
            "--trace",
            "--unwind",
            &bound.to_string(),
        ]);
        let cbmc_says = match run(c, "", Duration::from_secs_f64(o.timeout + 30.0)) {
            Ok(r) if r.timed_out => "time-out".to_string(),
            Ok(r) if r.stdout.contains("VERIFICATION SUCCESSFUL") => "TRUE".to_string(),
            Ok(r) if r.stdout.contains("VERIFICATION FAILED") => match trace_index(&r.stdout) {
                Some(i) if i != flipped => {
                    let _ = std::fs::write(dir.join(format!("cbmc-{bound}.txt")), &r.stdout);
                    "FALSE-spurious".to_string()
                }
                _ => "FALSE".to_string(),
            },
            Ok(r) => format!("error: {}", first_line(&r.stderr)),
            Err(e) => e.to_string(),
        };
        let _ = std::fs::write(
            dir.join(format!("bounded-{bound}.txt")),
            format!("lore: {lore_says}\ncbmc: {cbmc_says}\n"),
        );
        out.push((bound, lore_says, cbmc_says));
    }
    out
}

/// The input combination of a CBMC trace of a generated program: the last
/// value its trace gives `lore_index` (main computes it from the inputs
/// before anything else reads them).
fn trace_index(trace: &str) -> Option<u32> {
    trace
        .lines()
        .filter_map(|l| l.trim().strip_prefix("lore_index="))
        .filter_map(|v| v.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .last()
}

/// Whether a bounded comparison disagrees the way that matters: Lore TRUE
/// where CBMC finds the error at the same bound (Lore would miss a bug
/// CBMC reports).
pub(super) fn disagrees((_, lore, cbmc): &(u32, String, String)) -> bool {
    lore == "TRUE" && cbmc == "FALSE"
}

/// Lore FALSE where CBMC says TRUE at the same bound: Lore's answer is a
/// replayed execution, so a real error; CBMC's count of unwinding cut it
/// (where its constant propagation makes a path's guard simply true, CBMC
/// does not restart a loop entered again by a jump: docs/unwinding.md).
pub(super) fn finds_more((_, lore, cbmc): &(u32, String, String)) -> bool {
    lore == "FALSE" && cbmc == "TRUE"
}
