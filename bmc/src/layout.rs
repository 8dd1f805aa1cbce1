//! The memory layout symbolic execution and the concrete replay share, so
//! that an address names the same object in both (even a garbage pointer,
//! from an out-of-bounds read or an uninitialised local).
//!
//! Every object has an id: 0 is the null object, globals are `1 + index`,
//! and the ids after them go to locals (one per function, local and
//! recursion depth) and heap blocks (one per allocation step) in the order
//! symbolic execution meets them; the replay takes those ids from it
//! (`Symex::object_ids`, and the counterexample's `Step::Allocate`s). A
//! pointer is the integer `id << OFF | byte offset` (OFF = 20 bits on
//! ILP32, 40 on LP64), so casts and comparisons are integer operations. A
//! function's address uses an id counted down from the top of the id
//! space, so the two never meet while there are few enough objects.

use lore_frontend::ir::{FunctionId, GlobalId};

/// An object's id (see the module documentation); it prints as its number.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(pub u32);

impl ObjectId {
    /// The null object (the null pointer is its address 0).
    pub const NULL: ObjectId = ObjectId(0);

    /// The id as an index (into a vector of objects by id).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for ObjectId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The key of a local's object: each (function, local, recursion depth)
/// has its own, which a frame at the same depth reuses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocalObject {
    pub function: FunctionId,
    pub local: u32,
    /// Frames of the same function below this one.
    pub depth: u32,
}

/// Bits of a pointer that hold the byte offset inside its object; the bits
/// above them hold the object id.
pub fn offset_bits(pointer_bits: u32) -> u32 {
    if pointer_bits == 32 {
        20
    } else {
        40
    }
}

/// The object id of global `g`.
pub fn global_object(g: GlobalId) -> ObjectId {
    ObjectId(g.0 + 1)
}

/// The address of byte `offset` of object `id`.
pub fn address(offset_bits: u32, id: ObjectId, offset: u128) -> u128 {
    (u128::from(id.0) << offset_bits) + offset
}

/// The object id an address names.
pub fn object_of(offset_bits: u32, address: u128) -> ObjectId {
    ObjectId((address >> offset_bits) as u32)
}

/// The byte offset inside its object of an address.
pub fn offset_of(offset_bits: u32, address: u128) -> u128 {
    address & ((1u128 << offset_bits) - 1)
}

/// The object id that stands for function `function` in a pointer: ids are
/// counted down from the largest, so they never meet data objects (which are
/// counted up from 1) while the program has fewer objects than the id space.
pub fn function_object_id(pointer_bits: u32, offset_bits: u32, function: FunctionId) -> ObjectId {
    let top = (1u64 << (pointer_bits - offset_bits)) - 1;
    ObjectId((top - u64::from(function.0)) as u32)
}

/// The function (of a program with `functions` functions) a pointer value
/// points to, if any.
pub fn function_at(
    pointer_bits: u32,
    offset_bits: u32,
    functions: usize,
    pointer: u128,
) -> Option<FunctionId> {
    if offset_of(offset_bits, pointer) != 0 {
        return None;
    }
    let id = object_of(offset_bits, pointer);
    let top = ((1u64 << (pointer_bits - offset_bits)) - 1) as u32;
    let index = top.checked_sub(id.0)?;
    let function = FunctionId(index);
    (u64::from(index) < functions as u64
        && function_object_id(pointer_bits, offset_bits, function) == id)
        .then_some(function)
}

/// Do `objects` data object ids (the null object included) and the ids of
/// `functions` functions no longer fit apart in the id space? Then no
/// verdict is trustworthy.
pub fn too_many_objects(pointer_bits: u32, offset_bits: u32, objects: u64, functions: u64) -> bool {
    objects + functions >= 1u64 << (pointer_bits - offset_bits)
}

/// Where a pointer may be kept in an object of type `ty`: the byte offsets
/// of its scalars that are pointers or integers of a pointer's size
/// (`uintptr_t`, a `long` holding an address), at offsets aligned to a
/// pointer, in order and without repeats (a union's members overlap). These
/// are the roots the leak check (valid-memtrack) follows from a global;
/// symbolic execution and the replay both take them from here.
pub fn pointer_slots(
    types: &lore_frontend::types::TypeTable,
    ty: lore_frontend::types::TypeId,
    pointer_bytes: u64,
) -> Vec<u64> {
    let mut out = Vec::new();
    slots_into(types, ty, 0, pointer_bytes, &mut out);
    out.sort_unstable();
    out.dedup();
    out
}

/// At most this many slots per object (a larger array of pointers keeps
/// its first ones as roots; the rest would only make the formula larger).
const MAX_SLOTS: usize = 1 << 16;

fn slots_into(
    types: &lore_frontend::types::TypeTable,
    ty: lore_frontend::types::TypeId,
    at: u64,
    pointer_bytes: u64,
    out: &mut Vec<u64>,
) {
    use lore_frontend::types::{ArrayLen, TypeKind};
    if out.len() >= MAX_SLOTS {
        return;
    }
    match types.kind(ty) {
        TypeKind::Pointer(_) | TypeKind::Int(_)
            if types.size_of(ty) == Some(pointer_bytes) && at % pointer_bytes == 0 =>
        {
            out.push(at)
        }
        TypeKind::Array(elem, ArrayLen::Fixed(n)) => {
            let size = types.size_of(*elem).unwrap_or(0);
            if size == 0 {
                return;
            }
            for i in 0..*n {
                slots_into(types, *elem, at + i * size, pointer_bytes, out);
                if out.len() >= MAX_SLOTS {
                    return;
                }
            }
        }
        TypeKind::Struct(c) | TypeKind::Union(c) => {
            if let Some(fields) = &types.composite(*c).fields {
                for f in fields.iter().filter(|f| f.bit_field.is_none()) {
                    slots_into(types, f.ty, at + f.offset, pointer_bytes, out);
                }
            }
        }
        _ => {}
    }
}
