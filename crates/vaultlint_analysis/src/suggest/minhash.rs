//! Finding notes with much text in common without comparing every pair:
//! LSH banding of the notes' MinHash signatures turns equal bands into
//! candidate pairs, and shingles common to many notes are counted so
//! that scoring can set them aside.

use rayon::iter::Either;
use rayon::prelude::*;
use vaultlint_syntax::fingerprint::{BINS, Signature, mix};

/// With bands of two rows, a pair sharing 30% of its shingles becomes a
/// candidate with probability 0.998, 50%: 1 - 1e-8.
const ROWS: usize = 2;
const BANDS: usize = BINS / ROWS;
/// A shingle in at least this many notes is boilerplate (a template's
/// headings, a footer, a disclaimer), not evidence that two notes are one
/// document. Chosen so that a document's few versions stay below it.
pub const COMMON_NOTES: u32 = 5;
/// A band shared by more notes than this is boilerplate too; its pairs are
/// not enumerated, which keeps the candidate count linear.
const MAX_BUCKET: usize = 64;

/// Whether shingles are common, by their counters: a bit each. Once
/// counted, only whether each counter reached the threshold is kept, an
/// eighth of the memory, more of which stays in cache for the lookups of
/// banding and scoring.
pub struct Common {
    bits: Vec<u64>,
    mask: u32,
    threshold: u32,
}

/// Counters in the table at most: 8 MiB.
const MAX_BUCKETS: usize = 1 << 23;

/// Approximate document frequencies of shingles: a table of counters
/// indexed by shingle hash. The table is capped so that it stays in cache
/// (the pass is bound by memory latency otherwise); where the cap makes
/// collisions likely, the threshold is raised by the collision noise a
/// counter can be expected to carry, so a rare shingle is not mistaken for
/// boilerplate.
///
/// A counter is a byte; the few that pass `u8::MAX` (a footer's shingles,
/// in thousands of notes) hold `u8::MAX` and their exact counts are kept
/// beside, so that the next run with a cache can take the notes that
/// changed out of the counts and put their new versions in, instead of
/// counting every note again. Which notes were counted is kept as the
/// digests of their files, from which their fingerprints follow.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    #[serde(with = "stored_counts")]
    counts: Vec<u8>,
    /// The exact counts of the counters past `u8::MAX`, by counter.
    over: Vec<(u32, u32)>,
    /// Shingles counted in all.
    total: u64,
    /// The digests of the counted notes' files, sorted, when every one
    /// has a digest; empty otherwise.
    pub notes: Vec<u64>,
}

/// The counters as the cache keeps them. A table has about a thousand
/// counters a shingle, up to its cap, so most of a vault's table is zeros:
/// kept byte for byte, it made the cache of a small vault 8 MB, larger
/// than the vault. Such a table is kept as each counter that is not zero,
/// after the run of zeros before it; a table full enough that this would
/// be longer is kept as it is.
mod stored_counts {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize)]
    enum Out<'a> {
        Dense(#[serde(with = "vaultlint_core::serial::bytes")] &'a [u8]),
        Sparse { len: u32, set: Vec<(u32, u8)> },
    }

    #[derive(Deserialize)]
    enum In {
        Dense(#[serde(with = "vaultlint_core::serial::bytes")] Vec<u8>),
        Sparse { len: u32, set: Vec<(u32, u8)> },
    }

    /// Bytes of `n` as a variable-length integer, as the cache writes it.
    fn varint_len(n: u32) -> usize {
        (32 - n.leading_zeros() as usize).div_ceil(7).max(1)
    }

    pub fn serialize<S: Serializer>(counts: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        let mut set = Vec::new();
        let mut after = 0usize;
        for (at, &count) in counts.iter().enumerate().filter(|(_, c)| **c != 0) {
            set.push(((at - after) as u32, count));
            after = at + 1;
        }
        let sparse: usize = set.iter().map(|&(gap, _)| varint_len(gap) + 1).sum();
        match u32::try_from(counts.len()) {
            Ok(len) if sparse < counts.len() => Out::Sparse { len, set }.serialize(serializer),
            _ => Out::Dense(counts).serialize(serializer),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let (len, set) = match In::deserialize(deserializer)? {
            In::Dense(counts) => return Ok(counts),
            In::Sparse { len, set } => (len as usize, set),
        };
        // A length past the largest table is a damaged file, not a table
        // to allocate.
        if len > super::MAX_BUCKETS {
            return Err(serde::de::Error::custom("a tally longer than any table"));
        }
        let mut counts = vec![0u8; len];
        let mut at = 0usize;
        for (gap, count) in set {
            at = at.saturating_add(gap as usize);
            *counts
                .get_mut(at)
                .ok_or_else(|| serde::de::Error::custom("a counter past the table's end"))? = count;
            at += 1;
        }
        Ok(counts)
    }
}

/// What a share of the notes counted: the counters, what counters past
/// `u8::MAX` counted beyond it, and how many shingles in all.
struct Share {
    counts: Vec<u8>,
    /// Each counted shingle that found its counter full, not yet settled
    /// into `past`.
    beyond: Vec<u32>,
    /// By counter, sorted, how many shingles it counted beyond `u8::MAX`.
    past: Vec<(u32, u32)>,
    total: u64,
}

/// Shingles past a full counter held before they are settled: a footer
/// every note has counts once a note beyond the counter, and at a million
/// notes, held one by one, those took 200 MB.
const SETTLE_AT: usize = 1 << 20;

impl Share {
    fn empty(buckets: usize) -> Share {
        Share { counts: zeroed(buckets), beyond: Vec::new(), past: Vec::new(), total: 0 }
    }

    /// Adds `other` into `self`: where two counters add up past
    /// `u8::MAX`, the rest is counted in `past`.
    fn add(mut self, other: Share) -> Share {
        let mut overflow = Vec::new();
        for (at, (x, y)) in self.counts.chunks_mut(64).zip(other.counts.chunks(64)).enumerate() {
            // Added as bytes, saturating, in one pass; only a chunk with a
            // counter past the top is gone over again, counter by counter.
            let past = x.iter().zip(y).fold(false, |p, (&a, &b)| p | (a > u8::MAX - b));
            if past {
                for (i, (a, &b)) in x.iter_mut().zip(y).enumerate() {
                    let extra = (u32::from(*a) + u32::from(b)).saturating_sub(u32::from(u8::MAX));
                    if extra > 0 {
                        overflow.push(((at * 64 + i) as u32, extra));
                    }
                }
            }
            x.iter_mut().zip(y).for_each(|(a, &b)| *a = a.saturating_add(b));
        }
        self.past = merge(&merge(&self.past, &overflow), &other.past);
        self.beyond.extend(other.beyond);
        settle(&mut self.beyond, &mut self.past);
        self.total += other.total;
        self
    }
}

/// Counts the shingles of `beyond` into `past`, emptying it.
fn settle(beyond: &mut Vec<u32>, past: &mut Vec<(u32, u32)>) {
    beyond.sort_unstable();
    let runs: Vec<(u32, u32)> =
        beyond.chunk_by(|a, b| a == b).map(|run| (run[0], run.len() as u32)).collect();
    *past = merge(past, &runs);
    beyond.clear();
}

/// Two lists of counts by counter, sorted, added into one.
fn merge(a: &[(u32, u32)], b: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut a, mut b) = (a.iter().peekable(), b.iter().peekable());
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x.0 == y.0 => (x.0, x.1.saturating_add(y.1)),
            (Some(x), Some(y)) if x.0 < y.0 => **x,
            (Some(_), Some(y)) | (None, Some(y)) => **y,
            (Some(x), None) => **x,
            (None, None) => return out,
        };
        if a.peek().is_some_and(|x| x.0 == next.0) {
            a.next();
        }
        if b.peek().is_some_and(|y| y.0 == next.0) {
            b.next();
        }
        out.push(next);
    }
}

