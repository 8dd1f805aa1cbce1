//! `sv-comp-bench induction-fuzz`: differential testing of Lore's proofs
//! by k-induction and loop summaries.
//!
//! Each generated program has one loop, two loops one after the other, or
//! a loop inside another, whose assertion (inside or after the loops)
//! holds by an invariant of the loops — counters that move together, a
//! saturating accumulator, a linear relation, up-then-down, an inner loop
//! started at the outer counter — and, half of the time, a perturbation
//! that breaks it at one iteration deeper than the bound under test
//! (`if (i == 7) a = a + 1;`). Its input `n` is
//! small (at most `N_MAX`), so bounded model checking at `DEEP` with
//! unwinding assertions settles it completely: that is the ground truth
//! (a FALSE there is a replayed counterexample; a TRUE covers every
//! execution). Lore then verifies it at a bound too small for its loops
//! (`--unwind 3`), where only a proof by k-induction or summaries can give
//! TRUE. A TRUE where the truth is FALSE is a wrong proof; a FALSE where
//! it is TRUE a wrong counterexample. Runs are seeded.

use crate::difftest::run::run;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// Largest value of the input `n`.
const N_MAX: i64 = 12;
/// The bound of the ground truth: every loop finishes within it.
const DEEP: u32 = 30;
/// The bound of the run under test.
const SHALLOW: u32 = 3;

pub struct Options {
    pub programs: usize,
    pub seed: u64,
    pub lore: PathBuf,
    pub jobs: usize,
    pub timeout: f64,
    /// Where programs with a wrong answer are kept.
    pub keep: PathBuf,
    pub verbose: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    True,
    False,
    Unknown,
    Error,
}

fn verdict(lore: &Path, file: &Path, args: &[&str], timeout: f64) -> (Verdict, String) {
    let mut cmd = Command::new(lore);
    cmd.arg("verify").arg(file).args(args);
    cmd.arg("--timeout").arg(timeout.to_string());
    match run(cmd, "", Duration::from_secs_f64(timeout + 10.0)) {
        Ok(r) => {
            let last = r.stdout.lines().last().unwrap_or("").trim().to_string();
            let v = match last.as_str() {
                "TRUE" => Verdict::True,
                l if l.starts_with("FALSE") => Verdict::False,
                "UNKNOWN" => Verdict::Unknown,
                _ => Verdict::Error,
            };
            (v, format!("{}{}", r.stdout, r.stderr))
        }
        Err(e) => (Verdict::Error, e.to_string()),
    }
}

/// Program `index` of `seed`: a family whose assertion holds by an
/// invariant of its loops, half of the time with a perturbation that
/// breaks it at one iteration deeper than the bound under test.
pub fn program(seed: u64, index: usize) -> String {
    let mut rng = crate::difftest::generate_rng(seed ^ 0x6b69_6e64_7563_7469, index);
    let ty = if rng.below(3) == 0 { "unsigned" } else { "int" };
    let c0 = rng.range(0, 3);
    let deep = rng.range(i64::from(SHALLOW) + 1, N_MAX - 1);
    let perturb = rng.below(2) == 0;
    // A perturbation fires at iteration `deep` of the loop over `counter`.
    let bug = |counter: &str, what: &str| {
        if perturb {
            format!("if ({counter} == {deep}) {what}")
        } else {
            String::new()
        }
    };
    let mut p = String::new();
    p.push_str(
        "extern void reach_error(void);\n\
         extern int __VERIFIER_nondet_int(void);\n\
         void __VERIFIER_assert(int c) { if (!c) reach_error(); }\n\
         int main(void) {\n",
    );
    let _ = writeln!(p, "  int n = __VERIFIER_nondet_int();");
    let _ = writeln!(p, "  if (n < 0 || n > {N_MAX}) return 0;");
    let _ = writeln!(p, "  {ty} a = {c0}, b = {c0};");
    let inside = rng.below(2) == 0;
    match rng.below(5) {
        // Two counters that move together.
        0 => {
            let step = match rng.below(3) {
                0 => "a++; b++;",
                1 => "if (__VERIFIER_nondet_int()) { a++; b++; }",
                // A local of the loop's body, read in the loop.
                _ => "int t = a + 1; a = t; b = b + 1;",
            };
            let check = if inside {
                "    __VERIFIER_assert(a == b);\n"
            } else {
                ""
            };
            let _ = write!(
                p,
                "  for (int i = 0; i < n; i++) {{\n{check}    {step}\n    {}\n  }}\n",
                bug("i", "a = a + 1;")
            );
            let _ = writeln!(p, "  __VERIFIER_assert(a == b);");
        }
        // A saturating accumulator.
        1 => {
            let cap = rng.range(2, 6);
            let check = if inside {
                format!("    __VERIFIER_assert(a <= {cap} + {c0});\n")
            } else {
                String::new()
            };
            let _ = write!(
                p,
                "  int i = 0;\n  while (i < n) {{\n{check}    if (a < {cap} + {c0}) a = a + 1;\n    {}\n    i++;\n  }}\n",
                bug("i", "a = a + 7;")
            );
            let _ = writeln!(p, "  __VERIFIER_assert(a <= {cap} + {c0});");
        }
        // a grows twice as fast as b.
        2 => {
            let _ = write!(
                p,
                "  for (int i = 0; i < n; i++) {{\n    a = a + 2; b = b + 1;\n    {}\n  }}\n",
                bug("i", "b = b + 1;")
            );
            let _ = writeln!(p, "  __VERIFIER_assert(a - {c0} == 2 * (b - {c0}));");
        }
        // Up, then down again (two loops).
        3 => {
            let _ = write!(
                p,
                "  int i = 0;\n  while (i < n) {{\n    i++; a++;\n    {}\n  }}\n",
                bug("i", "a--;")
            );
            let check = if inside {
                format!("    __VERIFIER_assert(a > {c0});\n")
            } else {
                String::new()
            };
            let _ = write!(
                p,
                "  int j = n;\n  while (j > 0) {{\n{check}    j--; a--;\n  }}\n"
            );
            let _ = writeln!(p, "  __VERIFIER_assert(a == {c0});");
        }
        // A loop inside a loop: the inner one starts at the outer's counter.
        _ => {
            let check = if inside {
                "      __VERIFIER_assert(i >= k);\n"
            } else {
                ""
            };
            let _ = write!(
                p,
                "  for (int k = 0; k < n; k++) {{\n    for (int i = k; i < n; i++) {{\n{check}      a++;\n    }}\n    b = b + n - k;\n    {}\n  }}\n",
                bug("k", "b++;")
            );
            let _ = writeln!(p, "  __VERIFIER_assert(a == b);");
        }
    }
    p.push_str("  return 0;\n}\n");
    p
}

