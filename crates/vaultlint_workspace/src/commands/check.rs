//! `vaultlint check`: index the vault, run the rules, count the findings;
//! with `--fix` or `--diff`, plan the safe fixes and write or show them.

use crate::fix::{self, FileEdit, Skipped};
use crate::places::Places;
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
/// the text they checked ([`crate::places::locate`]).
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
/// as `sources` give it, or where `earlier` placed them on the same text
/// ([`Diagnostic::position`]): the one place the rules' findings get a
/// line and column. Also the places made, for the next run.
fn located(
    mut report: Report,
    sources: &(dyn Sources + Sync),
    vault: &Vault,
    earlier: &Places,
) -> (Report, Places) {
    let placed = crate::places::locate(&mut report.diagnostics, sources, vault, earlier);
    (report, placed)
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
/// the fixes of that note that `check --fix` makes (the unsafe ones too
/// with `unsafe_fixes`) are made in the text, which is returned, and the
/// findings are those left; nothing is written.
#[allow(clippy::too_many_arguments)]
pub fn run_stdin(
    settings: &Settings,
    path: &str,
    text: &str,
    fix: bool,
    unsafe_fixes: bool,
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
        let fixed = fix::in_text(&text, report.diagnostics.iter().filter(|d| d.path == path), unsafe_fixes);
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
    let (report, _) = located(report, &sources, &loaded.vault, &Places::default());
    Ok((Checked::of(loaded.vault, report, Vec::new(), Vec::new()), text))
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
    /// `--fix`: write the fixes, then report what is left.
    Fix,
    /// `--diff`: plan the fixes and show them; write nothing.
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
    /// The findings whose fixes `edits` make, as they were found before.
    pub fixed: Vec<Diagnostic>,
}

impl Checked {
    fn of(vault: Vault, report: Report, edits: Vec<FileEdit>, skipped: Vec<Skipped>) -> Checked {
        Checked { vault: Some(vault), paths: Vec::new(), report, edits, skipped, fixed: Vec::new() }
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
        self.edits.iter().map(|e| e.made.len()).sum()
    }
}

/// The findings of `diagnostics` whose fixes `edits` make.
fn made_by(diagnostics: &[Diagnostic], edits: &[FileEdit]) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| {
            d.fix.as_ref().is_some_and(|f| edits.iter().any(|e| e.path == d.path && e.made.contains(&f.edit)))
        })
        .cloned()
        .collect()
}

