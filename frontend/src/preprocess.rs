//! Preprocessing: `.c` files go through the system C preprocessor with Lore's
//! own headers and prelude; `.i` files are read as they are.
//!
//! Lore ships its own minimal C library headers (`frontend/include/`), so that
//! a 32-bit data model needs no 32-bit system headers and every type has the
//! width of the chosen model. The preprocessor is run with `-nostdinc`.
//!
//! Afterwards a few GNU-isms that lang-c does not parse are rewritten in the
//! text (recorded as edits so that locations still point at the user's code):
//! `$` in identifiers, implicit `int` at file scope, and `__int128`.

use crate::types::DataModel;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Lore's headers, embedded in the binary: (relative path, contents).
pub const HEADERS: &[(&str, &str)] = &[
    ("lore_prelude.h", include_str!("../include/lore_prelude.h")),
    ("assert.h", include_str!("../include/assert.h")),
    ("ctype.h", include_str!("../include/ctype.h")),
    ("errno.h", include_str!("../include/errno.h")),
    ("float.h", include_str!("../include/float.h")),
    ("inttypes.h", include_str!("../include/inttypes.h")),
    ("limits.h", include_str!("../include/limits.h")),
    ("malloc.h", include_str!("../include/malloc.h")),
    ("math.h", include_str!("../include/math.h")),
    ("stdarg.h", include_str!("../include/stdarg.h")),
    ("stdbool.h", include_str!("../include/stdbool.h")),
    ("stddef.h", include_str!("../include/stddef.h")),
    ("stdint.h", include_str!("../include/stdint.h")),
    ("stdio.h", include_str!("../include/stdio.h")),
    ("stdlib.h", include_str!("../include/stdlib.h")),
    ("string.h", include_str!("../include/string.h")),
    ("strings.h", include_str!("../include/strings.h")),
    ("time.h", include_str!("../include/time.h")),
    ("unistd.h", include_str!("../include/unistd.h")),
    ("sys/types.h", include_str!("../include/sys/types.h")),
    ("lore_types.h", include_str!("../include/lore_types.h")),
    ("lore_agr.h", include_str!("../include/lore_agr.h")),
];

/// Why preprocessing failed.
#[derive(Debug, thiserror::Error)]
pub enum PreprocessError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot run the C preprocessor `{command}`: {source}")]
    Spawn {
        command: String,
        source: std::io::Error,
    },
    #[error("the C preprocessor failed on {path}")]
    Failed { path: PathBuf, stderr: String },
    #[error("cannot write Lore's headers to {path}: {source}")]
    Headers {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The text to parse and what is needed to map it back.
#[derive(Debug)]
pub struct Preprocessed {
    /// The input file as the user wrote it.
    pub input_text: String,
    /// The text after preprocessing and fix-ups.
    pub text: String,
    /// Were line markers produced by us (a `.c` input)?
    pub follow_markers: bool,
    /// Where Lore's headers were written for this run (to name them
    /// `<lore>/…`; the folder itself is removed once preprocessing ends).
    pub include_dir: Option<PathBuf>,
    /// Fix-up insertions, see [`crate::source::SourceMap`].
    pub edits: Vec<(usize, usize)>,
    /// Offsets (in `text`) of `struct`/`union` keywords whose members'
    /// alignment is capped, with the cap: 1 for `__attribute__((packed))`
    /// before the tag (blanked out for lang-c), n under `#pragma pack(n)`.
    pub packed_structs: Vec<(usize, u64)>,
}

/// Options of the preprocessor run.
#[derive(Clone, Debug)]
pub struct PreprocessOptions {
    pub model: DataModel,
    /// Extra `-D`/`-I` options.
    pub defines: Vec<String>,
    /// The preprocessor command; default `$LORE_CPP`, else `gcc`, else `cc`.
    pub command: Option<String>,
}

pub fn preprocess(
    path: &Path,
    options: &PreprocessOptions,
) -> Result<Preprocessed, PreprocessError> {
    let input_text = std::fs::read(path)
        .map_err(|source| PreprocessError::Read {
            path: path.to_path_buf(),
            source,
        })
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())?;
    if crate::source::is_preprocessed_input(path) {
        let FixedUp {
            text,
            edits,
            packed_structs,
        } = fix_up(&input_text);
        return Ok(Preprocessed {
            input_text,
            text,
            follow_markers: false,
            include_dir: None,
            edits,
            packed_structs,
        });
    }
    // The folder lives until the preprocessor has run; only its path is
    // kept, to recognise the headers in the line markers.
    let include_dir = write_headers()?;
    let raw = run_cpp(path, include_dir.path(), options)?;
    let FixedUp {
        text,
        edits,
        packed_structs,
    } = fix_up(&raw);
    Ok(Preprocessed {
        input_text,
        text,
        follow_markers: true,
        include_dir: Some(include_dir.path().to_path_buf()),
        edits,
        packed_structs,
    })
}

