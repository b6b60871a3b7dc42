//! What an Obsidian vault's own settings say about reading it: which files
//! Obsidian leaves out (`userIgnoreFilters`), how it writes new links, the
//! templates folder (core Templates or the Templater plugin), and the
//! periodic notes (core Daily notes or the Periodic Notes plugin) with the
//! Moment.js formats their names follow. Every file is optional; one that
//! cannot be read or parsed is as if absent.

use serde_json::Value;

/// The files under `.obsidian/` that [`Obsidian::from_files`] reads, by
/// their paths in that folder. A change to another one (Obsidian rewrites
/// `workspace.json` whenever a pane moves) changes no setting read here.
pub const FILES: &[&str] = &[
    "app.json",
    "templates.json",
    "daily-notes.json",
    "plugins/templater-obsidian/data.json",
    "plugins/periodic-notes/data.json",
];

/// A rule of Obsidian's "Excluded files": a path prefix (`Archive/`), or a
/// regular expression written between slashes (`/\.excalidraw\.md$/`).
#[derive(Debug, Clone)]
pub enum Ignore {
    Prefix(String),
    Pattern(regex::Regex),
}

impl Ignore {
    pub fn matches(&self, path: &str) -> bool {
        match self {
            Ignore::Prefix(prefix) => path.starts_with(prefix.as_str()),
            Ignore::Pattern(re) => re.is_match(path),
        }
    }
}

/// How Obsidian writes a new link (`newLinkFormat`, `useMarkdownLinks`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkFormat {
    pub markdown: bool,
    /// `absolute`: the path from the vault root, always.
    pub absolute: bool,
}

/// One series of periodic notes: its folder and the pattern its names
/// follow (from a Moment.js format).
#[derive(Debug, Clone)]
pub struct Series {
    /// `daily`, `weekly`, ...
    pub period: &'static str,
    /// Vault-relative, without trailing `/`; empty for the root.
    pub folder: String,
    pub format: String,
    pattern: regex::Regex,
}

impl Series {
    /// Whether the note at `path` (vault-relative) is one of the series.
    pub fn contains(&self, path: &str) -> bool {
        let Some(stem) = vaultlint_core::paths::strip_note_extension(path) else { return false };
        let rest = if self.folder.is_empty() {
            Some(stem)
        } else {
            stem.strip_prefix(self.folder.as_str()).and_then(|r| r.strip_prefix('/'))
        };
        rest.is_some_and(|name| self.pattern.is_match(name))
    }
}

/// What an Obsidian vault's settings say about reading it: the files
/// left out, how links are written, the templates folder, and the
/// periodic series.
#[derive(Debug, Clone, Default)]
pub struct Obsidian {
    pub ignore: Vec<Ignore>,
    pub link_format: Option<LinkFormat>,
    /// The templates folder, vault-relative, without trailing `/`.
    pub templates: Option<String>,
    pub series: Vec<Series>,
    /// Folders a site publishes pages from though their names are those of
    /// templates folders (a Jekyll collection `templates` in `_templates/`),
    /// vault-relative, without trailing `/`: no templates folder.
    pub published: Vec<String>,
}

/// Folders taken as the templates folder when no setting names one.
const TEMPLATE_FOLDERS: &[&str] = &["templates", "Templates", "_templates"];

fn folder(value: Option<&Value>) -> Option<String> {
    let text = value?.as_str()?.trim().trim_matches('/').to_string();
    (!text.is_empty()).then_some(text)
}

impl Obsidian {
    /// The settings from the files under `.obsidian/`, as `read_json`
    /// gives them by their names in that folder (`None`: missing or not
    /// JSON); `is_folder` says whether a vault-relative folder exists.
    /// Without settings, only the default templates folder applies.
    /// `published`: see [`Obsidian::published`].
    pub fn from_files(
        read_json: &dyn Fn(&str) -> Option<Value>,
        is_folder: &dyn Fn(&str) -> bool,
        published: Vec<String>,
    ) -> Obsidian {
        let mut settings = Obsidian { published, ..Obsidian::default() };
        if let Some(app) = read_json("app.json") {
            settings.ignore = app["userIgnoreFilters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .filter_map(ignore_rule)
                .collect();
            if app.get("useMarkdownLinks").is_some() || app.get("newLinkFormat").is_some() {
                settings.link_format = Some(LinkFormat {
                    markdown: app["useMarkdownLinks"].as_bool().unwrap_or(false),
                    absolute: app["newLinkFormat"].as_str() == Some("absolute"),
                });
            }
        }
        let templater = read_json("plugins/templater-obsidian/data.json");
        let core = read_json("templates.json");
        settings.templates = folder(core.as_ref().and_then(|c| c.get("folder")))
            .or_else(|| folder(templater.as_ref().and_then(|t| t.get("templates_folder"))))
            .or_else(|| {
                let default = |f: &&&str| is_folder(f) && !settings.published.iter().any(|p| p == **f);
                TEMPLATE_FOLDERS.iter().find(default).map(|f| f.to_string())
            });
        settings.series = series(read_json);
        settings
    }

    /// Whether the note at `path` is in a folder a site publishes pages
    /// from (see [`Obsidian::published`]).
    pub fn in_published(&self, path: &str) -> bool {
        self.published.iter().any(|p| vaultlint_core::paths::folder_within(p, path))
    }

    /// Whether a note at `path` is a template.
    pub fn is_template(&self, path: &str) -> bool {
        self.templates.as_deref().is_some_and(|t| vaultlint_core::paths::folder_within(t, path))
    }

    /// The configured series the note at `path` belongs to, by index.
    pub fn series_of(&self, path: &str) -> Option<usize> {
        self.series.iter().position(|s| s.contains(path))
    }
}

fn ignore_rule(text: &str) -> Option<Ignore> {
    if text.len() > 2 && text.starts_with('/') && text.ends_with('/') {
        return regex::Regex::new(&text[1..text.len() - 1]).ok().map(Ignore::Pattern);
    }
    (!text.is_empty()).then(|| Ignore::Prefix(text.trim_start_matches('/').to_string()))
}

/// The periodic series: core Daily notes, and the Periodic Notes plugin's
/// enabled periods.
fn series(read_json: &dyn Fn(&str) -> Option<Value>) -> Vec<Series> {
    let mut out = Vec::new();
    let mut add = |period: &'static str, settings: &Value, default: &str| {
        let format = settings.get("format").and_then(Value::as_str).filter(|f| !f.trim().is_empty());
        let format = format.unwrap_or(default).trim().to_string();
        let Some(pattern) = moment_pattern(&format) else { return };
        let folder = folder(settings.get("folder")).unwrap_or_default();
        out.push(Series { period, folder, format, pattern });
    };
    if let Some(daily) = read_json("daily-notes.json") {
        add("daily", &daily, "YYYY-MM-DD");
    }
    if let Some(plugin) = read_json("plugins/periodic-notes/data.json") {
        for (period, default) in [
            ("daily", "YYYY-MM-DD"),
            ("weekly", "gggg-[W]ww"),
            ("monthly", "YYYY-MM"),
            ("quarterly", "YYYY-[Q]Q"),
            ("yearly", "YYYY"),
        ] {
            let settings = &plugin[period];
            if settings["enabled"].as_bool() == Some(true) {
                add(period, settings, default);
            }
        }
    }
    out
}

