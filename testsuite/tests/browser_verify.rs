//! `lore verify --html` in a real browser (Debian's headless Chromium, as
//! for the learning reports): on a FALSE program with three failing
//! properties, a TRUE by k-induction and an UNKNOWN, every property that
//! `--show-properties` lists is at its line with the status the text
//! output gives; each trace has the text trace's steps one for one and is
//! stepped with the keyboard, the source line following; SSA steps link to
//! their lines and back; a disagreement planted in CBMC's JSON is flagged;
//! text is at least 11 px and the marks on a line do not overlap. The
//! largest SV-COMP task of `../shared` is rendered and its time printed.
#![cfg(feature = "browser")]

mod common;
use common::chromium::{out_dir, Browser};
use common::{run_lore, temp_folder};

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One program and how it is verified.
struct Case {
    name: &'static str,
    file: &'static str,
    args: &'static [&'static str],
    verdict: &'static str,
}

const CASES: [Case; 3] = [
    Case {
        name: "verify_false",
        file: "cases/verify/checks_continue_after_failure.c",
        args: &[
            "--unwind",
            "2",
            "--pointer-check",
            "--signed-overflow-check",
        ],
        verdict: "FALSE",
    },
    Case {
        name: "verify_true_by_induction",
        file: "cases/verify/for_loop_too_short.c",
        args: &["--unwind", "10", "--unwinding-assertions"],
        verdict: "TRUE",
    },
    Case {
        name: "verify_unknown",
        file: "cases/verify/float_library_call_unknown.c",
        args: &["--unwind", "2"],
        verdict: "UNKNOWN",
    },
];

fn argv(file: &str, args: &[&str], more: &[&str]) -> Vec<String> {
    std::iter::once("verify")
        .chain(std::iter::once(file))
        .chain(args.iter().copied())
        .chain(more.iter().copied())
        .map(String::from)
        .collect()
}

/// `[name] file:line description: STATUS` lines of the text output.
fn text_results(out: &str) -> Vec<(String, String, String)> {
    out.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix('[')?;
            let (name, rest) = rest.split_once("] ")?;
            let (at, rest) = rest.split_once(' ')?;
            let status = ["SUCCESS", "FAILURE", "UNKNOWN"]
                .into_iter()
                .filter_map(|s| rest.find(&format!(": {s}")).map(|i| (i, s)))
                .min()?
                .1;
            Some((name.to_string(), at.to_string(), status.to_string()))
        })
        .collect()
}

/// The steps of each `Trace for NAME:` block of the text output, the
/// failing line included.
fn text_traces(out: &str) -> Vec<(String, usize)> {
    let mut traces = Vec::new();
    let mut lines = out.lines().peekable();
    while let Some(l) = lines.next() {
        if let Some(name) = l
            .strip_prefix("Trace for ")
            .and_then(|n| n.strip_suffix(':'))
        {
            let mut n = 0;
            while lines.peek().is_some_and(|l| l.starts_with("  ")) {
                lines.next();
                n += 1;
            }
            traces.push((name.to_string(), n));
        }
    }
    traces
}

/// Text at least 11 px, and no two marks of one line over each other.
const LEGIBLE: &str = r#"(() => {
  const problems = [];
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
    a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  document.querySelectorAll('details').forEach(d => d.open = true);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n = 0;
  while (walker.nextNode()) {
    const t = walker.currentNode;
    if (!t.textContent.trim() || !t.parentElement || t.parentElement.closest('script, style')) continue;
    const px = parseFloat(getComputedStyle(t.parentElement).fontSize);
    n++;
    if (px < 11) problems.push(`"${t.textContent.trim().slice(0, 40)}" at ${px} px`);
  }
  document.querySelectorAll('.marks').forEach(m => {
    const marks = Array.from(m.querySelectorAll('a.mark')).map(a => [a.textContent, a.getBoundingClientRect()]);
    for (let i = 0; i < marks.length; i++)
      for (let j = i + 1; j < marks.length; j++)
        if (overlap(marks[i][1], marks[j][1])) problems.push(`mark "${marks[i][0]}" over "${marks[j][0]}"`);
    const code = m.parentElement.querySelector('code').getBoundingClientRect();
    marks.forEach(([t, r]) => { if (overlap(r, code) && code.width > 0 && r.top < code.bottom - 1 && r.left < code.right - 1) {
      const range = document.createRange(); range.selectNodeContents(m.parentElement.querySelector('code'));
      for (const b of range.getClientRects()) if (overlap(b, r)) { problems.push(`mark "${t}" over its line's code`); break; }
    }});
  });
  document.querySelectorAll('#cfg svg').forEach((svg, k) => {
    const labels = Array.from(svg.querySelectorAll('text')).filter(t => !t.closest('g.state'))
      .map(t => [t.textContent, t.getBoundingClientRect()]);
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++)
        if (overlap(labels[i][1], labels[j][1])) problems.push(`CFG ${k}: "${labels[i][0]}" over "${labels[j][0]}"`);
  });
  return [n, problems];
})()"#;

