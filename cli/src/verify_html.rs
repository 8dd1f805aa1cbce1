//! `lore verify --html`: one self-contained page (no network) with the
//! program's source, each property and loop marked at its line, every
//! counterexample stepped through on the source with the values written so
//! far, what the engine made of the program (the stages' statistics, the
//! invariants of a proof), and, with `--compare-cbmc`, CBMC's results for
//! the same program beside Lore's.

use crate::html::text;
use lore_bmc::check::{Encoding, Verdict};
use lore_bmc::kinduction::Induction;
use lore_bmc::symex::{CheckKind, SymexOptions};
use lore_bmc::verify::{Report, Status};
use lore_frontend::ir::Program;
use lore_frontend::source::{FileId, Loc};
use std::collections::BTreeMap;
use std::fmt::Write as _;

mod cbmc;
mod cfg;
pub use cbmc::{read_cbmc_json, CbmcResult};

/// Everything the page shows.
pub struct Page<'a> {
    pub program: &'a Program,
    pub report: &'a Report,
    pub options: &'a SymexOptions,
    pub induction: Option<&'a Induction>,
    pub bounds: &'a [u32],
    /// The verdict line as printed (`TRUE`, `FALSE(unreach-call)`, `UNKNOWN`).
    pub verdict: String,
    /// For a task file: its name and the verdict it expects.
    pub task: Option<String>,
    pub solver: lore_bmc::solver::SolverKind,
    /// The most memory in use, in bytes.
    pub peak_bytes: u64,
    pub cbmc: Option<&'a [CbmcResult]>,
    /// The SSA equation (`lore show ssa`) of the bounded run.
    pub ssa: Option<&'a str>,
}

/// An SSA step: its index, its line in the source if it has one, its text.
type SsaStep<'s> = (usize, Option<(FileId, u32)>, &'s str);

/// The SSA steps shown at most (the rest is counted).
const SSA_LINES: usize = 4000;
/// A step's text is cut after this many characters.
const SSA_WIDTH: usize = 400;

/// Writes the page of a verification to `path`, with CBMC's results
/// (`cbmc`: its `--json-ui` output) beside Lore's when given.
#[allow(clippy::too_many_arguments)]
pub fn write(
    path: &std::path::Path,
    cbmc: Option<&std::path::Path>,
    program: &Program,
    report: &Report,
    options: &SymexOptions,
    induction: Option<&Induction>,
    bounds: &[u32],
    (verdict, task): (String, Option<String>),
) -> Result<(), String> {
    let results = match cbmc {
        Some(file) => {
            let json = std::fs::read_to_string(file)
                .map_err(|e| format!("--compare-cbmc {}: {e}", file.display()))?;
            Some(
                read_cbmc_json(&json)
                    .map_err(|e| format!("--compare-cbmc {}: {e}", file.display()))?,
            )
        }
        None => None,
    };
    // The SSA equation of the last bound tried, as `lore show ssa`.
    let mut at = options.clone();
    at.unwind = bounds.last().copied().unwrap_or(options.unwind);
    let ssa = crate::show::ssa_text(program, &at).ok();
    let page = Page {
        program,
        report,
        options,
        induction,
        bounds,
        verdict,
        task,
        solver: options.solver,
        peak_bytes: crate::memory::peak() as u64,
        cbmc: results.as_deref(),
        ssa: ssa.as_deref(),
    };
    std::fs::write(path, page.render()).map_err(|e| format!("--html {}: {e}", path.display()))
}

/// The id of a line's row: `f<file>-<line>`.
pub(crate) fn line_id(loc: Loc) -> String {
    format!("f{}-{}", loc.file.0, loc.line)
}

fn status_word(s: &Status) -> &'static str {
    match s {
        Status::Holds => "SUCCESS",
        Status::Fails { .. } => "FAILURE",
        Status::Unknown(_) => "UNKNOWN",
    }
}

