//! A finding is data: a stable code, a severity, a message, an optional span
//! in the note with a label, an optional help line and the other notes it
//! involves. Renderers in `output/` turn these into text.

use crate::rules::Code;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A place in a file: byte offset and length for snippets, and the 1-based
/// line and column (in characters) for people and editors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub offset: usize,
    pub len: usize,
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    /// Vault-relative path with `/` separators.
    pub path: String,
    pub message: String,
    pub span: Option<Span>,
    /// Text shown under the span in the graphical rendering.
    pub label: Option<String>,
    pub help: Option<String>,
    /// Other notes involved, vault-relative.
    pub related: Vec<String>,
    /// An edit of the note's file that resolves the finding.
    pub fix: Option<Fix>,
}

/// Replace the bytes `offset..offset + original.len()` of the file, which
/// read `original` when the vault was read, with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    pub offset: usize,
    pub original: String,
    pub replacement: String,
}

impl Diagnostic {
    pub fn new(code: Code, path: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: code.default_severity(),
            path: path.into(),
            message: message.into(),
            span: None,
            label: None,
            help: None,
            related: Vec::new(),
            fix: None,
        }
    }

    pub fn at(mut self, span: Span, label: impl Into<String>) -> Self {
        self.span = Some(span);
        self.label = Some(label.into());
        self
    }

    pub fn at_opt(mut self, span: Option<Span>, label: impl Into<String>) -> Self {
        if let Some(span) = span {
            self = self.at(span, label);
        }
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn related(mut self, related: Vec<String>) -> Self {
        self.related = related;
        self
    }

    pub fn fix(mut self, fix: Option<Fix>) -> Self {
        self.fix = fix;
        self
    }

    /// The order findings are printed in: by path, then position, then code.
    /// Findings without a position come first within their file.
    pub fn sort_key(&self) -> (&str, usize, usize, Code, &str) {
        let (line, column) = self.span.map_or((0, 0), |s| (s.line, s.column));
        (&self.path, line, column, self.code, &self.message)
    }
}

/// Sorts findings into their stable printing order and drops exact repeats.
pub fn sort(diagnostics: &mut Vec<Diagnostic>) {
    diagnostics.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    diagnostics.dedup();
}
