//! `vaultlint server`: the Language Server Protocol over a connection the
//! binary opens on stdio. Diagnostics for every open note, from the
//! editor's text of open notes and the disk for the rest, on open, change
//! and save; code actions for the findings on the lines asked about,
//! from the fix model and a broken declaration's candidates, planned on
//! the editor's text at the time they are asked for; go to definition on
//! a declaration or a link; hover on a declaration; completion inside a
//! successor value and inside a body's wikilink, each item an edit that
//! writes the whole value or link valid (`completion`); references to a
//! note (the declarations naming it either way and the body links to it),
//! rename on a declaration value (the note's file renamed), and
//! `workspace/willRenameFiles` for notes and folders, each keeping every
//! declaration and link to a moved note leading to it, in the form it
//! was written in (`rename`). It never writes a file: edits reach the
//! editor as workspace edits.
//!
//! The vault is read from disk once and kept: an edit puts the one note
//! in place (its index entries updated, not rebuilt) and resolves again
//! only its own declarations (all of them when the names notes go by
//! changed), a file changed on disk is read again alone, and the graph is
//! assembled from the kept resolutions; the rules run over the vault in
//! memory (a change in one note can break or heal a declaration in
//! another), reporting on the open notes only. The similarity pass, which
//! reads every note, runs on open and save, not on each keystroke. A
//! change is checked once nothing has arrived for the debounce time
//! (`initializationOptions.debounceMs`, default 150), so a burst of
//! keystrokes costs one check.
//!
//! Files change on disk as `workspace/didChangeWatchedFiles` reports
//! them (the server registers watchers for the notes, the configs, the
//! `.obsidian/` files it reads and the dismissal file when the client
//! takes dynamic registration) or as the editor's own file operations,
//! `workspace/didRenameFiles`, `didCreateFiles` and `didDeleteFiles`
//! ([`files`]): a renamed note leaves the vault under its old path and
//! enters it under its new one, a deleted note leaves it, a created one
//! enters it, a file that is no note changes nothing, and anything else (a
//! folder) has the vault read again.
//!
//! The configs and the `.obsidian/` settings are read again when the
//! client reports one changed or saved one; the dismissal file is read at
//! every check. A config that does not parse is shown in a window message
//! naming its file, line and column: a root config's, and the vault served
//! without it; a subfolder config's, which also gets a diagnostic of its
//! own, and no note is checked until it is fixed. The cache is off. `exit`
//! without `shutdown` ends it with status 1.
//!
//! Reading the vault is shown as work done progress (`$/progress`: begin,
//! a report per phase and every few thousand notes, end) to a client that
//! says it shows it ([`messages`]). Diagnostics are pushed, or pulled by a
//! client that says it pulls (`textDocument/diagnostic` for a note open or
//! on disk, `workspace/diagnostic` for every note with findings), which is
//! then asked to pull again after each check ([`pull`]). A client that
//! names no folder gets the vault of the first note it opens, found as
//! `check NOTE` finds it, never `/` or the home folder unmarked
//! ([`rootless`]).
//!
//! On stdio ([`serve_stdio`]) a message is read only once its header is
//! known to declare at most [`MAX_MESSAGE_BYTES`]: a larger one ends the
//! server with an error before anything is allocated for it.

use lsp_server::{Connection, ErrorCode, ExtractError, Message, Notification, Request, Response};
use lsp_types as lsp;
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, Exit, Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{
    CodeActionRequest, Completion, GotoDefinition, HoverRequest, PrepareRenameRequest, References,
    Request as _, WillRenameFiles,
};
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;
use vaultlint_analysis::rules::supersession;
use vaultlint_analysis::suggest;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Diagnostic, Edit, Fix, Severity, Sources, Span};
use vaultlint_core::lines::{LineIndex, Utf16Position};
use vaultlint_core::progress::Silent;
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::{NoteId, Resolution, Vault};
use vaultlint_syntax::note::Note;
use vaultlint_workspace::commands::{self, check};
use vaultlint_workspace::config::ConfigError;
use vaultlint_workspace::settings::{Flags, Settings, SettingsError};

mod completion;
mod files;
mod messages;
mod pull;
mod rename;
mod rootless;

/// The debounce when the client sets none.
const DEBOUNCE: Duration = Duration::from_millis(150);

/// What the server knows between messages.
struct State {
    settings: Settings,
    /// Open notes by vault path: their URI and the editor's text.
    open: BTreeMap<String, Open>,
    /// The vault as the editor sees it: the disk, with the open notes'
    /// text in place; `None` until read, or after the config changed.
    vault: Option<(Vault, vaultlint_analysis::rules::Options)>,
    /// Each note's declarations, resolved: an edit resolves again only
    /// the note edited, unless the names notes go by changed.
    declarations: Option<Vec<Vec<vaultlint_model::graph::Declared>>>,
    /// The last check: the vault's graph, and the findings (sorted, so
    /// by path).
    checked: Option<(Graph, Vec<Diagnostic>)>,
    /// How many times a note's text changed, in the editor or on disk;
    /// counted so that nothing is planned on findings of an older text.
    text_changes: u64,
    /// `text_changes` when the last check ran: its spans and fixes are
    /// offsets into the texts of then.
    checked_at: u64,
    /// The suspected versions the last similarity pass found, without
    /// their fixes: the text they were planned on may have changed since.
    suspected: Vec<Diagnostic>,
    /// Whether the next check runs the similarity pass.
    similarity_due: bool,
    /// Notes given diagnostics last time, to clear those fixed or closed.
    published: Vec<String>,
    /// The config in a subfolder that kept the vault from being read at
    /// the last check: published as a diagnostic on that file.
    invalid_config: Option<ConfigError>,
    /// The config file given a diagnostic last time, to clear it once the
    /// vault can be read again.
    published_config: Option<lsp::Uri>,
    /// Problems to show the user in a window message at the next publish.
    to_show: Vec<String>,
    /// The last problem shown, not shown again while it stands.
    shown: Option<String>,
    /// Whether a note new to the vault was opened since the last check:
    /// it is put in the vault then ([`State::set_text`]).
    unplaced: bool,
    /// Whether the client applies file renames in workspace edits, as
    /// `textDocument/rename` needs.
    renames_files: bool,
    /// The progress of reading the vault, for a client that shows it.
    work_done: messages::WorkDone,
    /// Whether the client pulls its diagnostics.
    pulling: pull::Pulling,
    /// Where the vault comes from: the folder the client named, or the
    /// first note it opens.
    origin: rootless::Origin,
}

/// How a session with the client ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// `exit` after `shutdown`, as the protocol asks.
    ShutDown,
    /// `exit` without `shutdown` first.
    ExitWithoutShutdown,
    /// The client closed the connection without `exit`.
    Disconnected,
}

impl Ending {
    /// The exit status the protocol asks for: 0 after `shutdown`, 1
    /// otherwise.
    pub fn status(self) -> u8 {
        match self {
            Ending::ShutDown => 0,
            Ending::ExitWithoutShutdown | Ending::Disconnected => 1,
        }
    }
}

