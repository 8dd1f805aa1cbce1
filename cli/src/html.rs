//! `--html`: one self-contained page (no network, no external script or
//! style) with the automaton of every pair of bounds computed, a slider for
//! b and one for b_wl, the statistics, the dominating letters and doomed
//! states, and a witness execution behind every listed word.

use crate::present::{BoundView, Panel, Report, WordView};
use std::fmt::Write as _;

/// The page for `report`.
pub fn page(report: &Report) -> String {
    let mut out = String::new();
    let title = format!(
        "lore {} {}",
        report.command,
        report
            .programs
            .iter()
            .map(|p| file_name(&p.file))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let paths: Vec<&str> = report.programs.iter().map(|p| p.file.as_str()).collect();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        text(&title)
    );
    let _ = writeln!(
        out,
        "<header><h1 title=\"{}\">{}</h1>",
        text(&paths.join(" ")),
        text(&title)
    );
    let _ = writeln!(out, "<p class=\"summary\">{}</p>", text(&report.summary));
    if report.programs.len() > 1 {
        out.push_str("<ul class=\"programs\">");
        for p in &report.programs {
            let _ = write!(
                out,
                "<li><b>{}</b>: <span title=\"{}\">{}</span></li>",
                p.role,
                text(&p.file),
                text(file_name(&p.file))
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</header>\n<main>\n");
    sliders(&mut out, report);
    out.push_str("<p id=\"missing\" class=\"notice\" role=\"status\" hidden></p>\n");
    for (i, bound) in report.bounds.iter().enumerate() {
        bound_section(&mut out, report, i, bound);
    }
    statistics(&mut out, report);
    out.push_str(LEGEND);
    out.push_str("</main>\n<script>\n");
    let pairs: Vec<String> = report
        .bounds
        .iter()
        .map(|b| format!("[{},{}]", b.unwind, b.max_word_length))
        .collect();
    let _ = writeln!(
        out,
        "const PAIRS = [{}];\nconst CHOSEN = {};",
        pairs.join(","),
        report.chosen
    );
    out.push_str(SCRIPT);
    out.push_str(VIEWER);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

fn sliders(out: &mut String, report: &Report) {
    let bs: Vec<u32> = report.bounds.iter().map(|b| b.unwind).collect();
    let wls: Vec<u32> = report.bounds.iter().map(|b| b.max_word_length).collect();
    let chosen = report.chosen();
    let range = |v: &[u32]| (*v.iter().min().unwrap_or(&1), *v.iter().max().unwrap_or(&1));
    let (b_min, b_max) = range(&bs);
    let (wl_min, wl_max) = range(&wls);
    let _ = writeln!(
        out,
        "<section class=\"controls\" aria-label=\"bounds\">\n\
         <label for=\"b\">b (unwinding) <output id=\"b-value\" for=\"b\">{}</output></label>\n\
         <input type=\"range\" id=\"b\" min=\"{b_min}\" max=\"{b_max}\" step=\"1\" value=\"{}\">\n\
         <label for=\"wl\">b<sub>wl</sub> (longest word) <output id=\"wl-value\" for=\"wl\">{}</output></label>\n\
         <input type=\"range\" id=\"wl\" min=\"{wl_min}\" max=\"{wl_max}\" step=\"1\" value=\"{}\">\n\
         <p class=\"hint\">{} pair{} of bounds computed; the result is at b = {}, b<sub>wl</sub> = {}.</p>\n\
         </section>",
        chosen.unwind,
        chosen.unwind,
        chosen.max_word_length,
        chosen.max_word_length,
        report.bounds.len(),
        if report.bounds.len() == 1 { "" } else { "s" },
        chosen.unwind,
        chosen.max_word_length,
    );
}

fn bound_section(out: &mut String, report: &Report, index: usize, bound: &BoundView) {
    let _ = writeln!(
        out,
        "<section class=\"bound\" id=\"bound-{index}\" data-b=\"{}\" data-wl=\"{}\"{}>",
        bound.unwind,
        bound.max_word_length,
        if index == report.chosen {
            ""
        } else {
            " hidden"
        }
    );
    let _ = writeln!(
        out,
        "<h2>b = {}, b<sub>wl</sub> = {}</h2>",
        bound.unwind, bound.max_word_length
    );
    for (p, panel) in bound.panels.iter().enumerate() {
        panel_html(out, report, &format!("{index}-{p}"), panel);
    }
    out.push_str("</section>\n");
}

fn panel_html(out: &mut String, report: &Report, id: &str, panel: &Panel) {
    let d = &panel.drawing;
    let alphabet = d.dfa.alphabet();
    // Files by their names in the heading, their paths in its tooltip.
    let mut heading = panel.title.clone();
    for p in &report.programs {
        heading = heading.replace(&p.file, file_name(&p.file));
    }
    let _ = writeln!(
        out,
        "<article class=\"panel\"><h3 title=\"{}\">{}</h3>",
        text(&panel.title),
        text(&heading)
    );
    let _ = writeln!(
        out,
        "<p class=\"facts\">{} state{}, {} edge{}; {} word{} of length at most the bound.</p>",
        d.num_states(),
        if d.num_states() == 1 { "" } else { "s" },
        d.num_edges(),
        if d.num_edges() == 1 { "" } else { "s" },
        panel.word_count,
        if panel.word_count == 1 { "" } else { "s" },
    );
    out.push_str(&figure(&d.to_svg(), id));
    if d.empty {
        out.push_str("<p class=\"marks\">No word is accepted.</p>\n");
    } else {
        let letters: Vec<String> = d
            .dominating_letters
            .iter()
            .map(|&a| {
                format!(
                    "<code class=\"dominating\">{}</code>",
                    text(alphabet.name(a))
                )
            })
            .collect();
        let doomed: Vec<String> = (0..d.num_states())
            .filter(|&s| d.doomed[s])
            .map(|s| format!("q{s}"))
            .collect();
        let _ = writeln!(
            out,
            "<p class=\"marks\">Dominating letters (every accepted word has them): {}. \
             Doomed states (acceptance is inevitable, marked D): {}.</p>",
            if letters.is_empty() {
                "none".to_string()
            } else {
                letters.join(", ")
            },
            if doomed.is_empty() {
                "none".to_string()
            } else {
                doomed.join(", ")
            }
        );
    }
    if !panel.words.is_empty() {
        let shown = panel.words.len() as u128;
        let _ = writeln!(
            out,
            "<h4>Words, shortest first{}</h4>\n<ol class=\"words\">",
            if panel.word_count > shown {
                format!(" (the first {shown} of {})", panel.word_count)
            } else {
                String::new()
            }
        );
        for w in &panel.words {
            word_html(out, report, w, &path_of(d, &w.letters));
        }
        out.push_str("</ol>\n");
    }
    out.push_str("</article>\n");
}

/// The drawn edges a word takes (`from-to` pairs), as far as it runs in
/// the drawing.
fn path_of(d: &lore_learner::draw::Drawing, letters: &[String]) -> String {
    let dfa = &d.dfa;
    let mut at = dfa.initial();
    let mut steps = Vec::new();
    for name in letters {
        let Some(a) = dfa.alphabet().letter(name) else {
            break;
        };
        let next = dfa.next(at, a);
        if next == lore_learner::dfa::NONE {
            break;
        }
        steps.push(format!("{}-{}", at.index(), next.index()));
        at = next;
    }
    steps.join(" ")
}

fn word_html(out: &mut String, report: &Report, w: &WordView, path: &str) {
    let word = w
        .letters
        .iter()
        .map(|l| text(l))
        .collect::<Vec<_>>()
        .join(" · ");
    let _ = write!(
        out,
        "<li class=\"word\" data-path=\"{path}\"><details><summary><code>{word}</code></summary>"
    );
    match &w.trace {
        None => out.push_str("<p>No witness execution was found.</p>"),
        Some(steps) => {
            let program = &report.programs[w.program];
            let _ = write!(
                out,
                "<p>An execution of <code>{}</code> with this word:</p>\
                 <table class=\"trace\"><thead><tr><th scope=\"col\">line</th>\
                 <th scope=\"col\">function</th><th scope=\"col\">source</th>\
                 <th scope=\"col\">what happens</th></tr></thead><tbody>",
                text(&program.file)
            );
            for s in steps {
                let _ = write!(
                    out,
                    "<tr><td>{}:{}</td><td>{}</td><td><code>{}</code></td><td><code>{}</code></td></tr>",
                    text(&s.file),
                    s.line,
                    text(&s.function),
                    text(&s.source),
                    text(&s.text)
                );
            }
            out.push_str("</tbody></table>");
        }
    }
    out.push_str("</details></li>\n");
}

fn statistics(out: &mut String, report: &Report) {
    out.push_str(
        "<section class=\"stats\"><h2>Statistics</h2>\n<table><thead><tr>\
         <th scope=\"col\">program</th><th scope=\"col\">b</th><th scope=\"col\">b<sub>wl</sub></th>\
         <th scope=\"col\">states</th><th scope=\"col\">edges</th><th scope=\"col\">rounds</th>\
         <th scope=\"col\">membership queries</th><th scope=\"col\">by the solver</th>\
         <th scope=\"col\">conjectures</th><th scope=\"col\">solver calls</th>\
         <th scope=\"col\">variables</th><th scope=\"col\">clauses</th><th scope=\"col\">time (s)</th>\
         </tr></thead><tbody>\n",
    );
    for info in &report.runs {
        let r = &info.run;
        let t = &r.teacher;
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{} ({:.2} %)</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.2}{}</td></tr>",
            report.programs[info.program].role,
            r.unwind,
            r.max_word_length,
            r.drawing.num_states(),
            r.drawing.num_edges(),
            r.rounds,
            t.membership,
            t.by_solver,
            100.0 * t.by_solver as f64 / t.membership.max(1) as f64,
            t.conjectures,
            t.solver_calls(),
            r.encoding.variables,
            r.encoding.clauses,
            r.seconds,
            if r.is_exact() { "" } else { " (inexact)" }
        );
    }
    out.push_str("</tbody></table></section>\n");
}

/// An SVG document as an element of the page: no XML prologue, and ids
/// made unique so that several drawings can share the page.
fn inline_svg(svg: &str, id: &str) -> String {
    let start = svg.find("<svg").unwrap_or(0);
    let body = &svg[start..];
    body.replace("id=\"arrow\"", &format!("id=\"arrow-{id}\""))
        .replace("url(#arrow)", &format!("url(#arrow-{id})"))
        .replacen(
            "<svg",
            &format!("<svg role=\"img\" aria-label=\"automaton {id}\""),
            1,
        )
}

/// A drawing in a viewer with zoom buttons ([`VIEWER`] makes them work).
pub(crate) fn figure(svg: &str, id: &str) -> String {
    format!(
        "<figure class=\"automaton\"><div class=\"tools\" role=\"toolbar\" aria-label=\"zoom\">\
         <button type=\"button\" data-zoom=\"fit\" title=\"fit the drawing into the view (f)\">fit</button>\
         <button type=\"button\" data-zoom=\"out\" title=\"zoom out (-)\">&minus;</button>\
         <button type=\"button\" data-zoom=\"in\" title=\"zoom in (+)\">+</button>\
         <button type=\"button\" data-zoom=\"actual\" title=\"actual size (0)\">100%</button>\
         <span class=\"hint\">wheel: zoom, drag or arrow keys: move</span></div>\
         <div class=\"view\" tabindex=\"0\" aria-label=\"automaton {id}, pan and zoom\">{}</div></figure>\n",
        inline_svg(svg, id)
    )
}

/// A file shown by its name (the full path goes in a tooltip).
pub(crate) fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Text for HTML content and attributes.
pub(crate) fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

const LEGEND: &str = "<section class=\"legend\"><h2>How to read the automata</h2><ul>\
<li>The arrow from nowhere enters the initial state; a double circle is accepting: \
the word read so far, ending with the assertion letter, is the event word of an execution \
that fails the assertion (or, for <code>explain</code>, reaches the end of <code>main</code>).</li>\
<li>Words are exact up to the bound b<sub>wl</sub> (the assertion letter included), \
for executions within the unwinding bound b: each loop goes round at most b&minus;1 times \
(a b-th run of its body can only leave it), \
at most b nested recursive calls (CBMC's <code>--unwind b</code>).</li>\
<li>Bold green edges carry <em>dominating letters</em>: every accepted word contains them. \
Green states are dominators: every accepted word passes through them.</li>\
<li>A state marked D is <em>doomed</em>: from it, every continuation within the automaton ends \
in acceptance.</li>\
<li>The rejecting sink and its edges are not drawn.</li></ul></section>\n";

pub(crate) const STYLE: &str = "
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5360; --line: #d0d7de;
  --accent: #0a58ca; --green: #1a7f37; --paper: #ffffff; --shade: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif;
  color: var(--ink); background: var(--paper); }
header, main { max-width: 1200px; margin: 0 auto; padding: 0 1.25rem; }
h1 { font-size: 1.5rem; margin: 1.25rem 0 0.25rem; word-break: break-all; }
h2 { font-size: 1.25rem; margin-top: 1.5rem; }
h3 { font-size: 1.1rem; margin: 0.5rem 0; }
h4 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
.summary { font-size: 1.05rem; }
.programs { color: var(--muted); padding-left: 1.25rem; }
.controls { display: grid; grid-template-columns: max-content minmax(12rem, 28rem);
  gap: 0.5rem 1rem; align-items: center; padding: 0.75rem 1rem; margin: 1rem 0;
  background: var(--shade); border: 1px solid var(--line); border-radius: 6px;
  position: sticky; top: 0; z-index: 1; }
.controls .hint { grid-column: 1 / -1; margin: 0; color: var(--muted); }
input[type=range] { width: 100%; accent-color: var(--accent); }
input[type=range]:focus-visible, summary:focus-visible { outline: 3px solid var(--accent);
  outline-offset: 2px; }
output { font-weight: 700; font-variant-numeric: tabular-nums; }
.notice { padding: 0.5rem 1rem; border-left: 4px solid #9a6700; background: #fff8c5; }
.panel { border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem;
  margin: 1rem 0; }
.facts, .marks { color: var(--muted); margin: 0.25rem 0; }
.automaton { margin: 0.5rem 0; }
.automaton .tools { display: flex; gap: 0.4rem; align-items: center; margin-bottom: 0.25rem; }
.automaton .tools button { font: inherit; font-size: 0.9rem; padding: 0.1rem 0.6rem;
  border: 1px solid var(--line); border-radius: 4px; background: var(--shade); cursor: pointer; }
.automaton .tools .hint { color: var(--muted); font-size: 0.85rem; }
.automaton .view { overflow: hidden; border: 1px solid var(--line); border-radius: 4px;
  max-height: 75vh; cursor: grab; position: relative; touch-action: none; }
.automaton .view:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.automaton .view svg { display: block; transform-origin: 0 0; max-width: none; }
.automaton svg .hot { stroke: #cf222e; stroke-width: 3; }
.automaton svg text.hot { fill: #cf222e; stroke: none; font-weight: 700; }
.word.current > details > summary code { background: #ffebe9; }
code { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 0.92em; }
code.dominating { color: var(--green); font-weight: 700; }
.words { padding-left: 1.75rem; }
summary { cursor: pointer; }
table { border-collapse: collapse; font-size: 0.92rem; margin: 0.5rem 0; }
th, td { border: 1px solid var(--line); padding: 0.2rem 0.5rem; text-align: left;
  vertical-align: top; }
thead th { background: var(--shade); }
.stats { overflow-x: auto; }
pre.folded { overflow-x: auto; background: var(--shade); padding: 0.5rem; font-size: 0.85rem; }
.legend { color: var(--muted); margin-bottom: 2rem; }
";

const SCRIPT: &str = r#"
(function () {
  const b = document.getElementById('b');
  const wl = document.getElementById('wl');
  const bOut = document.getElementById('b-value');
  const wlOut = document.getElementById('wl-value');
  const missing = document.getElementById('missing');
  const sections = Array.from(document.querySelectorAll('section.bound'));
  // The b_wl slider spans the word lengths computed at the chosen b.
  function fitWordLengths() {
    const here = PAIRS.filter(p => p[0] === Number(b.value)).map(p => p[1]);
    if (here.length === 0) return;
    wl.min = String(Math.min(...here));
    wl.max = String(Math.max(...here));
    const v = Math.min(Math.max(Number(wl.value), Number(wl.min)), Number(wl.max));
    wl.value = String(v);
  }
  function show() {
    bOut.textContent = b.value;
    wlOut.textContent = wl.value;
    const i = PAIRS.findIndex(p => p[0] === Number(b.value) && p[1] === Number(wl.value));
    sections.forEach((s, k) => { s.hidden = k !== i; });
    if (i < 0) {
      missing.hidden = false;
      missing.textContent = 'Nothing was computed at b = ' + b.value + ', b_wl = ' + wl.value + '.';
    } else {
      missing.hidden = true;
    }
  }
  // A word's transitions light up in its automaton while it is pointed
  // at, focused or open.
  function light(li, on) {
    const panel = li.closest('.panel');
    if (!panel) return;
    panel.querySelectorAll('.hot').forEach(el => el.classList.remove('hot'));
    panel.querySelectorAll('.word.current').forEach(el => el.classList.remove('current'));
    const open = panel.querySelector('.word details[open]');
    const which = on ? li : (open ? open.closest('.word') : null);
    if (!which) return;
    which.classList.add('current');
    (which.dataset.path || '').split(' ').filter(Boolean).forEach(step => {
      const [from, to] = step.split('-');
      panel.querySelectorAll(`svg [data-from="${from}"][data-to="${to}"]`).forEach(el => el.classList.add('hot'));
    });
  }
  document.querySelectorAll('.word').forEach(li => {
    li.addEventListener('mouseenter', () => light(li, true));
    li.addEventListener('mouseleave', () => light(li, false));
    li.addEventListener('focusin', () => light(li, true));
    li.querySelector('details').addEventListener('toggle', () => light(li, li.querySelector('details').open));
  });
  b.addEventListener('input', () => { fitWordLengths(); show(); });
  wl.addEventListener('input', show);
  b.value = String(PAIRS[CHOSEN][0]);
  fitWordLengths();
  wl.value = String(PAIRS[CHOSEN][1]);
  show();
})();
"#;

/// Zoom and pan for every drawing made by [`figure`]: the drawing at its
/// own size (the text at 12 px) unless the reader zooms; the wheel zooms
/// about the pointer, dragging and the arrow keys move, + - 0 f zoom in,
/// out, to 100 % and to fit.
pub(crate) const VIEWER: &str = r#"
(function () {
  document.querySelectorAll('.automaton').forEach(fig => {
    const view = fig.querySelector('.view');
    const svg = view.querySelector('svg');
    if (!svg) return;
    const w = Number(svg.getAttribute('width')), h = Number(svg.getAttribute('height'));
    let scale = 1, x = 0, y = 0;
    view.style.height = Math.min(h + 2, window.innerHeight * 0.75) + 'px';
    function apply() { svg.style.transform = `translate(${x}px, ${y}px) scale(${scale})`; }
    function zoom(factor, cx, cy) {
      const next = Math.min(8, Math.max(0.1, scale * factor));
      x = cx - (cx - x) * next / scale; y = cy - (cy - y) * next / scale; scale = next; apply();
    }
    function fit() {
      const r = view.getBoundingClientRect();
      scale = Math.min(1, r.width / w, r.height / h); x = 0; y = 0; apply();
    }
    fig.querySelectorAll('button[data-zoom]').forEach(btn => btn.addEventListener('click', () => {
      const r = view.getBoundingClientRect();
      const what = btn.dataset.zoom;
      if (what === 'fit') fit();
      else if (what === 'actual') { scale = 1; x = 0; y = 0; apply(); }
      else zoom(what === 'in' ? 1.25 : 0.8, r.width / 2, r.height / 2);
    }));
    view.addEventListener('wheel', e => {
      e.preventDefault();
      const r = view.getBoundingClientRect();
      zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    let drag = null;
    view.addEventListener('pointerdown', e => { drag = [e.clientX - x, e.clientY - y]; view.setPointerCapture(e.pointerId); });
    view.addEventListener('pointermove', e => { if (drag) { x = e.clientX - drag[0]; y = e.clientY - drag[1]; apply(); } });
    view.addEventListener('pointerup', () => { drag = null; });
    view.addEventListener('keydown', e => {
      const r = view.getBoundingClientRect();
      const step = 40;
      const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
      if (moves[e.key]) { x += moves[e.key][0]; y += moves[e.key][1]; apply(); }
      else if (e.key === '+' || e.key === '=') zoom(1.25, r.width / 2, r.height / 2);
      else if (e.key === '-') zoom(0.8, r.width / 2, r.height / 2);
      else if (e.key === '0') { scale = 1; x = 0; y = 0; apply(); }
      else if (e.key === 'f') fit();
      else return;
      e.preventDefault();
    });
  });
})();
"#;
