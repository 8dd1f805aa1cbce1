//! `lore verify --stats`: where a formula comes from, stage by stage —
//! symbolic execution (SSA steps and terms, how each memory access was
//! placed), the CNF, the solver, the replay — with the time of each and
//! the peak memory.

use lore_bmc::check::Encoding;
use serde::Serialize;
use std::collections::BTreeMap;

/// The statistics of a run as the JSON report carries them (`stats`).
#[derive(Serialize)]
pub struct StatsJson {
    symex: SymexJson,
    cnf: CnfJson,
    solver: SolverJson,
    replay_seconds: f64,
    /// A first formula gave a counterexample no run follows; these
    /// statistics are of the formula made after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    first_formula: Option<FirstFormulaJson>,
    /// The most heap in use at once (Rust and the C++ solver), in bytes.
    peak_heap_bytes: u64,
    /// The process's peak resident set, in bytes, where the system says.
    #[serde(skip_serializing_if = "Option::is_none")]
    peak_resident_bytes: Option<u64>,
}

#[derive(Serialize)]
struct SymexJson {
    seconds: f64,
    steps: usize,
    terms: usize,
    checks: usize,
    /// Reads and writes at places known during execution (no gates).
    direct_accesses: u64,
    /// Accesses at an element indexed by a variable, by the number of
    /// elements they split over.
    accesses_by_elements: BTreeMap<u64, u64>,
    /// Accesses through a computed address, by the number of objects the
    /// value sets let them reach.
    accesses_by_objects: BTreeMap<u64, u64>,
    /// Accesses through an address whose value set lost track (every object).
    lost_track_accesses: u64,
    /// Accesses through an address at a non-constant offset (shifters).
    shifted_accesses: u64,
    /// Bits that writes at a variable place choose (a multiplexer each).
    chosen_bits: u64,
}

#[derive(Serialize)]
struct CnfJson {
    seconds: f64,
    variables: u32,
    clauses: u64,
    /// By kind of term: terms blasted and their clauses.
    by_kind: Vec<KindJson>,
}

