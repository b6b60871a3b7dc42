//! How common each shingle is: counted over one note per document, from
//! the last run's counts where a cache kept them, so that a warm run
//! counts only the notes that changed.

use super::Carry;
use super::facts::Boilerplate;
use super::minhash::{self, Common, Tally};
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use vaultlint_model::vault::{EarlierPrint, NoteId, Vault};
use vaultlint_model::version_roots::VersionRoots;
use vaultlint_syntax::fingerprint::Fingerprint;

/// What the similarity pass needs to know of a fingerprint before it
/// counts shingles: a key that tells identical bodies apart, whether the
/// body is empty, and how many shingles its sample holds (no more than
/// the fingerprint knows).
#[derive(Debug, Clone, Copy)]
pub(super) struct Outline {
    pub key: u64,
    pub empty: bool,
    pub sample: u32,
}

impl Outline {
    fn of(print: &Fingerprint) -> Outline {
        // Shingles are hashes already, sorted: the length and a few of them
        // tell identical samples apart (all of them for a short one), at no cost.
        let step = |h: u64, s: &u32| (h.rotate_left(5) ^ u64::from(*s)).wrapping_mul(0x517c_c1b7_2722_0a95);
        let (set, size) = (print.sample(), u64::from(print.size()));
        let key = match set.len() {
            0..64 => set.iter().fold(size, step),
            n => [set[0], set[n / 3], set[n / 2], set[2 * n / 3], set[n - 1]].iter().fold(size, step),
        };
        Outline { key, empty: print.size() == 0, sample: set.len() as u32 }
    }
}

/// The [`Outline`] of each note the detector looks at (those with a
/// brief), in one pass over the fingerprints.
pub(super) fn outlines(vault: &Vault, looked_at: &[bool]) -> Vec<Option<Outline>> {
    let mut outlines = vec![None; vault.notes.len()];
    let looked_at = (0..vault.notes.len()).filter(|&id| looked_at[id]);
    vault.scan_prints(looked_at, |batch| {
        let made: Vec<(NoteId, Outline)> =
            batch.par_iter().map(|(id, print)| (*id, Outline::of(print))).collect();
        for (id, outline) in made {
            outlines[id] = Some(outline);
        }
    });
    outlines
}

/// What the last run left of the counts: the tally, and the fingerprints
/// it held of the notes read anew since or gone.
pub(super) struct Earlier<'a> {
    pub tally: Option<Tally>,
    pub prints: &'a [EarlierPrint],
}

/// The shingles common enough to be no evidence: those of the templates,
/// and those many documents share, counted once per document over the
/// `outlines` (let go of once counted). This run's tally goes to `keep`
/// when it is not the last run's.
pub(super) fn common_shingles(
    vault: &Vault,
    roots: &VersionRoots,
    outlines: Vec<Option<Outline>>,
    boilerplate: &Boilerplate,
    earlier: Earlier<'_>,
    keep: Option<&dyn Fn(Carry)>,
) -> Common {
    let counted = once_per_document(&outlines, roots);
    let (tally, changed) = tally(vault, &counted, &outlines, earlier.tally, earlier.prints);
    drop((outlines, counted));
    let mut common = tally.common();
    match keep {
        Some(keep) if changed => keep(Carry::Tally(tally)),
        _ => drop(tally),
    }
    common.mark(&boilerplate.shingles);
    common
}

/// The notes whose fingerprints count towards how common a shingle is:
/// one per document, so the copies of a page in twenty release folders,
/// or twenty identical copies anywhere, do not make the page's own text
/// boilerplate.
fn once_per_document(outlines: &[Option<Outline>], roots: &VersionRoots) -> Vec<bool> {
    let mut seen: HashSet<u64> = HashSet::with_capacity(outlines.len());
    let mut families: HashSet<(usize, &str)> = HashSet::new();
    outlines
        .iter()
        .enumerate()
        .map(|(id, outline)| {
            let Some(outline) = outline else { return false };
            match roots.family(id) {
                Some(family) => families.insert(family),
                None => outline.empty || seen.insert(outline.key),
            }
        })
        .collect()
}

