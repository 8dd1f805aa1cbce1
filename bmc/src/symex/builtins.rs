//! The C library's memory functions as symbolic execution models them:
//! `realloc`'s copy of the old block, `memset`, `memcpy`/`memmove` (of a
//! constant length), havoc, and `free` with pointer checks. (The string
//! functions are in `strings`.)

use super::SafetyKind;
use super::{Executor, State};
use crate::layout::ObjectId;
use crate::ssa::{Binary, Step, TermId, FALSE};
use lore_frontend::ir::{AllocKind, Expr, Function, Place};
use lore_frontend::source::Loc;
use lore_frontend::types::TypeTable;

impl Executor<'_> {
    /// The content of a block `realloc`ated from `p`: `fresh` with the old
    /// block's leading bytes (as many as both blocks hold) where `p` names
    /// it. `None` when a size involved is not a constant.
    fn realloc_content(
        &mut self,
        state: &State,
        p: TermId,
        fresh: TermId,
        variable_size: bool,
    ) -> Option<TermId> {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let p = self.terms.zext(p, pw);
        let obj_field = self.terms.extract(p, ob, pw - ob);
        let off = self.terms.extract(p, 0, ob);
        let zero_off = self.terms.constant(0, ob);
        let at_start = self.terms.binary(Binary::Eq, off, zero_off);
        let mut content = fresh;
        for id in self.candidates(state, p) {
            if !self.heap.contains(&id) {
                continue;
            }
            if variable_size || state.sizes.contains_key(&id) {
                return None;
            }
            let old = state.memory[id.index()].expect("candidate exists");
            let keep = self.terms.width(old).min(self.terms.width(fresh));
            let kept = self.terms.extract(old, 0, keep);
            let copied = self.terms.update(fresh, 0, kept);
            let names_it = self.names_object(state, obj_field, id);
            let hit = self.terms.and(names_it, at_start);
            content = self.terms.ite(hit, copied, content);
        }
        Some(content)
    }

    /// `memset`, `memcpy`/`memmove` (of a constant length) and havoc.
    pub(super) fn memory_op(
        &mut self,
        state: &mut State,
        op: lore_frontend::ir::MemoryOp,
        args: &[TermId],
        loc: Loc,
    ) {
        use lore_frontend::ir::MemoryOp;
        let pw = self.pointer_bits();
        let dst = self.terms.zext(args[0], pw);
        if op == MemoryOp::Havoc {
            self.havoc(state, dst, loc);
            return;
        }
        let n = match self.terms.as_const(args[2]) {
            Some(0) => return,
            Some(n) if n <= 1 << 16 => n as u32,
            _ => {
                self.unsupported(
                    state,
                    "block memory operation of a variable or huge length",
                    loc,
                );
                return;
            }
        };
        let value = if op == MemoryOp::Set {
            let byte = self.terms.extract(args[1], 0, 8);
            let mut v = byte;
            while self.terms.width(v) < n * 8 {
                let more = (n * 8 - self.terms.width(v)).min(self.terms.width(v));
                let part = self.terms.extract(v, 0, more);
                v = self.terms.concat(part, v);
            }
            v
        } else {
            let src = self.terms.zext(args[1], pw);
            self.read_indirect(state, src, n * 8, 0, true)
        };
        self.write_indirect(state, dst, value, 0, true, loc);
    }

    /// Every byte from `p` to the end of its object becomes unknown.
    fn havoc(&mut self, state: &mut State, p: TermId, loc: Loc) {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let obj_field = self.terms.extract(p, ob, pw - ob);
        let off = self.terms.extract(p, 0, ob);
        for id in self.candidates(state, p) {
            let obj = state.memory[id.index()].expect("candidate exists");
            let w = self.terms.width(obj);
            let names_it = self.names_object(state, obj_field, id);
            let name = format!("{}#havoc", self.object_names[id.index()]);
            let fresh = self.terms.input(name, w);
            let guard = self.terms.and(state.guard, names_it);
            self.input_step(fresh, guard, loc);
            let mut bytes = Vec::new();
            for k in 0..w / 8 {
                let kc = self.terms.constant(u128::from(k), ob);
                let from_here = self.terms.binary(Binary::Ule, off, kc);
                let new = self.terms.extract(fresh, k * 8, 8);
                let old = self.terms.extract(obj, k * 8, 8);
                bytes.push(self.terms.ite(from_here, new, old));
            }
            let mut updated = bytes[0];
            for &b in &bytes[1..] {
                updated = self.terms.concat(b, updated);
            }
            let new = self.terms.ite(names_it, updated, obj);
            let name = self.object_names[id.index()].clone();
            let named = self.defined(&name, new, loc);
            state.memory[id.index()] = Some(named);
        }
    }

    /// `free(p)` with pointer checks: `p` must be null or the start of a
    /// heap block not yet freed; the block is freed where `p` names it.
    pub(super) fn free(&mut self, state: &mut State, f: &Function, p: TermId) {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let p = self.terms.zext(p, pw);
        let obj_field = self.terms.extract(p, ob, pw - ob);
        let off = self.terms.extract(p, 0, ob);
        let zero_off = self.terms.constant(0, ob);
        let at_start = self.terms.binary(Binary::Eq, off, zero_off);
        let zero_id = self.terms.constant(0, pw - ob);
        let null = self.terms.binary(Binary::Eq, obj_field, zero_id);
        let mut block_start = FALSE;
        let mut twice = FALSE;
        let mut names = Vec::new();
        for id in self.candidates(state, p) {
            if !self.heap.contains(&id) {
                continue;
            }
            let names_it = self.names_object(state, obj_field, id);
            let hit = self.terms.and(names_it, at_start);
            block_start = self.terms.or(block_start, hit);
            let already = state.freed.get(&id).copied().unwrap_or(FALSE);
            let again = self.terms.and(hit, already);
            twice = self.terms.or(twice, again);
            names.push((id, hit));
        }
        let valid = self.terms.or(null, block_start);
        let invalid = self.terms.not(valid);
        if self.options.pointer_check {
            self.free_checks(state, f, invalid, twice);
        }
        for (id, hit) in names {
            let hit = self.terms.and(state.guard, hit);
            let already = state.freed.get(&id).copied().unwrap_or(FALSE);
            let now = self.terms.or(already, hit);
            state.freed.insert(id, now);
        }
    }

    /// Whether frees are followed: for the pointer checks, and for what is
    /// left on the heap at the end.
    pub(super) fn tracks_frees(&self) -> bool {
        self.options.pointer_check
            || self.options.memory_leak_check
            || self.options.memory_cleanup_check
    }

    fn free_checks(&mut self, state: &mut State, f: &Function, invalid: TermId, twice: TermId) {
        self.safety(
            state,
            f,
            SafetyKind::PointerInvalidFree,
            "free of a pointer that is not the start of a heap block",
            invalid,
        );
        self.safety(
            state,
            f,
            SafetyKind::PointerDoubleFree,
            "heap block freed twice",
            twice,
        );
    }

    /// `malloc`, `calloc`, `alloca` and `realloc`: a fresh object (its
    /// size constant, or laid out for `max_symbolic_object` bytes) whose
    /// address is stored in `dest`.
    pub(super) fn allocate(
        &mut self,
        state: &mut State,
        f: &Function,
        dest: &Place,
        kind: AllocKind,
        size: &Expr,
        old: Option<&Expr>,
        loc: Loc,
    ) {
        let old_pointer = old.map(|e| self.value(state, f, e));
        let n = self.value(state, f, size);
        let (bits, symbolic_size) = match self.terms.as_const(n) {
            Some(b) if b > 0 && b <= 1 << 16 => (b as u32 * 8, None),
            Some(_) => {
                self.unsupported(state, "allocation of zero or more than 64 KiB", loc);
                return;
            }
            None => {
                let Some((bits, size)) =
                    self.symbolic_layout(state, n, 1, "allocation of a variable size", loc)
                else {
                    return;
                };
                (bits, Some(size))
            }
        };
        let id = ObjectId(self.object_names.len() as u32);
        if self.too_many_objects(u64::from(id.0)) {
            self.unsupported(state, "too many objects", loc);
            return;
        }
        self.object_names.push(format!("heap{id}"));
        self.steps.push(Step::Allocate {
            id,
            guard: state.guard,
            loc,
        });
        if kind != AllocKind::Alloca {
            self.heap.insert(id);
        }
        self.object_types.push(TypeTable::VOID);
        if let Some(size) = symbolic_size {
            state.sizes.insert(id, size);
        }
        let mut content = if kind == AllocKind::Calloc {
            self.terms.constant(0, bits)
        } else {
            let name = format!("heap{id}#uninit");
            let v = self.terms.input(name, bits);
            self.input_step(v, state.guard, loc);
            v
        };
        if let Some(p) = old_pointer {
            // realloc: the new block starts with the old block's bytes.
            match self.realloc_content(state, p, content, symbolic_size.is_some()) {
                Some(c) => content = c,
                None => {
                    self.unsupported(state, "realloc of a block of variable size", loc);
                    return;
                }
            }
            if self.tracks_frees() {
                self.free(state, f, p);
            }
        }
        if state.memory.len() <= id.index() {
            state.memory.resize(id.index() + 1, None);
        }
        state.memory[id.index()] = Some(content);
        state.live.remove(&id);
        let addr = self.object_address(id);
        let ty = self.program.place_type(f, dest);
        let stored = self.to_memory(addr, ty);
        self.store(state, f, dest, stored, loc);
    }
}
