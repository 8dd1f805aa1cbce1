//! `lore learn` and `lore check-language` as a user runs them: each case
//! under `cases/learn` states its options in a header; the learned DOT is a
//! snapshot and must pass the independent language check at its bounds.

mod common;
use common::{header, path_in, run_lore, temp_folder};

/// The `--unwind` and `--max-word-length` values of a header.
fn bounds(flags: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, f) in flags.iter().enumerate() {
        if matches!(
            f.as_str(),
            "--unwind" | "--max-word-length" | "--events" | "--assert"
        ) {
            out.push(f.clone());
            out.push(flags[i + 1].clone());
        }
    }
    out
}

#[test]
fn learned_automata_pass_the_language_check() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/cases/learn");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c"))
        .collect();
    names.sort();
    assert!(names.len() >= 4);
    let folder = temp_folder();
    for name in names {
        let path = format!("cases/learn/{name}");
        let text = std::fs::read_to_string(&path).unwrap();
        let flags: Vec<String> = header(&text, "lore")
            .iter()
            .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .collect();
        let dot = path_in(&folder, &format!("{name}.dot"));
        let mut args = vec![
            "learn".into(),
            path.clone(),
            "--quiet".into(),
            "-o".into(),
            dot.clone(),
        ];
        args.extend(flags.iter().cloned());
        let (code, out, err) = run_lore(&args);
        assert_eq!(code, 0, "{name}: {err}");
        let drawing = std::fs::read_to_string(&dot).unwrap();
        insta::assert_snapshot!(name.clone(), drawing);
        if name == "empty_language.c" {
            assert!(out.contains("the language of error is empty"), "{out}");
        }
        let mut check = vec!["check-language".into(), path.clone(), "--dfa".into(), dot];
        check.extend(bounds(&flags));
        let (code, out, err) = run_lore(&check);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(out.contains("the automaton agrees"), "{out}");
    }
}

