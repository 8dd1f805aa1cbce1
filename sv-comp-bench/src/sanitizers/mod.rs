//! `sv-comp-bench sanitizers`: the project's own C versions of the web
//! sanitizers of the Sigma* benchmark (`testsuite/cases/transducer/`, one
//! file per sanitizer or variant), each compiled with gcc and run on the
//! test vectors `SANITIZERS.md` gives for it.
//!
//! The vectors are read from the Markdown at run time, never copied into
//! the repository. A sanitizer's section starts at a paragraph opening with
//! its bold name (`**HtmlEscape** ...`) and ends at the next one or at a
//! heading. Vectors come from:
//!
//! * prose: `` `X` becomes `Y` ``, `` `X` gives `Y` `` and `` `X` → `Y` ``,
//!   where either side may be several spans joined by "followed by";
//! * two-column tables whose second header starts with "output": the input
//!   cell holds spans, control names (`LF`, `BS 0x08`), `0xNN` or `U+XXXX`,
//!   the output cell one span, taken literally when the header says
//!   "literal";
//! * validity statements (`` `A` and `B` are valid ``), in a section that
//!   says what an invalid input gives (an "Output: ... if valid, else
//!   `null`" line);
//! * a cross-reference "the same five entity rules as HtmlEscape", which
//!   takes that many entity rows (output `&...;`) of the named table.
//!
//! In spans, `\n \t \r \v \f \xNN` are escapes (other backslashes are
//! literal, as in `\u2028`), span content is taken verbatim (no trimming of
//! a leading and trailing space, which ` ?a=b;c#d ` needs), and a span made
//! of space-separated tokens, each two upper-case hex digits, a "quoted"
//! string or a backslash word, with at least one hex token, spells bytes
//! (`"line1" E2 80 A8`). A candidate that is a rule rather than one whole
//! input and its output (a condition follows, the output is prose, words
//! stand between the spans) is skipped, counted and printed.
//!
//! A program `<snake>_<variant>.c` belongs to the sanitizer whose name in
//! snake case is `<snake>`. A vector whose line names a variant of that
//! sanitizer ("buggy", "fixed" or "corrected", ...) applies to that
//! variant's program only; otherwise it applies to every program of the
//! sanitizer. A program defining `read_unit` works on 16-bit units: its
//! input is the vector's input cut into the UTF8CodeUnits of the
//! JavascriptEscape section, two bytes each, little-endian, and its output
//! is compared with the expected output cut the same way.
//!
//! Fails (exit 1) when a vector fails, a program does not compile or run,
//! a sanitizer (of the sections, or of Table 1) has no program or no
//! vector, or a program matches no sanitizer.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// The C programs, relative to the repository root (the working directory).
const PROGRAMS: &str = "testsuite/cases/transducer";
/// Where the programs are compiled.
const BUILD: &str = "target/sanitizers";
/// Per run of a compiled program.
const TIMEOUT: Duration = Duration::from_secs(10);

mod spans;
#[cfg(test)]
mod tests;
pub(crate) mod vectors;

use vectors::*;

/// The UTF8CodeUnit decoding of the JavascriptEscape section: 0xC0-0xDF
/// leads two bytes, 0xE0-0xEF three, anything else is one unit; a bad or
/// missing continuation byte gives 0xFFFD for the lead byte alone.
pub fn code_units(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let len = match b {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 1,
        };
        let ok = i + len <= bytes.len() && bytes[i + 1..i + len].iter().all(|c| c & 0xC0 == 0x80);
        if len == 1 {
            out.push(b as u16);
            i += 1;
        } else if ok {
            let mut u = (b & (0xFF >> len)) as u16;
            for c in &bytes[i + 1..i + len] {
                u = (u << 6) | (c & 0x3F) as u16;
            }
            out.push(u);
            i += len;
        } else {
            out.push(0xFFFD);
            i += 1;
        }
    }
    out
}

pub(crate) fn units_le(bytes: &[u8]) -> Vec<u8> {
    code_units(bytes)
        .iter()
        .flat_map(|u| u.to_le_bytes())
        .collect()
}

/// Bytes shown as a quoted string with escapes.
pub(crate) fn show(b: &[u8]) -> String {
    let mut s = String::from("\"");
    for &c in b {
        match c {
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7E => s.push(c as char),
            _ => s.push_str(&format!("\\x{c:02X}")),
        }
    }
    s.push('"');
    s
}

pub(crate) struct Program {
    pub(crate) path: PathBuf,
    /// The file's stem, or for a coding the folder's name: the sanitizer
    /// and variant it implements.
    pub(crate) stem: String,
    /// For another coding of the same program (`codings/<stem>/<style>.c`),
    /// the style's name.
    pub(crate) coding: Option<String>,
    pub(crate) sanitizer: Option<usize>,
    variant: String,
    /// Defines `read_unit`: 16-bit units, little-endian.
    pub(crate) units: bool,
}

