//! `suggest --apply`: one pair at a time, a one-key decision, and the edit
//! written at once, so what is done stays done whenever the session ends.
//! Also the two ways to apply without asking: `--yes` and `--dry-run`.
//! Every edit is a fix applied through `fix`, as `check --fix` applies its.

use crate::output::Style;
use crate::output::suggest::card;
use std::io::{self, Write};
use vaultlint_analysis::suggest::direction::Direction;
use vaultlint_analysis::suggest::{self, Chains, FolderRuleSuggestion, Pair};
use vaultlint_core::text::{plural, sanitize};
use vaultlint_model::folder_rule::FolderRule;
use vaultlint_model::vault::NoteId;
use vaultlint_workspace::commands::suggest::Suggested;
use vaultlint_workspace::fix;
use vaultlint_workspace::sources::FileSources;

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
    /// `[[supersede]]` tables written into the config.
    pub folder_rules: usize,
    /// The `(older, newer)` of those tables, which a later mark's
    /// successor is followed through.
    pub rules: Vec<(String, String)>,
}

impl Summary {
    pub fn line(&self) -> String {
        let mut parts = vec![format!("changed {}", plural(self.changed.len(), "note"))];
        if self.folder_rules > 0 {
            parts.push(format!("added {}", plural(self.folder_rules, "folder rule")));
        }
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

/// Plans and writes one decision, `older` superseded by `newer`, naming
/// the note `named` (`newer`, or the current note of its chain), and
/// reporting to `out`.
fn decide(
    s: &Suggested,
    (older, newer, named): (NoteId, NoteId, NoteId),
    summary: &mut Summary,
    out: &mut dyn Write,
) -> io::Result<()> {
    let vault = &s.vault;
    let path = sanitize(&vault.notes[older].path).into_owned();
    if summary.changed.iter().any(|(p, _)| *p == vault.notes[older].path) {
        writeln!(out, "  {path} was marked earlier in this session; left as it is")?;
        summary.skipped += 1;
        return Ok(());
    }
    let result = suggest::mark(vault, older, named, s.style, &FileSources::new(&vault.root)).and_then(
        |mark| match mark {
            None => Ok(None),
            Some(mark) => {
                fix::apply_one(&vault.root, &vault.notes[older].path, &mark.fix).map(|()| Some(mark))
            }
        },
    );
    match result {
        Ok(Some(mark)) => {
            let value = sanitize(&mark.value).into_owned();
            let status = match &mark.status {
                Some((was, now)) => format!("; status: {} (was {})", sanitize(now), sanitize(was)),
                None => String::new(),
            };
            let through = match named != newer {
                true => format!(
                    " (the current note: `{}` is superseded by it)",
                    sanitize(&vault.notes[newer].path)
                ),
                false => String::new(),
            };
            writeln!(out, "  wrote {path}: {}: {value}{status}{through}", sanitize(&mark.key))?;
            summary.changed.push((vault.notes[older].path.clone(), mark.value));
        }
        Ok(None) => writeln!(out, "  {path} already says so; nothing to change")?,
        Err(reason) => {
            writeln!(out, "  skipped {path}: {}", sanitize(&reason))?;
            summary.failed.push((vault.notes[older].path.clone(), reason));
        }
    }
    Ok(())
}

/// Writes the folder rules into the config, reporting to `out`.
fn add_folder_rules(
    s: &Suggested,
    rules: &[&FolderRuleSuggestion],
    summary: &mut Summary,
    out: &mut dyn Write,
) -> io::Result<()> {
    let config = sanitize(&s.config_name()).into_owned();
    let tables: Vec<String> = rules.iter().map(|f| f.table()).collect();
    match vaultlint_workspace::edit::append_to_config(&s.config, &tables) {
        Ok(()) => {
            writeln!(out, "  wrote {config}: {}", plural(tables.len(), "[[supersede]] table"))?;
            summary.folder_rules += tables.len();
            summary.rules.extend(rules.iter().map(|f| (f.older.clone(), f.newer.clone())));
        }
        Err(reason) => {
            writeln!(out, "  skipped {config}: {}", sanitize(&reason))?;
            summary.failed.push((s.config_name(), reason));
        }
    }
    Ok(())
}

/// The folder rules of the tables `(older, newer)` added.
fn folder_rules(tables: &[(String, String)]) -> Vec<FolderRule> {
    tables.iter().filter_map(|(older, newer)| FolderRule::new(older, newer).ok()).collect()
}

/// Offers each folder rule in turn; `false` when the person quit.
fn offer_folder_rules(
    s: &Suggested,
    keys: &mut dyn Keys,
    out: &mut dyn Write,
    summary: &mut Summary,
) -> io::Result<bool> {
    for folder in &s.folders {
        write!(out, "\n{}", crate::output::suggest::folder_card(folder, &s.config_name()))?;
        let key = loop {
            write!(out, "add this table? [y]es [n]o [q]uit [?] ")?;
            out.flush()?;
            let key = keys.next_key()?;
            writeln!(out, "{}", key_name(key))?;
            if key != Key::Help {
                break key;
            }
            out.write_all(FOLDER_HELP.as_bytes())?;
        };
        match key {
            Key::Yes => add_folder_rules(s, &[folder], summary, out)?,
            Key::Quit => return Ok(false),
            _ => summary.skipped += 1,
        }
    }
    Ok(true)
}

const FOLDER_HELP: &str = "  y  add the table to the config: every older copy is then superseded\n  \
                           n  leave the folders as they are\n  \
                           q  quit; what is done stays done\n";

/// The interactive session: the folder rules first, then `pairs`, best
/// first.
pub fn session(s: &Suggested, style: Style, keys: &mut dyn Keys, out: &mut dyn Write) -> io::Result<Summary> {
    let vault = &s.vault;
    let sources = FileSources::new(&vault.root);
    let paths = crate::output::Paths::from_current_folder(&vault.root);
    let mut summary = Summary::default();
    if !offer_folder_rules(s, keys, out, &mut summary)? {
        writeln!(out, "\n{}", summary.line())?;
        return Ok(summary);
    }
    let total = s.pairs.len();
    // Each decision made, older to newer: a later mark names the current
    // note of the chain they make.
    let mut chains = Chains::new(vault, &s.graph, &folder_rules(&summary.rules));
    'pairs: for (i, pair) in s.pairs.iter().enumerate() {
        write!(out, "\n[{}/{total}] {}", i + 1, card(pair, vault, &sources, style, &paths))?;
        let older = &vault.notes[pair.older];
        let dated = |id: NoteId| {
            let note = &vault.notes[id];
            vaultlint_syntax::keys::version_dates().find_map(|key| {
                let text = note.field(key)?.value.scalar_text()?;
                Some(format!("{key} {}", sanitize(text.trim())))
            })
        };
        let (a, b) = (dated(pair.older), dated(pair.newer));
        if a.is_some() || b.is_some() {
            let none = || "no date".to_string();
            writeln!(out, "      dates: {} -> {}", a.unwrap_or_else(none), b.unwrap_or_else(none))?;
        }
        if let Some(field) = older.successor() {
            let now = field.value.strings().join(", ");
            writeln!(
                out,
                "      {} declares `{}: {}` now; `y` replaces it",
                sanitize(&older.path),
                field.key,
                sanitize(&now)
            )?;
        }
        if let Some(status) = suggest::in_force_status(older) {
            let status = sanitize(status);
            writeln!(out, "      `y` also sets `status: {status}` to `superseded`")?;
        }
        loop {
            write!(out, "superseded? [y]es [r]everse [n]o [d]ismiss [q]uit [?] ")?;
            out.flush()?;
            let key = keys.next_key()?;
            writeln!(out, "{}", key_name(key))?;
            match key {
                Key::Yes | Key::Reverse => {
                    let (older, newer) = match key {
                        Key::Yes => (pair.older, pair.newer),
                        _ => (pair.newer, pair.older),
                    };
                    let named = chains.current_successor(older, newer);
                    decide(s, (older, newer, named), &mut summary, out)?;
                    // Only a mark written makes a chain to follow.
                    if summary.changed.last().is_some_and(|(path, _)| *path == vault.notes[older].path) {
                        chains.decided.entry(older).or_insert(newer);
                    }
                }
                Key::No => summary.skipped += 1,
                Key::Dismiss => {
                    let (a, b) = (&older.path, &vault.notes[pair.newer].path);
                    match vaultlint_workspace::edit::dismiss(&vault.root, &s.dismissals, a, b) {
                        Ok(_) => {
                            let file = vaultlint_core::paths::relative(&vault.root, &s.dismissals);
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
pub fn unattended(pairs: &[Pair], min_score: f64) -> Vec<&Pair> {
    pairs.iter().filter(|p| p.direction == Direction::Confident && p.score >= min_score).collect()
}

/// `--yes`: writes the folder rules, then applies each pair, reporting
/// every change to `out`.
pub fn apply_all(s: &Suggested, pairs: &[&Pair], out: &mut dyn Write) -> io::Result<Summary> {
    let mut summary = Summary::default();
    if !s.folders.is_empty() {
        add_folder_rules(s, &s.folders.iter().collect::<Vec<_>>(), &mut summary, out)?;
    }
    let mut chains = Chains::new(&s.vault, &s.graph, &folder_rules(&summary.rules));
    for planned in chains.plan(pairs.iter().map(|p| (p.older, p.newer))) {
        decide(s, planned, &mut summary, out)?;
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}

/// `--dry-run`: the unified diff of every edit `--yes` would make.
pub fn dry_run(s: &Suggested, pairs: &[&Pair], out: &mut dyn Write) -> io::Result<usize> {
    let vault = &s.vault;
    let mut written = 0;
    if !s.folders.is_empty() {
        let tables: Vec<String> = s.folders.iter().map(|f| f.table()).collect();
        match vaultlint_workspace::edit::config_with(&s.config, &tables) {
            Ok((before, after)) => {
                let before = String::from_utf8_lossy(before.as_deref().unwrap_or_default()).into_owned();
                let after = String::from_utf8_lossy(&after);
                out.write_all(
                    vaultlint_workspace::edit::unified_diff(&s.config_name(), &before, &after).as_bytes(),
                )?;
                written += 1;
            }
            Err(reason) => {
                writeln!(out, "# {} would be skipped: {}", sanitize(&s.config_name()), sanitize(&reason))?
            }
        }
    }
    // The marks `--yes` would make: one per older note.
    let mut marks = Vec::new();
    let added: Vec<_> = s.folders.iter().map(|f| (f.older.clone(), f.newer.clone())).collect();
    let mut chains = Chains::new(vault, &s.graph, &folder_rules(&added));
    for (older, _, named) in chains.plan(pairs.iter().map(|p| (p.older, p.newer))) {
        match suggest::mark(vault, older, named, s.style, &FileSources::new(&vault.root)) {
            Ok(Some(mark)) => marks.push(mark),
            Ok(None) => {}
            Err(reason) => writeln!(
                out,
                "# {} would be skipped: {}",
                sanitize(&vault.notes[older].path),
                sanitize(&reason)
            )?,
        }
    }
    // In the order of the pairs, each planned as `--yes` would make it.
    let mut planned = Vec::new();
    for mark in &marks {
        let (edits, skipped) = fix::plan(&vault.root, [(vault.notes[mark.older].path.as_str(), &mark.fix)]);
        for skip in &skipped {
            writeln!(out, "# {} would be skipped: {}", sanitize(&skip.path), sanitize(&skip.reason))?;
        }
        planned.extend(edits);
    }
    for edit in &planned {
        out.write_all(fix::diff(edit).as_bytes())?;
    }
    Ok(written + planned.len())
}
