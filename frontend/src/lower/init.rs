//! Initialisers: designators, brace elision and string literals, lowered to
//! assignments of scalar leaves (after clearing the object, for locals;
//! globals start as zero).

use super::constant::string_literal_bytes;
use super::Lowerer;
use crate::diag::DiagnosticKind;
use crate::ir::{Expr, ExprKind, Place, StmtKind};
use crate::types::{ArrayLen, IntKind, TypeId, TypeKind, TypeTable};
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    /// Initialises `place` of type `ty`. `is_static`: the object is zero
    /// already (a global), so zero leaves need no code.
    pub(crate) fn lower_initializer(
        &mut self,
        place: Place,
        ty: TypeId,
        init: &Node<ast::Initializer>,
        is_static: bool,
    ) {
        match &init.node {
            ast::Initializer::Expression(e) => self.init_from_expression(place, ty, e, is_static),
            ast::Initializer::List(items) => {
                if self.types.is_scalar(ty) {
                    self.init_list(place, ty, items, is_static);
                    return;
                }
                if !is_static {
                    let loc = self.loc(init);
                    self.emit(
                        StmtKind::Assign {
                            place: place.clone(),
                            value: Expr::new(ExprKind::Zero, ty),
                        },
                        loc,
                    );
                }
                // The object is all zero now: zero leaves need no code.
                self.init_list(place, ty, items, true);
            }
        }
    }

    fn store(&mut self, place: Place, value: Expr, is_static: bool, loc: crate::source::Loc) {
        let zero = match value.kind {
            ExprKind::Int(0) | ExprKind::Zero => true,
            ExprKind::Float(bits) => bits == 0,
            _ => false,
        };
        if is_static && zero {
            return;
        }
        self.emit(StmtKind::Assign { place, value }, loc);
    }

    fn init_from_expression(
        &mut self,
        place: Place,
        ty: TypeId,
        e: &Node<ast::Expression>,
        is_static: bool,
    ) {
        let span = self.span(e);
        if let (TypeKind::Array(elem, _), ast::Expression::StringLiteral(s)) =
            (self.types.kind(ty).clone(), &e.node)
        {
            if self.types.is_integer(elem) {
                self.init_string(place, ty, elem, &s.node, is_static, span.loc);
                return;
            }
        }
        if self.types.is_array(ty) {
            self.error(
                DiagnosticKind::Type,
                "an array must be initialised with a brace-enclosed list",
                span,
            );
            return;
        }
        let Some(value) = self.lower_expr(e) else {
            return;
        };
        let value = self.convert(value, ty, span);
        if is_static {
            if let Some(problem) = not_constant(&value) {
                // C11 6.7.9p4: static storage is initialised by constant
                // expressions (gcc: "initializer element is not constant").
                self.error(
                    DiagnosticKind::Type,
                    format!("the initialiser of an object with static storage is not constant: {problem}"),
                    span,
                );
                return;
            }
        }
        self.store(place, value, is_static, span.loc);
    }

    fn init_string(
        &mut self,
        place: Place,
        ty: TypeId,
        elem: TypeId,
        pieces: &[String],
        is_static: bool,
        loc: crate::source::Loc,
    ) {
        let (mut bytes, _) = string_literal_bytes(pieces);
        bytes.push(0);
        let len = match self.types.kind(ty) {
            TypeKind::Array(_, ArrayLen::Fixed(n)) => *n as usize,
            _ => bytes.len(),
        };
        if !is_static && bytes.len() < len {
            // The rest of the array is zero.
            self.emit(
                StmtKind::Assign {
                    place: place.clone(),
                    value: Expr::new(ExprKind::Zero, ty),
                },
                loc,
            );
        }
        for (i, &b) in bytes.iter().take(len).enumerate() {
            let value = Expr::int(u128::from(b), TypeTable::CHAR);
            let value = self.mk_cast(value, elem);
            let at = Place::Index(
                Box::new(place.clone()),
                Box::new(Expr::int(i as u128, TypeTable::INT)),
            );
            self.store(at, value, is_static || bytes.len() < len, loc);
        }
    }

    /// Number of sub-objects an initialiser list fills (`None`: no limit).
    fn subobject_count(&self, ty: TypeId) -> Option<u64> {
        match self.types.kind(ty) {
            TypeKind::Array(_, ArrayLen::Fixed(n)) => Some(*n),
            TypeKind::Array(..) => None,
            TypeKind::Struct(c) => Some(self.initializable_fields(*c).len() as u64),
            TypeKind::Union(_) => Some(1),
            _ => Some(1),
        }
    }

    /// Field indices that take initialisers (unnamed bit-fields do not).
    fn initializable_fields(&self, c: crate::types::CompositeId) -> Vec<usize> {
        self.types
            .composite(c)
            .fields
            .as_ref()
            .map_or(Vec::new(), |fs| {
                fs.iter()
                    .enumerate()
                    .filter(|(_, f)| !(f.name.is_empty() && f.bit_field.is_some()))
                    .map(|(i, _)| i)
                    .collect()
            })
    }

    /// The `index`-th sub-object of an aggregate.
    fn subobject(&self, place: &Place, ty: TypeId, index: u64) -> Option<(Place, TypeId)> {
        match self.types.kind(ty) {
            TypeKind::Array(elem, _) => Some((
                Place::Index(
                    Box::new(place.clone()),
                    Box::new(Expr::int(u128::from(index), TypeTable::INT)),
                ),
                *elem,
            )),
            TypeKind::Struct(c) | TypeKind::Union(c) => {
                let fields = self.initializable_fields(*c);
                let i = *fields.get(index as usize)?;
                let fty = self.types.composite(*c).fields.as_ref()?[i].ty;
                Some((Place::Field(Box::new(place.clone()), i), fty))
            }
            _ => None,
        }
    }

    fn init_list(
        &mut self,
        place: Place,
        ty: TypeId,
        items: &[Node<ast::InitializerListItem>],
        is_static: bool,
    ) {
        if items.is_empty() {
            return;
        }
        if self.types.is_scalar(ty) {
            // `int x = { 5 };`
            let first = &items[0].node.initializer;
            self.lower_initializer(place, ty, first, is_static);
            return;
        }
        if let (TypeKind::Array(elem, _), [single]) = (self.types.kind(ty).clone(), items) {
            // `char s[] = { "abc" };`
            if let ast::Initializer::Expression(e) = &single.node.initializer.node {
                if let ast::Expression::StringLiteral(_) = &e.node {
                    if self.types.is_integer(elem) && single.node.designation.is_empty() {
                        self.init_from_expression(place, ty, e, is_static);
                        return;
                    }
                }
            }
        }
        let count = self.subobject_count(ty);
        let mut index: u64 = 0;
        let mut pos = 0;
        while pos < items.len() {
            let item = &items[pos];
            if let Some(first) = item.node.designation.first() {
                let rest = &item.node.designation[1..];
                let indices = self.designator_indices(ty, first);
                let Some(indices) = indices else {
                    pos += 1;
                    continue;
                };
                for &i in &indices {
                    if let Some((sp, st)) = self.subobject(&place, ty, i) {
                        self.init_designated(sp, st, rest, &item.node.initializer, is_static);
                    }
                }
                index = indices.last().copied().unwrap_or(index) + 1;
                pos += 1;
                continue;
            }
            if count.is_some_and(|c| index >= c) {
                let sp = self.span(item);
                self.warn("excess elements in initialiser are ignored", sp);
                break;
            }
            let Some((sp, st)) = self.subobject(&place, ty, index) else {
                break;
            };
            pos = self.init_item(sp, st, items, pos, is_static);
            index += 1;
        }
    }

    /// The sub-object indices a designator names (a range names several).
    fn designator_indices(&mut self, ty: TypeId, d: &Node<ast::Designator>) -> Option<Vec<u64>> {
        let span = self.span(d);
        match (&d.node, self.types.kind(ty).clone()) {
            (ast::Designator::Index(e), TypeKind::Array(..)) => match self.eval_const_int(e) {
                Some(i) if i >= 0 => Some(vec![i as u64]),
                _ => {
                    self.error(
                        DiagnosticKind::Type,
                        "array designator is not a non-negative constant",
                        span,
                    );
                    None
                }
            },
            (ast::Designator::Range(r), TypeKind::Array(..)) => {
                match (
                    self.eval_const_int(&r.node.from),
                    self.eval_const_int(&r.node.to),
                ) {
                    (Some(a), Some(b)) if 0 <= a && a <= b => Some((a as u64..=b as u64).collect()),
                    _ => {
                        self.error(DiagnosticKind::Type, "invalid array range designator", span);
                        None
                    }
                }
            }
            (ast::Designator::Member(id), TypeKind::Struct(c) | TypeKind::Union(c)) => {
                let name = Lowerer::ident_name(&id.node.name);
                let fields = self.initializable_fields(c);
                let all = self.types.composite(c).fields.clone().unwrap_or_default();
                // A direct member, or the anonymous member that holds it.
                let direct = fields.iter().position(|&i| all[i].name == name);
                let through_anonymous = || {
                    fields.iter().position(|&i| {
                        all[i].name.is_empty()
                            && self
                                .types
                                .composite_id(all[i].ty)
                                .is_some_and(|ic| self.types.find_member(ic, &name).is_some())
                    })
                };
                match direct.or_else(through_anonymous) {
                    Some(p) => Some(vec![p as u64]),
                    None => {
                        self.error(
                            DiagnosticKind::Type,
                            format!("no member named `{name}` to initialise"),
                            span,
                        );
                        None
                    }
                }
            }
            _ => {
                self.error(
                    DiagnosticKind::Type,
                    "designator does not match the initialised type",
                    span,
                );
                None
            }
        }
    }

    fn init_designated(
        &mut self,
        place: Place,
        ty: TypeId,
        rest: &[Node<ast::Designator>],
        init: &Node<ast::Initializer>,
        is_static: bool,
    ) {
        let Some(first) = rest.first() else {
            self.init_single(place, ty, init, is_static);
            return;
        };
        let Some(indices) = self.designator_indices(ty, first) else {
            return;
        };
        for i in indices {
            if let Some((sp, st)) = self.subobject(&place, ty, i) {
                self.init_designated(sp, st, &rest[1..], init, is_static);
            }
        }
    }

    /// One initialiser for one sub-object (no brace elision across items).
    fn init_single(
        &mut self,
        place: Place,
        ty: TypeId,
        init: &Node<ast::Initializer>,
        is_static: bool,
    ) {
        match &init.node {
            ast::Initializer::List(items) => self.init_list(place, ty, items, is_static),
            ast::Initializer::Expression(e) => {
                if self.types.is_scalar(ty)
                    || self.is_string_for(ty, e)
                    || self.type_of_expr(e) == ty
                {
                    self.init_from_expression(place, ty, e, is_static);
                } else if let Some((sp, st)) = self.subobject(&place, ty, 0) {
                    // Brace elision: the expression initialises the first leaf.
                    self.init_single(sp, st, init, is_static);
                }
            }
        }
    }

    fn is_string_for(&self, ty: TypeId, e: &Node<ast::Expression>) -> bool {
        matches!(e.node, ast::Expression::StringLiteral(_))
            && matches!(self.types.kind(ty), TypeKind::Array(elem, _) if matches!(self.types.kind(*elem), TypeKind::Int(IntKind::Char | IntKind::SChar | IntKind::UChar) | TypeKind::Int(_)))
    }

    /// Initialises one sub-object from `items[pos..]`; returns the next position.
    fn init_item(
        &mut self,
        place: Place,
        ty: TypeId,
        items: &[Node<ast::InitializerListItem>],
        pos: usize,
        is_static: bool,
    ) -> usize {
        let item = &items[pos];
        match &item.node.initializer.node {
            ast::Initializer::List(sub) => {
                self.init_list(place, ty, sub, is_static);
                pos + 1
            }
            ast::Initializer::Expression(e) => {
                if self.types.is_scalar(ty) || self.is_string_for(ty, e) {
                    self.init_from_expression(place, ty, e, is_static);
                    return pos + 1;
                }
                if self.types.is_composite(ty) && self.type_of_expr(e) == ty {
                    self.init_from_expression(place, ty, e, is_static);
                    return pos + 1;
                }
                self.init_elided(place, ty, items, pos, is_static)
            }
        }
    }

    /// A sub-aggregate without its own braces takes as many items as it needs.
    fn init_elided(
        &mut self,
        place: Place,
        ty: TypeId,
        items: &[Node<ast::InitializerListItem>],
        mut pos: usize,
        is_static: bool,
    ) -> usize {
        let count = self.subobject_count(ty).unwrap_or(u64::MAX);
        let mut index = 0;
        while index < count && pos < items.len() && items[pos].node.designation.is_empty() {
            let Some((sp, st)) = self.subobject(&place, ty, index) else {
                break;
            };
            pos = self.init_item(sp, st, items, pos, is_static);
            index += 1;
        }
        pos
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
                    Some(string_literal_bytes(&s.node).0.len() as u64 + 1)
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
}

/// Why a lowered initialiser cannot be a constant expression (C11 6.6):
/// it divides by zero. Like CBMC, Lore accepts other non-constant
/// initialisers of globals (`int e = nondet_int();` is a CBMC idiom) and
/// runs them before `main`.
fn not_constant(e: &Expr) -> Option<&'static str> {
    match &e.kind {
        ExprKind::Load(_)
        | ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Zero
        | ExprKind::AddrOf(_)
        | ExprKind::FunctionAddr(_) => None,
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => not_constant(a),
        ExprKind::Binary(op, a, b, _) => {
            if matches!(op, crate::ir::BinaryOp::Div | crate::ir::BinaryOp::Rem)
                && matches!(b.kind, ExprKind::Int(0))
            {
                return Some("it divides by zero");
            }
            not_constant(a).or_else(|| not_constant(b))
        }
        ExprKind::Ite(c, a, b) => not_constant(c)
            .or_else(|| not_constant(a))
            .or_else(|| not_constant(b)),
    }
}
