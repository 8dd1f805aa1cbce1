//! Declarations: globals (declared in pass 1, initialised in pass 2),
//! functions (signatures, K&R parameters, bodies), block-scope variables
//! and `_Static_assert`. The types they declare come from
//! `declarator.rs` and `tag.rs`.

use super::builder::FnBuilder;
use super::declarator::{declarator_name, Storage};
use super::{Lowerer, Symbol};
use crate::diag::DiagnosticKind;
use crate::ir::{
    Function, FunctionId, GlobalId, GlobalKind, LocalKind, Place, StmtKind, Terminator,
};
use crate::source::Span;
use crate::types::{ArrayLen, FunctionType, TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

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

impl Lowerer<'_> {
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
}
