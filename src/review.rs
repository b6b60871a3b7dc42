//! `suggest --apply`: one pair at a time, a one-key decision, and the edit
//! written at once, so what is done stays done whenever the session ends.
//! Also the two ways to apply without asking: `--yes` and `--dry-run`.

use crate::output::Style;
use crate::output::suggest::card;
use crate::suggest::apply::{self, Edit, LinkStyle};
use crate::suggest::direction::{DATE_KEYS, Direction};
use crate::suggest::{Pair, dismissals};
use crate::text::{plural, sanitize};
use crate::vault::{NoteId, Vault};
use std::io::{self, Write};

/// A decision, read as one key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// `y`: the older note is superseded by the newer.
    Yes,
    /// `r`: the other way round.
    Reverse,
    /// `n`: skip for now.
    No,
    /// `d`: not versions; never ask again.
    Dismiss,
    /// `q`, Ctrl-C, Escape, or the end of input.
    Quit,
    /// `?`
    Help,
}

/// Where keys come from: the terminal in raw mode, or a script in tests.
pub trait Keys {
    fn next_key(&mut self) -> io::Result<Key>;
}

const HELP: &str = "  y  mark the older note superseded by the newer (adds `superseded_by`)\n  \
                    r  the other way round: the newer is the one superseded\n  \
                    n  skip this pair for now\n  \
                    d  dismiss: not versions, never suggest this pair again\n  \
                    q  quit; what is done stays done\n";

/// What a session or an unattended apply did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// `(note, value)` for each note changed.
    pub changed: Vec<(String, String)>,
    pub dismissed: usize,
    pub skipped: usize,
    /// `(note, reason)` for each edit that could not be made.
    pub failed: Vec<(String, String)>,
}

impl Summary {
    pub fn line(&self) -> String {
        let mut parts = vec![format!("changed {}", plural(self.changed.len(), "note"))];
        if self.dismissed > 0 {
            parts.push(format!("dismissed {}", plural(self.dismissed, "pair")));
        }
        if self.skipped > 0 {
            parts.push(format!("skipped {}", plural(self.skipped, "pair")));
        }
        if !self.failed.is_empty() {
            parts.push(format!("could not edit {}", plural(self.failed.len(), "note")));
        }
        parts.join(", ")
    }
}

/// Plans and writes one decision, reporting to `out`.
fn decide(
    vault: &Vault,
    older: NoteId,
    newer: NoteId,
    style: LinkStyle,
    summary: &mut Summary,
    out: &mut dyn Write,
) -> io::Result<()> {
    let path = sanitize(&vault.notes[older].path).into_owned();
    if summary.changed.iter().any(|(p, _)| *p == vault.notes[older].path) {
        writeln!(out, "  {path} was marked earlier in this session; left as it is")?;
        summary.skipped += 1;
        return Ok(());
    }
    let result = apply::plan(vault, older, newer, style).and_then(|edit| match edit {
        None => Ok(None),
        Some(edit) => apply::write(&edit).map(|()| Some(edit)).map_err(|e| e.to_string()),
    });
    match result {
        Ok(Some(edit)) => {
            let value = sanitize(&edit.value).into_owned();
            writeln!(out, "  wrote {path}: superseded_by: {value}")?;
            summary.changed.push((edit.path, edit.value));
        }
        Ok(None) => writeln!(out, "  {path} already says so; nothing to change")?,
        Err(reason) => {
            writeln!(out, "  skipped {path}: {}", sanitize(&reason))?;
            summary.failed.push((vault.notes[older].path.clone(), reason));
        }
    }
    Ok(())
}

