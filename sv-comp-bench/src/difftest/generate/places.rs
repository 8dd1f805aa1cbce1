//! Places to read and write, and the expressions that read them.

use super::*;

impl Gen {
    /// A place of scalar type to read or write, in `scope`.
    pub(super) fn place(&mut self, scope: &Scope) -> Place {
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

    pub(super) fn global_place(&mut self, i: usize, scope: &Scope) -> Option<Place> {
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
    pub(super) fn member(&mut self, c: usize, prefix: &str, scope: &Scope) -> Option<Place> {
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
    pub(super) fn index(&mut self, len: u32, scope: &Scope) -> String {
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
    pub(super) fn expr(&mut self, depth: u32, scope: &Scope) -> (String, Int) {
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
    pub(super) fn chain(&mut self, scope: &Scope) -> (String, Int) {
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

    pub(super) fn leaf(&mut self, scope: &Scope) -> (String, Int) {
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
    pub(super) fn read(&mut self, p: &Place) -> (String, Int) {
        match p.bits {
            Some(b) if b > 32 || (p.ty.width(self.lp64) > 32 && b == 32) => {
                (format!("(({}){})", p.ty.name(), p.text), p.ty)
            }
            Some(_) => (p.text.clone(), p.ty.promoted()),
            None => (p.text.clone(), p.ty),
        }
    }
}
