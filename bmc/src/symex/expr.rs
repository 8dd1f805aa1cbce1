//! Expressions: constants, loads, addresses, unary and binary operations
//! (with their overflow, division and shift checks), casts, and IEEE 754
//! floating operations built by `crate::float`.

use super::SafetyKind;
use super::{Executor, State, UNDEFINED_SHIFT};
use crate::float;
use crate::layout::function_object_id;
use crate::ssa::{Binary, TermId, FALSE};
use lore_frontend::ir::{BinaryOp, Expr, ExprKind, FloatTest, Function, UnaryOp};
use lore_frontend::source::Loc;
use lore_frontend::types::{FloatKind, TypeId, TypeKind, TypeTable};

impl Executor<'_> {
    pub(super) fn value(&mut self, state: &mut State, f: &Function, e: &Expr) -> TermId {
        let ty = e.ty;
        match &e.kind {
            ExprKind::Int(v) => {
                let w = self.value_bits(ty).max(1);
                self.terms.constant(*v, w)
            }
            ExprKind::Float(bits) => match self.float_format(state, ty) {
                Some(fmt) => self.terms.constant(u128::from(*bits), fmt.width()),
                None => FALSE,
            },
            ExprKind::Zero => {
                let w = self.bits_of(ty).max(1);
                self.terms.constant(0, w)
            }
            ExprKind::Load(place) => {
                if self.types().is_float(ty) && self.float_format(state, ty).is_none() {
                    return FALSE;
                }
                match self.load(state, f, place, ty) {
                    Some(v) => v,
                    None => {
                        self.lost(state, "a load this executor cannot place");
                        FALSE
                    }
                }
            }
            ExprKind::AddrOf(place) => match self.address_of(state, f, place, false) {
                Some((a, _)) => a,
                None => {
                    self.lost(state, "an address this executor cannot compute");
                    FALSE
                }
            },
            ExprKind::FunctionAddr(function) => {
                if !self.address_taken.contains(function) {
                    self.address_taken.push(*function);
                }
                let (pw, ob) = (self.pointer_bits(), self.offset_bits());
                let id = function_object_id(pw, ob, *function);
                if self.too_many_objects(self.object_names.len() as u64) {
                    self.unsupported(state, "too many objects", self.at);
                }
                self.object_address(id)
            }
            ExprKind::Unary(op, a) => {
                let x = self.value(state, f, a);
                if *op == UnaryOp::Neg
                    && self.options.signed_overflow_check
                    && self.types().is_signed(a.ty)
                    && self.types().is_integer(a.ty)
                {
                    let w = self.terms.width(x);
                    let min = self.terms.constant(1u128 << (w - 1), w);
                    let bad = self.terms.binary(Binary::Eq, x, min);
                    self.safety(
                        state,
                        f,
                        SafetyKind::Overflow,
                        "arithmetic overflow on signed integers",
                        bad,
                    );
                }
                if self.types().is_float(a.ty) {
                    let Some(fmt) = self.float_format(state, a.ty) else {
                        return FALSE;
                    };
                    let t = &mut self.terms;
                    return match op {
                        UnaryOp::Neg => float::neg(t, fmt, x),
                        UnaryOp::FloatAbs => float::abs(t, fmt, x),
                        UnaryOp::FloatTest(FloatTest::Nan) => float::is_nan(t, fmt, x),
                        UnaryOp::FloatTest(FloatTest::Infinite) => float::is_infinite(t, fmt, x),
                        UnaryOp::FloatTest(FloatTest::Finite) => {
                            let nan = float::is_nan(t, fmt, x);
                            let inf = float::is_infinite(t, fmt, x);
                            let either = t.or(nan, inf);
                            t.not(either)
                        }
                        UnaryOp::FloatTest(FloatTest::Normal) => float::is_normal(t, fmt, x),
                        UnaryOp::FloatTest(FloatTest::SignBit) => float::sign_bit(t, fmt, x),
                        UnaryOp::BitNot | UnaryOp::Not => {
                            self.unsupported(state, "a bit operation on a floating value", self.at);
                            FALSE
                        }
                    };
                }
                match op {
                    UnaryOp::Neg => self.terms.neg(x),
                    UnaryOp::BitNot | UnaryOp::Not => self.terms.not(x),
                    UnaryOp::FloatTest(_) | UnaryOp::FloatAbs => {
                        self.unsupported(state, "a floating test of a non-floating value", self.at);
                        FALSE
                    }
                }
            }
            ExprKind::Binary(op, a, b, at) => self.binary(state, f, *op, a, b, ty, *at),
            ExprKind::Cast(a) => {
                let x = self.value(state, f, a);
                self.cast(state, x, a.ty, ty)
            }
            ExprKind::Ite(c, a, b) => {
                let cv = self.value(state, f, c);
                // Each side is evaluated only where it is chosen.
                let saved = state.guard;
                state.guard = self.terms.and(saved, cv);
                let av = self.value(state, f, a);
                let ok_a = state.guard;
                let ncv = self.terms.not(cv);
                state.guard = self.terms.and(saved, ncv);
                let bv = self.value(state, f, b);
                let ok_b = state.guard;
                state.guard = self.terms.or(ok_a, ok_b);
                self.terms.ite(cv, av, bv)
            }
        }
    }

    pub(super) fn binary(
        &mut self,
        state: &mut State,
        f: &Function,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        ty: TypeId,
        at: Loc,
    ) -> TermId {
        if self.types().is_float(a.ty) {
            return self.float_binary(state, f, op, a, b);
        }
        if matches!(op, BinaryOp::PtrAdd | BinaryOp::PtrDiff) {
            return self.pointer_arithmetic(state, f, op, a, b, ty);
        }
        let x = self.value(state, f, a);
        if matches!(op, BinaryOp::And | BinaryOp::Or) {
            return self.short_circuit(state, f, op, x, b);
        }
        let y = self.value(state, f, b);
        let signed = self.types().is_signed(a.ty);
        let bop = match op {
            BinaryOp::Add => Binary::Add,
            BinaryOp::Sub => Binary::Sub,
            BinaryOp::Mul => Binary::Mul,
            BinaryOp::Div => {
                if signed {
                    Binary::SDiv
                } else {
                    Binary::UDiv
                }
            }
            BinaryOp::Rem => {
                if signed {
                    Binary::SRem
                } else {
                    Binary::URem
                }
            }
            BinaryOp::Shl => Binary::Shl,
            BinaryOp::Shr => {
                if signed {
                    Binary::AShr
                } else {
                    Binary::LShr
                }
            }
            BinaryOp::BitAnd => Binary::And,
            BinaryOp::BitOr => Binary::Or,
            BinaryOp::BitXor => Binary::Xor,
            BinaryOp::Eq => Binary::Eq,
            BinaryOp::Ne => {
                let eq = self.terms.binary(Binary::Eq, x, y);
                return self.terms.not(eq);
            }
            BinaryOp::Lt => {
                if signed {
                    Binary::Slt
                } else {
                    Binary::Ult
                }
            }
            BinaryOp::Le => {
                if signed {
                    Binary::Sle
                } else {
                    Binary::Ule
                }
            }
            BinaryOp::Gt => {
                return self
                    .terms
                    .binary(if signed { Binary::Slt } else { Binary::Ult }, y, x)
            }
            BinaryOp::Ge => {
                return self
                    .terms
                    .binary(if signed { Binary::Sle } else { Binary::Ule }, y, x)
            }
            BinaryOp::And | BinaryOp::Or => unreachable!("handled above"),
            BinaryOp::PtrAdd | BinaryOp::PtrDiff => unreachable!("handled above"),
        };
        if self.options.signed_overflow_check
            && op == BinaryOp::Shl
            && signed
            && self.types().is_integer(a.ty)
        {
            let distance_signed = self.types().is_signed(b.ty);
            let bad = self.shift_overflow(x, y, distance_signed);
            self.safety_at(
                state,
                f,
                SafetyKind::Overflow,
                "arithmetic overflow on signed <<",
                bad,
                at,
            );
        }
        if self.options.undefined_shift_check
            && matches!(op, BinaryOp::Shl | BinaryOp::Shr)
            && self.types().is_integer(a.ty)
        {
            let bad = self.undefined_shift(op, x, y, a.ty);
            self.safety_at(
                state,
                f,
                SafetyKind::UndefinedShift,
                UNDEFINED_SHIFT,
                bad,
                at,
            );
        }
        // Shift amounts are brought to the left operand's width.
        let y = if matches!(bop, Binary::Shl | Binary::LShr | Binary::AShr) {
            let wx = self.terms.width(x);
            let wy = self.terms.width(y);
            if wy > wx {
                // An amount too large for the narrow width saturates.
                let big = self.terms.constant(u128::from(wx), wy);
                let too_big = self.terms.binary(Binary::Ule, big, y);
                let low = self.terms.extract(y, 0, wx);
                let sat = self.terms.constant(u128::from(wx), wx);
                self.terms.ite(too_big, sat, low)
            } else {
                self.terms.zext(y, wx)
            }
        } else {
            y
        };
        if self.options.div_by_zero_check
            && matches!(
                bop,
                Binary::UDiv | Binary::URem | Binary::SDiv | Binary::SRem
            )
        {
            let w = self.terms.width(y);
            let zero = self.terms.constant(0, w);
            let bad = self.terms.binary(Binary::Eq, y, zero);
            self.safety_at(
                state,
                f,
                SafetyKind::DivisionByZero,
                "division by zero",
                bad,
                at,
            );
        }
        if self.options.signed_overflow_check && signed && self.types().is_integer(a.ty) {
            if let Some(bad) = self.overflow(bop, x, y) {
                let description = format!("arithmetic overflow on signed {}", op.symbol());
                self.safety_at(state, f, SafetyKind::Overflow, &description, bad, at);
            }
        }
        self.terms.binary(bop, x, y)
    }

    /// `p + n` (scaled by the pointee's size) and `p - q` (in elements).
    fn pointer_arithmetic(
        &mut self,
        state: &mut State,
        f: &Function,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        ty: TypeId,
    ) -> TermId {
        let x = self.value(state, f, a);
        let y = self.value(state, f, b);
        let pw = self.pointer_bits();
        let elem = self.types().pointee(a.ty).unwrap_or(TypeTable::CHAR);
        let size = if elem == TypeTable::VOID {
            1
        } else {
            self.size_bits(state, elem).unwrap_or(8) / 8
        };
        let k = self.terms.constant(u128::from(size.max(1)), pw);
        if op == BinaryOp::PtrAdd {
            let n = self.terms.sext(y, pw);
            let scaled = self.terms.binary(Binary::Mul, n, k);
            self.terms.binary(Binary::Add, x, scaled)
        } else {
            let d = self.terms.binary(Binary::Sub, x, y);
            let q = self.terms.binary(Binary::SDiv, d, k);
            let w = self.value_bits(ty);
            self.terms.sext(q, w)
        }
    }

    /// `x && b` and `x || b`: the right side is evaluated only where needed.
    fn short_circuit(
        &mut self,
        state: &mut State,
        f: &Function,
        op: BinaryOp,
        x: TermId,
        b: &Expr,
    ) -> TermId {
        let saved = state.guard;
        state.guard = if op == BinaryOp::And {
            self.terms.and(saved, x)
        } else {
            let nx = self.terms.not(x);
            self.terms.and(saved, nx)
        };
        let y = self.value(state, f, b);
        let ok = state.guard;
        let short = if op == BinaryOp::And {
            let nx = self.terms.not(x);
            self.terms.and(saved, nx)
        } else {
            self.terms.and(saved, x)
        };
        state.guard = self.terms.or(ok, short);
        if op == BinaryOp::And {
            self.terms.and(x, y)
        } else {
            self.terms.or(x, y)
        }
    }

    /// When the shift `x op y` is undefined (C11 6.5.7p3-4): the distance
    /// is negative or at least the width of the (promoted) left operand, or
    /// a negative signed value is shifted left. `x` and `y` are the
    /// promoted operands, `x` of type `left`.
    fn undefined_shift(&mut self, op: BinaryOp, x: TermId, y: TermId, left: TypeId) -> TermId {
        let wx = self.terms.width(x);
        let mut wy = self.terms.width(y);
        let mut y = y;
        if wy < 8 {
            y = self.terms.zext(y, 8);
            wy = 8;
        }
        let width = self.terms.constant(u128::from(wx), wy);
        // Unsigned: a negative distance reads as a large one, so this also
        // covers the negative case.
        let mut bad = self.terms.binary(Binary::Ule, width, y);
        if op == BinaryOp::Shl && self.types().is_signed(left) {
            let zero = self.terms.constant(0, wx);
            let negative = self.terms.binary(Binary::Slt, x, zero);
            bad = self.terms.or(bad, negative);
        }
        bad
    }

    /// When the signed left shift `x << y` overflows (C11 6.5.7p4): `x` is
    /// positive and `x * 2^y` is not representable in `x`'s type. A
    /// negative `x` or a negative or too large distance is undefined but no
    /// overflow (the undefined-shift check's business, as in CBMC), except
    /// that a positive value shifted by its width or more never fits.
    fn shift_overflow(&mut self, x: TermId, y: TermId, distance_signed: bool) -> TermId {
        let w = self.terms.width(x);
        let wy = self.terms.width(y);
        let zero = self.terms.constant(0, w);
        let positive = self.terms.binary(Binary::Slt, zero, x);
        // x * 2^y fits exactly when y < w - 1 and x >> (w - 1 - y) is zero;
        // computed at the wider of the two widths so no distance wraps.
        let ww = w.max(wy) + 1;
        let xw = self.terms.zext(x, ww);
        let yw = self.terms.zext(y, ww);
        let top = self.terms.constant(u128::from(w - 1), ww);
        let small = self.terms.binary(Binary::Ult, yw, top);
        let room = self.terms.binary(Binary::Sub, top, yw);
        let high = self.terms.binary(Binary::LShr, xw, room);
        let zero_w = self.terms.constant(0, ww);
        let high_zero = self.terms.binary(Binary::Eq, high, zero_w);
        let fits = self.terms.and(small, high_zero);
        let mut bad = self.terms.not(fits);
        bad = self.terms.and(positive, bad);
        if distance_signed {
            let zero_y = self.terms.constant(0, wy);
            let negative = self.terms.binary(Binary::Slt, y, zero_y);
            let not_negative = self.terms.not(negative);
            bad = self.terms.and(bad, not_negative);
        }
        bad
    }

    /// When signed `x op y` overflows (`None`: the operation cannot).
    fn overflow(&mut self, op: Binary, x: TermId, y: TermId) -> Option<TermId> {
        let w = self.terms.width(x);
        match op {
            Binary::Add | Binary::Sub | Binary::Mul => {
                let (xw, yw) = (self.terms.sext(x, 2 * w), self.terms.sext(y, 2 * w));
                let wide = self.terms.binary(op, xw, yw);
                let low = self.terms.extract(wide, 0, w);
                let back = self.terms.sext(low, 2 * w);
                let same = self.terms.binary(Binary::Eq, wide, back);
                Some(self.terms.not(same))
            }
            // MIN / -1 overflows, and so does MIN % -1 (C11 6.5.5p6: the
            // remainder is undefined when the quotient is not representable).
            Binary::SDiv | Binary::SRem => {
                let min = self.terms.constant(1u128 << (w - 1), w);
                let minus_one = self.terms.constant(u128::MAX, w);
                let a = self.terms.binary(Binary::Eq, x, min);
                let b = self.terms.binary(Binary::Eq, y, minus_one);
                Some(self.terms.and(a, b))
            }
            _ => None,
        }
    }

    fn cast(&mut self, state: &mut State, x: TermId, from: TypeId, to: TypeId) -> TermId {
        let (float_from, float_to) = (self.types().is_float(from), self.types().is_float(to));
        if float_from || float_to {
            return self.float_cast(state, x, from, to);
        }

        if to == TypeTable::BOOL {
            let w = self.terms.width(x);
            let zero = self.terms.constant(0, w);
            let eq = self.terms.binary(Binary::Eq, x, zero);
            return self.terms.not(eq);
        }
        let w = self.value_bits(to);
        if self.types().is_signed(from) {
            self.terms.sext(x, w)
        } else {
            self.terms.zext(x, w)
        }
    }

    /// The IEEE format of a floating type; `long double` is reported
    /// unsupported (its x87 format is not modelled).
    fn float_format(&mut self, state: &mut State, ty: TypeId) -> Option<float::Format> {
        match self.types().kind(ty) {
            TypeKind::Float(FloatKind::Float) => Some(float::Format::SINGLE),
            TypeKind::Float(FloatKind::Double) => Some(float::Format::DOUBLE),
            _ => {
                self.unsupported(state, "long double", self.at);
                None
            }
        }
    }

    /// Arithmetic and comparisons of floating operands (of one type).
    fn float_binary(
        &mut self,
        state: &mut State,
        f: &Function,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
    ) -> TermId {
        let x = self.value(state, f, a);
        let y = self.value(state, f, b);
        let Some(fmt) = self.float_format(state, a.ty) else {
            return FALSE;
        };
        if matches!(
            op,
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div
        ) {
            self.float_arithmetic += 1;
        }
        let t = &mut self.terms;
        match op {
            BinaryOp::Add => float::add(t, fmt, x, y),
            BinaryOp::Sub => float::sub(t, fmt, x, y),
            BinaryOp::Mul => float::mul(t, fmt, x, y),
            BinaryOp::Div => float::div(t, fmt, x, y),
            BinaryOp::Eq => float::equal(t, fmt, x, y),
            BinaryOp::Ne => {
                let eq = float::equal(t, fmt, x, y);
                t.not(eq)
            }
            BinaryOp::Lt => float::less(t, fmt, x, y),
            BinaryOp::Le => float::less_equal(t, fmt, x, y),
            BinaryOp::Gt => float::less(t, fmt, y, x),
            BinaryOp::Ge => float::less_equal(t, fmt, y, x),
            _ => {
                self.unsupported(state, "this operation on floating values", self.at);
                FALSE
            }
        }
    }

    /// Conversions to, from and between floating types.
    fn float_cast(&mut self, state: &mut State, x: TermId, from: TypeId, to: TypeId) -> TermId {
        let float_from = self.types().is_float(from);
        let float_to = self.types().is_float(to);
        let source = if float_from {
            self.float_format(state, from)
        } else {
            None
        };
        let target = if float_to {
            self.float_format(state, to)
        } else {
            None
        };
        if (float_from && source.is_none()) || (float_to && target.is_none()) {
            return FALSE;
        }
        let signed_from = self.types().is_signed(from);
        let signed_to = self.types().is_signed(to);
        let width_to = self.value_bits(to);
        let t = &mut self.terms;
        match (source, target) {
            (Some(s), Some(d)) => float::convert(t, s, d, x),
            (Some(s), None) if to == TypeTable::BOOL => {
                let z = float::is_zero(t, s, x);
                t.not(z)
            }
            (Some(s), None) => float::to_int(t, s, x, width_to, signed_to),
            (None, Some(d)) => float::from_int(t, d, x, signed_from),
            (None, None) => unreachable!("a floating side"),
        }
    }
}
