//! A generator of C programs for differential testing, aimed at the C that
//! Csmith does not reach: bit-fields of every type, width and position
//! (`_Bool` among them), unions read through other members, structs
//! assigned, passed and returned by value, compound assignments and
//! increments on every kind of lvalue, conversions between every pair of
//! integer widths, pointer arithmetic inside arrays, variable-length arrays
//! of one and two dimensions, small loops, structs wider than 128 bits,
//! long expression chains, and nondeterministic inputs over small ranges.
//!
//! A program computes a hash of all its globals and hands it with the index
//! of its input combination to `lore_check(hash, index)`, which the harness
//! defines: natively it prints the pair, for verification it compares with
//! the table of what gcc printed. Programs avoid undefined behaviour by
//! construction where that is cheap (arithmetic in unsigned types, masked
//! shift counts, divisors in 1..8, indices reduced into range, every
//! object initialised); the harness runs gcc's undefined-behaviour
//! sanitizer over every input and drops the rare program that still has
//! some. Function calls are statements and take call-free arguments, so
//! no result depends on an unspecified order of evaluation.

use super::types::{Int, ALL};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// SplitMix64: small, fast, and the same sequence everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// A generated program and what its inputs range over.
pub struct Program {
    pub text: String,
    /// Each input's inclusive range, in the order `main` reads them.
    pub inputs: Vec<(i64, i64)>,
    /// The constructs it contains (for the campaign's coverage table).
    pub features: BTreeSet<&'static str>,
}

struct Field {
    name: String,
    ty: Int,
    /// `Some(w)` for a bit-field of width `w` (`Some(0)`: an unnamed
    /// zero-width field, which only ends the storage unit).
    bits: Option<u32>,
    /// An array member of this many elements.
    len: Option<u32>,
}

struct Composite {
    name: String,
    is_union: bool,
    fields: Vec<Field>,
}

enum Global {
    Scalar {
        name: String,
        ty: Int,
    },
    Array {
        name: String,
        ty: Int,
        len: u32,
    },
    Matrix {
        name: String,
        ty: Int,
        rows: u32,
        cols: u32,
    },
    Object {
        name: String,
        composite: usize,
    },
    ObjectArray {
        name: String,
        composite: usize,
        len: u32,
    },
}

/// A readable or writable place, with what the generator must know of it.
struct Place {
    text: String,
    ty: Int,
    /// A bit-field's width.
    bits: Option<u32>,
}

/// A pointer local to a block: into array `array` (of `len` elements of
/// `ty`) at element `at`.
#[derive(Clone)]
struct Pointer {
    name: String,
    ty: Int,
    len: u32,
    at: u32,
}

#[derive(Clone, Default)]
struct Scope {
    locals: Vec<(String, Int)>,
    /// Loop counters and their bounds (exclusive).
    counters: Vec<(String, u32)>,
    pointers: Vec<Pointer>,
    /// Pointers to struct objects: (name, composite).
    struct_pointers: Vec<(String, usize)>,
}

struct Function {
    name: String,
    params: Vec<Int>,
    /// `Ok(ty)` returns a scalar, `Err(c)` returns struct `c` by value.
    ret: Result<Int, usize>,
    /// A struct parameter (passed by value) after the scalars.
    struct_param: Option<usize>,
}

pub fn generate(seed: u64, lp64: bool) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        lp64,
        composites: Vec::new(),
        globals: Vec::new(),
        functions: Vec::new(),
        inputs: Vec::new(),
        features: BTreeSet::new(),
        fresh: 0,
        depth_budget: 0,
        simple_indices: 0,
    };
    g.program(seed)
}

struct Gen {
    rng: Rng,
    lp64: bool,
    composites: Vec<Composite>,
    globals: Vec<Global>,
    functions: Vec<Function>,
    inputs: Vec<(i64, i64)>,
    features: BTreeSet<&'static str>,
    fresh: u32,
    /// Statements still allowed to nest (keeps programs small).
    depth_budget: u32,
    /// Above zero while an index or a long chain is generated.
    simple_indices: u32,
}

const ARITH_TYPES: [Int; 11] = [
    Int::Char,
    Int::SChar,
    Int::UChar,
    Int::Short,
    Int::UShort,
    Int::Int,
    Int::UInt,
    Int::Long,
    Int::ULong,
    Int::LLong,
    Int::ULLong,
];

impl Gen {
    fn fresh(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    fn program(&mut self, seed: u64) -> Program {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "/* Lore differential test: generated program, seed {seed}. */"
        );
        for _ in 0..self.rng.range(1, 3) {
            self.composite(false, &mut out);
        }
        if self.rng.chance(70) {
            self.composite(true, &mut out);
        }
        self.declare_globals(&mut out);
        for _ in 0..self.rng.range(0, 3) {
            self.function(&mut out);
        }
        self.main(&mut out);
        Program {
            text: out,
            inputs: std::mem::take(&mut self.inputs),
            features: std::mem::take(&mut self.features),
        }
    }

    // ----- types and globals -----

