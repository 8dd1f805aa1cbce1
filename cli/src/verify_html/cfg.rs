//! The CFG of each of the program's functions in the `verify --html` page:
//! drawn with Lore's own layered layout (`lore_learner::layout`, as the
//! automata are), each block a state (`bbN`; a block that leaves the
//! function drawn double, a loop's header in green), each edge labelled
//! with its condition; beside it the blocks' statements as `lore show cfg`
//! prints them, each linked to its source line.

use super::line_id;
use crate::html::text;
use lore_frontend::ir::Program;
use lore_learner::layout::{to_svg, Edge, Graph, Ink, Node};
use std::fmt::Write as _;

/// Functions with more blocks are listed, not drawn (a drawing that large
/// is read better as the list).
const MOST_BLOCKS_DRAWN: usize = 120;
/// An edge's condition is cut after this many characters in the drawing
/// (the list has it whole).
const LABEL_WIDTH: usize = 28;

pub(super) fn section(program: &Program, out: &mut String) {
    let functions: Vec<_> = program
        .functions
        .iter()
        .filter(|f| f.body.is_some() && !f.is_lore_library)
        .collect();
    if functions.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<details id=\"cfg\"><summary>The CFG of each function ({} functions, as <code>lore show cfg</code> \
         prints them)</summary><p class=\"help\">Each block is a state; a block that leaves the function \
         is drawn double, a loop's header in green; an edge carries the condition of taking it. Point \
         at a block for its statements.</p>",
        functions.len()
    );
    for f in functions {
        let blocks = lore_frontend::print::blocks_text(program, f);
        let headers: Vec<usize> = f
            .body
            .as_ref()
            .map(|b| b.loops.iter().map(|l| l.header.index()).collect())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "<details class=\"function\"><summary><code>{}</code>: {} blocks</summary>",
            text(&f.name),
            blocks.len()
        );
        if blocks.len() <= MOST_BLOCKS_DRAWN {
            let graph = Graph {
                nodes: blocks
                    .iter()
                    .enumerate()
                    .map(|(i, b)| Node {
                        text: format!("bb{i}"),
                        accepting: b.successors.is_empty(),
                        ink: if headers.contains(&i) {
                            Ink::Marked
                        } else {
                            Ink::Plain
                        },
                        title: b
                            .stmts
                            .iter()
                            .map(|(s, _)| s.as_str())
                            .chain(std::iter::once(b.term.as_str()))
                            .collect::<Vec<_>>()
                            .join("\n"),
                    })
                    .collect(),
                edges: edges(&blocks),
                initial: 0,
                caption: None,
            };
            let _ = writeln!(out, "<div class=\"drawing\">{}</div>", to_svg(&graph));
        } else {
            let _ = writeln!(
                out,
                "<p>{} blocks: listed, not drawn (more than {MOST_BLOCKS_DRAWN}).</p>",
                blocks.len()
            );
        }
        out.push_str("<table class=\"blocks\"><tbody>");
        for (i, b) in blocks.iter().enumerate() {
            let lines = b
                .stmts
                .iter()
                .map(|(s, loc)| (s.as_str(), *loc))
                .chain(std::iter::once((b.term.as_str(), b.term_loc)));
            for (n, (stmt, loc)) in lines.enumerate() {
                let at = if loc.is_none() {
                    String::new()
                } else {
                    format!(
                        "<a href=\"#{}\">{}</a>",
                        line_id(loc),
                        text(&program.sources.short(loc).to_string())
                    )
                };
                let _ = write!(
                    out,
                    "<tr><td>{}</td><td><code>{}</code></td><td>{at}</td></tr>",
                    if n == 0 {
                        format!("bb{i}")
                    } else {
                        String::new()
                    },
                    text(stmt)
                );
            }
        }
        out.push_str("</tbody></table></details>\n");
    }
    out.push_str("</details>\n");
}

/// One edge per ordered pair of blocks, its conditions merged.
fn edges(blocks: &[lore_frontend::print::BlockText]) -> Vec<Edge> {
    let mut edges: Vec<Edge> = Vec::new();
    for (from, b) in blocks.iter().enumerate() {
        for (to, cond) in &b.successors {
            let label: String = if cond.chars().count() > LABEL_WIDTH {
                cond.chars().take(LABEL_WIDTH - 1).chain(['…']).collect()
            } else {
                cond.clone()
            };
            match edges.iter_mut().find(|e| e.from == from && e.to == *to) {
                Some(e) if !label.is_empty() => e.label = format!("{}\n{label}", e.label),
                Some(_) => {}
                None => edges.push(Edge {
                    from,
                    to: *to,
                    label,
                    ink: Ink::Plain,
                }),
            }
        }
    }
    edges
}
