//! Assumptions by merging states (`shrink`), on the paper's password
//! example with the repaired M2 (its Fig. 8: s0 -read?-> s1, s1
//! -[x ≤ 999]-> s0, s1 -[x > 999]-> s2 -enc!-> s3 -getEnc?-> s4 -ψ-> s5).
//!
//! - A 5-state assumption as the paper's Example 9 describes it (two
//!   neighbouring states of the repaired M2 merged): s2 and s3, so `enc!`
//!   becomes a loop, which M1 (one `enc?`) never takes twice — both
//!   premises of the AG rule hold.
//! - Merges that fail the first premise, M1 ‖ A ⊨ P: s1 and s2 (the test
//!   x > 999 may be skipped: the password 0 doubles to 0, unchanged, which
//!   the reconstructed P forbids), and s4 and s5 (the trace may end without
//!   ψ: the password 2^63 overflows).
//! - What `lore agr` learns and merges is no larger than the paper's and
//!   passes both premises when checked again.

use lore_agr::assume::{check_premises, Premises, Verdict};
use lore_agr::machine::Machine;
use lore_agr::run::{agr, Settings};
use lore_agr::shrink::merge;
use lore_agr::system::{load, System};
use lore_learner::dfa::State;
use std::path::Path;
use std::time::Duration;

const BOUND: u32 = 12;
const TIME: Duration = Duration::from_secs(60);

fn password() -> System {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testsuite/cases/agr/password");
    let property = std::fs::read_to_string(base.join("password.prop")).expect("the property");
    load(
        &base.join("m1.c"),
        &base.join("m2_repaired.c"),
        &property,
        &Default::default(),
    )
    .expect("the password example loads")
}

#[test]
fn a_merge_like_the_papers_holds_and_two_others_fail() {
    let system = password();
    let machine = Machine::of(&system.m2);
    assert_eq!(machine.states, 6);
    let alphabet = machine.alphabet();
    let m2 = machine.dfa(&alphabet);
    // Two neighbouring states merged: enc! a loop.
    let (paper, class) = merge(&m2, State::new(2), State::new(3));
    assert_eq!(paper.num_states(), 5);
    assert_eq!(class[2], class[3]);
    assert!(m2.is_subset_of(&paper));
    let proved = check_premises(&system, &machine, &paper, BOUND, TIME);
    assert!(proved.is_ok(), "{proved:?}");
    // Merges that fail the first premise: the test x > 999 skippable (the
    // password 0 is sent, doubled to 0); the state before ψ and the
    // accepting one after it merged (the trace may end without ψ, and the
    // password 2^63 overflows).
    for (p, q) in [(1, 2), (4, 5)] {
        let (merged, _) = merge(&m2, State::new(p), State::new(q));
        let refused = check_premises(&system, &machine, &merged, BOUND, TIME);
        assert!(
            refused.as_ref().is_err_and(
                |why| matches!(why, Premises::Refuted(w) if w.contains("has an error trace"))
            ),
            "s{p} and s{q} merged: {refused:?}"
        );
    }
}

#[test]
fn the_learned_assumption_is_merged_below_the_papers() {
    let system = password();
    let result = agr(&system, &Settings::default());
    let Verdict::Holds {
        assumption,
        learned,
        merge_checks,
        ..
    } = &result.last.verdict
    else {
        panic!("{:?}", result.last.verdict);
    };
    assert_eq!(*learned, 6);
    assert!(*merge_checks >= 1);
    assert!(assumption.num_states() <= 5, "{}", assumption.num_states());
    let again = check_premises(&system, &result.machine, assumption, BOUND, TIME);
    assert!(again.is_ok(), "{again:?}");
    // Without time for merging, the learned assumption is M2's traces.
    let unmerged = agr(
        &system,
        &Settings {
            shrink: Duration::ZERO,
            ..Settings::default()
        },
    );
    let Verdict::Holds { assumption, .. } = &unmerged.last.verdict else {
        panic!("{:?}", unmerged.last.verdict);
    };
    assert_eq!(assumption.num_states(), 6);
}
