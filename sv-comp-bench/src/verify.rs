//! `sv-comp-bench verify`: runs `lore verify` as one process per SV-COMP task
//! and property it lists (in parallel, with a time and a memory limit),
//! scores the verdicts against the tasks' expected verdicts (for memory
//! safety, a FALSE must name the expected subproperty, as BenchExec scores
//! it), and compares with CBMC's results.

use crate::task::{find_tasks, Task};
use lore_frontend::task::SvCompProperty;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

pub struct VerifyOptions {
    /// With CBMC's results: rerun Lore with --stats on this many pairs,
    /// the slowest relative to CBMC, and print where the time goes.
    pub stats_slowest: usize,
    pub root: PathBuf,
    pub lore: PathBuf,
    pub unwind: u32,
    pub unwinding_assertions: bool,
    pub timeout: f64,
    pub memory_mib: u64,
    pub cbmc: Option<PathBuf>,
    pub json: Option<PathBuf>,
    pub jobs: usize,
    /// Fail unless Lore solves every task CBMC solves.
    pub require_cbmc_parity: bool,
    /// Write a witness per task (and a harness per FALSE) into this
    /// folder and check them (`witnesses.rs`).
    pub witnesses: Option<PathBuf>,
    /// Run Lore with --no-k-induction (bounded model checking only).
    pub bmc_only: bool,
    /// Let Lore choose the bound (no --unwind: 10, doubled while only
    /// unwinding keeps the answer open and time allows).
    pub portfolio: bool,
    /// Lore's SAT solver (`--solver`), when not its default.
    pub solver: Option<String>,
    /// The properties to verify, of those each task lists.
    pub properties: Vec<SvCompProperty>,
    /// Expected verdicts Lore disputes, with the reason (a CSV: task,
    /// property, Lore's verdict, reason): such a row with that verdict is
    /// reported as disputed, not wrong.
    pub disputed: Option<PathBuf>,
}

/// (task, property) → (Lore's verdict, why the expected one is disputed).
type Disputed = BTreeMap<(String, String), (String, String)>;

fn read_disputed(path: &Path) -> Result<Disputed, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = BTreeMap::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let mut f = line.splitn(4, ',');
        let (Some(task), Some(property), Some(verdict), Some(reason)) =
            (f.next(), f.next(), f.next(), f.next())
        else {
            return Err(format!(
                "{}: a line is not task,property,verdict,reason",
                path.display()
            ));
        };
        out.insert(
            (task.to_string(), property.to_string()),
            (verdict.to_string(), reason.trim_matches('"').to_string()),
        );
    }
    Ok(out)
}

/// The properties Lore checks, in the order the benchmark runs them.
pub const CHECKED: [SvCompProperty; 4] = [
    SvCompProperty::UnreachCall,
    SvCompProperty::NoOverflow,
    SvCompProperty::ValidMemsafety,
    SvCompProperty::ValidMemcleanup,
];

struct Outcome {
    task: String,
    property: SvCompProperty,
    expected: Option<bool>,
    /// For an expected FALSE of memory safety: the subproperty.
    expected_sub: Option<String>,
    /// `TRUE`, `FALSE`, `UNKNOWN`, `TIMEOUT` or `ERROR(…)`.
    verdict: String,
    /// For FALSE: the (sub)property Lore names.
    violated: String,
    seconds: f64,
    peak_mib: u64,
    detail: String,
    /// With --witnesses, for TRUE and FALSE: the witness check's result,
    /// and for FALSE the harness's.
    witness: Option<Result<(), String>>,
    harness: Option<Result<(), String>>,
    /// For TRUE with --witnesses: whether Lore's validator confirms the
    /// correctness witness.
    confirmed: Option<Result<(), String>>,
}

fn peak_mib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

