//! `lore`: the command line. The only crate that prints or decides exit codes.
//!
//! [`run`] takes the arguments and a [`Console`] and returns the exit code,
//! so the same code serves the binary and the tests.

mod agr;
mod heartbeat;
mod html;
mod json;
mod learn;
pub mod memory;
mod present;
mod report;
mod scenario;
mod show;
mod stats;
mod task;
mod transducer;
mod validate;
mod verify;
mod verify_html;
mod watchdog;
mod witness;

use clap::{Args, Parser, Subcommand};
use lore_frontend::types::DataModel;
use lore_frontend::{FrontendOptions, Loaded};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where output goes.
pub struct Console<'a> {
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
    /// Colour diagnostics (only on a terminal).
    pub color: bool,
}

/// Exit codes, stable for scripts.
pub mod exit {
    /// Success (and verdict TRUE or UNKNOWN).
    pub const OK: u8 = 0;
    /// Bad input: a missing file, a syntax or type error, an unsupported construct.
    pub const BAD_INPUT: u8 = 2;
    /// `check-language`: the automaton and the language disagree.
    pub const DISAGREE: u8 = 1;
    /// Verdict FALSE (BenchExec's convention).
    pub const FALSE: u8 = 10;
    /// An internal error (a broken invariant: a bug in Lore, reported on
    /// stderr). The same code as an uncaught Rust panic.
    pub const INTERNAL: u8 = 101;
}

#[derive(Parser)]
#[command(
    name = "lore",
    version,
    about = "Lore: a bounded model checker for C that learns the language of error"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check the assertions of a C program by bounded model checking.
    /// The last line is TRUE, FALSE(unreach-call) or UNKNOWN; exit code 10 for FALSE.
    Verify(verify::VerifyArgs),
    /// Learn the language of error: a small automaton over events (function
    /// entries, branch outcomes) that accepts exactly the event words of the
    /// executions failing the assertion, within the bounds.
    Learn(learn::LearnArgs),
    /// Explain a program: the automaton of its behaviour over the events,
    /// i.e. of the executions that reach the end of `main` (its return or
    /// `exit`). Same bounds, events and outputs as `learn`.
    Explain(learn::ExplainArgs),
    /// Compare two versions of a program: learn both over the same events
    /// and show what each does that the other does not, as automata with
    /// witness executions. Exit 0 when they behave the same within the
    /// bounds, 1 when not.
    Diff(scenario::DiffArgs),
    /// Check a merge (paper §5): the behaviour of MERGED that neither branch
    /// has, and the behaviour of each branch the merge lost. Exit 0 when
    /// there is none, 1 when there is.
    Merge(scenario::MergeArgs),
    /// Check an automaton against the language of error within (b, b_wl),
    /// independently of the learner: every failing word is enumerated and
    /// compared both ways. Exit 0 when they agree, 1 when not.
    CheckLanguage(learn::CheckLanguageArgs),
    /// Learn a symbolic transducer of a program that reads symbols and
    /// writes symbols (Sigma*): guards and output terms from the solver,
    /// every conjecture checked on all inputs up to a bound, then proved
    /// for every input length by k-induction where it can be.
    Transducer(transducer::TransducerArgs),
    /// Two communicating programs and a property (assume-guarantee-repair):
    /// does M1 || M2 satisfy P? Their automata are their CFGs; the
    /// composition is checked by the BMC, up to a bound, then for every
    /// number of steps by k-induction. Exit 0 when it holds (or no error is
    /// found), 10 with an error trace.
    Agr(agr::AgrArgs),
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
    /// The SSA equation for a bound (like CBMC's --show-vcc).
    Ssa {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        bound: verify::BoundArgs,
    },
    /// The CNF for a bound: statistics, or DIMACS with --dimacs.
    Cnf {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        bound: verify::BoundArgs,
        /// Print the formula in DIMACS for any SAT solver: satisfiable
        /// exactly when some check can fail within the bounds (the
        /// violation is the last unit clause); `c` lines map checks and
        /// SSA names to literals.
        #[arg(long)]
        dimacs: bool,
    },
}

#[derive(Args, Clone)]
pub struct InputArgs {
    /// The C file (`.c` is preprocessed; `.i` is read as it is); for
    /// `verify`, also an SV-COMP task file (`.yml`).
    pub file: PathBuf,
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

/// How C files are read.
#[derive(Args, Clone)]
pub struct FrontendArgs {
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

impl FrontendArgs {
    /// The data model `--32` or `--64` chose, if either was given.
    pub fn model_given(&self) -> Option<DataModel> {
        if self.lp64 {
            Some(DataModel::Lp64)
        } else if self.ilp32 {
            Some(DataModel::Ilp32)
        } else {
            None
        }
    }

    /// Reads C files in `model` (a task's data model).
    pub fn set_model(&mut self, model: DataModel) {
        self.lp64 = model == DataModel::Lp64;
        self.ilp32 = model == DataModel::Ilp32;
    }

    /// Adds an include directory (after those given).
    pub(crate) fn include(&mut self, dir: PathBuf) {
        self.includes.push(dir);
    }

