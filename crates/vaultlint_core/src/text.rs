//! Small text helpers: making text safe for a terminal, numbers and
//! plurals for people, and the closest name for a did-you-mean.

use std::borrow::Cow;

/// Characters that must not reach a terminal from a note: C0 and C1
/// controls (escape sequences start with them) and the bidirectional
/// overrides that can make text read differently from what it is.
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
}

/// A one-line message safe to print: unsafe characters and line breaks
/// are shown escaped.
pub fn sanitize(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) || c == '\n' || c == '\t') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) || c == '\n' || c == '\t' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Source text safe to show in a snippet, with every byte offset kept:
/// each unsafe character becomes as many bytes of replacement. Line breaks
/// (`\n`, `\r\n`) and tabs stay; a lone `\r`, which would send the cursor
/// back over the line, does not.
pub fn sanitize_source(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    let unsafe_at = |i: usize, c: char| if c == '\r' { lone_cr(i) } else { is_unsafe(c) };
    if !text.char_indices().any(|(i, c)| unsafe_at(i, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if unsafe_at(i, c) {
            match c.len_utf8() {
                3 => out.push('\u{fffd}'),
                n => out.extend(std::iter::repeat_n('?', n)),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Text for a message of several lines (an error with a snippet): each line
/// made safe as [`sanitize`] makes one.
pub fn sanitize_lines(text: &str) -> String {
    text.split('\n')
        .map(|line| sanitize(line.strip_suffix('\r').unwrap_or(line)).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// At most the first `max` bytes of `text`, cut at a character boundary.
pub fn prefix(text: &str, max: usize) -> &str {
    &text[..text.floor_char_boundary(max)]
}

/// `text` in Unicode normalization form C: a name saved on macOS (which
/// decomposes `é` into `e` and an accent) and the same name typed
/// elsewhere compare equal. Borrowed when already normalized, as ASCII is.
pub fn nfc(text: &str) -> Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
    // ASCII is told at once; the quick check looks each character up.
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => Cow::Borrowed(text),
        _ => Cow::Owned(text.nfc().collect()),
    }
}

/// A 128-bit hash of `text`, in two words, to keep names by where the names
/// themselves would be most of the memory. (Two of the few million names
/// of a million-note vault share one with a chance near 10^-26.)
pub fn hash128(text: &str) -> [u64; 2] {
    let hash = xxhash_rust::xxh3::xxh3_128(text.as_bytes());
    [hash as u64, (hash >> 64) as u64]
}

/// The key names are compared by: NFC, then lower case.
pub fn fold(text: &str) -> String {
    nfc(text).to_lowercase()
}

/// `1204` as `1,204`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 note`, `2 notes`.
pub fn plural(n: usize, word: &str) -> String {
    format!("{} {word}{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// The candidate most like `wrong` (Jaro-Winkler), if any scores at least
/// `min`; on a tie, the one that sorts first.
pub fn closest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>, min: f64) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(wrong, c), c))
        .filter(|(score, _)| *score >= min)
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(a.1)))
        .map(|(_, c)| c)
}

/// `text` as one word of a POSIX shell command: as it is when every
/// character is safe unquoted, else in single quotes (a quote inside
/// written `'\''`), so that a command printed for a person to paste runs
/// as printed, names with spaces and all. A name holding a character no
/// terminal may be sent (a control or a direction mark, which [`sanitize`]
/// would show escaped) is written in the `$'…'` quotes of bash and zsh,
/// that character as its escape, so the pasted word is the name itself.
pub fn shell_quote(text: &str) -> Cow<'_, str> {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./+,:@%=".contains(c);
    if !text.is_empty() && text.chars().all(safe) {
        return Cow::Borrowed(text);
    }
    if text.chars().any(|c| is_unsafe(c) || c == '\n' || c == '\t') {
        let mut out = String::from("$'");
        for c in text.chars() {
            match c {
                '\'' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                c if is_unsafe(c) || c == '\n' || c == '\t' => out.push_str(&format!("\\U{:08x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('\'');
        return Cow::Owned(out);
    }
    Cow::Owned(format!("'{}'", text.replace('\'', "'\\''")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words() {
        assert_eq!(shell_quote("notes/a-b_1.md"), "notes/a-b_1.md");
        assert_eq!(shell_quote("Daily/Note 1.md"), "'Daily/Note 1.md'");
        assert_eq!(shell_quote("it's.md"), "'it'\\''s.md'");
        assert_eq!(shell_quote("$HOME.md"), "'$HOME.md'");
        assert_eq!(shell_quote(""), "''");
        // A direction mark or a control: bash's and zsh's `$'…'`, which a
        // terminal shows as written and the shell reads as the name.
        assert_eq!(shell_quote("\u{200e}Gemini's.md"), "$'\\U0000200eGemini\\'s.md'");
        assert_eq!(sanitize(&shell_quote("a\u{1b}b")), shell_quote("a\u{1b}b"));
    }

    #[test]
    fn strips_escapes() {
        assert_eq!(sanitize("a\u{1b}[31mb\nc"), "a\\u{1b}[31mb\\nc");
        assert_eq!(sanitize("plain"), "plain");
        let src = "x\u{1b}y\u{85}z\u{202e}w\r\n";
        let safe = sanitize_source(src);
        assert_eq!(safe.len(), src.len());
        assert_eq!(safe, "x?y??z\u{fffd}w\r\n");
    }

    #[test]
    fn numbers() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(1204), "1,204");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(plural(1, "error"), "1 error");
    }
}
