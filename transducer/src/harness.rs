//! The program under a harness: its input function reads a tape and its
//! output function records, in C that Lore's own front end and BMC run.
//!
//! The harness is C text preprocessed ahead of the program (`-include`).
//! Where the program only declares the input or output function (`getchar`
//! from `<stdio.h>`), the harness defines it; where the program defines it
//! (`read_unit` over `getchar`), the harness's body replaces the program's
//! in the IR. A call of `__lore_finish` is put before every return of
//! `main` and every `exit` or `abort`, so that the end of the input is
//! checked wherever the program stops; `main` stays the entry, so k-induction sees its loop.
//!
//! Two harnesses share this: the *query* harness ([`query_harness`]),
//! whose question is data — a block of words (`__lore_q`) set before each
//! solver call — and the *product* harness of a conjecture
//! ([`crate::check`]).

use lore_frontend::diag::Diagnostic;
use lore_frontend::ir::{Callee, Program, Stmt, StmtKind, Terminator};
use lore_frontend::types::{TypeId, TypeKind};
use lore_frontend::{FrontendOptions, Loaded};
use std::path::Path;

/// Which functions are the program's input and output, the symbols'
/// width, and what of the output the harnesses see. The input function
/// takes nothing and returns a symbol or -1 at the end of the input; the
/// output function takes one symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Io {
    pub input: String,
    pub output: String,
    pub bits: u32,
    pub view: View,
}

impl Default for Io {
    fn default() -> Io {
        Io {
            input: "getchar".into(),
            output: "putchar".into(),
            bits: 8,
            view: View::Output,
        }
    }
}

/// What of the program's output the harnesses record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum View {
    /// Every symbol, in the step that writes it.
    #[default]
    Output,
    /// *Validate, then echo*: the whole output is kept, and at the end of
    /// the input one symbol is written in its place — [`REJECTED`] when
    /// the output was this string, else [`ECHOED`] when it was the input
    /// itself, else [`NEITHER`]. (On the input that is the string itself
    /// both hold; it counts as rejected, so that a validity language that
    /// does not hold the string need not make an exception of it.) A transducer of this view is an automaton of
    /// the inputs the program echoes (every step writes nothing, every end
    /// one of the three). The view keeps at most `capacity` symbols of
    /// input and of output (more in either makes the end symbol
    /// [`NEITHER`]), so it says what the program does for every input of
    /// at most `capacity` symbols when the string is shorter than that.
    EchoOr { reject: Vec<u32>, capacity: usize },
}

impl View {
    /// What the harnesses record of a run that reads `input` and writes
    /// `output`, step by step as one string (the C of [`io_functions`],
    /// said in Rust).
    pub fn seen(&self, input: &[u32], output: &[u32]) -> Vec<u32> {
        match self {
            View::Output => output.to_vec(),
            View::EchoOr { reject, capacity } => {
                let symbol = if input.len() > *capacity || output.len() > *capacity {
                    NEITHER
                } else if output == reject.as_slice() {
                    REJECTED
                } else if output == input {
                    ECHOED
                } else {
                    NEITHER
                };
                vec![symbol]
            }
        }
    }
}

/// The end symbols of [`View::EchoOr`].
pub const ECHOED: u32 = 1;
pub const REJECTED: u32 = 0;
pub const NEITHER: u32 = 2;
/// The least capacity of the echo view. Each harness stores what it
/// keeps in arrays of this size, and their size costs: JavascriptNumber
/// was learned in 9.5 s with 208 symbols kept, 5.0 s with 16.
pub const ECHO_CAPACITY: usize = 64;

/// Why a program cannot be put under the harness.
#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    #[error("the program does not load")]
    Load(Box<Loaded>),
    #[error("{0}")]
    Shape(String),
    #[error("cannot write the harness: {0}")]
    Write(#[from] std::io::Error),
}

/// How the program declares one of its I/O functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declared {
    /// The program gives it a body (then the harness replaces the body).
    pub defined: bool,
    /// It returns `int` (else `void`).
    pub returns_int: bool,
}

mod streams;
pub use streams::STDIO_WRAPPERS;

