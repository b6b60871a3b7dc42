//! The pairs worth scoring: notes whose bodies LSH finds alike, notes
//! whose names or titles are the same once markers are out, a note and
//! the copy Obsidian made when its name was taken, notes whose paths
//! differ only in case, and the copies of a page under release folders.

use super::Carry;
use super::facts::Brief;
use super::minhash::{self, Banded, Common};
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use vaultlint_model::vault::{NoteId, Vault};
use vaultlint_model::version_roots::VersionRoots;
use vaultlint_syntax::fingerprint::{Fingerprint, Signature};
use vaultlint_syntax::names;
use vaultlint_syntax::note::Note;

/// Notes sharing a name key in groups larger than this are a series or a
/// convention (`index`, `2026-03-05`), not candidates for each other.
const MAX_NAME_GROUP: usize = 32;

/// The pairs worth scoring: those LSH finds, the `named` pairs (notes of
/// one name group, [`KeyHashes::name_groups`]), a note and its clash
/// copy, and each copy of a page under release folders with its newest
/// copy; never two copies of a page otherwise, nor two pages of one set
/// of roots. What banding found is given to `keep`, for the next run,
/// unless it is what the last run found (`earlier`), from which it is
/// taken where that serves.
pub(super) fn candidates(
    vault: &Vault,
    looked_at: &[bool],
    named: Vec<(u32, u32)>,
    roots: &VersionRoots,
    common: &Common,
    earlier: Option<Banded>,
    keep: Option<&dyn Fn(Carry)>,
) -> Vec<(u32, u32)> {
    // The fingerprints are found once for all the passes banding makes.
    let prints = vault.prints_of((0..vault.notes.len()).filter(|&id| looked_at[id]));
    fn signatures_of<'a>(batch: &'a [(NoteId, Cow<Fingerprint>)]) -> Vec<(NoteId, &'a Signature)> {
        batch.iter().filter_map(|(id, print)| Some((*id, print.signature()?))).collect()
    }
    let scan = |each: minhash::Each| prints.scan(|batch| each(&signatures_of(batch)));
    let mut candidates = band(vault, looked_at, common, scan, earlier, keep);
    candidates.extend(named);
    candidates.extend(clash_copies(vault, looked_at));
    let case_variants = vault.case_variants().into_iter().filter(|&(a, b)| looked_at[a] && looked_at[b]);
    candidates.extend(case_variants.map(|(a, b)| (a as u32, b as u32)));
    candidates.retain(|&(a, b)| {
        let (a, b) = (a as usize, b as usize);
        roots.order(a, b).is_none() && !roots.different_pages(a, b)
    });
    for family in &roots.families() {
        let last = *family.last().expect("two or more") as u32;
        candidates
            .extend(family[..family.len() - 1].iter().map(|&id| (last.min(id as u32), last.max(id as u32))));
    }
    candidates.par_sort_unstable();
    candidates.dedup();
    candidates
}

/// The pairs LSH finds, `scan` giving the signatures of the notes looked
/// at: taken from what the last run's banding found (`earlier`) where it
/// serves, and given to `keep` for the next run unless it is that.
fn band(
    vault: &Vault,
    looked_at: &[bool],
    common: &Common,
    scan: impl Fn(minhash::Each) + Copy,
    earlier: Option<Banded>,
    keep: Option<&dyn Fn(Carry)>,
) -> Vec<(u32, u32)> {
    // A note's signature follows from its file's bytes (and the settings,
    // which key the cache): banding is carried over by the digests, 0
    // marking a note not banded.
    let sources: Option<Vec<u64>> = keep.and_then(|_| {
        (0..vault.notes.len())
            .map(|id| match looked_at[id] {
                true => vault.notes[id].digest.map(|d| d.max(1)),
                false => Some(0),
            })
            .collect()
    });
    let notes = keep.map_or(0, |_| {
        let mut paths = xxhash_rust::xxh3::Xxh3Default::new();
        for note in &vault.notes {
            paths.update(note.path.as_bytes());
            paths.update(&[0]);
        }
        paths.digest()
    });
    let signature = |id: u32| vault.print(id as usize)?.signature().copied();
    let updated = (earlier.as_ref().zip(sources.as_ref()))
        .and_then(|(earlier, sources)| earlier.update(notes, sources, common, scan, signature));
    // Let go of before banding every note, which is the similarity
    // pass's peak at a million notes.
    let earlier = earlier.map(|earlier| earlier.digest());
    let found = updated.unwrap_or_else(|| minhash::candidates(vault.notes.len(), scan, common));
    let pairs = found.pairs.clone();
    if let (Some(keep), Some(sources)) = (keep, sources) {
        let banded = Banded::new(notes, sources, common, found);
        if Some(banded.digest()) != earlier {
            keep(Carry::Banded(banded));
        }
    }
    pairs
}