fn run_task(task: &Task, property: SvCompProperty, o: &VerifyOptions) -> Outcome {
    let expected = task.expected(property);
    let expected_sub = task.subproperty(property).map(str::to_string);
    let Some(input) = task.input_files.first() else {
        return Outcome {
            task: task.name.clone(),
            property,
            expected,
            expected_sub,
            verdict: "ERROR".into(),
            violated: String::new(),
            seconds: 0.0,
            peak_mib: 0,
            detail: "no input file".into(),
            witness: None,
            harness: None,
            confirmed: None,
        };
    };
    let mut cmd = lore_command(task, input, property, o);
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    // Witness files are named after the task (`c/loops/x` → `c_loops_x`);
    // those of unreach-call are written and checked.
    let unreach = property == SvCompProperty::UnreachCall;
    let files = o.witnesses.as_ref().filter(|_| unreach).map(|dir| {
        let stem = task.name.replace('/', "_");
        (
            dir.join(format!("{stem}.witness.yml")),
            dir.join(format!("{stem}.harness.c")),
        )
    });
    if let Some((witness, harness)) = &files {
        let _ = std::fs::remove_file(witness);
        let _ = std::fs::remove_file(harness);
        cmd.arg("--witness")
            .arg(witness)
            .arg("--harness")
            .arg(harness);
    }
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Outcome {
                task: task.name.clone(),
                property,
                expected,
                expected_sub,
                verdict: "ERROR".into(),
                violated: String::new(),
                seconds: 0.0,
                peak_mib: 0,
                detail: format!("cannot run lore: {e}"),
                witness: None,
                harness: None,
                confirmed: None,
            }
        }
    };
    let pid = child.id();
    // Both pipes read while the task runs: a long trace fills a pipe.
    let out_reader = crate::measure::drain(child.stdout.take().expect("piped"));
    let err_reader = crate::measure::drain(child.stderr.take().expect("piped"));
    let mut peak = 0;
    let hard_limit = Duration::from_secs_f64(o.timeout + 10.0);
    let status = loop {
        if let Some(m) = peak_mib(pid) {
            peak = peak.max(m);
        }
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > hard_limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(_) => break None,
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let _ = child.wait();
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    let last = stdout.lines().last().unwrap_or("").trim().to_string();
    let violated = last
        .strip_prefix("FALSE(")
        .and_then(|r| r.strip_suffix(')'))
        .map(str::to_string);
    let verdict = match (status, last.as_str(), &violated) {
        (None, _, _) => "TIMEOUT".to_string(),
        (Some(_), "TRUE", _) => "TRUE".into(),
        (Some(_), _, Some(_)) => "FALSE".into(),
        (Some(_), "UNKNOWN", _) => "UNKNOWN".into(),
        (Some(s), _, _) => format!(
            "ERROR({})",
            s.code().map_or("signal".to_string(), |c| c.to_string())
        ),
    };
    let violated = violated.unwrap_or_default();
    let detail = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with("UNKNOWN reason:"))
        .map(|l| l.trim_start_matches("UNKNOWN reason:").trim().to_string())
        .unwrap_or_else(|| {
            if verdict.starts_with("ERROR") {
                stderr.lines().next().unwrap_or("").to_string()
            } else {
                String::new()
            }
        });
    let mut confirmed = None;
    let (witness, harness) = match (&files, verdict.as_str()) {
        (Some((w, h)), "TRUE" | "FALSE") => {
            let violation = verdict == "FALSE";
            let dir = w.parent().unwrap_or(Path::new("."));
            let lp64 = task.data_model == "LP64";
            let format = crate::witnesses::check_yaml(w, input, violation);
            // A correctness witness is also checked by Lore's own
            // validator (its invariants inductive, the property implied).
            confirmed = (format.is_ok() && !violation)
                .then(|| crate::witnesses::validate(&o.lore, w, input, lp64, o.unwind));
            (
                Some(format),
                violation.then(|| crate::witnesses::check_harness(input, h, lp64, dir)),
            )
        }
        _ => (None, None),
    };
    Outcome {
        task: task.name.clone(),
        property,
        expected,
        expected_sub,
        verdict,
        violated,
        seconds,
        peak_mib: peak,
        detail,
        witness,
        harness,
        confirmed,
    }
}

/// CBMC's results: (task, property) → (verdict, violated subproperty,
/// seconds). The columns are found by their headers (`task`,
/// `cbmc_verdict`, `seconds`, and where the file has them `property` and
/// `cbmc_subproperty`; a file without `property` is of unreach-call).
type CbmcResults = BTreeMap<(String, String), (String, String, f64)>;

fn read_cbmc(path: &Path) -> Result<CbmcResults, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let (Some(task), Some(verdict), Some(seconds)) =
        (column("task"), column("cbmc_verdict"), column("seconds"))
    else {
        return Err(format!(
            "{}: no task, cbmc_verdict and seconds columns",
            path.display()
        ));
    };
    let (property, sub) = (column("property"), column("cbmc_subproperty"));
    let mut out = BTreeMap::new();
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        let get = |i: usize| f.get(i).copied().unwrap_or("");
        let p = property.map_or("unreach-call", get);
        out.insert(
            (get(task).to_string(), p.to_string()),
            (
                get(verdict).to_string(),
                sub.map_or("", get).to_string(),
                get(seconds).parse().unwrap_or(0.0),
            ),
        );
    }
    Ok(out)
}

