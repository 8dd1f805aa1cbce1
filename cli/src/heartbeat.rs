//! A thread that says on stderr where a long run is: the first line once
//! the run has taken a second, then one whenever [`QUIET`] passes with no
//! line from the run itself (its own progress lines count, through
//! [`Heartbeat::printed`]), so no phase of `verify` or `transducer` is
//! silent for longer. It stops when stopped or dropped.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest a long run goes without a line on stderr, less the
/// thread's wake-up period and some slack for a loaded machine.
pub const QUIET: Duration = Duration::from_secs(4);

/// When the first line comes, if the run has printed none.
const FIRST: Duration = Duration::from_secs(1);

pub struct Heartbeat {
    done: Arc<AtomicBool>,
    /// Milliseconds from the start to the last line (`u64::MAX`: none yet).
    last: Arc<AtomicU64>,
    start: Instant,
}

impl Heartbeat {
    /// Starts the thread: `prefix` begins each line (`"lore transducer: "`),
    /// `describe` says where the run is.
    pub fn start(
        start: Instant,
        prefix: &'static str,
        describe: impl Fn() -> String + Send + 'static,
    ) -> Heartbeat {
        let done = Arc::new(AtomicBool::new(false));
        let last = Arc::new(AtomicU64::new(u64::MAX));
        let (stop, seen) = (done.clone(), last.clone());
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(100));
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let now = start.elapsed();
            let due = match seen.load(Ordering::Relaxed) {
                u64::MAX => now >= FIRST,
                ms => now.saturating_sub(Duration::from_millis(ms)) >= QUIET,
            };
            if due {
                let line = describe();
                // Stopped while describing: the run has ended.
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                eprintln!("{prefix}[{:7.1} s] {line}…", now.as_secs_f64());
                seen.store(now.as_millis() as u64, Ordering::Relaxed);
            }
        });
        Heartbeat { done, last, start }
    }

    /// The run printed a progress line of its own just now.
    pub fn printed(&self) {
        self.last
            .store(self.start.elapsed().as_millis() as u64, Ordering::Relaxed);
    }

    pub fn stop(&self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        self.stop();
    }
}
