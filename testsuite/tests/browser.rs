//! The `--html` reports in a real browser: Debian's headless Chromium,
//! driven through its DevTools protocol over a pipe. Each page must load
//! without console errors, draw its automaton as SVG, show another
//! automaton when a slider is moved with the keyboard, open a witness when
//! a word is clicked, and give a screenshot that is not blank.
//!
//! Needs `/usr/bin/chromium` (or `$CHROMIUM`) and, for the paper's
//! merge_sort_false, `../shared` beside the repository; `.ci/run` installs
//! the one and has the other, and runs this with `--features browser`.
#![cfg(feature = "browser")]

mod common;
use common::chromium::{ink, out_dir, Browser};
use common::{run_lore, temp_folder};

use std::path::{Path, PathBuf};

/// The visible bound's heading and the markup of its first automaton.
const SHOWN: &str = "(() => { const s = document.querySelector('section.bound:not([hidden])'); \
    return s ? [s.querySelector('h2').textContent, s.querySelector('svg').outerHTML] : null; })()";

/// Loads `page` and checks everything a reader relies on.
fn check_report(browser: &mut Browser, page: &Path, name: &str) {
    browser.open(page);
    let errors = browser.errors();
    assert!(errors.is_empty(), "{name}: console errors: {errors:?}");
    check_legible(browser, name);
    let area = browser.eval(
        "(() => { const s = document.querySelector('section.bound:not([hidden]) svg'); \
         if (!s) return 0; const r = s.getBoundingClientRect(); \
         return s.querySelectorAll('circle, ellipse').length > 0 ? r.width * r.height : 0; })()",
    );
    assert!(
        area.as_f64().unwrap_or(0.0) > 5000.0,
        "{name}: no automaton drawn (area {area})"
    );
    // Move the b_wl slider down with the keyboard until another automaton shows.
    let before = browser.eval(SHOWN);
    browser.eval("document.getElementById('wl').focus()");
    let mut changed = false;
    for _ in 0..30 {
        browser.key("ArrowLeft", 37);
        let now = browser.eval(SHOWN);
        if now.is_null() {
            continue;
        }
        assert_ne!(
            now[0], before[0],
            "{name}: the slider moved, the bound shown did not"
        );
        if now[1] != before[1] {
            changed = true;
            break;
        }
    }
    assert!(
        changed,
        "{name}: moving the b_wl slider never changed the automaton"
    );
    let label = browser.eval("document.getElementById('wl-value').textContent");
    let value = browser.eval("document.getElementById('wl').value");
    assert_eq!(label, value, "{name}: the slider's label follows it");
    // Back to the result, and open the first word's witness with a click.
    browser.eval(
        "(() => { const b = document.getElementById('b'), w = document.getElementById('wl'); \
         b.value = String(PAIRS[CHOSEN][0]); b.dispatchEvent(new Event('input')); \
         w.value = String(PAIRS[CHOSEN][1]); w.dispatchEvent(new Event('input')); })()",
    );
    let at = browser.eval(
        "(() => { const s = document.querySelector('section.bound:not([hidden]) details summary'); \
         if (!s) return null; s.scrollIntoView({block: 'center'}); \
         const r = s.getBoundingClientRect(); return [r.x + 8, r.y + r.height / 2]; })()",
    );
    if let Some(xy) = at.as_array() {
        browser.click(xy[0].as_f64().unwrap(), xy[1].as_f64().unwrap());
        let rows = browser.eval(
            "(() => { const d = document.querySelector('section.bound:not([hidden]) details'); \
             return d.open ? d.querySelectorAll('table.trace tbody tr').length : -1; })()",
        );
        assert!(
            rows.as_i64().unwrap_or(-1) > 0,
            "{name}: clicking a word shows no witness ({rows})"
        );
        // The open word's transitions are highlighted in its automaton.
        let hot = browser
            .eval("document.querySelectorAll('section.bound:not([hidden]) svg path.hot').length");
        assert!(
            hot.as_i64().unwrap_or(0) > 0,
            "{name}: the open word's transitions are not highlighted"
        );
    }
    // Zoom with the keyboard: + enlarges, 0 goes back to the drawing's size.
    let zoomed = browser.eval(
        "(() => { const v = document.querySelector('section.bound:not([hidden]) .automaton .view'); \
         v.focus(); return v.querySelector('svg').style.transform; })()",
    );
    browser.key("+", 187);
    let after = browser.eval(
        "document.querySelector('section.bound:not([hidden]) .automaton .view svg').style.transform",
    );
    assert!(
        after.as_str().unwrap_or("").contains("scale(1.25)"),
        "{name}: + does not zoom in ({zoomed} -> {after})"
    );
    browser.key("0", 48);
    let back = browser.eval(
        "document.querySelector('section.bound:not([hidden]) .automaton .view svg').style.transform",
    );
    assert!(
        back.as_str().unwrap_or("").contains("scale(1)"),
        "{name}: 0 does not go back to 100 % ({back})"
    );
    browser.eval("window.scrollTo(0, 0)");
    let png = browser.screenshot();
    std::fs::write(out_dir().join(format!("{name}.png")), &png).unwrap();
    let (inked, colours) = ink(&png);
    assert!(
        inked > 0.01 && colours > 8,
        "{name}: the screenshot looks blank ({:.2}% inked, {colours} colours)",
        inked * 100.0
    );
    let errors = browser.errors();
    assert!(errors.is_empty(), "{name}: console errors: {errors:?}");
}

