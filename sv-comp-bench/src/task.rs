//! SV-COMP task definitions (`.yml`, format 2.0): the input files, the
//! properties with expected verdicts, and the data model.
//!
//! Only the subset of YAML these files use is read: `key: value` lines,
//! lists of `- item` lines, and nested keys by indentation.

use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Task {
    /// `c/<category>/<name>` relative to the benchmark root.
    pub name: String,
    pub input_files: Vec<PathBuf>,
    pub properties: Vec<TaskProperty>,
    /// `ILP32` or `LP64`.
    pub data_model: String,
}

#[derive(Clone, Debug)]
pub struct TaskProperty {
    pub property_file: String,
    /// `Some(true)`, `Some(false)`, or `None` when the task gives none.
    pub expected_verdict: Option<bool>,
}

impl Task {
    pub fn read(yml: &Path, root: &Path) -> Result<Task, String> {
        let text = std::fs::read_to_string(yml).map_err(|e| format!("{}: {e}", yml.display()))?;
        let dir = yml.parent().unwrap_or(Path::new("."));
        let mut input_files = Vec::new();
        let mut properties: Vec<TaskProperty> = Vec::new();
        let mut data_model = "ILP32".to_string();
        let mut section = String::new();
        for raw in text.lines() {
            let line = raw.split(" #").next().unwrap_or("").trim_end();
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let indented = line.starts_with(' ');
            let item = line.trim_start();
            let (is_list_item, body) = match item.strip_prefix("- ") {
                Some(rest) => (true, rest.trim()),
                None => (false, item),
            };
            let (key, value) = match body.split_once(':') {
                Some((k, v)) => (k.trim(), unquote(v.trim())),
                None => ("", unquote(body)),
            };
            if !indented && !is_list_item {
                section = key.to_string();
                if key == "input_files" && !value.is_empty() {
                    input_files.push(dir.join(value));
                }
                continue;
            }
            match section.as_str() {
                "input_files" if is_list_item => input_files.push(dir.join(unquote(body))),
                "properties" => {
                    if is_list_item {
                        properties.push(TaskProperty {
                            property_file: String::new(),
                            expected_verdict: None,
                        });
                    }
                    if let Some(p) = properties.last_mut() {
                        match key {
                            "property_file" => p.property_file = value.to_string(),
                            "expected_verdict" => p.expected_verdict = Some(value == "true"),
                            _ => {}
                        }
                    }
                }
                "options" if key == "data_model" => data_model = value.to_string(),
                _ => {}
            }
        }
        let name = yml
            .strip_prefix(root)
            .unwrap_or(yml)
            .with_extension("")
            .to_string_lossy()
            .into_owned();
        Ok(Task {
            name,
            input_files,
            properties,
            data_model,
        })
    }

    /// The expected verdict for the unreach-call property, if the task has one.
    pub fn unreach_call_verdict(&self) -> Option<bool> {
        self.properties
            .iter()
            .find(|p| p.property_file.ends_with("unreach-call.prp"))
            .and_then(|p| p.expected_verdict)
    }
}

fn unquote(s: &str) -> &str {
    s.trim_matches(|c| c == '\'' || c == '"')
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
