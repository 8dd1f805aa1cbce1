//! Symbolic execution of the CFG IR to an SSA [`Equation`].
//!
//! Blocks are executed in layout order. A forward jump leaves its state
//! waiting at the target, where waiting states merge (values become
//! `ite(guard, a, b)`); a back edge continues at the loop header while the
//! unwinding bound allows, as CBMC does. Calls are inlined.
//!
//! Unwinding follows CBMC 6: `--unwind k` lets every loop (`while`, `for`,
//! `do`-`while`, a backward `goto`) take its back edge at most k−1 times,
//! counted where the back edge is taken; so a body runs k−1 times to its
//! end and can start a k-th time only to leave the loop (`break`, `return`,
//! a `goto` out — `for (;;) { … if (c) break; }` at k = 1 runs its body
//! once). A function may be active at most k times below its
//! first call (k nested recursive calls). A path that needs more is cut, or,
//! with unwinding assertions, fails an unwinding property.
//!
//! Every object (global, local) is one bit-vector holding its bytes in
//! memory order (little-endian), so fields, array elements and union members
//! are bit ranges of it.
//!
//! The executor is split by concern, as CBMC's goto-symex is: this module
//! holds the options, the results, the executor's state and its entry
//! point; `statements` runs bodies (control flow, loop unwinding) and
//! statements; `calls` inlines calls, recursion and calls through function
//! pointers; `merge` joins states; `expr` evaluates expressions; `places`
//! reads and writes places; `objects` creates objects and lays out those
//! of run-time size; `pointers` follows addresses (value sets, accesses at
//! a variable address, pointer checks); `builtins` models the C library's
//! memory functions and `strings` its string functions; `checks` records
//! checks and event words. The address layout shared with the replay is
//! in [`crate::layout`].

mod builtins;
mod calls;
mod checks;
mod expr;
mod leaks;
mod merge;
mod objects;
mod places;
mod pointers;
mod statements;
mod strings;

use crate::error::BmcError;
pub use crate::layout::{function_object_id, offset_bits};
use crate::layout::{LocalObject, ObjectId};
use crate::ssa::{Equation, Step, TermId, Terms, FALSE, TRUE};
use lore_frontend::ir::{BlockId, FunctionId, GlobalId, GlobalKind, Program, PropertyKind};
use lore_frontend::source::Loc;
use lore_frontend::types::{ArrayLen, TypeId, TypeKind, TypeTable};
use rustc_hash::FxHashMap;

