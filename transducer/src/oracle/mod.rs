//! Questions about one step of the program, answered by Lore's BMC on the
//! query harness ([`crate::harness::query_harness`]), and concrete runs by
//! its interpreter.
//!
//! A question fixes a set of values for every position of the input up to
//! the current one (a single symbol where the prefix is concrete) and asks
//! for an input whose step at the last position ends, writes other output
//! than an expectation, or writes it. A question whose positions are all
//! single symbols is one bounded model checking run of the program with
//! the question's words as the initial bytes of `__lore_q` (the constants
//! fold it); one with a set somewhere goes to the session of its shape
//! (`in_session.rs`). Either way a "yes" comes with an input that Lore's
//! interpreter replayed (as for every counterexample). Answers are kept;
//! `bounds.rs` says how far the program's loops are unwound.

use crate::harness::{
    cut_name, harness_unwinding, symbol_reads, symbols_read, Harnessed, MAX_STEP_OUTPUT, MAX_TAPE,
    QUERY_WORDS,
};
use crate::model::{Guard, Term};
use crate::session::{HarnessGlobals, StepSession};
use lore_bmc::interp::{Interpreter, Replay, SafetyChecks};
use lore_bmc::symex::SymexOptions;
use lore_bmc::verify::{verify, Status};
use lore_frontend::ir::{FunctionId, GlobalId, Program};
use rustc_hash::FxHashMap;

mod bounds;
mod in_session;

use bounds::Slack;
pub(crate) use bounds::MAX_SLACK;
pub use in_session::agrees;

/// The values a position of the input may take.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Values {
    pub symbols: Guard,
    /// The end of the input (-1).
    pub end: bool,
}

impl Values {
    pub fn symbol(v: u32) -> Values {
        Values {
            symbols: Guard::single(v),
            end: false,
        }
    }

    pub fn end() -> Values {
        Values {
            symbols: Guard::empty(),
            end: true,
        }
    }

    pub fn of(symbols: Guard) -> Values {
        Values {
            symbols,
            end: false,
        }
    }

    /// Does `x` (a symbol, or -1 for the end) take one of these values?
    pub fn holds(&self, x: i64) -> bool {
        if x < 0 {
            self.end
        } else {
            self.symbols.contains(x as u32)
        }
    }

    /// One symbol, or only the end.
    pub fn is_single(&self) -> bool {
        if self.end {
            self.symbols.is_empty()
        } else {
            self.symbols.count() == 1
        }
    }

    fn words(&self) -> Vec<i32> {
        let mut pairs: Vec<(i32, i32)> = Vec::new();
        if self.end {
            pairs.push((-1, -1));
        }
        pairs.extend(
            self.symbols
                .intervals()
                .iter()
                .map(|&(lo, hi)| (lo as i32, hi as i32)),
        );
        let mut w = vec![pairs.len() as i32];
        for (lo, hi) in pairs {
            w.extend([lo, hi]);
        }
        w
    }
}

/// What a question looks for in the step at the last position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Any input whose step ends.
    Ends = 0,
    /// One whose step writes other output than the expectation says.
    Differs = 1,
    /// One whose step writes what the expectation says.
    Agrees = 2,
}

/// Expected output of the step, by the current symbol's class.
pub type Expectation = [(Values, Vec<Term>)];

/// A question as asked: the positions' values, the mode, the expectation.
type Question = (Vec<Values>, Mode, Vec<(Values, Vec<Term>)>);

/// The program is not a transducer Lore can learn, or the BMC could not
/// answer.
#[derive(Clone, Debug, thiserror::Error)]
pub enum OracleError {
    #[error("{what} ({})", show_input(.input))]
    Program { what: String, input: Vec<i64> },
    #[error("no answer: {0}")]
    Unknown(String),
    #[error("the question does not fit the harness: {0}")]
    TooLarge(String),
    #[error("the time for learning is up")]
    OutOfTime,
}

