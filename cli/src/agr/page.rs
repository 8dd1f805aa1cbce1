//! `lore agr --html FILE`: one self-contained page with the run — the
//! verdict, each iteration's error trace and repair, the assumption and M2
//! (as repaired) drawn with zoom and pan as in the other reports, and the
//! independent check.

use super::{automaton_drawing, AgrArgs};
use crate::html::{figure, file_name, text, STYLE, VIEWER};
use lore_agr::assume::Verdict;
use lore_agr::automaton::Component;
use lore_agr::check::{describe_parts, Outcome};
use lore_agr::product::Step;
use lore_agr::run::Agr;
use lore_agr::system::System;
use std::fmt::Write as _;

/// The page; `verdict` is the line the run concluded with.
pub fn page(
    args: &AgrArgs,
    system: &System,
    result: &Agr,
    direct: &Outcome,
    verdict: &str,
) -> String {
    let names: Vec<String> = [&args.m1, &args.m2, &args.property]
        .iter()
        .map(|p| file_name(&p.display().to_string()).to_string())
        .collect();
    let title = format!("lore agr {}", names.join(" "));
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{0}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <header><h1>{0}</h1>\n<p class=\"summary\">{1}</p>\n<ul class=\"programs\">",
        text(&title),
        text(verdict)
    );
    for (c, path) in [(&system.m1, &args.m1), (&system.m2, &args.m2)] {
        let _ = write!(
            out,
            "<li title=\"{}\">{}: {} states, {} transitions</li>",
            text(&path.display().to_string()),
            text(&c.name),
            c.states,
            c.transitions.len()
        );
    }
    let p = &system.property;
    let _ = write!(
        out,
        "<li title=\"{}\">P: {} states, {} transitions; shared channels: {}</li>",
        text(&args.property.display().to_string()),
        p.states.len(),
        p.transitions.len(),
        text(&system.shared.join(", "))
    );
    out.push_str("</ul>\n</header>\n<main>\n");
    for (n, it) in result.iterations.iter().enumerate() {
        let _ = writeln!(
            out,
            "<article class=\"panel\"><h3>Iteration {}: {} found an error trace of {} steps</h3>",
            n + 1,
            text(it.found_by),
            it.trace.len()
        );
        trace_table(&mut out, system, &it.letters, &it.trace);
        let _ = writeln!(
            out,
            "<p class=\"facts\">Repaired by {}; M2 now has {} states.</p></article>",
            text(&it.repair.describe()),
            it.repair.machine.states
        );
    }
    let ag = &result.last;
    let _ = writeln!(
        out,
        "<article class=\"panel\"><h3>The last round of learning</h3>\n<p class=\"facts\">{} membership queries ({} checked by the BMC), {} equivalence queries, {:.2} s.</p>",
        ag.membership, ag.membership_checked, ag.equivalence, result.seconds
    );
    match &ag.verdict {
        Verdict::Holds {
            assumption,
            how,
            learned,
            merge_checks,
        } => {
            let _ = writeln!(
                out,
                "<p>The assumption A: {} states ({}); M1 ‖ A satisfies P ({}) and every trace of M2 is one of A.</p>",
                assumption.num_states(),
                text(&super::merged(*learned, assumption.num_states(), *merge_checks)),
                text(how)
            );
            let svg = super::drawing(system, result, assumption, true);
            out.push_str(&figure(&svg, "assumption"));
        }
        Verdict::Error { trace, found_by } => {
            let _ = writeln!(
                out,
                "<p>{} found an error trace of {} steps that no repair removed:</p>",
                text(found_by),
                trace.len()
            );
            trace_table(&mut out, system, &result.machine.letters(&system.m2), trace);
        }
        Verdict::Unknown(why) => {
            let _ = writeln!(out, "<p>No answer: {}.</p>", text(why));
        }
    }
    out.push_str("</article>\n");
    if !result.iterations.is_empty() {
        let machine = &result.machine;
        let dfa = machine.dfa(&machine.alphabet()).trim();
        let caption = format!("M2 as repaired: {} states", machine.states);
        let svg = automaton_drawing(system, result, &dfa, true, caption);
        out.push_str("<article class=\"panel\"><h3>M2 as repaired</h3>\n");
        out.push_str(&figure(&svg, "repaired"));
        out.push_str("</article>\n");
    }
    let independent = match direct {
        Outcome::Holds(how) => format!("composed directly, it satisfies P ({how})"),
        Outcome::Error(trace) => {
            format!("composed directly, it has an error ({} steps)", trace.len())
        }
        Outcome::Unknown(why) => format!("composed directly, no answer ({why})"),
    };
    let _ = writeln!(
        out,
        "<section class=\"panel\"><h3>Independent check</h3><p>M1 ‖ M2{}: {}.</p></section>",
        if result.iterations.is_empty() {
            ""
        } else {
            " (repaired)"
        },
        text(&independent)
    );
    out.push_str(LEGEND);
    out.push_str("</main>\n<script>\n");
    out.push_str(VIEWER);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// An error trace as a table: a row per step, what M1, M2 and P do there
/// and the values drawn.
fn trace_table(
    out: &mut String,
    system: &System,
    letters: &Component,
    trace: &[(Step, Vec<i128>)],
) {
    out.push_str(
        "<table><thead><tr><th scope=\"col\">#</th><th scope=\"col\">M1</th>\
         <th scope=\"col\">M2</th><th scope=\"col\">P</th><th scope=\"col\">values</th></tr></thead><tbody>\n",
    );
    for (i, (step, values)) in trace.iter().enumerate() {
        // Each part without the name it starts with (the column says it).
        let cells = describe_parts(system, letters, step).map(|part| {
            part.map(|p| text(p.split_once(": ").map_or(p.as_str(), |(_, rest)| rest)))
                .unwrap_or_default()
        });
        let drawn: Vec<String> = values.iter().map(i128::to_string).collect();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td><code>{}</code></td><td>{}</td></tr>",
            i + 1,
            cells[0],
            cells[1],
            cells[2],
            drawn.join(", ")
        );
    }
    out.push_str("</tbody></table>\n");
}

const LEGEND: &str = "<section class=\"legend\"><h2>How to read the report</h2><ul>\
<li>An error trace is a run of M1 ‖ M2 that P rejects: each row is one step of the product — \
an action of one program, a send and a receive on a shared channel together, or a constraint \
of P — with the values received from the environment. Every trace shown was replayed \
concretely.</li>\
<li>A repair by abduction adds the constraint ψ over M2's variables where the trace's M2 part \
ends; a syntactic repair (exact, approximate, aggressive) changes M2's automaton.</li>\
<li>In the drawings, each edge is one of M2's actions: its line and its text, \
<code>[true]</code>/<code>[false]</code> for the two outcomes of a condition; a double circle \
is accepting (the program has returned). The assumption A is learned by L*: M1 ‖ A satisfies \
P and every trace of M2 is one of A, so M1 ‖ M2 satisfies P.</li></ul></section>\n";
