//! The paper's AG_L* (§8.1), the verification half of AGR: Lore's learner
//! learns T(M2), the traces of M2, as the assumption A, with a teacher
//! that answers by composing with M1 and P:
//!
//! - membership of a trace t: "no" if t is not a trace of M2; else
//!   M1 ‖ t is checked against P — an error there is a real error of the
//!   system (learning stops, and [`crate::run`] repairs M2), no error is
//!   "yes";
//! - equivalence of a hypothesis A: if M1 ‖ A satisfies P (proved for
//!   every number of steps), A is an assumption when T(M2) ⊆ T(A), else a
//!   trace of M2 outside A is the counterexample; if M1 ‖ A has an error
//!   whose M2 part is a trace of M2, it is a real error, else that part is
//!   the counterexample (A must not have it).
//!
//! Letters are M2's actions (each at its place in the program, and the
//! constraints repairs add), so T(M2) is a regular language the learner
//! can reach, and learning may stop at a smaller automaton than M2 (the AG
//! rule only needs some A between).

use crate::automaton::{Component, Transition};
use crate::check::{check_product, Outcome};
use crate::machine::Machine;
use crate::product::{build, Product, Step};
use crate::system::System;
use lore_learner::dfa::{Alphabet, Dfa, Letter, State, Word, NONE};
use lore_learner::teacher::{Answer, Teacher};
use lore_learner::{learn, Algorithm, LearnConfig};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What assume-guarantee reasoning found.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// M1 ‖ M2 satisfies P: A is an assumption (M1 ‖ A satisfies P, proved
    /// as `how`; every trace of M2 is one of A). Learning found one of
    /// `learned` states, and `merge_checks` checks of merged states made it
    /// A ([`crate::shrink`]).
    Holds {
        assumption: Dfa,
        how: String,
        learned: usize,
        merge_checks: usize,
    },
    /// A real error of M1 ‖ M2 (its steps in terms of M2's transitions),
    /// found by a membership or an equivalence query.
    Error {
        trace: Vec<(Step, Vec<i128>)>,
        found_by: &'static str,
    },
    /// Neither: why.
    Unknown(String),
}

#[derive(Clone, Debug)]
pub struct Report {
    pub verdict: Verdict,
    /// Membership queries asked, and those the BMC answered (traces of
    /// M2; the others are answered by M2's automaton alone).
    pub membership: usize,
    pub membership_checked: usize,
    pub equivalence: usize,
    pub seconds: f64,
}

/// An automaton over M2's actions as a component doing those actions; the
/// second vector maps its transitions to actions.
pub fn component_of(machine: &Machine, template: &Component, dfa: &Dfa) -> (Component, Vec<usize>) {
    // States that cannot reach acceptance cannot end an error: dropped.
    let dfa = &dfa.trim();
    let mut transitions = Vec::new();
    let mut letters = Vec::new();
    for s in dfa.states() {
        for a in dfa.letters() {
            let t = dfa.next(s, a);
            if t == NONE {
                continue;
            }
            let (action, loc) = &machine.actions[a.index()];
            transitions.push(Transition {
                from: s.index(),
                action: action.clone(),
                to: t.index(),
                loc: *loc,
            });
            letters.push(a.index());
        }
    }
    let component = Component {
        name: template.name.clone(),
        function: template.function,
        states: dfa.num_states(),
        initial: dfa.initial().index(),
        accepting: dfa.states().map(|s| dfa.is_accepting(s)).collect(),
        transitions,
    };
    (component, letters)
}

/// The word as a chain automaton.
fn chain(alphabet: &Arc<Alphabet>, word: &[Letter]) -> Dfa {
    let mut dfa = Dfa::new(alphabet.clone(), word.len() + 1, State::new(0));
    for (k, &a) in word.iter().enumerate() {
        dfa.set_next(State::new(k), a, State::new(k + 1));
    }
    dfa.set_accepting(State::new(word.len()), true);
    dfa
}

/// What "M1 with this trace of actions satisfies P" was found to be, for
/// every trace asked so far: it depends on M1, P and the actions only, so
/// it stays true across repairs of M2 (the paper's Theorem 2).
pub type Answers = rustc_hash::FxHashMap<Word, Result<(), Vec<(Step, Vec<i128>)>>>;

struct AgTeacher<'a> {
    system: &'a System,
    machine: &'a Machine,
    answers: &'a mut Answers,
    alphabet: Arc<Alphabet>,
    m2: Dfa,
    /// Whether M1 ‖ M2 × P has no cycle in its control graph.
    m2_acyclic: bool,
    bound: u32,
    deadline: Instant,
    stop: Option<Verdict>,
    proof: Option<String>,
    membership: usize,
    membership_checked: usize,
    equivalence: usize,
}

/// Seconds an equivalence query spends on M1 ‖ A where A may still be
/// refined by a word M2 does not have.
const QUICK_CHECK: Duration = Duration::from_millis(500);

