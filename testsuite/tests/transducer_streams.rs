//! Sigma*'s harness and the C library's stream functions: a program may
//! read and write through getc, ungetc, fputs, putc, printf and the like,
//! and what it writes through them is its output (a printf output once was
//! not, and a wrong transducer was "proved").

mod common;

use common::{run_lore, temp_folder};
use lore_transducer::harness::Io;
use lore_transducer::learn::{learn, Limits, Outcome, Setup};
use std::path::Path;
use std::time::Duration;

fn transducer(file: &str) -> (u8, String) {
    let (code, out, err) = run_lore(&["transducer".to_string(), file.to_string()]);
    (code, format!("{out}{err}"))
}

/// A program reading and writing with the stream functions (getc, ungetc,
/// fgetc on stdin; fputs, putc on stdout; fputc on stderr, which is not
/// output) is learned as the same transducer as with getchar and putchar,
/// and proved.
#[test]
fn stream_functions_are_the_harness_s_input_and_output() {
    let (code, out) = transducer("cases/transducer-small/streams.c");
    assert_eq!(code, 0, "{out}");
    for line in [
        "['<'] / \"&lt;\" -> q0",
        "['>'] / \"&gt;\" -> q0",
        "end / ε",
        "proof: the program and the transducer agree on every input, of every length",
    ] {
        assert!(out.contains(line), "expected `{line}` in:\n{out}");
    }
}

/// printf with constant formats is the harness's output too: the learned
/// transducer writes what the program compiled by gcc writes, on every
/// input of one symbol and on pairs of a few.
#[test]
fn printf_with_constant_formats_is_output() {
    let path = Path::new("cases/transducer-small/printf_formats.c");
    let setup = Setup {
        path,
        frontend: Default::default(),
        io: Io::default(),
        options: Default::default(),
        log_queries: false,
        progress: None,
        status: None,
    };
    let limits = Limits {
        bound: 2,
        proof_time: Duration::from_secs(30),
        ..Limits::default()
    };
    let l = learn(&setup, &limits).unwrap();
    assert!(matches!(l.outcome, Outcome::Learned), "{:?}", l.outcome);
    let t = l.transducer.unwrap();
    let folder = temp_folder();
    let exe = folder.path().join("printf_formats");
    let built = std::process::Command::new("gcc")
        .arg("-o")
        .arg(&exe)
        .arg(path)
        .status()
        .expect("gcc runs");
    assert!(built.success());
    let mut inputs: Vec<Vec<u32>> = (0..256).map(|c| vec![c]).collect();
    for a in [b'<', b'"', 3, 20, 0xF0, 0xFF, 0xE5, b'a'] {
        for b in [b'<', 9, 0xF9, b'z'] {
            inputs.push(vec![u32::from(a), u32::from(b)]);
        }
    }
    for input in inputs {
        let bytes: Vec<u8> = input.iter().map(|&c| c as u8).collect();
        let mut child = std::process::Command::new(&exe)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the program runs");
        use std::io::Write;
        child.stdin.take().unwrap().write_all(&bytes).unwrap();
        let out = child.wait_with_output().unwrap().stdout;
        let expected: Vec<u32> = out.iter().map(|&b| u32::from(b)).collect();
        assert_eq!(t.run(&input), Some(expected), "on {input:?}:\n{t}");
    }
    assert!(
        matches!(l.proof, Some((lore_transducer::check::Checked::Holds, ..))),
        "{:?}",
        l.proof
    );
}