/// One run of the step, concretely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepRun {
    /// What the step at the last position wrote.
    pub output: Vec<u32>,
}

pub struct Oracle {
    harnessed: Harnessed,
    query: GlobalId,
    emit: FunctionId,
    end: FunctionId,
    /// Where the harness reads symbols.
    reads: crate::harness::Reads,
    options: SymexOptions,
    /// Questions the BMC answered (each one symbolic execution and one
    /// solver call per property it could not settle by simplification).
    pub solver_calls: u64,
    /// Concrete runs.
    pub runs: u64,
    /// Iterations the program's loops get beyond the input's length.
    slack: Slack,
    /// No question is asked after this.
    pub deadline: Option<std::time::Instant>,
    /// When kept: every question to the solver and its answer, one line each.
    pub log: Option<Vec<String>>,
    /// Bits of a symbol.
    bits: u32,
    /// The harness's globals that sessions observe (`None`: no sessions).
    globals: Option<HarnessGlobals>,
    /// The prefixes' sessions, the most recently used first.
    sessions: Vec<StepSession>,
    /// Sessions made (each one symbolic execution and one encoding).
    pub sessions_made: u64,
    /// Every question answered so far: the learner asks some again when
    /// it builds each conjecture's transitions.
    answered: FxHashMap<Question, Option<Vec<i64>>>,
    /// Questions answered from `answered`.
    pub repeated: u64,
    /// Questions with a set at some position go to a session (else each
    /// is one bounded model checking run with the question as data).
    pub use_sessions: bool,
    /// "Does it write other than...?" questions are first answered by
    /// running the program on a few inputs of their sets, the solver
    /// asked only where those agree.
    pub run_first: bool,
    /// Where the run is, for a watcher (see [`crate::status`]).
    pub status: Option<std::sync::Arc<crate::status::Status>>,
}

impl Oracle {
    pub fn new(
        harnessed: Harnessed,
        mut options: SymexOptions,
        bits: u32,
    ) -> Result<Oracle, OracleError> {
        let p = &harnessed.program;
        options.unwind_set.extend(harness_unwinding(p));
        let missing = |what: &str| OracleError::Unknown(format!("the harness has no `{what}`"));
        let query = p
            .global_by_name("__lore_q")
            .ok_or_else(|| missing("__lore_q"))?;
        let emit = p
            .function_by_name("__lore_emit")
            .ok_or_else(|| missing("__lore_emit"))?;
        let end = p
            .function_by_name("__lore_end")
            .ok_or_else(|| missing("__lore_end"))?;
        let reads = symbol_reads(p);
        let globals = HarnessGlobals::of(p);
        Ok(Oracle {
            bits,
            globals,
            sessions: Vec::new(),
            sessions_made: 0,
            answered: FxHashMap::default(),
            repeated: 0,
            use_sessions: true,
            run_first: true,
            reads,
            harnessed,
            query,
            emit,
            end,
            options,
            solver_calls: 0,
            runs: 0,
            slack: Slack::default(),
            deadline: None,
            log: None,
            status: None,
        })
    }

    /// The loops (by `unwind_set` name) that needed more rounds than the
    /// input's length to answer, with how many more.
    pub fn loop_slack(&self) -> Vec<(String, u32)> {
        self.slack.cut()
    }

    pub fn program(&self) -> &Program {
        &self.harnessed.program
    }

    /// Why a solver call answered nothing: the deadline (a solver stops
    /// there), else the solver itself.
    fn gave_up(&self) -> OracleError {
        match self.in_time() {
            Err(e) => e,
            Ok(()) => OracleError::Unknown("the solver gave up".into()),
        }
    }

    fn in_time(&self) -> Result<(), OracleError> {
        match self.deadline {
            Some(d) if std::time::Instant::now() > d => Err(OracleError::OutOfTime),
            _ => Ok(()),
        }
    }

