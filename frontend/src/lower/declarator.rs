//! C types as declarations write them: specifiers (the base type, storage
//! class, `packed`), declarators (pointers, arrays, functions and their
//! parameters) and type names. Struct, union and enum definitions are in
//! `tag.rs`.

use super::{Lowerer, Symbol};
use crate::diag::{DiagnosticKind, UnsupportedKind};
use crate::ir::{LocalKind, Place, StmtKind};
use crate::source::Span;
use crate::types::{ArrayLen, FloatKind, FunctionType, IntKind, TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

/// The storage class written in a declaration.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Storage {
    None,
    Typedef,
    Extern,
    Static,
}

pub(crate) struct Specifiers {
    pub base: TypeId,
    pub storage: Storage,
}

/// The name a declarator declares.
pub(crate) fn declarator_name(d: &ast::Declarator) -> Option<String> {
    match &d.kind.node {
        ast::DeclaratorKind::Identifier(id) => Some(Lowerer::ident_name(&id.node.name)),
        ast::DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        ast::DeclaratorKind::Abstract => None,
    }
}

fn has_packed_attribute(exts: &[Node<ast::Extension>]) -> bool {
    exts.iter().any(|e| matches!(&e.node, ast::Extension::Attribute(a) if a.name.node.trim_matches('_') == "packed"))
}

