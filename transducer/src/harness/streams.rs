//! The C library's stream functions under the harness: which of them a
//! program calls ([`wrapped`]: defined by the harness, or the program
//! refused), and their C ([`wrappers_c`]) over the harness's input and
//! output functions.

use super::{Declared, HarnessError, Io, IoShape};
use lore_frontend::ir::{Callee, Program, StmtKind};

/// The C library's stream functions a program reading `getchar`'s input
/// and writing `putchar`'s output may use instead (on `stdin` and
/// `stdout`): the harness defines them over its own input and output, so
/// that what they read and write is the tape and the recorded output.
pub const STDIO_WRAPPERS: [&str; 9] = [
    "getc", "fgetc", "ungetc", "putc", "fputc", "fputs", "puts", "fwrite", "printf",
];

/// I/O functions the harness does not see through and that do not change
/// what the program reads or writes on its streams (flushing, an error
/// message on stderr).
const HARMLESS_IO: [&str; 2] = ["fflush", "perror"];

/// Other stream functions: a program calling them reads or writes data the
/// harness cannot observe (formatted output, other files).
const UNOBSERVED_IO: [&str; 14] = [
    "printf", "fprintf", "vprintf", "vfprintf", "scanf", "fscanf", "fread", "fgets", "fopen",
    "freopen", "getline", "getdelim", "read", "write",
];

/// The stream functions of [`STDIO_WRAPPERS`] the harness must define for
/// `program` (bit i for the i-th), or the program refused where it calls
/// an I/O function whose input or output the harness would not see.
pub(super) fn wrapped(
    program: &Program,
    io: &Io,
    input: &Declared,
    output: &Declared,
) -> Result<u16, HarnessError> {
    // Stream functions the program calls: wrapped where the harness can,
    // else the program is refused (their input or output would be lost:
    // a transducer learned and "proved" without it).
    let stdio = io.input == "getchar" && io.output == "putchar";
    let defines = |name: &str| {
        program
            .function_by_name(name)
            .is_some_and(|f| program.function(f).body.is_some())
    };
    let replaced = |caller: &str| {
        (caller == io.input && input.defined) || (caller == io.output && output.defined)
    };
    // (callee, caller, where, whether the harness can take it: a printf
    // whose format the front end lowers through the harness's functions)
    let mut calls: Vec<(String, String, lore_frontend::source::Loc, bool)> = program
        .stubbed_io
        .iter()
        .map(|c| {
            let ok = c.callee != "printf" || c.through_harness;
            (c.callee.clone(), c.caller.clone(), c.loc, ok)
        })
        .collect();
    for f in &program.functions {
        for block in f.body.iter().flat_map(|b| &b.blocks) {
            for stmt in &block.stmts {
                if let StmtKind::Call {
                    callee: Callee::Direct(id),
                    ..
                } = &stmt.kind
                {
                    let callee = program.function(*id);
                    if callee.body.is_none()
                        && (STDIO_WRAPPERS.contains(&callee.name.as_str())
                            || UNOBSERVED_IO.contains(&callee.name.as_str()))
                    {
                        calls.push((callee.name.clone(), f.name.clone(), stmt.loc, true));
                    }
                }
            }
        }
    }
    let mut wrapped = 0u16;
    for (callee, caller, loc, ok) in calls {
        if callee == io.input
            || callee == io.output
            || replaced(&caller)
            || HARMLESS_IO.contains(&callee.as_str())
        {
            continue;
        }
        match STDIO_WRAPPERS.iter().position(|w| *w == callee) {
            Some(i) if stdio && ok && !defines(&callee) => wrapped |= 1 << i,
            _ => {
                return Err(HarnessError::Shape(format!(
                    "`{caller}` calls `{callee}` (line {}), whose input or output the harness \
                     does not see: Lore learns from what `{}` reads and `{}` writes{}",
                    loc.line,
                    io.input,
                    io.output,
                    if stdio {
                        " (and from getc, fgetc, ungetc on stdin, putc, fputc, fputs, puts, \
                         fwrite on stdout, printf with a constant format of %c %s %d %i %u %x \
                         %X %o, a 0 flag and a width)"
                    } else {
                        ""
                    }
                )))
            }
        }
    }
    Ok(wrapped)
}

