//! `lore verify`, `lore show ssa` and `lore show cnf`.

use crate::{exit, load, Console, InputArgs};
use clap::Args;
use lore_bmc::check::Verdict;
use lore_bmc::symex::{CheckKind, SymexOptions};
use lore_bmc::verify::{verify, Status};
use lore_frontend::ir::PropertyKind;
use std::io::Write;
use std::time::Duration;

/// The bound used when none is given (with unwinding assertions).
const DEFAULT_UNWIND: u32 = 10;

#[derive(Args, Clone)]
pub struct BoundArgs {
    /// Each loop body runs at most k-1 times; k nested recursive calls.
    /// Paths that need more are cut (bounded semantics) unless
    /// --unwinding-assertions is given. Without --unwind, Lore uses k = 10 and
    /// checks the unwinding, so it never claims TRUE for a cut path.
    #[arg(long, value_name = "K")]
    pub unwind: Option<u32>,
    /// Bounds for single loops: `main.0:5,f.1:3` (names from `lore show loops`).
    #[arg(long, value_name = "LOOP:K,...")]
    pub unwindset: Option<String>,
    /// Fail an unwinding property where the bound cuts a path (else: bounded semantics).
    #[arg(long)]
    pub unwinding_assertions: bool,
    /// Which properties: `all` assertions (the default), or `unreach-call`
    /// (SV-COMP: only calls of reach_error; other failed assertions end the run).
    /// A `.prp` file is read for its property.
    #[arg(long, default_value = "all")]
    pub property: String,
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
}

impl BoundArgs {
    pub fn options(&self) -> Result<SymexOptions, String> {
        let mut o = SymexOptions {
            unwind: self.unwind.unwrap_or(DEFAULT_UNWIND),
            unwinding_assertions: self.unwinding_assertions || self.unwind.is_none(),
            bounds_check: self.bounds_check,
            pointer_check: self.pointer_check,
            div_by_zero_check: self.div_by_zero_check,
            signed_overflow_check: self.signed_overflow_check,
            ..SymexOptions::default()
        };
        if let Some(set) = &self.unwindset {
            for item in set.split(',').filter(|s| !s.is_empty()) {
                let (name, k) = item
                    .rsplit_once(':')
                    .ok_or(format!("`{item}` is not LOOP:K"))?;
                let k: u32 = k.parse().map_err(|_| format!("`{k}` is not a number"))?;
                o.unwind_set.insert(name.to_string(), k);
            }
        }
        let property = if self.property.ends_with(".prp") {
            std::fs::read_to_string(&self.property)
                .map_err(|e| format!("cannot read {}: {e}", self.property))?
        } else {
            self.property.clone()
        };
        o.check_kinds = if property.contains("unreach-call") || property.contains("reach_error") {
            vec![PropertyKind::ReachError]
        } else if property == "all" {
            vec![
                PropertyKind::UserAssertion,
                PropertyKind::ReachError,
                PropertyKind::LearnAssertion,
            ]
        } else {
            return Err(format!(
                "unknown property `{property}` (use `all`, `unreach-call` or a .prp file)"
            ));
        };
        Ok(o)
    }
}

#[derive(Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub bound: BoundArgs,
    /// Print the result as JSON (the last line is still the verdict).
    #[arg(long)]
    pub json: bool,
    /// Give up after this many seconds (the verdict is UNKNOWN).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Give up above this much memory, in MiB (the verdict is UNKNOWN).
    #[arg(long, value_name = "MIB")]
    pub memory_limit: Option<u64>,
}

/// Ends the process with UNKNOWN when a limit is hit (the only place
/// besides `main` that exits: a limit must stop work in progress). The
/// memory limit is kept by the binary's allocator (`memory.rs`).
fn watchdog(timeout: Option<f64>, memory: Option<u64>) {
    if let Some(mib) = memory {
        crate::memory::set_limit(mib);
    }
    let Some(timeout) = timeout else {
        return;
    };
    let start = std::time::Instant::now();
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(50));
        if start.elapsed().as_secs_f64() > timeout {
            let reason = format!("time limit of {timeout} s reached");
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "UNKNOWN reason: {reason}\nUNKNOWN");
            let _ = out.flush();
            std::process::exit(i32::from(exit::OK));
        }
    });
}

