//! Candidate invariants read off concrete runs, for Houdini
//! ([`super::invariants`]) to keep or drop.
//!
//! A caller that knows inputs on which the program runs (a harness that
//! draws a word symbol by symbol, say) gives them as [`Samples`]. Each run
//! records the loop header's state every time the header is entered: the
//! integer variables the loop writes, and the elements of its small integer
//! arrays, leaving out locals of `main` that are dead there (written before
//! they are read on every path on). From those rows come guesses in the
//! manner of Daikon:
//!
//! - *Control* variables are those with a few values over all rows (a
//!   state number, a count of pending bytes). A *mode* is one tuple of
//!   their values. One candidate says the header is always in one of the
//!   modes seen.
//! - Within each mode, every other variable seen constant is guessed
//!   constant, one seen in a range is guessed in that range, and two of
//!   one type seen equal are guessed equal — unless the same already
//!   holds under one of the mode's values alone, or over all rows.
//! - Two variables of one type seen always a small constant apart
//!   (`i == n + 1`: a counter one ahead of another) are guessed so.
//! - The same guesses under each value of one control variable
//!   (`state == 5` → `n == 1`), and over all rows.
//!
//! Array elements are data, never control: a queue's stale slots have few
//! values without telling any mode apart.
//!
//! Nothing here is trusted: Houdini drops every guess that fails where the
//! loop is entered or is not preserved by an iteration. Runs that fail a
//! check or get stuck still show real header states up to that point.

use super::invariants::cmp;
use super::Shape;
use crate::interp::{Interpreter, SafetyChecks};
use lore_frontend::ir::{
    BinaryOp, Block, Expr, ExprKind, LocalKind, Place, Program, Stmt, StmtKind, Terminator,
};
use lore_frontend::types::{ArrayLen, TypeId, TypeKind, TypeTable};
use rustc_hash::{FxHashMap, FxHashSet};
use std::time::Instant;

/// Concrete runs of a program, for guessing invariants: in each run, the
/// values that the `nondet` statements of named functions take, in order.
/// Every other input of the run is zero.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    pub runs: Vec<Vec<(String, Vec<u128>)>>,
}

impl Samples {
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }
}

/// A control variable has at most this many values over all rows.
const MAX_CONTROL_VALUES: usize = 64;
/// At most this many modes: control variables with the most values are
/// left out until the modes seen are no more.
const MAX_MODES: usize = 256;
/// Arrays of at most this many integer elements are sampled element-wise.
const MAX_ELEMENTS: u64 = 8;
/// A sampling run stops after this many blocks (a program that loops
/// without reading must not take minutes)...
const MAX_STEPS: u64 = 200_000;
/// ... and sampling after this long in all; the rows so far are used.
const MAX_SAMPLING: std::time::Duration = std::time::Duration::from_secs(5);
/// Two variables seen this close apart, always by the same amount, are
/// guessed that far apart.
const MAX_APART: i128 = 2;
/// At most this many candidates come from the samples.
const MAX_SAMPLED: usize = 3000;

/// One sampled variable.
struct Var {
    expr: Expr,
    name: String,
}

impl Var {
    /// An element of an array (data, never a control variable).
    fn element(&self) -> bool {
        matches!(&self.expr.kind, ExprKind::Load(Place::Index(..)))
    }
}

/// The candidates the runs of `samples` suggest for the header of
/// `shape`'s loop, as (`_Bool` expression, C text).
pub(super) fn candidates(
    program: &Program,
    shape: &Shape,
    samples: &Samples,
    deadline: Option<Instant>,
) -> Vec<(Expr, String)> {
    let Some(entry) = program.entry else {
        return Vec::new();
    };
    let vars = sampled_vars(program, shape);
    if vars.is_empty() || samples.is_empty() {
        return Vec::new();
    }
    let exprs: Vec<Expr> = vars.iter().map(|v| v.expr.clone()).collect();
    let mut rows: Vec<Vec<i128>> = Vec::new();
    let stop = Instant::now() + MAX_SAMPLING;
    let stop = deadline.map_or(stop, |d| d.min(stop));
    for run in &samples.runs {
        if Instant::now() >= stop {
            break;
        }
        let values: FxHashMap<_, _> = run
            .iter()
            .filter_map(|(name, v)| Some((program.function_by_name(name)?, v.clone())))
            .collect();
        let mut interp = Interpreter::new(program, Vec::new(), SafetyChecks::default(), Vec::new())
            .without_trace()
            .with_nondet_values(values)
            .with_step_limit(MAX_STEPS)
            .sampling(entry, shape.header, exprs.clone());
        // Whatever the end, the rows recorded are states the header took.
        let _ = interp.run();
        rows.extend(interp.sampled);
    }
    rows.sort_unstable();
    rows.dedup();
    if rows.is_empty() {
        return Vec::new();
    }
    guesses(&program.types, &vars, &rows)
}

