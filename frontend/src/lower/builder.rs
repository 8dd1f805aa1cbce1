//! Builds one function's blocks while statements are lowered.
//!
//! Blocks are laid out in the order the lowering starts filling them, which is
//! source order; `finish` drops blocks no path reaches, renumbers the rest in
//! layout order and finds the loops (one per back edge, as CBMC does).

use crate::ir::{
    Block, BlockId, Body, Local, LocalKind, Loop, LoopKind, Stmt, StmtKind, Terminator,
};
use crate::source::Loc;
use crate::types::{LocalId, TypeId};
use rustc_hash::FxHashMap;

pub(crate) struct BlockData {
    pub stmts: Vec<Stmt>,
    pub term: Terminator,
    pub term_loc: Loc,
    /// Position in the layout, once the block received code or a terminator.
    pub placed: Option<u32>,
    /// The terminator is an `if` statement's branch.
    pub from_if: bool,
}

pub(crate) struct FnBuilder {
    pub locals: Vec<Local>,
    pub blocks: Vec<BlockData>,
    pub cur: BlockId,
    next_place: u32,
    /// Loop kinds and locations, by the header block they jump back to.
    pub loop_info: FxHashMap<BlockId, (LoopKind, Loc)>,
    name_uses: FxHashMap<String, u32>,
}

impl FnBuilder {
    pub fn new() -> FnBuilder {
        let mut b = FnBuilder {
            locals: Vec::new(),
            blocks: Vec::new(),
            cur: BlockId(0),
            next_place: 0,
            loop_info: FxHashMap::default(),
            name_uses: FxHashMap::default(),
        };
        let entry = b.new_block();
        b.switch_to(entry);
        b
    }

    pub fn new_block(&mut self) -> BlockId {
        let id = BlockId(self.blocks.len() as u32);
        self.blocks.push(BlockData {
            stmts: Vec::new(),
            term: Terminator::Unterminated,
            term_loc: Loc::NONE,
            placed: None,
            from_if: false,
        });
        id
    }

    /// Makes `block` current and places it in the layout if it is new.
    pub fn switch_to(&mut self, block: BlockId) {
        let data = &mut self.blocks[block.index()];
        if data.placed.is_none() {
            data.placed = Some(self.next_place);
            self.next_place += 1;
        }
        self.cur = block;
    }

    pub fn is_terminated(&self) -> bool {
        !matches!(self.blocks[self.cur.index()].term, Terminator::Unterminated)
    }

    pub fn push(&mut self, kind: StmtKind, loc: Loc) {
        if self.is_terminated() {
            // Code after a jump: it goes into a fresh block no edge reaches.
            let dead = self.new_block();
            self.switch_to(dead);
        }
        self.blocks[self.cur.index()].stmts.push(Stmt { kind, loc });
    }

    /// Ends the current block (if it is still open) with `term`.
    pub fn terminate(&mut self, term: Terminator, loc: Loc) {
        if self.is_terminated() {
            let dead = self.new_block();
            self.switch_to(dead);
        }
        let data = &mut self.blocks[self.cur.index()];
        data.term = term;
        data.term_loc = loc;
    }

    /// Marks the current block's terminator as an `if` statement's branch.
    pub fn mark_if(&mut self) {
        self.blocks[self.cur.index()].from_if = true;
    }

    /// Jumps to `target` if the current block is open, then continues there.
    pub fn goto_and_switch(&mut self, target: BlockId, loc: Loc) {
        if !self.is_terminated() {
            self.terminate(Terminator::Goto(target), loc);
        }
        self.switch_to(target);
    }

    pub fn add_local(&mut self, name: &str, ty: TypeId, loc: Loc, kind: LocalKind) -> LocalId {
        let uses = self.name_uses.entry(name.to_string()).or_insert(0);
        let unique = if *uses == 0 {
            name.to_string()
        } else {
            format!("{name}#{uses}")
        };
        *uses += 1;
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(Local {
            name: unique,
            ty,
            loc,
            kind,
        });
        id
    }

