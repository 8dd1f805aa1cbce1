//! Witnesses and test harnesses (`verify --witness`, `--harness`): a FALSE
//! verdict's replayed counterexample as an SV-COMP violation witness
//! (format 2.0 YAML, or GraphML 1.0), a TRUE verdict as a correctness
//! witness, and the counterexample's inputs as C definitions of the
//! `__VERIFIER_nondet_*` functions, so that compiling the program with the
//! harness and running it reproduces the failure without Lore.
//!
//! Waypoint locations follow the format: a nondet value is the return value
//! of its call (`function_return` at the call's closing parenthesis), a
//! branch is taken or not at its `if`/`while`/`for` keyword, the target is
//! the statement that fails. A column is written only where the source text
//! confirms it; otherwise the line alone, which the format allows.

use lore_bmc::interp::{Waypoint, WaypointKind};
use lore_frontend::ir::Program;
use lore_frontend::source::{Loc, SourceMap};
use lore_frontend::types::{DataModel, TypeKind};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use yaml_rust2::yaml::{Hash, Yaml};
use yaml_rust2::YamlEmitter;

/// What a witness is about: the input file, its text, the property.
pub struct Subject<'a> {
    pub program: &'a Program,
    pub sources: &'a SourceMap,
    /// The C file as given on the command line (or by the task).
    pub file: String,
    /// Its bytes, for the SHA-256 the formats ask for.
    pub text: Vec<u8>,
    /// The property in LTL, as the `.prp` file writes it inside `LTL(…)`.
    pub specification: String,
    pub data_model: DataModel,
}

impl Subject<'_> {
    fn hash(&self) -> String {
        hex(&Sha256::digest(&self.text))
    }
}

/// The LTL formula of an SV-COMP property category as a verdict names it
/// (`unreach-call`, `no-overflow`, `valid-deref`, …).
pub fn specification(category: &str) -> String {
    match category {
        "no-overflow" => "G ! overflow".to_string(),
        "valid-deref" | "valid-free" | "valid-memtrack" | "valid-memcleanup" => {
            format!("G {category}")
        }
        _ => "G ! call(reach_error())".to_string(),
    }
}

/// The values the failing execution read, in order, with the C type of
/// each `__VERIFIER_nondet_*` call that returned it.
struct Input<'w> {
    waypoint: &'w Waypoint,
    /// `int`, `unsigned char`, … (the nondet function's name says it).
    nondet: String,
    value: u128,
    bits: u32,
}

/// The nondet calls among the waypoints, with their values.
fn inputs<'w>(subject: &Subject<'_>, waypoints: &'w [Waypoint]) -> Vec<Input<'w>> {
    waypoints
        .iter()
        .filter_map(|w| {
            let WaypointKind::Input { ty, bytes } = &w.kind else {
                return None;
            };
            let text = text_at(subject.sources, w.loc)?;
            let name = text.strip_prefix("__VERIFIER_nondet_")?;
            let name: String = name
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let value = bytes
                .iter()
                .rev()
                .fold(0u128, |v, &b| (v << 8) | u128::from(b));
            let bits = subject.program.types.bit_width(*ty);
            Some(Input {
                waypoint: w,
                nondet: name,
                value,
                bits,
            })
        })
        .collect()
}

/// The source text from `loc` to the end of its line, if known.
fn text_at(sources: &SourceMap, loc: Loc) -> Option<&str> {
    let file = sources.file(loc.file)?;
    let text = file.text.as_deref()?;
    let line = text.lines().nth(loc.line.checked_sub(1)? as usize)?;
    line.get(loc.col.checked_sub(1)? as usize..)
}

/// The column of the parenthesis closing the call that starts at `loc`.
fn closing_parenthesis(sources: &SourceMap, loc: Loc) -> Option<u32> {
    let rest = text_at(sources, loc)?;
    let open = rest.find('(')?;
    let mut depth = 0;
    for (i, c) in rest[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(loc.col + (open + i) as u32);
                }
            }
            '"' | '\'' => return None,
            _ => {}
        }
    }
    None
}

