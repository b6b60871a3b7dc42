//! `vaultlint check`: index the vault, run the rules, count the findings;
//! with `--fix` or `--diff`, plan the safe fixes and write or show them.

use crate::fix::{self, FileEdit, Skipped};
use crate::settings::{Settings, SettingsError};
use crate::sources::FileSources;
use std::path::Path;
use vaultlint_analysis::baseline;
use vaultlint_analysis::rules::{self, Slices};
use vaultlint_analysis::suggest;
use vaultlint_core::diagnostic::{Diagnostic, Severity, Sources};
use vaultlint_core::progress::{Progress, Silent};
use vaultlint_model::dismissals::Dismissals;
use vaultlint_model::graph::Graph;
use vaultlint_model::vault::Vault;

/// What `check` found: the findings, sorted, and the vault in numbers;
/// what every renderer draws from.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Report {
    /// Notes walked.
    pub notes: usize,
    /// Sorted by path, then position.
    pub diagnostics: Vec<Diagnostic>,
    /// The vault in numbers.
    pub slices: Slices,
    /// With `--baseline`: the findings it holds, and its entries gone.
    /// `diagnostics` then holds only the new findings.
    #[serde(skip)]
    pub baseline: Option<Baselined>,
}

/// What a baseline held of a check.
#[derive(Debug, Clone, Default)]
pub struct Baselined {
    pub unchanged: Vec<Diagnostic>,
    pub gone: Vec<baseline::Gone>,
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
/// severities, reporting only on the settings' focus. The rules' findings
/// are not placed on lines yet: [`run`] and [`run_stdin`] place them on
/// the text they checked ([`vaultlint_core::diagnostic::locate`]).
pub fn analyse(
    loaded: &super::Loaded,
    settings: &Settings,
    suggesting: bool,
    progress: &dyn Progress,
) -> Report {
    let vault = &loaded.vault;
    let graph = Graph::build(vault);
    analyse_with_graph(vault, &graph, settings, &loaded.rules, &loaded.cache, suggesting, progress)
}

/// [`analyse`] with the vault's graph already built.
pub fn analyse_with_graph(
    vault: &Vault,
    graph: &Graph,
    settings: &Settings,
    rules: &rules::Options,
    cache: &super::CacheState,
    suggesting: bool,
    progress: &dyn Progress,
) -> Report {
    let dismissals: Dismissals = settings.load_dismissals();
    let history = crate::git::GitHistory { root: &vault.root };
    let detector = suggest::Input { vault, graph, dismissals: &dismissals, history: &history };
    let suggestions = suggesting.then(|| super::find_pairs(detector, settings, cache, progress));
    let sources = crate::sources::FileSources::new(&vault.root);
    let input = rules::Input {
        vault,
        graph,
        dismissals: &dismissals,
        suggestions: suggestions.as_ref(),
        sources: &sources,
    };
    let (mut diagnostics, slices) = rules::run(&input, settings.scope.focus.as_ref(), rules);
    for path in &settings.scope.missing {
        let message = "cannot read note: no such file";
        diagnostics.push(Diagnostic::new(vaultlint_core::code::Code::UnreadableNote, path, message));
    }
    vaultlint_core::diagnostic::sort(&mut diagnostics);
    Report { notes: vault.notes.len(), diagnostics, slices, baseline: None }
}

/// `report` with its findings placed on the lines of their notes' text
/// as `sources` give it ([`Diagnostic::position`]): the one place the
/// rules' findings get a line and column.
fn located(mut report: Report, sources: &dyn Sources) -> Report {
    vaultlint_core::diagnostic::locate(&mut report.diagnostics, sources);
    report
}

/// The text of a note an editor holds, from `input` (standard input).
pub fn read_note_text(input: &mut dyn std::io::Read) -> Result<String, String> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(|e| format!("cannot read standard input: {e}"))?;
    String::from_utf8(bytes).map_err(|_| "standard input is not valid UTF-8".to_string())
}

/// `check --stdin-filename PATH -`: the note at `path` (vault-relative)
/// read from `text`, as an editor holds it unsaved, checked against the
/// rest of the vault on disk; it need not exist on disk yet. With `fix`,
/// the safe fixes of that note are made in the text, which is returned,
/// and the findings are those left; nothing is written.
pub fn run_stdin(
    settings: &Settings,
    path: &str,
    text: &str,
    fix: bool,
    no_suggest: bool,
    progress: &dyn Progress,
) -> Result<(Checked, String), SettingsError> {
    let suggesting = !no_suggest && settings.suspects_versions();
    let reading = settings.reading(suggesting, false, true);
    let super::Loaded { vault, rules, cache } = super::load(settings, reading, progress)?;
    let vault = vault.with_note(vaultlint_syntax::note::Note::parse_with(path.to_string(), text, reading));
    let mut loaded = super::Loaded { vault, rules, cache };
    let mut report = analyse(&loaded, settings, suggesting, progress);
    progress.finish();
    let mut text = text.to_string();
    if fix {
        let fixed = fix::in_text(&text, report.diagnostics.iter().filter(|d| d.path == path));
        if fixed != text {
            text = fixed;
            let super::Loaded { vault, rules, cache } = loaded;
            let vault =
                vault.with_note(vaultlint_syntax::note::Note::parse_with(path.to_string(), &text, reading));
            loaded = super::Loaded { vault, rules, cache };
            report = analyse(&loaded, settings, suggesting, &Silent);
        }
    }
    let files = FileSources::new(settings.root());
    let sources = crate::sources::Overlay { files, path: path.to_string(), text: text.as_str().into() };
    Ok((Checked::of(loaded.vault, located(report, &sources), Vec::new(), Vec::new()), text))
}

