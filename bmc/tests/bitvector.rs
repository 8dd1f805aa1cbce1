//! Every integer operator's circuit against Rust's own arithmetic:
//! exhaustive for widths 1 to 4, random samples for 8, 16, 32 and 64 bits.
//! Inputs are free variables fixed by solver assumptions, so the circuits
//! (not constant folding) are what is tested.

use lore_bmc::bv::{Bv, Circuit};
use lore_bmc::solver::{Lit, SatSolver, SolveResult, Varisat};

#[derive(Copy, Clone, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    UDiv,
    URem,
    SDiv,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    Eq,
    Ult,
    Ule,
    Slt,
    Sle,
    Neg,
    Not,
}

const OPS: [Op; 20] = [
    Op::Add,
    Op::Sub,
    Op::Mul,
    Op::UDiv,
    Op::URem,
    Op::SDiv,
    Op::SRem,
    Op::Shl,
    Op::LShr,
    Op::AShr,
    Op::And,
    Op::Or,
    Op::Xor,
    Op::Eq,
    Op::Ult,
    Op::Ule,
    Op::Slt,
    Op::Sle,
    Op::Neg,
    Op::Not,
];

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn signed(v: u128, w: u32) -> i128 {
    let s = 128 - w;
    ((v << s) as i128) >> s
}

/// The expected result, computed with Rust integers of width `w`.
fn reference(op: Op, x: u128, y: u128, w: u32) -> u128 {
    let m = mask(w);
    let (sx, sy) = (signed(x, w), signed(y, w));
    let b = |c: bool| c as u128;
    match op {
        Op::Add => x.wrapping_add(y) & m,
        Op::Sub => x.wrapping_sub(y) & m,
        Op::Mul => x.wrapping_mul(y) & m,
        Op::UDiv => {
            if y == 0 {
                m
            } else {
                x / y
            }
        }
        Op::URem => {
            if y == 0 {
                x
            } else {
                x % y
            }
        }
        Op::SDiv => {
            if y == 0 {
                if sx < 0 {
                    1
                } else {
                    m
                }
            } else {
                (sx.wrapping_div(sy) as u128) & m
            }
        }
        Op::SRem => {
            if y == 0 {
                x
            } else {
                (sx.wrapping_rem(sy) as u128) & m
            }
        }
        Op::Shl => {
            if y >= u128::from(w) {
                0
            } else {
                (x << y) & m
            }
        }
        Op::LShr => {
            if y >= u128::from(w) {
                0
            } else {
                x >> y
            }
        }
        Op::AShr => {
            if y >= u128::from(w) {
                if sx < 0 {
                    m
                } else {
                    0
                }
            } else {
                ((sx >> y) as u128) & m
            }
        }
        Op::And => x & y,
        Op::Or => x | y,
        Op::Xor => x ^ y,
        Op::Eq => b(x == y),
        Op::Ult => b(x < y),
        Op::Ule => b(x <= y),
        Op::Slt => b(sx < sy),
        Op::Sle => b(sx <= sy),
        Op::Neg => x.wrapping_neg() & m,
        Op::Not => !x & m,
    }
}

fn build(c: &mut Circuit<Varisat>, op: Op, x: &Bv, y: &Bv) -> Bv {
    match op {
        Op::Add => c.add(x, y),
        Op::Sub => c.sub(x, y),
        Op::Mul => c.mul(x, y),
        Op::UDiv => c.udivrem(x, y).0,
        Op::URem => c.udivrem(x, y).1,
        Op::SDiv => c.sdivrem(x, y).0,
        Op::SRem => c.sdivrem(x, y).1,
        Op::Shl => c.shl(x, y),
        Op::LShr => c.lshr(x, y),
        Op::AShr => c.ashr(x, y),
        Op::And => c.and_bv(x, y),
        Op::Or => c.or_bv(x, y),
        Op::Xor => c.xor_bv(x, y),
        Op::Eq => vec![c.eq(x, y)],
        Op::Ult => vec![c.ult(x, y)],
        Op::Ule => vec![c.ule(x, y)],
        Op::Slt => vec![c.slt(x, y)],
        Op::Sle => vec![c.sle(x, y)],
        Op::Neg => c.neg(x),
        Op::Not => c.not_bv(x),
    }
}

