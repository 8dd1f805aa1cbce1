//! Invariants that strengthen k-induction's step case, found in the manner
//! of Houdini: guess many simple candidates, drop those that fail where
//! the loop is entered, then drop those not preserved by one iteration
//! from any header state where all remaining candidates hold, until none
//! is dropped. What is left holds at every header state of every
//! execution that has failed no check so far, so the step case may assume
//! it of its havocked start.
//!
//! The candidates relate each integer variable the loop writes to its
//! value where the loop was entered (a ghost variable saved before the
//! havoc): `w ≥ w₀`, `w ≤ w₀`, same parity; for pairs of written variables
//! of one type `w₁ ± w₂` and `w₁ ± 2·w₂` keep their entry value; and order
//! between a written variable and another variable of its type read in
//! the loop (`w ≤ v`, `w ≥ v`), as a loop guard suggests.
//!
//! The candidate checks run with every assertion of the program turned
//! into an assumption and no optional safety check; if any of them cannot
//! settle every check within the bounds (an unwinding assertion or an
//! unsupported construct), no invariant is used.

use super::{relabel, rewrite, Plan, Shape};
use crate::check::{check_all_reporting, Outcome};
use crate::error::BmcError;
use crate::symex::{execute, CheckKind, SymexOptions};
use lore_frontend::ir::{
    BinaryOp, Block, BlockId, Expr, ExprKind, HaltKind, Local, LocalKind, Place, Program, Property,
    PropertyId, PropertyKind, Stmt, StmtKind, Terminator,
};
use lore_frontend::source::Loc;
use lore_frontend::types::{LocalId, TypeId, TypeKind};
use std::time::Instant;

/// At most this many candidates are tried.
const MAX_CANDIDATES: usize = 160;

/// Invariants of a loop, over its variables and their entry values.
pub struct Invariants {
    /// `program` with the ghost locals that hold the entry values.
    pub program: Program,
    /// Run where the loop is entered: the ghosts get their values.
    pub save: Vec<Stmt>,
    /// The invariants (`_Bool` expressions) and their text.
    pub proved: Vec<(Expr, String)>,
}

impl Invariants {
    /// The invariants as assumptions at `loc` (where the loop's arbitrary
    /// state begins).
    pub fn assumptions(&self, loc: Loc) -> Vec<Stmt> {
        self.proved
            .iter()
            .map(|(e, _)| Stmt {
                kind: StmtKind::Assume { cond: e.clone() },
                loc,
            })
            .collect()
    }

    /// Their text, in C syntax (`x@entry`: x where the loop was entered).
    pub fn texts(&self) -> Vec<String> {
        self.proved.iter().map(|(_, t)| t.clone()).collect()
    }
}

struct Candidate {
    expr: Expr,
    text: String,
    property: PropertyId,
}

