//! `--format full`: a graphical report per finding, with the frontmatter
//! snippet and a label under the offending value. The summary line is
//! added by the caller unless `--quiet`.

use super::Style;
use crate::check::Report;
use crate::diagnostic::{Diagnostic, Severity};
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

fn rendered(d: &Diagnostic, vault: &Vault) -> Rendered {
    let head = vault.id_of(&d.path).map(|id| vault.notes[id].head.as_str()).unwrap_or("");
    // A snippet needs the span inside the text we kept.
    let span = d.span.filter(|s| s.offset + s.len <= head.len());
    let message = match span {
        Some(_) => sanitize(&d.message).into_owned(),
        None => match d.span {
            Some(s) => format!("{}:{}:{}: {}", sanitize(&d.path), s.line, s.column, sanitize(&d.message)),
            None => format!("{}: {}", sanitize(&d.path), sanitize(&d.message)),
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
        source: span.map(|_| NamedSource::new(sanitize(&d.path), sanitize_source(head).into_owned())),
    }
}

pub fn render(report: &Report, vault: &Vault, style: Style) -> String {
    let theme = if style.color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(style.width).with_links(false);
    let mut out = String::new();
    for d in &report.diagnostics {
        let _ = handler.render_report(&mut out, &rendered(d, vault));
        out.push('\n');
    }
    out
}