fn run_cpp(
    path: &Path,
    include_dir: &Path,
    options: &PreprocessOptions,
) -> Result<String, PreprocessError> {
    let candidates: Vec<String> = match (&options.command, std::env::var("LORE_CPP")) {
        (Some(c), _) => vec![c.clone()],
        (None, Ok(c)) if !c.is_empty() => vec![c],
        _ => vec!["gcc".into(), "cc".into(), "clang".into()],
    };
    let model_flag: &str = match options.model {
        DataModel::Ilp32 => "-m32",
        DataModel::Lp64 => "-m64",
    };
    let model_define: &str = match options.model {
        DataModel::Ilp32 => "-D__LORE_ILP32__",
        DataModel::Lp64 => "-D__LORE_LP64__",
    };
    let mut last_error = None;
    for command in &candidates {
        // `-m32` makes gcc's own predefined macros agree with the data model;
        // Lore's headers do not need it, so a compiler without it is fine.
        for use_model_flag in [true, false] {
            let mut cmd = Command::new(command);
            cmd.arg("-E")
                .arg("-x")
                .arg("c")
                .arg("-std=gnu11")
                .arg("-nostdinc")
                .arg("-isystem")
                .arg(include_dir)
                .arg("-include")
                .arg(include_dir.join("lore_prelude.h"))
                .arg("-D__LORE__=1")
                .arg(model_define);
            if use_model_flag {
                cmd.arg(model_flag);
            }
            cmd.args(&options.defines).arg(path);
            match cmd.output() {
                Ok(out) if out.status.success() => {
                    return Ok(String::from_utf8_lossy(&out.stdout).into_owned())
                }
                Ok(out) => {
                    let stderr = String::from_utf8_lossy(&out.stderr)
                        .replace(&include_dir.display().to_string(), "<lore>");
                    if use_model_flag && stderr.contains(model_flag) {
                        continue;
                    }
                    return Err(PreprocessError::Failed {
                        path: path.to_path_buf(),
                        stderr,
                    });
                }
                Err(source) => {
                    last_error = Some(PreprocessError::Spawn {
                        command: command.clone(),
                        source,
                    });
                    break;
                }
            }
        }
    }
    Err(last_error.expect("at least one candidate"))
}

/// A new temporary folder `lore-<what>-XXXX` only this user can enter
/// (mode 0700: `tempfile` otherwise leaves the mode to the umask), removed
/// when dropped: every temporary file Lore writes goes in one (issue 41).
pub fn private_folder(what: &str) -> std::io::Result<tempfile::TempDir> {
    let mut builder = tempfile::Builder::new();
    let prefix = format!("lore-{what}-");
    builder.prefix(&prefix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o700));
    }
    builder.tempdir()
}

/// Writes the embedded headers into a folder of this preprocessing's own,
/// removed again when the returned guard is dropped (after the
/// preprocessor ran, or on an error path).
///
/// The folder is made by `tempfile`: a random name, created exclusively,
/// mode 0700, so no other user can create, replace or change what is in
/// it. A folder shared between runs (Lore once reused
/// `$TMPDIR/lore-include-<version>-<hash>` whenever it held `.complete`)
/// let another local user create it first and decide what every later run
/// preprocessed (issue 41: a `#define reach_error abort` planted there made
/// a failing program TRUE). Writing the headers each time costs a few
/// milliseconds per `.c` file (ARCHITECTURE.md has the measurement); a
/// per-user cache would save them, but would have to prove before every
/// use that no one else could have written it.
fn write_headers() -> Result<tempfile::TempDir, PreprocessError> {
    let dir = private_folder("include").map_err(|source| PreprocessError::Headers {
        path: std::env::temp_dir(),
        source,
    })?;
    for (name, text) in HEADERS {
        let target = dir.path().join(name);
        let parent = target.parent().expect("header has a parent");
        // Inside a folder only this user can write to, every name is ours.
        let written = std::fs::create_dir_all(parent).and_then(|()| std::fs::write(&target, text));
        if let Err(source) = written {
            return Err(PreprocessError::Headers {
                path: target,
                source,
            });
        }
    }
    Ok(dir)
}

