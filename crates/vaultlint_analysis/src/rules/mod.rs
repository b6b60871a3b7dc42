//! The rules: each family in its own file, run over the vault and its
//! supersession graph. The registry of codes is [`vaultlint_core::code`].

pub mod dates;
pub mod index;
pub mod keys;
pub mod links;
pub mod revisions;
pub mod status;
pub mod supersession;
pub mod suppressed;
pub mod versions;

use crate::suggest::{LinkStyle, Suggestions};
use serde::Serialize;
use vaultlint_core::code::{Code, Level, RuleLevels, Severity};
use vaultlint_core::date::Day;
use vaultlint_core::diagnostic::{self, Diagnostic};
use vaultlint_model::dismissals::Dismissals;
use vaultlint_model::focus::Focus;
use vaultlint_model::graph::Graph;
use vaultlint_model::lifecycle::{Lifecycle, Standing};
use vaultlint_model::vault::Vault;

/// What the rules judge against, beyond the vault itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The day date rules judge the vault as of.
    pub as_of: Day,
    /// The known `status` values, lower-cased: the lifecycle words and the
    /// vault's own words its config lists.
    pub statuses: Vec<String>,
    /// The rules in use and their severities, as the root config and the
    /// command line set them.
    pub levels: RuleLevels,
    /// Where configs in subfolders set them otherwise: each folder
    /// (`a/b/`) with its rules, deepest first.
    pub folders: Vec<(String, RuleLevels)>,
    /// Report suppressions that name no rule (`--strict`).
    pub strict: bool,
    /// How the fix of a suspected version names the newer note; `None`:
    /// the vault's own convention.
    pub link_style: Option<LinkStyle>,
    /// What the indexer reading the vault honours of a declaration (the
    /// config's `[index]`); `None`: no indexer named, nothing checked.
    pub index: Option<index::IndexContract>,
    /// The vault root as reached from the folder vaultlint was run in: empty
    /// when it is that folder, else a path ending in `/`. The commands
    /// printed for a person to paste name notes by it.
    pub shown_root: String,
}

impl Options {
    /// The default statuses and severities, as of `as_of`.
    pub fn new(as_of: Day) -> Options {
        Options {
            as_of,
            statuses: status::DEFAULT_STATUSES.iter().map(|s| s.to_string()).collect(),
            levels: RuleLevels::default(),
            folders: Vec::new(),
            strict: false,
            link_style: None,
            index: None,
            shown_root: String::new(),
        }
    }

    /// The rules in use for the note at `path`.
    pub fn levels_at(&self, path: &str) -> &RuleLevels {
        let folder = self.folders.iter().find(|(folder, _)| path.starts_with(folder.as_str()));
        folder.map_or(&self.levels, |(_, levels)| levels)
    }

    /// Whether `code` is in use for some part of the vault.
    pub fn is_on_anywhere(&self, code: Code) -> bool {
        self.levels.is_on(code) || self.folders.iter().any(|(_, levels)| levels.is_on(code))
    }

    /// Applies the configured severities: `off` drops a finding, `error`
    /// and `warning` set its severity.
    fn apply_levels(&self, diagnostics: &mut Vec<Diagnostic>) {
        diagnostics.retain_mut(|d| match self.levels_at(&d.path).level(d.code) {
            Some(Level::Off) => false,
            Some(Level::Error) => {
                d.severity = Severity::Error;
                true
            }
            Some(Level::Warning) => {
                d.severity = Severity::Warning;
                true
            }
            None => true,
        });
    }
}

/// What the rules look at: the vault, its graph, the dismissal file, and
/// the version detector's pairs when it ran.
pub struct Input<'a> {
    pub vault: &'a Vault,
    pub graph: &'a Graph,
    pub dismissals: &'a Dismissals,
    pub suggestions: Option<&'a Suggestions>,
    /// The text of notes whose frontmatter the vault did not keep, for the
    /// fixes of suspected versions.
    pub sources: &'a (dyn diagnostic::Sources + Sync),
}

