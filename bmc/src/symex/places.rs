//! Places: where a place lives (an object and a bit offset, constant or a
//! case split over array indices) or its address, and loads and stores of
//! places, directly or through the address.

use super::SafetyKind;
use super::{Executor, State};
use crate::layout::{self, ObjectId};
use crate::ssa::{Binary, TermId, FALSE, TRUE};
use lore_frontend::ir::{Expr, ExprKind, Function, Place};
use lore_frontend::source::Loc;
use lore_frontend::types::{ArrayLen, TypeId, TypeKind, TypeTable};

impl Executor<'_> {
    /// The object a place lives in and the bit offset (a term) of the place in it.
    fn locate(&mut self, state: &mut State, f: &Function, place: &Place) -> Option<(Root, Offset)> {
        match place {
            Place::Local(l) => Some((
                Root::Object(state.frames.last().expect("a frame").objects[l.0 as usize]),
                Offset::Const(0),
            )),
            Place::Global(g) => Some((Root::Object(layout::global_object(*g)), Offset::Const(0))),
            Place::Deref(_) => {
                let loc = self.at;
                self.unsupported(state, "pointer dereference", loc);
                None
            }
            Place::Field(base, i) => {
                let (root, off) = self.locate(state, f, base)?;
                let base_ty = self.program.place_type(f, base);
                let comp = self.types().composite_id(base_ty)?;
                let field = self.types().composite(comp).fields.as_ref()?[*i].clone();
                let add = field.offset * 8 + u64::from(field.bit_field.map_or(0, |b| b.bit_offset));
                Some((root, off.add_const(add)))
            }
            Place::Index(base, index) => {
                let (root, off) = self.locate(state, f, base)?;
                let base_ty = self.program.place_type(f, base);
                let elem = self.types().element(base_ty)?;
                let Some(elem_bits) = self.size_bits(state, elem) else {
                    self.unsupported(
                        state,
                        "variable-length array whose length is not a constant",
                        self.at,
                    );
                    return None;
                };
                let i = self.value(state, f, index);
                if self.options.bounds_check {
                    if let Some(len_bits) = self.size_bits(state, base_ty) {
                        let len = len_bits / elem_bits.max(1);
                        let n = self.terms.constant(u128::from(len), 64);
                        let signed = self.types().is_signed(index.ty);
                        self.index_check(state, f, i, signed, n);
                    }
                }
                let array_len = self.size_bits(state, base_ty).map(|b| b / elem_bits.max(1));
                match self.terms.as_const(i) {
                    Some(c) => {
                        let signed = self.types().is_signed(index.ty);
                        let w = self.terms.width(i);
                        let value = if signed && w < 128 {
                            ((c << (128 - w)) as i128) >> (128 - w)
                        } else {
                            c as i128
                        };
                        if value < 0 || array_len.is_some_and(|n| value >= i128::from(n)) {
                            return Some((root, Offset::OutOfBounds));
                        }
                        Some((root, off.add_const((value as u64).wrapping_mul(elem_bits))))
                    }
                    None => {
                        let len = self.size_bits(state, base_ty).unwrap_or(0) / elem_bits.max(1);
                        if len == 0 || len > self.options.max_symbolic_array {
                            self.unsupported(
                                state,
                                "array indexed by a variable (too large)",
                                self.at,
                            );
                            return None;
                        }
                        let off = off.add_symbolic(Dim {
                            index: i,
                            stride: elem_bits,
                            len,
                        });
                        if off.cases() > self.options.max_symbolic_array {
                            self.unsupported(
                                state,
                                "arrays indexed by variables (too many elements)",
                                self.at,
                            );
                            return None;
                        }
                        Some((root, off))
                    }
                }
            }
        }
    }

    /// The bounds check of index `i` into an array of `n` elements: out of
    /// bounds when negative (as a signed index) or not below `n`.
    fn index_check(&mut self, state: &mut State, f: &Function, i: TermId, signed: bool, n: TermId) {
        let w = (self.terms.width(i).max(self.terms.width(n)) + 1).min(128);
        let wide = if signed {
            self.terms.sext(i, w)
        } else {
            self.terms.zext(i, w)
        };
        let n = self.terms.zext(n, w);
        let in_range = self.terms.binary(Binary::Ult, wide, n);
        let bad = self.terms.not(in_range);
        self.safety(
            state,
            f,
            SafetyKind::ArrayBounds,
            "array index out of bounds",
            bad,
        );
    }

    /// Is a place accessed through its address: behind a pointer, or in a
    /// variable-length array (whose size is known only at run time)?
    fn through_address(&self, f: &Function, place: &Place) -> bool {
        match place {
            Place::Deref(_) => true,
            Place::Field(b, _) => self.through_address(f, b),
            Place::Index(b, _) => {
                self.program.is_vla(self.program.place_type(f, b)) || self.through_address(f, b)
            }
            _ => false,
        }
    }

    /// The byte address of a place (and the bit offset of a bit-field in it);
    /// `access`: the place is read or written (not only its address taken),
    /// so a variable-length array's index is bounds-checked.
    pub(super) fn address_of(
        &mut self,
        state: &mut State,
        f: &Function,
        place: &Place,
        access: bool,
    ) -> Option<(TermId, u32)> {
        let pw = self.pointer_bits();
        match place {
            Place::Local(l) => {
                let id = state.frames.last()?.objects[l.0 as usize];
                Some((self.object_address(id), 0))
            }
            Place::Global(g) => Some((self.object_address(layout::global_object(*g)), 0)),
            Place::Deref(p) => {
                let v = self.value(state, f, p);
                Some((v, 0))
            }
            Place::Field(base, i) => {
                let (a, _) = self.address_of(state, f, base, access)?;
                let ty = self.program.place_type(f, base);
                let c = self.types().composite_id(ty)?;
                let field = self.types().composite(c).fields.as_ref()?[*i].clone();
                let k = self.terms.constant(u128::from(field.offset), pw);
                Some((
                    self.terms.binary(Binary::Add, a, k),
                    field.bit_field.map_or(0, |b| b.bit_offset),
                ))
            }
            Place::Index(base, index) => {
                let (a, _) = self.address_of(state, f, base, access)?;
                let ty = self.program.place_type(f, base);
                let elem = self.types().element(ty)?;
                let size = self.size_term(state, f, elem);
                let i = self.value(state, f, index);
                if let TypeKind::Array(_, ArrayLen::Variable(len)) = *self.types().kind(ty) {
                    if access && self.options.bounds_check {
                        let n = self.value(
                            state,
                            f,
                            &Expr {
                                kind: ExprKind::Load(Place::Local(len)),
                                ty: f.local(len).ty,
                            },
                        );
                        let signed = self.types().is_signed(index.ty);
                        self.index_check(state, f, i, signed, n);
                    }
                }
                let i = if self.types().is_signed(index.ty) {
                    self.terms.sext(i, pw)
                } else {
                    self.terms.zext(i, pw)
                };
                let scaled = self.terms.binary(Binary::Mul, i, size);
                Some((self.terms.binary(Binary::Add, a, scaled), 0))
            }
        }
    }

    pub(super) fn load(
        &mut self,
        state: &mut State,
        f: &Function,
        place: &Place,
        ty: TypeId,
    ) -> Option<TermId> {
        if self.through_address(f, place) {
            let (addr, extra) = self.address_of(state, f, place, true)?;
            let read_bits = self.load_bits(f, place, ty);
            let raw = self.read_indirect(state, addr, read_bits, extra, has_deref(place));
            return Some(self.finish_load(f, place, ty, raw));
        }
        let (root, off) = self.locate(state, f, place)?;
        let obj = self.object(state, f, root);
        let read_bits = self.load_bits(f, place, ty);
        self.count_direct(&off, None);
        let raw = self.read(state, obj, &off, read_bits)?;
        Some(self.finish_load(f, place, ty, raw))
    }

    /// Counts an access to a place known during execution (`written`: the
    /// bits a write writes).
    fn count_direct(&mut self, off: &Offset, written: Option<u32>) {
        match off {
            Offset::Symbolic { .. } => {
                *self.accesses.by_elements.entry(off.cases()).or_default() += 1;
                if let Some(bits) = written {
                    // Each element chooses between the value and its old bits.
                    self.accesses.chosen_bits += off.cases() * u64::from(bits);
                }
            }
            Offset::Const(_) | Offset::OutOfBounds => self.accesses.direct += 1,
        }
    }

    /// How many bits a load of `place` reads from memory: a bit-field's
    /// declared width (C11 6.7.2.1: the field occupies exactly that many
    /// bits of its storage unit, so a `_Bool : 1` field is one bit, not
    /// the byte a plain `_Bool` object takes), a plain `_Bool`'s byte,
    /// otherwise the value's width.
    fn load_bits(&self, f: &Function, place: &Place, ty: TypeId) -> u32 {
        match self.bit_field_width(f, place) {
            Some(width) => width,
            None if ty == TypeTable::BOOL => 8,
            None => self.value_bits(ty).max(1),
        }
    }

    /// A value from its bits in memory (bit-fields extended, `_Bool` from
    /// its bits: any non-zero pattern reads as true).
    fn finish_load(&mut self, f: &Function, place: &Place, ty: TypeId, raw: TermId) -> TermId {
        if ty == TypeTable::BOOL {
            let zero = self.terms.constant(0, self.terms.width(raw));
            let eq = self.terms.binary(Binary::Eq, raw, zero);
            return self.terms.not(eq);
        }
        if self.bit_field_width(f, place).is_some() {
            // A bit-field reads as its declared type, extended by its signedness.
            let full = self.value_bits(ty);
            return if self.types().is_signed(ty) {
                self.terms.sext(raw, full)
            } else {
                self.terms.zext(raw, full)
            };
        }
        raw
    }

    fn bit_field_width(&self, f: &Function, place: &Place) -> Option<u32> {
        let Place::Field(base, i) = place else {
            return None;
        };
        let ty = self.program.place_type(f, base);
        let c = self.types().composite_id(ty)?;
        self.types().composite(c).fields.as_ref()?[*i]
            .bit_field
            .map(|b| b.width)
    }

    /// An unknown value read out of bounds (an input on the paths where `oob` holds).
    pub(super) fn out_of_bounds_value(&mut self, state: &State, oob: TermId, bits: u32) -> TermId {
        let name = self.new_version("out_of_bounds");
        let v = self.terms.input(name, bits);
        let guard = self.terms.and(state.guard, oob);
        let loc = self.at;
        self.input_step(v, guard, loc);
        v
    }

    fn read(&mut self, state: &State, obj: TermId, off: &Offset, bits: u32) -> Option<TermId> {
        let total = self.terms.width(obj);
        match off {
            Offset::OutOfBounds => Some(self.out_of_bounds_value(state, TRUE, bits)),
            Offset::Const(o) => {
                let o = *o;
                if o + u64::from(bits) > u64::from(total) {
                    return None;
                }
                Some(self.terms.extract(obj, o as u32, bits))
            }
            Offset::Symbolic { base, dims } => {
                let (cases, inside) = self.offset_cases(*base, dims);
                let oob = self.terms.not(inside);
                let mut result: Option<TermId> = if oob == FALSE {
                    None
                } else {
                    Some(self.out_of_bounds_value(state, oob, bits))
                };
                for (o, hit) in cases.into_iter().rev() {
                    if o + u64::from(bits) > u64::from(total) {
                        continue;
                    }
                    let v = self.terms.extract(obj, o as u32, bits);
                    result = Some(match result {
                        None => v,
                        Some(rest) => self.terms.ite(hit, v, rest),
                    });
                }
                result
            }
        }
    }

    /// The cases of a symbolic offset, in order: the bit offset of each
    /// combination of in-range index values with the condition that
    /// selects it; and the condition that every index is inside its array.
    fn offset_cases(&mut self, base: u64, dims: &[Dim]) -> (Vec<(u64, TermId)>, TermId) {
        let mut cases = vec![(base, TRUE)];
        let mut inside = TRUE;
        for d in dims {
            let w = self.terms.width(d.index);
            if d.len < (1u64 << w.min(63)) {
                let lenc = self.terms.constant(u128::from(d.len), w);
                let below = self.terms.binary(Binary::Ult, d.index, lenc);
                inside = self.terms.and(inside, below);
            }
            let mut next = Vec::with_capacity(cases.len() * d.len as usize);
            for &(o, cond) in &cases {
                for k in 0..d.len {
                    let kc = self.terms.constant(u128::from(k), w);
                    let hit = self.terms.binary(Binary::Eq, d.index, kc);
                    next.push((o + k * d.stride, self.terms.and(cond, hit)));
                }
            }
            cases = next;
        }
        (cases, inside)
    }

    pub(super) fn store(
        &mut self,
        state: &mut State,
        f: &Function,
        place: &Place,
        value: TermId,
        loc: Loc,
    ) {
        if self.through_address(f, place) {
            let Some((addr, extra)) = self.address_of(state, f, place, true) else {
                self.lost(state, "a store this executor cannot place");
                return;
            };
            let bits = self
                .bit_field_width(f, place)
                .unwrap_or_else(|| self.terms.width(value));
            let value = if self.terms.width(value) != bits {
                self.terms.extract(value, 0, bits)
            } else {
                value
            };
            self.write_indirect(state, addr, value, extra, has_deref(place), loc);
            return;
        }
        let Some((root, off)) = self.locate(state, f, place) else {
            self.lost(state, "a store this executor cannot place");
            return;
        };
        let obj = self.object(state, f, root);
        let bits = self
            .bit_field_width(f, place)
            .unwrap_or_else(|| self.terms.width(value));
        let value = if self.terms.width(value) != bits {
            self.terms.extract(value, 0, bits)
        } else {
            value
        };
        let total = self.terms.width(obj);
        self.count_direct(&off, Some(bits));
        let updated = match &off {
            Offset::OutOfBounds => return,
            Offset::Const(o) => {
                if o + u64::from(bits) > u64::from(total) {
                    self.unsupported(state, "write outside its object", loc);
                    return;
                }
                self.terms.update(obj, *o as u32, value)
            }
            Offset::Symbolic { base, dims } => {
                let (cases, _) = self.offset_cases(*base, dims);
                let mut cur = obj;
                for (o, hit) in cases {
                    if o + u64::from(bits) > u64::from(total) {
                        continue;
                    }
                    let old = self.terms.extract(cur, o as u32, bits);
                    let v = self.terms.ite(hit, value, old);
                    cur = self.terms.update(cur, o as u32, v);
                }
                cur
            }
        };
        let Root::Object(id) = root;
        let name = self.object_names[id.index()].clone();
        let named = self.defined(&name, updated, loc);
        state.memory[id.index()] = Some(named);
    }
}

