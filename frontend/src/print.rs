//! The printed form of the IR: `lore show cfg` and `lore show loops`.
//!
//! The text is stable (the snapshot tests compare it) and reads like C with
//! explicit conversions, one statement per line, and the source line of each
//! statement on the right.

use crate::ir::{
    AllocKind, BinaryOp, Callee, Expr, ExprKind, Function, GlobalKind, HaltKind, MemoryOp, Place,
    Program, StmtKind, Terminator, UnaryOp,
};
use crate::source::Loc;
use crate::types::{ArrayLen, CompositeId, FloatKind, IntKind, TypeId, TypeKind};
use std::collections::BTreeSet;
use std::fmt::Write;

const LOC_COLUMN: usize = 56;

/// Prints the whole program, or only the named function.
pub fn program_to_string(program: &Program, only: Option<&str>) -> String {
    let mut out = String::new();
    let p = Printer { program };
    if only.is_none() {
        let _ = writeln!(out, "// data model {}", program.model.name());
        p.composites(&mut out);
        p.globals(&mut out);
    }
    for (i, f) in program.functions.iter().enumerate() {
        if only.is_some_and(|name| name != f.name) {
            continue;
        }
        let is_init = crate::ir::FunctionId(i as u32) == program.init;
        if is_init
            && f.body
                .as_ref()
                .is_some_and(|b| b.blocks.iter().all(|bl| bl.stmts.is_empty()))
            && only.is_none()
        {
            continue;
        }
        if f.body.is_none() && (f.is_lore_library || only.is_none() && !p.is_called(i)) {
            continue;
        }
        p.function(&mut out, f);
    }
    out
}

/// One line per loop: its name, kind, source line and header block.
pub fn loops_to_string(program: &Program) -> String {
    let mut out = String::new();
    let mut any = false;
    for f in &program.functions {
        let Some(body) = &f.body else { continue };
        for (i, l) in body.loops.iter().enumerate() {
            any = true;
            let name = format!("{}.{}", f.name, i);
            let _ = writeln!(
                out,
                "{name:<24} {:<9} {:<24} header bb{}",
                l.kind.name(),
                program.sources.short(l.loc).to_string(),
                l.header.0
            );
        }
    }
    if !any {
        out.push_str("no loops\n");
    }
    out
}

/// One block of a function as `lore show cfg` prints it.
#[derive(Clone, Debug)]
pub struct BlockText {
    /// Each statement and where it is.
    pub stmts: Vec<(String, Loc)>,
    pub term: String,
    pub term_loc: Loc,
    /// The blocks it may go to, each with the condition of going there
    /// (empty for an unconditional jump).
    pub successors: Vec<(usize, String)>,
}

/// The blocks of `f`'s body (none without a body), as `lore show cfg`
/// prints them, with the edges of the CFG.
pub fn blocks_text(program: &Program, f: &Function) -> Vec<BlockText> {
    let printer = Printer { program };
    let Some(body) = &f.body else {
        return Vec::new();
    };
    body.blocks
        .iter()
        .map(|b| {
            let successors = match &b.term {
                Terminator::Goto(t) => vec![(t.index(), String::new())],
                Terminator::Branch {
                    cond,
                    then_block,
                    else_block,
                } => {
                    let c = printer.expr(f, cond);
                    vec![
                        (then_block.index(), c.clone()),
                        (else_block.index(), format!("!({c})")),
                    ]
                }
                Terminator::Switch {
                    value,
                    cases,
                    default,
                } => cases
                    .iter()
                    .map(|(v, t)| {
                        (
                            t.index(),
                            format!("case {}", printer.int_value(*v, value.ty)),
                        )
                    })
                    .chain(std::iter::once((default.index(), "default".to_string())))
                    .collect(),
                _ => Vec::new(),
            };
            BlockText {
                stmts: b
                    .stmts
                    .iter()
                    .map(|s| (printer.stmt(f, &s.kind), s.loc))
                    .collect(),
                term: printer.terminator(f, &b.term),
                term_loc: b.term_loc,
                successors,
            }
        })
        .collect()
}

struct Printer<'a> {
    program: &'a Program,
}

