//! Concrete runs of a product program (`lore_agr::sample`) are runs: each
//! run's values, given back to the interpreter, never fail an assumption
//! of the product, and the runs go past the first exchange.

use lore_agr::product::build;
use lore_agr::sample::runs;
use lore_agr::system::load;
use lore_bmc::interp::{Interpreter, Replay, SafetyChecks};
use std::path::Path;
use std::time::{Duration, Instant};

#[test]
fn sampled_runs_replay_without_failing_an_assumption() {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testsuite/cases/agr/rounds");
    let property = std::fs::read_to_string(base.join("rounds.prop")).expect("the property");
    let system = load(
        &base.join("m1.c"),
        &base.join("m2.c"),
        &property,
        &Default::default(),
    )
    .expect("the instance loads");
    let product = build(&system, &system.m2);
    assert!(product.longest_run.is_none(), "the exchange loops");
    let samples = runs(
        &system,
        &system.m2,
        &product,
        Instant::now() + Duration::from_secs(5),
    );
    assert!(samples.runs.len() >= 10, "{} runs", samples.runs.len());
    let entry = product.program.entry.expect("a main");
    let mut longest = 0;
    for run in &samples.runs {
        let (_, values) = &run[0];
        longest = longest.max(values.len());
        let mut by_function = rustc_hash::FxHashMap::default();
        by_function.insert(entry, values.clone());
        let mut interp = Interpreter::new(
            &product.program,
            Vec::new(),
            SafetyChecks::default(),
            Vec::new(),
        )
        .without_trace()
        .with_nondet_values(by_function);
        let end = interp.run();
        assert!(
            !matches!(end, Replay::AssumptionFailed { .. }),
            "a sampled run fails an assumption: {end:?} on {values:?}"
        );
    }
    // Twelve rounds of four steps and more: the runs are not stuck at the
    // start.
    assert!(longest >= 48, "the longest run has {longest} values");
}
