//! Edits of a note's text planned as byte splices, never by re-serialising
//! its frontmatter, so every byte outside the splice stays as it was:
//! setting the successor declaration. Planning reads text only; applying
//! the splice to a file is `fix`'s job.

use crate::frontmatter::{self, Delimited, Field, Format, is_plain_non_string, trim_comment};
use vaultlint_core::diagnostic::Edit;

/// `text` with its successor declaration set to `value` (see
/// [`successor_edit`]).
pub fn set_successor(text: &str, value: &str, keys: &[&str]) -> Result<Option<String>, String> {
    Ok(successor_edit(text, value, keys)?.map(|edit| edit.apply(text)))
}

/// The splice that sets the successor declaration of `text` to `value`:
/// the value of an existing declaration (under any of `keys`) replaced, or
/// one line with the first of `keys` added at the end of the frontmatter,
/// or a minimal frontmatter block where there is none. `text` may be only
/// the start of the note, up to the end of its frontmatter (or its first
/// line when it has none).
/// `Ok(None)` when the note already says exactly that; `Err` with the
/// reason when the note cannot be edited safely (its frontmatter does not
/// parse, say).
pub fn successor_edit(text: &str, value: &str, keys: &[&str]) -> Result<Option<Edit>, String> {
    let key = keys.first().copied().unwrap_or("superseded_by");
    // Only the declaration must not repeat: another key written twice is
    // no concern of this edit's.
    let reads = |k: &str| keys.contains(&k);
    let yaml = yaml_scalar(value);
    let insert = |offset: usize, replacement: String| Edit { offset, original: String::new(), replacement };
    let edit = match frontmatter::delimit(text) {
        Delimited::Absent => {
            let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
            let eol = line_ending(text);
            insert(bom, format!("---{eol}{key}: {yaml}{eol}---{eol}"))
        }
        Delimited::Unclosed { .. } => return Err("its frontmatter is not closed".into()),
        Delimited::TooLarge { .. } => return Err("its frontmatter is too large to read".into()),
        Delimited::Found(block) if block.format == Format::Json => {
            return Err("its frontmatter is JSON, which vaultlint does not edit; add the key by hand".into());
        }
        Delimited::Found(block) if block.format == Format::Toml => {
            let fields = frontmatter::parse_reading(text, &block, &reads)
                .map_err(|e| format!("its frontmatter does not parse: {}", e.message))?;
            match fields.iter().find(|f| keys.contains(&f.key.as_ref())) {
                Some(field) if field.value.as_str() == Some(value) => return Ok(None),
                Some(field) => {
                    let span = field.value.span;
                    let original = text[span.range()].to_string();
                    Edit { offset: span.offset(), original, replacement: toml_string(value) }
                }
                None => {
                    let eol = line_ending(&text[..block.yaml_end.max(1)]);
                    // After the last top-level key: before the first table
                    // (or the key would belong to it) and the blank lines
                    // that set the table apart.
                    let inner = &text[block.yaml_start..block.yaml_end];
                    let (mut at, mut offset) = (block.yaml_end, block.yaml_start);
                    let mut blank_from = None;
                    for line in inner.split_inclusive('\n') {
                        if line.trim_start().starts_with('[') {
                            at = blank_from.unwrap_or(offset);
                            break;
                        }
                        blank_from = if line.trim().is_empty() { blank_from.or(Some(offset)) } else { None };
                        offset += line.len();
                    }
                    insert(at, format!("{key} = {}{eol}", toml_string(value)))
                }
            }
        }
        Delimited::Found(block) => {
            let fields = frontmatter::parse_reading(text, &block, &reads)
                .map_err(|e| format!("its frontmatter does not parse: {}", e.message))?;
            match fields.iter().find(|f| keys.contains(&f.key.as_ref())) {
                Some(field) if field.value.as_str() == Some(value) => return Ok(None),
                Some(field) => replace_value(text, block.yaml_end, field, &yaml)?,
                None => {
                    let eol = line_ending(&text[..block.yaml_end.max(1)]);
                    insert(block.yaml_end, format!("{key}: {yaml}{eol}"))
                }
            }
        }
    };
    // Read the result back: the declaration must say `value`, and nothing
    // else may have become unreadable.
    let new = edit.apply(text);
    let Delimited::Found(block) = frontmatter::delimit(&new) else {
        return Err("the edited frontmatter would not be found; nothing was changed".into());
    };
    let fields = frontmatter::parse_reading(&new, &block, &reads)
        .map_err(|_| "the edited frontmatter would not parse; nothing was changed".to_string())?;
    match fields.iter().find(|f| keys.contains(&f.key.as_ref())) {
        Some(f) if f.value.as_str() == Some(value) => Ok(Some(edit)),
        _ => Err("the edited declaration would not read back; nothing was changed".into()),
    }
}

