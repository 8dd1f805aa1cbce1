//! Lore's data-driven test suite. The tests are in `tests/`; the C inputs in
//! `cases/`, each stating its flags and expectations in a header comment.
