//! The `--json` outputs as serde data: `lore-report/1` for `learn`,
//! `explain`, `diff` and `merge`, `lore-verify/1` for `verify`. Each
//! struct here is one object of the schemas in docs/json.md, its fields in
//! the documented order.

use crate::present::{Panel, Report, RunInfo, WitnessStep};
use lore_bmc::check::Verdict;
use lore_bmc::kinduction::Induction;
use lore_bmc::verify::Status;
use lore_frontend::source::SourceMap;
use lore_frontend::task::{SvCompProperty, Task};
use lore_learner::draw::Drawing;
use serde::Serialize;

/// Pretty-printed JSON with a final newline.
pub fn render(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("the report serializes");
    text.push('\n');
    text
}

#[derive(Serialize)]
pub struct ReportJson<'r> {
    schema: &'static str,
    command: &'static str,
    programs: Vec<ProgramJson<'r>>,
    alphabet: &'r [String],
    summary: &'r str,
    #[serde(flatten)]
    search: Option<SearchJson<'r>>,
    chosen: Chosen,
    runs: Vec<RunJson<'r>>,
    bounds: Vec<BoundJson<'r>>,
}

#[derive(Serialize)]
struct ProgramJson<'r> {
    role: &'static str,
    file: &'r str,
}

#[derive(Serialize)]
struct SearchJson<'r> {
    converged: bool,
    stop: &'static str,
    stopping: &'r str,
    complete: bool,
    min_word_length: u32,
    iterations: u32,
}

#[derive(Serialize)]
struct Chosen {
    unwind: u32,
    max_word_length: u32,
}

#[derive(Serialize)]
struct RunJson<'r> {
    program: usize,
    unwind: u32,
    max_word_length: u32,
    states: usize,
    edges: usize,
    rounds: u64,
    membership: u64,
    by_form: u64,
    by_cfg: u64,
    by_cache: u64,
    by_solver: u64,
    conjectures: u64,
    conjecture_solver_calls: u64,
    variables: u32,
    clauses: u64,
    seconds: f64,
    exact: bool,
    exactness: &'static str,
    cut_by_unwinding: Option<bool>,
    cut_by_length: Option<bool>,
    automaton: AutomatonJson<'r>,
    dot: String,
}

#[derive(Serialize)]
struct BoundJson<'r> {
    unwind: u32,
    max_word_length: u32,
    panels: Vec<PanelJson<'r>>,
}

#[derive(Serialize)]
struct PanelJson<'r> {
    title: &'r str,
    kind: &'static str,
    automaton: AutomatonJson<'r>,
    word_count: u128,
    words: Vec<WordJson<'r>>,
}

#[derive(Serialize)]
struct WordJson<'r> {
    letters: &'r [String],
    program: usize,
    trace: Option<Vec<StepJson<'r>>>,
}

#[derive(Serialize)]
struct StepJson<'r> {
    file: &'r str,
    line: u32,
    function: &'r str,
    source: &'r str,
    step: &'r str,
}

/// The drawn automaton (rejecting sink removed) as data.
#[derive(Serialize)]
struct AutomatonJson<'r> {
    empty: bool,
    states: usize,
    initial: u32,
    accepting: Vec<usize>,
    transitions: Vec<TransitionJson<'r>>,
    dominating_letters: Vec<&'r str>,
    dominator_states: Vec<usize>,
    doomed_states: Vec<usize>,
}

#[derive(Serialize)]
struct TransitionJson<'r> {
    from: u32,
    letter: &'r str,
    to: u32,
}