pub fn run(args: &VerifyArgs, console: &mut Console<'_>) -> u8 {
    let options = match args.bound.options() {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    };
    watchdog(args.timeout, args.memory_limit);
    let loaded = match load(&args.input, console) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let Some(program) = &loaded.program else {
        return exit::BAD_INPUT;
    };
    let report = match verify(program, &options) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(console.err, "error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let sources = &program.sources;
    if args.json {
        let _ = writeln!(console.out, "{}", json(&report, sources));
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
    }
    match &report.verdict {
        Verdict::True => {
            let _ = writeln!(console.out, "TRUE");
            exit::OK
        }
        Verdict::False(name) => {
            // The SV-COMP property category of what failed.
            let category = match report
                .properties
                .iter()
                .find(|p| &p.name == name)
                .map(|p| &p.kind)
            {
                Some(CheckKind::Safety { kind: "overflow" }) => "no-overflow",
                Some(CheckKind::Safety {
                    kind: "array-bounds" | "pointer-null" | "pointer-invalid" | "pointer-freed",
                }) => "valid-deref",
                Some(CheckKind::Safety {
                    kind: "pointer-invalid-free" | "pointer-double-free",
                }) => "valid-free",
                Some(CheckKind::Safety {
                    kind: "division-by-zero",
                }) => "no-division-by-zero",
                _ => "unreach-call",
            };
            let _ = writeln!(console.out, "FALSE({category})");
            exit::FALSE
        }
        Verdict::Unknown(why) => {
            let _ = writeln!(console.out, "UNKNOWN reason: {why}\nUNKNOWN");
            exit::OK
        }
    }
}

use crate::json::escape;

fn json(report: &lore_bmc::verify::Report, sources: &lore_frontend::source::SourceMap) -> String {
    let verdict = match &report.verdict {
        Verdict::True => "\"TRUE\"".to_string(),
        Verdict::False(_) => "\"FALSE\"".to_string(),
        Verdict::Unknown(_) => "\"UNKNOWN\"".to_string(),
    };
    let reason = match &report.verdict {
        Verdict::Unknown(why) => escape(why),
        Verdict::False(p) => escape(&format!("{p} fails")),
        Verdict::True => "null".into(),
    };
    let props: Vec<String> = report
        .properties
        .iter()
        .map(|p| {
            let (status, detail) = match &p.status {
                Status::Holds => ("SUCCESS", String::new()),
                Status::Unknown(why) => ("UNKNOWN", format!(", \"reason\": {}", escape(why))),
                Status::Fails { trace, .. } => {
                    let steps: Vec<String> = trace
                        .iter()
                        .map(|s| format!("{{\"location\": {}, \"function\": {}, \"step\": {}}}", escape(&sources.short(s.loc).to_string()), escape(&s.function), escape(&s.text)))
                        .collect();
                    ("FAILURE", format!(", \"trace\": [{}]", steps.join(", ")))
                }
            };
            format!(
                "{{\"name\": {}, \"location\": {}, \"description\": {}, \"status\": \"{status}\"{detail}}}",
                escape(&p.name),
                escape(&sources.short(p.loc).to_string()),
                escape(&p.description)
            )
        })
        .collect();
    format!(
        "{{\"verdict\": {verdict}, \"reason\": {reason}, \"properties\": [{}], \"variables\": {}, \"clauses\": {}, \"solver_calls\": {}, \"bound_cut\": {}}}",
        props.join(", "),
        report.encoding.variables,
        report.encoding.clauses,
        report.encoding.solver_calls,
        report.bound_cut
    )
}

/// `lore show ssa`: the equation.
pub fn show_ssa(program: &lore_frontend::ir::Program, bound: &BoundArgs) -> Result<String, String> {
    let options = bound.options()?;
    let symex = lore_bmc::symex::execute(program, &options)?;
    let names: Vec<(String, String)> = symex
        .checks
        .iter()
        .map(|c| (c.name.clone(), c.description.clone()))
        .collect();
    let mut out = symex.equation.render(&names, &program.sources);
    for c in &symex.checks {
        if let CheckKind::Unsupported { reason } = &c.kind {
            out.push_str(&format!("// unsupported on some path: {reason}\n"));
        }
    }
    Ok(out)
}

/// `lore show cnf`: statistics, or the formula in DIMACS.
pub fn show_cnf(
    program: &lore_frontend::ir::Program,
    bound: &BoundArgs,
    dimacs: bool,
) -> Result<String, String> {
    let options = bound.options()?;
    let symex = lore_bmc::symex::execute(program, &options)?;
    let mut blaster = lore_bmc::blast::Blaster::new(lore_bmc::solver::Dimacs::new());
    let mut goals = Vec::new();
    for c in &symex.checks {
        goals.push((
            c.name.clone(),
            blaster.blast(&symex.equation.terms, c.violated)[0],
        ));
    }
    use lore_bmc::solver::SatSolver;
    if dimacs {
        let mut out = String::new();
        for (name, lit) in &goals {
            out.push_str(&format!(
                "c check {name} fails if literal {}\n",
                lit.dimacs()
            ));
        }
        out.push_str(&blaster.circuit.solver.to_dimacs(&[]));
        return Ok(out);
    }
    Ok(format!(
        "terms: {}\nvariables: {}\nclauses: {}\ngates: {}\nchecks: {}\n",
        symex.equation.terms.len(),
        blaster.circuit.solver.num_vars(),
        blaster.circuit.solver.num_clauses(),
        blaster.circuit.gates(),
        goals.len()
    ))
}
