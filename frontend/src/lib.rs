//! Lore's C front end.
//!
//! `load` takes a C file (`.c`, preprocessed here, or `.i`, already
//! preprocessed), parses it with lang-c and lowers it to the CFG IR in
//! [`ir`]. It never panics on bad input: problems come back as
//! [`diag::Diagnostic`]s with source spans.
//!
//! This crate knows nothing of SAT, bounded model checking or learning.

pub mod diag;
pub mod ir;
mod lower;
pub mod nesting;
pub mod preprocess;
pub mod print;
pub mod source;
pub mod task;
pub mod types;

use diag::{Diagnostic, DiagnosticKind};
use source::SourceMap;
use std::path::Path;
use types::DataModel;

/// How to read a C file.
#[derive(Clone, Debug)]
pub struct FrontendOptions {
    /// The data model; SV-COMP tasks are ILP32. Default: ILP32.
    pub model: DataModel,
    /// Extra preprocessor options (`-DNAME=VALUE`, `-IDIR`). Default: none.
    pub cpp_options: Vec<String>,
}

impl Default for FrontendOptions {
    fn default() -> Self {
        FrontendOptions {
            model: DataModel::Ilp32,
            cpp_options: Vec::new(),
        }
    }
}

/// What the front end made of a file.
#[derive(Debug)]
pub struct Loaded {
    /// The program, unless a fatal diagnostic (syntax, type, unknown name,
    /// unreadable file) stopped the lowering. Unsupported constructs do not.
    pub program: Option<ir::Program>,
    pub diagnostics: Vec<Diagnostic>,
    /// Files and text to show diagnostics with.
    pub sources: SourceMap,
}

impl Loaded {
    pub fn has_fatal(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_fatal)
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Reads, preprocesses, parses and lowers one C file.
pub fn load(path: &Path, options: &FrontendOptions) -> Loaded {
    let pp_options = preprocess::PreprocessOptions {
        model: options.model,
        defines: options.cpp_options.clone(),
        command: None,
    };
    let pre = match preprocess::preprocess(path, &pp_options) {
        Ok(p) => p,
        Err(e) => return preprocess_failure(path, e),
    };
    let sources = SourceMap::new(
        path,
        pre.input_text,
        &pre.text,
        pre.follow_markers,
        pre.include_dir.as_deref(),
        pre.edits,
    );
    if let Some(deep) = nesting::check(&pre.text) {
        let span = sources.span_of(deep.offset, deep.offset + 1);
        let d = Diagnostic::error(DiagnosticKind::TooDeep, deep.message, Some(span))
            .with_label("here")
            .with_help("split the expression or the nesting into smaller parts");
        return Loaded {
            program: None,
            diagnostics: vec![d],
            sources,
        };
    }
    let config = lang_c::driver::Config {
        cpp_command: String::new(),
        cpp_options: Vec::new(),
        flavor: lang_c::driver::Flavor::GnuC11,
    };
    let parse = match lang_c::driver::parse_preprocessed(&config, pre.text.clone()) {
        Ok(p) => p,
        Err(e) => {
            let span = sources.span_of(e.offset, e.offset + 1);
            let mut expected: Vec<&str> = e.expected.iter().map(|s| s.as_ref()).collect();
            expected.sort();
            let found = pre.text[e.offset..]
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(20)
                .collect::<String>();
            let found = if found.is_empty() {
                "end of file".to_string()
            } else {
                format!("`{found}`")
            };
            let message = format!("syntax error: unexpected {found}");
            let d = Diagnostic::error(DiagnosticKind::Syntax, message, Some(span))
                .with_label("here")
                .with_help(format!("expected one of: {}", expected.join(" ")));
            return Loaded {
                program: None,
                diagnostics: vec![d],
                sources,
            };
        }
    };
    let (program, diagnostics, sources) = lower::lower(
        &parse.unit,
        &pre.text,
        &pre.packed_structs,
        sources,
        options.model,
    );
    Loaded {
        program,
        diagnostics,
        sources,
    }
}

fn preprocess_failure(path: &Path, e: preprocess::PreprocessError) -> Loaded {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let sources = SourceMap::for_file_only(path, text);
    let diagnostic = match &e {
        preprocess::PreprocessError::Read { .. } => {
            Diagnostic::error(DiagnosticKind::Io, e.to_string(), None)
        }
        preprocess::PreprocessError::Failed { stderr, .. } => {
            // gcc says `file:line:col: error: message`; point at the first one.
            let first = stderr
                .lines()
                .find(|l| l.contains("error"))
                .unwrap_or(stderr.lines().next().unwrap_or(""));
            let mut parts = first.splitn(4, ':');
            let (file, line, col) = (parts.next(), parts.next(), parts.next());
            let message = parts
                .next()
                .map(|m| m.trim().trim_start_matches("error:").trim().to_string());
            let span = match (
                file,
                line.and_then(|l| l.trim().parse::<u32>().ok()),
                col.and_then(|c| c.trim().parse::<u32>().ok()),
            ) {
                (Some(f), Some(line), Some(col)) if Path::new(f.trim()) == path => {
                    sources.main_file().map(|file| source::Span {
                        loc: source::Loc { file, line, col },
                        len: 1,
                    })
                }
                _ => None,
            };
            let d = Diagnostic::error(
                DiagnosticKind::Preprocessor,
                format!(
                    "preprocessing failed: {}",
                    message.unwrap_or_else(|| first.to_string())
                ),
                span,
            );
            // Without a location, the preprocessor's own words are the best help.
            if span.is_none() {
                d.with_help(stderr.trim().to_string())
            } else {
                d
            }
        }
        _ => Diagnostic::error(DiagnosticKind::Preprocessor, e.to_string(), None),
    };
    Loaded {
        program: None,
        diagnostics: vec![diagnostic],
        sources,
    }
}
