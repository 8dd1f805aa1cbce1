//! Expressions of the replay: scalar values as bits of their type's
//! width, aggregates as bytes, integer arithmetic with the semantics the
//! circuits implement, and the safety checks of operations.

use super::{fp, from_bytes, mask, signed_value, Interpreter, Replay, Stop};
use crate::float::Format;
use crate::layout::{function_object_id, ObjectId};
use crate::symex::SafetyKind;
use lore_frontend::ir::{BinaryOp, Expr, ExprKind, Function, UnaryOp};
use lore_frontend::source::Loc;
use lore_frontend::types::{FloatKind, TypeId, TypeKind, TypeTable};

impl Interpreter<'_> {
    pub(super) fn aggregate(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        e: &Expr,
    ) -> Result<Vec<u8>, Stop> {
        match &e.kind {
            ExprKind::Load(place) => Ok(self.load_bytes(f, locals, place, self.size(e.ty))?.0),
            ExprKind::Zero => Ok(vec![0; self.size(e.ty).max(1)]),
            // A struct- or union-valued `c ? a : b`: only the chosen side
            // is evaluated (as symbolic execution, and C).
            ExprKind::Ite(c, a, b) => {
                if self.value(f, locals, c)? != 0 {
                    self.aggregate(f, locals, a)
                } else {
                    self.aggregate(f, locals, b)
                }
            }
            _ => Err(Replay::Stuck(
                "an aggregate value that is not a variable".into(),
            )),
        }
    }

    /// The value of a scalar expression, as bits of its type's width.
    pub(super) fn value(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        e: &Expr,
    ) -> Result<u128, Stop> {
        let ty = e.ty;
        // An aggregate has no scalar value: cutting it to a width would
        // silently replay something other than what symbolic execution did.
        assert!(
            self.types().is_scalar(ty),
            "the replay asked for the scalar value of an aggregate expression"
        );
        let w = self.types().bit_width(ty).max(1);
        let v = match &e.kind {
            ExprKind::Int(v) => *v,
            ExprKind::Float(bits) => {
                self.float_format(ty)?;
                u128::from(*bits)
            }
            ExprKind::Zero => 0,
            ExprKind::Load(place) => {
                if self.types().is_float(ty) {
                    self.float_format(ty)?;
                }
                let size = self.size(ty).max(1);
                let (bytes, bits) = self.load_bytes(f, locals, place, size)?;
                match bits {
                    Some((b, width)) => {
                        let raw = (from_bytes(&bytes) >> b) & mask(width);
                        if self.types().is_signed(ty) {
                            (signed_value(raw, width, true) as u128) & mask(w)
                        } else {
                            raw
                        }
                    }
                    None if ty == TypeTable::BOOL => u128::from(bytes[0] != 0),
                    None => from_bytes(&bytes),
                }
            }
            ExprKind::AddrOf(place) => self.address_of(f, locals, place)?,
            ExprKind::FunctionAddr(function) => {
                let id = function_object_id(self.pointer_bits(), self.offset_bits(), *function);
                self.address(id, 0)
            }
            ExprKind::Unary(op, a) => {
                let x = self.value(f, locals, a)?;
                if *op == UnaryOp::Neg
                    && self.safety.signed_overflow
                    && self.types().is_signed(a.ty)
                    && self.types().is_integer(a.ty)
                {
                    let wa = self.types().bit_width(a.ty);
                    if x & mask(wa) == 1u128 << (wa - 1) {
                        self.fails(SafetyKind::Overflow, Loc::NONE)?;
                    }
                }
                if self.types().is_float(a.ty) {
                    let fmt = self.float_format(a.ty)?;
                    return Ok(fp::unary(*op, fmt, x).ok_or_else(|| {
                        Replay::Stuck("a bit operation on a floating value".into())
                    })? & mask(w));
                }
                match op {
                    UnaryOp::Neg => x.wrapping_neg(),
                    UnaryOp::BitNot => !x,
                    UnaryOp::Not => u128::from(x == 0),
                    UnaryOp::FloatTest(_) | UnaryOp::FloatAbs => {
                        return Err(Replay::Stuck(
                            "a floating test of a non-floating value".into(),
                        ))
                    }
                }
            }
            ExprKind::Binary(op, a, b, at) => self.binary(f, locals, *op, a, b, *at, w)?,
            ExprKind::Cast(a) => self.cast(f, locals, a, ty, w)?,
            ExprKind::Ite(c, a, b) => {
                if self.value(f, locals, c)? != 0 {
                    self.value(f, locals, a)?
                } else {
                    self.value(f, locals, b)?
                }
            }
        };
        Ok(v & mask(w))
    }

    /// A binary operation on scalars (`w`: the result's width), with the
    /// division, overflow and shift checks symbolic execution makes.
    fn binary(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        at: Loc,
        w: u32,
    ) -> Result<u128, Stop> {
        if self.types().is_float(a.ty) {
            let fmt = self.float_format(a.ty)?;
            let x = self.value(f, locals, a)?;
            let y = self.value(f, locals, b)?;
            return fp::binary(op, fmt, x, y)
                .map(|v| v & mask(w))
                .ok_or_else(|| Replay::Stuck("this operation on floating values".into()));
        }
        if matches!(op, BinaryOp::PtrAdd | BinaryOp::PtrDiff) {
            let x = self.value(f, locals, a)?;
            let y = self.value(f, locals, b)?;
            let pw = self.pointer_bits();
            let elem = self.types().pointee(a.ty).unwrap_or(TypeTable::CHAR);
            let size = if elem == TypeTable::VOID {
                1
            } else {
                self.dyn_size(locals, elem).max(1)
            } as i128;
            return Ok(if op == BinaryOp::PtrAdd {
                let n = signed_value(y, self.types().bit_width(b.ty).max(1), true);
                ((x as i128).wrapping_add(n.wrapping_mul(size)) as u128) & mask(pw)
            } else {
                let d = signed_value(x.wrapping_sub(y) & mask(pw), pw, true);
                (d.wrapping_div(size) as u128) & mask(w)
            });
        }
        let x = self.value(f, locals, a)?;
        Ok(match op {
            BinaryOp::And if x == 0 => 0,
            BinaryOp::Or if x != 0 => 1,
            BinaryOp::And | BinaryOp::Or => u128::from(self.value(f, locals, b)? != 0),
            _ => {
                let y = self.value(f, locals, b)?;
                let wa = self.types().bit_width(a.ty).max(1);
                let signed = self.types().is_signed(a.ty);
                if self.safety.div_by_zero
                    && matches!(op, BinaryOp::Div | BinaryOp::Rem)
                    && y & mask(wa) == 0
                {
                    self.fails(SafetyKind::DivisionByZero, at)?;
                }
                if self.safety.signed_overflow && signed && self.types().is_integer(a.ty) {
                    let (sx, sy) = (signed_value(x, wa, true), signed_value(y, wa, true));
                    let exact = match op {
                        BinaryOp::Add => sx.checked_add(sy),
                        BinaryOp::Sub => sx.checked_sub(sy),
                        BinaryOp::Mul => sx.checked_mul(sy),
                        BinaryOp::Div if sy != 0 => sx.checked_div(sy),
                        // MIN % -1: undefined as MIN / -1 is (C11 6.5.5p6).
                        BinaryOp::Rem if sy == -1 && wa < 128 && sx == -(1i128 << (wa - 1)) => None,
                        // C11 6.5.7p4: a positive value times 2^y must fit
                        // (as symbolic execution; a negative value or
                        // distance is the undefined-shift check's).
                        BinaryOp::Shl => {
                            let wb = self.types().bit_width(b.ty).max(1);
                            let negative_distance =
                                self.types().is_signed(b.ty) && signed_value(y, wb, true) < 0;
                            let distance = y & mask(wb);
                            if sx <= 0 || negative_distance {
                                Some(0)
                            } else if distance >= u128::from(wa) - 1 {
                                None
                            } else {
                                sx.checked_mul(1i128 << distance)
                            }
                        }
                        _ => Some(0),
                    };
                    let fits = |v: i128| {
                        wa >= 128 || (v >= -(1i128 << (wa - 1)) && v < (1i128 << (wa - 1)))
                    };
                    if !exact.is_some_and(fits) {
                        self.fails(SafetyKind::Overflow, at)?;
                    }
                }
                let wb = self.types().bit_width(b.ty).max(1);
                if self.safety.undefined_shift
                    && matches!(op, BinaryOp::Shl | BinaryOp::Shr)
                    && self.types().is_integer(a.ty)
                {
                    // As symbolic execution: distance outside
                    // 0..width, or a negative value shifted left.
                    let distance = y & mask(wb);
                    let negative_left =
                        op == BinaryOp::Shl && signed && signed_value(x, wa, true) < 0;
                    if distance >= u128::from(wa) || negative_left {
                        self.fails(SafetyKind::UndefinedShift, at)?;
                    }
                }
                arith(op, x, y, wa, signed, wb)?
            }
        })
    }

    /// A conversion of `a`'s value to type `ty` (of width `w`).
    fn cast(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        a: &Expr,
        ty: TypeId,
        w: u32,
    ) -> Result<u128, Stop> {
        let x = self.value(f, locals, a)?;
        let (float_from, float_to) = (self.types().is_float(a.ty), self.types().is_float(ty));
        if float_from || float_to {
            let source = if float_from {
                Some(self.float_format(a.ty)?)
            } else {
                None
            };
            let target = if float_to {
                Some(self.float_format(ty)?)
            } else {
                None
            };
            let wa = self.types().bit_width(a.ty).max(1);
            let signed = |t| self.types().is_signed(t);
            let v = match (source, target) {
                (Some(s), Some(d)) => fp::convert(s, d, x),
                (Some(s), None) if ty == TypeTable::BOOL => u128::from(!fp::is_zero(s, x)),
                (Some(s), None) => fp::to_int(s, x, w, signed(ty)).ok_or_else(|| {
                    Replay::Stuck(format!("a floating value to a {w}-bit integer"))
                })?,
                (None, Some(d)) => fp::from_int(d, x, wa, signed(a.ty)).ok_or_else(|| {
                    Replay::Stuck(format!("a {wa}-bit integer to a floating value"))
                })?,
                (None, None) => unreachable!("a floating side"),
            };
            return Ok(v & mask(w));
        }
        Ok(if ty == TypeTable::BOOL {
            u128::from(x != 0)
        } else {
            let wa = self.types().bit_width(a.ty).max(1);
            (signed_value(x, wa, self.types().is_signed(a.ty)) as u128) & mask(w)
        })
    }
}

