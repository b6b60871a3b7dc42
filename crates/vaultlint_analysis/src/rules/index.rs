//! `unhonoured-declaration`: with an `[index]` contract in the config,
//! every note out of force by a successor must say so in the form the
//! indexer that reads the vault honours, or that indexer serves it as
//! current, or points a reader of its history to the wrong place.

use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::{Diagnostic, Edit, Fix};
use vaultlint_model::graph::Edge;
use vaultlint_model::lifecycle::Standing;
use vaultlint_model::vault::NoteId;
use vaultlint_syntax::frontmatter::ValueKind;
use vaultlint_syntax::note::{Relation, Side};
use vaultlint_syntax::splice;
use vaultlint_syntax::splice::yaml_scalar;

/// What the indexer that reads the vault honours of a declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexContract {
    /// The preset it was made from, as the config names it.
    pub preset: &'static str,
    /// The successor keys it reads; the first is the one written.
    pub keys: Vec<String>,
    /// Whether a list of successors counts (else only a single string).
    pub lists: bool,
    /// Whether the value must be the successor's path from the vault root
    /// with its extension (else any form vaultlint resolves).
    pub paths: bool,
    /// Whether `supersedes` on the newer note alone retires the older.
    pub supersedes: bool,
    /// Whether a `status` alone (`superseded`, `revoked`) retires a note.
    pub status: bool,
}

impl IndexContract {
    /// The presets, by name: `superseded-by-path` honours one key,
    /// `superseded_by`, holding a single path from the vault root with its
    /// extension, and nothing else (the form many indexers read);
    /// `generic` honours everything vaultlint reads.
    pub const PRESETS: [&'static str; 2] = ["superseded-by-path", "generic"];

    /// The contract a preset names; `None` for no such preset.
    pub fn preset(name: &str, successor_keys: &[String]) -> Option<IndexContract> {
        match name {
            "superseded-by-path" => Some(IndexContract {
                preset: "superseded-by-path",
                keys: vec!["superseded_by".into()],
                lists: false,
                paths: true,
                supersedes: false,
                status: false,
            }),
            "generic" => Some(IndexContract {
                preset: "generic",
                keys: successor_keys.to_vec(),
                lists: true,
                paths: false,
                supersedes: true,
                status: true,
            }),
            _ => None,
        }
    }

    fn key(&self) -> &str {
        self.keys.first().map_or("superseded_by", String::as_str)
    }
}

/// Reports each note out of force by a successor whose retirement the
/// contract's indexer would not see, or would see with a wrong pointer.
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let Some(contract) = &cx.options.index else { return };
    let (vault, graph, life) = (cx.vault, cx.graph, cx.life());
    for id in (0..vault.notes.len()).filter(|&id| cx.wanted[id] && !vault.is_template(id)) {
        if !matches!(life.states[id].standing, Standing::Superseded | Standing::Revoked) {
            continue;
        }
        // Folder rules are the config's: an indexer reads the eligibility
        // map or the ignore file for those copies, never their frontmatter.
        if graph.edges[id].iter().any(|e| e.rule.is_some()) {
            continue;
        }
        let edges: Vec<&Edge> =
            graph.edges[id].iter().filter(|e| e.side.relation() == Relation::Supersession).collect();
        let successors: Vec<NoteId> = {
            let mut to: Vec<NoteId> = edges.iter().map(|e| e.to).collect();
            to.sort_unstable();
            to.dedup();
            to
        };
        if let Some(d) = unhonoured(cx, contract, id, &edges, &successors) {
            out.push(d);
        }
    }
}

