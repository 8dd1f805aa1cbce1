//! The hard stop behind a time limit: a thread that, at a given instant,
//! runs what the command does when stopped (print its answer, exit), unless
//! the guard it returns was dropped first (the command returned: tests run
//! `lore` in-process, and a stop after the call would end them).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub struct Watchdog {
    done: Arc<AtomicBool>,
}

impl Watchdog {
    /// Runs `fire` at `at` unless dropped before.
    pub fn start(at: Instant, fire: impl FnOnce() + Send + 'static) -> Watchdog {
        let done = Arc::new(AtomicBool::new(false));
        let flag = done.clone();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(20));
            if flag.load(Ordering::SeqCst) {
                return;
            }
            if Instant::now() >= at {
                fire();
                return;
            }
        });
        Watchdog { done }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::SeqCst);
    }
}