    fn set_question(
        &mut self,
        tape: &[Values],
        mode: Mode,
        expect: &Expectation,
    ) -> Result<(), OracleError> {
        let q = question_block(tape, mode, expect)?;
        self.install(&q);
        Ok(())
    }

    /// Makes `q` the harness's question block.
    fn install(&mut self, q: &[i32]) {
        let program = &mut self.harnessed.program;
        let ty = program.types.array_of(
            lore_frontend::types::TypeTable::INT,
            lore_frontend::types::ArrayLen::Fixed(q.len() as u64),
        );
        let global = &mut program.globals[self.query.0 as usize];
        global.ty = ty;
        global.bytes = Some(q.iter().flat_map(|w| w.to_le_bytes()).collect());
    }

    /// An input with these values whose last step is as `mode` asks, or
    /// `None` when there is none.
    pub fn find(
        &mut self,
        tape: &[Values],
        mode: Mode,
        expect: &Expectation,
    ) -> Result<Option<Vec<i64>>, OracleError> {
        let question = (tape.to_vec(), mode, expect.to_vec());
        if let Some(known) = self.answered.get(&question) {
            self.repeated += 1;
            return Ok(known.clone());
        }
        let found = match mode {
            Mode::Differs if self.run_first => match self.difference_by_running(tape, expect)? {
                Some(input) => Some(input),
                None => self.ask(tape, mode, expect)?,
            },
            _ => self.ask(tape, mode, expect)?,
        };
        self.answered.insert(question, found.clone());
        Ok(found)
    }

    /// A "does it write other than...?" question answered yes by running
    /// the program: the last position at the first symbol of each class
    /// of the expectation (and at the end, where both allow it), every
    /// other position at its first symbol, one of them also at its last.
    /// Many such questions whose answer is yes are answered so, without
    /// the solver (in the session test, 73 to 92 of the 234 questions
    /// asked of each program); `None` says only that these runs agree.
    fn difference_by_running(
        &mut self,
        tape: &[Values],
        expect: &Expectation,
    ) -> Result<Option<Vec<i64>>, OracleError> {
        let Some((last, before)) = tape.split_last() else {
            return Ok(None);
        };
        // Every earlier position at its first value; the first one with
        // more than one value also at its last, in a second prefix.
        let mut first: Vec<i64> = Vec::with_capacity(tape.len());
        let mut top = None;
        for (p, values) in before.iter().enumerate() {
            let Some(low) = values.symbols.first() else {
                return Ok(None);
            };
            first.push(i64::from(low));
            let high = values.symbols.intervals().last().map_or(low, |i| i.1);
            if top.is_none() && high != low {
                top = Some((p, i64::from(high)));
            }
        }
        let mut prefixes = vec![first.clone()];
        if let Some((p, high)) = top {
            first[p] = high;
            prefixes.push(first);
        }
        let mut currents: Vec<i64> = Vec::new();
        for (values, _) in expect {
            let x = if values.end && last.end {
                Some(-1)
            } else {
                values
                    .symbols
                    .intersect(&last.symbols)
                    .first()
                    .map(i64::from)
            };
            if let Some(x) = x.filter(|x| !currents.contains(x)) {
                currents.push(x);
            }
        }
        for prefix in &prefixes {
            for &x in &currents {
                let mut input = prefix.clone();
                input.push(x);
                let output = match self.run(&input) {
                    Ok(run) => run.output,
                    // A failure of the program on an input of the
                    // question's sets is the solver's answer too.
                    Err(e @ (OracleError::OutOfTime | OracleError::Program { .. })) => {
                        return Err(e)
                    }
                    // The solver is asked instead, and says why.
                    Err(_) => continue,
                };
                if !in_session::agrees(expect, &input, &output, self.bits) {
                    return Ok(Some(input));
                }
            }
        }
        Ok(None)
    }

