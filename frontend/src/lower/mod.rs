//! Lowering lang-c's AST to the CFG IR.
//!
//! Two passes over the translation unit: the first learns every file-scope
//! name with its type (so a call may precede the definition it calls, as
//! implicit declarations in real programs do); the second lowers function
//! bodies and initialisers in order. Expression lowering returns a pure
//! [`Expr`] and emits the side effects as statements into the current block.

mod access;
mod assign;
mod builder;
mod call;
mod conditional;
mod constant;
mod consteval;
mod convert;
mod decl;
mod declarator;
mod expr;
mod init;
mod library;
mod operator;
mod stmt;
mod tag;

use crate::diag::{Diagnostic, DiagnosticKind, UnsupportedKind};
use crate::ir::{
    Expr, Function, FunctionId, Global, GlobalId, GlobalKind, Program, Property, PropertyId,
    PropertyKind, StmtKind, StubbedIo, Terminator,
};
use crate::source::{Loc, SourceMap, Span};
use crate::types::{DataModel, LocalId, TypeId, TypeTable};
use builder::FnBuilder;
use lang_c::ast;
use lang_c::span::Node;
use rustc_hash::{FxHashMap, FxHashSet};

/// What an ordinary identifier stands for.
#[derive(Clone, Debug)]
pub(crate) enum Symbol {
    Local(LocalId),
    Global(GlobalId),
    Function(FunctionId),
    EnumConstant(i128),
    Typedef(TypeId),
}

/// A struct, union or enum tag.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Tag {
    Composite(TypeId),
    /// An enumeration and its underlying integer type.
    Enum(TypeId),
}

/// Targets of `break` and `continue`, innermost last.
struct JumpTargets {
    break_to: crate::ir::BlockId,
    continue_to: Option<crate::ir::BlockId>,
}

/// The `switch` being lowered: its case blocks, in order of appearance.
struct SwitchContext {
    ty: TypeId,
    cases: Vec<(u128, crate::ir::BlockId)>,
    default: Option<crate::ir::BlockId>,
    seen: FxHashSet<u128>,
}

pub(crate) struct Lowerer<'a> {
    pub(crate) types: TypeTable,
    sources: &'a SourceMap,
    /// The parsed text (for the wording of assertions).
    text: &'a str,
    /// Offsets of `struct` keywords whose attribute said `packed`.
    packed_structs: &'a [(usize, u64)],
    diagnostics: Vec<Diagnostic>,
    scopes: Vec<FxHashMap<String, Symbol>>,
    tag_scopes: Vec<FxHashMap<String, Tag>>,
    globals: Vec<Global>,
    functions: Vec<Function>,
    function_index: FxHashMap<String, FunctionId>,
    /// Functions with a body somewhere in the file (decides which library
    /// names the program itself defines).
    defined_functions: FxHashSet<String>,
    /// Functions declared only implicitly so far (by a call).
    implicitly_declared: FxHashSet<FunctionId>,
    properties: Vec<Property>,
    property_counts: FxHashMap<(FunctionId, PropertyKind), u32>,
    string_literals: FxHashMap<(Vec<u8>, TypeId), GlobalId>,
    /// The function being lowered and its builder.
    current: Option<(FunctionId, FnBuilder)>,
    /// Builder of the initialiser function, while a global initialiser is lowered.
    init: Option<FnBuilder>,
    init_id: FunctionId,
    jump_targets: Vec<JumpTargets>,
    switches: Vec<SwitchContext>,
    labels: FxHashMap<String, (crate::ir::BlockId, bool, Span)>,
    anonymous_tags: u32,
    /// Tentatively defined globals awaiting an initialiser, by name.
    global_index: FxHashMap<String, GlobalId>,
    /// Static locals get unique global names.
    static_local_count: FxHashMap<String, u32>,
    /// Globals whose initialisers the second pass has lowered.
    initialised: FxHashSet<GlobalId>,
    /// The global each file-scope declarator declared in pass 1, by its offset.
    pass_one_globals: FxHashMap<usize, GlobalId>,
    /// Functions whose definition pass 1 has seen.
    has_definition: FxHashSet<FunctionId>,
    /// Depth of parameter lists being read (array sizes there do not matter).
    in_parameters: u32,
    /// Depth of integer constant expressions being evaluated: there a
    /// signed operation that overflows still folds (wrapping), since the
    /// value must be a constant; elsewhere it stays an operation, so that
    /// the overflow check sees it.
    pub(crate) in_constant: u32,
    /// Calls of the C library's I/O functions lowered as stubs.
    stubbed_io: Vec<StubbedIo>,
}