pub fn main(o: &Options) -> ExitCode {
    // A private folder (random name, mode 0700) for the programs, removed
    // when dropped.
    let folder = match crate::temp::private_folder("induction-fuzz") {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: a temporary folder: {e}");
            return ExitCode::from(2);
        }
    };
    let dir = folder.path().to_path_buf();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.jobs.max(1))
        .build()
        .expect("a thread pool");
    let deep = format!("{DEEP}");
    let shallow = format!("{SHALLOW}");
    let results: Vec<(usize, Verdict, Verdict, String)> = pool.install(|| {
        (0..o.programs)
            .into_par_iter()
            .map(|i| {
                let text = program(o.seed, i);
                let file = dir.join(format!("p{i}.c"));
                if std::fs::write(&file, &text).is_err() {
                    return (i, Verdict::Error, Verdict::Error, "cannot write".into());
                }
                let (truth, _) = verdict(
                    &o.lore,
                    &file,
                    &[
                        "--unwind",
                        &deep,
                        "--unwinding-assertions",
                        "--no-k-induction",
                    ],
                    o.timeout,
                );
                let (proof, out) = verdict(
                    &o.lore,
                    &file,
                    &[
                        "--unwind",
                        &shallow,
                        "--unwinding-assertions",
                        "--k-induction",
                    ],
                    o.timeout,
                );
                let how = out
                    .lines()
                    .find(|l| l.starts_with("k-induction:"))
                    .unwrap_or("")
                    .to_string();
                (i, truth, proof, how)
            })
            .collect()
    });
    let mut table: std::collections::BTreeMap<(Verdict, Verdict), usize> = Default::default();
    let mut wrong = 0;
    let (mut by_step, mut by_summaries) = (0, 0);
    for (i, truth, proof, how) in &results {
        *table.entry((*truth, *proof)).or_default() += 1;
        if *proof == Verdict::True && *truth == Verdict::True {
            if how.contains("replaced by") {
                by_summaries += 1;
            } else if how.contains("step case") {
                by_step += 1;
            }
        }
        let bad = matches!(
            (truth, proof),
            (Verdict::False, Verdict::True) | (Verdict::True, Verdict::False) | (_, Verdict::Error)
        );
        if o.verbose || bad {
            println!("program {i}: truth {truth:?}, at bound {SHALLOW} {proof:?} {how}");
        }
        if bad {
            wrong += 1;
            let _ = std::fs::create_dir_all(&o.keep);
            let _ = std::fs::copy(dir.join(format!("p{i}.c")), o.keep.join(format!("p{i}.c")));
        }
    }
    drop(folder);
    println!(
        "{} programs (seed {}): truth by bounded model checking at {DEEP} (n <= {N_MAX}), Lore at bound {SHALLOW} with k-induction",
        o.programs, o.seed
    );
    println!("{:<10} {:<10} {:>6}", "truth", "lore", "count");
    for ((t, p), n) in &table {
        println!("{:<10} {:<10} {n:>6}", format!("{t:?}"), format!("{p:?}"));
    }
    println!(
        "proved: {by_step} by a step case, {by_summaries} by loop summaries; wrong or error: {wrong}"
    );
    if wrong > 0 {
        println!("programs with a wrong answer kept in {}", o.keep.display());
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
