//! Verification of a program for a bound: symbolic execution, one encoding,
//! solver calls until every property is decided, and a concrete replay of
//! every counterexample before it is reported.

use crate::check::{check_all_reporting, overall, CheckResult, Encoding, Outcome, Stage, Verdict};
use crate::error::{BmcError, UnknownReason};
use crate::interp::{Interpreter, Replay, TraceStep};
use crate::symex::{execute, CheckKind, SymexOptions};
use lore_frontend::ir::Program;
use lore_frontend::source::Loc;

/// The status of one property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Holds,
    /// Fails; the trace replayed concretely.
    Fails {
        trace: Vec<TraceStep>,
        inputs: Vec<(String, Loc, Vec<u8>)>,
        /// The nondet values and `if` outcomes of the replayed run.
        waypoints: Vec<crate::interp::Waypoint>,
    },
    Unknown(UnknownReason),
}

#[derive(Clone, Debug)]
pub struct PropertyReport {
    pub name: String,
    pub description: String,
    pub loc: Loc,
    pub kind: CheckKind,
    pub status: Status,
}

#[derive(Clone, Debug)]
pub struct Report {
    pub properties: Vec<PropertyReport>,
    pub verdict: Verdict,
    pub encoding: Encoding,
    /// Some path was cut by the bound (bounded semantics).
    pub bound_cut: bool,
}

/// Drops every property but `name` (CBMC's --property); the checks that
/// decide whether a verdict can be given at all (unwinding, recursion,
/// unsupported constructs) stay.
pub fn keep_only(symex: &mut crate::symex::Symex, name: &str) -> Result<(), BmcError> {
    let is_property = |kind: &CheckKind| {
        matches!(
            kind,
            CheckKind::Property(_) | CheckKind::Safety { .. } | CheckKind::EndOfMain
        )
    };
    if !symex
        .checks
        .iter()
        .any(|c| is_property(&c.kind) && c.name == name)
    {
        let properties = symex
            .checks
            .iter()
            .filter(|c| is_property(&c.kind))
            .map(|c| c.name.clone())
            .collect();
        return Err(BmcError::UnknownProperty {
            name: name.to_string(),
            properties,
        });
    }
    symex
        .checks
        .retain(|c| !is_property(&c.kind) || c.name == name);
    Ok(())
}

/// The inputs of a witness as `name = value` (little-endian bytes read as
/// an unsigned number), so a counterexample that did not replay can be
/// reproduced by hand.
fn describe_inputs(w: &crate::check::Witness) -> String {
    if w.inputs.is_empty() {
        return "none".into();
    }
    let parts: Vec<String> = w
        .inputs
        .iter()
        .map(|(name, _, bytes, _)| {
            let value = bytes
                .iter()
                .rev()
                .fold(0u128, |v, &b| (v << 8) | u128::from(b));
            format!("{name} = {value:#x}")
        })
        .collect();
    parts.join(", ")
}

pub fn verify(program: &Program, options: &SymexOptions) -> Result<Report, BmcError> {
    verify_reporting(program, options, &mut |_| {})
}

/// [`verify`], telling `progress` as each stage ends.
pub fn verify_reporting(
    program: &Program,
    options: &SymexOptions,
    progress: &mut dyn FnMut(Stage<'_>),
) -> Result<Report, BmcError> {
    let started = std::time::Instant::now();
    let mut symex = execute(program, options)?;
    let symex_seconds = started.elapsed().as_secs_f64();
    if let Some(name) = &options.only_check {
        keep_only(&mut symex, name)?;
    }
    progress(Stage::Executed {
        steps: symex.equation.steps.len(),
        terms: symex.equation.terms.len(),
        checks: symex.checks.len(),
    });
    let (results, mut encoding) = check_all_reporting(
        &symex,
        options
            .solver
            .build_for(symex.float_arithmetic > 0, options.deadline),
        options.deadline,
        progress,
    );
    encoding.symex_seconds = symex_seconds;
    let replay_started = std::time::Instant::now();
    let mut properties = Vec::new();
    let mut replayed: Vec<CheckResult> = Vec::new();
    for r in results {
        let status = match (&r.kind, &r.outcome) {
            (_, Outcome::Holds) => Status::Holds,
            (_, Outcome::Unknown(why)) => Status::Unknown(why.clone()),
            (CheckKind::Property(_) | CheckKind::Safety { .. }, Outcome::Violated(w)) => {
                let mut interp = Interpreter::replaying(program, options, &symex, w);
                if options.checks_continue {
                    interp = interp.with_target(&r.name);
                }
                match interp.run() {
                    Replay::Violated { name, .. } if name == r.name => Status::Fails {
                        trace: interp.trace,
                        waypoints: interp.waypoints,
                        inputs: w
                            .inputs
                            .iter()
                            .map(|(n, l, v, _)| (n.clone(), *l, v.clone()))
                            .collect(),
                    },
                    other => Status::Unknown(UnknownReason::ReplayDisagrees {
                        replay: other,
                        inputs: describe_inputs(w),
                    }),
                }
            }
            (CheckKind::Unsupported { reason }, Outcome::Violated(_)) => {
                Status::Unknown(UnknownReason::Unsupported {
                    what: reason.clone(),
                    loc: r.loc,
                })
            }
            (_, Outcome::Violated(_)) => Status::Unknown(UnknownReason::BoundTooSmall),
        };
        // The overall verdict only trusts replayed counterexamples.
        let outcome = match &status {
            Status::Unknown(why)
                if matches!(r.kind, CheckKind::Property(_) | CheckKind::Safety { .. }) =>
            {
                Outcome::Unknown(why.clone())
            }
            _ => r.outcome.clone(),
        };
        replayed.push(CheckResult {
            outcome,
            ..r.clone()
        });
        properties.push(PropertyReport {
            name: r.name,
            description: r.description,
            loc: r.loc,
            kind: r.kind,
            status,
        });
    }
    encoding.replay_seconds = replay_started.elapsed().as_secs_f64();
    // A model no run follows came from an address from nowhere that named
    // a real object: the formula that rules such models out answers.
    let disagrees = properties.iter().any(|p| {
        matches!(
            p.status,
            Status::Unknown(UnknownReason::ReplayDisagrees { .. })
        )
    });
    if disagrees && !options.wild_addresses_name_nothing_else {
        let exact = SymexOptions {
            wild_addresses_name_nothing_else: true,
            ..options.clone()
        };
        let first = (
            encoding.variables,
            encoding.clauses,
            started.elapsed().as_secs_f64(),
        );
        progress(Stage::Restarted);
        let mut report = verify_reporting(program, &exact, progress)?;
        report.encoding.first_formula = Some(first);
        return Ok(report);
    }
    let verdict = overall(&replayed);
    let bound_cut = symex.bound_cut != crate::ssa::FALSE;
    Ok(Report {
        properties,
        verdict,
        encoding,
        bound_cut,
    })
}
