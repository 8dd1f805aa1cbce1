//! `lore`: the command line. The only place that prints or exits.

mod report;

use clap::{Args, Parser, Subcommand};
use lore_frontend::types::DataModel;
use lore_frontend::{FrontendOptions, Loaded};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit codes, stable for scripts.
mod exit {
    /// Success (and verdict TRUE or UNKNOWN).
    pub const OK: u8 = 0;
    /// Bad input: a missing file, a syntax or type error, an unsupported construct.
    pub const BAD_INPUT: u8 = 2;
}

#[derive(Parser)]
#[command(name = "lore", version, about = "Lore: a bounded model checker for C that learns the language of error")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print a stage of the pipeline.
    #[command(subcommand)]
    Show(Show),
}

#[derive(Subcommand)]
enum Show {
    /// The CFG IR of a C file: typed, side-effect-free, conversions explicit.
    Cfg {
        #[command(flatten)]
        input: InputArgs,
        /// Only this function.
        #[arg(long)]
        function: Option<String>,
    },
    /// The loops of a C file, with the names `--unwindset` uses.
    Loops {
        #[command(flatten)]
        input: InputArgs,
    },
}

#[derive(Args)]
struct InputArgs {
    /// The C file (`.c` is preprocessed; `.i` is read as it is).
    file: PathBuf,
    /// ILP32 data model: int, long and pointers are 32 bits (the default).
    #[arg(long = "32", conflicts_with = "lp64")]
    ilp32: bool,
    /// LP64 data model: long and pointers are 64 bits.
    #[arg(long = "64")]
    lp64: bool,
    /// A preprocessor definition, `NAME` or `NAME=VALUE`.
    #[arg(short = 'D', value_name = "MACRO")]
    defines: Vec<String>,
    /// An include directory.
    #[arg(short = 'I', value_name = "DIR")]
    includes: Vec<PathBuf>,
    /// Show warnings as well as errors.
    #[arg(long)]
    warnings: bool,
}

impl InputArgs {
    fn options(&self) -> FrontendOptions {
        let mut cpp_options: Vec<String> = self.defines.iter().map(|d| format!("-D{d}")).collect();
        cpp_options.extend(self.includes.iter().map(|i| format!("-I{}", i.display())));
        FrontendOptions { model: if self.lp64 { DataModel::Lp64 } else { DataModel::Ilp32 }, cpp_options }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Show(Show::Cfg { input, function }) => show(&input, |program| {
            if let Some(name) = &function {
                if program.function_by_name(name).is_none() {
                    return Err(format!("no function named `{name}`"));
                }
            }
            Ok(lore_frontend::print::program_to_string(program, function.as_deref()))
        }),
        Command::Show(Show::Loops { input }) => show(&input, |program| Ok(lore_frontend::print::loops_to_string(program))),
    }
}

/// Loads the input; prints diagnostics. `None` when nothing can be shown.
fn load(input: &InputArgs) -> Result<Loaded, ExitCode> {
    if !input.file.exists() {
        eprintln!("error: cannot read {}: no such file", input.file.display());
        return Err(ExitCode::from(exit::BAD_INPUT));
    }
    if let Err(e) = std::fs::File::open(&input.file) {
        eprintln!("error: cannot read {}: {e}", input.file.display());
        return Err(ExitCode::from(exit::BAD_INPUT));
    }
    let loaded = lore_frontend::load(Path::new(&input.file), &input.options());
    report::print_all(&loaded.diagnostics, &loaded.sources, input.warnings);
    Ok(loaded)
}

fn show(input: &InputArgs, render: impl Fn(&lore_frontend::ir::Program) -> Result<String, String>) -> ExitCode {
    let loaded = match load(input) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(program) = &loaded.program else { return ExitCode::from(exit::BAD_INPUT) };
    match render(program) {
        Ok(text) => print!("{text}"),
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(exit::BAD_INPUT);
        }
    }
    // Unsupported constructs are shown in the CFG, and still make this bad input.
    if loaded.has_errors() {
        ExitCode::from(exit::BAD_INPUT)
    } else {
        ExitCode::from(exit::OK)
    }
}
