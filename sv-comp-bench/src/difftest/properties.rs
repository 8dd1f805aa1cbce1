//! `sv-comp-bench difftest --property no-overflow|valid-memsafety`: the
//! other SV-COMP properties against gcc's sanitizers.
//!
//! Each generated program (`overflow.rs`, `memsafety.rs`) runs natively on
//! every combination of its inputs; what the sanitizers report is the
//! truth: for no-overflow, UBSan's signed-overflow and shift reports; for
//! memory safety, AddressSanitizer's first error (valid-deref or
//! valid-free) and, on runs without one, whether a block is lost at exit
//! (valid-memtrack), with `main` called from a wrapper that clears the
//! stack afterwards so that no stale copy of a pointer keeps a block alive.
//! Leaks are asked of a 64-bit build whatever the data model (the programs
//! do nothing that depends on it): of LeakSanitizer and of valgrind's leak
//! check (blocks definitely or indirectly lost), and a program on which the
//! two disagree is dropped. (Valgrind here cannot run 32-bit programs, and
//! 32-bit LeakSanitizer misses leaks the 64-bit one finds.) Lore verifies the program for the property
//! once: TRUE must mean no run violates it, FALSE(sub) that some run's
//! first violation is `sub`.

use super::run::run;
use super::{combinations, first_line, mix, Options};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    NoOverflow,
    MemSafety,
}

impl Mode {
    pub fn property(self) -> &'static str {
        match self {
            Mode::NoOverflow => "no-overflow",
            Mode::MemSafety => "valid-memsafety",
        }
    }
}

