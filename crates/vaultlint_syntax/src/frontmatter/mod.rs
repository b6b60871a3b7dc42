//! Finding the frontmatter block and reading its top-level keys with the
//! exact position of every key and value.
//!
//! The YAML is read through the event parser rather than a document loader:
//! events carry positions, so diagnostics and edits can point at exact bytes,
//! and aliases are never expanded, so an alias bomb costs no more than its
//! own text. Expansion size and nesting depth are still measured and refused
//! past a limit, because other tools that load the same note would expand it.

mod other;

use vaultlint_core::diagnostic::Span;
use vaultlint_core::lines::LineIndex;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Frontmatter larger than this is refused rather than parsed.
pub const MAX_FRONTMATTER_BYTES: usize = 1 << 20;
/// Deeper nesting than this is refused.
pub const MAX_DEPTH: usize = 64;
/// Aliases may stand for at most this many values in all.
pub const MAX_EXPANDED_NODES: u64 = 100_000;
/// Values are kept in full down to this depth (a key's value, its list
/// items, and lists inside those, which is how YAML reads `[[Note]]`).
const KEEP_DEPTH: usize = 4;

/// How a scalar is written: plain, quoted, or as a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ScalarStyle {
    Plain,
    Quoted,
    Block,
}

/// What a frontmatter value is: a scalar, a list, or something vaultlint
/// does not read further (a mapping, an alias).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ValueKind {
    Scalar { text: Box<str>, style: ScalarStyle },
    Seq(Box<[Value]>),
    Map,
    Alias,
}

/// A frontmatter value and the bytes it spans in the note.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Value {
    pub kind: ValueKind,
    pub span: Span,
}

impl Value {
    /// The text of a string scalar, `None` for anything YAML does not read
    /// as a string (lists, maps, numbers, booleans, null).
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            ValueKind::Scalar { text, style } => {
                if *style == ScalarStyle::Plain && is_plain_non_string(text) { None } else { Some(text) }
            }
            _ => None,
        }
    }

    /// Whether the value is YAML null (`key:` with nothing after it, `~`, `null`).
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, ValueKind::Scalar { text, style: ScalarStyle::Plain } if is_null(text))
    }

    /// Plain text of a scalar whatever YAML type it has (dates, numbers).
    pub fn scalar_text(&self) -> Option<&str> {
        match &self.kind {
            ValueKind::Scalar { text, .. } if !self.is_null() => Some(text),
            _ => None,
        }
    }

    /// A scalar string, or every string in a list.
    pub fn strings(&self) -> Vec<&str> {
        match &self.kind {
            ValueKind::Seq(items) => items.iter().filter_map(Value::scalar_text).collect(),
            _ => self.scalar_text().into_iter().collect(),
        }
    }
}

fn is_null(text: &str) -> bool {
    matches!(text, "" | "~" | "null" | "Null" | "NULL")
}

/// YAML 1.2 core schema: plain scalars that read as null, booleans or numbers.
pub(crate) fn is_plain_non_string(text: &str) -> bool {
    if is_null(text) {
        return true;
    }
    if matches!(
        text,
        "true"
            | "True"
            | "TRUE"
            | "false"
            | "False"
            | "FALSE"
            | ".inf"
            | ".Inf"
            | ".INF"
            | "-.inf"
            | "-.Inf"
            | "-.INF"
            | "+.inf"
            | ".nan"
            | ".NaN"
            | ".NAN"
    ) {
        return true;
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if let Some(hex) = digits.strip_prefix("0x") {
        return !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit());
    }
    if let Some(oct) = digits.strip_prefix("0o") {
        return !oct.is_empty() && oct.chars().all(|c| ('0'..='7').contains(&c));
    }
    !digits.is_empty()
        && digits.chars().next().is_some_and(|c| c.is_ascii_digit() || c == '.')
        && digits.parse::<f64>().is_ok()
}

/// One top-level `key: value` entry.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Field {
    pub key: Box<str>,
    pub key_span: Span,
    pub value: Value,
}

/// The language of a frontmatter block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Between `---` lines.
    Yaml,
    /// Between `+++` lines, as Hugo writes it.
    Toml,
    /// An object opening the file, as Hugo allows.
    Json,
}

/// Where the frontmatter block sits in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    pub format: Format,
    /// Byte offset of the first line inside the block (for JSON, of the
    /// opening brace).
    pub yaml_start: usize,
    /// Byte offset of the closing delimiter line (for JSON, just past the
    /// closing brace).
    pub yaml_end: usize,
    /// Byte offset just past the closing delimiter line and its line break.
    pub end: usize,
    /// Line number (1-based) of the first line inside the block.
    pub first_line: usize,
}

