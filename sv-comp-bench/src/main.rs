//! `sv-comp-bench`: benchmark checks over `../shared/benchmarks`, each
//! printing a table and failing (exit 1) when its acceptance condition fails.

mod agr;
mod agr_protocols;
mod bound_search;
mod difftest;
mod induction_fuzz;
mod learning;
mod lower;
mod measure;
mod paper;
mod paper_cbmc;
mod sanitizers;
mod scaling;
mod task;
mod temp;
mod transducers;
mod verify;
mod witnesses;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "sv-comp-bench", about = "Lore's benchmark checks")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Lower every C file of the paper's benchmarks and every SV-COMP task input.
    Lower {
        /// The shared benchmark folder (containing `paper/` and `sv-comp/`).
        #[arg(default_value = "../shared/benchmarks")]
        benchmarks: PathBuf,
        /// Print each file's result.
        #[arg(long)]
        verbose: bool,
    },
    /// Run `lore verify` on every SV-COMP task and score the verdicts.
    Verify {
        /// The SV-COMP benchmark folder (task .yml files under it).
        #[arg(default_value = "../shared/benchmarks/sv-comp")]
        folder: PathBuf,
        /// The lore binary (default: next to this program).
        #[arg(long)]
        lore: Option<PathBuf>,
        #[arg(long, default_value_t = 10)]
        unwind: u32,
        #[arg(long)]
        unwinding_assertions: bool,
        /// Seconds per task.
        #[arg(long, default_value_t = 30.0)]
        timeout: f64,
        /// MiB per task.
        #[arg(long, default_value_t = 4096)]
        memory_limit: u64,
        /// CBMC's results (cbmc-6.6-unwind10.csv) to compare with.
        #[arg(long)]
        cbmc: Option<PathBuf>,
        #[arg(long)]
        json: Option<PathBuf>,
        /// Tasks run at once.
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Fail unless every task CBMC solves is solved.
        #[arg(long)]
        require_cbmc_parity: bool,
        /// With --cbmc: run Lore again with --stats on the N pairs slowest
        /// relative to CBMC and print where their time goes.
        #[arg(long, value_name = "N", default_value_t = 0)]
        stats_slowest: usize,
        /// Write each task's witness (and each FALSE's harness) into this
        /// folder, check the witnesses' format and run the harnesses with gcc.
        #[arg(long, value_name = "DIR")]
        witnesses: Option<PathBuf>,
        /// Bounded model checking only (Lore's --no-k-induction); by default
        /// Lore goes on with k-induction where unwinding is not enough.
        #[arg(long)]
        bmc_only: bool,
        /// Let Lore choose the bound (no --unwind given: it starts at 10 and
        /// doubles while only unwinding keeps the answer open and a quarter
        /// of the time limit is not spent).
        #[arg(long, conflicts_with = "bmc_only")]
        portfolio: bool,
        /// Lore's SAT solver (cadical or varisat; default: Lore's own).
        #[arg(long, value_name = "SOLVER")]
        solver: Option<String>,
        /// The properties to verify (repeatable): unreach-call,
        /// no-overflow, valid-memsafety, valid-memcleanup; by default every
        /// one of these a task lists with an expected verdict.
        #[arg(long = "property", value_name = "PROPERTY", value_parser = property_name)]
        properties: Vec<lore_frontend::task::SvCompProperty>,
        /// Expected verdicts Lore disputes (CSV: task, property, verdict,
        /// reason): rows where Lore gives that verdict are reported as
        /// disputed, not wrong.
        #[arg(long, value_name = "CSV")]
        disputed: Option<PathBuf>,
    },
    /// The paper's Table 1 (docking excepted): learn each row, check it
    /// against the enumerated language, compare with the paper, and measure
    /// the incremental teacher against a re-encoding baseline.
    Paper {
        /// The paper benchmark folder (TABLE1.md and one folder per target).
        #[arg(default_value = "../shared/benchmarks/paper")]
        folder: PathBuf,
        #[arg(long)]
        json: Option<PathBuf>,
        /// CBMC's binary: also learn every row with the paper's architecture
        /// (a CBMC run per query that reaches the solver, on the program
        /// instrumented for the query), check its answers against Lore's,
        /// and print Lore's speed-up.
        #[arg(long)]
        cbmc: Option<PathBuf>,
    },
    /// Differential testing of proofs by k-induction and loop summaries:
    /// generated loop programs, each settled by deep bounded model
    /// checking, verified at a bound too small for their loops.
    InductionFuzz {
        #[arg(long, default_value_t = 200)]
        programs: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The lore binary (default: next to this program).
        #[arg(long)]
        lore: Option<PathBuf>,
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Seconds per `lore verify` run.
        #[arg(long, default_value_t = 60.0)]
        timeout: f64,
        /// Where programs with a wrong answer are kept.
        #[arg(long, default_value = "target/induction-fuzz/failures")]
        keep: PathBuf,
        #[arg(long)]
        verbose: bool,
    },
    /// Differential testing: generated and Csmith programs, run natively by
    /// gcc (with the undefined-behaviour sanitizer) and verified by Lore in
    /// a TRUE and a FALSE variant; fails on any wrong verdict, internal
    /// error or rejected program.
    Difftest {
        /// How many programs.
        #[arg(long, default_value_t = 300)]
        programs: usize,
        /// The campaign's seed: program i of seed s is the same everywhere.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Percentage of programs taken from Csmith (if installed).
        #[arg(long, default_value_t = 30)]
        csmith_percent: u64,
        /// Data models, taken in turn: 32 (gcc -m32, lore --32), 64, or both.
        #[arg(long, default_value = "both", value_parser = ["32", "64", "both"])]
        model: String,
        /// The lore binary (default: next to this program).
        #[arg(long)]
        lore: Option<PathBuf>,
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Seconds per `lore verify` run.
        #[arg(long, default_value_t = 60.0)]
        timeout: f64,
        /// Where the programs of every disagreement are kept.
        #[arg(long, default_value = "target/difftest/failures")]
        keep: PathBuf,
        /// One line per program.
        #[arg(long)]
        verbose: bool,
        /// Test only program N of the campaign and keep its files.
        #[arg(long, value_name = "N")]
        only: Option<usize>,
        /// Test another SV-COMP property instead of the programs' values:
        /// no-overflow (truth: gcc's UBSan) or valid-memsafety (truth:
        /// AddressSanitizer, and valgrind's leak check).
        #[arg(long, value_parser = ["no-overflow", "valid-memsafety"])]
        property: Option<String>,
        /// CBMC's binary: the FALSE variant of every generated program is
        /// also verified by CBMC and by Lore at each `--cbmc-bounds` bound
        /// without unwinding assertions; the answers must agree.
        #[arg(long)]
        cbmc: Option<PathBuf>,
        #[arg(long, value_delimiter = ',', default_value = "2,3")]
        cbmc_bounds: Vec<u32>,
    },
    /// The automatic bound search (learn, diff, merge) against explicit
    /// bounds b = 1, 2, 3 on every paper program, example and case: a
    /// result claimed whole, or "the same" with no execution cut, must hold
    /// at every explicit bound.
    BoundSearch {
        /// The paper benchmark folder.
        #[arg(default_value = "../shared/benchmarks/paper")]
        paper: PathBuf,
        /// The test suite's cases (learn/, diff/, merge/).
        #[arg(long, default_value = "testsuite/cases")]
        cases: PathBuf,
        #[arg(long, default_value = "examples")]
        examples: PathBuf,
        /// The lore binary (default: next to this program).
        #[arg(long)]
        lore: Option<PathBuf>,
        /// Seconds per lore run.
        #[arg(long, default_value_t = 300.0)]
        timeout: f64,
    },
    /// Every bit-field type, width and position, laid out and read back by
    /// gcc and by Lore, in both data models (needs gcc -m32).
    Bitfields {
        /// The lore binary (default: next to this program).
        #[arg(long)]
        lore: Option<PathBuf>,
        /// Where the programs of a disagreement are kept.
        #[arg(long, default_value = "target/difftest/bitfields")]
        keep: PathBuf,
    },
    /// Lore and CBMC side by side as the unwinding bound grows: CNF size,
    /// time and peak memory of both, and their ratios, per program and
    /// bound (the paper's programs and SV-COMP tasks with deep loops).
    Scaling {
        #[arg(long, default_value = "../shared/benchmarks/paper")]
        paper: PathBuf,
        #[arg(long, default_value = "../shared/benchmarks/sv-comp")]
        sv_comp: PathBuf,
        #[arg(long)]
        lore: Option<PathBuf>,
        /// CBMC's binary; without it Lore alone is measured.
        #[arg(long)]
        cbmc: Option<PathBuf>,
        /// Seconds per run; a program's bound stops growing once CBMC
        /// needs more (or Lore, without CBMC).
        #[arg(long, default_value_t = 60.0)]
        limit: f64,
        #[arg(long, default_value_t = 12)]
        max_unwind: u32,
        /// Only the programs whose name contains this (repeatable).
        #[arg(long)]
        only: Vec<String>,
        /// Lore's SAT solver (`--solver` of lore), when not its default.
        #[arg(long)]
        solver: Option<String>,
    },
    /// Learn every target DFA with each algorithm and compare with AALpy.
    Learning {
        /// The learning benchmark folder (targets/ and aalpy_results.csv).
        #[arg(default_value = "../shared/benchmarks/learning")]
        folder: PathBuf,
        /// Also write the results as JSON.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// The Sigma* sanitizers of testsuite/cases/transducer, compiled with gcc
    /// and run on the test vectors of SANITIZERS.md.
    Sanitizers {
        /// The Sigma* benchmark folder (containing SANITIZERS.md).
        #[arg(default_value = "../shared/benchmarks/sigma-star")]
        folder: PathBuf,
    },
    /// Assume-guarantee-repair on every instance of
    /// testsuite/cases/agr/INSTANCES.tsv: verdict, repairs, sizes of M2,
    /// of the repaired M2 and of the assumption, queries, time, and the
    /// independent check.
    Agr {
        /// The folder with INSTANCES.tsv.
        #[arg(default_value = "testsuite/cases/agr")]
        folder: PathBuf,
        /// Scheduler steps checked before the proof.
        #[arg(long, default_value_t = 12)]
        bound: u32,
        /// Seconds per instance.
        #[arg(long, default_value_t = 60)]
        time: u64,
        /// Also generate the client/server protocols (every variant for
        /// each number of clients of --clients) into this folder and run them.
        #[arg(long)]
        protocols: Option<PathBuf>,
        /// Numbers of clients of the generated protocols.
        #[arg(long, value_delimiter = ',', default_values_t = [1usize, 2, 3, 4, 5, 6, 7, 8])]
        clients: Vec<usize>,
        /// Also run `lore agr --time-limit T` (this binary) for each T of
        /// --time-limits on the instance Lore has no answer for
        /// (alternating_bit): the wall-clock time must stay within 10 %.
        #[arg(long)]
        lore: Option<PathBuf>,
        /// The limits, in seconds, for --lore.
        #[arg(long, value_delimiter = ',', default_values_t = [10u64, 20])]
        time_limits: Vec<u64>,
    },
    /// Sigma*: learn a transducer of every sanitizer of
    /// testsuite/cases/transducer, check it bounded and for every input
    /// length, run it on the vectors of SANITIZERS.md and catch a mutant;
    /// one row per program beside the paper's Table 1.
    Transducers {
        /// The Sigma* benchmark folder (containing SANITIZERS.md).
        #[arg(default_value = "../shared/benchmarks/sigma-star")]
        folder: PathBuf,
        /// Conjectures are checked on every input of at most N symbols.
        #[arg(long, default_value_t = 6)]
        bound: u32,
        /// Seconds for learning one program.
        #[arg(long, default_value_t = 60)]
        time: u64,
        /// Seconds for the proof of one program.
        #[arg(long, default_value_t = 60)]
        proof_time: u64,
        /// Fail when fewer programs are learned and proved.
        #[arg(long, default_value_t = 0)]
        require_proved: usize,
        /// Only the programs whose name contains this.
        #[arg(long)]
        only: Option<String>,
        /// Also the other codings of each program
        /// (testsuite/cases/transducer/codings/<program>/<style>.c), with
        /// the spread of times per program.
        #[arg(long)]
        codings: bool,
        /// The most states a transducer may have before learning gives up
        /// (SnippetEscape 2010 needs 40).
        #[arg(long, default_value_t = lore_transducer::learn::Limits::default().max_states)]
        max_states: usize,
    },
}