/// The invariants Houdini finds for the loop of `shape`, or `None` where
/// its checks could not be settled or time ran out.
pub(crate) fn find(
    program: &Program,
    options: &SymexOptions,
    shape: &Shape,
    samples: &super::Samples,
    deadline: Option<Instant>,
) -> Result<Option<Invariants>, BmcError> {
    let entry = program.entry.expect("a main");
    let mut with_ghosts = program.clone();
    let loc = shape.loc;
    // Integer variables the loop writes, with a ghost each.
    let mut vars: Vec<(Place, TypeId, String, LocalId)> = Vec::new();
    let mut save = Vec::new();
    for place in &shape.havoc {
        let (ty, name) = match place {
            // Lore's temporaries hold values within one statement.
            Place::Local(l) if program.function(entry).local(*l).kind == LocalKind::Temporary => {
                continue
            }
            Place::Local(l) => {
                let local = program.function(entry).local(*l);
                (local.ty, local.name.clone())
            }
            Place::Global(g) => (program.global(*g).ty, program.global(*g).name.clone()),
            _ => continue,
        };
        if !matches!(program.types.kind(ty), TypeKind::Int(_)) {
            continue;
        }
        let main = &mut with_ghosts.functions[entry.index()];
        let ghost = LocalId(main.locals.len() as u32);
        main.locals.push(Local {
            name: format!("{name}@entry"),
            ty,
            loc,
            kind: LocalKind::Temporary,
        });
        save.push(Stmt {
            kind: StmtKind::Declare { local: ghost },
            loc,
        });
        save.push(Stmt {
            kind: StmtKind::Assign {
                place: Place::Local(ghost),
                value: load(place.clone(), ty),
            },
            loc,
        });
        vars.push((place.clone(), ty, name, ghost));
    }
    let read = read_variables(program, shape);
    let mut candidates: Vec<(Expr, String)> = Vec::new();
    let arithmetic_ok = |ty: TypeId| {
        program.types.size_of(ty).unwrap_or(0) >= 4
            && !(options.signed_overflow_check && program.types.is_signed(ty))
    };
    for (place, ty, name, ghost) in &vars {
        let (w, g) = (load(place.clone(), *ty), load(Place::Local(*ghost), *ty));
        candidates.push((cmp(BinaryOp::Ge, &w, &g), format!("{name} >= {name}@entry")));
        candidates.push((cmp(BinaryOp::Le, &w, &g), format!("{name} <= {name}@entry")));
        if arithmetic_ok(*ty) {
            let one = int(1, *ty);
            let parity = arith(BinaryOp::BitAnd, &arith(BinaryOp::BitXor, &w, &g), &one);
            candidates.push((
                cmp(BinaryOp::Eq, &parity, &int(0, *ty)),
                format!("{name} % 2 == {name}@entry % 2"),
            ));
        }
        for (other, oty, oname) in &read {
            if oty == ty && other != place {
                let v = load(other.clone(), *ty);
                candidates.push((cmp(BinaryOp::Le, &w, &v), format!("{name} <= {oname}")));
                candidates.push((cmp(BinaryOp::Ge, &w, &v), format!("{name} >= {oname}")));
                // Bounds that hold once the loop has run (a guard `w < v`
                // with a step of 1 or 2 leaves `w <= v + 1`).
                let unchanged = cmp(BinaryOp::Eq, &w, &g);
                for (op, sym, by, bsym) in [
                    (BinaryOp::Le, "<=", BinaryOp::Add, "+"),
                    (BinaryOp::Ge, ">=", BinaryOp::Sub, "-"),
                ] {
                    candidates.push((
                        or(&unchanged, &cmp(op, &w, &v)),
                        format!("{name} == {name}@entry || {name} {sym} {oname}"),
                    ));
                    if arithmetic_ok(*ty) {
                        let moved = arith(by, &v, &int(1, *ty));
                        candidates.push((
                            or(&unchanged, &cmp(op, &w, &moved)),
                            format!("{name} == {name}@entry || {name} {sym} {oname} {bsym} 1"),
                        ));
                    }
                }
            }
        }
    }
    // Bounds by the constants the loop's conditions compare a written
    // variable with (`x < 0x0fffffff` leaves `x <= 0x0fffffff`).
    for (place, ty, name, ghost) in &vars {
        let (w, g) = (load(place.clone(), *ty), load(Place::Local(*ghost), *ty));
        let unchanged = cmp(BinaryOp::Eq, &w, &g);
        for c in compared_constants(program, shape, place, *ty) {
            let shown = if program.types.is_signed(*ty) {
                let bits = 8 * program.types.size_of(*ty).unwrap_or(4) as u32;
                ((c << (128 - bits)) as i128 >> (128 - bits)).to_string()
            } else {
                c.to_string()
            };
            let k = int(c, *ty);
            for (op, sym) in [(BinaryOp::Le, "<="), (BinaryOp::Ge, ">=")] {
                candidates.push((cmp(op, &w, &k), format!("{name} {sym} {shown}")));
                candidates.push((
                    or(&unchanged, &cmp(op, &w, &k)),
                    format!("{name} == {name}@entry || {name} {sym} {shown}"),
                ));
            }
        }
    }
    for (i, (p1, t1, n1, g1)) in vars.iter().enumerate() {
        for (p2, t2, n2, g2) in &vars[i + 1..] {
            if t1 != t2 || !arithmetic_ok(*t1) {
                continue;
            }
            let (a, b) = (load(p1.clone(), *t1), load(p2.clone(), *t1));
            let (a0, b0) = (load(Place::Local(*g1), *t1), load(Place::Local(*g2), *t1));
            let twice = |e: &Expr| arith(BinaryOp::Add, e, e);
            for (op, sym) in [(BinaryOp::Add, "+"), (BinaryOp::Sub, "-")] {
                for (rel, rsym) in [
                    (BinaryOp::Eq, "=="),
                    (BinaryOp::Le, "<="),
                    (BinaryOp::Ge, ">="),
                ] {
                    candidates.push((
                        cmp(rel, &arith(op, &a, &b), &arith(op, &a0, &b0)),
                        format!("{n1} {sym} {n2} {rsym} {n1}@entry {sym} {n2}@entry"),
                    ));
                }
                candidates.push((
                    cmp(
                        BinaryOp::Eq,
                        &arith(op, &a, &twice(&b)),
                        &arith(op, &a0, &twice(&b0)),
                    ),
                    format!("{n1} {sym} 2*{n2} == {n1}@entry {sym} 2*{n2}@entry"),
                ));
                candidates.push((
                    cmp(
                        BinaryOp::Eq,
                        &arith(op, &b, &twice(&a)),
                        &arith(op, &b0, &twice(&a0)),
                    ),
                    format!("{n2} {sym} 2*{n1} == {n2}@entry {sym} 2*{n1}@entry"),
                ));
            }
        }
    }
    candidates.truncate(MAX_CANDIDATES);
    candidates.extend(super::sampled::candidates(
        program, shape, samples, deadline,
    ));
    if candidates.is_empty() {
        return Ok(None);
    }
    // One property per candidate, checked where the candidate checks put
    // them; every other assertion of the program is an assumption there.
    let mut checked = with_ghosts.clone();
    let mut live: Vec<Candidate> = Vec::new();
    for (i, (expr, text)) in candidates.into_iter().enumerate() {
        let property = PropertyId(checked.properties.len() as u32);
        checked.properties.push(Property {
            name: format!("main.invariant.{i}"),
            kind: PropertyKind::UserAssertion,
            function: entry,
            loc,
            description: text.clone(),
        });
        live.push(Candidate {
            expr,
            text,
            property,
        });
    }
    for f in &mut checked.functions {
        for block in f.body.iter_mut().flat_map(|b| b.blocks.iter_mut()) {
            for stmt in &mut block.stmts {
                if let StmtKind::Assert { cond, .. } = &stmt.kind {
                    stmt.kind = StmtKind::Assume { cond: cond.clone() };
                }
            }
        }
    }
    let check_options = SymexOptions {
        check_kinds: vec![PropertyKind::UserAssertion],
        only_check: None,
        div_by_zero_check: false,
        signed_overflow_check: false,
        undefined_shift_check: false,
        bounds_check: false,
        pointer_check: false,
        events: None,
        assumed: None,
        unwinding_assertions: true,
        checks_continue: true,
        ..options.clone()
    };
    // Every candidate is checked of the same state, and executions go on
    // past a failing one: checked one after the other where a failing
    // assertion ended the execution, each would be checked only where the
    // ones before it held, and a candidate could survive because an
    // earlier one failed. So one model of the solver settles every
    // candidate it violates.
    let asserts = |live: &[Candidate]| checks_in_turn(live, loc);
    // Where the loop is entered.
    let initial = entered(&checked, shape, save.clone(), asserts(&live));
    let Some(failed) = failing(&initial, &check_options)? else {
        return Ok(None);
    };
    live.retain(|c| !failed.contains(&c.property));
    // Preserved by an iteration, until nothing changes.
    loop {
        if live.is_empty() || deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(None);
        }
        let assumed: Vec<Stmt> = live
            .iter()
            .map(|c| Stmt {
                kind: StmtKind::Assume {
                    cond: c.expr.clone(),
                },
                loc,
            })
            .collect();
        let plan = Plan {
            assumed_copies: 0,
            before_havoc: save.clone(),
            after_havoc: assumed,
            at_back_edge: Some(asserts(&live)),
            exits_go_on: false,
        };
        let (step, step_options) = rewrite(&checked, &check_options, shape, &plan);
        let Some(failed) = failing(&step, &step_options)? else {
            return Ok(None);
        };
        if failed.is_empty() {
            break;
        }
        live.retain(|c| !failed.contains(&c.property));
    }
    // What another invariant implies is not kept: `a <= b` and `a >= b`
    // beside `a == b`, `w == w@entry || r` beside `r`.
    let texts: Vec<String> = live.iter().map(|c| c.text.clone()).collect();
    let implied = |t: &str| {
        let eq = |op: &str| t.contains(op) && texts.iter().any(|o| *o == t.replacen(op, " == ", 1));
        eq(" <= ") && !t.contains("||")
            || eq(" >= ") && !t.contains("||")
            || t.split_once(" || ")
                .is_some_and(|(_, r)| texts.iter().any(|o| o == r))
    };
    live.retain(|c| !implied(&c.text));
    Ok(Some(Invariants {
        program: with_ghosts,
        save,
        proved: live.into_iter().map(|c| (c.expr, c.text)).collect(),
    }))
}