impl Program {
    /// How rows name the program: `stem`, or `stem/style` for a coding.
    pub(crate) fn name(&self) -> String {
        match &self.coding {
            None => self.stem.clone(),
            Some(c) => format!("{}/{c}", self.stem),
        }
    }
}

fn keywords(variant: &str) -> Vec<&str> {
    match variant {
        "" => vec![],
        "fixed" => vec!["fixed", "corrected"],
        v => vec![v],
    }
}

/// Whether a line with these words applies to a program: unless it names a
/// variant of the sanitizer, it applies to all of them.
fn applies(words: &BTreeSet<String>, program: &Program, siblings: &[&Program]) -> bool {
    let named: Vec<&str> = siblings
        .iter()
        .filter(|p| keywords(&p.variant).iter().any(|k| words.contains(*k)))
        .map(|p| p.variant.as_str())
        .collect();
    named.is_empty() || named.contains(&program.variant.as_str())
}

fn run_program(exe: &Path, input: &[u8]) -> Result<Vec<u8>, String> {
    let r = crate::difftest::run::run_bytes(Command::new(exe), input, TIMEOUT)
        .map_err(|e| format!("cannot run: {e}"))?;
    match r.code {
        _ if r.timed_out => Err(format!("no answer in {} s", TIMEOUT.as_secs())),
        Some(0) => Ok(r.stdout),
        Some(code) => Err(format!("ended with exit status {code}")),
        None => Err("ended by a signal".into()),
    }
}

fn compile(src: &Path, exe: &Path) -> Result<String, String> {
    let out = Command::new("gcc")
        .args(["-O0", "-Wall", "-o"])
        .arg(exe)
        .arg(src)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    let msg = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        Ok(msg)
    } else {
        Err(msg)
    }
}

/// The programs of `PROGRAMS`, each matched with its sanitizer.
fn c_files(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    paths.sort();
    Ok(paths)
}

/// The programs of `PROGRAMS`, then the other codings of each in
/// `PROGRAMS/codings/<stem>/<style>.c` (a missing `codings` folder is no
/// coding).
pub(crate) fn list_programs(spec: &Spec) -> Result<Vec<Program>, String> {
    let mut found: Vec<(PathBuf, String, Option<String>)> = Vec::new();
    let stem_of = |p: &Path| {
        p.file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned()
    };
    match c_files(Path::new(PROGRAMS)) {
        Ok(paths) => found.extend(paths.into_iter().map(|p| (p.clone(), stem_of(&p), None))),
        Err(e) => {
            return Err(format!(
                "cannot read {PROGRAMS} (run from the repository root): {e}"
            ))
        }
    }
    let codings = Path::new(PROGRAMS).join("codings");
    if let Ok(d) = std::fs::read_dir(&codings) {
        let mut folders: Vec<PathBuf> = d
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        folders.sort();
        for folder in folders {
            let stem = folder
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let paths =
                c_files(&folder).map_err(|e| format!("cannot read {}: {e}", folder.display()))?;
            found.extend(
                paths
                    .into_iter()
                    .map(|p| (p.clone(), stem.clone(), Some(stem_of(&p)))),
            );
        }
    }
    Ok(found
        .into_iter()
        .map(|(path, stem, coding)| {
            let best = spec
                .sanitizers
                .iter()
                .enumerate()
                .filter(|(_, s)| stem == s.snake || stem.starts_with(&format!("{}_", s.snake)))
                .max_by_key(|(_, s)| s.snake.len());
            let variant = best.map_or(String::new(), |(_, s)| {
                stem[s.snake.len()..].trim_start_matches('_').to_string()
            });
            let units =
                std::fs::read_to_string(&path).is_ok_and(|t| t.contains("int read_unit(void)"));
            Program {
                sanitizer: best.map(|(k, _)| k),
                path,
                stem,
                coding,
                variant,
                units,
            }
        })
        .collect())
}

/// The vectors of `spec` that apply to `p`.
pub(crate) fn vectors_of<'s>(spec: &'s Spec, programs: &[Program], p: &Program) -> Vec<&'s Vector> {
    let Some(s) = p.sanitizer else {
        return Vec::new();
    };
    let siblings: Vec<&Program> = programs
        .iter()
        .filter(|q| q.sanitizer == Some(s) && q.coding.is_none())
        .collect();
    spec.sanitizers[s]
        .vectors
        .iter()
        .filter(|v| applies(&v.words, p, &siblings))
        .collect()
}

