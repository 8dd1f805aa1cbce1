//! A concrete interpreter of the CFG IR, independent of symbolic execution:
//! a counterexample is reported only if running the program with its
//! nondet values fails the same property.
//!
//! Memory is one byte vector per object (little-endian, the layout of the
//! front end). Nondet values are consumed in execution order at the same
//! events symbolic execution makes inputs: `nondet` statements, declarations
//! (uninitialised locals), external globals and `main`'s parameters at the
//! start, and a value-returning function that returns no value.
//!
//! Split like symbolic execution: this module holds the interpreter's
//! state, its entry point and byte helpers; `statements` runs bodies and
//! statements; `memory` places, loads, stores and pointer checks;
//! `builtins` the C library's memory functions and `strings` its string
//! functions; `expr` evaluates expressions (`fp` computes floating point);
//! `show` writes the trace. The address layout it shares with symbolic
//! execution is in [`crate::layout`].

mod builtins;
mod expr;
mod fp;
mod leaks;
mod memory;
mod show;
mod statements;
mod strings;

use crate::layout::{LocalObject, ObjectId};
use crate::symex::{Events, SafetyKind};
use lore_frontend::ir::{FunctionId, GlobalId, GlobalKind, Program, PropertyKind};
use lore_frontend::source::Loc;
use lore_frontend::types::{TypeId, TypeTable};
use rustc_hash::FxHashMap;

pub use show::show_value;

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
    pub memory_leak: bool,
    pub memory_cleanup: bool,
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
            memory_leak: options.memory_leak_check,
            memory_cleanup: options.memory_cleanup_check,
        }
    }
}