/// The shape of the program's I/O, from a load without the harness.
#[derive(Clone, Copy, Debug)]
pub struct IoShape {
    pub input: Declared,
    pub output: Declared,
    /// The stream functions of [`STDIO_WRAPPERS`] the harness defines over
    /// the input and output functions (bit i for the i-th): those the
    /// program calls and does not define, where its I/O is `getchar` and
    /// `putchar`.
    pub wrapped: u16,
}

impl IoShape {
    /// Whether the harness defines the stream function `name`.
    pub fn wraps(&self, name: &str) -> bool {
        STDIO_WRAPPERS
            .iter()
            .position(|w| *w == name)
            .is_some_and(|i| self.wrapped & (1 << i) != 0)
    }
}

/// Loads the program alone and checks its I/O functions' signatures.
pub fn io_shape(path: &Path, options: &FrontendOptions, io: &Io) -> Result<IoShape, HarnessError> {
    let loaded = lore_frontend::load(path, options);
    let Some(program) = loaded.program.as_ref().filter(|_| !loaded.has_errors()) else {
        return Err(HarnessError::Load(Box::new(loaded)));
    };
    if !(1..=16).contains(&io.bits) {
        return Err(HarnessError::Shape(format!(
            "symbols of {} bits: Lore's transducers take 1 to 16",
            io.bits
        )));
    }
    let declared = |name: &str, params: usize| -> Result<Declared, HarnessError> {
        let id = program.function_by_name(name).ok_or_else(|| {
            HarnessError::Shape(format!("the program never declares or calls `{name}`"))
        })?;
        let f = program.function(id);
        let types = &program.types;
        let ty = types.function_type(f.ty).expect("a function's type");
        let int_like = |t: TypeId| types.is_integer(t);
        let returns_int = int_like(ty.ret);
        let ok = ty.params.len() == params
            && ty.params.iter().all(|&p| int_like(p))
            && (returns_int || matches!(types.kind(ty.ret), TypeKind::Void))
            && !ty.variadic;
        if !ok {
            return Err(HarnessError::Shape(format!(
                "`{name}` must take {} and return {}",
                if params == 0 {
                    "no argument"
                } else {
                    "one integer"
                },
                if params == 0 {
                    "an integer"
                } else {
                    "an integer or nothing"
                }
            )));
        }
        if params == 0 && !returns_int {
            return Err(HarnessError::Shape(format!(
                "`{name}` must return an integer"
            )));
        }
        Ok(Declared {
            defined: f.body.is_some(),
            returns_int,
        })
    };
    let input = declared(&io.input, 0)?;
    let output = declared(&io.output, 1)?;
    let wrapped = streams::wrapped(program, io, &input, &output)?;
    Ok(IoShape {
        input,
        output,
        wrapped,
    })
}

/// Words in the query block.
pub const QUERY_WORDS: usize = 4096;
/// The longest input a query can hold (prefix and current symbol).
pub const MAX_TAPE: usize = 200;
/// The most symbols one step may write.
pub const MAX_STEP_OUTPUT: usize = 48;

