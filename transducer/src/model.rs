//! Symbolic transducers with lookback (the paper's k-SLTs, Defs. 2–4) and
//! their parts: guards over the current symbol, output terms over the
//! current and the last k symbols, and a final output at the end of the
//! input (which makes the class subsequential, so that programs that hold
//! a symbol back until they see the next one are in it).

use std::fmt;

/// A set of symbols: sorted, disjoint, non-adjacent inclusive intervals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Guard(Vec<(u32, u32)>);

impl Guard {
    pub fn empty() -> Guard {
        Guard(Vec::new())
    }

    /// Every symbol of `bits` bits.
    pub fn full(bits: u32) -> Guard {
        Guard(vec![(0, max_symbol(bits))])
    }

    pub fn single(v: u32) -> Guard {
        Guard(vec![(v, v)])
    }

    pub fn interval(lo: u32, hi: u32) -> Guard {
        if lo > hi {
            Guard::empty()
        } else {
            Guard(vec![(lo, hi)])
        }
    }

    pub fn intervals(&self) -> &[(u32, u32)] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, v: u32) -> bool {
        self.0.iter().any(|&(lo, hi)| lo <= v && v <= hi)
    }

    pub fn first(&self) -> Option<u32> {
        self.0.first().map(|i| i.0)
    }

    /// How many symbols.
    pub fn count(&self) -> u64 {
        self.0.iter().map(|&(lo, hi)| u64::from(hi - lo) + 1).sum()
    }

    /// The interval of the guard that holds `v`.
    pub fn interval_of(&self, v: u32) -> Option<(u32, u32)> {
        self.0.iter().copied().find(|&(lo, hi)| lo <= v && v <= hi)
    }

    pub fn union(&self, other: &Guard) -> Guard {
        let mut all: Vec<(u32, u32)> = self.0.iter().chain(&other.0).copied().collect();
        all.sort_unstable();
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(all.len());
        for (lo, hi) in all {
            match out.last_mut() {
                Some(last) if u64::from(lo) <= u64::from(last.1) + 1 => last.1 = last.1.max(hi),
                _ => out.push((lo, hi)),
            }
        }
        Guard(out)
    }

    pub fn minus(&self, other: &Guard) -> Guard {
        let mut out = Vec::new();
        for &(lo, hi) in &self.0 {
            let mut lo = u64::from(lo);
            let hi = u64::from(hi);
            for &(olo, ohi) in &other.0 {
                let (olo, ohi) = (u64::from(olo), u64::from(ohi));
                if ohi < lo || olo > hi {
                    continue;
                }
                if olo > lo {
                    out.push((lo as u32, (olo - 1) as u32));
                }
                lo = lo.max(ohi + 1);
            }
            if lo <= hi {
                out.push((lo as u32, hi as u32));
            }
        }
        Guard(out)
    }

    pub fn intersect(&self, other: &Guard) -> Guard {
        self.minus(&self.minus(other))
    }
}

/// The largest symbol of `bits` bits.
pub fn max_symbol(bits: u32) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1u32 << bits) - 1
    }
}

fn show_symbol(f: &mut fmt::Formatter<'_>, v: u32) -> fmt::Result {
    match char::from_u32(v) {
        Some(c) if (0x21..0x7f).contains(&v) && c != '\'' && c != '\\' => write!(f, "'{c}'"),
        _ => write!(f, "{v:#04x}"),
    }
}

impl fmt::Display for Guard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[")?;
        for (i, &(lo, hi)) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            show_symbol(f, lo)?;
            if hi != lo {
                write!(f, "-")?;
                show_symbol(f, hi)?;
            }
        }
        write!(f, "]")
    }
}

/// An output symbol as a function of the window: `back` 0 is the current
/// symbol λ0, `back` j is λ−j.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    Const(u32),
    /// λ−back + offset.
    Symbol {
        back: u32,
        offset: i32,
    },
    /// The hexadecimal digit of nibble `nibble` (0 = lowest) of λ−back.
    Hex {
        back: u32,
        nibble: u8,
        upper: bool,
    },
    /// The decimal digit of λ−back at 10^`place`.
    Decimal {
        back: u32,
        place: u8,
    },
}