impl Lowerer<'_> {
    // ----- specifiers -----

    pub(crate) fn lower_specifiers(
        &mut self,
        specs: &[Node<ast::DeclarationSpecifier>],
        span: Span,
    ) -> Specifiers {
        let mut storage = Storage::None;
        let mut type_specs: Vec<&Node<ast::TypeSpecifier>> = Vec::new();
        let mut packed = false;
        for s in specs {
            match &s.node {
                ast::DeclarationSpecifier::StorageClass(sc) => match sc.node {
                    ast::StorageClassSpecifier::Typedef => storage = Storage::Typedef,
                    ast::StorageClassSpecifier::Extern => storage = Storage::Extern,
                    ast::StorageClassSpecifier::Static => storage = Storage::Static,
                    ast::StorageClassSpecifier::ThreadLocal => {
                        let sp = self.span(sc);
                        self.unsupported(UnsupportedKind::ThreadLocal, "", sp);
                    }
                    ast::StorageClassSpecifier::Auto | ast::StorageClassSpecifier::Register => {}
                },
                ast::DeclarationSpecifier::TypeSpecifier(t) => type_specs.push(t),
                ast::DeclarationSpecifier::TypeQualifier(q) => {
                    if q.node == ast::TypeQualifier::Atomic {
                        let sp = self.span(q);
                        self.unsupported(UnsupportedKind::Atomics, "", sp);
                    }
                }
                ast::DeclarationSpecifier::Extension(exts) => packed |= has_packed_attribute(exts),
                ast::DeclarationSpecifier::Function(_)
                | ast::DeclarationSpecifier::Alignment(_) => {}
            }
        }
        let base = self.base_type(&type_specs, packed, span);
        Specifiers { base, storage }
    }

    pub(crate) fn lower_specifier_qualifiers(
        &mut self,
        specs: &[Node<ast::SpecifierQualifier>],
        span: Span,
    ) -> TypeId {
        let mut type_specs = Vec::new();
        let mut packed = false;
        for s in specs {
            match &s.node {
                ast::SpecifierQualifier::TypeSpecifier(t) => type_specs.push(t),
                ast::SpecifierQualifier::TypeQualifier(_) => {}
                ast::SpecifierQualifier::Extension(exts) => packed |= has_packed_attribute(exts),
            }
        }
        self.base_type(&type_specs, packed, span)
    }

    fn base_type(
        &mut self,
        specs: &[&Node<ast::TypeSpecifier>],
        packed: bool,
        span: Span,
    ) -> TypeId {
        let (mut signed, mut unsigned, mut short, mut long, mut int, mut char) = (0, 0, 0, 0, 0, 0);
        let mut other: Option<TypeId> = None;
        let (mut float, mut double, mut complex) = (false, false, false);
        let mut void = false;
        let mut boolean = false;
        for s in specs {
            match &s.node {
                ast::TypeSpecifier::Void => void = true,
                ast::TypeSpecifier::Char => char += 1,
                ast::TypeSpecifier::Short => short += 1,
                ast::TypeSpecifier::Int => int += 1,
                ast::TypeSpecifier::Long => long += 1,
                ast::TypeSpecifier::Float => float = true,
                ast::TypeSpecifier::Double => double = true,
                ast::TypeSpecifier::Signed => signed += 1,
                ast::TypeSpecifier::Unsigned => unsigned += 1,
                ast::TypeSpecifier::Bool => boolean = true,
                ast::TypeSpecifier::Complex => complex = true,
                ast::TypeSpecifier::Atomic(t) => {
                    let sp = self.span(t);
                    self.unsupported(UnsupportedKind::Atomics, "", sp);
                    other = Some(self.lower_type_name(t));
                }
                ast::TypeSpecifier::Struct(st) => other = Some(self.lower_struct_type(st, packed)),
                ast::TypeSpecifier::Enum(et) => other = Some(self.lower_enum_type(et)),
                ast::TypeSpecifier::TypedefName(id) => {
                    let name = Lowerer::ident_name(&id.node.name);
                    other = Some(match name.as_str() {
                        "__lore_int128" => self.types.int(IntKind::Int128),
                        "__lore_uint128" => self.types.int(IntKind::UInt128),
                        "__builtin_va_list" => {
                            let c = self.types.int(IntKind::Char);
                            self.types.pointer_to(c)
                        }
                        _ => match self.lookup(&name) {
                            Some(Symbol::Typedef(t)) => *t,
                            _ => {
                                let sp = self.span(id);
                                self.error(
                                    DiagnosticKind::UnknownIdentifier,
                                    format!("unknown type name `{name}`"),
                                    sp,
                                );
                                TypeTable::INT
                            }
                        },
                    });
                }
                ast::TypeSpecifier::TypeOf(t) => {
                    other = Some(match &t.node {
                        ast::TypeOf::Expression(e) => self.type_of_expr(e),
                        ast::TypeOf::Type(tn) => self.lower_type_name(tn),
                    })
                }
                ast::TypeSpecifier::TS18661Float(f) => {
                    other = Some(match f.width {
                        32 => self.types.float(FloatKind::Float),
                        64 => self.types.float(FloatKind::Double),
                        _ => {
                            let sp = self.span(s);
                            self.unsupported(
                                UnsupportedKind::WideOrUnusualType,
                                &format!("_Float{}", f.width),
                                sp,
                            );
                            self.types.float(FloatKind::LongDouble)
                        }
                    })
                }
            }
        }
        if complex {
            self.unsupported(UnsupportedKind::ComplexNumbers, "", span);
        }
        if let Some(t) = other {
            if signed + unsigned + short + long + int + char > 0
                || void
                || float
                || double
                || boolean
            {
                self.error(
                    DiagnosticKind::Type,
                    "two or more data types in declaration specifiers",
                    span,
                );
            }
            return t;
        }
        if void {
            return TypeTable::VOID;
        }
        if boolean {
            return TypeTable::BOOL;
        }
        if float {
            return self.types.float(FloatKind::Float);
        }
        if double {
            return self.types.float(if long > 0 {
                FloatKind::LongDouble
            } else {
                FloatKind::Double
            });
        }
        if signed > 0 && unsigned > 0 {
            self.error(
                DiagnosticKind::Type,
                "both `signed` and `unsigned` in declaration specifiers",
                span,
            );
        }
        let kind = if char > 0 {
            if unsigned > 0 {
                IntKind::UChar
            } else if signed > 0 {
                IntKind::SChar
            } else {
                IntKind::Char
            }
        } else if short > 0 {
            if unsigned > 0 {
                IntKind::UShort
            } else {
                IntKind::Short
            }
        } else if long >= 2 {
            if unsigned > 0 {
                IntKind::ULongLong
            } else {
                IntKind::LongLong
            }
        } else if long == 1 {
            if unsigned > 0 {
                IntKind::ULong
            } else {
                IntKind::Long
            }
        } else if unsigned > 0 {
            IntKind::UInt
        } else {
            IntKind::Int
        };
        self.types.int(kind)
    }

    pub(crate) fn lower_type_name(&mut self, tn: &Node<ast::TypeName>) -> TypeId {
        let span = self.span(tn);
        let base = self.lower_specifier_qualifiers(&tn.node.specifiers, span);
        match &tn.node.declarator {
            Some(d) => self.apply_declarator(base, d).1,
            None => base,
        }
    }

    // ----- declarators -----

    /// The name and type a declarator gives to `base`.
    pub(crate) fn apply_declarator(
        &mut self,
        base: TypeId,
        d: &Node<ast::Declarator>,
    ) -> (Option<String>, TypeId) {
        let mut ty = base;
        let derived = &d.node.derived;
        let split = derived
            .iter()
            .position(|dd| !matches!(dd.node, ast::DerivedDeclarator::Pointer(_)))
            .unwrap_or(derived.len());
        for _ in &derived[..split] {
            ty = self.types.pointer_to(ty);
        }
        for dd in derived[split..].iter().rev() {
            ty = match &dd.node {
                ast::DerivedDeclarator::Pointer(_) => self.types.pointer_to(ty),
                ast::DerivedDeclarator::Array(arr) => self.array_type(ty, arr),
                ast::DerivedDeclarator::Function(f) => self.function_type(ty, f),
                ast::DerivedDeclarator::KRFunction(_) => {
                    self.types.intern(TypeKind::Function(FunctionType {
                        ret: ty,
                        params: vec![],
                        variadic: false,
                        prototyped: false,
                    }))
                }
                ast::DerivedDeclarator::Block(_) => {
                    let sp = self.span(dd);
                    self.unsupported(UnsupportedKind::BlockPointers, "", sp);
                    self.types.pointer_to(ty)
                }
            };
        }
        match &d.node.kind.node {
            ast::DeclaratorKind::Identifier(id) => (Some(Lowerer::ident_name(&id.node.name)), ty),
            ast::DeclaratorKind::Declarator(inner) => self.apply_declarator(ty, inner),
            ast::DeclaratorKind::Abstract => (None, ty),
        }
    }

    fn array_type(&mut self, elem: TypeId, arr: &Node<ast::ArrayDeclarator>) -> TypeId {
        let size = match &arr.node.size {
            ast::ArraySize::Unknown | ast::ArraySize::VariableUnknown => None,
            ast::ArraySize::VariableExpression(e) | ast::ArraySize::StaticExpression(e) => Some(e),
        };
        let Some(size) = size else {
            return self.types.array_of(elem, ArrayLen::Incomplete);
        };
        if let Some(n) = self.eval_const_int(size) {
            if n < 0 {
                let sp = self.span(size);
                self.error(DiagnosticKind::Type, "array size is negative", sp);
                return self.types.array_of(elem, ArrayLen::Fixed(0));
            }
            return self.types.array_of(elem, ArrayLen::Fixed(n as u64));
        }
        if self.in_parameters > 0 {
            // `int a[n]` as a parameter is a pointer; the length does not matter.
            return self.types.array_of(elem, ArrayLen::Incomplete);
        }
        if self.at_file_scope() {
            let sp = self.span(size);
            self.error(
                DiagnosticKind::Type,
                "variable-length array at file scope",
                sp,
            );
            return self.types.array_of(elem, ArrayLen::Fixed(0));
        }
        // A variable-length array: evaluate the length once, into a local.
        let loc = self.loc(size);
        let size_t = self.types.size_t();
        let value = match self.lower_expr(size) {
            Some(v) => self.convert(v, size_t, self.span(size)),
            None => crate::ir::Expr::int(0, size_t),
        };
        let len_local = self
            .builder()
            .add_local("$vla_len", size_t, loc, LocalKind::Temporary);
        self.emit(
            StmtKind::Assign {
                place: Place::Local(len_local),
                value,
            },
            loc,
        );
        self.types.array_of(elem, ArrayLen::Variable(len_local))
    }

    fn function_type(&mut self, ret: TypeId, f: &Node<ast::FunctionDeclarator>) -> TypeId {
        let params = &f.node.parameters;
        let variadic = f.node.ellipsis == ast::Ellipsis::Some;
        let only_void = params.len() == 1 && params[0].node.declarator.is_none() && {
            let sp = self.span(&params[0]);
            let diags = self.diagnostics.len();
            let t = self.lower_specifiers(&params[0].node.specifiers, sp).base;
            self.diagnostics.truncate(diags);
            t == TypeTable::VOID
        };
        let mut param_types = Vec::new();
        if !only_void {
            self.in_parameters += 1;
            for p in params {
                let (_, t) = self.parameter(p);
                param_types.push(t);
            }
            self.in_parameters -= 1;
        }
        self.types.intern(TypeKind::Function(FunctionType {
            ret,
            params: param_types,
            variadic,
            prototyped: true,
        }))
    }

    /// A parameter's name and its type (arrays and functions adjusted to pointers).
    fn parameter(&mut self, p: &Node<ast::ParameterDeclaration>) -> (Option<String>, TypeId) {
        let sp = self.span(p);
        let spec = self.lower_specifiers(&p.node.specifiers, sp);
        let (name, ty) = match &p.node.declarator {
            Some(d) => self.apply_declarator(spec.base, d),
            None => (None, spec.base),
        };
        (name, self.adjust_parameter_type(ty))
    }

    pub(crate) fn adjust_parameter_type(&mut self, ty: TypeId) -> TypeId {
        match self.types.kind(ty).clone() {
            TypeKind::Array(elem, _) => self.types.pointer_to(elem),
            TypeKind::Function(_) => self.types.pointer_to(ty),
            _ => ty,
        }
    }
}