    pub fn add_temp(&mut self, ty: TypeId, loc: Loc) -> LocalId {
        let n = self
            .locals
            .iter()
            .filter(|l| l.kind == LocalKind::Temporary)
            .count();
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(Local {
            name: format!("$tmp{n}"),
            ty,
            loc,
            kind: LocalKind::Temporary,
        });
        id
    }

    /// State to roll back to after lowering something only for its type.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            cur: self.cur,
            stmts: self.blocks[self.cur.index()].stmts.len(),
            term_open: !self.is_terminated(),
            blocks: self.blocks.len(),
            locals: self.locals.len(),
            next_place: self.next_place,
        }
    }

    pub fn rollback(&mut self, cp: Checkpoint) {
        self.blocks.truncate(cp.blocks);
        self.locals.truncate(cp.locals);
        self.next_place = cp.next_place;
        self.cur = cp.cur;
        let data = &mut self.blocks[cp.cur.index()];
        data.stmts.truncate(cp.stmts);
        if cp.term_open {
            data.term = Terminator::Unterminated;
        }
    }

    /// Finishes the body: `fallthrough` ends the last open block.
    pub fn finish(mut self, fallthrough: Terminator, end_loc: Loc) -> (Vec<Local>, Body) {
        if !self.is_terminated() {
            self.terminate(fallthrough.clone(), end_loc);
        }
        // Any other block left open (a label at the end of a loop) falls through too.
        for data in &mut self.blocks {
            if data.placed.is_some() && matches!(data.term, Terminator::Unterminated) {
                data.term = fallthrough.clone();
                data.term_loc = end_loc;
            }
        }
        self.thread_jumps();
        // Reachable blocks from the entry.
        let mut reachable = vec![false; self.blocks.len()];
        let mut stack = vec![BlockId(0)];
        while let Some(b) = stack.pop() {
            if std::mem::replace(&mut reachable[b.index()], true) {
                continue;
            }
            stack.extend(successors(&self.blocks[b.index()].term));
        }
        let mut order: Vec<usize> = (0..self.blocks.len())
            .filter(|&i| reachable[i] && self.blocks[i].placed.is_some())
            .collect();
        order.sort_by_key(|&i| self.blocks[i].placed);
        let mut new_id = vec![u32::MAX; self.blocks.len()];
        for (n, &old) in order.iter().enumerate() {
            new_id[old] = n as u32;
        }
        // Jumps over dropped code: a forward `goto` whose target is the next
        // block kept, though blocks no path reaches were placed between.
        let placed_between = |from: usize, to: usize| -> bool {
            let (Some(a), Some(b)) = (self.blocks[from].placed, self.blocks[to].placed) else {
                return false;
            };
            b > a + 1
                && self
                    .blocks
                    .iter()
                    .any(|d| d.placed.is_some_and(|p| p > a && p < b))
        };
        let skips_dead_code: Vec<bool> = (0..self.blocks.len())
            .map(|i| match self.blocks[i].term {
                Terminator::Goto(t) => reachable[i] && placed_between(i, t.index()),
                _ => false,
            })
            .collect();
        let remap = |b: BlockId| BlockId(new_id[b.index()]);
        let mut blocks = Vec::with_capacity(order.len());
        let mut loop_info = FxHashMap::default();
        for (&header, info) in &self.loop_info {
            if new_id[header.index()] != u32::MAX {
                loop_info.insert(remap(header), *info);
            }
        }
        for &old in &order {
            let data = std::mem::replace(
                &mut self.blocks[old],
                BlockData {
                    stmts: Vec::new(),
                    term: Terminator::Unterminated,
                    term_loc: Loc::NONE,
                    placed: None,
                    from_if: false,
                },
            );
            let term = match data.term {
                Terminator::Goto(t) => Terminator::Goto(remap(t)),
                Terminator::Branch {
                    cond,
                    then_block,
                    else_block,
                } => Terminator::Branch {
                    cond,
                    then_block: remap(then_block),
                    else_block: remap(else_block),
                },
                Terminator::Switch {
                    value,
                    cases,
                    default,
                } => Terminator::Switch {
                    value,
                    cases: cases.into_iter().map(|(v, t)| (v, remap(t))).collect(),
                    default: remap(default),
                },
                other => other,
            };
            blocks.push(Block {
                stmts: data.stmts,
                term,
                term_loc: data.term_loc,
                from_if: data.from_if,
                skips_dead_code: skips_dead_code[old],
            });
        }
        let mut loops = Vec::new();
        for (i, block) in blocks.iter().enumerate() {
            for target in successors(&block.term) {
                if target.index() <= i {
                    let (kind, loc) = loop_info
                        .get(&target)
                        .copied()
                        .unwrap_or((LoopKind::Goto, block.term_loc));
                    let kind = if kind != LoopKind::Goto
                        && loops.iter().any(|l: &Loop| l.header == target)
                    {
                        // A second back edge to a structured loop's header comes from a goto.
                        LoopKind::Goto
                    } else {
                        kind
                    };
                    let loc = if kind == LoopKind::Goto && !loop_info.contains_key(&target) {
                        block.term_loc
                    } else {
                        loc
                    };
                    loops.push(Loop {
                        header: target,
                        latch: BlockId(i as u32),
                        loc,
                        kind,
                    });
                }
            }
        }
        (self.locals, Body { blocks, loops })
    }
}

