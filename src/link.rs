//! The forms a link can take, in a successor value or a note's body,
//! parsed into a target to resolve.

use crate::diagnostic::Span;
use std::ops::Range;

/// How a written link names a note: one setting for `suggest --apply`,
/// the fixes of suspected versions and the config file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LinkStyle {
    /// The path from the vault root, with `.md`
    Path,
    /// A quoted wikilink, with its folder where the bare name is ambiguous
    Wikilink,
}

/// What a successor value points at, before it is looked up in the vault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A path; `relative` paths start from the note's folder, the others
    /// from the vault root. Separators are `/`.
    Path { path: String, relative: bool },
    /// The target of a wikilink, without label or heading.
    Wikilink { name: String },
}

/// Why a value is not a usable target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    Empty,
    Url,
    EmptyWikilink,
}

/// Parses one successor value.
pub fn parse(value: &str) -> Result<Target, Invalid> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Invalid::Empty);
    }
    if let Some(inner) = value.strip_prefix("[[").and_then(|v| v.strip_suffix("]]")) {
        let name = inner.split('|').next().unwrap_or("");
        let name = name.split('#').next().unwrap_or("").trim().replace('\\', "/");
        if name.is_empty() {
            return Err(Invalid::EmptyWikilink);
        }
        if name.starts_with("./") || name.starts_with("../") {
            return Ok(Target::Path { path: name, relative: true });
        }
        return Ok(Target::Wikilink { name });
    }
    if let Some(dest) = markdown_destination(value) {
        if is_url(&dest) {
            return Err(Invalid::Url);
        }
        let dest = percent_decode(&dest).replace('\\', "/");
        return Ok(match dest.strip_prefix('/') {
            Some(rooted) => Target::Path { path: rooted.to_string(), relative: false },
            None => Target::Path { path: dest, relative: true },
        });
    }
    if is_url(value) {
        return Err(Invalid::Url);
    }
    let path = strip_fragment(value).replace('\\', "/");
    if path.starts_with("./") || path.starts_with("../") {
        return Ok(Target::Path { path, relative: true });
    }
    Ok(Target::Path { path: path.trim_start_matches('/').to_string(), relative: false })
}

/// The destination of `[label](dest)`, without angle brackets, title or
/// fragment.
fn markdown_destination(value: &str) -> Option<String> {
    if !value.starts_with('[') || !value.ends_with(')') {
        return None;
    }
    let open = value.find("](")?;
    let inner = value[open + 2..value.len() - 1].trim();
    let dest = match inner.strip_prefix('<') {
        Some(rest) => rest.split('>').next().unwrap_or(""),
        None => inner.split([' ', '\t']).next().unwrap_or(""),
    };
    Some(strip_fragment(dest).to_string())
}

fn strip_fragment(value: &str) -> &str {
    value.split('#').next().unwrap_or(value)
}

fn is_url(value: &str) -> bool {
    let Some((scheme, _)) = value.split_once(':') else { return false };
    // One letter is a Windows drive, not a scheme.
    scheme.len() > 1
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
        && (value[scheme.len()..].starts_with("://") || scheme.eq_ignore_ascii_case("mailto"))
}

/// Decodes `%20`-style escapes; malformed escapes are kept as written.
fn percent_decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(hi), Some(lo)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| value.to_string())
}

/// A link in a note's body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyLink {
    /// The whole link, `[[...]]` or `[...](...)`.
    pub span: Span,
    /// Bytes of the file that name the target: the name of a wikilink
    /// (before any heading or label), the path of a Markdown link (inside
    /// any angle brackets, before any heading or title).
    pub target: Range<usize>,
    /// Those bytes as written.
    pub written: String,
    pub wikilink: bool,
    /// The target is inside `<...>`, where it may hold spaces.
    pub angle: bool,
}

impl BodyLink {
    /// The target as a value [`parse`] reads: `[[name]]` or `[](path)`.
    pub fn value(&self) -> String {
        match (self.wikilink, self.angle) {
            (true, _) => format!("[[{}]]", self.written),
            (false, true) => format!("[](<{}>)", self.written),
            (false, false) => format!("[]({})", self.written),
        }
    }
}

