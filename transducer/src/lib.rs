//! Sigma* (Babić, Botinčan, Song): symbolic transducers with lookback
//! learned from C programs that read symbols with an input function and
//! write them with an output function — web sanitizers, typically.
//!
//! [`harness`] puts the program under a harness in C; [`oracle`] asks
//! Lore's BMC about one step of it (the paper's symbolic membership
//! queries: guards and output terms come from the solver); [`answer`]
//! turns those answers into the symbolic classes of a step; [`learn`]
//! builds the transducer; [`check`] checks a conjecture against the
//! program — bounded, then for every input length by k-induction on the
//! product of the two; [`compare`] asks BEK's questions — is another
//! program equivalent, is a program idempotent, do two commute — the last
//! two decided on the learned transducers chained as [`pipeline`]s (by
//! [`explore`]-ing every configuration, or by the BMC) and confirmed on the
//! programs. [`echo`] is the validate-then-echo class, learned through
//! the harnesses' echo view. [`c`] writes a transducer as C; [`model`] is the transducer
//! itself, and [`fold`] its form with lookback in the guards (the paper's).
//! [`status`] says where a run is, for a watcher on another thread.

pub mod answer;
pub mod c;
pub mod check;
pub mod compare;
mod conjecture;
pub mod echo;
pub mod explore;
pub mod fold;
pub mod harness;
pub mod learn;
pub mod model;
pub mod oracle;
pub mod pipeline;
pub mod session;
pub mod status;
mod tested;