/// Runs every rule over the vault, the configured severities applied.
/// With `focus`, only findings on those vault paths are kept (the whole
/// vault is still analysed, since a declaration in one note depends on
/// the others).
pub fn run(input: &Input, focus: Option<&Focus>, options: &Options) -> (Vec<Diagnostic>, Slices) {
    let Input { vault, graph, .. } = *input;
    let cx = Context {
        input,
        vault,
        graph,
        options,
        focus,
        wanted: wanted(vault, focus),
        life: std::sync::OnceLock::new(),
        roots: std::sync::OnceLock::new(),
    };
    let run_all = |rules: &[Rule]| {
        let mut out = Vec::new();
        for rule in rules {
            rule(&cx, &mut out);
        }
        out
    };
    // Two halves at once, each rule reading the vault only; their findings
    // are joined in the order the rules are listed, so the sort below meets
    // them as it always has. Only the second half reads the lifecycle.
    let (mut out, (by_life, slices)) = rayon::join(
        || run_all(WITHOUT_LIFECYCLE),
        || {
            let mut out = run_all(WITH_LIFECYCLE_BEFORE_SLICES);
            // Every note's judgement is only counted: gone before the next rule.
            let life = cx.life();
            let slices = Slices::count(
                vault,
                graph,
                life,
                &vaultlint_model::verdict::judge(vault, graph, life, &[]),
                &cx.wanted,
            );
            out.extend(run_all(WITH_LIFECYCLE_AFTER_SLICES));
            (out, slices)
        },
    );
    out.extend(by_life);
    suppressed::apply(vault, options, input.suggestions.is_some(), &mut out);
    // A template's values are placeholders for the notes made from it:
    // nothing in it is a finding, not frontmatter that a placeholder breaks
    // nor a fragment that never closes it. Only a mistake every note made
    // from it inherits is kept: frontmatter YAML rejects with no
    // placeholder in it (a key written twice).
    out.retain(|d| match vault.id_of(&d.path) {
        Some(id) if vault.is_template(id) => {
            d.code == Code::InvalidFrontmatter
                && !vault.notes[id].head().is_some_and(|head| {
                    vaultlint_syntax::template::placeholder_breaks(head, d.span.map(|s| s.offset()))
                })
                && !d.message.starts_with("frontmatter is not closed")
        }
        _ => true,
    });
    if let Some(focus) = focus {
        // A finding on the config about folders (release folders that no
        // rule retires) concerns a run over any of those folders.
        let config = &vault.config.config_name;
        out.retain(|d| {
            focus.contains(&d.path) || d.path == *config && d.related.iter().any(|r| focus.contains(r))
        });
    }
    // A note read from UTF-16 is edited by no fix: its offsets are the
    // decoded text's.
    for d in &mut out {
        if vault.id_of(&d.path).is_some_and(|id| vault.notes[id].transcoded()) {
            d.fix = None;
        }
    }
    options.apply_levels(&mut out);
    diagnostic::sort(&mut out);
    (out, slices)
}

/// What every rule reads: the vault and its graph, the options, which
/// notes' findings are kept, and the notes' lifecycle, made once when a
/// rule first asks for it.
pub struct Context<'a> {
    pub input: &'a Input<'a>,
    pub vault: &'a Vault,
    pub graph: &'a Graph,
    pub options: &'a Options,
    /// The notes the run reports on; `None`: all.
    pub focus: Option<&'a Focus>,
    /// For each note, whether its findings are kept: the rules skip the
    /// work for the rest.
    pub wanted: Vec<bool>,
    life: std::sync::OnceLock<Lifecycle>,
    roots: std::sync::OnceLock<vaultlint_model::version_roots::VersionRoots>,
}

