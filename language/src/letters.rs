//! Where the BMC's alphabet and the learner's meet (neither crate knows the
//! other). The BMC numbers a program's events `0..n` as `u32`
//! (`Events::letters`, the `word` of a failing run, the event words of its
//! queries); the learner's alphabet is those events as [`Letter`]s with the
//! same indices, then the assertion letter (index `n`). Every conversion
//! between an event number and a letter goes through this pair of
//! functions.

use lore_learner::dfa::{Letter, MAX_LETTERS};

/// The learner's letter for the BMC's event number `event`.
///
/// Panics if `event` does not fit in a letter. The alphabet is built from
/// the same events and refuses more than [`MAX_LETTERS`] letters, so an
/// event number that does not fit is an internal error, never a letter
/// silently truncated into another one.
pub fn letter_of_event(event: u32) -> Letter {
    Letter::try_from(event).unwrap_or_else(|_| {
        panic!(
            "internal error: the BMC's event number {event} has no learner letter \
             (an alphabet has at most {MAX_LETTERS} letters)"
        )
    })
}

/// The BMC's event number of the event letter `letter` (the assertion
/// letter is not an event: the caller strips it first).
pub fn event_of_letter(letter: Letter) -> u32 {
    u32::from(u16::from(letter))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_and_letters_round_trip() {
        for event in [0, 1, 7, u32::from(u16::MAX)] {
            assert_eq!(event_of_letter(letter_of_event(event)), event);
        }
        assert_eq!(letter_of_event(3).index(), 3);
    }

    #[test]
    #[should_panic(expected = "event number 65536 has no learner letter")]
    fn an_event_number_beyond_the_letters_is_an_internal_error() {
        letter_of_event(u32::from(u16::MAX) + 1);
    }
}
