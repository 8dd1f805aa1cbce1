use super::*;

fn alphabet(names: &[&str]) -> Arc<Alphabet> {
    Arc::new(Alphabet::new(names.iter().map(|s| s.to_string()).collect()))
}

fn word(letters: &[u16]) -> Word {
    letters.iter().map(|&l| Letter::from(l)).collect()
}

/// A DFA over `letters` letters from its states' acceptance and its
/// transitions `(source, letter, target)`, initial state 0.
fn dfa(names: &[&str], accepting: &[bool], edges: &[(usize, u16, usize)]) -> Dfa {
    let mut d = Dfa::new(alphabet(names), accepting.len(), State::new(0));
    for (s, &a) in accepting.iter().enumerate() {
        d.set_accepting(State::new(s), a);
    }
    for &(s, a, t) in edges {
        d.set_next(State::new(s), Letter::from(a), State::new(t));
    }
    d
}

/// Words over {a, b} with an even number of a's.
fn even_a() -> Dfa {
    dfa(
        &["a", "b"],
        &[true, false],
        &[(0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 1, 1)],
    )
}

/// Words over {a, b} ending with b.
fn ends_b() -> Dfa {
    dfa(
        &["a", "b"],
        &[false, true],
        &[(0, 0, 0), (0, 1, 1), (1, 0, 0), (1, 1, 1)],
    )
}

#[test]
fn letters_and_states_convert_only_when_they_fit() {
    assert_eq!(Letter::new(3).index(), 3);
    assert_eq!(u16::from(Letter::from(7)), 7);
    assert!(Letter::try_from(MAX_LETTERS - 1).is_ok());
    assert!(Letter::try_from(MAX_LETTERS).is_err());
    assert!(Letter::try_from(u32::from(u16::MAX) + 1).is_err());
    assert_eq!(State::new(5).index(), 5);
    assert_eq!(State::new(5).to_string(), "5");
    assert_eq!(
        Letter::all(3).map(Letter::index).collect::<Vec<_>>(),
        [0, 1, 2]
    );
}

#[test]
#[should_panic(expected = "letter index 65536 does not fit")]
fn a_letter_index_too_large_is_refused() {
    Letter::new(MAX_LETTERS);
}

#[test]
#[should_panic(expected = "does not fit")]
fn the_sink_is_not_a_state_index() {
    State::new(u32::MAX as usize);
}

#[test]
fn products_follow_the_boolean_operations() {
    let (x, y) = (even_a(), ends_b());
    for w in [
        word(&[]),
        word(&[0]),
        word(&[1]),
        word(&[0, 1]),
        word(&[0, 0, 1]),
        word(&[1, 0]),
    ] {
        assert_eq!(
            x.intersection(&y).accepts(&w),
            x.accepts(&w) && y.accepts(&w)
        );
        assert_eq!(x.union(&y).accepts(&w), x.accepts(&w) || y.accepts(&w));
        assert_eq!(
            x.difference(&y).accepts(&w),
            x.accepts(&w) && !y.accepts(&w)
        );
        assert_eq!(
            x.symmetric_difference(&y).accepts(&w),
            x.accepts(&w) != y.accepts(&w)
        );
        assert_eq!(x.complement().accepts(&w), !x.accepts(&w));
    }
}

#[test]
fn counterexamples_are_shortlex_least() {
    let (x, y) = (even_a(), ends_b());
    // ε: x accepts, y rejects.
    assert_eq!(x.equivalence_counterexample(&y), Some(word(&[])));
    // x \ y: even a's, not ending with b: ε.
    assert_eq!(x.inclusion_counterexample(&y), Some(word(&[])));
    // y \ x: ends with b, odd a's: "a b".
    assert_eq!(y.inclusion_counterexample(&x), Some(word(&[0, 1])));
    assert_eq!(y.shortest_accepted(), Some(word(&[1])));
}

#[test]
fn minimize_and_count() {
    let x = even_a();
    // A redundant copy: four states, same language.
    let big = dfa(
        &["a", "b"],
        &[true, false, true, false],
        &[
            (0, 0, 1),
            (0, 1, 2),
            (1, 0, 2),
            (1, 1, 3),
            (2, 0, 3),
            (2, 1, 0),
            (3, 0, 0),
            (3, 1, 1),
        ],
    );
    let m = big.minimize();
    assert_eq!(m.num_states(), 2);
    assert!(m.equivalent(&x));
    assert_eq!(m, x.minimize());
    // Words with an even number of a's of length 0..3: 1, 1, 2, 4.
    assert_eq!(x.count_accepted_by_length(3), vec![1, 1, 2, 4]);
    assert_eq!(x.count_accepted_up_to(3), 8);
}

#[test]
fn pruning_keeps_the_short_words_and_drops_unused_edges() {
    // ends_b accepts every word ending in b: a loop on each state.
    let y = ends_b();
    for max in 0..5 {
        let p = y.prune_beyond(max).minimize();
        for len in 0..=max + 2 {
            for bits in 0..(1u32 << len) {
                let w: Word = (0..len)
                    .map(|i| Letter::new(((bits >> i) & 1) as usize))
                    .collect();
                if w.len() <= max {
                    assert_eq!(p.accepts(&w), y.accepts(&w), "max {max}, word {w:?}");
                } else {
                    assert!(!p.accepts(&w) || y.accepts(&w), "max {max}, word {w:?}");
                }
            }
        }
    }
    // `a b*` up to length 1 is just `a`: the loop on b goes.
    let d = dfa(
        &["a", "b"],
        &[false, true, false],
        &[
            (0, 0, 1),
            (0, 1, 2),
            (1, 0, 2),
            (1, 1, 1),
            (2, 0, 2),
            (2, 1, 2),
        ],
    );
    let p = d.prune_beyond(1).minimize();
    assert!(p.accepts(&word(&[0])) && !p.accepts(&word(&[0, 1])));
    assert_eq!(p.trim().num_transitions(), 1);
}

#[test]
fn trim_drops_dead_states() {
    let y = ends_b();
    let mut d = y.complete();
    let dead = d.add_state(false);
    d.set_next(State::new(0), Letter::new(0), dead);
    for a in d.letters() {
        d.set_next(dead, a, dead);
    }
    let t = d.trim();
    assert_eq!(t.num_states(), 2);
    assert!(t.equivalent(&d));
    assert!(!t.is_complete());
}
