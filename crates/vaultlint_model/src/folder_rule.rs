//! The config's `[[supersede]]` tables: whole folders of notes declared
//! superseded by the notes at the same paths in another folder.

/// A `[[supersede]]` table of the config: each note under a folder the
/// `older` glob matches is superseded by the note at the same relative
/// path under `newer`, where there is one.
#[derive(Debug, Clone)]
pub struct FolderRule {
    /// The glob as written, relative to the vault root.
    pub older: String,
    /// The folder, relative to the vault root, without a trailing `/`.
    pub newer: String,
    matcher: globset::GlobMatcher,
}

impl FolderRule {
    pub fn new(older: &str, newer: &str) -> Result<FolderRule, String> {
        let trim = |s: &str| s.trim().trim_matches('/').to_string();
        let glob = globset::GlobBuilder::new(&trim(older))
            .literal_separator(true)
            .build()
            .map_err(|e| format!("`older = \"{older}\"` is not a glob: {}", e.kind()))?;
        Ok(FolderRule { older: trim(older), newer: trim(newer), matcher: glob.compile_matcher() })
    }

    /// The folder of `path` that the glob matches, with a trailing `/`.
    fn older_folder<'p>(&self, path: &'p str) -> Option<&'p str> {
        let mut end = 0;
        while let Some(slash) = path[end..].find('/') {
            end += slash + 1;
            let folder = &path[..end - 1];
            if self.matcher.is_match(folder) && folder != self.newer {
                return Some(&path[..end]);
            }
        }
        None
    }

    /// The older folder of the note at `path` (with its trailing `/`) and
    /// the note's path under it, if the rule covers the note.
    pub fn older_copy<'p>(&self, path: &'p str) -> Option<(&'p str, &'p str)> {
        let folder = self.older_folder(path)?;
        Some((folder, &path[folder.len()..]))
    }

    /// The path of the note under the newer folder that supersedes the
    /// note at `path`, if the rule covers it.
    pub fn successor_path(&self, path: &str) -> Option<String> {
        let (_, relative) = self.older_copy(path)?;
        Some(self.newer_path(relative))
    }

    /// The path under the newer folder of a note's path under an older one.
    pub fn newer_path(&self, relative: &str) -> String {
        if self.newer.is_empty() { relative.to_string() } else { format!("{}/{relative}", self.newer) }
    }
}
