//! The system M1 ‖ M2 with its property P, loaded as one C translation
//! unit: both programs' `main`s renamed (`__lore_agr_m1`, `__lore_agr_m2`),
//! so their globals and types live in one IR program and the paper's
//! condition that the components' variables are disjoint is C's rule that
//! a name is defined once; and each of P's constraints as a function of
//! the globals (`__lore_agr_c0`, ...), so P is type-checked like C.

use crate::automaton::{extract, Action, Component};
use crate::property::{Label, Property, PropertyError};
use lore_frontend::diag::{Diagnostic, DiagnosticKind};
use lore_frontend::ir::{FunctionId, Program};
use lore_frontend::source::{SourceMap, Span};
use lore_frontend::FrontendOptions;
use std::path::{Path, PathBuf};

/// The two programs and the property, ready to be composed.
#[derive(Clone, Debug)]
pub struct System {
    pub program: Program,
    pub m1: Component,
    pub m2: Component,
    pub property: Property,
    /// P's constraints as functions returning `_Bool`.
    pub constraints: Vec<FunctionId>,
    /// The channels both programs use: they synchronise on them.
    pub shared: Vec<String>,
    pub paths: [PathBuf; 2],
}

/// Why a system cannot be composed.
#[derive(Debug, thiserror::Error)]
pub enum AgrError {
    /// The C does not load (the frontend's diagnostics say why).
    #[error("the programs do not load")]
    Load(Box<lore_frontend::Loaded>),
    /// The property file is wrong at a place in it.
    #[error("{0}")]
    Property(PropertyError),
    /// A construct or use of channels the composition cannot take, at a
    /// place in a program.
    #[error("{}", .diagnostic.message)]
    Program {
        diagnostic: Box<Diagnostic>,
        sources: Box<SourceMap>,
    },
    #[error("cannot write a temporary file: {0}")]
    Io(#[from] std::io::Error),
}

const M1: &str = "__lore_agr_m1";
pub(crate) const M2: &str = "__lore_agr_m2";

/// Loads M1 and M2 (each a C file with a `main`) and the property text.
pub fn load(
    m1: &Path,
    m2: &Path,
    property_text: &str,
    options: &FrontendOptions,
) -> Result<System, AgrError> {
    let property = Property::parse(property_text).map_err(AgrError::Property)?;
    let absolute = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let (a, b) = (absolute(m1), absolute(m2));
    let mut text = format!(
        "/* Lore: M1 and M2 in one translation unit, and P's constraints. */\n\
         #define main {M1}\n#include \"{}\"\n#undef main\n\
         #define main {M2}\n#include \"{}\"\n#undef main\n",
        a.display(),
        b.display()
    );
    let first_constraint_line = text.lines().count() + 1;
    for (i, c) in property.constraints.iter().enumerate() {
        text.push_str(&format!(
            "_Bool __lore_agr_c{i}(void) {{ return ({c}); }}\n"
        ));
    }
    let wrapper_file = temp_file(&text)?;
    let wrapper = wrapper_file.path().to_path_buf();
    let loaded = lore_frontend::load(&wrapper, options);
    drop(wrapper_file);
    // An error in a constraint is an error in the property file.
    for d in loaded.diagnostics.iter().filter(|d| d.is_error()) {
        let Some(span) = d.span else { continue };
        let in_wrapper = loaded
            .sources
            .file(span.loc.file)
            .is_some_and(|f| Path::new(&f.name) == wrapper);
        if in_wrapper {
            let line = span.loc.line as usize;
            let index = line.saturating_sub(first_constraint_line);
            let at = property
                .transitions
                .iter()
                .find(|t| matches!(t.label, Label::Constraint(_, k) if k == index))
                .map_or((1, 1), |t| t.at);
            return Err(AgrError::Property(PropertyError {
                line: at.0,
                column: at.1,
                len: 1,
                message: format!(
                    "the constraint [{}]: {} (a constraint is a C expression over the programs' global variables)",
                    property.constraints.get(index).map_or("?", String::as_str),
                    d.message
                ),
            }));
        }
    }
    let program = match loaded.program {
        Some(ref p) if !loaded.has_errors() => p.clone(),
        _ => return Err(AgrError::Load(Box::new(loaded))),
    };
    let fail = |program: &Program, d: Diagnostic| AgrError::Program {
        diagnostic: Box::new(d),
        sources: Box::new(program.sources.clone()),
    };
    let find = |name: &str, which: &str, path: &Path| {
        program
            .function_by_name(name)
            .filter(|f| program.function(*f).body.is_some())
            .ok_or_else(|| {
                fail(
                    &program,
                    Diagnostic::error(
                        DiagnosticKind::Type,
                        format!("{which} ({}) has no `main`", path.display()),
                        None,
                    ),
                )
            })
    };
    let f1 = find(M1, "M1", m1)?;
    let f2 = find(M2, "M2", m2)?;
    let c1 = extract(&program, f1, "M1").map_err(|d| fail(&program, d))?;
    let c2 = extract(&program, f2, "M2").map_err(|d| fail(&program, d))?;
    let constraints = (0..property.constraints.len())
        .map(|i| {
            program
                .function_by_name(&format!("__lore_agr_c{i}"))
                .expect("the wrapper defines every constraint")
        })
        .collect();
    let channels = |c: &Component| -> Vec<String> {
        let mut v: Vec<String> = c
            .transitions
            .iter()
            .filter_map(|t| t.action.channel().map(str::to_string))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let (ch1, ch2) = (channels(&c1), channels(&c2));
    let shared: Vec<String> = ch1.iter().filter(|c| ch2.contains(c)).cloned().collect();
    let system = System {
        program,
        m1: c1,
        m2: c2,
        property,
        constraints,
        shared,
        paths: [m1.to_path_buf(), m2.to_path_buf()],
    };
    check_globals_apart(m1, m2, options)?;
    system
        .check_channels()
        .map_err(|d| fail(&system.program, d))?;
    system.check_property_channels(&ch1, &ch2)?;
    Ok(system)
}

/// M1 and M2 are one translation unit in the product: a global variable
/// both define would be one variable there (each program writing the
/// other's), and P's constraints could not say whose. Each program is
/// loaded on its own to find the names it defines; one both define is an
/// error at M2's definition.
fn check_globals_apart(m1: &Path, m2: &Path, options: &FrontendOptions) -> Result<(), AgrError> {
    use lore_frontend::ir::GlobalKind;
    let defined = |path: &Path| {
        let loaded = lore_frontend::load(path, options);
        let names: Vec<(String, lore_frontend::source::Loc)> = loaded
            .program
            .as_ref()
            .map(|p| {
                p.globals
                    .iter()
                    .filter(|g| g.kind == GlobalKind::Variable && !g.name.starts_with("__"))
                    .filter(|g| {
                        p.sources
                            .file(g.loc.file)
                            .is_some_and(|f| !f.is_lore_library)
                    })
                    .map(|g| (g.name.clone(), g.loc))
                    .collect()
            })
            .unwrap_or_default();
        (loaded, names)
    };
    let (_, first) = defined(m1);
    let (second_loaded, second) = defined(m2);
    for (name, loc) in second {
        if first.iter().any(|(n, _)| *n == name) {
            return Err(AgrError::Program {
                diagnostic: Box::new(Diagnostic::error(
                    DiagnosticKind::Type,
                    format!(
                        "`{name}` is a global variable of both M1 and M2: composed, they would be one variable (each program writing the other's) and P could not say whose; rename it in one of them"
                    ),
                    Some(lore_frontend::source::Span {
                        loc,
                        len: name.len() as u32,
                    }),
                )),
                sources: Box::new(second_loaded.sources),
            });
        }
    }
    Ok(())
}

impl System {
    /// The text of the source line at `loc`, trimmed ("" where there is none).
    pub fn source_line(&self, loc: lore_frontend::source::Loc) -> &str {
        self.program
            .sources
            .file(loc.file)
            .and_then(|f| f.line_text(loc.line))
            .map(str::trim)
            .unwrap_or("")
    }

    pub fn component(&self, which: usize) -> &Component {
        if which == 0 {
            &self.m1
        } else {
            &self.m2
        }
    }

    /// On a shared channel one program sends and the other receives, with
    /// the same type.
    fn check_channels(&self) -> Result<(), Diagnostic> {
        let types = &self.program.types;
        for channel in &self.shared {
            let mut sends = Vec::new();
            let mut receives = Vec::new();
            for (k, c) in [&self.m1, &self.m2].into_iter().enumerate() {
                for t in &c.transitions {
                    match &t.action {
                        Action::Send {
                            channel: ch, ty, ..
                        } if ch == channel => sends.push((k, *ty, t.loc)),
                        Action::Receive {
                            channel: ch, ty, ..
                        } if ch == channel => receives.push((k, *ty, t.loc)),
                        _ => {}
                    }
                }
            }
            for &(k, ty, loc) in &sends {
                for &(j, rty, _) in &receives {
                    let span = Some(Span { loc, len: 1 });
                    if k == j {
                        continue;
                    }
                    let (Some(ty), Some(rty)) = (ty, rty) else {
                        continue;
                    };
                    let same = types.bit_width(ty) == types.bit_width(rty)
                        && types.is_signed(ty) == types.is_signed(rty)
                        && types.is_integer(ty) == types.is_integer(rty);
                    if !same {
                        return Err(Diagnostic::error(
                            DiagnosticKind::Type,
                            format!(
                                "the channel `{channel}` carries {} here but M{} receives {}",
                                types.display(ty),
                                j + 1,
                                types.display(rty)
                            ),
                            span,
                        ));
                    }
                }
            }
            let senders: Vec<usize> = sends.iter().map(|s| s.0).collect();
            let receivers: Vec<usize> = receives.iter().map(|s| s.0).collect();
            if senders.contains(&0) && senders.contains(&1)
                || receivers.contains(&0) && receivers.contains(&1)
            {
                let loc = sends.first().map(|s| s.2).or(receives.first().map(|s| s.2));
                return Err(Diagnostic::error(
                    DiagnosticKind::Type,
                    format!("both programs send or both receive on the shared channel `{channel}`: one sends, the other receives"),
                    loc.map(|loc| Span { loc, len: 1 }),
                ));
            }
        }
        Ok(())
    }

    /// Every channel P names is one the programs use, in the way P says.
    fn check_property_channels(&self, ch1: &[String], ch2: &[String]) -> Result<(), AgrError> {
        for t in &self.property.transitions {
            let (channel, shared_needed) = match &t.label {
                Label::Sync(c) => (c, true),
                Label::Send(c) | Label::Receive(c) => (c, false),
                Label::Constraint(..) => continue,
            };
            let used = ch1.contains(channel) || ch2.contains(channel);
            let shared = self.shared.contains(channel);
            let problem = if !used {
                Some(format!("no program uses the channel `{channel}`"))
            } else if shared_needed && !shared {
                Some(format!("`{channel}` is not shared by the two programs: write `{channel}?` or `{channel}!` for its use by one program"))
            } else if !shared_needed && shared {
                Some(format!("`{channel}` is shared by the two programs: write `{channel}` for their synchronisation"))
            } else {
                None
            };
            if let Some(message) = problem {
                return Err(AgrError::Property(PropertyError {
                    line: t.at.0,
                    column: t.at.1,
                    len: 1,
                    message,
                }));
            }
        }
        Ok(())
    }
}

/// A fresh temporary C file holding `text`, removed when the returned
/// guard is dropped. `tempfile` gives it a random name and creates it
/// exclusively with mode 0600: a name another user could predict (this was
/// `lore-agr-<pid>-<n>.c`) lets them plant a symbolic link there that the
/// write would follow.
fn temp_file(text: &str) -> std::io::Result<tempfile::NamedTempFile> {
    use std::io::Write;
    let mut file = tempfile::Builder::new()
        .prefix("lore-agr-")
        .suffix(".c")
        .tempfile()?;
    file.write_all(text.as_bytes())?;
    file.flush()?;
    Ok(file)
}
