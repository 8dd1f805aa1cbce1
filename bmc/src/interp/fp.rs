//! Floating point computed with Rust's `f32`/`f64` (IEEE 754, round to
//! nearest even), independently of the circuits of `float.rs`; a NaN
//! result is the same quiet NaN the circuits produce.

use crate::float::Format;
use lore_frontend::ir::{BinaryOp, FloatTest, UnaryOp};

enum V {
    S(f32),
    D(f64),
}

fn get(f: Format, x: u128) -> V {
    if f == Format::SINGLE {
        V::S(f32::from_bits(x as u32))
    } else {
        V::D(f64::from_bits(x as u64))
    }
}

fn put(v: V) -> u128 {
    match v {
        V::S(x) if x.is_nan() => Format::SINGLE.nan_bits(),
        V::D(x) if x.is_nan() => Format::DOUBLE.nan_bits(),
        V::S(x) => u128::from(x.to_bits()),
        V::D(x) => u128::from(x.to_bits()),
    }
}

pub fn is_zero(f: Format, x: u128) -> bool {
    match get(f, x) {
        V::S(v) => v == 0.0,
        V::D(v) => v == 0.0,
    }
}

pub fn unary(op: UnaryOp, f: Format, x: u128) -> Option<u128> {
    let sign = 1u128 << (f.width() - 1);
    let (nan, inf, normal) = match get(f, x) {
        V::S(v) => (v.is_nan(), v.is_infinite(), v.is_normal()),
        V::D(v) => (v.is_nan(), v.is_infinite(), v.is_normal()),
    };
    Some(match op {
        UnaryOp::Neg => x ^ sign,
        UnaryOp::FloatAbs => x & !sign,
        UnaryOp::FloatTest(FloatTest::Nan) => u128::from(nan),
        UnaryOp::FloatTest(FloatTest::Infinite) => u128::from(inf),
        UnaryOp::FloatTest(FloatTest::Finite) => u128::from(!nan && !inf),
        UnaryOp::FloatTest(FloatTest::Normal) => u128::from(normal),
        UnaryOp::FloatTest(FloatTest::SignBit) => u128::from(x & sign != 0),
        UnaryOp::BitNot | UnaryOp::Not => return None,
    })
}

pub fn binary(op: BinaryOp, f: Format, x: u128, y: u128) -> Option<u128> {
    macro_rules! on {
        ($a:expr, $b:expr, $wrap:path) => {{
            let (a, b) = ($a, $b);
            Some(match op {
                BinaryOp::Add => put($wrap(a + b)),
                BinaryOp::Sub => put($wrap(a - b)),
                BinaryOp::Mul => put($wrap(a * b)),
                BinaryOp::Div => put($wrap(a / b)),
                BinaryOp::Eq => u128::from(a == b),
                BinaryOp::Ne => u128::from(a != b),
                BinaryOp::Lt => u128::from(a < b),
                BinaryOp::Le => u128::from(a <= b),
                BinaryOp::Gt => u128::from(a > b),
                BinaryOp::Ge => u128::from(a >= b),
                _ => return None,
            })
        }};
    }
    match (get(f, x), get(f, y)) {
        (V::S(a), V::S(b)) => on!(a, b, V::S),
        (V::D(a), V::D(b)) => on!(a, b, V::D),
        _ => None,
    }
}

pub fn convert(from: Format, to: Format, x: u128) -> u128 {
    match (get(from, x), to == Format::SINGLE) {
        (V::S(v), true) => put(V::S(v)),
        (V::S(v), false) => put(V::D(f64::from(v))),
        (V::D(v), true) => put(V::S(v as f32)),
        (V::D(v), false) => put(V::D(v)),
    }
}

/// Truncation toward zero; NaN is 0 and out-of-range values saturate
/// (Rust's `as`), as the circuits do.
pub fn to_int(f: Format, x: u128, width: u32, signed: bool) -> Option<u128> {
    let v = match get(f, x) {
        V::S(v) => f64::from(v),
        V::D(v) => v,
    };
    Some(match (width, signed) {
        (8, true) => (v as i8) as u8 as u128,
        (16, true) => (v as i16) as u16 as u128,
        (32, true) => (v as i32) as u32 as u128,
        (64, true) => (v as i64) as u64 as u128,
        (8, false) => u128::from(v as u8),
        (16, false) => u128::from(v as u16),
        (32, false) => u128::from(v as u32),
        (64, false) => u128::from(v as u64),
        _ => return None,
    })
}

pub fn from_int(f: Format, x: u128, width: u32, signed: bool) -> Option<u128> {
    if width > 64 {
        return None;
    }
    let single = f == Format::SINGLE;
    Some(if signed {
        let sh = 128 - width;
        let v = ((x << sh) as i128 >> sh) as i64;
        if single {
            put(V::S(v as f32))
        } else {
            put(V::D(v as f64))
        }
    } else {
        let v = x as u64;
        if single {
            put(V::S(v as f32))
        } else {
            put(V::D(v as f64))
        }
    })
}
