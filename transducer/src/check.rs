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
use crate::harness::{cut_name, io_functions, load, symbol_reads, symbols_read, Io, IoShape, View};
use crate::model::{max_symbol, Term, Transducer};
use crate::oracle::MAX_SLACK;
use lore_bmc::check::Verdict;
use lore_bmc::kinduction::{Induction, Samples};
use lore_bmc::portfolio::{verify_portfolio, Portfolio};
use lore_bmc::symex::SymexOptions;
use lore_bmc::verify::{verify, Status};
use lore_frontend::FrontendOptions;
use std::fmt::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// How the product's input is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inputs {
    /// Where the program reads, without end (the proof).
    Unbounded,
    /// Where the program reads, ending after at most n symbols; the
    /// transducer steps there.
    AsRead(u32),
    /// All at the first read, at most n symbols; the transducer runs over
    /// them then ([`bounded_input`]).
    Ahead(u32),
}

impl Inputs {
    /// The bounded product that is cheaper for `t`. As read, the
    /// transducer's step is executed at every read of the program's
    /// unrolled loops; ahead, once per position, but the program's reads
    /// and the expectations become choices over the positions. Measured on
    /// JavaScriptEscape over bytes: 23 states and 242 transitions at n = 2
    /// took 11.5 s to solve as read (1.96 M clauses) and 3.0 s ahead
    /// (0.52 M); 42 transitions, 0.34 s and 0.32 s; and for the one-state
    /// sanitizers (at most 9 transitions) at n = 6, ahead was 2–5 times
    /// slower (EncodeHtml 0.6 s against 3.0 s).
    pub fn bounded(t: &Transducer, n: u32) -> Inputs {
        if t.transitions() > AHEAD_ABOVE_TRANSITIONS {
            Inputs::Ahead(n)
        } else {
            Inputs::AsRead(n)
        }
    }
}

/// See [`Inputs::bounded`].
const AHEAD_ABOVE_TRANSITIONS: usize = 24;