/// The guesses of the module's doc from `rows` (distinct, sorted).
fn guesses(types: &TypeTable, vars: &[Var], rows: &[Vec<i128>]) -> Vec<(Expr, String)> {
    let distinct = |i: usize, rows: &[&Vec<i128>]| {
        let mut v: Vec<i128> = rows.iter().map(|r| r[i]).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let all: Vec<&Vec<i128>> = rows.iter().collect();
    let values: Vec<Vec<i128>> = (0..vars.len()).map(|i| distinct(i, &all)).collect();
    let mut control: Vec<usize> = (0..vars.len())
        .filter(|&i| !vars[i].element() && (2..=MAX_CONTROL_VALUES).contains(&values[i].len()))
        .collect();
    control.sort_by_key(|&i| values[i].len());
    let modes_of = |control: &[usize]| {
        let mut modes: Vec<Vec<i128>> = rows
            .iter()
            .map(|r| control.iter().map(|&i| r[i]).collect())
            .collect();
        modes.sort_unstable();
        modes.dedup();
        modes
    };
    let mut modes = modes_of(&control);
    while modes.len() > MAX_MODES {
        control.pop();
        modes = modes_of(&control);
    }
    let equals = |i: usize, v: i128| -> (Expr, String) {
        let var = &vars[i];
        (
            cmp(BinaryOp::Eq, &var.expr, &constant(types, v, var.expr.ty)),
            format!("{} == {v}", var.name),
        )
    };
    let mut out: Vec<(Expr, String)> = Vec::new();
    // Over all rows.
    let mut global = Vec::new();
    facts(types, vars, &all, &[], &mut global);
    let known: FxHashSet<String> = global.iter().map(|(_, t)| t.clone()).collect();
    out.extend(global);
    // Under one control variable's value: what holds there and not
    // everywhere (`state == 5` → `n == 1`).
    let mut under_one: FxHashMap<(usize, i128), FxHashSet<String>> = FxHashMap::default();
    for &c in &control {
        for &v in &values[c] {
            let there: Vec<&Vec<i128>> = rows.iter().filter(|r| r[c] == v).collect();
            let mut found = Vec::new();
            facts(types, vars, &there, &[c], &mut found);
            let (p, ptext) = equals(c, v);
            let seen = under_one.entry((c, v)).or_default();
            for (e, t) in found {
                if !known.contains(&t) {
                    out.push(implies((&p, &ptext), (&e, &t)));
                    seen.insert(t);
                }
            }
        }
    }
    // Under a whole mode: the modes seen are all there are, and what holds
    // in each (and not under one of its values already).
    if !control.is_empty() {
        let premises: Vec<(Expr, String)> = modes
            .iter()
            .map(|m| {
                all_of(
                    control.iter().zip(m).map(|(&i, &v)| equals(i, v)).collect(),
                    " && ",
                )
            })
            .collect();
        let (any, text) = any_of(premises.clone());
        out.push((any, text));
        for (mode, (p, ptext)) in modes.iter().zip(&premises) {
            let in_mode: Vec<&Vec<i128>> = rows
                .iter()
                .filter(|r| control.iter().zip(mode).all(|(&i, &v)| r[i] == v))
                .collect();
            let mut found = Vec::new();
            facts(types, vars, &in_mode, &control, &mut found);
            let implied = |t: &String| {
                known.contains(t)
                    || control
                        .iter()
                        .zip(mode)
                        .any(|(&i, &v)| under_one.get(&(i, v)).is_some_and(|s| s.contains(t)))
            };
            for (e, t) in found {
                if !implied(&t) {
                    out.push(implies((p, ptext), (&e, &t)));
                }
            }
        }
    }
    out.truncate(MAX_SAMPLED);
    out
}

/// Constants, ranges and equalities of the variables (but `skip`'s) over
/// `rows`.
fn facts(
    types: &TypeTable,
    vars: &[Var],
    rows: &[&Vec<i128>],
    skip: &[usize],
    out: &mut Vec<(Expr, String)>,
) {
    let skipped = |i: usize| skip.contains(&i);
    let mut varying: Vec<usize> = Vec::new();
    for (i, var) in vars.iter().enumerate() {
        if skipped(i) {
            continue;
        }
        let lo = rows.iter().map(|r| r[i]).min().expect("rows");
        let hi = rows.iter().map(|r| r[i]).max().expect("rows");
        let ty = var.expr.ty;
        if lo == hi {
            out.push((
                cmp(BinaryOp::Eq, &var.expr, &constant(types, lo, ty)),
                format!("{} == {lo}", var.name),
            ));
            continue;
        }
        varying.push(i);
        let (min, max) = bounds(types, ty);
        if lo > min || hi < max {
            out.push((
                cmp(
                    BinaryOp::And,
                    &cmp(BinaryOp::Le, &constant(types, lo, ty), &var.expr),
                    &cmp(BinaryOp::Le, &var.expr, &constant(types, hi, ty)),
                ),
                format!("{lo} <= {} && {} <= {hi}", var.name, var.name),
            ));
        }
    }
    for (n, &i) in varying.iter().enumerate() {
        for &j in &varying[n + 1..] {
            let (a, b) = (&vars[i], &vars[j]);
            if a.expr.ty != b.expr.ty {
                continue;
            }
            // Equal, or a small constant apart (a counter one ahead of
            // another, an answer one above its request).
            let apart = rows[0][i] - rows[0][j];
            if apart.abs() <= MAX_APART && rows.iter().all(|r| r[i] - r[j] == apart) {
                let ty = a.expr.ty;
                if apart == 0 {
                    out.push((
                        cmp(BinaryOp::Eq, &a.expr, &b.expr),
                        format!("{} == {}", a.name, b.name),
                    ));
                } else if matches!(types.kind(ty), TypeKind::Int(_))
                    && types.size_of(ty).unwrap_or(0) >= 4
                {
                    let sum = Expr::binary(
                        BinaryOp::Add,
                        b.expr.clone(),
                        constant(types, apart, ty),
                        ty,
                    );
                    out.push((
                        cmp(BinaryOp::Eq, &a.expr, &sum),
                        format!("{} == {} + {apart}", a.name, b.name),
                    ));
                }
            }
        }
    }
}

/// The integer places the loop writes (scalars, and elements of small
/// arrays), without temporaries, locals declared in the loop, and locals
/// of `main` dead at the header.
fn sampled_vars(program: &Program, shape: &Shape) -> Vec<Var> {
    let entry = program.entry.expect("a main");
    let main = program.function(entry);
    let body = main.body.as_ref().expect("a body");
    let declared = shape.declared(body);
    let live = live_at(&body.blocks, shape.header, main.locals.len());
    let integer = |ty: TypeId| matches!(program.types.kind(ty), TypeKind::Int(_) | TypeKind::Bool);
    let mut vars = Vec::new();
    for place in &shape.havoc {
        let (ty, name) = match place {
            Place::Local(l) => {
                let local = main.local(*l);
                if local.kind == LocalKind::Temporary || declared.contains(l) || !live[l.0 as usize]
                {
                    continue;
                }
                (local.ty, local.name.clone())
            }
            Place::Global(g) => (program.global(*g).ty, program.global(*g).name.clone()),
            _ => continue,
        };
        if integer(ty) {
            vars.push(Var {
                expr: Expr::load(place.clone(), ty),
                name,
            });
        } else if let TypeKind::Array(elem, ArrayLen::Fixed(n)) = program.types.kind(ty) {
            if integer(*elem) && *n <= MAX_ELEMENTS {
                for i in 0..*n {
                    let at = Place::Index(
                        Box::new(place.clone()),
                        Box::new(Expr::int(i as u128, TypeTable::LONG)),
                    );
                    vars.push(Var {
                        expr: Expr::load(at, *elem),
                        name: format!("{name}[{i}]"),
                    });
                }
            }
        }
    }
    vars
}

/// Which locals of a function may be read, before being written, on some
/// path from the start of block `at`: a backward liveness analysis. A
/// local whose address is taken is always live (what a pointer reaches
/// is not followed), and only a write of the whole local kills it.
fn live_at(blocks: &[Block], at: usize, locals: usize) -> Vec<bool> {
    let mut escaped = vec![false; locals];
    for block in blocks {
        for_each_expr(block, &mut |e| addresses(e, &mut escaped));
    }
    let mut live_in: Vec<Vec<bool>> = vec![vec![false; locals]; blocks.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..blocks.len()).rev() {
            let block = &blocks[b];
            let mut live = vec![false; locals];
            for s in successors(&block.term) {
                for (l, v) in live.iter_mut().zip(&live_in[s]) {
                    *l |= *v;
                }
            }
            match &block.term {
                Terminator::Branch { cond: e, .. }
                | Terminator::Switch { value: e, .. }
                | Terminator::Return(Some(e)) => reads(e, &mut live),
                _ => {}
            }
            for stmt in block.stmts.iter().rev() {
                step_back(stmt, &mut live);
            }
            for (l, e) in live.iter_mut().zip(&escaped) {
                *l |= *e;
            }
            if live != live_in[b] {
                live_in[b] = live;
                changed = true;
            }
        }
    }
    live_in.swap_remove(at)
}

