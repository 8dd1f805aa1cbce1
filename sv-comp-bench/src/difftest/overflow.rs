//! Programs for the no-overflow campaign: signed arithmetic of every width
//! and operator SV-COMP's no-overflow covers (`+ - *`, unary `-`, `/` and
//! `%` with their `MIN / -1` case, `<<` of a non-negative signed value,
//! `++`/`--`, compound assignments), beside what it does not cover and a
//! verifier must not flag (unsigned arithmetic, conversions, `char` and
//! `short` arithmetic, which C does in `int`), over inputs next to the
//! types' limits.
//!
//! The truth is gcc's UBSan (`-fsanitize=signed-integer-overflow,shift`)
//! on every input combination. Two things keep it honest:
//! - other undefined behaviour is kept out by construction, so UBSan
//!   speaks only of overflow: divisors are odd (`| 1`: never zero, possibly
//!   -1), shift distances are masked into range, left operands of a signed
//!   `<<` are masked non-negative;
//! - programs are in three-address form, each operation its own statement
//!   into a variable of exactly the operation's type: gcc's front end, even
//!   at -O0, rewrites expressions in ways that hide an overflow from UBSan
//!   (`(unsigned short)(a * b)` computed in 16 bits, `x * 55719 >= C`
//!   turned into `x >= C / 55719`), and it cannot across statements.

use super::generate::Rng;
use super::types::Int;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A generated program: its text (reading `in0`, `in1`, … with
/// `__VERIFIER_nondet_int()` and assumptions), the inputs' ranges, and the
/// constructs it contains.
pub struct Program {
    pub text: String,
    pub inputs: Vec<(i64, i64)>,
    pub features: BTreeSet<&'static str>,
}

/// Values an input ranges around: the limits of `int` and of `short`, the
/// root of `int`'s largest value, and small numbers.
const CENTERS: [i64; 9] = [
    0,
    1,
    -2,
    46_340,
    32_767,
    2_147_483_646,
    -2_147_483_647,
    65_536,
    -65_536,
];

/// The types values take: the signed ones the property is about, and the
/// unsigned and narrow ones it is not.
const TYPES: [Int; 8] = [
    Int::Int,
    Int::Int,
    Int::Long,
    Int::LLong,
    Int::UInt,
    Int::ULLong,
    Int::Short,
    Int::SChar,
];

struct Gen<'r> {
    rng: &'r mut Rng,
    lp64: bool,
    /// Variables so far: name and type.
    vars: Vec<(String, Int)>,
    features: BTreeSet<&'static str>,
    fresh: u32,
}

pub fn generate(rng: &mut Rng, lp64: bool) -> Program {
    let inputs: Vec<(i64, i64)> = (0..rng.range(1, 3))
        .map(|_| {
            let c = rng.pick(&CENTERS);
            let lo = (c - rng.range(0, 1)).max(i64::from(i32::MIN));
            let hi = (c + rng.range(0, 2)).min(i64::from(i32::MAX));
            (lo, hi)
        })
        .collect();
    let mut g = Gen {
        rng,
        lp64,
        vars: (0..inputs.len())
            .map(|k| (format!("in{k}"), Int::Int))
            .collect(),
        features: BTreeSet::new(),
        fresh: 0,
    };
    let mut body = String::new();
    for _ in 0..g.rng.range(4, 12) {
        g.statement(&mut body, "  ", 0);
    }
    let mut text = String::from("/* Lore differential test (no-overflow): generated program. */\n");
    for k in 0..inputs.len() {
        let _ = writeln!(text, "int in{k};");
    }
    let _ = writeln!(text, "int main(void) {{");
    for (k, (lo, hi)) in inputs.iter().enumerate() {
        let _ = writeln!(text, "  in{k} = __VERIFIER_nondet_int();");
        let _ = writeln!(text, "  __VERIFIER_assume(in{k} >= {lo} && in{k} <= {hi});");
    }
    text.push_str(&body);
    let _ = writeln!(text, "  return 0;\n}}");
    Program {
        text,
        inputs,
        features: g.features,
    }
}