/// The embedded text of Lore's header `relative` (a path inside the folder
/// the headers were written to), for showing its lines in diagnostics
/// after that folder is gone.
pub fn header_text(relative: &Path) -> Option<&'static str> {
    HEADERS
        .iter()
        .find(|(name, _)| Path::new(name) == relative)
        .map(|(_, text)| *text)
}

/// Prefix that stands for `$` in identifiers while lang-c parses.
pub const DOLLAR: &str = "__lore_dollar__";

/// The text after fix-ups and what is needed to map it back.
pub struct FixedUp {
    pub text: String,
    pub edits: Vec<(usize, usize)>,
    pub packed_structs: Vec<(usize, u64)>,
}

/// Follows `#pragma pack` (gcc's forms: `(n)`, `()`, `(push)`,
/// `(push, n)`, `(pop)`) in one directive line.
fn pragma_pack(line: &str, pack: &mut Option<u64>, stack: &mut Vec<Option<u64>>) {
    let rest = line.trim_start_matches('#').trim_start();
    let Some(rest) = rest.strip_prefix("pragma") else {
        return;
    };
    let Some(args) = rest.trim_start().strip_prefix("pack") else {
        return;
    };
    let args = args.trim().trim_start_matches('(');
    let args = args.split(')').next().unwrap_or("");
    let parts: Vec<&str> = args
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let number = |p: &str| p.parse::<u64>().ok().filter(|n| n.is_power_of_two());
    match parts.as_slice() {
        [] => *pack = None,
        ["push"] => stack.push(*pack),
        ["push", n] => {
            stack.push(*pack);
            *pack = number(n).or(*pack);
        }
        ["pop"] | ["pop", _] => *pack = stack.pop().unwrap_or(None),
        [n] => *pack = number(n).or(*pack),
        _ => {}
    }
}

