//! BEK's questions about programs. "Are these two versions
//! equivalent?" is asked of a program and a transducer learned from the
//! other: the second program is checked against the first one's
//! transducer on the product (bounded, each length in turn so that the
//! first difference is a shortest one, then for every length). The
//! questions that compose ("idempotent?", "do they commute?") are decided
//! on the learned transducers ([`crate::pipeline`]) and a difference is
//! confirmed by running the programs on it. Where the transducers are
//! proved equal to their programs, "holds" holds of the programs.

use crate::check::{bounded, unbounded, Checked};
use crate::harness::{self, io_shape};
use crate::learn::{LearnError, Limits, Setup};
use crate::model::Transducer;
use crate::oracle::Oracle;
use crate::pipeline::{decide, Decision, Pipelines};
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
    // Each length in turn: the first difference is a shortest one.
    let mut checked = Checked::Holds;
    for n in 0..=limits.bound {
        checked = bounded(
            other.path,
            &other.frontend,
            &other.io,
            &shape,
            t,
            n,
            &options,
        );
        if !matches!(checked, Checked::Holds) {
            break;
        }
    }
    if !matches!(checked, Checked::Holds) {
        return Ok(Comparison {
            bound: limits.bound,
            bounded: checked,
            proof: None,
        });
    }
    if let harness::View::EchoOr { capacity, .. } = &other.io.view {
        // As for learning (`learn::Checker`): the view holds only so far.
        let why = format!("the echo view keeps at most {capacity} symbols");
        return Ok(Comparison {
            bound: limits.bound,
            bounded: checked,
            proof: Some((Checked::Unknown(why), None)),
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
    let mut oracle = Oracle::new(harnessed, options, setup.io.bits)?;
    let mut out = Vec::new();
    for i in 0..=input.len() {
        let mut word: Vec<i64> = input[..i].iter().map(|&v| i64::from(v)).collect();
        word.push(input.get(i).map_or(-1, |&v| i64::from(v)));
        out.extend(oracle.run(&word)?.output);
    }
    Ok(out)
}

/// A program with the transducer learned from it.
#[derive(Clone, Copy)]
pub struct Modelled<'a> {
    pub setup: &'a Setup<'a>,
    pub transducer: &'a Transducer,
}

/// A question about programs that compose, decided on their transducers.
#[derive(Clone, Debug)]
pub struct Answer {
    pub decision: Decision,
    /// The decision's difference run on the programs: what each side
    /// writes (`None` where the programs could not be run).
    pub confirmed: Option<(Vec<u32>, Vec<u32>)>,
}

impl Answer {
    /// The programs themselves differ on the witness.
    pub fn differs(&self) -> Option<&[u32]> {
        match (&self.confirmed, self.decision.witness()) {
            (Some((left, right)), Some(input)) if left != right => Some(input),
            _ => None,
        }
    }
}

/// Do the programs of `left`, one after another, write what those of
/// `right` write, on every input? Decided on their transducers; a
/// difference is run on the programs.
pub fn ask(left: &[Modelled<'_>], right: &[Modelled<'_>], bits: u32, limits: &Limits) -> Answer {
    let pipelines = Pipelines {
        left: left.iter().map(|l| l.transducer).collect(),
        right: right.iter().map(|l| l.transducer).collect(),
    };
    let decision = decide(&pipelines, bits, limits.bound, limits.proof_time);
    let confirmed = decision.witness().and_then(|input| {
        let run = |side: &[Modelled<'_>]| {
            side.iter()
                .try_fold(input.to_vec(), |word, l| output_of(l.setup, &word))
                .ok()
        };
        Some((run(left)?, run(right)?))
    });
    Answer {
        decision,
        confirmed,
    }
}
