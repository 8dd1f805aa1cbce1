//! A concrete interpreter of the CFG IR, independent of symbolic execution:
//! a counterexample is reported only if running the program with its
//! nondet values fails the same property.
//!
//! Memory is one byte vector per object (little-endian, the layout of the
//! front end). Nondet values are consumed in execution order at the same
//! events symbolic execution makes inputs: `nondet` statements, declarations
//! (uninitialised locals), external globals and `main`'s parameters at the
//! start, and a value-returning function that returns no value.

mod show;
mod strings;
use crate::float::Format;
use crate::symex::{function_object_id, offset_bits, Events};
use lore_frontend::ir::{
    BinaryOp, Callee, Expr, ExprKind, Function, FunctionId, GlobalKind, HaltKind, Place, Program,
    PropertyKind, StmtKind, Terminator, UnaryOp,
};
use lore_frontend::source::Loc;
use lore_frontend::types::{FloatKind, TypeId, TypeKind, TypeTable};
use rustc_hash::FxHashMap;

/// How a replay ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replay {
    /// A property or safety check (by name) failed at this location.
    Violated { name: String, loc: Loc },
    /// The run ended without failing a checked property.
    Passed,
    /// An assumption did not hold: the inputs do not describe an execution.
    AssumptionFailed { loc: Loc },
    /// The interpreter cannot run this (a construct it does not model, or
    /// too many steps).
    Stuck(String),
}

/// One executed assignment, for the human-readable trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    pub function: String,
    pub loc: Loc,
    pub text: String,
}

/// A point of a replayed run that a witness of it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waypoint {
    pub function: String,
    pub loc: Loc,
    pub kind: WaypointKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaypointKind {
    /// A `nondet` statement read these bytes (little-endian) of type `ty`.
    Input { ty: TypeId, bytes: Vec<u8> },
    /// The branch of an `if` statement went this way (`loc` is the
    /// branch's, as the front end gave it).
    Branch { taken: bool },
}

/// Which optional safety checks the replay applies (as symbolic execution did).
#[derive(Clone, Copy, Debug, Default)]
pub struct SafetyChecks {
    pub div_by_zero: bool,
    pub signed_overflow: bool,
    pub undefined_shift: bool,
    pub bounds: bool,
    pub pointer: bool,
}

impl SafetyChecks {
    /// The checks symbolic execution made with `options`.
    pub fn of(options: &crate::symex::SymexOptions) -> SafetyChecks {
        SafetyChecks {
            div_by_zero: options.div_by_zero_check,
            signed_overflow: options.signed_overflow_check,
            undefined_shift: options.undefined_shift_check,
            bounds: options.bounds_check,
            pointer: options.pointer_check,
        }
    }
}

pub struct Interpreter<'p> {
    program: &'p Program,
    check_kinds: Vec<PropertyKind>,
    safety: SafetyChecks,
    /// Where the current statement is (names safety checks).
    at: Loc,
    function: String,
    inputs: std::vec::IntoIter<Vec<u8>>,
    /// The bytes of each object, by id (globals are `1 + index`).
    memory: FxHashMap<u32, Vec<u8>>,
    /// Object ids of locals, by (function, local, recursion depth).
    local_ids: FxHashMap<(FunctionId, usize, usize), u32>,
    next_id: u32,
    /// Functions active on the call stack.
    active: Vec<FunctionId>,
    steps_left: u64,
    pub trace: Vec<TraceStep>,
    /// What a witness of this run needs: nondet values where they were
    /// read, and the outcomes of `if` branches.
    pub waypoints: Vec<Waypoint>,
    /// The event points to record, and the letters of the run so far.
    events: Option<&'p Events>,
    pub word: Vec<u32>,
    /// Heap blocks, and those freed (for pointer checks).
    heap: rustc_hash::FxHashSet<u32>,
    freed: rustc_hash::FxHashSet<u32>,
    /// The address of the last access through a pointer (set by `locate`).
    deref: Option<u128>,
    /// Symbolic execution's object ids for locals, and the ids of the heap
    /// blocks still to allocate (so addresses match the counterexample's).
    layout: Option<&'p FxHashMap<(FunctionId, u32, u32), u32>>,
    allocations: std::collections::VecDeque<u32>,
}

enum Flow {
    Return(Option<Vec<u8>>),
    Halt,
}

type Stop = Replay;