/// Where a note's frontmatter block starts and ends, before it is parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delimited {
    /// The file does not start with `---`.
    Absent,
    /// An opening `---` with no closing line; `opening` spans it.
    Unclosed {
        opening: Span,
    },
    /// Closed, but larger than [`MAX_FRONTMATTER_BYTES`].
    TooLarge {
        opening: Span,
    },
    Found(Block),
}

/// Splits `text` into lines, each with its start offset and its content
/// without the line break.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n').map(move |raw| {
        let start = offset;
        offset += raw.len();
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        (start, line.strip_suffix('\r').unwrap_or(line))
    })
}

/// Finds the frontmatter block. `text` is the whole file, a leading BOM
/// included.
pub fn delimit(text: &str) -> Delimited {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut it = lines(&text[bom..]);
    let Some((_, first)) = it.next() else {
        return Delimited::Absent;
    };
    let (format, close) = match first.trim_end_matches([' ', '\t']) {
        "---" => (Format::Yaml, ["---", "..."]),
        "+++" => (Format::Toml, ["+++", "+++"]),
        line if line.trim() == "{" || line.starts_with("{\"") => return delimit_json(text, bom),
        _ => return Delimited::Absent,
    };
    let opening = Span::new(bom, 3);
    let mut yaml_start = None;
    for (start, line) in it {
        let start = start + bom;
        if yaml_start.is_none() {
            yaml_start = Some(start);
        }
        let trimmed = line.trim_end_matches([' ', '\t']);
        if close.contains(&trimmed) {
            let yaml_start = yaml_start.unwrap_or(start);
            let end = text[start..].find('\n').map_or(text.len(), |i| start + i + 1);
            if start - yaml_start > MAX_FRONTMATTER_BYTES {
                return Delimited::TooLarge { opening };
            }
            // `---`, a row of links, `---`: an include snippet framed by
            // horizontal rules, which no reader takes for frontmatter.
            if format == Format::Yaml && !keyed(&text[yaml_start..start]) {
                return Delimited::Absent;
            }
            return Delimited::Found(Block { format, yaml_start, yaml_end: start, end, first_line: 2 });
        }
        if start - bom > MAX_FRONTMATTER_BYTES {
            return Delimited::TooLarge { opening };
        }
    }
    // A file that opens with a horizontal rule and goes on in Markdown (an
    // include snippet: `---`, then an admonition or a heading) has no
    // frontmatter to close: its first written line is no `key: value`.
    if format == Format::Yaml {
        let rest = yaml_start.map_or("", |at| &text[at..]);
        let first = rest.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("");
        if !first.is_empty() && !keyed(first) {
            return Delimited::Absent;
        }
    }
    Delimited::Unclosed { opening }
}

/// Whether the text between two `---` lines is written as frontmatter: it
/// is blank, opens a flow mapping, holds a template's tags, is a YAML list
/// (reported as such), or has a line of `key: value`. Markdown between two
/// horizontal rules (a row of links, a heading, a sentence) is none.
fn keyed(block: &str) -> bool {
    let mut lines = block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first) = lines.clone().next() else { return true };
    if first.starts_with('{') || block.contains("{{") || block.contains("<%") {
        return true;
    }
    if lines.clone().all(|line| line.starts_with("- ") || line == "-") {
        return true;
    }
    lines.any(|line| {
        let line = line.strip_prefix("- ").unwrap_or(line);
        line.split_once(':').is_some_and(|(key, rest)| {
            !key.is_empty()
                && !key.contains(['[', '(', '<', '|'])
                && (rest.is_empty() || rest.starts_with([' ', '\t']))
        })
    })
}

/// A JSON object opening the file: the block runs to its closing brace and
/// the rest of that line.
fn delimit_json(text: &str, bom: usize) -> Delimited {
    let opening = Span::new(bom, 1);
    let limit = text.len().min(bom + MAX_FRONTMATTER_BYTES + 1);
    match other::json_end(vaultlint_core::text::prefix(text, limit), bom) {
        Some(close) => {
            let end = text[close..].find('\n').map_or(text.len(), |i| close + i + 1);
            Delimited::Found(Block {
                format: Format::Json,
                yaml_start: bom,
                yaml_end: close,
                end,
                first_line: 1,
            })
        }
        None if limit < text.len() => Delimited::TooLarge { opening },
        None => Delimited::Unclosed { opening },
    }
}

