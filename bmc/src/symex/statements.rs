//! Statements and control flow: a function body runs in layout order,
//! forward jumps wait and merge at their target, back edges continue while
//! the loop's unwinding bound allows (and are cut, or fail an unwinding
//! property, beyond it).
//!
//! Loops are counted as CBMC 6.6 counts them (docs/unwinding.md has each
//! control-flow shape, measured): one counter per back edge per call of
//! the function, raised each time the back edge is taken. Execution walks
//! the blocks in layout order whether or not a path is live there, and a
//! counter restarts whenever that walk reaches its loop's header other
//! than by a back edge of the loop itself or of a loop whose back edge
//! comes earlier in the layout — so a loop restarts when it is entered,
//! by its header or (the walk passing its header on the way) by a `goto`
//! or `switch` into its body. Where the only live path jumps forward past
//! other blocks with a guard that is simply true (CBMC's unconditional
//! jump under a true guard), the walk follows it and passes nothing on the
//! way. A loop that is one test and nothing else (`while (c);`, `L: if (c)
//! goto L;`) would never end once entered: as in CBMC, its back edge ends
//! the path and is not counted (no unwinding assertion).
//!
//! Whether CBMC's guard is "simply true" depends on its constant
//! propagation (it learns `x == 2` from `assume(x == 2)` and from branch
//! conditions; its path guard leaves assumptions out), which Lore does not
//! reproduce exactly. So where a loop that has already gone round in this
//! call is entered again by a jump (into its body, or to its header from
//! further back than the block before it), whether CBMC restarts its count
//! is not known; if the bound then cuts a path of that loop without
//! unwinding assertions, the cut is reported as a construct Lore does not
//! handle (the answer is UNKNOWN), never given a bounded answer that may
//! differ from CBMC's. With unwinding assertions every cut fails one
//! anyway.

use super::{CheckKind, Executor, State};
use crate::ssa::{Binary, Step, TermId, FALSE};
use lore_frontend::ir::{BlockId, Body, Expr, ExprKind, Function, HaltKind, StmtKind, Terminator};
use lore_frontend::source::Loc;
use lore_frontend::types::{TypeId, TypeTable};

