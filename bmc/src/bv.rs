//! Bit-blasting: bit-vectors as vectors of literals (least significant bit
//! first) and the circuits of every integer operator, with structural
//! hashing of AND, XOR and multiplexer gates and constant folding. Gates are recorded
//! as they are made and turned into clauses only where a constraint reaches
//! them ([`crate::gates`]): clauses and solver calls go through the
//! circuit, and values are read from it.
//!
//! Semantics are those of two's complement with wrap-around. Where C leaves
//! an operation undefined, the circuit still gives a value (the optional
//! checks flag the undefined case): division by zero gives all ones and a
//! remainder equal to the dividend; a shift by the width or more gives zero
//! (or the sign, for an arithmetic right shift).

use crate::gates::{Definitions, Gate};
use crate::solver::{Lit, SatSolver, SolveResult};
use rustc_hash::FxHashMap;

/// A bit-vector: bit 0 first.
pub type Bv = Vec<Lit>;

pub struct Circuit<S: SatSolver> {
    solver: S,
    /// The circuit's variables (0 is the constant true); the solver's
    /// are those of the formula ([`crate::gates`]).
    vars: u32,
    definitions: Definitions,
    and_gates: FxHashMap<(Lit, Lit), Lit>,
    xor_gates: FxHashMap<(Lit, Lit), Lit>,
    mux_gates: FxHashMap<(Lit, Lit, Lit), Lit>,
    maj_gates: FxHashMap<(Lit, Lit, Lit), Lit>,
    xor3_gates: FxHashMap<(Lit, Lit, Lit), Lit>,
    less_gates: FxHashMap<(Bv, Bv), Lit>,
    /// Bits of the comparison gates (each counts as that many gates).
    less_bits: usize,
    /// Each division's quotient and remainder, by operands.
    div_gates: FxHashMap<(Bv, Bv), (Bv, Bv)>,
}

impl<S: SatSolver> Circuit<S> {
    pub fn new(solver: S) -> Circuit<S> {
        Circuit {
            solver,
            vars: 1,
            definitions: Definitions::default(),
            and_gates: FxHashMap::default(),
            xor_gates: FxHashMap::default(),
            mux_gates: FxHashMap::default(),
            maj_gates: FxHashMap::default(),
            xor3_gates: FxHashMap::default(),
            less_gates: FxHashMap::default(),
            less_bits: 0,
            div_gates: FxHashMap::default(),
        }
    }

    pub fn gates(&self) -> usize {
        self.and_gates.len()
            + self.xor_gates.len()
            + self.mux_gates.len()
            + self.maj_gates.len()
            + self.xor3_gates.len()
            + self.less_bits
    }

    /// Forgets the tables that share gates (to free their memory once no
    /// more gates are made; gates made later are not shared with earlier
    /// ones, which costs clauses, never correctness).
    pub fn stop_sharing(&mut self) {
        self.and_gates = FxHashMap::default();
        self.xor_gates = FxHashMap::default();
        self.mux_gates = FxHashMap::default();
        self.maj_gates = FxHashMap::default();
        self.xor3_gates = FxHashMap::default();
        self.less_gates = FxHashMap::default();
        self.div_gates = FxHashMap::default();
    }

    pub fn fresh(&mut self) -> Lit {
        let v = Lit::new(self.vars, false);
        self.vars += 1;
        v
    }

    fn gate(&mut self, gate: Gate) -> Lit {
        let g = self.fresh();
        self.definitions.define(g, gate);
        g
    }

    // ----- the solver, through the circuit -----

    /// Writes the clauses of every gate `lits` reach (the cone a
    /// constraint over them will need), so that encoding is done before
    /// the first solver call.
    pub fn write_cone(&mut self, lits: &[Lit]) {
        self.definitions.require(&mut self.solver, lits);
    }

    /// Adds a clause over gates and inputs (the gates' clauses it needs
    /// first).
    pub fn add_clause(&mut self, clause: &[Lit]) {
        self.definitions.require(&mut self.solver, clause);
        let mapped = self.solver_lits(clause);
        self.solver.add_clause(&mapped);
    }

