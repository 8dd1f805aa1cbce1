//! The CFG IR (`cir`): what the verifier sees of a C program.
//!
//! A program is a set of functions made of basic blocks. Expressions are pure
//! (no assignment, call or allocation inside them), fully typed, and every
//! conversion C does implicitly is an explicit [`ExprKind::Cast`]. Side effects
//! are statements. Blocks are stored in source order ("layout order"): a jump
//! to a block that is not later in the order is a back edge, and each back
//! edge is one loop, as in CBMC's goto programs. This makes loops with gotos
//! into their bodies (CIL output) ordinary.
//!
//! The IR's types stay in this one file (a little over 800 lines) so that
//! the whole language every stage agrees on reads in one place; its checks
//! are in `ir/verify.rs`.
//!
//! Invariants (checked by [`Program::verify`], which lists them in full):
//! - every expression has the type its operator produces, its operands the
//!   types the operator takes, and every place the type its path gives;
//! - assignments, call arguments and results, and returned values have the
//!   types of their destinations;
//! - conditions (branches, assumptions, assertions, `&&`, `||`, `!`, `?:`)
//!   are `_Bool`;
//! - every block ends in exactly one terminator and jumps stay in the function.

mod verify;

use crate::source::{Loc, SourceMap};
use crate::types::{ArrayLen, CompositeId, DataModel, LocalId, TypeId, TypeKind, TypeTable};

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize { self.0 as usize }
        }
    };
}

id_type!(
    /// A function of [`Program::functions`].
    FunctionId
);
id_type!(
    /// A global object of [`Program::globals`] (also string literals and
    /// function-scope `static` variables).
    GlobalId
);
id_type!(
    /// A block of a function; order of ids is layout order.
    BlockId
);
id_type!(
    /// A property (assertion) of [`Program::properties`].
    PropertyId
);

#[derive(Clone, Debug)]
pub struct Program {
    pub model: DataModel,
    pub types: TypeTable,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    pub properties: Vec<Property>,
    /// `main`, if the program has one with a body.
    pub entry: Option<FunctionId>,
    /// Runs before `entry`: initialisers of globals that are not all zero,
    /// in declaration order (CBMC's `__CPROVER_initialize`).
    pub init: FunctionId,
    pub sources: SourceMap,
    /// Calls of the C library's I/O functions that Lore lowered as stubs
    /// (output dropped, input unknown), in source order: a harness that
    /// observes input and output through named functions must know of the
    /// others.
    pub stubbed_io: Vec<StubbedIo>,
}

/// A call of a C library I/O function lowered as a stub.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StubbedIo {
    /// The function called (`printf`, `getc`, ...).
    pub callee: String,
    /// The function the call is in.
    pub caller: String,
    pub loc: crate::source::Loc,
    /// A `printf` whose format a harness's `__lore_printf_*` functions can
    /// write (see `lower/library/printf.rs`): where the program's text
    /// defines them, the call is lowered to calls of them instead.
    pub through_harness: bool,
}

#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub ty: TypeId,
    pub loc: Loc,
    pub kind: GlobalKind,
    /// The initial bytes of a string literal (with its terminating zero).
    pub bytes: Option<Vec<u8>>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GlobalKind {
    /// A file-scope variable.
    Variable,
    /// A `static` variable inside a function.
    StaticLocal,
    /// The characters of a string literal (read-only).
    StringLiteral,
    /// Declared `extern` and never defined: its value is unknown.
    External,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    /// Always a `TypeKind::Function`.
    pub ty: TypeId,
    pub loc: Loc,
    /// Parameters come first, in order: locals `0..params`.
    pub params: usize,
    pub locals: Vec<Local>,
    /// `None` for a function declared without a body.
    pub body: Option<Body>,
    /// Lore's own code (the prelude and the initialiser function).
    pub is_lore_library: bool,
}

