//! Choosing the events: the letters of the words Lore learns.
//!
//! By default every function with a body except `main` and Lore's own code
//! is a letter ("this function was entered"), in the order the program
//! defines them. `--events f,g,h` or a `<program>.f` file beside the source
//! (whitespace-separated names, as the paper's tool reads them) chooses
//! functions; the item `branches` adds one letter per outcome of every `if`
//! (`function:line:then` and `function:line:else`). The assertion letter,
//! `Learn_Assert`, is always the last.

use lore_bmc::symex::Events;
use lore_frontend::ir::{BlockId, FunctionId, Program};
use std::path::Path;

/// The name of the assertion letter (as the paper's drawings name it).
pub const ASSERT_LETTER: &str = "Learn_Assert";

/// Why a choice of events is refused.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct EventError(pub String);

/// The event letters (without the assertion letter) for `program` at
/// `source`, from `--events` if given, else from `<source>.f` if present,
/// else the default. `max_len` is left 0.
pub fn choose(
    program: &Program,
    source: &Path,
    option: Option<&str>,
) -> Result<Events, EventError> {
    let listed: Option<Vec<String>> = match option {
        Some(list) => Some(
            list.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect(),
        ),
        None => {
            let f_file = source.with_extension("f");
            match std::fs::read_to_string(&f_file) {
                Ok(text) => Some(text.split_whitespace().map(String::from).collect()),
                Err(_) => None,
            }
        }
    };
    let mut events = Events::default();
    let Some(names) = listed else {
        for (i, f) in program.functions.iter().enumerate() {
            if f.body.is_some() && !f.is_lore_library && Some(FunctionId(i as u32)) != program.entry
            {
                add_function(&mut events, FunctionId(i as u32), &f.name);
            }
        }
        return Ok(events);
    };
    if names.is_empty() {
        return Err(EventError("no events chosen".into()));
    }
    let branches = names.iter().any(|n| n == "branches");
    // Letters follow the program's order of functions, not the list's (as the
    // paper's tool does), so the same set gives the same alphabet.
    for name in names.iter().filter(|n| *n != "branches") {
        match program.function_by_name(name) {
            None => {
                return Err(EventError(format!(
                    "`{name}` is not a function of the program"
                )))
            }
            Some(id) if program.function(id).body.is_none() => {
                return Err(EventError(format!(
                    "`{name}` has no body in the program, so it is never entered"
                )))
            }
            Some(_) => {}
        }
    }
    for (i, f) in program.functions.iter().enumerate() {
        if names.iter().any(|n| n == &f.name) {
            add_function(&mut events, FunctionId(i as u32), &f.name);
        }
    }
    if branches {
        add_branches(program, &mut events);
    }
    Ok(events)
}

fn add_function(events: &mut Events, id: FunctionId, name: &str) {
    events
        .function_entry
        .insert(id, events.letters.len() as u32);
    events.letters.push(name.to_string());
}

/// One letter per outcome of every `if` in the user's functions.
fn add_branches(program: &Program, events: &mut Events) {
    for (i, f) in program.functions.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        if f.is_lore_library {
            continue;
        }
        for (b, block) in body.blocks.iter().enumerate() {
            if !block.from_if {
                continue;
            }
            let line = block.term_loc.line;
            for (outcome, word) in [(true, "then"), (false, "else")] {
                events.branch.insert(
                    (FunctionId(i as u32), BlockId(b as u32), outcome),
                    events.letters.len() as u32,
                );
                events.letters.push(format!("{}:{line}:{word}", f.name));
            }
        }
    }
}

/// The events of several programs over one alphabet, matched by name (for
/// `diff` and `merge`): each program's own choice (as [`choose`] makes it,
/// an `--events` list keeping the names the program defines), their union
/// in the order first seen, and for each program the letters renumbered
/// into that union. A listed name no program defines is refused.
pub fn choose_common(
    programs: &[(&Program, &Path)],
    option: Option<&str>,
) -> Result<Vec<Events>, EventError> {
    let listed: Option<Vec<&str>> =
        option.map(|list| list.split([',', ' ']).filter(|s| !s.is_empty()).collect());
    if let Some(names) = &listed {
        for name in names.iter().filter(|n| **n != "branches") {
            let defined = programs.iter().any(|(p, _)| {
                p.function_by_name(name)
                    .is_some_and(|id| p.function(id).body.is_some())
            });
            if !defined {
                return Err(EventError(format!(
                    "`{name}` is not a function with a body in any of the programs"
                )));
            }
        }
    }
    let mut own = Vec::with_capacity(programs.len());
    for (program, source) in programs {
        let option = listed.as_ref().map(|names| {
            names
                .iter()
                .filter(|n| {
                    **n == "branches"
                        || program
                            .function_by_name(n)
                            .is_some_and(|id| program.function(id).body.is_some())
                })
                .copied()
                .collect::<Vec<_>>()
                .join(",")
        });
        own.push(match option.as_deref() {
            // None of the listed functions is in this program: no letters.
            Some("") => Events::default(),
            other => choose(program, source, other)?,
        });
    }
    let mut union: Vec<String> = Vec::new();
    for events in &own {
        for name in &events.letters {
            if !union.contains(name) {
                union.push(name.clone());
            }
        }
    }
    Ok(own
        .into_iter()
        .map(|events| {
            let index = |letter: u32| {
                let name = &events.letters[letter as usize];
                union.iter().position(|n| n == name).expect("in the union") as u32
            };
            Events {
                letters: union.clone(),
                function_entry: events
                    .function_entry
                    .iter()
                    .map(|(&f, &l)| (f, index(l)))
                    .collect(),
                branch: events.branch.iter().map(|(&k, &l)| (k, index(l))).collect(),
                max_len: 0,
            }
        })
        .collect())
}
