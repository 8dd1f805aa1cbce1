//! Every integer operator's circuit against Rust's own arithmetic:
//! exhaustive for widths 1 to 4, random samples for 8, 16, 32 and 64 bits.
//! Inputs are free variables fixed by solver assumptions, so the circuits
//! (not constant folding) are what is tested.
//!
//! Kept as one file (about 1,170 lines) on purpose: every test, circuits and
//! term rewrites alike, is checked against the same reference arithmetic
//! (`reference`, `Op`, `fix`), which a split would have to share.

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

/// Under `assumptions` (inputs fixed), the clauses force `out` to
/// `expected`: the formula is satisfiable with it and not with any other
/// value (gates are written as clauses only where a constraint reaches
/// them, so both questions are asked of the output itself), and the
/// circuit reads `expected` back.
fn assert_forced<S: SatSolver>(
    c: &mut Circuit<S>,
    assumptions: &[Lit],
    out: &Bv,
    expected: u128,
    what: &dyn Fn() -> String,
) {
    let mut with = assumptions.to_vec();
    fix(out, expected, &mut with);
    assert_eq!(
        c.solve(&with),
        SolveResult::Sat,
        "{} is not {expected:#x}",
        what()
    );
    assert_eq!(c.value(out), expected, "{}", what());
    let differs: Vec<Lit> = out
        .iter()
        .enumerate()
        .map(|(i, &l)| if (expected >> i) & 1 == 1 { !l } else { l })
        .collect();
    let mut against = assumptions.to_vec();
    against.push(c.or_all(&differs));
    assert_eq!(
        c.solve(&against),
        SolveResult::Unsat,
        "{} may differ from {expected:#x}",
        what()
    );
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
        assert_forced(&mut c, &assumptions, &r, reference(op, vx, vy, w), &|| {
            format!("{op:?} width {w}: x={vx:#x} y={vy:#x}")
        });
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

/// A circuit with three variables, and the pool of literals gate tests
/// draw inputs from: the variables, their negations and the constants.
fn three_variables() -> (Circuit<Varisat>, [Lit; 3], [Lit; 8]) {
    let mut c = Circuit::new(Varisat::new());
    let (x, y, z) = (c.fresh(), c.fresh(), c.fresh());
    (c, [x, y, z], [x, !x, y, !y, z, !z, Lit::TRUE, Lit::FALSE])
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
    let (mut c, [x, y, z], pool) = three_variables();
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
                    assert_eq!(c.solve(&with), SolveResult::Sat, "{s:?} {t:?} {e:?} {a:?}");
                    let mut against = fixed;
                    against.push(if want { !g } else { g });
                    assert_eq!(
                        c.solve(&against),
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
                    let widen = |v: u128, s: bool| {
                        if s {
                            signed(v, 4) as u128 & mask(wide)
                        } else {
                            v
                        }
                    };
                    let expected = reference(op, widen(vx, sx), widen(vy, sy), wide);
                    assert_forced(&mut b.circuit, &assumptions, &br, expected, &|| {
                        format!(
                            "{op:?} of {}ext {vx:#x} and {}ext {vy:#x}",
                            if sx { "s" } else { "z" },
                            if sy { "s" } else { "z" }
                        )
                    });
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
                        let left = if vf == 1 { mask(wide) } else { vx };
                        let right = constant.unwrap_or(signed(vy, 4) as u128 & mask(wide));
                        let expected = reference(op, left, right, wide);
                        assert_forced(&mut b.circuit, &assumptions, &br, expected, &|| {
                            format!("{op:?} of {left:#x} and {right:#x}")
                        });
                    }
                }
            }
        }
    }
}