/// The largest message the server reads, in bytes: 64 MiB, thousands of
/// times a long note.
pub const MAX_MESSAGE_BYTES: u64 = 64 << 20;

/// How many messages to the client may wait to be written: past them,
/// the server waits for the client to read. A client that reads slower
/// than it asks (or not at all) then cannot make the server hold every
/// answer it has not read yet: code actions asked for a thousand times
/// over a note with many findings were a hundred megabytes waiting.
const WAITING_TO_WRITE: usize = 16;

/// The longest header line read, in bytes; LSP's are a few dozen.
const MAX_HEADER_LINE: u64 = 1024;

/// The most header lines one message may have; LSP defines two.
const MAX_HEADERS: usize = 16;

/// Serves the client on standard input and output until it shuts the
/// server down. Messages are read by [`read_message`], so a malformed
/// frame or one over [`MAX_MESSAGE_BYTES`] ends the server with that
/// reason as the error. `cwd` is the server's working folder; it is not
/// taken for the vault when the client names no workspace (the first note
/// opened says which vault it is).
pub fn serve_stdio(cwd: &Path) -> Result<Ending, String> {
    // What the client sends is read as it comes, whatever the server is
    // doing, so that a client never waits on its writes; what the server
    // sends waits for the client (`WAITING_TO_WRITE`).
    let (to_server, receiver) = crossbeam_channel::unbounded();
    let (sender, from_server) = crossbeam_channel::bounded(WAITING_TO_WRITE);
    let server = Connection { sender, receiver };
    // The reader's reason is sent before it lets go of `to_server`: once
    // `run` sees the connection closed, the reason is there to be read.
    let (failed, failure) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        loop {
            match read_message(&mut stdin) {
                Ok(Some(message)) => {
                    let exit = matches!(&message, Message::Notification(n) if n.method == Exit::METHOD);
                    if to_server.send(message).is_err() || exit {
                        return;
                    }
                }
                Ok(None) => return,
                Err(reason) => {
                    let _ = failed.send(reason);
                    return;
                }
            }
        }
    });
    let writer = std::thread::spawn(move || -> std::io::Result<()> {
        let mut stdout = std::io::stdout().lock();
        from_server.into_iter().try_for_each(|message| message.write(&mut stdout))
    });
    let served = run(server, cwd);
    // `run` has let go of its end: the writer ends once it wrote the rest.
    let written = writer.join();
    if let Ok(reason) = failure.try_recv() {
        return Err(reason);
    }
    let ending = served?;
    match written {
        Ok(Ok(())) => Ok(ending),
        Ok(Err(e)) => Err(format!("cannot write to the client: {e}")),
        Err(_) => Err("the writer to the client failed".into()),
    }
}

/// Reads one message framed as LSP frames them: header lines ending in
/// `\r\n`, one of them `Content-Length: N`, a blank line, then N bytes of
/// JSON. `Ok(None)` when the input ends before a message. A length over
/// [`MAX_MESSAGE_BYTES`] is refused as soon as its header is read, and the
/// body is read as it arrives, so memory follows the bytes sent, never
/// the length declared; header lines are bounded too.
fn read_message(input: &mut impl BufRead) -> Result<Option<Message>, String> {
    let mut length = None;
    let mut headers = 0;
    loop {
        let mut line = Vec::new();
        input
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read from the client: {e}"))?;
        if line.is_empty() && headers == 0 {
            return Ok(None);
        }
        let Some(line) = line.strip_suffix(b"\r\n") else {
            return Err(match line.len() as u64 {
                0 => "the input ended inside a message's header".into(),
                MAX_HEADER_LINE => format!("a message's header line is over {MAX_HEADER_LINE} bytes"),
                _ => format!(
                    "a message's header line does not end in CRLF: {:?}",
                    String::from_utf8_lossy(&line)
                ),
            });
        };
        if line.is_empty() {
            break;
        }
        headers += 1;
        if headers > MAX_HEADERS {
            return Err(format!("a message has over {MAX_HEADERS} header lines"));
        }
        let line = String::from_utf8_lossy(line);
        let Some((name, value)) = line.split_once(':') else {
            return Err(format!("a message's header line is not `name: value`: {line:?}"));
        };
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            let value = value.trim();
            let declared: u64 = value.parse().map_err(|_| format!("invalid Content-Length {value:?}"))?;
            if declared > MAX_MESSAGE_BYTES {
                return Err(format!(
                    "a message declares {declared} bytes, over the limit of {MAX_MESSAGE_BYTES} bytes"
                ));
            }
            length = Some(declared);
        }
    }
    let length = length.ok_or("a message has no Content-Length header")?;
    let mut body = Vec::new();
    input
        .by_ref()
        .take(length)
        .read_to_end(&mut body)
        .map_err(|e| format!("cannot read from the client: {e}"))?;
    if (body.len() as u64) < length {
        return Err(format!("the input ended {} bytes into a message of {length}", body.len()));
    }
    serde_json::from_slice(&body).map(Some).map_err(|e| format!("a message is not JSON-RPC: {e}"))
}

/// Serves `connection` until the client shuts it down, exits, or lets go
/// of the connection; how it ended. `cwd` is the server's working folder,
/// never read as the vault: a client that names no workspace is served the
/// vault of the first note it opens. A root config that cannot be read
/// is shown to the user, and the vault served without it until it is
/// fixed.
pub fn run(connection: Connection, cwd: &Path) -> Result<Ending, String> {
    let capabilities = capabilities();
    let capabilities = serde_json::to_value(capabilities).map_err(|e| e.to_string())?;
    let params = connection.initialize(capabilities).map_err(|e| e.to_string())?;
    let params: lsp::InitializeParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
    let root = workspace_root(&params, cwd);
    let origin = rootless::Origin::of(&params);
    // Without a folder named, nothing is read until a note is opened.
    let (settings, unread) = match resolve(&root, origin.waiting()) {
        Ok(settings) => (settings, None),
        Err(reason) => (resolve(&root, true)?, Some(reason)),
    };
    let debounce = params
        .initialization_options
        .as_ref()
        .and_then(|o| o["debounceMs"].as_u64())
        .map_or(DEBOUNCE, Duration::from_millis);
    files::register_watchers(&connection, &params, &settings)?;
    let mut state = State::new(settings);
    state.renames_files = rename::renames_files(&params.capabilities);
    state.work_done = messages::WorkDone::for_client(&params, &connection);
    state.pulling = pull::Pulling::of(&params);
    state.origin = origin;
    if let Some(reason) = unread {
        state.show(format!("{reason}; the vault is checked without it until it is fixed"));
        show_waiting(&connection, &mut state)?;
    }
    let mut changed = false;
    loop {
        // While a change waits, a quiet debounce time checks it.
        let message = if changed {
            match connection.receiver.recv_timeout(debounce) {
                Ok(message) => message,
                Err(e) if e.is_timeout() => {
                    state.check();
                    publish(&connection, &mut state)?;
                    changed = false;
                    continue;
                }
                Err(_) => return Ok(Ending::Disconnected),
            }
        } else {
            match connection.receiver.recv() {
                Ok(message) => message,
                Err(_) => return Ok(Ending::Disconnected),
            }
        };
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request).map_err(|e| e.to_string())? {
                    return Ok(Ending::ShutDown);
                }
                // A request is answered from the text it was sent after;
                // a file renamed before any note was opened, from the
                // vault read for it.
                let unread = state.checked.is_none() && request.method == WillRenameFiles::METHOD;
                if changed || unread {
                    state.check();
                    publish(&connection, &mut state)?;
                    changed = false;
                }
                let response = state.answer_pull(request).unwrap_or_else(|request| state.answer(request));
                connection.sender.send(Message::Response(response)).map_err(|e| e.to_string())?;
            }
            Message::Notification(notification) if notification.method == Exit::METHOD => {
                return Ok(Ending::ExitWithoutShutdown);
            }
            Message::Notification(notification) => {
                state.find_vault(&notification);
                changed |= state.notice(notification, &root);
                // A problem found in taking it in (a config changed on
                // disk that does not parse) is shown at once.
                show_waiting(&connection, &mut state)?;
            }
            Message::Response(_) => {}
        }
    }
}

