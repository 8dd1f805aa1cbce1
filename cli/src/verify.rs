//! `lore verify` (`show.rs` has `lore show ssa` and `lore show cnf`).
//! About 800 lines, one file: the command's flow from its arguments to its
//! exit code (task file, portfolio, replay, witnesses, report) reads in
//! order here; what renders lives in `stats.rs`, `witness.rs`, `report.rs`
//! and `verify_html.rs`.

use crate::{exit, load, Console, InputArgs};
use clap::Args;
use lore_bmc::check::Stage;
use lore_bmc::check::Verdict;
use lore_bmc::kinduction::Induction;
use lore_bmc::portfolio::{verify_portfolio, Portfolio};
use lore_bmc::symex::{CheckKind, SafetyKind, SymexOptions};
use lore_bmc::verify::Status;
use lore_frontend::ir::{Program, PropertyKind};
use lore_frontend::task::SvCompProperty;
use std::io::Write;
use std::time::Duration;

/// The bound used when none is given (with unwinding assertions).
const DEFAULT_UNWIND: u32 = 10;
/// Without --unwind, the bound doubles from `DEFAULT_UNWIND` up to this
/// (with --timeout; without, up to `MAX_DEEPENED_UNWIND_UNTIMED`) while
/// only unwinding keeps the answer open.
const MAX_DEEPENED_UNWIND: u32 = 2560;
const MAX_DEEPENED_UNWIND_UNTIMED: u32 = 40;

#[derive(Args, Clone)]
pub struct BoundArgs {
    /// Loops: with --unwind K a loop goes round at most K-1 times (its K-th
    /// jump back is where the bound cuts, as in CBMC: a K-th run of the body
    /// can only leave the loop); recursion: at most K
    /// nested recursive calls (as in CBMC). Paths that need more are cut (bounded semantics) unless
    /// --unwinding-assertions is given. Without --unwind, Lore uses K = 10
    /// and checks the unwinding, so it never claims TRUE for a cut path.
    #[arg(long, value_name = "K")]
    pub unwind: Option<u32>,
    /// Bounds for single loops or recursive functions: `main.0:5,f.1:3,g:2`
    /// (loop names from `lore show loops`; a function name bounds its
    /// recursion). May be repeated; for one name the last bound counts.
    /// A name that is not in the program is an error.
    #[arg(long, value_name = "LOOP:K,...")]
    pub unwindset: Vec<String>,
    /// Fail an unwinding property where the bound cuts a path (else: bounded semantics).
    #[arg(long)]
    pub unwinding_assertions: bool,
    /// Which properties: `all` assertions (the default; for a task file,
    /// `unreach-call`), an SV-COMP property — `unreach-call` (only calls of
    /// reach_error; other failed assertions end the run), `no-overflow`
    /// (signed overflow), `valid-memsafety` (pointer, bounds and memory
    /// leak checks), `valid-memcleanup` (every block freed at the end) —
    /// or its `.prp` file,
    /// or the name of one property (as `lore verify --show-properties`
    /// lists them; only it is checked).
    #[arg(long, value_name = "PROPERTY")]
    pub property: Option<String>,
    /// Also check array indices against the array's length.
    #[arg(long)]
    pub bounds_check: bool,
    /// Also check pointer dereferences (null, no object or outside it,
    /// freed memory) and `free` (invalid pointer, double free).
    #[arg(long)]
    pub pointer_check: bool,
    /// Also check divisions and remainders by zero.
    #[arg(long)]
    pub div_by_zero_check: bool,
    /// Also check arithmetic on signed integers for overflow.
    #[arg(long)]
    pub signed_overflow_check: bool,
    /// Also check shifts: a distance that is negative or not below the
    /// width of the promoted left operand, a negative value shifted left.
    #[arg(long)]
    pub undefined_shift_check: bool,
    /// CBMC 6's default checks: bounds, pointer, division by zero, signed
    /// overflow (`<<` included), undefined shift, and the unwinding
    /// assertions. Two of CBMC 6.6's defaults are not made: malloc may fail
    /// (Lore's malloc never fails, as SV-COMP's rules assume) and the
    /// pointer-primitive check.
    #[arg(long, conflicts_with = "no_standard_checks")]
    pub standard_checks: bool,
    /// Only the assertions (and the checks asked for one by one): Lore's
    /// default, accepted so that CBMC command lines run unchanged.
    #[arg(long)]
    pub no_standard_checks: bool,
    /// Also check, where the program ends (`main` returns or `exit` is
    /// called), that every heap block not freed is still reachable from a
    /// global through pointers (SV-COMP's valid-memtrack).
    #[arg(long)]
    pub memory_leak_check: bool,
    /// Also check that every heap block is freed where the program ends
    /// (SV-COMP's valid-memcleanup).
    #[arg(long)]
    pub memory_cleanup_check: bool,
    /// Not supported: Lore's malloc never fails, as SV-COMP's rules assume
    /// ("malloc and alloca always return a valid pointer"); given, Lore
    /// stops with this reason (exit 2). So does --malloc-fail-null.
    #[arg(long)]
    pub malloc_may_fail: bool,
    #[arg(long, hide = true)]
    pub malloc_fail_null: bool,
    /// The function to start from instead of `main` (CBMC's --function);
    /// its parameters are nondeterministic inputs.
    #[arg(long, value_name = "NAME")]
    pub function: Option<String>,
    /// The SAT solver: cadical (the default; a formula with floating-point
    /// arithmetic goes to MiniSat first, 20,000 conflicts a call, then to
    /// CaDiCaL), varisat (pure Rust) or minisat (MiniSat's core in Rust:
    /// the least memory on large formulas).
    #[arg(long, default_value = "cadical", value_name = "SOLVER", value_parser = crate::solver_kind)]
    pub solver: lore_bmc::solver::SolverKind,
    /// For a task file whose one property is checked while `--property`
    /// names a single check of it: that SV-COMP property (which checks
    /// exist).
    #[arg(skip)]
    pub task_property: Option<SvCompProperty>,
}

