//! Calls, and the functions Lore knows by name: the verification conventions
//! (SV-COMP, CBMC, the paper), memory allocation, program exit, and library
//! functions whose effect on a verdict is known.

use super::expr::float_const;
use super::expr::Value;
use super::{Lowerer, Symbol};
use crate::diag::{DiagnosticKind, UnsupportedKind};
use crate::ir::{
    AllocKind, BinaryOp, Callee, Expr, ExprKind, FloatTest, HaltKind, MemoryOp, Place,
    PropertyKind, StmtKind, StringOp, Terminator, UnaryOp,
};
use crate::source::Span;
use crate::types::{FloatKind, FunctionType, IntKind, TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

/// Output functions: the arguments are evaluated, the result is unknown.
const OUTPUT_FUNCTIONS: &[&str] = &[
    "printf", "fprintf", "puts", "fputs", "putchar", "putc", "fputc", "fflush", "perror",
    "vprintf", "vfprintf",
];

/// Input functions returning one unknown character or EOF.
const CHAR_INPUT_FUNCTIONS: &[&str] = &["getchar", "getc", "fgetc"];

/// The type a CBMC-style `nondet_<name>()` returns when it is not declared.
fn nondet_type_by_name(lowerer: &mut Lowerer<'_>, suffix: &str) -> TypeId {
    let kind = match suffix {
        "bool" | "_Bool" => return TypeTable::BOOL,
        "char" => IntKind::Char,
        "schar" => IntKind::SChar,
        "uchar" | "unsigned_char" => IntKind::UChar,
        "short" => IntKind::Short,
        "ushort" | "unsigned_short" => IntKind::UShort,
        "int" => IntKind::Int,
        "uint" | "unsigned" | "unsigned_int" | "u32" => IntKind::UInt,
        "long" => IntKind::Long,
        "ulong" | "unsigned_long" | "size_t" | "sector_t" => IntKind::ULong,
        "longlong" | "long_long" | "loff_t" => IntKind::LongLong,
        "ulonglong" | "unsigned_long_long" => IntKind::ULongLong,
        "int128" => IntKind::Int128,
        "uint128" => IntKind::UInt128,
        "float" => return lowerer.types.float(FloatKind::Float),
        "double" => return lowerer.types.float(FloatKind::Double),
        "pointer" | "ptr" => {
            let void = TypeTable::VOID;
            return lowerer.types.pointer_to(void);
        }
        "pchar" => {
            let c = TypeTable::CHAR;
            return lowerer.types.pointer_to(c);
        }
        _ => IntKind::Int,
    };
    if suffix == "size_t" {
        return lowerer.types.size_t();
    }
    lowerer.types.int(kind)
}

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
                if let Some(result) =
                    self.lower_known_call(&name, &call.node.arguments, span, want_value)
                {
                    return result;
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

    /// The description of an assertion: its condition as written.
    fn condition_text(&self, e: &Node<ast::Expression>) -> String {
        let text = self.text.get(e.span.start..e.span.end).unwrap_or("").trim();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The return type of a nondet function: declared, else from its name.
    fn nondet_return_type(&mut self, name: &str, prefix: &str) -> TypeId {
        if let Some(Symbol::Function(f)) = self.lookup(name).cloned() {
            if !self.implicitly_declared.contains(&f) {
                return self
                    .types
                    .function_type(self.functions[f.index()].ty)
                    .map_or(TypeTable::INT, |t| t.ret);
            }
        }
        nondet_type_by_name(self, &name[prefix.len()..])
    }

    fn nondet_value(&mut self, ty: TypeId, span: Span, want_value: bool) -> Option<Value> {
        if ty == TypeTable::VOID || !want_value {
            return Some(Value::RValue(Expr::int(0, TypeTable::VOID)));
        }
        let tmp = self.new_temp(ty, span.loc);
        self.emit(
            StmtKind::Nondet {
                place: Place::Local(tmp),
            },
            span.loc,
        );
        Some(Value::RValue(Expr::load(Place::Local(tmp), ty)))
    }

    fn arg_count(
        &mut self,
        name: &str,
        args: &[Node<ast::Expression>],
        n: usize,
        span: Span,
    ) -> bool {
        if args.len() < n {
            self.error(
                DiagnosticKind::Type,
                format!("`{name}` needs {n} argument(s)"),
                span,
            );
            return false;
        }
        true
    }

    fn lower_args_discard(&mut self, args: &[Node<ast::Expression>]) {
        for a in args {
            self.lower_discard(a);
        }
    }

    fn assert_statement(
        &mut self,
        cond: Expr,
        kind: PropertyKind,
        description: String,
        span: Span,
    ) {
        let property = self.new_property(kind, span.loc, description);
        self.emit(StmtKind::Assert { cond, property }, span.loc);
    }

    /// Calls of names with a meaning Lore knows. `None`: an ordinary call.
    fn lower_known_call(
        &mut self,
        name: &str,
        args: &[Node<ast::Expression>],
        span: Span,
        want_value: bool,
    ) -> Option<Option<Value>> {
        let defined = self.is_defined_in_program(name);
        let void = || Some(Some(Value::RValue(Expr::int(0, TypeTable::VOID))));
        let loc = span.loc;
        match name {
            _ if name.starts_with("__VERIFIER_nondet_") => {
                self.lower_args_discard(args);
                let ty = self.nondet_return_type(name, "__VERIFIER_nondet_");
                Some(self.nondet_value(ty, span, want_value))
            }
            _ if name.starts_with("nondet_") && !defined => {
                self.lower_args_discard(args);
                let ty = self.nondet_return_type(name, "nondet_");
                Some(self.nondet_value(ty, span, want_value))
            }
            "__VERIFIER_assume" | "__CPROVER_assume" => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let c = self.lower_cond(&args[0])?;
                self.emit(StmtKind::Assume { cond: c }, loc);
                void()
            }
            "assume_abort_if_not" if !defined => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let c = self.lower_cond(&args[0])?;
                self.emit(StmtKind::Assume { cond: c }, loc);
                void()
            }
            "reach_error" | "__VERIFIER_error" => {
                self.lower_args_discard(args);
                self.assert_statement(
                    Expr::bool(false),
                    PropertyKind::ReachError,
                    format!("{name}() is called"),
                    span,
                );
                self.builder()
                    .terminate(Terminator::Halt(HaltKind::AfterError), loc);
                void()
            }
            "__VERIFIER_assert" if !defined => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let text = self.condition_text(&args[0]);
                let c = self.lower_cond(&args[0])?;
                self.assert_statement(
                    c,
                    PropertyKind::ReachError,
                    format!("__VERIFIER_assert({text})"),
                    span,
                );
                void()
            }
            "assert" | "__CPROVER_assert" if !defined => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let text = self.condition_text(&args[0]);
                let c = self.lower_cond(&args[0])?;
                let description = match args.get(1).map(|a| &a.node) {
                    Some(ast::Expression::StringLiteral(s)) => {
                        String::from_utf8_lossy(&super::expr::string_literal_bytes(&s.node).0)
                            .into_owned()
                    }
                    _ => format!("assertion {text}"),
                };
                self.assert_statement(c, PropertyKind::UserAssertion, description, span);
                void()
            }
            "_Learn_assert" => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let text = self.condition_text(&args[0]);
                let c = self.lower_cond(&args[0])?;
                self.assert_statement(
                    c,
                    PropertyKind::LearnAssertion,
                    format!("_Learn_assert({text})"),
                    span,
                );
                void()
            }
            "__assert_fail" | "__assert_rtn" | "__assert" | "__assert_perror_fail" => {
                let text = match args.first().map(|a| &a.node) {
                    Some(ast::Expression::StringLiteral(s)) => {
                        String::from_utf8_lossy(&super::expr::string_literal_bytes(&s.node).0)
                            .into_owned()
                    }
                    _ => "assertion".into(),
                };
                // The arguments are the message, file, line and function: constants.
                let effects: Vec<_> = args
                    .iter()
                    .filter(|a| super::expr::has_side_effects(&a.node))
                    .cloned()
                    .collect();
                self.lower_args_discard(&effects);
                self.assert_statement(
                    Expr::bool(false),
                    PropertyKind::UserAssertion,
                    format!("assertion {text}"),
                    span,
                );
                self.builder()
                    .terminate(Terminator::Halt(HaltKind::AfterError), loc);
                void()
            }
            "abort" | "__builtin_abort" | "__builtin_trap" => {
                self.lower_args_discard(args);
                self.builder()
                    .terminate(Terminator::Halt(HaltKind::Abort), loc);
                void()
            }
            "exit" | "_Exit" | "_exit" => {
                self.lower_args_discard(args);
                self.builder()
                    .terminate(Terminator::Halt(HaltKind::Exit), loc);
                void()
            }
            "__builtin_unreachable" => {
                self.emit(
                    StmtKind::Assume {
                        cond: Expr::bool(false),
                    },
                    loc,
                );
                void()
            }
            "malloc" | "calloc" | "realloc" | "alloca" | "__builtin_alloca"
            | "__builtin_malloc"
                if !defined =>
            {
                Some(self.lower_allocation(name, args, span))
            }
            "free" | "__builtin_free" if !defined => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let p = self.lower_expr(&args[0])?;
                let void_ptr = self.types.pointer_to(TypeTable::VOID);
                let aspan = self.span(&args[0]);
                let p = self.convert(p, void_ptr, aspan);
                self.emit(StmtKind::Free { ptr: p }, loc);
                void()
            }
            "memset" | "memcpy" | "memmove" | "__builtin_memset" | "__builtin_memcpy"
            | "__builtin_memmove"
                if !defined =>
            {
                Some(self.lower_memory_call(name, args, span))
            }
            "strlen" | "strcmp" | "strcpy" | "__builtin_strlen" | "__builtin_strcmp"
            | "__builtin_strcpy"
                if !defined =>
            {
                Some(self.lower_string_call(name, args, span))
            }
            "__builtin_expect" | "__builtin_expect_with_probability" => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let v = self.lower_expr(&args[0])?;
                for a in &args[1..] {
                    self.lower_discard(a);
                }
                let long = TypeTable::LONG;
                let aspan = self.span(&args[0]);
                Some(Some(Value::RValue(self.convert(v, long, aspan))))
            }
            "__builtin_constant_p" => Some(Some(Value::RValue(Expr::int(0, TypeTable::INT)))),
            _ if float_test(name).is_some() && (name.starts_with("__") || !defined) => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let v = self.lower_float_arg(&args[0], None)?;
                let test = float_test(name).expect("matched");
                let e = Expr::new(
                    ExprKind::Unary(UnaryOp::FloatTest(test), Box::new(v)),
                    TypeTable::BOOL,
                );
                Some(Some(Value::RValue(self.convert(e, TypeTable::INT, span))))
            }
            "fabs" | "fabsf" | "__builtin_fabs" | "__builtin_fabsf" if !defined => {
                if !self.arg_count(name, args, 1, span) {
                    return Some(None);
                }
                let kind = if name.ends_with('f') {
                    FloatKind::Float
                } else {
                    FloatKind::Double
                };
                let v = self.lower_float_arg(&args[0], Some(kind))?;
                let ty = v.ty;
                Some(Some(Value::RValue(Expr::new(
                    ExprKind::Unary(UnaryOp::FloatAbs, Box::new(v)),
                    ty,
                ))))
            }
            "__builtin_fpclassify" => {
                // (FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
                if !self.arg_count(name, args, 6, span) {
                    return Some(None);
                }
                let mut results = Vec::new();
                for a in &args[..5] {
                    let v = self.lower_expr(a)?;
                    let aspan = self.span(a);
                    results.push(self.convert(v, TypeTable::INT, aspan));
                }
                let x = self.lower_float_arg(&args[5], None)?;
                let test = |t: FloatTest, x: &Expr| {
                    Expr::new(
                        ExprKind::Unary(UnaryOp::FloatTest(t), Box::new(x.clone())),
                        TypeTable::BOOL,
                    )
                };
                let zero = float_const(0.0, FloatKind::Double, self.types.float(FloatKind::Double));
                let zero = self.convert(zero, x.ty, span);
                let is_zero = Expr::binary(BinaryOp::Eq, x.clone(), zero, TypeTable::BOOL);
                let ite = |c: Expr, a: Expr, b: Expr| {
                    Expr::new(
                        ExprKind::Ite(Box::new(c), Box::new(a), Box::new(b)),
                        TypeTable::INT,
                    )
                };
                let tail = ite(is_zero, results[4].clone(), results[3].clone());
                let tail = ite(test(FloatTest::Normal, &x), results[2].clone(), tail);
                let tail = ite(test(FloatTest::Infinite, &x), results[1].clone(), tail);
                Some(Some(Value::RValue(ite(
                    test(FloatTest::Nan, &x),
                    results[0].clone(),
                    tail,
                ))))
            }
            "__builtin_inff"
            | "__builtin_inf"
            | "__builtin_huge_valf"
            | "__builtin_huge_val"
            | "__builtin_nanf"
            | "__builtin_nan" => {
                self.lower_args_discard(args);
                let kind = if name.ends_with('f') {
                    FloatKind::Float
                } else {
                    FloatKind::Double
                };
                let value = if name.contains("nan") {
                    f64::NAN
                } else {
                    f64::INFINITY
                };
                let ty = self.types.float(kind);
                Some(Some(Value::RValue(float_const(value, kind, ty))))
            }
            "__builtin_va_start" | "__builtin_va_end" | "__builtin_va_copy"
            | "__builtin_va_arg" => {
                self.unsupported(UnsupportedKind::VariadicArguments, name, span);
                void()
            }
            _ if OUTPUT_FUNCTIONS.contains(&name) && !defined => {
                self.lower_args_discard(args);
                Some(self.nondet_value(TypeTable::INT, span, want_value))
            }
            _ if CHAR_INPUT_FUNCTIONS.contains(&name) && !defined => {
                self.lower_args_discard(args);
                let v = self.nondet_value(TypeTable::INT, span, true)?;
                if let Value::RValue(e) = &v {
                    // A character as an unsigned char, or EOF.
                    let lo = Expr::binary(
                        crate::ir::BinaryOp::Ge,
                        e.clone(),
                        Expr::int((-1i32) as u32 as u128, TypeTable::INT),
                        TypeTable::BOOL,
                    );
                    let hi = Expr::binary(
                        crate::ir::BinaryOp::Le,
                        e.clone(),
                        Expr::int(255, TypeTable::INT),
                        TypeTable::BOOL,
                    );
                    self.emit(
                        StmtKind::Assume {
                            cond: Expr::binary(crate::ir::BinaryOp::And, lo, hi, TypeTable::BOOL),
                        },
                        loc,
                    );
                }
                Some(Some(v))
            }
            "scanf" | "fscanf" | "sscanf" if !defined => {
                let first_target = if name == "scanf" { 1 } else { 2 };
                for (i, a) in args.iter().enumerate() {
                    if i < first_target {
                        self.lower_discard(a);
                        continue;
                    }
                    let Some(p) = self.lower_expr(a) else {
                        continue;
                    };
                    let aspan = self.span(a);
                    match self.types.pointee(p.ty) {
                        Some(t)
                            if self.types.is_scalar(t)
                                && !matches!(
                                    self.types.kind(t),
                                    TypeKind::Int(IntKind::Char | IntKind::SChar | IntKind::UChar)
                                ) =>
                        {
                            self.emit(
                                StmtKind::Nondet {
                                    place: Place::Deref(Box::new(p)),
                                },
                                loc,
                            );
                        }
                        Some(_) => {
                            // A string (or an untyped target): the rest of the object is unknown.
                            let void_ptr = self.types.pointer_to(TypeTable::VOID);
                            let p = self.convert(p, void_ptr, aspan);
                            self.emit(
                                StmtKind::Memory {
                                    op: MemoryOp::Havoc,
                                    args: vec![p],
                                },
                                loc,
                            );
                        }
                        None => self.error(
                            DiagnosticKind::Type,
                            format!("argument of `{name}` is not a pointer"),
                            aspan,
                        ),
                    }
                }
                Some(self.nondet_value(TypeTable::INT, span, want_value))
            }
            _ => None,
        }
    }

    fn lower_allocation(
        &mut self,
        name: &str,
        args: &[Node<ast::Expression>],
        span: Span,
    ) -> Option<Value> {
        let loc = span.loc;
        let size_t = self.types.size_t();
        let void_ptr = self.types.pointer_to(TypeTable::VOID);
        let (kind, old, size_args): (
            AllocKind,
            Option<&Node<ast::Expression>>,
            &[Node<ast::Expression>],
        ) = match name {
            "calloc" => (AllocKind::Calloc, None, args),
            "realloc" => (
                AllocKind::Realloc,
                args.first(),
                args.get(1..).unwrap_or(&[]),
            ),
            "alloca" | "__builtin_alloca" => (AllocKind::Alloca, None, args),
            _ => (AllocKind::Malloc, None, args),
        };
        let needed = if kind == AllocKind::Calloc { 2 } else { 1 };
        if size_args.len() < needed {
            self.error(DiagnosticKind::Type, format!("`{name}` needs a size"), span);
            return None;
        }
        let old = match old {
            Some(o) => {
                let v = self.lower_expr(o)?;
                let ospan = self.span(o);
                Some(self.convert(v, void_ptr, ospan))
            }
            None => None,
        };
        let mut size = None;
        let mut elem_ty = None;
        for a in &size_args[..needed] {
            elem_ty = elem_ty.or_else(|| self.sizeof_operand_type(a));
            let v = self.lower_expr(a)?;
            let aspan = self.span(a);
            let v = self.convert(v, size_t, aspan);
            size = Some(match size {
                None => v,
                Some(prev) => self.mk_binary(crate::ir::BinaryOp::Mul, prev, v, size_t),
            });
        }
        let tmp = self.new_temp(void_ptr, loc);
        let elem_ty = elem_ty.unwrap_or(TypeTable::CHAR);
        self.emit(
            StmtKind::Allocate {
                dest: Place::Local(tmp),
                kind,
                size: size.expect("a size"),
                elem_ty,
                old,
            },
            loc,
        );
        Some(Value::RValue(Expr::load(Place::Local(tmp), void_ptr)))
    }

    /// `T` when the size is written `sizeof(T)`, `n * sizeof(T)` or `sizeof(T) * n`.
    fn sizeof_operand_type(&mut self, e: &Node<ast::Expression>) -> Option<TypeId> {
        match &e.node {
            ast::Expression::SizeOfTy(s) => {
                let diags = self.diagnostics.len();
                let t = self.lower_type_name(&s.node.0);
                self.diagnostics.truncate(diags);
                Some(t)
            }
            ast::Expression::BinaryOperator(b)
                if b.node.operator.node == ast::BinaryOperator::Multiply =>
            {
                self.sizeof_operand_type(&b.node.lhs)
                    .or_else(|| self.sizeof_operand_type(&b.node.rhs))
            }
            ast::Expression::Cast(c) => self.sizeof_operand_type(&c.node.expression),
            _ => None,
        }
    }

    fn lower_memory_call(
        &mut self,
        name: &str,
        args: &[Node<ast::Expression>],
        span: Span,
    ) -> Option<Value> {
        if !self.arg_count(name, args, 3, span) {
            return None;
        }
        let is_set = name.ends_with("memset");
        let void_ptr = self.types.pointer_to(TypeTable::VOID);
        let size_t = self.types.size_t();
        let mut lowered = Vec::new();
        for (i, a) in args[..3].iter().enumerate() {
            let v = self.lower_expr(a)?;
            let aspan = self.span(a);
            let target = match (i, is_set) {
                (0, _) | (1, false) => void_ptr,
                (1, true) => TypeTable::INT,
                _ => size_t,
            };
            lowered.push(self.convert(v, target, aspan));
        }
        let dest = lowered[0].clone();
        let op = if is_set {
            MemoryOp::Set
        } else {
            MemoryOp::Copy
        };
        self.emit(StmtKind::Memory { op, args: lowered }, span.loc);
        Some(Value::RValue(dest))
    }
}

