//! SV-COMP task definitions: the `.yml` file of a verification task (formats
//! 1.0, 1.1 and 2.0 of sv-benchmarks) and the `.prp` files it names.
//!
//! A task names its input files relative to itself, a list of properties
//! (each a `.prp` file with, optionally, the expected verdict and, for
//! memory safety, the subproperty that fails), and options: the language
//! and the data model. Reading a task checks what Lore relies on and
//! reports anything else as a [`TaskError`] with the line it is on.

use crate::types::DataModel;
use std::fmt;
use std::path::{Path, PathBuf};
use yaml_rust2::{Yaml, YamlLoader};

/// An SV-COMP property, as its `.prp` file states it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SvCompProperty {
    /// `G ! call(reach_error())`: no call of the error function.
    UnreachCall,
    /// `G ! overflow`: no signed integer overflow.
    NoOverflow,
    /// `G valid-free`, `G valid-deref`, `G valid-memtrack`: memory safety.
    ValidMemsafety,
    /// `G valid-memcleanup`: every allocated block freed at the end.
    ValidMemcleanup,
    /// `F end`: every execution ends.
    Termination,
    /// `G ! data-race`.
    NoDataRace,
    /// `COVER(…)`: test generation.
    Coverage,
}

impl SvCompProperty {
    /// The name SV-COMP uses (the `.prp` file's stem).
    pub fn name(self) -> &'static str {
        match self {
            SvCompProperty::UnreachCall => "unreach-call",
            SvCompProperty::NoOverflow => "no-overflow",
            SvCompProperty::ValidMemsafety => "valid-memsafety",
            SvCompProperty::ValidMemcleanup => "valid-memcleanup",
            SvCompProperty::Termination => "termination",
            SvCompProperty::NoDataRace => "no-data-race",
            SvCompProperty::Coverage => "coverage",
        }
    }

    /// The property a name stands for: SV-COMP's names, and the names of
    /// memory safety's subproperties.
    pub fn from_name(name: &str) -> Option<SvCompProperty> {
        Some(match name {
            "unreach-call" => SvCompProperty::UnreachCall,
            "no-overflow" => SvCompProperty::NoOverflow,
            "valid-memsafety" | "valid-deref" | "valid-free" | "valid-memtrack" => {
                SvCompProperty::ValidMemsafety
            }
            "valid-memcleanup" => SvCompProperty::ValidMemcleanup,
            "termination" => SvCompProperty::Termination,
            "no-data-race" => SvCompProperty::NoDataRace,
            n if n.starts_with("coverage") => SvCompProperty::Coverage,
            _ => return None,
        })
    }

    /// The property a `.prp` file's text states, if it is one of these.
    pub fn from_prp(text: &str) -> Option<SvCompProperty> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if t.contains("COVER(") {
            Some(SvCompProperty::Coverage)
        } else if t.contains("G!call(") {
            Some(SvCompProperty::UnreachCall)
        } else if t.contains("G!overflow") {
            Some(SvCompProperty::NoOverflow)
        } else if t.contains("Gvalid-memcleanup") {
            Some(SvCompProperty::ValidMemcleanup)
        } else if t.contains("Gvalid-") {
            Some(SvCompProperty::ValidMemsafety)
        } else if t.contains("Fend") {
            Some(SvCompProperty::Termination)
        } else if t.contains("G!data-race") {
            Some(SvCompProperty::NoDataRace)
        } else {
            None
        }
    }
}

/// One property of a task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskProperty {
    /// The `.prp` file, resolved against the task's folder.
    pub file: PathBuf,
    /// What the file states (from its text when it can be read, else from
    /// its name).
    pub property: SvCompProperty,
    /// The `.prp` file's text, when it could be read.
    pub specification: Option<String>,
    /// `expected_verdict`, when the task states one.
    pub expected: Option<bool>,
    /// `subproperty` (memory safety's `valid-deref`, `valid-free`,
    /// `valid-memtrack`), when the task states one.
    pub subproperty: Option<String>,
}

/// A verification task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    pub path: PathBuf,
    /// The input files, resolved against the task's folder.
    pub input_files: Vec<PathBuf>,
    pub properties: Vec<TaskProperty>,
    /// `options.data_model`; ILP32 when the task states none.
    pub data_model: DataModel,
}

impl Task {
    /// The property of kind `property`, if the task lists it.
    pub fn property(&self, property: SvCompProperty) -> Option<&TaskProperty> {
        self.properties.iter().find(|p| p.property == property)
    }

    /// The properties the task asks to verify (test-generation's
    /// `coverage-*` are not verification properties), in its order.
    pub fn verification_properties(&self) -> Vec<SvCompProperty> {
        let mut out = Vec::new();
        for p in &self.properties {
            if p.property != SvCompProperty::Coverage && !out.contains(&p.property) {
                out.push(p.property);
            }
        }
        out
    }
}

