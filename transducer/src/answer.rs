//! The symbolic answer of one step: after a concrete prefix, the classes
//! of the next symbol λ0 — each a guard and the output terms the program
//! writes for every symbol of the guard — and what it writes at the end of
//! the input.
//!
//! A class starts from one symbol, run concretely; its terms are read off
//! that run ([`terms_of`]: λ0 itself, its hexadecimal or decimal digits,
//! an earlier symbol, or a constant); its guard is every remaining symbol
//! for which the program writes those terms, found by the solver, never by
//! trying symbols one by one: intervals are grown from a symbol by
//! bisection ("does any symbol of [a, b] write something else?"), and
//! further intervals are asked for ("does any other symbol write this?").

use crate::model::{Guard, Term};
use crate::oracle::{Mode, Oracle, OracleError, Values};

/// One step's classes (disjoint guards covering every symbol, in the order
/// of their first symbol) and the output at the end of the input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    pub classes: Vec<(Guard, Vec<Term>)>,
    pub end: Vec<Term>,
}

impl Answer {
    /// The expectation that says this answer (for the oracle).
    pub fn expectation(&self) -> Vec<(Values, Vec<Term>)> {
        let mut e: Vec<(Values, Vec<Term>)> = self
            .classes
            .iter()
            .map(|(g, t)| (Values::of(g.clone()), t.clone()))
            .collect();
        e.push((Values::end(), self.end.clone()));
        e
    }

    pub fn class_of(&self, v: u32) -> Option<&(Guard, Vec<Term>)> {
        self.classes.iter().find(|(g, _)| g.contains(v))
    }
}

/// The answer after `prefix`.
pub fn answer(oracle: &mut Oracle, prefix: &[u32], bits: u32) -> Result<Answer, OracleError> {
    let tape: Vec<Values> = prefix.iter().map(|&v| Values::symbol(v)).collect();
    let mut word: Vec<i64> = prefix.iter().map(|&v| i64::from(v)).collect();
    word.push(-1);
    let end_run = oracle.run(&word)?;
    let end = terms_of(oracle, prefix, None, &end_run.output, bits)?;
    let mut remaining = Guard::full(bits);
    let mut classes = Vec::new();
    while let Some(v) = remaining.first() {
        *word.last_mut().expect("a current symbol") = i64::from(v);
        let run = oracle.run(&word)?;
        let terms = terms_of(oracle, prefix, Some(v), &run.output, bits)?;
        let guard = grow(oracle, &tape, v, &remaining, &terms)?;
        remaining = remaining.minus(&guard);
        classes.push((guard, terms));
    }
    let classes = merge_shifted(oracle, &tape, classes)?;
    let classes = classes
        .into_iter()
        .map(|(g, t)| {
            let t = constant_on(&g, prefix, t, bits);
            (g, t)
        })
        .collect();
    Ok(Answer { classes, end })
}

/// Classes of single symbols whose outputs are the symbol plus the same
/// offsets (`0` writes `1`, `1` writes `2`, …) merged into one class with
/// the terms λ0 + offset, where the solver confirms that every symbol of
/// the union writes them.
fn merge_shifted(
    oracle: &mut Oracle,
    tape: &[Values],
    mut classes: Vec<(Guard, Vec<Term>)>,
) -> Result<Vec<(Guard, Vec<Term>)>, OracleError> {
    // A class's terms relative to its first symbol, where it has one symbol.
    let shifted = |g: &Guard, terms: &[Term]| -> Option<Vec<Term>> {
        let v = g.first()?;
        if g.count() != 1 || terms.is_empty() {
            return None;
        }
        Some(
            terms
                .iter()
                .map(|t| match *t {
                    Term::Const(c) => Term::Symbol {
                        back: 0,
                        offset: c as i32 - v as i32,
                    },
                    other => other,
                })
                .collect(),
        )
    };
    classes.sort_by_key(|(g, _)| g.first());
    let mut out: Vec<(Guard, Vec<Term>)> = Vec::new();
    for (g, t) in classes {
        if let Some((last_g, last_t)) = out.last_mut() {
            let mine = shifted(&g, &t);
            let theirs = shifted(last_g, last_t).or_else(|| {
                last_t
                    .iter()
                    .any(|t| matches!(t, Term::Symbol { back: 0, offset } if *offset != 0))
                    .then(|| last_t.clone())
            });
            if let (Some(mine), Some(theirs)) = (mine, theirs) {
                if mine == theirs {
                    let union = last_g.union(&g);
                    let set = Values::of(union.clone());
                    let mut question = tape.to_vec();
                    question.push(set.clone());
                    if oracle
                        .find(&question, Mode::Differs, &[(set, mine.clone())])?
                        .is_none()
                    {
                        *last_g = union;
                        *last_t = mine;
                        continue;
                    }
                }
            }
        }
        out.push((g, t));
    }
    Ok(out)
}

