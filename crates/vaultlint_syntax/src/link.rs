//! The forms a link can take, in a successor value or a note's body,
//! parsed into a target to resolve.

use std::ops::Range;
use vaultlint_core::diagnostic::Span;

/// How a written link names a note: one setting for `suggest --apply`,
/// the fixes of suspected versions and the config file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LinkStyle {
    /// The path from the vault root, with `.md`
    Path,
    /// A quoted wikilink, with its folder where the bare name is ambiguous
    Wikilink,
    /// A quoted wikilink with the note's path from the vault root
    #[serde(rename = "wikilink-path")]
    WikilinkPath,
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
        return wikilink_name(inner);
    }
    if let Some(dest) = markdown_destination(value) {
        return destination_target(dest);
    }
    if is_url(value) {
        return Err(Invalid::Url);
    }
    // A heading follows the name at once (`travel.md#rates`); a `#` after
    // a space is the name's own (`Issue #3.md`), as YAML, which reads an
    // unquoted ` #` as a comment, has it only when it was quoted.
    let named = if value.contains(" #") { value } else { strip_fragment(value) };
    let path = named.replace('\\', "/");
    if path.starts_with("./") || path.starts_with("../") {
        return Ok(Target::Path { path, relative: true });
    }
    Ok(Target::Path { path: path.trim_start_matches('/').to_string(), relative: false })
}

/// A plain path value holding a `#` read as part of the name (`C#.md`,
/// `notes#1.md`), for where the name before it leads nowhere; `None` for
/// any other value.
pub fn path_with_hash(value: &str) -> Option<Target> {
    let value = value.trim();
    let plain = !value.starts_with('[') && !is_url(value) && value.contains('#') && !value.contains(" #");
    plain.then(|| match parse(&value.replace('#', "\u{0}")) {
        Ok(Target::Path { path, relative }) => {
            Some(Target::Path { path: path.replace('\u{0}', "#"), relative })
        }
        _ => None,
    })?
}

/// The target of a wikilink whose brackets hold `inner`.
fn wikilink_name(inner: &str) -> Result<Target, Invalid> {
    // The name ends at an alias (`|`) or a heading (`#`), whichever comes
    // first. One scan: every body link of every note passes through here.
    let end = memchr::memchr2(b'|', b'#', inner.as_bytes()).unwrap_or(inner.len());
    let name = inner[..end].trim();
    let name = if name.contains('\\') { name.replace('\\', "/") } else { name.to_string() };
    if name.is_empty() {
        return Err(Invalid::EmptyWikilink);
    }
    if name.starts_with("./") || name.starts_with("../") {
        return Ok(Target::Path { path: name, relative: true });
    }
    Ok(Target::Wikilink { name })
}

/// The target of a Markdown link to `dest`, its destination without
/// angle brackets or title.
fn destination_target(dest: &str) -> Result<Target, Invalid> {
    let dest = strip_fragment(dest);
    if is_url(dest) {
        return Err(Invalid::Url);
    }
    let dest = percent_decode(dest).replace('\\', "/");
    Ok(match dest.strip_prefix('/') {
        Some(rooted) => Target::Path { path: rooted.to_string(), relative: false },
        None => Target::Path { path: dest, relative: true },
    })
}

/// The destination of `[label](dest)`, without angle brackets or title.
fn markdown_destination(value: &str) -> Option<&str> {
    if !value.starts_with('[') || !value.ends_with(')') {
        return None;
    }
    let open = value.find("](")?;
    Some(unbracketed(value[open + 2..value.len() - 1].trim()))
}