/// Options of symbolic execution.
#[derive(Clone, Debug)]
pub struct SymexOptions {
    /// The default unwinding bound `k` (see the module documentation).
    pub unwind: u32,
    /// Bounds for named loops (`function.n`, numbered as `lore show loops`
    /// prints them) and for the recursion of named functions (`function`).
    pub unwind_set: FxHashMap<String, u32>,
    /// Fail an unwinding property instead of cutting paths that need more.
    pub unwinding_assertions: bool,
    /// Which kinds of assertions are properties; the others act as assumptions.
    pub check_kinds: Vec<PropertyKind>,
    /// Check only the property of this name (CBMC's --property); the
    /// unwinding and unsupported-construct checks stay, as they decide
    /// whether any verdict can be given.
    pub only_check: Option<String>,
    /// Largest array indexed by a variable that is expanded into a case split.
    pub max_symbolic_array: u64,
    /// Check divisions and remainders by zero (CBMC's --div-by-zero-check).
    pub div_by_zero_check: bool,
    /// Check arithmetic on signed integers for overflow (--signed-overflow-check).
    pub signed_overflow_check: bool,
    /// Check shifts whose distance is negative or not below the promoted
    /// left operand's width, and left shifts of negative values
    /// (--undefined-shift-check; C11 6.5.7p3-4).
    pub undefined_shift_check: bool,
    /// Check array indices against the array's length (--bounds-check).
    pub bounds_check: bool,
    /// Check dereferences (null, no live object or outside it, freed heap
    /// memory) and `free` (not the start of a heap block, or freed twice),
    /// as CBMC's --pointer-check.
    pub pointer_check: bool,
    /// At the end of the program (`main` returns, or `exit`), every heap
    /// block not freed must be reachable from a global through pointers
    /// (SV-COMP's valid-memtrack; CBMC's --memory-leak-check).
    pub memory_leak_check: bool,
    /// At the end of the program every heap block must be freed, reachable
    /// or not (SV-COMP's valid-memcleanup; CBMC's --memory-cleanup-check).
    pub memory_cleanup_check: bool,
    /// Bytes laid out for an object whose size is not a constant (a
    /// variable-length array, a `malloc(n)`); paths that need a larger one
    /// are reported as unsupported, never cut silently.
    pub max_symbolic_object: u64,
    /// The events whose word the execution records (for language queries).
    pub events: Option<Events>,
    /// Slices of globals whose values every check records where it fails
    /// ([`Check::observed`]), for questions asked of the state at a check.
    pub observe: Vec<Observed>,
    /// Blocks whose checks are assumed instead of checked (k-induction's
    /// step case: the iterations assumed to be safe).
    pub assumed: Option<AssumedBlocks>,
    /// The SAT solver that answers the queries on the equation (symbolic
    /// execution itself does not look at it).
    pub solver: crate::solver::SolverKind,
    /// Solver calls give up (an unknown answer) after this instant.
    pub deadline: Option<std::time::Instant>,
    /// Paths assume that an address from nowhere names no object its value
    /// set does not know (see `Executor::from_nowhere_names_no_other`). It
    /// costs formula size (merge_sort at k = 2: 4,191 -> 5,757 clauses),
    /// so `verify` turns it on only when a counterexample did not replay;
    /// the language queries, which cannot start again, always do.
    pub wild_addresses_name_nothing_else: bool,
    /// Before a path runs a loop's body again, ask the solver whether its
    /// guard can hold at all, and end the path where it cannot. The
    /// rewrites of `ssa/simplify.rs` catch most dead paths, not all (a
    /// guard that is false only by De Morgan, or only for a reason two
    /// merges apart); such a path would otherwise run every loop after it
    /// to its bound. Sound (a path whose guard cannot hold has no
    /// execution); costs a solver call per back edge of a live path.
    pub prune_infeasible_loops: bool,
    /// Executions go on past a checked assertion or safety check whether
    /// it held or not (CBMC's semantics: each property is decided on its
    /// own, and a failed pointer check does not hide a later assertion)
    /// instead of ending where it fails: each check is then asked of every
    /// execution that reaches it, and one model of the solver settles every
    /// check it violates. After a failed safety check the operation has
    /// its unchecked meaning (wrapping arithmetic, a read outside every
    /// object an unknown value, a write there lost, an invalid `free` no
    /// effect), which the replay (`Interpreter::with_target`) shares.
    /// `lore verify` and Houdini's candidate checks use it; learning does
    /// not (a failing `_Learn_assert` ends the execution it classifies).
    pub checks_continue: bool,
}

/// Blocks of one function where every check (a property, a safety check,
/// an unwinding or unsupported-construct check, in the block or in a
/// function it calls) is an assumption: executions failing one there are
/// left out of every query, as if the check had held.
#[derive(Clone, Debug)]
pub struct AssumedBlocks {
    pub function: FunctionId,
    pub blocks: rustc_hash::FxHashSet<BlockId>,
}

/// Event points and the longest word recorded. Each execution's word is the
/// sequence of letters of the event points it passes, up to `max_len`
/// letters; a longer word is marked as such (its length saturates at
/// `max_len + 1`).
#[derive(Clone, Debug, Default)]
pub struct Events {
    /// Letter names, by letter index.
    pub letters: Vec<String>,
    /// The letter of entering a function.
    pub function_entry: FxHashMap<FunctionId, u32>,
    /// The letter of a branch outcome: (function, block ending in the
    /// branch, condition true).
    pub branch: FxHashMap<(FunctionId, BlockId, bool), u32>,
    pub max_len: u32,
}

