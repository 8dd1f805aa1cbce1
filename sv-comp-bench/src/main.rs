//! `sv-comp-bench`: benchmark checks over `../shared/benchmarks`, each
//! printing a table and failing (exit 1) when its acceptance condition fails.

mod learning;
mod lower;
mod task;

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
        Command::Lower { benchmarks, verbose } => lower::run(&benchmarks, verbose),
        Command::Learning { folder, json } => learning::run(&folder, json),
    }
}
