//! Rewrites `Terms::binary` applies before it makes a term, each giving
//! the same value for every value of the operands (the bit-vector tests
//! check them against the whole computation, exhaustively at small
//! widths):
//!
//! - guards as path merging builds them: `a ∧ (¬a ∨ b)` is `a ∧ b`,
//!   `a ∧ (a ∨ b)` is `a`, `a ∧ ¬a` is false, `(p ∧ x) ∨ (p ∧ ¬x)` is `p`
//!   (and the duals);
//! - division and remainder by a power of two: a slice, a shift, or a
//!   correction of the sign (`x % 2 == 0` is a test of one bit, not a
//!   divider);
//! - a comparison with a constant of a choice one of whose arms is a
//!   constant, or of a named version so defined: `(c ? 5 : x) > 0` is
//!   `c ∨ x > 0` (the arm folds, the choice of a whole word becomes a
//!   choice of one bit, and the word is not built unless used elsewhere);
//! - an equality with a constant at the width of an extended operand
//!   (`0 == zext32(b)` is `¬b`);
//! - arithmetic at the width its operands' values need (`narrowed`).

use super::{Binary, Term, TermId, Terms, Unary, FALSE, NARROWING_DEPTH, TRUE};

/// How many rewrites deep `simplified` goes (each lifted comparison is one).
const LIFTING_DEPTH: u32 = 8;

/// How many of a guard's conjuncts `within_conjunction` looks at.
const CONJUNCTS: usize = 32;

impl Terms {
    /// A simpler term with the value of `op(a, b)`, if a rewrite applies.
    pub(super) fn simplified(
        &mut self,
        op: Binary,
        a: TermId,
        b: TermId,
        w: u32,
        depth: u32,
    ) -> Option<TermId> {
        if w == 1 && matches!(op, Binary::And | Binary::Or) {
            if let Some(t) = self.absorbed(op, a, b) {
                return Some(t);
            }
        }
        if let Some(t) = self.by_power_of_two(op, a, b, w) {
            return Some(t);
        }
        if op == Binary::Eq {
            if let Some(t) = self.equality_narrowed(a, b) {
                return Some(t);
            }
        }
        if let Some(t) = self.ordered_by_range(op, a, b) {
            return Some(t);
        }
        if !op.is_predicate() && w > 1 {
            if let Some(t) = self.between_constants(op, a, b) {
                return Some(t);
            }
        }
        if op.is_predicate() && depth < LIFTING_DEPTH {
            if let Some(t) = self.lifted(op, a, b, depth) {
                return Some(t);
            }
        }
        self.narrowed(op, a, b, w)
    }

    /// A named version's definition, else the term itself: the rewrites
    /// look through `x#2 = …` to what it stands for.
    fn defined(&self, t: TermId) -> TermId {
        match *self.get(t) {
            Term::Symbol(s) => self.symbols[s as usize].definition.unwrap_or(t),
            _ => t,
        }
    }

    /// Whether one of `x`, `y` is the negation of the other.
    pub(super) fn negates(&self, x: TermId, y: TermId) -> bool {
        matches!(self.get(x), Term::Unary(Unary::Not, i) if *i == y)
            || matches!(self.get(y), Term::Unary(Unary::Not, i) if *i == x)
    }

