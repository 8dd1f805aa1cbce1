//! The printed forms of terms and of the equation (`lore show ssa`):
//! sub-terms shared by symbols print by name, circuits noted as one
//! operation print as that operation, address constants as `&object+offset`,
//! the parts of a pointer as `object(p)` and `offset(p)`, and sub-terms
//! nested too deeply print as `tN`, defined before first use.

use super::{Addresses, Binary, Equation, Note, Step, Term, TermId, Terms, Unary};
use crate::layout;
use std::fmt::Write;

impl Terms {
    /// Prints `term` as the operation `op` on `args` instead of its circuit.
    /// Operands that are floating values print their constants as numbers.
    pub fn note(
        &mut self,
        term: TermId,
        op: String,
        infix: bool,
        float_args: bool,
        args: &[TermId],
    ) {
        if self.as_const(term).is_none() && !args.contains(&term) {
            self.notes.insert(
                term,
                Note {
                    op,
                    infix,
                    float_args,
                    args: args.to_vec(),
                },
            );
        }
    }

    /// From now on, constants of `pointer_bits` bits that are the address of
    /// an object or function print as it: `&a+8`, `&f`.
    pub fn name_addresses(
        &mut self,
        pointer_bits: u32,
        offset_bits: u32,
        objects: Vec<String>,
        functions: Vec<String>,
    ) {
        self.addresses = Some(Addresses {
            pointer_bits,
            offset_bits,
            objects,
            functions,
        });
    }

    /// The object an address constant points into, as `&name` or
    /// `&name+offset` (functions: `&f`).
    fn address_text(&self, value: u128, width: u32) -> Option<String> {
        let a = self.addresses.as_ref()?;
        if width != a.pointer_bits || value == 0 {
            return None;
        }
        let id = layout::object_of(a.offset_bits, value);
        let offset = layout::offset_of(a.offset_bits, value);
        if (1..a.objects.len()).contains(&id.index()) {
            let name = &a.objects[id.index()];
            return Some(if offset == 0 {
                format!("&{name}")
            } else {
                format!("&{name}+{offset}")
            });
        }
        let function =
            layout::function_at(a.pointer_bits, a.offset_bits, a.functions.len(), value)?;
        Some(format!("&{}", a.functions[function.index()]))
    }

    /// `object` or `offset` where `id` takes that part of a pointer (the
    /// high bits name the object, the low bits are the offset into it).
    fn pointer_part(&self, id: TermId) -> Option<&'static str> {
        let a = self.addresses.as_ref()?;
        let Term::Extract { term, low, width } = *self.get(id) else {
            return None;
        };
        if self.width(term) != a.pointer_bits || self.as_const(term).is_some() {
            return None;
        }
        match (low, width) {
            (l, w) if l == a.offset_bits && l + w == a.pointer_bits => Some("object"),
            (0, w) if w == a.offset_bits => Some("offset"),
            _ => None,
        }
    }

    fn object_part(&self, id: TermId) -> bool {
        self.pointer_part(id) == Some("object")
    }

    /// The term as an expression; subterms nested too deeply print as
    /// `tN` (see [`Terms::show_with_cuts`]).
    pub fn show(&self, id: TermId) -> String {
        self.show_with_cuts(id).0
    }

    /// The term as an expression, and the subterms printed as `tN`.
    pub fn show_with_cuts(&self, id: TermId) -> (String, Vec<TermId>) {
        let mut out = String::new();
        let mut cut = Vec::new();
        self.write(&mut out, &mut cut, id, 0);
        (out, cut)
    }

    fn write(&self, out: &mut String, cut: &mut Vec<TermId>, id: TermId, depth: usize) {
        if depth > 12 {
            let _ = write!(out, "t{}", id.0);
            cut.push(id);
            return;
        }
        if let Some(note) = self.notes.get(&id) {
            // Constant operands of floating operations print as numbers.
            let arg = |out: &mut String, cut: &mut Vec<TermId>, a: TermId, infix: bool| match (
                note.float_args,
                self.as_const(a),
                self.width(a),
            ) {
                (true, Some(v), 32) => {
                    let _ = write!(out, "{:?}f", f32::from_bits(v as u32));
                }
                (true, Some(v), 64) => {
                    let _ = write!(out, "{:?}", f64::from_bits(v as u64));
                }
                _ if infix => self.operand(out, cut, a, depth),
                _ => self.write(out, cut, a, depth + 1),
            };
            if note.infix && note.args.len() == 2 {
                arg(out, cut, note.args[0], true);
                let _ = write!(out, " {} ", note.op);
                arg(out, cut, note.args[1], true);
            } else {
                let _ = write!(out, "{}(", note.op);
                for (i, a) in note.args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    arg(out, cut, *a, false);
                }
                out.push(')');
            }
            return;
        }
        match self.get(id) {
            Term::Const { value, width } => {
                if *width == 1 {
                    out.push_str(if *value == 1 { "true" } else { "false" });
                } else if let Some(object) = self.address_text(*value, *width) {
                    out.push_str(&object);
                } else {
                    let _ = write!(out, "{value}");
                }
            }
            Term::Symbol(s) => out.push_str(&self.symbols[*s as usize].name),
            Term::Unary(Unary::Not, a) => {
                out.push(if self.width(*a) == 1 { '!' } else { '~' });
                self.operand(out, cut, *a, depth);
            }
            Term::Unary(Unary::Neg, a) => {
                out.push('-');
                self.operand(out, cut, *a, depth);
            }
            Term::Binary(Binary::Eq, a, b) if self.object_part(*a) || self.object_part(*b) => {
                // `object(p) == a`: the constant side names the object.
                let (part, other) = if self.object_part(*a) {
                    (*a, *b)
                } else {
                    (*b, *a)
                };
                self.write(out, cut, part, depth + 1);
                out.push_str(" == ");
                match (self.as_const(other), &self.addresses) {
                    (Some(v), Some(addresses))
                        if (1..addresses.objects.len()).contains(&(v as usize)) =>
                    {
                        out.push_str(&addresses.objects[v as usize]);
                    }
                    _ => self.operand(out, cut, other, depth),
                }
            }
            Term::Binary(op, a, b) => {
                self.operand(out, cut, *a, depth);
                let sym = match (op, self.width(*a)) {
                    (Binary::And, 1) => "&&",
                    (Binary::Or, 1) => "||",
                    _ => op.symbol(),
                };
                let _ = write!(out, " {sym} ");
                self.operand(out, cut, *b, depth);
            }
            Term::Ite(c, t, e) => {
                self.operand(out, cut, *c, depth);
                out.push_str(" ? ");
                self.operand(out, cut, *t, depth);
                out.push_str(" : ");
                self.operand(out, cut, *e, depth);
            }
            Term::Extract { term, low, width } => match self.pointer_part(id) {
                Some(part) => {
                    let _ = write!(out, "{part}(");
                    self.write(out, cut, *term, depth + 1);
                    out.push(')');
                }
                None => {
                    self.operand(out, cut, *term, depth);
                    let _ = write!(out, "[{}:{}]", low + width - 1, low);
                }
            },
            Term::Concat { high, low } => {
                out.push('{');
                self.write(out, cut, *high, depth + 1);
                out.push_str(", ");
                self.write(out, cut, *low, depth + 1);
                out.push('}');
            }
            Term::ZeroExtend(a, w) => {
                let _ = write!(out, "zext{w}(");
                self.write(out, cut, *a, depth + 1);
                out.push(')');
            }
            Term::SignExtend(a, w) => {
                let _ = write!(out, "sext{w}(");
                self.write(out, cut, *a, depth + 1);
                out.push(')');
            }
        }
    }

    fn operand(&self, out: &mut String, cut: &mut Vec<TermId>, id: TermId, depth: usize) {
        if self.notes.get(&id).is_some_and(|n| !n.infix) {
            return self.write(out, cut, id, depth + 1);
        }
        match self.get(id) {
            Term::Const { .. }
            | Term::Symbol(_)
            | Term::Extract { .. }
            | Term::Concat { .. }
            | Term::ZeroExtend(..)
            | Term::SignExtend(..) => self.write(out, cut, id, depth + 1),
            _ => {
                out.push('(');
                self.write(out, cut, id, depth + 1);
                out.push(')');
            }
        }
    }
}