fn fix(bv: &Bv, value: u128, out: &mut Vec<Lit>) {
    for (i, &l) in bv.iter().enumerate() {
        out.push(if (value >> i) & 1 == 1 { l } else { !l });
    }
}

fn check(op: Op, w: u32, pairs: impl Iterator<Item = (u128, u128)>) {
    let mut c = Circuit::new(Varisat::new());
    let x = c.fresh_bv(w);
    let y = c.fresh_bv(w);
    let r = build(&mut c, op, &x, &y);
    for (vx, vy) in pairs {
        let mut assumptions = Vec::new();
        fix(&x, vx, &mut assumptions);
        fix(&y, vy, &mut assumptions);
        assert_eq!(c.solver.solve(&assumptions), SolveResult::Sat);
        let got = c.value(&r);
        assert_eq!(
            got,
            reference(op, vx, vy, w),
            "{op:?} width {w}: x={vx:#x} y={vy:#x}"
        );
    }
}

#[test]
fn exhaustive_up_to_four_bits() {
    for w in 1..=4u32 {
        for op in OPS {
            let n = 1u128 << w;
            check(op, w, (0..n).flat_map(|x| (0..n).map(move |y| (x, y))));
        }
    }
}

struct SplitMix(u64);
impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Random values weighted toward the edges: 0, 1, all ones, the sign bit,
/// small shift amounts.
fn interesting(rng: &mut SplitMix, w: u32) -> u128 {
    let m = mask(w);
    match rng.next() % 8 {
        0 => 0,
        1 => 1,
        2 => m,
        3 => 1 << (w - 1),
        4 => u128::from(rng.next() % u64::from(w + 2)),
        5 => (1u128 << (w - 1)) - 1,
        _ => (u128::from(rng.next()) | u128::from(rng.next()) << 64) & m,
    }
}

#[test]
fn random_samples_at_machine_widths() {
    let mut rng = SplitMix(42);
    for w in [8u32, 16, 32, 64] {
        for op in OPS {
            let pairs: Vec<(u128, u128)> = (0..40)
                .map(|_| (interesting(&mut rng, w), interesting(&mut rng, w)))
                .collect();
            check(op, w, pairs.into_iter());
        }
    }
}

#[test]
fn extensions_and_structural_hashing() {
    let mut c = Circuit::new(Varisat::new());
    let x = c.fresh_bv(4);
    assert_eq!(Circuit::<Varisat>::sext(&x, 8)[7], x[3]);
    assert_eq!(Circuit::<Varisat>::zext(&x, 8)[7], Lit::FALSE);
    assert_eq!(Circuit::<Varisat>::zext(&x, 2), x[..2].to_vec());
    let y = c.fresh_bv(4);
    let before = c.gates();
    let a = c.add(&x, &y);
    let mid = c.gates();
    let b = c.add(&y, &x);
    assert_eq!(a, b, "the same sum is built once");
    assert_eq!(c.gates(), mid);
    assert!(mid > before);
    // Constants fold without gates.
    let k = Circuit::<Varisat>::const_bv(5, 4);
    let l = Circuit::<Varisat>::const_bv(6, 4);
    let g = c.gates();
    assert_eq!(Circuit::<Varisat>::as_const(&c.add(&k, &l)), Some(11));
    assert_eq!(c.gates(), g);
}

/// The multiplexer gate against its truth table, for every way its three
/// inputs can be drawn from two variables, their negations and the
/// constants (so every special case and the normalisations are met), and
/// with a shared gate asked for twice.
/// The value of a literal over `vars` (or a constant) under `a`.
fn lit_value(l: Lit, vars: [Lit; 3], a: [bool; 3]) -> bool {
    if l == Lit::TRUE {
        return true;
    }
    if l == Lit::FALSE {
        return false;
    }
    let i = vars.iter().position(|v| v.var() == l.var()).unwrap();
    a[i] != l.is_negated()
}

/// The assumptions that give `vars` the values `a`.
fn assignment(vars: [Lit; 3], a: [bool; 3]) -> Vec<Lit> {
    vars.iter()
        .zip(a)
        .map(|(&v, b)| if b { v } else { !v })
        .collect()
}

