//! `sv-comp-bench bound-search`: the automatic bound search of `lore
//! learn`, `diff` and `merge` never states more than the bounds show.
//!
//! Every program of the paper's benchmarks, the examples and the test
//! suite's learning cases is learned with the automatic search, then at
//! explicit bounds b = 1, 2, 3 (with the b_wl the search chose). Where the
//! search says its result is the whole language (no execution cut by the
//! bounds, an empty language included), every explicit run must give the
//! same language. Every `diff` and `merge` case is compared the same way:
//! where the search says "the same" with no execution cut, no explicit b
//! may show a difference. A result the search calls bounded is reported,
//! not failed: it says what it leaves out. Runs `lore` as a user does.

use crate::difftest::run::run;
use lore_learner::dfa::{Alphabet, Dfa};
use lore_learner::draw::read_dot;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

pub struct Options {
    pub lore: PathBuf,
    pub paper: PathBuf,
    pub cases: PathBuf,
    pub examples: PathBuf,
    /// Seconds per `lore` run (the search's own budget is 60 s).
    pub timeout: f64,
}

/// What one check found.
enum Verdict {
    /// The search's claim holds at every explicit bound.
    Holds(String),
    /// The search said its result is bounded (and what it leaves out).
    Bounded(String),
    /// The search claimed more than the explicit bounds show.
    Wrong(String),
    /// Not checked: why.
    Skipped(String),
}

pub fn run_all(o: &Options) -> ExitCode {
    // A private folder (random name, mode 0700) for the automata the runs
    // write, removed when dropped.
    let work_folder = match crate::temp::private_folder("bound-search") {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: a temporary folder: {e}");
            return ExitCode::FAILURE;
        }
    };
    let work = work_folder.path().to_path_buf();
    let mut programs: Vec<PathBuf> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&o.paper) {
        let mut dirs: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        dirs.sort();
        for d in dirs {
            let name = d
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let main = d.join(format!("{name}.c"));
            if main.exists() {
                programs.push(main);
            }
        }
    }
    programs.extend(c_files(&o.examples));
    programs.extend(c_files(&o.cases.join("learn")));
    let mut rows = Vec::new();
    for p in &programs {
        rows.push((p.display().to_string(), check_learn(p, o, &work)));
    }
    let diff = o.cases.join("diff");
    let mut pairs: Vec<(PathBuf, PathBuf)> = Vec::new();
    for old in c_files(&diff) {
        let name = old
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        for (a, b) in [("_old.c", "_new.c"), ("_v1.c", "_v2.c")] {
            if let Some(stem) = name.strip_suffix(a) {
                let new = diff.join(format!("{stem}{b}"));
                if new.exists() {
                    pairs.push((old.clone(), new));
                }
            }
        }
    }
    for (old, new) in &pairs {
        let files = [old.clone(), new.clone()];
        rows.push((
            format!("diff {} {}", old.display(), new.display()),
            check_comparison("diff", &files, o),
        ));
    }
    let merge = o.cases.join("merge");
    let versions = ["base.c", "a.c", "b.c", "merged.c"].map(|f| merge.join(f));
    if versions.iter().all(|v| v.exists()) {
        rows.push((
            format!("merge {}", merge.display()),
            check_comparison("merge", &versions, o),
        ));
    }
    drop(work_folder);
    let (mut holds, mut bounded, mut wrong, mut skipped) = (0, 0, 0, 0);
    println!("| program | search result | checked against b = 1, 2, 3 |");
    println!("|---|---|---|");
    for (name, v) in &rows {
        let (kind, text) = match v {
            Verdict::Holds(t) => {
                holds += 1;
                ("holds", t)
            }
            Verdict::Bounded(t) => {
                bounded += 1;
                ("bounded", t)
            }
            Verdict::Wrong(t) => {
                wrong += 1;
                ("WRONG", t)
            }
            Verdict::Skipped(t) => {
                skipped += 1;
                ("skipped", t)
            }
        };
        println!("| {name} | {kind} | {text} |");
    }
    println!(
        "\n{} checks: {holds} claims of a whole language or of the same behaviour hold at every explicit bound, \
         {bounded} results said they are bounded, {skipped} skipped, {wrong} wrong",
        rows.len()
    );
    if wrong > 0 {
        println!("FAILED: the search stated more than the bounds show");
        ExitCode::FAILURE
    } else {
        println!("ok: the automatic search never claimed more than the explicit bounds show");
        ExitCode::SUCCESS
    }
}

