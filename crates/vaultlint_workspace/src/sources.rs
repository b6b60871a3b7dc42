//! The text of notes for whoever needs more of it than a note keeps: the
//! renderers' snippets, and edits to notes whose frontmatter was not kept.

use std::path::Path;
use vaultlint_core::diagnostic::Sources;

/// The text of notes read again from disk, for snippets and diffs. Renderers
/// ask for notes in path order, so the last one read is kept.
/// A file that leads out of the vault (through a link put there since it
/// was read) is never read: no byte of it reaches a snippet.
pub struct FileSources<'v> {
    root: &'v Path,
    /// The root, resolved, that a file must lead into.
    real_root: Option<std::path::PathBuf>,
    last: std::sync::Mutex<Option<(String, Option<std::sync::Arc<str>>)>>,
}

impl<'v> FileSources<'v> {
    /// The notes of the vault at `root`.
    pub fn new(root: &'v Path) -> FileSources<'v> {
        FileSources { root, real_root: root.canonicalize().ok(), last: std::sync::Mutex::new(None) }
    }
}

impl Sources for FileSources<'_> {
    fn text(&self, path: &str) -> Option<std::sync::Arc<str>> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.as_ref().is_none_or(|(p, _)| p != path) {
            // Only a regular file: a named pipe would block the run.
            let file = self.root.join(path);
            let bytes = match &self.real_root {
                Some(root) => crate::files::read_inside(&file, root).ok(),
                None => crate::files::read_regular(&file).ok(),
            };
            let text = bytes.and_then(|b| String::from_utf8(b).ok()).map(std::sync::Arc::from);
            *last = Some((path.to_string(), text));
        }
        last.as_ref().and_then(|(_, text)| text.clone())
    }
}

/// The notes on disk, but one note's text from elsewhere: what an editor
/// holds unsaved, given on standard input.
pub struct Overlay<'v> {
    pub files: FileSources<'v>,
    pub path: String,
    pub text: std::sync::Arc<str>,
}

impl Sources for Overlay<'_> {
    fn text(&self, path: &str) -> Option<std::sync::Arc<str>> {
        if path == self.path { Some(self.text.clone()) } else { self.files.text(path) }
    }
}
