//! The product program in its two shapes — the control graph as blocks
//! (each control state once, where the graph has no cycle) and the
//! scheduler loop unwound past the longest run — must give the same
//! answer on every instance of testsuite/cases/agr, for M2 as written and
//! for M2 as repaired, and an error trace of either must end with P in an
//! error state.

use lore_agr::check::{check_as, Outcome};
use lore_agr::product::{build, Shape, Step};
use lore_agr::run::{agr, Settings};
use lore_agr::system::{load, System};
use std::path::Path;
use std::time::Duration;

const BOUND: u32 = 12;
const TIME: Duration = Duration::from_secs(60);

fn instances() -> Vec<System> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testsuite/cases/agr");
    let text = std::fs::read_to_string(folder.join("INSTANCES.tsv")).expect("the instances");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("folder"))
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let base = folder.join(cols[0]);
            let property = std::fs::read_to_string(base.join(cols[3])).expect("the property");
            load(
                &base.join(cols[1]),
                &base.join(cols[2]),
                &property,
                &Default::default(),
            )
            .unwrap_or_else(|e| panic!("{line}: {e}"))
        })
        .collect()
}

/// P's state at the end of `trace`.
fn ends_in_error(system: &System, trace: &[(Step, Vec<i128>)]) -> bool {
    let p = trace
        .iter()
        .filter_map(|(s, _)| s.p)
        .fold(system.property.initial, |_, k| {
            system.property.transitions[k].to
        });
    system.property.error[p]
}

fn kind(system: &System, outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Holds(_) => "holds",
        Outcome::Error(trace) => {
            assert!(ends_in_error(system, trace), "an error trace that is none");
            "error"
        }
        Outcome::Unknown(_) => "unknown",
    }
}

#[test]
fn both_shapes_of_the_product_agree() {
    let mut as_graph = 0;
    for system in instances() {
        let settings = Settings {
            bound: BOUND,
            time: TIME,
            ..Settings::default()
        };
        let repaired = agr(&system, &settings).machine;
        for m2 in [system.m2.clone(), repaired.component(&system.m2)] {
            if build(&system, &m2).longest_run.is_some() {
                as_graph += 1;
            }
            let graph = check_as(&system, &m2, BOUND, TIME, Shape::Graph);
            let scheduler = check_as(&system, &m2, BOUND, TIME, Shape::Scheduler);
            let (g, s) = (kind(&system, &graph), kind(&system, &scheduler));
            assert_eq!(g, s, "{:?}: {graph:?} against {scheduler:?}", system.paths);
            assert_ne!(g, "unknown", "{:?}: {graph:?}", system.paths);
        }
    }
    // The comparison is not empty: some products have no cycle.
    assert!(as_graph >= 4, "{as_graph} products without a cycle");
}

#[test]
fn a_check_without_time_has_no_answer_and_says_why() {
    // The password example's product has a cycle (M2's read loop): the
    // check is bounded model checking then k-induction, each solver call
    // stopped at the deadline.
    let system = instances()
        .into_iter()
        .next()
        .expect("the password example");
    let started = std::time::Instant::now();
    let outcome = check_as(&system, &system.m2, BOUND, Duration::ZERO, Shape::Graph);
    assert!(started.elapsed() < Duration::from_secs(2), "{outcome:?}");
    match outcome {
        Outcome::Unknown(why) => assert!(why.contains("time"), "{why}"),
        other => panic!("an answer without time: {other:?}"),
    }
}
