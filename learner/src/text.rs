//! The plain text format of DFAs (the format of the learning benchmark's
//! targets):
//!
//! ```text
//! states N alphabet K initial I
//! accepting q1 q2 ...
//! src letter dst        (N·K lines, letters in alphabet order per state)
//! ```
//!
//! The alphabet order is the order of state 0's lines.

use crate::dfa::{Alphabet, Dfa, Letter, State, MAX_LETTERS};
use std::fmt::Write;
use std::sync::Arc;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        message: message.into(),
    }
}

/// Writes a DFA (completed with a sink if it is partial).
pub fn write_dfa(dfa: &Dfa) -> String {
    let d = dfa.complete();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "states {} alphabet {} initial {}",
        d.num_states(),
        d.num_letters(),
        d.initial()
    );
    out.push_str("accepting");
    for s in d.states() {
        if d.is_accepting(s) {
            let _ = write!(out, " {s}");
        }
    }
    out.push('\n');
    for s in d.states() {
        for a in d.alphabet().letters() {
            let _ = writeln!(out, "{s} {} {}", d.alphabet().name(a), d.next(s, a));
        }
    }
    out
}

pub fn read_dfa(text: &str) -> Result<Dfa, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let (n_line, header) = lines.next().ok_or_else(|| err(1, "empty input"))?;
    let h: Vec<&str> = header.split_whitespace().collect();
    if h.len() != 6 || h[0] != "states" || h[2] != "alphabet" || h[4] != "initial" {
        return Err(err(n_line, "expected `states N alphabet K initial I`"));
    }
    let parse = |s: &str, line| {
        s.parse::<usize>()
            .map_err(|_| err(line, format!("`{s}` is not a number")))
    };
    let (n, k, initial) = (
        parse(h[1], n_line)?,
        parse(h[3], n_line)?,
        parse(h[5], n_line)?,
    );
    if k > MAX_LETTERS {
        return Err(err(
            n_line,
            format!("{k} letters: an alphabet has at most {MAX_LETTERS}"),
        ));
    }
    if n == 0 || initial >= n {
        return Err(err(n_line, "the initial state must be one of the states"));
    }
    let (a_line, acc) = lines
        .next()
        .ok_or_else(|| err(n_line + 1, "missing `accepting` line"))?;
    let mut acc_words = acc.split_whitespace();
    if acc_words.next() != Some("accepting") {
        return Err(err(a_line, "expected `accepting q1 q2 ...`"));
    }
    let accepting: Vec<usize> = acc_words
        .map(|w| parse(w, a_line))
        .collect::<Result<_, _>>()?;
    let transitions: Vec<(usize, &str)> = lines.collect();
    if transitions.len() != n * k {
        return Err(err(
            a_line + 1,
            format!(
                "expected {} transition lines, found {}",
                n * k,
                transitions.len()
            ),
        ));
    }
    let mut names = Vec::new();
    for &(line, t) in &transitions[..k] {
        let parts: Vec<&str> = t.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(err(line, "expected `src letter dst`"));
        }
        names.push(parts[1].to_string());
    }
    let alphabet = Arc::new(Alphabet::new(names));
    let mut dfa = Dfa::new(alphabet.clone(), n, State::new(initial));
    for q in accepting {
        if q >= n {
            return Err(err(a_line, format!("accepting state {q} does not exist")));
        }
        dfa.set_accepting(State::new(q), true);
    }
    let mut seen = vec![false; n * k];
    for &(line, t) in &transitions {
        let parts: Vec<&str> = t.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(err(line, "expected `src letter dst`"));
        }
        let src = parse(parts[0], line)?;
        let dst = parse(parts[2], line)?;
        let letter: Letter = alphabet
            .letter(parts[1])
            .ok_or_else(|| err(line, format!("unknown letter `{}`", parts[1])))?;
        if src >= n || dst >= n {
            return Err(err(line, "state out of range"));
        }
        let slot = src * k + letter.index();
        if std::mem::replace(&mut seen[slot], true) {
            return Err(err(
                line,
                "a second transition for the same state and letter",
            ));
        }
        dfa.set_next(State::new(src), letter, State::new(dst));
    }
    Ok(dfa)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = "states 2 alphabet 2 initial 0\naccepting 1\n0 f 1\n0 g 0\n1 f 1\n1 g 0\n";
        let d = read_dfa(text).unwrap();
        assert_eq!(write_dfa(&d), text);
        assert!(d.accepts(&[Letter::new(1), Letter::new(0)]));
    }

    #[test]
    fn errors_name_the_line() {
        let e = read_dfa("states 2 alphabet 1 initial 0\naccepting 5\n0 a 1\n1 a 0\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(read_dfa("states 1 alphabet 1 initial 0\naccepting\n0 a 0\n0 a 0\n").is_err());
    }
}