#[test]
fn the_same_input_gives_the_same_automaton_and_counts() {
    let folder = temp_folder();
    let run = || {
        let json = path_in(&folder, "same.json");
        let (code, _, err) = run_lore(&[
            "learn".into(),
            "cases/learn/two_orders.c".into(),
            "--quiet".into(),
            "--json".into(),
            json.clone(),
        ]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(json).unwrap();
        // Two event letters, every answer known: L# gives the smallest DFA.
        assert!(text.contains("\"exactness\": \"exact\""), "{text}");
        // Everything but the times.
        text.lines()
            .filter(|l| !l.contains("\"seconds\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(run(), run());
}

#[test]
fn check_language_shows_the_disagreeing_words() {
    let folder = temp_folder();
    let dot = path_in(&folder, "loop.dot");
    let (code, _, err) = run_lore(&[
        "learn".into(),
        "cases/learn/loop_before_error.c".into(),
        "--quiet".into(),
        "--unwind".into(),
        "4".into(),
        "--max-word-length".into(),
        "6".into(),
        "-o".into(),
        dot.clone(),
    ]);
    assert_eq!(code, 0, "{err}");
    // At b = 3 the loop runs at most twice: `f f f g` no longer fails.
    let (code, out, _) = run_lore(&[
        "check-language".into(),
        "cases/learn/loop_before_error.c".into(),
        "--dfa".into(),
        dot,
        "--unwind".into(),
        "3".into(),
        "--max-word-length".into(),
        "6".into(),
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("spurious (accepted, no failing execution): f f f g Learn_Assert"),
        "{out}"
    );
}

#[test]
fn bad_learning_input_is_refused_clearly() {
    let (code, _, err) = run_lore(&["learn".into(), "cases/verify/switch_fallthrough.c".into()]);
    assert_eq!(code, 2);
    assert!(err.contains("the program has no `_Learn_assert`"), "{err}");
    let (code, _, err) = run_lore(&[
        "learn".into(),
        "cases/learn/two_orders.c".into(),
        "--events".into(),
        "open,nosuch".into(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`nosuch` is not a function of the program"),
        "{err}"
    );
    let (code, _, err) = run_lore(&["learn".into(), "cases/learn/no_such_file.c".into()]);
    assert_eq!(code, 2);
    assert!(err.contains("no such file"), "{err}");
}

#[test]
fn the_readme_example_learns() {
    let (code, out, err) = run_lore(&[
        "learn".into(),
        "../examples/error_after_loop.c".into(),
        "--unwind".into(),
        "4".into(),
        "--max-word-length".into(),
        "8".into(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("q0 --step--> q1"), "{out}");
    assert!(
        out.contains("every error word contains: check, Learn_Assert"),
        "{out}"
    );
}

/// Does the automaton printed by `lore learn` (its `qA --x--> qB` edges,
/// `(error)` on accepting states) accept `word`?
fn printed_automaton_accepts(out: &str, word: &[&str]) -> bool {
    let mut edges = std::collections::HashMap::new();
    let mut accepting = std::collections::HashSet::new();
    for line in out.lines().map(str::trim) {
        let Some((from, rest)) = line.split_once(" --") else {
            continue;
        };
        let Some((letter, to)) = rest.split_once("--> ") else {
            continue;
        };
        let to_state = to.split_whitespace().next().unwrap_or("").to_string();
        if to.contains("(error)") {
            accepting.insert(to_state.clone());
        }
        edges.insert((from.to_string(), letter.to_string()), to_state);
    }
    let mut at = "q0".to_string();
    for letter in word {
        match edges.get(&(at.clone(), letter.to_string())) {
            Some(next) => at = next.clone(),
            None => return false,
        }
    }
    accepting.contains(&at)
}

/// Without bounds, the search must go deep enough for the path the example
/// is named after: `step` three times, then the check fails (b = 4). It
/// used to stop at b = 1, where no loop body runs.
#[test]
fn the_readme_example_without_bounds_finds_the_loop_path() {
    let (code, out, err) = run_lore(&["learn".into(), "../examples/error_after_loop.c".into()]);
    assert_eq!(code, 0, "{err}");
    let grown = ["step", "step", "step", "check", "Learn_Assert"];
    assert!(printed_automaton_accepts(&out, &grown), "{out}");
    let reset = ["reset", "check", "Learn_Assert"];
    assert!(printed_automaton_accepts(&out, &reset), "{out}");
    assert!(
        !printed_automaton_accepts(&out, &["check", "Learn_Assert"]),
        "{out}"
    );
    assert!(
        out.contains("the result is bounded: it leaves out executions that go round some loop"),
        "{out}"
    );
}

/// A call through a function pointer: the CFG search used to give up and
/// report "no path", and the search then claimed that no execution fails.
#[test]
fn a_call_through_a_pointer_is_not_an_empty_language() {
    let (code, out, err) = run_lore(&["learn".into(), "cases/learn/function_pointer.c".into()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        printed_automaton_accepts(&out, &["run", "a", "Learn_Assert"]),
        "{out}"
    );
    assert!(
        !printed_automaton_accepts(&out, &["run", "b", "Learn_Assert"]),
        "{out}"
    );
    assert!(out.contains("stopped (complete)"), "{out}");
}

/// An empty language is stated as a fact only when no execution is cut by
/// the bounds; with a loop that can always run longer it is bounded.
#[test]
fn an_empty_language_says_whether_it_is_bounded() {
    let (code, out, err) = run_lore(&["learn".into(), "cases/learn/empty_language.c".into()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the language of error is empty: no execution fails the assertion")
            || out.contains("the language of error is empty within the bounds"),
        "{out}"
    );
    let (code, out, err) = run_lore(&[
        "learn".into(),
        "cases/learn/never_fails_in_loop.c".into(),
        "--search-max-unwind".into(),
        "3".into(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the language of error is empty within the bounds"),
        "{out}"
    );
    assert!(
        out.contains("leaves out executions that go round some loop more than 2 times"),
        "{out}"
    );
}

/// A bound given alone is kept and the other searched (it used to be ignored).
#[test]
fn one_given_bound_is_kept() {
    let (code, out, err) = run_lore(&[
        "learn".into(),
        "../examples/error_after_loop.c".into(),
        "--unwind".into(),
        "2".into(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result at b=2,"), "{out}");
    let (code, out, err) = run_lore(&[
        "learn".into(),
        "../examples/error_after_loop.c".into(),
        "--max-word-length".into(),
        "5".into(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("b_wl=5 "), "{out}");
    assert!(!err.contains("b_wl=6"), "{err}");
}

/// The search's time budget (`--search-time`, also spelled `--budget`):
/// one too small for the first pair of bounds is an error that names it.
#[test]
fn the_search_budget_is_honoured_under_both_names() {
    for flag in ["--search-time", "--budget"] {
        let (code, out, err) = run_lore(&[
            "learn".into(),
            "../examples/error_after_loop.c".into(),
            flag.into(),
            "0.000001".into(),
        ]);
        assert_eq!(code, 2, "{flag}: {out}{err}");
        assert!(
            err.contains("the search's time budget ran out before learning at b = 1"),
            "{flag}: {err}"
        );
    }
}
