//! `printf` with a constant format, where a harness observes the output:
//! the program's text then defines `__lore_printf_char(int)`,
//! `__lore_printf_str(const char *)`, `__lore_printf_signed(long long,
//! int width, int zero)` and `__lore_printf_unsigned(unsigned long long,
//! int base, int upper, int width, int zero)`, and their `…32` forms over
//! `int` and `unsigned` for arguments of at most 32 bits (Sigma*'s harness
//! does, over its output function), and each piece of the format becomes a
//! call of one of them. Elsewhere `printf` stays a stub (its output is no
//! verdict's business). Conversions: `%%`, `%c`, `%s`, `%d`, `%i`, `%u`,
//! `%x`, `%X`, `%o`, with the flag `0`, a width and the length modifiers
//! `hh`, `h`, `l`, `ll`; any other format is not lowered this way (the
//! call is a stub, which the harness refuses).

use super::*;
use crate::ir::Callee;

/// One piece of a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    Byte(u8),
    /// A conversion of the next argument.
    Conversion {
        kind: u8,
        zero: bool,
        width: u32,
        /// The argument's type: 0 int, -2 char, -1 short, 1 long, 2 long long.
        length: i8,
    },
}

/// The pieces of `format`, or `None` where it has something not handled.
pub(crate) fn pieces(format: &[u8]) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < format.len() {
        let b = format[i];
        i += 1;
        if b != b'%' {
            out.push(Piece::Byte(b));
            continue;
        }
        if format.get(i) == Some(&b'%') {
            out.push(Piece::Byte(b'%'));
            i += 1;
            continue;
        }
        let zero = format.get(i) == Some(&b'0');
        if zero {
            i += 1;
        }
        let mut width = 0u32;
        while let Some(d) = format.get(i).filter(|d| d.is_ascii_digit()) {
            width = width.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
            i += 1;
        }
        let mut length = 0i8;
        for (text, l) in [(&b"hh"[..], -2), (b"h", -1), (b"ll", 2), (b"l", 1)] {
            if format[i..].starts_with(text) {
                length = l;
                i += text.len();
                break;
            }
        }
        let kind = *format.get(i)?;
        i += 1;
        if !b"csdiuxXo".contains(&kind) || (kind == b's' || kind == b'c') && (length != 0 || zero) {
            return None;
        }
        if width > 64 {
            return None;
        }
        out.push(Piece::Conversion {
            kind,
            zero,
            width,
            length,
        });
    }
    Some(out)
}

/// A `printf` format the harness can take: a string literal, or `c ? f :
/// g` of such formats (`printf(next == '{' ? "&amp;" : "&")`).
pub(crate) enum Format<'a> {
    Literal(Vec<u8>),
    Choice(&'a Node<ast::Expression>, Box<Format<'a>>, Box<Format<'a>>),
}

impl Format<'_> {
    /// Each way the format may read, a literal's bytes each.
    fn literals(&self) -> Vec<&[u8]> {
        match self {
            Format::Literal(bytes) => vec![bytes],
            Format::Choice(_, a, b) => {
                let mut all = a.literals();
                all.extend(b.literals());
                all
            }
        }
    }
}

/// The format of a `printf` call, if its first argument is one.
pub(crate) fn format_of(e: &Node<ast::Expression>) -> Option<Format<'_>> {
    match &e.node {
        ast::Expression::StringLiteral(s) => {
            let (mut bytes, _) = string_literal_bytes(&s.node);
            // Without its terminating zero.
            if bytes.last() == Some(&0) {
                bytes.pop();
            }
            Some(Format::Literal(bytes))
        }
        ast::Expression::Conditional(c) => Some(Format::Choice(
            &c.node.condition,
            Box::new(format_of(&c.node.then_expression)?),
            Box::new(format_of(&c.node.else_expression)?),
        )),
        _ => None,
    }
}

/// Whether a `printf` call can be lowered through a harness's functions:
/// every way its format may read is handled and converts every argument.
pub(crate) fn through_harness(args: &[Node<ast::Expression>]) -> bool {
    args.first().and_then(format_of).is_some_and(|f| {
        f.literals().iter().all(|l| {
            pieces(l).is_some_and(|p| {
                p.iter()
                    .filter(|x| matches!(x, Piece::Conversion { .. }))
                    .count()
                    == args.len() - 1
            })
        })
    })
}

