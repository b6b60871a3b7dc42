//! Finding notes with much text in common without comparing every pair:
//! shingles common to many notes are set aside, each note gets a MinHash
//! signature (one permutation, densified), and LSH banding turns equal
//! bands into candidate pairs.

use super::fingerprint::mix;
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
/// counters indexed by hash, sized from the number of shingles so that
/// collisions rarely matter, with the threshold raised by the expected
/// collision noise where the table had to be capped.
pub struct Common {
    counts: Vec<u8>,
    mask: u64,
    threshold: u32,
}

impl Common {
    /// Counts, for each shingle, how many of the `sets` hold it.
    pub fn build(sets: &[&[u32]]) -> Common {
        let total: usize = sets.iter().map(|s| s.len()).sum();
        let buckets = (total.saturating_mul(1024)).next_power_of_two().clamp(1 << 16, 1 << 26);
        let noise = total as f64 / buckets as f64;
        let threshold = COMMON_NOTES + noise_bound(noise, 2e-3);
        let mask = buckets as u64 - 1;
        let mut counts = vec![0u8; buckets];
        // Each thread owns a slice of the table and scans every set for the
        // shingles that land in it: no locks, no atomics, no merge.
        let parts = rayon::current_num_threads().clamp(1, 16);
        let part_len = buckets.div_ceil(parts);
        counts.par_chunks_mut(part_len).enumerate().for_each(|(part, slice)| {
            let lo = (part * part_len) as u64;
            let hi = lo + slice.len() as u64;
            for set in sets {
                for &h in *set {
                    let at = mix(u64::from(h)) & mask;
                    if (lo..hi).contains(&at) {
                        let c = &mut slice[(at - lo) as usize];
                        *c = c.saturating_add(1);
                    }
                }
            }
        });
        Common { counts, mask, threshold }
    }

    pub fn is_common(&self, shingle: u32) -> bool {
        u32::from(self.counts[(mix(u64::from(shingle)) & self.mask) as usize]) >= self.threshold
    }
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

/// The one-permutation MinHash of a set of shingles, `None` when empty.
/// Empty bins borrow from a filled one picked by a fixed probe sequence
/// (optimal densification), so short notes still get whole signatures.
pub fn signature(shingles: &[u32]) -> Option<Box<Signature>> {
    if shingles.is_empty() {
        return None;
    }
    let mut sig = Box::new([u32::MAX; BINS]);
    let mut filled = [false; BINS];
    for &s in shingles {
        let h = mix(u64::from(s) ^ 0x5851_f42d_4c95_7f2d);
        let bin = (h >> 57) as usize;
        let value = h as u32;
        if !filled[bin] || value < sig[bin] {
            sig[bin] = value;
            filled[bin] = true;
        }
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
        let a: Vec<u32> = (0..400).collect();
        let b: Vec<u32> = (100..500).collect();
        let c: Vec<u32> = (10_000..10_400).collect();
        let sigs = vec![signature(&a), signature(&b), signature(&c), signature(&[])];
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