/// What has shingles to count.
pub trait Shingled: Sync {
    /// Calls `each` with every shingle, once each.
    fn shingles(&self, each: impl FnMut(u32));
}

impl Shingled for vaultlint_syntax::fingerprint::Fingerprint {
    fn shingles(&self, each: impl FnMut(u32)) {
        // Driven from inside (`for_each`), the nested iterators of the
        // shingles run as plain loops; a `for` loop over them asks each
        // layer for every item.
        self.known_shingles().for_each(each);
    }
}

/// Counts, for each shingle, how many notes hold it, the notes given a
/// batch at a time: one private table for each thread, summed at the end.
pub struct Counter {
    mask: u32,
    shares: Vec<std::sync::Mutex<Share>>,
}

impl Counter {
    /// A counter for `total` shingles in all, which sets the table's size.
    pub fn new(total: u64) -> Counter {
        let buckets = buckets_for(total);
        let threads = rayon::current_num_threads().max(1);
        let shares = (0..threads).map(|_| std::sync::Mutex::new(Share::empty(buckets))).collect();
        Counter { mask: (buckets - 1) as u32, shares }
    }

    /// A counter for at least `at_least` shingles: `total` counts them all
    /// only when so few do not settle the table's size (a small vault).
    pub fn for_at_least(at_least: u64, total: impl FnOnce() -> u64) -> Counter {
        match buckets_for(at_least) {
            MAX_BUCKETS => Counter::new(at_least),
            _ => Counter::new(total()),
        }
    }

    /// Counts the shingles of what `of` gives for each of `notes`.
    pub fn add<T: Sync, S: Shingled + ?Sized>(&self, notes: &[T], of: impl Fn(&T) -> &S + Sync) {
        let size = notes.len().div_ceil(self.shares.len()).max(1);
        notes.par_chunks(size).zip(&self.shares).for_each(|(chunk, share)| {
            let mut share = share.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let Share { counts, beyond, past, total } = &mut *share;
            chunk.iter().for_each(|note| {
                of(note).shingles(|h| {
                    let at = h & self.mask;
                    let c = &mut counts[at as usize];
                    if *c == u8::MAX {
                        beyond.push(at);
                        if beyond.len() >= SETTLE_AT {
                            settle(beyond, past);
                        }
                    } else {
                        *c += 1;
                    }
                    *total += 1;
                })
            });
        });
    }

    pub fn finish(self) -> Tally {
        let shares = self
            .shares
            .into_iter()
            .map(|s| s.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner));
        let Share { counts, mut beyond, mut past, total } =
            shares.reduce(Share::add).expect("a share at least");
        debug_assert_eq!(counts.len(), buckets_for(total));
        settle(&mut beyond, &mut past);
        let over = past.into_iter().map(|(at, n)| (at, u32::from(u8::MAX).saturating_add(n))).collect();
        Tally { counts, over, total, notes: Vec::new() }
    }
}

