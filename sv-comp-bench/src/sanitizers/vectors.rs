//! Reading the test vectors out of SANITIZERS.md (see the parent module
//! for what is read and how).

use super::show;
use super::spans::*;
use std::collections::BTreeSet;

/// One test vector: a whole input and the whole output expected.
#[derive(Debug, Clone, PartialEq)]
pub struct Vector {
    pub input: Vec<u8>,
    pub output: Vec<u8>,
    /// The words of its line outside code spans (a variant's name there
    /// restricts the vector to that variant).
    pub words: BTreeSet<String>,
    /// Where it comes from: `SANITIZERS.md:LINE`, and how.
    pub origin: String,
}

/// A candidate vector that could not be read as one input and its output.
#[derive(Debug, Clone, PartialEq)]
pub struct Skip {
    pub text: String,
    pub reason: String,
    pub words: BTreeSet<String>,
    pub origin: String,
}

/// A sanitizer's section and what it gives.
#[derive(Debug, Clone)]
pub struct Sanitizer {
    pub name: String,
    pub snake: String,
    pub line: usize,
    pub vectors: Vec<Vector>,
    pub skipped: Vec<Skip>,
}

/// What the file says.
#[derive(Debug, Clone)]
pub struct Spec {
    pub sanitizers: Vec<Sanitizer>,
    /// The benchmark names of Table 1 (a table whose first header is
    /// "benchmark").
    pub table1: Vec<String>,
    /// Table 1's second column (whether Sigma* learned it), by row.
    pub table1_learned: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    Heading,
    Table,
    Text,
}

/// A logical line: a heading, a table row, or a bullet or paragraph with
/// its continuation lines joined by one space.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    pub(crate) no: usize,
    pub(crate) kind: Kind,
    pub(crate) text: String,
}

pub(crate) fn logical_lines(md: &str) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    let mut open = false; // the last line is a Text line that may continue
    for (i, raw) in md.lines().enumerate() {
        let t = raw.trim();
        if t.is_empty() {
            open = false;
            continue;
        }
        let kind = if t.starts_with('#') {
            Kind::Heading
        } else if t.starts_with('|') {
            Kind::Table
        } else {
            Kind::Text
        };
        let bullet = t.starts_with("* ") || t.starts_with("- ");
        if kind == Kind::Text && open && !bullet {
            let last = out.last_mut().unwrap();
            last.text.push(' ');
            last.text.push_str(t);
            continue;
        }
        out.push(Line {
            no: i + 1,
            kind,
            text: t.to_string(),
        });
        open = kind == Kind::Text;
    }
    out
}

/// `**Name**` opening a paragraph (not a bullet) starts a section.
pub(crate) fn section_name(line: &Line) -> Option<String> {
    if line.kind != Kind::Text {
        return None;
    }
    let rest = line.text.strip_prefix("**")?;
    let name = &rest[..rest.find("**")?];
    let mut chars = name.chars();
    (chars.next()?.is_ascii_uppercase() && chars.all(|c| c.is_ascii_alphanumeric()))
        .then(|| name.to_string())
}

/// `CssUrlEscape` → `css_url_escape`.
pub fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

pub(crate) fn text_words(segs: &[Seg]) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for s in segs {
        if let Seg::Text(t) = s {
            for w in t.split(|c: char| !c.is_alphanumeric()) {
                if !w.is_empty() {
                    words.insert(w.to_lowercase());
                }
            }
        }
    }
    words
}

pub(crate) fn code_text(segs: &[Seg]) -> String {
    segs.iter()
        .map(|s| match s {
            Seg::Text(t) => t.clone(),
            Seg::Code(c) => format!("`{c}`"),
        })
        .collect()
}

pub(crate) const VERBS: [&str; 3] = ["becomes", "gives", "→"];

pub(crate) fn is_followed_by(s: &Seg) -> bool {
    matches!(s, Seg::Text(t) if t.trim() == "followed by")
}

/// Whether the text before a vector's input introduces a vector: nothing
/// (a bullet, a list, a parenthesis), "Example(s)", "Test(s)", "For
/// example" or "so", in the clause right before the input.
pub(crate) fn introduces_vector(seg: &Seg) -> bool {
    let Seg::Text(t) = seg else { return true };
    let clause = t.rsplit([',', ';', ':', '(', '.']).next().unwrap_or("");
    let clause = clause.trim().trim_start_matches('*').trim().to_lowercase();
    [
        "",
        "example",
        "examples",
        "test",
        "tests",
        "for example",
        "so",
    ]
    .contains(&clause.as_str())
}