/// The interactive session over `pairs`, best first.
pub fn session(
    vault: &Vault,
    pairs: &[&Pair],
    link: LinkStyle,
    style: Style,
    keys: &mut dyn Keys,
    out: &mut dyn Write,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let total = pairs.len();
    'pairs: for (i, pair) in pairs.iter().enumerate() {
        write!(out, "\n[{}/{total}] {}", i + 1, card(pair, vault, style))?;
        let older = &vault.notes[pair.older];
        let dated = |id: NoteId| {
            let note = &vault.notes[id];
            DATE_KEYS.iter().find_map(|key| {
                let field = note.fields.iter().find(|f| f.key == *key)?;
                Some(format!("{key} {}", sanitize(field.value.scalar_text()?.trim())))
            })
        };
        let (a, b) = (dated(pair.older), dated(pair.newer));
        if a.is_some() || b.is_some() {
            let none = || "no date".to_string();
            writeln!(out, "      dates: {} -> {}", a.unwrap_or_else(none), b.unwrap_or_else(none))?;
        }
        if let Some(field) = &older.successor {
            let now = field.value.strings().join(", ");
            writeln!(
                out,
                "      {} declares `{}: {}` now; `y` replaces it",
                sanitize(&older.path),
                field.key,
                sanitize(&now)
            )?;
        }
        loop {
            write!(out, "superseded? [y]es [r]everse [n]o [d]ismiss [q]uit [?] ")?;
            out.flush()?;
            let key = keys.next_key()?;
            writeln!(out, "{}", key_name(key))?;
            match key {
                Key::Yes => decide(vault, pair.older, pair.newer, link, &mut summary, out)?,
                Key::Reverse => decide(vault, pair.newer, pair.older, link, &mut summary, out)?,
                Key::No => summary.skipped += 1,
                Key::Dismiss => {
                    let (a, b) = (&older.path, &vault.notes[pair.newer].path);
                    match dismissals::add(&vault.dismissals, a, b) {
                        Ok(_) => {
                            let file = crate::walk::relative(&vault.root, &vault.dismissals);
                            writeln!(out, "  dismissed: recorded in {}", sanitize(&file))?;
                            summary.dismissed += 1;
                        }
                        Err(reason) => writeln!(out, "  {}", sanitize(&reason))?,
                    }
                }
                Key::Quit => break 'pairs,
                Key::Help => {
                    out.write_all(HELP.as_bytes())?;
                    continue;
                }
            }
            break;
        }
    }
    writeln!(out, "\n{}", summary.line())?;
    Ok(summary)
}

fn key_name(key: Key) -> &'static str {
    match key {
        Key::Yes => "y",
        Key::Reverse => "r",
        Key::No => "n",
        Key::Dismiss => "d",
        Key::Quit => "q",
        Key::Help => "?",
    }
}

/// The pairs `--yes` applies without asking: a confident direction and a
/// score of at least `min_score`.
pub fn unattended<'p>(pairs: &[&'p Pair], min_score: f64) -> Vec<&'p Pair> {
    pairs.iter().copied().filter(|p| p.direction == Direction::Confident && p.score >= min_score).collect()
}

/// `--yes`: applies each pair, reporting every change to `out`.
pub fn apply_all(
    vault: &Vault,
    pairs: &[&Pair],
    link: LinkStyle,
    out: &mut dyn Write,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    for pair in pairs {
        decide(vault, pair.older, pair.newer, link, &mut summary, out)?;
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}

/// `--dry-run`: the unified diff of every edit `--yes` would make.
pub fn dry_run(vault: &Vault, pairs: &[&Pair], link: LinkStyle, out: &mut dyn Write) -> io::Result<usize> {
    let mut edits: Vec<Edit> = Vec::new();
    for pair in pairs {
        match apply::plan(vault, pair.older, pair.newer, link) {
            Ok(Some(edit)) => edits.push(edit),
            Ok(None) => {}
            Err(reason) => writeln!(
                out,
                "# {} would be skipped: {}",
                sanitize(&vault.notes[pair.older].path),
                sanitize(&reason)
            )?,
        }
    }
    for edit in &edits {
        out.write_all(apply::unified_diff(edit).as_bytes())?;
    }
    Ok(edits.len())
}