impl Tally {
    /// Takes the shingles `gone` out of the counts and puts `came` in: the
    /// counts of the notes that changed since, as they were and as they
    /// are. `None` when a count would fall below zero (the tally was not of
    /// those notes) or the table's size no longer fits the total.
    pub fn update(mut self, gone: &[u32], came: &[u32]) -> Option<Tally> {
        let total = (self.total + came.len() as u64).checked_sub(gone.len() as u64)?;
        if buckets_for(total) != self.counts.len() {
            return None;
        }
        let mask = (self.counts.len() - 1) as u32;
        let full = u32::from(u8::MAX);
        let mut over: std::collections::HashMap<u32, u32> = self.over.iter().copied().collect();
        for &h in came {
            let at = h & mask;
            let c = &mut self.counts[at as usize];
            if *c == u8::MAX {
                *over.entry(at).or_insert(full) += 1;
            } else {
                *c += 1;
            }
        }
        for &h in gone {
            let at = h & mask;
            let c = &mut self.counts[at as usize];
            if *c == u8::MAX {
                let exact = over.remove(&at).unwrap_or(full) - 1;
                match u8::try_from(exact) {
                    Ok(below) => *c = below,
                    Err(_) => _ = over.insert(at, exact),
                }
            } else {
                *c = c.checked_sub(1)?;
            }
        }
        // As counting leaves them: a counter at `u8::MAX` is kept beside
        // only when it holds more.
        self.over = over.into_iter().filter(|&(_, n)| n > full).collect();
        self.over.sort_unstable();
        self.total = total;
        Some(self)
    }

    /// Whether the tally is one counting could have made: a table of the
    /// size its total gives, counters past `u8::MAX` that are full, each
    /// once and in order, and the notes' digests sorted. One read back
    /// from a file that is not (damaged, or crafted with a right
    /// checksum) is not to be used: its indexes could lie past the table.
    pub fn is_sound(&self) -> bool {
        let full = u32::from(u8::MAX);
        self.counts.len() == buckets_for(self.total)
            && self.over.is_sorted_by(|a, b| a.0 < b.0)
            && self.over.iter().all(|&(at, n)| n > full && self.counts.get(at as usize) == Some(&u8::MAX))
            && self.notes.is_sorted()
    }

    /// Which shingles the counts make common.
    pub fn common(&self) -> Common {
        let buckets = self.counts.len();
        let threshold = COMMON_NOTES + noise_bound(self.total as f64 / buckets as f64, 2e-3);
        let reached = |counts: &[u8]| {
            counts.iter().enumerate().fold(0u64, |w, (i, &c)| w | u64::from(u32::from(c) >= threshold) << i)
        };
        let bits = self.counts.par_chunks(64).map(reached).collect();
        Common { bits, mask: (buckets - 1) as u32, threshold }
    }
}

/// The size of the table for `total` shingles.
fn buckets_for(total: u64) -> usize {
    (total.saturating_mul(1024).min(MAX_BUCKETS as u64) as usize)
        .next_power_of_two()
        .clamp(1 << 16, MAX_BUCKETS)
}

impl Common {
    /// No shingle common.
    pub fn none() -> Common {
        Common { bits: vec![0], mask: 63, threshold: COMMON_NOTES }
    }

    /// Counts `shingles` as common whatever their frequency: text a
    /// template gives every note made from it. (Their counters are set to
    /// the most a counter holds.)
    pub fn mark(&mut self, shingles: &[u32]) {
        if u32::from(u8::MAX) < self.threshold {
            return;
        }
        for &h in shingles {
            let at = (h & self.mask) as usize;
            self.bits[at / 64] |= 1 << (at % 64);
        }
    }

    /// Tells one set of common shingles from another.
    pub fn digest(&self) -> u64 {
        // A word at a time: byte by byte, this was most of the candidate
        // search of a warm run.
        let mut bytes = Vec::with_capacity(self.bits.len() * 8 + 8);
        self.bits.iter().for_each(|w| bytes.extend_from_slice(&w.to_le_bytes()));
        bytes.extend_from_slice(&self.mask.to_le_bytes());
        bytes.extend_from_slice(&self.threshold.to_le_bytes());
        vaultlint_syntax::note::digest(&bytes)
    }

    pub fn is_common(&self, shingle: u32) -> bool {
        let at = (shingle & self.mask) as usize;
        self.bits[at / 64] >> (at % 64) & 1 != 0
    }
}

/// A table of zeros, written rather than taken zeroed from the allocator:
/// the counters are read before they are written, and reading fresh zero
/// pages then writing them costs a copy-on-write fault and a TLB flush on
/// every core for each page, which dominated the pass.
#[allow(clippy::slow_vector_initialization)] // The slowness is the point; see above.
fn zeroed(len: usize) -> Vec<u8> {
    let mut table = Vec::with_capacity(len);
    table.resize(len, 0);
    table
}

/// How much collision noise a counter can carry: the largest `k` with
/// P(X >= k) >= `p` for X ~ Poisson(`lambda`), 0 when even one collision is rarer.
fn noise_bound(lambda: f64, p: f64) -> u32 {
    let mut k: u32 = 0;
    let mut term = (-lambda).exp();
    let mut below = 0.0;
    while 1.0 - below >= p && k < 255 {
        below += term;
        k += 1;
        term *= lambda / f64::from(k);
    }
    k.saturating_sub(1)
}

