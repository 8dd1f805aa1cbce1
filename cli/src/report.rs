//! Rendering diagnostics with miette: file, line, the source span, help.

use lore_frontend::diag::{Diagnostic, Severity};
use lore_frontend::source::SourceMap;
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource, Report,
};

/// Source lines longer than this are not drawn under the message.
const MAX_DRAWN_LINE: usize = 300;

/// Renders one diagnostic as text (coloured only on a terminal).
pub fn render(d: &Diagnostic, sources: &SourceMap, color: bool) -> String {
    let mut md = MietteDiagnostic::new(d.message.clone())
        .with_code(d.kind.code())
        .with_severity(match d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        });
    if let Some(help) = &d.help {
        md = md.with_help(help.clone());
    }
    let mut location = None;
    let mut source = None;
    if let Some(span) = d.span {
        if let Some(file) = sources.file(span.loc.file) {
            location = Some(format!("{}:{}:{}", file.name, span.loc.line, span.loc.col));
            if let (Some(text), Some(offset)) =
                (&file.text, file.offset_of(span.loc.line, span.loc.col))
            {
                let line_end = text[offset..].find('\n').map_or(text.len(), |e| offset + e);
                let line_start = text[..offset].rfind('\n').map_or(0, |s| s + 1);
                // A very long line (generated code) is not drawn: the
                // location alone says where, and the drawing would be unreadable.
                if line_end - line_start <= MAX_DRAWN_LINE {
                    let len = (span.len as usize).clamp(1, (line_end - offset).max(1));
                    let label = d.label.clone().unwrap_or_else(|| "here".into());
                    md = md.with_label(LabeledSpan::new(Some(label), offset, len));
                    source = Some(NamedSource::new(file.name.clone(), text.clone()));
                }
            }
        }
    }
    let report = match source {
        Some(src) => Report::new(md).with_source_code(src),
        None => Report::new(md),
    };
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    if handler.render_report(&mut out, report.as_ref()).is_err() {
        out = format!("{}\n", d.message);
    }
    // Without shown source, still say where.
    if let (Some(loc), true) = (location, !out.contains('│') || d.span.is_none()) {
        out = format!("{loc}: {out}");
    }
    out
}