/// What a link's parentheses hold, without angle brackets or title.
fn unbracketed(inner: &str) -> &str {
    match inner.strip_prefix('<') {
        Some(rest) => rest.split('>').next().unwrap_or(""),
        None => inner.split([' ', '\t']).next().unwrap_or(""),
    }
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

/// A link in a note's body. Every note keeps its links for the whole run,
/// so the start of its target is held in a 32-bit word, as a [`Span`]
/// holds its place, rather than in a range. (A link past the first 4 GiB
/// of a file is not kept.)
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BodyLink {
    /// The whole link, `[[...]]` or `[...](...)`.
    at: Span,
    /// Where the bytes of the file that name the target start: the name
    /// of a wikilink (before any heading or label), the path of a
    /// Markdown link (inside any angle brackets, before any heading or
    /// title).
    target: u32,
    /// Those bytes as written.
    pub written: Box<str>,
    pub wikilink: bool,
    /// The target is inside `<...>`, where it may hold spaces.
    pub angle: bool,
    /// A heading or block follows the target (`[[Note#Meals]]`,
    /// `(note.md#meals)`): the link reaches a part of the note.
    pub anchored: bool,
}

impl BodyLink {
    /// The link with its span, the start of its target and the target as
    /// written; `None` past the first 4 GiB of a file.
    fn new(
        span: Span,
        target: usize,
        written: &str,
        wikilink: bool,
        angle: bool,
        anchored: bool,
    ) -> Option<BodyLink> {
        // A link starting past 4 GiB (whose span saturates) has its target
        // past it too: this drops it.
        let target = u32::try_from(target).ok()?;
        Some(BodyLink { at: span, target, written: written.into(), wikilink, angle, anchored })
    }

    /// The whole link.
    pub fn span(&self) -> Span {
        self.at
    }

    /// The bytes of the file that name the target.
    pub fn target(&self) -> Range<usize> {
        let start = self.target as usize;
        start..start + self.written.len()
    }

    /// The target, as [`parse`] reads [`BodyLink::value`], without
    /// writing that value out: every link of every note is resolved.
    pub fn parsed(&self) -> Result<Target, Invalid> {
        if self.wikilink {
            wikilink_name(&self.written)
        } else if self.angle {
            destination_target(self.written.split('>').next().unwrap_or(""))
        } else {
            destination_target(unbracketed(self.written.trim()))
        }
    }

    /// The target as a value [`parse`] reads: `[[name]]` or `[](path)`.
    pub fn value(&self) -> String {
        match (self.wikilink, self.angle) {
            (true, _) => format!("[[{}]]", self.written),
            (false, true) => format!("[](<{}>)", self.written),
            (false, false) => format!("[]({})", self.written),
        }
    }
}

/// Every link in `text` from byte `start` that a renderer would show, as
/// Obsidian and CommonMark read the body: wikilinks (`[[note]]`,
/// `[[note#heading|label]]`, `![[note]]`), inline Markdown links
/// (`[label](path.md#heading "title")`) and reference definitions
/// (`[label]: path.md`). Nothing inside code of any kind, HTML comments,
/// math or Obsidian's `%% comments %%` is a link; images are left out.
pub fn in_body(text: &str, start: usize) -> Vec<BodyLink> {
    let body = &text[start..];
    let mut links = Vec::new();
    if !body.contains('[') {
        return links;
    }
    let mut found: Vec<(usize, Range<usize>, Range<usize>, bool)> = Vec::new();
    let mut code: Vec<Range<usize>> = Vec::new();
    let parser = pulldown_cmark::Parser::new_ext(body, options());
    let definitions: Vec<Range<usize>> =
        parser.reference_definitions().iter().map(|(_, def)| def.span.clone()).collect();
    for (event, range) in parser.into_offset_iter() {
        use pulldown_cmark::{Event, LinkType, Tag};
        match event {
            Event::Start(Tag::Link { link_type: LinkType::WikiLink { .. }, .. })
            | Event::Start(Tag::Image { link_type: LinkType::WikiLink { .. }, .. }) => {
                if let Some(target) = wikilink_target(&body[range.clone()]) {
                    let target = target.start + range.start..target.end + range.start;
                    found.push((range.start, range, target, true));
                }
            }
            Event::Start(Tag::Link { link_type: LinkType::Inline, .. }) => {
                if let Some(link) = inline_target(&body[range.clone()]) {
                    let target = link.target.start + range.start..link.target.end + range.start;
                    found.push((range.start, range, target, false));
                }
            }
            Event::Code(_)
            | Event::InlineMath(_)
            | Event::DisplayMath(_)
            | Event::Html(_)
            | Event::InlineHtml(_) => code.push(range),
            Event::Start(Tag::CodeBlock(_)) => code.push(range),
            _ => {}
        }
    }
    for span in definitions {
        if let Some(target) = definition_target(&body[span.clone()]) {
            let target = target.start + span.start..target.end + span.start;
            found.push((span.start, span, target, false));
        }
    }
    found.sort_by_key(|(at, ..)| *at);
    let comments = obsidian_comments(body, &mut code);
    let mut commented = Within::new(&comments);
    for (_, span, target, wikilink) in found {
        if commented.at(span.start) {
            continue;
        }
        let (span, target) = (span.start + start..span.end + start, target.start + start..target.end + start);
        // A definition's span ends with its line break; the link is the line.
        let end = text[span.clone()].trim_end_matches(['\n', '\r']).len() + span.start;
        let angle = target.start > 0 && text.as_bytes()[target.start - 1] == b'<';
        let span = Span::new(span.start, end - span.start);
        let anchored = text.as_bytes().get(target.end) == Some(&b'#');
        links.extend(BodyLink::new(span, target.start, &text[target], wikilink, angle, anchored));
    }
    links
}

/// The ranges of `body` that are code or math, sorted: what is written
/// there is shown as text.
pub fn code_ranges(body: &str) -> Vec<Range<usize>> {
    use pulldown_cmark::{Event, Tag};
    let mut code = Vec::new();
    for (event, range) in pulldown_cmark::Parser::new_ext(body, options()).into_offset_iter() {
        if let Event::Code(_)
        | Event::InlineMath(_)
        | Event::DisplayMath(_)
        | Event::Start(Tag::CodeBlock(_)) = event
        {
            code.push(range);
        }
    }
    code.sort_unstable_by_key(|c| c.start);
    code
}

/// How vaults are written: CommonMark with tables, math and wikilinks.
fn options() -> pulldown_cmark::Options {
    use pulldown_cmark::Options;
    Options::ENABLE_TABLES | Options::ENABLE_MATH | Options::ENABLE_WIKILINKS | Options::ENABLE_STRIKETHROUGH
}

/// Obsidian's comments: text between two `%%` (on one line or across
/// several), which Obsidian does not render. A `%%` inside code is text.
fn obsidian_comments(body: &str, code: &mut [Range<usize>]) -> Vec<Range<usize>> {
    code.sort_unstable_by_key(|c| c.start);
    let mut inside = Within::new(code);
    let mut marks = double_percents(body).filter(|&i| !inside.at(i));
    let mut comments = Vec::new();
    while let Some(open) = marks.next() {
        // `%%%%`: an empty comment's two marks overlap nothing.
        let close = marks.find(|&c| c >= open + 2).map_or(body.len(), |c| c + 2);
        comments.push(open..close);
    }
    comments
}

/// Where `%%` starts in `body`, left to right, not overlapping (as
/// `match_indices` finds them). Every body is searched, so a byte search
/// for `%` (vectorised) finds the candidates; a search for the two-byte
/// string took a twentieth of a check.
fn double_percents(body: &str) -> impl Iterator<Item = usize> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        loop {
            let at = from + body[from..].find('%')?;
            from = at + 1;
            if body.as_bytes().get(from) == Some(&b'%') {
                from += 1;
                return Some(at);
            }
        }
    })
}

