//! IEEE 754 binary floating point, built from bit-vector terms: every
//! operation is a circuit over the operands' bits, exact and rounded to
//! nearest, ties to even, generic in the widths of exponent and fraction
//! (so small formats can be checked exhaustively).
//!
//! Each operation computes the exact result as a sign, a binary exponent
//! and an integer significand (with the bits it dropped folded into a
//! sticky bit), and [`round`] turns that into the nearest representable
//! value: normal, subnormal, zero or infinity. A NaN result is always the
//! one quiet NaN [`nan`] (the concrete replay does the same), so programs
//! that look at a NaN's bits see the same bits in both.

use crate::ssa::{Binary, TermId, Terms, FALSE};

/// A binary interchange format: exponent and fraction widths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    pub exponent: u32,
    pub fraction: u32,
}

impl Format {
    pub const SINGLE: Format = Format {
        exponent: 8,
        fraction: 23,
    };
    pub const DOUBLE: Format = Format {
        exponent: 11,
        fraction: 52,
    };

    /// Bits of a value.
    pub fn width(self) -> u32 {
        1 + self.exponent + self.fraction
    }

    fn bias(self) -> u128 {
        (1 << (self.exponent - 1)) - 1
    }

    /// The quiet NaN every NaN-producing operation returns.
    pub fn nan_bits(self) -> u128 {
        ((1u128 << self.exponent) - 1) << self.fraction | 1 << (self.fraction - 1)
    }
}

/// Width of the signed exponent arithmetic (exponents stay within ±2^18).
const EW: u32 = 20;

fn c(t: &mut Terms, v: u128, w: u32) -> TermId {
    t.constant(v, w)
}

/// A signed exponent constant.
fn ec(t: &mut Terms, v: i64) -> TermId {
    t.constant(v as i128 as u128, EW)
}

fn bin(t: &mut Terms, op: Binary, a: TermId, b: TermId) -> TermId {
    t.binary(op, a, b)
}

fn eq_const(t: &mut Terms, a: TermId, v: u128) -> TermId {
    let w = t.width(a);
    let k = c(t, v, w);
    bin(t, Binary::Eq, a, k)
}

fn nonzero(t: &mut Terms, a: TermId) -> TermId {
    let z = eq_const(t, a, 0);
    t.not(z)
}

fn bit(t: &mut Terms, a: TermId, i: u32) -> TermId {
    t.extract(a, i, 1)
}

/// Sign, exponent field and fraction field.
fn fields(t: &mut Terms, f: Format, x: TermId) -> (TermId, TermId, TermId) {
    let sign = bit(t, x, f.exponent + f.fraction);
    let exp = t.extract(x, f.fraction, f.exponent);
    let frac = t.extract(x, 0, f.fraction);
    (sign, exp, frac)
}

pub fn nan(t: &mut Terms, f: Format) -> TermId {
    c(t, f.nan_bits(), f.width())
}

fn infinity(t: &mut Terms, f: Format, sign: TermId) -> TermId {
    let mag = c(
        t,
        ((1u128 << f.exponent) - 1) << f.fraction,
        f.exponent + f.fraction,
    );
    t.concat(sign, mag)
}

fn zero(t: &mut Terms, f: Format, sign: TermId) -> TermId {
    let mag = c(t, 0, f.exponent + f.fraction);
    t.concat(sign, mag)
}

pub fn is_nan(t: &mut Terms, f: Format, x: TermId) -> TermId {
    let (_, exp, frac) = fields(t, f, x);
    let all = eq_const(t, exp, (1 << f.exponent) - 1);
    let some = nonzero(t, frac);
    t.and(all, some)
}

pub fn is_infinite(t: &mut Terms, f: Format, x: TermId) -> TermId {
    let (_, exp, frac) = fields(t, f, x);
    let all = eq_const(t, exp, (1 << f.exponent) - 1);
    let none = eq_const(t, frac, 0);
    t.and(all, none)
}

pub fn is_zero(t: &mut Terms, f: Format, x: TermId) -> TermId {
    let mag = t.extract(x, 0, f.exponent + f.fraction);
    eq_const(t, mag, 0)
}

