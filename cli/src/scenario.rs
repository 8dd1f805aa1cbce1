//! `lore diff` and `lore merge` (paper §5): learn several versions of a
//! program over one alphabet (events matched by name) at the same bounds,
//! and show the differences of their languages as automata, each word with
//! an execution of the version that has it.
//!
//! By default the words are those of executions reaching the end of `main`
//! (what the programs *do*); `--assert` compares languages of error instead.

use crate::learn::{self, LearnOptions};
use crate::present::{BoundView, Panel, ProgramInfo, Report, Witnesses};
use crate::{exit, load_file, Console, FrontendArgs};
use clap::Args;
use lore_language::teacher::Knowledge;
use lore_language::versions::{learn_versions, Versions};
use lore_language::{witness, Setup};
use lore_learner::dfa::Dfa;
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct DiffArgs {
    /// The old version.
    pub old: PathBuf,
    /// The new version.
    pub new: PathBuf,
    #[command(flatten)]
    pub frontend: FrontendArgs,
    /// Whose failure ends a word (as for `lore learn`). Default: `end-of-main`,
    /// so the programs' behaviours are compared.
    #[arg(long, value_name = "KIND")]
    pub assert: Option<String>,
    #[command(flatten)]
    pub options: LearnOptions,
}

#[derive(Args)]
pub struct MergeArgs {
    /// The common ancestor.
    pub base: PathBuf,
    /// One branch.
    pub a: PathBuf,
    /// The other branch.
    pub b: PathBuf,
    /// The result of merging A and B.
    pub merged: PathBuf,
    #[command(flatten)]
    pub frontend: FrontendArgs,
    /// Whose failure ends a word (as for `lore learn`). Default: `end-of-main`.
    #[arg(long, value_name = "KIND")]
    pub assert: Option<String>,
    #[command(flatten)]
    pub options: LearnOptions,
}

/// One difference shown: the words of `dfa`, witnessed by `witness`'s runs.
struct Difference {
    title: String,
    /// Inserted before the extension of `-o` files.
    suffix: &'static str,
    dfa: Dfa,
    witness: usize,
}

/// `lore diff OLD NEW`: exit 0 when both behave the same within the bounds,
/// 1 when not.
pub fn diff(args: &DiffArgs, console: &mut Console<'_>) -> u8 {
    let versions = [("old", args.old.as_path()), ("new", args.new.as_path())];
    let names = [
        args.old.display().to_string(),
        args.new.display().to_string(),
    ];
    compare(
        "diff",
        &versions,
        &args.frontend,
        args.assert.as_deref(),
        &args.options,
        console,
        &|languages| {
            vec![
                Difference {
                    title: format!("In {}, not in {}", names[1], names[0]),
                    suffix: "added",
                    dfa: languages[1].difference(&languages[0]),
                    witness: 1,
                },
                Difference {
                    title: format!("In {}, not in {}", names[0], names[1]),
                    suffix: "removed",
                    dfa: languages[0].difference(&languages[1]),
                    witness: 0,
                },
            ]
        },
    )
}

/// `lore merge BASE A B MERGED`: what the merge adds that neither branch
/// has, and what each branch has that the merge lost (unless the other
/// branch removed it from the base on purpose). Exit 0 when there is
/// neither, 1 when there is.
pub fn merge(args: &MergeArgs, console: &mut Console<'_>) -> u8 {
    let versions = [
        ("base", args.base.as_path()),
        ("a", args.a.as_path()),
        ("b", args.b.as_path()),
        ("merged", args.merged.as_path()),
    ];
    let name = |p: &Path| p.display().to_string();
    let (a, b, m) = (name(&args.a), name(&args.b), name(&args.merged));
    compare(
        "merge",
        &versions,
        &args.frontend,
        args.assert.as_deref(),
        &args.options,
        console,
        &|l| {
            let (base, la, lb, lm) = (&l[0], &l[1], &l[2], &l[3]);
            vec![
                Difference {
                    title: format!("In {m}, in neither {a} nor {b}"),
                    suffix: "unintended",
                    dfa: lm.difference(&la.union(lb)),
                    witness: 3,
                },
                Difference {
                    title: format!("In {a}, lost by {m}"),
                    suffix: "lost-a",
                    dfa: la.difference(lm).difference(&base.difference(lb)),
                    witness: 1,
                },
                Difference {
                    title: format!("In {b}, lost by {m}"),
                    suffix: "lost-b",
                    dfa: lb.difference(lm).difference(&base.difference(la)),
                    witness: 2,
                },
            ]
        },
    )
}