const MONTHS: &str = "january|february|march|april|may|june|july|august|september|october|november|december";
const MONTHS_SHORT: &str = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec";
const DAYS: &str = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const DAYS_SHORT: &str = "mon|tue|wed|thu|fri|sat|sun";

/// A Moment.js date format as a regular expression matching the names it
/// makes (case-insensitive, whole name); `None` for an empty format.
pub fn moment_pattern(format: &str) -> Option<regex::Regex> {
    // Longest tokens first, so `YYYY` is not read as two `YY`.
    const TOKENS: &[(&str, &str)] = &[
        ("YYYY", r"\d{4}"),
        ("gggg", r"\d{4}"),
        ("GGGG", r"\d{4}"),
        ("MMMM", MONTHS),
        ("dddd", DAYS),
        ("MMM", MONTHS_SHORT),
        ("ddd", DAYS_SHORT),
        ("DDDD", r"\d{3}"),
        ("YY", r"\d{2}"),
        ("gg", r"\d{2}"),
        ("MM", r"\d{2}"),
        ("DD", r"\d{2}"),
        ("Do", r"\d{1,2}(?:st|nd|rd|th)"),
        ("ww", r"\d{2}"),
        ("WW", r"\d{2}"),
        ("dd", "mo|tu|we|th|fr|sa|su"),
        ("HH", r"\d{2}"),
        ("mm", r"\d{2}"),
        ("M", r"\d{1,2}"),
        ("D", r"\d{1,2}"),
        ("w", r"\d{1,2}"),
        ("W", r"\d{1,2}"),
        ("Q", "[1-4]"),
        ("E", "[1-7]"),
        ("e", "[0-6]"),
        ("d", "[0-6]"),
    ];
    if format.is_empty() {
        return None;
    }
    let mut pattern = String::from("(?i)^");
    let mut rest = format;
    while !rest.is_empty() {
        if let Some(literal) = rest.strip_prefix('[') {
            let end = literal.find(']').unwrap_or(literal.len());
            pattern.push_str(&regex::escape(&literal[..end]));
            rest = literal.get(end + 1..).unwrap_or("");
            continue;
        }
        if let Some((token, re)) = TOKENS.iter().find(|(t, _)| rest.starts_with(t)) {
            pattern.push_str(&format!("(?:{re})"));
            rest = &rest[token.len()..];
            continue;
        }
        let c = rest.chars().next().expect("not empty");
        pattern.push_str(&regex::escape(c.encode_utf8(&mut [0; 4])));
        rest = &rest[c.len_utf8()..];
    }
    pattern.push('$');
    regex::Regex::new(&pattern).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_read_are_the_files_listed() {
        let asked = std::cell::RefCell::new(Vec::new());
        let read_json = |name: &str| {
            asked.borrow_mut().push(name.to_string());
            None
        };
        Obsidian::from_files(&read_json, &|_| false, Vec::new());
        let mut asked = asked.into_inner();
        asked.sort();
        let mut listed: Vec<String> = FILES.iter().map(|f| f.to_string()).collect();
        listed.sort();
        assert_eq!(asked, listed);
    }

    #[test]
    fn moment_formats() {
        let m = |f: &str, name: &str| moment_pattern(f).unwrap().is_match(name);
        assert!(m("DD.MM.YYYY", "01.12.2026"));
        assert!(!m("DD.MM.YYYY", "2026-12-01"));
        assert!(m("dddd, MMMM D, YYYY", "Tuesday, December 1, 2026"));
        assert!(m("gggg-[W]ww", "2026-W49"));
        assert!(m("YYYY-[Q]Q", "2026-Q4"));
        assert!(m("YYYY/MM/YYYY-MM-DD", "2026/12/2026-12-01"));
        assert!(!m("YYYY", "notes"));
    }

    #[test]
    fn ignore_rules() {
        assert!(ignore_rule("Archive/").unwrap().matches("Archive/old.md"));
        assert!(!ignore_rule("Archive/").unwrap().matches("notes/Archive/old.md"));
        assert!(ignore_rule("/\\.excalidraw\\.md$/").unwrap().matches("a/b.excalidraw.md"));
    }
}