impl State {
    /// A server with `settings`, no note open and nothing read yet.
    fn new(settings: Settings) -> State {
        State {
            settings,
            open: BTreeMap::new(),
            vault: None,
            declarations: None,
            checked: None,
            text_changes: 0,
            checked_at: 0,
            suspected: Vec::new(),
            similarity_due: true,
            published: Vec::new(),
            invalid_config: None,
            published_config: None,
            to_show: Vec::new(),
            shown: None,
            unplaced: false,
            renames_files: false,
            work_done: messages::WorkDone::none(),
            pulling: pull::Pulling::default(),
            origin: rootless::Origin::default(),
        }
    }
}

/// The folder the client opened (its first workspace folder, or its root
/// URI), else `cwd`, whose settings stand (without a config) until a note
/// is opened.
fn workspace_root(params: &lsp::InitializeParams, cwd: &Path) -> PathBuf {
    #[allow(deprecated)] // Older clients send only `rootUri`.
    params
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .map(|f| &f.uri)
        .or(params.root_uri.as_ref())
        .and_then(path_of)
        .unwrap_or_else(|| cwd.to_path_buf())
}

/// What the server offers: full-text sync with open, close and save
/// notices, quick fixes, go to definition, hover, and completion.
fn capabilities() -> lsp::ServerCapabilities {
    let sync = lsp::TextDocumentSyncOptions {
        open_close: Some(true),
        change: Some(lsp::TextDocumentSyncKind::FULL),
        save: Some(lsp::TextDocumentSyncSaveOptions::SaveOptions(lsp::SaveOptions {
            include_text: Some(false),
        })),
        ..lsp::TextDocumentSyncOptions::default()
    };
    let actions = lsp::CodeActionOptions {
        code_action_kinds: Some(vec![lsp::CodeActionKind::QUICKFIX]),
        ..lsp::CodeActionOptions::default()
    };
    let completion = lsp::CompletionOptions {
        trigger_characters: Some([":", " ", "[", "#", "\"", "'"].map(String::from).to_vec()),
        ..lsp::CompletionOptions::default()
    };
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(sync)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(actions)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(completion),
        references_provider: Some(lsp::OneOf::Left(true)),
        rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: lsp::WorkDoneProgressOptions::default(),
        })),
        diagnostic_provider: Some(pull::diagnostic_provider()),
        workspace: Some(files::file_operations()),
        ..lsp::ServerCapabilities::default()
    }
}

/// The request answered by `answer` when it is of type `R`; the request
/// back, untouched, when it is another. Parameters that do not parse are
/// answered with `InvalidParams`.
fn serve<R: lsp::request::Request>(
    request: Request,
    answer: impl FnOnce(R::Params) -> R::Result,
) -> Result<Response, Request> {
    let id = request.id.clone();
    match request.extract::<R::Params>(R::METHOD) {
        Ok((id, params)) => Ok(Response::new_ok(id, answer(params))),
        Err(ExtractError::MethodMismatch(request)) => Err(request),
        Err(ExtractError::JsonError { method, error }) => Ok(Response::new_err(
            id,
            ErrorCode::InvalidParams as i32,
            format!("invalid parameters for {method}: {error}"),
        )),
    }
}

/// The parameters of a notification of type `N` (`Ok(None)` when they do
/// not parse); the notification back when it is another.
fn params_of<N: lsp::notification::Notification>(
    notification: Notification,
) -> Result<Option<N::Params>, Notification> {
    match notification.extract::<N::Params>(N::METHOD) {
        Ok(params) => Ok(Some(params)),
        Err(ExtractError::MethodMismatch(notification)) => Err(notification),
        Err(ExtractError::JsonError { .. }) => Ok(None),
    }
}

/// How the server reads notes: with their fingerprints when the similarity
/// pass may run, and their links.
fn reading(settings: &Settings) -> vaultlint_syntax::note::Reading<'_> {
    settings.reading(settings.suspects_versions(), false, true)
}

/// After the note at `path` was put in `vault`: its declarations resolved
/// again, or all of them forgotten when `renamed` says other notes' values
/// may resolve differently now.
fn refresh(
    declarations: &mut Option<Vec<Vec<vaultlint_model::graph::Declared>>>,
    vault: &Vault,
    path: &str,
    renamed: bool,
) {
    match (declarations.as_mut(), vault.id_of(path)) {
        (Some(all), Some(id)) if !renamed && all.len() == vault.notes.len() => {
            all[id] = vaultlint_model::graph::declarations_of(vault, id);
        }
        _ => *declarations = None,
    }
}

/// The settings for a vault at `root`, as the command line would make
/// them with `--no-cache` (the server writes no file), and with
/// `--isolated` when `isolated`: without a config.
fn resolve(root: &Path, isolated: bool) -> Result<Settings, String> {
    let paths = [root.to_path_buf()];
    let flags = Flags { paths: &paths, isolated, no_cache: true, ..Flags::default() };
    Settings::resolve(&flags, root).map_err(|e| match e {
        SettingsError::Usage(reason) => reason,
        SettingsError::Config(error) => messages::config_problem(&error),
    })
}

