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
            invariants: Vec::new(),
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
    let dir = lore_frontend::preprocess::private_folder("witness").map_err(|e| {
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
    fn entry_values_become_constants_variables_or_linear_terms() {
        // Samples of (n, i, k) where k = n - i/2 and nothing else fits.
        let names = ["n", "i", "k"].map(String::from);
        let samples = vec![
            vec![0, 0, 0],
            vec![39, 40, 19],
            vec![76, 76, 38],
            vec![-5, 0, -5],
        ];
        let fits = linear_fits(&names, &samples, 2);
        assert_eq!(fits[0], "((2LL*n + -(long long)i + (0)) / 2)");
        // Where k always equals n + 1 the first fit says so.
        let shifted = vec![vec![0, 7, 1], vec![39, 2, 40], vec![-5, 9, -4]];
        assert_eq!(linear_fits(&names, &shifted, 2)[0], "((long long)n + (1))");
        let values = std::collections::HashMap::from([
            ("k".to_string(), vec!["n".to_string(), "(0)".to_string()]),
            ("j".to_string(), vec!["(0)".to_string()]),
        ]);
        assert_eq!(
            substitute_entry("k + j == k@entry + j@entry", &values),
            vec!["k + j == n + (0)", "k + j == (0) + (0)"]
        );
        assert!(substitute_entry("x >= x@entry", &values).is_empty());
        assert_eq!(substitute_entry("k >= 0", &values), vec!["k >= 0"]);
    }

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
/// `x@entry` replaced by what sampled runs say it is ([`entry_values`]: a
/// constant or a variable equal to it; an invariant that holds only for
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
    // The heads of the loops the proof replaced: one whose invariants all
    // go is claimed "1" (the proof held from any state there).
    let mut proved = Vec::new();
    let mut options = options.clone();
    let literals = std::fs::read_to_string(&input.file)
        .map(|text| largest_literals(&text))
        .unwrap_or_default();
    if let Some(Induction::Proved { loops, unwind, .. }) = induction {
        options.unwind = (*unwind).max(options.unwind);
        for l in loops {
            let Some(index) = l.name.rsplit('.').next().and_then(|i| i.parse().ok()) else {
                continue;
            };
            let values = entry_values(program, index, &l.invariants, &literals);
            for text in &l.invariants {
                for t in substitute_entry(text, &values) {
                    if !t.contains('$') && !candidates.iter().any(|(_, c)| *c == t) {
                        candidates.push((l.loc, t));
                    }
                }
            }
            proved.push(l.loc);
        }
    }
    loop {
        for loc in &proved {
            if !candidates.iter().any(|(l, _)| l == loc) {
                candidates.push((*loc, "1".to_string()));
            }
        }
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
            Validation::NotConfirmed { invariants, why } => {
                let before = candidates.len();
                if invariants.is_empty() || invariants.iter().any(|f| f == "1") {
                    return Ok((candidates, Some(why)));
                }
                candidates.retain(|(_, c)| !invariants.contains(c));
                if candidates.len() == before {
                    return Ok((candidates, Some(why)));
                }
            }
        }
    }
}

