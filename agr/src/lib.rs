//! Assume-guarantee-repair (Frenkel, Grumberg, Păsăreanu, Sheinvald) of two
//! communicating C programs: does M1 ‖ M2 satisfy the property P, and if
//! not, a repaired M2 that does.
//!
//! [`automaton`] reads each program's function as the paper's
//! communicating program (its CFG: statements and conditions are the
//! actions, loops stay loops); [`property`] is P, a deterministic
//! automaton over channel actions and constraints; [`system`] loads both
//! programs and P as one C translation unit; [`product`] composes them —
//! the programs synchronising on their shared channels, P watching — into
//! one sequential program of Lore's IR (a scheduler choosing the next
//! transition), which Lore's BMC checks for every length by k-induction,
//! or up to a bound, and whose counterexample is an error trace.

pub mod assume;
pub mod automaton;
pub mod check;
pub mod machine;
pub mod product;
pub mod property;
pub mod repair;
pub mod run;
pub mod sample;
pub mod shrink;
pub mod system;
pub mod written;
