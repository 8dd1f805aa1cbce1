//! `sv-comp-bench scaling`: Lore and CBMC side by side as the unwinding
//! bound grows — CNF variables and clauses, time and peak memory of both,
//! and the ratios per bound — on every program of the paper's benchmarks
//! (`_Learn_assert(c)` given to CBMC as `__CPROVER_assert(c, "")` — a macro,
//! or where the program declares `_Learn_assert` a definition in a second
//! file written under `target/scaling` — with bounded semantics) and on SV-COMP tasks with deep loops (with unwinding
//! assertions, for both). For each program the bound goes 1, 2, 3, … until
//! CBMC needs more than the limit (or `--max-unwind`). Without CBMC's
//! binary, Lore alone is printed.
//!
//! The check: Lore's verdict never contradicts CBMC's (a FALSE against a
//! TRUE), and Lore answers within the limit wherever CBMC does. The ratios
//! are printed, not asserted: they are the goal of issue 13, measured.

use crate::measure::{self, Measured};
use crate::task::Task;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// SV-COMP tasks of `../shared/benchmarks/sv-comp` whose loops run longer
/// than small bounds (arrays, lists, nonlinear and nested loops).
pub const DEEP_TASKS: [&str; 12] = [
    "c/array-cav19/array_doub_access_init_const",
    "c/array-cav19/array_tripl_access_init_const",
    "c/array-examples/sanfoundry_24-1",
    "c/bitvector/gcd_2",
    "c/list-simple/sll2n_append_equal",
    "c/locks/test_locks_14-1",
    "c/loop-acceleration/array_1-2",
    "c/loop-acceleration/nested_1-1",
    "c/loop-acceleration/phases_1-2",
    "c/loop-invgen/nest-if3",
    "c/loop-lit/gsv2008",
    "c/loops/n.c24",
];

pub struct ScalingOptions {
    pub paper: PathBuf,
    pub sv_comp: PathBuf,
    pub lore: PathBuf,
    pub cbmc: Option<PathBuf>,
    /// Seconds per run; the bound stops growing once CBMC needs more.
    pub limit: f64,
    pub max_unwind: u32,
    /// Only programs whose name contains one of these (all when empty).
    pub only: Vec<String>,
    /// Lore's SAT solver, when not its default.
    pub solver: Option<String>,
}

struct Program {
    name: String,
    file: PathBuf,
    lp64: bool,
    /// SV-COMP tasks: unwinding assertions for both tools.
    unwinding_assertions: bool,
}

/// One tool's run at one bound.
struct Run {
    verdict: String,
    variables: Option<u64>,
    clauses: Option<u64>,
    seconds: f64,
    mib: f64,
    timed_out: bool,
    /// Why the run gave no verdict (its exit code and last line on stderr).
    error: Option<String>,
}

fn programs(o: &ScalingOptions) -> Vec<Program> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&o.paper) {
        let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for dir in dirs {
            let Some(name) = dir.file_name().map(|n| n.to_string_lossy().into_owned()) else {
                continue;
            };
            let file = dir.join(format!("{name}.c"));
            if file.is_file() {
                out.push(Program {
                    name: format!("paper/{name}"),
                    file,
                    lp64: false,
                    unwinding_assertions: false,
                });
            }
        }
    }
    for name in DEEP_TASKS {
        let yml = o.sv_comp.join(format!("{name}.yml"));
        let Ok(task) = Task::read(&yml, &o.sv_comp) else {
            continue;
        };
        let Some(input) = task.input_files.first() else {
            continue;
        };
        out.push(Program {
            name: name.to_string(),
            file: input.clone(),
            lp64: task.data_model == "LP64",
            unwinding_assertions: true,
        });
    }
    out.retain(|p| o.only.is_empty() || o.only.iter().any(|s| p.name.contains(s.as_str())));
    out
}

fn lore_run(o: &ScalingOptions, p: &Program, k: u32) -> Result<Run, String> {
    let mut cmd = Command::new(&o.lore);
    cmd.arg("verify")
        .arg(&p.file)
        .arg(if p.lp64 { "--64" } else { "--32" })
        .args([
            "--unwind",
            &k.to_string(),
            "--no-k-induction",
            "--stats",
            "--json",
        ])
        .args(["--timeout", &o.limit.to_string()]);
    if p.unwinding_assertions {
        cmd.arg("--unwinding-assertions");
    }
    if let Some(solver) = &o.solver {
        cmd.args(["--solver", solver]);
    }
    let m = measure::run(&mut cmd, Duration::from_secs_f64(o.limit + 5.0))?;
    let json: Option<serde_json::Value> = serde_json::from_str(&m.stdout).ok();
    let field = |key: &str| json.as_ref().and_then(|j| j[key].as_u64());
    let verdict = json
        .as_ref()
        .and_then(|j| j["verdict"].as_str().map(str::to_string))
        .unwrap_or_else(|| verdict_of(&m, m.stdout.lines().last().unwrap_or("")));
    Ok(Run {
        verdict,
        variables: field("variables"),
        clauses: field("clauses"),
        seconds: m.seconds,
        mib: m.max_rss_kib as f64 / 1024.0,
        timed_out: m.timed_out,
        error: error_of(&m),
    })
}

