//! The paper's form of a learned transducer: lookback in the guards.
//!
//! Learning gives a transducer whose guards read the current symbol λ0
//! alone; only its output terms look back. Where the last few symbols
//! tell two of its states apart, the paper's k-SLT (Def. 2: guards over
//! λ−k … λ0) needs one state for both. [`fold`] finds such states and
//! merges them: a folded state is a set of learned states (its *cases*),
//! each but one with a condition on the last symbols, and its transitions
//! are theirs under that condition.
//!
//! The fold is exact, not a new conjecture: for every learned state q,
//! `windows(q)` is the set of every window of the last k symbols (⊥
//! before the input's start) with which a run can be in q, computed from
//! the transitions into q; states are merged only where those sets are
//! disjoint, and each condition contains its state's set and meets no
//! other case's. So the window at a step tells which case the run is in,
//! and the folded transducer writes, on every input, what the learned one
//! writes ([`Folded::run`]; brute force checks it below). Whatever was
//! proved of the learned transducer holds of its fold.

use crate::model::{max_symbol, show_output, window, Guard, Term, Transducer};
use std::fmt;

/// How much further back than the output terms (and at least one symbol)
/// a fold's conditions may look.
const FOLD_BEYOND: u32 = 1;
/// A state's windows are compared box by box, and merging boxes takes
/// time cubic in their number: beyond this many, no fold at that lookback.
const MAX_BOXES: usize = 2000;

/// A set of windows of the last `k` symbols: a union of boxes, each box a
/// guard per position (`box[j - 1]` holds λ−j). A guard may hold
/// `bottom(bits)`, ⊥: no symbol there yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Windows(Vec<Vec<Guard>>);

/// ⊥: the value that stands for "before the input's start" in a window.
pub fn bottom(bits: u32) -> u32 {
    max_symbol(bits) + 1
}

impl Windows {
    pub fn boxes(&self) -> &[Vec<Guard>] {
        &self.0
    }

    /// Whether `window` (`window[j - 1]` is λ−j, `None` for ⊥) is in the set.
    pub fn contains(&self, window: &[Option<u32>], bits: u32) -> bool {
        self.0.iter().any(|b| {
            b.iter()
                .enumerate()
                .all(|(j, g)| g.contains(window.get(j).copied().flatten().unwrap_or(bottom(bits))))
        })
    }

    fn meets(&self, other: &Windows) -> bool {
        self.0.iter().any(|a| {
            other
                .0
                .iter()
                .any(|b| a.iter().zip(b).all(|(x, y)| !x.intersect(y).is_empty()))
        })
    }

    /// The windows of the last `depth` symbols (λ−1 … λ−depth) only.
    fn project(&self, depth: usize) -> Windows {
        let mut boxes: Vec<Vec<Guard>> = Vec::new();
        for b in &self.0 {
            let cut = b[..depth].to_vec();
            if !boxes.contains(&cut) {
                boxes.push(cut);
            }
        }
        Windows(boxes).merged()
    }

    /// Boxes that differ in one position only become one.
    fn merged(mut self) -> Windows {
        'again: loop {
            for i in 0..self.0.len() {
                for j in i + 1..self.0.len() {
                    let (a, b) = (&self.0[i], &self.0[j]);
                    let differ: Vec<usize> = (0..a.len()).filter(|&p| a[p] != b[p]).collect();
                    if differ.len() <= 1 {
                        let b = self.0.swap_remove(j);
                        if let Some(&p) = differ.first() {
                            self.0[i][p] = self.0[i][p].union(&b[p]);
                        }
                        continue 'again;
                    }
                }
            }
            return self;
        }
    }
}

/// A learned state inside a folded one: the windows that select it
/// (`None` for the case that holds otherwise), and its transitions with
/// their targets renumbered to folded states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub learned: usize,
    pub when: Option<Windows>,
    pub transitions: Vec<(Guard, Vec<Term>, usize)>,
    pub final_output: Vec<Term>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoldedState {
    /// The cases with a condition first, the one that holds otherwise last.
    pub cases: Vec<Case>,
}

/// A learned transducer as a k-SLT with lookback in its guards; state 0
/// is initial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folded {
    pub bits: u32,
    pub states: Vec<FoldedState>,
}

impl Folded {
    /// k: the furthest back a condition or an output term looks.
    pub fn lookback(&self) -> u32 {
        let cases = || self.states.iter().flat_map(|s| &s.cases);
        let conditions = cases()
            .filter_map(|c| c.when.as_ref())
            .flat_map(|w| w.0.iter().map(|b| b.len() as u32));
        let terms = cases().flat_map(|c| {
            c.transitions
                .iter()
                .flat_map(|t| t.1.iter())
                .chain(&c.final_output)
                .map(Term::back)
        });
        conditions.chain(terms).max().unwrap_or(0)
    }