impl BoundArgs {
    pub fn options(&self) -> Result<SymexOptions, String> {
        if self.malloc_may_fail || self.malloc_fail_null {
            return Err("--malloc-may-fail and --malloc-fail-null are not supported: Lore's malloc never fails, as SV-COMP's rules assume".into());
        }
        let standard = self.standard_checks;
        let mut o = SymexOptions {
            unwind: self.unwind.unwrap_or(DEFAULT_UNWIND),
            unwinding_assertions: self.unwinding_assertions || self.unwind.is_none() || standard,
            bounds_check: self.bounds_check || standard,
            pointer_check: self.pointer_check || standard,
            div_by_zero_check: self.div_by_zero_check || standard,
            signed_overflow_check: self.signed_overflow_check || standard,
            undefined_shift_check: self.undefined_shift_check || standard,
            memory_leak_check: self.memory_leak_check,
            memory_cleanup_check: self.memory_cleanup_check,
            // Each property decided on its own, as CBMC does.
            checks_continue: true,
            solver: self.solver,
            ..SymexOptions::default()
        };
        for item in self.unwindset.iter().flat_map(|s| s.split(',')) {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let (name, k) = item
                .rsplit_once(':')
                .ok_or(format!("--unwindset: `{item}` is not LOOP:K"))?;
            let k: u32 = k
                .parse()
                .map_err(|_| format!("--unwindset: `{k}` in `{item}` is not a number"))?;
            o.unwind_set.insert(name.to_string(), k);
        }
        let all = vec![
            PropertyKind::UserAssertion,
            PropertyKind::ReachError,
            PropertyKind::LearnAssertion,
        ];
        match self.sv_comp_property()? {
            Some(p) => crate::task::apply(&mut o, p)?,
            None if self.task_property.is_some() => {
                crate::task::apply(&mut o, self.task_property.expect("a property"))?;
                o.only_check = self.property.clone();
            }
            None => match self.property.as_deref() {
                None | Some("all") => o.check_kinds = all,
                // One property by name; it is checked as under `all`.
                Some(name) => {
                    o.only_check = Some(name.to_string());
                    o.check_kinds = all;
                }
            },
        }
        Ok(o)
    }