impl Term {
    /// How far back the term looks (0 for constants and λ0).
    pub fn back(&self) -> u32 {
        match *self {
            Term::Const(_) => 0,
            Term::Symbol { back, .. } | Term::Hex { back, .. } | Term::Decimal { back, .. } => back,
        }
    }

    /// The term's value where `window[j]` is λ−j (`None` before the input
    /// starts or at its end), in `bits`-bit symbols.
    pub fn eval(&self, window: &[Option<u32>], bits: u32) -> Option<u32> {
        let at = |back: u32| window.get(back as usize).copied().flatten();
        let mask = |v: i64| (v as u64 & u64::from(max_symbol(bits))) as u32;
        Some(match *self {
            Term::Const(c) => c,
            Term::Symbol { back, offset } => mask(i64::from(at(back)?) + i64::from(offset)),
            Term::Hex {
                back,
                nibble,
                upper,
            } => hex_digit((at(back)? >> (4 * u32::from(nibble))) & 15, upper),
            Term::Decimal { back, place } => {
                let v = at(back)?;
                b'0' as u32 + (v / 10u32.pow(u32::from(place))) % 10
            }
        })
    }

    /// The term's C expression, with `at(j)` the C expression of λ−j.
    pub fn to_c(&self, at: &dyn Fn(u32) -> String, bits: u32) -> String {
        let mask = max_symbol(bits);
        match *self {
            Term::Const(c) => format!("{c}"),
            Term::Symbol { back, offset } => format!("(({} + {offset}) & {mask})", at(back)),
            Term::Hex {
                back,
                nibble,
                upper,
            } => {
                let letter = if upper { 'A' } else { 'a' };
                let d = format!("(({} >> {}) & 15)", at(back), 4 * nibble);
                format!("({d} < 10 ? 48 + {d} : {} + {d} - 10)", letter as u32)
            }
            Term::Decimal { back, place } => {
                format!(
                    "(48 + ({} / {}) % 10)",
                    at(back),
                    10u32.pow(u32::from(place))
                )
            }
        }
    }
}

pub fn hex_digit(d: u32, upper: bool) -> u32 {
    match d {
        0..=9 => b'0' as u32 + d,
        _ if upper => b'A' as u32 + d - 10,
        _ => b'a' as u32 + d - 10,
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lambda = |back: u32| {
            if back == 0 {
                "λ0".to_string()
            } else {
                format!("λ-{back}")
            }
        };
        match *self {
            Term::Const(c) => show_symbol(f, c),
            Term::Symbol { back, offset: 0 } => write!(f, "{}", lambda(back)),
            Term::Symbol { back, offset } => write!(f, "{}{offset:+}", lambda(back)),
            Term::Hex {
                back,
                nibble,
                upper,
            } => write!(
                f,
                "{}({}, {nibble})",
                if upper { "HEX" } else { "hex" },
                lambda(back)
            ),
            Term::Decimal { back, place } => write!(f, "dec({}, {place})", lambda(back)),
        }
    }
}

/// A sequence of output terms; two or more printable characters in a row
/// read as one string (`"&lt;"`).
/// A string of symbols as an output of constants shows it (`"null"`).
pub fn show_string(symbols: &[u32]) -> String {
    show_output(&symbols.iter().map(|&v| Term::Const(v)).collect::<Vec<_>>())
}

