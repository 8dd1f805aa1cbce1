//! Symbolic execution of the CFG IR to an SSA [`Equation`].
//!
//! Blocks are executed in layout order. A forward jump leaves its state
//! waiting at the target, where waiting states merge (values become
//! `ite(guard, a, b)`); a back edge continues at the loop header while the
//! unwinding bound allows, as CBMC does. Calls are inlined.
//!
//! Unwinding follows CBMC 6: `--unwind k` lets the body of a `while` or
//! `for` loop run at most k−1 times (the condition is tested before each
//! body); a `do`-`while` body or a backward `goto` repeats at most k−1 times
//! after the first; a function may be active at most k times below its
//! first call (k nested recursive calls). A path that needs more is cut, or,
//! with unwinding assertions, fails an unwinding property.
//!
//! Every object (global, local) is one bit-vector holding its bytes in
//! memory order (little-endian), so fields, array elements and union members
//! are bit ranges of it.

mod strings;
use crate::float;
use crate::ssa::{Binary, Equation, Step, TermId, Terms, FALSE, TRUE};
use lore_frontend::ir::{
    BinaryOp, BlockId, Callee, Expr, ExprKind, FloatTest, Function, FunctionId, GlobalKind,
    HaltKind, LoopKind, Place, Program, PropertyKind, StmtKind, Terminator, UnaryOp,
};
use lore_frontend::source::Loc;
use lore_frontend::types::{ArrayLen, FloatKind, TypeId, TypeKind, TypeTable};
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
    /// Bytes laid out for an object whose size is not a constant (a
    /// variable-length array, a `malloc(n)`); paths that need a larger one
    /// are reported as unsupported, never cut silently.
    pub max_symbolic_object: u64,
    /// The events whose word the execution records (for language queries).
    pub events: Option<Events>,
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
            max_symbolic_object: 1024,
            events: None,
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
    /// An optional safety check (`division-by-zero`, `overflow`, `array-bounds`).
    Safety { kind: &'static str },
    /// The end of `main` is reached (when `PropertyKind::EndOfMain` is checked).
    EndOfMain,
}

/// The name of the end-of-main check (the replay names it alike).
pub const END_OF_MAIN: &str = "main.end";

/// Bits of a pointer that hold the byte offset inside its object; the bits
/// above them hold the object id.
pub fn offset_bits(pointer_bits: u32) -> u32 {
    if pointer_bits == 32 {
        20
    } else {
        40
    }
}

/// The object id that stands for function `function` in a pointer: ids are
/// counted down from the largest, so they never meet data objects (which are
/// counted up from 1) while the program has fewer objects than the id space.
pub fn function_object_id(pointer_bits: u32, offset_bits: u32, function: FunctionId) -> u32 {
    let top = (1u64 << (pointer_bits - offset_bits)) - 1;
    (top - u64::from(function.0)) as u32
}

/// The description of the undefined-shift check (symbolic execution and
/// the replay describe it alike).
pub const UNDEFINED_SHIFT: &str =
    "shift distance negative or not below the width, or a negative value shifted left";

/// The name of a generated check: by function, kind and source position, so
/// that the concrete replay names it the same way.
pub fn safety_check_name(function: &str, kind: &str, loc: Loc) -> String {
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
}

/// The result of symbolic execution.
pub struct Symex {
    pub equation: Equation,
    pub checks: Vec<Check>,
    /// Were paths cut by the bound (without unwinding assertions)?
    pub bound_cut: TermId,
    /// The object id of each local, by (function, local, recursion depth),
    /// and the number of ids given out (so a replay lays memory out alike).
    pub object_ids: FxHashMap<(FunctionId, u32, u32), u32>,
    pub objects: u32,
    /// The name of each object id (0 is NULL; heap blocks are `heapN`).
    pub object_names: Vec<String>,
}

#[derive(Clone)]
struct Frame {
    function: FunctionId,
    /// The object of each local.
    objects: Vec<u32>,
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
    /// Iterations per (frame depth, loop index).
    loop_counts: FxHashMap<(usize, usize), u32>,
    /// Byte sizes (offset-wide terms) of objects whose size is not a
    /// constant; their bits cover `max_symbolic_object` bytes.
    sizes: FxHashMap<u32, TermId>,
    /// The event word so far (with events on).
    word: Option<Word>,
    /// Where each heap block has been freed (with pointer checks on).
    freed: FxHashMap<u32, TermId>,
    /// Where an object exists, for objects that exist on only some of the
    /// paths merged here (absent: wherever its bits are `Some`).
    live: FxHashMap<u32, TermId>,
}

