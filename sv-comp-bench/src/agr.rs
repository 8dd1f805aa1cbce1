//! `sv-comp-bench agr`: every instance of testsuite/cases/agr/INSTANCES.tsv
//! through the AGR loop, one row each: the verdict against the expected
//! one, the repairs, the sizes of M2, of the repaired M2 and of the
//! assumption, the queries, the time, and whether the independent check
//! (the repaired system composed directly) agrees.

use lore_agr::assume::Verdict;
use lore_agr::check::{check, Outcome};
use lore_agr::repair::Method;
use lore_agr::run::agr;
use lore_agr::system::load;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub fn run(folder: &Path, bound: u32, time: Duration) -> ExitCode {
    let manifest = folder.join("INSTANCES.tsv");
    let text = match std::fs::read_to_string(&manifest) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", manifest.display());
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{:<34} {:>9} {:>9} {:>7} {:>4} {:>6} {:>5} {:>5} {:>7} {:>6} {:>7} {:>11}",
        "instance",
        "expected",
        "verdict",
        "repairs",
        "|M2|",
        "|M2'|",
        "|A|",
        "mq",
        "mq bmc",
        "eq",
        "time s",
        "independent"
    );
    let mut problems = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("folder"))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let [dir, m1, m2, property, expected, shows] = cols[..] else {
            continue;
        };
        let base = folder.join(dir);
        let name = format!("{dir}/{m2}");
        let started = Instant::now();
        let property_text = std::fs::read_to_string(base.join(property)).unwrap_or_default();
        let system = match load(
            &base.join(m1),
            &base.join(m2),
            &property_text,
            &Default::default(),
        ) {
            Ok(s) => s,
            Err(e) => {
                println!("{name:<34} error: {e}");
                problems.push(format!("{name}: {e}"));
                continue;
            }
        };
        let result = agr(&system, Method::Approximate, bound, time, 10);
        let repaired = !result.iterations.is_empty();
        let (verdict, assumption) = match &result.last.verdict {
            Verdict::Holds { assumption, .. } if repaired => {
                ("repaired", assumption.num_states().to_string())
            }
            Verdict::Holds { assumption, .. } => ("holds", assumption.num_states().to_string()),
            Verdict::Error { .. } | Verdict::Unknown(_) if repaired => ("fails", "-".to_string()),
            Verdict::Error { .. } => ("fails", "-".to_string()),
            Verdict::Unknown(_) => ("unknown", "-".to_string()),
        };
        // The independent check: the (repaired) system composed directly.
        let direct = check(&system, &result.machine.component(&system.m2), bound, time);
        let independent = match (&direct, &result.last.verdict) {
            (Outcome::Holds(_), Verdict::Holds { .. }) => "agrees",
            (Outcome::Error(_), Verdict::Error { .. }) => "agrees",
            (Outcome::Unknown(_), Verdict::Unknown(_) | Verdict::Error { .. }) => "no proof",
            (Outcome::Unknown(_), Verdict::Holds { .. }) => "no proof",
            _ => "DISAGREES",
        };
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{name:<34} {expected:>9} {verdict:>9} {:>7} {:>4} {:>6} {:>5} {:>5} {:>7} {:>6} {seconds:>7.2} {independent:>11}",
            result.iterations.len(),
            system.m2.states,
            result.machine.states,
            assumption,
            result.last.membership,
            result.last.membership_checked,
            result.last.equivalence,
        );
        for it in &result.iterations {
            let what = match &it.repair.psi {
                Some((psi, line)) => format!("{}: psi = {psi} after line {line}", it.repair.how),
                None => format!("the {} method", it.repair.how),
            };
            println!("{:<34} repair ({}): {what}", "", it.found_by);
        }
        if verdict != expected {
            problems.push(format!("{name}: expected {expected}, got {verdict}"));
        }
        if independent == "DISAGREES" {
            problems.push(format!("{name}: the direct composition disagrees"));
        }
        if shows != "-" {
            let shown = result.iterations.iter().any(|it| {
                let text = format!("{} {:?}", it.repair.how, it.repair.psi);
                text.contains(shows)
                    || it
                        .repair
                        .psi
                        .as_ref()
                        .is_some_and(|(p, _)| format!("psi = {p}").contains(shows))
                    || format!("{} method", it.repair.how).contains(shows)
            });
            if !shown {
                problems.push(format!("{name}: the repair does not show `{shows}`"));
            }
        }
    }
    crate::verdict(&problems)
}