    fn composite(&mut self, is_union: bool, out: &mut String) {
        let name = self.fresh(if is_union { "U" } else { "S" });
        let mut fields = Vec::new();
        let n = self.rng.range(1, 7);
        for k in 0..n {
            let fname = format!("f{k}");
            // A union's `_Bool` member read after another member was
            // written may hold a byte that is neither 0 nor 1 (undefined).
            let ty = if is_union {
                self.rng.pick(&ARITH_TYPES)
            } else {
                self.rng.pick(&ALL)
            };
            if !is_union && self.rng.chance(45) {
                // A bit-field: any width its type allows, sometimes an
                // unnamed zero-width one that closes the storage unit.
                let w = ty.width(self.lp64);
                if self.rng.chance(8) && ty != Int::Bool {
                    fields.push(Field {
                        name: String::new(),
                        ty,
                        bits: Some(0),
                        len: None,
                    });
                }
                let bits = if ty == Int::Bool {
                    1
                } else {
                    self.rng.range(1, i64::from(w)) as u32
                };
                self.features.insert(if ty == Int::Bool {
                    "bit-field _Bool"
                } else {
                    "bit-field"
                });
                fields.push(Field {
                    name: fname,
                    ty,
                    bits: Some(bits),
                    len: None,
                });
            } else if self.rng.chance(15) {
                let len = self.rng.range(1, 5) as u32;
                fields.push(Field {
                    name: fname,
                    ty,
                    bits: None,
                    len: Some(len),
                });
            } else {
                fields.push(Field {
                    name: fname,
                    ty,
                    bits: None,
                    len: None,
                });
            }
        }
        if is_union {
            // A byte view of the whole union, read through when hashing.
            fields.push(Field {
                name: "bytes".into(),
                ty: Int::UChar,
                bits: None,
                len: Some(16),
            });
            self.features.insert("union");
        }
        let _ = writeln!(
            out,
            "{} {name} {{",
            if is_union { "union" } else { "struct" }
        );
        for f in &fields {
            match (f.bits, f.len) {
                (Some(0), _) => {
                    let _ = writeln!(out, "  {} : 0;", f.ty.name());
                }
                (Some(b), _) => {
                    let _ = writeln!(out, "  {} {} : {b};", f.ty.name(), f.name);
                }
                (None, Some(len)) => {
                    let _ = writeln!(out, "  {} {}[{len}];", f.ty.name(), f.name);
                }
                (None, None) => {
                    let _ = writeln!(out, "  {} {};", f.ty.name(), f.name);
                }
            }
        }
        let _ = writeln!(out, "}};");
        // Wider than 128 bits even without padding: reads and writes span
        // several pieces of the object (the constant folding of issue 20).
        let bits: u64 = fields
            .iter()
            .map(|f| match (f.bits, f.len) {
                (Some(b), _) => u64::from(b),
                (None, len) => u64::from(f.ty.width(self.lp64)) * u64::from(len.unwrap_or(1)),
            })
            .sum();
        if !is_union && bits > 128 {
            self.features.insert("struct wider than 128 bits");
        }
        self.composites.push(Composite {
            name,
            is_union,
            fields,
        });
    }

    fn composite_type(&self, c: usize) -> String {
        let comp = &self.composites[c];
        format!(
            "{} {}",
            if comp.is_union { "union" } else { "struct" },
            comp.name
        )
    }

    fn constant(&mut self, ty: Int) -> String {
        let w = ty.width(self.lp64);
        let v: u64 = match self.rng.below(4) {
            0 => self.rng.below(4),
            1 => u64::MAX,
            2 => 1u64 << self.rng.below(u64::from(w)),
            _ => self.rng.next(),
        };
        let v = if w >= 64 { v } else { v & ((1u64 << w) - 1) };
        if v < 10 && self.rng.chance(50) {
            format!("{v}")
        } else {
            format!("(({}){v:#x}ULL)", ty.name())
        }
    }

    fn declare_globals(&mut self, out: &mut String) {
        for _ in 0..self.rng.range(2, 5) {
            let ty = self.rng.pick(&ALL);
            let name = self.fresh("g");
            let init = self.constant(ty);
            let _ = writeln!(out, "{} {name} = {init};", ty.name());
            self.globals.push(Global::Scalar { name, ty });
        }
        for _ in 0..self.rng.range(1, 2) {
            let ty = self.rng.pick(&ALL);
            let name = self.fresh("a");
            let len = self.rng.range(1, 8) as u32;
            let items: Vec<String> = (0..len).map(|_| self.constant(ty)).collect();
            let _ = writeln!(
                out,
                "{} {name}[{len}] = {{ {} }};",
                ty.name(),
                items.join(", ")
            );
            self.globals.push(Global::Array { name, ty, len });
        }
        if self.rng.chance(50) {
            let ty = self.rng.pick(&ARITH_TYPES);
            let name = self.fresh("m");
            let (rows, cols) = (self.rng.range(1, 4) as u32, self.rng.range(1, 4) as u32);
            let _ = writeln!(out, "{} {name}[{rows}][{cols}];", ty.name());
            self.features.insert("2-D array");
            self.globals.push(Global::Matrix {
                name,
                ty,
                rows,
                cols,
            });
        }
        for c in 0..self.composites.len() {
            let count = self.rng.range(1, 2);
            for _ in 0..count {
                let ty = self.composite_type(c);
                if self.rng.chance(25) && !self.composites[c].is_union {
                    let name = self.fresh("sa");
                    let len = self.rng.range(2, 3) as u32;
                    let _ = writeln!(out, "{ty} {name}[{len}];");
                    self.globals.push(Global::ObjectArray {
                        name,
                        composite: c,
                        len,
                    });
                } else {
                    let name = self.fresh("s");
                    let init = self.initializer(c);
                    let _ = writeln!(out, "{ty} {name} = {init};");
                    self.globals.push(Global::Object { name, composite: c });
                }
            }
        }
        for k in 0..self.rng.range(0, 3) {
            let (lo, n) = (self.rng.range(-3, 3), self.rng.range(1, 4));
            self.inputs.push((lo, lo + n - 1));
            let _ = writeln!(out, "int in{k};");
        }
        if !self.inputs.is_empty() {
            self.features.insert("nondet inputs");
        }
    }

