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
use common::{run_lore, temp_folder};

use serde_json::{json, Value};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::FromRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A pipe whose ends close on exec (the child gets copies at 3 and 4).
fn pipe() -> (i32, i32) {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    let r = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) };
    assert_eq!(r, 0, "pipe2: {}", std::io::Error::last_os_error());
    (fds[0], fds[1])
}

struct Browser {
    child: Child,
    to: File,
    from: BufReader<File>,
    next_id: u64,
    /// Events received and not yet looked at.
    events: Vec<Value>,
    session: Option<String>,
}

impl Browser {
    /// Starts Chromium with its profile and its own temporary files in
    /// `folder` (a private folder of the test's, removed after the browser
    /// is killed: a killed Chromium cannot remove what it left in the
    /// temporary directory).
    fn launch(folder: &Path) -> Browser {
        let (profile, temporary) = (folder.join("profile"), folder.join("tmp"));
        std::fs::create_dir_all(&temporary).expect("a folder for Chromium's temporary files");
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        assert!(
            Path::new(&chromium).exists(),
            "{chromium} not found: install Debian's chromium (`apt-get install chromium`; .ci/run does)"
        );
        let (commands_read, commands_write) = pipe();
        let (replies_read, replies_write) = pipe();
        let mut command = Command::new(chromium);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
                "--window-size=1280,1000",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .env("TMPDIR", &temporary)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls between fork and exec. The
        // ends are first copied above 10 so that neither is overwritten by
        // the other's dup2 onto 3 or 4.
        unsafe {
            command.pre_exec(move || {
                let a = libc::fcntl(commands_read, libc::F_DUPFD, 10);
                let b = libc::fcntl(replies_write, libc::F_DUPFD, 10);
                if a < 0 || b < 0 || libc::dup2(a, 3) < 0 || libc::dup2(b, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("chromium starts");
        // SAFETY: the descriptors are ours, each wrapped or closed once.
        let (to, from) = unsafe {
            libc::close(commands_read);
            libc::close(replies_write);
            (
                File::from_raw_fd(commands_write),
                BufReader::new(File::from_raw_fd(replies_read)),
            )
        };
        Browser {
            child,
            to,
            from,
            next_id: 1,
            events: Vec::new(),
            session: None,
        }
    }

    fn receive(&mut self) -> Value {
        let mut buffer = Vec::new();
        let n = self
            .from
            .read_until(0, &mut buffer)
            .expect("read from chromium");
        assert!(n > 0, "chromium closed the pipe");
        buffer.pop();
        serde_json::from_slice(&buffer).expect("a JSON message")
    }

    /// Sends a command (to the page's session once attached) and waits for
    /// its reply; events that arrive meanwhile are kept.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = &self.session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).expect("write to chromium");
        loop {
            let m = self.receive();
            if m.get("id") == Some(&json!(id)) {
                if let Some(e) = m.get("error") {
                    panic!("{method} failed: {e}");
                }
                return m["result"].clone();
            }
            if m.get("method").is_some() {
                self.events.push(m);
            }
        }
    }

    fn wait_for(&mut self, event: &str) {
        if let Some(i) = self.events.iter().position(|e| e["method"] == event) {
            self.events.remove(i);
            return;
        }
        loop {
            let m = self.receive();
            if m["method"] == event {
                return;
            }
            if m.get("method").is_some() {
                self.events.push(m);
            }
        }
    }

    fn open(&mut self, page: &Path) {
        let target = self.call("Target.createTarget", json!({"url": "about:blank"}));
        let attached = self.call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        self.session = Some(attached["sessionId"].as_str().unwrap().to_string());
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            self.call(domain, json!({}));
        }
        let url = format!("file://{}", page.canonicalize().unwrap().display());
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for("Page.loadEventFired");
    }

    fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expression} threw: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Console errors, uncaught exceptions and error log entries so far.
    fn errors(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| match e["method"].as_str() {
                Some("Runtime.exceptionThrown") => true,
                Some("Runtime.consoleAPICalled") => {
                    matches!(e["params"]["type"].as_str(), Some("error" | "assert"))
                }
                Some("Log.entryAdded") => e["params"]["entry"]["level"] == "error",
                _ => false,
            })
            .map(|e| e["params"].to_string())
            .collect()
    }

    fn key(&mut self, key: &str, code: u32) {
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}),
            );
        }
    }

    fn click(&mut self, x: f64, y: f64) {
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    fn screenshot(&mut self) -> Vec<u8> {
        use base64::Engine as _;
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .expect("base64")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The visible bound's heading and the markup of its first automaton.
const SHOWN: &str = "(() => { const s = document.querySelector('section.bound:not([hidden])'); \
    return s ? [s.querySelector('h2').textContent, s.querySelector('svg').outerHTML] : null; })()";

/// Share of pixels that are not the page's white, and distinct colours.
fn ink(png_bytes: &[u8]) -> (f64, usize) {
    let decoder = png::Decoder::new(png_bytes);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    let channels = info.color_type.samples();
    let mut inked = 0usize;
    let mut colours = std::collections::HashSet::new();
    let data = &pixels[..info.buffer_size()];
    for px in data.chunks(channels) {
        if px[..3] != [255, 255, 255] {
            inked += 1;
        }
        colours.insert(px[..3].to_vec());
    }
    (inked as f64 / (data.len() / channels) as f64, colours.len())
}

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