pub fn show_output(terms: &[Term]) -> String {
    if terms.is_empty() {
        return "ε".into();
    }
    let printable = |t: &Term| match *t {
        Term::Const(c) => char::from_u32(c).filter(|ch| (' '..='~').contains(ch)),
        _ => None,
    };
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < terms.len() {
        let run = terms[i..]
            .iter()
            .take_while(|t| printable(t).is_some())
            .count();
        if run >= 2 {
            let text: String = terms[i..i + run]
                .iter()
                .filter_map(printable)
                .flat_map(|ch| match ch {
                    '"' | '\\' => vec!['\\', ch],
                    _ => vec![ch],
                })
                .collect();
            parts.push(format!("\"{text}\""));
            i += run;
        } else {
            parts.push(terms[i].to_string());
            i += 1;
        }
    }
    parts.join(" ")
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transition {
    pub guard: Guard,
    pub output: Vec<Term>,
    pub target: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Disjoint guards that cover every symbol.
    pub transitions: Vec<Transition>,
    /// What is written when the input ends in this state.
    pub final_output: Vec<Term>,
}

/// A deterministic, transition-complete symbolic transducer with lookback
/// and final outputs; state 0 is initial, every state is final.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transducer {
    pub bits: u32,
    pub states: Vec<State>,
}

impl Transducer {
    /// k: the furthest back any output term looks.
    pub fn lookback(&self) -> u32 {
        self.states
            .iter()
            .flat_map(|s| {
                s.transitions
                    .iter()
                    .flat_map(|t| t.output.iter())
                    .chain(&s.final_output)
            })
            .map(Term::back)
            .max()
            .unwrap_or(0)
    }

    /// The class it is in: a real-time k-SLT (the paper's class) when no
    /// state writes at the end of the input, else subsequential.
    pub fn class(&self) -> &'static str {
        if self.states.iter().all(|s| s.final_output.is_empty()) {
            "real-time"
        } else {
            "subsequential"
        }
    }

    /// The transducer in Graphviz's DOT: states, and an edge per
    /// transition labelled `guard / output`; the end output beside a state.
    pub fn to_dot(&self) -> String {
        let quote = |s: String| s.replace('\\', "\\\\").replace('"', "\\\"");
        let mut out = String::from("digraph transducer {\n  rankdir=LR;\n  node [shape=circle];\n");
        out.push_str("  start [shape=point];\n  start -> q0;\n");
        for (i, s) in self.states.iter().enumerate() {
            let end = if s.final_output.is_empty() {
                String::new()
            } else {
                format!("\\nend / {}", quote(show_output(&s.final_output)))
            };
            out.push_str(&format!("  q{i} [label=\"q{i}{end}\"];\n"));
            for t in &s.transitions {
                out.push_str(&format!(
                    "  q{i} -> q{} [label=\"{}\"];\n",
                    t.target,
                    quote(format!("{} / {}", t.guard, show_output(&t.output)))
                ));
            }
        }
        out.push_str("}\n");
        out
    }

    pub fn transitions(&self) -> usize {
        self.states.iter().map(|s| s.transitions.len()).sum()
    }

    /// The output on `input`, the final output included; `None` where a
    /// term has no value (it looks back before the input's start).
    pub fn run(&self, input: &[u32]) -> Option<Vec<u32>> {
        let mut out = Vec::new();
        let mut state = 0;
        for i in 0..=input.len() {
            let (next, written) = self.step_from(state, &input[..i], input.get(i).copied())?;
            out.extend(written);
            state = next;
        }
        Some(out)
    }

    /// The state a transition from `state` on `x` goes to.
    pub fn next(&self, state: usize, x: u32) -> Option<usize> {
        self.transition(state, x).map(|t| t.target)
    }

    fn transition(&self, state: usize, x: u32) -> Option<&Transition> {
        self.states[state]
            .transitions
            .iter()
            .find(|t| t.guard.contains(x))
    }

    /// What the step on `current` (`None`: the end of the input) writes
    /// after `prefix`.
    pub fn step_output(&self, prefix: &[u32], current: Option<u32>) -> Option<Vec<u32>> {
        let state = prefix.iter().try_fold(0, |state, &x| self.next(state, x))?;
        self.step_from(state, prefix, current)
            .map(|(_, written)| written)
    }

    /// From `state`, reached by `prefix`: the step on `current` — the
    /// state after it and what it writes.
    fn step_from(
        &self,
        state: usize,
        prefix: &[u32],
        current: Option<u32>,
    ) -> Option<(usize, Vec<u32>)> {
        self.step_in(state, &window(prefix, current, self.lookback()))
    }

    /// From `state`, with `window[j]` = λ−j (`window[0]` the current
    /// symbol, `None` at the end of the input; at least `lookback() + 1`
    /// long): the state after the step and what it writes.
    pub fn step_in(&self, state: usize, window: &[Option<u32>]) -> Option<(usize, Vec<u32>)> {
        let current = window.first().copied().flatten();
        let (next, terms) = match current {
            None => (state, &self.states[state].final_output),
            Some(x) => {
                let t = self.transition(state, x)?;
                (t.target, &t.output)
            }
        };
        let written = terms
            .iter()
            .map(|t| t.eval(window, self.bits))
            .collect::<Option<_>>()?;
        Some((next, written))
    }
}