    /// A brace initialiser for struct `c` (the first member of a union).
    fn initializer(&mut self, c: usize) -> String {
        let mut parts = Vec::new();
        let n = self.composites[c].fields.len();
        for k in 0..n {
            let (ty, bits, len, named) = {
                let f = &self.composites[c].fields[k];
                (f.ty, f.bits, f.len, !f.name.is_empty())
            };
            if !named {
                continue;
            }
            let v = match (bits, len) {
                (Some(b), _) => {
                    // Any value: storing converts it to the field's width.
                    let _ = b;
                    self.constant(ty)
                }
                (None, Some(len)) => {
                    let items: Vec<String> = (0..len).map(|_| self.constant(ty)).collect();
                    format!("{{ {} }}", items.join(", "))
                }
                (None, None) => self.constant(ty),
            };
            parts.push(v);
            if self.composites[c].is_union {
                break;
            }
        }
        format!("{{ {} }}", parts.join(", "))
    }

    // ----- places -----

    /// A place of scalar type to read or write, in `scope`.
    fn place(&mut self, scope: &Scope) -> Place {
        loop {
            match self.rng.below(10) {
                0 | 1 if !scope.locals.is_empty() => {
                    let (name, ty) =
                        scope.locals[self.rng.below(scope.locals.len() as u64) as usize].clone();
                    return Place {
                        text: name,
                        ty,
                        bits: None,
                    };
                }
                2 if !scope.pointers.is_empty() => {
                    let p = scope.pointers[self.rng.below(scope.pointers.len() as u64) as usize]
                        .clone();
                    self.features.insert("pointer arithmetic");
                    // An element p[k] with at + k inside the array.
                    let k = self
                        .rng
                        .range(-i64::from(p.at), i64::from(p.len - 1 - p.at));
                    let text = if k == 0 && self.rng.chance(50) {
                        format!("*{}", p.name)
                    } else {
                        format!("{}[{k}]", p.name)
                    };
                    return Place {
                        text,
                        ty: p.ty,
                        bits: None,
                    };
                }
                3 if !scope.struct_pointers.is_empty() => {
                    let (name, c) = scope.struct_pointers
                        [self.rng.below(scope.struct_pointers.len() as u64) as usize]
                        .clone();
                    if let Some(p) = self.member(c, &format!("{name}->"), scope) {
                        return p;
                    }
                }
                _ => {
                    let i = self.rng.below(self.globals.len() as u64) as usize;
                    if let Some(p) = self.global_place(i, scope) {
                        return p;
                    }
                }
            }
        }
    }

    fn global_place(&mut self, i: usize, scope: &Scope) -> Option<Place> {
        match &self.globals[i] {
            Global::Scalar { name, ty } => Some(Place {
                text: name.clone(),
                ty: *ty,
                bits: None,
            }),
            Global::Array { name, ty, len } => {
                let (name, ty, len) = (name.clone(), *ty, *len);
                let index = self.index(len, scope);
                Some(Place {
                    text: format!("{name}[{index}]"),
                    ty,
                    bits: None,
                })
            }
            Global::Matrix {
                name,
                ty,
                rows,
                cols,
            } => {
                let (name, ty, rows, cols) = (name.clone(), *ty, *rows, *cols);
                let r = self.index(rows, scope);
                let c = self.index(cols, scope);
                Some(Place {
                    text: format!("{name}[{r}][{c}]"),
                    ty,
                    bits: None,
                })
            }
            Global::Object { name, composite } => {
                let (name, c) = (name.clone(), *composite);
                self.member(c, &format!("{name}."), scope)
            }
            Global::ObjectArray {
                name,
                composite,
                len,
            } => {
                let (name, c, len) = (name.clone(), *composite, *len);
                let index = self.index(len, scope);
                self.member(c, &format!("{name}[{index}]."), scope)
            }
        }
    }

    /// A scalar member of composite `c` reached through `prefix`.
    fn member(&mut self, c: usize, prefix: &str, scope: &Scope) -> Option<Place> {
        let named: Vec<usize> = (0..self.composites[c].fields.len())
            .filter(|&k| !self.composites[c].fields[k].name.is_empty())
            .collect();
        let k = named[self.rng.below(named.len() as u64) as usize];
        let (fname, ty, bits, len) = {
            let f = &self.composites[c].fields[k];
            (f.name.clone(), f.ty, f.bits, f.len)
        };
        let text = match len {
            Some(len) => {
                let index = self.index(len, scope);
                format!("{prefix}{fname}[{index}]")
            }
            None => format!("{prefix}{fname}"),
        };
        Some(Place {
            text,
            ty,
            bits: bits.filter(|&b| b > 0),
        })
    }

