//! `vaultlint server`: the Language Server Protocol over a connection the
//! binary opens on stdio. Diagnostics for every open note, from the
//! editor's text of open notes and the disk for the rest, on open, change
//! and save; code actions from the fix model; go to definition on a
//! declaration or a link; hover on a declaration; completion inside a
//! successor value. It never writes a file: edits reach the editor as
//! workspace edits.
//!
//! Each change re-reads and re-checks the vault (a change in one note can
//! break or heal a declaration in another); messages that arrive while a
//! check runs are taken together before the next one, so a burst of
//! keystrokes costs one check.

use crate::commands::{self, check};
use crate::diagnostic::{Diagnostic, Severity, Span};
use crate::graph::Graph;
use crate::note::Note;
use crate::progress::Silent;
use crate::settings::{Flags, Settings};
use crate::vault::{NoteId, Resolution, Vault};
use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types as lsp;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the server knows between messages.
struct State {
    settings: Settings,
    /// Open notes by vault path: their URI and the editor's text.
    open: BTreeMap<String, (lsp::Uri, String)>,
    /// The last check: the vault with the open notes' text, its graph,
    /// and the findings.
    checked: Option<(Vault, Graph, Vec<Diagnostic>)>,
    /// Notes given diagnostics last time, to clear those fixed or closed.
    published: Vec<String>,
}

/// Serves `connection` until the client shuts it down. `cwd` is where the
/// vault is looked for when the client names no workspace.
pub fn run(connection: Connection, cwd: &Path) -> Result<(), String> {
    let capabilities = json!({
        "textDocumentSync": { "openClose": true, "change": 1, "save": { "includeText": false } },
        "codeActionProvider": { "codeActionKinds": ["quickfix"] },
        "definitionProvider": true,
        "hoverProvider": true,
        "completionProvider": { "triggerCharacters": [":", " ", "["] },
    });
    let params = connection.initialize(capabilities).map_err(|e| e.to_string())?;
    let params: lsp::InitializeParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
    #[allow(deprecated)] // Older clients send only `rootUri`.
    let root = params
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .map(|f| &f.uri)
        .or(params.root_uri.as_ref())
        .and_then(path_of)
        .unwrap_or_else(|| cwd.to_path_buf());
    let settings = resolve(&root)?;
    let mut state = State { settings, open: BTreeMap::new(), checked: None, published: Vec::new() };
    loop {
        // Everything that has arrived, then one check if anything changed.
        let Ok(first) = connection.receiver.recv() else { return Ok(()) };
        let mut batch = vec![first];
        batch.extend(connection.receiver.try_iter());
        let mut changed = false;
        for message in batch {
            match message {
                Message::Request(request) => {
                    if connection.handle_shutdown(&request).map_err(|e| e.to_string())? {
                        return Ok(());
                    }
                    if changed {
                        state.check();
                        publish(&connection, &mut state)?;
                        changed = false;
                    }
                    let response = state.answer(request);
                    connection.sender.send(Message::Response(response)).map_err(|e| e.to_string())?;
                }
                Message::Notification(notification) => changed |= state.notice(notification, &root),
                Message::Response(_) => {}
            }
        }
        if changed {
            state.check();
            publish(&connection, &mut state)?;
        }
    }
}

/// The settings for a vault at `root`, as the command line would make them.
fn resolve(root: &Path) -> Result<Settings, String> {
    let paths = [root.to_path_buf()];
    let flags = Flags { paths: &paths, ..Flags::default() };
    Settings::resolve(&flags, root).map_err(|e| match e {
        crate::settings::SettingsError::Usage(reason) => reason,
        crate::settings::SettingsError::Config(error) => error.message,
    })
}

