//! The questions about one prefix, encoded once.
//!
//! The learner asks many questions with the same positions before the
//! current one (a prefix) and different sets for the current symbol,
//! modes and expectations. A [`StepSession`] executes the query harness
//! once for the prefix, with the current position free (any symbol or the
//! end), and records where the step ends the current symbol, the earlier
//! positions and what the step wrote (`SymexOptions::observe`). Each
//! question is then a small circuit over those values — the set, and the
//! expectation's class of λ0 with its terms — under a fresh activation
//! literal, and one solver call.
//!
//! The same question asked of the harness with the question as data
//! ([`crate::oracle::Oracle::find`] without a session) gives the same
//! answer: the circuit here says what the harness's C says
//! (`__lore_in`, `__lore_term`, `__lore_matches`), and the tests compare
//! the two on every symbol of small alphabets.

use crate::model::{max_symbol, Term};
use crate::oracle::{Expectation, Mode, Values};
use lore_bmc::session::Session;
use lore_bmc::solver::SolveResult;
use lore_bmc::ssa::{Binary, TermId, Terms, FALSE, TRUE};
use lore_bmc::symex::Observed;
use lore_frontend::ir::{GlobalId, Program};

/// The harness's globals a session observes.
#[derive(Clone, Copy, Debug)]
pub struct HarnessGlobals {
    pub tape: GlobalId,
    pub out: GlobalId,
    pub nout: GlobalId,
    pub reads: GlobalId,
}

impl HarnessGlobals {
    pub fn of(program: &Program) -> Option<HarnessGlobals> {
        let find = |name: &str| program.global_by_name(name);
        Some(HarnessGlobals {
            tape: find("__lore_tape")?,
            out: find("__lore_out")?,
            nout: find("__lore_nout")?,
            reads: find("__lore_reads")?,
        })
    }

    /// The slices observed for a tape of `positions` positions: the reads,
    /// the output's length, each output symbol, each position (ints).
    pub fn slices(&self, positions: usize, max_output: usize) -> Vec<Observed> {
        let int = |global: GlobalId, i: usize| Observed {
            global,
            low: 32 * i as u32,
            width: 32,
        };
        let mut v = vec![int(self.reads, 0), int(self.nout, 0)];
        v.extend((0..max_output).map(|i| int(self.out, i)));
        v.extend((0..positions).map(|i| int(self.tape, i)));
        v
    }
}

/// Where a check's observed values are: the layout of
/// [`HarnessGlobals::slices`].
struct View<'a> {
    observed: &'a [TermId],
    max_output: usize,
}

impl View<'_> {
    fn reads(&self) -> TermId {
        self.observed[0]
    }
    fn nout(&self) -> TermId {
        self.observed[1]
    }
    fn out(&self, i: usize) -> TermId {
        self.observed[2 + i]
    }
    fn tape(&self, p: usize) -> TermId {
        self.observed[2 + self.max_output + p]
    }
}

/// What a session found.
pub enum Found {
    /// A model of the question: its inputs (replayed by the caller).
    Yes(lore_bmc::check::Witness),
    No,
    /// A check other than the step's end can fail on the question's set:
    /// its index (the model's witness with it).
    Fails(usize, lore_bmc::check::Witness),
    /// The solver gave up.
    Unknown,
}

pub struct StepSession {
    /// The positions before the current one: a single symbol (or the end)
    /// fixed in the harness, or `None` for a position left free, whose set
    /// each question gives.
    pub prefix: Vec<Option<Values>>,
    /// The harness's question block the session was executed with (a
    /// replay of its models runs the harness with it).
    pub block: Vec<i32>,
    /// The generation of the loop bounds the session was made with.
    pub slack: u32,
    pub session: Session,
    /// The check of the step's end (`None`: no execution reaches it).
    step_end: Option<usize>,
    max_output: usize,
    bits: u32,
    /// Can a check other than the step's end fail for some current symbol?
    /// Then every question also asks whether one does on its set.
    others_fail: bool,
    /// Where the other checks' failures on the current symbol are asked.
    others: Vec<usize>,
}

impl StepSession {
    /// `session` executed the harness with `prefix` and a free current
    /// position; `step_end` names the check of the step's end, where
    /// there is one.
    pub fn new(
        prefix: Vec<Option<Values>>,
        block: Vec<i32>,
        slack: u32,
        mut session: Session,
        step_end: Option<usize>,
        max_output: usize,
        bits: u32,
    ) -> Result<StepSession, SolveResult> {
        let others: Vec<usize> = (0..session.checks().len())
            .filter(|&i| Some(i) != step_end)
            .collect();
        let mut any = session.bound_cut();
        for &i in &others {
            let v = session.checks()[i].violated;
            any = session.terms().or(any, v);
        }
        let others_fail = if any == FALSE {
            false
        } else {
            let lit = session.literal(any);
            match session.solve(&[lit]) {
                SolveResult::Unsat => false,
                SolveResult::Sat => true,
                unknown @ SolveResult::Unknown => return Err(unknown),
            }
        };
        Ok(StepSession {
            prefix,
            block,
            slack,
            session,
            step_end,
            max_output,
            bits,
            others_fail,
            others,
        })
    }

