//! k-induction: a proof that a loop of `main` never leads to a failing
//! check, however often it runs, from a bounded run and a step case.
//!
//! Let s_0, s_1, … be the states at the loop's header after 0, 1, …
//! iterations, and P(s) "the segment from s — one more iteration, or the
//! exit and the rest of the program — fails no check". The program is
//! safe if P holds of every reachable header state.
//!
//! - **Base case.** Bounded model checking with bound b (unwinding
//!   assertions on) in which every check holds but this loop's unwinding
//!   assertion. With Lore's (CBMC's) bound, a loop takes its back edge at
//!   most b − 1 times, so P(s_0) … P(s_{b−2}) hold: the base covers
//!   k ≤ b − 1.
//! - **Step case.** [`step_case`] rewrites `main`: where the loop is
//!   entered, the variables the loop writes get arbitrary values (every
//!   other variable keeps its value at the loop's entry, which it also has
//!   at every header); then k copies of the loop's blocks run with their
//!   checks assumed ([`SymexOptions::assumed`]) and their exits cut (the
//!   states s_i with i < n continue the loop); then one checked copy,
//!   whose exit goes on to the rest of `main`, and whose back edge ends the
//!   path. If every check of that program holds, P(s_{n−k}) … P(s_{n−1})
//!   imply P(s_n) for all n.
//!
//! A failing step case proves nothing (its start may be unreachable): a
//! larger k is tried, up to b − 1. The havoc must cover everything the loop
//! can change, so the rewrite refuses (and the answer stays UNKNOWN) where it
//! cannot name it: writes through pointers, heap allocation, block and
//! string operations, calls through pointers, anything of that kind in a
//! called function, a variable too large to havoc, a loop inside another
//! loop, or blocks that are not laid out as one range with one entry.
//!
//! Inner loops and calls in the loop stay; their unwinding assertions are
//! checks like any other (assumed in the k copies, checked in the last, and
//! checked by the base case).

mod invariants;
mod sampled;
mod summaries;
pub mod witness;

pub use sampled::Samples;

use crate::check::Verdict;
use crate::error::BmcError;
use crate::symex::{AssumedBlocks, CheckKind, SymexOptions};
use crate::verify::{verify, Report, Status};
use lore_frontend::ir::{
    Block, BlockId, Body, Callee, Expr, ExprKind, Function, FunctionId, HaltKind, Loop, Place,
    Program, Stmt, StmtKind, StringOp, Terminator,
};
use lore_frontend::types::{LocalId, TypeTable};
use rustc_hash::{FxHashMap, FxHashSet};
use std::time::Instant;

/// A variable larger than this many bytes is not havocked (its arbitrary
/// value would be one enormous input); the step case is refused instead.
const MAX_HAVOC_BYTES: u64 = 4096;

/// The step case of k-induction for one loop of `main`.
pub struct StepCase {
    pub program: Program,
    pub options: SymexOptions,
    /// The variables given arbitrary values at the loop's entry.
    pub havocked: Vec<String>,
}

/// One loop of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopProof {
    /// `main.i`, numbered as in the program given.
    pub name: String,
    /// Where the loop is.
    pub loc: lore_frontend::source::Loc,
    /// The invariants assumed of its arbitrary header state (Houdini's, in
    /// C syntax; `x@entry` is x's value where the loop was entered).
    pub invariants: Vec<String>,
}

/// What k-induction found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Induction {
    /// Every check holds in every execution. With `k` ≥ 1: the base case
    /// at `unwind` and the step case with `k` for the one loop in `loops`.
    /// With `k` = 0: every loop in `loops` replaced by its summary (see
    /// [`summaries`]) and the program that is left checked at `unwind`.
    Proved {
        loops: Vec<LoopProof>,
        k: u32,
        unwind: u32,
    },
    /// No proof; why.
    NotProved(String),
}

