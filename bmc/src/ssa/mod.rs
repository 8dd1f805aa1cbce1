//! The SSA equation: what symbolic execution makes of a program for a bound.
//!
//! Values are terms of a hash-consed DAG over bit-vectors (a `_Bool` is one
//! bit). Every assignment gets a named version (`x#3`), defined once; every
//! nondet value is an input symbol; the equation lists, in execution order,
//! the definitions, the path guards of assumptions, and the properties with
//! the condition under which each is violated. Because assumptions and cut
//! paths strengthen the guards, a property's violation is a single term: no
//! other constraint is needed.
//!
//! `print` holds the printed forms of terms and of the equation.

mod print;
mod simplify;

use rustc_hash::FxHashMap;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub u32);

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Unary {
    Not,
    Neg,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Binary {
    And,
    Or,
    Xor,
    Add,
    Sub,
    Mul,
    UDiv,
    URem,
    SDiv,
    SRem,
    Shl,
    LShr,
    AShr,
    Eq,
    Ult,
    Ule,
    Slt,
    Sle,
}

impl Binary {
    fn symbol(self) -> &'static str {
        match self {
            Binary::And => "&",
            Binary::Or => "|",
            Binary::Xor => "^",
            Binary::Add => "+",
            Binary::Sub => "-",
            Binary::Mul => "*",
            Binary::UDiv => "/u",
            Binary::URem => "%u",
            Binary::SDiv => "/s",
            Binary::SRem => "%s",
            Binary::Shl => "<<",
            Binary::LShr => ">>u",
            Binary::AShr => ">>s",
            Binary::Eq => "==",
            Binary::Ult => "<u",
            Binary::Ule => "<=u",
            Binary::Slt => "<s",
            Binary::Sle => "<=s",
        }
    }

    fn is_predicate(self) -> bool {
        matches!(
            self,
            Binary::Eq | Binary::Ult | Binary::Ule | Binary::Slt | Binary::Sle
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// The low 128 bits of a constant; higher bits are zero.
    Const {
        value: u128,
        width: u32,
    },
    /// A nondet input or a named version, see [`Symbol`].
    Symbol(u32),
    Unary(Unary, TermId),
    Binary(Binary, TermId, TermId),
    Ite(TermId, TermId, TermId),
    /// `width` bits starting at bit `low`.
    Extract {
        term: TermId,
        low: u32,
        width: u32,
    },
    /// `high` above `low`.
    Concat {
        high: TermId,
        low: TermId,
    },
    ZeroExtend(TermId, u32),
    SignExtend(TermId, u32),
}

/// What a symbol stands for.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub width: u32,
    /// `None` for an input (a nondet value); else the term it names.
    pub definition: Option<TermId>,
}

/// One step of the equation, in execution order.
#[derive(Clone, Debug)]
pub enum Step {
    /// `symbol` is defined by its term (a named version of a variable).
    Define {
        symbol: u32,
        loc: lore_frontend::source::Loc,
    },
    /// A nondet input, taken when `guard` holds.
    Input {
        symbol: u32,
        guard: TermId,
        loc: lore_frontend::source::Loc,
    },
    /// A heap block gets object id `id`, where `guard` holds (the replay
    /// gives its blocks the same ids).
    Allocate {
        id: crate::layout::ObjectId,
        guard: TermId,
        loc: lore_frontend::source::Loc,
    },
    /// The path guard becomes `guard` (after an assumption or a cut path).
    Assume {
        guard: TermId,
        loc: lore_frontend::source::Loc,
    },
    /// A remark for the printed equation: a loop's body entered for the
    /// n-th time (no constraint).
    Note {
        text: String,
        loc: lore_frontend::source::Loc,
    },
    /// A property is violated when `violated` holds.
    Check {
        property: usize,
        violated: TermId,
        loc: lore_frontend::source::Loc,
    },
}

/// How deep `narrowed` looks through named versions and choices for the
/// width a value needs.
pub(crate) const NARROWING_DEPTH: u32 = 6;

/// How many operators deep a slice is pushed (see `Terms::extract_within`).
const EXTRACT_DEPTH: u32 = 8;

/// How deep [`Terms::update`] pushes the slices of the parts it keeps.
const UPDATE_DEPTH: u32 = 2;

/// The term DAG.
#[derive(Default)]
pub struct Terms {
    terms: Vec<Term>,
    widths: Vec<u32>,
    /// Whether each term's value is known: a constant, or constants put
    /// together (an object wider than 128 bits is a concatenation of
    /// constants, not one `Const`). Such terms are never named, so reads
    /// of them fold at every width.
    known: Vec<bool>,
    index: FxHashMap<Term, TermId>,
    pub symbols: Vec<Symbol>,
    /// The term of each symbol.
    symbol_terms: Vec<TermId>,
    /// How to print terms that are circuits for one operation (floating
    /// point): the operation and its operands, not the circuit.
    notes: FxHashMap<TermId, Note>,
    /// How to print constants that are addresses (set for printing only).
    addresses: Option<Addresses>,
    /// Slices already made by `extract`: (term, first bit, width) to the
    /// slice. Each is worked out once, so pushing slices into shared
    /// choices and definitions costs one step per distinct slice.
    slices: FxHashMap<(TermId, u32, u32), TermId>,
}

/// The pointer layout and the objects' names, so that a printed constant
/// of pointer width that is an address shows the object too.
struct Addresses {
    pointer_bits: u32,
    offset_bits: u32,
    /// By object id; functions by id counted down from the top.
    objects: Vec<String>,
    functions: Vec<String>,
}

/// A circuit's printed form: `a op b` (infix) or `op(a, …)`.
#[derive(Clone, Debug)]
struct Note {
    op: String,
    infix: bool,
    /// The operands are floating values (constants print as numbers).
    float_args: bool,
    args: Vec<TermId>,
}

pub const TRUE: TermId = TermId(0);
pub const FALSE: TermId = TermId(1);

impl Terms {
    pub fn new() -> Terms {
        let mut t = Terms::default();
        t.intern(Term::Const { value: 1, width: 1 }, 1);
        t.intern(Term::Const { value: 0, width: 1 }, 1);
        t
    }

    fn intern(&mut self, term: Term, width: u32) -> TermId {
        if let Some(&id) = self.index.get(&term) {
            return id;
        }
        let id = TermId(self.terms.len() as u32);
        let known = match &term {
            Term::Const { .. } => true,
            Term::Concat { high, low } => self.known[high.0 as usize] && self.known[low.0 as usize],
            Term::Extract { term: t, .. } | Term::ZeroExtend(t, _) | Term::SignExtend(t, _) => {
                self.known[t.0 as usize]
            }
            _ => false,
        };
        self.known.push(known);
        self.terms.push(term.clone());
        self.widths.push(width);
        self.index.insert(term, id);
        id
    }

    pub fn get(&self, id: TermId) -> &Term {
        &self.terms[id.0 as usize]
    }

    pub fn width(&self, id: TermId) -> u32 {
        self.widths[id.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.terms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn as_const(&self, id: TermId) -> Option<u128> {
        match self.get(id) {
            Term::Const { value, .. } => Some(*value),
            _ => None,
        }
    }

    pub(crate) fn mask(width: u32) -> u128 {
        if width >= 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        }
    }

    pub fn constant(&mut self, value: u128, width: u32) -> TermId {
        self.intern(
            Term::Const {
                value: value & Self::mask(width),
                width,
            },
            width,
        )
    }

    pub fn bool(&mut self, b: bool) -> TermId {
        if b {
            TRUE
        } else {
            FALSE
        }
    }

    /// A nondet input of `width` bits.
    pub fn input(&mut self, name: String, width: u32) -> TermId {
        let s = self.symbols.len() as u32;
        self.symbols.push(Symbol {
            name,
            width,
            definition: None,
        });
        let t = self.intern(Term::Symbol(s), width);
        self.symbol_terms.push(t);
        t
    }

    pub fn symbol_term(&self, symbol: u32) -> TermId {
        self.symbol_terms[symbol as usize]
    }

    /// An upper bound on the unsigned value of `t`, from its structure
    /// alone (`x % 4 + 1` is at most 4); the width's largest value when
    /// nothing better is known. Used to lay out objects whose size is
    /// known only at run time no larger than they can be.
    pub fn upper_bound(&self, t: TermId) -> u128 {
        self.bound_below(t, 48)
    }

    fn bound_below(&self, t: TermId, depth: u32) -> u128 {
        let w = self.width(t);
        let top = Self::mask(w);
        if depth == 0 {
            return top;
        }
        let ub = |x: TermId| self.bound_below(x, depth - 1);
        let bound = match self.get(t) {
            Term::Const { value, .. } if w <= 128 => *value,
            Term::Symbol(s) => match self.symbols[*s as usize].definition {
                Some(d) => ub(d),
                None => top,
            },
            Term::Binary(op, a, b) => match op {
                Binary::And => ub(*a).min(ub(*b)),
                Binary::Or | Binary::Xor => {
                    let m = ub(*a).max(ub(*b));
                    if m == 0 {
                        0
                    } else {
                        u128::MAX >> m.leading_zeros()
                    }
                }
                Binary::Add => ub(*a).checked_add(ub(*b)).unwrap_or(top),
                Binary::Mul => ub(*a).checked_mul(ub(*b)).unwrap_or(top),
                Binary::UDiv | Binary::LShr => ub(*a),
                // x % 0 is x (SMT-LIB), so only a known non-zero divisor helps.
                Binary::URem => match self.as_const(*b) {
                    Some(c) if c > 0 => ub(*a).min(c - 1),
                    _ => ub(*a),
                },
                _ if op.is_predicate() => 1,
                _ => top,
            },
            Term::Ite(_, a, b) => ub(*a).max(ub(*b)),
            Term::ZeroExtend(a, _) => ub(*a),
            Term::Extract { term, low: 0, .. } => ub(*term),
            _ => top,
        };
        bound.min(top)
    }

    /// Is the term's value known, at any width (see `known`)?
    pub fn is_known(&self, id: TermId) -> bool {
        self.known[id.0 as usize]
    }

    /// A named version defined by `term` (known values stay as they are).
    pub fn define(&mut self, name: String, term: TermId) -> (TermId, Option<u32>) {
        if self.is_known(term) || matches!(self.get(term), Term::Symbol(_)) {
            return (term, None);
        }
        let width = self.width(term);
        let s = self.symbols.len() as u32;
        self.symbols.push(Symbol {
            name,
            width,
            definition: Some(term),
        });
        let t = self.intern(Term::Symbol(s), width);
        self.symbol_terms.push(t);
        (t, Some(s))
    }

    pub fn not(&mut self, a: TermId) -> TermId {
        match self.get(a) {
            Term::Unary(Unary::Not, inner) => *inner,
            // A constant holds at most 128 bits (the rest are zero), so only
            // those fold.
            Term::Const { value, width } if *width <= 128 => {
                let (v, w) = (*value, *width);
                self.constant(!v, w)
            }
            _ => {
                let w = self.width(a);
                self.intern(Term::Unary(Unary::Not, a), w)
            }
        }
    }

    pub fn neg(&mut self, a: TermId) -> TermId {
        let w = self.width(a);
        if let Some(v) = self.as_const(a) {
            return self.constant(v.wrapping_neg(), w);
        }
        self.intern(Term::Unary(Unary::Neg, a), w)
    }

    pub fn binary(&mut self, op: Binary, a: TermId, b: TermId) -> TermId {
        self.binary_within(op, a, b, 0)
    }

    /// [`Terms::binary`], `depth` rewrites deep (see `simplify.rs`).
    fn binary_within(&mut self, op: Binary, a: TermId, b: TermId, depth: u32) -> TermId {
        let w = self.width(a);
        debug_assert!(
            self.width(b) == w || matches!(op, Binary::Shl | Binary::LShr | Binary::AShr),
            "operand widths differ for {op:?}"
        );
        if let (Some(x), Some(y)) = (self.as_const(a), self.as_const(b)) {
            if w <= 128 && self.width(b) <= 128 {
                if let Some(v) = fold(op, x, y, w, self.width(b)) {
                    let rw = if op.is_predicate() { 1 } else { w };
                    return self.constant(v, rw);
                }
            }
        }
        // Boolean simplifications keep the guards small.
        if w == 1 {
            match (op, self.as_const(a), self.as_const(b)) {
                (Binary::And, Some(0), _) | (Binary::And, _, Some(0)) => return FALSE,
                (Binary::And, Some(1), _) => return b,
                (Binary::And, _, Some(1)) => return a,
                (Binary::Or, Some(1), _) | (Binary::Or, _, Some(1)) => return TRUE,
                (Binary::Or, Some(0), _) => return b,
                (Binary::Or, _, Some(0)) => return a,
                _ => {}
            }
            if a == b && matches!(op, Binary::And | Binary::Or) {
                return a;
            }
        }
        if a == b && op == Binary::Eq {
            return TRUE;
        }
        if let Some(simpler) = self.simplified(op, a, b, w, depth) {
            return simpler;
        }
        let (a, b) = if matches!(
            op,
            Binary::And | Binary::Or | Binary::Xor | Binary::Add | Binary::Mul | Binary::Eq
        ) && b < a
        {
            (b, a)
        } else {
            (a, b)
        };
        let rw = if op.is_predicate() { 1 } else { w };
        self.intern(Term::Binary(op, a, b), rw)
    }

    pub fn and(&mut self, a: TermId, b: TermId) -> TermId {
        self.binary(Binary::And, a, b)
    }

    pub fn or(&mut self, a: TermId, b: TermId) -> TermId {
        self.binary(Binary::Or, a, b)
    }

    pub fn ite(&mut self, c: TermId, t: TermId, e: TermId) -> TermId {
        if c == TRUE || t == e {
            return t;
        }
        if c == FALSE {
            return e;
        }
        // Where the condition says a term equals a constant, the arm it
        // selects has the constant for that term: `x == k ? x : e` is
        // `x == k ? k : e`, and `x != k ? t : x` is `x != k ? t : k` (C's
        // `if (x) x = f();` leaves x's old value only where it is 0).
        let (t, e) = match self.equals_constant(c) {
            Some((x, k, true)) if t == x => (k, e),
            Some((x, k, false)) if e == x => (t, k),
            _ => (t, e),
        };
        // An arm that is itself a choice on `c` or `¬c` (directly or as a
        // named version's definition) takes the side `c` selects there:
        // `c ? (¬c ? 1 : 0) : e` is `c ? 0 : e` — a counter merged from a
        // path that took `c` and one that did not.
        let (t, e) = (self.decided_arm(c, t, true), self.decided_arm(c, e, false));
        if t == e {
            return t;
        }
        let w = self.width(t);
        if w == 1 {
            if t == TRUE && e == FALSE {
                return c;
            }
            if t == FALSE && e == TRUE {
                return self.not(c);
            }
        }
        self.intern(Term::Ite(c, t, e), w)
    }

    /// `c` is `x == k` (`Some((x, k, true))`) or `!(x == k)`
    /// (`Some((x, k, false))`) with `k` a constant.
    fn equals_constant(&self, c: TermId) -> Option<(TermId, TermId, bool)> {
        let (eq, holds) = match self.get(c) {
            Term::Unary(Unary::Not, inner) => (*inner, false),
            _ => (c, true),
        };
        let Term::Binary(Binary::Eq, a, b) = *self.get(eq) else {
            return None;
        };
        match (self.as_const(a), self.as_const(b)) {
            (None, Some(_)) => Some((a, b, holds)),
            (Some(_), None) => Some((b, a, holds)),
            _ => None,
        }
    }

    pub fn extract(&mut self, term: TermId, low: u32, width: u32) -> TermId {
        self.extract_within(term, low, width, 0)
    }

    /// [`Terms::extract`], pushing the slice into choices and into the
    /// operators whose low bits depend only on their operands' low bits
    /// (`(x * y)[15:0]` is `x[15:0] * y[15:0]`: C's promotions compute a
    /// `short` product in 32 bits) — at most `EXTRACT_DEPTH` operators deep.
    fn extract_within(&mut self, term: TermId, low: u32, width: u32, depth: u32) -> TermId {
        if low == 0 && width == self.width(term) {
            return term;
        }
        if let Some(&done) = self.slices.get(&(term, low, width)) {
            return done;
        }
        let slice = self.slice_of(term, low, width, depth);
        // A slice made at the depth limit was not pushed inwards: kept, it
        // would stand for the slice a read nearer the top could push.
        if depth < EXTRACT_DEPTH {
            self.slices.insert((term, low, width), slice);
        }
        slice
    }

    fn slice_of(&mut self, term: TermId, low: u32, width: u32, depth: u32) -> TermId {
        if let Some(v) = self.as_const(term) {
            let value = if low >= 128 { 0 } else { v >> low };
            return self.constant(value, width);
        }
        match self.get(term).clone() {
            Term::Concat { high, low: lo } => {
                let lw = self.width(lo);
                if low + width <= lw {
                    return self.extract_within(lo, low, width, depth);
                }
                if low >= lw {
                    return self.extract_within(high, low - lw, width, depth);
                }
                // Across the seam: the two pieces, each of which may fold.
                let below = self.extract_within(lo, low, lw - low, depth);
                let above = self.extract_within(high, 0, low + width - lw, depth);
                return self.concat(above, below);
            }
            Term::Extract {
                term: inner,
                low: l2,
                ..
            } => return self.extract_within(inner, l2 + low, width, depth),
            Term::ZeroExtend(inner, _) | Term::SignExtend(inner, _)
                if low + width <= self.width(inner) =>
            {
                return self.extract_within(inner, low, width, depth)
            }
            // A slice of a named version is what its definition gives where
            // that is a constant or a slice of a version: a field no path
            // changed keeps its value through merges (a pointer stored once
            // stays known, and the accesses through it precise).
            Term::Symbol(s) if depth < EXTRACT_DEPTH => {
                if let Some(def) = self.symbols[s as usize].definition {
                    let e = self.extract_within(def, low, width, depth + 1);
                    let leaf = match self.get(e) {
                        Term::Const { .. } | Term::Symbol(_) => true,
                        Term::Extract { term, .. } => matches!(self.get(*term), Term::Symbol(_)),
                        _ => false,
                    };
                    if leaf {
                        return e;
                    }
                }
            }
            // A slice of a choice is the choice of the slices: a field of a
            // merged struct that neither side changed is that field.
            Term::Ite(c, x, y) if depth < EXTRACT_DEPTH => {
                let x = self.extract_within(x, low, width, depth + 1);
                let y = self.extract_within(y, low, width, depth + 1);
                return self.ite(c, x, y);
            }
            Term::Binary(
                op @ (Binary::Add
                | Binary::Sub
                | Binary::Mul
                | Binary::And
                | Binary::Or
                | Binary::Xor),
                x,
                y,
            ) if low == 0 && depth < EXTRACT_DEPTH => {
                let x = self.extract_within(x, 0, width, depth + 1);
                let y = self.extract_within(y, 0, width, depth + 1);
                return self.binary(op, x, y);
            }
            Term::Unary(op, x) if low == 0 && depth < EXTRACT_DEPTH => {
                let x = self.extract_within(x, 0, width, depth + 1);
                return match op {
                    Unary::Not => self.not(x),
                    Unary::Neg => self.neg(x),
                };
            }
            _ => {}
        }
        self.intern(Term::Extract { term, low, width }, width)
    }

    pub fn concat(&mut self, high: TermId, low: TermId) -> TermId {
        let w = self.width(high) + self.width(low);
        if let (Some(h), Some(l)) = (self.as_const(high), self.as_const(low)) {
            if w <= 128 {
                return self.constant(h << self.width(low) | l, w);
            }
            if h == 0 && self.width(low) <= 128 {
                return self.constant(l, w);
            }
        }
        // Adjacent slices of one term are one slice: `t[15:8] ++ t[7:0]` is
        // `t[15:0]` (a value written and read back across a seam).
        let (hb, hl, _) = self.slice(high);
        let (lb, ll, lw) = self.slice(low);
        if hb == lb && hl == ll + lw {
            return self.extract(hb, ll, w);
        }
        self.intern(Term::Concat { high, low }, w)
    }

    /// A term as a slice: (the term sliced, first bit, width).
    fn slice(&self, t: TermId) -> (TermId, u32, u32) {
        match self.get(t) {
            Term::Extract { term, low, width } => (*term, *low, *width),
            _ => (t, 0, self.width(t)),
        }
    }

    pub fn zext(&mut self, a: TermId, width: u32) -> TermId {
        let w = self.width(a);
        if width == w {
            return a;
        }
        if width < w {
            return self.extract(a, 0, width);
        }
        if let Some(v) = self.as_const(a) {
            return self.constant(v, width);
        }
        self.intern(Term::ZeroExtend(a, width), width)
    }

    pub fn sext(&mut self, a: TermId, width: u32) -> TermId {
        let w = self.width(a);
        if width <= w {
            return self.extract(a, 0, width);
        }
        if let Some(v) = self.as_const(a) {
            if w < 128 && width <= 128 {
                let s = 128 - w;
                return self.constant((((v << s) as i128) >> s) as u128, width);
            }
        }
        self.intern(Term::SignExtend(a, width), width)
    }

    /// `term` with `value` written at bit `low`.
    pub fn update(&mut self, term: TermId, low: u32, value: TermId) -> TermId {
        let total = self.width(term);
        let vw = self.width(value);
        let mut result = value;
        // The parts kept are pushed only `UPDATE_DEPTH` choices or operators
        // deep: a field neither side of a merge changed still folds, but a
        // store does not rebuild the whole merged object (reads push deeper).
        let depth = EXTRACT_DEPTH - UPDATE_DEPTH;
        if low > 0 {
            let below = self.extract_within(term, 0, low, depth);
            result = self.concat(result, below);
        }
        if low + vw < total {
            let above = self.extract_within(term, low + vw, total - low - vw, depth);
            result = self.concat(above, result);
        }
        result
    }
}

fn fold(op: Binary, x: u128, y: u128, w: u32, wy: u32) -> Option<u128> {
    let m = Terms::mask(w);
    let s = |v: u128, w: u32| -> i128 {
        let sh = 128 - w;
        ((v << sh) as i128) >> sh
    };
    let (sx, sy) = (s(x, w), s(y, wy.max(1)));
    let b = |c: bool| c as u128;
    Some(match op {
        Binary::And => x & y,
        Binary::Or => x | y,
        Binary::Xor => x ^ y,
        Binary::Add => x.wrapping_add(y) & m,
        Binary::Sub => x.wrapping_sub(y) & m,
        Binary::Mul => x.wrapping_mul(y) & m,
        Binary::UDiv => {
            if y == 0 {
                m
            } else {
                x / y
            }
        }
        Binary::URem => {
            if y == 0 {
                x
            } else {
                x % y
            }
        }
        Binary::SDiv => {
            if y == 0 {
                return None;
            } else {
                (sx.wrapping_div(sy) as u128) & m
            }
        }
        Binary::SRem => {
            if y == 0 {
                return None;
            } else {
                (sx.wrapping_rem(sy) as u128) & m
            }
        }
        Binary::Shl => {
            if y >= u128::from(w) {
                0
            } else {
                (x << y) & m
            }
        }
        Binary::LShr => {
            if y >= u128::from(w) {
                0
            } else {
                x >> y
            }
        }
        Binary::AShr => {
            if y >= u128::from(w) {
                if sx < 0 {
                    m
                } else {
                    0
                }
            } else {
                ((sx >> y) as u128) & m
            }
        }
        Binary::Eq => b(x == y),
        Binary::Ult => b(x < y),
        Binary::Ule => b(x <= y),
        Binary::Slt => b(sx < s(y, w)),
        Binary::Sle => b(sx <= s(y, w)),
    })
}

/// The equation of one program for one bound.
pub struct Equation {
    pub terms: Terms,
    pub steps: Vec<Step>,
}
