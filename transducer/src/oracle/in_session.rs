//! Questions with a set at some position, asked in the session of their
//! shape ([`crate::session`]): made once per shape, each question one
//! solver call, each "yes" replayed and compared with the expectation.

use super::{
    concrete_tape, name_is_step, question_block, show_input, Expectation, Mode, Oracle,
    OracleError, Values,
};
use crate::harness::{cut_name, symbols_read, MAX_STEP_OUTPUT};
use crate::model::Guard;
use crate::session::{Found, StepSession};
use lore_bmc::interp::Replay;
use lore_bmc::session::Session;
use lore_bmc::symex::CheckKind;

/// Sessions kept: the learner asks about a few prefixes at a time.
const KEPT_SESSIONS: usize = 4;

impl Oracle {
    /// [`Oracle::find`] in the session of the question's prefix (made
    /// once for it): one solver call, and a replay of a "yes".
    pub(super) fn find_in_session(
        &mut self,
        tape: &[Values],
        mode: Mode,
        expect: &Expectation,
    ) -> Result<Option<Vec<i64>>, OracleError> {
        self.in_time()?;
        let started = std::time::Instant::now();
        let n = tape.len() - 1;
        // The question must fit the harness as the data path's would.
        question_block(tape, mode, expect)?;
        let prefix: Vec<Option<Values>> = tape[..n]
            .iter()
            .map(|v| v.is_single().then(|| v.clone()))
            .collect();
        self.session_for(&prefix)?;
        self.solver_calls += 1;
        crate::status::tell(self.status.as_ref(), |s| {
            s.step(format!("a solver call on step {} of the input", n + 1));
            s.solver_call();
        });
        let found = self.sessions[0].find(tape, mode, expect);
        self.in_time()?;
        let answer = match found {
            Found::No => None,
            Found::Unknown => return Err(self.gave_up()),
            Found::Fails(check, witness) => return Err(self.failure(tape, check, &witness)),
            Found::Yes(witness) => Some(self.confirmed(tape, mode, expect, &witness)?),
        };
        let stats = self.sessions[0].session.stats();
        self.log_question(
            tape,
            mode,
            expect,
            &answer,
            started.elapsed().as_secs_f64(),
            (stats.variables, stats.clauses),
        );
        Ok(answer)
    }

    /// Puts the session of `prefix` first, making it where it is not kept.
    fn session_for(&mut self, prefix: &[Option<Values>]) -> Result<(), OracleError> {
        if let Some(i) = self
            .sessions
            .iter()
            .position(|s| s.prefix == prefix && s.slack == self.slack.generation)
        {
            let s = self.sessions.remove(i);
            self.sessions.insert(0, s);
            return Ok(());
        }
        let globals = self.globals.expect("sessions need the harness's globals");
        let any = Values {
            symbols: Guard::full(self.bits),
            end: true,
        };
        let mut tape: Vec<Values> = prefix
            .iter()
            .map(|v| v.clone().unwrap_or_else(|| any.clone()))
            .collect();
        tape.push(any);
        let block = question_block(&tape, Mode::Ends, &[])?;
        self.install(&block);
        loop {
            let mut options = self.slack.options(&self.options, tape.len());
            options.deadline = self.deadline;
            options.observe = globals.slices(tape.len(), MAX_STEP_OUTPUT);
            crate::status::tell(self.status.as_ref(), |s| {
                s.step(format!(
                    "symbolic execution and encoding for {} known symbols and one more",
                    tape.len() - 1
                ));
                s.execution();
            });
            let mut session = Session::new(&self.harnessed.program, options)
                .map_err(|e| OracleError::Unknown(e.to_string()))?;
            self.sessions_made += 1;
            self.in_time()?;
            // Loops of the program that need more than the input's length
            // on some symbol: a larger bound for this prefix and the later ones.
            let mut cut = session.bound_cut();
            for i in 0..session.checks().len() {
                if cut_name(&self.harnessed.program, &session.checks()[i].kind).is_some() {
                    let v = session.checks()[i].violated;
                    cut = session.terms().or(cut, v);
                }
            }
            if cut != lore_bmc::ssa::FALSE {
                let lit = session.literal(cut);
                match session.solve(&[lit]) {
                    lore_bmc::solver::SolveResult::Unsat => {}
                    lore_bmc::solver::SolveResult::Sat => {
                        // The loops cut in this model (one more session
                        // finds any other).
                        let mut names = Vec::new();
                        for c in session.checks() {
                            if session.value(c.violated) == Some(1) {
                                names.extend(cut_name(&self.harnessed.program, &c.kind));
                            }
                        }
                        if names.is_empty() {
                            names.push(String::new());
                        }
                        if self.slack.widen(&names) {
                            self.sessions.clear();
                            continue;
                        }
                    }
                    lore_bmc::solver::SolveResult::Unknown => {
                        return Err(self.gave_up());
                    }
                }
            }
            let step_end = session
                .checks()
                .iter()
                .position(|c| c.description == "lore: the step ends");
            let s = StepSession::new(
                prefix.to_vec(),
                block,
                self.slack.generation,
                session,
                step_end,
                MAX_STEP_OUTPUT,
                self.bits,
            )
            .map_err(|_| self.gave_up())?;
            self.sessions.insert(0, s);
            self.sessions.truncate(KEPT_SESSIONS);
            return Ok(());
        }
    }