/// Comparisons of a constant with a zero-extended 4-bit `x` at 12 bits —
/// the extension itself or a named version defined as it (`c == EOF`,
/// `c < 0` on a byte read as `int`) — for every constant, every order and
/// side, against the reference for every `x`; where the range decides,
/// the term is the constant itself.
#[test]
fn comparisons_decided_by_the_range_of_an_extension() {
    use lore_bmc::blast::Blaster;
    use lore_bmc::ssa::{Binary, Terms, FALSE, TRUE};
    let ops = [
        (Binary::Eq, Op::Eq),
        (Binary::Ult, Op::Ult),
        (Binary::Ule, Op::Ule),
        (Binary::Slt, Op::Slt),
        (Binary::Sle, Op::Sle),
    ];
    let wide = 12;
    let mut decided = 0;
    for (bop, op) in ops {
        for named in [false, true] {
            for k in (0..1u128 << wide).step_by(7).chain([0, 15, 16, mask(wide)]) {
                for constant_left in [false, true] {
                    let mut terms = Terms::new();
                    let x = terms.input("x".into(), 4);
                    let zx = terms.zext(x, wide);
                    let c = if named {
                        terms.define("c".into(), zx).0
                    } else {
                        zx
                    };
                    let kc = terms.constant(k, wide);
                    let r = if constant_left {
                        terms.binary(bop, kc, c)
                    } else {
                        terms.binary(bop, c, kc)
                    };
                    let mut b = Blaster::new(Varisat::new());
                    let (bx, br) = (b.blast(&terms, x), b.blast(&terms, r));
                    let mut values = Vec::new();
                    for vx in 0..16u128 {
                        let mut assumptions = Vec::new();
                        fix(&bx, vx, &mut assumptions);
                        let expected = if constant_left {
                            reference(op, k, vx, wide)
                        } else {
                            reference(op, vx, k, wide)
                        };
                        values.push(expected);
                        assert_forced(&mut b.circuit, &assumptions, &br, expected, &|| {
                            format!("{op:?} of {k:#x} and zext {vx:#x} (constant left: {constant_left}, named: {named})")
                        });
                    }
                    // One value on every x: the term is that constant.
                    if values.iter().all(|&v| v == values[0]) {
                        let constant = if values[0] == 1 { TRUE } else { FALSE };
                        assert_eq!(
                            r, constant,
                            "{op:?} {k:#x} left {constant_left} named {named}"
                        );
                        decided += 1;
                    }
                }
            }
        }
    }
    assert!(decided > 1000, "{decided} comparisons decided");
}

/// The majority gate (an adder's carry) against its truth table, for every
/// input drawn from three variables, their negations and the constants:
/// its output is forced to the majority under every assignment, and the
/// normalised, hashed gate is shared by permuted and doubly negated inputs.
#[test]
fn majority_gate_truth_table() {
    let (mut c, [x, y, z], pool) = three_variables();
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
                    assert_eq!(c.solve(&with), SolveResult::Sat, "{p:?} {q:?} {r:?} {a:?}");
                    let mut against = fixed;
                    against.push(if want { !g } else { g });
                    assert_eq!(
                        c.solve(&against),
                        SolveResult::Unsat,
                        "maj({p:?}, {q:?}, {r:?}) at {a:?} is not forced to {want}"
                    );
                }
            }
        }
    }
}

/// `check` with one operand a constant: the circuits' constant cases (a
/// comparison with a constant is a few wide AND/OR gates, an equality one)
/// against Rust's arithmetic for every value of the other operand.
fn check_with_constant(op: Op, w: u32, k: u128, constant_left: bool, values: &[u128]) {
    let mut c = Circuit::new(Varisat::new());
    let x = c.fresh_bv(w);
    let kb = Circuit::<Varisat>::const_bv(k, w);
    let r = if constant_left {
        build(&mut c, op, &kb, &x)
    } else {
        build(&mut c, op, &x, &kb)
    };
    for &v in values {
        let mut assumptions = Vec::new();
        fix(&x, v, &mut assumptions);
        let (l, rr) = if constant_left { (k, v) } else { (v, k) };
        assert_forced(&mut c, &assumptions, &r, reference(op, l, rr, w), &|| {
            format!(
                "{op:?} width {w}: {l:#x} and {rr:#x} (constant on the {} side)",
                if constant_left { "left" } else { "right" }
            )
        });
    }
}

