//! C types, hash-consed into a table, with exact sizes for a data model.

use rustc_hash::FxHashMap;
use std::fmt::{self, Write};

/// The C data model: the widths of `long` and of pointers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DataModel {
    /// int, long and pointers are 32 bits (SV-COMP's default, `--32`).
    Ilp32,
    /// long and pointers are 64 bits (`--64`).
    Lp64,
}

impl DataModel {
    pub fn pointer_bits(self) -> u32 {
        match self {
            DataModel::Ilp32 => 32,
            DataModel::Lp64 => 64,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DataModel::Ilp32 => "ILP32",
            DataModel::Lp64 => "LP64",
        }
    }

    /// Bits of a C integer kind in this model.
    pub fn int_bits(self, kind: IntKind) -> u32 {
        match kind {
            IntKind::Char | IntKind::SChar | IntKind::UChar => 8,
            IntKind::Short | IntKind::UShort => 16,
            IntKind::Int | IntKind::UInt => 32,
            IntKind::Long | IntKind::ULong => self.pointer_bits(),
            IntKind::LongLong | IntKind::ULongLong => 64,
            IntKind::Int128 | IntKind::UInt128 => 128,
        }
    }

    /// Size and alignment in bytes of a floating type.
    pub fn float_layout(self, kind: FloatKind) -> (u64, u64) {
        match (kind, self) {
            (FloatKind::Float, _) => (4, 4),
            (FloatKind::Double, DataModel::Ilp32) => (8, 4),
            (FloatKind::Double, DataModel::Lp64) => (8, 8),
            (FloatKind::LongDouble, DataModel::Ilp32) => (12, 4),
            (FloatKind::LongDouble, DataModel::Lp64) => (16, 16),
        }
    }

    /// `size_t`.
    pub fn size_kind(self) -> IntKind {
        match self {
            DataModel::Ilp32 => IntKind::UInt,
            DataModel::Lp64 => IntKind::ULong,
        }
    }

    /// `ptrdiff_t`.
    pub fn ptrdiff_kind(self) -> IntKind {
        match self {
            DataModel::Ilp32 => IntKind::Int,
            DataModel::Lp64 => IntKind::Long,
        }
    }
}

/// The C integer types, kept apart so that printing and promotion follow C.
/// Plain `char` is signed, as on x86.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntKind {
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    Int128,
    UInt128,
}

impl IntKind {
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            IntKind::Char
                | IntKind::SChar
                | IntKind::Short
                | IntKind::Int
                | IntKind::Long
                | IntKind::LongLong
                | IntKind::Int128
        )
    }

    /// Conversion rank (C11 6.3.1.1).
    pub fn rank(self) -> u8 {
        match self {
            IntKind::Char | IntKind::SChar | IntKind::UChar => 1,
            IntKind::Short | IntKind::UShort => 2,
            IntKind::Int | IntKind::UInt => 3,
            IntKind::Long | IntKind::ULong => 4,
            IntKind::LongLong | IntKind::ULongLong => 5,
            IntKind::Int128 | IntKind::UInt128 => 6,
        }
    }

    pub fn to_unsigned(self) -> IntKind {
        match self {
            IntKind::Char | IntKind::SChar | IntKind::UChar => IntKind::UChar,
            IntKind::Short | IntKind::UShort => IntKind::UShort,
            IntKind::Int | IntKind::UInt => IntKind::UInt,
            IntKind::Long | IntKind::ULong => IntKind::ULong,
            IntKind::LongLong | IntKind::ULongLong => IntKind::ULongLong,
            IntKind::Int128 | IntKind::UInt128 => IntKind::UInt128,
        }
    }

    pub fn c_name(self) -> &'static str {
        match self {
            IntKind::Char => "char",
            IntKind::SChar => "signed char",
            IntKind::UChar => "unsigned char",
            IntKind::Short => "short",
            IntKind::UShort => "unsigned short",
            IntKind::Int => "int",
            IntKind::UInt => "unsigned int",
            IntKind::Long => "long",
            IntKind::ULong => "unsigned long",
            IntKind::LongLong => "long long",
            IntKind::ULongLong => "unsigned long long",
            IntKind::Int128 => "__int128",
            IntKind::UInt128 => "unsigned __int128",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatKind {
    Float,
    Double,
    LongDouble,
}

impl FloatKind {
    pub fn c_name(self) -> &'static str {
        match self {
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::LongDouble => "long double",
        }
    }
}

