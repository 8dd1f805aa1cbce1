//! Post-processing of a learned automaton for people (paper §6.1), and its
//! DOT and SVG forms.
//!
//! - The rejecting sink goes: only states that are reachable and can still
//!   reach acceptance are drawn (missing edges mean rejection).
//! - Dominating letters, computed exactly: a letter every accepted word
//!   contains (no accepting path avoids it). The paper's tool approximated
//!   this with a greedy walk and over-reported.
//! - Dominator states: states every accepted word's run passes through.
//! - Doomed states: from them, every continuation reaches acceptance before
//!   it can be rejected for good (Hoenicke et al.'s doomed points).
//!
//! The DOT output follows the paper's conventions: accepting states are
//! double circles, dominating edges and dominator states green, doomed
//! states labelled `D`, a box lists the dominating letters, a blue arrow
//! marks the initial state.

use crate::dfa::{Alphabet, Dfa, Letter, State, MAX_LETTERS, NONE};
use crate::layout::{Edge, Graph, Ink, Node};
use std::fmt::Write;
use std::sync::Arc;

/// A learned automaton prepared for drawing.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The trimmed automaton (states renumbered; partial).
    pub dfa: Dfa,
    /// The language is empty: one state and nothing accepted.
    pub empty: bool,
    pub dominating_letters: Vec<Letter>,
    pub dominator_states: Vec<bool>,
    pub doomed: Vec<bool>,
}

impl Drawing {
    pub fn new(dfa: &Dfa) -> Drawing {
        let complete = dfa.complete();
        let trimmed = dfa.trim().canonical();
        let empty = trimmed.is_empty_language();
        if empty {
            let one = Dfa::empty(dfa.alphabet_arc().clone());
            return Drawing {
                dfa: one,
                empty,
                dominating_letters: vec![],
                dominator_states: vec![false],
                doomed: vec![false],
            };
        }
        let dominating_letters = dfa
            .alphabet()
            .letters()
            .filter(|&a| !accepts_avoiding(&trimmed, |_, l| l == a))
            .collect();
        let dominator_states = trimmed
            .states()
            .map(|s| !accepts_avoiding_state(&trimmed, s))
            .collect();
        let doomed = doomed_states(&complete, &trimmed);
        Drawing {
            dfa: trimmed,
            empty,
            dominating_letters,
            dominator_states,
            doomed,
        }
    }

    pub fn num_states(&self) -> usize {
        self.dfa.num_states()
    }

    /// Edges drawn (transitions between drawn states).
    pub fn num_edges(&self) -> usize {
        self.dfa.num_transitions()
    }

    /// Edges leaving an accepting state (the paper's stopping rule wants none).
    pub fn has_edges_leaving_acceptance(&self) -> bool {
        self.dfa.states().any(|s| {
            self.dfa.is_accepting(s)
                && self
                    .dfa
                    .alphabet()
                    .letters()
                    .any(|a| self.dfa.next(s, a) != NONE)
        })
    }

    /// DOT text in the paper's conventions.
    /// The caption of a drawing: its dominating letters, or that the
    /// language is empty.
    fn caption(&self) -> String {
        if self.empty {
            return "Empty language: no word is accepted".to_string();
        }
        let alphabet = self.dfa.alphabet();
        let letters: Vec<&str> = self
            .dominating_letters
            .iter()
            .map(|&a| alphabet.name(a))
            .collect();
        format!("Dominating edges: {}", letters.join(", "))
    }

    /// The caption with its letters wrapped for a picture.
    fn caption_wrapped(&self) -> String {
        if self.empty {
            return self.caption();
        }
        let alphabet = self.dfa.alphabet();
        let letters = wrap_at(
            self.dominating_letters.iter().map(|&a| alphabet.name(a)),
            80,
        );
        format!("Dominating edges: {letters}")
    }