#[test]
fn operators_with_a_constant_operand() {
    for w in 1..=5u32 {
        let all: Vec<u128> = (0..1u128 << w).collect();
        for op in OPS {
            for k in 0..1u128 << w {
                check_with_constant(op, w, k, false, &all);
                check_with_constant(op, w, k, true, &all);
            }
        }
    }
    let mut rng = SplitMix(7);
    for w in [16u32, 32] {
        for op in [Op::Eq, Op::Ult, Op::Ule, Op::Slt, Op::Sle] {
            for _ in 0..12 {
                let k = interesting(&mut rng, w);
                let values: Vec<u128> = (0..24)
                    .map(|i| match i {
                        0 => k,
                        1 => k.wrapping_add(1) & mask(w),
                        2 => k.wrapping_sub(1) & mask(w),
                        _ => interesting(&mut rng, w),
                    })
                    .collect();
                check_with_constant(op, w, k, false, &values);
                check_with_constant(op, w, k, true, &values);
            }
        }
    }
}

/// `and_all` and `or_all` against their truth tables over three variables
/// (with repeats, negations and constants among the inputs).
#[test]
fn conjunction_and_disjunction_truth_tables() {
    let mut c = Circuit::new(Varisat::new());
    let (x, y, z) = (c.fresh(), c.fresh(), c.fresh());
    let vars = [x, y, z];
    let inputs: [&[Lit]; 7] = [
        &[x, y, z],
        &[x, !y, z, x],
        &[x, y, !x],
        &[x, Lit::TRUE, y, z],
        &[x, Lit::FALSE, y],
        &[!x, !y, !z],
        &[],
    ];
    for lits in inputs {
        let and = c.and_all(lits);
        let or = c.or_all(lits);
        for bits in 0..8u8 {
            let a = [bits & 1 == 1, bits & 2 == 2, bits & 4 == 4];
            let want_and = lits.iter().all(|&l| lit_value(l, vars, a));
            let want_or = lits.iter().any(|&l| lit_value(l, vars, a));
            let fixed = assignment(vars, a);
            assert_forced(&mut c, &fixed, &vec![and], want_and as u128, &|| {
                format!("and of {lits:?} under {a:?}")
            });
            assert_forced(&mut c, &fixed, &vec![or], want_or as u128, &|| {
                format!("or of {lits:?} under {a:?}")
            });
        }
    }
}

/// Slices pushed into operators and choices (`(x * y)[3:0]` built as
/// `x[3:0] * y[3:0]`, a slice of `c ? x : y` as the choice of the slices)
/// give the same values as slicing the whole result: every value of two
/// 5-bit inputs and a flag, every slice.
#[test]
fn slices_of_operators_and_choices() {
    use lore_bmc::blast::Blaster;
    use lore_bmc::ssa::{Binary, Terms};
    let w = 5;
    let ops = [
        (Some(Binary::Add), Op::Add),
        (Some(Binary::Sub), Op::Sub),
        (Some(Binary::Mul), Op::Mul),
        (Some(Binary::And), Op::And),
        (Some(Binary::Xor), Op::Xor),
        (None, Op::Neg),
        (None, Op::Not),
    ];
    for (bop, op) in ops {
        let mut terms = Terms::new();
        let (x, y) = (terms.input("x".into(), w), terms.input("y".into(), w));
        let flag = terms.input("flag".into(), 1);
        let whole = match (bop, op) {
            (Some(b), _) => terms.binary(b, x, y),
            (None, Op::Neg) => terms.neg(x),
            _ => terms.not(x),
        };
        let chosen = terms.ite(flag, whole, y);
        let mut slices = Vec::new();
        for low in 0..w {
            for width in 1..=w - low {
                slices.push((low, width, terms.extract(whole, low, width)));
                slices.push((low, width, terms.extract(chosen, low, width)));
            }
        }
        let mut b = Blaster::new(Varisat::new());
        let (bx, by, bf) = (
            b.blast(&terms, x),
            b.blast(&terms, y),
            b.blast(&terms, flag),
        );
        let bits: Vec<(u32, u32, Bv)> = slices
            .iter()
            .map(|&(l, n, t)| (l, n, b.blast(&terms, t)))
            .collect();
        for vf in 0..2u128 {
            for vx in 0..1u128 << w {
                for vy in 0..1u128 << w {
                    let mut assumptions = Vec::new();
                    fix(&bx, vx, &mut assumptions);
                    fix(&by, vy, &mut assumptions);
                    fix(&bf, vf, &mut assumptions);
                    let full = reference(op, vx, vy, w);
                    for (i, (low, width, r)) in bits.iter().enumerate() {
                        let of = if i % 2 == 1 && vf == 0 { vy } else { full };
                        assert_forced(
                            &mut b.circuit,
                            &assumptions,
                            r,
                            (of >> low) & mask(*width),
                            &|| format!("{op:?} [{low}+{width}] x={vx} y={vy} flag={vf}"),
                        );
                    }
                }
            }
        }
    }
}

