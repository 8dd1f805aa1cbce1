//! The SAT solver behind a small trait: new variables, clauses, solving
//! under assumptions, model values, the failed assumptions, freezing.
//! [`Cadical`] implements it with CaDiCaL (the default), [`Varisat`] with the
//! pure-Rust varisat, [`Minisat`] with MiniSat's core solver (the batsat
//! crate, a Rust translation: a 4-byte clause header and 8-byte watches
//! where CaDiCaL keeps 32 and 16, so the least memory on large formulas);
//! [`Backend`] is one of them, chosen at run time by [`SolverKind`]. [`Dimacs`] records the formula and writes it as DIMACS
//! (for `lore show cnf --dimacs` and for running another solver by hand).
//! [`Sequence`] (in `solver/sequence.rs`) puts MiniSat before CaDiCaL.
//! (About 815 lines, tests included: the three back ends are each a short
//! translation of the same trait, read best side by side.)

use batsat::SolverInterface as _;
use std::time::Instant;
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

/// A clause as a solver is given it: `None` where the constant true
/// satisfies it (the clause says nothing), else the clause without the
/// constant false (a clause of the constant false alone stays as it is: the
/// formula is then unsatisfiable). As MiniSat's `addClause` does at level 0,
/// so formula sizes count what CBMC counts.
fn without_constants(clause: &[Lit]) -> Option<std::borrow::Cow<'_, [Lit]>> {
    if !clause.iter().any(|l| l.is_const()) {
        return Some(std::borrow::Cow::Borrowed(clause));
    }
    if clause.contains(&Lit::TRUE) {
        return None;
    }
    let rest: Vec<Lit> = clause
        .iter()
        .copied()
        .filter(|&l| l != Lit::FALSE)
        .collect();
    Some(if rest.is_empty() {
        std::borrow::Cow::Owned(vec![Lit::FALSE])
    } else {
        std::borrow::Cow::Owned(rest)
    })
}

/// The value of a literal the model does not give: a constant's, or
/// false for a variable the solver does not have or after a call that
/// found no model.
fn outside_model(lit: Lit, vars: u32, last: SolveResult) -> Option<bool> {
    if lit.is_const() {
        Some(lit == Lit::TRUE)
    } else if lit.var() >= vars || last != SolveResult::Sat {
        Some(false)
    } else {
        None
    }
}

/// The assumptions of the last call that made it `Unsat`, by the
/// solver's own test (none after any other answer).
fn failed_of(assumed: &[Lit], last: SolveResult, failed: impl Fn(Lit) -> bool) -> Vec<Lit> {
    if last != SolveResult::Unsat {
        return Vec::new();
    }
    assumed
        .iter()
        .copied()
        .filter(|&l| l == Lit::FALSE || failed(l))
        .collect()
}

/// The variables and clauses a formula is counted by, as CBMC counts
/// them: the constant true (variable 0, a unit clause, in every solver
/// here) is not a variable of the formula.
pub trait SatSolver {
    fn new_var(&mut self) -> Lit;
    /// Adds a clause; one the constant true satisfies is left out and the
    /// constant false is left out of it.
    fn add_clause(&mut self, clause: &[Lit]);
    fn solve(&mut self, assumptions: &[Lit]) -> SolveResult;
    /// The value of a literal in the last model (after `Sat`).
    fn value(&self, lit: Lit) -> bool;
    /// Assumptions that made the last call `Unsat` (a subset may suffice).
    fn failed_assumptions(&self) -> Vec<Lit>;
    /// Keeps a variable out of any simplification that would lose it (a
    /// no-op for solvers that do not eliminate variables).
    fn freeze(&mut self, _lit: Lit) {}
    /// Variables of the formula, the constant true apart.
    fn num_vars(&self) -> u32;
    /// Clauses of the formula, the constant's unit clause apart.
    fn num_clauses(&self) -> u64;
}

/// Which SAT solver answers the queries (`--solver`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SolverKind {
    /// CaDiCaL 1.9 (C++, linked statically).
    #[default]
    Cadical,
    /// varisat 0.2 (pure Rust).
    Varisat,
    /// batsat 0.6 (MiniSat's core solver in Rust).
    Minisat,
}