fn c_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|e| {
            e.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn lore(o: &Options, args: &[String]) -> Result<(Option<i32>, String), String> {
    let mut cmd = Command::new(&o.lore);
    cmd.args(args);
    let r = run(cmd, "", Duration::from_secs_f64(o.timeout)).map_err(|e| e.to_string())?;
    if r.timed_out {
        return Err(format!("timed out after {} s", o.timeout));
    }
    Ok((r.code, format!("{}{}", r.stdout, r.stderr)))
}

/// `b=B, b_wl=W` (learn) or `b = B, b_wl = W` (diff, merge) in `out`.
fn chosen_bounds(out: &str) -> Option<(u32, u32)> {
    let flat = out.replace(" = ", "=");
    let i = flat.find("b=")?;
    let rest = &flat[i + 2..];
    let b: u32 = rest
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    let j = rest.find("b_wl=")?;
    let wl: u32 = rest[j + 5..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    Some((b, wl))
}

/// The `--events` and `--assert` options a case's `// lore:` header gives.
fn case_options(program: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(program).unwrap_or_default();
    let flags: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with("//") || l.trim().is_empty())
        .filter_map(|l| l.strip_prefix("// lore:"))
        .flat_map(str::split_whitespace)
        .collect();
    let mut out = Vec::new();
    for (i, f) in flags.iter().enumerate() {
        if matches!(*f, "--events" | "--assert") {
            if let Some(v) = flags.get(i + 1) {
                out.push(f.to_string());
                out.push(v.to_string());
            }
        }
    }
    out
}

fn check_learn(program: &Path, o: &Options, work: &Path) -> Verdict {
    let file = program.display().to_string();
    let auto_dot = work.join("auto.dot").display().to_string();
    let mut options = case_options(program);
    // A program without `_Learn_assert` is explained (its end of main).
    let text = std::fs::read_to_string(program).unwrap_or_default();
    if !text.contains("_Learn_assert") && !options.iter().any(|f| f == "--assert") {
        options.extend(["--assert".to_string(), "end-of-main".to_string()]);
    }
    let mut args: Vec<String> = vec!["learn".into(), file.clone(), "--quiet".into()];
    args.extend(options.iter().cloned());
    let mut auto = args.clone();
    auto.extend(["-o".to_string(), auto_dot.clone()]);
    let (code, out) = match lore(o, &auto) {
        Ok(r) => r,
        Err(e) => return Verdict::Skipped(e),
    };
    if code != Some(0) {
        let first = out
            .lines()
            .find(|l| l.contains("error"))
            .unwrap_or("")
            .to_string();
        return Verdict::Skipped(format!("lore learn exits {code:?}: {first}"));
    }
    let Some(result_line) = out.lines().find(|l| l.starts_with("result at ")) else {
        return Verdict::Skipped("no result line".into());
    };
    let Some((b, wl)) = chosen_bounds(result_line) else {
        return Verdict::Skipped("no chosen bounds".into());
    };
    let stopped = out
        .lines()
        .find(|l| l.starts_with("stopped ("))
        .unwrap_or("")
        .to_string();
    let whole = stopped.contains("the result is the whole language");
    let empty = out.contains("is empty");
    let Ok(auto_text) = std::fs::read_to_string(&auto_dot) else {
        return Verdict::Skipped("no automaton written".into());
    };
    let mut differs = Vec::new();
    for explicit_b in 1..=3u32 {
        let dot = work
            .join(format!("b{explicit_b}.dot"))
            .display()
            .to_string();
        let mut args = args.clone();
        args.extend([
            "--unwind".into(),
            explicit_b.to_string(),
            "--max-word-length".into(),
            wl.to_string(),
            "-o".into(),
            dot.clone(),
        ]);
        let text = match lore(o, &args) {
            Ok((Some(0), _)) => std::fs::read_to_string(&dot).unwrap_or_default(),
            Ok((code, out)) => {
                let first = out
                    .lines()
                    .find(|l| l.contains("error"))
                    .unwrap_or("")
                    .to_string();
                return Verdict::Skipped(format!("b = {explicit_b}: exit {code:?}: {first}"));
            }
            Err(e) => return Verdict::Skipped(format!("b = {explicit_b}: {e}")),
        };
        match same_language(&auto_text, &text, wl as usize) {
            Ok(true) => {}
            Ok(false) => differs.push(explicit_b),
            Err(e) => return Verdict::Skipped(e),
        }
    }
    let what = format!(
        "{} at b = {b}, b_wl = {wl}{}",
        if empty { "empty" } else { "language" },
        if differs.is_empty() {
            String::new()
        } else {
            format!("; differs at b = {differs:?}")
        }
    );
    match (whole, differs.is_empty()) {
        (true, true) => Verdict::Holds(format!("{what}, claimed whole: same at b = 1, 2, 3")),
        (true, false) => Verdict::Wrong(format!("{what}, claimed whole; {stopped}")),
        (false, _) => Verdict::Bounded(format!("{what}; said bounded")),
    }
}

/// Do two drawn automata accept the same words of at most `max_len` letters?
fn same_language(a: &str, b: &str, max_len: usize) -> Result<bool, String> {
    let first = read_dot(a, None).map_err(|e| e.to_string())?;
    let second = read_dot(b, Some(first.alphabet())).map_err(|e| e.to_string())?;
    let alphabet = Alphabet::new(second.alphabet().names().to_vec());
    let first = read_dot(a, Some(&alphabet)).map_err(|e| e.to_string())?;
    let prune = |d: &Dfa| d.prune_beyond(max_len).minimize();
    Ok(prune(&first).equivalent(&prune(&second)))
}

fn check_comparison(command: &str, files: &[PathBuf], o: &Options) -> Verdict {
    let mut args: Vec<String> = vec![command.into()];
    args.extend(files.iter().map(|f| f.display().to_string()));
    args.push("--quiet".into());
    let (code, out) = match lore(o, &args) {
        Ok(r) => r,
        Err(e) => return Verdict::Skipped(e),
    };
    let Some(summary) = out.lines().find(|l| {
        l.contains("behave the same") || l.contains("differ within") || l.contains("The merge adds")
    }) else {
        return Verdict::Skipped(format!("exit {code:?}, no summary"));
    };
    let Some((b, wl)) = chosen_bounds(summary) else {
        return Verdict::Skipped("no chosen bounds".into());
    };
    let same = code == Some(0);
    let exact = summary.contains("No execution of any version is cut");
    let mut differs = Vec::new();
    for explicit_b in 1..=3u32 {
        let mut explicit = args.clone();
        explicit.extend([
            "--unwind".to_string(),
            explicit_b.to_string(),
            "--max-word-length".into(),
            wl.to_string(),
        ]);
        match lore(o, &explicit) {
            Ok((Some(0), _)) => {}
            Ok((Some(1), _)) => differs.push(explicit_b),
            Ok((code, _)) => return Verdict::Skipped(format!("b = {explicit_b}: exit {code:?}")),
            Err(e) => return Verdict::Skipped(format!("b = {explicit_b}: {e}")),
        }
    }
    let what = format!(
        "{} at b = {b}, b_wl = {wl}{}",
        if same { "the same" } else { "different" },
        if differs.is_empty() {
            String::new()
        } else {
            format!("; explicit bounds differ at b = {differs:?}")
        }
    );
    match (same, exact, differs.is_empty()) {
        (true, true, true) => Verdict::Holds(format!("{what}, no execution cut")),
        (true, true, false) => Verdict::Wrong(format!("{what}, claimed with no execution cut")),
        (true, false, _) => Verdict::Bounded(format!("{what}; said bounded")),
        (false, _, _) => Verdict::Holds(format!(
            "{what} (a difference is shown with its executions)"
        )),
    }
}
