//! Expressions: the entry points (a value, a condition, an lvalue, or only
//! the side effects), the dispatch over the expression forms, identifiers,
//! and GNU statement expressions. The forms themselves are lowered in
//! `constant.rs` (literals), `access.rs` (members, subscripts, `&`, `*`,
//! `sizeof`), `operator.rs` (arithmetic and comparisons), `conditional.rs`
//! (`&&`, `||`, `?:`), `assign.rs` (assignments, `++`, `--`), `call.rs` and
//! `library.rs` (calls); `convert.rs` makes C's conversions explicit.

use super::assign::{is_assignment, is_incdec};
use super::constant::string_literal_bytes;
use super::{Lowered, Lowerer, Symbol};
use crate::diag::{DiagnosticKind, UnsupportedKind};
use crate::ir::{Expr, ExprKind, Place, StmtKind};
use crate::source::Span;
use crate::types::{TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

/// The result of lowering an expression before lvalue conversion.
#[derive(Clone, Debug)]
pub(crate) enum Value {
    /// An lvalue: an object in memory and its type.
    Place(Place, TypeId),
    /// A plain value.
    RValue(Expr),
}

impl Value {
    pub fn ty(&self) -> TypeId {
        match self {
            Value::Place(_, t) => *t,
            Value::RValue(e) => e.ty,
        }
    }
}

/// Does evaluating this expression change anything (assignments, calls, ...)?
pub(crate) fn has_side_effects(e: &ast::Expression) -> bool {
    use ast::Expression as E;
    match e {
        E::Identifier(_)
        | E::Constant(_)
        | E::StringLiteral(_)
        | E::SizeOfTy(_)
        | E::AlignOf(_)
        | E::OffsetOf(_) => false,
        E::Call(_)
        | E::Statement(_)
        | E::CompoundLiteral(_)
        | E::VaArg(_)
        | E::GenericSelection(_) => true,
        E::SizeOfVal(_) => false,
        E::Member(m) => has_side_effects(&m.node.expression.node),
        E::UnaryOperator(u) => {
            is_incdec(&u.node.operator.node) || has_side_effects(&u.node.operand.node)
        }
        E::Cast(c) => has_side_effects(&c.node.expression.node),
        E::BinaryOperator(b) => {
            is_assignment(&b.node.operator.node)
                || has_side_effects(&b.node.lhs.node)
                || has_side_effects(&b.node.rhs.node)
        }
        E::Conditional(c) => {
            has_side_effects(&c.node.condition.node)
                || has_side_effects(&c.node.then_expression.node)
                || has_side_effects(&c.node.else_expression.node)
        }
        E::Comma(es) => es.iter().any(|e| has_side_effects(&e.node)),
    }
}

impl Lowerer<'_> {
    /// Lowers an expression to a value (arrays decay, lvalues are read).
    pub(crate) fn lower_expr(&mut self, e: &Node<ast::Expression>) -> Lowered {
        let v = self.lower_value(e)?;
        let span = self.span(e);
        self.rvalue(v, span)
    }

    /// Like [`Lowerer::lower_expr`] but keeps array types (for `sizeof`).
    pub(crate) fn lower_expr_unconverted(&mut self, e: &Node<ast::Expression>) -> Lowered {
        match self.lower_value(e)? {
            Value::Place(p, ty) => Some(Expr::load(p, ty)),
            Value::RValue(e) => Some(e),
        }
    }

    /// Lowers a condition to a `_Bool`.
    pub(crate) fn lower_cond(&mut self, e: &Node<ast::Expression>) -> Lowered {
        let v = self.lower_expr(e)?;
        let span = self.span(e);
        Some(self.to_condition(v, span))
    }

    /// Lowers an expression for its side effects only.
    pub(crate) fn lower_discard(&mut self, e: &Node<ast::Expression>) {
        use ast::Expression as E;
        match &e.node {
            E::BinaryOperator(b) if is_assignment(&b.node.operator.node) => {
                self.lower_assignment(b, false);
            }
            E::UnaryOperator(u) if is_incdec(&u.node.operator.node) => {
                self.lower_incdec(u, false);
            }
            E::Comma(es) => {
                for x in es.iter() {
                    self.lower_discard(x);
                }
            }
            E::Cast(c) if self.peek_void_cast(c) => self.lower_discard(&c.node.expression),
            E::Conditional(c)
                if has_side_effects(&c.node.then_expression.node)
                    || has_side_effects(&c.node.else_expression.node) =>
            {
                self.lower_conditional(c, false);
            }
            E::Call(call) => {
                self.lower_call(call, e, false);
            }
            _ => {
                // Evaluate for side effects hidden inside (and for errors).
                let _ = self.lower_value(e);
            }
        }
    }

    fn peek_void_cast(&mut self, c: &Node<ast::CastExpression>) -> bool {
        let diags = self.diagnostics.len();
        let t = self.lower_type_name(&c.node.type_name);
        self.diagnostics.truncate(diags);
        t == TypeTable::VOID
    }

    /// Converts a value to an rvalue: reads places, decays arrays.
    pub(crate) fn rvalue(&mut self, v: Value, span: Span) -> Lowered {
        match v {
            Value::RValue(e) => Some(e),
            Value::Place(place, ty) => match self.types.kind(ty).clone() {
                TypeKind::Array(elem, _) => {
                    let ptr = self.types.pointer_to(elem);
                    let zero = Expr::int(0, TypeTable::INT);
                    Some(Expr::new(
                        ExprKind::AddrOf(Place::Index(Box::new(place), Box::new(zero))),
                        ptr,
                    ))
                }
                TypeKind::Void => {
                    self.error(DiagnosticKind::Type, "void value used", span);
                    None
                }
                _ => Some(Expr::load(place, ty)),
            },
        }
    }

    /// An lvalue, or an error.
    pub(crate) fn lower_place(&mut self, e: &Node<ast::Expression>) -> Option<(Place, TypeId)> {
        match self.lower_value(e)? {
            Value::Place(p, t) => Some((p, t)),
            Value::RValue(_) => {
                let sp = self.span(e);
                self.error(
                    DiagnosticKind::Type,
                    "expression is not assignable (not an lvalue)",
                    sp,
                );
                None
            }
        }
    }

    pub(crate) fn lower_value(&mut self, e: &Node<ast::Expression>) -> Option<Value> {
        use ast::Expression as E;
        let span = self.span(e);
        match &e.node {
            E::Identifier(id) => self.lower_identifier(id),
            E::Constant(c) => self.lower_constant(c).map(Value::RValue),
            E::StringLiteral(s) => {
                let (bytes, wide) = string_literal_bytes(&s.node);
                if wide {
                    self.unsupported(
                        UnsupportedKind::WideOrUnusualType,
                        "wide string literal",
                        span,
                    );
                }
                let g = self.string_literal(bytes, span);
                let ty = self.globals[g.index()].ty;
                Some(Value::Place(Place::Global(g), ty))
            }
            E::Member(m) => self.lower_member(m),
            E::Call(call) => self.lower_call(call, e, true),
            E::CompoundLiteral(cl) => {
                let ty = self.lower_type_name(&cl.node.type_name);
                let init = Node::new(
                    ast::Initializer::List(cl.node.initializer_list.clone()),
                    cl.span,
                );
                let ty = self.complete_array_from_initializer(ty, &init);
                let loc = span.loc;
                let tmp = self.new_temp(ty, loc);
                self.emit(StmtKind::Declare { local: tmp }, loc);
                self.lower_initializer(Place::Local(tmp), ty, &init, false);
                Some(Value::Place(Place::Local(tmp), ty))
            }
            E::SizeOfTy(s) => {
                let ty = self.lower_type_name(&s.node.0);
                self.size_of_type(ty, span).map(Value::RValue)
            }
            E::SizeOfVal(s) => {
                let ty = self.type_of_expr_keep_arrays(&s.node.0);
                self.size_of_type(ty, span).map(Value::RValue)
            }
            E::AlignOf(a) => {
                let ty = self.lower_type_name(&a.node.0);
                let size_t = self.types.size_t();
                Some(Value::RValue(Expr::int(
                    u128::from(self.types.align_of(ty)),
                    size_t,
                )))
            }
            E::UnaryOperator(u) => self.lower_unary(u, span),
            E::Cast(c) => {
                let ty = self.lower_type_name(&c.node.type_name);
                if ty == TypeTable::VOID {
                    self.lower_discard(&c.node.expression);
                    return Some(Value::RValue(Expr::int(0, TypeTable::VOID)));
                }
                let v = self.lower_expr(&c.node.expression)?;
                self.explicit_cast(v, ty, span).map(Value::RValue)
            }
            E::BinaryOperator(b) => self.lower_binary(b, span),
            E::Conditional(c) => self.lower_conditional(c, true),
            E::Comma(es) => {
                let (last, rest) = es.split_last()?;
                for x in rest {
                    self.lower_discard(x);
                }
                let v = self.lower_value(last)?;
                // The result of a comma expression is not an lvalue.
                self.rvalue(v, span).map(Value::RValue)
            }
            E::OffsetOf(o) => self.lower_offsetof(o, span).map(Value::RValue),
            E::VaArg(_) => {
                self.unsupported(UnsupportedKind::VariadicArguments, "", span);
                Some(Value::RValue(Expr::int(0, TypeTable::INT)))
            }
            E::GenericSelection(_) => {
                self.unsupported(UnsupportedKind::GenericSelection, "", span);
                Some(Value::RValue(Expr::int(0, TypeTable::INT)))
            }
            E::Statement(s) => self.lower_statement_expression(s),
        }
    }

    fn type_of_expr_keep_arrays(&mut self, e: &Node<ast::Expression>) -> TypeId {
        let diagnostics = self.diagnostics.len();
        let cp = self.scratch_checkpoint();
        let v = self.lower_value(e);
        // `sizeof` of a VLA needs its length local, which is created by the
        // declaration (not here), so rolling back is safe.
        self.scratch_rollback(cp);
        let errors = self.diagnostics[diagnostics..].iter().any(|d| d.is_fatal());
        if !errors {
            self.diagnostics.truncate(diagnostics);
        }
        v.map_or(TypeTable::INT, |v| v.ty())
    }

    fn lower_identifier(&mut self, id: &Node<ast::Identifier>) -> Option<Value> {
        let name = Lowerer::ident_name(&id.node.name);
        let span = self.span(id);
        match self.lookup(&name).cloned() {
            Some(Symbol::Local(l)) => Some(Value::Place(Place::Local(l), self.local_type(l))),
            Some(Symbol::Global(g)) => {
                Some(Value::Place(Place::Global(g), self.globals[g.index()].ty))
            }
            Some(Symbol::Function(f)) => {
                let fty = self.functions[f.index()].ty;
                let ptr = self.types.pointer_to(fty);
                Some(Value::RValue(Expr::new(ExprKind::FunctionAddr(f), ptr)))
            }
            Some(Symbol::EnumConstant(v)) => Some(Value::RValue(Expr::int(
                v as u128 & 0xffff_ffff,
                TypeTable::INT,
            ))),
            Some(Symbol::Typedef(_)) => {
                self.error(
                    DiagnosticKind::Syntax,
                    format!("unexpected type name `{name}`"),
                    span,
                );
                None
            }
            None => match name.as_str() {
                "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__" => {
                    let fname = self.functions[self.current_function().index()].name.clone();
                    let mut bytes = fname.into_bytes();
                    bytes.retain(|&b| b != 0);
                    let g = self.string_literal(bytes, span);
                    let ty = self.globals[g.index()].ty;
                    Some(Value::Place(Place::Global(g), ty))
                }
                _ => {
                    self.error(
                        DiagnosticKind::UnknownIdentifier,
                        format!("use of undeclared identifier `{name}`"),
                        span,
                    );
                    None
                }
            },
        }
    }

    pub(crate) fn lower_statement_expression(&mut self, s: &Node<ast::Statement>) -> Option<Value> {
        let ast::Statement::Compound(items) = &s.node else {
            self.lower_statement(s);
            return Some(Value::RValue(Expr::int(0, TypeTable::VOID)));
        };
        self.enter_scope();
        let mut result = Some(Value::RValue(Expr::int(0, TypeTable::VOID)));
        for (i, item) in items.iter().enumerate() {
            let last = i + 1 == items.len();
            match &item.node {
                ast::BlockItem::Statement(st) if last => {
                    if let ast::Statement::Expression(Some(e)) = &st.node {
                        let v = self.lower_value(e);
                        let span = self.span(e);
                        result = match v {
                            Some(v) if v.ty() == TypeTable::VOID => Some(v),
                            Some(v) => {
                                // The value outlives the scope: copy it out.
                                let value = self.rvalue(v, span);
                                value.map(|e| {
                                    let tmp = self.new_temp(e.ty, span.loc);
                                    let ty = e.ty;
                                    self.emit(
                                        StmtKind::Assign {
                                            place: Place::Local(tmp),
                                            value: e,
                                        },
                                        span.loc,
                                    );
                                    Value::RValue(Expr::load(Place::Local(tmp), ty))
                                })
                            }
                            None => None,
                        };
                    } else {
                        self.lower_statement(st);
                    }
                }
                _ => self.lower_block_item(item),
            }
        }
        self.leave_scope();
        result
    }
}
