//! (M1 ‖ M2) × P as one sequential program of Lore's IR: the paper's
//! synchronous composition (Def. 6) and conjunctive composition with the
//! property (Def. 9), made executable. Each automaton's state is an
//! `int`; a nondeterministic choice picks the next transition of the
//! product — an action of one program on its own (P moving along when it
//! watches that action), a send of one program with a receive of the
//! other on a shared channel (the value assigned, the paper's x1 = x2), or
//! a constraint of P — which assumes it is enabled. Before each choice the
//! program asserts that the run is not an error: both programs at an
//! accepting state and P at an error state.
//!
//! The program is the control graph itself: a block per control state
//! on no cycle (executed once, the runs reaching it merged), and a loop
//! per strongly connected part of the graph, laid out in topological
//! order. Without a cycle one bounded model checking run decides it; with
//! one, "M1 ‖ M2 ⊨ P" is the assertion of every loop for every number of
//! iterations, which Lore's BMC checks up to a bound and its k-induction
//! proves (one loop by its step case, several by their summaries). A
//! single scheduler loop over every step is the other shape, kept for
//! comparison and for graphs too large to list. Either way a
//! counterexample's sequence of choices is an error trace, replayed
//! concretely like every counterexample.

use crate::automaton::{Action, Component};
use crate::property::Label;
use crate::system::System;
use lore_frontend::ir::{
    BinaryOp, Block, BlockId, Body, Callee, Expr, ExprKind, Function, FunctionId, Local, LocalKind,
    Loop, LoopKind, Place, Program, Property, PropertyId, PropertyKind, Stmt, StmtKind, Terminator,
};
use lore_frontend::source::{FileId, Loc};
use lore_frontend::types::LocalId;
use lore_frontend::types::{IntKind, TypeTable};

/// One transition of the product: what each automaton does.
#[derive(Clone, Debug)]
pub struct Step {
    /// The transitions of M1 and M2 taken (indices into their lists).
    pub m1: Option<usize>,
    pub m2: Option<usize>,
    /// P's transition taken (index into the property's list).
    pub p: Option<usize>,
}

/// The product program and what each of its choices means.
#[derive(Clone, Debug)]
pub struct Product {
    pub program: Program,
    pub steps: Vec<Step>,
    /// The name of the assertion "no error".
    pub property: String,
    /// The most steps any run takes, where the control graph has no cycle
    /// (then bounded model checking one step deeper sees every run: it is
    /// complete); `None` where it has one, or is too large to list.
    pub longest_run: Option<usize>,
    /// Blocks inside the program's loops (each unwound up to the bound):
    /// with the blocks outside them, the size of a bounded run.
    pub loop_blocks: usize,
    /// For each step, how many values it draws (its `nondet` statements,
    /// after the choice that picks it): what a sampled run must give it.
    pub draws: Vec<usize>,
}

/// Where the scheduler's choice is made, to find it among a
/// counterexample's inputs.
pub const CHOICE_LOC: Loc = Loc {
    file: FileId(u32::MAX),
    line: 7,
    col: 7,
};

const NAME: &str = "__lore_agr_product";

/// Where the product's `i`th loop is (each its own place, so that loops
/// can be told apart and summarised one by one).
fn loop_loc(i: usize) -> Loc {
    Loc {
        file: FileId(u32::MAX),
        line: 8 + i as u32,
        col: 1,
    }
}

/// Locals of the second program are numbered after the first's.
fn shift_place(p: &mut Place, by: u32) {
    match p {
        Place::Local(l) => *l = LocalId(l.0 + by),
        Place::Global(_) => {}
        Place::Deref(e) => shift_expr(e, by),
        Place::Field(base, _) => shift_place(base, by),
        Place::Index(base, i) => {
            shift_place(base, by);
            shift_expr(i, by);
        }
    }
}

