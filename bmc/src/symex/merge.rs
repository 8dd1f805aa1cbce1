//! Merging the states of paths that meet at a join: values, sizes,
//! liveness, freed blocks and event words become if-then-else terms over
//! the first state's guard.

use super::{Executor, State};
use crate::layout::ObjectId;
use crate::ssa::{TermId, FALSE, TRUE};
use lore_frontend::source::Loc;
use rustc_hash::FxHashMap;

impl Executor<'_> {
    /// Merges two states at a join (their guards are disjoint).
    pub(super) fn merge(&mut self, a: State, b: State) -> State {
        if a.guard == FALSE {
            return b;
        }
        if b.guard == FALSE {
            return a;
        }
        let guard = self.terms.or(a.guard, b.guard);
        let n = a.memory.len().max(b.memory.len());
        let mut memory = Vec::with_capacity(n);
        let mut sizes = FxHashMap::default();
        let mut live = FxHashMap::default();
        for id in 0..n {
            let x = a.memory.get(id).copied().flatten();
            let y = b.memory.get(id).copied().flatten();
            memory.push(match (x, y) {
                (Some(x), Some(y)) if x != y => {
                    // A variable-length array declared with different sizes on
                    // the two paths: one layout for both, each path's size kept.
                    let (wx, wy) = (self.terms.width(x), self.terms.width(y));
                    let key = ObjectId(id as u32);
                    if wx != wy || a.sizes.contains_key(&key) || b.sizes.contains_key(&key) {
                        let sx = self.object_size(&a, key, x);
                        let sy = self.object_size(&b, key, y);
                        sizes.insert(key, self.terms.ite(a.guard, sx, sy));
                    }
                    let w = wx.max(wy);
                    let (x, y) = (self.terms.zext(x, w), self.terms.zext(y, w));
                    let v = self.terms.ite(a.guard, x, y);
                    let name = self.object_names[id].clone();
                    Some(self.defined(&name, v, Loc::NONE))
                }
                (Some(_), _) => {
                    if let Some(&s) = a.sizes.get(&ObjectId(id as u32)) {
                        sizes.insert(ObjectId(id as u32), s);
                    }
                    x
                }
                (None, _) => {
                    if let Some(&s) = b.sizes.get(&ObjectId(id as u32)) {
                        sizes.insert(ObjectId(id as u32), s);
                    }
                    y
                }
            });
            // An object made on only one of the paths exists only there.
            let key = ObjectId(id as u32);
            let la = match x {
                Some(_) => a.live.get(&key).copied().unwrap_or(TRUE),
                None => FALSE,
            };
            let lb = match y {
                Some(_) => b.live.get(&key).copied().unwrap_or(TRUE),
                None => FALSE,
            };
            if (x.is_some() || y.is_some()) && (la != TRUE || lb != TRUE) {
                live.insert(key, self.terms.ite(a.guard, la, lb));
            }
        }
        let frames = if a.frames.len() >= b.frames.len() {
            a.frames.clone()
        } else {
            b.frames.clone()
        };
        let word = match (&a.word, &b.word) {
            (Some(x), Some(y)) => Some(self.ite_word(a.guard, x, y)),
            _ => None,
        };
        let mut freed = FxHashMap::default();
        for id in a.freed.keys().chain(b.freed.keys()) {
            let fa = a.freed.get(id).copied().unwrap_or(FALSE);
            let fb = b.freed.get(id).copied().unwrap_or(FALSE);
            freed.insert(*id, self.terms.ite(a.guard, fa, fb));
        }
        State {
            guard,
            memory,
            frames,
            sizes,
            word,
            freed,
            live,
        }
    }

    /// The byte size of object `id` holding `bits` on a path (an offset-wide term).
    fn object_size(&mut self, state: &State, id: ObjectId, bits: TermId) -> TermId {
        match state.sizes.get(&id) {
            Some(&s) => s,
            None => {
                let bytes = u128::from(self.terms.width(bits) / 8);
                let ob = self.offset_bits();
                self.terms.constant(bytes, ob)
            }
        }
    }
}