#[test]
fn multiplexer_gate_truth_table() {
    let mut c = Circuit::new(Varisat::new());
    let (x, y, z) = (c.fresh(), c.fresh(), c.fresh());
    let pool = [x, !x, y, !y, z, !z, Lit::TRUE, Lit::FALSE];
    let value = |l: Lit, a: [bool; 3]| lit_value(l, [x, y, z], a);
    for &s in &pool {
        for &t in &pool {
            for &e in &pool {
                let g = c.mux(s, t, e);
                assert_eq!(g, c.mux(s, t, e), "hashed gates are shared");
                for bits in 0..8u32 {
                    let a = [bits & 1 == 1, bits & 2 == 2, bits & 4 == 4];
                    let want = if value(s, a) {
                        value(t, a)
                    } else {
                        value(e, a)
                    };
                    let fixed = assignment([x, y, z], a);
                    let mut with = fixed.clone();
                    with.push(if want { g } else { !g });
                    assert_eq!(
                        c.solver.solve(&with),
                        SolveResult::Sat,
                        "{s:?} {t:?} {e:?} {a:?}"
                    );
                    let mut against = fixed;
                    against.push(if want { !g } else { g });
                    assert_eq!(
                        c.solver.solve(&against),
                        SolveResult::Unsat,
                        "mux({s:?}, {t:?}, {e:?}) at {a:?} is not forced to {want}"
                    );
                }
            }
        }
    }
}

/// Multiplication, division and remainder of sign- and zero-extended
/// operands are built at the width their values need (`Terms::binary`
/// narrows them): through terms, the blaster and the solver, every pair of
/// 4-bit operands, each extended to 12 bits either way, against the
/// operator at 12 bits.
#[test]
fn narrowed_arithmetic_of_extended_operands() {
    use lore_bmc::blast::Blaster;
    use lore_bmc::ssa::{Binary, Terms};
    let ops = [
        (Binary::Mul, Op::Mul),
        (Binary::UDiv, Op::UDiv),
        (Binary::URem, Op::URem),
        (Binary::SDiv, Op::SDiv),
        (Binary::SRem, Op::SRem),
    ];
    let wide = 12;
    for (bop, op) in ops {
        for (sx, sy) in [(true, true), (false, false), (true, false), (false, true)] {
            let mut terms = Terms::new();
            let (x, y) = (terms.input("x".into(), 4), terms.input("y".into(), 4));
            let ext = |t: &mut Terms, v, s: bool| if s { t.sext(v, wide) } else { t.zext(v, wide) };
            let (ex, ey) = (ext(&mut terms, x, sx), ext(&mut terms, y, sy));
            let r = terms.binary(bop, ex, ey);
            let mut b = Blaster::new(Varisat::new());
            let (bx, by, br) = (b.blast(&terms, x), b.blast(&terms, y), b.blast(&terms, r));
            for vx in 0..16u128 {
                for vy in 0..16u128 {
                    let mut assumptions = Vec::new();
                    fix(&bx, vx, &mut assumptions);
                    fix(&by, vy, &mut assumptions);
                    assert_eq!(b.circuit.solver.solve(&assumptions), SolveResult::Sat);
                    let widen = |v: u128, s: bool| {
                        if s {
                            signed(v, 4) as u128 & mask(wide)
                        } else {
                            v
                        }
                    };
                    let expected = reference(op, widen(vx, sx), widen(vy, sy), wide);
                    assert_eq!(
                        b.circuit.value(&br),
                        expected,
                        "{op:?} of {}ext {vx:#x} and {}ext {vy:#x}",
                        if sx { "s" } else { "z" },
                        if sy { "s" } else { "z" }
                    );
                }
            }
        }
    }
}

