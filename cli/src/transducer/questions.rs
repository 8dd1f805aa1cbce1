//! BEK's questions (`--equivalent`, `--idempotent`, `--commutes-with`,
//! `--can-write`): asked, answered with a witness input run on the
//! programs, and printed.

use super::{proved_by, symbols, TransducerArgs};
use crate::{exit, load_file, Console};
use lore_transducer::check::Checked;
use lore_transducer::compare::{ask, Answer, Modelled};
use lore_transducer::explore::Explored;
use lore_transducer::harness::View;
use lore_transducer::learn::{learn, Learned, Limits, Outcome, Setup};
use lore_transducer::oracle::{show_input, show_symbols};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// The other program of a question, read and written like FILE.
fn same_io<'a>(setup: &Setup<'_>, other: &'a Path) -> Setup<'a> {
    Setup {
        path: other,
        frontend: setup.frontend.clone(),
        io: setup.io.clone(),
        options: Default::default(),
        log_queries: false,
        progress: None,
        status: setup.status.clone(),
    }
}

/// Symbols shown as a string (`nothing` when there are none).
fn shown(w: &[u32]) -> String {
    if w.is_empty() {
        return "nothing".to_string();
    }
    show_symbols(&symbols(w))
}

/// What `--can-write` was given: one symbol (a number, `0x..`, one
/// character, quoted or not) or several characters in a row.
fn pattern(text: &str, bits: u32) -> Option<Vec<u32>> {
    let trimmed = match text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
        Some(inner) if !inner.is_empty() => inner,
        _ => text,
    };
    let max = lore_transducer::model::max_symbol(bits);
    let number = if let Some(hex) = trimmed.strip_prefix("0x") {
        u32::from_str_radix(hex, 16).ok()
    } else if trimmed.len() > 1 || trimmed.chars().all(|c| c.is_ascii_digit()) {
        trimmed.parse().ok()
    } else {
        None
    };
    let symbols: Vec<u32> = match number {
        Some(v) => vec![v],
        None => trimmed.chars().map(u32::from).collect(),
    };
    (!symbols.is_empty() && symbols.iter().all(|&v| v <= max)).then_some(symbols)
}

/// `--can-write PATTERN`.
pub(super) fn can_write(
    args: &TransducerArgs,
    setup: &Setup<'_>,
    symbol: &str,
    console: &mut Console<'_>,
) -> u8 {
    if let Some(s) = &setup.status {
        s.enter("BEK's can-write question, on the program for every input length");
    }
    let Some(pattern) = pattern(symbol, setup.io.bits) else {
        let _ = writeln!(
            console.err,
            "error: --can-write takes a symbol of {} bits (a number, 0x.., or one character) or characters in a row, not `{symbol}`",
            setup.io.bits
        );
        return exit::BAD_INPUT;
    };
    let shape = match lore_transducer::harness::io_shape(setup.path, &setup.frontend, &setup.io) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(console.err, "error: {}: {e}", setup.path.display());
            return exit::BAD_INPUT;
        }
    };
    let started = std::time::Instant::now();
    let (checked, induction) = lore_transducer::check::never_writes(
        setup.path,
        &setup.frontend,
        &setup.io,
        &shape,
        &pattern,
        &lore_bmc::symex::SymexOptions {
            unwind: 2,
            ..Default::default()
        },
        Duration::from_secs(args.proof_time),
    );
    let seconds = started.elapsed().as_secs_f64();
    let shown = match pattern[..] {
        [value] => match char::from_u32(value).filter(|c| c.is_ascii_graphic()) {
            Some(c) => format!("'{c}' ({value:#x})"),
            None => format!("{value:#x}"),
        },
        _ => show_symbols(&symbols(&pattern)),
    };
    let file = args.file.display();
    match checked {
        Checked::Holds => {
            let how = proved_by(induction.as_ref());
            let _ = writeln!(
                console.out,
                "can-write: {file} never writes {shown}, on any input of any length ({how}, {seconds:.2} s)"
            );
            exit::OK
        }
        Checked::Differs { input, .. } => {
            let _ = writeln!(
                console.out,
                "can-write: {file} writes {shown} {}",
                show_input(&symbols(&input))
            );
            exit::DISAGREE
        }
        Checked::Unknown(why) => {
            let _ = writeln!(
                console.out,
                "can-write: no answer within {seconds:.1} s ({why})"
            );
            exit::OK
        }
    }
}

