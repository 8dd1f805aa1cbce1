//! `<ctype.h>` in the C locale: the classification tests (an `int`, zero
//! or one) and `tolower`/`toupper`, lowered to comparisons on the argument.
//! glibc's tests return other non-zero values for "true"; a program that
//! compares them with one is not portable, and CBMC's library gives one
//! too.

use super::*;

/// The functions of this family.
const CTYPE: [&str; 14] = [
    "isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower", "isprint",
    "ispunct", "isspace", "isupper", "isxdigit", "tolower", "toupper",
];

/// `lo <= c && c < lo + n`, as one unsigned comparison.
fn in_range(c: &Expr, lo: u128, n: u128) -> Expr {
    let off = Expr::binary(
        BinaryOp::Sub,
        c.clone(),
        Expr::int(lo, TypeTable::UINT),
        TypeTable::UINT,
    );
    Expr::binary(
        BinaryOp::Lt,
        off,
        Expr::int(n, TypeTable::UINT),
        TypeTable::BOOL,
    )
}

fn or(a: Expr, b: Expr) -> Expr {
    Expr::binary(BinaryOp::Or, a, b, TypeTable::BOOL)
}

fn eq(c: &Expr, v: u128) -> Expr {
    Expr::binary(
        BinaryOp::Eq,
        c.clone(),
        Expr::int(v, TypeTable::UINT),
        TypeTable::BOOL,
    )
}

/// `c | 32`: upper-case letters made lower-case (and nothing else made a
/// letter).
fn folded(c: &Expr) -> Expr {
    Expr::binary(
        BinaryOp::BitOr,
        c.clone(),
        Expr::int(32, TypeTable::UINT),
        TypeTable::UINT,
    )
}

/// The test `name` of the unsigned value `c`, as a `_Bool`.
fn test(name: &str, c: &Expr) -> Expr {
    let digit = || in_range(c, u128::from(b'0'), 10);
    let alpha = || in_range(&folded(c), u128::from(b'a'), 26);
    let graph = || in_range(c, 0x21, 0x5e);
    match name {
        "isdigit" => digit(),
        "isalpha" => alpha(),
        "isalnum" => or(alpha(), digit()),
        "islower" => in_range(c, u128::from(b'a'), 26),
        "isupper" => in_range(c, u128::from(b'A'), 26),
        "isxdigit" => or(digit(), in_range(&folded(c), u128::from(b'a'), 6)),
        "isspace" => or(eq(c, 32), in_range(c, 9, 5)),
        "isblank" => or(eq(c, 32), eq(c, 9)),
        "isprint" => in_range(c, 0x20, 0x5f),
        "isgraph" => graph(),
        "ispunct" => Expr::binary(
            BinaryOp::And,
            graph(),
            Expr::not(or(alpha(), digit())),
            TypeTable::BOOL,
        ),
        "iscntrl" => or(in_range(c, 0, 0x20), eq(c, 0x7f)),
        _ => unreachable!("a classification test of CTYPE"),
    }
}

impl Lowerer<'_> {
    /// The `<ctype.h>` functions, where the program does not define them.
    pub(super) fn lower_ctype_call(&mut self, call: Call<'_>) -> KnownCall {
        if call.defined || !CTYPE.contains(&call.name) {
            return KnownCall::Ordinary;
        }
        if !self.arg_count(call, 1) {
            return KnownCall::Failed;
        }
        let Some(v) = self.lower_expr(&call.args[0]) else {
            return KnownCall::Failed;
        };
        let span = self.span(&call.args[0]);
        let c = self.convert(v, TypeTable::INT, span);
        let u = self.convert(c.clone(), TypeTable::UINT, span);
        let value = match call.name {
            "tolower" | "toupper" => {
                let (test_name, by) = if call.name == "tolower" {
                    ("isupper", BinaryOp::Add)
                } else {
                    ("islower", BinaryOp::Sub)
                };
                let moved =
                    Expr::binary(by, c.clone(), Expr::int(32, TypeTable::INT), TypeTable::INT);
                Expr::new(
                    ExprKind::Ite(Box::new(test(test_name, &u)), Box::new(moved), Box::new(c)),
                    TypeTable::INT,
                )
            }
            name => self.convert(test(name, &u), TypeTable::INT, span),
        };
        KnownCall::Lowered(Value::RValue(value))
    }
}