    pub fn solve(&mut self, assumptions: &[Lit]) -> SolveResult {
        self.definitions.require(&mut self.solver, assumptions);
        self.definitions.forget_values();
        let mapped = self.solver_lits(assumptions);
        self.solver.solve(&mapped)
    }

    fn solver_lits(&self, lits: &[Lit]) -> Vec<Lit> {
        lits.iter()
            .map(|&l| {
                self.solver_lit(l)
                    .expect("`require` numbers every literal it is given")
            })
            .collect()
    }

    /// The solver's literal of `l`, if `l` is in the formula (a constant
    /// is itself).
    pub fn solver_lit(&self, l: Lit) -> Option<Lit> {
        self.definitions.solver_lit(l)
    }

    /// The value of a literal in the last model (a gate's computed from
    /// the inputs' values).
    pub fn lit_value(&self, l: Lit) -> bool {
        self.definitions.eval(&self.solver, l)
    }

    pub fn failed_assumptions(&self) -> Vec<Lit> {
        self.solver
            .failed_assumptions()
            .into_iter()
            .filter_map(|l| self.definitions.circuit_lit(l))
            .collect()
    }

    /// Variables of the formula (those a clause or an assumption
    /// mentions).
    pub fn num_vars(&self) -> u32 {
        self.solver.num_vars()
    }

    pub fn num_clauses(&self) -> u64 {
        self.solver.num_clauses()
    }

    /// The solver (for writing its formula out).
    pub fn solver(&self) -> &S {
        &self.solver
    }

    // ----- gates -----