fn cbmc_run(cbmc: &Path, o: &ScalingOptions, p: &Program, k: u32) -> Result<Run, String> {
    let mut cmd = Command::new(cbmc);
    cmd.arg(&p.file)
        .arg(if p.lp64 { "--64" } else { "--32" })
        .args([
            "--unwind",
            &k.to_string(),
            "--no-standard-checks",
            "--verbosity",
            "9",
        ]);
    let source = std::fs::read_to_string(&p.file).unwrap_or_default();
    if source.contains("void _Learn_assert(_Bool);") {
        // A declared function: a macro would rewrite the declaration too.
        let dir = Path::new("target/scaling");
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        let def = dir.join("learn_assert.c");
        std::fs::write(
            &def,
            "void _Learn_assert(_Bool c) { __CPROVER_assert(c, \"\"); }\n",
        )
        .map_err(|e| format!("cannot write {}: {e}", def.display()))?;
        cmd.arg(def);
    } else {
        cmd.arg("-D_Learn_assert(c)=__CPROVER_assert(c, \"\")");
    }
    // CBMC 6 checks the unwinding by default; Lore's bounded runs do not.
    cmd.arg(if p.unwinding_assertions {
        "--unwinding-assertions"
    } else {
        "--no-unwinding-assertions"
    });
    let m = measure::run(&mut cmd, Duration::from_secs_f64(o.limit))?;
    // "44412 variables, 141224 clauses", before each solver call: MiniSat's
    // count of the formula it holds. The first is the formula CBMC built;
    // later ones are smaller where MiniSat's preprocessing (variable
    // elimination) removed clauses during the calls before. The largest is
    // the formula as encoded, comparable with Lore's count (every clause
    // Lore gave its solver, none that CaDiCaL's preprocessing removed).
    let sizes = m
        .stdout
        .lines()
        .filter_map(|l| {
            let (v, rest) = l.split_once(" variables, ")?;
            let c = rest.strip_suffix(" clauses")?;
            Some((v.trim().parse().ok()?, c.trim().parse().ok()?))
        })
        .max_by_key(|&(v, c): &(u64, u64)| (c, v));
    let verdict = if m.stdout.contains("VERIFICATION SUCCESSFUL") {
        "TRUE".to_string()
    } else if m.stdout.contains("VERIFICATION FAILED") {
        // A failed unwinding assertion alone leaves the answer open.
        let real = m
            .stdout
            .lines()
            .any(|l| l.contains(": FAILURE") && !l.contains(".unwind."));
        if real { "FALSE" } else { "UNKNOWN" }.to_string()
    } else {
        verdict_of(&m, "")
    };
    Ok(Run {
        verdict,
        variables: sizes.map(|s: (u64, u64)| s.0),
        clauses: sizes.map(|s| s.1),
        seconds: m.seconds,
        mib: m.max_rss_kib as f64 / 1024.0,
        timed_out: m.timed_out,
        error: error_of(&m),
    })
}

/// A run that crashed or stopped with an error: its exit code and the last
/// line it wrote on stderr.
fn error_of(m: &Measured) -> Option<String> {
    let bad = match m.code {
        None => !m.timed_out,
        Some(code) => !matches!(code, 0 | 10),
    };
    bad.then(|| {
        format!(
            "exit {:?}: {}",
            m.code,
            m.stderr
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("")
        )
    })
}

fn verdict_of(m: &Measured, last: &str) -> String {
    if m.timed_out {
        "TIMEOUT".into()
    } else if last.starts_with("FALSE") {
        "FALSE".into()
    } else if last == "TRUE" || last == "UNKNOWN" {
        last.into()
    } else {
        "ERROR".into()
    }
}

fn ratio(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}", a / b),
        _ => "-".into(),
    }
}

fn count(n: Option<u64>) -> String {
    n.map_or("-".into(), |n| n.to_string())
}

fn solved(v: &str) -> bool {
    v == "TRUE" || v.starts_with("FALSE")
}