impl Printer<'_> {
    fn types(&self) -> &crate::types::TypeTable {
        &self.program.types
    }

    fn is_called(&self, index: usize) -> bool {
        self.program.functions.iter().filter_map(|f| f.body.as_ref()).any(|b| {
            b.blocks.iter().any(|bl| {
                bl.stmts.iter().any(|s| matches!(&s.kind, StmtKind::Call { callee: Callee::Direct(id), .. } if id.index() == index))
            })
        })
    }

    fn composites(&self, out: &mut String) {
        let mut used = BTreeSet::new();
        let mut visit_types: Vec<TypeId> = Vec::new();
        for g in &self.program.globals {
            if !self.is_library(g.loc) {
                visit_types.push(g.ty);
            }
        }
        for f in self
            .program
            .functions
            .iter()
            .filter(|f| f.body.is_some() && !f.is_lore_library)
        {
            visit_types.push(f.ty);
            visit_types.extend(f.locals.iter().map(|l| l.ty));
        }
        while let Some(t) = visit_types.pop() {
            match self.types().kind(t) {
                TypeKind::Pointer(p) => visit_types.push(*p),
                TypeKind::Array(e, _) => visit_types.push(*e),
                TypeKind::Function(f) => {
                    visit_types.push(f.ret);
                    visit_types.extend(&f.params);
                }
                TypeKind::Struct(c) | TypeKind::Union(c) => {
                    if used.insert(*c) {
                        if let Some(fields) = &self.types().composite(*c).fields {
                            visit_types.extend(fields.iter().map(|f| f.ty));
                        }
                    }
                }
                _ => {}
            }
        }
        for c in used {
            self.composite(out, c);
        }
    }

    fn composite(&self, out: &mut String, c: CompositeId) {
        let comp = self.types().composite(c);
        let kw = if comp.is_union { "union" } else { "struct" };
        let Some(fields) = &comp.fields else {
            let _ = writeln!(out, "{kw} {};", comp.tag);
            return;
        };
        let _ = writeln!(
            out,
            "{kw} {} {{  // size {}, align {}",
            comp.tag, comp.size, comp.align
        );
        for f in fields {
            let name = if f.name.is_empty() {
                String::new()
            } else {
                f.name.clone()
            };
            let decl = self.types().display_decl(f.ty, &name);
            match f.bit_field {
                Some(b) => {
                    let _ = writeln!(
                        out,
                        "  {decl} : {};  // offset {} bit {}",
                        b.width, f.offset, b.bit_offset
                    );
                }
                None => {
                    let _ = writeln!(out, "  {decl};  // offset {}", f.offset);
                }
            }
        }
        out.push_str("};\n");
    }

    fn is_library(&self, loc: Loc) -> bool {
        !loc.is_none()
            && self
                .program
                .sources
                .file(loc.file)
                .is_some_and(|f| f.is_lore_library)
    }

    fn globals(&self, out: &mut String) {
        let mut any = false;
        for g in &self.program.globals {
            if self.is_library(g.loc) {
                continue;
            }
            any = true;
            let decl = self.types().display_decl(g.ty, &g.name);
            let line = match (g.kind, &g.bytes) {
                (GlobalKind::StringLiteral, Some(bytes)) => {
                    format!(
                        "const {decl} = {};",
                        quote_bytes(&bytes[..bytes.len().saturating_sub(1)])
                    )
                }
                (GlobalKind::External, _) => format!("extern {decl};"),
                (GlobalKind::StaticLocal, _) => format!("static {decl};"),
                _ => format!("{decl};"),
            };
            self.line_with_loc(out, &line, g.loc);
        }
        if any {
            out.push('\n');
        }
    }

    fn line_with_loc(&self, out: &mut String, text: &str, loc: Loc) {
        if loc.is_none() {
            let _ = writeln!(out, "{text}");
            return;
        }
        let shown = self.program.sources.short(loc).to_string();
        let width = text.chars().count();
        let pad = if width < LOC_COLUMN {
            LOC_COLUMN - width
        } else {
            2
        };
        let _ = writeln!(out, "{text}{:pad$}// {shown}", "");
    }

    fn function(&self, out: &mut String, f: &Function) {
        let fty = self
            .types()
            .function_type(f.ty)
            .expect("function type")
            .clone();
        let params: Vec<String> = (0..fty.params.len())
            .map(|i| match f.locals.get(i) {
                Some(l) if i < f.params => self.types().display_decl(l.ty, &l.name),
                _ => self.types().display(fty.params[i]),
            })
            .collect();
        let mut params = params;
        if fty.variadic {
            params.push("...".into());
        }
        if params.is_empty() && fty.prototyped {
            params.push("void".into());
        }
        let header = self
            .types()
            .display_decl(fty.ret, &format!("{}({})", f.name, params.join(", ")));
        let Some(body) = &f.body else {
            self.line_with_loc(out, &format!("{header};  /* no body */"), f.loc);
            out.push('\n');
            return;
        };
        self.line_with_loc(out, &header, f.loc);
        out.push_str("{\n");
        for l in &f.locals[f.params..] {
            let decl = format!("  {};", self.local_decl(f, l.ty, &l.name));
            self.line_with_loc(
                out,
                &decl,
                if l.kind == crate::ir::LocalKind::Temporary {
                    Loc::NONE
                } else {
                    l.loc
                },
            );
        }
        if f.locals.len() > f.params {
            out.push('\n');
        }
        for (i, block) in body.blocks.iter().enumerate() {
            let loops: Vec<String> = body
                .loops
                .iter()
                .enumerate()
                .filter(|(_, l)| l.header.index() == i)
                .map(|(n, l)| format!("{}.{} ({})", f.name, n, l.kind.name()))
                .collect();
            if loops.is_empty() {
                let _ = writeln!(out, " bb{i}:");
            } else {
                let _ = writeln!(out, " bb{i}:  // loop header of {}", loops.join(", "));
            }
            for s in &block.stmts {
                let text = format!("  {}", self.stmt(f, &s.kind));
                self.line_with_loc(out, &text, s.loc);
            }
            let term = self.terminator(f, &block.term);
            for (n, line) in term.lines().enumerate() {
                let text = format!("  {line}");
                if n == 0 {
                    self.line_with_loc(out, &text, block.term_loc);
                } else {
                    let _ = writeln!(out, "{text}");
                }
            }
        }
        out.push_str("}\n\n");
    }

    /// A declaration, with variable array lengths named by their locals.
    fn local_decl(&self, f: &Function, ty: TypeId, name: &str) -> String {
        let mut text = self.types().display_decl(ty, name);
        let mut t = ty;
        while let TypeKind::Array(elem, len) = self.types().kind(t) {
            if let ArrayLen::Variable(l) = len {
                text = text.replace(&format!("[${}]", l.0), &format!("[{}]", f.local(*l).name));
            }
            t = *elem;
        }
        text
    }

    fn stmt(&self, f: &Function, s: &StmtKind) -> String {
        match s {
            StmtKind::Assign { place, value } => {
                format!("{} = {};", self.place(f, place), self.expr(f, value))
            }
            StmtKind::Nondet { place } => format!("{} = nondet;", self.place(f, place)),
            StmtKind::Declare { local } => format!("declare {};", f.local(*local).name),
            StmtKind::Call { dest, callee, args } => {
                let callee = match callee {
                    Callee::Direct(id) => self.program.function(*id).name.clone(),
                    Callee::Indirect(e) => format!("(*{})", self.operand(f, e)),
                };
                let args: Vec<String> = args.iter().map(|a| self.expr(f, a)).collect();
                match dest {
                    Some(d) => format!("{} = {callee}({});", self.place(f, d), args.join(", ")),
                    None => format!("{callee}({});", args.join(", ")),
                }
            }
            StmtKind::Allocate {
                dest,
                kind,
                size,
                elem_ty,
                old,
            } => {
                let name = match kind {
                    AllocKind::Malloc => "malloc",
                    AllocKind::Calloc => "calloc",
                    AllocKind::Alloca => "alloca",
                    AllocKind::Realloc => "realloc",
                };
                let args = match old {
                    Some(o) => format!("{}, {}", self.expr(f, o), self.expr(f, size)),
                    None => self.expr(f, size),
                };
                format!(
                    "{} = {name}({args});  /* of {} */",
                    self.place(f, dest),
                    self.types().display(*elem_ty)
                )
            }
            StmtKind::Free { ptr } => format!("free({});", self.expr(f, ptr)),
            StmtKind::Assume { cond } => format!("assume({});", self.expr(f, cond)),
            StmtKind::Assert { cond, property } => {
                let p = self.program.property(*property);
                format!(
                    "assert({});  /* {}: {} */",
                    self.expr(f, cond),
                    p.name,
                    p.description
                )
            }
            StmtKind::Memory { op, args } => {
                let name = match op {
                    MemoryOp::Set => "memset",
                    MemoryOp::Copy => "memcpy",
                    MemoryOp::Havoc => "havoc_object_from",
                };
                let args: Vec<String> = args.iter().map(|a| self.expr(f, a)).collect();
                format!("{name}({});", args.join(", "))
            }
            StmtKind::String { op, dest, args } => {
                let args: Vec<String> = args.iter().map(|a| self.expr(f, a)).collect();
                let call = format!("{}({});", op.name(), args.join(", "));
                match dest {
                    Some(d) => format!("{} = {call}", self.place(f, d)),
                    None => call,
                }
            }
            StmtKind::Unsupported { what } => format!("unsupported({what:?});"),
        }
    }

    fn terminator(&self, f: &Function, t: &Terminator) -> String {
        match t {
            Terminator::Goto(b) => format!("goto bb{};", b.0),
            Terminator::Branch {
                cond,
                then_block,
                else_block,
            } => {
                format!(
                    "if ({}) goto bb{}; else goto bb{};",
                    self.expr(f, cond),
                    then_block.0,
                    else_block.0
                )
            }
            Terminator::Switch {
                value,
                cases,
                default,
            } => {
                let mut s = format!("switch ({}) {{", self.expr(f, value));
                for (v, b) in cases {
                    let _ = write!(
                        s,
                        "\n    case {}: goto bb{};",
                        self.int_value(*v, value.ty),
                        b.0
                    );
                }
                let _ = write!(s, "\n    default: goto bb{};\n  }}", default.0);
                s
            }
            Terminator::Return(Some(e)) => format!("return {};", self.expr(f, e)),
            Terminator::Return(None) => "return;".into(),
            Terminator::Halt(HaltKind::Abort) => "halt;  /* abort */".into(),
            Terminator::Halt(HaltKind::Exit) => "halt;  /* exit */".into(),
            Terminator::Halt(HaltKind::AfterError) => "halt;  /* after the error */".into(),
            Terminator::Unterminated => "/* unterminated */".into(),
        }
    }

    fn place(&self, f: &Function, p: &Place) -> String {
        match p {
            Place::Local(l) => f.local(*l).name.clone(),
            Place::Global(g) => self.program.global(*g).name.clone(),
            Place::Deref(e) => format!("*{}", self.operand(f, e)),
            Place::Field(base, i) => {
                let name = self.field_name(f, base, *i);
                // Members of anonymous members are named as C names them.
                if let Place::Field(outer, j) = &**base {
                    if self.field_name(f, outer, *j).starts_with('$') {
                        return match &**outer {
                            Place::Deref(e) => format!("{}->{name}", self.operand(f, e)),
                            _ => format!("{}.{name}", self.place(f, outer)),
                        };
                    }
                }
                match &**base {
                    Place::Deref(e) => format!("{}->{name}", self.operand(f, e)),
                    _ => format!("{}.{name}", self.place(f, base)),
                }
            }
            Place::Index(base, index) => {
                format!("{}[{}]", self.place_operand(f, base), self.expr(f, index))
            }
        }
    }

    fn place_operand(&self, f: &Function, p: &Place) -> String {
        match p {
            Place::Deref(_) => format!("({})", self.place(f, p)),
            _ => self.place(f, p),
        }
    }

    fn field_name(&self, f: &Function, base: &Place, i: usize) -> String {
        let ty = self.program.place_type(f, base);
        let name = self
            .types()
            .composite_id(ty)
            .and_then(|c| {
                self.types()
                    .composite(c)
                    .fields
                    .as_ref()
                    .map(|fs| fs[i].name.clone())
            })
            .unwrap_or_default();
        if name.is_empty() {
            format!("${i}")
        } else {
            name
        }
    }

    /// An expression as an operand: parenthesised unless atomic.
    fn operand(&self, f: &Function, e: &Expr) -> String {
        let s = self.expr(f, e);
        match &e.kind {
            ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Load(_)
            | ExprKind::FunctionAddr(_)
            | ExprKind::Zero => s,
            ExprKind::AddrOf(Place::Index(base, _)) if self.string_of(base).is_some() => s,
            _ => format!("({s})"),
        }
    }

    fn string_of(&self, p: &Place) -> Option<String> {
        let Place::Global(g) = p else { return None };
        let g = self.program.global(*g);
        match (&g.kind, &g.bytes) {
            (GlobalKind::StringLiteral, Some(b)) => {
                Some(quote_bytes(&b[..b.len().saturating_sub(1)]))
            }
            _ => None,
        }
    }

    fn expr(&self, f: &Function, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(v) => self.int_value(*v, e.ty),
            ExprKind::Float(bits) => float_text(*bits, self.types().kind(e.ty)),
            ExprKind::Zero => format!("{{0}} /* {} */", self.types().display(e.ty)),
            ExprKind::Load(p) => self.place(f, p),
            ExprKind::AddrOf(p) => {
                if let Place::Index(base, index) = p {
                    if let (Some(s), Some(0)) = (self.string_of(base), index.as_int()) {
                        return s;
                    }
                }
                format!("&{}", self.place_operand(f, p))
            }
            ExprKind::FunctionAddr(id) => format!("&{}", self.program.function(*id).name),
            ExprKind::Unary(op, x) => {
                let sym = match op {
                    UnaryOp::Neg => "-",
                    UnaryOp::BitNot => "~",
                    UnaryOp::Not => "!",
                    UnaryOp::FloatTest(t) => {
                        return format!("{}({})", t.name(), self.operand(f, x))
                    }
                    UnaryOp::FloatAbs => return format!("fabs({})", self.operand(f, x)),
                };
                format!("{sym}{}", self.operand(f, x))
            }
            ExprKind::Binary(op, a, b, _) => {
                let sym = match op {
                    BinaryOp::PtrAdd => "+",
                    BinaryOp::PtrDiff => "-",
                    other => other.symbol(),
                };
                format!("{} {sym} {}", self.operand(f, a), self.operand(f, b))
            }
            ExprKind::Cast(x) => format!("({}){}", self.types().display(e.ty), self.operand(f, x)),
            ExprKind::Ite(c, a, b) => format!(
                "{} ? {} : {}",
                self.operand(f, c),
                self.operand(f, a),
                self.operand(f, b)
            ),
        }
    }

    fn int_value(&self, v: u128, ty: TypeId) -> String {
        match self.types().kind(ty) {
            TypeKind::Bool => if v != 0 { "true" } else { "false" }.into(),
            TypeKind::Pointer(_) if v == 0 => "NULL".into(),
            TypeKind::Pointer(_) => format!("({})0x{v:x}", self.types().display(ty)),
            TypeKind::Int(k) => {
                let bits = self.types().model.int_bits(*k);
                let signed = k.is_signed();
                let text = if signed && bits < 128 && (v >> (bits - 1)) & 1 == 1 {
                    let magnitude = (!v).wrapping_add(1) & ((1u128 << bits) - 1);
                    format!("-{magnitude}")
                } else {
                    v.to_string()
                };
                match k {
                    IntKind::Int => text,
                    IntKind::UInt => format!("{text}u"),
                    IntKind::Long => format!("{text}l"),
                    IntKind::ULong => format!("{text}ul"),
                    IntKind::LongLong => format!("{text}ll"),
                    IntKind::ULongLong => format!("{text}ull"),
                    other => format!("({}){text}", other.c_name()),
                }
            }
            _ => format!("({})0x{v:x}", self.types().display(ty)),
        }
    }
}

fn float_text(bits: u64, kind: &TypeKind) -> String {
    let (value, suffix) = match kind {
        TypeKind::Float(FloatKind::Float) => (f64::from(f32::from_bits(bits as u32)), "f"),
        TypeKind::Float(FloatKind::LongDouble) => (f64::from_bits(bits), "l"),
        _ => (f64::from_bits(bits), ""),
    };
    if value.is_nan() {
        return "NAN".into();
    }
    if value.is_infinite() {
        return if value > 0.0 {
            "INFINITY".into()
        } else {
            "-INFINITY".into()
        };
    }
    let text = format!("{value:?}");
    format!("{text}{suffix}")
}

/// A C string literal for bytes.
pub fn quote_bytes(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            0x20..=0x7e => s.push(b as char),
            _ => {
                let _ = write!(s, "\\{b:03o}");
            }
        }
    }
    s.push('"');
    s
}
