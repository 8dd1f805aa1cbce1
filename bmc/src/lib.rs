//! Lore's bounded model checker over the CFG IR of `lore-frontend`:
//! unwinding, symbolic execution to SSA, bit-blasting to CNF and SAT solving
//! behind a small solver trait. Not written yet: this crate only reserves its
//! place in the dependency graph (it may use the front end, never the learner).