fn shift_expr(e: &mut Expr, by: u32) {
    match &mut e.kind {
        ExprKind::Load(p) | ExprKind::AddrOf(p) => shift_place(p, by),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => shift_expr(a, by),
        ExprKind::Binary(_, a, b, _) => {
            shift_expr(a, by);
            shift_expr(b, by);
        }
        ExprKind::Ite(c, a, b) => {
            shift_expr(c, by);
            shift_expr(a, by);
            shift_expr(b, by);
        }
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Zero | ExprKind::FunctionAddr(_) => {}
    }
}

fn shift_stmt(s: &mut Stmt, by: u32) {
    match &mut s.kind {
        StmtKind::Assign { place, value } => {
            shift_place(place, by);
            shift_expr(value, by);
        }
        StmtKind::Nondet { place } => shift_place(place, by),
        StmtKind::Assume { cond } => shift_expr(cond, by),
        _ => {}
    }
}

/// The statements a component's action runs on its own (a channel with
/// the environment: a receive gets any value, a send changes nothing).
fn own_statements(action: &Action, by: u32, loc: Loc) -> Vec<Stmt> {
    let mut out = match action {
        Action::Statement(s) => vec![s.clone()],
        Action::Constraint(c) => vec![Stmt {
            kind: StmtKind::Assume { cond: c.clone() },
            loc,
        }],
        Action::Receive { dest, then, .. } => dest
            .iter()
            .map(|d| Stmt {
                kind: StmtKind::Nondet { place: d.clone() },
                loc,
            })
            .chain(then.iter().cloned())
            .collect(),
        Action::Send { .. } => Vec::new(),
    };
    for s in &mut out {
        shift_stmt(s, by);
    }
    out
}

/// How the product program runs the product's steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The control graph as the program's own blocks: each control state
    /// on no cycle once, each strongly connected part a loop of its own
    /// (the scheduler loop where the graph is too large to list).
    Graph,
    /// Always the scheduler loop (for comparing the two).
    Scheduler,
}

/// The product of the system's programs (or of M1 and `m2`, an automaton
/// over M2's actions such as an assumption) with P, shaped as its control
/// graph.
pub fn build(system: &System, m2: &Component) -> Product {
    build_as(system, m2, Shape::Graph)
}

