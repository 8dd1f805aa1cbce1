//! [`Sequence`]: MiniSat first, then CaDiCaL, for formulas with
//! floating-point arithmetic.

use super::{Backend, Cadical, Lit, Minisat, SatSolver, SolveResult, SolverKind, Until};
use std::time::Instant;

/// The conflicts MiniSat may spend on each call before CaDiCaL takes a
/// formula with floating-point arithmetic over (see
/// [`SolverKind::build_for`]). MiniSat settled sv-comp-wide's satisfiable
/// float rows in 2,000 to 13,000 conflicts (sine_3 1,979, sine_1 3,338,
/// square_3 4,884, newton_1_6 12,916); with 5,000, newton_1_6 went on to
/// CaDiCaL and took 16.8 s against 7.1 s with 20,000.
pub const MINISAT_FIRST_CONFLICTS: u64 = 20_000;

impl SolverKind {
    /// The solver for one formula: CaDiCaL's on a formula with
    /// floating-point arithmetic is MiniSat first, for at most
    /// [`MINISAT_FIRST_CONFLICTS`] conflicts a call, then CaDiCaL (see
    /// [`Sequence`]); otherwise [`Self::build_until`].
    pub fn build_for(self, float_arithmetic: bool, deadline: Option<Instant>) -> Backend {
        if self == SolverKind::Cadical && float_arithmetic {
            return Backend::Sequence(Box::new(Sequence::new(deadline, MINISAT_FIRST_CONFLICTS)));
        }
        self.build_until(deadline)
    }
}

/// Two solvers given the same formula: each call is asked of the first
/// within its conflict budget, and of the second where the first gives up;
/// after the first has given up once it is dropped (its memory freed) and
/// the second answers alone. Which one answers depends on conflicts, not on
/// time, so a run's answers and models are the same on every machine.
///
/// Measured on sv-comp-wide's floating-point rows (issue 44), CaDiCaL
/// against MiniSat alone: sine_1 4.8 s against 0.69, square_3 13.3 against
/// 2.3, sine_3 6.9 against 0.18, newton_1_6 17.1 against 7.8; but
/// newton_2_8 38 s against more than 60. CaDiCaL on CBMC's own formula of
/// sine_1 takes 3.3 s, where CBMC's MiniSat takes 0.6 s: the solver, not
/// the encoding. In sequence (20,000 conflicts), against CaDiCaL alone:
/// sine_1 0.80 s (4.52), sine_3 0.24 (6.75), square_3 1.79 (12.35),
/// newton_1_6 7.07 (12.61); the dev sample's float tasks unchanged.
pub struct Sequence {
    pub(super) first: Option<Minisat>,
    then: Cadical,
    /// The last call was answered by `first`.
    pub(super) answered_first: bool,
}

impl Sequence {
    /// MiniSat with `budget` conflicts a call, then CaDiCaL.
    pub fn new(deadline: Option<Instant>, budget: u64) -> Sequence {
        let mut then = Cadical::new();
        then.solver.set_callbacks(Some(Until(deadline)));
        Sequence {
            first: Some(Minisat::with_budget(deadline, Some(budget))),
            then,
            answered_first: false,
        }
    }
}

impl SatSolver for Sequence {
    fn new_var(&mut self) -> Lit {
        let l = self.then.new_var();
        if let Some(f) = &mut self.first {
            let m = f.new_var();
            debug_assert_eq!(m, l);
        }
        l
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        if let Some(f) = &mut self.first {
            f.add_clause(clause);
        }
        self.then.add_clause(clause);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SolveResult {
        if let Some(f) = &mut self.first {
            let r = f.solve(assumptions);
            if r != SolveResult::Unknown {
                self.answered_first = true;
                return r;
            }
            self.first = None;
        }
        self.answered_first = false;
        self.then.solve(assumptions)
    }

    fn value(&self, lit: Lit) -> bool {
        match (&self.first, self.answered_first) {
            (Some(f), true) => f.value(lit),
            _ => self.then.value(lit),
        }
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        match (&self.first, self.answered_first) {
            (Some(f), true) => f.failed_assumptions(),
            _ => self.then.failed_assumptions(),
        }
    }

    fn num_vars(&self) -> u32 {
        self.then.num_vars()
    }

    fn num_clauses(&self) -> u64 {
        self.then.num_clauses()
    }
}
