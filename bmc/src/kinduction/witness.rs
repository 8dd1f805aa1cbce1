//! Validating a correctness witness: loop invariants claimed at the heads
//! of `main`'s loops (the front end lowers each as an assertion of kind
//! [`PropertyKind::Invariant`] in the loop's header block, where the CLI
//! wrote `__lore_invariant(e)`) are a proof when
//! - each holds where its loop is entered,
//! - from any state at the head where it holds, one iteration that passes
//!   every check arrives back at the head where it holds again, and
//! - with every claimed loop replaced by "any state where its invariant
//!   holds, then one iteration or the exit", no check of the program fails
//!   (the loops without a claim unwound at the bound, with unwinding
//!   assertions).
//!
//! This is the loop summary of [`super::summaries`] with the claimed
//! invariants in place of Houdini's, the invariant asserted before the
//! havoc and at the back edge. An answer TRUE confirms the witness; any
//! failing check says which part does not hold (it may be the invariant's
//! weakness, not the program's fault: the answer is then "not confirmed").

use super::{natural_loop, rewrite, Plan, Shape};
use crate::check::Verdict;
use crate::error::BmcError;
use crate::symex::{CheckKind, SymexOptions};
use crate::verify::verify;
use lore_frontend::ir::{
    Block, Expr, HaltKind, Program, PropertyId, PropertyKind, Stmt, StmtKind, Terminator,
};

/// What a witness's invariants prove.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Validation {
    /// Every check holds: the invariants are a proof.
    Confirmed {
        /// The loops whose invariants were used (`main.i`).
        loops: Vec<String>,
    },
    /// Not a proof, and why (an invariant that does not hold on entry or
    /// is not kept by an iteration, a check the invariants do not imply, a
    /// loop without an invariant that needs more unwinding); where
    /// invariants are what fails, the text of each that does.
    NotConfirmed {
        why: String,
        invariants: Vec<String>,
    },
}

/// Checks the invariants claimed in `program` (see the module
/// documentation) with `options` (its bound for the loops without one).
pub fn validate(program: &Program, options: &SymexOptions) -> Result<Validation, BmcError> {
    let not = |why: String| {
        Ok(Validation::NotConfirmed {
            why,
            invariants: Vec::new(),
        })
    };
    let Some(entry) = program.entry else {
        return not("the program has no main".into());
    };
    // The claims: each invariant assertion and the loop it heads.
    let mut claims: Vec<(usize, Expr, PropertyId)> = Vec::new();
    for (fi, f) in program.functions.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        for (b, block) in body.blocks.iter().enumerate() {
            for stmt in &block.stmts {
                let StmtKind::Assert { cond, property } = &stmt.kind else {
                    continue;
                };
                if program.property(*property).kind != PropertyKind::Invariant {
                    continue;
                }
                if fi != entry.index() {
                    return not(format!(
                        "an invariant in {} (Lore checks those of main's loops)",
                        f.name
                    ));
                }
                match body.loops.iter().position(|l| l.header.index() == b) {
                    Some(li) => claims.push((li, cond.clone(), *property)),
                    None => {
                        return not(format!(
                            "the invariant at line {} is not at the head of a loop",
                            stmt.loc.line
                        ))
                    }
                }
            }
        }
    }
    let main = program.function(entry);
    let body = main.body.as_ref().expect("main has a body");
    // Inner loops first, as the summaries take them.
    let mut order: Vec<(usize, usize, usize)> = claims
        .iter()
        .map(|(li, _, _)| {
            let members = natural_loop(body, &body.loops[*li]);
            let end = members.iter().max().map_or(0, |&b| b + 1);
            (end, members.len(), *li)
        })
        .collect();
    order.sort_unstable();
    order.dedup();
    let locs: Vec<_> = body.loops.iter().map(|l| l.loc).collect();
    let mut current = program.clone();
    let mut opts = SymexOptions {
        check_kinds: options
            .check_kinds
            .iter()
            .copied()
            .chain(std::iter::once(PropertyKind::Invariant))
            .collect(),
        ..options.clone()
    };
    let mut names = Vec::new();
    for &(_, _, li) in &order {
        let name = format!("{}.{li}", main.name);
        let loc = locs[li];
        let Some(target) = current
            .function(entry)
            .body
            .as_ref()
            .and_then(|b| b.loops.iter().position(|l| l.loc == loc))
        else {
            return not(format!("loop {name} is lost in rewriting"));
        };
        let shape = match Shape::within(&current, target) {
            Ok(s) => s,
            Err(why) => return not(why),
        };
        let assertions = |stmt_loc| -> Vec<Stmt> {
            claims
                .iter()
                .filter(|(l, _, _)| *l == li)
                .map(|(_, cond, property)| Stmt {
                    kind: StmtKind::Assert {
                        cond: cond.clone(),
                        property: *property,
                    },
                    loc: stmt_loc,
                })
                .collect()
        };
        let assumptions: Vec<Stmt> = claims
            .iter()
            .filter(|(l, _, _)| *l == li)
            .map(|(_, cond, _)| Stmt {
                kind: StmtKind::Assume { cond: cond.clone() },
                loc: shape.loc,
            })
            .collect();
        let plan = Plan {
            assumed_copies: 0,
            before_havoc: assertions(shape.loc),
            after_havoc: assumptions,
            at_back_edge: Some(vec![Block {
                stmts: assertions(shape.loc),
                term: Terminator::Halt(HaltKind::Abort),
                term_loc: shape.loc,
                from_if: false,
                skips_dead_code: false,
            }]),
            exits_go_on: true,
        };
        (current, opts) = rewrite(&current, &opts, &shape, &plan);
        names.push(name);
    }
    let report = verify(&current, &opts)?;
    // Every invariant that fails (each replayed), so that a caller
    // dropping them reaches its fixpoint in few rounds.
    let failing: Vec<&crate::verify::PropertyReport> = report
        .properties
        .iter()
        .filter(|p| matches!(p.status, crate::verify::Status::Fails { .. }))
        .filter(|p| {
            matches!(p.kind, CheckKind::Property(id)
                if current.property(id).kind == PropertyKind::Invariant)
        })
        .collect();
    match report.verdict {
        Verdict::True => Ok(Validation::Confirmed { loops: names }),
        Verdict::False(_) if !failing.is_empty() => Ok(Validation::NotConfirmed {
            why: format!(
                "the {} at line {} does not hold where its loop is entered or is not kept by an iteration",
                failing[0].description, failing[0].loc.line
            ),
            invariants: failing
                .iter()
                .filter_map(|p| p.description.strip_prefix("loop invariant "))
                .map(str::to_string)
                .collect(),
        }),
        Verdict::False(check) => not(format!("with the invariants assumed, {check} can fail")),
        Verdict::Unknown(why) => not(format!("{why}")),
    }
}
