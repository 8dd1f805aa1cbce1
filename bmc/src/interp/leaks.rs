//! What is left on the heap when the run ends, on concrete memory: the
//! replay's side of `symex/leaks.rs` (the same roots, the same words, the
//! same notion of an address inside a block).

use super::{from_bytes, Interpreter, Replay, Stop};
use crate::layout::{self, ObjectId};
use crate::symex::SafetyKind;
use lore_frontend::ir::GlobalId;
use lore_frontend::source::Loc;

impl Interpreter<'_> {
    /// The checks of the heap where the program ends (`main`'s return,
    /// `exit` or, for valid-memcleanup only, `abort`, at `loc`): a block
    /// not freed (valid-memcleanup), a block neither freed nor reachable
    /// from a global (valid-memtrack).
    pub(super) fn heap_at_end(&mut self, loc: Loc, abort: bool) -> Result<(), Stop> {
        if !(self.safety.memory_leak || self.safety.memory_cleanup) {
            return Ok(());
        }
        let mut live: Vec<ObjectId> = self
            .heap
            .iter()
            .copied()
            .filter(|id| !self.freed.contains(id) && self.memory.contains_key(id))
            .collect();
        live.sort_unstable();
        if self.safety.memory_cleanup && !live.is_empty() {
            self.ends_with(SafetyKind::MemoryCleanup, loc)?;
        }
        if self.safety.memory_leak && !abort {
            let reached = self.reachable(&live);
            if live.iter().any(|b| !reached.contains(b)) {
                self.ends_with(SafetyKind::MemoryLeak, loc)?;
            }
        }
        Ok(())
    }

    /// The blocks of `live` reachable from the globals' pointer slots.
    fn reachable(&self, live: &[ObjectId]) -> rustc_hash::FxHashSet<ObjectId> {
        let pb = (self.pointer_bits() / 8) as usize;
        let ob = self.offset_bits();
        let mut reached = rustc_hash::FxHashSet::default();
        let mut work = Vec::new();
        let mut follow = |bytes: &[u8], at: usize, work: &mut Vec<ObjectId>| {
            if at + pb > bytes.len() {
                return;
            }
            let value = from_bytes(&bytes[at..at + pb]);
            let b = layout::object_of(ob, value);
            let off = layout::offset_of(ob, value);
            let inside = self.memory.get(&b).is_some_and(|m| off < m.len() as u128);
            if inside && live.contains(&b) && reached.insert(b) {
                work.push(b);
            }
        };
        for (g, global) in self.program.globals.iter().enumerate() {
            let id = layout::global_object(GlobalId(g as u32));
            let Some(bytes) = self.memory.get(&id) else {
                continue;
            };
            for slot in layout::pointer_slots(self.types(), global.ty, pb as u64) {
                follow(bytes, slot as usize, &mut work);
            }
        }
        while let Some(b) = work.pop() {
            let bytes = &self.memory[&b];
            for at in (0..bytes.len()).step_by(pb) {
                follow(bytes, at, &mut work);
            }
        }
        reached
    }

    /// A check of the program's end fails: named by the entry function, as
    /// symbolic execution names it.
    fn ends_with(&mut self, kind: SafetyKind, loc: Loc) -> Result<(), Stop> {
        let entry = self.program.entry.expect("a program with an entry");
        let name = crate::symex::safety_check_name(&self.program.function(entry).name, kind, loc);
        self.goes_on(Replay::Violated { name, loc })
    }
}
