//! References to a note, and renaming one with every reference kept.
//!
//! A rename is planned on the vault as it would be after it: the notes
//! moved to their new paths, every declaration value and body link that
//! led to a note is resolved again there, and each that no longer leads
//! to the same note is written again in its own form (a declaration as
//! `check --fix` writes one, [`supersession::respelled`]; a link as the
//! fix of `links-to-superseded` does, [`links::retarget`]). A value that
//! still lands (a bare wikilink to a note moved to another folder) is
//! left as written. The edits are of the texts before the rename: an open
//! note's editor text, a closed note's file; an edit whose bytes no
//! longer read what was planned on is left out.

use super::{State, path_of, range, uri_of};
use lsp_server::{ErrorCode, Request, Response};
use lsp_types as lsp;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use vaultlint_analysis::rules::{links, supersession};
use vaultlint_core::diagnostic::Edit;
use vaultlint_core::lines::LineIndex;
use vaultlint_model::graph::Declared;
use vaultlint_model::vault::{NoteId, Resolution, Vault};

/// The edits, by the vault path of the note edited (as it is before the
/// rename), that keep every declaration and body link of the vault
/// leading where it leads when the notes of `moves` are at their new
/// paths; `None` when two notes would share one path.
fn kept_references(
    vault: &Vault,
    declared: &[Declared],
    moves: &HashMap<NoteId, String>,
) -> Option<BTreeMap<String, Vec<Edit>>> {
    let notes = vault.notes.iter().enumerate().map(|(id, note)| {
        let mut note = note.clone();
        // The fingerprint is the similarity pass's: not needed to resolve.
        note.print = None;
        if let Some(to) = moves.get(&id) {
            note.path = to.clone();
        }
        note
    });
    let mut after = Vault::from_notes(vault.root.clone(), notes.collect());
    after.config = vault.config.clone();
    let ids: Vec<NoteId> = (vault.notes.iter().enumerate())
        .map(|(id, note)| after.id_of(moves.get(&id).unwrap_or(&note.path)))
        .collect::<Option<_>>()?;
    if after.notes.len() != vault.notes.len() {
        return None;
    }
    let mut edits: BTreeMap<String, Vec<Edit>> = BTreeMap::new();
    for d in declared {
        let Resolution::Note(to) = d.resolution else { continue };
        let (by, to) = (ids[d.by], ids[to]);
        if after.resolve(by, &d.text) == Resolution::Note(to) {
            continue;
        }
        let moved = Declared { by, ..d.clone() };
        let Some((value, edit)) = supersession::respelled(&after, &moved, to) else { continue };
        if after.resolve(by, &value) == Resolution::Note(to) {
            edits.entry(vault.notes[d.by].path.clone()).or_default().push(edit);
        }
    }
    for (id, note) in vault.notes.iter().enumerate() {
        for link in note.links.iter() {
            let Resolution::Note(to) = vault.resolve_target(id, link.parsed()) else { continue };
            let (from, to) = (ids[id], ids[to]);
            if after.resolve_target(from, link.parsed()) == Resolution::Note(to) {
                continue;
            }
            let written = links::retarget(&after, from, link, to);
            let value = match (link.wikilink, link.angle) {
                (true, _) => format!("[[{written}]]"),
                (false, true) => format!("[](<{written}>)"),
                (false, false) => format!("[]({written})"),
            };
            if after.resolve(from, &value) != Resolution::Note(to) {
                continue;
            }
            let original = link.written.to_string();
            let edit = Edit { offset: link.target().start, original, replacement: written };
            edits.entry(note.path.clone()).or_default().push(edit);
        }
    }
    for list in edits.values_mut() {
        list.sort_by_key(|e| e.offset);
        // Two edits of one place (a link in a declaration's value) make one.
        let mut end = 0;
        list.retain(|e| {
            let keep = e.offset >= end;
            end = end.max(e.offset + e.original.len());
            keep
        });
    }
    Some(edits)
}

/// Whether the client applies workspace edits that rename files: a
/// rename moves the note in the same edit that rewrites what names it.
pub(super) fn renames_files(capabilities: &lsp::ClientCapabilities) -> bool {
    let edit = capabilities.workspace.as_ref().and_then(|w| w.workspace_edit.as_ref());
    edit.is_some_and(|e| {
        e.document_changes == Some(true)
            && e.resource_operations.as_ref().is_some_and(|r| r.contains(&lsp::ResourceOperationKind::Rename))
    })
}

