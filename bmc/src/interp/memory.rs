//! Places and memory of the replay: addresses as symbolic execution
//! computes them, where a place lives, loads and stores (out of bounds:
//! unknown reads, lost writes, as in symbolic execution) and the pointer
//! checks.

use super::{from_bytes, mask, signed_value, Interpreter, Replay, Stop};
use crate::layout::{self, offset_bits, ObjectId};
use crate::symex::SafetyKind;
use lore_frontend::ir::{Function, FunctionId, Place};
use lore_frontend::source::Loc;

impl Interpreter<'_> {
    pub(super) fn pointer_bits(&self) -> u32 {
        self.program.model.pointer_bits()
    }

    pub(super) fn offset_bits(&self) -> u32 {
        offset_bits(self.pointer_bits())
    }

    /// The function a pointer value points to, if any.
    pub(super) fn function_at(&self, pointer: u128) -> Option<FunctionId> {
        let (pw, ob) = (self.pointer_bits(), self.offset_bits());
        layout::function_at(pw, ob, self.program.functions.len(), pointer)
    }

    /// The address of byte `offset` of object `id`.
    pub(super) fn address(&self, id: ObjectId, offset: usize) -> u128 {
        layout::address(self.offset_bits(), id, offset as u128)
    }

    /// The object id and byte offset of a pointer.
    pub(super) fn split_pointer(&self, p: u128) -> (ObjectId, usize) {
        let ob = self.offset_bits();
        (layout::object_of(ob, p), layout::offset_of(ob, p) as usize)
    }

    /// The byte address of a place (as symbolic execution computes it).
    pub(super) fn address_of(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        place: &Place,
    ) -> Result<u128, Stop> {
        let m = mask(self.pointer_bits());
        Ok(match place {
            Place::Local(l) => self.address(locals[l.0 as usize], 0),
            Place::Global(g) => self.address(layout::global_object(*g), 0),
            Place::Deref(p) => self.value(f, locals, p)?,
            Place::Field(base, i) => {
                let a = self.address_of(f, locals, base)?;
                let ty = self.program.place_type(f, base);
                let c = self.types().composite_id(ty).expect("a composite");
                let field = &self.types().composite(c).fields.as_ref().expect("complete")[*i];
                a.wrapping_add(u128::from(field.offset)) & m
            }
            Place::Index(base, index) => {
                let a = self.address_of(f, locals, base)?;
                let ty = self.program.place_type(f, base);
                let elem = self.types().element(ty).expect("an array");
                let i = self.value(f, locals, index)?;
                let i = signed_value(
                    i,
                    self.types().bit_width(index.ty),
                    self.types().is_signed(index.ty),
                );
                let size = self.dyn_size(locals, elem) as i128;
                (a as i128).wrapping_add(i.wrapping_mul(size)) as u128 & m
            }
        })
    }

    fn has_deref(place: &Place) -> bool {
        match place {
            Place::Deref(_) => true,
            Place::Field(b, _) | Place::Index(b, _) => Self::has_deref(b),
            _ => false,
        }
    }

    /// The object, byte offset and bit-field of a place. An access through a
    /// pointer to no object, or outside an array, is out of bounds.
    fn locate(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        place: &Place,
    ) -> Result<(ObjectId, usize, Option<(u32, u32)>), Stop> {
        if Self::has_deref(place) {
            let addr = self.address_of(f, locals, place)?;
            let bits = self.bit_field(f, place);
            let (id, off) = self.split_pointer(addr);
            self.deref = Some(addr);
            return Ok(match self.memory.get(&id) {
                Some(_) if id != ObjectId::NULL => (id, off, bits),
                _ => (ObjectId::NULL, OUT_OF_BOUNDS, bits),
            });
        }
        match place {
            Place::Local(l) => Ok((locals[l.0 as usize], 0, None)),
            Place::Global(g) => Ok((layout::global_object(*g), 0, None)),
            Place::Deref(_) => unreachable!("handled above"),
            Place::Field(base, i) => {
                let (obj, off, _) = self.locate(f, locals, base)?;
                if off == OUT_OF_BOUNDS {
                    return Ok((obj, OUT_OF_BOUNDS, None));
                }
                let ty = self.program.place_type(f, base);
                let c = self.types().composite_id(ty).expect("a composite");
                let field = &self.types().composite(c).fields.as_ref().expect("complete")[*i];
                Ok((
                    obj,
                    off + field.offset as usize,
                    field.bit_field.map(|b| (b.bit_offset, b.width)),
                ))
            }
            Place::Index(base, index) => {
                let (obj, off, _) = self.locate(f, locals, base)?;
                if off == OUT_OF_BOUNDS {
                    // Still evaluate the index (its effects on inputs and checks).
                    self.value(f, locals, index)?;
                    return Ok((obj, OUT_OF_BOUNDS, None));
                }
                let ty = self.program.place_type(f, base);
                let elem = self.types().element(ty).expect("an array");
                let i = self.value(f, locals, index)?;
                let i = signed_value(
                    i,
                    self.types().bit_width(index.ty),
                    self.types().is_signed(index.ty),
                );
                let len = self.dyn_size(locals, ty) / self.dyn_size(locals, elem).max(1);
                if i < 0 || i >= len as i128 {
                    if self.safety.bounds {
                        self.fails(SafetyKind::ArrayBounds, Loc::NONE)?;
                    }
                    return Ok((obj, OUT_OF_BOUNDS, None));
                }
                let off = off as i128 + i * self.dyn_size(locals, elem) as i128;
                Ok((obj, off as usize, None))
            }
        }
    }

    /// Pointer checks of an access of `len` bytes through the pointer
    /// `locate` just followed (if it followed one).
    fn check_pointer(&mut self, len: usize) -> Result<(), Stop> {
        match self.deref {
            Some(addr) => self.check_pointer_at(addr, len),
            None => Ok(()),
        }
    }

    /// Pointer checks of an access of `len` bytes at `addr` (at most one
    /// fails: the first of null, no object or outside it, freed).
    pub(super) fn check_pointer_at(&mut self, addr: u128, len: usize) -> Result<(), Stop> {
        if !self.safety.pointer {
            return Ok(());
        }
        let (id, off) = self.split_pointer(addr);
        let failed = if id == ObjectId::NULL {
            Some(SafetyKind::PointerNull)
        } else if self.memory.get(&id).is_none_or(|m| off + len > m.len()) {
            Some(SafetyKind::PointerInvalid)
        } else if self.freed.contains(&id) {
            Some(SafetyKind::PointerFreed)
        } else {
            None
        };
        match failed {
            Some(kind) => self.fails(kind, Loc::NONE),
            None => Ok(()),
        }
    }

    fn bit_field(&self, f: &Function, place: &Place) -> Option<(u32, u32)> {
        let Place::Field(base, i) = place else {
            return None;
        };
        let ty = self.program.place_type(f, base);
        let c = self.types().composite_id(ty)?;
        self.types().composite(c).fields.as_ref()?[*i]
            .bit_field
            .map(|b| (b.bit_offset, b.width))
    }

    pub(super) fn store(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        place: &Place,
        bytes: &[u8],
    ) -> Result<(), Stop> {
        self.deref = None;
        let (obj, off, bits) = self.locate(f, locals, place)?;
        let unit = bits.map_or(bytes.len(), |(b, w)| (b + w).div_ceil(8) as usize);
        self.check_pointer(unit)?;
        if off == OUT_OF_BOUNDS {
            // Out of bounds: the write changes nothing (as in symbolic execution).
            return Ok(());
        }
        let Some(target) = self.memory.get_mut(&obj) else {
            return Ok(());
        };
        let unit = bits.map_or(bytes.len(), |(b, w)| (b + w).div_ceil(8) as usize);
        if off + unit > target.len() {
            // Outside the object: the write is lost (as in symbolic execution).
            return Ok(());
        }
        match bits {
            Some((bit_off, width)) => {
                let unit = (bit_off + width).div_ceil(8) as usize;
                if off + unit > target.len() {
                    return Err(Replay::Stuck("write outside its object".into()));
                }
                let mut word = from_bytes(&target[off..off + unit]);
                let v = from_bytes(bytes) & mask(width);
                word = (word & !(mask(width) << bit_off)) | (v << bit_off);
                for (i, b) in target[off..off + unit].iter_mut().enumerate() {
                    *b = (word >> (8 * i)) as u8;
                }
            }
            None => {
                if off + bytes.len() > target.len() {
                    return Err(Replay::Stuck("write outside its object".into()));
                }
                target[off..off + bytes.len()].copy_from_slice(bytes);
            }
        }
        Ok(())
    }

    pub(super) fn load_bytes(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        place: &Place,
        size: usize,
    ) -> Result<(Vec<u8>, Option<(u32, u32)>), Stop> {
        self.deref = None;
        let (obj, off, bits) = self.locate(f, locals, place)?;
        self.check_pointer(bits.map_or(size, |(b, w)| (b + w).div_ceil(8) as usize))?;
        if off == OUT_OF_BOUNDS {
            // Out of bounds: an unknown value (an input, as in symbolic execution).
            let len = bits.map_or(size, |(b, w)| (b + w).div_ceil(8) as usize);
            return Ok((self.next_input(len), bits));
        }
        let len = match bits {
            Some((b, w)) => (b + w).div_ceil(8) as usize,
            None => size,
        };
        let inside = self
            .memory
            .get(&obj)
            .filter(|m| off + len <= m.len())
            .map(|m| m[off..off + len].to_vec());
        match inside {
            Some(v) => Ok((v, bits)),
            // Outside the object: an unknown value (as in symbolic execution).
            None => Ok((self.next_input(len), bits)),
        }
    }
}

/// The offset of a place whose array index is out of bounds.
const OUT_OF_BOUNDS: usize = usize::MAX;
