//! Loop summaries: a proof for programs where several loops of `main`
//! (one after another, or one inside another) need more unwinding than
//! the bound, which the step case of one loop cannot give.
//!
//! Each such loop is replaced by its *summary*: where the loop is entered,
//! the variables it writes get arbitrary values and its invariants are
//! assumed; then one copy of its blocks runs with every check checked,
//! its back edge ending the path and its exits going on. This is the step
//! case with k = 0. Every execution of the original program is an
//! execution of the summarised one up to its first failing check: take as
//! the arbitrary values the state at the loop's header before the
//! iteration being run (invariants hold there as long as no check has
//! failed). So if no check of the summarised program fails, none of the
//! original fails.
//!
//! The invariants are Houdini's ([`super::invariants`]), found one loop at
//! a time in the order the loops end, inner loops first:
//! - for a loop after others, in the program in which those are already
//!   summarised (its entry states are then over-approximated soundly);
//! - for a loop inside others, in a program in which every enclosing loop
//!   is replaced by its summary without invariants (each of its header
//!   states arbitrary), so that the inner loop's entry is reached without
//!   unwinding the enclosing loops; the invariants found there hold in
//!   every execution of the original, and the inner loop is then
//!   summarised in place, inside its enclosing loop.
//!
//! The summarised program has none of these loops left; it is checked
//! by bounded model checking at the base case's bound (other loops keep
//! their unwinding assertions). A failing check there may be spurious
//! (a summary over-approximates): the answer is then no proof.

use super::{invariants, natural_loop, rewrite, Induction, LoopProof, Plan, Shape};
use crate::check::Verdict;
use crate::error::BmcError;
use crate::symex::CheckKind;
use crate::symex::SymexOptions;
use crate::verify::{verify, Status};
use lore_frontend::ir::Program;
use lore_frontend::source::Loc;
use std::time::Instant;

/// Proves the program with loops `targets` of `main` (their unwinding
/// assertions the only open checks at bound `unwind`) replaced by their
/// summaries.
/// Where the summarised program is UNKNOWN only because more loops of
/// `main` need unwinding (loops after the summarised ones, whose runs were
/// cut before), those are summarised too, and so on.
pub(super) fn prove(
    program: &Program,
    options: &SymexOptions,
    targets: &[usize],
    unwind: u32,
    deadline: Option<Instant>,
) -> Result<Induction, BmcError> {
    let mut targets = targets.to_vec();
    loop {
        match summarise(program, options, &targets, unwind, deadline)? {
            Attempt::Done(answer) => return Ok(answer),
            Attempt::AlsoSummarise(more) => {
                let before = targets.len();
                targets.extend(more);
                targets.sort_unstable();
                targets.dedup();
                if targets.len() == before {
                    return Ok(Induction::NotProved(
                        "the summarised program still needs more unwinding".into(),
                    ));
                }
            }
        }
    }
}

enum Attempt {
    Done(Induction),
    /// These loops of `main` (numbered as in the program given) need more
    /// unwinding in the summarised program.
    AlsoSummarise(Vec<usize>),
}