/// Whether offsets, asked for in increasing order, fall inside ranges sorted
/// by start: one pass over both, however many there are of each.
pub struct Within<'r> {
    ranges: &'r [Range<usize>],
    next: usize,
}

impl<'r> Within<'r> {
    pub fn new(ranges: &'r [Range<usize>]) -> Within<'r> {
        Within { ranges, next: 0 }
    }

    pub fn at(&mut self, offset: usize) -> bool {
        while self.ranges.get(self.next).is_some_and(|r| r.end <= offset) {
            self.next += 1;
        }
        self.ranges.get(self.next).is_some_and(|r| r.start <= offset)
    }
}

/// The bytes of `[[name#heading|label]]` (or `![[...]]`) that name the note.
fn wikilink_target(raw: &str) -> Option<Range<usize>> {
    let open = raw.find("[[")? + 2;
    let close = raw.rfind("]]")?;
    let inner = raw.get(open..close)?;
    let name_len = inner.find(['|', '#']).unwrap_or(inner.len());
    // In a table, `[[note\|label]]` escapes the pipe.
    let name_len = if inner[..name_len].ends_with('\\') { name_len - 1 } else { name_len };
    (name_len > 0 && inner[..name_len].trim().len() == name_len).then_some(open..open + name_len)
}

/// The destination of a reference definition `[label]: dest "title"`,
/// without angle brackets or fragment.
fn definition_target(raw: &str) -> Option<Range<usize>> {
    let colon = raw.find("]:")? + 2;
    let gap = raw[colon..].len() - raw[colon..].trim_start().len();
    let at = colon + gap;
    let (from, len) = if raw[at..].starts_with('<') {
        (at + 1, raw[at + 1..].find('>')?)
    } else {
        (at, raw[at..].find(char::is_whitespace).unwrap_or(raw.len() - at))
    };
    let dest = &raw[from..from + len];
    let path_len = dest.find('#').unwrap_or(dest.len());
    (path_len > 0).then_some(from..from + path_len)
}

struct MarkdownLink {
    target: Range<usize>,
}

/// The destination of the inline link `[label](dest "title")` that is
/// all of `line`, without angle brackets, title or fragment.
fn inline_target(line: &str) -> Option<MarkdownLink> {
    let bytes = line.as_bytes();
    // The label: brackets may nest, escapes and code spans are skipped.
    let (mut depth, mut j) = (0usize, 0);
    loop {
        match bytes.get(j)? {
            b'\\' => j += 1,
            b'`' => {
                let run = bytes[j..].iter().take_while(|b| **b == b'`').count();
                let fence = &line[j..j + run];
                j += run + line[j + run..].find(fence).map_or(0, |end| end + run) - 1;
            }
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
    line[after..].find(')')?;
    let dest = &line[target.clone()];
    let path_len = dest.find('#').unwrap_or(dest.len());
    (path_len > 0).then_some(MarkdownLink { target: target.start..target.start + path_len })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_percents_are_found_as_match_indices_finds_them() {
        for body in ["", "%", "%%", "%%%", "%%%%", "a%%b%c%%%d", "é%%ü%", "%a%%"] {
            let expected: Vec<usize> = body.match_indices("%%").map(|(i, _)| i).collect();
            assert_eq!(double_percents(body).collect::<Vec<_>>(), expected, "{body:?}");
        }
    }

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
        assert_eq!(parse("[[ dir\\Note|a#b ]]"), Ok(Target::Wikilink { name: "dir/Note".into() }));
        assert_eq!(parse("[[../Note#a|b]]"), path("../Note", true));
        assert_eq!(parse("[New](../new%20plan.md)"), path("../new plan.md", true));
        assert_eq!(parse("travel.md#rates"), path("travel.md", false));
        assert_eq!(parse("Issue #3 · triage.md"), path("Issue #3 · triage.md", false));
        assert_eq!(path_with_hash("C#.md"), Some(Target::Path { path: "C#.md".into(), relative: false }));
        assert_eq!(path_with_hash("[[C#]]"), None);
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
        let lines = vaultlint_core::lines::LineIndex::new(text);
        let shown: Vec<(&str, &str, usize, usize)> = links
            .iter()
            .map(|l| {
                let at = lines.position(l.span().offset());
                (&text[l.span().range()], &text[l.target()], at.line(), at.column())
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
        // A link's target is what its value reads as, without the value.
        for link in &links {
            assert_eq!(link.parsed(), parse(&link.value()), "{link:?}");
        }
        assert_eq!(
            links[2].parsed(),
            Ok(Target::Path { path: "../hr/old policy.md".into(), relative: true })
        );
        // A fence closes only with as long a run of its own character.
        let text = "  ~~~~\n[[a]]\n~~~\n```\n[[b]]\n~~~~\n[[out]] ```[[c]]\n```\n[[open]]";
        let lines = vaultlint_core::lines::LineIndex::new(text);
        let names: Vec<(String, usize)> =
            in_body(text, 0).iter().map(|l| (l.value(), lines.line_of(l.span().offset()) + 1)).collect();
        assert_eq!(names, [("[[out]]".to_string(), 7), ("[[c]]".to_string(), 7)]);
    }
}
