//! Suppressions written in a note, in the forms Markdown linters use:
//! `<!-- vaultlint-disable CODE -->` ... `<!-- vaultlint-enable CODE -->`
//! around a region, `<!-- vaultlint-disable-next-line CODE -->`, the
//! same-line `<!-- vaultlint-disable-line CODE -->` (markdownlint's form),
//! `<!-- vaultlint-disable-file CODE -->`, and a frontmatter key
//! (`vaultlint-ignore: [CODE]`) for a note with no body to comment in.
//! A comment inside code of any kind is text, not a suppression, as are
//! an escaped one (`\<!--`), one in a link reference definition and one
//! inside `$$` display math: only a comment a renderer would hide
//! suppresses. Which findings they silence is decided by the rules, which
//! know the codes.

use crate::frontmatter::Field;
use vaultlint_core::diagnostic::Span;
use vaultlint_core::lines::LineIndex;

/// Which part of the note a suppression covers: whole lines, as
/// [`LineIndex`] counts them, held as the bytes they span, so that a
/// finding's span tells whether it is covered without the note's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Reach {
    /// The line after a `disable-next-line` comment (or the line a
    /// `disable-line` comment ends on): the bytes from where
    /// it starts to where the next line starts (`usize::MAX` when it is
    /// the last line; both when there is no line after the comment).
    Line { from: usize, to: usize },
    /// From the start of the line of `disable` to the start of the line
    /// after that of the `enable` that ends it; to the end of the note
    /// (`usize::MAX`) when none does.
    Lines { from: usize, to: usize },
    /// The whole note.
    File,
    /// No part of it: a `vaultlint-` comment whose directive is none of
    /// those above (`vaultlint-disabel-next-line`, `vaultlint-ignore`), kept
    /// so that it is reported rather than silently ignored; its names hold
    /// the directive as written.
    Unknown,
}

impl Reach {
    /// Whether it covers a finding whose span starts at `offset`; a
    /// finding without a span is about the whole note, which only a
    /// whole-note suppression covers.
    pub fn covers(self, offset: Option<usize>) -> bool {
        match (self, offset) {
            (Reach::File, _) => true,
            (Reach::Line { from, to } | Reach::Lines { from, to }, Some(offset)) => {
                (from..to).contains(&offset)
            }
            (Reach::Line { .. } | Reach::Lines { .. }, None) | (Reach::Unknown, _) => false,
        }
    }
}

/// A comment or frontmatter key that silences rules, where it reaches and
/// which rules it names.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Suppression {
    pub reach: Reach,
    /// The codes or families named, as written; empty: every rule.
    pub names: Vec<String>,
    /// The comment, or the frontmatter key.
    pub span: Span,
}

const PREFIX: &str = "vaultlint-";

/// The frontmatter key, unless the config names another.
pub const DEFAULT_KEY: &str = "vaultlint-ignore";

/// The suppressions in the body of `text`, from byte `start`.
pub fn in_body(text: &str, start: usize) -> Vec<Suppression> {
    let body = &text[start..];
    if !body.contains(PREFIX) {
        return Vec::new();
    }
    let code = crate::link::code_ranges(body);
    let mut inside = crate::link::Within::new(&code);
    let math = display_math(body, &code);
    let mut in_math = crate::link::Within::new(&math);
    let mut definitions = Definitions::default();
    let lines = LineIndex::new(text);
    // Where a line starts; past the last line, `usize::MAX`.
    let start_of = |line: usize| lines.line_start(line).unwrap_or(usize::MAX);
    let mut found = Vec::new();
    let mut open: Vec<(Vec<String>, usize, Span)> = Vec::new();
    let mut from = 0;
    while let Some(at) = body[from..].find("<!--").map(|i| from + i) {
        from = at + 4;
        if inside.at(at) || in_math.at(at) || escaped(body, at) || definitions.holds(body, at) {
            continue;
        }
        // A comment ends at the first `-->`; the search goes on after it,
        // so each byte is looked at once.
        let Some(close) = body[at + 4..].find("-->").map(|c| at + 4 + c + 3) else { break };
        from = close;
        let Some((directive, names)) = directive(&body[at + 4..close - 3]) else { continue };
        let line = lines.line_of(start + at);
        let span = Span::new(start + at, close - at);
        match directive {
            "disable" => open.push((names, start_of(line), span)),
            "enable" => close_regions(&mut open, &names, start_of(line + 1), &mut found),
            // markdownlint's same-line form: the line the comment ends on.
            "disable-line" => {
                let own = lines.line_of(start + close - 1);
                let reach = Reach::Line { from: start_of(own), to: start_of(own + 1) };
                found.push(Suppression { reach, names, span });
            }
            "disable-next-line" => {
                let next = lines.line_of(start + close) + 1;
                let reach = Reach::Line { from: start_of(next), to: start_of(next + 1) };
                found.push(Suppression { reach, names, span });
            }
            "disable-file" => found.push(Suppression { reach: Reach::File, names, span }),
            other => found.push(Suppression { reach: Reach::Unknown, names: vec![other.to_string()], span }),
        }
    }
    for (names, from, span) in open {
        found.push(Suppression { reach: Reach::Lines { from, to: usize::MAX }, names, span });
    }
    found
}

