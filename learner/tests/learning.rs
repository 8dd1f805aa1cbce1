//! Every algorithm learns random targets exactly through a perfect teacher;
//! with a teacher that does not know long words, L# and the SAT search learn
//! a smallest automaton consistent with every known answer.

mod common;
use common::{all_words, random_dfa, SplitMix};
use lore_learner::consistent::minimal_consistent_dfa;
use lore_learner::dfa::Word;
use lore_learner::teacher::DfaTeacher;
use lore_learner::{learn, Algorithm, LearnConfig};

#[test]
fn every_algorithm_learns_random_targets_exactly() {
    let mut rng = SplitMix(10);
    for round in 0..40 {
        let n = 1 + rng.below(14) as usize;
        let k = 1 + rng.below(4) as usize;
        let target = random_dfa(&mut rng, n, k);
        let minimal = target.minimize();
        for algorithm in Algorithm::ALL {
            if algorithm == Algorithm::MinimalConsistent && minimal.num_states() > 6 {
                continue; // equivalence queries only: slow on larger targets
            }
            let mut teacher = DfaTeacher::new(target.clone());
            let learned = learn(&mut teacher, &LearnConfig::new(algorithm));
            assert!(
                learned.dfa.equivalent(&target),
                "round {round}: {} learned a wrong language",
                algorithm.name()
            );
            assert_eq!(
                learned.dfa.num_states(),
                minimal.num_states(),
                "round {round}: {} is not minimal",
                algorithm.name()
            );
            assert!(learned.stats.equivalence >= 1);
            assert!(learned.stats.membership_cached <= learned.stats.membership_asked);
        }
    }
}

#[test]
fn learning_is_deterministic() {
    let mut rng = SplitMix(11);
    let target = random_dfa(&mut rng, 12, 3);
    for algorithm in Algorithm::ALL {
        let run = || {
            let mut teacher = DfaTeacher::new(target.clone());
            learn(&mut teacher, &LearnConfig::new(algorithm))
        };
        let (a, b) = (run(), run());
        assert_eq!(a.dfa, b.dfa);
        assert_eq!(a.stats, b.stats);
        let cexs = |l: &lore_learner::Learned| {
            l.rounds
                .iter()
                .map(|r| r.counterexample.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(cexs(&a), cexs(&b));
    }
}

#[test]
fn unknown_answers_give_a_smallest_consistent_automaton() {
    let mut rng = SplitMix(12);
    for round in 0..40 {
        let k = 1 + rng.below(2) as usize;
        let n = 2 + rng.below(6) as usize;
        let target = random_dfa(&mut rng, n, k);
        let bound = 1 + rng.below(4) as usize;
        let labelled: Vec<(Word, bool)> = all_words(k, bound)
            .into_iter()
            .map(|w| {
                let l = target.accepts(&w);
                (w, l)
            })
            .collect();
        let smallest =
            minimal_consistent_dfa(target.alphabet_arc().clone(), &labelled, 1).num_states();
        for algorithm in [Algorithm::LSharp, Algorithm::MinimalConsistent] {
            let mut teacher = DfaTeacher::bounded(target.clone(), bound);
            let learned = learn(&mut teacher, &LearnConfig::new(algorithm));
            for (w, l) in &labelled {
                assert_eq!(
                    learned.dfa.accepts(w),
                    *l,
                    "round {round}: {} disagrees on a known word",
                    algorithm.name()
                );
            }
            assert_eq!(
                learned.dfa.minimize().num_states(),
                smallest,
                "round {round}: {} is not smallest",
                algorithm.name()
            );
        }
    }
}

#[test]
fn observation_table_of_each_round_is_printable() {
    // Words over {a, b} with an even number of a's.
    let target = lore_learner::text::read_dfa(
        "states 2 alphabet 2 initial 0\naccepting 0\n0 a 1\n0 b 0\n1 a 0\n1 b 1\n",
    )
    .unwrap();
    let mut teacher = DfaTeacher::new(target);
    let mut config = LearnConfig::new(Algorithm::LStar);
    config.record_rounds = true;
    let learned = learn(&mut teacher, &config);
    let text: String = learned
        .rounds
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let cex = r
                .counterexample
                .as_ref()
                .map_or("none".to_string(), |w| learned.dfa.alphabet().show(w));
            format!(
                "round {}: {} states, counterexample {cex}\n{}\n",
                i + 1,
                r.hypothesis.num_states(),
                r.table.clone().unwrap_or_default()
            )
        })
        .collect();
    insta::assert_snapshot!(text);
}