/// What takes the signatures of a batch of notes, by note.
pub type Each<'a> = &'a mut dyn FnMut(&[(usize, &Signature)]);

/// Bands keyed in one pass over the signatures: 8 MB of keys at 100,000
/// notes, 64 MB at a million.
const BANDS_A_PASS: usize = 8;

/// A pass sorts its keys into a second buffer, faster than in place, while
/// they take no more than this (up to about 260,000 notes); a larger
/// vault's are sorted in place, which holds half the memory.
const BUFFERED_KEYS: usize = 16 << 20;

/// Pairs `(a, b)`, `a < b`, of the `notes` that share at least one band of
/// their signatures: sorted, without repeats. `scan` calls its argument
/// with every note's signature (by note), a batch at a time, as often as
/// it is called. Signatures are made as each note is read, before
/// anything is counted, so they hold boilerplate too: a band with a
/// `common` shingle in it pairs nobody.
pub fn candidates(notes: usize, scan: impl Fn(Each), common: &Common) -> Found {
    // A pass over the signatures keys a few bands and sorts those keys, so
    // that notes sharing a band's key are side by side. A key holds the
    // band (mixed into its hash, so one band's buckets never mix with
    // another's) and the note's index in one word: half the memory of a
    // pair of them, which at a million notes is a quarter of a gigabyte.
    // Two keys alike in all but the bits the index takes share a bucket:
    // at a million notes that happens a few times in all, each scoring a
    // few extra pairs (or, were both buckets large, leaving a band's pairs
    // out; a pair of versions shares many bands).
    let id_bits = usize::BITS - notes.leading_zeros();
    let buffered = notes * BANDS_A_PASS * 8 <= BUFFERED_KEYS;
    let (mut keys, mut sorted): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let mut crowded: Vec<u32> = Vec::new();
    for first in (0..BANDS).step_by(BANDS_A_PASS) {
        let bands = first..(first + BANDS_A_PASS).min(BANDS);
        let width = bands.len();
        // A slot per note and band, note by note. A note without a
        // signature, and a band with a common shingle in it (asked of every
        // band: a bit table's lookups), keep `u64::MAX`, which no slot is
        // (an index never has all its bits set), so those sort last and
        // are cut off.
        keys.clear();
        keys.resize(notes * width, u64::MAX);
        // Each batch's notes, in order, fill their own slots: the slots are
        // cut into runs of notes, filled in parallel.
        let run = notes.div_ceil(rayon::current_num_threads() * 8).max(1024);
        scan(&mut |batch| {
            // In note order already when each note holds its signature.
            let batch = match batch.is_sorted_by_key(|&(id, _)| id) {
                true => std::borrow::Cow::Borrowed(batch),
                false => {
                    let mut batch = batch.to_vec();
                    batch.sort_unstable_by_key(|&(id, _)| id);
                    std::borrow::Cow::Owned(batch)
                }
            };
            keys.par_chunks_mut(run * width).enumerate().for_each(|(at, slots)| {
                let from = batch.partition_point(|&(id, _)| id < at * run);
                let to = batch.partition_point(|&(id, _)| id < (at + 1) * run);
                for &(id, signature) in &batch[from..to] {
                    let mine = &mut slots[(id - at * run) * width..(id - at * run + 1) * width];
                    for (slot, band) in mine.iter_mut().zip(bands.clone()) {
                        let rows = &signature[band * ROWS..(band + 1) * ROWS];
                        if !rows.iter().any(|&r| common.is_common(r)) {
                            *slot = band_key(rows, band) << id_bits | id as u64;
                        }
                    }
                }
            });
        });
        let sorted = if buffered {
            sort_hashes(&keys, &mut sorted);
            &sorted
        } else {
            keys.par_sort_unstable();
            &keys
        };
        let (found, full) = pairs_by_bucket(sorted, id_bits);
        pairs.extend(found);
        crowded.extend(full);
    }
    drop((keys, sorted));
    pairs.par_sort_unstable();
    pairs.dedup();
    crowded.par_sort_unstable();
    crowded.dedup();
    Found { pairs, crowded }
}

/// The pairs of the notes that share a bucket of the `sorted` keys (whose
/// low `id_bits` hold the note), and the notes of buckets too full to pair.
/// A full bucket is rare (it takes copies of one text counted once, as
/// pages of one set of roots are); its notes are kept for
/// `Banded::update`. Keys of `u64::MAX` are empty slots, sorted last.
fn pairs_by_bucket(sorted: &[u64], id_bits: u32) -> (Vec<(u32, u32)>, Vec<u32>) {
    let id_mask = (1u64 << id_bits) - 1;
    let filled = sorted.partition_point(|&k| k != u64::MAX);
    sorted[..filled]
        .par_chunk_by(|a, b| a >> id_bits == b >> id_bits)
        .filter(|bucket| bucket.len() >= 2)
        .flat_map_iter(|bucket| {
            let ids: Vec<u32> = bucket.iter().map(|&k| (k & id_mask) as u32).collect();
            match ids.len() > MAX_BUCKET {
                true => ids.into_iter().map(Either::Right).collect(),
                false => pairs_in(&ids).map(Either::Left).collect::<Vec<_>>(),
            }
        })
        .partition_map(|found| found)
}

