//! Verification of a program for a bound: symbolic execution, one encoding,
//! one solver call per property, and a concrete replay of every
//! counterexample before it is reported.

use crate::check::{check_all, overall, CheckResult, Encoding, Outcome, Verdict};
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
    },
    Unknown(String),
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

pub fn verify(program: &Program, options: &SymexOptions) -> Result<Report, String> {
    let symex = execute(program, options)?;
    let (results, encoding) = check_all(&symex);
    let mut properties = Vec::new();
    let mut replayed: Vec<CheckResult> = Vec::new();
    for r in results {
        let status = match (&r.kind, &r.outcome) {
            (_, Outcome::Holds) => Status::Holds,
            (_, Outcome::Unknown(why)) => Status::Unknown(why.clone()),
            (CheckKind::Property(_) | CheckKind::Safety { .. }, Outcome::Violated(w)) => {
                let mut interp = Interpreter::replaying(program, options, &symex, w);
                match interp.run() {
                    Replay::Violated { name, .. } if name == r.name => Status::Fails {
                        trace: interp.trace,
                        inputs: w
                            .inputs
                            .iter()
                            .map(|(n, l, v, _)| (n.clone(), *l, v.clone()))
                            .collect(),
                    },
                    other => Status::Unknown(format!(
                        "internal error: the counterexample did not replay ({other:?})"
                    )),
                }
            }
            (CheckKind::Unsupported { reason }, Outcome::Violated(_)) => {
                Status::Unknown(format!("unsupported: {reason}"))
            }
            (_, Outcome::Violated(_)) => Status::Unknown("the unwinding bound is too small".into()),
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
    let verdict = overall(&replayed);
    let bound_cut = symex.bound_cut != crate::ssa::FALSE;
    Ok(Report {
        properties,
        verdict,
        encoding,
        bound_cut,
    })
}