    pub fn transitions(&self) -> usize {
        let cases = self.states.iter().flat_map(|s| &s.cases);
        cases.map(|c| c.transitions.len()).sum()
    }

    /// The output on `input`, the final output included; `None` where a
    /// term has no value (as [`Transducer::run`]).
    pub fn run(&self, input: &[u32]) -> Option<Vec<u32>> {
        let k = self.lookback();
        let mut out = Vec::new();
        let mut state = 0;
        for i in 0..=input.len() {
            let window = window(&input[..i], input.get(i).copied(), k);
            let case = self.states[state].cases.iter().find(|c| {
                c.when
                    .as_ref()
                    .is_none_or(|w| w.contains(&window[1..], self.bits))
            })?;
            let (next, terms) = match window[0] {
                None => (state, &case.final_output),
                Some(x) => {
                    let t = case.transitions.iter().find(|t| t.0.contains(x))?;
                    (t.2, &t.1)
                }
            };
            for term in terms {
                out.push(term.eval(&window, self.bits)?);
            }
            state = next;
        }
        Some(out)
    }
}

/// The fold of `t` with the fewest states, its conditions looking back as
/// far as its output terms (at least one symbol), or [`FOLD_BEYOND`]
/// further (the smaller lookback among equals); `None` when no fold has
/// fewer states than `t`.
pub fn fold(t: &Transducer) -> Option<Folded> {
    if t.bits >= 32 {
        return None;
    }
    let least = t.lookback().max(1);
    (least..=least + FOLD_BEYOND)
        .filter_map(|k| fold_with(t, k as usize))
        .filter(|f| f.states.len() < t.states.len())
        .min_by_key(|f| f.states.len())
}

