//! Running a tool once and measuring it as BenchExec would: wall time and
//! the peak resident set of the process, read from the kernel when it is
//! reaped (`wait4`'s `ru_maxrss`), so a peak just before exit is not missed
//! as polling `/proc` can miss it.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run gave.
pub struct Measured {
    pub stdout: String,
    pub stderr: String,
    /// The exit code (`None`: killed, by the time limit or a signal).
    pub code: Option<i32>,
    pub seconds: f64,
    /// Peak resident set in KiB.
    pub max_rss_kib: u64,
    pub timed_out: bool,
}

#[repr(C)]
#[derive(Default)]
struct Timeval {
    sec: i64,
    usec: i64,
}

/// Linux's `struct rusage` (x86-64 and aarch64 alike: two timevals, then
/// fourteen longs, `ru_maxrss` first).
#[repr(C)]
#[derive(Default)]
struct Rusage {
    utime: Timeval,
    stime: Timeval,
    maxrss: i64,
    rest: [i64; 13],
}

extern "C" {
    fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut Rusage) -> i32;
    fn kill(pid: i32, signal: i32) -> i32;
}

const WNOHANG: i32 = 1;
const SIGKILL: i32 = 9;

/// Reads a child's pipe to its end on a thread of its own (so that a child
/// filling one pipe never blocks on it while the other is read).
pub fn drain<R: Read + Send + 'static>(mut pipe: R) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = pipe.read_to_end(&mut s);
        s
    })
}

/// Runs `cmd` (its stdout and stderr captured) for at most `limit`.
pub fn run(cmd: &mut Command, limit: Duration) -> Result<Measured, String> {
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    let pid = child.id() as i32;
    let reader = drain(child.stdout.take().expect("piped"));
    let err_reader = drain(child.stderr.take().expect("piped"));
    let mut status = 0i32;
    let mut usage = Rusage::default();
    let mut timed_out = false;
    loop {
        // SAFETY: `pid` is our child, not yet reaped (std's `Child` is never
        // waited on: it is only dropped); the pointers are to live locals.
        let r = unsafe { wait4(pid, &mut status, WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 {
            return Err(format!("wait4 failed for {:?}", cmd.get_program()));
        }
        if !timed_out && start.elapsed() > limit {
            // SAFETY: signalling our own child.
            unsafe { kill(pid, SIGKILL) };
            timed_out = true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let seconds = start.elapsed().as_secs_f64();
    drop(child);
    let stdout = String::from_utf8_lossy(&reader.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    // WIFEXITED: the low 7 bits are 0; WEXITSTATUS: the next 8.
    let code = (status & 0x7f == 0).then_some((status >> 8) & 0xff);
    Ok(Measured {
        stdout,
        stderr,
        code,
        seconds,
        max_rss_kib: usage.maxrss.max(0) as u64,
        timed_out,
    })
}
