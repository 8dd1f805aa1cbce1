//! `sv-comp-bench difftest`: differential testing of `lore verify` against
//! gcc's execution.
//!
//! Each program — from our own generator (`generate.rs`) or from Csmith
//! (`csmith.rs`) — is compiled by gcc with the undefined-behaviour and
//! address sanitizers and run on every combination of its inputs; a program with
//! undefined behaviour on any of them, or that does not finish, is dropped.
//! What gcc printed becomes a table, and two verification tasks are made:
//! the TRUE variant calls `reach_error()` when a run's hash differs from the
//! table, the FALSE variant has one entry of the table changed. Lore must
//! never answer FALSE on the first or TRUE on the second, must never stop
//! on an internal error, and must accept every generated program. Runs are
//! seeded: program `i` of seed `s` is the same program everywhere.

pub mod bitfields;
mod bounded;
mod csmith;
mod generate;
mod memsafety;
mod overflow;
pub mod properties;
pub use generate::Rng;
pub mod run;
mod types;

use bounded::{bounded_beside_cbmc, disagrees, finds_more};
use rayon::prelude::*;
use run::{run, Ran};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub struct Options {
    pub programs: usize,
    pub seed: u64,
    /// Percentage of programs taken from Csmith (when it is installed).
    pub csmith_percent: u64,
    /// Data models to test, taken in turn: false = ILP32 (gcc -m32), true = LP64.
    pub models: Vec<bool>,
    pub lore: PathBuf,
    pub jobs: usize,
    /// Seconds per `lore verify` run.
    pub timeout: f64,
    /// Where the programs of every disagreement are kept.
    pub keep: PathBuf,
    /// Print one line per program.
    pub verbose: bool,
    /// Test only this program of the campaign, and keep its files.
    pub only: Option<usize>,
    /// CBMC's binary: the FALSE variant of every generated program is also
    /// verified by CBMC and by Lore at each of `cbmc_bounds` without
    /// unwinding assertions, and the bounded answers must agree.
    pub cbmc: Option<PathBuf>,
    pub cbmc_bounds: Vec<u32>,
}

/// CBMC's stand-ins for the verification conventions Lore knows by name
/// (the generated programs call `reach_error` undeclared: C's implicit
/// `int reach_error()`).
/// `__VERIFIER_assume` is built into CBMC; `__VERIFIER_nondet_int`, having
/// no body, returns any value.
const CBMC_CONVENTIONS: &str =
    "int reach_error() { __CPROVER_assert(0, \"reach_error\"); return 0; }\n";

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    Generated,
    Csmith,
}

/// What Lore said on one variant, judged against what it must say.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Judgement {
    /// The expected verdict.
    Right,
    Unknown(String),
    /// The opposite verdict: a wrong TRUE (on the FALSE variant) or a wrong
    /// FALSE (on the TRUE variant).
    Wrong,
    /// A panic, an internal error, or a counterexample that did not replay.
    Internal(String),
    /// Exit 2 on a program gcc compiled.
    Rejected(String),
    TimedOut,
}