fn check_legible(browser: &mut Browser, name: &str) {
    let r = browser.eval(LEGIBLE);
    let problems: Vec<&str> = r[1]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(r[0].as_u64().unwrap_or(0) > 20, "{name}: almost no text");
    assert!(problems.is_empty(), "{name}: not legible: {problems:#?}");
}

/// The page's properties: name, the line's id, status.
const PROPERTIES: &str = "Array.from(document.querySelectorAll('table.props tbody tr')).map(r => \
    [r.dataset.name, r.dataset.line, r.querySelector('td.status').textContent, \
     r.children[1].textContent, !!document.getElementById(r.dataset.line)])";

fn check_page(browser: &mut Browser, case: &Case, page: &Path, out: &str) {
    let name = case.name;
    browser.open(page);
    let errors = browser.errors();
    assert!(errors.is_empty(), "{name}: console errors: {errors:?}");
    let verdict = browser.eval("document.getElementById('verdict').textContent");
    assert!(
        verdict.as_str().unwrap_or("").starts_with(case.verdict),
        "{name}: the verdict shown is {verdict}"
    );
    // Every property of --show-properties, at its line, with the status of
    // the text output (an unwinding check k-induction proved: SUCCESS).
    let (_, listed, _) = run_lore(&argv(case.file, case.args, &["--show-properties"]));
    let listed: Vec<&str> = listed.lines().collect();
    let shown = browser.eval(PROPERTIES);
    let shown = shown.as_array().unwrap();
    let results = text_results(out);
    assert_eq!(
        shown.len(),
        results.len(),
        "{name}: {shown:?} against {results:?}"
    );
    for (row, (pname, at, status)) in shown.iter().zip(&results) {
        assert_eq!(row[0], json!(pname), "{name}: property order");
        assert_eq!(row[3], json!(at), "{name}: {pname}'s place");
        assert_eq!(
            row[4],
            json!(true),
            "{name}: {pname}'s line is not in the source"
        );
        let expected = if case.verdict == "TRUE" && status == "UNKNOWN" {
            "SUCCESS"
        } else {
            status.as_str()
        };
        assert_eq!(row[2], json!(expected), "{name}: {pname}'s status");
        assert!(
            listed
                .iter()
                .any(|l| l.starts_with(&format!("[{pname}] {at} "))),
            "{name}: {pname} is not among the listed properties {listed:?}"
        );
    }
    // Each property is marked at its line (an unwinding check by its loop's mark).
    let marked = browser.eval(
        "Array.from(document.querySelectorAll('table.props tbody tr')).every(r => \
           !!document.getElementById(r.dataset.line).querySelector('a.mark[href=\"#' + r.id + '\"]'))",
    );
    assert_eq!(
        marked,
        json!(true),
        "{name}: a property is not marked at its line"
    );
    // Traces: one per failing property, the text's steps one for one.
    let traces = text_traces(out);
    let shown = browser.eval(
        "Array.from(document.querySelectorAll('.trace')).map(t => \
           [t.dataset.property, t.querySelectorAll('table.steps tbody tr').length])",
    );
    let shown: Vec<(String, usize)> = shown
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t[0].as_str().unwrap().to_string(),
                t[1].as_u64().unwrap() as usize,
            )
        })
        .collect();
    assert_eq!(shown, traces, "{name}: the traces differ from the text's");
    if !traces.is_empty() {
        // Step with the keyboard: the highlighted row and source line follow.
        let last = traces[0].1;
        browser.eval("document.querySelector('.trace').focus()");
        for expected in 1..last.min(4) {
            browser.key("ArrowRight", 39);
            let at = browser.eval(
                "(() => { const t = document.querySelector('.trace'); \
                   const row = t.querySelectorAll('table.steps tbody tr')[Number(t.dataset.step)]; \
                   const here = document.querySelector('table.src tr.here'); \
                   return [Number(t.dataset.step), row.classList.contains('here'), \
                           here ? here.id : null, row.dataset.line]; })()",
            );
            assert_eq!(at[0], json!(expected), "{name}: → did not step ({at})");
            assert_eq!(
                at[1],
                json!(true),
                "{name}: the step's row is not highlighted"
            );
            assert_eq!(
                at[2], at[3],
                "{name}: the source line does not follow the step"
            );
        }
        browser.key("End", 35);
        let end = browser.eval("Number(document.querySelector('.trace').dataset.step)");
        assert_eq!(
            end,
            json!(last - 1),
            "{name}: End does not go to the last step"
        );
        browser.key("ArrowLeft", 37);
        let back = browser.eval("Number(document.querySelector('.trace').dataset.step)");
        assert_eq!(back, json!(last - 2), "{name}: ← did not step back");
        // The values written so far are listed.
        let values = browser.eval("document.querySelectorAll('.trace table.vars tr').length");
        assert!(
            values.as_u64().unwrap_or(0) > 0,
            "{name}: no value listed at the trace's end"
        );
    }
    // SSA steps link to lines and lines back to their first step.
    let links = browser.eval(
        "(() => { const bad = []; let n = 0; \
           document.querySelectorAll('table.ssa a[href^=\"#f\"]').forEach(a => { n++; \
             if (!document.getElementById(a.getAttribute('href').slice(1))) bad.push(a.textContent); }); \
           document.querySelectorAll('a.mark.ssa').forEach(a => { \
             const step = document.getElementById(a.getAttribute('href').slice(1)); \
             const line = a.closest('tr').id; \
             if (!step || !step.querySelector('a[href=\"#' + line + '\"]')) bad.push(line); }); \
           return [n, document.querySelectorAll('a.mark.ssa').length, bad]; })()",
    );
    assert!(
        links[0].as_u64().unwrap_or(0) > 0 && links[1].as_u64().unwrap_or(0) > 0,
        "{name}: no SSA links ({links})"
    );
    assert_eq!(links[2], json!([]), "{name}: SSA links that lead nowhere");
    // The CFG of each function: one state per block, drawn with Lore's
    // layout.
    let cfg = browser.eval(
        "Array.from(document.querySelectorAll('#cfg details.function')).map(d => \
           [d.querySelectorAll('svg g.state').length, \
            Array.from(d.querySelectorAll('table.blocks tr')).filter(r => r.cells[0].textContent !== '').length])",
    );
    let cfg = cfg.as_array().unwrap();
    assert!(!cfg.is_empty(), "{name}: no CFG drawn");
    for f in cfg {
        assert_eq!(
            f[0], f[1],
            "{name}: a CFG's states are not its blocks ({f})"
        );
    }
    check_legible(browser, name);
    let errors = browser.errors();
    assert!(errors.is_empty(), "{name}: console errors: {errors:?}");
}