/// The C of the product of the program (through its I/O functions) and
/// `t`, its input drawn as `inputs` says.
pub fn product_harness(t: &Transducer, io: &Io, shape: &IoShape, inputs: Inputs) -> String {
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
    match inputs {
        Inputs::Ahead(n) => bounded_input(&mut c, n, longest),
        Inputs::AsRead(n) => input_as_read(&mut c, Some(n)),
        Inputs::Unbounded => input_as_read(&mut c, None),
    }
    let _ = write!(
        c,
        r#"
static void __lore_output(int c) {{
  __CPROVER_assert(__lore_reads > 0, "lore: output before the first input");
  int ok = __lore_pos < __lore_nexp;
  if (ok) ok = __lore_expect[__lore_pos] == (c & {mask});
  __CPROVER_assert(ok, "lore: the program writes other output than the transducer");
  __lore_pos = __lore_pos + 1;
}}

void __lore_at_end(void);
void __lore_finish(void) {{
  __lore_at_end();
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

/// The input function that draws each symbol where the program reads it
/// and steps the transducer there. Bounded (`limit`), the reads are
/// counted; unbounded, only whether one has happened (a counter would be
/// one more thing for k-induction to relate).
fn input_as_read(c: &mut String, limit: Option<u32>) {
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
"#
    );
}

/// The input function of the bounded product. The whole input (at most
/// `n` symbols, then the end) is drawn and the transducer run over it at
/// the first read, each step's expected output kept by position; a read
/// then hands the program the next symbol and makes its step's output
/// the expectation. The transducer's step is thus executed once per
/// position, not once per call of the input function in the program's
/// unrolled loops (which made the product grow with the program's read
/// sites times its states).
fn bounded_input(c: &mut String, n: u32, longest: usize) {
    // Straight-line C: no loop of the harness needs a bound of its own.
    let positions = n + 1;
    let _ = write!(
        c,
        "\nstatic int __lore_ready;\nstatic int __lore_tape[{positions}];\nstatic int __lore_steps[{positions}][{longest}];\nstatic int __lore_step_len[{positions}];\n\nstatic void __lore_run(void) {{\n  int x;\n"
    );
    for s in 0..=n {
        let draw = if s < n { "__lore_draw()" } else { "-1" };
        let _ = writeln!(
            c,
            "  x = {draw};\n  __lore_tape[{s}] = x;\n  __lore_nexp = 0;\n  if (x < 0) __lore_step_end(); else __lore_step(x);"
        );
        for i in 0..longest {
            let _ = writeln!(c, "  __lore_steps[{s}][{i}] = __lore_expect[{i}];");
        }
        let _ = writeln!(c, "  __lore_step_len[{s}] = __lore_nexp;");
        if s < n {
            c.push_str("  if (x < 0) return;\n");
        }
    }
    c.push_str(
        r#"}

static int __lore_input(void) {
  if (!__lore_ready) {
    __lore_run();
    __lore_ready = 1;
    __lore_nexp = 0;
  }
  if (__lore_eof) return -1;
  __CPROVER_assert(__lore_pos == __lore_nexp, "lore: the program writes less than the transducer");
  int r = __lore_reads;
  int x = __lore_tape[r];
"#,
    );
    for i in 0..longest {
        let _ = writeln!(c, "  __lore_expect[{i}] = __lore_steps[r][{i}];");
    }
    c.push_str(
        r#"  __lore_nexp = __lore_step_len[r];
  __lore_reads = r + 1;
  __lore_pos = 0;
  if (x < 0) __lore_eof = 1;
  return x;
}
"#,
    );
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
    let inputs = Inputs::bounded(t, n);
    bounded_as(path, frontend, io, shape, t, inputs, options)
}

/// [`bounded`] with the product's inputs drawn as `inputs` says (bounded).
pub fn bounded_as(
    path: &Path,
    frontend: &FrontendOptions,
    io: &Io,
    shape: &IoShape,
    t: &Transducer,
    inputs: Inputs,
    options: &SymexOptions,
) -> Checked {
    let n = match inputs {
        Inputs::AsRead(n) | Inputs::Ahead(n) => n,
        Inputs::Unbounded => return Checked::Unknown("a bounded check needs a bound".into()),
    };
    let text = product_harness(t, io, shape, inputs);
    let harnessed = match load(path, frontend, io, shape, text) {
        Ok(h) => h,
        Err(e) => return Checked::Unknown(e.to_string()),
    };
    let mut options = options.clone();
    let base = options.unwind.max(n + 3);
    options.unwind = base;
    options.unwinding_assertions = true;
    // A loop of the program cut by the bound (one that goes round several
    // times for a symbol, such as a tag matcher's) gets its own bound,
    // doubled until no execution is cut or it is the input's length plus
    // the oracle's most.
    let report = loop {
        let report = match verify(&harnessed.program, &options) {
            Ok(r) => r,
            Err(e) => return Checked::Unknown(e.to_string()),
        };
        if first_difference(&harnessed.program, &report).is_some() {
            break report;
        }
        let mut widened = false;
        for p in &report.properties {
            if matches!(p.status, Status::Holds) {
                continue;
            }
            if let Some(name) = cut_name(&harnessed.program, &p.kind) {
                let bound = options.unwind_set.entry(name).or_insert(base);
                if *bound < base + MAX_SLACK {
                    *bound = (*bound * 2).min(base + MAX_SLACK);
                    widened = true;
                }
            }
        }
        if !widened {
            break report;
        }
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
    let text = product_harness(t, io, shape, Inputs::Unbounded);
    // k-induction guesses invariants from the product's states on words
    // that walk through the transducer.
    let samples = crate::harness::drawn(&crate::tested::sample_words(t, SAMPLED_WORDS));
    match load(path, frontend, io, shape, text) {
        Ok(h) => prove_program(&h.program, options, time, samples),
        Err(e) => (Checked::Unknown(e.to_string()), None),
    }
}

/// Words run to show k-induction the product's states (see [`unbounded`]).
const SAMPLED_WORDS: usize = 2000;

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
    // The question is about what the program writes, whatever the view.
    let io = &Io {
        view: View::Output,
        ..io.clone()
    };
    text.push_str(&io_functions(io, shape));
    // k-induction guesses invariants from the program's states on words
    // drawn uniformly (there is no transducer to walk through).
    let samples = crate::harness::drawn(&crate::tested::uniform_words(io.bits, SAMPLED_WORDS));
    match load(path, frontend, io, shape, text) {
        Ok(h) => prove_program(&h.program, options, time, samples),
        Err(e) => (Checked::Unknown(e.to_string()), None),
    }
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

/// A program's checks for every input length (its input drawn by the
/// harness's `__lore_draw`), by the portfolio: bounded model checking
/// from `options.unwind`, deepened, then k-induction (its invariants
/// guessed in part from the runs of `samples`).
pub(crate) fn prove_program(
    program: &lore_frontend::ir::Program,
    options: &SymexOptions,
    time: Duration,
    samples: Samples,
) -> (Checked, Option<Induction>) {
    let mut options = options.clone();
    options.unwinding_assertions = true;
    let portfolio = Portfolio {
        k_induction: true,
        deepen_to: Some(options.unwind.max(2) * 8),
        deadline: Some((Instant::now(), time)),
        memory: None,
        plain_step_first: true,
        samples,
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