enum Outcome {
    /// Not a usable test: why.
    Dropped(&'static str, String),
    Tested {
        true_variant: Judgement,
        false_variant: Judgement,
        combinations: usize,
        features: Vec<&'static str>,
        lore_seconds: f64,
        /// Bounded answers beside CBMC's: (bound, Lore's, CBMC's), where
        /// they were asked.
        bounded: Vec<(u32, String, String)>,
    },
}

struct Case {
    index: usize,
    seed: u64,
    source: Source,
    lp64: bool,
}

impl Case {
    fn name(&self) -> String {
        format!(
            "{}-{}-{:016x}",
            match self.source {
                Source::Generated => "gen",
                Source::Csmith => "csmith",
            },
            if self.lp64 { "lp64" } else { "ilp32" },
            self.seed
        )
    }
}

/// The native stand-ins for the verification conventions: inputs come
/// from stdin, a failed assumption ends the run with code 4.
const NATIVE_HEADER: &str = "#include <stdio.h>\n#include <stdlib.h>\n\
int __VERIFIER_nondet_int(void) { int v; if (scanf(\"%d\", &v) != 1) exit(3); return v; }\n\
void __VERIFIER_assume(int c) { if (!c) exit(4); }\n\
void reach_error(void) { }\n";

const NATIVE_CHECK: &str = "static void lore_check(unsigned long long hash, unsigned index) { printf(\"%u %llu\\n\", index, hash); }\n";

/// The generator of program `index` of a campaign seeded `seed`.
pub fn generate_rng(seed: u64, index: usize) -> Rng {
    Rng::new(mix(seed, index as u64))
}

pub(crate) fn mix(seed: u64, i: u64) -> u64 {
    let mut r = generate::Rng::new(seed ^ i.wrapping_mul(0x2545_f491_4f6c_dd1d));
    r.next()
}

pub fn run_campaign(o: &Options) -> ExitCode {
    let csmith = o.csmith_percent > 0 && csmith::available();
    if o.csmith_percent > 0 && !csmith {
        eprintln!("note: Csmith is not installed (apt-get install csmith libcsmith-dev): generated programs only");
    }
    if o.models.contains(&false) && !gcc_m32_works() {
        eprintln!("error: gcc -m32 does not link (apt-get install gcc-multilib), needed for ILP32");
        return ExitCode::FAILURE;
    }
    // A private folder (random name, mode 0700, removed when dropped, also
    // on an early return) for every case's files.
    let work_folder = match crate::temp::private_folder("difftest") {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: a temporary folder: {e}");
            return ExitCode::FAILURE;
        }
    };
    let work = work_folder.path().to_path_buf();
    if std::fs::write(work.join("native.h"), NATIVE_HEADER).is_err() {
        eprintln!("error: cannot write to {}", work.display());
        return ExitCode::FAILURE;
    }
    let cases: Vec<Case> = (0..o.programs)
        .map(|i| {
            let seed = mix(o.seed, i as u64);
            let source = if csmith && seed % 100 < o.csmith_percent {
                Source::Csmith
            } else {
                Source::Generated
            };
            Case {
                index: i,
                seed,
                source,
                lp64: o.models[i % o.models.len()],
            }
        })
        .filter(|c| o.only.is_none_or(|only| c.index == only))
        .collect();
    let start = Instant::now();
    let done = AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .expect("a thread pool");
    let outcomes: Vec<(usize, Outcome)> = pool.install(|| {
        cases
            .par_iter()
            .map(|case| {
                let outcome = test_case(case, o, &work);
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if o.verbose {
                    eprintln!(
                        "[{n}/{}] #{} {} {}",
                        o.programs,
                        case.index,
                        case.name(),
                        describe(&outcome)
                    );
                } else if n % 50 == 0 {
                    eprintln!(
                        "{n} of {} programs ({:.0} s)",
                        o.programs,
                        start.elapsed().as_secs_f64()
                    );
                }
                (case.index, outcome)
            })
            .collect()
    });
    drop(work_folder);
    let failed = report(&cases, &outcomes, start.elapsed().as_secs_f64(), o);
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn gcc_m32_works() -> bool {
    let Ok(folder) = crate::temp::private_folder("m32") else {
        return false;
    };
    let dir = folder.path();
    let c = dir.join("t.c");
    let _ = std::fs::write(&c, "#include <stdio.h>\nint main(void) { return 0; }\n");
    Command::new("gcc")
        .args(["-m32", "-fsanitize=address,undefined"])
        .arg(&c)
        .arg("-o")
        .arg(dir.join("t"))
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Dropped(why, detail) => format!("dropped ({why}: {detail})"),
        Outcome::Tested {
            true_variant,
            false_variant,
            lore_seconds,
            ..
        } => format!(
            "TRUE variant: {true_variant:?}; FALSE variant: {false_variant:?} ({lore_seconds:.1} s)"
        ),
    }
}

