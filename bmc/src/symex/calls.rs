//! Calls, inlined: a frame per call with the bound on recursion, and a
//! call through a function pointer as one inlined call per function whose
//! address was taken.

use super::{CheckKind, Executor, Frame, Returned, State};
use crate::layout::function_object_id;
use crate::ssa::{Binary, TermId, FALSE};
use lore_frontend::ir::{Callee, Expr, Function, FunctionId, Place};
use lore_frontend::source::Loc;

impl Executor<'_> {
    pub(super) fn call(
        &mut self,
        mut state: State,
        function: FunctionId,
        args: Vec<TermId>,
        loc: Loc,
    ) -> Returned {
        let f = self.program.function(function);
        let Some(body) = &f.body else {
            let name = f.name.clone();
            self.unsupported(
                &mut state,
                &format!("call of `{name}`, which has no body"),
                loc,
            );
            return Returned { state, value: None };
        };
        // Recursion bound: the function may be active at most k times below its first call.
        let active = state
            .frames
            .iter()
            .filter(|fr| fr.function == function)
            .count() as u32;
        let bound = self
            .options
            .unwind_set
            .get(&f.name)
            .copied()
            .unwrap_or(self.options.unwind);
        if active > 0 && active > bound {
            let g = state.guard;
            if self.options.unwinding_assertions {
                let name = format!("{}.recursion", f.name);
                self.check(
                    &state,
                    CheckKind::Recursion { function },
                    name,
                    format!("recursion of `{}` deeper than the bound", f.name),
                    loc,
                    g,
                );
            } else {
                self.bound_cut = self.terms.or(self.bound_cut, g);
            }
            state.guard = FALSE;
            return Returned { state, value: None };
        }
        // The frame's objects start afresh; parameters hold the arguments.
        let mut objects = Vec::with_capacity(f.locals.len());
        for l in 0..f.locals.len() {
            let id = self.local_object(function, l as u32, active);
            if state.memory.len() <= id.index() {
                state.memory.resize(id.index() + 1, None);
            }
            state.memory[id.index()] = None;
            state.live.remove(&id);
            objects.push(id);
        }
        for (i, a) in args.into_iter().enumerate().take(f.params) {
            let ty = f.locals[i].ty;
            let stored = self.to_memory(a, ty);
            state.memory[objects[i].index()] = Some(stored);
        }
        state.frames.push(Frame { function, objects });
        if let Some(&letter) = self
            .options
            .events
            .as_ref()
            .and_then(|e| e.function_entry.get(&function))
        {
            self.event(&mut state, letter);
        }
        let returns = self.run_body(state, f, body);
        let mut merged: Option<(State, Option<TermId>)> = None;
        for (mut st, value) in returns {
            st.frames.pop();
            merged = Some(match merged {
                None => (st, value),
                Some((prev, pv)) => {
                    let v = match (value, pv) {
                        (Some(a), Some(b)) => Some(self.terms.ite(st.guard, a, b)),
                        (a, b) => a.or(b),
                    };
                    (self.merge(st, prev), v)
                }
            });
        }
        match merged {
            Some((state, value)) => {
                // A value-returning function that falls off its end returns an unknown value.
                Returned { state, value }
            }
            None => {
                // No path returns.
                let dead = State::dead();
                Returned {
                    state: dead,
                    value: None,
                }
            }
        }
    }

    /// A call through a function pointer: one inlined call per function whose
    /// address was taken and whose signature fits, each under `pointer ==
    /// &function`; a pointer equal to none of them is reported unsupported.
    fn call_indirect(
        &mut self,
        state: State,
        pointer: TermId,
        args: Vec<TermId>,
        loc: Loc,
    ) -> Returned {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let mut rest = state.guard;
        let mut merged = State::dead();
        let mut value: Option<TermId> = None;
        let mut value_missing = false;
        for function in self.address_taken.clone() {
            let callee = self.program.function(function);
            if callee.params != args.len()
                || callee.locals[..callee.params]
                    .iter()
                    .zip(&args)
                    .any(|(l, &a)| self.value_bits(l.ty).max(1) != self.terms.width(a))
            {
                continue;
            }
            let id = function_object_id(pw, ob, function);
            let addr = self.object_address(id);
            let hit = self.terms.binary(Binary::Eq, pointer, addr);
            let guard = self.terms.and(state.guard, hit);
            if guard == FALSE {
                continue;
            }
            let miss = self.terms.not(hit);
            rest = self.terms.and(rest, miss);
            let mut branch = state.clone();
            branch.guard = guard;
            let returned = self.call(branch, function, args.clone(), loc);
            value = match (value, returned.value) {
                (None, v) if !value_missing => v,
                (Some(acc), Some(v)) if self.terms.width(acc) == self.terms.width(v) => {
                    Some(self.terms.ite(hit, v, acc))
                }
                _ => {
                    value_missing = true;
                    None
                }
            };
            merged = self.merge(merged, returned.state);
        }
        if rest != FALSE {
            let mut stray = state;
            stray.guard = rest;
            self.unsupported(
                &mut stray,
                "call through a pointer that may not point to a function of the right type",
                loc,
            );
        }
        Returned {
            state: merged,
            value,
        }
    }

    /// A call statement: the callee (through a pointer, or not) and the
    /// arguments are evaluated, the call is inlined and its value stored in
    /// `dest`.
    pub(super) fn call_statement(
        &mut self,
        state: &mut State,
        f: &Function,
        dest: Option<&Place>,
        callee: &Callee,
        args: &[Expr],
        loc: Loc,
    ) {
        let pointer = match callee {
            Callee::Direct(_) => None,
            Callee::Indirect(e) => Some(self.value(state, f, e)),
        };
        let mut values = Vec::new();
        for a in args {
            let v = self.value(state, f, a);
            values.push(v);
        }
        if state.guard == FALSE {
            return;
        }
        let taken = std::mem::replace(state, State::dead());
        let returned = match (callee, pointer) {
            (Callee::Direct(function), _) => self.call(taken, *function, values, loc),
            (_, Some(p)) => self.call_indirect(taken, p, values, loc),
            _ => unreachable!("an indirect call has a pointer"),
        };
        *state = returned.state;
        if state.guard == FALSE {
            return;
        }
        if let (Some(d), Some(v)) = (dest, returned.value) {
            let ty = self.program.place_type(f, d);
            let stored = self.to_memory(v, ty);
            self.store(state, f, d, stored, loc);
        }
    }
}
