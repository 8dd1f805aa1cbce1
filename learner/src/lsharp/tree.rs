//! The observation tree: every answered word, apartness of its nodes
//! (with cached witnesses), and adaptive distinguishing sequences.

use super::*;

pub(super) struct Tree {
    pub(super) k: usize,
    pub(super) parent: Vec<Node>,
    pub(super) letter: Vec<Letter>,
    pub(super) children: Vec<Node>,
    /// The answer for the node's word, once known. Set only through
    /// `set_output` or `read_unknown_as_no`, which keep the caches right.
    pub(super) output: Vec<Option<bool>>,
    /// Witnesses found so far, by ordered pair. Answers are never taken
    /// back and nodes never removed, so a witness stays one.
    pub(super) witnesses: std::cell::RefCell<rustc_hash::FxHashMap<(Node, Node), Word>>,
    /// Answers recorded so far (a clock), and per node the clock when an
    /// answer was last recorded in its subtree.
    pub(super) clock: u64,
    pub(super) changed: Vec<u64>,
    /// Pairs found not apart, with the clock then: they stay so until an
    /// answer lands in one of their subtrees.
    pub(super) not_apart: std::cell::RefCell<rustc_hash::FxHashMap<(Node, Node), u64>>,
}

impl Tree {
    pub(super) fn new(k: usize) -> Tree {
        Tree {
            k,
            parent: vec![NO_NODE],
            letter: vec![Letter::new(0)],
            children: vec![NO_NODE; k],
            output: vec![None],
            witnesses: Default::default(),
            clock: 0,
            changed: vec![0],
            not_apart: Default::default(),
        }
    }

    /// Every unknown answer in the tree becomes "no" (apartness found
    /// before no longer holds as cached).
    pub(super) fn read_unknown_as_no(&mut self) {
        for o in self.output.iter_mut() {
            o.get_or_insert(false);
        }
        self.not_apart.borrow_mut().clear();
    }

    /// Records the answer of node `n`'s word.
    pub(super) fn set_output(&mut self, n: Node, answer: bool) {
        self.output[n as usize] = Some(answer);
        self.clock += 1;
        let mut m = n;
        loop {
            self.changed[m as usize] = self.clock;
            if m == 0 {
                break;
            }
            m = self.parent[m as usize];
        }
    }

    pub(super) fn child(&self, n: Node, a: Letter) -> Node {
        self.children[n as usize * self.k + a.index()]
    }

    pub(super) fn node(&self, word: &[Letter]) -> Option<Node> {
        let mut n = 0;
        for &a in word {
            n = self.child(n, a);
            if n == NO_NODE {
                return None;
            }
        }
        Some(n)
    }

    pub(super) fn insert(&mut self, word: &[Letter]) -> Node {
        let mut n = 0;
        for &a in word {
            let c = self.child(n, a);
            n = if c == NO_NODE {
                let id = self.parent.len() as Node;
                self.parent.push(n);
                self.letter.push(a);
                self.children.extend(std::iter::repeat_n(NO_NODE, self.k));
                self.output.push(None);
                self.changed.push(0);
                self.children[n as usize * self.k + a.index()] = id;
                id
            } else {
                c
            };
        }
        n
    }

    pub(super) fn word(&self, mut n: Node) -> Word {
        let mut w = Vec::new();
        while n != 0 {
            w.push(self.letter[n as usize]);
            n = self.parent[n as usize];
        }
        w.reverse();
        w
    }

    /// The shortest word witnessing that `p` and `q` are apart, if they are.
    /// Breadth first over pairs of nodes; each entry keeps its parent and
    /// letter, so no word is built until one is found.
    pub(super) fn witness(&self, p: Node, q: Node) -> Option<Word> {
        let key = (p.min(q), p.max(q));
        if let Some(w) = self.witnesses.borrow().get(&key) {
            return Some(w.clone());
        }
        if self.known_not_apart(p, q) {
            return None;
        }
        let found = self.search_witness(p, q);
        match &found {
            Some(w) => {
                self.witnesses.borrow_mut().insert(key, w.clone());
            }
            None => {
                self.not_apart.borrow_mut().insert(key, self.clock);
            }
        }
        found
    }

    pub(super) fn search_witness(&self, p: Node, q: Node) -> Option<Word> {
        let mut entries: Vec<(Node, Node, usize, Letter)> =
            vec![(p, q, usize::MAX, Letter::new(0))];
        let mut next = 0;
        while next < entries.len() {
            let (x, y, _, _) = entries[next];
            if let (Some(a), Some(b)) = (self.output[x as usize], self.output[y as usize]) {
                if a != b {
                    let mut w = Vec::new();
                    let mut i = next;
                    while entries[i].2 != usize::MAX {
                        w.push(entries[i].3);
                        i = entries[i].2;
                    }
                    w.reverse();
                    return Some(w);
                }
            }
            for l in Letter::all(self.k) {
                let (cx, cy) = (self.child(x, l), self.child(y, l));
                if cx != NO_NODE && cy != NO_NODE {
                    entries.push((cx, cy, next, l));
                }
            }
            next += 1;
        }
        None
    }