/// Legibility of every automaton in the page at the default zoom: text
/// rendered at 11 px or more, no text box over another or over a state,
/// every state inside its drawing. Hidden bound sections are shown in turn.
const LEGIBLE: &str = r#"(() => {
  const problems = [];
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
    a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  function check(svg, where) {
    const box = svg.getBoundingClientRect();
    const scale = box.width / Number(svg.getAttribute('width'));
    const texts = Array.from(svg.querySelectorAll('text'));
    if (texts.length === 0) problems.push(where + ': no text');
    for (const t of texts) {
      const px = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (px < 11) problems.push(`${where}: "${t.textContent}" at ${px.toFixed(1)} px`);
    }
    const labels = texts.filter(t => !t.closest('g.state')).map(t => [t.textContent, t.getBoundingClientRect()]);
    const states = Array.from(svg.querySelectorAll('g.state > circle:first-of-type')).map(c => c.getBoundingClientRect());
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        if (overlap(labels[i][1], labels[j][1])) problems.push(`${where}: "${labels[i][0]}" over "${labels[j][0]}"`);
      }
      states.forEach((s, k) => { if (overlap(labels[i][1], s)) problems.push(`${where}: "${labels[i][0]}" over state ${k}`); });
    }
    states.forEach((s, k) => {
      if (s.left < box.left - 0.5 || s.right > box.right + 0.5 || s.top < box.top - 0.5 || s.bottom > box.bottom + 0.5)
        problems.push(`${where}: state ${k} outside the drawing`);
    });
    return states.length;
  }
  let drawn = 0;
  if (document.documentElement.tagName === 'svg') {
    drawn += check(document.documentElement, 'picture');
  }
  document.querySelectorAll('.automaton svg').forEach((svg, j) => {
    if (!svg.closest('section.bound')) drawn += check(svg, `figure ${j}`);
  });
  document.querySelectorAll('section.bound').forEach((sec, k) => {
    const hidden = sec.hidden;
    sec.hidden = false;
    sec.querySelectorAll('.automaton svg').forEach((svg, j) => { drawn += check(svg, `bound ${k}, automaton ${j}`); });
    sec.hidden = hidden;
  });
  return [drawn, problems];
})()"#;

/// Checks [`LEGIBLE`] on the page open in `browser`.
fn check_legible(browser: &mut Browser, name: &str) {
    let result = browser.eval(LEGIBLE);
    let drawn = result[0].as_u64().unwrap_or(0);
    let problems: Vec<String> = result[1]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| p.as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default();
    assert!(drawn > 0, "{name}: no state drawn");
    assert!(problems.is_empty(), "{name}: not legible: {problems:#?}");
}

fn make(name: &str, args: &[&str]) -> PathBuf {
    let page = out_dir().join(format!("{name}.html"));
    let mut argv: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    argv.extend([
        "--quiet".into(),
        "--html".into(),
        page.display().to_string(),
    ]);
    let (code, out, err) = run_lore(&argv);
    assert!(code <= 1, "{name}: lore exited {code}: {out}{err}");
    page
}

#[test]
fn reports_work_in_a_real_browser() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/benchmarks/paper");
    let merge_sort = shared.join("merge_sort_false/merge_sort_false.c");
    assert!(
        merge_sort.exists(),
        "{} not found: ../shared must be beside the repository",
        merge_sort.display()
    );
    let merge_sort = merge_sort.display().to_string();
    let pages = [
        make("explain", &["explain", "cases/learn/end_of_main.c"]),
        make(
            "diff",
            &[
                "diff",
                "cases/diff/report_early_old.c",
                "cases/diff/report_early_new.c",
            ],
        ),
        make(
            "merge",
            &[
                "merge",
                "cases/merge/base.c",
                "cases/merge/a.c",
                "cases/merge/b.c",
                "cases/merge/merged.c",
            ],
        ),
        make("merge_sort_false_explain", &["explain", &merge_sort]),
        make(
            "merge_sort_false_learn",
            &[
                "learn",
                &merge_sort,
                "--search-max-unwind",
                "2",
                "--search-max-word-length",
                "12",
            ],
        ),
    ];
    // Chromium's profile and temporary files in a folder of this test's own,
    // removed when dropped.
    let chromium_folder = temp_folder();
    let mut browser = Browser::launch(chromium_folder.path());
    for page in &pages {
        let name = page.file_stem().unwrap().to_string_lossy().into_owned();
        check_report(&mut browser, page, &name);
        browser.session = None;
        browser.events.clear();
    }
    drop(browser);
    drop(chromium_folder);
}