/// A type in the [`TypeTable`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(u32);

/// Index of a struct or union definition.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CompositeId(pub u32);

/// Index of a local variable of a function (see `ir::Function::locals`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);

/// The length of an array type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArrayLen {
    Fixed(u64),
    /// A variable-length array: its length is held in a local of the function
    /// that declares it, set when the declaration runs.
    Variable(LocalId),
    /// `int a[]` before completion, or a flexible array member.
    Incomplete,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionType {
    pub ret: TypeId,
    pub params: Vec<TypeId>,
    pub variadic: bool,
    /// False for `int f()`: arguments are not checked and get default promotions.
    pub prototyped: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Void,
    Bool,
    Int(IntKind),
    Float(FloatKind),
    Pointer(TypeId),
    Array(TypeId, ArrayLen),
    Struct(CompositeId),
    Union(CompositeId),
    Function(FunctionType),
}

/// A member of a struct or union, laid out.
#[derive(Clone, Debug)]
pub struct Field {
    /// Empty for unnamed bit-fields.
    pub name: String,
    pub ty: TypeId,
    /// Byte offset of the field (of its storage unit, for a bit-field).
    pub offset: u64,
    /// For bit-fields: the bit offset within the storage unit starting at
    /// `offset` (little-endian bit order) and the width.
    pub bit_field: Option<BitField>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BitField {
    pub bit_offset: u32,
    pub width: u32,
}

#[derive(Clone, Debug)]
pub struct Composite {
    pub is_union: bool,
    /// The tag, or a made-up name for an anonymous struct.
    pub tag: String,
    /// `None` until the definition is seen.
    pub fields: Option<Vec<Field>>,
    pub size: u64,
    pub align: u64,
}

/// All types of a program, hash-consed so that equal types have equal ids.
#[derive(Clone, Debug)]
pub struct TypeTable {
    pub model: DataModel,
    kinds: Vec<TypeKind>,
    index: FxHashMap<TypeKind, TypeId>,
    pub composites: Vec<Composite>,
}

impl TypeTable {
    pub fn new(model: DataModel) -> TypeTable {
        let mut table = TypeTable {
            model,
            kinds: Vec::new(),
            index: FxHashMap::default(),
            composites: Vec::new(),
        };
        // Fixed ids for the common types, in the order of the constants below.
        table.intern(TypeKind::Void);
        table.intern(TypeKind::Bool);
        table.intern(TypeKind::Int(IntKind::Int));
        table.intern(TypeKind::Int(IntKind::UInt));
        table.intern(TypeKind::Int(IntKind::Char));
        table.intern(TypeKind::Int(IntKind::Long));
        table.intern(TypeKind::Int(IntKind::ULong));
        table
    }

    pub const VOID: TypeId = TypeId(0);
    pub const BOOL: TypeId = TypeId(1);
    pub const INT: TypeId = TypeId(2);
    pub const UINT: TypeId = TypeId(3);
    pub const CHAR: TypeId = TypeId(4);
    pub const LONG: TypeId = TypeId(5);
    pub const ULONG: TypeId = TypeId(6);

    pub fn intern(&mut self, kind: TypeKind) -> TypeId {
        if let Some(&id) = self.index.get(&kind) {
            return id;
        }
        let id = TypeId(self.kinds.len() as u32);
        self.kinds.push(kind.clone());
        self.index.insert(kind, id);
        id
    }

