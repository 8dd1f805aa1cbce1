//! The second route to a pipelines question: every configuration the two
//! pipelines can reach — each transducer's state and lookback window, and
//! the queue of what one side has written ahead of the other — explored
//! breadth first, one input symbol at a time, over the whole alphabet.
//!
//! The configurations are finite (the queue is bounded as in
//! [`crate::pipeline`]: two equal pipelines never drift further apart), so
//! when the search ends without a difference the pipelines are equal on
//! every input of every length; breadth first, the first difference is on
//! a shortest input. It is exact but concrete: it is for small alphabets
//! (up to 8 bits) and gives up beyond a number of configurations.

use crate::model::Transducer;
use crate::pipeline::Pipelines;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// What the exploration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explored {
    /// Every reachable configuration (this many) is explored: equal.
    Equal { configurations: usize },
    /// A shortest input on which the two write different output.
    Differs { input: Vec<u32> },
    /// More configurations than the limit, or a term without a value.
    GaveUp(String),
}

/// One pipeline's part of a configuration: per transducer, its state and
/// its last `lookback` symbols (most recent first).
type Stages = Vec<(usize, Vec<Option<u32>>)>;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Configuration {
    left: Stages,
    right: Stages,
    /// What the side `ahead` (1 left, 2 right) wrote that the other has
    /// not yet.
    queue: Vec<u32>,
    ahead: u8,
}

/// What feeding one symbol (or the end) into a pipeline made it write, or
/// `None` where a term has no value.
fn feed(pipeline: &[&Transducer], stages: &mut Stages, x: Option<u32>) -> Option<Vec<u32>> {
    let mut symbols: Vec<Option<u32>> = vec![x];
    for (t, (state, back)) in pipeline.iter().zip(stages.iter_mut()) {
        let mut written: Vec<Option<u32>> = Vec::new();
        for &s in &symbols {
            let mut window = Vec::with_capacity(back.len() + 1);
            window.push(s);
            window.extend(back.iter().copied());
            let (next, out) = t.step_in(*state, &window)?;
            *state = next;
            if let (Some(v), false) = (s, back.is_empty()) {
                back.pop();
                back.insert(0, Some(v));
            }
            written.extend(out.into_iter().map(Some));
        }
        if x.is_none() {
            // After the outputs of the end before it, this stage's end.
            written.push(None);
        }
        symbols = written;
    }
    // The end markers' places are where each stage ended; what is left is
    // what the last stage wrote.
    Some(symbols.into_iter().flatten().collect())
}

impl Configuration {
    fn start(p: &Pipelines<'_>) -> Configuration {
        let stages = |pipeline: &[&Transducer]| {
            pipeline
                .iter()
                .map(|t| (0, vec![None; t.lookback() as usize]))
                .collect()
        };
        Configuration {
            left: stages(&p.left),
            right: stages(&p.right),
            queue: Vec::new(),
            ahead: 0,
        }
    }

    /// Compares what each side wrote; `false` on a difference.
    fn compare(&mut self, side: u8, written: &[u32], capacity: usize) -> bool {
        for &c in written {
            if self.queue.is_empty() || self.ahead == side {
                if self.queue.len() >= capacity {
                    return false;
                }
                self.queue.push(c);
                self.ahead = side;
            } else {
                if self.queue[0] != c {
                    return false;
                }
                self.queue.remove(0);
            }
        }
        if self.queue.is_empty() {
            self.ahead = 0;
        }
        true
    }

    /// The configuration after `x` (`None`: the end of the input), with
    /// whether the two sides still agree; `None` where a term has no value.
    fn after(&self, p: &Pipelines<'_>, x: Option<u32>, capacity: usize) -> Option<(Self, bool)> {
        let mut next = self.clone();
        let left = feed(&p.left, &mut next.left, x)?;
        let right = feed(&p.right, &mut next.right, x)?;
        let mut agree = next.compare(1, &left, capacity) && next.compare(2, &right, capacity);
        if x.is_none() {
            agree &= next.queue.is_empty();
        }
        Some((next, agree))
    }
}

/// Explores the pipelines' configurations over `bits`-bit symbols, up to
/// `limit` configurations.
pub fn explore(p: &Pipelines<'_>, bits: u32, limit: usize) -> Explored {
    let capacity = p.capacity();
    let symbols = 1u32 << bits;
    let start = Configuration::start(p);
    // Each configuration with the one it was reached from and the symbol.
    let mut seen: FxHashMap<Configuration, Option<(usize, u32)>> = FxHashMap::default();
    let mut order: Vec<Configuration> = vec![start.clone()];
    seen.insert(start, None);
    let mut queue: VecDeque<usize> = VecDeque::from([0]);
    let path = |order: &[Configuration],
                seen: &FxHashMap<Configuration, Option<(usize, u32)>>,
                mut at: usize| {
        let mut input = Vec::new();
        while let Some(&Some((from, x))) = seen.get(&order[at]) {
            input.push(x);
            at = from;
        }
        input.reverse();
        input
    };
    let no_value = || Explored::GaveUp("a term looks back before the input's start".into());
    while let Some(at) = queue.pop_front() {
        let here = order[at].clone();
        match here.after(p, None, capacity) {
            None => return no_value(),
            Some((_, false)) => {
                return Explored::Differs {
                    input: path(&order, &seen, at),
                }
            }
            Some(_) => {}
        }
        for x in 0..symbols {
            let Some((next, agree)) = here.after(p, Some(x), capacity) else {
                return no_value();
            };
            if !agree {
                let mut input = path(&order, &seen, at);
                input.push(x);
                return Explored::Differs { input };
            }
            if !seen.contains_key(&next) {
                if order.len() >= limit {
                    return Explored::GaveUp(format!(
                        "more than {limit} configurations of the transducers"
                    ));
                }
                seen.insert(next.clone(), Some((at, x)));
                queue.push_back(order.len());
                order.push(next);
            }
        }
    }
    Explored::Equal {
        configurations: order.len(),
    }
}
