//! `lore diff` and `lore merge` (paper §5): learn several versions of a
//! program over one alphabet (events matched by name) at the same bounds,
//! and show the differences of their languages as automata, each word with
//! an execution of the version that has it.
//!
//! By default the words are those of executions reaching the end of `main`
//! (what the programs *do*); `--assert` compares languages of error instead.

use crate::language::events::{self, EventError};
use crate::language::teacher::Knowledge;
use crate::language::{BoundRun, LearnError, Setup};
use crate::learn::{self, LearnOptions};
use crate::present::{BoundView, Panel, ProgramInfo, Report, RunInfo, Witnesses};
use crate::{exit, load_file, Console, FrontendArgs};
use clap::Args;
use lore_learner::dfa::Dfa;
use std::collections::BTreeMap;
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
    let mut kinds = Vec::new();
    for p in &programs {
        match learn::target(p, assert, console) {
            Ok(k) => kinds.push(k),
            Err(code) => return code,
        }
    }
    let pairs: Vec<(&lore_frontend::ir::Program, &Path)> = programs
        .iter()
        .zip(versions)
        .map(|(p, (_, path))| (*p, *path))
        .collect();
    let events = match events::choose_common(&pairs, options.events.as_deref()) {
        Ok(e) => e,
        Err(EventError(message)) => return learn::fail(console, &message),
    };
    if events[0].letters.is_empty() {
        return learn::fail(console, learn::NO_EVENTS);
    }
    let setups: Vec<Setup<'_>> = programs
        .iter()
        .zip(events)
        .zip(kinds)
        .map(|((p, events), kind)| Setup {
            program: p,
            events,
            targets: vec![kind],
            algorithm,
        })
        .collect();
    let mut knowledge: Vec<Knowledge<'_>> = setups.iter().map(Setup::knowledge).collect();
    let runs = match learn_all(versions, &setups, &mut knowledge, options, console) {
        Ok(r) => r,
        Err(LearnError(message)) => return learn::fail(console, &message),
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
            let mut witnesses = Witnesses {
                setup: &setups[d.witness],
                knowledge: &knowledge[d.witness],
                sources: &loaded[d.witness].sources,
                program_index: d.witness,
                unwind: b,
                max_word_length: wl,
            };
            let panel = match Panel::new(d.title.clone(), "difference", &dfa, wl, &mut witnesses) {
                Ok(p) => p,
                Err(LearnError(message)) => return learn::fail(console, &message),
            };
            panels.push(panel);
            shown.push(d.suffix);
        }
        for (i, (role, _)) in versions.iter().enumerate() {
            let run = &runs.at[i][&(b, wl)];
            let mut witnesses = Witnesses {
                setup: &setups[i],
                knowledge: &knowledge[i],
                sources: &loaded[i].sources,
                program_index: i,
                unwind: b,
                max_word_length: wl,
            };
            match Panel::new(
                format!("{} ({role})", names[i]),
                "language",
                &run.dfa,
                wl,
                &mut witnesses,
            ) {
                Ok(p) => panels.push(p),
                Err(LearnError(message)) => return learn::fail(console, &message),
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

/// Every version learned at every pair of bounds computed.
struct AllRuns {
    /// By version, the run at each (b, b_wl).
    at: Vec<BTreeMap<(u32, u32), BoundRun>>,
    /// Every pair, sorted.
    pairs: Vec<(u32, u32)>,
    /// The pair of the result.
    chosen: (u32, u32),
    /// The runs in the order made, for the statistics.
    log: Vec<RunInfo>,
}

/// With bounds given, learns every version there. Else searches each
/// version's bounds (paper §6.1); the result is at the largest b and b_wl
/// any version's search chose, and every version is learned at every pair
/// any search visited, so that the versions are compared pair by pair.
fn learn_all<'p>(
    versions: &[(&'static str, &Path)],
    setups: &[Setup<'p>],
    knowledge: &mut [Knowledge<'p>],
    options: &LearnOptions,
    console: &mut Console<'_>,
) -> Result<AllRuns, LearnError> {
    let n = setups.len();
    let mut at: Vec<BTreeMap<(u32, u32), BoundRun>> = vec![BTreeMap::new(); n];
    let mut log = Vec::new();
    let mut chosen = (0, 0);
    for i in 0..n {
        let label = format!("{}: ", versions[i].0);
        let search = learn::learn_bounds(
            &setups[i],
            &mut knowledge[i],
            options,
            &label,
            &mut *console.err,
        )?;
        let last = search.runs.last().expect("a run");
        chosen = (
            chosen.0.max(last.unwind),
            chosen.1.max(last.max_word_length),
        );
        for run in search.runs {
            at[i].insert((run.unwind, run.max_word_length), run.clone());
            log.push(RunInfo { program: i, run });
        }
    }
    let mut pairs: Vec<(u32, u32)> = at.iter().flat_map(|m| m.keys().copied()).collect();
    pairs.push(chosen);
    pairs.sort_unstable();
    pairs.dedup();
    for &(b, wl) in &pairs {
        for i in 0..n {
            if at[i].contains_key(&(b, wl)) {
                continue;
            }
            let run = setups[i].learn_at(&mut knowledge[i], b, wl)?;
            if !options.quiet {
                let _ = writeln!(
                    console.err,
                    "  {}: {}",
                    versions[i].0,
                    learn::run_line(&run)
                );
            }
            at[i].insert((b, wl), run.clone());
            log.push(RunInfo { program: i, run });
        }
    }
    Ok(AllRuns {
        at,
        pairs,
        chosen,
        log,
    })
}