    /// The SV-COMP property `--property` names (by name or `.prp` file).
    pub fn sv_comp_property(&self) -> Result<Option<SvCompProperty>, String> {
        let Some(named) = self.property.as_deref() else {
            return Ok(None);
        };
        if !named.ends_with(".prp") {
            return Ok(SvCompProperty::from_name(named));
        }
        let text =
            std::fs::read_to_string(named).map_err(|e| format!("cannot read {named}: {e}"))?;
        SvCompProperty::from_prp(&text).map(Some).ok_or(format!(
            "{named}: not an SV-COMP property Lore knows: `{}`",
            text.trim()
        ))
    }

    /// The program with the entry point `--function` names.
    pub fn with_entry(&self, program: &Program) -> Result<Program, String> {
        let mut program = program.clone();
        if let Some(name) = &self.function {
            let id = program
                .function_by_name(name)
                .filter(|&id| program.function(id).body.is_some())
                .ok_or(format!(
                    "--function: no function named `{name}` with a body"
                ))?;
            program.entry = Some(id);
        }
        Ok(program)
    }
}

#[derive(Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Further C files: not supported (Lore reads one translation unit);
    /// given, Lore stops with this reason (exit 2).
    #[arg(value_name = "MORE_FILES")]
    pub more_files: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub bound: BoundArgs,
    /// Print the result as one JSON object on stdout (schema
    /// `lore-verify/1` in docs/json.md); the verdict line goes to stderr.
    #[arg(long)]
    pub json: bool,
    /// Print, stage by stage, what the formula is made of and what it
    /// cost: SSA steps and terms, how each memory access was placed
    /// (direct, split over array elements, over the objects a pointer may
    /// reach), variables and clauses, solver calls, the time of each stage
    /// and the peak memory (with --json: a `stats` object).
    #[arg(long)]
    pub stats: bool,
    /// List the properties (name, location, description) without checking them.
    #[arg(long)]
    pub show_properties: bool,
    /// Print the trace of each failed property: Lore always does; accepted
    /// so that CBMC command lines run unchanged.
    #[arg(long)]
    pub trace: bool,
    /// Write a witness of the verdict: for FALSE a violation witness (the
    /// replayed counterexample's nondet values, branches and the failing
    /// statement), for TRUE a correctness witness; SV-COMP's format 2.0
    /// (YAML) unless --witness-format graphml.
    #[arg(long, value_name = "FILE")]
    pub witness: Option<std::path::PathBuf>,
    /// The witness format: `yaml` (SV-COMP format 2.0, the default) or
    /// `graphml` (format 1.0).
    #[arg(long, value_name = "FORMAT", default_value = "yaml")]
    pub witness_format: String,
    /// Check a correctness witness (format 2.0: loop invariants of main's
    /// loop statements) instead of verifying: each invariant must hold
    /// where its loop is entered and be kept by every iteration, and with
    /// the loops replaced by their invariants no check may fail (loops
    /// without one unwound at the bound, with unwinding assertions).
    /// Prints `witness: confirmed` and TRUE, or why not and UNKNOWN.
    #[arg(long, value_name = "FILE.yml", conflicts_with_all = ["witness", "harness"])]
    pub validate_witness: Option<std::path::PathBuf>,
    /// For FALSE, write a test harness: C definitions of the program's
    /// __VERIFIER_nondet_* functions returning the counterexample's values,
    /// so that `gcc prog.c harness.c && ./a.out` fails the same way.
    #[arg(long, value_name = "FILE.c")]
    pub harness: Option<std::path::PathBuf>,
    /// Where bounded model checking with unwinding assertions leaves loops
    /// of main unfinished (their unwinding assertions the only failing
    /// checks), Lore goes on to prove them: one loop by k-induction with k
    /// up to the bound − 1 (at most 32), several (in sequence or nested) by replacing
    /// each with its summary, both strengthened by invariants it finds.
    /// This is the default; the flag is accepted for clarity.
    #[arg(long, conflicts_with = "no_k_induction")]
    pub k_induction: bool,
    /// Bounded model checking only: no k-induction after an UNKNOWN.
    #[arg(long)]
    pub no_k_induction: bool,
    /// Also write the result as one self-contained HTML page: the source
    /// with each property and loop marked at its line, each counterexample
    /// stepped through on the source, the engine's stages (see --stats) and
    /// a proof's invariants.
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<std::path::PathBuf>,
    /// With --html: CBMC's `--json-ui` output for the same program and
    /// options, shown property by property beside Lore's results, every
    /// disagreement marked.
    #[arg(long, value_name = "FILE.json", requires = "html")]
    pub compare_cbmc: Option<std::path::PathBuf>,
    /// Give up after this many seconds (the verdict is UNKNOWN).
    #[arg(long, value_name = "SECONDS", value_parser = crate::seconds)]
    pub timeout: Option<f64>,
    /// Give up above this much memory, in MiB (the verdict is UNKNOWN).
    #[arg(long, value_name = "MIB")]
    pub memory_limit: Option<u64>,
}

