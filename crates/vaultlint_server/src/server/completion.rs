//! Completion that leaves valid text: each item replaces what was typed
//! of the value or link with the whole of it.
//!
//! In a successor or predecessor value of the frontmatter, every note,
//! named in the vault's link style (a wikilink where `[[` was typed),
//! quoted as YAML needs (a wikilink always, as YAML reads `[[x]]` as a
//! list) or in the quote that was typed; the edit covers the value from
//! its opening quote or `[[` to the cursor, and the closing `]]` and quote
//! after the cursor, so nothing is doubled. Its filter text starts as the
//! typed text does, so an editor filtering by the range's text keeps the
//! items after `"[[Exp`. In the body, after `[[`, every note's wikilink
//! name, and after `[[Note#` that note's headings, closed with `]]` unless
//! the brackets are there.

use super::State;
use lsp_types as lsp;
use vaultlint_analysis::suggest;
use vaultlint_core::lines::LineIndex;
use vaultlint_model::vault::{NoteId, Resolution, Vault};

impl State {
    /// Inside a successor or predecessor value: every note; inside a
    /// wikilink of the body: every note, or the headings of the note named.
    pub(super) fn complete(&self, p: lsp::CompletionParams) -> lsp::CompletionResponse {
        let at = &p.text_document_position;
        let items = (|| {
            let (_, open, from, vault) = self.document(&at.text_document.uri)?;
            let line = at.position.line as usize;
            let offset = open.offset(at.position);
            let text = open.text();
            let start = open.lines.line_start(line)?;
            let end = open.lines.line(line)?.end;
            let (before, after) = (text.get(start..offset)?, text.get(offset..end)?);
            if self.in_declaration(&open.lines, line) {
                let value = value_start(before)?;
                return Some(self.values(
                    vault,
                    from,
                    &before[value..],
                    after,
                    (start + value, offset),
                    open,
                ));
            }
            let body = match vaultlint_syntax::frontmatter::delimit(text) {
                vaultlint_syntax::frontmatter::Delimited::Found(block) => block.end,
                _ => 0,
            };
            (offset >= body).then(|| self.in_link(vault, from, before, after, offset, open))?
        })();
        lsp::CompletionResponse::Array(items.unwrap_or_default())
    }

    /// The items for a declaration value of which `typed` is written
    /// before the cursor (at `span`'s end) and `after` follows it.
    fn values(
        &self,
        vault: &Vault,
        from: NoteId,
        typed: &str,
        after: &str,
        span: (usize, usize),
        open: &super::Open,
    ) -> Vec<lsp::CompletionItem> {
        let quote = typed.chars().next().filter(|c| *c == '"' || *c == '\'');
        let unquoted = quote.map_or(typed, |q| &typed[q.len_utf8()..]);
        let wikilink = unquoted.starts_with("[[");
        // What follows the cursor and closes what was typed is replaced too.
        let mut closing = 0;
        if wikilink && after.starts_with("]]") {
            closing += 2;
        }
        if let Some(q) = quote
            && after[closing..].starts_with(q)
        {
            closing += q.len_utf8();
        }
        let range = open.range(span.0, span.1 + closing);
        let style = suggest::link_style(vault, self.settings.rules.link_style);
        (0..vault.notes.len())
            .filter(|&id| id != from && !vault.is_template(id))
            .map(|id| {
                let value = if wikilink {
                    let name = vault.wikilink_name(from, id).unwrap_or_else(|| vault.path_stem(id).into());
                    format!("[[{name}]]")
                } else {
                    suggest::apply::successor_value(vault, from, id, style)
                };
                let new_text = quoted(&value, quote);
                // Filtered as typed: the opening written, then the name.
                let bare = value.strip_prefix("[[").and_then(|v| v.strip_suffix("]]"));
                let named = match bare {
                    Some(name) if !unquoted.is_empty() && !unquoted.starts_with('[') => name,
                    _ => &value,
                };
                let filter = format!("{}{named}", quote.map(String::from).unwrap_or_default());
                lsp::CompletionItem {
                    label: value.clone(),
                    kind: Some(lsp::CompletionItemKind::FILE),
                    detail: Some(vault.notes[id].title.to_string()),
                    filter_text: Some(filter),
                    text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit { range, new_text })),
                    ..lsp::CompletionItem::default()
                }
            })
            .collect()
    }

    /// The items inside a wikilink of the body whose `[[` is in `before`
    /// (the line up to the cursor at `offset`): note names, or after a
    /// `#` the headings of the note named.
    fn in_link(
        &self,
        vault: &Vault,
        from: NoteId,
        before: &str,
        after: &str,
        offset: usize,
        open: &super::Open,
    ) -> Option<Vec<lsp::CompletionItem>> {
        let opened = before.rfind("[[")?;
        let inner = &before[opened + 2..];
        if inner.contains("]]") || inner.contains('|') {
            return None;
        }
        let close = if after.starts_with("]]") { "" } else { "]]" };
        if let Some((name, part)) = inner.split_once('#') {
            let Resolution::Note(to) = vault.resolve(from, &format!("[[{name}]]")) else { return None };
            let (_, text) = self.current_text(&vault.notes[to].path)?;
            let range = open.range(offset - part.len(), offset);
            let items = headings(&text)
                .into_iter()
                .map(|heading| lsp::CompletionItem {
                    label: heading.clone(),
                    kind: Some(lsp::CompletionItemKind::REFERENCE),
                    filter_text: Some(heading.clone()),
                    text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                        range,
                        new_text: format!("{heading}{close}"),
                    })),
                    ..lsp::CompletionItem::default()
                })
                .collect();
            return Some(items);
        }
        let range = open.range(offset - inner.len() - 2, offset);
        let items = (0..vault.notes.len())
            .filter(|&id| id != from && !vault.is_template(id))
            .map(|id| {
                let name = vault.wikilink_name(from, id).unwrap_or_else(|| vault.path_stem(id).into());
                lsp::CompletionItem {
                    label: name.clone(),
                    kind: Some(lsp::CompletionItemKind::FILE),
                    detail: Some(vault.notes[id].path.clone()),
                    filter_text: Some(format!("[[{name}")),
                    text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                        range,
                        new_text: format!("[[{name}{close}"),
                    })),
                    ..lsp::CompletionItem::default()
                }
            })
            .collect();
        Some(items)
    }

    /// Whether `line` of the frontmatter of the text `index` indexes holds
    /// a successor or predecessor value (`superseded_by: `), or an item of
    /// a list under such a key.
    fn in_declaration(&self, index: &LineIndex<'_>, line: usize) -> bool {
        let text = index.text();
        let lines: Vec<&str> =
            (0..index.line_count()).filter_map(|n| index.line(n)).map(|r| &text[r]).collect();
        let closing = lines.iter().skip(1).position(|l| l.trim_end() == "---").map(|i| i + 1);
        let in_frontmatter =
            lines.first().is_some_and(|l| l.trim_end() == "---") && closing.is_some_and(|c| line < c);
        let keys = self.settings.keys.iter().flatten();
        let is_key = |l: &str| {
            let l = l.trim_end();
            keys.clone().any(|k| l.strip_prefix(k.as_str()).is_some_and(|rest| rest.starts_with(':')))
        };
        let item = |l: &&str| l.trim_start().starts_with("- ");
        match lines.get(line) {
            _ if !in_frontmatter || line == 0 => false,
            Some(current) if is_key(current) => true,
            Some(current) if item(current) => {
                lines[..line].iter().rev().find(|l| !item(l)).is_some_and(|l| is_key(l))
            }
            _ => false,
        }
    }
}