/// The candidate properties that can fail, or `None` when some other check
/// (an unwinding assertion, an unsupported construct) is not settled.
fn failing(program: &Program, options: &SymexOptions) -> Result<Option<Vec<PropertyId>>, BmcError> {
    let symex = execute(program, options)?;
    let (results, _) = check_all_reporting(
        &symex,
        options.solver.build_until(options.deadline),
        options.deadline,
        &mut |_| {},
    );
    let mut failed = Vec::new();
    for r in results {
        match (&r.kind, &r.outcome) {
            (_, Outcome::Holds) => {}
            (CheckKind::Property(p), Outcome::Violated(_)) => failed.push(*p),
            _ => return Ok(None),
        }
    }
    Ok(Some(failed))
}

/// One block that checks every candidate in turn (with
/// `SymexOptions::checks_continue`, each of the same state) and ends
/// the execution.
fn checks_in_turn(live: &[Candidate], loc: Loc) -> Vec<Block> {
    vec![Block {
        stmts: live
            .iter()
            .map(|c| Stmt {
                kind: StmtKind::Assert {
                    cond: c.expr.clone(),
                    property: c.property,
                },
                loc,
            })
            .collect(),
        term: Terminator::Halt(HaltKind::Abort),
        term_loc: loc,
        from_if: false,
        skips_dead_code: false,
    }]
}