/// Lowers a parsed translation unit. Returns the program unless a fatal
/// diagnostic was found (unsupported constructs are not fatal).
pub fn lower(
    unit: &ast::TranslationUnit,
    text: &str,
    packed_structs: &[(usize, u64)],
    sources: SourceMap,
    model: DataModel,
) -> (Option<Program>, Vec<Diagnostic>, SourceMap) {
    let mut lowerer = Lowerer::new(&sources, text, packed_structs, model);
    lowerer.run(unit);
    let Lowerer {
        types,
        mut diagnostics,
        globals,
        mut functions,
        properties,
        function_index,
        init_id,
        stubbed_io,
        ..
    } = lowerer;
    diagnostics.sort_by_key(|d| (d.span.map(|s| (s.loc.file, s.loc.line, s.loc.col)), d.kind));
    diagnostics.dedup();
    if diagnostics.iter().any(Diagnostic::is_fatal) {
        return (None, diagnostics, sources);
    }
    let entry = function_index
        .get("main")
        .copied()
        .filter(|id| functions[id.index()].body.is_some());
    functions[init_id.index()].is_lore_library = true;
    let program = Program {
        model,
        types,
        globals,
        functions,
        properties,
        entry,
        init: init_id,
        sources: sources.clone(),
        stubbed_io,
    };
    debug_assert_eq!(program.verify(), Ok(()));
    if let Err(e) = program.verify() {
        diagnostics.push(Diagnostic::error(
            DiagnosticKind::Unsupported,
            format!("internal error: {e}"),
            None,
        ));
    }
    (Some(program), diagnostics, sources)
}

