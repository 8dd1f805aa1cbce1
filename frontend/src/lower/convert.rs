//! C's conversions made explicit (integer promotion, the usual arithmetic
//! conversions, conditions, assignment and cast conversions), and the
//! builders of casts and operations that fold constants.

use super::constant::{float_const, float_value};
use super::{Lowered, Lowerer};
use crate::diag::DiagnosticKind;
use crate::ir::{BinaryOp, Expr, ExprKind, Place, UnaryOp};
use crate::source::{Loc, Span};
use crate::types::{FloatKind, IntKind, TypeId, TypeKind, TypeTable};

impl Lowerer<'_> {
    /// Integer promotion (bit-fields narrower than int promote to int, as gcc does).
    pub(crate) fn promote(&mut self, e: Expr) -> Expr {
        if let ExprKind::Load(place @ Place::Field(_, i)) = &e.kind {
            if let Some(width) = self.bit_field_width(place, *i) {
                if width < 32 {
                    return self.mk_cast(e, TypeTable::INT);
                }
            }
        }
        match self.types.kind(e.ty) {
            TypeKind::Bool => self.mk_cast(e, TypeTable::INT),
            TypeKind::Int(k) if k.rank() < IntKind::Int.rank() => self.mk_cast(e, TypeTable::INT),
            _ => e,
        }
    }

    /// The usual arithmetic conversions: both operands converted to one type.
    pub(crate) fn usual_arithmetic(&mut self, a: Expr, b: Expr) -> (Expr, Expr, TypeId) {
        let float_rank = |t: &TypeKind| match t {
            TypeKind::Float(FloatKind::LongDouble) => 3,
            TypeKind::Float(FloatKind::Double) => 2,
            TypeKind::Float(FloatKind::Float) => 1,
            _ => 0,
        };
        let (fa, fb) = (
            float_rank(self.types.kind(a.ty)),
            float_rank(self.types.kind(b.ty)),
        );
        if fa > 0 || fb > 0 {
            let ty = if fa >= fb { a.ty } else { b.ty };
            let a = self.mk_cast(a, ty);
            let b = self.mk_cast(b, ty);
            return (a, b, ty);
        }
        let a = self.promote(a);
        let b = self.promote(b);
        let (ka, kb) = (
            self.types.int_kind(a.ty).unwrap_or(IntKind::Int),
            self.types.int_kind(b.ty).unwrap_or(IntKind::Int),
        );
        let kind = if ka == kb {
            ka
        } else if ka.is_signed() == kb.is_signed() {
            if ka.rank() >= kb.rank() {
                ka
            } else {
                kb
            }
        } else {
            let (s, u) = if ka.is_signed() { (ka, kb) } else { (kb, ka) };
            let model = self.types.model;
            if u.rank() >= s.rank() {
                u
            } else if model.int_bits(s) > model.int_bits(u) {
                s
            } else {
                s.to_unsigned()
            }
        };
        let ty = self.types.int(kind);
        let a = self.mk_cast(a, ty);
        let b = self.mk_cast(b, ty);
        (a, b, ty)
    }

    /// A scalar as a `_Bool` condition (`x != 0`, `p != NULL`).
    pub(crate) fn to_condition(&mut self, e: Expr, span: Span) -> Expr {
        if e.ty == TypeTable::BOOL {
            return e;
        }
        // `(int)(a < b)` is the comparison itself.
        if let ExprKind::Cast(inner) = &e.kind {
            if inner.ty == TypeTable::BOOL && self.types.is_integer(e.ty) {
                return (**inner).clone();
            }
        }
        if !self.types.is_scalar(e.ty) {
            let shown = self.types.display(e.ty);
            self.error(
                DiagnosticKind::Type,
                format!("a value of type `{shown}` used as a condition"),
                span,
            );
            return Expr::bool(false);
        }
        if let ExprKind::Int(v) = e.kind {
            return Expr::bool(v != 0);
        }
        let ty = e.ty;
        let zero = match self.types.kind(ty) {
            TypeKind::Float(k) => float_const(0.0, *k, ty),
            _ => Expr::int(0, ty),
        };
        Expr::binary(BinaryOp::Ne, e, zero, TypeTable::BOOL)
    }

    pub(crate) fn bool_to_int(&mut self, e: Expr) -> Expr {
        self.mk_cast(e, TypeTable::INT)
    }

    /// Implicit conversion (assignment, argument passing, return).
    pub(crate) fn convert(&mut self, e: Expr, to: TypeId, span: Span) -> Expr {
        let from = e.ty;
        if from == to {
            return e;
        }
        if to == TypeTable::VOID {
            return Expr::int(0, TypeTable::VOID);
        }
        if from == TypeTable::VOID {
            self.error(
                DiagnosticKind::Type,
                "void value not ignored as it ought to be",
                span,
            );
            return Expr::new(ExprKind::Zero, to);
        }
        let (fs, ts) = (self.types.is_scalar(from), self.types.is_scalar(to));
        if fs && ts {
            if to == TypeTable::BOOL {
                let c = self.to_condition(e, span);
                return c;
            }
            let (fp, tp) = (self.types.is_pointer(from), self.types.is_pointer(to));
            if tp && !fp && !Lowerer::is_null_constant(&e) && self.types.is_float(from) {
                self.error(
                    DiagnosticKind::Type,
                    "a floating value cannot become a pointer",
                    span,
                );
            }
            return self.mk_cast(e, to);
        }
        let (sf, st) = (self.types.display(from), self.types.display(to));
        self.error(
            DiagnosticKind::Type,
            format!("cannot convert a value of type `{sf}` to `{st}`"),
            span,
        );
        Expr::new(ExprKind::Zero, to)
    }

    /// `(T)e`.
    pub(crate) fn explicit_cast(&mut self, e: Expr, to: TypeId, span: Span) -> Lowered {
        if e.ty == to {
            // A bit-field read cast to its declared type is an ordinary
            // value of that type: kept as a cast so that the integer
            // promotions do not treat it as a narrow bit-field again
            // (`(unsigned long long)s.f << 63` with `f : 11` is computed in
            // 64 bits, not in int).
            if let ExprKind::Load(place @ Place::Field(_, i)) = &e.kind {
                if self.bit_field_width(place, *i).is_some() {
                    return Some(Expr {
                        kind: ExprKind::Cast(Box::new(e)),
                        ty: to,
                    });
                }
            }
            return Some(e);
        }
        if !self.types.is_scalar(to) || !self.types.is_scalar(e.ty) {
            let (sf, st) = (self.types.display(e.ty), self.types.display(to));
            self.error(
                DiagnosticKind::Type,
                format!("invalid cast from `{sf}` to `{st}`"),
                span,
            );
            return None;
        }
        if (self.types.is_float(to) && self.types.is_pointer(e.ty))
            || (self.types.is_pointer(to) && self.types.is_float(e.ty))
        {
            self.error(
                DiagnosticKind::Type,
                "cast between a pointer and a floating type",
                span,
            );
            return None;
        }
        Some(self.mk_cast(e, to))
    }

    // ----- building with constant folding -----

    /// `(to)e`, folding constants.
    pub(crate) fn mk_cast(&mut self, e: Expr, to: TypeId) -> Expr {
        if e.ty == to {
            return e;
        }
        match (&e.kind, self.types.kind(to).clone()) {
            (ExprKind::Int(v), TypeKind::Bool) if !self.types.is_float(e.ty) => {
                return Expr::bool(*v != 0)
            }
            (ExprKind::Int(v), TypeKind::Int(_) | TypeKind::Pointer(_))
                if !self.types.is_float(e.ty) =>
            {
                let value = self.sign_extend(*v, e.ty);
                return Expr::int(self.truncate(value as u128, to), to);
            }
            (ExprKind::Int(v), TypeKind::Float(k)) if self.types.is_integer(e.ty) => {
                let value = self.sign_extend(*v, e.ty);
                let f = if self.types.is_signed(e.ty) {
                    value as f64
                } else {
                    *v as f64
                };
                let f = if k == FloatKind::Float {
                    (if self.types.is_signed(e.ty) {
                        value as f32
                    } else {
                        *v as f32
                    }) as f64
                } else {
                    f
                };
                return float_const(f, k, to);
            }
            (ExprKind::Float(bits), TypeKind::Float(k)) => {
                let value = float_value(*bits, self.types.kind(e.ty));
                return float_const(value, k, to);
            }
            (ExprKind::Float(bits), TypeKind::Int(_)) => {
                // Truncation toward zero, folded only when the value fits
                // (an out-of-range conversion is undefined and left to the checker).
                let value = float_value(*bits, self.types.kind(e.ty)).trunc();
                let bits_to = self.types.bit_width(to);
                let (lo, hi) = if self.types.is_signed(to) {
                    (
                        -(2f64.powi(bits_to as i32 - 1)),
                        2f64.powi(bits_to as i32 - 1),
                    )
                } else {
                    (0.0, 2f64.powi(bits_to as i32))
                };
                if value >= lo && value < hi {
                    return Expr::int(self.truncate(value as i128 as u128, to), to);
                }
            }
            // The offset of a member: `(size_t)&((T *)0)->m` is a constant.
            (ExprKind::AddrOf(place), TypeKind::Int(_)) => {
                if let Some(addr) = self.constant_address(place) {
                    return Expr::int(self.truncate(u128::from(addr), to), to);
                }
            }
            _ => {}
        }
        Expr::cast(e, to)
    }

    /// The address of a place rooted at a constant pointer (`&((T *)0)->m`).
    fn constant_address(&self, place: &Place) -> Option<u64> {
        match place {
            Place::Deref(p) => match &p.kind {
                ExprKind::Int(v) => Some(*v as u64),
                _ => None,
            },
            Place::Field(base, i) => {
                let ty = self.place_type_now(base)?;
                let c = self.types.composite_id(ty)?;
                let field = &self.types.composite(c).fields.as_ref()?[*i];
                Some(self.constant_address(base)?.wrapping_add(field.offset))
            }
            Place::Index(base, index) => {
                let ty = self.place_type_now(base)?;
                let elem = self.types.element(ty)?;
                let i = index.as_int()? as u64;
                Some(
                    self.constant_address(base)?
                        .wrapping_add(i.wrapping_mul(self.types.size_of(elem)?)),
                )
            }
            _ => None,
        }
    }

    pub(crate) fn mk_unary(&mut self, op: UnaryOp, e: Expr) -> Expr {
        if let ExprKind::Int(v) = e.kind {
            // -MIN overflows: left to the overflow check (but in a constant).
            let min =
                self.types.is_signed(e.ty) && self.sign_extend(v, e.ty) == self.signed_min(e.ty);
            if self.types.is_integer(e.ty) && !(op == UnaryOp::Neg && min && self.in_constant == 0)
            {
                let ty = e.ty;
                let r = match op {
                    UnaryOp::Neg => Some(v.wrapping_neg()),
                    UnaryOp::BitNot => Some(!v),
                    UnaryOp::Not => Some(u128::from(v == 0)),
                    UnaryOp::FloatTest(_) | UnaryOp::FloatAbs => None,
                };
                if let Some(r) = r {
                    return Expr::int(self.truncate(r, ty), ty);
                }
            }
        }
        if let (UnaryOp::Neg, ExprKind::Float(bits)) = (op, &e.kind) {
            let kind = self.types.kind(e.ty).clone();
            if let TypeKind::Float(k) = kind {
                let v = float_value(*bits, &kind);
                return float_const(-v, k, e.ty);
            }
        }
        let ty = e.ty;
        Expr::new(ExprKind::Unary(op, Box::new(e)), ty)
    }

    pub(crate) fn mk_binary(&mut self, op: BinaryOp, a: Expr, b: Expr, ty: TypeId) -> Expr {
        self.mk_binary_at(op, a, b, ty, Loc::NONE)
    }

    /// [`Self::mk_binary`] for an operator written at `at` in the source.
    pub(crate) fn mk_binary_at(
        &mut self,
        op: BinaryOp,
        a: Expr,
        b: Expr,
        ty: TypeId,
        at: Loc,
    ) -> Expr {
        if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
            if self.types.is_integer(a.ty)
                && self.types.is_integer(b.ty)
                && (self.in_constant > 0 || !self.undefined(op, x, y, a.ty, b.ty))
            {
                if let Some(v) = self.fold_binary(op, x, y, a.ty, b.ty) {
                    return Expr::int(self.truncate(v, ty), ty);
                }
            }
        }
        Expr::binary_at(op, a, b, ty, at)
    }

    /// Whether the signed operation `x op y` (operands of types `ta`, `tb`)
    /// overflows or is an undefined shift: such an operation is not folded
    /// outside constant expressions, so that `--signed-overflow-check` and
    /// `--undefined-shift-check` see it (`2147483647 + 1`).
    fn undefined(&self, op: BinaryOp, x: u128, y: u128, ta: TypeId, tb: TypeId) -> bool {
        if !self.types.is_signed(ta) && !matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            return false;
        }
        let bits = self.types.bit_width(ta);
        if bits == 0 || bits >= 128 {
            return false;
        }
        let (sx, sy) = (self.sign_extend(x, ta), self.sign_extend(y, tb));
        let fits = |v: i128| v >= -(1i128 << (bits - 1)) && v < (1i128 << (bits - 1));
        let signed = self.types.is_signed(ta);
        match op {
            BinaryOp::Add => !fits(sx + sy),
            BinaryOp::Sub => !fits(sx - sy),
            BinaryOp::Mul => sx.checked_mul(sy).is_none_or(|v| !fits(v)),
            BinaryOp::Div | BinaryOp::Rem => sy == -1 && sx == -(1i128 << (bits - 1)),
            BinaryOp::Shl | BinaryOp::Shr => {
                let distance_bad = sy < 0 || sy >= i128::from(bits);
                let shl = op == BinaryOp::Shl && signed;
                distance_bad
                    || (shl && sx < 0)
                    || (shl && sx > 0 && (sy >= i128::from(bits) - 1 || !fits(sx << sy)))
            }
            _ => false,
        }
    }

    fn fold_binary(&self, op: BinaryOp, x: u128, y: u128, ta: TypeId, tb: TypeId) -> Option<u128> {
        let signed = self.types.is_signed(ta);
        let (sx, sy) = (self.sign_extend(x, ta), self.sign_extend(y, tb));
        let bits = self.types.bit_width(ta);
        Some(match op {
            BinaryOp::Add => x.wrapping_add(y),
            BinaryOp::Sub => x.wrapping_sub(y),
            BinaryOp::Mul => x.wrapping_mul(y),
            BinaryOp::Div if y == 0 => return None,
            BinaryOp::Rem if y == 0 => return None,
            BinaryOp::Div => {
                if signed {
                    sx.wrapping_div(sy) as u128
                } else {
                    x / y
                }
            }
            BinaryOp::Rem => {
                if signed {
                    sx.wrapping_rem(sy) as u128
                } else {
                    x % y
                }
            }
            BinaryOp::Shl if y as u32 >= bits => return None,
            BinaryOp::Shr if y as u32 >= bits => return None,
            BinaryOp::Shl => x << y,
            BinaryOp::Shr => {
                if signed {
                    (sx >> y) as u128
                } else {
                    x >> y
                }
            }
            BinaryOp::BitAnd => x & y,
            BinaryOp::BitOr => x | y,
            BinaryOp::BitXor => x ^ y,
            BinaryOp::Eq => u128::from(x == y),
            BinaryOp::Ne => u128::from(x != y),
            BinaryOp::Lt => u128::from(if signed { sx < sy } else { x < y }),
            BinaryOp::Le => u128::from(if signed { sx <= sy } else { x <= y }),
            BinaryOp::Gt => u128::from(if signed { sx > sy } else { x > y }),
            BinaryOp::Ge => u128::from(if signed { sx >= sy } else { x >= y }),
            BinaryOp::And => u128::from(x != 0 && y != 0),
            BinaryOp::Or => u128::from(x != 0 || y != 0),
            BinaryOp::PtrAdd | BinaryOp::PtrDiff => return None,
        })
    }

    /// The least value of the signed type `ty`.
    fn signed_min(&self, ty: TypeId) -> i128 {
        let bits = self.types.bit_width(ty);
        if bits == 0 || bits >= 128 {
            i128::MIN
        } else {
            -(1i128 << (bits - 1))
        }
    }

    /// The value of bits of type `ty` as a signed number (if `ty` is signed).
    pub(crate) fn sign_extend(&self, v: u128, ty: TypeId) -> i128 {
        let bits = self.types.bit_width(ty);
        if bits == 0 || bits >= 128 || !self.types.is_signed(ty) || self.types.is_float(ty) {
            return v as i128;
        }
        let shift = 128 - bits;
        ((v << shift) as i128) >> shift
    }

    pub(crate) fn truncate(&self, v: u128, ty: TypeId) -> u128 {
        let bits = self.types.bit_width(ty);
        if bits == 0 || bits >= 128 {
            v
        } else {
            v & ((1u128 << bits) - 1)
        }
    }

    /// Is this the null pointer constant `0`?
    pub(crate) fn is_null_constant(e: &Expr) -> bool {
        matches!(e.kind, ExprKind::Int(0))
    }
}