/// The largest k a step case is tried with: a loop that needs more
/// iterations assumed than this before its property is inductive is left
/// to the bound (step cases grow with k, and a deep bound would try
/// hundreds of them).
pub const MAX_K: u32 = 32;

/// A proof by loop summaries alone (k = 0) for `loops` of `main` (their
/// unwinding the only open checks at `unwind`): each loop replaced by "any
/// state where its invariants hold, then one iteration or the exit", so
/// the invariants found are inductive by themselves — what a correctness
/// witness must carry, where a k-induction proof with k ≥ 1 needed the
/// property over several iterations.
pub fn prove_by_summaries(
    program: &Program,
    options: &SymexOptions,
    loops: &[usize],
    unwind: u32,
    deadline: Option<Instant>,
) -> Result<Induction, BmcError> {
    summaries::prove(program, options, loops, unwind, deadline)
}

/// Tries to turn a bounded report at bound `unwind` into a proof: it
/// applies when every check holds but unwinding assertions of loops of
/// `main`, and then tries the step case for each such loop with
/// k = `from` … min(`unwind` − 1, [`MAX_K`]) (`from` > 1 where a smaller
/// bound has tried the smaller k; set to `unwind` once step cases run
/// here, left as it is where the loops went to their summaries), until
/// `deadline`; with `plain_step_first`, the step case at k = `from`
/// without invariants before they are searched for; `samples`, runs
/// whose header states suggest more candidate invariants.
pub fn prove(
    program: &Program,
    options: &SymexOptions,
    base: &Report,
    from: &mut u32,
    deadline: Option<Instant>,
    plain_step_first: bool,
    samples: &Samples,
) -> Result<Induction, BmcError> {
    let start = *from;
    let not = |why: String| Ok(Induction::NotProved(why));
    let Some(entry) = program.entry else {
        return not("the program has no main".into());
    };
    if !options.unwinding_assertions {
        return not("k-induction needs the base case with unwinding assertions".into());
    }
    // The base case: only unwinding assertions of main's loops fail.
    let mut targets: Vec<usize> = Vec::new();
    for p in &base.properties {
        match (&p.kind, &p.status) {
            (_, Status::Holds) => {}
            (
                CheckKind::Unwinding {
                    function,
                    loop_index,
                },
                Status::Unknown(_),
            ) if *function == entry => targets.push(*loop_index),
            (_, Status::Unknown(why)) => {
                return not(format!("the base case is not settled ({}: {why})", p.name))
            }
            (_, Status::Fails { .. }) => return not(format!("{} fails", p.name)),
        }
    }
    targets.sort_unstable();
    targets.dedup();
    if targets.is_empty() {
        return not("no loop of main needs more unwinding".into());
    }
    let main = program.function(entry);
    let unwind = bound_of(options, main, targets[0]);
    if targets
        .iter()
        .any(|&t| bound_of(options, main, t) != unwind)
    {
        return not("the loops to prove have different bounds".into());
    }
    if targets.len() > 1 {
        // Several loops: each replaced by its summary.
        return summaries::prove(program, options, &targets, unwind, deadline);
    }
    let target = targets[0];
    let shape = match Shape::of(program, target) {
        Ok(s) => s,
        // A loop inside another (bounded) loop: its summary.
        Err(why) if why.contains("inside another loop") => {
            return summaries::prove(program, options, &targets, unwind, deadline)
        }
        Err(why) => return not(why),
    };
    // Step cases run from here on: a larger bound need not try these k.
    *from = unwind;
    // Where asked, the step case without invariants first, at the smallest
    // k: where it holds, the search for invariants (most of a proof's time
    // when it is quick: 0.54 of 0.57 s on a sanitizer's product) is not
    // needed.
    let first = start.max(1);
    if plain_step_first
        && first < unwind.min(MAX_K + 1)
        && deadline.is_none_or(|d| Instant::now() < d)
    {
        let plan = Plan {
            assumed_copies: first as usize,
            before_havoc: Vec::new(),
            after_havoc: Vec::new(),
            at_back_edge: None,
            exits_go_on: true,
        };
        let (step, step_options) = rewrite(program, options, &shape, &plan);
        if verify(&step, &step_options)?.verdict == Verdict::True {
            return Ok(Induction::Proved {
                loops: vec![LoopProof {
                    name: format!("{}.{target}", main.name),
                    loc: shape.loc,
                    invariants: Vec::new(),
                }],
                k: first,
                unwind,
            });
        }
    }
    let invariants = invariants::find(program, options, &shape, samples, deadline)?;
    let (subject, save, assumed, texts) = match &invariants {
        Some(inv) => (
            &inv.program,
            inv.save.clone(),
            inv.assumptions(shape.loc),
            inv.texts(),
        ),
        None => (program, Vec::new(), Vec::new(), Vec::new()),
    };
    let mut last = String::new();
    for k in start.max(1)..unwind.min(MAX_K + 1) {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return not(format!("out of time at k = {k}"));
        }
        let plan = Plan {
            assumed_copies: k as usize,
            before_havoc: save.clone(),
            after_havoc: assumed.clone(),
            at_back_edge: None,
            exits_go_on: true,
        };
        let (step, step_options) = rewrite(subject, options, &shape, &plan);
        let report = verify(&step, &step_options)?;
        match report.verdict {
            Verdict::True => {
                return Ok(Induction::Proved {
                    loops: vec![LoopProof {
                        name: format!("{}.{target}", main.name),
                        loc: shape.loc,
                        invariants: texts,
                    }],
                    k,
                    unwind,
                })
            }
            Verdict::False(name) => last = format!("the step case fails {name} at k = {k}"),
            Verdict::Unknown(why) => last = format!("the step case is unknown at k = {k}: {why}"),
        }
    }
    if last.is_empty() {
        last = format!(
            "the bound {unwind} leaves no new k to try (k ≤ bound − 1, k ≤ {MAX_K}, k ≥ {start})"
        );
    }
    // The loop's summary, and those of loops after it that the step case
    // could not unwind.
    match summaries::prove(program, options, &targets, unwind, deadline)? {
        proved @ Induction::Proved { .. } => Ok(proved),
        Induction::NotProved(why) => not(format!("{last}; summaries: {why}")),
    }
}

