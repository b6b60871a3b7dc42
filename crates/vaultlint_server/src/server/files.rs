//! Files created, changed, renamed and deleted outside the editor's
//! buffers: the watchers the server asks a client to keep
//! (`client/registerCapability` for `workspace/didChangeWatchedFiles`),
//! and the file operations an editor reports of its own
//! (`workspace/didRenameFiles`, `didCreateFiles`, `didDeleteFiles`), each
//! taken in as the events on disk it amounts to.

use super::*;
use lsp_types::notification::{DidCreateFiles, DidDeleteFiles, DidRenameFiles};
use lsp_types::request::RegisterCapability;

/// The id of the server's one registration request.
const REGISTRATION: &str = "vaultlint/watchers";

/// The file operations the server hears of: notes (by the default
/// extensions: the capabilities are sent before any config is read) and
/// folders, which may hold notes.
pub(super) fn file_operations() -> lsp::WorkspaceServerCapabilities {
    let notes = format!("**/*.{{{}}}", vaultlint_core::paths::DEFAULT_EXTENSIONS.join(","));
    let filter = |glob: &str, matches| lsp::FileOperationFilter {
        scheme: Some("file".into()),
        pattern: lsp::FileOperationPattern { glob: glob.into(), matches: Some(matches), options: None },
    };
    let filters = vec![
        filter(&notes, lsp::FileOperationPatternKind::File),
        filter("**/*", lsp::FileOperationPatternKind::Folder),
    ];
    let options = Some(lsp::FileOperationRegistrationOptions { filters });
    lsp::WorkspaceServerCapabilities {
        workspace_folders: None,
        file_operations: Some(lsp::WorkspaceFileOperationsServerCapabilities {
            did_create: options.clone(),
            did_rename: options.clone(),
            did_delete: options.clone(),
            // Asked before the editor renames a note, so that what names it
            // is rewritten in the same change (see `rename`).
            will_rename: options,
            ..lsp::WorkspaceFileOperationsServerCapabilities::default()
        }),
    }
}

/// Asks the client to watch the files the vault is made of, when its
/// capabilities say it takes watchers registered at run time: the notes,
/// the configs, the files of Obsidian's settings that are read, and the
/// dismissal file. A client that does not is asked nothing (it may watch
/// files of its own accord).
pub(super) fn register_watchers(
    connection: &Connection,
    params: &lsp::InitializeParams,
    settings: &Settings,
) -> Result<(), String> {
    let dynamic = (params.capabilities.workspace.as_ref())
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|d| d.dynamic_registration);
    if dynamic != Some(true) {
        return Ok(());
    }
    let extensions = match &settings.walk.extensions[..] {
        [] => vaultlint_core::paths::DEFAULT_EXTENSIONS.join(","),
        some => some.join(","),
    };
    let dismissals = settings.dismissals.file_name().map(|n| n.to_string_lossy().into_owned());
    // Obsidian's files that are read, not `workspace.json`, which it
    // rewrites as panes move.
    let obsidian = vaultlint_model::obsidian::FILES.iter().map(|f| format!("**/.obsidian/{f}"));
    let globs = [format!("**/*.{{{extensions}}}"), "**/{vaultlint.toml,.vaultlint.toml}".into()]
        .into_iter()
        .chain(obsidian)
        .chain(dismissals.map(|name| format!("**/{name}")));
    let watchers: Vec<lsp::FileSystemWatcher> = globs
        .map(|glob| lsp::FileSystemWatcher { glob_pattern: lsp::GlobPattern::String(glob), kind: None })
        .collect();
    let options = lsp::DidChangeWatchedFilesRegistrationOptions { watchers };
    let registration = lsp::Registration {
        id: REGISTRATION.into(),
        method: DidChangeWatchedFiles::METHOD.into(),
        register_options: Some(serde_json::to_value(options).map_err(|e| e.to_string())?),
    };
    let params = lsp::RegistrationParams { registrations: vec![registration] };
    let request = Request::new(REGISTRATION.to_string().into(), RegisterCapability::METHOD.into(), params);
    connection.sender.send(Message::Request(request)).map_err(|e| e.to_string())
}

/// A file created, changed or deleted.
fn event(uri: &str, typ: lsp::FileChangeType) -> Option<lsp::FileEvent> {
    Some(lsp::FileEvent { uri: uri.parse().ok()?, typ })
}

impl State {
    /// Takes in a file operation the editor made (a rename is its old file
    /// deleted and its new one created, a folder's as much as a note's);
    /// whether the vault must be checked again. Any other notification is
    /// handed back.
    pub(super) fn file_operation(
        &mut self,
        notification: Notification,
        root: &Path,
    ) -> Result<bool, Notification> {
        use lsp::FileChangeType as Change;
        let events: Vec<lsp::FileEvent> = match params_of::<DidRenameFiles>(notification) {
            Ok(params) => (params.into_iter().flat_map(|p| p.files))
                .flat_map(|f| [event(&f.old_uri, Change::DELETED), event(&f.new_uri, Change::CREATED)])
                .flatten()
                .collect(),
            Err(other) => match params_of::<DidCreateFiles>(other) {
                Ok(params) => (params.into_iter().flat_map(|p| p.files))
                    .filter_map(|f| event(&f.uri, Change::CREATED))
                    .collect(),
                Err(other) => match params_of::<DidDeleteFiles>(other) {
                    Ok(params) => (params.into_iter().flat_map(|p| p.files))
                        .filter_map(|f| event(&f.uri, Change::DELETED))
                        .collect(),
                    Err(other) => return Err(other),
                },
            },
        };
        if events.is_empty() {
            return Ok(false);
        }
        self.on_disk(&events, root);
        Ok(true)
    }

    /// Whether a change to `uri`, which names no note of the vault, leaves
    /// the notes as they are: the dismissal file (read at every check), a
    /// file or folder under `.obsidian/` (the settings read there are
    /// taken first), or any other file that is there. Something gone that
    /// is not a note may have been a folder of notes.
    pub(super) fn changes_no_note(&self, uri: &lsp::Uri) -> bool {
        let Some(file) = path_of(uri) else { return true };
        file == self.settings.dismissals
            || file.starts_with(self.settings.root().join(".obsidian"))
            || file.is_file()
    }
}
