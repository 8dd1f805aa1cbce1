//! A component's automaton: its function's CFG read as the paper's
//! communicating program (Def. 3). Every statement is a transition whose
//! action is that statement (an assignment, a nondeterministic value, a
//! channel action), every branch two transitions labelled with the
//! condition and its negation (the paper's constraints), and returning
//! from the function is acceptance. Loops stay loops: nothing is unwound.
//!
//! A letter of the component's alphabet is one transition's action at its
//! place in the program, so the automaton is deterministic over its
//! letters (two assignments `x = x + 1` at two places are two letters).

use lore_frontend::diag::{Diagnostic, DiagnosticKind};
use lore_frontend::ir::{
    BinaryOp, Callee, Expr, ExprKind, Function, FunctionId, GlobalId, HaltKind, Place, Program,
    Stmt, StmtKind, Terminator,
};
use lore_frontend::source::{Loc, Span};
use lore_frontend::types::TypeId;

/// What a transition does.
#[derive(Clone, Debug)]
pub enum Action {
    /// `chan_send(channel, value)`; `ty` is the value's type before it is
    /// widened to the channel's 128 bits (`None` for a constant, which
    /// takes the receiver's type as C converts it).
    Send {
        channel: String,
        value: Expr,
        ty: Option<TypeId>,
    },
    /// `dest = chan_recv(channel)`: `dest` gets the 128-bit value; `ty` is
    /// the type the program converts it to (the receiving variable's).
    Receive {
        channel: String,
        dest: Option<Place>,
        ty: Option<TypeId>,
        /// The conversion into the receiving variable that follows the
        /// call (`x = (T)tmp`), part of the same action.
        then: Option<Stmt>,
    },
    /// An assignment or a nondeterministic value (the paper's `x := e`,
    /// and a read from the environment).
    Statement(Stmt),
    /// A condition that must hold (a branch taken, an assumption).
    Constraint(Expr),
}