pub fn is_subnormal(t: &mut Terms, f: Format, x: TermId) -> TermId {
    let (_, exp, frac) = fields(t, f, x);
    let z = eq_const(t, exp, 0);
    let some = nonzero(t, frac);
    t.and(z, some)
}

pub fn is_normal(t: &mut Terms, f: Format, x: TermId) -> TermId {
    let (_, exp, _) = fields(t, f, x);
    let z = eq_const(t, exp, 0);
    let all = eq_const(t, exp, (1 << f.exponent) - 1);
    let special = t.or(z, all);
    t.not(special)
}

pub fn sign_bit(t: &mut Terms, f: Format, x: TermId) -> TermId {
    bit(t, x, f.exponent + f.fraction)
}

pub fn neg(t: &mut Terms, f: Format, x: TermId) -> TermId {
    let s = sign_bit(t, f, x);
    let ns = t.not(s);
    let mag = t.extract(x, 0, f.exponent + f.fraction);
    t.concat(ns, mag)
}

pub fn abs(t: &mut Terms, f: Format, x: TermId) -> TermId {
    let mag = t.extract(x, 0, f.exponent + f.fraction);
    t.concat(FALSE, mag)
}

/// The significand with its hidden bit (m + 1 bits) and the exponent of
/// its last bit: the value is `sig × 2^exp`.
fn unpack(t: &mut Terms, f: Format, x: TermId) -> (TermId, TermId, TermId) {
    let (sign, exp, frac) = fields(t, f, x);
    let normal = nonzero(t, exp);
    let sig = t.concat(normal, frac);
    let e = t.zext(exp, EW);
    let one = ec(t, 1);
    let e_eff = t.ite(normal, e, one);
    let shift = ec(t, f.bias() as i64 + i64::from(f.fraction));
    let e_last = bin(t, Binary::Sub, e_eff, shift);
    (sign, sig, e_last)
}

/// `sig` shifted left until its top bit is set, and the shift (EW bits).
fn normalize(t: &mut Terms, sig: TermId) -> (TermId, TermId) {
    let w = t.width(sig);
    let mut s = sig;
    let mut count = ec(t, 0);
    if w < 2 {
        return (s, count);
    }
    let mut k = 1u32 << (31 - (w - 1).leading_zeros());
    while k >= 1 {
        let top = t.extract(s, w - k, k);
        let empty = eq_const(t, top, 0);
        let amount = c(t, u128::from(k), w);
        let shifted = bin(t, Binary::Shl, s, amount);
        s = t.ite(empty, shifted, s);
        let kk = ec(t, i64::from(k));
        let plus = bin(t, Binary::Add, count, kk);
        count = t.ite(empty, plus, count);
        k /= 2;
    }
    (s, count)
}

/// An EW-bit amount as a shift amount for a `w`-bit value (`amount` < 2^w).
fn amount_for(t: &mut Terms, amount: TermId, w: u32) -> TermId {
    if w >= EW {
        t.zext(amount, w)
    } else {
        t.extract(amount, 0, w)
    }
}

/// `x >> amount`, and whether a set bit was shifted out.
fn shift_right_sticky(t: &mut Terms, x: TermId, amount: TermId) -> (TermId, TermId) {
    let w = t.width(x);
    let shifted = bin(t, Binary::LShr, x, amount);
    let one = c(t, 1, w);
    let high = bin(t, Binary::Shl, one, amount);
    let mask = bin(t, Binary::Sub, high, one);
    let lost_bits = t.and(x, mask);
    let lost = nonzero(t, lost_bits);
    (shifted, lost)
}

