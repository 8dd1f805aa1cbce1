//! [`Program::verify`]: the IR's invariants, each checked locally (an
//! expression against its operands, a statement against its places).

use super::{
    BinaryOp, Block, BlockId, Callee, Expr, ExprKind, Function, MemoryOp, Place, Program, StmtKind,
    StringOp, Terminator, UnaryOp,
};
use crate::types::{TypeId, TypeTable};

impl Program {
    /// Checks the IR's invariants; returns the first broken one, as
    /// `function: bbN: what is wrong`. For every function with a body:
    ///
    /// - its type is a function type whose parameters are the types of
    ///   its first `params` locals;
    /// - every expression (of statements, terminators, call arguments and
    ///   places, sub-expressions included) has the type its operator
    ///   produces from operands of the types it takes:
    ///   - an integer constant is an integer, pointer or (0 only) `void`
    ///     value that fits its type's width; a floating constant has a
    ///     floating type; `Zero` may have any type;
    ///   - a load has its place's type, never an array or function type;
    ///     `&place` points to the place's type, `&function` to the
    ///     function's;
    ///   - `-` and `~` keep their (arithmetic, integer) operand's type; `!`
    ///     takes and gives `_Bool`; a classification test gives a `_Bool`
    ///     of a floating value; `fabs` keeps its floating type;
    ///   - `+ - * /` have both operands of the (arithmetic) result type,
    ///     `% & | ^` of the (integer) result type; a shift's left operand
    ///     has the result type, its right one is any integer;
    ///   - a comparison gives a `_Bool` of two scalars of one type; `&&`
    ///     and `||` take and give `_Bool`;
    ///   - pointer addition keeps its pointer's type and adds an integer;
    ///     pointer subtraction gives an integer from two pointers of one
    ///     type;
    ///   - a cast takes a scalar to a scalar (maybe its own type: a
    ///     bit-field read cast to its declared type);
    ///   - `c ? a : b` has a `_Bool` condition and both arms of its type;
    /// - a place is an existing local or global, a dereferenced pointer
    ///   (of its pointee type), an existing field of a complete struct or
    ///   union, or an element of an array indexed by an integer;
    /// - an assignment stores a value of the place's type (or `Zero`); a
    ///   call's callee is a function or a pointer to one, it has at least
    ///   as many arguments as parameters and each of those of its
    ///   parameter's type (more are allowed: variadic and old-style
    ///   functions), and its result goes to a place of the return type;
    ///   an allocation stores into a pointer with an integer size (and a
    ///   pointer `old`); `free` takes a pointer; block and string
    ///   operations take pointers and integers in their order, and
    ///   `strlen` and `strcmp` store into an integer;
    /// - assumptions, assertions and branch conditions are `_Bool`; an
    ///   assertion names an existing property; a switch is on an integer;
    ///   a returned value has the return type;
    /// - every block has a terminator, and jumps stay in the function.
    ///
    /// Not checked: that a cast is one C would make, that switch cases fit
    /// the switch's type, the type of a `nondet` place, and the loops.
    pub fn verify(&self) -> Result<(), String> {
        for function in &self.functions {
            let Some(body) = &function.body else { continue };
            let name = &function.name;
            let signature = self
                .types
                .function_type(function.ty)
                .ok_or_else(|| format!("{name}: of type {}", self.types.display(function.ty)))?;
            let params = function
                .locals
                .get(..function.params)
                .map(|ps| ps.iter().map(|p| p.ty));
            if !params.is_some_and(|ps| ps.eq(signature.params.iter().copied())) {
                return Err(format!("{name}: parameters differ from its type's"));
            }
            let checker = Checker {
                program: self,
                function,
                ret: signature.ret,
                blocks: body.blocks.len(),
            };
            for (i, block) in body.blocks.iter().enumerate() {
                checker
                    .block(block)
                    .map_err(|e| format!("{name}: bb{i}: {e}"))?;
            }
        }
        Ok(())
    }
}

/// The checks of one function's blocks.
struct Checker<'p> {
    program: &'p Program,
    function: &'p Function,
    /// The function's return type.
    ret: TypeId,
    blocks: usize,
}

type Checked<T = ()> = Result<T, String>;