/// Why the YAML inside the block was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub message: String,
    pub span: Span,
    pub label: String,
    /// For frontmatter indented with tabs, the fields read with each tab
    /// taken for a space, as Hexo reads them.
    pub tabbed: Option<Vec<Field>>,
}

/// Maps parser markers (line 1-based and column 0-based in characters,
/// both relative to the YAML text) to byte offsets in the file, through
/// the lines of the file up to the YAML's end: YAML ends a line where
/// [`LineIndex`] does (at `\n`, `\r\n` and a lone `\r`). Markers come
/// mostly in order, which the index counts on from the last one: a
/// thousand tokens on one line cost the line about once.
struct Positions<'a> {
    lines: LineIndex<'a>,
    /// The 0-based line of the file that is the YAML's first.
    first_line: usize,
}

impl<'a> Positions<'a> {
    fn new(text: &'a str, block: &Block) -> Self {
        Positions { lines: LineIndex::new(&text[..block.yaml_end]), first_line: block.first_line - 1 }
    }

    /// Byte offset in the file of a marker.
    fn offset(&self, mark: &Marker) -> usize {
        self.lines.offset_of_column(self.first_line + mark.line().max(1) - 1, mark.col())
    }

    fn span(&self, mark: &Marker, len: usize) -> Span {
        Span::new(self.offset(mark), len)
    }

    /// A span over the token that starts at `mark`.
    fn token_span(&self, mark: &Marker, flow: bool) -> Span {
        let start = self.offset(mark);
        self.span(mark, token_len(&self.lines.text()[start..], flow))
    }

    /// The 1-based line of the file at a byte offset.
    fn line(&self, offset: usize) -> usize {
        self.lines.line_of(offset) + 1
    }
}

/// Length in bytes of the YAML token at the start of `rest`: a quoted
/// scalar to its closing quote, a flow collection to its closing bracket,
/// anything else to the end of its line (or, inside a flow collection, to
/// the next `,`, `]` or `}`), less a trailing comment and white space.
/// Each scan stops where its token does, so the tokens of one long line
/// cost the line about once.
fn token_len(rest: &str, flow: bool) -> usize {
    let bytes = rest.as_bytes();
    let line_end = |from: usize| {
        bytes[from..].iter().position(|b| matches!(b, b'\n' | b'\r')).map_or(bytes.len(), |i| from + i)
    };
    match bytes.first() {
        Some(b'"') => {
            let mut i = 1;
            while i < bytes.len() && !matches!(bytes[i], b'\n' | b'\r') {
                match bytes[i] {
                    b'\\' => i += 2,
                    b'"' => return i + 1,
                    _ => i += 1,
                }
            }
            i.min(bytes.len())
        }
        Some(b'\'') => {
            let mut i = 1;
            while i < bytes.len() && !matches!(bytes[i], b'\n' | b'\r') {
                if bytes[i] == b'\'' {
                    if bytes.get(i + 1) == Some(&b'\'') {
                        i += 2;
                        continue;
                    }
                    return i + 1;
                }
                i += 1;
            }
            i.min(bytes.len())
        }
        Some(b'[' | b'{') => {
            // A flow collection on one line: to its matching bracket.
            let mut depth = 0usize;
            let mut quote = None;
            for (i, &b) in bytes.iter().enumerate() {
                match (quote, b) {
                    (_, b'\n' | b'\r') => return trim_comment(&rest[..i]).len(),
                    (Some(q), b) if b == q => quote = None,
                    (Some(_), _) => {}
                    (None, b'"' | b'\'') => quote = Some(b),
                    (None, b'[' | b'{') => depth += 1,
                    (None, b']' | b'}') => {
                        depth -= 1;
                        if depth == 0 {
                            return i + 1;
                        }
                    }
                    _ => {}
                }
            }
            trim_comment(rest).len()
        }
        _ if flow => {
            // To the first `,`, `]` or `}`, or a comment, or the line's end.
            let mut end = bytes.len();
            for (i, &b) in bytes.iter().enumerate() {
                let comment = b == b'#' && i > 0 && matches!(bytes[i - 1], b' ' | b'\t');
                if matches!(b, b',' | b']' | b'}' | b'\n' | b'\r') || comment {
                    end = i;
                    break;
                }
            }
            rest[..end].trim_end().len()
        }
        _ => trim_comment(&rest[..line_end(0)]).len(),
    }
}

pub(crate) fn trim_comment(line: &str) -> &str {
    let cut = line
        .char_indices()
        .find(|&(i, c)| c == '#' && (i == 0 || line[..i].ends_with([' ', '\t'])))
        .map_or(line.len(), |(i, _)| i);
    line[..cut].trim_end()
}

