//! BEK's questions about learned transducers, decided on the transducers
//! themselves: two *pipelines* of transducers read the same input (each
//! transducer of a pipeline reads what the one before it writes), and the
//! question is whether the two pipelines write the same output.
//!
//! - idempotence of T: `[T, T]` against `[T]`;
//! - A and B commute: `[A, B]` against `[B, A]`;
//! - A and B are equivalent: `[A]` against `[B]`.
//!
//! The two pipelines are written as one C program with no other input
//! than the symbols it draws, and Lore's BMC decides it: every input of
//! length 0, 1, …, N in turn (so the first difference found is a shortest
//! one), then every length by k-induction. The outputs are compared
//! through a queue of what one pipeline has written ahead of the other;
//! the queue is as long as two equal pipelines can drift apart (the most
//! one input symbol makes each write, plus the most each can still write
//! at the end), so a longer drift is a difference too.

use crate::c::{self, Vars};
use crate::check::{first_difference, prove_program, Checked};
use crate::explore::{explore, Explored};
use crate::harness::draw_c;
use crate::model::{max_symbol, Term, Transducer};
use lore_bmc::kinduction::Induction;
use lore_bmc::symex::SymexOptions;
use lore_bmc::verify::verify;
use lore_frontend::FrontendOptions;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// Two pipelines on one input; an empty pipeline writes its input.
#[derive(Clone, Debug)]
pub struct Pipelines<'a> {
    pub left: Vec<&'a Transducer>,
    pub right: Vec<&'a Transducer>,
}

const DIFFER: &str = "lore: the two pipelines write different output";
const DRIFT: &str = "lore: one pipeline writes more than the other can still catch up with";
const LONGER: &str = "lore: one pipeline writes more in all";

