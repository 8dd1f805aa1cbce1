//! M2 as the repairs leave it: an automaton over *actions* — every action
//! M2's program has (one per transition of its CFG, at its place) and the
//! constraints repairs add — so that the letters keep their meaning from
//! one repair to the next and the learner's answers stay valid.

use crate::automaton::{Action, Component, Transition};
use lore_frontend::source::Loc;
use lore_learner::dfa::{Alphabet, Dfa, Letter, State};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Machine {
    /// The alphabet: each action with its place in M2's source.
    pub actions: Vec<(Action, Loc)>,
    pub states: usize,
    pub initial: usize,
    pub accepting: Vec<bool>,
    /// (from, action, to); at most one per state and action.
    pub transitions: Vec<(usize, usize, usize)>,
}

impl Machine {
    /// M2 as its program has it: action i is transition i.
    pub fn of(m2: &Component) -> Machine {
        Machine {
            actions: m2
                .transitions
                .iter()
                .map(|t| (t.action.clone(), t.loc))
                .collect(),
            states: m2.states,
            initial: m2.initial,
            accepting: m2.accepting.clone(),
            transitions: m2
                .transitions
                .iter()
                .enumerate()
                .map(|(i, t)| (t.from, i, t.to))
                .collect(),
        }
    }

    /// As a component the product can run (`function`: M2's, whose locals
    /// the actions use).
    pub fn component(&self, template: &Component) -> Component {
        Component {
            name: template.name.clone(),
            function: template.function,
            states: self.states,
            initial: self.initial,
            accepting: self.accepting.clone(),
            transitions: self
                .transitions
                .iter()
                .map(|&(from, a, to)| Transition {
                    from,
                    action: self.actions[a].0.clone(),
                    to,
                    loc: self.actions[a].1,
                })
                .collect(),
        }
    }

    /// One transition per action (for naming the steps of a trace whose M2
    /// part is given as actions).
    pub fn letters(&self, template: &Component) -> Component {
        Component {
            transitions: self
                .actions
                .iter()
                .map(|(action, loc)| Transition {
                    from: 0,
                    action: action.clone(),
                    to: 0,
                    loc: *loc,
                })
                .collect(),
            ..self.component(template)
        }
    }

    pub fn alphabet(&self) -> Arc<Alphabet> {
        Arc::new(Alphabet::new(
            self.actions
                .iter()
                .enumerate()
                .map(|(i, (_, loc))| format!("a{i}@{}", loc.line))
                .collect(),
        ))
    }

    /// Its traces as a DFA over the actions.
    pub fn dfa(&self, alphabet: &Arc<Alphabet>) -> Dfa {
        let mut dfa = Dfa::new(alphabet.clone(), self.states, State::new(self.initial));
        for &(from, a, to) in &self.transitions {
            dfa.set_next(State::new(from), Letter::new(a), State::new(to));
        }
        for (s, &acc) in self.accepting.iter().enumerate() {
            dfa.set_accepting(State::new(s), acc);
        }
        dfa
    }

    /// The states a word passes through, and the transitions it takes;
    /// `None` if it leaves the automaton.
    pub fn run(&self, word: &[usize]) -> Option<(Vec<usize>, Vec<usize>)> {
        let mut at = self.initial;
        let mut states = vec![at];
        let mut taken = Vec::new();
        for &a in word {
            let k = self
                .transitions
                .iter()
                .position(|&(from, b, _)| from == at && b == a)?;
            at = self.transitions[k].2;
            states.push(at);
            taken.push(k);
        }
        Some((states, taken))
    }

    pub fn add_state(&mut self, accepting: bool) -> usize {
        self.accepting.push(accepting);
        self.states += 1;
        self.states - 1
    }
}