/// The line ending the text uses: that of its first line, else `\n`.
fn line_ending(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if text[..i].ends_with('\r') => "\r\n",
        _ => "\n",
    }
}

/// The splice that replaces the value of `field` (a top-level key ending
/// before `yaml_end`) with `yaml`, keeping a comment after a one-line value.
fn replace_value(text: &str, yaml_end: usize, field: &Field, yaml: &str) -> Result<Edit, String> {
    let splice = |from: usize, to: usize, replacement: String| Edit {
        offset: from,
        original: text[from..to].to_string(),
        replacement,
    };
    let colon = colon_after_key(text, field.key_span.offset(), &field.key)
        .ok_or_else(|| "its successor key is written in a form vaultlint does not edit".to_string())?
        + 1;
    let line_end = text[colon..].find('\n').map_or(text.len(), |i| colon + i + 1);
    // The lines after the key that still belong to its value: indented,
    // list items at the key's own column, and blank lines between them.
    let mut end = line_end;
    let mut last_content = line_end;
    while end < yaml_end {
        let next = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
        let line = &text[end..next];
        let blank = line.trim().is_empty();
        if !(blank
            || line.starts_with([' ', '\t'])
            || line == "-"
            || line.starts_with("- ")
            || line.starts_with("-\r")
            || line.starts_with("-\n"))
        {
            break;
        }
        end = next;
        if !blank {
            last_content = next;
        }
    }
    if last_content > line_end {
        // A block list or a multi-line value: all of it goes.
        let eol = if text[..line_end].ends_with("\r\n") { "\r\n" } else { "\n" };
        return Ok(splice(colon - 1, last_content, format!(": {yaml}{eol}")));
    }
    // A one-line value: replace it, keeping the comment after it.
    let value_end = if field.value.is_null() {
        colon + trim_comment(text[colon..line_end].trim_end_matches(['\n', '\r'])).len()
    } else {
        field.value.span.end()
    };
    Ok(splice(colon, value_end, format!(" {yaml}")))
}

/// The offset of the `:` after the key that starts at `at`: plain as
/// written, or quoted.
fn colon_after_key(text: &str, at: usize, key: &str) -> Option<usize> {
    let rest = &text[at..];
    let after = if rest.starts_with(key) {
        key.len()
    } else {
        let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
        1 + rest[1..].find(quote)? + 1
    };
    let gap = rest[after..].len() - rest[after..].trim_start_matches([' ', '\t']).len();
    rest[after + gap..].starts_with(':').then_some(at + after + gap)
}

/// `value` as a TOML basic string: written as YAML's double-quoted one
/// is, which TOML reads the same.
fn toml_string(value: &str) -> String {
    double_quoted(value)
}

/// `value` in double quotes, with `"`, `\` and control characters escaped.
fn double_quoted(value: &str) -> String {
    let mut out = String::from("\"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            // A control, or a mark a terminal would not show as it is (a
            // left-to-right mark a file name may open with): YAML's own
            // escape, so that a hint quoting it reaches the terminal, and
            // back into a note, as it was meant.
            c if c.is_control() || vaultlint_core::text::is_unsafe(c) => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `value` as YAML: plain where that reads back as the same string, else
/// double-quoted. Wikilinks are always quoted (YAML reads `[[x]]` as a list).
pub fn yaml_scalar(value: &str) -> String {
    let plain = value.chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '/')
        && value.chars().all(|c| c.is_alphanumeric() || "-_./()+".contains(c) || c == ' ')
        && !value.ends_with(' ')
        && !is_plain_non_string(value);
    if plain { value.to_string() } else { double_quoted(value) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_a_terminal_hides_are_quoted_as_yaml_reads_them_back() {
        let path = "99_Archive/\u{200e}Gemini - The role.md";
        let yaml = yaml_scalar(path);
        assert_eq!(yaml, "\"99_Archive/\\u200eGemini - The role.md\"");
        assert!(!yaml.chars().any(vaultlint_core::text::is_unsafe));
        let note = crate::note::Note::parse("a.md".into(), &format!("---\nsuperseded_by: {yaml}\n---\n"));
        let field = note.declaration(crate::note::Side::Successor).unwrap();
        assert_eq!(field.value.as_str(), Some(path));
    }
}
