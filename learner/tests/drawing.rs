//! Post-processing and the DOT form, on small hand-made automata.

use lore_learner::draw::{read_dot, Drawing};
use lore_learner::text::read_dfa;

/// An error language: f* g assert (a loop of f, then g, then the assertion),
/// with the rejecting sink as state 3.
fn loop_then_error() -> lore_learner::dfa::Dfa {
    read_dfa("states 4 alphabet 3 initial 0\naccepting 2\n0 f 0\n0 g 1\n0 assert 3\n1 f 3\n1 g 3\n1 assert 2\n2 f 3\n2 g 3\n2 assert 3\n3 f 3\n3 g 3\n3 assert 3\n").unwrap()
}

#[test]
fn sink_removed_and_marks_exact() {
    let d = Drawing::new(&loop_then_error());
    assert_eq!((d.num_states(), d.num_edges()), (3, 3));
    let names: Vec<&str> = d
        .dominating_letters
        .iter()
        .map(|&a| d.dfa.alphabet().name(a))
        .collect();
    assert_eq!(names, ["g", "assert"]);
    assert!(!d.has_edges_leaving_acceptance());
    insta::assert_snapshot!(d.to_dot());
}

#[test]
fn two_ways_to_fail_share_only_the_assertion() {
    // (f | g) assert, and the accepting state loops on everything.
    let dfa = read_dfa("states 3 alphabet 3 initial 0\naccepting 2\n0 f 1\n0 g 1\n0 assert 0\n1 f 0\n1 g 0\n1 assert 2\n2 f 2\n2 g 2\n2 assert 2\n").unwrap();
    let d = Drawing::new(&dfa);
    let names: Vec<&str> = d
        .dominating_letters
        .iter()
        .map(|&a| d.dfa.alphabet().name(a))
        .collect();
    assert_eq!(names, ["assert"]);
    // Edges leave the accepting state, which the paper's stopping rule notices.
    assert!(d.has_edges_leaving_acceptance());
    insta::assert_snapshot!(d.to_dot());
}

#[test]
fn empty_language_says_so() {
    let dfa = read_dfa("states 1 alphabet 2 initial 0\naccepting\n0 f 0\n0 assert 0\n").unwrap();
    let d = Drawing::new(&dfa);
    assert!(d.empty);
    assert_eq!((d.num_states(), d.num_edges()), (1, 0));
    insta::assert_snapshot!(d.to_dot());
}

#[test]
fn dot_round_trips_and_svg_is_drawn() {
    let d = Drawing::new(&loop_then_error());
    let back = read_dot(&d.to_dot(), Some(d.dfa.alphabet())).unwrap();
    assert!(back.equivalent(&d.dfa));
    let svg = d.to_svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches("<circle").count(),
        3 + 1,
        "three states, one of them a double circle"
    );
}

#[test]
fn doomed_states_cannot_escape_the_error() {
    // f (f | g) is accepted; after f, every letter leads to acceptance.
    let dfa = read_dfa("states 4 alphabet 2 initial 0\naccepting 2\n0 f 1\n0 g 3\n1 f 2\n1 g 2\n2 f 3\n2 g 3\n3 f 3\n3 g 3\n").unwrap();
    let d = Drawing::new(&dfa);
    assert_eq!(d.doomed, vec![false, true, true]);
}
