//! Objects: the bits of an object by id, the ids of locals per recursion
//! depth, and objects whose size is known only at run time (variable-length
//! arrays, `malloc(n)`), laid out for `max_symbolic_object` bytes with
//! their size kept per path.

use super::places::Root;
use super::{Executor, State};
use crate::layout::{self, LocalObject, ObjectId};
use crate::ssa::{Binary, TermId, FALSE};
use lore_frontend::ir::{Expr, ExprKind, Function, FunctionId, Place};
use lore_frontend::source::Loc;
use lore_frontend::types::{ArrayLen, LocalId, TypeId, TypeKind};

impl Executor<'_> {
    /// Lays out an object of `count` elements of `elem_bytes` each, where
    /// `count` is not a constant: its bits cover `max_symbolic_object` bytes,
    /// and paths that need more are reported as unsupported (and go no
    /// further). Returns the object's bits and its byte size as an
    /// offset-wide term.
    pub(super) fn symbolic_layout(
        &mut self,
        state: &mut State,
        count: TermId,
        elem_bytes: u64,
        what: &str,
        loc: Loc,
    ) -> Option<(u32, TermId)> {
        let cap = self.options.max_symbolic_object;
        let max_count = cap / elem_bytes.max(1);
        // The layout need not exceed what the count can be.
        let layout_count = u64::try_from(self.terms.upper_bound(count))
            .unwrap_or(u64::MAX)
            .min(max_count)
            .max(1);
        let w = self.terms.width(count);
        // Only a count that can exceed the layout needs the check.
        if w >= 64 || max_count >> w == 0 {
            let limit = self.terms.constant(u128::from(max_count), w);
            let too_big = self.terms.binary(Binary::Ult, limit, count);
            let reason = format!("{what} larger than {cap} bytes");
            self.unsupported_where(state, too_big, &reason, loc);
        }
        if state.guard == FALSE {
            return None;
        }
        let ob = self.offset_bits();
        let small = self.terms.zext(count, ob);
        let stride = self.terms.constant(u128::from(elem_bytes), ob);
        let size = self.terms.binary(Binary::Mul, small, stride);
        Some((((layout_count * elem_bytes * 8) as u32).max(8), size))
    }

    /// A variable-length array type (`int a[n][m][4]`) as a count of
    /// fixed-size elements (`n * m`, saturated just above the largest
    /// count `max_symbolic_object` allows, so that it never wraps) and the
    /// byte size of one (`4 * sizeof(int)`).
    fn vla_elements(
        &mut self,
        state: &mut State,
        f: &Function,
        ty: TypeId,
    ) -> Option<(TermId, u64)> {
        let mut factors = Vec::new();
        let mut t = ty;
        while self.size_bits(state, t).is_none() {
            match *self.types().kind(t) {
                TypeKind::Array(elem, ArrayLen::Variable(len)) => {
                    let n = self.value(
                        state,
                        f,
                        &Expr {
                            kind: ExprKind::Load(Place::Local(len)),
                            ty: f.local(len).ty,
                        },
                    );
                    factors.push(n);
                    t = elem;
                }
                TypeKind::Array(elem, ArrayLen::Fixed(n)) => {
                    factors.push(self.terms.constant(u128::from(n), 64));
                    t = elem;
                }
                _ => return None,
            }
        }
        let elem_bytes = self.size_bits(state, t)? / 8;
        if elem_bytes == 0 {
            return None;
        }
        // Every factor and partial product saturates at `cap + 1`, in a
        // width that holds the product of two saturated values.
        let cap = u128::from(self.options.max_symbolic_object / elem_bytes + 1);
        let w = 128 - cap.leading_zeros();
        let saturate = |terms: &mut crate::ssa::Terms, x: TermId| {
            let xw = terms.width(x);
            if xw <= w {
                return terms.zext(x, w);
            }
            let limit = terms.constant(cap, xw);
            let over = terms.binary(Binary::Ult, limit, x);
            let low = terms.extract(x, 0, w);
            let capped = terms.constant(cap, w);
            terms.ite(over, capped, low)
        };
        // Small factors (`n % 4 + 1`) multiply without saturating.
        let bounds: Vec<u128> = factors.iter().map(|&f| self.terms.upper_bound(f)).collect();
        let small = bounds
            .iter()
            .try_fold(1u128, |p, &b| p.checked_mul(b).filter(|&p| p < cap))
            .is_some();
        if small {
            let mut count = self.terms.zext(factors[0], w);
            for &factor in &factors[1..] {
                let f = self.terms.zext(factor, w);
                count = self.terms.binary(Binary::Mul, count, f);
            }
            return Some((count, elem_bytes));
        }
        let mut count = saturate(&mut self.terms, factors[0]);
        for &factor in &factors[1..] {
            let a = self.terms.zext(count, 2 * w);
            let b = saturate(&mut self.terms, factor);
            let b = self.terms.zext(b, 2 * w);
            let product = self.terms.binary(Binary::Mul, a, b);
            count = saturate(&mut self.terms, product);
        }
        Some((count, elem_bytes))
    }

    /// The byte size of an object of type `ty` as a pointer-wide term, with
    /// variable array lengths read from the current frame.
    pub(super) fn size_term(&mut self, state: &mut State, f: &Function, ty: TypeId) -> TermId {
        let pw = self.pointer_bits();
        if let Some(bits) = self.size_bits(state, ty) {
            return self.terms.constant(u128::from(bits / 8), pw);
        }
        let (n, elem) = match *self.types().kind(ty) {
            TypeKind::Array(elem, ArrayLen::Variable(len)) => {
                let n = self.value(
                    state,
                    f,
                    &Expr {
                        kind: ExprKind::Load(Place::Local(len)),
                        ty: f.local(len).ty,
                    },
                );
                (self.terms.zext(n, pw), elem)
            }
            TypeKind::Array(elem, ArrayLen::Fixed(n)) => {
                (self.terms.constant(u128::from(n), pw), elem)
            }
            _ => return self.terms.constant(u128::from(self.bits_of(ty) / 8), pw),
        };
        let e = self.size_term(state, f, elem);
        self.terms.binary(Binary::Mul, n, e)
    }

    /// The current bits of an object. Locals without a declaration are the
    /// lowering's temporaries, always written before they are read: they
    /// start as zero (no input).
    pub(super) fn object(&mut self, state: &mut State, _f: &Function, root: Root) -> TermId {
        let Root::Object(id) = root;
        if let Some(v) = state.memory.get(id.index()).copied().flatten() {
            return v;
        }
        let bits = self.bits_of(self.object_types[id.index()]).max(1);
        let v = self.terms.constant(0, bits);
        if state.memory.len() <= id.index() {
            state.memory.resize(id.index() + 1, None);
        }
        state.memory[id.index()] = Some(v);
        v
    }

    /// The object id of a local at a recursion depth.
    pub(super) fn local_object(
        &mut self,
        function: FunctionId,
        local: u32,
        depth: u32,
    ) -> ObjectId {
        let key = LocalObject {
            function,
            local,
            depth,
        };
        if let Some(&id) = self.object_ids.get(&key) {
            return id;
        }
        let f = self.program.function(function);
        let id = ObjectId(self.object_names.len() as u32);
        let at = if depth > 0 {
            format!("@{}", depth + 1)
        } else {
            String::new()
        };
        self.object_names.push(format!(
            "{}{}::{}",
            f.name, at, f.locals[local as usize].name
        ));
        self.object_types.push(f.locals[local as usize].ty);
        self.object_ids.insert(key, id);
        id
    }

    /// The address of an object (its first byte).
    pub(super) fn object_address(&mut self, id: ObjectId) -> TermId {
        let address = layout::address(self.offset_bits(), id, 0);
        self.terms.constant(address, self.pointer_bits())
    }

    /// A local's declaration: its object exists afresh on the path, with
    /// unknown bits (an input) laid out for its size, which a variable-length
    /// array knows only at run time.
    pub(super) fn declare(&mut self, state: &mut State, f: &Function, local: LocalId, loc: Loc) {
        let ty = f.local(local).ty;
        let id = state.frames.last().expect("a frame").objects[local.0 as usize];
        state.sizes.remove(&id);
        // The object exists on this path from here on, whatever an
        // earlier loop iteration did: a merge may have recorded it as
        // made on one path only (`State::live`). Left stale, accesses
        // through pointers missed it: reads became unknown values and
        // stores were lost (a wrong TRUE).
        state.live.remove(&id);
        let bits = match self.size_bits(state, ty) {
            Some(b) if b <= 1 << 24 => (b as u32).max(1),
            Some(_) => {
                self.unsupported(state, "variable-length array too large", loc);
                return;
            }
            None => {
                let Some((count, elem_bytes)) = self.vla_elements(state, f, ty) else {
                    self.unsupported(state, "variable-length array of this type", loc);
                    return;
                };
                let what = "variable-length array";
                let Some((bits, size)) = self.symbolic_layout(state, count, elem_bytes, what, loc)
                else {
                    return;
                };
                state.sizes.insert(id, size);
                bits
            }
        };
        let name = format!("{}#uninit", self.object_names[id.index()]);
        let v = self.terms.input(name, bits);
        self.input_step(v, state.guard, loc);
        state.memory[id.index()] = Some(v);
    }
}