pub fn run(o: &ScalingOptions) -> ExitCode {
    let list = programs(o);
    if list.is_empty() {
        eprintln!(
            "error: no programs under {} or {}",
            o.paper.display(),
            o.sv_comp.display()
        );
        return ExitCode::FAILURE;
    }
    match &o.cbmc {
        Some(c) => println!(
            "Lore and CBMC ({}) side by side, one run after the other, limit {} s per run",
            c.display(),
            o.limit
        ),
        None => println!("Lore alone (no --cbmc given), limit {} s per run", o.limit),
    }
    println!(
        "{:<46} {:>3} {:>9} {:>9} {:>9} {:>9} {:>5} {:>5} {:>7} {:>7} {:>6} {:>7} {:>7} {:>6} {:>8} {:>8}",
        "program", "k", "vars L", "vars C", "clauses L", "clauses C", "v", "c", "time L", "time C", "time", "MiB L", "MiB C", "MiB", "verdict L", "verdict C"
    );
    let mut problems = Vec::new();
    // CBMC's own failures (such as more objects than its object bits
    // allow): reported, not Lore's problem; that program's bound stops.
    let mut cbmc_failures = Vec::new();
    let (mut sum_l, mut sum_c, mut rows_both) = (0.0, 0.0, 0);
    let mut over = [0usize; 4]; // variables, clauses, time, memory above CBMC's
    for p in &list {
        for k in 1..=o.max_unwind {
            let lore = match lore_run(o, p, k) {
                Ok(r) => r,
                Err(e) => {
                    problems.push(format!("{} k={k}: {e}", p.name));
                    break;
                }
            };
            let cbmc = match &o.cbmc {
                Some(c) => match cbmc_run(c, o, p, k) {
                    Ok(r) => Some(r),
                    Err(e) => {
                        problems.push(format!("{} k={k}: {e}", p.name));
                        break;
                    }
                },
                None => None,
            };
            let c = cbmc.as_ref();
            let f = |x: Option<u64>| x.map(|v| v as f64);
            println!(
                "{:<46} {:>3} {:>9} {:>9} {:>9} {:>9} {:>5} {:>5} {:>7.2} {:>7} {:>6} {:>7.1} {:>7} {:>6} {:>8} {:>8}",
                p.name,
                k,
                count(lore.variables),
                count(c.and_then(|c| c.variables)),
                count(lore.clauses),
                count(c.and_then(|c| c.clauses)),
                ratio(f(lore.variables), c.and_then(|c| f(c.variables))),
                ratio(f(lore.clauses), c.and_then(|c| f(c.clauses))),
                lore.seconds,
                c.map_or("-".into(), |c| format!("{:.2}", c.seconds)),
                ratio(Some(lore.seconds), c.map(|c| c.seconds)),
                lore.mib,
                c.map_or("-".into(), |c| format!("{:.1}", c.mib)),
                ratio(Some(lore.mib), c.map(|c| c.mib)),
                lore.verdict,
                c.map_or("-".to_string(), |c| c.verdict.clone()),
            );
            if let Some(e) = &lore.error {
                problems.push(format!("{} k={k}: Lore failed ({e})", p.name));
            }
            if let Some(e) = c.and_then(|c| c.error.as_ref()) {
                cbmc_failures.push(format!("{} k={k}: CBMC failed ({e})", p.name));
            }
            if let Some(c) = c {
                let contradicts = (lore.verdict.starts_with("FALSE") && c.verdict == "TRUE")
                    || (lore.verdict == "TRUE" && c.verdict.starts_with("FALSE"));
                if contradicts {
                    problems.push(format!(
                        "{} k={k}: Lore says {}, CBMC {}",
                        p.name, lore.verdict, c.verdict
                    ));
                }
                if solved(&c.verdict) && !solved(&lore.verdict) {
                    problems.push(format!(
                        "{} k={k}: CBMC answers {} in {:.2} s, Lore {}",
                        p.name, c.verdict, c.seconds, lore.verdict
                    ));
                }
                if !c.timed_out && !lore.timed_out && c.error.is_none() {
                    sum_l += lore.seconds;
                    sum_c += c.seconds;
                    rows_both += 1;
                    let above = |a: Option<u64>, b: Option<u64>| matches!((a, b), (Some(a), Some(b)) if a > b);
                    over[0] += above(lore.variables, c.variables) as usize;
                    over[1] += above(lore.clauses, c.clauses) as usize;
                    over[2] += (lore.seconds > c.seconds) as usize;
                    over[3] += (lore.mib > c.mib) as usize;
                }
                if c.timed_out || c.error.is_some() {
                    break;
                }
            } else if lore.timed_out {
                break;
            }
        }
    }
    if o.cbmc.is_some() {
        println!(
            "{rows_both} rows both finished: Lore {sum_l:.2} s, CBMC {sum_c:.2} s, ratio {}; Lore above CBMC in variables on {} rows, clauses on {}, time on {}, peak memory on {}",
            ratio(Some(sum_l), Some(sum_c)),
            over[0],
            over[1],
            over[2],
            over[3]
        );
    }
    for f in &cbmc_failures {
        println!("  {f} (that program's bound stops there)");
    }
    if problems.is_empty() {
        println!(
            "scaling benchmark: no contradiction with CBMC, and Lore answers wherever CBMC does"
        );
        ExitCode::SUCCESS
    } else {
        for p in &problems {
            println!("  {p}");
        }
        println!("scaling benchmark: FAILED ({} problems)", problems.len());
        ExitCode::FAILURE
    }
}
