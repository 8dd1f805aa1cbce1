//! Assignments (`=`, `op=`) and increments and decrements, prefix and
//! postfix: stores into places, with the expression's value kept when it
//! is used.

use super::{Lowered, Lowerer};
use crate::diag::DiagnosticKind;
use crate::ir::{BinaryOp, Expr, ExprKind, Place, StmtKind, UnaryOp};
use crate::source::Loc;
use crate::types::{TypeId, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    /// `lhs = rhs` and `lhs op= rhs`.
    pub(crate) fn lower_assignment(
        &mut self,
        b: &Node<ast::BinaryOperatorExpression>,
        want_value: bool,
    ) -> Lowered {
        use ast::BinaryOperator as B;
        let span = self.span(b);
        let loc = span.loc;
        let op = b.node.operator.node.clone();
        let (place, ty) = self.lower_place(&b.node.lhs)?;
        if self.types.is_array(ty) {
            self.error(DiagnosticKind::Type, "assignment to an array", span);
            return None;
        }
        let rhs = self.lower_expr(&b.node.rhs)?;
        let value = if op == B::Assign {
            self.convert(rhs, ty, span)
        } else {
            let arith = match op {
                B::AssignMultiply => B::Multiply,
                B::AssignDivide => B::Divide,
                B::AssignModulo => B::Modulo,
                B::AssignPlus => B::Plus,
                B::AssignMinus => B::Minus,
                B::AssignShiftLeft => B::ShiftLeft,
                B::AssignShiftRight => B::ShiftRight,
                B::AssignBitwiseAnd => B::BitwiseAnd,
                B::AssignBitwiseXor => B::BitwiseXor,
                _ => B::BitwiseOr,
            };
            let old = Expr::load(place.clone(), ty);
            let at = self.loc(&b.node.operator);
            let result = self.arithmetic(&arith, old, rhs, span, at)?;
            self.convert(result, ty, span)
        };
        if !want_value {
            self.emit(StmtKind::Assign { place, value }, loc);
            return Some(Expr::int(0, TypeTable::VOID));
        }
        if self.is_bit_field(&place) {
            self.emit(
                StmtKind::Assign {
                    place: place.clone(),
                    value,
                },
                loc,
            );
            return Some(self.value_held(place, ty, loc));
        }
        let simple = matches!(value.kind, ExprKind::Int(_) | ExprKind::Float(_))
            || matches!(place, Place::Local(_));
        if simple {
            self.emit(
                StmtKind::Assign {
                    place: place.clone(),
                    value: value.clone(),
                },
                loc,
            );
            return Some(if matches!(place, Place::Local(_)) {
                Expr::load(place, ty)
            } else {
                value
            });
        }
        let tmp = self.new_temp(ty, loc);
        self.emit(
            StmtKind::Assign {
                place: Place::Local(tmp),
                value,
            },
            loc,
        );
        let result = Expr::load(Place::Local(tmp), ty);
        self.emit(
            StmtKind::Assign {
                place,
                value: result.clone(),
            },
            loc,
        );
        Some(result)
    }

    /// `x++`, `--x` and friends. With `want_value`, returns the expression's value.
    pub(crate) fn lower_incdec(
        &mut self,
        u: &Node<ast::UnaryOperatorExpression>,
        want_value: bool,
    ) -> Lowered {
        use ast::UnaryOperator as U;
        let span = self.span(u);
        let loc = span.loc;
        let op = u.node.operator.node.clone();
        let (place, ty) = self.lower_place(&u.node.operand)?;
        let increment = matches!(op, U::PostIncrement | U::PreIncrement);
        let post = matches!(op, U::PostIncrement | U::PostDecrement);
        if !self.types.is_scalar(ty) {
            self.error(
                DiagnosticKind::Type,
                "increment or decrement of a non-scalar",
                span,
            );
            return None;
        }
        let bit_field = self.is_bit_field(&place);
        let old = if post && want_value && bit_field {
            self.value_held(place.clone(), ty, loc)
        } else if post && want_value {
            let tmp = self.new_temp(ty, loc);
            self.emit(
                StmtKind::Assign {
                    place: Place::Local(tmp),
                    value: Expr::load(place.clone(), ty),
                },
                loc,
            );
            Expr::load(Place::Local(tmp), ty)
        } else {
            Expr::load(place.clone(), ty)
        };
        let one = Expr::int(1, TypeTable::INT);
        let new = if self.types.is_pointer(ty) {
            let diff = self.types.ptrdiff_t();
            let step = if increment {
                Expr::int(1, diff)
            } else {
                self.mk_unary(UnaryOp::Neg, Expr::int(1, diff))
            };
            Expr::binary(BinaryOp::PtrAdd, old.clone(), step, ty)
        } else {
            let (a, b, common) = self.usual_arithmetic(old.clone(), one);
            let sum = self.mk_binary(
                if increment {
                    BinaryOp::Add
                } else {
                    BinaryOp::Sub
                },
                a,
                b,
                common,
            );
            self.mk_cast(sum, ty)
        };
        if post || !want_value {
            self.emit(StmtKind::Assign { place, value: new }, loc);
            return Some(old);
        }
        if bit_field {
            self.emit(
                StmtKind::Assign {
                    place: place.clone(),
                    value: new,
                },
                loc,
            );
            return Some(self.value_held(place, ty, loc));
        }
        let tmp = self.new_temp(ty, loc);
        self.emit(
            StmtKind::Assign {
                place: Place::Local(tmp),
                value: new,
            },
            loc,
        );
        let result = Expr::load(Place::Local(tmp), ty);
        self.emit(
            StmtKind::Assign {
                place,
                value: result.clone(),
            },
            loc,
        );
        Some(result)
    }
}

impl Lowerer<'_> {
    fn is_bit_field(&self, place: &Place) -> bool {
        matches!(place, Place::Field(_, i) if self.field_is_bit_field(place, *i))
    }

    /// The value `place` (of declared type `ty`) holds now, read into a
    /// temporary so that later side effects cannot change it: the value
    /// of an assignment, compound assignment or prefix increment to a
    /// bit-field is what the field holds afterwards (C11 6.5.16p3:
    /// truncated to its width, sign-extended for a signed field), and the
    /// value of a postfix one what it held before. Either is the field's
    /// value after the integer promotions, as gcc types it (`int` for a
    /// field narrower than `int`), so `(s.u = 0) - 1` is -1.
    fn value_held(&mut self, place: Place, ty: TypeId, loc: Loc) -> Expr {
        let value = self.promote(Expr::load(place, ty));
        let tmp = self.new_temp(value.ty, loc);
        let ty = value.ty;
        self.emit(
            StmtKind::Assign {
                place: Place::Local(tmp),
                value,
            },
            loc,
        );
        Expr::load(Place::Local(tmp), ty)
    }
}

pub(crate) fn is_assignment(op: &ast::BinaryOperator) -> bool {
    use ast::BinaryOperator as B;
    matches!(
        op,
        B::Assign
            | B::AssignMultiply
            | B::AssignDivide
            | B::AssignModulo
            | B::AssignPlus
            | B::AssignMinus
            | B::AssignShiftLeft
            | B::AssignShiftRight
            | B::AssignBitwiseAnd
            | B::AssignBitwiseXor
            | B::AssignBitwiseOr
    )
}

pub(crate) fn is_incdec(op: &ast::UnaryOperator) -> bool {
    use ast::UnaryOperator as U;
    matches!(
        op,
        U::PostIncrement | U::PostDecrement | U::PreIncrement | U::PreDecrement
    )
}
