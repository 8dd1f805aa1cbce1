//! Running a command with a time limit and capturing what it says.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub struct Ran {
    /// The exit code; `None` when killed (time limit or signal).
    pub code: Option<i32>,
    pub timed_out: bool,
    pub stdout: String,
    pub stderr: String,
    pub seconds: f64,
}

/// What a run printed, byte for byte (for programs whose output is data).
pub struct RanBytes {
    pub code: Option<i32>,
    pub timed_out: bool,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub seconds: f64,
}

/// Runs `cmd` with `input` on stdin, killing it and every process it
/// started (its own process group: gcc's cc1, for one) after `limit`.
pub fn run(cmd: Command, input: &str, limit: Duration) -> std::io::Result<Ran> {
    let r = run_bytes(cmd, input.as_bytes(), limit)?;
    Ok(Ran {
        code: r.code,
        timed_out: r.timed_out,
        stdout: String::from_utf8_lossy(&r.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&r.stderr).into_owned(),
        seconds: r.seconds,
    })
}

/// [`run`] with bytes in and out.
pub fn run_bytes(mut cmd: Command, input: &[u8], limit: Duration) -> std::io::Result<RanBytes> {
    use std::os::unix::process::CommandExt;
    let start = Instant::now();
    let mut child = cmd
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // A program may stop reading early: a failed write is not an error.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out_reader = crate::measure::drain(child.stdout.take().expect("piped stdout"));
    let err_reader = crate::measure::drain(child.stderr.take().expect("piped stderr"));
    let mut timed_out = false;
    let status = loop {
        match child.try_wait()? {
            Some(status) => break Some(status),
            None if start.elapsed() > limit => {
                timed_out = true;
                let group = format!("-{}", child.id());
                let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    };
    let _ = writer.join();
    Ok(RanBytes {
        code: status.and_then(|s| s.code()),
        timed_out,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        seconds: start.elapsed().as_secs_f64(),
    })
}
