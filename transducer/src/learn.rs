//! The learner (paper §8, with concrete access words): states are told
//! apart by the symbolic answers of the steps after them, transitions are
//! the classes of their answers, and a conjecture is checked against the
//! program ([`crate::check`]) until it holds.
//!
//! The table: access words (one per state, found breadth first), suffixes
//! E (ε first), and for a word u its row — the answers after u·e for every
//! e of E. Two words are one state when their rows are equal. A class of a
//! state's answer goes to the state of its first symbol; symbols of the
//! class that counterexamples showed to behave otherwise (the state's
//! *evidence*) split it: the class is cut into the intervals whose symbols
//! all lead to one row, found by the solver as the guards are (one question
//! per suffix: "does any symbol of [a, b] lead to a step after e that is
//! not as this row says?").
//!
//! A counterexample (an input on which conjecture and program differ) is
//! cut where the conjecture goes wrong (Rivest and Schapire): the longest
//! suffix after which replacing the input read so far by its state's
//! access word still gives the program's output. The symbol before it
//! becomes evidence of that state and the rest a new suffix.

use crate::answer::{answer, Answer};
use crate::check::Checked;
use crate::conjecture::{Checker, Verdict};
use crate::harness::{self, Io, View};
use crate::model::{Guard, State, Transducer, Transition};
use crate::oracle::{Mode, Oracle, OracleError, Values};
use crate::tested::{differs_on, tested_difference};
use lore_bmc::kinduction::Induction;
use lore_bmc::symex::SymexOptions;
use lore_frontend::FrontendOptions;
use rustc_hash::FxHashMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// How far to go.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Conjectures are checked for every input of at most this many symbols.
    pub bound: u32,
    pub max_states: usize,
    pub max_conjectures: u32,
    /// Time for the unbounded proof of a conjecture.
    pub proof_time: Duration,
    /// Time for learning (the bounded checks included). A proof that
    /// finds a difference is learning too, so proofs get at most what is
    /// left of the two times added: the whole run stays within them.
    pub time: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            bound: 6,
            max_states: 32,
            max_conjectures: 200,
            proof_time: Duration::from_secs(60),
            time: Duration::from_secs(120),
        }
    }
}

/// How learning ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The conjecture holds for every input of at most `bound` symbols.
    Learned,
    /// Learning stopped without a conjecture that holds: why.
    NotLearned(String),
}

/// What is learned, and what it cost.
#[derive(Clone, Debug)]
pub struct Learned {
    pub outcome: Outcome,
    /// The last conjecture.
    pub transducer: Option<Transducer>,
    pub conjectures: u32,
    /// Questions to the BMC while learning, and concrete runs.
    pub solver_calls: u64,
    pub runs: u64,
    /// Encodings shared by the questions about one prefix shape
    /// (sessions made), and questions answered again from the kept answers.
    pub sessions: u64,
    pub answered_again: u64,
    pub learning_seconds: f64,
    /// The bounded check of the last conjecture (for a proved one, made
    /// after the proof, as a cross-check of it), and its time.
    pub bounded: Option<Checked>,
    pub bounded_seconds: f64,
    pub bound: u32,
    /// Every question to the solver and its answer, with the conjectures
    /// between them (when `Setup::log_queries`).
    pub queries: Vec<String>,
    /// The proof for every input length: its result, the k-induction
    /// behind it, and its time.
    pub proof: Option<(Checked, Option<Induction>, f64)>,
    /// What of the output was learned: the output itself, or under the
    /// echo view ([`crate::echo`]), after the output itself was not
    /// learned for the reason given.
    pub view: View,
    pub output_not_learned: Option<String>,
}

impl Learned {
    /// The transducer with lookback in its guards ([`crate::fold`]), where
    /// one has fewer states; only a transducer of the output has one (the
    /// echo view's automaton is not a transducer of what is written).
    pub fn folded(&self) -> Option<crate::fold::Folded> {
        match (&self.transducer, &self.view) {
            (Some(t), View::Output) => crate::fold::fold(t),
            _ => None,
        }
    }
}

