//! The paper's own architecture as a baseline for `sv-comp-bench paper`:
//! CBMC as the teacher, one CBMC run per query that reaches the solver,
//! each on the program instrumented for that query (as the paper's tool
//! did with its harness).
//!
//! The program is instrumented once: each event function calls
//! `__lore_event(letter)` first thing in its body, and `_Learn_assert(c)`
//! calls `__lore_fail()` when `c` is false. A harness written per query
//! defines both:
//! - a membership query for a word w: every event must be the next letter
//!   of w (else the path is cut), and a failure counts only after exactly
//!   |w| events;
//! - a conjecture (feedback) query with a monitor: the events drive the
//!   monitor, at most `max_len` of them, and a failure counts only where
//!   the monitor rejects.
//!
//! A failure that counts is `__CPROVER_assert(0)` and ends the path, as an
//! execution ends at its first failing assertion; CBMC runs with `--unwind b`
//! and no unwinding assertions (bounded semantics, as Lore learns) and no
//! standard checks. VERIFICATION FAILED is "yes".

use lore_bmc::symex::Events;
use lore_frontend::ir::Program;
use lore_language::teacher::SolverQuery;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct CbmcTeacher {
    cbmc: PathBuf,
    dir: PathBuf,
    program: PathBuf,
    unwind: u32,
    max_len: usize,
    letters: usize,
    /// `_Learn_assert` is given by a macro (the program does not declare it).
    by_macro: bool,
}

impl CbmcTeacher {
    /// The program at `source` instrumented for `events`, written into `dir`.
    pub fn new(
        cbmc: &Path,
        source: &Path,
        program: &Program,
        events: &Events,
        unwind: u32,
        max_word_length: u32,
        dir: &Path,
    ) -> Result<CbmcTeacher, String> {
        if !events.branch.is_empty() {
            return Err("branch events have no functions to instrument".into());
        }
        let text = std::fs::read_to_string(source)
            .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
        let name = source
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or("a source file name")?;
        // Where each event function's body opens, last first.
        let mut inserts: Vec<(usize, u32)> = Vec::new();
        for (&f, &letter) in &events.function_entry {
            let function = program.function(f);
            let loc = function.loc;
            let file = program.sources.files.get(loc.file.0 as usize);
            if !file.is_some_and(|f| f.name.ends_with(name)) {
                return Err(format!("{} is not defined in {name}", function.name));
            }
            let start = offset(&text, loc.line, loc.col)
                .ok_or(format!("no place {}:{} in {name}", loc.line, loc.col))?;
            let brace = text[start..]
                .find('{')
                .ok_or(format!("no body of {} in {name}", function.name))?;
            inserts.push((start + brace + 1, letter));
        }
        inserts.sort_unstable_by(|a, b| b.cmp(a));
        let mut out = text.clone();
        for (at, letter) in inserts {
            out.insert_str(at, &format!(" __lore_event({letter});"));
        }
        let by_macro = !text.contains("_Learn_assert(_Bool");
        let prelude = "int __lore_event(int letter);\nint __lore_fail(void);\n";
        let out = format!("{prelude}{out}");
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        let instrumented = dir.join(name);
        std::fs::write(&instrumented, out)
            .map_err(|e| format!("cannot write {}: {e}", instrumented.display()))?;
        Ok(CbmcTeacher {
            cbmc: cbmc.to_path_buf(),
            dir: dir.to_path_buf(),
            program: instrumented,
            unwind,
            max_len: max_word_length.saturating_sub(1) as usize,
            letters: events.letters.len(),
            by_macro,
        })
    }

