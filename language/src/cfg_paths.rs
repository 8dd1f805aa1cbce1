//! The interprocedural control-flow graph projected on the events, data
//! ignored: a word that no CFG path produces has no execution either, at any
//! bound, so the teacher answers it without the solver (and caches the
//! answer across bounds). The search follows both outcomes of every branch,
//! descends into every call of a function with a body and returns to the
//! caller; it gives up ("unknown", never "no") on calls through pointers and
//! on very deep or very large searches.

use lore_bmc::symex::Events;
use lore_frontend::ir::{
    BlockId, Callee, FunctionId, HaltKind, Program, PropertyKind, StmtKind, Terminator,
};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;

/// The answer of the CFG search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Feasible {
    Yes,
    No,
    /// The search gave up; only the solver can tell.
    Unknown,
}

/// A point of the search: the call stack, innermost frame last, each frame
/// (function, block, index of the next statement).
type Stack = Vec<(FunctionId, u32, u32)>;

/// Deepest call stack followed, and most search states, before giving up.
const MAX_DEPTH: usize = 48;
const MAX_STATES: usize = 400_000;

pub struct CfgPaths<'p> {
    program: &'p Program,
    /// The functions a call through a pointer may reach (every function
    /// whose address is taken somewhere; symbolic execution reports any
    /// other pointer value as unsupported).
    indirect: Vec<FunctionId>,
    events: Events,
    targets: Vec<PropertyKind>,
    memo: FxHashMap<(Vec<u32>, bool), Feasible>,
}

/// Where one step of the search can go.
enum Step {
    /// To this stack, after the event letter (if any).
    To(Stack, Option<u32>),
    /// A target assertion is here (the stack then moves on as `To`).
    Assertion,
    /// The search cannot follow this edge.
    GiveUp,
}

impl<'p> CfgPaths<'p> {
    /// `targets`: the kinds of assertion whose failure ends a word.
    pub fn new(program: &'p Program, events: Events, targets: Vec<PropertyKind>) -> Self {
        CfgPaths {
            program,
            indirect: program.address_taken_functions(),
            events,
            targets,
            memo: FxHashMap::default(),
        }
    }

    fn start(&self) -> Option<Stack> {
        let main = self.program.entry?;
        Some(vec![(main, 0, 0), (self.program.init, 0, 0)])
    }

    /// The successors of a search point.
    fn steps(&self, stack: &Stack) -> Vec<Step> {
        let Some(&(f, b, i)) = stack.last() else {
            return Vec::new();
        };
        let function = self.program.function(f);
        let Some(body) = &function.body else {
            return Vec::new();
        };
        let block = &body.blocks[b as usize];
        let mut out = Vec::new();
        let with_top = |top: (FunctionId, u32, u32)| {
            let mut s = stack.clone();
            *s.last_mut().expect("a frame") = top;
            s
        };
        if (i as usize) < block.stmts.len() {
            let next = with_top((f, b, i + 1));
            match &block.stmts[i as usize].kind {
                StmtKind::Call { callee, .. } => match callee {
                    Callee::Direct(g) if self.program.function(*g).body.is_some() => {
                        if stack.len() >= MAX_DEPTH {
                            out.push(Step::GiveUp);
                        } else {
                            let mut s = next;
                            s.push((*g, 0, 0));
                            out.push(Step::To(s, self.events.function_entry.get(g).copied()));
                        }
                    }
                    Callee::Direct(_) => out.push(Step::To(next, None)),
                    Callee::Indirect(_) if self.indirect.is_empty() => out.push(Step::GiveUp),
                    Callee::Indirect(_) => {
                        for &g in &self.indirect {
                            if self.program.function(g).body.is_none() {
                                out.push(Step::To(next.clone(), None));
                            } else if stack.len() >= MAX_DEPTH {
                                out.push(Step::GiveUp);
                            } else {
                                let mut s = next.clone();
                                s.push((g, 0, 0));
                                out.push(Step::To(s, self.events.function_entry.get(&g).copied()));
                            }
                        }
                    }
                },
                StmtKind::Assert { property, .. } => {
                    if self
                        .targets
                        .contains(&self.program.property(*property).kind)
                    {
                        out.push(Step::Assertion);
                    }
                    out.push(Step::To(next, None));
                }
                _ => out.push(Step::To(next, None)),
            }
            return out;
        }
        let branch_letter =
            |outcome: bool| self.events.branch.get(&(f, BlockId(b), outcome)).copied();
        match &block.term {
            Terminator::Goto(t) => out.push(Step::To(with_top((f, t.0, 0)), None)),
            Terminator::Branch {
                then_block,
                else_block,
                ..
            } => {
                out.push(Step::To(
                    with_top((f, then_block.0, 0)),
                    branch_letter(true),
                ));
                out.push(Step::To(
                    with_top((f, else_block.0, 0)),
                    branch_letter(false),
                ));
            }
            Terminator::Switch { cases, default, .. } => {
                for (_, t) in cases {
                    out.push(Step::To(with_top((f, t.0, 0)), None));
                }
                out.push(Step::To(with_top((f, default.0, 0)), None));
            }
            Terminator::Return(_) => {
                let mut s = stack.clone();
                s.pop();
                if !s.is_empty() {
                    out.push(Step::To(s, None));
                } else if self.targets.contains(&PropertyKind::EndOfMain) {
                    out.push(Step::Assertion);
                }
            }
            Terminator::Halt(HaltKind::Exit) if self.targets.contains(&PropertyKind::EndOfMain) => {
                out.push(Step::Assertion)
            }
            Terminator::Halt(_) | Terminator::Unterminated => {}
        }
        out
    }