/// Everything a run needs.
pub struct Setup<'a> {
    pub path: &'a Path,
    pub frontend: FrontendOptions,
    pub io: Io,
    pub options: SymexOptions,
    /// Keep every question to the solver in `Learned::queries`.
    pub log_queries: bool,
    /// Told what learning is doing, a line at a time (each conjecture and
    /// each check of it), for progress on long runs.
    pub progress: Option<&'a dyn Fn(&str)>,
    /// Where the run is, kept up to date for a watcher (the command
    /// line's heartbeat).
    pub status: Option<std::sync::Arc<crate::status::Status>>,
}

impl Setup<'_> {
    pub(crate) fn progress(&self, line: impl FnOnce() -> String) {
        if let Some(p) = self.progress {
            p(&line());
        }
    }

    /// A new phase of the run begins (see [`crate::status`]).
    pub(crate) fn enter(&self, phase: impl FnOnce() -> String) {
        if let Some(s) = &self.status {
            s.enter(phase());
        }
    }
}

/// Why a program cannot be learned at all.
#[derive(Debug, thiserror::Error)]
pub enum LearnError {
    #[error(transparent)]
    Harness(#[from] harness::HarnessError),
    #[error(transparent)]
    Oracle(#[from] OracleError),
}

/// Learns a transducer of the program, checks it for inputs up to
/// `limits.bound`, and tries to prove it for every length. A program that
/// is not a transducer of the class within `limits.max_states` states,
/// but whose concrete runs look like validate-then-echo, is learned again
/// under the echo view ([`crate::echo`]), in what is left of the time.
pub fn learn(setup: &Setup<'_>, limits: &Limits) -> Result<Learned, LearnError> {
    let started = Instant::now();
    let (first, echo) = learn_as(setup, limits, started)?;
    let (Some(reject), Outcome::NotLearned(why)) = (echo, &first.outcome) else {
        return Ok(first);
    };
    let shown = crate::model::show_string(&reject);
    setup.progress(|| {
        format!("not learned as written ({why}); the program writes either its input or {shown} at the end: learning which inputs it echoes (validate, then echo)")
    });
    let echo_setup = Setup {
        path: setup.path,
        frontend: setup.frontend.clone(),
        io: Io {
            view: View::EchoOr {
                reject: reject.clone(),
                capacity: harness::ECHO_CAPACITY
                    .max(limits.bound as usize + 1)
                    .max(reject.len() + 1),
            },
            ..setup.io.clone()
        },
        options: setup.options.clone(),
        log_queries: setup.log_queries,
        progress: setup.progress,
        status: setup.status.clone(),
    };
    let (mut second, _) = learn_as(&echo_setup, limits, started)?;
    if matches!(second.outcome, Outcome::Learned)
        && !second
            .transducer
            .as_ref()
            .is_some_and(crate::echo::is_automaton)
    {
        // An input where it writes neither, run on the program as it is.
        let example = second
            .transducer
            .as_ref()
            .and_then(crate::echo::neither_input)
            .and_then(|w| {
                let out = crate::compare::output_of(setup, &w).ok()?;
                // Said only where the run confirms it.
                if out == w || out == reject {
                    return None;
                }
                let show = |v: &[u32]| {
                    crate::oracle::show_symbols(
                        &v.iter().map(|&x| i64::from(x)).collect::<Vec<_>>(),
                    )
                };
                Some(format!(
                    ": on the input {} it writes {}",
                    show(&w),
                    show(&out)
                ))
            })
            .unwrap_or_default();
        second.outcome = Outcome::NotLearned(format!(
            "under the echo view, some inputs make the program write neither the input nor {shown}{example}"
        ));
    }
    second.output_not_learned = Some(why.clone());
    second.conjectures += first.conjectures;
    second.solver_calls += first.solver_calls;
    second.runs += first.runs;
    second.sessions += first.sessions;
    second.answered_again += first.answered_again;
    let mut queries = first.queries;
    queries.append(&mut second.queries);
    second.queries = queries;
    Ok(second)
}

/// Learning under `setup.io`'s view; with the program's output as the
/// view and too many states, also whether the program looks like
/// validate-then-echo (the string it writes instead of its input).
fn learn_as(
    setup: &Setup<'_>,
    limits: &Limits,
    started: Instant,
) -> Result<(Learned, Option<Vec<u32>>), LearnError> {
    setup.enter(|| match setup.io.view {
        View::Output => "loading the program under its harness".into(),
        View::EchoOr { .. } => "loading the program under the echo view's harness".into(),
    });
    let shape = harness::io_shape(setup.path, &setup.frontend, &setup.io)?;
    let text = harness::query_harness(&setup.io, &shape);
    let harnessed = harness::load(setup.path, &setup.frontend, &setup.io, &shape, text)?;
    let mut options = setup.options.clone();
    options.unwinding_assertions = true;
    options.prune_infeasible_loops = true;
    let mut oracle = Oracle::new(harnessed, options.clone(), setup.io.bits)?;
    oracle.status = setup.status.clone();
    oracle.deadline = Some(started + limits.time);
    // The bounded checks count as learning: they stop at its deadline
    // (the proof has a time of its own, and the cross-check after a proof
    // may use what the proof leaves of it).
    let mut check_options = options.clone();
    check_options.deadline = Some(
        options
            .deadline
            .map_or(started + limits.time, |d| d.min(started + limits.time)),
    );
    if setup.log_queries {
        oracle.log = Some(Vec::new());
    }
    let mut table = Table {
        oracle,
        bits: setup.io.bits,
        suffixes: vec![Vec::new()],
        answers: FxHashMap::default(),
        evidence: FxHashMap::default(),
    };
    let checker = Checker {
        setup,
        shape: &shape,
        options: &check_options,
        limits,
        until: started + limits.time + limits.proof_time,
    };
    let mut learned = Learned {
        outcome: Outcome::NotLearned("no conjecture".into()),
        transducer: None,
        conjectures: 0,
        solver_calls: 0,
        runs: 0,
        sessions: 0,
        answered_again: 0,
        learning_seconds: 0.0,
        bounded: None,
        bounded_seconds: 0.0,
        queries: Vec::new(),
        bound: limits.bound,
        proof: None,
        view: setup.io.view.clone(),
        output_not_learned: None,
    };
    let mut echo = None;
    let mut seen: Vec<Transducer> = Vec::new();
    let mut last_input: Option<Vec<u32>> = None;
    // Every input where a conjecture differed: their pieces, put together
    // anew, are tested on the later conjectures.
    let mut differences: Vec<Vec<u32>> = Vec::new();
    let out_of_time = || {
        Outcome::NotLearned(format!(
            "the time for learning ({} s) is up",
            limits.time.as_secs()
        ))
    };
    loop {
        setup.enter(|| {
            format!(
                "learning conjecture {}: the solver's answers for its states and transitions",
                learned.conjectures + 1
            )
        });
        let (t, access) = match table.hypothesis(limits.max_states) {
            Ok(h) => h,
            Err(TableError::TooManyStates(n)) => {
                learned.outcome = Outcome::NotLearned(format!(
                    "more than {n} states: the program may not be a transducer of this class"
                ));
                if setup.io.view == View::Output {
                    echo = match crate::echo::candidate(
                        &mut table.oracle,
                        learned.transducer.as_ref(),
                        setup.io.bits,
                    ) {
                        Ok(r) => r,
                        Err(OracleError::OutOfTime) => None,
                        Err(e) => return Err(e.into()),
                    };
                }
                break;
            }
            Err(TableError::Oracle(OracleError::OutOfTime)) => {
                learned.outcome = out_of_time();
                break;
            }
            Err(TableError::Oracle(e)) => return Err(e.into()),
        };
        learned.conjectures += 1;
        learned.transducer = Some(t.clone());
        setup.progress(|| {
            format!(
                "conjecture {}: {} state{}, {} transitions, after {} solver calls, {:.1} s",
                learned.conjectures,
                t.states.len(),
                if t.states.len() == 1 { "" } else { "s" },
                t.transitions(),
                table.oracle.solver_calls,
                started.elapsed().as_secs_f64()
            )
        });
        if let Some(log) = &mut table.oracle.log {
            log.push(format!("conjecture {}:\n{t}", learned.conjectures));
        }
        setup.enter(|| {
            format!(
                "checking conjecture {} against concrete runs",
                learned.conjectures
            )
        });
        let checking = Instant::now();
        // The last counterexample first (one refinement may not settle
        // it), then concrete runs: a difference either finds costs
        // milliseconds.
        let again = match &last_input {
            Some(input) => differs_on(&mut table.oracle, &t, input)
                .map(|d| d.unwrap_or(false).then(|| input.clone())),
            None => Ok(None),
        };
        let tested = match again {
            Ok(None) => tested_difference(
                &mut table.oracle,
                &t,
                learned.conjectures as usize,
                &differences,
            ),
            found => found,
        };
        let verdict = match tested {
            Ok(Some(input)) => Verdict::Differs(input),
            Ok(None) => {
                // The loops that needed more rounds than the input's length
                // in the solver's answers (a put_str over a long literal)
                // get as many in the checks and the proof, and the bound
                // beyond: found once, not again by the proof's deepening.
                let mut options = check_options.clone();
                for (name, slack) in table.oracle.loop_slack() {
                    options.unwind_set.insert(name, slack + limits.bound);
                }
                Checker {
                    options: &options,
                    ..checker
                }
                .conjecture(&t, &mut learned)
            }
            Err(OracleError::OutOfTime) => {
                learned.outcome = out_of_time();
                break;
            }
            Err(e) => return Err(e.into()),
        };
        if let Verdict::Differs(input) = &verdict {
            setup.progress(|| {
                format!(
                    "  differs from the program {} (checks: {:.1} s)",
                    crate::oracle::show_input(
                        &input.iter().map(|&v| i64::from(v)).collect::<Vec<_>>()
                    ),
                    checking.elapsed().as_secs_f64()
                )
            });
        }
        let input = match verdict {
            Verdict::Holds => {
                learned.outcome = Outcome::Learned;
                break;
            }
            Verdict::Unknown(_) if started.elapsed() >= limits.time => {
                learned.outcome = out_of_time();
                break;
            }
            Verdict::Unknown(why) => {
                learned.outcome = Outcome::NotLearned(format!("the check of a conjecture: {why}"));
                break;
            }
            Verdict::Differs(input) => input,
        };
        if started.elapsed() > limits.time {
            learned.outcome = out_of_time();
            break;
        }
        if learned.conjectures >= limits.max_conjectures {
            learned.outcome = Outcome::NotLearned(format!(
                "{} conjectures, the last one still differs from the program",
                learned.conjectures
            ));
            break;
        }
        if seen.contains(&t) {
            learned.outcome = Outcome::NotLearned(format!(
                "the counterexample {input:?} does not change the conjecture"
            ));
            break;
        }
        seen.push(t.clone());
        setup.enter(|| {
            format!(
                "refining conjecture {} with the input where it differs",
                learned.conjectures
            )
        });
        let refined = table.refine(&t, &access, &input);
        differences.push(input.clone());
        last_input = Some(input);
        match refined {
            Ok(()) => {}
            Err(OracleError::OutOfTime) => {
                learned.outcome = out_of_time();
                break;
            }
            Err(e) => return Err(e.into()),
        }
    }
    learned.solver_calls = table.oracle.solver_calls;
    learned.runs = table.oracle.runs;
    learned.sessions = table.oracle.sessions_made;
    learned.answered_again = table.oracle.repeated;
    learned.queries = table.oracle.log.take().unwrap_or_default();
    learned.learning_seconds = started.elapsed().as_secs_f64()
        - learned.proof.as_ref().map_or(0.0, |p| p.2)
        - learned.bounded_seconds;
    Ok((learned, echo))
}

enum TableError {
    TooManyStates(usize),
    Oracle(OracleError),
}

impl From<OracleError> for TableError {
    fn from(e: OracleError) -> TableError {
        TableError::Oracle(e)
    }
}

struct Table {
    oracle: Oracle,
    bits: u32,
    suffixes: Vec<Vec<u32>>,
    answers: FxHashMap<Vec<u32>, Answer>,
    /// Symbols that counterexamples showed to matter, by access word.
    evidence: FxHashMap<Vec<u32>, Vec<u32>>,
}

type Row = Vec<Answer>;

impl Table {
    fn answer(&mut self, word: &[u32]) -> Result<Answer, OracleError> {
        if let Some(a) = self.answers.get(word) {
            return Ok(a.clone());
        }
        let a = answer(&mut self.oracle, word, self.bits)?;
        self.answers.insert(word.to_vec(), a.clone());
        Ok(a)
    }

    fn row(&mut self, word: &[u32]) -> Result<Row, OracleError> {
        let mut row = Vec::new();
        for e in self.suffixes.clone() {
            let w: Vec<u32> = word.iter().chain(&e).copied().collect();
            row.push(self.answer(&w)?);
        }
        Ok(row)
    }

    /// Does some symbol of [a, b] after `u` lead to a row other than `row`?
    fn other_row(
        &mut self,
        u: &[u32],
        row: &Row,
        a: u32,
        b: u32,
    ) -> Result<Option<u32>, OracleError> {
        for (e, ans) in self.suffixes.clone().iter().zip(row) {
            if let Some(x) = self.other_answer(u, e, ans, a, b)? {
                return Ok(Some(x));
            }
        }
        Ok(None)
    }

    /// Does some symbol x of [a, b] make the step after u·x·e other than
    /// `ans`?
    fn other_answer(
        &mut self,
        u: &[u32],
        e: &[u32],
        ans: &Answer,
        a: u32,
        b: u32,
    ) -> Result<Option<u32>, OracleError> {
        let mut tape: Vec<Values> = u.iter().map(|&v| Values::symbol(v)).collect();
        tape.push(Values::of(Guard::interval(a, b)));
        tape.extend(e.iter().map(|&v| Values::symbol(v)));
        tape.push(Values {
            symbols: Guard::full(self.bits),
            end: true,
        });
        let found = self.oracle.find(&tape, Mode::Differs, &ans.expectation())?;
        Ok(found.map(|w| w[u.len()] as u32))
    }

    /// The symbols of `within` after `u` that lead to `row`, from `seed`:
    /// the interval around it, narrowed one suffix at a time (the
    /// questions about one suffix share one encoding, so they are asked
    /// together).
    fn grow_row(
        &mut self,
        u: &[u32],
        row: &Row,
        seed: u32,
        within: &Guard,
    ) -> Result<Guard, OracleError> {
        let (mut lo, mut hi) = within.interval_of(seed).expect("the seed is within");
        for (e, ans) in self.suffixes.clone().iter().zip(row) {
            let mut differs = |a, b| self.other_answer(u, e, ans, a, b);
            hi = crate::answer::bisect(&mut differs, seed, hi, true)?;
            lo = crate::answer::bisect(&mut differs, seed, lo, false)?;
        }
        Ok(Guard::interval(lo, hi))
    }

    /// The conjecture of the table, and each state's access word.
    fn hypothesis(&mut self, max_states: usize) -> Result<(Transducer, Vec<Vec<u32>>), TableError> {
        let mut access: Vec<Vec<u32>> = vec![Vec::new()];
        let mut rows: Vec<Row> = vec![self.row(&[])?];
        let mut states: Vec<State> = Vec::new();
        let mut i = 0;
        while i < access.len() {
            let u = access[i].clone();
            let here = rows[i][0].clone();
            let evidence = self.evidence.get(&u).cloned().unwrap_or_default();
            let mut transitions: Vec<Transition> = Vec::new();
            for (guard, terms) in &here.classes {
                let mut remaining = guard.clone();
                // Symbols known to lead to some row: the class's first,
                // then the evidence.
                let mut samples: Vec<u32> = vec![guard.first().expect("a class has a symbol")];
                samples.extend(evidence.iter().copied().filter(|&x| guard.contains(x)));
                let mut parts: Vec<(Guard, usize)> = Vec::new();
                loop {
                    let Some(x) = samples
                        .iter()
                        .copied()
                        .find(|&x| remaining.contains(x))
                        .or_else(|| {
                            // Past the samples, symbols of the class not yet placed.
                            if parts.is_empty() {
                                None
                            } else {
                                remaining.first()
                            }
                        })
                    else {
                        break;
                    };
                    let mut w = u.clone();
                    w.push(x);
                    // A known row that `x` leads to, else its own.
                    let mut target = None;
                    for (s, row) in rows.iter().enumerate() {
                        if self.other_row(&u, &row.clone(), x, x)?.is_none() {
                            target = Some(s);
                            break;
                        }
                    }
                    let target = match target {
                        Some(s) => s,
                        None => {
                            let row = self.row(&w)?;
                            access.push(w);
                            rows.push(row);
                            if access.len() > max_states {
                                return Err(TableError::TooManyStates(max_states));
                            }
                            access.len() - 1
                        }
                    };
                    let only_one = parts.is_empty()
                        && samples.iter().all(|&y| y == x || !remaining.contains(y));
                    let part = if only_one {
                        remaining.clone()
                    } else {
                        let row = rows[target].clone();
                        self.grow_row(&u, &row, x, &remaining)?
                    };
                    remaining = remaining.minus(&part);
                    parts.push((part, target));
                    if remaining.is_empty() {
                        break;
                    }
                }
                // Parts with one target become one transition.
                let mut by_target: Vec<(Guard, usize)> = Vec::new();
                for (g, s) in parts {
                    match by_target.iter_mut().find(|(_, t)| *t == s) {
                        Some((acc, _)) => *acc = acc.union(&g),
                        None => by_target.push((g, s)),
                    }
                }
                for (g, s) in by_target {
                    transitions.push(Transition {
                        guard: g,
                        output: terms.clone(),
                        target: s,
                    });
                }
            }
            transitions.sort_by_key(|t| t.guard.first());
            states.push(State {
                transitions,
                final_output: here.end.clone(),
            });
            i += 1;
        }
        Ok((
            Transducer {
                bits: self.bits,
                states,
            },
            access,
        ))
    }

    /// Learns from an input on which conjecture `t` and the program differ.
    fn refine(
        &mut self,
        t: &Transducer,
        access: &[Vec<u32>],
        input: &[u32],
    ) -> Result<(), OracleError> {
        // The first step where they differ (the end of the input last).
        let mut first = None;
        for i in 0..=input.len() {
            let word = step_word(&input[..i], input.get(i).copied());
            let program = self.oracle.run(&word)?.output;
            if t.step_output(&input[..i], input.get(i).copied()) != Some(program) {
                first = Some(i);
                break;
            }
        }
        let Some(i) = first else { return Ok(()) };
        // States the conjecture passes through on the input.
        let mut states = vec![0usize];
        for &x in &input[..i] {
            let s = *states.last().expect("a state");
            states.push(t.next(s, x).unwrap_or(s));
        }
        // The largest j whose word u_j · input[j..i] still differs.
        let current = input.get(i).copied();
        let mut cut = 0;
        for j in (0..i).rev() {
            let mut w = access[states[j]].clone();
            w.extend(&input[j..i]);
            let program = self.oracle.run(&step_word(&w, current))?.output;
            if t.step_output(&w, current) != Some(program) {
                cut = j;
                break;
            }
        }
        let suffix: Vec<u32> = input[cut + 1..i].to_vec();
        if !self.suffixes.contains(&suffix) {
            self.suffixes.push(suffix);
        }
        let ev = self
            .evidence
            .entry(access[states[cut]].clone())
            .or_default();
        if !ev.contains(&input[cut]) {
            ev.push(input[cut]);
        }
        Ok(())
    }
}

/// The word whose last step is `current` (the end of the input: -1).
fn step_word(prefix: &[u32], current: Option<u32>) -> Vec<i64> {
    let mut w: Vec<i64> = prefix.iter().map(|&v| i64::from(v)).collect();
    w.push(current.map_or(-1, i64::from));
    w
}