/// Whether the byte at `at` is escaped: an odd number of backslashes
/// stands before it.
fn escaped(body: &str, at: usize) -> bool {
    body.as_bytes()[..at].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
}

/// Which comments are on a line that is a link reference definition
/// (`[label]: url "title"`, indented three spaces at most), where a
/// comment is the definition's text. Asked at offsets that only grow,
/// it reads each line once.
#[derive(Default)]
struct Definitions {
    /// Up to where the body has been looked at.
    seen: usize,
    /// The current line: where it starts, and where its label ends
    /// (after `]:`) when it is a definition.
    line_start: usize,
    label_end: Option<usize>,
}

impl Definitions {
    fn holds(&mut self, body: &str, at: usize) -> bool {
        if let Some(i) = body[self.seen..at].rfind('\n') {
            self.line_start = self.seen + i + 1;
            self.label_end = None;
        }
        if self.seen <= self.line_start {
            let line = &body[self.line_start..];
            let line = &line[..line.find('\n').unwrap_or(line.len())];
            let indent = line.len() - line.trim_start_matches(' ').len();
            self.label_end = line[indent..]
                .strip_prefix('[')
                .and_then(|label| label.find("]:").filter(|&end| end > 0))
                .filter(|_| indent <= 3)
                .map(|end| self.line_start + indent + 1 + end + 2);
        }
        self.seen = at.max(self.line_start + 1);
        self.label_end.is_some_and(|end| end <= at)
    }
}

/// The ranges between a `$$` and the next, outside `code`: display math,
/// as Obsidian renders it, though an HTML comment inside it keeps
/// CommonMark from reading it as math.
fn display_math(body: &str, code: &[std::ops::Range<usize>]) -> Vec<std::ops::Range<usize>> {
    if !body.contains("$$") {
        return Vec::new();
    }
    let mut inside = crate::link::Within::new(code);
    let mut math = Vec::new();
    let mut open = None;
    let mut from = 0;
    while let Some(at) = body[from..].find("$$").map(|i| from + i) {
        from = at + 2;
        if inside.at(at) || escaped(body, at) {
            continue;
        }
        match open.take() {
            None => open = Some(at),
            Some(start) => math.push(start..at + 2),
        }
    }
    math
}

/// Ends the open regions an `enable` names (every one when it names
/// none) at byte `to`, where the line after the `enable`'s starts; a
/// region left with codes the `enable` did not name goes on.
fn close_regions(
    open: &mut Vec<(Vec<String>, usize, Span)>,
    enabled: &[String],
    to: usize,
    found: &mut Vec<Suppression>,
) {
    let mut still = Vec::new();
    for (names, from, span) in open.drain(..) {
        let reach = Reach::Lines { from, to };
        if enabled.is_empty() || names.is_empty() {
            found.push(Suppression { reach, names, span });
            continue;
        }
        let (ended, going): (Vec<String>, Vec<String>) = names.into_iter().partition(|n| enabled.contains(n));
        if !ended.is_empty() {
            found.push(Suppression { reach, names: ended, span });
        }
        if !going.is_empty() {
            still.push((going, from, span));
        }
    }
    *open = still;
}

/// `vaultlint-disable a, b` as `("disable", ["a", "b"])`.
fn directive(comment: &str) -> Option<(&str, Vec<String>)> {
    let rest = comment.trim().strip_prefix(PREFIX)?;
    let (word, names) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let names = names.split([',', ' ', '\t', '\n', '\r']).filter(|n| !n.is_empty()).map(str::to_string);
    Some((word, names.collect()))
}

