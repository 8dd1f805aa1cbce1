//! Literals: integer, floating and character constants with C's rules for
//! their types, and string literals as shared read-only globals.

use super::{Lowered, Lowerer};
use crate::diag::{DiagnosticKind, UnsupportedKind};
use crate::ir::{Expr, ExprKind, GlobalId, GlobalKind};
use crate::source::Span;
use crate::types::{ArrayLen, FloatKind, IntKind, TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    /// A global holding a string literal's characters (shared by equal literals).
    pub(crate) fn string_literal(&mut self, mut bytes: Vec<u8>, span: Span) -> GlobalId {
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

    pub(crate) fn lower_constant(&mut self, c: &Node<ast::Constant>) -> Lowered {
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