/// Rewrites what lang-c cannot parse.
pub fn fix_up(text: &str) -> FixedUp {
    let mut packed_structs = Vec::new();
    let mut pack: Option<u64> = None;
    let mut pack_stack: Vec<Option<u64>> = Vec::new();
    let mut out = String::with_capacity(text.len() + 64);
    let mut edits = Vec::new();
    let mut growth = 0usize;
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut depth: i32 = 0; // braces and parentheses at file scope
    let mut paren_depth: i32 = 0;
    let mut at_decl_start = true;
    let mut last_sig: u8 = b';'; // last significant character at depth 0
    let mut body_stack: Vec<bool> = Vec::new(); // for each open brace: is it a function body?
    let mut line_start = true;
    let insert =
        |out: &mut String, what: &str, edits: &mut Vec<(usize, usize)>, growth: &mut usize| {
            out.push_str(what);
            *growth += what.len();
            edits.push((out.len(), *growth));
        };
    while i < bytes.len() {
        let c = bytes[i];
        // Line markers and other directives are copied as they are;
        // `#pragma pack` sets the alignment cap of the structs that follow.
        if line_start && c == b'#' {
            let end = text[i..].find('\n').map_or(bytes.len(), |e| i + e + 1);
            pragma_pack(&text[i..end], &mut pack, &mut pack_stack);
            out.push_str(&text[i..end]);
            i = end;
            continue;
        }
        line_start = c == b'\n';
        match c {
            b'"' | b'\'' => {
                let end = skip_literal(bytes, i);
                out.push_str(&text[i..end]);
                i = end;
                continue;
            }
            b'{' => {
                let is_body =
                    depth == 0 && paren_depth == 0 && (last_sig == b')' || last_sig == b';');
                body_stack.push(is_body);
                depth += 1;
                at_decl_start = false;
            }
            b'}' => {
                depth -= 1;
                let was_body = body_stack.pop().unwrap_or(false);
                if depth == 0 && paren_depth == 0 && was_body {
                    at_decl_start = true;
                    last_sig = b';';
                    out.push('}');
                    i += 1;
                    continue;
                }
            }
            b'(' => paren_depth += 1,
            b')' => paren_depth -= 1,
            b';' if depth == 0 && paren_depth == 0 => {
                at_decl_start = true;
                last_sig = b';';
                out.push(';');
                i += 1;
                continue;
            }
            _ => {}
        }
        if c == b'_' || c == b'$' || c.is_ascii_alphabetic() {
            let start = i;
            while i < bytes.len()
                && (bytes[i] == b'_' || bytes[i] == b'$' || bytes[i].is_ascii_alphanumeric())
            {
                i += 1;
            }
            let word = &text[start..i];
            if depth == 0 && paren_depth == 0 && at_decl_start {
                at_decl_start = false;
                let next = text[i..]
                    .trim_start_matches([' ', '\t', '\r', '\n'])
                    .as_bytes()
                    .first()
                    .copied();
                if next == Some(b'(') && !is_keyword(word) {
                    insert(&mut out, "int ", &mut edits, &mut growth);
                }
            }
            if word == "__int128" || word == "__int128_t" || word == "__uint128_t" {
                let trimmed_len = out.trim_end().len();
                if word == "__int128" && out[..trimmed_len].ends_with("unsigned") {
                    // `unsigned __int128` becomes one typedef name of the same length.
                    let keep = trimmed_len - "unsigned".len();
                    let original = out.len() - keep + word.len();
                    out.truncate(keep);
                    out.push_str(&format!("{:<original$}", "__lore_uint128"));
                } else {
                    let replacement = if word == "__uint128_t" {
                        "__lore_uint128"
                    } else {
                        "__lore_int128"
                    };
                    out.push_str(replacement);
                    insert_growth(
                        &mut edits,
                        &mut growth,
                        out.len(),
                        replacement.len() - word.len(),
                    );
                }
            } else if word.contains('$') {
                let replaced = word.replace('$', DOLLAR);
                out.push_str(&replaced);
                insert_growth(
                    &mut edits,
                    &mut growth,
                    out.len(),
                    replaced.len() - word.len(),
                );
            } else {
                out.push_str(word);
            }
            if word == "struct" || word == "union" {
                let keyword_at = out.len() - word.len();
                let mut cap = pack;
                // `struct __attribute__((packed)) name`: lang-c wants no attribute here.
                let after_ws = i + text[i..].len() - text[i..].trim_start().len();
                let rest = &text[after_ws..];
                if rest.starts_with("__attribute__")
                    || rest.starts_with("__attribute ")
                    || rest.starts_with("__attribute(")
                {
                    if let Some(end) = attribute_end(text, after_ws) {
                        let attribute = &text[after_ws..end];
                        if attribute.contains("packed") {
                            cap = Some(1);
                        }
                        out.push_str(&text[i..after_ws]);
                        out.extend(
                            attribute
                                .chars()
                                .map(|c| if c == '\n' { '\n' } else { ' ' }),
                        );
                        i = end;
                    }
                }
                if let Some(cap) = cap {
                    packed_structs.push((keyword_at, cap));
                }
            }
            if depth == 0 && paren_depth == 0 {
                last_sig = b'a';
            }
            continue;
        }
        if depth == 0 && paren_depth == 0 && !c.is_ascii_whitespace() {
            last_sig = c;
            at_decl_start = false;
        } else if depth == 0 && paren_depth == 1 && c == b'(' {
            at_decl_start = false;
        }
        if c == b')' && depth == 0 && paren_depth == 0 {
            last_sig = b')';
        }
        out.push(c as char);
        i += 1;
    }
    if text.contains("__int128") || text.contains("__uint128_t") {
        let typedefs =
            "typedef long long __lore_int128; typedef unsigned long long __lore_uint128;\n";
        let mut shifted: Vec<(usize, usize)> = vec![(typedefs.len(), typedefs.len())];
        shifted.extend(
            edits
                .iter()
                .map(|&(end, g)| (end + typedefs.len(), g + typedefs.len())),
        );
        let packed_structs = packed_structs
            .iter()
            .map(|&(o, cap)| (o + typedefs.len(), cap))
            .collect();
        return FixedUp {
            text: format!("{typedefs}{out}"),
            edits: shifted,
            packed_structs,
        };
    }
    FixedUp {
        text: out,
        edits,
        packed_structs,
    }
}

/// The end of `__attribute__((...))` starting at `start`.
fn attribute_end(text: &str, start: usize) -> Option<usize> {
    let open = start + text[start..].find('(')?;
    let mut depth = 0;
    for (k, c) in text[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k + 1);
                }
            }
            _ => {}
        }
    }
    None
}

fn insert_growth(edits: &mut Vec<(usize, usize)>, growth: &mut usize, end: usize, grown: usize) {
    *growth += grown;
    edits.push((end, *growth));
}

