//! SSA terms to circuits: each term is bit-blasted once (memoised).

use crate::bv::{Bv, Circuit};
use crate::solver::SatSolver;
use crate::ssa::{Binary, Term, TermId, Terms, Unary};
use rustc_hash::FxHashMap;

pub struct Blaster<S: SatSolver> {
    pub circuit: Circuit<S>,
    done: FxHashMap<TermId, Bv>,
    /// By kind of term: how many were blasted and the gates they made
    /// (gates become clauses only where a check needs them).
    pub cost: FxHashMap<&'static str, (u64, u64)>,
}

impl<S: SatSolver> Blaster<S> {
    pub fn new(solver: S) -> Blaster<S> {
        Blaster {
            circuit: Circuit::new(solver),
            done: FxHashMap::default(),
            cost: FxHashMap::default(),
        }
    }

    /// The bits of a term (iterative, so deep terms do not overflow the stack).
    pub fn blast(&mut self, terms: &Terms, root: TermId) -> Bv {
        self.blast_until(terms, root, None)
            .expect("without a deadline blasting ends")
    }

    /// [`Blaster::blast`], or `None` once `deadline` has passed (looked at
    /// first and every 1024 terms; the terms blasted so far stay done).
    pub fn blast_until(
        &mut self,
        terms: &Terms,
        root: TermId,
        deadline: Option<std::time::Instant>,
    ) -> Option<Bv> {
        let mut stack = vec![(root, false)];
        let mut visited = 0u32;
        while let Some((id, children_done)) = stack.pop() {
            if visited.is_multiple_of(1024)
                && deadline.is_some_and(|d| std::time::Instant::now() >= d)
            {
                return None;
            }
            visited = visited.wrapping_add(1);
            if self.done.contains_key(&id) {
                continue;
            }
            let children = self.children(terms, id);
            if !children_done {
                stack.push((id, true));
                for c in children {
                    if !self.done.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            let before = self.circuit.gates();
            let bits = self.build(terms, id);
            let entry = self.cost.entry(kind(terms.get(id))).or_default();
            entry.0 += 1;
            entry.1 += (self.circuit.gates() - before) as u64;
            self.done.insert(id, bits);
        }
        Some(self.done[&root].clone())
    }

    fn children(&self, terms: &Terms, id: TermId) -> Vec<TermId> {
        match terms.get(id) {
            Term::Const { .. } => vec![],
            Term::Symbol(s) => terms.symbols[*s as usize].definition.into_iter().collect(),
            Term::Unary(_, a)
            | Term::Extract { term: a, .. }
            | Term::ZeroExtend(a, _)
            | Term::SignExtend(a, _) => vec![*a],
            Term::Binary(_, a, b) | Term::Concat { high: a, low: b } => vec![*a, *b],
            Term::Ite(c, a, b) => vec![*c, *a, *b],
        }
    }

    fn get(&self, id: TermId) -> &Bv {
        &self.done[&id]
    }

    fn build(&mut self, terms: &Terms, id: TermId) -> Bv {
        let c = &mut self.circuit;
        match terms.get(id).clone() {
            Term::Const { value, width } => Circuit::<S>::const_bv(value, width),
            Term::Symbol(s) => match terms.symbols[s as usize].definition {
                Some(def) => self.done[&def].clone(),
                None => c.fresh_bv(terms.symbols[s as usize].width),
            },
            Term::Unary(op, a) => {
                let x = self.done[&a].clone();
                let c = &mut self.circuit;
                match op {
                    Unary::Not => c.not_bv(&x),
                    Unary::Neg => c.neg(&x),
                }
            }
            Term::Binary(op, a, b) => {
                let (x, y) = (self.get(a).clone(), self.get(b).clone());
                let c = &mut self.circuit;
                match op {
                    Binary::And => c.and_bv(&x, &y),
                    Binary::Or => c.or_bv(&x, &y),
                    Binary::Xor => c.xor_bv(&x, &y),
                    Binary::Add => c.add(&x, &y),
                    Binary::Sub => c.sub(&x, &y),
                    Binary::Mul => c.mul(&x, &y),
                    Binary::UDiv => c.udivrem(&x, &y).0,
                    Binary::URem => c.udivrem(&x, &y).1,
                    Binary::SDiv => c.sdivrem(&x, &y).0,
                    Binary::SRem => c.sdivrem(&x, &y).1,
                    Binary::Shl => c.shl(&x, &y),
                    Binary::LShr => c.lshr(&x, &y),
                    Binary::AShr => c.ashr(&x, &y),
                    Binary::Eq => vec![c.eq(&x, &y)],
                    Binary::Ult => vec![c.ult(&x, &y)],
                    Binary::Ule => vec![c.ule(&x, &y)],
                    Binary::Slt => vec![c.slt(&x, &y)],
                    Binary::Sle => vec![c.sle(&x, &y)],
                }
            }
            Term::Ite(k, a, b) => {
                let (cond, x, y) = (self.get(k)[0], self.get(a).clone(), self.get(b).clone());
                self.circuit.mux_bv(cond, &x, &y)
            }
            Term::Extract { term, low, width } => {
                self.get(term)[low as usize..(low + width) as usize].to_vec()
            }
            Term::Concat { high, low } => {
                let mut v = self.get(low).clone();
                v.extend_from_slice(self.get(high));
                v
            }
            Term::ZeroExtend(a, w) => Circuit::<S>::zext(self.get(a), w),
            Term::SignExtend(a, w) => Circuit::<S>::sext(self.get(a), w),
        }
    }

    /// Keeps the bits of `keep` only (no term is blasted after this: the
    /// bits of the others are gone).
    pub fn retain(&mut self, keep: &[TermId]) {
        let keep: rustc_hash::FxHashSet<TermId> = keep.iter().copied().collect();
        self.done.retain(|id, _| keep.contains(id));
        self.done.shrink_to_fit();
    }

    /// The bits of a term already blasted (`None` if it is not in the
    /// formula).
    pub fn bits(&self, id: TermId) -> Option<&Bv> {
        self.done.get(&id)
    }

    /// The bytes of a term's value in the last model (zero where the term was
    /// never blasted: no check depends on it).
    pub fn value_bytes(&self, id: TermId, width: u32) -> Vec<u8> {
        let mut out = vec![0u8; (width as usize).div_ceil(8)];
        if let Some(bits) = self.done.get(&id) {
            for (i, &l) in bits.iter().enumerate() {
                if self.circuit.lit_value(l) {
                    out[i / 8] |= 1 << (i % 8);
                }
            }
        }
        out
    }

    /// The value of a blasted term in the solver's last model.
    pub fn value(&self, id: TermId) -> Option<u128> {
        self.done.get(&id).map(|bits| self.circuit.value(bits))
    }
}

/// The name of a term's kind, as the cost table shows it.
fn kind(t: &Term) -> &'static str {
    match t {
        Term::Const { .. } => "constant",
        Term::Symbol(_) => "symbol",
        Term::Unary(Unary::Not, _) => "not",
        Term::Unary(Unary::Neg, _) => "neg",
        Term::Binary(op, _, _) => match op {
            Binary::And => "and",
            Binary::Or => "or",
            Binary::Xor => "xor",
            Binary::Add => "add",
            Binary::Sub => "sub",
            Binary::Mul => "mul",
            Binary::UDiv | Binary::SDiv => "div",
            Binary::URem | Binary::SRem => "rem",
            Binary::Shl | Binary::LShr | Binary::AShr => "shift",
            Binary::Eq => "eq",
            Binary::Ult | Binary::Ule | Binary::Slt | Binary::Sle => "compare",
        },
        Term::Ite(..) => "ite",
        Term::Extract { .. } => "extract",
        Term::Concat { .. } => "concat",
        Term::ZeroExtend(..) | Term::SignExtend(..) => "extend",
    }
}