/// Lore's verdict beside a task's expected one, as the verdict line and the
/// page say it.
fn agreement(ours: &str, expected: &str) -> &'static str {
    if ours == expected {
        "Lore agrees"
    } else if ours == "UNKNOWN" {
        "Lore does not know"
    } else {
        "Lore DISAGREES"
    }
}

/// Writes `--witness` and `--harness` for the verdict (nothing for UNKNOWN).
fn write_witnesses(
    args: &VerifyArgs,
    input: &crate::InputArgs,
    program: &Program,
    report: &lore_bmc::verify::Report,
    property: Option<SvCompProperty>,
    category: &str,
    invariants: &[(lore_frontend::source::Loc, String)],
) -> Result<(), String> {
    use crate::witness;
    if args.witness.is_none() && args.harness.is_none() {
        return Ok(());
    }
    let graphml = match args.witness_format.as_str() {
        "yaml" => false,
        "graphml" => true,
        other => return Err(format!("--witness-format `{other}` (yaml or graphml)")),
    };
    let text = std::fs::read(&input.file)
        .map_err(|e| format!("cannot read {}: {e}", input.file.display()))?;
    let category = match (&report.verdict, property) {
        (Verdict::False(_), _) => category,
        (_, Some(p)) => p.name(),
        _ => "unreach-call",
    };
    let subject = witness::Subject {
        program,
        sources: &program.sources,
        file: input.file.display().to_string(),
        text,
        specification: witness::specification(category),
        data_model: program.model,
    };
    let write = |path: &std::path::Path, text: String| {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    match &report.verdict {
        Verdict::False(name) => {
            let failed = report
                .properties
                .iter()
                .find(|p| &p.name == name)
                .ok_or(format!("no report of the failed property {name}"))?;
            let Status::Fails {
                waypoints, trace, ..
            } = &failed.status
            else {
                return Err(format!("{name} has no replayed counterexample"));
            };
            let function = trace.last().map_or("main", |s| s.function.as_str());
            if let Some(path) = &args.witness {
                let text = if graphml {
                    witness::violation_graphml(&subject, waypoints, failed.loc)
                } else {
                    witness::violation_yaml(&subject, waypoints, failed.loc, function)
                };
                write(path, text)?;
            }
            if let Some(path) = &args.harness {
                let text = witness::harness(
                    &subject,
                    waypoints,
                    &format!("FALSE({category})"),
                    &path.display().to_string(),
                )
                .map_err(|e| format!("no harness: {e}"))?;
                write(path, text)?;
            }
        }
        Verdict::True => {
            if let Some(path) = &args.witness {
                let text = if graphml {
                    witness::correctness_graphml(&subject)
                } else {
                    witness::correctness_yaml(&subject, invariants)
                };
                write(path, text)?;
            }
        }
        Verdict::Unknown(_) => {}
    }
    Ok(())
}

/// `--validate-witness`: the program with the witness's invariants at its
/// loops' heads, checked (`validate.rs`).
fn validate_witness(
    witness: &std::path::Path,
    input: &crate::InputArgs,
    bound: &BoundArgs,
    options: SymexOptions,
    console: &mut Console<'_>,
) -> u8 {
    use lore_bmc::kinduction::witness::Validation;
    let claims = match crate::validate::read_claims(witness) {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    };
    match crate::validate::check(input, bound, options, &claims, console) {
        Ok(Validation::Confirmed { loops }) => {
            let _ = writeln!(
                console.out,
                "witness: confirmed ({} invariant(s); loops {} replaced by their invariants, every check holds)\nTRUE",
                claims.len(),
                if loops.is_empty() { "none".to_string() } else { loops.join(", ") }
            );
            exit::OK
        }
        Ok(Validation::NotConfirmed { why, .. }) => {
            let _ = writeln!(console.out, "witness: not confirmed: {why}\nUNKNOWN");
            exit::OK
        }
        Err(code) => code,
    }
}

/// Ends the process with UNKNOWN when a limit is hit (the only place
/// besides `main` that exits: a limit must stop work in progress). The
/// memory limit is kept by the binary's allocator (`memory.rs`).
fn watchdog(timeout: Option<f64>, memory: Option<u64>) -> Option<crate::watchdog::Watchdog> {
    if let Some(mib) = memory {
        crate::memory::set_limit(mib);
    }
    let timeout = timeout?;
    let at = std::time::Instant::now() + Duration::from_secs_f64(timeout);
    Some(crate::watchdog::Watchdog::start(at, move || {
        let reason = format!("time limit of {timeout} s reached");
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "UNKNOWN reason: {reason}\nUNKNOWN");
        let _ = out.flush();
        std::process::exit(i32::from(exit::OK));
    }))
}

