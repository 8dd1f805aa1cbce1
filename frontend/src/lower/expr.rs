//! Expressions: typing, C's implicit conversions made explicit, and side
//! effects pulled out into statements.

use super::{Lowered, Lowerer, Symbol};
use crate::diag::{DiagnosticKind, UnsupportedKind};
use crate::ir::{BinaryOp, Expr, ExprKind, GlobalKind, Place, StmtKind, Terminator, UnaryOp};
use crate::source::{Loc, Span};
use crate::types::{ArrayLen, FloatKind, IntKind, TypeId, TypeKind, TypeTable};
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
        E::UnaryOperator(u) => match u.node.operator.node {
            ast::UnaryOperator::PostIncrement
            | ast::UnaryOperator::PostDecrement
            | ast::UnaryOperator::PreIncrement
            | ast::UnaryOperator::PreDecrement => true,
            _ => has_side_effects(&u.node.operand.node),
        },
        E::Cast(c) => has_side_effects(&c.node.expression.node),
        E::BinaryOperator(b) => {
            use ast::BinaryOperator as B;
            matches!(
                b.node.operator.node,
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
            ) || has_side_effects(&b.node.lhs.node)
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

/// The bytes of a string literal (pieces concatenated, escapes decoded) and
/// whether it is wide (`L"..."`).
pub(crate) fn string_literal_bytes(pieces: &[String]) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    let mut wide = false;
    for piece in pieces {
        let start = piece.find('"').unwrap_or(0);
        wide |= piece[..start].contains('L')
            || piece[..start].contains('U')
            || piece[..start].contains('u') && !piece[..start].contains("u8");
        let body = &piece[start + 1..piece.len().saturating_sub(1).max(start + 1)];
        decode_escapes(body, &mut out);
    }
    (out, wide)
}

/// Decodes C escapes into bytes (characters above 0x7f as UTF-8).
pub(crate) fn decode_escapes(body: &str, out: &mut Vec<u8>) {
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        let Some(e) = chars.next() else { break };
        let byte = match e {
            'n' => b'\n',
            't' => b'\t',
            'r' => b'\r',
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap();
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                v as u8
            }
            'x' => {
                let mut v: u32 = 0;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(d);
                    chars.next();
                }
                v as u8
            }
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' => 27,
            other => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(other.encode_utf8(&mut buf).as_bytes());
                continue;
            }
        };
        out.push(byte);
    }
}

