//! Gates and their clauses, written on demand.
//!
//! A gate is recorded when it is made, with no clause. Its clauses (both
//! directions of its definition, as Tseitin's encoding) are written when a
//! clause or an assumption first mentions it, and then those of its
//! inputs, so the formula is exactly the cone of its constraints: the
//! circuits symbolic execution builds for values no check depends on (the
//! guard of an input that no check reads, a value computed and then
//! overwritten) cost nothing. Clauses are only ever added, so a later
//! constraint on a new part of the circuit extends the formula as the
//! incremental users (the learner's teacher, k-induction) need.
//!
//! A gate no constraint reaches has no clauses, so the solver's model says
//! nothing about it: values are read by evaluating the gates over the
//! model's inputs ([`Definitions::eval`]).
//!
//! The solver sees only the formula's variables: each cone's variables
//! get the solver's next ones, in the circuit's order (inputs before the
//! gates over them), when the cone is written. An input outside the
//! formula reads false.
//!
//! One-directional encodings (Plaisted and Greenbaum) were measured and
//! not kept: on the scaling benchmark's formulas they saved under 2 % of
//! the clauses over the cone alone (bubble_sort_linux_false at k = 4:
//! 199,769 against 199,906), and made some arithmetic formulas slower.

use crate::solver::{Lit, SatSolver};
use std::cell::RefCell;

/// What a gate variable computes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Gate {
    And(Lit, Lit),
    Xor(Lit, Lit),
    /// The parity of three (an adder's sum bit).
    Xor3(Lit, Lit, Lit),
    /// `c ? t : e`.
    Mux(Lit, Lit, Lit),
    /// The majority of three.
    Maj(Lit, Lit, Lit),
    /// Unsigned `a < b` of two bit-vectors ([`Definitions::less`]).
    Less(u32),
    /// Bit `bit` of the quotient (or the remainder) of a division
    /// ([`Definitions::divide`]): no clause of its own; the division's
    /// condition holds wherever one of its bits is in the formula.
    Quotient {
        division: u32,
        bit: u16,
        remainder: bool,
    },
}

/// An unsigned division written as CBMC writes it: the quotient `q` and
/// remainder `r` are variables, and a condition `holds` (made by the
/// circuit over them) says `a = q·b + r` with `r < b`, or, where `b` is
/// 0, `q` all ones and `r = a` (what a restoring divider gives). The
/// solver can guess a quotient and check it, where a restoring divider's
/// chain of subtractions must be solved through: SV-COMP's gcd_2 at
/// k = 12 took 0.75 s against CBMC's 0.3 s.
struct Division {
    a: Vec<Lit>,
    b: Vec<Lit>,
    holds: Lit,
    written: bool,
}

/// An unsigned comparison `a < b` (bit 0 first), written as CBMC's compact
/// comparison: a chain of variables `eq[j]`, "the bits above this one are
/// equal", from the top down, and at each bit the answer where the chain
/// stops. Four clauses a bit, where a carry chain of majority gates takes
/// six.
struct Compare {
    a: Vec<Lit>,
    b: Vec<Lit>,
    /// The chain's variables, from the top ([`chain_length`]).
    eq: Vec<Lit>,
}

/// How many chain variables comparing `a` with `b` takes: one after each
/// bit, from the top, where they may differ, up to the first bit where
/// they must — or up to the last that may, where equal bits decide `¬g`
/// directly.
pub fn chain_length(a: &[Lit], b: &[Lit]) -> usize {
    let mut n = 0;
    for (&x, &y) in a.iter().zip(b).rev() {
        if x == y {
            continue;
        }
        if x == !y {
            return n;
        }
        n += 1;
    }
    // After the last bit that may differ, "all equal" needs no variable.
    n.saturating_sub(1)
}

/// Every gate's definition, by variable, and whether it is written.
#[derive(Default)]
pub struct Definitions {
    gates: Vec<Option<Gate>>,
    written: Vec<bool>,
    compares: Vec<Compare>,
    divisions: Vec<Division>,
    /// By circuit variable, the solver's (0: not in the formula yet), and
    /// back. The solver sees only the formula's variables, numbered in
    /// the circuit's order (inputs before the gates over them).
    to_solver: Vec<u32>,
    to_circuit: Vec<u32>,
    /// Values of the last model, by variable: 0 not yet known, 1 false,
    /// 2 true.
    values: RefCell<Vec<u8>>,
}