/// A witness location: file, line, the column where `column` says, and the
/// function.
fn location(subject: &Subject<'_>, loc: Loc, column: Option<u32>, function: &str) -> Yaml {
    let mut h = Hash::new();
    h.insert(s("file_name"), s(&subject.file));
    h.insert(s("line"), Yaml::Integer(i64::from(loc.line)));
    if let Some(c) = column {
        h.insert(s("column"), Yaml::Integer(i64::from(c)));
    }
    h.insert(s("function"), s(function));
    Yaml::Hash(h)
}

fn s(text: &str) -> Yaml {
    Yaml::String(text.to_string())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// The metadata of a YAML witness.
fn metadata(subject: &Subject<'_>, content_digest: &[u8]) -> Yaml {
    let mut producer = Hash::new();
    producer.insert(s("name"), s("Lore"));
    producer.insert(s("version"), s(env!("CARGO_PKG_VERSION")));
    let mut hashes = Hash::new();
    hashes.insert(s(&subject.file), s(&subject.hash()));
    let mut task = Hash::new();
    task.insert(s("input_files"), Yaml::Array(vec![s(&subject.file)]));
    task.insert(s("input_file_hashes"), Yaml::Hash(hashes));
    task.insert(s("specification"), s(&subject.specification));
    task.insert(s("data_model"), s(subject.data_model.name()));
    task.insert(s("language"), s("C"));
    let mut m = Hash::new();
    m.insert(s("format_version"), s("2.0"));
    m.insert(s("uuid"), s(&uuid(subject, content_digest)));
    m.insert(s("creation_time"), s(&creation_time()));
    m.insert(s("producer"), Yaml::Hash(producer));
    m.insert(s("task"), Yaml::Hash(task));
    Yaml::Hash(m)
}

/// A name-based UUID (version 8: from SHA-256) of the program and the
/// witness's content, so the same witness always has the same id.
fn uuid(subject: &Subject<'_>, content_digest: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(&subject.text);
    h.update(content_digest);
    let mut b: [u8; 16] = h.finalize()[..16].try_into().expect("16 bytes");
    b[6] = (b[6] & 0x0f) | 0x80;
    b[8] = (b[8] & 0x3f) | 0x80;
    let x = hex(&b);
    format!(
        "{}-{}-{}-{}-{}",
        &x[..8],
        &x[8..12],
        &x[12..16],
        &x[16..20],
        &x[20..]
    )
}

/// Now (or `SOURCE_DATE_EPOCH`, for reproducible files) in ISO 8601, UTC.
fn creation_time() -> String {
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3_600,
        rest % 3_600 / 60,
        rest % 60
    )
}

fn emit(document: &Yaml) -> String {
    let mut out = String::new();
    YamlEmitter::new(&mut out)
        .dump(document)
        .expect("a YAML value prints");
    // The emitter starts documents with `---`; the format is one list.
    let body = out.strip_prefix("---\n").unwrap_or(&out);
    format!("{body}\n")
}

fn waypoint(kind: &str, location: Yaml, constraint: Option<Yaml>) -> Yaml {
    let mut w = Hash::new();
    w.insert(s("type"), s(kind));
    w.insert(s("action"), s("follow"));
    if let Some(c) = constraint {
        w.insert(s("constraint"), c);
    }
    w.insert(s("location"), location);
    let mut item = Hash::new();
    item.insert(s("waypoint"), Yaml::Hash(w));
    let mut segment = Hash::new();
    segment.insert(s("segment"), Yaml::Array(vec![Yaml::Hash(item)]));
    Yaml::Hash(segment)
}