impl State {
    /// The text of the note at `path` as the editor has it, else as the
    /// disk has it, with its URI.
    pub(super) fn current_text(&self, path: &str) -> Option<(lsp::Uri, String)> {
        match self.open.get(path) {
            Some(open) => Some((open.uri.clone(), open.text().to_string())),
            None => {
                let file = self.settings.root().join(path);
                Some((uri_of(&file)?, std::fs::read_to_string(file).ok()?))
            }
        }
    }

    /// `edits` as LSP text edits of each note's text now, by its URI; an
    /// edit whose bytes no longer read what it replaces is left out.
    fn text_edits(&self, edits: BTreeMap<String, Vec<Edit>>) -> Vec<(lsp::Uri, Vec<lsp::TextEdit>)> {
        let mut out = Vec::new();
        for (path, edits) in edits {
            let Some((uri, text)) = self.current_text(&path) else { continue };
            let lines = LineIndex::new(&text);
            let made: Vec<lsp::TextEdit> = edits
                .iter()
                .filter(|e| text.get(e.offset..e.offset + e.original.len()) == Some(e.original.as_str()))
                .map(|e| lsp::TextEdit {
                    range: range(&lines, e.offset, e.offset + e.original.len()),
                    new_text: e.replacement.clone(),
                })
                .collect();
            if !made.is_empty() {
                out.push((uri, made));
            }
        }
        out
    }

    /// The edits that keep every reference when the notes of `moves`
    /// move, as LSP edits.
    fn planned(&self, moves: &HashMap<NoteId, String>) -> Option<Vec<(lsp::Uri, Vec<lsp::TextEdit>)>> {
        let ((vault, _), (graph, _)) = (self.vault.as_ref()?, self.checked.as_ref()?);
        Some(self.text_edits(kept_references(vault, &graph.declared, moves)?))
    }

    /// The vault-relative path of `file`, a note or a folder that may not
    /// exist yet; `None` outside the vault or for the vault itself.
    fn in_vault(&self, file: &Path) -> Option<String> {
        let name = file.file_name()?;
        let folder = file.parent()?;
        let folder = folder.canonicalize().unwrap_or_else(|_| folder.to_path_buf());
        let inside = folder.join(name);
        let relative = inside.strip_prefix(self.settings.root()).ok()?;
        Some(vaultlint_core::paths::relative(Path::new(""), relative)).filter(|p| !p.is_empty())
    }

    /// `workspace/willRenameFiles`: the edits that keep every declaration
    /// and link to a renamed note (or to the notes of a renamed folder)
    /// leading to it under its new path.
    // `WorkspaceEdit` keys its changes by `Uri`, whose hash and equality are
    // its text alone.
    #[allow(clippy::mutable_key_type)]
    pub(super) fn will_rename(&self, p: lsp::RenameFilesParams) -> Option<lsp::WorkspaceEdit> {
        let (vault, _) = self.vault.as_ref()?;
        let mut moves = HashMap::new();
        for file in &p.files {
            let path = |uri: &str| self.in_vault(&path_of(&uri.parse().ok()?)?);
            let (Some(old), Some(new)) = (path(&file.old_uri), path(&file.new_uri)) else { continue };
            match vault.id_of(&old) {
                Some(id) if vault.has_note_extension(&new) => {
                    moves.insert(id, new);
                }
                Some(_) => {}
                // A folder: every note below it moves with it.
                None => {
                    for note in vault.notes_under(&old) {
                        if let Some(id) = vault.id_of(&note.path) {
                            moves.insert(id, format!("{new}{}", &note.path[old.len()..]));
                        }
                    }
                }
            }
        }
        if moves.is_empty() {
            return None;
        }
        let changes: HashMap<lsp::Uri, Vec<lsp::TextEdit>> = self.planned(&moves)?.into_iter().collect();
        Some(lsp::WorkspaceEdit { changes: Some(changes), ..lsp::WorkspaceEdit::default() })
    }

    /// The note a request at `position` of `uri` is about: the one a
    /// declaration value or a link there leads to, else the note itself.
    fn note_at(&self, uri: &lsp::Uri, position: lsp::Position) -> Option<NoteId> {
        let (_, _, id, _) = self.document(uri)?;
        match self.target(uri, position) {
            Some(target) if target.notes.len() == 1 => Some(target.notes[0]),
            _ => Some(id),
        }
    }