    /// Absorption and resolution of one operand against the other's
    /// operands, for one-bit `∧` and `∨`.
    fn absorbed(&mut self, op: Binary, a: TermId, b: TermId) -> Option<TermId> {
        if self.negates(a, b) {
            return Some(if op == Binary::And { FALSE } else { TRUE });
        }
        // A common operand factored out: (p ∧ x) ∨ (p ∧ y) = p ∧ (x ∨ y),
        // the guard after a branch's two sides merge (and the dual).
        let inner = if op == Binary::Or {
            Binary::And
        } else {
            Binary::Or
        };
        if let (Term::Binary(i, a1, a2), Term::Binary(j, b1, b2)) =
            (self.get(a).clone(), self.get(b).clone())
        {
            if i == inner && j == inner {
                for (p, x) in [(a1, a2), (a2, a1)] {
                    for (q, y) in [(b1, b2), (b2, b1)] {
                        if p == q {
                            let rest = self.binary(op, x, y);
                            return Some(self.binary(inner, p, rest));
                        }
                    }
                }
            }
        }
        if op == Binary::And {
            if let Some(t) = self.within_conjunction(a, b) {
                return Some(t);
            }
        }
        for (x, y) in [(a, b), (b, a)] {
            let Term::Binary(inner @ (Binary::And | Binary::Or), p, q) = *self.get(y) else {
                continue;
            };
            for (p, q) in [(p, q), (q, p)] {
                let negated = self.negates(p, x);
                if inner == op {
                    // x ∧ (x ∧ q) = x ∧ q; x ∧ (¬x ∧ q) = false (and the duals).
                    if p == x {
                        return Some(y);
                    }
                    if negated {
                        return Some(if op == Binary::And { FALSE } else { TRUE });
                    }
                } else {
                    // x ∧ (x ∨ q) = x; x ∧ (¬x ∨ q) = x ∧ q (and the duals).
                    if p == x {
                        return Some(x);
                    }
                    if negated {
                        return Some(self.binary(op, x, q));
                    }
                }
            }
        }
        None
    }

    /// `x ∧ y` where `y` is a choice or a disjunction decided by one of
    /// `x`'s conjuncts: `(g ∧ c) ∧ (c ? t : e)` is `(g ∧ c) ∧ t`, and
    /// `(g ∧ c) ∧ (c ∨ q)` is `g ∧ c` (and the negated forms). A path's
    /// guard holds the conditions it took, so what it reads through them
    /// (a string chosen by `c`, read past the end of the other one) stays
    /// exact, and a loop that can no longer continue has a false guard.
    /// At most `CONJUNCTS` conjuncts of `x` are looked at.
    fn within_conjunction(&mut self, a: TermId, b: TermId) -> Option<TermId> {
        for (x, y) in [(a, b), (b, a)] {
            // Each reading of y: a condition, and y when it holds or fails.
            let readings: Vec<(TermId, TermId, TermId)> = match *self.get(y) {
                Term::Ite(c, t, e) => vec![(c, t, e)],
                Term::Binary(Binary::Or, p, q) => vec![(p, TRUE, q), (q, TRUE, p)],
                Term::Unary(Unary::Not, inner) => match *self.get(inner) {
                    Term::Ite(c, t, e) => {
                        let (t, e) = (self.not(t), self.not(e));
                        vec![(c, t, e)]
                    }
                    _ => continue,
                },
                // y itself, or its negation, among x's conjuncts.
                _ => match self.conjunct_decides(x, y) {
                    Some(true) => return Some(x),
                    Some(false) => return Some(FALSE),
                    None => continue,
                },
            };
            for (c, holds, fails) in readings {
                match self.conjunct_decides(x, c) {
                    Some(true) => return Some(self.binary(Binary::And, x, holds)),
                    Some(false) => return Some(self.binary(Binary::And, x, fails)),
                    None => {}
                }
            }
        }
        None
    }

    /// `arm` where `c` is `holds`: when it is a choice on `c` or on `¬c`,
    /// the side that selects; else `arm`.
    pub(super) fn decided_arm(&self, c: TermId, arm: TermId, holds: bool) -> TermId {
        let Term::Ite(c2, a, b) = *self.get(self.defined(arm)) else {
            return arm;
        };
        let same = if c2 == c {
            true
        } else if self.negates(c2, c) {
            false
        } else {
            return arm;
        };
        if same == holds {
            a
        } else {
            b
        }
    }