impl<'a> Lowerer<'a> {
    fn new(
        sources: &'a SourceMap,
        text: &'a str,
        packed_structs: &'a [(usize, u64)],
        model: DataModel,
    ) -> Lowerer<'a> {
        let mut types = TypeTable::new(model);
        let void_fn = types.intern(crate::types::TypeKind::Function(
            crate::types::FunctionType {
                ret: TypeTable::VOID,
                params: vec![],
                variadic: false,
                prototyped: true,
            },
        ));
        let init_fn = Function {
            name: "__lore_initialize".into(),
            ty: void_fn,
            loc: Loc::NONE,
            params: 0,
            locals: vec![],
            body: None,
            is_lore_library: true,
        };
        Lowerer {
            types,
            sources,
            text,
            packed_structs,
            diagnostics: Vec::new(),
            scopes: vec![FxHashMap::default()],
            tag_scopes: vec![FxHashMap::default()],
            globals: Vec::new(),
            functions: vec![init_fn],
            function_index: FxHashMap::default(),
            defined_functions: FxHashSet::default(),
            implicitly_declared: FxHashSet::default(),
            properties: Vec::new(),
            property_counts: FxHashMap::default(),
            string_literals: FxHashMap::default(),
            current: None,
            init: Some(FnBuilder::new()),
            init_id: FunctionId(0),
            jump_targets: Vec::new(),
            switches: Vec::new(),
            labels: FxHashMap::default(),
            anonymous_tags: 0,
            global_index: FxHashMap::default(),
            static_local_count: FxHashMap::default(),
            initialised: FxHashSet::default(),
            pass_one_globals: FxHashMap::default(),
            has_definition: FxHashSet::default(),
            stubbed_io: Vec::new(),
            in_parameters: 0,
            in_constant: 0,
        }
    }

    fn run(&mut self, unit: &ast::TranslationUnit) {
        for ext in &unit.0 {
            if let ast::ExternalDeclaration::FunctionDefinition(def) = &ext.node {
                if let Some(name) = declarator::declarator_name(&def.node.declarator.node) {
                    self.defined_functions.insert(name);
                }
            }
        }
        // Pass 1: file-scope names and types.
        for ext in &unit.0 {
            match &ext.node {
                ast::ExternalDeclaration::Declaration(d) => self.declare_file_scope(d, false),
                ast::ExternalDeclaration::FunctionDefinition(def) => {
                    self.declare_function_definition(def)
                }
                ast::ExternalDeclaration::StaticAssert(sa) => self.static_assert(sa),
            }
        }
        // Pass 2: bodies and initialisers, in order.
        for ext in &unit.0 {
            match &ext.node {
                ast::ExternalDeclaration::Declaration(d) => self.declare_file_scope(d, true),
                ast::ExternalDeclaration::FunctionDefinition(def) => {
                    self.lower_function_definition(def)
                }
                ast::ExternalDeclaration::StaticAssert(_) => {}
            }
        }
        self.check_object_sizes();
        // The initialiser function.
        let init = self.init.take().expect("init builder present");
        let (locals, body) = init.finish(Terminator::Return(None), Loc::NONE);
        let f = &mut self.functions[self.init_id.index()];
        f.locals = locals;
        f.body = Some(body);
    }

    /// Every object defined with static storage has a complete type by
    /// the end of the file (C11 6.9.2p3; gcc: "storage size isn't known").
    /// An array of unknown size is the exception: it gets one element.
    fn check_object_sizes(&mut self) {
        let mut problems = Vec::new();
        for g in &self.globals {
            let defined = matches!(g.kind, GlobalKind::Variable | GlobalKind::StaticLocal);
            let open_array = matches!(
                self.types.kind(g.ty),
                crate::types::TypeKind::Array(_, crate::types::ArrayLen::Incomplete)
            );
            if defined && !open_array && self.types.size_of(g.ty).is_none() {
                problems.push((g.name.clone(), self.types.display(g.ty), g.loc));
            }
        }
        for (name, ty, loc) in problems {
            let span = Span {
                loc,
                len: name.len() as u32,
            };
            self.error(
                DiagnosticKind::Type,
                format!("`{name}` is defined with type `{ty}`, which is never completed: its size is not known"),
                span,
            );
        }
    }

    // ----- diagnostics -----

    pub(crate) fn span<T>(&self, node: &Node<T>) -> Span {
        self.sources.span_of(node.span.start, node.span.end)
    }

    pub(crate) fn loc<T>(&self, node: &Node<T>) -> Loc {
        self.sources.loc_of_offset(node.span.start)
    }

    pub(crate) fn error(&mut self, kind: DiagnosticKind, message: impl Into<String>, span: Span) {
        self.diagnostics
            .push(Diagnostic::error(kind, message, Some(span)));
    }

    pub(crate) fn warn(&mut self, message: impl Into<String>, span: Span) {
        self.diagnostics.push(Diagnostic::warning(
            DiagnosticKind::Note,
            message,
            Some(span),
        ));
    }

    /// Records an unsupported construct: a diagnostic, and a statement that
    /// makes every path through it UNKNOWN.
    pub(crate) fn unsupported(&mut self, kind: UnsupportedKind, detail: &str, span: Span) {
        let what = if detail.is_empty() {
            kind.name().to_string()
        } else {
            format!("{}: {detail}", kind.name())
        };
        self.diagnostics.push(
            Diagnostic::error(
                DiagnosticKind::Unsupported,
                format!("unsupported construct: {what}"),
                Some(span),
            )
            .with_label(kind.name())
            .with_help("Lore keeps going; any verdict that depends on this code is UNKNOWN"),
        );
        if self.current.is_some() || self.init.is_some() {
            self.emit(StmtKind::Unsupported { what }, span.loc);
        }
    }

    // ----- scopes -----

    pub(crate) fn enter_scope(&mut self) {
        self.scopes.push(FxHashMap::default());
        self.tag_scopes.push(FxHashMap::default());
    }

    pub(crate) fn leave_scope(&mut self) {
        self.scopes.pop();
        self.tag_scopes.pop();
    }

    pub(crate) fn lookup(&self, name: &str) -> Option<&Symbol> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub(crate) fn bind(&mut self, name: String, symbol: Symbol) {
        self.scopes
            .last_mut()
            .expect("a scope")
            .insert(name, symbol);
    }

    pub(crate) fn bind_global_scope(&mut self, name: String, symbol: Symbol) {
        self.scopes[0].insert(name, symbol);
    }

    pub(crate) fn lookup_tag(&self, name: &str) -> Option<Tag> {
        self.tag_scopes
            .iter()
            .rev()
            .find_map(|s| s.get(name).copied())
    }

    pub(crate) fn lookup_tag_innermost(&self, name: &str) -> Option<Tag> {
        self.tag_scopes.last().and_then(|s| s.get(name).copied())
    }

    pub(crate) fn bind_tag(&mut self, name: String, tag: Tag) {
        self.tag_scopes
            .last_mut()
            .expect("a scope")
            .insert(name, tag);
    }

    pub(crate) fn at_file_scope(&self) -> bool {
        self.current.is_none()
    }

    // ----- building -----

    /// The builder that receives statements: the current function's, or the
    /// initialiser function's while a global initialiser is lowered.
    pub(crate) fn builder(&mut self) -> &mut FnBuilder {
        match &mut self.current {
            Some((_, b)) => b,
            None => self.init.as_mut().expect("a builder is active"),
        }
    }

    pub(crate) fn current_function(&self) -> FunctionId {
        self.current.as_ref().map_or(self.init_id, |(f, _)| *f)
    }

    pub(crate) fn emit(&mut self, kind: StmtKind, loc: Loc) {
        self.builder().push(kind, loc);
    }

    pub(crate) fn new_temp(&mut self, ty: TypeId, loc: Loc) -> LocalId {
        self.builder().add_temp(ty, loc)
    }

    pub(crate) fn local_type(&self, id: LocalId) -> TypeId {
        match &self.current {
            Some((_, b)) => b.locals[id.0 as usize].ty,
            None => self.init.as_ref().expect("builder").locals[id.0 as usize].ty,
        }
    }

    pub(crate) fn add_global(
        &mut self,
        name: String,
        ty: TypeId,
        loc: Loc,
        kind: GlobalKind,
    ) -> GlobalId {
        let id = GlobalId(self.globals.len() as u32);
        self.globals.push(Global {
            name,
            ty,
            loc,
            kind,
            bytes: None,
        });
        id
    }

    pub(crate) fn new_property(
        &mut self,
        kind: PropertyKind,
        loc: Loc,
        description: String,
    ) -> PropertyId {
        let function = self.current_function();
        let count = self.property_counts.entry((function, kind)).or_insert(0);
        *count += 1;
        let name = format!(
            "{}.{}.{}",
            self.functions[function.index()].name,
            kind.name(),
            count
        );
        let id = PropertyId(self.properties.len() as u32);
        self.properties.push(Property {
            name,
            kind,
            function,
            loc,
            description,
        });
        id
    }

    /// Lowers an expression only for its type: the code it would emit is dropped.
    pub(crate) fn type_of_expr(&mut self, e: &Node<ast::Expression>) -> TypeId {
        let diagnostics = self.diagnostics.len();
        let cp = self.scratch_checkpoint();
        let lowered = self.lower_expr_unconverted(e);
        self.scratch_rollback(cp);
        self.diagnostics.truncate(diagnostics);
        lowered.map_or(TypeTable::INT, |e| e.ty)
    }

    /// Everything lowering may add that a scratch lowering must take back.
    pub(crate) fn scratch_checkpoint(&mut self) -> ScratchCheckpoint {
        ScratchCheckpoint {
            builder: self.builder().checkpoint(),
            properties: self.properties.len(),
            property_counts: self.property_counts.clone(),
            globals: self.globals.len(),
        }
    }

    pub(crate) fn scratch_rollback(&mut self, cp: ScratchCheckpoint) {
        self.builder().rollback(cp.builder);
        self.properties.truncate(cp.properties);
        self.property_counts = cp.property_counts;
        if self.globals.len() > cp.globals {
            self.globals.truncate(cp.globals);
            self.string_literals.retain(|_, g| g.index() < cp.globals);
        }
    }

    /// The name of an identifier as the user wrote it (`$` restored).
    pub(crate) fn ident_name(name: &str) -> String {
        if name.contains(crate::preprocess::DOLLAR) {
            name.replace(crate::preprocess::DOLLAR, "$")
        } else {
            name.to_string()
        }
    }

    pub(crate) fn is_defined_in_program(&self, name: &str) -> bool {
        self.defined_functions.contains(name)
    }
}

pub(crate) struct ScratchCheckpoint {
    builder: builder::Checkpoint,
    properties: usize,
    property_counts: FxHashMap<(FunctionId, PropertyKind), u32>,
    globals: usize,
}

/// A lowered expression, or `None` after an error was reported.
pub(crate) type Lowered = Option<Expr>;