/// The native stand-ins, with `main` renamed to `lore_main` by the
/// compiler and called from here.
const HARNESS: &str = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
int __VERIFIER_nondet_int(void) { int v; if (scanf(\"%d\", &v) != 1) exit(3); return v; }\n\
void __VERIFIER_assume(int c) { if (!c) exit(4); }\n\
int lore_main(void);\n\
static void __attribute__((noinline)) lore_clear_stack(void) { volatile char b[1 << 14]; memset((char *)b, 0, sizeof b); }\n\
int main(void) { lore_main(); lore_clear_stack(); return 0; }\n";

#[derive(Clone, Debug, PartialEq, Eq)]
enum Judgement {
    Right,
    Unknown(String),
    /// What Lore said, and what the runs showed.
    Wrong(String),
    Internal(String),
    Rejected(String),
    TimedOut,
}

enum Outcome {
    Dropped(&'static str, String),
    Tested {
        judgement: Judgement,
        /// The violations the runs showed (empty: the property holds).
        truth: Vec<String>,
        runs: usize,
        features: Vec<&'static str>,
        lore_seconds: f64,
    },
}

pub fn run_campaign(o: &Options, mode: Mode) -> ExitCode {
    if mode == Mode::MemSafety && Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("error: valgrind is needed for the leak truth (apt-get install valgrind)");
        return ExitCode::FAILURE;
    }
    let work = match crate::temp::private_folder("difftest-properties") {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: a temporary folder: {e}");
            return ExitCode::FAILURE;
        }
    };
    let _ = std::fs::write(work.path().join("harness.c"), HARNESS);
    let cases: Vec<(usize, u64, bool)> = (0..o.programs)
        .map(|i| (i, mix(o.seed, i as u64), o.models[i % o.models.len()]))
        .filter(|(i, _, _)| o.only.is_none_or(|only| *i == only))
        .collect();
    let start = Instant::now();
    let done = AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .expect("a thread pool");
    let outcomes: Vec<(usize, bool, Outcome)> = pool.install(|| {
        cases
            .par_iter()
            .map(|&(index, seed, lp64)| {
                let name = format!(
                    "{}-{}-{seed:016x}",
                    mode.property(),
                    if lp64 { "lp64" } else { "ilp32" }
                );
                let dir = work.path().join(&name);
                let _ = std::fs::create_dir_all(&dir);
                let outcome = test(mode, seed, lp64, o, &dir, work.path());
                let keep = o.only.is_some()
                    || matches!(&outcome, Outcome::Tested { judgement, .. }
                        if matches!(judgement, Judgement::Wrong(_) | Judgement::Internal(_) | Judgement::Rejected(_)));
                if keep {
                    let dest = o.keep.join(&name);
                    let _ = std::fs::create_dir_all(&dest);
                    for f in ["program.c", "runs.txt", "lore.txt"] {
                        let _ = std::fs::copy(dir.join(f), dest.join(f));
                    }
                }
                let _ = std::fs::remove_dir_all(&dir);
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if o.verbose {
                    eprintln!("[{n}/{}] #{index} {name} {}", cases.len(), describe(&outcome));
                } else if n.is_multiple_of(50) {
                    eprintln!(
                        "{n} of {} programs ({:.0} s)",
                        cases.len(),
                        start.elapsed().as_secs_f64()
                    );
                }
                (index, lp64, outcome)
            })
            .collect()
    });
    if report(mode, &outcomes, start.elapsed().as_secs_f64(), o) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Dropped(why, detail) => format!("dropped ({why}: {detail})"),
        Outcome::Tested {
            judgement, truth, ..
        } => format!("{judgement:?} (runs: {})", truth.join(", ")),
    }
}

fn test(mode: Mode, seed: u64, lp64: bool, o: &Options, dir: &Path, work: &Path) -> Outcome {
    let mut rng = super::Rng::new(seed);
    let (text, inputs, features) = match mode {
        Mode::NoOverflow => {
            let p = super::overflow::generate(&mut rng, lp64);
            (p.text, p.inputs, p.features)
        }
        Mode::MemSafety => {
            let p = super::memsafety::generate(&mut rng);
            (p.text, p.inputs, p.features)
        }
    };
    let program = dir.join("program.c");
    let _ = std::fs::write(&program, &text);
    let compile = |exe: &Path, sanitizers: &[&str], lp64: bool| -> Result<(), String> {
        let m = if lp64 { "-m64" } else { "-m32" };
        let mut gcc = Command::new("gcc");
        gcc.args(["-std=gnu11", "-O0", "-g", "-w", "-Dmain=lore_main"])
            .args(sanitizers)
            .arg(m)
            .arg("-c")
            .arg(&program)
            .arg("-o")
            .arg(exe.with_extension("o"));
        match run(gcc, "", Duration::from_secs(60)) {
            Ok(r) if r.code == Some(0) => {}
            Ok(r) => return Err(first_line(&r.stderr)),
            Err(e) => return Err(e.to_string()),
        }
        let mut link = Command::new("gcc");
        link.args(["-O0", "-w"])
            .args(sanitizers)
            .arg(m)
            .arg(exe.with_extension("o"))
            .arg(work.join("harness.c"))
            .arg("-o")
            .arg(exe);
        match run(link, "", Duration::from_secs(60)) {
            Ok(r) if r.code == Some(0) => Ok(()),
            Ok(r) => Err(first_line(&r.stderr)),
            Err(e) => Err(e.to_string()),
        }
    };
    let sanitized = dir.join("sanitized");
    let sanitizers: &[&str] = match mode {
        Mode::NoOverflow => &[
            "-fsanitize=signed-integer-overflow,shift",
            "-fno-sanitize-recover=all",
        ],
        Mode::MemSafety => &["-fsanitize=address", "-fno-sanitize-recover=all"],
    };
    if let Err(e) = compile(&sanitized, sanitizers, lp64) {
        return Outcome::Dropped("gcc rejected it", e);
    }
    // The leak oracles' builds (64-bit).
    let (leak_asan, plain) = (dir.join("leak-asan"), dir.join("plain"));
    if mode == Mode::MemSafety {
        let built = compile(&leak_asan, sanitizers, true).and_then(|()| compile(&plain, &[], true));
        if let Err(e) = built {
            return Outcome::Dropped("gcc rejected it", e);
        }
    }
    let mut truth: Vec<String> = Vec::new();
    let mut log = String::new();
    let mut runs = 0;
    for values in combinations(&inputs) {
        let stdin: String = values.iter().map(|v| format!("{v}\n")).collect();
        let mut cmd = Command::new(&sanitized);
        cmd.env("ASAN_OPTIONS", "detect_leaks=0:halt_on_error=1");
        let r = match run(cmd, &stdin, Duration::from_secs(10)) {
            Ok(r) => r,
            Err(e) => return Outcome::Dropped("the native run failed", e.to_string()),
        };
        if r.timed_out {
            return Outcome::Dropped("the native run did not finish", String::new());
        }
        if r.code == Some(4) {
            continue;
        }
        runs += 1;
        let found = match classify(mode, &r.stderr) {
            Ok(found) => found,
            Err(other) => return Outcome::Dropped("other undefined behaviour", other),
        };
        let found = match (found, mode) {
            (Some(v), _) => Some(v),
            (None, Mode::NoOverflow) => None,
            (None, Mode::MemSafety) => {
                if r.code != Some(0) {
                    return Outcome::Dropped("the native run failed", first_line(&r.stderr));
                }
                let mut cmd = Command::new(&leak_asan);
                cmd.env("ASAN_OPTIONS", "detect_leaks=1:halt_on_error=1");
                let lsan = match run(cmd, &stdin, Duration::from_secs(10)) {
                    Ok(r) => r
                        .stderr
                        .contains("ERROR: LeakSanitizer: detected memory leaks"),
                    Err(e) => return Outcome::Dropped("the native run failed", e.to_string()),
                };
                match leaked(&plain, &stdin) {
                    Ok(leak) if leak == lsan => {}
                    Ok(_) => {
                        return Outcome::Dropped(
                            "LeakSanitizer and valgrind disagree",
                            format!("inputs {values:?}"),
                        )
                    }
                    Err(e) => return Outcome::Dropped("valgrind failed", e),
                }
                lsan.then(|| "valid-memtrack".to_string())
            }
        };
        let _ = writeln!(
            log,
            "inputs {values:?}: {}",
            found.as_deref().unwrap_or("no violation")
        );
        if let Some(v) = found {
            if !truth.contains(&v) {
                truth.push(v);
            }
        }
    }
    let _ = std::fs::write(dir.join("runs.txt"), &log);
    if runs == 0 {
        return Outcome::Dropped("no input combination runs", String::new());
    }
    let mut cmd = Command::new(&o.lore);
    cmd.arg("verify")
        .arg(&program)
        .arg(if lp64 { "--64" } else { "--32" })
        .args(["--property", mode.property()])
        .args(["--unwind", "20", "--unwinding-assertions"])
        .arg("--timeout")
        .arg(o.timeout.to_string());
    let r = match run(cmd, "", Duration::from_secs_f64(o.timeout + 30.0)) {
        Ok(r) => r,
        Err(e) => {
            return Outcome::Tested {
                judgement: Judgement::Internal(format!("cannot run lore: {e}")),
                truth,
                runs,
                features: features.into_iter().collect(),
                lore_seconds: 0.0,
            }
        }
    };
    let _ = std::fs::write(
        dir.join("lore.txt"),
        format!(
            "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
            r.code, r.stdout, r.stderr
        ),
    );
    Outcome::Tested {
        judgement: judge(&r, &truth),
        truth,
        runs,
        features: features.into_iter().collect(),
        lore_seconds: r.seconds,
    }
}

/// What a sanitized run reported: a violation of the property (its
/// subproperty), none, or another kind of report (`Err`: the program is no
/// test of the property).
fn classify(mode: Mode, stderr: &str) -> Result<Option<String>, String> {
    let report = stderr
        .lines()
        .find(|l| l.contains("runtime error:") || l.contains("ERROR: AddressSanitizer"));
    let Some(line) = report else {
        return Ok(None);
    };
    let is = |s: &str| line.contains(s);
    match mode {
        Mode::NoOverflow => {
            if is("signed integer overflow")
                || is("negation of")
                || (is("division of") && is("cannot be represented"))
                || (is("left shift of") && is("cannot be represented"))
            {
                Ok(Some("no-overflow".into()))
            } else {
                Err(first_line(line))
            }
        }
        Mode::MemSafety => {
            if is("heap-use-after-free") || is("heap-buffer-overflow") || is("SEGV") {
                Ok(Some("valid-deref".into()))
            } else if is("double-free") || is("not malloc()-ed") || is("bad-free") {
                Ok(Some("valid-free".into()))
            } else {
                Err(first_line(line))
            }
        }
    }
}

/// Whether valgrind finds a block definitely or indirectly lost at exit.
fn leaked(exe: &Path, stdin: &str) -> Result<bool, String> {
    let mut cmd = Command::new("valgrind");
    cmd.args([
        "--leak-check=full",
        "--errors-for-leak-kinds=definite,indirect",
    ])
    .args(["--error-exitcode=0", "-q", "--log-fd=2"])
    .arg(exe);
    let r = run(cmd, stdin, Duration::from_secs(60)).map_err(|e| e.to_string())?;
    if r.timed_out {
        return Err("timed out".into());
    }
    if r.stderr.contains("Cannot continue") || r.code != Some(0) {
        return Err(first_line(&r.stderr));
    }
    Ok(r.stderr.contains("definitely lost in") || r.stderr.contains("indirectly lost in"))
}

fn judge(r: &super::run::Ran, truth: &[String]) -> Judgement {
    if r.timed_out {
        return Judgement::TimedOut;
    }
    let last = r.stdout.lines().last().unwrap_or("").trim();
    let reason = r
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("UNKNOWN reason: "))
        .unwrap_or("")
        .to_string();
    match r.code {
        Some(2) => return Judgement::Rejected(first_line(&r.stderr)),
        Some(0) | Some(10) => {}
        other => return Judgement::Internal(format!("exit {other:?}: {}", first_line(&r.stderr))),
    }
    if reason.contains("internal error") || r.stderr.contains("panicked") {
        return Judgement::Internal(reason);
    }
    let violated = last
        .strip_prefix("FALSE(")
        .and_then(|v| v.strip_suffix(')'));
    match (last, violated) {
        ("TRUE", _) if truth.is_empty() => Judgement::Right,
        ("TRUE", _) => Judgement::Wrong(format!("TRUE, but runs show {}", truth.join(", "))),
        (_, Some(v)) if truth.iter().any(|t| t == v) => Judgement::Right,
        (_, Some(v)) => Judgement::Wrong(format!(
            "FALSE({v}), but runs show {}",
            if truth.is_empty() {
                "no violation".to_string()
            } else {
                truth.join(", ")
            }
        )),
        ("UNKNOWN", _) if reason.contains("time limit") => Judgement::TimedOut,
        ("UNKNOWN", _) => Judgement::Unknown(reason),
        _ => Judgement::Internal(format!("no verdict: {}", first_line(&r.stderr))),
    }
}

