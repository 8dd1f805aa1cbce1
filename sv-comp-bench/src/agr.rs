//! `sv-comp-bench agr`: every instance of testsuite/cases/agr/INSTANCES.tsv
//! through the AGR loop, one row each: the verdict against the expected
//! one, the repairs, the sizes of M2, of the repaired M2 and of the
//! assumption (and of the one learned, before its states were merged), the
//! queries, the time, and whether the independent check (the repaired
//! system composed directly; the assumption's two premises checked again)
//! agrees, and whether the repaired M2 as Lore writes it in C, loaded again
//! from that text, satisfies P ("as written"; a repair whose C does not
//! fails the benchmark).

use lore_agr::assume::{check_premises, Premises, Verdict};
use lore_agr::check::{check, Outcome};
use lore_agr::repair::Method;
use lore_agr::run::{agr, Settings};
use lore_agr::system::load;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Seconds for each other method where a syntactic one repaired (exact
/// repair may not converge: it is what the paper reports for its #22).
const OTHER_METHODS_TIME: Duration = Duration::from_secs(20);

pub fn run(
    folder: &Path,
    protocols: Option<&Path>,
    clients: &[usize],
    bound: u32,
    time: Duration,
    limits: Option<(&Path, &[u64])>,
) -> ExitCode {
    let mut problems = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    if let Some(dir) = protocols {
        match crate::agr_protocols::generate(dir, clients) {
            Ok(n) => {
                println!(
                    "{n} client/server protocols generated into {}",
                    dir.display()
                );
                folders.push(dir.to_path_buf());
            }
            Err(e) => problems.push(e),
        }
    }
    let mut tally = Tally::default();
    for folder in &folders {
        run_manifest(folder, bound, time, &mut problems, &mut tally);
    }
    tally.print();
    if let Some((lore, limits)) = limits {
        time_limits(lore, &folder.join("alternating_bit"), limits, &mut problems);
    }
    crate::verdict(&problems)
}

/// `lore agr --time-limit T` on an instance it has no answer for: the
/// whole command, loading to the last check, within T + 10 %.
fn time_limits(lore: &Path, dir: &Path, limits: &[u64], problems: &mut Vec<String>) {
    println!();
    println!(
        "lore agr --time-limit on {} (no answer: every stage runs to the limit):",
        dir.display()
    );
    println!("{:>8} {:>8} {:>7}  answer", "limit s", "wall s", "ratio");
    for &limit in limits {
        let started = std::time::Instant::now();
        let out = std::process::Command::new(lore)
            .arg("agr")
            .arg("--quiet")
            .arg("--time-limit")
            .arg(limit.to_string())
            .args(["m1.c", "m2.c", "abp.prop"].map(|f| dir.join(f)))
            .output();
        let wall = started.elapsed().as_secs_f64();
        let answer = match &out {
            Ok(o) => String::from_utf8_lossy(&o.stdout)
                .lines()
                .last()
                .unwrap_or("")
                .chars()
                .take(60)
                .collect::<String>(),
            Err(e) => format!("cannot run {}: {e}", lore.display()),
        };
        let ratio = wall / limit as f64;
        println!("{limit:>8} {wall:>8.2} {ratio:>7.2}  {answer}");
        if out.is_err() || ratio > 1.1 {
            problems.push(format!(
                "lore agr --time-limit {limit} took {wall:.1} s (more than 10 % over)"
            ));
        }
    }
}

/// The goals at a glance, over every row.
#[derive(Default)]
struct Tally {
    rows: usize,
    as_expected: usize,
    agree: usize,
    /// Correct instances (expected to hold), and those whose assumption
    /// is smaller than M2.
    correct: usize,
    smaller: usize,
    /// Flawed instances repaired, and the most repairs one needed.
    repaired: usize,
    /// Repairs whose C, written and loaded again, satisfies P.
    written_holds: usize,
    /// Repaired systems proved to have no complete run left.
    vacuous: usize,
    most_repairs: usize,
    /// The slowest AGR run and its instance.
    slowest: (f64, String),
}

impl Tally {
    fn print(&self) {
        println!(
            "{} instances: {} as expected, {} confirmed by the independent checks; \
             {} of {} correct ones with an assumption smaller than M2; {} flawed ones \
             repaired, in at most {} iteration{}, {} of them as written in C checked again and \
             satisfying P, {} leaving no complete run; slowest {} in {:.2} s",
            self.rows,
            self.as_expected,
            self.agree,
            self.smaller,
            self.correct,
            self.repaired,
            self.most_repairs,
            if self.most_repairs == 1 { "" } else { "s" },
            self.written_holds,
            self.vacuous,
            self.slowest.1,
            self.slowest.0,
        );
    }
}

/// The rows of one folder's INSTANCES.tsv.
fn run_manifest(
    folder: &Path,
    bound: u32,
    time: Duration,
    problems: &mut Vec<String>,
    tally: &mut Tally,
) {
    let manifest = folder.join("INSTANCES.tsv");
    let text = match std::fs::read_to_string(&manifest) {
        Ok(t) => t,
        Err(e) => {
            problems.push(format!("cannot read {}: {e}", manifest.display()));
            return;
        }
    };
    println!("{}:", folder.display());
    println!(
        "{:<34} {:>9} {:>9} {:>7} {:>4} {:>6} {:>5} {:>6} {:>5} {:>7} {:>6} {:>7} {:>7} {:>11} {:>10} {:>9}",
        "instance",
        "expected",
        "verdict",
        "repairs",
        "|M2|",
        "|M2'|",
        "|A|",
        "learnt",
        "mq",
        "mq bmc",
        "eq",
        "time s",
        "check s",
        "independent",
        "as written",
        "runs left"
    );
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
        let settings = Settings {
            bound,
            time,
            ..Settings::default()
        };
        let result = agr(&system, &settings);
        let repaired = !result.iterations.is_empty();
        let (verdict, assumption, learnt) = match &result.last.verdict {
            Verdict::Holds {
                assumption,
                learned,
                ..
            } => (
                if repaired { "repaired" } else { "holds" },
                assumption.num_states().to_string(),
                learned.to_string(),
            ),
            Verdict::Error { .. } | Verdict::Unknown(_) if repaired => {
                ("fails", "-".to_string(), "-".to_string())
            }
            // M1 violates P with an M2 that does nothing: named, no repair.
            Verdict::Error { .. } if result.m1_alone.is_some() => {
                ("M1 alone", "-".to_string(), "-".to_string())
            }
            Verdict::Error { .. } => ("fails", "-".to_string(), "-".to_string()),
            Verdict::Unknown(_) => ("unknown", "-".to_string(), "-".to_string()),
        };
        // The independent check: the (repaired) system composed directly.
        let checking = Instant::now();
        let direct = check(&system, &result.machine.component(&system.m2), bound, time);
        // ... and the assumption's two premises, checked again.
        let premises = match &result.last.verdict {
            Verdict::Holds { assumption, .. } => {
                check_premises(&system, &result.machine, assumption, bound, time)
                    .err()
                    .filter(|p| matches!(p, Premises::Refuted(_)))
            }
            _ => None,
        };
        let independent = match (&direct, &result.last.verdict) {
            _ if premises.is_some() => "A FAILS",
            (Outcome::Holds(_), Verdict::Holds { .. }) => "agrees",
            (Outcome::Error(_), Verdict::Error { .. }) => "agrees",
            (Outcome::Unknown(_), Verdict::Unknown(_) | Verdict::Error { .. }) => "no proof",
            (Outcome::Unknown(_), Verdict::Holds { .. }) => "no proof",
            // The loop gave no answer (a time limit): nothing to compare.
            (_, Verdict::Unknown(_)) => "no answer",
            _ => "DISAGREES",
        };
        let as_written = if repaired {
            written_check(
                &base,
                (m1, m2),
                &property_text,
                &system,
                &result,
                bound,
                time,
            )
        } else {
            "-"
        };
        if as_written == "VIOLATES" {
            problems.push(format!(
                "{name}: the repaired M2 as written in C does not satisfy P"
            ));
        }
        tally.written_holds += usize::from(as_written == "holds");
        // Whether the repaired system still has a run that ends (a good
        // run): "none" is a repair that holds vacuously.
        let runs_left = match result.complete_runs {
            None => "-",
            Some((_, Some(true))) => "yes",
            Some((_, Some(false))) => "none",
            Some((_, None)) => "?",
        };
        tally.vacuous += usize::from(runs_left == "none");
        // The AGR run alone, and the independent checks after it.
        let (seconds, checked) = (result.seconds, checking.elapsed().as_secs_f64());
        tally.rows += 1;
        tally.as_expected += usize::from(verdict == expected);
        tally.agree += usize::from(independent == "agrees");
        if expected == "holds" {
            tally.correct += 1;
            if let Verdict::Holds { assumption, .. } = &result.last.verdict {
                tally.smaller += usize::from(assumption.num_states() < system.m2.states);
            }
        }
        if verdict == "repaired" {
            tally.repaired += 1;
            tally.most_repairs = tally.most_repairs.max(result.iterations.len());
        }
        if seconds > tally.slowest.0 {
            tally.slowest = (seconds, name.clone());
        }
        println!(
            "{name:<34} {expected:>9} {verdict:>9} {:>7} {:>4} {:>6} {:>5} {:>6} {:>5} {:>7} {:>6} {seconds:>7.2} {checked:>7.2} {independent:>11} {as_written:>10} {runs_left:>9}",
            result.iterations.len(),
            system.m2.states,
            result.machine.states,
            assumption,
            learnt,
            result.last.membership,
            result.last.membership_checked,
            result.last.equivalence,
        );
        for it in &result.iterations {
            println!(
                "{:<34} repair ({}): {}",
                "",
                it.found_by,
                it.repair.describe()
            );
        }
        // Where a syntactic method repaired, the other two as well (the
        // paper compares them: exact may not converge where a loop gives
        // infinitely many error traces, aggressive may empty M2).
        if result.iterations.iter().any(|it| it.repair.psi.is_none()) {
            let mut others = Vec::new();
            for method in [Method::Exact, Method::Aggressive] {
                let started = Instant::now();
                let other = agr(
                    &system,
                    &Settings {
                        method,
                        time: time.min(OTHER_METHODS_TIME),
                        shrink: Duration::ZERO,
                        ..settings
                    },
                );
                let outcome = match &other.last.verdict {
                    Verdict::Holds { assumption, .. } => format!(
                        "holds, {} repairs, |M2'| {}, |A| {}",
                        other.iterations.len(),
                        other.machine.states,
                        assumption.num_states()
                    ),
                    Verdict::Error { .. } => {
                        format!("an error left after {} repairs", other.iterations.len())
                    }
                    Verdict::Unknown(_) => {
                        format!("no answer after {} repairs", other.iterations.len())
                    }
                };
                others.push(format!(
                    "{}: {outcome}, {:.2} s",
                    method.name(),
                    started.elapsed().as_secs_f64()
                ));
            }
            println!("{:<34} other methods: {}", "", others.join("; "));
        }
        if verdict != expected {
            problems.push(format!("{name}: expected {expected}, got {verdict}"));
        }
        if independent == "DISAGREES" {
            problems.push(format!("{name}: the direct composition disagrees"));
        }
        if let Some(why) = premises {
            problems.push(format!("{name}: the assumption fails its check: {why}"));
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
}

/// The repaired M2 written as C (`lore_agr::written`) into a private
/// folder, loaded again with M1 and checked: "holds", "VIOLATES",
/// "no proof", or "not C" where the repair has no place in C.
fn written_check(
    base: &Path,
    (m1, m2): (&str, &str),
    property: &str,
    system: &lore_agr::system::System,
    result: &lore_agr::run::Agr,
    bound: u32,
    time: Duration,
) -> &'static str {
    let source = std::fs::read_to_string(base.join(m2)).unwrap_or_default();
    let Ok(text) = lore_agr::written::repaired_c(system, &source, &result.iterations) else {
        return "not C";
    };
    let Ok(folder) = crate::temp::private_folder("agr-written") else {
        return "no folder";
    };
    let path = folder.path().join(m2);
    if std::fs::write(&path, text).is_err() {
        return "no folder";
    }
    let options = lore_frontend::FrontendOptions {
        cpp_options: vec![format!("-I{}", base.display())],
        ..Default::default()
    };
    match lore_agr::written::check_written(&base.join(m1), &path, property, &options, bound, time) {
        Ok((_, Outcome::Holds(_))) => "holds",
        Ok((_, Outcome::Error(_))) => "VIOLATES",
        Ok((_, Outcome::Unknown(_))) => "no proof",
        Err(_) => "no load",
    }
}
