//! The BMC's language queries against an independent oracle: the concrete
//! interpreter run on every input of a small program gives the exact set of
//! failing words; membership answers, monitors and their retirement must
//! agree with it. A session's observed values (`bmc::session`) are checked
//! against the program written again in Rust.

use lore_bmc::interp::{Interpreter, Replay, SafetyChecks};
use lore_bmc::query::{Answer, ErrorQueries, Goal, Monitor};
use lore_bmc::symex::{Events, SymexOptions};
use lore_frontend::ir::{FunctionId, Program, PropertyKind, Terminator};
use std::collections::BTreeSet;

fn load(name: &str) -> Program {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cases/queries")
        .join(name);
    let loaded = lore_frontend::load(&path, &lore_frontend::FrontendOptions::default());
    loaded.program.expect("the case loads")
}

fn function(program: &Program, name: &str) -> FunctionId {
    FunctionId(
        program
            .functions
            .iter()
            .position(|f| f.name == name)
            .expect("the function exists") as u32,
    )
}

/// Letters for entering `a`, `b`, `c`, and with `branches` one per outcome
/// of every branch in `main`.
fn events(program: &Program, max_len: u32, branches: bool) -> Events {
    let mut e = Events {
        max_len,
        ..Events::default()
    };
    for name in ["a", "b", "c"] {
        e.function_entry
            .insert(function(program, name), e.letters.len() as u32);
        e.letters.push(name.to_string());
    }
    if branches {
        let main = function(program, "main");
        let body = program.function(main).body.as_ref().unwrap();
        for (i, block) in body.blocks.iter().enumerate() {
            if let Terminator::Branch { .. } = block.term {
                for outcome in [true, false] {
                    let id = lore_frontend::ir::BlockId(i as u32);
                    e.branch.insert((main, id, outcome), e.letters.len() as u32);
                    e.letters.push(format!("bb{i}.{outcome}"));
                }
            }
        }
    }
    e
}

fn options(events: Events) -> SymexOptions {
    SymexOptions {
        unwind: 4,
        check_kinds: vec![PropertyKind::LearnAssertion],
        events: Some(events),
        ..SymexOptions::default()
    }
}

/// The failing words of every run on four nondet booleans (the program's
/// only inputs), of at most `max_len` letters.
fn oracle(program: &Program, events: &Events) -> BTreeSet<Vec<u32>> {
    let mut words = BTreeSet::new();
    for bits in 0..16u8 {
        let inputs = (0..4).map(|k| vec![(bits >> k) & 1]).collect();
        let mut run = Interpreter::new(
            program,
            vec![PropertyKind::LearnAssertion],
            SafetyChecks::default(),
            inputs,
        )
        .with_events(events);
        if let Replay::Violated { .. } = run.run() {
            if run.word.len() <= events.max_len as usize {
                words.insert(run.word.clone());
            }
        }
    }
    words
}

fn is_yes(a: &Answer) -> bool {
    match a {
        Answer::Yes(_) => true,
        Answer::No => false,
        Answer::Unknown(why) => panic!("unknown answer: {why}"),
    }
}

/// A DFA accepting exactly `words` (a trie with a sink).
fn trie(words: &BTreeSet<Vec<u32>>, letters: usize) -> Monitor {
    let mut delta: Vec<Vec<usize>> = vec![vec![1; letters], vec![1; letters]];
    let mut accepting = vec![false, false];
    for w in words {
        let mut q = 0;
        for &a in w {
            if delta[q][a as usize] == 1 {
                delta.push(vec![1; letters]);
                accepting.push(false);
                let fresh = delta.len() - 1;
                delta[q][a as usize] = fresh;
            }
            q = delta[q][a as usize];
        }
        accepting[q] = true;
    }
    Monitor {
        initial: 0,
        accepting,
        delta,
    }
}