impl SolverKind {
    pub const ALL: [SolverKind; 3] = [
        SolverKind::Cadical,
        SolverKind::Varisat,
        SolverKind::Minisat,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Cadical => "cadical",
            SolverKind::Varisat => "varisat",
            SolverKind::Minisat => "minisat",
        }
    }

    pub fn from_name(name: &str) -> Option<SolverKind> {
        SolverKind::ALL.into_iter().find(|k| k.name() == name)
    }

    pub fn build(self) -> Backend {
        self.build_until(None)
    }

    /// A solver whose calls give up (`Unknown`) once `deadline` has
    /// passed. CaDiCaL asks for it while it searches; varisat cannot be
    /// stopped, so its calls only refuse to start after the deadline.
    pub fn build_until(self, deadline: Option<Instant>) -> Backend {
        match self {
            SolverKind::Cadical => {
                let mut c = Cadical::new();
                c.solver.set_callbacks(Some(Until(deadline)));
                Backend::Cadical(Box::new(c))
            }
            SolverKind::Varisat => Backend::Varisat(Box::new(Varisat {
                deadline,
                ..Varisat::new()
            })),
            SolverKind::Minisat => Backend::Minisat(Box::new(Minisat::new(deadline))),
        }
    }
}

mod sequence;
pub use sequence::{Sequence, MINISAT_FIRST_CONFLICTS};

/// The solver a run uses, chosen at run time.
pub enum Backend {
    Cadical(Box<Cadical>),
    Varisat(Box<Varisat>),
    Minisat(Box<Minisat>),
    Sequence(Box<Sequence>),
}

impl SatSolver for Backend {
    fn new_var(&mut self) -> Lit {
        match self {
            Backend::Cadical(s) => s.new_var(),
            Backend::Varisat(s) => s.new_var(),
            Backend::Minisat(s) => s.new_var(),
            Backend::Sequence(s) => s.new_var(),
        }
    }
    fn add_clause(&mut self, clause: &[Lit]) {
        match self {
            Backend::Cadical(s) => s.add_clause(clause),
            Backend::Varisat(s) => s.add_clause(clause),
            Backend::Minisat(s) => s.add_clause(clause),
            Backend::Sequence(s) => s.add_clause(clause),
        }
    }
    fn solve(&mut self, assumptions: &[Lit]) -> SolveResult {
        match self {
            Backend::Cadical(s) => s.solve(assumptions),
            Backend::Varisat(s) => s.solve(assumptions),
            Backend::Minisat(s) => s.solve(assumptions),
            Backend::Sequence(s) => s.solve(assumptions),
        }
    }
    fn value(&self, lit: Lit) -> bool {
        match self {
            Backend::Cadical(s) => s.value(lit),
            Backend::Varisat(s) => s.value(lit),
            Backend::Minisat(s) => s.value(lit),
            Backend::Sequence(s) => s.value(lit),
        }
    }
    fn failed_assumptions(&self) -> Vec<Lit> {
        match self {
            Backend::Cadical(s) => s.failed_assumptions(),
            Backend::Varisat(s) => s.failed_assumptions(),
            Backend::Minisat(s) => s.failed_assumptions(),
            Backend::Sequence(s) => s.failed_assumptions(),
        }
    }
    fn num_vars(&self) -> u32 {
        match self {
            Backend::Cadical(s) => s.num_vars(),
            Backend::Varisat(s) => s.num_vars(),
            Backend::Minisat(s) => s.num_vars(),
            Backend::Sequence(s) => s.num_vars(),
        }
    }
    fn num_clauses(&self) -> u64 {
        match self {
            Backend::Cadical(s) => s.num_clauses(),
            Backend::Varisat(s) => s.num_clauses(),
            Backend::Minisat(s) => s.num_clauses(),
            Backend::Sequence(s) => s.num_clauses(),
        }
    }
}

/// CaDiCaL, incremental. Its variables are ours plus one (DIMACS numbering);
/// variables it eliminated are brought back by CaDiCaL itself when a later
/// clause or assumption mentions them, so nothing needs freezing.
/// CaDiCaL's periodic question, "stop now?": yes once the deadline has
/// passed.
pub struct Until(Option<Instant>);

