//! Declarations: specifiers and declarators to types, structs, unions, enums,
//! typedefs, globals, function signatures and block-scope variables.

use super::builder::FnBuilder;
use super::{Lowerer, Symbol, Tag};
use crate::diag::{DiagnosticKind, UnsupportedKind};
use crate::ir::{
    ExprKind, Function, FunctionId, GlobalId, GlobalKind, LocalKind, Place, StmtKind, Terminator,
};
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

/// The innermost function declarator's parameters, for a function definition.
fn function_params(d: &ast::Declarator) -> Option<&ast::DerivedDeclarator> {
    if let ast::DeclaratorKind::Declarator(inner) = &d.kind.node {
        if let Some(p) = function_params(&inner.node) {
            return Some(p);
        }
    }
    d.derived.iter().map(|n| &n.node).find(|dd| {
        matches!(
            dd,
            ast::DerivedDeclarator::Function(_) | ast::DerivedDeclarator::KRFunction(_)
        )
    })
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

    fn adjust_parameter_type(&mut self, ty: TypeId) -> TypeId {
        match self.types.kind(ty).clone() {
            TypeKind::Array(elem, _) => self.types.pointer_to(elem),
            TypeKind::Function(_) => self.types.pointer_to(ty),
            _ => ty,
        }
    }

    // ----- struct, union, enum -----

    fn lower_struct_type(&mut self, st: &Node<ast::StructType>, packed: bool) -> TypeId {
        // The members' alignment cap: `packed` (attribute after the braces
        // or in the specifiers) is 1; else the preprocessor's record.
        let max_align = if packed {
            Some(1)
        } else {
            self.packed_structs
                .binary_search_by_key(&st.span.start, |&(at, _)| at)
                .ok()
                .map(|i| self.packed_structs[i].1)
        };
        let is_union = st.node.kind.node == ast::StructKind::Union;
        let name = st
            .node
            .identifier
            .as_ref()
            .map(|i| Lowerer::ident_name(&i.node.name));
        let span = self.span(st);
        let Some(decls) = &st.node.declarations else {
            // A reference, or a forward declaration.
            if let Some(name) = &name {
                if let Some(Tag::Composite(t)) = self.lookup_tag(name) {
                    return t;
                }
                let id = self.types.new_composite(is_union, name.clone());
                let t = self.types.composite_type(id);
                self.bind_tag(name.clone(), Tag::Composite(t));
                return t;
            }
            self.error(
                DiagnosticKind::Syntax,
                "anonymous struct without members",
                span,
            );
            return TypeTable::INT;
        };
        let ty = match &name {
            Some(n) => match self.lookup_tag_innermost(n) {
                Some(Tag::Composite(t))
                    if !self
                        .types
                        .composite(self.types.composite_id(t).unwrap())
                        .fields
                        .is_some() =>
                {
                    t
                }
                Some(Tag::Composite(t)) => {
                    self.error(
                        DiagnosticKind::Redefinition,
                        format!(
                            "redefinition of `{} {n}`",
                            if is_union { "union" } else { "struct" }
                        ),
                        span,
                    );
                    return t;
                }
                _ => {
                    let id = self.types.new_composite(is_union, n.clone());
                    let t = self.types.composite_type(id);
                    self.bind_tag(n.clone(), Tag::Composite(t));
                    t
                }
            },
            None => {
                self.anonymous_tags += 1;
                let tag = format!("$anon{}", self.anonymous_tags);
                let id = self.types.new_composite(is_union, tag);
                self.types.composite_type(id)
            }
        };
        let mut members = Vec::new();
        for d in decls {
            let ast::StructDeclaration::Field(field) = &d.node else {
                continue;
            };
            let fsp = self.span(field);
            let base = self.lower_specifier_qualifiers(&field.node.specifiers, fsp);
            if field.node.declarators.is_empty() {
                // An anonymous struct or union member.
                members.push((String::new(), base, None));
                continue;
            }
            for sd in &field.node.declarators {
                let (fname, fty) = match &sd.node.declarator {
                    Some(d) => self.apply_declarator(base, d),
                    None => (None, base),
                };
                let width = sd.node.bit_width.as_ref().map(|w| {
                    let v = self.eval_const_int(w).unwrap_or_else(|| {
                        let sp = self.span(w);
                        self.error(
                            DiagnosticKind::Type,
                            "bit-field width is not a constant",
                            sp,
                        );
                        1
                    });
                    v.clamp(0, 128) as u32
                });
                if let Some(w) = width {
                    if !self.types.is_integer(fty)
                        || w > self.types.bit_width(fty).max(1) && fty != TypeTable::BOOL
                    {
                        let sp = self.span(sd);
                        self.error(DiagnosticKind::Type, "bit-field width exceeds its type", sp);
                    }
                }
                members.push((fname.unwrap_or_default(), fty, width));
            }
        }
        let id = self.types.composite_id(ty).expect("composite");
        self.types.complete_composite(id, members, max_align);
        ty
    }

    fn lower_enum_type(&mut self, et: &Node<ast::EnumType>) -> TypeId {
        let name = et
            .node
            .identifier
            .as_ref()
            .map(|i| Lowerer::ident_name(&i.node.name));
        if et.node.enumerators.is_empty() {
            // A reference by tag (or a forward declaration, which gcc allows).
            if let Some(Tag::Enum(t)) = name.as_deref().and_then(|n| self.lookup_tag(n)) {
                return t;
            }
            return self.types.int(IntKind::UInt);
        }
        let mut next: i128 = 0;
        let mut any_negative = false;
        let mut max: i128 = 0;
        for e in &et.node.enumerators {
            let value = match &e.node.expression {
                Some(x) => self.eval_const_int(x).unwrap_or_else(|| {
                    let sp = self.span(x);
                    self.error(
                        DiagnosticKind::Type,
                        "enumerator value is not a constant",
                        sp,
                    );
                    next
                }),
                None => next,
            };
            any_negative |= value < 0;
            max = max.max(value);
            let ename = Lowerer::ident_name(&e.node.identifier.node.name);
            self.bind(ename, Symbol::EnumConstant(value));
            next = value + 1;
        }
        // gcc: unsigned int unless some value is negative.
        let kind = match (any_negative, max > i128::from(u32::MAX)) {
            (_, true) => IntKind::LongLong,
            (true, false) => IntKind::Int,
            (false, false) => IntKind::UInt,
        };
        let ty = self.types.int(kind);
        if let Some(n) = name {
            self.bind_tag(n, Tag::Enum(ty));
        }
        ty
    }

    // ----- file scope -----

    /// Pass 1 declares; pass 2 (`second`) lowers initialisers.
    pub(crate) fn declare_file_scope(&mut self, d: &Node<ast::Declaration>, second: bool) {
        if second {
            for init_decl in &d.node.declarators {
                let Some(init) = &init_decl.node.initializer else {
                    continue;
                };
                let Some(&gid) = self.pass_one_globals.get(&init_decl.span.start) else {
                    continue;
                };
                if !self.initialised.insert(gid) {
                    let sp = self.span(init_decl);
                    let name = self.globals[gid.index()].name.clone();
                    self.error(
                        DiagnosticKind::Redefinition,
                        format!("redefinition of `{name}`"),
                        sp,
                    );
                    continue;
                }
                let ty = self.globals[gid.index()].ty;
                self.lower_initializer(Place::Global(gid), ty, init, true);
            }
            return;
        }
        let span = self.span(d);
        let spec = self.lower_specifiers(&d.node.specifiers, span);
        for init_decl in &d.node.declarators {
            let (name, mut ty) = self.apply_declarator(spec.base, &init_decl.node.declarator);
            let Some(name) = name else { continue };
            let dspan = self.span(&init_decl.node.declarator);
            if spec.storage == Storage::Typedef {
                self.bind(name, Symbol::Typedef(ty));
                continue;
            }
            if self.types.is_function(ty) {
                self.declare_function(&name, ty, dspan, false);
                continue;
            }
            if let Some(init) = &init_decl.node.initializer {
                ty = self.complete_array_from_initializer(ty, init);
            }
            let gid = self.declare_global(
                &name,
                ty,
                spec.storage,
                init_decl.node.initializer.is_some(),
                dspan,
            );
            self.pass_one_globals.insert(init_decl.span.start, gid);
        }
    }

    fn declare_global(
        &mut self,
        name: &str,
        ty: TypeId,
        storage: Storage,
        has_init: bool,
        span: Span,
    ) -> GlobalId {
        if let Some(&gid) = self.global_index.get(name) {
            let old = self.globals[gid.index()].ty;
            if old != ty {
                // `int a[];` then `int a[10];` completes the type.
                let completes = matches!((self.types.kind(old), self.types.kind(ty)),
                    (TypeKind::Array(e1, ArrayLen::Incomplete), TypeKind::Array(e2, _)) if e1 == e2);
                let incomplete_new = matches!(
                    self.types.kind(ty),
                    TypeKind::Array(_, ArrayLen::Incomplete)
                );
                if completes {
                    self.globals[gid.index()].ty = ty;
                } else if !incomplete_new {
                    self.error(
                        DiagnosticKind::Redefinition,
                        format!("conflicting types for `{name}`"),
                        span,
                    );
                }
            }
            if storage != Storage::Extern || has_init {
                self.globals[gid.index()].kind = GlobalKind::Variable;
            }
            return gid;
        }
        let kind = if storage == Storage::Extern && !has_init {
            GlobalKind::External
        } else {
            GlobalKind::Variable
        };
        let gid = self.add_global(name.to_string(), ty, span.loc, kind);
        self.global_index.insert(name.to_string(), gid);
        self.bind_global_scope(name.to_string(), Symbol::Global(gid));
        gid
    }

    /// Declares (or re-declares) a function; returns its id.
    pub(crate) fn declare_function(
        &mut self,
        name: &str,
        ty: TypeId,
        span: Span,
        implicit: bool,
    ) -> FunctionId {
        if let Some(&id) = self.function_index.get(name) {
            let old = self.functions[id.index()].ty;
            if old != ty && !implicit {
                let was_implicit = self.implicitly_declared.remove(&id);
                let old_f = self
                    .types
                    .function_type(old)
                    .cloned()
                    .expect("function type");
                let new_f = self
                    .types
                    .function_type(ty)
                    .cloned()
                    .expect("function type");
                let compatible = old_f.ret == new_f.ret
                    && (!old_f.prototyped || !new_f.prototyped || old_f.params == new_f.params);
                let from_prelude = self
                    .sources
                    .file(self.functions[id.index()].loc.file)
                    .is_some_and(|f| f.is_lore_library);
                if !compatible && !was_implicit && !from_prelude {
                    self.error(
                        DiagnosticKind::Redefinition,
                        format!("conflicting types for `{name}`"),
                        span,
                    );
                }
                // The prototyped, then the later, declaration wins.
                if new_f.prototyped || !old_f.prototyped || !compatible {
                    self.functions[id.index()].ty = ty;
                }
                if !from_prelude || was_implicit {
                    self.functions[id.index()].loc = span.loc;
                }
            }
            return id;
        }
        let id = FunctionId(self.functions.len() as u32);
        let is_lore_library = self
            .sources
            .file(span.loc.file)
            .is_some_and(|f| f.is_lore_library);
        self.functions.push(Function {
            name: name.to_string(),
            ty,
            loc: span.loc,
            params: 0,
            locals: vec![],
            body: None,
            is_lore_library,
        });
        self.function_index.insert(name.to_string(), id);
        self.bind_global_scope(name.to_string(), Symbol::Function(id));
        if implicit {
            self.implicitly_declared.insert(id);
        }
        id
    }

    pub(crate) fn declare_function_definition(&mut self, def: &Node<ast::FunctionDefinition>) {
        let span = self.span(def);
        let spec = self.lower_specifiers(&def.node.specifiers, span);
        let (name, mut ty) = self.apply_declarator(spec.base, &def.node.declarator);
        let Some(name) = name else { return };
        if !self.types.is_function(ty) {
            self.error(
                DiagnosticKind::Syntax,
                "function definition without a parameter list",
                span,
            );
            return;
        }
        // K&R: parameter types come from the declaration list.
        if let Some(ast::DerivedDeclarator::KRFunction(ids)) =
            function_params(&def.node.declarator.node)
        {
            let declared = self.kr_parameter_types(&def.node.declarations);
            let mut params = Vec::new();
            for id in ids {
                let pname = Lowerer::ident_name(&id.node.name);
                params.push(
                    declared
                        .iter()
                        .find(|(n, _)| *n == pname)
                        .map_or(TypeTable::INT, |p| p.1),
                );
            }
            let f = self
                .types
                .function_type(ty)
                .cloned()
                .expect("function type");
            ty = self.types.intern(TypeKind::Function(FunctionType {
                ret: f.ret,
                params,
                variadic: false,
                prototyped: false,
            }));
        }
        let dspan = self.span(&def.node.declarator);
        let id = self.declare_function(&name, ty, dspan, false);
        if self.functions[id.index()].body.is_some() || self.has_definition.contains(&id) {
            self.error(
                DiagnosticKind::Redefinition,
                format!("redefinition of `{name}`"),
                dspan,
            );
        }
        self.has_definition.insert(id);
        self.functions[id.index()].ty = ty;
        self.functions[id.index()].loc = dspan.loc;
    }

    fn kr_parameter_types(&mut self, decls: &[Node<ast::Declaration>]) -> Vec<(String, TypeId)> {
        let mut out = Vec::new();
        for d in decls {
            let sp = self.span(d);
            let spec = self.lower_specifiers(&d.node.specifiers, sp);
            for init_decl in &d.node.declarators {
                let (name, ty) = self.apply_declarator(spec.base, &init_decl.node.declarator);
                if let Some(name) = name {
                    let ty = self.adjust_parameter_type(ty);
                    out.push((name, ty));
                }
            }
        }
        out
    }

    pub(crate) fn lower_function_definition(&mut self, def: &Node<ast::FunctionDefinition>) {
        let Some(name) = declarator_name(&def.node.declarator.node) else {
            return;
        };
        let Some(&id) = self.function_index.get(&name) else {
            return;
        };
        if self.functions[id.index()].body.is_some() {
            return; // a redefinition, already reported
        }
        let ty = self.functions[id.index()].ty;
        let fty = self
            .types
            .function_type(ty)
            .cloned()
            .expect("function type");
        self.enter_scope();
        self.current = Some((id, FnBuilder::new()));
        self.labels.clear();
        // Parameters: names from the declarator, types from the function type.
        let names: Vec<Option<String>> = match function_params(&def.node.declarator.node) {
            Some(ast::DerivedDeclarator::Function(f)) => {
                if fty.params.is_empty() {
                    vec![]
                } else {
                    f.node
                        .parameters
                        .iter()
                        .map(|p| {
                            p.node
                                .declarator
                                .as_ref()
                                .and_then(|d| declarator_name(&d.node))
                        })
                        .collect()
                }
            }
            Some(ast::DerivedDeclarator::KRFunction(ids)) => ids
                .iter()
                .map(|i| Some(Lowerer::ident_name(&i.node.name)))
                .collect(),
            _ => vec![],
        };
        let loc = self.functions[id.index()].loc;
        for (i, &pty) in fty.params.iter().enumerate() {
            let pname = names
                .get(i)
                .cloned()
                .flatten()
                .unwrap_or_else(|| format!("$param{i}"));
            let local = self.builder().add_local(&pname, pty, loc, LocalKind::Param);
            self.bind(pname, Symbol::Local(local));
        }
        // `__func__` is a static string of the function's name.
        self.lower_statement(&def.node.statement);
        let end_loc = self
            .sources
            .loc_of_offset(def.node.statement.span.end.saturating_sub(1));
        self.check_labels();
        let fallthrough = if name == "main" && self.types.is_integer(fty.ret) {
            Terminator::Return(Some(crate::ir::Expr::int(0, fty.ret)))
        } else if fty.ret == TypeTable::VOID {
            Terminator::Return(None)
        } else {
            // Falling off a value-returning function: the value is unknown.
            Terminator::Return(None)
        };
        let (_, builder) = self.current.take().expect("current function");
        let (locals, body) = builder.finish(fallthrough, end_loc);
        self.leave_scope();
        let f = &mut self.functions[id.index()];
        f.params = fty.params.len();
        f.locals = locals;
        f.body = Some(body);
    }

    // ----- block scope -----

    pub(crate) fn lower_block_declaration(&mut self, d: &Node<ast::Declaration>) {
        let span = self.span(d);
        let spec = self.lower_specifiers(&d.node.specifiers, span);
        for init_decl in &d.node.declarators {
            let (name, mut ty) = self.apply_declarator(spec.base, &init_decl.node.declarator);
            let Some(name) = name else { continue };
            let dspan = self.span(&init_decl.node.declarator);
            let loc = dspan.loc;
            match spec.storage {
                Storage::Typedef => {
                    self.bind(name, Symbol::Typedef(ty));
                    continue;
                }
                _ if self.types.is_function(ty) => {
                    let id = self.declare_function(&name, ty, dspan, false);
                    self.bind(name, Symbol::Function(id));
                    continue;
                }
                Storage::Extern => {
                    let gid = self.declare_global(&name, ty, Storage::Extern, false, dspan);
                    self.bind(name, Symbol::Global(gid));
                    continue;
                }
                Storage::Static => {
                    if let Some(init) = &init_decl.node.initializer {
                        ty = self.complete_array_from_initializer(ty, init);
                    }
                    let fname = self.functions[self.current_function().index()].name.clone();
                    let key = format!("{fname}::{name}");
                    let n = self.static_local_count.entry(key.clone()).or_insert(0);
                    let gname = if *n == 0 {
                        key.clone()
                    } else {
                        format!("{key}#{n}")
                    };
                    *n += 1;
                    let gid = self.add_global(gname, ty, loc, GlobalKind::StaticLocal);
                    self.bind(name, Symbol::Global(gid));
                    if let Some(init) = &init_decl.node.initializer {
                        // Runs once, before main, like every static initialiser.
                        let saved = self.current.take();
                        self.lower_initializer(Place::Global(gid), ty, init, true);
                        self.current = saved;
                    }
                    continue;
                }
                Storage::None => {}
            }
            if let Some(init) = &init_decl.node.initializer {
                ty = self.complete_array_from_initializer(ty, init);
            }
            if self.types.size_of(ty).is_none()
                && !matches!(
                    self.types.kind(ty),
                    TypeKind::Array(_, ArrayLen::Variable(_))
                )
            {
                self.error(
                    DiagnosticKind::Type,
                    format!("variable `{name}` has an incomplete type"),
                    dspan,
                );
            }
            let local = self
                .builder()
                .add_local(&name, ty, loc, LocalKind::Variable);
            self.emit(StmtKind::Declare { local }, loc);
            // The scope starts at the declarator, before the initialiser (`int x = x;`).
            self.bind(name, Symbol::Local(local));
            if let Some(init) = &init_decl.node.initializer {
                self.lower_initializer(Place::Local(local), ty, init, false);
            }
        }
    }

    /// `int a[] = {1, 2, 3}` has type `int [3]`.
    pub(crate) fn complete_array_from_initializer(
        &mut self,
        ty: TypeId,
        init: &Node<ast::Initializer>,
    ) -> TypeId {
        let TypeKind::Array(elem, ArrayLen::Incomplete) = self.types.kind(ty).clone() else {
            return ty;
        };
        let len = match &init.node {
            ast::Initializer::Expression(e) => match &e.node {
                ast::Expression::StringLiteral(s) => {
                    Some(super::constant::string_literal_bytes(&s.node).0.len() as u64 + 1)
                }
                _ => None,
            },
            ast::Initializer::List(items) => {
                let elem_scalars = self.scalar_count(elem).max(1);
                let all_braced = items.iter().all(|i| {
                    matches!(i.node.initializer.node, ast::Initializer::List(_))
                        || !i.node.designation.is_empty()
                }) || elem_scalars == 1;
                if all_braced || self.is_string_init_of(elem, items) {
                    let mut index: u64 = 0;
                    let mut max: u64 = 0;
                    for item in items {
                        if let Some(d) = item.node.designation.first() {
                            if let ast::Designator::Index(e) = &d.node {
                                index = self.eval_const_int(e).unwrap_or(0).max(0) as u64;
                            } else if let ast::Designator::Range(r) = &d.node {
                                index = self.eval_const_int(&r.node.to).unwrap_or(0).max(0) as u64;
                            }
                        }
                        index += 1;
                        max = max.max(index);
                    }
                    Some(max)
                } else {
                    Some((items.len() as u64).div_ceil(elem_scalars))
                }
            }
        };
        match len {
            Some(n) => self.types.array_of(elem, ArrayLen::Fixed(n)),
            None => ty,
        }
    }

    fn is_string_init_of(&self, elem: TypeId, items: &[Node<ast::InitializerListItem>]) -> bool {
        self.types.is_array(elem)
            && items.iter().all(|i| matches!(&i.node.initializer.node, ast::Initializer::Expression(e) if matches!(e.node, ast::Expression::StringLiteral(_))))
    }

    /// Number of scalar leaves of a type (for brace elision).
    pub(crate) fn scalar_count(&self, ty: TypeId) -> u64 {
        match self.types.kind(ty) {
            TypeKind::Array(e, ArrayLen::Fixed(n)) => n * self.scalar_count(*e),
            TypeKind::Struct(c) => self.types.composite(*c).fields.as_ref().map_or(1, |fs| {
                fs.iter()
                    .filter(|f| !(f.name.is_empty() && f.bit_field.is_some()))
                    .map(|f| self.scalar_count(f.ty))
                    .sum()
            }),
            TypeKind::Union(c) => self
                .types
                .composite(*c)
                .fields
                .as_ref()
                .and_then(|fs| fs.first())
                .map_or(1, |f| self.scalar_count(f.ty)),
            _ => 1,
        }
    }

    pub(crate) fn static_assert(&mut self, sa: &Node<ast::StaticAssert>) {
        if self.eval_const_int(&sa.node.expression) == Some(0) {
            let sp = self.span(sa);
            let message = String::from_utf8_lossy(
                &super::constant::string_literal_bytes(&sa.node.message.node).0,
            )
            .into_owned();
            self.error(
                DiagnosticKind::Type,
                format!("static assertion failed: {message}"),
                sp,
            );
        }
    }

    pub(crate) fn is_null_constant(e: &crate::ir::Expr) -> bool {
        matches!(e.kind, ExprKind::Int(0))
    }
}