    /// Whether one of `x`'s conjuncts (walked through `∧`, at most
    /// `CONJUNCTS`) is `c` (true) or its negation (false).
    fn conjunct_decides(&self, x: TermId, c: TermId) -> Option<bool> {
        let mut stack = vec![x];
        let mut seen = 0;
        while let Some(t) = stack.pop() {
            if t == c {
                return Some(true);
            }
            if self.negates(t, c) {
                return Some(false);
            }
            seen += 1;
            if seen >= CONJUNCTS {
                break;
            }
            if let Term::Binary(Binary::And, p, q) = *self.get(t) {
                stack.push(q);
                stack.push(p);
            }
        }
        None
    }

    /// Division and remainder by a constant power of two 2^k (k ≥ 1; for
    /// the signed operators 2^k must be positive, k < w − 1): unsigned,
    /// the low k bits and a shift; signed, C's truncation toward zero — the
    /// quotient `(x + (x < 0 ? 2^k − 1 : 0)) >> k`, the remainder the low
    /// bits, less 2^k where x is negative and they are not all zero.
    fn by_power_of_two(&mut self, op: Binary, a: TermId, b: TermId, w: u32) -> Option<TermId> {
        if !matches!(
            op,
            Binary::UDiv | Binary::URem | Binary::SDiv | Binary::SRem
        ) || w > 128
        {
            return None;
        }
        let d = self.as_const(b)?;
        if !d.is_power_of_two() || d == 1 {
            return None;
        }
        let k = d.trailing_zeros();
        let signed = matches!(op, Binary::SDiv | Binary::SRem);
        if k >= w || (signed && k >= w - 1) {
            return None;
        }
        let low_mask = Terms::mask(k);
        let shift = self.constant(u128::from(k), w);
        Some(match op {
            Binary::URem => {
                let low = self.extract(a, 0, k);
                self.zext(low, w)
            }
            Binary::UDiv => self.binary(Binary::LShr, a, shift),
            Binary::SDiv => {
                let negative = self.extract(a, w - 1, 1);
                let (bias, zero) = (self.constant(low_mask, w), self.constant(0, w));
                let bias = self.ite(negative, bias, zero);
                let biased = self.binary(Binary::Add, a, bias);
                self.binary(Binary::AShr, biased, shift)
            }
            _ => {
                let negative = self.extract(a, w - 1, 1);
                let low = self.extract(a, 0, k);
                let (zero_k, wide) = (self.constant(0, k), self.zext(low, w));
                let is_zero = self.binary(Binary::Eq, low, zero_k);
                let nonzero = self.not(is_zero);
                let borrow = self.binary(Binary::And, negative, nonzero);
                let high = self.constant(Terms::mask(w) & !low_mask, w);
                let less = self.binary(Binary::Or, wide, high);
                self.ite(borrow, less, wide)
            }
        })
    }

    /// An equality with a constant at the width of an extended operand
    /// (`0 == zext32(b)`, C's `!cond` on a `_Bool` made `int`, is `¬b`),
    /// or of a named version defined as one: a constant the extension
    /// cannot produce makes it false; a one-bit equality is the bit or its
    /// negation.
    fn equality_narrowed(&mut self, a: TermId, b: TermId) -> Option<TermId> {
        let (x, k) = match (self.as_const(a), self.as_const(b)) {
            (Some(k), None) => (b, k),
            (None, Some(k)) => (a, k),
            _ => return None,
        };
        let w = self.width(x);
        if w == 1 {
            return Some(if k == 1 { x } else { self.not(x) });
        }
        if w > 128 {
            return None;
        }
        // The operand may be a named version's definition
        // (`c#2 = zext32(x)`, compared with EOF later).
        let (inner, fits) = match *self.get(self.defined(x)) {
            Term::ZeroExtend(inner, _) => {
                let n = self.width(inner);
                (inner, k >> n == 0)
            }
            Term::SignExtend(inner, _) => {
                // k fits when its bits above the inner width repeat the
                // inner sign bit.
                let n = self.width(inner);
                let high = k >> (n - 1);
                (inner, high == 0 || high == Terms::mask(w - n + 1))
            }
            _ => return None,
        };
        if !fits {
            return Some(FALSE);
        }
        let n = self.width(inner);
        let narrow = self.constant(k & Terms::mask(n), n);
        Some(self.binary(Binary::Eq, inner, narrow))
    }

