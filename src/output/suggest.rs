//! `vaultlint suggest` output: the pairs best first, as text for a person
//! or as one JSON object (schema in the book, docs/).

use super::Style;
use super::contract::Version;
use owo_colors::OwoColorize;
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write;
use vaultlint_analysis::suggest::diff::{self, Change};
use vaultlint_analysis::suggest::{FolderRuleSuggestion, Pair, Signals};
use vaultlint_core::diagnostic::Sources;
use vaultlint_core::text::{plural, sanitize, thousands};
use vaultlint_model::vault::Vault;
use vaultlint_workspace::commands::suggest::Suggested;

/// Changed lines shown per pair.
const DIFF_LINES: usize = 8;

/// The folder rules to add first, then the cards, best first, then
/// (unless `quiet`) a summary line, which names the vault root where it
/// is not the current folder. Notes are named as they open from there.
pub fn full(
    found: &Suggested,
    sources: &dyn Sources,
    style: Style,
    quiet: bool,
    paths: &super::Paths,
) -> String {
    let (pairs, vault) = (&found.pairs, &found.vault);
    let mut out: String = found.folders.iter().map(|f| folder_card(f, &found.config_name()) + "\n").collect();
    let cards: Vec<String> = pairs.iter().map(|pair| card(pair, vault, sources, style, paths)).collect();
    out.push_str(&cards.join("\n"));
    if quiet {
        return out;
    }
    if !pairs.is_empty() {
        out.push('\n');
    }
    let root = paths.root_shown();
    let _ = writeln!(
        out,
        "{} among {}{}",
        if pairs.is_empty() {
            "no suspected versions".to_string()
        } else {
            plural(pairs.len(), "suspected version pair")
        },
        plural(vault.notes.len(), "note"),
        if root == "." { String::new() } else { format!(" (vault root {})", sanitize(&root)) }
    );
    out
}

/// Release folders no rule retires, with the table that would.
pub fn folder_card(folder: &FolderRuleSuggestion, config: &str) -> String {
    let mut out = format!(
        "{}; instead of marking each, add to {}:\n\n",
        sanitize(&folder.describe()),
        sanitize(config)
    );
    for line in folder.table().lines() {
        let _ = writeln!(out, "    {}", sanitize(line));
    }
    out
}

/// One pair: score, older -> newer (named as they open from the current
/// folder), direction, titles where they differ, the evidence, and the
/// first lines that differ.
pub fn card(pair: &Pair, vault: &Vault, sources: &dyn Sources, style: Style, paths: &super::Paths) -> String {
    let mut out = String::new();
    let (older, newer) = (&vault.notes[pair.older], &vault.notes[pair.newer]);
    let arrow = format!("{} -> {}", sanitize(&paths.show(&older.path)), sanitize(&paths.show(&newer.path)));
    let head = format!("{:.2}  {arrow}", pair.score);
    let _ = writeln!(
        out,
        "{}  ({})",
        if style.color { head.bold().to_string() } else { head },
        pair.direction.as_str()
    );
    if older.title != newer.title {
        let _ = writeln!(out, "      \"{}\" -> \"{}\"", sanitize(&older.title), sanitize(&newer.title));
    }
    let reasons: Vec<String> = pair.reasons().map(|r| sanitize(&r).into_owned()).collect();
    let _ = writeln!(out, "      {}", reasons.join(", "));
    let texts = (sources.text(&older.path), sources.text(&newer.path));
    let changes = match &texts {
        (Some(old), Some(new)) => diff::changed_lines(old, new, DIFF_LINES),
        _ => None,
    };
    match changes {
        None => out.push_str("      (no diff: a note is too large or cannot be read)\n"),
        Some(changes) => {
            for change in &changes.lines {
                let (sign, line) = match change {
                    Change::Removed(l) => ("-", l),
                    Change::Added(l) => ("+", l),
                };
                let line = clip(&sanitize(line), style.width.saturating_sub(8));
                let text = format!("{sign} {line}");
                let text = match (style.color, sign) {
                    (false, _) => text,
                    (true, "-") => text.red().to_string(),
                    (true, _) => text.green().to_string(),
                };
                let _ = writeln!(out, "      {text}");
            }
            if changes.more > 0 {
                let lines = if changes.more == 1 { "line" } else { "lines" };
                let _ = writeln!(out, "      ... and {} more changed {lines}", thousands(changes.more));
            }
        }
    }
    out
}

/// At most `width` characters, with an ellipsis where cut.
fn clip(line: &str, width: usize) -> String {
    if line.chars().count() <= width.max(10) {
        return line.to_string();
    }
    let mut cut: String = line.chars().take(width.max(10) - 1).collect();
    cut.push('…');
    cut
}

/// `suggest --format json`.
#[derive(Serialize, JsonSchema)]
pub struct Output<'a> {
    version: Version,
    /// The vault root: every path is relative to it.
    root: &'a str,
    /// Release folders no rule retires: the `[[supersede]]` tables to add.
    folder_rules: &'a [FolderRuleSuggestion],
    pairs: Vec<JsonPair<'a>>,
    summary: Summary,
}

/// A pair, older first.
#[derive(Serialize, JsonSchema)]
struct JsonPair<'a> {
    older: &'a str,
    newer: &'a str,
    score: f64,
    /// How sure the direction is: `confident` or `uncertain`.
    #[schemars(extend("enum" = ["confident", "uncertain"]))]
    direction: &'static str,
    reasons: Vec<String>,
    signals: Signals,
}

#[derive(Serialize, JsonSchema)]
struct Summary {
    notes: usize,
    pairs: usize,
}

pub fn json(found: &Suggested, root: &str) -> String {
    let (pairs, vault) = (&found.pairs, &found.vault);
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let output = Output {
        version: Version,
        root,
        folder_rules: &found.folders,
        pairs: pairs
            .iter()
            .map(|p| JsonPair {
                older: &vault.notes[p.older].path,
                newer: &vault.notes[p.newer].path,
                score: p.score,
                direction: p.direction.as_str(),
                reasons: p.reasons().collect(),
                signals: Signals {
                    title: p.signals.title.map(round),
                    name: round(p.signals.name),
                    tags: p.signals.tags.map(round),
                    headings: p.signals.headings.map(round),
                    content: round(p.signals.content),
                    substance: p.signals.substance,
                },
            })
            .collect(),
        summary: Summary { notes: vault.notes.len(), pairs: pairs.len() },
    };
    let mut text = serde_json::to_string_pretty(&output).expect("pairs serialize");
    text.push('\n');
    text
}
