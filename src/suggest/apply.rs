//! Turning a decision ("this note is superseded by that one") into an edit
//! of the older note's frontmatter, and writing it safely.

use crate::edit::{self, WriteError};
use crate::note;
use crate::vault::{NoteId, Vault};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkStyle {
    /// The path from the vault root, with `.md`.
    Path,
    /// A quoted wikilink, with its folder where the bare name is ambiguous.
    Wikilink,
}

/// The vault's own convention: wikilinks when most existing successor
/// values are wikilinks, else paths.
pub fn vault_style(vault: &Vault) -> LinkStyle {
    let (mut wikilinks, mut paths) = (0usize, 0usize);
    for note in &vault.notes {
        let Some(field) = &note.successor else { continue };
        for value in field.value.strings() {
            if value.trim_start().starts_with("[[") { wikilinks += 1 } else { paths += 1 }
        }
    }
    if wikilinks > paths { LinkStyle::Wikilink } else { LinkStyle::Path }
}

/// How the note `older` should name `newer`.
pub fn successor_value(vault: &Vault, older: NoteId, newer: NoteId, style: LinkStyle) -> String {
    match style {
        LinkStyle::Wikilink => vault.wikilink_name(older, newer).map(|name| format!("[[{name}]]")),
        LinkStyle::Path => None,
    }
    .unwrap_or_else(|| vault.notes[newer].path.clone())
}

/// One planned edit of a note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Vault-relative.
    pub path: String,
    pub file: PathBuf,
    /// The value written.
    pub value: String,
    /// The successor the note declared before, if any.
    pub replaces: Option<String>,
    pub before: String,
    pub after: String,
}

/// Plans marking `older` superseded by `newer`. `Ok(None)` when the note
/// already says so; `Err` with the reason when it cannot be edited: it
/// changed since it was analysed, or its frontmatter does not parse.
pub fn plan(vault: &Vault, older: NoteId, newer: NoteId, style: LinkStyle) -> Result<Option<Edit>, String> {
    let note = &vault.notes[older];
    let file = vault.root.join(&note.path);
    let bytes = std::fs::read(&file).map_err(|e| format!("cannot read it: {e}"))?;
    if note.digest.is_some_and(|d| d != note::digest(&bytes)) {
        return Err("it changed since it was analysed".into());
    }
    let before = String::from_utf8(bytes).map_err(|_| "it is not valid UTF-8".to_string())?;
    let value = successor_value(vault, older, newer, style);
    let replaces = note.successor.as_ref().map(|f| f.value.strings().join(", "));
    let keys: Vec<&str> = vault.successor_keys.iter().map(String::as_str).collect();
    Ok(edit::set_successor(&before, &value, &keys)?.map(|after| Edit {
        path: note.path.clone(),
        file,
        value,
        replaces,
        before,
        after,
    }))
}

/// Writes a planned edit, unless the file changed since it was planned.
pub fn write(edit: &Edit) -> Result<(), WriteError> {
    edit::write_atomic(&edit.file, Some(edit.before.as_bytes()), edit.after.as_bytes())
}

/// The edit as a unified diff, `a/` and `b/` paths from the vault root.
pub fn unified_diff(edit: &Edit) -> String {
    edit::unified_diff(&edit.path, &edit.before, &edit.after)
}