impl State {
    /// Takes a notification in; whether the vault must be checked again.
    fn notice(&mut self, notification: Notification, root: &Path) -> bool {
        let params = notification.params;
        match notification.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(params) else {
                    return false;
                };
                self.set_text(p.text_document.uri, p.text_document.text)
            }
            "textDocument/didChange" => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(params) else {
                    return false;
                };
                // Full sync: the last change holds the whole text.
                match p.content_changes.into_iter().last() {
                    Some(change) => self.set_text(p.text_document.uri, change.text),
                    None => false,
                }
            }
            "textDocument/didClose" => {
                let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(params) else {
                    return false;
                };
                let path = self.vault_path(&p.text_document.uri);
                path.is_some_and(|path| self.open.remove(&path).is_some())
            }
            "textDocument/didSave" => true,
            "workspace/didChangeWatchedFiles" => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeWatchedFilesParams>(params) else {
                    return false;
                };
                let config = p.changes.iter().any(|c| {
                    path_of(&c.uri).is_some_and(|f| crate::config::FILES.iter().any(|n| f.ends_with(n)))
                });
                if config && let Ok(settings) = resolve(root) {
                    self.settings = settings;
                }
                true
            }
            _ => false,
        }
    }

    fn set_text(&mut self, uri: lsp::Uri, text: String) -> bool {
        match self.vault_path(&uri) {
            Some(path) => {
                self.open.insert(path, (uri, text));
                true
            }
            None => false,
        }
    }

    /// The vault path of a `file:` URI inside the vault, with a note's extension.
    fn vault_path(&self, uri: &lsp::Uri) -> Option<String> {
        self.settings.note_path(&path_of(uri)?).ok()
    }

    /// Reads the vault from disk, puts the open notes' text in, checks it.
    fn check(&mut self) {
        let settings = &self.settings;
        let suggesting = settings.suspects_versions();
        let reading = settings.reading(suggesting, false, true);
        let Ok(commands::Loaded { mut vault, rules }) = commands::load(settings, reading, &Silent) else {
            self.checked = None;
            return;
        };
        for (path, (_, text)) in &self.open {
            vault = vault.with_note(Note::parse_with(path.clone(), text, reading));
        }
        let report = check::analyse(&vault, settings, &rules, suggesting, &Silent);
        let graph = Graph::build(&vault);
        self.checked = Some((vault, graph, report.diagnostics));
    }

    /// Answers a request.
    fn answer(&self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            "textDocument/codeAction" => serde_json::from_value(request.params).ok().map(|p| self.actions(p)),
            "textDocument/definition" => {
                serde_json::from_value(request.params).ok().map(|p| self.definition(p))
            }
            "textDocument/hover" => serde_json::from_value(request.params).ok().map(|p| self.hover(p)),
            "textDocument/completion" => {
                serde_json::from_value(request.params).ok().map(|p| self.complete(p))
            }
            _ => return Response::new_err(id, -32601, format!("{} is not served", request.method)),
        };
        match result {
            Some(value) => Response::new_ok(id, value),
            None => Response::new_err(id, -32602, "invalid parameters".into()),
        }
    }

    /// The open note at `uri`: its vault path, text, and id in the last check.
    fn document(&self, uri: &lsp::Uri) -> Option<(&str, &str, NoteId, &Vault)> {
        let path = self.vault_path(uri)?;
        let (path, (_, text)) = self.open.get_key_value(&path)?;
        let (vault, _, _) = self.checked.as_ref()?;
        Some((path, text, vault.id_of(path)?, vault))
    }

    /// Quick fixes for the findings in the range: each finding's fix, and
    /// a comment that suppresses its rule in this note.
    fn actions(&self, p: lsp::CodeActionParams) -> Value {
        let Some((path, text, _, _)) = self.document(&p.text_document.uri) else { return json!([]) };
        let Some((_, _, found)) = &self.checked else { return json!([]) };
        let (start, end) = (offset(text, p.range.start), offset(text, p.range.end));
        let mut actions = Vec::new();
        for d in found.iter().filter(|d| d.path == path) {
            let span = d.span.map_or(0..0, |s| s.offset..s.offset + s.len);
            if span.start > end || span.end < start {
                continue;
            }
            let uri = &p.text_document.uri;
            if let Some(fix) = &d.fix {
                let range = range(text, fix.edit.offset, fix.edit.offset + fix.edit.original.len());
                let title = match fix.is_safe() {
                    true => format!("Fix {}: {}", d.code, d.help.as_deref().unwrap_or(&d.message)),
                    false => format!("Mark as superseded ({}; check it first)", d.code),
                };
                actions.push(action(title, uri, range, &fix.edit.replacement, fix.is_safe(), d));
            }
            let end_of_text = range(text, text.len(), text.len());
            let newline = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
            let comment = format!("{newline}<!-- vaultlint-disable-file {} -->\n", d.code);
            let title = format!("Suppress {} in this note", d.code);
            actions.push(action(title, uri, end_of_text, &comment, false, d));
        }
        Value::Array(actions)
    }

    /// The note a declaration value or a body link at the position leads to.
    fn definition(&self, p: lsp::GotoDefinitionParams) -> Value {
        let at = &p.text_document_position_params;
        self.target(&at.text_document.uri, at.position)
            .and_then(|(_, to)| self.location(to))
            .unwrap_or(Value::Null)
    }

    /// What a declaration or link at `position` resolves to: the value's
    /// span in the note and the note it names.
    fn target(&self, uri: &lsp::Uri, position: lsp::Position) -> Option<(Span, NoteId)> {
        let (_, text, id, vault) = self.document(uri)?;
        let (_, graph, _) = self.checked.as_ref()?;
        let at = offset(text, position);
        let inside = |s: &Span| (s.offset..=s.offset + s.len).contains(&at);
        let declared = graph.declared.iter().filter(|d| d.by == id).find(|d| inside(&d.span));
        if let Some(d) = declared {
            let Resolution::Note(to) = d.resolution else { return None };
            return Some((d.span, to));
        }
        let link = vault.notes[id].links.iter().find(|l| inside(&l.span))?;
        match vault.resolve(id, &link.value()) {
            Resolution::Note(to) => Some((link.span, to)),
            _ => None,
        }
    }

    fn location(&self, id: NoteId) -> Option<Value> {
        let (vault, _, _) = self.checked.as_ref()?;
        let uri = uri_of(&vault.root.join(&vault.notes[id].path))?;
        Some(
            json!({ "uri": uri, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } } }),
        )
    }

    /// On a declaration or link: the note it names, and which version of
    /// that document is in force today.
    fn hover(&self, p: lsp::HoverParams) -> Value {
        let at = &p.text_document_position_params;
        let Some((span, to)) = self.target(&at.text_document.uri, at.position) else { return Value::Null };
        let Some((vault, graph, _)) = &self.checked else { return Value::Null };
        let Some((_, text, _, _)) = self.document(&at.text_document.uri) else { return Value::Null };
        let path = |id: NoteId| format!("`{}`", vault.notes[id].path);
        let now = match &graph.ends[to] {
            Some(ends) if ends == &[to] => format!("{} is in force.", path(to)),
            Some(ends) => {
                let current: Vec<String> = ends.iter().map(|&e| path(e)).collect();
                format!("{} is itself superseded; in force now: {}.", path(to), current.join(", "))
            }
            None => format!("{} is in a supersession cycle: no version is in force.", path(to)),
        };
        json!({
            "contents": { "kind": "markdown", "value": format!("Leads to {}. {now}", path(to)) },
            "range": range(text, span.offset, span.offset + span.len),
        })
    }

    /// Inside a successor or predecessor value: every note, named in the
    /// vault's link style.
    fn complete(&self, p: lsp::CompletionParams) -> Value {
        let at = &p.text_document_position;
        let Some((_, text, from, vault)) = self.document(&at.text_document.uri) else { return json!([]) };
        if !self.in_declaration(text, at.position.line as usize) {
            return json!([]);
        }
        let style = crate::suggest::link_style(vault, self.settings.rules.link_style);
        let items: Vec<Value> = (0..vault.notes.len())
            .filter(|&id| id != from && !vault.is_template(id))
            .map(|id| {
                let value = crate::suggest::apply::successor_value(vault, from, id, style);
                json!({ "label": value.trim_matches('"'), "insertText": value, "kind": 17, "detail": vault.notes[id].title })
            })
            .collect();
        Value::Array(items)
    }

    /// Whether `line` of the frontmatter holds a successor or predecessor
    /// value (`superseded_by: `), or an item of a list under such a key.
    fn in_declaration(&self, text: &str, line: usize) -> bool {
        let lines: Vec<&str> = text.lines().collect();
        let closing = lines.iter().skip(1).position(|l| l.trim_end() == "---").map(|i| i + 1);
        let in_frontmatter =
            lines.first().is_some_and(|l| l.trim_end() == "---") && closing.is_some_and(|c| line < c);
        let keys = self.settings.keys.iter().flatten();
        let is_key = |l: &str| {
            let l = l.trim_end();
            keys.clone().any(|k| l.strip_prefix(k.as_str()).is_some_and(|rest| rest.starts_with(':')))
        };
        let item = |l: &&str| l.trim_start().starts_with("- ");
        match lines.get(line) {
            _ if !in_frontmatter || line == 0 => false,
            Some(current) if is_key(current) => true,
            Some(current) if item(current) => {
                lines[..line].iter().rev().find(|l| !item(l)).is_some_and(|l| is_key(l))
            }
            _ => false,
        }
    }
}

