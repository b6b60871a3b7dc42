//! `vaultlint lineage` output: a note's versions as a table for a person,
//! or as JSON; and the map of every note (`--all`) as JSON. The schema is
//! in the book (docs/) and is part of the tool's contract.

use super::Style;
use super::contract::Version;
use owo_colors::OwoColorize;
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write;
use vaultlint_core::text::{plural, sanitize};
use vaultlint_model::lifecycle::Standing;
use vaultlint_model::lineage::Analysis;
use vaultlint_model::vault::{NoteId, Vault};

/// A note's place in its lineage, as JSON shows it.
#[derive(Serialize, JsonSchema)]
pub struct Entry<'a> {
    pub path: &'a str,
    /// Whether it may support a current answer: `active`, `stale`,
    /// `conflict` or `unknown`.
    #[schemars(extend("enum" = ["active", "stale", "conflict", "unknown"]))]
    pub verdict: &'static str,
    /// Whether it is in force on the as-of day (corrected or not).
    in_force: bool,
    pub standing: &'static str,
    /// The notes to serve in its place or beside it, every one active.
    pub closure: Vec<&'a str>,
    /// For a conflict, the other notes in force that claim its place.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    conflicts_with: Vec<&'a str>,
    /// Why the verdict is not `active`, where that is not its standing.
    #[serde(skip_serializing_if = "Option::is_none")]
    because: Option<String>,
    /// Where it applies: each scope key it sets, with its values.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    scope: std::collections::BTreeMap<&'a str, &'a [String]>,
    /// The `status` value as written.
    status: Option<&'a str>,
    effective_from: Option<String>,
    effective_to: Option<String>,
    review_due: Option<String>,
    /// The notes that directly supersede it.
    pub successors: Vec<&'a str>,
    /// The corrections in effect that name it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    corrected_by: Vec<&'a str>,
    /// The notes in force to read instead (itself when in force).
    current: Vec<&'a str>,
}

fn day(vault: &Vault, id: NoteId, key: &str) -> Option<String> {
    vault.notes[id].day(key).map(|d| d.to_string())
}

pub fn entry<'a>(vault: &'a Vault, analysis: &'a Analysis, id: NoteId) -> Entry<'a> {
    let state = &analysis.life.states[id];
    let judged = &analysis.judged[id];
    let paths = |ids: &mut dyn Iterator<Item = NoteId>| ids.map(|n| vault.notes[n].path.as_str()).collect();
    let scope = analysis.life.scopes.get(id).map(|s| s.pairs()).unwrap_or_default();
    Entry {
        path: &vault.notes[id].path,
        verdict: judged.verdict.name(),
        in_force: analysis.life.in_force(id),
        standing: state.standing.name(),
        closure: paths(&mut analysis.closure(id).into_iter()),
        conflicts_with: paths(&mut judged.conflicts_with.iter().copied()),
        because: judged.because.as_deref().map(String::from),
        scope: scope.iter().map(|(k, v)| (k.as_str(), v.as_slice())).collect(),
        status: vault.notes[id].status().map(|(s, _)| s.as_str()),
        effective_from: day(vault, id, "effective_from"),
        effective_to: day(vault, id, "effective_to"),
        review_due: day(vault, id, "review_due"),
        successors: paths(&mut analysis.graph.edges[id].iter().map(|e| e.to)),
        corrected_by: paths(&mut analysis.life.corrections[id].iter().copied()),
        current: paths(&mut state.current.iter().copied()),
    }
}

fn to_json(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("lineage serializes");
    text.push('\n');
    text
}

/// `lineage NOTE --format json`.
#[derive(Serialize, JsonSchema)]
pub struct Lineages<'a> {
    version: Version,
    /// The vault root: every `path` is relative to it.
    root: &'a str,
    /// The day the notes are judged as of.
    as_of: String,
    /// Each note named, in the order named.
    lineages: Vec<Lineage<'a>>,
}

/// A note named and its versions, oldest first.
#[derive(Serialize, JsonSchema)]
struct Lineage<'a> {
    note: &'a str,
    versions: Vec<Entry<'a>>,
}

/// `lineage NOTE --format json`: each named note with its versions.
pub fn json(root: &str, vault: &Vault, analysis: &Analysis, notes: &[NoteId]) -> String {
    let lineages = notes
        .iter()
        .map(|&id| Lineage {
            note: &vault.notes[id].path,
            versions: analysis.versions(vault, id).into_iter().map(|v| entry(vault, analysis, v)).collect(),
        })
        .collect();
    to_json(&Lineages { version: Version, root, as_of: analysis.life.as_of.to_string(), lineages })
}

/// `lineage --all --format json`: the eligibility map.
#[derive(Serialize, JsonSchema)]
pub struct Map<'a> {
    version: Version,
    /// The vault root: every `path` is relative to it.
    root: &'a str,
    /// The day the notes are judged as of.
    as_of: String,
    /// Every note of the vault but its templates, by path.
    notes: Vec<Entry<'a>>,
    /// The files that could not be read: never take one as in force.
    errors: Vec<Unread<'a>>,
}