/// CBMC's `--json-ui` output agreeing with Lore on every property of the
/// text output but `flip`, whose status is turned over.
fn cbmc_json(results: &[(String, String, String)], flip: usize, file: &str) -> String {
    let result: Vec<Value> = results
        .iter()
        .enumerate()
        .map(|(i, (name, at, status))| {
            let status = match (i == flip, status.as_str()) {
                (true, "FAILURE") => "SUCCESS",
                (true, _) => "FAILURE",
                (false, s) => s,
            };
            let line = at.rsplit_once(':').map(|(_, l)| l).unwrap_or("0");
            json!({"property": name, "status": status, "description": "",
                   "sourceLocation": {"file": file, "line": line, "function": "main"}})
        })
        .collect();
    json!([{"program": "CBMC 6.6.0"}, {"result": result}, {"cProverStatus": "failure"}]).to_string()
}

fn make(case: &Case, extra: &[&str]) -> (PathBuf, String) {
    let page = out_dir().join(format!("{}.html", case.name));
    let page_arg = page.display().to_string();
    let mut more = vec!["--html", page_arg.as_str()];
    more.extend(extra);
    let (code, out, err) = run_lore(&argv(case.file, case.args, &more));
    assert!(code <= 10, "{}: lore exited {code}: {out}{err}", case.name);
    (page, out)
}

