//! SV-COMP task definitions (`.yml`, formats 1.0 to 2.0) as the benchmarks use
//! them: read by the front end's task reader (`lore_frontend::task`), named
//! by their path under the benchmark root.

use lore_frontend::task::{read_task, SvCompProperty};
use lore_frontend::types::DataModel;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Task {
    /// `c/<category>/<name>` relative to the benchmark root.
    pub name: String,
    pub input_files: Vec<PathBuf>,
    /// Each property with its expected verdict and, for memory safety, the
    /// subproperty expected to fail, as far as the task gives them.
    pub properties: Vec<(SvCompProperty, Option<bool>, Option<String>)>,
    /// `ILP32` or `LP64`.
    pub data_model: String,
}

impl Task {
    pub fn read(yml: &Path, root: &Path) -> Result<Task, String> {
        let task = read_task(yml).map_err(|e| e.to_string())?;
        let name = yml
            .strip_prefix(root)
            .unwrap_or(yml)
            .with_extension("")
            .to_string_lossy()
            .into_owned();
        Ok(Task {
            name,
            input_files: task.input_files,
            properties: task
                .properties
                .iter()
                .map(|p| (p.property, p.expected, p.subproperty.clone()))
                .collect(),
            data_model: match task.data_model {
                DataModel::Lp64 => "LP64",
                DataModel::Ilp32 => "ILP32",
            }
            .to_string(),
        })
    }

    /// The expected verdict for the unreach-call property, if the task has one.
    pub fn unreach_call_verdict(&self) -> Option<bool> {
        self.expected(SvCompProperty::UnreachCall)
    }

    /// The expected verdict for `property`, if the task lists it with one.
    pub fn expected(&self, property: SvCompProperty) -> Option<bool> {
        self.properties
            .iter()
            .find(|(p, _, _)| *p == property)
            .and_then(|(_, expected, _)| *expected)
    }

    /// The subproperty the task expects to fail for `property`.
    pub fn subproperty(&self, property: SvCompProperty) -> Option<&str> {
        self.properties
            .iter()
            .find(|(p, _, _)| *p == property)
            .and_then(|(_, _, s)| s.as_deref())
    }
}

/// All `.yml` task files under a folder, sorted.
pub fn find_tasks(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(root, &mut |p| {
        if p.extension().is_some_and(|e| e == "yml") {
            out.push(p.to_path_buf());
        }
    });
    out.sort();
    out
}

/// Visits every file under `dir` (sorted walk, no symlink loops).
pub fn walk(dir: &Path, visit: &mut dyn FnMut(&Path)) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            walk(&p, visit);
        } else {
            visit(&p);
        }
    }
}