/// Whether an outcome is right: TRUE where TRUE is expected, FALSE where
/// FALSE is, naming the expected subproperty where the task gives one.
fn right(verdict: &str, violated: &str, expected: Option<bool>, sub: Option<&str>) -> bool {
    match (verdict.to_ascii_uppercase().as_str(), expected) {
        ("TRUE", Some(true)) => true,
        ("FALSE", Some(false)) => sub.is_none_or(|s| s == violated),
        _ => false,
    }
}

/// `lore verify` on `input` (of `task`) for `property` with the benchmark's
/// settings.
fn lore_command(task: &Task, input: &Path, property: SvCompProperty, o: &VerifyOptions) -> Command {
    let mut cmd = Command::new(&o.lore);
    cmd.arg("verify")
        .arg(input)
        .arg(if task.data_model == "LP64" {
            "--64"
        } else {
            "--32"
        })
        .arg("--property")
        .arg(property.name())
        .arg("--timeout")
        .arg(o.timeout.to_string())
        .arg("--memory-limit")
        .arg(o.memory_mib.to_string());
    if !o.portfolio {
        cmd.arg("--unwind").arg(o.unwind.to_string());
        if o.unwinding_assertions {
            cmd.arg("--unwinding-assertions");
        }
    }
    if o.bmc_only {
        cmd.arg("--no-k-induction");
    }
    if let Some(solver) = &o.solver {
        cmd.arg("--solver").arg(solver);
    }
    cmd
}

