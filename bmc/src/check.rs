//! Checking the properties of an equation: the equation is bit-blasted once
//! into one solver; each property is one solver call under the assumption
//! that it is violated.

use crate::blast::Blaster;
use crate::error::UnknownReason;
use crate::solver::{SatSolver, SolveResult, Varisat};
use crate::ssa::{Step, FALSE};
use crate::symex::{CheckKind, Symex};
use lore_frontend::source::Loc;

/// The verdict of one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No execution within the bound violates it.
    Holds,
    /// An execution violates it; the inputs it chose are in the witness.
    Violated(Witness),
    /// The solver gave up.
    Unknown(UnknownReason),
}

/// The nondet inputs of a violating execution, in execution order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// (name, location, value as little-endian bytes, width in bits).
    pub inputs: Vec<(String, Loc, Vec<u8>, u32)>,
    /// The object ids of the heap blocks the path allocates, in order.
    pub allocations: Vec<crate::layout::ObjectId>,
}

#[derive(Clone, Debug)]
pub struct CheckResult {
    pub name: String,
    pub description: String,
    pub kind: CheckKind,
    pub loc: Loc,
    pub outcome: Outcome,
}

/// Statistics of the encoding.
#[derive(Clone, Debug, Default)]
pub struct Encoding {
    pub terms: usize,
    pub variables: u32,
    pub clauses: u64,
    pub solver_calls: u64,
}

/// A stage of a verification run ended (for progress lines on long runs).
#[derive(Clone, Copy, Debug)]
pub enum Stage<'a> {
    /// Symbolic execution built the equation.
    Executed {
        steps: usize,
        terms: usize,
        checks: usize,
    },
    /// The equation is in CNF.
    Encoded { variables: u64, clauses: u64 },
    /// The solver answered for check `index` (from 1) of `of`.
    Checked {
        name: &'a str,
        index: usize,
        of: usize,
        violated: bool,
    },
}

pub fn check_all(symex: &Symex) -> (Vec<CheckResult>, Encoding) {
    check_all_reporting(symex, &mut |_| {})
}

/// [`check_all`], telling `progress` when the encoding is built and after
/// each solver call.
pub fn check_all_reporting(
    symex: &Symex,
    progress: &mut dyn FnMut(Stage<'_>),
) -> (Vec<CheckResult>, Encoding) {
    let mut blaster = Blaster::new(Varisat::new());
    let terms = &symex.equation.terms;
    let mut results = Vec::new();
    let mut calls = 0;
    // Blast every check, and the guard of every input (for witnesses), first:
    // the encoding is built once, before any solver call.
    for step in &symex.equation.steps {
        if let Step::Input { guard, .. } | Step::Allocate { guard, .. } = step {
            blaster.blast(terms, *guard);
        }
    }
    let lits: Vec<_> = symex
        .checks
        .iter()
        .map(|c| {
            if c.violated == FALSE {
                None
            } else {
                Some(blaster.blast(terms, c.violated)[0])
            }
        })
        .collect();
    progress(Stage::Encoded {
        variables: u64::from(blaster.circuit.solver.num_vars()),
        clauses: blaster.circuit.solver.num_clauses(),
    });
    let of = lits.iter().filter(|l| l.is_some()).count();
    for (c, lit) in symex.checks.iter().zip(lits) {
        let outcome = match lit {
            None => Outcome::Holds,
            Some(l) => {
                calls += 1;
                let outcome = match blaster.circuit.solver.solve(&[l]) {
                    SolveResult::Unsat => Outcome::Holds,
                    SolveResult::Sat => Outcome::Violated(witness(symex, &blaster)),
                    SolveResult::Unknown => Outcome::Unknown(UnknownReason::SolverGaveUp),
                };
                progress(Stage::Checked {
                    name: &c.name,
                    index: calls as usize,
                    of,
                    violated: matches!(outcome, Outcome::Violated(_)),
                });
                outcome
            }
        };
        results.push(CheckResult {
            name: c.name.clone(),
            description: c.description.clone(),
            kind: c.kind.clone(),
            loc: c.loc,
            outcome,
        });
    }
    let encoding = Encoding {
        terms: terms.len(),
        variables: blaster.circuit.solver.num_vars(),
        clauses: blaster.circuit.solver.num_clauses(),
        solver_calls: calls,
    };
    (results, encoding)
}

pub(crate) fn witness(symex: &Symex, blaster: &Blaster<Varisat>) -> Witness {
    let terms = &symex.equation.terms;
    let mut inputs = Vec::new();
    let mut allocations = Vec::new();
    for step in &symex.equation.steps {
        if let Step::Allocate { id, guard, .. } = step {
            if blaster.value(*guard) == Some(1) {
                allocations.push(*id);
            }
        }
        if let Step::Input { symbol, guard, loc } = step {
            // Only the inputs on the violating path.
            if blaster.value(*guard) != Some(1) {
                continue;
            }
            let s = &terms.symbols[*symbol as usize];
            // Inputs the violation does not depend on were never blasted: any value will do.
            let value = blaster.value_bytes(terms.symbol_term(*symbol), s.width);
            inputs.push((s.name.clone(), *loc, value, s.width));
        }
    }
    Witness {
        inputs,
        allocations,
    }
}

/// The verdict for a whole program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    True,
    /// A property fails (its name).
    False(String),
    /// Why neither TRUE nor FALSE can be said.
    Unknown(UnknownReason),
}

pub fn overall(results: &[CheckResult]) -> Verdict {
    if let Some(r) = results.iter().find(|r| {
        matches!(r.kind, CheckKind::Property(_) | CheckKind::Safety { .. })
            && matches!(r.outcome, Outcome::Violated(_))
    }) {
        return Verdict::False(r.name.clone());
    }
    for r in results {
        match (&r.kind, &r.outcome) {
            (CheckKind::Unsupported { reason }, Outcome::Violated(_)) => {
                return Verdict::Unknown(UnknownReason::Unsupported {
                    what: reason.clone(),
                    loc: r.loc,
                })
            }
            (CheckKind::Unwinding { .. } | CheckKind::Recursion { .. }, Outcome::Violated(_)) => {
                return Verdict::Unknown(UnknownReason::UnwindingBound {
                    check: r.name.clone(),
                })
            }
            (_, Outcome::Unknown(why)) => return Verdict::Unknown(why.clone()),
            _ => {}
        }
    }
    Verdict::True
}