    /// CBMC's answer to `query`: does some execution within the bounds
    /// fail as the query asks?
    pub fn ask(&self, query: &SolverQuery) -> Result<bool, String> {
        let mut h = String::new();
        h.push_str("unsigned __lore_len;\n");
        match query {
            SolverQuery::Membership(word) => {
                if word.len() > self.max_len {
                    return Ok(false);
                }
                let list: Vec<String> = word.iter().map(u32::to_string).collect();
                let _ = writeln!(
                    h,
                    "static const int __lore_word[{}] = {{{}}};",
                    word.len().max(1),
                    if list.is_empty() {
                        "0".to_string()
                    } else {
                        list.join(", ")
                    }
                );
                let _ = writeln!(
                    h,
                    "int __lore_event(int letter) {{\n  __CPROVER_assume(__lore_len < {n} && __lore_word[__lore_len] == letter);\n  __lore_len++;\n  return 0;\n}}",
                    n = word.len()
                );
                let _ = writeln!(
                    h,
                    "int __lore_fail(void) {{\n  __CPROVER_assume(__lore_len == {});\n  __CPROVER_assert(0, \"fails after the word\");\n  __CPROVER_assume(0);\n  return 0;\n}}",
                    word.len()
                );
            }
            SolverQuery::PositiveFeedback(monitor) => {
                let states = monitor.accepting.len();
                let _ = writeln!(h, "unsigned __lore_state = {};", monitor.initial);
                let rows: Vec<String> = monitor
                    .delta
                    .iter()
                    .map(|row| {
                        let cells: Vec<String> = (0..self.letters)
                            .map(|a| row.get(a).copied().unwrap_or(0).to_string())
                            .collect();
                        format!("{{{}}}", cells.join(", "))
                    })
                    .collect();
                let _ = writeln!(
                    h,
                    "static const unsigned __lore_delta[{states}][{}] = {{{}}};",
                    self.letters.max(1),
                    rows.join(", ")
                );
                let accepting: Vec<&str> = monitor
                    .accepting
                    .iter()
                    .map(|&a| if a { "1" } else { "0" })
                    .collect();
                let _ = writeln!(
                    h,
                    "static const _Bool __lore_accepting[{states}] = {{{}}};",
                    accepting.join(", ")
                );
                let _ = writeln!(
                    h,
                    "int __lore_event(int letter) {{\n  __CPROVER_assume(__lore_len < {});\n  __lore_state = __lore_delta[__lore_state][letter];\n  __lore_len++;\n  return 0;\n}}",
                    self.max_len
                );
                h.push_str(
                    "int __lore_fail(void) {\n  __CPROVER_assume(!__lore_accepting[__lore_state]);\n  __CPROVER_assert(0, \"a failing word the monitor rejects\");\n  __CPROVER_assume(0);\n  return 0;\n}\n",
                );
            }
        }
        if !self.by_macro {
            h.push_str("void _Learn_assert(_Bool c) { if (!c) __lore_fail(); }\n");
        }
        let harness = self.dir.join("harness.c");
        std::fs::write(&harness, h)
            .map_err(|e| format!("cannot write {}: {e}", harness.display()))?;
        let mut cmd = Command::new(&self.cbmc);
        cmd.arg(&self.program)
            .arg(&harness)
            .args(["--32", "--unwind", &self.unwind.to_string()])
            .args(["--no-unwinding-assertions", "--no-standard-checks"]);
        if self.by_macro {
            cmd.arg("-D_Learn_assert(c)=((c) ? 0 : __lore_fail())");
        }
        let out = cmd
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.cbmc.display()))?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        if stdout.contains("VERIFICATION FAILED") {
            Ok(true)
        } else if stdout.contains("VERIFICATION SUCCESSFUL") {
            Ok(false)
        } else {
            Err(format!(
                "CBMC answered neither: {}",
                String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .chain(stdout.lines())
                    .filter(|l| l.contains("error"))
                    .take(3)
                    .collect::<Vec<_>>()
                    .join("; ")
            ))
        }
    }
}

/// The byte offset of 1-based `line` and `col` in `text`.
fn offset(text: &str, line: u32, col: u32) -> Option<usize> {
    let mut at = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line as usize {
            return Some(at + (col as usize).saturating_sub(1).min(l.len()));
        }
        at += l.len();
    }
    None
}
