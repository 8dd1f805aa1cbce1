//! `sv-comp-bench bitfields`: every bit-field type × width × position,
//! laid out and read back by gcc and by Lore, in both data models.
//!
//! For each integer type T (`_Bool` included), each width W it allows and
//! each position P (set by a preceding field `T pad : P`, P = 0 meaning no
//! such field), one union overlays `struct { T pad : P; T f : W; unsigned
//! char z : 3; }` with three 64-bit words. The program writes the fields
//! (all ones, a pattern, then -1 in f), and gcc prints f's value after each
//! write and the words after the last. Lore must prove a program that
//! checks exactly those values (TRUE) and reach an unconditional error
//! placed after all the checks (FALSE: no path was lost on the way). One
//! program per type and data model; then again under `#pragma pack(1)`,
//! `(2)` and `(4)` for five types and a set of widths.
//!
//! Then the values of stores (C11 6.5.16p3): for each type, each width
//! 1..8 it allows and each constant V in -128..=255, the value of
//! `(f = V)`, `(f += V)`, `++f`, `f--`, `(f = V) - 1` and `f++ - 1` as gcc
//! computes them — the field's value after the store (before it, for a
//! postfix operator), of the promoted type — in both data models, and for
//! four types under `#pragma pack(1)`. One program per type and width.

use super::run::run;
use super::types::{Int, ALL};
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Duration;

struct Layout {
    id: usize,
    pad: u32,
    width: u32,
}

/// Widths tried under `#pragma pack` (all of them without).
const PACKED_WIDTHS: [u32; 13] = [1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64];

fn layouts(ty: Int, lp64: bool, pack: Option<u32>) -> Vec<Layout> {
    let bits = ty.width(lp64);
    let mut out = Vec::new();
    for width in 1..=bits {
        if pack.is_some() && !PACKED_WIDTHS.contains(&width) {
            continue;
        }
        for pad in 0..=bits {
            out.push(Layout {
                id: out.len(),
                pad,
                width,
            });
        }
    }
    out
}

/// The program for type `ty`: natively it prints every observed value, one
/// per line; with `expected` it checks them instead.
fn program(ty: Int, all: &[Layout], pack: Option<u32>, expected: Option<&[String]>) -> String {
    let t = ty.name();
    let mut s = String::new();
    let _ = writeln!(s, "/* Bit-fields of type {t}: widths and positions. */");
    if let Some(n) = pack {
        let _ = writeln!(s, "#pragma pack({n})");
    }
    for l in all {
        let pad = if l.pad > 0 {
            format!("{t} pad : {}; ", l.pad)
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "union U{} {{ struct {{ {pad}{t} f : {}; unsigned char z : 3; }} s; unsigned long long w[3]; }} u{};",
            l.id, l.width, l.id
        );
    }
    let _ = writeln!(s, "int main(void) {{");
    let mut k = 0;
    for l in all {
        let u = format!("u{}", l.id);
        if l.pad > 0 {
            let _ = writeln!(s, "  {u}.s.pad = ({t})-1;");
        }
        let _ = writeln!(s, "  {u}.s.z = 7;");
        let _ = writeln!(s, "  {u}.s.f = ({t})0x5a5a5a5a5a5a5a5aULL;");
        observe(&mut s, expected, &mut k, &format!("{u}.s.f"));
        let _ = writeln!(s, "  {u}.s.f = ({t})-1;");
        observe(&mut s, expected, &mut k, &format!("{u}.s.f"));
        let _ = writeln!(s, "  {u}.s.f += 3;");
        observe(&mut s, expected, &mut k, &format!("{u}.s.f"));
        if l.pad > 0 {
            observe(&mut s, expected, &mut k, &format!("{u}.s.pad"));
        }
        observe(&mut s, expected, &mut k, &format!("{u}.s.z"));
        for w in 0..3 {
            observe(&mut s, expected, &mut k, &format!("{u}.w[{w}]"));
        }
    }
    if expected.is_some() {
        let _ = writeln!(s, "#ifdef LORE_REACH_END\n  reach_error();\n#endif");
    }
    let _ = writeln!(s, "  return 0;\n}}");
    s
}

/// Stored values tried in every (type, width): a byte's range, signed and
/// unsigned.
const STORED: std::ops::RangeInclusive<i32> = -128..=255;