/// The same through a named version and a choice: `c = flag ? -1 :
/// zext(x)` (a character or EOF, as `getchar` returns it) read as the
/// symbol `c`, divided, taken modulo and multiplied by an extended 4-bit
/// `y` and by constants — every value of `flag`, `x` and `y` against the
/// operator at 12 bits — and the operation is built narrower.
#[test]
fn narrowed_arithmetic_through_named_versions_and_choices() {
    use lore_bmc::blast::Blaster;
    use lore_bmc::ssa::{Binary, Term, Terms};
    let ops = [
        (Binary::Mul, Op::Mul),
        (Binary::SDiv, Op::SDiv),
        (Binary::SRem, Op::SRem),
    ];
    let wide = 12;
    for (bop, op) in ops {
        for constant in [None, Some(10u128), Some(100)] {
            let mut terms = Terms::new();
            let (x, y) = (terms.input("x".into(), 4), terms.input("y".into(), 4));
            let flag = terms.input("flag".into(), 1);
            let minus_one = terms.constant(mask(wide), wide);
            let zx = terms.zext(x, wide);
            let choice = terms.ite(flag, minus_one, zx);
            let (c, _) = terms.define("c".into(), choice);
            let rhs = match constant {
                Some(k) => terms.constant(k, wide),
                None => terms.sext(y, wide),
            };
            let r = terms.binary(bop, c, rhs);
            // 5 bits times 8 bits needs 13: as wide as the operation.
            let fits = !(bop == Binary::Mul && constant == Some(100));
            assert!(
                !fits || matches!(terms.get(r), Term::SignExtend(..) | Term::ZeroExtend(..)),
                "{op:?} is built at the width its operands need: {:?} of {:?}",
                terms.get(r),
                terms.get(choice)
            );
            let mut b = Blaster::new(Varisat::new());
            let (bx, by, bf, br) = (
                b.blast(&terms, x),
                b.blast(&terms, y),
                b.blast(&terms, flag),
                b.blast(&terms, r),
            );
            for vf in 0..2u128 {
                for vx in 0..16u128 {
                    for vy in 0..16u128 {
                        let mut assumptions = Vec::new();
                        fix(&bx, vx, &mut assumptions);
                        fix(&by, vy, &mut assumptions);
                        fix(&bf, vf, &mut assumptions);
                        assert_eq!(b.circuit.solver.solve(&assumptions), SolveResult::Sat);
                        let left = if vf == 1 { mask(wide) } else { vx };
                        let right = constant.unwrap_or(signed(vy, 4) as u128 & mask(wide));
                        let expected = reference(op, left, right, wide);
                        assert_eq!(
                            b.circuit.value(&br),
                            expected,
                            "{op:?} of {left:#x} and {right:#x}"
                        );
                    }
                }
            }
        }
    }
}

/// The majority gate (an adder's carry) against its truth table, for every
/// input drawn from three variables, their negations and the constants:
/// its output is forced to the majority under every assignment, and the
/// normalised, hashed gate is shared by permuted and doubly negated inputs.
#[test]
fn majority_gate_truth_table() {
    let mut c = Circuit::new(Varisat::new());
    let (x, y, z) = (c.fresh(), c.fresh(), c.fresh());
    let pool = [x, !x, y, !y, z, !z, Lit::TRUE, Lit::FALSE];
    let value = |l: Lit, a: [bool; 3]| lit_value(l, [x, y, z], a);
    for &p in &pool {
        for &q in &pool {
            for &r in &pool {
                let g = c.maj(p, q, r);
                assert_eq!(g, c.maj(r, p, q), "permuted inputs share the gate");
                assert_eq!(!g, c.maj(!p, !q, !r), "negated inputs negate it");
                for bits in 0..8u32 {
                    let a = [bits & 1 == 1, bits & 2 == 2, bits & 4 == 4];
                    let ones = [p, q, r].iter().filter(|&&l| value(l, a)).count();
                    let want = ones >= 2;
                    let fixed = assignment([x, y, z], a);
                    let mut with = fixed.clone();
                    with.push(if want { g } else { !g });
                    assert_eq!(
                        c.solver.solve(&with),
                        SolveResult::Sat,
                        "{p:?} {q:?} {r:?} {a:?}"
                    );
                    let mut against = fixed;
                    against.push(if want { !g } else { g });
                    assert_eq!(
                        c.solver.solve(&against),
                        SolveResult::Unsat,
                        "maj({p:?}, {q:?}, {r:?}) at {a:?} is not forced to {want}"
                    );
                }
            }
        }
    }
}
