//! Teachers answer the learner's questions; the [`Oracle`] sits between them
//! with an exact-word cache and the statistics.
//!
//! Two query models are counted separately, as the benchmark compares them
//! with AALpy's:
//! - *word*: a membership query answers one word;
//! - *prefix vector*: a query of `w` answers every prefix of `w`. A perfect
//!   DFA teacher does this for free; so does the language-of-error teacher,
//!   where at most one prefix of a word can be an error word.

use crate::dfa::{Alphabet, Dfa, Letter, ProductKind, Word};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// A membership answer. `Unknown` is for teachers that cannot answer some
/// words (the BMC beyond its word-length bound).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    Yes,
    No,
    Unknown,
}

impl Answer {
    pub fn from_bool(b: bool) -> Answer {
        if b {
            Answer::Yes
        } else {
            Answer::No
        }
    }

    /// `Yes` as true; `No` and `Unknown` as false (the paper's tool's reading).
    pub fn is_yes(self) -> bool {
        self == Answer::Yes
    }

    pub fn known(self) -> Option<bool> {
        match self {
            Answer::Yes => Some(true),
            Answer::No => Some(false),
            Answer::Unknown => None,
        }
    }
}

/// What a learner may ask.
pub trait Teacher {
    fn alphabet(&self) -> &Arc<Alphabet>;

    /// Membership queries, answered in order. A teacher may answer a batch
    /// more cheaply than one word at a time.
    fn membership(&mut self, words: &[Word]) -> Vec<Answer>;

    /// Answers for every prefix of each word (index `i` is the prefix of
    /// length `i`), if this teacher can give them at the cost of one query
    /// per word. `None`: it cannot.
    fn membership_prefixes(&mut self, words: &[Word]) -> Option<Vec<Vec<Answer>>> {
        let _ = words;
        None
    }

    /// Can this teacher run adaptive queries (see [`Teacher::membership_adaptive`])?
    fn supports_adaptive(&self) -> bool {
        false
    }

    /// An adaptive query: answer `start`, then ask `choose` for the next
    /// letter given the last answer, append it, and repeat until `choose`
    /// says stop. Returns the answers for every prefix of the final word.
    /// One query, like one run of a system that is observed while it runs.
    fn membership_adaptive(
        &mut self,
        start: &[Letter],
        choose: &mut dyn FnMut(Answer) -> Option<Letter>,
    ) -> Option<Vec<Answer>> {
        let _ = (start, choose);
        None
    }

    /// A word on which `hypothesis` disagrees with a known answer, or `None`.
    fn equivalence(&mut self, hypothesis: &Dfa) -> Option<Word>;

    /// The learner should stop as soon as it can (the teacher's budget ran
    /// out). It then returns the empty automaton, which the teacher knows
    /// is no answer.
    fn give_up(&self) -> bool {
        false
    }
}

/// A teacher that knows a target DFA. Beyond `known_up_to` (if set) it
/// answers `Unknown`, like a bounded model checker. Its counterexamples are
/// shortlex-least.
pub struct DfaTeacher {
    target: Dfa,
    known_up_to: Option<usize>,
}

impl DfaTeacher {
    pub fn new(target: Dfa) -> DfaTeacher {
        DfaTeacher {
            target,
            known_up_to: None,
        }
    }

    /// Answers only words of length at most `bound`.
    pub fn bounded(target: Dfa, bound: usize) -> DfaTeacher {
        DfaTeacher {
            target,
            known_up_to: Some(bound),
        }
    }

    pub fn target(&self) -> &Dfa {
        &self.target
    }

    fn answer(&self, word: &[Letter]) -> Answer {
        match self.known_up_to {
            Some(bound) if word.len() > bound => Answer::Unknown,
            _ => Answer::from_bool(self.target.accepts(word)),
        }
    }
}

impl Teacher for DfaTeacher {
    fn alphabet(&self) -> &Arc<Alphabet> {
        self.target.alphabet_arc()
    }

    fn membership(&mut self, words: &[Word]) -> Vec<Answer> {
        words.iter().map(|w| self.answer(w)).collect()
    }

    fn membership_prefixes(&mut self, words: &[Word]) -> Option<Vec<Vec<Answer>>> {
        Some(
            words
                .iter()
                .map(|w| (0..=w.len()).map(|i| self.answer(&w[..i])).collect())
                .collect(),
        )
    }

    fn supports_adaptive(&self) -> bool {
        true
    }