impl cadical::Callbacks for Until {
    fn terminate(&mut self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }
}

pub struct Cadical {
    solver: cadical::Solver<Until>,
    vars: u32,
    clauses: u64,
    /// The assumptions of the last call, to ask which of them failed.
    assumed: Vec<Lit>,
    last: SolveResult,
    /// The constant's unit clause is in (see `start`).
    started: bool,
}

impl Default for Cadical {
    fn default() -> Self {
        Cadical::new()
    }
}

impl Cadical {
    pub fn new() -> Cadical {
        Cadical {
            solver: cadical::Solver::new(),
            vars: 1,
            clauses: 0,
            assumed: Vec::new(),
            last: SolveResult::Unknown,
            started: false,
        }
    }

    /// Before the first clause: room for every variable made so far at
    /// once, then the constant's unit clause. CaDiCaL sizes its
    /// per-variable tables to the first variable it sees and doubles them
    /// as larger ones come; encodings make all their variables before the
    /// first clause, so the tables are sized once (bubble_sort_linux_false
    /// at k = 8: 362,153 variables in tables of 524,288 before).
    fn start(&mut self) {
        if !self.started {
            self.started = true;
            self.solver.reserve(self.vars as i32);
            self.solver.add_clause([Cadical::to_cadical(Lit::TRUE)]);
        }
    }

    fn to_cadical(l: Lit) -> i32 {
        // Variables stay below 2^31 - 1: `new_var` refuses more.
        l.dimacs() as i32
    }
}

impl SatSolver for Cadical {
    fn new_var(&mut self) -> Lit {
        assert!(
            self.vars < i32::MAX as u32 - 1,
            "CaDiCaL takes at most 2^31 - 2 variables"
        );
        let l = Lit::new(self.vars, false);
        self.vars += 1;
        l
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        let Some(clause) = without_constants(clause) else {
            return;
        };
        self.start();
        self.solver
            .add_clause(clause.iter().map(|&l| Cadical::to_cadical(l)));
        self.clauses += 1;
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SolveResult {
        self.start();
        self.assumed = assumptions.to_vec();
        self.last = match self
            .solver
            .solve_with(assumptions.iter().map(|&l| Cadical::to_cadical(l)))
        {
            Some(true) => SolveResult::Sat,
            Some(false) => SolveResult::Unsat,
            None => SolveResult::Unknown,
        };
        self.last
    }

    fn value(&self, lit: Lit) -> bool {
        if let Some(v) = outside_model(lit, self.vars, self.last) {
            return v;
        }
        // A variable the solver never saw, or left unassigned, may take
        // either value: read it as false, as varisat's model does.
        match self
            .solver
            .value(Cadical::to_cadical(Lit::new(lit.var(), false)))
        {
            Some(v) => v != lit.is_negated(),
            None => lit.is_negated(),
        }
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        failed_of(&self.assumed, self.last, |l| {
            self.solver.failed(Cadical::to_cadical(l))
        })
    }

    fn num_vars(&self) -> u32 {
        self.vars - 1
    }

    fn num_clauses(&self) -> u64 {
        self.clauses
    }
}

/// varisat, incremental.
pub struct Varisat {
    solver: varisat::Solver<'static>,
    vars: u32,
    clauses: u64,
    model: Vec<bool>,
    failed: Vec<Lit>,
    /// No call starts after it.
    deadline: Option<Instant>,
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
            deadline: None,
        };
        // Variable 0 is true.
        let _ = v.solver.new_var();
        v.solver.add_clause(&[Varisat::to_varisat(Lit::TRUE)]);
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
        let Some(clause) = without_constants(clause) else {
            return;
        };
        let lits: Vec<varisat::Lit> = clause.iter().map(|&l| Varisat::to_varisat(l)).collect();
        self.solver.add_clause(&lits);
        self.clauses += 1;
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SolveResult {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return SolveResult::Unknown;
        }
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
        self.vars - 1
    }

    fn num_clauses(&self) -> u64 {
        self.clauses
    }
}

