//! Statements: structured control flow to blocks, with loops registered by
//! their header so that `lore show loops` can name them.

use super::{JumpTargets, Lowerer, SwitchContext};
use crate::diag::{DiagnosticKind, UnsupportedKind};
use crate::ir::{BlockId, Expr, LoopKind, Terminator};
use crate::source::Loc;
use crate::types::TypeTable;
use lang_c::ast;
use lang_c::span::Node;
use rustc_hash::FxHashSet;

impl Lowerer<'_> {
    pub(crate) fn lower_block_item(&mut self, item: &Node<ast::BlockItem>) {
        match &item.node {
            ast::BlockItem::Declaration(d) => self.lower_block_declaration(d),
            ast::BlockItem::StaticAssert(sa) => self.static_assert(sa),
            ast::BlockItem::Statement(s) => self.lower_statement(s),
        }
    }

    pub(crate) fn lower_statement(&mut self, s: &Node<ast::Statement>) {
        let loc = self.loc(s);
        match &s.node {
            ast::Statement::Compound(items) => {
                self.enter_scope();
                for item in items {
                    self.lower_block_item(item);
                }
                self.leave_scope();
            }
            ast::Statement::Expression(Some(e)) => self.lower_discard(e),
            ast::Statement::Expression(None) => {}
            ast::Statement::Labeled(l) => self.lower_labeled(l),
            ast::Statement::If(i) => self.lower_if(i, loc),
            ast::Statement::Switch(sw) => self.lower_switch(sw, loc),
            ast::Statement::While(w) => self.lower_while(w, loc),
            ast::Statement::DoWhile(d) => self.lower_do_while(d, loc),
            ast::Statement::For(f) => self.lower_for(f, loc),
            ast::Statement::Goto(label) => {
                let name = Lowerer::ident_name(&label.node.name);
                let span = self.span(label);
                let target = self.label_block(&name, span, false);
                self.builder().terminate(Terminator::Goto(target), loc);
            }
            ast::Statement::Continue => {
                match self.jump_targets.iter().rev().find_map(|t| t.continue_to) {
                    Some(target) => self.builder().terminate(Terminator::Goto(target), loc),
                    None => {
                        let sp = self.span(s);
                        self.error(DiagnosticKind::Syntax, "`continue` outside a loop", sp);
                    }
                }
            }
            ast::Statement::Break => match self.jump_targets.last().map(|t| t.break_to) {
                Some(target) => self.builder().terminate(Terminator::Goto(target), loc),
                None => {
                    let sp = self.span(s);
                    self.error(
                        DiagnosticKind::Syntax,
                        "`break` outside a loop or switch",
                        sp,
                    );
                }
            },
            ast::Statement::Return(value) => self.lower_return(value.as_deref(), loc, s),
            ast::Statement::Asm(_) => {
                let sp = self.span(s);
                self.unsupported(UnsupportedKind::InlineAssembly, "", sp);
            }
        }
    }

    fn lower_return(
        &mut self,
        value: Option<&Node<ast::Expression>>,
        loc: Loc,
        s: &Node<ast::Statement>,
    ) {
        let function = self.current_function();
        let ret = self
            .types
            .function_type(self.functions[function.index()].ty)
            .map_or(TypeTable::VOID, |f| f.ret);
        let value = match value {
            Some(e) if ret == TypeTable::VOID => {
                // `return f();` in a void function: evaluate for effects.
                self.lower_discard(e);
                None
            }
            Some(e) => {
                let span = self.span(e);
                self.lower_expr(e).map(|v| self.convert(v, ret, span))
            }
            None => {
                if ret != TypeTable::VOID {
                    let sp = self.span(s);
                    self.warn(
                        "`return` without a value in a function returning a value",
                        sp,
                    );
                }
                None
            }
        };
        self.builder().terminate(Terminator::Return(value), loc);
    }

    /// The block of a label, created on first use (a `goto` may come first).
    fn label_block(&mut self, name: &str, span: crate::source::Span, defining: bool) -> BlockId {
        if let Some(&(block, defined, _)) = self.labels.get(name) {
            if defining {
                if defined {
                    self.error(
                        DiagnosticKind::Redefinition,
                        format!("redefinition of label `{name}`"),
                        span,
                    );
                }
                self.labels.insert(name.to_string(), (block, true, span));
            }
            return block;
        }
        let block = self.builder().new_block();
        self.labels
            .insert(name.to_string(), (block, defining, span));
        block
    }

    pub(crate) fn check_labels(&mut self) {
        let mut missing: Vec<(String, crate::source::Span)> = self
            .labels
            .iter()
            .filter(|(_, (_, defined, _))| !defined)
            .map(|(n, (_, _, s))| (n.clone(), *s))
            .collect();
        missing.sort_by_key(|(_, s)| (s.loc.line, s.loc.col));
        for (name, span) in missing {
            self.error(
                DiagnosticKind::UnknownIdentifier,
                format!("use of undeclared label `{name}`"),
                span,
            );
        }
    }

    fn lower_labeled(&mut self, l: &Node<ast::LabeledStatement>) {
        let loc = self.loc(l);
        let span = self.span(&l.node.label);
        match &l.node.label.node {
            ast::Label::Identifier(id) => {
                let name = Lowerer::ident_name(&id.node.name);
                let block = self.label_block(&name, span, true);
                self.builder().goto_and_switch(block, loc);
            }
            ast::Label::Case(e) => {
                let value = self.case_value(e);
                self.add_case(value.map(|v| (v, v)), loc, span);
            }
            ast::Label::CaseRange(r) => {
                let lo = self.case_value(&r.node.low);
                let hi = self.case_value(&r.node.high);
                let range = lo.zip(hi);
                self.add_case(range, loc, span);
            }
            ast::Label::Default => {
                let block = self.builder().new_block();
                match self.switches.last_mut() {
                    Some(sw) if sw.default.is_none() => sw.default = Some(block),
                    Some(_) => self.error(
                        DiagnosticKind::Redefinition,
                        "multiple `default` labels in one switch",
                        span,
                    ),
                    None => self.error(
                        DiagnosticKind::Syntax,
                        "`default` label outside a switch",
                        span,
                    ),
                }
                self.builder().goto_and_switch(block, loc);
            }
        }
        self.lower_statement(&l.node.statement);
    }

    /// A case label's value, converted to the switch's (promoted) type.
    fn case_value(&mut self, e: &Node<ast::Expression>) -> Option<u128> {
        let Some(ty) = self.switches.last().map(|s| s.ty) else {
            let sp = self.span(e);
            self.error(DiagnosticKind::Syntax, "`case` label outside a switch", sp);
            return None;
        };
        let Some(v) = self.eval_const_int(e) else {
            let sp = self.span(e);
            self.error(
                DiagnosticKind::Type,
                "case label is not an integer constant",
                sp,
            );
            return None;
        };
        Some(self.truncate(v as u128, ty))
    }

    fn add_case(&mut self, range: Option<(u128, u128)>, loc: Loc, span: crate::source::Span) {
        let block = self.builder().new_block();
        if let Some((lo, hi)) = range {
            let ty = self.switches.last().map_or(TypeTable::INT, |s| s.ty);
            let (slo, shi) = (self.sign_extend(lo, ty), self.sign_extend(hi, ty));
            if shi < slo || shi - slo > 4096 {
                self.unsupported(
                    UnsupportedKind::Other,
                    "case range wider than 4096 values",
                    span,
                );
            } else {
                let mut duplicate = false;
                for v in slo..=shi {
                    let bits = self.truncate(v as u128, ty);
                    if let Some(sw) = self.switches.last_mut() {
                        if sw.seen.insert(bits) {
                            sw.cases.push((bits, block));
                        } else {
                            duplicate = true;
                        }
                    }
                }
                if duplicate {
                    self.error(DiagnosticKind::Redefinition, "duplicate case value", span);
                }
            }
        }
        self.builder().goto_and_switch(block, loc);
    }

    fn lower_if(&mut self, i: &Node<ast::IfStatement>, loc: Loc) {
        let cond = self
            .lower_cond(&i.node.condition)
            .unwrap_or_else(|| Expr::bool(false));
        let then_block = self.builder().new_block();
        let join = self.builder().new_block();
        let else_block = if i.node.else_statement.is_some() {
            self.builder().new_block()
        } else {
            join
        };
        self.builder().terminate(
            Terminator::Branch {
                cond,
                then_block,
                else_block,
            },
            loc,
        );
        self.builder().mark_if();
        self.builder().switch_to(then_block);
        self.lower_statement(&i.node.then_statement);
        if let Some(else_statement) = &i.node.else_statement {
            if !self.builder().is_terminated() {
                let end = self.loc(&i.node.then_statement);
                self.builder().terminate(Terminator::Goto(join), end);
            }
            self.builder().switch_to(else_block);
            self.lower_statement(else_statement);
        }
        self.builder().goto_and_switch(join, loc);
    }

    fn lower_while(&mut self, w: &Node<ast::WhileStatement>, loc: Loc) {
        // As CBMC lays a loop out: the one back edge is the jump at the end,
        // and `continue` jumps forward to it.
        let header = self.builder().new_block();
        let body = self.builder().new_block();
        let latch = self.builder().new_block();
        let exit = self.builder().new_block();
        self.builder().goto_and_switch(header, loc);
        self.builder()
            .loop_info
            .insert(header, (LoopKind::While, loc));
        let cond = self
            .lower_cond(&w.node.expression)
            .unwrap_or_else(|| Expr::bool(false));
        self.builder().terminate(
            Terminator::Branch {
                cond,
                then_block: body,
                else_block: exit,
            },
            loc,
        );
        self.builder().switch_to(body);
        self.jump_targets.push(JumpTargets {
            break_to: exit,
            continue_to: Some(latch),
        });
        self.lower_statement(&w.node.statement);
        self.jump_targets.pop();
        self.builder().goto_and_switch(latch, loc);
        self.builder().terminate(Terminator::Goto(header), loc);
        self.builder().switch_to(exit);
    }

    fn lower_do_while(&mut self, d: &Node<ast::DoWhileStatement>, loc: Loc) {
        let body = self.builder().new_block();
        let cond_block = self.builder().new_block();
        let exit = self.builder().new_block();
        self.builder().goto_and_switch(body, loc);
        self.builder()
            .loop_info
            .insert(body, (LoopKind::DoWhile, loc));
        self.jump_targets.push(JumpTargets {
            break_to: exit,
            continue_to: Some(cond_block),
        });
        self.lower_statement(&d.node.statement);
        self.jump_targets.pop();
        let cond_loc = self.loc(&d.node.expression);
        self.builder().goto_and_switch(cond_block, cond_loc);
        let cond = self
            .lower_cond(&d.node.expression)
            .unwrap_or_else(|| Expr::bool(false));
        self.builder().terminate(
            Terminator::Branch {
                cond,
                then_block: body,
                else_block: exit,
            },
            cond_loc,
        );
        self.builder().switch_to(exit);
    }

    fn lower_for(&mut self, f: &Node<ast::ForStatement>, loc: Loc) {
        self.enter_scope();
        match &f.node.initializer.node {
            ast::ForInitializer::Empty => {}
            ast::ForInitializer::Expression(e) => self.lower_discard(e),
            ast::ForInitializer::Declaration(d) => self.lower_block_declaration(d),
            ast::ForInitializer::StaticAssert(sa) => self.static_assert(sa),
        }
        let header = self.builder().new_block();
        let body = self.builder().new_block();
        let step = self.builder().new_block();
        let exit = self.builder().new_block();
        self.builder().goto_and_switch(header, loc);
        self.builder()
            .loop_info
            .insert(header, (LoopKind::For, loc));
        let cond = match &f.node.condition {
            Some(c) => self.lower_cond(c).unwrap_or_else(|| Expr::bool(false)),
            None => Expr::bool(true),
        };
        self.builder().terminate(
            Terminator::Branch {
                cond,
                then_block: body,
                else_block: exit,
            },
            loc,
        );
        self.builder().switch_to(body);
        self.jump_targets.push(JumpTargets {
            break_to: exit,
            continue_to: Some(step),
        });
        self.lower_statement(&f.node.statement);
        self.jump_targets.pop();
        let step_loc = f.node.step.as_ref().map_or(loc, |s| self.loc(s));
        self.builder().goto_and_switch(step, step_loc);
        if let Some(s) = &f.node.step {
            self.lower_discard(s);
        }
        if !self.builder().is_terminated() {
            self.builder().terminate(Terminator::Goto(header), step_loc);
        }
        self.builder().switch_to(exit);
        self.leave_scope();
    }

    fn lower_switch(&mut self, sw: &Node<ast::SwitchStatement>, loc: Loc) {
        let span = self.span(&sw.node.expression);
        let value = self.lower_expr(&sw.node.expression);
        let value = match value {
            Some(v) if self.types.is_integer(v.ty) => self.promote(v),
            Some(_) => {
                self.error(
                    DiagnosticKind::Type,
                    "switch on a value that is not an integer",
                    span,
                );
                Expr::int(0, TypeTable::INT)
            }
            None => Expr::int(0, TypeTable::INT),
        };
        let ty = value.ty;
        // The dispatch block comes first in the layout, so every case is a forward jump.
        let dispatch = self.builder().new_block();
        self.builder().goto_and_switch(dispatch, loc);
        let exit = self.builder().new_block();
        let body_start = self.builder().new_block();
        self.builder().terminate(Terminator::Goto(body_start), loc);
        self.builder().switch_to(body_start);
        self.switches.push(SwitchContext {
            ty,
            cases: Vec::new(),
            default: None,
            seen: FxHashSet::default(),
        });
        self.jump_targets.push(JumpTargets {
            break_to: exit,
            continue_to: None,
        });
        self.lower_statement(&sw.node.statement);
        self.jump_targets.pop();
        let context = self.switches.pop().expect("switch context");
        self.builder().goto_and_switch(exit, loc);
        // Now that the cases are known, fill in the dispatch.
        let default = context.default.unwrap_or(exit);
        let data = &mut self.builder().blocks[dispatch.index()];
        data.term = Terminator::Switch {
            value,
            cases: context.cases,
            default,
        };
        data.term_loc = loc;
    }
}