impl<'p> Interpreter<'p> {
    pub fn new(
        program: &'p Program,
        check_kinds: Vec<PropertyKind>,
        safety: SafetyChecks,
        inputs: Vec<Vec<u8>>,
    ) -> Interpreter<'p> {
        Interpreter {
            program,
            check_kinds,
            safety,
            at: Loc::NONE,
            function: String::new(),
            inputs: inputs.into_iter(),
            memory: FxHashMap::default(),
            local_ids: FxHashMap::default(),
            next_id: program.globals.len() as u32 + 1,
            active: Vec::new(),
            steps_left: 50_000_000,
            trace: Vec::new(),
            waypoints: Vec::new(),
            events: None,
            word: Vec::new(),
            heap: Default::default(),
            freed: Default::default(),
            deref: None,
            layout: None,
            allocations: Default::default(),
        }
    }

    /// Lays memory out as symbolic execution did: its ids for locals, and
    /// for the heap blocks the counterexample allocates (in order).
    pub fn with_layout(mut self, symex: &'p crate::symex::Symex, allocations: Vec<u32>) -> Self {
        self.layout = Some(&symex.object_ids);
        self.next_id = self.next_id.max(symex.objects);
        self.allocations = allocations.into();
        self
    }

    /// The replay of a counterexample of `symex` (made with `options`):
    /// its inputs, its checks and its memory layout.
    pub fn replaying(
        program: &'p Program,
        options: &'p crate::symex::SymexOptions,
        symex: &'p crate::symex::Symex,
        witness: &crate::check::Witness,
    ) -> Interpreter<'p> {
        let inputs = witness.inputs.iter().map(|i| i.2.clone()).collect();
        let run = Interpreter::new(
            program,
            options.check_kinds.clone(),
            SafetyChecks::of(options),
            inputs,
        )
        .with_layout(symex, witness.allocations.clone());
        match &options.events {
            Some(events) => run.with_events(events),
            None => run,
        }
    }

    /// Records the run's event word (in `word`) over these event points.
    pub fn with_events(mut self, events: &'p Events) -> Interpreter<'p> {
        self.events = Some(events);
        self
    }

    fn safety_failure(&self, kind: &str) -> Stop {
        self.safety_failure_at(kind, Loc::NONE)
    }

    /// The failure of the check of the operation at `at` (named as
    /// symbolic execution names it: the statement's location without one).
    fn safety_failure_at(&self, kind: &str, at: Loc) -> Stop {
        let loc = if at.is_none() { self.at } else { at };
        Replay::Violated {
            name: crate::symex::safety_check_name(&self.function, kind, loc),
            loc,
        }
    }

    fn types(&self) -> &'p TypeTable {
        &self.program.types
    }

    fn size(&self, ty: TypeId) -> usize {
        self.types().size_of(ty).unwrap_or(0) as usize
    }

    /// Size of an object, with variable array lengths read from `locals`.
    fn dyn_size(&self, locals: &[u32], ty: TypeId) -> usize {
        match self.types().kind(ty) {
            lore_frontend::types::TypeKind::Array(
                elem,
                lore_frontend::types::ArrayLen::Variable(len),
            ) => {
                let n = self
                    .memory
                    .get(&locals[len.0 as usize])
                    .map_or(0, |b| from_bytes(b)) as usize;
                n.saturating_mul(self.dyn_size(locals, *elem))
            }
            lore_frontend::types::TypeKind::Array(
                elem,
                lore_frontend::types::ArrayLen::Fixed(n),
            ) => (*n as usize).saturating_mul(self.dyn_size(locals, *elem)),
            _ => self.size(ty),
        }
    }

    fn next_input(&mut self, bytes: usize) -> Vec<u8> {
        let mut v = self.inputs.next().unwrap_or_default();
        v.resize(bytes, 0);
        v
    }

    /// An input for a scalar value of type `ty` (a `_Bool` input is one bit).
    fn next_scalar_input(&mut self, ty: TypeId) -> Vec<u8> {
        let size = self.size(ty).max(1);
        let bytes = self.next_input(size);
        let width = self.types().bit_width(ty).max(1);
        let v = from_bytes(&bytes) & mask(width);
        self.to_bytes(v, ty)
    }

    /// Runs the initialiser and `main`.
    pub fn run(&mut self) -> Replay {
        let Some(entry) = self.program.entry else {
            return Replay::Stuck("no main".into());
        };
        for g in &self.program.globals {
            let size = self.size(g.ty).max(1);
            let bytes = match (&g.kind, &g.bytes) {
                (GlobalKind::External, _) => self.next_input(size),
                (_, Some(b)) => b.clone(),
                _ => vec![0; size],
            };
            let id = self.memory.len() as u32 + 1;
            self.memory.insert(id, bytes);
        }
        if let Err(stop) = self.call(self.program.init, Vec::new()) {
            return stop;
        }
        let main = self.program.function(entry);
        let args: Vec<Vec<u8>> = (0..main.params)
            .map(|i| {
                let ty = main.locals[i].ty;
                if self.types().is_scalar(ty) {
                    self.next_scalar_input(ty)
                } else {
                    let size = self.size(ty).max(1);
                    self.next_input(size)
                }
            })
            .collect();
        match self.call(entry, args) {
            Ok(Flow::Return(_)) if self.check_kinds.contains(&PropertyKind::EndOfMain) => {
                Replay::Violated {
                    name: crate::symex::END_OF_MAIN.to_string(),
                    loc: self.at,
                }
            }
            Ok(_) => Replay::Passed,
            Err(stop) => stop,
        }
    }

    fn call(&mut self, id: FunctionId, args: Vec<Vec<u8>>) -> Result<Flow, Stop> {
        let f = self.program.function(id);
        let Some(body) = &f.body else {
            return Err(Replay::Stuck(format!(
                "call of `{}`, which has no body",
                f.name
            )));
        };
        let depth = self.active.iter().filter(|&&a| a == id).count();
        let mut locals: Vec<u32> = Vec::with_capacity(f.locals.len());
        for (i, l) in f.locals.iter().enumerate() {
            let next = self
                .layout
                .and_then(|m| m.get(&(id, i as u32, depth as u32)).copied())
                .unwrap_or(self.next_id);
            let oid = *self.local_ids.entry((id, i, depth)).or_insert(next);
            if oid == next {
                self.next_id += 1;
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

    fn run_body(
        &mut self,
        f: &Function,
        body: &lore_frontend::ir::Body,
        locals: &mut Vec<u32>,
    ) -> Result<Flow, Stop> {
        let mut pc = 0usize;
        loop {
            let block = &body.blocks[pc];
            for stmt in &block.stmts {
                self.at = stmt.loc;
                self.function = f.name.clone();
                if let Some(flow) = self.statement(f, locals, &stmt.kind, stmt.loc)? {
                    return Ok(flow);
                }
                self.function = f.name.clone();
            }
            self.at = block.term_loc;
            self.function = f.name.clone();
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
                Terminator::Halt(HaltKind::Abort | HaltKind::Exit | HaltKind::AfterError) => {
                    return Ok(Flow::Halt)
                }
                Terminator::Unterminated => return Err(Replay::Stuck("unterminated block".into())),
            }
        }
    }

    /// Executes a statement; `Some(Halt)` when a callee halted the program.
    fn statement(
        &mut self,
        f: &Function,
        locals: &mut Vec<u32>,
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
                let shown = self.place_text(f, locals, place).ok();
                self.store(f, locals, place, &bytes)?;
                self.trace_assign(f, place, shown, loc, &bytes, ty);
            }
            StmtKind::Nondet { place } => {
                let ty = self.program.place_type(f, place);
                let bytes = if self.types().is_scalar(ty) {
                    self.next_scalar_input(ty)
                } else {
                    let size = self.size(ty).max(1);
                    self.next_input(size)
                };
                let shown = self.place_text(f, locals, place).ok();
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
                if !callee_f.is_lore_library {
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
                self.function = f.name.clone();
                self.at = loc;
                match result {
                    Flow::Halt => return Ok(Some(Flow::Halt)),
                    Flow::Return(v) => {
                        if let (Some(d), Some(v)) = (dest, v) {
                            self.store(f, locals, d, &v)?;
                        }
                    }
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
                        return Err(Replay::Violated {
                            name: p.name.clone(),
                            loc,
                        });
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
                let old_pointer = match old {
                    Some(e) => Some(self.value(f, locals, e)?),
                    None => None,
                };
                let n = self.value(f, locals, size)? as usize;
                let id = match self.allocations.pop_front() {
                    Some(id) => id,
                    None => {
                        self.next_id += 1;
                        self.next_id - 1
                    }
                };
                let mut bytes = if *kind == lore_frontend::ir::AllocKind::Calloc {
                    vec![0; n]
                } else {
                    self.next_input(n)
                };
                if let Some(p) = old_pointer {
                    // realloc: the old block's leading bytes move to the new one.
                    let old_id = (p >> self.offset_bits()) as u32;
                    let at_start = p & mask(self.offset_bits()) == 0;
                    if let (true, true, Some(old)) = (
                        at_start,
                        self.heap.contains(&old_id),
                        self.memory.get(&old_id),
                    ) {
                        let keep = old.len().min(n);
                        bytes[..keep].copy_from_slice(&old[..keep]);
                    }
                }
                self.memory.insert(id, bytes);
                if *kind != lore_frontend::ir::AllocKind::Alloca {
                    self.heap.insert(id);
                }
                if let Some(p) = old_pointer {
                    self.free(p)?;
                }
                let ty = self.program.place_type(f, dest);
                let addr = self.address(id, 0);
                let stored = self.to_bytes(addr, ty);
                self.store(f, locals, dest, &stored)?;
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
        if f.is_lore_library && loc.is_none() {
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

    fn to_bytes(&self, v: u128, ty: TypeId) -> Vec<u8> {
        let size = self.size(ty).max(1);
        (0..size)
            .map(|i| if i < 16 { (v >> (8 * i)) as u8 } else { 0 })
            .collect()
    }

    // ----- places -----

    fn pointer_bits(&self) -> u32 {
        self.program.model.pointer_bits()
    }

    fn offset_bits(&self) -> u32 {
        offset_bits(self.pointer_bits())
    }

    /// The function a pointer value points to, if any.
    fn function_at(&self, pointer: u128) -> Option<FunctionId> {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        if pointer & mask(ob) != 0 {
            return None;
        }
        let id = (pointer >> ob) as u32;
        let top = ((1u64 << (pw - ob)) - 1) as u32;
        let index = top.checked_sub(id)?;
        let function = FunctionId(index);
        (u64::from(index) < self.program.functions.len() as u64
            && function_object_id(pw, ob, function) == id)
            .then_some(function)
    }

    /// The address of byte `offset` of object `id`.
    fn address(&self, id: u32, offset: usize) -> u128 {
        (u128::from(id) << self.offset_bits()) + offset as u128
    }

    /// The byte address of a place (as symbolic execution computes it).
    fn address_of(
        &mut self,
        f: &Function,
        locals: &mut Vec<u32>,
        place: &Place,
    ) -> Result<u128, Stop> {
        let m = mask(self.pointer_bits());
        Ok(match place {
            Place::Local(l) => self.address(locals[l.0 as usize], 0),
            Place::Global(g) => self.address(g.0 + 1, 0),
            Place::Deref(p) => self.value(f, locals, p)?,
            Place::Field(base, i) => {
                let a = self.address_of(f, locals, base)?;
                let ty = self.program.place_type(f, base);
                let c = self.types().composite_id(ty).expect("a composite");
                let field = &self.types().composite(c).fields.as_ref().expect("complete")[*i];
                a.wrapping_add(u128::from(field.offset)) & m
            }
            Place::Index(base, index) => {
                let a = self.address_of(f, locals, base)?;
                let ty = self.program.place_type(f, base);
                let elem = self.types().element(ty).expect("an array");
                let i = self.value(f, locals, index)?;
                let i = signed_value(
                    i,
                    self.types().bit_width(index.ty),
                    self.types().is_signed(index.ty),
                );
                let size = self.dyn_size(locals, elem) as i128;
                (a as i128).wrapping_add(i.wrapping_mul(size)) as u128 & m
            }
        })
    }

    fn has_deref(place: &Place) -> bool {
        match place {
            Place::Deref(_) => true,
            Place::Field(b, _) | Place::Index(b, _) => Self::has_deref(b),
            _ => false,
        }
    }

    /// The object, byte offset and bit-field of a place. An access through a
    /// pointer to no object, or outside an array, is out of bounds.
    fn locate(
        &mut self,
        f: &Function,
        locals: &mut Vec<u32>,
        place: &Place,
    ) -> Result<(u32, usize, Option<(u32, u32)>), Stop> {
        if Self::has_deref(place) {
            let addr = self.address_of(f, locals, place)?;
            let bits = self.bit_field(f, place);
            let id = (addr >> self.offset_bits()) as u32;
            let off = (addr & mask(self.offset_bits())) as usize;
            self.deref = Some(addr);
            return Ok(match self.memory.get(&id) {
                Some(_) if id != 0 => (id, off, bits),
                _ => (0, OUT_OF_BOUNDS, bits),
            });
        }
        match place {
            Place::Local(l) => Ok((locals[l.0 as usize], 0, None)),
            Place::Global(g) => Ok((g.0 + 1, 0, None)),
            Place::Deref(_) => unreachable!("handled above"),
            Place::Field(base, i) => {
                let (obj, off, _) = self.locate(f, locals, base)?;
                if off == OUT_OF_BOUNDS {
                    return Ok((obj, OUT_OF_BOUNDS, None));
                }
                let ty = self.program.place_type(f, base);
                let c = self.types().composite_id(ty).expect("a composite");
                let field = &self.types().composite(c).fields.as_ref().expect("complete")[*i];
                Ok((
                    obj,
                    off + field.offset as usize,
                    field.bit_field.map(|b| (b.bit_offset, b.width)),
                ))
            }
            Place::Index(base, index) => {
                let (obj, off, _) = self.locate(f, locals, base)?;
                if off == OUT_OF_BOUNDS {
                    // Still evaluate the index (its effects on inputs and checks).
                    self.value(f, locals, index)?;
                    return Ok((obj, OUT_OF_BOUNDS, None));
                }
                let ty = self.program.place_type(f, base);
                let elem = self.types().element(ty).expect("an array");
                let i = self.value(f, locals, index)?;
                let i = signed_value(
                    i,
                    self.types().bit_width(index.ty),
                    self.types().is_signed(index.ty),
                );
                let len = self.dyn_size(locals, ty) / self.dyn_size(locals, elem).max(1);
                if i < 0 || i >= len as i128 {
                    if self.safety.bounds {
                        return Err(self.safety_failure("array-bounds"));
                    }
                    return Ok((obj, OUT_OF_BOUNDS, None));
                }
                let off = off as i128 + i * self.dyn_size(locals, elem) as i128;
                Ok((obj, off as usize, None))
            }
        }
    }

    /// `free(p)`: with pointer checks, `p` must be null or the start of a
    /// heap block not yet freed.
    fn free(&mut self, p: u128) -> Result<(), Stop> {
        if self.safety.pointer && p != 0 {
            let id = (p >> self.offset_bits()) as u32;
            let off = p & mask(self.offset_bits());
            if !self.heap.contains(&id) || off != 0 {
                return Err(self.safety_failure("pointer-invalid-free"));
            }
            if !self.freed.insert(id) {
                return Err(self.safety_failure("pointer-double-free"));
            }
        }
        Ok(())
    }

    /// `memset`, `memcpy`/`memmove` and havoc on bytes (as symbolic
    /// execution: a span that does not fit its object reads unknown bytes
    /// and writes nothing).
    fn memory_op(&mut self, op: lore_frontend::ir::MemoryOp, args: &[u128]) -> Result<(), Stop> {
        use lore_frontend::ir::MemoryOp;
        let ob = self.offset_bits();
        let split = |p: u128| ((p >> ob) as u32, (p & mask(ob)) as usize);
        let (dst, dst_off) = split(args[0]);
        if op == MemoryOp::Havoc {
            if let Some(len) = self.memory.get(&dst).filter(|_| dst != 0).map(Vec::len) {
                let fresh = self.next_input(len);
                let target = self.memory.get_mut(&dst).expect("checked");
                for k in dst_off.min(len)..len {
                    target[k] = fresh[k];
                }
            }
            return Ok(());
        }
        let n = args[2] as usize;
        if n == 0 {
            return Ok(());
        }
        let bytes = if op == MemoryOp::Set {
            vec![args[1] as u8; n]
        } else {
            self.check_pointer_at(args[1], n)?;
            let (src, src_off) = split(args[1]);
            match self
                .memory
                .get(&src)
                .filter(|m| src != 0 && src_off + n <= m.len())
            {
                Some(m) => m[src_off..src_off + n].to_vec(),
                None => self.next_input(n),
            }
        };
        self.check_pointer_at(args[0], n)?;
        if let Some(m) = self
            .memory
            .get_mut(&dst)
            .filter(|m| dst != 0 && dst_off + n <= m.len())
        {
            m[dst_off..dst_off + n].copy_from_slice(&bytes);
        }
        Ok(())
    }

    /// Pointer checks of an access of `len` bytes through the pointer
    /// `locate` just followed (if it followed one).
    fn check_pointer(&self, len: usize) -> Result<(), Stop> {
        match self.deref {
            Some(addr) => self.check_pointer_at(addr, len),
            None => Ok(()),
        }
    }

    /// Pointer checks of an access of `len` bytes at `addr`.
    fn check_pointer_at(&self, addr: u128, len: usize) -> Result<(), Stop> {
        if !self.safety.pointer {
            return Ok(());
        }
        let id = (addr >> self.offset_bits()) as u32;
        let off = (addr & mask(self.offset_bits())) as usize;
        if id == 0 {
            return Err(self.safety_failure("pointer-null"));
        }
        match self.memory.get(&id) {
            Some(m) if off + len <= m.len() => {}
            _ => return Err(self.safety_failure("pointer-invalid")),
        }
        if self.freed.contains(&id) {
            return Err(self.safety_failure("pointer-freed"));
        }
        Ok(())
    }

    fn bit_field(&self, f: &Function, place: &Place) -> Option<(u32, u32)> {
        let Place::Field(base, i) = place else {
            return None;
        };
        let ty = self.program.place_type(f, base);
        let c = self.types().composite_id(ty)?;
        self.types().composite(c).fields.as_ref()?[*i]
            .bit_field
            .map(|b| (b.bit_offset, b.width))
    }

    fn store(
        &mut self,
        f: &Function,
        locals: &mut Vec<u32>,
        place: &Place,
        bytes: &[u8],
    ) -> Result<(), Stop> {
        self.deref = None;
        let (obj, off, bits) = self.locate(f, locals, place)?;
        let unit = bits.map_or(bytes.len(), |(b, w)| (b + w).div_ceil(8) as usize);
        self.check_pointer(unit)?;
        if off == OUT_OF_BOUNDS {
            // Out of bounds: the write changes nothing (as in symbolic execution).
            return Ok(());
        }
        let Some(target) = self.memory.get_mut(&obj) else {
            return Ok(());
        };
        let unit = bits.map_or(bytes.len(), |(b, w)| (b + w).div_ceil(8) as usize);
        if off + unit > target.len() {
            // Outside the object: the write is lost (as in symbolic execution).
            return Ok(());
        }
        match bits {
            Some((bit_off, width)) => {
                let unit = (bit_off + width).div_ceil(8) as usize;
                if off + unit > target.len() {
                    return Err(Replay::Stuck("write outside its object".into()));
                }
                let mut word = from_bytes(&target[off..off + unit]);
                let v = from_bytes(bytes) & mask(width);
                word = (word & !(mask(width) << bit_off)) | (v << bit_off);
                for (i, b) in target[off..off + unit].iter_mut().enumerate() {
                    *b = (word >> (8 * i)) as u8;
                }
            }
            None => {
                if off + bytes.len() > target.len() {
                    return Err(Replay::Stuck("write outside its object".into()));
                }
                target[off..off + bytes.len()].copy_from_slice(bytes);
            }
        }
        Ok(())
    }

    fn load_bytes(
        &mut self,
        f: &Function,
        locals: &mut Vec<u32>,
        place: &Place,
        size: usize,
    ) -> Result<(Vec<u8>, Option<(u32, u32)>), Stop> {
        self.deref = None;
        let (obj, off, bits) = self.locate(f, locals, place)?;
        self.check_pointer(bits.map_or(size, |(b, w)| (b + w).div_ceil(8) as usize))?;
        if off == OUT_OF_BOUNDS {
            // Out of bounds: an unknown value (an input, as in symbolic execution).
            let len = bits.map_or(size, |(b, w)| (b + w).div_ceil(8) as usize);
            return Ok((self.next_input(len), bits));
        }
        let len = match bits {
            Some((b, w)) => (b + w).div_ceil(8) as usize,
            None => size,
        };
        let inside = self
            .memory
            .get(&obj)
            .filter(|m| off + len <= m.len())
            .map(|m| m[off..off + len].to_vec());
        match inside {
            Some(v) => Ok((v, bits)),
            // Outside the object: an unknown value (as in symbolic execution).
            None => Ok((self.next_input(len), bits)),
        }
    }

    // ----- values -----

    fn aggregate(
        &mut self,
        f: &Function,
        locals: &mut Vec<u32>,
        e: &Expr,
    ) -> Result<Vec<u8>, Stop> {
        match &e.kind {
            ExprKind::Load(place) => Ok(self.load_bytes(f, locals, place, self.size(e.ty))?.0),
            ExprKind::Zero => Ok(vec![0; self.size(e.ty).max(1)]),
            _ => Err(Replay::Stuck(
                "an aggregate value that is not a variable".into(),
            )),
        }
    }

    /// The value of a scalar expression, as bits of its type's width.
    fn value(&mut self, f: &Function, locals: &mut Vec<u32>, e: &Expr) -> Result<u128, Stop> {
        let ty = e.ty;
        // An aggregate has no scalar value: cutting it to a width would
        // silently replay something other than what symbolic execution did.
        assert!(
            self.types().is_scalar(ty),
            "the replay asked for the scalar value of an aggregate expression"
        );
        let w = self.types().bit_width(ty).max(1);
        let v = match &e.kind {
            ExprKind::Int(v) => *v,
            ExprKind::Float(bits) => {
                self.float_format(ty)?;
                u128::from(*bits)
            }
            ExprKind::Zero => 0,
            ExprKind::Load(place) => {
                if self.types().is_float(ty) {
                    self.float_format(ty)?;
                }
                let size = self.size(ty).max(1);
                let (bytes, bits) = self.load_bytes(f, locals, place, size)?;
                match bits {
                    Some((b, width)) => {
                        let raw = (from_bytes(&bytes) >> b) & mask(width);
                        if self.types().is_signed(ty) {
                            (signed_value(raw, width, true) as u128) & mask(w)
                        } else {
                            raw
                        }
                    }
                    None if ty == TypeTable::BOOL => u128::from(bytes[0] != 0),
                    None => from_bytes(&bytes),
                }
            }
            ExprKind::AddrOf(place) => self.address_of(f, locals, place)?,
            ExprKind::FunctionAddr(function) => {
                let id = function_object_id(self.pointer_bits(), self.offset_bits(), *function);
                self.address(id, 0)
            }
            ExprKind::Unary(op, a) => {
                let x = self.value(f, locals, a)?;
                if *op == UnaryOp::Neg
                    && self.safety.signed_overflow
                    && self.types().is_signed(a.ty)
                    && self.types().is_integer(a.ty)
                {
                    let wa = self.types().bit_width(a.ty);
                    if x & mask(wa) == 1u128 << (wa - 1) {
                        return Err(self.safety_failure("overflow"));
                    }
                }
                if self.types().is_float(a.ty) {
                    let fmt = self.float_format(a.ty)?;
                    return Ok(fp::unary(*op, fmt, x).ok_or_else(|| {
                        Replay::Stuck("a bit operation on a floating value".into())
                    })? & mask(w));
                }
                match op {
                    UnaryOp::Neg => x.wrapping_neg(),
                    UnaryOp::BitNot => !x,
                    UnaryOp::Not => u128::from(x == 0),
                    UnaryOp::FloatTest(_) | UnaryOp::FloatAbs => {
                        return Err(Replay::Stuck(
                            "a floating test of a non-floating value".into(),
                        ))
                    }
                }
            }
            ExprKind::Binary(op, a, b, at) => {
                if self.types().is_float(a.ty) {
                    let fmt = self.float_format(a.ty)?;
                    let x = self.value(f, locals, a)?;
                    let y = self.value(f, locals, b)?;
                    return fp::binary(*op, fmt, x, y)
                        .map(|v| v & mask(w))
                        .ok_or_else(|| Replay::Stuck("this operation on floating values".into()));
                }
                if matches!(op, BinaryOp::PtrAdd | BinaryOp::PtrDiff) {
                    let x = self.value(f, locals, a)?;
                    let y = self.value(f, locals, b)?;
                    let pw = self.pointer_bits();
                    let elem = self.types().pointee(a.ty).unwrap_or(TypeTable::CHAR);
                    let size = if elem == TypeTable::VOID {
                        1
                    } else {
                        self.dyn_size(locals, elem).max(1)
                    } as i128;
                    return Ok(if *op == BinaryOp::PtrAdd {
                        let n = signed_value(y, self.types().bit_width(b.ty).max(1), true);
                        ((x as i128).wrapping_add(n.wrapping_mul(size)) as u128) & mask(pw)
                    } else {
                        let d = signed_value(x.wrapping_sub(y) & mask(pw), pw, true);
                        (d.wrapping_div(size) as u128) & mask(w)
                    });
                }
                let x = self.value(f, locals, a)?;
                match op {
                    BinaryOp::And if x == 0 => 0,
                    BinaryOp::Or if x != 0 => 1,
                    BinaryOp::And | BinaryOp::Or => u128::from(self.value(f, locals, b)? != 0),
                    _ => {
                        let y = self.value(f, locals, b)?;
                        let wa = self.types().bit_width(a.ty).max(1);
                        let signed = self.types().is_signed(a.ty);
                        if self.safety.div_by_zero
                            && matches!(op, BinaryOp::Div | BinaryOp::Rem)
                            && y & mask(wa) == 0
                        {
                            return Err(self.safety_failure_at("division-by-zero", *at));
                        }
                        if self.safety.signed_overflow && signed && self.types().is_integer(a.ty) {
                            let (sx, sy) = (signed_value(x, wa, true), signed_value(y, wa, true));
                            let exact = match op {
                                BinaryOp::Add => sx.checked_add(sy),
                                BinaryOp::Sub => sx.checked_sub(sy),
                                BinaryOp::Mul => sx.checked_mul(sy),
                                BinaryOp::Div if sy != 0 => sx.checked_div(sy),
                                _ => Some(0),
                            };
                            let fits = |v: i128| {
                                wa >= 128 || (v >= -(1i128 << (wa - 1)) && v < (1i128 << (wa - 1)))
                            };
                            if !exact.is_some_and(fits) {
                                return Err(self.safety_failure_at("overflow", *at));
                            }
                        }
                        let wb = self.types().bit_width(b.ty).max(1);
                        if self.safety.undefined_shift
                            && matches!(op, BinaryOp::Shl | BinaryOp::Shr)
                            && self.types().is_integer(a.ty)
                        {
                            // As symbolic execution: distance outside
                            // 0..width, or a negative value shifted left.
                            let distance = y & mask(wb);
                            let negative_left =
                                *op == BinaryOp::Shl && signed && signed_value(x, wa, true) < 0;
                            if distance >= u128::from(wa) || negative_left {
                                return Err(self.safety_failure_at("undefined-shift", *at));
                            }
                        }
                        arith(*op, x, y, wa, signed, wb)?
                    }
                }
            }
            ExprKind::Cast(a) => {
                let x = self.value(f, locals, a)?;
                let (float_from, float_to) =
                    (self.types().is_float(a.ty), self.types().is_float(ty));
                if float_from || float_to {
                    let source = if float_from {
                        Some(self.float_format(a.ty)?)
                    } else {
                        None
                    };
                    let target = if float_to {
                        Some(self.float_format(ty)?)
                    } else {
                        None
                    };
                    let wa = self.types().bit_width(a.ty).max(1);
                    let signed = |t| self.types().is_signed(t);
                    let v = match (source, target) {
                        (Some(s), Some(d)) => fp::convert(s, d, x),
                        (Some(s), None) if ty == TypeTable::BOOL => u128::from(!fp::is_zero(s, x)),
                        (Some(s), None) => fp::to_int(s, x, w, signed(ty)).ok_or_else(|| {
                            Replay::Stuck(format!("a floating value to a {w}-bit integer"))
                        })?,
                        (None, Some(d)) => {
                            fp::from_int(d, x, wa, signed(a.ty)).ok_or_else(|| {
                                Replay::Stuck(format!("a {wa}-bit integer to a floating value"))
                            })?
                        }
                        (None, None) => unreachable!("a floating side"),
                    };
                    return Ok(v & mask(w));
                }
                if ty == TypeTable::BOOL {
                    u128::from(x != 0)
                } else {
                    let wa = self.types().bit_width(a.ty).max(1);
                    (signed_value(x, wa, self.types().is_signed(a.ty)) as u128) & mask(w)
                }
            }
            ExprKind::Ite(c, a, b) => {
                if self.value(f, locals, c)? != 0 {
                    self.value(f, locals, a)?
                } else {
                    self.value(f, locals, b)?
                }
            }
        };
        Ok(v & mask(w))
    }
}

/// The offset of a place whose array index is out of bounds.
const OUT_OF_BOUNDS: usize = usize::MAX;

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn from_bytes(bytes: &[u8]) -> u128 {
    bytes
        .iter()
        .take(16)
        .enumerate()
        .fold(0u128, |acc, (i, &b)| acc | u128::from(b) << (8 * i))
}

fn signed_value(v: u128, w: u32, signed: bool) -> i128 {
    let v = v & mask(w);
    if !signed || w >= 128 {
        return v as i128;
    }
    let s = 128 - w;
    ((v << s) as i128) >> s
}

/// Integer arithmetic of the IR (the semantics the circuits implement).
fn arith(op: BinaryOp, x: u128, y: u128, w: u32, signed: bool, wy: u32) -> Result<u128, Stop> {
    let m = mask(w);
    let (sx, sy) = (signed_value(x, w, signed), signed_value(y, wy, signed));
    let b = |c: bool| u128::from(c);
    let shift_amount = y & mask(wy);
    Ok(match op {
        BinaryOp::Add => x.wrapping_add(y),
        BinaryOp::Sub => x.wrapping_sub(y),
        BinaryOp::Mul => x.wrapping_mul(y),
        BinaryOp::Div if y == 0 => {
            if signed && sx < 0 {
                1
            } else {
                m
            }
        }
        BinaryOp::Rem if y == 0 => x,
        BinaryOp::Div => {
            if signed {
                sx.wrapping_div(sy) as u128
            } else {
                x / y
            }
        }
        BinaryOp::Rem => {
            if signed {
                sx.wrapping_rem(sy) as u128
            } else {
                x % y
            }
        }
        BinaryOp::Shl => {
            if shift_amount >= u128::from(w) {
                0
            } else {
                x << shift_amount
            }
        }
        BinaryOp::Shr => {
            if shift_amount >= u128::from(w) {
                if signed && sx < 0 {
                    m
                } else {
                    0
                }
            } else if signed {
                (sx >> shift_amount) as u128
            } else {
                x >> shift_amount
            }
        }
        BinaryOp::BitAnd => x & y,
        BinaryOp::BitOr => x | y,
        BinaryOp::BitXor => x ^ y,
        BinaryOp::Eq => b(x == y),
        BinaryOp::Ne => b(x != y),
        BinaryOp::Lt => b(if signed { sx < sy } else { x < y }),
        BinaryOp::Le => b(if signed { sx <= sy } else { x <= y }),
        BinaryOp::Gt => b(if signed { sx > sy } else { x > y }),
        BinaryOp::Ge => b(if signed { sx >= sy } else { x >= y }),
        BinaryOp::And | BinaryOp::Or => {
            unreachable!("short-circuit operators are evaluated by the caller")
        }
        BinaryOp::PtrAdd | BinaryOp::PtrDiff => {
            unreachable!("pointer arithmetic is evaluated by the caller")
        }
    })
}

fn place_name(program: &Program, f: &Function, place: &Place) -> String {
    match place {
        Place::Local(l) => f.local(*l).name.clone(),
        Place::Global(g) => program.global(*g).name.clone(),
        Place::Deref(_) => "*ptr".into(),
        Place::Field(base, i) => {
            format!(
                "{}.{}",
                place_name(program, f, base),
                field_name(program, f, base, *i)
            )
        }
        Place::Index(base, _) => format!("{}[…]", place_name(program, f, base)),
    }
}

/// The name of field `i` of the struct or union `base` holds.
fn field_name(program: &Program, f: &Function, base: &Place, i: usize) -> String {
    let ty = program.place_type(f, base);
    program
        .types
        .composite_id(ty)
        .and_then(|c| {
            program
                .types
                .composite(c)
                .fields
                .as_ref()
                .map(|fs| fs[i].name.clone())
        })
        .unwrap_or_default()
}

/// A value as C would print it.
pub fn show_value(types: &TypeTable, v: u128, ty: TypeId) -> String {
    match types.kind(ty) {
        TypeKind::Bool => if v != 0 { "true" } else { "false" }.into(),
        TypeKind::Int(k) if k.is_signed() => signed_value(v, types.bit_width(ty), true).to_string(),
        TypeKind::Int(_) => v.to_string(),
        // Floating values: the shortest decimal that reads back the same,
        // and the bits (which tell NaNs and zeros apart).
        TypeKind::Float(FloatKind::Float) => {
            format!("{:?}f ({v:#010x})", f32::from_bits(v as u32))
        }
        TypeKind::Float(FloatKind::Double) => {
            format!("{:?} ({v:#018x})", f64::from_bits(v as u64))
        }
        _ => format!("{v:#x}"),
    }
}

impl Interpreter<'_> {
    /// The IEEE format of a floating type (`long double` is not modelled).
    fn float_format(&self, ty: TypeId) -> Result<Format, Stop> {
        match self.types().kind(ty) {
            TypeKind::Float(FloatKind::Float) => Ok(Format::SINGLE),
            TypeKind::Float(FloatKind::Double) => Ok(Format::DOUBLE),
            _ => Err(Replay::Stuck("long double is not modelled".into())),
        }
    }
}

/// Floating point computed with Rust's `f32`/`f64` (IEEE 754, round to
/// nearest even), independently of the circuits of `float.rs`; a NaN
/// result is the same quiet NaN the circuits produce.
mod fp {
    use crate::float::Format;
    use lore_frontend::ir::{BinaryOp, FloatTest, UnaryOp};

    enum V {
        S(f32),
        D(f64),
    }

    fn get(f: Format, x: u128) -> V {
        if f == Format::SINGLE {
            V::S(f32::from_bits(x as u32))
        } else {
            V::D(f64::from_bits(x as u64))
        }
    }

    fn put(v: V) -> u128 {
        match v {
            V::S(x) if x.is_nan() => Format::SINGLE.nan_bits(),
            V::D(x) if x.is_nan() => Format::DOUBLE.nan_bits(),
            V::S(x) => u128::from(x.to_bits()),
            V::D(x) => u128::from(x.to_bits()),
        }
    }

    pub fn is_zero(f: Format, x: u128) -> bool {
        match get(f, x) {
            V::S(v) => v == 0.0,
            V::D(v) => v == 0.0,
        }
    }

    pub fn unary(op: UnaryOp, f: Format, x: u128) -> Option<u128> {
        let sign = 1u128 << (f.width() - 1);
        let (nan, inf, normal) = match get(f, x) {
            V::S(v) => (v.is_nan(), v.is_infinite(), v.is_normal()),
            V::D(v) => (v.is_nan(), v.is_infinite(), v.is_normal()),
        };
        Some(match op {
            UnaryOp::Neg => x ^ sign,
            UnaryOp::FloatAbs => x & !sign,
            UnaryOp::FloatTest(FloatTest::Nan) => u128::from(nan),
            UnaryOp::FloatTest(FloatTest::Infinite) => u128::from(inf),
            UnaryOp::FloatTest(FloatTest::Finite) => u128::from(!nan && !inf),
            UnaryOp::FloatTest(FloatTest::Normal) => u128::from(normal),
            UnaryOp::FloatTest(FloatTest::SignBit) => u128::from(x & sign != 0),
            UnaryOp::BitNot | UnaryOp::Not => return None,
        })
    }

    pub fn binary(op: BinaryOp, f: Format, x: u128, y: u128) -> Option<u128> {
        macro_rules! on {
            ($a:expr, $b:expr, $wrap:path) => {{
                let (a, b) = ($a, $b);
                Some(match op {
                    BinaryOp::Add => put($wrap(a + b)),
                    BinaryOp::Sub => put($wrap(a - b)),
                    BinaryOp::Mul => put($wrap(a * b)),
                    BinaryOp::Div => put($wrap(a / b)),
                    BinaryOp::Eq => u128::from(a == b),
                    BinaryOp::Ne => u128::from(a != b),
                    BinaryOp::Lt => u128::from(a < b),
                    BinaryOp::Le => u128::from(a <= b),
                    BinaryOp::Gt => u128::from(a > b),
                    BinaryOp::Ge => u128::from(a >= b),
                    _ => return None,
                })
            }};
        }
        match (get(f, x), get(f, y)) {
            (V::S(a), V::S(b)) => on!(a, b, V::S),
            (V::D(a), V::D(b)) => on!(a, b, V::D),
            _ => None,
        }
    }

    pub fn convert(from: Format, to: Format, x: u128) -> u128 {
        match (get(from, x), to == Format::SINGLE) {
            (V::S(v), true) => put(V::S(v)),
            (V::S(v), false) => put(V::D(f64::from(v))),
            (V::D(v), true) => put(V::S(v as f32)),
            (V::D(v), false) => put(V::D(v)),
        }
    }

    /// Truncation toward zero; NaN is 0 and out-of-range values saturate
    /// (Rust's `as`), as the circuits do.
    pub fn to_int(f: Format, x: u128, width: u32, signed: bool) -> Option<u128> {
        let v = match get(f, x) {
            V::S(v) => f64::from(v),
            V::D(v) => v,
        };
        Some(match (width, signed) {
            (8, true) => (v as i8) as u8 as u128,
            (16, true) => (v as i16) as u16 as u128,
            (32, true) => (v as i32) as u32 as u128,
            (64, true) => (v as i64) as u64 as u128,
            (8, false) => u128::from(v as u8),
            (16, false) => u128::from(v as u16),
            (32, false) => u128::from(v as u32),
            (64, false) => u128::from(v as u64),
            _ => return None,
        })
    }

    pub fn from_int(f: Format, x: u128, width: u32, signed: bool) -> Option<u128> {
        if width > 64 {
            return None;
        }
        let single = f == Format::SINGLE;
        Some(if signed {
            let sh = 128 - width;
            let v = ((x << sh) as i128 >> sh) as i64;
            if single {
                put(V::S(v as f32))
            } else {
                put(V::D(v as f64))
            }
        } else {
            let v = x as u64;
            if single {
                put(V::S(v as f32))
            } else {
                put(V::D(v as f64))
            }
        })
    }
}
