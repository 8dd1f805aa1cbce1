//! What is left on the heap when the program ends (`main` returns, or
//! `exit`; for valid-memcleanup also `abort`): SV-COMP's valid-memtrack (a block neither freed nor reachable
//! from a global — a leak; CBMC's --memory-leak-check) and valid-memcleanup
//! (a block not freed at all; --memory-cleanup-check).
//!
//! Reachability follows pointers: a block is reachable when a global holds,
//! in one of its pointer slots ([`crate::layout::pointer_slots`]), an
//! address inside it, or a reachable block that is not freed holds one in
//! one of its pointer-aligned words. The locals of `main` (and of every
//! function still active at `exit`) are not roots: the program is over.
//! A block lost in the middle of a run stays lost (nothing can point to it
//! again, and it cannot be freed without a pointer), so checking at the end
//! finds every leak of a run that ends.
//!
//! The check does not iterate reachability to a fixpoint (cubic in the
//! blocks): it asks for a set R of blocks, one fresh Boolean each, that
//! contains every block a global points to and is closed under "a live
//! block of R points to it"; a leak is a live block outside R. Any closed R
//! contains every reachable block, and the reachable set itself is closed,
//! so some R leaves out a live block exactly when that block is
//! unreachable. The Booleans are not program inputs: no run reads them.

use super::{Executor, SafetyKind, State};
use crate::layout::ObjectId;
use crate::ssa::{Binary, TermId, FALSE, TRUE};
use lore_frontend::ir::Function;
use lore_frontend::source::Loc;

