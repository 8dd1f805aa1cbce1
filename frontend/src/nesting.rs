//! Limits on how deep a program's syntax may go, checked on the
//! preprocessed text before it is parsed.
//!
//! Parsing, lowering and symbolic execution recurse over expressions and
//! blocks, and lang-c's parser keeps a copy of every bracketed
//! sub-expression it has seen (its memory grows with the square of the
//! nesting depth: 1,000 nested parentheses take ~120 MB, 4,000 take
//! 1.9 GB). So two things are limited, each with a diagnostic at the place
//! that passes the limit:
//!
//! - [`MAX_NESTING`]: brackets (`(`, `[`, `{`) open at once;
//! - [`MAX_OPERATORS`]: operators in one expression (a chain
//!   `x + x + … + x` is a tree as deep as it is long). The count restarts
//!   at each `;`, at each block brace and at each element of an
//!   initialiser list, so long tables are not limited.
//!
//! The `lore` binary runs on a thread whose stack covers both limits.

/// The most brackets open at once.
pub const MAX_NESTING: usize = 1_000;
/// The most operators in one expression.
pub const MAX_OPERATORS: usize = 100_000;

/// Where and how the text passes a limit.
#[derive(Debug, PartialEq, Eq)]
pub struct TooDeep {
    /// Byte offset in the preprocessed text.
    pub offset: usize,
    pub message: String,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Open {
    Paren,
    Square,
    /// The braces of an initialiser list (after `=`, or inside another).
    List,
    /// The braces of a compound statement, a struct or an enum.
    Block,
}

/// The first place where `text` (preprocessed C) passes a limit.
pub fn check(text: &str) -> Option<TooDeep> {
    let bytes = text.as_bytes();
    let mut open: Vec<Open> = Vec::new();
    let mut operators = 0usize;
    // The last significant byte, to tell an initialiser's brace.
    let mut previous = b';';
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        // Line markers and other directives left by the preprocessor.
        if line_start && c == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        line_start = c == b'\n' || (line_start && c.is_ascii_whitespace());
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        match c {
            b'"' | b'\'' => {
                i = skip_literal(bytes, i);
                previous = c;
                continue;
            }
            b'(' | b'[' | b'{' => {
                let kind = match c {
                    b'(' => Open::Paren,
                    b'[' => Open::Square,
                    _ if previous == b'='
                        || (matches!(previous, b',' | b'{')
                            && open.last() == Some(&Open::List)) =>
                    {
                        Open::List
                    }
                    // A compound literal `(type){ … }`.
                    _ if previous == b')'
                        && open.last() != Some(&Open::Block)
                        && !open.is_empty() =>
                    {
                        Open::List
                    }
                    _ => Open::Block,
                };
                if kind == Open::Block {
                    operators = 0;
                }
                open.push(kind);
                if open.len() > MAX_NESTING {
                    return Some(TooDeep {
                        offset: i,
                        message: format!(
                            "brackets nested more than {MAX_NESTING} deep (Lore's limit)"
                        ),
                    });
                }
            }
            b')' | b']' | b'}' => {
                if open.pop() == Some(Open::Block) {
                    operators = 0;
                }
            }
            b';' => operators = 0,
            b',' if open.last() == Some(&Open::List) => operators = 0,
            b'+' | b'-' | b'*' | b'/' | b'%' | b'&' | b'|' | b'^' | b'!' | b'~' | b'<' | b'>'
            | b'=' | b'?' | b',' => {
                operators += 1;
                if operators > MAX_OPERATORS {
                    return Some(TooDeep {
                        offset: i,
                        message: format!(
                            "an expression with more than {MAX_OPERATORS} operators (Lore's limit)"
                        ),
                    });
                }
            }
            _ => {}
        }
        previous = c;
        i += 1;
    }
    None
}

/// The index just past the string or character literal starting at `i`.
fn skip_literal(bytes: &[u8], i: usize) -> usize {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() && bytes[j] != quote && bytes[j] != b'\n' {
        if bytes[j] == b'\\' {
            j += 1;
        }
        j += 1;
    }
    (j + 1).min(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_past_the_limit() {
        let ok = format!(
            "int y = {}x{};",
            "(".repeat(MAX_NESTING),
            ")".repeat(MAX_NESTING)
        );
        assert_eq!(check(&ok), None);
        let deep = format!(
            "int y = {}x{};",
            "(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        let found = check(&deep).expect("too deep");
        assert_eq!(found.offset, "int y = ".len() + MAX_NESTING);
    }

    #[test]
    fn long_expressions_but_not_long_tables() {
        let chain = format!("int y = {};", vec!["x"; MAX_OPERATORS + 2].join(" + "));
        assert!(check(&chain).is_some());
        let table = format!(
            "int t[] = {{ {} }};",
            vec!["-1"; MAX_OPERATORS + 2].join(", ")
        );
        assert_eq!(check(&table), None);
        let nested = format!(
            "struct s t[] = {{ {} }};",
            vec!["{ -1, ~2 }"; MAX_OPERATORS].join(", ")
        );
        assert_eq!(check(&nested), None);
        let statements = "x = a + b;\n".repeat(MAX_OPERATORS);
        assert_eq!(check(&format!("void f(void) {{ {statements} }}")), None);
    }

    #[test]
    fn literals_and_directives_are_not_code() {
        let text = format!(
            "# 1 \"((((\"\nchar *s = \"{}\";",
            "(".repeat(MAX_NESTING + 5)
        );
        assert_eq!(check(&text), None);
    }
}