fn bound_of(options: &SymexOptions, f: &Function, index: usize) -> u32 {
    options
        .unwind_set
        .get(&format!("{}.{index}", f.name))
        .copied()
        .unwrap_or(options.unwind)
}

/// A loop of `main` that k-induction can rewrite: its blocks are the range
/// `header .. header + len`, entered only at the header, and `havoc` names
/// every variable it can change.
pub(crate) struct Shape {
    pub target: usize,
    pub header: usize,
    pub len: usize,
    pub havoc: Vec<Place>,
    pub loc: lore_frontend::source::Loc,
}

impl Shape {
    /// The locals declared in the loop's blocks: they have no value at the
    /// header (the loop writes them before it reads them).
    pub(crate) fn declared(&self, body: &Body) -> Vec<LocalId> {
        body.blocks[self.header..self.header + self.len]
            .iter()
            .flat_map(|b| &b.stmts)
            .filter_map(|s| match s.kind {
                StmtKind::Declare { local } => Some(local),
                _ => None,
            })
            .collect()
    }

    /// Loop `target` of `main`, not inside another loop, or why it cannot
    /// be rewritten soundly.
    pub(crate) fn of(program: &Program, target: usize) -> Result<Shape, String> {
        Shape::new(program, target, false)
    }

    /// Loop `target` of `main`, possibly inside other loops (for a summary,
    /// which replaces each entry of the loop), or why it cannot be
    /// rewritten soundly.
    pub(crate) fn within(program: &Program, target: usize) -> Result<Shape, String> {
        Shape::new(program, target, true)
    }

