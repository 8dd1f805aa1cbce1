//! Checking the properties of an equation: the equation is bit-blasted once
//! into one solver; each solver call asks for an execution that fails some
//! check not yet decided (CBMC's scheme), so a program whose checks all hold
//! costs one call, and one more per failing check.

use crate::blast::Blaster;
use crate::error::UnknownReason;
use crate::solver::{Backend, Lit, SatSolver, SolveResult, SolverKind};
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

/// Statistics of a run, stage by stage (`lore verify --stats`): what
/// symbolic execution produced, the CNF, the solver's work, and the time
/// each stage took (seconds).
#[derive(Clone, Debug, Default)]
pub struct Encoding {
    pub symex_seconds: f64,
    /// SSA steps (definitions, inputs, allocations) and terms.
    pub steps: usize,
    pub terms: usize,
    pub checks: usize,
    /// How reads and writes of memory were placed.
    pub accesses: crate::symex::AccessStats,
    pub encode_seconds: f64,
    pub variables: u32,
    pub clauses: u64,
    /// By kind of term (`ite`, `add`, `eq`, …): terms blasted and the
    /// gates they made, most gates first.
    pub gates_by_kind: Vec<(&'static str, u64, u64)>,
    pub solve_seconds: f64,
    pub solver_calls: u64,
    /// Replaying the counterexamples concretely.
    pub replay_seconds: f64,
    /// A first formula whose counterexample no run followed, so that this
    /// one was made (`SymexOptions::wild_addresses_name_nothing_else`):
    /// its variables, clauses and the seconds it took in all.
    pub first_formula: Option<(u32, u64, f64)>,
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
    /// Solver call `call` (from 1) answered: an execution fails check
    /// `failing`, or (`None`) no check still open can fail; `settled` of the
    /// `of` checks are decided.
    Checked {
        call: usize,
        failing: Option<&'a str>,
        settled: usize,
        of: usize,
    },
    /// A model no run follows came from an address from nowhere naming a
    /// real object: the run starts again on a formula that rules such
    /// models out (its stages follow).
    Restarted,
}

/// The equation in `solver`, and the literal of each check's violation
/// (`None` for a check that cannot fail): every check, and the guard of
/// every input and allocation (for witnesses), blasted before any solver
/// call, and the clauses of the checks' cone written (the guards' values
/// are computed from the model; only what some check depends on becomes
/// clauses). `lore show cnf` prints this same formula.
pub fn encode<S: SatSolver>(symex: &Symex, solver: S) -> (Blaster<S>, Vec<Option<Lit>>) {
    encode_until(symex, solver, None).expect("without a deadline encoding ends")
}

/// [`encode`], or `None` once `deadline` has passed.
pub fn encode_until<S: SatSolver>(
    symex: &Symex,
    solver: S,
    deadline: Option<std::time::Instant>,
) -> Option<(Blaster<S>, Vec<Option<Lit>>)> {
    let mut blaster = Blaster::new(solver);
    let terms = &symex.equation.terms;
    for step in &symex.equation.steps {
        if let Step::Input { guard, .. } | Step::Allocate { guard, .. } = step {
            blaster.blast_until(terms, *guard, deadline)?;
        }
    }
    let mut lits = Vec::with_capacity(symex.checks.len());
    for c in &symex.checks {
        lits.push(if c.violated == FALSE {
            None
        } else {
            Some(blaster.blast_until(terms, c.violated, deadline)?[0])
        });
    }
    let cone: Vec<Lit> = lits.iter().flatten().copied().collect();
    blaster.circuit.write_cone(&cone);
    Some((blaster, lits))
}

pub fn check_all(symex: &Symex, solver: SolverKind) -> (Vec<CheckResult>, Encoding) {
    check_all_reporting(symex, solver.build(), None, &mut |_| {})
}

/// [`check_all`], telling `progress` when the encoding is built and after
/// each solver call. Past `deadline` (the solver's as well) nothing more is
/// encoded or solved: every check left open is unknown.
pub fn check_all_reporting(
    symex: &Symex,
    solver: Backend,
    deadline: Option<std::time::Instant>,
    progress: &mut dyn FnMut(Stage<'_>),
) -> (Vec<CheckResult>, Encoding) {
    let started = std::time::Instant::now();
    let result = |c: &crate::symex::Check, outcome| CheckResult {
        name: c.name.clone(),
        description: c.description.clone(),
        kind: c.kind.clone(),
        loc: c.loc,
        outcome,
    };
    let Some((mut blaster, lits)) = encode_until(symex, solver, deadline) else {
        let results = symex
            .checks
            .iter()
            .map(|c| result(c, Outcome::Unknown(UnknownReason::OutOfTime)))
            .collect();
        let encoding = Encoding {
            steps: symex.equation.steps.len(),
            terms: symex.equation.terms.len(),
            checks: symex.checks.len(),
            accesses: symex.accesses.clone(),
            encode_seconds: started.elapsed().as_secs_f64(),
            ..Encoding::default()
        };
        return (results, encoding);
    };
    let encode_seconds = started.elapsed().as_secs_f64();
    // No gate is made after this, and only the witness reads values: the
    // tables for sharing gates and the bits of every other term go before
    // the solver grows.
    blaster.circuit.stop_sharing();
    blaster.retain(&witness_terms(symex));
    let mut solve_seconds = 0.0;
    let mut results = Vec::new();
    let mut calls = 0;
    progress(Stage::Encoded {
        variables: u64::from(blaster.circuit.num_vars()),
        clauses: blaster.circuit.num_clauses(),
    });
    // CBMC's scheme: one query for "some check still open fails"; a model
    // settles the checks it violates (with its inputs as their witness), and
    // the query is asked again over the rest until the solver says none can.
    // Each query asks for a subset of the executions of the one before, so
    // it is added as a clause for good rather than assumed: the solver may
    // then simplify with it (CaDiCaL is many times faster on a unit clause
    // than on the same literal assumed).
    let of = lits.iter().filter(|l| l.is_some()).count();
    let mut outcomes: Vec<Option<Outcome>> = lits
        .iter()
        .map(|l| l.is_none().then_some(Outcome::Holds))
        .collect();
    let mut settled = 0;
    loop {
        let open: Vec<usize> = (0..lits.len()).filter(|&i| outcomes[i].is_none()).collect();
        if open.is_empty() {
            break;
        }
        let some_fails: Vec<Lit> = open.iter().filter_map(|&i| lits[i]).collect();
        blaster.circuit.add_clause(&some_fails);
        calls += 1;
        let started = std::time::Instant::now();
        let answer = blaster.circuit.solve(&[]);
        solve_seconds += started.elapsed().as_secs_f64();
        match answer {
            SolveResult::Unsat => {
                settled += open.len();
                for &i in &open {
                    outcomes[i] = Some(Outcome::Holds);
                }
                progress(Stage::Checked {
                    call: calls as usize,
                    failing: None,
                    settled,
                    of,
                });
            }
            SolveResult::Unknown => {
                for &i in &open {
                    outcomes[i] = Some(Outcome::Unknown(UnknownReason::SolverGaveUp));
                }
            }
            SolveResult::Sat => {
                let w = witness(symex, &blaster);
                let failing: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&i| lits[i].is_some_and(|l| blaster.circuit.lit_value(l)))
                    .collect();
                assert!(
                    !failing.is_empty(),
                    "a model of the disjunction violates one of its checks"
                );
                settled += failing.len();
                for &i in &failing {
                    outcomes[i] = Some(Outcome::Violated(w.clone()));
                }
                progress(Stage::Checked {
                    call: calls as usize,
                    failing: Some(&symex.checks[failing[0]].name),
                    settled,
                    of,
                });
            }
        }
    }
    for (c, outcome) in symex.checks.iter().zip(outcomes) {
        results.push(result(c, outcome.expect("every check is settled")));
    }
    let encoding = Encoding {
        steps: symex.equation.steps.len(),
        terms: symex.equation.terms.len(),
        checks: symex.checks.len(),
        accesses: symex.accesses.clone(),
        encode_seconds,
        variables: blaster.circuit.num_vars(),
        clauses: blaster.circuit.num_clauses(),
        gates_by_kind: {
            let mut by: Vec<_> = blaster.cost.iter().map(|(k, &(n, c))| (*k, n, c)).collect();
            by.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)));
            by
        },
        solve_seconds,
        solver_calls: calls,
        ..Encoding::default()
    };
    (results, encoding)
}

/// The terms [`witness`] reads: each input's value and the guards of the
/// inputs and allocations.
fn witness_terms(symex: &Symex) -> Vec<crate::ssa::TermId> {
    let terms = &symex.equation.terms;
    let mut out = Vec::new();
    for step in &symex.equation.steps {
        match step {
            Step::Allocate { guard, .. } => out.push(*guard),
            Step::Input { symbol, guard, .. } => {
                out.push(*guard);
                out.push(terms.symbol_term(*symbol));
            }
            _ => {}
        }
    }
    out
}

pub(crate) fn witness(symex: &Symex, blaster: &Blaster<Backend>) -> Witness {
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
