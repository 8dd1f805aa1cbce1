//! A conjecture checked against the program, automatically: the program
//! and the transducer run in lock step in one C program — the *product* —
//! in which every symbol the program writes is compared with the next
//! symbol the transducer wrote for the same input, and the program must
//! have written all of them when it reads the next symbol or stops.
//!
//! Bounded: the input ends after at most N symbols, and Lore's BMC (with
//! unwinding assertions, so no execution is cut silently) checks every
//! input up to that length in one encoding. Unbounded: the input never
//! has to end, and Lore's verification portfolio (bounded model checking,
//! then k-induction with loop invariants) either proves the product for
//! every input length or does not. A failure is an input on which the two
//! differ, replayed concretely by the BMC before it is returned.

use crate::c;
use crate::harness::{io_functions, load, symbol_reads, symbols_read, Io, IoShape};
use crate::model::{max_symbol, Term, Transducer};
use lore_bmc::check::Verdict;
use lore_bmc::kinduction::Induction;
use lore_bmc::portfolio::{verify_portfolio, Portfolio};
use lore_bmc::symex::SymexOptions;
use lore_bmc::verify::{verify, Status};
use lore_frontend::FrontendOptions;
use std::fmt::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// The C of the product of the program (through its I/O functions) and
/// `t`; with `limit`, the input ends after that many symbols.
pub fn product_harness(t: &Transducer, io: &Io, shape: &IoShape, limit: Option<u32>) -> String {
    let mask = max_symbol(io.bits);
    let vars = c::Vars::of("__lore_", t);
    let longest = c::longest_output(t);
    let mut c = String::new();
    let _ = write!(
        c,
        r#"/* Lore: the program against a transducer, in lock step. */
{draw}
void __CPROVER_assert(int, const char *);
static int __lore_eof;
static int __lore_reads;
static int __lore_expect[{longest}];
static int __lore_nexp;
static int __lore_pos;
"#,
        draw = crate::harness::draw_c(io.bits)
    );
    c::declare(&mut c, &vars);
    let emit = |c: &mut String, terms: &[Term], indent: &str| {
        for (i, term) in terms.iter().enumerate() {
            let _ = writeln!(
                c,
                "{indent}__lore_expect[{i}] = {};",
                vars.term(term, io.bits)
            );
        }
        let _ = writeln!(c, "{indent}__lore_nexp = {};", terms.len());
    };
    // What the harness keeps true of its own variables in every execution,
    // said as an assumption: k-induction's arbitrary start state is then
    // one the harness can be in (a state number out of range would stand
    // for the last state without being it, and break relations such as
    // "the program's flag equals the state").
    c.push_str("\nstatic void __lore_sane(void) {\n");
    c::sane(&mut c, t, &vars);
    let _ = writeln!(
        c,
        "  __VERIFIER_assume(__lore_eof == 0 || __lore_eof == 1);\n  __VERIFIER_assume(__lore_nexp >= 0 && __lore_nexp <= {longest} && __lore_pos >= 0);\n}}"
    );
    c.push_str("\nstatic void __lore_step(int x) {\n");
    c::step(&mut c, t, &vars, emit);
    c.push_str("}\n\nstatic void __lore_step_end(void) {\n");
    c::end(&mut c, t, &vars, emit);
    c.push_str("}\n");
    // Bounded, the reads are counted; unbounded, only whether one has
    // happened (a counter would be one more thing for k-induction to relate).
    let (limit_line, count) = match limit {
        Some(n) => (
            format!("  if (__lore_reads >= {n}) x = -1;\n"),
            "__lore_reads = __lore_reads + 1;",
        ),
        None => (String::new(), "__lore_reads = 1;"),
    };
    let _ = write!(
        c,
        r#"
static int __lore_input(void) {{
  __lore_sane();
  if (__lore_eof) return -1;
  __CPROVER_assert(__lore_pos == __lore_nexp, "lore: the program writes less than the transducer");
  int x = __lore_draw();
{limit_line}  {count}
  __lore_pos = 0;
  __lore_nexp = 0;
  if (x < 0) {{
    __lore_eof = 1;
    __lore_step_end();
  }} else {{
    __lore_step(x);
  }}
  return x;
}}

static void __lore_output(int c) {{
  __CPROVER_assert(__lore_reads > 0, "lore: output before the first input");
  int ok = __lore_pos < __lore_nexp;
  if (ok) ok = __lore_expect[__lore_pos] == (c & {mask});
  __CPROVER_assert(ok, "lore: the program writes other output than the transducer");
  __lore_pos = __lore_pos + 1;
}}

void __lore_finish(void) {{
  __CPROVER_assert(__lore_eof, "lore: the program stops before the end of its input");
  __CPROVER_assert(__lore_pos == __lore_nexp, "lore: the program writes less than the transducer");
}}
void __lore_emit(int c) {{ }}
void __lore_end(void) {{ }}
int __lore_q[1];
"#
    );
    c.push_str(&io_functions(io, shape));
    c
}

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// No input (of the lengths checked) on which the two differ.
    Holds,
    /// An input on which they differ (replayed), and what the product
    /// says of it.
    Differs { input: Vec<u32>, what: String },
    /// Neither: why.
    Unknown(String),
}