impl Action {
    pub fn channel(&self) -> Option<&str> {
        match self {
            Action::Send { channel, .. } | Action::Receive { channel, .. } => Some(channel),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Transition {
    pub from: usize,
    pub action: Action,
    pub to: usize,
    pub loc: Loc,
}

/// A communicating program from one function.
#[derive(Clone, Debug)]
pub struct Component {
    /// `M1` or `M2`.
    pub name: String,
    pub function: FunctionId,
    pub states: usize,
    pub initial: usize,
    pub accepting: Vec<bool>,
    pub transitions: Vec<Transition>,
}

const SEND: &str = "__lore_chan_send";
const RECEIVE: &str = "__lore_chan_recv";

fn unsupported(loc: Loc, message: String) -> Diagnostic {
    Diagnostic::error(
        DiagnosticKind::Unsupported,
        message,
        Some(Span { loc, len: 1 }),
    )
}

/// Union-find over program positions.
struct Positions {
    parent: Vec<usize>,
}

impl Positions {
    fn find(&mut self, mut a: usize) -> usize {
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[b] = a;
        }
    }
}

/// The channel named by a call's first argument (the string `#channel`
/// the header's macro makes).
fn channel_of(program: &Program, e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Cast(inner) => channel_of(program, inner),
        ExprKind::AddrOf(place) => {
            let g: GlobalId = match place {
                Place::Global(g) => *g,
                Place::Index(base, _) => match **base {
                    Place::Global(g) => g,
                    _ => return None,
                },
                _ => return None,
            };
            let bytes = program.globals[g.index()].bytes.as_ref()?;
            let text = bytes.split(|&b| b == 0).next()?;
            String::from_utf8(text.to_vec()).ok()
        }
        _ => None,
    }
}

/// The type of a place, where it is a variable.
pub fn place_type(program: &Program, f: &Function, place: &Place) -> Option<TypeId> {
    match place {
        Place::Local(l) => Some(f.locals[l.0 as usize].ty),
        Place::Global(g) => Some(program.globals[g.index()].ty),
        _ => None,
    }
}

/// Reads the automaton of function `id` of `program`.
pub fn extract(program: &Program, id: FunctionId, name: &str) -> Result<Component, Diagnostic> {
    let f = program.function(id);
    let Some(body) = &f.body else {
        return Err(unsupported(
            f.loc,
            format!("{name}: `{}` has no body", f.name),
        ));
    };
    // Position (b, i): before statement i of block b (i = its length:
    // before the terminator).
    let mut first = Vec::with_capacity(body.blocks.len());
    let mut count = 0;
    for b in &body.blocks {
        first.push(count);
        count += b.stmts.len() + 1;
    }
    let at = |b: usize, i: usize| first[b] + i;
    let mut positions = Positions {
        parent: (0..count).collect(),
    };
    let mut raw: Vec<(usize, Action, usize, Loc)> = Vec::new();
    let mut accepting = Vec::new();
    for (b, block) in body.blocks.iter().enumerate() {
        let mut folded = false;
        for (i, stmt) in block.stmts.iter().enumerate() {
            let (here, next) = (at(b, i), at(b, i + 1));
            if std::mem::take(&mut folded) {
                // The receive before took this statement into its action.
                positions.union(here, next);
                continue;
            }
            let action = match &stmt.kind {
                StmtKind::Declare { .. } => {
                    positions.union(here, next);
                    continue;
                }
                StmtKind::Assign { .. } | StmtKind::Nondet { .. } => Action::Statement(stmt.clone()),
                StmtKind::Assume { cond } => Action::Constraint(cond.clone()),
                StmtKind::Call {
                    dest,
                    callee: Callee::Direct(callee),
                    args,
                } => {
                    let callee_name = &program.function(*callee).name;
                    let channel = args.first().and_then(|a| channel_of(program, a));
                    match (callee_name.as_str(), channel) {
                        (SEND, Some(channel)) if args.len() == 2 => {
                            let value = args[1].clone();
                            let ty = match &value.kind {
                                ExprKind::Cast(inner) if inner.as_int().is_none() => Some(inner.ty),
                                ExprKind::Cast(_) | ExprKind::Int(_) => None,
                                _ => Some(value.ty),
                            };
                            Action::Send { channel, value, ty }
                        }
                        (RECEIVE, Some(channel)) => {
                            // `x = chan_recv(c)`: the call's value goes to a
                            // temporary that the next statement converts.
                            let converts = |s: &Stmt| match (&s.kind, dest) {
                                (StmtKind::Assign { value, .. }, Some(d)) => {
                                    let inner = match &value.kind {
                                        ExprKind::Cast(inner) => inner.as_ref(),
                                        _ => value,
                                    };
                                    matches!(&inner.kind, ExprKind::Load(p) if p == d)
                                }
                                _ => false,
                            };
                            let then = block.stmts.get(i + 1).filter(|s| converts(s)).cloned();
                            folded = then.is_some();
                            let ty = match (dest, block.stmts.get(i + 1).map(|s| &s.kind)) {
                                (
                                    Some(d),
                                    Some(StmtKind::Assign {
                                        value:
                                            Expr {
                                                kind: ExprKind::Cast(inner),
                                                ty,
                                            },
                                        ..
                                    }),
                                ) if matches!(&inner.kind, ExprKind::Load(p) if p == d) => Some(*ty),
                                (Some(d), _) => place_type(program, f, d),
                                _ => None,
                            };
                            Action::Receive {
                                channel,
                                dest: dest.clone(),
                                ty,
                                then,
                            }
                        }
                        (SEND | RECEIVE, _) => {
                            return Err(unsupported(
                                stmt.loc,
                                format!("{name}: a channel is named by an identifier: `chan_send(ch, v)`, `chan_recv(ch)`"),
                            ))
                        }
                        (other, _) => {
                            return Err(unsupported(
                                stmt.loc,
                                format!("{name}: a call of `{other}`: every action of a component must be in its own function (the automaton is that function's CFG); inline `{other}`"),
                            ))
                        }
                    }
                }
                StmtKind::Assert { .. } => {
                    return Err(unsupported(
                        stmt.loc,
                        format!("{name}: an assertion in a component: say what must hold in the property"),
                    ))
                }
                StmtKind::Unsupported { what } => {
                    return Err(unsupported(stmt.loc, format!("{name}: {what} is not supported")))
                }
                _ => {
                    return Err(unsupported(
                        stmt.loc,
                        format!("{name}: memory allocation, block and string operations and calls through pointers are not actions of a communicating program"),
                    ))
                }
            };
            raw.push((here, action, next, stmt.loc));
        }
        let end = at(b, block.stmts.len());
        let loc = block.term_loc;
        match &block.term {
            Terminator::Goto(c) => positions.union(end, at(c.index(), 0)),
            Terminator::Branch {
                cond,
                then_block,
                else_block,
            } => {
                if then_block == else_block {
                    positions.union(end, at(then_block.index(), 0));
                } else {
                    match cond.as_int() {
                        Some(0) => positions.union(end, at(else_block.index(), 0)),
                        Some(_) => positions.union(end, at(then_block.index(), 0)),
                        None => {
                            raw.push((
                                end,
                                Action::Constraint(cond.clone()),
                                at(then_block.index(), 0),
                                loc,
                            ));
                            raw.push((
                                end,
                                Action::Constraint(Expr::not(cond.clone())),
                                at(else_block.index(), 0),
                                loc,
                            ));
                        }
                    }
                }
            }
            Terminator::Switch {
                value,
                cases,
                default,
            } => {
                let eq = |k: u128, op: BinaryOp| {
                    Expr::binary(
                        op,
                        value.clone(),
                        Expr::int(k, value.ty),
                        lore_frontend::types::TypeTable::BOOL,
                    )
                };
                for (k, target) in cases {
                    raw.push((
                        end,
                        Action::Constraint(eq(*k, BinaryOp::Eq)),
                        at(target.index(), 0),
                        loc,
                    ));
                }
                let none = cases.iter().fold(Expr::bool(true), |acc, (k, _)| {
                    Expr::binary(
                        BinaryOp::And,
                        acc,
                        eq(*k, BinaryOp::Ne),
                        lore_frontend::types::TypeTable::BOOL,
                    )
                });
                raw.push((end, Action::Constraint(none), at(default.index(), 0), loc));
            }
            Terminator::Return(_) | Terminator::Halt(HaltKind::Exit) => accepting.push(end),
            Terminator::Halt(_) => {}
            Terminator::Unterminated => {
                return Err(unsupported(loc, format!("{name}: an unterminated block")))
            }
        }
    }
    // States: the classes of positions reachable from the entry.
    let mut number = vec![usize::MAX; count];
    let mut states = 0;
    let entry = positions.find(at(0, 0));
    number[entry] = 0;
    states += 1;
    let mut stack = vec![entry];
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (k, (from, _, _, _)) in raw.iter().enumerate() {
        let r = positions.find(*from);
        out[r].push(k);
    }
    let mut transitions = Vec::new();
    let mut seen_transition = vec![false; raw.len()];
    while let Some(r) = stack.pop() {
        for &k in &out[r] {
            let to = positions.find(raw[k].2);
            if number[to] == usize::MAX {
                number[to] = states;
                states += 1;
                stack.push(to);
            }
            seen_transition[k] = true;
        }
    }
    for (k, (from, action, to, loc)) in raw.into_iter().enumerate() {
        if seen_transition[k] {
            transitions.push(Transition {
                from: number[positions.find(from)],
                action,
                to: number[positions.find(to)],
                loc,
            });
        }
    }
    let mut accept = vec![false; states];
    for a in accepting {
        let r = positions.find(a);
        if number[r] != usize::MAX {
            accept[number[r]] = true;
        }
    }
    Ok(Component {
        name: name.to_string(),
        function: id,
        states,
        initial: 0,
        accepting: accept,
        transitions,
    })
}