/// Checks the vault; with `Mode::Fix` or `Mode::Diff`, writes or plans
/// the fixes `check --fix` makes: the safe ones, and with `unsafe_fixes`
/// the unsafe ones too.
pub fn run(
    settings: &Settings,
    mode: Mode,
    unsafe_fixes: bool,
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
    if let Some((cache, key)) = &memo
        && let Some(report) = load_memo(cache, key, &walked.entries)
    {
        progress.finish();
        let paths = walked.entries.into_iter().map(|e| e.path).collect();
        return Ok(Checked {
            vault: None,
            paths,
            report,
            edits: Vec::new(),
            skipped: Vec::new(),
            fixed: Vec::new(),
        });
    }
    let started = crate::cache::now();
    let stamps = memo.as_mut().map(|(_, key)| std::mem::take(&mut key.stamps));
    let earlier = memo.as_ref().map(|(cache, key)| Places::load(cache, key.limit)).unwrap_or_default();
    let (super::Loaded { vault, .. }, (report, placed)) =
        super::read_then(settings, walked, stamps, rules, reading, progress, |loaded| {
            let report = analyse(loaded, settings, suggesting, progress);
            located(report, &FileSources::new(settings.root()), &loaded.vault, &earlier)
        });
    progress.finish();
    if mode == Mode::Report {
        if let Some((cache, MemoKey { key, .. })) = memo {
            let _ = cache.store(MEMO, key, &Memo { started, report: &report });
            if placed != earlier {
                let _ = placed.store(cache);
            }
        }
        return Ok(Checked::of(vault, report, Vec::new(), Vec::new()));
    }
    let (planned, mut skipped) =
        fix::plan(settings.root(), fix::applicable(&report.diagnostics, unsafe_fixes));
    if mode == Mode::Diff {
        let fixed = made_by(&report.diagnostics, &planned);
        return Ok(Checked { fixed, ..Checked::of(vault, report, planned, skipped) });
    }
    let mut written = Vec::new();
    for edit in planned {
        match fix::write(&edit) {
            Ok(()) => written.push(edit),
            Err(e) => skipped.push(Skipped { path: edit.path.clone(), reason: e.to_string() }),
        }
    }
    let fixed = made_by(&report.diagnostics, &written);
    if written.is_empty() {
        return Ok(Checked::of(vault, report, written, skipped));
    }
    // Report the vault as it is now: positions after an edit moved.
    std::mem::forget(vault);
    let loaded = super::load(settings, settings.reading(suggesting, false, true), &Silent)?;
    let report = analyse(&loaded, settings, suggesting, &Silent);
    let (report, _) = located(report, &FileSources::new(settings.root()), &loaded.vault, &Places::default());
    Ok(Checked { fixed, ..Checked::of(loaded.vault, report, written, skipped) })
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
    let stamps = crate::cache::Stamp::of_entries(settings.root(), &walked.entries);
    let latest = stamps.iter().map(|s| s.map_or(i64::MAX, |s| s.racy_until())).max();
    let mut focused = settings.clone();
    let focus = focused.scope.focus.take().map(|f| {
        let mut notes: Vec<String> = f.notes.into_iter().collect();
        notes.sort_unstable();
        (notes, f.folders)
    });
    let git = (suggesting && settings.suggest.git).then(|| crate::git::state(settings.root()));
    let dismissals = settings.read_dismissals().ok();
    let described = format!(
        "{suggesting} {focused:?} {focus:?} {rules:?} {git:?} {:?} {:?} {dismissals:?}",
        walked.problems, walked.configs,
    );
    let dismissals = dismissals.map(|bytes| (settings.dismissals_name(), bytes.len() as u64));
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
    let key = crate::cache::key([crate::cache::BUILD.as_bytes(), described.as_bytes(), &entries, &kept]);
    let bytes = stamps.iter().flatten().map(|s| s.size).fold(0u64, u64::saturating_add);
    let limit = crate::cache::limit(stamps.len(), bytes);
    MemoKey { key, latest, limit, stamps, dismissals }
}

/// The findings of the last check, if the memo in `cache` holds them for
/// `key` (`entries`: the walk's, in the order of `key`'s stamps), was
/// made after every note's file was last written, and places each of
/// them inside its file: a finding on a note (its span, and its fix's
/// edit) within the note's bytes as its stamp sizes them (the key covers
/// the stamps: those are the bytes the findings were made from), one on
/// the dismissal file within its bytes, and one on any other file (a
/// config) nowhere; and each finding's line and column where its span
/// can reach ([`crate::places::position_fits`]). A memo that places a
/// finding elsewhere is damaged, its tag right or not: it is not used, and
/// the check runs and writes it again. (The renderers clamp what they show to the text
/// they get; this keeps the memo from being taken on its word.)
fn load_memo(cache: &crate::cache::Cache, key: &MemoKey, entries: &[crate::walk::Entry]) -> Option<Report> {
    let memo = cache.load::<Memo>(MEMO, key.key, key.limit)?;
    let size = |path: &str| match entries.binary_search_by(|e| e.path.as_str().cmp(path)) {
        Ok(at) => Some(key.stamps.get(at).copied().flatten().map_or(0, |s| s.size)),
        Err(_) => key.dismissals.as_ref().filter(|(name, _)| name == path).map(|&(_, len)| len),
    };
    let fresh = key.latest.is_none_or(|t| t < memo.started);
    let placed = memo.report.diagnostics.iter().all(|d| placed_within(d, size(&d.path)));
    (fresh && placed).then_some(memo.report)
}