pub fn build_as(system: &System, m2: &Component, shape: Shape) -> Product {
    let mut program = system.program.clone();
    let m1 = &system.m1;
    let f1 = program.function(m1.function).clone();
    let f2 = program.function(system.m2.function).clone();
    let by = f1.locals.len() as u32;
    let int = program.types.int(IntKind::Int);
    let bool_ty = TypeTable::BOOL;
    let mut locals: Vec<Local> = f1.locals.clone();
    locals.extend(f2.locals.iter().cloned());
    let mut local = |name: &str, ty| {
        locals.push(Local {
            name: name.to_string(),
            ty,
            loc: Loc::NONE,
            kind: LocalKind::Variable,
        });
        LocalId(locals.len() as u32 - 1)
    };
    let (q1, q2, qp) = (
        local("__lore_agr_m1", int),
        local("__lore_agr_m2", int),
        local("__lore_agr_p", int),
    );
    let next = local("__lore_agr_next", int);
    let holds = local("__lore_agr_holds", bool_ty);
    let id = FunctionId(program.functions.len() as u32);
    let property_id = PropertyId(program.properties.len() as u32);
    let property_name = format!("{NAME}.no_error");
    program.properties.push(Property {
        name: property_name.clone(),
        kind: PropertyKind::UserAssertion,
        function: id,
        loc: f1.loc,
        description: "no error: M1 and M2 end with P in an error state".into(),
    });
    let var = |l: LocalId| Expr::load(Place::Local(l), int);
    let num = |v: usize| Expr::int(v as u128, int);
    let eq = |l: LocalId, v: usize| Expr::binary(BinaryOp::Eq, var(l), num(v), bool_ty);
    let and = |a: Expr, b: Expr| Expr::binary(BinaryOp::And, a, b, bool_ty);
    let or = |a: Expr, b: Expr| Expr::binary(BinaryOp::Or, a, b, bool_ty);
    let set = |l: LocalId, v: usize| Stmt {
        kind: StmtKind::Assign {
            place: Place::Local(l),
            value: num(v),
        },
        loc: Loc::NONE,
    };
    let assume = |cond: Expr| Stmt {
        kind: StmtKind::Assume { cond },
        loc: Loc::NONE,
    };
    let any_of = |l: LocalId, states: &[bool]| {
        states
            .iter()
            .enumerate()
            .filter(|(_, &a)| a)
            .fold(Expr::bool(false), |acc, (s, _)| or(acc, eq(l, s)))
    };
    // "The control state (M1's, M2's, P's) is one of these."
    let one_of = |states: &mut dyn Iterator<Item = &Control>| {
        states.fold(Expr::bool(false), |acc, &(a, b, c)| {
            or(acc, and(and(eq(q1, a), eq(q2, b)), eq(qp, c)))
        })
    };
    let property = &system.property;
    // P's transitions on a label.
    let watching = |label: &Label| -> Vec<usize> {
        property
            .transitions
            .iter()
            .enumerate()
            .filter(|(_, t)| &t.label == label)
            .map(|(i, _)| i)
            .collect()
    };
    let watched = |label: &Label| property.transitions.iter().any(|t| &t.label == label);
    // Every transition of the product: its steps and its statements.
    let mut steps: Vec<Step> = Vec::new();
    let mut blocks_of: Vec<Vec<Stmt>> = Vec::new();
    let mut draws: Vec<usize> = Vec::new();
    let mut add = |step: Step, guard: Expr, body: Vec<Stmt>, moves: Vec<(LocalId, usize)>| {
        draws.push(
            body.iter()
                .filter(|s| matches!(s.kind, StmtKind::Nondet { .. }))
                .count(),
        );
        let mut stmts = vec![assume(guard)];
        stmts.extend(body);
        stmts.extend(moves.into_iter().map(|(l, v)| set(l, v)));
        steps.push(step);
        blocks_of.push(stmts);
    };
    // One program alone, with P where it watches.
    for (which, component, q, shift) in [(0, m1, q1, 0), (1, m2, q2, by)] {
        for (i, t) in component.transitions.iter().enumerate() {
            if t.action
                .channel()
                .is_some_and(|c| system.shared.iter().any(|s| s == c))
            {
                continue;
            }
            let label = match &t.action {
                Action::Receive { channel, .. } => Some(Label::Receive(channel.clone())),
                Action::Send { channel, .. } => Some(Label::Send(channel.clone())),
                _ => None,
            };
            let body = own_statements(&t.action, shift, t.loc);
            let step = |p| Step {
                m1: (which == 0).then_some(i),
                m2: (which == 1).then_some(i),
                p,
            };
            match label.filter(|l| watched(l)) {
                Some(l) => {
                    for k in watching(&l) {
                        let pt = &property.transitions[k];
                        add(
                            step(Some(k)),
                            and(eq(q, t.from), eq(qp, pt.from)),
                            body.clone(),
                            vec![(q, t.to), (qp, pt.to)],
                        );
                    }
                }
                None => add(step(None), eq(q, t.from), body, vec![(q, t.to)]),
            }
        }
    }
    // The two programs together on a shared channel.
    for (i, a) in m1.transitions.iter().enumerate() {
        for (j, b) in m2.transitions.iter().enumerate() {
            let (Some(ca), Some(cb)) = (a.action.channel(), b.action.channel()) else {
                continue;
            };
            if ca != cb || !system.shared.iter().any(|s| s == ca) {
                continue;
            }
            // The sender's value goes to the receiver's place, then into
            // the receiving variable.
            let (value, dest, then, loc, receiver_shift) = match (&a.action, &b.action) {
                (Action::Send { value, .. }, Action::Receive { dest, then, .. }) => {
                    (value.clone(), dest, then, b.loc, by)
                }
                (Action::Receive { dest, then, .. }, Action::Send { value, .. }) => {
                    let mut value = value.clone();
                    shift_expr(&mut value, by);
                    (value, dest, then, a.loc, 0)
                }
                _ => continue,
            };
            let mut body: Vec<Stmt> = Vec::new();
            if let Some(d) = dest {
                let mut place = d.clone();
                shift_place(&mut place, receiver_shift);
                body.push(Stmt {
                    kind: StmtKind::Assign { place, value },
                    loc,
                });
            }
            if let Some(t) = then {
                let mut t = t.clone();
                shift_stmt(&mut t, receiver_shift);
                body.push(t);
            }
            let guard = and(eq(q1, a.from), eq(q2, b.from));
            let label = Label::Sync(ca.to_string());
            if watched(&label) {
                for k in watching(&label) {
                    let pt = &property.transitions[k];
                    add(
                        Step {
                            m1: Some(i),
                            m2: Some(j),
                            p: Some(k),
                        },
                        and(guard.clone(), eq(qp, pt.from)),
                        body.clone(),
                        vec![(q1, a.to), (q2, b.to), (qp, pt.to)],
                    );
                }
            } else {
                add(
                    Step {
                        m1: Some(i),
                        m2: Some(j),
                        p: None,
                    },
                    guard,
                    body,
                    vec![(q1, a.to), (q2, b.to)],
                );
            }
        }
    }
    // P's constraints, at any moment.
    for (k, t) in property.transitions.iter().enumerate() {
        let Label::Constraint(_, c) = &t.label else {
            continue;
        };
        let call = Stmt {
            kind: StmtKind::Call {
                dest: Some(Place::Local(holds)),
                callee: Callee::Direct(system.constraints[*c]),
                args: Vec::new(),
            },
            loc: Loc::NONE,
        };
        add(
            Step {
                m1: None,
                m2: None,
                p: Some(k),
            },
            eq(qp, t.from),
            vec![call, assume(Expr::load(Place::Local(holds), bool_ty))],
            vec![(qp, t.to)],
        );
    }
    let block = |stmts: Vec<Stmt>, term: Terminator| Block {
        stmts,
        term,
        term_loc: Loc::NONE,
        from_if: false,
        skips_dead_code: false,
    };
    let initial = vec![
        set(q1, m1.initial),
        set(q2, m2.initial),
        set(qp, property.initial),
    ];
    let error = and(
        and(any_of(q1, &m1.accepting), any_of(q2, &m2.accepting)),
        any_of(qp, &property.error),
    );
    let no_error = Stmt {
        kind: StmtKind::Assert {
            cond: Expr::not(error),
            property: property_id,
        },
        loc: f1.loc,
    };
    let choose = Stmt {
        kind: StmtKind::Nondet {
            place: Place::Local(next),
        },
        loc: CHOICE_LOC,
    };
    let graph = control_graph(system, m2, &steps);
    let start = (m1.initial, m2.initial, property.initial);
    let longest_run = graph.as_ref().and_then(|g| longest_path(g, start));
    // The graph's layout unwinds each of its loops, the scheduler's one
    // loop over every step: where the loops' bodies together are much
    // larger than the scheduler's (a cycle met in many control states of
    // the other components), the scheduler is the smaller formula.
    let layout = graph
        .as_ref()
        .filter(|_| shape == Shape::Graph)
        .and_then(|graph| {
            let parts = condensation(graph, start);
            let cycles: Vec<bool> = parts.iter().map(|part| cyclic(graph, part)).collect();
            let looping: usize = parts
                .iter()
                .zip(&cycles)
                .filter(|(_, &c)| c)
                .map(|(part, _)| part.iter().map(|c| graph[c].len()).sum::<usize>() + 2)
                .sum();
            (looping <= LOOPS_PER_SCHEDULER * (blocks_of.len() + 3))
                .then_some((graph, parts, cycles))
        });
    let (blocks, loops) = match layout {
        // The control graph itself, in topological order of its strongly
        // connected parts (every jump between parts goes forward). A state
        // on no cycle is a block picking one of the steps enabled there,
        // executed once with the runs reaching it merged. A cycle's states
        // form one loop: its head assumes the control state is one of
        // them, asserts the run is no error and picks a step enabled at
        // any of them; a step within the part goes round again, one out of
        // it leaves the loop. Without a cycle there is nothing to unwind;
        // with one, each loop is unwound on its own and k-induction proves
        // it (its step case starts at that part only).
        Some((graph, parts, cycles)) => {
            let mut part_of: rustc_hash::FxHashMap<Control, usize> = Default::default();
            for (i, part) in parts.iter().enumerate() {
                for c in part {
                    part_of.insert(*c, i);
                }
            }
            // Each part's first block: its head (or its one state's block).
            let mut first_block = Vec::with_capacity(parts.len());
            let mut at = 1u32;
            for (part, &looping) in parts.iter().zip(&cycles) {
                first_block.push(at);
                let edges: usize = part.iter().map(|c| graph[c].len()).sum();
                at += 1 + edges as u32 + u32::from(looping);
            }
            let end = BlockId(at);
            let mut blocks = vec![block(initial, Terminator::Goto(BlockId(1)))];
            let mut loops = Vec::new();
            for (i, part) in parts.iter().enumerate() {
                let head = first_block[i];
                let edges: Vec<(usize, Control)> =
                    part.iter().flat_map(|c| graph[c].iter().copied()).collect();
                let looping = cycles[i];
                let join = BlockId(head + 1 + edges.len() as u32);
                let mut head_stmts = Vec::new();
                if looping {
                    head_stmts.push(assume(one_of(&mut part.iter())));
                }
                head_stmts.extend([no_error.clone(), choose.clone()]);
                blocks.push(block(
                    head_stmts,
                    Terminator::Switch {
                        value: var(next),
                        cases: edges
                            .iter()
                            .enumerate()
                            .map(|(e, &(k, _))| (k as u128, BlockId(head + 1 + e as u32)))
                            .collect(),
                        default: end,
                    },
                ));
                for &(k, target) in &edges {
                    let to = part_of[&target];
                    let goto = if to == i {
                        join
                    } else {
                        BlockId(first_block[to])
                    };
                    blocks.push(block(blocks_of[k].clone(), Terminator::Goto(goto)));
                }
                if looping {
                    blocks.push(block(Vec::new(), Terminator::Goto(BlockId(head))));
                    loops.push(Loop {
                        header: BlockId(head),
                        latch: join,
                        loc: loop_loc(loops.len()),
                        kind: LoopKind::While,
                    });
                }
            }
            blocks.push(block(Vec::new(), Terminator::Return(Some(num(0)))));
            (blocks, loops)
        }
        // A cycle (or too many states to list): a scheduler loop whose
        // head asserts that the run is no error and picks any step,
        // assumed enabled.
        _ => {
            let n = blocks_of.len();
            let head = BlockId(1);
            let join = BlockId(2 + n as u32);
            let end = BlockId(3 + n as u32);
            let mut blocks = vec![block(initial, Terminator::Goto(head))];
            // An invariant for k-induction: the control states (M1's, M2's,
            // P's) the product can reach when every data condition may
            // hold. Bounded model checking is not changed by it (every
            // reachable state has it); k-induction's step case no longer
            // starts from a combination no run can reach (P in its error
            // state while M2 is still before the action that leads there),
            // which it could not otherwise rule out at any k.
            let mut head_stmts = Vec::new();
            if let Some(graph) = &graph {
                let mut reach: Vec<&Control> = graph.keys().collect();
                reach.sort_unstable();
                head_stmts.push(assume(one_of(&mut reach.iter().copied())));
            }
            head_stmts.extend([no_error, choose]);
            blocks.push(block(
                head_stmts,
                Terminator::Switch {
                    value: var(next),
                    cases: (0..n).map(|i| (i as u128, BlockId(2 + i as u32))).collect(),
                    default: end,
                },
            ));
            for stmts in blocks_of {
                blocks.push(block(stmts, Terminator::Goto(join)));
            }
            blocks.push(block(Vec::new(), Terminator::Goto(head)));
            blocks.push(block(Vec::new(), Terminator::Return(Some(num(0)))));
            let loops = vec![Loop {
                header: head,
                latch: join,
                loc: f1.loc,
                kind: LoopKind::While,
            }];
            (blocks, loops)
        }
    };
    let loop_blocks = loops
        .iter()
        .map(|l| (l.latch.index() + 1).saturating_sub(l.header.index()))
        .sum();
    program.functions.push(Function {
        name: NAME.to_string(),
        ty: f1.ty,
        loc: f1.loc,
        params: 0,
        locals,
        body: Some(Body { blocks, loops }),
        is_lore_library: false,
    });
    program.entry = Some(id);
    Product {
        program,
        steps,
        property: property_name,
        longest_run,
        loop_blocks,
        draws,
    }
}