/// Every wikilink (`[[note]]`, `[[note#heading|label]]`, `![[note]]`) and
/// Markdown link (`[label](path.md#heading "title")`) in `text` from byte
/// `start`, outside fenced code blocks and inline code. Images are left out.
pub fn in_body(text: &str, start: usize) -> Vec<BodyLink> {
    let mut links = Vec::new();
    // Only lines holding `[` are looked at, found with one fast search
    // rather than line by line: most lines of most notes hold no link.
    if !text[start..].contains('[') {
        return links;
    }
    let fences = crate::markdown::fenced(text, start);
    let mut fence = fences.iter().peekable();
    let newlines = |range: &str| crate::markdown::count_newlines(range.as_bytes());
    let mut line = newlines(&text[..start]) + 1;
    let mut counted = start;
    let mut at = start;
    while let Some(found) = text[at..].find('[') {
        let pos = at + found;
        let line_start = text[start..pos].rfind('\n').map_or(start, |n| start + n + 1);
        let line_end = text[pos..].find('\n').map_or(text.len(), |n| pos + n);
        at = (line_end + 1).min(text.len());
        while fence.next_if(|f| f.end <= line_start).is_some() {}
        if fence.peek().is_some_and(|f| f.start <= line_start) {
            continue;
        }
        line += newlines(&text[counted..line_start]);
        counted = line_start;
        scan_line(line_start, text[line_start..line_end].trim_end_matches('\r'), line, &mut links);
        if at >= text.len() {
            break;
        }
    }
    links
}

/// The links on one line (`at` is its offset in `text`).
fn scan_line(at: usize, line: &str, number: usize, out: &mut Vec<BodyLink>) {
    let bytes = line.as_bytes();
    let mut i = 0;
    // Each failed Markdown link costs up to MAX_LINK_BYTES of scanning;
    // allowing a number of them proportional to the line keeps a hostile
    // line of unclosed brackets linear while ordinary lines lose nothing.
    let mut attempts = 16 + line.len() / 256;
    let span = |from: usize, to: usize| Span {
        offset: at + from,
        len: to - from,
        line: number,
        column: line[..from].chars().count() + 1,
    };
    while i < bytes.len() {
        match bytes[i] {
            // Inline code: skip to the matching run of backticks.
            b'`' => {
                let run = bytes[i..].iter().take_while(|b| **b == b'`').count();
                let fence = &line[i..i + run];
                i = match line[i + run..].find(fence) {
                    Some(end) => i + run + end + run,
                    None => i + run,
                };
            }
            b'\\' => i += 2,
            b'[' if bytes.get(i + 1) == Some(&b'[') => {
                let Some(close) = line[i + 2..].find("]]") else { return };
                let inner = &line[i + 2..i + 2 + close];
                let end = i + 2 + close + 2;
                let name_len = inner.find(['|', '#']).unwrap_or(inner.len());
                // In a table, `[[note\|label]]` escapes the pipe.
                let name_len = if inner[..name_len].ends_with('\\') { name_len - 1 } else { name_len };
                if !inner.contains('[') && inner[..name_len].trim().len() == name_len && name_len > 0 {
                    let start = if i > 0 && bytes[i - 1] == b'!' { i - 1 } else { i };
                    out.push(BodyLink {
                        span: span(start, end),
                        target: at + i + 2..at + i + 2 + name_len,
                        written: inner[..name_len].to_string(),
                        wikilink: true,
                        angle: false,
                    });
                }
                i = end;
            }
            b'[' if attempts > 0 => {
                let image = i > 0 && bytes[i - 1] == b'!';
                let Some(link) = markdown_link(line, i) else {
                    attempts -= 1;
                    i += 1;
                    continue;
                };
                if !image {
                    out.push(BodyLink {
                        span: span(i, link.end),
                        target: at + link.target.start..at + link.target.end,
                        written: line[link.target.clone()].to_string(),
                        wikilink: false,
                        angle: link.target.start > 0 && bytes[link.target.start - 1] == b'<',
                    });
                }
                i = link.end;
            }
            _ => i += 1,
        }
    }
}

struct MarkdownLink {
    end: usize,
    target: Range<usize>,
}

/// The inline link `[label](dest)` opening at `open` in `line`.
/// A Markdown link longer than this is not looked for.
const MAX_LINK_BYTES: usize = 4096;