/// `main` stopping where the loop of `shape` is entered, running `stmts`
/// and then `checks` (jump targets counted from their first block) there.
fn entered(program: &Program, shape: &Shape, stmts: Vec<Stmt>, checks: Vec<Block>) -> Program {
    let entry = program.entry.expect("a main");
    let mut out = program.clone();
    let body = out.functions[entry.index()].body.as_mut().expect("a body");
    let at = body.blocks.len();
    let h = shape.header;
    for block in &mut body.blocks[..h] {
        *block = relabel(block, &|t| if t == h { at } else { t });
    }
    body.blocks.push(Block {
        stmts,
        term: Terminator::Goto(BlockId(at as u32 + 1)),
        term_loc: shape.loc,
        from_if: false,
        skips_dead_code: false,
    });
    for block in &checks {
        body.blocks.push(relabel(block, &|t| t + at + 1));
    }
    out
}

/// Integer variables of main (and globals) the loop reads but does not
/// write. A local declared in the loop is written there (and has no value
/// at the header that the step case's havoc would cover): never one of them.
fn read_variables(program: &Program, shape: &Shape) -> Vec<(Place, TypeId, String)> {
    let entry = program.entry.expect("a main");
    let main = program.function(entry);
    let body = main.body.as_ref().expect("a body");
    let declared = shape.declared(body);
    let mut found: Vec<(Place, TypeId, String)> = Vec::new();
    let mut note = |place: &Place| {
        let (ty, name) = match place {
            Place::Local(l) if main.local(*l).kind == LocalKind::Temporary => return,
            Place::Local(l) if declared.contains(l) => return,
            Place::Local(l) => (main.local(*l).ty, main.local(*l).name.clone()),
            Place::Global(g) => (program.global(*g).ty, program.global(*g).name.clone()),
            _ => return,
        };
        if matches!(program.types.kind(ty), TypeKind::Int(_))
            && !shape.havoc.contains(place)
            && !found.iter().any(|(p, _, _)| p == place)
            && !name.starts_with("__")
        {
            found.push((place.clone(), ty, name));
        }
    };
    // The loop's blocks, and those that enter it (where `i = l` starts a
    // loop over `i`).
    let h = shape.header;
    let entering = body.blocks[..h].iter().filter(|b| {
        matches!(&b.term, Terminator::Goto(t) if t.index() == h)
            || matches!(&b.term, Terminator::Branch { then_block, else_block, .. }
                if then_block.index() == h || else_block.index() == h)
    });
    for block in body.blocks[h..h + shape.len].iter().chain(entering) {
        if let Terminator::Branch { cond, .. } = &block.term {
            loads(cond, &mut note);
        }
        for stmt in &block.stmts {
            match &stmt.kind {
                StmtKind::Assign { value, .. } => loads(value, &mut note),
                StmtKind::Assume { cond } | StmtKind::Assert { cond, .. } => loads(cond, &mut note),
                StmtKind::Call { args, .. } => args.iter().for_each(|a| loads(a, &mut note)),
                _ => {}
            }
        }
    }
    found
}