/// The most control states the invariant lists (beyond, none is given).
const MOST_CONTROL_STATES: usize = 4096;

/// A control state of the product: M1's, M2's and P's states.
type Control = (usize, usize, usize);

/// The control graph: each control state with the steps enabled there
/// (data conditions ignored) and the control state each leads to.
type Graph = rustc_hash::FxHashMap<Control, Vec<(usize, Control)>>;

/// How many times larger than the scheduler loop's body the graph's loop
/// bodies may be together before the scheduler is used instead.
const LOOPS_PER_SCHEDULER: usize = 2;

/// Whether a strongly connected part has a cycle (more than one state, or
/// a step from its one state to itself).
fn cyclic(graph: &Graph, part: &[Control]) -> bool {
    part.len() > 1 || graph[&part[0]].iter().any(|(_, t)| *t == part[0])
}

/// The strongly connected parts of the control graph reachable from
/// `start` (Tarjan's algorithm), each before every part it leads to.
fn condensation(graph: &Graph, start: Control) -> Vec<Vec<Control>> {
    let mut index: rustc_hash::FxHashMap<Control, (usize, usize)> = Default::default();
    let mut on_stack: rustc_hash::FxHashSet<Control> = Default::default();
    let mut stack: Vec<Control> = Vec::new();
    let mut parts = Vec::new();
    // (state, next successor to visit)
    let mut calls: Vec<(Control, usize)> = vec![(start, 0)];
    index.insert(start, (0, 0));
    stack.push(start);
    on_stack.insert(start);
    let mut counter = 1;
    while let Some(&mut (node, ref mut next)) = calls.last_mut() {
        let successors = &graph[&node];
        if *next < successors.len() {
            let (_, s) = successors[*next];
            *next += 1;
            match index.get(&s) {
                None => {
                    index.insert(s, (counter, counter));
                    counter += 1;
                    stack.push(s);
                    on_stack.insert(s);
                    calls.push((s, 0));
                }
                Some(&(number, _)) if on_stack.contains(&s) => {
                    let low = &mut index.get_mut(&node).expect("visited").1;
                    *low = (*low).min(number);
                }
                Some(_) => {}
            }
        } else {
            calls.pop();
            let (number, low) = index[&node];
            if let Some(&(parent, _)) = calls.last() {
                let parent_low = &mut index.get_mut(&parent).expect("visited").1;
                *parent_low = (*parent_low).min(low);
            }
            if number == low {
                let mut part = Vec::new();
                while let Some(c) = stack.pop() {
                    on_stack.remove(&c);
                    part.push(c);
                    if c == node {
                        break;
                    }
                }
                part.sort_unstable();
                parts.push(part);
            }
        }
    }
    // Tarjan's algorithm finishes a part after every part it leads to.
    parts.reverse();
    parts
}