/// The window of a step on `current` (`None`: the end of the input) after
/// `prefix`: `window[j]` is λ−j for j ≤ `k`, `None` before the input's start.
pub fn window(prefix: &[u32], current: Option<u32>, k: u32) -> Vec<Option<u32>> {
    (0..=k as usize)
        .map(|j| match j {
            0 => current,
            _ => prefix.len().checked_sub(j).map(|i| prefix[i]),
        })
        .collect()
}

impl fmt::Display for Transducer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.states.len();
        writeln!(
            f,
            "symbolic transducer: {n} state{}, lookback {}, {} transitions, {}-bit symbols",
            if n == 1 { "" } else { "s" },
            self.lookback(),
            self.transitions(),
            self.bits
        )?;
        for (i, s) in self.states.iter().enumerate() {
            writeln!(f, "q{i}{}:", if i == 0 { " (initial)" } else { "" })?;
            for t in &s.transitions {
                writeln!(
                    f,
                    "  {} / {} -> q{}",
                    t.guard,
                    show_output(&t.output),
                    t.target
                )?;
            }
            writeln!(f, "  end / {}", show_output(&s.final_output))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_algebra_agrees_with_sets_of_4_bit_symbols() {
        // Every pair of subsets of a 4-bit alphabet given as bit masks.
        let of = |mask: u32| {
            (0..16u32)
                .filter(|v| mask >> v & 1 == 1)
                .fold(Guard::empty(), |g, v| g.union(&Guard::single(v)))
        };
        let back = |g: &Guard| {
            (0..16u32)
                .filter(|&v| g.contains(v))
                .fold(0, |m, v| m | 1 << v)
        };
        for a in (0..1u32 << 16).step_by(97) {
            for b in (0..1u32 << 16).step_by(389) {
                let (ga, gb) = (of(a), of(b));
                assert_eq!(back(&ga.union(&gb)), a | b);
                assert_eq!(back(&ga.minus(&gb)), a & !b);
                assert_eq!(back(&ga.intersect(&gb)), a & b);
                assert_eq!(ga.count(), u64::from(a.count_ones()));
                // Canonical: the same set has one representation.
                assert_eq!(ga.union(&gb), of(a | b));
            }
        }
    }

    #[test]
    fn terms_evaluate_as_their_c_reading() {
        let w = [Some(0x3c), Some(b'a' as u32)];
        assert_eq!(Term::Const(7).eval(&w, 8), Some(7));
        assert_eq!(
            Term::Symbol { back: 1, offset: 0 }.eval(&w, 8),
            Some(b'a' as u32)
        );
        assert_eq!(
            Term::Symbol {
                back: 0,
                offset: -0x3d
            }
            .eval(&w, 8),
            Some(0xff)
        );
        let hex = |nibble, upper| Term::Hex {
            back: 0,
            nibble,
            upper,
        };
        assert_eq!(hex(1, false).eval(&w, 8), Some(b'3' as u32));
        assert_eq!(hex(0, true).eval(&w, 8), Some(b'C' as u32));
        assert_eq!(hex(0, false).eval(&w, 8), Some(b'c' as u32));
        let dec = |place| Term::Decimal { back: 0, place };
        assert_eq!(dec(0).eval(&w, 8), Some(b'0' as u32));
        assert_eq!(dec(1).eval(&w, 8), Some(b'6' as u32));
        assert_eq!(Term::Symbol { back: 2, offset: 0 }.eval(&w, 8), None);
    }
}
