//! Where a run is, for a watcher on another thread: the phase (loading the
//! program under its harness, building a conjecture, checking it, the
//! proof, a question), what it is doing inside it (symbolic execution for
//! a prefix, a solver call), since when, and how many solver calls and
//! symbolic executions it has made. The command line's heartbeat reads it
//! to say where a long run is; learning only writes it (a lock held for
//! the few instructions of a write, once per solver call at most).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Shared between the run and its watcher (`Arc<Status>`).
#[derive(Debug)]
pub struct Status {
    now: Mutex<Where>,
    solver_calls: AtomicU64,
    executions: AtomicU64,
}

#[derive(Debug)]
struct Where {
    phase: String,
    since: Instant,
    step: String,
}

impl Default for Status {
    fn default() -> Status {
        Status {
            now: Mutex::new(Where {
                phase: "starting".into(),
                since: Instant::now(),
                step: String::new(),
            }),
            solver_calls: AtomicU64::new(0),
            executions: AtomicU64::new(0),
        }
    }
}

impl Status {
    /// A new phase begins (what it does inside is not yet known).
    pub fn enter(&self, phase: impl Into<String>) {
        if let Ok(mut w) = self.now.lock() {
            w.phase = phase.into();
            w.since = Instant::now();
            w.step.clear();
        }
    }

    /// What the phase is doing now.
    pub fn step(&self, step: impl Into<String>) {
        if let Ok(mut w) = self.now.lock() {
            w.step = step.into();
        }
    }

    /// A solver call is made.
    pub fn solver_call(&self) {
        self.solver_calls.fetch_add(1, Ordering::Relaxed);
    }

    /// A symbolic execution (of a harness, for a session or a question) begins.
    pub fn execution(&self) {
        self.executions.fetch_add(1, Ordering::Relaxed);
    }

    /// One line: the phase, what it is doing, for how long, and the counts
    /// so far.
    pub fn describe(&self) -> String {
        let calls = self.solver_calls.load(Ordering::Relaxed);
        let executions = self.executions.load(Ordering::Relaxed);
        let Ok(w) = self.now.lock() else {
            return "working".into();
        };
        let step = if w.step.is_empty() {
            String::new()
        } else {
            format!(": {}", w.step)
        };
        let counts = if calls + executions == 0 {
            String::new()
        } else {
            format!("; {calls} solver calls, {executions} symbolic executions so far")
        };
        format!(
            "{}{step} ({:.0} s in this phase{counts})",
            w.phase,
            w.since.elapsed().as_secs_f64()
        )
    }
}

/// Tells `status`, if there is one.
pub(crate) fn tell(status: Option<&std::sync::Arc<Status>>, f: impl FnOnce(&Status)) {
    if let Some(s) = status {
        f(s);
    }
}
