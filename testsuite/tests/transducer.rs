//! Sigma* (`lore transducer`): learned transducers against brute force on
//! 4-bit symbols, the product checks against brute force on mutants of
//! them, and what the command says of programs it cannot learn.

mod common;

use common::run_lore;
use lore_transducer::check::{bounded, unbounded, Checked};
use lore_transducer::harness::{io_shape, Io};
use lore_transducer::learn::{learn, Limits, Outcome, Setup};
use lore_transducer::model::{Term, Transducer};
use std::path::Path;
use std::time::Duration;

/// What each small case computes, written again in Rust.
fn reference(name: &str, input: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    match name {
        "shift_or_double" => {
            for &c in input {
                if c < 8 {
                    out.push(c + 1);
                } else {
                    out.extend([c, c]);
                }
            }
        }
        "toggle" => {
            let mut on = false;
            for &c in input {
                if c == 0 {
                    on = !on;
                } else if on {
                    out.push(c);
                }
            }
            if on {
                out.push(15);
            }
        }
        "previous_on_five" => {
            for (i, &c) in input.iter().enumerate() {
                if c == 5 && i > 0 {
                    out.push(input[i - 1]);
                }
            }
        }
        other => panic!("no reference for {other}"),
    }
    out
}

/// Every input over 16 symbols of at most `n` symbols.
fn inputs(n: usize) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    let mut layer = vec![Vec::new()];
    for _ in 0..n {
        layer = layer
            .iter()
            .flat_map(|w: &Vec<u32>| {
                (0..16).map(move |c| {
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

fn io4() -> Io {
    Io {
        bits: 4,
        ..Io::default()
    }
}

fn learned(path: &Path) -> Transducer {
    let setup = Setup {
        path,
        frontend: Default::default(),
        io: io4(),
        options: Default::default(),
        log_queries: false,
    };
    let limits = Limits {
        bound: 4,
        proof_time: Duration::from_secs(10),
        ..Limits::default()
    };
    let l = learn(&setup, &limits).unwrap();
    assert!(
        matches!(l.outcome, Outcome::Learned),
        "{}: {:?}",
        path.display(),
        l.outcome
    );
    l.transducer.unwrap()
}

/// Copies of `t` with one thing changed: an output term, an output's
/// length, or a target.
fn mutants(t: &Transducer) -> Vec<Transducer> {
    let bump = |terms: &mut Vec<Term>| match terms.first_mut() {
        Some(Term::Const(c)) => *c = (*c + 1) % 16,
        Some(Term::Symbol { offset, .. }) => *offset += 1,
        Some(other) => *other = Term::Const(0),
        None => terms.push(Term::Const(3)),
    };
    let mut out = Vec::new();
    for s in 0..t.states.len() {
        for i in 0..t.states[s].transitions.len() {
            let mut m = t.clone();
            bump(&mut m.states[s].transitions[i].output);
            out.push(m);
            if t.states.len() > 1 {
                let mut m = t.clone();
                let tr = &mut m.states[s].transitions[i];
                tr.target = (tr.target + 1) % t.states.len();
                out.push(m);
            }
        }
        let mut m = t.clone();
        bump(&mut m.states[s].final_output);
        out.push(m);
    }
    out
}

const SMALL: &str = "cases/transducer-small";

#[test]
fn learned_transducers_agree_with_a_reference_on_every_input_up_to_length_4() {
    let all = inputs(4);
    for name in ["shift_or_double", "toggle", "previous_on_five"] {
        let path = Path::new(SMALL).join(format!("{name}.c"));
        let t = learned(&path);
        for input in &all {
            assert_eq!(
                t.run(input),
                Some(reference(name, input)),
                "{name} on {input:?}:\n{t}"
            );
        }
    }
}

#[test]
fn the_product_checks_agree_with_brute_force_on_mutants() {
    let short = inputs(3);
    let longer = inputs(4);
    let options = Default::default();
    for name in ["shift_or_double", "toggle", "previous_on_five"] {
        let path = Path::new(SMALL).join(format!("{name}.c"));
        let shape = io_shape(&path, &Default::default(), &io4()).unwrap();
        let t = learned(&path);
        for m in mutants(&t) {
            let wrong = |w: &Vec<u32>| m.run(w) != Some(reference(name, w));
            let differs_short = short.iter().any(wrong);
            match bounded(&path, &Default::default(), &io4(), &shape, &m, 3, &options) {
                Checked::Differs { input, .. } => {
                    assert!(
                        differs_short,
                        "{name}: a difference where there is none:\n{m}"
                    );
                    assert!(
                        input.len() <= 3 && wrong(&input),
                        "{name}: {input:?} is no difference:\n{m}"
                    );
                }
                Checked::Holds => assert!(!differs_short, "{name}: a difference missed:\n{m}"),
                Checked::Unknown(why) => panic!("{name}: {why}"),
            }
            // The proof never holds where brute force finds a difference.
            if longer.iter().any(wrong) {
                let (proof, _) = unbounded(
                    &path,
                    &Default::default(),
                    &io4(),
                    &shape,
                    &m,
                    &lore_bmc::symex::SymexOptions {
                        unwind: 2,
                        ..Default::default()
                    },
                    Duration::from_secs(10),
                );
                assert_ne!(
                    proof,
                    Checked::Holds,
                    "{name}: a wrong transducer proved:\n{m}"
                );
            }
        }
    }
}

fn transducer(file: &str, extra: &[&str]) -> (u8, String) {
    let mut args = vec!["transducer".to_string(), file.to_string()];
    args.extend(extra.iter().map(|s| s.to_string()));
    let (code, out, err) = run_lore(&args);
    (code, format!("{out}{err}"))
}

/// Times vary from run to run.
fn without_times(text: &str) -> String {
    let mut out = String::new();
    for word in text.split_inclusive(' ') {
        let bare = word
            .trim_end_matches([' ', ',', ')', '\n'])
            .trim_start_matches('(');
        if bare.parse::<f64>().is_ok() && bare.contains('.') {
            out.push_str(&word.replace(bare, "…"));
        } else {
            out.push_str(word);
        }
    }
    out
}

#[test]
fn html_escape_is_learned_and_proved() {
    let (code, out) = transducer("cases/transducer/html_escape.c", &[]);
    assert_eq!(code, 0, "{out}");
    insta::assert_snapshot!(without_times(&out));
}

#[test]
fn programs_outside_the_class_are_told_apart_with_the_reason() {
    let bad = "cases/transducer-bad";
    let cases = [
        ("output_first.c", 2, "output before the first input"),
        ("no_input.c", 2, "never calls `getchar`"),
        ("stops_early.c", 2, "stops before the end of its input"),
        (
            "aborts.c",
            2,
            "stops before the end of its input (on the input \"!\")",
        ),
        ("syntax_error.c", 2, "syntax error"),
        ("missing.c", 2, "no such file"),
    ];
    for (file, code, says) in cases {
        let (got, out) = transducer(&format!("{bad}/{file}"), &[]);
        assert_eq!(got, code, "{file}: {out}");
        assert!(out.contains(says), "{file}: expected `{says}` in:\n{out}");
    }
    // A 16-bit alphabet needs the input and output functions of 16-bit units.
    let (got, out) = transducer("cases/transducer/html_escape.c", &["--symbol-bits", "17"]);
    assert_eq!(got, 2, "{out}");
    assert!(out.contains("1 to 16"), "{out}");
}

#[test]
fn the_transducer_is_written_as_dot_and_json() {
    let dir = std::env::temp_dir().join(format!("lore-transducer-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (dot, json) = (dir.join("t.dot"), dir.join("t.json"));
    let (code, out) = transducer(
        "cases/transducer/get_tags_fixed.c",
        &[
            "-o",
            dot.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{out}");
    let dot = std::fs::read_to_string(dot).unwrap();
    assert!(
        dot.contains("q2 -> q0 [label=\"['>'] / '<' λ-1 '>'\"]"),
        "{dot}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(v["schema"], "lore-transducer/1");
    assert_eq!(v["outcome"], "learned");
    assert_eq!(v["transducer"]["states"].as_array().unwrap().len(), 3);
    assert_eq!(v["transducer"]["lookback"], 1);
    assert_eq!(v["proof"]["result"], "holds");
    assert_eq!(v["bounded_check"]["result"], "holds");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_harnesses_are_printed() {
    // The query harness of a program that only declares getchar/putchar
    // (the harness defines them) ...
    let (code, query) = transducer("cases/transducer/html_escape.c", &["--show-harness"]);
    assert_eq!(code, 0, "{query}");
    insta::assert_snapshot!("query_harness", query);
    // ... and the product a learned transducer is checked on.
    let (code, product) = transducer(
        "cases/transducer-small/toggle.c",
        &["--symbol-bits", "4", "--show-harness", "product"],
    );
    assert_eq!(code, 0, "{product}");
    insta::assert_snapshot!("toggle_product", product);
}

#[test]
fn versions_are_compared_as_bek_does() {
    // GetTags fixed and buggy differ (the buggy one forgets a `<` seen
    // after `<x`): an input on which both programs are run.
    let (code, out) = transducer(
        "cases/transducer/get_tags_fixed.c",
        &["--equivalent", "cases/transducer/get_tags_buggy.c"],
    );
    assert_eq!(code, 1, "{out}");
    let line = out.lines().find(|l| l.starts_with("equivalence:")).unwrap();
    assert!(line.contains("differ on the input"), "{out}");
    assert!(out.contains("get_tags_buggy.c writes"), "{out}");
    // A program is equivalent to itself, for every length.
    let (code, out) = transducer(
        "cases/transducer/pre_escape.c",
        &["--equivalent", "cases/transducer/pre_escape.c"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("on every input, of every length"), "{out}");
}

#[test]
fn whether_a_symbol_can_come_out_is_answered_for_every_length() {
    // HtmlEscape never writes `<`, on any input: proved.
    let (code, out) = transducer("cases/transducer/html_escape.c", &["--can-write", "<"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("never writes '<' (0x3c), on any input of any length"),
        "{out}"
    );
    // GetTags does, on an input that is shown (and was replayed).
    let (code, out) = transducer(
        "cases/transducer/get_tags_fixed.c",
        &["--can-write", "0x3c"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("writes '<' (0x3c) on the input"), "{out}");
    // A symbol wider than the symbols is bad input.
    let (code, out) = transducer("cases/transducer/html_escape.c", &["--can-write", "300"]);
    assert_eq!(code, 2, "{out}");
}
