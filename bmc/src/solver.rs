//! The SAT solver behind a small trait: new variables, clauses, solving
//! under assumptions, model values, the failed assumptions, freezing.
//! [`Varisat`] implements it with the varisat crate; [`Dimacs`] records the
//! formula and writes it as DIMACS (for `lore show cnf --dimacs` and for
//! running another solver by hand).

use varisat::ExtendFormula;

/// A literal: variable `v` is `Lit(2v)`, its negation `Lit(2v + 1)`.
/// Variable 0 is the constant true.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(pub u32);

impl Lit {
    pub const TRUE: Lit = Lit(0);
    pub const FALSE: Lit = Lit(1);

    pub fn new(var: u32, negated: bool) -> Lit {
        Lit(var << 1 | negated as u32)
    }

    pub fn var(self) -> u32 {
        self.0 >> 1
    }

    pub fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    pub fn is_const(self) -> bool {
        self.var() == 0
    }

    /// DIMACS number (variables from 1).
    pub fn dimacs(self) -> i64 {
        let v = i64::from(self.var()) + 1;
        if self.is_negated() {
            -v
        } else {
            v
        }
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// The outcome of a solver call.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SolveResult {
    Sat,
    Unsat,
    /// The solver gave up (a limit, or it cannot solve, like the DIMACS writer).
    Unknown,
}

pub trait SatSolver {
    fn new_var(&mut self) -> Lit;
    fn add_clause(&mut self, clause: &[Lit]);
    fn solve(&mut self, assumptions: &[Lit]) -> SolveResult;
    /// The value of a literal in the last model (after `Sat`).
    fn value(&self, lit: Lit) -> bool;
    /// Assumptions that made the last call `Unsat` (a subset may suffice).
    fn failed_assumptions(&self) -> Vec<Lit>;
    /// Keeps a variable out of any simplification that would lose it (a
    /// no-op for solvers that do not eliminate variables).
    fn freeze(&mut self, _lit: Lit) {}
    fn num_vars(&self) -> u32;
    fn num_clauses(&self) -> u64;
}

/// varisat, incremental.
pub struct Varisat {
    solver: varisat::Solver<'static>,
    vars: u32,
    clauses: u64,
    model: Vec<bool>,
    failed: Vec<Lit>,
}

impl Default for Varisat {
    fn default() -> Self {
        Varisat::new()
    }
}

impl Varisat {
    pub fn new() -> Varisat {
        let mut v = Varisat {
            solver: varisat::Solver::new(),
            vars: 1,
            clauses: 0,
            model: Vec::new(),
            failed: Vec::new(),
        };
        // Variable 0 is true.
        let _ = v.solver.new_var();
        v.add_clause(&[Lit::TRUE]);
        v
    }

    fn to_varisat(l: Lit) -> varisat::Lit {
        varisat::Lit::from_index(l.var() as usize, !l.is_negated())
    }
}

impl SatSolver for Varisat {
    fn new_var(&mut self) -> Lit {
        let v = self.solver.new_var();
        debug_assert_eq!(v.index() as u32, self.vars);
        self.vars += 1;
        Lit::new(v.index() as u32, false)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        let lits: Vec<varisat::Lit> = clause.iter().map(|&l| Varisat::to_varisat(l)).collect();
        self.solver.add_clause(&lits);
        self.clauses += 1;
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SolveResult {
        let lits: Vec<varisat::Lit> = assumptions
            .iter()
            .map(|&l| Varisat::to_varisat(l))
            .collect();
        self.solver.assume(&lits);
        match self.solver.solve() {
            Ok(true) => {
                let mut model = vec![false; self.vars as usize];
                for l in self.solver.model().unwrap_or_default() {
                    model[l.index()] = l.is_positive();
                }
                self.model = model;
                self.failed.clear();
                SolveResult::Sat
            }
            Ok(false) => {
                self.failed = self
                    .solver
                    .failed_core()
                    .unwrap_or(&[])
                    .iter()
                    .map(|l| Lit::new(l.index() as u32, !l.is_positive()))
                    .collect();
                SolveResult::Unsat
            }
            Err(_) => SolveResult::Unknown,
        }
    }

    fn value(&self, lit: Lit) -> bool {
        let v = self.model.get(lit.var() as usize).copied().unwrap_or(false);
        v != lit.is_negated()
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        self.failed.clone()
    }

    fn num_vars(&self) -> u32 {
        self.vars
    }

    fn num_clauses(&self) -> u64 {
        self.clauses
    }
}

/// Records clauses and prints them as DIMACS. It does not solve.
#[derive(Default)]
pub struct Dimacs {
    vars: u32,
    clauses: Vec<Vec<Lit>>,
}

impl Dimacs {
    pub fn new() -> Dimacs {
        let mut d = Dimacs {
            vars: 1,
            clauses: Vec::new(),
        };
        d.add_clause(&[Lit::TRUE]);
        d
    }

    /// The formula, with `assumptions` as unit clauses at the end.
    pub fn to_dimacs(&self, assumptions: &[Lit]) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "p cnf {} {}",
            self.vars,
            self.clauses.len() + assumptions.len()
        );
        for c in self
            .clauses
            .iter()
            .map(Vec::as_slice)
            .chain(assumptions.iter().map(std::slice::from_ref))
        {
            for l in c {
                let _ = write!(out, "{} ", l.dimacs());
            }
            out.push_str("0\n");
        }
        out
    }
}

impl SatSolver for Dimacs {
    fn new_var(&mut self) -> Lit {
        let l = Lit::new(self.vars, false);
        self.vars += 1;
        l
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.clauses.push(clause.to_vec());
    }

    fn solve(&mut self, _assumptions: &[Lit]) -> SolveResult {
        SolveResult::Unknown
    }

    fn value(&self, _lit: Lit) -> bool {
        false
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        Vec::new()
    }

    fn num_vars(&self) -> u32 {
        self.vars
    }

    fn num_clauses(&self) -> u64 {
        self.clauses.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assumptions_and_cores() {
        let mut s = Varisat::new();
        let (a, b) = (s.new_var(), s.new_var());
        s.add_clause(&[a, b]);
        assert_eq!(s.solve(&[!a]), SolveResult::Sat);
        assert!(s.value(b) && !s.value(a));
        assert_eq!(s.solve(&[!a, !b]), SolveResult::Unsat);
        assert!(!s.failed_assumptions().is_empty());
        assert!(s.value(Lit::TRUE) || s.solve(&[]) == SolveResult::Sat);
        assert_eq!(s.solve(&[Lit::FALSE]), SolveResult::Unsat);
    }

    #[test]
    fn dimacs_text() {
        let mut d = Dimacs::new();
        let a = d.new_var();
        d.add_clause(&[a, !a]);
        assert_eq!(d.to_dimacs(&[!a]), "p cnf 2 3\n1 0\n2 -2 0\n-2 0\n");
    }
}
