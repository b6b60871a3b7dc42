//! Applying fixes: the one path every edit takes, whether `check --fix`
//! writes link rewrites, `check --diff` shows them, or `suggest` marks a
//! note superseded. Fixes are grouped by file and spliced in by byte
//! offset; a file is edited only if it still has the digest and the text
//! the fixes were computed from, the result is read back, and the write is
//! atomic.

use crate::edit::{self, WriteError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use vaultlint_core::diagnostic::{Diagnostic, Edit, Fix};
use vaultlint_syntax::frontmatter::{self, Delimited};
use vaultlint_syntax::note;

/// The edits of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEdit {
    /// Vault-relative.
    pub path: String,
    pub file: PathBuf,
    /// The vault root, which the file must stay inside.
    pub root: PathBuf,
    pub before: String,
    pub after: String,
    /// The edits made, in order of offset: one a fix.
    pub made: Vec<Edit>,
}

/// A file whose fixes cannot be made, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub path: String,
    pub reason: String,
}

/// The fixes that `diagnostics` carry and `check --fix` makes (the safe
/// ones, and with `unsafe_fixes` the unsafe ones too), with their paths.
pub fn applicable(diagnostics: &[Diagnostic], unsafe_fixes: bool) -> Vec<(&str, &Fix)> {
    diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref().filter(|f| f.applies(unsafe_fixes)).map(|f| (d.path.as_str(), f)))
        .collect()
}

/// Plans `fixes` (vault-relative path, fix) for the vault at `root`, file
/// by file in path order. A file is skipped whole when it cannot be read,
/// changed since it was read, or would not read back.
pub fn plan<'f>(
    root: &Path,
    fixes: impl IntoIterator<Item = (&'f str, &'f Fix)>,
) -> (Vec<FileEdit>, Vec<Skipped>) {
    let mut by_file: BTreeMap<&str, Vec<&Fix>> = BTreeMap::new();
    for (path, fix) in fixes {
        by_file.entry(path).or_default().push(fix);
    }
    let (mut planned, mut skipped) = (Vec::new(), Vec::new());
    for (path, fixes) in by_file {
        match plan_file(root, path, fixes) {
            Ok(Some(edit)) => planned.push(edit),
            Ok(None) => {}
            Err(reason) => skipped.push(Skipped { path: path.to_string(), reason }),
        }
    }
    (planned, skipped)
}

fn plan_file(root: &Path, path: &str, mut fixes: Vec<&Fix>) -> Result<Option<FileEdit>, String> {
    let file = root.join(path);
    let bytes = std::fs::read(&file).map_err(|e| format!("cannot read it: {e}"))?;
    // The file's digest, taken once however many fixes it has.
    let digest = std::cell::OnceCell::new();
    if fixes.iter().any(|f| f.digest.is_some_and(|d| d != *digest.get_or_init(|| note::digest(&bytes)))) {
        return Err("it changed since it was read".into());
    }
    let before = String::from_utf8(bytes).map_err(|_| "it is not valid UTF-8".to_string())?;
    fixes.sort_by_key(|f| f.edit.offset);
    // Overlapping or stale edits are left for the next run.
    let (after, made) = Edit::apply_all(&before, fixes.iter().map(|f| &f.edit));
    let made: Vec<Edit> = made.into_iter().cloned().collect();
    if after == before {
        return Ok(None);
    }
    if reads(&before) && !reads(&after) {
        return Err("the edit would leave its frontmatter unreadable; nothing was changed".into());
    }
    Ok(Some(FileEdit { path: path.to_string(), file, root: root.to_path_buf(), before, after, made }))
}

/// Whether the text's frontmatter, if it has one, parses (a repeated key
/// aside: a fix adds none, and the declarations it edits are read back).
fn reads(text: &str) -> bool {
    match frontmatter::delimit(text) {
        Delimited::Absent => true,
        Delimited::Found(block) => frontmatter::parse_reading(text, &block, &|_| false).is_ok(),
        _ => false,
    }
}

/// Writes one file's edits, unless it changed since it was planned.
pub fn write(edit: &FileEdit) -> Result<(), WriteError> {
    edit::write_atomic(&edit.root, &edit.file, Some(edit.before.as_bytes()), edit.after.as_bytes())
}

/// The edits of one file as a unified diff.
pub fn diff(edit: &FileEdit) -> String {
    edit::unified_diff(&edit.path, &edit.before, &edit.after)
}

/// Plans and writes one fix: what `suggest` does for each decision.
pub fn apply_one(root: &Path, path: &str, fix: &Fix) -> Result<(), String> {
    let (planned, skipped) = plan(root, [(path, fix)]);
    if let Some(s) = skipped.into_iter().next() {
        return Err(s.reason);
    }
    match planned.first() {
        Some(edit) => write(edit).map_err(|e| e.to_string()),
        None => Err("the note no longer reads as it did; nothing was changed".into()),
    }
}

/// `text` with the fixes of `findings` that `check --fix` makes (see
/// [`applicable`]), each where the text still reads what the fix expects;
/// overlapping fixes after the first are left out. For text that is not a
/// file: what an editor sends.
pub fn in_text<'d>(
    text: &str,
    findings: impl Iterator<Item = &'d vaultlint_core::diagnostic::Diagnostic>,
    unsafe_fixes: bool,
) -> String {
    let mut edits: Vec<&Edit> = findings
        .filter_map(|d| d.fix.as_ref())
        .filter(|f| f.applies(unsafe_fixes))
        .map(|f| &f.edit)
        .collect();
    edits.sort_by_key(|e| e.offset);
    edits.dedup_by_key(|e| e.offset);
    Edit::apply_all(text, edits).0
}
