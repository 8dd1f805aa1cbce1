//! Programs for the valid-memsafety campaign: lists and trees of heap
//! nodes, arrays of pointers and heap arrays of ints, built and taken apart
//! under input-dependent branches and small loops, with pointers kept in
//! globals and in locals, copied, overwritten, freed on some paths and not
//! others — and now and then an error: a use after free, a double free, a
//! free of a pointer that is no block's start, an index one past a heap
//! array, a null dereference, the last pointer to a block lost.
//!
//! Every field of every block is written before it is read (blocks come
//! from `calloc` or are initialised at once), so the runs are the same in
//! gcc and in Lore; the truth is gcc's AddressSanitizer for valid-deref and
//! valid-free and valgrind's leak check (blocks definitely or indirectly
//! lost) for valid-memtrack, on every input combination.

use super::generate::Rng;
use std::collections::BTreeSet;
use std::fmt::Write as _;

pub struct Program {
    pub text: String,
    pub inputs: Vec<(i64, i64)>,
    pub features: BTreeSet<&'static str>,
}

/// Local node pointers, global node pointers.
const LOCALS: u32 = 3;
const GLOBALS: u32 = 2;

struct Gen<'r> {
    rng: &'r mut Rng,
    inputs: usize,
    features: BTreeSet<&'static str>,
    fresh: u32,
    /// Errors still allowed (a program has at most this many chances).
    errors: u32,
}

pub fn generate(rng: &mut Rng) -> Program {
    let inputs: Vec<(i64, i64)> = (0..rng.range(1, 2)).map(|_| (0, rng.range(1, 3))).collect();
    let mut g = Gen {
        rng,
        inputs: inputs.len(),
        features: BTreeSet::new(),
        fresh: 0,
        errors: 1,
    };
    let mut body = String::new();
    for _ in 0..g.rng.range(4, 10) {
        g.statement(&mut body, "  ", 0);
    }
    match g.rng.below(3) {
        0 => g.cleanup(&mut body),
        1 => {
            // What the locals hold is kept by globals: reachable, no leak.
            g.features.insert("parked in globals");
            body.push_str("  k0 = p0; k1 = p1; k2 = p2; ka = a;\n");
        }
        _ => {}
    }
    let mut text = String::from(
        "/* Lore differential test (valid-memsafety): generated program. */\n\
         #include <stdlib.h>\n\
         struct node { struct node *next; struct node *other; int v; };\n",
    );
    for k in 0..GLOBALS {
        let _ = writeln!(text, "struct node *g{k};");
    }
    let _ = writeln!(text, "int *ga;");
    let _ = writeln!(text, "struct node *k0, *k1, *k2;\nint *ka;");
    for k in 0..inputs.len() {
        let _ = writeln!(text, "int in{k};");
    }
    text.push_str(
        "static struct node *node(int v) {\n\
         \x20 struct node *n = malloc(sizeof *n);\n\
         \x20 n->next = 0;\n\
         \x20 n->other = 0;\n\
         \x20 n->v = v;\n\
         \x20 return n;\n\
         }\n",
    );
    let _ = writeln!(text, "int main(void) {{");
    for (k, (lo, hi)) in inputs.iter().enumerate() {
        let _ = writeln!(text, "  in{k} = __VERIFIER_nondet_int();");
        let _ = writeln!(text, "  __VERIFIER_assume(in{k} >= {lo} && in{k} <= {hi});");
    }
    for k in 0..LOCALS {
        let _ = writeln!(text, "  struct node *p{k} = 0;");
    }
    let _ = writeln!(text, "  int *a = 0;");
    text.push_str(&body);
    let _ = writeln!(text, "  return 0;\n}}");
    Program {
        text,
        inputs,
        features: g.features,
    }
}