impl Context<'_> {
    /// Which note is in force on the day judged, for each note.
    pub fn life(&self) -> &Lifecycle {
        self.life.get_or_init(|| Lifecycle::new(self.vault, self.graph, self.options.as_of))
    }

    /// The vault's release folders, found once for the rules that ask (a
    /// pass over every note's path), and only if one does.
    pub fn roots(&self) -> &vaultlint_model::version_roots::VersionRoots {
        self.roots.get_or_init(|| vaultlint_model::version_roots::VersionRoots::find(self.vault))
    }

    /// Whether note `id` is a frozen copy whose page a newer release
    /// still holds ([`vaultlint_model::version_roots::VersionRoots::replaced`]); the release folders are found only for a note in a
    /// folder named as one.
    pub fn outlived(&self, id: vaultlint_model::vault::NoteId) -> bool {
        links::in_release_folder(&self.vault.notes[id].path) && self.roots().replaced(id)
    }
}

/// A rule: adds its findings to the list, reading only the context.
pub type Rule = fn(&Context, &mut Vec<Diagnostic>);

/// The rules that need no lifecycle, in the order their findings are
/// gathered (the problems met reading the notes first).
const WITHOUT_LIFECYCLE: &[Rule] = &[
    reading_problems,
    supersession::check,
    supersession::folder_rules,
    revisions::check,
    dates::check,
    keys::check,
];
/// The rules that read each note's lifecycle.
const WITH_LIFECYCLE_BEFORE_SLICES: &[Rule] =
    &[status::check, status::retired_in_text, links::check, index::check];
/// The rules after the vault is counted in slices.
const WITH_LIFECYCLE_AFTER_SLICES: &[Rule] = &[versions::check];

/// The problems met walking the vault and reading its notes. Frontmatter
/// indented with tabs is read as Hexo reads it, and is a finding only
/// where it is not the vault's way: a vault that writes a third of its
/// notes so (a Hexo blog's thousands of posts) is read by a tool that
/// takes it, where Obsidian, Jekyll and Hugo would refuse a few.
fn reading_problems(cx: &Context, out: &mut Vec<Diagnostic>) {
    /// At least this many notes indented with tabs, and a third of them
    /// all, make it the vault's way.
    const TABBED: usize = 10;
    out.extend(cx.vault.problems.iter().cloned());
    let tabbed = cx.vault.notes.iter().filter(|n| n.tabbed).count();
    let convention = tabbed >= TABBED && tabbed * 3 >= cx.vault.notes.len();
    for note in &cx.vault.notes {
        // A note read with its tabs as spaces has that one reading problem.
        let kept = |p: &&Diagnostic| !(convention && note.tabbed && p.code == Code::InvalidFrontmatter);
        out.extend(note.problems().iter().filter(kept).cloned());
    }
}

/// Adds to `out` the findings `of` gives for each note of the vault: the
/// notes are shared among the threads, and the findings kept in the
/// notes' order.
/// The safe fix that quotes a wikilink written without quotes in the
/// frontmatter (`[[Note]]`, which YAML reads as a list inside a list), as
/// written: what was meant is not in doubt. `None` where the note kept
/// no frontmatter text to splice.
fn quoting_fix(
    note: &vaultlint_syntax::note::Note,
    value: &vaultlint_syntax::frontmatter::Value,
) -> Option<vaultlint_core::diagnostic::Fix> {
    let span = value.span;
    let written = note.head()?.get(span.range()).filter(|w| w.starts_with("[[") && w.ends_with("]]"))?;
    let edit = vaultlint_core::diagnostic::Edit {
        offset: span.offset(),
        original: written.to_string(),
        replacement: format!("\"{written}\""),
    };
    Some(vaultlint_core::diagnostic::Fix::safe(edit, note.digest))
}

