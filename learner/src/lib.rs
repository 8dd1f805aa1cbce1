//! Lore's automata and active learning.
//!
//! [`dfa`] has DFAs and their operations; [`teacher`] the teacher interface
//! (three-valued answers, batches, prefix vectors) and the query layer with
//! its cache and statistics; [`lstar`], [`lsharp`] and [`consistent`] the
//! learning algorithms; [`draw`] the post-processing of the paper (sink
//! removal, dominating letters, dominator and doomed states) with DOT and SVG
//! output.
//!
//! This crate knows nothing of C or of the model checker: every algorithm is
//! tested with plain DFA teachers.

pub mod consistent;
pub mod dfa;
pub mod draw;
pub mod layout;
pub mod lsharp;
pub mod lstar;
pub mod teacher;
pub mod text;

use dfa::{Dfa, Word};
use teacher::{Oracle, QueryModel, Stats, Teacher};

/// The learning algorithms.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Angluin's L*: counterexample prefixes go into S.
    LStar,
    /// L* with Rivest–Schapire counterexample processing.
    LStarRivestSchapire,
    /// L# with prefix-vector queries.
    LSharp,
    /// The smallest DFA consistent with every known answer, by SAT search
    /// and equivalence queries only (exact, but many equivalence queries).
    MinimalConsistent,
}

impl Algorithm {
    pub const ALL: [Algorithm; 4] = [
        Algorithm::LStar,
        Algorithm::LStarRivestSchapire,
        Algorithm::LSharp,
        Algorithm::MinimalConsistent,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::LStar => "lstar",
            Algorithm::LStarRivestSchapire => "lstar-rs",
            Algorithm::LSharp => "lsharp",
            Algorithm::MinimalConsistent => "minimal",
        }
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// How this algorithm's membership queries are answered and counted.
    pub fn query_model(self) -> QueryModel {
        match self {
            Algorithm::LStar | Algorithm::LStarRivestSchapire => QueryModel::Word,
            Algorithm::LSharp | Algorithm::MinimalConsistent => QueryModel::PrefixVector,
        }
    }
}

/// Options of a learning run.
#[derive(Clone, Debug)]
pub struct LearnConfig {
    pub algorithm: Algorithm,
    /// Keep a printable view of each round (table or tree). Default: off.
    pub record_rounds: bool,
    /// Stop after this many hypotheses (the last is returned). Default: none.
    pub max_rounds: Option<u64>,
}

impl LearnConfig {
    pub fn new(algorithm: Algorithm) -> LearnConfig {
        LearnConfig {
            algorithm,
            record_rounds: false,
            max_rounds: None,
        }
    }
}

/// One hypothesis and what the teacher said of it.
#[derive(Clone, Debug)]
pub struct Round {
    pub hypothesis: Dfa,
    /// `None` when the teacher accepted the hypothesis.
    pub counterexample: Option<Word>,
    /// The observation table or tree, if recorded.
    pub table: Option<String>,
}

/// The result of learning.
#[derive(Clone, Debug)]
pub struct Learned {
    pub dfa: Dfa,
    pub stats: Stats,
    pub rounds: Vec<Round>,
    /// How learning stopped, and so what `dfa` is known to be.
    pub exactness: Exactness,
}

/// What a learned automaton is known to be, from how learning stopped.
///
/// A *known answer* is a teacher's "yes" or "no"; a bounded teacher answers
/// "unknown" to some words. Every guarantee is relative to the teacher's
/// answers, its equivalence queries included: a teacher that answers
/// "unknown" or finds no counterexample where it should have (a solver that
/// gave up) weakens it, and only the teacher can tell.
///
/// When several reasons apply, the weakest is reported: `TeacherGaveUp`,
/// then `RoundLimit`, then `UnknownsReadAsNo`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Exactness {
    /// The teacher found no counterexample, and the automaton is a smallest
    /// DFA consistent with every known answer; when the teacher knows every
    /// answer, it is the minimal DFA of the teacher's language.
    ///
    /// L* and L# reach this when no answer they relied on was unknown
    /// (L*: every cell of its table; L#: every answer in its tree, whose
    /// basis states are then pairwise apart on known answers, so no
    /// consistent DFA has fewer states). The SAT search
    /// ([`Algorithm::MinimalConsistent`], and L# when unknown answers stall
    /// it with at most [`lsharp::EXACT_SEARCH_LIMIT`] known answers) always
    /// does, as its hypotheses are smallest for the answers so far.
    Exact,
    /// Unknown answers were read as "no". The teacher found no
    /// counterexample, so the automaton is consistent with every known
    /// answer, but it may have more states than the smallest such DFA.
    ///
    /// L# does this when unknown answers stall it with more than
    /// [`lsharp::EXACT_SEARCH_LIMIT`] known answers (the SAT search could
    /// take very long); L* whenever a cell of its table is unknown (its
    /// table holds "yes" or "no").
    UnknownsReadAsNo {
        /// The known answers the learner held when it (last) read unknown
        /// answers as "no": L#'s observation tree at the stall, L*'s
        /// queries at the end.
        known_answers: usize,
    },
    /// Learning stopped at [`LearnConfig::max_rounds`]: the automaton is
    /// the last hypothesis, which the teacher never checked, so it may be
    /// wrong even on known answers.
    RoundLimit,
    /// The teacher gave up ([`Teacher::give_up`]): what it answered proves
    /// nothing, and the automaton (empty, if the learner stopped before
    /// its next hypothesis) is no result.
    TeacherGaveUp,
}

/// Learns the teacher's language. The same teacher answers give the same
/// queries in the same order and the same automaton.
pub fn learn<T: Teacher + ?Sized>(teacher: &mut T, config: &LearnConfig) -> Learned {
    let mut oracle = Oracle::new(teacher, config.algorithm.query_model());
    match config.algorithm {
        Algorithm::LStar => lstar::learn(
            &mut oracle,
            lstar::CounterexampleProcessing::AllPrefixes,
            config.record_rounds,
            config.max_rounds,
        ),
        Algorithm::LStarRivestSchapire => lstar::learn(
            &mut oracle,
            lstar::CounterexampleProcessing::RivestSchapire,
            config.record_rounds,
            config.max_rounds,
        ),
        Algorithm::LSharp => lsharp::learn(&mut oracle, config.record_rounds, config.max_rounds),
        Algorithm::MinimalConsistent => consistent::learn_from(
            &mut oracle,
            Default::default(),
            1,
            Vec::new(),
            config.max_rounds,
        ),
    }
}