    fn new(program: &Program, target: usize, nested: bool) -> Result<Shape, String> {
        let entry = program.entry.ok_or("the program has no main")?;
        let main = program.function(entry);
        let body = main.body.as_ref().ok_or("main has no body")?;
        let l = body.loops.get(target).ok_or("no such loop")?;
        let name = format!("{}.{target}", main.name);
        if body.loops.iter().filter(|o| o.header == l.header).count() > 1 {
            return Err(format!("loop {name} shares its header with another loop"));
        }
        // The range from the header to the last block of the natural loop;
        // it may hold blocks that do not lead back (a `return`, a path a
        // summary ends): they are part of an iteration, copied with it.
        let members = natural_loop(body, l);
        let h = l.header.index();
        let m = members.iter().max().map_or(1, |&b| b + 1 - h);
        if members.iter().any(|&b| b < h) {
            return Err(format!("the blocks of loop {name} are not one range"));
        }
        for (i, other) in body.loops.iter().enumerate() {
            let nested_in_other = !(h..h + m).contains(&other.header.index())
                && natural_loop(body, other).contains(&h);
            if i != target && nested_in_other && !nested {
                return Err(format!("loop {name} is inside another loop"));
            }
        }
        // Edges: into the loop only at its header and from before it; out
        // of it only forward past it.
        for (b, block) in body.blocks.iter().enumerate() {
            let in_loop = (h..h + m).contains(&b);
            for t in successors(&block.term) {
                let t = t.index();
                let to_loop = (h..h + m).contains(&t);
                if !in_loop && to_loop && (t != h || b > h) {
                    return Err(format!("loop {name} is entered other than at its header"));
                }
                if in_loop && !to_loop && t < h + m {
                    return Err(format!("loop {name} jumps back out of itself"));
                }
            }
        }
        let havoc = written_places(program, main, &body.blocks[h..h + m])?;
        Ok(Shape {
            target,
            header: h,
            len: m,
            havoc,
            loc: l.loc,
        })
    }

    pub(crate) fn havocked(&self, program: &Program) -> Vec<String> {
        let main = program.function(program.entry.expect("a main"));
        self.havoc
            .iter()
            .map(|p| match p {
                Place::Local(l) => main.local(*l).name.clone(),
                Place::Global(g) => program.global(*g).name.clone(),
                _ => unreachable!("whole variables only"),
            })
            .collect()
    }
}

/// How [`rewrite`] lays the loop out.
pub(crate) struct Plan {
    /// Copies of the loop's blocks with their checks assumed and their
    /// exits cut, before the last copy.
    pub assumed_copies: usize,
    /// Run where the loop is entered, before the havoc (saving entry values).
    pub before_havoc: Vec<Stmt>,
    /// Run after the havoc (assumed invariants).
    pub after_havoc: Vec<Stmt>,
    /// Where the last copy jumps back: `None` ends the path; else these
    /// blocks run (checking candidates; jump targets counted from the
    /// first of them, which the back edge reaches) and the path ends.
    pub at_back_edge: Option<Vec<Block>>,
    /// The last copy's exits go on to the rest of `main` (else they end).
    pub exits_go_on: bool,
}

fn halt_block(stmts: Vec<Stmt>, loc: lore_frontend::source::Loc) -> Block {
    Block {
        stmts,
        term: Terminator::Halt(HaltKind::Abort),
        term_loc: loc,
        from_if: false,
        skips_dead_code: false,
    }
}

pub(crate) fn assume_false(loc: lore_frontend::source::Loc) -> Stmt {
    Stmt {
        kind: StmtKind::Assume {
            cond: Expr {
                kind: ExprKind::Int(0),
                ty: TypeTable::BOOL,
            },
        },
        loc,
    }
}

