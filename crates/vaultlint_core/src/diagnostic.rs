//! A finding is data: a stable code, a severity, a message, an optional span
//! in the note with a label, an optional help line, the other notes it
//! involves and an optional fix. Renderers in `output/` turn these into text.

use crate::code::Code;
pub use crate::code::Severity;
use crate::lines::{LineColumn, LineIndex};

/// A place in a file: the byte offset of its first byte and how many bytes
/// it covers. Nothing more: the line and column a person reads depend on
/// the whole text before the place and on how lines are counted, so they
/// are made by [`LineIndex`] from the text, where it is at hand, and never
/// kept in a span (see [`Diagnostic::position`]).
///
/// Held in 32-bit words: every kept frontmatter field of every note keeps
/// two spans. A place past 4 GiB reads as the last one a word holds
/// (frontmatter, where most spans are, is at most 1 MiB).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Span {
    offset: u32,
    len: u32,
}

impl Span {
    /// The `len` bytes from byte `offset`.
    pub fn new(offset: usize, len: usize) -> Span {
        let word = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Span { offset: word(offset), len: word(len) }
    }

    /// The first byte.
    pub fn offset(self) -> usize {
        self.offset as usize
    }

    /// How many bytes it covers.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether it covers no byte.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Just past the last byte.
    pub fn end(self) -> usize {
        self.offset() + self.len()
    }

    /// The bytes it covers.
    pub fn range(self) -> std::ops::Range<usize> {
        self.offset()..self.end()
    }
}

/// A finding as data: its rule, severity, note, message, where in the note
/// it is, the help, and the fix, if any. Renderers draw it; nothing here
/// prints.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    /// Vault-relative path with `/` separators.
    pub path: String,
    pub message: String,
    pub span: Option<Span>,
    /// The line and column where `span` starts, as the command line prints
    /// them; `None` until a [`LineIndex`] of the note's text has placed it
    /// ([`Diagnostic::locate`]).
    ///
    /// Made once, where the text is at hand, and carried beside the span
    /// rather than made by each renderer: a finding that reading a note
    /// found is placed as it is read (a note that is not UTF-8 cannot be
    /// read again as text), the findings of the rules are placed when a
    /// check is done, one index per note (by the workspace, which knows
    /// which notes' places it kept), and a check's findings kept in the
    /// cache render without a note being read. The
    /// language server does not use it: it places spans on the editor's
    /// text, in UTF-16 units, with a [`LineIndex`] of its own.
    pub position: Option<LineColumn>,
    /// Text shown under the span in the graphical rendering.
    pub label: Option<String>,
    pub help: Option<String>,
    /// Other notes involved, vault-relative.
    pub related: Vec<String>,
    /// An edit of the note's file that resolves the finding.
    pub fix: Option<Fix>,
}

/// Replace the bytes `offset..offset + original.len()` of a file, which
/// read `original` when it was read, with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Edit {
    pub offset: usize,
    pub original: String,
    pub replacement: String,
}

impl Edit {
    /// `text` with the edit made; `text` must read `original` at `offset`.
    pub fn apply(&self, text: &str) -> String {
        let end = self.offset + self.original.len();
        [&text[..self.offset], &self.replacement, &text[end..]].concat()
    }

    /// `text` with `edits` (in order of offset) made, each where the text
    /// still reads what it expects; an edit that overlaps one made before
    /// it, or no longer fits, is left for the next run. Gives the edits
    /// made.
    pub fn apply_all<'e>(text: &str, edits: impl IntoIterator<Item = &'e Edit>) -> (String, Vec<&'e Edit>) {
        let mut out = String::with_capacity(text.len());
        let (mut at, mut made) = (0, Vec::new());
        for edit in edits {
            let end = edit.offset + edit.original.len();
            if edit.offset < at || text.get(edit.offset..end) != Some(edit.original.as_str()) {
                continue;
            }
            out.push_str(&text[at..edit.offset]);
            out.push_str(&edit.replacement);
            at = end;
            made.push(edit);
        }
        out.push_str(&text[at..]);
        (out, made)
    }

    /// Two edits of `text` that do not overlap, as one: the bytes from
    /// the first's start to the second's end, with both made. A fix is one
    /// edit, applied whole or not at all.
    pub fn joined(text: &str, a: Edit, b: Edit) -> Option<Edit> {
        let (first, second) = if a.offset <= b.offset { (a, b) } else { (b, a) };
        let first_end = first.offset + first.original.len();
        let end = second.offset + second.original.len();
        let between = text.get(first_end..second.offset)?;
        let original = text.get(first.offset..end)?.to_string();
        if second.offset < first_end
            || !original.starts_with(&first.original)
            || !original.ends_with(&second.original)
        {
            return None;
        }
        let replacement = [first.replacement.as_str(), between, &second.replacement].concat();
        Some(Edit { offset: first.offset, original, replacement })
    }
}

