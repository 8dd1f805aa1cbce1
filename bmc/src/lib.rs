//! Lore's bounded model checker over the CFG IR of `lore-frontend`:
//! unwinding, symbolic execution to SSA, bit-blasting to CNF and SAT solving
//! behind a small solver trait. It knows nothing of learning.
//!
//! [`symex`] executes the IR to an SSA equation ([`ssa`]); [`blast`] turns
//! its terms into circuits ([`bv`]) over a solver ([`solver`]). [`verify`]
//! checks every property once; [`query`] encodes a program once with its
//! event word and answers questions about failing words under assumptions
//! (the learner's teacher builds on it). [`interp`] replays counterexamples
//! concretely, with the memory layout of [`layout`], which it shares with
//! [`symex`]. [`error`] says why the BMC refuses an input and why an answer
//! is UNKNOWN.

pub mod blast;
pub mod bv;
pub mod check;
pub mod error;
pub mod float;
pub mod gates;
pub mod interp;
pub mod kinduction;
pub mod layout;
pub mod portfolio;
pub mod query;
pub mod session;
pub mod solver;
pub mod ssa;
pub mod symex;
pub mod verify;
