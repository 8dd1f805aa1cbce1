//! How the replay's trace shows places and values: indices evaluated
//! (`a[3] = 7`), pointers as the object they point into (`&a[2]`,
//! `&s.y`, `&buf + 3`, `&f` for a function, `NULL`), and arrays and
//! structs as their elements (`{1, 2, 3}`, `{.x = 1, .y = 2}`).

use super::{from_bytes, mask, signed_value, Interpreter, Stop};
use crate::layout::{LocalObject, ObjectId};
use lore_frontend::ir::{Function, Place, Program};
use lore_frontend::types::{FloatKind, TypeId, TypeKind, TypeTable};

/// Elements of an array shown before `…`.
const SHOWN_ELEMENTS: usize = 16;

impl Interpreter<'_> {
    /// A place as the trace names it, its indices and pointers evaluated
    /// now (call it before the store that may change them).
    pub(super) fn place_text(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        place: &Place,
    ) -> Result<String, Stop> {
        Ok(match place {
            Place::Local(_) | Place::Global(_) => place_name(self.program, f, place),
            Place::Deref(p) => {
                let v = self.value(f, locals, p)?;
                let target = self.pointer_text(v, self.types().pointee(p.ty));
                match target.strip_prefix('&') {
                    Some(object) if !object.contains(' ') => object.to_string(),
                    _ => format!("*({target})"),
                }
            }
            Place::Field(base, i) => {
                let base_text = self.place_text(f, locals, base)?;
                format!("{base_text}.{}", field_name(self.program, f, base, *i))
            }
            Place::Index(base, index) => {
                let base_text = self.place_text(f, locals, base)?;
                let i = self.value(f, locals, index)?;
                let w = self.types().bit_width(index.ty).max(1);
                format!(
                    "{base_text}[{}]",
                    show_value(self.types(), i & mask(w), index.ty)
                )
            }
        })
    }

    /// The width of the bit-field `place` names, if it names one.
    pub(super) fn bit_field_width(&self, f: &Function, place: &Place) -> Option<u32> {
        let Place::Field(base, i) = place else {
            return None;
        };
        let ty = self.program.place_type(f, base);
        let c = self.types().composite_id(ty)?;
        let field = self.types().composite(c).fields.as_ref()?.get(*i)?;
        field.bit_field.map(|b| b.width)
    }

    /// A pointer value: `NULL`, `&function`, or the object and the place
    /// inside it (`&buf + 3` when that is no element or member's start);
    /// the raw address when it names no object.
    fn pointer_text(&self, v: u128, pointee: Option<TypeId>) -> String {
        if v == 0 {
            return "NULL".into();
        }
        if let Some(function) = self.function_at(v) {
            return format!("&{}", self.program.function(function).name);
        }
        let (id, offset) = self.split_pointer(v);
        let offset = offset as u64;
        let Some((name, ty)) = self.object(id) else {
            return format!("{v:#x}");
        };
        let Some(ty) = ty else {
            // A heap block: elements of the pointer's type.
            let size = pointee
                .and_then(|t| self.types().size_of(t))
                .filter(|&s| s > 0);
            return match size {
                Some(size) if offset % size == 0 => format!("&{name}[{}]", offset / size),
                _ if offset == 0 => format!("&{name}"),
                _ => format!("&{name} + {offset}"),
            };
        };
        match self.inside(ty, offset) {
            Some(path) => format!("&{name}{path}"),
            None => format!("&{name} + {offset}"),
        }
    }

    /// The element or member path of byte `offset` in an object of type
    /// `ty` (`""` for its start, `[2]`, `.y`, `[1].f`), when it is the start
    /// of one.
    fn inside(&self, ty: TypeId, offset: u64) -> Option<String> {
        let types = self.types();
        if offset == 0 && !matches!(types.kind(ty), TypeKind::Array(..)) {
            return Some(String::new());
        }
        if let Some(elem) = types.element(ty) {
            let size = types.size_of(elem).filter(|&s| s > 0)?;
            let rest = self.inside(elem, offset % size)?;
            return Some(format!("[{}]{rest}", offset / size));
        }
        let c = types.composite_id(ty)?;
        let fields = types.composite(c).fields.as_ref()?;
        let field = fields
            .iter()
            .filter(|fl| fl.bit_field.is_none() && !fl.name.is_empty())
            .filter(|fl| {
                let size = types.size_of(fl.ty).unwrap_or(0);
                fl.offset <= offset && offset < fl.offset + size.max(1)
            })
            .next_back()?;
        let rest = self.inside(field.ty, offset - field.offset)?;
        Some(format!(".{}{rest}", field.name))
    }

    /// The name and type of object `id` (no type for a heap block).
    fn object(&self, id: ObjectId) -> Option<(String, Option<TypeId>)> {
        let globals = self.program.globals.len() as u32;
        if (1..=globals).contains(&id.0) {
            let g = &self.program.globals[(id.0 - 1) as usize];
            return Some((g.name.clone(), Some(g.ty)));
        }
        if let Some((
            &LocalObject {
                function, local, ..
            },
            _,
        )) = self.local_ids.iter().find(|(_, &object)| object == id)
        {
            let l = &self.program.function(function).locals[local as usize];
            return Some((l.name.clone(), Some(l.ty)));
        }
        self.memory
            .contains_key(&id)
            .then(|| (format!("heap{id}"), None))
    }

    /// A value of type `ty` in the trace: scalars as C prints them,
    /// pointers as [`Interpreter::pointer_text`], arrays and structs by
    /// their elements and members.
    pub(super) fn value_text(&self, bytes: &[u8], ty: TypeId) -> String {
        let types = self.types();
        if let Some(pointee) = types.pointee(ty) {
            let w = types.bit_width(ty).max(1);
            return self.pointer_text(from_bytes(bytes) & mask(w), Some(pointee));
        }
        if types.is_scalar(ty) {
            let w = types.bit_width(ty).max(1);
            return show_value(types, from_bytes(bytes) & mask(w), ty);
        }
        if let Some(elem) = types.element(ty) {
            let Some(size) = types.size_of(elem).filter(|&s| s > 0) else {
                return format!("{{{} bytes}}", bytes.len());
            };
            let size = size as usize;
            let count = bytes.len() / size;
            let mut parts: Vec<String> = bytes
                .chunks(size)
                .take(count.min(SHOWN_ELEMENTS))
                .map(|chunk| self.value_text(chunk, elem))
                .collect();
            if count > SHOWN_ELEMENTS {
                parts.push(format!("… ({count} elements)"));
            }
            return format!("{{{}}}", parts.join(", "));
        }
        if let Some(c) = types.composite_id(ty) {
            if let Some(fields) = types.composite(c).fields.as_ref() {
                let parts: Vec<String> = fields
                    .iter()
                    .filter(|fl| !fl.name.is_empty())
                    .filter_map(|fl| {
                        let start = fl.offset as usize;
                        let size = types.size_of(fl.ty)? as usize;
                        let chunk = bytes.get(start..start + size)?;
                        let text = match fl.bit_field {
                            Some(bf) => {
                                let v = (from_bytes(chunk) >> bf.bit_offset) & mask(bf.width);
                                if types.is_signed(fl.ty) {
                                    signed_value(v, bf.width, true).to_string()
                                } else {
                                    show_value(types, v, fl.ty)
                                }
                            }
                            None => self.value_text(chunk, fl.ty),
                        };
                        Some(format!(".{} = {text}", fl.name))
                    })
                    .collect();
                return format!("{{{}}}", parts.join(", "));
            }
        }
        format!("{{{} bytes}}", bytes.len())
    }
}

