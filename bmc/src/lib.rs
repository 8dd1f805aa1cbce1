//! Lore's bounded model checker over the CFG IR of `lore-frontend`:
//! unwinding, symbolic execution to SSA, bit-blasting to CNF and SAT solving
//! behind a small solver trait. It knows nothing of learning.
//!
//! Written so far: the solver trait ([`solver`]) and the bit-vector circuits
//! ([`bv`]).

pub mod bv;
pub mod solver;
