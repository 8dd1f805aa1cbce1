//! Statements, functions, `main` and the hash of the globals.

use super::*;

impl Gen {
    pub(super) fn block(&mut self, out: &mut String, indent: usize, scope: &mut Scope, count: u32) {
        for _ in 0..count {
            self.statement(out, indent, scope);
        }
    }

    pub(super) fn statement(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
        let pad = " ".repeat(indent);
        let nested = self.depth_budget > 0;
        match self.rng.below(22) {
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
            18 | 19 => self.store_value(out, indent, scope),
            20 | 21 if nested => self.control_shape(out, indent, scope),
            _ => {
                let p = self.place(scope);
                let (e, _) = self.expr(2, scope);
                let _ = writeln!(out, "{pad}{} = {e};", p.text);
            }
        }
    }

    /// `place op= value`, with the operand kept out of undefined behaviour.
    pub(super) fn compound(&mut self, out: &mut String, pad: &str, scope: &Scope) {
        let p = self.place(scope);
        let text = self.compound_text(&p, scope);
        let _ = writeln!(out, "{pad}{text};");
    }

    /// The text of `p op= value` (no trailing semicolon).
    pub(super) fn compound_text(&mut self, p: &Place, scope: &Scope) -> String {
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
        format!("{} {op} {rhs}", p.text)
    }

    /// A store whose value is used (C11 6.5.16p3: the value the object
    /// holds afterwards, of its promoted type): chained into another
    /// variable, inside arithmetic or a comparison, as a condition, as a
    /// call's argument or in a `for` header. The store's place is preferably
    /// a bit-field. Nothing else in the expression reads or writes it
    /// (only constants and inputs beside it), and the variable written with
    /// the result is a scalar of another name, which no pointer reaches, so
    /// the program stays free of unsequenced accesses.
    pub(super) fn store_value(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
        let pad = " ".repeat(indent);
        let mut q = self.place(scope);
        for _ in 0..6 {
            if q.bits.is_some() || self.rng.chance(30) {
                break;
            }
            q = self.place(scope);
        }
        let store = match self.rng.below(6) {
            0 | 1 => {
                // Into a bit-field, often a constant that does not fit.
                let e = if q.bits.is_some() && self.rng.chance(50) {
                    let ty = self.rng.pick(&ALL);
                    self.constant(ty)
                } else {
                    let depth = self.rng.range(0, 2) as u32;
                    self.expr(depth, scope).0
                };
                format!("({} = {e})", q.text)
            }
            2 | 3 => format!("({})", self.compound_text(&q, scope)),
            _ => {
                let op = self.rng.pick(&["++", "--"]);
                if self.rng.chance(50) {
                    format!("({op}{})", q.text)
                } else {
                    format!("(({}){op})", q.text)
                }
            }
        };
        // A store to a bit-field wider than `int` has gcc's own N-bit type
        // (see `read`): cast to the declared type, as CBMC and Lore type it.
        let store = match q.bits {
            Some(b) if b > 32 || (q.ty.width(self.lp64) > 32 && b == 32) => {
                format!("(({}){store})", q.ty.name())
            }
            _ => store,
        };
        self.features.insert(if q.bits.is_some() {
            "store to bit-field as value"
        } else {
            "store as value"
        });
        let root = root_name(&q.text);
        let mut dest: Vec<String> = scope
            .locals
            .iter()
            .map(|(n, _)| n.clone())
            .chain(self.globals.iter().filter_map(|g| match g {
                Global::Scalar { name, .. } => Some(name.clone()),
                _ => None,
            }))
            .filter(|n| *n != root)
            .collect();
        dest.sort();
        let k = self.store_operand();
        let nested = self.depth_budget > 0;
        match self.rng.below(6) {
            0 if !dest.is_empty() => {
                let d = dest[self.rng.below(dest.len() as u64) as usize].clone();
                let _ = writeln!(out, "{pad}{d} = {store};");
            }
            1 | 2 if !dest.is_empty() => {
                let d = dest[self.rng.below(dest.len() as u64) as usize].clone();
                let op = self
                    .rng
                    .pick(&["+", "-", "*", "^", "&", "|", "<", ">", "==", "!=", "<="]);
                let _ = writeln!(out, "{pad}{d} = ({store} {op} {k});");
            }
            3 if nested => {
                self.depth_budget -= 1;
                let op = self.rng.pick(&["", " < ", " > ", " == ", " != ", " >= "]);
                let cond = if op.is_empty() {
                    store
                } else {
                    format!("{store}{op}{k}")
                };
                let _ = writeln!(out, "{pad}if ({cond}) {{");
                let mut inner = scope.clone();
                self.block(out, indent + 2, &mut inner, 1);
                let _ = writeln!(out, "{pad}}}");
                self.depth_budget += 1;
            }
            4 if nested => {
                // In a `for` header: the condition, after the counter's test.
                self.depth_budget -= 1;
                let i = self.fresh("i");
                let b = self.rng.range(1, 4) as u32;
                let op = self.rng.pick(&[" != ", " < ", " > "]);
                let _ = writeln!(
                    out,
                    "{pad}for (int {i} = 0; {i} < {b} && {store}{op}{k}; {i}++) {{"
                );
                let mut inner = scope.clone();
                inner.counters.push((i, b));
                self.block(out, indent + 2, &mut inner, 1);
                let _ = writeln!(out, "{pad}}}");
                self.features.insert("store as value in a loop header");
                self.depth_budget += 1;
            }
            _ => {
                // As an argument (the others constants or inputs), or as the
                // value of a local's initialiser.
                let with_params: Vec<usize> = (0..self.functions.len())
                    .filter(|&f| {
                        !self.functions[f].params.is_empty()
                            && self.functions[f].ret.is_ok()
                            && self.functions[f].struct_param.is_none()
                    })
                    .collect();
                if !with_params.is_empty() && !dest.is_empty() {
                    let f = with_params[self.rng.below(with_params.len() as u64) as usize];
                    let (name, n) = (
                        self.functions[f].name.clone(),
                        self.functions[f].params.len(),
                    );
                    let at = self.rng.below(n as u64) as usize;
                    let args: Vec<String> = (0..n)
                        .map(|j| {
                            if j == at {
                                store.clone()
                            } else {
                                self.store_operand()
                            }
                        })
                        .collect();
                    let d = dest[self.rng.below(dest.len() as u64) as usize].clone();
                    let _ = writeln!(out, "{pad}{d} = {name}({});", args.join(", "));
                    self.features.insert("store as argument");
                } else {
                    let t = self.rng.pick(&ALL);
                    let l = self.fresh("l");
                    let _ = writeln!(out, "{pad}{} {l} = {store};", t.name());
                    scope.locals.push((l, t));
                }
            }
        }
    }

