//! Every algorithm learns random targets exactly through a perfect teacher;
//! with a teacher that does not know long words, L# and the SAT search learn
//! a smallest automaton consistent with every known answer. Each result says
//! how learning stopped (`Exactness`).

mod common;
use common::{all_words, random_dfa, SplitMix};
use lore_learner::consistent::minimal_consistent_dfa;
use lore_learner::dfa::{Alphabet, Dfa, Word};
use lore_learner::teacher::{Answer, DfaTeacher, Teacher};
use lore_learner::text::read_dfa;
use lore_learner::{learn, Algorithm, Exactness, LearnConfig};
use std::sync::Arc;

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
            assert_eq!(learned.exactness, Exactness::Exact, "round {round}");
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
            // Far fewer known answers than L#'s limit for the exact search.
            assert_eq!(learned.exactness, Exactness::Exact, "round {round}");
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

/// Words `a a` only, over {a}: a teacher that knows words up to length 2
/// answers "unknown" to `a a a`, which L* asks once `a a` is a
/// counterexample.
fn only_aa() -> Dfa {
    read_dfa("states 4 alphabet 1 initial 0\naccepting 2\n0 a 1\n1 a 2\n2 a 3\n3 a 3\n").unwrap()
}

#[test]
fn lstar_reports_unknown_answers_read_as_no() {
    for algorithm in [Algorithm::LStar, Algorithm::LStarRivestSchapire] {
        let mut teacher = DfaTeacher::bounded(only_aa(), 2);
        let learned = learn(&mut teacher, &LearnConfig::new(algorithm));
        // ε, a and a a are known.
        assert_eq!(
            learned.exactness,
            Exactness::UnknownsReadAsNo { known_answers: 3 },
            "{}",
            algorithm.name()
        );
        let mut teacher = DfaTeacher::bounded(only_aa(), 10);
        let learned = learn(&mut teacher, &LearnConfig::new(algorithm));
        assert_eq!(learned.exactness, Exactness::Exact, "{}", algorithm.name());
    }
}

#[test]
fn a_round_limit_is_reported() {
    let mut rng = SplitMix(13);
    let target = random_dfa(&mut rng, 6, 2);
    for algorithm in Algorithm::ALL {
        let mut config = LearnConfig::new(algorithm);
        config.max_rounds = Some(1);
        let mut teacher = DfaTeacher::new(target.clone());
        let learned = learn(&mut teacher, &config);
        assert_eq!(learned.rounds.len(), 1, "{}", algorithm.name());
        assert_eq!(learned.stats.equivalence, 0, "{}", algorithm.name());
        // Reported even where the unchecked hypothesis happens to be right.
        assert_eq!(
            learned.exactness,
            Exactness::RoundLimit,
            "{}",
            algorithm.name()
        );
    }
}

/// A perfect teacher that gives up once it has answered `budget` words (it
/// then finds no counterexample, as a teacher out of time does).
struct GivesUp {
    inner: DfaTeacher,
    budget: usize,
}

impl Teacher for GivesUp {
    fn alphabet(&self) -> &Arc<Alphabet> {
        self.inner.alphabet()
    }

    fn membership(&mut self, words: &[Word]) -> Vec<Answer> {
        self.budget = self.budget.saturating_sub(words.len());
        self.inner.membership(words)
    }

    fn membership_prefixes(&mut self, words: &[Word]) -> Option<Vec<Vec<Answer>>> {
        self.budget = self.budget.saturating_sub(words.len());
        self.inner.membership_prefixes(words)
    }

    fn equivalence(&mut self, hypothesis: &Dfa) -> Option<Word> {
        if self.give_up() {
            return None;
        }
        self.inner.equivalence(hypothesis)
    }

    fn give_up(&self) -> bool {
        self.budget == 0
    }
}

#[test]
fn a_teacher_giving_up_is_reported() {
    // Words over {a, b} with 3 a's modulo 5.
    let target = read_dfa(
        "states 5 alphabet 2 initial 0\naccepting 3\n0 a 1\n0 b 0\n1 a 2\n1 b 1\n\
         2 a 3\n2 b 2\n3 a 4\n3 b 3\n4 a 0\n4 b 4\n",
    )
    .unwrap();
    for algorithm in Algorithm::ALL {
        let mut perfect = DfaTeacher::new(target.clone());
        let needed = learn(&mut perfect, &LearnConfig::new(algorithm))
            .stats
            .membership_teacher as usize;
        assert!(needed > 2, "{} needs {needed} words", algorithm.name());
        for budget in [1, needed / 2, needed - 1] {
            let mut teacher = GivesUp {
                inner: DfaTeacher::new(target.clone()),
                budget,
            };
            let learned = learn(&mut teacher, &LearnConfig::new(algorithm));
            assert_eq!(
                learned.exactness,
                Exactness::TeacherGaveUp,
                "{} with budget {budget}",
                algorithm.name()
            );
        }
    }
}