impl Events {
    /// Bits of a word position: letter `i` is `i + 1`, 0 is no letter.
    pub fn letter_bits(&self) -> u32 {
        u32::BITS - (self.letters.len() as u32).leading_zeros()
    }

    /// Bits of a word length (0 ..= max_len + 1).
    pub fn length_bits(&self) -> u32 {
        u32::BITS - (self.max_len + 1).leading_zeros()
    }
}

/// A slice of a global object: `width` bits from bit `low` (memory order,
/// little-endian), such as one element of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Observed {
    pub global: GlobalId,
    pub low: u32,
    pub width: u32,
}

/// An execution's event word as terms.
#[derive(Clone, Debug)]
pub struct Word {
    pub len: TermId,
    /// `max_len` positions; beyond `len` they hold 0.
    pub letters: Vec<TermId>,
}

impl Default for SymexOptions {
    fn default() -> Self {
        SymexOptions {
            unwind: 1,
            unwind_set: FxHashMap::default(),
            unwinding_assertions: false,
            check_kinds: vec![
                PropertyKind::UserAssertion,
                PropertyKind::ReachError,
                PropertyKind::LearnAssertion,
            ],
            max_symbolic_array: 4096,
            div_by_zero_check: false,
            undefined_shift_check: false,
            only_check: None,
            signed_overflow_check: false,
            bounds_check: false,
            pointer_check: false,
            memory_leak_check: false,
            memory_cleanup_check: false,
            max_symbolic_object: 1024,
            events: None,
            observe: Vec::new(),
            assumed: None,
            solver: crate::solver::SolverKind::default(),
            deadline: None,
            wild_addresses_name_nothing_else: false,
            prune_infeasible_loops: false,
            checks_continue: false,
        }
    }
}

/// What a check in the equation stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// A property of the program.
    Property(lore_frontend::ir::PropertyId),
    /// A loop needs more unwinding than allowed.
    Unwinding {
        function: FunctionId,
        loop_index: usize,
    },
    /// A function calls itself more deeply than allowed.
    Recursion { function: FunctionId },
    /// A construct symbolic execution does not handle is reachable.
    Unsupported { reason: String },
    /// An optional safety check.
    Safety { kind: SafetyKind },
    /// The end of `main` is reached (when `PropertyKind::EndOfMain` is checked).
    EndOfMain,
}

/// The name of the end-of-main check (the replay names it alike).
pub const END_OF_MAIN: &str = "main.end";

/// The description of the undefined-shift check (symbolic execution and
/// the replay describe it alike).
pub const UNDEFINED_SHIFT: &str =
    "shift distance negative or not below the width, or a negative value shifted left";

/// The kinds of optional safety checks; symbolic execution makes them and
/// the replay fails them by these, so the two cannot name one differently.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SafetyKind {
    /// An array index outside its array (--bounds-check).
    ArrayBounds,
    /// A dereference of the null pointer (--pointer-check).
    PointerNull,
    /// A dereference of a pointer to no object, or outside its object.
    PointerInvalid,
    /// A dereference of freed heap memory.
    PointerFreed,
    /// `free` of a pointer that is not the start of a heap block.
    PointerInvalidFree,
    /// `free` of a heap block already freed.
    PointerDoubleFree,
    /// Signed arithmetic overflow (--signed-overflow-check).
    Overflow,
    /// A shift by a negative distance, or one not below the width, or of a
    /// negative value to the left (--undefined-shift-check).
    UndefinedShift,
    /// A division or remainder by zero (--div-by-zero-check).
    DivisionByZero,
    /// A heap block neither freed nor reachable from a global when the
    /// program ends (--memory-leak-check; valid-memtrack).
    MemoryLeak,
    /// A heap block not freed when the program ends
    /// (--memory-cleanup-check; valid-memcleanup).
    MemoryCleanup,
}

