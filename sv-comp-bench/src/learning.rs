//! `sv-comp-bench learning`: learn every target DFA of
//! `../shared/benchmarks/learning` with every algorithm through a perfect
//! teacher (shortlex-least counterexamples), check the result is exactly the
//! target, and compare the distinct membership queries with AALpy's numbers
//! for the same algorithm. Also learns the bounded targets with a teacher that
//! answers "unknown" beyond the bound, and checks the automata are no larger
//! than the unbounded versions and consistent with every known answer.

use lore_learner::dfa::Dfa;
use lore_learner::teacher::DfaTeacher;
use lore_learner::{learn, Algorithm, LearnConfig};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Lore's algorithms and the AALpy configuration each is compared with.
const COMPARED: [(Algorithm, &str); 3] = [
    (Algorithm::LStar, "Lstar_none_shortest"),
    (Algorithm::LStarRivestSchapire, "Lstar_rs_shortest"),
    (Algorithm::LSharp, "Lsharp_SepSeq_ADS"),
];

/// AALpy's best configuration, which Lore's best must match.
const AALPY_BEST: &str = "Lsharp_SepSeq_ADS";

struct Run {
    target: String,
    algorithm: Algorithm,
    exact: bool,
    states: usize,
    mq: u64,
    eq: u64,
}

struct AalpyRow {
    mq_distinct: f64,
    eq: f64,
}

fn read_aalpy(path: &Path) -> Result<BTreeMap<(String, String), AalpyRow>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().ok_or("empty CSV")?.split(',').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .ok_or(format!("no column {name}"))
    };
    let (target, config, mq, eq) = (
        col("target")?,
        col("config")?,
        col("mq_distinct")?,
        col("eq")?,
    );
    let mut out = BTreeMap::new();
    for line in lines {
        // The `note` column may hold commas only inside quotes; these files have none.
        let f: Vec<&str> = line.split(',').collect();
        if f.len() != header.len() {
            continue;
        }
        let parse = |s: &str| s.parse::<f64>().map_err(|_| format!("bad number {s}"));
        out.insert(
            (f[target].to_string(), f[config].to_string()),
            AalpyRow {
                mq_distinct: parse(f[mq])?,
                eq: parse(f[eq])?,
            },
        );
    }
    Ok(out)
}