/// Terms of a class with one symbol are its constants.
fn constant_on(guard: &Guard, prefix: &[u32], terms: Vec<Term>, bits: u32) -> Vec<Term> {
    if guard.count() != 1 {
        return terms;
    }
    let v = guard.first().expect("one symbol");
    terms
        .into_iter()
        .map(|t| match t {
            Term::Const(_) => t,
            _ if t.back() == 0 => {
                let w = window(prefix, Some(v), 1);
                t.eval(&w, bits).map_or(t, Term::Const)
            }
            _ => t,
        })
        .collect()
}

/// λ0, λ−1, …, λ−depth after `prefix` (`None` before the input starts).
pub fn window(prefix: &[u32], current: Option<u32>, depth: usize) -> Vec<Option<u32>> {
    (0..=depth)
        .map(|j| {
            if j == 0 {
                current
            } else {
                prefix.len().checked_sub(j).map(|i| prefix[i])
            }
        })
        .collect()
}

/// The furthest back an output term may look.
pub const MAX_LOOKBACK: usize = 2;

/// Output terms for `output`, written after `prefix` on `current` (`None`
/// at the end of the input). Preferred, in order: λ0 itself; a run of λ0's
/// hexadecimal digits ending with the lowest nibble (two or four of them,
/// as escapes write them); λ0's decimal digits; an earlier symbol, when
/// changing that symbol in the prefix changes the output with it (a
/// concrete run); else the constant.
pub fn terms_of(
    oracle: &mut Oracle,
    prefix: &[u32],
    current: Option<u32>,
    output: &[u32],
    bits: u32,
) -> Result<Vec<Term>, OracleError> {
    let mut terms: Vec<Option<Term>> = vec![None; output.len()];
    if let Some(v) = current {
        digit_runs(v, output, bits, &mut terms);
        for (i, &o) in output.iter().enumerate() {
            if terms[i].is_none() && o == v {
                terms[i] = Some(Term::Symbol { back: 0, offset: 0 });
            }
        }
    }
    for i in 0..output.len() {
        if terms[i].is_some() {
            continue;
        }
        let o = output[i];
        for back in 1..=MAX_LOOKBACK.min(prefix.len()) {
            let at = prefix.len() - back;
            if prefix[at] == o && follows(oracle, prefix, at, current, i, bits)? {
                terms[i] = Some(Term::Symbol {
                    back: back as u32,
                    offset: 0,
                });
                break;
            }
        }
    }
    Ok(terms
        .into_iter()
        .zip(output)
        .map(|(t, &o)| t.unwrap_or(Term::Const(o)))
        .collect())
}

/// Does output position `i` follow the prefix's symbol at `at`: with that
/// symbol changed, is the output as long and is position `i` the new
/// symbol?
fn follows(
    oracle: &mut Oracle,
    prefix: &[u32],
    at: usize,
    current: Option<u32>,
    i: usize,
    bits: u32,
) -> Result<bool, OracleError> {
    let old = prefix[at];
    let max = crate::model::max_symbol(bits);
    for other in [old ^ 1, old ^ 2, old.wrapping_add(3) & max] {
        if other == old {
            continue;
        }
        let mut word: Vec<i64> = prefix.iter().map(|&v| i64::from(v)).collect();
        word[at] = i64::from(other);
        word.push(current.map_or(-1, i64::from));
        let run = match oracle.run(&word) {
            Ok(r) => r,
            Err(OracleError::Program { .. }) => continue,
            Err(e) => return Err(e),
        };
        if run.output.len() > i {
            return Ok(run.output[i] == other);
        }
    }
    Ok(false)
}

/// Hexadecimal runs (2 or 4 digits, lower or upper case, right-aligned at
/// nibble 0) and decimal runs (the digits of `v`; a single one only as
/// below) in the output.
fn digit_runs(v: u32, output: &[u32], bits: u32, terms: &mut [Option<Term>]) {
    let nibbles = bits.div_ceil(4) as usize;
    for start in 0..output.len() {
        if terms[start].is_some() {
            continue;
        }
        'lengths: for len in [4usize, 2] {
            if len > nibbles.max(2) || start + len > output.len() {
                continue;
            }
            for upper in [false, true] {
                let fits = (0..len).all(|k| {
                    let nibble = (len - 1 - k) as u32;
                    let d = (v >> (4 * nibble)) & 15;
                    output[start + k] == crate::model::hex_digit(d, upper)
                });
                if fits {
                    for k in 0..len {
                        terms[start + k] = Some(Term::Hex {
                            back: 0,
                            nibble: (len - 1 - k) as u8,
                            upper,
                        });
                    }
                    break 'lengths;
                }
            }
        }
    }
    // One digit is λ0's decimal only where it cannot be padding: λ0 is not
    // 0 and the digit is written once (`&#5;`, not the zeros of `\x00`).
    let digits: Vec<u32> = v.to_string().bytes().map(u32::from).collect();
    let once = || output.iter().filter(|&&o| o == digits[0]).count() == 1;
    if digits.len() >= 2 || (v != 0 && once()) {
        for start in 0..output.len() {
            let end = start + digits.len();
            if end <= output.len()
                && terms[start..end].iter().all(Option::is_none)
                && output[start..end] == digits[..]
            {
                for k in 0..digits.len() {
                    terms[start + k] = Some(Term::Decimal {
                        back: 0,
                        place: (digits.len() - 1 - k) as u8,
                    });
                }
            }
        }
    }
}