/// Whether a fix may be applied without a person looking at it, as ruff
/// grades its fixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Applicability {
    /// It keeps what the note says: `check --fix` applies it.
    Safe,
    /// It may change what the note says (a record's link rewritten, a
    /// declaration pointed past a version): applied by `check --fix`
    /// only with `--unsafe-fixes`.
    Unsafe,
    /// A judgement (marking a note superseded): offered in the editor and
    /// made by `suggest --apply`, never by `check --fix`.
    DisplayOnly,
}

/// An edit that resolves a finding, in the file the finding is about.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Fix {
    pub edit: Edit,
    pub applicability: Applicability,
    /// The digest of the file the edit was computed from, when known: the
    /// edit is made only if the file still has it.
    pub digest: Option<u64>,
}

impl Fix {
    pub fn safe(edit: Edit, digest: Option<u64>) -> Fix {
        Fix { edit, applicability: Applicability::Safe, digest }
    }

    pub fn is_safe(&self) -> bool {
        self.applicability == Applicability::Safe
    }

    /// Whether `check --fix` makes it: a safe fix always, an unsafe one
    /// with `--unsafe-fixes`, a display-only one never.
    pub fn applies(&self, unsafe_fixes: bool) -> bool {
        match self.applicability {
            Applicability::Safe => true,
            Applicability::Unsafe => unsafe_fixes,
            Applicability::DisplayOnly => false,
        }
    }
}

impl Diagnostic {
    /// Whether the finding carries a fix that `check --fix` makes (see
    /// [`Fix::applies`]).
    pub fn fixable(&self, unsafe_fixes: bool) -> bool {
        self.fix.as_ref().is_some_and(|f| f.applies(unsafe_fixes))
    }

    pub fn new(code: Code, path: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: code.default_severity(),
            path: path.into(),
            message: message.into(),
            span: None,
            position: None,
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

    /// Places the span on the lines of the text it is in, when it has one
    /// and is not placed yet.
    pub fn locate(&mut self, lines: &LineIndex<'_>) {
        if let (Some(span), None) = (self.span, self.position) {
            self.position = Some(lines.position(span.offset()));
        }
    }

    /// The finding with its span placed at `position`, found on the text
    /// it was made from.
    pub fn placed(mut self, position: LineColumn) -> Self {
        if self.span.is_some() {
            self.position = Some(position);
        }
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

    /// The order findings are printed in: by path, then where in the
    /// file, then code. Findings without a span come first within their
    /// file.
    pub fn sort_key(&self) -> (&str, Option<usize>, Code, &str) {
        (&self.path, self.span.map(Span::offset), self.code, &self.message)
    }
}

/// Sorts findings into their stable printing order and drops exact repeats.
pub fn sort(diagnostics: &mut Vec<Diagnostic>) {
    diagnostics.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    diagnostics.dedup();
}

/// Where renderers get the text of a note for a snippet or a diff, so
/// that no renderer opens a file itself.
pub trait Sources {
    /// The note's text, vault-relative path; `None` when it cannot be had.
    fn text(&self, path: &str) -> Option<std::sync::Arc<str>>;

    /// Whether a command given the note at `path` (vault-relative) alone
    /// would take another folder for its vault (one below the root holding
    /// `.obsidian/` or a config of its own): a command printed for it then
    /// names the root. `false` where that cannot be known.
    fn in_another_vault(&self, _path: &str) -> bool {
        false
    }
}
