//! `--format full`: a graphical report per finding, with the frontmatter
//! snippet and a label under the offending value. The summary line is
//! added by the caller unless `--quiet`.

use super::Style;
use miette::{GraphicalTheme, LabeledSpan, SourceCode};
use std::fmt;
use vaultlint_core::diagnostic::{Diagnostic, Severity, Sources};
use vaultlint_core::text::{sanitize, sanitize_source};
use vaultlint_workspace::commands::check::Report;

/// A finding dressed for miette: text made safe for a terminal, and the
/// note's head as the source of its snippet.
struct Rendered {
    code: String,
    message: String,
    severity: miette::Severity,
    help: Option<String>,
    label: Option<LabeledSpan>,
    source: Option<Snippet>,
}

impl fmt::Debug for Rendered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Rendered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Rendered {}

impl miette::Diagnostic for Rendered {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.label.clone().map(|l| Box::new(std::iter::once(l)) as Box<dyn Iterator<Item = LabeledSpan>>)
    }
}

/// A snippet shows at most this many bytes either side of its span, and
/// of the span itself: a finding on a megabyte-long line prints a few
/// hundred bytes, however many findings the line has.
const WINDOW: usize = 240;

/// A window of a note's text around one finding: part of the span's line,
/// with the file's own offsets, line and column, so miette numbers it as
/// the file does.
struct Snippet {
    name: String,
    text: String,
    /// File offset of `text`.
    offset: usize,
    /// 0-based line and column (in characters) of `text`'s start.
    line: usize,
    column: usize,
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        // Asked for one span alone (the header's line and column), answer
        // from its start; otherwise give the whole window.
        let from = if before == 0 && after == 0 {
            span.offset().saturating_sub(self.offset).min(self.text.len())
        } else {
            0
        };
        let from = self.text.floor_char_boundary(from);
        let before_it = &self.text[..from];
        let (line, column) = match before_it.rfind('\n') {
            Some(i) => (self.line + before_it.matches('\n').count(), before_it[i + 1..].chars().count()),
            None => (self.line, self.column + before_it.chars().count()),
        };
        let data = &self.text.as_bytes()[from..];
        let window = miette::SourceSpan::from((self.offset + from, data.len()));
        Ok(Box::new(miette::MietteSpanContents::new_named(self.name.clone(), data, window, line, column, 1)))
    }
}

