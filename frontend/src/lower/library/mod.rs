//! The functions Lore knows by name: the verification conventions (SV-COMP,
//! CBMC, the paper), program exit, memory allocation and block operations,
//! string functions, floating-point classification, compiler builtins, and
//! input and output whose effect on a verdict is known.
//!
//! [`Lowerer::lower_known_call`] tries each family in turn; a name no family
//! knows (or a library name the program defines itself) is an ordinary call.

mod ctype;
mod math;
pub(crate) mod printf;

use super::constant::{float_const, string_literal_bytes};
use super::expr::{has_side_effects, Value};
use super::{Lowerer, Symbol};
use crate::diag::{DiagnosticKind, UnsupportedKind};
use crate::ir::{
    AllocKind, BinaryOp, Expr, ExprKind, FloatTest, HaltKind, MemoryOp, Place, PropertyKind,
    StmtKind, StringOp, StubbedIo, Terminator, UnaryOp,
};
use crate::source::Span;
use crate::types::{FloatKind, IntKind, TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

/// What lowering a call by name gave.
pub(crate) enum KnownCall {
    /// Not a name Lore knows, or one the program defines: an ordinary call.
    Ordinary,
    /// The call's value (`void` for the functions that return none).
    Lowered(Value),
    /// An error was reported.
    Failed,
}

impl From<Option<Value>> for KnownCall {
    fn from(value: Option<Value>) -> KnownCall {
        value.map_or(KnownCall::Failed, KnownCall::Lowered)
    }
}

/// Output functions: the arguments are evaluated, the result is unknown.
const OUTPUT_FUNCTIONS: &[&str] = &[
    "printf", "fprintf", "puts", "fputs", "putchar", "putc", "fputc", "fflush", "perror",
    "vprintf", "vfprintf",
];

/// Input functions returning one unknown character or EOF.
const CHAR_INPUT_FUNCTIONS: &[&str] = &["getchar", "getc", "fgetc"];

/// A call's arguments and where it is.
#[derive(Clone, Copy)]
struct Call<'c> {
    name: &'c str,
    args: &'c [Node<ast::Expression>],
    span: Span,
    /// The caller uses the call's value.
    want_value: bool,
    /// The program defines a function of this name (library names then
    /// mean the program's function; the verification conventions do not).
    defined: bool,
}

/// The `void` value of a call that returns none.
fn void() -> Option<Value> {
    Some(Value::RValue(Expr::int(0, TypeTable::VOID)))
}