impl Definitions {
    /// Records that variable `g` (positive) computes `gate`.
    pub fn define(&mut self, g: Lit, gate: Gate) {
        let v = g.var() as usize;
        if self.gates.len() <= v {
            self.gates.resize(v + 1, None);
            self.written.resize(v + 1, false);
        }
        self.gates[v] = Some(gate);
    }

    /// Records that `g` is unsigned `a < b` (same widths), with `eq` the
    /// chain's variables ([`chain_length`] of them, made with the gate).
    pub fn less(&mut self, g: Lit, a: Vec<Lit>, b: Vec<Lit>, eq: Vec<Lit>) {
        debug_assert_eq!(a.len(), b.len());
        debug_assert_eq!(eq.len(), chain_length(&a, &b));
        self.compares.push(Compare { a, b, eq });
        self.define(g, Gate::Less(self.compares.len() as u32 - 1));
    }

    /// Records that `q` and `r` (positive, made for this) are the quotient
    /// and remainder of `a / b` (all of one width) wherever `holds` does:
    /// the circuit's condition over them, which becomes a unit clause when
    /// one of their bits enters the formula.
    pub fn divide(&mut self, q: &[Lit], r: &[Lit], a: Vec<Lit>, b: Vec<Lit>, holds: Lit) {
        let division = self.divisions.len() as u32;
        self.divisions.push(Division {
            a,
            b,
            holds,
            written: false,
        });
        for (bits, remainder) in [(q, false), (r, true)] {
            for (bit, &l) in bits.iter().enumerate() {
                let bit = bit as u16;
                self.define(
                    l,
                    Gate::Quotient {
                        division,
                        bit,
                        remainder,
                    },
                );
            }
        }
    }

    /// Writes the clauses of every gate `lits` reach that are not written
    /// yet.
    ///
    /// They go to the solver in the order the gates were made (inputs
    /// before the gates over them), as if each had been written when it
    /// was made: CaDiCaL's search is sensitive to the order of clauses,
    /// and the order of a walk down from the constraints made some
    /// arithmetic formulas several times slower to solve.
    pub fn require<S: SatSolver>(&mut self, solver: &mut S, lits: &[Lit]) {
        let mut stack: Vec<u32> = lits.iter().map(|l| l.var()).collect();
        let mut todo: Vec<u32> = Vec::new();
        // Every variable the new clauses mention.
        let mut mentioned: Vec<u32> = stack.clone();
        while let Some(v) = stack.pop() {
            let Some(Some(gate)) = self.gates.get(v as usize).copied() else {
                continue;
            };
            if std::mem::replace(&mut self.written[v as usize], true) {
                continue;
            }
            todo.push(v);
            let before = stack.len();
            stack.extend(self.inputs(gate).map(|l| l.var()));
            if let Gate::Quotient { division, .. } = gate {
                stack.push(self.divisions[division as usize].holds.var());
            }
            mentioned.extend_from_slice(&stack[before..]);
            if let Gate::Less(i) = gate {
                mentioned.extend(self.compares[i as usize].eq.iter().map(|l| l.var()));
            }
        }
        mentioned.sort_unstable();
        mentioned.dedup();
        for v in mentioned {
            self.number(solver, v);
        }
        todo.sort_unstable();
        for v in todo {
            let g = Lit::new(v, false);
            let (to_solver, compares) = (&self.to_solver, &self.compares);
            let mut add = |clause: &[Lit]| {
                let mapped: [Lit; 4] = std::array::from_fn(|i| {
                    clause.get(i).map_or(Lit::FALSE, |&l| map(to_solver, l))
                });
                solver.add_clause(&mapped[..clause.len()]);
            };
            match self.gates[v as usize].expect("only gates are written") {
                Gate::Less(i) => write_less(&mut add, &compares[i as usize], g),
                Gate::Quotient { division, .. } => {
                    let d = &mut self.divisions[division as usize];
                    if !std::mem::replace(&mut d.written, true) {
                        add(&[d.holds]);
                    }
                }
                gate => write(&mut add, gate, g),
            }
        }
    }

