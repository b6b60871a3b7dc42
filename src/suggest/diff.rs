//! The lines that differ between two versions' bodies: often the point
//! (last year's numbers), and what a person reads to confirm a pair.

use crate::frontmatter::{self, Delimited};
use crate::vault::{NoteId, Vault};
use similar::{ChangeTag, TextDiff};

/// Bodies larger than this are not diffed, which bounds the time a diff
/// can take.
const MAX_DIFF_BYTES: usize = 256 << 10;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Removed(String),
    Added(String),
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes {
    /// The first changed lines, in order, without their line breaks.
    pub lines: Vec<Change>,
    /// Changed lines left out after the first ones.
    pub more: usize,
}

fn body(text: &str) -> &str {
    match frontmatter::delimit(text) {
        Delimited::Found(block) => &text[block.end..],
        _ => text.strip_prefix('\u{feff}').unwrap_or(text),
    }
}

/// Up to `max` changed lines from the older note's body to the newer's;
/// `None` when a note cannot be read or is too large to diff.
pub fn changed_lines(vault: &Vault, older: NoteId, newer: NoteId, max: usize) -> Option<Changes> {
    let read = |id: NoteId| std::fs::read_to_string(vault.root.join(&vault.notes[id].path)).ok();
    let (old, new) = (read(older)?, read(newer)?);
    let (old, new) = (body(&old), body(&new));
    if old.len() > MAX_DIFF_BYTES || new.len() > MAX_DIFF_BYTES {
        return None;
    }
    let diff = TextDiff::from_lines(old, new);
    let mut changes = Changes::default();
    for change in diff.iter_all_changes() {
        let line = change.value().trim_end_matches(['\n', '\r']);
        let change = match change.tag() {
            ChangeTag::Equal => continue,
            _ if line.trim().is_empty() => continue,
            ChangeTag::Delete => Change::Removed(line.to_string()),
            ChangeTag::Insert => Change::Added(line.to_string()),
        };
        if changes.lines.len() < max {
            changes.lines.push(change);
        } else {
            changes.more += 1;
        }
    }
    Some(changes)
}
