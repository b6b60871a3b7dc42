//! `--format full`: a graphical report per finding, with the frontmatter
//! snippet and a label under the offending value. The summary line is
//! added by the caller unless `--quiet`.

use super::Style;
use crate::commands::check::Report;
use crate::diagnostic::{Diagnostic, Severity, Sources};
use crate::text::{sanitize, sanitize_source};
use crate::vault::Vault;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode};
use std::fmt;

/// A finding dressed for miette: text made safe for a terminal, and the
/// note's head as the source of its snippet.
struct Rendered {
    code: String,
    message: String,
    severity: miette::Severity,
    help: Option<String>,
    label: Option<LabeledSpan>,
    source: Option<NamedSource<String>>,
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

/// Bodies are not kept; a snippet of one comes from the note's text, up
/// to the end of the span's line, if that is within this many bytes.
const MAX_BODY_SNIPPET: usize = 1 << 20;

/// The text a snippet of `span` in note `path` is drawn from: the kept
/// frontmatter, or the note's text from `sources` for a span in the body.
fn snippet_source(d: &Diagnostic, vault: &Vault, sources: &dyn Sources) -> Option<String> {
    let span = d.span?;
    let head = vault.id_of(&d.path).map(|id| vault.notes[id].head.as_str()).unwrap_or("");
    let end = span.offset + span.len;
    if end <= head.len() {
        return Some(head.to_string());
    }
    if end > MAX_BODY_SNIPPET {
        return None;
    }
    let text = sources.text(&d.path)?;
    // miette numbers the last line wrongly when it has no line break.
    let line_end = text.get(end..)?.find('\n').map_or(text.len(), |i| end + i + 1);
    text.get(..line_end).map(str::to_string)
}

fn rendered(d: &Diagnostic, vault: &Vault, sources: &dyn Sources, paths: &super::Paths) -> Rendered {
    let source = snippet_source(d, vault, sources);
    let path = paths.show(&d.path);
    let span = d.span.filter(|_| source.is_some());
    let message = match span {
        Some(_) => sanitize(&d.message).into_owned(),
        None => match d.span {
            Some(s) => format!("{}:{}:{}: {}", sanitize(&path), s.line, s.column, sanitize(&d.message)),
            None => format!("{}: {}", sanitize(&path), sanitize(&d.message)),
        },
    };
    Rendered {
        code: d.code.name().to_string(),
        message,
        severity: match d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        },
        help: d.help.as_deref().map(|h| sanitize(h).into_owned()),
        label: span.map(|s| {
            let label = d.label.as_deref().map(|l| sanitize(l).into_owned());
            LabeledSpan::new(label, s.offset, s.len.max(1))
        }),
        source: source.map(|text| NamedSource::new(sanitize(&path), sanitize_source(&text).into_owned())),
    }
}

pub fn render(
    report: &Report,
    vault: &Vault,
    sources: &dyn Sources,
    style: Style,
    paths: &super::Paths,
) -> String {
    let theme = if style.color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(style.width).with_links(false);
    let mut out = String::new();
    for d in &report.diagnostics {
        let _ = handler.render_report(&mut out, &rendered(d, vault, sources, paths));
        out.push('\n');
    }
    out
}