/// `main` with the loop of `shape` laid out as `plan` says: the blocks
/// before the loop; the havoc block; the copies; the blocks after the loop;
/// the back-edge block (if any); the sink. The options assume the checks
/// of the assumed copies and move `--unwindset` bounds with their loops.
pub(crate) fn rewrite(
    program: &Program,
    options: &SymexOptions,
    shape: &Shape,
    plan: &Plan,
) -> (Program, SymexOptions) {
    let entry = program.entry.expect("a main");
    let main = program.function(entry);
    let body = main.body.as_ref().expect("a body");
    let (h, m, loc) = (shape.header, shape.len, shape.loc);
    let k = plan.assumed_copies;
    let n = body.blocks.len();
    let havoc_block = h;
    let copy_start = |c: usize| h + 1 + c * m;
    let after_shift = 1 + (k + 1) * m - m;
    let back_block = n + after_shift;
    let sink = back_block + plan.at_back_edge.as_ref().map_or(0, Vec::len);
    let outside = |t: usize| -> usize {
        if t < h {
            t
        } else if t == h {
            havoc_block
        } else {
            t + after_shift
        }
    };
    let mut blocks: Vec<Block> = Vec::with_capacity(sink + 1);
    for block in &body.blocks[..h] {
        blocks.push(relabel(block, &outside));
    }
    let mut stmts = plan.before_havoc.clone();
    stmts.extend(shape.havoc.iter().map(|p| Stmt {
        kind: StmtKind::Nondet { place: p.clone() },
        loc,
    }));
    stmts.extend(plan.after_havoc.iter().cloned());
    blocks.push(Block {
        stmts,
        term: Terminator::Goto(BlockId(copy_start(0) as u32)),
        term_loc: loc,
        from_if: false,
        skips_dead_code: false,
    });
    for c in 0..=k {
        let last = c == k;
        let in_copy = |t: usize| -> usize {
            if t == h {
                // The back edge (and `continue`): the next copy, or the end.
                if last {
                    back_block
                } else {
                    copy_start(c + 1)
                }
            } else if (h..h + m).contains(&t) {
                copy_start(c) + (t - h)
            } else if last && plan.exits_go_on {
                outside(t)
            } else {
                sink
            }
        };
        for block in &body.blocks[h..h + m] {
            let mut copy = relabel(block, &in_copy);
            let ends = matches!(copy.term, Terminator::Return(_) | Terminator::Halt(_));
            if ends && !(last && plan.exits_go_on) {
                // An assumed iteration continues the loop.
                copy.term = Terminator::Goto(BlockId(sink as u32));
            }
            blocks.push(copy);
        }
    }
    for block in &body.blocks[h + m..] {
        blocks.push(relabel(block, &outside));
    }
    for block in plan.at_back_edge.iter().flatten() {
        blocks.push(relabel(block, &|t| back_block + t));
    }
    blocks.push(halt_block(vec![assume_false(loc)], loc));

    // Loops: those outside keep their place; those inside get one copy per
    // copy of the blocks; the target loop is gone. Their bounds move with them.
    let mut loops: Vec<Loop> = Vec::new();
    let prefix = format!("{}.", main.name);
    let mut unwind_set: FxHashMap<String, u32> = options
        .unwind_set
        .iter()
        .filter(|(key, _)| !key.starts_with(&prefix))
        .map(|(key, v)| (key.clone(), *v))
        .collect();
    let mut keep = |old: usize, new: Loop, loops: &mut Vec<Loop>| {
        if let Some(&b) = options.unwind_set.get(&format!("{}.{old}", main.name)) {
            unwind_set.insert(format!("{}.{}", main.name, loops.len()), b);
        }
        loops.push(new);
    };
    for (i, other) in body.loops.iter().enumerate() {
        if i == shape.target {
            continue;
        }
        let (hd, lt) = (other.header.index(), other.latch.index());
        if (h..h + m).contains(&hd) {
            for c in 0..=k {
                let at = |b: usize| BlockId((copy_start(c) + b - h) as u32);
                let new = Loop {
                    header: at(hd),
                    latch: at(lt),
                    ..other.clone()
                };
                keep(i, new, &mut loops);
            }
        } else {
            let at = |b: usize| BlockId(outside(b) as u32);
            let new = Loop {
                header: at(hd),
                latch: at(lt),
                ..other.clone()
            };
            keep(i, new, &mut loops);
        }
    }
    let mut program = program.clone();
    program.functions[entry.index()].body = Some(Body { blocks, loops });
    let assumed: FxHashSet<BlockId> = (copy_start(0)..copy_start(k))
        .map(|b| BlockId(b as u32))
        .collect();
    let options = SymexOptions {
        unwind_set,
        unwinding_assertions: true,
        assumed: (k > 0).then_some(AssumedBlocks {
            function: entry,
            blocks: assumed,
        }),
        events: None,
        ..options.clone()
    };
    (program, options)
}