/// The bounded check: every input of at most `n` symbols.
pub fn bounded(
    path: &Path,
    frontend: &FrontendOptions,
    io: &Io,
    shape: &IoShape,
    t: &Transducer,
    n: u32,
    options: &SymexOptions,
) -> Checked {
    let text = product_harness(t, io, shape, Some(n));
    let harnessed = match load(path, frontend, io, shape, text) {
        Ok(h) => h,
        Err(e) => return Checked::Unknown(e.to_string()),
    };
    let mut options = options.clone();
    options.unwind = options.unwind.max(n + 3);
    options.unwinding_assertions = true;
    let report = match verify(&harnessed.program, &options) {
        Ok(r) => r,
        Err(e) => return Checked::Unknown(e.to_string()),
    };
    // The read after the n-th is the end of the input, whatever was drawn.
    let truncate = |c: Checked| match c {
        Checked::Differs { mut input, what } => {
            input.truncate(n as usize);
            Checked::Differs { input, what }
        }
        other => other,
    };
    first_difference(&harnessed.program, &report)
        .map(truncate)
        .unwrap_or_else(|| match report.verdict {
            Verdict::True => Checked::Holds,
            Verdict::Unknown(why) => Checked::Unknown(why.to_string()),
            Verdict::False(name) => {
                Checked::Unknown(format!("{name} fails without a replayed input"))
            }
        })
}

pub(crate) fn first_difference(
    program: &lore_frontend::ir::Program,
    report: &lore_bmc::verify::Report,
) -> Option<Checked> {
    let reads = symbol_reads(program);
    report.properties.iter().find_map(|p| match &p.status {
        Status::Fails { inputs, .. } => {
            let input = symbols_read(&reads, inputs)
                .into_iter()
                .take_while(|&v| v >= 0)
                .map(|v| v as u32)
                .collect();
            Some(Checked::Differs {
                input,
                what: p.description.trim_start_matches("lore: ").to_string(),
            })
        }
        _ => None,
    })
}

/// The unbounded proof: the product for every input length, by Lore's
/// portfolio (bounded model checking from `options.unwind`, then
/// k-induction), within `time`.
pub fn unbounded(
    path: &Path,
    frontend: &FrontendOptions,
    io: &Io,
    shape: &IoShape,
    t: &Transducer,
    options: &SymexOptions,
    time: Duration,
) -> (Checked, Option<Induction>) {
    let text = product_harness(t, io, shape, None);
    prove(path, frontend, io, shape, text, options, time)
}