/// What each variable named as `x@entry` in `invariants` is where `main`'s
/// loop `index` is first reached, as C: runs of the program with several
/// input vectors (every input 0, then pseudo-random small positive and
/// negative values) are sampled at the loop's head: a value the same in every run
/// that gets there may be that constant, and a variable of `main` (declared
/// before the loop) or a global with the same value as `x` in every run
/// may be that variable; each is a candidate (the check decides). A name
/// with none is left out.
fn entry_values(
    program: &lore_frontend::ir::Program,
    index: usize,
    invariants: &[String],
    literals: &[i128],
) -> std::collections::HashMap<String, Vec<String>> {
    use lore_frontend::ir::{Expr, GlobalKind, LocalKind, Place};
    let mut out = std::collections::HashMap::new();
    let Some(entry) = program.entry else {
        return out;
    };
    let main = program.function(entry);
    let Some(the_loop) = main.body.as_ref().and_then(|b| b.loops.get(index)) else {
        return out;
    };
    let header = the_loop.header.index();
    let mut wanted: Vec<String> = invariants.iter().flat_map(|t| entry_names(t)).collect();
    wanted.sort();
    wanted.dedup();
    if wanted.is_empty() {
        return out;
    }
    // The integer variables C at the loop's head can name: main's own,
    // declared before the loop, each name once, and file-scope globals.
    let mut names: Vec<String> = Vec::new();
    let mut exprs = Vec::new();
    let mut seen = std::collections::HashMap::<&str, usize>::new();
    for l in &main.locals {
        *seen.entry(l.name.as_str()).or_default() += 1;
    }
    for (i, l) in main.locals.iter().enumerate() {
        let visible = matches!(l.kind, LocalKind::Param | LocalKind::Variable)
            && l.loc.line <= the_loop.loc.line
            && seen.get(l.name.as_str()) == Some(&1);
        if visible && program.types.is_integer(l.ty) {
            names.push(l.name.clone());
            exprs.push(Expr::load(
                Place::Local(lore_frontend::types::LocalId(i as u32)),
                l.ty,
            ));
        }
    }
    for (i, g) in program.globals.iter().enumerate() {
        let visible = g.kind == GlobalKind::Variable
            && !seen.contains_key(g.name.as_str())
            && !g.name.starts_with("__");
        if visible && program.types.is_integer(g.ty) {
            names.push(g.name.clone());
            exprs.push(Expr::load(
                Place::Global(lore_frontend::ir::GlobalId(i as u32)),
                g.ty,
            ));
        }
    }
    if exprs.is_empty() {
        return out;
    }
    let mut samples: Vec<Vec<i128>> = Vec::new();
    // Every input 0; then pseudo-random inputs, small positive (1..10),
    // larger positive (2..90) and small negative in turn, so that runs get
    // past a program's assumptions and coincidences between variables are
    // rare. A run stops at its first visit of the loop's head.
    for run_index in 0u64..40 {
        let mut state = run_index.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let inputs: Vec<Vec<u8>> = (0u64..256)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let v: i64 = match run_index % 3 {
                    _ if run_index == 0 => 0,
                    1 => (state % 10) as i64 + 1,
                    2 => (state % 89) as i64 + 2,
                    _ => -((state % 10) as i64) - 1,
                };
                v.to_le_bytes().to_vec()
            })
            .collect();
        let mut run = lore_bmc::interp::Interpreter::new(
            program,
            Vec::new(),
            lore_bmc::interp::SafetyChecks::default(),
            inputs,
        )
        .sampling(entry, header, exprs.clone())
        .sampling_at_most(1)
        .with_step_limit(1_000_000)
        .without_trace();
        let _ = run.run();
        if let Some(first) = run.sampled.first() {
            samples.push(first.clone());
        }
    }
    let column = |i: usize| samples.iter().map(|s| s[i]).collect::<Vec<_>>();
    for name in wanted {
        let Some(at) = names.iter().position(|n| *n == name) else {
            continue;
        };
        let values = column(at);
        let Some(&first) = values.first() else {
            continue;
        };
        let mut options = Vec::new();
        if values.iter().all(|v| *v == first) {
            let literal = if i32::try_from(first).is_ok() {
                format!("{first}")
            } else {
                format!("{first}LL")
            };
            options.push(format!("({literal})"));
        }
        options.extend(
            (0..names.len())
                .filter(|&j| j != at && column(j) == values)
                .map(|j| names[j].clone())
                .take(3),
        );
        if options.is_empty() && samples.len() >= 3 {
            options.extend(linear_fits(&names, &samples, at).into_iter().take(3));
        }
        if options.is_empty() {
            // Facts like "x >= x@entry" where only an assumption bounds
            // the entry value: the small constants and the program's
            // largest (the bounds its assumptions are likely to name).
            options.extend(["(0)", "(1)", "(-1)"].map(String::from));
            options.extend(
                literals
                    .iter()
                    .flat_map(|v| [format!("({v})"), format!("(-{v})")]),
            );
        }
        if !options.is_empty() {
            out.insert(name, options);
        }
    }
    out
}

/// C expressions `(a*y + b*z + c) / d` (small `a`, `b`, `d`; in long long)
/// over the
/// sampled variables other than `names[at]` that equal `names[at]`'s value
/// in every sample.
fn linear_fits(names: &[String], samples: &[Vec<i128>], at: usize) -> Vec<String> {
    let mut out = Vec::new();
    // In long long, so that the sum does not wrap where the variables
    // are ints.
    let term = |k: i128, name: &str| match k {
        1 => format!("(long long){name}"),
        -1 => format!("-(long long){name}"),
        k => format!("{k}LL*{name}"),
    };
    for d in [1i128, 2] {
        for y in (0..names.len()).filter(|&y| y != at) {
            // No second term first, then each later variable.
            let seconds =
                std::iter::once(None).chain((y + 1..names.len()).filter(|&z| z != at).map(Some));
            for z in seconds {
                let bs: &[i128] = if z.is_some() { &[1, -1, 2, -2] } else { &[0] };
                for a in [1i128, -1, 2, -2] {
                    for &b in bs {
                        let c = |s: &Vec<i128>| d * s[at] - a * s[y] - z.map_or(0, |z| b * s[z]);
                        let c0 = c(&samples[0]);
                        if samples.iter().any(|s| c(s) != c0) {
                            continue;
                        }
                        let sum = match z {
                            Some(z) => {
                                format!("{} + {} + ({c0})", term(a, &names[y]), term(b, &names[z]))
                            }
                            None => format!("{} + ({c0})", term(a, &names[y])),
                        };
                        // Each sample divides exactly.
                        out.push(if d == 1 {
                            format!("({sum})")
                        } else {
                            format!("(({sum}) / {d})")
                        });
                        if out.len() >= 3 {
                            return out;
                        }
                    }
                }
            }
        }
    }
    out
}

/// The two largest distinct decimal literals (above 1, below 2^31) of a C
/// text.
fn largest_literals(text: &str) -> Vec<i128> {
    let mut values: Vec<i128> = text
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .filter(|w| w.bytes().all(|b| b.is_ascii_digit()) && !w.is_empty())
        .filter_map(|w| w.parse::<i128>().ok())
        .filter(|v| *v > 1 && *v < 1 << 31)
        .collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values.dedup();
    values.truncate(2);
    values
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

/// `text` with each `x@entry` replaced by each candidate `values` gives for
/// `x`, every combination (at most 8); none where one has no candidate.
fn substitute_entry(
    text: &str,
    values: &std::collections::HashMap<String, Vec<String>>,
) -> Vec<String> {
    let mut out = vec![text.to_string()];
    for name in entry_names(text) {
        let Some(options) = values.get(&name) else {
            return Vec::new();
        };
        let pattern = &format!("{name}@entry");
        out = out
            .iter()
            .flat_map(|t| options.iter().map(move |o| t.replacen(pattern, o, 1)))
            .take(8)
            .collect();
    }
    out
}