    fn membership_adaptive(
        &mut self,
        start: &[Letter],
        choose: &mut dyn FnMut(Answer) -> Option<Letter>,
    ) -> Option<Vec<Answer>> {
        let mut word = start.to_vec();
        loop {
            match choose(self.answer(&word)) {
                Some(a) => word.push(a),
                None => break,
            }
        }
        Some((0..=word.len()).map(|i| self.answer(&word[..i])).collect())
    }

    fn equivalence(&mut self, hypothesis: &Dfa) -> Option<Word> {
        let w = hypothesis.shortest_in_product(&self.target, ProductKind::SymmetricDifference)?;
        match self.known_up_to {
            Some(bound) if w.len() > bound => None,
            _ => Some(w),
        }
    }
}

/// How membership queries are counted and answered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QueryModel {
    /// One answer per query.
    Word,
    /// Every prefix answered per query (falls back to words if the teacher cannot).
    PrefixVector,
}

/// Counts of what a learning run asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Membership answers the learner asked for (with repeats).
    pub membership_asked: u64,
    /// Of those, answered by the cache.
    pub membership_cached: u64,
    /// Distinct words sent to the teacher (the cost with an exact-word cache).
    pub membership_teacher: u64,
    /// Equivalence queries, the final successful one included.
    pub equivalence: u64,
    /// Hypotheses built.
    pub rounds: u64,
}

/// The learner's access to a teacher: an exact-word cache and counting.
pub struct Oracle<'t, T: Teacher + ?Sized> {
    teacher: &'t mut T,
    cache: FxHashMap<Word, Answer>,
    model: QueryModel,
    pub stats: Stats,
}