fn note_by_note(
    vault: &Vault,
    of: impl Fn(usize) -> Vec<Diagnostic> + Sync + Send,
    out: &mut Vec<Diagnostic>,
) {
    use rayon::prelude::*;
    let found: Vec<Diagnostic> = (0..vault.notes.len()).into_par_iter().flat_map_iter(of).collect();
    out.extend(found);
}

/// For each note, whether its findings are kept: every note, or those in
/// focus (looked up by path when the focus names notes only, as an editor's
/// open notes do, rather than testing every path of a large vault).
fn wanted(vault: &Vault, focus: Option<&Focus>) -> Vec<bool> {
    match focus {
        None => vec![true; vault.notes.len()],
        Some(focus) if focus.folders.is_empty() => {
            let mut wanted = vec![false; vault.notes.len()];
            for id in focus.notes.iter().filter_map(|path| vault.id_of(path)) {
                wanted[id] = true;
            }
            wanted
        }
        Some(focus) => vault.notes.iter().map(|n| focus.contains(&n.path)).collect(),
    }
}

/// The vault in numbers, for `--statistics`: how many notes are in force
/// on the as-of day, retired, and linked into chains of versions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Slices {
    pub notes: usize,
    /// Templates: in no one's map, and never a finding (see
    /// `vaultlint_syntax::template`).
    #[serde(default)]
    pub templates: usize,
    /// In force.
    pub current: usize,
    /// Replaced by a successor in force (or in a cycle).
    pub superseded: usize,
    /// Revoked or deleted.
    pub revoked: usize,
    /// Groups of two or more notes linked by declarations.
    pub chains: usize,
    /// Notes under a folder a `[[supersede]]` rule retires that have no
    /// counterpart under its newer folder, so they stay in force.
    pub uncovered: usize,
    /// How many notes have each verdict.
    pub verdicts: VerdictCounts,
}

/// How many notes have each verdict (see [`vaultlint_model::verdict`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct VerdictCounts {
    pub active: usize,
    pub stale: usize,
    pub conflict: usize,
    pub unknown: usize,
}

impl Slices {
    fn count(
        vault: &Vault,
        graph: &Graph,
        life: &Lifecycle,
        judged: &[vaultlint_model::verdict::Judgement],
        wanted: &[bool],
    ) -> Slices {
        use vaultlint_model::verdict::Verdict;
        let inside = |id: usize| wanted[id];
        let mut slices = Slices::default();
        // A template is in no one's map: it has no verdict, and no standing.
        let mapped = |id: usize| inside(id) && !vault.is_template(id);
        for judgement in (0..judged.len()).filter(|&id| mapped(id)).map(|id| &judged[id]) {
            let count = &mut slices.verdicts;
            *match judgement.verdict {
                Verdict::Active => &mut count.active,
                Verdict::Stale => &mut count.stale,
                Verdict::Conflict => &mut count.conflict,
                Verdict::Unknown => &mut count.unknown,
            } += 1;
        }
        for (id, state) in (0..life.states.len()).filter(|&id| inside(id)).map(|id| (id, &life.states[id])) {
            slices.notes += 1;
            if vault.is_template(id) {
                slices.templates += 1;
                continue;
            }
            match state.standing {
                Standing::InForce | Standing::Corrected => slices.current += 1,
                Standing::Superseded | Standing::Cycle => slices.superseded += 1,
                Standing::Revoked | Standing::Deleted => slices.revoked += 1,
                _ => {}
            }
        }
        slices.uncovered = graph.covered.counts.iter().map(|(_, uncovered)| uncovered).sum();
        // Chains: connected groups of the graph, counted where a member is in focus.
        let group = graph.chains();
        let mut size = vec![0usize; group.len()];
        for &g in &group {
            size[g] += 1;
        }
        let mut seen = vec![false; group.len()];
        for id in (0..group.len()).filter(|&id| inside(id)) {
            let g = group[id];
            if size[g] > 1 && !seen[g] {
                seen[g] = true;
                slices.chains += 1;
            }
        }
        slices
    }
}