/// `--equivalent OTHER`: OTHER against FILE's transducer.
pub(super) fn equivalence(
    args: &TransducerArgs,
    setup: &Setup<'_>,
    learned: &Learned,
    other: &std::path::Path,
    limits: &Limits,
    console: &mut Console<'_>,
) -> (u8, Value) {
    use lore_transducer::compare::{compare, output_of};
    let unanswered =
        |why: &str| json!({ "question": "equivalence", "result": "unknown", "why": why });
    let Some(t) = &learned.transducer else {
        return (exit::DISAGREE, unanswered("no transducer"));
    };
    if let Err(code) = load_file(other, &args.frontend, console) {
        return (code, unanswered("the other program does not load"));
    }
    let other_setup = same_io(setup, other);
    // The other program is checked under the view `t` was learned in;
    // the programs are run (below) as they are.
    let mut viewed = same_io(setup, other);
    viewed.io.view = learned.view.clone();
    let (file, other_name) = (args.file.display(), other.display());
    let comparison = match compare(&viewed, t, limits) {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(console.err, "error: {other_name}: {e}");
            return (exit::BAD_INPUT, unanswered(&e.to_string()));
        }
    };
    let differs = match (&comparison.bounded, &comparison.proof) {
        (Checked::Differs { input, .. }, _) | (_, Some((Checked::Differs { input, .. }, _))) => {
            Some(input.clone())
        }
        _ => None,
    };
    let out = &mut console.out;
    if let Some(input) = differs {
        let (a, b) = (output_of(setup, &input), output_of(&other_setup, &input));
        let (Ok(a), Ok(b)) = (a, b) else {
            let why = "the programs could not be run on the difference";
            let _ = writeln!(out, "equivalence: no answer ({why})");
            return (exit::OK, unanswered(why));
        };
        if a == b {
            // Only where FILE's transducer is wrong beyond what was checked.
            let why = format!(
                "{other_name} differs from {file}'s transducer {}, but not from {file}",
                show_input(&symbols(&input))
            );
            let _ = writeln!(out, "equivalence: no answer ({why})");
            return (exit::OK, unanswered(&why));
        }
        let _ = writeln!(
            out,
            "equivalence: {file} and {other_name} differ {}",
            show_input(&symbols(&input))
        );
        let _ = writeln!(out, "  {file} writes {}", shown(&a));
        let _ = writeln!(out, "  {other_name} writes {}", shown(&b));
        let _ = writeln!(out, "{}", shortest(&input));
        let value = json!({
            "question": "equivalence",
            "result": "differs",
            "input": input,
            "outputs": [a, b],
        });
        return (exit::DISAGREE, value);
    }
    let proved_here = matches!(learned.proof, Some((Checked::Holds, ..)));
    let value = match (&comparison.proof, proved_here) {
        (Some((Checked::Holds, _)), true) => {
            let _ = writeln!(
                out,
                "equivalence: {file} and {other_name} write the same output on every input, of every length (both proved equal to the transducer)"
            );
            json!({ "question": "equivalence", "result": "holds" })
        }
        (proof, _) => {
            let why = match proof {
                Some((Checked::Unknown(why), _)) => why.clone(),
                _ if !proved_here => format!("{file}'s transducer is not proved for every length"),
                _ => "no proof".into(),
            };
            let _ = writeln!(
                out,
                "equivalence: {file} and {other_name} agree on every input of at most {} symbols; not proved for every length ({why})",
                comparison.bound
            );
            json!({ "question": "equivalence", "result": "bounded", "bound": comparison.bound, "why": why })
        }
    };
    (exit::OK, value)
}