fn test_case(case: &Case, o: &Options, work: &Path) -> Outcome {
    let dir = work.join(case.name());
    let _ = std::fs::create_dir_all(&dir);
    let outcome = test_in(case, o, &dir, work);
    let keep = o.only.is_some()
        || matches!(&outcome, Outcome::Tested { true_variant, false_variant, bounded, .. }
        if [true_variant, false_variant].iter().any(|j| matches!(j,
            Judgement::Wrong | Judgement::Internal(_) | Judgement::Rejected(_)))
            || bounded.iter().any(|b| disagrees(b) || b.2 == "FALSE-spurious"));
    if keep {
        let dest = o.keep.join(case.name());
        let _ = std::fs::create_dir_all(&dest);
        for f in [
            "program.c",
            "native.c",
            "true.c",
            "false.c",
            "lore-true.txt",
            "lore-false.txt",
            "cbmc-conventions.c",
        ] {
            let _ = std::fs::copy(dir.join(f), dest.join(f));
        }
        // Each bound's answers, and CBMC's spurious traces.
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if (name.starts_with("bounded-") || name.starts_with("cbmc-")) && name.ends_with(".txt")
            {
                let _ = std::fs::copy(entry.path(), dest.join(&*name));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

fn test_in(case: &Case, o: &Options, dir: &Path, work: &Path) -> Outcome {
    let (text, inputs, features) = match case.source {
        Source::Generated => {
            let p = generate::generate(case.seed, case.lp64);
            (p.text, p.inputs, p.features.into_iter().collect::<Vec<_>>())
        }
        Source::Csmith => match csmith::program(case.seed, dir) {
            Ok(t) => (t, Vec::new(), vec!["csmith"]),
            Err(e) => return Outcome::Dropped("csmith failed", e),
        },
    };
    let _ = std::fs::write(dir.join("program.c"), &text);
    // Native: compile with the sanitizer, run every input combination.
    let native = dir.join("native.c");
    let _ = std::fs::write(&native, format!("{text}{NATIVE_CHECK}"));
    let exe = dir.join("native");
    let mut gcc = Command::new("gcc");
    gcc.args([
        "-std=gnu11",
        "-O0",
        "-w",
        // Undefined behaviour ends the program's use as a test: UBSan for
        // arithmetic and array indices, ASan for accesses through pointers
        // outside their object (UBSan misses those).
        "-fsanitize=address,undefined",
        "-fno-sanitize-recover=all",
    ])
    .arg(if case.lp64 { "-m64" } else { "-m32" })
    .arg("-I")
    .arg(csmith::INCLUDE)
    .arg("-include")
    .arg(work.join("native.h"))
    .arg(&native)
    .arg("-o")
    .arg(&exe);
    match run(gcc, "", Duration::from_secs(120)) {
        Ok(r) if r.code == Some(0) => {}
        Ok(r) => return Outcome::Dropped("gcc rejected it", first_line(&r.stderr)),
        Err(e) => return Outcome::Dropped("gcc did not run", e.to_string()),
    }
    let combos = combinations(&inputs);
    let mut table: BTreeMap<u32, u64> = BTreeMap::new();
    for values in &combos {
        let stdin: String = values.iter().map(|v| format!("{v}\n")).collect();
        let limit = match case.source {
            Source::Generated => Duration::from_secs(5),
            Source::Csmith => Duration::from_secs(10),
        };
        let r = match run(Command::new(&exe), &stdin, limit) {
            Ok(r) => r,
            Err(e) => return Outcome::Dropped("the native run failed", e.to_string()),
        };
        if r.timed_out {
            return Outcome::Dropped("the native run did not finish", String::new());
        }
        if r.stderr.contains("runtime error") || r.stderr.contains("AddressSanitizer") {
            return Outcome::Dropped("undefined behaviour", first_line(&r.stderr));
        }
        match r.code {
            Some(0) => {}
            Some(4) => continue,
            _ => return Outcome::Dropped("the native run failed", first_line(&r.stderr)),
        }
        let Some((index, hash)) = r
            .stdout
            .lines()
            .last()
            .and_then(|l| l.split_once(' '))
            .and_then(|(i, h)| Some((i.parse::<u32>().ok()?, h.parse::<u64>().ok()?)))
        else {
            return Outcome::Dropped("the native run printed no hash", first_line(&r.stdout));
        };
        table.insert(index, hash);
    }
    if table.is_empty() {
        return Outcome::Dropped("no input combination runs", String::new());
    }
    let size = combos.len().max(1) as u32;
    let flipped = *table
        .keys()
        .nth((case.seed % table.len() as u64) as usize)
        .expect("a run");
    let mut lore_seconds = 0.0;
    let mut judge = |variant: &str, flip: Option<u32>| -> Judgement {
        let file = dir.join(format!("{variant}.c"));
        let _ = std::fs::write(
            &file,
            format!("{text}{}", check_function(&table, size, flip)),
        );
        let unwind = match case.source {
            Source::Generated => "20",
            Source::Csmith => "300",
        };
        let mut cmd = Command::new(&o.lore);
        cmd.arg("verify")
            .arg(&file)
            .arg(if case.lp64 { "--64" } else { "--32" })
            .args(["--unwind", unwind, "--unwinding-assertions"])
            .arg("--timeout")
            .arg(o.timeout.to_string())
            .args(["--memory-limit", "6000"])
            .arg("-I")
            .arg(csmith::INCLUDE);
        let r = match run(cmd, "", Duration::from_secs_f64(o.timeout + 30.0)) {
            Ok(r) => r,
            Err(e) => return Judgement::Internal(format!("cannot run lore: {e}")),
        };
        lore_seconds += r.seconds;
        let _ = std::fs::write(
            dir.join(format!("lore-{variant}.txt")),
            format!(
                "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
                r.code, r.stdout, r.stderr
            ),
        );
        judge(&r, flip.is_none())
    };
    let true_variant = judge("true", None);
    let false_variant = judge("false", Some(flipped));
    let bounded = match (&o.cbmc, case.source) {
        (Some(cbmc), Source::Generated) => bounded_beside_cbmc(cbmc, o, case, dir, flipped),
        _ => Vec::new(),
    };
    Outcome::Tested {
        true_variant,
        false_variant,
        combinations: table.len(),
        features,
        lore_seconds,
        bounded,
    }
}

pub(crate) fn first_line(s: &str) -> String {
    s.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .chars()
        .take(200)
        .collect()
}

/// Every combination of input values, in the order of `lore_index`.
pub(crate) fn combinations(inputs: &[(i64, i64)]) -> Vec<Vec<i64>> {
    let mut all = vec![Vec::new()];
    for &(lo, hi) in inputs {
        all = all
            .into_iter()
            .flat_map(|prefix: Vec<i64>| {
                (lo..=hi).map(move |v| {
                    let mut next = prefix.clone();
                    next.push(v);
                    next
                })
            })
            .collect();
    }
    all
}

/// The verification form of `lore_check`: the table gcc printed, with one
/// entry changed in the FALSE variant.
fn check_function(table: &BTreeMap<u32, u64>, size: u32, flip: Option<u32>) -> String {
    let entries: Vec<String> = (0..size)
        .map(|i| {
            let v = table.get(&i).copied().unwrap_or(0);
            let v = if flip == Some(i) { v ^ 1 } else { v };
            format!("{v}ULL")
        })
        .collect();
    format!(
        "static const unsigned long long lore_expected[{size}] = {{ {} }};\n\
         static void lore_check(unsigned long long hash, unsigned index) {{\n\
         \x20 if (index >= {size}u || hash != lore_expected[index])\n\
         \x20   reach_error();\n\
         }}\n",
        entries.join(", ")
    )
}

fn judge(r: &Ran, expect_true: bool) -> Judgement {
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
        other => {
            return Judgement::Internal(format!(
                "exit {other:?}: {}",
                r.stderr
                    .lines()
                    .find(|l| l.contains("panicked") || l.contains("error"))
                    .unwrap_or("")
            ))
        }
    }
    if reason.contains("internal error") || r.stderr.contains("panicked") {
        return Judgement::Internal(reason);
    }
    match (last, expect_true) {
        ("TRUE", true) => Judgement::Right,
        (l, false) if l.starts_with("FALSE") => Judgement::Right,
        ("TRUE", false) => Judgement::Wrong,
        (l, true) if l.starts_with("FALSE") => Judgement::Wrong,
        ("UNKNOWN", _) if reason.contains("time limit") => Judgement::TimedOut,
        ("UNKNOWN", _) => Judgement::Unknown(reason),
        _ => Judgement::Internal(format!("no verdict: {}", first_line(&r.stderr))),
    }
}

/// Prints the campaign's tables; returns whether it failed.
fn report(cases: &[Case], outcomes: &[(usize, Outcome)], seconds: f64, o: &Options) -> bool {
    let mut out = String::new();
    let mut dropped: BTreeMap<&str, usize> = BTreeMap::new();
    // (source, model) -> counts
    #[derive(Default)]
    struct Row {
        programs: usize,
        combinations: usize,
        true_right: usize,
        true_unknown: usize,
        false_right: usize,
        false_unknown: usize,
        timeouts: usize,
        wrong_false: usize,
        wrong_true: usize,
        internal: usize,
        rejected: usize,
        lore_seconds: f64,
    }
    let mut rows: BTreeMap<(Source, bool), Row> = BTreeMap::new();
    let mut features: BTreeMap<&str, usize> = BTreeMap::new();
    let mut unknown_reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    // Per bound: programs compared with CBMC, disagreements (Lore TRUE,
    // CBMC FALSE), those where one of the two gave no answer, those both
    // found the error in, and those only Lore did.
    let mut beside_cbmc: BTreeMap<u32, (usize, usize, usize, usize, usize)> = BTreeMap::new();
    let mut finds_more_list: Vec<String> = Vec::new();
    let mut cbmc_spurious: Vec<String> = Vec::new();
    for (i, outcome) in outcomes {
        let case = cases.iter().find(|c| c.index == *i).expect("a case");
        match outcome {
            Outcome::Dropped(why, _) => *dropped.entry(why).or_default() += 1,
            Outcome::Tested {
                true_variant,
                false_variant,
                combinations,
                features: f,
                lore_seconds,
                bounded,
            } => {
                for b in bounded {
                    let (bound, lore, cbmc) = b;
                    let counts = beside_cbmc.entry(*bound).or_insert((0, 0, 0, 0, 0));
                    counts.0 += 1;
                    if lore == "FALSE" && cbmc == "FALSE" {
                        counts.3 += 1;
                    }
                    if finds_more(b) {
                        counts.4 += 1;
                        finds_more_list.push(format!(
                            "#{} {} (--unwind {bound})",
                            case.index,
                            case.name()
                        ));
                    } else if cbmc == "FALSE-spurious" {
                        counts.2 += 1;
                        cbmc_spurious.push(format!(
                            "#{} {} (--unwind {bound}, Lore {lore})",
                            case.index,
                            case.name()
                        ));
                    } else if disagrees(b) {
                        counts.1 += 1;
                        failures.push(format!(
                            "#{} {} (bounded, --unwind {bound}): Lore {lore}, CBMC {cbmc}",
                            case.index,
                            case.name()
                        ));
                    } else if lore != cbmc {
                        counts.2 += 1;
                    }
                }
                let row = rows.entry((case.source, case.lp64)).or_default();
                row.programs += 1;
                row.combinations += combinations;
                row.lore_seconds += lore_seconds;
                for feature in f {
                    *features.entry(feature).or_default() += 1;
                }
                for (j, is_true) in [(true_variant, true), (false_variant, false)] {
                    match j {
                        Judgement::Right if is_true => row.true_right += 1,
                        Judgement::Right => row.false_right += 1,
                        Judgement::Unknown(reason) => {
                            if is_true {
                                row.true_unknown += 1
                            } else {
                                row.false_unknown += 1
                            }
                            let short: String = reason.chars().take(70).collect();
                            *unknown_reasons.entry(short).or_default() += 1;
                        }
                        Judgement::TimedOut => row.timeouts += 1,
                        Judgement::Wrong if is_true => row.wrong_false += 1,
                        Judgement::Wrong => row.wrong_true += 1,
                        Judgement::Internal(_) => row.internal += 1,
                        Judgement::Rejected(_) => row.rejected += 1,
                    }
                    if matches!(
                        j,
                        Judgement::Wrong | Judgement::Internal(_) | Judgement::Rejected(_)
                    ) {
                        failures.push(format!(
                            "#{} {} ({} variant): {j:?}",
                            case.index,
                            case.name(),
                            if is_true { "TRUE" } else { "FALSE" }
                        ));
                    }
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "\nDifferential testing: {} programs, seed {}, {:.0} s ({} jobs)\n",
        o.programs, o.seed, seconds, o.jobs
    );
    let _ = writeln!(
        out,
        "| source | model | programs | input runs | TRUE variant: TRUE / UNKNOWN | FALSE variant: FALSE / UNKNOWN | time-outs | wrong FALSE | wrong TRUE | internal errors | rejected | Lore s |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut total = Row::default();
    for ((source, lp64), r) in &rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} / {} | {} / {} | {} | {} | {} | {} | {} | {:.0} |",
            match source {
                Source::Generated => "generated",
                Source::Csmith => "Csmith",
            },
            if *lp64 { "LP64" } else { "ILP32" },
            r.programs,
            r.combinations,
            r.true_right,
            r.true_unknown,
            r.false_right,
            r.false_unknown,
            r.timeouts,
            r.wrong_false,
            r.wrong_true,
            r.internal,
            r.rejected,
            r.lore_seconds
        );
        total.programs += r.programs;
        total.wrong_false += r.wrong_false;
        total.wrong_true += r.wrong_true;
        total.internal += r.internal;
        total.rejected += r.rejected;
        total.timeouts += r.timeouts;
        total.true_unknown += r.true_unknown;
        total.false_unknown += r.false_unknown;
    }
    let _ = writeln!(
        out,
        "\ntested {} programs ({} runs of lore verify); dropped {}: {}",
        total.programs,
        2 * total.programs,
        dropped.values().sum::<usize>(),
        dropped
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if !features.is_empty() {
        let _ = writeln!(
            out,
            "constructs (programs containing each): {}",
            features
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if !unknown_reasons.is_empty() {
        let _ = writeln!(out, "UNKNOWN reasons:");
        for (reason, n) in &unknown_reasons {
            let _ = writeln!(out, "  {n:5}  {reason}");
        }
    }
    for f in &failures {
        let _ = writeln!(out, "FAIL {f}");
    }
    if !failures.is_empty() {
        let _ = writeln!(
            out,
            "programs kept in {}; `--seed {} --programs {} --only N` tests program #N again",
            o.keep.display(),
            o.seed,
            o.programs
        );
    }
    for (bound, (compared, disagreed, unanswered, both_false, more)) in &beside_cbmc {
        let _ = writeln!(
            out,
            "bounded answers beside CBMC 6.6 at --unwind {bound} (no unwinding assertions): {compared} programs ({both_false} FALSE for both), {disagreed} Lore TRUE where CBMC finds the error, {more} Lore FALSE (replayed) where CBMC's count cuts the error, {unanswered} without an answer from one of them or with a spurious CBMC trace"
        );
    }
    if !finds_more_list.is_empty() {
        let _ = writeln!(
            out,
            "errors Lore finds at a bound where CBMC's count of unwinding does not reach them: {}",
            finds_more_list.join(", ")
        );
    }
    if !cbmc_spurious.is_empty() {
        let _ = writeln!(
            out,
            "CBMC traces whose input gcc runs to the expected hash (CBMC wrong, kept with cbmc-N.txt): {}",
            cbmc_spurious.join(", ")
        );
    }
    let disagreements: usize = beside_cbmc.values().map(|c| c.1).sum();
    let failed =
        total.wrong_false + total.wrong_true + total.internal + total.rejected + disagreements > 0;
    let _ = writeln!(
        out,
        "{}: {} wrong verdicts, {} internal errors, {} rejected programs, {disagreements} bounded disagreements with CBMC",
        if failed { "FAILED" } else { "ok" },
        total.wrong_false + total.wrong_true,
        total.internal,
        total.rejected
    );
    print!("{out}");
    failed
}