/// The value `(-1)^sign × sig × 2^exp` (sig unsigned, at least m + 3 bits;
/// exp signed, EW bits) rounded to nearest, ties to even, in format `f`.
pub fn round(t: &mut Terms, f: Format, sign: TermId, exp: TermId, sig: TermId) -> TermId {
    let m = f.fraction;
    let w = t.width(sig);
    assert!(w >= m + 3, "round needs guard bits");
    let is_zero = eq_const(t, sig, 0);
    let (sig, lz) = normalize(t, sig);
    // The biased exponent of the leading bit.
    let lead = ec(t, i64::from(w - 1) + f.bias() as i64);
    let e1 = bin(t, Binary::Add, exp, lead);
    let biased = bin(t, Binary::Sub, e1, lz);
    // Below the normal range: shift right to the subnormal scale.
    let one = ec(t, 1);
    let tiny = bin(t, Binary::Slt, biased, one);
    let below = bin(t, Binary::Sub, one, biased);
    let cap = ec(t, i64::from(w - 1));
    let too_far = bin(t, Binary::Slt, cap, below);
    let below = t.ite(too_far, cap, below);
    let zero_e = ec(t, 0);
    let extra = t.ite(tiny, below, zero_e);
    let amount = amount_for(t, extra, w);
    let (sig, lost) = shift_right_sticky(t, sig, amount);
    let biased = t.ite(tiny, one, biased);
    // Keep m + 1 bits; the next is the guard, the rest are sticky.
    let kept = t.extract(sig, w - m - 1, m + 1);
    let guard = bit(t, sig, w - m - 2);
    let sticky = if w - m - 2 > 0 {
        let rest = t.extract(sig, 0, w - m - 2);
        let r = nonzero(t, rest);
        t.or(r, lost)
    } else {
        lost
    };
    let lsb = bit(t, kept, 0);
    let either = t.or(sticky, lsb);
    let up = t.and(guard, either);
    let kept2 = t.zext(kept, m + 2);
    let up2 = t.zext(up, m + 2);
    let rounded = bin(t, Binary::Add, kept2, up2);
    let carry = bit(t, rounded, m + 1);
    let hi = t.extract(rounded, 1, m + 1);
    let lo = t.extract(rounded, 0, m + 1);
    let significand = t.ite(carry, hi, lo);
    let carry_e = t.zext(carry, EW);
    let biased = bin(t, Binary::Add, biased, carry_e);
    let normal = bit(t, significand, m);
    let exp_field = t.extract(biased, 0, f.exponent);
    let zero_field = c(t, 0, f.exponent);
    let exp_field = t.ite(normal, exp_field, zero_field);
    let max = ec(t, (1i64 << f.exponent) - 1);
    let overflow = bin(t, Binary::Sle, max, biased);
    let frac = t.extract(significand, 0, m);
    let body = t.concat(exp_field, frac);
    let packed = t.concat(sign, body);
    let inf = infinity(t, f, sign);
    let z = zero(t, f, sign);
    let finite = t.ite(overflow, inf, packed);
    t.ite(is_zero, z, finite)
}

/// Notes `r` as the infix operation `op` of format `f` on `a` and `b`.
fn infix(t: &mut Terms, f: Format, op: &str, a: TermId, b: TermId, r: TermId) -> TermId {
    t.note(r, format!("{op}{}", f.width()), true, true, &[a, b]);
    r
}

/// The special values among two operands.
struct Specials {
    any_nan: TermId,
    inf_a: TermId,
    inf_b: TermId,
    zero_a: TermId,
    zero_b: TermId,
}

fn specials(t: &mut Terms, f: Format, a: TermId, b: TermId) -> Specials {
    let nan_a = is_nan(t, f, a);
    let nan_b = is_nan(t, f, b);
    Specials {
        any_nan: t.or(nan_a, nan_b),
        inf_a: is_infinite(t, f, a),
        inf_b: is_infinite(t, f, b),
        zero_a: is_zero(t, f, a),
        zero_b: is_zero(t, f, b),
    }
}

pub fn add(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let r = add_circuit(t, f, a, b);
    infix(t, f, "+f", a, b, r)
}