    /// `textDocument/references`: every declaration value and body link
    /// across the vault that leads to the note at the position (see
    /// [`State::note_at`]), and the note itself when the client includes
    /// the declaration.
    pub(super) fn references(&self, p: lsp::ReferenceParams) -> Option<Vec<lsp::Location>> {
        let at = &p.text_document_position;
        let to = self.note_at(&at.text_document.uri, at.position)?;
        let ((vault, _), (graph, _)) = (self.vault.as_ref()?, self.checked.as_ref()?);
        let mut spans: BTreeMap<NoteId, Vec<(usize, usize)>> = BTreeMap::new();
        for d in graph.declared.iter().filter(|d| d.resolution == Resolution::Note(to)) {
            spans.entry(d.by).or_default().push((d.span.offset(), d.span.end()));
        }
        for (id, note) in vault.notes.iter().enumerate() {
            for link in note.links.iter() {
                if vault.resolve_target(id, link.parsed()) == Resolution::Note(to) {
                    let span = link.span();
                    spans.entry(id).or_default().push((span.offset(), span.end()));
                }
            }
        }
        let mut locations = Vec::new();
        if p.context.include_declaration {
            locations.extend(self.location(to));
        }
        for (id, mut spans) in spans {
            let Some((uri, text)) = self.current_text(&vault.notes[id].path) else { continue };
            let lines = LineIndex::new(&text);
            spans.sort();
            spans.dedup();
            for (start, end) in spans.into_iter().filter(|&(_, end)| end <= text.len()) {
                locations.push(lsp::Location { uri: uri.clone(), range: range(&lines, start, end) });
            }
        }
        Some(locations)
    }

    /// `textDocument/prepareRename`: on a declaration value or a link that
    /// leads to one note, its range, and that note's file name to edit.
    pub(super) fn prepare_rename(
        &self,
        p: lsp::TextDocumentPositionParams,
    ) -> Option<lsp::PrepareRenameResponse> {
        let target = self.target(&p.text_document.uri, p.position)?;
        let [to] = target.notes[..] else { return None };
        let (_, open, _, vault) = self.document(&p.text_document.uri)?;
        Some(lsp::PrepareRenameResponse::RangeWithPlaceholder {
            range: open.range(target.span.offset(), target.span.end()),
            placeholder: vault.notes[to].stem().to_string(),
        })
    }

    /// `textDocument/rename` answered, or the request back when it is
    /// another: an error where the client cannot rename files or the new
    /// name is no note's path.
    pub(super) fn serve_rename(&self, request: Request) -> Result<Response, Request> {
        use lsp::request::Request as _;
        if request.method != lsp::request::Rename::METHOD {
            return Err(request);
        }
        let id = request.id.clone();
        let params: lsp::RenameParams = match serde_json::from_value(request.params) {
            Ok(params) => params,
            Err(e) => {
                let message = format!("invalid parameters for {}: {e}", request.method);
                return Ok(Response::new_err(id, ErrorCode::InvalidParams as i32, message));
            }
        };
        Ok(match self.rename(params) {
            Ok(edit) => Response::new_ok(id, edit),
            Err(reason) => Response::new_err(id, ErrorCode::RequestFailed as i32, reason),
        })
    }

    /// Renames the note a declaration value or link at the position leads
    /// to: the file renamed, after the edits that keep every reference to
    /// it (those of [`State::will_rename`]). `new_name` is a file name in
    /// the note's folder, or a path from the vault root when it holds a
    /// `/`; the note's extension is added when it has none.
    fn rename(&self, p: lsp::RenameParams) -> Result<lsp::WorkspaceEdit, String> {
        if !self.renames_files {
            return Err("renaming a note renames its file: this editor does not accept file renames in \
                        workspace edits (documentChanges with the resource operation `rename`)"
                .into());
        }
        let at = &p.text_document_position;
        let target = self.target(&at.text_document.uri, at.position);
        let Some([to]) = target.as_ref().map(|t| &t.notes[..]) else {
            return Err("no note is named here: rename on a successor or predecessor value".into());
        };
        let (Some((vault, _)), Some(_)) = (&self.vault, &self.checked) else {
            return Err("the vault is not read yet".into());
        };
        let new = new_path(vault, *to, &p.new_name)?;
        if vault.id_of(&new).is_some_and(|other| other != *to) {
            return Err(format!("a note is already at `{new}`"));
        }
        let old = &vault.notes[*to].path;
        if *old == new {
            return Ok(lsp::WorkspaceEdit::default());
        }
        let root = self.settings.root();
        let (Some(old_uri), Some(new_uri)) = (uri_of(&root.join(old)), uri_of(&root.join(&new))) else {
            return Err(format!("`{new}` is not a path a file can have"));
        };
        let moves = HashMap::from([(*to, new.clone())]);
        let edits = self.planned(&moves).ok_or_else(|| format!("`{new}` would be two notes' path"))?;
        let mut changes: Vec<lsp::DocumentChangeOperation> = edits
            .into_iter()
            .map(|(uri, edits)| {
                lsp::DocumentChangeOperation::Edit(lsp::TextDocumentEdit {
                    text_document: lsp::OptionalVersionedTextDocumentIdentifier { uri, version: None },
                    edits: edits.into_iter().map(lsp::OneOf::Left).collect(),
                })
            })
            .collect();
        // The edits are of the texts as they are: the file moves after them.
        let rename = lsp::RenameFile { old_uri, new_uri, options: None, annotation_id: None };
        changes.push(lsp::DocumentChangeOperation::Op(lsp::ResourceOp::Rename(rename)));
        Ok(lsp::WorkspaceEdit {
            document_changes: Some(lsp::DocumentChanges::Operations(changes)),
            ..lsp::WorkspaceEdit::default()
        })
    }
}