/// Sends the findings of every open note, and clears those of notes that
/// have none now or were closed.
fn publish(connection: &Connection, state: &mut State) -> Result<(), String> {
    let Some((_, _, found)) = &state.checked else { return Ok(()) };
    let mut now = Vec::new();
    for (path, (uri, text)) in &state.open {
        let diagnostics: Vec<Value> =
            found.iter().filter(|d| &d.path == path).map(|d| diagnostic(d, text, state)).collect();
        send(connection, uri, diagnostics)?;
        now.push(path.clone());
    }
    for path in state.published.iter().filter(|p| !now.contains(p)) {
        if let Some(uri) = uri_of(&state.settings.root().join(path)) {
            send(connection, &uri, Vec::new())?;
        }
    }
    state.published = now;
    Ok(())
}

fn send(connection: &Connection, uri: &lsp::Uri, diagnostics: Vec<Value>) -> Result<(), String> {
    let params = json!({ "uri": uri, "diagnostics": diagnostics });
    let notification = Notification::new("textDocument/publishDiagnostics".into(), params);
    connection.sender.send(Message::Notification(notification)).map_err(|e| e.to_string())
}

/// A finding as LSP has it: range, severity, code, and the other notes
/// it involves as related locations.
fn diagnostic(d: &Diagnostic, text: &str, state: &State) -> Value {
    let span = d.span.map_or(0..0, |s| s.offset..s.offset + s.len);
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related: Vec<Value> = d
        .related
        .iter()
        .filter_map(|p| uri_of(&state.settings.root().join(p)))
        .map(|uri| json!({ "location": { "uri": uri, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } } }, "message": "involved" }))
        .collect();
    json!({
        "range": range(text, span.start, span.end),
        "severity": if d.severity == Severity::Error { 1 } else { 2 },
        "code": d.code.name(),
        "source": "vaultlint",
        "message": message,
        "relatedInformation": related,
    })
}