/// The control graph of the product: the control states reachable
/// through its steps with their data conditions ignored (an
/// over-approximation of the reachable states), and for each the states
/// one step leads to; `None` beyond `MOST_CONTROL_STATES` states.
fn control_graph(system: &System, m2: &Component, steps: &[Step]) -> Option<Graph> {
    let (m1, p) = (&system.m1, &system.property);
    let start = (m1.initial, m2.initial, p.initial);
    let mut graph: Graph = Default::default();
    graph.insert(start, Vec::new());
    let mut work = vec![start];
    while let Some((a, b, c)) = work.pop() {
        let mut successors = Vec::new();
        for (k, step) in steps.iter().enumerate() {
            let from = |i: Option<usize>, at: usize, edge: &dyn Fn(usize) -> (usize, usize)| match i
            {
                None => Some(at),
                Some(i) => {
                    let (f, t) = edge(i);
                    (f == at).then_some(t)
                }
            };
            let next = (
                from(step.m1, a, &|i| {
                    (m1.transitions[i].from, m1.transitions[i].to)
                }),
                from(step.m2, b, &|i| {
                    (m2.transitions[i].from, m2.transitions[i].to)
                }),
                from(step.p, c, &|i| (p.transitions[i].from, p.transitions[i].to)),
            );
            if let (Some(x), Some(y), Some(z)) = next {
                successors.push((k, (x, y, z)));
                if let std::collections::hash_map::Entry::Vacant(e) = graph.entry((x, y, z)) {
                    e.insert(Vec::new());
                    if graph.len() > MOST_CONTROL_STATES {
                        return None;
                    }
                    work.push((x, y, z));
                }
            }
        }
        graph.insert((a, b, c), successors);
    }
    Some(graph)
}

