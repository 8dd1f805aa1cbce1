//! `lore verify prog.c --validate-witness W.yml`: checks a correctness
//! witness (SV-COMP format 2.0: an `invariant_set` of `loop_invariant`s).
//!
//! Each invariant is written into a copy of the program at its loop's head
//! as `__lore_invariant(e)` — in the condition of a `while` or `for`
//! (`while (__lore_invariant(e), c)`), at the start of a `do` body — so
//! that the front end reads `e` in the loop's own scope; the copy starts
//! with a line marker naming the original, so every place still points
//! there. `lore_bmc::kinduction::witness::validate` then asks whether the
//! invariants are a proof.

use crate::verify::BoundArgs;
use crate::{exit, load, Console, InputArgs};
use lore_bmc::kinduction::witness::{validate, Validation};
use lore_bmc::symex::SymexOptions;
use std::fmt::Write as _;
use std::path::Path;
use yaml_rust2::{Yaml, YamlLoader};

/// Whether `claims` prove the program of `input` (with `bound`'s entry
/// function and `options`' checks; unwinding assertions on): the program
/// instrumented with them, read by the front end, checked by
/// `kinduction::witness`. A claim that cannot be placed is a reason the
/// witness is not confirmed; an error reading the program is an exit code.
pub fn check(
    input: &InputArgs,
    bound: &BoundArgs,
    mut options: SymexOptions,
    claims: &[Claim],
    console: &mut Console<'_>,
) -> Result<Validation, u8> {
    let not = |why: String| {
        Ok(Validation::NotConfirmed {
            why,
            invariant: None,
        })
    };
    let text = match std::fs::read_to_string(&input.file) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(
                console.err,
                "error: cannot read {}: {e}",
                input.file.display()
            );
            return Err(exit::BAD_INPUT);
        }
    };
    let instrumented = match instrument(&text, &input.file, claims) {
        Ok(t) => t,
        Err(why) => return not(why),
    };
    let dir = tempfile::Builder::new()
        .prefix("lore-witness-")
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700))
        .tempdir()
        .map_err(|e| {
            let _ = writeln!(console.err, "error: a temporary folder: {e}");
            exit::INTERNAL
        })?;
    let extension = input
        .file
        .extension()
        .map_or("c".to_string(), |e| e.to_string_lossy().into_owned());
    let copy_path = dir.path().join(format!("checked.{extension}"));
    if let Err(e) = std::fs::write(&copy_path, instrumented) {
        let _ = writeln!(
            console.err,
            "error: cannot write {}: {e}",
            copy_path.display()
        );
        return Err(exit::INTERNAL);
    }
    let mut copy = input.clone();
    copy.file = copy_path;
    if let Some(folder) = input.file.parent() {
        copy.frontend.include(folder.to_path_buf());
    }
    let loaded = load(&copy, console)?;
    let Some(program) = &loaded.program else {
        return Err(exit::BAD_INPUT);
    };
    let program = bound.with_entry(program).map_err(|e| {
        let _ = writeln!(console.err, "error: {e}");
        exit::BAD_INPUT
    })?;
    options.unwinding_assertions = true;
    validate(&program, &options).map_err(|e| {
        let _ = writeln!(console.err, "error: {e}");
        exit::BAD_INPUT
    })
}

/// One claimed invariant: where (1-based line and column of the loop
/// statement) and the C expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub line: usize,
    pub column: Option<usize>,
    pub value: String,
}