/// `__lore_printf_digits{suffix}`: `v` in `base`, padded to `width` (with
/// zeros or spaces), a minus sign first where `minus`; for 64-bit and, a
/// quarter of the divisions at half their width, 32-bit arguments.
fn printf_digits(suffix: &str, ty: &str, buffer: u32, output: &str) -> String {
    format!(
        "static void __lore_printf_digits{suffix}({ty} v, int base, int upper, int width, \
         int zero, int minus) {{\n\
         \x20 char d[{buffer}]; int n = 0;\n\
         \x20 do {{ int x = (int)(v % base); d[n++] = (char)(x < 10 ? 48 + x : (upper ? 65 : 97) + x - 10); \
         v = v / base; }} while (v != 0);\n\
         \x20 int pad = width - n - minus;\n\
         \x20 if (!zero) for (; pad > 0; pad--) {output}(32);\n\
         \x20 if (minus) {output}(45);\n\
         \x20 if (zero) for (; pad > 0; pad--) {output}(48);\n\
         \x20 while (n > 0) {output}((unsigned char)d[--n]);\n\
         }}\n"
    )
}

/// The C of the stream functions of `shape.wrapped`, over the harness's
/// `input` and `output` (the streams made three distinct objects).
pub(super) fn wrappers_c(shape: &IoShape, input: &str, output: &str) -> String {
    if shape.wrapped == 0 {
        return String::new();
    }
    let mut c = String::from(
        "/* The stream functions the program uses, over the harness's input and output. */\n\
         #include <stdio.h>\n\
         struct __lore_file { int __lore_fd; };\n\
         static FILE __lore_streams[3];\n\
         FILE *stdin = &__lore_streams[0];\n\
         FILE *stdout = &__lore_streams[1];\n\
         FILE *stderr = &__lore_streams[2];\n",
    );
    for (i, name) in STDIO_WRAPPERS.iter().enumerate() {
        if shape.wrapped & (1 << i) == 0 {
            continue;
        }
        let body = match *name {
            "getc" | "fgetc" => format!(
                "int {name}(FILE *f) {{ __VERIFIER_assume(f == stdin); return {input}(); }}"
            ),
            "ungetc" => "int ungetc(int c, FILE *f) { __VERIFIER_assume(f == stdin); \
                 if (c < 0) return -1; __lore_pushed = (unsigned char)c; return (unsigned char)c; }"
                .to_string(),
            "putc" | "fputc" => format!(
                "int {name}(int c, FILE *f) {{ if (f == stdout) {output}((unsigned char)c); \
                 return (unsigned char)c; }}"
            ),
            "fputs" => format!(
                "int fputs(const char *s, FILE *f) {{ for (; *s; s++) if (f == stdout) \
                 {output}((unsigned char)*s); return 0; }}"
            ),
            "puts" => format!(
                "int puts(const char *s) {{ for (; *s; s++) {output}((unsigned char)*s); \
                 {output}(10); return 0; }}"
            ),
            "fwrite" => format!(
                "size_t fwrite(const void *p, size_t size, size_t n, FILE *f) {{ \
                 const unsigned char *b = p; if (f == stdout) for (size_t i = 0; i < size * n; i++) \
                 {output}(b[i]); return n; }}"
            ),
            "printf" => format!(
                "void __lore_printf_char(int c) {{ {output}((unsigned char)c); }}\n\
                 void __lore_printf_str(const char *s) {{ for (; *s; s++) {output}((unsigned char)*s); }}\n\
                 {}{}\
                 void __lore_printf_unsigned(unsigned long long v, int base, int upper, int width, int zero) \
                 {{ __lore_printf_digits(v, base, upper, width, zero, 0); }}\n\
                 void __lore_printf_signed(long long v, int width, int zero) {{ \
                 __lore_printf_digits(v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, 10, 0, \
                 width, zero, v < 0); }}\n\
                 void __lore_printf_unsigned32(unsigned v, int base, int upper, int width, int zero) \
                 {{ __lore_printf_digits32(v, base, upper, width, zero, 0); }}\n\
                 void __lore_printf_signed32(int v, int width, int zero) {{ \
                 __lore_printf_digits32(v < 0 ? 0U - (unsigned)v : (unsigned)v, 10, 0, width, zero, v < 0); }}",
                printf_digits("", "unsigned long long", 24, output),
                printf_digits("32", "unsigned", 12, output),
            ),
            _ => unreachable!("a stream function of STDIO_WRAPPERS"),
        };
        c.push_str(&body);
        c.push('\n');
    }
    c
}