/// `N` when `stem` is `other` with ` N` after it, `N` a digit from 1 to
/// 9: the names Obsidian gives a second and third note of a taken name,
/// and that sync services give a conflicting copy (`Name 2.md`).
fn copy_suffix(stem: &str, other: &str) -> Option<u8> {
    let digit = stem.strip_prefix(other)?.strip_prefix(' ')?.as_bytes();
    matches!(digit, [b'1'..=b'9']).then(|| digit[0] - b'0')
}

/// The number of the copy when either stem is the other with ` N` after
/// it (see [`copy_suffix`]), wherever the two notes are.
pub(super) fn numbered_copy(a: &str, b: &str) -> Option<u8> {
    copy_suffix(a, b).or(copy_suffix(b, a))
}

/// Whether two notes are a name and its clash copy in one folder: `Name
/// 1.md` beside `Name.md`, the copy Obsidian makes when a name is taken.
/// (`Example 2` beside `Example` is a second example more often than a
/// copy; see [`copy_number`].)
pub(super) fn clash_copy(a: &Note, b: &Note) -> bool {
    copy_number(a, b) == Some(1)
}

/// The number of the copy when one note's name is the other's with ` N`
/// after it, in one folder: a clash copy (` 1`) or a later one, which is
/// a copy only where the text says so.
pub(super) fn copy_number(a: &Note, b: &Note) -> Option<u8> {
    (a.folder() == b.folder()).then(|| numbered_copy(a.stem(), b.stem()))?
}

/// The pairs of a note and its numbered copy beside it (`Name 1.md`, the
/// clash copy, see [`clash_copy`], or `Name 2.md`, as a sync service names
/// a conflicting copy): candidates however many notes share their name's
/// words or title, as a folder of dated captures does.
fn clash_copies(vault: &Vault, looked_at: &[bool]) -> Vec<(u32, u32)> {
    (0..vault.notes.len())
        .into_par_iter()
        .filter(|&id| looked_at[id])
        .filter_map(|id| {
            let note = &vault.notes[id];
            let stem = note.stem();
            let bytes = stem.as_bytes();
            let n = bytes.len();
            if n < 3 || bytes[n - 2] != b' ' || !(b'1'..=b'9').contains(&bytes[n - 1]) {
                return None;
            }
            let (base, file) = (&stem[..n - 2], note.path.rsplit('/').next()?);
            let ext = &file[n..];
            let other = match note.folder() {
                "" => format!("{base}{ext}"),
                folder => format!("{folder}/{base}{ext}"),
            };
            let other = vault.id_of(&other).filter(|&o| looked_at[o])?;
            Some(((id.min(other)) as u32, (id.max(other)) as u32))
        })
        .collect()
}

/// The notes looked at, by the hashes of their group keys (the name's
/// and the title's, which reading kept): sorted, so that notes sharing a
/// hash are side by side. A sorted list of (hash, note), not a table of
/// lists: nearly every hash is one note's, and a list for each took 180
/// MB at a million notes.
pub(super) struct KeyHashes(Vec<(u64, u32)>);