/// Blocks of a bounded run (loop blocks × the bound) beyond which such a
/// check is not tried: on the benchmark (`sv-comp-bench agr`, 1–8
/// clients) every quick check of 3,192 to 76,776 blocks ran out of time.
const QUICK_CHECK_BLOCKS: usize = 2_000;

impl AgTeacher<'_> {
    fn time_left(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// M1 ‖ `dfa` × P as a product program: the component `dfa` runs as,
    /// M2's action for each of its transitions, and the program.
    fn product(&self, dfa: &Dfa) -> (Component, Vec<usize>, Product) {
        let (component, letters) = component_of(self.machine, &self.system.m2, dfa);
        let product = build(self.system, &component);
        (component, letters, product)
    }

    /// Checks a product against P; an error's M2 steps are given as M2's
    /// transitions.
    fn check(&self, built: &(Component, Vec<usize>, Product), time: Duration) -> Outcome {
        let (component, letters, product) = built;
        match check_product(self.system, component, product, self.bound, time) {
            Outcome::Error(trace) => Outcome::Error(
                trace
                    .into_iter()
                    .map(|(mut step, values)| {
                        step.m2 = step.m2.map(|i| letters[i]);
                        (step, values)
                    })
                    .collect(),
            ),
            other => other,
        }
    }
}

impl AgTeacher<'_> {
    /// An error of M1 ‖ A: real when its M2 part is a trace of M2 (learning
    /// stops), else that part is a counterexample (A must lose it).
    fn error_or_counterexample(&mut self, trace: Vec<(Step, Vec<i128>)>) -> Option<Word> {
        let t2: Word = trace
            .iter()
            .filter_map(|(s, _)| s.m2.map(Letter::new))
            .collect();
        if self.m2.accepts(&t2) {
            self.stop = Some(Verdict::Error {
                trace,
                found_by: "an equivalence query",
            });
            None
        } else {
            Some(t2)
        }
    }
}

impl Teacher for AgTeacher<'_> {
    fn alphabet(&self) -> &Arc<Alphabet> {
        &self.alphabet
    }

    fn membership(&mut self, words: &[Word]) -> Vec<Answer> {
        words
            .iter()
            .map(|w| {
                self.membership += 1;
                if self.stop.is_some() || !self.m2.accepts(w) {
                    return Answer::No;
                }
                let known = self.answers.get(w).cloned();
                let outcome = match known {
                    Some(Ok(())) => Outcome::Holds(String::new()),
                    Some(Err(trace)) => Outcome::Error(trace),
                    None => {
                        self.membership_checked += 1;
                        let built = self.product(&chain(&self.alphabet, w));
                        let outcome = self.check(&built, self.time_left());
                        match &outcome {
                            Outcome::Holds(_) => {
                                self.answers.insert(w.clone(), Ok(()));
                            }
                            Outcome::Error(trace) => {
                                self.answers.insert(w.clone(), Err(trace.clone()));
                            }
                            Outcome::Unknown(_) => {}
                        }
                        outcome
                    }
                };
                match outcome {
                    Outcome::Holds(_) => Answer::Yes,
                    Outcome::Error(trace) => {
                        self.stop = Some(Verdict::Error {
                            trace,
                            found_by: "a membership query",
                        });
                        Answer::No
                    }
                    Outcome::Unknown(why) => {
                        self.stop = Some(Verdict::Unknown(format!(
                            "a membership query ({}): {why}",
                            self.alphabet.show(w)
                        )));
                        Answer::No
                    }
                }
            })
            .collect()
    }

    fn equivalence(&mut self, hypothesis: &Dfa) -> Option<Word> {
        self.equivalence += 1;
        if self.stop.is_some() {
            return None;
        }
        // A hypothesis that misses a trace of M2 is no assumption (the AG
        // rule's second premise fails), so M1 ‖ A is not checked: the
        // missing trace is the counterexample. Its membership query checks
        // M1 ‖ t against P, so an error it has is found and repaired there.
        if let Some(missing) = self.m2.inclusion_counterexample(hypothesis) {
            return Some(missing);
        }
        // A hypothesis with a word M2 does not have can always be refined
        // by that word (the answer to it is no); so where M1 ‖ A cannot be
        // decided quickly (a loop of A that k-induction cannot bound), A
        // is refined instead of the search stopping — learning then moves
        // toward T(M2) itself, for which the check is the direct one.
        let extra = hypothesis.inclusion_counterexample(&self.m2);
        let time = match extra {
            Some(_) => self.time_left().min(QUICK_CHECK),
            None => self.time_left(),
        };
        // An A with words M2 lacks that is no smaller than M2 has nothing
        // to offer over M2 itself: refine it.
        if extra.is_some() && hypothesis.trim().num_states() >= self.machine.states {
            return extra;
        }
        // Where M1 ‖ M2 has no cycle, checking it is one complete run of
        // bounded model checking; an A with words M2 lacks whose product
        // has a cycle needs k-induction, which costs more than M2 itself
        // would: refine it instead.
        let built = self.product(hypothesis);
        if extra.is_some() && self.m2_acyclic && built.2.longest_run.is_none() {
            return extra;
        }
        // Nor is one checked whose bounded run alone would be far larger
        // than a quick check can decide (many loops: a cycle of A met in
        // many control states of M1 and P).
        let unrolled = built.2.loop_blocks.saturating_mul(self.bound as usize);
        if extra.is_some() && unrolled > QUICK_CHECK_BLOCKS {
            return extra;
        }
        match self.check(&built, time) {
            Outcome::Unknown(_) if extra.is_some() => extra,
            Outcome::Holds(how) => {
                // The AG rule's second premise: every trace of M2 is in A.
                let missing = self.m2.inclusion_counterexample(hypothesis);
                if missing.is_none() {
                    self.proof = Some(how);
                }
                missing
            }
            Outcome::Error(trace) => self.error_or_counterexample(trace),
            Outcome::Unknown(why) => {
                self.stop = Some(Verdict::Unknown(format!("an equivalence query: {why}")));
                None
            }
        }
    }

    fn give_up(&self) -> bool {
        self.stop.is_some() || Instant::now() >= self.deadline
    }
}

