//! Pairs a person has judged not to be versions of one document, kept in a
//! small text file at the vault root so it is committed and reviewed with
//! the vault: one pair per line, two vault-relative paths separated by a
//! tab; `#` starts a comment line.

use crate::diagnostic::{Diagnostic, Span};
use crate::edit::{self, WriteError};
use crate::rules::Code;
use crate::vault::Vault;
use std::collections::HashSet;
use std::path::Path;

/// The file's name at the vault root.
pub const FILE: &str = ".vaultlint-dismissed";
const HEADER: &str = "# Pairs of notes that are not versions of one another: `vaultlint suggest`\n\
                      # leaves them out. One pair per line, two vault-relative paths separated by a tab.\n";

#[derive(Debug, Default)]
pub struct Dismissals {
    /// Each pair with its paths in order.
    pairs: HashSet<(String, String)>,
    /// `(first path, second path, span of the line)`, in file order.
    entries: Vec<(String, String, Span)>,
    /// Problems reading the file.
    pub problems: Vec<Diagnostic>,
}

fn ordered(a: &str, b: &str) -> (String, String) {
    if a <= b { (a.to_string(), b.to_string()) } else { (b.to_string(), a.to_string()) }
}

impl Dismissals {
    /// Reads the dismissal `file` (missing: none dismissed).
    pub fn load(file: &Path) -> Dismissals {
        match std::fs::read(file) {
            Ok(bytes) => Dismissals::parse(&String::from_utf8_lossy(&bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Dismissals::default(),
            Err(e) => Dismissals {
                problems: vec![Diagnostic::new(Code::InvalidDismissal, FILE, format!("cannot read: {e}"))],
                ..Dismissals::default()
            },
        }
    }

    pub fn parse(text: &str) -> Dismissals {
        let mut out = Dismissals::default();
        let mut offset = 0;
        for (n, raw) in text.split_inclusive('\n').enumerate() {
            let line = raw.trim_end_matches(['\n', '\r']);
            let span = Span { offset, len: line.len(), line: n + 1, column: 1 };
            offset += raw.len();
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            match line.split('\t').map(str::trim).collect::<Vec<_>>()[..] {
                [a, b] if !a.is_empty() && !b.is_empty() => {
                    out.pairs.insert(ordered(a, b));
                    out.entries.push((a.to_string(), b.to_string(), span));
                }
                _ => out.problems.push(
                    Diagnostic::new(Code::InvalidDismissal, FILE, "line is not two paths separated by a tab")
                        .at(span, "here")
                        .help(
                            "write `folder/a.md<TAB>folder/b.md`, or use `vaultlint suggest --dismiss A B`",
                        ),
                ),
            }
        }
        out
    }

    pub fn contains(&self, a: &str, b: &str) -> bool {
        self.pairs.contains(&ordered(a, b))
    }

    /// Entries naming a note the vault no longer has.
    pub fn stale(&self, vault: &Vault) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (a, b, span) in &self.entries {
            let gone: Vec<&str> =
                [a, b].into_iter().filter(|p| vault.id_of(p).is_none()).map(|p| p.as_str()).collect();
            if gone.is_empty() {
                continue;
            }
            let names = gone.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(" and ");
            out.push(
                Diagnostic::new(
                    Code::StaleDismissal,
                    FILE,
                    format!("dismissed pair names {names}, which no longer exists"),
                )
                .at(*span, "stale entry")
                .help("remove the line, or point it at the notes' new paths"),
            );
        }
        out
    }
}

/// Records in the dismissal `file` that `a` and `b` (vault-relative) are
/// not versions of one another. Returns `false` when the pair was already
/// recorded.
pub fn add(file: &Path, a: &str, b: &str) -> Result<bool, String> {
    let path = file.to_path_buf();
    let read = match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot read {FILE}: {e}")),
    };
    let text = read.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
    if Dismissals::parse(&text).contains(a, b) {
        return Ok(false);
    }
    let (first, second) = ordered(a, b);
    if [&first, &second].iter().any(|p| p.contains(['\t', '\n', '\r'])) {
        return Err("a path with a tab or line break cannot be recorded".into());
    }
    // Append, keeping every byte already there (and its line endings).
    let mut bytes = read.clone().unwrap_or_else(|| HEADER.as_bytes().to_vec());
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    if !bytes.is_empty() && !bytes.ends_with(b"\n") {
        bytes.extend_from_slice(newline.as_bytes());
    }
    bytes.extend_from_slice(format!("{first}\t{second}{newline}").as_bytes());
    edit::write_atomic(&path, read.as_deref(), &bytes)
        .map_err(|e: WriteError| format!("cannot write {FILE}: {e}"))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pairs_and_reports_bad_lines() {
        let d = Dismissals::parse("# comment\n\nb.md\ta.md\r\nnot a pair\n");
        assert!(d.contains("a.md", "b.md"));
        assert_eq!(d.problems.len(), 1);
        assert_eq!(d.problems[0].span.unwrap().line, 4);
    }

    #[test]
    fn add_appends_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(FILE);
        assert_eq!(add(&file, "x/b.md", "a.md"), Ok(true));
        assert_eq!(add(&file, "a.md", "x/b.md"), Ok(false));
        let text = std::fs::read_to_string(dir.path().join(FILE)).unwrap();
        assert!(text.starts_with("# "));
        assert!(text.ends_with("a.md\tx/b.md\n"));
    }
}