/// A file that could not be read, and why.
#[derive(Serialize, JsonSchema)]
struct Unread<'a> {
    path: &'a str,
    message: &'a str,
}

/// One line of `lineage --all --format jsonl`: a note's entry, or a file
/// that could not be read.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Line<'a> {
    Note(Box<Entry<'a>>),
    Unread {
        path: &'a str,
        /// Why it could not be read.
        error: &'a str,
    },
}

/// `lineage --all --format json`: every note (those `keep` accepts), by
/// path, and what could not be read: an indexer must never take a note it
/// was not told about, or one vaultlint could not read, as in force.
pub fn all_json(root: &str, vault: &Vault, analysis: &Analysis, keep: &dyn Fn(&str) -> bool) -> String {
    let errors = vault
        .unread()
        .into_iter()
        .filter(|(p, _)| keep(p))
        .map(|(path, message)| Unread { path, message })
        .collect();
    let notes = mapped(vault, analysis, keep).map(|id| entry(vault, analysis, id)).collect();
    to_json(&Map { version: Version, root, as_of: analysis.life.as_of.to_string(), notes, errors })
}

/// The notes of the map: those `keep` accepts that apply in the scope asked
/// about, less the templates, which are no note of the vault in force.
fn mapped<'a>(
    vault: &'a Vault,
    analysis: &'a Analysis,
    keep: &'a dyn Fn(&str) -> bool,
) -> impl Iterator<Item = NoteId> + 'a {
    (0..vault.notes.len())
        .filter(move |&id| keep(&vault.notes[id].path) && analysis.life.applies(id) && !vault.is_template(id))
}

/// `lineage --all --format jsonl`: the map one note a line, as `--all
/// --format json` gives each, for an indexer to stream; then one line
/// `{"path": ..., "error": ...}` for each file that could not be read.
pub fn all_jsonl(vault: &Vault, analysis: &Analysis, keep: &dyn Fn(&str) -> bool) -> String {
    let notes = mapped(vault, analysis, keep).map(|id| Line::Note(Box::new(entry(vault, analysis, id))));
    let unread =
        vault.unread().into_iter().filter(|(p, _)| keep(p)).map(|(path, error)| Line::Unread { path, error });
    let mut out = String::new();
    for line in notes.chain(unread) {
        out.push_str(&serde_json::to_string(&line).expect("a line serializes"));
        out.push('\n');
    }
    out
}

/// `lineage --all --format ignore`: every note the map says is out of
/// force (and, for a map of one scope, every note outside it), then every
/// file that could not be read, as gitignore patterns anchored at the
/// vault root. Ripgrep, fd and the indexers that take an exclude file then
/// skip them. The header says what the file is and as of which day, and
/// no clock time, so that the same vault gives the same bytes.
pub fn ignore(root: &str, vault: &Vault, analysis: &Analysis, keep: &dyn Fn(&str) -> bool) -> String {
    let mut out = format!(
        "# The notes out of force in {}, as of {}: superseded, revoked, expired,\n\
         # drafts and proposals that never took effect, not yet in force or\n\
         # outside the scope asked about; then the files that could not be read.\n\
         # Made by `vaultlint lineage --all --format ignore`; the patterns are\n\
         # relative to that folder.\n",
        sanitize(root),
        analysis.life.as_of
    );
    // A note that could not be read is listed once, with the files below.
    let listed = |id: usize| {
        keep(&vault.notes[id].path)
            && !vault.is_template(id)
            && analysis.life.states[id].standing != Standing::Unreadable
    };
    let retired = (0..vault.notes.len())
        .filter(|&id| listed(id) && !(analysis.life.applies(id) && analysis.life.in_force(id)));
    for id in retired {
        out.push_str(&ignore_pattern(&vault.notes[id].path));
    }
    // Listed as not read: the files that could not be read, and the notes
    // whose frontmatter could not be, where a line of it may say the note
    // is out of force; a slip elsewhere leaves the note as it was.
    let unknown = |path: &str| {
        vault.id_of(path).is_none_or(|id| analysis.life.states[id].standing == Standing::Unreadable)
    };
    let unread: Vec<&str> =
        vault.unread().into_iter().map(|(p, _)| p).filter(|p| keep(p) && unknown(p)).collect();
    if !unread.is_empty() {
        out.push_str("# Could not be read:\n");
        for path in unread {
            out.push_str(&ignore_pattern(path));
        }
    }
    out
}

/// `path` as a gitignore line that matches it alone: anchored at the root
/// by a leading `/`, its glob characters and trailing spaces escaped. A
/// line cannot hold a line break, so a control character is matched by `?`.
fn ignore_pattern(path: &str) -> String {
    let mut line = String::from("/");
    for c in path.chars() {
        match c {
            '*' | '?' | '[' | ']' | '\\' => {
                line.push('\\');
                line.push(c);
            }
            c if c.is_control() => line.push('?'),
            c => line.push(c),
        }
    }
    let kept = line.trim_end_matches(' ').len();
    let spaces = line.len() - kept;
    line.truncate(kept);
    line.push_str(&"\\ ".repeat(spaces));
    line.push('\n');
    line
}

