//! Access to objects: members (`.`, `->`), subscripts, address-of and
//! indirection, the types of places while lowering, and `sizeof` and
//! `offsetof`.

use super::expr::Value;
use super::{Lowered, Lowerer};
use crate::diag::DiagnosticKind;
use crate::ir::{BinaryOp, Expr, ExprKind, Place, StmtKind};
use crate::source::Span;
use crate::types::{ArrayLen, TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    pub(crate) fn lower_member(&mut self, m: &Node<ast::MemberExpression>) -> Option<Value> {
        let span = self.span(m);
        let name = Lowerer::ident_name(&m.node.identifier.node.name);
        let (base_place, base_ty) = match m.node.operator.node {
            ast::MemberOperator::Direct => match self.lower_value(&m.node.expression)? {
                Value::Place(p, t) => (p, t),
                Value::RValue(e) => {
                    // A struct returned by a call: hold it in a temporary.
                    let ty = e.ty;
                    let tmp = self.new_temp(ty, span.loc);
                    self.emit(
                        StmtKind::Assign {
                            place: Place::Local(tmp),
                            value: e,
                        },
                        span.loc,
                    );
                    (Place::Local(tmp), ty)
                }
            },
            ast::MemberOperator::Indirect => {
                let ptr = self.lower_expr(&m.node.expression)?;
                let Some(pointee) = self.types.pointee(ptr.ty) else {
                    self.error(
                        DiagnosticKind::Type,
                        format!("`->{name}` on a value that is not a pointer"),
                        span,
                    );
                    return None;
                };
                (deref(ptr), pointee)
            }
        };
        let Some(comp) = self.types.composite_id(base_ty) else {
            let shown = self.types.display(base_ty);
            self.error(
                DiagnosticKind::Type,
                format!(
                    "member `{name}` of a value of type `{shown}`, which is not a struct or union"
                ),
                span,
            );
            return None;
        };
        if self.types.composite(comp).fields.is_none() {
            let shown = self.types.display(base_ty);
            self.error(
                DiagnosticKind::Type,
                format!("member access into incomplete type `{shown}`"),
                span,
            );
            return None;
        }
        let Some(path) = self.types.find_member(comp, &name) else {
            let shown = self.types.display(base_ty);
            self.error(
                DiagnosticKind::Type,
                format!("no member named `{name}` in `{shown}`"),
                span,
            );
            return None;
        };
        let mut place = base_place;
        let mut ty = base_ty;
        for index in path {
            let c = self.types.composite_id(ty).expect("composite on the path");
            ty = self.types.composite(c).fields.as_ref().expect("complete")[index].ty;
            place = Place::Field(Box::new(place), index);
        }
        Some(Value::Place(place, ty))
    }

    pub(crate) fn lower_index(
        &mut self,
        a: &Node<ast::Expression>,
        i: &Node<ast::Expression>,
        span: Span,
    ) -> Option<Value> {
        let base = self.lower_value(a)?;
        let index = self.lower_expr(i)?;
        // `i[a]` is `a[i]`.
        let (base, index) = if self.types.is_integer(base.ty()) && !self.types.is_integer(index.ty)
        {
            let b = Value::RValue(index);
            let bspan = span;
            let idx = self.rvalue(base, bspan)?;
            (b, idx)
        } else {
            (base, index)
        };
        if !self.types.is_integer(index.ty) {
            self.error(
                DiagnosticKind::Type,
                "array subscript is not an integer",
                span,
            );
            return None;
        }
        let index = self.promote(index);
        match base {
            Value::Place(place, ty) if self.types.is_array(ty) => {
                let elem = self.types.element(ty).expect("array");
                Some(Value::Place(
                    Place::Index(Box::new(place), Box::new(index)),
                    elem,
                ))
            }
            other => {
                let ptr = self.rvalue(other, span)?;
                let Some(pointee) = self.types.pointee(ptr.ty) else {
                    self.error(
                        DiagnosticKind::Type,
                        "subscripted value is neither an array nor a pointer",
                        span,
                    );
                    return None;
                };
                let index = self.to_ptrdiff(index);
                let addr = ptr_add(ptr, index);
                Some(Value::Place(deref(addr), pointee))
            }
        }
    }

    pub(crate) fn to_ptrdiff(&mut self, index: Expr) -> Expr {
        let diff = self.types.ptrdiff_t();
        self.mk_cast(index, diff)
    }

    /// `&operand`.
    pub(crate) fn lower_address_of(
        &mut self,
        operand: &Node<ast::Expression>,
        span: Span,
    ) -> Option<Value> {
        // `&function` and `&*p` need no place.
        match self.lower_value(operand)? {
            Value::Place(Place::Deref(ptr), _) => Some(Value::RValue(*ptr)),
            Value::Place(place, ty) => {
                if let Place::Field(_, i) = &place {
                    if self.field_is_bit_field(&place, *i) {
                        self.error(DiagnosticKind::Type, "address of a bit-field", span);
                        return None;
                    }
                }
                let ptr = self.types.pointer_to(ty);
                Some(Value::RValue(Expr::new(ExprKind::AddrOf(place), ptr)))
            }
            Value::RValue(e) if matches!(e.kind, ExprKind::FunctionAddr(_)) => {
                Some(Value::RValue(e))
            }
            Value::RValue(_) => {
                self.error(
                    DiagnosticKind::Type,
                    "cannot take the address of an rvalue",
                    span,
                );
                None
            }
        }
    }

    /// `*operand`.
    pub(crate) fn lower_indirection(
        &mut self,
        operand: &Node<ast::Expression>,
        span: Span,
    ) -> Option<Value> {
        let ptr = self.lower_expr(operand)?;
        let Some(pointee) = self.types.pointee(ptr.ty) else {
            let shown = self.types.display(ptr.ty);
            self.error(
                DiagnosticKind::Type,
                format!("indirection of a non-pointer of type `{shown}`"),
                span,
            );
            return None;
        };
        if self.types.is_function(pointee) {
            return Some(Value::RValue(ptr));
        }
        if pointee == TypeTable::VOID {
            self.error(
                DiagnosticKind::Type,
                "dereferencing a `void *` pointer",
                span,
            );
            return None;
        }
        Some(Value::Place(deref(ptr), pointee))
    }

    pub(crate) fn field_is_bit_field(&self, place: &Place, index: usize) -> bool {
        let Place::Field(base, _) = place else {
            return false;
        };
        let Some(ty) = self.place_type_now(base) else {
            return false;
        };
        self.types
            .composite_id(ty)
            .and_then(|c| self.types.composite(c).fields.as_ref())
            .is_some_and(|fs| fs[index].bit_field.is_some())
    }

    pub(crate) fn bit_field_width(&self, place: &Place, index: usize) -> Option<u32> {
        let Place::Field(base, _) = place else {
            return None;
        };
        let ty = self.place_type_now(base)?;
        let c = self.types.composite_id(ty)?;
        self.types
            .composite(c)
            .fields
            .as_ref()?
            .get(index)?
            .bit_field
            .map(|b| b.width)
    }

    /// The type of a place while lowering (locals of the current builder).
    pub(crate) fn place_type_now(&self, place: &Place) -> Option<TypeId> {
        Some(match place {
            Place::Local(l) => self.local_type(*l),
            Place::Global(g) => self.globals[g.index()].ty,
            Place::Deref(p) => self.types.pointee(p.ty)?,
            Place::Field(base, i) => {
                let bt = self.place_type_now(base)?;
                let c = self.types.composite_id(bt)?;
                self.types.composite(c).fields.as_ref()?[*i].ty
            }
            Place::Index(base, _) => self.types.element(self.place_type_now(base)?)?,
        })
    }

    pub(crate) fn size_of_type(&mut self, ty: TypeId, span: Span) -> Lowered {
        let size_t = self.types.size_t();
        if let Some(s) = self.types.size_of(ty) {
            return Some(Expr::int(u128::from(s), size_t));
        }
        match self.types.kind(ty).clone() {
            TypeKind::Array(elem, ArrayLen::Variable(len)) => {
                let elem_size = self.size_of_type(elem, span)?;
                let n = Expr::load(Place::Local(len), size_t);
                Some(Expr::binary(BinaryOp::Mul, n, elem_size, size_t))
            }
            TypeKind::Void | TypeKind::Function(_) => Some(Expr::int(1, size_t)), // gcc
            _ => {
                let shown = self.types.display(ty);
                self.error(
                    DiagnosticKind::Type,
                    format!("`sizeof` of incomplete type `{shown}`"),
                    span,
                );
                None
            }
        }
    }

    pub(crate) fn lower_offsetof(
        &mut self,
        o: &Node<ast::OffsetOfExpression>,
        span: Span,
    ) -> Lowered {
        let mut ty = self.lower_type_name(&o.node.type_name);
        let mut offset: u64 = 0;
        let size_t = self.types.size_t();
        let step = |this: &mut Self, ty: &mut TypeId, name: &str| -> Option<u64> {
            let comp = this.types.composite_id(*ty)?;
            let path = this.types.find_member(comp, name)?;
            let mut delta = 0;
            for index in path {
                let c = this.types.composite_id(*ty)?;
                let field = this.types.composite(c).fields.as_ref()?[index].clone();
                delta += field.offset;
                *ty = field.ty;
            }
            Some(delta)
        };
        let base = Lowerer::ident_name(&o.node.designator.node.base.node.name);
        match step(self, &mut ty, &base) {
            Some(d) => offset += d,
            None => {
                self.error(
                    DiagnosticKind::Type,
                    format!("no member named `{base}` for offsetof"),
                    span,
                );
                return None;
            }
        }
        for m in &o.node.designator.node.members {
            let ok = match &m.node {
                ast::OffsetMember::Member(id) | ast::OffsetMember::IndirectMember(id) => {
                    step(self, &mut ty, &Lowerer::ident_name(&id.node.name)).map(|d| offset += d)
                }
                ast::OffsetMember::Index(e) => {
                    let elem = self.types.element(ty);
                    match (elem, self.eval_const_int(e)) {
                        (Some(elem), Some(i)) => {
                            offset = offset.wrapping_add(
                                (i as u64).wrapping_mul(self.types.size_of(elem).unwrap_or(0)),
                            );
                            ty = elem;
                            Some(())
                        }
                        _ => None,
                    }
                }
            };
            if ok.is_none() {
                self.error(DiagnosticKind::Type, "invalid offsetof designator", span);
                return None;
            }
        }
        Some(Expr::int(u128::from(offset), size_t))
    }
}

/// `ptr + n` (in elements); `ptr + 0` is `ptr`.
pub(crate) fn ptr_add(ptr: Expr, n: Expr) -> Expr {
    if n.as_int() == Some(0) {
        return ptr;
    }
    let ty = ptr.ty;
    Expr::binary(BinaryOp::PtrAdd, ptr, n, ty)
}

/// `*ptr`, with `*&x` simplified to `x`.
pub(crate) fn deref(ptr: Expr) -> Place {
    match ptr.kind {
        ExprKind::AddrOf(place) => place,
        kind => Place::Deref(Box::new(Expr { kind, ty: ptr.ty })),
    }
}