/// Vectors written in prose on one logical line.
pub(crate) fn prose_vectors(line: &Line) -> (Vec<Vector>, Vec<Skip>) {
    let segs = segments(&line.text);
    let words = text_words(&segs);
    let (mut vectors, mut skipped) = (Vec::new(), Vec::new());
    for i in 1..segs.len() {
        let Seg::Text(t) = &segs[i] else { continue };
        if !matches!(segs[i - 1], Seg::Code(_)) {
            continue;
        }
        let tokens: Vec<&str> = t.split_whitespace().collect();
        // A candidate: the verb right after a span, or right before one.
        let verb_first = tokens.first().is_some_and(|w| VERBS.contains(w));
        let verb_last = tokens.last().is_some_and(|w| VERBS.contains(w))
            && matches!(segs.get(i + 1), Some(Seg::Code(_)));
        if !verb_first && !verb_last {
            continue;
        }
        // The spans joined by "followed by" before and after the verb.
        let mut first = i - 1;
        while first >= 2
            && is_followed_by(&segs[first - 1])
            && matches!(segs[first - 2], Seg::Code(_))
        {
            first -= 2;
        }
        let mut last = i + 1;
        let simple = tokens.len() == 1 && matches!(segs.get(i + 1), Some(Seg::Code(_)));
        if simple {
            while last + 2 < segs.len()
                && is_followed_by(&segs[last + 1])
                && matches!(segs[last + 2], Seg::Code(_))
            {
                last += 2;
            }
        }
        let mut shown = code_text(&segs[first..(last + 1).min(segs.len())]);
        if matches!(segs.get(last + 1), Some(Seg::Text(_))) {
            // The condition or prose that follows, up to the clause's end.
            let after = code_text(&segs[last + 1..]);
            let end = after.find([',', ';', '(']).unwrap_or(after.len());
            shown.push_str(after[..end].trim_end_matches('.'));
        }
        let shown = shown.trim().to_string();
        let origin = format!("SANITIZERS.md:{}", line.no);
        let skip = |reason: &str| Skip {
            text: shown.clone(),
            reason: reason.to_string(),
            words: words.clone(),
            origin: origin.clone(),
        };
        if !simple {
            skipped.push(skip(if verb_first {
                "a rule: its output is prose, not a literal string"
            } else {
                "a rule: words stand between the input and the output"
            }));
            continue;
        }
        if first > 0 && !introduces_vector(&segs[first - 1]) {
            skipped.push(skip("a rule stated in context, not a whole input"));
            continue;
        }
        if let Some(Seg::Text(after)) = segs.get(last + 1) {
            if after.trim_start().starts_with(|c: char| c.is_alphabetic()) {
                skipped.push(skip("a rule under a condition, not a whole input"));
                continue;
            }
        }
        let join = |from: usize, to: usize| -> Vec<u8> {
            let mut out = Vec::new();
            for s in &segs[from..=to] {
                if let Seg::Code(c) = s {
                    out.extend(span_bytes(c));
                }
            }
            out
        };
        vectors.push(Vector {
            input: join(first, i - 1),
            output: join(i + 1, last),
            words: words.clone(),
            origin,
        });
    }
    (vectors, skipped)
}

/// Splits a table row into its cells' segments.
pub(crate) fn cells(row: &str) -> Vec<Vec<Seg>> {
    let mut out: Vec<Vec<Seg>> = vec![Vec::new()];
    for s in segments(row) {
        match s {
            Seg::Code(_) => out.last_mut().unwrap().push(s),
            Seg::Text(t) => {
                let mut parts = t.split('|');
                if let Some(p) = parts.next() {
                    if !p.is_empty() {
                        out.last_mut().unwrap().push(Seg::Text(p.to_string()));
                    }
                }
                for p in parts {
                    out.push(Vec::new());
                    if !p.is_empty() {
                        out.last_mut().unwrap().push(Seg::Text(p.to_string()));
                    }
                }
            }
        }
    }
    // The text before the first `|` and after the last one is no cell.
    let blank = |c: &Vec<Seg>| {
        c.iter()
            .all(|s| matches!(s, Seg::Text(t) if t.trim().is_empty()))
    };
    if out.first().is_some_and(blank) {
        out.remove(0);
    }
    if out.last().is_some_and(blank) {
        out.pop();
    }
    out
}