fn summarise(
    program: &Program,
    options: &SymexOptions,
    targets: &[usize],
    unwind: u32,
    deadline: Option<Instant>,
) -> Result<Attempt, BmcError> {
    let not = |why: String| Ok(Attempt::Done(Induction::NotProved(why)));
    let entry = program.entry.expect("a main");
    let main = program.function(entry);
    let body = main.body.as_ref().expect("a body");
    // Loops are known by their place: rewriting renumbers them.
    let locs: Vec<Loc> = body.loops.iter().map(|l| l.loc).collect();
    for &t in targets {
        if locs.iter().filter(|&&l| l == locs[t]).count() > 1 {
            return not(format!(
                "loop {}.{t} shares its place with another loop",
                main.name
            ));
        }
    }
    // The order in which loops end, inner loops first.
    let mut order: Vec<(usize, usize, usize)> = targets
        .iter()
        .map(|&t| {
            let members = natural_loop(body, &body.loops[t]);
            let end = members.iter().max().map_or(0, |&b| b + 1);
            (end, members.len(), t)
        })
        .collect();
    order.sort_unstable();

    let mut current = program.clone();
    let mut opts = options.clone();
    let mut proofs = Vec::new();
    for &(_, _, t) in &order {
        let name = format!("{}.{t}", main.name);
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return not(format!("out of time before the summary of {name}"));
        }
        let shape = match shape_at(&current, locs[t], &name) {
            Ok(s) => s,
            Err(why) => return not(why),
        };
        // Where its invariants are sought: every enclosing loop summarised
        // without invariants.
        let mut context = current.clone();
        let mut context_opts = opts.clone();
        for around in enclosing(&current, locs[t]) {
            let i = index_of(&context, around).expect("an enclosing loop");
            let outer = match Shape::within(&context, i) {
                Ok(s) => s,
                Err(why) => return not(format!("around {name}: {why}")),
            };
            let plan = Plan {
                assumed_copies: 0,
                before_havoc: Vec::new(),
                after_havoc: Vec::new(),
                at_back_edge: None,
                exits_go_on: false,
            };
            (context, context_opts) = rewrite(&context, &context_opts, &outer, &plan);
        }
        let inner = match shape_at(&context, locs[t], &name) {
            Ok(s) => s,
            Err(why) => return not(why),
        };
        let found = invariants::find(
            &context,
            &context_opts,
            &inner,
            &super::Samples::default(),
            deadline,
        )?;
        let (save, assumed, texts) = match found {
            Some(inv) => {
                // The ghosts that hold entry values become locals of main.
                let locals = &inv.program.function(entry).locals;
                let mine = &mut current.functions[entry.index()].locals;
                debug_assert!(locals.len() >= mine.len());
                mine.extend(locals[mine.len()..].iter().cloned());
                (inv.save.clone(), inv.assumptions(shape.loc), inv.texts())
            }
            None => (Vec::new(), Vec::new(), Vec::new()),
        };
        let plan = Plan {
            assumed_copies: 0,
            before_havoc: save,
            after_havoc: assumed,
            at_back_edge: None,
            exits_go_on: true,
        };
        (current, opts) = rewrite(&current, &opts, &shape, &plan);
        proofs.push(LoopProof {
            name,
            loc: shape.loc,
            invariants: texts,
        });
    }
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return not("out of time before the summarised program".into());
    }
    let names: Vec<&str> = proofs.iter().map(|p| p.name.as_str()).collect();
    let names = names.join(", ");
    let report = verify(&current, &opts)?;
    if crate::portfolio::only_unwinding_open(&report) {
        let loops = &current.function(entry).body.as_ref().expect("a body").loops;
        let mut more = Vec::new();
        for p in &report.properties {
            if let (
                CheckKind::Unwinding {
                    function,
                    loop_index,
                },
                Status::Unknown(_),
            ) = (&p.kind, &p.status)
            {
                if *function != entry {
                    return not(format!("{} needs more unwinding", p.name));
                }
                match locs.iter().position(|&l| l == loops[*loop_index].loc) {
                    Some(original) => more.push(original),
                    None => return not(format!("{} needs more unwinding", p.name)),
                }
            }
        }
        return Ok(Attempt::AlsoSummarise(more));
    }
    match report.verdict {
        Verdict::True => {
            proofs.sort_by(|a, b| a.name.cmp(&b.name));
            Ok(Attempt::Done(Induction::Proved {
                loops: proofs,
                k: 0,
                unwind,
            }))
        }
        Verdict::False(check) => not(format!("with {names} summarised, {check} can fail")),
        Verdict::Unknown(why) => not(format!(
            "with {names} summarised, the answer is unknown: {why}"
        )),
    }
}

/// The shape of main's loop at `loc` (`name` for the message).
fn shape_at(program: &Program, loc: Loc, name: &str) -> Result<Shape, String> {
    let i = index_of(program, loc).ok_or(format!("loop {name} is lost in rewriting"))?;
    Shape::within(program, i)
}

/// The index of main's loop at `loc`.
fn index_of(program: &Program, loc: Loc) -> Option<usize> {
    let main = program.function(program.entry?);
    main.body.as_ref()?.loops.iter().position(|l| l.loc == loc)
}

/// The places of main's loops that contain the loop at `loc`, outermost
/// first.
fn enclosing(program: &Program, loc: Loc) -> Vec<Loc> {
    let main = program.function(program.entry.expect("a main"));
    let body = main.body.as_ref().expect("a body");
    let Some(inner) = body.loops.iter().find(|l| l.loc == loc) else {
        return Vec::new();
    };
    let mut around: Vec<(usize, Loc)> = body
        .loops
        .iter()
        .filter(|o| o.loc != loc)
        .map(|o| natural_loop(body, o))
        .zip(body.loops.iter().filter(|o| o.loc != loc))
        .filter(|(members, _)| members.contains(&inner.header.index()))
        .map(|(members, o)| (usize::MAX - members.len(), o.loc))
        .collect();
    around.sort_by_key(|(k, _)| *k);
    around.into_iter().map(|(_, l)| l).collect()
}