impl State {
    /// Takes a notification in; whether the vault must be checked again.
    fn notice(&mut self, notification: Notification, root: &Path) -> bool {
        let notification = match params_of::<DidOpenTextDocument>(notification) {
            Ok(params) => {
                let Some(p) = params else { return false };
                // A note newly shown gets its suspected versions too.
                self.similarity_due = true;
                return self.set_text(p.text_document.uri, p.text_document.text);
            }
            Err(other) => other,
        };
        let notification = match params_of::<DidChangeTextDocument>(notification) {
            Ok(params) => {
                let Some(p) = params else { return false };
                // Full sync: the last change holds the whole text.
                return match p.content_changes.into_iter().last() {
                    Some(change) => self.set_text(p.text_document.uri, change.text),
                    None => false,
                };
            }
            Err(other) => other,
        };
        let notification = match params_of::<DidCloseTextDocument>(notification) {
            Ok(params) => {
                let Some(p) = params else { return false };
                let Some(path) = self.vault_path(&p.text_document.uri) else { return false };
                // What the vault holds of it is the disk's again.
                return self.open.remove(&path).is_some() && {
                    self.read_again(&path);
                    true
                };
            }
            Err(other) => other,
        };
        let notification = match params_of::<DidSaveTextDocument>(notification) {
            Ok(params) => {
                self.similarity_due = true;
                let saved = params.and_then(|p| path_of(&p.text_document.uri));
                if saved.is_some_and(|f| self.is_settings(&f)) {
                    self.settings_changed(root);
                }
                return true;
            }
            Err(other) => other,
        };
        let notification = match self.file_operation(notification, root) {
            Ok(changed) => return changed,
            Err(other) => other,
        };
        match params_of::<DidChangeWatchedFiles>(notification) {
            Ok(Some(p)) => {
                self.on_disk(&p.changes, root);
                true
            }
            Ok(None) | Err(_) => false,
        }
    }

    /// Files changed on disk: a note is read again alone (an open one keeps
    /// the editor's text); a file that is no note changes nothing
    /// ([`State::changes_no_note`]); a config, or anything else (a folder),
    /// makes the whole vault be read again.
    fn on_disk(&mut self, changes: &[lsp::FileEvent], root: &Path) {
        self.similarity_due = true;
        if changes.iter().any(|c| path_of(&c.uri).is_some_and(|f| self.is_settings(&f))) {
            self.settings_changed(root);
            return;
        }
        for change in changes {
            match self.vault_path(&change.uri) {
                Some(path) if self.open.contains_key(&path) => {}
                Some(path) => self.read_again(&path),
                None if self.changes_no_note(&change.uri) => {}
                None => self.vault = None,
            }
        }
    }

    /// Whether `file` holds settings: a config, or one of the files of the
    /// vault's Obsidian settings that are read (not `workspace.json`, which
    /// Obsidian rewrites as panes move).
    fn is_settings(&self, file: &Path) -> bool {
        let is_config = vaultlint_workspace::config::FILES
            .iter()
            .chain(vaultlint_workspace::root::CONFIG_FILES)
            .any(|n| file.ends_with(n));
        let obsidian = self.settings.root().join(".obsidian");
        is_config || vaultlint_model::obsidian::FILES.iter().any(|f| file == obsidian.join(f))
    }

    /// A config or Obsidian's settings changed: the settings are made
    /// again, and the vault read again under them. Settings that cannot
    /// be made are shown to the user, and the ones before kept.
    fn settings_changed(&mut self, root: &Path) {
        match self.resolve_again(root) {
            Ok(settings) => {
                self.settings = settings;
                self.shown = None;
            }
            Err(reason) => self.show(format!("{reason}; the settings before it still hold")),
        }
        self.vault = None;
    }

    /// Shows `problem` to the user at the next publish, unless it is the
    /// one shown last.
    fn show(&mut self, problem: String) {
        if self.shown.as_ref() != Some(&problem) {
            self.shown = Some(problem.clone());
            self.to_show.push(problem);
        }
    }

    /// Puts the note at `path` in the vault as the disk has it now, or
    /// takes it out when it is gone.
    fn read_again(&mut self, path: &str) {
        self.text_changes += 1;
        let reading = reading(&self.settings);
        let Some((vault, _)) = &mut self.vault else { return };
        let file = self.settings.root().join(path);
        if file.is_file() {
            let renamed = vault.put(vaultlint_workspace::load::read_note(&file, path.to_string(), reading));
            refresh(&mut self.declarations, vault, path, renamed);
        } else {
            vault.remove(path);
            self.declarations = None;
        }
    }

    /// The editor's text of the note at `uri`, put in the vault in place
    /// of the disk's. A note new to the vault (one not saved yet) is put
    /// in at the next check, with any others opened since: each note new
    /// to the vault has its indexes built again, and a flood of them
    /// built them once a note.
    fn set_text(&mut self, uri: lsp::Uri, text: String) -> bool {
        let Some(path) = self.vault_path(&uri) else { return false };
        self.text_changes += 1;
        if let Some((vault, _)) = &mut self.vault {
            if vault.id_of(&path).is_some() {
                let renamed = vault.put(Note::parse_with(path.clone(), &text, reading(&self.settings)));
                refresh(&mut self.declarations, vault, &path, renamed);
            } else {
                self.unplaced = true;
            }
        }
        self.open.insert(path, Open::new(uri, text));
        true
    }

    /// The vault path of a `file:` URI inside the vault, with a note's extension.
    fn vault_path(&self, uri: &lsp::Uri) -> Option<String> {
        self.settings.note_path(&path_of(uri)?).ok()
    }

    /// Checks the vault in memory (reading it first if it is not), for the
    /// open notes; the similarity pass only when it is due.
    fn check(&mut self) {
        if self.origin.waiting() {
            return;
        }
        if self.vault.is_none() {
            let reading = reading(&self.settings);
            let task = self.work_done.begin("Reading the vault");
            let loaded = commands::load(&self.settings, reading, &task);
            let commands::Loaded { mut vault, rules, .. } = match loaded {
                Ok(loaded) => loaded,
                Err(problem) => {
                    // A config in a subfolder that does not parse, say.
                    match problem {
                        SettingsError::Config(error) => {
                            let problem = messages::config_problem(&error);
                            self.show(format!("{problem}; no note is checked until it is fixed"));
                            self.invalid_config = Some(*error);
                        }
                        SettingsError::Usage(reason) => self.show(reason),
                    }
                    self.checked = None;
                    return;
                }
            };
            self.invalid_config = None;
            self.shown = None;
            let open =
                self.open.iter().map(|(path, open)| Note::parse_with(path.clone(), open.text(), reading));
            vault.put_all(open);
            self.vault = Some((vault, rules));
            self.declarations = None;
            self.similarity_due = true;
            self.unplaced = false;
            drop(task);
        }
        if std::mem::take(&mut self.unplaced)
            && let Some((vault, _)) = &mut self.vault
        {
            let reading = reading(&self.settings);
            let new: Vec<Note> = (self.open.iter())
                .filter(|(path, _)| vault.id_of(path).is_none())
                .map(|(path, open)| Note::parse_with(path.clone(), open.text(), reading))
                .collect();
            if vault.put_all(new) {
                self.declarations = None;
            }
        }
        let Some((vault, rules)) = &self.vault else { return };
        let mut settings = self.settings.clone();
        let notes = self.open.keys().cloned().collect();
        settings.scope.focus = Some(vaultlint_model::focus::Focus { notes, folders: Vec::new() });
        let suggesting = self.similarity_due && settings.suspects_versions();
        let declarations = self.declarations.get_or_insert_with(|| {
            (0..vault.notes.len()).map(|id| vaultlint_model::graph::declarations_of(vault, id)).collect()
        });
        let graph = Graph::assemble(vault, declarations);
        let mut found = check::analyse_with_graph(
            vault,
            &graph,
            &settings,
            rules,
            &Default::default(),
            suggesting,
            &Silent,
        )
        .diagnostics;
        let suspected = |d: &&Diagnostic| d.code == Code::SuspectedVersion;
        if suggesting {
            let unfixed = |d: &Diagnostic| Diagnostic { fix: None, ..d.clone() };
            self.suspected = found.iter().filter(suspected).map(unfixed).collect();
            self.similarity_due = false;
        } else {
            let open = |d: &&Diagnostic| self.open.contains_key(&d.path);
            found.extend(self.suspected.iter().filter(open).cloned());
            vaultlint_core::diagnostic::sort(&mut found);
        }
        self.checked = Some((graph, found));
        self.checked_at = self.text_changes;
    }