    pub fn to_dot(&self) -> String {
        let d = &self.dfa;
        let alphabet = d.alphabet();
        let mut out =
            String::from("digraph finite_automaton {\n  graph [fontsize=8] rankdir=LR; size=8;\n");
        let box_label = self.caption();
        let _ = writeln!(
            out,
            "  dom_edges [shape=rectangle, color=green, label=\"{}\"];",
            escape(&box_label)
        );
        for s in d.states() {
            let i = s.index();
            let shape = if d.is_accepting(s) {
                "doublecircle"
            } else {
                "circle"
            };
            let color = if self.dominator_states[i] && !self.empty {
                "green"
            } else {
                "black"
            };
            let label = if self.doomed[i] { "D" } else { "" };
            let _ = writeln!(
                out,
                "  q{s} [shape={shape}, color={color}, label=\"{label}\"];"
            );
        }
        let _ = writeln!(
            out,
            "  iq0 [shape=plaintext, label=\"\"];\n  iq0 -> q{} [color=blue];",
            d.initial()
        );
        for s in d.states() {
            for a in alphabet.letters() {
                let t = d.next(s, a);
                if t == NONE {
                    continue;
                }
                let green = if self.dominating_letters.contains(&a) {
                    ", color=green"
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    "  q{s} -> q{t} [label=\"{}\"{green}];",
                    escape(alphabet.name(a))
                );
            }
        }
        out.push_str("}\n");
        out
    }

    /// SVG, by Lore's own layered layout ([`crate::layout`]): the same
    /// picture on every machine, whether Graphviz is installed or not.
    pub fn to_svg(&self) -> String {
        crate::layout::to_svg(&self.graph())
    }

    /// The drawing as a graph for the layout: states (accepting double,
    /// dominators green, doomed marked D), one edge per pair of states with
    /// its letters (green where every letter dominates).
    pub fn graph(&self) -> Graph {
        let d = &self.dfa;
        let alphabet = d.alphabet();
        let n = d.num_states();
        let nodes = State::all(n)
            .map(|s| Node {
                text: if self.doomed[s.index()] {
                    "D".into()
                } else {
                    String::new()
                },
                accepting: d.is_accepting(s),
                ink: if self.dominator_states[s.index()] && !self.empty {
                    Ink::Marked
                } else {
                    Ink::Plain
                },
                title: format!("q{s}"),
            })
            .collect();
        let mut pairs: Vec<((State, State), Vec<Letter>)> = Vec::new();
        for s in State::all(n) {
            for a in alphabet.letters() {
                let t = d.next(s, a);
                if t == NONE {
                    continue;
                }
                match pairs.iter_mut().find(|(p, _)| *p == (s, t)) {
                    Some((_, ls)) => ls.push(a),
                    None => pairs.push(((s, t), vec![a])),
                }
            }
        }
        let edges = pairs
            .into_iter()
            .map(|((s, t), ls)| Edge {
                from: s.index(),
                to: t.index(),
                label: wrap(ls.iter().map(|&a| alphabet.name(a))),
                ink: if ls.iter().all(|a| self.dominating_letters.contains(a)) {
                    Ink::Marked
                } else {
                    Ink::Plain
                },
            })
            .collect();
        Graph {
            nodes,
            edges,
            initial: d.initial().index(),
            caption: Some((
                self.caption_wrapped(),
                if self.empty { Ink::Plain } else { Ink::Marked },
            )),
        }
    }
}

/// Names joined by ", ", a new line before one would pass 32 characters.
pub fn wrap<'a>(names: impl Iterator<Item = &'a str>) -> String {
    wrap_at(names, 32)
}

/// Names joined by ", ", a new line before one would pass `width`.
pub fn wrap_at<'a>(names: impl Iterator<Item = &'a str>, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for (i, name) in names.enumerate() {
        if i > 0 {
            if line + 2 + name.chars().count() > width {
                out.push_str(",\n");
                line = 0;
            } else {
                out.push_str(", ");
                line += 2;
            }
        }
        out.push_str(name);
        line += name.chars().count();
    }
    out
}

/// Is some word accepted without using an edge `skip(state, letter)`?
fn accepts_avoiding(d: &Dfa, skip: impl Fn(State, Letter) -> bool) -> bool {
    let mut seen = vec![false; d.num_states()];
    let mut stack = vec![d.initial()];
    seen[d.initial().index()] = true;
    while let Some(s) = stack.pop() {
        if d.is_accepting(s) {
            return true;
        }
        for a in d.alphabet().letters() {
            let t = d.next(s, a);
            if t != NONE && !skip(s, a) && !seen[t.index()] {
                seen[t.index()] = true;
                stack.push(t);
            }
        }
    }
    false
}