impl SafetyKind {
    /// The kind as check names spell it (`main.overflow.3:7`).
    pub fn name(self) -> &'static str {
        match self {
            SafetyKind::ArrayBounds => "array-bounds",
            SafetyKind::PointerNull => "pointer-null",
            SafetyKind::PointerInvalid => "pointer-invalid",
            SafetyKind::PointerFreed => "pointer-freed",
            SafetyKind::PointerInvalidFree => "pointer-invalid-free",
            SafetyKind::PointerDoubleFree => "pointer-double-free",
            SafetyKind::Overflow => "overflow",
            SafetyKind::UndefinedShift => "undefined-shift",
            SafetyKind::DivisionByZero => "division-by-zero",
            SafetyKind::MemoryLeak => "memory-leak",
            SafetyKind::MemoryCleanup => "memory-cleanup",
        }
    }
}

impl std::fmt::Display for SafetyKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The name of a generated check: by function, kind and source position, so
/// that the concrete replay names it the same way.
pub fn safety_check_name(function: &str, kind: SafetyKind, loc: Loc) -> String {
    format!("{function}.{kind}.{}:{}", loc.line, loc.col)
}

#[derive(Clone, Debug)]
pub struct Check {
    pub kind: CheckKind,
    pub name: String,
    pub description: String,
    pub loc: Loc,
    /// Holds when the check fails (any of its instances).
    pub violated: TermId,
    /// The event word of the execution when it fails (with events on).
    pub word: Option<Word>,
    /// The values of `SymexOptions::observe`'s slices where the check
    /// fails (each instance's values where that instance fails).
    pub observed: Vec<TermId>,
}

/// The result of symbolic execution.
pub struct Symex {
    pub equation: Equation,
    pub checks: Vec<Check>,
    /// Were paths cut by the bound (without unwinding assertions)?
    pub bound_cut: TermId,
    /// The object id of each local, by (function, local, recursion depth),
    /// and the number of ids given out (so a replay lays memory out alike).
    pub object_ids: FxHashMap<LocalObject, ObjectId>,
    pub objects: u32,
    /// The name of each object id (0 is NULL; heap blocks are `heapN`).
    pub object_names: Vec<String>,
    /// How the reads and writes of memory were placed.
    pub accesses: AccessStats,
    /// Blocks symbolic execution went through: no run its formula allows
    /// goes through more (a replay that does has left the formula's paths).
    pub blocks: u64,
    /// Paths `SymexOptions::prune_infeasible_loops` ended.
    pub pruned: u64,
    /// Floating-point additions, subtractions, multiplications and
    /// divisions executed (their circuits decide which solver goes first:
    /// see [`crate::solver::SolverKind::for_formula`]).
    pub float_arithmetic: u64,
}

/// How symbolic execution placed each read and write of memory, which is
/// where most of a formula's size comes from (`lore verify --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccessStats {
    /// At a place known during execution (a variable, a field, an element
    /// at a constant index): a slice of the object's bits, no gates.
    pub direct: u64,
    /// At an element whose index is a variable: accesses by the number of
    /// elements they split over (one multiplexer input per element).
    pub by_elements: std::collections::BTreeMap<u64, u64>,
    /// Through an address computed at run time: accesses by the number of
    /// objects the value sets let them reach (one case per object).
    pub by_objects: std::collections::BTreeMap<u64, u64>,
    /// Of the accesses through an address, those whose value set lost track
    /// of the address (it was read back from memory written at a variable
    /// place, or computed in a way the analysis does not follow), so they
    /// reach every object that exists.
    pub lost_track: u64,
    /// Of the accesses through an address, those at an offset inside the
    /// object that is not a constant (a shifter over the object's bits).
    pub shifted: u64,
    /// Bits that writes at a variable place choose between the new value
    /// and the old (a multiplexer each): the written bits in every element
    /// or object at a known offset the write may reach, the whole object
    /// where the offset is not known.
    pub chosen_bits: u64,
    /// The access that reached the most objects: how many, and where.
    pub widest: Option<(u64, Loc)>,
}