impl Lowerer<'_> {
    /// `strlen(s)`, `strcmp(a, b)`, `strcpy(d, s)`: one `String` statement;
    /// strlen's and strcmp's results go to a temporary, strcpy returns `d`.
    fn lower_string_call(
        &mut self,
        name: &str,
        args: &[Node<ast::Expression>],
        span: Span,
    ) -> Option<Value> {
        let base = name.strip_prefix("__builtin_").unwrap_or(name);
        let (op, count, result) = match base {
            "strlen" => (StringOp::Length, 1, Some(self.types.size_t())),
            "strcmp" => (StringOp::Compare, 2, Some(TypeTable::INT)),
            _ => (StringOp::Copy, 2, None),
        };
        if !self.arg_count(name, args, count, span) {
            return None;
        }
        let char_ptr = self.types.pointer_to(TypeTable::CHAR);
        let mut lowered = Vec::new();
        for a in &args[..count] {
            let v = self.lower_expr(a)?;
            let aspan = self.span(a);
            lowered.push(self.convert(v, char_ptr, aspan));
        }
        let loc = span.loc;
        match result {
            Some(ty) => {
                let tmp = self.new_temp(ty, loc);
                self.emit(
                    StmtKind::String {
                        op,
                        dest: Some(Place::Local(tmp)),
                        args: lowered,
                    },
                    loc,
                );
                Some(Value::RValue(Expr::load(Place::Local(tmp), ty)))
            }
            None => {
                let d = lowered[0].clone();
                self.emit(
                    StmtKind::String {
                        op,
                        dest: None,
                        args: lowered,
                    },
                    loc,
                );
                Some(Value::RValue(d))
            }
        }
    }
}

