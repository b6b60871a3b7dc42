//! A client that names no folder (no `rootUri`, no `workspaceFolders`):
//! the vault is found from the folder of the first note it opens, as the
//! command line finds a note's vault, and nothing is read before. The
//! server's working folder is never taken for the vault, and `/` or the
//! home folder is walked only when it is marked as a vault (`.obsidian/`
//! or a config in it): a note whose vault would be either without a mark
//! is served with its own folder as the vault, or, when it lies in one of
//! them itself, with the open notes alone.

use super::*;

/// Where the vault comes from.
#[derive(Debug, Clone, Default)]
pub(super) enum Origin {
    /// The folder the client named: its settings are made from it.
    #[default]
    Named,
    /// The client named none, and no note has been opened yet.
    Waiting,
    /// Found from the first note opened.
    Found(Found),
}

/// A vault found from a note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Found {
    /// The vault's root.
    pub(super) root: PathBuf,
    /// The root is not walked: the vault is the open notes.
    pub(super) alone: bool,
}

impl Origin {
    /// `Waiting` when the client names no folder.
    pub(super) fn of(params: &lsp::InitializeParams) -> Origin {
        #[allow(deprecated)] // Older clients send only `rootUri`.
        let named = (params.workspace_folders.as_ref().and_then(|f| f.first()).map(|f| &f.uri))
            .or(params.root_uri.as_ref())
            .and_then(path_of);
        match named {
            Some(_) => Origin::Named,
            None => Origin::Waiting,
        }
    }

    /// Whether the vault is not known yet: nothing may be read.
    pub(super) fn waiting(&self) -> bool {
        matches!(self, Origin::Waiting)
    }
}

/// The vault of the note at `note`: the nearest folder above it holding a
/// root marker, else the git work tree it is in, else its folder, as
/// `check NOTE` finds it; `/` or the home folder only when marked.
/// `None` when its folder does not exist.
pub(super) fn vault_of(note: &Path) -> Option<Found> {
    let folder = note.parent()?.canonicalize().ok()?;
    let found = vaultlint_workspace::root::scope(std::slice::from_ref(&folder), None, &folder).ok()?.root;
    let home = ["HOME", "USERPROFILE"]
        .iter()
        .find_map(|name| std::env::var_os(name).filter(|v| !v.is_empty()))
        .and_then(|home| PathBuf::from(home).canonicalize().ok());
    let too_wide = |dir: &Path| dir.parent().is_none() || home.as_deref() == Some(dir);
    let marked = |dir: &Path| {
        dir.join(".obsidian").is_dir()
            || vaultlint_workspace::root::CONFIG_FILES.iter().any(|f| dir.join(f).is_file())
    };
    Some(match (too_wide(&found) && !marked(&found), too_wide(&folder)) {
        (false, _) => Found { root: found, alone: false },
        (true, false) => Found { root: folder, alone: false },
        (true, true) => Found { root: folder, alone: true },
    })
}

/// The settings of a vault found from a note, its root as found (not
/// looked for again above it); without a config when `isolated`.
fn resolve_found(found: &Found, isolated: bool) -> Result<Settings, String> {
    let paths = [found.root.clone()];
    let flags =
        Flags { paths: &paths, root: Some(&found.root), isolated, no_cache: true, ..Flags::default() };
    let mut settings = Settings::resolve(&flags, &found.root).map_err(|e| match e {
        SettingsError::Usage(reason) => reason,
        SettingsError::Config(error) => messages::config_problem(&error),
    })?;
    settings.alone = found.alone;
    Ok(settings)
}

impl State {
    /// While the vault is not known: when `notification` opens a note on
    /// disk, its vault is found and its settings made (a config that does
    /// not parse is shown, and the vault served without it).
    pub(super) fn find_vault(&mut self, notification: &Notification) {
        if !self.origin.waiting() || notification.method != DidOpenTextDocument::METHOD {
            return;
        }
        let Ok(params) =
            serde_json::from_value::<lsp::DidOpenTextDocumentParams>(notification.params.clone())
        else {
            return;
        };
        let Some(found) = path_of(&params.text_document.uri).and_then(|note| vault_of(&note)) else { return };
        let settings = match resolve_found(&found, false) {
            Ok(settings) => settings,
            Err(reason) => match resolve_found(&found, true) {
                Ok(settings) => {
                    self.show(format!("{reason}; the vault is checked without it until it is fixed"));
                    settings
                }
                Err(reason) => {
                    self.show(reason);
                    return;
                }
            },
        };
        self.settings = settings;
        self.origin = Origin::Found(found);
        self.vault = None;
        // Notes opened before, when no vault was found for them, are
        // named from this one's root, or left out when outside it.
        for (_, open) in std::mem::take(&mut self.open) {
            if let Some(path) = self.vault_path(&open.uri) {
                self.open.insert(path, open);
            }
        }
    }

    /// The settings made again after a config changed: from the folder
    /// the client named, or from the vault found from a note.
    pub(super) fn resolve_again(&self, root: &Path) -> Result<Settings, String> {
        match &self.origin {
            Origin::Found(found) => resolve_found(found, false),
            Origin::Named | Origin::Waiting => resolve(root, false),
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_note_in_no_vault_has_its_folder_for_vault() {
        let dir = std::env::temp_dir().join(format!("vaultlint-rootless-{}", std::process::id()));
        let notes = dir.join("notes");
        std::fs::create_dir_all(&notes).unwrap();
        let notes = notes.canonicalize().unwrap();
        let found = vault_of(&notes.join("a.md")).unwrap();
        // The temporary folder is in no vault; were it in one, it is that.
        if vaultlint_workspace::root::folder_in_no_vault(&notes).is_some() {
            assert_eq!(found, Found { root: notes.clone(), alone: false });
        }
        std::fs::write(notes.join(".vaultlint.toml"), "root = true\n").unwrap();
        let sub = notes.join("sub");
        std::fs::create_dir_all(&sub).unwrap();
        assert_eq!(vault_of(&sub.join("b.md")).unwrap(), Found { root: notes, alone: false });
        assert_eq!(vault_of(Path::new("/no/such/folder/c.md")), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_root_folder_unmarked_is_not_walked() {
        // `/` holds no `.obsidian/` or config on a machine that runs tests.
        let found = vault_of(Path::new("/note.md")).unwrap();
        if !Path::new("/.obsidian").exists() && !Path::new("/vaultlint.toml").exists() {
            assert_eq!(found, Found { root: PathBuf::from("/"), alone: true });
        }
    }
}
