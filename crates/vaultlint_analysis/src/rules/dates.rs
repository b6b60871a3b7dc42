//! Dates in frontmatter: each must be a date or a date and time; an
//! effective interval must not end before it starts; and, as of a given
//! day, a review may be overdue and a successor may not be in force yet.

use vaultlint_core::code::Code;
use vaultlint_core::date::{self, Day};
use vaultlint_core::diagnostic::Diagnostic;
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::Vault;
use vaultlint_syntax::frontmatter::ValueKind;
use vaultlint_syntax::keys;

/// Reports on the notes `wanted` marks (and the successors of the edges
/// out of them, where `scheduled-successor` is declared from that side).
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, graph, as_of, wanted) = (cx.vault, cx.graph, cx.options.as_of, &cx.wanted[..]);
    super::note_by_note(vault, |id| of_note(vault, graph, as_of, wanted, id), out);
}

/// The findings on the dates of the note `id`.
fn of_note(vault: &Vault, graph: &Graph, as_of: Day, wanted: &[bool], id: usize) -> Vec<Diagnostic> {
    let note = &vault.notes[id];
    let mut out = Vec::new();
    if !wanted[id] && !graph.edges[id].iter().any(|e| wanted[e.to]) {
        return out;
    }
    let template = vault.is_template(id);
    let dated = note.fields.iter().filter(|f| keys::is_date(&f.key));
    for f in dated.filter(|f| !(template && note.is_placeholder(&f.value))) {
        let key = &f.key;
        let message = match &f.value.kind {
            _ if f.value.is_null() => None,
            ValueKind::Scalar { text, .. } if date::parse(text).is_none() => {
                Some(format!("`{key}` is `{}`, which is not a date", text.trim()))
            }
            ValueKind::Scalar { .. } => None,
            _ => Some(format!("`{key}` is a list or a mapping, not a date")),
        };
        if let Some(message) = message {
            let mut d = Diagnostic::new(Code::InvalidDate, &note.path, message)
                .at(f.value.span, "not a date")
                .help("write a date as `2026-01-15`, or a date and time as `2026-01-15T10:30:00Z`");
            // A date the lifecycle reads is an error when it cannot be read; on
            // the others, which many tools write, it is a warning.
            if keys::find(key).is_none_or(|k| k.role != keys::Role::LifecycleDate) {
                d.severity = vaultlint_core::code::Severity::Warning;
            }
            out.push(d);
        }
    }
    if let (Some(from), Some(to)) = (note.day("effective_from"), note.day("effective_to"))
        && to < from
        && let Some(f) = note.field("effective_to")
    {
        out.push(
            Diagnostic::new(
                Code::EffectiveInterval,
                &note.path,
                format!("`effective_to` {to} is before `effective_from` {from}"),
            )
            .at(f.value.span, "ends before it starts")
            .help("swap the two dates, or correct the one that is wrong"),
        );
    }
    if let Some(due) = note.day("review_due")
        && due < as_of
        && let Some(f) = note.field("review_due")
    {
        out.push(
            Diagnostic::new(
                Code::ReviewOverdue,
                &note.path,
                format!("review was due on {due} (as of {as_of})"),
            )
            .at(f.value.span, "past")
            .help("review the note, then move `review_due` to the next date"),
        );
    }
    scheduled(vault, graph, id, as_of, &mut out);
    out
}

/// `scheduled-successor`: an edge out of note `id` to a successor that has
/// not taken effect on `as_of`, reported where the edge is declared.
fn scheduled(vault: &Vault, graph: &Graph, id: usize, as_of: Day, out: &mut Vec<Diagnostic>) {
    let note = &vault.notes[id];
    for edge in &graph.edges[id] {
        let successor = &vault.notes[edge.to];
        if let Some(from) = successor.day("effective_from")
            && from > as_of
        {
            // Reported where the edge is declared.
            let (path, message, related) = if edge.side.names_newer() {
                (
                    &note.path,
                    format!(
                        "successor `{}` takes effect on {from}; until then this note is the one in force",
                        successor.path
                    ),
                    &successor.path,
                )
            } else {
                (
                    &successor.path,
                    format!(
                        "this note takes effect on {from}; until then `{}`, which it supersedes, is the one in force",
                        note.path
                    ),
                    &note.path,
                )
            };
            out.push(
                Diagnostic::new(Code::ScheduledSuccessor, path, message)
                    .at(edge.span, "not in force yet")
                    .help(format!("nothing to change if {from} is right; check again with `--as-of`"))
                    .related(vec![related.clone()]),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use vaultlint_syntax::note::Note;

    #[test]
    fn only_the_kept_keys_stay_after_parsing() {
        let note = Note::parse("a.md".into(), "---\ntitle: A\nreview_due: 2026-01-01\ntags: [x]\n---\n");
        let keys: Vec<&str> = note.fields.iter().map(|f| f.key.as_ref()).collect();
        assert_eq!(keys, ["review_due"]);
        assert_eq!((&*note.title, note.tags().collect::<Vec<_>>()), ("A", vec!["x"]));
    }
}