impl AccessStats {
    fn reached(&mut self, objects: u64, at: Loc) {
        *self.by_objects.entry(objects).or_default() += 1;
        if self.widest.is_none_or(|(n, _)| objects > n) {
            self.widest = Some((objects, at));
        }
    }
}

#[derive(Clone)]
struct Frame {
    function: FunctionId,
    /// The object of each local.
    objects: Vec<ObjectId>,
}

/// Object ids: 0 is the null object; globals are `1 + index`; locals get an
/// id per (function, local, recursion depth), so a frame at the same depth
/// reuses its predecessor's objects (which are dead by then).
#[derive(Clone)]
struct State {
    guard: TermId,
    /// The bits of each object, by id (`None`: not created on this path).
    memory: Vec<Option<TermId>>,
    frames: Vec<Frame>,
    /// Byte sizes (offset-wide terms) of objects whose size is not a
    /// constant; their bits cover `max_symbolic_object` bytes.
    sizes: FxHashMap<ObjectId, TermId>,
    /// The event word so far (with events on).
    word: Option<Word>,
    /// Where each heap block has been freed (with pointer checks on).
    freed: FxHashMap<ObjectId, TermId>,
    /// Where an object exists, for objects that exist on only some of the
    /// paths merged here (absent: wherever its bits are `Some`).
    live: FxHashMap<ObjectId, TermId>,
}

impl State {
    /// The state of no path at all.
    fn dead() -> State {
        State {
            guard: FALSE,
            memory: Vec::new(),
            frames: Vec::new(),
            sizes: FxHashMap::default(),
            word: None,
            freed: FxHashMap::default(),
            live: FxHashMap::default(),
        }
    }
}

/// A value returned by a call, with the state it returns in.
struct Returned {
    state: State,
    value: Option<TermId>,
}

struct Executor<'p> {
    program: &'p Program,
    options: &'p SymexOptions,
    terms: Terms,
    steps: Vec<Step>,
    checks: Vec<Check>,
    check_index: FxHashMap<String, usize>,
    versions: FxHashMap<String, u32>,
    object_ids: FxHashMap<LocalObject, ObjectId>,
    /// Name and type of each object, by id.
    object_names: Vec<String>,
    object_types: Vec<TypeId>,
    bound_cut: TermId,
    /// The location of the statement being executed.
    at: Loc,
    /// Functions whose address the execution has taken so far: the only
    /// possible targets of a call through a pointer (any other value is
    /// reported, never ignored).
    address_taken: Vec<FunctionId>,
    /// Object ids of heap blocks.
    heap: rustc_hash::FxHashSet<ObjectId>,
    /// Inside an assumed block (`SymexOptions::assumed`) or a call from one.
    assuming: bool,
    /// Where a check in an assumed block fails: left out of every check.
    assumed_bad: TermId,
    accesses: AccessStats,
    /// The value set of every address term analysed so far.
    value_sets: FxHashMap<TermId, pointers::Targets>,
    /// Blocks run so far, and whether `options.deadline` has passed (then
    /// every path still live ends as unknown).
    blocks_run: u64,
    out_of_time: bool,
    /// The solver of `SymexOptions::prune_infeasible_loops`, made at its
    /// first use; terms are never removed, so what it blasted stays valid.
    feasibility: Option<crate::blast::Blaster<crate::solver::Backend>>,
    /// Paths it ended.
    pruned: u64,
    float_arithmetic: u64,
}