    pub fn kind(&self, ty: TypeId) -> &TypeKind {
        &self.kinds[ty.0 as usize]
    }

    pub fn int(&mut self, kind: IntKind) -> TypeId {
        self.intern(TypeKind::Int(kind))
    }

    pub fn float(&mut self, kind: FloatKind) -> TypeId {
        self.intern(TypeKind::Float(kind))
    }

    pub fn pointer_to(&mut self, ty: TypeId) -> TypeId {
        self.intern(TypeKind::Pointer(ty))
    }

    pub fn array_of(&mut self, elem: TypeId, len: ArrayLen) -> TypeId {
        self.intern(TypeKind::Array(elem, len))
    }

    pub fn size_t(&mut self) -> TypeId {
        let kind = self.model.size_kind();
        self.int(kind)
    }

    pub fn ptrdiff_t(&mut self) -> TypeId {
        let kind = self.model.ptrdiff_kind();
        self.int(kind)
    }

    pub fn new_composite(&mut self, is_union: bool, tag: String) -> CompositeId {
        let id = CompositeId(self.composites.len() as u32);
        self.composites.push(Composite {
            is_union,
            tag,
            fields: None,
            size: 0,
            align: 1,
        });
        id
    }

    pub fn composite(&self, id: CompositeId) -> &Composite {
        &self.composites[id.0 as usize]
    }

    pub fn composite_type(&mut self, id: CompositeId) -> TypeId {
        if self.composites[id.0 as usize].is_union {
            self.intern(TypeKind::Union(id))
        } else {
            self.intern(TypeKind::Struct(id))
        }
    }

    // ----- classification -----

    pub fn is_integer(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Int(_) | TypeKind::Bool)
    }