enum FrameKind {
    Seq,
    Map,
}

struct Frame {
    kind: FrameKind,
    start: Span,
    anchor: usize,
    /// Values below this frame, with aliases counted as expanded.
    expanded: u64,
    /// Kept children, for frames shallow enough to keep.
    items: Option<Vec<Value>>,
    flow: bool,
}

/// Reads the top-level keys of the YAML between the delimiters; a key
/// written twice is an error.
pub fn parse(text: &str, block: &Block) -> Result<Vec<Field>, YamlError> {
    parse_reading(text, block, &|_| true)
}

/// Reads the top-level keys of the YAML between the delimiters, for a
/// reader of the keys that `reads` accepts. A key written twice is an
/// error only when it is read: which of its values counts differs from
/// one YAML loader to the next (Hugo's and PyYAML's take the last, js-yaml
/// refuses the block), so nothing read from it can be trusted. Another
/// key written twice is no concern of the reader's: its first entry is
/// kept and the others dropped. Docs sites carry repeated `description`
/// and `weight` keys by the thousand, and their generators read them.
pub fn parse_reading(
    text: &str,
    block: &Block,
    reads: &dyn Fn(&str) -> bool,
) -> Result<Vec<Field>, YamlError> {
    match block.format {
        Format::Yaml => parse_yaml(text, block, reads),
        Format::Toml => other::parse_toml(text, block),
        Format::Json => other::parse_json(text, block),
    }
}

fn parse_yaml(text: &str, block: &Block, reads: &dyn Fn(&str) -> bool) -> Result<Vec<Field>, YamlError> {
    let yaml = &text[block.yaml_start..block.yaml_end];
    // The YAML reader stops at a NUL as at the end of the text, which would
    // silently drop every key after it.
    if let Some(at) = yaml.find('\0') {
        let span = Span::new(block.yaml_start + at, 1);
        return Err(error("frontmatter holds a NUL byte".into(), span, "NUL"));
    }
    let mut refusal = match read_yaml(yaml, text, block, reads) {
        Ok(fields) => return Ok(fields),
        Err(refusal) => refusal,
    };
    // Most YAML readers (js-yaml, PyYAML, Go's) accept two shapes that the
    // specification does not: a flow collection closed at its key's
    // indentation (`aliases: [` ... `]` at the start of a line), and a
    // quoted scalar whose next lines start at the key's indentation. Such
    // frontmatter is read as the tools that wrote it read it: indented
    // where the strict reading stops, one shape at a time.
    let strict = refusal.error.clone();
    let mut relaxed = yaml.to_string();
    let mut tabbed = false;
    for _ in 0..MAX_RELAXATIONS {
        let message = &refusal.error.message;
        let next = if message.ends_with("invalid indentation") {
            relaxed_closings(&relaxed)
        } else if message.ends_with("invalid indentation in quoted scalar") {
            relaxed_quoted(&relaxed, &refusal.mark)
        } else if message.contains("tab") && !tabbed {
            tabbed = true;
            relaxed_tabs(&relaxed)
        } else {
            None
        };
        let Some(next) = next else { break };
        relaxed = next;
        refusal = match read_yaml(&relaxed, text, block, reads) {
            Ok(fields) if tabbed => return Err(tab_indented(yaml, block, fields)),
            Ok(fields) => return Ok(fields),
            Err(refusal) => refusal,
        };
    }
    Err(dashed_closing(yaml, block).unwrap_or(strict))
}

/// `yaml` with each tab that indents a line made a space: Hexo reads its
/// posts' frontmatter so (hard tabs made soft before js-yaml reads it),
/// and a blog written for it indents its lists with tabs by the thousand.
/// One space for one tab keeps every line's columns, so every place read
/// is the file's; `None` when no line starts with a tab.
fn relaxed_tabs(yaml: &str) -> Option<String> {
    let mut out = String::with_capacity(yaml.len());
    for line in yaml.split_inclusive('\n') {
        let body = line.trim_start_matches([' ', '\t']);
        out.extend(line[..line.len() - body.len()].chars().map(|_| ' '));
        out.push_str(body);
    }
    (out != yaml).then_some(out)
}