/// BEK's "can this come out?": the program under a harness whose output
/// function fails when what the program has written ends with `pattern`
/// (one symbol or several in a row), for every input length. `Holds`: it
/// never writes it; `Differs`: an input on which it does.
pub fn never_writes(
    path: &Path,
    frontend: &FrontendOptions,
    io: &Io,
    shape: &IoShape,
    pattern: &[u32],
    options: &SymexOptions,
    time: Duration,
) -> (Checked, Option<Induction>) {
    let mask = max_symbol(io.bits);
    let shown: Vec<String> = pattern.iter().map(u32::to_string).collect();
    let mut text = format!(
        r#"/* Lore: does the program ever write {shown}? */
{draw}
void __CPROVER_assert(int, const char *);
static int __lore_eof;
/* How much of the pattern the output written so far ends with. */
static int __lore_matched;
static int __lore_input(void) {{
  __VERIFIER_assume(__lore_matched >= 0 && __lore_matched < {len});
  if (__lore_eof) return -1;
  int x = __lore_draw();
  if (x < 0) __lore_eof = 1;
  return x;
}}
static void __lore_output(int c) {{
  c = c & {mask};
{matcher}  __CPROVER_assert(__lore_matched != {len}, "lore: the program writes the pattern");
}}
void __lore_finish(void) {{ }}
void __lore_emit(int c) {{ }}
void __lore_end(void) {{ }}
int __lore_q[1];
"#,
        shown = shown.join(" "),
        len = pattern.len(),
        draw = crate::harness::draw_c(io.bits),
        matcher = matcher_c(pattern),
    );
    text.push_str(&io_functions(io, shape));
    prove(path, frontend, io, shape, text, options, time)
}

/// The C that moves `__lore_matched` on the symbol `c`: the longest
/// prefix of `pattern` the output ends with afterwards (Knuth–Morris–Pratt's
/// automaton, as a table of the symbols the pattern has).
fn matcher_c(pattern: &[u32]) -> String {
    let next = |matched: usize, c: u32| -> usize {
        // The longest k <= matched + 1 with pattern[..k] a suffix of
        // pattern[..matched] followed by c.
        let mut seen: Vec<u32> = pattern[..matched].to_vec();
        seen.push(c);
        (0..=seen.len().min(pattern.len()))
            .rev()
            .find(|&k| seen.ends_with(&pattern[..k]))
            .unwrap_or(0)
    };
    let mut symbols: Vec<u32> = pattern.to_vec();
    symbols.sort_unstable();
    symbols.dedup();
    let mut c = String::from(
        "  switch (__lore_matched) {
",
    );
    for matched in 0..pattern.len() {
        let _ = writeln!(c, "  case {matched}:");
        let mut chain = Vec::new();
        for &sym in &symbols {
            let to = next(matched, sym);
            if to != 0 {
                chain.push(format!("c == {sym} ? {to} : "));
            }
        }
        let _ = writeln!(
            c,
            "    __lore_matched = {}0;
    break;",
            chain.concat()
        );
    }
    c.push_str(
        "  }
",
    );
    c
}

/// A harness's checks for every input length, by the portfolio.
fn prove(
    path: &Path,
    frontend: &FrontendOptions,
    io: &Io,
    shape: &IoShape,
    text: String,
    options: &SymexOptions,
    time: Duration,
) -> (Checked, Option<Induction>) {
    let harnessed = match load(path, frontend, io, shape, text) {
        Ok(h) => h,
        Err(e) => return (Checked::Unknown(e.to_string()), None),
    };
    prove_program(&harnessed.program, options, time)
}

/// A program's checks for every input length (its input drawn by the
/// harness's `__lore_draw`), by the portfolio: bounded model checking
/// from `options.unwind`, deepened, then k-induction.
pub(crate) fn prove_program(
    program: &lore_frontend::ir::Program,
    options: &SymexOptions,
    time: Duration,
) -> (Checked, Option<Induction>) {
    let mut options = options.clone();
    options.unwinding_assertions = true;
    let portfolio = Portfolio {
        k_induction: true,
        deepen_to: Some(options.unwind.max(2) * 8),
        deadline: Some((Instant::now(), time)),
        memory: None,
        plain_step_first: true,
    };
    let outcome = match verify_portfolio(program, &options, &portfolio, &mut |_| {}) {
        Ok(o) => o,
        Err(e) => return (Checked::Unknown(e.to_string()), None),
    };
    if let Some(d) = first_difference(program, &outcome.report) {
        return (d, outcome.induction);
    }
    let checked = match (&outcome.report.verdict, &outcome.induction) {
        (Verdict::True, Some(Induction::Proved { .. })) => Checked::Holds,
        (Verdict::True, _) if !outcome.report.bound_cut => Checked::Holds,
        (_, Some(Induction::NotProved(why))) => Checked::Unknown(format!("k-induction: {why}")),
        (Verdict::Unknown(why), _) => Checked::Unknown(why.to_string()),
        (v, _) => Checked::Unknown(format!("{v:?}")),
    };
    (checked, outcome.induction)
}