/// Whether `sub` is a sub-term of `t` (not looking into named versions'
/// definitions).
fn mentions(
    terms: &lore_bmc::ssa::Terms,
    t: lore_bmc::ssa::TermId,
    sub: lore_bmc::ssa::TermId,
) -> bool {
    use lore_bmc::ssa::Term;
    if t == sub {
        return true;
    }
    match *terms.get(t) {
        Term::Unary(_, a) | Term::ZeroExtend(a, _) | Term::SignExtend(a, _) => {
            mentions(terms, a, sub)
        }
        Term::Extract { term, .. } => mentions(terms, term, sub),
        Term::Binary(_, a, b) | Term::Concat { high: a, low: b } => {
            mentions(terms, a, sub) || mentions(terms, b, sub)
        }
        Term::Ite(c, a, b) => {
            mentions(terms, c, sub) || mentions(terms, a, sub) || mentions(terms, b, sub)
        }
        Term::Const { .. } | Term::Symbol(_) => false,
    }
}

/// The rewrites `Terms::binary` applies (simplify.rs) against the value of
/// the operation they replace, for every value of 4-bit inputs: guards
/// absorbed, a guard's conjunct deciding a choice or disjunction beside
/// it, a choice's arm that chooses on the same condition, division and
/// remainder by powers of two, comparisons with a
/// constant lifted over a choice with a constant arm, arithmetic of a
/// constant and a choice between constants. Each rewrite is
/// checked to have fired (its result is not the plain operator).
#[test]
fn rewrites_keep_every_value() {
    use lore_bmc::blast::Blaster;
    use lore_bmc::ssa::{Binary, Term, TermId, Terms};
    let w = 4;
    let mut terms = Terms::new();
    let (x, y) = (terms.input("x".into(), w), terms.input("y".into(), w));
    let (p, q) = (terms.input("p".into(), 1), terms.input("q".into(), 1));
    // (name, term, expected value from x, y, p, q)
    type Expect = Box<dyn Fn(u128, u128, bool, bool) -> u128>;
    let mut cases: Vec<(String, TermId, Expect)> = Vec::new();
    // Guards.
    let np = terms.not(p);
    let guards: Vec<(&str, TermId)> = {
        let np_or_q = terms.or(np, q);
        let p_and_q = terms.and(p, q);
        let p_or_q = terms.or(p, q);
        let np_and_q = terms.and(np, q);
        vec![
            ("p & (!p | q)", terms.and(p, np_or_q)),
            ("p & (p & q)", terms.and(p, p_and_q)),
            ("p & (p | q)", terms.and(p, p_or_q)),
            ("p & !p", terms.and(p, np)),
            ("p | (!p & q)", terms.or(p, np_and_q)),
            ("p | (p | q)", terms.or(p, p_or_q)),
            ("p | (p & q)", terms.or(p, p_and_q)),
            ("(!p & q) & p", terms.and(np_and_q, p)),
            ("(p & q) | (p & !q)", {
                let nq = terms.not(q);
                let p_and_nq = terms.and(p, nq);
                terms.or(p_and_q, p_and_nq)
            }),
            ("(q | p) & (!q | p)", {
                let nq = terms.not(q);
                let nq_or_p = terms.or(nq, p);
                terms.and(p_or_q, nq_or_p)
            }),
        ]
    };
    let guard_values: [fn(bool, bool) -> bool; 10] = [
        |p, q| p && q,
        |p, q| p && q,
        |p, _| p,
        |_, _| false,
        |p, q| p || q,
        |p, q| p || q,
        |p, _| p,
        |_, _| false,
        |p, _| p,
        |p, _| p,
    ];
    for ((name, t), f) in guards.into_iter().zip(guard_values) {
        assert!(
            !matches!(terms.get(t), Term::Binary(_, a, b) if terms.width(*a) == 1 && (matches!(terms.get(*a), Term::Binary(..)) || matches!(terms.get(*b), Term::Binary(..)))),
            "{name} is absorbed"
        );
        cases.push((name.into(), t, Box::new(move |_, _, p, q| f(p, q) as u128)));
    }
    // Division and remainder by 2 and 4 (8 is the sign at 4 bits: kept).
    for d in [2u128, 4, 8] {
        let k = terms.constant(d, w);
        for (op, name) in [
            (Binary::UDiv, Op::UDiv),
            (Binary::URem, Op::URem),
            (Binary::SDiv, Op::SDiv),
            (Binary::SRem, Op::SRem),
        ] {
            let t = terms.binary(op, x, k);
            let rewritten = !matches!(terms.get(t), Term::Binary(o, ..) if *o == op);
            let signed_sign = d == 8 && matches!(op, Binary::SDiv | Binary::SRem);
            assert_eq!(rewritten, !signed_sign, "{name:?} by {d} rewritten");
            cases.push((
                format!("{name:?} by {d}"),
                t,
                Box::new(move |vx, _, _, _| reference(name, vx, d, w)),
            ));
        }
    }
    // Comparisons of a choice with a constant arm.
    for (op, name) in [
        (Binary::Eq, Op::Eq),
        (Binary::Ult, Op::Ult),
        (Binary::Ule, Op::Ule),
        (Binary::Slt, Op::Slt),
        (Binary::Sle, Op::Sle),
    ] {
        for (arm, k) in [(5u128, 3u128), (12, 0), (0, 9)] {
            let (arm_t, k_t) = (terms.constant(arm, w), terms.constant(k, w));
            let choice = terms.ite(p, arm_t, x);
            let left = terms.binary(op, choice, k_t);
            let right = terms.binary(op, k_t, choice);
            for (t, flipped) in [(left, false), (right, true)] {
                assert!(
                    !matches!(terms.get(t), Term::Binary(..)),
                    "{name:?} of a choice with the constant {arm} is lifted"
                );
                cases.push((
                    format!("{name:?} (p ? {arm} : x) {k} flipped={flipped}"),
                    t,
                    Box::new(move |vx, _, vp, _| {
                        let v = if vp { arm } else { vx };
                        if flipped {
                            reference(name, k, v, w)
                        } else {
                            reference(name, v, k, w)
                        }
                    }),
                ));
            }
        }
    }
    // A guard's conjunct deciding a choice or a disjunction beside it.
    let three = terms.constant(3, w);
    let five = terms.constant(5, w);
    let z = terms.binary(Binary::Eq, x, three);
    let r = terms.binary(Binary::Eq, y, five);
    let q_and_p = terms.and(q, p);
    let q_and_np = terms.and(q, np);
    let p_then_z_else_r = terms.ite(p, z, r);
    let not_choice = terms.not(p_then_z_else_r);
    let r_or_p = terms.or(r, p);
    let p_or_r = terms.or(p, r);
    type Decided = fn(bool, bool, bool, bool) -> bool;
    let decided: Vec<(&str, TermId, TermId, Decided)> = vec![
        (
            "(q & p) & (p ? z : r)",
            q_and_p,
            p_then_z_else_r,
            |p, q, z, _| q && p && z,
        ),
        (
            "(q & p) & !(p ? z : r)",
            q_and_p,
            not_choice,
            |p, q, z, _| q && p && !z,
        ),
        (
            "(q & !p) & (p ? z : r)",
            q_and_np,
            p_then_z_else_r,
            |p, q, _, r| q && !p && r,
        ),
        ("(q & p) & (r | p)", q_and_p, r_or_p, |p, q, _, _| q && p),
        ("(q & !p) & (p | r)", q_and_np, p_or_r, |p, q, _, r| {
            q && !p && r
        }),
    ];
    for (name, guard, other, f) in decided {
        for (t, side) in [
            (terms.and(guard, other), "left"),
            (terms.and(other, guard), "right"),
        ] {
            assert!(
                !mentions(&terms, t, other),
                "{name} ({side}): the choice or disjunction is decided"
            );
            cases.push((
                format!("{name} ({side})"),
                t,
                Box::new(move |vx, vy, vp, vq| f(vp, vq, vx == 3, vy == 5) as u128),
            ));
        }
    }
    // A choice whose arm is a choice on the same condition or its
    // negation, directly and through a named version: the arm it selects.
    let (one, zero) = (terms.constant(1, w), terms.constant(0, w));
    let inner_neg = terms.ite(np, one, zero);
    let (inner_named, _) = terms.define("n".into(), inner_neg);
    let inner_same = terms.ite(p, x, y);
    type Nested = fn(bool, u128, u128) -> u128;
    let nested: Vec<(&str, TermId, Nested)> = vec![
        (
            "p ? (!p ? 1 : 0) : x",
            terms.ite(p, inner_neg, x),
            |p, x, _| if p { 0 } else { x },
        ),
        (
            "p ? n : x, n = !p ? 1 : 0",
            terms.ite(p, inner_named, x),
            |p, x, _| if p { 0 } else { x },
        ),
        (
            "p ? y : (p ? x : y)",
            terms.ite(p, y, inner_same),
            |_, _, y| y,
        ),
        (
            "!p ? n : (p ? x : y)",
            terms.ite(np, inner_named, inner_same),
            |p, x, _| if p { x } else { 1 },
        ),
    ];
    for (name, t, f) in nested {
        assert!(
            !mentions(&terms, t, inner_neg)
                && !mentions(&terms, t, inner_named)
                && !mentions(&terms, t, inner_same),
            "{name}: the inner choice is decided ({:?})",
            terms.get(t)
        );
        cases.push((name.into(), t, Box::new(move |vx, vy, vp, _| f(vp, vx, vy))));
    }
    // Arithmetic of a constant and a choice between two constants, read
    // directly and through a named version.
    let (nine, two) = (terms.constant(9, w), terms.constant(2, w));
    let between = terms.ite(p, three, nine);
    let (named, _) = terms.define("k".into(), between);
    for (op, name) in [
        (Binary::Add, Op::Add),
        (Binary::Sub, Op::Sub),
        (Binary::Mul, Op::Mul),
        (Binary::And, Op::And),
        (Binary::Xor, Op::Xor),
        (Binary::Shl, Op::Shl),
    ] {
        for (choice, via) in [(between, "choice"), (named, "named")] {
            for (t, flipped) in [
                (terms.binary(op, choice, two), false),
                (terms.binary(op, two, choice), true),
            ] {
                assert!(
                    matches!(terms.get(t), Term::Ite(_, a, b) if terms.as_const(*a).is_some() && terms.as_const(*b).is_some())
                        || terms.as_const(t).is_some(),
                    "{name:?} of the {via} (p ? 3 : 9) and 2 is a choice of constants"
                );
                cases.push((
                    format!("{name:?} {via} (p ? 3 : 9), 2 flipped={flipped}"),
                    t,
                    Box::new(move |_, _, vp, _| {
                        let v = if vp { 3 } else { 9 };
                        if flipped {
                            reference(name, 2, v, w)
                        } else {
                            reference(name, v, 2, w)
                        }
                    }),
                ));
            }
        }
    }
    // Equalities with a constant at the width of an extended operand.
    let (zx, sx) = (terms.zext(x, 8), terms.sext(x, 8));
    for k in [0u128, 3, 7, 8, 15, 16, 200, 248, 255] {
        let kt = terms.constant(k, 8);
        for (t, is_signed) in [
            (terms.binary(Binary::Eq, zx, kt), false),
            (terms.binary(Binary::Eq, kt, sx), true),
        ] {
            assert!(
                !matches!(terms.get(t), Term::Binary(Binary::Eq, a, _) if terms.width(*a) == 8),
                "equality with {k} narrowed"
            );
            cases.push((
                format!("{}ext8(x) == {k}", if is_signed { "s" } else { "z" }),
                t,
                Box::new(move |vx, _, _, _| {
                    let v = if is_signed {
                        signed(vx, 4) as u128 & 0xff
                    } else {
                        vx
                    };
                    (v == k) as u128
                }),
            ));
        }
    }
    // A choice whose condition says x equals a constant takes the
    // constant for x in the arm it selects.
    for k in [0u128, 6] {
        let kt = terms.constant(k, w);
        let is_k = terms.binary(Binary::Eq, x, kt);
        let not_k = terms.not(is_k);
        for (t, name) in [
            (terms.ite(is_k, x, y), format!("x == {k} ? x : y")),
            (terms.ite(not_k, y, x), format!("!(x == {k}) ? y : x")),
        ] {
            assert!(
                !matches!(terms.get(t), Term::Ite(_, a, b) if *a == x || *b == x),
                "{name}: x is replaced by {k}"
            );
            cases.push((
                name,
                t,
                Box::new(move |vx, vy, _, _| if vx == k { k } else { vy }),
            ));
        }
    }
    for k in [0u128, 1] {
        let kt = terms.constant(k, 1);
        let t = terms.binary(Binary::Eq, p, kt);
        cases.push((
            format!("p == {k}"),
            t,
            Box::new(move |_, _, vp, _| ((vp as u128) == k) as u128),
        ));
    }
    let mut b = Blaster::new(Varisat::new());
    let inputs = [
        b.blast(&terms, x),
        b.blast(&terms, y),
        b.blast(&terms, p),
        b.blast(&terms, q),
    ];
    let bits: Vec<Bv> = cases.iter().map(|(_, t, _)| b.blast(&terms, *t)).collect();
    for vx in 0..16u128 {
        for vy in 0..16u128 {
            for vp in 0..2u128 {
                for vq in 0..2u128 {
                    let mut assumptions = Vec::new();
                    for (bv, v) in inputs.iter().zip([vx, vy, vp, vq]) {
                        fix(bv, v, &mut assumptions);
                    }
                    for ((name, _, f), r) in cases.iter().zip(&bits) {
                        let want = f(vx, vy, vp == 1, vq == 1);
                        assert_forced(&mut b.circuit, &assumptions, r, want, &|| {
                            format!("{name}: x={vx} y={vy} p={vp} q={vq}")
                        });
                    }
                }
            }
        }
    }
}

