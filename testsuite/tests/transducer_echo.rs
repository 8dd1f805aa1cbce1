//! Validate, then echo: the harnesses' echo view, said in C, must agree
//! with its reading in Rust (`View::seen`) on every short input; the
//! programs of that shape are learned as automata that agree with a
//! reference written in Rust; a program that writes back something else
//! is not taken for one; and the command prints the automaton.

mod common;

use common::{run_lore, temp_folder};
use lore_transducer::check::{bounded, Checked};
use lore_transducer::harness::{io_shape, load, query_harness, Io, View, ECHOED, REJECTED};
use lore_transducer::learn::{learn, Learned, Limits, Outcome, Setup};
use lore_transducer::model::Term;
use lore_transducer::oracle::Oracle;
use std::path::Path;
use std::time::Duration;

fn oracle(path: &Path, io: &Io) -> Oracle {
    let frontend = Default::default();
    let shape = io_shape(path, &frontend, io).unwrap();
    let text = query_harness(io, &shape);
    let harnessed = load(path, &frontend, io, &shape, text).unwrap();
    let options = lore_bmc::symex::SymexOptions {
        unwinding_assertions: true,
        ..Default::default()
    };
    Oracle::new(harnessed, options, io.bits).unwrap()
}

/// Every word of at most `n` symbols over `symbols`.
fn words(symbols: &[u32], n: usize) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    let mut layer: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 0..n {
        layer = layer
            .iter()
            .flat_map(|w| {
                symbols.iter().map(move |&c| {
                    let mut w = w.clone();
                    w.push(c);
                    w
                })
            })
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

#[test]
fn the_echo_view_in_c_agrees_with_its_reading_in_rust() {
    let plain = Io {
        bits: 4,
        ..Io::default()
    };
    // The program's own string, a string it never writes alone (so that
    // "15 15" is neither), and a capacity the longer inputs overflow.
    let views = [
        View::EchoOr {
            reject: vec![15, 15],
            capacity: 64,
        },
        View::EchoOr {
            reject: vec![15],
            capacity: 64,
        },
        View::EchoOr {
            reject: vec![15, 15],
            capacity: 2,
        },
    ];
    for file in ["echo_even_sevens.c", "reverse.c"] {
        let path = Path::new("cases/transducer-small").join(file);
        let mut program = oracle(&path, &plain);
        let mut viewed: Vec<Oracle> = views
            .iter()
            .map(|v| {
                oracle(
                    &path,
                    &Io {
                        view: v.clone(),
                        ..plain.clone()
                    },
                )
            })
            .collect();
        let mut seen_each = [0usize; 3];
        for w in words(&[0, 3, 7, 15], 3) {
            let steps = program.run_steps(&w).unwrap().unwrap();
            let output: Vec<u32> = steps.concat();
            for (view, o) in views.iter().zip(&mut viewed) {
                let steps = o.run_steps(&w).unwrap().unwrap();
                let (end, before) = steps.split_last().unwrap();
                assert!(before.iter().all(Vec::is_empty), "{file} {w:?}: {steps:?}");
                let expected = view.seen(&w, &output);
                assert_eq!(end, &expected, "{file} {w:?} {view:?}: wrote {output:?}");
                seen_each[expected[0] as usize] += 1;
            }
        }
        // Each of the three end symbols was met.
        assert!(seen_each.iter().all(|&n| n > 0), "{file}: {seen_each:?}");
    }
}

fn learned(path: &str, bits: u32, limits: &Limits) -> Learned {
    let setup = Setup {
        path: Path::new(path),
        frontend: Default::default(),
        io: Io {
            bits,
            ..Io::default()
        },
        options: Default::default(),
        log_queries: false,
        progress: None,
        status: None,
    };
    learn(&setup, limits).unwrap()
}

/// JavascriptNumber (SANITIZERS.md), written again in Rust.
fn javascript_number(input: &[u32]) -> Vec<u32> {
    let b: Vec<u8> = input.iter().map(|&v| v as u8).collect();
    if b.is_empty() {
        return Vec::new();
    }
    let valid = if b == b"true" || b == b"false" {
        true
    } else if b.len() > 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        b[2..].iter().all(u8::is_ascii_hexdigit)
    } else {
        b.iter().all(|c| c.is_ascii_digit() || b"+-.eE".contains(c))
    };
    if valid {
        input.to_vec()
    } else {
        b"null".iter().map(|&c| u32::from(c)).collect()
    }
}