/// The query harness. Its question, in `__lore_q`:
/// `q[0]` = n, the symbols before the current one; `q[1]` = where the
/// expectation starts; `q[2]` = the mode; `q[3 + p]` = where the set of
/// position p (0 ≤ p ≤ n) starts: a count c and c pairs lo, hi (-1 is the
/// end of the input). The expectation: a count m of classes, each a set's
/// offset, a length L and L terms of three words (kind, back, argument:
/// 0 constant, 1 λ−back + argument, 2/3 hex digit (lower/upper case) of
/// nibble `argument`, 4 decimal digit at 10^argument).
///
/// Mode 0: fail where the step after position n ends; mode 1: fail where
/// its output differs from the expectation's class of λ0; mode 2: fail
/// where it equals it.
pub fn query_harness(io: &Io, shape: &IoShape) -> String {
    let mask = crate::model::max_symbol(io.bits);
    let mut c = format!(
        r#"/* Lore's transducer harness: the input is a tape, the output is recorded. */
{draw}
void __VERIFIER_assume(int);
void __CPROVER_assert(int, const char *);
int __lore_q[{QUERY_WORDS}];
static int __lore_reads;
static int __lore_eof;
static int __lore_tape[{tape}];
static int __lore_out[{MAX_STEP_OUTPUT}];
static int __lore_nout;
void __lore_emit(int c) {{ }}
void __lore_end(void) {{ }}
void __lore_at_end(void);

static int __lore_in(int x, int at) {{
  int k = __lore_q[at];
  for (int i = 0; i < k; i++) {{
    if (__lore_q[at + 1 + 2 * i] <= x && x <= __lore_q[at + 2 + 2 * i]) return 1;
  }}
  return 0;
}}

static int __lore_term(int at) {{
  int kind = __lore_q[at];
  int back = __lore_q[at + 1];
  int arg = __lore_q[at + 2];
  int pos = __lore_q[0] - back;
  if (kind == 0) return arg;
  if (pos < 0) return -2;
  int v = __lore_tape[pos];
  if (v < 0) return -2;
  if (kind == 1) return (v + arg) & {mask};
  if (kind == 2 || kind == 3) {{
    int d = (v >> (4 * arg)) & 15;
    return d < 10 ? 48 + d : (kind == 2 ? 97 : 65) + d - 10;
  }}
  for (int i = 0; i < arg; i++) v = v / 10;
  return 48 + v % 10;
}}

static int __lore_matches(void) {{
  int at = __lore_q[1];
  int m = __lore_q[at];
  int x = __lore_tape[__lore_q[0]];
  at = at + 1;
  for (int c = 0; c < m; c++) {{
    int len = __lore_q[at + 1];
    if (__lore_in(x, __lore_q[at])) {{
      if (__lore_nout != len) return 0;
      for (int i = 0; i < len; i++) {{
        if (__lore_out[i] != __lore_term(at + 2 + 3 * i)) return 0;
      }}
      return 1;
    }}
    at = at + 2 + 3 * len;
  }}
  return 1;
}}

static void __lore_step_over(void) {{
  __lore_end();
  int mode = __lore_q[2];
  if (mode == 0) __CPROVER_assert(0, "lore: the step ends");
  if (mode == 1) __CPROVER_assert(__lore_matches(), "lore: the step writes the expected output");
  if (mode == 2) __CPROVER_assert(!__lore_matches(), "lore: the step writes other output");
  __VERIFIER_assume(0);
}}

static int __lore_input(void) {{
  int n = __lore_q[0];
  int k = __lore_reads;
  if (k > n) {{
    if (__lore_eof) return -1;
    __lore_step_over();
  }}
  /* The position is looked up by a loop over the question's positions,
     not by indexing with k: k may differ between paths (a program that
     reads twice in some steps), and an index that is not a constant
     would make every access a case split over the whole question. */
  int x = 0;
  for (int p = 0; p <= n; p++) {{
    if (p == k) {{
      int at = __lore_q[3 + p];
      if (__lore_q[at] == 1 && __lore_q[at + 1] == __lore_q[at + 2]) {{
        x = __lore_q[at + 1];
      }} else {{
        x = __lore_draw();
        __VERIFIER_assume(__lore_in(x, at));
      }}
      __lore_tape[p] = x;
    }}
  }}
  __lore_reads = k + 1;
  if (x < 0) __lore_eof = 1;
  return x;
}}

static void __lore_output(int c) {{
  int k = __lore_reads;
  __CPROVER_assert(k > 0, "lore: output before the first input");
  if (k == __lore_q[0] + 1) {{
    __CPROVER_assert(__lore_nout < {MAX_STEP_OUTPUT}, "lore: too much output in one step");
    __lore_emit(c & {mask});
    __lore_out[__lore_nout] = c & {mask};
    __lore_nout = __lore_nout + 1;
  }}
}}

void __lore_finish(void) {{
  __lore_at_end();
  __CPROVER_assert(__lore_reads > __lore_q[0] && __lore_eof,
                   "lore: the program stops before the end of its input");
  __lore_step_over();
}}
"#,
        tape = MAX_TAPE + 1,
        draw = draw_c(io.bits),
    );
    c.push_str(&io_functions(io, shape));
    c
}