/// The constants (as values of `ty`) that the conditions of the loop's
/// branches compare `place` with, where `place` has type `ty` and the
/// constant is of that type or a small non-negative one converted to it.
fn compared_constants(program: &Program, shape: &Shape, place: &Place, ty: TypeId) -> Vec<u128> {
    let entry = program.entry.expect("a main");
    let body = program.function(entry).body.as_ref().expect("a body");
    let is_place = |e: &Expr| matches!(&e.kind, ExprKind::Load(p) if p == place);
    let constant = |e: &Expr| -> Option<u128> {
        match &e.kind {
            ExprKind::Int(v) if e.ty == ty => Some(*v),
            ExprKind::Cast(inner) if e.ty == ty => match inner.kind {
                ExprKind::Int(v) if v < 1 << 30 => Some(v),
                _ => None,
            },
            _ => None,
        }
    };
    let mut found = Vec::new();
    let mut visit = |e: &Expr| {
        let mut work = vec![e];
        while let Some(e) = work.pop() {
            match &e.kind {
                ExprKind::Binary(
                    BinaryOp::Lt
                    | BinaryOp::Le
                    | BinaryOp::Gt
                    | BinaryOp::Ge
                    | BinaryOp::Eq
                    | BinaryOp::Ne,
                    a,
                    b,
                    _,
                ) => {
                    let c = match (is_place(a), is_place(b)) {
                        (true, false) => constant(b),
                        (false, true) => constant(a),
                        _ => None,
                    };
                    found.extend(c);
                }
                ExprKind::Unary(_, a) | ExprKind::Cast(a) => work.push(a),
                ExprKind::Binary(_, a, b, _) => work.extend([a.as_ref(), b.as_ref()]),
                _ => {}
            }
        }
    };
    for block in &body.blocks[shape.header..shape.header + shape.len] {
        if let Terminator::Branch { cond, .. } = &block.term {
            visit(cond);
        }
    }
    found.sort_unstable();
    found.dedup();
    found.truncate(4);
    found
}

fn loads(e: &Expr, note: &mut dyn FnMut(&Place)) {
    match &e.kind {
        ExprKind::Load(p) => note(p),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => loads(a, note),
        ExprKind::Binary(_, a, b, _) => {
            loads(a, note);
            loads(b, note);
        }
        ExprKind::Ite(c, a, b) => {
            loads(c, note);
            loads(a, note);
            loads(b, note);
        }
        _ => {}
    }
}

fn load(place: Place, ty: TypeId) -> Expr {
    Expr {
        kind: ExprKind::Load(place),
        ty,
    }
}

fn int(value: u128, ty: TypeId) -> Expr {
    Expr {
        kind: ExprKind::Int(value),
        ty,
    }
}

fn arith(op: BinaryOp, a: &Expr, b: &Expr) -> Expr {
    Expr {
        kind: ExprKind::Binary(op, Box::new(a.clone()), Box::new(b.clone()), Loc::NONE),
        ty: a.ty,
    }
}

fn or(a: &Expr, b: &Expr) -> Expr {
    cmp(BinaryOp::Or, a, b)
}

/// `a op b` as a `_Bool` (comparisons, and `&&`, `||` of `_Bool`s).
pub(super) fn cmp(op: BinaryOp, a: &Expr, b: &Expr) -> Expr {
    Expr {
        kind: ExprKind::Binary(op, Box::new(a.clone()), Box::new(b.clone()), Loc::NONE),
        ty: lore_frontend::types::TypeTable::BOOL,
    }
}
