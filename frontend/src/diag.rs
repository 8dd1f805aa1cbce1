//! Diagnostics: bad input is data, not a crash.
//!
//! The front end collects diagnostics while it lowers and keeps going where it
//! can, so a user sees every problem at once. Only the CLI renders them (with
//! miette) and turns them into exit codes.

use crate::source::Span;
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

/// What went wrong, in classes a user (and the benchmark summary) can count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DiagnosticKind {
    /// The file is missing or unreadable.
    Io,
    /// The C preprocessor failed (a missing header, a bad directive).
    Preprocessor,
    /// The text is not C.
    Syntax,
    /// A name that is not declared.
    UnknownIdentifier,
    /// Types that do not fit (assigning a struct to an int, calling a non-function).
    Type,
    /// A name declared twice in a way C forbids.
    Redefinition,
    /// Syntax nested deeper than Lore's limits (`nesting.rs`).
    TooDeep,
    /// Valid C that Lore does not handle. The construct is kept in the IR as
    /// an `unsupported` statement, so a verdict that depends on it is UNKNOWN.
    Unsupported,
    /// Something legal but suspicious that changes the meaning (an implicit
    /// declaration whose definition disagrees, a nondet function typed by name).
    Note,
}

impl DiagnosticKind {
    pub fn code(self) -> &'static str {
        match self {
            DiagnosticKind::Io => "lore::io",
            DiagnosticKind::Preprocessor => "lore::preprocessor",
            DiagnosticKind::Syntax => "lore::syntax",
            DiagnosticKind::TooDeep => "lore::too-deep",
            DiagnosticKind::UnknownIdentifier => "lore::unknown-identifier",
            DiagnosticKind::Type => "lore::type",
            DiagnosticKind::Redefinition => "lore::redefinition",
            DiagnosticKind::Unsupported => "lore::unsupported",
            DiagnosticKind::Note => "lore::note",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub kind: DiagnosticKind,
    pub message: String,
    pub span: Option<Span>,
    /// Text under the span (the short "what is here").
    pub label: Option<String>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(
        kind: DiagnosticKind,
        message: impl Into<String>,
        span: Option<Span>,
    ) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            kind,
            message: message.into(),
            span,
            label: None,
            help: None,
        }
    }

    pub fn warning(
        kind: DiagnosticKind,
        message: impl Into<String>,
        span: Option<Span>,
    ) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            kind,
            message: message.into(),
            span,
            label: None,
            help: None,
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// A hard error leaves no program to analyse; an unsupported construct
    /// still leaves one (with the construct marked in it).
    pub fn is_fatal(&self) -> bool {
        self.is_error() && self.kind != DiagnosticKind::Unsupported
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The unsupported constructs Lore reports, by kind, so that benchmark
/// summaries can count them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnsupportedKind {
    InlineAssembly,
    ComplexNumbers,
    Atomics,
    ThreadLocal,
    GenericSelection,
    VariadicArguments,
    LabelsAsValues,
    BlockPointers,
    WideOrUnusualType,
    Other,
}

impl UnsupportedKind {
    pub fn name(self) -> &'static str {
        match self {
            UnsupportedKind::InlineAssembly => "inline assembly",
            UnsupportedKind::ComplexNumbers => "complex numbers",
            UnsupportedKind::Atomics => "_Atomic",
            UnsupportedKind::ThreadLocal => "_Thread_local",
            UnsupportedKind::GenericSelection => "_Generic",
            UnsupportedKind::VariadicArguments => "va_arg",
            UnsupportedKind::LabelsAsValues => "labels as values",
            UnsupportedKind::BlockPointers => "block pointers",
            UnsupportedKind::WideOrUnusualType => "unusual type",
            UnsupportedKind::Other => "other",
        }
    }
}
