//! Concrete runs of a product program, for k-induction's invariant search.
//!
//! A protocol's proof needs invariants that tie the two programs' data to
//! where each of them is (the alternating-bit protocol: while the sender
//! waits at its acknowledgement, the receiver's expected bit is the
//! sender's, or the one after it). k-induction's sampled candidates
//! ([`lore_bmc::kinduction::Samples`]) find such relations per *mode* of
//! the header's control variables, from header states of real runs; this
//! module makes those runs.
//!
//! A run is the sequence of values the product's `nondet` statements take:
//! each step's choice, then the values the step draws. It is grown one step
//! at a time: from the control state reached (M1's, M2's and P's states,
//! followed along the chosen steps), a step enabled there is picked at
//! random, with random small values for what it draws, and the product
//! program is run concretely on the values so far: where the run stops for
//! want of the next choice, the step is taken; where an assumption fails (a
//! branch condition, an `assume`, a constraint of P), another step or other
//! values are tried. A run ends where no step goes on, at the end of the
//! program, at an error (still a run whose header states are real) or at its
//! length. Nothing here is trusted: the candidates are kept only where
//! Houdini proves them.

use crate::automaton::Component;
use crate::product::{Product, Step};
use crate::system::System;
use lore_bmc::interp::{Interpreter, Replay, SafetyChecks};
use lore_bmc::kinduction::Samples;
use std::time::{Duration, Instant};

/// Runs made, and steps per run at most.
const RUNS: usize = 200;
const STEPS: usize = 120;
/// Tries (a step and its values) before a run gives up at a control state.
const TRIES: usize = 24;
/// Steps a run may take back, in all, from dead ends.
const MAX_BACKTRACKS: usize = 16;
/// Blocks one concrete run may execute.
const BLOCK_LIMIT: u64 = 200_000;
/// Sampling stops after this long; the runs made so far are kept.
const TIME: Duration = Duration::from_millis(1000);

/// A small deterministic generator (splitmix64): the same runs each time.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// A value a program's input might take: mostly small, some negative,
    /// now and then any (masked to the variable's width when stored).
    fn value(&mut self) -> u128 {
        match self.below(16) {
            0..=7 => 0,
            8 | 9 => 1,
            10 => u128::MAX, // -1 in every width
            11 => self.next() as u128,
            12 => self.below(256) as u128,
            _ => self.below(12) as u128,
        }
    }
}

/// The control state (M1's, M2's, P's) a step needs, and where it leads;
/// `None` for a component the step leaves where it is.
fn moves(system: &System, m2: &Component, step: &Step) -> [Option<(usize, usize)>; 3] {
    [
        step.m1
            .map(|i| (system.m1.transitions[i].from, system.m1.transitions[i].to)),
        step.m2
            .map(|i| (m2.transitions[i].from, m2.transitions[i].to)),
        step.p.map(|i| {
            (
                system.property.transitions[i].from,
                system.property.transitions[i].to,
            )
        }),
    ]
}

/// Up to [`RUNS`] runs of `product` (built for `m2`), until `deadline` or
/// [`TIME`] from now, whichever is sooner.
pub fn runs(system: &System, m2: &Component, product: &Product, deadline: Instant) -> Samples {
    let program = &product.program;
    let Some(entry) = program.entry else {
        return Samples::default();
    };
    let name = program.function(entry).name.clone();
    let stop = deadline.min(Instant::now() + TIME);
    let moves: Vec<_> = product.steps.iter().map(|s| moves(system, m2, s)).collect();
    let mut rng = Rng(0x10AE_A6E5_u64 ^ product.steps.len() as u64);
    let mut samples = Samples::default();
    // Whether the product run on `values` stops wanting the next choice
    // (Some(true)), fails an assumption (Some(false)) or ends otherwise
    // (None: the end, an error, a limit).
    let attempt = |values: &[u128]| -> Option<bool> {
        let mut by_function = rustc_hash::FxHashMap::default();
        by_function.insert(entry, values.to_vec());
        let mut interp = Interpreter::new(program, Vec::new(), SafetyChecks::default(), Vec::new())
            .without_trace()
            .with_nondet_values(by_function)
            .with_step_limit(BLOCK_LIMIT);
        match interp.run() {
            Replay::AssumptionFailed { .. } => Some(false),
            Replay::Stuck(why) if why.starts_with("no value left") => Some(true),
            _ => None,
        }
    };
    'runs: for _ in 0..RUNS {
        let mut control = (system.m1.initial, m2.initial, system.property.initial);
        let mut values: Vec<u128> = Vec::new();
        // Where each step taken began, to step back from a dead end (a
        // value drawn that a later `assume` refuses).
        let mut taken_at: Vec<(usize, (usize, usize, usize))> = Vec::new();
        let mut backtracks = 0;
        for _ in 0..STEPS {
            let enabled: Vec<usize> = (0..moves.len())
                .filter(|&k| {
                    let [a, b, c] = moves[k];
                    a.is_none_or(|(f, _)| f == control.0)
                        && b.is_none_or(|(f, _)| f == control.1)
                        && c.is_none_or(|(f, _)| f == control.2)
                })
                .collect();
            if enabled.is_empty() {
                break;
            }
            let mut taken = None;
            let mut ended = false;
            for _ in 0..TRIES {
                if Instant::now() >= stop {
                    if !values.is_empty() {
                        samples.runs.push(vec![(name.clone(), values)]);
                    }
                    break 'runs;
                }
                let k = enabled[rng.below(enabled.len())];
                let mut tried = values.clone();
                tried.push(k as u128);
                tried.extend((0..product.draws[k]).map(|_| rng.value()));
                match attempt(&tried) {
                    Some(true) => {
                        taken = Some((k, tried));
                        break;
                    }
                    Some(false) => continue,
                    None => {
                        // The run ends here (an error, the end): its
                        // header states up to here are real.
                        values = tried;
                        ended = true;
                        break;
                    }
                }
            }
            let Some((k, tried)) = taken else {
                if !ended && backtracks < MAX_BACKTRACKS {
                    if let Some((len, before)) = taken_at.pop() {
                        backtracks += 1;
                        values.truncate(len);
                        control = before;
                        continue;
                    }
                }
                break;
            };
            taken_at.push((values.len(), control));
            values = tried;
            let [a, b, c] = moves[k];
            control = (
                a.map_or(control.0, |m| m.1),
                b.map_or(control.1, |m| m.1),
                c.map_or(control.2, |m| m.1),
            );
        }
        if !values.is_empty() {
            samples.runs.push(vec![(name.clone(), values)]);
        }
    }
    samples
}