/// Liveness before `stmt` from liveness after it.
fn step_back(stmt: &Stmt, live: &mut [bool]) {
    let kill = |place: &Place, live: &mut [bool]| {
        if let Place::Local(l) = place {
            live[l.0 as usize] = false;
        }
    };
    match &stmt.kind {
        StmtKind::Assign { place, value } => {
            kill(place, live);
            written(place, live);
            reads(value, live);
        }
        StmtKind::Nondet { place } => {
            kill(place, live);
            written(place, live);
        }
        StmtKind::Declare { local } => live[local.0 as usize] = false,
        StmtKind::Call { dest, args, .. } | StmtKind::String { dest, args, .. } => {
            if let Some(d) = dest {
                kill(d, live);
                written(d, live);
            }
            args.iter().for_each(|a| reads(a, live));
            if let StmtKind::Call {
                callee: lore_frontend::ir::Callee::Indirect(e),
                ..
            } = &stmt.kind
            {
                reads(e, live);
            }
        }
        StmtKind::Allocate {
            dest, size, old, ..
        } => {
            kill(dest, live);
            written(dest, live);
            reads(size, live);
            if let Some(o) = old {
                reads(o, live);
            }
        }
        StmtKind::Free { ptr } => reads(ptr, live),
        StmtKind::Assume { cond } | StmtKind::Assert { cond, .. } => reads(cond, live),
        StmtKind::Memory { args, .. } => args.iter().for_each(|a| reads(a, live)),
        StmtKind::Unsupported { .. } => live.iter_mut().for_each(|l| *l = true),
    }
}

