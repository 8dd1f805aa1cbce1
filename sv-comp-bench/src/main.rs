//! `sv-comp-bench`: benchmark checks over `../shared/benchmarks`, each
//! printing a table and failing (exit 1) when its acceptance condition fails.

mod learning;
mod lower;
mod paper;
mod task;
mod verify;

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
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Lower {
            benchmarks,
            verbose,
        } => lower::run(&benchmarks, verbose),
        Command::Learning { folder, json } => learning::run(&folder, json),
        Command::Paper { folder, json } => paper::run(&folder, json),
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
        } => {
            let lore = lore.unwrap_or_else(|| {
                let me = std::env::current_exe().unwrap_or_default();
                me.with_file_name("lore")
            });
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
            })
        }
    }
}