/// The error for frontmatter YAML reads only with its tabs made spaces,
/// carrying the fields so read: Hexo's reading, which other readers
/// (Obsidian's, Jekyll's, Hugo's) refuse. Placed at the first tab.
fn tab_indented(yaml: &str, block: &Block, fields: Vec<Field>) -> YamlError {
    let mut at = 0;
    for line in yaml.split_inclusive('\n') {
        let indent = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
        if let Some(tab) = indent.find('\t') {
            at += tab;
            break;
        }
        at += line.len();
    }
    let message =
        "frontmatter is indented with tabs, which YAML readers refuse (Hexo alone reads them as spaces)";
    let mut error = error(message.into(), Span::new(block.yaml_start + at, 1), "a tab");
    error.tabbed = Some(fields);
    error
}

/// A line of four dashes or more inside frontmatter that YAML refuses:
/// meant as its end (gray-matter, which Docusaurus reads with, takes any
/// line starting with `---` for it; YAML readers and Hugo only `---`), so
/// the error is placed there rather than on the body text read as YAML.
fn dashed_closing(yaml: &str, block: &Block) -> Option<YamlError> {
    let mut at = 0;
    for line in yaml.split_inclusive('\n') {
        let dashes = line.trim_end_matches(['\n', '\r', ' ', '\t']);
        if dashes.len() > 3 && dashes.bytes().all(|b| b == b'-') {
            let message = format!(
                "frontmatter ends at a line of {} dashes, which YAML readers do not take for `---`",
                dashes.len()
            );
            return Some(error(message, Span::new(block.yaml_start + at, dashes.len()), "write `---` here"));
        }
        at += line.len();
    }
    None
}

/// How many shapes a lenient reading indents before it gives up: one a
/// quoted scalar, and a frontmatter has few.
const MAX_RELAXATIONS: usize = 32;

/// A strict reading's refusal, and the place in the YAML it points at.
struct Refusal {
    error: YamlError,
    mark: Marker,
}

/// The fields of `yaml`, the frontmatter of the file `text` (or the same
/// lines with their indentation changed: places are read by line and
/// column).
fn read_yaml(
    yaml: &str,
    text: &str,
    block: &Block,
    reads: &dyn Fn(&str) -> bool,
) -> Result<Vec<Field>, Refusal> {
    let mut reader = Reader {
        text,
        reads,
        pos: Positions::new(text, block),
        fields: Vec::new(),
        seen: std::collections::HashMap::new(),
        stack: Vec::new(),
        pending_key: None,
        anchor_sizes: Vec::new(),
        aliased: 0,
    };
    let mut parser = Parser::new_from_str(yaml);
    loop {
        let (event, mark) = parser.next_token().map_err(|e| {
            let span = reader.pos.span(e.marker(), 1);
            let error = error(format!("frontmatter is not valid YAML: {}", e.info()), span, "here");
            Refusal { error, mark: *e.marker() }
        })?;
        if matches!(event, Event::StreamEnd) {
            break;
        }
        let refused = |error| Refusal { error, mark };
        if let Some((value, size, anchor)) = reader.node(event, &mark).map_err(refused)? {
            reader.count(&value, size, anchor).map_err(refused)?;
            reader.place(value, size).map_err(refused)?;
        }
    }
    Ok(reader.fields)
}

/// `yaml` with each line that starts with a flow collection's closing
/// bracket indented one space past the line before it, so that a strict
/// reader takes it; `None` when no line needs it. Only those lines
/// change, and only in their leading spaces.
fn relaxed_closings(yaml: &str) -> Option<String> {
    let mut out = String::with_capacity(yaml.len() + 64);
    let (mut changed, mut before) = (false, 0);
    for line in yaml.split_inclusive('\n') {
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        if body.starts_with([']', '}']) && indent < before {
            out.extend(std::iter::repeat_n(' ', before + 1));
            out.push_str(body);
            changed = true;
            continue;
        }
        if !body.trim().is_empty() {
            before = indent;
        }
        out.push_str(line);
    }
    changed.then_some(out)
}

/// `yaml` with the lines after the first of the quoted scalar that opens
/// at `mark` indented one space past its opening quote, where they are
/// not already; `None` when no quoted scalar opens there or no line needs
/// it. A quoted scalar folds its lines without their leading white space,
/// so its value is unchanged. Lines end at `\n` here: a scalar broken by
/// a lone `\r` is left to the strict reading's error.
fn relaxed_quoted(yaml: &str, mark: &Marker) -> Option<String> {
    let (open, quote) = yaml.char_indices().nth(mark.index()).filter(|&(_, c)| c == '\'' || c == '"')?;
    let indent = mark.col() + 1;
    let bytes = yaml.as_bytes();
    let mut i = open + 1;
    let close = loop {
        match bytes.get(i) {
            None => return None,
            Some(b'\\') if quote == '"' => i += 2,
            Some(b'\'') if quote == '\'' && bytes.get(i + 1) == Some(&b'\'') => i += 2,
            Some(&b) if b == quote as u8 => break i,
            Some(_) => i += 1,
        }
    };
    let mut out = String::with_capacity(yaml.len() + 64);
    let mut changed = false;
    let mut offset = 0;
    for raw in yaml.split_inclusive('\n') {
        let (start, body) = (offset, raw.trim_start_matches(' '));
        offset += raw.len();
        let spaces = raw.len() - body.len();
        if start > open && start <= close && spaces < indent && !body.trim().is_empty() {
            out.extend(std::iter::repeat_n(' ', indent));
            out.push_str(body);
            changed = true;
        } else {
            out.push_str(raw);
        }
    }
    changed.then_some(out)
}