/// A violation witness, format 2.0: one segment per nondet value (its
/// call's return), per branch decided at a keyword, then the target.
pub fn violation_yaml(
    subject: &Subject<'_>,
    waypoints: &[Waypoint],
    target: Loc,
    target_function: &str,
) -> String {
    let mut content = Vec::new();
    let values = inputs(subject, waypoints);
    let mut next_input = values.iter();
    for w in waypoints {
        match &w.kind {
            WaypointKind::Input { .. } if values.iter().any(|i| std::ptr::eq(i.waypoint, w)) => {
                let input = next_input.next().expect("one input per nondet call");
                let Some(column) = closing_parenthesis(subject.sources, w.loc) else {
                    continue;
                };
                let mut c = Hash::new();
                c.insert(
                    s("value"),
                    s(&format!("\\result == {}", c_value(subject, input))),
                );
                c.insert(s("format"), s("acsl_expression"));
                content.push(waypoint(
                    "function_return",
                    location(subject, w.loc, Some(column), &w.function),
                    Some(Yaml::Hash(c)),
                ));
            }
            WaypointKind::Branch { taken } => {
                if !single_decision(subject.program, w) {
                    continue;
                }
                let column = text_at(subject.sources, w.loc)
                    .filter(|t| {
                        t.starts_with("if")
                            && !t[2..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
                    .map(|_| w.loc.col);
                let mut c = Hash::new();
                c.insert(s("value"), s(if *taken { "true" } else { "false" }));
                content.push(waypoint(
                    "branching",
                    location(subject, w.loc, column, &w.function),
                    Some(Yaml::Hash(c)),
                ));
            }
            _ => {}
        }
    }
    let column = text_at(subject.sources, target)
        .filter(|t| t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .map(|_| target.col);
    content.push(waypoint(
        "target",
        location(subject, target, column, target_function),
        None,
    ));
    let digest = Sha256::digest(format!("{content:?}").as_bytes());
    let mut entry = Hash::new();
    entry.insert(s("entry_type"), s("violation_sequence"));
    entry.insert(s("metadata"), metadata(subject, &digest));
    entry.insert(s("content"), Yaml::Array(content));
    emit(&Yaml::Array(vec![Yaml::Hash(entry)]))
}

/// A correctness witness, format 2.0: the invariants Lore proved (none
/// when the proof is complete unwinding).
/// A correctness witness: the loop invariants k-induction proved that are
/// C expressions over the program's variables (`invariants`: the loop's
/// location and the invariant), or none where the proof is by complete
/// unwinding.
pub fn correctness_yaml(subject: &Subject<'_>, invariants: &[(Loc, String)]) -> String {
    let mut entry = Hash::new();
    entry.insert(s("entry_type"), s("invariant_set"));
    entry.insert(s("metadata"), metadata(subject, b"invariant_set"));
    let content = invariants
        .iter()
        .map(|(loc, text)| {
            let mut inv = Hash::new();
            inv.insert(s("type"), s("loop_invariant"));
            inv.insert(
                s("location"),
                location(subject, *loc, Some(loc.col), "main"),
            );
            inv.insert(s("value"), s(text));
            inv.insert(s("format"), s("c_expression"));
            let mut item = Hash::new();
            item.insert(s("invariant"), Yaml::Hash(inv));
            Yaml::Hash(item)
        })
        .collect();
    entry.insert(s("content"), Yaml::Array(content));
    emit(&Yaml::Array(vec![Yaml::Hash(entry)]))
}

/// The value of a nondet call as a C constant of its type.
fn c_value(subject: &Subject<'_>, input: &Input<'_>) -> String {
    let ty = input.waypoint_type();
    let types = &subject.program.types;
    match types.kind(ty) {
        TypeKind::Float(_) => {
            // Exactly, as the bits: a hexadecimal float.
            if input.bits == 32 {
                hex_float(f64::from(f32::from_bits(input.value as u32)))
            } else {
                hex_float(f64::from_bits(input.value as u64))
            }
        }
        _ if types.is_signed(ty) => {
            let shift = 128 - input.bits;
            let v = ((input.value << shift) as i128) >> shift;
            if input.bits > 32 {
                format!("{v}LL")
            } else {
                v.to_string()
            }
        }
        _ if input.bits > 32 => format!("{}ULL", input.value),
        _ if input.bits == 32 => format!("{}U", input.value),
        _ => input.value.to_string(),
    }
}

/// A C hexadecimal floating constant, or a division for infinities and NaN.
fn hex_float(x: f64) -> String {
    if x.is_nan() {
        return "(0.0 / 0.0)".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "(1.0 / 0.0)"
        } else {
            "(-1.0 / 0.0)"
        }
        .into();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    let bits = x.to_bits();
    let sign = if bits >> 63 == 1 { "-" } else { "" };
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1 << 52) - 1);
    if exponent == 0 {
        format!("{sign}0x0.{fraction:013x}p-1022")
    } else {
        format!("{sign}0x1.{fraction:013x}p{}", exponent - 1023)
    }
}

impl Input<'_> {
    fn waypoint_type(&self) -> lore_frontend::types::TypeId {
        match &self.waypoint.kind {
            WaypointKind::Input { ty, .. } => *ty,
            _ => unreachable!("inputs are input waypoints"),
        }
    }
}

/// The `if` of a branch waypoint decides alone: its function has no other
/// branch at the same source location (a condition with side effects may
/// be lowered to several branches, whose outcomes are not the `if`'s).
fn single_decision(program: &Program, w: &Waypoint) -> bool {
    let Some(body) = program
        .function_by_name(&w.function)
        .and_then(|f| program.function(f).body.as_ref())
    else {
        return false;
    };
    body.blocks
        .iter()
        .filter(|b| {
            b.term_loc == w.loc && matches!(b.term, lore_frontend::ir::Terminator::Branch { .. })
        })
        .count()
        == 1
}

/// The C return type of `__VERIFIER_nondet_<name>`, as SV-COMP's
/// conventions define it; `None` for those a harness cannot return.
fn nondet_type(name: &str) -> Option<&'static str> {
    Some(match name {
        "bool" => "_Bool",
        "char" => "char",
        "uchar" => "unsigned char",
        "short" => "short",
        "ushort" => "unsigned short",
        "int" => "int",
        "uint" | "unsigned" | "u32" => "unsigned int",
        "long" => "long",
        "ulong" | "size_t" | "pthread_t" => "unsigned long",
        "longlong" | "loff_t" => "long long",
        "ulonglong" | "sector_t" => "unsigned long long",
        "float" => "float",
        "double" => "double",
        _ => return None,
    })
}

