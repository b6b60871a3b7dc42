//! The lines that differ between two versions' bodies: often the point
//! (last year's numbers), and what a person reads to confirm a pair.

use similar::{ChangeTag, TextDiff};
use vaultlint_syntax::markdown::body;

/// Bodies larger than this are not diffed, which bounds the time a diff
/// can take.
const MAX_DIFF_BYTES: usize = 256 << 10;

/// One changed line of a diff between two versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Removed(String),
    Added(String),
}

/// The first changed lines between two versions, shown on a pair's card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes {
    /// The first changed lines, in order, without their line breaks.
    pub lines: Vec<Change>,
    /// Changed lines left out after the first ones.
    pub more: usize,
}

/// Up to `max` changed lines from the older note's body to the newer's,
/// given the two notes' texts; `None` when a body is too large to diff.
pub fn changed_lines(old: &str, new: &str, max: usize) -> Option<Changes> {
    let (old, new) = (body(old), body(new));
    if old.len() > MAX_DIFF_BYTES || new.len() > MAX_DIFF_BYTES {
        return None;
    }
    // Line endings are not what a person reads: a last line without its
    // line break, or a copy saved with CRLF, is the same line.
    let lines = |text: &str| {
        let mut text = text.replace("\r\n", "\n");
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text
    };
    let (old, new) = (lines(old), lines(new));
    let diff = TextDiff::from_lines(&old, &new);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_endings_are_no_change() {
        let none = |old: &str, new: &str| changed_lines(old, new, 5).unwrap().lines;
        assert_eq!(none("Rules.\nLast line", "Rules.\nLast line\n"), []);
        assert_eq!(none("Rules.\r\nLast line\r\n", "Rules.\nLast line\n"), []);
        assert_eq!(
            none("Rules.\nLimit 40\n", "Rules.\r\nLimit 45"),
            [Change::Removed("Limit 40".into()), Change::Added("Limit 45".into())]
        );
    }
}
