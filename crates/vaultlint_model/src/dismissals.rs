//! Pairs a person has judged not to be versions of one document, kept in a
//! small text file at the vault root so it is committed and reviewed with
//! the vault: one pair per line, two vault-relative paths separated by a
//! tab; `#` starts a comment line. Where it lives is a setting
//! (`dismissals` in vaultlint.toml); by default it is [`FILE`].

use crate::vault::Vault;
use std::collections::HashSet;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Diagnostic, Span};
use vaultlint_core::lines::{LineColumn, LineIndex};

/// The file's default name at the vault root.
pub const FILE: &str = ".vaultlint-dismissed";
const HEADER: &str = "# Pairs of notes that are not versions of one another: `vaultlint suggest`\n\
                      # leaves them out. One pair per line, two vault-relative paths separated by a tab.\n";

/// The pairs a person judged not to be versions of one another, as the
/// dismissal file lists them.
#[derive(Debug, Default)]
pub struct Dismissals {
    /// Each pair with its paths in order.
    pairs: HashSet<(String, String)>,
    /// `(first path, second path, span of the line and where it starts)`,
    /// in file order: placed while the text is at hand, as a finding about
    /// an entry is made later, without it.
    entries: Vec<(String, String, Span, LineColumn)>,
    /// Problems reading the file.
    pub problems: Vec<Diagnostic>,
    /// The file's vault-relative path, as findings name it.
    name: String,
}

fn ordered(a: &str, b: &str) -> (String, String) {
    if a <= b { (a.to_string(), b.to_string()) } else { (b.to_string(), a.to_string()) }
}

impl Dismissals {
    /// The dismissals from reading their file, known in the vault as
    /// `name` (missing: none dismissed).
    pub fn from_read(read: std::io::Result<Vec<u8>>, name: &str) -> Dismissals {
        match read {
            Ok(bytes) => Dismissals::parse(&String::from_utf8_lossy(&bytes), name),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Dismissals { name: name.to_string(), ..Dismissals::default() }
            }
            Err(e) => Dismissals {
                problems: vec![Diagnostic::new(Code::InvalidDismissal, name, format!("cannot read: {e}"))],
                name: name.to_string(),
                ..Dismissals::default()
            },
        }
    }

    /// Reads the file's text; findings name it `name`.
    pub fn parse(text: &str, name: &str) -> Dismissals {
        let mut out = Dismissals { name: name.to_string(), ..Dismissals::default() };
        let lines = LineIndex::new(text);
        let mut offset = 0;
        for raw in text.split_inclusive('\n') {
            let line = raw.trim_end_matches(['\n', '\r']);
            let span = Span::new(offset, line.len());
            let place = lines.position(offset);
            offset += raw.len();
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            match line.split('\t').map(str::trim).collect::<Vec<_>>()[..] {
                [a, b] if !a.is_empty() && !b.is_empty() => {
                    out.pairs.insert(ordered(a, b));
                    out.entries.push((a.to_string(), b.to_string(), span, place));
                }
                _ => out.problems.push(
                    Diagnostic::new(Code::InvalidDismissal, name, "line is not two paths separated by a tab")
                        .at(span, "here")
                        .placed(place)
                        .help(
                            "write `folder/a.md<TAB>folder/b.md`, or use `vaultlint suggest --dismiss A B`",
                        ),
                ),
            }
        }
        out
    }

    /// The file's vault-relative path.
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn contains(&self, a: &str, b: &str) -> bool {
        self.pairs.contains(&ordered(a, b))
    }

    /// Entries naming a note the vault no longer has.
    pub fn stale(&self, vault: &Vault) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (a, b, span, place) in &self.entries {
            let gone: Vec<&str> =
                [a, b].into_iter().filter(|p| vault.id_of(p).is_none()).map(|p| p.as_str()).collect();
            if gone.is_empty() {
                continue;
            }
            let names = gone.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(" and ");
            out.push(
                Diagnostic::new(
                    Code::StaleDismissal,
                    &self.name,
                    format!("dismissed pair names {names}, which no longer exists"),
                )
                .at(*span, "stale entry")
                .placed(*place)
                .help("remove the line, or point it at the notes' new paths"),
            );
        }
        out
    }
}

/// The dismissal file's new bytes with the pair `a`, `b` (vault-relative)
/// appended, keeping every byte already there and its line endings.
/// `existing` is the file as read (`None`: it does not exist yet).
/// `Ok(None)` when the pair is recorded already.
pub fn appended(existing: Option<&[u8]>, a: &str, b: &str) -> Result<Option<Vec<u8>>, String> {
    let text = existing.map(String::from_utf8_lossy).unwrap_or_default();
    if Dismissals::parse(&text, "").contains(a, b) {
        return Ok(None);
    }
    let (first, second) = ordered(a, b);
    if [&first, &second].iter().any(|p| p.contains(['\t', '\n', '\r'])) {
        return Err("a path with a tab or line break cannot be recorded".into());
    }
    let mut bytes = existing.map_or_else(|| HEADER.as_bytes().to_vec(), <[u8]>::to_vec);
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    if !bytes.is_empty() && !bytes.ends_with(b"\n") {
        bytes.extend_from_slice(newline.as_bytes());
    }
    bytes.extend_from_slice(format!("{first}\t{second}{newline}").as_bytes());
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pairs_and_reports_bad_lines() {
        let d = Dismissals::parse("# comment\n\nb.md\ta.md\r\nnot a pair\n", "meta/dismissed.tsv");
        assert!(d.contains("a.md", "b.md"));
        assert_eq!(d.problems.len(), 1);
        assert_eq!(d.problems[0].path, "meta/dismissed.tsv");
        assert_eq!(d.problems[0].position.unwrap().line(), 4);
    }

    #[test]
    fn appends_once_keeping_the_bytes() {
        let first = appended(None, "x/b.md", "a.md").unwrap().unwrap();
        assert!(first.starts_with(b"# "));
        assert!(first.ends_with(b"a.md\tx/b.md\n"));
        assert_eq!(appended(Some(&first), "a.md", "x/b.md"), Ok(None));
        let crlf = appended(Some(b"c.md\td.md\r\n"), "a.md", "b.md").unwrap().unwrap();
        assert_eq!(crlf, b"c.md\td.md\r\na.md\tb.md\r\n");
    }
}