/// Executes `program` from its initialiser and `main`.
pub fn execute(program: &Program, options: &SymexOptions) -> Result<Symex, BmcError> {
    let entry = program.entry.ok_or(BmcError::NoMain)?;
    check_unwind_set(program, options)?;
    let mut ex = Executor {
        program,
        options,
        terms: Terms::new(),
        steps: Vec::new(),
        checks: Vec::new(),
        check_index: FxHashMap::default(),
        versions: FxHashMap::default(),
        object_ids: FxHashMap::default(),
        object_names: vec!["NULL".into()],
        object_types: vec![TypeTable::VOID],
        bound_cut: FALSE,
        at: Loc::NONE,
        address_taken: Vec::new(),
        heap: Default::default(),
        assuming: false,
        assumed_bad: FALSE,
        accesses: AccessStats::default(),
        value_sets: FxHashMap::default(),
        blocks_run: 0,
        out_of_time: false,
        feasibility: None,
        pruned: 0,
        float_arithmetic: 0,
    };
    // Globals start as zero; external ones (declared, never defined) are unknown.
    let mut memory = vec![None];
    for g in &program.globals {
        let bits = ex.bits_of(g.ty);
        let value = match (&g.kind, &g.bytes) {
            (GlobalKind::External, _) => {
                let v = ex.terms.input(format!("{}#0", g.name), bits.max(1));
                ex.input_step(v, TRUE, g.loc);
                v
            }
            (_, Some(bytes)) => ex.bytes_term(bytes),
            _ => ex.terms.constant(0, bits.max(1)),
        };
        memory.push(Some(value));
        ex.object_names.push(g.name.clone());
        ex.object_types.push(g.ty);
    }
    let state = State {
        guard: TRUE,
        memory,
        frames: Vec::new(),
        sizes: FxHashMap::default(),
        freed: FxHashMap::default(),
        live: FxHashMap::default(),
        word: options.events.as_ref().map(|e| Word {
            len: ex.terms.constant(0, e.length_bits()),
            letters: vec![ex.terms.constant(0, e.letter_bits()); e.max_len as usize],
        }),
    };
    let after_init = ex.call(state, program.init, Vec::new(), Loc::NONE);
    let state = after_init.state;
    let main = program.function(entry);
    let mut args = Vec::new();
    for i in 0..main.params {
        let ty = main.locals[i].ty;
        let bits = ex.bits_of(ty).max(1);
        let v = ex
            .terms
            .input(format!("{}::{}#0", main.name, main.locals[i].name), bits);
        ex.input_step(v, TRUE, main.loc);
        args.push(v);
    }
    let _ = ex.call(state, entry, args, main.loc);
    // Data objects count up and function addresses count down in one id
    // space; if they could meet, no verdict is trustworthy.
    if ex.too_many_objects(ex.object_names.len() as u64) {
        let reason = "too many objects for the pointer encoding".to_string();
        ex.check(
            &State::dead(),
            CheckKind::Unsupported {
                reason: reason.clone(),
            },
            format!("unsupported.{reason}"),
            format!("unsupported: {reason}"),
            main.loc,
            TRUE,
        );
    }
    // The executions that fail a check where checks are assumptions are
    // no executions at all.
    if ex.assumed_bad != FALSE {
        let fine = ex.terms.not(ex.assumed_bad);
        for c in &mut ex.checks {
            c.violated = ex.terms.and(c.violated, fine);
        }
    }
    Ok(Symex {
        equation: Equation {
            terms: ex.terms,
            steps: ex.steps,
        },
        checks: ex.checks,
        bound_cut: ex.bound_cut,
        objects: ex.object_names.len() as u32,
        object_ids: ex.object_ids,
        object_names: ex.object_names,
        accesses: ex.accesses,
        blocks: ex.blocks_run,
        pruned: ex.pruned,
        float_arithmetic: ex.float_arithmetic,
    })
}

