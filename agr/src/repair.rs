//! Repair of M2 (the paper's §8.3–8.4) from a real error trace t of
//! M1 ‖ M2 × P, whose M2 part t2 must go.
//!
//! - With constraints in t: *abduction*. A constraint ψ over M2's
//!   variables, placed after t2 (the state t2 reaches is split: it stops
//!   accepting, and ψ leads to a new accepting copy), such that M1 with
//!   t2·ψ satisfies P — so every execution of t2 that ends in an error is
//!   gone and the others stay. The paper eliminates M1's variables from
//!   ∀X1.¬φ_t with Z3; bit-precisely, Lore searches ψ among thresholds on
//!   one variable of M2 (`v < k`, `v > k`): the safe `k`s are a prefix
//!   (or suffix) of v's type's range, so a binary search with one bounded
//!   check per probe finds the weakest, and the final ψ is proved for every
//!   number of steps. When no threshold is safe, ψ is `false`: the trace
//!   is blocked, and the repair says so.
//! - Without constraints: the syntactic methods — exact (only t2 goes),
//!   approximate (the last transition of t2 no longer reaches acceptance;
//!   the other ways into that state go to an accepting copy), aggressive
//!   (the state t2 reaches stops accepting).

use crate::automaton::{place_type, Action, Component, Transition};
use crate::check::{check, find_error, Outcome};
use crate::machine::Machine;
use crate::product::Step;
use crate::property::Label;
use crate::system::System;
use lore_frontend::ir::{BinaryOp, Expr, ExprKind, Place, Terminator};
use lore_frontend::source::Loc;
use lore_frontend::types::TypeTable;
use std::time::Duration;

/// How a constraint-free error trace is removed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Method {
    Exact,
    Approximate,
    Aggressive,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::Approximate => "approximate",
            Method::Aggressive => "aggressive",
        }
    }
}

/// What a repair did.
#[derive(Clone, Debug)]
pub struct Repair {
    pub machine: Machine,
    /// "abduction", "abduction (blocked)", or a syntactic method's name.
    pub how: String,
    /// The constraint added, as C text, and after which line of M2.
    pub psi: Option<(String, u32)>,
}

impl Repair {
    /// What was done, as a phrase: `abduction: psi = …, after line 14`
    /// or `the approximate method`.
    pub fn describe(&self) -> String {
        match &self.psi {
            Some((psi, line)) => format!("{}: psi = {psi}, after line {line}", self.how),
            None => format!("the {} method", self.how),
        }
    }
}

/// The M2 part of an error trace, as actions.
pub fn t2_of(trace: &[(Step, Vec<i128>)]) -> Vec<usize> {
    trace.iter().filter_map(|(s, _)| s.m2).collect()
}

fn has_constraints(system: &System, machine: &Machine, trace: &[(Step, Vec<i128>)]) -> bool {
    trace.iter().any(|(s, _)| {
        s.m1.is_some_and(|i| matches!(system.m1.transitions[i].action, Action::Constraint(_)))
            || s.m2
                .is_some_and(|a| matches!(machine.actions[a].0, Action::Constraint(_)))
            || s.p.is_some_and(|k| {
                matches!(system.property.transitions[k].label, Label::Constraint(..))
            })
    })
}

/// The step on which P enters an error state (the first), if any.
fn entering_error(system: &System, trace: &[(Step, Vec<i128>)]) -> Option<usize> {
    let mut p = system.property.initial;
    if system.property.error[p] {
        return None;
    }
    for (s, _) in trace {
        if let Some(k) = s.p {
            let t = &system.property.transitions[k];
            p = t.to;
            if system.property.error[p] {
                return Some(k);
            }
        }
    }
    None
}

fn entered_by_action(system: &System, trace: &[(Step, Vec<i128>)]) -> bool {
    entering_error(system, trace)
        .is_some_and(|k| !matches!(system.property.transitions[k].label, Label::Constraint(..)))
}