impl Pipelines<'_> {
    /// The most one pipeline writes for one input symbol, and the most it
    /// writes at the end of the input.
    fn most(pipeline: &[&Transducer]) -> (usize, usize) {
        pipeline.iter().fold((1, 0), |(step, end), t| {
            let k = c::longest_output(t);
            (step * k, end * k + k)
        })
    }

    /// How far apart the two outputs may be while the pipelines can still
    /// be equal, plus one.
    pub(crate) fn capacity(&self) -> usize {
        let (ls, le) = Self::most(&self.left);
        let (rs, re) = Self::most(&self.right);
        ls + le + rs + re + 1
    }

    /// The C program; with `limit`, the input has at most that many
    /// symbols.
    pub fn to_c(&self, bits: u32, limit: Option<u32>) -> String {
        let mask = max_symbol(bits);
        let cap = self.capacity();
        let mut c = format!(
            r#"/* Lore: two pipelines of transducers on one input; do they write the same? */
{draw}
void __CPROVER_assert(int, const char *);
static int __lore_buf[{cap}];
static int __lore_head;
static int __lore_count;
static int __lore_side;

/* A symbol written by the pipeline on `side` (1: left, 2: right): queued
   while that side is ahead, else compared with the other's oldest. */
static void __lore_out(int side, int c) {{
  if (__lore_count == 0 || __lore_side == side) {{
    __CPROVER_assert(__lore_count < {cap}, "{DRIFT}");
    int at = __lore_head + __lore_count;
    if (at >= {cap}) at = at - {cap};
    __lore_buf[at] = c;
    __lore_count = __lore_count + 1;
    __lore_side = side;
  }} else {{
    __CPROVER_assert(__lore_buf[__lore_head] == c, "{DIFFER}");
    __lore_head = __lore_head + 1;
    if (__lore_head >= {cap}) __lore_head = 0;
    __lore_count = __lore_count - 1;
  }}
}}
"#,
            draw = draw_c(bits)
        );
        let names = |side: &str, n: usize| format!("__lore_{side}{n}_");
        let mut sane = format!(
            "\nstatic void __lore_sane(void) {{\n  __VERIFIER_assume(__lore_head >= 0 && __lore_head < {cap});\n  __VERIFIER_assume(__lore_count >= 0 && __lore_count <= {cap});\n  __VERIFIER_assume(__lore_side >= 0 && __lore_side <= 2);\n"
        );
        for i in 0..cap {
            let _ = writeln!(
                sane,
                "  __VERIFIER_assume(__lore_buf[{i}] >= 0 && __lore_buf[{i}] <= {mask});"
            );
        }
        for (side, code, pipeline) in [("l", 1, &self.left), ("r", 2, &self.right)] {
            // Written last first, so that each is defined before its caller.
            for (n, t) in pipeline.iter().enumerate().rev() {
                let prefix = names(side, n);
                let vars = Vars::of(&prefix, t);
                c.push('\n');
                c::declare(&mut c, &vars);
                c::sane(&mut sane, t, &vars);
                let next = if n + 1 == pipeline.len() {
                    format!("__lore_out({code}, ")
                } else {
                    format!("{}step(", names(side, n + 1))
                };
                let emit = |c: &mut String, terms: &[Term], indent: &str| {
                    for term in terms {
                        let _ = writeln!(
                            c,
                            "{indent}{{ int v = {}; __CPROVER_assert(v >= 0, \"lore: a term looks back before the input's start\"); {next}v); }}",
                            vars.term(term, bits)
                        );
                    }
                };
                let _ = writeln!(c, "static void {prefix}step(int x) {{");
                c::step(&mut c, t, &vars, emit);
                let _ = writeln!(c, "}}\nstatic void {prefix}end(void) {{");
                c::end(&mut c, t, &vars, emit);
                if n + 1 < pipeline.len() {
                    let _ = writeln!(c, "  {}end();", names(side, n + 1));
                }
                c.push_str("}\n");
            }
        }
        sane.push_str("}\n");
        c.push_str(&sane);
        let start = |side: &str, code: u32, pipeline: &[&Transducer], what: &str| {
            if pipeline.is_empty() {
                if what == "step" {
                    format!("__lore_out({code}, x);")
                } else {
                    String::new()
                }
            } else {
                format!(
                    "{}{what}({});",
                    names(side, 0),
                    if what == "step" { "x" } else { "" }
                )
            }
        };
        let (head, tail) = match limit {
            Some(n) => (format!("  for (int n = 0; n < {n}; n++) {{\n"), ""),
            None => ("  while (1) {\n".to_string(), ""),
        };
        let _ = write!(
            c,
            r#"
int main(void) {{
{head}    __lore_sane();
    int x = __lore_draw();
    if (x < 0) break;
    {ls}
    {rs}
  }}{tail}
  {le}
  {re}
  __CPROVER_assert(__lore_count == 0, "{LONGER}");
  return 0;
}}
"#,
            ls = start("l", 1, &self.left, "step"),
            rs = start("r", 2, &self.right, "step"),
            le = start("l", 1, &self.left, "end"),
            re = start("r", 2, &self.right, "end"),
        );
        c
    }
}

/// What the pipelines' check found.
#[derive(Clone, Debug)]
pub struct Decision {
    /// By the BMC (when the exploration did not decide): `Differs`, a
    /// shortest input on which the two write different output; `Holds`,
    /// none of at most `bound` symbols.
    pub bounded: Option<Checked>,
    pub bound: u32,
    /// Every length by k-induction (when the BMC's bounded check holds).
    pub proof: Option<(Checked, Option<Induction>)>,
    /// Every length by exploring every configuration (alphabets of up to
    /// 8 bits).
    pub explored: Option<Explored>,
    pub seconds: f64,
}

impl Decision {
    /// A shortest input found on which the two differ.
    pub fn witness(&self) -> Option<&[u32]> {
        match (&self.bounded, &self.proof, &self.explored) {
            (Some(Checked::Differs { input, .. }), _, _)
            | (_, Some((Checked::Differs { input, .. }, _)), _)
            | (_, _, Some(Explored::Differs { input })) => Some(input),
            _ => None,
        }
    }