impl KeyHashes {
    pub fn of(vault: &Vault, looked_at: &[bool]) -> KeyHashes {
        let mut by_hash: Vec<(u64, u32)> = (0..vault.notes.len())
            .filter(|&id| looked_at[id])
            .flat_map(|id| vault.notes[id].grouping.keys().into_iter().flatten().map(move |h| (h, id as u32)))
            .collect();
        by_hash.par_sort_unstable();
        KeyHashes(by_hash)
    }

    /// The runs of two or more notes that share a hash.
    fn groups(&self) -> impl Iterator<Item = &[(u64, u32)]> {
        self.0.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() >= 2)
    }

    /// For each of the vault's `notes`, whether it shares a hash with another.
    pub fn shared(&self, notes: usize) -> Vec<bool> {
        let mut shared = vec![false; notes];
        for &(_, id) in self.groups().flatten() {
            shared[id as usize] = true;
        }
        shared
    }

    /// The title hashes that notes of `min` different names or more share:
    /// a heading the vault's notes open with, not one document's title.
    /// One page's copies in each release folder share their title too,
    /// but under one name or few.
    pub fn common_titles(&self, vault: &Vault, min: usize) -> HashSet<u64> {
        let common = |group: &[(u64, u32)]| {
            let hash = group[0].0;
            let mut names: Vec<Option<u64>> = (group.iter())
                .filter_map(|&(_, id)| {
                    let [name, title] = vault.notes[id as usize].grouping.keys();
                    (title == Some(hash)).then_some(name)
                })
                .collect();
            names.sort_unstable();
            names.dedup();
            (names.len() >= min).then_some(hash)
        };
        self.groups().filter(|group| group.len() >= min).filter_map(common).collect()
    }

    /// The hashes of the name keys that notes in `min` places or more
    /// bear (`implementation` in each component's `guidance/` folder,
    /// `main_ts` in each example's): learned from the vault, such a name
    /// is a slot each folder fills, as `README` is, and says no more of
    /// which document a note is. A page's frozen copies in older release
    /// folders, and its translations, are in its own place.
    pub fn common_names(&self, vault: &Vault, roots: &VersionRoots, min: usize) -> HashSet<u64> {
        let common = |group: &[(u64, u32)]| {
            let hash = group[0].0;
            let named = (group.iter())
                .map(|&(_, id)| id as usize)
                .filter(|&id| vault.notes[id].grouping.keys()[0] == Some(hash) && !roots.outlived(id));
            let mut places: Vec<String> = named
                .map(|id| names::path_info(&vault.notes[id].path, vault.notes[id].stem()).place)
                .collect();
            places.sort_unstable();
            places.dedup();
            (places.len() >= min).then_some(hash)
        };
        self.groups().filter(|group| group.len() >= min).filter_map(common).collect()
    }

    /// Pairs of notes whose names or titles are the same once markers are
    /// out: each group of notes sharing a hash is grouped again by the keys
    /// themselves, from the notes' `briefs`, so that no two keys that
    /// merely hash alike are taken for one.
    pub fn name_groups(&self, briefs: &[Brief]) -> Vec<(u32, u32)> {
        let groups: Vec<&[(u64, u32)]> = self.groups().collect();
        groups
            .par_iter()
            .flat_map_iter(|group| {
                let hash = group[0].0;
                // Each note's key with this group's hash.
                let mut by_key: HashMap<&str, Vec<u32>> = HashMap::new();
                for &(_, id) in group.iter() {
                    let keys = briefs[id as usize].keys.as_deref().into_iter().flatten().flatten();
                    for key in keys.filter(|key| names::key_hash(key) == hash) {
                        by_key.entry(key).or_default().push(id);
                    }
                }
                let mut pairs = Vec::new();
                for ids in by_key.values().filter(|ids| (2..=MAX_NAME_GROUP).contains(&ids.len())) {
                    for (i, &a) in ids.iter().enumerate() {
                        pairs.extend(ids[i + 1..].iter().map(|&b| (a.min(b), a.max(b))));
                    }
                }
                pairs
            })
            .collect()
    }
}
