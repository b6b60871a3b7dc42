//! The part of a vault a run reports on: the whole vault is analysed,
//! since a declaration in one note depends on the others, and findings are
//! kept for the focus only.

use std::collections::HashSet;

/// Notes named on the command line, and folders inside the vault whose
/// notes are all reported.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Focus {
    pub notes: HashSet<String>,
    /// Vault-relative folder paths, each ending in `/`.
    pub folders: Vec<String>,
}

impl Focus {
    pub fn contains(&self, path: &str) -> bool {
        self.notes.contains(path) || self.folders.iter().any(|f| path.starts_with(f.as_str()))
    }
}