/// The most steps from `start` in `graph`; `None` where a cycle is
/// reachable.
fn longest_path(graph: &Graph, start: Control) -> Option<usize> {
    // Depth-first, longest path from each state; a state met again while
    // open is a cycle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done(usize),
    }
    let mut marks: rustc_hash::FxHashMap<Control, Mark> = Default::default();
    let mut stack: Vec<(Control, usize)> = vec![(start, 0)];
    marks.insert(start, Mark::Open);
    while let Some(&mut (node, ref mut next)) = stack.last_mut() {
        let successors = &graph[&node];
        if *next < successors.len() {
            let (_, s) = successors[*next];
            *next += 1;
            match marks.get(&s) {
                Some(Mark::Open) => return None,
                Some(Mark::Done(_)) => {}
                None => {
                    marks.insert(s, Mark::Open);
                    stack.push((s, 0));
                }
            }
        } else {
            let longest = successors
                .iter()
                .map(|(_, s)| match marks[s] {
                    Mark::Done(n) => n + 1,
                    Mark::Open => 0,
                })
                .max()
                .unwrap_or(0);
            marks.insert(node, Mark::Done(longest));
            stack.pop();
        }
    }
    match marks[&start] {
        Mark::Done(n) => Some(n),
        Mark::Open => None,
    }
}

/// The steps a counterexample chose, in order, from its inputs, each with
/// the values drawn while it ran (a receive from the environment, a
/// nondeterministic value), as signed integers.
pub fn chosen(product: &Product, inputs: &[(String, Loc, Vec<u8>)]) -> Vec<(usize, Vec<i128>)> {
    let mut out: Vec<(usize, Vec<i128>)> = Vec::new();
    for (_, loc, bytes) in inputs {
        if *loc == CHOICE_LOC {
            let k = bytes
                .iter()
                .take(4)
                .enumerate()
                .fold(0usize, |v, (i, &b)| v | usize::from(b) << (8 * i));
            if k < product.steps.len() {
                out.push((k, Vec::new()));
            }
        } else if let Some(last) = out.last_mut() {
            last.1.push(signed(bytes));
        }
    }
    out
}

/// Little-endian bytes as a signed integer of their width.
fn signed(bytes: &[u8]) -> i128 {
    let n = bytes.len().min(16);
    let mut v: u128 = 0;
    for (i, &b) in bytes.iter().take(n).enumerate() {
        v |= u128::from(b) << (8 * i);
    }
    if n == 0 {
        return 0;
    }
    let shift = 128 - 8 * n as u32;
    ((v << shift) as i128) >> shift
}