impl<'r> ReportJson<'r> {
    pub fn new(report: &'r Report) -> ReportJson<'r> {
        let chosen = report.chosen();
        ReportJson {
            schema: "lore-report/1",
            command: report.command,
            programs: report
                .programs
                .iter()
                .map(|p| ProgramJson {
                    role: p.role,
                    file: &p.file,
                })
                .collect(),
            alphabet: &report.alphabet,
            summary: &report.summary,
            search: report.search.as_ref().map(|s| SearchJson {
                converged: s.converged,
                stop: s.stop,
                stopping: &s.stopping,
                complete: s.complete,
                min_word_length: s.min_word_length,
                iterations: s.iterations,
            }),
            chosen: Chosen {
                unwind: chosen.unwind,
                max_word_length: chosen.max_word_length,
            },
            runs: report.runs.iter().map(RunJson::new).collect(),
            bounds: report
                .bounds
                .iter()
                .map(|b| BoundJson {
                    unwind: b.unwind,
                    max_word_length: b.max_word_length,
                    panels: b.panels.iter().map(PanelJson::new).collect(),
                })
                .collect(),
        }
    }
}

impl<'r> RunJson<'r> {
    fn new(info: &'r RunInfo) -> RunJson<'r> {
        let r = &info.run;
        let t = &r.teacher;
        RunJson {
            program: info.program,
            unwind: r.unwind,
            max_word_length: r.max_word_length,
            states: r.drawing.num_states(),
            edges: r.drawing.num_edges(),
            rounds: r.rounds,
            membership: t.membership,
            by_form: t.by_form,
            by_cfg: t.by_cfg,
            by_cache: t.by_cache,
            by_solver: t.by_solver,
            conjectures: t.conjectures,
            conjecture_solver_calls: t.conjecture_solver_calls,
            variables: r.encoding.variables,
            clauses: r.encoding.clauses,
            seconds: r.seconds,
            exact: r.is_exact(),
            exactness: lore_language::exactness_name(r.exactness),
            cut_by_unwinding: r.cut.by_unwinding,
            cut_by_length: r.cut.by_length,
            automaton: AutomatonJson::new(&r.drawing),
            dot: r.drawing.to_dot(),
        }
    }
}

impl<'r> PanelJson<'r> {
    fn new(p: &'r Panel) -> PanelJson<'r> {
        PanelJson {
            title: &p.title,
            kind: p.kind,
            automaton: AutomatonJson::new(&p.drawing),
            word_count: p.word_count,
            words: p
                .words
                .iter()
                .map(|w| WordJson {
                    letters: &w.letters,
                    program: w.program,
                    trace: w
                        .trace
                        .as_ref()
                        .map(|steps| steps.iter().map(StepJson::new).collect()),
                })
                .collect(),
        }
    }
}

impl<'r> StepJson<'r> {
    fn new(s: &'r WitnessStep) -> StepJson<'r> {
        StepJson {
            file: &s.file,
            line: s.line,
            function: &s.function,
            source: &s.source,
            step: &s.text,
        }
    }
}

impl<'r> AutomatonJson<'r> {
    fn new(d: &'r Drawing) -> AutomatonJson<'r> {
        let dfa = &d.dfa;
        let alphabet = dfa.alphabet();
        let mut transitions = Vec::new();
        for s in dfa.states() {
            for a in alphabet.letters() {
                let t = dfa.next(s, a);
                if t != lore_learner::dfa::NONE {
                    transitions.push(TransitionJson {
                        from: u32::from(s),
                        letter: alphabet.name(a),
                        to: u32::from(t),
                    });
                }
            }
        }
        let states_where =
            |f: &dyn Fn(usize) -> bool| (0..dfa.num_states()).filter(|&s| f(s)).collect();
        AutomatonJson {
            empty: d.empty,
            states: dfa.num_states(),
            initial: u32::from(dfa.initial()),
            accepting: states_where(&|s| dfa.is_accepting(lore_learner::dfa::State::new(s))),
            transitions,
            dominating_letters: d
                .dominating_letters
                .iter()
                .map(|&a| alphabet.name(a))
                .collect(),
            dominator_states: states_where(&|s| d.dominator_states[s]),
            doomed_states: states_where(&|s| d.doomed[s]),
        }
    }
}

/// `verify --json`: schema `lore-verify/1`.
#[derive(Serialize)]
pub struct VerifyJson {
    schema: &'static str,
    verdict: &'static str,
    category: Option<String>,
    reason: Option<String>,
    properties: Vec<PropertyJson>,
    variables: u32,
    clauses: u64,
    solver_calls: u64,
    bound_cut: bool,
    /// The SV-COMP property checked, if one was named (or a task's).
    #[serde(skip_serializing_if = "Option::is_none")]
    sv_comp_property: Option<&'static str>,
    /// The task file, if the input was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    task: Option<TaskJson>,
    /// What k-induction found, when it was tried (`--k-induction`).
    #[serde(skip_serializing_if = "Option::is_none")]
    k_induction: Option<InductionJson>,
    /// The bounds tried when Lore chose them (no --unwind), if more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    bounds: Option<Vec<u32>>,
    /// With --stats: the run stage by stage.
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<crate::stats::StatsJson>,
}

#[derive(Serialize)]
struct InductionJson {
    proved: bool,
    /// The loops proved (`main.0`), with `k` and the base case's bound
    /// (`k` = 0: each loop replaced by its invariants, the rest checked
    /// at that bound).
    loops: Vec<String>,
    k: Option<u32>,
    unwind: Option<u32>,
    /// The invariants assumed, of every loop (`x@entry`: x where the loop
    /// was entered).
    invariants: Vec<String>,
    /// The same, by loop.
    invariants_by_loop: std::collections::BTreeMap<String, Vec<String>>,
    /// Why there is no proof.
    reason: Option<String>,
}

#[derive(Serialize)]
struct TaskJson {
    file: String,
    /// The last line the task expects (`TRUE`, `FALSE(unreach-call)`), or
    /// null when it states no verdict for the property.
    expected_verdict: Option<String>,
}

#[derive(Serialize)]
struct PropertyJson {
    name: String,
    location: String,
    description: String,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<VerifyStepJson>>,
}

#[derive(Serialize)]
struct VerifyStepJson {
    location: String,
    function: String,
    step: String,
}

impl VerifyJson {
    /// `category` is the SV-COMP name of what failed (FALSE only).
    pub fn new(
        report: &lore_bmc::verify::Report,
        sources: &SourceMap,
        category: &str,
    ) -> VerifyJson {
        let (verdict, reason) = match &report.verdict {
            Verdict::True => ("TRUE", None),
            Verdict::False(p) => ("FALSE", Some(format!("{p} fails"))),
            Verdict::Unknown(why) => ("UNKNOWN", Some(why.to_string())),
        };
        let properties = report
            .properties
            .iter()
            .map(|p| {
                let (status, reason, trace) = match &p.status {
                    Status::Holds => ("SUCCESS", None, None),
                    Status::Unknown(why) => ("UNKNOWN", Some(why.to_string()), None),
                    Status::Fails { trace, .. } => (
                        "FAILURE",
                        None,
                        Some(
                            trace
                                .iter()
                                .map(|s| VerifyStepJson {
                                    location: sources.short(s.loc).to_string(),
                                    function: s.function.clone(),
                                    step: s.text.clone(),
                                })
                                .collect(),
                        ),
                    ),
                };
                PropertyJson {
                    name: p.name.clone(),
                    location: sources.short(p.loc).to_string(),
                    description: p.description.clone(),
                    status,
                    reason,
                    trace,
                }
            })
            .collect();
        VerifyJson {
            schema: "lore-verify/1",
            verdict,
            category: (verdict == "FALSE").then(|| category.to_string()),
            reason,
            properties,
            variables: report.encoding.variables,
            clauses: report.encoding.clauses,
            solver_calls: report.encoding.solver_calls,
            bound_cut: report.bound_cut,
            sv_comp_property: None,
            task: None,
            k_induction: None,
            bounds: None,
            stats: None,
        }
    }