pub fn run(o: &VerifyOptions) -> ExitCode {
    let mut pairs = Vec::new();
    for yml in find_tasks(&o.root) {
        match Task::read(&yml, &o.root) {
            Ok(t) => {
                for &p in &o.properties {
                    if t.expected(p).is_some() {
                        pairs.push((t.clone(), p));
                    }
                }
            }
            Err(e) => eprintln!("warning: {e}"),
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .expect("a thread pool");
    let outcomes: Vec<Outcome> =
        pool.install(|| pairs.par_iter().map(|(t, p)| run_task(t, *p, o)).collect());
    let cbmc = match &o.cbmc {
        Some(p) => match read_cbmc(p) {
            Ok(c) => Some(c),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let disputed = match &o.disputed {
        Some(p) => match read_disputed(p) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => Disputed::new(),
    };
    let mut disputes = Vec::new();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<48} {:<15} {:<20} {:<20} {:>7} {:>6} {:<20} {:>7}  note",
        "task", "property", "expected", "lore", "seconds", "MiB", "cbmc", "seconds"
    );
    let (mut correct_true, mut correct_false, mut wrong, mut unknown) = (0, 0, 0, 0);
    let mut score = 0i64;
    let key = |r: &Outcome| (r.task.clone(), r.property.name().to_string());
    for r in &outcomes {
        let expected = match (r.expected, &r.expected_sub) {
            (Some(true), _) => "true".to_string(),
            (Some(false), Some(sub)) => format!("false({sub})"),
            (Some(false), None) => "false".to_string(),
            (None, _) => "-".to_string(),
        };
        let is_right = right(
            &r.verdict,
            &r.violated,
            r.expected,
            r.expected_sub.as_deref(),
        );
        let dispute = disputed
            .get(&key(r))
            .filter(|(v, _)| !is_right && *v == r.verdict);
        let mark = match (r.verdict.as_str(), r.expected, is_right) {
            _ if dispute.is_some() => {
                let (_, why) = dispute.expect("checked");
                disputes.push(format!("  {} {}: {why}", r.task, r.property.name()));
                "disputed"
            }
            (_, _, true) if r.verdict == "TRUE" => {
                correct_true += 1;
                score += 2;
                "ok"
            }
            (_, _, true) => {
                correct_false += 1;
                score += 1;
                "ok"
            }
            ("TRUE", Some(false), _) => {
                wrong += 1;
                score -= 32;
                "WRONG TRUE"
            }
            ("FALSE", Some(true), _) => {
                wrong += 1;
                score -= 16;
                "WRONG FALSE"
            }
            ("FALSE", Some(false), _) => {
                wrong += 1;
                score -= 16;
                "WRONG SUBPROPERTY"
            }
            _ => {
                unknown += 1;
                ""
            }
        };
        let (cv, cs, ct) = cbmc
            .as_ref()
            .and_then(|c| c.get(&key(r)))
            .cloned()
            .unwrap_or_else(|| ("-".into(), String::new(), f64::NAN));
        let note = if mark.is_empty() {
            r.detail.clone()
        } else {
            mark.to_string()
        };
        let shown = |v: &str, sub: &str| {
            if sub.is_empty() || !v.eq_ignore_ascii_case("false") {
                v.to_string()
            } else {
                format!("{v}({sub})")
            }
        };
        let _ = writeln!(
            out,
            "{:<48} {:<15} {:<20} {:<20} {:>7.2} {:>6} {:<20} {:>7.2}  {}",
            r.task,
            r.property.name(),
            expected,
            shown(&r.verdict, &r.violated),
            r.seconds,
            r.peak_mib,
            shown(&cv, &cs),
            ct,
            note
        );
    }
    let _ = writeln!(
        out,
        "\n{} (task, property) pairs: {correct_true} correct TRUE, {correct_false} correct FALSE, {wrong} wrong, {unknown} unknown/timeout/error; SV-COMP score {score}",
        outcomes.len()
    );
    if !disputes.is_empty() {
        let _ = writeln!(
            out,
            "disputed expected verdicts ({}; Lore's answer is argued in sv-comp-bench/data/disputed.csv):",
            disputes.len()
        );
        for d in &disputes {
            let _ = writeln!(out, "{d}");
        }
    }
    let mut parity_ok = true;
    if let Some(c) = &cbmc {
        let mut cbmc_only = Vec::new();
        let mut lore_only = Vec::new();
        let (mut lore_time, mut cbmc_time) = (0.0, 0.0);
        // The pairs both solve, with CBMC's seconds.
        let mut both: Vec<(&Outcome, f64)> = Vec::new();
        for r in &outcomes {
            let Some((cv, cs, ct)) = c.get(&key(r)) else {
                continue;
            };
            let sub = r.expected_sub.as_deref();
            let l = right(&r.verdict, &r.violated, r.expected, sub);
            let k = right(cv, cs, r.expected, sub);
            if k && !l {
                cbmc_only.push(format!(
                    "{} {} ({})",
                    r.task,
                    r.property.name(),
                    if r.detail.is_empty() {
                        r.verdict.clone()
                    } else {
                        r.detail.clone()
                    }
                ));
            }
            if l && !k {
                lore_only.push(format!("{} {}", r.task, r.property.name()));
            }
            if l && k {
                lore_time += r.seconds;
                cbmc_time += ct;
                both.push((r, *ct));
            }
        }
        let _ = writeln!(
            out,
            "\nsolved by CBMC 6.6 and not by Lore ({}):",
            cbmc_only.len()
        );
        for t in &cbmc_only {
            let _ = writeln!(out, "  {t}");
        }
        let _ = writeln!(
            out,
            "solved by Lore and not by CBMC 6.6 ({}):",
            lore_only.len()
        );
        for t in &lore_only {
            let _ = writeln!(out, "  {t}");
        }
        let ratio = if cbmc_time > 0.0 {
            lore_time / cbmc_time
        } else {
            f64::NAN
        };
        let _ = writeln!(out, "time on tasks both solve: Lore {lore_time:.2} s, CBMC {cbmc_time:.2} s, ratio {ratio:.2} (measured separately: CBMC's times come from its CSV)");
        // Per pair, the slowest relative to CBMC first: the sum hides
        // them (issue 44's bar: none above 1.2x where CBMC takes over 1 s).
        both.sort_by(|a, b| {
            let ratio = |(r, c): &(&Outcome, f64)| r.seconds / c.max(0.01);
            ratio(b).total_cmp(&ratio(a))
        });
        let slow: Vec<&(&Outcome, f64)> = both
            .iter()
            .filter(|(r, c)| *c > 1.0 && r.seconds > 1.2 * c)
            .collect();
        let _ = writeln!(
            out,
            "\nper pair both solve, by Lore/CBMC time ({} above 1.2x where CBMC takes over 1 s, marked *):",
            slow.len()
        );
        let _ = writeln!(
            out,
            "{:<48} {:<15} {:>8} {:>8} {:>9}",
            "task", "property", "Lore s", "CBMC s", "Lore/CBMC"
        );
        for (r, c) in &both {
            let mark = if *c > 1.0 && r.seconds > 1.2 * c {
                " *"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "{:<48} {:<15} {:>8.2} {:>8.2} {:>9.2}{mark}",
                r.task,
                r.property.name(),
                r.seconds,
                c,
                r.seconds / c.max(0.01)
            );
        }
        // Where the time goes in the slowest rows: Lore again with --stats.
        for (r, c) in both.iter().take(o.stats_slowest) {
            let Some((task, _)) = pairs
                .iter()
                .find(|(t, p)| t.name == r.task && *p == r.property)
            else {
                continue;
            };
            let Some(input) = task.input_files.first() else {
                continue;
            };
            let mut cmd = lore_command(task, input, r.property, o);
            cmd.arg("--stats");
            let text = cmd
                .output()
                .map(|x| String::from_utf8_lossy(&x.stdout).into_owned())
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "\n--stats of {} ({:.2} s, CBMC {c:.2} s):",
                r.task, r.seconds
            );
            // The stage breakdown (of the last attempt): from "Statistics:"
            // to the verdict.
            let mut on = false;
            for line in text.lines() {
                on |= line.starts_with("Statistics:");
                if on {
                    let _ = writeln!(out, "  {line}");
                }
            }
        }
        parity_ok = cbmc_only.is_empty();
    }
    print!("{out}");
    if let Some(path) = &o.json {
        let rows: Vec<String> = outcomes
            .iter()
            .map(|r| {
                format!(
                    "{{\"task\": \"{}\", \"property\": \"{}\", \"expected\": {}, \"verdict\": \"{}\", \"violated\": \"{}\", \"seconds\": {:.3}, \"peak_mib\": {}}}",
                    r.task,
                    r.property.name(),
                    r.expected.map_or("null".to_string(), |b| b.to_string()),
                    r.verdict,
                    r.violated,
                    r.seconds,
                    r.peak_mib
                )
            })
            .collect();
        let json = format!(
            "{{\"tasks\": [\n  {}\n], \"correct_true\": {correct_true}, \"correct_false\": {correct_false}, \"wrong\": {wrong}, \"unknown\": {unknown}, \"score\": {score}}}\n",
            rows.join(",\n  ")
        );
        if let Err(e) = std::fs::write(path, json) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    let mut witnesses_ok = true;
    if o.witnesses.is_some() {
        let count = |f: fn(&Outcome) -> &Option<Result<(), String>>| {
            let checked: Vec<&Outcome> = outcomes.iter().filter(|r| f(r).is_some()).collect();
            let bad: Vec<String> = checked
                .iter()
                .filter_map(|r| match f(r) {
                    Some(Err(e)) => Some(format!("  {}: {e}", r.task)),
                    _ => None,
                })
                .collect();
            (checked.len(), bad)
        };
        let (witnesses, bad_witnesses) = count(|r| &r.witness);
        let (harnesses, bad_harnesses) = count(|r| &r.harness);
        let (correctness, unconfirmed) = count(|r| &r.confirmed);
        println!(
            "\nwitnesses (format 2.0): {} of {witnesses} valid; harnesses of FALSE verdicts \
             (gcc, run): {} of {harnesses} reach reach_error",
            witnesses - bad_witnesses.len(),
            harnesses - bad_harnesses.len()
        );
        for line in bad_witnesses.iter().chain(&bad_harnesses) {
            println!("{line}");
        }
        println!(
            "correctness witnesses confirmed by Lore's validator (lore verify --validate-witness: invariants inductive, property implied): {} of {correctness}",
            correctness - unconfirmed.len()
        );
        for line in &unconfirmed {
            println!("{line}");
        }
        // A TRUE witness Lore's own validator does not confirm carries no
        // proof: as much a failure as a harness that does not run.
        witnesses_ok =
            bad_witnesses.is_empty() && bad_harnesses.is_empty() && unconfirmed.is_empty();
    }
    if wrong > 0 {
        println!("verify benchmark: FAILED ({wrong} wrong verdicts)");
        return ExitCode::FAILURE;
    }
    if !witnesses_ok {
        println!(
            "verify benchmark: FAILED (a witness or a harness does not hold, or Lore's validator does not confirm a correctness witness)"
        );
        return ExitCode::FAILURE;
    }
    if o.require_cbmc_parity && !parity_ok {
        println!("verify benchmark: FAILED (CBMC solves tasks Lore does not)");
        return ExitCode::FAILURE;
    }
    println!("verify benchmark: no wrong verdicts");
    ExitCode::SUCCESS
}
