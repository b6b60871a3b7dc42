//! `status-conflict`: the `status` key and the successor declaration must
//! tell the same story.

use crate::diagnostic::Diagnostic;
use crate::rules::Code;
use crate::vault::Vault;

const RETIRED: &[&str] = &["superseded", "obsolete", "deprecated"];
const CURRENT: &[&str] = &["active", "current"];

pub fn check(vault: &Vault, out: &mut Vec<Diagnostic>) {
    for note in &vault.notes {
        let Some((status, span)) = &note.status else { continue };
        let lower = status.to_lowercase();
        match &note.successor {
            None if RETIRED.contains(&lower.as_str()) => out.push(
                Diagnostic::new(
                    Code::StatusConflict,
                    &note.path,
                    format!("status is `{status}` but no successor is declared"),
                )
                .at(*span, "says the note is retired")
                .help("add `superseded_by:` naming the note that replaces this one, or change the status"),
            ),
            Some(field) if CURRENT.contains(&lower.as_str()) => out.push(
                Diagnostic::new(
                    Code::StatusConflict,
                    &note.path,
                    format!(
                        "status is `{status}` but the note declares a successor at line {}",
                        field.key_span.line
                    ),
                )
                .at(*span, "says the note is current")
                .help("set `status: superseded`, or remove the successor declaration"),
            ),
            _ => {}
        }
    }
}