    /// Answers a request.
    fn answer(&self, request: Request) -> Response {
        serve::<CodeActionRequest>(request, |p| Some(self.actions(p)))
            .or_else(|request| serve::<GotoDefinition>(request, |p| self.definition(p)))
            .or_else(|request| serve::<HoverRequest>(request, |p| self.hover(p)))
            .or_else(|request| serve::<Completion>(request, |p| Some(self.complete(p))))
            .or_else(|request| serve::<References>(request, |p| self.references(p)))
            .or_else(|request| serve::<PrepareRenameRequest>(request, |p| self.prepare_rename(p)))
            .or_else(|request| serve::<WillRenameFiles>(request, |p| self.will_rename(p)))
            .or_else(|request| self.serve_rename(request))
            .unwrap_or_else(|request| {
                let message = format!("{} is not served", request.method);
                Response::new_err(request.id, ErrorCode::MethodNotFound as i32, message)
            })
    }

    /// The open note at `uri`: its vault path, what the editor holds of
    /// it, and its id in the last check.
    fn document(&self, uri: &lsp::Uri) -> Option<(&str, &Open, NoteId, &Vault)> {
        let path = self.vault_path(uri)?;
        let (path, open) = self.open.get_key_value(&path)?;
        let (vault, _) = self.vault.as_ref()?;
        Some((path, open, vault.id_of(path)?, vault))
    }

    /// Quick fixes for the findings on the lines of the range, and for
    /// those the client names in its context: each finding's fix, the
    /// notes a broken declaration may have meant, and a comment that
    /// suppresses its rule in this note. Matched by line, not by column:
    /// an editor asks with the cursor's place, which is seldom inside the
    /// finding's span (Neovim asks at the start of the line).
    fn actions(&self, p: lsp::CodeActionParams) -> lsp::CodeActionResponse {
        let Some((path, open, _, _)) = self.document(&p.text_document.uri) else { return Vec::new() };
        let text = open.text();
        let Some((_, found)) = &self.checked else { return Vec::new() };
        if self.checked_at != self.text_changes {
            // The findings' offsets are into an older text.
            return Vec::new();
        }
        let (first, last) = lines_of(p.range);
        let mut actions = Vec::new();
        for d in found_on(found, path) {
            let span = d.span.map_or(0..0, |s| s.range());
            let range = open.range(span.start, span.end);
            let (start, end) = lines_of(range);
            let named = p.context.diagnostics.iter().any(|c| {
                c.range == range && c.code == Some(lsp::NumberOrString::String(d.code.name().into()))
            });
            if !named && (start > last || end < first) {
                continue;
            }
            let uri = &p.text_document.uri;
            if let Some(fix) = self.fix_now(d, path, text) {
                let range = open.range(fix.edit.offset, fix.edit.offset + fix.edit.original.len());
                actions.push(action(title(d, &fix), uri, range, &fix.edit.replacement, fix.is_safe(), d));
            }
            let meant = self.meant(d, path, text);
            // One note meant is the fix; several are the author's to pick,
            // and so is the closest name where another note has it too
            // (`hr/` and `fin/` each with an `Expenses policy`).
            let tied = d.related.first().is_some_and(|first| {
                d.related.iter().filter(|p| supersession::one_file_name(p, first)).count() > 1
            });
            let preferred = d.code == Code::MissingSuccessor && meant.len() == 1 && !tied;
            for (value, edit) in meant {
                let range = open.range(edit.offset, edit.offset + edit.original.len());
                let title = format!("Replace with `{value}`");
                actions.push(action(title, uri, range, &edit.replacement, preferred, d));
            }
            let end_of_text = open.range(text.len(), text.len());
            let newline = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
            let comment = format!("{newline}<!-- vaultlint-disable-file {} -->\n", d.code);
            let title = format!("Suppress `{}` in this note", d.code);
            actions.push(action(title, uri, end_of_text, &comment, false, d));
        }
        actions
    }

    /// The notes the declaration the finding `d` is on may have meant (the
    /// candidates of an ambiguous value, the close name of a missing one),
    /// each as the value written and the edit of `text` that writes it.
    fn meant(&self, d: &Diagnostic, path: &str, text: &str) -> Vec<(String, Edit)> {
        let (Some((vault, _)), Some((graph, _))) = (&self.vault, &self.checked) else { return Vec::new() };
        let Some(id) = vault.id_of(path) else { return Vec::new() };
        let declared = graph.declared.iter().find(|x| x.by == id && Some(x.span) == d.span);
        let notes: Vec<NoteId> = match (d.code, declared.map(|x| &x.resolution)) {
            (Code::AmbiguousSuccessor, Some(Resolution::Ambiguous { first, .. })) => first.clone(),
            (Code::MissingSuccessor, Some(Resolution::Missing { wanted, .. })) => {
                supersession::meant(wanted, &d.related).iter().filter_map(|p| vault.id_of(p)).collect()
            }
            _ => return Vec::new(),
        };
        let Some(declared) = declared else { return Vec::new() };
        notes
            .into_iter()
            .filter_map(|to| supersession::respelled(vault, declared, to))
            .filter(|(_, edit)| {
                let end = edit.offset + edit.original.len();
                text.get(edit.offset..end) == Some(edit.original.as_str())
            })
            .collect()
    }

    /// The fix of the finding `d` on the open note at `path`, as an edit
    /// of `text`, the editor's text now. A suspected version's mark is
    /// planned again, on that text: the similarity pass that found it ran
    /// on the text of an earlier open or save. An edit that does not read
    /// what it replaces in `text` is not offered.
    fn fix_now(&self, d: &Diagnostic, path: &str, text: &str) -> Option<Fix> {
        let fix = match d.code {
            Code::SuspectedVersion => {
                let (vault, _) = self.vault.as_ref()?;
                let older = vault.id_of(path)?;
                let newer = vault.id_of(d.related.first()?)?;
                let style = suggest::link_style(vault, self.settings.rules.link_style);
                let editor = EditorText { path, text };
                suggest::mark(vault, older, newer, style, &editor).ok()??.fix
            }
            _ => d.fix.clone()?,
        };
        let end = fix.edit.offset.checked_add(fix.edit.original.len())?;
        (text.get(fix.edit.offset..end) == Some(fix.edit.original.as_str())).then_some(fix)
    }