/// What writing `place` reads: its indices and pointers (a partial write
/// neither reads nor kills the local it is part of).
fn written(place: &Place, live: &mut [bool]) {
    inside_place(place, &mut |p, _| mark(p, live));
}

fn reads(e: &Expr, live: &mut [bool]) {
    places_in(e, &mut |p, _| mark(p, live));
}

/// Marks the local `p` is part of (not one reached through a pointer).
fn mark(p: &Place, marks: &mut [bool]) {
    match p {
        Place::Local(l) => marks[l.0 as usize] = true,
        Place::Field(b, _) | Place::Index(b, _) => mark(b, marks),
        Place::Global(_) | Place::Deref(_) => {}
    }
}

/// Marks the locals whose address `e` takes.
fn addresses(e: &Expr, escaped: &mut [bool]) {
    places_in(e, &mut |p, address| {
        if address {
            mark(p, escaped)
        }
    });
}

/// Calls `note` with each place `e` loads (`false`) or takes the address
/// of (`true`), and with those its indices and pointers load.
fn places_in(e: &Expr, note: &mut dyn FnMut(&Place, bool)) {
    match &e.kind {
        ExprKind::Load(p) => {
            note(p, false);
            inside_place(p, note);
        }
        ExprKind::AddrOf(p) => {
            note(p, true);
            inside_place(p, note);
        }
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => places_in(a, note),
        ExprKind::Binary(_, a, b, _) => {
            places_in(a, note);
            places_in(b, note);
        }
        ExprKind::Ite(c, a, b) => {
            places_in(c, note);
            places_in(a, note);
            places_in(b, note);
        }
        _ => {}
    }
}