    /// Can some check other than the step's end fail, on some symbol?
    pub fn others_fail(&self) -> bool {
        self.others_fail
    }

    /// Where a check fails with each free position that was read in its
    /// set of `tape` (a check before a position is read fails whatever its
    /// set).
    fn fails_on(&mut self, check: usize, tape: &[Values]) -> TermId {
        let c = &self.session.checks()[check];
        let (violated, observed) = (c.violated, c.observed.clone());
        let view = View {
            observed: &observed,
            max_output: self.max_output,
        };
        let free = self.free_positions();
        let terms = self.session.terms();
        let mut ok = violated;
        for p in free {
            let pc = terms.constant(p as u128, 32);
            let read = terms.binary(Binary::Slt, pc, view.reads());
            let within = in_set(terms, view.tape(p), &tape[p]);
            let not_read = terms.not(read);
            let fine = terms.or(not_read, within);
            ok = terms.and(ok, fine);
        }
        ok
    }

    /// The positions whose sets the questions give (the current one last).
    fn free_positions(&self) -> Vec<usize> {
        let n = self.prefix.len();
        (0..n)
            .filter(|&p| self.prefix[p].is_none())
            .chain([n])
            .collect()
    }

    /// Asks for an input in the sets of `tape` (whose fixed positions are
    /// the session's) whose step at its last position is as `mode` says
    /// of `expect`.
    pub fn find(&mut self, tape: &[Values], mode: Mode, expect: &Expectation) -> Found {
        if self.others_fail {
            let mut any = FALSE;
            for i in self.others.clone() {
                let t = self.fails_on(i, tape);
                any = self.session.terms().or(any, t);
            }
            if any != FALSE {
                let lit = self.session.literal(any);
                match self.session.solve(&[lit]) {
                    SolveResult::Unsat => {}
                    SolveResult::Unknown => return Found::Unknown,
                    SolveResult::Sat => {
                        for i in self.others.clone() {
                            let v = self.session.checks()[i].violated;
                            if self.session.value(v) == Some(1) {
                                return Found::Fails(i, self.session.witness());
                            }
                        }
                        return Found::Unknown;
                    }
                }
            }
        }
        let goal = self.goal(tape, mode, expect);
        if goal == FALSE {
            return Found::No;
        }
        let lit = self.session.literal(goal);
        match self.session.solve(&[lit]) {
            SolveResult::Unsat => Found::No,
            SolveResult::Unknown => Found::Unknown,
            SolveResult::Sat => Found::Yes(self.session.witness()),
        }
    }

    /// The question as a one-bit term: the step ends with each free
    /// position in its set of `tape` and its output is as `mode` asks.
    fn goal(&mut self, tape: &[Values], mode: Mode, expect: &Expectation) -> TermId {
        let Some(step_end) = self.step_end else {
            return FALSE;
        };
        let c = &self.session.checks()[step_end];
        let (violated, observed) = (c.violated, c.observed.clone());
        let view = View {
            observed: &observed,
            max_output: self.max_output,
        };
        let n = self.prefix.len();
        let bits = self.bits;
        let free = self.free_positions();
        let terms = self.session.terms();
        let mut ends = violated;
        for p in free {
            let within = in_set(terms, view.tape(p), &tape[p]);
            ends = terms.and(ends, within);
        }
        let wanted = match mode {
            Mode::Ends => TRUE,
            Mode::Differs => {
                let m = matches(terms, &view, n, expect, bits);
                terms.not(m)
            }
            Mode::Agrees => matches(terms, &view, n, expect, bits),
        };
        terms.and(ends, wanted)
    }
}

/// `x` (a 32-bit int, -1 at the end) is in `values`: the harness's
/// `__lore_in`.
fn in_set(terms: &mut Terms, x: TermId, values: &Values) -> TermId {
    let mut any = FALSE;
    if values.end {
        let end = terms.constant(u32::MAX.into(), 32);
        let is_end = terms.binary(Binary::Eq, x, end);
        any = terms.or(any, is_end);
    }
    for &(lo, hi) in values.symbols.intervals() {
        let (l, h) = (terms.constant(lo.into(), 32), terms.constant(hi.into(), 32));
        let above = terms.binary(Binary::Sle, l, x);
        let below = terms.binary(Binary::Sle, x, h);
        let both = terms.and(above, below);
        any = terms.or(any, both);
    }
    any
}

