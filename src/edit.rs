//! Changing notes safely. A successor declaration is spliced into the
//! frontmatter by byte offset, never by re-serialising it, so every other
//! byte stays as it was. Files are written only when the user asked,
//! atomically (a temp file in the same folder, flushed, then renamed over),
//! keeping their permissions, and only if they are still what was read.

use crate::frontmatter::{self, Delimited, Field, is_plain_non_string, trim_comment};
use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// `text` with its successor declaration set to `value`: the value of an
/// existing declaration (under any of `keys`) replaced, or one line with
/// the first of `keys` added at the end of the frontmatter, or a minimal
/// frontmatter block where there is none.
/// `Ok(None)` when the note already says exactly that; `Err` with the
/// reason when the note cannot be edited safely (its frontmatter does not
/// parse, say).
pub fn set_successor(text: &str, value: &str, keys: &[&str]) -> Result<Option<String>, String> {
    let key = keys.first().copied().unwrap_or("superseded_by");
    let yaml = yaml_scalar(value);
    let new = match frontmatter::delimit(text) {
        Delimited::Absent => {
            let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
            let eol = line_ending(text);
            format!("{}---{eol}{key}: {yaml}{eol}---{eol}{}", &text[..bom], &text[bom..])
        }
        Delimited::Unclosed { .. } => return Err("its frontmatter is not closed".into()),
        Delimited::TooLarge { .. } => return Err("its frontmatter is too large to read".into()),
        Delimited::Found(block) => {
            let fields = frontmatter::parse(text, &block)
                .map_err(|e| format!("its frontmatter does not parse: {}", e.message))?;
            match fields.iter().find(|f| keys.contains(&f.key.as_str())) {
                Some(field) if field.value.as_str() == Some(value) => return Ok(None),
                Some(field) => replace_value(text, block.yaml_end, field, &yaml)?,
                None => {
                    let eol = line_ending(&text[..block.yaml_end.max(1)]);
                    let at = block.yaml_end;
                    format!("{}{key}: {yaml}{eol}{}", &text[..at], &text[at..])
                }
            }
        }
    };
    // Read the result back: the declaration must say `value`, and nothing
    // else may have become unreadable.
    let Delimited::Found(block) = frontmatter::delimit(&new) else {
        return Err("the edited frontmatter would not be found; nothing was changed".into());
    };
    let fields = frontmatter::parse(&new, &block)
        .map_err(|_| "the edited frontmatter would not parse; nothing was changed".to_string())?;
    match fields.iter().find(|f| keys.contains(&f.key.as_str())) {
        Some(f) if f.value.as_str() == Some(value) => Ok(Some(new)),
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

/// Replaces the value of `field` (a top-level key ending before `yaml_end`)
/// with `yaml`, keeping a comment after a one-line value.
fn replace_value(text: &str, yaml_end: usize, field: &Field, yaml: &str) -> Result<String, String> {
    let colon = colon_after_key(text, field.key_span.offset, &field.key)
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
        return Ok(format!("{}: {yaml}{eol}{}", &text[..colon - 1], &text[last_content..]));
    }
    // A one-line value: replace it, keeping the comment after it.
    let value_end = if field.value.is_null() {
        colon + trim_comment(text[colon..line_end].trim_end_matches(['\n', '\r'])).len()
    } else {
        field.value.span.offset + field.value.span.len
    };
    Ok(format!("{} {yaml}{}", &text[..colon], &text[value_end..]))
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

/// `value` as YAML: plain where that reads back as the same string, else
/// double-quoted. Wikilinks are always quoted (YAML reads `[[x]]` as a list).
pub fn yaml_scalar(value: &str) -> String {
    let plain = value.chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '/')
        && value.chars().all(|c| c.is_alphanumeric() || "-_./()+".contains(c) || c == ' ')
        && !value.ends_with(' ')
        && !is_plain_non_string(value);
    if plain {
        return value.to_string();
    }
    let mut out = String::from("\"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[derive(Debug)]
pub enum WriteError {
    /// The file changed since it was read; nothing was written.
    Changed,
    Io(io::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Changed => f.write_str("the file changed since it was read; it was left alone"),
            WriteError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> Self {
        WriteError::Io(e)
    }
}

/// Replaces `path` with `contents`. `read` is what the file held when it
/// was read (`None`: it did not exist); if it holds anything else now the
/// write does not happen.
pub fn write_atomic(path: &Path, read: Option<&[u8]>, contents: &[u8]) -> Result<(), WriteError> {
    let now = match fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e.into()),
    };
    if now.as_deref() != read {
        return Err(WriteError::Changed);
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut temp = tempfile::Builder::new().prefix(".vaultlint-").suffix(".tmp").tempfile_in(folder)?;
    temp.write_all(contents)?;
    if let Ok(meta) = fs::metadata(path) {
        fs::set_permissions(temp.path(), meta.permissions())?;
    }
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The change from `before` to `after` as a unified diff with `a/` and
/// `b/` paths, control characters in its lines escaped for a terminal.
pub fn unified_diff(path: &str, before: &str, after: &str) -> String {
    let diff = similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(2)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string();
    diff.split_inclusive('\n')
        .map(|line| {
            let (text, eol) = match line.strip_suffix('\n') {
                Some(t) => (t.strip_suffix('\r').unwrap_or(t), "\n"),
                None => (line, ""),
            };
            format!("{}{eol}", crate::text::sanitize(text))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_a_changed_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        fs::write(&file, "one").unwrap();
        assert!(matches!(write_atomic(&file, Some(b"other"), b"two"), Err(WriteError::Changed)));
        assert_eq!(fs::read(&file).unwrap(), b"one");
        write_atomic(&file, Some(b"one"), b"two").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"two");
        assert!(matches!(write_atomic(&dir.path().join("new"), Some(b""), b"x"), Err(WriteError::Changed)));
        write_atomic(&dir.path().join("new"), None, b"x").unwrap();
        // Only the two files: no temp file left behind.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.md");
        fs::write(&file, "one").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&file, Some(b"one"), b"two").unwrap();
        assert_eq!(fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o640);
    }
}