#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub ty: TypeId,
    pub loc: Loc,
    pub kind: LocalKind,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LocalKind {
    Param,
    Variable,
    /// A value the lowering needed to hold (a call result, `x++`'s old value).
    Temporary,
}

#[derive(Clone, Debug)]
pub struct Body {
    pub blocks: Vec<Block>,
    pub loops: Vec<Loop>,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub term: Terminator,
    pub term_loc: Loc,
    /// The terminator is the branch of an `if` statement (a source of
    /// branch events for learning).
    pub from_if: bool,
    /// The terminator is a jump over code that no path reaches, dropped
    /// from the layout (`goto H; i = 100; H: …`). CBMC keeps such code, and
    /// its jump over it, taken on a path whose guard is simply true, does
    /// not restart a loop headed at the target; symbolic execution follows
    /// CBMC here (see `bmc/src/symex/statements.rs`).
    pub skips_dead_code: bool,
}

/// A loop: one back edge, named `function.index` like CBMC.
#[derive(Clone, Debug)]
pub struct Loop {
    /// The block jumped back to.
    pub header: BlockId,
    /// The block whose terminator jumps back.
    pub latch: BlockId,
    pub loc: Loc,
    pub kind: LoopKind,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LoopKind {
    While,
    DoWhile,
    For,
    /// A backward `goto`.
    Goto,
}

impl LoopKind {
    pub fn name(self) -> &'static str {
        match self {
            LoopKind::While => "while",
            LoopKind::DoWhile => "do-while",
            LoopKind::For => "for",
            LoopKind::Goto => "goto",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `place = value`.
    Assign { place: Place, value: Expr },
    /// `place = nondet`: any value of the place's type.
    Nondet { place: Place },
    /// A local comes into scope: its value is unknown until assigned (and a
    /// variable-length array gets its storage).
    Declare { local: LocalId },
    /// A call of a function defined or declared in the program.
    Call {
        dest: Option<Place>,
        callee: Callee,
        args: Vec<Expr>,
    },
    /// Heap or stack allocation of `size` bytes: `dest` points to a new object.
    /// `elem_ty` is the type the program uses the object as, when the lowering
    /// can tell (the pointee of the cast or destination), else `char`.
    /// For `realloc`, `old` is the block whose contents move to the new one.
    Allocate {
        dest: Place,
        kind: AllocKind,
        size: Expr,
        elem_ty: TypeId,
        old: Option<Expr>,
    },
    /// `free(ptr)`.
    Free { ptr: Expr },
    /// Paths where `cond` is false are cut.
    Assume { cond: Expr },
    /// A property to check.
    Assert { cond: Expr, property: PropertyId },
    /// `memset`/`memcpy`/`memmove`-style block operations on bytes.
    Memory { op: MemoryOp, args: Vec<Expr> },
    /// A C string function, modelled on the bytes of the objects its
    /// pointers reach (so bounded by their sizes); `dest` gets its result.
    String {
        op: StringOp,
        dest: Option<Place>,
        args: Vec<Expr>,
    },
    /// A construct Lore does not handle; any path reaching it makes verdicts UNKNOWN.
    Unsupported { what: String },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AllocKind {
    Malloc,
    /// Zero-filled.
    Calloc,
    /// Stack memory that lives until the function returns.
    Alloca,
    /// A new block holding the old block's contents; the old block is freed.
    Realloc,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MemoryOp {
    /// `memset(dst, byte, n)`
    Set,
    /// `memcpy(dst, src, n)` and `memmove`.
    Copy,
    /// `havoc(ptr)`: every byte from `ptr` to the end of its object becomes
    /// unknown (what `scanf("%s", buf)` may write).
    Havoc,
}

/// The string functions Lore models (when the program does not define them).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StringOp {
    /// `n = strlen(s)` (`size_t`): the bytes before the first zero.
    Length,
    /// `r = strcmp(a, b)` (`int`): the difference of the first differing
    /// bytes as `unsigned char`, 0 if equal up to their terminator.
    Compare,
    /// `strcpy(d, s)`: the bytes of `s` up to its terminator, copied to `d`.
    Copy,
    /// `p = strchr(s, c)`: the first byte equal to `(char) c` up to and
    /// including the terminator, or a null pointer.
    Find,
    /// `p = strrchr(s, c)`: the last such byte, or a null pointer.
    FindLast,
    /// `p = memchr(s, c, n)`: the first of the `n` bytes equal to
    /// `(unsigned char) c`, or a null pointer.
    MemFind,
    /// `r = memcmp(a, b, n)`: as `strcmp` over exactly `n` bytes (all of
    /// them inside both objects), terminators no different from others.
    MemCompare,
    /// `r = strncmp(a, b, n)`: as `strcmp`, over at most `n` bytes.
    CompareN,
}

impl StringOp {
    pub fn name(self) -> &'static str {
        match self {
            StringOp::Length => "strlen",
            StringOp::Compare => "strcmp",
            StringOp::Copy => "strcpy",
            StringOp::Find => "strchr",
            StringOp::FindLast => "strrchr",
            StringOp::MemFind => "memchr",
            StringOp::MemCompare => "memcmp",
            StringOp::CompareN => "strncmp",
        }
    }

    /// Whether the result is a pointer into the first argument's object
    /// (an integer otherwise; `strcpy` has none).
    pub fn finds(self) -> bool {
        matches!(
            self,
            StringOp::Find | StringOp::FindLast | StringOp::MemFind
        )
    }
}

#[derive(Clone, Debug)]
pub enum Callee {
    Direct(FunctionId),
    /// Through a function pointer.
    Indirect(Expr),
}

#[derive(Clone, Debug)]
pub enum Terminator {
    Goto(BlockId),
    Branch {
        cond: Expr,
        then_block: BlockId,
        else_block: BlockId,
    },
    /// `switch`: jump to the case whose value (in the type of `value`) matches.
    Switch {
        value: Expr,
        cases: Vec<(u128, BlockId)>,
        default: BlockId,
    },
    Return(Option<Expr>),
    /// The execution ends here without error (`abort`, `exit`, after `reach_error`).
    Halt(HaltKind),
    /// Placeholder while lowering; never present in a finished program.
    Unterminated,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HaltKind {
    Abort,
    Exit,
    /// After a `reach_error` or failed `__assert_fail`: the path is over.
    AfterError,
}

/// The kind of a property, for choosing what to check and for naming.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PropertyKind {
    /// `assert(c)`, `__CPROVER_assert(c, msg)`, glibc's `__assert_fail`.
    UserAssertion,
    /// A call of `reach_error()` or `__VERIFIER_error()` (SV-COMP's unreach-call).
    ReachError,
    /// `_Learn_assert(c)`: the assertion whose failures are learned.
    LearnAssertion,
    /// Reaching the end of `main` (its return, or `exit`): not a statement
    /// of the program; the BMC checks it when asked, to learn what a
    /// program does (the paper's program explanation).
    EndOfMain,
    /// A loop invariant a correctness witness claims: `lore verify
    /// --validate-witness` writes `__lore_invariant(e)` at the loop's head
    /// and checks it where the loop is entered and after each iteration.
    Invariant,
}

impl PropertyKind {
    pub fn name(self) -> &'static str {
        match self {
            PropertyKind::UserAssertion => "assertion",
            PropertyKind::ReachError => "reach_error",
            PropertyKind::LearnAssertion => "learn_assert",
            PropertyKind::EndOfMain => "end",
            PropertyKind::Invariant => "invariant",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Property {
    /// `function.kind.n`, as CBMC names properties.
    pub name: String,
    pub kind: PropertyKind,
    pub function: FunctionId,
    pub loc: Loc,
    pub description: String,
}

/// An object in memory that can be read and written.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    Local(LocalId),
    Global(GlobalId),
    /// `*ptr`, of the pointee type.
    Deref(Box<Expr>),
    /// A member of a struct or union place (index into the layout's fields).
    /// Storing into a bit-field keeps the low `width` bits of the value.
    Field(Box<Place>, usize),
    /// An element of an array place.
    Index(Box<Place>, Box<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: TypeId,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer, bool or pointer constant: the bits, zero-extended.
    /// A pointer constant is an absolute address (0 is NULL).
    Int(u128),
    /// A floating constant: the bits of its format (f32 bits for float,
    /// f64 bits for double and long double).
    Float(u64),
    /// The all-zero value of any type (used to clear aggregates).
    Zero,
    /// The value stored in a place. Never of array or function type.
    Load(Place),
    /// The address of a place (`&x`, and arrays decaying to pointers).
    AddrOf(Place),
    /// The address of a function.
    FunctionAddr(FunctionId),
    Unary(UnaryOp, Box<Expr>),
    /// An operation and where its operator is in the source (`Loc::NONE`
    /// for operations Lore makes up): each operation's checks (overflow,
    /// division by zero, shifts) are named by it.
    Binary(BinaryOp, Box<Expr>, Box<Expr>, Loc),
    /// Explicit conversion to `ty`: to `_Bool` it is `x != 0`; between
    /// integers it truncates or extends by the source's signedness; from a
    /// floating type to an integer it truncates toward zero; between pointers
    /// and integers the bits are kept (addresses are pointer-width integers).
    Cast(Box<Expr>),
    /// `cond ? then : else` with a `_Bool` condition; only the chosen side
    /// is evaluated (it matters for memory checks).
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// Arithmetic negation.
    Neg,
    /// Bitwise complement.
    BitNot,
    /// `!` on `_Bool`.
    Not,
    /// A test of a floating value (an `int`, 0 or 1): `isnan` and the like.
    FloatTest(FloatTest),
    /// The magnitude of a floating value (`fabs`): its sign bit cleared.
    FloatAbs,
}

/// The classification tests of `<math.h>`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FloatTest {
    Nan,
    Infinite,
    Finite,
    Normal,
    SignBit,
}

impl FloatTest {
    pub fn name(self) -> &'static str {
        match self {
            FloatTest::Nan => "isnan",
            FloatTest::Infinite => "isinf",
            FloatTest::Finite => "isfinite",
            FloatTest::Normal => "isnormal",
            FloatTest::SignBit => "signbit",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Division; signedness from the operand type; toward zero.
    Div,
    Rem,
    /// Shift left; the right operand has its own (promoted) type.
    Shl,
    /// Arithmetic for signed, logical for unsigned left operands.
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    /// Comparisons produce `_Bool`; operands have one type (or are pointers).
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `_Bool && _Bool`, right side evaluated only if needed.
    And,
    /// `_Bool || _Bool`, right side evaluated only if needed.
    Or,
    /// Pointer plus a signed `ptrdiff_t` (in elements of the pointee type;
    /// `void *` counts bytes, as in GNU C).
    PtrAdd,
    /// Pointer minus pointer (in elements), a `ptrdiff_t`.
    PtrDiff,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add | BinaryOp::PtrAdd => "+",
            BinaryOp::Sub | BinaryOp::PtrDiff => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "^",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
        }
    }

    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }
}

impl Expr {
    pub fn new(kind: ExprKind, ty: TypeId) -> Expr {
        Expr { kind, ty }
    }

