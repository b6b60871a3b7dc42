//! Reading what a docs site's generator config says of the vault's
//! folders, where the folders' names alone cannot tell. Every file is
//! optional; one that cannot be read, or that leads out of the vault, is
//! as if absent.

use std::path::Path;
use vaultlint_model::version_roots::DocusaurusSite;

/// The names Docusaurus reads its config from, in the order it looks.
const DOCUSAURUS_CONFIGS: &[&str] = &[
    "docusaurus.config.ts",
    "docusaurus.config.mts",
    "docusaurus.config.cts",
    "docusaurus.config.js",
    "docusaurus.config.mjs",
    "docusaurus.config.cjs",
];

/// The Docusaurus sites at the vault's root or in a folder of it
/// (`website/`), as sites keep their config: whether each serves its live
/// docs folder as the latest version.
pub fn docusaurus_sites(root: &Path) -> Vec<DocusaurusSite> {
    let mut folders = vec![String::new()];
    if let Ok(entries) = std::fs::read_dir(root) {
        let mut names: Vec<String> = entries
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|name| !name.starts_with('.') && name != "node_modules")
            .map(|name| format!("{name}/"))
            .collect();
        names.sort();
        folders.extend(names);
    }
    folders
        .into_iter()
        .filter_map(|folder| {
            let text = DOCUSAURUS_CONFIGS.iter().find_map(|name| {
                let file = root.join(&folder).join(name);
                (file.is_file() && !crate::files::leads_out(&file, root))
                    .then(|| crate::files::read_small(&file))
                    .flatten()
            })?;
            Some(DocusaurusSite { live_is_latest: last_version_is_current(&text), folder })
        })
        .collect()
}

/// Whether a Docusaurus config sets `lastVersion: 'current'` (in any
/// quotes, the key quoted or not): the live docs are then the latest
/// version rather than the next. A config is code, not data; this reads
/// the one setting as sites write it, and takes anything else for the
/// default.
fn last_version_is_current(config: &str) -> bool {
    let config = without_comments(config);
    let config = config.as_str();
    config.match_indices("lastVersion").any(|(at, key)| {
        // The key itself, not the end of another name (`mylastVersion`).
        let before = config[..at].trim_end_matches(['"', '\'']).chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            return false;
        }
        let rest = config[at + key.len()..].trim_start_matches(['"', '\'']).trim_start();
        let Some(value) = rest.strip_prefix(':') else { return false };
        let value = value.trim_start();
        ['"', '\'', '`'].iter().any(|q| {
            value.strip_prefix(*q).and_then(|v| v.strip_prefix("current")).is_some_and(|v| v.starts_with(*q))
        })
    })
}

/// A config's text with its `//` and `/* */` comments blanked, so that a
/// setting left commented out is not read. Strings are kept whole: a `//`
/// inside quotes (a URL) starts no comment.
fn without_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut chars = code.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                out.push(c);
                if c == '\\' {
                    out.extend(chars.next());
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '/' && chars.peek() == Some(&'/') => {
                while chars.next_if(|&n| n != '\n').is_some() {}
            }
            None if c == '/' && chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
                out.push(' ');
            }
            None => {
                if matches!(c, '"' | '\'' | '`') {
                    quote = Some(c);
                }
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_live_docs_are_the_latest_only_where_the_config_says_so() {
        assert!(last_version_is_current("docs: { lastVersion: 'current', versions: {} }"));
        assert!(last_version_is_current("\"lastVersion\": \"current\","));
        assert!(last_version_is_current("lastVersion:`current`"));
        assert!(!last_version_is_current("lastVersion: undefined,"));
        assert!(!last_version_is_current("lastVersion: '2.x',"));
        assert!(!last_version_is_current("// lastVersion is left to its default\n"));
        assert!(!last_version_is_current("lastVersion: 'currently'"));
        assert!(!last_version_is_current("// lastVersion: 'current', // once 2.0 ships\n"));
        assert!(!last_version_is_current("/* lastVersion: 'current' */ lastVersion: '2.x'"));
        assert!(!last_version_is_current("mylastVersion: 'current'"));
        assert!(last_version_is_current("url: 'https://example.com', lastVersion: 'current'"));
    }

    #[test]
    fn sites_are_found_at_the_root_and_one_folder_down() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::write(root.join("docusaurus.config.js"), "module.exports = {};\n").unwrap();
        std::fs::create_dir_all(root.join("website")).unwrap();
        std::fs::write(root.join("website/docusaurus.config.ts"), "docs: { lastVersion: 'current' }\n")
            .unwrap();
        std::fs::create_dir_all(root.join("notes")).unwrap();
        let sites = docusaurus_sites(&root);
        assert_eq!(
            sites,
            [
                DocusaurusSite { folder: String::new(), live_is_latest: false },
                DocusaurusSite { folder: "website/".into(), live_is_latest: true },
            ]
        );
    }
}