fn add_circuit(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let m = f.fraction;
    let Specials {
        any_nan,
        inf_a,
        inf_b,
        ..
    } = specials(t, f, a, b);
    let sa = sign_bit(t, f, a);
    let sb = sign_bit(t, f, b);
    let differ = bin(t, Binary::Xor, sa, sb);
    let both_inf = t.and(inf_a, inf_b);
    let opposite_inf = t.and(both_inf, differ);
    let invalid = t.or(any_nan, opposite_inf);
    // x is the operand of larger magnitude.
    let mag_a = t.extract(a, 0, f.exponent + m);
    let mag_b = t.extract(b, 0, f.exponent + m);
    let swap = bin(t, Binary::Ult, mag_a, mag_b);
    let x = t.ite(swap, b, a);
    let y = t.ite(swap, a, b);
    let (sx, sig_x, ex) = unpack(t, f, x);
    let (sy, sig_y, ey) = unpack(t, f, y);
    let w = m + 5;
    let three = c(t, 3, w);
    let sig_x = t.zext(sig_x, w);
    let sig_x = bin(t, Binary::Shl, sig_x, three);
    let sig_y = t.zext(sig_y, w);
    let sig_y = bin(t, Binary::Shl, sig_y, three);
    let d = bin(t, Binary::Sub, ex, ey);
    let cap = ec(t, i64::from(w));
    let far = bin(t, Binary::Slt, cap, d);
    let d = t.ite(far, cap, d);
    let amount = amount_for(t, d, w);
    let (aligned, lost) = shift_right_sticky(t, sig_y, amount);
    let lost = t.zext(lost, w);
    let aligned = t.or(aligned, lost);
    let subtract = bin(t, Binary::Xor, sx, sy);
    let diff = bin(t, Binary::Sub, sig_x, aligned);
    let sum = bin(t, Binary::Add, sig_x, aligned);
    let s = t.ite(subtract, diff, sum);
    let exact_zero = eq_const(t, s, 0);
    // An exact zero sum is +0, unless both addends were -0.
    let zero_sign = t.ite(subtract, FALSE, sx);
    let sign = t.ite(exact_zero, zero_sign, sx);
    let three_e = ec(t, 3);
    let e = bin(t, Binary::Sub, ex, three_e);
    let r = round(t, f, sign, e, s);
    let n = nan(t, f);
    let r = t.ite(inf_b, b, r);
    let r = t.ite(inf_a, a, r);
    t.ite(invalid, n, r)
}

pub fn sub(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let nb = neg(t, f, b);
    let r = add(t, f, a, nb);
    infix(t, f, "-f", a, b, r)
}

pub fn mul(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let r = mul_circuit(t, f, a, b);
    infix(t, f, "*f", a, b, r)
}

fn mul_circuit(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let m = f.fraction;
    let Specials {
        any_nan,
        inf_a,
        inf_b,
        zero_a,
        zero_b,
    } = specials(t, f, a, b);
    let (sa, sig_a, ea) = unpack(t, f, a);
    let (sb, sig_b, eb) = unpack(t, f, b);
    let sign = bin(t, Binary::Xor, sa, sb);
    let w = 2 * m + 3;
    let x = t.zext(sig_a, w);
    let y = t.zext(sig_b, w);
    let p = bin(t, Binary::Mul, x, y);
    let e = bin(t, Binary::Add, ea, eb);
    let r = round(t, f, sign, e, p);
    let inf_zero = t.and(inf_a, zero_b);
    let zero_inf = t.and(zero_a, inf_b);
    let bad = t.or(inf_zero, zero_inf);
    let invalid = t.or(any_nan, bad);
    let any_inf = t.or(inf_a, inf_b);
    let inf = infinity(t, f, sign);
    let n = nan(t, f);
    let r = t.ite(any_inf, inf, r);
    t.ite(invalid, n, r)
}

pub fn div(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let r = div_circuit(t, f, a, b);
    infix(t, f, "/f", a, b, r)
}

