//! Turning a decision ("this note is superseded by that one") into a fix
//! of the older note's frontmatter: the value to write, in the vault's
//! link style, spliced in as one edit.

use vaultlint_core::diagnostic::{Applicability, Fix, Sources};
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_syntax::link::LinkStyle;
use vaultlint_syntax::splice;

/// The vault's own convention: wikilinks when most existing successor
/// values are wikilinks, paths when most are paths. Where the vault has no
/// declaration to learn from, how Obsidian writes new links (its
/// `useMarkdownLinks` and `newLinkFormat`), else paths.
pub fn vault_style(vault: &Vault) -> LinkStyle {
    let (mut wikilinks, mut paths) = (0usize, 0usize);
    for note in &vault.notes {
        let Some(field) = note.successor() else { continue };
        for value in field.value.strings() {
            if value.trim_start().starts_with("[[") { wikilinks += 1 } else { paths += 1 }
        }
    }
    match (wikilinks, paths, vault.config.obsidian.link_format) {
        (0, 0, Some(format)) if format.markdown => LinkStyle::Path,
        (0, 0, Some(format)) if format.absolute => LinkStyle::WikilinkPath,
        (0, 0, Some(_)) => LinkStyle::Wikilink,
        (w, p, _) if w > p => LinkStyle::Wikilink,
        _ => LinkStyle::Path,
    }
}

/// The style `chosen` on the command line or in the config, else the
/// vault's own convention ([`vault_style`]).
pub fn link_style(vault: &Vault, chosen: Option<LinkStyle>) -> LinkStyle {
    chosen.unwrap_or_else(|| vault_style(vault))
}

/// How the note `older` should name `newer`.
pub fn successor_value(vault: &Vault, older: NoteId, newer: NoteId, style: LinkStyle) -> String {
    match style {
        LinkStyle::Wikilink => vault.wikilink_name(older, newer).map(|name| format!("[[{name}]]")),
        LinkStyle::WikilinkPath => Some(format!("[[{}]]", vault.path_stem(newer))),
        LinkStyle::Path => None,
    }
    .unwrap_or_else(|| vault.notes[newer].path.clone())
}

/// Marking `older` superseded by `newer`: what is written, and the fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub older: NoteId,
    /// The key and the value written.
    pub key: String,
    pub value: String,
    /// The successor the note declared before, if any.
    pub replaces: Option<String>,
    pub fix: Fix,
}

/// Plans marking `older` superseded by `newer`, from the note as it was
/// read. `Ok(None)` when the note already says so; `Err` with the reason
/// when its frontmatter cannot be edited safely. The fix is not safe to
/// apply without a person's word: it is a judgement.
pub fn mark(
    vault: &Vault,
    older: NoteId,
    newer: NoteId,
    style: LinkStyle,
    sources: &(dyn Sources + Sync),
) -> Result<Option<Mark>, String> {
    let note = &vault.notes[older];
    if let Some(problem) =
        note.problems().iter().find(|p| p.code == vaultlint_core::code::Code::UnreadableNote)
    {
        return Err(problem.message.clone());
    }
    let value = successor_value(vault, older, newer, style);
    let keys: Vec<&str> = vault.config.successor_keys.iter().map(String::as_str).collect();
    // A note without a declaration keeps no frontmatter text: it is read
    // again, from `sources`. (Should the file have changed since, the fix's digest keeps
    // it from being applied.)
    let head = match note.head() {
        Some(head) => std::borrow::Cow::Borrowed(head),
        None => {
            let text = sources.text(&note.path).ok_or_else(|| "cannot read note".to_string())?;
            std::borrow::Cow::Owned(
                vaultlint_syntax::note::head_of(&text, &vaultlint_syntax::frontmatter::delimit(&text))
                    .to_string(),
            )
        }
    };
    let Some(edit) = splice::successor_edit(&head, &value, &keys)? else { return Ok(None) };
    let key = note.successor().map_or_else(|| vault.successor_key().to_string(), |f| f.key.to_string());
    Ok(Some(Mark {
        older,
        key,
        value,
        replaces: note.successor().map(|f| f.value.strings().join(", ")),
        fix: Fix { edit, applicability: Applicability::Unsafe, digest: note.digest },
    }))
}
