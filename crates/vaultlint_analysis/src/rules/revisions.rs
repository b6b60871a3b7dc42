//! What a declaration may join: notes whose scopes meet (`scope-mismatch`),
//! and an older note of no higher authority than the newer one
//! (`authority-inversion`).

use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::Diagnostic;
use vaultlint_model::graph::Edge;
use vaultlint_model::vault::{NoteId, Vault};

/// Reports on the declarations of the notes `wanted` marks.
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, graph, wanted) = (cx.vault, cx.graph, &cx.wanted[..]);
    let scope = |id: NoteId| vault.notes[id].scope();
    let declared = |edges: &vaultlint_model::graph::Lists<Edge>| {
        edges
            .iter()
            .enumerate()
            .flat_map(|(older, edges)| edges.iter().map(move |e| (older, *e)))
            .collect::<Vec<_>>()
    };
    let mut all = declared(&graph.edges);
    all.extend(declared(&graph.corrections));
    for (older, edge) in all.into_iter().filter(|(_, e)| e.rule.is_none() && wanted[e.by]) {
        let newer = edge.to;
        let (verb, noun) = if graph.corrections[older].contains(&edge) {
            ("corrects", "correction")
        } else {
            ("supersedes", "successor")
        };
        let (older_scope, newer_scope) = (scope(older), scope(newer));
        if !older_scope.overlaps(newer_scope) {
            let message = format!(
                "`{}` applies to {} and `{}` to {}: their scopes do not overlap, so the {noun} has no effect",
                vault.notes[newer].path,
                newer_scope.describe(),
                vault.notes[older].path,
                older_scope.describe()
            );
            out.push(
                Diagnostic::new(Code::ScopeMismatch, &vault.notes[edge.by].path, message)
                    .at(edge.span, "another scope")
                    .help("name the note for the same scope, or correct the scope values")
                    .related(vec![other(vault, edge.by, older, newer)]),
            );
        }
        if let (Some((old_rank, old)), Some((new_rank, new))) =
            (vault.authority(older), vault.authority(newer))
            && new_rank > old_rank
        {
            let message = format!(
                "`{}` ({new}) {verb} `{}` ({old}), which has higher authority; the declaration has no effect",
                vault.notes[newer].path, vault.notes[older].path
            );
            out.push(
                Diagnostic::new(Code::AuthorityInversion, &vault.notes[edge.by].path, message)
                    .at(edge.span, "lower authority")
                    .help(format!(
                        "a {new} cannot retire a {old}: remove the declaration, or name the right note"
                    ))
                    .related(vec![other(vault, edge.by, older, newer)]),
            );
        }
    }
}

/// The path of the note at the other end of the edge from `by`.
fn other(vault: &Vault, by: NoteId, older: NoteId, newer: NoteId) -> String {
    vault.notes[if by == older { newer } else { older }].path.clone()
}
