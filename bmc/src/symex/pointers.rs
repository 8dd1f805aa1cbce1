//! Accesses through addresses: the value-set analysis that bounds the
//! objects an address may name, reads and writes at a variable address
//! (shifters that narrow stage by stage), and the pointer checks.

use super::SafetyKind;
use super::{Executor, State};
use crate::layout::{self, ObjectId};
use crate::ssa::{Binary, TermId, FALSE};
use lore_frontend::source::Loc;
use rustc_hash::FxHashMap;

impl Executor<'_> {
    /// Which objects an address term may point into.
    fn targets(&mut self, t: TermId, memo: &mut FxHashMap<TermId, Targets>, depth: u32) -> Targets {
        if let Some(hit) = memo.get(&t) {
            return hit.clone();
        }
        let pw = self.pointer_bits();
        let ob = self.offset_bits();
        let result = if depth > MAX_DEPTH {
            Targets::any()
        } else {
            match self.terms.get(t).clone() {
                crate::ssa::Term::Const { value, .. } => {
                    Targets::at(layout::object_of(ob, value), layout::offset_of(ob, value))
                }
                crate::ssa::Term::Symbol(sym) => {
                    match self.terms.symbols[sym as usize].definition {
                        Some(d) => self.targets(d, memo, depth + 1),
                        None => Targets::invalid(),
                    }
                }
                crate::ssa::Term::Ite(_, a, b) => {
                    let x = self.targets(a, memo, depth + 1);
                    let y = self.targets(b, memo, depth + 1);
                    x.join(&y)
                }
                crate::ssa::Term::Binary(Binary::Add, a, b) => {
                    let x = self.targets(a, memo, depth + 1);
                    let y = self.targets(b, memo, depth + 1);
                    // A constant added to a pointer is a distance, even
                    // where its bits would read as an address (`p - 4` is
                    // `p + 0xfffffffc`).
                    if let (Some(c), false) = (self.signed_constant(b), x.is_integer()) {
                        x.shifted(c, ob, pw)
                    } else if let (Some(c), false) = (self.signed_constant(a), y.is_integer()) {
                        y.shifted(c, ob, pw)
                    } else if x.is_integer() {
                        match self.signed_constant(a) {
                            Some(c) => y.shifted(c, ob, pw),
                            None => y.offsets_unknown(),
                        }
                    } else if y.is_integer() {
                        match self.signed_constant(b) {
                            Some(c) => x.shifted(c, ob, pw),
                            None => x.offsets_unknown(),
                        }
                    } else {
                        x.join(&y).offsets_unknown()
                    }
                }
                crate::ssa::Term::Binary(Binary::Sub, a, b) => {
                    let y = self.targets(b, memo, depth + 1);
                    if y.is_integer() {
                        let x = self.targets(a, memo, depth + 1);
                        match self.signed_constant(b) {
                            Some(c) => x.shifted(-c, ob, pw),
                            None => x.offsets_unknown(),
                        }
                    } else {
                        Targets::any()
                    }
                }
                crate::ssa::Term::Binary(Binary::Mul, ..) => Targets::known(ObjectId::NULL),
                crate::ssa::Term::ZeroExtend(x, _) | crate::ssa::Term::SignExtend(x, _)
                    if self.terms.width(x) < pw =>
                {
                    Targets::known(ObjectId::NULL)
                }
                crate::ssa::Term::Extract { term, low, width } if width == pw => {
                    let inner = self.terms.get(term).clone();
                    match inner {
                        crate::ssa::Term::Ite(_, a, b) => {
                            let ea = self.terms.extract(a, low, width);
                            let eb = self.terms.extract(b, low, width);
                            let x = self.targets(ea, memo, depth + 1);
                            let y = self.targets(eb, memo, depth + 1);
                            x.join(&y)
                        }
                        crate::ssa::Term::Symbol(sym) => {
                            match self.terms.symbols[sym as usize].definition {
                                Some(d) => {
                                    let e = self.terms.extract(d, low, width);
                                    if e == t {
                                        Targets::any()
                                    } else {
                                        self.targets(e, memo, depth + 1)
                                    }
                                }
                                None => Targets::invalid(),
                            }
                        }
                        _ => Targets::any(),
                    }
                }
                crate::ssa::Term::Extract { width, .. } if width < ob => {
                    Targets::known(ObjectId::NULL)
                }
                _ => Targets::any(),
            }
        };
        memo.insert(t, result.clone());
        result
    }

    /// The value set of an address term. Terms never change, so what the
    /// analysis found for a term holds for the rest of the execution: it is
    /// kept across accesses (each access used to walk the whole history of
    /// the memory it reads again).
    fn value_set(&mut self, addr: TermId) -> Targets {
        let mut memo = std::mem::take(&mut self.value_sets);
        let t = self.targets(addr, &mut memo, 0);
        self.value_sets = memo;
        t
    }

    /// A constant term as a signed number of its width (pointer arithmetic
    /// adds two's-complement offsets).
    fn signed_constant(&self, t: TermId) -> Option<i128> {
        let v = self.terms.as_const(t)?;
        let w = self.terms.width(t);
        Some(if w < 128 && v >> (w - 1) & 1 == 1 {
            v as i128 - (1i128 << w)
        } else {
            v as i128
        })
    }

    /// The objects to consider for an access at `addr`, and whether an
    /// address may point to no object (the access is then unknown).
    pub(super) fn candidates(&mut self, state: &State, addr: TermId) -> Vec<ObjectId> {
        let t = self.value_set(addr);
        self.candidates_of(state, &t)
    }

    fn candidates_of(&mut self, state: &State, t: &Targets) -> Vec<ObjectId> {
        let existing = |id: ObjectId| {
            id != ObjectId::NULL && state.memory.get(id.index()).copied().flatten().is_some()
        };
        if t.any {
            self.accesses.lost_track += 1;
            (1..state.memory.len() as u32)
                .map(ObjectId)
                .filter(|&id| existing(id))
                .collect()
        } else {
            t.ids.keys().copied().filter(|&id| existing(id)).collect()
        }
    }

    /// The condition that an address's object field (`obj_field`) names
    /// object `id` and that the object exists on the path (see `State::live`).
    pub(super) fn names_object(
        &mut self,
        state: &State,
        obj_field: TermId,
        id: ObjectId,
    ) -> TermId {
        let width = self.pointer_bits() - self.offset_bits();
        let idc = self.terms.constant(u128::from(id.0), width);
        let same = self.terms.binary(Binary::Eq, obj_field, idc);
        match state.live.get(&id) {
            Some(&live) => self.terms.and(same, live),
            None => same,
        }
    }

    /// The objects an access of `span` bits at `addr` may touch, each with the
    /// condition that it does: the address names the object and the whole
    /// span lies inside it.
    ///
    /// Where the value set knows the offset inside an object (the same on
    /// every path that names it: `p = c ? &s.f : &t.f`), that constant is
    /// the offset: equal to the address's offset whenever it names the
    /// object, and the access is a slice of the object, not a shifter.
    fn indirect_hits(
        &mut self,
        state: &State,
        addr: TermId,
        span: u32,
    ) -> Vec<(ObjectId, TermId, TermId)> {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let obj_field = self.terms.extract(addr, ob, pw - ob);
        let any_off = self.terms.extract(addr, 0, ob);
        let mut hits = Vec::new();
        let targets = self.value_set(addr);
        for id in self.candidates_of(state, &targets) {
            let obj = state.memory[id.index()].expect("candidate exists");
            let w = self.terms.width(obj);
            if w < span {
                continue;
            }
            let same = self.names_object(state, obj_field, id);
            // One case per offset the value set knows (the address's own
            // offset where it knows none); with one offset, naming the
            // object implies it.
            let cases: Vec<(TermId, TermId)> = match targets.offsets_in(id) {
                Some(ks) if ks.len() == 1 => {
                    let k = self.terms.constant(*ks.first().expect("one"), ob);
                    vec![(k, same)]
                }
                Some(ks) => ks
                    .iter()
                    .map(|&k| {
                        let k = self.terms.constant(k, ob);
                        let here = self.terms.binary(Binary::Eq, any_off, k);
                        (k, self.terms.and(same, here))
                    })
                    .collect(),
                None => vec![(any_off, same)],
            };
            for (off, same) in cases {
                let max = self.terms.constant(u128::from((w - span) / 8), ob);
                let mut inside = self.terms.binary(Binary::Ule, off, max);
                if let Some(&size) = state.sizes.get(&id) {
                    // Inside the run-time size too: off + span bytes <= size.
                    let wide_off = self.terms.zext(off, ob + 1);
                    let bytes = self.terms.constant(u128::from(span.div_ceil(8)), ob + 1);
                    let end = self.terms.binary(Binary::Add, wide_off, bytes);
                    let size = self.terms.zext(size, ob + 1);
                    let fits = self.terms.binary(Binary::Ule, end, size);
                    inside = self.terms.and(inside, fits);
                }
                let hit = self.terms.and(same, inside);
                if hit != FALSE {
                    hits.push((id, hit, off));
                }
            }
        }
        hits
    }

    /// An address that may come from nowhere (an input: an uninitialised
    /// or nondet pointer, one read out of bounds, or a pointer plus such
    /// an input) names only the objects its value set knows, or none: an
    /// access through it reads an unknown value where it names none, and
    /// its write goes nowhere, as in CBMC, where such a pointer points to
    /// the invalid object. From the access on, the paths assume the address
    /// is null, names a known object, or names an object number past every
    /// object made so far, so that a counterexample's run, which reads and
    /// writes the object an address names, takes the same path (an address
    /// read out of bounds that named a list node made models no run has).
    fn from_nowhere_names_no_other(&mut self, state: &mut State, addr: TermId) {
        if !self.options.wild_addresses_name_nothing_else {
            return;
        }
        let targets = self.value_set(addr);
        if !targets.invalid || targets.any {
            return;
        }
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let width = pw - ob;
        let obj_field = self.terms.extract(addr, ob, width);
        let zero = self.terms.constant(0, width);
        let mut allowed = self.terms.binary(Binary::Eq, obj_field, zero);
        let made = state.memory.len() as u128;
        if made >> width == 0 {
            let made = self.terms.constant(made, width);
            let past = self.terms.binary(Binary::Ule, made, obj_field);
            allowed = self.terms.or(allowed, past);
        }
        for id in self.candidates_of(state, &targets) {
            let k = self.terms.constant(u128::from(id.0), width);
            let named = self.terms.binary(Binary::Eq, obj_field, k);
            allowed = self.terms.or(allowed, named);
        }
        state.guard = self.terms.and(state.guard, allowed);
        self.steps.push(super::Step::Assume {
            guard: state.guard,
            loc: self.at,
        });
    }

    /// Pointer checks of an access whose possible objects are `hits`: the
    /// address is not null, names a live object with the access inside it,
    /// and that object is not a freed heap block.
    fn pointer_checks(
        &mut self,
        state: &mut State,
        addr: TermId,
        hits: &[(ObjectId, TermId, TermId)],
    ) {
        let Some(frame) = state.frames.last() else {
            return;
        };
        let function = self.program.function(frame.function);
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        let obj_field = self.terms.extract(addr, ob, pw - ob);
        let zero_id = self.terms.constant(0, pw - ob);
        let null = self.terms.binary(Binary::Eq, obj_field, zero_id);
        let mut any_hit = FALSE;
        let mut freed = FALSE;
        for &(id, hit, _) in hits {
            any_hit = self.terms.or(any_hit, hit);
            if let Some(&fr) = state.freed.get(&id) {
                let bad = self.terms.and(hit, fr);
                freed = self.terms.or(freed, bad);
            }
        }
        let not_null = self.terms.not(null);
        let miss = self.terms.not(any_hit);
        let invalid = self.terms.and(not_null, miss);
        self.safety(
            state,
            function,
            SafetyKind::PointerNull,
            "dereference of a null pointer",
            null,
        );
        self.safety(
            state,
            function,
            SafetyKind::PointerInvalid,
            "dereference of a pointer to no object, or outside its object",
            invalid,
        );
        self.safety(
            state,
            function,
            SafetyKind::PointerFreed,
            "dereference of freed heap memory",
            freed,
        );
    }

    /// How many low bits of a byte offset select among the places where
    /// `span` bits fit in an object of `width` bits (higher offsets miss).
    fn offset_stages(&self, off: TermId, width: u32, span: u32) -> u32 {
        let positions = (width - span) / 8 + 1;
        (u32::BITS - (positions - 1).leading_zeros()).min(self.terms.width(off))
    }

    /// `len` bits of `t` from bit `from`, zero beyond its end.
    fn window(&mut self, t: TermId, from: u32, len: u32) -> TermId {
        let w = self.terms.width(t);
        if from >= w {
            self.terms.constant(0, len)
        } else if from + len <= w {
            self.terms.extract(t, from, len)
        } else {
            let part = self.terms.extract(t, from, w - from);
            self.terms.zext(part, len)
        }
    }

    /// `bits` bits of `obj` at byte `off` (a term) plus `extra` bits. The
    /// shifter takes the offset's bits from the highest down and keeps at
    /// each stage only the bits that later stages can still reach, so it
    /// costs about twice the object's width in multiplexers, not its width
    /// times the number of stages. Offsets past the end give don't-care bits
    /// (the caller's hit condition excludes them).
    fn extract_at(&mut self, obj: TermId, off: TermId, bits: u32, extra: u32) -> TermId {
        let w = self.terms.width(obj);
        let mut cur = self.terms.extract(obj, extra, w - extra);
        for s in (0..self.offset_stages(off, w - extra, bits)).rev() {
            let step = 8u32 << s;
            let need = bits + (step - 8);
            let bit = self.terms.extract(off, s, 1);
            let moved = self.window(cur, step, need);
            let kept = self.window(cur, 0, need);
            cur = self.terms.ite(bit, moved, kept);
        }
        self.window(cur, 0, bits)
    }

    /// `obj` with `value` written at byte `off` (a term) plus `extra` bits:
    /// the value and its mask move up stage by stage from the lowest offset
    /// bit, growing only as far as they can reach (see `extract_at`).
    fn update_at(&mut self, obj: TermId, off: TermId, value: TermId, extra: u32) -> TermId {
        let w = self.terms.width(obj);
        let bits = self.terms.width(value);
        // All ones, built from constants of at most 128 bits.
        let mut m = self.terms.constant(u128::MAX, bits.min(128));
        while self.terms.width(m) < bits {
            let more = self
                .terms
                .constant(u128::MAX, (bits - self.terms.width(m)).min(128));
            m = self.terms.concat(more, m);
        }
        let mut v = value;
        if extra > 0 {
            let zeros = self.terms.constant(0, extra);
            v = self.terms.concat(v, zeros);
            m = self.terms.concat(m, zeros);
        }
        for s in 0..self.offset_stages(off, w - extra, bits) {
            let step = 8u32 << s;
            let bit = self.terms.extract(off, s, 1);
            let zeros = self.terms.constant(0, step);
            let grown = (self.terms.width(v) + step).min(w);
            let (v_up, m_up) = (self.terms.concat(v, zeros), self.terms.concat(m, zeros));
            let (v_up, m_up) = (self.window(v_up, 0, grown), self.window(m_up, 0, grown));
            let (v_stay, m_stay) = (self.window(v, 0, grown), self.window(m, 0, grown));
            v = self.terms.ite(bit, v_up, v_stay);
            m = self.terms.ite(bit, m_up, m_stay);
        }
        let v = self.window(v, 0, w);
        let m = self.window(m, 0, w);
        let keep = self.terms.not(m);
        let kept = self.terms.binary(Binary::And, obj, keep);
        self.terms.binary(Binary::Or, kept, v)
    }

    /// Counts an access through an address reaching `targets` at offset `off`.
    fn count_indirect(
        &mut self,
        state: &State,
        targets: &[(ObjectId, TermId, TermId)],
        write: Option<u32>,
    ) {
        let at = self.at;
        self.accesses.reached(targets.len() as u64, at);
        if targets.iter().any(|t| self.terms.as_const(t.2).is_none()) {
            self.accesses.shifted += 1;
        }
        if let Some(written) = write {
            // A write at a known offset chooses only the bits it writes.
            let bits: u64 = targets
                .iter()
                .filter_map(|&(id, _, off)| {
                    let obj = state.memory[id.index()]?;
                    Some(u64::from(if self.terms.as_const(off).is_some() {
                        written
                    } else {
                        self.terms.width(obj)
                    }))
                })
                .sum();
            self.accesses.chosen_bits += bits;
        }
    }

    /// Reads `bits` at a byte address (plus `bit_extra`), over every object
    /// it may point into; `deref`: through a C pointer, so pointer checks
    /// apply (when on).
    pub(super) fn read_indirect(
        &mut self,
        state: &mut State,
        addr: TermId,
        bits: u32,
        bit_extra: u32,
        deref: bool,
    ) -> TermId {
        let targets = self.indirect_hits(state, addr, bits + bit_extra);
        if deref && self.options.pointer_check {
            self.pointer_checks(state, addr, &targets);
        }
        self.count_indirect(state, &targets, None);
        self.from_nowhere_names_no_other(state, addr);
        let mut hits = Vec::new();
        for (id, hit, off) in targets {
            let obj = state.memory[id.index()].expect("candidate exists");
            let value = match self.terms.as_const(off) {
                Some(o) => self.terms.extract(obj, (o as u32) * 8 + bit_extra, bits),
                None => self.extract_at(obj, off, bits, bit_extra),
            };
            hits.push((hit, value));
        }
        let any_hit = hits
            .iter()
            .fold(FALSE, |acc, (h, _)| self.terms.or(acc, *h));
        let miss = self.terms.not(any_hit);
        let mut result = if miss == FALSE {
            hits.last().map(|h| h.1).unwrap_or(FALSE)
        } else {
            self.out_of_bounds_value(state, miss, bits)
        };
        for (hit, value) in hits.into_iter().rev() {
            result = self.terms.ite(hit, value, result);
        }
        result
    }

    /// Writes `value` at a byte address (plus `bit_extra`) into every object
    /// it may point into (`deref` as for `read_indirect`).
    pub(super) fn write_indirect(
        &mut self,
        state: &mut State,
        addr: TermId,
        value: TermId,
        bit_extra: u32,
        deref: bool,
        loc: Loc,
    ) {
        let bits = self.terms.width(value);
        let targets = self.indirect_hits(state, addr, bits + bit_extra);
        if deref && self.options.pointer_check {
            self.pointer_checks(state, addr, &targets);
        }
        self.count_indirect(state, &targets, Some(bits));
        self.from_nowhere_names_no_other(state, addr);
        for (id, hit, off) in targets {
            let obj = state.memory[id.index()].expect("candidate exists");
            let new = match self.terms.as_const(off) {
                // At a known offset only the written bits choose between
                // the new value and the old: the rest of the object stays
                // the same term (CBMC's field-sensitive update, for free).
                Some(o) => {
                    let at = (o as u32) * 8 + bit_extra;
                    let old = self.terms.extract(obj, at, self.terms.width(value));
                    let chosen = self.terms.ite(hit, value, old);
                    self.terms.update(obj, at, chosen)
                }
                None => {
                    let updated = self.update_at(obj, off, value, bit_extra);
                    self.terms.ite(hit, updated, obj)
                }
            };
            let name = self.object_names[id.index()].clone();
            let named = self.defined(&name, new, loc);
            state.memory[id.index()] = Some(named);
        }
    }
}

