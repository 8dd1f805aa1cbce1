//! `--compare-cbmc`: CBMC's `--json-ui` results read and shown beside
//! Lore's, property by property.

use super::Page;
use crate::html::text;
use std::fmt::Write as _;

/// Whether Lore's property and CBMC's are the same check.
type Matcher<'m> = &'m dyn Fn(&lore_bmc::verify::PropertyReport, &CbmcResult) -> bool;

/// One property as CBMC's `--json-ui` output reports it.
#[derive(Clone, Debug)]
pub struct CbmcResult {
    pub property: String,
    pub file: String,
    pub line: u32,
    pub description: String,
    pub status: String,
}

/// The `result` list of CBMC's `--json-ui` output (an array of messages,
/// one of them `{"result": [...]}`).
pub fn read_cbmc_json(json: &str) -> Result<Vec<CbmcResult>, String> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    let messages = value
        .as_array()
        .ok_or("not CBMC's --json-ui output (an array of messages)")?;
    let results = messages
        .iter()
        .find_map(|m| m.get("result").and_then(|r| r.as_array()))
        .ok_or("no `result` list in CBMC's output (was it run with --json-ui?)")?;
    let field = |r: &serde_json::Value, k: &str| {
        r.get(k)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string()
    };
    Ok(results
        .iter()
        .map(|r| {
            let at = r.get("sourceLocation");
            let loc = |k: &str| at.and_then(|a| a.get(k)).and_then(|v| v.as_str());
            CbmcResult {
                property: field(r, "property"),
                file: loc("file").unwrap_or_default().to_string(),
                line: loc("line").and_then(|l| l.parse().ok()).unwrap_or(0),
                description: field(r, "description"),
                status: field(r, "status"),
            }
        })
        .collect())
}

pub(super) fn beside(page: &Page<'_>, out: &mut String, cbmc: &[CbmcResult]) {
    out.push_str(
        "<section id=\"cbmc\"><details class=\"part\" open><summary><h2>Beside CBMC</h2></summary>\n<p class=\"help\">Property by property: \
         matched by name, else by line. A row where one says SUCCESS and the other FAILURE is \
         a disagreement: run the program under gcc's sanitizers to see which is right.</p>\n\
         <table class=\"beside\"><thead><tr><th>Lore's property</th><th>Lore</th>\
         <th>CBMC's property</th><th>CBMC</th><th>where</th></tr></thead><tbody>\n",
    );
    // Lore's property for each of CBMC's: by name, else at the same line
    // with the same kind of check, else the one of its kind on each
    // side (reach_error's: CBMC places it in reach_error, Lore at the
    // call).
    let ours = &page.report.properties;
    let mut partner: Vec<Option<usize>> = vec![None; ours.len()];
    let mut used = vec![false; cbmc.len()];
    let file_of = |p: &lore_bmc::verify::PropertyReport| {
        page.program
            .sources
            .file(p.loc.file)
            .map(|f| f.short_name.clone())
            .unwrap_or_default()
    };
    let passes: [Matcher<'_>; 3] = [
        &|p, c| c.property == p.name,
        &|p, c| {
            c.line == p.loc.line
                && c.file.rsplit('/').next() == Some(file_of(p).as_str())
                && check_class(&c.property) == check_class(&p.name)
        },
        &|p, c| {
            let class = check_class(&p.name);
            class == check_class(&c.property)
                && ours
                    .iter()
                    .filter(|q| check_class(&q.name) == class)
                    .count()
                    == 1
                && cbmc
                    .iter()
                    .filter(|d| check_class(&d.property) == class)
                    .count()
                    == 1
        },
    ];
    for matches in passes {
        for (i, p) in ours.iter().enumerate() {
            if partner[i].is_some() {
                continue;
            }
            if let Some(j) = (0..cbmc.len()).find(|&j| !used[j] && matches(p, &cbmc[j])) {
                partner[i] = Some(j);
                used[j] = true;
            }
        }
    }
    let mut disagreements = 0;
    for (p, partner) in ours.iter().zip(&partner) {
        let (status, _) = page.shown_status(p);
        let (cname, cstatus, cwhat) = match partner {
            Some(j) => {
                let c = &cbmc[*j];
                (
                    c.property.as_str(),
                    c.status.as_str(),
                    c.description.as_str(),
                )
            }
            None => ("—", "—", ""),
        };
        let disagree = matches!(
            (status, cstatus),
            ("SUCCESS", "FAILURE") | ("FAILURE", "SUCCESS")
        );
        disagreements += usize::from(disagree);
        let _ = writeln!(
            out,
            "<tr{}><td><code>{}</code></td><td class=\"{status}\">{status}</td><td title=\"{}\"><code>{}</code></td>\
             <td class=\"{}\">{}</td><td>{}{}</td></tr>",
            if disagree { " class=\"disagree\"" } else { "" },
            text(&p.name),
            text(cwhat),
            text(cname),
            text(cstatus),
            text(cstatus),
            text(&page.short(p.loc)),
            if disagree { " <strong>DISAGREE</strong>" } else { "" }
        );
    }
    for (c, _) in cbmc.iter().zip(&used).filter(|(_, u)| !**u) {
        let _ = writeln!(
            out,
            "<tr><td>—</td><td>—</td><td><code>{}</code></td><td class=\"{}\">{}</td><td>{}:{}</td></tr>",
            text(&c.property),
            text(&c.status),
            text(&c.status),
            text(c.file.rsplit('/').next().unwrap_or("")),
            c.line
        );
    }
    let _ = writeln!(
        out,
        "</tbody></table>\n<p id=\"disagreements\">{}</p></details></section>",
        match disagreements {
            0 => "No disagreement.".to_string(),
            1 => "1 disagreement.".to_string(),
            n => format!("{n} disagreements."),
        }
    );
}

/// The kind of check a property's name says, alike for Lore's and CBMC's
/// names (`main.pointer-null.11:3` and `main.pointer_dereference.1` are
/// both `pointer`; a call of reach_error is `reach-error` for both).
fn check_class(name: &str) -> String {
    if name.starts_with("reach_error.") || name.contains(".reach_error.") {
        return "reach-error".into();
    }
    let kind = name
        .split('.')
        .nth(1)
        .unwrap_or("")
        .to_lowercase()
        .replace('_', "-");
    for (prefix, class) in [
        ("pointer", "pointer"),
        ("array", "bounds"),
        ("bounds", "bounds"),
        ("div", "division"),
        ("overflow", "overflow"),
        ("unwind", "unwind"),
        ("recursion", "unwind"),
    ] {
        if kind.starts_with(prefix) {
            return class.into();
        }
    }
    kind
}