    /// An index into an array of `len` elements: a constant, a loop
    /// counter or any expression, reduced into range.
    fn index(&mut self, len: u32, scope: &Scope) -> String {
        // Inside an index or a long chain, indices stay simple: nested
        // computed indices grow the text exponentially (and gcc with them).
        let choice = if self.simple_indices > 0 {
            self.rng.below(4)
        } else {
            self.rng.below(6)
        };
        match choice {
            0 | 1 => format!("{}", self.rng.below(u64::from(len))),
            2 if !scope.counters.is_empty() => {
                let (name, bound) =
                    scope.counters[self.rng.below(scope.counters.len() as u64) as usize].clone();
                if bound <= len {
                    name
                } else {
                    format!("{name} % {len}")
                }
            }
            3 if !self.inputs.is_empty() => {
                let k = self.rng.below(self.inputs.len() as u64);
                self.features.insert("nondet index");
                format!("(unsigned)in{k} % {len}u")
            }
            _ => {
                let budget = self.rng.range(0, 2) as u32;
                self.simple_indices += 1;
                let (e, _) = self.expr(budget, scope);
                self.simple_indices -= 1;
                self.features.insert("computed index");
                format!("(unsigned long long)({e}) % {len}u")
            }
        }
    }

    // ----- expressions -----

    /// A side-effect-free expression and its C type.
    fn expr(&mut self, depth: u32, scope: &Scope) -> (String, Int) {
        if depth == 0 || self.rng.chance(25) {
            return self.leaf(scope);
        }
        match self.rng.below(12) {
            0 => {
                let (a, t) = self.expr(depth - 1, scope);
                match self.rng.below(3) {
                    0 => (format!("(!{a})"), Int::Int),
                    1 => (format!("(~{a})"), t.promoted()),
                    // Negation in a wrapping type.
                    _ => {
                        let w = t.wrapping();
                        (format!("(-({})({a}))", w.name()), w)
                    }
                }
            }
            1 => {
                let to = self.rng.pick(&ALL);
                let (a, _) = self.expr(depth - 1, scope);
                self.features.insert("conversions");
                (format!("(({}){a})", to.name()), to)
            }
            2 => {
                let (c, _) = self.expr(depth - 1, scope);
                let (a, ta) = self.expr(depth - 1, scope);
                let (b, tb) = self.expr(depth - 1, scope);
                (
                    format!("({c} ? {a} : {b})"),
                    Int::arithmetic(ta, tb, self.lp64),
                )
            }
            3 => {
                let (a, ta) = self.expr(depth - 1, scope);
                let (b, tb) = self.expr(depth - 1, scope);
                let op = self
                    .rng
                    .pick(&["==", "!=", "<", "<=", ">", ">=", "&&", "||"]);
                let _ = (ta, tb);
                (format!("({a} {op} {b})"), Int::Int)
            }
            4 => {
                // A shift by an in-range count, of an unsigned left operand.
                let (a, ta) = self.expr(depth - 1, scope);
                let (b, _) = self.expr(depth - 1, scope);
                let w = ta.wrapping();
                let bits = w.width(self.lp64);
                let op = self.rng.pick(&["<<", ">>"]);
                (
                    format!("((({}){a}) {op} (({b}) & {}))", w.name(), bits - 1),
                    w,
                )
            }
            5 => {
                // A signed right shift (implementation-defined: arithmetic).
                let (a, ta) = self.expr(depth - 1, scope);
                let (b, _) = self.expr(depth - 1, scope);
                let bits = ta.promoted().width(self.lp64);
                (format!("({a} >> (({b}) & {}))", bits - 1), ta.promoted())
            }
            6 => {
                let (a, ta) = self.expr(depth - 1, scope);
                let (b, tb) = self.expr(depth - 1, scope);
                let op = self.rng.pick(&["/", "%"]);
                let d = Int::arithmetic(tb, Int::Int, self.lp64);
                (
                    format!("({a} {op} ((({b}) & 7) + 1))"),
                    Int::arithmetic(ta, d, self.lp64),
                )
            }
            7 => {
                let (a, ta) = self.expr(depth - 1, scope);
                let (b, tb) = self.expr(depth - 1, scope);
                let op = self.rng.pick(&["&", "|", "^"]);
                (
                    format!("({a} {op} {b})"),
                    Int::arithmetic(ta, tb, self.lp64),
                )
            }
            8 if self.rng.chance(4) => self.chain(scope),
            _ => {
                // + - * in a wrapping type; sometimes in C's own type
                // (overflow there is caught by the sanitizer).
                let (a, ta) = self.expr(depth - 1, scope);
                let (b, tb) = self.expr(depth - 1, scope);
                let op = self.rng.pick(&["+", "-", "*"]);
                let t = Int::arithmetic(ta, tb, self.lp64);
                if self.rng.chance(92) {
                    let w = t.wrapping();
                    (format!("(({}){a} {op} ({}){b})", w.name(), w.name()), w)
                } else {
                    (format!("({a} {op} {b})"), t)
                }
            }
        }
    }

    /// A long chain `x + y ^ z + …` in a wrapping type (deep expressions).
    fn chain(&mut self, scope: &Scope) -> (String, Int) {
        let n = self.rng.range(40, 400);
        let mut text = String::from("((unsigned long long)0");
        self.simple_indices += 1;
        for _ in 0..n {
            let (a, _) = self.leaf(scope);
            let op = self.rng.pick(&["+", "^", "-", "|"]);
            let _ = write!(text, " {op} (unsigned long long){a}");
        }
        self.simple_indices -= 1;
        text.push(')');
        self.features.insert("long expression");
        (text, Int::ULLong)
    }

