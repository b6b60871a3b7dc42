//! `check --fix` and `--diff`: the fixes the findings carry, spliced into
//! each file by byte offset. Both modes plan the same edits; one writes
//! them (atomically, only over the bytes that were read), the other shows
//! them.

use crate::diagnostic::{Diagnostic, Fix};
use crate::edit::{self, WriteError};
use crate::note;
use crate::vault::Vault;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The edits of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFix {
    /// Vault-relative.
    pub path: String,
    pub file: PathBuf,
    pub before: String,
    pub after: String,
    /// How many findings the edits fix.
    pub fixes: usize,
}

/// A file whose fixes cannot be made, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub path: String,
    pub reason: String,
}

/// Plans every fix in `diagnostics`, file by file in path order. A file is
/// skipped whole when it changed since the vault was read.
pub fn plan(vault: &Vault, diagnostics: &[Diagnostic]) -> (Vec<FileFix>, Vec<Skipped>) {
    let mut by_file: BTreeMap<&str, Vec<&Fix>> = BTreeMap::new();
    for d in diagnostics {
        if let Some(fix) = &d.fix {
            by_file.entry(&d.path).or_default().push(fix);
        }
    }
    let (mut planned, mut skipped) = (Vec::new(), Vec::new());
    for (path, mut fixes) in by_file {
        let skip = |reason: String| Skipped { path: path.to_string(), reason };
        let Some(id) = vault.id_of(path) else { continue };
        let file = vault.root.join(path);
        let bytes = match std::fs::read(&file) {
            Ok(bytes) => bytes,
            Err(e) => {
                skipped.push(skip(format!("cannot read it: {e}")));
                continue;
            }
        };
        if vault.notes[id].digest.is_some_and(|d| d != note::digest(&bytes)) {
            skipped.push(skip("it changed since it was read".into()));
            continue;
        }
        let Ok(before) = String::from_utf8(bytes) else {
            skipped.push(skip("it is not valid UTF-8".into()));
            continue;
        };
        fixes.sort_by_key(|f| f.offset);
        let mut after = String::with_capacity(before.len());
        let mut at = 0;
        let mut count = 0;
        for fix in fixes {
            let end = fix.offset + fix.original.len();
            // Overlapping or stale edits are left for the next run.
            if fix.offset < at || before.get(fix.offset..end) != Some(fix.original.as_str()) {
                continue;
            }
            after.push_str(&before[at..fix.offset]);
            after.push_str(&fix.replacement);
            at = end;
            count += 1;
        }
        after.push_str(&before[at..]);
        if after != before {
            planned.push(FileFix { path: path.to_string(), file, before, after, fixes: count });
        }
    }
    (planned, skipped)
}

/// Writes one file's edits, unless it changed since it was planned.
pub fn write(fix: &FileFix) -> Result<(), WriteError> {
    edit::write_atomic(&fix.file, Some(fix.before.as_bytes()), fix.after.as_bytes())
}

/// The edits of one file as a unified diff.
pub fn diff(fix: &FileFix) -> String {
    edit::unified_diff(&fix.path, &fix.before, &fix.after)
}
