//! A program executed symbolically and bit-blasted once, then asked many
//! questions, each a solver call under assumptions.
//!
//! The caller builds its questions as terms over what the execution
//! exposes: each check's violation and the values of the observed slices
//! where it fails (`SymexOptions::observe`, [`Check::observed`]). A term
//! becomes a literal with [`Session::literal`]; assumptions select what is
//! asked. Nothing already encoded is encoded again, and the solver keeps
//! what it learned between calls.
//!
//! A model is returned as a [`Witness`] (the inputs on the path that
//! [`Session::solve`] found). [`Session::replay`] runs it in the concrete
//! interpreter, which every answer a caller reports must go through.

use crate::blast::Blaster;
use crate::check::{witness, Witness};
use crate::error::BmcError;
use crate::interp::{Interpreter, Replay};
use crate::query::QueryStats;
use crate::solver::{Backend, Lit, SolveResult};
use crate::ssa::{Step, TermId, Terms};
use crate::symex::{execute, Check, Symex, SymexOptions};
use lore_frontend::ir::{FunctionId, Program};

/// What an encoding asked many questions starts from: `program` executed
/// symbolically for the bound in `options`, and a blaster for its terms
/// with the guards of the inputs and allocations encoded, so that a model
/// says which inputs its path read. Models must replay, so an address from
/// nowhere names nothing else (`wild_addresses_name_nothing_else`). The
/// language queries ([`crate::query`]) start from it too.
pub(crate) fn encode_once(
    program: &Program,
    options: SymexOptions,
) -> Result<(SymexOptions, Symex, Blaster<Backend>), BmcError> {
    let options = SymexOptions {
        wild_addresses_name_nothing_else: true,
        ..options
    };
    let symex = execute(program, &options)?;
    let mut blaster = Blaster::new(options.solver.build_until(options.deadline));
    for step in &symex.equation.steps {
        if let Step::Input { guard, .. } | Step::Allocate { guard, .. } = step {
            blaster.blast(&symex.equation.terms, *guard);
        }
    }
    Ok((options, symex, blaster))
}

pub struct Session {
    options: SymexOptions,
    symex: Symex,
    blaster: Blaster<Backend>,
    solver_calls: u64,
}

impl Session {
    /// Executes `program` symbolically for the bound in `options` and
    /// readies the encoding ([`encode_once`]).
    pub fn new(program: &Program, options: SymexOptions) -> Result<Session, BmcError> {
        let (options, symex, blaster) = encode_once(program, options)?;
        Ok(Session {
            options,
            symex,
            blaster,
            solver_calls: 0,
        })
    }

    pub fn checks(&self) -> &[Check] {
        &self.symex.checks
    }

    /// Where paths were cut by the bound without a check (no unwinding
    /// assertions).
    pub fn bound_cut(&self) -> TermId {
        self.symex.bound_cut
    }

    /// The terms, to build questions over the checks' terms.
    pub fn terms(&mut self) -> &mut Terms {
        &mut self.symex.equation.terms
    }

    /// The literal of a one-bit term, encoded once.
    pub fn literal(&mut self, t: TermId) -> Lit {
        self.blaster.blast(&self.symex.equation.terms, t)[0]
    }

    /// Encodes `t`, so that the models give its value ([`Session::value`]).
    pub fn encode(&mut self, t: TermId) {
        self.blaster.blast(&self.symex.equation.terms, t);
    }

    pub fn solve(&mut self, assumptions: &[Lit]) -> SolveResult {
        self.solver_calls += 1;
        self.blaster.circuit.solve(assumptions)
    }

    /// A term's value in the last model, where it was encoded.
    pub fn value(&self, t: TermId) -> Option<u128> {
        self.blaster.value(t)
    }

    /// The inputs of the last model.
    pub fn witness(&self) -> Witness {
        witness(&self.symex, &self.blaster)
    }

    /// `witness` run concretely, as symbolic execution laid the program
    /// out, with the calls of `observing` recorded (function, argument).
    pub fn replay(
        &self,
        program: &Program,
        witness: &Witness,
        observing: Vec<FunctionId>,
    ) -> (Replay, Vec<(FunctionId, Option<i128>)>) {
        let mut interp = Interpreter::replaying(program, &self.options, &self.symex, witness)
            .observing(observing);
        let replay = interp.run();
        (replay, interp.observed)
    }

    pub fn stats(&self) -> QueryStats {
        QueryStats {
            solver_calls: self.solver_calls,
            variables: self.blaster.circuit.num_vars(),
            clauses: self.blaster.circuit.num_clauses(),
        }
    }
}