/// Where the value being written starts in `before`, a declaration's line
/// up to the cursor: after `key: `, after a list item's `- `, or after the
/// `[` or `,` before it in a flow list. `None` with the cursor on the key.
fn value_start(before: &str) -> Option<usize> {
    let trimmed = before.trim_start();
    let mut start = match trimmed.strip_prefix("- ") {
        Some(_) => before.len() - trimmed.len() + 2,
        None => before.find(':')? + 1,
    };
    let blank = |s: &str, from: usize| from + (s[from..].len() - s[from..].trim_start().len());
    start = blank(before, start);
    // A flow list (`[a, "[[b`): the entry the cursor is in.
    if before[start..].starts_with('[') && !before[start..].starts_with("[[") {
        let entries = &before[start + 1..];
        let last = entries.rfind(',').map_or(0, |i| i + 1);
        start = blank(before, start + 1 + last);
    }
    Some(start)
}

/// `value` as a YAML scalar: in the quote the author opened, else plain
/// where YAML reads it back as written, and double-quoted where not.
fn quoted(value: &str, quote: Option<char>) -> String {
    let yaml = vaultlint_syntax::splice::yaml_scalar(value);
    match quote {
        Some('\'') => format!("'{}'", value.replace('\'', "''")),
        Some(_) if !yaml.starts_with('"') => format!("\"{value}\""),
        _ => yaml,
    }
}

/// The headings of a note's text, outside its frontmatter and fenced
/// code, as a link after `#` names them.
fn headings(text: &str) -> Vec<String> {
    let body = match vaultlint_syntax::frontmatter::delimit(text) {
        vaultlint_syntax::frontmatter::Delimited::Found(block) => block.end,
        _ => 0,
    };
    let mut fence: Option<&str> = None;
    let mut found = Vec::new();
    for line in text.get(body..).unwrap_or("").lines() {
        let line = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| line.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            _ => {}
        }
        if fence.is_some() || marker.is_some() {
            continue;
        }
        let level = line.bytes().take_while(|&b| b == b'#').count();
        let rest = &line[level..];
        if (1..=6).contains(&level) && (rest.is_empty() || rest.starts_with([' ', '\t'])) {
            let heading = rest.trim().trim_end_matches('#').trim_end();
            if !heading.is_empty() {
                found.push(heading.to_string());
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_starts_after_its_key_item_or_flow_entry() {
        assert_eq!(value_start("superseded_by: \"[[Ex"), Some(15));
        assert_eq!(value_start("superseded_by:"), Some(14));
        assert_eq!(value_start("  - hr/le"), Some(4));
        assert_eq!(value_start("supersedes: [a.md, \"[[b"), Some(19));
        assert_eq!(value_start("supersedes: [a"), Some(13));
    }

    #[test]
    fn values_are_quoted_as_yaml_needs_or_as_typed() {
        assert_eq!(quoted("[[Note]]", None), "\"[[Note]]\"");
        assert_eq!(quoted("hr/leave.md", None), "hr/leave.md");
        assert_eq!(quoted("hr/a: b.md", None), "\"hr/a: b.md\"");
        assert_eq!(quoted("hr/leave.md", Some('"')), "\"hr/leave.md\"");
        assert_eq!(quoted("[[Bob's]]", Some('\'')), "'[[Bob''s]]'");
    }

    #[test]
    fn headings_outside_code_and_frontmatter() {
        let text = "---\ntitle: A\n---\n# Top\n\n```\n# not one\n```\n## Meals ##\n#tag\n";
        assert_eq!(headings(text), ["Top", "Meals"]);
    }
}