/// Every symbol of `remaining` for which the step after `tape` writes
/// `terms`, from `seed`, which does.
pub fn grow(
    oracle: &mut Oracle,
    tape: &[Values],
    seed: u32,
    remaining: &Guard,
    terms: &[Term],
) -> Result<Guard, OracleError> {
    let mut grown = Guard::empty();
    let mut seed = Some(seed);
    while let Some(s) = seed {
        let (lo, hi) = remaining.interval_of(s).expect("the seed is remaining");
        let agree = |oracle: &mut Oracle, a: u32, b: u32| -> Result<Option<u32>, OracleError> {
            let set = Values::of(Guard::interval(a, b));
            let mut t = tape.to_vec();
            t.push(set.clone());
            let found = oracle.find(&t, Mode::Differs, &[(set, terms.to_vec())])?;
            Ok(found.and_then(|w| w.last().map(|&x| x as u32)))
        };
        let top = bisect(|a, b| agree(oracle, a, b), s, hi, true)?;
        let bottom = bisect(|a, b| agree(oracle, a, b), s, lo, false)?;
        grown = grown.union(&Guard::interval(bottom, top));
        let rest = remaining.minus(&grown);
        seed = if rest.is_empty() {
            None
        } else {
            let set = Values::of(rest);
            let mut t = tape.to_vec();
            t.push(set.clone());
            oracle
                .find(&t, Mode::Agrees, &[(set, terms.to_vec())])?
                .and_then(|w| w.last().map(|&x| x as u32))
        };
    }
    Ok(grown)
}

/// The furthest symbol from `from` towards `limit` (upwards or downwards)
/// such that every symbol between agrees; `differs(a, b)` names a symbol
/// of [a, b] that does not, if any.
pub(crate) fn bisect(
    mut differs: impl FnMut(u32, u32) -> Result<Option<u32>, OracleError>,
    from: u32,
    limit: u32,
    up: bool,
) -> Result<u32, OracleError> {
    // `good`: every symbol from `from` to it agrees; the answer is between
    // `good` and `bound`.
    let mut good = from;
    let mut bound = limit;
    let mut whole = true;
    while good != bound {
        let next = if up { good + 1 } else { good - 1 };
        let probe = if whole {
            bound
        } else if up {
            good + (bound - good).div_ceil(2)
        } else {
            good - (good - bound).div_ceil(2)
        };
        let (a, b) = if up { (next, probe) } else { (probe, next) };
        match differs(a, b)? {
            None => good = probe,
            Some(x) => {
                bound = if up { x - 1 } else { x + 1 };
                whole = false;
            }
        }
    }
    Ok(good)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_decimal_digit_is_a_term_only_where_it_cannot_be_padding() {
        let bytes = |s: &str| s.bytes().map(u32::from).collect::<Vec<u32>>();
        let run = |v: u32, out: &[u32]| {
            let mut terms = vec![None; out.len()];
            digit_runs(v, out, 8, &mut terms);
            terms
        };
        // `&#5;`: the 5 is λ0's units digit.
        let t = run(5, &bytes("&#5;"));
        assert_eq!(t[2], Some(Term::Decimal { back: 0, place: 0 }));
        assert!(t[0].is_none() && t[3].is_none());
        // The zeros UTF-16 output puts between bytes, and 0 itself: no term.
        let t = run(0, &[92, 0, 120, 0, 48, 0, 48, 0]);
        assert!(t.iter().all(Option::is_none), "{t:?}");
        // A digit written twice may be a constant: no term.
        assert!(run(5, &bytes("5;5")).iter().all(Option::is_none));
        // Two digits or more, as before.
        let t = run(42, &bytes("&#42;"));
        assert_eq!(t[2], Some(Term::Decimal { back: 0, place: 1 }));
        assert_eq!(t[3], Some(Term::Decimal { back: 0, place: 0 }));
    }

    #[test]
    fn bisection_finds_the_edge_of_an_interval_of_agreement() {
        // Symbols agree on [10, 37] and [40, 60]; from 20 up and down.
        let agrees = |x: u32| (10..=37).contains(&x) || (40..=60).contains(&x);
        for (from, limit, up, edge) in
            [(20, 255, true, 37), (20, 0, false, 10), (45, 255, true, 60)]
        {
            let mut calls = 0;
            let found = bisect(
                |a, b| {
                    calls += 1;
                    Ok((a..=b).rev().find(|&x| !agrees(x)))
                },
                from,
                limit,
                up,
            )
            .unwrap();
            assert_eq!(found, edge);
            assert!(calls <= 10, "{calls} calls");
        }
    }
}
