//! Lore's verification portfolio: bounded model checking, then, where only
//! the unwinding of a loop leaves the answer open, k-induction
//! ([`crate::kinduction`]); and, when asked, both again at twice the bound
//! while the answer stays open only for unwinding and time allows.

use crate::check::{Stage, Verdict};
use crate::error::{BmcError, UnknownReason};
use crate::kinduction::{prove, Induction};
use crate::symex::{CheckKind, SymexOptions};
use crate::verify::{verify_reporting, Report, Status};
use lore_frontend::ir::Program;
use std::time::{Duration, Instant};

/// What the portfolio may do beyond one bounded run.
#[derive(Clone, Debug, Default)]
pub struct Portfolio {
    /// Try k-induction after an UNKNOWN caused only by unwinding.
    pub k_induction: bool,
    /// Double the bound up to this while the answer is open only for
    /// unwinding (`None`: keep the bound).
    pub deepen_to: Option<u32>,
    /// Start no new round after this share of the time (0..1) is spent.
    pub deadline: Option<(Instant, Duration)>,
    /// The most memory in use so far and the limit, in bytes: no new round
    /// once a quarter of the limit has been used (the formula roughly
    /// doubles with the bound).
    pub memory: Option<(fn() -> usize, usize)>,
    /// Try k-induction's step case without invariants before searching
    /// for them: faster where it holds (the search is most of a quick
    /// proof's time), but the proof then names no invariant, so a
    /// correctness witness made from it has none.
    pub plain_step_first: bool,
    /// Runs whose states at a loop's header suggest invariants to
    /// k-induction (see [`crate::kinduction::Samples`]).
    pub samples: crate::kinduction::Samples,
}

/// The portfolio's answer.
pub struct Outcome {
    pub report: Report,
    /// What k-induction found in the last round, if it was tried.
    pub induction: Option<Induction>,
    /// The bounds tried, in order (the report is the last one's).
    pub bounds: Vec<u32>,
}

/// Runs the portfolio from `options`' bound.
pub fn verify_portfolio(
    program: &Program,
    options: &SymexOptions,
    portfolio: &Portfolio,
    progress: &mut dyn FnMut(Stage<'_>),
) -> Result<Outcome, BmcError> {
    let mut options = options.clone();
    let mut bounds = Vec::new();
    let deadline = portfolio.deadline.map(|(start, limit)| start + limit);
    // The solver stops at the deadline too, not only the rounds.
    options.deadline = match (options.deadline, deadline) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    // Step cases with k below this were tried at a smaller bound.
    let mut k_from = 1;
    loop {
        let round = Instant::now();
        bounds.push(options.unwind);
        let mut report = verify_reporting(program, &options, progress)?;
        let open = only_unwinding_open(&report);
        let induction = if portfolio.k_induction && options.unwinding_assertions && open {
            let found = prove(
                program,
                &options,
                &report,
                &mut k_from,
                deadline,
                portfolio.plain_step_first,
                &portfolio.samples,
            )
            .unwrap_or_else(|e| Induction::NotProved(e.to_string()));
            if let Induction::Proved { .. } = found {
                report.verdict = Verdict::True;
            }
            Some(found)
        } else {
            None
        };
        let next = options.unwind.saturating_mul(2);
        // Another round while at most a quarter of the time is spent and
        // the next round (at least twice this one's work, often more) can
        // be expected to end within the limit.
        let spent = round.elapsed().as_secs_f64();
        let in_time = portfolio.deadline.is_none_or(|(start, limit)| {
            let (elapsed, limit) = (start.elapsed().as_secs_f64(), limit.as_secs_f64());
            elapsed < 0.25 * limit && elapsed + 4.0 * spent <= limit
        });
        let in_memory = portfolio
            .memory
            .is_none_or(|(peak, limit)| peak() < limit / 4);
        let deepen = portfolio.deepen_to.is_some_and(|max| next <= max);
        if !(deepen && in_time && in_memory && only_unwinding_open(&report)) {
            return Ok(Outcome {
                report,
                induction,
                bounds,
            });
        }
        options.unwind = next;
    }
}

/// Is the answer UNKNOWN only because some loop or recursion needs more
/// unwinding (every other check settled)?
pub fn only_unwinding_open(report: &Report) -> bool {
    matches!(report.verdict, Verdict::Unknown(_))
        && report.properties.iter().any(|p| {
            matches!(
                p.kind,
                CheckKind::Unwinding { .. } | CheckKind::Recursion { .. }
            )
        })
        && report.properties.iter().all(|p| {
            matches!(p.status, Status::Holds)
                || matches!(
                    (&p.kind, &p.status),
                    (
                        CheckKind::Unwinding { .. } | CheckKind::Recursion { .. },
                        Status::Unknown(UnknownReason::BoundTooSmall)
                    )
                )
        })
}