/// How deep the value-set analysis follows an address term (if-then-else
/// chains grow with the unwinding) before it gives up (any object).
const MAX_DEPTH: u32 = 1000;

/// At most this many offsets are kept per object in a value set; more
/// become "unknown" (a shifter over the object).
const MAX_OFFSETS: usize = 8;

/// The objects an address may point into, each with the byte offsets
/// inside it that the address can have when it names it (CBMC's value sets
/// of object and offset pairs).
#[derive(Clone, Debug, Default)]
pub(super) struct Targets {
    /// Each object, with the set of its offsets (`None`: unknown).
    ids: std::collections::BTreeMap<ObjectId, Option<std::collections::BTreeSet<u128>>>,
    /// It may point to no object (an uninitialised or nondet pointer).
    invalid: bool,
    /// The analysis lost track: any object.
    any: bool,
}

impl Targets {
    fn known(id: ObjectId) -> Targets {
        Targets {
            ids: [(id, None)].into_iter().collect(),
            ..Targets::default()
        }
    }

    /// The constant address `id` + `offset`.
    fn at(id: ObjectId, offset: u128) -> Targets {
        Targets {
            ids: [(id, Some([offset].into_iter().collect()))]
                .into_iter()
                .collect(),
            ..Targets::default()
        }
    }