/// `--baseline FILE`: keeps only the findings the file does not hold, and
/// notes which it held and which of its entries nothing matches now.
pub fn against_baseline(
    checked: &mut Checked,
    settings: &Settings,
    sources: &dyn Sources,
    file: &Path,
) -> Result<(), SettingsError> {
    let cannot =
        |why: String| SettingsError::Usage(format!("cannot use the baseline {}: {why}", file.display()));
    let text = crate::files::read_regular(file)
        .and_then(|b| String::from_utf8(b).map_err(std::io::Error::other))
        .map_err(|e| cannot(e.to_string()))?;
    let entries = baseline::parse(&text).map_err(cannot)?;
    let focus = settings.scope.focus.as_ref();
    let diagnostics = std::mem::take(&mut checked.report.diagnostics);
    let compared =
        baseline::compare(diagnostics, &entries, sources, &|path| checked.has_note(path), &|path| {
            focus.is_none_or(|f| f.contains(path))
        });
    let report = &mut checked.report;
    report.diagnostics = compared.new;
    report.baseline = Some(Baselined { unchanged: compared.unchanged, gone: compared.gone });
    Ok(())
}

/// `--write-baseline FILE`: records the findings, or with `--baseline`
/// only those it already held (so fixed ones leave it and new ones do not
/// enter). Says how many entries it wrote.
pub fn write_baseline(report: &Report, sources: &dyn Sources, file: &Path) -> Result<usize, SettingsError> {
    let findings: Vec<&Diagnostic> = match &report.baseline {
        Some(held) => held.unchanged.iter().collect(),
        None => report.diagnostics.iter().collect(),
    };
    let entries = baseline::entries(&findings, sources);
    crate::edit::write_output(file, baseline::render(&entries).as_bytes())
        .map_err(|e| SettingsError::Usage(format!("cannot write the baseline {}: {e}", file.display())))?;
    Ok(findings.len())
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
    /// The vault read; `None` when the last run's findings held (nothing
    /// that could change them had changed), and no note was read.
    pub vault: Option<Vault>,
    /// Then, the paths of the vault's notes, sorted.
    pub paths: Vec<String>,
    /// The findings; after `--fix`, those left in the edited vault.
    pub report: Report,
    /// `--diff`: the edits planned. `--fix`: the edits written.
    pub edits: Vec<FileEdit>,
    /// Files whose fixes could not be made, and why.
    pub skipped: Vec<Skipped>,
}

impl Checked {
    fn of(vault: Vault, report: Report, edits: Vec<FileEdit>, skipped: Vec<Skipped>) -> Checked {
        Checked { vault: Some(vault), paths: Vec::new(), report, edits, skipped }
    }

    /// Whether the vault has a note at `path`.
    pub fn has_note(&self, path: &str) -> bool {
        match &self.vault {
            Some(vault) => vault.id_of(path).is_some(),
            None => self.paths.binary_search_by(|p| p.as_str().cmp(path)).is_ok(),
        }
    }

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
) -> Result<Checked, SettingsError> {
    // `--diff` shows link fixes only, so the similarity pass would be
    // wasted; and a rule turned off costs nothing.
    let suggesting = !no_suggest && mode != Mode::Diff && settings.suspects_versions();
    let reading = settings.reading(suggesting, mode != Mode::Report, true);
    let (walked, rules) = super::walk(settings, progress)?;
    let mut memo = match (&settings.cache, mode) {
        (Some(cache), Mode::Report) => Some((cache, memo_key(settings, &walked, &rules, suggesting))),
        _ => None,
    };
    if let Some((cache, MemoKey { key, latest, limit, .. })) = &memo
        && let Some(memo) =
            cache.load::<Memo>(MEMO, *key, *limit).filter(|m| latest.is_none_or(|t| t < m.started))
    {
        progress.finish();
        let paths = walked.entries.into_iter().map(|e| e.path).collect();
        return Ok(Checked {
            vault: None,
            paths,
            report: memo.report,
            edits: Vec::new(),
            skipped: Vec::new(),
        });
    }
    let started = crate::cache::now();
    let stamps = memo.as_mut().map(|(_, key)| std::mem::take(&mut key.stamps));
    let (super::Loaded { vault, .. }, report) =
        super::read_then(settings, walked, stamps, rules, reading, progress, |loaded| {
            located(analyse(loaded, settings, suggesting, progress), &FileSources::new(settings.root()))
        });
    progress.finish();
    if mode == Mode::Report {
        if let Some((cache, MemoKey { key, .. })) = memo {
            let _ = cache.store(MEMO, key, &Memo { started, report: &report });
        }
        return Ok(Checked::of(vault, report, Vec::new(), Vec::new()));
    }
    let (planned, mut skipped) = fix::plan(settings.root(), fix::safe(&report.diagnostics));
    if mode == Mode::Diff {
        return Ok(Checked::of(vault, report, planned, skipped));
    }
    let mut written = Vec::new();
    for edit in planned {
        match fix::write(&edit) {
            Ok(()) => written.push(edit),
            Err(e) => skipped.push(Skipped { path: edit.path.clone(), reason: e.to_string() }),
        }
    }
    if written.is_empty() {
        return Ok(Checked::of(vault, report, written, skipped));
    }
    // Report the vault as it is now: positions after an edit moved.
    std::mem::forget(vault);
    let loaded = super::load(settings, settings.reading(suggesting, false, true), &Silent)?;
    let report = located(analyse(&loaded, settings, suggesting, &Silent), &FileSources::new(settings.root()));
    Ok(Checked::of(loaded.vault, report, written, skipped))
}

