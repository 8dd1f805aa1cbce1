//! Languages of automata: products (intersection, union, difference),
//! equivalence and inclusion with a shortest counterexample, counting and
//! listing accepted words, reachability, trimming and pruning.

use super::*;

impl Dfa {
    /// The product automaton, reachable pairs only.
    pub fn product(&self, other: &Dfa, kind: ProductKind) -> Dfa {
        assert_eq!(
            self.alphabet, other.alphabet,
            "product of DFAs over different alphabets"
        );
        let k = self.num_letters();
        let mut index: FxHashMap<(State, State), State> = FxHashMap::default();
        let mut pairs = vec![(self.initial, other.initial)];
        index.insert(pairs[0], State::new(0));
        let mut delta = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let (p, q) = pairs[i];
            for a in Letter::all(k) {
                let next = (self.next(p, a), other.next(q, a));
                let id = *index.entry(next).or_insert_with(|| {
                    pairs.push(next);
                    State::new(pairs.len() - 1)
                });
                delta.push(id);
            }
            i += 1;
        }
        let accepting = pairs
            .iter()
            .map(|&(p, q)| kind.accepts(self.is_accepting(p), other.is_accepting(q)))
            .collect();
        Dfa {
            alphabet: self.alphabet.clone(),
            initial: State::new(0),
            accepting,
            delta,
        }
    }

    pub fn intersection(&self, other: &Dfa) -> Dfa {
        self.product(other, ProductKind::Intersection)
    }

    pub fn union(&self, other: &Dfa) -> Dfa {
        self.product(other, ProductKind::Union)
    }

    pub fn difference(&self, other: &Dfa) -> Dfa {
        self.product(other, ProductKind::Difference)
    }

    pub fn symmetric_difference(&self, other: &Dfa) -> Dfa {
        self.product(other, ProductKind::SymmetricDifference)
    }

    /// The shortlex-least word accepted by `self` and `other` combined by
    /// `kind`, found by a breadth-first search with letters in alphabet order.
    pub fn shortest_in_product(&self, other: &Dfa, kind: ProductKind) -> Option<Word> {
        let k = self.num_letters();
        let start = (self.initial, other.initial);
        let mut parent: FxHashMap<(State, State), Option<((State, State), Letter)>> =
            FxHashMap::default();
        parent.insert(start, None);
        let mut queue = VecDeque::from([start]);
        while let Some(pair) = queue.pop_front() {
            if kind.accepts(self.is_accepting(pair.0), other.is_accepting(pair.1)) {
                let mut word = Vec::new();
                let mut at = pair;
                while let Some(Some((prev, a))) = parent.get(&at) {
                    word.push(*a);
                    at = *prev;
                }
                word.reverse();
                return Some(word);
            }
            for a in Letter::all(k) {
                let next = (self.next(pair.0, a), other.next(pair.1, a));
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(next) {
                    e.insert(Some((pair, a)));
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// `None` if the languages are equal, else the shortlex-least word in
    /// exactly one of them.
    pub fn equivalence_counterexample(&self, other: &Dfa) -> Option<Word> {
        self.shortest_in_product(other, ProductKind::SymmetricDifference)
    }

    pub fn equivalent(&self, other: &Dfa) -> bool {
        self.equivalence_counterexample(other).is_none()
    }

    /// `None` if L(self) ⊆ L(other), else the shortlex-least word in L(self) \ L(other).
    pub fn inclusion_counterexample(&self, other: &Dfa) -> Option<Word> {
        self.shortest_in_product(other, ProductKind::Difference)
    }

    pub fn is_subset_of(&self, other: &Dfa) -> bool {
        self.inclusion_counterexample(other).is_none()
    }

    /// The shortlex-least accepted word.
    pub fn shortest_accepted(&self) -> Option<Word> {
        self.shortest_in_product(self, ProductKind::Intersection)
    }

    pub fn is_empty_language(&self) -> bool {
        self.shortest_accepted().is_none()
    }

    /// Number of accepted words of each length `0..=max_len` (saturating).
    pub fn count_accepted_by_length(&self, max_len: usize) -> Vec<u128> {
        let n = self.num_states();
        let mut ways = vec![0u128; n];
        let mut sink_ways = 0u128;
        if self.initial == NONE {
            sink_ways = 1;
        } else {
            ways[self.initial.index()] = 1;
        }
        let mut out = Vec::with_capacity(max_len + 1);
        for len in 0..=max_len {
            out.push(
                (0..n)
                    .filter(|&s| self.accepting[s])
                    .fold(0u128, |acc, s| acc.saturating_add(ways[s])),
            );
            if len == max_len {
                break;
            }
            let mut next = vec![0u128; n];
            let mut next_sink = sink_ways.saturating_mul(self.num_letters() as u128);
            for (s, &w) in State::all(n).zip(&ways) {
                if w == 0 {
                    continue;
                }
                for a in self.letters() {
                    match self.next(s, a) {
                        NONE => next_sink = next_sink.saturating_add(w),
                        t => next[t.index()] = next[t.index()].saturating_add(w),
                    }
                }
            }
            ways = next;
            sink_ways = next_sink;
        }
        out
    }

    /// Number of accepted words of length at most `max_len` (saturating).
    pub fn count_accepted_up_to(&self, max_len: usize) -> u128 {
        self.count_accepted_by_length(max_len)
            .into_iter()
            .fold(0u128, u128::saturating_add)
    }

    /// States reachable from the initial state.
    pub fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.num_states()];
        if self.initial == NONE {
            return seen;
        }
        let mut stack = vec![self.initial];
        seen[self.initial.index()] = true;
        while let Some(s) = stack.pop() {
            for a in self.letters() {
                let t = self.next(s, a);
                if t != NONE && !seen[t.index()] {
                    seen[t.index()] = true;
                    stack.push(t);
                }
            }
        }
        seen
    }

    /// States from which an accepting state can be reached.
    pub fn co_reachable(&self) -> Vec<bool> {
        let n = self.num_states();
        let mut preds: Vec<Vec<State>> = vec![Vec::new(); n];
        for s in State::all(n) {
            for a in self.letters() {
                let t = self.next(s, a);
                if t != NONE {
                    preds[t.index()].push(s);
                }
            }
        }
        let mut seen: Vec<bool> = self.accepting.clone();
        let mut stack: Vec<State> = State::all(n)
            .filter(|&s| self.accepting[s.index()])
            .collect();
        while let Some(s) = stack.pop() {
            for &p in &preds[s.index()] {
                if !seen[p.index()] {
                    seen[p.index()] = true;
                    stack.push(p);
                }
            }
        }
        seen
    }

    /// Keeps only states `keep` (renumbered in order); transitions to dropped
    /// states go to the implicit sink. The initial state must be kept, unless
    /// nothing is, which gives the empty language.
    pub fn restrict(&self, keep: &[bool]) -> Dfa {
        let mut new_id = vec![NONE; self.num_states()];
        let mut count = 0;
        for (s, &k) in keep.iter().enumerate() {
            if k {
                new_id[s] = State::new(count);
                count += 1;
            }
        }
        if self.initial == NONE || new_id[self.initial.index()] == NONE {
            return Dfa::empty(self.alphabet.clone());
        }
        let mut d = Dfa::new(self.alphabet.clone(), count, new_id[self.initial.index()]);
        for s in self.states() {
            let new = new_id[s.index()];
            if new == NONE {
                continue;
            }
            d.accepting[new.index()] = self.accepting[s.index()];
            for a in self.letters() {
                let t = self.next(s, a);
                d.set_next(new, a, if t == NONE { NONE } else { new_id[t.index()] });
            }
        }
        d
    }

    /// Reachable and co-reachable states only (a partial DFA, same language).
    pub fn trim(&self) -> Dfa {
        let r = self.reachable();
        let c = self.co_reachable();
        let keep: Vec<bool> = r.iter().zip(&c).map(|(&a, &b)| a && b).collect();
        self.restrict(&keep)
    }

    /// The same language on words of length at most `max_len`, with every
    /// transition that no such accepted word uses sent to a rejecting sink.
    /// Where the words beyond `max_len` are unknown (a bounded teacher),
    /// this keeps only the transitions the known words need.
    pub fn prune_beyond(&self, max_len: usize) -> Dfa {
        let d = self.complete();
        let n = d.num_states();
        let k = d.num_letters();
        let from_initial = d.distances(|s| s == d.initial, |s, a| d.next(s, a), true);
        let to_accepting = d.distances(|s| d.is_accepting(s), |s, a| d.next(s, a), false);
        let mut out = d.clone();
        let sink = out.add_state(false);
        for a in Letter::all(k) {
            out.set_next(sink, a, sink);
        }
        for s in State::all(n) {
            for a in Letter::all(k) {
                let t = d.next(s, a);
                let (x, y) = (from_initial[s.index()], to_accepting[t.index()]);
                let used = x != usize::MAX && y != usize::MAX && x + 1 + y <= max_len;
                if !used {
                    out.set_next(s, a, sink);
                }
            }
        }
        out
    }

    /// The first `limit` accepted words of length at most `max_len`, in
    /// shortlex order.
    pub fn accepted_words(&self, max_len: usize, limit: usize) -> Vec<Word> {
        let d = self.complete();
        let to_accepting = d.distances(|s| d.is_accepting(s), |s, a| d.next(s, a), false);
        let near = |s: State, len: usize| {
            let x = to_accepting[s.index()];
            x != usize::MAX && len + x <= max_len
        };
        let mut found = Vec::new();
        if !near(d.initial, 0) {
            return found;
        }
        // Every word on a layer extends to an accepted word within the
        // bound, so a layer never needs more than `limit` entries.
        let mut layer: Vec<(State, Word)> = vec![(d.initial, Vec::new())];
        for len in 0..=max_len {
            for (s, w) in &layer {
                if d.is_accepting(*s) {
                    found.push(w.clone());
                    if found.len() == limit {
                        return found;
                    }
                }
            }
            let mut next = Vec::new();
            'outer: for (s, w) in &layer {
                for a in d.letters() {
                    let t = d.next(*s, a);
                    if near(t, len + 1) {
                        let mut v = w.clone();
                        v.push(a);
                        next.push((t, v));
                        if next.len() >= limit {
                            break 'outer;
                        }
                    }
                }
            }
            layer = next;
        }
        found
    }
}