impl Page<'_> {
    pub(crate) fn short(&self, loc: Loc) -> String {
        self.program.sources.short(loc).to_string()
    }

    /// A loop's proof, when k-induction proved it.
    fn proved(&self, name: &str) -> Option<u32> {
        match self.induction {
            Some(Induction::Proved { loops, k, .. }) if loops.iter().any(|l| l.name == name) => {
                Some(*k)
            }
            _ => None,
        }
    }

    /// A property's status as the page shows it: an unwinding check left
    /// open whose loop k-induction proved holds.
    pub(crate) fn shown_status(
        &self,
        p: &lore_bmc::verify::PropertyReport,
    ) -> (&'static str, String) {
        match &p.status {
            Status::Unknown(why) => {
                if let CheckKind::Unwinding {
                    function,
                    loop_index,
                } = &p.kind
                {
                    let name = format!("{}.{loop_index}", self.program.function(*function).name);
                    if let Some(k) = self.proved(&name) {
                        return ("SUCCESS", format!("proved by k-induction (k = {k})"));
                    }
                }
                ("UNKNOWN", why.to_string())
            }
            s => (status_word(s), String::new()),
        }
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        let main_file = self
            .program
            .sources
            .main_file()
            .and_then(|f| self.program.sources.file(f))
            .map(|f| f.short_name.clone())
            .unwrap_or_default();
        let title = format!("lore verify {main_file}");
        let verdict_class = self
            .verdict
            .split('(')
            .next()
            .unwrap_or("UNKNOWN")
            .to_string();
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
             <header><h1>{}</h1><p id=\"verdict\" class=\"verdict {verdict_class}\">{}</p>\
             <p class=\"summary\">{}</p>{}\n<nav><a href=\"#properties\">Properties</a> \
             <a href=\"#source\">Source</a> <a href=\"#traces\">Counterexamples</a> \
             <a href=\"#engine\">Inside the engine</a>{}</nav></header>\n<main>\n",
            text(&title),
            text(&title),
            text(&self.verdict),
            text(&self.summary()),
            self.task
                .as_ref()
                .map(|t| format!("<p id=\"task\" class=\"summary\">{}</p>", text(t)))
                .unwrap_or_default(),
            if self.cbmc.is_some() {
                " <a href=\"#cbmc\">Beside CBMC</a>"
            } else {
                ""
            }
        );
        self.properties(&mut out);
        self.source(&mut out);
        self.traces(&mut out);
        self.engine(&mut out);
        if let Some(results) = self.cbmc {
            cbmc::beside(self, &mut out, results);
        }
        out.push_str("</main>\n<script>\n");
        out.push_str(SCRIPT);
        out.push_str("</script>\n</body>\n</html>\n");
        out
    }

    fn summary(&self) -> String {
        let counts = |w: &str| {
            self.report
                .properties
                .iter()
                .filter(|p| self.shown_status(p).0 == w)
                .count()
        };
        let mut s = format!(
            "{} properties: {} SUCCESS, {} FAILURE, {} UNKNOWN; bound {}{}",
            self.report.properties.len(),
            counts("SUCCESS"),
            counts("FAILURE"),
            counts("UNKNOWN"),
            self.options.unwind,
            if self.options.unwinding_assertions {
                " with unwinding assertions"
            } else {
                ""
            }
        );
        if self.bounds.len() > 1 {
            let list: Vec<String> = self.bounds.iter().map(u32::to_string).collect();
            let _ = write!(s, " (bounds tried: {})", list.join(", "));
        }
        if let Verdict::Unknown(why) = &self.report.verdict {
            let _ = write!(s, "; UNKNOWN: {why}");
        }
        s
    }

    fn properties(&self, out: &mut String) {
        out.push_str(
            "<section id=\"properties\"><details class=\"part\" open><summary><h2>Properties</h2></summary>\n<table class=\"props\"><thead><tr>\
             <th>property</th><th>where</th><th>what is checked</th><th>status</th><th>why</th>\
             </tr></thead><tbody>\n",
        );
        for (i, p) in self.report.properties.iter().enumerate() {
            let (status, why) = self.shown_status(p);
            let _ = writeln!(
                out,
                "<tr id=\"p{i}\" class=\"{status}\" data-name=\"{}\" data-line=\"{}\"><td><code>{}</code></td>\
                 <td><a href=\"#{}\">{}</a></td><td>{}</td><td class=\"status\">{status}</td><td>{}</td></tr>",
                text(&p.name),
                line_id(p.loc),
                text(&p.name),
                line_id(p.loc),
                text(&self.short(p.loc)),
                text(&p.description),
                text(&why)
            );
        }
        out.push_str("</tbody></table></details></section>\n");
    }

    /// The marks of each line: properties and loops.
    fn marks(&self) -> BTreeMap<(FileId, u32), Vec<String>> {
        let mut marks: BTreeMap<(FileId, u32), Vec<String>> = BTreeMap::new();
        for (i, p) in self.report.properties.iter().enumerate() {
            if p.loc.is_none() || matches!(p.kind, CheckKind::Unwinding { .. }) {
                continue;
            }
            let (status, why) = self.shown_status(p);
            let title = format!(
                "{}: {} — {status}{}",
                p.name,
                p.description,
                if why.is_empty() {
                    String::new()
                } else {
                    format!(" ({why})")
                }
            );
            marks
                .entry((p.loc.file, p.loc.line))
                .or_default()
                .push(format!(
                    "<a class=\"mark {status}\" href=\"#p{i}\" title=\"{}\">{} {}</a>",
                    text(&title),
                    match status {
                        "SUCCESS" => "✓",
                        "FAILURE" => "✗",
                        _ => "?",
                    },
                    text(&p.name)
                ));
        }
        for f in &self.program.functions {
            let Some(body) = &f.body else { continue };
            for (j, l) in body.loops.iter().enumerate() {
                let name = format!("{}.{j}", f.name);
                let bound = self
                    .options
                    .unwind_set
                    .get(&name)
                    .copied()
                    .unwrap_or(self.options.unwind);
                let check = self.report.properties.iter().position(|p| {
                    matches!(&p.kind, CheckKind::Unwinding { function, loop_index }
                        if self.program.function(*function).name == f.name && *loop_index == j)
                });
                let (class, cut) = match check.map(|i| &self.report.properties[i].status) {
                    _ if self.proved(&name).is_some() => (
                        "SUCCESS",
                        "proved by k-induction: no bound needed".to_string(),
                    ),
                    Some(Status::Holds) => ("SUCCESS", "no path needs more rounds".to_string()),
                    Some(Status::Fails { .. }) => (
                        "FAILURE",
                        "the bound cuts a path (its unwinding assertion fails)".to_string(),
                    ),
                    Some(Status::Unknown(why)) => ("UNKNOWN", format!("open: {why}")),
                    None if self.report.bound_cut => (
                        "UNKNOWN",
                        "not checked (no --unwinding-assertions); some loop's bound cut a path"
                            .to_string(),
                    ),
                    None => ("SUCCESS", "the bound cut no path".to_string()),
                };
                let link = check
                    .map(|i| format!(" href=\"#p{i}\""))
                    .unwrap_or_default();
                marks.entry((l.loc.file, l.loc.line)).or_default().push(format!(
                    "<a class=\"mark loop {class}\"{link} data-loop=\"{}\" title=\"loop {} ({}), bound {bound}: {}\">⟳ {} · {bound}</a>",
                    text(&name),
                    text(&name),
                    l.kind.name(),
                    text(&cut),
                    text(&name)
                ));
            }
        }
        marks
    }

    /// The SSA steps with a place in the source: `(step index, file, line)`.
    fn ssa_steps(&self) -> Vec<SsaStep<'_>> {
        let Some(ssa) = self.ssa else {
            return Vec::new();
        };
        let files = &self.program.sources.files;
        ssa.lines()
            .take(SSA_LINES)
            .enumerate()
            .map(|(i, line)| {
                let place = line.rsplit_once("    // ").and_then(|(_, at)| {
                    let (name, n) = at.rsplit_once(':')?;
                    let file = files.iter().position(|f| f.short_name == name)?;
                    Some((FileId(file as u32), n.trim().parse().ok()?))
                });
                (i, place, line)
            })
            .collect()
    }

    fn source(&self, out: &mut String) {
        out.push_str("<section id=\"source\"><details class=\"part\" open><summary><h2>Source</h2></summary>\n");
        let mut marks = self.marks();
        let mut first_step = BTreeMap::new();
        for (i, place, _) in self.ssa_steps() {
            if let Some(place) = place {
                first_step.entry(place).or_insert(i);
            }
        }
        for (place, i) in first_step {
            marks.entry(place).or_default().push(format!(
                "<a class=\"mark ssa\" href=\"#s{i}\" title=\"the SSA steps of this line\">SSA</a>"
            ));
        }
        for (i, file) in self.program.sources.files.iter().enumerate() {
            let Some(text_of) = &file.text else { continue };
            if file.is_lore_library {
                continue;
            }
            let id = FileId(i as u32);
            let lines: Vec<&str> = text_of.lines().collect();
            let _ = writeln!(
                out,
                "<details class=\"file\" open><summary>{} ({} lines)</summary>\n<table class=\"src\"><tbody>",
                text(&file.short_name),
                lines.len()
            );
            for (n, line) in lines.iter().enumerate() {
                let n = n as u32 + 1;
                let m = marks.get(&(id, n)).map(|v| v.join(" ")).unwrap_or_default();
                let _ = writeln!(
                    out,
                    "<tr id=\"f{}-{n}\"><td class=\"no\">{n}</td><td class=\"code\"><code>{}</code>{}</td></tr>",
                    i,
                    text(line),
                    if m.is_empty() {
                        String::new()
                    } else {
                        format!(" <span class=\"marks\">{m}</span>")
                    }
                );
            }
            out.push_str("</tbody></table></details>\n");
        }
        out.push_str("</details></section>\n");
    }

    fn traces(&self, out: &mut String) {
        out.push_str("<section id=\"traces\"><details class=\"part\" open><summary><h2>Counterexamples</h2></summary>\n");
        let failing: Vec<_> = self
            .report
            .properties
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p.status, Status::Fails { .. }))
            .collect();
        if failing.is_empty() {
            out.push_str("<p>No property fails: there is no counterexample.</p>\n");
        } else {
            out.push_str(
                "<p class=\"help\">Each counterexample was replayed concretely before it was \
                 reported. Step with ← and → (or p and n) while a trace has the focus, or click \
                 a step; the step's line is highlighted in the source and the values written so \
                 far are listed.</p>\n",
            );
        }
        for (i, p) in failing {
            let Status::Fails { trace, .. } = &p.status else {
                continue;
            };
            let _ = writeln!(
                out,
                "<div class=\"trace\" tabindex=\"0\" data-property=\"{}\"><h3>Trace for <a href=\"#p{i}\"><code>{}</code></a></h3>\
                 <p class=\"controls\"><button class=\"prev\" type=\"button\">← previous</button> \
                 <span class=\"at\"></span> <button class=\"next\" type=\"button\">next →</button></p>\
                 <div class=\"panes\"><table class=\"steps\"><thead><tr><th>#</th><th>where</th>\
                 <th>function</th><th>step</th></tr></thead><tbody>",
                text(&p.name),
                text(&p.name)
            );
            let rows = trace
                .iter()
                .map(|s| (s.loc, s.function.as_str(), s.text.clone()))
                .chain(std::iter::once((
                    p.loc,
                    "",
                    format!("{} fails", p.description),
                )));
            for (n, (loc, function, step)) in rows.enumerate() {
                let assigned = assignment(&step);
                let _ = writeln!(
                    out,
                    "<tr data-line=\"{}\"{}><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
                    line_id(loc),
                    assigned
                        .map(|(l, v)| format!(
                            " data-var=\"{}\" data-value=\"{}\"",
                            text(l),
                            text(v)
                        ))
                        .unwrap_or_default(),
                    n + 1,
                    text(&self.short(loc)),
                    text(function),
                    text(&step)
                );
            }
            out.push_str(
                "</tbody></table><div class=\"values\"><h4>Values written so far</h4>\
                 <table class=\"vars\"><tbody></tbody></table></div></div></div>\n",
            );
        }
        out.push_str("</details></section>\n");
    }

    fn engine(&self, out: &mut String) {
        let e: &Encoding = &self.report.encoding;
        out.push_str(
            "<section id=\"engine\"><details class=\"part\" open><summary><h2>Inside the engine</h2></summary>\n<p class=\"help\">The bounded run \
             the properties come from: symbolic execution of the program unwound to the bound \
             (SSA steps and terms), the terms blasted into a CNF, the solver's calls, and the \
             concrete replay of each counterexample.</p>\n",
        );
        let stages = [
            (
                "symbolic execution",
                e.symex_seconds,
                format!(
                    "{} SSA steps, {} terms, {} checks",
                    e.steps, e.terms, e.checks
                ),
            ),
            (
                "encoding",
                e.encode_seconds,
                format!("{} variables, {} clauses", e.variables, e.clauses),
            ),
            (
                "solving",
                e.solve_seconds,
                format!("solver calls: {} ({})", e.solver_calls, self.solver.name()),
            ),
            (
                "replay",
                e.replay_seconds,
                "each counterexample run concretely".to_string(),
            ),
        ];
        let total: f64 = stages.iter().map(|s| s.1).sum::<f64>().max(1e-9);
        out.push_str(
            "<table class=\"stats\"><thead><tr><th>stage</th><th>seconds</th><th>share</th>\
             <th>what it made</th></tr></thead><tbody>\n",
        );
        for (name, seconds, what) in &stages {
            let share = 100.0 * seconds / total;
            let _ = writeln!(
                out,
                "<tr><td>{name}</td><td class=\"num\">{seconds:.3}</td><td class=\"bar\">\
                 <span style=\"width:{share:.1}%\"></span><em>{share:.0} %</em></td><td>{}</td></tr>",
                text(what)
            );
        }
        let _ = writeln!(
            out,
            "</tbody></table>\n<p>Peak memory: {:.1} MiB.</p>",
            self.peak_bytes as f64 / (1u64 << 20) as f64
        );
        let _ = writeln!(
            out,
            "<details><summary>Everything <code>--stats</code> prints (memory accesses and how \
             they were placed, gates by kind of term)</summary><pre class=\"stats\">{}</pre></details>",
            text(&crate::stats::text(e, self.solver, &self.program.sources))
        );
        if !e.gates_by_kind.is_empty() {
            out.push_str(
                "<details><summary>Gates by kind of term</summary><table class=\"stats\"><thead>\
                 <tr><th>kind</th><th>terms</th><th>gates</th></tr></thead><tbody>",
            );
            for (kind, terms, gates) in &e.gates_by_kind {
                let _ = write!(
                    out,
                    "<tr><td>{kind}</td><td class=\"num\">{terms}</td><td class=\"num\">{gates}</td></tr>"
                );
            }
            out.push_str("</tbody></table></details>\n");
        }
        cfg::section(self.program, out);
        self.ssa_section(out);
        match self.induction {
            Some(Induction::Proved { loops, k, unwind }) => {
                let _ = writeln!(
                    out,
                    "<h3>k-induction</h3><p id=\"induction\">Proved: {}</p><ul class=\"invariants\">",
                    if *k > 0 {
                        format!("the base case at bound {unwind} and the step case with k = {k}")
                    } else {
                        format!("the loops replaced by their invariants, the rest at bound {unwind}")
                    }
                );
                for l in loops {
                    let _ = writeln!(
                        out,
                        "<li><a href=\"#{}\">{}</a> ({}): {}</li>",
                        line_id(l.loc),
                        text(&l.name),
                        text(&self.short(l.loc)),
                        if l.invariants.is_empty() {
                            "no invariant needed".to_string()
                        } else {
                            text(&l.invariants.join(", "))
                        }
                    );
                }
                out.push_str("</ul>\n");
            }
            Some(Induction::NotProved(why)) => {
                let _ = writeln!(
                    out,
                    "<h3>k-induction</h3><p id=\"induction\">No proof: {}</p>",
                    text(why)
                );
            }
            None => {}
        }
        out.push_str("</details></section>\n");
    }

    fn ssa_section(&self, out: &mut String) {
        let Some(ssa) = self.ssa else { return };
        let steps = self.ssa_steps();
        let total = ssa.lines().count();
        let _ = writeln!(
            out,
            "<details id=\"ssa\"><summary>The SSA equation ({total} lines, as <code>lore show ssa</code> \
             prints it{})</summary><p class=\"help\">Each step with a place in the source links to \
             its line; each source line with steps links to its first step (the SSA mark).</p>\
             <table class=\"ssa\"><tbody>",
            if total > SSA_LINES {
                format!("; the first {SSA_LINES} shown")
            } else {
                String::new()
            }
        );
        for (i, place, line) in steps {
            let step = line.rsplit_once("    // ").map_or(line, |(s, _)| s);
            let cut: String = step.chars().take(SSA_WIDTH).collect();
            let more = if cut.len() < step.len() { " …" } else { "" };
            let link = place
                .map(|(f, n)| {
                    format!(
                        "<a href=\"#f{}-{n}\">{}</a>",
                        f.0,
                        text(&format!(
                            "{}:{n}",
                            self.program.sources.files[f.0 as usize].short_name
                        ))
                    )
                })
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "<tr id=\"s{i}\"><td><code>{}{more}</code></td><td>{link}</td></tr>",
                text(&cut)
            );
        }
        out.push_str("</tbody></table></details>\n");
    }
}

