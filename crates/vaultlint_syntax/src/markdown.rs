//! The structure of a note's text that every reader shares: where the body
//! starts, and which of its lines are code. Links, titles and the version
//! detector's headings all ask here, so they agree on what is code.

use crate::frontmatter::{self, Delimited};

/// The body of a note: the text after its frontmatter block (or after a
/// byte order mark when it has none). A block that is not closed, or too
/// large to read, leaves the whole text as the body.
pub fn body(text: &str) -> &str {
    &text[body_start(text)..]
}

/// The offset where [`body`] starts.
pub fn body_start(text: &str) -> usize {
    match frontmatter::delimit(text) {
        Delimited::Found(block) => block.end,
        _ if text.starts_with('\u{feff}') => 3,
        _ => 0,
    }
}

/// The fence a line opens or closes, if it is a fence line: its character
/// and the length of its run. Only spaces and tabs may come before it.
fn fence(line: &str) -> Option<(u8, usize)> {
    let trimmed = line.trim_start_matches([' ', '\t']);
    let byte = *trimmed.as_bytes().first().filter(|b| matches!(b, b'`' | b'~'))?;
    let run = trimmed.bytes().take_while(|&b| b == byte).count();
    (run >= 3).then_some((byte, run))
}

/// Whether the fence line `line` closes the block `open` opened: a run of
/// the same character at least as long.
fn closes(open: (u8, usize), line: (u8, usize)) -> bool {
    line.0 == open.0 && line.1 >= open.1
}

/// The lines of `body` outside fenced code, without their line breaks,
/// read as they come (a reader that stops early pays for no more).
pub fn prose_lines(body: &str) -> impl Iterator<Item = &str> + '_ {
    let mut open: Option<(u8, usize)> = None;
    lines_inclusive(body).filter_map(move |raw| {
        let line = raw.strip_suffix('\n').map_or(raw, |l| l.strip_suffix('\r').unwrap_or(l));
        let this = fence(line);
        match (open, this) {
            (Some(opened), Some(this)) if closes(opened, this) => open = None,
            (Some(_), _) => {}
            (None, Some(this)) => open = Some(this),
            (None, None) => return Some(line),
        }
        None
    })
}

/// The lines of `text` with their line breaks, as `split_inclusive('\n')`
/// gives them, found with the `memchr` crate's vector search: the
/// standard library's took a twentieth of a similarity pass, for lines a
/// few dozen bytes long.
fn lines_inclusive(text: &str) -> impl Iterator<Item = &str> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        let rest = text.get(start..).filter(|rest| !rest.is_empty())?;
        let len = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
        start += len;
        Some(&rest[..len])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_close_only_with_as_long_a_run() {
        let text = "  ~~~~\n[[a]]\n~~~\n```\n[[b]]\n~~~~\nout ```x\n```\nopen";
        let lines: Vec<&str> = prose_lines(text).collect();
        assert_eq!(lines, ["out ```x"]);
        assert_eq!(prose_lines("a\n```\nb\n```\nc").collect::<Vec<_>>(), ["a", "c"]);
        assert_eq!(prose_lines("a\r\n````\n```\n````\nb").collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn lines_as_split_inclusive_gives_them() {
        for text in ["", "\n", "a", "a\n", "a\nb", "\n\nb\r\n", "é\nü\n\n"] {
            let ours: Vec<&str> = lines_inclusive(text).collect();
            assert_eq!(ours, text.split_inclusive('\n').collect::<Vec<_>>(), "{text:?}");
        }
    }

    #[test]
    fn body_after_the_frontmatter() {
        assert_eq!(body("---\nx: 1\n---\n# T\n"), "# T\n");
        assert_eq!(body("\u{feff}# T\n"), "# T\n");
        assert_eq!(body("---\nunclosed\n"), "---\nunclosed\n");
    }
}