fn div_circuit(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let m = f.fraction;
    let Specials {
        any_nan,
        inf_a,
        inf_b,
        zero_a,
        zero_b,
    } = specials(t, f, a, b);
    let (sa, sig_a, ea) = unpack(t, f, a);
    let (sb, sig_b, eb) = unpack(t, f, b);
    let sign = bin(t, Binary::Xor, sa, sb);
    let (sig_a, lza) = normalize(t, sig_a);
    let (sig_b, lzb) = normalize(t, sig_b);
    let ea = bin(t, Binary::Sub, ea, lza);
    let eb = bin(t, Binary::Sub, eb, lzb);
    let w = 2 * m + 5;
    let n = t.zext(sig_a, w);
    let shift = c(t, u128::from(m + 3), w);
    let n = bin(t, Binary::Shl, n, shift);
    let d = t.zext(sig_b, w);
    let q = bin(t, Binary::UDiv, n, d);
    let rem = bin(t, Binary::URem, n, d);
    let inexact = nonzero(t, rem);
    let inexact = t.zext(inexact, w);
    let q = t.or(q, inexact);
    let e = bin(t, Binary::Sub, ea, eb);
    let k = ec(t, i64::from(m + 3));
    let e = bin(t, Binary::Sub, e, k);
    let r = round(t, f, sign, e, q);
    let zz = t.and(zero_a, zero_b);
    let ii = t.and(inf_a, inf_b);
    let bad = t.or(zz, ii);
    let invalid = t.or(any_nan, bad);
    let by_zero = t.or(inf_a, zero_b);
    let inf = infinity(t, f, sign);
    let z = zero(t, f, sign);
    let r = t.ite(inf_b, z, r);
    let r = t.ite(by_zero, inf, r);
    let nn = nan(t, f);
    t.ite(invalid, nn, r)
}

/// `a == b`: false with a NaN, and -0 == +0.
pub fn equal(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let r = equal_circuit(t, f, a, b);
    infix(t, f, "==f", a, b, r)
}

fn equal_circuit(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let nan_a = is_nan(t, f, a);
    let nan_b = is_nan(t, f, b);
    let same = bin(t, Binary::Eq, a, b);
    let za = is_zero(t, f, a);
    let zb = is_zero(t, f, b);
    let zeros = t.and(za, zb);
    let eq = t.or(same, zeros);
    let unordered = t.or(nan_a, nan_b);
    let ordered = t.not(unordered);
    t.and(ordered, eq)
}

/// `a < b`: false with a NaN.
pub fn less(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let r = less_circuit(t, f, a, b);
    infix(t, f, "<f", a, b, r)
}

fn less_circuit(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let nan_a = is_nan(t, f, a);
    let nan_b = is_nan(t, f, b);
    let sa = sign_bit(t, f, a);
    let sb = sign_bit(t, f, b);
    let mag_a = t.extract(a, 0, f.exponent + f.fraction);
    let mag_b = t.extract(b, 0, f.exponent + f.fraction);
    let za = is_zero(t, f, a);
    let zb = is_zero(t, f, b);
    let zeros = t.and(za, zb);
    let not_zeros = t.not(zeros);
    // Signs differ: a < b when a is the negative one (and not both zero).
    let nsb = t.not(sb);
    let a_neg = t.and(sa, nsb);
    let mixed = t.and(a_neg, not_zeros);
    let up = bin(t, Binary::Ult, mag_a, mag_b);
    let down = bin(t, Binary::Ult, mag_b, mag_a);
    let nsa = t.not(sa);
    let both_pos = t.and(nsa, nsb);
    let both_neg = t.and(sa, sb);
    let pos = t.and(both_pos, up);
    let negs = t.and(both_neg, down);
    let same_sign = t.or(pos, negs);
    let lt = t.or(mixed, same_sign);
    let unordered = t.or(nan_a, nan_b);
    let ordered = t.not(unordered);
    t.and(ordered, lt)
}

pub fn less_equal(t: &mut Terms, f: Format, a: TermId, b: TermId) -> TermId {
    let lt = less(t, f, a, b);
    let eq = equal(t, f, a, b);
    let r = t.or(lt, eq);
    infix(t, f, "<=f", a, b, r)
}

