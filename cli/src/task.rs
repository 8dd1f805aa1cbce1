//! SV-COMP tasks and properties on the command line: `lore verify task.yml`,
//! `--property unreach-call|no-overflow|valid-memsafety|FILE.prp`, which
//! checks each SV-COMP property turns on, and the task's expected verdict
//! beside Lore's.

use crate::{exit, Console};
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

/// For a task file (`.yml`): reads it, takes its input file and data model,
/// and the property to check: the one the task lists, or the one of those
/// `--property` names (an SV-COMP property, or one check of the task's
/// only property). A property the task does not list is an error naming
/// the ones it lists, and so is a task listing several when `--property`
/// does not choose.
pub(crate) fn read_task(
    input: &mut crate::InputArgs,
    bound: &mut crate::verify::BoundArgs,
    console: &mut Console<'_>,
) -> Result<Option<Task>, u8> {
    let Some(task) = task_input(input, console)? else {
        return Ok(None);
    };
    let listed = task.verification_properties();
    let names = || {
        listed
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let fail = |console: &mut Console<'_>, message: String| {
        let _ = writeln!(console.err, "error: {}: {message}", task.path.display());
        exit::BAD_INPUT
    };
    match bound.sv_comp_property() {
        Err(e) => return Err(fail(console, e)),
        Ok(Some(p)) if !listed.contains(&p) => {
            return Err(fail(
                console,
                format!(
                    "the task does not list the property {}; it lists {}",
                    p.name(),
                    if listed.is_empty() {
                        "none".into()
                    } else {
                        names()
                    }
                ),
            ))
        }
        Ok(Some(_)) => {}
        Ok(None) => match (listed.as_slice(), bound.property.is_some()) {
            ([one], false) => bound.property = Some(one.name().to_string()),
            ([one], true) => bound.task_property = Some(*one),
            ([], _) => return Err(fail(console, "the task lists no property to verify".into())),
            (_, _) => {
                return Err(fail(
                    console,
                    format!(
                        "the task lists several properties ({}): choose one with --property",
                        names()
                    ),
                ))
            }
        },
    }
    Ok(Some(task))
}

/// For a task file (`.yml`): reads it and takes its input file and data
/// model in place of the file named.
pub(crate) fn task_input(
    input: &mut crate::InputArgs,
    console: &mut Console<'_>,
) -> Result<Option<Task>, u8> {
    let is_task = input
        .file
        .extension()
        .is_some_and(|e| e == "yml" || e == "yaml");
    if !is_task {
        return Ok(None);
    }
    let task = lore_frontend::task::read_task(&input.file).map_err(|e| {
        report(&e, console);
        exit::BAD_INPUT
    })?;
    if task.input_files.len() > 1 {
        let _ = writeln!(
            console.err,
            "error: {}: the task has {} input files; Lore reads one C file (one translation unit)",
            task.path.display(),
            task.input_files.len()
        );
        return Err(exit::BAD_INPUT);
    }
    if let Some(model) = input.frontend.model_given() {
        if model != task.data_model {
            let _ = writeln!(
                console.err,
                "error: {}: the task's data model is {}, not the {} the command line asks for",
                task.path.display(),
                task.data_model.name(),
                model.name()
            );
            return Err(exit::BAD_INPUT);
        }
    }
    input.frontend.set_model(task.data_model);
    input.file = task.input_files[0].clone();
    Ok(Some(task))
}