/// The questions asked on the command line after FILE was learned, in
/// order; exit 1 when one of them finds a difference.
pub(super) fn ask_all(
    args: &TransducerArgs,
    setup: &Setup<'_>,
    learned: &Learned,
    limits: &Limits,
    console: &mut Console<'_>,
) -> (u8, Vec<Value>) {
    let Some(t) = &learned.transducer else {
        return (exit::DISAGREE, Vec::new());
    };
    let this = Modelled {
        setup,
        transducer: t,
    };
    let proved = |l: &Learned| matches!(l.proof, Some((Checked::Holds, ..)));
    let mut code = exit::OK;
    let mut answers = Vec::new();
    let mut worst = |(c, answer): (u8, Value)| {
        if c != exit::OK {
            code = c;
        }
        answers.push(answer);
    };
    let phase = |what: &str| {
        if let Some(s) = &setup.status {
            s.enter(format!("BEK's {what} question"));
        }
    };
    if let Some(other) = &args.equivalent {
        phase("equivalence");
        worst(equivalence(args, setup, learned, other, limits, console));
    }
    if let View::EchoOr { reject, .. } = &learned.view {
        if args.idempotent {
            phase("idempotence");
            worst(echo_idempotence(setup, reject, limits, console));
        }
        if args.commutes_with.is_some() {
            // Chaining needs what each program writes, symbol by symbol; an
            // automaton of the echo view only says which of two it writes.
            let why = "commutation is decided on transducers of the output; this program was learned as validate-then-echo";
            let _ = writeln!(console.out, "commutation: no answer ({why})");
            worst((
                exit::OK,
                json!({ "question": "commutation", "result": "unknown", "why": why }),
            ));
        }
        return (code, answers);
    }
    if args.idempotent {
        phase("idempotence");
        let answer = ask(&[this, this], &[this], setup.io.bits, limits);
        let file = args.file.display();
        worst(report(
            "idempotence",
            &format!("running {file} on its own output changes nothing"),
            &answer,
            proved(learned),
            limits,
            |input, (twice, once)| {
                vec![
                    format!("  {file} writes {}", shown(once)),
                    format!("  {file} run on that writes {}", shown(twice)),
                    shortest(input),
                ]
            },
            console,
        ));
    }
    if let Some(other) = &args.commutes_with {
        phase("commutation");
        let other_setup = same_io(setup, other);
        worst(commutation(
            args,
            this,
            proved(learned),
            &other_setup,
            limits,
            console,
        ));
    }
    (code, answers)
}

/// `--idempotent` on a program learned as validate-then-echo: it writes
/// its input or the string R, so running it on its own output changes
/// nothing as soon as it writes R on R — one run of the program. Holds
/// as far as the automaton was checked.
fn echo_idempotence(
    setup: &Setup<'_>,
    reject: &[u32],
    limits: &Limits,
    console: &mut Console<'_>,
) -> (u8, Value) {
    let out = &mut console.out;
    let shown_r = show_symbols(&symbols(reject));
    match lore_transducer::compare::output_of(setup, reject) {
        Ok(written) if written == reject => {
            let how = format!(
                "validate, then echo: the program writes its input or {shown_r}, and on {shown_r} it writes {shown_r} (run)"
            );
            let _ = writeln!(
                out,
                "idempotence: yes, on every input of at most {} symbols ({how}); the automaton is checked only that far",
                limits.bound
            );
            (
                exit::OK,
                json!({
                    "question": "idempotence",
                    "result": "holds",
                    "how": how,
                    "bound": limits.bound,
                }),
            )
        }
        Ok(written) => {
            let why = format!(
                "on {shown_r} the program writes {}, neither {shown_r} nor its input: outside the class",
                show_symbols(&symbols(&written))
            );
            let _ = writeln!(out, "idempotence: no answer ({why})");
            (
                exit::OK,
                json!({ "question": "idempotence", "result": "unknown", "why": why }),
            )
        }
        Err(e) => {
            let why = format!("the program could not be run on {shown_r}: {e}");
            let _ = writeln!(out, "idempotence: no answer ({why})");
            (
                exit::OK,
                json!({ "question": "idempotence", "result": "unknown", "why": why }),
            )
        }
    }
}

/// `--commutes-with OTHER`: OTHER is learned too, then the two orders
/// compared on the transducers.
fn commutation(
    args: &TransducerArgs,
    this: Modelled<'_>,
    this_proved: bool,
    other: &Setup<'_>,
    limits: &Limits,
    console: &mut Console<'_>,
) -> (u8, Value) {
    let unanswered =
        |why: &str| json!({ "question": "commutation", "result": "unknown", "why": why });
    if let Err(code) = load_file(other.path, &args.frontend, console) {
        return (code, unanswered("the other program does not load"));
    }
    let (file, other_name) = (args.file.display(), other.path.display());
    let learned = match learn(other, limits) {
        Ok(l) => l,
        Err(e) => {
            let _ = writeln!(console.err, "error: {other_name}: {e}");
            return (exit::BAD_INPUT, unanswered(&e.to_string()));
        }
    };
    let (Outcome::Learned, Some(t)) = (&learned.outcome, &learned.transducer) else {
        let why = match &learned.outcome {
            Outcome::NotLearned(why) => why.clone(),
            Outcome::Learned => "no transducer".into(),
        };
        let _ = writeln!(
            console.out,
            "commutation: no answer: {other_name}'s transducer was not learned ({why})"
        );
        return (exit::DISAGREE, unanswered(&format!("not learned: {why}")));
    };
    let _ = writeln!(
        console.out,
        "{other_name}: learned, {} state{}, {} conjecture{}, {:.2} s",
        t.states.len(),
        if t.states.len() == 1 { "" } else { "s" },
        learned.conjectures,
        if learned.conjectures == 1 { "" } else { "s" },
        learned.learning_seconds
    );
    let that = Modelled {
        setup: other,
        transducer: t,
    };
    let answer = ask(&[this, that], &[that, this], this.setup.io.bits, limits);
    let proved = this_proved && matches!(learned.proof, Some((Checked::Holds, ..)));
    report(
        "commutation",
        &format!("{file} and {other_name} commute"),
        &answer,
        proved,
        limits,
        |input, (this_then_that, that_then_this)| {
            vec![
                format!(
                    "  {other_name} after {file} writes {}",
                    shown(this_then_that)
                ),
                format!(
                    "  {file} after {other_name} writes {}",
                    shown(that_then_this)
                ),
                shortest(input),
            ]
        },
        console,
    )
}

