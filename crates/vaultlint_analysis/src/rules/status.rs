//! The `status` key: its value must be one of the vault's statuses
//! (`unknown-status`), and it must tell the same story as the
//! declarations (`status-conflict`).

use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::Diagnostic;
use vaultlint_model::lifecycle::Standing;

/// The statuses a vault uses unless its config names others.
pub const DEFAULT_STATUSES: &[&str] =
    &["draft", "scheduled", "active", "superseded", "revoked", "deleted", "quarantined", "unknown"];

/// Statuses that say a note was replaced, so a successor should be declared.
const REPLACED: &[&str] = &["superseded", "obsolete", "deprecated"];
/// Statuses that say a note is the one in force.
const CURRENT: &[&str] = &["active", "current"];
/// Words vaults often use, and the default status each means; the help
/// of `unknown-status` offers these before a merely similar spelling.
const SYNONYMS: &[(&str, &str)] = &[
    ("current", "active"),
    ("published", "active"),
    ("live", "active"),
    ("approved", "active"),
    ("in-force", "active"),
    ("deprecated", "superseded"),
    ("obsolete", "superseded"),
    ("replaced", "superseded"),
    ("outdated", "superseded"),
    ("archived", "superseded"),
    ("retired", "revoked"),
    ("withdrawn", "revoked"),
    ("rescinded", "revoked"),
    ("cancelled", "revoked"),
    ("canceled", "revoked"),
    ("removed", "deleted"),
    ("wip", "draft"),
    ("proposed", "draft"),
    ("planned", "scheduled"),
    ("upcoming", "scheduled"),
];

/// The known status closest to `value`: its usual meaning where it is a
/// common synonym, else the most similar spelling.
fn closest<'a>(value: &str, known: &'a [String]) -> Option<&'a str> {
    if let Some((_, meant)) = SYNONYMS.iter().find(|(word, _)| *word == value)
        && let Some(k) = known.iter().find(|k| k == meant)
    {
        return Some(k);
    }
    vaultlint_core::text::closest(value, known.iter().map(String::as_str), 0.75)
}

/// `statuses` are lower-cased. A note whose successor has not taken
/// effect yet (scheduled, or a draft) is rightly still `active`.
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, graph, life, wanted) = (cx.vault, cx.graph, cx.life(), &cx.wanted[..]);
    let statuses = &cx.options.statuses[..];
    for (id, note) in vault.notes.iter().enumerate().filter(|&(id, _)| wanted[id]) {
        let Some((status, span)) = note.status() else { continue };
        if vault.is_template(id) && note.field("status").is_some_and(|f| note.is_placeholder(&f.value)) {
            continue;
        }
        let lower = status.to_lowercase();
        if !statuses.contains(&lower) {
            let mut d = Diagnostic::new(
                Code::UnknownStatus,
                &note.path,
                format!("status `{status}` is not one of the vault's statuses"),
            )
            .at(*span, "unknown status");
            d = match closest(&lower, statuses) {
                Some(near) => d.help(format!("did you mean `{near}`? Known: {}", statuses.join(", "))),
                None => d.help(format!("use one of: {}", statuses.join(", "))),
            };
            out.push(d);
        }
        let superseded = graph.superseded(id);
        if REPLACED.contains(&lower.as_str()) && !superseded && note.successor().is_none() {
            out.push(
                Diagnostic::new(
                    Code::StatusConflict,
                    &note.path,
                    format!("status is `{status}` but no successor is declared"),
                )
                .at(*span, "says the note is retired")
                .help(format!(
                    "add `{}:` naming the note that replaces this one, or change the status",
                    vault.successor_key()
                )),
            );
        } else if CURRENT.contains(&lower.as_str())
            && matches!(life.states[id].standing, Standing::Superseded | Standing::Cycle)
        {
            let why = match (note.successor(), graph.edges[id].first()) {
                (Some(field), _) => {
                    format!("the note declares a successor at line {}", field.key_span.line())
                }
                (None, Some(edge)) => format!("`{}` says it supersedes this note", vault.notes[edge.by].path),
                (None, None) => "the note is superseded".to_string(),
            };
            out.push(
                Diagnostic::new(Code::StatusConflict, &note.path, format!("status is `{status}` but {why}"))
                    .at(*span, "says the note is current")
                    .help("set `status: superseded`, or remove the declaration"),
            );
        }
    }
}