pub(crate) fn cell_text(cell: &[Seg]) -> String {
    code_text(cell).trim().to_string()
}

pub(crate) fn control_name(w: &str) -> Option<u8> {
    Some(match w {
        "NUL" => 0x00,
        "BS" => 0x08,
        "TAB" => 0x09,
        "LF" => 0x0A,
        "VT" => 0x0B,
        "FF" => 0x0C,
        "CR" => 0x0D,
        _ => return None,
    })
}

pub(crate) fn hex_word(w: &str) -> Option<u8> {
    let h = w.strip_prefix("0x")?;
    (!h.is_empty() && h.len() <= 2)
        .then(|| u8::from_str_radix(h, 16).ok())
        .flatten()
}

pub(crate) fn code_point_word(w: &str) -> Option<Vec<u8>> {
    let h = w.strip_prefix("U+")?;
    let c = char::from_u32(u32::from_str_radix(h, 16).ok()?)?;
    Some(c.to_string().into_bytes())
}

/// The inputs an input cell names, or why it names none.
pub(crate) fn input_cell(cell: &[Seg]) -> Result<Vec<Vec<u8>>, String> {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    let mut confirm: Option<Vec<u8>> = None;
    let mut last_name: Option<u8> = None; // `BS` just read: `0x08` may follow
    for s in cell {
        match s {
            Seg::Code(c) => {
                inputs.push(span_bytes(c));
                last_name = None;
            }
            Seg::Text(t) => {
                let mut rest = t.as_str();
                while !rest.trim().is_empty() {
                    let r = rest.trim_start();
                    if let Some(inner) = r.strip_prefix('(') {
                        let end = inner.find(')').ok_or("an unclosed parenthesis")?;
                        let list: Option<Vec<u8>> = inner[..end]
                            .split(',')
                            .map(|w| hex_word(w.trim()))
                            .collect();
                        match list {
                            Some(l) if confirm.is_none() => confirm = Some(l),
                            _ => return Err(format!("a remark: ({})", &inner[..end])),
                        }
                        rest = &inner[end + 1..];
                        continue;
                    }
                    let end = r.find(char::is_whitespace).unwrap_or(r.len());
                    let w = &r[..end];
                    rest = &r[end..];
                    if let Some(b) = control_name(w) {
                        inputs.push(vec![b]);
                        last_name = Some(b);
                    } else if let Some(b) = hex_word(w) {
                        if last_name != Some(b) {
                            inputs.push(vec![b]);
                        }
                        last_name = None;
                    } else if let Some(bytes) = code_point_word(w) {
                        inputs.push(bytes);
                        last_name = None;
                    } else {
                        return Err(format!("not a byte or a span: {w:?}"));
                    }
                }
            }
        }
    }
    if let Some(list) = confirm {
        if list.len() != inputs.len() || inputs.iter().zip(&list).any(|(i, &b)| i != &[b]) {
            return Err("the bytes in parentheses do not match".into());
        }
    }
    if inputs.is_empty() {
        return Err("no input".into());
    }
    Ok(inputs)
}

/// The vectors of a table, if it is a vector table (two columns, the second
/// headed "output...").
pub(crate) fn table_vectors(rows: &[Line]) -> Option<(Vec<Vector>, Vec<Skip>)> {
    let header = cells(&rows.first()?.text);
    if header.len() != 2 {
        return None;
    }
    let out_header = cell_text(&header[1]).to_lowercase();
    if !out_header.starts_with("output") {
        return None;
    }
    let literal = out_header.contains("literal");
    let (mut vectors, mut skipped) = (Vec::new(), Vec::new());
    for row in &rows[1..] {
        let c = cells(&row.text);
        let is_rule = |cell: &Vec<Seg>| {
            let t = cell_text(cell);
            !t.is_empty() && t.chars().all(|ch| ch == '-' || ch == ':' || ch == ' ')
        };
        if c.iter().all(is_rule) {
            continue;
        }
        let origin = format!("SANITIZERS.md:{} (table)", row.no);
        let shown = c
            .iter()
            .map(|x| cell_text(x))
            .collect::<Vec<_>>()
            .join(" | ");
        let skip = |reason: String| Skip {
            text: shown.clone(),
            reason,
            words: BTreeSet::new(),
            origin: origin.clone(),
        };
        if c.len() != 2 {
            skipped.push(skip("not two cells".into()));
            continue;
        }
        let spans: Vec<&String> = c[1]
            .iter()
            .filter_map(|s| match s {
                Seg::Code(x) => Some(x),
                _ => None,
            })
            .collect();
        let output = match spans.as_slice() {
            [one] => {
                if literal {
                    one.as_bytes().to_vec()
                } else {
                    unescape(one)
                }
            }
            _ => {
                skipped.push(skip("the output is not one literal string".into()));
                continue;
            }
        };
        match input_cell(&c[0]) {
            Ok(inputs) => {
                for input in inputs {
                    vectors.push(Vector {
                        input,
                        output: output.clone(),
                        words: BTreeSet::new(),
                        origin: origin.clone(),
                    });
                }
            }
            Err(why) => skipped.push(skip(format!("the input is not literal ({why})"))),
        }
    }
    Some((vectors, skipped))
}