fn action(
    title: String,
    uri: &lsp::Uri,
    range: Value,
    new_text: &str,
    preferred: bool,
    d: &Diagnostic,
) -> Value {
    json!({
        "title": title,
        "kind": "quickfix",
        "isPreferred": preferred,
        "diagnostics": [{ "code": d.code.name(), "message": d.message, "range": range }],
        "edit": { "changes": { uri.as_str(): [{ "range": range, "newText": new_text }] } },
    })
}

/// The LSP position of a byte offset: a 0-based line, and the column in
/// UTF-16 code units, as LSP counts them by default.
fn position(text: &str, byte: usize) -> Value {
    let byte = text.floor_char_boundary(byte.min(text.len()));
    let before = &text[..byte];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let character: usize = before[start..].chars().map(char::len_utf16).sum();
    json!({ "line": line, "character": character })
}

fn range(text: &str, start: usize, end: usize) -> Value {
    json!({ "start": position(text, start), "end": position(text, end) })
}

/// The byte offset of an LSP position in `text`.
fn offset(text: &str, position: lsp::Position) -> usize {
    let mut start = 0;
    for _ in 0..position.line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line = &text[start..];
    let mut units = 0;
    for (i, c) in line.char_indices() {
        if units >= position.character as usize || c == '\n' {
            return start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The file a `file:` URI names.
fn path_of(uri: &lsp::Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(Ok(b)) = rest.get(i + 1..i + 3).map(|h| u8::from_str_radix(h, 16))
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// The `file:` URI of a path, each byte outside the unreserved set encoded.
fn uri_of(file: &Path) -> Option<lsp::Uri> {
    let mut out = String::from("file://");
    for b in file.to_str()?.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "a\n😀b: c\n";
        assert_eq!(position(text, 7), json!({ "line": 1, "character": 3 }));
        assert_eq!(offset(text, lsp::Position { line: 1, character: 3 }), 7);
        let uri = uri_of(Path::new("/v/my notes/é.md")).unwrap();
        assert_eq!(uri.as_str(), "file:///v/my%20notes/%C3%A9.md");
        assert_eq!(path_of(&uri).unwrap(), PathBuf::from("/v/my notes/é.md"));
    }
}
