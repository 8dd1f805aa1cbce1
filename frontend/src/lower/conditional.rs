//! The operators that evaluate an operand only sometimes: `&&`, `||` and
//! `?:`. Operands without side effects become one pure expression; with
//! side effects they become branches, so the effects happen only when C
//! says they do.

use super::expr::{has_side_effects, Value};
use super::{Lowered, Lowerer};
use crate::diag::DiagnosticKind;
use crate::ir::{BinaryOp, Expr, ExprKind, Place, StmtKind, Terminator};
use crate::source::Span;
use crate::types::{TypeId, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    /// `a && b`, `a || b` as `_Bool` converted to `int`.
    pub(crate) fn lower_logical(
        &mut self,
        b: &Node<ast::BinaryOperatorExpression>,
        is_and: bool,
    ) -> Lowered {
        let lhs = self.lower_cond(&b.node.lhs)?;
        if !has_side_effects(&b.node.rhs.node) {
            let rhs = self.lower_cond(&b.node.rhs)?;
            let op = if is_and { BinaryOp::And } else { BinaryOp::Or };
            let both = self.mk_binary(op, lhs, rhs, TypeTable::BOOL);
            return Some(self.bool_to_int(both));
        }
        // The right side has effects: branch, so they happen only when needed.
        let loc = self.loc(b);
        let tmp = self.new_temp(TypeTable::BOOL, loc);
        let rhs_block = self.builder().new_block();
        let short_block = self.builder().new_block();
        let join = self.builder().new_block();
        let (then_block, else_block) = if is_and {
            (rhs_block, short_block)
        } else {
            (short_block, rhs_block)
        };
        self.builder().terminate(
            Terminator::Branch {
                cond: lhs,
                then_block,
                else_block,
            },
            loc,
        );
        self.builder().switch_to(rhs_block);
        let rhs = self
            .lower_cond(&b.node.rhs)
            .unwrap_or_else(|| Expr::bool(false));
        self.emit(
            StmtKind::Assign {
                place: Place::Local(tmp),
                value: rhs,
            },
            loc,
        );
        self.builder().terminate(Terminator::Goto(join), loc);
        self.builder().switch_to(short_block);
        self.emit(
            StmtKind::Assign {
                place: Place::Local(tmp),
                value: Expr::bool(!is_and),
            },
            loc,
        );
        self.builder().goto_and_switch(join, loc);
        let value = Expr::load(Place::Local(tmp), TypeTable::BOOL);
        Some(self.bool_to_int(value))
    }

    /// `c ? a : b`.
    pub(crate) fn lower_conditional(
        &mut self,
        c: &Node<ast::ConditionalExpression>,
        want_value: bool,
    ) -> Option<Value> {
        let span = self.span(c);
        let loc = span.loc;
        let cond = self.lower_cond(&c.node.condition)?;
        let pure = !has_side_effects(&c.node.then_expression.node)
            && !has_side_effects(&c.node.else_expression.node);
        if pure && want_value {
            let a = self.lower_expr(&c.node.then_expression)?;
            let b = self.lower_expr(&c.node.else_expression)?;
            let (a, b, ty) = self.conditional_operands(a, b, span)?;
            if let Some(v) = cond.as_int() {
                return Some(Value::RValue(if v != 0 { a } else { b }));
            }
            return Some(Value::RValue(Expr::new(
                ExprKind::Ite(Box::new(cond), Box::new(a), Box::new(b)),
                ty,
            )));
        }
        // Branches with effects: find the result type first, then branch.
        let ta = self.type_of_expr(&c.node.then_expression);
        let tb = self.type_of_expr(&c.node.else_expression);
        let result_ty = if want_value {
            let probe_a = Expr::int(0, ta);
            let probe_b = Expr::int(0, tb);
            self.conditional_operands(probe_a, probe_b, span)
                .map(|r| r.2)
        } else {
            None
        };
        let tmp = result_ty
            .filter(|&t| t != TypeTable::VOID)
            .map(|t| self.new_temp(t, loc));
        let then_block = self.builder().new_block();
        let else_block = self.builder().new_block();
        let join = self.builder().new_block();
        self.builder().terminate(
            Terminator::Branch {
                cond,
                then_block,
                else_block,
            },
            loc,
        );
        for (block, arm) in [
            (then_block, &c.node.then_expression),
            (else_block, &c.node.else_expression),
        ] {
            self.builder().switch_to(block);
            match tmp {
                Some(t) => {
                    if let Some(v) = self.lower_expr(arm) {
                        let ty = self.local_type(t);
                        let v = self.convert(v, ty, span);
                        self.emit(
                            StmtKind::Assign {
                                place: Place::Local(t),
                                value: v,
                            },
                            loc,
                        );
                    }
                }
                None => self.lower_discard(arm),
            }
            if block == then_block {
                if !self.builder().is_terminated() {
                    self.builder().terminate(Terminator::Goto(join), loc);
                }
            } else {
                self.builder().goto_and_switch(join, loc);
            }
        }
        match tmp {
            Some(t) => {
                let ty = self.local_type(t);
                Some(Value::RValue(Expr::load(Place::Local(t), ty)))
            }
            None => Some(Value::RValue(Expr::int(0, TypeTable::VOID))),
        }
    }

    /// The common type of the arms of `?:`, with both arms converted to it.
    fn conditional_operands(
        &mut self,
        a: Expr,
        b: Expr,
        span: Span,
    ) -> Option<(Expr, Expr, TypeId)> {
        let (ta, tb) = (a.ty, b.ty);
        if self.types.is_arithmetic(ta) && self.types.is_arithmetic(tb) {
            let (a, b, t) = self.usual_arithmetic(a, b);
            return Some((a, b, t));
        }
        if ta == tb {
            return Some((a, b, ta));
        }
        if self.types.is_pointer(ta) && Lowerer::is_null_constant(&b) {
            let b = self.mk_cast(b, ta);
            return Some((a, b, ta));
        }
        if self.types.is_pointer(tb) && Lowerer::is_null_constant(&a) {
            let a = self.mk_cast(a, tb);
            return Some((a, b, tb));
        }
        if self.types.is_pointer(ta) && self.types.is_pointer(tb) {
            // void * wins; otherwise the first arm's type.
            let t = if self.types.pointee(ta) == Some(TypeTable::VOID)
                || self.types.pointee(tb) != Some(TypeTable::VOID)
            {
                ta
            } else {
                tb
            };
            let a = self.mk_cast(a, t);
            let b = self.mk_cast(b, t);
            return Some((a, b, t));
        }
        if ta == TypeTable::VOID || tb == TypeTable::VOID {
            return Some((a, b, TypeTable::VOID));
        }
        if self.types.is_pointer(ta) && self.types.is_integer(tb) {
            let b = self.mk_cast(b, ta);
            return Some((a, b, ta));
        }
        if self.types.is_pointer(tb) && self.types.is_integer(ta) {
            let a = self.mk_cast(a, tb);
            return Some((a, b, tb));
        }
        let (sa, sb) = (self.types.display(ta), self.types.display(tb));
        self.error(
            DiagnosticKind::Type,
            format!("incompatible operand types `{sa}` and `{sb}` in `?:`"),
            span,
        );
        None
    }
}
