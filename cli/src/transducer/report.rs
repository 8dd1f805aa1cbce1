//! `lore transducer --html FILE`: one self-contained page with what was
//! learned — the transducer drawn (zoom and pan as in the learning
//! reports), its transitions as a table, the checks behind it, and the
//! answers to BEK's questions when some were asked.

use crate::html::{figure, file_name, text, STYLE, VIEWER};
use lore_transducer::check::Checked;
use lore_transducer::harness::View;
use lore_transducer::learn::{Learned, Outcome};
use lore_transducer::model::show_output;
use serde_json::Value;
use std::fmt::Write as _;

/// The page; `summary` are the lines the command printed after the
/// transducer (learning, proof, bounded check).
pub fn page(path: &str, learned: &Learned, summary: &[String], answers: &[Value]) -> String {
    let name = file_name(path);
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>lore transducer {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <header><h1 title=\"{}\">lore transducer {}</h1>\n",
        text(name),
        text(path),
        text(name)
    );
    let verdict = match &learned.outcome {
        Outcome::Learned => "Learned".to_string(),
        Outcome::NotLearned(why) => format!("Not learned: {why}"),
    };
    let _ = writeln!(out, "<p class=\"summary\">{}</p>", text(&verdict));
    out.push_str("<ul class=\"programs\">");
    for line in summary {
        let _ = write!(out, "<li>{}</li>", text(line));
    }
    out.push_str("</ul>\n</header>\n<main>\n");
    if let Some(t) = &learned.transducer {
        let _ = writeln!(
            out,
            "<article class=\"panel\"><h3>The transducer</h3>\n<p class=\"facts\">{} state{}, {} transitions, lookback {}, {}, {}-bit symbols; proved: {}.</p>",
            t.states.len(),
            if t.states.len() == 1 { "" } else { "s" },
            t.transitions(),
            t.lookback(),
            lore_transducer::echo::class(t, &learned.view),
            t.bits,
            match &learned.proof {
                Some((Checked::Holds, ..)) => "for every input length",
                _ => "no (see the checks above)",
            }
        );
        out.push_str(&figure(&super::picture(t, &learned.view), "transducer"));
        out.push_str(
            "<h4>Transitions</h4>\n<table><thead><tr><th scope=\"col\">state</th>\
             <th scope=\"col\">on the symbol λ0</th><th scope=\"col\">writes</th>\
             <th scope=\"col\">goes to</th></tr></thead><tbody>\n",
        );
        for (i, s) in t.states.iter().enumerate() {
            for tr in &s.transitions {
                let _ = writeln!(
                    out,
                    "<tr><td>q{i}</td><td><code>{}</code></td><td><code>{}</code></td><td>q{}</td></tr>",
                    text(&tr.guard.to_string()),
                    text(&show_output(&tr.output)),
                    tr.target
                );
            }
            if let View::EchoOr { reject, .. } = &learned.view {
                let _ = writeln!(
                    out,
                    "<tr><td>q{i}</td><td>the end of the input</td><td>{}</td><td>—</td></tr>",
                    text(&lore_transducer::echo::meaning(&s.final_output, reject))
                );
            } else if !s.final_output.is_empty() {
                let _ = writeln!(
                    out,
                    "<tr><td>q{i}</td><td>the end of the input</td><td><code>{}</code></td><td>—</td></tr>",
                    text(&show_output(&s.final_output))
                );
            }
        }
        out.push_str("</tbody></table>\n");
        if let Some(folded) = learned.folded() {
            let _ = writeln!(
                out,
                "<h4>With lookback in the guards</h4>\n<pre class=\"folded\">{}</pre>",
                text(&folded.to_string())
            );
        }
        out.push_str("</article>\n");
    }
    if !answers.is_empty() {
        out.push_str("<section class=\"panel\"><h3>BEK's questions</h3>\n<ul>\n");
        for a in answers {
            let question = a["question"].as_str().unwrap_or("?");
            let result = a["result"].as_str().unwrap_or("?");
            let mut line = format!("<b>{}</b>: {}", text(question), text(result));
            if let Some(input) = a["input"].as_array() {
                let _ = write!(
                    line,
                    ", on the input <code>{}</code>",
                    text(&symbols(input))
                );
            }
            if let Some(outputs) = a["outputs"].as_array() {
                let shown: Vec<String> = outputs
                    .iter()
                    .map(|o| {
                        format!(
                            "<code>{}</code>",
                            text(&symbols(o.as_array().map_or(&[][..], |v| v)))
                        )
                    })
                    .collect();
                let _ = write!(line, " (writes {})", shown.join(" against "));
            }
            for key in ["how", "why"] {
                if let Some(v) = a[key].as_str() {
                    let _ = write!(line, "; {}", text(v));
                }
            }
            let _ = writeln!(out, "<li>{line}</li>");
        }
        out.push_str("</ul></section>\n");
    }
    out.push_str(LEGEND);
    out.push_str("</main>\n<script>\n");
    out.push_str(VIEWER);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// Symbols as a quoted string where all are printable, else numbers.
fn symbols(values: &[Value]) -> String {
    let v: Vec<i64> = values.iter().filter_map(Value::as_i64).collect();
    lore_transducer::oracle::show_symbols(&v)
}

const LEGEND: &str = "<section class=\"legend\"><h2>How to read the transducer</h2><ul>\
<li>The transducer reads one symbol λ0 at a time from the initial state q0 (the arrow from \
nowhere); the transition whose guard holds of λ0 writes its output and goes to its state. \
Every state is final; an edge to <em>end</em> shows what a state writes when the input ends.</li>\
<li>Guards are sets of symbols: <code>['a'-'z' 0x20]</code>. Outputs are terms: a string \
<code>\"&amp;lt;\"</code> or a character <code>'&lt;'</code>, the current symbol <code>λ0</code> \
or an earlier one <code>λ-1</code>, <code>λ0+1</code>, a hexadecimal digit \
<code>hex(λ0, 1)</code> (upper case: <code>HEX</code>), a decimal digit <code>dec(λ0, 0)</code>; \
<code>ε</code> writes nothing.</li>\
<li>A program learned as <em>validate, then echo</em> writes nothing until its input ends, then \
either the whole input or one fixed string: its automaton writes nothing on its transitions, and \
the end of the input in a double state (an echoing one) means the input is written back.</li>\
<li><em>With lookback in the guards</em> is the same transducer as the paper writes it (a \
k-SLT): where the last symbols tell learned states apart, one state stands for them, each with \
its condition on <code>λ-1</code>, <code>λ-2</code> (⊥: before the input's start).</li>\
<li>\"Proved\" means the program and the transducer write the same on every input of every \
length (k-induction on their product); otherwise only the inputs up to the bound are checked.</li>\
</ul></section>\n";
