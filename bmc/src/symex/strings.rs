//! The C string functions in symbolic execution: `strlen`, `strcmp`,
//! `strncmp`, `strcpy`, `strchr`, `strrchr`, `memchr` and `memcmp`,
//! computed on the bytes of the objects their pointers may point into, so
//! they are bounded by those objects' sizes and need no loop (and no
//! unwinding). A read past the object a pointer names (a string not
//! terminated inside its object, `n` bytes that are not all there; C:
//! undefined behaviour), or a copy that does not fit its destination, ends
//! the path as unsupported: UNKNOWN, never a guess. `interp/strings.rs`
//! computes the same functions on concrete bytes.

use super::{Executor, State};
use crate::layout::ObjectId;
use crate::ssa::{Binary, TermId, FALSE, TRUE};
use lore_frontend::ir::{Function, Place, StringOp};
use lore_frontend::source::Loc;

/// The bytes from a pointer to the end of one object it may point into.
struct Window {
    id: ObjectId,
    /// The pointer's byte offset (in the object it names).
    off: TermId,
    /// The pointer names this object.
    names: TermId,
    /// Byte k from the pointer on (bits past the object's end are
    /// don't-care: `inside` excludes them).
    bytes: Vec<TermId>,
    /// Byte k is inside the object (its run-time size included).
    inside: Vec<TermId>,
}

/// Where a string function's reading ends.
#[derive(Copy, Clone)]
struct Bounds {
    /// At most this many bytes (`n` of `strncmp`, `memcmp`, `memchr`).
    limit: Option<TermId>,
    /// At the terminator.
    nul: bool,
    /// Every byte below the limit is read, whatever decides the result
    /// (memcmp: as ASan's `strict_memcmp` and CBMC assume).
    whole: bool,
}

impl Bounds {
    const STRING: Bounds = Bounds {
        limit: None,
        nul: true,
        whole: false,
    };
}