impl Executor<'_> {
    /// The bound of loop `index` of `f` (`--unwindset f.index:k`).
    fn loop_bound(&self, f: &Function, index: usize) -> u32 {
        self.options
            .unwind_set
            .get(&format!("{}.{}", f.name, index))
            .copied()
            .unwrap_or(self.options.unwind)
    }

    /// Whether `options.deadline` has passed (looked at every 64 blocks).
    fn past_deadline(&mut self) -> bool {
        if !self.out_of_time {
            self.blocks_run += 1;
            if self.blocks_run.is_multiple_of(64) {
                self.out_of_time = self
                    .options
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d);
            }
        }
        self.out_of_time
    }

    /// Runs a function body; returns the states (and values) at its returns.
    pub(super) fn run_body(
        &mut self,
        start: State,
        f: &Function,
        body: &Body,
    ) -> Vec<(State, Option<TermId>)> {
        let n = body.blocks.len();
        let mut waiting: Vec<Vec<State>> = (0..n).map(|_| Vec::new()).collect();
        let mut returns = Vec::new();
        let mut current: Option<State> = Some(start);
        let mut counts = LoopCounts::new(body);
        let mut pc = 0usize;
        // Whether `pc` was reached by a jump (a back edge, or a forward jump
        // the walk followed) rather than by walking on to the next block.
        let mut jumped = false;
        while pc < n {
            if !jumped {
                counts.walked_onto(pc);
            }
            jumped = false;
            if self.past_deadline() {
                // Every path still live ends here, as unknown: no verdict
                // can rest on a formula that stops short.
                let why = "symbolic execution ran out of time";
                for mut s in current
                    .take()
                    .into_iter()
                    .chain(waiting[pc..].iter_mut().flat_map(std::mem::take))
                {
                    self.lost(&mut s, why);
                }
                break;
            }
            let arrivals = std::mem::take(&mut waiting[pc]);
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
            if let Some(region) = &self.options.assumed {
                if std::ptr::eq(self.program.function(region.function), f) {
                    self.assuming = region.blocks.contains(&BlockId(pc as u32));
                }
            }
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
                    let (then_state, else_state) = self.branch(state, f, pc, cond);
                    next.push((*then_block, then_state));
                    next.push((*else_block, else_state));
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
                    let v = self.return_value(&mut state, f, value.as_ref(), block.term_loc);
                    returns.push((state, v));
                }
                Terminator::Halt(kind) => {
                    if *kind == HaltKind::Exit {
                        self.end_of_main(&state, block.term_loc);
                    }
                    if *kind != HaltKind::AfterError {
                        self.heap_at_end(&mut state, block.term_loc, *kind == HaltKind::Abort);
                    }
                }
                Terminator::Unterminated => {}
            }
            next.retain(|(_, s)| s.guard != FALSE);
            // The only live path jumps forward over other blocks with a
            // guard that is simply true, and nothing waits on the way: the
            // walk follows it (CBMC's shortcut), passing no loop header.
            if let [(target, s)] = next.as_slice() {
                let t = target.index();
                let over = t > pc + 1 || (t == pc + 1 && block.skips_dead_code);
                if over
                    && s.guard == crate::ssa::TRUE
                    && waiting[pc + 1..t].iter().all(Vec::is_empty)
                {
                    let (_, s) = next.pop().expect("one");
                    counts.entered_by_jump(pc, t);
                    let merged = std::mem::take(&mut waiting[t])
                        .into_iter()
                        .fold(s, |acc, w| self.merge(w, acc));
                    current = Some(merged);
                    pc = t;
                    jumped = true;
                    continue;
                }
            }
            let mut jumped_back: Option<(usize, State)> = None;
            for (target, mut s) in next {
                let t = target.index();
                if t > pc {
                    if t > pc + 1 || block.skips_dead_code {
                        counts.entered_by_jump(pc, t);
                    }
                    waiting[t].push(s);
                    continue;
                }
                if !self.back_edge(&mut s, f, body, pc, target, &mut counts) {
                    continue;
                }
                jumped_back = Some(match jumped_back {
                    None => (t, s),
                    Some((t0, s0)) => (t0.min(t), self.merge(s, s0)),
                });
            }
            match jumped_back {
                Some((t, s)) => {
                    counts.jumped_back(t, pc);
                    current = Some(s);
                    pc = t;
                    jumped = true;
                }
                None => pc += 1,
            }
        }
        returns
    }

    /// A branch at the end of block `pc`: the states where `cond` holds and
    /// where it does not; the outcome's event, if any, is recorded. (Loops
    /// count their iterations at the back edge, `back_edge`.)
    fn branch(&mut self, mut state: State, f: &Function, pc: usize, cond: &Expr) -> (State, State) {
        let c = self.value(&mut state, f, cond);
        let nc = self.terms.not(c);
        let mut then_state = state.clone();
        then_state.guard = self.terms.and(state.guard, c);
        state.guard = self.terms.and(state.guard, nc);
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
        (then_state, state)
    }

    /// The value a `return` returns (unknown when a value-returning
    /// function returns none); main's return is the end of main.
    fn return_value(
        &mut self,
        state: &mut State,
        f: &Function,
        value: Option<&Expr>,
        loc: Loc,
    ) -> Option<TermId> {
        let mut v = value.map(|e| self.value(state, f, e));
        let ret = self
            .types()
            .function_type(f.ty)
            .map_or(TypeTable::VOID, |t| t.ret);
        if v.is_none() && ret != TypeTable::VOID {
            // Falling off a value-returning function: the value is unknown.
            let bits = self.value_bits(ret).max(1);
            let name = self.new_version(&format!("{}::return", f.name));
            let input = self.terms.input(name, bits);
            self.input_step(input, state.guard, loc);
            v = Some(input);
        }
        // The initialiser also returns with one frame; only
        // main's return is the end of main.
        let is_main = self
            .program
            .entry
            .is_some_and(|m| std::ptr::eq(self.program.function(m), f));
        if state.frames.len() == 1 && is_main {
            self.end_of_main(state, loc);
            self.heap_at_end(state, loc, false);
        }
        v
    }

    /// A jump from block `pc` back to `target`: a `do`-`while` or `goto`
    /// loop counts an iteration here. False when the path is cut by the
    /// loop's bound.
    fn back_edge(
        &mut self,
        s: &mut State,
        f: &Function,
        body: &Body,
        pc: usize,
        target: BlockId,
        counts: &mut LoopCounts,
    ) -> bool {
        let li = body
            .loops
            .iter()
            .position(|l| l.header == target && l.latch.index() == pc);
        if let Some(li) = li {
            let l = &body.loops[li];
            if counts.self_loop[li] {
                // Taken, it is taken forever: the path never ends.
                s.guard = FALSE;
                return false;
            }
            // As CBMC: the back edge is where the bound counts, so with
            // bound k the body is entered up to k times and the back edge
            // taken k - 1 times; the k-th entry can still leave through a
            // `break`, a `return` or a `goto` out of the loop.
            let count = counts.taken[li];
            if count + 1 >= self.loop_bound(f, li) {
                if counts.ambiguous[li] && !self.options.unwinding_assertions {
                    let reason = format!(
                        "loop {}.{li} entered again by a jump after it went round; whether CBMC restarts its unwinding count there depends on its constant propagation (use --unwinding-assertions or a larger bound)",
                        f.name
                    );
                    let g = s.guard;
                    self.unsupported_where(s, g, &reason, l.loc);
                    return false;
                }
                self.cut_loop(s, f, li, l.loc);
                return false;
            }
            if self.options.prune_infeasible_loops && !self.can_hold(s.guard) {
                self.pruned += 1;
                s.guard = FALSE;
                return false;
            }
            counts.taken[li] = count + 1;
            counts.went_round[li] = true;
            // The body runs again: iteration count + 2.
            self.steps.push(Step::Note {
                text: format!("loop {}.{li}: iteration {}", f.name, count + 2),
                loc: l.loc,
            });
        }
        true
    }

    /// Whether `guard` can hold: false only where the solver says it
    /// cannot (an unknown answer counts as "can").
    fn can_hold(&mut self, guard: TermId) -> bool {
        if guard == crate::ssa::TRUE {
            return true;
        }
        let deadline = self.options.deadline;
        let blaster = self.feasibility.get_or_insert_with(|| {
            crate::blast::Blaster::new(crate::solver::SolverKind::Cadical.build_until(deadline))
        });
        let lit = blaster.blast(&self.terms, guard)[0];
        !matches!(
            blaster.circuit.solve(&[lit]),
            crate::solver::SolveResult::Unsat
        )
    }

    fn cut_loop(&mut self, state: &mut State, f: &Function, index: usize, loc: Loc) {
        let g = state.guard;
        if self.options.unwinding_assertions {
            let name = format!("{}.unwind.{}", f.name, index);
            self.check(
                state,
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
                self.declare(state, f, *local, loc);
            }
            StmtKind::Call { dest, callee, args } => {
                self.call_statement(state, f, dest.as_ref(), callee, args, loc);
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
                self.assert(state, f, cond, *property);
            }
            StmtKind::Allocate {
                dest,
                kind,
                size,
                old,
                ..
            } => {
                self.allocate(state, f, dest, *kind, size, old.as_ref(), loc);
            }
            // Without pointer checks, freeing changes nothing observable.
            StmtKind::Free { ptr } => {
                let p = self.value(state, f, ptr);
                if self.tracks_frees() && state.guard != FALSE {
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
    pub(super) fn to_memory(&mut self, v: TermId, ty: TypeId) -> TermId {
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
}

/// The unwinding counters of one call of a function (see the module
/// documentation for when they restart).
struct LoopCounts {
    /// Times each loop's back edge was taken since the loop restarted.
    taken: Vec<u32>,
    /// The loops headed at each block.
    headed: Vec<Vec<usize>>,
    /// The latch of each loop (where its back edge is in the layout).
    latch: Vec<usize>,
    /// The header of each loop.
    header: Vec<usize>,
    /// Loops that are one side-effect-free test jumping back to itself.
    self_loop: Vec<bool>,
    /// Loops whose back edge was taken in this call.
    went_round: Vec<bool>,
    /// Loops entered again by a jump after they went round (see the module
    /// documentation).
    ambiguous: Vec<bool>,
}

impl LoopCounts {
    fn new(body: &Body) -> LoopCounts {
        let mut headed = vec![Vec::new(); body.blocks.len()];
        for (li, l) in body.loops.iter().enumerate() {
            headed[l.header.index()].push(li);
        }
        LoopCounts {
            taken: vec![0; body.loops.len()],
            headed,
            latch: body.loops.iter().map(|l| l.latch.index()).collect(),
            header: body.loops.iter().map(|l| l.header.index()).collect(),
            self_loop: body.loops.iter().map(|l| is_self_loop(body, l)).collect(),
            went_round: vec![false; body.loops.len()],
            ambiguous: vec![false; body.loops.len()],
        }
    }

    /// A path jumps forward from block `from` to block `to`, over at least
    /// one block: a loop it enters (its blocks lie between the header and
    /// the back edge) that already went round is now ambiguous.
    fn entered_by_jump(&mut self, from: usize, to: usize) {
        for li in 0..self.taken.len() {
            let header = self.header[li];
            let inside = |b: usize| header <= b && b <= self.latch[li];
            if self.went_round[li] && inside(to) && !inside(from) {
                self.ambiguous[li] = true;
            }
        }
    }

    /// The walk reaches block `b` from the block before it.
    fn walked_onto(&mut self, b: usize) {
        for &li in &self.headed[b] {
            self.taken[li] = 0;
        }
    }

    /// A back edge at block `from` jumps to block `to`: the loops headed
    /// there whose back edges come earlier restart; those whose back edges
    /// come at or after `from` go on counting.
    fn jumped_back(&mut self, to: usize, from: usize) {
        for &li in &self.headed[to] {
            if self.latch[li] < from {
                self.taken[li] = 0;
            }
        }
    }
}

/// Whether loop `l` is a test and nothing else: `L: if (c) goto L;` (one
/// block jumping back to itself) or `while (c);` (a header testing `c`
/// and an empty latch only it reaches). Once its back edge is taken it is
/// taken forever, since nothing in it changes `c`.
fn is_self_loop(body: &Body, l: &lore_frontend::ir::Loop) -> bool {
    let header = &body.blocks[l.header.index()];
    if !header.stmts.is_empty() {
        return false;
    }
    if l.header == l.latch {
        return true;
    }
    let latch = &body.blocks[l.latch.index()];
    let only_from_header = body
        .blocks
        .iter()
        .enumerate()
        .all(|(i, b)| i == l.header.index() || !successors(&b.term).contains(&l.latch));
    latch.stmts.is_empty()
        && matches!(latch.term, Terminator::Goto(t) if t == l.header)
        && matches!(header.term, Terminator::Branch { then_block, else_block, .. }
            if then_block == l.latch || else_block == l.latch)
        && only_from_header
}

/// The blocks a terminator may go to.
fn successors(term: &Terminator) -> Vec<BlockId> {
    match term {
        Terminator::Goto(t) => vec![*t],
        Terminator::Branch {
            then_block,
            else_block,
            ..
        } => vec![*then_block, *else_block],
        Terminator::Switch { cases, default, .. } => cases
            .iter()
            .map(|(_, t)| *t)
            .chain(std::iter::once(*default))
            .collect(),
        _ => Vec::new(),
    }
}
