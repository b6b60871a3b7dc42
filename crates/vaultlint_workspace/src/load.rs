//! Loading a vault from disk: the walk's notes read in parallel (or taken
//! from the cache of warm runs), then indexed as a [`Vault`].

use crate::walk::{self, EntryKind};
use rayon::prelude::*;
use std::fs::File;
use std::io::Read;
use std::path::Path;
use vaultlint_core::progress::Progress;
use vaultlint_model::vault::{EarlierPrint, Vault, VaultConfig};
use vaultlint_syntax::note::{self, Note};

/// Reads and parses the note at `file`, known in the vault as `path`.
pub fn read_note(file: &Path, path: String, reading: note::Reading<'_>) -> Note {
    let mut bytes = Vec::new();
    let mut modified = None;
    let read = File::open(file).and_then(|mut f| {
        modified = f
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_secs() as i64);
        f.read_to_end(&mut bytes)
    });
    if let Err(err) = read {
        return Note::unreadable(path, err.to_string());
    }
    let digest = reading.digest.then(|| note::digest(&bytes));
    let mut note = Note::from_bytes(path, bytes, reading);
    note.modified = modified;
    note.digest = digest;
    note
}

/// Reads the notes a walk found, in parallel, into a vault read as
/// `config` says.
pub fn read(
    root: &Path,
    walked: walk::Walked,
    reading: note::Reading<'_>,
    config: VaultConfig,
    progress: &dyn Progress,
) -> Vault {
    read_known(root, walked, reading, config, None, None, progress).vault
}

/// What [`read_known`] gives: the vault, and what the cache of warm runs
/// needs of the reading, which the vault does not hold.
pub struct ReadVault {
    pub vault: Vault,
    /// For each note (in path order), what the cache keeps beside it.
    pub stored: Vec<Option<crate::cache::StoredKey>>,
    /// How many notes had to be read (their files had changed).
    pub opened: usize,
    /// The fingerprints the last run held of the notes read anew or gone,
    /// for the similarity pass to take out of its counts.
    pub earlier_prints: Vec<EarlierPrint>,
}

/// [`read`] for a run with a cache, taking from `cache` the notes whose
/// files are as the last run read them.
pub fn read_known(
    root: &Path,
    walked: walk::Walked,
    reading: note::Reading<'_>,
    config: VaultConfig,
    cache: Option<&crate::cache::Cache>,
    stamps: Option<Vec<Option<crate::cache::Stamp>>>,
    progress: &dyn Progress,
) -> ReadVault {
    progress.start("reading notes", walked.entries.len() as u64);
    // Notes and what the cache keeps beside them are gathered apart: a
    // list of the two together, then split, held them all twice.
    let walk::Walked { entries, problems, .. } = walked;
    // In a large vault each fingerprint is filed as soon as it is made
    // (the cache's, as they are decoded), so that they are never all
    // in memory at once.
    let prints = vaultlint_syntax::prints::Prints::for_vault(entries.len());
    let (mut notes, mut beside, earlier) = match cache {
        Some(cache) => {
            crate::cache::read_entries(cache, root, entries, stamps, reading, prints.as_ref(), progress)
        }
        // Each entry's path is moved into its note, not copied.
        None => {
            let (notes, beside) = entries
                .into_par_iter()
                .map(|entry| {
                    let mut note = match entry.kind {
                        EntryKind::File => read_note(&entry.file(root), entry.path, reading),
                        EntryKind::Special(what) => Note::unreadable(entry.path, format!("it is {what}")),
                    };
                    if let Some(prints) = &prints {
                        note.file_print(prints);
                    }
                    progress.advance(1);
                    (note, (None, false))
                })
                .unzip();
            (notes, beside, Vec::new())
        }
    };
    // The keys are given in the vault's order of notes, which is by
    // path: the walk's order already, checked with one look at each.
    if !notes.is_sorted_by(|a, b| a.path <= b.path) {
        let mut both: Vec<_> = notes.into_iter().zip(beside).collect();
        both.sort_by(|a, b| a.0.path.cmp(&b.0.path));
        (notes, beside) = both.into_iter().unzip();
    }
    let opened = beside.iter().filter(|(_, kept)| !kept).count();
    let stored = beside.into_iter().map(|(key, _)| key).collect();
    let mut vault = Vault::from_notes(root.to_path_buf(), notes);
    vault.prints = prints.unwrap_or_default();
    vault.problems = problems;
    vault.config = config;
    // Taking notes out of the similarity pass's counts is work for
    // each, where counting afresh is work for the whole vault: past a
    // quarter of the notes, the fingerprints are not worth holding.
    let earlier_prints = if earlier.len() <= vault.notes.len() / 4 { earlier } else { Vec::new() };
    ReadVault { vault, stored, opened, earlier_prints }
}
