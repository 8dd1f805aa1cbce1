//! C integer types as the generator sees them: names, widths under a data
//! model, signedness, and C's integer promotions and usual arithmetic
//! conversions (C11 6.3.1.1, 6.3.1.8), which the generator needs to keep
//! shift counts in range.

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Int {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LLong,
    ULLong,
}

pub const ALL: [Int; 12] = [
    Int::Bool,
    Int::Char,
    Int::SChar,
    Int::UChar,
    Int::Short,
    Int::UShort,
    Int::Int,
    Int::UInt,
    Int::Long,
    Int::ULong,
    Int::LLong,
    Int::ULLong,
];

impl Int {
    pub fn name(self) -> &'static str {
        match self {
            Int::Bool => "_Bool",
            Int::Char => "char",
            Int::SChar => "signed char",
            Int::UChar => "unsigned char",
            Int::Short => "short",
            Int::UShort => "unsigned short",
            Int::Int => "int",
            Int::UInt => "unsigned int",
            Int::Long => "long",
            Int::ULong => "unsigned long",
            Int::LLong => "long long",
            Int::ULLong => "unsigned long long",
        }
    }

    /// Value bits (a `_Bool` holds one).
    pub fn width(self, lp64: bool) -> u32 {
        match self {
            Int::Bool => 1,
            Int::Char | Int::SChar | Int::UChar => 8,
            Int::Short | Int::UShort => 16,
            Int::Int | Int::UInt => 32,
            Int::Long | Int::ULong => {
                if lp64 {
                    64
                } else {
                    32
                }
            }
            Int::LLong | Int::ULLong => 64,
        }
    }

    /// Plain `char` is signed on x86, as in gcc and Lore.
    pub fn signed(self) -> bool {
        matches!(
            self,
            Int::Char | Int::SChar | Int::Short | Int::Int | Int::Long | Int::LLong
        )
    }

    fn rank(self) -> u8 {
        match self {
            Int::Bool => 0,
            Int::Char | Int::SChar | Int::UChar => 1,
            Int::Short | Int::UShort => 2,
            Int::Int | Int::UInt => 3,
            Int::Long | Int::ULong => 4,
            Int::LLong | Int::ULLong => 5,
        }
    }

    pub fn unsigned(self) -> Int {
        match self {
            Int::Char | Int::SChar => Int::UChar,
            Int::Short => Int::UShort,
            Int::Int => Int::UInt,
            Int::Long => Int::ULong,
            Int::LLong => Int::ULLong,
            other => other,
        }
    }

    /// The integer promotions: everything below `int` fits in `int`.
    pub fn promoted(self) -> Int {
        if self.rank() < Int::Int.rank() {
            Int::Int
        } else {
            self
        }
    }

    /// The type in which `a op b` is computed.
    pub fn arithmetic(a: Int, b: Int, lp64: bool) -> Int {
        let (a, b) = (a.promoted(), b.promoted());
        if a == b {
            return a;
        }
        if a.signed() == b.signed() {
            return if a.rank() >= b.rank() { a } else { b };
        }
        let (s, u) = if a.signed() { (a, b) } else { (b, a) };
        if u.rank() >= s.rank() {
            u
        } else if s.width(lp64) > u.width(lp64) {
            s
        } else {
            s.unsigned()
        }
    }

    /// The unsigned type of at least `int`'s rank holding this type's
    /// values: arithmetic in it never overflows (it wraps).
    pub fn wrapping(self) -> Int {
        self.promoted().unsigned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_arithmetic_conversions() {
        assert_eq!(Int::arithmetic(Int::Char, Int::UShort, false), Int::Int);
        assert_eq!(Int::arithmetic(Int::Int, Int::UInt, false), Int::UInt);
        assert_eq!(Int::arithmetic(Int::Long, Int::UInt, false), Int::ULong);
        assert_eq!(Int::arithmetic(Int::Long, Int::UInt, true), Int::Long);
        assert_eq!(Int::arithmetic(Int::LLong, Int::ULong, false), Int::LLong);
        assert_eq!(Int::arithmetic(Int::LLong, Int::ULong, true), Int::ULLong);
        assert_eq!(Int::arithmetic(Int::Bool, Int::Bool, true), Int::Int);
    }
}