/// The step's output is what the class of `x` in `expect` says (true where
/// no class holds `x`): the harness's `__lore_matches`.
fn matches(
    terms: &mut Terms,
    view: &View<'_>,
    n: usize,
    expect: &Expectation,
    bits: u32,
) -> TermId {
    let x = view.tape(n);
    let mut m = TRUE;
    for (values, out) in expect.iter().rev() {
        let here = in_set(terms, x, values);
        let len = terms.constant(out.len() as u128, 32);
        let mut body = terms.binary(Binary::Eq, view.nout(), len);
        for (i, t) in out.iter().enumerate() {
            let v = term_value(terms, view, n, *t, bits);
            let same = terms.binary(Binary::Eq, view.out(i), v);
            body = terms.and(body, same);
        }
        m = terms.ite(here, body, m);
    }
    m
}

/// A term's value over the tape (-2, which no output equals, where it
/// looks before the input or at its end): the harness's `__lore_term`.
fn term_value(terms: &mut Terms, view: &View<'_>, n: usize, t: Term, bits: u32) -> TermId {
    let int = |terms: &mut Terms, v: u32| terms.constant(v.into(), 32);
    let none = terms.constant(u128::from((-2i32) as u32), 32);
    let value = match t {
        Term::Const(c) => return int(terms, c),
        Term::Symbol { back, .. } | Term::Hex { back, .. } | Term::Decimal { back, .. } => {
            let Some(pos) = n.checked_sub(back as usize) else {
                return none;
            };
            view.tape(pos)
        }
    };
    let zero = int(terms, 0);
    let at_end = terms.binary(Binary::Slt, value, zero);
    let v = match t {
        Term::Const(_) => unreachable!("returned above"),
        Term::Symbol { offset, .. } => {
            let off = terms.constant(u128::from(offset as u32), 32);
            let sum = terms.binary(Binary::Add, value, off);
            let mask = int(terms, max_symbol(bits));
            terms.binary(Binary::And, sum, mask)
        }
        Term::Hex { nibble, upper, .. } => {
            let shift = int(terms, 4 * u32::from(nibble));
            let shifted = terms.binary(Binary::LShr, value, shift);
            let fifteen = int(terms, 15);
            let d = terms.binary(Binary::And, shifted, fifteen);
            let ten = int(terms, 10);
            let digit = terms.binary(Binary::Ult, d, ten);
            let zero_char = int(terms, u32::from(b'0'));
            let as_digit = terms.binary(Binary::Add, d, zero_char);
            let letter = int(terms, u32::from(if upper { b'A' } else { b'a' }) - 10);
            let as_letter = terms.binary(Binary::Add, d, letter);
            terms.ite(digit, as_digit, as_letter)
        }
        Term::Decimal { place, .. } => {
            let scale = int(terms, 10u32.pow(u32::from(place)));
            let ten = int(terms, 10);
            let q = terms.binary(Binary::UDiv, value, scale);
            let d = terms.binary(Binary::URem, q, ten);
            let zero_char = int(terms, u32::from(b'0'));
            terms.binary(Binary::Add, d, zero_char)
        }
    };
    terms.ite(at_end, none, v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a tape of constants the terms fold: every term kind on every
    /// 8-bit symbol and the end, against [`Term::eval`].
    #[test]
    fn term_values_fold_to_what_eval_says() {
        let mut kinds = vec![Term::Const(7)];
        for back in 0..3 {
            for offset in [-3, 0, 1, 200] {
                kinds.push(Term::Symbol { back, offset });
            }
            for nibble in 0..2 {
                for upper in [false, true] {
                    kinds.push(Term::Hex {
                        back,
                        nibble,
                        upper,
                    });
                }
            }
            for place in 0..3 {
                kinds.push(Term::Decimal { back, place });
            }
        }
        for v in -1i64..256 {
            let mut terms = Terms::new();
            // Positions: 42, v, 9 (the current one last).
            let tape: Vec<i64> = vec![42, v, 9];
            let mut observed = vec![terms.constant(0, 32), terms.constant(0, 32)];
            observed.extend(
                tape.iter()
                    .map(|&x| terms.constant(u128::from(x as i32 as u32), 32)),
            );
            let view = View {
                observed: &observed,
                max_output: 0,
            };
            for n in 1..3 {
                let window: Vec<Option<u32>> = tape[..=n]
                    .iter()
                    .rev()
                    .map(|&x| u32::try_from(x).ok())
                    .collect();
                for &t in &kinds {
                    let got = term_value(&mut terms, &view, n, t, 8);
                    let got = terms.as_const(got).expect("a constant") as u32;
                    let want = t.eval(&window, 8).unwrap_or((-2i32) as u32);
                    assert_eq!(got, want, "{t:?} at {n} on {tape:?}");
                }
            }
        }
    }
}