#[test]
fn membership_agrees_with_every_run() {
    let program = load("choices.c");
    for max_len in [3, 4] {
        let e = events(&program, max_len, false);
        let expected = oracle(&program, &e);
        assert_eq!(expected.len(), if max_len == 3 { 3 } else { 11 });
        let mut q = ErrorQueries::new(&program, options(e.clone())).unwrap();
        assert_eq!(q.unsupported(), None);
        // Every word over {a, b, c} up to the bound, and one letter too far.
        let mut words = vec![vec![]];
        for len in 1..=max_len as usize {
            let longer: Vec<Vec<u32>> = words
                .iter()
                .filter(|w: &&Vec<u32>| w.len() == len - 1)
                .flat_map(|w| (0..3).map(move |a| [w.clone(), vec![a]].concat()))
                .collect();
            words.extend(longer);
        }
        for w in &words {
            let answer = q.fails_after(w);
            assert_eq!(is_yes(&answer), expected.contains(w), "word {w:?}");
            if let Answer::Yes(run) = answer {
                assert_eq!(&run.word, w);
                assert!(!run.trace.is_empty());
            }
        }
        assert!(!is_yes(&q.fails_after(&[0, 0, 1, 2, 2])));
        assert!(!is_yes(&q.fails_after(&[7])));
        // One solver call per word; out-of-range words need none.
        assert_eq!(q.stats().solver_calls as usize, words.len());
    }
}

#[test]
fn branch_events_agree_with_every_run() {
    let program = load("choices.c");
    let e = events(&program, 16, true);
    let expected = oracle(&program, &e);
    assert_eq!(expected.len(), 11);
    let mut q = ErrorQueries::new(&program, options(e.clone())).unwrap();
    for w in &expected {
        assert!(is_yes(&q.fails_after(w)), "word {w:?}");
        // Neighbours: cut short, one letter changed, one letter more.
        let mut near = vec![w[..w.len() - 1].to_vec(), [w.clone(), vec![0]].concat()];
        for j in 0..w.len() {
            for a in 0..e.letters.len() as u32 {
                let mut v = w.clone();
                v[j] = a;
                near.push(v);
            }
        }
        for v in near {
            assert_eq!(
                is_yes(&q.fails_after(&v)),
                expected.contains(&v),
                "word {v:?}"
            );
        }
    }
}

#[test]
fn monitors_find_the_words_they_miss_and_retire() {
    let program = load("choices.c");
    let e = events(&program, 4, false);
    let expected = oracle(&program, &e);
    let mut q = ErrorQueries::new(&program, options(e.clone())).unwrap();
    // A monitor of the whole language leaves no failing word outside it.
    let exact = q.add_monitor(&trie(&expected, 3), Goal::Rejected);
    assert!(!is_yes(&q.find_failing(&[exact.active])));
    q.retire(exact);
    // Without one word, that word is the one found.
    let missing = expected.iter().nth(4).unwrap().clone();
    let mut fewer = expected.clone();
    fewer.remove(&missing);
    let partial = q.add_monitor(&trie(&fewer, 3), Goal::Rejected);
    match q.find_failing(&[partial.active]) {
        Answer::Yes(run) => assert_eq!(run.word, missing),
        other => panic!("expected the missing word, got {other:?}"),
    }
    // Asking for an accepted word of a monitor of one word finds it.
    let one: BTreeSet<Vec<u32>> = [missing.clone()].into();
    let accepted = q.add_monitor(&trie(&one, 3), Goal::Accepted);
    match q.find_failing(&[accepted.active]) {
        Answer::Yes(run) => assert_eq!(run.word, missing),
        other => panic!("expected the one word, got {other:?}"),
    }
    q.retire(partial);
    q.retire(accepted);
    // Retired monitors constrain nothing.
    assert!(is_yes(&q.find_failing(&[])));
    for w in &expected {
        assert!(is_yes(&q.fails_after(w)));
    }
}

