//! Integer constant expressions (array sizes, enumerators, case labels,
//! bit-field widths). The expression is lowered like any other, without
//! keeping its code; constants fold while lowering, so a constant expression
//! lowers to a constant.

use super::Lowerer;
use lang_c::ast;
use lang_c::span::Node;

impl Lowerer<'_> {
    /// The value of an integer constant expression, or `None` if it is not one.
    pub(crate) fn eval_const_int(&mut self, e: &Node<ast::Expression>) -> Option<i128> {
        let cp = self.scratch_checkpoint();
        self.in_constant += 1;
        let lowered = self.lower_expr(e);
        self.in_constant -= 1;
        self.scratch_rollback(cp);
        let lowered = lowered?;
        if !self.types.is_integer(lowered.ty) {
            return None;
        }
        let bits = lowered.as_int()?;
        Some(self.sign_extend(bits, lowered.ty))
    }
}