fn markdown_link(line: &str, open: usize) -> Option<MarkdownLink> {
    let line = crate::text::prefix(line, open + MAX_LINK_BYTES);
    let bytes = line.as_bytes();
    // The label: brackets may nest, escapes are skipped.
    let (mut depth, mut j) = (0usize, open);
    loop {
        match bytes.get(j)? {
            b'\\' => j += 1,
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        j += 1;
    }
    if bytes.get(j + 1) != Some(&b'(') {
        return None;
    }
    let mut k = j + 2;
    while bytes.get(k) == Some(&b' ') {
        k += 1;
    }
    let (target, after) = if bytes.get(k) == Some(&b'<') {
        let close = k + 1 + line[k + 1..].find('>')?;
        (k + 1..close, close + 1)
    } else {
        let len = line[k..].find([' ', ')', '\t']).unwrap_or(line.len() - k);
        (k..k + len, k + len)
    };
    let end = after + line[after..].find(')')? + 1;
    let dest = &line[target.clone()];
    let path_len = dest.find('#').unwrap_or(dest.len());
    (path_len > 0).then_some(MarkdownLink { end, target: target.start..target.start + path_len })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(p: &str, relative: bool) -> Result<Target, Invalid> {
        Ok(Target::Path { path: p.into(), relative })
    }

    #[test]
    fn forms() {
        assert_eq!(parse("internal/a.md"), path("internal/a.md", false));
        assert_eq!(parse("/internal/a"), path("internal/a", false));
        assert_eq!(parse("../b.md"), path("../b.md", true));
        assert_eq!(parse("internal\\a.md"), path("internal/a.md", false));
        assert_eq!(parse("[[Note|label]]"), Ok(Target::Wikilink { name: "Note".into() }));
        assert_eq!(parse("[[dir/Note#Head]]"), Ok(Target::Wikilink { name: "dir/Note".into() }));
        assert_eq!(parse("[New](../new%20plan.md)"), path("../new plan.md", true));
        assert_eq!(parse("[New](<new plan.md> \"t\")"), path("new plan.md", true));
        assert_eq!(parse("https://x.org/a"), Err(Invalid::Url));
        assert_eq!(parse("[[|x]]"), Err(Invalid::EmptyWikilink));
        assert_eq!(parse("  "), Err(Invalid::Empty));
        assert_eq!(parse("C:/notes/a.md"), path("C:/notes/a.md", false));
    }

    #[test]
    fn body_links() {
        let text = "---\nx: 1\n---\nSee [[Old note#Limits|the rules]] and ![[chart]].\n\
                    ```\n[[not a link]]\n```\n\
                    Read [the policy](../hr/old%20policy.md#top \"t\") or `[[code]]`.\n\
                    ![img](pic.png) [bare](<a b.md>) | [[table\\|label]] [x](#only-anchor)\n";
        let links = in_body(text, 12);
        let shown: Vec<(&str, &str, usize, usize)> = links
            .iter()
            .map(|l| {
                (&text[l.span.offset..][..l.span.len], &text[l.target.clone()], l.span.line, l.span.column)
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("[[Old note#Limits|the rules]]", "Old note", 4, 5),
                ("![[chart]]", "chart", 4, 39),
                ("[the policy](../hr/old%20policy.md#top \"t\")", "../hr/old%20policy.md", 8, 6),
                ("[bare](<a b.md>)", "a b.md", 9, 17),
                ("[[table\\|label]]", "table", 9, 36),
            ]
        );
        let values: Vec<String> = links.iter().map(BodyLink::value).collect();
        assert_eq!(values[2], "[](../hr/old%20policy.md)");
        assert_eq!(values[3], "[](<a b.md>)");
        // A fence closes only with as long a run of its own character.
        let text = "  ~~~~\n[[a]]\n~~~\n```\n[[b]]\n~~~~\n[[out]] ```[[c]]\n```\n[[open]]";
        let names: Vec<(String, usize)> = in_body(text, 0).iter().map(|l| (l.value(), l.span.line)).collect();
        assert_eq!(names, [("[[out]]".to_string(), 7), ("[[c]]".to_string(), 7)]);
    }
}
