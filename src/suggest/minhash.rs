//! Finding notes with much text in common without comparing every pair:
//! shingles common to many notes are set aside, each note gets a MinHash
//! signature (one permutation, densified), and LSH banding turns equal
//! bands into candidate pairs.

use crate::fingerprint::mix;
use rayon::prelude::*;

/// Signature length. With bands of two rows, a pair sharing 30% of its
/// shingles becomes a candidate with probability 0.998, 50%: 1 - 1e-8.
pub const BINS: usize = 128;
const ROWS: usize = 2;
const BANDS: usize = BINS / ROWS;
/// A shingle in at least this many notes is boilerplate (a template's
/// headings, a footer, a disclaimer), not evidence that two notes are one
/// document. Chosen so that a document's few versions stay below it.
pub const COMMON_NOTES: u32 = 5;
/// A band shared by more notes than this is boilerplate too; its pairs are
/// not enumerated, which keeps the candidate count linear.
const MAX_BUCKET: usize = 64;

pub type Signature = [u32; BINS];

/// Approximate document frequencies of shingles: a table of saturating
/// counters indexed by shingle hash. The table is capped so that it stays
/// in cache (the pass is bound by memory latency otherwise); where the cap
/// makes collisions likely, the threshold is raised by the collision noise
/// a counter can be expected to carry, so a rare shingle is not mistaken
/// for boilerplate.
pub struct Common {
    counts: Vec<u8>,
    mask: u32,
    threshold: u32,
}

/// Counters in the table at most: 8 MiB.
const MAX_BUCKETS: usize = 1 << 23;

impl Common {
    /// Counts, for each shingle, how many of the `sets` hold it.
    pub fn build(sets: &[&[u32]]) -> Common {
        let total: usize = sets.iter().map(|s| s.len()).sum();
        let buckets = total.saturating_mul(1024).next_power_of_two().clamp(1 << 16, MAX_BUCKETS);
        let threshold = COMMON_NOTES + noise_bound(total as f64 / buckets as f64, 2e-3);
        let mask = (buckets - 1) as u32;
        // One private table per thread's share of the notes, then summed.
        let share = sets.len().div_ceil(rayon::current_num_threads().max(1)).max(1);
        let counts = sets
            .par_chunks(share)
            .map(|chunk| {
                let mut counts = zeroed(buckets);
                for set in chunk {
                    for &h in *set {
                        let c = &mut counts[(h & mask) as usize];
                        *c = c.saturating_add(1);
                    }
                }
                counts
            })
            .reduce_with(|mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x = x.saturating_add(y));
                a
            })
            .unwrap_or_else(|| zeroed(buckets));
        Common { counts, mask, threshold }
    }

    /// Counts `shingles` as common whatever their frequency: text a
    /// template gives every note made from it.
    pub fn mark(&mut self, shingles: &[u32]) {
        for &h in shingles {
            self.counts[(h & self.mask) as usize] = u8::MAX;
        }
    }

    pub fn is_common(&self, shingle: u32) -> bool {
        u32::from(self.counts[(shingle & self.mask) as usize]) >= self.threshold
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

/// The one-permutation MinHash of the shingles `keep` accepts, `None`
/// when there are none. Shingle hashes are already uniform, so the top
/// bits pick the bin and the whole hash is the value. Empty bins borrow
/// from a filled one picked by a fixed probe sequence (optimal
/// densification), so short notes still get whole signatures.
pub fn signature(shingles: &[u32], keep: impl Fn(u32) -> bool) -> Option<Box<Signature>> {
    let mut sig = Box::new([u32::MAX; BINS]);
    let mut filled = [false; BINS];
    let mut any = false;
    for &s in shingles {
        if !keep(s) {
            continue;
        }
        let bin = (s >> (32 - BINS.trailing_zeros())) as usize;
        if !filled[bin] || s < sig[bin] {
            sig[bin] = s;
            filled[bin] = true;
            any = true;
        }
    }
    if !any {
        return None;
    }
    for bin in 0..BINS {
        if filled[bin] {
            continue;
        }
        let mut attempt = 0u64;
        let from = loop {
            attempt += 1;
            let probe = (mix(((bin as u64) << 32) | attempt) % BINS as u64) as usize;
            if filled[probe] {
                break probe;
            }
        };
        sig[bin] = sig[from];
    }
    Some(sig)
}

/// Pairs `(a, b)`, `a < b`, of indices into `signatures` that share at
/// least one band: sorted, without repeats.
pub fn candidates(signatures: &[Option<Box<Signature>>]) -> Vec<(u32, u32)> {
    let mut pairs: Vec<(u32, u32)> = (0..BANDS)
        .into_par_iter()
        .flat_map_iter(|band| {
            let mut keys: Vec<(u64, u32)> = signatures
                .iter()
                .enumerate()
                .filter_map(|(i, sig)| {
                    let sig = sig.as_ref()?;
                    let rows = &sig[band * ROWS..(band + 1) * ROWS];
                    let key =
                        rows.iter().fold(band as u64, |acc, &r| mix(acc ^ u64::from(r)).rotate_left(13));
                    Some((key, i as u32))
                })
                .collect();
            keys.sort_unstable();
            let mut out = Vec::new();
            for bucket in keys.chunk_by(|a, b| a.0 == b.0) {
                if bucket.len() < 2 || bucket.len() > MAX_BUCKET {
                    continue;
                }
                for (x, &(_, a)) in bucket.iter().enumerate() {
                    for &(_, b) in &bucket[x + 1..] {
                        out.push((a, b));
                    }
                }
            }
            out
        })
        .collect();
    pairs.par_sort_unstable();
    pairs.dedup();
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similar_sets_collide() {
        let spread = |r: std::ops::Range<u64>| -> Vec<u32> {
            let mut v: Vec<u32> = r.map(|x| (mix(x) >> 32) as u32).collect();
            v.sort_unstable();
            v
        };
        let (a, b, c) = (spread(0..400), spread(100..500), spread(10_000..10_400));
        let all = |_| true;
        let sigs = vec![signature(&a, all), signature(&b, all), signature(&c, all), signature(&[], all)];
        assert!(signature(&a, |_| false).is_none());
        assert_eq!(candidates(&sigs), vec![(0, 1)]);
    }

    #[test]
    fn common_shingles() {
        let template: Vec<u32> = (0..50).collect();
        let mut sets: Vec<Vec<u32>> =
            (0..8u32).map(|i| (0..50).chain(1000 * (i + 1)..1000 * (i + 1) + 20).collect()).collect();
        sets.push(template);
        let common = Common::build(&sets.iter().map(Vec::as_slice).collect::<Vec<_>>());
        assert!(common.is_common(7));
        assert!(!common.is_common(1005));
        assert_eq!(noise_bound(0.0001, 2e-3), 0);
        assert!(noise_bound(1.0, 2e-3) >= 4);
    }
}
