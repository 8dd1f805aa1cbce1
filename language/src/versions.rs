//! Several versions of a program learned side by side (`diff`: old and
//! new; `merge`: base, both branches and the merge), so that their
//! languages can be compared pair of bounds by pair of bounds.

use crate::teacher::Knowledge;
use crate::{BoundRun, LearnError, SearchLimits, Setup};
use std::collections::BTreeMap;

/// One learning run: a version at one pair of bounds.
#[derive(Clone, Debug)]
pub struct VersionRun {
    /// The index of the version.
    pub program: usize,
    pub run: BoundRun,
}

/// Every version learned at every pair of bounds computed.
pub struct Versions {
    /// By version, the run at each (b, b_wl).
    pub at: Vec<BTreeMap<(u32, u32), BoundRun>>,
    /// Every pair, sorted.
    pub pairs: Vec<(u32, u32)>,
    /// The pair of the result.
    pub chosen: (u32, u32),
    /// The runs in the order made, for the statistics.
    pub log: Vec<VersionRun>,
}

/// With both bounds fixed, learns every version there. Else searches each
/// version's bounds (paper §6.1); the result is at the largest b and b_wl
/// any version's search chose, and every version is learned at every pair
/// any search visited, so that the versions are compared pair by pair.
/// `progress` sees each run with its version's index.
pub fn learn_versions<'p>(
    setups: &[Setup<'p>],
    knowledge: &mut [Knowledge<'p>],
    limits: &SearchLimits,
    progress: &mut dyn FnMut(usize, &BoundRun),
) -> Result<Versions, LearnError> {
    let n = setups.len();
    let mut at: Vec<BTreeMap<(u32, u32), BoundRun>> = vec![BTreeMap::new(); n];
    let mut log = Vec::new();
    let mut chosen = (0, 0);
    for i in 0..n {
        let search =
            setups[i].learn_bounds(&mut knowledge[i], limits, &mut |run| progress(i, run))?;
        let last = search.last();
        chosen = (
            chosen.0.max(last.unwind),
            chosen.1.max(last.max_word_length),
        );
        for run in search.runs {
            at[i].insert((run.unwind, run.max_word_length), run.clone());
            log.push(VersionRun { program: i, run });
        }
    }
    let mut pairs: Vec<(u32, u32)> = at.iter().flat_map(|m| m.keys().copied()).collect();
    pairs.push(chosen);
    pairs.sort_unstable();
    pairs.dedup();
    for &(b, wl) in &pairs {
        for i in 0..n {
            if at[i].contains_key(&(b, wl)) {
                continue;
            }
            let run = setups[i].learn_at(&mut knowledge[i], b, wl)?;
            progress(i, &run);
            at[i].insert((b, wl), run.clone());
            log.push(VersionRun { program: i, run });
        }
    }
    Ok(Versions {
        at,
        pairs,
        chosen,
        log,
    })
}
