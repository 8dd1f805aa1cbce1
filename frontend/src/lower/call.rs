//! Calls: by name or through a pointer, with arguments converted to the
//! parameters' types (or promoted, for variadic and old-style functions).
//! The names Lore knows are in [`super::library`].

use super::expr::Value;
use super::library::KnownCall;
use super::{Lowerer, Symbol};
use crate::diag::DiagnosticKind;
use crate::ir::{Callee, Expr, ExprKind, Place, StmtKind};
use crate::source::Span;
use crate::types::{FloatKind, FunctionType, TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    pub(crate) fn lower_call(
        &mut self,
        call: &Node<ast::CallExpression>,
        whole: &Node<ast::Expression>,
        want_value: bool,
    ) -> Option<Value> {
        let span = self.span(whole);
        let callee_ast = &call.node.callee;
        // Calls by name may be conventions Lore knows.
        if let ast::Expression::Identifier(id) = &callee_ast.node {
            let name = Lowerer::ident_name(&id.node.name);
            let symbol = self.lookup(&name).cloned();
            let is_function_name = matches!(symbol, None | Some(Symbol::Function(_)));
            if is_function_name {
                match self.lower_known_call(&name, &call.node.arguments, span, want_value) {
                    KnownCall::Ordinary => {}
                    KnownCall::Lowered(value) => return Some(value),
                    KnownCall::Failed => return None,
                }
                let function = match symbol {
                    Some(Symbol::Function(f)) => f,
                    _ => {
                        let ty = self.types.intern(TypeKind::Function(FunctionType {
                            ret: TypeTable::INT,
                            params: vec![],
                            variadic: false,
                            prototyped: false,
                        }));
                        let idspan = self.span(id);
                        let f = self.declare_function(&name, ty, idspan, true);
                        if !self.is_defined_in_program(&name) {
                            self.warn(format!("implicit declaration of function `{name}`, which has no definition"), idspan);
                        }
                        f
                    }
                };
                return self.emit_call(
                    Callee::Direct(function),
                    self.functions[function.index()].ty,
                    &call.node.arguments,
                    span,
                    want_value,
                );
            }
        }
        let target = self.lower_expr(callee_ast)?;
        let fty = self
            .types
            .pointee(target.ty)
            .filter(|&t| self.types.is_function(t));
        let Some(fty) = fty else {
            let shown = self.types.display(target.ty);
            self.error(
                DiagnosticKind::Type,
                format!("called object of type `{shown}` is not a function"),
                span,
            );
            return None;
        };
        let callee = match target.kind {
            ExprKind::FunctionAddr(f) => Callee::Direct(f),
            _ => Callee::Indirect(target),
        };
        self.emit_call(callee, fty, &call.node.arguments, span, want_value)
    }

    fn emit_call(
        &mut self,
        callee: Callee,
        fty: TypeId,
        args: &[Node<ast::Expression>],
        span: Span,
        want_value: bool,
    ) -> Option<Value> {
        let f = self
            .types
            .function_type(fty)
            .cloned()
            .expect("function type");
        let loc = span.loc;
        let mut lowered = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let v = self.lower_expr(a)?;
            let aspan = self.span(a);
            let v = match f.params.get(i) {
                Some(&p) => self.convert(v, p, aspan),
                None => self.default_promotion(v),
            };
            lowered.push(v);
        }
        let name = match &callee {
            Callee::Direct(id) => self.functions[id.index()].name.clone(),
            Callee::Indirect(_) => "function pointer".into(),
        };
        if lowered.len() < f.params.len() {
            if f.prototyped {
                self.error(
                    DiagnosticKind::Type,
                    format!("too few arguments in call of `{name}`"),
                    span,
                );
                return None;
            }
            // An old-style function called with too few arguments: the missing
            // ones are unknown values, as CBMC assumes.
            self.warn(
                format!(
                    "`{name}` is called with {} arguments but takes {}",
                    lowered.len(),
                    f.params.len()
                ),
                span,
            );
            for &p in &f.params[lowered.len()..] {
                let tmp = self.new_temp(p, loc);
                self.emit(
                    StmtKind::Nondet {
                        place: Place::Local(tmp),
                    },
                    loc,
                );
                lowered.push(Expr::load(Place::Local(tmp), p));
            }
        } else if lowered.len() > f.params.len() && f.prototyped && !f.variadic {
            self.error(
                DiagnosticKind::Type,
                format!("too many arguments in call of `{name}`"),
                span,
            );
            return None;
        } else if lowered.len() > f.params.len() && !f.prototyped && !f.params.is_empty() {
            self.warn(
                format!(
                    "`{name}` is called with {} arguments but takes {}",
                    lowered.len(),
                    f.params.len()
                ),
                span,
            );
            lowered.truncate(f.params.len());
        }
        if f.ret == TypeTable::VOID || !want_value {
            self.emit(
                StmtKind::Call {
                    dest: None,
                    callee,
                    args: lowered,
                },
                loc,
            );
            return Some(Value::RValue(Expr::int(0, TypeTable::VOID)));
        }
        let tmp = self.new_temp(f.ret, loc);
        self.emit(
            StmtKind::Call {
                dest: Some(Place::Local(tmp)),
                callee,
                args: lowered,
            },
            loc,
        );
        Some(Value::RValue(Expr::load(Place::Local(tmp), f.ret)))
    }

    pub(crate) fn default_promotion(&mut self, v: Expr) -> Expr {
        if matches!(self.types.kind(v.ty), TypeKind::Float(FloatKind::Float)) {
            let d = self.types.float(FloatKind::Double);
            return self.mk_cast(v, d);
        }
        if self.types.is_integer(v.ty) {
            return self.promote(v);
        }
        v
    }
}