impl Lowerer<'_> {
    /// Calls of names with a meaning Lore knows.
    pub(crate) fn lower_known_call(
        &mut self,
        name: &str,
        args: &[Node<ast::Expression>],
        span: Span,
        want_value: bool,
    ) -> KnownCall {
        let call = Call {
            name,
            args,
            span,
            want_value,
            defined: self.is_defined_in_program(name),
        };
        let families: [fn(&mut Self, Call<'_>) -> KnownCall; 7] = [
            Self::lower_verification_call,
            Self::lower_exit_call,
            Self::lower_memory_library_call,
            Self::lower_builtin_call,
            Self::lower_math_call,
            Self::lower_ctype_call,
            Self::lower_io_call,
        ];
        for family in families {
            match family(self, call) {
                KnownCall::Ordinary => {}
                known => return known,
            }
        }
        KnownCall::Ordinary
    }

    // ----- verification conventions -----

    /// Nondeterministic values, assumptions and assertions.
    fn lower_verification_call(&mut self, call: Call<'_>) -> KnownCall {
        let Call { name, args, .. } = call;
        let defined = call.defined;
        match name {
            _ if name.starts_with("__VERIFIER_nondet_") => {
                self.lower_nondet_call(call, "__VERIFIER_nondet_")
            }
            _ if name.starts_with("nondet_") && !defined => self.lower_nondet_call(call, "nondet_"),
            "__VERIFIER_assume" | "__CPROVER_assume" => self.lower_assume_call(call),
            "assume_abort_if_not" if !defined => self.lower_assume_call(call),
            "reach_error" | "__VERIFIER_error" => {
                self.lower_args_discard(args);
                self.assert_statement(
                    Expr::bool(false),
                    PropertyKind::ReachError,
                    format!("{name}() is called"),
                    call.span,
                );
                self.builder()
                    .terminate(Terminator::Halt(HaltKind::AfterError), call.span.loc);
                void()
            }
            "__VERIFIER_assert" if !defined => self.lower_assert_call(call, |_, text| {
                (
                    PropertyKind::ReachError,
                    format!("__VERIFIER_assert({text})"),
                )
            }),
            "assert" | "__CPROVER_assert" if !defined => {
                self.lower_assert_call(call, |args, text| {
                    let description = match args.get(1).map(|a| &a.node) {
                        Some(ast::Expression::StringLiteral(s)) => {
                            String::from_utf8_lossy(&string_literal_bytes(&s.node).0).into_owned()
                        }
                        _ => format!("assertion {text}"),
                    };
                    (PropertyKind::UserAssertion, description)
                })
            }
            "__lore_invariant" if !defined => self.lower_assert_call(call, |_, text| {
                (PropertyKind::Invariant, format!("loop invariant {text}"))
            }),
            "_Learn_assert" => self.lower_assert_call(call, |_, text| {
                (
                    PropertyKind::LearnAssertion,
                    format!("_Learn_assert({text})"),
                )
            }),
            "__assert_fail" | "__assert_rtn" | "__assert" | "__assert_perror_fail" => {
                self.lower_assert_fail(call)
            }
            _ => return KnownCall::Ordinary,
        }
        .into()
    }

    fn lower_nondet_call(&mut self, call: Call<'_>, prefix: &str) -> Option<Value> {
        self.lower_args_discard(call.args);
        let ty = self.nondet_return_type(call.name, prefix);
        self.nondet_value(ty, call.span, call.want_value)
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
        self.nondet_type_by_name(&name[prefix.len()..])
    }

    /// The type a CBMC-style `nondet_<name>()` returns when it is not declared.
    fn nondet_type_by_name(&mut self, suffix: &str) -> TypeId {
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
            "ulong" | "unsigned_long" | "sector_t" => IntKind::ULong,
            "size_t" => return self.types.size_t(),
            "longlong" | "long_long" | "loff_t" => IntKind::LongLong,
            "ulonglong" | "unsigned_long_long" => IntKind::ULongLong,
            "int128" => IntKind::Int128,
            "uint128" => IntKind::UInt128,
            "float" => return self.types.float(FloatKind::Float),
            "double" => return self.types.float(FloatKind::Double),
            "pointer" | "ptr" => return self.types.pointer_to(TypeTable::VOID),
            "pchar" => return self.types.pointer_to(TypeTable::CHAR),
            _ => IntKind::Int,
        };
        self.types.int(kind)
    }

    /// A fresh unknown value of type `ty` (nothing when it is not wanted).
    fn nondet_value(&mut self, ty: TypeId, span: Span, want_value: bool) -> Option<Value> {
        if ty == TypeTable::VOID || !want_value {
            return void();
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

    fn lower_assume_call(&mut self, call: Call<'_>) -> Option<Value> {
        if !self.arg_count(call, 1) {
            return None;
        }
        let cond = self.lower_cond(&call.args[0])?;
        self.emit(StmtKind::Assume { cond }, call.span.loc);
        void()
    }

    /// An assertion of its first argument; `describe` gives the property's
    /// kind and description from the arguments and the condition's text.
    fn lower_assert_call(
        &mut self,
        call: Call<'_>,
        describe: impl FnOnce(&[Node<ast::Expression>], &str) -> (PropertyKind, String),
    ) -> Option<Value> {
        if !self.arg_count(call, 1) {
            return None;
        }
        let text = self.condition_text(&call.args[0]);
        let cond = self.lower_cond(&call.args[0])?;
        let (kind, description) = describe(call.args, &text);
        self.assert_statement(cond, kind, description, call.span);
        void()
    }

    /// glibc's and other libraries' failed-assertion functions: an assertion
    /// that fails, and the end of the path.
    fn lower_assert_fail(&mut self, call: Call<'_>) -> Option<Value> {
        let text = match call.args.first().map(|a| &a.node) {
            Some(ast::Expression::StringLiteral(s)) => {
                String::from_utf8_lossy(&string_literal_bytes(&s.node).0).into_owned()
            }
            _ => "assertion".into(),
        };
        // The arguments are the message, file, line and function: constants.
        let effects: Vec<_> = call
            .args
            .iter()
            .filter(|a| has_side_effects(&a.node))
            .cloned()
            .collect();
        self.lower_args_discard(&effects);
        self.assert_statement(
            Expr::bool(false),
            PropertyKind::UserAssertion,
            format!("assertion {text}"),
            call.span,
        );
        self.builder()
            .terminate(Terminator::Halt(HaltKind::AfterError), call.span.loc);
        void()
    }

    /// The description of an assertion: its condition as written.
    fn condition_text(&self, e: &Node<ast::Expression>) -> String {
        let text = self.text.get(e.span.start..e.span.end).unwrap_or("").trim();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
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

    // ----- the end of an execution -----

    /// `abort`, `exit` and `__builtin_unreachable`.
    fn lower_exit_call(&mut self, call: Call<'_>) -> KnownCall {
        let loc = call.span.loc;
        let halt = match call.name {
            "abort" | "__builtin_abort" | "__builtin_trap" => HaltKind::Abort,
            "exit" | "_Exit" | "_exit" => HaltKind::Exit,
            "__builtin_unreachable" => {
                self.emit(
                    StmtKind::Assume {
                        cond: Expr::bool(false),
                    },
                    loc,
                );
                return void().into();
            }
            _ => return KnownCall::Ordinary,
        };
        self.lower_args_discard(call.args);
        self.builder().terminate(Terminator::Halt(halt), loc);
        void().into()
    }

    // ----- memory -----

    /// Allocation, `free`, block operations and the string functions.
    fn lower_memory_library_call(&mut self, call: Call<'_>) -> KnownCall {
        if call.defined {
            return KnownCall::Ordinary;
        }
        match call.name {
            "malloc" | "calloc" | "realloc" | "alloca" | "__builtin_alloca"
            | "__builtin_malloc" => self.lower_allocation(call),
            "free" | "__builtin_free" => self.lower_free(call),
            "memset" | "memcpy" | "memmove" | "__builtin_memset" | "__builtin_memcpy"
            | "__builtin_memmove" => self.lower_memory_call(call),
            "strlen" | "strcmp" | "strcpy" | "strchr" | "strrchr" | "memchr" | "memcmp"
            | "strncmp" | "__builtin_strlen" | "__builtin_strcmp" | "__builtin_strcpy"
            | "__builtin_strchr" | "__builtin_strrchr" | "__builtin_memchr"
            | "__builtin_memcmp" | "__builtin_strncmp" => self.lower_string_call(call),
            _ => return KnownCall::Ordinary,
        }
        .into()
    }

    fn lower_allocation(&mut self, call: Call<'_>) -> Option<Value> {
        let Call {
            name, args, span, ..
        } = call;
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
                Some(prev) => self.mk_binary(BinaryOp::Mul, prev, v, size_t),
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

    fn lower_free(&mut self, call: Call<'_>) -> Option<Value> {
        if !self.arg_count(call, 1) {
            return None;
        }
        let p = self.lower_expr(&call.args[0])?;
        let void_ptr = self.types.pointer_to(TypeTable::VOID);
        let aspan = self.span(&call.args[0]);
        let p = self.convert(p, void_ptr, aspan);
        self.emit(StmtKind::Free { ptr: p }, call.span.loc);
        void()
    }

    /// `memset(d, c, n)`, `memcpy(d, s, n)`, `memmove(d, s, n)`: they return `d`.
    fn lower_memory_call(&mut self, call: Call<'_>) -> Option<Value> {
        if !self.arg_count(call, 3) {
            return None;
        }
        let is_set = call.name.ends_with("memset");
        let void_ptr = self.types.pointer_to(TypeTable::VOID);
        let size_t = self.types.size_t();
        let mut lowered = Vec::new();
        for (i, a) in call.args[..3].iter().enumerate() {
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
        self.emit(StmtKind::Memory { op, args: lowered }, call.span.loc);
        Some(Value::RValue(dest))
    }

    /// `strlen(s)`, `strcmp(a, b)`, `strcpy(d, s)`, `strchr(s, c)`,
    /// `strrchr(s, c)`, `memchr(s, c, n)`, `memcmp(a, b, n)`,
    /// `strncmp(a, b, n)`: one `String` statement; a result goes to a
    /// temporary (strcpy returns `d`).
    fn lower_string_call(&mut self, call: Call<'_>) -> Option<Value> {
        let base = call.name.strip_prefix("__builtin_").unwrap_or(call.name);
        let char_ptr = self.types.pointer_to(TypeTable::CHAR);
        let void_ptr = self.types.pointer_to(TypeTable::VOID);
        let size_t = self.types.size_t();
        let (op, params, result): (_, Vec<TypeId>, _) = match base {
            "strlen" => (StringOp::Length, vec![char_ptr], Some(size_t)),
            "strcmp" => (StringOp::Compare, vec![char_ptr; 2], Some(TypeTable::INT)),
            "strchr" => (
                StringOp::Find,
                vec![char_ptr, TypeTable::INT],
                Some(char_ptr),
            ),
            "strrchr" => (
                StringOp::FindLast,
                vec![char_ptr, TypeTable::INT],
                Some(char_ptr),
            ),
            "memchr" => (
                StringOp::MemFind,
                vec![void_ptr, TypeTable::INT, size_t],
                Some(void_ptr),
            ),
            "memcmp" => (
                StringOp::MemCompare,
                vec![void_ptr, void_ptr, size_t],
                Some(TypeTable::INT),
            ),
            "strncmp" => (
                StringOp::CompareN,
                vec![char_ptr, char_ptr, size_t],
                Some(TypeTable::INT),
            ),
            _ => (StringOp::Copy, vec![char_ptr; 2], None),
        };
        if !self.arg_count(call, params.len()) {
            return None;
        }
        let mut lowered = Vec::new();
        for (a, &ty) in call.args.iter().zip(&params) {
            let v = self.lower_expr(a)?;
            let aspan = self.span(a);
            lowered.push(self.convert(v, ty, aspan));
        }
        let loc = call.span.loc;
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

    // ----- compiler builtins -----

    /// `__builtin_expect`, `__builtin_constant_p` and the variadic-argument
    /// builtins (unsupported).
    fn lower_builtin_call(&mut self, call: Call<'_>) -> KnownCall {
        let Call {
            name, args, span, ..
        } = call;
        match name {
            "__builtin_expect" | "__builtin_expect_with_probability" => {
                if !self.arg_count(call, 1) {
                    return KnownCall::Failed;
                }
                let Some(v) = self.lower_expr(&args[0]) else {
                    return KnownCall::Failed;
                };
                for a in &args[1..] {
                    self.lower_discard(a);
                }
                let aspan = self.span(&args[0]);
                KnownCall::Lowered(Value::RValue(self.convert(v, TypeTable::LONG, aspan)))
            }
            "__builtin_constant_p" => {
                KnownCall::Lowered(Value::RValue(Expr::int(0, TypeTable::INT)))
            }
            "__builtin_va_start" | "__builtin_va_end" | "__builtin_va_copy"
            | "__builtin_va_arg" => {
                self.unsupported(UnsupportedKind::VariadicArguments, name, span);
                void().into()
            }
            _ => KnownCall::Ordinary,
        }
    }

    // ----- input and output -----

    /// Output (its result unknown), character input (a character or EOF)
    /// and `scanf` (its targets unknown).
    fn lower_io_call(&mut self, call: Call<'_>) -> KnownCall {
        if call.defined {
            return KnownCall::Ordinary;
        }
        let Call {
            name, args, span, ..
        } = call;
        if let Some(known) = self.lower_printf_through_harness(call) {
            return known;
        }
        if OUTPUT_FUNCTIONS.contains(&name)
            || CHAR_INPUT_FUNCTIONS.contains(&name)
            || matches!(name, "scanf" | "fscanf" | "sscanf")
        {
            let caller = self.functions[self.current_function().index()].name.clone();
            self.stubbed_io.push(StubbedIo {
                callee: name.to_string(),
                caller,
                loc: span.loc,
                through_harness: name == "printf" && printf::through_harness(args),
            });
        }
        match name {
            _ if OUTPUT_FUNCTIONS.contains(&name) => {
                self.lower_args_discard(args);
                self.nondet_value(TypeTable::INT, span, call.want_value)
            }
            _ if CHAR_INPUT_FUNCTIONS.contains(&name) => {
                self.lower_args_discard(args);
                self.lower_char_input(span)
            }
            "scanf" | "fscanf" | "sscanf" => self.lower_scanf(call),
            _ => return KnownCall::Ordinary,
        }
        .into()
    }

    /// An unknown `int` that is an `unsigned char` or EOF.
    fn lower_char_input(&mut self, span: Span) -> Option<Value> {
        let v = self.nondet_value(TypeTable::INT, span, true)?;
        if let Value::RValue(e) = &v {
            let lo = Expr::binary(
                BinaryOp::Ge,
                e.clone(),
                Expr::int((-1i32) as u32 as u128, TypeTable::INT),
                TypeTable::BOOL,
            );
            let hi = Expr::binary(
                BinaryOp::Le,
                e.clone(),
                Expr::int(255, TypeTable::INT),
                TypeTable::BOOL,
            );
            self.emit(
                StmtKind::Assume {
                    cond: Expr::binary(BinaryOp::And, lo, hi, TypeTable::BOOL),
                },
                span.loc,
            );
        }
        Some(v)
    }

    /// `scanf(format, ...)`, `fscanf(file, format, ...)`, `sscanf(s, format,
    /// ...)`: each scalar target gets an unknown value, and every byte of a
    /// string target's object from the pointer on.
    fn lower_scanf(&mut self, call: Call<'_>) -> Option<Value> {
        let first_target = if call.name == "scanf" { 1 } else { 2 };
        let loc = call.span.loc;
        for (i, a) in call.args.iter().enumerate() {
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
                    format!("argument of `{}` is not a pointer", call.name),
                    aspan,
                ),
            }
        }
        self.nondet_value(TypeTable::INT, call.span, call.want_value)
    }

    // ----- helpers -----

    /// Reports an error unless the call has at least `n` arguments.
    fn arg_count(&mut self, call: Call<'_>, n: usize) -> bool {
        if call.args.len() < n {
            self.error(
                DiagnosticKind::Type,
                format!("`{}` needs {n} argument(s)", call.name),
                call.span,
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
}