/// Whether the span of `d`, and its fix's edit, end within the first
/// `size` bytes of its file, and its line and column fit its span
/// ([`crate::places::position_fits`]); `None`: a file with no bytes to
/// place them.
fn placed_within(d: &Diagnostic, size: Option<u64>) -> bool {
    let ends_within = |start: usize, len: usize| {
        (start as u64).checked_add(len as u64).is_some_and(|end| size.is_some_and(|size| end <= size))
    };
    d.span.is_none_or(|s| ends_within(s.offset(), s.len()))
        && d.fix.as_ref().is_none_or(|f| ends_within(f.edit.offset, f.edit.original.len()))
        && d.position.is_none_or(|p| d.span.is_some_and(|s| crate::places::position_fits(p, s.offset())))
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
    /// The dismissal file's vault path and size, when it could be read.
    dismissals: Option<(String, u64)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cache::{Cache, Stamp};
    use crate::walk::{Entry, EntryKind};
    use proptest::prelude::*;
    use vaultlint_core::code::Code;
    use vaultlint_core::diagnostic::{Edit, Fix, Span};
    use vaultlint_core::lines::LineColumn;

    /// The walk's notes, `a.md` and `b.md`, of `SIZES` bytes, and the
    /// dismissal file's size.
    const SIZES: [u64; 2] = [40, 7];
    const DISMISSED: u64 = 30;
    const DISMISSALS: &str = ".vaultlint-dismissed";

    fn entries() -> Vec<Entry> {
        ["a.md", "b.md"].map(|path| Entry { path: path.into(), kind: EntryKind::File }).to_vec()
    }

    fn key() -> MemoKey {
        let stamp = |size| Some(Stamp { size, modified: 1, changed: 1, inode: 1, device: 1, mode: 0o100644 });
        MemoKey {
            key: 7,
            latest: Some(1),
            limit: 1 << 20,
            stamps: SIZES.map(stamp).to_vec(),
            dismissals: Some((DISMISSALS.into(), DISMISSED)),
        }
    }

    /// The findings a memo of `diagnostics` gives back: stored with its
    /// tag right (under the cache's own secret, as only its owner could),
    /// then decoded as a run decodes it.
    fn stored_then_loaded(diagnostics: &[Diagnostic]) -> Option<Vec<Diagnostic>> {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("cache"), dir.path());
        let key = key();
        let report = Report {
            notes: 2,
            diagnostics: diagnostics.to_vec(),
            slices: Default::default(),
            baseline: None,
        };
        cache.store(MEMO, key.key, &Memo { started: 2, report: &report }).unwrap();
        load_memo(&cache, &key, &entries()).map(|report| report.diagnostics)
    }

    /// A finding on the bytes `offset..offset + len` of `path`, not
    /// placed on a line.
    fn finding(path: &str, offset: usize, len: usize) -> Diagnostic {
        Diagnostic::new(Code::MissingSuccessor, path, "m").at(Span::new(offset, len), "here")
    }

    /// A finding on the byte at `offset` of `a.md`, placed at `line` and
    /// `column`.
    fn placed(offset: usize, line: usize, column: usize) -> Diagnostic {
        finding("a.md", offset, 1).placed(LineColumn::new(line, column))
    }

    /// The memo's decoder checks each finding's place against its file:
    /// up to a note's last byte (or the dismissal file's), the memo is
    /// used; a byte past it, on a file the walk did not find, or on a file
    /// that is not a note (a config), the memo is damaged and not used,
    /// though its tag is right.
    #[test]
    fn the_memo_decoder_refuses_a_span_outside_its_file() {
        let inside = [
            finding("a.md", 0, 40),
            finding("a.md", 40, 0),
            finding("b.md", 6, 1),
            finding(DISMISSALS, 10, 20),
            Diagnostic::new(Code::FolderRule, "vaultlint.toml", "m"),
            Diagnostic::new(Code::UnreadableNote, "gone.md", "m"),
        ];
        assert_eq!(stored_then_loaded(&inside).as_deref(), Some(&inside[..]));
        let outside = [
            finding("a.md", 0, 41),
            finding("a.md", 41, 0),
            finding("b.md", 7, 1),
            finding("b.md", 1, u32::MAX as usize),
            finding(DISMISSALS, 30, 1),
            finding("vaultlint.toml", 0, 0),
            finding("gone.md", 0, 1),
        ];
        for bad in outside {
            let what = format!("{bad:?}");
            assert_eq!(stored_then_loaded(&[finding("a.md", 0, 1), bad]), None, "{what}");
        }
        // A fix's edit is a place too.
        let fixed = |offset, original: &str| {
            let edit = Edit { offset, original: original.into(), replacement: "x".into() };
            finding("b.md", 0, 1).fix(Some(Fix::safe(edit, None)))
        };
        assert!(stored_then_loaded(&[fixed(3, "four")]).is_some());
        assert_eq!(stored_then_loaded(&[fixed(4, "four")]), None);
        assert_eq!(stored_then_loaded(&[fixed(usize::MAX, "x")]), None);
    }

    /// A finding's line and column are checked as far as the memo can
    /// without the note's text: a line break before the line and a
    /// character before the column take a byte each, all before the
    /// span's offset; a line or column 0, or one too far on for the
    /// offset, or a place given to a finding with no span, makes the memo
    /// damaged.
    #[test]
    fn the_memo_decoder_refuses_a_line_and_column_its_span_cannot_reach() {
        // The byte at 10: on line 1 at column 11 at most, on line 11 at
        // column 1 at most, and so on.
        let inside =
            [placed(10, 1, 1), placed(10, 1, 11), placed(10, 11, 1), placed(10, 4, 8), placed(0, 1, 1)];
        assert_eq!(stored_then_loaded(&inside).as_deref(), Some(&inside[..]));
        let mut unspanned = Diagnostic::new(Code::MissingSuccessor, "a.md", "m");
        unspanned.position = Some(LineColumn::new(1, 1));
        let outside = [
            placed(10, 1, 12),
            placed(10, 12, 1),
            placed(10, 5, 8),
            placed(0, 1, 2),
            placed(10, 0, 1),
            placed(10, 1, 0),
            placed(10, usize::MAX, usize::MAX),
            unspanned,
        ];
        for bad in outside {
            let what = format!("{bad:?}");
            assert_eq!(stored_then_loaded(&[placed(3, 2, 2), bad]), None, "{what}");
        }
    }

    /// On a vault: a warm check takes its findings from the memo (spans at
    /// a note's last byte and on the dismissal file included); a memo
    /// whose tag is right but which places a finding past its note's end
    /// is not taken, and the check runs and writes the memo again.
    #[test]
    fn a_warm_check_takes_the_memo_unless_a_span_is_outside_its_note() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("vault");
        let past = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for (path, text) in [
            (".obsidian/app.json", "{}\n"),
            ("old.md", "---\nsuperseded_by: new.md\n---\n"),
            ("new.md", "# New\n"),
            ("ends-in-a-link.md", "see [[old]]"),
            ("broken.md", "---\nsuperseded_by: gone.md\n---\n"),
            (".vaultlint-dismissed", "only one path"),
        ] {
            let file = root.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, text).unwrap();
            std::fs::File::options().write(true).open(&file).unwrap().set_modified(past).unwrap();
        }
        let paths = [root.clone()];
        let cache_dir = dir.path().join("cache");
        let flags =
            crate::settings::Flags { paths: &paths, cache_dir: Some(&cache_dir), ..Default::default() };
        let settings = Settings::resolve(&flags, &root).unwrap();
        let check = || run(&settings, Mode::Report, false, true, &Silent).unwrap();
        let cold = check();
        let spans: Vec<_> =
            cold.report.diagnostics.iter().filter_map(|d| Some((d.path.as_str(), d.span?.range()))).collect();
        assert!(spans.contains(&("ends-in-a-link.md", 4..11)), "{spans:?}");
        assert!(spans.iter().any(|(path, _)| *path == DISMISSALS), "{spans:?}");
        let warm = check();
        assert!(warm.vault.is_none(), "the memo is taken");
        assert_eq!(warm.report.diagnostics, cold.report.diagnostics);

        let (walked, rules) = super::super::walk(&settings, &Silent).unwrap();
        let key = memo_key(&settings, &walked, &rules, false);
        let report = warm.report;
        let at = report.diagnostics.iter().position(|d| d.path == "ends-in-a-link.md").unwrap();
        assert_eq!(report.diagnostics[at].position, Some(LineColumn::new(1, 5)), "placed as it was checked");
        let cache = settings.cache.as_ref().unwrap();
        let damaged: [fn(&mut Diagnostic); 2] = [
            |d| d.span = Some(Span::new(4, 8)),
            // Its span is right, its column one past what the bytes before reach.
            |d| d.position = Some(LineColumn::new(1, 6)),
        ];
        for damage in damaged {
            let mut report = report.clone();
            damage(&mut report.diagnostics[at]);
            cache.store(MEMO, key.key, &Memo { started: crate::cache::now(), report: &report }).unwrap();
            let checked = check();
            assert!(checked.vault.is_some(), "a memo placing a finding past its note is not taken");
            assert_eq!(checked.report.diagnostics, cold.report.diagnostics);
            assert!(check().vault.is_none(), "the memo is written again");
        }
    }

    /// The payload of a memo such as a check writes: findings at the ends
    /// of both notes and on the dismissal file, one with a fix, one with
    /// the notes it involves, one on a config and one on a file the walk
    /// did not find (neither placed), and the vault in numbers.
    fn a_memo() -> Vec<u8> {
        let edit = Edit { offset: 3, original: "four".into(), replacement: "x".into() };
        let diagnostics = vec![
            finding("a.md", 0, 40).help("help").related(vec!["b.md".into(), "c.md".into()]),
            finding("b.md", 6, 1),
            finding("b.md", 0, 1).fix(Some(Fix::safe(edit, Some(9)))),
            finding(DISMISSALS, 10, 20),
            Diagnostic::new(Code::FolderRule, "vaultlint.toml", "m"),
            Diagnostic::new(Code::UnreadableNote, "gone.md", "m"),
        ];
        let slices = Slices { notes: 2, current: 1, superseded: 1, chains: 1, ..Slices::default() };
        let report = Report { notes: 2, diagnostics, slices, baseline: None };
        postcard::to_stdvec(&Memo { started: 2, report: &report }).unwrap()
    }

    /// The memo of [`a_memo`] stored as its bytes, under a right tag, is
    /// taken whole: the payload the property below changes is one a run
    /// takes.
    #[test]
    fn a_memo_stored_as_its_bytes_is_taken() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("cache"), dir.path());
        let key = key();
        cache.store_payload(MEMO, key.key, &a_memo()).unwrap();
        let report = load_memo(&cache, &key, &entries()).expect("taken");
        assert_eq!(report.diagnostics.len(), 6);
        assert_eq!(report.slices.superseded, 1);
    }

    /// Whether `d` is placed within its file as the tests' walk sizes it
    /// (a finding with no place is, on any file): counted here apart from
    /// [`placed_within`], in 128 bits.
    fn fits(d: &Diagnostic) -> bool {
        let files = [("a.md", SIZES[0]), ("b.md", SIZES[1]), (DISMISSALS, DISMISSED)];
        let size = files.iter().find(|(path, _)| *path == d.path).map(|&(_, size)| u128::from(size));
        let within = |start: usize, len: usize| size.is_some_and(|size| start as u128 + len as u128 <= size);
        d.span.is_none_or(|s| within(s.offset(), s.len()))
            && d.fix.as_ref().is_none_or(|f| within(f.edit.offset, f.edit.original.len()))
    }

    /// One change of a memo's payload: cut short, a byte flipped, set, put
    /// in or taken out, or a number (a length, where one was) put in or in
    /// place of a byte, often far more than the payload holds.
    #[derive(Debug, Clone)]
    enum Change {
        Cut(prop::sample::Index),
        Flip(prop::sample::Index, u8),
        Set(prop::sample::Index, u8),
        Insert(prop::sample::Index, u8),
        Remove(prop::sample::Index),
        Number(prop::sample::Index, u64, bool),
    }

    fn changes() -> impl Strategy<Value = Vec<Change>> {
        let at = any::<prop::sample::Index>();
        let number = prop_oneof![
            Just(u64::MAX),
            Just(u64::from(u32::MAX)),
            Just(1 << 32),
            (1u64 << 16)..(1 << 40),
            0..64u64,
            any::<u64>(),
        ];
        let change = prop_oneof![
            at.clone().prop_map(Change::Cut),
            (at.clone(), 1..=255u8).prop_map(|(at, bits)| Change::Flip(at, bits)),
            (at.clone(), any::<u8>()).prop_map(|(at, byte)| Change::Set(at, byte)),
            (at.clone(), any::<u8>()).prop_map(|(at, byte)| Change::Insert(at, byte)),
            at.clone().prop_map(Change::Remove),
            (at, number, any::<bool>()).prop_map(|(at, n, over)| Change::Number(at, n, over)),
        ];
        proptest::collection::vec(change, 1..6)
    }

    /// `payload` with `changes` made, in order.
    fn changed(payload: &[u8], changes: &[Change]) -> Vec<u8> {
        // A number as postcard writes a length.
        let varint = |n: u64| postcard::to_stdvec(&n).unwrap();
        let mut bytes = payload.to_vec();
        for change in changes {
            let len = bytes.len();
            match *change {
                Change::Cut(at) => bytes.truncate(at.index(len + 1)),
                Change::Flip(at, bits) if len > 0 => bytes[at.index(len)] ^= bits,
                Change::Set(at, byte) if len > 0 => bytes[at.index(len)] = byte,
                Change::Insert(at, byte) => bytes.insert(at.index(len + 1), byte),
                Change::Remove(at) if len > 0 => _ = bytes.remove(at.index(len)),
                Change::Number(at, n, over) => {
                    let at = at.index(len + 1);
                    let end = if over { (at + 1).min(len) } else { at };
                    bytes.splice(at..end, varint(n));
                }
                _ => {}
            }
        }
        bytes
    }

    /// The most a memo's decoder may hold at once beyond a multiple of the
    /// payload: the file's piece buffer, and what serde makes ready for a
    /// list before its items are read (at most a MiB a list, one list in
    /// another at a time).
    const HELD: usize = 4 << 20;

    /// Cases of each property: 32 in the suite; `PROPTEST_CASES` for a
    /// longer run by hand.
    fn cases() -> u32 {
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(32)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

        /// A memo with its tag right and findings placed anywhere in (or
        /// past) the two notes and the dismissal file, on a line and
        /// column or not: it is used exactly when every finding ends
        /// within its file and its line and column fit before its offset,
        /// and never panics.
        #[test]
        fn the_memo_decoder_takes_spans_only_where_they_fit(
            places in proptest::collection::vec(
                (0..3usize, 0..48usize, 0..48usize, proptest::option::of((0..24usize, 0..24usize))),
                0..6,
            )
        ) {
            let files = [("a.md", SIZES[0]), ("b.md", SIZES[1]), (DISMISSALS, DISMISSED)];
            let found: Vec<Diagnostic> = places
                .iter()
                .map(|&(file, offset, len, at)| {
                    let found = finding(files[file].0, offset, len);
                    match at {
                        Some((line, column)) => found.placed(LineColumn::new(line, column)),
                        None => found,
                    }
                })
                .collect();
            let fit = places.iter().all(|&(file, offset, len, at)| {
                let reached = at.is_none_or(|(line, column)| line >= 1 && column >= 1 && line + column - 2 <= offset);
                (offset + len) as u64 <= files[file].1 && reached
            });
            prop_assert_eq!(stored_then_loaded(&found), fit.then_some(found.clone()));
        }

        /// A memo of any bytes, or of a real memo's bytes cut, flipped,
        /// added to or given lengths far past its end, with its tag right
        /// (as only the cache's owner could write it): loading it never
        /// panics, holds at most a bounded multiple of the payload, and
        /// gives either the memo its bytes decode to, every finding placed
        /// within its file, or nothing (damaged).
        #[test]
        fn a_memo_of_any_bytes_is_damaged_or_placed_within_its_files(
            payload in prop_oneof![
                1 => proptest::collection::vec(any::<u8>(), 0..1024),
                3 => changes().prop_map(|changes| changed(&a_memo(), &changes)),
            ]
        ) {
            let dir = tempfile::tempdir().unwrap();
            let cache = Cache::new(dir.path().join("cache"), dir.path());
            let key = key();
            cache.store_payload(MEMO, key.key, &payload).unwrap();
            let (loaded, held) = crate::held::peak_of(|| load_memo(&cache, &key, &entries()));
            prop_assert!(held <= HELD + 64 * payload.len(), "{} bytes held for {} bytes", held, payload.len());
            if let Some(report) = &loaded {
                prop_assert!(report.diagnostics.iter().all(fits), "{:?}", report.diagnostics);
            }
            let decoded = postcard::from_bytes::<Memo>(&payload).ok();
            let taken = decoded.filter(|m| m.started > 1 && m.report.diagnostics.iter().all(fits));
            let parts = |r: &Report| (r.notes, r.diagnostics.clone(), r.slices);
            prop_assert_eq!(loaded.as_ref().map(parts), taken.as_ref().map(|m| parts(&m.report)));
        }
    }
}