impl State {
    /// The state of no path at all.
    fn dead() -> State {
        State {
            guard: FALSE,
            memory: Vec::new(),
            frames: Vec::new(),
            loop_counts: FxHashMap::default(),
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
    object_ids: FxHashMap<(FunctionId, u32, u32), u32>,
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
    heap: rustc_hash::FxHashSet<u32>,
}

/// Executes `program` from its initialiser and `main`.
pub fn execute(program: &Program, options: &SymexOptions) -> Result<Symex, String> {
    let entry = program
        .entry
        .ok_or("the program has no `main` function with a body")?;
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
        loop_counts: FxHashMap::default(),
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
    let ids = 1u64 << (ex.pointer_bits() - ex.offset_bits());
    if ex.object_names.len() as u64 + program.functions.len() as u64 >= ids {
        let reason = "too many objects for the pointer encoding".to_string();
        ex.check(
            CheckKind::Unsupported {
                reason: reason.clone(),
            },
            format!("unsupported.{reason}"),
            format!("unsupported: {reason}"),
            main.loc,
            TRUE,
        );
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
    })
}

/// Every name in `--unwindset` must be a loop (`f.n`) or a function with a
/// body: a bound for nothing would silently leave the default in force.
fn check_unwind_set(program: &Program, options: &SymexOptions) -> Result<(), String> {
    let mut unknown: Vec<&str> = Vec::new();
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
            unknown.push(name);
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
    let there = if loops.is_empty() {
        "the program has no loops".to_string()
    } else {
        format!("its loops are {}", loops.join(", "))
    };
    Err(format!(
        "--unwindset names no loop or function of the program: {} ({there}; a function name bounds its recursion; see `lore show loops`)",
        unknown.join(", ")
    ))
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
                    .get(id as usize)
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

    fn check(
        &mut self,
        kind: CheckKind,
        name: String,
        description: String,
        loc: Loc,
        violated: TermId,
    ) -> usize {
        let index = match self.check_index.get(&name) {
            Some(&i) => {
                let prev = self.checks[i].violated;
                self.checks[i].violated = self.terms.or(prev, violated);
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
                });
                self.checks.len() - 1
            }
        };
        self.steps.push(Step::Check {
            property: index,
            violated,
            loc,
        });
        index
    }

    /// With `PropertyKind::EndOfMain` checked: the path reaches the end of
    /// `main` here (its return, or `exit`).
    fn end_of_main(&mut self, state: &State, loc: Loc) {
        if !self.options.check_kinds.contains(&PropertyKind::EndOfMain) || state.guard == FALSE {
            return;
        }
        let index = self.check(
            CheckKind::EndOfMain,
            END_OF_MAIN.to_string(),
            "the end of main is reached".to_string(),
            loc,
            state.guard,
        );
        let word = state.word.clone();
        self.attach_word(index, &word, state.guard);
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

    fn ite_word(&mut self, c: TermId, a: &Word, b: &Word) -> Word {
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
    fn event(&mut self, state: &mut State, letter: u32) {
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
    /// `bad` holds on this path; the path goes on only where it does not.
    fn safety(
        &mut self,
        state: &mut State,
        f: &Function,
        kind: &'static str,
        description: &str,
        bad: TermId,
    ) {
        let at = self.at;
        self.safety_at(state, f, kind, description, bad, at);
    }

    /// A safety check of the operation at `at` (the statement's location
    /// when the operation has none): each operation is its own property.
    fn safety_at(
        &mut self,
        state: &mut State,
        f: &Function,
        kind: &'static str,
        description: &str,
        bad: TermId,
        at: Loc,
    ) {
        let violated = self.terms.and(state.guard, bad);
        if violated == FALSE {
            return;
        }
        let loc = if at.is_none() { self.at } else { at };
        let name = safety_check_name(&f.name, kind, loc);
        self.check(
            CheckKind::Safety { kind },
            name,
            description.to_string(),
            loc,
            violated,
        );
        let ok = self.terms.not(bad);
        state.guard = self.terms.and(state.guard, ok);
    }

    /// A construct this executor cannot handle: the path stops here, and the
    /// point's reachability is a check (so TRUE is never claimed past it).
    fn unsupported(&mut self, state: &mut State, reason: &str, loc: Loc) {
        let name = format!("unsupported.{}", reason);
        let g = state.guard;
        self.check(
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
    fn lost(&mut self, state: &mut State, what: &str) {
        if state.guard != FALSE {
            let loc = self.at;
            self.unsupported(state, what, loc);
        }
    }

    /// Where `bad` holds the path ends as unsupported (a check, so no
    /// verdict is claimed past it); elsewhere it goes on.
    fn unsupported_where(&mut self, state: &mut State, bad: TermId, reason: &str, loc: Loc) {
        let violated = self.terms.and(state.guard, bad);
        if violated != FALSE {
            self.check(
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

    /// Lays out an object of `count` elements of `elem_bytes` each, where
    /// `count` is not a constant: its bits cover `max_symbolic_object` bytes,
    /// and paths that need more are reported as unsupported (and go no
    /// further). Returns the object's bits and its byte size as an
    /// offset-wide term.
    fn symbolic_layout(
        &mut self,
        state: &mut State,
        count: TermId,
        elem_bytes: u64,
        what: &str,
        loc: Loc,
    ) -> Option<(u32, TermId)> {
        let cap = self.options.max_symbolic_object;
        let max_count = cap / elem_bytes.max(1);
        // The layout need not exceed what the count can be.
        let layout_count = u64::try_from(self.terms.upper_bound(count))
            .unwrap_or(u64::MAX)
            .min(max_count)
            .max(1);
        let w = self.terms.width(count);
        // Only a count that can exceed the layout needs the check.
        if w >= 64 || max_count >> w == 0 {
            let limit = self.terms.constant(u128::from(max_count), w);
            let too_big = self.terms.binary(Binary::Ult, limit, count);
            let reason = format!("{what} larger than {cap} bytes");
            self.unsupported_where(state, too_big, &reason, loc);
        }
        if state.guard == FALSE {
            return None;
        }
        let ob = self.offset_bits();
        let small = self.terms.zext(count, ob);
        let stride = self.terms.constant(u128::from(elem_bytes), ob);
        let size = self.terms.binary(Binary::Mul, small, stride);
        Some((((layout_count * elem_bytes * 8) as u32).max(8), size))
    }

    /// A variable-length array type (`int a[n][m][4]`) as a count of
    /// fixed-size elements (`n * m`, saturated just above the largest
    /// count `max_symbolic_object` allows, so that it never wraps) and the
    /// byte size of one (`4 * sizeof(int)`).
    fn vla_elements(
        &mut self,
        state: &mut State,
        f: &Function,
        ty: TypeId,
    ) -> Option<(TermId, u64)> {
        let mut factors = Vec::new();
        let mut t = ty;
        while self.size_bits(state, t).is_none() {
            match *self.types().kind(t) {
                TypeKind::Array(elem, ArrayLen::Variable(len)) => {
                    let n = self.value(
                        state,
                        f,
                        &Expr {
                            kind: ExprKind::Load(Place::Local(len)),
                            ty: f.local(len).ty,
                        },
                    );
                    factors.push(n);
                    t = elem;
                }
                TypeKind::Array(elem, ArrayLen::Fixed(n)) => {
                    factors.push(self.terms.constant(u128::from(n), 64));
                    t = elem;
                }
                _ => return None,
            }
        }
        let elem_bytes = self.size_bits(state, t)? / 8;
        if elem_bytes == 0 {
            return None;
        }
        // Every factor and partial product saturates at `cap + 1`, in a
        // width that holds the product of two saturated values.
        let cap = u128::from(self.options.max_symbolic_object / elem_bytes + 1);
        let w = 128 - cap.leading_zeros();
        let saturate = |terms: &mut crate::ssa::Terms, x: TermId| {
            let xw = terms.width(x);
            if xw <= w {
                return terms.zext(x, w);
            }
            let limit = terms.constant(cap, xw);
            let over = terms.binary(Binary::Ult, limit, x);
            let low = terms.extract(x, 0, w);
            let capped = terms.constant(cap, w);
            terms.ite(over, capped, low)
        };
        // Small factors (`n % 4 + 1`) multiply without saturating.
        let bounds: Vec<u128> = factors.iter().map(|&f| self.terms.upper_bound(f)).collect();
        let small = bounds
            .iter()
            .try_fold(1u128, |p, &b| p.checked_mul(b).filter(|&p| p < cap))
            .is_some();
        if small {
            let mut count = self.terms.zext(factors[0], w);
            for &factor in &factors[1..] {
                let f = self.terms.zext(factor, w);
                count = self.terms.binary(Binary::Mul, count, f);
            }
            return Some((count, elem_bytes));
        }
        let mut count = saturate(&mut self.terms, factors[0]);
        for &factor in &factors[1..] {
            let a = self.terms.zext(count, 2 * w);
            let b = saturate(&mut self.terms, factor);
            let b = self.terms.zext(b, 2 * w);
            let product = self.terms.binary(Binary::Mul, a, b);
            count = saturate(&mut self.terms, product);
        }
        Some((count, elem_bytes))
    }

    /// The byte size of an object of type `ty` as a pointer-wide term, with
    /// variable array lengths read from the current frame.
    fn size_term(&mut self, state: &mut State, f: &Function, ty: TypeId) -> TermId {
        let pw = self.pointer_bits();
        if let Some(bits) = self.size_bits(state, ty) {
            return self.terms.constant(u128::from(bits / 8), pw);
        }
        let (n, elem) = match *self.types().kind(ty) {
            TypeKind::Array(elem, ArrayLen::Variable(len)) => {
                let n = self.value(
                    state,
                    f,
                    &Expr {
                        kind: ExprKind::Load(Place::Local(len)),
                        ty: f.local(len).ty,
                    },
                );
                (self.terms.zext(n, pw), elem)
            }
            TypeKind::Array(elem, ArrayLen::Fixed(n)) => {
                (self.terms.constant(u128::from(n), pw), elem)
            }
            _ => return self.terms.constant(u128::from(self.bits_of(ty) / 8), pw),
        };
        let e = self.size_term(state, f, elem);
        self.terms.binary(Binary::Mul, n, e)
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

    // ----- calls -----

    fn call(
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
            if state.memory.len() <= id as usize {
                state.memory.resize(id as usize + 1, None);
            }
            state.memory[id as usize] = None;
            state.live.remove(&id);
            objects.push(id);
        }
        for (i, a) in args.into_iter().enumerate().take(f.params) {
            let ty = f.locals[i].ty;
            let stored = self.to_memory(a, ty);
            state.memory[objects[i] as usize] = Some(stored);
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
        let depth = state.frames.len() - 1;
        let returns = self.run_body(state, f, body, depth);
        let mut merged: Option<(State, Option<TermId>)> = None;
        for (mut st, value) in returns {
            st.frames.pop();
            st.loop_counts.retain(|(d, _), _| *d < depth);
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
            let addr = self.terms.constant(u128::from(id) << ob, pw);
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

    /// Merges two states at a join (their guards are disjoint).
    fn merge(&mut self, a: State, b: State) -> State {
        if a.guard == FALSE {
            return b;
        }
        if b.guard == FALSE {
            return a;
        }
        let guard = self.terms.or(a.guard, b.guard);
        let n = a.memory.len().max(b.memory.len());
        let mut memory = Vec::with_capacity(n);
        let mut sizes = FxHashMap::default();
        let mut live = FxHashMap::default();
        for id in 0..n {
            let x = a.memory.get(id).copied().flatten();
            let y = b.memory.get(id).copied().flatten();
            memory.push(match (x, y) {
                (Some(x), Some(y)) if x != y => {
                    // A variable-length array declared with different sizes on
                    // the two paths: one layout for both, each path's size kept.
                    let (wx, wy) = (self.terms.width(x), self.terms.width(y));
                    let key = id as u32;
                    if wx != wy || a.sizes.contains_key(&key) || b.sizes.contains_key(&key) {
                        let sx = self.object_size(&a, key, x);
                        let sy = self.object_size(&b, key, y);
                        sizes.insert(key, self.terms.ite(a.guard, sx, sy));
                    }
                    let w = wx.max(wy);
                    let (x, y) = (self.terms.zext(x, w), self.terms.zext(y, w));
                    let v = self.terms.ite(a.guard, x, y);
                    let name = self.object_names[id].clone();
                    Some(self.defined(&name, v, Loc::NONE))
                }
                (Some(_), _) => {
                    if let Some(&s) = a.sizes.get(&(id as u32)) {
                        sizes.insert(id as u32, s);
                    }
                    x
                }
                (None, _) => {
                    if let Some(&s) = b.sizes.get(&(id as u32)) {
                        sizes.insert(id as u32, s);
                    }
                    y
                }
            });
            // An object made on only one of the paths exists only there.
            let key = id as u32;
            let la = match x {
                Some(_) => a.live.get(&key).copied().unwrap_or(TRUE),
                None => FALSE,
            };
            let lb = match y {
                Some(_) => b.live.get(&key).copied().unwrap_or(TRUE),
                None => FALSE,
            };
            if (x.is_some() || y.is_some()) && (la != TRUE || lb != TRUE) {
                live.insert(key, self.terms.ite(a.guard, la, lb));
            }
        }
        let frames = if a.frames.len() >= b.frames.len() {
            a.frames.clone()
        } else {
            b.frames.clone()
        };
        let mut loop_counts = a.loop_counts.clone();
        for (k, v) in b.loop_counts {
            let e = loop_counts.entry(k).or_insert(v);
            *e = (*e).max(v);
        }
        let word = match (&a.word, &b.word) {
            (Some(x), Some(y)) => Some(self.ite_word(a.guard, x, y)),
            _ => None,
        };
        let mut freed = FxHashMap::default();
        for id in a.freed.keys().chain(b.freed.keys()) {
            let fa = a.freed.get(id).copied().unwrap_or(FALSE);
            let fb = b.freed.get(id).copied().unwrap_or(FALSE);
            freed.insert(*id, self.terms.ite(a.guard, fa, fb));
        }
        State {
            guard,
            memory,
            frames,
            loop_counts,
            sizes,
            word,
            freed,
            live,
        }
    }

    /// The byte size of object `id` holding `bits` on a path (an offset-wide term).
    fn object_size(&mut self, state: &State, id: u32, bits: TermId) -> TermId {
        match state.sizes.get(&id) {
            Some(&s) => s,
            None => {
                let bytes = u128::from(self.terms.width(bits) / 8);
                let ob = self.offset_bits();
                self.terms.constant(bytes, ob)
            }
        }
    }

    /// The bound of loop `index` of `f` (`--unwindset f.index:k`).
    fn loop_bound(&self, f: &Function, index: usize) -> u32 {
        self.options
            .unwind_set
            .get(&format!("{}.{}", f.name, index))
            .copied()
            .unwrap_or(self.options.unwind)
    }

    /// Runs a function body; returns the states (and values) at its returns.
    fn run_body(
        &mut self,
        start: State,
        f: &Function,
        body: &lore_frontend::ir::Body,
        depth: usize,
    ) -> Vec<(State, Option<TermId>)> {
        let n = body.blocks.len();
        let mut waiting: Vec<Vec<State>> = (0..n).map(|_| Vec::new()).collect();
        let mut returns = Vec::new();
        let mut current: Option<State> = Some(start);
        let mut pc = 0usize;
        let loop_of_header = |b: usize| body.loops.iter().position(|l| l.header.index() == b);
        while pc < n {
            // States arriving by forward jumps start the loops headed here afresh.
            let mut arrivals = std::mem::take(&mut waiting[pc]);
            if let Some(li) = loop_of_header(pc) {
                for s in arrivals.iter_mut() {
                    s.loop_counts.remove(&(depth, li));
                }
            }
            for s in arrivals {
                current = Some(match current {
                    None => s,
                    Some(c) => self.merge(s, c),
                });
            }
            let Some(mut state) = current.take() else {
                pc += 1;
                continue;
            };
            if state.guard == FALSE {
                pc += 1;
                continue;
            }
            let block = &body.blocks[pc];
            for stmt in &block.stmts {
                if state.guard == FALSE {
                    break;
                }
                self.at = stmt.loc;
                self.statement(&mut state, f, &stmt.kind, stmt.loc);
            }
            if state.guard == FALSE {
                pc += 1;
                continue;
            }
            self.at = block.term_loc;
            // Successors with their states.
            let mut next: Vec<(BlockId, State)> = Vec::new();
            match &block.term {
                Terminator::Goto(t) => next.push((*t, state)),
                Terminator::Branch {
                    cond,
                    then_block,
                    else_block,
                } => {
                    let c = self.value(&mut state, f, cond);
                    let nc = self.terms.not(c);
                    let mut then_state = state.clone();
                    then_state.guard = self.terms.and(state.guard, c);
                    state.guard = self.terms.and(state.guard, nc);
                    // A while/for loop counts an iteration when it enters its body.
                    if let Some(li) = loop_of_header(pc) {
                        let l = &body.loops[li];
                        if matches!(l.kind, LoopKind::While | LoopKind::For)
                            && then_block.index() > pc
                        {
                            let count = then_state
                                .loop_counts
                                .get(&(depth, li))
                                .copied()
                                .unwrap_or(0);
                            if count + 1 >= self.loop_bound(f, li) {
                                self.cut_loop(&mut then_state, f, li, l.loc);
                            } else {
                                then_state.loop_counts.insert((depth, li), count + 1);
                                self.steps.push(Step::Note {
                                    text: format!("loop {}.{li}: iteration {}", f.name, count + 1),
                                    loc: l.loc,
                                });
                            }
                        }
                    }
                    if let Some(events) = &self.options.events {
                        let function = then_state.frames.last().expect("a frame").function;
                        let block = BlockId(pc as u32);
                        if let Some(&l) = events.branch.get(&(function, block, true)) {
                            self.event(&mut then_state, l);
                        }
                        if let Some(&l) = events.branch.get(&(function, block, false)) {
                            self.event(&mut state, l);
                        }
                    }
                    next.push((*then_block, then_state));
                    next.push((*else_block, state));
                }
                Terminator::Switch {
                    value,
                    cases,
                    default,
                } => {
                    let v = self.value(&mut state, f, value);
                    let w = self.terms.width(v);
                    let mut rest = state.guard;
                    for (k, t) in cases {
                        let kc = self.terms.constant(*k, w);
                        let hit = self.terms.binary(Binary::Eq, v, kc);
                        let mut s = state.clone();
                        s.guard = self.terms.and(rest, hit);
                        let miss = self.terms.not(hit);
                        rest = self.terms.and(rest, miss);
                        next.push((*t, s));
                    }
                    state.guard = rest;
                    next.push((*default, state));
                }
                Terminator::Return(value) => {
                    let mut v = value.as_ref().map(|e| self.value(&mut state, f, e));
                    let ret = self
                        .types()
                        .function_type(f.ty)
                        .map_or(TypeTable::VOID, |t| t.ret);
                    if v.is_none() && ret != TypeTable::VOID {
                        // Falling off a value-returning function: the value is unknown.
                        let bits = self.value_bits(ret).max(1);
                        let name = self.new_version(&format!("{}::return", f.name));
                        let input = self.terms.input(name, bits);
                        self.input_step(input, state.guard, block.term_loc);
                        v = Some(input);
                    }
                    // The initialiser also returns with one frame; only
                    // main's return is the end of main.
                    let is_main = self
                        .program
                        .entry
                        .is_some_and(|m| std::ptr::eq(self.program.function(m), f));
                    if state.frames.len() == 1 && is_main {
                        self.end_of_main(&state, block.term_loc);
                    }
                    returns.push((state, v));
                }
                Terminator::Halt(kind) => {
                    if *kind == HaltKind::Exit {
                        self.end_of_main(&state, block.term_loc);
                    }
                }
                Terminator::Unterminated => {}
            }
            let mut jumped_back: Option<(usize, State)> = None;
            for (target, mut s) in next {
                if s.guard == FALSE {
                    continue;
                }
                let t = target.index();
                if t > pc {
                    waiting[t].push(s);
                    continue;
                }
                // A back edge: do-while and goto loops count it.
                let li = body
                    .loops
                    .iter()
                    .position(|l| l.header == target && l.latch.index() == pc);
                if let Some(li) = li {
                    let l = &body.loops[li];
                    if !matches!(l.kind, LoopKind::While | LoopKind::For) {
                        let count = s.loop_counts.get(&(depth, li)).copied().unwrap_or(0);
                        if count + 1 >= self.loop_bound(f, li) {
                            self.cut_loop(&mut s, f, li, l.loc);
                            continue;
                        }
                        s.loop_counts.insert((depth, li), count + 1);
                        // The body runs again: iteration count + 2.
                        self.steps.push(Step::Note {
                            text: format!("loop {}.{li}: iteration {}", f.name, count + 2),
                            loc: l.loc,
                        });
                    }
                }
                jumped_back = Some(match jumped_back {
                    None => (t, s),
                    Some((t0, s0)) => (t0.min(t), self.merge(s, s0)),
                });
            }
            match jumped_back {
                Some((t, s)) => {
                    current = Some(s);
                    pc = t;
                }
                None => pc += 1,
            }
        }
        returns
    }

    fn cut_loop(&mut self, state: &mut State, f: &Function, index: usize, loc: Loc) {
        let g = state.guard;
        if self.options.unwinding_assertions {
            let name = format!("{}.unwind.{}", f.name, index);
            self.check(
                CheckKind::Unwinding {
                    function: state.frames.last().expect("a frame").function,
                    loop_index: index,
                },
                name,
                format!("unwinding assertion of loop {}.{}", f.name, index),
                loc,
                g,
            );
        } else {
            self.bound_cut = self.terms.or(self.bound_cut, g);
        }
        state.guard = FALSE;
    }

    // ----- statements -----

    fn statement(&mut self, state: &mut State, f: &Function, stmt: &StmtKind, loc: Loc) {
        match stmt {
            StmtKind::Assign { place, value } => {
                let ty = self.program.place_type(f, place);
                let v = if matches!(value.kind, ExprKind::Zero) {
                    let bits = self.bits_of(ty).max(1);
                    Some(self.terms.constant(0, bits))
                } else {
                    self.stored_value(state, f, value, ty)
                };
                if let Some(v) = v {
                    self.store(state, f, place, v, loc);
                }
            }
            StmtKind::Nondet { place } => {
                let ty = self.program.place_type(f, place);
                let bits = self.value_bits(ty).max(1);
                let name = self.new_version("nondet");
                let input = self.terms.input(name, bits);
                self.input_step(input, state.guard, loc);
                let stored = self.to_memory(input, ty);
                self.store(state, f, place, stored, loc);
            }
            StmtKind::Declare { local } => {
                let ty = f.local(*local).ty;
                let id = state.frames.last().expect("a frame").objects[local.0 as usize];
                state.sizes.remove(&id);
                // The object exists on this path from here on, whatever an
                // earlier loop iteration did: a merge may have recorded it as
                // made on one path only (`State::live`). Left stale, accesses
                // through pointers missed it: reads became unknown values and
                // stores were lost (a wrong TRUE).
                state.live.remove(&id);
                let bits = match self.size_bits(state, ty) {
                    Some(b) if b <= 1 << 24 => (b as u32).max(1),
                    Some(_) => {
                        self.unsupported(state, "variable-length array too large", loc);
                        return;
                    }
                    None => {
                        let Some((count, elem_bytes)) = self.vla_elements(state, f, ty) else {
                            self.unsupported(state, "variable-length array of this type", loc);
                            return;
                        };
                        let what = "variable-length array";
                        let Some((bits, size)) =
                            self.symbolic_layout(state, count, elem_bytes, what, loc)
                        else {
                            return;
                        };
                        state.sizes.insert(id, size);
                        bits
                    }
                };
                let name = format!("{}#uninit", self.object_names[id as usize]);
                let v = self.terms.input(name, bits);
                self.input_step(v, state.guard, loc);
                state.memory[id as usize] = Some(v);
            }
            StmtKind::Call { dest, callee, args } => {
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
            StmtKind::Assume { cond } => {
                let c = self.value(state, f, cond);
                state.guard = self.terms.and(state.guard, c);
                self.steps.push(Step::Assume {
                    guard: state.guard,
                    loc,
                });
            }
            StmtKind::Assert { cond, property } => {
                let c = self.value(state, f, cond);
                let p = self.program.property(*property);
                let checked = self.options.check_kinds.contains(&p.kind);
                if checked {
                    let nc = self.terms.not(c);
                    let violated = self.terms.and(state.guard, nc);
                    let index = self.check(
                        CheckKind::Property(*property),
                        p.name.clone(),
                        p.description.clone(),
                        p.loc,
                        violated,
                    );
                    let word = state.word.clone();
                    self.attach_word(index, &word, violated);
                }
                // After the assertion, executions continue only where it held
                // (a failing assertion ends the run), except past an unchecked
                // `_Learn_assert`: it marks what to learn and is not C's assert.
                if checked || p.kind != PropertyKind::LearnAssertion {
                    state.guard = self.terms.and(state.guard, c);
                }
            }
            StmtKind::Allocate {
                dest,
                kind,
                size,
                old,
                ..
            } => {
                let old_pointer = old.as_ref().map(|e| self.value(state, f, e));
                let n = self.value(state, f, size);
                let (bits, symbolic_size) = match self.terms.as_const(n) {
                    Some(b) if b > 0 && b <= 1 << 16 => (b as u32 * 8, None),
                    Some(_) => {
                        self.unsupported(state, "allocation of zero or more than 64 KiB", loc);
                        return;
                    }
                    None => {
                        let Some((bits, size)) =
                            self.symbolic_layout(state, n, 1, "allocation of a variable size", loc)
                        else {
                            return;
                        };
                        (bits, Some(size))
                    }
                };
                let id = self.object_names.len() as u32;
                let functions = self.program.functions.len() as u64;
                if u64::from(id) + functions >= 1u64 << (self.pointer_bits() - self.offset_bits()) {
                    self.unsupported(state, "too many objects", loc);
                    return;
                }
                self.object_names.push(format!("heap{id}"));
                self.steps.push(Step::Allocate {
                    id,
                    guard: state.guard,
                    loc,
                });
                if *kind != lore_frontend::ir::AllocKind::Alloca {
                    self.heap.insert(id);
                }
                self.object_types.push(TypeTable::VOID);
                if let Some(size) = symbolic_size {
                    state.sizes.insert(id, size);
                }
                let mut content = if *kind == lore_frontend::ir::AllocKind::Calloc {
                    self.terms.constant(0, bits)
                } else {
                    let name = format!("heap{id}#uninit");
                    let v = self.terms.input(name, bits);
                    self.input_step(v, state.guard, loc);
                    v
                };
                if let Some(p) = old_pointer {
                    // realloc: the new block starts with the old block's bytes.
                    match self.realloc_content(state, p, content, symbolic_size.is_some()) {
                        Some(c) => content = c,
                        None => {
                            self.unsupported(state, "realloc of a block of variable size", loc);
                            return;
                        }
                    }
                    if self.options.pointer_check {
                        self.free(state, f, p);
                    }
                }
                if state.memory.len() <= id as usize {
                    state.memory.resize(id as usize + 1, None);
                }
                state.memory[id as usize] = Some(content);
                state.live.remove(&id);
                let addr = self.object_address(id);
                let ty = self.program.place_type(f, dest);
                let stored = self.to_memory(addr, ty);
                self.store(state, f, dest, stored, loc);
            }
            // Without pointer checks, freeing changes nothing observable.
            StmtKind::Free { ptr } => {
                let p = self.value(state, f, ptr);
                if self.options.pointer_check && state.guard != FALSE {
                    self.free(state, f, p);
                }
            }
            StmtKind::Memory { op, args } => {
                let values: Vec<TermId> = args.iter().map(|a| self.value(state, f, a)).collect();
                if state.guard != FALSE {
                    self.memory_op(state, *op, &values, loc);
                }
            }
            StmtKind::String { op, dest, args } => {
                let values: Vec<TermId> = args.iter().map(|a| self.value(state, f, a)).collect();
                if state.guard != FALSE {
                    self.string_op(state, f, *op, dest.as_ref(), &values, loc);
                }
            }
            StmtKind::Unsupported { what } => {
                let what = what.clone();
                self.unsupported(state, &what, loc)
            }
        }
    }

    /// The value to store into an object of type `ty` (its memory bits).
    fn stored_value(
        &mut self,
        state: &mut State,
        f: &Function,
        value: &Expr,
        ty: TypeId,
    ) -> Option<TermId> {
        let v = self.value(state, f, value);
        if state.guard == FALSE {
            return None;
        }
        Some(self.to_memory(v, ty))
    }

    /// A scalar value's bits as stored in memory (`_Bool` takes a byte).
    fn to_memory(&mut self, v: TermId, ty: TypeId) -> TermId {
        let bits = self.bits_of(ty);
        if bits == 0 {
            return v;
        }
        let w = self.terms.width(v);
        if w < bits {
            self.terms.zext(v, bits)
        } else {
            v
        }
    }

    // ----- places -----

    /// The object a place lives in and the bit offset (a term) of the place in it.
    fn locate(&mut self, state: &mut State, f: &Function, place: &Place) -> Option<(Root, Offset)> {
        match place {
            Place::Local(l) => Some((
                Root::Object(state.frames.last().expect("a frame").objects[l.0 as usize]),
                Offset::Const(0),
            )),
            Place::Global(g) => Some((Root::Object(g.0 + 1), Offset::Const(0))),
            Place::Deref(_) => {
                let loc = self.at;
                self.unsupported(state, "pointer dereference", loc);
                None
            }
            Place::Field(base, i) => {
                let (root, off) = self.locate(state, f, base)?;
                let base_ty = self.program.place_type(f, base);
                let comp = self.types().composite_id(base_ty)?;
                let field = self.types().composite(comp).fields.as_ref()?[*i].clone();
                let add = field.offset * 8 + u64::from(field.bit_field.map_or(0, |b| b.bit_offset));
                Some((root, off.add_const(add)))
            }
            Place::Index(base, index) => {
                let (root, off) = self.locate(state, f, base)?;
                let base_ty = self.program.place_type(f, base);
                let elem = self.types().element(base_ty)?;
                let Some(elem_bits) = self.size_bits(state, elem) else {
                    self.unsupported(
                        state,
                        "variable-length array whose length is not a constant",
                        self.at,
                    );
                    return None;
                };
                let i = self.value(state, f, index);
                if self.options.bounds_check {
                    if let Some(len_bits) = self.size_bits(state, base_ty) {
                        let len = len_bits / elem_bits.max(1);
                        let n = self.terms.constant(u128::from(len), 64);
                        let signed = self.types().is_signed(index.ty);
                        self.index_check(state, f, i, signed, n);
                    }
                }
                let array_len = self.size_bits(state, base_ty).map(|b| b / elem_bits.max(1));
                match self.terms.as_const(i) {
                    Some(c) => {
                        let signed = self.types().is_signed(index.ty);
                        let w = self.terms.width(i);
                        let value = if signed && w < 128 {
                            ((c << (128 - w)) as i128) >> (128 - w)
                        } else {
                            c as i128
                        };
                        if value < 0 || array_len.is_some_and(|n| value >= i128::from(n)) {
                            return Some((root, Offset::OutOfBounds));
                        }
                        Some((root, off.add_const((value as u64).wrapping_mul(elem_bits))))
                    }
                    None => {
                        let len = self.size_bits(state, base_ty).unwrap_or(0) / elem_bits.max(1);
                        if len == 0 || len > self.options.max_symbolic_array {
                            self.unsupported(
                                state,
                                "array indexed by a variable (too large)",
                                self.at,
                            );
                            return None;
                        }
                        let off = off.add_symbolic(Dim {
                            index: i,
                            stride: elem_bits,
                            len,
                        });
                        if off.cases() > self.options.max_symbolic_array {
                            self.unsupported(
                                state,
                                "arrays indexed by variables (too many elements)",
                                self.at,
                            );
                            return None;
                        }
                        Some((root, off))
                    }
                }
            }
        }
    }

    /// The bounds check of index `i` into an array of `n` elements: out of
    /// bounds when negative (as a signed index) or not below `n`.
    fn index_check(&mut self, state: &mut State, f: &Function, i: TermId, signed: bool, n: TermId) {
        let w = (self.terms.width(i).max(self.terms.width(n)) + 1).min(128);
        let wide = if signed {
            self.terms.sext(i, w)
        } else {
            self.terms.zext(i, w)
        };
        let n = self.terms.zext(n, w);
        let in_range = self.terms.binary(Binary::Ult, wide, n);
        let bad = self.terms.not(in_range);
        self.safety(state, f, "array-bounds", "array index out of bounds", bad);
    }

    /// The current bits of an object. Locals without a declaration are the
    /// lowering's temporaries, always written before they are read: they
    /// start as zero (no input).
    fn object(&mut self, state: &mut State, _f: &Function, root: Root) -> TermId {
        let Root::Object(id) = root;
        if let Some(v) = state.memory.get(id as usize).copied().flatten() {
            return v;
        }
        let bits = self.bits_of(self.object_types[id as usize]).max(1);
        let v = self.terms.constant(0, bits);
        if state.memory.len() <= id as usize {
            state.memory.resize(id as usize + 1, None);
        }
        state.memory[id as usize] = Some(v);
        v
    }

    /// The object id of a local at a recursion depth.
    fn local_object(&mut self, function: FunctionId, local: u32, depth: u32) -> u32 {
        if let Some(&id) = self.object_ids.get(&(function, local, depth)) {
            return id;
        }
        let f = self.program.function(function);
        let id = self.object_names.len() as u32;
        let at = if depth > 0 {
            format!("@{}", depth + 1)
        } else {
            String::new()
        };
        self.object_names.push(format!(
            "{}{}::{}",
            f.name, at, f.locals[local as usize].name
        ));
        self.object_types.push(f.locals[local as usize].ty);
        self.object_ids.insert((function, local, depth), id);
        id
    }

    /// Bits of a pointer, and of the byte offset inside it (the rest is the object id).
    fn pointer_bits(&self) -> u32 {
        self.program.model.pointer_bits()
    }

    fn offset_bits(&self) -> u32 {
        offset_bits(self.pointer_bits())
    }

    /// The address of an object (its first byte).
    fn object_address(&mut self, id: u32) -> TermId {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        self.terms.constant(u128::from(id) << ob, pw)
    }

    /// Is a place accessed through its address: behind a pointer, or in a
    /// variable-length array (whose size is known only at run time)?
    fn through_address(&self, f: &Function, place: &Place) -> bool {
        match place {
            Place::Deref(_) => true,
            Place::Field(b, _) => self.through_address(f, b),
            Place::Index(b, _) => {
                self.program.is_vla(self.program.place_type(f, b)) || self.through_address(f, b)
            }
            _ => false,
        }
    }

    /// The byte address of a place (and the bit offset of a bit-field in it);
    /// `access`: the place is read or written (not only its address taken),
    /// so a variable-length array's index is bounds-checked.
    fn address_of(
        &mut self,
        state: &mut State,
        f: &Function,
        place: &Place,
        access: bool,
    ) -> Option<(TermId, u32)> {
        let pw = self.pointer_bits();
        match place {
            Place::Local(l) => {
                let id = state.frames.last()?.objects[l.0 as usize];
                Some((self.object_address(id), 0))
            }
            Place::Global(g) => Some((self.object_address(g.0 + 1), 0)),
            Place::Deref(p) => {
                let v = self.value(state, f, p);
                Some((v, 0))
            }
            Place::Field(base, i) => {
                let (a, _) = self.address_of(state, f, base, access)?;
                let ty = self.program.place_type(f, base);
                let c = self.types().composite_id(ty)?;
                let field = self.types().composite(c).fields.as_ref()?[*i].clone();
                let k = self.terms.constant(u128::from(field.offset), pw);
                Some((
                    self.terms.binary(Binary::Add, a, k),
                    field.bit_field.map_or(0, |b| b.bit_offset),
                ))
            }
            Place::Index(base, index) => {
                let (a, _) = self.address_of(state, f, base, access)?;
                let ty = self.program.place_type(f, base);
                let elem = self.types().element(ty)?;
                let size = self.size_term(state, f, elem);
                let i = self.value(state, f, index);
                if let TypeKind::Array(_, ArrayLen::Variable(len)) = *self.types().kind(ty) {
                    if access && self.options.bounds_check {
                        let n = self.value(
                            state,
                            f,
                            &Expr {
                                kind: ExprKind::Load(Place::Local(len)),
                                ty: f.local(len).ty,
                            },
                        );
                        let signed = self.types().is_signed(index.ty);
                        self.index_check(state, f, i, signed, n);
                    }
                }
                let i = if self.types().is_signed(index.ty) {
                    self.terms.sext(i, pw)
                } else {
                    self.terms.zext(i, pw)
                };
                let scaled = self.terms.binary(Binary::Mul, i, size);
                Some((self.terms.binary(Binary::Add, a, scaled), 0))
            }
        }
    }

    /// Which objects an address term may point into.
    fn targets(&mut self, t: TermId, memo: &mut FxHashMap<TermId, Targets>, depth: u32) -> Targets {
        if let Some(hit) = memo.get(&t) {
            return hit.clone();
        }
        let pw = self.pointer_bits();
        let ob = self.offset_bits();
        let result = if depth > 200 {
            Targets::any()
        } else {
            match self.terms.get(t).clone() {
                crate::ssa::Term::Const { value, .. } => Targets::known((value >> ob) as u32),
                crate::ssa::Term::Symbol(sym) => {
                    match self.terms.symbols[sym as usize].definition {
                        Some(d) => self.targets(d, memo, depth + 1),
                        None => Targets::invalid(),
                    }
                }
                crate::ssa::Term::Ite(_, a, b) => {
                    let x = self.targets(a, memo, depth + 1);
                    let y = self.targets(b, memo, depth + 1);
                    x.join(&y)
                }
                crate::ssa::Term::Binary(Binary::Add, a, b) => {
                    let x = self.targets(a, memo, depth + 1);
                    let y = self.targets(b, memo, depth + 1);
                    if x.is_integer() {
                        y
                    } else if y.is_integer() {
                        x
                    } else {
                        x.join(&y)
                    }
                }
                crate::ssa::Term::Binary(Binary::Sub, a, b) => {
                    let y = self.targets(b, memo, depth + 1);
                    if y.is_integer() {
                        self.targets(a, memo, depth + 1)
                    } else {
                        Targets::any()
                    }
                }
                crate::ssa::Term::Binary(Binary::Mul, ..) => Targets::known(0),
                crate::ssa::Term::ZeroExtend(x, _) | crate::ssa::Term::SignExtend(x, _)
                    if self.terms.width(x) < pw =>
                {
                    Targets::known(0)
                }
                crate::ssa::Term::Extract { term, low, width } if width == pw => {
                    let inner = self.terms.get(term).clone();
                    match inner {
                        crate::ssa::Term::Ite(_, a, b) => {
                            let ea = self.terms.extract(a, low, width);
                            let eb = self.terms.extract(b, low, width);
                            let x = self.targets(ea, memo, depth + 1);
                            let y = self.targets(eb, memo, depth + 1);
                            x.join(&y)
                        }
                        crate::ssa::Term::Symbol(sym) => {
                            match self.terms.symbols[sym as usize].definition {
                                Some(d) => {
                                    let e = self.terms.extract(d, low, width);
                                    if e == t {
                                        Targets::any()
                                    } else {
                                        self.targets(e, memo, depth + 1)
                                    }
                                }
                                None => Targets::invalid(),
                            }
                        }
                        _ => Targets::any(),
                    }
                }
                crate::ssa::Term::Extract { width, .. } if width < ob => Targets::known(0),
                _ => Targets::any(),
            }
        };
        memo.insert(t, result.clone());
        result
    }

    /// The objects to consider for an access at `addr`, and whether an
    /// address may point to no object (the access is then unknown).
    fn candidates(&mut self, state: &State, addr: TermId) -> Vec<u32> {
        let mut memo = FxHashMap::default();
        let t = self.targets(addr, &mut memo, 0);
        let existing =
            |id: u32| id != 0 && state.memory.get(id as usize).copied().flatten().is_some();
        if t.any {
            (1..state.memory.len() as u32)
                .filter(|&id| existing(id))
                .collect()
        } else {
            t.ids.iter().copied().filter(|&id| existing(id)).collect()
        }
    }

    /// The content of a block `realloc`ated from `p`: `fresh` with the old
    /// block's leading bytes (as many as both blocks hold) where `p` names
    /// it. `None` when a size involved is not a constant.
    fn realloc_content(
        &mut self,
        state: &State,
        p: TermId,
        fresh: TermId,
        variable_size: bool,
    ) -> Option<TermId> {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let p = self.terms.zext(p, pw);
        let obj_field = self.terms.extract(p, ob, pw - ob);
        let off = self.terms.extract(p, 0, ob);
        let zero_off = self.terms.constant(0, ob);
        let at_start = self.terms.binary(Binary::Eq, off, zero_off);
        let mut content = fresh;
        for id in self.candidates(state, p) {
            if !self.heap.contains(&id) {
                continue;
            }
            if variable_size || state.sizes.contains_key(&id) {
                return None;
            }
            let old = state.memory[id as usize].expect("candidate exists");
            let keep = self.terms.width(old).min(self.terms.width(fresh));
            let kept = self.terms.extract(old, 0, keep);
            let copied = self.terms.update(fresh, 0, kept);
            let names_it = self.names_object(state, obj_field, id);
            let hit = self.terms.and(names_it, at_start);
            content = self.terms.ite(hit, copied, content);
        }
        Some(content)
    }

    /// `memset`, `memcpy`/`memmove` (of a constant length) and havoc.
    fn memory_op(
        &mut self,
        state: &mut State,
        op: lore_frontend::ir::MemoryOp,
        args: &[TermId],
        loc: Loc,
    ) {
        use lore_frontend::ir::MemoryOp;
        let pw = self.pointer_bits();
        let dst = self.terms.zext(args[0], pw);
        if op == MemoryOp::Havoc {
            self.havoc(state, dst, loc);
            return;
        }
        let n = match self.terms.as_const(args[2]) {
            Some(0) => return,
            Some(n) if n <= 1 << 16 => n as u32,
            _ => {
                self.unsupported(
                    state,
                    "block memory operation of a variable or huge length",
                    loc,
                );
                return;
            }
        };
        let value = if op == MemoryOp::Set {
            let byte = self.terms.extract(args[1], 0, 8);
            let mut v = byte;
            while self.terms.width(v) < n * 8 {
                let more = (n * 8 - self.terms.width(v)).min(self.terms.width(v));
                let part = self.terms.extract(v, 0, more);
                v = self.terms.concat(part, v);
            }
            v
        } else {
            let src = self.terms.zext(args[1], pw);
            self.read_indirect(state, src, n * 8, 0, true)
        };
        self.write_indirect(state, dst, value, 0, true, loc);
    }

    /// Every byte from `p` to the end of its object becomes unknown.
    fn havoc(&mut self, state: &mut State, p: TermId, loc: Loc) {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let obj_field = self.terms.extract(p, ob, pw - ob);
        let off = self.terms.extract(p, 0, ob);
        for id in self.candidates(state, p) {
            let obj = state.memory[id as usize].expect("candidate exists");
            let w = self.terms.width(obj);
            let names_it = self.names_object(state, obj_field, id);
            let name = format!("{}#havoc", self.object_names[id as usize]);
            let fresh = self.terms.input(name, w);
            let guard = self.terms.and(state.guard, names_it);
            self.input_step(fresh, guard, loc);
            let mut bytes = Vec::new();
            for k in 0..w / 8 {
                let kc = self.terms.constant(u128::from(k), ob);
                let from_here = self.terms.binary(Binary::Ule, off, kc);
                let new = self.terms.extract(fresh, k * 8, 8);
                let old = self.terms.extract(obj, k * 8, 8);
                bytes.push(self.terms.ite(from_here, new, old));
            }
            let mut updated = bytes[0];
            for &b in &bytes[1..] {
                updated = self.terms.concat(b, updated);
            }
            let new = self.terms.ite(names_it, updated, obj);
            let name = self.object_names[id as usize].clone();
            let named = self.defined(&name, new, loc);
            state.memory[id as usize] = Some(named);
        }
    }

    /// `free(p)` with pointer checks: `p` must be null or the start of a
    /// heap block not yet freed; the block is freed where `p` names it.
    fn free(&mut self, state: &mut State, f: &Function, p: TermId) {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let p = self.terms.zext(p, pw);
        let obj_field = self.terms.extract(p, ob, pw - ob);
        let off = self.terms.extract(p, 0, ob);
        let zero_off = self.terms.constant(0, ob);
        let at_start = self.terms.binary(Binary::Eq, off, zero_off);
        let zero_id = self.terms.constant(0, pw - ob);
        let null = self.terms.binary(Binary::Eq, obj_field, zero_id);
        let mut block_start = FALSE;
        let mut twice = FALSE;
        let mut names = Vec::new();
        for id in self.candidates(state, p) {
            if !self.heap.contains(&id) {
                continue;
            }
            let names_it = self.names_object(state, obj_field, id);
            let hit = self.terms.and(names_it, at_start);
            block_start = self.terms.or(block_start, hit);
            let already = state.freed.get(&id).copied().unwrap_or(FALSE);
            let again = self.terms.and(hit, already);
            twice = self.terms.or(twice, again);
            names.push((id, hit));
        }
        let valid = self.terms.or(null, block_start);
        let invalid = self.terms.not(valid);
        self.safety(
            state,
            f,
            "pointer-invalid-free",
            "free of a pointer that is not the start of a heap block",
            invalid,
        );
        self.safety(
            state,
            f,
            "pointer-double-free",
            "heap block freed twice",
            twice,
        );
        for (id, hit) in names {
            let hit = self.terms.and(state.guard, hit);
            let already = state.freed.get(&id).copied().unwrap_or(FALSE);
            let now = self.terms.or(already, hit);
            state.freed.insert(id, now);
        }
    }

    /// Pointer checks of an access whose possible objects are `hits`: the
    /// address is not null, names a live object with the access inside it,
    /// and that object is not a freed heap block.
    fn pointer_checks(&mut self, state: &mut State, addr: TermId, hits: &[(u32, TermId)]) {
        let Some(frame) = state.frames.last() else {
            return;
        };
        let function = self.program.function(frame.function);
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let obj_field = self.terms.extract(addr, ob, pw - ob);
        let zero_id = self.terms.constant(0, pw - ob);
        let null = self.terms.binary(Binary::Eq, obj_field, zero_id);
        let mut any_hit = FALSE;
        let mut freed = FALSE;
        for &(id, hit) in hits {
            any_hit = self.terms.or(any_hit, hit);
            if let Some(&fr) = state.freed.get(&id) {
                let bad = self.terms.and(hit, fr);
                freed = self.terms.or(freed, bad);
            }
        }
        let not_null = self.terms.not(null);
        let miss = self.terms.not(any_hit);
        let invalid = self.terms.and(not_null, miss);
        self.safety(
            state,
            function,
            "pointer-null",
            "dereference of a null pointer",
            null,
        );
        self.safety(
            state,
            function,
            "pointer-invalid",
            "dereference of a pointer to no object, or outside its object",
            invalid,
        );
        self.safety(
            state,
            function,
            "pointer-freed",
            "dereference of freed heap memory",
            freed,
        );
    }

    /// The condition that an address's object field (`obj_field`) names
    /// object `id` and that the object exists on the path (see `State::live`).
    fn names_object(&mut self, state: &State, obj_field: TermId, id: u32) -> TermId {
        let width = self.pointer_bits() - self.offset_bits();
        let idc = self.terms.constant(u128::from(id), width);
        let same = self.terms.binary(Binary::Eq, obj_field, idc);
        match state.live.get(&id) {
            Some(&live) => self.terms.and(same, live),
            None => same,
        }
    }

    /// The objects an access of `span` bits at `addr` may touch, each with the
    /// condition that it does: the address names the object and the whole
    /// span lies inside it.
    fn indirect_hits(&mut self, state: &State, addr: TermId, span: u32) -> Vec<(u32, TermId)> {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let obj_field = self.terms.extract(addr, ob, pw - ob);
        let off = self.terms.extract(addr, 0, ob);
        let mut hits = Vec::new();
        for id in self.candidates(state, addr) {
            let obj = state.memory[id as usize].expect("candidate exists");
            let w = self.terms.width(obj);
            if w < span {
                continue;
            }
            let same = self.names_object(state, obj_field, id);
            let max = self.terms.constant(u128::from((w - span) / 8), ob);
            let mut inside = self.terms.binary(Binary::Ule, off, max);
            if let Some(&size) = state.sizes.get(&id) {
                // Inside the run-time size too: off + span bytes <= size.
                let wide_off = self.terms.zext(off, ob + 1);
                let bytes = self.terms.constant(u128::from(span.div_ceil(8)), ob + 1);
                let end = self.terms.binary(Binary::Add, wide_off, bytes);
                let size = self.terms.zext(size, ob + 1);
                let fits = self.terms.binary(Binary::Ule, end, size);
                inside = self.terms.and(inside, fits);
            }
            let hit = self.terms.and(same, inside);
            if hit != FALSE {
                hits.push((id, hit));
            }
        }
        hits
    }

    /// How many low bits of a byte offset select among the places where
    /// `span` bits fit in an object of `width` bits (higher offsets miss).
    fn offset_stages(&self, off: TermId, width: u32, span: u32) -> u32 {
        let positions = (width - span) / 8 + 1;
        (u32::BITS - (positions - 1).leading_zeros()).min(self.terms.width(off))
    }

    /// `len` bits of `t` from bit `from`, zero beyond its end.
    fn window(&mut self, t: TermId, from: u32, len: u32) -> TermId {
        let w = self.terms.width(t);
        if from >= w {
            self.terms.constant(0, len)
        } else if from + len <= w {
            self.terms.extract(t, from, len)
        } else {
            let part = self.terms.extract(t, from, w - from);
            self.terms.zext(part, len)
        }
    }

    /// `bits` bits of `obj` at byte `off` (a term) plus `extra` bits. The
    /// shifter takes the offset's bits from the highest down and keeps at
    /// each stage only the bits that later stages can still reach, so it
    /// costs about twice the object's width in multiplexers, not its width
    /// times the number of stages. Offsets past the end give don't-care bits
    /// (the caller's hit condition excludes them).
    fn extract_at(&mut self, obj: TermId, off: TermId, bits: u32, extra: u32) -> TermId {
        let w = self.terms.width(obj);
        let mut cur = self.terms.extract(obj, extra, w - extra);
        for s in (0..self.offset_stages(off, w - extra, bits)).rev() {
            let step = 8u32 << s;
            let need = bits + (step - 8);
            let bit = self.terms.extract(off, s, 1);
            let moved = self.window(cur, step, need);
            let kept = self.window(cur, 0, need);
            cur = self.terms.ite(bit, moved, kept);
        }
        self.window(cur, 0, bits)
    }

    /// `obj` with `value` written at byte `off` (a term) plus `extra` bits:
    /// the value and its mask move up stage by stage from the lowest offset
    /// bit, growing only as far as they can reach (see `extract_at`).
    fn update_at(&mut self, obj: TermId, off: TermId, value: TermId, extra: u32) -> TermId {
        let w = self.terms.width(obj);
        let bits = self.terms.width(value);
        // All ones, built from constants of at most 128 bits.
        let mut m = self.terms.constant(u128::MAX, bits.min(128));
        while self.terms.width(m) < bits {
            let more = self
                .terms
                .constant(u128::MAX, (bits - self.terms.width(m)).min(128));
            m = self.terms.concat(more, m);
        }
        let mut v = value;
        if extra > 0 {
            let zeros = self.terms.constant(0, extra);
            v = self.terms.concat(v, zeros);
            m = self.terms.concat(m, zeros);
        }
        for s in 0..self.offset_stages(off, w - extra, bits) {
            let step = 8u32 << s;
            let bit = self.terms.extract(off, s, 1);
            let zeros = self.terms.constant(0, step);
            let grown = (self.terms.width(v) + step).min(w);
            let (v_up, m_up) = (self.terms.concat(v, zeros), self.terms.concat(m, zeros));
            let (v_up, m_up) = (self.window(v_up, 0, grown), self.window(m_up, 0, grown));
            let (v_stay, m_stay) = (self.window(v, 0, grown), self.window(m, 0, grown));
            v = self.terms.ite(bit, v_up, v_stay);
            m = self.terms.ite(bit, m_up, m_stay);
        }
        let v = self.window(v, 0, w);
        let m = self.window(m, 0, w);
        let keep = self.terms.not(m);
        let kept = self.terms.binary(Binary::And, obj, keep);
        self.terms.binary(Binary::Or, kept, v)
    }

    /// Reads `bits` at a byte address (plus `bit_extra`), over every object
    /// it may point into; `deref`: through a C pointer, so pointer checks
    /// apply (when on).
    fn read_indirect(
        &mut self,
        state: &mut State,
        addr: TermId,
        bits: u32,
        bit_extra: u32,
        deref: bool,
    ) -> TermId {
        let off = self.terms.extract(addr, 0, self.offset_bits());
        let targets = self.indirect_hits(state, addr, bits + bit_extra);
        if deref && self.options.pointer_check {
            self.pointer_checks(state, addr, &targets);
        }
        let mut hits = Vec::new();
        for (id, hit) in targets {
            let obj = state.memory[id as usize].expect("candidate exists");
            let value = match self.terms.as_const(off) {
                Some(o) => self.terms.extract(obj, (o as u32) * 8 + bit_extra, bits),
                None => self.extract_at(obj, off, bits, bit_extra),
            };
            hits.push((hit, value));
        }
        let any_hit = hits
            .iter()
            .fold(FALSE, |acc, (h, _)| self.terms.or(acc, *h));
        let miss = self.terms.not(any_hit);
        let mut result = if miss == FALSE {
            hits.last().map(|h| h.1).unwrap_or(FALSE)
        } else {
            self.out_of_bounds_value(state, miss, bits)
        };
        for (hit, value) in hits.into_iter().rev() {
            result = self.terms.ite(hit, value, result);
        }
        result
    }

    /// Writes `value` at a byte address (plus `bit_extra`) into every object
    /// it may point into (`deref` as for `read_indirect`).
    fn write_indirect(
        &mut self,
        state: &mut State,
        addr: TermId,
        value: TermId,
        bit_extra: u32,
        deref: bool,
        loc: Loc,
    ) {
        let bits = self.terms.width(value);
        let off = self.terms.extract(addr, 0, self.offset_bits());
        let targets = self.indirect_hits(state, addr, bits + bit_extra);
        if deref && self.options.pointer_check {
            self.pointer_checks(state, addr, &targets);
        }
        for (id, hit) in targets {
            let obj = state.memory[id as usize].expect("candidate exists");
            let updated = match self.terms.as_const(off) {
                Some(o) => self.terms.update(obj, (o as u32) * 8 + bit_extra, value),
                None => self.update_at(obj, off, value, bit_extra),
            };
            let new = self.terms.ite(hit, updated, obj);
            let name = self.object_names[id as usize].clone();
            let named = self.defined(&name, new, loc);
            state.memory[id as usize] = Some(named);
        }
    }

    fn load(
        &mut self,
        state: &mut State,
        f: &Function,
        place: &Place,
        ty: TypeId,
    ) -> Option<TermId> {
        if self.through_address(f, place) {
            let (addr, extra) = self.address_of(state, f, place, true)?;
            let read_bits = self.load_bits(f, place, ty);
            let raw = self.read_indirect(state, addr, read_bits, extra, has_deref(place));
            return Some(self.finish_load(f, place, ty, raw));
        }
        let (root, off) = self.locate(state, f, place)?;
        let obj = self.object(state, f, root);
        let read_bits = self.load_bits(f, place, ty);
        let raw = self.read(state, obj, &off, read_bits)?;
        Some(self.finish_load(f, place, ty, raw))
    }

    /// How many bits a load of `place` reads from memory: a bit-field's
    /// declared width (C11 6.7.2.1: the field occupies exactly that many
    /// bits of its storage unit, so a `_Bool : 1` field is one bit, not
    /// the byte a plain `_Bool` object takes), a plain `_Bool`'s byte,
    /// otherwise the value's width.
    fn load_bits(&self, f: &Function, place: &Place, ty: TypeId) -> u32 {
        match self.bit_field_width(f, place) {
            Some(width) => width,
            None if ty == TypeTable::BOOL => 8,
            None => self.value_bits(ty).max(1),
        }
    }

    /// A value from its bits in memory (bit-fields extended, `_Bool` from
    /// its bits: any non-zero pattern reads as true).
    fn finish_load(&mut self, f: &Function, place: &Place, ty: TypeId, raw: TermId) -> TermId {
        if ty == TypeTable::BOOL {
            let zero = self.terms.constant(0, self.terms.width(raw));
            let eq = self.terms.binary(Binary::Eq, raw, zero);
            return self.terms.not(eq);
        }
        if self.bit_field_width(f, place).is_some() {
            // A bit-field reads as its declared type, extended by its signedness.
            let full = self.value_bits(ty);
            return if self.types().is_signed(ty) {
                self.terms.sext(raw, full)
            } else {
                self.terms.zext(raw, full)
            };
        }
        raw
    }

    fn bit_field_width(&self, f: &Function, place: &Place) -> Option<u32> {
        let Place::Field(base, i) = place else {
            return None;
        };
        let ty = self.program.place_type(f, base);
        let c = self.types().composite_id(ty)?;
        self.types().composite(c).fields.as_ref()?[*i]
            .bit_field
            .map(|b| b.width)
    }

    /// An unknown value read out of bounds (an input on the paths where `oob` holds).
    fn out_of_bounds_value(&mut self, state: &State, oob: TermId, bits: u32) -> TermId {
        let name = self.new_version("out_of_bounds");
        let v = self.terms.input(name, bits);
        let guard = self.terms.and(state.guard, oob);
        let loc = self.at;
        self.input_step(v, guard, loc);
        v
    }

    fn read(&mut self, state: &State, obj: TermId, off: &Offset, bits: u32) -> Option<TermId> {
        let total = self.terms.width(obj);
        match off {
            Offset::OutOfBounds => Some(self.out_of_bounds_value(state, TRUE, bits)),
            Offset::Const(o) => {
                let o = *o;
                if o + u64::from(bits) > u64::from(total) {
                    return None;
                }
                Some(self.terms.extract(obj, o as u32, bits))
            }
            Offset::Symbolic { base, dims } => {
                let (cases, inside) = self.offset_cases(*base, dims);
                let oob = self.terms.not(inside);
                let mut result: Option<TermId> = if oob == FALSE {
                    None
                } else {
                    Some(self.out_of_bounds_value(state, oob, bits))
                };
                for (o, hit) in cases.into_iter().rev() {
                    if o + u64::from(bits) > u64::from(total) {
                        continue;
                    }
                    let v = self.terms.extract(obj, o as u32, bits);
                    result = Some(match result {
                        None => v,
                        Some(rest) => self.terms.ite(hit, v, rest),
                    });
                }
                result
            }
        }
    }

    /// The cases of a symbolic offset, in order: the bit offset of each
    /// combination of in-range index values with the condition that
    /// selects it; and the condition that every index is inside its array.
    fn offset_cases(&mut self, base: u64, dims: &[Dim]) -> (Vec<(u64, TermId)>, TermId) {
        let mut cases = vec![(base, TRUE)];
        let mut inside = TRUE;
        for d in dims {
            let w = self.terms.width(d.index);
            if d.len < (1u64 << w.min(63)) {
                let lenc = self.terms.constant(u128::from(d.len), w);
                let below = self.terms.binary(Binary::Ult, d.index, lenc);
                inside = self.terms.and(inside, below);
            }
            let mut next = Vec::with_capacity(cases.len() * d.len as usize);
            for &(o, cond) in &cases {
                for k in 0..d.len {
                    let kc = self.terms.constant(u128::from(k), w);
                    let hit = self.terms.binary(Binary::Eq, d.index, kc);
                    next.push((o + k * d.stride, self.terms.and(cond, hit)));
                }
            }
            cases = next;
        }
        (cases, inside)
    }

    fn store(&mut self, state: &mut State, f: &Function, place: &Place, value: TermId, loc: Loc) {
        if self.through_address(f, place) {
            let Some((addr, extra)) = self.address_of(state, f, place, true) else {
                self.lost(state, "a store this executor cannot place");
                return;
            };
            let bits = self
                .bit_field_width(f, place)
                .unwrap_or_else(|| self.terms.width(value));
            let value = if self.terms.width(value) != bits {
                self.terms.extract(value, 0, bits)
            } else {
                value
            };
            self.write_indirect(state, addr, value, extra, has_deref(place), loc);
            return;
        }
        let Some((root, off)) = self.locate(state, f, place) else {
            self.lost(state, "a store this executor cannot place");
            return;
        };
        let obj = self.object(state, f, root);
        let bits = self
            .bit_field_width(f, place)
            .unwrap_or_else(|| self.terms.width(value));
        let value = if self.terms.width(value) != bits {
            self.terms.extract(value, 0, bits)
        } else {
            value
        };
        let total = self.terms.width(obj);
        let updated = match &off {
            Offset::OutOfBounds => return,
            Offset::Const(o) => {
                if o + u64::from(bits) > u64::from(total) {
                    self.unsupported(state, "write outside its object", loc);
                    return;
                }
                self.terms.update(obj, *o as u32, value)
            }
            Offset::Symbolic { base, dims } => {
                let (cases, _) = self.offset_cases(*base, dims);
                let mut cur = obj;
                for (o, hit) in cases {
                    if o + u64::from(bits) > u64::from(total) {
                        continue;
                    }
                    let old = self.terms.extract(cur, o as u32, bits);
                    let v = self.terms.ite(hit, value, old);
                    cur = self.terms.update(cur, o as u32, v);
                }
                cur
            }
        };
        let Root::Object(id) = root;
        let name = self.object_names[id as usize].clone();
        let named = self.defined(&name, updated, loc);
        state.memory[id as usize] = Some(named);
    }

    // ----- expressions -----

    fn value(&mut self, state: &mut State, f: &Function, e: &Expr) -> TermId {
        let ty = e.ty;
        match &e.kind {
            ExprKind::Int(v) => {
                let w = self.value_bits(ty).max(1);
                self.terms.constant(*v, w)
            }
            ExprKind::Float(bits) => match self.float_format(state, ty) {
                Some(fmt) => self.terms.constant(u128::from(*bits), fmt.width()),
                None => FALSE,
            },
            ExprKind::Zero => {
                let w = self.bits_of(ty).max(1);
                self.terms.constant(0, w)
            }
            ExprKind::Load(place) => {
                if self.types().is_float(ty) && self.float_format(state, ty).is_none() {
                    return FALSE;
                }
                match self.load(state, f, place, ty) {
                    Some(v) => v,
                    None => {
                        self.lost(state, "a load this executor cannot place");
                        FALSE
                    }
                }
            }
            ExprKind::AddrOf(place) => match self.address_of(state, f, place, false) {
                Some((a, _)) => a,
                None => {
                    self.lost(state, "an address this executor cannot compute");
                    FALSE
                }
            },
            ExprKind::FunctionAddr(function) => {
                if !self.address_taken.contains(function) {
                    self.address_taken.push(*function);
                }
                let (pw, ob) = (self.pointer_bits(), self.offset_bits());
                let id = function_object_id(pw, ob, *function);
                let functions = self.program.functions.len() as u64;
                if self.object_names.len() as u64 + functions >= 1u64 << (pw - ob) {
                    self.unsupported(state, "too many objects", self.at);
                }
                self.terms.constant(u128::from(id) << ob, pw)
            }
            ExprKind::Unary(op, a) => {
                let x = self.value(state, f, a);
                if *op == UnaryOp::Neg
                    && self.options.signed_overflow_check
                    && self.types().is_signed(a.ty)
                    && self.types().is_integer(a.ty)
                {
                    let w = self.terms.width(x);
                    let min = self.terms.constant(1u128 << (w - 1), w);
                    let bad = self.terms.binary(Binary::Eq, x, min);
                    self.safety(
                        state,
                        f,
                        "overflow",
                        "arithmetic overflow on signed integers",
                        bad,
                    );
                }
                if self.types().is_float(a.ty) {
                    let Some(fmt) = self.float_format(state, a.ty) else {
                        return FALSE;
                    };
                    let t = &mut self.terms;
                    return match op {
                        UnaryOp::Neg => float::neg(t, fmt, x),
                        UnaryOp::FloatAbs => float::abs(t, fmt, x),
                        UnaryOp::FloatTest(FloatTest::Nan) => float::is_nan(t, fmt, x),
                        UnaryOp::FloatTest(FloatTest::Infinite) => float::is_infinite(t, fmt, x),
                        UnaryOp::FloatTest(FloatTest::Finite) => {
                            let nan = float::is_nan(t, fmt, x);
                            let inf = float::is_infinite(t, fmt, x);
                            let either = t.or(nan, inf);
                            t.not(either)
                        }
                        UnaryOp::FloatTest(FloatTest::Normal) => float::is_normal(t, fmt, x),
                        UnaryOp::FloatTest(FloatTest::SignBit) => float::sign_bit(t, fmt, x),
                        UnaryOp::BitNot | UnaryOp::Not => {
                            self.unsupported(state, "a bit operation on a floating value", self.at);
                            FALSE
                        }
                    };
                }
                match op {
                    UnaryOp::Neg => self.terms.neg(x),
                    UnaryOp::BitNot | UnaryOp::Not => self.terms.not(x),
                    UnaryOp::FloatTest(_) | UnaryOp::FloatAbs => {
                        self.unsupported(state, "a floating test of a non-floating value", self.at);
                        FALSE
                    }
                }
            }
            ExprKind::Binary(op, a, b, at) => self.binary(state, f, *op, a, b, ty, *at),
            ExprKind::Cast(a) => {
                let x = self.value(state, f, a);
                self.cast(state, x, a.ty, ty)
            }
            ExprKind::Ite(c, a, b) => {
                let cv = self.value(state, f, c);
                // Each side is evaluated only where it is chosen.
                let saved = state.guard;
                state.guard = self.terms.and(saved, cv);
                let av = self.value(state, f, a);
                let ok_a = state.guard;
                let ncv = self.terms.not(cv);
                state.guard = self.terms.and(saved, ncv);
                let bv = self.value(state, f, b);
                let ok_b = state.guard;
                state.guard = self.terms.or(ok_a, ok_b);
                self.terms.ite(cv, av, bv)
            }
        }
    }

    fn binary(
        &mut self,
        state: &mut State,
        f: &Function,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        ty: TypeId,
        at: Loc,
    ) -> TermId {
        if self.types().is_float(a.ty) {
            return self.float_binary(state, f, op, a, b);
        }
        if matches!(op, BinaryOp::PtrAdd | BinaryOp::PtrDiff) {
            let x = self.value(state, f, a);
            let y = self.value(state, f, b);
            let pw = self.pointer_bits();
            let elem = self.types().pointee(a.ty).unwrap_or(TypeTable::CHAR);
            let size = if elem == TypeTable::VOID {
                1
            } else {
                self.size_bits(state, elem).unwrap_or(8) / 8
            };
            let k = self.terms.constant(u128::from(size.max(1)), pw);
            return if op == BinaryOp::PtrAdd {
                let n = self.terms.sext(y, pw);
                let scaled = self.terms.binary(Binary::Mul, n, k);
                self.terms.binary(Binary::Add, x, scaled)
            } else {
                let d = self.terms.binary(Binary::Sub, x, y);
                let q = self.terms.binary(Binary::SDiv, d, k);
                let w = self.value_bits(ty);
                self.terms.sext(q, w)
            };
        }
        let x = self.value(state, f, a);
        if matches!(op, BinaryOp::And | BinaryOp::Or) {
            // The right side is evaluated only when needed.
            let saved = state.guard;
            state.guard = if op == BinaryOp::And {
                self.terms.and(saved, x)
            } else {
                let nx = self.terms.not(x);
                self.terms.and(saved, nx)
            };
            let y = self.value(state, f, b);
            let ok = state.guard;
            let short = if op == BinaryOp::And {
                let nx = self.terms.not(x);
                self.terms.and(saved, nx)
            } else {
                self.terms.and(saved, x)
            };
            state.guard = self.terms.or(ok, short);
            return if op == BinaryOp::And {
                self.terms.and(x, y)
            } else {
                self.terms.or(x, y)
            };
        }
        let y = self.value(state, f, b);
        let signed = self.types().is_signed(a.ty);
        let bop = match op {
            BinaryOp::Add => Binary::Add,
            BinaryOp::Sub => Binary::Sub,
            BinaryOp::Mul => Binary::Mul,
            BinaryOp::Div => {
                if signed {
                    Binary::SDiv
                } else {
                    Binary::UDiv
                }
            }
            BinaryOp::Rem => {
                if signed {
                    Binary::SRem
                } else {
                    Binary::URem
                }
            }
            BinaryOp::Shl => Binary::Shl,
            BinaryOp::Shr => {
                if signed {
                    Binary::AShr
                } else {
                    Binary::LShr
                }
            }
            BinaryOp::BitAnd => Binary::And,
            BinaryOp::BitOr => Binary::Or,
            BinaryOp::BitXor => Binary::Xor,
            BinaryOp::Eq => Binary::Eq,
            BinaryOp::Ne => {
                let eq = self.terms.binary(Binary::Eq, x, y);
                return self.terms.not(eq);
            }
            BinaryOp::Lt => {
                if signed {
                    Binary::Slt
                } else {
                    Binary::Ult
                }
            }
            BinaryOp::Le => {
                if signed {
                    Binary::Sle
                } else {
                    Binary::Ule
                }
            }
            BinaryOp::Gt => {
                return self
                    .terms
                    .binary(if signed { Binary::Slt } else { Binary::Ult }, y, x)
            }
            BinaryOp::Ge => {
                return self
                    .terms
                    .binary(if signed { Binary::Sle } else { Binary::Ule }, y, x)
            }
            BinaryOp::And | BinaryOp::Or => unreachable!("handled above"),
            BinaryOp::PtrAdd | BinaryOp::PtrDiff => unreachable!("handled above"),
        };
        if self.options.undefined_shift_check
            && matches!(op, BinaryOp::Shl | BinaryOp::Shr)
            && self.types().is_integer(a.ty)
        {
            let bad = self.undefined_shift(op, x, y, a.ty);
            self.safety_at(state, f, "undefined-shift", UNDEFINED_SHIFT, bad, at);
        }
        // Shift amounts are brought to the left operand's width.
        let y = if matches!(bop, Binary::Shl | Binary::LShr | Binary::AShr) {
            let wx = self.terms.width(x);
            let wy = self.terms.width(y);
            if wy > wx {
                // An amount too large for the narrow width saturates.
                let big = self.terms.constant(u128::from(wx), wy);
                let too_big = self.terms.binary(Binary::Ule, big, y);
                let low = self.terms.extract(y, 0, wx);
                let sat = self.terms.constant(u128::from(wx), wx);
                self.terms.ite(too_big, sat, low)
            } else {
                self.terms.zext(y, wx)
            }
        } else {
            y
        };
        if self.options.div_by_zero_check
            && matches!(
                bop,
                Binary::UDiv | Binary::URem | Binary::SDiv | Binary::SRem
            )
        {
            let w = self.terms.width(y);
            let zero = self.terms.constant(0, w);
            let bad = self.terms.binary(Binary::Eq, y, zero);
            self.safety_at(state, f, "division-by-zero", "division by zero", bad, at);
        }
        if self.options.signed_overflow_check && signed && self.types().is_integer(a.ty) {
            if let Some(bad) = self.overflow(bop, x, y) {
                let description = format!("arithmetic overflow on signed {}", op.symbol());
                self.safety_at(state, f, "overflow", &description, bad, at);
            }
        }
        self.terms.binary(bop, x, y)
    }

    /// When the shift `x op y` is undefined (C11 6.5.7p3-4): the distance
    /// is negative or at least the width of the (promoted) left operand, or
    /// a negative signed value is shifted left. `x` and `y` are the
    /// promoted operands, `x` of type `left`.
    fn undefined_shift(&mut self, op: BinaryOp, x: TermId, y: TermId, left: TypeId) -> TermId {
        let wx = self.terms.width(x);
        let mut wy = self.terms.width(y);
        let mut y = y;
        if wy < 8 {
            y = self.terms.zext(y, 8);
            wy = 8;
        }
        let width = self.terms.constant(u128::from(wx), wy);
        // Unsigned: a negative distance reads as a large one, so this also
        // covers the negative case.
        let mut bad = self.terms.binary(Binary::Ule, width, y);
        if op == BinaryOp::Shl && self.types().is_signed(left) {
            let zero = self.terms.constant(0, wx);
            let negative = self.terms.binary(Binary::Slt, x, zero);
            bad = self.terms.or(bad, negative);
        }
        bad
    }

    /// When signed `x op y` overflows (`None`: the operation cannot).
    fn overflow(&mut self, op: Binary, x: TermId, y: TermId) -> Option<TermId> {
        let w = self.terms.width(x);
        match op {
            Binary::Add | Binary::Sub | Binary::Mul => {
                let (xw, yw) = (self.terms.sext(x, 2 * w), self.terms.sext(y, 2 * w));
                let wide = self.terms.binary(op, xw, yw);
                let low = self.terms.extract(wide, 0, w);
                let back = self.terms.sext(low, 2 * w);
                let same = self.terms.binary(Binary::Eq, wide, back);
                Some(self.terms.not(same))
            }
            Binary::SDiv => {
                let min = self.terms.constant(1u128 << (w - 1), w);
                let minus_one = self.terms.constant(u128::MAX, w);
                let a = self.terms.binary(Binary::Eq, x, min);
                let b = self.terms.binary(Binary::Eq, y, minus_one);
                Some(self.terms.and(a, b))
            }
            _ => None,
        }
    }

    fn cast(&mut self, state: &mut State, x: TermId, from: TypeId, to: TypeId) -> TermId {
        let (float_from, float_to) = (self.types().is_float(from), self.types().is_float(to));
        if float_from || float_to {
            return self.float_cast(state, x, from, to);
        }

        if to == TypeTable::BOOL {
            let w = self.terms.width(x);
            let zero = self.terms.constant(0, w);
            let eq = self.terms.binary(Binary::Eq, x, zero);
            return self.terms.not(eq);
        }
        let w = self.value_bits(to);
        if self.types().is_signed(from) {
            self.terms.sext(x, w)
        } else {
            self.terms.zext(x, w)
        }
    }
}

impl Executor<'_> {
    /// The IEEE format of a floating type; `long double` is reported
    /// unsupported (its x87 format is not modelled).
    fn float_format(&mut self, state: &mut State, ty: TypeId) -> Option<float::Format> {
        match self.types().kind(ty) {
            TypeKind::Float(FloatKind::Float) => Some(float::Format::SINGLE),
            TypeKind::Float(FloatKind::Double) => Some(float::Format::DOUBLE),
            _ => {
                self.unsupported(state, "long double", self.at);
                None
            }
        }
    }

    /// Arithmetic and comparisons of floating operands (of one type).
    fn float_binary(
        &mut self,
        state: &mut State,
        f: &Function,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
    ) -> TermId {
        let x = self.value(state, f, a);
        let y = self.value(state, f, b);
        let Some(fmt) = self.float_format(state, a.ty) else {
            return FALSE;
        };
        let t = &mut self.terms;
        match op {
            BinaryOp::Add => float::add(t, fmt, x, y),
            BinaryOp::Sub => float::sub(t, fmt, x, y),
            BinaryOp::Mul => float::mul(t, fmt, x, y),
            BinaryOp::Div => float::div(t, fmt, x, y),
            BinaryOp::Eq => float::equal(t, fmt, x, y),
            BinaryOp::Ne => {
                let eq = float::equal(t, fmt, x, y);
                t.not(eq)
            }
            BinaryOp::Lt => float::less(t, fmt, x, y),
            BinaryOp::Le => float::less_equal(t, fmt, x, y),
            BinaryOp::Gt => float::less(t, fmt, y, x),
            BinaryOp::Ge => float::less_equal(t, fmt, y, x),
            _ => {
                self.unsupported(state, "this operation on floating values", self.at);
                FALSE
            }
        }
    }

    /// Conversions to, from and between floating types.
    fn float_cast(&mut self, state: &mut State, x: TermId, from: TypeId, to: TypeId) -> TermId {
        let float_from = self.types().is_float(from);
        let float_to = self.types().is_float(to);
        let source = if float_from {
            self.float_format(state, from)
        } else {
            None
        };
        let target = if float_to {
            self.float_format(state, to)
        } else {
            None
        };
        if (float_from && source.is_none()) || (float_to && target.is_none()) {
            return FALSE;
        }
        let signed_from = self.types().is_signed(from);
        let signed_to = self.types().is_signed(to);
        let width_to = self.value_bits(to);
        let t = &mut self.terms;
        match (source, target) {
            (Some(s), Some(d)) => float::convert(t, s, d, x),
            (Some(s), None) if to == TypeTable::BOOL => {
                let z = float::is_zero(t, s, x);
                t.not(z)
            }
            (Some(s), None) => float::to_int(t, s, x, width_to, signed_to),
            (None, Some(d)) => float::from_int(t, d, x, signed_from),
            (None, None) => unreachable!("a floating side"),
        }
    }
}

/// Does a place go through a pointer?
fn has_deref(place: &Place) -> bool {
    match place {
        Place::Deref(_) => true,
        Place::Field(b, _) | Place::Index(b, _) => has_deref(b),
        _ => false,
    }
}

/// The object a place lives in, by id.
#[derive(Copy, Clone, Debug)]
enum Root {
    Object(u32),
}

/// A bit offset into an object: constant, or a case split over array elements.
#[derive(Clone, Debug)]
enum Offset {
    Const(u64),
    /// `base` plus `index × stride` for each variable index (`a[i][j]`,
    /// `a[i].f[j]`): an access is a case split over every combination of
    /// the indices' values inside their arrays; any index outside its
    /// array (a negative signed index is a huge unsigned one) makes the
    /// access out of bounds.
    Symbolic {
        base: u64,
        dims: Vec<Dim>,
    },
    /// An array index outside the array: reads are unknown, writes do nothing.
    OutOfBounds,
}

/// One variable index of a symbolic offset: `index` selects one of `len`
/// elements `stride` bits apart.
#[derive(Clone, Debug)]
struct Dim {
    index: TermId,
    stride: u64,
    len: u64,
}

impl Offset {
    fn add_const(self, bits: u64) -> Offset {
        match self {
            Offset::OutOfBounds => Offset::OutOfBounds,
            Offset::Const(o) => Offset::Const(o.wrapping_add(bits)),
            Offset::Symbolic { base, dims } => Offset::Symbolic {
                base: base + bits,
                dims,
            },
        }
    }

    fn add_symbolic(self, dim: Dim) -> Offset {
        match self {
            Offset::Const(o) => Offset::Symbolic {
                base: o,
                dims: vec![dim],
            },
            Offset::OutOfBounds => Offset::OutOfBounds,
            Offset::Symbolic { base, mut dims } => {
                dims.push(dim);
                Offset::Symbolic { base, dims }
            }
        }
    }

    /// How many element combinations a symbolic offset splits into.
    fn cases(&self) -> u64 {
        match self {
            Offset::Symbolic { dims, .. } => dims.iter().map(|d| d.len).product(),
            _ => 1,
        }
    }
}

/// The objects an address may point into.
#[derive(Clone, Debug, Default)]
struct Targets {
    ids: std::collections::BTreeSet<u32>,
    /// It may point to no object (an uninitialised or nondet pointer).
    invalid: bool,
    /// The analysis lost track: any object.
    any: bool,
}

impl Targets {
    fn known(id: u32) -> Targets {
        Targets {
            ids: [id].into_iter().collect(),
            ..Targets::default()
        }
    }

    fn invalid() -> Targets {
        Targets {
            invalid: true,
            ..Targets::default()
        }
    }

    fn any() -> Targets {
        Targets {
            any: true,
            ..Targets::default()
        }
    }

    /// A plain integer (object 0): an offset, not a pointer.
    fn is_integer(&self) -> bool {
        !self.any && !self.invalid && self.ids.len() == 1 && self.ids.contains(&0)
    }

    fn join(&self, other: &Targets) -> Targets {
        Targets {
            ids: self.ids.union(&other.ids).copied().collect(),
            invalid: self.invalid || other.invalid,
            any: self.any || other.any,
        }
    }
}
