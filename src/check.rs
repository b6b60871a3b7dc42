//! `vaultlint check`: index the vault, run the rules, count the findings.

use crate::diagnostic::{Diagnostic, Severity};
use crate::progress::Progress;
use crate::root::Focus;
use crate::rules;
use crate::suggest;
use crate::vault::Vault;

#[derive(Debug, Clone)]
pub struct Report {
    /// Notes walked.
    pub notes: usize,
    /// Sorted by path, then position.
    pub diagnostics: Vec<Diagnostic>,
    /// The vault in numbers.
    pub slices: rules::Slices,
}

impl Report {
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == severity).count()
    }

    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }
}

/// Checks the whole vault; with `focus`, reports only findings on those
/// vault-relative paths. With `suggest`, the version detector runs too and
/// each pair it finds is a `suspected-version` finding. Date rules judge
/// the vault as it stood on `settings.as_of`.
pub fn check(
    vault: &Vault,
    focus: Option<&Focus>,
    suggest: Option<&suggest::Options>,
    settings: &rules::Settings,
    progress: &dyn Progress,
) -> Report {
    let suggestions = suggest.map(|options| suggest::find_with(vault, options, progress));
    let (diagnostics, slices) = rules::run(vault, focus, suggestions.as_ref(), settings);
    Report { notes: vault.notes.len(), diagnostics, slices }
}
