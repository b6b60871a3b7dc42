//! The structure of a note's text that every reader shares: where the body
//! starts, and which of its lines are code. Links, titles and the version
//! detector's headings all ask here, so they agree on what is code.

use crate::frontmatter::{self, Delimited};
use std::ops::Range;

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

/// The byte ranges of fenced code blocks in `text` from `start`: from the
/// opening fence line to the end of the closing one, or of the text. A
/// fence closes only with a run of its own character at least as long as
/// the one that opened it.
pub fn fenced(text: &str, start: usize) -> Vec<Range<usize>> {
    // Candidate fence lines: a run of three backticks or tildes with only
    // spaces before it on its line.
    let mut marks: Vec<(usize, u8)> = Vec::new();
    for (mark, byte) in [("```", '`'), ("~~~", '~')] {
        let mut from = start;
        // A one-byte search is far faster than a three-byte one.
        while let Some(i) = text[from..].find(byte) {
            let pos = from + i;
            if !text[pos..].starts_with(mark) {
                from = pos + 1;
                continue;
            }
            let line_start = text[start..pos].rfind('\n').map_or(start, |n| start + n + 1);
            if text[line_start..pos].bytes().all(|b| b == b' ' || b == b'\t') {
                marks.push((line_start, byte as u8));
            }
            // Skip the rest of this line: one fence line is one candidate.
            from = text[pos..].find('\n').map_or(text.len(), |n| pos + n + 1);
        }
    }
    marks.sort_unstable();
    let mut ranges = Vec::new();
    let mut open: Option<(usize, u8, usize)> = None;
    for (line_start, byte) in marks {
        let line = &text[line_start..];
        let run = line.trim_start().bytes().take_while(|&b| b == byte).count();
        let line_end = line.find('\n').map_or(text.len(), |n| line_start + n + 1);
        match open {
            None => open = Some((line_start, byte, run)),
            Some((from, m, len)) if m == byte && run >= len => {
                ranges.push(from..line_end);
                open = None;
            }
            Some(_) => {}
        }
    }
    if let Some((from, _, _)) = open {
        ranges.push(from..text.len());
    }
    ranges
}

/// The lines of `body` outside fenced code, without their line breaks.
pub fn prose_lines(body: &str) -> impl Iterator<Item = &str> + '_ {
    let fences = if body.contains("```") || body.contains("~~~") { fenced(body, 0) } else { Vec::new() };
    let mut fence = 0;
    let mut at = 0;
    body.split_inclusive('\n').filter_map(move |raw| {
        let start = at;
        at += raw.len();
        while fences.get(fence).is_some_and(|f| f.end <= start) {
            fence += 1;
        }
        if fences.get(fence).is_some_and(|f| f.start <= start) {
            return None;
        }
        Some(raw.strip_suffix('\n').map_or(raw, |l| l.strip_suffix('\r').unwrap_or(l)))
    })
}

/// Line breaks in `bytes`, counted in chunks into a byte-wide sum, which
/// the compiler turns into wide vector compares.
pub fn count_newlines(bytes: &[u8]) -> usize {
    bytes.chunks(255).map(|chunk| chunk.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>() as usize).sum()
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
    fn body_after_the_frontmatter() {
        assert_eq!(body("---\nx: 1\n---\n# T\n"), "# T\n");
        assert_eq!(body("\u{feff}# T\n"), "# T\n");
        assert_eq!(body("---\nunclosed\n"), "---\nunclosed\n");
    }
}