    /// The error a check other than the step's end makes, its model
    /// replayed.
    fn failure(
        &mut self,
        tape: &[Values],
        check: usize,
        witness: &lore_bmc::check::Witness,
    ) -> OracleError {
        // The replay runs the harness with the session's question block.
        let block = self.sessions[0].block.clone();
        self.install(&block);
        let s = &self.sessions[0];
        let c = &s.session.checks()[check];
        match &c.kind {
            CheckKind::Property(_) | CheckKind::Safety { .. } => {
                let (replay, _) = s
                    .session
                    .replay(&self.harnessed.program, witness, Vec::new());
                match replay {
                    Replay::Violated { name, .. } if name == c.name => OracleError::Program {
                        what: c.description.trim_start_matches("lore: ").to_string(),
                        input: concrete_tape(tape, symbols_read(&self.reads, &inputs_of(witness))),
                    },
                    other => OracleError::Unknown(format!(
                        "a failure of {} did not replay: {other:?}",
                        c.name
                    )),
                }
            }
            CheckKind::Unsupported { reason } => {
                OracleError::Unknown(format!("{}: unsupported: {reason}", c.name))
            }
            _ => OracleError::Unknown(format!(
                "{}: {}",
                c.name,
                lore_bmc::error::UnknownReason::BoundTooSmall
            )),
        }
    }

    /// The input of a "yes", once its replay reached the end of the step
    /// with the output the question asked for.
    fn confirmed(
        &mut self,
        tape: &[Values],
        mode: Mode,
        expect: &Expectation,
        witness: &lore_bmc::check::Witness,
    ) -> Result<Vec<i64>, OracleError> {
        // The replay runs the harness with the session's question block.
        let block = self.sessions[0].block.clone();
        self.install(&block);
        let s = &self.sessions[0];
        let input = concrete_tape(tape, symbols_read(&self.reads, &inputs_of(witness)));
        let (replay, observed) =
            s.session
                .replay(&self.harnessed.program, witness, vec![self.emit, self.end]);
        let output: Vec<u32> = observed
            .iter()
            .filter(|(f, _)| *f == self.emit)
            .map(|(_, v)| v.unwrap_or(0) as u32)
            .collect();
        let ended = observed.iter().any(|(f, _)| *f == self.end);
        let in_sets = input.len() == tape.len() && input.iter().zip(tape).all(|(&x, v)| v.holds(x));
        let replayed = matches!(&replay, Replay::Violated { name, .. } if name_is_step(&self.harnessed.program, name));
        let as_asked = match mode {
            Mode::Ends => true,
            Mode::Differs => !agrees(expect, &input, &output, self.bits),
            Mode::Agrees => agrees(expect, &input, &output, self.bits),
        };
        if replayed && ended && in_sets && as_asked {
            Ok(input)
        } else {
            Err(OracleError::Unknown(format!(
                "the solver's answer {} did not replay ({replay:?}, output {output:?})",
                show_input(&input)
            )))
        }
    }
}

/// A witness's inputs as [`symbols_read`] takes them.
fn inputs_of(w: &lore_bmc::check::Witness) -> Vec<(String, lore_frontend::source::Loc, Vec<u8>)> {
    w.inputs
        .iter()
        .map(|(n, l, v, _)| (n.clone(), *l, v.clone()))
        .collect()
}

/// Does the step's `output` on `input` (its last symbol the current one)
/// agree with `expect`: the class of the current symbol, where one holds
/// it, says exactly that output (the harness's `__lore_matches`).
pub fn agrees(expect: &Expectation, input: &[i64], output: &[u32], bits: u32) -> bool {
    let Some(&x) = input.last() else { return true };
    let class = expect.iter().find(|(v, _)| v.holds(x));
    let Some((_, terms)) = class else { return true };
    let window: Vec<Option<u32>> = input.iter().rev().map(|&v| u32::try_from(v).ok()).collect();
    terms.len() == output.len()
        && terms
            .iter()
            .zip(output)
            .all(|(t, &o)| t.eval(&window, bits) == Some(o))
}