fn compare(
    command: &'static str,
    versions: &[(&'static str, &Path)],
    frontend: &FrontendArgs,
    assert: Option<&str>,
    options: &LearnOptions,
    console: &mut Console<'_>,
    differences: &dyn Fn(&[Dfa]) -> Vec<Difference>,
) -> u8 {
    let mut loaded = Vec::with_capacity(versions.len());
    for (_, path) in versions {
        match load_file(path, frontend, console) {
            Ok(l) if l.program.is_some() => loaded.push(l),
            Ok(_) => return exit::BAD_INPUT,
            Err(code) => return code,
        }
    }
    let programs: Vec<&lore_frontend::ir::Program> = loaded
        .iter()
        .map(|l| l.program.as_ref().expect("loaded"))
        .collect();
    let algorithm = match learn::algorithm(options, console) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let assert = assert.or(Some("end-of-main"));
    let kind = match learn::target(assert, console) {
        Ok(k) => k,
        Err(code) => return code,
    };
    let pairs: Vec<(&lore_frontend::ir::Program, &Path)> = programs
        .iter()
        .zip(versions)
        .map(|(p, (_, path))| (*p, *path))
        .collect();
    let kinds = vec![kind; pairs.len()];
    let mut setups = match Setup::versions(&pairs, options.events.as_deref(), &kinds, algorithm) {
        Ok(s) => s,
        Err(e) => return learn::fail(console, &e.to_string()),
    };
    for s in &mut setups {
        s.solver = options.solver;
    }
    let mut knowledge: Vec<Knowledge<'_>> = setups.iter().map(Setup::knowledge).collect();
    let quiet = options.quiet;
    let err = &mut *console.err;
    let learned = learn_versions(
        &setups,
        &mut knowledge,
        &learn::search_limits(options),
        &mut |i, run| {
            if !quiet {
                let _ = writeln!(err, "  {}: {}", versions[i].0, learn::run_line(run));
            }
        },
    );
    let runs: Versions = match learned {
        Ok(r) => r,
        Err(e) => return learn::fail(console, &e.to_string()),
    };
    let chosen_pair = runs.chosen;
    let names: Vec<String> = versions
        .iter()
        .map(|(_, p)| p.display().to_string())
        .collect();
    // Differences at every pair; each version's own automaton after them.
    let mut bounds = Vec::new();
    let mut chosen_differences = Vec::new();
    for &(b, wl) in &runs.pairs {
        let alphabet = runs.at[0][&(b, wl)].dfa.alphabet_arc().clone();
        let languages: Vec<Dfa> = runs
            .at
            .iter()
            .map(|m| {
                m[&(b, wl)]
                    .dfa
                    .with_alphabet(alphabet.clone())
                    .expect("one alphabet")
                    .complete()
            })
            .collect();
        let mut panels = Vec::new();
        let mut shown = Vec::new();
        for d in differences(&languages) {
            let dfa = d.dfa.prune_beyond(wl as usize).minimize();
            let witnesses = Witnesses {
                find: witness::Witnesses {
                    setup: &setups[d.witness],
                    knowledge: &knowledge[d.witness],
                    unwind: b,
                    max_word_length: wl,
                },
                sources: &loaded[d.witness].sources,
                program_index: d.witness,
            };
            let panel = match Panel::new(d.title.clone(), "difference", &dfa, wl, &witnesses) {
                Ok(p) => p,
                Err(e) => return learn::fail(console, &e.to_string()),
            };
            panels.push(panel);
            shown.push(d.suffix);
        }
        for (i, (role, _)) in versions.iter().enumerate() {
            let run = &runs.at[i][&(b, wl)];
            let witnesses = Witnesses {
                find: witness::Witnesses {
                    setup: &setups[i],
                    knowledge: &knowledge[i],
                    unwind: b,
                    max_word_length: wl,
                },
                sources: &loaded[i].sources,
                program_index: i,
            };
            match Panel::new(
                format!("{} ({role})", names[i]),
                "language",
                &run.dfa,
                wl,
                &witnesses,
            ) {
                Ok(p) => panels.push(p),
                Err(e) => return learn::fail(console, &e.to_string()),
            }
        }
        if (b, wl) == chosen_pair {
            chosen_differences = shown;
        }
        bounds.push(BoundView {
            unwind: b,
            max_word_length: wl,
            panels,
        });
    }
    let chosen = runs
        .pairs
        .iter()
        .position(|&p| p == chosen_pair)
        .expect("the chosen pair");
    let view = &bounds[chosen];
    let (b, wl) = chosen_pair;
    let same = view
        .panels
        .iter()
        .filter(|p| p.kind == "difference")
        .all(|p| p.word_count == 0);
    let summary = match (command, same) {
        ("diff", true) => format!(
            "{} and {} behave the same within b = {b}, b_wl = {wl}: every word of length at \
             most {wl} is in both languages or in neither.",
            names[0], names[1]
        ),
        ("diff", false) => format!(
            "{} and {} differ within b = {b}, b_wl = {wl}.",
            names[0], names[1]
        ),
        (_, true) => format!(
            "The merge adds nothing that neither branch has and loses nothing of either \
             branch within b = {b}, b_wl = {wl}."
        ),
        (_, false) => format!("The merge adds or loses behaviour within b = {b}, b_wl = {wl}."),
    };
    // A comparison within bounds that cut executions is only bounded.
    let left_out: Vec<String> = versions
        .iter()
        .enumerate()
        .filter_map(|(i, (role, _))| {
            let cut = runs.at[i][&chosen_pair].cut;
            (!cut.complete()).then(|| format!("of {role}: {}", cut.explain(b, wl)))
        })
        .collect();
    let summary = if left_out.is_empty() {
        format!("{summary} No execution of any version is cut by these bounds.")
    } else if same {
        format!(
            "{summary} This is bounded: the bounds leave out executions ({}), where the versions may still differ.",
            left_out.join("; ")
        )
    } else {
        format!(
            "{summary} The bounds leave out executions ({}).",
            left_out.join("; ")
        )
    };
    // A language learned inexactly makes the comparison no conclusion.
    let inexact: Vec<String> = versions
        .iter()
        .enumerate()
        .filter_map(|(i, (role, _))| {
            let why = runs.at[i][&chosen_pair].inexact_because()?;
            Some(format!("of {role}: {why}"))
        })
        .collect();
    let summary = if inexact.is_empty() {
        summary
    } else {
        format!(
            "{summary} Not a conclusion: a language was learned inexactly ({}).",
            inexact.join("; ")
        )
    };
    // The text: statistics, then each difference with its words and traces.
    if runs.pairs.len() > 1 {
        let _ = writeln!(
            console.out,
            "{} pairs of bounds computed (all in --html and --json); the result:",
            runs.pairs.len()
        );
    }
    for info in runs
        .log
        .iter()
        .filter(|i| (i.run.unwind, i.run.max_word_length) == chosen_pair)
    {
        let _ = writeln!(
            console.out,
            "{:<7} {}",
            versions[info.program].0,
            learn::run_line(&info.run)
        );
    }
    let _ = writeln!(console.out, "{summary}");
    for panel in view.panels.iter().filter(|p| p.kind == "difference") {
        print_difference(console, panel);
    }
    if let Some(path) = &options.output {
        for (panel, suffix) in view.panels.iter().zip(&chosen_differences) {
            let file = with_suffix(path, suffix);
            if let Err(code) = learn::write_drawing(&file, &panel.drawing, console) {
                return code;
            }
        }
    }
    let alphabet = runs.at[0][&chosen_pair].dfa.alphabet().names().to_vec();
    let report = Report {
        command,
        programs: versions
            .iter()
            .zip(&names)
            .map(|((role, _), file)| ProgramInfo {
                role,
                file: file.clone(),
            })
            .collect(),
        alphabet,
        runs: runs.log,
        bounds,
        chosen,
        search: None,
        summary,
    };
    if let Err(code) = learn::write_report(&report, options, console) {
        return code;
    }
    if same {
        exit::OK
    } else {
        exit::DISAGREE
    }
}

fn print_difference(console: &mut Console<'_>, panel: &crate::present::Panel) {
    if panel.word_count == 0 {
        let _ = writeln!(console.out, "{}: nothing", panel.title);
        return;
    }
    let _ = writeln!(
        console.out,
        "{}: {} word{} ({} states, {} edges){}",
        panel.title,
        panel.word_count,
        if panel.word_count == 1 { "" } else { "s" },
        panel.drawing.num_states(),
        panel.drawing.num_edges(),
        if panel.word_count > panel.words.len() as u128 {
            format!(", the first {} shown", panel.words.len())
        } else {
            String::new()
        }
    );
    for w in &panel.words {
        let _ = writeln!(console.out, "  {}", w.letters.join(" "));
        for s in w.trace.iter().flatten() {
            let _ = writeln!(
                console.out,
                "      {}:{:<4} {:<12} {}",
                s.file, s.line, s.function, s.text
            );
        }
    }
}

/// `out.dot` with suffix `added` is `out.added.dot`.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}.{suffix}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{suffix}"),
    };
    path.with_file_name(name)
}