/// Is some word accepted by a run that never visits `avoid`?
fn accepts_avoiding_state(d: &Dfa, avoid: State) -> bool {
    if d.initial() == avoid {
        return false;
    }
    let mut seen = vec![false; d.num_states()];
    seen[avoid.index()] = true;
    let mut stack = vec![d.initial()];
    seen[d.initial().index()] = true;
    while let Some(s) = stack.pop() {
        if d.is_accepting(s) {
            return true;
        }
        for a in d.alphabet().letters() {
            let t = d.next(s, a);
            if t != NONE && !seen[t.index()] {
                seen[t.index()] = true;
                stack.push(t);
            }
        }
    }
    false
}

/// Doomed states of the drawing: in the complete automaton with the edges
/// leaving accepting states removed, they cannot reach a dead state (one
/// from which acceptance is unreachable).
fn doomed_states(complete: &Dfa, trimmed: &Dfa) -> Vec<bool> {
    // Map the trimmed states back to the complete automaton through their
    // shortest access words.
    let k = complete.num_letters();
    let dead: Vec<bool> = complete.co_reachable().iter().map(|&c| !c).collect();
    let n = complete.num_states();
    let mut preds: Vec<Vec<State>> = vec![Vec::new(); n];
    for s in State::all(n) {
        if complete.is_accepting(s) {
            continue;
        }
        for a in Letter::all(k) {
            preds[complete.next(s, a).index()].push(s);
        }
    }
    // States that can reach a dead state without passing acceptance.
    let mut can_die = dead.clone();
    let mut stack: Vec<State> = State::all(n).filter(|&s| dead[s.index()]).collect();
    while let Some(s) = stack.pop() {
        for &p in &preds[s.index()] {
            if !can_die[p.index()] {
                can_die[p.index()] = true;
                stack.push(p);
            }
        }
    }
    trimmed
        .states()
        .map(|s| {
            let w = access_word(trimmed, s);
            !can_die[complete.run(&w).index()]
        })
        .collect()
}

fn access_word(d: &Dfa, target: State) -> Vec<Letter> {
    let mut parent: Vec<Option<(State, Letter)>> = vec![None; d.num_states()];
    let mut seen = vec![false; d.num_states()];
    let mut queue = std::collections::VecDeque::from([d.initial()]);
    seen[d.initial().index()] = true;
    while let Some(s) = queue.pop_front() {
        if s == target {
            break;
        }
        for a in d.alphabet().letters() {
            let t = d.next(s, a);
            if t != NONE && !seen[t.index()] {
                seen[t.index()] = true;
                parent[t.index()] = Some((s, a));
                queue.push_back(t);
            }
        }
    }
    let mut w = Vec::new();
    let mut at = target;
    while let Some((p, a)) = parent[at.index()] {
        w.push(a);
        at = p;
    }
    w.reverse();
    w
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Why a DOT file could not be read as an automaton.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0}")]
pub struct DotError(pub String);