/// Why a task file is refused: what, and where (1-based line and column;
/// line 0 when the problem is the whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskError {
    pub path: PathBuf,
    /// The file's text, when it could be read (to draw the place).
    pub text: Option<String>,
    pub message: String,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for TaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.path.display(),
                self.line,
                self.column,
                self.message
            )
        } else {
            write!(f, "{}: {}", self.path.display(), self.message)
        }
    }
}

impl std::error::Error for TaskError {}

/// The task-definition formats Lore reads.
pub const FORMAT_VERSIONS: [&str; 3] = ["1.0", "1.1", "2.0"];

/// Reads a task file and the property files it names.
pub fn read_task(path: &Path) -> Result<Task, TaskError> {
    let text = std::fs::read_to_string(path).map_err(|e| TaskError {
        path: path.to_path_buf(),
        text: None,
        message: if e.kind() == std::io::ErrorKind::NotFound {
            "cannot read the task: no such file".to_string()
        } else {
            format!("cannot read the task: {e}")
        },
        line: 0,
        column: 0,
    })?;
    parse_task(path, &text)
}

/// Reads a task from its text; `path` places the files it names.
pub fn parse_task(path: &Path, text: &str) -> Result<Task, TaskError> {
    let error = |message: String, line: usize, column: usize| TaskError {
        path: path.to_path_buf(),
        text: Some(text.to_string()),
        message,
        line,
        column,
    };
    // Where a key is written, for messages (the YAML reader keeps no places).
    let line_of = |key: &str| {
        text.lines()
            .position(|l| {
                let l = l.trim_start().trim_start_matches("- ");
                l.starts_with(key) && l[key.len()..].trim_start().starts_with(':')
            })
            .map_or((0, 0), |i| {
                let l = text.lines().nth(i).unwrap_or("");
                (i + 1, l.find(key).unwrap_or(0) + 1)
            })
    };
    let at = |message: String, key: &str| {
        let (line, column) = line_of(key);
        error(message, line, column)
    };
    let docs = YamlLoader::load_from_str(text).map_err(|e| {
        let m = e.marker();
        error(
            format!("not YAML: {}", e.info()),
            m.line().max(1),
            m.col() + 1,
        )
    })?;
    let [doc] = docs.as_slice() else {
        return Err(error(
            format!("a task is one YAML document, not {}", docs.len()),
            0,
            0,
        ));
    };
    if doc.as_hash().is_none() {
        return Err(error(
            "a task is a mapping of keys (format_version, input_files, properties, options)".into(),
            1,
            1,
        ));
    }
    // Formats 1.0 and 1.1 (most no-overflow and memsafety tasks in
    // circulation) have the same keys as 2.0 for what Lore reads; only 2.0
    // requires `options.language`.
    match &doc["format_version"] {
        Yaml::String(v) | Yaml::Real(v) if FORMAT_VERSIONS.contains(&v.as_str()) => {}
        Yaml::BadValue => {
            return Err(at(
                format!(
                    "the task has no `format_version` (Lore reads formats {})",
                    FORMAT_VERSIONS.join(", ")
                ),
                "format_version",
            ))
        }
        other => {
            return Err(at(
                format!(
                    "format_version {} is none of {}",
                    show(other),
                    FORMAT_VERSIONS.join(", ")
                ),
                "format_version",
            ))
        }
    }
    let folder = path.parent().unwrap_or(Path::new(""));
    let input_files: Vec<PathBuf> = match &doc["input_files"] {
        Yaml::String(f) => vec![folder.join(f)],
        Yaml::Array(items) if !items.is_empty() => {
            let mut files = Vec::new();
            for item in items {
                match item {
                    Yaml::String(f) => files.push(folder.join(f)),
                    other => {
                        return Err(at(
                            format!("an input file is a file name, not {}", show(other)),
                            "input_files",
                        ))
                    }
                }
            }
            files
        }
        Yaml::BadValue => return Err(at("the task has no `input_files`".into(), "input_files")),
        other => {
            return Err(at(
                format!(
                    "`input_files` is a file name or a list of them, not {}",
                    show(other)
                ),
                "input_files",
            ))
        }
    };
    let options = &doc["options"];
    match &options["language"] {
        Yaml::String(l) if l == "C" => {}
        Yaml::BadValue => {}
        other => {
            return Err(at(
                format!("the task's language is {}; Lore verifies C", show(other)),
                "language",
            ))
        }
    }
    let data_model = match &options["data_model"] {
        Yaml::String(m) if m == "ILP32" => DataModel::Ilp32,
        Yaml::String(m) if m == "LP64" => DataModel::Lp64,
        Yaml::BadValue => DataModel::Ilp32,
        other => {
            return Err(at(
                format!("data_model {} is neither ILP32 nor LP64", show(other)),
                "data_model",
            ))
        }
    };
    let Yaml::Array(listed) = &doc["properties"] else {
        return Err(at(
            "the task has no list of `properties`".into(),
            "properties",
        ));
    };
    let mut properties = Vec::new();
    for p in listed {
        let Yaml::String(file) = &p["property_file"] else {
            return Err(at(
                "each property has a `property_file`".into(),
                "properties",
            ));
        };
        let prp = folder.join(file);
        let specification = std::fs::read_to_string(&prp).ok();
        let stem = Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let property = specification
            .as_deref()
            .and_then(SvCompProperty::from_prp)
            .or_else(|| SvCompProperty::from_name(&stem))
            .ok_or_else(|| {
                at(
                    format!("`{file}` is no SV-COMP property Lore knows"),
                    "property_file",
                )
            })?;
        let expected = match &p["expected_verdict"] {
            Yaml::Boolean(b) => Some(*b),
            Yaml::BadValue => None,
            other => {
                return Err(at(
                    format!("expected_verdict {} is neither true nor false", show(other)),
                    "expected_verdict",
                ))
            }
        };
        let subproperty = p["subproperty"].as_str().map(str::to_string);
        properties.push(TaskProperty {
            file: prp,
            property,
            specification,
            expected,
            subproperty,
        });
    }
    Ok(Task {
        path: path.to_path_buf(),
        input_files,
        properties,
        data_model,
    })
}