    /// The note a declaration value or a body link at the position leads
    /// to; every note it fits, when it fits several.
    fn definition(&self, p: lsp::GotoDefinitionParams) -> Option<lsp::GotoDefinitionResponse> {
        let at = &p.text_document_position_params;
        let target = self.target(&at.text_document.uri, at.position)?;
        match &target.notes[..] {
            [one] => self.location(*one).map(lsp::GotoDefinitionResponse::Scalar),
            many => Some(lsp::GotoDefinitionResponse::Array(
                many.iter().filter_map(|&id| self.location(id)).collect(),
            )),
        }
    }

    /// What a declaration or link at `position` resolves to: the value's
    /// span in the note and the note it names, or the notes it fits.
    fn target(&self, uri: &lsp::Uri, position: lsp::Position) -> Option<Target> {
        let (_, open, id, vault) = self.document(uri)?;
        let (graph, _) = self.checked.as_ref()?;
        let at = open.offset(position);
        let inside = |s: &Span| (s.offset()..=s.end()).contains(&at);
        let declared = graph.declared.iter().filter(|d| d.by == id).find(|d| inside(&d.span));
        if let Some(d) = declared {
            return Target::of(d.span, &d.resolution);
        }
        let link = vault.notes[id].links.iter().find(|l| inside(&l.span()))?;
        Target::of(link.span(), &vault.resolve_target(id, link.parsed()))
    }

    /// The start of the note `id`.
    fn location(&self, id: NoteId) -> Option<lsp::Location> {
        let (vault, _) = self.vault.as_ref()?;
        let uri = uri_of(&vault.root.join(&vault.notes[id].path))?;
        Some(lsp::Location { uri, range: lsp::Range::default() })
    }

    /// On a declaration or link: the note it names, and which version of
    /// that document is in force today; or every note it fits.
    fn hover(&self, p: lsp::HoverParams) -> Option<lsp::Hover> {
        let at = &p.text_document_position_params;
        let Target { span, notes, total } = self.target(&at.text_document.uri, at.position)?;
        let (Some((vault, _)), Some((graph, _))) = (&self.vault, &self.checked) else { return None };
        let (_, open, _, _) = self.document(&at.text_document.uri)?;
        let path = |id: NoteId| format!("`{}`", vault.notes[id].path);
        let value = match notes[..] {
            [to] => {
                // Which version is in force today, as `lineage` says it.
                let life =
                    vaultlint_model::lifecycle::Lifecycle::new(vault, graph, self.settings.rules.as_of);
                let state = &life.states[to];
                let now = match state.current.as_slice() {
                    [one] if *one == to => format!("{} {}.", path(to), state.standing.describe()),
                    [] => {
                        format!("{} {}; no version of it is in force.", path(to), state.standing.describe())
                    }
                    current => {
                        let current: Vec<String> = current.iter().map(|&e| path(e)).collect();
                        format!(
                            "{} {}; in force now: {}.",
                            path(to),
                            state.standing.describe(),
                            current.join(", ")
                        )
                    }
                };
                format!("Leads to {}. {now}", path(to))
            }
            ref many => {
                let listed: Vec<String> = many.iter().map(|&id| format!("- {}", path(id))).collect();
                let more = match total - many.len() {
                    0 => String::new(),
                    n => format!("\n\nand {n} more"),
                };
                format!("Fits {total} notes; name one by its path:\n\n{}{more}", listed.join("\n"))
            }
        };
        let contents = lsp::MarkupContent { kind: lsp::MarkupKind::Markdown, value };
        Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(contents),
            range: Some(open.range(span.offset(), span.end())),
        })
    }
}

/// What a value or link under the cursor leads to: the note it names, or
/// the first of the notes an ambiguous one fits.
struct Target {
    span: Span,
    notes: Vec<NoteId>,
    /// How many notes it fits, `notes` being the first of them.
    total: usize,
}

impl Target {
    /// The value at `span` resolved as `resolution`; `None` where it leads
    /// to no note.
    fn of(span: Span, resolution: &Resolution) -> Option<Target> {
        match resolution {
            Resolution::Note(to) => Some(Target { span, notes: vec![*to], total: 1 }),
            Resolution::Ambiguous { first, total } if !first.is_empty() => {
                Some(Target { span, notes: first.clone(), total: *total })
            }
            _ => None,
        }
    }
}

/// The first and last line of `range`; a range that ends at the start of
/// a line (a whole line selected) ends on the line before.
fn lines_of(range: lsp::Range) -> (u32, u32) {
    let last = if range.end.line > range.start.line && range.end.character == 0 {
        range.end.line - 1
    } else {
        range.end.line
    };
    (range.start.line, last)
}

/// An editor's title for the fix of the finding `d`: what the edit does,
/// in a few words. The finding's help is written for the command line
/// (it names `vaultlint check --fix`), so it is not used.
fn title(d: &Diagnostic, fix: &Fix) -> String {
    let Edit { original, replacement, .. } = &fix.edit;
    let short = |text: &str| text.len() <= 80 && !text.contains(['\n', '\r']);
    match d.code {
        Code::SuspectedVersion => match d.related.first() {
            Some(newer) => format!("Mark as superseded by `{newer}`"),
            None => "Mark as superseded".into(),
        },
        // The one note in force now follows the retired one.
        Code::SupersededSuccessor | Code::LinksToSuperseded if d.related.len() == 2 => {
            format!("Point to `{}`", d.related[1])
        }
        Code::MisspeltKey => format!("Rename the key to `{replacement}`"),
        Code::SuccessorByAlias => format!("Replace with `[[{replacement}]]`"),
        _ if *replacement == format!("\"{original}\"") => format!("Quote `{original}`"),
        _ if original.is_empty() && short(replacement.trim_end()) => {
            format!("Add `{}`", replacement.trim_end())
        }
        _ if !original.is_empty() && short(replacement) => format!("Replace with `{replacement}`"),
        _ => format!("Fix `{}`", d.code),
    }
}

/// The editor's text of one open note, for a fix planned on it.
struct EditorText<'a> {
    path: &'a str,
    text: &'a str,
}

impl Sources for EditorText<'_> {
    fn text(&self, path: &str) -> Option<std::sync::Arc<str>> {
        (path == self.path).then(|| self.text.into())
    }
}