    /// An order between a constant and a zero-extended operand (or a named
    /// version defined as one), decided by the operand's range alone:
    /// `zext32(c₈) <s 0` (C's `c < 0` on a byte read as `int`) is false,
    /// `zext32(c₈) <s 256` true. Else `None`.
    fn ordered_by_range(&mut self, op: Binary, a: TermId, b: TermId) -> Option<TermId> {
        let signed = match op {
            Binary::Slt | Binary::Sle => true,
            Binary::Ult | Binary::Ule => false,
            _ => return None,
        };
        let strict = matches!(op, Binary::Slt | Binary::Ult);
        let (x, k, constant_left) = match (self.as_const(a), self.as_const(b)) {
            (Some(k), None) => (b, k, true),
            (None, Some(k)) => (a, k, false),
            _ => return None,
        };
        let w = self.width(x);
        if w > 127 {
            return None;
        }
        let Term::ZeroExtend(inner, _) = *self.get(self.defined(x)) else {
            return None;
        };
        let n = self.width(inner);
        if n >= w {
            return None;
        }
        // x is in [0, hi], the same range read signed or unsigned.
        let hi = Terms::mask(n) as i128;
        let k = k as i128;
        let k = if signed && (k >> (w - 1)) & 1 == 1 {
            k - (1i128 << w)
        } else {
            k
        };
        let decided = match (constant_left, strict) {
            // x < k, x <= k
            (false, true) => (hi < k).then_some(true).or((k <= 0).then_some(false)),
            (false, false) => (hi <= k).then_some(true).or((k < 0).then_some(false)),
            // k < x, k <= x
            (true, true) => (k < 0).then_some(true).or((k >= hi).then_some(false)),
            (true, false) => (k <= 0).then_some(true).or((k > hi).then_some(false)),
        }?;
        Some(if decided { TRUE } else { FALSE })
    }

    /// `op(c ? k1 : k2, k)` (either side) as the choice between the two
    /// constants it computes: `2 + (c ? &a : &b)`, a string chosen by a
    /// condition and indexed, becomes `c ? &a + 2 : &b + 2`, whose object
    /// is then `c ? a : b`, not an unknown.
    fn between_constants(&mut self, op: Binary, a: TermId, b: TermId) -> Option<TermId> {
        let (choice, k, choice_left) = match (self.as_const(a), self.as_const(b)) {
            (None, Some(_)) => (a, b, true),
            (Some(_), None) => (b, a, false),
            _ => return None,
        };
        // The choice may be a named version's definition (`k#3 = c ? 1 : 2`).
        let Term::Ite(c, x, y) = *self.get(self.defined(choice)) else {
            return None;
        };
        if self.as_const(x).is_none() || self.as_const(y).is_none() {
            return None;
        }
        let arm = |terms: &mut Terms, t: TermId| {
            if choice_left {
                terms.binary(op, t, k)
            } else {
                terms.binary(op, k, t)
            }
        };
        let (x, y) = (arm(self, x), arm(self, y));
        Some(self.ite(c, x, y))
    }