/// [`places_in`] of the index and pointer expressions of `p`.
fn inside_place(p: &Place, note: &mut dyn FnMut(&Place, bool)) {
    match p {
        Place::Deref(e) => places_in(e, note),
        Place::Field(b, _) => inside_place(b, note),
        Place::Index(b, i) => {
            inside_place(b, note);
            places_in(i, note);
        }
        Place::Local(_) | Place::Global(_) => {}
    }
}

/// Every expression of a block's statements and terminator, outermost.
fn for_each_expr(block: &Block, visit: &mut dyn FnMut(&Expr)) {
    let place = |p: &Place, visit: &mut dyn FnMut(&Expr)| {
        let mut p = p;
        loop {
            match p {
                Place::Deref(e) => {
                    visit(e);
                    break;
                }
                Place::Field(b, _) => p = b,
                Place::Index(b, i) => {
                    visit(i);
                    p = b;
                }
                _ => break,
            }
        }
    };
    for stmt in &block.stmts {
        match &stmt.kind {
            StmtKind::Assign { place: p, value } => {
                place(p, visit);
                visit(value);
            }
            StmtKind::Nondet { place: p } => place(p, visit),
            StmtKind::Call { dest, args, .. } | StmtKind::String { dest, args, .. } => {
                if let Some(d) = dest {
                    place(d, visit);
                }
                args.iter().for_each(&mut *visit);
            }
            StmtKind::Allocate {
                dest, size, old, ..
            } => {
                place(dest, visit);
                visit(size);
                if let Some(o) = old {
                    visit(o);
                }
            }
            StmtKind::Free { ptr: e } | StmtKind::Assume { cond: e } => visit(e),
            StmtKind::Assert { cond, .. } => visit(cond),
            StmtKind::Memory { args, .. } => args.iter().for_each(&mut *visit),
            StmtKind::Declare { .. } | StmtKind::Unsupported { .. } => {}
        }
    }
    match &block.term {
        Terminator::Branch { cond: e, .. }
        | Terminator::Switch { value: e, .. }
        | Terminator::Return(Some(e)) => visit(e),
        _ => {}
    }
}

fn successors(term: &Terminator) -> Vec<usize> {
    match term {
        Terminator::Goto(t) => vec![t.index()],
        Terminator::Branch {
            then_block,
            else_block,
            ..
        } => vec![then_block.index(), else_block.index()],
        Terminator::Switch { cases, default, .. } => cases
            .iter()
            .map(|(_, t)| t.index())
            .chain([default.index()])
            .collect(),
        _ => Vec::new(),
    }
}

/// The least and greatest values of an integer type.
fn bounds(types: &TypeTable, ty: TypeId) -> (i128, i128) {
    let w = types.bit_width(ty).clamp(1, 64);
    if types.is_signed(ty) {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    }
}

/// `v` as a constant of `ty` (its low bits).
fn constant(types: &TypeTable, v: i128, ty: TypeId) -> Expr {
    let w = types.bit_width(ty).clamp(1, 128);
    let bits = if w == 128 {
        v as u128
    } else {
        (v as u128) & ((1u128 << w) - 1)
    };
    Expr::int(bits, ty)
}

/// `!(premise) || fact`, and its text.
fn implies(premise: (&Expr, &str), fact: (&Expr, &str)) -> (Expr, String) {
    (
        cmp(BinaryOp::Or, &Expr::not(premise.0.clone()), fact.0),
        format!("!({}) || {}", premise.1, fact.1),
    )
}