    fn leaf(&mut self, scope: &Scope) -> (String, Int) {
        match self.rng.below(8) {
            0 => {
                let ty = self.rng.pick(&ALL);
                (self.constant(ty), ty)
            }
            1 if !self.inputs.is_empty() => {
                let k = self.rng.below(self.inputs.len() as u64);
                (format!("in{k}"), Int::Int)
            }
            2 if !scope.counters.is_empty() => {
                let (name, _) =
                    scope.counters[self.rng.below(scope.counters.len() as u64) as usize].clone();
                (name, Int::Int)
            }
            _ => {
                let p = self.place(scope);
                self.read(&p)
            }
        }
    }

    /// Reading a place. A bit-field wider than `int` is read through a
    /// cast to its declared type: gcc computes with such fields in their
    /// own width (`unsigned long long f : 40` wraps at 2^40), where CBMC
    /// and Lore compute in the declared type; the cast makes both agree.
    fn read(&mut self, p: &Place) -> (String, Int) {
        match p.bits {
            Some(b) if b > 32 || (p.ty.width(self.lp64) > 32 && b == 32) => {
                (format!("(({}){})", p.ty.name(), p.text), p.ty)
            }
            Some(_) => (p.text.clone(), p.ty.promoted()),
            None => (p.text.clone(), p.ty),
        }
    }

    // ----- statements -----

    fn block(&mut self, out: &mut String, indent: usize, scope: &mut Scope, count: u32) {
        for _ in 0..count {
            self.statement(out, indent, scope);
        }
    }

    fn statement(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
        let pad = " ".repeat(indent);
        let nested = self.depth_budget > 0;
        match self.rng.below(20) {
            0..=4 => {
                let p = self.place(scope);
                let depth = self.rng.range(1, 3) as u32;
                let (e, _) = self.expr(depth, scope);
                let _ = writeln!(out, "{pad}{} = {e};", p.text);
            }
            5..=8 => self.compound(out, &pad, scope),
            9 => {
                let p = self.place(scope);
                let op = self.rng.pick(&["++", "--"]);
                self.features.insert(if p.ty == Int::Bool {
                    "++/-- on _Bool"
                } else {
                    "++/--"
                });
                if self.rng.chance(50) {
                    // Parenthesised: `*p++` would step the pointer.
                    let _ = writeln!(out, "{pad}({}){op};", p.text);
                } else {
                    let _ = writeln!(out, "{pad}{op}{};", p.text);
                }
            }
            10 | 11 if nested => {
                self.depth_budget -= 1;
                let (c, _) = self.expr(2, scope);
                let _ = writeln!(out, "{pad}if ({c}) {{");
                let mut inner = scope.clone();
                let n = self.rng.range(1, 3) as u32;
                self.block(out, indent + 2, &mut inner, n);
                if self.rng.chance(50) {
                    let _ = writeln!(out, "{pad}}} else {{");
                    let mut other = scope.clone();
                    self.block(out, indent + 2, &mut other, n);
                }
                let _ = writeln!(out, "{pad}}}");
                self.depth_budget += 1;
            }
            12 if nested => self.for_loop(out, indent, scope),
            13 => self.struct_copy(out, &pad, scope),
            14 if !self.functions.is_empty() => self.call(out, &pad, scope),
            15 if nested => self.pointer_block(out, indent, scope),
            16 if nested && self.rng.chance(60) => self.vla_block(out, indent, scope),
            17 => self.union_pun(out, &pad, scope),
            _ => {
                let p = self.place(scope);
                let (e, _) = self.expr(2, scope);
                let _ = writeln!(out, "{pad}{} = {e};", p.text);
            }
        }
    }