impl FnBuilder {
    /// Jumps through empty blocks that only jump forward again go straight to
    /// the final target. Back edges and loop headers stay, so loops keep
    /// exactly the back edges the source has.
    fn thread_jumps(&mut self) {
        let order = |b: BlockId, blocks: &[BlockData]| blocks[b.index()].placed.unwrap_or(u32::MAX);
        let forward_target = |b: BlockId,
                              blocks: &[BlockData],
                              loop_info: &FxHashMap<BlockId, (LoopKind, Loc)>|
         -> Option<BlockId> {
            let data = &blocks[b.index()];
            match data.term {
                Terminator::Goto(t)
                    if data.stmts.is_empty()
                        && !loop_info.contains_key(&b)
                        && order(t, blocks) > order(b, blocks) =>
                {
                    Some(t)
                }
                _ => None,
            }
        };
        let resolve = |mut b: BlockId,
                       blocks: &[BlockData],
                       loop_info: &FxHashMap<BlockId, (LoopKind, Loc)>| {
            let mut steps = 0;
            while let Some(t) = forward_target(b, blocks, loop_info) {
                b = t;
                steps += 1;
                if steps > blocks.len() {
                    break;
                }
            }
            b
        };
        for i in 0..self.blocks.len() {
            let term = self.blocks[i].term.clone();
            let new_term = match term {
                Terminator::Goto(t) => Terminator::Goto(resolve(t, &self.blocks, &self.loop_info)),
                Terminator::Branch {
                    cond,
                    then_block,
                    else_block,
                } => Terminator::Branch {
                    cond,
                    then_block: resolve(then_block, &self.blocks, &self.loop_info),
                    else_block: resolve(else_block, &self.blocks, &self.loop_info),
                },
                Terminator::Switch {
                    value,
                    cases,
                    default,
                } => Terminator::Switch {
                    value,
                    cases: cases
                        .into_iter()
                        .map(|(v, t)| (v, resolve(t, &self.blocks, &self.loop_info)))
                        .collect(),
                    default: resolve(default, &self.blocks, &self.loop_info),
                },
                other => other,
            };
            self.blocks[i].term = new_term;
        }
    }
}

#[derive(Copy, Clone)]
pub(crate) struct Checkpoint {
    cur: BlockId,
    stmts: usize,
    term_open: bool,
    blocks: usize,
    locals: usize,
    next_place: u32,
}

pub(crate) fn successors(term: &Terminator) -> Vec<BlockId> {
    term.successors()
}