impl Executor<'_> {
    /// The checks of the heap where the program ends at `loc`: `main`'s
    /// return or a call of `exit` (both checks), or of `abort` (only
    /// valid-memcleanup: the program ends without a normal termination,
    /// and neither SV-COMP's tools nor CBMC look for leaks there).
    pub(super) fn heap_at_end(&mut self, state: &mut State, loc: Loc, abort: bool) {
        let (leaks, cleanup) = (
            self.options.memory_leak_check && !abort,
            self.options.memory_cleanup_check,
        );
        if !(leaks || cleanup) || state.guard == FALSE {
            return;
        }
        let entry = self.program.entry.expect("a program with an entry");
        let main: &Function = self.program.function(entry);
        let mut blocks: Vec<ObjectId> = self
            .heap
            .iter()
            .copied()
            .filter(|id| state.memory.get(id.index()).copied().flatten().is_some())
            .collect();
        blocks.sort_unstable();
        let live: Vec<TermId> = blocks
            .iter()
            .map(|id| {
                let exists = state.live.get(id).copied().unwrap_or(TRUE);
                let freed = state.freed.get(id).copied().unwrap_or(FALSE);
                let kept = self.terms.not(freed);
                self.terms.and(exists, kept)
            })
            .collect();
        if cleanup {
            let mut any = FALSE;
            for &l in &live {
                any = self.terms.or(any, l);
            }
            self.safety_at(
                state,
                main,
                SafetyKind::MemoryCleanup,
                "heap memory not freed when the program ends",
                any,
                loc,
            );
        }
        if leaks {
            let bad = self.leaked(state, &blocks, &live);
            self.safety_at(
                state,
                main,
                SafetyKind::MemoryLeak,
                "heap memory lost: neither freed nor reachable from a global when the program ends",
                bad,
                loc,
            );
        }
    }

    /// Where some live block is unreachable from the globals (see the
    /// module documentation).
    fn leaked(&mut self, state: &State, blocks: &[ObjectId], live: &[TermId]) -> TermId {
        if blocks.is_empty() {
            return FALSE;
        }
        let pw = self.pointer_bits();
        let pointer_bytes = u64::from(pw / 8);
        // Whether a global points into each block.
        let mut rooted = vec![FALSE; blocks.len()];
        for (g, global) in self.program.globals.iter().enumerate() {
            let id = crate::layout::global_object(lore_frontend::ir::GlobalId(g as u32));
            let Some(bits) = state.memory.get(id.index()).copied().flatten() else {
                continue;
            };
            for slot in crate::layout::pointer_slots(self.types(), global.ty, pointer_bytes) {
                let Some(value) = self.word_at(bits, slot, pw) else {
                    continue;
                };
                for (k, &b) in blocks.iter().enumerate() {
                    let inside = self.points_into(state, value, b);
                    rooted[k] = self.terms.or(rooted[k], inside);
                }
            }
        }
        // R, and its closure.
        let reach: Vec<TermId> = blocks
            .iter()
            .map(|b| {
                let name = self.new_version(&format!("heap{b}#reachable"));
                self.terms.input(name, 1)
            })
            .collect();
        let mut closed = TRUE;
        for k in 0..blocks.len() {
            let needed = self.terms.not(rooted[k]);
            let holds = self.terms.or(needed, reach[k]);
            closed = self.terms.and(closed, holds);
        }
        for (from, &b) in blocks.iter().enumerate() {
            let bits = state.memory[b.index()].expect("a live block");
            let words = self.terms.width(bits) / 8 / (pw / 8);
            let mut points = vec![FALSE; blocks.len()];
            for w in 0..words {
                let slot = u64::from(w) * pointer_bytes;
                let value = self.word_at(bits, slot, pw).expect("inside the block");
                let within = self.slot_inside(state, b, slot, pointer_bytes);
                for (to, &target) in blocks.iter().enumerate() {
                    let inside = self.points_into(state, value, target);
                    let here = self.terms.and(within, inside);
                    points[to] = self.terms.or(points[to], here);
                }
            }
            let source = self.terms.and(reach[from], live[from]);
            for to in 0..blocks.len() {
                let follows = self.terms.and(source, points[to]);
                let needed = self.terms.not(follows);
                let holds = self.terms.or(needed, reach[to]);
                closed = self.terms.and(closed, holds);
            }
        }
        let mut outside = FALSE;
        for k in 0..blocks.len() {
            let out = self.terms.not(reach[k]);
            let lost = self.terms.and(live[k], out);
            outside = self.terms.or(outside, lost);
        }
        self.terms.and(closed, outside)
    }

    /// The pointer-sized word at byte `slot` of an object's bits, if it
    /// lies inside them.
    fn word_at(&mut self, bits: TermId, slot: u64, pw: u32) -> Option<TermId> {
        let width = u64::from(self.terms.width(bits));
        let low = slot * 8;
        (low + u64::from(pw) <= width).then(|| self.terms.extract(bits, low as u32, pw))
    }

    /// Whether the word at byte `slot` of block `b` lies inside the block
    /// (always, but for a block of a size known only at run time).
    fn slot_inside(&mut self, state: &State, b: ObjectId, slot: u64, bytes: u64) -> TermId {
        match state.sizes.get(&b).copied() {
            None => TRUE,
            Some(size) => {
                let w = self.terms.width(size);
                let end = self.terms.constant(u128::from(slot + bytes), w);
                self.terms.binary(Binary::Ule, end, size)
            }
        }
    }

    /// Whether address `value` names block `b` at an offset inside it.
    fn points_into(&mut self, state: &State, value: TermId, b: ObjectId) -> TermId {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let obj_field = self.terms.extract(value, ob, pw - ob);
        let names = self.names_object(state, obj_field, b);
        if names == FALSE {
            return FALSE;
        }
        let off = self.terms.extract(value, 0, ob);
        let size = match state.sizes.get(&b).copied() {
            Some(size) => {
                let w = self.terms.width(size);
                if w == ob {
                    size
                } else if w < ob {
                    self.terms.zext(size, ob)
                } else {
                    self.terms.extract(size, 0, ob)
                }
            }
            None => {
                let bytes = state.memory[b.index()].map_or(0, |t| self.terms.width(t) / 8);
                self.terms.constant(u128::from(bytes), ob)
            }
        };
        let within = self.terms.binary(Binary::Ult, off, size);
        self.terms.and(names, within)
    }
}