impl Lowerer<'_> {
    // ----- entry points -----

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
            E::Cast(c) if matches!(self.peek_void_cast(c), true) => {
                self.lower_discard(&c.node.expression)
            }
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

    // ----- the expression forms -----

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

    /// A global holding a string literal's characters (shared by equal literals).
    pub(crate) fn string_literal(&mut self, mut bytes: Vec<u8>, span: Span) -> crate::ir::GlobalId {
        bytes.push(0);
        let ty = self
            .types
            .array_of(TypeTable::CHAR, ArrayLen::Fixed(bytes.len() as u64));
        if let Some(&g) = self.string_literals.get(&(bytes.clone(), ty)) {
            return g;
        }
        let name = format!("$string{}", self.string_literals.len());
        let g = self.add_global(name, ty, span.loc, GlobalKind::StringLiteral);
        self.globals[g.index()].bytes = Some(bytes.clone());
        self.string_literals.insert((bytes, ty), g);
        g
    }

    fn lower_constant(&mut self, c: &Node<ast::Constant>) -> Lowered {
        let span = self.span(c);
        match &c.node {
            ast::Constant::Integer(i) => self.integer_constant(i, span),
            ast::Constant::Float(f) => self.float_constant(f, span),
            ast::Constant::Character(s) => {
                let start = s.find('\'').unwrap_or(0);
                let prefix = &s[..start];
                let body = &s[start + 1..s.len().saturating_sub(1).max(start + 1)];
                let mut bytes = Vec::new();
                decode_escapes(body, &mut bytes);
                if !prefix.is_empty() {
                    // L'x', u'x', U'x': the code point, as an int.
                    let cp = body.chars().next().map_or(0, |c| c as u32);
                    return Some(Expr::int(u128::from(cp), TypeTable::INT));
                }
                // A plain character constant is an int holding a (signed) char;
                // multi-character constants combine big-endian, as gcc does.
                let value: u32 = match bytes.as_slice() {
                    [b] => *b as i8 as i32 as u32,
                    many => many
                        .iter()
                        .fold(0u32, |acc, &b| acc.wrapping_shl(8) | u32::from(b)),
                };
                Some(Expr::int(u128::from(value), TypeTable::INT))
            }
        }
    }

    fn integer_constant(&mut self, i: &ast::Integer, span: Span) -> Lowered {
        let radix = match i.base {
            ast::IntegerBase::Decimal => 10,
            ast::IntegerBase::Octal => 8,
            ast::IntegerBase::Hexadecimal => 16,
            ast::IntegerBase::Binary => 2,
        };
        let digits: String = i.number.chars().filter(|&c| c != '\'').collect();
        let value = if digits.is_empty() {
            Some(0)
        } else {
            u128::from_str_radix(&digits, radix).ok()
        };
        let Some(value) = value else {
            self.error(DiagnosticKind::Type, "integer constant is too large", span);
            return None;
        };
        if i.suffix.imaginary {
            self.unsupported(UnsupportedKind::ComplexNumbers, "imaginary constant", span);
        }
        let decimal = radix == 10;
        let u = i.suffix.unsigned;
        let candidates: &[IntKind] = match (i.suffix.size, u, decimal) {
            (ast::IntegerSize::Int, false, true) => {
                &[IntKind::Int, IntKind::Long, IntKind::LongLong]
            }
            (ast::IntegerSize::Int, false, false) => &[
                IntKind::Int,
                IntKind::UInt,
                IntKind::Long,
                IntKind::ULong,
                IntKind::LongLong,
                IntKind::ULongLong,
            ],
            (ast::IntegerSize::Int, true, _) => {
                &[IntKind::UInt, IntKind::ULong, IntKind::ULongLong]
            }
            (ast::IntegerSize::Long, false, true) => &[IntKind::Long, IntKind::LongLong],
            (ast::IntegerSize::Long, false, false) => &[
                IntKind::Long,
                IntKind::ULong,
                IntKind::LongLong,
                IntKind::ULongLong,
            ],
            (ast::IntegerSize::Long, true, _) => &[IntKind::ULong, IntKind::ULongLong],
            (ast::IntegerSize::LongLong, false, true) => &[IntKind::LongLong],
            (ast::IntegerSize::LongLong, false, false) => &[IntKind::LongLong, IntKind::ULongLong],
            (ast::IntegerSize::LongLong, true, _) => &[IntKind::ULongLong],
        };
        for &kind in candidates {
            let bits = self.types.model.int_bits(kind);
            let max = if kind.is_signed() {
                (1u128 << (bits - 1)) - 1
            } else {
                (1u128 << bits) - 1
            };
            if value <= max {
                let ty = self.types.int(kind);
                return Some(Expr::int(value, ty));
            }
        }
        // gcc gives too-large decimal constants an unsigned type (with a warning).
        if value <= u128::from(u64::MAX) {
            let ty = self.types.int(IntKind::ULongLong);
            return Some(Expr::int(value, ty));
        }
        self.error(
            DiagnosticKind::Type,
            "integer constant is too large for its type",
            span,
        );
        None
    }

    fn float_constant(&mut self, f: &ast::Float, span: Span) -> Lowered {
        let kind = match &f.suffix.format {
            ast::FloatFormat::Float => FloatKind::Float,
            ast::FloatFormat::Double => FloatKind::Double,
            ast::FloatFormat::LongDouble => FloatKind::LongDouble,
            ast::FloatFormat::TS18661Format(t) if t.width == 32 => FloatKind::Float,
            ast::FloatFormat::TS18661Format(_) => FloatKind::Double,
        };
        if f.suffix.imaginary {
            self.unsupported(UnsupportedKind::ComplexNumbers, "imaginary constant", span);
        }
        let text: &str = &f.number;
        let value: Option<f64> = match f.base {
            ast::FloatBase::Decimal => {
                if kind == FloatKind::Float {
                    text.parse::<f32>().ok().map(f64::from)
                } else {
                    text.parse::<f64>().ok()
                }
            }
            ast::FloatBase::Hexadecimal => {
                parse_hex_float(text.trim_start_matches("0x").trim_start_matches("0X"))
            }
        };
        let Some(value) = value else {
            self.error(
                DiagnosticKind::Syntax,
                format!("malformed floating constant `{text}`"),
                span,
            );
            return None;
        };
        let ty = self.types.float(kind);
        Some(float_const(value, kind, ty))
    }

    fn lower_member(&mut self, m: &Node<ast::MemberExpression>) -> Option<Value> {
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

    fn lower_offsetof(&mut self, o: &Node<ast::OffsetOfExpression>, span: Span) -> Lowered {
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

    fn lower_unary(&mut self, u: &Node<ast::UnaryOperatorExpression>, span: Span) -> Option<Value> {
        use ast::UnaryOperator as U;
        match u.node.operator.node {
            U::PostIncrement | U::PostDecrement | U::PreIncrement | U::PreDecrement => {
                self.lower_incdec(u, true).map(Value::RValue)
            }
            U::Address => {
                // `&function` and `&*p` need no place.
                match self.lower_value(&u.node.operand)? {
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
            U::Indirection => {
                let ptr = self.lower_expr(&u.node.operand)?;
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

    fn field_is_bit_field(&self, place: &Place, index: usize) -> bool {
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
        let old_value = Expr::load(place.clone(), ty);
        let old = if post && want_value {
            let tmp = self.new_temp(ty, loc);
            self.emit(
                StmtKind::Assign {
                    place: Place::Local(tmp),
                    value: old_value,
                },
                loc,
            );
            Expr::load(Place::Local(tmp), ty)
        } else {
            old_value
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

    fn lower_binary(
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

    fn lower_index(
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

    fn to_ptrdiff(&mut self, index: Expr) -> Expr {
        let diff = self.types.ptrdiff_t();
        self.mk_cast(index, diff)
    }

    /// `a && b`, `a || b` as `_Bool` converted to `int`.
    fn lower_logical(&mut self, b: &Node<ast::BinaryOperatorExpression>, is_and: bool) -> Lowered {
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

    /// A binary operator other than assignment, `&&`, `||` and indexing.
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
        let type_error = |this: &mut Self, lhs: &Expr, rhs: &Expr| {
            let (a, b) = (this.types.display(lhs.ty), this.types.display(rhs.ty));
            this.error(
                DiagnosticKind::Type,
                format!("invalid operands to binary operator (`{a}` and `{b}`)"),
                span,
            );
            None
        };
        match op {
            B::Plus if lp || rp => {
                let (ptr, int) = if lp { (lhs, rhs) } else { (rhs, lhs) };
                if !self.types.is_integer(int.ty) {
                    return type_error(self, &ptr, &int);
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
                    return type_error(self, &lhs, &rhs);
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
            | B::NotEquals => {
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
                        return type_error(self, &lhs, &rhs);
                    }
                } else if self.types.is_arithmetic(lhs.ty) && self.types.is_arithmetic(rhs.ty) {
                    let (a, b, _) = self.usual_arithmetic(lhs, rhs);
                    (a, b)
                } else {
                    return type_error(self, &lhs, &rhs);
                };
                let c = self.mk_binary(cmp, a, b, TypeTable::BOOL);
                Some(self.bool_to_int(c))
            }
            B::ShiftLeft | B::ShiftRight => {
                if !self.types.is_integer(lhs.ty) || !self.types.is_integer(rhs.ty) {
                    return type_error(self, &lhs, &rhs);
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
                    _ => return type_error(self, &lhs, &rhs),
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
                    return type_error(self, &lhs, &rhs);
                }
                let (a, b, ty) = self.usual_arithmetic(lhs, rhs);
                Some(self.mk_binary_at(bop, a, b, ty, at))
            }
        }
    }

    fn lower_statement_expression(&mut self, s: &Node<ast::Statement>) -> Option<Value> {
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

    // ----- conversions -----

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

    fn bit_field_width(&self, place: &Place, index: usize) -> Option<u32> {
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
    fn explicit_cast(&mut self, e: Expr, to: TypeId, span: Span) -> Lowered {
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
            if self.types.is_integer(e.ty) {
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
            if self.types.is_integer(a.ty) && self.types.is_integer(b.ty) {
                if let Some(v) = self.fold_binary(op, x, y, a.ty, b.ty) {
                    return Expr::int(self.truncate(v, ty), ty);
                }
            }
        }
        Expr::binary_at(op, a, b, ty, at)
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

fn is_assignment(op: &ast::BinaryOperator) -> bool {
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

fn is_incdec(op: &ast::UnaryOperator) -> bool {
    use ast::UnaryOperator as U;
    matches!(
        op,
        U::PostIncrement | U::PostDecrement | U::PreIncrement | U::PreDecrement
    )
}

/// A floating constant of kind `kind` (float is stored as f32 bits).
pub(crate) fn float_const(value: f64, kind: FloatKind, ty: TypeId) -> Expr {
    let bits = match kind {
        FloatKind::Float => u64::from((value as f32).to_bits()),
        FloatKind::Double | FloatKind::LongDouble => value.to_bits(),
    };
    Expr::new(ExprKind::Float(bits), ty)
}

/// The value of a floating constant's bits.
pub(crate) fn float_value(bits: u64, kind: &TypeKind) -> f64 {
    match kind {
        TypeKind::Float(FloatKind::Float) => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    }
}

/// Parses the digits of a hexadecimal floating constant (`1.8p3`).
fn parse_hex_float(text: &str) -> Option<f64> {
    let (mantissa, exponent) = match text.find(['p', 'P']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value: f64 = 0.0;
    for c in int_part.chars() {
        value = value * 16.0 + f64::from(c.to_digit(16)?);
    }
    let mut scale = 1.0 / 16.0;
    for c in frac_part.chars() {
        value += f64::from(c.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    Some(value * 2f64.powi(exponent))
}