    /// With the statistics of `--stats`.
    pub fn with_stats(mut self, stats: Option<crate::stats::StatsJson>) -> VerifyJson {
        self.stats = stats;
        self
    }

    /// With the SV-COMP property and the task, if any.

    pub fn with_bounds(mut self, bounds: &[u32]) -> VerifyJson {
        self.bounds = (bounds.len() > 1).then(|| bounds.to_vec());
        self
    }

    pub fn with_induction(mut self, induction: Option<&Induction>) -> VerifyJson {
        self.k_induction = induction.map(|i| match i {
            Induction::Proved { loops, k, unwind } => InductionJson {
                proved: true,
                loops: loops.iter().map(|l| l.name.clone()).collect(),
                k: Some(*k),
                unwind: Some(*unwind),
                invariants: loops.iter().flat_map(|l| l.invariants.clone()).collect(),
                invariants_by_loop: loops
                    .iter()
                    .map(|l| (l.name.clone(), l.invariants.clone()))
                    .collect(),
                reason: None,
            },
            Induction::NotProved(why) => InductionJson {
                proved: false,
                loops: Vec::new(),
                k: None,
                unwind: None,
                invariants: Vec::new(),
                invariants_by_loop: Default::default(),
                reason: Some(why.clone()),
            },
        });
        self
    }

    pub fn with_task(
        mut self,
        task: Option<&Task>,
        property: Option<SvCompProperty>,
        expected: Option<String>,
    ) -> VerifyJson {
        self.sv_comp_property = property.map(SvCompProperty::name);
        self.task = task.map(|t| TaskJson {
            file: t.path.display().to_string(),
            expected_verdict: expected,
        });
        self
    }
}
