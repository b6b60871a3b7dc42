//! Rule codes: stable names, one documentation line each, a default severity.
//! Each family of rules lives in its own file.

pub mod dates;
pub mod links;
pub mod status;
pub mod supersession;
pub mod versions;

use crate::diagnostic::{self, Diagnostic, Severity};
use crate::root::Focus;
use crate::suggest::Suggestions;
use crate::vault::Vault;
use serde::Serialize;

macro_rules! codes {
    ($( $variant:ident => $name:literal, $severity:ident, $doc:literal; )*) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code { $( $variant, )* }

        impl Code {
            pub const ALL: &'static [Code] = &[ $( Code::$variant, )* ];

            /// The stable name used in output and configuration.
            pub fn name(self) -> &'static str {
                match self { $( Code::$variant => $name, )* }
            }

            pub fn default_severity(self) -> Severity {
                match self { $( Code::$variant => Severity::$severity, )* }
            }

            /// One line saying what the rule catches.
            pub fn doc(self) -> &'static str {
                match self { $( Code::$variant => $doc, )* }
            }

            pub fn from_name(name: &str) -> Option<Code> {
                Code::ALL.iter().copied().find(|code| code.name() == name)
            }
        }
    };
}

codes! {
    InvalidFrontmatter => "invalid-frontmatter", Error,
        "The frontmatter does not parse as YAML, is not a mapping, is not closed, or is too large or too deeply nested to be safe.";
    InvalidSuccessor => "invalid-successor", Error,
        "The successor value is not a string or a list of strings, is empty, or is an unquoted wikilink.";
    MissingSuccessor => "missing-successor", Error,
        "The successor resolves to no note in the vault.";
    AmbiguousSuccessor => "ambiguous-successor", Error,
        "The successor wikilink fits several notes.";
    SuccessorOutsideVault => "successor-outside-vault", Error,
        "The successor path leaves the vault root.";
    SelfSupersession => "self-supersession", Error,
        "The note names itself as its successor.";
    SupersessionCycle => "supersession-cycle", Error,
        "Notes supersede each other in a loop, so none of them is current.";
    UnreadableNote => "unreadable-note", Error,
        "The note cannot be read or is not valid UTF-8.";
    ConflictingSupersession => "conflicting-supersession", Error,
        "The two sides of a declaration disagree: a note says it supersedes one that names another successor, or names a successor that does not name it back.";
    SupersededSuccessor => "superseded-successor", Warning,
        "The successor is itself superseded; the declaration should name the current note.";
    StatusConflict => "status-conflict", Warning,
        "The `status` key disagrees with the supersession declarations.";
    UnknownStatus => "unknown-status", Warning,
        "The `status` value is not one of the vault's statuses (by default draft, scheduled, active, superseded, revoked, deleted, quarantined, unknown).";
    SkippedSymlink => "skipped-symlink", Warning,
        "A symbolic link to a note or folder was not followed, so what it points at is not part of the vault.";
    SuspectedVersion => "suspected-version", Warning,
        "The note looks like an older version of another note but declares no successor.";
    StaleDismissal => "stale-dismissal", Warning,
        "A dismissed pair in `.vaultlint-dismissed` names a note that no longer exists.";
    InvalidDismissal => "invalid-dismissal", Warning,
        "A line of `.vaultlint-dismissed` is not a pair of paths, or the file cannot be read.";
    InvalidDate => "invalid-date", Error,
        "A date key (`date`, `created`, `updated`, `modified`, `effective_from`, `effective_to`, `review_due`) holds something that is not a date or a date and time.";
    EffectiveInterval => "effective-interval", Error,
        "`effective_to` is before `effective_from`.";
    ScheduledSuccessor => "scheduled-successor", Warning,
        "The successor's `effective_from` is after the as-of date, so this note is still the one in force.";
    ReviewOverdue => "review-overdue", Warning,
        "`review_due` is before the as-of date.";
    LinksToSuperseded => "links-to-superseded", Warning,
        "A note in use links in its body to a superseded or revoked note; the help names the current one.";
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What the rules judge against, beyond the vault itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The day date rules judge the vault as of.
    pub as_of: dates::Day,
    /// The known `status` values, lower-cased.
    pub statuses: Vec<String>,
}

impl Settings {
    /// The default statuses, as of `as_of`.
    pub fn new(as_of: dates::Day) -> Settings {
        Settings { as_of, statuses: status::DEFAULT_STATUSES.iter().map(|s| s.to_string()).collect() }
    }
}

/// Runs every rule over the vault, with the version detector's findings
/// when it ran. With `focus`, only findings on those vault paths are kept
/// (the whole vault is still analysed, since a declaration in one note
/// depends on the others).
pub fn run(
    vault: &Vault,
    focus: Option<&Focus>,
    suggestions: Option<&Suggestions>,
    settings: &Settings,
) -> (Vec<Diagnostic>, Slices) {
    let mut out: Vec<Diagnostic> = vault.problems.clone();
    for note in &vault.notes {
        out.extend(note.problems.iter().cloned());
    }
    let graph = supersession::check(vault, focus, &mut out);
    dates::check(vault, &graph, settings.as_of, &mut out);
    let life = crate::lifecycle::Lifecycle::new(vault, &graph, settings.as_of);
    status::check(vault, &graph, &life, &settings.statuses, &mut out);
    links::check(vault, &life, &mut out);
    let slices = Slices::count(vault, &graph, &life, focus);
    versions::check(vault, suggestions, &mut out);
    if let Some(focus) = focus {
        out.retain(|d| focus.contains(&d.path));
    }
    diagnostic::sort(&mut out);
    (out, slices)
}

/// The vault in numbers, for `--statistics`: how many notes are in force
/// on the as-of day, retired, and linked into chains of versions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Slices {
    pub notes: usize,
    /// In force.
    pub current: usize,
    /// Replaced by a successor in force (or in a cycle).
    pub superseded: usize,
    /// Revoked or deleted.
    pub revoked: usize,
    /// Groups of two or more notes linked by declarations.
    pub chains: usize,
}

impl Slices {
    fn count(
        vault: &Vault,
        graph: &supersession::Graph,
        life: &crate::lifecycle::Lifecycle,
        focus: Option<&Focus>,
    ) -> Slices {
        use crate::lifecycle::Standing;
        let inside = |id: usize| focus.is_none_or(|f| f.contains(&vault.notes[id].path));
        let mut slices = Slices::default();
        for state in (0..life.states.len()).filter(|&id| inside(id)).map(|id| &life.states[id]) {
            slices.notes += 1;
            match state.standing {
                Standing::InForce => slices.current += 1,
                Standing::Superseded | Standing::Cycle => slices.superseded += 1,
                Standing::Revoked | Standing::Deleted => slices.revoked += 1,
                _ => {}
            }
        }
        // Chains: connected groups of the graph, counted where a member is in focus.
        let pairs =
            graph.edges.iter().enumerate().flat_map(|(from, edges)| edges.iter().map(move |e| (from, e.to)));
        let group = supersession::linked(vault.notes.len(), pairs);
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