/// Comparisons of vectors whose bits are drawn from three variables, their
/// negations and the constants — bits alike in both operands, bits where
/// one is the other's negation, constant bits, at any height — against
/// the reference under every assignment (a random sample of 3-bit pairs).
/// The comparison gate skips, decides early or chains on each of these.
#[test]
fn comparisons_of_shared_and_constant_bits() {
    let (mut c, [x, y, z], pool) = three_variables();
    let mut rng = SplitMix(2026);
    for _ in 0..600 {
        let mut draw = || -> Bv { (0..3).map(|_| pool[(rng.next() % 8) as usize]).collect() };
        let (a, b) = (draw(), draw());
        for op in [Op::Ult, Op::Ule, Op::Slt, Op::Sle] {
            let r = build(&mut c, op, &a, &b);
            for bits in 0..8u32 {
                let v = [bits & 1 == 1, bits & 2 == 2, bits & 4 == 4];
                let value = |bv: &Bv| {
                    bv.iter()
                        .enumerate()
                        .filter(|(_, &l)| lit_value(l, [x, y, z], v))
                        .fold(0u128, |acc, (i, _)| acc | 1 << i)
                };
                let want = reference(op, value(&a), value(&b), 3);
                assert_forced(&mut c, &assignment([x, y, z], v), &r, want, &|| {
                    format!("{op:?} of {a:?} and {b:?} under {v:?}")
                });
            }
        }
    }
}

