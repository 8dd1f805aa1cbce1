//! Statements and control flow of the replay: calls (a frame of objects
//! per call, with symbolic execution's ids), a body block by block, and
//! each statement, recording the trace and the event word.

use super::show::{place_name, show_value};
use super::{
    from_bytes, mask, signed_value, Flow, Interpreter, Replay, Stop, TraceStep, Waypoint,
    WaypointKind,
};
use crate::layout::{LocalObject, ObjectId};
use lore_frontend::ir::{
    Callee, Expr, ExprKind, Function, FunctionId, HaltKind, Place, PropertyKind, StmtKind,
    Terminator,
};
use lore_frontend::source::Loc;
use lore_frontend::types::{TypeId, TypeTable};

impl Interpreter<'_> {
    pub(super) fn call(&mut self, id: FunctionId, args: Vec<Vec<u8>>) -> Result<Flow, Stop> {
        let f = self.program.function(id);
        let Some(body) = &f.body else {
            return Err(Replay::Stuck(format!(
                "call of `{}`, which has no body",
                f.name
            )));
        };
        let depth = self.active.iter().filter(|&&a| a == id).count();
        let mut locals: Vec<ObjectId> = Vec::with_capacity(f.locals.len());
        for (i, l) in f.locals.iter().enumerate() {
            let key = LocalObject {
                function: id,
                local: i as u32,
                depth: depth as u32,
            };
            let next = self
                .layout
                .and_then(|m| m.get(&key).copied())
                .unwrap_or(self.next_id);
            let oid = *self.local_ids.entry(key).or_insert(next);
            if oid == next {
                self.next_id.0 += 1;
            }
            let size = self.size(l.ty).max(1);
            self.memory.insert(oid, vec![0; size]);
            locals.push(oid);
        }
        for (i, a) in args.into_iter().enumerate() {
            self.memory.insert(locals[i], a);
        }
        self.active.push(id);
        if let Some(&l) = self.events.and_then(|e| e.function_entry.get(&id)) {
            self.word.push(l);
        }
        let result = self.run_body(f, body, &mut locals);
        self.active.pop();
        result
    }

    /// A call statement: the callee (through a pointer, or not), the
    /// arguments, the call (traced unless it is Lore's library) and its
    /// value stored in `dest`; `Some(Halt)` when the callee halted.
    fn call_statement(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        dest: Option<&Place>,
        callee: &Callee,
        args: &[Expr],
        loc: Loc,
    ) -> Result<Option<Flow>, Stop> {
        let id = match callee {
            Callee::Direct(id) => *id,
            Callee::Indirect(e) => {
                let p = self.value(f, locals, e)?;
                self.function_at(p).ok_or_else(|| {
                    Replay::Stuck("call through a pointer that is not a function".into())
                })?
            }
        };
        let callee_f = self.program.function(id);
        let mut values = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let pty = callee_f.locals.get(i).map_or(a.ty, |l| l.ty);
            let v = if self.types().is_scalar(a.ty) {
                let v = self.value(f, locals, a)?;
                self.to_bytes(v, pty)
            } else {
                self.aggregate(f, locals, a)?
            };
            values.push(v);
        }
        if self.observe.contains(&id) {
            let first = values.first().map(|b| {
                let w = (8 * b.len().min(16)) as u32;
                signed_value(from_bytes(b), w, true)
            });
            self.observed.push((id, first));
        }
        if !callee_f.is_lore_library && self.tracing {
            let shown: Vec<String> = args
                .iter()
                .zip(&values)
                .map(|(a, v)| self.value_text(v, a.ty))
                .collect();
            let params: Vec<String> = (0..callee_f.params)
                .map(|i| callee_f.locals[i].name.clone())
                .zip(shown)
                .map(|(n, v)| format!("{n}={v}"))
                .collect();
            self.trace.push(TraceStep {
                function: f.name.clone(),
                loc,
                text: format!("call {}({})", callee_f.name, params.join(", ")),
            });
        }
        let result = self.call(id, values)?;
        self.at = loc;
        match result {
            Flow::Halt => return Ok(Some(Flow::Halt)),
            Flow::Return(v) => {
                if let (Some(d), Some(v)) = (dest, v) {
                    self.store(f, locals, d, &v)?;
                }
            }
        }
        Ok(None)
    }

    /// One row of `sampled`: the values of the sampled expressions now.
    fn sample(&mut self, f: &Function, locals: &mut Vec<ObjectId>) -> Result<(), Stop> {
        let Some((g, at, exprs)) = self.sample_at.take() else {
            return Ok(());
        };
        let row: Result<Vec<i128>, Stop> = exprs
            .iter()
            .map(|e| {
                let v = self.value(f, locals, e)?;
                let ty = self.types();
                Ok(signed_value(v, ty.bit_width(e.ty), ty.is_signed(e.ty)))
            })
            .collect();
        self.sample_at = Some((g, at, exprs));
        self.sampled.push(row?);
        if self.sampled.len() >= self.samples_wanted {
            return Err(Replay::Stuck("sampled enough".into()).into());
        }
        Ok(())
    }

    fn run_body(
        &mut self,
        f: &Function,
        body: &lore_frontend::ir::Body,
        locals: &mut Vec<ObjectId>,
    ) -> Result<Flow, Stop> {
        let mut pc = 0usize;
        loop {
            let block = &body.blocks[pc];
            if self
                .sample_at
                .as_ref()
                .is_some_and(|(g, at, _)| pc == *at && self.active.last() == Some(g))
            {
                self.sample(f, locals)?;
            }
            for stmt in &block.stmts {
                self.at = stmt.loc;
                if let Some(flow) = self.statement(f, locals, &stmt.kind, stmt.loc)? {
                    return Ok(flow);
                }
            }
            self.at = block.term_loc;
            self.steps_left = self
                .steps_left
                .checked_sub(1)
                .ok_or_else(|| Replay::Stuck("too many steps".into()))?;
            match &block.term {
                Terminator::Goto(t) => pc = t.index(),
                Terminator::Branch {
                    cond,
                    then_block,
                    else_block,
                } => {
                    let c = self.value(f, locals, cond)?;
                    if block.from_if {
                        self.waypoints.push(Waypoint {
                            function: f.name.clone(),
                            loc: block.term_loc,
                            kind: WaypointKind::Branch { taken: c != 0 },
                        });
                    }
                    if let Some(events) = self.events {
                        let function = *self.active.last().expect("a function runs");
                        let block = lore_frontend::ir::BlockId(pc as u32);
                        if let Some(&l) = events.branch.get(&(function, block, c != 0)) {
                            self.word.push(l);
                        }
                    }
                    pc = if c != 0 {
                        then_block.index()
                    } else {
                        else_block.index()
                    };
                }
                Terminator::Switch {
                    value,
                    cases,
                    default,
                } => {
                    let v = self.value(f, locals, value)?;
                    pc = cases
                        .iter()
                        .find(|(k, _)| *k == v)
                        .map_or(default.index(), |(_, t)| t.index());
                }
                Terminator::Return(value) => {
                    let ret = self
                        .types()
                        .function_type(f.ty)
                        .map_or(TypeTable::VOID, |t| t.ret);
                    let v = match value {
                        // A struct or union is returned by value: all its bytes.
                        Some(e) if !self.types().is_scalar(e.ty) => {
                            Some(self.aggregate(f, locals, e)?)
                        }
                        Some(e) => {
                            let v = self.value(f, locals, e)?;
                            Some(self.to_bytes(v, ret))
                        }
                        None if ret != TypeTable::VOID => Some(self.next_scalar_input(ret)),
                        None => None,
                    };
                    self.returned_at = block.term_loc;
                    return Ok(Flow::Return(v));
                }
                Terminator::Halt(HaltKind::Exit)
                    if self.check_kinds.contains(&PropertyKind::EndOfMain) =>
                {
                    return Err(Replay::Violated {
                        name: crate::symex::END_OF_MAIN.to_string(),
                        loc: block.term_loc,
                    })
                }
                Terminator::Halt(kind @ (HaltKind::Exit | HaltKind::Abort)) => {
                    self.heap_at_end(block.term_loc, *kind == HaltKind::Abort)?;
                    return Ok(Flow::Halt);
                }
                Terminator::Halt(HaltKind::AfterError) => return Ok(Flow::Halt),
                Terminator::Unterminated => return Err(Replay::Stuck("unterminated block".into())),
            }
        }
    }

    /// Executes a statement; `Some(Halt)` when a callee halted the program.
    fn statement(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        stmt: &StmtKind,
        loc: Loc,
    ) -> Result<Option<Flow>, Stop> {
        match stmt {
            StmtKind::Assign { place, value } => {
                let ty = self.program.place_type(f, place);
                let bytes = match value.kind {
                    ExprKind::Zero => vec![0; self.size(ty).max(1)],
                    _ if !self.types().is_scalar(ty) => self.aggregate(f, locals, value)?,
                    _ => {
                        let v = self.value(f, locals, value)?;
                        self.to_bytes(v, ty)
                    }
                };
                let shown = self
                    .tracing
                    .then(|| self.place_text(f, locals, place).ok())
                    .flatten();
                self.store(f, locals, place, &bytes)?;
                self.trace_assign(f, place, shown, loc, &bytes, ty);
            }
            StmtKind::Nondet { place } => {
                let ty = self.program.place_type(f, place);
                let function = *self.active.last().expect("a function runs");
                let bytes = if let Some(values) = self.nondet_by_function.get_mut(&function) {
                    let v = values.pop_front().ok_or_else(|| {
                        Replay::Stuck(format!("no value left for `{}`'s input", f.name))
                    })?;
                    self.to_bytes(v & mask(self.types().bit_width(ty).max(1)), ty)
                } else if self.types().is_scalar(ty) {
                    self.next_scalar_input(ty)
                } else {
                    let size = self.size(ty).max(1);
                    self.next_input(size)
                };
                let shown = self
                    .tracing
                    .then(|| self.place_text(f, locals, place).ok())
                    .flatten();
                self.store(f, locals, place, &bytes)?;
                self.waypoints.push(Waypoint {
                    function: f.name.clone(),
                    loc,
                    kind: WaypointKind::Input {
                        ty,
                        bytes: bytes.clone(),
                    },
                });
                self.trace_assign(f, place, shown, loc, &bytes, ty);
            }
            StmtKind::Declare { local } => {
                let size = self.dyn_size(locals, f.local(*local).ty).max(1);
                if size > 1 << 21 {
                    return Err(Replay::Stuck(
                        "variable-length array too large to replay".into(),
                    ));
                }
                let bytes = self.next_input(size);
                self.memory.insert(locals[local.0 as usize], bytes);
            }
            StmtKind::Call { dest, callee, args } => {
                if let Some(flow) =
                    self.call_statement(f, locals, dest.as_ref(), callee, args, loc)?
                {
                    return Ok(Some(flow));
                }
            }
            StmtKind::Assume { cond } => {
                if self.value(f, locals, cond)? == 0 {
                    return Err(Replay::AssumptionFailed { loc });
                }
            }
            StmtKind::Assert { cond, property } => {
                let holds = self.value(f, locals, cond)? != 0;
                let p = self.program.property(*property);
                if !holds {
                    if self.check_kinds.contains(&p.kind) {
                        self.goes_on(Replay::Violated {
                            name: p.name.clone(),
                            loc,
                        })?;
                        return Ok(None);
                    }
                    // An unchecked assertion that fails ends the run, as C's
                    // assert does; an unchecked `_Learn_assert` only marks what
                    // to learn, so the run goes on (as symbolic execution).
                    if p.kind != PropertyKind::LearnAssertion {
                        return Ok(Some(Flow::Halt));
                    }
                }
            }
            StmtKind::Allocate {
                dest,
                kind,
                size,
                old,
                ..
            } => {
                self.allocate(f, locals, dest, *kind, size, old.as_ref())?;
            }
            StmtKind::Free { ptr } => {
                let p = self.value(f, locals, ptr)?;
                self.free(p)?;
            }
            StmtKind::Memory { op, args } => {
                let mut values = Vec::new();
                for a in args {
                    values.push(self.value(f, locals, a)?);
                }
                self.memory_op(*op, &values)?;
            }
            StmtKind::String { op, dest, args } => {
                let mut values = Vec::new();
                for a in args {
                    values.push(self.value(f, locals, a)?);
                }
                self.string_op(f, locals, *op, dest.as_ref(), &values)?;
            }
            StmtKind::Unsupported { what } => {
                return Err(Replay::Stuck(format!("unsupported: {what}")))
            }
        }
        Ok(None)
    }

    /// Records `place = value`; `shown` is the place as it was evaluated
    /// before the store.
    fn trace_assign(
        &mut self,
        f: &Function,
        place: &Place,
        shown: Option<String>,
        loc: Loc,
        bytes: &[u8],
        ty: TypeId,
    ) {
        if !self.tracing || (f.is_lore_library && loc.is_none()) {
            return;
        }
        let name = place_name(self.program, f, place);
        if name.starts_with('$') {
            return;
        }
        let name = shown.unwrap_or(name);
        let shown = match self.bit_field_width(f, place) {
            // What a bit-field holds: the value cut to its width.
            Some(width) => {
                let v = from_bytes(bytes) & mask(width);
                if self.types().is_signed(ty) {
                    signed_value(v, width, true).to_string()
                } else {
                    show_value(self.types(), v, ty)
                }
            }
            None => self.value_text(bytes, ty),
        };
        self.trace.push(TraceStep {
            function: f.name.clone(),
            loc,
            text: format!("{name} = {shown}"),
        });
    }
}