/// Prints the answer to a question decided on transducers: a difference
/// the programs show, a proof for every length, or how far it holds.
#[allow(clippy::too_many_arguments)]
fn report(
    question: &str,
    claim: &str,
    answer: &Answer,
    transducers_proved: bool,
    limits: &Limits,
    difference: impl Fn(&[u32], &(Vec<u32>, Vec<u32>)) -> Vec<String>,
    console: &mut Console<'_>,
) -> (u8, Value) {
    let out = &mut console.out;
    let d = &answer.decision;
    let seconds = d.seconds;
    if let (Some(input), Some(outputs)) = (answer.differs(), &answer.confirmed) {
        let _ = writeln!(out, "{question}: no, {}", show_input(&symbols(input)));
        for line in difference(input, outputs) {
            let _ = writeln!(out, "{line}");
        }
        let value = json!({
            "question": question,
            "result": "differs",
            "input": input,
            "outputs": [outputs.0, outputs.1],
            "seconds": seconds,
        });
        return (exit::DISAGREE, value);
    }
    if let Some(input) = d.witness() {
        let _ = writeln!(
            out,
            "{question}: no answer: the transducers differ {} but the programs run on it do not (or could not be run); a transducer is wrong beyond what was checked",
            show_input(&symbols(input))
        );
        let value = json!({
            "question": question,
            "result": "unknown",
            "why": "the transducers differ where the programs do not",
            "input": input,
        });
        return (exit::OK, value);
    }
    if let Some(Checked::Unknown(why)) = &d.bounded {
        let _ = writeln!(out, "{question}: no answer ({why})");
        return (
            exit::OK,
            json!({ "question": question, "result": "unknown", "why": why }),
        );
    }
    let how = match (&d.proof, &d.explored) {
        (Some((Checked::Holds, induction)), _) => Some(proved_by(induction.as_ref())),
        (_, Some(Explored::Equal { configurations })) => Some(format!(
            "exploring every configuration the transducers reach: {configurations}"
        )),
        _ => None,
    };
    let value = match (how, transducers_proved) {
        (Some(how), true) => {
            let _ = writeln!(
                out,
                "{question}: yes, {claim}, on every input of every length (decided on the transducers by {how}, {seconds:.2} s; they are proved equal to the programs)"
            );
            json!({ "question": question, "result": "holds", "how": how, "seconds": seconds })
        }
        (Some(how), false) => {
            let _ = writeln!(
                out,
                "{question}: yes on the learned transducers, for every length ({how}, {seconds:.2} s); but a transducer is checked against its program only up to {} symbols",
                limits.bound
            );
            json!({
                "question": question,
                "result": "holds on the transducers",
                "how": how,
                "bound": limits.bound,
                "seconds": seconds,
            })
        }
        (None, _) => {
            let mut why: Vec<String> = Vec::new();
            if let Some((Checked::Unknown(w), _)) = &d.proof {
                why.push(w.clone());
            }
            if let Some(Explored::GaveUp(w)) = &d.explored {
                why.push(w.clone());
            }
            let why = why.join("; ");
            match d.bounded {
                Some(Checked::Holds) => {
                    let _ = writeln!(
                        out,
                        "{question}: {claim} on every input of at most {} symbols (on the transducers); not proved for every length ({why})",
                        d.bound
                    );
                    json!({ "question": question, "result": "bounded", "bound": d.bound, "why": why, "seconds": seconds })
                }
                _ => {
                    let _ = writeln!(out, "{question}: no answer ({why})");
                    json!({ "question": question, "result": "unknown", "why": why })
                }
            }
        }
    };
    (exit::OK, value)
}

/// The witness's length: the decision tries shorter inputs first.
fn shortest(input: &[u32]) -> String {
    let n = input.len();
    format!(
        "  (no shorter input shows it: {n} symbol{})",
        if n == 1 { "" } else { "s" }
    )
}
