//! Suspected versions: the detector's pairs as findings on the older note,
//! and the dismissal file's own problems.

use crate::diagnostic::Diagnostic;
use crate::rules::Code;
use crate::suggest::Suggestions;
use crate::suggest::direction::Direction;
use crate::suggest::dismissals::{self, Dismissals};
use crate::vault::Vault;

pub fn check(vault: &Vault, suggestions: Option<&Suggestions>, out: &mut Vec<Diagnostic>) {
    let loaded;
    let dismissals = match suggestions {
        Some(s) => &s.dismissals,
        None => {
            loaded = Dismissals::load(&vault.dismissals);
            &loaded
        }
    };
    out.extend(dismissals.problems.iter().cloned());
    out.extend(dismissals.stale(vault));
    let Some(suggestions) = suggestions else { return };
    for pair in &suggestions.pairs {
        let older = &vault.notes[pair.older].path;
        let newer = &vault.notes[pair.newer].path;
        let message = match pair.direction {
            Direction::Confident => {
                format!("looks like an older version of `{newer}` (score {:.2})", pair.score)
            }
            Direction::Uncertain => format!(
                "looks like another version of `{newer}` (score {:.2}); which is older is uncertain",
                pair.score
            ),
        };
        out.push(
            Diagnostic::new(Code::SuspectedVersion, older, message)
                .help(format!(
                    "if it is, add `superseded_by: {newer}` to its frontmatter; if not, `vaultlint suggest --dismiss {older} {newer}` records it in {}",
                    dismissals::FILE
                ))
                .related(vec![newer.clone()]),
        );
    }
}