    pub fn int(value: u128, ty: TypeId) -> Expr {
        Expr {
            kind: ExprKind::Int(value),
            ty,
        }
    }

    pub fn bool(value: bool) -> Expr {
        Expr {
            kind: ExprKind::Int(value as u128),
            ty: TypeTable::BOOL,
        }
    }

    pub fn load(place: Place, ty: TypeId) -> Expr {
        Expr {
            kind: ExprKind::Load(place),
            ty,
        }
    }

    pub fn binary(op: BinaryOp, lhs: Expr, rhs: Expr, ty: TypeId) -> Expr {
        Expr::binary_at(op, lhs, rhs, ty, Loc::NONE)
    }

    /// An operation whose operator is at `at` in the source.
    pub fn binary_at(op: BinaryOp, lhs: Expr, rhs: Expr, ty: TypeId, at: Loc) -> Expr {
        Expr {
            kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs), at),
            ty,
        }
    }

    pub fn not(e: Expr) -> Expr {
        if let ExprKind::Int(v) = e.kind {
            return Expr::bool(v == 0);
        }
        if let ExprKind::Unary(UnaryOp::Not, inner) = e.kind {
            return *inner;
        }
        Expr {
            kind: ExprKind::Unary(UnaryOp::Not, Box::new(e)),
            ty: TypeTable::BOOL,
        }
    }

    pub fn cast(e: Expr, ty: TypeId) -> Expr {
        if e.ty == ty {
            return e;
        }
        Expr {
            kind: ExprKind::Cast(Box::new(e)),
            ty,
        }
    }

    /// The constant value, if this is an integer constant.
    pub fn as_int(&self) -> Option<u128> {
        match self.kind {
            ExprKind::Int(v) => Some(v),
            _ => None,
        }
    }
}