/// How the harnesses draw a symbol or the end of the input: a flag, then
/// a symbol of the symbols' own width (so that the program's arithmetic on
/// it can be done at that width: `c / 10` on a byte is a byte division).
pub fn draw_c(bits: u32) -> String {
    let ty = if bits <= 8 {
        "unsigned char"
    } else {
        "unsigned short"
    };
    let mask = crate::model::max_symbol(bits);
    format!(
        r#"_Bool nondet_lore_end(void);
{ty} nondet_lore_symbol(void);
static int __lore_read_end(void) {{ return nondet_lore_end(); }}
static int __lore_read_symbol(void) {{
  int s = nondet_lore_symbol();
  __VERIFIER_assume(s <= {mask});
  return s;
}}
static int __lore_draw(void) {{
  if (__lore_read_end()) return -1;
  return __lore_read_symbol();
}}
void __VERIFIER_assume(int);"#
    )
}

/// Runs of a harness that draws with [`draw_c`], each reading one of
/// `words` and then its end: the values its two drawing functions take.
pub(crate) fn drawn(words: &[Vec<u32>]) -> lore_bmc::kinduction::Samples {
    let runs = words
        .iter()
        .map(|w| {
            let mut ends = vec![0u128; w.len()];
            ends.push(1);
            vec![
                ("__lore_read_end".to_string(), ends),
                (
                    "__lore_read_symbol".to_string(),
                    w.iter().map(|&x| u128::from(x)).collect(),
                ),
            ]
        })
        .collect();
    lore_bmc::kinduction::Samples { runs }
}

/// Definitions of the program's I/O functions over the harness's
/// `__lore_input` and `__lore_output`: under their own names where the
/// program only declares them, else under stand-in names whose bodies
/// [`load`] moves into the program's functions. And `__lore_at_end`,
/// which the harness's `__lore_finish` calls first: under the echo view it
/// writes the end symbol, else it does nothing.
pub fn io_functions(io: &Io, shape: &IoShape) -> String {
    let name = |d: &Declared, own: &str, stand_in: &str| {
        if d.defined {
            stand_in.to_string()
        } else {
            own.to_string()
        }
    };
    let input = name(&shape.input, &io.input, INPUT_STAND_IN);
    let output = name(&shape.output, &io.output, OUTPUT_STAND_IN);
    let (read, write, at_end) = match &io.view {
        View::Output => (
            "__lore_input()".to_string(),
            "__lore_output(c)",
            "void __lore_at_end(void) { }\n".to_string(),
        ),
        View::EchoOr { reject, capacity } => (
            "__lore_echo_in(__lore_input())".to_string(),
            "__lore_echo_out(c)",
            echo_c(io.bits, reject, *capacity),
        ),
    };
    let out = if shape.output.returns_int {
        format!("int {output}(int c) {{ {write}; return c; }}\n")
    } else {
        format!("void {output}(int c) {{ {write}; }}\n")
    };
    // With `ungetc`, a symbol pushed back is read again before the tape.
    let read = if shape.wraps("ungetc") {
        format!(
            "if (__lore_pushed >= 0) {{ int c = __lore_pushed; __lore_pushed = -1; return c; }} return {read};"
        )
    } else {
        format!("return {read};")
    };
    let pushed = if shape.wraps("ungetc") {
        "static int __lore_pushed = -1;\n"
    } else {
        ""
    };
    format!(
        "{at_end}{pushed}int {input}(void) {{ {read} }}\n{out}{}",
        streams::wrappers_c(shape, &input, &output)
    )
}