/// The frontmatter key that silences rules for the whole note: a code, a
/// list of codes, or no value for every rule. A value that is no name (a
/// mapping, an alias, a list in a list) is kept as its text in `text`,
/// the note's: it names no rule, so it silences nothing and is reported.
pub fn in_frontmatter(fields: &[Field], key: &str, text: &str) -> Option<Suppression> {
    use crate::frontmatter::{Value, ValueKind};
    let field = fields.iter().find(|f| &*f.key == key)?;
    let source = |value: &Value| {
        let shown = text.get(value.span.range()).map(str::trim).filter(|t| !t.is_empty());
        shown.unwrap_or("?").to_string()
    };
    let name = |value: &Value| match &value.kind {
        ValueKind::Scalar { .. } => {
            value.scalar_text().map(|n| n.trim().to_string()).filter(|n| !n.is_empty())
        }
        _ => Some(source(value)),
    };
    let names = match &field.value.kind {
        ValueKind::Seq(items) => items.iter().filter_map(name).collect(),
        _ => name(&field.value).into_iter().collect(),
    };
    Some(Suppression { reach: Reach::File, names, span: field.key_span })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reaches(text: &str) -> Vec<(Reach, Vec<String>)> {
        in_body(text, 0).into_iter().map(|s| (s.reach, s.names)).collect()
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn regions_end_where_their_codes_are_enabled() {
        let text = "<!-- vaultlint-disable a, b -->\nx\n<!-- vaultlint-enable a -->\ny\n";
        let y = text.find('y').unwrap();
        assert_eq!(
            reaches(text),
            [
                (Reach::Lines { from: 0, to: y }, names(&["a"])),
                (Reach::Lines { from: 0, to: usize::MAX }, names(&["b"]))
            ]
        );
        let bare = "<!-- vaultlint-disable -->\n<!--vaultlint-enable-->\n";
        assert_eq!(reaches(bare), [(Reach::Lines { from: 0, to: bare.len() }, vec![])]);
    }

    #[test]
    fn next_line_counts_from_the_end_of_the_comment() {
        let text = "a\n<!-- vaultlint-disable-next-line\n  a -->\nb\n";
        let b = text.rfind('b').unwrap();
        assert_eq!(reaches(text), [(Reach::Line { from: b, to: b + 2 }, names(&["a"]))]);
        // The last line is covered to the end; no line after the comment,
        // nothing.
        let last = "<!-- vaultlint-disable-next-line a -->\r\nb";
        assert_eq!(reaches(last), [(Reach::Line { from: last.len() - 1, to: usize::MAX }, names(&["a"]))]);
        let none = "<!-- vaultlint-disable-next-line a -->";
        assert_eq!(reaches(none), [(Reach::Line { from: usize::MAX, to: usize::MAX }, names(&["a"]))]);
    }

    #[test]
    fn an_unknown_directive_is_kept_to_be_reported() {
        let text = "<!-- vaultlint-disabel-next-line links-to-superseded -->\nb\n";
        assert_eq!(reaches(text), [(Reach::Unknown, names(&["disabel-next-line"]))]);
        assert!(!Reach::Unknown.covers(Some(0)) && !Reach::Unknown.covers(None));
    }

    #[test]
    fn disable_line_covers_the_line_the_comment_ends_on() {
        let text = "a\nSee [[old]]. <!-- vaultlint-disable-line links-to-superseded -->\nb\n";
        let (from, to) = (text.find("See").unwrap(), text.rfind('b').unwrap());
        assert_eq!(reaches(text), [(Reach::Line { from, to }, names(&["links-to-superseded"]))]);
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line_as_editors_show_it() {
        let text = "<!-- vaultlint-disable-next-line a -->\rb\rc";
        let b = text.rfind('b').unwrap();
        assert_eq!(reaches(text), [(Reach::Line { from: b, to: b + 2 }, names(&["a"]))]);
        assert!(Reach::Line { from: b, to: b + 2 }.covers(Some(b + 1)));
        assert!(!Reach::Line { from: b, to: b + 2 }.covers(Some(b + 2)));
        assert!(!Reach::Line { from: b, to: b + 2 }.covers(None));
    }

    #[test]
    fn comments_in_code_and_other_comments_are_not_suppressions() {
        let text =
            "    <!-- vaultlint-disable-file a -->\n\n`<!-- vaultlint-disable-file a -->`\n<!-- a note -->\n";
        assert_eq!(reaches(text), []);
        // A directive of no known kind is kept, to be reported.
        assert_eq!(reaches("<!-- vaultlint-nonsense a -->\n"), [(Reach::Unknown, names(&["nonsense"]))]);
    }

    #[test]
    fn escaped_comments_definitions_and_math_are_not_suppressions() {
        let text = "\\<!-- vaultlint-disable-file a -->\n\
                    [ref]: https://example.com \"<!-- vaultlint-disable-file a -->\"\n\
                    $$\n<!-- vaultlint-disable-file a -->\n$$\n";
        assert_eq!(reaches(text), []);
        // Two backslashes are one escaped backslash: the comment is one.
        let text = "\\\\<!-- vaultlint-disable-file a -->\n$$x$$ <!-- vaultlint-disable-file b -->\n";
        assert_eq!(reaches(text), [(Reach::File, names(&["a"])), (Reach::File, names(&["b"]))]);
        // Only the definition's own line is its text.
        let text = "[r]: u <!-- vaultlint-disable-file a --> <!-- vaultlint-disable-file b -->\n\
                    <!-- vaultlint-disable-file c -->\n [not a definition] <!-- vaultlint-disable-file d -->\n";
        assert_eq!(reaches(text), [(Reach::File, names(&["c"])), (Reach::File, names(&["d"]))]);
    }
}