impl Program {
    pub fn function(&self, id: FunctionId) -> &Function {
        &self.functions[id.index()]
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.index()]
    }

    pub fn property(&self, id: PropertyId) -> &Property {
        &self.properties[id.index()]
    }

    pub fn function_by_name(&self, name: &str) -> Option<FunctionId> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| FunctionId(i as u32))
    }

    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.globals
            .iter()
            .position(|g| g.name == name)
            .map(|i| GlobalId(i as u32))
    }

    /// The type of a place.
    pub fn place_type(&self, function: &Function, place: &Place) -> TypeId {
        match place {
            Place::Local(l) => function.locals[l.0 as usize].ty,
            Place::Global(g) => self.globals[g.index()].ty,
            Place::Deref(ptr) => self.types.pointee(ptr.ty).expect("deref of a pointer"),
            Place::Field(base, i) => {
                let base_ty = self.place_type(function, base);
                let comp = self
                    .types
                    .composite_id(base_ty)
                    .expect("field of a composite");
                self.types
                    .composite(comp)
                    .fields
                    .as_ref()
                    .expect("complete composite")[*i]
                    .ty
            }
            Place::Index(base, _) => {
                let base_ty = self.place_type(function, base);
                self.types.element(base_ty).expect("index of an array")
            }
        }
    }

    /// Number of loops, over all functions.
    pub fn loop_count(&self) -> usize {
        self.functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .map(|b| b.loops.len())
            .sum()
    }

    /// Counts the `unsupported` statements by their description.
    pub fn unsupported(&self) -> Vec<(&str, Loc)> {
        let mut out = Vec::new();
        for f in &self.functions {
            for block in f.body.iter().flat_map(|b| &b.blocks) {
                for stmt in &block.stmts {
                    if let StmtKind::Unsupported { what } = &stmt.kind {
                        out.push((what.as_str(), stmt.loc));
                    }
                }
            }
        }
        out
    }

    pub fn is_composite_complete(&self, id: CompositeId) -> bool {
        self.types.composite(id).fields.is_some()
    }

    /// Every function whose address the program takes anywhere: the
    /// possible targets of a call through a pointer.
    pub fn address_taken_functions(&self) -> Vec<FunctionId> {
        let mut found = std::collections::BTreeSet::new();
        let mut visit = |e: &Expr| {
            if let ExprKind::FunctionAddr(f) = e.kind {
                found.insert(f);
            }
        };
        for body in self.functions.iter().filter_map(|f| f.body.as_ref()) {
            for block in &body.blocks {
                for stmt in &block.stmts {
                    stmt.kind.for_each_expr(&mut visit);
                }
                match &block.term {
                    Terminator::Branch { cond: e, .. }
                    | Terminator::Switch { value: e, .. }
                    | Terminator::Return(Some(e)) => e.for_each(&mut visit),
                    _ => {}
                }
            }
        }
        found.into_iter().collect()
    }

    /// Is this array length known only at run time?
    pub fn is_vla(&self, ty: TypeId) -> bool {
        matches!(
            self.types.kind(ty),
            TypeKind::Array(_, ArrayLen::Variable(_))
        )
    }
}