    pub fn is_float(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Float(_))
    }

    pub fn is_arithmetic(&self, ty: TypeId) -> bool {
        self.is_integer(ty) || self.is_float(ty)
    }

    pub fn is_pointer(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Pointer(_))
    }

    pub fn is_scalar(&self, ty: TypeId) -> bool {
        self.is_arithmetic(ty) || self.is_pointer(ty)
    }

    pub fn is_void(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Void)
    }

    pub fn is_array(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Array(..))
    }

    pub fn is_function(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Function(_))
    }

    pub fn is_composite(&self, ty: TypeId) -> bool {
        matches!(self.kind(ty), TypeKind::Struct(_) | TypeKind::Union(_))
    }

    pub fn pointee(&self, ty: TypeId) -> Option<TypeId> {
        match self.kind(ty) {
            TypeKind::Pointer(p) => Some(*p),
            _ => None,
        }
    }

    pub fn element(&self, ty: TypeId) -> Option<TypeId> {
        match self.kind(ty) {
            TypeKind::Array(e, _) => Some(*e),
            _ => None,
        }
    }

    pub fn function_type(&self, ty: TypeId) -> Option<&FunctionType> {
        match self.kind(ty) {
            TypeKind::Function(f) => Some(f),
            _ => None,
        }
    }

    pub fn int_kind(&self, ty: TypeId) -> Option<IntKind> {
        match self.kind(ty) {
            TypeKind::Int(k) => Some(*k),
            _ => None,
        }
    }

    pub fn composite_id(&self, ty: TypeId) -> Option<CompositeId> {
        match self.kind(ty) {
            TypeKind::Struct(c) | TypeKind::Union(c) => Some(*c),
            _ => None,
        }
    }

    /// Width in bits of a scalar type (bool is 1 bit wide in the IR, 8 in memory).
    pub fn bit_width(&self, ty: TypeId) -> u32 {
        match self.kind(ty) {
            TypeKind::Bool => 1,
            TypeKind::Int(k) => self.model.int_bits(*k),
            TypeKind::Float(FloatKind::Float) => 32,
            TypeKind::Float(FloatKind::Double) => 64,
            TypeKind::Float(FloatKind::LongDouble) => 80,
            TypeKind::Pointer(_) => self.model.pointer_bits(),
            _ => 0,
        }
    }

    pub fn is_signed(&self, ty: TypeId) -> bool {
        match self.kind(ty) {
            TypeKind::Int(k) => k.is_signed(),
            TypeKind::Float(_) => true,
            _ => false,
        }
    }

    /// Size in bytes, `None` for incomplete types, functions and VLAs.
    pub fn size_of(&self, ty: TypeId) -> Option<u64> {
        match self.kind(ty) {
            TypeKind::Void => None,
            TypeKind::Bool => Some(1),
            TypeKind::Int(k) => Some(u64::from(self.model.int_bits(*k) / 8)),
            TypeKind::Float(k) => Some(self.model.float_layout(*k).0),
            TypeKind::Pointer(_) => Some(u64::from(self.model.pointer_bits() / 8)),
            TypeKind::Array(elem, ArrayLen::Fixed(n)) => self.size_of(*elem).map(|s| s * n),
            TypeKind::Array(..) => None,
            TypeKind::Struct(c) | TypeKind::Union(c) => {
                let comp = self.composite(*c);
                comp.fields.as_ref().map(|_| comp.size)
            }
            TypeKind::Function(_) => None,
        }
    }

    pub fn align_of(&self, ty: TypeId) -> u64 {
        match self.kind(ty) {
            TypeKind::Void | TypeKind::Function(_) => 1,
            TypeKind::Bool => 1,
            TypeKind::Int(k) => {
                let bytes = u64::from(self.model.int_bits(*k) / 8);
                // long long is 4-aligned in the i386 System V ABI.
                if self.model == DataModel::Ilp32 && bytes == 8 {
                    4
                } else {
                    bytes
                }
            }
            TypeKind::Float(k) => self.model.float_layout(*k).1,
            TypeKind::Pointer(_) => u64::from(self.model.pointer_bits() / 8),
            TypeKind::Array(elem, _) => self.align_of(*elem),
            TypeKind::Struct(c) | TypeKind::Union(c) => self.composite(*c).align,
        }
    }

    /// Lays out a struct or union (System V rules, as gcc does, bit-fields included).
    pub fn complete_composite(
        &mut self,
        id: CompositeId,
        members: Vec<(String, TypeId, Option<u32>)>,
        max_align: Option<u64>,
    ) {
        // `max_align`: `#pragma pack(n)` caps every member's alignment at n,
        // and 1 is `__attribute__((packed))`. Under either, gcc places a
        // bit-field at the next free bit, across storage-unit boundaries
        // (checked against gcc by `sv-comp-bench bitfields`).
        let packed = max_align.is_some();
        let is_union = self.composite(id).is_union;
        let mut fields = Vec::with_capacity(members.len());
        let mut bit_pos: u64 = 0; // next free bit (structs)
        let mut size: u64 = 0; // bytes (unions)
        let mut align: u64 = 1;
        for (name, ty, width) in members {
            let natural = self.align_of(ty);
            let field_align = max_align.map_or(natural, |m| natural.min(m.max(1)));
            let field_size = self.size_of(ty).unwrap_or(0);
            match width {
                Some(width) => {
                    let unit_bits = field_size * 8;
                    if width == 0 {
                        // A zero-width bit-field moves to the next unit of its type.
                        if !is_union && unit_bits > 0 {
                            bit_pos = bit_pos.div_ceil(unit_bits) * unit_bits;
                        }
                        continue;
                    }
                    if is_union {
                        fields.push(Field {
                            name,
                            ty,
                            offset: 0,
                            bit_field: Some(BitField {
                                bit_offset: 0,
                                width,
                            }),
                        });
                        size = size.max(field_size);
                    } else {
                        let unit_align_bits = if packed { 8 } else { field_align * 8 };
                        let unit_start = bit_pos / unit_align_bits * unit_align_bits;
                        let fits = packed || bit_pos + u64::from(width) <= unit_start + unit_bits;
                        let start = if fits {
                            bit_pos
                        } else {
                            bit_pos.div_ceil(unit_align_bits) * unit_align_bits
                        };
                        let byte = if packed {
                            start / 8
                        } else {
                            start / unit_align_bits * (unit_align_bits / 8)
                        };
                        fields.push(Field {
                            name,
                            ty,
                            offset: byte,
                            bit_field: Some(BitField {
                                bit_offset: (start - byte * 8) as u32,
                                width,
                            }),
                        });
                        bit_pos = start + u64::from(width);
                    }
                    if !name_is_empty(&fields) {
                        align = align.max(field_align);
                    }
                }
                None => {
                    if is_union {
                        fields.push(Field {
                            name,
                            ty,
                            offset: 0,
                            bit_field: None,
                        });
                        size = size.max(field_size);
                    } else {
                        let offset = (bit_pos.div_ceil(8)).div_ceil(field_align) * field_align;
                        fields.push(Field {
                            name,
                            ty,
                            offset,
                            bit_field: None,
                        });
                        bit_pos = (offset + field_size) * 8;
                    }
                    align = align.max(field_align);
                }
            }
        }
        if !is_union {
            size = bit_pos.div_ceil(8);
        }
        let size = size.div_ceil(align) * align;
        let comp = &mut self.composites[id.0 as usize];
        comp.fields = Some(fields);
        comp.size = size;
        comp.align = align;
    }

    /// Finds a member by name, looking through anonymous struct and union
    /// members. Returns the path of field indices.
    pub fn find_member(&self, id: CompositeId, name: &str) -> Option<Vec<usize>> {
        let fields = self.composite(id).fields.as_ref()?;
        for (i, f) in fields.iter().enumerate() {
            if f.name == name {
                return Some(vec![i]);
            }
        }
        for (i, f) in fields.iter().enumerate() {
            if f.name.is_empty() {
                if let Some(inner) = self.composite_id(f.ty) {
                    if let Some(mut path) = self.find_member(inner, name) {
                        path.insert(0, i);
                        return Some(path);
                    }
                }
            }
        }
        None
    }

    /// The type as C would spell it, with `inner` as the declarator
    /// (`int *x`, `int (*f)(int)`, `char [4]` for an empty declarator).
    pub fn display_decl(&self, ty: TypeId, inner: &str) -> String {
        let mut out = String::new();
        self.write_decl(&mut out, ty, inner.to_string());
        out
    }

    pub fn display(&self, ty: TypeId) -> String {
        self.display_decl(ty, "")
    }

    fn write_decl(&self, out: &mut String, ty: TypeId, inner: String) {
        match self.kind(ty) {
            TypeKind::Pointer(p) => {
                let needs_parens =
                    matches!(self.kind(*p), TypeKind::Array(..) | TypeKind::Function(_));
                let inner = if needs_parens {
                    format!("(*{inner})")
                } else {
                    format!("*{inner}")
                };
                self.write_decl(out, *p, inner)
            }
            TypeKind::Array(e, len) => {
                let len = match len {
                    ArrayLen::Fixed(n) => n.to_string(),
                    ArrayLen::Variable(l) => format!("${}", l.0),
                    ArrayLen::Incomplete => String::new(),
                };
                let inner = if inner.is_empty() {
                    format!(" [{len}]")
                } else {
                    format!("{inner}[{len}]")
                };
                self.write_decl(out, *e, inner)
            }
            TypeKind::Function(f) => {
                let mut params: Vec<String> = f.params.iter().map(|&p| self.display(p)).collect();
                if f.variadic {
                    params.push("...".into());
                }
                if params.is_empty() && f.prototyped {
                    params.push("void".into());
                }
                let inner = format!("{inner}({})", params.join(", "));
                self.write_decl(out, f.ret, inner)
            }
            _ => {
                self.write_base(out, ty);
                if !inner.is_empty() {
                    if !inner.starts_with(' ') {
                        out.push(' ');
                    }
                    out.push_str(&inner);
                }
            }
        }
    }

    fn write_base(&self, out: &mut String, ty: TypeId) {
        let _ = match self.kind(ty) {
            TypeKind::Void => write!(out, "void"),
            TypeKind::Bool => write!(out, "_Bool"),
            TypeKind::Int(k) => write!(out, "{}", k.c_name()),
            TypeKind::Float(k) => write!(out, "{}", k.c_name()),
            TypeKind::Struct(c) => write!(out, "struct {}", self.composite(*c).tag),
            TypeKind::Union(c) => write!(out, "union {}", self.composite(*c).tag),
            _ => unreachable!("derived types are written by write_decl"),
        };
    }
}