/// Reads an automaton drawn in the paper's DOT format (also Lore's): nodes
/// `qN` (double circles accept), edges `qA -> qB [label="x"]`, the initial
/// state marked by an edge from a `plaintext` node (else `q0`). Missing
/// transitions reject. Letters not in `alphabet` are added after it.
pub fn read_dot(text: &str, alphabet: Option<&Alphabet>) -> Result<Dfa, DotError> {
    let mut names: Vec<String> = alphabet.map_or(Vec::new(), |a| a.names().to_vec());
    let mut states: Vec<String> = Vec::new();
    let mut accepting: Vec<String> = Vec::new();
    let mut edges: Vec<(String, String, String)> = Vec::new();
    let mut plaintext: Vec<String> = Vec::new();
    let mut initial_edge: Option<String> = None;
    let mut default_shape: Option<String> = None;
    // Statements are separated by `;` or newlines.
    let body = text.split_once('{').map_or(text, |(_, b)| b);
    for raw in body.split([';', '\n']) {
        let stmt = raw.trim().trim_end_matches('}').trim();
        if stmt.is_empty()
            || stmt.starts_with("graph")
            || stmt.starts_with("//")
            || stmt.starts_with("rankdir")
            || stmt.starts_with("size")
        {
            continue;
        }
        let (head, attrs) = match stmt.find('[') {
            Some(i) => (stmt[..i].trim(), &stmt[i..]),
            None => (stmt, ""),
        };
        let attr = |key: &str| -> Option<String> {
            let i = attrs.find(&format!("{key}="))? + key.len() + 1;
            let rest = &attrs[i..];
            if let Some(r) = rest.strip_prefix('"') {
                Some(r[..r.find('"')?].to_string())
            } else {
                Some(rest.split([',', ']', ' ']).next()?.to_string())
            }
        };
        if let Some((from, to)) = head.split_once("->") {
            let (from, to) = (from.trim().to_string(), to.trim().to_string());
            if plaintext.contains(&from) || from.starts_with("iq") {
                initial_edge = Some(to);
                continue;
            }
            let label =
                attr("label").ok_or_else(|| DotError(format!("edge `{head}` has no label")))?;
            for l in label.split(',').map(str::trim).filter(|l| !l.is_empty()) {
                if !names.iter().any(|n| n == l) {
                    names.push(l.to_string());
                }
                edges.push((from.clone(), to.clone(), l.to_string()));
            }
            continue;
        }
        // `node [attrs]` sets defaults for the node statements that follow
        // (the paper's files write `node [shape=...]; q1;`).
        let shape_of = |attrs: &str| {
            attrs.find("shape=").map(|i| {
                attrs[i + 6..]
                    .split([',', ']', ' '])
                    .next()
                    .unwrap_or("")
                    .trim_matches('"')
                    .to_string()
            })
        };
        if head == "node" || head == "edge" {
            if head == "node" {
                default_shape = shape_of(attrs).or(default_shape.take());
            }
            continue;
        }
        let shape = shape_of(attrs).or_else(|| default_shape.clone());
        for id in head.split_whitespace() {
            if id == "dom_edges" {
                continue;
            }
            match shape.as_deref() {
                Some("plaintext") | Some("none") | Some("point") => plaintext.push(id.to_string()),
                Some(s) if s.starts_with("rect") => {}
                Some("doublecircle") => {
                    if !states.contains(&id.to_string()) {
                        states.push(id.to_string());
                    }
                    accepting.push(id.to_string());
                }
                _ => {
                    if !states.contains(&id.to_string()) {
                        states.push(id.to_string());
                    }
                }
            }
        }
    }
    for (f, t, _) in &edges {
        for s in [f, t] {
            if !states.contains(s) {
                states.push(s.clone());
            }
        }
    }
    let initial_name = initial_edge.unwrap_or_else(|| "q0".to_string());
    if states.is_empty() {
        states.push(initial_name.clone());
    }
    let initial = states
        .iter()
        .position(|s| *s == initial_name)
        .ok_or_else(|| DotError(format!("initial state `{initial_name}` is not drawn")))?;
    if names.len() > MAX_LETTERS {
        return Err(DotError(format!(
            "{} different edge labels: an alphabet has at most {MAX_LETTERS} letters",
            names.len()
        )));
    }
    let alphabet = Arc::new(Alphabet::new(names));
    let mut d = Dfa::new(alphabet.clone(), states.len(), State::new(initial));
    for a in &accepting {
        let i = states.iter().position(|s| s == a).expect("state listed");
        d.set_accepting(State::new(i), true);
    }
    for (f, t, l) in edges {
        let (fi, ti) = (
            State::new(states.iter().position(|s| *s == f).unwrap()),
            State::new(states.iter().position(|s| *s == t).unwrap()),
        );
        let a = alphabet.letter(&l).expect("letter added");
        if d.next(fi, a) != NONE && d.next(fi, a) != ti {
            return Err(DotError(format!(
                "state `{f}` has two `{l}` edges: not deterministic"
            )));
        }
        d.set_next(fi, a, ti);
    }
    Ok(d)
}