    fn invalid() -> Targets {
        Targets {
            invalid: true,
            ..Targets::default()
        }
    }

    fn any() -> Targets {
        Targets {
            any: true,
            ..Targets::default()
        }
    }

    /// A plain integer (object 0): an offset, not a pointer.
    fn is_integer(&self) -> bool {
        !self.any && !self.invalid && self.ids.len() == 1 && self.ids.contains_key(&ObjectId::NULL)
    }

    fn join(&self, other: &Targets) -> Targets {
        let mut ids = self.ids.clone();
        for (&id, theirs) in &other.ids {
            let merged = match (ids.get(&id), theirs) {
                (None, t) => t.clone(),
                (Some(Some(a)), Some(b)) => {
                    let u: std::collections::BTreeSet<u128> = a.union(b).copied().collect();
                    (u.len() <= MAX_OFFSETS).then_some(u)
                }
                (Some(_), _) => None,
            };
            ids.insert(id, merged);
        }
        Targets {
            ids,
            invalid: self.invalid || other.invalid,
            any: self.any || other.any,
        }
    }

    /// The same objects, offsets forgotten (an unknown integer was added).
    fn offsets_unknown(mut self) -> Targets {
        for off in self.ids.values_mut() {
            *off = None;
        }
        self
    }

    /// The address plus `delta` bytes. A known offset moves exactly, with
    /// the carry into the object field that the pointer arithmetic makes
    /// (`&g - 4` is object `g - 1` at its last offsets, `NULL - 4` a
    /// high address of no object); an unknown one stays unknown.
    fn shifted(self, delta: i128, offset_bits: u32, pointer_bits: u32) -> Targets {
        let mut moved = Targets {
            ids: Default::default(),
            invalid: self.invalid,
            any: self.any,
        };
        let modulus = 1i128 << pointer_bits;
        for (id, offs) in self.ids {
            let one = match offs {
                None => Targets {
                    ids: [(id, None)].into_iter().collect(),
                    ..Targets::default()
                },
                Some(set) => {
                    let mut t = Targets::default();
                    for o in set {
                        let address = (i128::from(id.0) << offset_bits) + o as i128 + delta;
                        let address = address.rem_euclid(modulus) as u128;
                        t = t.join(&Targets::at(
                            layout::object_of(offset_bits, address),
                            layout::offset_of(offset_bits, address),
                        ));
                    }
                    t
                }
            };
            moved = moved.join(&one);
        }
        moved
    }

    /// The offsets inside `id` that the address can have when it names it,
    /// if the analysis knows them. An invalid value (uninitialised, nondet,
    /// or read through an access that reached no object) points to no
    /// object in this memory model, as in CBMC's: where it happens to equal
    /// some object's address, the access is taken at the offsets the valid
    /// values have (those executions have undefined behaviour, and
    /// `--pointer-check` reports the access that made the value).
    fn offsets_in(&self, id: ObjectId) -> Option<&std::collections::BTreeSet<u128>> {
        if self.any {
            return None;
        }
        self.ids.get(&id).and_then(Option::as_ref)
    }
}
