//! The spans of SANITIZERS.md: Markdown code spans, and the bytes they
//! spell (escapes, hex tokens, quoted text).

/// A piece of a Markdown line: plain text, or a code span's content.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Seg {
    Text(String),
    Code(String),
}

/// Splits a line into text and code spans. A run of n backticks opens a
/// span closed by the next run of exactly n; the content is kept verbatim.
pub(crate) fn segments(line: &str) -> Vec<Seg> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'`' {
            let next = line[i..].find('`').map_or(b.len(), |k| i + k);
            text.push_str(&line[i..next]);
            i = next;
            continue;
        }
        let run = b[i..].iter().take_while(|&&c| c == b'`').count();
        let start = i + run;
        let mut j = start;
        let mut close = None;
        while j < b.len() {
            if b[j] == b'`' {
                let r = b[j..].iter().take_while(|&&c| c == b'`').count();
                if r == run {
                    close = Some(j);
                    break;
                }
                j += r;
            } else {
                j += 1;
            }
        }
        match close {
            Some(j) => {
                if !text.is_empty() {
                    out.push(Seg::Text(std::mem::take(&mut text)));
                }
                out.push(Seg::Code(line[start..j].to_string()));
                i = j + run;
            }
            None => {
                text.push_str(&line[i..start]);
                i = start;
            }
        }
    }
    if !text.is_empty() {
        out.push(Seg::Text(text));
    }
    out
}

/// The file's escapes: `\n \t \r \v \f \xNN`; any other backslash is literal.
pub(crate) fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            let e = match b[i + 1] {
                b'n' => Some(b'\n'),
                b't' => Some(b'\t'),
                b'r' => Some(b'\r'),
                b'v' => Some(0x0B),
                b'f' => Some(0x0C),
                _ => None,
            };
            if let Some(e) = e {
                out.push(e);
                i += 2;
                continue;
            }
            if b[i + 1] == b'x'
                && i + 3 < b.len()
                && b[i + 2..i + 4].iter().all(u8::is_ascii_hexdigit)
            {
                let digits = std::str::from_utf8(&b[i + 2..i + 4]).unwrap();
                out.push(u8::from_str_radix(digits, 16).unwrap());
                i += 4;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

pub(crate) fn hex2(s: &str) -> Option<u8> {
    if s.len() == 2 && s.bytes().all(|c| c.is_ascii_hexdigit()) {
        u8::from_str_radix(s, 16).ok()
    } else {
        None
    }
}

/// A span's bytes: the token notation (`"line1" E2 80 A8`) or escapes.
pub(crate) fn span_bytes(s: &str) -> Vec<u8> {
    let tokens: Vec<&str> = s.split(' ').collect();
    let is_hex = |t: &str| {
        t.len() == 2
            && t.bytes()
                .all(|c| c.is_ascii_digit() || (b'A'..=b'F').contains(&c))
    };
    let is_quoted = |t: &str| {
        t.len() >= 2 && t.starts_with('"') && t.ends_with('"') && !t[1..t.len() - 1].contains('"')
    };
    if tokens.len() >= 2
        && tokens.iter().any(|t| is_hex(t))
        && tokens
            .iter()
            .all(|t| is_hex(t) || is_quoted(t) || (t.starts_with('\\') && t.len() > 1))
    {
        let mut out = Vec::new();
        for t in tokens {
            if is_hex(t) {
                out.push(hex2(t).unwrap());
            } else if is_quoted(t) {
                out.extend(unescape(&t[1..t.len() - 1]));
            } else {
                out.extend(unescape(t));
            }
        }
        return out;
    }
    unescape(s)
}
