//! The fingerprints of a large vault's notes, out of the notes, in a
//! scratch file (a vault of fewer than [`Prints::FILED_PAST`] notes keeps
//! each in its note, see [`crate::note::Print`]).
//!
//! A fingerprint is about 1.2 KB, more than all else a run keeps of a
//! note, and the similarity pass reads each one only a few times, in
//! passes over them all (counting shingles, banding signatures) and for
//! the few notes of candidate pairs. At a million notes they would be
//! 1.2 GB of memory; in a file, they are pages the system can drop and
//! read again. The file has no name (it is gone when the run ends, however
//! it ends), lives in the system's temporary folder and holds nothing but
//! hashes. Should it not be made, the prints stay in memory.

use crate::fingerprint::Fingerprint;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::sync::Mutex;

/// Where one fingerprint is among the vault's: its first word (40 bits)
/// and its length in words (24 bits), in one word, as every note keeps
/// one and every pass lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PrintAt(u64);

/// Bits of [`PrintAt`] that hold the length.
const LENGTH_BITS: u32 = 24;

impl PrintAt {
    fn new(at: u64, words: usize) -> PrintAt {
        debug_assert!(at.is_multiple_of(4));
        // A fingerprint's lists are bounded by the body it is made from
        // (at most a megabyte), far below these limits.
        let words = u64::try_from(words).ok().filter(|&w| w < 1 << LENGTH_BITS).expect("a fingerprint fits");
        assert!(at / 4 < 1 << (64 - LENGTH_BITS), "fingerprints fit in 4 TiB");
        PrintAt((at / 4) << LENGTH_BITS | words)
    }

    /// The first byte.
    fn at(self) -> u64 {
        (self.0 >> LENGTH_BITS) * 4
    }

    fn bytes(self) -> u64 {
        (self.0 & ((1 << LENGTH_BITS) - 1)) * 4
    }
}

/// The fingerprints filed by one run.
#[derive(Debug)]
pub struct Prints {
    inner: Mutex<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// The bytes not yet in the file: all of them until it is made.
    pending: Vec<u8>,
    /// The scratch file, once made, and how many bytes it holds.
    file: Option<(File, u64)>,
    /// The file is made when the prints pass this many bytes (or never,
    /// when it could not be made once).
    spill_after: usize,
}

impl Default for Prints {
    fn default() -> Prints {
        Prints::new(0)
    }
}

/// Bytes gathered before they are written to the file in one call.
const WRITE_BATCH: usize = 4 << 20;

/// Bytes read from the file in one call by [`Prints::scan`].
const READ_BATCH: u64 = 4 << 20;

impl Prints {
    /// A vault of more notes than this files their fingerprints here.
    /// Below, each note keeps its own: with one note changed, a run with
    /// the cache at 100,000 notes took 0.80 s in a build that filed them
    /// at any size, against 0.61 s before, to save 120 MB.
    pub const FILED_PAST: usize = 200_000;

    /// Whether a vault of `notes` notes is large enough to file its
    /// fingerprints.
    pub fn files_for(notes: usize) -> bool {
        notes > Prints::FILED_PAST
    }

    /// The store of a vault of `notes` notes, if it is large enough to
    /// file its fingerprints.
    pub fn for_vault(notes: usize) -> Option<Prints> {
        Prints::files_for(notes).then(Prints::default)
    }