    fn options(&self) -> FrontendOptions {
        let mut cpp_options: Vec<String> = self.defines.iter().map(|d| format!("-D{d}")).collect();
        cpp_options.extend(self.includes.iter().map(|i| format!("-I{}", i.display())));
        FrontendOptions {
            model: if self.lp64 {
                DataModel::Lp64
            } else {
                DataModel::Ilp32
            },
            cpp_options,
        }
    }
}

/// `--solver`'s value.
fn solver_kind(name: &str) -> Result<lore_bmc::solver::SolverKind, String> {
    use lore_bmc::solver::SolverKind;
    SolverKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = SolverKind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown solver `{name}` ({})", names.join(", "))
    })
}

/// A number of seconds (`--timeout`, `--shrink-time`, `--search-time`):
/// from 0 to 10^9
/// (a time `Duration` can hold; NaN and infinities are refused).
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1e9).contains(&v) => Ok(v),
        _ => Err(format!(
            "`{text}` is not a number of seconds (from 0 to 1e9)"
        )),
    }
}

/// Runs `lore` with `args` (the first is the program name); returns the exit code.
pub fn run(args: impl IntoIterator<Item = OsString>, console: &mut Console<'_>) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() {
                exit::BAD_INPUT
            } else {
                exit::OK
            };
            let text = if console.color {
                e.render().ansi().to_string()
            } else {
                e.render().to_string()
            };
            if e.use_stderr() {
                let _ = write!(console.err, "{text}");
            } else {
                let _ = write!(console.out, "{text}");
            }
            return code;
        }
    };
    // `lore show` takes an SV-COMP task (`.yml`) as `lore verify` does.
    let mut command = cli.command;
    let task = match &mut command {
        Command::Show(Show::Ssa { input, bound } | Show::Cnf { input, bound, .. }) => {
            task::read_task(input, bound, console)
        }
        Command::Show(Show::Cfg { input, .. } | Show::Loops { input }) => {
            task::task_input(input, console)
        }
        _ => Ok(None),
    };
    if let Err(code) = task {
        return code;
    }
    match command {
        Command::Show(Show::Cfg { input, function }) => show(&input, console, |program| {
            if let Some(name) = &function {
                if program.function_by_name(name).is_none() {
                    return Err(format!("no function named `{name}`"));
                }
            }
            Ok(lore_frontend::print::program_to_string(
                program,
                function.as_deref(),
            ))
        }),
        Command::Verify(args) => verify::run(&args, console),
        Command::Learn(args) => learn::run(&args, console),
        Command::Explain(args) => learn::explain(&args, console),
        Command::Diff(args) => scenario::diff(&args, console),
        Command::Merge(args) => scenario::merge(&args, console),
        Command::CheckLanguage(args) => learn::check_language(&args, console),
        Command::Transducer(args) => transducer::run(&args, console),
        Command::Agr(args) => agr::run(&args, console),
        Command::Show(Show::Ssa { input, bound }) => {
            show(&input, console, |program| show::show_ssa(program, &bound))
        }
        Command::Show(Show::Cnf {
            input,
            bound,
            dimacs,
        }) => show(&input, console, |program| {
            show::show_cnf(program, &bound, dimacs)
        }),
        Command::Show(Show::Loops { input }) => show(&input, console, |program| {
            Ok(lore_frontend::print::loops_to_string(program))
        }),
    }
}

/// Loads the input and prints its diagnostics.
fn load(input: &InputArgs, console: &mut Console<'_>) -> Result<Loaded, u8> {
    load_file(&input.file, &input.frontend, console)
}

/// Whether `file` can be opened; if not, says why (exit 2).
fn readable(file: &Path, console: &mut Console<'_>) -> Result<(), u8> {
    if let Err(e) = std::fs::File::open(file) {
        let why = if e.kind() == std::io::ErrorKind::NotFound {
            "no such file".to_string()
        } else {
            e.to_string()
        };
        let _ = writeln!(console.err, "error: cannot read {}: {why}", file.display());
        return Err(exit::BAD_INPUT);
    }
    Ok(())
}

/// Loads one C file and prints its diagnostics.
fn load_file(
    file: &Path,
    frontend: &FrontendArgs,
    console: &mut Console<'_>,
) -> Result<Loaded, u8> {
    readable(file, console)?;
    let loaded = lore_frontend::load(file, &frontend.options());
    for d in &loaded.diagnostics {
        if d.is_error() || frontend.warnings {
            let _ = write!(
                console.err,
                "{}",
                report::render(d, &loaded.sources, console.color)
            );
        }
    }
    Ok(loaded)
}

fn show(
    input: &InputArgs,
    console: &mut Console<'_>,
    render: impl Fn(&lore_frontend::ir::Program) -> Result<String, String>,
) -> u8 {
    let loaded = match load(input, console) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(program) = &loaded.program else {
        return exit::BAD_INPUT;
    };
    match render(program) {
        Ok(text) => {
            let _ = write!(console.out, "{text}");
        }
        Err(message) => {
            let _ = writeln!(console.err, "error: {message}");
            return exit::BAD_INPUT;
        }
    }
    // Unsupported constructs are shown in the CFG, and still make this bad input.
    if loaded.has_errors() {
        exit::BAD_INPUT
    } else {
        exit::OK
    }
}
