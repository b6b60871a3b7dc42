//! Paths inside a vault: always relative to its root, with `/` between
//! parts, whatever the platform writes; and the extensions that make a
//! file a note.

use std::path::Path;

/// Whether a file name is a Markdown note's.
pub fn is_note_name(name: &str) -> bool {
    strip_note_extension(name).is_some()
}

/// The extensions of notes unless the config names others: Markdown, and
/// MDX, in which Docusaurus sites keep most pages.
pub const DEFAULT_EXTENSIONS: &[&str] = &["md", "markdown", "mdx"];

/// `name` without its `.md`, `.markdown` or `.mdx` extension (in any case),
/// or `None` when it has none of them.
pub fn strip_note_extension(name: &str) -> Option<&str> {
    strip_extension(name, DEFAULT_EXTENSIONS)
}

/// `name` without one of `extensions` (without their dots, in any case),
/// or `None` when it has none of them.
pub fn strip_extension<'n, E: AsRef<str>>(name: &'n str, extensions: &[E]) -> Option<&'n str> {
    extensions.iter().find_map(|ext| {
        let ext = ext.as_ref();
        let cut = name.len().checked_sub(ext.len() + 1)?;
        let tail = name.get(cut..)?;
        (tail.starts_with('.') && tail[1..].eq_ignore_ascii_case(ext) && cut > 0).then(|| &name[..cut])
    })
}

/// Where two `/`-separated paths part: the folder they share (with its
/// trailing `/`, `""` for none), the first part of each that differs, and
/// what follows that part in each (`None` where it is the file name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parting<'p> {
    pub parent: &'p str,
    pub parts: (&'p str, &'p str),
    pub below: (Option<&'p str>, Option<&'p str>),
}

/// Where `a` and `b` part, part by part (never inside a name); `None` for
/// one path, or one that runs on below the other's file.
pub fn parting<'p>(a: &'p str, b: &'p str) -> Option<Parting<'p>> {
    let mut at = 0;
    loop {
        let split =
            |rest: &'p str| rest.split_once('/').map_or((rest, None), |(part, below)| (part, Some(below)));
        let ((x, below_x), (y, below_y)) = (split(&a[at..]), split(&b[at..]));
        if x != y {
            return Some(Parting { parent: &a[..at], parts: (x, y), below: (below_x, below_y) });
        }
        // One name so far: the same bytes in both, so `at` is a part's start in each.
        below_x.and(below_y)?;
        at += x.len() + 1;
    }
}

/// Whether the vault folder `inner` lies inside the vault folder `outer`:
/// `a/b` inside `a`, and every folder, the root too, inside the root `""`.
pub fn folder_within(outer: &str, inner: &str) -> bool {
    outer.is_empty() || inner.starts_with(outer) && inner.as_bytes().get(outer.len()) == Some(&b'/')
}

/// Joins `path` onto the folder `base` and folds `.` and `..`; `None` when
/// the result would leave the vault root.
pub fn normalize(base: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

/// The text of `file` under `root` when it is written plainly: a path the
/// walk made is `root` joined with more, which a look at its text tells
/// (comparing part by part is left for the rest), and its parts have `/`
/// between them, none empty or `.`, as its components would write it.
pub fn plain_under<'p>(root: &Path, file: &'p Path) -> Option<&'p str> {
    let (root, text) = (root.to_str()?, file.to_str()?);
    let rest = text.strip_prefix(root.strip_suffix('/').unwrap_or(root))?.strip_prefix('/')?;
    // Bytes, not a `char` pattern: this runs for every file of the vault.
    let plain = rest.as_bytes().split(|&b| b == b'/').all(|part| !part.is_empty() && part != b".");
    (std::path::MAIN_SEPARATOR == '/' && !root.is_empty() && plain).then_some(rest)
}

/// `file` relative to `root`, with `/` separators.
pub fn relative(root: &Path, file: &Path) -> String {
    // A path the walk made is nearly always written so already: taken as
    // it is, it saves a string per part for every file of the vault.
    if let Some(rest) = plain_under(root, file) {
        return rest.to_string();
    }
    let rel = file.strip_prefix(root).unwrap_or(file);
    let parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_paths_part_at_their_first_different_part() {
        let p = parting("docs/v2/guide/a.md", "docs/v3/a.md").unwrap();
        assert_eq!((p.parent, p.parts, p.below), ("docs/", ("v2", "v3"), (Some("guide/a.md"), Some("a.md"))));
        let p = parting("a.md", "b/a.md").unwrap();
        assert_eq!((p.parent, p.parts, p.below), ("", ("a.md", "b"), (None, Some("a.md"))));
        // Names that share a first byte part whole (`é` and `è`).
        assert_eq!(parting("x/é/p.md", "x/è/p.md").map(|p| p.parts), Some(("é", "è")));
        assert_eq!(parting("x/p.md", "x/p.md"), None);
        assert_eq!(parting("x/p", "x/p/q.md"), None);
    }

    #[test]
    fn a_path_is_taken_as_written_only_when_plain() {
        let root = Path::new("/v");
        assert_eq!(plain_under(root, Path::new("/v/a/b.md")), Some("a/b.md"));
        assert_eq!(plain_under(Path::new("/v/"), Path::new("/v/b.md")), Some("b.md"));
        for odd in ["/v/a//b.md", "/v/./b.md", "/v/a/.", "/w/b.md", "/vb.md"] {
            assert_eq!(plain_under(root, Path::new(odd)), None, "{odd}");
        }
        // The rest is read part by part, with the same answer.
        assert_eq!(relative(root, Path::new("/v/a//b.md")), "a/b.md");
        assert_eq!(relative(root, Path::new("/v/./b.md")), "b.md");
    }
}

/// One run of a path as [`natural_key`] compares it: digits by their
/// value, anything else by its text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum NaturalPart<'p> {
    Number(u128, &'p str),
    Text(&'p str),
}

/// A key that orders paths as a person reads their numbers: `3.2.0`
/// before `3.10.0`, `v9` before `v10`. Equal numbers written otherwise
/// (`01`, `1`) are ordered by their text, so the order is total.
pub fn natural_key(path: &str) -> Vec<NaturalPart<'_>> {
    let mut parts = Vec::new();
    let mut rest = path;
    while let Some(first) = rest.chars().next() {
        let digit = first.is_ascii_digit();
        let end = rest.find(|c: char| c.is_ascii_digit() != digit).unwrap_or(rest.len());
        let (run, tail) = rest.split_at(end);
        parts.push(match run.parse::<u128>() {
            Ok(value) if digit => NaturalPart::Number(value, run),
            _ => NaturalPart::Text(run),
        });
        rest = tail;
    }
    parts
}

#[cfg(test)]
mod natural_tests {
    use super::natural_key;

    #[test]
    fn numbers_in_paths_order_by_their_value() {
        let mut paths =
            ["v/3.10.0/a.md", "v/3.2.0/a.md", "v/3.9.1/a.md", "v/10/a.md", "v/9/a.md", "v/09/a.md"];
        paths.sort_by(|a, b| natural_key(a).cmp(&natural_key(b)));
        assert_eq!(
            paths,
            ["v/3.2.0/a.md", "v/3.9.1/a.md", "v/3.10.0/a.md", "v/09/a.md", "v/9/a.md", "v/10/a.md"]
        );
    }
}