impl StmtKind {
    /// Calls `visit` on every expression of the statement, sub-expressions
    /// and the expressions inside places included.
    pub fn for_each_expr(&self, visit: &mut impl FnMut(&Expr)) {
        match self {
            StmtKind::Assign { place, value } => {
                place.for_each_expr(visit);
                value.for_each(visit);
            }
            StmtKind::Nondet { place } => place.for_each_expr(visit),
            StmtKind::Declare { .. } | StmtKind::Unsupported { .. } => {}
            StmtKind::Call { dest, callee, args } => {
                if let Some(d) = dest {
                    d.for_each_expr(visit);
                }
                if let Callee::Indirect(e) = callee {
                    e.for_each(visit);
                }
                args.iter().for_each(|a| a.for_each(visit));
            }
            StmtKind::Allocate {
                dest, size, old, ..
            } => {
                dest.for_each_expr(visit);
                size.for_each(visit);
                if let Some(o) = old {
                    o.for_each(visit);
                }
            }
            StmtKind::Free { ptr: e }
            | StmtKind::Assume { cond: e }
            | StmtKind::Assert { cond: e, .. } => e.for_each(visit),
            StmtKind::Memory { args, .. } => args.iter().for_each(|a| a.for_each(visit)),
            StmtKind::String { dest, args, .. } => {
                if let Some(d) = dest {
                    d.for_each_expr(visit);
                }
                args.iter().for_each(|a| a.for_each(visit));
            }
        }
    }
}