pub(super) fn place_name(program: &Program, f: &Function, place: &Place) -> String {
    match place {
        Place::Local(l) => f.local(*l).name.clone(),
        Place::Global(g) => program.global(*g).name.clone(),
        Place::Deref(_) => "*ptr".into(),
        Place::Field(base, i) => {
            format!(
                "{}.{}",
                place_name(program, f, base),
                field_name(program, f, base, *i)
            )
        }
        Place::Index(base, _) => format!("{}[…]", place_name(program, f, base)),
    }
}

/// The name of field `i` of the struct or union `base` holds.
pub(super) fn field_name(program: &Program, f: &Function, base: &Place, i: usize) -> String {
    let ty = program.place_type(f, base);
    program
        .types
        .composite_id(ty)
        .and_then(|c| {
            program
                .types
                .composite(c)
                .fields
                .as_ref()
                .map(|fs| fs[i].name.clone())
        })
        .unwrap_or_default()
}

/// A value as C would print it.
pub fn show_value(types: &TypeTable, v: u128, ty: TypeId) -> String {
    match types.kind(ty) {
        TypeKind::Bool => if v != 0 { "true" } else { "false" }.into(),
        TypeKind::Int(k) if k.is_signed() => signed_value(v, types.bit_width(ty), true).to_string(),
        TypeKind::Int(_) => v.to_string(),
        // Floating values: the shortest decimal that reads back the same,
        // and the bits (which tell NaNs and zeros apart).
        TypeKind::Float(FloatKind::Float) => {
            format!("{:?}f ({v:#010x})", f32::from_bits(v as u32))
        }
        TypeKind::Float(FloatKind::Double) => {
            format!("{:?} ({v:#018x})", f64::from_bits(v as u64))
        }
        _ => format!("{v:#x}"),
    }
}