    /// `op(c ? t : e, k)` as `c ? op(t, k) : op(e, k)` where `k` and one of
    /// `t`, `e` are constants (either operand may be the choice).
    fn lifted(&mut self, op: Binary, a: TermId, b: TermId, depth: u32) -> Option<TermId> {
        // The choice may be a named version's definition (`x#2 = c ? 5 : x#1`).
        let constant_arm = |terms: &Terms, t: TermId| match *terms.get(terms.defined(t)) {
            Term::Ite(c, x, y) if terms.as_const(x).is_some() || terms.as_const(y).is_some() => {
                Some((c, x, y))
            }
            _ => None,
        };
        // The choice's side: `choice_left` when the constant is `b`.
        let choice_left = self.as_const(b).is_some();
        if !choice_left && self.as_const(a).is_none() {
            return None;
        }
        let (choice, k) = if choice_left { (a, b) } else { (b, a) };
        let (c, x, y) = constant_arm(self, choice)?;
        let arm = |terms: &mut Terms, t: TermId| {
            let (l, r) = if choice_left { (t, k) } else { (k, t) };
            terms.binary_within(op, l, r, depth + 1)
        };
        let (x, y) = (arm(self, x), arm(self, y));
        Some(self.ite(c, x, y))
    }

    /// Multiplication, division and remainder of extended operands at the
    /// width their values need (C's promotions make `char % char` a 32-bit
    /// division): `sext(x₈) % sext(y₈)` is `sext(x₉ % y₉)`, since the exact
    /// result fits. The results are the same values, division by zero
    /// included (the quotient by zero is all ones, the remainder the
    /// dividend, at every width — restored for the unsigned quotient).
    pub(super) fn narrowed(&mut self, op: Binary, a: TermId, b: TermId, w: u32) -> Option<TermId> {
        let signed = match op {
            Binary::SDiv | Binary::SRem | Binary::Mul => true,
            Binary::UDiv | Binary::URem => false,
            _ => return None,
        };
        fn need(terms: &Terms, t: TermId, signed: bool, w: u32, depth: u32) -> u32 {
            match (terms.get(t), terms.as_const(t)) {
                (_, Some(v)) if w <= 128 => {
                    if signed {
                        let s = 128 - w;
                        let v = ((v << s) as i128) >> s;
                        let magnitude = if v < 0 { !v } else { v } as u128;
                        129 - magnitude.leading_zeros()
                    } else {
                        (128 - v.leading_zeros()).max(1)
                    }
                }
                (Term::SignExtend(x, _), _) if signed => terms.width(*x),
                (Term::ZeroExtend(x, _), _) if !signed => terms.width(*x),
                // Zero-extended values are signed values one bit wider.
                (Term::ZeroExtend(x, _), _) if signed => terms.width(*x) + 1,
                // A named version needs what its definition needs, and a
                // choice what its widest arm needs (a character or EOF:
                // `c = ok ? zext(byte) : -1`, read as `c`).
                (Term::Symbol(s), _) if depth < NARROWING_DEPTH => {
                    match terms.symbols[*s as usize].definition {
                        Some(d) => need(terms, d, signed, w, depth + 1),
                        None => w,
                    }
                }
                (Term::Ite(_, x, y), _) if depth < NARROWING_DEPTH => {
                    let (x, y) = (*x, *y);
                    need(terms, x, signed, w, depth + 1).max(need(terms, y, signed, w, depth + 1))
                }
                _ => w,
            }
        }
        let (na, nb) = (need(self, a, signed, w, 0), need(self, b, signed, w, 0));
        let n = match op {
            Binary::Mul => na + nb,
            Binary::SDiv | Binary::SRem => na.max(nb) + 1,
            _ => na.max(nb),
        };
        if n >= w || n == 0 {
            return None;
        }
        let (x, y) = (self.extract(a, 0, n), self.extract(b, 0, n));
        let (op_n, extend) = match op {
            Binary::Mul if signed => (Binary::Mul, true),
            other => (other, signed),
        };
        let r = self.binary(op_n, x, y);
        let wide = if extend {
            self.sext(r, w)
        } else {
            self.zext(r, w)
        };
        if op == Binary::UDiv {
            let zero = self.constant(0, n);
            let by_zero = self.binary(Binary::Eq, y, zero);
            let ones = self.constant(u128::MAX, w.min(128));
            if w > 128 {
                return None;
            }
            return Some(self.ite(by_zero, ones, wide));
        }
        Some(wide)
    }
}