impl Gen<'_> {
    fn local(&mut self) -> String {
        format!("p{}", self.rng.below(u64::from(LOCALS)))
    }

    fn pointer(&mut self) -> String {
        if self.rng.chance(25) {
            format!("g{}", self.rng.below(u64::from(GLOBALS)))
        } else {
            self.local()
        }
    }

    fn input_test(&mut self) -> String {
        let k = self.rng.below(self.inputs as u64);
        let op = self.rng.pick(&["==", "!=", "<", ">"]);
        format!("in{k} {op} {}", self.rng.range(0, 2))
    }

    fn statement(&mut self, out: &mut String, pad: &str, depth: u32) {
        match self.rng.below(16) {
            0..=2 => {
                let p = self.pointer();
                self.fresh += 1;
                let _ = writeln!(out, "{pad}{p} = node({});", self.fresh);
                self.features.insert("malloc");
            }
            3 => {
                // Link: p->next or p->other = q.
                let (p, q) = (self.pointer(), self.pointer());
                let field = self.rng.pick(&["next", "other"]);
                let _ = writeln!(out, "{pad}if ({p}) {p}->{field} = {q};");
                self.features.insert("link");
            }
            4 => {
                let (p, q) = (self.pointer(), self.pointer());
                let _ = writeln!(out, "{pad}{p} = {q};");
                self.features.insert("pointer copy");
            }
            5 => {
                let (p, q) = (self.pointer(), self.pointer());
                let field = self.rng.pick(&["next", "other"]);
                let _ = writeln!(out, "{pad}if ({q}) {p} = {q}->{field};");
                self.features.insert("follow");
            }
            6 => {
                // Free, then forget the pointer (or not: a dangling one).
                let p = self.pointer();
                if self.rng.chance(70) {
                    let _ = writeln!(out, "{pad}free({p});\n{pad}{p} = 0;");
                } else {
                    let _ = writeln!(out, "{pad}free({p});");
                    self.features.insert("dangling pointer");
                }
                self.features.insert("free");
            }
            7 | 8 if depth < 2 => {
                let c = self.input_test();
                let _ = writeln!(out, "{pad}if ({c}) {{");
                let inner = format!("{pad}  ");
                for _ in 0..self.rng.range(1, 3) {
                    self.statement(out, &inner, depth + 1);
                }
                if self.rng.chance(40) {
                    let _ = writeln!(out, "{pad}}} else {{");
                    for _ in 0..self.rng.range(1, 2) {
                        self.statement(out, &inner, depth + 1);
                    }
                }
                let _ = writeln!(out, "{pad}}}");
                self.features.insert("branch on input");
            }
            9 if depth < 2 => {
                // A list built in a loop, its head in p.
                let p = self.pointer();
                let n = self.rng.range(1, 3);
                self.fresh += 1;
                let i = format!("i{}", self.fresh);
                let _ = writeln!(
                    out,
                    "{pad}for (int {i} = 0; {i} < {n}; {i}++) {{ struct node *n = node({i}); n->next = {p}; {p} = n; }}"
                );
                self.features.insert("list in a loop");
            }
            10 if depth < 2 => {
                // A list freed in a loop.
                let p = self.pointer();
                let _ = writeln!(
                    out,
                    "{pad}while ({p}) {{ struct node *next = {p}->next; free({p}); {p} = next; }}"
                );
                self.features.insert("list freed in a loop");
            }
            11 => {
                // A heap array of ints, kept in `a` or the global `ga`.
                let n = self.rng.range(2, 4);
                let dst = self.rng.pick(&["a", "ga"]);
                let _ = writeln!(
                    out,
                    "{pad}{dst} = calloc({n}, sizeof(int));\n{pad}{dst}[in0 % {n}] = 7;"
                );
                self.features.insert("heap array");
            }
            12 => {
                let p = self.pointer();
                let _ = writeln!(out, "{pad}if ({p}) {p}->v += 1;");
            }
            13 if self.errors > 0 => {
                self.errors -= 1;
                self.error(out, pad);
            }
            _ => {
                let p = self.pointer();
                let q = self.local();
                let _ = writeln!(out, "{pad}if ({p} && {p}->v > 2) {q} = 0;");
                self.features.insert("lost pointer");
            }
        }
    }

    /// A memory error, under an input test so that some runs avoid it.
    fn error(&mut self, out: &mut String, pad: &str) {
        let c = self.input_test();
        let p = self.local();
        let text = match self.rng.below(6) {
            0 => {
                self.features.insert("error: use after free");
                format!("if ({p}) {{ free({p}); {p}->v = 1; }}")
            }
            1 => {
                self.features.insert("error: double free");
                format!("if ({p}) {{ free({p}); free({p}); }}")
            }
            2 => {
                self.features.insert("error: free inside a block");
                format!("if ({p}) free(&{p}->v);")
            }
            3 => {
                self.features.insert("error: index past a heap array");
                "{ int *b = calloc(2, sizeof(int)); b[in0 + 2 - in0] = 1; free(b); }".to_string()
            }
            4 => {
                self.features.insert("error: null dereference");
                format!("{p} = 0; {p}->v = 3;")
            }
            _ => {
                self.features.insert("error: last pointer lost");
                format!("{p} = node(99); {p} = 0;")
            }
        };
        let _ = writeln!(out, "{pad}if ({c}) {{ {text} }}");
    }

    /// Frees what the locals and globals point to (one level: lists
    /// further on stay, which is fine for valid-memtrack when a global
    /// holds them, and a leak when not).
    fn cleanup(&mut self, out: &mut String) {
        self.features.insert("cleanup");
        // Each pointer may alias another: free through one name only, and
        // forget every copy (a second free would be a double free).
        let _ = writeln!(
            out,
            "  if (p0) {{ if (p1 == p0) p1 = 0; if (p2 == p0) p2 = 0; if (g0 == p0) g0 = 0; if (g1 == p0) g1 = 0; free(p0); p0 = 0; }}"
        );
        let _ = writeln!(out, "  free(a);");
    }
}