/// A YAML value in a message.
fn show(value: &Yaml) -> String {
    match value {
        Yaml::String(s) => format!("`{s}`"),
        Yaml::Real(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        Yaml::Null => "empty".to_string(),
        Yaml::Array(_) => "a list".to_string(),
        Yaml::Hash(_) => "a mapping".to_string(),
        _ => "this".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TASK: &str = "format_version: '2.0'\n\
        input_files: 'prog.c'\n\
        properties:\n  \
        - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\n  \
        - property_file: ../properties/valid-memsafety.prp\n    expected_verdict: false\n    subproperty: valid-free\n\
        options:\n  language: C\n  data_model: LP64\n";

    #[test]
    fn a_task_names_its_files_properties_and_data_model() {
        let t = parse_task(Path::new("/tasks/c/x/prog.yml"), TASK).unwrap();
        assert_eq!(t.input_files, vec![PathBuf::from("/tasks/c/x/prog.c")]);
        assert_eq!(t.data_model, DataModel::Lp64);
        assert_eq!(t.properties.len(), 2);
        let reach = t.property(SvCompProperty::UnreachCall).unwrap();
        assert_eq!(reach.expected, Some(false));
        let mem = t.property(SvCompProperty::ValidMemsafety).unwrap();
        assert_eq!(mem.subproperty.as_deref(), Some("valid-free"));
    }

    #[test]
    fn a_broken_task_is_refused_at_its_line() {
        let e = parse_task(
            Path::new("t.yml"),
            "format_version: '2.0'\ninput_files: [a.c\n",
        )
        .unwrap_err();
        assert!(e.message.starts_with("not YAML"), "{e}");
        assert!(e.line >= 2, "{e:?}");
        let e = parse_task(
            Path::new("t.yml"),
            "format_version: '2.0'\nproperties: []\n",
        )
        .unwrap_err();
        assert_eq!(e.message, "the task has no `input_files`");
        let bad = TASK.replace("LP64", "LLP64");
        let e = parse_task(Path::new("t.yml"), &bad).unwrap_err();
        assert_eq!((e.line, e.column), (11, 3), "{e:?}");
        let e = parse_task(Path::new("t.yml"), &TASK.replace("2.0", "0.9")).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("none of 1.0, 1.1, 2.0"), "{e}");
        for v in FORMAT_VERSIONS {
            let t = parse_task(Path::new("t.yml"), &TASK.replace("2.0", v)).unwrap();
            assert_eq!(t.properties.len(), 2);
        }
    }

    #[test]
    fn properties_are_read_from_their_text() {
        let reach = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n";
        assert_eq!(
            SvCompProperty::from_prp(reach),
            Some(SvCompProperty::UnreachCall)
        );
        let mem =
            "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n";
        assert_eq!(
            SvCompProperty::from_prp(mem),
            Some(SvCompProperty::ValidMemsafety)
        );
        assert_eq!(
            SvCompProperty::from_prp("CHECK( init(main()), LTL(G ! overflow) )"),
            Some(SvCompProperty::NoOverflow)
        );
        assert_eq!(
            SvCompProperty::from_prp("CHECK( init(main()), LTL(F end) )"),
            Some(SvCompProperty::Termination)
        );
    }
}
