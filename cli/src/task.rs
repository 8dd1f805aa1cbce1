//! SV-COMP tasks and properties on the command line: `lore verify task.yml`,
//! `--property unreach-call|no-overflow|valid-memsafety|FILE.prp`, which
//! checks each SV-COMP property turns on, and the task's expected verdict
//! beside Lore's.

use crate::Console;
use lore_bmc::symex::SymexOptions;
use lore_frontend::task::{SvCompProperty, Task, TaskError};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource};

/// The checks that decide an SV-COMP property. Properties Lore does not
/// check are refused with the reason.
pub fn apply(options: &mut SymexOptions, property: SvCompProperty) -> Result<(), String> {
    use lore_frontend::ir::PropertyKind;
    match property {
        SvCompProperty::UnreachCall => options.check_kinds = vec![PropertyKind::ReachError],
        // Assertions and reach_error calls are not errors under these.
        SvCompProperty::NoOverflow => {
            options.check_kinds = Vec::new();
            options.signed_overflow_check = true;
        }
        // valid-deref, valid-free and valid-memtrack.
        SvCompProperty::ValidMemsafety => {
            options.check_kinds = Vec::new();
            options.pointer_check = true;
            options.bounds_check = true;
            options.memory_leak_check = true;
        }
        SvCompProperty::ValidMemcleanup => {
            options.check_kinds = Vec::new();
            options.memory_cleanup_check = true;
        }
        other => {
            return Err(format!(
                "Lore does not check the SV-COMP property {} (it checks unreach-call, \
                 no-overflow, valid-memsafety and valid-memcleanup)",
                other.name()
            ))
        }
    }
    Ok(())
}

/// The verdict the task expects for `property`, as the last line of
/// `verify` would print it (`TRUE`, `FALSE(unreach-call)`, …).
pub fn expected(task: &Task, property: SvCompProperty) -> Option<String> {
    let p = task.property(property)?;
    Some(match p.expected? {
        true => "TRUE".to_string(),
        false => {
            let category = match (property, p.subproperty.as_deref()) {
                (SvCompProperty::ValidMemsafety, Some(sub)) => sub,
                _ => property.name(),
            };
            format!("FALSE({category})")
        }
    })
}

/// Prints a task file's error as a diagnostic at its line.
pub fn report(e: &TaskError, console: &mut Console<'_>) {
    report_as(e, "lore::task", console)
}

/// Prints an error in a text file (a task, a property) at its line, with
/// the diagnostic code `code`.
pub fn report_as(e: &TaskError, code: &'static str, console: &mut Console<'_>) {
    let mut md = MietteDiagnostic::new(e.message.clone()).with_code(code);
    let mut text = None;
    if let (Some(t), true) = (&e.text, e.line > 0) {
        let start: usize = t.lines().take(e.line - 1).map(|l| l.len() + 1).sum();
        let line_len = t.lines().nth(e.line - 1).map_or(0, str::len);
        let column = (e.column.max(1) - 1).min(line_len);
        let len = (line_len - column).max(1);
        md = md.with_label(LabeledSpan::new(Some("here".into()), start + column, len));
        text = Some(NamedSource::new(e.path.display().to_string(), t.clone()));
    }
    let report = match text {
        Some(src) => miette::Report::new(md).with_source_code(src),
        None => miette::Report::new(md),
    };
    let theme = if console.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    if handler.render_report(&mut out, report.as_ref()).is_err() {
        out = format!("{}\n", e.message);
    }
    let where_ = if e.line > 0 {
        format!("{}:{}:{}: ", e.path.display(), e.line, e.column)
    } else {
        format!("{}: ", e.path.display())
    };
    let _ = write!(console.err, "{where_}{out}");
}
