//! The checks symbolic execution records: properties, optional safety
//! checks (each operation its own property), unsupported constructs (a
//! reachable one makes TRUE impossible) and the end of `main`; and the
//! event word a failing execution carries (with events on).

use super::{safety_check_name, Check, CheckKind, Executor, SafetyKind, State, Word, END_OF_MAIN};
use crate::ssa::{Binary, Step, TermId, FALSE};
use lore_frontend::ir::{Expr, Function, PropertyId, PropertyKind};
use lore_frontend::source::Loc;

impl Executor<'_> {
    /// Records a check that fails where `violated` holds; its index, or
    /// `None` inside an assumed block, where it is an assumption instead.
    /// The values of the observed slices are `state`'s.
    ///
    /// A point where the executor gives up (an unsupported construct, a
    /// value it cannot compute, its deadline) is never assumed away: it
    /// says nothing about the program, and the paths it ends never reach
    /// the checks after it — a k-induction step case whose assumed
    /// iteration ran out of time would otherwise hold vacuously.
    pub(super) fn check(
        &mut self,
        state: &State,
        kind: CheckKind,
        name: String,
        description: String,
        loc: Loc,
        violated: TermId,
    ) -> Option<usize> {
        if self.assuming && !matches!(kind, CheckKind::Unsupported { .. }) {
            self.assumed_bad = self.terms.or(self.assumed_bad, violated);
            return None;
        }
        let observed = self.observe(state);
        let index = match self.check_index.get(&name) {
            Some(&i) => {
                let prev = self.checks[i].violated;
                self.checks[i].violated = self.terms.or(prev, violated);
                let old = std::mem::take(&mut self.checks[i].observed);
                self.checks[i].observed = observed
                    .iter()
                    .zip(&old)
                    .map(|(&new, &old)| self.terms.ite(violated, new, old))
                    .collect();
                i
            }
            None => {
                self.check_index.insert(name.clone(), self.checks.len());
                self.checks.push(Check {
                    kind,
                    name,
                    description,
                    loc,
                    violated,
                    word: None,
                    observed,
                });
                self.checks.len() - 1
            }
        };
        self.steps.push(Step::Check {
            property: index,
            violated,
            loc,
        });
        Some(index)
    }

    /// The values of `SymexOptions::observe`'s slices in `state`.
    fn observe(&mut self, state: &State) -> Vec<TermId> {
        let options = self.options;
        options
            .observe
            .iter()
            .map(|o| {
                let id = crate::layout::global_object(o.global);
                match state.memory.get(id.index()).copied().flatten() {
                    Some(bits) => self.terms.extract(bits, o.low, o.width),
                    None => self.terms.constant(0, o.width),
                }
            })
            .collect()
    }

    /// With `PropertyKind::EndOfMain` checked: the path reaches the end of
    /// `main` here (its return, or `exit`).
    pub(super) fn end_of_main(&mut self, state: &State, loc: Loc) {
        if !self.options.check_kinds.contains(&PropertyKind::EndOfMain) || state.guard == FALSE {
            return;
        }
        let index = self.check(
            state,
            CheckKind::EndOfMain,
            END_OF_MAIN.to_string(),
            "the end of main is reached".to_string(),
            loc,
            state.guard,
        );
        if let Some(index) = index {
            let word = state.word.clone();
            self.attach_word(index, &word, state.guard);
        }
    }

    /// Records `word` as check `index`'s word where `violated` (an execution
    /// fails at most once, so the instances never overlap).
    fn attach_word(&mut self, index: usize, word: &Option<Word>, violated: TermId) {
        let Some(word) = word else { return };
        let merged = match self.checks[index].word.take() {
            None => word.clone(),
            Some(old) => self.ite_word(violated, word, &old),
        };
        self.checks[index].word = Some(merged);
    }

    pub(super) fn ite_word(&mut self, c: TermId, a: &Word, b: &Word) -> Word {
        Word {
            len: self.terms.ite(c, a.len, b.len),
            letters: a
                .letters
                .iter()
                .zip(&b.letters)
                .map(|(&x, &y)| self.terms.ite(c, x, y))
                .collect(),
        }
    }

    /// Appends `letter` to the path's event word (a word already longer
    /// than the bound stays marked as too long).
    pub(super) fn event(&mut self, state: &mut State, letter: u32) {
        let options = self.options;
        let (Some(events), Some(word)) = (&options.events, state.word.as_mut()) else {
            return;
        };
        let (max, lw) = (u128::from(events.max_len), events.length_bits());
        let value = self
            .terms
            .constant(u128::from(letter) + 1, events.letter_bits());
        for (j, slot) in word.letters.iter_mut().enumerate() {
            let jc = self.terms.constant(j as u128, lw);
            let here = self.terms.binary(Binary::Eq, word.len, jc);
            *slot = self.terms.ite(here, value, *slot);
        }
        let over = self.terms.constant(max + 1, lw);
        let full = self.terms.binary(Binary::Eq, word.len, over);
        let one = self.terms.constant(1, lw);
        let next = self.terms.binary(Binary::Add, word.len, one);
        word.len = self.terms.ite(full, over, next);
    }

    /// An optional safety check at the current statement: it fails where
    /// `bad` holds on this path; the path goes on only where it does not
    /// (everywhere, with `SymexOptions::checks_continue`).
    pub(super) fn safety(
        &mut self,
        state: &mut State,
        f: &Function,
        kind: SafetyKind,
        description: &str,
        bad: TermId,
    ) {
        let at = self.at;
        self.safety_at(state, f, kind, description, bad, at);
    }

    /// A safety check of the operation at `at` (the statement's location
    /// when the operation has none): each operation is its own property.
    pub(super) fn safety_at(
        &mut self,
        state: &mut State,
        f: &Function,
        kind: SafetyKind,
        description: &str,
        bad: TermId,
        at: Loc,
    ) {
        let violated = self.terms.and(state.guard, bad);
        let loc = if at.is_none() { self.at } else { at };
        let name = safety_check_name(&f.name, kind, loc);
        if violated == FALSE {
            // Decided by folding: still a property, listed and reported
            // (SUCCESS), as CBMC lists the checks it simplifies away.
            if !self.check_index.contains_key(&name) && !self.assuming {
                let observed = self.observe(state);
                self.check_index.insert(name.clone(), self.checks.len());
                self.checks.push(Check {
                    kind: CheckKind::Safety { kind },
                    name,
                    description: description.to_string(),
                    loc,
                    violated: FALSE,
                    word: None,
                    observed,
                });
            }
            return;
        }
        self.check(
            state,
            CheckKind::Safety { kind },
            name,
            description.to_string(),
            loc,
            violated,
        );
        if !self.options.checks_continue {
            let ok = self.terms.not(bad);
            state.guard = self.terms.and(state.guard, ok);
        }
    }

    /// A construct this executor cannot handle: the path stops here, and the
    /// point's reachability is a check (so TRUE is never claimed past it).
    pub(super) fn unsupported(&mut self, state: &mut State, reason: &str, loc: Loc) {
        let name = format!("unsupported.{}", reason);
        let g = state.guard;
        self.check(
            state,
            CheckKind::Unsupported {
                reason: reason.to_string(),
            },
            name,
            format!("unsupported: {reason}"),
            loc,
            g,
        );
        state.guard = FALSE;
    }

    /// A value that could not be computed on a path that is still live:
    /// the path must not silently end (that would hide every later error),
    /// so it ends as an unsupported construct, which makes TRUE impossible.
    /// Paths already ended (by an unsupported construct reported further
    /// down) stay as they are.
    pub(super) fn lost(&mut self, state: &mut State, what: &str) {
        if state.guard != FALSE {
            let loc = self.at;
            self.unsupported(state, what, loc);
        }
    }

    /// Where `bad` holds the path ends as unsupported (a check, so no
    /// verdict is claimed past it); elsewhere it goes on.
    pub(super) fn unsupported_where(
        &mut self,
        state: &mut State,
        bad: TermId,
        reason: &str,
        loc: Loc,
    ) {
        let violated = self.terms.and(state.guard, bad);
        if violated != FALSE {
            self.check(
                state,
                CheckKind::Unsupported {
                    reason: reason.to_string(),
                },
                format!("unsupported.{reason}"),
                format!("unsupported: {reason}"),
                loc,
                violated,
            );
        }
        let fine = self.terms.not(bad);
        state.guard = self.terms.and(state.guard, fine);
        self.steps.push(Step::Assume {
            guard: state.guard,
            loc,
        });
    }

    /// An assertion: a check where its property is checked (the others act
    /// as assumptions, but for `_Learn_assert`).
    pub(super) fn assert(
        &mut self,
        state: &mut State,
        f: &Function,
        cond: &Expr,
        property: PropertyId,
    ) {
        let c = self.value(state, f, cond);
        let p = self.program.property(property);
        let checked = self.options.check_kinds.contains(&p.kind);
        if checked {
            let nc = self.terms.not(c);
            let violated = self.terms.and(state.guard, nc);
            let index = self.check(
                state,
                CheckKind::Property(property),
                p.name.clone(),
                p.description.clone(),
                p.loc,
                violated,
            );
            if let Some(index) = index {
                let word = state.word.clone();
                self.attach_word(index, &word, violated);
            }
        }
        // After the assertion, executions continue only where it held
        // (a failing assertion ends the run), except past an unchecked
        // `_Learn_assert` (it marks what to learn and is not C's assert)
        // and past a checked one where asked to go on.
        let goes_on = if checked {
            self.options.checks_continue
        } else {
            p.kind == PropertyKind::LearnAssertion
        };
        if !goes_on {
            state.guard = self.terms.and(state.guard, c);
        }
    }
}