fn error(message: String, span: Span, label: &str) -> YamlError {
    YamlError { message, span, label: label.to_string(), tabbed: None }
}

/// The state of one pass over the frontmatter's events.
struct Reader<'t> {
    text: &'t str,
    /// Whether the reader reads a key: only a read key may not repeat.
    reads: &'t dyn Fn(&str) -> bool,
    pos: Positions<'t>,
    fields: Vec<Field>,
    /// Key -> index in `fields`, so duplicate detection stays linear.
    seen: std::collections::HashMap<String, usize>,
    stack: Vec<Frame>,
    /// At the top level: the key waiting for its value (`None` while a
    /// non-scalar key is being skipped), and whether a key comes next.
    pending_key: Option<Option<(String, Span)>>,
    anchor_sizes: Vec<u64>,
    /// Values that aliases stand for: what a loader would copy.
    aliased: u64,
}

impl Reader<'_> {
    /// The node that `event` completes, with its expanded size and anchor;
    /// `None` for events that complete none.
    fn node(&mut self, event: Event, mark: &Marker) -> Result<Option<(Value, u64, usize)>, YamlError> {
        let flow = self.stack.last().is_some_and(|f| f.flow);
        let pos = &self.pos;
        Ok(match event {
            Event::StreamStart | Event::DocumentStart | Event::Nothing | Event::StreamEnd => None,
            Event::DocumentEnd => None,
            Event::Scalar(value, style, anchor, _) => {
                let style = match style {
                    TScalarStyle::Plain => ScalarStyle::Plain,
                    TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted => ScalarStyle::Quoted,
                    TScalarStyle::Literal | TScalarStyle::Folded => ScalarStyle::Block,
                };
                let span = pos.token_span(mark, flow);
                Some((Value { kind: ValueKind::Scalar { text: value.into(), style }, span }, 1, anchor))
            }
            Event::Alias(id) => {
                let size = self.anchor_sizes.get(id).copied().unwrap_or(1);
                let span = pos.token_span(mark, flow);
                Some((Value { kind: ValueKind::Alias, span }, size, 0))
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                self.open(matches!(event, Event::SequenceStart(..)), anchor, mark, flow)?;
                None
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(frame) = self.stack.pop() else { return Ok(None) };
                if self.stack.is_empty() {
                    // The top-level mapping is done.
                    return Ok(None);
                }
                let kind = match (frame.kind, frame.items) {
                    // A vault keeps every note's fields: no spare room.
                    (FrameKind::Seq, Some(items)) => ValueKind::Seq(items.into_boxed_slice()),
                    (FrameKind::Seq, None) => ValueKind::Seq(Box::default()),
                    (FrameKind::Map, _) => ValueKind::Map,
                };
                Some((Value { kind, span: frame.start }, frame.expanded + 1, frame.anchor))
            }
        })
    }

    /// A list or mapping opens.
    fn open(&mut self, is_seq: bool, anchor: usize, mark: &Marker, flow: bool) -> Result<(), YamlError> {
        let pos = &self.pos;
        if self.stack.len() >= MAX_DEPTH {
            return Err(error(
                format!("frontmatter is nested more than {MAX_DEPTH} levels deep"),
                pos.span(mark, 1),
                "too deep",
            ));
        }
        let keep = self.stack.len() < KEEP_DEPTH && is_seq;
        let start = pos.token_span(mark, flow);
        self.stack.push(Frame {
            kind: if is_seq { FrameKind::Seq } else { FrameKind::Map },
            start,
            anchor,
            expanded: 0,
            items: keep.then(Vec::new),
            flow: self.text[start.offset()..].starts_with(['[', '{']),
        });
        if self.stack.len() == 1 && is_seq {
            return Err(error(
                "frontmatter is a list, not a mapping of keys to values".into(),
                pos.token_span(mark, false),
                "expected `key: value` lines",
            ));
        }
        Ok(())
    }

    /// Counts what aliases stand for, refusing an alias bomb.
    fn count(&mut self, value: &Value, size: u64, anchor: usize) -> Result<(), YamlError> {
        if matches!(value.kind, ValueKind::Alias) {
            self.aliased = self.aliased.saturating_add(size);
        }
        if anchor != 0 {
            if self.anchor_sizes.len() <= anchor {
                self.anchor_sizes.resize(anchor + 1, 1);
            }
            self.anchor_sizes[anchor] = size;
        }
        if self.aliased > MAX_EXPANDED_NODES {
            return Err(error(
                format!(
                    "frontmatter aliases expand to more than {MAX_EXPANDED_NODES} values (an alias bomb); it was not expanded"
                ),
                value.span,
                "expands past the limit",
            ));
        }
        Ok(())
    }

    /// Puts a completed node where it belongs: a top-level key or value,
    /// or an item of the list or mapping around it.
    fn place(&mut self, value: Value, size: u64) -> Result<(), YamlError> {
        match self.stack.len() {
            // A scalar document: fine when empty, refused otherwise.
            0 if value.is_null() => {}
            0 => {
                return Err(error(
                    "frontmatter is a single value, not a mapping of keys to values".into(),
                    value.span,
                    "expected `key: value` lines",
                ));
            }
            1 => match self.pending_key.take() {
                None => {
                    self.pending_key = Some(match (&value.kind, value.scalar_text()) {
                        (ValueKind::Scalar { .. }, Some(key)) => Some((key.to_string(), value.span)),
                        _ => None,
                    });
                }
                Some(Some((key, key_span))) => {
                    if let Some(&first) = self.seen.get(&key) {
                        if !(self.reads)(&key) {
                            return Ok(());
                        }
                        return Err(error(
                            format!(
                                "duplicate key `{key}` in the frontmatter (first at line {})",
                                self.pos.line(self.fields[first].key_span.offset())
                            ),
                            key_span,
                            "repeated here",
                        ));
                    }
                    let value = if value.is_null() { Value { span: key_span, ..value } } else { value };
                    self.seen.insert(key.clone(), self.fields.len());
                    self.fields.push(Field { key: key.into(), key_span, value });
                }
                Some(None) => {}
            },
            _ => {
                let parent = self.stack.last_mut().expect("stack is not empty");
                parent.expanded = parent.expanded.saturating_add(size);
                if let Some(items) = &mut parent.items {
                    items.push(value);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultlint_core::lines::LineColumn;

    fn fields(text: &str) -> Vec<Field> {
        let Delimited::Found(block) = delimit(text) else { panic!("no block") };
        parse(text, &block).unwrap()
    }

    #[test]
    fn positions_point_at_values() {
        let text = "---\ntitle: Plan\nsuperseded_by: \"[[Next]]\"\n---\nbody\n";
        let f = fields(text);
        assert_eq!(&*f[1].key, "superseded_by");
        let span = f[1].value.span;
        assert_eq!(LineIndex::new(text).position(span.offset()), LineColumn::new(3, 16));
        assert_eq!(&text[span.range()], "\"[[Next]]\"");
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line_as_yaml_reads_it() {
        let text = "---\na: 😀\rb: \"x\"\r\n---\n";
        let f = fields(text);
        assert_eq!(&text[f[1].value.span.range()], "\"x\"");
        assert_eq!(LineIndex::new(text).position(f[1].value.span.offset()), LineColumn::new(3, 4));
        let twice = "---\na: 1\rb: 2\ra: 3\n---\n";
        let Delimited::Found(block) = delimit(twice) else { panic!("no block") };
        let error = parse(twice, &block).unwrap_err();
        assert!(error.message.contains("(first at line 2)"), "{}", error.message);
    }

    #[test]
    fn a_flow_collection_closed_at_its_keys_indentation_is_read() {
        let text = "---\naliases: [\n  '/old/',\n  '/older/',\n]\nmeta:\n  tags: [ a,\n    b\n]\nstatus: draft\n---\n";
        let f = fields(text);
        assert_eq!(f[0].value.strings(), vec!["/old/", "/older/"]);
        assert_eq!(&*f[2].key, "status");
        assert_eq!(&text[f[2].value.span.range()], "draft");
        // Indentation that no reader takes is still an error.
        let bad = "---\na: 1\n  b: 2\n---\n";
        let Delimited::Found(block) = delimit(bad) else { panic!("no block") };
        assert!(parse(bad, &block).is_err());
    }

    #[test]
    fn a_quoted_scalar_continued_at_its_keys_indentation_is_read() {
        let text = "---\ntitle: 'One'\ndescription: 'Reduce the set\nto the first\n  and it''s done.'\nmore: \"a\n\\\"b\\\"\nc\"\nstatus: draft\n---\n";
        let f = fields(text);
        assert_eq!(f[1].value.as_str(), Some("Reduce the set to the first and it's done."));
        assert_eq!(f[2].value.as_str(), Some("a \"b\" c"));
        assert_eq!(&*f[3].key, "status");
        assert_eq!(&text[f[3].value.span.range()], "draft");
        // After a key of other letters, with CRLF, in a list item.
        let text = "---\r\nété: x\r\nitems:\r\n  - note: \"a é\r\n  b\"\r\nstatus: draft\r\n---\r\n";
        let f = fields(text);
        assert_eq!(&*f[1].key, "items");
        assert_eq!(&*f[2].key, "status");
        assert_eq!(&text[f[2].value.span.range()], "draft");
        // A quoted scalar never closed is still an error.
        let bad = "---\na: 'open\nb: 2\n---\n";
        let Delimited::Found(block) = delimit(bad) else { panic!("no block") };
        assert!(parse(bad, &block).is_err());
    }

    #[test]
    fn a_repeated_key_is_an_error_only_where_it_is_read() {
        let text = "---\nweight: 1\ntitle: A\nweight: 2\n---\n";
        let Delimited::Found(block) = delimit(text) else { panic!("no block") };
        let err = parse(text, &block).unwrap_err();
        assert_eq!(err.message, "duplicate key `weight` in the frontmatter (first at line 2)");
        let f = parse_reading(text, &block, &|key| key == "title").unwrap();
        let keys: Vec<&str> = f.iter().map(|f| &*f.key).collect();
        assert_eq!(keys, ["weight", "title"]);
        assert_eq!(f[0].value.as_str(), None);
        assert_eq!(&text[f[0].value.span.range()], "1");
    }

    #[test]
    fn crlf_and_bom() {
        let text = "\u{feff}---\r\ntags: [a, b]\r\nx: 'q'\r\n---\r\nbody";
        let f = fields(text);
        assert_eq!(f[0].value.strings(), vec!["a", "b"]);
        let span = f[1].value.span;
        assert_eq!(&text[span.range()], "'q'");
        assert_eq!(LineIndex::new(text).position(span.offset()), LineColumn::new(3, 4));
    }

    #[test]
    fn unquoted_wikilink_is_nested_list() {
        let f = fields("---\nsuperseded_by: [[Note]]\n---\n");
        match &f[0].value.kind {
            ValueKind::Seq(items) => assert!(matches!(items[0].kind, ValueKind::Seq(_))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn plain_scalars_typed() {
        for s in ["12", "-3.5", "true", "null", "~", "0x1f", ".inf"] {
            assert!(is_plain_non_string(s), "{s}");
        }
        for s in ["2024-01-01", "note", "v2", "1.2.3", "."] {
            assert!(!is_plain_non_string(s), "{s}");
        }
    }

    #[test]
    fn unclosed_and_absent() {
        assert_eq!(delimit("# Title\n"), Delimited::Absent);
        assert!(matches!(delimit("---\ntitle: x\n"), Delimited::Unclosed { .. }));
        // A rule opening a snippet of Markdown is no frontmatter left open.
        assert_eq!(delimit("---\n\n!!! question \"Production?\"\n\n    Text.\n"), Delimited::Absent);
        assert_eq!(delimit("---\n\nSee the [guide](guide.md).\n"), Delimited::Absent);
        assert!(matches!(delimit("---\n# a comment\ntitle: x\n"), Delimited::Unclosed { .. }));
        assert!(matches!(delimit("---\n---\n"), Delimited::Found(_)));
        // Markdown between two horizontal rules is no frontmatter; a list
        // written as frontmatter, or a broken one with a key, still is.
        assert_eq!(delimit("---\n\n[Home](/) |\n[Careers](/careers/)\n\n---\nText.\n"), Delimited::Absent);
        assert_eq!(delimit("---\n# Contents\nSee below.\n---\n"), Delimited::Absent);
        assert!(matches!(delimit("---\n- a\n- b\n---\n"), Delimited::Found(_)));
        assert!(matches!(delimit("---\ntitle: [x\n---\n"), Delimited::Found(_)));
        assert!(matches!(delimit("---\ndate:\n---\n"), Delimited::Found(_)));
    }
}