/// Every name in `--unwindset` must be a loop (`f.n`) or a function with a
/// body: a bound for nothing would silently leave the default in force.
fn check_unwind_set(program: &Program, options: &SymexOptions) -> Result<(), BmcError> {
    let mut unknown: Vec<String> = Vec::new();
    for name in options.unwind_set.keys() {
        let known = match name.rsplit_once('.') {
            Some((function, index)) => program
                .function_by_name(function)
                .and_then(|id| program.function(id).body.as_ref())
                .zip(index.parse::<usize>().ok())
                .is_some_and(|(body, i)| i < body.loops.len()),
            None => program
                .function_by_name(name)
                .is_some_and(|id| program.function(id).body.is_some()),
        };
        if !known {
            unknown.push(name.clone());
        }
    }
    if unknown.is_empty() {
        return Ok(());
    }
    unknown.sort_unstable();
    let loops: Vec<String> = program
        .functions
        .iter()
        .filter_map(|f| Some((f, f.body.as_ref()?)))
        .flat_map(|(f, body)| (0..body.loops.len()).map(move |i| format!("{}.{i}", f.name)))
        .collect();
    Err(BmcError::UnknownUnwindTarget { unknown, loops })
}

impl Executor<'_> {
    fn types(&self) -> &TypeTable {
        &self.program.types
    }

    /// Bits of an object of type `ty` in memory (0 for incomplete types).
    fn bits_of(&self, ty: TypeId) -> u32 {
        self.types()
            .size_of(ty)
            .map_or(0, |s| (s * 8).min(u64::from(u32::MAX)) as u32)
    }

    /// Bits of a value: a scalar's width (1 for `_Bool`), or an aggregate's
    /// size in memory.
    fn value_bits(&self, ty: TypeId) -> u32 {
        if self.types().is_scalar(ty) {
            self.types().bit_width(ty)
        } else {
            self.bits_of(ty)
        }
    }

    /// Bits of an object of type `ty`, with variable array lengths read from
    /// the current frame (`None` when a length is not a constant).
    fn size_bits(&self, state: &State, ty: TypeId) -> Option<u64> {
        match self.types().kind(ty) {
            TypeKind::Array(elem, ArrayLen::Variable(len)) => {
                let id = state.frames.last()?.objects[len.0 as usize];
                let n = state
                    .memory
                    .get(id.index())
                    .copied()
                    .flatten()
                    .and_then(|t| self.terms.as_const(t))?;
                Some(self.size_bits(state, *elem)?.checked_mul(n as u64)?)
            }
            TypeKind::Array(elem, ArrayLen::Fixed(n)) => Some(self.size_bits(state, *elem)? * n),
            _ => Some(u64::from(self.bits_of(ty))),
        }
    }

    fn bytes_term(&mut self, bytes: &[u8]) -> TermId {
        let mut t: Option<TermId> = None;
        for &b in bytes {
            let byte = self.terms.constant(u128::from(b), 8);
            t = Some(match t {
                None => byte,
                Some(low) => self.terms.concat(byte, low),
            });
        }
        t.unwrap_or_else(|| self.terms.constant(0, 8))
    }

    fn input_step(&mut self, input: TermId, guard: TermId, loc: Loc) {
        if let crate::ssa::Term::Symbol(s) = self.terms.get(input).clone() {
            self.steps.push(Step::Input {
                symbol: s,
                guard,
                loc,
            });
        }
    }

    fn new_version(&mut self, base: &str) -> String {
        let n = self.versions.entry(base.to_string()).or_insert(0);
        *n += 1;
        format!("{base}#{n}")
    }

    /// Names a new value of an object (for the printed equation).
    fn defined(&mut self, name: &str, value: TermId, loc: Loc) -> TermId {
        let version = self.new_version(name);
        let (t, symbol) = self.terms.define(version, value);
        if let Some(symbol) = symbol {
            self.steps.push(Step::Define { symbol, loc });
        }
        t
    }

    /// Bits of a pointer, and of the byte offset inside it (the rest is the object id).
    fn pointer_bits(&self) -> u32 {
        self.program.model.pointer_bits()
    }

    fn offset_bits(&self) -> u32 {
        offset_bits(self.pointer_bits())
    }

    /// Do `objects` data objects and the program's functions no longer
    /// fit apart in the id space?
    fn too_many_objects(&self, objects: u64) -> bool {
        let functions = self.program.functions.len() as u64;
        crate::layout::too_many_objects(self.pointer_bits(), self.offset_bits(), objects, functions)
    }
}