/// The classification test a name stands for: the `<math.h>` macros'
/// builtins, glibc's functions behind them, and the names themselves when
/// the program does not define them.
fn float_test(name: &str) -> Option<FloatTest> {
    let base = name
        .strip_prefix("__builtin_")
        .or_else(|| name.strip_prefix("__"))
        .unwrap_or(name);
    Some(match base {
        "isnan" | "isnanf" | "isnanl" => FloatTest::Nan,
        "isinf" | "isinff" | "isinfl" => FloatTest::Infinite,
        "isfinite" | "finite" | "finitef" | "finitel" => FloatTest::Finite,
        "isnormal" => FloatTest::Normal,
        "signbit" | "signbitf" | "signbitl" => FloatTest::SignBit,
        _ => return None,
    })
}

impl Lowerer<'_> {
    /// A floating argument: converted to `kind` if given, else an integer
    /// argument becomes a double.
    fn lower_float_arg(
        &mut self,
        arg: &Node<ast::Expression>,
        kind: Option<FloatKind>,
    ) -> Option<Expr> {
        let v = self.lower_expr(arg)?;
        let span = self.span(arg);
        let target = match kind {
            Some(k) => Some(k),
            None if self.types.is_float(v.ty) => None,
            None => Some(FloatKind::Double),
        };
        Some(match target {
            Some(k) => {
                let ty = self.types.float(k);
                self.convert(v, ty, span)
            }
            None => v,
        })
    }
}