impl Expr {
    /// Calls `visit` on this expression and every sub-expression.
    pub fn for_each(&self, visit: &mut impl FnMut(&Expr)) {
        visit(self);
        match &self.kind {
            ExprKind::Load(p) | ExprKind::AddrOf(p) => p.for_each_expr(visit),
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => a.for_each(visit),
            ExprKind::Binary(_, a, b, _) => {
                a.for_each(visit);
                b.for_each(visit);
            }
            ExprKind::Ite(c, a, b) => {
                c.for_each(visit);
                a.for_each(visit);
                b.for_each(visit);
            }
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Zero | ExprKind::FunctionAddr(_) => {}
        }
    }
}

impl Place {
    /// Calls `visit` on the expressions inside the place (pointers, indices).
    pub fn for_each_expr(&self, visit: &mut impl FnMut(&Expr)) {
        match self {
            Place::Local(_) | Place::Global(_) => {}
            Place::Deref(e) => e.for_each(visit),
            Place::Field(p, _) => p.for_each_expr(visit),
            Place::Index(p, i) => {
                p.for_each_expr(visit);
                i.for_each(visit);
            }
        }
    }
}

impl Function {
    pub fn local(&self, id: LocalId) -> &Local {
        &self.locals[id.0 as usize]
    }

    pub fn function_type<'a>(&self, types: &'a TypeTable) -> &'a crate::types::FunctionType {
        types
            .function_type(self.ty)
            .expect("function has a function type")
    }
}

impl Terminator {
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Terminator::Goto(b) => vec![*b],
            Terminator::Branch {
                then_block,
                else_block,
                ..
            } => vec![*then_block, *else_block],
            Terminator::Switch { cases, default, .. } => {
                let mut out: Vec<BlockId> = cases.iter().map(|c| c.1).collect();
                out.push(*default);
                out
            }
            _ => Vec::new(),
        }
    }
}