impl Equation {
    /// The equation as text (`lore show ssa`): one line per step, like
    /// CBMC's `--show-vcc`.
    pub fn render(
        &self,
        checks: &[(String, String)],
        sources: &lore_frontend::source::SourceMap,
    ) -> String {
        let mut out = String::new();
        // Subterms too deep to print inline are named `tN` and defined
        // (once, deepest first) just before the first step that uses them.
        let mut defined = rustc_hash::FxHashSet::default();
        let show = |id: TermId, out: &mut String, defined: &mut rustc_hash::FxHashSet<TermId>| {
            let (text, cut) = self.terms.show_with_cuts(id);
            self.define_cuts(cut, out, defined);
            text
        };
        for step in &self.steps {
            let (text, loc) = match step {
                Step::Define { symbol, loc } => {
                    let s = &self.terms.symbols[*symbol as usize];
                    let def = s
                        .definition
                        .map(|d| show(d, &mut out, &mut defined))
                        .unwrap_or_default();
                    (format!("{} = {def}", s.name), *loc)
                }
                Step::Input { symbol, loc, .. } => (
                    format!(
                        "{} = nondet({} bits)",
                        self.terms.symbols[*symbol as usize].name,
                        self.terms.symbols[*symbol as usize].width
                    ),
                    *loc,
                ),
                Step::Assume { guard, loc } => (
                    format!("guard: {}", show(*guard, &mut out, &mut defined)),
                    *loc,
                ),
                Step::Allocate { id, loc, .. } => (format!("heap{id} = new block"), *loc),
                Step::Note { text, loc } => (format!("// {text}"), *loc),
                Step::Check {
                    property,
                    violated,
                    loc,
                } => {
                    let (name, description) = &checks[*property];
                    (
                        format!(
                            "check {name} ({description}) fails if {}",
                            show(*violated, &mut out, &mut defined)
                        ),
                        *loc,
                    )
                }
            };
            if loc.is_none() {
                let _ = writeln!(out, "{text}");
            } else {
                let _ = writeln!(out, "{text}    // {}", sources.short(loc));
            }
        }
        out
    }

    /// Prints `tN = …` for each cut subterm not yet defined, the subterms
    /// it cuts in turn first.
    fn define_cuts(
        &self,
        cut: Vec<TermId>,
        out: &mut String,
        defined: &mut rustc_hash::FxHashSet<TermId>,
    ) {
        let mut stack: Vec<(TermId, bool)> = cut.into_iter().rev().map(|t| (t, false)).collect();
        while let Some((t, children_done)) = stack.pop() {
            if defined.contains(&t) {
                continue;
            }
            let (text, inner) = self.terms.show_with_cuts(t);
            if children_done || inner.iter().all(|c| defined.contains(c)) {
                defined.insert(t);
                let _ = writeln!(out, "t{} = {text}", t.0);
            } else {
                stack.push((t, true));
                stack.extend(inner.into_iter().rev().map(|c| (c, false)));
            }
        }
    }
}