#[test]
fn javascript_number_is_learned_as_validate_then_echo() {
    // The default bound, 6: "false" has five symbols.
    let l = learned(
        "cases/transducer/javascript_number.c",
        8,
        &Limits::default(),
    );
    assert!(matches!(l.outcome, Outcome::Learned), "{:?}", l.outcome);
    let null: Vec<u32> = b"null".iter().map(|&c| u32::from(c)).collect();
    let View::EchoOr { reject, .. } = &l.view else {
        panic!("learned as {:?}", l.view);
    };
    assert_eq!(reject, &null);
    assert!(l.output_not_learned.is_some());
    assert_eq!(l.bounded, Some(Checked::Holds));
    // No proof is claimed for every length.
    assert!(matches!(l.proof, Some((Checked::Unknown(_), None, _))));
    let t = l.transducer.as_ref().unwrap();
    assert!(lore_transducer::echo::is_automaton(t));
    // The automaton against the reference: every word of at most three
    // symbols over bytes that matter, and longer words past the bound.
    let symbols: Vec<u32> = b"0xXaefgt.+-E9\x00\xff"
        .iter()
        .map(|&c| u32::from(c))
        .collect();
    let mut all = words(&symbols, 3);
    for w in [
        &b"true"[..],
        b"false",
        b"fals",
        b"0x1F",
        b"0x",
        b"8.55e-12",
        b"8.55ABC",
        b"0xABCDEFG",
        b"--..eE+1",
    ] {
        all.push(w.iter().map(|&c| u32::from(c)).collect());
    }
    for w in &all {
        let expected = l.view.seen(w, &javascript_number(w));
        assert_eq!(t.run(w), Some(expected), "{w:?}");
    }
    // A state's answer flipped is caught by the bounded check.
    let mut m = t.clone();
    let flipped = if m.states[0].final_output == [Term::Const(ECHOED)] {
        REJECTED
    } else {
        ECHOED
    };
    m.states[0].final_output = vec![Term::Const(flipped)];
    let io = Io {
        view: l.view.clone(),
        ..Io::default()
    };
    let path = Path::new("cases/transducer/javascript_number.c");
    let shape = io_shape(path, &Default::default(), &io).unwrap();
    let options = lore_bmc::symex::SymexOptions {
        unwinding_assertions: true,
        ..Default::default()
    };
    let checked = bounded(path, &Default::default(), &io, &shape, &m, 2, &options);
    assert!(
        matches!(checked, Checked::Differs { ref input, .. } if input.is_empty()),
        "{checked:?}"
    );
}

#[test]
fn a_program_that_writes_back_something_else_is_not_taken_for_an_echo() {
    let limits = Limits {
        bound: 4,
        max_states: 4,
        time: Duration::from_secs(60),
        ..Limits::default()
    };
    let l = learned("cases/transducer-small/reverse.c", 4, &limits);
    assert!(
        matches!(l.outcome, Outcome::NotLearned(_)),
        "{:?}",
        l.outcome
    );
    assert_eq!(l.view, View::Output);
    // The one of the shape is taken for one, with the same limits.
    let l = learned("cases/transducer-small/echo_even_sevens.c", 4, &limits);
    assert!(matches!(l.outcome, Outcome::Learned), "{:?}", l.outcome);
    assert_eq!(
        l.view,
        View::EchoOr {
            reject: vec![15, 15],
            capacity: 64
        }
    );
    assert_eq!(l.transducer.unwrap().states.len(), 3);
}

#[test]
fn a_program_of_that_shape_only_on_short_words_is_not_learned_as_one() {
    // Words of at most two symbols are echoed or answered "14 14"; from
    // three symbols on, an input starting with 0 gets "1". The automaton
    // learned under the echo view has an end that is neither, and the
    // reason names an input, run on the program.
    let limits = Limits {
        bound: 4,
        ..Limits::default()
    };
    let l = learned("cases/transducer-small/echo_then_neither.c", 4, &limits);
    let Outcome::NotLearned(why) = &l.outcome else {
        panic!("learned: {:?}", l.transducer);
    };
    assert!(
        why.contains("neither the input nor")
            && why.contains("on the input [0, 0, 0] it writes [1]"),
        "{why}"
    );
    assert!(!lore_transducer::echo::is_automaton(
        l.transducer.as_ref().unwrap()
    ));
}

#[test]
fn the_command_prints_the_automaton_and_its_view() {
    let folder = temp_folder();
    let json = folder.path().join("t.json");
    let dot = folder.path().join("t.dot");
    let args: Vec<String> = [
        "transducer",
        "cases/transducer-small/echo_even_sevens.c",
        "--symbol-bits",
        "4",
        "--max-states",
        "4",
        "--bound",
        "4",
        "--json",
        json.to_str().unwrap(),
        "-o",
        dot.to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (code, out, _) = run_lore(&args);
    assert_eq!(code, 0, "{out}");
    let stable: String = out
        .lines()
        .filter(|l| !l.starts_with("learning:") && !l.starts_with("bounded check:"))
        .map(|l| format!("{l}\n"))
        .collect();
    insta::assert_snapshot!(stable);
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(value["view"]["kind"], "validate, then echo");
    assert_eq!(value["view"]["reject"], serde_json::json!([15, 15]));
    assert_eq!(value["transducer"]["class"], "validate, then echo");
    assert_eq!(value["proof"]["result"], "unknown");
    let dot = std::fs::read_to_string(&dot).unwrap();
    assert!(dot.contains("q0 [shape=doublecircle]"), "{dot}");
    assert!(dot.contains("q1 [shape=circle]"), "{dot}");
    // Idempotence follows from the class once the program writes R on R
    // (one run); commutation is not decided on such an automaton.
    let mut asked = args.clone();
    asked.truncate(8);
    asked.push("--idempotent".into());
    asked.push("--commutes-with".into());
    asked.push("cases/transducer-small/toggle.c".into());
    let (code, out, _) = run_lore(&asked);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("idempotence: yes, on every input of at most 4 symbols (validate, then echo: the program writes its input or [15, 15], and on [15, 15] it writes [15, 15] (run))"),
        "{out}"
    );
    assert!(out.contains("commutation: no answer"), "{out}");
}