/// Gates become clauses only where a constraint reaches them: a sum built
/// and never used costs no clause, a constraint on it writes its cone
/// (once), and a gate outside every cone still reads its computed value.
#[test]
fn clauses_only_for_the_cone_of_the_constraints() {
    let mut c = Circuit::new(Varisat::new());
    let x = c.fresh_bv(8);
    let y = c.fresh_bv(8);
    let sum = c.add(&x, &y);
    let product = c.mul(&x, &y);
    assert!(c.gates() > 0);
    assert_eq!(c.num_clauses(), 0, "nothing is written before a constraint");
    let k = Circuit::<Varisat>::const_bv(200, 8);
    let is_200 = c.eq(&sum, &k);
    let mut assumptions = vec![is_200];
    fix(&x, 150, &mut assumptions);
    assert_eq!(c.solve(&assumptions), SolveResult::Sat);
    let written = c.num_clauses();
    assert!(written > 0);
    assert_eq!(c.value(&y), 50);
    // The product is in no constraint's cone: no clause, yet its value is
    // the product of the model's inputs.
    assert_eq!(c.value(&product), (150 * 50) & 0xff);
    // An input outside the formula reads 0, its negation 1: a gate over
    // negated inputs outside the formula computes from those.
    let z = c.fresh_bv(8);
    let zero = Circuit::<Varisat>::const_bv(0, 8);
    let z_is_zero = c.eq(&z, &zero);
    assert_eq!(c.value(&z), 0);
    assert!(c.lit_value(z_is_zero) && !c.lit_value(!z_is_zero));
    assert_eq!(c.solve(&assumptions), SolveResult::Sat);
    assert_eq!(c.num_clauses(), written, "a cone is written once");
    let mut against = assumptions.clone();
    fix(&y, 51, &mut against);
    assert_eq!(c.solve(&against), SolveResult::Unsat);
}

