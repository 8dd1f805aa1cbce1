//! Source files and locations.
//!
//! The parser sees preprocessed text; users want to see their own files.
//! [`SourceMap`] owns the preprocessed text, undoes Lore's small textual
//! fix-ups (see `preprocess::Fixups`) and follows the preprocessor's line
//! markers back to a file, a line and a column. Every IR statement carries a
//! [`Loc`], and every diagnostic a [`Span`] into a file it can show.

use std::fmt;
use std::path::{Path, PathBuf};

/// Index of a file in [`SourceMap::files`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A position in a source file: 1-based line and column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc {
    pub file: FileId,
    pub line: u32,
    pub col: u32,
}

impl Loc {
    /// The location of code Lore made up (initialisers of globals, temporaries).
    pub const NONE: Loc = Loc {
        file: FileId(u32::MAX),
        line: 0,
        col: 0,
    };

    pub fn is_none(&self) -> bool {
        self.file.0 == u32::MAX
    }
}

/// A range in a file: a start location and a length in bytes (on the start line).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub loc: Loc,
    pub len: u32,
}

/// One file that code came from. `text` is present when the file can be shown
/// (the user's files; the prelude and Lore's headers are embedded).
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Name as the preprocessor spelled it (a path, or `<lore-prelude>`).
    pub name: String,
    /// Short name for listings: the file name without its directories.
    pub short_name: String,
    pub text: Option<String>,
    /// Byte offset of the start of each line of `text`.
    line_starts: Vec<usize>,
    /// Lore's own code (prelude and library headers), hidden from traces.
    pub is_lore_library: bool,
}

impl SourceFile {
    fn new(name: String, text: Option<String>, is_lore_library: bool) -> SourceFile {
        let line_starts = match &text {
            Some(t) => std::iter::once(0)
                .chain(t.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
            None => Vec::new(),
        };
        let short_name = Path::new(&name)
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| name.clone());
        SourceFile {
            name,
            short_name,
            text,
            line_starts,
            is_lore_library,
        }
    }

    /// Byte offset of a line and column in `text`, clamped to the line.
    pub fn offset_of(&self, line: u32, col: u32) -> Option<usize> {
        let text = self.text.as_ref()?;
        let start = *self.line_starts.get((line as usize).checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line as usize)
            .copied()
            .unwrap_or(text.len());
        let line_len = end.saturating_sub(start);
        Some(start + (col.saturating_sub(1) as usize).min(line_len.saturating_sub(1)))
    }

    /// The text of one line, without its newline.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let text = self.text.as_ref()?;
        let start = *self.line_starts.get((line as usize).checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line as usize)
            .copied()
            .unwrap_or(text.len());
        Some(text[start..end].trim_end_matches(['\n', '\r']))
    }
}

/// A line marker of the preprocessed text: from `offset` on, text comes
/// from `file`, with the line after the marker being `line`.
#[derive(Clone, Debug)]
struct Marker {
    offset: usize,
    file: FileId,
    line: u32,
}

/// Maps offsets in the parsed text to files, lines and columns.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    pub files: Vec<SourceFile>,
    /// Offsets of line starts in the parsed text.
    line_starts: Vec<usize>,
    /// Line markers, by offset (empty when markers are not followed).
    markers: Vec<Marker>,
    /// The file the parsed text stands for when no marker applies.
    main_file: Option<FileId>,
    /// Fix-up edits: (offset in the edited text where an insertion of `delta`
    /// bytes ends, cumulative growth up to there).
    edits: Vec<(usize, usize)>,
}

/// Where Lore's embedded headers and prelude claim to live.
pub const LORE_INCLUDE_PREFIX: &str = "<lore>/";

impl SourceMap {
    /// Builds the map for `parsed` text, the input being `path`.
    ///
    /// With `follow_markers`, `# line "file"` markers name the files (a `.c`
    /// input we preprocessed); without, positions are physical lines of the
    /// input itself (an `.i` input, whose markers name files that are gone).
    pub fn new(
        path: &Path,
        input_text: String,
        parsed: &str,
        follow_markers: bool,
        include_dir: Option<&Path>,
        edits: Vec<(usize, usize)>,
    ) -> SourceMap {
        let mut map = SourceMap::default();
        let main = map.add_file(path.display().to_string(), Some(input_text), false);
        map.main_file = Some(main);
        map.edits = edits;
        map.line_starts = std::iter::once(0)
            .chain(parsed.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        if follow_markers {
            map.read_markers(parsed, path, include_dir);
        }
        map
    }

    fn add_file(&mut self, name: String, text: Option<String>, is_lore_library: bool) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files
            .push(SourceFile::new(name, text, is_lore_library));
        id
    }

    fn file_by_name(&mut self, name: &str, input: &Path, include_dir: Option<&Path>) -> FileId {
        if let Some(i) = self.files.iter().position(|f| f.name == name) {
            return FileId(i as u32);
        }
        if name == input.display().to_string() {
            return self.main_file.expect("main file registered first");
        }
        // Lore's embedded headers are shown under a stable name, not a temp
        // path, with their embedded text (the run's folder is gone by now).
        if let Some(dir) = include_dir {
            if let Ok(rest) = Path::new(name).strip_prefix(dir) {
                let shown = format!("{}{}", LORE_INCLUDE_PREFIX, rest.display());
                if let Some(i) = self.files.iter().position(|f| f.name == shown) {
                    return FileId(i as u32);
                }
                let text = crate::preprocess::header_text(rest).map(str::to_string);
                return self.add_file(shown, text, true);
            }
        }
        let is_builtin = name.starts_with('<');
        let text = if is_builtin {
            None
        } else {
            std::fs::read_to_string(name).ok()
        };
        self.add_file(name.to_string(), text, is_builtin)
    }