pub fn run(args: &VerifyArgs, console: &mut Console<'_>) -> u8 {
    if !args.more_files.is_empty() {
        let _ = writeln!(
            console.err,
            "error: Lore reads one C file (one translation unit), not {}; put the others in it, e.g. with #include \"other.c\"",
            1 + args.more_files.len()
        );
        return exit::BAD_INPUT;
    }
    let mut input = args.input.clone();
    let mut bound = args.bound.clone();
    let task = match crate::task::read_task(&mut input, &mut bound, console) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let (options, property) = match bound
        .options()
        .and_then(|o| Ok((o, bound.sv_comp_property()?)))
    {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let _watchdog = watchdog(args.timeout, args.memory_limit);
    if let Some(witness) = &args.validate_witness {
        return validate_witness(witness, &input, &bound, options, console);
    }
    let loaded = match load(&input, console) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(program) = &loaded.program else {
        return exit::BAD_INPUT;
    };
    let program = match bound.with_entry(program) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let program = &program;
    if args.show_properties {
        return show_properties(program, &options, console);
    }
    // Progress on stderr once a run takes a second: each stage as it ends,
    // and what it is doing whenever no line came for a few seconds.
    let start = std::time::Instant::now();
    let stage = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let heartbeat = {
        let stage = stage.clone();
        crate::heartbeat::Heartbeat::start(start, "", move || {
            let s = stage.load(std::sync::atomic::Ordering::Relaxed);
            crate::stats::STAGES[s.min(crate::stats::STAGES.len() - 1)].to_string()
        })
    };
    let err = &mut *console.err;
    let mut progress = |s: Stage<'_>| {
        let now = match s {
            Stage::Executed { .. } | Stage::Restarted => 1,
            Stage::Encoded { .. } | Stage::Checked { .. } => 2,
        };
        stage.store(now, std::sync::atomic::Ordering::Relaxed);
        let t = start.elapsed().as_secs_f64();
        if t < 1.0 {
            return;
        }
        let line = crate::stats::progress_line(s);
        let _ = writeln!(err, "[{t:7.1} s] {line}");
        heartbeat.printed();
    };
    // The portfolio: bounded model checking, then k-induction; without an
    // explicit --unwind, both again at twice the bound while time allows.
    let portfolio = Portfolio {
        k_induction: !args.no_k_induction,
        deepen_to: (bound.unwind.is_none() && !args.no_k_induction).then_some(
            if args.timeout.is_some() {
                MAX_DEEPENED_UNWIND
            } else {
                MAX_DEEPENED_UNWIND_UNTIMED
            },
        ),
        deadline: args
            .timeout
            .map(|t| (start, std::time::Duration::from_secs_f64(t))),
        memory: args.memory_limit.map(|mib| {
            let peak: fn() -> usize = crate::memory::peak;
            (peak, (mib as usize).saturating_mul(1 << 20))
        }),
        // A proof's invariants go into the correctness witness: searched
        // for first.
        plain_step_first: false,
        samples: Default::default(),
    };
    let outcome = verify_portfolio(program, &options, &portfolio, &mut progress);
    heartbeat.stop();
    let (report, induction, bounds) = match outcome {
        Ok(o) => (o.report, o.induction, o.bounds),
        Err(e) => {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let expected = task
        .as_ref()
        .zip(property)
        .and_then(|(t, p)| crate::task::expected(t, p));
    let sources = &program.sources;
    let category = falsified_category(&report);
    // The verdict as its last line prints it.
    let verdict = match &report.verdict {
        Verdict::True => "TRUE".to_string(),
        Verdict::False(_) => format!("FALSE({category})"),
        Verdict::Unknown(_) => "UNKNOWN".to_string(),
    };
    if let Some(path) = &args.html {
        // For a task: its file and the verdict it expects.
        let task_line = task.as_ref().map(|t| {
            let name = t.path.file_name().unwrap_or_default().to_string_lossy();
            match &expected {
                Some(e) => format!("task {name}: expected {e}; {}", agreement(&verdict, e)),
                None => format!("task {name}: no expected verdict for this property"),
            }
        });
        let written = crate::verify_html::write(
            path,
            args.compare_cbmc.as_deref(),
            program,
            &report,
            &options,
            induction.as_ref(),
            &bounds,
            (verdict.clone(), task_line),
        );
        if let Err(e) = written {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    }
    if args.json {
        let _ =
            write!(
                console.out,
                "{}",
                crate::json::render(
                    &crate::json::VerifyJson::new(&report, sources, category)
                        .with_task(task.as_ref(), property, expected.clone())
                        .with_induction(induction.as_ref())
                        .with_bounds(&bounds)
                        .with_stats(args.stats.then(|| crate::stats::StatsJson::new(
                            &report.encoding,
                            options.solver
                        )))
                )
            );
    } else {
        let _ = writeln!(console.out, "** Results:");
        for p in &report.properties {
            let status = match &p.status {
                Status::Holds => "SUCCESS".to_string(),
                Status::Fails { .. } => "FAILURE".to_string(),
                Status::Unknown(why) => format!("UNKNOWN ({why})"),
            };
            let _ = writeln!(
                console.out,
                "[{}] {} {}: {status}",
                p.name,
                sources.short(p.loc),
                p.description
            );
        }
        for p in &report.properties {
            if let Status::Fails { trace, .. } = &p.status {
                let _ = writeln!(console.out, "\nTrace for {}:", p.name);
                for step in trace {
                    let _ = writeln!(
                        console.out,
                        "  {:<28} {:<20} {}",
                        sources.short(step.loc).to_string(),
                        step.function,
                        step.text
                    );
                }
                let _ = writeln!(
                    console.out,
                    "  {:<28} {:<20} {} fails",
                    sources.short(p.loc).to_string(),
                    "",
                    p.description
                );
            }
        }
        if bounds.len() > 1 {
            let list: Vec<String> = bounds.iter().map(u32::to_string).collect();
            let _ = writeln!(
                console.out,
                "bounds tried (no --unwind given): {}",
                list.join(", ")
            );
        }
        match &induction {
            Some(Induction::Proved { loops, k, unwind }) => {
                let names: Vec<&str> = loops.iter().map(|l| l.name.as_str()).collect();
                let _ = if *k > 0 {
                    writeln!(
                        console.out,
                        "k-induction: every check holds: the base case at bound {unwind} and the step case with k = {k} for loop {}",
                        names.join(", ")
                    )
                } else {
                    writeln!(
                        console.out,
                        "k-induction: every check holds with {} {} replaced by {} invariants (any state where they hold, then one iteration or the exit), the rest at bound {unwind}",
                        if names.len() > 1 { "loops" } else { "loop" },
                        names.join(", "),
                        if names.len() > 1 { "their" } else { "its" }
                    )
                };
                for l in loops.iter().filter(|l| !l.invariants.is_empty()) {
                    let _ = writeln!(
                        console.out,
                        "  invariants of {} (x@entry: x where the loop was entered): {}",
                        l.name,
                        l.invariants.join(", ")
                    );
                }
            }
            Some(Induction::NotProved(why)) => {
                let _ = writeln!(console.out, "k-induction: no proof ({why})");
            }
            None => {}
        }
        let _ = writeln!(
            console.out,
            "\n{} variables, {} clauses, {} solver calls{}",
            report.encoding.variables,
            report.encoding.clauses,
            report.encoding.solver_calls,
            if report.bound_cut {
                "; some paths were cut by the unwinding bound"
            } else {
                ""
            }
        );
        if args.stats {
            let _ = write!(
                console.out,
                "{}",
                crate::stats::text(&report.encoding, options.solver, sources)
            );
        }
    }
    // A correctness witness carries the invariants that, checked as a
    // witness validator would, prove the program.
    let mut invariants = Vec::new();
    if matches!(report.verdict, Verdict::True)
        && args.witness.is_some()
        && args.witness_format == "yaml"
    {
        match crate::validate::witness_invariants(
            &input,
            &bound,
            &options,
            program,
            induction.as_ref(),
            console,
        ) {
            Ok((found, None)) => invariants = found,
            Ok((found, Some(why))) => {
                let _ = writeln!(
                    console.err,
                    "warning: the correctness witness is not confirmed by Lore's own check: {why}"
                );
                invariants = found;
            }
            Err(code) => return code,
        }
    }
    if let Err(e) = write_witnesses(
        args,
        &input,
        program,
        &report,
        property,
        category,
        &invariants,
    ) {
        let _ = writeln!(console.err, "error: {e}");
        return exit::BAD_INPUT;
    }
    // With --json, stdout holds only the JSON object.
    let verdict_out: &mut dyn Write = if args.json {
        &mut *console.err
    } else {
        &mut *console.out
    };
    if let (Some(expected), false) = (&expected, args.json) {
        let _ = writeln!(
            verdict_out,
            "expected verdict (from the task): {expected}; {}",
            agreement(&verdict, expected)
        );
    }
    match &report.verdict {
        Verdict::True => {
            let _ = writeln!(verdict_out, "TRUE");
            exit::OK
        }
        Verdict::False(_) => {
            let _ = writeln!(verdict_out, "FALSE({category})");
            exit::FALSE
        }
        Verdict::Unknown(why) => {
            let _ = writeln!(verdict_out, "UNKNOWN reason: {why}\nUNKNOWN");
            exit::OK
        }
    }
}

/// The SV-COMP property category of the property that failed (CBMC's
/// name where SV-COMP has none).
fn falsified_category(report: &lore_bmc::verify::Report) -> &'static str {
    let Verdict::False(name) = &report.verdict else {
        return "";
    };
    match report
        .properties
        .iter()
        .find(|p| &p.name == name)
        .map(|p| &p.kind)
    {
        Some(CheckKind::Safety { kind }) => match kind {
            SafetyKind::Overflow => "no-overflow",
            SafetyKind::ArrayBounds
            | SafetyKind::PointerNull
            | SafetyKind::PointerInvalid
            | SafetyKind::PointerFreed => "valid-deref",
            SafetyKind::PointerInvalidFree | SafetyKind::PointerDoubleFree => "valid-free",
            SafetyKind::DivisionByZero => "no-division-by-zero",
            SafetyKind::UndefinedShift => "undefined-shift",
            SafetyKind::MemoryLeak => "valid-memtrack",
            SafetyKind::MemoryCleanup => "valid-memcleanup",
        },
        _ => "unreach-call",
    }
}

/// `lore verify --show-properties`: every property symbolic execution
/// meets within the bounds, without solving.
fn show_properties(program: &Program, options: &SymexOptions, console: &mut Console<'_>) -> u8 {
    let symex = match lore_bmc::symex::execute(program, options) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    };
    for c in &symex.checks {
        let _ = writeln!(
            console.out,
            "[{}] {} {}",
            c.name,
            program.sources.short(c.loc),
            c.description
        );
    }
    exit::OK
}