/// The finding on note `id`, retired by `edges` (to `successors`), if its
/// indexer would not see it so.
fn unhonoured(
    cx: &super::Context,
    contract: &IndexContract,
    id: NoteId,
    edges: &[&Edge],
    successors: &[NoteId],
) -> Option<Diagnostic> {
    let vault = cx.vault;
    let note = &vault.notes[id];
    let path_of = |to: NoteId| vault.notes[to].path.clone();
    let Some(field) = note.successor() else {
        if edges.is_empty() {
            // Retired by its status alone.
            if contract.status {
                return None;
            }
            let (status, span) = note.status()?;
            return Some(
                Diagnostic::new(
                    Code::UnhonouredDeclaration,
                    &note.path,
                    format!(
                        "status `{status}` retires the note, but the indexer (`{}`) reads only `{}`: it serves the note as current",
                        contract.preset,
                        contract.key()
                    ),
                )
                .at(*span, "not read by the indexer")
                .help(format!("add `{}:` naming the note that replaces this one", contract.key())),
            );
        }
        if contract.supersedes {
            return None;
        }
        // Only the newer note says so (`supersedes`).
        let by = edges.iter().find(|e| e.side == Side::Predecessor)?;
        let newer = &vault.notes[by.by].path;
        let fix = match successors {
            [to] => insertion(cx, contract, id, &path_of(*to)),
            _ => None,
        };
        return Some(
            Diagnostic::new(
                Code::UnhonouredDeclaration,
                &note.path,
                format!(
                    "only `{newer}` says it supersedes this note; the indexer (`{}`) reads `{}` on the older note, so it serves this one as current",
                    contract.preset,
                    contract.key()
                ),
            )
            .help(match successors {
                [to] => format!("add `{}: {}`", contract.key(), yaml_scalar(&path_of(*to))),
                _ => format!("add `{}:` naming the note in force", contract.key()),
            })
            .related(vec![newer.clone()])
            .fix(fix),
        );
    };
    let key_read = contract.keys.iter().any(|k| **k == *field.key);
    let list = matches!(field.value.kind, ValueKind::Seq(_));
    let values = field.value.strings();
    let single_path = match (&values[..], successors) {
        ([value], [to]) => !contract.paths || **value == vault.notes[*to].path,
        _ => !contract.paths,
    };
    let mut wrong = Vec::new();
    if !key_read {
        wrong.push(format!("it reads `{}`, not `{}`", contract.key(), field.key));
    }
    if list && !contract.lists {
        wrong.push("it ignores a list".to_string());
    }
    if !single_path {
        wrong.push(
            "it takes the value as the successor's path from the vault root, with its extension".to_string(),
        );
    }
    if wrong.is_empty() {
        return None;
    }
    let serves = !key_read || list && !contract.lists;
    let effect =
        if serves { "it serves the note as current" } else { "its pointer to the successor is wrong" };
    let fix = match successors {
        [to] => rewrite(cx, contract, id, &path_of(*to)),
        _ => None,
    };
    Some(
        Diagnostic::new(
            Code::UnhonouredDeclaration,
            &note.path,
            format!(
                "the indexer (`{}`) does not honour this declaration: {}; {effect}",
                contract.preset,
                wrong.join(", ")
            ),
        )
        .at(field.key_span, "not in the form the indexer reads")
        .help(match successors {
            [to] => format!("write `{}: {}`", contract.key(), yaml_scalar(&path_of(*to))),
            _ => "name one successor: the indexer takes one".to_string(),
        })
        .fix(fix),
    )
}

/// The safe fix adding `key: path` to note `id`, which declares nothing.
fn insertion(cx: &super::Context, contract: &IndexContract, id: NoteId, path: &str) -> Option<Fix> {
    let head = crate::suggest::apply::head(&cx.vault.notes[id], cx.input.sources)?;
    let edit = splice::successor_edit(&head, path, &[contract.key()]).ok()??;
    Some(Fix::safe(edit, cx.vault.notes[id].digest))
}

/// The safe fix rewriting note `id`'s declaration as `key: path`: the key
/// renamed where the indexer reads another, the value made the path.
fn rewrite(cx: &super::Context, contract: &IndexContract, id: NoteId, path: &str) -> Option<Fix> {
    let note = &cx.vault.notes[id];
    let field = note.successor()?;
    let head = crate::suggest::apply::head(note, cx.input.sources)?;
    let value = splice::successor_edit(&head, path, &[&field.key]).ok()?;
    let rename = (*field.key != *contract.key()).then(|| Edit {
        offset: field.key_span.offset(),
        original: field.key.to_string(),
        replacement: contract.key().to_string(),
    });
    let edit = match (value, rename) {
        (Some(value), Some(rename)) => Edit::joined(&head, rename, value)?,
        (Some(edit), None) | (None, Some(edit)) => edit,
        (None, None) => return None,
    };
    Some(Fix::safe(edit, note.digest))
}