/// Shows the user the problems waiting to be shown, as error messages.
fn show_waiting(connection: &Connection, state: &mut State) -> Result<(), String> {
    for message in state.to_show.drain(..) {
        let params = lsp::ShowMessageParams { typ: lsp::MessageType::ERROR, message };
        let notification = Notification::new(ShowMessage::METHOD.into(), params);
        connection.sender.send(Message::Notification(notification)).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Sends the findings of every open note, and clears those of notes that
/// have none now or were closed; before them, the problem with a config
/// that kept the vault from being read, on that config, or its clearing.
fn publish(connection: &Connection, state: &mut State) -> Result<(), String> {
    show_waiting(connection, state)?;
    let config = state.invalid_config.as_ref().and_then(|e| Some((uri_of(&e.file)?, e)));
    if let Some(before) = &state.published_config
        && config.as_ref().is_none_or(|(uri, _)| uri != before)
    {
        send(connection, before, Vec::new())?;
    }
    if let Some((uri, error)) = &config {
        send(connection, uri, vec![config_diagnostic(error)])?;
    }
    state.published_config = config.map(|(uri, _)| uri);
    if state.pulling.checked(connection)? {
        return Ok(());
    }
    let Some((_, found)) = &state.checked else { return Ok(()) };
    let mut now = Vec::new();
    for (path, open) in &state.open {
        let diagnostics: Vec<lsp::Diagnostic> =
            found_on(found, path).map(|d| diagnostic(d, open, state)).collect();
        send(connection, &open.uri, diagnostics)?;
        now.push(path.clone());
    }
    // Both in path order: the open notes are a sorted map.
    for path in state.published.iter().filter(|p| now.binary_search(p).is_err()) {
        if let Some(uri) = uri_of(&state.settings.root().join(path)) {
            send(connection, &uri, Vec::new())?;
        }
    }
    state.published = now;
    Ok(())
}

/// The findings of `found` (sorted) on the note at `path`: found by a
/// search, where filtering all of them for each open note took time in
/// the square of the number of notes open.
fn found_on<'f>(found: &'f [Diagnostic], path: &str) -> impl Iterator<Item = &'f Diagnostic> {
    let start = found.partition_point(|d| d.path.as_str() < path);
    found[start..].iter().take_while(move |d| d.path == path)
}

fn send(connection: &Connection, uri: &lsp::Uri, diagnostics: Vec<lsp::Diagnostic>) -> Result<(), String> {
    let params = lsp::PublishDiagnosticsParams { uri: uri.clone(), diagnostics, version: None };
    let notification = Notification::new(PublishDiagnostics::METHOD.into(), params);
    connection.sender.send(Message::Notification(notification)).map_err(|e| e.to_string())
}

/// A finding as LSP has it: range, severity, code, and the other notes
/// it involves as related locations.
fn diagnostic(d: &Diagnostic, open: &Open, state: &State) -> lsp::Diagnostic {
    let span = d.span.map_or(0..0, |s| s.range());
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related = d
        .related
        .iter()
        .filter_map(|p| uri_of(&state.settings.root().join(p)))
        .map(|uri| lsp::DiagnosticRelatedInformation {
            location: lsp::Location { uri, range: lsp::Range::default() },
            message: "involved".into(),
        })
        .collect();
    let severity = match d.severity {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        _ => lsp::DiagnosticSeverity::WARNING,
    };
    lsp::Diagnostic {
        range: open.range(span.start, span.end),
        severity: Some(severity),
        code: Some(lsp::NumberOrString::String(d.code.name().into())),
        source: Some("vaultlint".into()),
        message,
        related_information: Some(related),
        ..lsp::Diagnostic::default()
    }
}

/// A config that does not parse, as a diagnostic on it.
fn config_diagnostic(error: &ConfigError) -> lsp::Diagnostic {
    let span = error.span.clone().unwrap_or(0..0);
    let mut message = error.message.clone();
    if let Some(help) = &error.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    lsp::Diagnostic {
        range: range(&LineIndex::new(&error.text), span.start, span.end),
        severity: Some(lsp::DiagnosticSeverity::ERROR),
        code: Some(lsp::NumberOrString::String("invalid-config".into())),
        source: Some("vaultlint".into()),
        message,
        ..lsp::Diagnostic::default()
    }
}

/// A quick fix for the finding `d`: one edit of the note at `uri`.
// `WorkspaceEdit` keys its changes by `Uri`, whose hash and equality are
// its text alone: the parser's cache inside it does not change them.
#[allow(clippy::mutable_key_type)]
fn action(
    title: String,
    uri: &lsp::Uri,
    range: lsp::Range,
    new_text: &str,
    preferred: bool,
    d: &Diagnostic,
) -> lsp::CodeActionOrCommand {
    let fixed = lsp::Diagnostic {
        range,
        code: Some(lsp::NumberOrString::String(d.code.name().into())),
        message: d.message.clone(),
        ..lsp::Diagnostic::default()
    };
    let edit = lsp::TextEdit { range, new_text: new_text.to_string() };
    let changes = HashMap::from([(uri.clone(), vec![edit])]);
    lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title,
        kind: Some(lsp::CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![fixed]),
        edit: Some(lsp::WorkspaceEdit { changes: Some(changes), ..lsp::WorkspaceEdit::default() }),
        is_preferred: Some(preferred),
        ..lsp::CodeAction::default()
    })
}

/// An open note as the editor holds it: its URI, and its text in the
/// index of its lines, built once for each text the editor sends (a
/// request or a check places every finding through it, however many).
struct Open {
    uri: lsp::Uri,
    lines: LineIndex<'static>,
}

impl Open {
    fn new(uri: lsp::Uri, text: String) -> Open {
        Open { uri, lines: LineIndex::owned(text) }
    }

    /// The editor's text.
    fn text(&self) -> &str {
        self.lines.text()
    }

    /// The LSP range of the bytes `start..end` of the text.
    fn range(&self, start: usize, end: usize) -> lsp::Range {
        range(&self.lines, start, end)
    }

    /// The byte offset of an LSP position in the text.
    fn offset(&self, position: lsp::Position) -> usize {
        offset(&self.lines, position)
    }
}

/// The LSP range of the bytes `start..end` of the text `lines` indexes:
/// 0-based lines, columns in UTF-16 code units, as LSP counts them by
/// default.
fn range(lines: &LineIndex<'_>, start: usize, end: usize) -> lsp::Range {
    let at = |offset: usize| {
        let Utf16Position { line, character } = lines.utf16(offset);
        lsp::Position { line, character }
    };
    lsp::Range { start: at(start), end: at(end) }
}

/// The byte offset of an LSP position in the text `lines` indexes.
fn offset(lines: &LineIndex<'_>, position: lsp::Position) -> usize {
    lines.offset_of_utf16(Utf16Position { line: position.line, character: position.character })
}

/// The file a `file:` URI names, as the platform spells paths: on
/// Windows `file:///C:/a%20b/n.md` is `C:\a b\n.md`, a drive letter's
/// colon percent-encoded or not. `None` for another scheme or a URI that
/// names no local file.
fn path_of(uri: &lsp::Uri) -> Option<PathBuf> {
    let url = url::Url::parse(uri.as_str()).ok()?;
    if url.scheme() != "file" {
        return None;
    }
    url.to_file_path().ok()
}

