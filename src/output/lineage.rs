//! `vaultlint lineage` output: a note's versions as a table for a person,
//! or as JSON; and the map of every note (`--all`) as JSON. The schema is
//! in the README and is part of the tool's contract.

use super::Style;
use crate::lifecycle::Standing;
use crate::lineage::Analysis;
use crate::text::{plural, sanitize};
use crate::vault::{NoteId, Vault};
use owo_colors::OwoColorize;
use serde::Serialize;
use std::fmt::Write;

/// A note's place in its lineage, as JSON shows it.
#[derive(Serialize)]
struct Entry<'a> {
    path: &'a str,
    /// Whether to serve it: in force on the as-of day.
    in_force: bool,
    standing: &'static str,
    /// The `status` value as written.
    status: Option<&'a str>,
    effective_from: Option<String>,
    effective_to: Option<String>,
    review_due: Option<String>,
    /// The notes that directly supersede it.
    successors: Vec<&'a str>,
    /// The notes in force to read instead (itself when in force).
    current: Vec<&'a str>,
}

fn day(vault: &Vault, id: NoteId, key: &str) -> Option<String> {
    vault.notes[id].day(key).map(|d| d.to_string())
}

fn entry<'a>(vault: &'a Vault, analysis: &Analysis, id: NoteId) -> Entry<'a> {
    let state = &analysis.life.states[id];
    let paths = |ids: &mut dyn Iterator<Item = NoteId>| ids.map(|n| vault.notes[n].path.as_str()).collect();
    Entry {
        path: &vault.notes[id].path,
        in_force: analysis.life.in_force(id),
        standing: state.standing.name(),
        status: vault.notes[id].status.as_ref().map(|(s, _)| s.as_str()),
        effective_from: day(vault, id, "effective_from"),
        effective_to: day(vault, id, "effective_to"),
        review_due: day(vault, id, "review_due"),
        successors: paths(&mut analysis.graph.edges[id].iter().map(|e| e.to)),
        current: paths(&mut state.current.iter().copied()),
    }
}

fn to_json(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("lineage serializes");
    text.push('\n');
    text
}

/// `lineage NOTE --format json`: each named note with its versions.
pub fn json(vault: &Vault, analysis: &Analysis, notes: &[NoteId]) -> String {
    #[derive(Serialize)]
    struct One<'a> {
        note: &'a str,
        versions: Vec<Entry<'a>>,
    }
    #[derive(Serialize)]
    struct Output<'a> {
        as_of: String,
        lineages: Vec<One<'a>>,
    }
    let lineages = notes
        .iter()
        .map(|&id| One {
            note: &vault.notes[id].path,
            versions: analysis.versions(vault, id).into_iter().map(|v| entry(vault, analysis, v)).collect(),
        })
        .collect();
    to_json(&Output { as_of: analysis.life.as_of.to_string(), lineages })
}

/// `lineage --all --format json`: every note (those `keep` accepts), by
/// path, and what could not be read: an indexer must never take a note it
/// was not told about, or one vaultlint could not read, as in force.
pub fn all_json(vault: &Vault, analysis: &Analysis, keep: &dyn Fn(&str) -> bool) -> String {
    #[derive(Serialize)]
    struct Unread<'a> {
        path: &'a str,
        message: &'a str,
    }
    #[derive(Serialize)]
    struct Output<'a> {
        as_of: String,
        notes: Vec<Entry<'a>>,
        errors: Vec<Unread<'a>>,
    }
    let errors = vault
        .unread()
        .into_iter()
        .filter(|(p, _)| keep(p))
        .map(|(path, message)| Unread { path, message })
        .collect();
    let notes = (0..vault.notes.len())
        .filter(|&id| keep(&vault.notes[id].path))
        .map(|id| entry(vault, analysis, id))
        .collect();
    to_json(&Output { as_of: analysis.life.as_of.to_string(), notes, errors })
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
                let next: Vec<String> = analysis.graph.edges[v]
                    .iter()
                    .filter_map(|edge| versions.iter().position(|&w| w == edge.to))
                    .map(|p| (p + 1).to_string())
                    .collect();
                let next = if next.is_empty() { String::new() } else { format!("-> {}", next.join(", ")) };
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