/// Every pair `(a, b)`, `a < b`, of the notes of a bucket.
fn pairs_in(ids: &[u32]) -> impl Iterator<Item = (u32, u32)> + '_ {
    ids.iter().enumerate().flat_map(|(x, &a)| ids[x + 1..].iter().map(move |&b| (a.min(b), a.max(b))))
}

/// What banding found: the candidate pairs, and the notes in a band
/// shared by too many notes to pair any of them.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Sorted, without repeats.
    pub pairs: Vec<(u32, u32)>,
    /// Sorted, without repeats.
    pub crowded: Vec<u32>,
}

/// What banding found in a run, with what it followed from, kept for the
/// next run, which then bands only the notes changed since.
///
/// A pair of notes neither of which changed shares the bands it shared,
/// so it is still a candidate, and no other pair of them is one. That
/// holds while the notes are the same files in the same order (the pairs
/// name them by index), and the same shingles are common (a band with a
/// common shingle pairs nobody). It fails only where a band's bucket
/// crosses the most a bucket holds: a changed note joining or leaving a
/// bucket that full unpairs or pairs notes that did not change. Those
/// runs band every note again.
///
/// The changed notes' bands are matched by their rows, where banding
/// matches a hash of them that is cut short to make room for the note's
/// index: the two differ only where two bands' hashes collide, a few
/// times in all at a million notes (see [`candidates`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Banded {
    /// A digest of the notes' paths, in order.
    notes: u64,
    /// [`Common::digest`] of the shingles common then.
    common: u64,
    /// By note, what its signature followed from: the digest of its file,
    /// or 0 when it was not banded.
    sources: Vec<u64>,
    found: (Vec<(u32, u32)>, Vec<u32>),
}

/// More notes changed than this share of them are banded afresh: at a
/// sixteenth, finding the changed notes' matches costs about what banding
/// every note does.
const CHANGED_SHARE: usize = 16;

impl Banded {
    /// `found` as found among notes whose paths have the digest `notes`,
    /// banded with `common`, each note's signature following from its
    /// entry in `sources`.
    pub fn new(notes: u64, sources: Vec<u64>, common: &Common, found: Found) -> Banded {
        Banded { notes, common: common.digest(), sources, found: (found.pairs, found.crowded) }
    }

    /// Whether what it holds could have been found among `notes` notes:
    /// each pair `(a, b)` of two of them with `a < b`, the pairs and the
    /// crowded notes sorted without repeats, and a source for each note.
    /// One read back from a file that is not (damaged, or crafted with a
    /// right checksum) is not to be used: its indexes could lie past the
    /// vault's end.
    pub fn is_sound(&self, notes: usize) -> bool {
        let (pairs, crowded) = &self.found;
        let inside = |id: u32| (id as usize) < notes;
        self.sources.len() == notes
            && pairs.iter().all(|&(a, b)| a < b && inside(b))
            && pairs.is_sorted_by(|x, y| x < y)
            && crowded.iter().all(|&id| inside(id))
            && crowded.is_sorted_by(|x, y| x < y)
    }

    /// Tells what one run found, and from what, from what another did.
    pub fn digest(&self) -> u64 {
        let mut digest = xxhash_rust::xxh3::Xxh3Default::new();
        digest.update(&self.notes.to_le_bytes());
        digest.update(&self.common.to_le_bytes());
        self.sources.iter().for_each(|s| digest.update(&s.to_le_bytes()));
        self.found
            .0
            .iter()
            .for_each(|(a, b)| digest.update(&(u64::from(*a) << 32 | u64::from(*b)).to_le_bytes()));
        self.found.1.iter().for_each(|id| digest.update(&id.to_le_bytes()));
        digest.digest()
    }