/// The counts of the shingles of the `counted` notes. From the last run's
/// tally (`earlier`) when every counted note has a digest and the
/// fingerprint of each note counted then and not now can be found (among
/// the notes, or those the cache kept of the last run): its counts less
/// those notes', plus the notes counted now and not then. Counted afresh
/// otherwise. Either way the counts are the same. Says whether they are
/// other than the last run's.
fn tally(
    vault: &Vault,
    counted: &[bool],
    outlines: &[Option<Outline>],
    earlier: Option<Tally>,
    earlier_prints: &[EarlierPrint],
) -> (Tally, bool) {
    let digests: Option<Vec<u64>> = counted
        .iter()
        .zip(&vault.notes)
        .filter(|(counted, _)| **counted)
        .map(|(_, note)| note.digest)
        .collect();
    let notes = digests.map(|mut digests| {
        digests.par_sort_unstable();
        digests
    });
    let earlier = earlier.filter(Tally::is_sound);
    let updated = earlier.zip(notes.as_ref()).and_then(|(earlier, now)| {
        let (gone, came) = differences(&earlier.notes, now);
        if gone.is_empty() && came.is_empty() {
            return Some((earlier, false));
        }
        let mut tally = updated(vault, earlier, earlier_prints, gone, came)?;
        tally.notes = now.clone();
        Some((tally, true))
    });
    updated.unwrap_or_else(|| {
        let mut tally = counted_afresh(vault, counted, outlines);
        tally.notes = notes.unwrap_or_default();
        (tally, true)
    })
}

/// The `earlier` tally less the shingles of the notes `gone` and plus
/// those of the notes that `came`, by their files' digests; `None` when a
/// fingerprint cannot be found or the counts do not fit.
fn updated(
    vault: &Vault,
    earlier: Tally,
    earlier_prints: &[EarlierPrint],
    gone: Vec<u64>,
    came: Vec<u64>,
) -> Option<Tally> {
    let wanted: HashSet<u64> = gone.iter().chain(&came).copied().collect();
    // A note's fingerprint follows from its file's bytes: any note
    // with a digest serves for every note with it.
    let mut prints: HashMap<u64, Cow<Fingerprint>> = HashMap::new();
    let read = (0..vault.notes.len())
        .filter(|&id| vault.notes[id].digest.is_some_and(|d| wanted.contains(&d)))
        .filter_map(|id| Some((vault.notes[id].digest?, vault.print(id)?)));
    let kept = earlier_prints.iter().map(|(digest, print)| (*digest, Cow::Borrowed(print)));
    for (digest, print) in read.chain(kept.filter(|(digest, _)| wanted.contains(digest))) {
        prints.entry(digest).or_insert(print);
    }
    let shingles = |digests: Vec<u64>| -> Option<Vec<u32>> {
        let mut shingles = Vec::new();
        for digest in digests {
            shingles.extend(prints.get(&digest)?.known_shingles());
        }
        Some(shingles)
    };
    earlier.update(&shingles(gone)?, &shingles(came)?)
}

/// The counts of the shingles of the `counted` notes, from their
/// fingerprints, in a table sized by the `outlines`' samples.
fn counted_afresh(vault: &Vault, counted: &[bool], outlines: &[Option<Outline>]) -> Tally {
    let ids = || (0..counted.len()).filter(|&id| counted[id]);
    let at_least = ids().filter_map(|id| outlines[id]).map(|o| u64::from(o.sample)).sum();
    let counter = minhash::Counter::for_at_least(at_least, || {
        let mut total = 0;
        let count = |batch: &[(NoteId, Cow<Fingerprint>)]| {
            batch.iter().map(|(_, print)| print.known_shingles().count() as u64).sum::<u64>()
        };
        vault.scan_prints(ids(), |batch| total += count(batch));
        total
    });
    vault.scan_prints(ids(), |batch| counter.add(batch, |(_, print)| &**print));
    counter.finish()
}

/// What is in `then` and not in `now`, and what is in `now` and not in
/// `then`, of two sorted lists, repeats counted.
fn differences(then: &[u64], now: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let (mut gone, mut came) = (Vec::new(), Vec::new());
    let (mut a, mut b) = (then.iter().peekable(), now.iter().peekable());
    loop {
        match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x == y => {
                a.next();
                b.next();
            }
            (Some(x), Some(y)) if x < y => gone.extend(a.next()),
            (Some(_), Some(_)) | (None, Some(_)) => came.extend(b.next()),
            (Some(_), None) => gone.extend(a.next()),
            (None, None) => return (gone, came),
        }
    }
}