/// Products of sign- and zero-extended operands (an overflow check
/// multiplies `sext(x)` by `sext(y)` at twice the width): the magnitude of
/// a sign-extended operand is built at its own width, every pair of
/// values checked; and products by random constants at machine widths
/// (their signed-digit form: runs of ones become a subtraction).
#[test]
fn products_of_extended_operands_and_constants() {
    for n in 1..=4u32 {
        for w in [n + 1, 2 * n, 2 * n + 3] {
            for (sx, sy) in [(true, true), (true, false), (false, true)] {
                let mut c = Circuit::new(Varisat::new());
                let (x, y) = (c.fresh_bv(n), c.fresh_bv(n));
                let ext = |v: &Bv, s: bool| {
                    if s {
                        Circuit::<Varisat>::sext(v, w)
                    } else {
                        Circuit::<Varisat>::zext(v, w)
                    }
                };
                let (xw, yw) = (ext(&x, sx), ext(&y, sy));
                let r = c.mul(&xw, &yw);
                let value = |v: u128, s: bool| {
                    if s {
                        (signed(v, n) as u128) & mask(w)
                    } else {
                        v
                    }
                };
                for vx in 0..1u128 << n {
                    for vy in 0..1u128 << n {
                        let mut assumptions = Vec::new();
                        fix(&x, vx, &mut assumptions);
                        fix(&y, vy, &mut assumptions);
                        let expected = reference(Op::Mul, value(vx, sx), value(vy, sy), w);
                        assert_forced(&mut c, &assumptions, &r, expected, &|| {
                            format!("width {n} extended to {w} ({sx}, {sy}): {vx:#x} * {vy:#x}")
                        });
                    }
                }
            }
        }
    }
    let mut rng = SplitMix(11);
    for w in [8u32, 32, 64] {
        for _ in 0..16 {
            let k = interesting(&mut rng, w);
            let values: Vec<u128> = (0..16).map(|_| interesting(&mut rng, w)).collect();
            check_with_constant(Op::Mul, w, k, false, &values);
            check_with_constant(Op::Mul, w, k, true, &values);
        }
    }
}
