//! Types with tags: struct and union definitions (members, bit-field
//! widths, `packed`; `types.rs` lays them out) and enumerations (their
//! constants, and the integer type gcc gives them).

use super::{Lowerer, Symbol, Tag};
use crate::diag::DiagnosticKind;
use crate::types::{IntKind, TypeId, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    pub(crate) fn lower_struct_type(&mut self, st: &Node<ast::StructType>, packed: bool) -> TypeId {
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
                    if self
                        .types
                        .composite(self.types.composite_id(t).unwrap())
                        .fields
                        .is_none() =>
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

    pub(crate) fn lower_enum_type(&mut self, et: &Node<ast::EnumType>) -> TypeId {
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
}
