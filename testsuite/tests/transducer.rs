//! Sigma* (`lore transducer`): learned transducers against brute force on
//! 4-bit symbols, the product checks against brute force on mutants of
//! them, and what the command says of programs it cannot learn.

mod common;

use common::{run_lore, temp_folder};
use lore_transducer::check::{bounded_as, unbounded, Checked, Inputs};
use lore_transducer::harness::{io_shape, Io};
use lore_transducer::learn::{learn, Limits, Outcome, Setup};
use lore_transducer::model::{Term, Transducer};
use lore_transducer::pipeline::{decide, prove, shortest_difference, Pipelines};
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
        "pending_pair" => {
            let mut i = 0;
            while i < input.len() {
                let b = input[i];
                match input.get(i + 1) {
                    Some(&next) if (b == 12 || b == 13) && (8..=11).contains(&next) => {
                        if b == 12 {
                            out.push(15);
                        } else {
                            out.extend([b, next]);
                        }
                        i += 2;
                    }
                    _ => {
                        out.push(if b == 5 { 0 } else { b });
                        i += 1;
                    }
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
        progress: None,
        status: None,
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
    let mut folds = 0;
    for name in [
        "shift_or_double",
        "toggle",
        "previous_on_five",
        "pending_pair",
    ] {
        let path = Path::new(SMALL).join(format!("{name}.c"));
        let t = learned(&path);
        // And its form with lookback in the guards, where it has one.
        let folded = lore_transducer::fold::fold(&t);
        for input in &all {
            assert_eq!(
                t.run(input),
                Some(reference(name, input)),
                "{name} on {input:?}:\n{t}"
            );
            if let Some(f) = &folded {
                assert_eq!(
                    f.run(input),
                    Some(reference(name, input)),
                    "{name} on {input:?}:\n{f}"
                );
            }
        }
        folds += usize::from(folded.is_some());
    }
    // Not an empty test: the decoder in miniature folds.
    assert!(folds >= 1);
}

#[test]
fn the_product_checks_agree_with_brute_force_on_mutants() {
    let short = inputs(3);
    let longer = inputs(4);
    let options = Default::default();
    for name in [
        "shift_or_double",
        "toggle",
        "previous_on_five",
        "pending_pair",
    ] {
        let path = Path::new(SMALL).join(format!("{name}.c"));
        let shape = io_shape(&path, &Default::default(), &io4()).unwrap();
        let t = learned(&path);
        for m in mutants(&t) {
            let wrong = |w: &Vec<u32>| m.run(w) != Some(reference(name, w));
            let differs_short = short.iter().any(wrong);
            // Both ways of drawing the bounded product's input.
            for inputs in [Inputs::AsRead(3), Inputs::Ahead(3)] {
                match bounded_as(
                    &path,
                    &Default::default(),
                    &io4(),
                    &shape,
                    &m,
                    inputs,
                    &options,
                ) {
                    Checked::Differs { input, .. } => {
                        assert!(
                            differs_short,
                            "{name} {inputs:?}: a difference where there is none:\n{m}"
                        );
                        assert!(
                            input.len() <= 3 && wrong(&input),
                            "{name} {inputs:?}: {input:?} is no difference:\n{m}"
                        );
                    }
                    Checked::Holds => {
                        assert!(
                            !differs_short,
                            "{name} {inputs:?}: a difference missed:\n{m}"
                        )
                    }
                    Checked::Unknown(why) => panic!("{name}: {why}"),
                }
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

/// The first input (shortest first) of at most `n` symbols on which the
/// two pipelines write different output, by running them.
fn first_difference(p: &Pipelines<'_>, all: &[Vec<u32>]) -> Option<Vec<u32>> {
    let through = |pipeline: &[&Transducer], w: &[u32]| {
        pipeline.iter().try_fold(w.to_vec(), |word, t| t.run(&word))
    };
    all.iter()
        .find(|w| through(&p.left, w) != through(&p.right, w))
        .cloned()
}

#[test]
fn pipeline_questions_agree_with_brute_force() {
    // Idempotence, commutation and equivalence of the three learned 4-bit
    // transducers and of mutants of them, decided by the BMC (shortest
    // first, lengths 0..=3), by exploring every configuration, and by
    // k-induction — each against running the pipelines on every input of
    // at most 4 symbols.
    let all = inputs(4);
    let names = ["shift_or_double", "toggle", "previous_on_five"];
    let learned: Vec<Transducer> = names
        .iter()
        .map(|n| learned(&Path::new(SMALL).join(format!("{n}.c"))))
        .collect();
    let mut questions: Vec<Pipelines<'_>> = Vec::new();
    for a in &learned {
        questions.push(Pipelines {
            left: vec![a, a],
            right: vec![a],
        });
        for b in &learned {
            questions.push(Pipelines {
                left: vec![a, b],
                right: vec![b, a],
            });
        }
    }
    let mutated: Vec<(usize, Transducer)> = learned
        .iter()
        .enumerate()
        .flat_map(|(i, t)| mutants(t).into_iter().map(move |m| (i, m)))
        .collect();
    for (i, m) in mutated.iter().step_by(2) {
        questions.push(Pipelines {
            left: vec![&learned[*i]],
            right: vec![m],
        });
        questions.push(Pipelines {
            left: vec![m, m],
            right: vec![m],
        });
    }
    let (mut differ, mut equal) = (0, 0);
    for p in &questions {
        let truth = first_difference(p, &all);
        let shown = || format!("{:?}\n{:?}", p.left, p.right);
        let d = decide(p, 4, 3, Duration::from_secs(10));
        match (&truth, d.witness()) {
            (Some(t), Some(w)) => {
                differ += 1;
                assert_eq!(w.len(), t.len(), "not a shortest difference: {}", shown());
                assert!(
                    first_difference(p, &[w.to_vec()]).is_some(),
                    "{w:?} is no difference: {}",
                    shown()
                );
            }
            (Some(t), None) => panic!("the difference {t:?} missed: {}", shown()),
            (None, Some(w)) => assert!(
                w.len() > 4 && first_difference(p, &[w.to_vec()]).is_some(),
                "{w:?} is no difference: {}",
                shown()
            ),
            (None, None) => {
                equal += 1;
                assert!(d.proved(), "no decision: {d:?}: {}", shown());
            }
        }
        // The BMC's route finds the same shortest differences...
        let bmc = shortest_difference(p, 4, 3);
        match (&truth, &bmc) {
            (Some(t), Checked::Differs { input, .. }) if t.len() <= 3 => {
                assert_eq!(
                    input.len(),
                    t.len(),
                    "not a shortest difference: {}",
                    shown()
                );
                assert!(
                    first_difference(p, std::slice::from_ref(input)).is_some(),
                    "{}",
                    shown()
                );
            }
            (Some(t), Checked::Holds) if t.len() > 3 => {}
            (None, Checked::Holds) => {}
            (t, b) => panic!("the BMC says {b:?} where running says {t:?}: {}", shown()),
        }
        // ... and k-induction never proves pipelines that differ.
        if truth.is_some() || d.witness().is_some() {
            let (proof, _) = prove(p, 4, Duration::from_secs(5));
            assert_ne!(
                proof,
                Checked::Holds,
                "a difference proved away: {}",
                shown()
            );
        }
    }
    assert!(differ >= 10 && equal >= 3, "{differ} differ, {equal} equal");
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

/// A program that keeps pending symbols in a window is proved for every
/// length: k-induction's invariants, guessed from runs of the product and
/// kept by Houdini, tie the window to the transducer's state (without them
/// the step case fails up to k = 15).
#[test]
fn a_window_of_pending_symbols_is_proved_for_every_length() {
    let folder = temp_folder();
    let json = folder.path().join("pending.json");
    let (code, out) = transducer(
        "cases/transducer-small/pending_pair.c",
        &["--symbol-bits", "4", "--json", json.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("3 states, lookback 1"), "{out}");
    assert!(
        out.contains("proof: the program and the transducer agree on every input, of every length"),
        "{out}"
    );
    // The invariants it assumed are in the JSON, among them what ties the
    // window to the state: in the state after a lead 12, the window holds 12.
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let invariants = v["proof"]["invariants"].as_array().unwrap();
    assert!(
        invariants.iter().any(|i| {
            let i = i.as_str().unwrap();
            i.starts_with("!(__lore_state == ") && i.ends_with(") || win[0] == 12")
        }),
        "{invariants:#?}"
    );
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
        // Output the harness would not see is refused, never dropped.
        ("writes_with_printf.c", 2, "`main` calls `printf` (line 12)"),
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
    // A transducer has its initial state at least.
    let (got, out) = transducer("cases/transducer/html_escape.c", &["--max-states", "0"]);
    assert_eq!(got, 2, "{out}");
    assert!(out.contains("--max-states"), "{out}");
}

#[test]
fn learning_stops_at_its_time_limit() {
    // EncodeHtml is learned and proved at once, but its bounded check of
    // every input of 40 symbols takes about 22 s: it counts as learning, and
    // may use what the proof left of its time, so it stops within the 2 s
    // limit plus the 1 s for proofs and says so (it once ran to the end).
    let started = std::time::Instant::now();
    let (code, out) = transducer(
        "cases/transducer/encode_html.c",
        &["--bound", "40", "--time-limit", "2", "--proof-time", "1"],
    );
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("proof: the program and the transducer agree"),
        "{out}"
    );
    // Where the deadline falls decides which stage it stops: symbolic
    // execution and encoding, or the SAT solver.
    let stopped = [
        "out of time before the formula",
        "the SAT solver gave up or ran out of time",
    ];
    assert!(
        stopped
            .iter()
            .any(|why| out.contains(&format!("bounded check: no answer ({why}"))),
        "{out}"
    );
    // Loading and winding down are not cut: 9 s of slack for them on a
    // loaded machine (running to the end takes over 22 s).
    assert!(seconds < 12.0, "{seconds:.1} s:\n{out}");
    // A program that is not learned in the time: exit 1, with the reason.
    let (code, out) = transducer(
        "cases/transducer/javascript_escape.c",
        &["--time-limit", "2", "--proof-time", "2"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("not learned: the time for learning (2 s) is up"),
        "{out}"
    );
}

#[test]
fn the_transducer_is_written_as_dot_json_svg_and_html() {
    let folder = temp_folder();
    let (dot, json) = (folder.path().join("t.dot"), folder.path().join("t.json"));
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
    // The same with lookback in the guards: one state, the learned state
    // after `<` selected by λ-1 == '<' (a box of one guard).
    let folded = &v["transducer"]["folded"];
    assert_eq!(folded["lookback"], 2, "{folded}");
    assert_eq!(folded["state_of"], serde_json::json!([0, 0, 0]), "{folded}");
    let cases = folded["states"][0]["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 3, "{folded}");
    assert!(
        cases
            .iter()
            .any(|c| c["when"] == serde_json::json!([[[[60, 60]]]])),
        "{folded}"
    );
    assert_eq!(cases[2]["when"], serde_json::Value::Null, "{folded}");
    assert!(
        out.contains(
            "the same transducer, with lookback in the guards (a k-SLT): 1 state, lookback 2"
        ),
        "{out}"
    );
    assert_eq!(v["proof"]["result"], "holds");
    assert_eq!(v["bounded_check"]["result"], "holds");
    // The picture (the automata's layout) and the report page, with the
    // answer to a question asked.
    let (svg, html) = (folder.path().join("t.svg"), folder.path().join("t.html"));
    let (code, out) = transducer(
        "cases/transducer/get_tags_fixed.c",
        &[
            "-o",
            svg.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
            "--idempotent",
        ],
    );
    assert_eq!(code, 0, "{out}");
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(svg.matches("<g class=\"state\"").count(), 3, "{svg}");
    assert!(svg.contains("['&gt;'] / '&lt;' λ-1 '&gt;'"), "{svg}");
    let html = std::fs::read_to_string(html).unwrap();
    assert!(
        html.contains("<h1 title=") && html.contains("lore transducer get_tags_fixed.c"),
        "{html}"
    );
    assert!(html.contains("<b>idempotence</b>: holds"), "{html}");
    assert!(
        html.contains("<h4>With lookback in the guards</h4>")
            && html.contains("if λ-1 ∈ ['&lt;'] (learned state q1):"),
        "{html}"
    );
    assert!(
        html.contains("class=\"view\""),
        "the drawing is in a viewer"
    );
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
    // The proof's product draws each symbol where the program reads it
    // (no tape drawn ahead), from a start state __lore_sane allows.
    let (code, proof) = transducer(
        "cases/transducer-small/toggle.c",
        &["--symbol-bits", "4", "--show-harness", "proof"],
    );
    assert_eq!(code, 0, "{proof}");
    let input = &proof[proof.find("static int __lore_input(void) {").expect(&proof)..];
    assert!(
        input.contains("__lore_sane();") && input.contains("__lore_step(x);"),
        "{proof}"
    );
    assert!(
        !proof.contains("__lore_tape") && proof.contains("__lore_which"),
        "{proof}"
    );
    // A harness Lore does not have is refused, not ignored.
    let (code, out) = transducer(
        "cases/transducer-small/toggle.c",
        &["--show-harness", "products"],
    );
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("query, product, proof, idempotent"), "{out}");
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
    // A shortest difference: 5 symbols, `<` x `<` y `>` (as BEK's).
    let bytes = shown_input(line);
    assert!(
        bytes.len() == 5 && bytes[0] == b'<' && bytes[2] == b'<' && bytes[4] == b'>',
        "{out}"
    );
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
    // Nor does JavascriptEscape over bytes, whose pending bytes k-induction
    // relates to its other variables by invariants guessed from runs on
    // random words (without them: no answer within 60 s).
    let (code, out) = transducer(
        "cases/transducer/javascript_escape.c",
        &["--can-write", "<"],
    );
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
    // Symbols in a row: XmlEscape writes `&` only as the start of an
    // entity, so never `&&` (proved, the matcher's state related to the
    // program's by k-induction) ...
    let (code, out) = transducer("cases/transducer/xml_escape.c", &["--can-write", "&&"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("never writes \"&&\", on any input of any length"),
        "{out}"
    );
    // ... but `&lt;&` on a shortest input: `<` and then any symbol
    // XmlEscape escapes (which of them is the solver's choice).
    let (code, out) = transducer("cases/transducer/xml_escape.c", &["--can-write", "&lt;&"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        ["<&", "<<", "<>", "<'", "<\\\""]
            .iter()
            .any(|input| out.contains(&format!("writes \"&lt;&\" on the input \"{input}\""))),
        "{out}"
    );
    // A symbol wider than the symbols is bad input.
    let (code, out) = transducer("cases/transducer/html_escape.c", &["--can-write", "300"]);
    assert_eq!(code, 2, "{out}");
}

/// The input a line shows ("on the input \"...\"" or "[60, 28, ...]").
fn shown_input(line: &str) -> Vec<u8> {
    let shown = line.split("on the input ").nth(1).unwrap().trim();
    match shown.strip_prefix('[') {
        Some(list) => list
            .trim_end_matches(']')
            .split(", ")
            .map(|n| n.parse().unwrap())
            .collect(),
        None => shown.trim_matches('"').as_bytes().to_vec(),
    }
}

#[test]
fn idempotence_and_commutation_are_decided_with_shortest_witnesses() {
    // HtmlEscape is not idempotent: a one-symbol input, run twice on the
    // program.
    let (code, out) = transducer("cases/transducer/html_escape.c", &["--idempotent"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("idempotence: no, on the input \"\\\"\""),
        "{out}"
    );
    assert!(out.contains("run on that writes \"&amp;quot;\""), "{out}");
    assert!(
        out.contains("no shorter input shows it: 1 symbol)"),
        "{out}"
    );
    // GetTags is, for every length (its transducer is proved).
    let (code, out) = transducer("cases/transducer/get_tags_fixed.c", &["--idempotent"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("idempotence: yes"), "{out}");
    assert!(out.contains("on every input of every length"), "{out}");
    // HtmlEscape and CleanseCss do not commute: on one symbol already
    // (a tab becomes a space one way and nothing the other; `&` becomes
    // `amp` and nothing).
    let (code, out) = transducer(
        "cases/transducer/html_escape.c",
        &["--commutes-with", "cases/transducer/cleanse_css.c"],
    );
    assert_eq!(code, 1, "{out}");
    let line = out.lines().find(|l| l.starts_with("commutation:")).unwrap();
    assert!(line.starts_with("commutation: no, on the input"), "{out}");
    assert_eq!(shown_input(line).len(), 1, "{out}");
    assert!(
        out.contains("cleanse_css.c after cases/transducer/html_escape.c writes"),
        "{out}"
    );
    // A 16-bit alphabet goes the BMC's way (bounded, then k-induction).
    let (code, out) = transducer(
        "cases/transducer/javascript_escape_utf16.c",
        &[
            "--input",
            "read_unit",
            "--output",
            "write_unit",
            "--symbol-bits",
            "16",
            "--idempotent",
            "--bound",
            "2",
        ],
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("idempotence: no, on the input"), "{out}");
}