/// Index after a string or character literal starting at `i`.
fn skip_literal(bytes: &[u8], i: usize) -> usize {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b'\n' => return j,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "auto"
            | "break"
            | "case"
            | "char"
            | "const"
            | "continue"
            | "default"
            | "do"
            | "double"
            | "else"
            | "enum"
            | "extern"
            | "float"
            | "for"
            | "goto"
            | "if"
            | "inline"
            | "int"
            | "long"
            | "register"
            | "restrict"
            | "return"
            | "short"
            | "signed"
            | "sizeof"
            | "static"
            | "struct"
            | "switch"
            | "typedef"
            | "union"
            | "unsigned"
            | "void"
            | "volatile"
            | "while"
            | "_Alignas"
            | "_Alignof"
            | "_Atomic"
            | "_Bool"
            | "_Complex"
            | "_Generic"
            | "_Imaginary"
            | "_Noreturn"
            | "_Static_assert"
            | "_Thread_local"
            | "__attribute__"
            | "__attribute"
            | "__extension__"
            | "__asm__"
            | "__asm"
            | "asm"
            | "__typeof__"
            | "__typeof"
            | "typeof"
            | "__inline"
            | "__inline__"
            | "__restrict"
            | "__restrict__"
            | "__const"
            | "__volatile__"
            | "__signed__"
            | "__declspec"
            | "__thread"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headers_folder_is_private_and_holds_every_header() {
        let folder = write_headers().unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(folder.path())
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o700, "{mode:o}");
        }
        for (name, text) in HEADERS {
            let written = std::fs::read_to_string(folder.path().join(name)).unwrap();
            assert_eq!(written, *text, "{name}");
            assert_eq!(header_text(Path::new(name)), Some(*text), "{name}");
        }
        let path = folder.path().to_path_buf();
        drop(folder);
        assert!(!path.exists(), "{} is left", path.display());
    }

    /// Once preprocessing ends, the headers' folder is gone: only its path
    /// is kept, to recognise the headers in the line markers.
    #[test]
    fn preprocessing_leaves_no_headers_folder() {
        let input_folder = tempfile::tempdir().unwrap();
        let input = input_folder.path().join("uses_stdlib.c");
        std::fs::write(&input, "#include <stdlib.h>\nint main(void) { abort(); }\n").unwrap();
        let options = PreprocessOptions {
            model: DataModel::Ilp32,
            defines: Vec::new(),
            command: None,
        };
        let pre = preprocess(&input, &options).unwrap();
        let include_dir = pre.include_dir.expect("a .c input uses Lore's headers");
        assert!(
            pre.text
                .contains(&include_dir.join("stdlib.h").display().to_string()),
            "the line markers name the headers' folder"
        );
        assert!(!include_dir.exists(), "{} is left", include_dir.display());
    }

    #[test]
    fn implicit_int_at_file_scope() {
        let FixedUp { text, edits, .. } =
            fix_up("main() { return 0; }\nstruct s { int a; } g(void);\nf(x) int x; { }\n");
        assert_eq!(
            text,
            "int main() { return 0; }\nstruct s { int a; } g(void);\nint f(x) int x; { }\n"
        );
        assert_eq!(edits.len(), 2);
    }

    #[test]
    fn dollar_identifiers_and_literals() {
        let text = fix_up("int a$b = 1; char *s = \"$x\";\n").text;
        assert_eq!(text, format!("int a{DOLLAR}b = 1; char *s = \"$x\";\n"));
    }

    #[test]
    fn attributes_are_not_implicit_int() {
        let text =
            fix_up("__attribute__((noreturn)) void f(void);\n__extension__ typedef int t;\n").text;
        assert!(!text.contains("int __attribute__"));
    }

    #[test]
    fn pragma_pack_caps_the_structs_that_follow() {
        let src = "#pragma pack(push)\n#pragma pack(1)\nstruct a { char c; int i; };\n#pragma pack(pop)\nstruct b { int i; };\n#pragma pack(2)\nunion c { int i; };\n#pragma pack()\nstruct d;\n";
        let fixed = fix_up(src);
        let at = |w: &str| fixed.text.find(w).unwrap();
        assert_eq!(
            fixed.packed_structs,
            vec![(at("struct a"), 1), (at("union c"), 2)]
        );
    }

    #[test]
    fn packed_struct_attribute_is_moved_out_of_the_way() {
        let src = "struct __attribute__((packed)) p { char c; int i; };\n";
        let fixed = fix_up(src);
        assert_eq!(fixed.text.len(), src.len());
        assert!(fixed.text.starts_with("struct                         p {"));
        assert_eq!(fixed.packed_structs, vec![(0, 1)]);
    }
}