/// The loop invariants of a witness file (format 2.0).
pub fn read_claims(path: &Path) -> Result<Vec<Claim>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let docs = YamlLoader::load_from_str(&text)
        .map_err(|e| format!("{}: not YAML: {e}", path.display()))?;
    let mut claims = Vec::new();
    for doc in &docs {
        let entries = match doc {
            Yaml::Array(entries) => entries.clone(),
            other => vec![other.clone()],
        };
        for entry in entries {
            if entry["entry_type"].as_str() != Some("invariant_set") {
                continue;
            }
            let Yaml::Array(content) = &entry["content"] else {
                continue;
            };
            for item in content {
                let inv = &item["invariant"];
                match inv["type"].as_str() {
                    Some("loop_invariant") => {}
                    Some(other) => {
                        return Err(format!(
                            "{}: a {other} (Lore checks loop invariants)",
                            path.display()
                        ))
                    }
                    None => continue,
                }
                if inv["format"].as_str().is_some_and(|f| f != "c_expression") {
                    return Err(format!(
                        "{}: an invariant in format {} (Lore reads c_expression)",
                        path.display(),
                        inv["format"].as_str().unwrap_or("")
                    ));
                }
                let location = &inv["location"];
                let line = location["line"]
                    .as_i64()
                    .ok_or(format!("{}: an invariant without a line", path.display()))?;
                claims.push(Claim {
                    line: line as usize,
                    column: location["column"].as_i64().map(|c| c as usize),
                    value: inv["value"]
                        .as_str()
                        .ok_or(format!("{}: an invariant without a value", path.display()))?
                        .to_string(),
                });
            }
        }
    }
    Ok(claims)
}

/// The program `text` (of file `path`) with each claim written at its
/// loop's head, after a line marker that names `path`.
pub fn instrument(text: &str, path: &Path, claims: &[Claim]) -> Result<String, String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Claims on one line from the right, so earlier columns stay put.
    let mut sorted: Vec<&Claim> = claims.iter().collect();
    sorted.sort_by_key(|c| (c.line, std::cmp::Reverse(c.column)));
    for claim in sorted {
        let Some(line) = lines.get_mut(claim.line.wrapping_sub(1)) else {
            return Err(format!(
                "no line {} for the invariant {}",
                claim.line, claim.value
            ));
        };
        let start = match claim.column {
            Some(c) => c.saturating_sub(1).min(line.len()),
            None => first_keyword(line).ok_or(format!(
                "no loop statement on line {} for the invariant {}",
                claim.line, claim.value
            ))?,
        };
        let rest = &line[start..];
        let marker = format!("__lore_invariant({})", claim.value);
        let at = if rest.starts_with("while") {
            let open = rest.find('(').ok_or("a `while` without `(`")?;
            (start + open + 1, format!("{marker}, "))
        } else if rest.starts_with("for") {
            let open = rest.find('(').ok_or("a `for` without `(`")?;
            // The condition follows the first `;` at the parentheses' depth.
            let mut depth = 0;
            let mut semi = None;
            for (i, ch) in rest[open..].char_indices() {
                match ch {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ';' if depth == 1 => {
                        semi = Some(open + i);
                        break;
                    }
                    _ => {}
                }
            }
            let semi = semi.ok_or(format!(
                "the `for` header on line {} does not fit on its line",
                claim.line
            ))?;
            let empty = rest[semi + 1..].trim_start().starts_with(';');
            let text = if empty {
                format!(" {marker}, 1")
            } else {
                format!(" {marker},")
            };
            (start + semi + 1, text)
        } else if rest.starts_with("do") {
            let brace = rest.find('{').ok_or(format!(
                "a `do` body on line {} that is not a block",
                claim.line
            ))?;
            (start + brace + 1, format!(" {marker};"))
        } else {
            return Err(format!(
                "no `while`, `for` or `do` at line {}{} for the invariant {} (Lore checks invariants of loop statements)",
                claim.line,
                claim.column.map_or(String::new(), |c| format!(", column {c}")),
                claim.value
            ));
        };
        line.insert_str(at.0, &at.1);
    }
    let mut out = String::new();
    let _ = writeln!(out, "# 1 \"{}\"", path.display());
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    Ok(out)
}

