//! What `learn`, `explain`, `diff` and `merge` show, as plain data: the
//! automata of every bound computed, their words with witness executions,
//! and the statistics. `--json` prints it (docs/json.md); `--html` draws it
//! (`html.rs`).

use lore_bmc::interp::TraceStep;
use lore_frontend::source::SourceMap;
pub use lore_language::versions::VersionRun as RunInfo;
use lore_language::witness;
use lore_language::LearnError;
use lore_learner::dfa::Dfa;
use lore_learner::draw::Drawing;

/// At most this many words are listed (and witnessed) per automaton.
pub const WORD_LIMIT: usize = 30;

pub struct Report {
    /// `learn`, `explain`, `diff` or `merge`.
    pub command: &'static str,
    pub programs: Vec<ProgramInfo>,
    /// Letter names, the assertion letter last.
    pub alphabet: Vec<String>,
    /// The statistics of every learning run.
    pub runs: Vec<RunInfo>,
    /// Every pair of bounds computed, in (b, b_wl) order.
    pub bounds: Vec<BoundView>,
    /// The index in `bounds` of the result.
    pub chosen: usize,
    /// The bound search (paper §6.1), if it ran.
    pub search: Option<SearchInfo>,
    /// One line: what the result says.
    pub summary: String,
}

pub struct ProgramInfo {
    /// `program`, `old`, `new`, `base`, `a`, `b` or `merged`.
    pub role: &'static str,
    pub file: String,
}

pub struct SearchInfo {
    pub converged: bool,
    /// Why the search stopped: `given`, `complete`, `stable` or `limits`.
    pub stop: &'static str,
    /// The same in a sentence, with what the bounds leave out.
    pub stopping: String,
    /// No execution is cut by the chosen bounds.
    pub complete: bool,
    pub min_word_length: u32,
    pub iterations: u32,
}

pub struct BoundView {
    pub unwind: u32,
    pub max_word_length: u32,
    pub panels: Vec<Panel>,
}

/// One automaton shown: a language of error (or behaviour), or a difference.
pub struct Panel {
    pub title: String,
    /// `language` or `difference`.
    pub kind: &'static str,
    pub drawing: Drawing,
    /// Accepted words within b_wl, shortest first, at most [`WORD_LIMIT`].
    pub words: Vec<WordView>,
    /// Accepted words within b_wl in all.
    pub word_count: u128,
}

pub struct WordView {
    pub letters: Vec<String>,
    /// The program whose execution `trace` is.
    pub program: usize,
    /// A replayed execution with this word, if one was found.
    pub trace: Option<Vec<WitnessStep>>,
}

/// A step of a witness: where, the source line, what happened with values.
pub struct WitnessStep {
    pub file: String,
    pub line: u32,
    pub function: String,
    pub source: String,
    pub text: String,
}

impl Panel {
    /// A panel for `dfa` (already pruned beyond `max_word_length`), its
    /// words witnessed by executions of `program` within (b, b_wl).
    pub fn new(
        title: String,
        kind: &'static str,
        dfa: &Dfa,
        max_word_length: u32,
        witness: &Witnesses<'_, '_>,
    ) -> Result<Panel, LearnError> {
        let drawing = Drawing::new(dfa);
        let words = dfa.accepted_words(max_word_length as usize, WORD_LIMIT);
        let word_count = dfa.count_accepted_up_to(max_word_length as usize);
        let traces = witness.traces(&words)?;
        let alphabet = dfa.alphabet();
        let words = words
            .iter()
            .zip(traces)
            .map(|(w, trace)| WordView {
                letters: w.iter().map(|&a| alphabet.name(a).to_string()).collect(),
                program: witness.program_index,
                trace,
            })
            .collect();
        Ok(Panel {
            title,
            kind,
            drawing,
            words,
            word_count,
        })
    }
}

/// Witness executions of one program at one pair of bounds, shown with
/// their source lines.
pub struct Witnesses<'s, 'p> {
    pub find: witness::Witnesses<'s, 'p>,
    pub sources: &'s SourceMap,
    pub program_index: usize,
}

impl Witnesses<'_, '_> {
    /// A trace for each word (with the assertion letter last).
    pub fn traces(
        &self,
        words: &[lore_learner::dfa::Word],
    ) -> Result<Vec<Option<Vec<WitnessStep>>>, LearnError> {
        Ok(self
            .find
            .traces(words)?
            .into_iter()
            .map(|t| t.map(|t| self.steps(&t)))
            .collect())
    }

    fn steps(&self, trace: &[TraceStep]) -> Vec<WitnessStep> {
        trace
            .iter()
            .map(|s| {
                let file = self.sources.file(s.loc.file);
                let source = file
                    .and_then(|f| f.text.as_deref())
                    .and_then(|t| t.lines().nth(s.loc.line.saturating_sub(1) as usize))
                    .unwrap_or("")
                    .trim()
                    .to_string();
                WitnessStep {
                    file: file.map(|f| f.short_name.clone()).unwrap_or_default(),
                    line: s.loc.line,
                    function: s.function.clone(),
                    source,
                    text: s.text.clone(),
                }
            })
            .collect()
    }
}

impl Report {
    pub fn chosen(&self) -> &BoundView {
        &self.bounds[self.chosen]
    }
}