/// The step case for loop `target` of `main` with `k` assumed iterations
/// and no invariants (see the module documentation), or why it cannot be
/// built soundly.
pub fn step_case(
    program: &Program,
    options: &SymexOptions,
    target: usize,
    k: u32,
) -> Result<StepCase, String> {
    let shape = Shape::of(program, target)?;
    let plan = Plan {
        assumed_copies: k as usize,
        before_havoc: Vec::new(),
        after_havoc: Vec::new(),
        at_back_edge: None,
        exits_go_on: true,
    };
    let (program_out, options) = rewrite(program, options, &shape, &plan);
    Ok(StepCase {
        havocked: shape.havocked(program),
        program: program_out,
        options,
    })
}

/// The blocks of the natural loop of `l`: its header and every block that
/// reaches its latch without passing the header.
fn natural_loop(body: &Body, l: &Loop) -> Vec<usize> {
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); body.blocks.len()];
    for (b, block) in body.blocks.iter().enumerate() {
        for t in successors(&block.term) {
            preds[t.index()].push(b);
        }
    }
    let mut seen: FxHashSet<usize> = [l.header.index()].into_iter().collect();
    let mut work = vec![l.latch.index()];
    while let Some(b) = work.pop() {
        if seen.insert(b) {
            work.extend(preds[b].iter().copied());
        }
    }
    let mut members: Vec<usize> = seen.into_iter().collect();
    members.sort_unstable();
    members
}

fn successors(term: &Terminator) -> Vec<BlockId> {
    match term {
        Terminator::Goto(t) => vec![*t],
        Terminator::Branch {
            then_block,
            else_block,
            ..
        } => vec![*then_block, *else_block],
        Terminator::Switch { cases, default, .. } => {
            let mut v: Vec<BlockId> = cases.iter().map(|(_, t)| *t).collect();
            v.push(*default);
            v
        }
        Terminator::Return(_) | Terminator::Halt(_) | Terminator::Unterminated => Vec::new(),
    }
}

/// `block` with every jump target `t` replaced by `map(t)`.
pub(crate) fn relabel(block: &Block, map: &dyn Fn(usize) -> usize) -> Block {
    let to = |t: &BlockId| BlockId(map(t.index()) as u32);
    let term = match &block.term {
        Terminator::Goto(t) => Terminator::Goto(to(t)),
        Terminator::Branch {
            cond,
            then_block,
            else_block,
        } => Terminator::Branch {
            cond: cond.clone(),
            then_block: to(then_block),
            else_block: to(else_block),
        },
        Terminator::Switch {
            value,
            cases,
            default,
        } => Terminator::Switch {
            value: value.clone(),
            cases: cases.iter().map(|(v, t)| (*v, to(t))).collect(),
            default: to(default),
        },
        other => other.clone(),
    };
    Block {
        term,
        ..block.clone()
    }
}