#[derive(Serialize)]
struct FirstFormulaJson {
    variables: u32,
    clauses: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct KindJson {
    kind: &'static str,
    terms: u64,
    gates: u64,
}

#[derive(Serialize)]
struct SolverJson {
    name: &'static str,
    seconds: f64,
    calls: u64,
}

impl StatsJson {
    pub fn new(e: &Encoding, solver: lore_bmc::solver::SolverKind) -> StatsJson {
        StatsJson {
            symex: SymexJson {
                seconds: e.symex_seconds,
                steps: e.steps,
                terms: e.terms,
                checks: e.checks,
                direct_accesses: e.accesses.direct,
                accesses_by_elements: e.accesses.by_elements.clone(),
                accesses_by_objects: e.accesses.by_objects.clone(),
                lost_track_accesses: e.accesses.lost_track,
                shifted_accesses: e.accesses.shifted,
                chosen_bits: e.accesses.chosen_bits,
            },
            cnf: CnfJson {
                seconds: e.encode_seconds,
                variables: e.variables,
                clauses: e.clauses,
                by_kind: e
                    .gates_by_kind
                    .iter()
                    .map(|&(kind, terms, gates)| KindJson { kind, terms, gates })
                    .collect(),
            },
            solver: SolverJson {
                name: solver.name(),
                seconds: e.solve_seconds,
                calls: e.solver_calls,
            },
            replay_seconds: e.replay_seconds,
            first_formula: e
                .first_formula
                .map(|(variables, clauses, seconds)| FirstFormulaJson {
                    variables,
                    clauses,
                    seconds,
                }),
            peak_heap_bytes: crate::memory::peak() as u64,
            peak_resident_bytes: crate::memory::peak_resident(),
        }
    }
}

/// `count` accesses by size, as `1 × 4, 3 × 2` (size × accesses).
fn histogram(by: &BTreeMap<u64, u64>) -> String {
    if by.is_empty() {
        return "none".into();
    }
    let parts: Vec<String> = by
        .iter()
        .map(|(n, count)| format!("{n} × {count}"))
        .collect();
    parts.join(", ")
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// The statistics as text, one stage per line.
pub fn text(
    e: &Encoding,
    solver: lore_bmc::solver::SolverKind,
    sources: &lore_frontend::source::SourceMap,
) -> String {
    let a = &e.accesses;
    let mut out = String::from("Statistics:\n");
    if let Some((variables, clauses, seconds)) = e.first_formula {
        out.push_str(&format!(
            "  first formula      {seconds:8.3} s  {variables} variables, {clauses} clauses: its counterexample did not replay; the formula below assumes that an address from nowhere names no object its value set does not know\n"
        ));
    }
    out.push_str(&format!(
        "  symbolic execution {:8.3} s  {} steps, {} terms, {} checks\n",
        e.symex_seconds, e.steps, e.terms, e.checks
    ));
    out.push_str(&format!(
        "    memory accesses: {} direct; indexed by a variable (elements × accesses): {}; through an address (objects × accesses): {}, of which {} reach every object (the value set lost track) and {} are at a variable offset; {} bits chosen by writes at a variable place\n",
        a.direct,
        histogram(&a.by_elements),
        histogram(&a.by_objects),
        a.lost_track,
        a.shifted,
        a.chosen_bits
    ));
    if let Some((n, at)) = a.widest {
        out.push_str(&format!(
            "    the access reaching the most objects: {n}, at {}\n",
            sources.short(at)
        ));
    }
    out.push_str(&format!(
        "  encoding           {:8.3} s  {} variables, {} clauses\n",
        e.encode_seconds, e.variables, e.clauses
    ));
    let kinds: Vec<String> = e
        .gates_by_kind
        .iter()
        .filter(|k| k.2 > 0)
        .map(|(kind, terms, gates)| format!("{kind} {gates} ({terms} terms)"))
        .collect();
    if !kinds.is_empty() {
        out.push_str(&format!(
            "    gates by kind of term: {}\n",
            kinds.join(", ")
        ));
    }
    out.push_str(&format!(
        "  solving ({:<7})  {:8.3} s  {} calls\n",
        solver.name(),
        e.solve_seconds,
        e.solver_calls
    ));
    out.push_str(&format!(
        "  replay             {:8.3} s\n",
        e.replay_seconds
    ));
    out.push_str(&format!(
        "  peak memory: {} heap{}\n",
        mib(crate::memory::peak() as u64),
        crate::memory::peak_resident()
            .map(|r| format!(", {} resident", mib(r)))
            .unwrap_or_default()
    ));
    out
}

/// The progress line of a stage that ended (`lore verify` on long runs).
pub fn progress_line(stage: lore_bmc::check::Stage<'_>) -> String {
    use lore_bmc::check::Stage;
    match stage {
        Stage::Executed {
            steps,
            terms,
            checks,
        } => format!("symbolic execution: {steps} steps, {terms} terms, {checks} checks"),
        Stage::Encoded { variables, clauses } => {
            format!("encoded: {variables} variables, {clauses} clauses")
        }
        Stage::Checked {
            call,
            failing,
            settled,
            of,
        } => match failing {
            Some(name) => {
                format!(
                    "solver call {call}: {name} can fail ({settled} of {of} checks settled)"
                )
            }
            None => format!(
                "solver call {call}: the checks still open hold ({settled} of {of} settled)"
            ),
        },
        Stage::Restarted => "a model no run follows named a real object through an address from nowhere: again, on a formula that rules such models out".to_string(),
    }
}

/// What `verify`'s heartbeat names, by stage (see [`crate::heartbeat`]).
pub const STAGES: [&str; 3] = [
    "symbolic execution",
    "encoding to CNF and solving",
    "solving",
];
