//! The property P: a deterministic automaton over the channel actions of
//! the two programs and constraints over their variables (the paper's
//! Defs. 8–10), in a small text format:
//!
//! ```text
//! # a comment
//! initial p0
//! error e                       # the error states (all others accept)
//! p0 read? p1                   # a program receives on `read` from outside
//! p1 enc p2                     # the programs synchronise on `enc`
//! p3 [x_pw == x_pw2] e          # a constraint: a C expression over globals
//! ```
//!
//! An action is `CH` (the synchronisation of the two programs on the shared
//! channel CH), `CH?` or `CH!` (one program receives from, or sends to,
//! the environment on CH), or a constraint in brackets. P moves with the
//! programs on every channel action it names (an action it has no
//! transition for from its state blocks that execution: what P does not
//! describe is no error) and takes its constraint transitions on its own,
//! at any moment. An execution is an error when both programs have ended
//! and P is in an error state (so an error state that should stay one
//! after more channel actions says so with transitions to itself).

use std::fmt;

/// What a transition of P is labelled with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// The programs synchronise on this channel.
    Sync(String),
    /// A program receives on this channel from the environment.
    Receive(String),
    /// A program sends on this channel to the environment.
    Send(String),
    /// A constraint (C text) over the programs' global variables; its
    /// index among the property's constraints.
    Constraint(String, usize),
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Sync(c) => write!(f, "{c}"),
            Label::Receive(c) => write!(f, "{c}?"),
            Label::Send(c) => write!(f, "{c}!"),
            Label::Constraint(text, _) => write!(f, "[{text}]"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Transition {
    pub from: usize,
    pub label: Label,
    pub to: usize,
    /// Where it is written: (line, column), 1-based.
    pub at: (usize, usize),
}

#[derive(Clone, Debug)]
pub struct Property {
    pub states: Vec<String>,
    pub initial: usize,
    pub error: Vec<bool>,
    pub transitions: Vec<Transition>,
    /// The constraints' C text, in order of their indices.
    pub constraints: Vec<String>,
}

/// A property file that does not parse, or is not deterministic: where
/// and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PropertyError {
    pub line: usize,
    pub column: usize,
    /// How many characters the error spans (at least 1).
    pub len: usize,
    pub message: String,
}