/// A benchmark's last line: `ok`, or each problem as `FAIL ...` (and a
/// failing exit code for `.ci/run`).
pub fn verdict(problems: &[String]) -> ExitCode {
    if problems.is_empty() {
        println!("ok");
        ExitCode::SUCCESS
    } else {
        for p in problems {
            println!("FAIL {p}");
        }
        ExitCode::FAILURE
    }
}

fn lore_binary(given: Option<PathBuf>) -> PathBuf {
    given.unwrap_or_else(|| {
        let me = std::env::current_exe().unwrap_or_default();
        me.with_file_name("lore")
    })
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::BoundSearch {
            paper,
            cases,
            examples,
            lore,
            timeout,
        } => bound_search::run_all(&bound_search::Options {
            lore: lore_binary(lore),
            paper,
            cases,
            examples,
            timeout,
        }),
        Command::Bitfields { lore, keep } => {
            difftest::bitfields::run_all(&lore_binary(lore), &keep)
        }
        Command::Difftest {
            programs,
            seed,
            csmith_percent,
            model,
            lore,
            jobs,
            timeout,
            keep,
            verbose,
            only,
            property,
            cbmc,
            cbmc_bounds,
        } => {
            let options = difftest::Options {
                programs,
                seed,
                csmith_percent,
                models: match model.as_str() {
                    "32" => vec![false],
                    "64" => vec![true],
                    _ => vec![false, true],
                },
                lore: lore_binary(lore),
                jobs,
                timeout,
                keep,
                verbose,
                only,
                cbmc,
                cbmc_bounds,
            };
            match property.as_deref() {
                Some("no-overflow") => difftest::properties::run_campaign(
                    &options,
                    difftest::properties::Mode::NoOverflow,
                ),
                Some(_) => difftest::properties::run_campaign(
                    &options,
                    difftest::properties::Mode::MemSafety,
                ),
                None => difftest::run_campaign(&options),
            }
        }
        Command::InductionFuzz {
            programs,
            seed,
            lore,
            jobs,
            timeout,
            keep,
            verbose,
        } => induction_fuzz::main(&induction_fuzz::Options {
            programs,
            seed,
            lore: lore_binary(lore),
            jobs,
            timeout,
            keep,
            verbose,
        }),
        Command::Lower {
            benchmarks,
            verbose,
        } => lower::run(&benchmarks, verbose),
        Command::Scaling {
            paper,
            sv_comp,
            lore,
            cbmc,
            limit,
            max_unwind,
            only,
            solver,
        } => scaling::run(&scaling::ScalingOptions {
            paper,
            sv_comp,
            lore: lore_binary(lore),
            cbmc,
            limit,
            max_unwind,
            only,
            solver,
        }),
        Command::Learning { folder, json } => learning::run(&folder, json),
        Command::Sanitizers { folder } => sanitizers::run(&folder),
        Command::Transducers {
            folder,
            bound,
            time,
            proof_time,
            require_proved,
            only,
            codings,
            max_states,
        } => transducers::run(
            &folder,
            &transducers::Options {
                bound,
                time: std::time::Duration::from_secs(time),
                proof_time: std::time::Duration::from_secs(proof_time),
                require_proved,
                only,
                codings,
                max_states,
            },
        ),
        Command::Agr {
            folder,
            bound,
            time,
            protocols,
            clients,
            lore,
            time_limits,
        } => agr::run(
            &folder,
            protocols.as_deref(),
            &clients,
            bound,
            std::time::Duration::from_secs(time),
            lore.as_deref().map(|l| (l, time_limits.as_slice())),
        ),
        Command::Paper { folder, json, cbmc } => paper::run(&folder, json, cbmc.as_deref()),
        Command::Verify {
            folder,
            lore,
            unwind,
            unwinding_assertions,
            timeout,
            memory_limit,
            cbmc,
            json,
            jobs,
            require_cbmc_parity,
            stats_slowest,
            witnesses,
            bmc_only,
            portfolio,
            solver,
            properties,
            disputed,
        } => {
            if let Some(dir) = &witnesses {
                if let Err(e) = std::fs::create_dir_all(dir) {
                    eprintln!("error: cannot make {}: {e}", dir.display());
                    return ExitCode::FAILURE;
                }
            }
            let lore = lore_binary(lore);
            verify::run(&verify::VerifyOptions {
                root: folder,
                lore,
                unwind,
                unwinding_assertions,
                timeout,
                memory_mib: memory_limit,
                cbmc,
                json,
                jobs,
                require_cbmc_parity,
                stats_slowest,
                witnesses,
                bmc_only,
                portfolio,
                solver,
                properties: if properties.is_empty() {
                    verify::CHECKED.to_vec()
                } else {
                    properties
                },
                disputed,
            })
        }
    }
}

/// An SV-COMP property Lore checks, by its name.
fn property_name(name: &str) -> Result<lore_frontend::task::SvCompProperty, String> {
    lore_frontend::task::SvCompProperty::from_name(name)
        .filter(|p| verify::CHECKED.contains(p))
        .ok_or(format!(
            "`{name}`: one of unreach-call, no-overflow, valid-memsafety, valid-memcleanup"
        ))
}
