//! Why the BMC cannot run ([`BmcError`]: the input or the options are bad)
//! and why an answer is UNKNOWN ([`UnknownReason`]). Both print the text
//! the command line shows; callers that need more than the text match on
//! the variants.

use crate::interp::Replay;
use lore_frontend::source::Loc;
use thiserror::Error;

/// A program and options the BMC refuses (before any solving).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BmcError {
    /// The program has no `main` with a body to start from.
    #[error("the program has no `main` function with a body")]
    NoMain,
    /// `--unwindset` names something that is neither a loop (`f.n`) nor a
    /// function with a body: a bound for nothing would silently leave the
    /// default in force.
    #[error(
        "--unwindset names no loop or function of the program: {} ({}; a function name bounds its recursion; see `lore show loops`)",
        .unknown.join(", "),
        loops_text(.loops)
    )]
    UnknownUnwindTarget {
        /// The names that match nothing, sorted.
        unknown: Vec<String>,
        /// The program's loops (`f.n`), in program order.
        loops: Vec<String>,
    },
    /// `--property` names no property of the program.
    #[error(
        "--property: no property named `{name}`; the program's are: {} (see `lore verify --show-properties`)",
        names_text(.properties)
    )]
    UnknownProperty {
        name: String,
        /// The program's properties, by name.
        properties: Vec<String>,
    },
    /// Language queries were asked for without event points.
    #[error("language queries need event points")]
    NoEvents,
}

/// Why neither TRUE nor FALSE (or neither yes nor no) can be said.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnknownReason {
    /// A construct symbolic execution does not handle is reachable (at `loc`).
    #[error("unsupported: {what}")]
    Unsupported { what: String, loc: Loc },
    /// Some execution needs more unwinding than allowed: the unwinding or
    /// recursion check `check` (`f.unwind.0`, `f.recursion`) fails.
    #[error("unwinding bound hit ({check})")]
    UnwindingBound { check: String },
    /// The status of an unwinding or recursion check that fails.
    #[error("the unwinding bound is too small")]
    BoundTooSmall,
    /// The SAT solver gave up (or was stopped at the run's deadline).
    #[error("the SAT solver gave up or ran out of time")]
    SolverGaveUp,
    /// The run's deadline passed before the formula was solved: symbolic
    /// execution or encoding was stopped there (the solver never ran).
    #[error("out of time before the formula was solved (symbolic execution or encoding stopped at the deadline)")]
    OutOfTime,
    /// A counterexample did not fail its property when replayed concretely
    /// (an internal error): how the replay ended, and the inputs as
    /// `name = value` so that it can be reproduced by hand.
    #[error("internal error: the counterexample did not replay ({replay:?}; inputs {inputs})")]
    ReplayDisagrees { replay: Replay, inputs: String },
    /// A failing execution of a language query did not replay with its word
    /// (an internal error): the word asked about, how the replay ended, and
    /// the first letters of the word it recorded (`replayed`; it recorded
    /// `replayed_len` in all, a run away replay can record very many).
    #[error(
        "internal error: a failing execution with word {word:?} did not replay ({replay:?}, word {replayed:?}{} of length {replayed_len})",
        if .replayed_len > &.replayed.len() { ", …" } else { "" }
    )]
    WordReplayDisagrees {
        word: Vec<u32>,
        replay: Replay,
        replayed: Vec<u32>,
        replayed_len: usize,
    },
    /// A part of the property asked about that is not checked (the reason,
    /// given by the caller that knows the property).
    #[error("{0}")]
    NotChecked(String),
}

fn loops_text(loops: &[String]) -> String {
    if loops.is_empty() {
        "the program has no loops".to_string()
    } else {
        format!("its loops are {}", loops.join(", "))
    }
}

fn names_text(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts are those the command line printed when these were strings.
    #[test]
    fn texts_are_unchanged() {
        let unwind = BmcError::UnknownUnwindTarget {
            unknown: vec!["f.9".into(), "g".into()],
            loops: vec!["main.0".into(), "f.0".into()],
        };
        assert_eq!(
            unwind.to_string(),
            "--unwindset names no loop or function of the program: f.9, g (its loops are main.0, f.0; a function name bounds its recursion; see `lore show loops`)"
        );
        let no_loops = BmcError::UnknownUnwindTarget {
            unknown: vec!["g".into()],
            loops: vec![],
        };
        assert_eq!(
            no_loops.to_string(),
            "--unwindset names no loop or function of the program: g (the program has no loops; a function name bounds its recursion; see `lore show loops`)"
        );
        let property = BmcError::UnknownProperty {
            name: "main.x".into(),
            properties: vec![],
        };
        assert_eq!(
            property.to_string(),
            "--property: no property named `main.x`; the program's are: none (see `lore verify --show-properties`)"
        );
        let property = BmcError::UnknownProperty {
            name: "main.x".into(),
            properties: vec!["main.1".into(), "main.2".into()],
        };
        assert!(property
            .to_string()
            .contains("the program's are: main.1, main.2 (see"));
        assert_eq!(
            UnknownReason::Unsupported {
                what: "long double".into(),
                loc: Loc::NONE
            }
            .to_string(),
            "unsupported: long double"
        );
        assert_eq!(
            UnknownReason::UnwindingBound {
                check: "main.unwind.0".into()
            }
            .to_string(),
            "unwinding bound hit (main.unwind.0)"
        );
        assert_eq!(
            UnknownReason::ReplayDisagrees {
                replay: Replay::Passed,
                inputs: "none".into()
            }
            .to_string(),
            "internal error: the counterexample did not replay (Passed; inputs none)"
        );
        let word = |replayed_len| UnknownReason::WordReplayDisagrees {
            word: vec![0, 1],
            replay: Replay::Passed,
            replayed: vec![0],
            replayed_len,
        };
        assert_eq!(
            word(1).to_string(),
            "internal error: a failing execution with word [0, 1] did not replay (Passed, word [0] of length 1)"
        );
        assert_eq!(
            word(30).to_string(),
            "internal error: a failing execution with word [0, 1] did not replay (Passed, word [0], … of length 30)"
        );
    }
}