/// The paper's Table 1 rows (folder, b, b_wl), the docking rows included.
const TABLE1: [(&str, u32, u32); 11] = [
    ("tcas_auto_instrumented", 1, 17),
    ("bubble_sort_linux_false", 2, 16),
    ("bubble_sort_linux_false", 3, 19),
    ("merge_sort_false", 1, 8),
    ("merge_sort_false", 2, 12),
    ("sll_to_dll_rev_false", 1, 28),
    ("sll_to_dll_rev_false", 2, 28),
    ("ifstofunctions_defroster_min", 1, 29),
    ("DockingApproachExample_Ext", 1, 8),
    ("DockingApproachExample_Ext", 2, 8),
    ("DockingApproachExample_Ext", 2, 11),
];

#[test]
fn every_automaton_of_table_1_and_the_transducers_is_legible() {
    // Each of the paper's automata in its report, at the default zoom,
    // with a screenshot of each for a person to look at; and the learned
    // transducers' pictures (the same drawing code) opened on their own.
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/benchmarks/paper");
    let chromium_folder = temp_folder();
    let mut browser = Browser::launch(chromium_folder.path());
    for (folder, b, wl) in TABLE1 {
        let source = shared.join(folder).join(format!("{folder}.c"));
        assert!(
            source.exists(),
            "{} not found: ../shared must be beside the repository",
            source.display()
        );
        let name = format!("table1-{folder}-{b}-{wl}");
        let page = make(
            &name,
            &[
                "learn",
                &source.display().to_string(),
                "--unwind",
                &b.to_string(),
                "--max-word-length",
                &wl.to_string(),
            ],
        );
        browser.open(&page);
        let errors = browser.errors();
        assert!(errors.is_empty(), "{name}: console errors: {errors:?}");
        check_legible(&mut browser, &name);
        let png = browser.screenshot();
        std::fs::write(out_dir().join(format!("{name}.png")), &png).unwrap();
        browser.session = None;
        browser.events.clear();
    }
    for program in ["get_tags_fixed", "html_escape", "cleanse_attribute"] {
        let svg = out_dir().join(format!("transducer-{program}.svg"));
        let html = out_dir().join(format!("transducer-{program}.html"));
        let (code, out, err) = run_lore(&[
            "transducer".to_string(),
            format!("cases/transducer/{program}.c"),
            "-o".to_string(),
            svg.display().to_string(),
            "--html".to_string(),
            html.display().to_string(),
        ]);
        assert_eq!(code, 0, "{program}: {out}{err}");
        for (page, shot) in [(&svg, "svg"), (&html, "html")] {
            browser.open(page);
            let errors = browser.errors();
            assert!(errors.is_empty(), "{program}: console errors: {errors:?}");
            check_legible(&mut browser, program);
            let png = browser.screenshot();
            std::fs::write(
                out_dir().join(format!("transducer-{program}-{shot}.png")),
                &png,
            )
            .unwrap();
            browser.session = None;
            browser.events.clear();
        }
    }
    // The assumption lore agr learns, drawn with the same code.
    let svg = out_dir().join("agr-assumption.svg");
    let (code, out, err) = run_lore(&[
        "agr".to_string(),
        "cases/agr/password/m1.c".to_string(),
        "cases/agr/password/m2_repaired.c".to_string(),
        "cases/agr/password/password.prop".to_string(),
        "-o".to_string(),
        svg.display().to_string(),
    ]);
    assert_eq!(code, 0, "agr: {out}{err}");
    browser.open(&svg);
    check_legible(&mut browser, "agr assumption");
    let png = browser.screenshot();
    std::fs::write(out_dir().join("agr-assumption.png"), &png).unwrap();
    browser.session = None;
    browser.events.clear();
    // Its HTML report on a run with a repair: the trace's table, the
    // assumption and the repaired M2 drawn.
    let html = out_dir().join("agr-report.html");
    let (code, out, err) = run_lore(&[
        "agr".to_string(),
        "cases/agr/password/m1.c".to_string(),
        "cases/agr/password/m2.c".to_string(),
        "cases/agr/password/password.prop".to_string(),
        "--html".to_string(),
        html.display().to_string(),
    ]);
    assert_eq!(code, 10, "agr: {out}{err}");
    browser.open(&html);
    let errors = browser.errors();
    assert!(errors.is_empty(), "agr report: console errors: {errors:?}");
    check_legible(&mut browser, "agr report");
    let drawings = browser.eval("document.querySelectorAll('.automaton svg').length");
    assert_eq!(
        drawings.as_u64(),
        Some(2),
        "agr report: the assumption and M2 repaired"
    );
    let rows = browser.eval("document.querySelectorAll('tbody tr').length");
    assert_eq!(
        rows.as_u64(),
        Some(7),
        "agr report: the error trace's 7 steps"
    );
    let png = browser.screenshot();
    std::fs::write(out_dir().join("agr-report.png"), &png).unwrap();
    drop(browser);
    drop(chromium_folder);
}
