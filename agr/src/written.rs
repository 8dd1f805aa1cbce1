//! The repaired M2 as C, and that C checked again.
//!
//! A repair at the end of a trace (the state t2 reaches has no way on: M2
//! has returned) constrains every run that ends there with ψ. In the C
//! source the place where M2 ends is each `return` of its `main` and the
//! closing brace it can fall off: ψ goes before each
//! (`{ __VERIFIER_assume(ψ); return …; }`, braced so that an unbraced
//! `if (c) return …;` keeps its meaning). Where M2 ends in more states than
//! one this constrains every end, never fewer runs than the automaton's
//! repair; a repair in the middle of M2 has no such place and is not
//! written as C.
//!
//! What is written is what is checked: [`check_written`] loads M1 with the
//! written M2 and checks the product directly, independently of the
//! learning that produced the repair.

use crate::check::{check, Outcome};
use crate::run::Iteration;
use crate::system::{load, AgrError, System, M2};
use lore_frontend::ir::Terminator;
use lore_frontend::FrontendOptions;
use std::path::Path;
use std::time::Duration;

/// M2's source `text` with every repair of `iterations` written in, or why
/// it cannot be.
pub fn repaired_c(system: &System, text: &str, iterations: &[Iteration]) -> Result<String, String> {
    let mut psis = Vec::new();
    for it in iterations {
        match (&it.repair.psi, it.at_the_end) {
            (Some((psi, _)), true) => psis.push(psi.clone()),
            (Some((psi, line)), false) => {
                return Err(format!(
                    "the repair ψ = {psi} after line {line} is in the middle of M2's run, where C has no single place for it"
                ))
            }
            (None, _) => {
                return Err(format!(
                    "the repair ({}) changed M2's automaton, not a condition C can state",
                    it.repair.describe()
                ))
            }
        }
    }
    if psis.is_empty() {
        return Ok(text.to_string());
    }
    let assume = psis
        .iter()
        .map(|p| format!("__VERIFIER_assume({p}); "))
        .collect::<String>();
    let ends = ends_of_main(system, text)?;
    // From the last place backwards, so that earlier offsets stay true.
    let mut out = text.to_string();
    for end in ends.into_iter().rev() {
        match end {
            End::Return { at, semicolon } => {
                out.insert(semicolon + 1, '}');
                out.insert_str(at, &format!("{{ {assume}/* lore agr: the repair */ "));
            }
            End::Brace { at } => {
                out.insert_str(at, &format!("{assume}/* lore agr: the repair */\n"));
            }
        }
    }
    Ok(out)
}

/// Where M2's `main` ends in its source text (byte offsets, in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// A `return` at `at`, its statement ending at the `;` at `semicolon`.
    Return { at: usize, semicolon: usize },
    /// The closing brace of `main`.
    Brace { at: usize },
}

fn ends_of_main(system: &System, text: &str) -> Result<Vec<End>, String> {
    let program = &system.program;
    let m2 = program
        .function_by_name(M2)
        .ok_or("M2 has no main in the product")?;
    let body = program
        .function(m2)
        .body
        .as_ref()
        .ok_or("M2's main has no body")?;
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let mut ends = Vec::new();
    for block in &body.blocks {
        if !matches!(block.term, Terminator::Return(_)) {
            continue;
        }
        let loc = block.term_loc;
        let name = program.sources.file(loc.file).map(|f| f.name.as_str());
        let in_m2 = name.is_some_and(|n| same_file(Path::new(n), &system.paths[1]));
        if !in_m2 {
            return Err(format!(
                "M2's main returns at a place outside its file ({})",
                name.unwrap_or("?")
            ));
        }
        let line_start = *starts
            .get(loc.line.saturating_sub(1) as usize)
            .ok_or("a return of M2 past the end of its text")?;
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |i| line_start + i);
        let line = &text[line_start..line_end];
        let at = line_start + (loc.col.max(1) - 1) as usize;
        let end = if text[at.min(text.len())..].starts_with("return") {
            Some(at)
        } else if text[at.min(text.len())..].starts_with('}') {
            None
        } else if let Some(i) = keyword(line, "return") {
            Some(line_start + i)
        } else if let Some(i) = line.rfind('}') {
            ends.push(End::Brace { at: line_start + i });
            continue;
        } else {
            return Err(format!(
                "line {} of M2, where its main returns, has neither `return` nor `}}`",
                loc.line
            ));
        };
        match end {
            Some(at) => {
                let semicolon = statement_end(text, at)
                    .ok_or_else(|| format!("the return at line {} of M2 has no `;`", loc.line))?;
                ends.push(End::Return { at, semicolon });
            }
            None => ends.push(End::Brace { at }),
        }
    }
    ends.sort_by_key(|e| match e {
        End::Return { at, .. } | End::Brace { at } => *at,
    });
    ends.dedup();
    Ok(ends)
}

/// The offset of the `;` that ends the statement starting at `from`
/// (outside parentheses, strings and character constants).
fn statement_end(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'"' | b'\'' => {
                let quote = bytes[i];
                i += 1;
                while i < bytes.len() && bytes[i] != quote {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b';' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The offset of `word` as a whole token in `line`.
fn keyword(line: &str, word: &str) -> Option<usize> {
    line.match_indices(word).map(|(i, _)| i).find(|&i| {
        let before = line[..i].chars().next_back();
        let after = line[i + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

fn same_file(a: &Path, b: &Path) -> bool {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    canonical(a) == canonical(b)
}

/// M1 composed with the M2 written at `written`, checked against the
/// property `property_text` directly (bounded, then k-induction and loop
/// summaries on the product), and the system it loaded.
pub fn check_written(
    m1: &Path,
    written: &Path,
    property_text: &str,
    options: &FrontendOptions,
    bound: u32,
    time: Duration,
) -> Result<(System, Outcome), AgrError> {
    let system = load(m1, written, property_text, options)?;
    let outcome = check(&system, &system.m2, bound, time);
    Ok((system, outcome))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_return_statement_ends_at_its_own_semicolon() {
        let text = "if (c) return f(a, \";\"); else x = 1;";
        let at = keyword(text, "return").expect("a return");
        assert_eq!(at, 7);
        assert_eq!(statement_end(text, at), Some(23));
        assert_eq!(keyword("int returned = 0;", "return"), None);
    }

    /// The check of a written M2 is a real check: the unrepaired M2 of
    /// the branch-tail case, given as "written", fails it.
    #[test]
    fn the_check_of_written_c_finds_an_error_left_in_it() {
        let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testsuite/cases/agr/branch_tail");
        let property = std::fs::read_to_string(case.join("digit.prop")).expect("the property");
        let (_, outcome) = check_written(
            &case.join("m1.c"),
            &case.join("m2.c"),
            &property,
            &FrontendOptions::default(),
            12,
            Duration::from_secs(60),
        )
        .expect("it loads");
        assert!(matches!(outcome, Outcome::Error(_)), "{outcome:?}");
    }
}