/// Learns an assumption for M1 ‖ M2 ⊨ P (L* with Rivest–Schapire's
/// counterexamples, as the paper's L*), within `time`; then spends up to
/// `shrink` of it making the assumption smaller.
pub fn assume_guarantee(
    system: &System,
    machine: &Machine,
    answers: &mut Answers,
    bound: u32,
    time: Duration,
    shrink: Duration,
) -> Report {
    let started = Instant::now();
    let alphabet = machine.alphabet();
    let mut teacher = AgTeacher {
        system,
        machine,
        answers,
        m2: machine.dfa(&alphabet),
        m2_acyclic: build(system, &machine.component(&system.m2))
            .longest_run
            .is_some(),
        alphabet,
        bound,
        deadline: started + time,
        stop: None,
        proof: None,
        membership: 0,
        membership_checked: 0,
        equivalence: 0,
    };
    let learned = learn(
        &mut teacher,
        &LearnConfig::new(Algorithm::LStarRivestSchapire),
    );
    let verdict = match (teacher.stop.take(), teacher.proof.take()) {
        (Some(v), _) => v,
        (None, Some(how)) => {
            // A smaller assumption, by merging states of the learned one
            // while M1 ‖ A still satisfies P (see [`crate::shrink`]).
            let learned = learned.dfa.trim();
            let until = Instant::now() + shrink.min(teacher.time_left());
            let shrunk = crate::shrink::shrink(&learned, until, &mut |a: &Dfa| {
                let built = teacher.product(a);
                let time = until.saturating_duration_since(Instant::now());
                match teacher.check(&built, time) {
                    Outcome::Holds(how) => Some(how),
                    _ => None,
                }
            });
            Verdict::Holds {
                assumption: shrunk.assumption,
                how: shrunk.how.unwrap_or(how),
                learned: shrunk.from,
                merge_checks: shrunk.checks,
            }
        }
        (None, None) => Verdict::Unknown(format!("the time ({} s) is up", time.as_secs())),
    };
    Report {
        verdict,
        membership: teacher.membership,
        membership_checked: teacher.membership_checked,
        equivalence: teacher.equivalence,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The AG rule's two premises for `assumption`, checked again from
/// scratch (its product built anew): M1 ‖ A ⊨ P, proved for every number
/// of steps, and every trace of M2 (as `machine` has it) is one of A.
/// `Ok` says how the first was proved; `Err` says which failed, or that
/// the check did not settle it (in its time, say).
pub fn check_premises(
    system: &System,
    machine: &Machine,
    assumption: &Dfa,
    bound: u32,
    time: Duration,
) -> Result<String, Premises> {
    let alphabet = machine.alphabet();
    let Some(a) = assumption.with_alphabet(alphabet.clone()) else {
        return Err(Premises::Refuted(
            "the assumption is not over M2's actions".into(),
        ));
    };
    if let Some(missing) = machine.dfa(&alphabet).inclusion_counterexample(&a) {
        return Err(Premises::Refuted(format!(
            "a trace of M2 is not one of A: {}",
            alphabet.show(&missing)
        )));
    }
    let (component, _) = component_of(machine, &system.m2, &a);
    match crate::check::check(system, &component, bound, time) {
        Outcome::Holds(how) => Ok(how),
        Outcome::Error(trace) => Err(Premises::Refuted(format!(
            "M1 || A has an error trace of {} steps",
            trace.len()
        ))),
        Outcome::Unknown(why) => Err(Premises::Unsettled(format!(
            "M1 || A is not proved again ({why})"
        ))),
    }
}

/// Why the premises' check did not confirm an assumption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Premises {
    /// A premise fails: the assumption is wrong (a bug in Lore).
    Refuted(String),
    /// Neither proved nor refuted (the time ran out, say).
    Unsettled(String),
}

impl std::fmt::Display for Premises {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Premises::Refuted(why) | Premises::Unsettled(why) => f.write_str(why),
        }
    }
}