/// The file of the last check's findings in the cache folder.
const MEMO: &str = "check";

/// The findings of the last check, and when it started reading; `R` is
/// `&Report` when they are written.
#[derive(serde::Serialize, serde::Deserialize)]
struct Memo<R = Report> {
    started: i64,
    report: R,
}

/// The key of the findings of a check: everything they depend on but the
/// text of the notes (the version, the settings and those of the configs
/// in subfolders, the as-of day, the dismissals, the git history when it
/// is read) and the stamp of every note's file (its size, times, inode,
/// device and mode). Also the latest time a file was written, offset for
/// coarse timestamps: the findings hold only if they were made after it.
fn memo_key(
    settings: &Settings,
    walked: &crate::walk::Walked,
    rules: &rules::Options,
    suggesting: bool,
) -> MemoKey {
    use rayon::prelude::*;
    let stamps: Vec<Option<crate::cache::Stamp>> =
        walked.entries.par_iter().map(|e| crate::cache::Stamp::of_file(&e.file(settings.root()))).collect();
    let latest = stamps.iter().map(|s| s.map_or(i64::MAX, |s| s.racy_until())).max();
    let mut focused = settings.clone();
    let focus = focused.scope.focus.take().map(|f| {
        let mut notes: Vec<String> = f.notes.into_iter().collect();
        notes.sort_unstable();
        (notes, f.folders)
    });
    let git = (suggesting && settings.suggest.git).then(|| crate::git::state(settings.root()));
    let described = format!(
        "{suggesting} {focused:?} {focus:?} {rules:?} {git:?} {:?} {:?} {:?}",
        walked.problems,
        walked.configs,
        settings.read_dismissals().ok()
    );
    // Written field by field: formatting a line per note took a twentieth
    // of a warm run at 100k notes.
    let mut entries = Vec::with_capacity(walked.entries.len() * 80);
    for (entry, stamp) in walked.entries.iter().zip(&stamps) {
        // A path holds no NUL, so each part's end is known.
        entries.extend_from_slice(entry.path.as_bytes());
        entries.push(0);
        match entry.kind {
            crate::walk::EntryKind::File => entries.push(0),
            crate::walk::EntryKind::Special(what) => {
                entries.push(1);
                entries.extend_from_slice(what.as_bytes());
                entries.push(0);
            }
        }
        match stamp {
            Some(s) => {
                entries.push(1);
                entries.extend_from_slice(&s.size.to_le_bytes());
                entries.extend_from_slice(&s.modified.to_le_bytes());
                entries.extend_from_slice(&s.changed.to_le_bytes());
                entries.extend_from_slice(&s.inode.to_le_bytes());
                entries.extend_from_slice(&s.device.to_le_bytes());
                entries.extend_from_slice(&s.mode.to_le_bytes());
            }
            None => entries.push(0),
        }
    }
    let kept = vaultlint_syntax::keys::digest().to_le_bytes();
    let key =
        crate::cache::key([env!("CARGO_PKG_VERSION").as_bytes(), described.as_bytes(), &entries, &kept]);
    let bytes = stamps.iter().flatten().map(|s| s.size).fold(0u64, u64::saturating_add);
    let limit = crate::cache::limit(stamps.len(), bytes);
    MemoKey { key, latest, limit, stamps }
}

/// What [`memo_key`] finds: the key, the latest time a note's file may
/// have been written, the most the findings' file may hold, and the
/// stamps of the walk's files in its order (which the run reuses when the
/// findings do not hold).
struct MemoKey {
    key: u64,
    latest: Option<i64>,
    /// The most the findings' file may hold ([`crate::cache::limit`]).
    limit: u64,
    stamps: Vec<Option<crate::cache::Stamp>>,
}