    /// Does some CFG path produce exactly `word` (event letters) and then
    /// reach a target assertion (`at_assertion`), or produce `word` as the
    /// start of its events (`!at_assertion`)?
    pub fn feasible(&mut self, word: &[u32], at_assertion: bool) -> Feasible {
        let key = (word.to_vec(), at_assertion);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let answer = self.search(word, at_assertion);
        self.memo.insert(key, answer);
        answer
    }

    fn search(&self, word: &[u32], at_assertion: bool) -> Feasible {
        let Some(start) = self.start() else {
            return Feasible::No;
        };
        if !at_assertion && word.is_empty() {
            return Feasible::Yes;
        }
        let mut seen: FxHashSet<(Stack, usize)> = FxHashSet::default();
        let mut todo = vec![(start, 0usize)];
        let mut gave_up = false;
        while let Some((stack, pos)) = todo.pop() {
            if !seen.insert((stack.clone(), pos)) {
                continue;
            }
            if seen.len() > MAX_STATES {
                return Feasible::Unknown;
            }
            for step in self.steps(&stack) {
                match step {
                    Step::GiveUp => gave_up = true,
                    Step::Assertion => {
                        if at_assertion && pos == word.len() {
                            return Feasible::Yes;
                        }
                    }
                    Step::To(next, letter) => {
                        let pos = match letter {
                            None => pos,
                            Some(l) if pos < word.len() && word[pos] == l => pos + 1,
                            Some(_) => continue,
                        };
                        if !at_assertion && pos == word.len() {
                            return Feasible::Yes;
                        }
                        todo.push((next, pos));
                    }
                }
            }
        }
        if gave_up {
            Feasible::Unknown
        } else {
            Feasible::No
        }
    }

    /// The fewest event letters on a CFG path to a target assertion (a
    /// lower bound on the length of every failing word, without the
    /// assertion letter), or `None` if no path reaches one.
    pub fn shortest_to_assertion(&self) -> Shortest {
        let Some(start) = self.start() else {
            return Shortest::Unreachable;
        };
        let mut best: FxHashMap<Stack, usize> = FxHashMap::default();
        let mut todo: VecDeque<(Stack, usize)> = VecDeque::new();
        best.insert(start.clone(), 0);
        todo.push_back((start, 0));
        let mut gave_up = false;
        // 0-1 breadth-first search: letters cost 1, other steps 0.
        while let Some((stack, cost)) = todo.pop_front() {
            if best.get(&stack).is_some_and(|&c| c < cost) {
                continue;
            }
            if best.len() > MAX_STATES {
                return Shortest::Unknown;
            }
            for step in self.steps(&stack) {
                match step {
                    // A path not followed may reach the assertion.
                    Step::GiveUp => gave_up = true,
                    Step::Assertion => return Shortest::Length(cost),
                    Step::To(next, letter) => {
                        let c = cost + usize::from(letter.is_some());
                        if best.get(&next).is_none_or(|&old| c < old) {
                            best.insert(next.clone(), c);
                            if letter.is_some() {
                                todo.push_back((next, c));
                            } else {
                                todo.push_front((next, c));
                            }
                        }
                    }
                }
            }
        }
        if gave_up {
            Shortest::Unknown
        } else {
            Shortest::Unreachable
        }
    }
}

/// How many events the shortest CFG path to an assertion has.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shortest {
    Length(usize),
    /// No CFG path reaches an assertion (data ignored): no execution can.
    Unreachable,
    /// The search gave up (a call it cannot follow, a very deep or large
    /// search): nothing is known.
    Unknown,
}