pub fn run(folder: &Path) -> ExitCode {
    let md_path = folder.join("SANITIZERS.md");
    let md = match std::fs::read_to_string(&md_path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", md_path.display());
            return ExitCode::FAILURE;
        }
    };
    let spec = parse(&md);
    let mut problems: Vec<String> = Vec::new();
    if spec.sanitizers.is_empty() {
        eprintln!(
            "error: no sanitizer section (`**Name**` paragraph) in {}",
            md_path.display()
        );
        return ExitCode::FAILURE;
    }
    for name in &spec.table1 {
        if !spec
            .sanitizers
            .iter()
            .any(|s| s.name.eq_ignore_ascii_case(name))
        {
            problems.push(format!("{name} (Table 1) has no section describing it"));
        }
    }

    let programs = match list_programs(&spec) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };

    if let Err(e) = std::fs::create_dir_all(BUILD) {
        eprintln!("error: cannot make {BUILD}: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "{} sanitizers in {}, {} programs in {PROGRAMS}",
        spec.sanitizers.len(),
        md_path.display(),
        programs.len()
    );
    println!();
    println!("{:<40} {:>8} {:>8}  note", "program", "passed", "skipped");
    let (mut all_passed, mut all_total) = (0, 0);
    for p in &programs {
        let Some(s) = p.sanitizer else {
            println!(
                "{:<40} {:>8} {:>8}  no sanitizer of SANITIZERS.md",
                p.name(),
                "-",
                "-"
            );
            problems.push(format!(
                "{}: matches no sanitizer of SANITIZERS.md",
                p.path.display()
            ));
            continue;
        };
        let san = &spec.sanitizers[s];
        let siblings: Vec<&Program> = programs
            .iter()
            .filter(|q| q.sanitizer == Some(s) && q.coding.is_none())
            .collect();
        let vectors = vectors_of(&spec, &programs, p);
        let skipped = san
            .skipped
            .iter()
            .filter(|k| applies(&k.words, p, &siblings))
            .count();
        let exe = Path::new(BUILD).join(p.name().replace('/', "__"));
        let mut note = format!(
            "{}{}",
            san.name,
            if p.units { ", 16-bit units" } else { "" }
        );
        match compile(&p.path, &exe) {
            Err(msg) => {
                println!(
                    "{:<40} {:>8} {:>8}  does not compile",
                    p.name(),
                    format!("0/{}", vectors.len()),
                    skipped
                );
                problems.push(format!("{}: gcc failed:\n{msg}", p.path.display()));
                all_total += vectors.len();
                continue;
            }
            Ok(warnings) if !warnings.trim().is_empty() => {
                note.push_str(", gcc warnings");
                eprintln!("{}: gcc warnings:\n{warnings}", p.path.display());
            }
            Ok(_) => {}
        }
        let mut passed = 0;
        for v in &vectors {
            let (input, expected) = if p.units {
                (units_le(&v.input), units_le(&v.output))
            } else {
                (v.input.clone(), v.output.clone())
            };
            match run_program(&exe, &input) {
                Ok(out) if out == expected => passed += 1,
                Ok(out) => problems.push(format!(
                    "{}: {} on {}: expected {}, got {}",
                    p.name(),
                    v.origin,
                    show(&input),
                    show(&expected),
                    show(&out)
                )),
                Err(e) => problems.push(format!(
                    "{}: {} on {}: {e}",
                    p.name(),
                    v.origin,
                    show(&input)
                )),
            }
        }
        if vectors.is_empty() {
            problems.push(format!("{}: no vector applies to it", p.name()));
        }
        all_passed += passed;
        all_total += vectors.len();
        println!(
            "{:<40} {:>8} {:>8}  {note}",
            p.name(),
            format!("{passed}/{}", vectors.len()),
            skipped
        );
    }
    for p in programs.iter().filter(|p| p.coding.is_some()) {
        if !programs
            .iter()
            .any(|q| q.coding.is_none() && q.stem == p.stem)
        {
            problems.push(format!(
                "{}: a coding of {PROGRAMS}/{}.c, which does not exist",
                p.path.display(),
                p.stem
            ));
        }
    }
    for (k, s) in spec.sanitizers.iter().enumerate() {
        if !programs.iter().any(|p| p.sanitizer == Some(k)) {
            println!(
                "{:<40} {:>8} {:>8}  no program",
                s.snake,
                "-",
                s.skipped.len()
            );
            problems.push(format!(
                "{} (SANITIZERS.md:{}): no program {PROGRAMS}/{}.c",
                s.name, s.line, s.snake
            ));
        }
        if s.vectors.is_empty() {
            problems.push(format!(
                "{} (SANITIZERS.md:{}): no test vector",
                s.name, s.line
            ));
        }
    }
    let skipped: Vec<(&str, &Skip)> = spec
        .sanitizers
        .iter()
        .flat_map(|s| s.skipped.iter().map(move |k| (s.name.as_str(), k)))
        .collect();
    println!();
    println!(
        "{all_passed}/{all_total} vectors passed; {} vectors of SANITIZERS.md skipped:",
        skipped.len()
    );
    for (name, k) in &skipped {
        println!("  {name}, {}: {}  ({})", k.origin, k.text, k.reason);
    }
    if problems.is_empty() {
        println!("ok");
        ExitCode::SUCCESS
    } else {
        println!();
        for p in &problems {
            println!("FAIL {p}");
        }
        ExitCode::FAILURE
    }
}
