//! Witness executions of words: for each accepted word, a replayed
//! execution of the program producing it, from the runs the teacher
//! already replayed, else by one query on a fresh encoding.

use crate::letters::event_of_letter;
use crate::teacher::Knowledge;
use crate::{LearnError, Setup};
use lore_bmc::interp::TraceStep;
use lore_bmc::query::Answer;
use lore_learner::dfa::Word;

/// Finds witness executions of one program at one pair of bounds.
pub struct Witnesses<'s, 'p> {
    pub setup: &'s Setup<'p>,
    pub knowledge: &'s Knowledge<'p>,
    pub unwind: u32,
    pub max_word_length: u32,
}

impl Witnesses<'_, '_> {
    /// A trace for each word (with the assertion letter last), or `None`
    /// where no execution within the bounds has the word.
    pub fn traces(&self, words: &[Word]) -> Result<Vec<Option<Vec<TraceStep>>>, LearnError> {
        let mut queries = None;
        let mut out = Vec::with_capacity(words.len());
        for w in words {
            let events: Vec<u32> = w[..w.len().saturating_sub(1)]
                .iter()
                .map(|&a| event_of_letter(a))
                .collect();
            if let Some(run) = self.knowledge.failing.get(&events) {
                out.push(Some(run.trace.clone()));
                continue;
            }
            if queries.is_none() {
                queries = Some(self.setup.encode(self.unwind, self.max_word_length)?);
            }
            let q = queries.as_mut().expect("encoded");
            out.push(match q.fails_after(&events) {
                Answer::Yes(run) => Some(run.trace),
                Answer::No | Answer::Unknown(_) => None,
            });
        }
        Ok(out)
    }
}