/// The vault path a note `id` renamed to `typed` gets: a file name in its
/// folder, or a path from the root when it holds or opens with a `/`, with the note's
/// extension unless it has one of the vault's.
fn new_path(vault: &Vault, id: NoteId, typed: &str) -> Result<String, String> {
    let typed = typed.trim().replace('\\', "/");
    let rooted = typed.starts_with('/');
    let typed = typed.trim_start_matches('/');
    let parts: Vec<&str> = typed.split('/').collect();
    if typed.is_empty()
        || parts.iter().any(|p| p.is_empty() || *p == "." || *p == "..")
        || typed.contains(['\0', '\n', '\r'])
    {
        return Err(format!("`{typed}` is not a note's name"));
    }
    let note = &vault.notes[id];
    let path = match (rooted || typed.contains('/'), note.folder()) {
        (false, folder) if !folder.is_empty() => format!("{folder}/{typed}"),
        _ => typed.to_string(),
    };
    if vault.has_note_extension(&path) {
        return Ok(path);
    }
    let extension = note.path.rsplit_once('.').map_or("md", |(_, ext)| ext);
    Ok(format!("{path}.{extension}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultlint_syntax::note::Note;

    fn vault(notes: &[(&str, &str)]) -> Vault {
        let notes = notes.iter().map(|(path, text)| Note::parse(path.to_string(), text)).collect();
        Vault::from_notes("/v".into(), notes)
    }

    #[test]
    fn a_typed_name_stays_in_the_notes_folder_and_keeps_its_extension() {
        let vault = vault(&[("hr/leave.md", "# Leave\n")]);
        assert_eq!(new_path(&vault, 0, "holidays").unwrap(), "hr/holidays.md");
        assert_eq!(new_path(&vault, 0, "holidays.md").unwrap(), "hr/holidays.md");
        assert_eq!(new_path(&vault, 0, "people/holidays").unwrap(), "people/holidays.md");
        assert_eq!(new_path(&vault, 0, "/v1.2").unwrap(), "v1.2.md");
        assert!(new_path(&vault, 0, "../out").is_err());
        assert!(new_path(&vault, 0, " ").is_err());
    }

    #[test]
    fn each_reference_keeps_its_form() {
        let vault = vault(&[
            ("hr/leave.md", "# Leave\n"),
            (
                "hr/leave-2024.md",
                "---\nsuperseded_by: \"[[leave]]\"\n---\nSee [the policy](leave.md#days).\n",
            ),
            ("old.md", "---\nsupersedes: 'hr/leave'\nsuperseded_by: hr/leave.md\n---\n[[hr/leave|Leave]]\n"),
        ]);
        let graph = vaultlint_model::graph::Graph::build(&vault);
        let moves = HashMap::from([(vault.id_of("hr/leave.md").unwrap(), "hr/holidays.md".to_string())]);
        let edits = kept_references(&vault, &graph.declared, &moves).unwrap();
        let made = |path: &str| {
            let note = vault.id_of(path).unwrap();
            let text = match path {
                "hr/leave-2024.md" => {
                    "---\nsuperseded_by: \"[[leave]]\"\n---\nSee [the policy](leave.md#days).\n"
                }
                _ => "---\nsupersedes: 'hr/leave'\nsuperseded_by: hr/leave.md\n---\n[[hr/leave|Leave]]\n",
            };
            assert_eq!(vault.notes[note].path, path);
            Edit::apply_all(text, &edits[path]).0
        };
        assert_eq!(
            made("hr/leave-2024.md"),
            "---\nsuperseded_by: \"[[holidays]]\"\n---\nSee [the policy](holidays.md#days).\n"
        );
        assert_eq!(
            made("old.md"),
            "---\nsupersedes: 'hr/holidays'\nsuperseded_by: hr/holidays.md\n---\n[[hr/holidays|Leave]]\n"
        );
    }
}