    /// The literals a gate computes from.
    fn inputs(&self, gate: Gate) -> impl Iterator<Item = Lit> + '_ {
        let (few, a, b): ([Option<Lit>; 3], &[Lit], &[Lit]) = match gate {
            Gate::And(x, y) | Gate::Xor(x, y) => ([Some(x), Some(y), None], &[], &[]),
            Gate::Mux(x, y, z) | Gate::Maj(x, y, z) | Gate::Xor3(x, y, z) => {
                ([Some(x), Some(y), Some(z)], &[], &[])
            }
            Gate::Less(i) => {
                let c = &self.compares[i as usize];
                ([None; 3], &c.a, &c.b)
            }
            Gate::Quotient { division, .. } => {
                let d = &self.divisions[division as usize];
                ([None; 3], &d.a, &d.b)
            }
        };
        few.into_iter().flatten().chain(a.iter().chain(b).copied())
    }

    /// Gives circuit variable `v` a solver variable, if it has none.
    fn number<S: SatSolver>(&mut self, solver: &mut S, v: u32) {
        if v == 0 {
            return;
        }
        let v = v as usize;
        if self.to_solver.len() <= v {
            self.to_solver.resize(v + 1, 0);
        }
        if self.to_solver[v] == 0 {
            let s = solver.new_var().var();
            self.to_solver[v] = s;
            if self.to_circuit.len() <= s as usize {
                self.to_circuit.resize(s as usize + 1, 0);
            }
            self.to_circuit[s as usize] = v as u32;
        }
    }

    /// The solver's literal of `l` (which `require` numbered).
    pub fn solver_lit(&self, l: Lit) -> Option<Lit> {
        match self.to_solver.get(l.var() as usize) {
            _ if l.is_const() => Some(l),
            Some(&s) if s != 0 => Some(Lit::new(s, l.is_negated())),
            _ => None,
        }
    }

    /// The circuit's literal of a solver's literal.
    pub fn circuit_lit(&self, l: Lit) -> Option<Lit> {
        match self.to_circuit.get(l.var() as usize) {
            _ if l.is_const() => Some(l),
            Some(&v) if v != 0 => Some(Lit::new(v, l.is_negated())),
            _ => None,
        }
    }

    /// Forgets the values of the last model (a new one is coming).
    pub fn forget_values(&mut self) {
        self.values.get_mut().clear();
    }

    /// The value of `l` in the last model: a gate's is what it computes
    /// from its inputs, an input's is the solver's.
    pub fn eval<S: SatSolver>(&self, solver: &S, l: Lit) -> bool {
        // A variable outside the formula is false (any value would do).
        let input = |x: Lit| match self.solver_lit(x) {
            Some(m) => solver.value(m),
            None => x.is_negated(),
        };
        if l.is_const() {
            return l == Lit::TRUE;
        }
        let root = l.var() as usize;
        if !matches!(self.gates.get(root), Some(Some(_))) {
            return input(l);
        }
        let mut values = self.values.borrow_mut();
        if values.len() < self.gates.len() {
            values.resize(self.gates.len(), 0);
        }
        let known = |values: &[u8], x: Lit| -> Option<bool> {
            let v = x.var() as usize;
            if x.is_const() {
                return Some(x == Lit::TRUE);
            }
            match self.gates.get(v) {
                Some(Some(_)) => match values[v] {
                    0 => None,
                    b => Some((b == 2) != x.is_negated()),
                },
                _ => Some(input(x)),
            }
        };
        // Depth first without recursion: circuits are as deep as the
        // longest chain of adders.
        let mut stack = vec![root];
        while let Some(&v) = stack.last() {
            if values[v] != 0 {
                stack.pop();
                continue;
            }
            let gate = self.gates[v].expect("only gates are pushed");
            let mut pending = false;
            for x in self.inputs(gate) {
                if known(&values, x).is_none() {
                    stack.push(x.var() as usize);
                    pending = true;
                }
            }
            if pending {
                continue;
            }
            let at = |x: Lit| known(&values, x).expect("inputs are known");
            let value = match gate {
                Gate::And(a, b) => at(a) && at(b),
                Gate::Xor(a, b) => at(a) != at(b),
                Gate::Mux(c, t, e) => {
                    if at(c) {
                        at(t)
                    } else {
                        at(e)
                    }
                }
                Gate::Maj(a, b, c) => (at(a) as u8 + at(b) as u8 + at(c) as u8) >= 2,
                Gate::Xor3(a, b, c) => at(a) ^ at(b) ^ at(c),
                Gate::Less(i) => {
                    let c = &self.compares[i as usize];
                    // The top bit where they differ decides.
                    c.a.iter()
                        .zip(&c.b)
                        .rev()
                        .map(|(&x, &y)| (at(x), at(y)))
                        .find(|(x, y)| x != y)
                        .is_some_and(|(_, y)| y)
                }
                // What the condition makes it, from the operands' values
                // (a model satisfies it wherever the bit is in the formula).
                Gate::Quotient {
                    division,
                    bit,
                    remainder,
                } => {
                    let d = &self.divisions[division as usize];
                    let number = |bits: &[Lit]| {
                        bits.iter()
                            .rev()
                            .fold(0u128, |n, &x| n << 1 | u128::from(at(x)))
                    };
                    let (a, b) = (number(&d.a), number(&d.b));
                    let ones = u128::MAX >> (128 - d.a.len());
                    let value = match (b, remainder) {
                        (0, false) => ones,
                        (0, true) => a,
                        (_, false) => a / b,
                        (_, true) => a % b,
                    };
                    value >> bit & 1 == 1
                }
            };
            values[v] = if value { 2 } else { 1 };
            stack.pop();
        }
        (values[root] == 2) != l.is_negated()
    }
}

