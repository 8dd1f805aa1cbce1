//! A long `lore transducer` run says where it is: its first line on stderr
//! within about a second, then a line at least every 5 s in every phase
//! (issue 43), each heartbeat naming the phase and what it does in it.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

/// A JavascriptEscape coding whose learning, checks and proofs all take
/// longer than the limits the tests give them.
const PROGRAM: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../testsuite/cases/transducer/codings/javascript_escape/pushback.c"
);

/// Runs `lore transducer PROGRAM args`: its stderr lines and how long it ran.
fn run(args: &[&str]) -> (Vec<String>, f64) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_lore"))
        .arg("transducer")
        .arg(PROGRAM)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lore runs");
    let lines = BufReader::new(child.stderr.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .collect();
    child.wait().unwrap();
    (lines, started.elapsed().as_secs_f64())
}

/// The time stamp a progress line carries (`[   12.3 s]`).
fn stamp(line: &str) -> Option<f64> {
    let inner = line.split_once('[')?.1.split_once(" s]")?.0;
    inner.trim().parse().ok()
}

/// The first line by 1.5 s, no 5 s without one, none in the last 5.5 s
/// before the end; the heartbeats (lines ending in `…`).
fn never_silent(lines: &[String], ended: f64) -> Vec<&String> {
    let text = lines.join("\n");
    let stamps: Vec<f64> = lines.iter().filter_map(|l| stamp(l)).collect();
    assert!(stamps.len() >= 2, "{text}");
    assert!(
        stamps[0] <= 1.5,
        "the first line at {} s:\n{text}",
        stamps[0]
    );
    for pair in stamps.windows(2) {
        assert!(
            pair[1] - pair[0] <= 5.0,
            "silent from {} s to {} s:\n{text}",
            pair[0],
            pair[1]
        );
    }
    let last = stamps[stamps.len() - 1];
    assert!(
        ended - last <= 5.5,
        "silent from {last} s to the end at {ended:.1} s:\n{text}"
    );
    let beats: Vec<&String> = lines.iter().filter(|l| l.ends_with('…')).collect();
    assert!(!beats.is_empty(), "{text}");
    beats
}

#[test]
fn learning_says_its_phase_and_counts() {
    let (lines, ended) = run(&["--time-limit", "7", "--proof-time", "3"]);
    assert!(ended > 6.0, "{lines:?}");
    for beat in never_silent(&lines, ended) {
        let phases = [
            "learning conjecture",
            "checking conjecture",
            "refining conjecture",
            "the bounded check",
            "the proof",
            "loading the program",
        ];
        assert!(phases.iter().any(|p| beat.contains(p)), "{beat}");
    }
}

#[test]
fn one_long_phase_is_not_silent() {
    // --can-write on a pattern it cannot write: one proof, printing
    // nothing of its own until it gives up.
    let (lines, ended) = run(&["--can-write", "'<script'", "--proof-time", "8"]);
    assert!(ended > 7.0, "{lines:?}");
    let beats = never_silent(&lines, ended);
    assert!(beats.len() >= 2, "{lines:?}");
    for beat in beats {
        assert!(beat.contains("can-write question"), "{beat}");
    }
}