/// The conjunction of `parts` (true for none).
fn all_of(parts: Vec<(Expr, String)>, sep: &str) -> (Expr, String) {
    let text: Vec<String> = parts.iter().map(|(_, t)| t.clone()).collect();
    let expr = parts
        .into_iter()
        .map(|(e, _)| e)
        .reduce(|a, b| cmp(BinaryOp::And, &a, &b))
        .unwrap_or_else(|| Expr::bool(true));
    (expr, text.join(sep))
}

/// The disjunction of `parts`, each in parentheses in the text.
fn any_of(parts: Vec<(Expr, String)>) -> (Expr, String) {
    let text: Vec<String> = parts.iter().map(|(_, t)| format!("({t})")).collect();
    let expr = parts
        .into_iter()
        .map(|(e, _)| e)
        .reduce(|a, b| cmp(BinaryOp::Or, &a, &b))
        .unwrap_or_else(|| Expr::bool(false));
    (expr, text.join(" || "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lore_frontend::source::Loc;
    use lore_frontend::types::LocalId;

    fn local(i: u32) -> Place {
        Place::Local(LocalId(i))
    }

    fn var(i: u32, name: &str) -> Var {
        Var {
            expr: Expr::load(local(i), TypeTable::INT),
            name: name.into(),
        }
    }

    #[test]
    fn guesses_follow_the_modes_seen() {
        // state and n have two values each (the control variables); x
        // and y have more than a control variable may (data). In state 0,
        // x is 7 and y varies; in state 1, x and y vary together.
        let vars = vec![var(0, "state"), var(1, "n"), var(2, "x"), var(3, "y")];
        let mut rows: Vec<Vec<i128>> = Vec::new();
        for v in 100..200 {
            rows.push(vec![0, 0, 7, v]);
            rows.push(vec![1, 1, v, v]);
        }
        rows.sort_unstable();
        let types = TypeTable::new(lore_frontend::types::DataModel::Ilp32);
        let texts: Vec<String> = guesses(&types, &vars, &rows)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        let has = |t: &str| texts.iter().any(|x| x == t);
        assert!(
            has("(state == 0 && n == 0) || (state == 1 && n == 1)"),
            "{texts:#?}"
        );
        assert!(has("!(state == 0) || n == 0"), "{texts:#?}");
        assert!(has("!(state == 0) || x == 7"), "{texts:#?}");
        assert!(has("!(state == 1) || x == y"), "{texts:#?}");
        assert!(has("100 <= y && y <= 199"), "{texts:#?}");
        // Not seen everywhere: no such guess over all rows.
        assert!(!has("x == y"), "{texts:#?}");
        // What holds under one value is not repeated under the mode.
        assert!(
            !texts
                .iter()
                .any(|t| t.starts_with("!(state == 1 && n == 1) || x == y")),
            "{texts:#?}"
        );
    }

    #[test]
    fn a_local_written_before_it_is_read_is_dead() {
        // 0: a = 1; goto 1.  1: c = 5; b = a + c; if (b) goto 1 else 2.
        // 2: return c.  At block 1, a is live, b and c are not; at
        // block 2, only c is.
        let int = |v| Expr::int(v, TypeTable::INT);
        let load = |i| Expr::load(local(i), TypeTable::INT);
        let assign = |i, value| Stmt {
            kind: StmtKind::Assign {
                place: local(i),
                value,
            },
            loc: Loc::NONE,
        };
        let block = |stmts, term| Block {
            stmts,
            term,
            term_loc: Loc::NONE,
            from_if: false,
            skips_dead_code: false,
        };
        let sum = Expr::binary(BinaryOp::Add, load(0), load(2), TypeTable::INT);
        let blocks = vec![
            block(
                vec![assign(0, int(1))],
                Terminator::Goto(lore_frontend::ir::BlockId(1)),
            ),
            block(
                vec![assign(2, int(5)), assign(1, sum)],
                Terminator::Branch {
                    cond: load(1),
                    then_block: lore_frontend::ir::BlockId(1),
                    else_block: lore_frontend::ir::BlockId(2),
                },
            ),
            block(Vec::new(), Terminator::Return(Some(load(2)))),
        ];
        assert_eq!(live_at(&blocks, 1, 3), vec![true, false, false]);
        assert_eq!(live_at(&blocks, 2, 3), vec![false, false, true]);
        assert_eq!(live_at(&blocks, 0, 3), vec![false, false, false]);
    }
}
