//! *Validate, then echo* (the class beyond the paper that JavascriptNumber
//! needs): a program that keeps its whole input and, at the end, writes
//! either that input or one fixed string. No transducer with finitely many
//! states writes back an input of any length, but the choice between the
//! two is often a regular language: the harnesses' echo view
//! ([`crate::harness::View::EchoOr`]) replaces the output by one end
//! symbol that says which of the two the program wrote, and the learner
//! learns the automaton of that choice as a transducer whose steps write
//! nothing.
//!
//! Whether a program is of this shape is first asked of concrete runs
//! ([`candidate`]); the learned automaton is then checked as any
//! transducer is, so a wrong guess costs time, never a wrong model.

use crate::harness::{View, ECHOED, NEITHER, REJECTED};
use crate::model::{max_symbol, show_output, show_string, Term, Transducer};
use crate::oracle::{Oracle, OracleError};

/// The most symbols tried, and the most words run, by [`candidate`].
const SYMBOLS: usize = 24;
const WORDS: usize = 400;

/// The string the program writes in place of its input, when concrete
/// runs on short words suggest it is of the validate-then-echo shape: on
/// every word it writes nothing until the end of the input, then the word
/// itself or always the same other string — and both happen. The words
/// are the empty word and every word of one or two symbols over the
/// symbols `t` (the last conjecture, if any) guards with: each guard's
/// first and last symbol, with 0 and the largest symbol.
pub fn candidate(
    oracle: &mut Oracle,
    t: Option<&Transducer>,
    bits: u32,
) -> Result<Option<Vec<u32>>, OracleError> {
    let mut symbols = vec![0, max_symbol(bits)];
    for tr in t
        .iter()
        .flat_map(|t| &t.states)
        .flat_map(|s| &s.transitions)
    {
        for &(lo, hi) in tr.guard.intervals() {
            symbols.extend([lo, hi]);
        }
    }
    symbols.sort_unstable();
    symbols.dedup();
    symbols.truncate(SYMBOLS);
    let mut words: Vec<Vec<u32>> = vec![Vec::new()];
    words.extend(symbols.iter().map(|&a| vec![a]));
    for &a in &symbols {
        words.extend(symbols.iter().map(|&b| vec![a, b]));
    }
    words.truncate(WORDS);
    let mut reject: Option<Vec<u32>> = None;
    let mut echoed = false;
    for w in &words {
        let Some(steps) = oracle.run_steps(w)? else {
            return Ok(None);
        };
        let Some((end, before)) = steps.split_last() else {
            return Ok(None);
        };
        if before.iter().any(|s| !s.is_empty()) {
            return Ok(None);
        }
        if end == w {
            echoed = true;
            continue;
        }
        match &reject {
            Some(r) if r != end => return Ok(None),
            _ => reject = Some(end.clone()),
        }
    }
    Ok(reject.filter(|_| echoed))
}

/// The end symbol `terms` write under the echo view, if it is one.
fn verdict(terms: &[Term]) -> Option<u32> {
    match terms {
        [Term::Const(v)] => Some(*v),
        _ => None,
    }
}

/// What a state's end symbol means under the echo view.
pub fn meaning(terms: &[Term], reject: &[u32]) -> String {
    let shown = show_string(reject);
    match verdict(terms) {
        Some(ECHOED) => "echo the input".into(),
        Some(REJECTED) => format!("write {shown}"),
        Some(NEITHER) => "write something else".into(),
        _ => format!(
            "not an end symbol of the echo view ({})",
            show_output(terms)
        ),
    }
}

/// Whether `t` is an automaton of the echo view: no step writes, and
/// every end writes [`ECHOED`] or [`REJECTED`]. Anything else (an end
/// that writes neither) means the program is not of the shape.
pub fn is_automaton(t: &Transducer) -> bool {
    t.states.iter().all(|s| {
        s.transitions.iter().all(|tr| tr.output.is_empty())
            && matches!(verdict(&s.final_output), Some(ECHOED | REJECTED))
    })
}

/// A shortest input (over each guard's first symbol) that ends in a
/// state whose end is not an end symbol of an echo or a rejection:
/// where the program writes something else.
pub fn neither_input(t: &Transducer) -> Option<Vec<u32>> {
    let mut reached: Vec<Option<Vec<u32>>> = vec![None; t.states.len()];
    reached[0] = Some(Vec::new());
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(q) = queue.pop_front() {
        let word = reached[q].clone().expect("a reached state has a word");
        if !matches!(verdict(&t.states[q].final_output), Some(ECHOED | REJECTED)) {
            return Some(word);
        }
        for tr in &t.states[q].transitions {
            if reached[tr.target].is_none() {
                if let Some(x) = tr.guard.first() {
                    let mut w = word.clone();
                    w.push(x);
                    reached[tr.target] = Some(w);
                    queue.push_back(tr.target);
                }
            }
        }
    }
    None
}

/// The automaton in words: each state's transitions and whether an input
/// that ends there is echoed.
pub fn show(t: &Transducer, reject: &[u32]) -> String {
    let shown = show_string(reject);
    let accepting = t
        .states
        .iter()
        .filter(|s| verdict(&s.final_output) == Some(ECHOED))
        .count();
    let mut out = format!(
        "validate, then echo: an input is written back when it ends in an echoing state, else {shown} is written\nautomaton: {} state{}, {accepting} echoing, {} transitions, {}-bit symbols\n",
        t.states.len(),
        if t.states.len() == 1 { "" } else { "s" },
        t.transitions(),
        t.bits
    );
    for (i, s) in t.states.iter().enumerate() {
        out.push_str(&format!(
            "q{i}{}: at the end, {}\n",
            if i == 0 { " (initial)" } else { "" },
            meaning(&s.final_output, reject)
        ));
        for tr in &s.transitions {
            out.push_str(&format!("  {} -> q{}\n", tr.guard, tr.target));
        }
    }
    out
}

/// The class a transducer learned under `view` is in.
pub fn class(t: &Transducer, view: &View) -> &'static str {
    match view {
        View::Output => t.class(),
        View::EchoOr { .. } => "validate, then echo",
    }
}

/// Whether an input that ends in `state` is echoed.
pub fn echoes(t: &Transducer, state: usize) -> bool {
    verdict(&t.states[state].final_output) == Some(ECHOED)
}

/// The automaton in Graphviz's DOT: echoing states drawn double, edges
/// labelled by their guards.
pub fn to_dot(t: &Transducer, reject: &[u32]) -> String {
    let quote = |s: String| s.replace('\\', "\\\\").replace('"', "\\\"");
    let shown = show_string(reject);
    let mut out = format!(
        "digraph validate_then_echo {{\n  rankdir=LR;\n  label=\"{}\";\n  node [shape=circle];\n  start [shape=point];\n  start -> q0;\n",
        quote(format!("an input ending in a double state is echoed, else {shown} is written"))
    );
    for (i, s) in t.states.iter().enumerate() {
        let shape = if echoes(t, i) {
            "doublecircle"
        } else {
            "circle"
        };
        out.push_str(&format!("  q{i} [shape={shape}];\n"));
        for tr in &s.transitions {
            out.push_str(&format!(
                "  q{i} -> q{} [label=\"{}\"];\n",
                tr.target,
                quote(tr.guard.to_string())
            ));
        }
    }
    out.push_str("}\n");
    out
}