impl<'t, T: Teacher + ?Sized> Oracle<'t, T> {
    pub fn new(teacher: &'t mut T, model: QueryModel) -> Oracle<'t, T> {
        Oracle {
            teacher,
            cache: FxHashMap::default(),
            model,
            stats: Stats::default(),
        }
    }

    pub fn alphabet(&self) -> Arc<Alphabet> {
        self.teacher.alphabet().clone()
    }

    pub fn model(&self) -> QueryModel {
        self.model
    }

    /// The answer if it is known without asking.
    pub fn cached(&self, word: &[Letter]) -> Option<Answer> {
        self.cache.get(word).copied()
    }

    pub fn ask_one(&mut self, word: &[Letter]) -> Answer {
        self.ask(std::slice::from_ref(&word.to_vec()))[0]
    }

    /// Answers a batch; words not in the cache go to the teacher in one batch.
    pub fn ask(&mut self, words: &[Word]) -> Vec<Answer> {
        self.stats.membership_asked += words.len() as u64;
        let mut missing: Vec<Word> = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        for w in words {
            if self.cache.contains_key(w) {
                continue;
            }
            if seen.insert(w.clone()) {
                missing.push(w.clone());
            }
        }
        // In the prefix model, a word that is a prefix of another missing word
        // comes with it; ask the longest words only.
        if self.model == QueryModel::PrefixVector && missing.len() > 1 {
            let all: rustc_hash::FxHashSet<Word> = missing.iter().cloned().collect();
            missing.retain(|w| !all.iter().any(|o| o.len() > w.len() && o.starts_with(w)));
        }
        self.stats.membership_cached += (words.len()
            - words
                .iter()
                .filter(|w| !self.cache.contains_key(*w))
                .count()) as u64;
        if !missing.is_empty() {
            self.stats.membership_teacher += missing.len() as u64;
            let prefix_answers = match self.model {
                QueryModel::PrefixVector => self.teacher.membership_prefixes(&missing),
                QueryModel::Word => None,
            };
            match prefix_answers {
                Some(vectors) => {
                    for (w, answers) in missing.iter().zip(vectors) {
                        for (i, a) in answers.into_iter().enumerate() {
                            self.cache.entry(w[..i].to_vec()).or_insert(a);
                        }
                    }
                }
                None => {
                    let answers = self.teacher.membership(&missing);
                    for (w, a) in missing.into_iter().zip(answers) {
                        self.cache.insert(w, a);
                    }
                }
            }
        }
        words.iter().map(|w| self.cache[w]).collect()
    }

    /// See [`Teacher::give_up`].
    pub fn give_up(&self) -> bool {
        self.teacher.give_up()
    }

    /// What a learner returns when the teacher gives up.
    pub fn abandoned(&self, rounds: Vec<crate::Round>) -> crate::Learned {
        self.learned(
            Dfa::empty(self.alphabet()),
            rounds,
            crate::Exactness::TeacherGaveUp,
        )
    }

    /// What a learner returns: its automaton, with `exactness` unless the
    /// teacher has given up meanwhile (its last answers, an equivalence
    /// query that found nothing among them, prove nothing).
    pub fn learned(
        &self,
        dfa: Dfa,
        rounds: Vec<crate::Round>,
        exactness: crate::Exactness,
    ) -> crate::Learned {
        let exactness = if self.give_up() {
            crate::Exactness::TeacherGaveUp
        } else {
            exactness
        };
        crate::Learned {
            dfa,
            stats: self.stats.clone(),
            rounds,
            exactness,
        }
    }

    /// How many answers asked so far are known ("yes" or "no").
    pub fn known_answers(&self) -> usize {
        self.cache.values().filter(|a| a.known().is_some()).count()
    }

    pub fn supports_adaptive(&self) -> bool {
        self.teacher.supports_adaptive() && self.model == QueryModel::PrefixVector
    }

    /// An adaptive query from `start` (see [`Teacher::membership_adaptive`]):
    /// steps answered by the cache cost nothing; the first unknown step hands
    /// the rest to the teacher as one query. Returns the final word.
    pub fn adaptive(
        &mut self,
        start: Word,
        choose: &mut dyn FnMut(Answer) -> Option<Letter>,
    ) -> Word {
        self.stats.membership_asked += 1;
        let mut word = start;
        loop {
            let Some(answer) = self.cache.get(&word).copied() else {
                break;
            };
            match choose(answer) {
                Some(a) => word.push(a),
                None => {
                    self.stats.membership_cached += 1;
                    return word;
                }
            }
        }
        let mut letters = Vec::new();
        let mut recording = |a: Answer| {
            let next = choose(a);
            if let Some(l) = next {
                letters.push(l);
            }
            next
        };
        let answers = self
            .teacher
            .membership_adaptive(&word, &mut recording)
            .expect("the teacher supports adaptive queries");
        word.extend(letters);
        self.stats.membership_teacher += 1;
        for (i, a) in answers.into_iter().enumerate() {
            self.cache.entry(word[..i].to_vec()).or_insert(a);
        }
        word
    }

    /// An equivalence query. The counterexample's answer is then asked like
    /// any membership query (a teacher checks it by running the word).
    pub fn equivalence(&mut self, hypothesis: &Dfa) -> Option<Word> {
        self.stats.equivalence += 1;
        let cex = self.teacher.equivalence(hypothesis)?;
        self.ask_one(&cex);
        Some(cex)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfa::State;
    use crate::text::read_dfa;

    fn w(letters: &[u16]) -> Word {
        letters.iter().map(|&l| Letter::from(l)).collect()
    }

    fn target() -> Dfa {
        // Words over {a, b} ending with b.
        read_dfa("states 2 alphabet 2 initial 0\naccepting 1\n0 a 0\n0 b 1\n1 a 0\n1 b 1\n")
            .unwrap()
    }

    #[test]
    fn cache_counts_each_word_once() {
        let mut t = DfaTeacher::new(target());
        let mut o = Oracle::new(&mut t, QueryModel::Word);
        assert_eq!(
            o.ask(&[w(&[1]), w(&[1]), w(&[0])]),
            vec![Answer::Yes, Answer::Yes, Answer::No]
        );
        o.ask_one(&w(&[1]));
        assert_eq!(o.stats.membership_teacher, 2);
        assert_eq!(o.stats.membership_asked, 4);
        assert_eq!(o.stats.membership_cached, 1);
    }

    #[test]
    fn prefix_vectors_fill_the_cache() {
        let mut t = DfaTeacher::new(target());
        let mut o = Oracle::new(&mut t, QueryModel::PrefixVector);
        o.ask(&[w(&[0, 1, 0]), w(&[0, 1])]);
        assert_eq!(o.stats.membership_teacher, 1);
        assert_eq!(o.cached(&w(&[0])), Some(Answer::No));
        assert_eq!(o.cached(&w(&[0, 1])), Some(Answer::Yes));
    }

    #[test]
    fn bounded_teacher_does_not_know_long_words() {
        let mut t = DfaTeacher::bounded(target(), 1);
        assert_eq!(t.membership(&[w(&[1, 1])]), vec![Answer::Unknown]);
        // A hypothesis wrong only on long words has no known counterexample.
        let mut h = target();
        h.set_next(State::new(1), Letter::new(1), State::new(0));
        h = h.complete();
        assert_eq!(t.equivalence(&h), None);
    }
}
