//! The floating-point family: the classification tests, `fabs`,
//! `__builtin_fpclassify`, and the builtins for infinity and NaN.

use super::*;

impl Lowerer<'_> {
    /// The classification tests, `fabs`, `__builtin_fpclassify`, and the
    /// builtins for infinity and NaN.
    pub(super) fn lower_math_call(&mut self, call: Call<'_>) -> KnownCall {
        let Call { name, args, .. } = call;
        match name {
            _ if float_test(name).is_some() && (name.starts_with("__") || !call.defined) => {
                self.lower_float_test(call)
            }
            "fabs" | "fabsf" | "__builtin_fabs" | "__builtin_fabsf" if !call.defined => {
                self.lower_fabs(call)
            }
            "__builtin_fpclassify" => self.lower_fpclassify(call),
            "__builtin_inff"
            | "__builtin_inf"
            | "__builtin_huge_valf"
            | "__builtin_huge_val"
            | "__builtin_nanf"
            | "__builtin_nan" => {
                self.lower_args_discard(args);
                let kind = if name.ends_with('f') {
                    FloatKind::Float
                } else {
                    FloatKind::Double
                };
                let value = if name.contains("nan") {
                    f64::NAN
                } else {
                    f64::INFINITY
                };
                let ty = self.types.float(kind);
                Some(Value::RValue(float_const(value, kind, ty)))
            }
            _ => return KnownCall::Ordinary,
        }
        .into()
    }

    /// `isnan(x)` and the other tests: an `int`, 0 or 1.
    pub(super) fn lower_float_test(&mut self, call: Call<'_>) -> Option<Value> {
        if !self.arg_count(call, 1) {
            return None;
        }
        let v = self.lower_float_arg(&call.args[0], None)?;
        let test = float_test(call.name).expect("a classification test");
        let e = Expr::new(
            ExprKind::Unary(UnaryOp::FloatTest(test), Box::new(v)),
            TypeTable::BOOL,
        );
        Some(Value::RValue(self.convert(e, TypeTable::INT, call.span)))
    }

    pub(super) fn lower_fabs(&mut self, call: Call<'_>) -> Option<Value> {
        if !self.arg_count(call, 1) {
            return None;
        }
        let kind = if call.name.ends_with('f') {
            FloatKind::Float
        } else {
            FloatKind::Double
        };
        let v = self.lower_float_arg(&call.args[0], Some(kind))?;
        let ty = v.ty;
        Some(Value::RValue(Expr::new(
            ExprKind::Unary(UnaryOp::FloatAbs, Box::new(v)),
            ty,
        )))
    }

    /// `__builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL,
    /// FP_ZERO, x)`: the argument naming `x`'s class.
    pub(super) fn lower_fpclassify(&mut self, call: Call<'_>) -> Option<Value> {
        if !self.arg_count(call, 6) {
            return None;
        }
        let mut results = Vec::new();
        for a in &call.args[..5] {
            let v = self.lower_expr(a)?;
            let aspan = self.span(a);
            results.push(self.convert(v, TypeTable::INT, aspan));
        }
        let x = self.lower_float_arg(&call.args[5], None)?;
        let test = |t: FloatTest, x: &Expr| {
            Expr::new(
                ExprKind::Unary(UnaryOp::FloatTest(t), Box::new(x.clone())),
                TypeTable::BOOL,
            )
        };
        let zero = float_const(0.0, FloatKind::Double, self.types.float(FloatKind::Double));
        let zero = self.convert(zero, x.ty, call.span);
        let is_zero = Expr::binary(BinaryOp::Eq, x.clone(), zero, TypeTable::BOOL);
        let ite = |c: Expr, a: Expr, b: Expr| {
            Expr::new(
                ExprKind::Ite(Box::new(c), Box::new(a), Box::new(b)),
                TypeTable::INT,
            )
        };
        let tail = ite(is_zero, results[4].clone(), results[3].clone());
        let tail = ite(test(FloatTest::Normal, &x), results[2].clone(), tail);
        let tail = ite(test(FloatTest::Infinite, &x), results[1].clone(), tail);
        Some(Value::RValue(ite(
            test(FloatTest::Nan, &x),
            results[0].clone(),
            tail,
        )))
    }

    /// A floating argument: converted to `kind` if given, else an integer
    /// argument becomes a double.
    pub(super) fn lower_float_arg(
        &mut self,
        arg: &Node<ast::Expression>,
        kind: Option<FloatKind>,
    ) -> Option<Expr> {
        let v = self.lower_expr(arg)?;
        let span = self.span(arg);
        let target = match kind {
            Some(k) => Some(k),
            None if self.types.is_float(v.ty) => None,
            None => Some(FloatKind::Double),
        };
        Some(match target {
            Some(k) => {
                let ty = self.types.float(k);
                self.convert(v, ty, span)
            }
            None => v,
        })
    }
}

/// The classification test a name stands for: the `<math.h>` macros'
/// builtins, glibc's functions behind them, and the names themselves when
/// the program does not define them.
fn float_test(name: &str) -> Option<FloatTest> {
    let base = name
        .strip_prefix("__builtin_")
        .or_else(|| name.strip_prefix("__"))
        .unwrap_or(name);
    Some(match base {
        "isnan" | "isnanf" | "isnanl" => FloatTest::Nan,
        "isinf" | "isinff" | "isinfl" => FloatTest::Infinite,
        "isfinite" | "finite" | "finitef" | "finitel" => FloatTest::Finite,
        "isnormal" => FloatTest::Normal,
        "signbit" | "signbitf" | "signbitl" => FloatTest::SignBit,
        _ => return None,
    })
}