/// P's constraint `c` as one expression, where its function is the single
/// `return e;` (a comparison without `&&`, `||` or `?:`).
fn constraint_expr(system: &System, c: usize) -> Option<Expr> {
    let f = system.program.function(system.constraints[c]);
    let [block] = &f.body.as_ref()?.blocks[..] else {
        return None;
    };
    match &block.term {
        Terminator::Return(Some(e)) if block.stmts.is_empty() => Some(e.clone()),
        _ => None,
    }
}

/// Whether every variable `e` reads is one of `places`.
fn reads_only(e: &Expr, places: &[Place]) -> bool {
    match &e.kind {
        ExprKind::Load(p) => places.contains(p),
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Zero => true,
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => reads_only(a, places),
        ExprKind::Binary(_, a, b, _) => reads_only(a, places) && reads_only(b, places),
        ExprKind::Ite(c, a, b) => {
            reads_only(c, places) && reads_only(a, places) && reads_only(b, places)
        }
        ExprKind::AddrOf(_) | ExprKind::FunctionAddr(_) => false,
    }
}

/// Removes the error trace from `machine`.
pub fn repair(
    system: &System,
    machine: &Machine,
    trace: &[(Step, Vec<i128>)],
    method: Method,
    bound: u32,
    time: Duration,
) -> Repair {
    let t2 = t2_of(trace);
    // An error P enters on a channel action is an order of actions (a
    // `done` before the answer): the syntactic methods remove it, whatever
    // conditions the trace passed on the way.
    if has_constraints(system, machine, trace) && !entered_by_action(system, trace) {
        abduce(system, machine, trace, bound, time)
    } else {
        Repair {
            machine: syntactic(machine, &t2, method),
            how: method.name().to_string(),
            psi: None,
        }
    }
}

/// M2's integer variables a constraint can name: the globals its function
/// uses and its own variables, with their places, types and names.
fn variables(system: &System) -> Vec<(Place, lore_frontend::types::TypeId, String)> {
    let program = &system.program;
    let f = program.function(system.m2.function);
    let mut out: Vec<(Place, lore_frontend::types::TypeId, String)> = Vec::new();
    let seen = |p: &Place, out: &mut Vec<(Place, lore_frontend::types::TypeId, String)>| {
        if out.iter().any(|(q, _, _)| q == p) {
            return;
        }
        let Some(ty) = place_type(program, f, p) else {
            return;
        };
        if !program.types.is_integer(ty) {
            return;
        }
        let name = match p {
            Place::Global(g) => program.globals[g.index()].name.clone(),
            Place::Local(l) => f.locals[l.0 as usize].name.clone(),
            _ => return,
        };
        // The front end's temporaries (`$tmp1`, a receive's raw value) are
        // not the program's variables: a repair names what the user wrote.
        if name.starts_with("__") || name.starts_with('$') || name.is_empty() {
            return;
        }
        out.push((p.clone(), ty, name));
    };
    for t in &system.m2.transitions {
        let places: Vec<Place> = match &t.action {
            Action::Statement(s) => match &s.kind {
                lore_frontend::ir::StmtKind::Assign { place, .. }
                | lore_frontend::ir::StmtKind::Nondet { place } => vec![place.clone()],
                _ => Vec::new(),
            },
            Action::Receive { then, dest, .. } => then
                .iter()
                .filter_map(|s| match &s.kind {
                    lore_frontend::ir::StmtKind::Assign { place, .. } => Some(place.clone()),
                    _ => None,
                })
                .chain(dest.iter().cloned())
                .collect(),
            _ => Vec::new(),
        };
        for p in &places {
            seen(p, &mut out);
        }
    }
    out
}

/// `v op k` over a variable of type `ty` (`k` as the low bits of its two's
/// complement, as the IR's constants are).
fn threshold(
    place: &Place,
    ty: lore_frontend::types::TypeId,
    bits: u32,
    op: BinaryOp,
    k: i128,
) -> Expr {
    let low = if bits >= 128 {
        k as u128
    } else {
        (k as u128) & ((1u128 << bits) - 1)
    };
    Expr::binary(
        op,
        Expr::load(place.clone(), ty),
        Expr::int(low, ty),
        TypeTable::BOOL,
    )
}