    /// Equal on every input, of every length.
    pub fn proved(&self) -> bool {
        matches!(self.proof, Some((Checked::Holds, _)))
            || matches!(self.explored, Some(Explored::Equal { .. }))
    }
}

/// Decides whether the two pipelines write the same on every input. For
/// alphabets of up to 8 bits, by exploring every configuration (breadth
/// first: a difference found is a shortest one); otherwise, or when there
/// are too many, symbolically by the BMC: lengths 0..=`bound` one at a
/// time, then every length by k-induction within `time`.
pub fn decide(p: &Pipelines<'_>, bits: u32, bound: u32, time: Duration) -> Decision {
    let started = Instant::now();
    let explored = (bits <= 8).then(|| explore(p, bits, EXPLORE_LIMIT));
    let done = |bounded: Option<Checked>, proof, explored| Decision {
        bounded,
        bound,
        proof,
        explored,
        seconds: started.elapsed().as_secs_f64(),
    };
    if matches!(
        explored,
        Some(Explored::Equal { .. } | Explored::Differs { .. })
    ) {
        return done(None, None, explored);
    }
    match shortest_difference(p, bits, bound) {
        Checked::Holds => done(Some(Checked::Holds), Some(prove(p, bits, time)), explored),
        other => done(Some(other), None, explored),
    }
}

/// A shortest input of at most `bound` symbols on which the pipelines
/// differ, by the BMC on each length in turn.
pub fn shortest_difference(p: &Pipelines<'_>, bits: u32, bound: u32) -> Checked {
    for n in 0..=bound {
        let program = match load(&p.to_c(bits, Some(n))) {
            Ok(program) => program,
            Err(why) => return Checked::Unknown(why),
        };
        let options = SymexOptions {
            unwind: n + 1,
            unwinding_assertions: true,
            ..SymexOptions::default()
        };
        let report = match verify(&program, &options) {
            Ok(r) => r,
            Err(e) => return Checked::Unknown(e.to_string()),
        };
        match first_difference(&program, &report) {
            Some(d) => return only_differences(d),
            None if matches!(report.verdict, lore_bmc::check::Verdict::True) => {}
            None => return Checked::Unknown(format!("{:?}", report.verdict)),
        }
    }
    Checked::Holds
}

/// The pipelines equal on every input, of every length, by the BMC's
/// portfolio (k-induction) within `time`.
pub fn prove(p: &Pipelines<'_>, bits: u32, time: Duration) -> (Checked, Option<Induction>) {
    let program = match load(&p.to_c(bits, None)) {
        Ok(program) => program,
        Err(why) => return (Checked::Unknown(why), None),
    };
    let options = SymexOptions {
        unwind: 2,
        ..SymexOptions::default()
    };
    let (proof, induction) = prove_program(&program, &options, time, Default::default());
    (only_differences(proof), induction)
}

/// The most configurations explored (each tried on every symbol).
const EXPLORE_LIMIT: usize = 100_000;

/// A failed assertion other than the comparison's (a term without a value)
/// says nothing about the question.
fn only_differences(c: Checked) -> Checked {
    match c {
        Checked::Differs { what, .. } if !is_comparison(&what) => Checked::Unknown(what),
        other => other,
    }
}

fn is_comparison(what: &str) -> bool {
    [DIFFER, DRIFT, LONGER]
        .iter()
        .any(|d| d.trim_start_matches("lore: ") == what)
}

/// Lowers the pipelines' C (it needs no preprocessing beyond the front
/// end's own).
fn load(text: &str) -> Result<lore_frontend::ir::Program, String> {
    let file = crate::harness::temp_file("pipelines", "c", text)
        .map_err(|e| format!("cannot write a temporary file: {e}"))?;
    let loaded = lore_frontend::load(file.path(), &FrontendOptions::default());
    drop(file);
    match loaded.program {
        Some(p) if !loaded.has_errors() => Ok(p),
        _ => Err(format!(
            "the pipelines' C does not load: {:?}",
            loaded.diagnostics.first().map(|d| d.to_string())
        )),
    }
}