/// The whole variables the loop's blocks can change (locals of `main`
/// declared outside the loop, and globals), or why they cannot be named.
fn written_places(
    program: &Program,
    main: &Function,
    blocks: &[Block],
) -> Result<Vec<Place>, String> {
    let mut declared: FxHashSet<LocalId> = FxHashSet::default();
    let mut locals: Vec<LocalId> = Vec::new();
    let mut globals: Vec<lore_frontend::ir::GlobalId> = Vec::new();
    let mut callees: Vec<FunctionId> = Vec::new();
    for block in blocks {
        for stmt in &block.stmts {
            if let StmtKind::Declare { local } = &stmt.kind {
                declared.insert(*local);
            }
            for place in writes(&stmt.kind, &mut callees)? {
                match root(place)? {
                    Place::Local(l) => locals.push(*l),
                    Place::Global(g) => globals.push(*g),
                    _ => unreachable!("a root is a variable"),
                }
            }
        }
    }
    // Called functions: their own locals are fresh on each call; globals
    // they write are havocked; anything else is refused.
    let mut seen: FxHashSet<FunctionId> = FxHashSet::default();
    while let Some(fid) = callees.pop() {
        if !seen.insert(fid) {
            continue;
        }
        let f = program.function(fid);
        let Some(body) = &f.body else { continue };
        for block in &body.blocks {
            for stmt in &block.stmts {
                for place in writes(&stmt.kind, &mut callees)
                    .map_err(|why| format!("{why} (in {}, called in the loop)", f.name))?
                {
                    match root(place)? {
                        Place::Global(g) => globals.push(*g),
                        Place::Local(_) => {}
                        _ => unreachable!("a root is a variable"),
                    }
                }
            }
        }
    }
    locals.sort_unstable();
    locals.dedup();
    globals.sort_unstable();
    globals.dedup();
    let mut places = Vec::new();
    for l in locals.into_iter().filter(|l| !declared.contains(l)) {
        let local = main.local(l);
        havocable(program, local.ty, &local.name)?;
        places.push(Place::Local(l));
    }
    for g in globals {
        let global = program.global(g);
        havocable(program, global.ty, &global.name)?;
        places.push(Place::Global(g));
    }
    Ok(places)
}

fn havocable(
    program: &Program,
    ty: lore_frontend::types::TypeId,
    name: &str,
) -> Result<(), String> {
    match program.types.size_of(ty) {
        Some(size) if size <= MAX_HAVOC_BYTES => Ok(()),
        Some(size) => Err(format!("`{name}` ({size} bytes) is too large to havoc")),
        None => Err(format!("`{name}` has no fixed size to havoc")),
    }
}

/// The places a statement writes (calls' callees go to `callees`).
fn writes<'s>(stmt: &'s StmtKind, callees: &mut Vec<FunctionId>) -> Result<Vec<&'s Place>, String> {
    Ok(match stmt {
        StmtKind::Assign { place, .. } | StmtKind::Nondet { place } => vec![place],
        StmtKind::Call { dest, callee, .. } => {
            match callee {
                Callee::Direct(f) => callees.push(*f),
                Callee::Indirect(_) => return Err("a call through a pointer".into()),
            }
            dest.iter().collect()
        }
        StmtKind::Allocate { .. } => return Err("memory allocation".into()),
        StmtKind::Free { .. } => return Err("free".into()),
        StmtKind::Memory { .. } => return Err("a block memory operation".into()),
        StmtKind::String {
            op: StringOp::Copy, ..
        } => return Err("strcpy".into()),
        // The others only read memory; their result goes to `dest`.
        StmtKind::String { dest, .. } => dest.iter().collect(),
        StmtKind::Declare { .. }
        | StmtKind::Assume { .. }
        | StmtKind::Assert { .. }
        | StmtKind::Unsupported { .. } => Vec::new(),
    })
}

/// The variable a place is part of, or why it has none.
fn root(place: &Place) -> Result<&Place, String> {
    match place {
        Place::Local(_) | Place::Global(_) => Ok(place),
        Place::Field(base, _) | Place::Index(base, _) => root(base),
        Place::Deref(_) => Err("a write through a pointer".into()),
    }
}
