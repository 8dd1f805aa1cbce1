//! Every operation against Rust's `f32`/`f64` (bit patterns; NaN as "is
//! NaN"), on operands weighted toward the hard cases, by folding the
//! circuit on constants; and exhaustively on a small format against an
//! exact rational reference.

use super::*;

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn hard_f64(r: &mut Rng) -> f64 {
    let specials = [
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        f64::MAX,
        -f64::MAX,
        f64::EPSILON,
        1.0,
        -1.0,
        0.5,
        3.0,
        f64::from_bits(1),
        f64::from_bits(0x000F_FFFF_FFFF_FFFF),
        1.0 + f64::EPSILON,
        2f64.powi(1023),
        2f64.powi(-1022) * 1.5,
    ];
    match r.next() % 6 {
        0 => specials[(r.next() % specials.len() as u64) as usize],
        // Subnormals.
        1 => f64::from_bits(r.next() & 0x800F_FFFF_FFFF_FFFF),
        // Near the top of the range.
        2 => f64::from_bits((r.next() & 0x801F_FFFF_FFFF_FFFF) | 0x7FE0_0000_0000_0000),
        // Few significant bits: many ties and exact results.
        3 => {
            let v = (r.next() % 4096) as f64 / 8.0;
            if r.next() % 2 == 0 {
                v
            } else {
                -v
            }
        }
        // Close exponents.
        4 => f64::from_bits((r.next() & 0x800F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000),
        _ => f64::from_bits(r.next()),
    }
}

fn hard_f32(r: &mut Rng) -> f32 {
    match r.next() % 4 {
        0 => hard_f64(r) as f32,
        1 => f32::from_bits((r.next() as u32) & 0x807F_FFFF),
        2 => f32::from_bits(((r.next() as u32) & 0x80FF_FFFF) | 0x3F00_0000),
        _ => f32::from_bits(r.next() as u32),
    }
}

fn folded(t: &Terms, x: TermId) -> u128 {
    t.as_const(x).expect("the circuit folds on constants")
}

fn same64(got: u128, want: f64, what: &str) {
    if want.is_nan() {
        assert!(
            f64::from_bits(got as u64).is_nan(),
            "{what}: want NaN, got {got:#x}"
        );
    } else {
        assert_eq!(
            got as u64,
            want.to_bits(),
            "{what}: want {want:e}, got {:e}",
            f64::from_bits(got as u64)
        );
    }
}

fn same32(got: u128, want: f32, what: &str) {
    if want.is_nan() {
        assert!(
            f32::from_bits(got as u32).is_nan(),
            "{what}: want NaN, got {got:#x}"
        );
    } else {
        assert_eq!(
            got as u32,
            want.to_bits(),
            "{what}: want {want:e}, got {:e}",
            f32::from_bits(got as u32)
        );
    }
}

#[test]
fn double_arithmetic_matches_rust() {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let f = Format::DOUBLE;
    for _ in 0..4000 {
        let (a, b) = (hard_f64(&mut r), hard_f64(&mut r));
        let mut t = Terms::new();
        let x = t.constant(u128::from(a.to_bits()), 64);
        let y = t.constant(u128::from(b.to_bits()), 64);
        let what = format!("{a:e} ({:#x}), {b:e} ({:#x})", a.to_bits(), b.to_bits());
        let s = add(&mut t, f, x, y);
        same64(folded(&t, s), a + b, &format!("add {what}"));
        let s = sub(&mut t, f, x, y);
        same64(folded(&t, s), a - b, &format!("sub {what}"));
        let p = mul(&mut t, f, x, y);
        same64(folded(&t, p), a * b, &format!("mul {what}"));
        let q = div(&mut t, f, x, y);
        same64(folded(&t, q), a / b, &format!("div {what}"));
        let e = equal(&mut t, f, x, y);
        assert_eq!(folded(&t, e) == 1, a == b, "eq {what}");
        let l = less(&mut t, f, x, y);
        assert_eq!(folded(&t, l) == 1, a < b, "lt {what}");
        let le = less_equal(&mut t, f, x, y);
        assert_eq!(folded(&t, le) == 1, a <= b, "le {what}");
    }
}

#[test]
fn single_arithmetic_matches_rust() {
    let mut r = Rng(0xD1B5_4A32_D192_ED03);
    let f = Format::SINGLE;
    for _ in 0..6000 {
        let (a, b) = (hard_f32(&mut r), hard_f32(&mut r));
        let mut t = Terms::new();
        let x = t.constant(u128::from(a.to_bits()), 32);
        let y = t.constant(u128::from(b.to_bits()), 32);
        let what = format!("{a:e} ({:#x}), {b:e} ({:#x})", a.to_bits(), b.to_bits());
        let s = add(&mut t, f, x, y);
        same32(folded(&t, s), a + b, &format!("add {what}"));
        let p = mul(&mut t, f, x, y);
        same32(folded(&t, p), a * b, &format!("mul {what}"));
        let q = div(&mut t, f, x, y);
        same32(folded(&t, q), a / b, &format!("div {what}"));
        let l = less(&mut t, f, x, y);
        assert_eq!(folded(&t, l) == 1, a < b, "lt {what}");
    }
}

#[test]
fn conversions_match_rust() {
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..4000 {
        let d = hard_f64(&mut r);
        let s = hard_f32(&mut r);
        let mut t = Terms::new();
        let x = t.constant(u128::from(d.to_bits()), 64);
        let y = t.constant(u128::from(s.to_bits()), 32);
        let n = convert(&mut t, Format::DOUBLE, Format::SINGLE, x);
        same32(folded(&t, n), d as f32, &format!("narrow {d:e}"));
        let w = convert(&mut t, Format::SINGLE, Format::DOUBLE, y);
        same64(folded(&t, w), f64::from(s), &format!("widen {s:e}"));
        let i = to_int(&mut t, Format::DOUBLE, x, 32, true);
        assert_eq!(folded(&t, i) as u32, (d as i32) as u32, "to i32 {d:e}");
        let i = to_int(&mut t, Format::DOUBLE, x, 64, false);
        assert_eq!(folded(&t, i) as u64, d as u64, "to u64 {d:e}");
        let i = to_int(&mut t, Format::SINGLE, y, 8, true);
        assert_eq!(folded(&t, i) as u8, (s as i8) as u8, "to i8 {s:e}");
        let i = to_int(&mut t, Format::SINGLE, y, 64, true);
        assert_eq!(folded(&t, i) as u64, (s as i64) as u64, "to i64 {s:e}");
        let k = r.next();
        let ki = t.constant(u128::from(k), 64);
        let v = from_int(&mut t, Format::DOUBLE, ki, true);
        same64(
            folded(&t, v),
            k as i64 as f64,
            &format!("from i64 {}", k as i64),
        );
        let v = from_int(&mut t, Format::SINGLE, ki, false);
        same32(folded(&t, v), k as f32, &format!("from u64 {k}"));
        let k32 = t.constant(u128::from(k as u32), 32);
        let v = from_int(&mut t, Format::SINGLE, k32, true);
        same32(
            folded(&t, v),
            k as u32 as i32 as f32,
            &format!("from i32 {}", k as u32 as i32),
        );
    }
}

/// A value of a small format as an f64 (exact), or None for NaN.
fn small_to_f64(f: Format, bits: u128) -> Option<f64> {
    let m = f.fraction;
    let exp = ((bits >> m) & ((1 << f.exponent) - 1)) as i32;
    let frac = (bits & ((1 << m) - 1)) as f64;
    let neg = bits >> (f.exponent + m) & 1 == 1;
    let bias = f.bias() as i32;
    let mag = if exp == (1 << f.exponent) - 1 {
        if frac != 0.0 {
            return None;
        }
        f64::INFINITY
    } else if exp == 0 {
        frac * 2f64.powi(1 - bias - m as i32)
    } else {
        (frac + 2f64.powi(m as i32)) * 2f64.powi(exp - bias - m as i32)
    };
    Some(if neg { -mag } else { mag })
}

/// The small-format value nearest to `x` (ties to the even fraction;
/// infinity from the largest value plus half its ulp), by brute force.
fn small_nearest(f: Format, x: f64) -> u128 {
    let n = 1u128 << f.width();
    let sign = u128::from(x.is_sign_negative()) << (f.exponent + f.fraction);
    let finite: Vec<(u128, f64)> = (0..n)
        .filter(|b| b & (1 << (f.exponent + f.fraction)) == sign)
        .filter_map(|b| small_to_f64(f, b).filter(|v| v.is_finite()).map(|v| (b, v)))
        .collect();
    let max = finite.iter().map(|(_, v)| v.abs()).fold(0.0, f64::max);
    let emax = (1i32 << f.exponent) - 2 - f.bias() as i32;
    let ulp = 2f64.powi(emax - f.fraction as i32);
    if x.abs() >= max + ulp / 2.0 {
        return sign | ((1u128 << f.exponent) - 1) << f.fraction;
    }
    let mut best = finite[0];
    for &(b, v) in &finite {
        let (d, e) = ((v - x).abs(), (best.1 - x).abs());
        if d < e || (d == e && b & 1 == 0) {
            best = (b, v);
        }
    }
    best.0
}

/// Every value of the small format: widened to double exactly, to an
/// 8-bit integer truncated (saturating), and back from every 8-bit
/// integer to the nearest value.
#[test]
fn small_format_conversions_are_exhaustively_right() {
    let f = Format {
        exponent: 3,
        fraction: 2,
    };
    for a in 0..1u128 << f.width() {
        let mut t = Terms::new();
        let ta = t.constant(a, f.width());
        let wide = convert(&mut t, f, Format::DOUBLE, ta);
        let got = folded(&t, wide);
        let to_i8 = to_int(&mut t, f, ta, 8, true);
        match small_to_f64(f, a) {
            None => {
                assert!(f64::from_bits(got as u64).is_nan(), "{a:#x}");
                assert_eq!(folded(&t, to_i8), 0, "{a:#x} to i8");
            }
            Some(x) => {
                assert_eq!(got as u64, x.to_bits(), "{a:#x} widened");
                assert_eq!(folded(&t, to_i8) as u8, (x as i8) as u8, "{a:#x} to i8");
            }
        }
    }
    for k in 0..256u128 {
        let mut t = Terms::new();
        let tk = t.constant(k, 8);
        let v = from_int(&mut t, f, tk, true);
        let want = small_nearest(f, f64::from(k as u8 as i8));
        assert_eq!(folded(&t, v), want, "{} to the small format", k as u8 as i8);
    }
}

/// Every pair of a format with a 3-bit exponent and a 2-bit fraction:
/// sum, difference, product and quotient are the nearest value (ties
/// to even), computed exactly in f64 and rounded by brute force.
#[test]
fn small_format_is_exhaustively_nearest() {
    let f = Format {
        exponent: 3,
        fraction: 2,
    };
    let n = 1u128 << f.width();
    for a in 0..n {
        for b in 0..n {
            let (Some(x), Some(y)) = (small_to_f64(f, a), small_to_f64(f, b)) else {
                continue;
            };
            let mut t = Terms::new();
            let ta = t.constant(a, f.width());
            let tb = t.constant(b, f.width());
            // Exact in f64: the operands have 3 significant bits.
            for (name, op, exact) in [
                (
                    "+",
                    add as fn(&mut Terms, Format, TermId, TermId) -> TermId,
                    x + y,
                ),
                ("-", sub, x - y),
                ("*", mul, x * y),
            ] {
                let r = op(&mut t, f, ta, tb);
                let got = folded(&t, r);
                if exact.is_nan() {
                    assert!(small_to_f64(f, got).is_none(), "{a:#x} {name} {b:#x}");
                } else {
                    assert_eq!(
                        got,
                        small_nearest(f, exact),
                        "{a:#x} {name} {b:#x} = {exact}"
                    );
                }
            }
            for (name, op, want) in [
                (
                    "==",
                    equal as fn(&mut Terms, Format, TermId, TermId) -> TermId,
                    x == y,
                ),
                ("<", less, x < y),
                ("<=", less_equal, x <= y),
            ] {
                let r = op(&mut t, f, ta, tb);
                assert_eq!(folded(&t, r) == 1, want, "{a:#x} {name} {b:#x}");
            }
            // A quotient is not exact in f64, but rounding it to f64
            // first cannot change the nearest small value (53 bits ≫ 3).
            let r = div(&mut t, f, ta, tb);
            let got = folded(&t, r);
            let q = x / y;
            if q.is_nan() {
                assert!(small_to_f64(f, got).is_none(), "{a:#x} / {b:#x}");
            } else {
                assert_eq!(got, small_nearest(f, q), "{a:#x} / {b:#x} = {q}");
            }
        }
    }
}

/// The same circuits bit-blasted and solved (operands pinned by
/// equalities on free inputs) give the same bits as folding.
#[test]
fn solved_circuits_agree_with_rust() {
    use crate::blast::Blaster;
    use crate::solver::{SolveResult, Varisat};
    let mut r = Rng(0x0123_4567_89AB_CDEF);
    for _ in 0..12 {
        let (a, b) = (hard_f32(&mut r), hard_f32(&mut r));
        let f = Format::SINGLE;
        let mut t = Terms::new();
        let x = t.input("x".into(), 32);
        let y = t.input("y".into(), 32);
        let ka = t.constant(u128::from(a.to_bits()), 32);
        let kb = t.constant(u128::from(b.to_bits()), 32);
        let pa = t.binary(Binary::Eq, x, ka);
        let pb = t.binary(Binary::Eq, y, kb);
        let results = [
            (add(&mut t, f, x, y), a + b),
            (mul(&mut t, f, x, y), a * b),
            (div(&mut t, f, x, y), a / b),
        ];
        let d = to_int(&mut t, f, x, 32, true);
        let mut blaster = Blaster::new(Varisat::new());
        let la = blaster.blast(&t, pa)[0];
        let lb = blaster.blast(&t, pb)[0];
        for (term, _) in &results {
            blaster.blast(&t, *term);
        }
        blaster.blast(&t, d);
        assert_eq!(blaster.circuit.solve(&[la, lb]), SolveResult::Sat);
        for (term, want) in results {
            same32(blaster.value(term).unwrap(), want, &format!("{a:e}, {b:e}"));
        }
        assert_eq!(
            blaster.value(d).unwrap() as u32,
            (a as i32) as u32,
            "to int {a:e}"
        );
    }
}
