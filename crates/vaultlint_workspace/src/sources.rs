//! The text of notes for whoever needs more of it than a note keeps: the
//! renderers' snippets, and edits to notes whose frontmatter was not kept.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use vaultlint_core::diagnostic::Sources;

/// The text of notes read again from disk, for snippets and diffs. Renderers
/// ask for notes in path order, so the last one read is kept. It may be
/// asked from several threads at once: no lock is held while a file is read.
/// A file that leads out of the vault (through a link put there since it
/// was read) is never read: no byte of it reaches a snippet.
pub struct FileSources<'v> {
    root: &'v Path,
    /// The root, resolved, that a file must lead into.
    real_root: Option<PathBuf>,
    last: Mutex<Option<(String, Option<Arc<str>>)>>,
    /// Whether each folder a file was read from resolves inside the root:
    /// a vault has far fewer folders than notes, and resolving a path asks
    /// the system once for each of its parts.
    folders: Mutex<HashMap<PathBuf, bool>>,
}

impl<'v> FileSources<'v> {
    /// The notes of the vault at `root`.
    pub fn new(root: &'v Path) -> FileSources<'v> {
        FileSources {
            root,
            real_root: root.canonicalize().ok(),
            last: Mutex::default(),
            folders: Mutex::default(),
        }
    }

    /// The bytes of the note at `file`, unless it leads out of the vault
    /// or is not a regular file.
    fn read(&self, file: &Path) -> Option<Vec<u8>> {
        let Some(root) = &self.real_root else { return crate::files::read_regular(file).ok() };
        let link = std::fs::symlink_metadata(file).ok()?.file_type().is_symlink();
        let out = match file.parent() {
            // A link is resolved whole; a file only through its folder.
            Some(folder) if !link => {
                let known = lock(&self.folders).get(folder).copied();
                known.unwrap_or_else(|| {
                    let out = crate::files::leads_out(folder, root);
                    lock(&self.folders).insert(folder.to_path_buf(), out);
                    out
                })
            }
            _ => crate::files::leads_out(file, root),
        };
        if out { None } else { crate::files::read_regular(file).ok() }
    }
}

/// The value behind `mutex`, even if a thread panicked while holding it:
/// what it guards is a memo, whole after every write.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Sources for FileSources<'_> {
    fn text(&self, path: &str) -> Option<Arc<str>> {
        if let Some((p, text)) = lock(&self.last).as_ref()
            && p == path
        {
            return text.clone();
        }
        let bytes = self.read(&self.root.join(path));
        let text: Option<Arc<str>> = bytes.and_then(|b| String::from_utf8(b).ok()).map(Arc::from);
        *lock(&self.last) = Some((path.to_string(), text.clone()));
        text
    }

    fn in_another_vault(&self, path: &str) -> bool {
        let (Some(root), Some(folder)) =
            (&self.real_root, self.root.join(path).parent().map(Path::to_path_buf))
        else {
            return false;
        };
        let folder = folder.canonicalize().unwrap_or(folder);
        crate::root::vault_above(&folder).is_some_and(|vault| vault != *root)
    }
}

/// The notes on disk, but one note's text from elsewhere: what an editor
/// holds unsaved, given on standard input.
pub struct Overlay<'v> {
    pub files: FileSources<'v>,
    pub path: String,
    pub text: Arc<str>,
}

impl Sources for Overlay<'_> {
    fn text(&self, path: &str) -> Option<Arc<str>> {
        if path == self.path { Some(self.text.clone()) } else { self.files.text(path) }
    }

    fn in_another_vault(&self, path: &str) -> bool {
        self.files.in_another_vault(path)
    }
}