/// Prints the campaign's table; returns whether it failed.
fn report(mode: Mode, outcomes: &[(usize, bool, Outcome)], seconds: f64, o: &Options) -> bool {
    #[derive(Default)]
    struct Row {
        programs: usize,
        runs: usize,
        holds: usize,
        violated: usize,
        right: usize,
        unknown: usize,
        timeouts: usize,
        wrong: usize,
        internal: usize,
        rejected: usize,
        lore_seconds: f64,
    }
    let mut rows: BTreeMap<bool, Row> = BTreeMap::new();
    let mut dropped: BTreeMap<&str, usize> = BTreeMap::new();
    let mut features: BTreeMap<&str, usize> = BTreeMap::new();
    let mut subproperties: BTreeMap<String, usize> = BTreeMap::new();
    let mut unknown: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for (index, lp64, outcome) in outcomes {
        match outcome {
            Outcome::Dropped(why, _) => *dropped.entry(why).or_default() += 1,
            Outcome::Tested {
                judgement,
                truth,
                runs,
                features: f,
                lore_seconds,
            } => {
                let row = rows.entry(*lp64).or_default();
                row.programs += 1;
                row.runs += runs;
                row.lore_seconds += lore_seconds;
                if truth.is_empty() {
                    row.holds += 1;
                } else {
                    row.violated += 1;
                }
                for t in truth {
                    *subproperties.entry(t.clone()).or_default() += 1;
                }
                for feature in f {
                    *features.entry(feature).or_default() += 1;
                }
                match judgement {
                    Judgement::Right => row.right += 1,
                    Judgement::Unknown(r) => {
                        row.unknown += 1;
                        *unknown.entry(r.chars().take(70).collect()).or_default() += 1;
                    }
                    Judgement::TimedOut => row.timeouts += 1,
                    Judgement::Wrong(_) => row.wrong += 1,
                    Judgement::Internal(_) => row.internal += 1,
                    Judgement::Rejected(_) => row.rejected += 1,
                }
                if matches!(
                    judgement,
                    Judgement::Wrong(_) | Judgement::Internal(_) | Judgement::Rejected(_)
                ) {
                    failures.push(format!(
                        "#{index} {} {}: {judgement:?}",
                        mode.property(),
                        if *lp64 { "LP64" } else { "ILP32" }
                    ));
                }
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nDifferential testing of {}: {} programs, seed {}, {seconds:.0} s ({} jobs); truth: {}\n",
        mode.property(),
        o.programs,
        o.seed,
        o.jobs,
        match mode {
            Mode::NoOverflow => "gcc -fsanitize=signed-integer-overflow,shift",
            Mode::MemSafety => "gcc -fsanitize=address; leaks: LeakSanitizer and valgrind on 64-bit builds, agreeing",
        }
    );
    let _ = writeln!(out, "| model | programs | input runs | property holds / violated | right | unknown | time-outs | wrong | internal errors | rejected | Lore s |");
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|");
    let mut bad = 0;
    for (lp64, r) in &rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} / {} | {} | {} | {} | {} | {} | {} | {:.0} |",
            if *lp64 { "LP64" } else { "ILP32" },
            r.programs,
            r.runs,
            r.holds,
            r.violated,
            r.right,
            r.unknown,
            r.timeouts,
            r.wrong,
            r.internal,
            r.rejected,
            r.lore_seconds
        );
        bad += r.wrong + r.internal + r.rejected;
    }
    let list = |m: &BTreeMap<&str, usize>| {
        m.iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        out,
        "\nviolations the runs showed (programs): {}",
        subproperties
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(out, "dropped: {}", list(&dropped));
    let _ = writeln!(
        out,
        "constructs (programs containing each): {}",
        list(&features)
    );
    for (reason, n) in &unknown {
        let _ = writeln!(out, "  UNKNOWN {n:4}  {reason}");
    }
    for f in &failures {
        let _ = writeln!(out, "FAIL {f}");
    }
    if !failures.is_empty() {
        let _ = writeln!(
            out,
            "programs kept in {}; `--property {} --seed {} --programs {} --only N` tests program #N again",
            o.keep.display(),
            mode.property(),
            o.seed,
            o.programs
        );
    }
    let _ = writeln!(
        out,
        "{}: {bad} wrong verdicts, internal errors or rejected programs",
        if bad > 0 { "FAILED" } else { "ok" }
    );
    print!("{out}");
    bad > 0
}