impl Property {
    /// Parses the text of a property file.
    pub fn parse(text: &str) -> Result<Property, PropertyError> {
        let mut p = Property {
            states: Vec::new(),
            initial: usize::MAX,
            error: Vec::new(),
            transitions: Vec::new(),
            constraints: Vec::new(),
        };
        let mut initial_at = None;
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            let content = strip_comment(raw);
            let words = words(content);
            let Some(&(first_col, first)) = words.first() else {
                continue;
            };
            let fail = |col: usize, len: usize, message: String| PropertyError {
                line,
                column: col,
                len: len.max(1),
                message,
            };
            match first {
                "initial" => {
                    let [_, (col, name)] = words[..] else {
                        return Err(fail(
                            first_col,
                            content.trim().len(),
                            "`initial` takes one state".into(),
                        ));
                    };
                    if initial_at.is_some() {
                        return Err(fail(col, name.len(), "a second `initial` line".into()));
                    }
                    p.initial = p.state(name);
                    initial_at = Some(line);
                }
                "error" => {
                    if words.len() < 2 {
                        return Err(fail(
                            first_col,
                            first.len(),
                            "`error` takes one or more states".into(),
                        ));
                    }
                    for &(_, name) in &words[1..] {
                        let s = p.state(name);
                        p.error[s] = true;
                    }
                }
                _ => {
                    // SOURCE ACTION TARGET; a constraint's brackets may
                    // hold spaces.
                    let rest = &content[first_col - 1 + first.len()..];
                    let action_col =
                        first_col + first.len() + (rest.len() - rest.trim_start().len());
                    let rest = rest.trim_start();
                    let (label, after) = if let Some(inner) = rest.strip_prefix('[') {
                        let Some(close) = matching_bracket(inner) else {
                            return Err(fail(
                                action_col,
                                rest.len(),
                                "a constraint's `[` is not closed".into(),
                            ));
                        };
                        let text = inner[..close].trim().to_string();
                        if text.is_empty() {
                            return Err(fail(action_col, 2, "an empty constraint".into()));
                        }
                        let index = p.constraints.len();
                        p.constraints.push(text.clone());
                        (Label::Constraint(text, index), &inner[close + 1..])
                    } else {
                        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                        let word = &rest[..end];
                        let label = if let Some(c) = word.strip_suffix('?') {
                            Label::Receive(c.to_string())
                        } else if let Some(c) = word.strip_suffix('!') {
                            Label::Send(c.to_string())
                        } else {
                            Label::Sync(word.to_string())
                        };
                        let channel = match &label {
                            Label::Receive(c) | Label::Send(c) | Label::Sync(c) => c.clone(),
                            Label::Constraint(..) => unreachable!(),
                        };
                        if !is_identifier(&channel) {
                            return Err(fail(
                                action_col,
                                word.len().max(1),
                                format!("`{word}` is neither a channel (`ch`, `ch?`, `ch!`) nor a constraint (`[...]`)"),
                            ));
                        }
                        (label, &rest[end..])
                    };
                    let target: Vec<&str> = after.split_whitespace().collect();
                    let target_col = content.len() - after.trim_start().len() + 1;
                    let [to] = target[..] else {
                        return Err(fail(
                            target_col.min(content.len().max(1)),
                            after.trim().len(),
                            "a transition is `SOURCE ACTION TARGET`".into(),
                        ));
                    };
                    if !is_identifier(first) || !is_identifier(to) {
                        return Err(fail(
                            first_col,
                            first.len(),
                            "states are named by identifiers".into(),
                        ));
                    }
                    let from = p.state(first);
                    let to = p.state(to);
                    p.transitions.push(Transition {
                        from,
                        label,
                        to,
                        at: (line, first_col),
                    });
                }
            }
        }
        if p.initial == usize::MAX {
            return Err(PropertyError {
                line: 1,
                column: 1,
                len: 1,
                message: "no `initial` state".into(),
            });
        }
        if !p.error.iter().any(|&e| e) {
            return Err(PropertyError {
                line: 1,
                column: 1,
                len: 1,
                message: "no `error` state: the property forbids nothing".into(),
            });
        }
        // Syntactic determinism: one transition per state and channel action.
        for (i, a) in p.transitions.iter().enumerate() {
            if matches!(a.label, Label::Constraint(..)) {
                continue;
            }
            if let Some(b) = p.transitions[..i]
                .iter()
                .find(|b| b.from == a.from && b.label == a.label && b.to != a.to)
            {
                return Err(PropertyError {
                    line: a.at.0,
                    column: a.at.1,
                    len: 1,
                    message: format!(
                        "not deterministic: `{} {}` goes to {} here and to {} on line {}",
                        p.states[a.from], a.label, p.states[a.to], p.states[b.to], b.at.0
                    ),
                });
            }
        }
        Ok(p)
    }

    fn state(&mut self, name: &str) -> usize {
        match self.states.iter().position(|s| s == name) {
            Some(i) => i,
            None => {
                self.states.push(name.to_string());
                self.error.push(false);
                self.states.len() - 1
            }
        }
    }

    /// The channels P synchronises on or watches, with how.
    pub fn channel_labels(&self) -> impl Iterator<Item = &Label> {
        self.transitions
            .iter()
            .map(|t| &t.label)
            .filter(|l| !matches!(l, Label::Constraint(..)))
    }

    /// DOT, for drawing.
    pub fn to_dot(&self) -> String {
        let mut out = String::from("digraph property {\n  rankdir=LR;\n");
        for (i, s) in self.states.iter().enumerate() {
            let shape = if self.error[i] { "box" } else { "doublecircle" };
            out.push_str(&format!("  {s} [shape={shape}];\n"));
        }
        out.push_str(&format!(
            "  start [shape=point];\n  start -> {};\n",
            self.states[self.initial]
        ));
        for t in &self.transitions {
            out.push_str(&format!(
                "  {} -> {} [label=\"{}\"];\n",
                self.states[t.from],
                self.states[t.to],
                t.label
                    .to_string()
                    .replace('\\', "\\\\")
                    .replace('"', "\\\"")
            ));
        }
        out.push_str("}\n");
        out
    }
}

fn strip_comment(line: &str) -> &str {
    // `#` starts a comment outside brackets.
    let mut depth = 0i32;
    for (i, c) in line.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            '#' if depth <= 0 => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Words with their 1-based columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s + 1, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s + 1, &line[s..]));
    }
    out
}

/// The index of the `]` closing a bracket opened just before `text`.
fn matching_bracket(text: &str) -> Option<usize> {
    let mut depth = 1;
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_property_parses() {
        let p = Property::parse(
            "# P\ninitial p0\nerror e\np0 read? p1\np1 enc p2 # sync\np3 [x_pw == x_pw2] e\np3 [ x[1] != 2 ] p4\n",
        )
        .unwrap();
        assert_eq!(p.states, ["p0", "e", "p1", "p2", "p3", "p4"]);
        assert_eq!(p.initial, 0);
        assert!(p.error[1] && !p.error[0]);
        assert_eq!(p.transitions[0].label, Label::Receive("read".into()));
        assert_eq!(p.transitions[1].label, Label::Sync("enc".into()));
        assert_eq!(p.constraints, ["x_pw == x_pw2", "x[1] != 2"]);
    }

    #[test]
    fn bad_properties_say_where() {
        let cases = [
            ("error e\np0 a e\n", 1, "no `initial` state"),
            ("initial p0\np0 a e\n", 1, "no `error` state"),
            ("initial p0\nerror e\np0 [x > 1 e\n", 3, "not closed"),
            ("initial p0\nerror e\np0 a-b e\n", 3, "neither a channel"),
            ("initial p0\nerror e\np0 a\n", 3, "SOURCE ACTION TARGET"),
            (
                "initial p0\nerror e\np0 a e\np0 a p0\n",
                4,
                "not deterministic",
            ),
        ];
        for (text, line, says) in cases {
            let e = Property::parse(text).unwrap_err();
            assert_eq!(e.line, line, "{text}: {e:?}");
            assert!(e.message.contains(says), "{text}: {e:?}");
        }
    }
}