/// Where the first loop keyword of a line starts.
fn first_keyword(line: &str) -> Option<usize> {
    ["while", "for", "do"]
        .iter()
        .filter_map(|k| {
            line.match_indices(k).find(|(i, _)| {
                let before = line[..*i].chars().last();
                let after = line[i + k.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        })
        .map(|(i, _)| i)
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invariants_go_into_the_loop_heads() {
        let text = "int main(void) {\n  int i = 0;\n  while (i < 10) i++;\n  for (int j = 0; j < 3; j++) {}\n  for (;;) break;\n  do { i--; } while (i);\n}\n";
        let claims = [
            Claim {
                line: 3,
                column: Some(3),
                value: "i <= 10".into(),
            },
            Claim {
                line: 4,
                column: None,
                value: "j <= 3".into(),
            },
            Claim {
                line: 5,
                column: Some(3),
                value: "1".into(),
            },
            Claim {
                line: 6,
                column: Some(3),
                value: "i >= 0".into(),
            },
        ];
        let out = instrument(text, Path::new("p.c"), &claims).unwrap();
        assert!(out.starts_with("# 1 \"p.c\"\n"), "{out}");
        assert!(
            out.contains("while (__lore_invariant(i <= 10), i < 10) i++;"),
            "{out}"
        );
        assert!(
            out.contains("for (int j = 0; __lore_invariant(j <= 3), j < 3; j++) {}"),
            "{out}"
        );
        assert!(
            out.contains("for (; __lore_invariant(1), 1;) break;"),
            "{out}"
        );
        assert!(
            out.contains("do { __lore_invariant(i >= 0); i--; } while (i);"),
            "{out}"
        );
        let bad = [Claim {
            line: 2,
            column: Some(3),
            value: "1".into(),
        }];
        assert!(instrument(text, Path::new("p.c"), &bad).is_err());
    }
}

/// The invariants a correctness witness of `induction`'s proof carries:
/// those of its loops that are C at the loop's head — an entry value
/// `x@entry` replaced by the value `x` has where a run of the program with
/// every input 0 first reaches the loop (an invariant that holds only for
/// other entry values then fails the check below and goes) — kept as long
/// as the witness is not confirmed by [`check`] and a failing invariant can
/// be dropped. With the reason where the result is not confirmed.
pub fn witness_invariants(
    input: &InputArgs,
    bound: &BoundArgs,
    options: &SymexOptions,
    program: &lore_frontend::ir::Program,
    induction: Option<&lore_bmc::kinduction::Induction>,
    console: &mut Console<'_>,
) -> Result<(Vec<(lore_frontend::source::Loc, String)>, Option<String>), u8> {
    use lore_bmc::kinduction::Induction;
    let first = confirmed_invariants(input, bound, options, program, induction, console)?;
    let Some(Induction::Proved { loops, unwind, k }) = induction else {
        return Ok(first);
    };
    if first.1.is_none() || *k == 0 {
        return Ok(first);
    }
    // The k-induction proof needed several iterations; loop summaries,
    // whose invariants are inductive alone, may prove it too.
    let indices: Vec<usize> = loops
        .iter()
        .filter_map(|l| l.name.rsplit('.').next().and_then(|i| i.parse().ok()))
        .collect();
    let deadline = Some(std::time::Instant::now() + std::time::Duration::from_secs(30));
    match lore_bmc::kinduction::prove_by_summaries(program, options, &indices, *unwind, deadline) {
        Ok(proof @ Induction::Proved { .. }) => {
            let second =
                confirmed_invariants(input, bound, options, program, Some(&proof), console)?;
            Ok(if second.1.is_none() { second } else { first })
        }
        _ => Ok(first),
    }
}

/// [`witness_invariants`] for one proof.
fn confirmed_invariants(
    input: &InputArgs,
    bound: &BoundArgs,
    options: &SymexOptions,
    program: &lore_frontend::ir::Program,
    induction: Option<&lore_bmc::kinduction::Induction>,
    console: &mut Console<'_>,
) -> Result<(Vec<(lore_frontend::source::Loc, String)>, Option<String>), u8> {
    use lore_bmc::kinduction::Induction;
    let mut candidates = Vec::new();
    let mut options = options.clone();
    if let Some(Induction::Proved { loops, unwind, .. }) = induction {
        options.unwind = (*unwind).max(options.unwind);
        for l in loops {
            let Some(index) = l.name.rsplit('.').next().and_then(|i| i.parse().ok()) else {
                continue;
            };
            let values = entry_values(program, index, &l.invariants);
            for text in &l.invariants {
                if let Some(t) = substitute_entry(text, &values) {
                    if !t.contains('$') && !candidates.iter().any(|(_, c)| *c == t) {
                        candidates.push((l.loc, t));
                    }
                }
            }
        }
    }
    loop {
        let claims: Vec<Claim> = candidates
            .iter()
            .map(
                |(loc, value): &(lore_frontend::source::Loc, String)| Claim {
                    line: loc.line as usize,
                    column: Some(loc.col as usize),
                    value: value.clone(),
                },
            )
            .collect();
        match check(input, bound, options.clone(), &claims, console)? {
            Validation::Confirmed { .. } => return Ok((candidates, None)),
            Validation::NotConfirmed {
                invariant: Some(failed),
                why,
            } => {
                let before = candidates.len();
                candidates.retain(|(_, c)| *c != failed);
                if candidates.len() == before {
                    return Ok((candidates, Some(why)));
                }
            }
            Validation::NotConfirmed { why, .. } => return Ok((candidates, Some(why))),
        }
    }
}

/// The values the variables named as `x@entry` in `invariants` have where
/// a run with every input 0 first reaches the head of `main`'s loop
/// `index` (none where the run does not get there).
fn entry_values(
    program: &lore_frontend::ir::Program,
    index: usize,
    invariants: &[String],
) -> std::collections::HashMap<String, i128> {
    use lore_frontend::ir::{Expr, Place};
    let mut out = std::collections::HashMap::new();
    let Some(entry) = program.entry else {
        return out;
    };
    let main = program.function(entry);
    let Some(header) = main
        .body
        .as_ref()
        .and_then(|b| b.loops.get(index))
        .map(|l| l.header.index())
    else {
        return out;
    };
    let mut names: Vec<String> = invariants.iter().flat_map(|t| entry_names(t)).collect();
    names.sort();
    names.dedup();
    let mut exprs = Vec::new();
    let mut kept = Vec::new();
    for name in names {
        let place = main
            .locals
            .iter()
            .position(|l| l.name == name)
            .map(|i| {
                (
                    Place::Local(lore_frontend::types::LocalId(i as u32)),
                    main.locals[i].ty,
                )
            })
            .or_else(|| {
                program
                    .global_by_name(&name)
                    .map(|g| (Place::Global(g), program.global(g).ty))
            });
        if let Some((place, ty)) = place {
            if program.types.is_integer(ty) {
                exprs.push(Expr::load(place, ty));
                kept.push(name);
            }
        }
    }
    if exprs.is_empty() {
        return out;
    }
    let mut run = lore_bmc::interp::Interpreter::new(
        program,
        Vec::new(),
        lore_bmc::interp::SafetyChecks::default(),
        Vec::new(),
    )
    .sampling(entry, header, exprs)
    .with_step_limit(1_000_000)
    .without_trace();
    let _ = run.run();
    if let Some(first) = run.sampled.first() {
        for (name, value) in kept.into_iter().zip(first) {
            out.insert(name, *value);
        }
    }
    out
}

/// The names `x` of the `x@entry` in an invariant's text.
fn entry_names(text: &str) -> Vec<String> {
    text.match_indices("@entry")
        .map(|(at, _)| {
            text[..at]
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect()
        })
        .collect()
}

/// `text` with each `x@entry` replaced by `x`'s value in `values` (`None`
/// where one has none).
fn substitute_entry(
    text: &str,
    values: &std::collections::HashMap<String, i128>,
) -> Option<String> {
    let mut out = text.to_string();
    for name in entry_names(text) {
        let v = values.get(&name)?;
        let literal = if i32::try_from(*v).is_ok() {
            format!("{v}")
        } else {
            format!("{v}LL")
        };
        out = out.replacen(&format!("{name}@entry"), &format!("({literal})"), 1);
    }
    Some(out)
}