/// The echo view's C ([`View::EchoOr`]). Input and output are kept as
/// they come, and each symbol is compared with its counterpart as soon as
/// both are there, so that no loop over them is needed at the end.
fn echo_c(bits: u32, reject: &[u32], capacity: usize) -> String {
    let mask = crate::model::max_symbol(bits);
    let mut r = String::new();
    for (i, v) in reject.iter().enumerate() {
        r.push_str(&format!("  if (k == {i}) return c == {v};\n"));
    }
    format!(
        r#"/* The echo view: is the whole output the input, or "{shown}"? */
static int __lore_echo_inp[{cap}];
static int __lore_echo_outp[{cap}];
static int __lore_echo_nin;
static int __lore_echo_nout;
static int __lore_echo_same = 1;
static int __lore_echo_rejects = 1;
static int __lore_echo_full;
static int __lore_echo_reject_at(int k, int c) {{
{r}  return 0;
}}
static int __lore_echo_in(int x) {{
  if (x < 0) return x;
  int k = __lore_echo_nin;
  if (k >= {cap}) {{
    __lore_echo_full = 1;
    return x;
  }}
  __lore_echo_inp[k] = x;
  if (k < __lore_echo_nout && __lore_echo_outp[k] != x) __lore_echo_same = 0;
  __lore_echo_nin = k + 1;
  return x;
}}
static void __lore_echo_out(int c) {{
  c = c & {mask};
  int k = __lore_echo_nout;
  if (k >= {cap}) {{
    __lore_echo_full = 1;
    return;
  }}
  __lore_echo_outp[k] = c;
  if (k < __lore_echo_nin && __lore_echo_inp[k] != c) __lore_echo_same = 0;
  if (!__lore_echo_reject_at(k, c)) __lore_echo_rejects = 0;
  __lore_echo_nout = k + 1;
}}
void __lore_at_end(void) {{
  int v = {neither};
  if (!__lore_echo_full) {{
    if (__lore_echo_rejects && __lore_echo_nout == {len}) v = {rejected};
    else if (__lore_echo_same && __lore_echo_nin == __lore_echo_nout) v = {echoed};
  }}
  __lore_output(v);
}}
"#,
        shown = crate::model::show_string(reject).replace("*/", "* /"),
        cap = capacity,
        len = reject.len(),
        neither = NEITHER,
        echoed = ECHOED,
        rejected = REJECTED,
    )
}

const INPUT_STAND_IN: &str = "__lore_input_function";
const OUTPUT_STAND_IN: &str = "__lore_output_function";

/// A program under a harness.
pub struct Harnessed {
    pub program: Program,
    /// The harness's C text (for `--show-harness` and for errors).
    pub text: String,
}

/// Loads `path` with `harness` ahead of it and wires the two together.
pub fn load(
    path: &Path,
    options: &FrontendOptions,
    io: &Io,
    shape: &IoShape,
    harness: String,
) -> Result<Harnessed, HarnessError> {
    let file = temp_file("harness", "h", &harness)?;
    let mut options = options.clone();
    options
        .cpp_options
        .extend(["-include".to_string(), file.path().display().to_string()]);
    let loaded = lore_frontend::load(path, &options);
    drop(file);
    let mut program = match loaded.program {
        Some(p) if !loaded.diagnostics.iter().any(Diagnostic::is_error) => p,
        _ => return Err(HarnessError::Load(Box::new(loaded))),
    };
    let substitute = |program: &mut Program, own: &str, stand_in: &str| {
        let (Some(own), Some(stand_in)) = (
            program.function_by_name(own),
            program.function_by_name(stand_in),
        ) else {
            return;
        };
        let body = program.function(stand_in).clone();
        let f = &mut program.functions[own.index()];
        f.params = body.params;
        f.locals = body.locals;
        f.body = body.body;
    };
    if shape.input.defined {
        substitute(&mut program, &io.input, INPUT_STAND_IN);
    }
    if shape.output.defined {
        substitute(&mut program, &io.output, OUTPUT_STAND_IN);
    }
    // The input function must be called by the program itself.
    let input_id = program.function_by_name(&io.input);
    let called = program.functions.iter().any(|f| {
        !f.name.starts_with("__lore_")
            && Some(f.name.as_str()) != Some(io.input.as_str())
            && f.body.iter().flat_map(|b| &b.blocks).flat_map(|b| &b.stmts).any(|s| {
                matches!(&s.kind, StmtKind::Call { callee: Callee::Direct(id), .. } if Some(*id) == input_id)
            })
    });
    if !called {
        return Err(HarnessError::Shape(format!(
            "the program never calls `{}`: there is no input to learn from",
            io.input
        )));
    }
    let finish = program
        .function_by_name("__lore_finish")
        .ok_or_else(|| HarnessError::Shape("the harness has no `__lore_finish`".into()))?;
    let entry = program
        .entry
        .ok_or_else(|| HarnessError::Shape("the program has no `main`".into()))?;
    for (id, f) in program.functions.iter_mut().enumerate() {
        let Some(body) = f.body.as_mut() else {
            continue;
        };
        for block in &mut body.blocks {
            let ends = match block.term {
                Terminator::Return(_) => id == entry.index(),
                // `exit` ends the input as a return of `main` does; an
                // `abort` too (the checks then say what it left undone).
                Terminator::Halt(
                    lore_frontend::ir::HaltKind::Exit | lore_frontend::ir::HaltKind::Abort,
                ) => true,
                _ => false,
            };
            if ends {
                block.stmts.push(Stmt {
                    kind: StmtKind::Call {
                        dest: None,
                        callee: Callee::Direct(finish),
                        args: Vec::new(),
                    },
                    loc: block.term_loc,
                });
            }
        }
    }
    for name in [
        "__lore_finish",
        "__lore_at_end",
        "__lore_emit",
        "__lore_end",
        INPUT_STAND_IN,
        OUTPUT_STAND_IN,
    ] {
        if let Some(id) = program.function_by_name(name) {
            program.functions[id.index()].is_lore_library = true;
        }
    }
    Ok(Harnessed {
        program,
        text: harness,
    })
}