    fn ask(
        &mut self,
        tape: &[Values],
        mode: Mode,
        expect: &Expectation,
    ) -> Result<Option<Vec<i64>>, OracleError> {
        if self.use_sessions && self.globals.is_some() && !tape.iter().all(Values::is_single) {
            return self.find_in_session(tape, mode, expect);
        }
        self.set_question(tape, mode, expect)?;
        self.in_time()?;
        let started_all = std::time::Instant::now();
        let report = loop {
            let mut options = self.slack.options(&self.options, tape.len());
            options.deadline = self.deadline;
            self.solver_calls += 1;
            crate::status::tell(self.status.as_ref(), |s| {
                s.step(format!(
                    "bounded model checking of a question on {} symbols",
                    tape.len()
                ));
                s.execution();
                s.solver_call();
            });
            let report = verify(&self.harnessed.program, &options)
                .map_err(|e| OracleError::Unknown(e.to_string()))?;
            // A solver stopped at the deadline answers nothing.
            self.in_time()?;
            // Loops of the program that need more than the input's length:
            // a larger bound for this question and the later ones.
            let program = &self.harnessed.program;
            let cut: Vec<String> = report
                .properties
                .iter()
                .filter(|p| !matches!(p.status, Status::Holds))
                .filter_map(|p| cut_name(program, &p.kind))
                .collect();
            if !cut.is_empty() && self.slack.widen(&cut) {
                self.sessions.clear();
                self.in_time()?;
                continue;
            }
            break report;
        };
        let seconds = started_all.elapsed().as_secs_f64();
        let wanted = match mode {
            Mode::Ends => "lore: the step ends",
            Mode::Differs => "lore: the step writes the expected output",
            Mode::Agrees => "lore: the step writes other output",
        };
        let mut found = None;
        for p in &report.properties {
            let step = p.description.starts_with("lore: the step");
            match &p.status {
                Status::Holds => {}
                Status::Fails { inputs, .. } if p.description == wanted => {
                    found = Some(concrete_tape(tape, symbols_read(&self.reads, inputs)));
                }
                Status::Fails { .. } | Status::Unknown(_) if step => {}
                Status::Fails { inputs, .. } => {
                    return Err(OracleError::Program {
                        what: p.description.trim_start_matches("lore: ").to_string(),
                        input: concrete_tape(tape, symbols_read(&self.reads, inputs)),
                    })
                }
                Status::Unknown(why) => {
                    return Err(OracleError::Unknown(format!("{}: {why}", p.name)))
                }
            }
        }
        self.log_question(
            tape,
            mode,
            expect,
            &found,
            seconds,
            (report.encoding.variables, report.encoding.clauses),
        );
        Ok(found)
    }

    fn log_question(
        &mut self,
        tape: &[Values],
        mode: Mode,
        expect: &Expectation,
        found: &Option<Vec<i64>>,
        seconds: f64,
        (variables, clauses): (u32, u64),
    ) {
        let Some(log) = &mut self.log else { return };
        log.push(format!(
            "{:>5}  {}  {}: {} ({:.1} ms, {} variables, {} clauses)",
            self.solver_calls,
            show_question(tape),
            match mode {
                Mode::Ends => "does the step end?".to_string(),
                Mode::Differs => format!("does it write other than {}?", show_expectation(expect)),
                Mode::Agrees => format!("does it write {}?", show_expectation(expect)),
            },
            match found {
                Some(w) => format!("yes, {}", show_input(w).trim_start_matches("on ")),
                None => "no".into(),
            },
            1000.0 * seconds,
            variables,
            clauses
        ));
    }

    /// The output of the last step of `input` (its last symbol -1 for the
    /// end of the input), run concretely.
    pub fn run(&mut self, input: &[i64]) -> Result<StepRun, OracleError> {
        let observed = self.run_observing(input, vec![self.emit])?;
        let output = observed
            .iter()
            .map(|(_, v)| v.unwrap_or(0) as u32)
            .collect();
        Ok(StepRun { output })
    }