/// The range of an integer type, as far as `i128` reaches.
fn range(bits: u32, signed: bool) -> (i128, i128) {
    match (signed, bits) {
        (true, b) if b >= 128 => (i128::MIN, i128::MAX),
        (true, b) => (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1),
        (false, b) if b >= 127 => (0, i128::MAX),
        (false, b) => (0, (1i128 << b) - 1),
    }
}

/// M2 with t2 followed by `psi` as the only way on to acceptance.
fn with_psi(machine: &Machine, t2: &[usize], psi: Action, loc: Loc) -> Option<Machine> {
    let (states, _) = machine.run(t2)?;
    let q = *states.last()?;
    let mut m = machine.clone();
    m.actions.push((psi, loc));
    let a = m.actions.len() - 1;
    let copy = m.add_state(m.accepting[q]);
    m.accepting[q] = false;
    m.transitions.push((q, a, copy));
    Some(m)
}

/// t2 followed by `psi`, alone, as a machine (for probing ψ).
fn chain_with(machine: &Machine, t2: &[usize], psi: Action, loc: Loc) -> Machine {
    let mut m = Machine {
        actions: machine.actions.clone(),
        states: t2.len() + 2,
        initial: 0,
        accepting: vec![false; t2.len() + 2],
        transitions: t2.iter().enumerate().map(|(i, &a)| (i, a, i + 1)).collect(),
    };
    m.actions.push((psi, loc));
    let a = m.actions.len() - 1;
    m.transitions.push((t2.len(), a, t2.len() + 1));
    m.accepting[t2.len() + 1] = true;
    m
}