/// An integer (`signed` or not) to the nearest value of format `f`.
pub fn from_int(t: &mut Terms, f: Format, x: TermId, signed: bool) -> TermId {
    let w = t.width(x);
    let negative = if signed { bit(t, x, w - 1) } else { FALSE };
    let minus = t.neg(x);
    let mag = t.ite(negative, minus, x);
    let width = w.max(f.fraction + 3);
    let mag = t.zext(mag, width);
    let e = ec(t, 0);
    let r = round(t, f, negative, e, mag);
    let name = format!("{}{w}_to_f{}", if signed { "s" } else { "u" }, f.width());
    t.note(r, name, false, false, &[x]);
    r
}

/// A value of format `f` to a `width`-bit integer, truncated toward zero;
/// NaN is 0 and values out of range saturate (as Rust's `as` does: C
/// leaves them undefined, and the replay computes the same).
pub fn to_int(t: &mut Terms, f: Format, x: TermId, width: u32, signed: bool) -> TermId {
    let nan_x = is_nan(t, f, x);
    let (sign, sig, e) = unpack(t, f, x);
    let wi = width + f.fraction + 2;
    let limit = ec(t, i64::from(width) + 1);
    let big = bin(t, Binary::Slt, limit, e);
    // (An infinity's exponent is only "big" in wide formats.)
    let inf_x = is_infinite(t, f, x);
    let big = t.or(big, inf_x);
    let zero_e = ec(t, 0);
    let left = bin(t, Binary::Sle, zero_e, e);
    let wide = t.zext(sig, wi);
    let up_amount = t.ite(big, zero_e, e);
    let up_amount = amount_for(t, up_amount, wi);
    let up = bin(t, Binary::Shl, wide, up_amount);
    let back = t.neg(e);
    let cap = ec(t, i64::from(wi));
    let very = bin(t, Binary::Slt, cap, back);
    let back = t.ite(very, cap, back);
    let down_amount = t.ite(left, zero_e, back);
    let down_amount = amount_for(t, down_amount, wi);
    let down = bin(t, Binary::LShr, wide, down_amount);
    let mag = t.ite(left, up, down);
    let low = t.extract(mag, 0, width);
    let minus = t.neg(low);
    let zero_w = c(t, 0, width);
    let result = if signed {
        let max_pos = c(t, (1u128 << (width - 1)) - 1, wi);
        let max_neg = c(t, 1u128 << (width - 1), wi);
        let over_pos = bin(t, Binary::Ult, max_pos, mag);
        let over_neg = bin(t, Binary::Ult, max_neg, mag);
        let over_pos = t.or(big, over_pos);
        let over_neg = t.or(big, over_neg);
        let int_max = c(t, (1u128 << (width - 1)) - 1, width);
        let int_min = c(t, 1u128 << (width - 1), width);
        let pos = t.ite(over_pos, int_max, low);
        let negv = t.ite(over_neg, int_min, minus);
        t.ite(sign, negv, pos)
    } else {
        let all = if width >= 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        let max = c(t, all, wi);
        let over = bin(t, Binary::Ult, max, mag);
        let over = t.or(big, over);
        let uint_max = c(t, all, width);
        let pos = t.ite(over, uint_max, low);
        t.ite(sign, zero_w, pos)
    };
    let r = t.ite(nan_x, zero_w, result);
    let name = format!(
        "f{}_to_{}{width}",
        f.width(),
        if signed { "s" } else { "u" }
    );
    t.note(r, name, false, true, &[x]);
    r
}

/// A value of format `from` to the nearest value of format `to`.
pub fn convert(t: &mut Terms, from: Format, to: Format, x: TermId) -> TermId {
    if from == to {
        return x;
    }
    let nan_x = is_nan(t, from, x);
    let inf_x = is_infinite(t, from, x);
    let (sign, sig, e) = unpack(t, from, x);
    let width = (from.fraction + 1).max(to.fraction + 3);
    let sig = t.zext(sig, width);
    let r = round(t, to, sign, e, sig);
    let inf = infinity(t, to, sign);
    let r = t.ite(inf_x, inf, r);
    let n = nan(t, to);
    let r = t.ite(nan_x, n, r);
    t.note(
        r,
        format!("f{}_to_f{}", from.width(), to.width()),
        false,
        true,
        &[x],
    );
    r
}

#[cfg(test)]
mod tests;
