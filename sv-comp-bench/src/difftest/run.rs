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

/// Runs `cmd` with `input` on stdin, killing it and every process it
/// started (its own process group: gcc's cc1, for one) after `limit`.
pub fn run(mut cmd: Command, input: &str, limit: Duration) -> std::io::Result<Ran> {
    use std::os::unix::process::CommandExt;
    let start = Instant::now();
    let mut child = cmd
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
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
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    Ok(Ran {
        code: status.and_then(|s| s.code()),
        timed_out,
        stdout,
        stderr,
        seconds: start.elapsed().as_secs_f64(),
    })
}