    pub fn and(&mut self, a: Lit, b: Lit) -> Lit {
        if a == Lit::FALSE || b == Lit::FALSE || a == !b {
            return Lit::FALSE;
        }
        if a == Lit::TRUE || a == b {
            return b;
        }
        if b == Lit::TRUE {
            return a;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(&g) = self.and_gates.get(&key) {
            return g;
        }
        let g = self.gate(Gate::And(a, b));
        self.and_gates.insert(key, g);
        g
    }

    pub fn or(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and(!a, !b)
    }

    pub fn xor(&mut self, a: Lit, b: Lit) -> Lit {
        if a == b {
            return Lit::FALSE;
        }
        if a == !b {
            return Lit::TRUE;
        }
        if a.is_const() {
            return if a == Lit::TRUE { !b } else { b };
        }
        if b.is_const() {
            return if b == Lit::TRUE { !a } else { a };
        }
        // Normalise: xor(¬a, b) = ¬xor(a, b).
        let flip = a.is_negated() != b.is_negated();
        let (x, y) = (Lit::new(a.var(), false), Lit::new(b.var(), false));
        let key = if x < y { (x, y) } else { (y, x) };
        let g = match self.xor_gates.get(&key) {
            Some(&g) => g,
            None => {
                let g = self.gate(Gate::Xor(x, y));
                self.xor_gates.insert(key, g);
                g
            }
        };
        if flip {
            !g
        } else {
            g
        }
    }

    /// The parity of three literals — an adder's sum bit — as one gate:
    /// one variable and eight clauses, where two XOR gates took two and
    /// eight (as CBMC's full adder). Normalised: inputs positive (each
    /// negation flips the output) and sorted.
    pub fn xor3(&mut self, a: Lit, b: Lit, c: Lit) -> Lit {
        for (x, y, z) in [(a, b, c), (a, c, b), (b, c, a)] {
            if x.is_const() {
                let t = self.xor(y, z);
                return if x == Lit::TRUE { !t } else { t };
            }
            if x == y {
                return z;
            }
            if x == !y {
                return !z;
            }
        }
        let flip = [a, b, c].iter().filter(|l| l.is_negated()).count() % 2 == 1;
        let mut lits = [a, b, c].map(|l| Lit::new(l.var(), false));
        lits.sort_unstable();
        let key = (lits[0], lits[1], lits[2]);
        let g = match self.xor3_gates.get(&key) {
            Some(&g) => g,
            None => {
                let g = self.gate(Gate::Xor3(lits[0], lits[1], lits[2]));
                self.xor3_gates.insert(key, g);
                g
            }
        };
        if flip {
            !g
        } else {
            g
        }
    }

    pub fn xnor(&mut self, a: Lit, b: Lit) -> Lit {
        !self.xor(a, b)
    }

    /// `c ? t : e`.
    ///
    /// One variable and four clauses (CBMC's `lselect` has two more, which
    /// follow from these: see [`crate::gates`]); an AND-OR circuit would
    /// take three variables and nine. Cases that are one AND or OR gate
    /// become that gate.
    pub fn mux(&mut self, c: Lit, t: Lit, e: Lit) -> Lit {
        if c == Lit::TRUE || t == e {
            return t;
        }
        if c == Lit::FALSE {
            return e;
        }
        if t == Lit::TRUE || t == c {
            return self.or(c, e);
        }
        if t == Lit::FALSE || t == !c {
            return self.and(!c, e);
        }
        if e == Lit::TRUE || e == !c {
            return self.or(!c, t);
        }
        if e == Lit::FALSE || e == c {
            return self.and(c, t);
        }
        // Normalise: c positive (¬c ? t : e is c ? e : t), then the output's
        // polarity (c ? ¬t : ¬e is ¬(c ? t : e)) so that t is positive.
        let (c, t, e) = if c.is_negated() {
            (!c, e, t)
        } else {
            (c, t, e)
        };
        let (t, e, flip) = if t.is_negated() {
            (!t, !e, true)
        } else {
            (t, e, false)
        };
        let g = match self.mux_gates.get(&(c, t, e)) {
            Some(&g) => g,
            None => {
                let g = self.gate(Gate::Mux(c, t, e));
                self.mux_gates.insert((c, t, e), g);
                g
            }
        };
        if flip {
            !g
        } else {
            g
        }
    }

    /// The majority of three literals — an adder's carry — as one gate: one
    /// variable and six clauses (as CBMC's `carry`), where two AND gates
    /// and an OR took three variables and nine. Hashed and normalised:
    /// inputs sorted, and since `maj(¬a, ¬b, ¬c) = ¬maj(a, b, c)`, at most
    /// one of them negated.
    pub fn maj(&mut self, a: Lit, b: Lit, c: Lit) -> Lit {
        // Two inputs alike decide; two opposite leave the third.
        for (x, y, z) in [(a, b, c), (a, c, b), (b, c, a)] {
            if x == y {
                return x;
            }
            if x == !y {
                return z;
            }
        }
        for (x, y, z) in [(a, b, c), (b, a, c), (c, a, b)] {
            if x == Lit::TRUE {
                return self.or(y, z);
            }
            if x == Lit::FALSE {
                return self.and(y, z);
            }
        }
        let mut lits = [a, b, c];
        let negated = lits.iter().filter(|l| l.is_negated()).count();
        let flip = negated >= 2;
        if flip {
            lits = [!a, !b, !c];
        }
        lits.sort_unstable();
        let key = (lits[0], lits[1], lits[2]);
        let g = match self.maj_gates.get(&key) {
            Some(&g) => g,
            None => {
                let [x, y, z] = lits;
                let g = self.gate(Gate::Maj(x, y, z));
                self.maj_gates.insert(key, g);
                g
            }
        };
        if flip {
            !g
        } else {
            g
        }
    }

    /// The conjunction of `lits`: a chain of two-input gates (n − 1
    /// variables, 3(n − 1) clauses). One wide gate (n + 1 clauses, as
    /// CBMC's `land` of a vector) was measured and not kept: CaDiCaL found
    /// its formulas slower — `lore learn` on bubble_sort_linux_false at
    /// (5, 30) 13.4 s with chains against 51.4 s, and SV-COMP's
    /// Addition02 2.4 s against 17.5 s — the chain's intermediate
    /// variables give it facts to learn.
    pub fn and_all(&mut self, lits: &[Lit]) -> Lit {
        lits.iter().fold(Lit::TRUE, |acc, &l| self.and(acc, l))
    }

    /// The disjunction of `lits`: the negation of the conjunction of their
    /// negations.
    pub fn or_all(&mut self, lits: &[Lit]) -> Lit {
        let negated: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        !self.and_all(&negated)
    }

    // ----- bit-vectors -----

    pub fn fresh_bv(&mut self, width: u32) -> Bv {
        (0..width).map(|_| self.fresh()).collect()
    }

    pub fn const_bv(value: u128, width: u32) -> Bv {
        (0..width)
            .map(|i| {
                if i < 128 && (value >> i) & 1 == 1 {
                    Lit::TRUE
                } else {
                    Lit::FALSE
                }
            })
            .collect()
    }

    /// The constant value, if every bit is constant.
    pub fn as_const(bv: &[Lit]) -> Option<u128> {
        let mut v = 0u128;
        for (i, &l) in bv.iter().enumerate() {
            match l {
                Lit::TRUE if i < 128 => v |= 1 << i,
                Lit::FALSE => {}
                _ => return None,
            }
        }
        Some(v)
    }

    pub fn not_bv(&mut self, a: &[Lit]) -> Bv {
        a.iter().map(|&l| !l).collect()
    }

    pub fn and_bv(&mut self, a: &[Lit], b: &[Lit]) -> Bv {
        a.iter().zip(b).map(|(&x, &y)| self.and(x, y)).collect()
    }

    pub fn or_bv(&mut self, a: &[Lit], b: &[Lit]) -> Bv {
        a.iter().zip(b).map(|(&x, &y)| self.or(x, y)).collect()
    }

    pub fn xor_bv(&mut self, a: &[Lit], b: &[Lit]) -> Bv {
        a.iter().zip(b).map(|(&x, &y)| self.xor(x, y)).collect()
    }

    pub fn mux_bv(&mut self, c: Lit, t: &[Lit], e: &[Lit]) -> Bv {
        t.iter().zip(e).map(|(&x, &y)| self.mux(c, x, y)).collect()
    }

    /// `a + b + carry_in`, and the carry out.
    pub fn add_carry(&mut self, a: &[Lit], b: &[Lit], carry_in: Lit) -> (Bv, Lit) {
        let mut carry = carry_in;
        let mut sum = Vec::with_capacity(a.len());
        for (&x, &y) in a.iter().zip(b) {
            sum.push(self.xor3(x, y, carry));
            carry = self.maj(x, y, carry);
        }
        (sum, carry)
    }

    pub fn add(&mut self, a: &[Lit], b: &[Lit]) -> Bv {
        self.add_carry(a, b, Lit::FALSE).0
    }

    pub fn sub(&mut self, a: &[Lit], b: &[Lit]) -> Bv {
        let nb = self.not_bv(b);
        self.add_carry(a, &nb, Lit::TRUE).0
    }

    pub fn neg(&mut self, a: &[Lit]) -> Bv {
        let zero = Self::const_bv(0, a.len() as u32);
        self.sub(&zero, a)
    }

    /// Multiplication truncated to the width. By a constant: shifted
    /// additions and subtractions ([`Self::mul_const`]). Otherwise sign
    /// and magnitude, as CBMC multiplies signed numbers: the magnitudes'
    /// product, negated where the signs differ. The truncated product is
    /// the same whatever the operands' signedness, and small magnitudes
    /// leave most partial products zero for the solver where two's
    /// complement makes a small negative number all ones: `fermat1-ll`
    /// (64-bit products of small numbers) took 8.7 s, now 0.06 s;
    /// `Haystacks-08` (products of differences) 13 s, now 7 s.
    pub fn mul(&mut self, a: &[Lit], b: &[Lit]) -> Bv {
        if let Some(k) = Self::as_const(b) {
            return self.mul_const(a, k);
        }
        if let Some(k) = Self::as_const(a) {
            return self.mul_const(b, k);
        }
        let w = a.len();
        let (sa, sb) = (a[w - 1], b[w - 1]);
        let ma = self.magnitude(a);
        let mb = self.magnitude(b);
        let product = self.mul_unsigned(&ma, &mb);
        let negative = self.xor(sa, sb);
        if negative == Lit::FALSE {
            return product;
        }
        let minus = self.neg(&product);
        self.mux_bv(negative, &minus, &product)
    }

    /// `|a|` read as two's complement (an unsigned number: `|MIN|` is
    /// `MIN`'s bits). A sign-extended `a` (its top bits copies of one
    /// literal, as the 2w-bit operands of an overflow check are) has a
    /// magnitude as narrow as its value: the bits above are zero.
    fn magnitude(&mut self, a: &[Lit]) -> Bv {
        let w = a.len();
        let sign = a[w - 1];
        if sign == Lit::FALSE {
            return a.to_vec();
        }
        let mut n = w;
        while n > 1 && a[n - 2] == sign {
            n -= 1;
        }
        let low = &a[..n];
        let minus = self.neg(low);
        let m = self.mux_bv(sign, &minus, low);
        Self::zext(&m, w as u32)
    }

    /// `a · k` for a constant `k`: one addition or subtraction of a
    /// shifted `a` per nonzero digit of `k`'s canonical signed-digit form.
    fn mul_const(&mut self, a: &[Lit], k: u128) -> Bv {
        let w = a.len();
        let mut acc: Option<Bv> = None;
        let mut k = k;
        for i in 0..w {
            if k & 1 == 0 {
                k >>= 1;
                continue;
            }
            // digit +1 where k ends in 01, -1 where it ends in 11.
            let minus = k & 2 != 0 && i + 1 < w;
            let mut shifted = vec![Lit::FALSE; w];
            shifted[i..].copy_from_slice(&a[..w - i]);
            acc = Some(match (acc, minus) {
                (None, false) => shifted,
                (None, true) => self.neg(&shifted),
                (Some(x), false) => self.add(&x, &shifted),
                (Some(x), true) => self.sub(&x, &shifted),
            });
            k = if minus { (k >> 1) + 1 } else { k >> 1 };
        }
        acc.unwrap_or_else(|| Self::const_bv(0, w as u32))
    }

    /// Shift-and-add multiplication, truncated to the width.
    fn mul_unsigned(&mut self, a: &[Lit], b: &[Lit]) -> Bv {
        let w = a.len();
        let mut acc = Self::const_bv(0, w as u32);
        for (i, &bi) in b.iter().enumerate() {
            if bi == Lit::FALSE {
                continue;
            }
            // a << i, masked by b[i].
            let mut partial = vec![Lit::FALSE; w];
            for j in 0..w - i {
                partial[i + j] = self.and(a[j], bi);
            }
            acc = self.add(&acc, &partial);
        }
        acc
    }

    /// Unsigned `a < b`: the top bit where they differ decides. Bits
    /// alike on top are skipped, and a top bit where one is the other's
    /// negation (or both are constants) decides alone. Between variables
    /// the rest is one comparison gate ([`crate::gates`], four clauses a
    /// bit); with a constant bit it is the carry chain of `a + ¬b + 1`
    /// (majority gates, each an AND or an OR where an input is constant).
    /// The comparison gate was measured slower to solve with constants:
    /// SV-COMP's recursive Addition03-1 (comparisons with 0) took 24 s
    /// against 7 s.
    pub fn ult(&mut self, a: &[Lit], b: &[Lit]) -> Lit {
        let Some(top) = (0..a.len()).rev().find(|&i| a[i] != b[i]) else {
            return Lit::FALSE;
        };
        let (x, y) = (a[top], b[top]);
        if x == !y {
            // Bit `top` differs in every model (constants included): a < b
            // where b has the one.
            return y;
        }
        if top == 0 {
            return self.and(!x, y);
        }
        if a[..=top].iter().chain(&b[..=top]).any(|l| l.is_const()) {
            let mut carry = Lit::TRUE;
            for (&x, &y) in a[..=top].iter().zip(&b[..=top]) {
                carry = self.maj(x, !y, carry);
            }
            return !carry;
        }
        let key = (a[..=top].to_vec(), b[..=top].to_vec());
        if let Some(&g) = self.less_gates.get(&key) {
            return g;
        }
        let g = self.fresh();
        self.less_bits += key.0.len();
        let eq = (0..crate::gates::chain_length(&key.0, &key.1))
            .map(|_| self.fresh())
            .collect();
        self.definitions.less(g, key.0.clone(), key.1.clone(), eq);
        self.less_gates.insert(key, g);
        g
    }

    pub fn ule(&mut self, a: &[Lit], b: &[Lit]) -> Lit {
        !self.ult(b, a)
    }

    /// Signed `a < b`: unsigned comparison with the sign bits swapped.
    pub fn slt(&mut self, a: &[Lit], b: &[Lit]) -> Lit {
        let w = a.len();
        let (mut a2, mut b2) = (a.to_vec(), b.to_vec());
        a2[w - 1] = !a[w - 1];
        b2[w - 1] = !b[w - 1];
        self.ult(&a2, &b2)
    }

    pub fn sle(&mut self, a: &[Lit], b: &[Lit]) -> Lit {
        !self.slt(b, a)
    }

    pub fn eq(&mut self, a: &[Lit], b: &[Lit]) -> Lit {
        let bits: Vec<Lit> = a.iter().zip(b).map(|(&x, &y)| self.xnor(x, y)).collect();
        self.and_all(&bits)
    }

    /// Unsigned division and remainder: by a constant, a restoring divider
    /// (the constant folds it); else the quotient and remainder are new
    /// variables under a condition ([`crate::gates`]'s `Division`), made
    /// once for each pair of operands.
    pub fn udivrem(&mut self, a: &[Lit], b: &[Lit]) -> (Bv, Bv) {
        if Self::as_const(b).is_some() || Self::as_const(a).is_some() {
            return self.restoring_divrem(a, b);
        }
        let key = (a.to_vec(), b.to_vec());
        if let Some(qr) = self.div_gates.get(&key) {
            return qr.clone();
        }
        let w = a.len();
        let q: Bv = (0..w).map(|_| self.fresh()).collect();
        let r: Bv = (0..w).map(|_| self.fresh()).collect();
        // b ≠ 0: a = q·b + r (in twice the width: no overflow) and r < b.
        let wide = 2 * w as u32;
        let product = self.mul(&Self::zext(&q, wide), &Self::zext(b, wide));
        let sum = self.add(&product, &Self::zext(&r, wide));
        let exact = self.eq(&sum, &Self::zext(a, wide));
        let below = self.ult(&r, b);
        let divides = self.and(exact, below);
        // b = 0: all ones and a.
        let ones = Self::const_bv(u128::MAX >> (128 - w), w as u32);
        let q_ones = self.eq(&q, &ones);
        let r_is_a = self.eq(&r, a);
        let by_zero = self.and(q_ones, r_is_a);
        let nonzero = self.or_all(b);
        let holds = self.mux(nonzero, divides, by_zero);
        self.definitions
            .divide(&q, &r, a.to_vec(), b.to_vec(), holds);
        self.div_gates.insert(key, (q.clone(), r.clone()));
        (q, r)
    }

    /// Restoring division: the quotient's bits from the top, each a
    /// subtraction that succeeds or not.
    fn restoring_divrem(&mut self, a: &[Lit], b: &[Lit]) -> (Bv, Bv) {
        let w = a.len();
        let mut b_ext = b.to_vec();
        b_ext.push(Lit::FALSE);
        let mut rem = Self::const_bv(0, w as u32 + 1);
        let mut q = vec![Lit::FALSE; w];
        for i in (0..w).rev() {
            // rem = (rem << 1) | a[i]
            rem.pop();
            rem.insert(0, a[i]);
            let nb = self.not_bv(&b_ext);
            let (diff, no_borrow) = self.add_carry(&rem, &nb, Lit::TRUE);
            q[i] = no_borrow;
            rem = self.mux_bv(no_borrow, &diff, &rem);
        }
        rem.pop();
        (q, rem)
    }

    /// Signed division and remainder, truncating toward zero (as C does).
    pub fn sdivrem(&mut self, a: &[Lit], b: &[Lit]) -> (Bv, Bv) {
        let w = a.len();
        let (sa, sb) = (a[w - 1], b[w - 1]);
        let na = self.neg(a);
        let nb = self.neg(b);
        let abs_a = self.mux_bv(sa, &na, a);
        let abs_b = self.mux_bv(sb, &nb, b);
        let (q, r) = self.udivrem(&abs_a, &abs_b);
        let sq = self.xor(sa, sb);
        let nq = self.neg(&q);
        let nr = self.neg(&r);
        (self.mux_bv(sq, &nq, &q), self.mux_bv(sa, &nr, &r))
    }

    /// Shifts by a variable amount (barrel shifter). `fill` is the bit
    /// shifted in; `left` chooses the direction.
    fn shift(&mut self, a: &[Lit], amount: &[Lit], left: bool, fill: Lit) -> Bv {
        let w = a.len();
        let mut cur = a.to_vec();
        let stages = usize::BITS - (w.max(1) - 1).leading_zeros();
        for (s, &bit) in amount.iter().enumerate() {
            if s as u32 >= stages {
                break;
            }
            let dist = 1usize << s;
            let shifted: Bv = (0..w)
                .map(|i| {
                    if left {
                        if i >= dist {
                            cur[i - dist]
                        } else {
                            Lit::FALSE
                        }
                    } else if i + dist < w {
                        cur[i + dist]
                    } else {
                        fill
                    }
                })
                .collect();
            cur = self.mux_bv(bit, &shifted, &cur);
        }
        // An amount of the width or more shifts everything out.
        let mut too_far = Lit::FALSE;
        let big = Self::const_bv(w as u128, amount.len() as u32);
        if amount.len() as u32 >= 128 || (w as u128) < (1u128 << amount.len().min(127)) {
            too_far = !self.ult(amount, &big);
        }
        let gone = vec![if left { Lit::FALSE } else { fill }; w];
        self.mux_bv(too_far, &gone, &cur)
    }

    pub fn shl(&mut self, a: &[Lit], amount: &[Lit]) -> Bv {
        self.shift(a, amount, true, Lit::FALSE)
    }

    pub fn lshr(&mut self, a: &[Lit], amount: &[Lit]) -> Bv {
        self.shift(a, amount, false, Lit::FALSE)
    }

    pub fn ashr(&mut self, a: &[Lit], amount: &[Lit]) -> Bv {
        let sign = *a.last().expect("non-empty");
        self.shift(a, amount, false, sign)
    }

    pub fn zext(a: &[Lit], width: u32) -> Bv {
        let mut v: Bv = a.iter().copied().take(width as usize).collect();
        v.resize(width as usize, Lit::FALSE);
        v
    }

    pub fn sext(a: &[Lit], width: u32) -> Bv {
        let sign = *a.last().expect("non-empty");
        let mut v: Bv = a.iter().copied().take(width as usize).collect();
        v.resize(width as usize, sign);
        v
    }

    /// The value of a bit-vector in the solver's last model.
    pub fn value(&self, bv: &[Lit]) -> u128 {
        bv.iter()
            .enumerate()
            .filter(|(_, &l)| self.lit_value(l))
            .fold(
                0u128,
                |acc, (i, _)| if i < 128 { acc | 1 << i } else { acc },
            )
    }
}