    /// Were `p` and `q` found not apart, with no answer recorded below
    /// either since?
    pub(super) fn known_not_apart(&self, p: Node, q: Node) -> bool {
        self.not_apart
            .borrow()
            .get(&(p.min(q), p.max(q)))
            .is_some_and(|&then| {
                self.changed[p as usize] <= then && self.changed[q as usize] <= then
            })
    }

    /// Are `p` and `q` apart (some word has different known answers)?
    pub(super) fn apart(&self, p: Node, q: Node) -> bool {
        let key = (p.min(q), p.max(q));
        if self.witnesses.borrow().contains_key(&key) {
            return true;
        }
        if self.known_not_apart(p, q) {
            return false;
        }
        let mut stack = vec![(p, q)];
        while let Some((x, y)) = stack.pop() {
            if let (Some(a), Some(b)) = (self.output[x as usize], self.output[y as usize]) {
                if a != b {
                    return true;
                }
            }
            for l in Letter::all(self.k) {
                let (cx, cy) = (self.child(x, l), self.child(y, l));
                if cx != NO_NODE && cy != NO_NODE {
                    stack.push((cx, cy));
                }
            }
        }
        self.not_apart.borrow_mut().insert(key, self.clock);
        false
    }

    /// [`Tree::outputs_along`] packed two bits a prefix while it fits.
    pub(super) fn outputs_key(&self, mut n: Node, word: &[Letter]) -> OutputsKey {
        if word.len() >= 63 {
            return OutputsKey::Long(self.outputs_along(n, word));
        }
        let code = |o: Option<bool>| match o {
            None => 0u128,
            Some(false) => 1,
            Some(true) => 2,
        };
        let mut key = code(self.output[n as usize]);
        for &a in word {
            n = if n == NO_NODE {
                NO_NODE
            } else {
                self.child(n, a)
            };
            let o = if n == NO_NODE {
                None
            } else {
                self.output[n as usize]
            };
            key = key << 2 | code(o);
        }
        OutputsKey::Packed(key)
    }

    /// Known answers along `word` read from node `n` (one per prefix, `None` where unknown).
    pub(super) fn outputs_along(&self, mut n: Node, word: &[Letter]) -> Vec<Option<bool>> {
        let mut out = vec![self.output[n as usize]];
        for &a in word {
            n = if n == NO_NODE {
                NO_NODE
            } else {
                self.child(n, a)
            };
            out.push(if n == NO_NODE {
                None
            } else {
                self.output[n as usize]
            });
        }
        out
    }
}

/// The known answers along a word, as a hash key.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum OutputsKey {
    Packed(u128),
    Long(Vec<Option<bool>>),
}

/// An adaptive distinguishing sequence: the letter to try next and, per
/// answer, how to go on.
#[derive(Clone, Debug)]
pub(super) enum Ads {
    Leaf,
    Step {
        letter: Letter,
        on_yes: Box<Ads>,
        on_no: Box<Ads>,
    },
}

impl Tree {
    /// The ADS for a block of nodes (candidates, each moved along the same
    /// letters so far), built from answers already in the tree, and its score:
    /// the expected number of candidates it separates from the true one.
    pub(super) fn ads(
        &self,
        block: &[Node],
        memo: &mut rustc_hash::FxHashMap<Vec<Node>, (f64, Ads)>,
        depth: usize,
    ) -> (f64, Ads) {
        if block.len() <= 1 || depth > 24 {
            return (0.0, Ads::Leaf);
        }
        let mut key = block.to_vec();
        key.sort_unstable();
        if let Some(hit) = memo.get(&key) {
            return hit.clone();
        }
        let mut best = (0.0, Ads::Leaf);
        for a in Letter::all(self.k) {
            let mut yes = Vec::new();
            let mut no = Vec::new();
            for &n in block {
                let c = self.child(n, a);
                if c == NO_NODE {
                    continue;
                }
                match self.output[c as usize] {
                    Some(true) => yes.push(c),
                    Some(false) => no.push(c),
                    None => {}
                }
            }
            let u = (yes.len() + no.len()) as f64;
            if u == 0.0 || (yes.len() < 2 && no.is_empty()) || (no.len() < 2 && yes.is_empty()) {
                continue;
            }
            let (ys, yt) = self.ads(&yes, memo, depth + 1);
            let (ns, nt) = self.ads(&no, memo, depth + 1);
            let part = |size: usize, child: f64| size as f64 * (u - size as f64 + child) / u;
            let score = part(yes.len(), ys) + part(no.len(), ns);
            if score > best.0 + 1e-9 {
                best = (
                    score,
                    Ads::Step {
                        letter: a,
                        on_yes: Box::new(yt),
                        on_no: Box::new(nt),
                    },
                );
            }
        }
        memo.insert(key, best.clone());
        best
    }
}
