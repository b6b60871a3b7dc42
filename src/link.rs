//! The forms a successor value can take, parsed into a target to resolve.

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
}