impl Lowerer<'_> {
    /// `printf` as calls of the harness's functions, where the program
    /// defines them and the format is handled; else `None`.
    pub(super) fn lower_printf_through_harness(&mut self, call: Call<'_>) -> Option<KnownCall> {
        if call.name != "printf"
            || call.defined
            || !self.is_defined_in_program("__lore_printf_char")
            || !through_harness(call.args)
        {
            return None;
        }
        let format = format_of(&call.args[0])?;
        let loc = call.span.loc;
        // The arguments first (C evaluates them all before printing),
        // promoted, each in a temporary where the format chooses.
        let mut values = Vec::new();
        for arg in &call.args[1..] {
            let span = self.span(arg);
            let Some(v) = self.lower_expr(arg) else {
                return Some(KnownCall::Failed);
            };
            let v = self.default_promotion(v);
            let v = if matches!(format, Format::Literal(_)) {
                v
            } else {
                let tmp = self.new_temp(v.ty, loc);
                let ty = v.ty;
                self.emit(
                    StmtKind::Assign {
                        place: Place::Local(tmp),
                        value: v,
                    },
                    loc,
                );
                Expr::load(Place::Local(tmp), ty)
            };
            values.push((v, span));
        }
        self.printf_format(&format, &values, call.span)?;
        Some(
            self.nondet_value(TypeTable::INT, call.span, call.want_value)
                .into(),
        )
    }

    /// The calls that print `format` with `values` (the promoted
    /// arguments), a branch for each choice.
    fn printf_format(
        &mut self,
        format: &Format<'_>,
        values: &[(Expr, Span)],
        call: Span,
    ) -> Option<()> {
        let loc = call.loc;
        let bytes = match format {
            Format::Literal(bytes) => bytes,
            Format::Choice(cond, a, b) => {
                let cond = self.lower_cond(cond)?;
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
                self.builder().switch_to(then_block);
                self.printf_format(a, values, call)?;
                self.builder().terminate(Terminator::Goto(join), loc);
                self.builder().switch_to(else_block);
                self.printf_format(b, values, call)?;
                self.builder().goto_and_switch(join, loc);
                return Some(());
            }
        };
        let mut args = values.iter();
        for piece in pieces(bytes)? {
            let (name, values): (&str, Vec<Expr>) = match piece {
                Piece::Byte(b) => (
                    "__lore_printf_char",
                    vec![Expr::int(u128::from(b), TypeTable::INT)],
                ),
                Piece::Conversion {
                    kind,
                    zero,
                    width,
                    length,
                } => {
                    let (v, span) = args.next()?.clone();
                    let int = |v: u32| Expr::int(u128::from(v), TypeTable::INT);
                    // The argument as printf reads it: promoted (above),
                    // then as the length modifier says.
                    let signed = matches!(kind, b'd' | b'i');
                    let as_read = match (length, signed) {
                        (-2, true) => self.types.int(IntKind::SChar),
                        (-2, false) => self.types.int(IntKind::UChar),
                        (-1, true) => self.types.int(IntKind::Short),
                        (-1, false) => self.types.int(IntKind::UShort),
                        (1, true) => self.types.int(IntKind::Long),
                        (1, false) => self.types.int(IntKind::ULong),
                        (2, true) => self.types.int(IntKind::LongLong),
                        (2, false) => self.types.int(IntKind::ULongLong),
                        (_, true) => TypeTable::INT,
                        (_, false) => TypeTable::UINT,
                    };
                    // Arguments of at most 32 bits are converted at 32: a
                    // quarter of the digits' divisions, half their width.
                    let narrow = self.types.size_of(as_read).is_some_and(|s| s <= 4);
                    match kind {
                        b'c' => {
                            let c = self.convert(v, TypeTable::INT, span);
                            ("__lore_printf_char", vec![c])
                        }
                        b's' => ("__lore_printf_str", vec![v]),
                        b'd' | b'i' => {
                            let read = self.convert(v, as_read, span);
                            let (name, ty) = if narrow {
                                ("__lore_printf_signed32", TypeTable::INT)
                            } else {
                                ("__lore_printf_signed", self.types.int(IntKind::LongLong))
                            };
                            let wide = self.convert(read, ty, span);
                            (name, vec![wide, int(width), int(u32::from(zero))])
                        }
                        _ => {
                            let read = self.convert(v, as_read, span);
                            let (name, ty) = if narrow {
                                ("__lore_printf_unsigned32", TypeTable::UINT)
                            } else {
                                ("__lore_printf_unsigned", self.types.int(IntKind::ULongLong))
                            };
                            let wide = self.convert(read, ty, span);
                            let base = match kind {
                                b'o' => 8,
                                b'u' => 10,
                                _ => 16,
                            };
                            (
                                name,
                                vec![
                                    wide,
                                    int(base),
                                    int(u32::from(kind == b'X')),
                                    int(width),
                                    int(u32::from(zero)),
                                ],
                            )
                        }
                    }
                }
            };
            let id = *self.function_index.get(name)?;
            let params = self
                .types
                .function_type(self.functions[id.index()].ty)?
                .params
                .clone();
            if params.len() != values.len() {
                return None;
            }
            let args: Vec<Expr> = values
                .into_iter()
                .zip(params)
                .map(|(v, p)| self.convert(v, p, call))
                .collect();
            self.emit(
                StmtKind::Call {
                    dest: None,
                    callee: Callee::Direct(id),
                    args,
                },
                loc,
            );
        }
        Some(())
    }
}