#[test]
fn the_shortest_missing_word_is_found() {
    let program = load("choices.c");
    let e = events(&program, 4, false);
    let expected = oracle(&program, &e);
    let lengths: BTreeSet<usize> = expected.iter().map(Vec::len).collect();
    assert!(
        lengths.len() > 1,
        "the case has failing words of several lengths"
    );
    let mut q = ErrorQueries::new(&program, options(e.clone())).unwrap();
    // Leave out every word of the longest length and one shorter word at a
    // time: the word found must be the shorter one, whatever the solver
    // would pick first.
    let longest = *lengths.iter().max().unwrap();
    for short in expected.iter().filter(|w| w.len() < longest) {
        let kept: BTreeSet<Vec<u32>> = expected
            .iter()
            .filter(|w| w.len() < longest && *w != short)
            .cloned()
            .collect();
        let monitor = q.add_monitor(&trie(&kept, 3), Goal::Rejected);
        match q.find_shortest_failing(&[monitor.active]) {
            Answer::Yes(run) => assert_eq!(&run.word, short),
            other => panic!("expected {short:?}, got {other:?}"),
        }
        q.retire(monitor);
    }
    // With nothing missing, nothing is found.
    let all = q.add_monitor(&trie(&expected, 3), Goal::Rejected);
    assert!(!is_yes(&q.find_shortest_failing(&[all.active])));
}

/// g as it is where check `a` (0) or `b` (1) of `observed.c` fails on
/// input `x`, or `None` where that check does not fail.
fn observed_reference(x: u8, check: usize) -> Option<[u32; 4]> {
    let x32 = u32::from(x);
    let mut g = [0u32; 4];
    for (i, v) in g.iter_mut().enumerate() {
        *v = (x32 >> i) & 3;
    }
    if x & 1 == 1 {
        g[0] = 7;
        if x >= 200 {
            return (check == 0).then_some(g);
        }
    }
    g[3] = g[1] + g[2];
    let limit = if x & 4 != 0 {
        g[2] = 9;
        100
    } else {
        150
    };
    (check == 1 && x >= limit).then_some(g)
}

/// A session's observed values against the reference on every input: for
/// each check and each value of each element of g, the solver finds an
/// input failing there with that value exactly where one exists, and its
/// replay fails that check.
#[test]
fn a_session_observes_globals_where_checks_fail() {
    use lore_bmc::session::Session;
    use lore_bmc::solver::SolveResult;
    use lore_bmc::ssa::Binary;
    use lore_bmc::symex::Observed;
    let program = load("observed.c");
    let g = program.global_by_name("g").expect("g");
    let options = SymexOptions {
        unwind: 5,
        observe: (0..4)
            .map(|i| Observed {
                global: g,
                low: 32 * i,
                width: 32,
            })
            .collect(),
        ..SymexOptions::default()
    };
    let mut session = Session::new(&program, options).unwrap();
    let names: Vec<String> = session
        .checks()
        .iter()
        .map(|c| c.description.clone())
        .collect();
    let mut found = 0;
    for (check, name) in ["a", "b"].iter().enumerate() {
        let index = names.iter().position(|d| d == name).expect("the check");
        for element in 0..4 {
            for value in 0..12u32 {
                let c = &session.checks()[index];
                let (violated, observed) = (c.violated, c.observed[element]);
                let terms = session.terms();
                let v = terms.constant(value.into(), 32);
                let equal = terms.binary(Binary::Eq, observed, v);
                let goal = terms.and(violated, equal);
                let lit = session.literal(goal);
                let exists = (0..=255u8)
                    .any(|x| observed_reference(x, check).is_some_and(|g| g[element] == value));
                match session.solve(&[lit]) {
                    SolveResult::Sat => {
                        assert!(exists, "{name}: g[{element}] = {value} claimed");
                        let witness = session.witness();
                        let x = witness
                            .inputs
                            .iter()
                            .find(|i| i.0.starts_with("nondet"))
                            .expect("x is read")
                            .2[0];
                        assert_eq!(
                            observed_reference(x, check).map(|g| g[element]),
                            Some(value),
                            "{name}: the model's input {x}"
                        );
                        let (replay, _) = session.replay(&program, &witness, Vec::new());
                        assert!(
                            matches!(&replay, Replay::Violated { name: n, .. } if n == &session.checks()[index].name),
                            "{replay:?}"
                        );
                        found += 1;
                    }
                    SolveResult::Unsat => assert!(!exists, "{name}: g[{element}] = {value} missed"),
                    SolveResult::Unknown => panic!("the solver gave up"),
                }
            }
        }
    }
    assert!(found > 10, "{found} values found");
}