/// A numbered literal in the solver's numbering.
fn map(to_solver: &[u32], l: Lit) -> Lit {
    if l.is_const() {
        return l;
    }
    let s = to_solver.get(l.var() as usize).copied().unwrap_or(0);
    assert!(s != 0, "literal {l:?} is not numbered");
    Lit::new(s, l.is_negated())
}

/// The clauses of gate `g`: `g → gate` and `gate → g`.
fn write(clause: &mut dyn FnMut(&[Lit]), gate: Gate, g: Lit) {
    match gate {
        Gate::And(a, b) => {
            clause(&[!g, a]);
            clause(&[!g, b]);
            clause(&[g, !a, !b]);
        }
        Gate::Xor(x, y) => {
            clause(&[!g, x, y]);
            clause(&[!g, !x, !y]);
            clause(&[g, !x, y]);
            clause(&[g, x, !y]);
        }
        // Four clauses define it. The two more that CBMC's `lselect` adds
        // (`t ∧ e → g`, `¬t ∧ ¬e → ¬g`) follow from them by resolution on
        // `c`. Measured: they are a quarter of the clauses of array-heavy
        // formulas (bubble_sort_linux_false at k = 4: 199,906 → 144,234),
        // and solving is no faster with them (SV-COMP at unwind 10, the
        // tasks over 0.5 s: 24.4 s with, 22.8 s without).
        Gate::Mux(c, t, e) => {
            clause(&[!c, !t, g]);
            clause(&[!c, t, !g]);
            clause(&[c, !e, g]);
            clause(&[c, e, !g]);
        }
        Gate::Maj(x, y, z) => {
            clause(&[!x, !y, g]);
            clause(&[!x, !z, g]);
            clause(&[!y, !z, g]);
            clause(&[x, y, !g]);
            clause(&[x, z, !g]);
            clause(&[y, z, !g]);
        }
        // One clause per assignment of the inputs, giving g their parity.
        Gate::Xor3(x, y, z) => {
            for bits in 0..8u8 {
                let is = |l: Lit, bit: u8| if bits >> bit & 1 == 1 { !l } else { l };
                let parity = bits.count_ones() % 2 == 1;
                clause(&[is(x, 0), is(y, 1), is(z, 2), if parity { g } else { !g }]);
            }
        }
        Gate::Less(_) => unreachable!("comparisons are written by `write_less`"),
        Gate::Quotient { .. } => unreachable!("a division's condition is its clause"),
    }
}

/// The clauses of comparison `c` whose result is `g`. Going down from the
/// top bit, `eq` is "the bits above are equal": where it holds at a bit
/// with a below b, g holds; with a above b, g does not; and where it
/// holds at the last bit that may differ, g is exactly "a is 0 and b is
/// 1 there" (equal bits all the way down is not less). A bit the same literal in both is skipped; one
/// where a is b's negation ends the chain.
fn write_less(add: &mut dyn FnMut(&[Lit]), c: &Compare, g: Lit) {
    let bits: Vec<(Lit, Lit)> =
        c.a.iter()
            .zip(&c.b)
            .rev()
            .map(|(&a, &b)| (a, b))
            .filter(|(a, b)| a != b)
            .collect();
    let mut eq = Lit::TRUE;
    let mut chain = c.eq.iter();
    for (i, &(a, b)) in bits.iter().enumerate() {
        add(&[!eq, a, !b, g]);
        if i + 1 == bits.len() && a != !b {
            // The last bit that may differ: below b gives g, anything
            // else (above, or all equal) gives ¬g.
            add(&[!eq, !a, !g]);
            add(&[!eq, b, !g]);
            return;
        }
        add(&[!eq, !a, b, !g]);
        if a == !b {
            return;
        }
        let next = *chain
            .next()
            .expect("a chain variable for each bit that may differ but the last");
        add(&[!eq, a, b, next]);
        add(&[!eq, !a, !b, next]);
        eq = next;
    }
    // No bit may differ: never less.
    add(&[!g]);
}