/// Integer arithmetic of the IR (the semantics the circuits implement).
fn arith(op: BinaryOp, x: u128, y: u128, w: u32, signed: bool, wy: u32) -> Result<u128, Stop> {
    let m = mask(w);
    let (sx, sy) = (signed_value(x, w, signed), signed_value(y, wy, signed));
    let b = |c: bool| u128::from(c);
    let shift_amount = y & mask(wy);
    Ok(match op {
        BinaryOp::Add => x.wrapping_add(y),
        BinaryOp::Sub => x.wrapping_sub(y),
        BinaryOp::Mul => x.wrapping_mul(y),
        BinaryOp::Div if y == 0 => {
            if signed && sx < 0 {
                1
            } else {
                m
            }
        }
        BinaryOp::Rem if y == 0 => x,
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
        BinaryOp::Shl => {
            if shift_amount >= u128::from(w) {
                0
            } else {
                x << shift_amount
            }
        }
        BinaryOp::Shr => {
            if shift_amount >= u128::from(w) {
                if signed && sx < 0 {
                    m
                } else {
                    0
                }
            } else if signed {
                (sx >> shift_amount) as u128
            } else {
                x >> shift_amount
            }
        }
        BinaryOp::BitAnd => x & y,
        BinaryOp::BitOr => x | y,
        BinaryOp::BitXor => x ^ y,
        BinaryOp::Eq => b(x == y),
        BinaryOp::Ne => b(x != y),
        BinaryOp::Lt => b(if signed { sx < sy } else { x < y }),
        BinaryOp::Le => b(if signed { sx <= sy } else { x <= y }),
        BinaryOp::Gt => b(if signed { sx > sy } else { x > y }),
        BinaryOp::Ge => b(if signed { sx >= sy } else { x >= y }),
        BinaryOp::And | BinaryOp::Or => {
            unreachable!("short-circuit operators are evaluated by the caller")
        }
        BinaryOp::PtrAdd | BinaryOp::PtrDiff => {
            unreachable!("pointer arithmetic is evaluated by the caller")
        }
    })
}

impl Interpreter<'_> {
    /// The IEEE format of a floating type (`long double` is not modelled).
    fn float_format(&self, ty: TypeId) -> Result<Format, Stop> {
        match self.types().kind(ty) {
            TypeKind::Float(FloatKind::Float) => Ok(Format::SINGLE),
            TypeKind::Float(FloatKind::Double) => Ok(Format::DOUBLE),
            _ => Err(Replay::Stuck("long double is not modelled".into())),
        }
    }
}