    /// What each step of `input` writes (the end of the input's step
    /// last), from one concrete run; `None` where the harness has no
    /// input and output functions of its own to observe.
    pub fn run_steps(&mut self, input: &[u32]) -> Result<Option<Vec<Vec<u32>>>, OracleError> {
        let program = &self.harnessed.program;
        let (Some(read), Some(write)) = (
            program.function_by_name("__lore_input"),
            program.function_by_name("__lore_output"),
        ) else {
            return Ok(None);
        };
        let mut word: Vec<i64> = input.iter().map(|&v| i64::from(v)).collect();
        word.push(-1);
        let observed = self.run_observing(&word, vec![read, write])?;
        let mask = crate::model::max_symbol(self.bits);
        let mut steps: Vec<Vec<u32>> = Vec::new();
        for (f, v) in observed {
            if f == read {
                // Reads after the end belong to the end's step.
                if steps.len() <= input.len() {
                    steps.push(Vec::new());
                }
            } else if let Some(step) = steps.last_mut() {
                step.push(v.unwrap_or(0) as u32 & mask);
            }
        }
        Ok((steps.len() == input.len() + 1).then_some(steps))
    }

    /// Runs the harness on `input` (the end -1 last) until the step at
    /// its last position ends; the calls of `observing` on the way.
    fn run_observing(
        &mut self,
        input: &[i64],
        observing: Vec<FunctionId>,
    ) -> Result<Vec<(FunctionId, Option<i128>)>, OracleError> {
        let tape: Vec<Values> = input
            .iter()
            .map(|&v| {
                if v < 0 {
                    Values::end()
                } else {
                    Values::symbol(v as u32)
                }
            })
            .collect();
        self.set_question(&tape, Mode::Ends, &[])?;
        self.in_time()?;
        self.runs += 1;
        let program = &self.harnessed.program;
        let mut all = observing.clone();
        all.push(self.end);
        let mut interp = Interpreter::new(
            program,
            self.options.check_kinds.clone(),
            SafetyChecks::default(),
            Vec::new(),
        )
        .observing(all)
        .without_trace();
        let replay = interp.run();
        let ended = interp.observed.iter().any(|(f, _)| *f == self.end);
        match replay {
            Replay::Violated { name, .. } if ended && name_is_step(program, &name) => {}
            Replay::Violated { name, .. } => {
                return Err(OracleError::Program {
                    what: description(program, &name),
                    input: input.to_vec(),
                })
            }
            Replay::Stuck(why) => return Err(OracleError::Unknown(why)),
            Replay::Passed | Replay::AssumptionFailed { .. } => {
                return Err(OracleError::Unknown(format!(
                    "the concrete run of {input:?} did not reach the end of its step"
                )))
            }
        }
        Ok(interp
            .observed
            .into_iter()
            .filter(|(f, _)| observing.contains(f))
            .collect())
    }
}