    fn read_markers(&mut self, parsed: &str, input: &Path, include_dir: Option<&Path>) {
        let mut offset = 0;
        for line in parsed.split_inclusive('\n') {
            let next = offset + line.len();
            if let Some((lineno, name)) = parse_line_marker(line) {
                let file = self.file_by_name(&name, input, include_dir);
                self.markers.push(Marker {
                    offset: next,
                    file,
                    line: lineno,
                });
            }
            offset = next;
        }
    }

    /// The offset in the text before fix-ups.
    fn unedit(&self, offset: usize) -> usize {
        match self.edits.partition_point(|&(end, _)| end <= offset) {
            0 => offset,
            i => offset - self.edits[i - 1].1,
        }
    }

    /// Location of a byte offset of the parsed (fixed-up) text.
    pub fn loc_of_offset(&self, parsed_offset: usize) -> Loc {
        let offset = self.unedit(parsed_offset);
        let edited_line_index = self.line_starts.partition_point(|&s| s <= parsed_offset) - 1;
        let col = (offset - self.unedit(self.line_starts[edited_line_index])) as u32 + 1;
        let Some(main) = self.main_file else {
            return Loc::NONE;
        };
        match self.markers.partition_point(|m| m.offset <= parsed_offset) {
            0 => Loc {
                file: main,
                line: edited_line_index as u32 + 1,
                col,
            },
            i => {
                let marker = &self.markers[i - 1];
                let marker_line_index = self.line_starts.partition_point(|&s| s < marker.offset);
                let line = marker.line + (edited_line_index - marker_line_index) as u32;
                Loc {
                    file: marker.file,
                    line,
                    col,
                }
            }
        }
    }

    pub fn span_of(&self, start: usize, end: usize) -> Span {
        let loc = self.loc_of_offset(start);
        let end_loc = self.loc_of_offset(end.max(start));
        let len = if end_loc.line == loc.line {
            end_loc.col.saturating_sub(loc.col).max(1)
        } else {
            1
        };
        Span { loc, len }
    }

    pub fn file(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    pub fn main_file(&self) -> Option<FileId> {
        self.main_file
    }

    /// Registers a file that is not part of the preprocessed text (used for
    /// diagnostics about inputs that never reached the parser).
    pub fn for_file_only(path: &Path, text: String) -> SourceMap {
        let mut map = SourceMap::default();
        let main = map.add_file(path.display().to_string(), Some(text), false);
        map.main_file = Some(main);
        map
    }

    /// `file:line` for listings (short file name).
    pub fn short(&self, loc: Loc) -> ShortLoc<'_> {
        ShortLoc { map: self, loc }
    }
}

/// Displays a location as `name.c:12`.
pub struct ShortLoc<'a> {
    map: &'a SourceMap,
    loc: Loc,
}

impl fmt::Display for ShortLoc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.loc.is_none() {
            return write!(f, "<lore>");
        }
        match self.map.file(self.loc.file) {
            Some(file) => write!(f, "{}:{}", file.short_name, self.loc.line),
            None => write!(f, "?:{}", self.loc.line),
        }
    }
}

/// Parses `# 12 "file.c" 1 3` (and `#line 12 "file.c"`).
fn parse_line_marker(line: &str) -> Option<(u32, String)> {
    let rest = line.strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits_end = rest.find(|c: char| !c.is_ascii_digit())?;
    if digits_end == 0 {
        return None;
    }
    let lineno: u32 = rest[..digits_end].parse().ok()?;
    let rest = rest[digits_end..].trim_start();
    let rest = rest.strip_prefix('"')?;
    let mut name = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some((lineno, name)),
            '\\' => name.push(chars.next()?),
            c => name.push(c),
        }
    }
    None
}

/// Path helper: is this input already preprocessed?
pub fn is_preprocessed_input(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "i")
}

/// Keeps `PathBuf` in the public API without re-exporting std.
pub type FilePath = PathBuf;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_and_edits_map_back() {
        let parsed = "# 1 \"a.c\"\nint x;\n# 5 \"a.c\"\nint yyyy$;\n";
        // Pretend a fix-up inserted 3 bytes ending at offset 35 ("int " + 3).
        let map = SourceMap::new(
            Path::new("a.c"),
            "l1\nl2\nl3\nl4\nint y$;\n".into(),
            parsed,
            true,
            None,
            vec![],
        );
        let off = parsed.find("yyyy").unwrap();
        let loc = map.loc_of_offset(off);
        assert_eq!((loc.line, loc.col), (5, 5));
        assert_eq!(map.file(loc.file).unwrap().name, "a.c");
        assert_eq!(
            parse_line_marker("# 7 \"x\\\"y.c\" 2\n"),
            Some((7, "x\"y.c".into()))
        );
        assert_eq!(parse_line_marker("#pragma once\n"), None);
    }

    #[test]
    fn edits_shift_columns_back() {
        let parsed = "int abcXYZ;\n";
        // an insertion of 3 bytes ("XYZ") ending at offset 10
        let map = SourceMap::new(
            Path::new("b.i"),
            "int abc;\n".into(),
            parsed,
            false,
            None,
            vec![(10, 3)],
        );
        assert_eq!(map.loc_of_offset(10).col, 8);
        assert_eq!(map.loc_of_offset(4).col, 5);
    }
}