/// The program of the store-value experiment for a field of type `ty` and
/// width `width` (one per program: each store's value goes through a
/// temporary, and ILP32 pointers leave room for 4,096 objects).
fn values_program(ty: Int, width: u32, pack: Option<u32>, expected: Option<&[String]>) -> String {
    let t = ty.name();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "/* The values of stores to a bit-field {t} f : {width}. */"
    );
    if let Some(n) = pack {
        let _ = writeln!(s, "#pragma pack({n})");
    }
    let _ = writeln!(s, "struct V {{ unsigned char z : 3; {t} f : {width}; }} v;");
    let _ = writeln!(s, "int main(void) {{");
    let mut k = 0;
    for v in STORED {
        for e in [
            format!("(v.f = {v})"),
            format!("(v.f += {v})"),
            "(++v.f)".to_string(),
            "(v.f--)".to_string(),
            format!("((v.f = {v}) - 1)"),
            "(v.f++ - 1)".to_string(),
        ] {
            observe(&mut s, expected, &mut k, &e);
        }
    }
    if expected.is_some() {
        let _ = writeln!(s, "#ifdef LORE_REACH_END\n  reach_error();\n#endif");
    }
    let _ = writeln!(s, "  return 0;\n}}");
    s
}

/// The store-value experiment for one type: every width 1..=8 it allows.
fn check_stores(
    ty: Int,
    lp64: bool,
    pack: Option<u32>,
    lore: &Path,
    dir: &Path,
) -> Result<Row, String> {
    let mut row = Row {
        layouts: 0,
        values: 0,
        true_verdict: "TRUE".into(),
        false_verdict: "FALSE(unreach-call)".into(),
        seconds: 0.0,
    };
    for width in 1..=ty.width(lp64).min(8) {
        let one = compare(&|e| values_program(ty, width, pack, e), lp64, lore, dir)?;
        row.layouts += 1;
        row.values += one.values;
        row.seconds += one.seconds;
        if one.true_verdict != "TRUE" || !one.false_verdict.starts_with("FALSE") {
            row.true_verdict = one.true_verdict;
            row.false_verdict = one.false_verdict;
            return Ok(row);
        }
    }
    Ok(row)
}

/// One observed value: printed natively, checked against gcc's value
/// (`expected[k]`) for Lore.
fn observe(s: &mut String, expected: Option<&[String]>, k: &mut usize, value: &str) {
    match expected {
        None => {
            let _ = writeln!(s, "  printf(\"%llx\\n\", (unsigned long long)({value}));");
        }
        Some(e) => {
            let _ = writeln!(
                s,
                "  if ((unsigned long long)({value}) != 0x{}ULL) reach_error();",
                e[*k]
            );
        }
    }
    *k += 1;
}