fn geometric_mean(values: &[f64]) -> f64 {
    (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
}

pub fn run(root: &Path, json: Option<PathBuf>) -> ExitCode {
    let aalpy = match read_aalpy(&root.join("aalpy_results.csv")) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut targets: Vec<(String, Dfa)> = Vec::new();
    let Ok(entries) = std::fs::read_dir(root.join("targets")) else {
        eprintln!("error: no targets folder under {}", root.display());
        return ExitCode::FAILURE;
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    for p in paths {
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        match std::fs::read_to_string(&p)
            .map_err(|e| e.to_string())
            .and_then(|t| lore_learner::text::read_dfa(&t).map_err(|e| e.to_string()))
        {
            Ok(d) => targets.push((name, d)),
            Err(e) => {
                eprintln!("error: {}: {e}", p.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let jobs: Vec<(usize, Algorithm)> = (0..targets.len())
        .flat_map(|t| COMPARED.iter().map(move |(a, _)| (t, *a)))
        .collect();
    let runs: Vec<Run> = jobs
        .par_iter()
        .map(|&(t, algorithm)| {
            let (name, target) = &targets[t];
            let mut teacher = DfaTeacher::new(target.clone());
            let learned = learn(&mut teacher, &LearnConfig::new(algorithm));
            let minimal = target.minimize();
            let exact = learned.dfa.equivalent(target)
                && learned.dfa.minimize().num_states() == minimal.num_states()
                && learned.dfa.num_states() == minimal.num_states();
            Run {
                target: name.clone(),
                algorithm,
                exact,
                states: learned.dfa.num_states(),
                mq: learned.stats.membership_teacher,
                eq: learned.stats.equivalence,
            }
        })
        .collect();

    let mut out = String::new();
    let mut ok = true;
    let _ = writeln!(
        out,
        "{:<24} {:>6} | {:>14} {:>14} | {:>14} {:>14} | {:>14} {:>14}",
        "target", "states", "L* mq (AALpy)", "eq (AALpy)", "L*+RS mq", "eq", "L# mq", "eq"
    );
    let mut ratios: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    let mut best_lore: Vec<f64> = Vec::new();
    let mut best_aalpy: Vec<f64> = Vec::new();
    for (name, target) in &targets {
        let mut line = format!("{:<24} {:>6} |", name, target.minimize().num_states());
        let mut lore_best = f64::INFINITY;
        for (algorithm, config) in COMPARED {
            let r = runs
                .iter()
                .find(|r| &r.target == name && r.algorithm == algorithm)
                .expect("run");
            if !r.exact {
                ok = false;
                println!(
                    "NOT EXACT: {name} with {} ({} states)",
                    algorithm.name(),
                    r.states
                );
            }
            let a = aalpy.get(&(name.clone(), config.to_string()));
            let (amq, aeq) = a.map_or((f64::NAN, f64::NAN), |a| (a.mq_distinct, a.eq));
            let _ = write!(
                line,
                " {:>6} ({:>5.0}) {:>5} ({:>5.1}) |",
                r.mq, amq, r.eq, aeq
            );
            if amq.is_finite() && amq > 0.0 {
                ratios
                    .entry(algorithm.name())
                    .or_default()
                    .push(r.mq as f64 / amq);
            }
            lore_best = lore_best.min(r.mq as f64);
        }
        if let Some(a) = aalpy.get(&(name.clone(), AALPY_BEST.to_string())) {
            best_lore.push(lore_best);
            best_aalpy.push(a.mq_distinct);
        }
        let _ = writeln!(out, "{}", line.trim_end_matches('|'));
    }
    let _ = writeln!(out, "\ngeometric mean of Lore's distinct membership queries / AALpy's, same algorithm ({} targets):", targets.len());
    let mut summary = Vec::new();
    for (algorithm, config) in COMPARED {
        let r = geometric_mean(&ratios[algorithm.name()]);
        let needed = algorithm != Algorithm::LSharp;
        let verdict = if !needed || r <= 1.0 {
            "ok"
        } else {
            "FAIL (must be <= 1.0)"
        };
        if needed && r > 1.0 {
            ok = false;
        }
        let _ = writeln!(
            out,
            "  {:<10} vs {:<22} {:.3}  {}",
            algorithm.name(),
            config,
            r,
            verdict
        );
        summary.push((algorithm.name(), config, r));
    }
    let best_ratio = geometric_mean(
        &best_lore
            .iter()
            .zip(&best_aalpy)
            .map(|(l, a)| l / a)
            .collect::<Vec<_>>(),
    );
    let best_verdict = if best_ratio <= 1.0 {
        "ok"
    } else {
        "FAIL (must be <= 1.0)"
    };
    if best_ratio > 1.0 {
        ok = false;
    }
    let _ = writeln!(
        out,
        "  Lore's best per target vs {AALPY_BEST}: {best_ratio:.3}  {best_verdict}"
    );

    // Bounded targets with a teacher that does not know long words.
    let _ = writeln!(
        out,
        "\nbounded targets, learned with a teacher that answers \"unknown\" beyond the bound:"
    );
    let mut bounded_rows = Vec::new();
    for (name, target) in &targets {
        let Some((base, bound)) = name
            .rsplit_once("_L")
            .and_then(|(b, l)| l.parse::<usize>().ok().map(|l| (b, l)))
        else {
            continue;
        };
        let Some((_, unbounded)) = targets.iter().find(|(n, _)| n == &format!("{base}_inf")) else {
            continue;
        };
        for algorithm in [Algorithm::LSharp, Algorithm::MinimalConsistent] {
            let mut teacher = DfaTeacher::bounded(target.clone(), bound);
            let learned = learn(&mut teacher, &LearnConfig::new(algorithm));
            let consistent = agrees_up_to(&learned.dfa, target, bound);
            let small = learned.dfa.minimize().num_states() <= unbounded.minimize().num_states();
            if !(consistent && small) {
                ok = false;
            }
            let _ = writeln!(
            out,
            "  {:<24} {:<8} bounded {:>3} states, unbounded {:>2}, learned {:>2}  mq {:>5} eq {:>4}  {}",
            name,
            algorithm.name(),
            target.minimize().num_states(),
            unbounded.minimize().num_states(),
            learned.dfa.minimize().num_states(),
            learned.stats.membership_teacher,
            learned.stats.equivalence,
            if consistent && small { "ok" } else if consistent { "FAIL: larger than unbounded" } else { "FAIL: inconsistent" }
        );
            bounded_rows.push((
                format!("{name} {}", algorithm.name()),
                learned.dfa.minimize().num_states(),
                unbounded.minimize().num_states(),
                consistent,
            ));
        }
    }
    print!("{out}");
    println!(
        "{}",
        if ok {
            "learning benchmark: all checks hold"
        } else {
            "learning benchmark: FAILED"
        }
    );
    if let Some(path) = json {
        let mut j = String::from("{\n  \"runs\": [\n");
        let rows: Vec<String> = runs
            .iter()
            .map(|r| {
                format!(
                    "    {{\"target\": \"{}\", \"algorithm\": \"{}\", \"exact\": {}, \"states\": {}, \"mq_distinct\": {}, \"eq\": {}}}",
                    r.target, r.algorithm.name(), r.exact, r.states, r.mq, r.eq
                )
            })
            .collect();
        j.push_str(&rows.join(",\n"));
        j.push_str("\n  ],\n  \"geomean_ratio_vs_aalpy\": {");
        let s: Vec<String> = summary
            .iter()
            .map(|(a, c, r)| format!("\"{a} vs {c}\": {r:.4}"))
            .collect();
        j.push_str(&s.join(", "));
        let _ = write!(
            j,
            ", \"best vs {AALPY_BEST}\": {best_ratio:.4}}},\n  \"bounded\": ["
        );
        let b: Vec<String> = bounded_rows
            .iter()
            .map(|(n, l, u, c)| format!("{{\"target\": \"{n}\", \"learned_states\": {l}, \"unbounded_states\": {u}, \"consistent\": {c}}}"))
            .collect();
        j.push_str(&b.join(", "));
        j.push_str("]\n}\n");
        if let Err(e) = std::fs::write(&path, j) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Do the two automata agree on every word of length at most `bound`?
fn agrees_up_to(a: &Dfa, b: &Dfa, bound: usize) -> bool {
    a.equivalence_counterexample(b)
        .is_none_or(|w| w.len() > bound)
        && {
            // The shortest difference is beyond the bound only if none is within it.
            let diff = a.symmetric_difference(b);
            diff.count_accepted_by_length(bound).iter().all(|&c| c == 0)
        }
}