#[test]
fn verification_reports_work_in_a_real_browser() {
    let chromium_folder = temp_folder();
    let mut browser = Browser::launch(chromium_folder.path());
    for case in &CASES {
        let (page, out) = make(case, &[]);
        check_page(&mut browser, case, &page, &out);
        browser.session = None;
        browser.events.clear();
    }
    // A disagreement planted in CBMC's results is flagged, and only it.
    let case = &CASES[0];
    let (_, out) = make(case, &[]);
    let results = text_results(&out);
    let cbmc = out_dir().join("verify_false_cbmc.json");
    std::fs::write(&cbmc, cbmc_json(&results, 1, case.file)).unwrap();
    let cbmc_arg = cbmc.display().to_string();
    let (page, _) = make(case, &["--compare-cbmc", &cbmc_arg]);
    browser.open(&page);
    let flagged = browser.eval(
        "[Array.from(document.querySelectorAll('table.beside tr.disagree')).map(r => r.cells[0].textContent), \
          document.getElementById('disagreements').textContent, \
          document.querySelectorAll('table.beside tbody tr').length]",
    );
    assert_eq!(
        flagged,
        json!([[results[1].0], "1 disagreement.", results.len()]),
        "the planted disagreement"
    );
    browser.session = None;
    browser.events.clear();
    // The largest SV-COMP task of ../shared: its page's size and the time
    // from navigation to the load event.
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/benchmarks");
    let largest = ["sv-comp", "sv-comp-wide"]
        .iter()
        .flat_map(|s| {
            std::fs::read_dir(shared.join(s).join("c"))
                .into_iter()
                .flatten()
        })
        .flatten()
        .flat_map(|d| std::fs::read_dir(d.path()).into_iter().flatten().flatten())
        .map(|e| e.path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("c" | "i")))
        .max_by_key(|p| {
            std::fs::read_to_string(p)
                .map(|t| t.lines().count())
                .unwrap_or(0)
        })
        .expect("SV-COMP tasks in ../shared/benchmarks");
    let lines = std::fs::read_to_string(&largest).unwrap().lines().count();
    let page = out_dir().join("verify_largest.html");
    let page_arg = page.display().to_string();
    let file = largest.display().to_string();
    let (code, out, err) = run_lore(
        &[
            "verify",
            &file,
            "--32",
            "--unwind",
            "10",
            "--unwinding-assertions",
            "--timeout",
            "60",
            "--html",
            &page_arg,
        ]
        .map(String::from),
    );
    assert!(code <= 10, "{file}: lore exited {code}: {out}{err}");
    let start = Instant::now();
    browser.open(&page);
    let seconds = start.elapsed().as_secs_f64();
    let bytes = std::fs::metadata(&page).unwrap().len();
    eprintln!(
        "render: {} ({lines} lines): page of {:.2} MB loaded in {seconds:.2} s",
        largest.display(),
        bytes as f64 / 1e6
    );
    assert!(
        seconds < 2.0,
        "{file}: the page took {seconds:.2} s to load"
    );
    assert!(bytes < 5_000_000, "{file}: the page has {bytes} bytes");
    let errors = browser.errors();
    assert!(errors.is_empty(), "{file}: console errors: {errors:?}");
    drop(browser);
    drop(chromium_folder);
}
