//! Properties of the DFA operations on random automata, checked against
//! brute force over all short words.

mod common;
use common::{all_words, random_dfa, random_upto, SplitMix};

#[test]
fn boolean_operations_match_brute_force() {
    let mut rng = SplitMix(1);
    for _ in 0..200 {
        let (n1, n2, k) = (
            1 + rng.below(6) as usize,
            1 + rng.below(6) as usize,
            1 + rng.below(3) as usize,
        );
        let a = random_dfa(&mut rng, n1, k);
        let b = random_dfa(&mut rng, n2, k);
        let (i, u, d, x, c) = (
            a.intersection(&b),
            a.union(&b),
            a.difference(&b),
            a.symmetric_difference(&b),
            a.complement(),
        );
        for w in all_words(k, 5) {
            let (p, q) = (a.accepts(&w), b.accepts(&w));
            assert_eq!(i.accepts(&w), p && q);
            assert_eq!(u.accepts(&w), p || q);
            assert_eq!(d.accepts(&w), p && !q);
            assert_eq!(x.accepts(&w), p != q);
            assert_eq!(c.accepts(&w), !p);
        }
    }
}

#[test]
fn symmetric_difference_is_empty_iff_equivalent() {
    let mut rng = SplitMix(2);
    for _ in 0..300 {
        let k = 1 + rng.below(3) as usize;
        let a = random_upto(&mut rng, 5, k);
        // Half the time compare with a re-encoded copy of the same language.
        let b = if rng.below(2) == 0 {
            a.minimize().complement().complement()
        } else {
            random_upto(&mut rng, 5, k)
        };
        let empty = a.symmetric_difference(&b).is_empty_language();
        assert_eq!(empty, a.equivalent(&b));
        // Minimal DFAs of equal languages are identical.
        assert_eq!(empty, a.minimize() == b.minimize());
        match a.equivalence_counterexample(&b) {
            None => assert!(empty),
            Some(w) => {
                assert_ne!(a.accepts(&w), b.accepts(&w));
                // Shortlex-least: no earlier word distinguishes them.
                let earlier = all_words(k, w.len())
                    .into_iter()
                    .take_while(|v| *v != w)
                    .find(|v| a.accepts(v) != b.accepts(v));
                assert_eq!(earlier, None);
            }
        }
    }
}

#[test]
fn inclusion_counterexamples_are_in_the_difference() {
    let mut rng = SplitMix(3);
    for _ in 0..200 {
        let k = 2;
        let a = random_upto(&mut rng, 5, k);
        let b = random_upto(&mut rng, 5, k);
        match a.inclusion_counterexample(&b) {
            None => assert!(all_words(k, 6)
                .iter()
                .all(|w| !a.accepts(w) || b.accepts(w))),
            Some(w) => assert!(a.accepts(&w) && !b.accepts(&w)),
        }
    }
}

#[test]
fn minimization_preserves_the_language_and_is_minimal() {
    let mut rng = SplitMix(4);
    for _ in 0..200 {
        let k = 1 + rng.below(3) as usize;
        let a = random_upto(&mut rng, 8, k);
        let m = a.minimize();
        assert!(m.equivalent(&a));
        for w in all_words(k, 5) {
            assert_eq!(m.accepts(&w), a.accepts(&w));
        }
        // Minimal: every state reachable, and any two states distinguishable.
        assert!(m.reachable().iter().all(|&r| r));
        for p in m.states() {
            for q in m.states().skip(p.index() + 1) {
                let (mut x, mut y) = (m.clone(), m.clone());
                x.set_initial(p);
                y.set_initial(q);
                assert!(!x.equivalent(&y), "states {p} and {q} are equivalent");
            }
        }
        assert_eq!(m.minimize(), m);
    }
}

#[test]
fn trimming_counting_and_shortest_words() {
    let mut rng = SplitMix(5);
    for _ in 0..200 {
        let k = 1 + rng.below(3) as usize;
        let a = random_upto(&mut rng, 6, k);
        let t = a.trim();
        assert!(t.equivalent(&a));
        let words = all_words(k, 5);
        for len in 0..=5 {
            let brute = words
                .iter()
                .filter(|w| w.len() == len && a.accepts(w))
                .count() as u128;
            assert_eq!(a.count_accepted_by_length(5)[len], brute);
        }
        assert_eq!(
            a.count_accepted_up_to(5),
            words.iter().filter(|w| a.accepts(w)).count() as u128
        );
        let first = words.iter().find(|w| a.accepts(w)).cloned();
        match a.shortest_accepted() {
            Some(w) if w.len() <= 5 => assert_eq!(Some(w), first),
            _ => assert_eq!(first, None),
        }
    }
}

#[test]
fn text_format_round_trips() {
    let mut rng = SplitMix(6);
    for _ in 0..50 {
        let k = 1 + rng.below(3) as usize;
        let a = random_upto(&mut rng, 6, k);
        let text = lore_learner::text::write_dfa(&a);
        let b = lore_learner::text::read_dfa(&text).unwrap();
        assert_eq!(a, b);
    }
}