/// `` `A` alone is invalid, `B` and `C` are valid ``: (input, valid) pairs.
pub(crate) fn validity_statements(line: &Line) -> Vec<(Vec<u8>, bool)> {
    let mut out = Vec::new();
    let mut group: Vec<Vec<u8>> = Vec::new();
    for s in segments(&line.text) {
        match s {
            Seg::Code(c) => group.push(span_bytes(&c)),
            Seg::Text(t) => {
                let words: Vec<&str> = t
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .collect();
                let w: Vec<&str> = match words.first() {
                    Some(&"alone") => words[1..].to_vec(),
                    _ => words.clone(),
                };
                if w.len() >= 2
                    && (w[0] == "is" || w[0] == "are")
                    && (w[1] == "valid" || w[1] == "invalid")
                {
                    for g in group.drain(..) {
                        out.push((g, w[1] == "valid"));
                    }
                } else if !(words.is_empty() || words == ["and"] || words == ["or"]) {
                    group.clear();
                }
            }
        }
    }
    out
}

/// `the whole input if valid, else `S``: S.
pub(crate) fn invalid_output(line: &Line) -> Option<Vec<u8>> {
    if !line.text.contains("if valid") {
        return None;
    }
    let segs = segments(&line.text);
    segs.windows(2).find_map(|w| match w {
        [Seg::Text(t), Seg::Code(c)] if t.trim_end().ends_with("else") => Some(span_bytes(c)),
        _ => None,
    })
}

/// `the same five entity rules as HtmlEscape`: (count, name).
pub(crate) fn same_entities(line: &Line) -> Option<(usize, String)> {
    let segs = segments(&line.text);
    let words: Vec<String> = segs
        .iter()
        .map(|s| match s {
            Seg::Text(t) => t.as_str(),
            Seg::Code(_) => " ` ",
        })
        .collect::<String>()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    const NUMBERS: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    for i in 0..words.len().saturating_sub(4) {
        if !words[i].eq_ignore_ascii_case("same") {
            continue;
        }
        let n = NUMBERS
            .iter()
            .position(|w| words[i + 1].eq_ignore_ascii_case(w))
            .map(|k| k + 1)
            .or_else(|| words[i + 1].parse().ok());
        let Some(n) = n else { continue };
        if !words[i + 2].to_lowercase().starts_with("entit") {
            continue;
        }
        let k = (i + 3..words.len().min(i + 6)).find(|&k| words[k] == "as")?;
        return Some((n, words.get(k + 1)?.clone()));
    }
    None
}

pub(crate) fn is_entity(b: &[u8]) -> bool {
    b.len() >= 3
        && b[0] == b'&'
        && b[b.len() - 1] == b';'
        && b[1..b.len() - 1]
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == b'#')
}