impl Gen<'_> {
    /// A new variable of type `ty`, declared with `value`.
    fn define(&mut self, out: &mut String, pad: &str, ty: Int, value: &str) -> String {
        self.fresh += 1;
        let name = format!("v{}", self.fresh);
        let _ = writeln!(out, "{pad}{} {name} = {value};", ty.name());
        self.vars.push((name.clone(), ty));
        name
    }

    fn var(&mut self) -> (String, Int) {
        let k = self.rng.below(self.vars.len() as u64) as usize;
        self.vars[k].clone()
    }

    /// A variable of exactly type `ty`, converting one if need be.
    fn var_of(&mut self, out: &mut String, pad: &str, ty: Int) -> String {
        let have: Vec<String> = self
            .vars
            .iter()
            .filter(|(_, t)| *t == ty)
            .map(|(n, _)| n.clone())
            .collect();
        if !have.is_empty() && self.rng.chance(70) {
            return have[self.rng.below(have.len() as u64) as usize].clone();
        }
        let (v, _) = self.var();
        let value = if self.rng.chance(25) {
            self.constant(ty)
        } else {
            self.features.insert("conversion");
            format!("({}){v}", ty.name())
        };
        self.define(out, pad, ty, &value)
    }

    fn constant(&mut self, ty: Int) -> String {
        let v: i64 = match self.rng.below(4) {
            0 => self.rng.range(-4, 4),
            1 => i64::from(i32::MAX) - self.rng.range(0, 2),
            2 => i64::from(i32::MIN) + self.rng.range(0, 2),
            _ => self.rng.range(0, 70_000),
        };
        format!("({})({v}LL)", ty.name())
    }

    fn statement(&mut self, out: &mut String, pad: &str, depth: u32) {
        match self.rng.below(12) {
            0..=4 => self.operation(out, pad),
            5 => {
                // Compound assignment to a variable of at least int's rank,
                // with an operand of its own type.
                let (v, ty) = self.var();
                if ty.width(self.lp64) < 32 || v.starts_with("in") {
                    return self.operation(out, pad);
                }
                let w = self.var_of(out, pad, ty);
                let op = self.rng.pick(&["+=", "-=", "*=", "/=", "%="]);
                let w = if matches!(op, "/=" | "%=") {
                    self.define(out, pad, ty, &format!("{w} | 1"))
                } else {
                    w
                };
                self.features.insert("compound assignment");
                let _ = writeln!(out, "{pad}{v} {op} {w};");
            }
            6 => {
                let (v, ty) = self.var();
                if v.starts_with("in") {
                    return self.operation(out, pad);
                }
                let op = self.rng.pick(&["++", "--"]);
                self.features.insert(if ty.width(self.lp64) < 32 {
                    "++/-- narrow"
                } else {
                    "++/--"
                });
                if self.rng.chance(50) {
                    let _ = writeln!(out, "{pad}{v}{op};");
                } else {
                    let _ = writeln!(out, "{pad}{op}{v};");
                }
            }
            7 if depth < 2 => {
                let (a, _) = self.var();
                let (b, _) = self.var();
                let cmp = self.rng.pick(&["<", "==", "!=", ">="]);
                let c = self.define(out, pad, Int::Int, &format!("{a} {cmp} {b}"));
                let _ = writeln!(out, "{pad}if ({c}) {{");
                let inner = format!("{pad}  ");
                let saved = self.vars.len();
                for _ in 0..self.rng.range(1, 3) {
                    self.statement(out, &inner, depth + 1);
                }
                self.vars.truncate(saved);
                let _ = writeln!(out, "{pad}}}");
            }
            8 if depth < 2 => {
                let (v, ty) = self.var();
                if ty.width(self.lp64) < 32 || v.starts_with("in") {
                    return self.operation(out, pad);
                }
                let w = self.var_of(out, pad, ty);
                let n = self.rng.range(1, 3);
                self.fresh += 1;
                let i = format!("i{}", self.fresh);
                let op = self.rng.pick(&["+=", "-=", "*="]);
                self.features.insert("loop");
                let _ = writeln!(
                    out,
                    "{pad}for (int {i} = 0; {i} < {n}; {i}++) {v} {op} {w};"
                );
            }
            _ => self.operation(out, pad),
        }
    }

    /// One operation into a new variable of its type.
    fn operation(&mut self, out: &mut String, pad: &str) {
        let ty = self.rng.pick(&TYPES);
        // Arithmetic happens in the promoted type.
        let t = ty.promoted();
        let width = t.width(self.lp64);
        let narrow = ty.width(self.lp64) < 32;
        let a = self.var_of(out, pad, ty);
        match self.rng.below(7) {
            0..=2 => {
                let b = self.var_of(out, pad, ty);
                let op = self.rng.pick(&["+", "-", "*"]);
                self.features.insert(match (narrow, t.signed(), op) {
                    (true, _, _) => "narrow arithmetic (in int)",
                    (_, false, _) => "unsigned arithmetic",
                    (_, _, "+") => "+ signed",
                    (_, _, "-") => "- signed",
                    _ => "* signed",
                });
                if t.signed() && width == 64 {
                    self.features.insert("64-bit signed arithmetic");
                }
                self.define(out, pad, t, &format!("{a} {op} {b}"));
            }
            3 => {
                let b = self.var_of(out, pad, ty);
                let d = self.define(out, pad, t, &format!("{b} | 1"));
                let op = self.rng.pick(&["/", "%"]);
                self.features.insert(if op == "/" { "/" } else { "%" });
                self.define(out, pad, t, &format!("{a} {op} {d}"));
            }
            4 => {
                self.features.insert("unary -");
                self.define(out, pad, t, &format!("-{a}"));
            }
            _ => {
                // `<<` of a non-negative value by a distance in range.
                let left = if t.signed() {
                    self.features.insert(if width == 64 {
                        "<< signed 64-bit"
                    } else {
                        "<< signed"
                    });
                    let mask = if width == 64 {
                        "0x7fffffffffffffffLL"
                    } else {
                        "0x7fffffff"
                    };
                    self.define(out, pad, t, &format!("{a} & {mask}"))
                } else {
                    a
                };
                let (b, _) = self.var();
                let n = self.define(out, pad, Int::Int, &format!("(int)({b} & {})", width - 1));
                self.define(out, pad, t, &format!("{left} << {n}"));
            }
        }
    }
}
