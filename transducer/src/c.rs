//! A transducer written as C: its state and lookback registers as static
//! variables named under a prefix (so that several can live in one
//! program), its step as a `switch` on the state, and what a harness needs
//! to keep k-induction's arbitrary start state one the C can be in.
//!
//! What a step writes is left to the caller (`emit`): the product stores
//! it as the expected output, a pipeline hands it to the next transducer.

use crate::model::{max_symbol, State, Term, Transducer};
use std::fmt::Write;

/// The names of one transducer's variables: `{prefix}state`,
/// `{prefix}back{j}` for j = 1..=k.
#[derive(Clone, Debug)]
pub struct Vars<'a> {
    pub prefix: &'a str,
    pub lookback: u32,
}

impl<'a> Vars<'a> {
    pub fn of(prefix: &'a str, t: &Transducer) -> Vars<'a> {
        Vars {
            prefix,
            lookback: t.lookback(),
        }
    }

    pub fn state(&self) -> String {
        format!("{}state", self.prefix)
    }

    /// The C of λ−j (`x`, the step's parameter, for j = 0).
    pub fn at(&self, j: u32) -> String {
        if j == 0 {
            "x".to_string()
        } else {
            format!("{}back{j}", self.prefix)
        }
    }

    /// The C of one output term; a term that looks back before the
    /// input's start has no value, written -2.
    pub fn term(&self, term: &Term, bits: u32) -> String {
        let at = |j: u32| self.at(j);
        let value = term.to_c(&at, bits);
        if term.back() > 0 && !matches!(term, Term::Const(_)) {
            format!("{} < 0 ? -2 : {value}", self.at(term.back()))
        } else {
            value
        }
    }
}

/// The declarations of the state and the lookback registers (-2: no
/// symbol yet).
pub fn declare(c: &mut String, vars: &Vars<'_>) {
    let _ = writeln!(c, "static int {};", vars.state());
    for j in 1..=vars.lookback {
        let _ = writeln!(c, "static int {} = -2;", vars.at(j));
    }
}

/// Assumptions (one per line, indented) that the state is one of `t`'s and
/// every register holds a symbol or -2.
pub fn sane(c: &mut String, t: &Transducer, vars: &Vars<'_>) {
    let mask = max_symbol(t.bits);
    let _ = writeln!(
        c,
        "  __VERIFIER_assume({s} >= 0 && {s} <= {});",
        t.states.len() - 1,
        s = vars.state()
    );
    for j in 1..=vars.lookback {
        let _ = writeln!(
            c,
            "  __VERIFIER_assume({r} >= -2 && {r} <= {mask});",
            r = vars.at(j)
        );
    }
}

/// The body of a step on the symbol `x`: the transition its guard picks
/// and the new state, then what it writes (by `emit`), then the registers
/// shifted.
///
/// What a transition writes is chosen by number among the transducer's
/// distinct outputs, and each of those is written once, after the
/// `switch` on the state: a large transducer has hundreds of transitions
/// but a few dozen outputs (JavascriptEscape over bytes: 507 and 60), and
/// symbolic execution merges every branch's writes.
pub fn step(
    c: &mut String,
    t: &Transducer,
    vars: &Vars<'_>,
    mut emit: impl FnMut(&mut String, &[Term], &str),
) {
    let outputs = distinct_outputs(t);
    let chosen = format!("{}which", vars.prefix);
    if outputs.len() > 1 {
        let _ = writeln!(c, "  int {chosen} = 0;");
    }
    by_state(c, t, vars, |c, s| {
        for (n, tr) in s.transitions.iter().enumerate() {
            let cond: Vec<String> = tr
                .guard
                .intervals()
                .iter()
                .map(|&(lo, hi)| {
                    if lo == hi {
                        format!("x == {lo}")
                    } else {
                        format!("(x >= {lo} && x <= {hi})")
                    }
                })
                .collect();
            // The guards cover every symbol: the last needs no test.
            let last = n + 1 == s.transitions.len();
            match (n, last) {
                (0, true) => c.push_str("    {\n"),
                (_, true) => c.push_str("    } else {\n"),
                (0, false) => {
                    let _ = writeln!(c, "    if ({}) {{", cond.join(" || "));
                }
                (_, false) => {
                    let _ = writeln!(c, "    }} else if ({}) {{", cond.join(" || "));
                }
            }
            if outputs.len() > 1 {
                let number = outputs.iter().position(|o| *o == tr.output.as_slice());
                let _ = writeln!(c, "      {chosen} = {};", number.unwrap_or(0));
            }
            let _ = writeln!(c, "      {} = {};", vars.state(), tr.target);
        }
        c.push_str("    }\n");
    });
    cases(c, &chosen, outputs.len(), |c, i| {
        emit(c, outputs[i], "    ")
    });
    for j in (2..=vars.lookback).rev() {
        let _ = writeln!(c, "  {} = {};", vars.at(j), vars.at(j - 1));
    }
    if vars.lookback >= 1 {
        let _ = writeln!(c, "  {} = x;", vars.at(1));
    }
}

/// The outputs of `t`'s transitions, each once, in the order they first
/// appear.
fn distinct_outputs(t: &Transducer) -> Vec<&[Term]> {
    let mut outputs: Vec<&[Term]> = Vec::new();
    for tr in t.states.iter().flat_map(|s| &s.transitions) {
        if !outputs.contains(&tr.output.as_slice()) {
            outputs.push(&tr.output);
        }
    }
    outputs
}

/// The body of the step at the end of the input: the final output of the
/// state (`x` is -1 there).
pub fn end(
    c: &mut String,
    t: &Transducer,
    vars: &Vars<'_>,
    mut emit: impl FnMut(&mut String, &[Term], &str),
) {
    c.push_str("  int x = -1;\n");
    by_state(c, t, vars, |c, s| emit(c, &s.final_output, "    "));
    c.push_str("  (void)x;\n");
}

/// One block of C per state (written by `body`), in a `switch` on the
/// state when there are several.
fn by_state(
    c: &mut String,
    t: &Transducer,
    vars: &Vars<'_>,
    mut body: impl FnMut(&mut String, &State),
) {
    cases(c, &vars.state(), t.states.len(), |c, i| {
        body(c, &t.states[i])
    });
}

/// The blocks of C for the values 0 to `n` - 1 of `value` (written by
/// `body`, indented by four), in a `switch` on it when there are several;
/// the last is also the default, so that every value means one.
fn cases(c: &mut String, value: &str, n: usize, mut body: impl FnMut(&mut String, usize)) {
    if n <= 1 {
        if n == 1 {
            body(c, 0);
        }
        return;
    }
    let _ = writeln!(c, "  switch ({value}) {{");
    for i in 0..n {
        if i + 1 == n {
            c.push_str("  default:\n");
        } else {
            let _ = writeln!(c, "  case {i}:");
        }
        body(c, i);
        c.push_str("    break;\n");
    }
    c.push_str("  }\n");
}

/// The longest output of one step or one end of `t` (at least 1).
pub fn longest_output(t: &Transducer) -> usize {
    t.states
        .iter()
        .flat_map(|s| {
            s.transitions
                .iter()
                .map(|t| t.output.len())
                .chain([s.final_output.len()])
        })
        .max()
        .unwrap_or(0)
        .max(1)
}
