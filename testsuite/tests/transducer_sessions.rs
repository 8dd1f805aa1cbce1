//! Sigma*'s questions answered two ways must agree: in a session (the
//! prefix executed once, each question a circuit over the step's observed
//! values and one solver call) and with the question as data of the
//! harness (one bounded model checking run each). Every "yes" is run
//! concretely and must be what was asked.

use lore_transducer::harness::{io_shape, load, query_harness, Io};
use lore_transducer::model::{Guard, Term};
use lore_transducer::oracle::{agrees, Mode, Oracle, OracleError, Values};
use std::path::Path;

fn oracle(path: &Path, sessions: bool, run_first: bool) -> Oracle {
    let io = Io {
        bits: 4,
        ..Io::default()
    };
    let frontend = Default::default();
    let shape = io_shape(path, &frontend, &io).unwrap();
    let text = query_harness(&io, &shape);
    let harnessed = load(path, &frontend, &io, &shape, text).unwrap();
    let options = lore_bmc::symex::SymexOptions {
        unwinding_assertions: true,
        ..Default::default()
    };
    let mut o = Oracle::new(harnessed, options, 4).unwrap();
    o.use_sessions = sessions;
    o.run_first = run_first;
    o
}

fn any() -> Values {
    Values {
        symbols: Guard::full(4),
        end: true,
    }
}

/// The questions: prefixes of single symbols with a set at the current
/// position, and tapes with a set before it.
fn tapes() -> Vec<Vec<Values>> {
    let sets = [
        any(),
        Values::of(Guard::interval(0, 7)),
        Values::of(Guard::single(5).union(&Guard::interval(9, 12))),
        Values::of(Guard::single(7)).clone(),
    ];
    let mut out = Vec::new();
    for prefix in [vec![], vec![3], vec![0, 5], vec![3, 12]] {
        for set in &sets {
            let mut t: Vec<Values> = prefix.iter().map(|&v| Values::symbol(v)).collect();
            t.push(set.clone());
            out.push(t);
        }
    }
    out.push(vec![Values::of(Guard::interval(0, 4)), any()]);
    out.push(vec![
        Values::symbol(3),
        Values::of(Guard::interval(6, 8)),
        Values::of(Guard::interval(7, 15)),
    ]);
    out
}

fn expectations() -> Vec<Vec<(Values, Vec<Term>)>> {
    let sym = |back, offset| Term::Symbol { back, offset };
    vec![
        vec![
            (Values::of(Guard::full(4)), vec![sym(0, 0)]),
            (Values::end(), vec![Term::Const(15)]),
        ],
        vec![
            (Values::of(Guard::interval(0, 7)), vec![sym(0, 1)]),
            (
                Values::of(Guard::interval(8, 15)),
                vec![sym(0, 0), sym(0, 0)],
            ),
        ],
        vec![
            (Values::of(Guard::single(5)), vec![sym(1, 0)]),
            (Values::of(Guard::full(4).minus(&Guard::single(5))), vec![]),
        ],
        vec![(
            Values::of(Guard::full(4)),
            vec![Term::Hex {
                back: 0,
                nibble: 0,
                upper: false,
            }],
        )],
        vec![(
            Values::of(Guard::full(4)),
            vec![Term::Decimal { back: 1, place: 0 }],
        )],
        vec![(Values::of(Guard::interval(9, 9)), vec![sym(2, 0)])],
    ]
}

/// What an answer says, for comparing the two ways.
fn summary(r: &Result<Option<Vec<i64>>, OracleError>) -> String {
    match r {
        Ok(Some(_)) => "yes".into(),
        Ok(None) => "no".into(),
        Err(OracleError::Program { what, .. }) => format!("program: {what}"),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn questions_in_a_session_agree_with_questions_as_data() {
    let small = Path::new("cases/transducer-small");
    for name in [
        "shift_or_double",
        "toggle",
        "previous_on_five",
        "floods_on_seven",
    ] {
        let path = small.join(format!("{name}.c"));
        let mut session = oracle(&path, true, false);
        let mut data = oracle(&path, false, false);
        // As the learner asks: running first, then the session.
        let mut running = oracle(&path, true, true);
        let mut asked = 0;
        let mut by_running = 0;
        let mut yes = 0;
        let mut errors = 0;
        for tape in tapes() {
            let mut questions = vec![(Mode::Ends, Vec::new())];
            for e in expectations() {
                questions.push((Mode::Differs, e.clone()));
                questions.push((Mode::Agrees, e));
            }
            for (mode, expect) in questions {
                let a = session.find(&tape, mode, &expect);
                let b = data.find(&tape, mode, &expect);
                assert_eq!(
                    summary(&a),
                    summary(&b),
                    "{name}: {tape:?} {mode:?} {expect:?}"
                );
                // Running first answers as the solver does, except that
                // a difference it finds may come before a failure of the
                // program that the solver would name (both are inputs
                // of the question's sets, checked below and above).
                let calls = running.solver_calls;
                let c = running.find(&tape, mode, &expect);
                match (&c, &a) {
                    (Ok(Some(_)), Err(OracleError::Program { .. })) => {}
                    _ => assert_eq!(
                        summary(&c),
                        summary(&a),
                        "{name}: {tape:?} {mode:?} {expect:?}"
                    ),
                }
                if let Ok(Some(input)) = &c {
                    assert!(tape.iter().zip(input).all(|(v, &x)| v.holds(x)));
                    let output = running.run(input).unwrap().output;
                    assert!(mode != Mode::Differs || !agrees(&expect, input, &output, 4));
                    if mode == Mode::Differs && running.solver_calls == calls {
                        by_running += 1;
                    }
                }
                asked += 1;
                if let Err(OracleError::Program { input, .. }) = &a {
                    errors += 1;
                    // The input the error names makes it, run concretely.
                    assert!(session.run(input).is_err(), "{name}: {input:?}");
                }
                let Ok(Some(input)) = a else { continue };
                yes += 1;
                // The answer is an input in the question's sets whose
                // step, run concretely, is what was asked.
                assert_eq!(input.len(), tape.len());
                for (&x, values) in input.iter().zip(&tape) {
                    assert!(values.holds(x), "{name}: {input:?} outside {tape:?}");
                }
                let output = session.run(&input).unwrap().output;
                match mode {
                    Mode::Ends => {}
                    Mode::Differs => assert!(!agrees(&expect, &input, &output, 4)),
                    Mode::Agrees => assert!(agrees(&expect, &input, &output, 4)),
                }
            }
        }
        eprintln!(
            "{name}: {asked} asked, {yes} yes, {errors} errors, {} sessions; running first: {by_running} answered by running, {} solver calls against {}",
            session.sessions_made, running.solver_calls, session.solver_calls
        );
        assert!(session.sessions_made > 0 && data.sessions_made == 0);
        // Most differences are found by running, and only differences.
        assert!(
            by_running > 0 && running.solver_calls < session.solver_calls,
            "{name}: {by_running} answered by running, {} solver calls against {}",
            running.solver_calls,
            session.solver_calls
        );
        assert!(yes > asked / 10 && yes < asked, "{name}: {yes} of {asked}");
        if name == "floods_on_seven" {
            assert!(errors > 0, "the flood after 3 7 is found");
        }
    }
}
