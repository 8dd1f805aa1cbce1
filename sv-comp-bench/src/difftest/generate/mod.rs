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

mod control;
mod hash;
mod places;
mod statements;

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
}