    /// What banding finds now, from what it found then, when the notes are
    /// the same files and few of them changed: `sources` as in
    /// [`Banded::new`], `scan` as for [`candidates`], and `signature`
    /// gives a changed note's signature. `None` when every note must be
    /// banded again.
    pub fn update(
        &self,
        notes: u64,
        sources: &[u64],
        common: &Common,
        scan: impl Fn(Each),
        signature: impl Fn(u32) -> Option<Signature>,
    ) -> Option<Found> {
        let (pairs, crowded) = &self.found;
        if self.notes != notes || self.common != common.digest() || !self.is_sound(sources.len()) {
            return None;
        }
        let changed: Vec<u32> =
            (0..sources.len()).filter(|&i| self.sources[i] != sources[i]).map(|i| i as u32).collect();
        let is_changed = |id: u32| changed.binary_search(&id).is_ok();
        if changed.len() * CHANGED_SHARE > sources.len()
            || changed.iter().any(|c| crowded.binary_search(c).is_ok())
        {
            return None;
        }
        // The bands of the changed notes now, by band, sorted by rows.
        let mut wanted: Vec<Vec<(u64, u32)>> = vec![Vec::new(); BANDS];
        for &id in &changed {
            let Some(signature) = (sources[id as usize] != 0).then(|| signature(id)).flatten() else {
                continue;
            };
            for (band, rows) in signature.chunks_exact(ROWS).enumerate() {
                if !rows.iter().any(|&r| common.is_common(r)) {
                    wanted[band].push((band_rows(rows), id));
                }
            }
        }
        let banded: Vec<usize> = (0..BANDS).filter(|&band| !wanted[band].is_empty()).collect();
        for list in &mut wanted {
            list.sort_unstable();
        }
        // Every note sharing one of those bands (the changed notes
        // themselves among them), as (band, rows, note).
        let mut shared: Vec<(usize, u64, u32)> = Vec::new();
        scan(&mut |batch| {
            let found = batch.par_iter().flat_map_iter(|&(id, signature)| {
                let wanted = &wanted;
                banded.iter().filter_map(move |&band| {
                    let rows = band_rows(&signature[band * ROWS..(band + 1) * ROWS]);
                    let list = &wanted[band];
                    let at = list.partition_point(|&(r, _)| r < rows);
                    (list.get(at).is_some_and(|&(r, _)| r == rows)).then_some((band, rows, id as u32))
                })
            });
            shared.par_extend(found);
        });
        shared.par_sort_unstable();
        let mut found: Vec<(u32, u32)> =
            pairs.iter().copied().filter(|&(a, b)| !is_changed(a) && !is_changed(b)).collect();
        let mut full: Vec<u32> = crowded.clone();
        for bucket in shared.chunk_by(|x, y| (x.0, x.1) == (y.0, y.1)) {
            let ids: Vec<u32> = bucket.iter().map(|&(_, _, id)| id).collect();
            // The bucket then held the notes in it now that did not change,
            // and perhaps changed notes, none of them crowded: so when it
            // is not full now, it was not full then.
            if ids.len() <= MAX_BUCKET {
                found.extend(pairs_in(&ids).filter(|&(a, b)| is_changed(a) || is_changed(b)));
            } else if ids.iter().filter(|&&id| !is_changed(id)).count() > MAX_BUCKET {
                // Full then too: it paired nobody then either.
                full.extend(ids.into_iter().filter(|&id| is_changed(id)));
            } else {
                return None;
            }
        }
        found.par_sort_unstable();
        found.dedup();
        full.sort_unstable();
        full.dedup();
        Some(Found { pairs: found, crowded: full })
    }
}

/// A band's two rows in one word.
const _: () = assert!(ROWS == 2);
fn band_rows(rows: &[u32]) -> u64 {
    u64::from(rows[0]) << 32 | u64::from(rows[1])
}

/// `keys`, sorted, into `sorted`: placed by their top bits in one pass,
/// then each run of keys with the same top bits sorted on its own. The
/// keys are hashes, so the runs are short and about equal. In a warm run
/// at 100k notes, finding the candidate pairs took 131 ms so, against
/// 161 ms with a comparison sort of them all (mean of five runs each).
fn sort_hashes(keys: &[u64], sorted: &mut Vec<u64>) {
    // Runs of about 64 keys.
    let bits = (keys.len() / 64).max(1).ilog2().clamp(8, 16);
    let top = |key: u64| (key >> (64 - bits)) as usize;
    let mut next = vec![0usize; 1 << bits];
    for &key in keys {
        next[top(key)] += 1;
    }
    let mut start = 0;
    for at in &mut next {
        (*at, start) = (start, start + *at);
    }
    sorted.clear();
    sorted.resize(keys.len(), 0);
    for &key in keys {
        let at = &mut next[top(key)];
        sorted[*at] = key;
        *at += 1;
    }
    sorted.par_chunk_by_mut(|a, b| top(*a) == top(*b)).for_each(<[u64]>::sort_unstable);
}

