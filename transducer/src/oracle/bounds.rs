//! The unwinding a question gets: the input's length plus a slack per
//! loop of the program, raised for the loops questions find cut.

use lore_bmc::symex::SymexOptions;

/// The most iterations beyond the input's length a loop of the program
/// may need (a step that writes or reads more is not one Lore learns).
pub(crate) const MAX_SLACK: u32 = 64;

/// Iterations the program's loops (and recursions) get beyond the input's
/// length: two each, more for each one some question found cut (its bound
/// doubled, up to `MAX_SLACK`). A loop that needs many iterations (a
/// tag matcher's) does not make every other loop unroll as far.
#[derive(Clone, Debug)]
pub(super) struct Slack {
    /// For every loop not named in `cut`, and for cuts without a name.
    default: u32,
    /// By loop name (`function.index`, as `unwind_set` names them) or
    /// recursive function.
    cut: std::collections::BTreeMap<String, u32>,
    /// Changes with every widening (sessions made before are stale).
    pub(super) generation: u32,
}

impl Default for Slack {
    fn default() -> Slack {
        Slack {
            default: 2,
            cut: Default::default(),
            generation: 0,
        }
    }
}

impl Slack {
    /// `base` with the bounds for an input of `len` positions.
    pub(super) fn options(&self, base: &SymexOptions, len: usize) -> SymexOptions {
        let mut options = base.clone();
        let len = len as u32;
        options.unwind = len + self.default;
        for (name, s) in &self.cut {
            options.unwind_set.insert(name.clone(), len + s);
        }
        options
    }

    /// The named loops' slack.
    pub(super) fn cut(&self) -> Vec<(String, u32)> {
        self.cut.iter().map(|(n, &s)| (n.clone(), s)).collect()
    }

    /// Doubles the slack of the named loops (the empty name: of every
    /// loop); false when each is at `MAX_SLACK` already.
    pub(super) fn widen(&mut self, names: &[String]) -> bool {
        let mut widened = false;
        for name in names {
            let s = if name.is_empty() {
                &mut self.default
            } else {
                self.cut.entry(name.clone()).or_insert(self.default)
            };
            if *s < MAX_SLACK {
                *s = (*s * 2).min(MAX_SLACK);
                widened = true;
            }
        }
        if widened {
            self.generation += 1;
        }
        widened
    }
}