    /// A store whose file is made past `spill_after` bytes.
    pub fn new(spill_after: usize) -> Prints {
        let inner = Inner { pending: Vec::new(), file: None, spill_after };
        Prints { inner: Mutex::new(inner) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // The store's state is whole between calls: a panic elsewhere while
        // it was held leaves nothing half done.
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Files `print`, giving where it is.
    pub fn put(&self, print: &Fingerprint) -> PrintAt {
        let words = print.words();
        let mut inner = self.lock();
        let at = inner.file.as_ref().map_or(0, |(_, len)| *len) + inner.pending.len() as u64;
        inner.pending.reserve(words.len() * 4);
        for word in words {
            inner.pending.extend_from_slice(&word.to_le_bytes());
        }
        inner.flush_past(WRITE_BATCH);
        PrintAt::new(at, words.len())
    }

    /// The fingerprint filed at `at`; `None` when it cannot be read back
    /// (the scratch file failed), which the caller takes as no fingerprint.
    pub fn get(&self, at: PrintAt) -> Option<Fingerprint> {
        let mut bytes = vec![0; at.bytes() as usize];
        self.lock().read(at.at(), &mut bytes).ok()?;
        Fingerprint::from_le_bytes(&bytes)
    }

    /// Calls `each` with the fingerprints of `filed` (in the order they
    /// were filed), a batch at a time: read from the file in long
    /// sequential reads, not one at a time.
    pub fn scan<T: Copy>(&self, filed: &[(T, PrintAt)], mut each: impl FnMut(Vec<(T, Fingerprint)>)) {
        let mut rest = filed;
        let mut bytes = Vec::new();
        while let Some(&(_, first)) = rest.first() {
            let mut end = first.at() + first.bytes();
            let mut n = 1;
            while let Some(&(_, next)) = rest.get(n) {
                let next_end = next.at() + next.bytes();
                if next.at() < end || next_end - first.at() > READ_BATCH {
                    break;
                }
                end = next_end;
                n += 1;
            }
            let (batch, later) = rest.split_at(n);
            rest = later;
            bytes.resize((end - first.at()) as usize, 0);
            let read = self.lock().read(first.at(), &mut bytes);
            let prints = batch.iter().filter_map(|&(t, at)| {
                let from = (at.at() - first.at()) as usize;
                let print = read
                    .as_ref()
                    .ok()
                    .and_then(|_| Fingerprint::from_le_bytes(&bytes[from..from + at.bytes() as usize]))?;
                Some((t, print))
            });
            each(prints.collect());
        }
    }
}

impl Inner {
    /// Writes the pending bytes to the file once there are `past` of them
    /// (making the file when they pass `spill_after`).
    fn flush_past(&mut self, past: usize) {
        if self.file.is_none() && self.pending.len() > self.spill_after {
            match tempfile::tempfile() {
                Ok(file) => self.file = Some((file, 0)),
                // Then they stay in memory, as a small vault's do.
                Err(_) => self.spill_after = usize::MAX,
            }
        }
        let Some((file, len)) = &mut self.file else { return };
        if self.pending.len() >= past {
            // A failed write leaves the bytes pending, still readable.
            if file.seek(SeekFrom::End(0)).and_then(|_| file.write_all(&self.pending)).is_ok() {
                *len += self.pending.len() as u64;
                self.pending.clear();
                self.pending.shrink_to(WRITE_BATCH * 2);
            }
        }
    }

    /// Fills `out` from byte `at` on.
    fn read(&mut self, at: u64, out: &mut [u8]) -> std::io::Result<()> {
        let in_file = self.file.as_ref().map_or(0, |(_, len)| *len);
        let end = at + out.len() as u64;
        let (from_file, from_pending) = out.split_at_mut((in_file.clamp(at, end) - at) as usize);
        if !from_file.is_empty() {
            let (file, _) = self.file.as_mut().expect("bytes in the file");
            file.seek(SeekFrom::Start(at))?;
            file.read_exact(from_file)?;
        }
        if !from_pending.is_empty() {
            let start = (at.max(in_file) - in_file) as usize;
            from_pending.copy_from_slice(&self.pending[start..start + from_pending.len()]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(n: u32) -> Fingerprint {
        let sample: Vec<u32> = (0..n).map(|i| i * 7 + n).collect();
        Fingerprint::new((n, n), 0, &sample, &[], &[n])
    }

    #[test]
    fn prints_read_back_from_memory_and_from_the_file() {
        for spill_after in [usize::MAX, 0, 1000] {
            let prints = Prints::new(spill_after);
            let filed: Vec<(u32, PrintAt)> = (0..300).map(|n| (n, prints.put(&print(n)))).collect();
            for &(n, at) in &filed {
                assert_eq!(prints.get(at), Some(print(n)), "spill after {spill_after}");
            }
            let mut scanned = Vec::new();
            prints.scan(&filed, |batch| scanned.extend(batch));
            assert_eq!(scanned, (0..300).map(|n| (n, print(n))).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_scan_reads_in_batches_of_whole_prints() {
        let prints = Prints::new(0);
        let big = Fingerprint::new((1, 1), 0, &vec![5; 300_000], &[], &[]);
        let filed: Vec<(u32, PrintAt)> = (0..9).map(|n| (n, prints.put(&big))).collect();
        let mut batches = Vec::new();
        prints.scan(&filed, |batch| batches.push(batch.len()));
        assert_eq!(batches, [3, 3, 3]);
    }
}
