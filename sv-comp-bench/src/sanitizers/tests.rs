//! The vector parser on literal lines.

use super::vectors::*;
use super::*;

fn line(text: &str) -> Line {
    Line {
        no: 1,
        kind: Kind::Text,
        text: text.to_string(),
    }
}

fn pairs(v: &[Vector]) -> Vec<(Vec<u8>, Vec<u8>)> {
    v.iter()
        .map(|v| (v.input.clone(), v.output.clone()))
        .collect()
}

#[test]
fn prose_vectors_with_escapes() {
    let (v, skipped) = prose_vectors(&line(
        r"* Examples: `a\tb\n` becomes `a  `; `\xDE\xAD` gives `%DE%AD`; `\u2028` gives `x\q`.",
    ));
    assert!(skipped.is_empty());
    assert_eq!(
        pairs(&v),
        vec![
            (b"a\tb\n".to_vec(), b"a  ".to_vec()),
            (vec![0xDE, 0xAD], b"%DE%AD".to_vec()),
            (b"\\u2028".to_vec(), b"x\\q".to_vec()),
        ]
    );
}

#[test]
fn spans_are_verbatim_and_bytes_spelled_as_tokens() {
    let (v, _) = prose_vectors(&line(
        r#"* Test: ` ?a ` becomes `+` followed by `%3F`; `"ab" E2 80` gives `ab` followed by `E2 \u2028 80`."#,
    ));
    assert_eq!(
        pairs(&v),
        vec![
            (b" ?a ".to_vec(), b"+%3F".to_vec()),
            (b"ab\xE2\x80".to_vec(), b"ab\xE2\\u2028\x80".to_vec()),
        ]
    );
}

#[test]
fn rules_are_skipped_and_counted() {
    let (v, skipped) = prose_vectors(&line(
        "* `>` → `&gt;`, `&` → `&amp;` only if the next byte is `{`, `\\t` → space; `=` is copied and becomes `_` at the end; only the `<` becomes `&lt;`.",
    ));
    assert_eq!(pairs(&v), vec![(b">".to_vec(), b"&gt;".to_vec())]);
    assert_eq!(skipped.len(), 4);
}

#[test]
fn joined_lines_and_variants() {
    let lines = logical_lines("* The **buggy** one differs, so `<a>` gives\n  `<b>`.\n* Next.\n");
    assert_eq!(lines.len(), 2);
    let (v, _) = prose_vectors(&lines[0]);
    assert_eq!(pairs(&v), vec![(b"<a>".to_vec(), b"<b>".to_vec())]);
    assert!(v[0].words.contains("buggy"));
}

#[test]
fn vector_tables() {
    let md = "**FooEscape** (`foo`).\n\n\
              | input | output (literal) |\n|---|---|\n\
              | `\\` | `\\\\` |\n| BS 0x08 | `\\b` |\n| `\\r` `\\n` (0x0D, 0x0A) | `\\x0d` |\n\
              | U+2028 | `\\u2028` |\n| 0x00 | `\\x00` |\n| anything else | copy |\n";
    let spec = parse(md);
    assert_eq!(spec.sanitizers.len(), 1);
    let s = &spec.sanitizers[0];
    assert_eq!(
        (s.name.as_str(), s.snake.as_str()),
        ("FooEscape", "foo_escape")
    );
    assert_eq!(
        pairs(&s.vectors),
        vec![
            (b"\\".to_vec(), b"\\\\".to_vec()),
            (vec![8], b"\\b".to_vec()),
            (b"\r".to_vec(), b"\\x0d".to_vec()),
            (b"\n".to_vec(), b"\\x0d".to_vec()),
            ("\u{2028}".as_bytes().to_vec(), b"\\u2028".to_vec()),
            (vec![0], b"\\x00".to_vec()),
        ]
    );
    assert_eq!(s.skipped.len(), 1);
}

#[test]
fn validity_and_cross_references() {
    let md = "**Html** (`h`).\n\n| input byte | output |\n|---|---|\n| `<` | `&lt;` |\n| `\\t` | ` ` |\n\n\
              **Pre** (`p`).\n* The same one entity rule as Html.\n\n\
              **Num** (`n`).\n* Output: the whole input if valid, else `null`.\n\
              * (So `0x` alone is invalid, `.5` and `1e3` are valid.)\n";
    let spec = parse(md);
    assert_eq!(
        pairs(&spec.sanitizers[1].vectors),
        vec![(b"<".to_vec(), b"&lt;".to_vec())]
    );
    assert_eq!(
        pairs(&spec.sanitizers[2].vectors),
        vec![
            (b"0x".to_vec(), b"null".to_vec()),
            (b".5".to_vec(), b".5".to_vec()),
            (b"1e3".to_vec(), b"1e3".to_vec()),
        ]
    );
}

#[test]
fn utf8_code_units() {
    assert_eq!(
        code_units(b"a\xC0\xA2\xE2\x80\xA8\xE2\xE2\x80"),
        vec![0x61, 0x22, 0x2028, 0xFFFD, 0xFFFD, 0x80]
    );
}