/// The words of a question as the query harness reads them (see
/// [`crate::harness::query_harness`]), or why it does not fit.
fn question_block(
    tape: &[Values],
    mode: Mode,
    expect: &Expectation,
) -> Result<Vec<i32>, OracleError> {
    if tape.is_empty() || tape.len() > MAX_TAPE {
        return Err(OracleError::TooLarge(format!(
            "an input of {} symbols (at most {MAX_TAPE})",
            tape.len()
        )));
    }
    let n = tape.len() - 1;
    let mut q: Vec<i32> = vec![n as i32, 0, mode as i32];
    q.resize(3 + tape.len(), 0);
    for (p, values) in tape.iter().enumerate() {
        q[3 + p] = q.len() as i32;
        q.extend(values.words());
    }
    let mut class_sets = Vec::new();
    for (values, _) in expect {
        class_sets.push(q.len() as i32);
        q.extend(values.words());
    }
    q[1] = q.len() as i32;
    q.push(expect.len() as i32);
    for ((_, terms), set) in expect.iter().zip(class_sets) {
        if terms.len() > MAX_STEP_OUTPUT {
            return Err(OracleError::TooLarge(format!(
                "{} output symbols in one step",
                terms.len()
            )));
        }
        q.extend([set, terms.len() as i32]);
        for t in terms {
            q.extend(match *t {
                Term::Const(c) => [0, 0, c as i32],
                Term::Symbol { back, offset } => [1, back as i32, offset],
                Term::Hex {
                    back,
                    nibble,
                    upper,
                } => [if upper { 3 } else { 2 }, back as i32, i32::from(nibble)],
                Term::Decimal { back, place } => [4, back as i32, i32::from(place)],
            });
        }
    }
    if q.len() > QUERY_WORDS {
        return Err(OracleError::TooLarge(format!(
            "{} words (at most {QUERY_WORDS})",
            q.len()
        )));
    }
    // The block is as long as the question (rounded up, so that few
    // array types are made): a constant of the harness's whole
    // capacity would be carried through every symbolic execution.
    q.resize(q.len().next_multiple_of(64), 0);
    Ok(q)
}

/// A question's positions: single symbols as they are, sets by their guard.
fn show_question(tape: &[Values]) -> String {
    let shown: Vec<String> = tape
        .iter()
        .map(|v| match (v.end, v.symbols.count()) {
            (false, 1) => format!("{}", v.symbols.first().unwrap_or(0)),
            (true, 0) => "end".into(),
            (true, _) => format!("{}|end", v.symbols),
            (false, _) => v.symbols.to_string(),
        })
        .collect();
    format!("after {}", shown.join(" "))
}

fn show_expectation(expect: &Expectation) -> String {
    let classes: Vec<String> = expect
        .iter()
        .map(|(v, terms)| {
            let guard = if v.end && v.symbols.is_empty() {
                "end".to_string()
            } else {
                v.symbols.to_string()
            };
            format!("{guard} / {}", crate::model::show_output(terms))
        })
        .collect();
    classes.join(", ")
}

/// An input for a message: its symbols up to the end (-1).
pub fn show_input(input: &[i64]) -> String {
    let symbols: Vec<i64> = input.iter().copied().take_while(|&v| v >= 0).collect();
    if symbols.is_empty() {
        return "on the empty input".into();
    }
    format!("on the input {}", show_symbols(&symbols))
}

/// Symbols as a quoted string where they are printable ASCII, else as a
/// list of numbers.
pub fn show_symbols(symbols: &[i64]) -> String {
    let text: Option<String> = symbols
        .iter()
        .map(|&v| {
            u8::try_from(v)
                .ok()
                .filter(|b| (0x20..0x7f).contains(b))
                .map(char::from)
        })
        .collect();
    match text {
        Some(t) => format!("{t:?}"),
        None => format!("{symbols:?}"),
    }
}

fn description(program: &Program, name: &str) -> String {
    program
        .properties
        .iter()
        .find(|p| p.name == name)
        .map(|p| p.description.trim_start_matches("lore: ").to_string())
        .unwrap_or_else(|| name.to_string())
}

fn name_is_step(program: &Program, name: &str) -> bool {
    program
        .properties
        .iter()
        .any(|p| p.name == name && p.description.starts_with("lore: the step"))
}

/// The whole input of a counterexample: the question's single symbols and
/// the symbols read at the other positions, in order.
fn concrete_tape(tape: &[Values], read: Vec<i64>) -> Vec<i64> {
    let mut read = read.into_iter();
    tape.iter()
        .map(|v| {
            let single = !v.end && v.symbols.count() == 1;
            let only_end = v.end && v.symbols.is_empty();
            if single {
                i64::from(v.symbols.first().unwrap_or(0))
            } else if only_end {
                -1
            } else {
                read.next().unwrap_or(-1)
            }
        })
        .collect()
}