impl Executor<'_> {
    pub(super) fn string_op(
        &mut self,
        state: &mut State,
        f: &Function,
        op: StringOp,
        dest: Option<&Place>,
        args: &[TermId],
        loc: Loc,
    ) {
        match op {
            StringOp::Length => {
                let windows = self.windows(state, args[0]);
                let (len, bad) = self.length(&windows);
                self.unsupported_where(
                    state,
                    bad,
                    "a string not terminated inside its object",
                    loc,
                );
                self.store_result(state, f, dest, len, loc);
            }
            StringOp::Compare => {
                let a = self.windows(state, args[0]);
                let b = self.windows(state, args[1]);
                let (diff, bad) = self.compare(&a, &b, Bounds::STRING);
                self.unsupported_where(
                    state,
                    bad,
                    "a string not terminated inside its object",
                    loc,
                );
                self.store_result(state, f, dest, diff, loc);
            }
            StringOp::CompareN | StringOp::MemCompare => {
                let a = self.windows(state, args[0]);
                let b = self.windows(state, args[1]);
                let memory = op == StringOp::MemCompare;
                let bounds = Bounds {
                    limit: Some(args[2]),
                    nul: !memory,
                    whole: memory,
                };
                let (diff, bad) = self.compare(&a, &b, bounds);
                let why = if memory {
                    "memcmp past the end of an object"
                } else {
                    "a string not terminated inside its object"
                };
                self.unsupported_where(state, bad, why, loc);
                self.store_result(state, f, dest, diff, loc);
            }
            StringOp::Find | StringOp::FindLast | StringOp::MemFind => {
                let windows = self.windows(state, args[0]);
                let byte = self.terms.extract(args[1], 0, 8);
                let bounds = match op {
                    StringOp::MemFind => Bounds {
                        limit: Some(args[2]),
                        nul: false,
                        whole: false,
                    },
                    _ => Bounds::STRING,
                };
                let last = op == StringOp::FindLast;
                let (at, bad) = self.find(args[0], &windows, byte, bounds, last);
                let why = if op == StringOp::MemFind {
                    "memchr past the end of an object"
                } else {
                    "a string not terminated inside its object"
                };
                self.unsupported_where(state, bad, why, loc);
                self.store_result(state, f, dest, at, loc);
            }
            StringOp::Copy => {
                let source = self.windows(state, args[1]);
                let (len, bad) = self.length(&source);
                self.unsupported_where(
                    state,
                    bad,
                    "a string not terminated inside its object",
                    loc,
                );
                let targets = self.windows(state, args[0]);
                self.copy(state, &targets, &source, len, loc);
            }
        }
    }

    fn store_result(
        &mut self,
        state: &mut State,
        f: &Function,
        dest: Option<&Place>,
        value: TermId,
        loc: Loc,
    ) {
        if state.guard == FALSE {
            return;
        }
        if let Some(d) = dest {
            let ty = self.program.place_type(f, d);
            let bits = self.value_bits(ty);
            let v = self.terms.zext(value, bits);
            self.store(state, f, d, v, loc);
        }
    }

    fn windows(&mut self, state: &State, p: TermId) -> Vec<Window> {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let p = self.terms.zext(p, pw);
        let obj_field = self.terms.extract(p, ob, pw - ob);
        let off = self.terms.extract(p, 0, ob);
        let wide_off = self.terms.zext(off, ob + 1);
        let mut out = Vec::new();
        for id in self.candidates(state, p) {
            let obj = state.memory[id.index()].expect("candidate exists");
            let n = self.terms.width(obj) / 8;
            let names = self.names_object(state, obj_field, id);
            if names == FALSE || n == 0 {
                continue;
            }
            let (window, len) = match self.terms.as_const(off) {
                Some(o) if o < u128::from(n) => {
                    let o = o as u32;
                    (self.terms.extract(obj, o * 8, (n - o) * 8), n - o)
                }
                Some(_) => continue,
                // The object shifted down to the pointer (a barrel shifter
                // over its bits; bytes shifted in from above are outside).
                None => {
                    let three = self.terms.constant(0, 3);
                    let bits = self.terms.concat(off, three);
                    (self.terms.binary(Binary::LShr, obj, bits), n)
                }
            };
            let size = match state.sizes.get(&id) {
                Some(&s) => self.terms.zext(s, ob + 1),
                None => self.terms.constant(u128::from(n), ob + 1),
            };
            let mut bytes = Vec::with_capacity(len as usize);
            let mut inside = Vec::with_capacity(len as usize);
            for k in 0..len {
                bytes.push(self.terms.extract(window, k * 8, 8));
                let kc = self.terms.constant(u128::from(k), ob + 1);
                let at = self.terms.binary(Binary::Add, wide_off, kc);
                inside.push(self.terms.binary(Binary::Ult, at, size));
            }
            out.push(Window {
                id,
                off,
                names,
                bytes,
                inside,
            });
        }
        out
    }

    /// The string's length (64 bits) and where it has no terminator inside
    /// the object the pointer names (or names none).
    fn length(&mut self, windows: &[Window]) -> (TermId, TermId) {
        let mut result = self.terms.constant(0, 64);
        let mut good = FALSE;
        for w in windows {
            let zero = self.terms.constant(0, 8);
            let mut len = self.terms.constant(0, 64);
            let mut found = FALSE;
            for k in (0..w.bytes.len()).rev() {
                let is_zero = self.terms.binary(Binary::Eq, w.bytes[k], zero);
                let ends = self.terms.and(w.inside[k], is_zero);
                let kc = self.terms.constant(k as u128, 64);
                len = self.terms.ite(ends, kc, len);
                found = self.terms.or(found, ends);
            }
            result = self.terms.ite(w.names, len, result);
            let here = self.terms.and(w.names, found);
            good = self.terms.or(good, here);
        }
        (result, self.terms.not(good))
    }

    /// `k < n` for the byte index `k` under `bounds`' limit (true without one).
    fn within(&mut self, bounds: Bounds, k: usize) -> TermId {
        match bounds.limit {
            None => TRUE,
            Some(n) => {
                let kc = self.terms.constant(k as u128, self.terms.width(n));
                self.terms.binary(Binary::Ult, kc, n)
            }
        }
    }

    /// strcmp, strncmp, memcmp: the difference of the first differing
    /// bytes (as unsigned char, in an int), 0 when equal through the
    /// terminator (`bounds.nul`) or the limit; and where a byte the
    /// function reads is outside either object (with `bounds.whole`, all
    /// bytes below the limit are read).
    fn compare(&mut self, a: &[Window], b: &[Window], bounds: Bounds) -> (TermId, TermId) {
        let mut result = self.terms.constant(0, 32);
        let mut good = FALSE;
        let zero = self.terms.constant(0, 8);
        let zero32 = self.terms.constant(0, 32);
        for wa in a {
            for wb in b {
                let names = self.terms.and(wa.names, wb.names);
                if names == FALSE {
                    continue;
                }
                let n = wa.bytes.len().min(wb.bytes.len());
                let mut diff = zero32;
                for k in (0..n).rev() {
                    let (x, y) = (wa.bytes[k], wb.bytes[k]);
                    let (x32, y32) = (self.terms.zext(x, 32), self.terms.zext(y, 32));
                    let d = self.terms.binary(Binary::Sub, x32, y32);
                    let same = self.terms.binary(Binary::Eq, x, y);
                    let next = if bounds.nul {
                        let end = self.terms.binary(Binary::Eq, x, zero);
                        self.terms.ite(end, zero32, diff)
                    } else {
                        diff
                    };
                    let here = self.terms.ite(same, next, d);
                    let within = self.within(bounds, k);
                    diff = self.terms.ite(within, here, zero32);
                }
                // Decided inside both objects?
                let mut undecided = TRUE;
                let mut bad = FALSE;
                for k in 0..n {
                    let within = self.within(bounds, k);
                    let reads = if bounds.whole { TRUE } else { undecided };
                    let active = self.terms.and(reads, within);
                    let both = self.terms.and(wa.inside[k], wb.inside[k]);
                    let out = self.terms.not(both);
                    let runs_out = self.terms.and(active, out);
                    bad = self.terms.or(bad, runs_out);
                    let (x, y) = (wa.bytes[k], wb.bytes[k]);
                    let differ = self.terms.binary(Binary::Eq, x, y);
                    let differ = self.terms.not(differ);
                    let decided = if bounds.nul {
                        let end = self.terms.binary(Binary::Eq, x, zero);
                        self.terms.or(differ, end)
                    } else {
                        differ
                    };
                    let open = self.terms.not(decided);
                    let go_on = self.terms.and(both, open);
                    let go_on = self.terms.and(within, go_on);
                    undecided = self.terms.and(undecided, go_on);
                }
                // Still reading past the shorter window?
                let past = if bounds.whole {
                    self.within(bounds, n)
                } else {
                    let within = self.within(bounds, n);
                    self.terms.and(undecided, within)
                };
                bad = self.terms.or(bad, past);
                result = self.terms.ite(names, diff, result);
                let ok = self.terms.not(bad);
                let here = self.terms.and(names, ok);
                good = self.terms.or(good, here);
            }
        }
        (result, self.terms.not(good))
    }

    /// strchr, strrchr, memchr: `p` plus the index of the first (`last`:
    /// the last) byte equal to `byte` before the search ends — at the
    /// terminator, which is itself a match for 0 (`bounds.nul`), or at the
    /// limit —, or a null pointer; and where the search reads past the
    /// object the pointer names.
    fn find(
        &mut self,
        p: TermId,
        windows: &[Window],
        byte: TermId,
        bounds: Bounds,
        last: bool,
    ) -> (TermId, TermId) {
        let pw = self.pointer_bits();
        let p = self.terms.zext(p, pw);
        let zero = self.terms.constant(0, 8);
        let null = self.terms.constant(0, pw);
        let mut result = null;
        let mut good = FALSE;
        for w in windows {
            let mut at = null;
            let mut open = TRUE;
            let mut bad = FALSE;
            for k in 0..w.bytes.len() {
                let within = self.within(bounds, k);
                let active = self.terms.and(open, within);
                let out = self.terms.not(w.inside[k]);
                let runs_out = self.terms.and(active, out);
                bad = self.terms.or(bad, runs_out);
                let here = self.terms.and(active, w.inside[k]);
                let equal = self.terms.binary(Binary::Eq, w.bytes[k], byte);
                let hit = self.terms.and(here, equal);
                let kc = self.terms.constant(k as u128, pw);
                let address = self.terms.binary(Binary::Add, p, kc);
                at = self.terms.ite(hit, address, at);
                let mut stop = if last { FALSE } else { equal };
                if bounds.nul {
                    let end = self.terms.binary(Binary::Eq, w.bytes[k], zero);
                    stop = self.terms.or(stop, end);
                }
                let go_on = self.terms.not(stop);
                open = self.terms.and(here, go_on);
            }
            let within = self.within(bounds, w.bytes.len());
            let past = self.terms.and(open, within);
            bad = self.terms.or(bad, past);
            result = self.terms.ite(w.names, at, result);
            let ok = self.terms.not(bad);
            let here = self.terms.and(w.names, ok);
            good = self.terms.or(good, here);
        }
        (result, self.terms.not(good))
    }

    /// strcpy: bytes 0..=len of the source into each object the
    /// destination may name; a copy that does not fit ends the path.
    fn copy(
        &mut self,
        state: &mut State,
        targets: &[Window],
        source: &[Window],
        len: TermId,
        loc: Loc,
    ) {
        if state.guard == FALSE {
            return;
        }
        let mut fits_somewhere = FALSE;
        let mut updates = Vec::new();
        for t in targets {
            // The terminator's byte, len, must be inside the destination.
            let mut fits = FALSE;
            let mut bytes = Vec::with_capacity(t.bytes.len());
            for k in 0..t.bytes.len() {
                let kc = self.terms.constant(k as u128, 64);
                let is_end = self.terms.binary(Binary::Eq, len, kc);
                let end_inside = self.terms.and(is_end, t.inside[k]);
                fits = self.terms.or(fits, end_inside);
                let copied = self.terms.binary(Binary::Ule, kc, len);
                let mut from = self.terms.constant(0, 8);
                for s in source {
                    if let Some(&b) = s.bytes.get(k) {
                        from = self.terms.ite(s.names, b, from);
                    }
                }
                bytes.push(self.terms.ite(copied, from, t.bytes[k]));
            }
            let here = self.terms.and(t.names, fits);
            fits_somewhere = self.terms.or(fits_somewhere, here);
            updates.push((t.id, t.off, t.names, bytes));
        }
        let bad = self.terms.not(fits_somewhere);
        self.unsupported_where(state, bad, "strcpy past the end of its destination", loc);
        if state.guard == FALSE {
            return;
        }
        for (id, off, names, bytes) in updates {
            let mut window = bytes[0];
            for &b in &bytes[1..] {
                window = self.terms.concat(b, window);
            }
            let obj = state.memory[id.index()].expect("candidate exists");
            // The window starts at the pointer's offset in this object.
            let updated = match self.terms.as_const(off) {
                Some(o) => self.terms.update(obj, (o as u32) * 8, window),
                None => {
                    // As wide as the object: shifted up by the offset, over
                    // the object's bits from there on (the window's top
                    // bytes, read from beyond the object, fall off).
                    let three = self.terms.constant(0, 3);
                    let bits = self.terms.concat(off, three);
                    let zeros = self.terms.constant(0, self.terms.width(obj));
                    let ones = self.terms.not(zeros);
                    let above = self.terms.binary(Binary::Shl, ones, bits);
                    let below = self.terms.not(above);
                    let kept = self.terms.binary(Binary::And, obj, below);
                    let moved = self.terms.binary(Binary::Shl, window, bits);
                    self.terms.binary(Binary::Or, kept, moved)
                }
            };
            let new = self.terms.ite(names, updated, obj);
            let name = self.object_names[id.index()].clone();
            let named = self.defined(&name, new, loc);
            state.memory[id.index()] = Some(named);
        }
    }
}
