//! The C library's memory functions on concrete bytes, as symbolic
//! execution models them (`symex/builtins.rs`): `free` with pointer
//! checks, `memset`, `memcpy`/`memmove` and havoc.

use super::{Interpreter, Stop};
use crate::layout::ObjectId;
use crate::symex::SafetyKind;
use lore_frontend::ir::{AllocKind, Expr, Function, Place};
use lore_frontend::source::Loc;

impl Interpreter<'_> {
    /// `free(p)`: with pointer checks, `p` must be null or the start of a
    /// heap block not yet freed. Freeing anything else changes nothing.
    pub(super) fn free(&mut self, p: u128) -> Result<(), Stop> {
        if p == 0 {
            return Ok(());
        }
        let (id, off) = self.split_pointer(p);
        if !self.heap.contains(&id) || off != 0 {
            if self.safety.pointer {
                self.fails(SafetyKind::PointerInvalidFree, Loc::NONE)?;
            }
            return Ok(());
        }
        if !self.freed.insert(id) && self.safety.pointer {
            self.fails(SafetyKind::PointerDoubleFree, Loc::NONE)?;
        }
        Ok(())
    }

    /// `memset`, `memcpy`/`memmove` and havoc on bytes (as symbolic
    /// execution: a span that does not fit its object reads unknown bytes
    /// and writes nothing).
    pub(super) fn memory_op(
        &mut self,
        op: lore_frontend::ir::MemoryOp,
        args: &[u128],
    ) -> Result<(), Stop> {
        use lore_frontend::ir::MemoryOp;
        let (dst, dst_off) = self.split_pointer(args[0]);
        if op == MemoryOp::Havoc {
            if let Some(len) = self
                .memory
                .get(&dst)
                .filter(|_| dst != ObjectId::NULL)
                .map(Vec::len)
            {
                let fresh = self.next_input(len);
                let target = self.memory.get_mut(&dst).expect("checked");
                for k in dst_off.min(len)..len {
                    target[k] = fresh[k];
                }
            }
            return Ok(());
        }
        let n = args[2] as usize;
        if n == 0 {
            return Ok(());
        }
        let bytes = if op == MemoryOp::Set {
            vec![args[1] as u8; n]
        } else {
            self.check_pointer_at(args[1], n)?;
            let (src, src_off) = self.split_pointer(args[1]);
            match self
                .memory
                .get(&src)
                .filter(|m| src != ObjectId::NULL && src_off + n <= m.len())
            {
                Some(m) => m[src_off..src_off + n].to_vec(),
                None => self.next_input(n),
            }
        };
        self.check_pointer_at(args[0], n)?;
        if let Some(m) = self
            .memory
            .get_mut(&dst)
            .filter(|m| dst != ObjectId::NULL && dst_off + n <= m.len())
        {
            m[dst_off..dst_off + n].copy_from_slice(&bytes);
        }
        Ok(())
    }

    /// `malloc`, `calloc`, `alloca` and `realloc`: a block with the id
    /// symbolic execution gave the allocation step, its address stored in
    /// `dest`.
    pub(super) fn allocate(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        dest: &Place,
        kind: AllocKind,
        size: &Expr,
        old: Option<&Expr>,
    ) -> Result<(), Stop> {
        let old_pointer = match old {
            Some(e) => Some(self.value(f, locals, e)?),
            None => None,
        };
        let n = self.value(f, locals, size)? as usize;
        let id = match self.allocations.pop_front() {
            Some(id) => id,
            None => {
                self.next_id.0 += 1;
                ObjectId(self.next_id.0 - 1)
            }
        };
        let mut bytes = if kind == AllocKind::Calloc {
            vec![0; n]
        } else {
            self.next_input(n)
        };
        if let Some(p) = old_pointer {
            // realloc: the old block's leading bytes move to the new one.
            let (old_id, old_off) = self.split_pointer(p);
            let at_start = old_off == 0;
            if let (true, true, Some(old)) = (
                at_start,
                self.heap.contains(&old_id),
                self.memory.get(&old_id),
            ) {
                let keep = old.len().min(n);
                bytes[..keep].copy_from_slice(&old[..keep]);
            }
        }
        self.memory.insert(id, bytes);
        if kind != AllocKind::Alloca {
            self.heap.insert(id);
        }
        if let Some(p) = old_pointer {
            self.free(p)?;
        }
        let ty = self.program.place_type(f, dest);
        let addr = self.address(id, 0);
        let stored = self.to_bytes(addr, ty);
        self.store(f, locals, dest, &stored)?;
        Ok(())
    }
}