/// The `file:` URI of an absolute path, percent-encoded as URIs must be.
fn uri_of(file: &Path) -> Option<lsp::Uri> {
    url::Url::from_file_path(file).ok()?.as_str().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read(bytes: &[u8]) -> Result<Option<Message>, String> {
        read_message(&mut std::io::Cursor::new(bytes))
    }

    /// Bytes that look like frames more often than chance would make them.
    fn framing() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(b"Content-Length: ".to_vec()),
            Just(b"content-length:".to_vec()),
            Just(b"Content-Type: application/vscode-jsonrpc\r\n".to_vec()),
            Just(b"\r\n".to_vec()),
            Just(b"\n".to_vec()),
            Just(b"18446744073709551615".to_vec()),
            Just(b"67108865".to_vec()),
            Just(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.to_vec()),
            "[0-9]{1,4}".prop_map(String::into_bytes),
            proptest::collection::vec(any::<u8>(), 0..40),
        ];
        proptest::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(256)
        ))]

        /// Any bytes from a client: a message, the end, or an error; never
        /// a panic, and never a message longer than the bytes sent.
        #[test]
        fn any_bytes_are_a_message_the_end_or_an_error(bytes in framing()) {
            let mut input = std::io::Cursor::new(&bytes[..]);
            for _ in 0..bytes.len() + 1 {
                match read_message(&mut input) {
                    Ok(Some(_)) => prop_assert!(input.position() as usize <= bytes.len()),
                    Ok(None) | Err(_) => break,
                }
            }
        }

        /// A message framed as the protocol says is read back as sent.
        #[test]
        fn framed_messages_are_read_back(method in "[a-zA-Z/$]{1,20}", text in ".{0,40}") {
            let message = serde_json::json!({ "jsonrpc": "2.0", "method": method, "params": { "text": text } });
            let body = message.to_string();
            let framed = format!("Content-Length: {}\r\n\r\n{body}", body.len());
            let read = serde_json::to_value(read(framed.as_bytes()).unwrap().unwrap()).unwrap();
            prop_assert_eq!(&read["method"], &message["method"]);
            prop_assert_eq!(&read["params"], &message["params"]);
        }
    }

    #[test]
    fn messages_are_read_by_their_content_length() {
        let body = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let framed = format!(
            "Content-Length: {}\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n{body}",
            body.len()
        );
        let mut input = std::io::Cursor::new(framed.repeat(2).into_bytes());
        for _ in 0..2 {
            let message = read_message(&mut input).unwrap();
            assert!(matches!(message, Some(Message::Notification(n)) if n.method == "initialized"));
        }
        assert!(read_message(&mut input).unwrap().is_none(), "the end of the input");
    }

    #[test]
    fn a_length_over_the_limit_is_refused_before_the_body() {
        let error = read(b"Content-Length: 4000000000\r\n\r\n{}").unwrap_err();
        assert!(error.contains("4000000000 bytes, over the limit"), "{error}");
        let just_over = format!("Content-Length: {}\r\n\r\n", MAX_MESSAGE_BYTES + 1);
        assert!(read(just_over.as_bytes()).is_err());
        let huge = format!("Content-Length: {}0\r\n\r\n", u64::MAX);
        assert!(read(huge.as_bytes()).unwrap_err().contains("invalid Content-Length"));
    }

    #[test]
    fn malformed_frames_are_errors() {
        // The body shorter than declared: the input ended inside it.
        assert!(read(b"Content-Length: 10\r\n\r\n{}").unwrap_err().contains("ended 2 bytes into"));
        assert!(read(b"Content-Type: x\r\n\r\n{}").unwrap_err().contains("no Content-Length"));
        assert!(read(b"Content-Length: 2\n\n{}").unwrap_err().contains("CRLF"));
        let long = format!("X-{}: 1\r\n", "a".repeat(2000));
        assert!(read(long.as_bytes()).unwrap_err().contains("over 1024 bytes"));
        let many = "X-A: 1\r\n".repeat(20);
        assert!(read(many.as_bytes()).unwrap_err().contains("header lines"));
        assert!(read(b"Content-Length: 2\r\n").unwrap_err().contains("ended inside a message's header"));
        assert!(read(b"Content-Length: 2\r\n\r\n[]").unwrap_err().contains("not JSON-RPC"));
    }

    fn uri(text: &str) -> lsp::Uri {
        text.parse().unwrap()
    }

    #[test]
    fn positions_count_utf16_units() {
        let text = "a\n😀b: c\n";
        let lines = LineIndex::new(text);
        let at = lsp::Position { line: 1, character: 3 };
        assert_eq!(range(&lines, 7, 7), lsp::Range { start: at, end: at });
        assert_eq!(offset(&lines, at), 7);
    }

    #[cfg(unix)]
    #[test]
    fn paths_and_uris_percent_encode_spaces_and_non_ascii() {
        let uri = uri_of(Path::new("/v/my notes/é.md")).unwrap();
        assert_eq!(uri.as_str(), "file:///v/my%20notes/%C3%A9.md");
        assert_eq!(path_of(&uri).unwrap(), PathBuf::from("/v/my notes/é.md"));
        // Encoded as some clients do, every byte outside the unreserved set.
        let encoded = "file:///v/caf%C3%A9%20%E6%97%A5%E8%A8%98/%5Bdraft%5D.md";
        assert_eq!(path_of(&self::uri(encoded)).unwrap(), PathBuf::from("/v/café 日記/[draft].md"));
    }

    #[test]
    fn windows_style_uris_name_the_drive() {
        // VS Code sends the drive letter in lower case with its colon
        // encoded; others send `C:` as it is.
        for text in
            ["file:///C:/Users/me/My%20Vault/caf%C3%A9.md", "file:///c%3A/Users/me/My%20Vault/caf%C3%A9.md"]
        {
            let path = path_of(&uri(text)).unwrap();
            #[cfg(windows)]
            {
                let drive = if text.contains("%3A") { "c:" } else { "C:" };
                assert_eq!(path, PathBuf::from(format!(r"{drive}\Users\me\My Vault\café.md")));
            }
            #[cfg(unix)]
            {
                // Elsewhere the drive is a folder at the root, and the rest as on Windows.
                assert!(path.ends_with("Users/me/My Vault/café.md"), "{path:?}");
                assert!(path.starts_with("/C:") || path.starts_with("/c:"), "{path:?}");
            }
            // Back to the URI the client sent, with the drive's colon as it is.
            let back = uri_of(&path).unwrap();
            assert_eq!(back.as_str().to_lowercase(), text.replace("%3A", ":").to_lowercase(), "{path:?}");
        }
    }

    #[test]
    fn uris_of_other_schemes_name_no_file() {
        assert_eq!(path_of(&uri("untitled:Untitled-1")), None);
        assert_eq!(path_of(&uri("https://example.com/a.md")), None);
        assert_eq!(path_of(&uri("file://server/share/a.md")).filter(|_| cfg!(unix)), None);
    }
}