fn name_is_empty(fields: &[Field]) -> bool {
    fields.last().is_none_or(|f| f.name.is_empty())
}

/// A type with its table, for `{}` formatting.
pub struct DisplayType<'a>(pub &'a TypeTable, pub TypeId);

impl fmt::Display for DisplayType<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.display(self.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_layout_follows_the_abi() {
        for (model, long_size) in [(DataModel::Ilp32, 4), (DataModel::Lp64, 8)] {
            let mut t = TypeTable::new(model);
            let c = t.new_composite(false, "s".into());
            let ch = t.int(IntKind::Char);
            let l = t.int(IntKind::Long);
            t.complete_composite(c, vec![("a".into(), ch, None), ("b".into(), l, None)], None);
            let comp = t.composite(c);
            let fields = comp.fields.as_ref().unwrap();
            assert_eq!(fields[1].offset, long_size);
            assert_eq!(comp.size, 2 * long_size);
        }
    }

    #[test]
    fn bit_fields_pack_into_units() {
        let mut t = TypeTable::new(DataModel::Ilp32);
        let c = t.new_composite(false, "b".into());
        let u = t.int(IntKind::UInt);
        let uc = t.int(IntKind::UChar);
        t.complete_composite(
            c,
            vec![
                ("x".into(), u, Some(3)),
                ("y".into(), u, Some(30)),
                ("z".into(), uc, Some(4)),
                ("w".into(), uc, Some(5)),
            ],
            None,
        );
        let comp = t.composite(c);
        let f = comp.fields.as_ref().unwrap();
        assert_eq!((f[0].offset, f[0].bit_field.unwrap().bit_offset), (0, 0));
        // y does not fit in the rest of the first int: next unit.
        assert_eq!((f[1].offset, f[1].bit_field.unwrap().bit_offset), (4, 0));
        // y ends at bit 62: z (4 bits) would cross the char unit at byte 7, so it starts at byte 8.
        assert_eq!(f[2].offset, 8);
        assert_eq!(f[3].offset, 8 + 1);
        assert_eq!(comp.size, 12);
    }

    #[test]
    fn display_declarators() {
        let mut t = TypeTable::new(DataModel::Lp64);
        let int = TypeTable::INT;
        let p = t.pointer_to(int);
        let arr = t.array_of(p, ArrayLen::Fixed(4));
        assert_eq!(t.display_decl(arr, "a"), "int *a[4]");
        let arr3 = t.array_of(int, ArrayLen::Fixed(3));
        let parr = t.pointer_to(arr3);
        assert_eq!(t.display_decl(parr, "q"), "int (*q)[3]");
        let f = t.intern(TypeKind::Function(FunctionType {
            ret: int,
            params: vec![int],
            variadic: false,
            prototyped: true,
        }));
        let fp = t.pointer_to(f);
        assert_eq!(t.display_decl(fp, "f"), "int (*f)(int)");
    }
}
