//! Unary and binary operators that compute a value: arithmetic, bitwise,
//! shifts, comparisons and pointer arithmetic, with their operands
//! converted as C says (`&&`, `||` and `?:` are in `conditional.rs`,
//! assignments in `assign.rs`).

use super::access::ptr_add;
use super::assign::is_assignment;
use super::expr::Value;
use super::{Lowered, Lowerer};
use crate::diag::DiagnosticKind;
use crate::ir::{BinaryOp, Expr, UnaryOp};
use crate::source::{Loc, Span};
use crate::types::TypeTable;
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    /// A unary operator (`++` and `--` go to `assign.rs`, `&` and `*` to
    /// `access.rs`).
    pub(crate) fn lower_unary(
        &mut self,
        u: &Node<ast::UnaryOperatorExpression>,
        span: Span,
    ) -> Option<Value> {
        use ast::UnaryOperator as U;
        match u.node.operator.node {
            U::PostIncrement | U::PostDecrement | U::PreIncrement | U::PreDecrement => {
                self.lower_incdec(u, true).map(Value::RValue)
            }
            U::Address => self.lower_address_of(&u.node.operand, span),
            U::Indirection => self.lower_indirection(&u.node.operand, span),
            U::Plus | U::Minus | U::Complement => {
                let v = self.lower_expr(&u.node.operand)?;
                if !self.types.is_arithmetic(v.ty)
                    || (u.node.operator.node == U::Complement && !self.types.is_integer(v.ty))
                {
                    let shown = self.types.display(v.ty);
                    self.error(
                        DiagnosticKind::Type,
                        format!("invalid operand of type `{shown}` to unary operator"),
                        span,
                    );
                    return None;
                }
                let v = self.promote(v);
                Some(Value::RValue(match u.node.operator.node {
                    U::Plus => v,
                    U::Minus => self.mk_unary(UnaryOp::Neg, v),
                    _ => self.mk_unary(UnaryOp::BitNot, v),
                }))
            }
            U::Negate => {
                let c = self.lower_cond(&u.node.operand)?;
                Some(Value::RValue(self.bool_to_int(Expr::not(c))))
            }
        }
    }

    /// A binary operator: indexing, `&&` and `||`, assignments, or one
    /// that computes.
    pub(crate) fn lower_binary(
        &mut self,
        b: &Node<ast::BinaryOperatorExpression>,
        span: Span,
    ) -> Option<Value> {
        use ast::BinaryOperator as B;
        let op = b.node.operator.node.clone();
        match op {
            B::Index => self.lower_index(&b.node.lhs, &b.node.rhs, span),
            B::LogicalAnd | B::LogicalOr => self
                .lower_logical(b, op == B::LogicalAnd)
                .map(Value::RValue),
            _ if is_assignment(&op) => self.lower_assignment(b, true).map(Value::RValue),
            _ => {
                let lhs = self.lower_expr(&b.node.lhs)?;
                let rhs = self.lower_expr(&b.node.rhs)?;
                let at = self.loc(&b.node.operator);
                self.arithmetic(&op, lhs, rhs, span, at).map(Value::RValue)
            }
        }
    }

    /// `lhs op rhs` for the operators that compute (not assignments, `&&`,
    /// `||` or indexing); `at` is the operator's location.
    pub(crate) fn arithmetic(
        &mut self,
        op: &ast::BinaryOperator,
        lhs: Expr,
        rhs: Expr,
        span: Span,
        at: Loc,
    ) -> Lowered {
        use ast::BinaryOperator as B;
        let (lp, rp) = (self.types.is_pointer(lhs.ty), self.types.is_pointer(rhs.ty));
        match op {
            B::Plus if lp || rp => {
                let (ptr, int) = if lp { (lhs, rhs) } else { (rhs, lhs) };
                if !self.types.is_integer(int.ty) {
                    return self.operand_type_error(&ptr, &int, span);
                }
                let int = self.to_ptrdiff(int);
                Some(ptr_add(ptr, int))
            }
            B::Minus if lp && rp => {
                let diff = self.types.ptrdiff_t();
                let rhs = self.mk_cast(rhs, lhs.ty);
                Some(Expr::binary(BinaryOp::PtrDiff, lhs, rhs, diff))
            }
            B::Minus if lp => {
                if !self.types.is_integer(rhs.ty) {
                    return self.operand_type_error(&lhs, &rhs, span);
                }
                let int = self.to_ptrdiff(rhs);
                let neg = self.mk_unary(UnaryOp::Neg, int);
                Some(ptr_add(lhs, neg))
            }
            B::Less
            | B::Greater
            | B::LessOrEqual
            | B::GreaterOrEqual
            | B::Equals
            | B::NotEquals => self.comparison(op, lhs, rhs, span),
            B::ShiftLeft | B::ShiftRight => {
                if !self.types.is_integer(lhs.ty) || !self.types.is_integer(rhs.ty) {
                    return self.operand_type_error(&lhs, &rhs, span);
                }
                let a = self.promote(lhs);
                let b = self.promote(rhs);
                let ty = a.ty;
                let bop = if *op == B::ShiftLeft {
                    BinaryOp::Shl
                } else {
                    BinaryOp::Shr
                };
                Some(self.mk_binary_at(bop, a, b, ty, at))
            }
            _ => {
                let bop = match op {
                    B::Multiply => BinaryOp::Mul,
                    B::Divide => BinaryOp::Div,
                    B::Modulo => BinaryOp::Rem,
                    B::Plus => BinaryOp::Add,
                    B::Minus => BinaryOp::Sub,
                    B::BitwiseAnd => BinaryOp::BitAnd,
                    B::BitwiseOr => BinaryOp::BitOr,
                    B::BitwiseXor => BinaryOp::BitXor,
                    _ => return self.operand_type_error(&lhs, &rhs, span),
                };
                let integer_only = matches!(
                    bop,
                    BinaryOp::Rem | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor
                );
                let ok = if integer_only {
                    self.types.is_integer(lhs.ty) && self.types.is_integer(rhs.ty)
                } else {
                    self.types.is_arithmetic(lhs.ty) && self.types.is_arithmetic(rhs.ty)
                };
                if !ok {
                    return self.operand_type_error(&lhs, &rhs, span);
                }
                let (a, b, ty) = self.usual_arithmetic(lhs, rhs);
                Some(self.mk_binary_at(bop, a, b, ty, at))
            }
        }
    }

    /// `lhs < rhs` and the other comparisons: an `int`, 0 or 1. A pointer
    /// compares with a pointer or an integer converted to its type.
    fn comparison(
        &mut self,
        op: &ast::BinaryOperator,
        lhs: Expr,
        rhs: Expr,
        span: Span,
    ) -> Lowered {
        use ast::BinaryOperator as B;
        let (lp, rp) = (self.types.is_pointer(lhs.ty), self.types.is_pointer(rhs.ty));
        let cmp = match op {
            B::Less => BinaryOp::Lt,
            B::Greater => BinaryOp::Gt,
            B::LessOrEqual => BinaryOp::Le,
            B::GreaterOrEqual => BinaryOp::Ge,
            B::Equals => BinaryOp::Eq,
            _ => BinaryOp::Ne,
        };
        let (a, b) = if lp || rp {
            if lp && rp {
                let b = self.mk_cast(rhs, lhs.ty);
                (lhs, b)
            } else if lp && self.types.is_integer(rhs.ty) {
                let b = self.mk_cast(rhs, lhs.ty);
                (lhs, b)
            } else if rp && self.types.is_integer(lhs.ty) {
                let a = self.mk_cast(lhs, rhs.ty);
                (a, rhs)
            } else {
                return self.operand_type_error(&lhs, &rhs, span);
            }
        } else if self.types.is_arithmetic(lhs.ty) && self.types.is_arithmetic(rhs.ty) {
            let (a, b, _) = self.usual_arithmetic(lhs, rhs);
            (a, b)
        } else {
            return self.operand_type_error(&lhs, &rhs, span);
        };
        let c = self.mk_binary(cmp, a, b, TypeTable::BOOL);
        Some(self.bool_to_int(c))
    }

    /// Reports operands a binary operator does not take.
    fn operand_type_error(&mut self, lhs: &Expr, rhs: &Expr, span: Span) -> Lowered {
        let (a, b) = (self.types.display(lhs.ty), self.types.display(rhs.ty));
        self.error(
            DiagnosticKind::Type,
            format!("invalid operands to binary operator (`{a}` and `{b}`)"),
            span,
        );
        None
    }
}