    /// `place op= value`, with the operand kept out of undefined behaviour.
    fn compound(&mut self, out: &mut String, pad: &str, scope: &Scope) {
        let p = self.place(scope);
        let depth = self.rng.range(0, 2) as u32;
        let (e, _) = self.expr(depth, scope);
        let promoted = p.ty.promoted();
        let width = promoted.width(self.lp64);
        let op = self
            .rng
            .pick(&["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]);
        let rhs = match op {
            "/=" | "%=" => format!("(({e}) & 7) + 1"),
            "<<=" | ">>=" => format!("({e}) & {}", width - 1),
            // Signed arithmetic: a small operand; overflow is left to the sanitizer.
            "+=" | "-=" | "*=" if promoted.signed() => format!("(signed char)({e})"),
            _ => e,
        };
        // A wide signed place times anything likely overflows: xor instead.
        let op = if op == "*=" && promoted.signed() && p.ty.width(self.lp64) >= 32 {
            "^="
        } else {
            op
        };
        // A left shift of a signed value may overflow: shift unsigned places only.
        let op = if op == "<<=" && promoted.signed() {
            ">>="
        } else {
            op
        };
        self.features.insert(if p.bits.is_some() {
            "compound on bit-field"
        } else {
            "compound assignment"
        });
        let _ = writeln!(out, "{pad}{} {op} {rhs};", p.text);
    }

    fn for_loop(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
        let pad = " ".repeat(indent);
        self.depth_budget -= 1;
        let i = self.fresh("i");
        let (bound_text, bound) = if !self.inputs.is_empty() && self.rng.chance(40) {
            let k = self.rng.below(self.inputs.len() as u64);
            self.features.insert("loop over input");
            (format!("(in{k} & 3)"), 4)
        } else {
            let b = self.rng.range(1, 5) as u32;
            (format!("{b}"), b)
        };
        let _ = writeln!(out, "{pad}for (int {i} = 0; {i} < {bound_text}; {i}++) {{");
        let mut inner = scope.clone();
        inner.counters.push((i, bound));
        let n = self.rng.range(1, 3) as u32;
        self.block(out, indent + 2, &mut inner, n);
        let _ = writeln!(out, "{pad}}}");
        self.features.insert("loop");
        self.depth_budget += 1;
    }

    /// A whole struct or union assigned from another of its type (or from
    /// an array element of it).
    fn struct_copy(&mut self, out: &mut String, pad: &str, scope: &Scope) {
        let c = self.rng.below(self.composites.len() as u64) as usize;
        let places: Vec<String> = self
            .globals
            .iter()
            .filter_map(|g| match g {
                Global::Object { name, composite } if *composite == c => Some(name.clone()),
                _ => None,
            })
            .collect();
        let arrays: Vec<(String, u32)> = self
            .globals
            .iter()
            .filter_map(|g| match g {
                Global::ObjectArray {
                    name,
                    composite,
                    len,
                } if *composite == c => Some((name.clone(), *len)),
                _ => None,
            })
            .collect();
        let mut all = places.clone();
        for (name, len) in arrays {
            let index = self.index(len, scope);
            all.push(format!("{name}[{index}]"));
        }
        if all.is_empty() {
            return;
        }
        let to = all[self.rng.below(all.len() as u64) as usize].clone();
        let from = all[self.rng.below(all.len() as u64) as usize].clone();
        self.features.insert("struct assignment");
        let _ = writeln!(out, "{pad}{to} = {from};");
    }

    fn call(&mut self, out: &mut String, pad: &str, scope: &Scope) {
        let f = self.rng.below(self.functions.len() as u64) as usize;
        let (name, params, ret, struct_param) = {
            let f = &self.functions[f];
            (f.name.clone(), f.params.clone(), f.ret, f.struct_param)
        };
        let mut args: Vec<String> = Vec::new();
        for _ in &params {
            let (e, _) = self.expr(1, scope);
            args.push(e);
        }
        if let Some(c) = struct_param {
            match self.object_of(c) {
                Some(o) => args.push(o),
                None => return,
            }
        }
        let call = format!("{name}({})", args.join(", "));
        match ret {
            // Into a plain variable: an index in the destination would be
            // evaluated unsequenced with the call, which may change it.
            Ok(_) => {
                let mut dest: Vec<String> = scope.locals.iter().map(|(n, _)| n.clone()).collect();
                dest.extend(self.globals.iter().filter_map(|g| match g {
                    Global::Scalar { name, .. } => Some(name.clone()),
                    _ => None,
                }));
                let d = dest[self.rng.below(dest.len() as u64) as usize].clone();
                let _ = writeln!(out, "{pad}{d} = {call};");
            }
            Err(c) => match self.object_of(c) {
                Some(o) => {
                    self.features.insert("struct return");
                    let _ = writeln!(out, "{pad}{o} = {call};");
                }
                None => {
                    let _ = writeln!(out, "{pad}{call};");
                }
            },
        }
    }

    /// A global object of composite `c`, if there is one.
    fn object_of(&mut self, c: usize) -> Option<String> {
        let names: Vec<String> = self
            .globals
            .iter()
            .filter_map(|g| match g {
                Global::Object { name, composite } if *composite == c => Some(name.clone()),
                _ => None,
            })
            .collect();
        if names.is_empty() {
            None
        } else {
            Some(names[self.rng.below(names.len() as u64) as usize].clone())
        }
    }

    /// A block with a pointer into a global array (moved by constant
    /// steps, always inside it) or to a struct, used for reads and writes.
    fn pointer_block(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
        let pad = " ".repeat(indent);
        let arrays: Vec<(String, Int, u32)> = self
            .globals
            .iter()
            .filter_map(|g| match g {
                Global::Array { name, ty, len } => Some((name.clone(), *ty, *len)),
                _ => None,
            })
            .collect();
        let mut inner = scope.clone();
        self.depth_budget -= 1;
        let _ = writeln!(out, "{pad}{{");
        // Sometimes the pointer goes into an array local to this block: in
        // a loop, under a condition, the object is made again on each
        // entry (a merge must not leave it dead), and its values leave the
        // block through a place outside.
        let mut local = None;
        let target = if arrays.is_empty() || self.rng.chance(40) {
            let ty = self.rng.pick(&ARITH_TYPES);
            let len = self.rng.range(1, 4) as u32;
            let name = self.fresh("la");
            let values: Vec<String> = (0..len).map(|_| self.constant(ty)).collect();
            let _ = writeln!(
                out,
                "{pad}  {} {name}[{len}] = {{{}}};",
                ty.name(),
                values.join(", ")
            );
            self.features.insert("pointer into a block's local array");
            local = Some((name.clone(), len));
            Some((name, ty, len))
        } else {
            arrays.first().cloned()
        };
        if let Some((array, ty, len)) = target {
            let p = self.fresh("p");
            let at = self.rng.below(u64::from(len)) as u32;
            let _ = writeln!(out, "{pad}  {} *{p} = &{array}[{at}];", ty.name());
            let step = self.rng.range(-i64::from(at), i64::from(len - 1 - at));
            let _ = writeln!(out, "{pad}  {p} += {step};");
            let at = (i64::from(at) + step) as u32;
            if self.rng.chance(30) {
                let _ = writeln!(
                    out,
                    "{pad}  {p} = {p} + ({p} - &{array}[{at}]);  /* a pointer difference (0) */"
                );
            }
            inner.pointers.push(Pointer {
                name: p,
                ty,
                len,
                at,
            });
        }
        let structs: Vec<usize> = (0..self.composites.len())
            .filter(|&c| self.object_of(c).is_some())
            .collect();
        if !structs.is_empty() && self.rng.chance(60) {
            let c = structs[self.rng.below(structs.len() as u64) as usize];
            let o = self.object_of(c).expect("an object");
            let q = self.fresh("q");
            let _ = writeln!(out, "{pad}  {} *{q} = &{o};", self.composite_type(c));
            inner.struct_pointers.push((q, c));
            self.features.insert("pointer to struct");
        }
        let n = self.rng.range(1, 4) as u32;
        self.block(out, indent + 2, &mut inner, n);
        if let Some((name, len)) = local {
            let p = self.place(scope);
            let k = self.rng.below(u64::from(len));
            let _ = writeln!(out, "{pad}  {} = {name}[{k}];", p.text);
        }
        let _ = writeln!(out, "{pad}}}");
        self.depth_budget += 1;
    }

    /// A variable-length array of one or two dimensions sized by
    /// expressions, filled, and read back into a place.
    fn vla_block(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
        let pad = " ".repeat(indent);
        self.depth_budget -= 1;
        let ty = self.rng.pick(&ARITH_TYPES);
        let (n, m, v) = (self.fresh("n"), self.fresh("m"), self.fresh("v"));
        let (en, _) = self.leaf(scope);
        let two = self.rng.chance(50);
        let _ = writeln!(out, "{pad}{{");
        let _ = writeln!(out, "{pad}  unsigned {n} = (unsigned)({en}) % 4u + 1u;");
        let (i, j) = (self.fresh("i"), self.fresh("j"));
        let mut inner = scope.clone();
        if two {
            let (em, _) = self.leaf(scope);
            let _ = writeln!(out, "{pad}  unsigned {m} = (unsigned)({em}) % 3u + 1u;");
            let _ = writeln!(out, "{pad}  {} {v}[{n}][{m}];", ty.name());
            inner.counters.push((i.clone(), 4));
            inner.counters.push((j.clone(), 3));
            let (e, _) = self.expr(2, &inner);
            let _ = writeln!(
                out,
                "{pad}  for (unsigned {i} = 0; {i} < {n}; {i}++) for (unsigned {j} = 0; {j} < {m}; {j}++) {v}[{i}][{j}] = ({})({e});",
                ty.name()
            );
            let p = self.place(scope);
            let (ri, _) = self.leaf(scope);
            let (rj, _) = self.leaf(scope);
            let _ = writeln!(
                out,
                "{pad}  {} = {v}[(unsigned)({ri}) % {n}][(unsigned)({rj}) % {m}];",
                p.text
            );
            self.features.insert("VLA 2-D");
        } else {
            let _ = writeln!(out, "{pad}  {} {v}[{n}];", ty.name());
            inner.counters.push((i.clone(), 4));
            let (e, _) = self.expr(2, &inner);
            let _ = writeln!(
                out,
                "{pad}  for (unsigned {i} = 0; {i} < {n}; {i}++) {v}[{i}] = ({})({e});",
                ty.name()
            );
            let p = self.place(scope);
            let (ri, _) = self.leaf(scope);
            let _ = writeln!(out, "{pad}  {} += {v}[(unsigned)({ri}) % {n}];", p.text);
            self.features.insert("VLA");
        }
        let _ = writeln!(out, "{pad}}}");
        self.depth_budget += 1;
    }

    /// A union written through one member and read through another.
    fn union_pun(&mut self, out: &mut String, pad: &str, scope: &Scope) {
        let unions: Vec<usize> = (0..self.composites.len())
            .filter(|&c| self.composites[c].is_union && self.object_of(c).is_some())
            .collect();
        if unions.is_empty() {
            return;
        }
        let c = unions[self.rng.below(unions.len() as u64) as usize];
        let o = self.object_of(c).expect("an object");
        let w = self.member(c, &format!("{o}."), scope).expect("a member");
        let (e, _) = self.expr(2, scope);
        let _ = writeln!(out, "{pad}{} = {e};", w.text);
        let r = self.member(c, &format!("{o}."), scope).expect("a member");
        let p = self.place(scope);
        let (read, _) = self.read(&r);
        let _ = writeln!(out, "{pad}{} = {read};", p.text);
        self.features.insert("union read through another member");
    }

    // ----- functions -----

    fn function(&mut self, out: &mut String) {
        let name = self.fresh("f");
        let params: Vec<Int> = (0..self.rng.range(0, 3))
            .map(|_| self.rng.pick(&ALL))
            .collect();
        let struct_param = if self.rng.chance(30) {
            let c = self.rng.below(self.composites.len() as u64) as usize;
            Some(c).filter(|&c| self.object_of(c).is_some())
        } else {
            None
        };
        let ret = if self.rng.chance(30) {
            Err(self.rng.below(self.composites.len() as u64) as usize)
        } else {
            Ok(self.rng.pick(&ALL))
        };
        let mut scope = Scope::default();
        let mut decl = Vec::new();
        for (k, t) in params.iter().enumerate() {
            decl.push(format!("{} arg{k}", t.name()));
            scope.locals.push((format!("arg{k}"), *t));
        }
        if let Some(c) = struct_param {
            decl.push(format!("{} sp", self.composite_type(c)));
            self.features.insert("struct parameter");
        }
        let ret_type = match ret {
            Ok(t) => t.name().to_string(),
            Err(c) => self.composite_type(c),
        };
        let params_text = if decl.is_empty() {
            "void".to_string()
        } else {
            decl.join(", ")
        };
        let _ = writeln!(out, "static {ret_type} {name}({params_text}) {{");
        for _ in 0..self.rng.range(0, 2) {
            let t = self.rng.pick(&ALL);
            let l = self.fresh("l");
            let init = self.constant(t);
            let _ = writeln!(out, "  {} {l} = {init};", t.name());
            scope.locals.push((l, t));
        }
        if let Some(c) = struct_param {
            // Members of the by-value parameter, read and written locally.
            scope.struct_pointers.push(("(&sp)".into(), c));
        }
        self.depth_budget = 2;
        let n = self.rng.range(1, 5) as u32;
        self.block(out, 2, &mut scope, n);
        match ret {
            Ok(_) => {
                let (e, _) = self.expr(2, &scope);
                let _ = writeln!(out, "  return {e};");
            }
            Err(c) => {
                let ty = self.composite_type(c);
                let r = self.fresh("r");
                match self.object_of(c) {
                    Some(o) if self.rng.chance(50) => {
                        let _ = writeln!(out, "  {ty} {r} = {o};");
                    }
                    _ => {
                        let init = self.initializer(c);
                        let _ = writeln!(out, "  {ty} {r} = {init};");
                    }
                }
                let w = self.member(c, &format!("{r}."), &scope).expect("a member");
                let (e, _) = self.expr(2, &scope);
                let _ = writeln!(out, "  {} = {e};", w.text);
                let _ = writeln!(out, "  return {r};");
            }
        }
        let _ = writeln!(out, "}}");
        self.functions.push(Function {
            name,
            params,
            ret,
            struct_param,
        });
    }

    fn main(&mut self, out: &mut String) {
        let _ = writeln!(
            out,
            "static void lore_check(unsigned long long hash, unsigned index);"
        );
        let _ = writeln!(out, "int main(void) {{");
        let _ = writeln!(out, "  unsigned lore_index = 0;");
        for (k, (lo, hi)) in self.inputs.clone().into_iter().enumerate() {
            let _ = writeln!(out, "  in{k} = __VERIFIER_nondet_int();");
            let _ = writeln!(out, "  __VERIFIER_assume(in{k} >= {lo} && in{k} <= {hi});");
            let _ = writeln!(
                out,
                "  lore_index = lore_index * {}u + (unsigned)(in{k} - ({lo}));",
                hi - lo + 1
            );
        }
        let mut scope = Scope::default();
        for _ in 0..self.rng.range(0, 2) {
            let t = self.rng.pick(&ALL);
            let l = self.fresh("l");
            let init = self.constant(t);
            let _ = writeln!(out, "  {} {l} = {init};", t.name());
            scope.locals.push((l, t));
        }
        self.depth_budget = 3;
        let n = self.rng.range(3, 12) as u32;
        self.block(out, 2, &mut scope, n);
        // The hash of every global, and of main's locals.
        let _ = writeln!(out, "  unsigned long long h = 0;");
        let mut values = Vec::new();
        for (l, t) in &scope.locals {
            values.push(format!("({}){l}", cast_from(*t)));
        }
        let globals = std::mem::take(&mut self.globals);
        for g in &globals {
            self.hash_global(g, &mut values, out);
        }
        self.globals = globals;
        for v in values {
            let _ = writeln!(out, "  h = (h << 7 | h >> 57) + (unsigned long long){v};");
        }
        let _ = writeln!(out, "  lore_check(h, lore_index);");
        let _ = writeln!(out, "  return 0;");
        let _ = writeln!(out, "}}");
    }

    /// Values to hash for one global (arrays through loops, written
    /// straight into `out`).
    fn hash_global(&self, g: &Global, values: &mut Vec<String>, out: &mut String) {
        let mix = |out: &mut String, v: &str| {
            let _ = writeln!(out, "  h = (h << 7 | h >> 57) + (unsigned long long){v};");
        };
        match g {
            Global::Scalar { name, ty } => values.push(format!("({}){name}", cast_from(*ty))),
            Global::Array { name, len, .. } => {
                let _ = writeln!(out, "  for (int k = 0; k < {len}; k++)");
                mix(out, &format!("{name}[k]"));
            }
            Global::Matrix {
                name, rows, cols, ..
            } => {
                let _ = writeln!(
                    out,
                    "  for (int k = 0; k < {rows}; k++) for (int j = 0; j < {cols}; j++)"
                );
                mix(out, &format!("{name}[k][j]"));
            }
            Global::Object { name, composite } => self.hash_object(*composite, name, out),
            Global::ObjectArray {
                name,
                composite,
                len,
            } => {
                for k in 0..*len {
                    self.hash_object(*composite, &format!("{name}[{k}]"), out);
                }
            }
        }
    }

    fn hash_object(&self, c: usize, prefix: &str, out: &mut String) {
        let comp = &self.composites[c];
        for f in &comp.fields {
            if f.name.is_empty() || (comp.is_union && f.name != "bytes") {
                continue;
            }
            match f.len {
                Some(len) => {
                    let _ = writeln!(out, "  for (int k = 0; k < {len}; k++)");
                    let _ = writeln!(
                        out,
                        "  h = (h << 7 | h >> 57) + (unsigned long long){prefix}.{}[k];",
                        f.name
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "  h = (h << 7 | h >> 57) + (unsigned long long)({})({prefix}.{});",
                        f.ty.name(),
                        f.name
                    );
                }
            }
        }
    }
}

/// The type a value is converted through before hashing (itself).
fn cast_from(t: Int) -> &'static str {
    t.name()
}