pub fn run_all(lore: &Path, keep: &Path) -> ExitCode {
    let dir = match crate::temp::private_folder("bitfields") {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: a temporary folder: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dir = dir.path();
    let mut failures = Vec::new();
    let mut fields = 0;
    let mut stores = 0;
    println!("Layouts: each field written and read back.\n");
    println!("| type | model | pack | layouts | values checked | TRUE variant | end reached (FALSE) | Lore s |");
    println!("|---|---|---|---|---|---|---|---|");
    let packs: [Option<u32>; 4] = [None, Some(1), Some(2), Some(4)];
    for pack in packs {
        for lp64 in [false, true] {
            for ty in ALL {
                if pack.is_some()
                    && !matches!(
                        ty,
                        Int::Bool | Int::UChar | Int::Short | Int::Int | Int::ULLong
                    )
                {
                    continue;
                }
                let row = check_type(ty, lp64, pack, lore, dir);
                if let Ok(row) = &row {
                    fields += row.layouts;
                }
                report(ty, lp64, pack, "layouts", row, dir, keep, &mut failures);
            }
        }
    }
    println!("\nThe values of stores: `=`, `+=`, `++`, `--` used as values, widths 1..8, stored values {}..={}.\n", STORED.start(), STORED.end());
    println!("| type | model | pack | widths | values checked | TRUE variant | end reached (FALSE) | Lore s |");
    println!("|---|---|---|---|---|---|---|---|");
    for pack in [None, Some(1)] {
        for lp64 in [false, true] {
            for ty in ALL {
                if pack.is_some()
                    && !matches!(ty, Int::Bool | Int::SChar | Int::UShort | Int::LLong)
                {
                    continue;
                }
                let row = check_stores(ty, lp64, pack, lore, dir);
                if let Ok(row) = &row {
                    stores += row.values;
                }
                report(ty, lp64, pack, "stores", row, dir, keep, &mut failures);
            }
        }
    }
    if failures.is_empty() {
        println!("\nok: {fields} bit-field layouts and the values of {stores} stores agree with gcc in both data models, with and without #pragma pack");
        ExitCode::SUCCESS
    } else {
        println!(
            "\nFAILED: {} (programs kept in {})",
            failures.join(", "),
            keep.display()
        );
        ExitCode::FAILURE
    }
}

/// Prints one row of a table; a disagreement is a failure and its program
/// is kept under `keep`.
#[allow(clippy::too_many_arguments)]
fn report(
    ty: Int,
    lp64: bool,
    pack: Option<u32>,
    experiment: &str,
    row: Result<Row, String>,
    dir: &Path,
    keep: &Path,
    failures: &mut Vec<String>,
) {
    let model = if lp64 { "LP64" } else { "ILP32" };
    let row = match row {
        Ok(row) => row,
        Err(e) => {
            println!("| {} | {model} | error: {e} |", ty.name());
            failures.push(e);
            return;
        }
    };
    println!(
        "| {} | {model} | {} | {} | {} | {} | {} | {:.1} |",
        ty.name(),
        pack.map_or("-".to_string(), |n| n.to_string()),
        row.layouts,
        row.values,
        row.true_verdict,
        row.false_verdict,
        row.seconds
    );
    if row.true_verdict != "TRUE" || !row.false_verdict.starts_with("FALSE") {
        failures.push(format!("{experiment}: {} {model} pack {pack:?}", ty.name()));
        let dest = keep.join(format!(
            "{experiment}-{}-{}-pack{}",
            ty.name().replace(' ', "_"),
            if lp64 { 64 } else { 32 },
            pack.unwrap_or(0)
        ));
        let _ = std::fs::create_dir_all(&dest);
        let _ = std::fs::copy(dir.join("check.c"), dest.join("check.c"));
    }
}

struct Row {
    layouts: usize,
    values: usize,
    true_verdict: String,
    false_verdict: String,
    seconds: f64,
}

/// Layouts per program: each is one global object, and ILP32 pointers
/// leave room for 4,096 objects.
const CHUNK: usize = 1500;

fn check_type(
    ty: Int,
    lp64: bool,
    pack: Option<u32>,
    lore: &Path,
    dir: &Path,
) -> Result<Row, String> {
    let all = layouts(ty, lp64, pack);
    let mut row = Row {
        layouts: all.len(),
        values: 0,
        true_verdict: "TRUE".into(),
        false_verdict: "FALSE(unreach-call)".into(),
        seconds: 0.0,
    };
    for chunk in all.chunks(CHUNK) {
        let one = compare(&|e| program(ty, chunk, pack, e), lp64, lore, dir)?;
        row.values += one.values;
        row.seconds += one.seconds;
        if one.true_verdict != "TRUE" || !one.false_verdict.starts_with("FALSE") {
            // Keep the first disagreeing chunk's program for the report.
            row.true_verdict = one.true_verdict;
            row.false_verdict = one.false_verdict;
            return Ok(row);
        }
    }
    Ok(row)
}

/// One program compiled and run by gcc, then checked by Lore against the
/// values gcc printed (TRUE), and with an error reached after all the
/// checks (FALSE). The checked program is left in `dir/check.c`.
fn compare(
    program: &dyn Fn(Option<&[String]>) -> String,
    lp64: bool,
    lore: &Path,
    dir: &Path,
) -> Result<Row, String> {
    let native = dir.join("native.c");
    std::fs::write(&native, format!("#include <stdio.h>\n{}", program(None)))
        .map_err(|e| e.to_string())?;
    let exe = dir.join("native");
    let mut gcc = Command::new("gcc");
    gcc.args(["-w", "-O0"])
        .arg(if lp64 { "-m64" } else { "-m32" })
        .arg(&native)
        .arg("-o")
        .arg(&exe);
    let r = run(gcc, "", Duration::from_secs(300)).map_err(|e| e.to_string())?;
    if r.code != Some(0) {
        return Err(format!("gcc: {}", r.stderr.lines().next().unwrap_or("")));
    }
    let r = run(Command::new(&exe), "", Duration::from_secs(30)).map_err(|e| e.to_string())?;
    let values: Vec<String> = r.stdout.lines().map(str::to_string).collect();
    let check = dir.join("check.c");
    std::fs::write(&check, program(Some(&values))).map_err(|e| e.to_string())?;
    let verdict = |extra: &[&str]| -> Result<(String, f64), String> {
        let mut cmd = Command::new(lore);
        cmd.arg("verify")
            .arg(&check)
            .arg(if lp64 { "--64" } else { "--32" })
            .args(["--unwind", "1"])
            .args(extra);
        let r = run(cmd, "", Duration::from_secs(600)).map_err(|e| e.to_string())?;
        Ok((
            r.stdout.lines().last().unwrap_or("(nothing)").to_string(),
            r.seconds,
        ))
    };
    let (true_verdict, s1) = verdict(&[])?;
    let (false_verdict, s2) = verdict(&["-D", "LORE_REACH_END"])?;
    Ok(Row {
        layouts: 0,
        values: values.len(),
        true_verdict,
        false_verdict,
        seconds: s1 + s2,
    })
}