impl Checker<'_> {
    fn types(&self) -> &TypeTable {
        &self.program.types
    }

    fn show(&self, ty: TypeId) -> String {
        self.types().display(ty)
    }

    /// `Err(what)` unless `ok`.
    fn require(ok: bool, what: impl FnOnce() -> String) -> Checked {
        if ok {
            Ok(())
        } else {
            Err(what())
        }
    }

    fn block(&self, block: &Block) -> Checked {
        for stmt in &block.stmts {
            self.statement(&stmt.kind)?;
        }
        self.terminator(&block.term)
    }

    fn statement(&self, stmt: &StmtKind) -> Checked {
        match stmt {
            StmtKind::Assign { place, value } => {
                let ty = self.place(place)?;
                self.expr(value)?;
                Self::require(
                    ty == value.ty || matches!(value.kind, ExprKind::Zero),
                    || format!("assignment of {} to {}", self.show(value.ty), self.show(ty)),
                )
            }
            StmtKind::Nondet { place } => self.place(place).map(drop),
            StmtKind::Declare { local } => {
                Self::require((local.0 as usize) < self.function.locals.len(), || {
                    format!("declaration of missing local {}", local.0)
                })
            }
            StmtKind::Call { dest, callee, args } => self.call(dest.as_ref(), callee, args),
            StmtKind::Allocate {
                dest, size, old, ..
            } => {
                let dest_ty = self.place(dest)?;
                self.expr(size)?;
                Self::require(
                    self.types().is_pointer(dest_ty) && self.types().is_integer(size.ty),
                    || {
                        format!(
                            "allocation of {} bytes into {}",
                            self.show(size.ty),
                            self.show(dest_ty)
                        )
                    },
                )?;
                match old {
                    Some(old) => self.pointer(old),
                    None => Ok(()),
                }
            }
            StmtKind::Free { ptr } => self.pointer(ptr),
            StmtKind::Assume { cond } => self.condition(cond),
            StmtKind::Assert { cond, property } => {
                Self::require(property.index() < self.program.properties.len(), || {
                    format!("assertion of missing property {}", property.0)
                })?;
                self.condition(cond)
            }
            StmtKind::Memory { op, args } => {
                let shape: &[bool] = match op {
                    MemoryOp::Set => &[true, false, false],
                    MemoryOp::Copy => &[true, true, false],
                    MemoryOp::Havoc => &[true],
                };
                self.operands(args, shape)
            }
            StmtKind::String { op, dest, args } => {
                let (shape, result): (&[bool], _) = match op {
                    StringOp::Copy => (&[true, true], false),
                    _ if dest.is_none() => return Err(format!("{} without a result", op.name())),
                    StringOp::Length => (&[true], true),
                    StringOp::Compare => (&[true, true], true),
                    StringOp::Find | StringOp::FindLast => (&[true, false], true),
                    StringOp::MemFind => (&[true, false, false], true),
                    StringOp::MemCompare | StringOp::CompareN => (&[true, true, false], true),
                };
                if let Some(dest) = dest {
                    let ty = self.place(dest)?;
                    let fits = if op.finds() {
                        self.types().is_pointer(ty)
                    } else {
                        self.types().is_integer(ty)
                    };
                    Self::require(result && fits, || {
                        format!("{} into {}", op.name(), self.show(ty))
                    })?;
                }
                self.operands(args, shape)
            }
            StmtKind::Unsupported { .. } => Ok(()),
        }
    }

    /// A call: its callee is a function (or a pointer to one), its
    /// arguments have the parameters' types (extra ones are allowed:
    /// variadic and old-style functions), its result the return type.
    fn call(&self, dest: Option<&Place>, callee: &Callee, args: &[Expr]) -> Checked {
        let function_ty = match callee {
            Callee::Direct(f) => self
                .program
                .functions
                .get(f.index())
                .map(|f| f.ty)
                .ok_or_else(|| format!("call of missing function {}", f.0))?,
            Callee::Indirect(target) => {
                self.expr(target)?;
                self.types()
                    .pointee(target.ty)
                    .ok_or_else(|| format!("call through {}", self.show(target.ty)))?
            }
        };
        let signature = self
            .types()
            .function_type(function_ty)
            .ok_or_else(|| format!("call of {}", self.show(function_ty)))?;
        Self::require(args.len() >= signature.params.len(), || {
            format!(
                "call with {} arguments of {}",
                args.len(),
                self.show(function_ty)
            )
        })?;
        for (i, arg) in args.iter().enumerate() {
            self.expr(arg)?;
            if let Some(&param) = signature.params.get(i) {
                Self::require(arg.ty == param, || {
                    format!(
                        "argument {i} of type {} for {}",
                        self.show(arg.ty),
                        self.show(param)
                    )
                })?;
            }
        }
        match dest {
            Some(dest) => {
                let ty = self.place(dest)?;
                Self::require(ty == signature.ret, || {
                    format!(
                        "result of {} into {}",
                        self.show(function_ty),
                        self.show(ty)
                    )
                })
            }
            None => Ok(()),
        }
    }

    /// A `_Bool` condition.
    fn condition(&self, cond: &Expr) -> Checked {
        self.expr(cond)?;
        Self::require(cond.ty == TypeTable::BOOL, || {
            format!("condition of type {}", self.show(cond.ty))
        })
    }

    fn pointer(&self, e: &Expr) -> Checked {
        self.expr(e)?;
        Self::require(self.types().is_pointer(e.ty), || {
            format!("{} where a pointer is expected", self.show(e.ty))
        })
    }

    /// Operands of a block or string operation: a pointer where `shape`
    /// says `true`, else an integer.
    fn operands(&self, args: &[Expr], shape: &[bool]) -> Checked {
        Self::require(args.len() == shape.len(), || {
            format!("{} operands where {} are expected", args.len(), shape.len())
        })?;
        for (arg, &is_pointer) in args.iter().zip(shape) {
            if is_pointer {
                self.pointer(arg)?;
            } else {
                self.expr(arg)?;
                Self::require(self.types().is_integer(arg.ty), || {
                    format!("{} where an integer is expected", self.show(arg.ty))
                })?;
            }
        }
        Ok(())
    }

    fn terminator(&self, term: &Terminator) -> Checked {
        match term {
            Terminator::Goto(b) => self.target(*b),
            Terminator::Branch {
                cond,
                then_block,
                else_block,
            } => {
                self.condition(cond)?;
                self.target(*then_block)?;
                self.target(*else_block)
            }
            Terminator::Switch {
                value,
                cases,
                default,
            } => {
                self.expr(value)?;
                Self::require(self.types().is_integer(value.ty), || {
                    format!("switch on {}", self.show(value.ty))
                })?;
                cases.iter().try_for_each(|(_, b)| self.target(*b))?;
                self.target(*default)
            }
            Terminator::Return(value) => {
                let Some(value) = value else { return Ok(()) };
                self.expr(value)?;
                let ret = self.ret;
                Self::require(value.ty == ret, || {
                    format!(
                        "return of {} from a function returning {}",
                        self.show(value.ty),
                        self.show(ret)
                    )
                })
            }
            Terminator::Halt(_) => Ok(()),
            Terminator::Unterminated => Err("no terminator".into()),
        }
    }

    fn target(&self, b: BlockId) -> Checked {
        Self::require(b.index() < self.blocks, || {
            format!("jump to missing block {}", b.0)
        })
    }

    /// The type of a place, its expressions checked.
    fn place(&self, place: &Place) -> Checked<TypeId> {
        let types = self.types();
        match place {
            Place::Local(l) => self
                .function
                .locals
                .get(l.0 as usize)
                .map(|l| l.ty)
                .ok_or_else(|| format!("missing local {}", l.0)),
            Place::Global(g) => self
                .program
                .globals
                .get(g.index())
                .map(|g| g.ty)
                .ok_or_else(|| format!("missing global {}", g.0)),
            Place::Deref(ptr) => {
                self.expr(ptr)?;
                types
                    .pointee(ptr.ty)
                    .ok_or_else(|| format!("dereference of {}", self.show(ptr.ty)))
            }
            Place::Field(base, i) => {
                let base_ty = self.place(base)?;
                types
                    .composite_id(base_ty)
                    .and_then(|c| types.composite(c).fields.as_ref())
                    .and_then(|fields| fields.get(*i))
                    .map(|field| field.ty)
                    .ok_or_else(|| format!("field {i} of {}", self.show(base_ty)))
            }
            Place::Index(base, index) => {
                let base_ty = self.place(base)?;
                self.expr(index)?;
                Self::require(types.is_integer(index.ty), || {
                    format!("index of type {}", self.show(index.ty))
                })?;
                types
                    .element(base_ty)
                    .ok_or_else(|| format!("index into {}", self.show(base_ty)))
            }
        }
    }

    /// Checks an expression and its sub-expressions.
    fn expr(&self, e: &Expr) -> Checked {
        let types = self.types();
        let ty = e.ty;
        let mismatch = |what: &str| format!("{what} of type {}", self.show(ty));
        match &e.kind {
            ExprKind::Zero => Ok(()),
            ExprKind::Int(v) => {
                let fits = |bits: u32| bits >= 128 || *v >> bits == 0;
                let ok = (types.is_integer(ty) || types.is_pointer(ty))
                    && fits(types.bit_width(ty))
                    || ty == TypeTable::VOID && *v == 0;
                Self::require(ok, || {
                    format!("integer constant {v} of type {}", self.show(ty))
                })
            }
            ExprKind::Float(bits) => {
                let ok = types.is_float(ty) && (types.bit_width(ty) != 32 || *bits >> 32 == 0);
                Self::require(ok, || mismatch("floating constant"))
            }
            ExprKind::Load(place) => {
                let place_ty = self.place(place)?;
                let readable = !types.is_array(ty) && !types.is_function(ty);
                Self::require(place_ty == ty && readable, || {
                    format!("load of {} as {}", self.show(place_ty), self.show(ty))
                })
            }
            ExprKind::AddrOf(place) => {
                let place_ty = self.place(place)?;
                Self::require(types.pointee(ty) == Some(place_ty), || {
                    format!("address of {} as {}", self.show(place_ty), self.show(ty))
                })
            }
            ExprKind::FunctionAddr(f) => {
                let function_ty = self.program.functions.get(f.index()).map(|f| f.ty);
                Self::require(
                    function_ty.is_some() && types.pointee(ty) == function_ty,
                    || mismatch("function address"),
                )
            }
            ExprKind::Unary(op, a) => {
                self.expr(a)?;
                let ok = match op {
                    UnaryOp::Neg => a.ty == ty && types.is_arithmetic(ty),
                    UnaryOp::BitNot => a.ty == ty && types.is_integer(ty),
                    UnaryOp::Not => a.ty == TypeTable::BOOL && ty == TypeTable::BOOL,
                    UnaryOp::FloatTest(_) => types.is_float(a.ty) && ty == TypeTable::BOOL,
                    UnaryOp::FloatAbs => a.ty == ty && types.is_float(ty),
                };
                Self::require(ok, || {
                    format!("{op:?} of {} as {}", self.show(a.ty), self.show(ty))
                })
            }
            ExprKind::Binary(op, a, b, _) => {
                self.expr(a)?;
                self.expr(b)?;
                Self::require(self.binary_types(*op, a.ty, b.ty, ty), || {
                    format!(
                        "{} {} {} as {}",
                        self.show(a.ty),
                        op.symbol(),
                        self.show(b.ty),
                        self.show(ty)
                    )
                })
            }
            ExprKind::Cast(a) => {
                self.expr(a)?;
                Self::require(types.is_scalar(a.ty) && types.is_scalar(ty), || {
                    format!("cast of {} to {}", self.show(a.ty), self.show(ty))
                })
            }
            ExprKind::Ite(c, a, b) => {
                self.expr(c)?;
                self.expr(a)?;
                self.expr(b)?;
                Self::require(c.ty == TypeTable::BOOL && a.ty == ty && b.ty == ty, || {
                    format!(
                        "{} ? {} : {} as {}",
                        self.show(c.ty),
                        self.show(a.ty),
                        self.show(b.ty),
                        self.show(ty)
                    )
                })
            }
        }
    }

    /// Do operands of types `a` and `b` give `op` a result of type `result`?
    fn binary_types(&self, op: BinaryOp, a: TypeId, b: TypeId, result: TypeId) -> bool {
        let types = self.types();
        match op {
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div => {
                a == result && b == result && types.is_arithmetic(result)
            }
            BinaryOp::Rem | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor => {
                a == result && b == result && types.is_integer(result)
            }
            BinaryOp::Shl | BinaryOp::Shr => {
                a == result && types.is_integer(a) && types.is_integer(b)
            }
            BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Le
            | BinaryOp::Gt
            | BinaryOp::Ge => a == b && types.is_scalar(a) && result == TypeTable::BOOL,
            BinaryOp::And | BinaryOp::Or => {
                a == TypeTable::BOOL && b == TypeTable::BOOL && result == TypeTable::BOOL
            }
            BinaryOp::PtrAdd => a == result && types.is_pointer(a) && types.is_integer(b),
            BinaryOp::PtrDiff => a == b && types.is_pointer(a) && types.is_integer(result),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{
        BinaryOp, Block, BlockId, Body, Callee, Expr, ExprKind, Function, FunctionId, Local,
        LocalKind, Place, Program, Stmt, StmtKind, Terminator,
    };
    use crate::source::{Loc, SourceMap};
    use crate::types::{DataModel, FunctionType, LocalId, TypeId, TypeKind, TypeTable};

    const INT: TypeId = TypeTable::INT;
    const BOOL: TypeId = TypeTable::BOOL;
    /// The locals of `main`: `int x`, `int *p`.
    const X: LocalId = LocalId(0);
    const P: LocalId = LocalId(1);

    fn x() -> Expr {
        Expr::load(Place::Local(X), INT)
    }

    /// `int main(void) { int x; int *p; ... }` whose one block holds the
    /// statements `build` makes and ends in its terminator.
    fn main_program(build: impl FnOnce(&mut TypeTable) -> (Vec<StmtKind>, Terminator)) -> Program {
        let mut types = TypeTable::new(DataModel::Ilp32);
        let int_ptr = types.pointer_to(INT);
        let main_ty = types.intern(TypeKind::Function(FunctionType {
            ret: INT,
            params: vec![],
            variadic: false,
            prototyped: true,
        }));
        let (stmts, term) = build(&mut types);
        let local = |name: &str, ty| Local {
            name: name.into(),
            ty,
            loc: Loc::NONE,
            kind: LocalKind::Variable,
        };
        let block = Block {
            stmts: stmts
                .into_iter()
                .map(|kind| Stmt {
                    kind,
                    loc: Loc::NONE,
                })
                .collect(),
            term,
            term_loc: Loc::NONE,
            from_if: false,
            skips_dead_code: false,
        };
        let main = Function {
            name: "main".into(),
            ty: main_ty,
            loc: Loc::NONE,
            params: 0,
            locals: vec![local("x", INT), local("p", int_ptr)],
            body: Some(Body {
                blocks: vec![block],
                loops: vec![],
            }),
            is_lore_library: false,
        };
        Program {
            model: DataModel::Ilp32,
            types,
            globals: vec![],
            functions: vec![main],
            properties: vec![],
            entry: Some(FunctionId(0)),
            init: FunctionId(0),
            sources: SourceMap::default(),
            stubbed_io: Vec::new(),
        }
    }

    fn assign(place: Place, value: Expr) -> StmtKind {
        StmtKind::Assign { place, value }
    }

    fn assume(cond: Expr) -> StmtKind {
        StmtKind::Assume { cond }
    }

    fn returns_x() -> Terminator {
        Terminator::Return(Some(x()))
    }

    /// Checks that `verify` rejects the program with a message containing `expected`.
    fn rejects(expected: &str, build: impl FnOnce(&mut TypeTable) -> (Vec<StmtKind>, Terminator)) {
        rejects_program(expected, main_program(build));
    }

    fn rejects_program(expected: &str, program: Program) {
        match program.verify() {
            Ok(()) => panic!("accepted; expected an error containing `{expected}`"),
            Err(e) => assert!(
                e.starts_with("main: ") && e.contains(expected),
                "`{e}` does not contain `{expected}`"
            ),
        }
    }

    #[test]
    fn a_well_typed_program_verifies() {
        let program = main_program(|types| {
            let int_ptr = types.pointer_to(INT);
            let one = Expr::int(1, INT);
            let sum = Expr::binary(BinaryOp::Add, x(), one.clone(), INT);
            let less = Expr::binary(BinaryOp::Lt, x(), one, BOOL);
            let address = Expr::new(ExprKind::AddrOf(Place::Local(X)), int_ptr);
            let through_p = Place::Deref(Box::new(Expr::load(Place::Local(P), int_ptr)));
            let stmts = vec![
                assign(Place::Local(X), sum),
                assume(less),
                assign(Place::Local(P), address),
                assign(through_p, Expr::cast(Expr::bool(true), INT)),
            ];
            (stmts, returns_x())
        });
        assert_eq!(program.verify(), Ok(()));
    }

    #[test]
    fn arithmetic_operands_have_the_result_type() {
        rejects("int + _Bool as int", |_| {
            let sum = Expr::binary(BinaryOp::Add, x(), Expr::bool(true), INT);
            (vec![assign(Place::Local(X), sum)], returns_x())
        });
    }

    #[test]
    fn comparisons_are_bool() {
        rejects("int < int as int", |_| {
            let less = Expr::binary(BinaryOp::Lt, x(), x(), INT);
            (vec![assign(Place::Local(X), less)], returns_x())
        });
    }

    #[test]
    fn a_load_has_its_place_type() {
        rejects("load of int as _Bool", |_| {
            (vec![assume(Expr::load(Place::Local(X), BOOL))], returns_x())
        });
    }

    #[test]
    fn only_pointers_are_dereferenced() {
        rejects("dereference of int", |_| {
            let place = Place::Deref(Box::new(x()));
            (vec![assign(place, Expr::int(0, INT))], returns_x())
        });
    }

    #[test]
    fn address_of_points_to_the_place_type() {
        rejects("address of int as _Bool *", |types| {
            let bool_ptr = types.pointer_to(BOOL);
            let address = Expr::new(ExprKind::AddrOf(Place::Local(X)), bool_ptr);
            let int_ptr = types.pointer_to(INT);
            let value = Expr::cast(address, int_ptr);
            (vec![assign(Place::Local(P), value)], returns_x())
        });
    }

    #[test]
    fn casts_are_between_scalars() {
        rejects("cast of void to int", |_| {
            let value = Expr::cast(Expr::int(0, TypeTable::VOID), INT);
            (vec![assign(Place::Local(X), value)], returns_x())
        });
    }

    #[test]
    fn constants_fit_their_type() {
        rejects("integer constant 2 of type _Bool", |_| {
            (vec![assume(Expr::int(2, BOOL))], returns_x())
        });
    }

    #[test]
    fn assignments_store_the_place_type() {
        rejects("assignment of _Bool to int", |_| {
            (vec![assign(Place::Local(X), Expr::bool(true))], returns_x())
        });
    }

    #[test]
    fn conditions_are_bool() {
        rejects("condition of type int", |_| {
            (vec![assume(x())], returns_x())
        });
        rejects("condition of type int", |_| {
            let branch = Terminator::Branch {
                cond: x(),
                then_block: BlockId(0),
                else_block: BlockId(0),
            };
            (vec![], branch)
        });
    }

    #[test]
    fn calls_match_the_signature() {
        rejects("result of int (void) into int *", |_| {
            let call = StmtKind::Call {
                dest: Some(Place::Local(P)),
                callee: Callee::Direct(FunctionId(0)),
                args: vec![],
            };
            (vec![call], returns_x())
        });
    }

    #[test]
    fn returns_have_the_return_type() {
        rejects("return of _Bool from a function returning int", |_| {
            (vec![], Terminator::Return(Some(Expr::bool(false))))
        });
    }

    #[test]
    fn blocks_are_terminated_and_jumps_stay_inside() {
        rejects("jump to missing block 1", |_| {
            (vec![], Terminator::Goto(BlockId(1)))
        });
        rejects("no terminator", |_| (vec![], Terminator::Unterminated));
    }

    #[test]
    fn parameters_are_the_first_locals() {
        let mut program = main_program(|_| (vec![], returns_x()));
        program.functions[0].params = 1;
        rejects_program("main: parameters differ from its type's", program);
    }

    #[test]
    fn locals_exist() {
        rejects("missing local 7", |_| {
            (
                vec![assume(Expr::load(Place::Local(LocalId(7)), BOOL))],
                returns_x(),
            )
        });
    }
}