/// Where the harnesses read the end flag and the symbol (the locations of
/// the nondet values of `__lore_read_end` and `__lore_read_symbol`).
pub struct Reads {
    end: Vec<lore_frontend::source::Loc>,
    symbol: Vec<lore_frontend::source::Loc>,
}

pub fn symbol_reads(program: &Program) -> Reads {
    let locs = |name: &str| -> Vec<lore_frontend::source::Loc> {
        let Some(id) = program.function_by_name(name) else {
            return Vec::new();
        };
        program
            .function(id)
            .body
            .iter()
            .flat_map(|b| &b.blocks)
            .flat_map(|b| &b.stmts)
            .filter(|s| matches!(s.kind, StmtKind::Nondet { .. }))
            .map(|s| s.loc)
            .collect()
    };
    Reads {
        end: locs("__lore_read_end"),
        symbol: locs("__lore_read_symbol"),
    }
}

/// The symbols a counterexample drew, in order (-1 for the end).
pub fn symbols_read(
    reads: &Reads,
    inputs: &[(String, lore_frontend::source::Loc, Vec<u8>)],
) -> Vec<i64> {
    let value = |bytes: &[u8]| {
        bytes
            .iter()
            .take(4)
            .enumerate()
            .fold(0i64, |v, (i, &b)| v | i64::from(b) << (8 * i))
    };
    let mut out = Vec::new();
    for (_, loc, bytes) in inputs {
        if reads.end.contains(loc) {
            if value(bytes) & 1 == 1 {
                out.push(-1);
            }
        } else if reads.symbol.contains(loc) {
            out.push(value(bytes));
        }
    }
    out
}

/// The name `unwind_set` gives the loop or recursion a cut check is about.
pub fn cut_name(program: &Program, kind: &lore_bmc::symex::CheckKind) -> Option<String> {
    match kind {
        lore_bmc::symex::CheckKind::Unwinding {
            function,
            loop_index,
        } => Some(format!("{}.{loop_index}", program.function(*function).name)),
        lore_bmc::symex::CheckKind::Recursion { function } => {
            Some(program.function(*function).name.clone())
        }
        _ => None,
    }
}

/// Unwinding bounds for the harness's own loops (over the question's
/// words, whose counts are constants of the question): enough for any
/// question, so that the bound only ever limits the program's loops.
pub fn harness_unwinding(program: &Program) -> Vec<(String, u32)> {
    program
        .functions
        .iter()
        .filter(|f| f.name.starts_with("__lore_"))
        .flat_map(|f| {
            let loops = f.body.as_ref().map_or(0, |b| b.loops.len());
            (0..loops).map(move |i| (format!("{}.{i}", f.name), QUERY_WORDS as u32))
        })
        .collect()
}

/// A fresh temporary file `lore-{stem}-<random>.{extension}` holding
/// `text` (the harness's header, the pipelines' program), removed when the
/// returned guard is dropped. `tempfile` creates it exclusively with mode
/// 0600 under a name no one can predict: a predictable one (this was
/// `lore-{stem}-{pid}-{n}`) lets another user plant a symbolic link there
/// that the write would follow.
pub(crate) fn temp_file(
    stem: &str,
    extension: &str,
    text: &str,
) -> std::io::Result<tempfile::NamedTempFile> {
    use std::io::Write;
    let mut file = tempfile::Builder::new()
        .prefix(&format!("lore-{stem}-"))
        .suffix(&format!(".{extension}"))
        .tempfile()?;
    file.write_all(text.as_bytes())?;
    file.flush()?;
    Ok(file)
}
