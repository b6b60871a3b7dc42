//! `vaultlint check`: index the vault, run the rules, count the findings;
//! with `--fix` or `--diff`, plan the safe fixes and write or show them.

use crate::diagnostic::{Diagnostic, Severity};
use crate::dismissals::Dismissals;
use crate::fix::{self, FileEdit, Skipped};
use crate::graph::Graph;
use crate::progress::{Progress, Silent};
use crate::rules::{self, Slices};
use crate::settings::Settings;
use crate::suggest;
use crate::vault::Vault;

#[derive(Debug, Clone)]
pub struct Report {
    /// Notes walked.
    pub notes: usize,
    /// Sorted by path, then position.
    pub diagnostics: Vec<Diagnostic>,
    /// The vault in numbers.
    pub slices: Slices,
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

    /// Notes reported on: all of them, or those in the focus.
    pub fn checked(&self) -> usize {
        self.slices.notes
    }

    /// Whether the findings fail the run: errors, or warnings when `strict`.
    pub fn failed(&self, strict: bool) -> bool {
        self.errors() > 0 || (strict && self.warnings() > 0)
    }
}

/// Checks a vault already read: builds its graph, runs the version
/// detector when `suggesting`, and runs every rule with the settings'
/// severities, reporting only on the settings' focus.
pub fn analyse(vault: &Vault, settings: &Settings, suggesting: bool, progress: &dyn Progress) -> Report {
    let graph = Graph::build(vault);
    let dismissals: Dismissals = settings.load_dismissals();
    let detector = suggest::Input { vault, graph: &graph, dismissals: &dismissals };
    let suggestions = suggesting.then(|| suggest::find_with(detector, &settings.suggest, progress));
    let input =
        rules::Input { vault, graph: &graph, dismissals: &dismissals, suggestions: suggestions.as_ref() };
    let (mut diagnostics, slices) = rules::run(&input, settings.scope.focus.as_ref(), &settings.rules);
    for path in &settings.scope.missing {
        let message = "cannot read note: no such file";
        diagnostics.push(Diagnostic::new(crate::code::Code::UnreadableNote, path, message));
    }
    crate::diagnostic::sort(&mut diagnostics);
    Report { notes: vault.notes.len(), diagnostics, slices }
}

/// What `check` does beyond reporting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Report,
    /// `--fix`: write the safe fixes, then report what is left.
    Fix,
    /// `--diff`: plan the safe fixes and show them; write nothing.
    Diff,
}

/// A finished check.
pub struct Checked {
    pub vault: Vault,
    /// The findings; after `--fix`, those left in the edited vault.
    pub report: Report,
    /// `--diff`: the edits planned. `--fix`: the edits written.
    pub edits: Vec<FileEdit>,
    /// Files whose fixes could not be made, and why.
    pub skipped: Vec<Skipped>,
}

impl Checked {
    /// How many fixes the edits make.
    pub fn fixes(&self) -> usize {
        self.edits.iter().map(|e| e.fixes).sum()
    }
}

pub fn run(
    settings: &Settings,
    mode: Mode,
    no_suggest: bool,
    progress: &dyn Progress,
) -> Result<Checked, String> {
    // `--diff` shows link fixes only, so the similarity pass would be
    // wasted; and a rule turned off costs nothing.
    let suggesting = !no_suggest && mode != Mode::Diff && settings.suspects_versions();
    let reading = settings.reading(suggesting, mode != Mode::Report, true);
    let vault = super::load(settings, reading, progress)?;
    let report = analyse(&vault, settings, suggesting, progress);
    progress.finish();
    if mode == Mode::Report {
        return Ok(Checked { vault, report, edits: Vec::new(), skipped: Vec::new() });
    }
    let (planned, mut skipped) = fix::plan(settings.root(), fix::safe(&report.diagnostics));
    if mode == Mode::Diff {
        return Ok(Checked { vault, report, edits: planned, skipped });
    }
    let mut written = Vec::new();
    for edit in planned {
        match fix::write(&edit) {
            Ok(()) => written.push(edit),
            Err(e) => skipped.push(Skipped { path: edit.path.clone(), reason: e.to_string() }),
        }
    }
    if written.is_empty() {
        return Ok(Checked { vault, report, edits: written, skipped });
    }
    // Report the vault as it is now: positions after an edit moved.
    std::mem::forget(vault);
    let vault = super::load(settings, settings.reading(suggesting, false, true), &Silent)?;
    let report = analyse(&vault, settings, suggesting, &Silent);
    Ok(Checked { vault, report, edits: written, skipped })
}