/// `x = 5` → (`x`, `5`): a step that writes a value.
fn assignment(step: &str) -> Option<(&str, &str)> {
    let (lhs, value) = step.split_once(" = ")?;
    let simple = !lhs.is_empty() && !lhs.contains(['(', ' ']) || lhs.starts_with('*');
    simple.then_some((lhs, value))
}

const STYLE: &str = r#"
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1b1b1b; background: #fff; }
header { padding: 12px 20px; border-bottom: 1px solid #ccc; background: #f6f6f6; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 24px 0 8px; display: inline-block; }
details.part > summary { cursor: pointer; }
h3 { font-size: 15px; margin: 16px 0 6px; }
h4 { font-size: 13px; margin: 0 0 4px; }
main { padding: 0 20px 40px; }
nav a { margin-right: 14px; }
.verdict { display: inline-block; font-weight: bold; padding: 2px 10px; border-radius: 4px; margin: 0; }
.verdict.TRUE { background: #d8f0d8; } .verdict.FALSE { background: #f7d4d4; } .verdict.UNKNOWN { background: #f3ecc8; }
.summary, .help { margin: 6px 0; color: #333; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 2px 8px; vertical-align: top; font-size: 13px; }
thead th { border-bottom: 1px solid #999; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.SUCCESS { color: #145c14; } .FAILURE { color: #a01010; } .UNKNOWN { color: #7a5a00; }
tr.FAILURE td.status, td.FAILURE { font-weight: bold; }
table.src { width: 100%; font: 13px/1.4 "DejaVu Sans Mono", monospace; }
table.src td { padding: 0 8px; font-size: 13px; }
table.src td.no { color: #777; text-align: right; user-select: none; width: 1%; white-space: nowrap; }
table.src td.code { white-space: pre-wrap; word-break: break-all; }
table.src code { font: inherit; }
table.src tr:target, table.src tr.here { background: #fff1a8; }
.marks { white-space: normal; }
a.mark { display: inline-block; font: 12px system-ui, sans-serif; padding: 0 6px; margin: 1px 2px; border-radius: 8px;
  border: 1px solid currentColor; text-decoration: none; }
a.mark.loop { border-style: dashed; }
details.file > summary { font-weight: bold; cursor: pointer; margin: 6px 0; }
.trace { border: 1px solid #ccc; border-radius: 6px; padding: 6px 10px; margin: 10px 0; }
.trace:focus { outline: 2px solid #3a6ed8; }
.panes { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
table.steps { flex: 1 1 480px; }
table.steps tbody tr { cursor: pointer; }
table.steps tr.here { background: #fff1a8; }
.values { flex: 0 1 320px; }
table.vars td { font: 13px "DejaVu Sans Mono", monospace; }
td.bar { width: 220px; }
td.bar span { display: inline-block; height: 11px; background: #5b8bd8; vertical-align: middle; max-width: 160px; min-width: 1px; }
td.bar em { font-style: normal; font-size: 12px; margin-left: 6px; }
table.ssa td { font: 12px/1.35 "DejaVu Sans Mono", monospace; white-space: pre-wrap; word-break: break-all; }
table.ssa tr:target { background: #fff1a8; }
a.mark.ssa { color: #3a5a9a; }
table.beside tr.disagree { background: #fbdada; }
button { font: inherit; font-size: 13px; }
div.drawing { overflow-x: auto; margin: 6px 0; }
table.blocks td { font-size: 12px; } table.blocks code { font: 12px "DejaVu Sans Mono", monospace; }
details.function { margin: 4px 0 4px 12px; }
pre.stats { font: 12px/1.4 "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
"#;

const SCRIPT: &str = r##"
(function () {
  function show(line) {
    document.querySelectorAll('table.src tr.here').forEach(r => r.classList.remove('here'));
    const row = document.getElementById(line);
    if (!row) return;
    row.classList.add('here');
    const d = row.closest('details'); if (d) d.open = true;
    row.scrollIntoView({block: 'nearest'});
  }
  document.querySelectorAll('a[href^="#s"]').forEach(a => a.addEventListener('click', () => {
    const d = document.getElementById('ssa'); if (d) d.open = true;
  }));
  document.querySelectorAll('.trace').forEach(trace => {
    const rows = Array.from(trace.querySelectorAll('table.steps tbody tr'));
    const vars = trace.querySelector('table.vars tbody');
    const at = trace.querySelector('.at');
    let i = 0;
    function go(n, quiet) {
      i = Math.max(0, Math.min(rows.length - 1, n));
      rows.forEach((r, k) => r.classList.toggle('here', k === i));
      at.textContent = 'step ' + (i + 1) + ' of ' + rows.length;
      const values = new Map();
      for (let k = 0; k <= i; k++) {
        const v = rows[k].dataset.var;
        if (v !== undefined) { values.delete(v); values.set(v, rows[k].dataset.value); }
      }
      vars.textContent = '';
      values.forEach((value, name) => {
        const tr = vars.insertRow();
        tr.insertCell().textContent = name;
        tr.insertCell().textContent = value;
      });
      trace.dataset.step = String(i);
      if (quiet) return;
      show(rows[i].dataset.line);
      rows[i].scrollIntoView({block: 'nearest'});
    }
    trace.go = go;
    rows.forEach((r, k) => r.addEventListener('click', () => { trace.focus({preventScroll: true}); go(k); }));
    trace.querySelector('.prev').addEventListener('click', () => go(i - 1));
    trace.querySelector('.next').addEventListener('click', () => go(i + 1));
    trace.addEventListener('keydown', e => {
      if (e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === 'n') { go(i + 1); e.preventDefault(); }
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp' || e.key === 'p') { go(i - 1); e.preventDefault(); }
      else if (e.key === 'Home') { go(0); e.preventDefault(); }
      else if (e.key === 'End') { go(rows.length - 1); e.preventDefault(); }
    });
    if (rows.length > 0) go(0, true);
  });
})();
"##;