/// A test harness: C definitions of the program's `__VERIFIER_nondet_*`
/// functions that return the counterexample's values in order. `Err`
/// names what it cannot define.
pub fn harness(
    subject: &Subject<'_>,
    waypoints: &[Waypoint],
    verdict: &str,
    harness_file: &str,
) -> Result<String, String> {
    let values = inputs(subject, waypoints);
    // Every nondet function the program mentions, in order of appearance.
    let source = String::from_utf8_lossy(&subject.text);
    let mut names: Vec<String> = Vec::new();
    for (i, _) in source.match_indices("__VERIFIER_nondet_") {
        let name: String = source[i + "__VERIFIER_nondet_".len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    for i in &values {
        if !names.contains(&i.nondet) {
            names.push(i.nondet.clone());
        }
    }
    let mut out = String::new();
    let model = match subject.data_model {
        DataModel::Ilp32 => "-m32 ",
        DataModel::Lp64 => "",
    };
    let _ = writeln!(
        out,
        "/* A test harness written by Lore {} for {} ({verdict}).\n   \
         Compile it with the program and run it:\n     \
         gcc {model}{} {harness_file} && ./a.out\n   \
         Each __VERIFIER_nondet_* call returns the next value of the\n   \
         counterexample, in the order the execution asks for them. */",
        env!("CARGO_PKG_VERSION"),
        subject.file,
        subject.file
    );
    let _ = writeln!(out, "#include <stdlib.h>\n#include <string.h>\n");
    let _ = writeln!(out, "static const unsigned long long lore_values[] = {{");
    for i in &values {
        let _ = writeln!(
            out,
            "  {:#x}ULL, /* {}:{} __VERIFIER_nondet_{} */",
            i.value as u64, subject.file, i.waypoint.loc.line, i.nondet
        );
    }
    if values.is_empty() {
        let _ = writeln!(out, "  0ULL /* the counterexample reads no value */");
    }
    let _ = writeln!(out, "}};");
    let _ = writeln!(
        out,
        "static unsigned long lore_read;\n\n\
         static unsigned long long lore_next(void) {{\n  \
         if (lore_read < sizeof lore_values / sizeof lore_values[0]) {{\n    \
         return lore_values[lore_read++];\n  }}\n  return 0;\n}}\n"
    );
    for name in &names {
        if values
            .iter()
            .any(|i| i.value >> 64 != 0 && &i.nondet == name)
        {
            return Err(format!(
                "__VERIFIER_nondet_{name} returns a value wider than 64 bits"
            ));
        }
        match (name.as_str(), nondet_type(name)) {
            ("float", _) => {
                let _ = writeln!(
                    out,
                    "float __VERIFIER_nondet_float(void) {{\n  \
                     unsigned int bits = (unsigned int)lore_next();\n  float f;\n  \
                     memcpy(&f, &bits, sizeof f);\n  return f;\n}}\n"
                );
            }
            ("double", _) => {
                let _ = writeln!(
                    out,
                    "double __VERIFIER_nondet_double(void) {{\n  \
                     unsigned long long bits = lore_next();\n  double d;\n  \
                     memcpy(&d, &bits, sizeof d);\n  return d;\n}}\n"
                );
            }
            (_, Some(ty)) => {
                let _ = writeln!(
                    out,
                    "{ty} __VERIFIER_nondet_{name}(void) {{\n  return ({ty})lore_next();\n}}\n"
                );
            }
            (_, None) if values.iter().any(|i| &i.nondet == name) => {
                return Err(format!(
                    "the counterexample reads __VERIFIER_nondet_{name}, which a harness cannot return"
                ));
            }
            // Mentioned, never called on this path: a null value suffices.
            (_, None) => {
                let _ = writeln!(
                    out,
                    "void *__VERIFIER_nondet_{name}(void) {{\n  return 0;\n}}\n"
                );
            }
        }
    }
    if source.contains("__VERIFIER_assume")
        && subject
            .program
            .function_by_name("__VERIFIER_assume")
            .is_none_or(|f| subject.program.function(f).body.is_none())
    {
        let _ = writeln!(
            out,
            "void __VERIFIER_assume(int condition) {{\n  \
             if (!condition) {{\n    exit(0); /* not this execution */\n  }}\n}}\n"
        );
    }
    Ok(out)
}

/// Text for XML: `&`, `<`, `>` and quotes escaped.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The GraphML 1.0 witness: the keys it uses, the graph's data, and a
/// path of nodes from the entry (to the violation, for a violation witness).
fn graphml(subject: &Subject<'_>, kind: &str, edges: &[Vec<(&str, String)>]) -> String {
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" \
         xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n",
    );
    for (id, domain, ty) in [
        ("witness-type", "graph", "string"),
        ("sourcecodelang", "graph", "string"),
        ("producer", "graph", "string"),
        ("specification", "graph", "string"),
        ("programfile", "graph", "string"),
        ("programhash", "graph", "string"),
        ("architecture", "graph", "string"),
        ("creationtime", "graph", "string"),
        ("startline", "edge", "int"),
        ("assumption", "edge", "string"),
        ("assumption.scope", "edge", "string"),
        ("assumption.resultfunction", "edge", "string"),
        ("control", "edge", "string"),
        ("enterFunction", "edge", "string"),
    ] {
        let _ = writeln!(
            out,
            " <key id=\"{id}\" attr.name=\"{id}\" for=\"{domain}\" attr.type=\"{ty}\"/>"
        );
    }
    for id in ["entry", "violation"] {
        let _ = writeln!(
            out,
            " <key id=\"{id}\" attr.name=\"{id}\" for=\"node\" attr.type=\"boolean\">\
             <default>false</default></key>"
        );
    }
    out.push_str(" <graph edgedefault=\"directed\">\n");
    let architecture = match subject.data_model {
        DataModel::Ilp32 => "32bit",
        DataModel::Lp64 => "64bit",
    };
    for (key, value) in [
        ("witness-type", kind.to_string()),
        ("sourcecodelang", "C".to_string()),
        ("producer", format!("Lore {}", env!("CARGO_PKG_VERSION"))),
        (
            "specification",
            format!("CHECK( init(main()), LTL({}) )", subject.specification),
        ),
        ("programfile", subject.file.clone()),
        ("programhash", subject.hash()),
        ("architecture", architecture.to_string()),
        ("creationtime", creation_time()),
    ] {
        let _ = writeln!(out, "  <data key=\"{key}\">{}</data>", xml(&value));
    }
    let _ = writeln!(
        out,
        "  <node id=\"N0\"><data key=\"entry\">true</data></node>"
    );
    for (i, data) in edges.iter().enumerate() {
        let to = i + 1;
        if kind == "violation_witness" && to == edges.len() {
            let _ = writeln!(
                out,
                "  <node id=\"N{to}\"><data key=\"violation\">true</data></node>"
            );
        } else {
            let _ = writeln!(out, "  <node id=\"N{to}\"/>");
        }
        let _ = write!(out, "  <edge source=\"N{i}\" target=\"N{to}\">");
        for (key, value) in data {
            let _ = write!(out, "<data key=\"{key}\">{}</data>", xml(value));
        }
        out.push_str("</edge>\n");
    }
    out.push_str(" </graph>\n</graphml>\n");
    out
}

/// A violation witness in GraphML 1.0: one edge per nondet value (an
/// assumption on the call's result), per branch decided, then the target.
pub fn violation_graphml(subject: &Subject<'_>, waypoints: &[Waypoint], target: Loc) -> String {
    let values = inputs(subject, waypoints);
    let mut next_input = values.iter();
    let mut edges = Vec::new();
    for w in waypoints {
        match &w.kind {
            WaypointKind::Input { .. } if values.iter().any(|i| std::ptr::eq(i.waypoint, w)) => {
                let input = next_input.next().expect("one input per nondet call");
                edges.push(vec![
                    ("startline", w.loc.line.to_string()),
                    (
                        "assumption",
                        format!("\\result == {};", c_value(subject, input)),
                    ),
                    ("assumption.scope", w.function.clone()),
                    (
                        "assumption.resultfunction",
                        format!("__VERIFIER_nondet_{}", input.nondet),
                    ),
                ]);
            }
            WaypointKind::Branch { taken } if single_decision(subject.program, w) => {
                edges.push(vec![
                    ("startline", w.loc.line.to_string()),
                    (
                        "control",
                        if *taken {
                            "condition-true"
                        } else {
                            "condition-false"
                        }
                        .to_string(),
                    ),
                ])
            }
            _ => {}
        }
    }
    edges.push(vec![("startline", target.line.to_string())]);
    graphml(subject, "violation_witness", &edges)
}

/// A correctness witness in GraphML 1.0: the entry node, no invariants.
pub fn correctness_graphml(subject: &Subject<'_>) -> String {
    graphml(subject, "correctness_witness", &[])
}
