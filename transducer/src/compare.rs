//! BEK's question "are these two versions equivalent?", asked of a
//! program and a transducer learned from another: the second program is
//! checked against the first one's transducer on the product (bounded,
//! then for every length). Where the transducer is proved equal to the
//! first program, "holds" means the two programs are equivalent; a
//! difference is an input on which both programs are run concretely.

use crate::check::{bounded, unbounded, Checked};
use crate::harness::{self, io_shape};
use crate::learn::{LearnError, Limits, Setup};
use crate::model::Transducer;
use crate::oracle::Oracle;
use lore_bmc::kinduction::Induction;

/// What the comparison found.
#[derive(Clone, Debug)]
pub struct Comparison {
    pub bound: u32,
    /// Every input of at most `bound` symbols.
    pub bounded: Checked,
    /// Every length, with the k-induction behind a proof.
    pub proof: Option<(Checked, Option<Induction>)>,
}

/// Checks `other` against `t` (learned from another program).
pub fn compare(
    other: &Setup<'_>,
    t: &Transducer,
    limits: &Limits,
) -> Result<Comparison, LearnError> {
    let shape = io_shape(other.path, &other.frontend, &other.io)?;
    let mut options = other.options.clone();
    options.unwinding_assertions = true;
    let checked = bounded(
        other.path,
        &other.frontend,
        &other.io,
        &shape,
        t,
        limits.bound,
        &options,
    );
    if !matches!(checked, Checked::Holds) {
        return Ok(Comparison {
            bound: limits.bound,
            bounded: checked,
            proof: None,
        });
    }
    let mut proof_options = options.clone();
    proof_options.unwind = 2;
    let (proof, induction) = unbounded(
        other.path,
        &other.frontend,
        &other.io,
        &shape,
        t,
        &proof_options,
        limits.proof_time,
    );
    Ok(Comparison {
        bound: limits.bound,
        bounded: checked,
        proof: Some((proof, induction)),
    })
}

/// What the program writes on `input`, run concretely step by step.
pub fn output_of(setup: &Setup<'_>, input: &[u32]) -> Result<Vec<u32>, LearnError> {
    let shape = io_shape(setup.path, &setup.frontend, &setup.io)?;
    let text = harness::query_harness(&setup.io, &shape);
    let harnessed = harness::load(setup.path, &setup.frontend, &setup.io, &shape, text)?;
    let mut options = setup.options.clone();
    options.unwinding_assertions = true;
    let mut oracle = Oracle::new(harnessed, options)?;
    let mut out = Vec::new();
    for i in 0..=input.len() {
        let mut word: Vec<i64> = input[..i].iter().map(|&v| i64::from(v)).collect();
        word.push(input.get(i).map_or(-1, |&v| i64::from(v)));
        out.extend(oracle.run(&word)?.output);
    }
    Ok(out)
}