/// The fold whose conditions look at most `k` symbols back; `None` where
/// the windows of a state are too many boxes to compare.
fn fold_with(t: &Transducer, k: usize) -> Option<Folded> {
    let reachable = reachable(t);
    let windows = windows(t, k, &reachable)?;
    // Greedy colouring of the states whose windows meet, the initial state
    // first: a colour is a folded state.
    let mut colour: Vec<Option<usize>> = vec![None; t.states.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for q in (0..t.states.len()).filter(|&q| reachable[q]) {
        let free = groups
            .iter()
            .position(|g| g.iter().all(|&r| !windows[q].meets(&windows[r])));
        let c = free.unwrap_or_else(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[c].push(q);
        colour[q] = Some(c);
    }
    let states = groups
        .iter()
        .map(|members| {
            // The case that holds otherwise: the state entered most often.
            let entered = |q: usize| {
                let into = t.states.iter().flat_map(|s| &s.transitions);
                into.filter(|tr| tr.target == q).count()
            };
            let otherwise = *members
                .iter()
                .max_by_key(|&&q| (entered(q), std::cmp::Reverse(q)))
                .expect("a folded state has a member");
            let mut cases: Vec<Case> = members
                .iter()
                .filter(|&&q| q != otherwise)
                .map(|&q| {
                    let others = members.iter().filter(|&&r| r != q);
                    let apart = |depth: usize| {
                        let mine = windows[q].project(depth);
                        others
                            .clone()
                            .all(|&r| !mine.meets(&windows[r].project(depth)))
                    };
                    let depth = (1..=k).find(|&d| apart(d)).unwrap_or(k);
                    case(t, q, Some(windows[q].project(depth)), &colour)
                })
                .collect();
            cases.push(case(t, otherwise, None, &colour));
            FoldedState { cases }
        })
        .collect();
    Some(Folded {
        bits: t.bits,
        states,
    })
}

fn case(t: &Transducer, q: usize, when: Option<Windows>, colour: &[Option<usize>]) -> Case {
    let s = &t.states[q];
    Case {
        learned: q,
        when,
        transitions: s
            .transitions
            .iter()
            .map(|tr| {
                let to = colour[tr.target].expect("a target of a reachable state is reachable");
                (tr.guard.clone(), tr.output.clone(), to)
            })
            .collect(),
        final_output: s.final_output.clone(),
    }
}

fn reachable(t: &Transducer) -> Vec<bool> {
    let mut seen = vec![false; t.states.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(q) = stack.pop() {
        for tr in &t.states[q].transitions {
            if !seen[tr.target] {
                seen[tr.target] = true;
                stack.push(tr.target);
            }
        }
    }
    seen
}

/// For each reachable state, every window of the last `k` symbols a run
/// can be in it with: ⊥…⊥ for the initial state at the start, and the
/// guard of a transition into it before a window of its source.
/// `None` where a state's windows take more than [`MAX_BOXES`] boxes.
fn windows(t: &Transducer, k: usize, reachable: &[bool]) -> Option<Vec<Windows>> {
    let bottom = Guard::single(bottom(t.bits));
    // Depth 0: the empty window, everywhere.
    let mut at: Vec<Windows> = vec![Windows(vec![vec![]]); t.states.len()];
    for depth in 1..=k {
        let mut next: Vec<Windows> = vec![Windows(Vec::new()); t.states.len()];
        next[0].0.push(vec![bottom.clone(); depth]);
        for p in (0..t.states.len()).filter(|&p| reachable[p]) {
            // The symbols that take p to each target, as one guard.
            let mut into: Vec<(usize, Guard)> = Vec::new();
            for tr in &t.states[p].transitions {
                match into.iter_mut().find(|(q, _)| *q == tr.target) {
                    Some((_, g)) => *g = g.union(&tr.guard),
                    None => into.push((tr.target, tr.guard.clone())),
                }
            }
            for (q, g) in into {
                for b in &at[p].0 {
                    let mut longer = vec![g.clone()];
                    longer.extend(b.iter().cloned());
                    next[q].0.push(longer);
                }
            }
        }
        if next.iter().any(|w| w.0.len() > MAX_BOXES) {
            return None;
        }
        at = next.into_iter().map(Windows::merged).collect();
    }
    Some(at)
}

/// One box: `λ-1 ∈ [..] ∧ λ-2 ∈ [..]`, positions that hold anything left out.
fn show_box(f: &mut fmt::Formatter<'_>, b: &[Guard], bits: u32) -> fmt::Result {
    let any = Guard::interval(0, bottom(bits));
    let mut first = true;
    for (j, g) in b.iter().enumerate().rev() {
        if *g == any {
            continue;
        }
        if !first {
            write!(f, " ∧ ")?;
        }
        first = false;
        let symbols = g.minus(&Guard::single(bottom(bits)));
        let start = g.contains(bottom(bits));
        write!(f, "λ-{}", j + 1)?;
        match (symbols.is_empty(), start) {
            (true, _) => write!(f, " = ⊥")?,
            (false, false) => write!(f, " ∈ {symbols}")?,
            (false, true) => write!(f, " ∈ {symbols} or ⊥")?,
        }
    }
    if first {
        write!(f, "true")?;
    }
    Ok(())
}

impl fmt::Display for Folded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.states.len();
        writeln!(
            f,
            "with lookback in the guards (a k-SLT): {n} state{}, lookback {}, {} transitions",
            if n == 1 { "" } else { "s" },
            self.lookback(),
            self.transitions(),
        )?;
        for (i, s) in self.states.iter().enumerate() {
            writeln!(f, "q{i}{}:", if i == 0 { " (initial)" } else { "" })?;
            let alone = s.cases.len() == 1;
            for c in &s.cases {
                let indent = if alone { "  " } else { "    " };
                match (&c.when, alone) {
                    (_, true) => {}
                    (None, false) => writeln!(f, "  otherwise (learned state q{}):", c.learned)?,
                    (Some(w), false) => {
                        write!(f, "  if ")?;
                        let several = w.0.len() > 1;
                        for (b, one) in w.0.iter().enumerate() {
                            if b > 0 {
                                write!(f, " or ")?;
                            }
                            if several {
                                write!(f, "(")?;
                            }
                            show_box(f, one, self.bits)?;
                            if several {
                                write!(f, ")")?;
                            }
                        }
                        writeln!(f, " (learned state q{}):", c.learned)?;
                    }
                }
                for (guard, output, to) in &c.transitions {
                    writeln!(f, "{indent}{guard} / {} -> q{to}", show_output(output))?;
                }
                writeln!(f, "{indent}end / {}", show_output(&c.final_output))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{State, Transition};
    use crate::tested::SplitMix as Rng;

    /// A random transition-complete transducer over 2-bit symbols whose
    /// terms look back at most `k`.
    fn random(rng: &mut Rng, states: usize, k: u32) -> Transducer {
        let term = |rng: &mut Rng| match rng.below(3) {
            0 => Term::Const(rng.below(4) as u32),
            _ => Term::Symbol {
                back: rng.below(u64::from(k) + 1) as u32,
                offset: rng.below(3) as i32 - 1,
            },
        };
        let output = |rng: &mut Rng| (0..rng.below(3)).map(|_| term(rng)).collect::<Vec<_>>();
        let states = (0..states)
            .map(|_| {
                // Cut 0..=3 into intervals.
                let mut cuts: Vec<u32> = (1..4).filter(|_| rng.below(2) == 0).collect();
                cuts.insert(0, 0);
                cuts.push(4);
                let transitions = cuts
                    .windows(2)
                    .map(|w| Transition {
                        guard: Guard::interval(w[0], w[1] - 1),
                        output: output(rng),
                        target: rng.below(states as u64) as usize,
                    })
                    .collect();
                State {
                    transitions,
                    final_output: output(rng),
                }
            })
            .collect();
        Transducer { bits: 2, states }
    }

    fn words(bits: u32, longest: usize) -> Vec<Vec<u32>> {
        let mut all = vec![vec![]];
        let mut last = vec![vec![]];
        for _ in 0..longest {
            last = last
                .iter()
                .flat_map(|w: &Vec<u32>| {
                    (0..1u32 << bits).map(move |x| {
                        let mut w = w.clone();
                        w.push(x);
                        w
                    })
                })
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    #[test]
    fn a_fold_writes_what_the_learned_transducer_writes_on_every_input_up_to_length_6() {
        let mut rng = Rng(7);
        let inputs = words(2, 6);
        let mut folded = 0;
        for round in 0..600 {
            let t = random(&mut rng, 2 + round % 5, (round % 3) as u32);
            for k in 1..=3 {
                let f = fold_with(&t, k).expect("few boxes");
                for w in &inputs {
                    assert_eq!(f.run(w), t.run(w), "{t}\n{f}\non {w:?}");
                }
            }
            if fold(&t).is_some() {
                folded += 1;
            }
        }
        // The test is not empty: many random transducers fold.
        assert!(folded >= 100, "{folded} folded");
    }

    #[test]
    fn a_decoder_that_waits_for_a_continuation_folds_into_one_state() {
        // Over 2-bit symbols: 3 is a lead, 2 a continuation. After a lead
        // the transducer waits; a continuation completes the pair (written
        // as 0), anything else flushes the lead.
        let plain = |target| Transition {
            guard: Guard::interval(0, 2),
            output: vec![Term::Symbol { back: 0, offset: 0 }],
            target,
        };
        let t = Transducer {
            bits: 2,
            states: vec![
                State {
                    transitions: vec![
                        plain(0),
                        Transition {
                            guard: Guard::single(3),
                            output: vec![],
                            target: 1,
                        },
                    ],
                    final_output: vec![],
                },
                State {
                    transitions: vec![
                        Transition {
                            guard: Guard::interval(0, 1),
                            output: vec![
                                Term::Symbol { back: 1, offset: 0 },
                                Term::Symbol { back: 0, offset: 0 },
                            ],
                            target: 0,
                        },
                        Transition {
                            guard: Guard::single(2),
                            output: vec![Term::Const(0)],
                            target: 0,
                        },
                        Transition {
                            guard: Guard::single(3),
                            output: vec![Term::Symbol { back: 1, offset: 0 }],
                            target: 1,
                        },
                    ],
                    final_output: vec![Term::Symbol { back: 1, offset: 0 }],
                },
            ],
        };
        let f = fold(&t).expect("the two states fold");
        assert_eq!(f.states.len(), 1);
        assert_eq!(f.lookback(), 1);
        let shown = f.to_string();
        assert!(
            shown.contains("if λ-1 ∈ [0x03] (learned state q1):"),
            "{shown}"
        );
        assert!(shown.contains("otherwise (learned state q0):"), "{shown}");
        for w in words(2, 7) {
            assert_eq!(f.run(&w), t.run(&w));
        }
    }

    #[test]
    fn windows_at_the_start_hold_bottom() {
        // One state, terms over λ0: nothing to fold.
        let t = Transducer {
            bits: 2,
            states: vec![State {
                transitions: vec![Transition {
                    guard: Guard::full(2),
                    output: vec![],
                    target: 0,
                }],
                final_output: vec![],
            }],
        };
        assert_eq!(fold(&t), None);
        let w = windows(&t, 2, &[true]).expect("one box");
        assert!(w[0].contains(&[None, None], 2));
        assert!(w[0].contains(&[Some(1), None], 2));
        assert!(w[0].contains(&[Some(1), Some(3)], 2));
    }
}