/// The key of one band of a signature: its rows and its number, mixed.
fn band_key(rows: &[u32], band: usize) -> u64 {
    rows.iter().fold(band as u64, |acc, &r| mix(acc ^ u64::from(r)).rotate_left(13))
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Shingled for [u32] {
        fn shingles(&self, each: impl FnMut(u32)) {
            self.iter().copied().for_each(each);
        }
    }

    fn count(sets: &[&[u32]]) -> Tally {
        let counter = Counter::new(sets.iter().map(|s| s.len() as u64).sum());
        counter.add(sets, |set| *set);
        counter.finish()
    }

    fn candidates_of(signatures: &[Option<&Signature>], common: &Common) -> Found {
        let given: Vec<(usize, &Signature)> =
            signatures.iter().enumerate().filter_map(|(id, s)| Some((id, (*s)?))).collect();
        candidates(signatures.len(), |each| each(&given), common)
    }

    /// A table mostly of zeros is kept as its counters that are not, a
    /// full one as it is, and either reads back as it was; a kept table
    /// that claims more counters than any table has, or a counter past its
    /// end, is not read.
    #[test]
    fn counters_are_kept_by_what_is_in_them() {
        let read = |bytes: &[u8]| postcard::from_bytes::<Tally>(bytes).ok();
        let few = count(&[&[3, 9, 9, 70_000], &[9]]);
        let kept = postcard::to_stdvec(&few).unwrap();
        assert!(kept.len() < 20, "{} bytes for {} counters", kept.len(), few.counts.len());
        assert!(read(&kept) == Some(few.clone()));
        let mut full = few.clone();
        full.counts.iter_mut().enumerate().for_each(|(i, c)| *c = (i % 7) as u8 + 1);
        let kept = postcard::to_stdvec(&full).unwrap();
        assert!(kept.len() > full.counts.len() && kept.len() < full.counts.len() + 20, "kept whole");
        assert!(read(&kept) == Some(full));
        // A table as a damaged or crafted file could hold it.
        #[derive(serde::Serialize)]
        enum Counts {
            _Dense,
            Sparse { len: u32, set: Vec<(u32, u8)> },
        }
        let crafted = |len: u32, set: Vec<(u32, u8)>| {
            let (over, notes) = (Vec::<(u32, u32)>::new(), Vec::<u64>::new());
            read(&postcard::to_stdvec(&(Counts::Sparse { len, set }, over, 5u64, notes)).unwrap())
        };
        let len = few.counts.len() as u32;
        assert!(crafted(len, vec![(5, 1), (0, 2)]).is_some_and(|t| t.counts[5..7] == [1, 2]));
        assert!(crafted(len, vec![(len - 1, 1)]).is_some());
        assert!(crafted(len, vec![(len - 1, 1), (0, 1)]).is_none());
        assert!(crafted(len, vec![(len, 1)]).is_none());
        assert!(crafted(u32::MAX, vec![]).is_none());
    }

    #[test]
    fn similar_sets_collide() {
        let spread = |r: std::ops::Range<u64>| -> Vec<u32> {
            let mut v: Vec<u32> = r.map(|x| (mix(x) >> 32) as u32).collect();
            v.sort_unstable();
            v
        };
        let (a, b, c) = (spread(0..400), spread(100..500), spread(10_000..10_400));
        let sets = [&a[..], &b, &c, &[]];
        let sigs = sets.map(vaultlint_syntax::fingerprint::signature);
        assert!(sigs[3].is_none());
        let rare = count(&sets).common();
        assert_eq!(candidates_of(&sigs.each_ref().map(Option::as_ref), &rare).pairs, vec![(0, 1)]);
        // Bands of shingles common to many notes pair nobody: eight
        // copies of one text share every band, and none of them counts.
        let copies = [&a[..]; 8];
        let common = count(&copies).common();
        let sig = vaultlint_syntax::fingerprint::signature(&a);
        assert_eq!(candidates_of(&[sig.as_ref(); 8], &common), Found::default());
    }

    /// Banding carried over from an earlier run finds what banding every
    /// note again finds, or declines: over edits that move notes between
    /// documents, into and out of a band shared by more notes than a
    /// bucket holds, and into bands of common shingles.
    #[test]
    fn banding_carried_over_is_banding_again() {
        let mut state = 7u64;
        let mut next = |below: u64| {
            state = mix(state.wrapping_add(0x9e37_79b9_7f4a_7c15));
            state % below
        };
        // Note `i` of a document takes each of its rows with chance 3/4;
        // document 0 is copied into 70 notes whole (a crowded bucket).
        let doc_row = |doc: u64, row: usize| (mix(doc << 8 | row as u64) >> 40) as u32;
        let make = |doc: u64, next: &mut dyn FnMut(u64) -> u64| -> Signature {
            std::array::from_fn(|row| match doc == 0 || next(4) > 0 {
                true => doc_row(doc, row),
                false => (next(u64::MAX) >> 8) as u32 | 1 << 31,
            })
        };
        let notes = 300;
        let mut docs: Vec<u64> = (0..notes).map(|i| if i < 70 { 0 } else { 1 + next(60) }).collect();
        let mut sigs: Vec<Signature> = docs.iter().map(|&d| make(d, &mut next)).collect();
        // Rows of document 1's first bands are common, as a template's are.
        let template: Vec<u32> = (0..8).map(|row| doc_row(1, row)).collect();
        let common = count(&[&template[..]; 8]).common();
        let found = |sigs: &[Signature]| candidates_of(&sigs.iter().map(Some).collect::<Vec<_>>(), &common);
        let mut sources: Vec<u64> = (1..=notes as u64).collect();
        let mut banded = Banded::new(9, sources.clone(), &common, found(&sigs));
        let (mut carried, mut declined) = (0, 0);
        for round in 0..200 {
            for _ in 0..1 + next(3) {
                let note = next(notes as u64) as usize;
                docs[note] = match next(5) {
                    0 => 0,
                    _ => 1 + next(60),
                };
                sigs[note] = make(docs[note], &mut next);
                sources[note] = 1_000 + round * 10 + next(10);
            }
            let expected = found(&sigs);
            let given: Vec<(usize, &Signature)> = sigs.iter().enumerate().collect();
            let scan = |each: Each| each(&given);
            match banded.update(9, &sources, &common, scan, |id| Some(sigs[id as usize])) {
                Some(updated) => {
                    assert_eq!(updated, expected, "round {round}");
                    carried += 1;
                }
                None => declined += 1,
            }
            banded = Banded::new(9, sources.clone(), &common, expected);
        }
        // Both ways are taken, so each was checked.
        assert!(carried > 100 && declined > 10, "{carried} carried, {declined} declined");
        // Other notes, or other common shingles, band every note again.
        let given: Vec<(usize, &Signature)> = sigs.iter().enumerate().collect();
        assert_eq!(banded.update(8, &sources, &common, |each: Each| each(&given), |_| None), None);
        let other = count(&[&template[..4]; 8]).common();
        assert_eq!(banded.update(9, &sources, &other, |each: Each| each(&given), |_| None), None);
    }

    #[test]
    fn hashes_sort_as_a_comparison_sort_does() {
        for n in [0u64, 1, 2, 100, 5_000, 100_000] {
            // Hashes, repeats of them, and the slots left empty.
            let keys: Vec<u64> =
                (0..n).map(|i| if i % 7 == 0 { u64::MAX } else { mix(i % (n / 2 + 1)) }).collect();
            let mut sorted = Vec::new();
            sort_hashes(&keys, &mut sorted);
            let mut expected = keys.clone();
            expected.sort_unstable();
            assert_eq!(sorted, expected, "{n} keys");
        }
    }

    /// A tally taken down by the notes gone and up by the notes come is
    /// the tally of the notes now, counted afresh: counters past what a
    /// byte holds included, and counters falling back below it.
    #[test]
    fn a_tally_updated_is_the_tally_counted() {
        // Shingle 7 is in every note (past a byte's count), 8 in exactly
        // 255 of them, each note has words of its own, and shingle 9 is in
        // the notes that come.
        let note = |i: u32| -> Vec<u32> {
            let mut set: Vec<u32> = [0, 1, 2, 3, 4].map(|k| 1000 + k * 100_000 + i).to_vec();
            set.push(7);
            if i < 255 {
                set.push(8);
            }
            if i >= 1000 {
                set.push(9);
            }
            set
        };
        let count = |ids: &[u32]| {
            let sets: Vec<Vec<u32>> = ids.iter().map(|&i| note(i)).collect();
            let sets: Vec<&[u32]> = sets.iter().map(Vec::as_slice).collect();
            count(&sets)
        };
        let shingles = |ids: &[u32]| ids.iter().flat_map(|&i| note(i)).collect::<Vec<u32>>();
        let then: Vec<u32> = (0..600).collect();
        let before = count(&then);
        assert_eq!(before.over, vec![(7, 600)]);
        assert_eq!(before.counts[8], u8::MAX);
        // Gone: ten notes with shingle 8, and a hundred others; come:
        // twenty new ones. (So few that the table keeps its size.)
        let gone: Vec<u32> = (0..10).chain(500..600).collect();
        let came: Vec<u32> = (1000..1020).collect();
        let now: Vec<u32> = (10..500).chain(1000..1020).collect();
        let updated =
            before.clone().update(&shingles(&gone), &shingles(&came)).expect("the notes were counted");
        assert_eq!(updated, count(&now));
        assert_eq!((updated.counts[7], updated.counts[8], updated.counts[9]), (u8::MAX, 245, 20));
        assert_eq!(updated.over, vec![(7, 510)]);
        assert_eq!(updated.common().is_common(9), updated.common().threshold <= 20);
        // Back up again, and past a byte once more.
        let back = updated.update(&shingles(&came), &shingles(&gone)).expect("counted");
        assert_eq!(back, before);
        // A note that was never counted cannot be taken out, and a table
        // too large or too small for the total is counted afresh.
        assert_eq!(before.clone().update(&note(5000), &[]), None);
        assert_eq!(before.update(&shingles(&(0..550).collect::<Vec<u32>>()), &[]), None);
    }

    /// Shares of the notes counted apart add up as one count would.
    #[test]
    fn shares_add_past_a_byte() {
        let share = |at: usize, n: u8, beyond: Vec<u32>, past: Vec<(u32, u32)>| {
            let mut counts = vec![0u8; 128];
            counts[at] = n;
            let total = u64::from(n) + beyond.len() as u64 + past.iter().map(|p| u64::from(p.1)).sum::<u64>();
            Share { counts, total, beyond, past }
        };
        let sum = share(70, 200, vec![], vec![]).add(share(70, 100, vec![], vec![]));
        assert_eq!((sum.counts[70], sum.past, sum.total), (u8::MAX, vec![(70, 45)], 300));
        let sum =
            share(3, u8::MAX, vec![3; 5], vec![(9, 1)]).add(share(3, u8::MAX, vec![3; 2], vec![(3, 4)]));
        assert_eq!(
            (sum.counts[3], sum.beyond.len(), sum.past),
            (u8::MAX, 0, vec![(3, 5 + 2 + 4 + 255), (9, 1)])
        );
        let sum = share(3, 4, vec![], vec![]).add(share(3, 5, vec![], vec![]));
        assert_eq!((sum.counts[3], sum.past), (9, vec![]));
    }

    /// Lists of counts by counter add up, whichever holds which counter.
    #[test]
    fn counts_by_counter_merge() {
        assert_eq!(merge(&[(1, 2), (5, 1)], &[(0, 7), (5, 3), (9, 1)]), vec![(0, 7), (1, 2), (5, 4), (9, 1)]);
        assert_eq!(merge(&[], &[(4, 1)]), vec![(4, 1)]);
        let mut beyond = vec![8, 2, 8, 8];
        let mut past = vec![(2, 10), (3, 1)];
        settle(&mut beyond, &mut past);
        assert_eq!((beyond, past), (vec![], vec![(2, 11), (3, 1), (8, 3)]));
    }

    #[test]
    fn common_shingles() {
        let template: Vec<u32> = (0..50).collect();
        let mut sets: Vec<Vec<u32>> =
            (0..8u32).map(|i| (0..50).chain(1000 * (i + 1)..1000 * (i + 1) + 20).collect()).collect();
        sets.push(template);
        let common = count(&sets.iter().map(Vec::as_slice).collect::<Vec<_>>()).common();
        assert!(common.is_common(7));
        assert!(!common.is_common(1005));
        assert_eq!(noise_bound(0.0001, 2e-3), 0);
        assert!(noise_bound(1.0, 2e-3) >= 4);
    }
}