/// MiniSat's core solver (batsat, a Rust translation), incremental: no
/// preprocessing, so nothing is eliminated and nothing needs freezing. Its
/// variables are ours (variable 0, the constant true, has a unit clause);
/// it stops searching once the deadline has passed (its `stop` callback).
/// MiniSat's "stop now?": at the deadline, or once a call has learned
/// `budget` clauses (its conflicts).
pub struct Stop {
    deadline: Option<Instant>,
    budget: Option<u64>,
    learned: u64,
}

impl batsat::Callbacks for Stop {
    fn on_start(&mut self) {
        self.learned = 0;
    }

    fn on_new_clause(&mut self, _c: &[batsat::Lit], kind: batsat::ClauseKind) {
        if kind == batsat::ClauseKind::Learnt {
            self.learned += 1;
        }
    }

    fn stop(&self) -> bool {
        self.budget.is_some_and(|b| self.learned >= b)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

pub struct Minisat {
    solver: batsat::Solver<Stop>,
    vars: u32,
    clauses: u64,
    assumed: Vec<Lit>,
    last: SolveResult,
    buf: Vec<batsat::Lit>,
}

impl Minisat {
    pub fn new(deadline: Option<Instant>) -> Minisat {
        Minisat::with_budget(deadline, None)
    }

    /// A MiniSat whose calls also give up after `budget` conflicts each.
    pub fn with_budget(deadline: Option<Instant>, budget: Option<u64>) -> Minisat {
        let cb = Stop {
            deadline,
            budget,
            learned: 0,
        };
        let mut m = Minisat {
            solver: batsat::Solver::new(batsat::SolverOpts::default(), cb),
            vars: 1,
            clauses: 0,
            assumed: Vec::new(),
            last: SolveResult::Unknown,
            buf: Vec::new(),
        };
        let t = m.solver.new_var_default();
        m.solver
            .add_clause_reuse(&mut vec![batsat::Lit::new(t, true)]);
        m
    }

    fn to_minisat(l: Lit) -> batsat::Lit {
        batsat::Lit::new(batsat::Var::unsafe_from_idx(l.var()), !l.is_negated())
    }
}

impl SatSolver for Minisat {
    fn new_var(&mut self) -> Lit {
        let v = self.solver.new_var_default();
        debug_assert_eq!(v.idx(), self.vars);
        self.vars += 1;
        Lit::new(v.idx(), false)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        let Some(clause) = without_constants(clause) else {
            return;
        };
        self.buf.clear();
        self.buf
            .extend(clause.iter().map(|&l| Minisat::to_minisat(l)));
        self.solver.add_clause_reuse(&mut self.buf);
        self.clauses += 1;
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SolveResult {
        self.assumed = assumptions.to_vec();
        let lits: Vec<batsat::Lit> = assumptions
            .iter()
            .map(|&l| Minisat::to_minisat(l))
            .collect();
        let r = self.solver.solve_limited(&lits);
        self.last = if r == batsat::lbool::TRUE {
            SolveResult::Sat
        } else if r == batsat::lbool::FALSE {
            SolveResult::Unsat
        } else {
            SolveResult::Unknown
        };
        self.last
    }

    fn value(&self, lit: Lit) -> bool {
        if let Some(v) = outside_model(lit, self.vars, self.last) {
            return v;
        }
        let v = self
            .solver
            .value_var(batsat::Var::unsafe_from_idx(lit.var()));
        (v == batsat::lbool::TRUE) != lit.is_negated()
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        failed_of(&self.assumed, self.last, |l| {
            self.solver
                .unsat_core_contains_var(batsat::Var::unsafe_from_idx(l.var()))
        })
    }

    fn num_vars(&self) -> u32 {
        self.vars - 1
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
        d.clauses.push(vec![Lit::TRUE]);
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
        if let Some(clause) = without_constants(clause) {
            self.clauses.push(clause.into_owned());
        }
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
        self.vars - 1
    }

    fn num_clauses(&self) -> u64 {
        self.clauses.len() as u64 - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assumptions_and_cores() {
        for kind in SolverKind::ALL {
            assumptions_and_cores_with(kind.build());
        }
    }

    fn assumptions_and_cores_with(mut s: Backend) {
        let (a, b) = (s.new_var(), s.new_var());
        s.add_clause(&[a, b]);
        assert_eq!(s.solve(&[!a]), SolveResult::Sat);
        assert!(s.value(b) && !s.value(a));
        assert_eq!(s.solve(&[!a, !b]), SolveResult::Unsat);
        assert!(!s.failed_assumptions().is_empty());
        assert!(s.value(Lit::TRUE) || s.solve(&[]) == SolveResult::Sat);
        assert_eq!(s.solve(&[Lit::FALSE]), SolveResult::Unsat);
    }

    /// Pigeons into holes, one pigeon too many: unsatisfiable, and hard
    /// enough at 10 into 9 that no solver ends it within a few
    /// milliseconds.
    fn pigeons(s: &mut Backend, holes: usize) {
        let at: Vec<Vec<Lit>> = (0..=holes)
            .map(|_| (0..holes).map(|_| s.new_var()).collect())
            .collect();
        for p in &at {
            s.add_clause(p);
        }
        for h in 0..holes {
            for i in 0..=holes {
                for j in i + 1..=holes {
                    s.add_clause(&[!at[i][h], !at[j][h]]);
                }
            }
        }
    }

    #[test]
    fn a_call_gives_up_at_the_deadline() {
        for kind in SolverKind::ALL {
            // Without a deadline a small instance is decided.
            let mut s = kind.build_until(None);
            pigeons(&mut s, 4);
            assert_eq!(s.solve(&[]), SolveResult::Unsat, "{}", kind.name());
            // With one a few milliseconds away, a hard one is not: CaDiCaL
            // stops searching, varisat does not start after it.
            let deadline = std::time::Instant::now() + std::time::Duration::from_millis(20);
            let mut s = kind.build_until(Some(deadline));
            pigeons(&mut s, 10);
            if kind == SolverKind::Varisat {
                std::thread::sleep(std::time::Duration::from_millis(25));
            }
            let started = std::time::Instant::now();
            assert_eq!(s.solve(&[]), SolveResult::Unknown, "{}", kind.name());
            assert!(started.elapsed().as_secs_f64() < 2.0, "{}", kind.name());
        }
    }

    /// A formula with floating-point arithmetic goes to MiniSat first:
    /// what MiniSat settles within its conflicts it answers (its model, its
    /// failed assumptions); a call it gives up on goes to CaDiCaL, which
    /// answers that call and every later one.
    #[test]
    fn minisat_first_then_cadical() {
        let mut s = SolverKind::Cadical.build_for(true, None);
        assert!(matches!(s, Backend::Sequence(_)));
        assumptions_and_cores_with(SolverKind::Cadical.build_for(true, None));
        pigeons(&mut s, 4);
        assert_eq!(s.solve(&[]), SolveResult::Unsat);
        let Backend::Sequence(q) = &s else {
            unreachable!()
        };
        assert!(
            q.first.is_some() && q.answered_first,
            "MiniSat settles 5 pigeons"
        );
        // Seven pigeons into six holes take more than 10 conflicts: with
        // that budget CaDiCaL answers, and MiniSat is dropped.
        let mut s = Backend::Sequence(Box::new(Sequence::new(None, 10)));
        pigeons(&mut s, 6);
        let x = s.new_var();
        assert_eq!(s.solve(&[x]), SolveResult::Unsat);
        let Backend::Sequence(q) = &s else {
            unreachable!()
        };
        assert!(q.first.is_none() && !q.answered_first, "CaDiCaL answers");
        // Later clauses and calls are CaDiCaL's alone.
        let y = s.new_var();
        s.add_clause(&[y]);
        assert_eq!(s.solve(&[!x]), SolveResult::Unsat);
        // Without floating-point arithmetic, or with another solver asked
        // for, no sequence.
        assert!(matches!(
            SolverKind::Cadical.build_for(false, None),
            Backend::Cadical(_)
        ));
        assert!(matches!(
            SolverKind::Minisat.build_for(true, None),
            Backend::Minisat(_)
        ));
    }

    #[test]
    fn dimacs_text() {
        let mut d = Dimacs::new();
        let a = d.new_var();
        d.add_clause(&[a, !a]);
        assert_eq!(d.to_dimacs(&[!a]), "p cnf 2 3\n1 0\n2 -2 0\n-2 0\n");
    }
}