/// The window around finding `d`'s span, from the note's text as the
/// sources give it (read again: only notes with findings are), and where
/// its label starts and how long it is, clipped to the window.
fn snippet(d: &Diagnostic, sources: &dyn Sources, name: &str) -> Option<(Snippet, usize, usize)> {
    let (span, place) = (d.span?, d.position?);
    let end = span.end();
    let text = sources.text(&d.path)?;
    let text: &str = &text;
    let floor = |i: usize| text.floor_char_boundary(i);
    // A span made on a text that changed since (the note was edited after
    // it was read) may fall inside a character: it is drawn from the
    // character's start.
    // A byte-order mark is no character of the first line, as the
    // position counts it: the window starts after it.
    let mark = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
    let at = floor(span.offset().min(text.len())).max(mark);
    // Look for the line's ends only within the window, so that many
    // findings on one long line cost the window each, not the line.
    let (low, high) = (
        floor(at.saturating_sub(WINDOW)),
        floor(end.min(at + WINDOW).saturating_add(WINDOW).min(text.len()).max(at)),
    );
    // A lone `\r` ends a line too, as YAML and editors read it.
    let from = text[low..at].rfind(['\n', '\r']).map_or(low, |i| low + i + 1).max(mark);
    let to = text[at..high].find(['\n', '\r']).map_or(high, |i| at + i);
    // Whether the window holds the span's whole line.
    let whole_line = (from == mark || matches!(text.as_bytes()[from - 1], b'\n' | b'\r'))
        && (to == text.len() || matches!(text.as_bytes()[to], b'\n' | b'\r'));
    // The window's line and column, from the span's: `from` is on its line.
    let mut column = place.column().saturating_sub(1).saturating_sub(text[from..at].chars().count());
    let mut line = place.line() - 1;
    // A line of context either side, when the span's line is shown whole
    // and the neighbour is short.
    let short = |line: &str| line.len() <= 2 * WINDOW;
    let (mut start, mut stop) = (from, to);
    if whole_line && from > mark {
        let prev_end = text[..from].strip_suffix('\n').unwrap_or(&text[..from]);
        let prev_end = prev_end.strip_suffix('\r').unwrap_or(prev_end).len();
        // Looked for only as far back as a short line goes.
        let low = floor(prev_end.saturating_sub(2 * WINDOW + 1));
        let before = text[low..prev_end].rfind(['\n', '\r']).map(|i| low + i + 1).or((low == 0).then_some(0));
        if let Some(before) = before.filter(|&b| short(&text[b..from])) {
            (start, line, column) = (before, line - 1, 0);
        }
    }
    if whole_line {
        // `to` is at the line's break: the next line starts just past it.
        let next = if text[to..].starts_with("\r\n") { to + 2 } else { to + 1 };
        if next < text.len() {
            let high = floor(next + 2 * WINDOW + 1);
            let after = text[next..high]
                .find(['\n', '\r'])
                .map(|i| next + i)
                .or((high == text.len()).then_some(high));
            if let Some(after) = after.filter(|&a| short(&text[next..a])) {
                stop = after;
            }
        }
    }
    // miette numbers the last line wrongly when it has no line break, and
    // counts lines at `\n` alone: a lone `\r`, which ends a line as the
    // note's lines are counted, is shown as the `\n` it stands for.
    let shown = lone_returns_as_newlines(text[start..stop].trim_end_matches(['\n', '\r']));
    let shown = format!("{}\n", sanitize_source(&shown));
    let snippet = Snippet { name: name.to_string(), text: shown, offset: start, line, column };
    Some((snippet, span.offset().max(mark), end.min(to).saturating_sub(at).max(1)))
}

/// `text` with each lone `\r` made a `\n`, byte for byte.
fn lone_returns_as_newlines(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.char_indices().map(|(i, c)| if c == '\r' && lone(i) { '\n' } else { c }).collect()
}

fn rendered(d: &Diagnostic, sources: &dyn Sources, paths: &super::Paths) -> Rendered {
    let path = paths.show(&d.path);
    let snippet = snippet(d, sources, &sanitize(&path));
    let message = match (d.position, &snippet) {
        (Some(_), Some(_)) => sanitize(&d.message).into_owned(),
        (Some(at), None) => {
            format!("{}:{}:{}: {}", sanitize(&path), at.line(), at.column(), sanitize(&d.message))
        }
        (None, _) => format!("{}: {}", sanitize(&path), sanitize(&d.message)),
    };
    let label = snippet.as_ref().map(|(_, start, len)| {
        let label = d.label.as_deref().map(|l| sanitize(l).into_owned());
        LabeledSpan::new(label, *start, *len)
    });
    Rendered {
        code: d.code.name().to_string(),
        message,
        severity: match d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        },
        // A help of several lines (a config table to paste) keeps them.
        help: d.help.as_deref().map(vaultlint_core::text::sanitize_lines),
        label,
        source: snippet.map(|(s, ..)| s),
    }
}

/// Every finding of `report` drawn with its snippet; past
/// [`super::MANY_FINDINGS`], grouped by code and cut short unless `all`.
pub fn render(
    report: &Report,
    sources: &dyn Sources,
    style: Style,
    paths: &super::Paths,
    all: bool,
) -> String {
    let theme = if style.color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = super::report_handler(theme, style);
    let mut out = String::new();
    for (group, left) in super::grouped(report, all) {
        for &(d, more) in &group {
            let _ = handler.render_report(&mut out, &rendered(d, sources, paths));
            out.push('\n');
            if more > 0 {
                out.push_str(&super::more_line(d, more, paths));
                out.push('\n');
            }
        }
        if let (Some((d, _)), true) = (group.first(), left > 0) {
            out.push_str(&super::more_of_code(d.code, left));
            out.push('\n');
        }
    }
    out
}