pub struct Interpreter<'p> {
    program: &'p Program,
    check_kinds: Vec<PropertyKind>,
    safety: SafetyChecks,
    /// Where the current statement is (names safety checks, with the
    /// function on top of `active`).
    at: Loc,
    inputs: std::vec::IntoIter<Vec<u8>>,
    /// The bytes of each object, by id (globals are `1 + index`).
    memory: FxHashMap<ObjectId, Vec<u8>>,
    /// Object ids of locals, by (function, local, recursion depth).
    local_ids: FxHashMap<LocalObject, ObjectId>,
    next_id: ObjectId,
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
    heap: rustc_hash::FxHashSet<ObjectId>,
    freed: rustc_hash::FxHashSet<ObjectId>,
    /// The address of the last access through a pointer (set by `locate`).
    deref: Option<u128>,
    /// Symbolic execution's object ids for locals, and the ids of the heap
    /// blocks still to allocate (so addresses match the counterexample's).
    layout: Option<&'p FxHashMap<LocalObject, ObjectId>>,
    allocations: std::collections::VecDeque<ObjectId>,
    /// Functions whose calls are recorded in `observed`.
    observe: Vec<FunctionId>,
    /// The calls of `observe`'s functions, in order, with the first
    /// argument's value (signed), if any.
    pub observed: Vec<(FunctionId, Option<i128>)>,
    /// Whether `trace` is kept (a run that only observes need not name
    /// and print every assignment).
    tracing: bool,
    /// Values for the `nondet` statements of these functions, in order (a
    /// run that reads past them is stuck there); the other inputs come
    /// from `inputs`.
    nondet_by_function: FxHashMap<FunctionId, std::collections::VecDeque<u128>>,
    /// Where states are sampled: each time this block of this function is
    /// entered, the values of the expressions go to `sampled`.
    sample_at: Option<(FunctionId, usize, Vec<lore_frontend::ir::Expr>)>,
    /// The sampled values (as the expressions' types read them, signed
    /// where those are signed), one row per visit.
    pub sampled: Vec<Vec<i128>>,
    /// The run stops (as stuck) once `sampled` has this many rows.
    samples_wanted: usize,
    /// The check the run replays: others that fail on the way are recorded
    /// in `also_failed` and the run goes on (`None`: the first to fail
    /// stops it).
    target: Option<String>,
    /// Checks that failed before the target's, in order.
    pub also_failed: Vec<(String, Loc)>,
    /// Where the last `return` was (after `main`'s: where the program ended).
    returned_at: Loc,
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
            inputs: inputs.into_iter(),
            memory: FxHashMap::default(),
            local_ids: FxHashMap::default(),
            next_id: ObjectId(program.globals.len() as u32 + 1),
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
            observe: Vec::new(),
            observed: Vec::new(),
            tracing: true,
            nondet_by_function: FxHashMap::default(),
            sample_at: None,
            samples_wanted: usize::MAX,
            sampled: Vec::new(),
            target: None,
            also_failed: Vec::new(),
            returned_at: Loc::NONE,
        }
    }

    /// Replays a run for the check named `name`: other checks failing on
    /// the way do not stop it (symbolic execution with
    /// `SymexOptions::checks_continue` asked the solver for such runs).
    pub fn with_target(mut self, name: &str) -> Self {
        self.target = Some(name.to_string());
        self
    }

    /// Gives the `nondet` statements of each function its own values, in
    /// order: what a harness reads, say, where its drawing functions are
    /// known. A run that reads past a function's values is stuck there.
    pub fn with_nondet_values(mut self, values: FxHashMap<FunctionId, Vec<u128>>) -> Self {
        self.nondet_by_function = values.into_iter().map(|(f, v)| (f, v.into())).collect();
        self
    }

    /// Stops the run as stuck after `steps` blocks (50 million unless
    /// told): for runs that only sample, where a program that loops
    /// without reading must not take minutes.
    pub fn with_step_limit(mut self, steps: u64) -> Self {
        self.steps_left = steps;
        self
    }

    /// Records, each time block `block` of `function` is entered, the
    /// values of `exprs` (scalars of that function's scope) in `sampled`.
    pub fn sampling(
        mut self,
        function: FunctionId,
        block: usize,
        exprs: Vec<lore_frontend::ir::Expr>,
    ) -> Self {
        self.sample_at = Some((function, block, exprs));
        self
    }

    /// Ends the run once `rows` rows are sampled (for a caller that wants
    /// only the first visits).
    pub fn sampling_at_most(mut self, rows: usize) -> Self {
        self.samples_wanted = rows;
        self
    }

    /// Keeps no `trace`: for runs whose caller reads only their outcome
    /// and `observed` (the trace names and prints every assignment, and
    /// was a fifth of Sigma*'s concrete runs).
    pub fn without_trace(mut self) -> Self {
        self.tracing = false;
        self
    }

    /// Records the calls of these functions (with their first argument) in
    /// `observed`: what a harness writes, for example.
    pub fn observing(mut self, functions: Vec<FunctionId>) -> Self {
        self.observe = functions;
        self
    }

    /// Lays memory out as symbolic execution did: its ids for locals, and
    /// for the heap blocks the counterexample allocates (in order).
    pub fn with_layout(
        mut self,
        symex: &'p crate::symex::Symex,
        allocations: Vec<ObjectId>,
    ) -> Self {
        self.layout = Some(&symex.object_ids);
        self.next_id = ObjectId(self.next_id.0.max(symex.objects));
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
        // A counterexample's run goes through no more blocks than symbolic
        // execution did; one that would has left the formula's paths (a
        // loop the formula cut short), and is stopped long before the
        // general limit, which a run that records every branch would take
        // gigabytes to reach.
        let run = Interpreter {
            steps_left: run.steps_left.min(symex.blocks.saturating_mul(2) + 10_000),
            ..run
        };
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

    /// The check of `kind` at `at` fails: the run stops there, unless it
    /// replays another check (`target`) — then it goes on as if the check
    /// were not made, as symbolic execution does with
    /// `SymexOptions::checks_continue`.
    fn fails(&mut self, kind: SafetyKind, at: Loc) -> Result<(), Stop> {
        let stop = self.safety_failure_at(kind, at);
        self.goes_on(stop)
    }

    /// [`Self::fails`] for any failure: recorded in `also_failed` (and the
    /// trace) where the run goes on.
    fn goes_on(&mut self, stop: Stop) -> Result<(), Stop> {
        match (&self.target, stop) {
            (Some(target), Replay::Violated { name, loc }) if *target != name => {
                if self.tracing {
                    self.trace.push(TraceStep {
                        function: self
                            .active
                            .last()
                            .map_or(String::new(), |&id| self.program.function(id).name.clone()),
                        loc,
                        text: format!("{name} fails here; the run goes on"),
                    });
                }
                self.also_failed.push((name, loc));
                Ok(())
            }
            (_, stop) => Err(stop),
        }
    }

    /// The failure of the check of the operation at `at` (named as
    /// symbolic execution names it: the statement's location without one).
    fn safety_failure_at(&self, kind: SafetyKind, at: Loc) -> Stop {
        let loc = if at.is_none() { self.at } else { at };
        let function = self
            .active
            .last()
            .map_or("", |&id| self.program.function(id).name.as_str());
        Replay::Violated {
            name: crate::symex::safety_check_name(function, kind, loc),
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
    fn dyn_size(&self, locals: &[ObjectId], ty: TypeId) -> usize {
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
            let id = crate::layout::global_object(GlobalId(self.memory.len() as u32));
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
            Ok(Flow::Return(_)) => match self.heap_at_end(self.returned_at, false) {
                Ok(()) => Replay::Passed,
                Err(stop) => stop,
            },
            Ok(_) => Replay::Passed,
            Err(stop) => stop,
        }
    }

    fn to_bytes(&self, v: u128, ty: TypeId) -> Vec<u8> {
        let size = self.size(ty).max(1);
        (0..size)
            .map(|i| if i < 16 { (v >> (8 * i)) as u8 } else { 0 })
            .collect()
    }
}

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
