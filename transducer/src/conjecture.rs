//! The checks of a conjecture against the program, in order of cost (see
//! [`Checker`]): what the learner's loop in [`crate::learn`] asks of each
//! conjecture before it is refined or kept.

use crate::check::{self, Checked};
use crate::harness::{self, View};
use crate::learn::{Learned, Limits, Setup};
use crate::model::Transducer;
use lore_bmc::symex::SymexOptions;
use std::time::Instant;

/// What the checks of a conjecture found.
pub(crate) enum Verdict {
    Holds,
    Differs(Vec<u32>),
    Unknown(String),
}

/// The checks of a conjecture, in order of cost: a short bounded check
/// (most wrong conjectures differ on short inputs), the proof for every
/// length (its own bounded rounds find longer differences), then the
/// bounded check up to the bound — a cross-check of a proof, or what is
/// left when there is none.
pub(crate) struct Checker<'a> {
    pub(crate) setup: &'a Setup<'a>,
    pub(crate) shape: &'a harness::IoShape,
    pub(crate) options: &'a SymexOptions,
    pub(crate) limits: &'a Limits,
    /// The end of the whole run: learning's time and the proof's added.
    pub(crate) until: Instant,
}

/// The bound of the first, short check.
const SHORT_BOUND: u32 = 2;

impl Checker<'_> {
    fn bounded(&self, t: &Transducer, n: u32) -> Checked {
        self.bounded_with(t, n, self.options)
    }

    fn bounded_with(&self, t: &Transducer, n: u32, options: &SymexOptions) -> Checked {
        self.setup.enter(|| {
            format!(
                "the bounded check of a conjecture: every input of at most {n} symbol{}",
                if n == 1 { "" } else { "s" }
            )
        });
        check::bounded(
            self.setup.path,
            &self.setup.frontend,
            &self.setup.io,
            self.shape,
            t,
            n,
            options,
        )
    }

    pub(crate) fn conjecture(&self, t: &Transducer, learned: &mut Learned) -> Verdict {
        let n = self.limits.bound;
        // The bounded check up to the bound, when made before the proof.
        let mut full: Option<(Checked, f64)> = None;
        if n > SHORT_BOUND {
            let started = Instant::now();
            match self.bounded(t, SHORT_BOUND) {
                Checked::Holds => {}
                Checked::Differs { input, .. } => return Verdict::Differs(input),
                Checked::Unknown(why) => return Verdict::Unknown(why),
            }
            // Where bounded checks are cheap, the whole bound before the
            // proof: it finds longer differences faster than the proof's
            // rounds of deepening (the time only chooses the order).
            if started.elapsed().as_secs_f64() < CHEAP_CHECK_SECONDS {
                let started = Instant::now();
                let checked = self.bounded(t, n);
                if let Checked::Differs { input, .. } = checked {
                    return Verdict::Differs(input);
                }
                full = Some((checked, started.elapsed().as_secs_f64()));
            }
        }
        self.setup.progress(|| {
            format!(
                "  checked up to {} symbols; now the proof for every length (up to {} s)",
                if full.is_some() {
                    n
                } else {
                    SHORT_BOUND.min(n)
                },
                self.limits.proof_time.as_secs()
            )
        });
        let proved = if let View::EchoOr { capacity, .. } = &self.setup.io.view {
            // The view keeps `capacity` symbols; beyond them it answers
            // NEITHER, so no transducer of it holds for every length.
            learned.proof = Some((
                Checked::Unknown(format!(
                    "the echo view keeps at most {capacity} symbols, and writing back an input of any length is beyond a finite-state proof"
                )),
                None,
                0.0,
            ));
            false
        } else {
            self.setup.enter(|| {
                format!(
                    "the proof of a conjecture for every input length (k-induction, up to {} s)",
                    self.limits.proof_time.as_secs()
                )
            });
            let started = Instant::now();
            let mut proof_options = self.options.clone();
            proof_options.unwind = 2;
            proof_options.deadline = self.setup.options.deadline;
            let (proof, induction) = check::unbounded(
                self.setup.path,
                &self.setup.frontend,
                &self.setup.io,
                self.shape,
                t,
                &proof_options,
                self.limits
                    .proof_time
                    .min(self.until.saturating_duration_since(Instant::now())),
            );
            let proof_seconds = started.elapsed().as_secs_f64();
            if let Checked::Differs { input, .. } = proof {
                return Verdict::Differs(input);
            }
            let proved = proof == Checked::Holds;
            learned.proof = Some((proof, induction, proof_seconds));
            proved
        };
        let (bounded, seconds) = full.unwrap_or_else(|| {
            let started = Instant::now();
            let checked = if proved {
                // A cross-check of the proof: it may use what the proof
                // left of its time (the run still ends within both).
                let options = SymexOptions {
                    deadline: Some(self.until),
                    ..self.options.clone()
                };
                self.bounded_with(t, n, &options)
            } else {
                self.bounded(t, n)
            };
            (checked, started.elapsed().as_secs_f64())
        });
        learned.bounded_seconds = seconds;
        learned.bounded = Some(bounded.clone());
        match bounded {
            Checked::Holds => Verdict::Holds,
            // Against a proof: one of the two checks is wrong.
            Checked::Differs { input, .. } if proved => Verdict::Unknown(format!(
                "the proof and the bounded check disagree on {input:?} (an internal error)"
            )),
            Checked::Differs { input, .. } => Verdict::Differs(input),
            Checked::Unknown(why) if proved => {
                learned.bounded = Some(Checked::Unknown(why));
                Verdict::Holds
            }
            Checked::Unknown(why) => Verdict::Unknown(why),
        }
    }
}

/// A short bounded check faster than this makes the whole bound worth
/// checking before the proof.
const CHEAP_CHECK_SECONDS: f64 = 0.1;