/// `lineage --all --since REF`: the events, as one JSON object with the
/// commit compared with, or (`jsonl`) one event a line.
pub fn events(
    root: &str,
    since: &vaultlint_workspace::commands::lineage::Since,
    reference: &str,
    jsonl: bool,
) -> String {
    if jsonl {
        let lines =
            since.events.iter().map(|e| serde_json::to_string(e).expect("an event serializes") + "\n");
        return lines.collect();
    }
    to_json(&Events {
        version: Version,
        root,
        since: reference,
        commit: &since.commit,
        as_of: since.as_of.to_string(),
        events: &since.events,
    })
}

/// `lineage --all --since REF --format json`.
#[derive(Serialize, JsonSchema)]
pub struct Events<'a> {
    version: Version,
    /// The vault root: every `path` is relative to it.
    root: &'a str,
    /// The reference as given.
    since: &'a str,
    /// The commit it names, in full.
    commit: &'a str,
    /// The day the map now is judged as of.
    as_of: String,
    /// One event per note whose verdict, standing, closure or path changed.
    events: &'a [vaultlint_workspace::events::Event],
}

/// Where a version leads, by the numbers of the table's rows: `-> 2` for
/// its successors, `corrected by 3` for its corrections.
fn next_column(analysis: &Analysis, versions: &[NoteId], v: NoteId) -> String {
    let rows = |edges: &[vaultlint_model::graph::Edge]| {
        let mut rows: Vec<usize> = edges
            .iter()
            .filter_map(|edge| versions.iter().position(|&w| w == edge.to))
            .map(|p| p + 1)
            .collect();
        rows.sort_unstable();
        rows.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
    };
    let (next, by) = (rows(&analysis.graph.edges[v]), rows(&analysis.graph.corrections[v]));
    match (next.is_empty(), by.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!("-> {next}"),
        (true, false) => format!("corrected by {by}"),
        (false, false) => format!("-> {next}, corrected by {by}"),
    }
}

/// A standing as a table shows it.
fn label(standing: Standing) -> &'static str {
    match standing {
        Standing::InForce => "in force",
        Standing::NotYetInForce(_) => "not yet in force",
        other => other.name(),
    }
}

/// `lineage NOTE`: a numbered table per note, oldest version first, the
/// named note marked with `>`, each retired version pointing at the
/// numbers of its successors.
pub fn full(vault: &Vault, analysis: &Analysis, notes: &[NoteId], style: Style) -> String {
    let mut out = String::new();
    for (i, &id) in notes.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let versions = analysis.versions(vault, id);
        let _ = writeln!(
            out,
            "{}: {}, as of {}",
            sanitize(&vault.notes[id].path),
            plural(versions.len(), "version"),
            analysis.life.as_of
        );
        let rows: Vec<[String; 5]> = versions
            .iter()
            .map(|&v| {
                let e = entry(vault, analysis, v);
                let status = e.status.map(|s| format!("status {}", sanitize(s))).unwrap_or_default();
                let mut when = match (&e.effective_from, &e.effective_to) {
                    (Some(from), Some(to)) => format!("effective {from} to {to}"),
                    (Some(from), None) => format!("effective from {from}"),
                    (None, Some(to)) => format!("effective to {to}"),
                    (None, None) => String::new(),
                };
                if let Some(due) = &e.review_due {
                    if !when.is_empty() {
                        when.push_str(", ");
                    }
                    when.push_str(&format!("review due {due}"));
                }
                let next = next_column(analysis, &versions, v);
                [
                    sanitize(&vault.notes[v].path).into_owned(),
                    label(analysis.life.states[v].standing).to_string(),
                    status,
                    when,
                    next,
                ]
            })
            .collect();
        let width = |c: usize| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0);
        let widths = [width(0), width(1), width(2), width(3)];
        let digits = versions.len().to_string().len();
        for (n, (row, &v)) in rows.iter().zip(&versions).enumerate() {
            let mark = if v == id { ">" } else { " " };
            let mut line = format!("{mark} {:>digits$}  ", n + 1);
            for (c, cell) in row.iter().enumerate() {
                // A column empty in every row takes no room.
                if c < 4 && widths[c] == 0 {
                    continue;
                }
                let pad = if c < 4 { widths[c] } else { 0 };
                let padded = format!("{cell:<pad$}");
                let shown = if c == 1 && style.color {
                    match analysis.life.states[v].standing {
                        Standing::InForce => padded.green().bold().to_string(),
                        s if s.is_retired() => padded.dimmed().to_string(),
                        _ => padded.yellow().to_string(),
                    }
                } else {
                    padded
                };
                line.push_str(&shown);
                if c < 4 {
                    line.push_str("  ");
                }
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    out
}