/// Reads the sanitizers and their vectors out of SANITIZERS.md.
pub fn parse(md: &str) -> Spec {
    let lines = logical_lines(md);
    let mut sanitizers: Vec<Sanitizer> = Vec::new();
    let mut table1 = Vec::new();
    let mut table1_learned = Vec::new();
    // Cross-references, resolved once every table is read.
    let mut refs: Vec<(usize, usize, String, BTreeSet<String>, String)> = Vec::new();
    let mut current: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        match line.kind {
            Kind::Heading => current = None,
            Kind::Table => {
                let end = (i..lines.len())
                    .find(|&k| lines[k].kind != Kind::Table)
                    .unwrap_or(lines.len());
                let rows = &lines[i..end];
                let header = cells(&rows[0].text);
                if table1.is_empty() && header.first().is_some_and(|h| cell_text(h) == "benchmark")
                {
                    for row in &rows[1..] {
                        let name =
                            cell_text(cells(&row.text).first().map_or(&[][..], |c| c.as_slice()));
                        if !name.is_empty() && !name.chars().all(|c| c == '-' || c == ':') {
                            table1.push(name);
                            let c = cells(&row.text);
                            table1_learned
                                .push(c.get(1).map_or(String::new(), |c| cell_text(c.as_slice())));
                        }
                    }
                }
                if let (Some(s), Some((v, sk))) = (current, table_vectors(rows)) {
                    sanitizers[s].vectors.extend(v);
                    sanitizers[s].skipped.extend(sk);
                }
                i = end;
                continue;
            }
            Kind::Text => {
                if let Some(name) = section_name(line) {
                    sanitizers.push(Sanitizer {
                        snake: snake_case(&name),
                        name,
                        line: line.no,
                        vectors: Vec::new(),
                        skipped: Vec::new(),
                    });
                    current = Some(sanitizers.len() - 1);
                }
                if let Some(s) = current {
                    let (v, sk) = prose_vectors(line);
                    sanitizers[s].vectors.extend(v);
                    sanitizers[s].skipped.extend(sk);
                    if let Some((n, name)) = same_entities(line) {
                        let words = text_words(&segments(&line.text));
                        refs.push((s, n, name, words, format!("SANITIZERS.md:{}", line.no)));
                    }
                }
            }
        }
        i += 1;
    }
    // Validity statements, per section.
    for s in 0..sanitizers.len() {
        let start = sanitizers[s].line;
        let end = sanitizers.get(s + 1).map_or(usize::MAX, |n| n.line);
        let section: Vec<&Line> = lines
            .iter()
            .filter(|l| l.no >= start && l.no < end)
            .collect();
        let stop = section
            .iter()
            .position(|l| l.kind == Kind::Heading)
            .unwrap_or(section.len());
        let section = &section[..stop];
        let invalid = section.iter().find_map(|l| invalid_output(l));
        for l in section {
            let words = text_words(&segments(&l.text));
            for (input, valid) in validity_statements(l) {
                let origin = format!(
                    "SANITIZERS.md:{} ({})",
                    l.no,
                    if valid { "valid" } else { "invalid" }
                );
                match (&invalid, valid) {
                    (_, true) => sanitizers[s].vectors.push(Vector {
                        output: input.clone(),
                        input,
                        words: words.clone(),
                        origin,
                    }),
                    (Some(out), false) => sanitizers[s].vectors.push(Vector {
                        input,
                        output: out.clone(),
                        words: words.clone(),
                        origin,
                    }),
                    (None, false) => sanitizers[s].skipped.push(Skip {
                        text: show(&input),
                        reason: "invalid, but the section does not say what an invalid input gives"
                            .into(),
                        words: words.clone(),
                        origin,
                    }),
                }
            }
        }
    }
    for (s, n, name, words, origin) in refs {
        let source = sanitizers
            .iter()
            .find(|x| x.name.eq_ignore_ascii_case(&name));
        let rows: Vec<Vector> = source
            .map(|x| {
                x.vectors
                    .iter()
                    .filter(|v| v.origin.ends_with("(table)") && is_entity(&v.output))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        if rows.len() == n {
            for v in rows {
                sanitizers[s].vectors.push(Vector {
                    words: words.clone(),
                    origin: format!("{origin} (= {name}, {})", v.origin),
                    ..v
                });
            }
        } else {
            sanitizers[s].skipped.push(Skip {
                text: format!("the same {n} entity rules as {name}"),
                reason: format!("{name} has {} entity rows in a table, not {n}", rows.len()),
                words,
                origin,
            });
        }
    }
    for s in &mut sanitizers {
        let mut seen: Vec<Vector> = Vec::new();
        for v in std::mem::take(&mut s.vectors) {
            if !seen
                .iter()
                .any(|w| w.input == v.input && w.output == v.output && w.words == v.words)
            {
                seen.push(v);
            }
        }
        s.vectors = seen;
    }
    Spec {
        sanitizers,
        table1,
        table1_learned,
    }
}