/// Does a place go through a pointer?
fn has_deref(place: &Place) -> bool {
    match place {
        Place::Deref(_) => true,
        Place::Field(b, _) | Place::Index(b, _) => has_deref(b),
        _ => false,
    }
}

/// The object a place lives in, by id.
#[derive(Copy, Clone, Debug)]
pub(super) enum Root {
    Object(ObjectId),
}

/// A bit offset into an object: constant, or a case split over array elements.
#[derive(Clone, Debug)]
enum Offset {
    Const(u64),
    /// `base` plus `index × stride` for each variable index (`a[i][j]`,
    /// `a[i].f[j]`): an access is a case split over every combination of
    /// the indices' values inside their arrays; any index outside its
    /// array (a negative signed index is a huge unsigned one) makes the
    /// access out of bounds.
    Symbolic {
        base: u64,
        dims: Vec<Dim>,
    },
    /// An array index outside the array: reads are unknown, writes do nothing.
    OutOfBounds,
}

/// One variable index of a symbolic offset: `index` selects one of `len`
/// elements `stride` bits apart.
#[derive(Clone, Debug)]
struct Dim {
    index: TermId,
    stride: u64,
    len: u64,
}

impl Offset {
    fn add_const(self, bits: u64) -> Offset {
        match self {
            Offset::OutOfBounds => Offset::OutOfBounds,
            Offset::Const(o) => Offset::Const(o.wrapping_add(bits)),
            Offset::Symbolic { base, dims } => Offset::Symbolic {
                base: base + bits,
                dims,
            },
        }
    }

    fn add_symbolic(self, dim: Dim) -> Offset {
        match self {
            Offset::Const(o) => Offset::Symbolic {
                base: o,
                dims: vec![dim],
            },
            Offset::OutOfBounds => Offset::OutOfBounds,
            Offset::Symbolic { base, mut dims } => {
                dims.push(dim);
                Offset::Symbolic { base, dims }
            }
        }
    }

    /// How many element combinations a symbolic offset splits into.
    fn cases(&self) -> u64 {
        match self {
            Offset::Symbolic { dims, .. } => dims.iter().map(|d| d.len).product(),
            _ => 1,
        }
    }
}