fn abduce(
    system: &System,
    machine: &Machine,
    trace: &[(Step, Vec<i128>)],
    bound: u32,
    time: Duration,
) -> Repair {
    let types = &system.program.types;
    let t2 = &t2_of(trace)[..];
    // ψ goes after t2's last action.
    let loc = t2.last().map_or(Loc::NONE, |&a| machine.actions[a].1);
    // Probes run on the trace: M1 cut down to its part of t (a chain), M2
    // to t2 followed by ψ — no loops, so each probe is a small bounded
    // check. The ψ found blocks t; whether it blocks every error of t2 with
    // the whole M1 is checked after, and any error left is the next
    // iteration's.
    let t1: Vec<usize> = trace.iter().filter_map(|(s, _)| s.m1).collect();
    let mut on_trace = system.clone();
    on_trace.m1 = Component {
        states: t1.len() + 1,
        initial: 0,
        accepting: (0..=t1.len()).map(|i| i == t1.len()).collect(),
        transitions: t1
            .iter()
            .enumerate()
            .map(|(i, &k)| Transition {
                from: i,
                to: i + 1,
                ..system.m1.transitions[k].clone()
            })
            .collect(),
        ..system.m1.clone()
    };
    // P too follows its path in t: the probes ask whether ψ blocks this
    // error, not every error on t's actions (a trace through two clients
    // that may each overflow is repaired one threshold at a time, and the
    // next iteration finds the other).
    let p_path: Vec<usize> = trace.iter().filter_map(|(s, _)| s.p).collect();
    let mut p_state = system.property.initial;
    let mut error = vec![system.property.error[p_state]];
    let mut chain = Vec::new();
    for (i, &k) in p_path.iter().enumerate() {
        let t = &system.property.transitions[k];
        p_state = t.to;
        error.push(system.property.error[p_state]);
        chain.push(crate::property::Transition {
            from: i,
            to: i + 1,
            ..t.clone()
        });
    }
    on_trace.property = crate::property::Property {
        states: (0..=p_path.len()).map(|i| format!("t{i}")).collect(),
        initial: 0,
        error,
        transitions: chain,
        constraints: system.property.constraints.clone(),
    };
    // A ψ that contradicts t2 itself (an earlier repair's ψ on the same
    // path) blocks the error by blocking everything: P here lets every
    // channel action happen and calls the end an error, so "an error" is
    // "t2 followed by ψ can run to its end" — with the whole of M1, not
    // its part of t: M1's branch conditions on t are what made t an
    // error, and a ψ that blocks the error makes M1 take another branch
    // (`if (y >= 7) bad = 1;` with ψ = x < 7), which is a good run.
    let any = crate::check::anything_ends(system, &system.property);
    let probe_bound = (trace.len() as u32 + 3).max(4);
    // A probe: t2 followed by ψ, with M1 and P as `with` has them; is
    // there an "error"?
    let probe = |with: &System, psi: &Expr, steps: u32| {
        let chain = chain_with(machine, t2, Action::Constraint(psi.clone()), loc);
        find_error(with, &chain.component(&system.m2), steps).is_some()
    };
    let feasible = |psi: &Expr| probe(&any, psi, bound.max(probe_bound));
    let safe = |psi: &Expr| !probe(&on_trace, psi, probe_bound);
    let candidates = variables(system);
    // The weakest precondition first: where P enters its error on a
    // constraint over M2's variables alone, ψ is that constraint's
    // negation (`a1 <= c1` → ψ = !(a1 <= c1); the paper's Example 7:
    // x < 100 → ψ = !(x < 100)).
    let places: Vec<Place> = candidates.iter().map(|(p, _, _)| p.clone()).collect();
    if let Some(k) = entering_error(system, trace) {
        if let Label::Constraint(text, c) = &system.property.transitions[k].label {
            if let Some(e) = constraint_expr(system, *c).filter(|e| reads_only(e, &places)) {
                let psi = Expr::not(e);
                if safe(&psi) {
                    if let Some(m) = with_psi(machine, t2, Action::Constraint(psi), loc) {
                        return Repair {
                            machine: m,
                            how: "abduction (the negation of the constraint P fails on)".into(),
                            psi: Some((format!("!({text})"), loc.line)),
                        };
                    }
                }
            }
        }
    }
    for (place, ty, name) in candidates {
        let bits = types.bit_width(ty);
        let (min, max) = range(bits, types.is_signed(ty));
        let lt = |k: i128| threshold(&place, ty, bits, BinaryOp::Lt, k);
        let gt = |k: i128| threshold(&place, ty, bits, BinaryOp::Gt, k);
        for (op, make, from_low) in [("<", &lt as &dyn Fn(i128) -> Expr, true), (">", &gt, false)] {
            // Monotone: v < k is safe for every k up to some kmax (v > k
            // for every k from some kmin). Search that boundary.
            let (mut lo, mut hi) = (min, max);
            let ok_at = |k: i128| safe(&make(k));
            // ψ = true is not safe (the trace is an error), so a safe
            // `v < max` blocks exactly v = max (an unsigned char's 255).
            let found = if from_low {
                // The largest safe k in [min, max]; v < min is always safe.
                if ok_at(max) {
                    Some(max)
                } else {
                    while lo < hi {
                        // The upper middle, without overflow on i128's range.
                        let span = (hi as u128).wrapping_sub(lo as u128);
                        let mid = (lo as u128).wrapping_add(span / 2 + 1) as i128;
                        if ok_at(mid) {
                            lo = mid;
                        } else {
                            hi = mid - 1;
                        }
                    }
                    (lo > min).then_some(lo)
                }
            } else if ok_at(min) {
                Some(min)
            } else {
                while lo < hi {
                    let span = (hi as u128).wrapping_sub(lo as u128);
                    let mid = (lo as u128).wrapping_add(span / 2) as i128;
                    if ok_at(mid) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                (lo < max).then_some(lo)
            };
            let Some(k) = found else { continue };
            let psi = make(k);
            if !feasible(&psi) {
                continue;
            }
            // Does it block every error of t2 with the whole of M1?
            let chain = chain_with(machine, t2, Action::Constraint(psi.clone()), loc);
            let everywhere = matches!(
                check(system, &chain.component(&system.m2), bound, time),
                Outcome::Holds(_)
            );
            if let Some(m) = with_psi(machine, t2, Action::Constraint(psi), loc) {
                return Repair {
                    machine: m,
                    how: if everywhere {
                        "abduction".into()
                    } else {
                        "abduction (it blocks this trace; other errors of t2 are left for the next iteration)".into()
                    },
                    psi: Some((format!("{name} {op} {}", c_literal(k, ty, types)), loc.line)),
                };
            }
        }
    }
    // No threshold: block the trace (ψ = false).
    let blocked = with_psi(machine, t2, Action::Constraint(Expr::bool(false)), loc)
        .unwrap_or_else(|| machine.clone());
    Repair {
        machine: blocked,
        how: "abduction found no threshold: the trace is blocked".into(),
        psi: Some(("0".into(), loc.line)),
    }
}

/// `k` as C of type `ty` (128-bit constants built from halves).
fn c_literal(k: i128, ty: lore_frontend::types::TypeId, types: &TypeTable) -> String {
    if types.bit_width(ty) <= 64 || (i64::MIN as i128..=i64::MAX as i128).contains(&k) {
        return k.to_string();
    }
    if k > 0 && (k as u128).is_power_of_two() {
        return format!("((__int128)1 << {})", (k as u128).trailing_zeros());
    }
    let u = k as u128;
    format!(
        "(((__int128)0x{:x} << 64) | (__int128)0x{:x}u)",
        u >> 64,
        u & u128::from(u64::MAX)
    )
}

/// The syntactic methods on `machine` for the constraint-free t2.
fn syntactic(machine: &Machine, t2: &[usize], method: Method) -> Machine {
    let Some((states, taken)) = machine.run(t2) else {
        return machine.clone();
    };
    let q = *states.last().unwrap_or(&machine.initial);
    let mut m = machine.clone();
    match method {
        Method::Aggressive => m.accepting[q] = false,
        Method::Approximate => {
            let last = taken.last().copied();
            let copy = m.add_state(true);
            m.accepting[q] = false;
            let outgoing: Vec<(usize, usize, usize)> = m
                .transitions
                .iter()
                .filter(|t| t.0 == q)
                .map(|&(_, a, to)| (copy, a, if to == q { copy } else { to }))
                .collect();
            for (k, t) in m.transitions.iter_mut().enumerate() {
                if t.2 == q && Some(k) != last {
                    t.2 = copy;
                }
            }
            m.transitions.extend(outgoing);
        }
        Method::Exact => {
            // States (state of M2, how much of t2 read so far, or off it).
            let n = t2.len();
            let index = |s: usize, j: usize| s * (n + 2) + j; // j = n + 1: off t2
            let mut out = Machine {
                actions: m.actions.clone(),
                states: m.states * (n + 2),
                initial: index(m.initial, 0),
                accepting: vec![false; m.states * (n + 2)],
                transitions: Vec::new(),
            };
            for s in 0..m.states {
                for j in 0..=n + 1 {
                    out.accepting[index(s, j)] = m.accepting[s] && j != n;
                }
            }
            for &(from, a, to) in &m.transitions {
                for j in 0..=n + 1 {
                    let next = if t2.get(j) == Some(&a) { j + 1 } else { n + 1 };
                    out.transitions.push((index(from, j), a, index(to, next)));
                }
            }
            return trim(&out);
        }
    }
    m
}

/// Only the states reachable from the initial one.
fn trim(m: &Machine) -> Machine {
    let mut number = vec![usize::MAX; m.states];
    let mut order = vec![m.initial];
    number[m.initial] = 0;
    let mut i = 0;
    while i < order.len() {
        let s = order[i];
        for &(from, _, to) in &m.transitions {
            if from == s && number[to] == usize::MAX {
                number[to] = order.len();
                order.push(to);
            }
        }
        i += 1;
    }
    Machine {
        actions: m.actions.clone(),
        states: order.len(),
        initial: 0,
        accepting: order.iter().map(|&s| m.accepting[s]).collect(),
        transitions: m
            .transitions
            .iter()
            .filter(|t| number[t.0] != usize::MAX)
            .map(|&(f, a, t)| (number[f], a, number[t]))
            .collect(),
    }
}