    /// An operand beside a store: a constant or an input, never a place.
    fn store_operand(&mut self) -> String {
        if !self.inputs.is_empty() && self.rng.chance(30) {
            let k = self.rng.below(self.inputs.len() as u64);
            format!("in{k}")
        } else {
            let ty = self.rng.pick(&ALL);
            self.constant(ty)
        }
    }

    pub(super) fn for_loop(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
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
    pub(super) fn struct_copy(&mut self, out: &mut String, pad: &str, scope: &Scope) {
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
        let value = match self.rng.below(5) {
            0 => {
                // A struct- or union-valued conditional.
                let other = all[self.rng.below(all.len() as u64) as usize].clone();
                let (c, _) = self.expr(1, scope);
                self.features.insert("struct-valued ?:");
                format!("({c}) ? {from} : {other}")
            }
            // A compound literal of a struct (of a union it would leave the
            // bytes past its first member unspecified: gcc and Lore zero
            // them, CBMC leaves them nondeterministic, and the hash reads
            // them).
            1 if !self.composites[c].is_union => {
                self.features.insert("compound literal");
                let ty = self.composite_type(c);
                if self.rng.chance(50) {
                    let init = self.initializer(c);
                    format!("({ty}){init}")
                } else {
                    let init = self.designated(c);
                    format!("({ty}){init}")
                }
            }
            _ => from,
        };
        let _ = writeln!(out, "{pad}{to} = {value};");
    }

    /// A designated initialiser of composite `c` naming some of its
    /// members (one, for a union), in any order: the rest are zero.
    pub(super) fn designated(&mut self, c: usize) -> String {
        let named: Vec<usize> = (0..self.composites[c].fields.len())
            .filter(|&k| !self.composites[c].fields[k].name.is_empty())
            .collect();
        let mut parts = Vec::new();
        for &k in &named {
            if self.rng.chance(50) || (self.composites[c].is_union && !parts.is_empty()) {
                continue;
            }
            let (name, ty, len) = {
                let f = &self.composites[c].fields[k];
                (f.name.clone(), f.ty, f.len)
            };
            let v = match len {
                Some(len) => {
                    let at = self.rng.below(u64::from(len));
                    format!("{{ [{at}] = {} }}", self.constant(ty))
                }
                None => self.constant(ty),
            };
            parts.push(format!(".{name} = {v}"));
        }
        self.features.insert("designated initialiser with gaps");
        if parts.is_empty() {
            "{ 0 }".to_string()
        } else {
            format!("{{ {} }}", parts.join(", "))
        }
    }

    pub(super) fn call(&mut self, out: &mut String, pad: &str, scope: &Scope) {
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
    pub(super) fn object_of(&mut self, c: usize) -> Option<String> {
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
    pub(super) fn pointer_block(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
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
    pub(super) fn vla_block(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
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
    pub(super) fn union_pun(&mut self, out: &mut String, pad: &str, scope: &Scope) {
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

    pub(super) fn function(&mut self, out: &mut String) {
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

    pub(super) fn main(&mut self, out: &mut String) {
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
}

/// The variable a place's text starts with (`a` of `a[i].f`).
fn root_name(place: &str) -> String {
    place
        .trim_start_matches(['*', '(', '&'])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The type a value is converted through before hashing (itself).
pub(super) fn cast_from(t: Int) -> &'static str {
    t.name()
}
